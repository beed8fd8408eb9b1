"""What a table of canonical forms says about each id of its pool, as columns: the pool's
arrays as stored beside the values (:func:`pool_arrays`), and the per-id text a person reads
(:func:`id_columns`: value, outcome, temperature, mean, stops, birthday), indexed by the table's
ids to make one row per position.

Numbers are written as CGSuite writes them (``3/4``, ``-1``); temperatures follow its convention
(a number with denominator ``2^k`` has temperature ``-1/2^k``, an integer ``-1``).
"""
from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

import numpy as np

from .pool import Pool

DERIVED = ("birthday", "left_stop", "right_stop", "mean", "temperature")
COLUMNS = ("value", "outcome", "temperature", "mean", "left_stop", "right_stop", "birthday")


def pool_arrays(pool: Pool) -> dict[str, np.ndarray]:
    """The pool's own arrays (``nleft``, ``nright``, ``options``: what re-derives it) and the
    numbers derived per id (``birthday``; ``left_stop``, ``right_stop``, ``mean``,
    ``temperature`` as ``*_num`` / ``*_exp`` pairs, ``num / 2**exp``)."""
    out = dict(pool.arrays())
    d = pool.derived()
    out["birthday"] = d["birthday"]
    for name in DERIVED[1:]:
        out[name + "_num"], out[name + "_exp"] = d[name + "_num"], d[name + "_exp"]
    return out


def derived_hold(pool: Pool, arrays: Mapping[str, np.ndarray]) -> bool:
    """Whether the derived numbers in ``arrays`` are the ones ``pool`` derives (its whole
    thermography: as costly as deriving them)."""
    d = pool.derived()
    n = len(pool)
    for name in ("birthday",) + tuple(f"{x}_{p}" for x in DERIVED[1:] for p in ("num", "exp")):
        got = arrays.get(name)
        if got is None or got.shape != (n,) or not np.array_equal(got, d[name]):
            return False
    return True


def id_numbers(pool: Pool, name: str, derived: Mapping[str, np.ndarray] | None = None
               ) -> np.ndarray:
    """One of the derived numbers (``temperature``, ``mean``, ``left_stop``, ``right_stop``)
    of every id, as floats (exact: dyadic numbers of a short game fit a float's 53 bits)."""
    d = derived if derived is not None and name + "_num" in derived else pool.derived()
    return d[name + "_num"].astype(np.float64) / np.exp2(d[name + "_exp"].astype(np.float64))


def dyadic_text(num: int, exp: int) -> str:
    return str(Fraction(int(num), 1 << int(exp)))


def id_columns(pool: Pool, ids: np.ndarray, derived: Mapping[str, np.ndarray] | None = None
               ) -> dict[str, np.ndarray]:
    """For each id of ``ids`` (distinct), the text of :data:`COLUMNS`, as object arrays in the
    order of ``ids``; ``derived``: the pool's derived numbers when already known (else they are
    derived here)."""
    d = derived if derived is not None else pool.derived()
    out: dict[str, np.ndarray] = {c: np.empty(ids.size, dtype=object) for c in COLUMNS}
    for j, g in enumerate(ids.tolist()):
        out["value"][j] = pool.format(g)
        out["outcome"][j] = pool.outcome(g)
        out["birthday"][j] = int(d["birthday"][g])
        for name in DERIVED[1:]:
            out[name][j] = dyadic_text(d[name + "_num"][g], d[name + "_exp"][g])
    return out


def describe_id(pool: Pool, g: int) -> dict:
    """One id's value, outcome, temperature, mean, stops and birthday (numbers as text)."""
    return {"value": pool.format(g), "outcome": pool.outcome(g),
            "temperature": str(pool.temperature(g)), "mean": str(pool.mean(g)),
            "left_stop": str(pool.left_stop(g)), "right_stop": str(pool.right_stop(g)),
            "birthday": pool.birthday(g)}
