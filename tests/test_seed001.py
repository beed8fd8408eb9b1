"""Seed 001's claims (gtables.verify.seed001): every claim added from the seed can fail (each is
run on its true tables, then on a table with a wrong value, and must say FAILS), the printed text
and our correction stay apart, and every check reads only the tables it declares."""
import pytest
from reference import check_on

from gtables.reproduce import table_provider
from gtables.verify.runner import Context, evaluate, run_claims
from gtables.verify.seed001 import claims as C
from gtables.verify.seed001 import data

PROVIDER = table_provider(None, False)


def _claims():
    out = C.nim_claims("small") + C.subtraction_claims("small") + [
        c for c in C.octal_claims("small") if not c.name.startswith("lit.")]
    return {c.name: c for c in out}


CLAIMS = _claims()


def _run(name, mutate=None, spec=None):
    """The claim's check on its declared tables, with ``mutate(values)`` applied (in the shape of
    the table's space) to a copy of the table ``spec`` (the others as computed)."""
    def change(s, t, values):
        if mutate is not None and s == spec:
            mutate(values.reshape(t.space.shape))
    return check_on(CLAIMS[name], change, PROVIDER)


def _set(index, value):
    def mutate(a):
        a[index] = value
    return mutate


def _zero(a):
    a[...] = 0


N1, N2, N3 = (f"nim:heaps={d},size={C.NIM_SIZES['small'][d]}" for d in (1, 2, 3))
DK = f"octal:code=0.07,size={C.OCTAL_SIZE['small']}"

# claim, table to damage, damage (the true values are G(3,3) = 0, G(2) = 2, G(1,2,2) = 1,
# G(1,2,3) = 0, G(2,2) = 0, G(5,5,1) = 1; in 0.07, G(4) = 2 and G(10) = 3)
MUTATIONS = [
    ("001.A.binary-examples", N2, _set((3, 3), 1)),
    ("001.A.options", N1, _set(2, 5)),
    ("001.A.proof.zero-to-nonzero.D3", N3, _set((1, 2, 2), 0)),
    ("001.A.proof.winning-move.D3", N3, _set((1, 2, 3), 7)),
    ("001.A.outcome-definition", N2, _set((2, 2), 3)),
    ("001.A.representations", N3, _set((5, 5, 1), 0)),
    ("001.C.option-lines.corrected", DK, _set(4, 3)),
    ("001.C.G-lines", DK, _set(5, 1)),
    ("001.C.xor-examples", DK, _set(6, 2)),
    ("001.C.mex-condition", DK, _set(10, 2)),
    ("001.C.sums.win-loss", DK, _set(4, 0)),
    ("001.C.sums.loss-loss", DK, _set(4, 0)),
    ("001.C.mirror", DK, _set(4, 0)),
    ("001.C.simplify", DK, _set(4, 0)),
    # every row a loss: no N + N sum of one-row positions at all, so neither outcome is shown
    ("001.C.sums.win-win", DK, _zero),
]


@pytest.mark.parametrize("name,spec,mutate", MUTATIONS, ids=[m[0] for m in MUTATIONS])
def test_new_claims_hold_and_fail_on_a_wrong_table(name, spec, mutate):
    assert _run(name).status == "HOLDS"
    bad = _run(name, mutate, spec)
    assert bad.status == "FAILS", (name, bad)
    assert bad.counterexamples, (name, bad)


def test_the_proof_claims_on_four_heaps_fail_too():
    N4 = f"nim:heaps=4,size={C.NIM_SIZES['small'][4]}"
    for name, pos, v in (("001.A.proof.zero-to-nonzero.D4", (0, 1, 2, 2), 0),
                         ("001.A.proof.winning-move.D4", (0, 1, 2, 3), 7)):
        assert _run(name).status == "HOLDS"
        assert _run(name, _set(pos, v), N4).status == "FAILS"


def test_printed_option_lines_fail_where_the_seed_slips_and_the_correction_holds():
    printed = _run("001.C.option-lines")
    assert printed.status == "FAILS" and printed.checked == 16
    assert sorted(c.position for c in printed.counterexamples) == [
        "g(6): #(components)", "g(6): components", "g(7): components"]
    # the printed text stays as printed; the correction is separate data
    assert data.C_G_PRINTED[6][0] == ((4,), (1, 4), (2, 2))
    assert data.C_G_PRINTED[7] == (((4,), (1, 4), (2, 3)), (2, 2, 0))
    assert data.C_G_CORRECTED[7] == (((5,), (1, 4), (2, 3)), (0, 2, 0))
    corrected = CLAIMS["001.C.option-lines.corrected"]
    assert corrected.correction_of == "001.C.option-lines"
    assert _run(corrected.name).status == "HOLDS"


