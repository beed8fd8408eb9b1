"""The octal-games literature table (gtables.games.octal.literature, read with the family's one
octal-code grammar games.octal.parse_code) and its comparison (gtables.verify.octal_literature).

Fast: no numba.  The independent check recomputes every small solved row with a naive
pure-Python mex written here (not the package's engine).
"""
import dataclasses
import re

import pytest

from gtables.games.octal import literature as lit
from gtables.games.octal import parse_code
from gtables.verify import octal_literature as litcmp

CANON = re.compile(r"^[04]\.[0-7]*[1-7]$")
MAX_N = 3000


def test_table_parses_and_is_consistent():
    recs = lit.records()
    assert recs, "no records"
    for code, r in recs.items():
        assert isinstance(r, lit.LitRecord)
        assert r.code == code
        assert r.status in ("solved", "open")
        assert r.source.strip()
        if r.status == "solved":
            assert r.period is not None and r.period >= 1
            assert r.preperiod is not None and r.preperiod >= 0
        else:
            assert (r.period, r.preperiod, r.max_value) == (None, None, None)
    with pytest.raises(dataclasses.FrozenInstanceError):
        recs["0.77"].period = 13   # frozen


def test_codes_are_canonical():
    for code in lit.records():
        assert CANON.match(code) or code in ("4.0", "4!.0"), code
        assert parse_code(code) == code
    assert parse_code(".14") == "0.14"
    assert parse_code("0.770") == "0.77"
    assert parse_code("4.004") == "4.004"
    assert parse_code("4!.0") == "4!.0"
    assert parse_code("4.00") == "4.0"
    for bad in ("0!.7", "1.07", "0.0G", "0.", "07"):
        with pytest.raises(ValueError):
            parse_code(bad)


def test_counts():
    recs = lit.records()
    solved = [r for r in recs.values() if r.status == "solved"]
    opened = [r for r in recs.values() if r.status == "open"]
    assert len(solved) >= 80
    assert len(solved) == 101     # 32 rows of 1a (29 solved) + 82 of 1b, 10 codes in both
    assert len(opened) == 84      # 3 open rows of 1a + 83 codes of 1c, 2 in both (.6, 4!.0)


@pytest.mark.parametrize("code,p,n0,mx", [
    ("0.77", 12, 71, 8),
    ("0.16", 149459, 105351, 23),
    ("0.1777", 60620715, 160949018, None),
    ("0.137", 34, 52, 9),
    ("0.07", 34, 53, 9),
    ("0.4", 34, 54, 9),
    ("4.4", 12, 72, 8),
    ("0.56", 144, 326640, 64),
    ("0.127", 4, 46578, 56),
    ("0.376", 4, 2268248, 176),
    ("0.354", 1180, 10061916, 113),
    ("0.156", 349, 3479, 23),
    ("0.165", 1550, 5181, 25),
    ("0.356", 142, 7315, 19),
    ("0.644", 442, 3256, 64),
    ("0.45", 20, 498, 8),
    ("0.02", 4, 1, 1),          # 1b: tczajka prefix 0, shift 2 -> n0 1
    ("0.044", 36, 214, 8),      # 1b: tczajka prefix 211, shift 3
    ("4.444", 24, 143, 17),
])
def test_spot_checks_against_doc(code, p, n0, mx):
    r = lit.lookup(code)
    assert r is not None and r.status == "solved"
    assert (r.period, r.preperiod, r.max_value) == (p, n0, mx)


def test_big_game_first_max_positions():
    assert lit.MAX_FIRST_AT["0.16"] == 229790
    assert lit.MAX_FIRST_AT["0.56"] == 22778
    assert lit.MAX_FIRST_AT["0.376"] == 341612
    assert lit.MAX_FIRST_AT["0.354"] == 1152


def test_open_games_and_sources():
    for code in ("0.6", ".6", "0.007", "4!.0", "0.04", "0.06", ".14", "4.004", "4.406", "0.776"):
        r = lit.lookup(code)
        assert r is not None and r.status == "open", code
    assert "tczajka UnsolvedGames (work-in-progress list)" in lit.lookup("0.14").source
    assert "tczajka UnsolvedGames" in lit.lookup("0.6").source
    assert "A046695" in lit.lookup("0.6").source
    assert "A002188" in lit.lookup("4!.0").source
    assert lit.lookup("4.344").status == "open"      # as the source says
    assert lit.lookup("4.0").status == "solved"      # 4.0 is not Grundy's game
    s56 = lit.lookup("0.56").source
    assert "tczajka" in s56 and "326637" in s56
    s77 = lit.lookup("0.77").source
    assert "A002186" in s77 and "TrivialGames prefix 71 period 12" in s77
    assert lit.lookup("0.999") is None and lit.lookup("0.33") is None


