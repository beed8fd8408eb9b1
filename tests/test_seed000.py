"""The claims of seeds 000 and 003 (chips): the printed data and our corrections stay apart, the
names follow the correction rule, and every claim added in the issue-14 pass can fail: fed a
mutated table, case or strategy, its check says FAILS (and on the true ones, HOLDS)."""

import functools
import types

import numpy as np
import pytest
from reference import check_on

import gtables
from gtables.verify.seed000 import chips_claims
from gtables.verify.seed000 import claims as C
from gtables.verify.seed000 import data as D
from gtables.verify.seed000 import proofs as pf


@functools.cache
def _table(spec):
    return gtables.compute(spec, store=None)


def run(check, specs=(), mutate=None):
    """Run ``check`` on the real small tables, ``mutate[spec](values)`` changing a copy of some."""
    mutate = mutate or {}
    pseudo = types.SimpleNamespace(name="test", tables=tuple(specs), check=check)
    return check_on(pseudo, lambda s, t, v: mutate[s](v) if s in mutate else None, _table)


@functools.cache
def small_claims():
    return {c.name: c for c in chips_claims("small")}


def claim(name):
    return small_claims()[name]


def run_claim(name, mutate=None):
    c = claim(name)
    return run(c.check, c.tables, mutate)


# -- naming and data ---------------------------------------------------------------------------
def test_corrections_follow_the_naming_rule():
    for c in small_claims().values():
        assert not c.name.endswith((".fixed", ".from3", ".read", ".q1-2")), c.name
        if ".corrected" in c.name:
            assert c.correction_of == c.name.split(".corrected")[0], c.name
        else:
            assert c.correction_of is None, c.name
        assert c.correction_of is None or c.correction_of in small_claims()


def test_corrected_applies_replacements_and_deletions_and_leaves_the_print_alone():
    printed = [(["<"], "a"), (["="], "b"), (["<"], "c")]
    before = [tuple(x) for x in printed]
    fix = D.Correction({2: (), 3: ((["<"], "c + 1"), (["="], "d"))})
    assert D.corrected(printed, fix) == [(["<"], "a"), (["<"], "c + 1"), (["="], "d")]
    assert [tuple(x) for x in printed] == before
    assert len(D.corrected(D.K6_CN, D.K6_CN_CORRECTION)) == 23  # items 15, 16 deleted
    assert (
        D.K6_CN[22][1] == "a * e"
        and D.corrected(D.K6_CN, D.K6_CN_CORRECTION)[20][1] == "a * (f - 1)"
    )


def test_case_list_evaluation_matches_a_hand_computation():
    rows = np.array([[3, 5, 7], [3, 4, 7], [3, 5, 6], [3, 4, 5]])
    # K3_F: 1 - χ(a+b+c) (<<), χ(ac) (=<, <=), χ(a) (==); the tree of f(4,6,8) in 003 (二)
    # gives the same: f(3,5,7) = f(3,5,6) = 0, f(3,4,7) = f(3,4,5) = 1
    assert C.claimed_f(rows, D.K3_F, "V").tolist() == [0, 1, 0, 1]
    # the English W-list reading: f = 0 iff the expression is even on its pattern
    assert C.claimed_f(rows, [(["<<"], "a + b + c")], "W").tolist() == [1, 1, 1, 1]
    assert C.claimed_f(np.array([[3, 5, 8]]), [(["<<"], "a + b + c")], "W").tolist() == [0]


def test_every_check_reads_only_declared_tables():
    for c in small_claims().values():
        r = run(c.check, c.tables)
        assert r.status in ("HOLDS", "FAILS"), (c.name, r.domain)


# -- the seeds' arithmetic, against values worked by hand -----------------------------------------
def test_move_notation_and_y_z_of_the_worked_examples():
    P = (2, 4, 5, 6, 8)
    assert pf.move_chip(P, 3) == (2, 3, 4, 6, 8) and pf.move_chip(P, 5) == (2, 4, 5, 6, 7)
    assert pf.move_sequence(P, (3, 4, 2)) == (1, 2, 4, 5, 8)
    assert pf.move_chip((1, 2, 5), 2) is None
    ex = D.EXAMPLE_3_4
    assert pf.q_of(ex["P"]) == ex["Q"] and pf.z_of(ex["Q"]) == (3, 4, 3, 1)
    assert pf.phi((3, 4, 3, 1)) == 0b101 and pf.phi((2, 3, 1)) == 0
    assert pf.staircase_moves((0, 1, 1)) == {(0, 0, 1), (0, 0, 0)}


