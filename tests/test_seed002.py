"""Seed 002's claims (gtables.verify.seed002): the checking machinery against tiny pure-Python
references, each new claim shown to fail on a mutated table (or mutated printed text), every claim
reading only the tables it declares, and the frame-based thresholds against brute force."""
from __future__ import annotations

import functools
import itertools

import numpy as np
import pytest
from reference import check_on

import gtables
from gtables.engine.kernels import L as L_CODE
from gtables.engine.spaces import StringSpace
from gtables.games import endnim as E
from gtables.reproduce import table_provider
from gtables.verify import claims as C
from gtables.verify.runner import run_claims
from gtables.verify.seed002 import data as D
from gtables.verify.seed002 import proofs
from gtables.verify.seed002.claims import endnim_claims


# -- tiny references ---------------------------------------------------------------------------
def options(s: tuple, end: str | None = None) -> list[tuple]:
    """Impartial (end None) or one end's moves of a string: lower an end stack, or delete it."""
    out = []
    if s and end in (None, "L"):
        out += [(x,) + s[1:] for x in range(1, s[0])] + [s[1:]]
    if s and (end == "R" or (end is None and len(s) > 1)):
        out += [s[:-1] + (x,) for x in range(1, s[-1])] + [s[:-1]]
    return out


@functools.cache
def grundy(s: tuple) -> int:
    seen = {grundy(o) for o in options(s)}
    return min(set(range(len(seen) + 1)) - seen)


@functools.cache
def outcome(s: tuple) -> str:
    left = any(outcome(o) in "PL" for o in options(s, "L"))
    right = any(outcome(o) in "PR" for o in options(s, "R"))
    return {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}[
        (left, right)]


def claim(name: str, scale: str = "small"):
    return next(c for c in endnim_claims(scale) if c.name == name)


def run(cl, mutate=None):
    """Evaluate claim ``cl`` on its declared tables, ``mutate(spec, table, values)`` changing a
    copy."""
    return check_on(cl, mutate)


def set_value(t, vals, string, value):
    pad = list(string) + [0] * (t.space.max_len - len(string))
    vals[t.space.rank_array(np.array([pad]))[0]] = value


# -- machinery vs references -------------------------------------------------------------------
def test_end_moves_are_the_impartial_options():
    sp = StringSpace(4, 4)
    s = sp.unrank(np.arange(sp.size))
    k = sp.lengths(s)
    got = [[] for _ in range(len(s))]
    for sel, o, ko in proofs.end_moves(s, k, 4):
        assert (ko == sp.lengths(o)).all()
        for i, row in zip(np.flatnonzero(sel), o):
            got[i].append(tuple(int(x) for x in row if x))
    for i, row in enumerate(s):
        t = tuple(int(x) for x in row if x)
        assert sorted(got[i]) == sorted(options(t)), t


def test_candidate_and_p_move_counts_match_brute_force():
    t = gtables.compute("endnim:mode=impartial,len=4,max=4", store=None)
    s = t.space.unrank(np.arange(t.space.size))
    k = t.space.lengths(s)
    cand = np.zeros(len(s), int)
    for sel, o, ko in proofs.end_moves(s, k, 4):
        cand[sel] += proofs.not_ruled_out(o, ko)
    for i, row in enumerate(s):
        w = tuple(int(x) for x in row if x)
        ok = [o for o in options(w) if not o or (len(o) >= 2 and abs(o[0] - o[-1]) <= 1)]
        assert cand[i] == len(ok), w
        # Proposition 1: every move to a P-position is a candidate
        assert all(o in ok for o in options(w) if grundy(o) == 0), w
    assert cand[t.space.index([2, 3, 4])] == 5            # the seed's "at most four" fails here


def test_arrow_rule_matches_brute_force():
    for n in range(0, 6):
        for w in itertools.product(range(1, 4), repeat=n):
            assert proofs.arrow_p(np.array(w + (0,), dtype=np.int64)) == (grundy(w) == 0), w


def test_symmetric_reading_of_the_printed_table_is_unique_and_is_the_computed_table():
    choice, count = proofs.symmetric_reading(D.a4b_readings())
    assert count == 1
    assert [list(r) for r in choice] == [[grundy((a, 4, b)) for b in range(1, 17)]
                                         for a in range(1, 17)]


