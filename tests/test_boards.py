"""The board and graph games of the public game API (``gtables.define_game``): Cram, Domineering,
Node-Kayles and Snort against their rules written again here in plain Python, cell by cell, and
solved by the tests' one reference solver (``tests/reference.py``); the dense fill in layers
against the serial one; the reachable search against both; sums, identities and the literature
(``gtables.verify.boards_literature``); refusals; a user's own game from a rules file; the
search's checkpoints.

Cell ``(r, c)`` of a board is cell ``r * cols + c``; a position's index has bit ``k * n + c`` set
when cell ``c`` is in plane ``k`` (one plane: free; Snort's two: Left, Right may colour it).
:func:`unrank` reads that from an index here, without gtables, so the rules below see cells, not
bitmasks.
"""
from __future__ import annotations

import functools
import importlib.util
import json
import os
import subprocess
import sys

import numpy as np
import pytest
from reference import Solver

import gtables
from gtables import GtablesError
from gtables.engine import kernels, search
from gtables.engine.compute import fill
from gtables.engine.moves import Moves
from gtables.verify.boards_literature import (
    A002187,
    CRAM_VALUES,
    DOMINEERING_OUTCOMES,
    NODE_KAYLES_GRID_3XN,
)

LETTERS = "PNLR"                  # the engine's outcome codes 0..3
SWAP_LR = np.array([0, 1, 3, 2])  # P, N stay; L and R trade places


# -- geometry, without gtables ---------------------------------------------------------------------
def parse_spec(spec: str) -> tuple[str, dict]:
    name, _, rest = spec.partition(":")
    return name, dict(kv.split("=", 1) for kv in rest.split(","))


def graph(text: str) -> tuple[int, list[set[int]]]:
    """``(n, neighbours)`` of ``path-N``, ``cycle-N``, ``grid-RxC``, ``complete-N`` or an edge
    list ``0-1+1-2+5`` (a lone vertex is isolated)."""
    kind, _, arg = text.partition("-")
    if kind in ("path", "cycle", "complete"):
        n = int(arg)
        edges = [(i, i + 1) for i in range(n - 1)]
        if kind == "cycle":
            edges.append((n - 1, 0))
        if kind == "complete":
            edges = [(i, j) for i in range(n) for j in range(i + 1, n)]
    elif kind == "grid":
        r, c = (int(x) for x in arg.split("x"))
        n = r * c
        edges = [(i * c + j, i * c + j + 1) for i in range(r) for j in range(c - 1)] + \
                [(i * c + j, (i + 1) * c + j) for i in range(r - 1) for j in range(c)]
    else:
        items = [[int(v) for v in item.split("-")] for item in text.split("+")]
        n = 1 + max(v for item in items for v in item)
        edges = [tuple(item) for item in items if len(item) == 2]
    adj: list[set[int]] = [set() for _ in range(n)]
    for a, b in edges:
        adj[a].add(b)
        adj[b].add(a)
    return n, adj


def dominoes(rows: int, cols: int, vertical: bool, horizontal: bool) -> list[tuple[int, int]]:
    out = []
    for r in range(rows):
        for c in range(cols):
            if horizontal and c + 1 < cols:
                out.append((r * cols + c, r * cols + c + 1))
            if vertical and r + 1 < rows:
                out.append((r * cols + c, (r + 1) * cols + c))
    return out


def cells_of(spec: str) -> tuple[int, int]:
    """``(cells, planes)`` of a spec."""
    name, kv = parse_spec(spec)
    n = int(kv["rows"]) * int(kv["cols"]) if "rows" in kv else graph(kv["graph"])[0]
    return n, 2 if name == "snort" else 1


def unrank(index: int, n: int, planes: int) -> tuple[int, ...]:
    """The cell states of an index: bit ``c`` is plane 0 (state 1), bit ``n + c`` plane 1
    (state 2)."""
    return tuple(((index >> c) & 1) | ((((index >> (n + c)) & 1) << 1) if planes == 2 else 0)
                 for c in range(n))


def rank(cells: tuple[int, ...]) -> int:
    n = len(cells)
    return sum(((s & 1) << c) | (((s >> 1) & 1) << (n + c)) for c, s in enumerate(cells))


# -- the rules, cell by cell -----------------------------------------------------------------------
def place(pairs):
    """A domino game's options: a domino of ``pairs`` on two free cells."""
    def options(pos, side=0):
        out = []
        for a, b in pairs[side]:
            if pos[a] and pos[b]:
                q = list(pos)
                q[a] = q[b] = 0
                out.append((tuple(q),))
        return out
    return options


