"""Clobber, Col and Blue-Red Hackenbush strings (``games/clobber.py``, ``col.py``,
``hackenbush_string.py``, each one ``define_game`` call): their dense tables against a plain
minimax recursion written here over each game's ``reference``, on every position of small
spaces, in normal and misère play; against the literature; the ``symbols`` and ``start`` hook of
``define_game`` that Clobber writes its cells with; and the CLI.

The literature: alternating 1 x n Clobber strips of even length are first-player wins except
``oxoxox`` (conjectured by Albert, Grossman, Nowakowski and Wolfe in 2004, proved by Chen,
Folkersen, Hasham, Hayward et al., arXiv:2509.08985, 2025, whose reduction rules also say that
``o``, ``oo``, ``ooo``, ``ooxx`` and ``oxoxox`` are 0 and ``oxo`` equals ``ox``); in Col a
single vertex is * and two joined vertices are 0, and an uncoloured graph with an
automorphism that fixes no vertex (an even path or cycle, a grid with an even side) is 0: the
second player answers each move with its image in the other colour (Conway, *On Numbers and
Games*; Winning Ways ch. 2); a Hackenbush string is the number of Berlekamp's rule (Winning
Ways ch. 1; *Lessons in Play*), checked here against the simplest-number recursion too.
"""
from __future__ import annotations

import functools
from fractions import Fraction
from math import ceil, floor

import numpy as np
import pytest
from conftest import run_cli

import gtables
from gtables import GtablesError, games
from gtables.engine import spaces
from gtables.games import clobber, col, hackenbush_string, snort
from gtables.games.usergame import define_game

LETTERS = "PNLR"                  # the engine's outcome codes 0..3


def dense(spec: str) -> np.ndarray:
    return np.asarray(gtables.compute(spec, store=None, progress=False).values, dtype=np.int64)


def minimax(options, misere: bool = False):
    """``outcome(position)`` by plain recursion: ``options(position, side)`` lists the
    positions the player ``side`` (0 Left, 1 Right) moves to; the player who cannot move loses
    (wins, in misère play)."""
    @functools.cache
    def wins(position, side) -> bool:           # the player `side`, to move, wins
        opts = options(position, side)
        if not opts:
            return misere
        return any(not wins(o, 1 - side) for o in opts)

    def outcome(position) -> str:
        left, right = wins(position, 0), wins(position, 1)
        return "N" if left and right else "L" if left else "R" if right else "P"
    return outcome


def reference_outcomes(spec: str, module) -> list[str]:
    """Every position's outcome by :func:`minimax` over ``module.reference``."""
    g = games.parse(spec)
    space = g.space
    if g.params.get("size"):
        positions = list(range(space.size))
        opts = functools.partial(_int_options, module.reference, space)
    else:
        positions = [tuple(int(x) for x in r) for r in space.unrank(np.arange(space.size))]
        opts = functools.partial(_cell_options, module.reference, space)
    outcome = minimax(opts, misere=g.params["play"] == "misere")
    return [outcome(p) for p in positions]


def _cell_options(reference, space, position, side):
    return [tuple(o) for o in reference(position, side, space)]


def _int_options(reference, space, position, side):
    return list(reference(position, side, space))


SPECS = [
    ("clobber:rows=2,cols=3", clobber), ("clobber:rows=1,cols=5,play=misere", clobber),
    ("col:graph=grid-2x3", col), ("col:graph=cycle-5", col),
    ("col:graph=path-5,play=misere", col),
    ("hackenbush_string:size=127", hackenbush_string),
    ("hackenbush_string:size=100,play=misere", hackenbush_string),
]


@pytest.mark.parametrize("spec,module", SPECS, ids=[s for s, _ in SPECS])
def test_dense_tables_equal_the_plain_recursion(spec, module):
    got = "".join(LETTERS[v] for v in dense(spec))
    want = "".join(reference_outcomes(spec, module))
    bad = [i for i, (a, b) in enumerate(zip(got, want)) if a != b]
    assert len(got) == len(want) and not bad, (spec, bad[:5])


# -- Clobber --------------------------------------------------------------------------------------
def outcome_of(spec: str, position: str) -> str:
    return gtables.compute(spec, store=None, progress=False).outcome(position)


