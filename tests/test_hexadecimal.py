"""Hexadecimal take-and-break codes in the octal family (digit bit 8: leave three non-empty heaps,
as CGSuite's ``TakeAndBreak``), and octal codes (no bit 8) unchanged by them.

The options of a heap are checked against a brute-force enumeration written from the definition
of the code (every way to remove ``k`` and leave ``j`` non-empty heaps, ``j`` a bit of ``d_k``);
the tables against the reference solver (``tests/reference.py``) on every heap, by every path
(the sequence stepper's naive and sparse kernels, the generic engine worker).  No literature
table of a hexadecimal game is used: none was found that could be read exactly (see
results/hexadecimal.md); periods of hexadecimal games are only ever *observed*.
"""
from __future__ import annotations

import itertools

import numpy as np
import pytest
from reference import Solver, reference_table

import gtables
from gtables import api
from gtables.engine.compute import fill
from gtables.engine.periodicity import find_period
from gtables.games import octal

HEX_CODES = ["0.8", "0.9", "0.B", "0.F", "0.48", "0.B7", "0.38", "0.0F", "8.0", "C.1", "0.4!8"]
OCTAL_CODES = ["0.07", "0.77", "0.137", "4.07", "4!.0", "0.6", "0.51", "0.4!7", "0.33"]


def options_by_definition(code: str, n: int) -> list[tuple[int, ...]]:
    """Every option of a heap of n, straight from the code: remove k (k >= 1, or k = 0 for the
    digit before the point, which only splits), leave j non-empty heaps for each bit 2**j of
    d_k, as sorted tuples; '!' (two heaps must differ) read from the code text."""
    head, tail = code.split(".")
    digits = [(head.rstrip("!"), head.endswith("!"))]
    for ch in tail:
        if ch == "!":
            digits[-1] = (digits[-1][0], True)
        else:
            digits.append((ch, False))
    out = []
    for k, (ch, unequal) in enumerate(digits):
        d = int(ch, 16)
        if k > n:
            break
        r = n - k
        for j in range(4):
            if not d >> j & 1 or (k == 0 and j < 2):
                continue
            for parts in itertools.product(range(1, r + 1), repeat=j):
                if sum(parts) == r and list(parts) == sorted(parts) and \
                        not (unequal and j == 2 and parts[0] == parts[1]):
                    out.append(parts)
    return sorted(out)


@pytest.mark.parametrize("code", HEX_CODES + OCTAL_CODES)
def test_heap_options_follow_the_definition(code):
    for n in range(16):
        assert sorted(octal.heap_options(code, n)) == options_by_definition(code, n), (code, n)


@pytest.mark.parametrize("code", HEX_CODES)
def test_hexadecimal_tables_equal_the_reference(code):
    spec = f"octal:code={code},size=45"
    game, want = reference_table(spec)
    assert octal.has_three(game.params["code"])
    t = gtables.compute(spec, store=None, progress=False)
    generic, _ = fill(game, generic=True, progress=False)
    naive = api.compute_values(spec, algorithm="naive")[0]
    for got in (t.values, generic, naive):
        assert np.array_equal(np.asarray(got, np.int64), np.asarray(want, np.int64)), code
    # auto: no sparse kernel for three heaps (a table this small takes the plain path)
    assert t.attrs["extra"]["algorithm"] == "plain"
    assert gtables.game(spec).sequence.stepper("auto").algorithm == "naive"


@pytest.mark.parametrize("code", OCTAL_CODES)
def test_octal_codes_behave_as_before(code):
    """Codes without bit 8: every kernel still equals the reference, the sparse-space method is
    still the default for codes with splits, and the Guy-Smith theorem still applies (not to
    '!' codes, as before)."""
    spec = f"octal:code={code},size=120"
    game, want = reference_table(spec)
    assert not octal.has_three(game.params["code"])
    auto = gtables.compute(spec, store=None, progress=False)
    for algorithm in ("naive", "sparse"):
        got = api.compute_values(spec, algorithm=algorithm)[0]
        assert np.array_equal(np.asarray(got, np.int64), np.asarray(want, np.int64)), algorithm
    generic, _ = fill(game, generic=True, progress=False)
    assert np.array_equal(np.asarray(generic, np.int64), np.asarray(want, np.int64))
    assert np.array_equal(np.asarray(auto.values, np.int64), np.asarray(want, np.int64))
    assert auto.attrs["extra"]["algorithm"] == "plain"     # a small table: numpy, no kernel
    if octal.has_splits(code):      # the default kernel of larger tables
        assert game.sequence.stepper("auto").algorithm == "sparse"
    assert game.has_period_theorem == ("!" not in code)
    assert not game.sequence.arithmetic and not game.sequence.observe_periods


