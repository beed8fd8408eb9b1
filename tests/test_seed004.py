"""Seed 004 claims as functions of their declared tables: every table a check reads is declared,
the claims added from the proofs can fail (shown on mutated tables), a proof table too short is
OPEN (never a bigger table computed in secret), and the package neither imports the API nor builds
a Result by hand."""
import ast
import functools
import pathlib

import pytest
from reference import check_on

from gtables import api
from gtables.games import canonical
from gtables.verify import claims as C
from gtables.verify import seed004
from gtables.verify.runner import Context, evaluate
from gtables.verify.seed004 import data, proofs

PKG = pathlib.Path(seed004.__file__).parent
NEW = ("004.prop1.winning-move", "004.prop1.defence", "004.prop1.only-half",
       "004.cond13.1d.n-8s+3.reply", "004.cond13.1d.n+1-4^p-q.reply",
       "004.cond13.1d.n-8s+5.replies", "004.prop2.must-take-1", "004.prop4.must-take-1")


@functools.cache
def _table(spec):
    return api.compute(spec, store=None, progress=False)


def _small():
    return {c.name: c for c in seed004.claims("small")}


def _run(claim, mutate=None):
    """The claim's check on its declared tables (in memory), ``mutate(spec, values)`` applied."""
    return check_on(claim, None if mutate is None else lambda s, t, v: mutate(s, v),
                    lambda s: _table(canonical(s)))


def test_every_table_read_is_declared():
    ctx = Context(provider=lambda s: _table(s), scale="small")
    errors = {}
    for c in seed004.claims("small"):
        v = evaluate(c, ctx)
        if v.status == "ERROR":
            errors[c.name] = v.domain
    assert not errors, errors


@pytest.mark.parametrize("name", NEW)
def test_new_claims_hold_and_fail_on_flipped_outcomes(name):
    claim = _small()[name]
    assert _run(claim).status in ("HOLDS", "PROVED")
    flipped = _run(claim, lambda spec, v: (1 - v).astype(v.dtype))   # P <-> N everywhere
    assert flipped.status in ("FAILS", "REFUTED") and flipped.counterexamples


def test_winning_move_fails_on_one_mutated_entry():
    """n = 5: n+1 = 6 = 2*3, X takes 3; the position (3, last 3) is P.  Make it N in the table:
    exactly that case fails."""
    claim = _small()["004.prop1.winning-move"]
    target = canonical(seed004.spec(1, 1, 5, 7, True))

    def mutate(spec, v):
        if canonical(spec) == target:
            g = v.reshape(8, -1)
            assert g[3, 3] == 0        # code 3 = last amount 3 (min 1)
            g[3, 3] = 1
        return v
    r = _run(claim, mutate)
    assert r.status == "FAILS"
    assert [c.position for c in r.counterexamples] == ["n=5 (v2(n+1)=1): 6 -3 = 3, last 3"]


def test_reply_claim_fails_on_one_mutated_entry():
    """n = 3 (8s+3): after 8 - 2, Y's reply 1 leaves (5, last 1), a loss; flip it."""
    claim = _small()["004.cond13.1d.n-8s+3.reply"]
    target = canonical(proofs.proof_spec(1, 3, True))

    def mutate(spec, v):
        if canonical(spec) == target:
            g = v.reshape(proofs.proof_size(1, 3, True) + 1, -1)
            assert g[5, 1] == 0
            g[5, 1] = 1
        return v
    r = _run(claim, mutate)
    assert r.status == "FAILS"
    assert any(c.position.startswith("n=3: 8 -2 -1 = 5") for c in r.counterexamples)


def _win_ref(n: int):
    """Cond(1,3), one heap, plain recursion: win(h, last) for the player to move."""
    @functools.cache
    def win(h, last):
        return any(not win(h - x, x) for x in range(1, min(n, h) + 1) if x != last)
    return win


@pytest.mark.parametrize("n", [3, 5, 7, 9, 11, 13, 15])
def test_halving_move_against_plain_recursion(n):
    """Seed 004, proof of 推論 1: from n+1, taking (n+1)/2 wins iff v2(n+1) is odd."""
    win = _win_ref(n)
    h = (n + 1) // 2
    v2 = ((n + 1) & -(n + 1)).bit_length() - 1
    assert (not win(h, h)) == (v2 % 2 == 1)
    assert win(n + 1, 0) == (v2 % 2 == 1)


def test_a_proof_table_too_short_is_open(monkeypatch):
    """The proof reads the declared table only: when the window does not repeat within it, the
    verdict is OPEN (before: the table was silently grown)."""
    monkeypatch.setattr(proofs, "proof_size", lambda m, n, norepeat: 2 * n)
    T = C.Tables("t", lambda s: _table(canonical(s)), [proofs.proof_spec(1, 34, True)])
    st, desc, _ = proofs.decide_periodic(T, 1, 34, True, lambda N: N % 35 == 0, 35)
    assert st == "OPEN" and "no repeated window" in desc
    monkeypatch.undo()
    T = C.Tables("t", lambda s: _table(canonical(s)), [proofs.proof_spec(1, 5, True)])
    st, _, _ = proofs.decide_periodic(T, 1, 5, True, lambda N: N % 6 == 0, 6)
    assert st == "REFUTED"      # n = 5 is 8s+5: the multiples of 6 are not the losses


def test_printed_data_and_corrections_are_separate():
    assert data.COND1_LISTS["n=12"] == [13, 26, 29]            # as printed
    assert data.COND1_LISTS_CORRECTION == {"n=12": [13, 26, 39]}
    assert data.COND13_EXAMPLE2[4] == ({4, 6}, [21, 19])        # as printed
    claims = _small()
    for name, c in claims.items():
        if c.correction_of is not None:
            assert name.startswith(c.correction_of + ".corrected"), name
            assert c.correction_of in claims


def test_package_does_not_import_the_api_nor_build_results():
    for path in PKG.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                assert not (node.module or "").endswith("api"), path.name
                assert "api" not in [a.name for a in node.names], path.name
            if isinstance(node, ast.Import):
                assert not any(a.name.endswith(".api") for a in node.names), path.name
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Result":
                raise AssertionError(f"{path.name}:{node.lineno} builds a Result by hand")


def test_must_take_1_fails_where_y_could_not_win_after_x_takes_1():
    """推論 2, n = 5 (n+1 = 6 a win): from N = 7, X must take 1 and Y then wins (6, last 1).
    Make (6, last 1) a P-position in the table: that step fails, and only there."""
    claim = _small()["004.prop2.must-take-1"]
    assert _run(claim).status == "HOLDS"
    target = "nimlike:heaps=1,min=1,max=5,norepeat=1,size=7"

    def mutate(spec, v):
        if canonical(spec) == canonical(target):
            g = v.reshape(8, -1)
            g[6, 1] = 0                  # heap 6, last amount 1 (code 1): P
        return v
    r = _run(claim, mutate)
    assert r.status == "FAILS"
    assert [c.position for c in r.counterexamples] == ["n=5: 7 -1 = 6, last 1: Y wins"]
    assert "Y 贏" in claim.statement and claim.statement.count("「") == 1   # the print, verbatim