@pytest.mark.parametrize("w", [(1,), (3,), (2, 1), (1, 3), (2, 2), (1, 2, 1), (3, 1, 2)])
def test_thresholds_match_brute_force(w):
    t = E.thresholds(w)
    bound = sum(w) + 3
    first = {name: next((y for y in range(1, bound) if cls(y) in want), None)
             for name, cls, want in (("R", lambda y: outcome(w + (y,)), "R"),
                                     ("Rstar", lambda y: outcome(w + (y,)), "RN"),
                                     ("L", lambda y: outcome((y,) + w), "L"),
                                     ("Lstar", lambda y: outcome((y,) + w), "LN"))}
    assert {n: t[n] for n in first} == first
    assert t["outcome"] == outcome(w)


# -- the new claims can fail -------------------------------------------------------------------
def test_a4b_symmetric_fails_on_a_mutated_table():
    cl = claim("002.a4b-symmetric")
    assert run(cl).status == "HOLDS"
    r = run(cl, lambda spec, t, v: set_value(t, v, (1, 4, 2), 99))
    assert r.status == "FAILS" and r.counterexamples[0].position == "G(1,4,2) vs G(2,4,1)"


def test_a4b_symmetric_printed_fails_on_mutated_text(monkeypatch):
    cl = claim("002.a4b-symmetric.printed")
    assert run(cl).status == "HOLDS"
    printed = dict(D.A4B_PRINTED)
    printed[16] = printed[16].replace(" 25 ", " 26 ")     # G(16,4,13) misprinted
    monkeypatch.setattr(D, "A4B_PRINTED", printed)
    monkeypatch.setattr(D, "_READINGS", {})
    r = run(cl)
    assert r.status == "FAILS" and r.checked == 120
    assert any(c.position == "13,4,16 vs 16,4,13" for c in r.counterexamples)


def test_reversal_fails_on_a_mutated_table():
    cl = claim("002.reversal")
    assert run(cl).status == "HOLDS"

    def flip(spec, t, v):
        if "partizan" in spec and "len=4" in spec:
            set_value(t, v, (1, 2), L_CODE)       # 1,2 is R; its reversal 2,1 is L
    r = run(cl, flip)
    assert r.status == "FAILS" and "1,2" in r.counterexamples[0].position


def test_four_good_moves_fails_as_printed_and_holds_on_two_box_stacks():
    cl = claim("002.four-good-moves")
    r = run(cl)
    assert r.status == "FAILS" and r.counterexamples[0].position == "2,3,4"
    two = gtables.compute("endnim:mode=impartial,len=6,max=2", store=None)
    r = cl.check(C.Tables(cl.name, lambda spec: two, cl.tables))
    assert r.status == "HOLDS"


def test_four_good_moves_corrected_fails_on_a_mutated_table():
    cl = claim("002.four-good-moves.corrected")
    assert run(cl).status == "HOLDS"

    def p_far(spec, t, v):              # 4,1 "in P": ends 4 and 1 differ by 3
        if "len=4" in spec:
            set_value(t, v, (4, 1), 0)
    r = run(cl, p_far)
    assert r.status == "FAILS"
    assert any("ruled out" in c.computed for c in r.counterexamples)

    def many_p(spec, t, v):             # three options of 4,3,3 "in P", none ruled out
        if "len=4" in spec:
            for o in ((2, 3, 3), (3, 3, 3), (3, 3)):
                set_value(t, v, o, 0)
    r = run(cl, many_p)
    assert r.status == "FAILS"
    assert not any("ruled out" in c.computed for c in r.counterexamples)
    assert any(c.computed == "3 moves to P" for c in r.counterexamples)