def test_win_win_shows_a_winning_and_a_losing_sum():
    r = _run("001.C.sums.win-win")
    assert r.status == "HOLDS" and r.data["N"] > 0 and r.data["P"] > 0
    assert "(2) + (4)" in r.details and "(2) + (2)" in r.details   # f(2)^f(4) = 3, f(2)^f(2) = 0


def test_sum_search_agrees_with_the_table_free_search():
    """The sums' outcomes (table at one-row leaves, search above) equal the exhaustive search
    that never reads a table, on every position of up to three rows of 1..7."""
    import itertools
    g = PROVIDER(DK).values
    outcome = C.sum_outcomes("0.07", g)
    for rows in range(1, 4):
        for pos in itertools.combinations_with_replacement(range(1, 8), rows):
            assert outcome(pos) == C._multi_heap_outcome("0.07", pos), pos


def test_every_seed001_check_reads_only_declared_tables():
    names = [n for n in CLAIMS if n.startswith("001.")]
    ctx = Context(provider=PROVIDER, scale="small")
    for name in names:
        v = evaluate(CLAIMS[name], ctx)
        assert v.status != "ERROR", (name, v.domain)


def test_stripes_and_literature_claims_declare_their_tables():
    verdicts, _ = run_claims(["001.D.period.1-2-3", "001.D.sum-theorem.1-2-3", "lit.octal.0.77",
                              "lit.octal.0.07", "lit.misere-nim"], provider=PROVIDER, scale="small")
    assert {v.name: v.status for v in verdicts} == {
        "001.D.period.1-2-3": "OPEN", "001.D.sum-theorem.1-2-3": "HOLDS",
        "lit.octal.0.77.period": "PROVED", "lit.octal.0.07.period": "PROVED",
        "lit.misere-nim": "HOLDS"}


def test_literature_claims_come_from_the_one_literature_table():
    from gtables.games.octal.literature import lookup
    from gtables.verify.octal_literature import CLAIM_CODES, period_claims
    claims = {c.name: c for c in period_claims("small")}
    assert len(claims) == len(CLAIM_CODES)
    for code in CLAIM_CODES:
        rec = lookup(code)
        c = claims[f"lit.octal.{code}.period"]
        assert f"period {rec.period}" in c.statement and f"n >= {rec.preperiod}" in c.statement
        assert rec.source in c.source
    assert "lit.octal.0.1777.period" in {c.name for c in period_claims("large")}


def test_worked_binary_additions_hold_and_a_misprinted_one_fails(monkeypatch):
    assert _run("001.A.xor-examples").status == "HOLDS"
    assert CLAIMS["001.A.xor-examples"].tables == ()          # arithmetic: no table read
    sums = list(data.XOR_SUMS)
    sums[0] = (("0011", "1010"), "1011", sums[0][2])          # a carry where there is none
    monkeypatch.setattr(data, "XOR_SUMS", tuple(sums))
    r = _run("001.A.xor-examples")
    assert r.status == "FAILS" and r.counterexamples[0].computed == "1001"
    monkeypatch.setattr(data, "MEX_EXAMPLE", ((0, 1, 2, 5, 7, 8, 9), 4))
    assert any(c.claimed == "4" and c.computed == "3" for c in _run("001.A.xor-examples")
               .counterexamples)


def test_g_lines_keep_the_printed_g2_label_and_check_it_both_ways(monkeypatch):
    """The g(3) line prints G(2) = {1, 2, ...} where G(3) is meant: kept verbatim as data; the
    sets are equal (g(2) = g(3) = {0}), so the line is true as printed, and the claim says so; a
    misprinted set fails."""
    assert data.C_G_COMPLEMENTS_PRINTED[3] == (2, (1, 2))
    r = _run("001.C.G-lines")
    assert r.status == "HOLDS" and "prints G(2) where G(3) is meant" in r.details
    lines = dict(data.C_G_COMPLEMENTS_PRINTED)
    lines[5] = (5, (0, 3, 4))                                  # G(5) = {0, 2, 3, ...}
    monkeypatch.setattr(data, "C_G_COMPLEMENTS_PRINTED", lines)
    r = _run("001.C.G-lines")
    assert r.status == "FAILS"
    assert [(c.position, c.claimed, c.computed) for c in r.counterexamples] == [
        ("line g(5): the set printed as G(5)", "{0, 3, 4, …}", "{0, 2, …}")]