# -- each new claim holds on the tables and fails on a mutation ----------------------------------
def test_move_examples_fail_on_a_mutated_case():
    assert run_claim("000.en.move-examples").status == "HOLDS"
    bad = [(P, i, (2, 3, 4, 5, 8) if i == (3,) else out) for P, i, out in D.MOVE_EXAMPLES]
    r = run(C.move_examples_check(bad))
    assert r.status == "FAILS" and r.counterexamples[0].claimed == "23458"


def _jump_too_far(P):
    """A wrong rule: a chip with a chip directly left of it jumps one square further."""
    out = []
    for new in pf.options(P):
        gone = (set(P) - set(new)).pop()
        land = (set(new) - set(P)).pop()
        if land < gone - 1 and land - 1 >= 1 and land - 1 not in new:
            new = tuple(sorted((set(new) - {land}) | {land - 1}))
        out.append(new)
    return out


def test_move_lemma_fails_on_a_wrong_move_rule():
    assert run_claim("000.cn.move-lemma").status == "HOLDS"
    r = run(C.move_lemma_check(8, options=_jump_too_far))
    assert r.status == "FAILS" and r.counterexamples


def test_move_lemma_converse_fails_on_a_wrong_recipe_or_rule():
    assert run_claim("000.cn.move-lemma.converse").status == "HOLDS"

    def last_q(P, v, q):  # the last q chips of the group instead of the first
        return [x for x, y in zip(P, pf.q_of(P)) if y == v][-1]

    assert run(C.move_converse_check(8, recipe=last_q)).status == "FAILS"
    assert run(C.move_converse_check(8, options=_jump_too_far)).status == "FAILS"


def test_cn_move_examples_literal_fails_corrected_holds_mutation_fails():
    assert run_claim("000.cn.move-examples").status == "FAILS"  # the 13-entry Y lists
    assert run_claim("000.cn.move-examples.corrected").status == "HOLDS"
    bad = list(D.CN_MOVE_EXAMPLES)
    bad[1] = bad[1][:6] + ((2, 3, 1),)  # Z after the move, unchanged
    r = run(C.cn_move_examples_check(bad, D.CN_MOVE_EXAMPLES_READ))
    assert r.status == "FAILS" and [c.position for c in r.counterexamples] == [
        "10 chips, chip on 24: Z after"
    ]


def test_o_phi_fails_on_a_mutated_printed_value(monkeypatch):
    assert run_claim("000.examples.o-phi").status == "HOLDS"
    monkeypatch.setitem(D.EXAMPLE_3_4, "phi", "100")
    assert run_claim("000.examples.o-phi").status == "FAILS"


def test_initial_conditions_fail_on_a_mutated_table():
    assert run_claim("000.en.eq2").status == "HOLDS"
    spec = "chips:rule=D,n=12"

    def flip(v):
        v[(1 << 3) - 1] = 0 if v[(1 << 3) - 1] else 1  # f_D(1,2,3) = 0 (N): make it P
        return v

    r = run_claim("000.en.eq2", {spec: flip})
    assert r.status == "FAILS" and r.counterexamples[0].position == "(1,2,3)"


def test_bouton_fails_on_a_mutated_table():
    assert run_claim("000.en.nim-bouton").status == "HOLDS"
    spec = claim("000.en.nim-bouton").tables[0]

    def flip(v):
        i = _table(spec).space.index((1, 2, 3, 0))
        v[i] = 1 if v[i] == 0 else 0
        return v

    r = run_claim("000.en.nim-bouton", {spec: flip})
    assert r.status == "FAILS" and r.counterexamples[0].position == "(1, 2, 3, 0)"


def test_thm310_strategy_fails_on_a_wrong_strategy_or_table():
    c = claim("000.thm3.10.proof-strategy")
    spec, size = c.tables[0], C.NIM_SIZE["small"]
    assert run(c.check, c.tables).status == "HOLDS"

    def swapped(heaps):  # the proof's odd/even rule the wrong way round
        kind, moves = pf.thm310_strategy(heaps)
        big = [i for i, h in enumerate(heaps) if h >= 2]
        if len(big) == 1:
            ones = sum(1 for h in heaps if h == 1)
            i = big[0]
            moves = [heaps[:i] + ((1 if ones % 2 else 0),) + heaps[i + 1 :]]
        return kind, moves

    assert run(C.thm310_strategy_check(spec, size, swapped), c.tables).status == "FAILS"

    def flip(v):  # (1,1,1,0) is a misère P-position: call it N
        i = _table(spec).space.index((1, 1, 1, 0))
        v[i] = 1
        return v

    r = run(c.check, c.tables, {spec: flip})
    assert r.status == "FAILS" and "(1, 1, 1, 0)" in r.counterexamples[0].position