def test_clobber_writes_its_stones_and_starts_from_the_checkerboard():
    g = games.parse("clobber:rows=2,cols=3")
    sp = g.space
    start = sp.parse("start")
    assert sp.format(start) == "xox|oxo" and sp.start_index() == sp.index(start)
    assert g.search.start == sp.start_index()        # solve() begins there too
    assert sp.index(sp.parse("XO.|o.x")) == sp.index(sp.parse("xo.|o.x"))
    for i in (0, 5, 777, sp.size - 1):
        assert sp.index(sp.parse(sp.format_index(i))) == i
    # cell (r, c) is bit r * cols + c of each plane: occupied above, colour (1 = blue) below
    assert sp.index(sp.parse("x..|...")) == (1 << 6) | 1
    assert sp.index(sp.parse("...|..o")) == 1 << 11
    with pytest.raises(GtablesError, match="'#' is not a cell state"):
        sp.parse("x#.|...")
    with pytest.raises(GtablesError, match="2 row"):
        sp.parse("xox")


@pytest.mark.parametrize("n", [2, 4, 6, 8])
def test_clobber_alternating_strips_of_the_literature(n):
    """Even alternating strips are N, except oxoxox (arXiv:2509.08985); ours start with x:
    theirs read from the other end, the same game."""
    assert outcome_of(f"clobber:rows=1,cols={n}", "start") == ("P" if n == 6 else "N")


def test_clobber_long_alternating_strips_by_the_reachable_search():
    for n in (10, 12):
        d = gtables.solve(f"clobber:rows=1,cols={n}", store=None, method="reachable",
                          progress=False)
        assert d["outcome"] == "N", n


def test_clobber_positions_of_the_literature():
    """Rule alpha of arXiv:2509.08985: o, oo, ooo, ooxx, oxoxox are 0 (P); oxo equals ox (N:
    each player clobbers once and the other cannot move)."""
    t = gtables.compute("clobber:rows=1,cols=6", store=None, progress=False)
    for zero in ("o.....", "oo....", "ooo...", "ooxx..", "oxoxox", "xx....", "..xxoo"):
        assert t.outcome(zero) == "P", zero
    assert t.outcome("oxo...") == t.outcome("ox....") == "N"
    assert t.outcome("...oxo") == t.outcome("xo....") == "N"
    assert t.outcome("......") == "P"


def test_clobber_colour_bits_without_stones_change_nothing():
    """The indices with a colour bit on an empty cell (``?``) are never reached; their values
    are those of the same stones without it."""
    t = dense("clobber:rows=2,cols=3")
    idx = np.arange(t.size)
    stones = idx >> 6
    clean = (idx & stones) | (stones << 6)
    assert np.array_equal(t, t[clean]) and (clean != idx).sum() > 0


# -- Col ------------------------------------------------------------------------------------------
def test_col_values_of_the_literature():
    """A vertex alone is * (N); a vertex only Left may colour is 1 (L); two joined vertices
    are 0 (P); the mirror strategy makes even paths, even cycles and grids with an even side
    0 (its image is a vertex of the other colour, so next to it is allowed in Col)."""
    assert outcome_of("col:graph=path-1", "start") == "N"
    assert outcome_of("col:graph=path-1", "L") == "L" and outcome_of("col:graph=path-1", "R") == "R"
    for n in (2, 4, 6, 8):
        assert outcome_of(f"col:graph=path-{n}", "start") == "P", n
    for spec in ("col:graph=cycle-4", "col:graph=cycle-6", "col:graph=grid-2x3",
                 "col:graph=grid-2x4"):
        assert outcome_of(spec, "start") == "P", spec


def test_col_with_the_planes_swapped_swaps_left_and_right():
    t = dense("col:graph=grid-2x3")
    n = 6
    idx = np.arange(t.size)
    swapped = (idx >> n) | ((idx & ((1 << n) - 1)) << n)
    assert np.array_equal(t[swapped], np.array([0, 1, 3, 2])[t])


def test_col_is_not_snort():
    """Same graph, opposite rule: when Left colours the end of a 3-path, Col takes the middle
    vertex from Left's plane (state 2, R), Snort from Right's (state 1, L)."""
    space = games.parse("col:graph=path-3").space
    assert (0, 2, 3) in col.reference((3, 3, 3), 0, space)
    assert (0, 1, 3) in snort.reference((3, 3, 3), 0, space)
    # then Right wins whoever starts: Right colours the far end (Left is left with nothing);
    # Left's one move (the far end) leaves Right the middle.  In Snort's #L. either player
    # moving first wins (Left the middle, Right the far end)
    assert outcome_of("col:graph=path-3", "#R.") == "R"
    assert outcome_of("snort:graph=path-3", "#L.") == "N"


