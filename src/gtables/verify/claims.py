"""Claims and verdicts.

A :class:`Claim` is data plus a predicate: its name, the seed and section it comes from, its
statement in words, our reading of any garbled part, the tables it needs, and ``check(ctx)``,
which evaluates it over whole tables and returns a :class:`Result`.  The runner wraps the result
into a :class:`Verdict`.  Statuses:

* ``HOLDS``   checked on every position of the stated domain, no counterexample;
* ``FAILS``   counterexamples found (the first ones are listed: position, claimed, computed);
* ``PROVED``  holds for all positions, by a theorem that turns a finite check into a proof
              (e.g. Guy–Smith periodicity), the finite check having been run;
* ``REFUTED`` a claim about all positions shown false (used where ``PROVED`` is the alternative);
* ``OPEN``    a periodicity search that did not settle within the computed range;
* ``ERROR``   the check itself failed to run (a bug; the message says why).
"""
from __future__ import annotations

import dataclasses
from typing import Callable

import numpy as np

STATUSES = ("HOLDS", "FAILS", "PROVED", "REFUTED", "OPEN", "ERROR")
MAX_EXAMPLES = 10


@dataclasses.dataclass(frozen=True)
class Counterexample:
    position: str
    claimed: str
    computed: str


@dataclasses.dataclass(frozen=True)
class Result:
    status: str
    domain: str
    checked: int = 0
    counterexamples: tuple[Counterexample, ...] = ()
    details: str = ""
    data: dict = dataclasses.field(default_factory=dict)


@dataclasses.dataclass(frozen=True)
class Claim:
    name: str
    source: str
    statement: str
    check: Callable[["object"], Result]
    tables: tuple[str, ...] = ()
    reading: str = ""
    correction_of: str | None = None   # set for our corrected restatement of a failing claim
    convention: str = ""               # e.g. "f = 1 means P (second player wins)"


@dataclasses.dataclass(frozen=True)
class Verdict:
    name: str
    source: str
    statement: str
    status: str
    domain: str
    checked: int
    counterexamples: tuple[Counterexample, ...]
    details: str = ""
    reading: str = ""
    correction_of: str | None = None
    convention: str = ""
    seconds: float = 0.0
    data: dict = dataclasses.field(default_factory=dict)

    def summary(self) -> str:
        if self.status in ("HOLDS", "PROVED"):
            return f"{self.status} on {self.domain}"
        if self.status == "FAILS":
            n = len(self.counterexamples)
            shown = f"{n} counterexample{'s' if n != 1 else ''} shown"
            return f"FAILS ({shown}) on {self.domain}"
        return f"{self.status}: {self.domain}"

    def to_json(self) -> dict:
        d = dataclasses.asdict(self)
        d["counterexamples"] = [dataclasses.asdict(c) for c in self.counterexamples]
        return d


def compare(claimed, computed, domain: str, label: Callable[[int], str],
            show: Callable[[object], str] = str, details: str = "") -> Result:
    """Compare two equal-length arrays elementwise; ``label(i)`` names position ``i``."""
    claimed = np.asarray(claimed)
    computed = np.asarray(computed)
    if claimed.shape != computed.shape:
        raise ValueError(f"shape mismatch {claimed.shape} vs {computed.shape}")
    bad = np.flatnonzero(claimed.reshape(-1) != computed.reshape(-1))
    n = int(claimed.size)
    if bad.size == 0:
        return Result("HOLDS", domain, n, details=details)
    cl, co = claimed.reshape(-1), computed.reshape(-1)
    ex = tuple(Counterexample(label(int(i)), show(cl[i]), show(co[i])) for i in bad[:MAX_EXAMPLES])
    return Result("FAILS", domain, n, ex,
                  details=(details + " " if details else "") + f"{bad.size} of {n} positions differ")


def check_all(cases, domain: str, details: str = "", limit: int | None = MAX_EXAMPLES,
              noun: str = "cases") -> Result:
    """``cases``: iterable of ``(label, claimed, computed)``; HOLDS iff every pair is equal.
    The first ``limit`` differences are listed (``None``: every one)."""
    n, bad = 0, []
    for label, claimed, computed in cases:
        n += 1
        if claimed != computed:
            bad.append(Counterexample(str(label), str(claimed), str(computed)))
    if not bad:
        return Result("HOLDS", domain, n, details=details)
    return Result("FAILS", domain, n, tuple(bad if limit is None else bad[:limit]),
                  details=(details + " " if details else "") + f"{len(bad)} of {n} {noun} differ")
