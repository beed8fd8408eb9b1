"""Wythoff's game: the kernel against the reference solver on every position of small tables, the
literature's values, and the claims failing on a wrong table."""
import numpy as np
import pytest
from reference import check_on, reference_table

import gtables
from gtables.verify import wythoff as W


@pytest.mark.parametrize("spec", ["wythoff:size=12", "wythoff:size=9,play=misere"])
def test_wythoff_matches_reference(spec):
    t = gtables.compute(spec, store=None)
    assert [int(v) for v in t.values] == reference_table(spec)[1]


def test_literature_values():
    g = gtables.compute("wythoff:size=30", store=None).values.reshape(31, 31)
    # the first Wythoff pairs (OEIS A000201 / A001950): (1,2), (3,5), (4,7), (6,10), (8,13)
    assert W.wythoff_pairs(13) == [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)]
    assert all(g[a, b] == 0 and g[b, a] == 0 for a, b in W.wythoff_pairs(30))
    assert int((g == 0).sum()) == 2 * len(W.wythoff_pairs(30)) - 1
    assert g[0].tolist() == list(range(31))                       # one pile: Nim
    assert g[1, :9].tolist() == [1, 2, 0, 4, 5, 3, 7, 8, 6]       # row 1, as Nivasch prints it
    assert np.array_equal(g[:14, :14], W.nivasch_table())


def _claims(scale="small"):
    return {c.name: c for c in W.wythoff_claims(scale)}


def _run(claim, mutate=None):
    """The claim on its declared tables, ``mutate(values)`` changing a copy of each."""
    return check_on(claim, None if mutate is None else lambda s, t, v: mutate(v))


@pytest.mark.parametrize("name", ["lit.wythoff.p-positions", "lit.wythoff.nivasch-table",
                                  "lit.wythoff.misere.p-positions",
                                  "lit.wythoff.rows.additive-period"])
def test_claims_hold_and_fail_on_a_wrong_table(name):
    c = _claims()[name]
    assert _run(c).status == "HOLDS"
    n = W.SIZES["small"] + 1

    def wrong(v):                       # (3, 5) no longer a P-position; row 1 loses its period
        v[3 * n + 5] = 7
        v[1 * n + 5] = v[5 * n + 1] = 9
        v[1 * n + n - 2] += 50
    r = _run(c, wrong)
    assert r.status in ("FAILS", "OPEN"), r


def test_misere_rule_differs_from_normal_only_at_the_start():
    g = gtables.compute("wythoff:size=20", store=None).values.reshape(21, 21)
    o = gtables.compute("wythoff:size=20,play=misere", store=None).values.reshape(21, 21)
    differ = {(a, b) for a in range(21) for b in range(21) if (g[a, b] == 0) != (o[a, b] == 0)}
    assert differ == {(0, 0), (0, 1), (1, 0), (1, 2), (2, 1), (2, 2)}
