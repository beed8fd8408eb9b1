"""Claims and verdicts.

A :class:`Claim` is data plus a function of tables: its name, the seed and section it comes from,
its statement in words, our reading of any garbled part, the spec strings of the tables it needs
(``tables``), and ``check(tables)``.  The runner computes the declared tables first, then calls
``check`` with a read-only :class:`Tables` mapping (spec -> table, whose ``values`` is a numpy
array); a check that reads a table it did not declare is an error.  Every :class:`Result` is built
by :func:`verdict` (or its array form :func:`compare`).  The runner wraps the result into a
:class:`Verdict`.

**Corrections.**  Where a seed's printed statement or table is wrong or garbled, its text stays
verbatim as data, and our correction is separate data beside it; the corrected statement is its
own claim named ``<name of the claim it corrects>.corrected`` (optionally ``.corrected.<tag>``
when there are several), with ``correction_of`` set to that name.  Statuses:

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
from collections.abc import Callable

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
    check: Callable[[Tables], Result]
    tables: tuple[str, ...] = ()       # spec strings of every table ``check`` reads
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


def verdict(domain: str, cases=(), *, checked: int | None = None, status: str | None = None,
            details: str = "", data: dict | None = None, limit: int | None = MAX_EXAMPLES,
            noun: str = "cases", differing: int | None = None) -> Result:
    """The one way to build a :class:`Result`.

    ``cases``: iterable of ``(label, claimed, computed)``; a case is a counterexample when
    ``claimed != computed`` (a :class:`Counterexample` in ``cases`` is one as it stands).
    ``checked`` (default: the number of cases) is how many positions or
    cases were examined, and ``differing`` how many differ, for callers that pass only (the first)
    counterexamples.  ``status`` is for the
    verdicts a comparison cannot give (``PROVED``, ``REFUTED``, ``OPEN``); by default the verdict
    is ``HOLDS`` with no counterexample and ``FAILS`` otherwise.  The first ``limit`` differences
    are listed (``None``: every one).
    """
    n, bad = 0, []
    for case in cases:
        n += 1
        if isinstance(case, Counterexample):   # already known to differ
            bad.append(case)
            continue
        label, claimed, computed = case
        if claimed != computed:
            bad.append(Counterexample(str(label), str(claimed), str(computed)))
    if checked is None:
        checked = n
    if status is None:
        status = "FAILS" if bad else "HOLDS"
    if status not in STATUSES:
        raise ValueError(f"unknown status {status!r}")
    if differing is None:
        differing = len(bad)
    if differing and status == "FAILS":
        details = (details + " " if details else "") + f"{differing} of {checked} {noun} differ"
    shown = tuple(bad if limit is None else bad[:limit])
    return Result(status, domain, int(checked), shown, details=details, data=dict(data or {}))


def compare(claimed, computed, domain: str, label: Callable[[int], str],
            show: Callable[[object], str] = str, details: str = "") -> Result:
    """:func:`verdict` over two equal-shape arrays, compared elementwise; ``label(i)`` names flat
    position ``i``."""
    claimed = np.asarray(claimed).reshape(-1)
    computed = np.asarray(computed).reshape(-1)
    if claimed.shape != computed.shape:
        raise ValueError(f"shape mismatch {claimed.shape} vs {computed.shape}")
    bad = np.flatnonzero(claimed != computed)
    cases = [Counterexample(label(int(i)), show(claimed[i]), show(computed[i]))
             for i in bad[:MAX_EXAMPLES]]
    return verdict(domain, cases, checked=int(claimed.size), details=details, noun="positions",
                   differing=int(bad.size))


def check_all(cases, domain: str, details: str = "", limit: int | None = MAX_EXAMPLES,
              noun: str = "cases") -> Result:
    """:func:`verdict` over ``(label, claimed, computed)`` cases (kept for the existing claims)."""
    return verdict(domain, cases, details=details, limit=limit, noun=noun)


class Tables:
    """The tables a claim declared, handed to its ``check`` by the runner: ``tables[spec]`` is
    the table of that spec (canonicalised), with ``values`` a numpy array.  Reading a table the
    claim did not declare is an error, so the declared list is the truth the runner prefetches
    from."""

    def __init__(self, claim: str, fetch: Callable[[str], object], declared):
        from ..games import canonical
        self._canonical = canonical
        self._claim = claim
        self._fetch = fetch
        self._declared = {canonical(s) for s in declared}

    def __getitem__(self, spec: str):
        canon = self._canonical(spec)
        if canon not in self._declared:
            from ..errors import GtablesError
            raise GtablesError(f"claim {self._claim} reads table {canon}, which it does not "
                               f"declare in tables=")
        return self._fetch(canon)