def test_kayles_period_still_proved_by_guy_smith():
    """Kayles (0.77): period 12 from heap 71 (Winning Ways ch. 4), proved by the Guy-Smith test
    and the rest of the table filled from the period."""
    t = gtables.compute("octal:code=0.77,size=5000", store=None, progress=False,
                        until_periodic=True)
    x = t.attrs["extra"]
    assert (x["period"], x["preperiod"], x["saltus"]) == (12, 71, 0) and x["filled_by_period"]


def test_codes_parse_as_hexadecimal():
    assert octal.parse_code("0.b7") == "0.B7"
    assert octal.parse_code(".F0") == "0.F"
    assert octal.parse_code("c.4!9") == "C.4!9"
    assert octal.digits("0.4!B") == [0, 4 | octal.UNEQUAL, 11]
    assert octal.UNEQUAL & 15 == 0          # the '!' flag is no digit bit
    for bad in ("0.G", "0.8!", "0.C!", "1.8", "9.0", "0.F!!", "0.!8"):
        with pytest.raises(ValueError):
            octal.parse_code(bad)


def test_moves_of_a_three_heap_split():
    """Table.moves lists every option of a heap (three-heap ones as a+b+c), with the value the
    reference solver gives the sum."""
    spec = "octal:code=0.B7,size=30"
    t = gtables.compute(spec, store=None, progress=False)
    solver = Solver.of(spec)
    n = 17
    moves = t.moves(n)
    shown = sorted(tuple(sorted(int(h) for h in m["to"].split("+"))) for m in moves)
    assert shown == sorted(tuple(sorted(o)) or (0,) for o in octal.heap_options("0.B7", n))
    assert any(len(m["to"].split("+")) == 3 for m in moves)
    for m in moves:
        v = 0
        for h in m["to"].split("+"):
            v ^= solver.grundy((int(h),))
        assert m["value"] == v and m["wins"] == (v == 0)


def test_until_periodic_reports_observed_periods_only():
    """No theorem is implemented for three-heap splits: --until-periodic fills the whole table and
    reports what the values show (arithmetic periods included) as observed, never proved."""
    spec = "octal:code=0.8,size=400"
    game = api.game(spec)
    assert not game.has_period_theorem and game.sequence.observe_periods
    t = gtables.compute(spec, store=None, progress=False, until_periodic=True)
    x = t.attrs["extra"]
    assert "period" not in x and x["computed_to"] == 401
    o = x["observed"]
    p = find_period(t.values, saltus=True)
    assert (o["period"], o["preperiod"], o["saltus"]) == (p.period, p.preperiod, p.saltus)
    assert not t.periodicity().proved
    v = np.asarray(t.values, np.int64)
    n0, per, s = o["preperiod"], o["period"], o["saltus"]
    assert s > 0 and np.all(v[n0 + per:] == v[n0:-per] + s)     # arithmetic, on the whole table


def test_cli_hexadecimal(cli, tmp_path):
    r = cli("compute", "octal:code=0.8,size=300", "--until-periodic", "--no-store")
    assert r.returncode == 0, r.stderr
    assert "observed (not proved)" in r.stdout and "PROVED" not in r.stdout
    r = cli("query", "octal:code=0.8,size=30", "9", "--moves", store=str(tmp_path / "t.h5"))
    assert r.returncode == 0, r.stderr
    assert "2+3+3" in r.stdout
    for args, msg in [(("compute", "octal:code=0.8!,size=10"), "needs a digit with the split bit 4"),
                      (("compute", "octal:code=0.G,size=10"), "0-9 or A-F"),
                      (("compute", "octal:code=0.8,size=10,play=misere"), "several heaps"),
                      (("compute", "octal:code=0.B,size=50", "--algorithm", "sparse"),
                       "three heaps")]:
        r = cli(*args, "--no-store")
        assert r.returncode == 2, (args, r.stdout, r.stderr)
        assert msg in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
        assert "Traceback" not in r.stderr
