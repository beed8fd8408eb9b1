"""All-but subtraction games (``subtraction:allbut=...``): the tally kernel against the reference
solver and the generic path, the window lemma's certificates against long tables, literature
facts (Siegel; Sleator & Slusky), spec errors and the CLI.  (The finite-set subtraction game is
in ``test_heaps.py``.)"""
from __future__ import annotations

import itertools
import subprocess
import sys

import numpy as np
import pytest
from reference import reference_table

from gtables import api
from gtables.engine.compute import fill
from gtables.engine.periodicity import prove_period
from gtables.errors import GtablesError
from gtables.games.allbut_kernels import allbut_bound, allbut_hypothesis


def values(spec: str) -> np.ndarray:
    return np.asarray(api.compute_values(spec)[0], dtype=np.int64)


def prove(g: np.ndarray, excluded):
    return prove_period(g, allbut_bound(excluded), "all-but window lemma", saltus=True,
                        hypothesis=allbut_hypothesis)


@pytest.mark.parametrize("spec", ["subtraction:allbut={},size=40", "subtraction:allbut=1,size=60",
                                  "subtraction:allbut=2+3,size=80", "subtraction:allbut=1+4+5,size=120",
                                  "subtraction:allbut=1-4+7,size=120",
                                  "subtraction:allbut=3+5+6+8,size=150",
                                  "subtraction:allbut=2,size=10,heaps=2",
                                  "subtraction:allbut=1+3,size=40,play=misere"])
def test_allbut_matches_reference(spec):
    """The tally kernel (the sequence stepper) and the generic path (every option) equal the
    reference solver's recursion over ``options_ref``."""
    game, ref = reference_table(spec)
    got = np.asarray(api.compute_values(spec)[0], dtype=np.int64)
    generic, _ = fill(game, generic=True)
    assert np.array_equal(got, np.asarray(ref, dtype=np.int64)), spec
    assert np.array_equal(np.asarray(generic, dtype=np.int64), got), spec


def test_allbut_widens_and_resumes():
    """Values outgrow uint8 (a heap of n has value about n/2 when 1 is excluded): the table is
    widened and stays equal to the reference; a run resumed from a prefix gives the same table."""
    spec = "subtraction:allbut=1,size=700"
    _, ref = reference_table(spec)
    v, attrs = api.compute_values(spec)
    assert v.dtype == np.uint16 and np.array_equal(np.asarray(v, np.int64), ref)
    again, attrs2 = api.compute_values(spec, prefix=v[:300].astype(np.uint8))
    assert attrs2["extra"]["resumed_from"] == 300 and np.array_equal(again, v)


def test_spec_errors_and_canonical_form():
    assert api.game("subtraction:size=10,allbut={3,2}").spec == "subtraction:allbut=2-3,size=10"
    assert api.game("subtraction:allbut={},size=10").spec == "subtraction:allbut={},size=10"
    with pytest.raises(GtablesError, match="exactly one of set= .* and allbut="):
        api.game("subtraction:set=1,allbut=2,size=10")
    with pytest.raises(GtablesError, match="exactly one"):
        api.game("subtraction:size=10")
    with pytest.raises(GtablesError, match="at most 64 excluded"):
        api.game("subtraction:allbut=1-65,size=10")
    assert api.game("subtraction:allbut=2,size=10").has_period_theorem
    assert not api.game("subtraction:allbut=2,size=10,heaps=2").is_sequence
    assert not api.game("subtraction:set=2,size=10").is_sequence


def test_nim_and_one_exclusion():
    """No exclusion is Nim, G(n) = n; excluding only 1 gives G(n) = floor(n/2): (0, 1, 1) and
    (0, 2, 1), proved."""
    g = values("subtraction:allbut={},size=200")
    assert np.array_equal(g, np.arange(201))
    p = prove(g, ())
    assert p.proved and (p.preperiod, p.period, p.saltus) == (0, 1, 1)
    g = values("subtraction:allbut=1,size=200")
    assert np.array_equal(g, np.arange(201) // 2)
    p = prove(g, (1,))
    assert p.proved and (p.preperiod, p.period, p.saltus) == (0, 2, 1)


SMALL_SETS = [x for r in range(0, 4) for x in itertools.combinations(range(1, 7), r)]


@pytest.mark.parametrize("excluded", SMALL_SETS, ids=lambda x: "+".join(map(str, x)) or "none")
def test_window_lemma_certificates_hold_far_beyond(excluded):
    """Every period the lemma proves on a prefix (of any length) holds on a table 10 times
    longer; |X| <= 3 gives pre-period 0 (Siegel for |X| <= 2, Sleator & Slusky for |X| = 3:
    purely arithmetic-periodic), and the saltus is positive (all-but values grow without bound)."""
    spec = f"subtraction:allbut={'+'.join(map(str, excluded)) or '{}'},size=4000"
    g = values(spec)
    found = None
    for n in list(range(2, 200)) + [400]:
        p = prove(g[:n], excluded)
        if p is None:
            continue
        assert np.array_equal(g[p.preperiod + p.period:], g[p.preperiod:-p.period] + p.saltus), \
            (excluded, n, p)
        found = found or p
    assert found is not None and found.preperiod == 0 and found.saltus > 0, (excluded, found)


@pytest.mark.parametrize("excluded", [(1, 4, 7, 8), (3, 5, 7, 10), (1, 4, 6, 9, 10), (2, 3, 6, 8)])
def test_window_lemma_with_a_preperiod(excluded):
    """|X| >= 4 need not be purely arithmetic-periodic (Sleator & Slusky): sets found by
    scripts/sweep_allbut.py with a pre-period; the certificate holds on a table 20 times longer
    than the prefix that proved it."""
    g = values(f"subtraction:allbut={'+'.join(map(str, excluded))},size=8000")
    p = None
    for n in range(2, 400):
        p = prove(g[:n], excluded)
        if p is not None:
            break
    assert p is not None and p.preperiod > 0 and p.saltus > 0
    assert np.array_equal(g[p.preperiod + p.period:], g[p.preperiod:-p.period] + p.saltus)
    assert not np.array_equal(g[p.preperiod - 1 + p.period], g[p.preperiod - 1] + p.saltus)


def test_hypothesis_is_needed():
    """Condition (ii) of the lemma is not vacuous: a sequence that satisfies (i) on a window but
    not (ii) gets no certificate, and the hypothesis finder reports where (ii) starts."""
    a = np.array([0, 0, 1, 1, 2, 2, 3, 3, 4, 4], dtype=np.int64)     # allbut=1: (0, 2, 1)
    assert allbut_hypothesis(a, a.size, 0, 2, 1) == 0
    b = a + 1                                    # value 0 never occurs: (ii) fails everywhere
    assert allbut_hypothesis(b, b.size, 0, 2, 1) is None
    assert prove(b, (1,)) is None


def test_cli_until_periodic_prints_saltus(tmp_path):
    out = subprocess.run([sys.executable, "-m", "gtables.cli", "compute",
                          "subtraction:allbut=2+3,size=100000", "--until-periodic", "--no-store",
                          "-q"], capture_output=True, text=True, check=True).stdout
    assert "PROVED: period 4, pre-period 0, saltus 2 (all-but window lemma" in out
    assert "filled from the period" in out
    t = api.compute("subtraction:allbut=2+3,size=100000", until_periodic=True, store=None)
    v = np.asarray(t.values, dtype=np.int64)
    assert v[-1] == 50000 and np.array_equal(v[4:], v[:-4] + 2)