# -- Hackenbush strings ---------------------------------------------------------------------------
def berlekamp(edges: str) -> Fraction:
    """Berlekamp's rule: the edges up to the first change of colour count 1 each (blue +, red
    -), each later edge half the one before."""
    value, i = Fraction(0), 0
    while i < len(edges) and edges[i] == edges[0]:
        value += 1 if edges[i] == "b" else -1
        i += 1
    half = Fraction(1, 2)
    for e in edges[i:]:
        value += half if e == "b" else -half
        half /= 2
    return value


def simplest(lo, hi) -> Fraction:
    """The simplest number strictly between ``lo`` and ``hi`` (``None``: no bound)."""
    if (lo is None or lo < 0) and (hi is None or hi > 0):
        return Fraction(0)
    if lo is not None and lo >= 0:
        k = floor(lo) + 1
        if hi is None or k < hi:
            return Fraction(k)
    else:
        k = ceil(hi) - 1
        if lo is None or k > lo:
            return Fraction(k)
    d = 2
    while True:
        m = floor(lo * d) + 1
        if Fraction(m, d) < hi:
            return Fraction(m, d)
        d *= 2


@functools.cache
def number_value(edges: str) -> Fraction:
    """A string's value by recursion: every option of a string is a number, so the string is
    the simplest number between Left's best and Right's best option."""
    lefts = [number_value(edges[:i]) for i, e in enumerate(edges) if e == "b"]
    rights = [number_value(edges[:i]) for i, e in enumerate(edges) if e == "r"]
    return simplest(max(lefts, default=None), min(rights, default=None))


def test_hackenbush_values_and_outcomes_of_berlekamps_rule():
    assert berlekamp("bbr") == Fraction(3, 2) and berlekamp("br") == Fraction(1, 2)
    assert berlekamp("brr") == Fraction(1, 4) and berlekamp("") == 0
    t = gtables.compute("hackenbush_string:size=255", store=None, progress=False)
    seen = 0
    for i in range(t.space.size):
        text = t.space.format_index(i)
        edges = "" if text == "-" else text
        value = berlekamp(edges)
        assert number_value(edges) == value, edges
        want = "L" if value > 0 else "R" if value < 0 else "P"
        assert want == ("P" if not edges else "L" if edges[0] == "b" else "R")
        assert t.outcome(text) == want, (text, value)
        seen += 1
    assert seen == 255



def test_canonical_values_of_the_literature():
    """The value kind (``value=canonical``) gives the numbers of Berlekamp's rule on every
    string of up to 7 edges, and Clobber's values of the literature (arXiv:2509.08985: ``ox``
    is ``*`` and ``oxo`` equals it, ``ooxx`` and ``oxoxox`` are 0)."""
    t = gtables.compute("hackenbush_string:size=255,value=canonical", store=None,
                        progress=False)
    for i in range(t.space.size):
        text = t.space.format_index(i)
        assert Fraction(t.describe(text)["value"]) == berlekamp(text.strip("-")), text
    c = gtables.compute("clobber:rows=1,cols=6,value=canonical", store=None, progress=False)
    value = {p: c.describe(p)["value"] for p in ("ox....", "oxo...", "ooxx..", "oxoxox")}
    assert value == {"ox....": "*", "oxo...": "*", "ooxx..": "0", "oxoxox": "0"}

def test_hackenbush_writes_strings_from_the_ground_up():
    sp = games.parse("hackenbush_string:size=63").space
    assert [sp.format_index(i) for i in range(7)] == ["-", "r", "b", "rr", "br", "rb", "bb"]
    assert sp.format_index(int(sp.parse("start")[0])) == "bbbbb"
    assert int(sp.parse("BBR")[0]) == int(sp.parse("bbr")[0]) == 2 ** 3 - 1 + 0b011
    with pytest.raises(GtablesError, match="does not parse"):
        sp.parse("bxr")
    with pytest.raises(GtablesError, match="size=63 holds every string of at most 5 edges.$"):
        sp.parse("bbbbbb")
    part = games.parse("hackenbush_string:size=100").space
    with pytest.raises(GtablesError, match="at most 5 edges, and 37 of the 64 strings of 6"):
        part.parse("bbbbbb")
    assert int(part.parse("brbrrr")[0]) == 63 + 0b101          # 6 edges, blue at 0 and 2


