"""Proofs in one dimension: a finite check on a table that settles a claim for *all* heap sizes.

For one heap of ``N >= n`` stones every amount ``m..n`` is available, so the vector of outcomes at
``N`` (one entry per possible last amount) is a fixed function of the vectors at ``N-n .. N-1``.
Once ``n`` consecutive vectors repeat, the sequence is periodic forever
(:func:`gtables.engine.periodicity.window_periodicity`); a claimed set that is periodic too is then
decided for *all* heap sizes by comparing one pre-period plus a common period.

Each proof reads one declared table of a size fixed in advance by :func:`proof_size` (a pure
function of ``(m, n)``), never a table grown until the window repeats: if the window does not
repeat within it, or the table is shorter than what the comparison needs, the verdict is ``OPEN``.
A ``PROVED`` verdict covers each listed parameter value, one proof per value, not a theorem for
all values of the parameter.
"""
from __future__ import annotations

import dataclasses
import math

import numpy as np

from ...engine.periodicity import Periodicity, window_periodicity
from ..claims import Counterexample, verdict
from .model import Game1D, game_1d, spec


def proof_size(m: int, n: int, norepeat: bool) -> int:
    """Heap sizes ``0..proof_size`` of the one-heap table a proof for ``(m, n)`` reads.

    Cond(1), Cond(2), Cond(2,3) (``m >= 2`` or no Cond(3)): the outcome vectors repeat with
    period ``m+n`` from 0; measured for every pair with ``n <= 40``, the first repeated window and
    the comparison need at most ``2.4 (m+n)`` heap sizes, so ``4 (m+n)`` leaves room.
    Cond(1,3) (``m = 1`` with Cond(3)): the vector periods are irregular (n = 34: period 4900,
    n = 46: 11844); measured for every ``n <= 64``, a proof needs at most ``11.2 n^2`` heap sizes
    (n = 46), so ``12 n^2``.  A case needing more is ``OPEN``, not computed bigger in secret.
    """
    if norepeat and m == 1:
        return 12 * n * n
    return 4 * (m + n)


def proof_spec(m: int, n: int, norepeat: bool) -> str:
    return spec(1, m, n, proof_size(m, n, norepeat), norepeat)


@dataclasses.dataclass(frozen=True)
class Proof1D:
    """A one-heap table and the periodicity its repeated window proves (``per`` None: no
    window repeats within the table)."""
    m: int
    n: int
    norepeat: bool
    per: Periodicity | None
    game: Game1D

    def label(self):
        return f"n={self.n}" if self.m == 1 else f"(m,n)=({self.m},{self.n})"

    def covers(self, need: int) -> bool:
        """Does the table hold heap sizes ``0..need-1``?"""
        return self.game.size + 1 >= need


def prove_1d(T, m: int, n: int, norepeat: bool) -> Proof1D:
    """The proof table of ``(m, n)`` (declared as :func:`proof_spec`) and its periodicity."""
    g = game_1d(T, m, n, norepeat, proof_size(m, n, norepeat))
    return Proof1D(m, n, norepeat, window_periodicity(g.g, n), g)


def too_short(pr: Proof1D, need: int) -> str:
    if pr.per is None:
        return f"{pr.label()}: no repeated window of {pr.n} rows up to N = {pr.game.size}"
    return (f"{pr.label()}: pre-period {pr.per.preperiod}, period {pr.per.period}, but the table "
            f"(N <= {pr.game.size}) is shorter than the {need} heap sizes the comparison needs")


def start_period(pr: Proof1D) -> tuple[int, int]:
    """Least (pre-period, period) of the start-position outcomes, derived from the proved
    periodicity of the whole vectors: the least period divides the vectors' period.  Assumes
    ``pr.covers(preperiod + 2 * period)``."""
    n0, p = pr.per.preperiod, pr.per.period
    s = pr.game.start_p()
    d = next(d for d in range(1, p + 1)
             if p % d == 0 and np.array_equal(s[n0 + d:n0 + p + d], s[n0:n0 + p]))
    t = n0
    while t > 0 and s[t - 1] == s[t - 1 + d]:
        t -= 1
    return t, d