def node_kayles(adj):
    def options(pos, side=0):
        out = []
        for v, live in enumerate(pos):
            if live:
                q = list(pos)
                for w in {v} | adj[v]:
                    q[w] = 0
                out.append((tuple(q),))
        return out
    return options


def snort(adj):
    """Cell states: bit 0 Left may colour it, bit 1 Right may.  A coloured vertex can be coloured
    by no one; its neighbours by the colourer only."""
    def options(pos, side=0):
        mine, theirs = (1, 2) if side == 0 else (2, 1)
        out = []
        for v, s in enumerate(pos):
            if s & mine:
                q = list(pos)
                q[v] = 0
                for w in adj[v]:
                    q[w] &= ~theirs
                out.append((tuple(q),))
        return out
    return options


def rules(spec: str):
    name, kv = parse_spec(spec)
    if name in ("cram", "domineering"):
        r, c = int(kv["rows"]), int(kv["cols"])
        if name == "cram":
            both = dominoes(r, c, True, True)
            return place([both, both])
        return place([dominoes(r, c, True, False), dominoes(r, c, False, True)])
    adj = graph(kv["graph"])[1]
    return node_kayles(adj) if name == "nodekayles" else snort(adj)


def kind_of(spec: str) -> str:
    name, kv = parse_spec(spec)
    misere = kv.get("play") == "misere"
    if name in ("domineering", "snort"):
        return "partizan_misere" if misere else "partizan"
    return "misere" if misere else "grundy"


@functools.cache
def reference(spec: str) -> np.ndarray:
    """Every position's value by the reference solver over :func:`rules`, in index order."""
    n, planes = cells_of(spec)
    solver = Solver(rules(spec))
    kind = kind_of(spec)
    return np.array([solver.value(unrank(i, n, planes), kind)
                     for i in range(1 << (planes * n))], dtype=np.int64)


@functools.cache
def dense(spec: str) -> np.ndarray:
    return np.asarray(gtables.compute(spec, store=None, progress=False).values, dtype=np.int64)


def first_difference(spec: str, got, want) -> str:
    got, want = np.asarray(got), np.asarray(want)
    bad = np.flatnonzero(got != want)
    if not bad.size:
        return ""
    i = int(bad[0])
    where = game(spec).space.format_index(i)
    return (f"{spec}: {bad.size} positions differ, first {where} (index {i}): got {got[i]}, "
            f"reference {want[i]}")


@functools.cache
def game(spec: str):
    return gtables.game(spec)


def searched(spec: str, index: int) -> int:
    """The reachable search's answer at ``index``, in the table's encoding."""
    r = search.solve(game(spec), index, progress=False)
    return r.value if r.value is not None else LETTERS.index(r.outcome)


# -- (a) every position against the reference --------------------------------------------------------
EVERY_POSITION = [
    "cram:rows=3,cols=3", "cram:rows=2,cols=4", "cram:rows=3,cols=4",
    "cram:rows=3,cols=3,play=misere", "cram:rows=2,cols=4,play=misere",
    "cram:rows=3,cols=4,play=misere",
    "domineering:rows=3,cols=3", "domineering:rows=2,cols=5",
    "domineering:rows=3,cols=3,play=misere", "domineering:rows=2,cols=5,play=misere",
    "nodekayles:graph=path-7", "nodekayles:graph=cycle-6", "nodekayles:graph=grid-2x3",
    "nodekayles:graph=complete-4", "nodekayles:graph=0-1+1-2+2-0+2-3+3-4+5",
    "nodekayles:graph=path-7,play=misere", "nodekayles:graph=cycle-6,play=misere",
    "nodekayles:graph=0-1+1-2+2-0+2-3+3-4+5,play=misere",
    "snort:graph=path-5", "snort:graph=cycle-5", "snort:graph=grid-2x3",
    "snort:graph=path-5,play=misere", "snort:graph=cycle-5,play=misere",
    "snort:graph=grid-2x3,play=misere",
]


def test_the_cell_numbering_is_the_documented_one():
    g = gtables.game("snort:graph=grid-2x3")
    idx = np.arange(g.space.size)
    mine = np.array([unrank(i, 6, 2) for i in idx])
    assert np.array_equal(g.space.unrank(idx), mine)
    b = gtables.game("cram:rows=2,cols=3")
    assert b.space.format_index(rank((1, 0, 0, 1, 1, 0))) == ".##|..#"   # (r, c) = r * cols + c
    assert b.space.index(b.space.parse("#..|.#.")) == 0b101110


@pytest.mark.parametrize("spec", EVERY_POSITION)
def test_the_dense_table_is_the_reference_on_every_position(spec):
    t = gtables.compute(spec, store=None, progress=False)
    assert t.kind == kind_of(spec)
    assert not first_difference(spec, dense(spec), reference(spec))


