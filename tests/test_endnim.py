"""End-Nim (seed 002): kernels vs the reference solver (tests/reference.py), the row method vs
full tables and the generic engine, the seed's worked examples, bad input through the real CLI,
small claims."""
from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest
from reference import Solver, reference_table

import gtables
from gtables.engine.spaces import StringSpace
from gtables.errors import GtablesError
from gtables.games import endnim as E
from gtables.reproduce import table_provider

GTABLES = [sys.executable, "-m", "gtables.cli"]  # the installed package, on any machine
MODES = ("impartial", "partizan")


def full(mode, lmax, hmax):
    return gtables.compute(f"endnim:mode={mode},len={lmax},max={hmax}", store=None)


# -- the position space ----------------------------------------------------------------------
@pytest.mark.parametrize("lmax,hmax", [(0, 3), (1, 1), (3, 4), (5, 2)])
def test_string_space_bijection_and_order(lmax, hmax):
    sp = StringSpace(lmax, hmax)
    idx = np.arange(sp.size)
    strings = sp.unrank(idx)
    assert (sp.rank(strings) == idx).all()
    assert len({sp.format(s) for s in strings}) == sp.size
    # every End-Nim option (shorter, or an end lowered) comes earlier
    for i, s in enumerate(strings):
        t = tuple(int(x) for x in s if x)
        for o in E.string_options(t):
            assert sp.index(list(o)) < i


def test_string_space_parse_and_errors():
    sp = StringSpace(5, 6)
    assert sp.parse("3,5,5,5,1").tolist() == [3, 5, 5, 5, 1]
    assert sp.parse("3 5 1").tolist() == [3, 5, 1]
    assert sp.index(sp.parse("-")) == 0 and sp.index(sp.parse("")) == 0
    assert sp.format(sp.unrank([0])[0]) == "-"
    for bad in ("3,0,1", "3,-2", "1,2,3,4,5,6", "7", "x"):
        with pytest.raises(GtablesError):
            sp.index(sp.parse(bad))
    with pytest.raises(GtablesError):
        sp.rank(np.array([[1, 0, 2, 0, 0]]))     # a hole is an empty stack


# -- kernels vs reference ----------------------------------------------------------------------
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("lmax,hmax", [(4, 3), (3, 5), (6, 2)])
def test_full_table_matches_reference(mode, lmax, hmax):
    t = full(mode, lmax, hmax)
    assert (np.array(reference_table(t.spec)[1]) == t.values).all()


@pytest.mark.parametrize("mode", MODES)
def test_frames_match_full_table(mode):
    t = full(mode, 5, 5)
    for w in [(), (4,), (2, 3), (1, 4, 2)]:
        F = E.frame(w, 5 - (len(w) > 2), 5, mode)
        for a in range(F.shape[0]):
            for b in range(F.shape[1]):
                s = ([a] if a else []) + list(w) + ([b] if b else [])
                assert F[a, b] == t.value(s), (w, a, b)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("prefix", [(1, 4), (3,), (2, 2, 1), (5, 1, 3)])
def test_row_family_generic_path_equals_fast_path(mode, prefix):
    spec = f"endnim_row:mode={mode},prefix={'.'.join(map(str, prefix))},size=60"
    t = gtables.compute(spec, store=None)
    assert (E.row_of_table(t) == E.row(prefix, 60, mode)).all()
    assert (np.array(reference_table(spec)[1]) == t.values).all()


def test_long_row_agrees_with_recursion():
    v = E.row((3, 4), 3000)
    assert v.size == 3001
    s = Solver.of("endnim:mode=impartial,len=3,max=39")
    assert [s.grundy((3, 4, b)) for b in range(1, 40)] == v[1:40].tolist()


# -- the seed's worked examples ----------------------------------------------------------------
A4B_ROW_5 = [4, 5, 6, 7, 0, 3, 2, 10, 12, 8, 13, 9, 11, 17, 18, 19]


def test_seed_examples():
    assert E.frame((4,), 16, 16)[5, 1:].tolist() == A4B_ROW_5
    assert E.value((3, 3, 3, 2, 3, 4, 3, 3)) == 0
    t = E.thresholds((3, 5, 5, 5, 1))
    assert (t["outcome"], t["L"], t["R"]) == ("N", 14, 18)
    t = E.thresholds((3, 5, 4, 5, 1))
    assert (t["outcome"], t["L"], t["R"]) == ("L", 1, 3)
    assert E.thresholds((1, 5, 3, 3, 2))["R"] == 11
    assert E.thresholds((1, 5, 2, 3, 2))["R"] == 2
    assert (E.thresholds((2, 4, 1))["L"], E.thresholds((2, 4, 1))["R"]) == (6, 7)
    assert E.outcome((5, 2, 4, 1)) == "P" and E.outcome((2, 4, 1, 6)) == "P"
    pt = full("partizan", 5, 6)
    assert pt.outcome("3,5,5,5,1") == "N"
    moves = {(m["player"], m["to"]) for m in pt.moves("2,3,1")}
    assert moves == {("Left", "1,3,1"), ("Left", "3,1"), ("Right", "2,3")}


# -- the CLI -----------------------------------------------------------------------------------
def _run(*args, store):
    env = dict(os.environ, GTABLES_STORE=str(store))
    return subprocess.run([*GTABLES, *args], capture_output=True, text=True, env=env, timeout=300)


def test_cli_query_and_bad_input(tmp_path):
    store = tmp_path / "t.h5"
    r = _run("query", "endnim:mode=partizan,len=5,max=6", "3,5,5,5,1", store=store)
    assert r.returncode == 0 and "outcome N" in r.stdout
    for args in (["endnim:mode=partizan,len=5,max=6", "3,0,1"],
                 ["endnim:mode=partizan,len=5,max=6", "3,-1"],
                 ["endnim:mode=partizan,len=5,max=6", "1,1,1,1,1,1"],
                 ["endnim:mode=partizan,len=5,max=6", "3,7"],
                 ["endnim:mode=sideways,len=5,max=6", "3"],
                 ["endnim_row:mode=impartial,prefix=0.4,size=9", "1,4,2"],
                 ["endnim_row:mode=impartial,prefix=1.4,size=9", "2,2,2"]):
        r = _run("query", *args, store=store)
        assert r.returncode == 2, (args, r.stdout, r.stderr)
        assert len(r.stderr.strip().splitlines()) == 1 and "error" in r.stderr


# -- claims ------------------------------------------------------------------------------------
def test_small_claims_run_without_error():
    from gtables.verify.runner import run_claims
    verdicts, _ = run_claims(names=["002"], provider=table_provider(None), scale="small")
    assert len(verdicts) >= 20
    assert not [v.name for v in verdicts if v.status == "ERROR"]
    by = {v.name: v.status for v in verdicts}
    assert by["002.thm2"] == "HOLDS" and by["002.a4b-table"] == "HOLDS"


@pytest.mark.parametrize("mode", ["impartial", "partizan"])
def test_row_family_fill_hook_equals_generic_kernel(mode):
    from gtables.engine.compute import fill
    g = gtables.game(f"endnim_row:mode={mode},prefix=3.1.4,size=60")
    fast, _ = fill(g)
    slow, _ = fill(g, generic=True)
    assert (fast.astype(np.int64) == slow.astype(np.int64)).all()
    assert fast.dtype == slow.dtype