# -- the symbols and start hook of define_game ----------------------------------------------------
def _clear_one(pos, side, params, out):
    n = 0
    rest = pos
    while rest:
        low = rest & -rest
        out[n] = pos ^ low
        n, rest = n + 1, rest ^ low
    return n


def test_symbols_and_start_hook():
    fam = define_game("hooked", space="graph", moves=_clear_one, max_options=lambda sp: 2 * sp.n,
                      planes=2, symbols="-ab*", start=lambda sp: [1] * sp.n)
    sp = fam.game(fam.parse([("graph", "path-3")])).space
    assert sp.format(sp.parse("start")) == "aaa" and sp.start_index() == 0b000111
    assert list(sp.parse("-B*")) == [0, 2, 3] and sp.index(sp.parse("-B*")) == 0b110100
    assert sp.format_index(0b110100) == "-b*"
    meta = sp.meta()
    assert meta["symbols"] == "-ab*" and meta["start"] == 0b000111
    assert spaces.from_meta(meta) is None           # a stored table takes the family's way
    plain = define_game("plain", space="graph", moves=_clear_one, max_options=6, planes=2)
    psp = plain.game(plain.parse([("graph", "path-3")])).space
    assert spaces.from_meta(psp.meta()) is not None and psp.format(psp.parse("start")) == "..."


@pytest.mark.parametrize("kwargs,words", [
    ({"symbols": "ab"}, "symbols must be 4 different characters"),
    ({"symbols": ".aAx"}, "symbols must be 4"),
    ({"symbols": ".|ox"}, "symbols must be 4"),
    ({"symbols": 4}, "symbols must be 4"),
    ({"start": "xox"}, "start must be a function"),
    ({"space": "integers", "planes": 1, "symbols": ".x"}, "symbols and start are for boards"),
])
def test_symbols_and_start_refused(kwargs, words):
    args = {"space": "board", "moves": _clear_one, "max_options": 40, "planes": 2} | kwargs
    with pytest.raises(GtablesError, match=words):
        define_game("refused", **args)


def test_a_start_of_the_wrong_shape_is_refused_when_the_space_is_made():
    fam = define_game("badstart", space="board", moves=_clear_one, max_options=40,
                      start=lambda sp: [1] * (sp.n - 1))
    with pytest.raises(GtablesError, match="start.space. gave 3 cell states"):
        fam.game(fam.parse([("rows", "2"), ("cols", "2")]))
    fam = define_game("badstart", space="board", moves=_clear_one, max_options=40,
                      start=lambda sp: [7] * sp.n)
    with pytest.raises(GtablesError, match="badstart: start.space.: cell 0 has state 7"):
        fam.game(fam.parse([("rows", "2"), ("cols", "2")]))
    fam = define_game("badstart", space="board", moves=_clear_one, max_options=40,
                      start=lambda sp: 1 / 0)
    with pytest.raises(GtablesError, match="ZeroDivisionError"):
        fam.game(fam.parse([("rows", "2"), ("cols", "2")]))


# -- the CLI --------------------------------------------------------------------------------------
def test_cli_computes_and_queries_the_three_games(tmp_path):
    store = str(tmp_path / "tables")
    r = run_cli("compute", "clobber:rows=2,cols=3", "--store", store)
    assert r.returncode == 0, r.stderr
    r = run_cli("query", "clobber:rows=2,cols=3", "start", "--store", store)
    assert r.returncode == 0 and "position xox|oxo: outcome P" in r.stdout, r.stdout + r.stderr
    r = run_cli("query", "clobber:rows=2,cols=3", "xo.|ox.", "--moves", "--store", store)
    assert r.returncode == 0, r.stderr
    assert "Left: -> .x.|ox." in r.stdout and "Right: -> x..|oo." in r.stdout, r.stdout
    r = run_cli("query", "clobber:rows=2,cols=3", "x#.|ox.", "--store", store)
    assert r.returncode == 2 and r.stderr.strip().splitlines()[-1].startswith("gtables: error:")
    assert "Traceback" not in r.stderr
    r = run_cli("query", "hackenbush_string:size=127", "bbr", "--moves", "--store", store)
    assert r.returncode == 0 and "position bbr: outcome L" in r.stdout, r.stdout + r.stderr
    assert "Right: -> bb" in r.stdout
    r = run_cli("query", "col:graph=path-4", "start", "--store", store)
    assert r.returncode == 0 and "position ....: outcome P" in r.stdout, r.stdout + r.stderr