@pytest.mark.parametrize("spec", ["snort:graph=path-5", "snort:graph=grid-2x3"])
def test_snort_from_its_colourings(spec):
    """Snort played from the start as colourings (no planes at all): every colouring reachable
    from the start has the class the table gives its position."""
    n, adj = graph(parse_spec(spec)[1]["graph"])

    def legal(colours, v, me):
        return colours[v] is None and all(colours[w] in (None, me) for w in adj[v])

    @functools.cache
    def wins(colours, side):              # does side ("L" 0, "R" 1), moving first, win?
        me = "LR"[side]
        return any(not wins(colours[:v] + (me,) + colours[v + 1:], 1 - side)
                   for v in range(n) if legal(colours, v, me))

    def index(colours):
        return rank(tuple(legal(colours, v, "L") | legal(colours, v, "R") << 1
                          for v in range(n)))

    table = dense(spec)
    seen, todo = set(), [(None,) * n]
    while todo:
        c = todo.pop()
        if c in seen:
            continue
        seen.add(c)
        lw, rw = wins(c, 0), wins(c, 1)
        want = 1 if lw and rw else 2 if lw else 3 if rw else 0
        assert table[index(c)] == want, (spec, c)
        todo += [c[:v] + (me,) + c[v + 1:] for v in range(n) for me in "LR" if legal(c, v, me)]
    assert len(seen) > 30


LAYERED = ["cram:rows=4,cols=4", "cram:rows=3,cols=5,play=misere", "domineering:rows=4,cols=4",
           "domineering:rows=3,cols=5,play=misere", "nodekayles:graph=grid-4x4",
           "nodekayles:graph=path-16,play=misere", "snort:graph=grid-2x4",
           "snort:graph=path-7,play=misere"]


@pytest.mark.parametrize("spec", LAYERED)
def test_the_layered_fill_is_the_serial_fill(spec, monkeypatch):
    g = gtables.game(spec)
    assert g.moves_type is Moves and Moves.plan(g, 1).bounds is None
    serial, _ = fill(g, threads=1, progress=False)
    assert Moves.plan(g, 2).bounds.size > 2        # more than one layer of blocks

    def no_fallback(*a):
        raise AssertionError(f"{spec}: the layered fill fell back to the serial one")
    # every option of these games is a submask: the layers must hold, never the fallback
    monkeypatch.setattr(kernels, "moves_range", no_fallback)
    layered, _ = fill(g, threads=2, progress=False)
    assert not first_difference(spec, layered, serial)


def test_the_layered_fill_is_the_reference_on_every_position():
    # 2^12 positions: four blocks of the layered fill, in three layers
    for spec in ("cram:rows=3,cols=4", "domineering:rows=2,cols=6,play=misere"):
        got, _ = fill(game(spec), threads=2, progress=False)
        assert not first_difference(spec, got, reference(spec))


SEARCHED = ["cram:rows=3,cols=3", "cram:rows=3,cols=3,play=misere", "domineering:rows=3,cols=3",
            "domineering:rows=3,cols=3,play=misere", "nodekayles:graph=cycle-6",
            "nodekayles:graph=0-1+1-2+2-0+2-3+3-4+5",
            "nodekayles:graph=0-1+1-2+2-0+2-3+3-4+5,play=misere",
            "snort:graph=path-5", "snort:graph=path-5,play=misere"]


@pytest.mark.parametrize("spec", SEARCHED)
def test_the_reachable_search_is_the_reference_on_every_position(spec):
    want = reference(spec)
    got = [searched(spec, i) for i in range(want.size)]
    assert not first_difference(spec, got, want)


def test_solve_agrees_with_itself_across_methods():
    for spec in ("cram:rows=3,cols=4", "domineering:rows=2,cols=5,play=misere",
                 "snort:graph=grid-2x3"):
        a = gtables.solve(spec, store=None, method="dense")
        b = gtables.solve(spec, store=None, method="reachable")
        assert (a.get("grundy"), a["outcome"]) == (b.get("grundy"), b["outcome"]), spec
        table = dense(spec)
        for i in range(0, table.size, 61):
            b = gtables.solve(spec, game(spec).space.format_index(i), store=None,
                              method="reachable")
            assert b.get("grundy", LETTERS.index(b["outcome"])) == table[i], (spec, i)


# -- (b) sums -------------------------------------------------------------------------------------
def submask(index: int, cells: list[int]) -> int:
    return sum(((index >> c) & 1) << k for k, c in enumerate(cells))