def test_compare_solved_vs_proved():
    assert litcmp.compare("0.77", 12, 71, 8, 1000) == []
    assert litcmp.compare(".77", 12, 71, 8, 1000) == []
    d = litcmp.compare("0.77", 24, 71, 8, 1000)
    assert len(d) == 1 and "period" in d[0] and "12" in d[0] and "24" in d[0]
    d = litcmp.compare("0.77", 12, 70, 9, 1000)
    assert len(d) == 2
    assert litcmp.compare("0.1777", 60620715, 160949018, 40, 10 ** 9) == []   # no literature max


def test_compare_solved_vs_open():
    # .16 needs about 2*105351 + 2*149459 = 509620 values
    assert litcmp.compare("0.16", None, None, None, 100000) == []
    assert litcmp.compare("0.16", None, None, None, 509620 + 7) == []
    d = litcmp.compare("0.16", None, None, None, 509620 + 8)
    assert len(d) == 1 and "149459" in d[0] and "105351" in d[0]


def test_compare_open_cases():
    assert litcmp.compare("0.6", None, None, None, 10 ** 6) == []
    d = litcmp.compare("4.344", 51, 998, 35, 60000)
    assert len(d) == 1 and "open" in d[0] and "51" in d[0]
    assert litcmp.compare("0.33", 4, 0, 3, 1000) == []          # not in the literature


# --- independent naive recomputation ---------------------------------------------------------

def naive_values(code, n_values):
    head, tail = code.split(".")
    d = [int(head)] + [int(c) for c in tail]
    g = []
    for n in range(n_values):
        opts = set()
        for k, dk in enumerate(d):
            if k > n:
                break
            r = n - k
            if k > 0 and dk & 1 and r == 0:
                opts.add(0)
            if k > 0 and dk & 2 and r > 0:
                opts.add(g[r])
            if dk & 4 and r >= 2:
                opts.update(g[a] ^ g[r - a] for a in range(1, r // 2 + 1))
        m = 0
        while m in opts:
            m += 1
        g.append(m)
    return g


def least_certified_period(g, t):
    """Least p (then least n0) that the prefix g certifies by the Guy-Smith bound."""
    n_values = len(g)
    for p in range(1, n_values):
        n0 = 0
        for n in range(n_values - p - 1, -1, -1):
            if g[n] != g[n + p]:
                n0 = n + 1
                break
        if 2 * max(n0, 1) + 2 * p + t <= n_values:
            return p, n0
    return None


def small_solved_rows():
    out = []
    for code, r in sorted(lit.records().items()):
        if r.status != "solved" or "!" in code:
            continue
        n_values = 2 * r.preperiod + 2 * r.period + 10
        if n_values <= MAX_N:
            out.append((code, n_values))
    return out


def test_enough_rows_rechecked():
    assert len(small_solved_rows()) >= 80


@pytest.mark.parametrize("code,n_values", small_solved_rows())
def test_naive_recomputation_matches(code, n_values):
    r = lit.lookup(code)
    g = naive_values(code, n_values)
    digits = [int(c) for c in code.split(".")[1]]
    t = max((k + 1 for k, dk in enumerate(digits) if dk), default=0)
    assert least_certified_period(g, t) == (r.period, r.preperiod)
    if r.max_value is not None:
        assert max(g) == r.max_value
    if code in lit.MAX_FIRST_AT:
        assert g.index(max(g)) == lit.MAX_FIRST_AT[code]


def big_rows_with_early_max():
    small = {c for c, _ in small_solved_rows()}
    return sorted(c for c, at in lit.MAX_FIRST_AT.items() if c not in small and at < MAX_N)


def test_some_big_rows_have_early_max():
    assert {"0.156", "0.356", "0.644", "0.165", "0.354"} <= set(big_rows_with_early_max())


@pytest.mark.parametrize("code", big_rows_with_early_max())
def test_naive_first_max_of_big_rows(code):
    """Partial check of the big games: the largest value first appears where the notes say."""
    at, mx = lit.MAX_FIRST_AT[code], lit.lookup(code).max_value
    g = naive_values(code, at + 1)
    assert g[at] == mx and max(g[:at]) < mx
