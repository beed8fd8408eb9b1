"""Nim, subtraction, octal and stripes: kernels against the reference solver (tests/reference.py,
over the families' options_ref) on every position of small tables, plus literature values."""
import pytest
from reference import Solver, reference_table

import gtables
from gtables.errors import GtablesError
from gtables.games import octal, parse, stripes


def table(spec):
    return gtables.compute(spec, store=None)


@pytest.mark.parametrize("spec", ["nim:heaps=1,size=40", "nim:heaps=2,size=9", "nim:heaps=3,size=6",
                                  "nim:heaps=4,size=4", "nim:heaps=3,size=5,play=misere"])
def test_nim_matches_reference(spec):
    t = table(spec)
    assert [int(v) for v in t.values] == reference_table(spec)[1]


@pytest.mark.parametrize("spec", ["subtraction:set=1-3,size=60", "subtraction:set=2+5+6,size=80",
                                  "subtraction:set={1,4},size=30,heaps=2",
                                  "subtraction:set=1-2,size=12,heaps=3,play=misere"])
def test_subtraction_matches_reference(spec):
    t = table(spec)
    assert [int(v) for v in t.values] == reference_table(spec)[1]


@pytest.mark.parametrize("code", ["0.07", "0.77", "0.137", "4.07", "0.6", "0.16", "0.4", "0.33",
                                  "0.007", "0.3122", "4.0"])
def test_octal_matches_reference(code):
    spec = f"octal:code={code},size=70"
    assert [int(v) for v in table(spec).values] == reference_table(spec)[1]


def test_octal_misere_without_splits_matches_reference():
    spec = "octal:code=0.33,size=60,play=misere"
    assert [int(v) for v in table(spec).values] == reference_table(spec)[1]
    with pytest.raises(GtablesError, match="several heaps"):
        parse("octal:code=0.07,size=10,play=misere")


def test_sums_follow_the_xor_rule():
    """Nim values of sums (the solver's brute force over sums of heaps, no Grundy theory) agree
    with the XOR of the kernel's Grundy values: 0.07 (splits) and a two-heap subtraction game."""
    g = table("octal:code=0.07,size=12").values
    s = Solver.of("octal:code=0.07,size=12")
    for a in range(13):
        for b in range(a, 13):
            assert s.wins(((a,), (b,))) == bool(g[a] ^ g[b]), (a, b)
    assert s.wins(((3,), (4,), (7,))) == bool(g[3] ^ g[4] ^ g[7])


def test_stripes_is_the_octal_code():
    assert stripes.code_of(2, 5, 8) == "0.07007007"
    a = table("stripes:a=2,b=5,c=8,size=200").values
    b = table("octal:code=0.07007007,size=200").values
    assert (a == b).all()
    assert [int(v) for v in a[:60]] == reference_table("stripes:a=2,b=5,c=8,size=59")[1]


def test_literature_values_kayles_and_dawson():
    # Dawson's Kayles 0.07 (seed 001 game C, and Winning Ways): period 34 after the exceptions
    d = table("octal:code=0.07,size=300").values
    assert list(d[:8]) == [0, 0, 1, 1, 2, 0, 3, 1]
    assert all(d[n + 34] == d[n] for n in range(53, 260))
    assert d[52] != d[86]  # the last exception
    # Kayles 0.77: period 12 from n = 71 on; G(70) is the last exception
    k = table("octal:code=0.77,size=300").values
    assert list(k[:12]) == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    assert all(k[n + 12] == k[n] for n in range(71, 280))
    assert k[70] != k[82]
    # Dawson's chess 0.137 is 0.07 shifted by one
    c = table("octal:code=0.137,size=299").values
    assert (c[:299] == d[1:300]).all()