@pytest.mark.parametrize("wall", [1, 2])
def test_a_wall_splits_cram_into_a_sum(wall):
    """Every position of Cram 3 x 5 whose column ``wall`` is taken: the XOR of the board left of
    it and the board right of it, each computed as a board of its own."""
    big = dense("cram:rows=3,cols=5")
    left = dense(f"cram:rows=3,cols={wall}")
    right = dense(f"cram:rows=3,cols={4 - wall}")
    lc = [r * 5 + c for r in range(3) for c in range(wall)]
    rc = [r * 5 + c for r in range(3) for c in range(wall + 1, 5)]
    for i in range(big.size):
        if any((i >> (r * 5 + wall)) & 1 for r in range(3)):
            continue
        assert big[i] == left[submask(i, lc)] ^ right[submask(i, rc)], \
            game("cram:rows=3,cols=5").space.format_index(i)


def test_a_graph_in_two_pieces_is_a_sum():
    big = dense("nodekayles:graph=0-1+1-2+3-4+4-5+5-6")
    a, b = dense("nodekayles:graph=path-3"), dense("nodekayles:graph=path-4")
    for i in range(big.size):
        assert big[i] == a[i & 7] ^ b[i >> 3], i


def test_a_wall_on_a_big_board_by_the_reachable_search():
    # 3 x 3 (value 0) beside 3 x 5 (value 1) beside 3 x 4 (value 1): 0 ^ 1 ^ 1
    row = "...#.....#...."
    d = gtables.solve("cram:rows=3,cols=14", "|".join([row] * 3), store=None,
                      method="reachable")
    parts = [gtables.solve(f"cram:rows=3,cols={c}", store=None, method="reachable")["grundy"]
             for c in (3, 5, 4)]
    assert d["grundy"] == parts[0] ^ parts[1] ^ parts[2]


# -- (c) identities ---------------------------------------------------------------------------------
def runs(index: int, n: int) -> list[int]:
    out, k = [], 0
    for c in range(n + 1):
        if c < n and (index >> c) & 1:
            k += 1
        elif k:
            out.append(k)
            k = 0
    return out


def xor_of(values, lengths) -> int:
    v = 0
    for k in lengths:
        v ^= int(values[k])
    return v


def test_cram_one_row_is_dawsons_kayles_octal_07():
    octal = dense("octal:code=0.07,size=20")
    row = dense("cram:rows=1,cols=20")
    for n in range(21):
        assert row[(1 << n) - 1] == octal[n], n
    small = dense("cram:rows=1,cols=12")
    for i in range(small.size):
        assert small[i] == xor_of(octal, runs(i, 12)), i


def test_node_kayles_on_a_path_is_dawsons_chess_octal_137():
    octal = dense("octal:code=0.137,size=20")
    path = dense("nodekayles:graph=path-20")
    for n in range(21):
        assert path[(1 << n) - 1] == octal[n] == A002187[n], n
    small = dense("nodekayles:graph=path-12")
    for i in range(small.size):
        assert small[i] == xor_of(octal, runs(i, 12)), i


@pytest.mark.parametrize("rows,cols", [(2, 2), (2, 3), (2, 4), (2, 5), (4, 4), (4, 5), (2, 7),
                                       (4, 6), (6, 3), (6, 4)])
def test_cram_even_by_even_is_zero_even_by_odd_is_not(rows, cols):
    spec = f"cram:rows={rows},cols={cols}"
    r = gtables.solve(spec, store=None, method="reachable")["grundy"]
    if rows * cols <= 20:
        assert gtables.solve(spec, store=None, method="dense")["grundy"] == r
    assert (r == 0) == (cols % 2 == 0), (rows, cols, r)


@pytest.mark.parametrize("rows,cols,play", [(2, 3, "normal"), (3, 4, "normal"),
                                            (2, 3, "misere"), (3, 4, "misere")])
def test_domineering_transposed_swaps_left_and_right(rows, cols, play):
    a = dense(f"domineering:rows={rows},cols={cols},play={play}")
    b = dense(f"domineering:rows={cols},cols={rows},play={play}")
    for i in range(a.size):
        j = sum(((i >> (r * cols + c)) & 1) << (c * rows + r)
                for r in range(rows) for c in range(cols))
        assert b[j] == SWAP_LR[a[i]], (rows, cols, play, i)


@pytest.mark.parametrize("spec", ["snort:graph=path-5", "snort:graph=grid-2x3",
                                  "snort:graph=cycle-5,play=misere",
                                  "snort:graph=grid-2x3,play=misere"])
