"""Chip sliding (seeds 000, 003): the kernels against the reference solver (tests/reference.py,
over chips.options_ref) on every position of small strips, the two spaces and the specialised
kernels against each other, the seed's worked example, bad input through the CLI, and the 'small'
claims."""
from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest
from reference import reference_table

import gtables
from gtables import api
from gtables.engine.compute import fill
from gtables.engine.kernels import TERMINAL_LOSS, TERMINAL_WIN
from gtables.engine.spaces import CombinationSpace, SubsetSpace
from gtables.errors import GtablesError
from gtables.games import chips
from gtables.reproduce import table_provider
from gtables.verify.runner import family_claims

GTABLES = [sys.executable, "-m", "gtables.cli"]  # the installed package, on any machine
RULES = "ABCD"


def _table(spec):
    g = api.game(spec)
    values, _ = fill(g, progress=False)
    return g, values


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("n", [1, 2, 5, 9])
def test_subsets_match_reference(rule, n):
    g, v = _table(f"chips:rule={rule},n={n}")
    assert v.tolist() == reference_table(f"chips:rule={rule},n={n}")[1]


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("n,k", [(1, 1), (6, 2), (9, 3), (9, 5), (8, 8)])
def test_fixed_k_matches_reference_and_subsets(rule, n, k):
    g, v = _table(f"chips:rule={rule},n={n},k={k}")
    rows = g.space.unrank(np.arange(g.space.size))
    assert v.tolist() == reference_table(f"chips:rule={rule},n={n},k={k}")[1]
    gs, vs = _table(f"chips:rule={rule},n={n}")
    masks = np.sum(np.left_shift(1, rows - 1), axis=1)
    assert (vs[masks] == v).all()


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("spec", ["n=13", "n=11,k=4", "n=3,k=3"])
@pytest.mark.parametrize("threads", [1, 2])
def test_specialised_kernels_equal_generic(rule, spec, threads):
    g, v = _table(f"chips:rule={rule},{spec}")
    fast, _ = chips.fill_fast(g, threads=threads)
    assert fast.dtype == v.dtype and (fast == v).all()


def test_outcome_of_grundy_rules_agree():
    for rule in "AC":
        _, g = _table(f"chips:rule={rule},n=10")
        _, o = _table(f"chips:rule={rule},n=10,value=outcome")
        assert ((g == 0) == (o == 0)).all()


def test_worked_example_468():
    """Seed 003 (二): f_A(4,6,8) = 1 (P) and the chain of positions with its replies."""
    t = api.compute("chips:rule=A,n=8", store=None)
    assert t.outcome("4,6,8") == "P" and t.value("4,6,8") == 0
    assert sorted(m["to"] for m in t.moves("4,6,8")) == ["3,6,8", "4,5,8", "4,6,7"]
    replies = {"4,6,7": "3,6,7", "4,5,8": "3,5,8", "3,6,8": "3,5,8", "3,5,6": "3,4,5",
               "3,5,7": "3,4,7", "3,4,8": "3,4,7", "3,4,6": "3,4,5"}
    for pos, rep in replies.items():
        assert rep in [m["to"] for m in t.winning_moves(pos)], (pos, rep)
    for pos in ("3,6,7", "3,5,8", "3,4,7", "3,4,5"):
        assert t.outcome(pos) == "P"
    assert all("2" in m["to"].split(",") for m in t.moves("3,4,5"))


def test_move_example_24568():
    """Seed 000 EN §3(1): P = 24568, P[3] = 23468, P[5] = 24567."""
    opts = chips.slide_options((2, 4, 5, 6, 8))
    assert (2, 3, 4, 6, 8) in opts and (2, 4, 5, 6, 7) in opts
    # the same moves through the family contract, in both spaces; rule A ends on square 1
    assert chips.options_ref({"rule": "C", "k": 5}, (2, 4, 5, 6, 8)) == [(o,) for o in opts]
    flags = tuple(int(i in (2, 4, 5, 6, 8)) for i in range(1, 9))
    assert [o[0] for o in chips.options_ref({"rule": "C", "k": None}, flags)] == [
        tuple(int(i in o) for i in range(1, 9)) for o in opts]
    assert chips.options_ref({"rule": "A", "k": 3}, (1, 4, 6)) == TERMINAL_LOSS
    assert chips.options_ref({"rule": "B", "k": 3}, (1, 4, 6)) == TERMINAL_WIN


