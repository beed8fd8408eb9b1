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


def brute_period(a, max_period=None, min_reps=3, saltus=False, min_fraction=0.5):
    """The definition, quadratic: the smallest p whose fit a[n+p] = a[n] + s (s read off the
    last pair; 0 without saltus) holds from the least n0 to the end, over the required part."""
    a = [int(x) for x in a]
    n = len(a)
    for p in range(1, min(max_period or n, n // min_reps) + 1):
        s = a[-1] - a[-1 - p] if saltus else 0
        n0 = n - p
        while n0 > 0 and a[n0 - 1 + p] == a[n0 - 1] + s:
            n0 -= 1
        if n - n0 >= min_reps * p and n - n0 >= min_fraction * n and n - n0 - p >= 1:
            return (n0, p, s)
    return None


def test_find_period_equals_the_definition():
    """The linear finder (KMP on the values, or on the differences with a saltus) against the
    quadratic definition, on random sequences built to be (arithmetic-)periodic after noise."""
    rng = np.random.default_rng(7)
    for _ in range(400):
        p, s, n0 = int(rng.integers(1, 9)), int(rng.integers(0, 4)), int(rng.integers(0, 30))
        block = rng.integers(0, 3, size=p)
        n = int(rng.integers(1, 120))
        a = [int(x) for x in rng.integers(0, 5, size=n0)]
        a += [int(block[i % p]) + s * (i // p) for i in range(n)]
        if rng.random() < 0.3:
            a[int(rng.integers(0, len(a)))] += 1
        for saltus in (False, True):
            for reps, frac in ((3, 0.5), (2, 0.0), (4, 0.5)):
                got = find_period(np.array(a), min_reps=reps, saltus=saltus, min_fraction=frac)
                want = brute_period(a, min_reps=reps, saltus=saltus, min_fraction=frac)
                assert (None if got is None else (got.preperiod, got.period, got.saltus)) == want, \
                    (a, saltus, reps, frac)


def test_finite_octal_games_get_no_saltus():
    """Finite octal games are never arithmetic-periodic (Horrocks & Nowakowski, INTEGERS 3
    (2003) G1, abstract): their family declares ordinary periods only, so neither the watch nor a
    report can give a saltus; and even the saltus-allowing finder sees saltus 0 on every
    two-digit code (and the four-digit ones below)."""
    for code in [f"0.{a}{b}" for a in "01234567" for b in "1234567"] + ["4.07", "0.137", "0.6"]:
        g = gtables.api.game(f"octal:code={code},size=1200")
        assert g.sequence is not None and not g.sequence.arithmetic
        v = gtables.compute(g.spec, store=None, until_periodic=g.has_period_theorem).values
        p = find_period(v, saltus=True)
        assert p is None or p.saltus == 0, (code, p)


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
