"""The literature claims on sums of heaps (src/gtables/verify/misere.py): each holds on its
small tables, fails when one sum's outcome is flipped, and is registered beside the seeds'
claims of its family (runner.BUILTIN_CLAIMS lists several sources per family)."""
from __future__ import annotations

import numpy as np
import pytest
from reference import check_on

from gtables import games
from gtables.verify import misere as M
from gtables.verify.runner import family_claims


def _claims(scale="small"):
    return {c.name: c for c in M.nim_claims(scale) + M.octal_claims(scale)}


NAMES = sorted(_claims())


@pytest.mark.parametrize("name", NAMES)
def test_claims_hold_and_fail_on_a_flipped_sum(name):
    c = _claims()[name]
    r = check_on(c)
    assert r.status == "HOLDS", r
    assert r.checked > 100

    def flip(spec, t, v):               # the sum {3, 2, 1} changes outcome
        i = int(t.space.index([3, 2, 1] + [0] * (t.space.width - 3)))
        v[i] ^= 1
    r = check_on(c, flip)
    assert r.status == "FAILS" and r.counterexamples[0].position == "{3,2,1}", r


def test_registered_beside_the_seed_claims():
    for family, mine in (("nim", {"lit.misere.bouton-sums", "lit.misere.bouton-sums.normal"}),
                         ("octal", {"lit.misere.kayles-sums.normal"})):
        names = {c.name for c in family_claims(games.get(family), "small")}
        assert mine <= names
        assert any(n.startswith("001.") for n in names), family   # seed 001's claims stay


def test_bouton_rule_by_hand():
    rows = np.array([[1, 1, 1], [1, 1, 0], [2, 2, 0], [3, 2, 1], [2, 0, 0], [0, 0, 0]])
    assert list(M.bouton_misere(rows)) == [0, 1, 0, 0, 1, 1]
