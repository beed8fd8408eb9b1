"""What the quotient engine says when it gives up (:func:`gtables.misere.quotient.evidence`): the
premise of its proved lower bound (a failing trial predicts every colex-smaller sum right) against
a plain recursion, the bound against the true order wherever the quotient is known, and the
evidence of a quotient that keeps growing (0.76 at heap 12)."""
from __future__ import annotations

import numpy as np
import pytest
from test_quotient import octal, plain_outcome

from gtables.misere import quotient as Q


def _colex_less(w, f) -> bool:
    for a, b in zip(reversed(list(w)), reversed(list(f))):
        if a != b:
            return a < b
    return False


def _sums(heaps, total):
    """Every multiset of ``heaps`` (exponent vectors) with sum of sizes at most ``total``."""
    out = [[]]
    for h in heaps:
        out = [w + [e] for w in out for e in range(total // h + 1)
               if sum(c * g for c, g in zip(w + [e], heaps)) <= total]
    return out


@pytest.mark.parametrize("code,n", [("0.76", 11), ("0.16", 12), ("0.137", 9), ("0.07", 10)])
def test_a_failing_trial_predicts_every_smaller_sum_right(code, n):
    of = octal(code)
    q = Q.quotient(of, n - 1)
    isp = np.zeros(q.size, dtype=np.uint8)
    isp[list(q.p_portion)] = 1
    phi = np.zeros(n + 1, dtype=np.int32)
    phi[:n] = q.phi
    ops = Q.OptionArrays(Q.heap_options(of, n), n)
    trial = Q._trial(np.array(q.mult), phi, ops, n, {n: Q.INITIAL_TRIAL}, Q.MAX_TRIAL)
    fail = Q.least_failure(*trial, ops)
    assert fail is not None                       # heap n is not a conservative extension
    tm, ti, tp = trial
    outcome = plain_outcome(of)
    total = 26
    checked = 0
    for w in _sums(ops.active, total):
        parts = tuple(sorted((h for h, e in zip(ops.active, w) for _ in range(e)), reverse=True))
        predicted = "P" if ti[Q._element_of_word(tm, tp, ops.active, w)] else "N"
        if _colex_less(w, fail):
            assert predicted == outcome(parts), parts
            checked += 1
        elif list(w) == list(fail):
            assert predicted != outcome(parts)
    assert checked > 1000


# (code, heap, max_repairs): the engine stopped by its trial limit at a heap whose quotient it
# finds with the default limits
FORCED = [("0.16", 12, r) for r in (5, 6, 7, 8, 9)] + \
    [("0.165", 12, 5), ("0.76", 11, 4), ("0.137", 9, 2), ("0.37", 6, 2), ("0.06", 12, 3)]


def test_the_lower_bound_never_passes_the_quotient():
    grew = 0
    for code, n, r in FORCED:
        of = octal(code)
        full = Q.quotient(of, n)
        with pytest.raises(Q.QuotientError) as e:
            Q.quotient(of, n, max_repairs=r)
        ev = e.value.evidence
        assert e.value.heap == n and ev["heap"] == n and ev["trials"] == r
        assert int(full.sizes[n - 1]) <= ev["lower_bound"] <= full.size, (code, n, r)
        grew += ev["lower_bound"] > full.sizes[n - 1]
        assert f"at least {ev['lower_bound']}" in str(e.value)
    assert grew >= 5           # the bound says more than |Q| of the heap before


def test_a_growing_quotient_says_so():
    """0.76 at heap 12: the failing sums need ever more copies of heaps 7 and 12 (the sums
    ``12^a + 7^b``: the quotient may be infinite) and the bound passes |Q| of heaps 0..11."""
    with pytest.raises(Q.QuotientError) as e:
        Q.quotient(octal("0.76"), 12, max_repairs=16)
    ev = e.value.evidence
    assert e.value.partial.size == 34 and e.value.heap == 12
    assert set(ev["growing"]) == {7, 12}
    assert ev["largest_copies"]["12"] >= Q.GROWING
    assert ev["lower_bound"] > 34
    assert "may be infinite" in str(e.value)


def test_no_evidence_without_a_failing_trial():
    with pytest.raises(Q.QuotientError) as e:
        Q.quotient(octal("0.76"), 12, max_trial=4)
    assert e.value.evidence is None