# -- the proof of Theorem 2, case |x - y| > 1 --------------------------------------------------
def far_reference(s: tuple, corrected: bool):
    """The proof's case letter and prescribed results for one string, from its text directly
    (``None`` when |x - y| <= 1)."""
    if len(s) < 2 or abs(s[0] - s[-1]) <= 1:
        return None
    if s[-1] < s[0]:
        s = s[::-1]
    x, y = s[0], s[-1]
    n = next((i for i, v in enumerate(s) if v != x), len(s))
    m = next((i for i, v in enumerate(reversed(s)) if v != y), len(s))
    a, b = (y, x) if n + m == len(s) else (s[n], s[-1 - m])
    top = (n % 2 == 1) == (x < a)
    if m > 1:
        return "a", [x if top else x + 1], s
    if abs(b - x) > 1:
        if corrected and b < x - 1:
            return "b", [x - 1 if top else x], s
        return "b", [x if top else x + 1], s
    if top:
        return "c", {x + 1: [x], x: [x, 0], x - 1: [x - 1, 0]}[b], s
    return "d", ([b, 0] if b in (x, x + 1) else [x]), s


def test_far_end_moves_follow_the_proofs_words():
    strings = [w for n in range(2, 5) for w in itertools.product(range(1, 7), repeat=n)]
    width = 5
    arr = np.array([list(w) + [0] * (width - len(w)) for w in strings], dtype=np.int64)
    for corrected in (False, True):
        case, oriented, out, count = proofs.far_end_moves(arr, corrected)
        for i, w in enumerate(strings):
            want = far_reference(w, corrected)
            if want is None:
                assert case[i] == 0, w
                continue
            letter, targets, s = want
            assert proofs.FAR_CASES[case[i] - 1] == letter, w
            assert tuple(int(v) for v in oriented[i] if v) == s, w
            got = [tuple(int(v) for v in out[i, j] if v) for j in range(count[i])]
            assert got == [s[:-1] + ((t,) if t else ()) for t in targets], w


def test_theorem2_case_b_fails_as_printed_at_315_and_its_correction_holds():
    """The issue's finding: "choose similarly" for m = 1, |b - x| > 1 moves 315 to 314 (N);
    the winning move is 313.  Our correction (b < x - 1: one lower) holds; the other cases hold;
    and each case fails on a table where the move it prescribes is made an N-position."""
    r = run(claim("002.thm2.proof.far-b"))
    assert r.status == "FAILS"
    first = r.counterexamples[0]
    assert (first.position, first.claimed) == ("3,1,5", "a move to P: 3,1,4")
    assert "the move to P at that end: 3,1,3" in first.computed
    assert grundy((3, 1, 4)) != 0 and grundy((3, 1, 3)) == 0
    for name in ("002.thm2.proof.far-b.corrected", "002.thm2.proof.far-a",
                 "002.thm2.proof.far-c", "002.thm2.proof.far-d"):
        assert run(claim(name)).status == "HOLDS", name

    def not_p(spec, t, v):              # 3,1,3 (the corrected target from 3,1,5) made N
        if "len=3,max=16" in spec:
            set_value(t, v, (3, 1, 3), 5)
    r = run(claim("002.thm2.proof.far-b.corrected"), not_p)
    assert r.status == "FAILS" and r.counterexamples[0].position == "3,1,5"

    def not_p_a(spec, t, v):            # 1,3,3 (left end 1↑, top row) -> 1,3,1 made N
        if t.space.max_len >= 3 and t.space.max_entry >= 3:
            set_value(t, v, (1, 3, 1), 7)
    r = run(claim("002.thm2.proof.far-a"), not_p_a)
    assert r.status == "FAILS" and any(c.position == "1,3,3" for c in r.counterexamples)


# -- declared tables ---------------------------------------------------------------------------
def test_seed002_claims_read_only_declared_tables():
    names = ["002.a4b", "002.rows", "002.prop1", "002.four", "002.thm2", "002.reversal",
             "002.lemma", "002.cor6", "002.1w1", "002.examples"]
    verdicts, _ = run_claims(names, provider=table_provider(None, False), scale="small")
    assert len(verdicts) >= 16
    assert not [(v.name, v.domain) for v in verdicts if v.status == "ERROR"]


def test_corrections_name_the_claim_they_correct():
    cs = {c.name: c for c in endnim_claims("small")}
    for c in cs.values():
        if c.correction_of is not None:
            assert c.name.startswith(c.correction_of + ".corrected") and c.correction_of in cs
        assert not any(c.name.endswith(x) for x in (".fixed", ".from3", ".read"))
