import numpy as np

import gtables
from gtables.engine.periodicity import find_period, prove_period, window_certificate
from gtables.games.octal import guy_smith_bound
from gtables.reproduce import table_provider
from gtables.verify.claims import Claim, compare
from gtables.verify.runner import Context, all_claims, evaluate, run_claims


def test_find_period_on_constructed_sequences():
    seq = [5, 4, 3] + [1, 2, 3] * 20
    p = find_period(seq)
    assert (p.preperiod, p.period) == (2, 3)  # a[2] = 3 = a[5] already
    arith = [7, 1] + [i // 2 + (i % 2) * 3 for i in range(2, 200)]
    p = find_period(arith, saltus=True)
    assert p.period == 2 and p.saltus == 1
    assert find_period(list(range(50))) is None


def test_guy_smith_proves_kayles_and_needs_enough_values():
    k = gtables.compute("octal:code=0.77,size=400", store=None).values
    p = prove_period(k, guy_smith_bound(2), "Guy-Smith")
    assert p.proved and (p.period, p.preperiod) == (12, 71)
    assert prove_period(k[:168], guy_smith_bound(2)).period == 12   # 2*71 + 2*12 + 2 values
    assert prove_period(k[:167], guy_smith_bound(2)) is None        # one value short
    p2 = find_period(k[:120], min_fraction=0.3)
    assert (p2.period, p2.preperiod) == (12, 71)                    # observed, not proved
    assert find_period(k[:120]) is None  # periodic part shorter than half the prefix: no verdict


def test_window_certificate_for_subtraction():
    v = gtables.compute("subtraction:set=2+5,size=200", store=None).values
    p = window_certificate(v, find_period(v), 5)
    assert p.proved and p.period == 7


def test_compare_reports_counterexamples():
    r = compare(np.array([0, 1, 2, 0]), np.array([0, 1, 1, 3]), "x", str)
    assert r.status == "FAILS" and [c.position for c in r.counterexamples] == ["2", "3"]


def test_a_false_claim_fails():
    spec = "subtraction:set=1-3,size=50"

    def check(tables):
        return compare(np.arange(51) % 3, tables[spec].values, "heaps 0..50", str)
    claim = Claim("test.false", "test", "G(x) = x mod 3 for take 1..3 (false)", check,
                  tables=(spec,))
    v = evaluate(claim, Context(provider=table_provider(None)))
    assert v.status == "FAILS" and v.counterexamples[0].position == "3"


def test_a_claim_reading_an_undeclared_table_is_an_error():
    def check(tables):
        return compare([0], tables["nim:heaps=1,size=0"].values, "heap 0", str)
    claim = Claim("test.undeclared", "test", "reads a table it does not declare", check,
                  tables=("nim:heaps=1,size=1",))
    v = evaluate(claim, Context(provider=table_provider(None)))
    assert v.status == "ERROR" and "does not declare" in v.domain


def test_every_verdict_is_built_by_the_one_helper():
    """No module of the verifier but claims.py builds a Result itself (one verdict helper)."""
    import pathlib

    import gtables.verify as V
    root = pathlib.Path(V.__file__).parent
    offenders = [str(p.relative_to(root)) for p in root.rglob("*.py")
                 if p.name != "claims.py" and "Result(" in p.read_text()]
    assert offenders == []


def test_small_seed001_claims_run_without_errors(tmp_path):
    verdicts, ctx = run_claims(["001.", "lit."], provider=table_provider(None), scale="small")
    status = {v.name: v.status for v in verdicts}
    assert "ERROR" not in status.values(), [v for v in verdicts if v.status == "ERROR"]
    assert status["001.A.xor-rule.D3"] == "HOLDS"
    assert status["001.C.values"] == "HOLDS"
    assert status["lit.octal.0.77.period"] == "PROVED"
    assert len(verdicts) >= 40


def test_claim_names_are_unique():
    names = [c.name for c in all_claims("small")]
    assert len(names) == len(set(names))


def test_corrections_follow_the_one_naming_rule():
    """A correction is its own claim named ``<claim>.corrected`` (or ``.corrected.<tag>``), linked
    by ``correction_of`` to a claim that exists; no other suffix marks a correction."""
    claims = {c.name: c for c in all_claims("small")}
    for c in claims.values():
        if c.correction_of is not None:
            assert c.correction_of in claims, c.name
            assert (c.name == c.correction_of + ".corrected"
                    or c.name.startswith(c.correction_of + ".corrected.")), c.name
        else:
            assert ".corrected" not in c.name, c.name
        assert not any(c.name.endswith(s) for s in (".fixed", ".from3", ".read")), c.name