def decide_periodic(T, m, n, norepeat, claimed, q: int):
    """Decide ``start-P(N) <=> claimed(N)`` for all N, where ``claimed`` (a function of an int
    array) is periodic with period ``q`` from 0: returns ``(status, detail,
    counterexample)``, status ``PROVED``, ``REFUTED`` or ``OPEN``."""
    pr = prove_1d(T, m, n, norepeat)
    if pr.per is None:
        return "OPEN", too_short(pr, 0), None
    bound = pr.per.preperiod + math.lcm(pr.per.period, q)
    need = max(bound, pr.per.preperiod + 2 * pr.per.period if norepeat else 0)
    if not pr.covers(need):
        return "OPEN", too_short(pr, need), None
    got = pr.game.start_p()[:bound]
    want = np.asarray(claimed(np.arange(bound)), dtype=bool)
    bad = np.flatnonzero(got != want)
    desc = f"{pr.label()}: pre-period {pr.per.preperiod}, period {pr.per.period}"
    if norepeat:
        t, d = start_period(pr)
        desc = f"{pr.label()}: start positions pre-period {t}, period {d} (outcome vectors over " \
               f"all last amounts: pre-period {pr.per.preperiod}, period {pr.per.period})"
    if bad.size:
        i = int(bad[0])
        return "REFUTED", desc, Counterexample(f"{pr.label()}, N={i}", "P" if want[i] else "N",
                                               "P" if got[i] else "N")
    return "PROVED", desc, None


def proved_family(T, cases, domain: str, what: str):
    """Run :func:`decide_periodic` on ``cases`` (``(m, n, norepeat, claimed, q)``): one
    proof per listed parameter value."""
    details, bad, opened = [], [], []
    for case in cases:
        st, desc, ex = decide_periodic(T, *case)
        details.append(desc)
        if st == "REFUTED":
            bad.append(ex)
        elif st == "OPEN":
            opened.append(desc)
    text = f"{what}. Per case (proved): " + "; ".join(details)
    if bad:
        return verdict(domain, bad, checked=len(cases), status="REFUTED", details=text)
    if opened:
        return verdict(domain, checked=len(cases), status="OPEN", details=text)
    return verdict(f"all heap sizes N >= 0, {domain}", checked=len(cases), status="PROVED",
                   details=text + ". PROVED covers each listed parameter value (one proof per "
                                  "value), not every value of the parameter")


def gap_check(T, ns, ok, what: str):
    """``ok(gap, n)`` for every two consecutive start losses of Cond(1,3), for all heap sizes:
    the gaps of one pre-period plus a period of the proved periodic sequence (later pairs are
    translates by the period)."""
    details, bad = [], []
    for n in ns:
        pr = prove_1d(T, 1, n, True)
        need = pr.per.preperiod + 2 * pr.per.period + 1 if pr.per is not None else 0
        if pr.per is None or not pr.covers(need):
            return verdict(too_short(pr, need), checked=len(ns), status="OPEN")
        n0, p = pr.per.preperiod, pr.per.period
        s = np.flatnonzero(pr.game.start_p()[:need])
        for e, f in zip(s[:-1], s[1:]):
            if e >= n0 + p:
                break
            if not ok(int(f - e), n):
                bad.append(Counterexample(f"n={n}: {e} -> {f}", what, f"gap {f - e}"))
        t, d = start_period(pr)
        details.append(f"n={n}: start positions pre-period {t}, period {d}")
    dom = f"all heap sizes, each of n = {ns[0]}..{ns[-1]} (a proof per value, not for all n)"
    text = "Gaps checked on one pre-period plus a period of the proved periodic sequence: " \
           + "; ".join(details)
    if bad:
        return verdict(dom, bad, checked=len(ns), status="REFUTED", details=text)
    return verdict(dom, checked=len(ns), status="PROVED", details=text)
