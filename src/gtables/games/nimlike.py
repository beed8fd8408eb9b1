"""Nim-like games with conditions (seed 004, 致勝密碼; SPEC §4).

``D`` heaps; a move takes ``x`` stones from one heap with ``m <= x <= n`` (the seed's Cond(1) is
``m = 1``, Cond(2) is ``1 < m < n``).  With ``norepeat=1`` (Cond(3)) ``x`` must also differ from
the amount the opponent took on the move before, from whichever heap.  Normal play: a player who
cannot move loses (with ``m > 1`` a player can be stuck before the heaps are empty).

Spec: ``nimlike:heaps=2,min=3,max=7,size=100`` (heaps 1..3, each heap 0..size; ``min`` defaults
to 1), ``norepeat=1`` for Cond(3), ``value=grundy`` for Grundy values instead of outcomes
(only without norepeat: the last amount couples the heaps, so a no-repeat game is not a sum of
independent heaps).

Positions: the heap sizes, ``25`` or ``3,4``.  With ``norepeat=1`` a position also carries the
amount the previous move took, written ``25,last=3``; ``25`` alone means ``last=0``, no previous
move (the start of a game).  Possible last amounts are 0 and ``m..min(n, size)``.  Such tables
are ranked row-major over the heaps with the last amount as the last, fastest coordinate
(:class:`~gtables.engine.spaces.TaggedBoxSpace`), so every move lowers the index.
"""
from __future__ import annotations

import functools

import numpy as np

from ..engine.game import GRUNDY, OUTCOME, Family, Rules
from ..engine.kernels import movegen
from ..engine.spaces import BoxSpace, HeapSpace
from ..engine.spaces.tagged import TaggedBoxSpace
from ..errors import GtablesError
from .specs.nimlike import GRAMMAR, MAX_AMOUNT  # noqa: F401  (the spec grammar, numba-free)


@movegen
def nimlike_moves(pos, side, params, out):
    # params: [D, extent, lo, hi, K]; hi = min(n, size); K = 0 without norepeat, else the number
    # of last-amount codes (code 0 = none, code c >= 1 = amount lo + c - 1)
    d = params[0]
    ext = params[1]
    lo = params[2]
    hi = params[3]
    k = params[4]
    if k > 0:
        box = pos // k
        code = pos - box * k
        last = 0 if code == 0 else lo + code - 1
    else:
        box = pos
        last = 0
    stride = 1
    for _ in range(d - 1):
        stride *= ext
    c = 0
    for _ in range(d):            # heap 1 (largest stride) first
        h = (box // stride) % ext
        top = hi if hi < h else h
        for x in range(lo, top + 1):
            if x == last:
                continue
            if k > 0:
                out[2 * c] = (box - x * stride) * k + (x - lo + 1)
            else:
                out[2 * c] = box - x * stride
            out[2 * c + 1] = -1
            c += 1
        stride //= ext
    return c


def build(v: dict) -> Rules:
    d, m, n, size = v["heaps"], v["min"], v["max"], v["size"]
    norepeat = v["norepeat"] == 1
    if m > n:
        raise GtablesError(f"nimlike: min={m} is larger than max={n} (a move takes min..max stones)")
    if norepeat and v["value"] == "grundy":
        raise GtablesError("nimlike: value=grundy needs norepeat=0: with norepeat the amount last "
                           "taken couples the heaps, so no-repeat games are not sums of independent "
                           "heaps; use value=outcome")
    hi = min(n, size)
    names = ["heap"] if d == 1 else [f"heap{i + 1}" for i in range(d)]
    if norepeat:
        tags = [0] + list(range(m, hi + 1))
        space = TaggedBoxSpace([size + 1] * d, tags, names=names, tag_name="last")
        k = len(tags)
    else:
        space = HeapSpace(size) if d == 1 else BoxSpace([size + 1] * d, names=names)
        k = 0
    rule = f"take {m}..{n} from one heap" + (", never the amount just taken" if norepeat else "")
    return Rules(space=space, moves=nimlike_moves,
                 move_params=np.array([d, size + 1, m, hi, k], dtype=np.int64),
                 kind=GRUNDY if v["value"] == "grundy" else OUTCOME,
                 max_options=max(1, d * (hi - m + 1)),
                 describe=f"Nim-like game on {d} heap(s) of 0..{size}: {rule} (seed 004)")


def options_ref(values: dict, position, side: int = 0) -> list[tuple]:
    """The options of a position (as ``space.unrank`` gives it: the heaps, then the amount the
    previous move took with ``norepeat=1``), in plain Python: take ``x``, ``min <= x <= max``,
    from one heap, and with ``norepeat=1`` never the amount just taken; the option then carries
    ``x`` as its last amount."""
    m, n, norepeat = values["min"], values["max"], values["norepeat"] == 1
    p = tuple(int(x) for x in position)
    heaps, last = (p[:-1], p[-1]) if norepeat else (p, 0)
    return [(heaps[:i] + (h - x,) + heaps[i + 1:] + ((x,) if norepeat else ()),)
            for i, h in enumerate(heaps) for x in range(m, min(n, h) + 1)
            if not (norepeat and x == last)]


@functools.cache
def _ref(m: int, n: int, norepeat: bool, grundy: bool, heaps: tuple, last: int) -> int:
    opts = [(heaps[:i] + (h - x,) + heaps[i + 1:], x if norepeat else 0)
            for i, h in enumerate(heaps) for x in range(m, min(n, h) + 1)
            if not (norepeat and x == last)]
    values = {_ref(m, n, norepeat, grundy, o, t) for o, t in opts}
    g = 0
    while g in values:
        g += 1
    return g if grundy else int(g > 0)


def reference(values: dict, position) -> int:
    """Brute force by recursion on (heaps, last amount): the outcome (0=P, 1=N), or the Grundy
    value with ``value=grundy``.  ``position`` is the heaps, plus the last amount with norepeat.
    Kept for ``scripts/bench_nimlike.py`` (it times it); the tests use their own solver
    (``tests/reference.py``) over :func:`options_ref`."""
    norepeat = values["norepeat"] == 1
    p = [int(x) for x in position]
    heaps, last = (tuple(p[:-1]), p[-1]) if norepeat else (tuple(p), 0)
    return _ref(values["min"], values["max"], norepeat, values["value"] == "grundy", heaps, last)



FAMILY = Family.from_grammar(
    GRAMMAR,
    summary="Nim-like games (seed 004): take min..max from one heap; norepeat=1: never the "
            "amount the opponent just took",
    build=build, example="nimlike:heaps=1,min=1,max=7,norepeat=1,size=60",
    position_help="heap sizes, e.g. 25 or 3,4; with norepeat=1 optionally the amount the "
                  "previous move took, e.g. 25,last=3 (default last=0: no previous move)",
    options_ref=options_ref)