def test_snort_with_the_planes_swapped_swaps_left_and_right(spec):
    t = dense(spec)
    n = cells_of(spec)[0]
    idx = np.arange(t.size)
    swapped = (idx >> n) | ((idx & ((1 << n) - 1)) << n)
    assert np.array_equal(t[swapped], SWAP_LR[t])


# -- (d) literature ---------------------------------------------------------------------------------
@pytest.mark.parametrize("board", sorted(b for b in CRAM_VALUES if b[0] * b[1] <= 25))
def test_cram_values_of_the_literature(board):
    rows, cols = board
    value, source = CRAM_VALUES[board]
    d = gtables.solve(f"cram:rows={rows},cols={cols}", store=None, method="reachable")
    assert d["grundy"] == value, (board, source)


def test_cram_two_rows_literature_rule():
    # CRAM_RULES["2xn"]: *0 for even n, *1 for odd n
    for n in range(1, 13):
        d = gtables.solve(f"cram:rows=2,cols={n}", store=None, method="reachable")
        assert d["grundy"] == n % 2, n


def test_node_kayles_three_by_n_of_the_literature():
    for n in range(1, 9):
        d = gtables.solve(f"nodekayles:graph=grid-3x{n}", store=None, method="reachable")
        assert d["grundy"] == NODE_KAYLES_GRID_3XN[n], n


def test_node_kayles_ladders_and_four_rows_of_the_literature():
    # NODE_KAYLES_RULES: 2 x n gives 1, 0, 1, 0, ...; 4 x n gives 0 throughout
    for n in range(1, 9):
        assert gtables.solve(f"nodekayles:graph=grid-2x{n}", store=None,
                             method="reachable")["grundy"] == n % 2, n
        assert gtables.solve(f"nodekayles:graph=grid-4x{n}", store=None,
                             method="reachable")["grundy"] == 0, n


@pytest.mark.parametrize("board", [(2, 2), (5, 5)])
def test_domineering_outcomes_of_the_literature(board):
    rows, cols = board
    d = gtables.solve(f"domineering:rows={rows},cols={cols}", store=None, method="reachable")
    assert d["outcome"] == DOMINEERING_OUTCOMES[board][0]


def test_domineering_rectangles_as_obsequi_checks_them():
    """Every rectangle of at most 36 cells (6 x 6, 5 x 7, 7 x 5 and the smaller), by the outcome
    search (its options fewest replies first, Domineering's safe-move rule), against the outcome
    Bullock's Obsequi checks; the boards of at most 16 cells against the dense table too."""
    from gtables.verify.boards_literature import DOMINEERING_OBSEQUI
    for (rows, cols), want in sorted(DOMINEERING_OBSEQUI.items()):
        if rows * cols > 36:
            continue
        d = gtables.solve(f"domineering:rows={rows},cols={cols}", store=None, method="reachable",
                          progress=False)
        assert d["outcome"] == want, (rows, cols)
        if rows * cols <= 16:
            assert LETTERS[dense(f"domineering:rows={rows},cols={cols}")[-1]] == want


def test_domineering_strips_of_the_literature():
    # DOMINEERING_RULES: a row of 2n or 2n+1 cells is -n (Right wins), a column +n (Left wins)
    for k in range(2, 8):
        assert dense(f"domineering:rows=1,cols={k}")[-1] == LETTERS.index("R")
        assert dense(f"domineering:rows={k},cols=1")[-1] == LETTERS.index("L")
    assert dense("domineering:rows=1,cols=1")[-1] == LETTERS.index("P")