def test_space_round_trips():
    sp = SubsetSpace(7)
    idx = np.arange(sp.size)
    assert (sp.rank(sp.unrank(idx)) == idx).all()
    assert sp.format(sp.parse("6, 2,4")) == "2,4,6" and sp.index(sp.parse("{}")) == 0
    cs = CombinationSpace(9, 4)
    idx = np.arange(cs.size)
    rows = cs.unrank(idx)
    assert (cs.rank(rows) == idx).all() and (np.diff(rows, axis=1) > 0).all()
    assert cs.format(cs.parse("9,1,5,3")) == "1,3,5,9"


def test_every_move_lowers_the_rank():
    g = api.game("chips:rule=C,n=10,k=4")
    for p in range(g.space.size):
        _, opts = g.options(p)
        assert all(i < p for i, _ in opts)


@pytest.mark.parametrize("text,msg", [("4,6,11", "off the strip"), ("0,4,6", "off the strip"),
                                      ("4,6,6", "given twice"), ("4,6", "exactly k = 3"),
                                      ("4,x,6", "not an integer")])
def test_bad_positions(text, msg):
    cs = CombinationSpace(10, 3)
    with pytest.raises(GtablesError, match=msg):
        cs.parse(text)


def _env(tmp_path):
    return {**os.environ, "GTABLES_STORE": str(tmp_path / "t.h5")}


@pytest.mark.parametrize("args,msg", [
    (["chips:rule=A,n=10", "4,6,11"], "off the strip"),
    (["chips:rule=A,n=10", "4,4,6"], "given twice"),
    (["chips:rule=A,n=10,k=13", "4,6"], "k > n"),
    (["chips:rule=A,n=10,k=3", "4,6"], "exactly k = 3"),
    (["chips:rule=B,n=10,value=grundy", "4,6"], "no Grundy values"),
    (["chips:rule=E,n=10", "4,6"], "not one of"),
])
def test_cli_errors(args, msg, tmp_path):
    r = subprocess.run([*GTABLES, "query", *args], capture_output=True, text=True,
                       env=_env(tmp_path))
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and msg in lines[0]


def test_cli_query_example(tmp_path):
    r = subprocess.run([*GTABLES, "query", "chips:rule=A,n=20", "4,6,8"], capture_output=True,
                       text=True, env=_env(tmp_path))
    assert r.returncode == 0 and "outcome P" in r.stdout


def test_canonical_spec_and_memory_estimate():
    assert api.game("chips:rule=A,n=20,value=grundy").spec == "chips:rule=A,n=20"
    assert api.game("chips:rule=D,n=20,value=outcome").spec == "chips:rule=D,n=20"
    from gtables.engine.memory import estimate_bytes
    g = api.game("chips:rule=A,n=32")
    assert (1 << 32) <= estimate_bytes(g) < (1 << 32) + (1 << 20)
    g = api.game("chips:rule=A,n=64,k=6")
    assert g.space.size == 74974368 and estimate_bytes(g) < g.space.size + (1 << 20)


def test_small_claims_run():
    from gtables.verify.runner import Context, evaluate
    claims = family_claims(chips.FAMILY, "small")
    ctx = Context(provider=table_provider(None), scale="small")
    verdicts = [evaluate(c, ctx) for c in claims]
    assert not [v.name for v in verdicts if v.status == "ERROR"]
    # the worked example and the general theorems hold; known misprints fail
    st = {v.name: v.status for v in verdicts}
    assert st["003.example.468-values"] == st["000.thm3.3"] == st["000.thm3.11"] == "HOLDS"
    assert st["003.k3.f"] == st["000.cn.k6"] == "FAILS"


@pytest.mark.parametrize("spec", ["chips:rule=A,n=12", "chips:rule=B,n=11", "chips:rule=C,n=12",
                                  "chips:rule=D,n=10", "chips:rule=A,n=16,k=4", "chips:rule=C,n=15,k=5"])
def test_compute_uses_the_fast_fill_and_equals_the_generic_kernel(spec):
    from gtables.engine.compute import fill
    g = gtables.game(spec)
    assert g.fast_fill is not None
    fast = gtables.compute(spec, store=None).values
    slow, _ = fill(g, generic=True)
    assert fast.dtype == slow.dtype and (fast == slow).all()