def test_thm1_strategy_fails_on_a_wrong_recipe_or_table():
    c = claim("000.thm3.3.proof-strategy")
    assert run(c.check, c.tables).status == "HOLDS"

    def greedy(P):  # always move the first chip: not the proof's move
        kind, moves = pf.thm1_strategy(P)
        return kind, [pf.move_chip(P, 1)] if kind == "win" else moves

    n = C.N_ALL["small"]
    assert run(C.thm1_strategy_check(n, 10, 3, greedy), c.tables).status == "FAILS"
    spec = c.tables[0]

    def flip(v):  # f_A(3,4,5) = 1: make it 0
        v[pf.mask_of((3, 4, 5))] = 1
        return v

    assert run(c.check, c.tables, {spec: flip}).status == "FAILS"


def test_product_formula_fails_and_its_correction_holds():
    assert run_claim("000.en.k3.product").status == "FAILS"
    assert run_claim("000.en.k3.product.corrected").status == "HOLDS"


@pytest.mark.parametrize("name", ["000.cn.k6", "000.en.k6", "003.k3.g", "003.k2.f"])
def test_printed_lists_fail_and_corrections_hold(name):
    assert run_claim(name).status == "FAILS"
    assert run_claim(name + ".corrected").status == "HOLDS"


# -- the proof of 定理三 (game D): the cases of its induction step -------------------------------
def test_thm3_step_sorts_positions_into_the_proofs_cases():
    assert pf.thm3_step((1, 2, 3)) == ("end", [])                  # Z = (), nothing to move
    assert pf.thm3_step((3, 4, 5))[0] == "3"                        # Z = (), r = 0 even
    assert pf.thm3_step((2, 4, 6)) == ("3", [(1, 4, 6), (2, 4, 5)])  # Z = (1, 1)
    assert pf.thm3_step((2, 4))[0] == "1"                           # Y = (1, 2): Z = (1)
    assert pf.thm3_step((2, 3))[0] == "4.1"                         # Y = (1, 1): Z = (2)
    case, moves = pf.thm3_step((2, 3))
    assert moves == [(1, 3)] and pf.z_of(pf.q_of((1, 3))) == (1,)   # leaves Z = (1): r' odd
    assert pf.thm3_step((2, 3, 6, 7))[0] == "2"                     # Y = (1,1,3,3): Z = (2, 2)
    case, moves = pf.thm3_step(D.EXAMPLE_3_4["P"])                  # Z = (3, 4, 3, 1)
    assert case == "4.2" and all(pf.phi(pf.z_of(pf.q_of(m))) == 0 for m in moves)


@pytest.mark.parametrize("case", ["1", "2", "3", "4-1", "4-2"])
def test_thm3_proof_cases_hold_and_fail_on_a_wrong_table_or_move(case):
    c = claim(f"000.cn.thm3.proof.case{case}")
    assert run(c.check, c.tables).status == "HOLDS"
    spec = c.tables[0]
    n = C.N_ALL["small"]
    key = case.replace("-", ".")
    # a position of the case and a move the case speaks of: make that move's value wrong
    P = next(pf.squares_of(m) for m in range(1, 1 << 10)
             if pf.thm3_step(pf.squares_of(m))[0] == key)
    target = pf.options(P)[0] if key in ("1", "2") else pf.thm3_step(P)[1][0]

    def flip(v):
        v[pf.mask_of(target)] ^= 1       # outcome codes 0 = P, 1 = N
        return v

    r = run(c.check, c.tables, {spec: flip})
    assert r.status == "FAILS" and r.counterexamples[0].position == f"{P} -> {target}"
    if key not in ("1", "2"):
        def wrong(P_):                   # the proof's move replaced by the first chip's
            got, moves = pf.thm3_step(P_)
            return got, [pf.move_chip(P_, 1)] if moves else moves
        assert run(C.thm3_case_check(n, 10, key, wrong), c.tables).status == "FAILS"


def test_examples_domain_says_what_the_scale_leaves_out():
    assert claim("000.examples.3.4-3.5").check is not None
    r = run_claim("000.examples.3.4-3.5")
    assert r.domain == "Example 3.5 (Example 3.4, on 27 squares, is left out at scale small)"
    assert "small scale" not in r.domain
    default = next(c for c in chips_claims("default") if c.name == "000.examples.3.4-3.5")
    assert len(default.tables) == 2       # both examples at default scale: the domain says so