# -- (e) refusals --------------------------------------------------------------------------------------
def cli(*args, cwd):
    return subprocess.run([sys.executable, "-m", "gtables.cli", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("spec,position,says", [
    ("cram:rows=2,cols=3", "x..|...", "is not a cell state"),
    ("cram:rows=2,cols=3", "...|...|...", "2 row(s) of 3 cells"),
    ("nodekayles:graph=star-5", "start", "unknown graph"),
    ("cram:rows=8,cols=8", "start", "at most 62"),
])
def test_the_cli_refuses_in_one_line(tmp_path, spec, position, says):
    r = cli("query", spec, position, "--store", str(tmp_path / "tables"), cwd=tmp_path)
    assert r.returncode == 2, r.stdout + r.stderr
    assert says in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert "Traceback" not in r.stderr


def climbs(pos, side, params, out):
    """A bad game: from a position without cell 0 the move adds it (a larger index)."""
    if pos == 0 or pos & 1 == 0:
        out[0] = pos | 1
        return 1
    out[0] = pos & (pos - 1)
    return 1


def too_many(pos, side, params, out):
    """A bad game: writes one option and says three (its max_options is 2)."""
    if pos == 0:
        return 0
    out[0] = pos & (pos - 1)
    return 3


def test_a_move_to_a_larger_index_is_refused_with_the_position_and_option():
    gtables.define_game("tb_climbs", space="board", moves=climbs, max_options=1)
    with pytest.raises(GtablesError) as e:
        gtables.compute("tb_climbs:rows=1,cols=3", store=None, progress=False)
    assert "### (index 0)" in str(e.value) and ".## (index 1)" in str(e.value)
    with pytest.raises(GtablesError) as e:
        gtables.solve("tb_climbs:rows=1,cols=3", store=None, method="reachable")
    assert "#.. (index 6)" in str(e.value) and "... (index 7)" in str(e.value)


def test_a_count_above_max_options_is_refused():
    gtables.define_game("tb_too_many", space="graph", moves=too_many, max_options=2)
    for method in ("dense", "reachable"):
        with pytest.raises(GtablesError, match=r"returned 3 options.*max_options \(2\)"):
            gtables.solve("tb_too_many:graph=path-3", store=None, method=method)


def test_bad_definitions_are_refused():
    from gtables.games.cram import cram_moves
    with pytest.raises(GtablesError, match="split='regions' is for boards"):
        gtables.define_game("tb_split", space="integers", moves=cram_moves, max_options=40,
                            partizan=True, split="regions")
    with pytest.raises(GtablesError, match="symmetry must be"):
        gtables.define_game("tb_sym", space="board", moves=cram_moves, max_options=40,
                            symmetry="mirror")
    with pytest.raises(GtablesError, match="split must be"):
        gtables.define_game("tb_split2", space="board", moves=cram_moves, max_options=40,
                            split="components")
    assert "tb_split" not in gtables.games.families()


# -- (f) a user's own game, from a rules file ------------------------------------------------------
RULES = '''\
"""Trominoes: players in turn place a straight 1 x 3 tromino (in a row or a column) on free
cells of a board; the player who cannot place one loses."""
import gtables
from gtables.cells import COLS, NOT_LAST_COL


def tromino_moves(pos, side, params, out):
    cols = params[COLS]
    n = 0
    # c, c + 1 and c + 2 in one row: c and c + 1 both not in the last column
    row = pos & (pos >> 1) & (pos >> 2) & params[NOT_LAST_COL] & (params[NOT_LAST_COL] >> 1)
    col = pos & (pos >> cols) & (pos >> (2 * cols))
    for found, step in ((row, 1), (col, cols)):
        while found:
            low = found & -found
            out[n] = pos & ~(low | (low << step) | (low << (2 * step)))
            n += 1
            found ^= low
    return n


gtables.define_game("trominoes", space="board", moves=tromino_moves,
                    max_options=lambda sp: sp.rows * sp.cols * 2, split="regions",
                    symmetry="all", doc="Trominoes (a straight tromino on free cells)")
'''


def trominoes(rows: int, cols: int):
    triples = [(r * cols + c, r * cols + c + 1, r * cols + c + 2)
               for r in range(rows) for c in range(cols - 2)] + \
              [(r * cols + c, (r + 1) * cols + c, (r + 2) * cols + c)
               for r in range(rows - 2) for c in range(cols)]

    def options(pos, side=0):
        out = []
        for t in triples:
            if all(pos[c] for c in t):
                q = list(pos)
                for c in t:
                    q[c] = 0
                out.append((tuple(q),))
        return out
    return options


@pytest.fixture(scope="module", autouse=True)
def _registry_restored():
    """The games this file registers (tb_*, trominoes) leave the registry with it: later test
    files hold every registered family to the built-in families' contract."""
    from gtables import games
    games.families()                        # the built-in ones loaded before the snapshot
    before = dict(games._families)
    yield
    games._families.clear()
    games._families.update(before)


@pytest.fixture(scope="module")
def rules_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("rules") / "trominoes_rules.py"
    path.write_text(RULES)
    if "trominoes" not in gtables.games.families():
        spec = importlib.util.spec_from_file_location("trominoes_rules", path)
        spec.loader.exec_module(importlib.util.module_from_spec(spec))
    return path


def test_a_users_game_from_a_rules_file(rules_file):
    t = gtables.compute("trominoes:rows=3,cols=4", store=None, progress=False)
    solver = Solver(trominoes(3, 4))
    want = [solver.grundy(unrank(i, 12, 1)) for i in range(1 << 12)]
    assert not first_difference("trominoes:rows=3,cols=4", t.values, want)
    assert t.value("start") == want[-1]
    assert t.value("...#|...#|...#") == solver.grundy((1, 1, 1, 0) * 3)
    moves = t.moves("start")          # 3 rows x 2 places, 4 columns x 1 place
    assert len(moves) == 10 and all(m["value"] != t.value("start") for m in moves)
    m = gtables.compute("trominoes:rows=3,cols=4,play=misere", store=None, progress=False)
    assert m.outcome("start") == "PN"[solver.misere(unrank((1 << 12) - 1, 12, 1))]
    for rows, cols, play in ((3, 4, "normal"), (4, 4, "normal"), (3, 5, "misere")):
        spec = f"trominoes:rows={rows},cols={cols},play={play}"
        for pos in ("start", "|".join(["#" + "." * (cols - 1)] * rows)):
            a = gtables.solve(spec, pos, store=None, method="dense")
            b = gtables.solve(spec, pos, store=None, method="reachable")
            assert (a.get("grundy"), a["outcome"]) == (b.get("grundy"), b["outcome"])


def test_one_row_of_trominoes_is_octal_007(rules_file):
    octal = dense("octal:code=0.007,size=16")
    row = dense("trominoes:rows=1,cols=16")
    for i in range(row.size):
        assert row[i] == xor_of(octal, runs(i, 16)), i


@functools.cache
def cli_has_rules() -> bool:
    r = subprocess.run([sys.executable, "-m", "gtables.cli", "--help"], capture_output=True,
                       text=True, timeout=300)
    return "--rules" in r.stdout


@pytest.mark.skipif(not cli_has_rules(), reason="the CLI has no --rules option yet")
def test_a_users_game_through_the_cli(tmp_path):
    rules = tmp_path / "trominoes_cli.py"        # a file no other process has run yet
    rules.write_text(RULES)
    store = str(tmp_path / "tables")
    r = cli("--rules", str(rules), "compute", "trominoes:rows=3,cols=4", "--store", store,
            cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    want = Solver(trominoes(3, 4)).grundy((1,) * 12)
    r = cli("--rules", str(rules), "query", "trominoes:rows=3,cols=4", "start", "--json",
            "--store", store, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["grundy"] == want
    r = cli("query", "trominoes:rows=3,cols=5", "start", "--store", store, cwd=tmp_path)
    assert r.returncode == 2 and "trominoes" in r.stderr     # without the rules: unknown


@pytest.mark.skipif(not cli_has_rules(), reason="the CLI has no --rules option yet")
def test_a_rules_file_imported_first_then_given_to_the_cli(rules_file, tmp_path):
    """The same file, imported by Python (``rules_file`` ran it in this process) and then run
    by ``--rules``: what a user does who tries a game in a notebook first."""
    r = cli("--rules", str(rules_file), "query", "trominoes:rows=3,cols=3", "start", "--json",
            "--store", str(tmp_path / "tables"), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["grundy"] == Solver(trominoes(3, 3)).grundy((1,) * 9)


# -- (g) checkpoints -----------------------------------------------------------------------------------
class Killed(Exception):
    pass


def interrupted_after(calls: int, monkeypatch):
    """Make the search's interrupt check raise after ``calls`` budgets: a run killed mid-way."""
    from gtables.engine import progress
    count = [0]

    def check():
        count[0] += 1
        if count[0] >= calls:
            raise Killed
    monkeypatch.setattr(progress, "check_interrupt", check)


@pytest.mark.parametrize("spec", ["cram:rows=3,cols=8", "domineering:rows=5,cols=5"])
def test_a_killed_search_resumes_from_its_checkpoint(spec, tmp_path, monkeypatch):
    g = gtables.game(spec)
    start = g.space.start_index()
    fresh = search.solve(g, start, progress=False)
    path = str(tmp_path / "search.npz")
    with monkeypatch.context() as m:
        interrupted_after(8, m)
        with pytest.raises(Killed):
            search.solve(g, start, checkpoint=path, checkpoint_seconds=0.01, budget=300,
                         progress=False)
    assert os.path.exists(path)
    again = search.solve(g, start, checkpoint=path, progress=False)
    assert 0 < again.resumed < fresh.stored
    assert (again.value, again.outcome) == (fresh.value, fresh.outcome)
    assert again.expanded < fresh.expanded


def test_a_finished_search_is_read_back_whole(tmp_path):
    g = gtables.game("cram:rows=3,cols=8")
    path = str(tmp_path / "search.npz")
    first = search.solve(g, g.space.start_index(), checkpoint=path, checkpoint_seconds=0.01,
                         budget=500, progress=False)
    second = search.solve(g, g.space.start_index(), checkpoint=path, progress=False)
    assert second.resumed == first.stored and second.expanded == 0
    assert second.value == first.value == CRAM_VALUES[(3, 8)][0]


@pytest.mark.parametrize("other", ["cram:rows=3,cols=7", "cram:rows=3,cols=8,play=misere",
                                   "nodekayles:graph=grid-3x8", "another position"])
def test_another_searchs_checkpoint_is_not_used(other, tmp_path, capsys):
    path = str(tmp_path / "search.npz")
    g = gtables.game("cram:rows=3,cols=8")
    search.solve(g, g.space.start_index(), checkpoint=path, progress=False)
    capsys.readouterr()
    if other == "another position":
        h, root = g, g.space.index(g.space.parse("|".join(["#......."] * 3)))
    else:
        h = gtables.game(other)
        root = h.space.start_index()
    r = search.solve(h, root, checkpoint=path, progress=False)
    assert r.resumed == 0
    assert "of another search" in capsys.readouterr().err
    assert (r.value, r.outcome) == (lambda f: (f.value, f.outcome))(
        search.solve(h, root, progress=False))


@pytest.mark.parametrize("damage", ["bytes", "values"])
def test_a_damaged_checkpoint_is_not_used(damage, tmp_path, capsys):
    path = tmp_path / "search.npz"
    g = gtables.game("cram:rows=3,cols=8")
    start = g.space.start_index()
    search.solve(g, start, checkpoint=str(path), progress=False)
    if damage == "bytes":
        data = bytearray(path.read_bytes())
        for k in range(len(data) // 3, len(data) // 3 + 64):
            data[k] ^= 0x5A
        path.write_bytes(bytes(data))
    else:      # a well-formed file whose values were changed after its checksum was taken
        with np.load(path) as z:
            keys, vals, meta = z["keys"], z["vals"].copy(), z["meta"]
        vals[vals == 0] = 7
        np.savez(path, keys=keys, vals=vals, meta=meta)
    capsys.readouterr()
    r = search.solve(g, start, checkpoint=str(path), progress=False)
    err = capsys.readouterr().err
    assert r.resumed == 0 and r.value == CRAM_VALUES[(3, 8)][0]
    assert ("unreadable" in err or "damaged" in err) and str(path) in err


# -- (h) integer spaces -------------------------------------------------------------------------
def take_one_or_two(pos, side, params, out):
    n = 0
    for k in (1, 2):
        if k <= pos:
            out[n] = pos - k
            n += 1
    return n


def test_an_integer_space_hands_itself_to_format_and_parse():
    """``format_position(pos, space)`` and ``parse_position(text, space)`` see the space (its
    ``size``); the one-argument forms of before still work.  Subtract-{1,2} on 0..size-1 has
    G(n) = n mod 3."""
    def fmt(pos, space):
        return f"{pos}/{space.size - 1}"

    def prs(text, space):
        n, top = (int(x) for x in text.split("/"))
        if top != space.size - 1:
            raise ValueError(f"this table goes to {space.size - 1}")
        return n
    gtables.define_game("tb_count", space="integers", moves=take_one_or_two, max_options=2,
                        format_position=fmt, parse_position=prs)
    t = gtables.compute("tb_count:size=10", store=None, progress=False)
    assert t.space.size == 10 and [t.value(f"{n}/9") for n in range(10)] == [n % 3 for n in
                                                                              range(10)]
    assert sorted(m["to"] for m in t.moves("7/9")) == ["5/9", "6/9"]
    with pytest.raises(GtablesError, match="this table goes to 9"):
        t.value("7/12")
    gtables.define_game("tb_count_old", space="integers", moves=take_one_or_two, max_options=2,
                        format_position=lambda pos: f"<{pos}>",
                        parse_position=lambda text: int(text.strip("<>")))
    t = gtables.compute("tb_count_old:size=10", store=None, progress=False)
    assert t.value("<8>") == 2 and sorted(m["to"] for m in t.moves("<8>")) == ["<6>", "<7>"]
    with pytest.raises(GtablesError, match="must take"):
        gtables.define_game("tb_count_bad", space="integers", moves=take_one_or_two,
                            max_options=2, format_position=lambda: "")
    with pytest.raises(GtablesError, match="for integer spaces"):
        gtables.define_game("tb_count_bad", space="board", moves=take_one_or_two,
                            max_options=2, format_position=fmt)


def test_an_integer_space_is_at_most_two_to_the_forty():
    gtables.define_game("tb_count_cap", space="integers", moves=take_one_or_two, max_options=2)
    assert gtables.game(f"tb_count_cap:size={1 << 40}").space.size == 1 << 40
    with pytest.raises(GtablesError, match=r"1099511627776 \(2\^40"):
        gtables.game(f"tb_count_cap:size={(1 << 40) + 1}")