def test_octal_code_parsing():
    assert octal.parse_code(".07") == "0.07"
    assert octal.parse_code("0.070") == "0.07"
    assert parse("octal:code=.07,size=5").spec == "octal:code=0.07,size=5"
    for bad in ("0.0G", "0.8!", "1.07", "0.", "007", "0." + "1" * 33, "abc"):
        with pytest.raises(ValueError):
            octal.parse_code(bad)


def test_spec_errors():
    for bad, msg in [("nim:heaps=5,size=3", "out of range"), ("nim:size=3", "missing key"),
                     ("nim:heaps=2,size=3,colour=red", "unknown key"), ("chess:size=3", "unknown family"),
                     ("nim:heaps=2,size=-1", "out of range"), ("nim:heaps,size=3", "not key=value"),
                     ("subtraction:set=0-3,size=9", "positive"),
                     ("subtraction:set=x,size=9", "not an integer"),
                     ("nim:heaps=1,heaps=2,size=3", "twice"), (":x=1", "malformed")]:
        with pytest.raises(GtablesError, match=msg):
            parse(bad)


def test_canonical_specs():
    assert parse("subtraction:size=10,set={3,1,2}").spec == "subtraction:set=1-3,size=10"
    assert parse("subtraction:set=1+2+5+6+7,size=10").spec == "subtraction:set=1-2+5-7,size=10"
    assert parse("nim:heaps=2,size=3,play=normal").spec == "nim:heaps=2,size=3"


def test_queries_and_winning_moves():
    t = table("nim:heaps=3,size=7")
    assert t.value([1, 2, 3]) == 0 and t.outcome("1,2,3") == "P"
    wins = t.winning_moves([3, 3, 1])
    assert sorted(m["to"] for m in wins) == ["2,3,1", "3,2,1", "3,3,0"]
    assert (t.lookup([[1, 2, 3], [3, 3, 1]]) == [0, 1]).all()
    with pytest.raises(GtablesError, match="larger than"):
        t.value([8, 0, 0])
    o = table("octal:code=0.07,size=20")
    moves = {m["to"]: m for m in o.moves(7)}
    assert set(moves) == {"5", "1+4", "2+3"}
    assert {m["to"] for m in o.winning_moves(7)} == {"5", "2+3"}


@pytest.mark.parametrize("code", ["0.07", "0.77", "4.07", "0.6", "0.3122", "0.16"])
def test_octal_specialised_worker_equals_generic_kernel(code):
    from gtables.engine.compute import fill
    g = parse(f"octal:code={code},size=2000")
    fast, _ = fill(g)
    slow, _ = fill(g, generic=True)
    assert fast.dtype == slow.dtype and (fast == slow).all()


def _twin_codes():
    from gtables.games.octal import parse_code
    two = [parse_code(f"4.{a}{b}") for a in range(8) for b in range(8)]
    import numpy as np
    rng = np.random.default_rng(4)
    three = [parse_code("4." + "".join(str(int(x)) for x in rng.integers(0, 8, 3)))
             for _ in range(24)]
    return sorted(set(two + three + ["4.064", "4.406", "4.0"]))


def test_shift_twins_have_the_shifted_values():
    """gtables.games.octal.shift_twin: a heap of n + 1 of a d0 = 4 code is a heap of n of its
    0-code twin (same game), so their values agree shifted by one; codes without a twin are the
    ones whose heap of 1 has a move."""
    from gtables.games.octal import digits, shift_twin
    found = 0
    for code in _twin_codes():
        twin = shift_twin(code)
        if digits(code)[1:2] and digits(code)[1] & 1:
            assert twin is None
            continue
        assert twin is not None and twin.startswith("0.")
        a = reference_table(f"octal:code={code},size=160")[1]
        b = reference_table(f"octal:code={twin},size=159")[1]
        assert a[1:] == b, (code, twin)
        found += 1
    assert found >= 40
    assert shift_twin("4.064") == "0.7377" and shift_twin("4.406") == "0.7737"
    assert shift_twin("0.07") is None and shift_twin("4!.0") is None
