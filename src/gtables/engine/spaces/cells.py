"""Positions on a fixed set of cells (the squares of a board, the vertices of a graph), each cell in
one of ``2**planes`` states: :class:`CellSpace`, index = bitmask.

A position is a bitmask of ``planes * n`` bits: bit ``k * n + c`` says that cell ``c`` is in plane
``k``.  With one plane a cell is free (1) or taken (0): Cram, Domineering and Node-Kayles live
there.  With two planes a cell may be in either, both or none: Snort's "Left may colour it" and
"Right may colour it".  Moves that only *clear* bits (a domino covers two free cells, a coloured
vertex leaves the game) always lead to a smaller index, and to a submask, which the dense kernels'
independent layers rest on (:func:`gtables.engine.kernels.moves_blocks`).

A position is written as one symbol per cell (``.`` free and ``#`` taken on one plane; ``#``,
``L``, ``R``, ``.`` for none, plane 0, plane 1, both on two); a board's rows are joined by ``|``
(``...|.#.``); ``start`` is every cell in every plane.  Geometry (rows, columns, the edges of a
graph, the symmetries) is what a move generator reads from its parameters (:meth:`params`, layout
in :data:`PARAM_LAYOUT`); the module imports no numba, so a stored table reads without compiling.
"""
from __future__ import annotations

import re

import numpy as np

from ...errors import GtablesError
from ..syntax import parse_int
from .base import PositionSpace

MAX_BITS = 62            # indices are int64 and the reachable search keeps -1 for "empty"
MAX_GRAPH_VERTICES = 62
MAX_SYMMETRIES = 48

# the layout of the int64 parameters a cell space hands to a move generator (params[...])
N_CELLS, PLANES, ALL, ROWS, COLS, NOT_LAST_COL, NOT_FIRST_COL, GRID, NSYM, SYMTAB, ADJ = range(11)
PARAM_LAYOUT = {
    "N_CELLS": "number of cells n",
    "PLANES": "planes per cell (1 or 2); a position has planes * n bits",
    "ALL": "the mask of all n cells (one plane)",
    "ROWS": "rows of a board (1 for a graph that is not a grid)",
    "COLS": "columns of a board (n for a graph that is not a grid)",
    "NOT_LAST_COL": "the cells not in the last column (a board's horizontal pairs start there)",
    "NOT_FIRST_COL": "the cells not in the first column",
    "GRID": "1 when the neighbours are a board's orthogonal neighbours (shifts find them)",
    "NSYM": "number of symmetries (the identity first)",
    "SYMTAB": "where the symmetries' byte tables start: params[SYMTAB + (s * 8 + k) * 256 + b] "
              "is the image under symmetry s of the byte b at bits 8k..8k+7 of a position",
    "ADJ": "params[ADJ + c] is the mask of the neighbours of cell c",
}

SYMBOLS = {1: "#.", 2: "#LR."}


# -- graphs --------------------------------------------------------------------------------------
def _count(text: str, what: str, lo: int, hi: int) -> int:
    try:
        v = parse_int(text)
    except ValueError as e:
        raise ValueError(f"{what}: {e}") from None
    if not lo <= v <= hi:
        raise ValueError(f"{what} {v} is out of range {lo}..{hi}")
    return v


def parse_graph(text: str) -> tuple[str, int, tuple[tuple[int, int], ...], tuple[int, int] | None]:
    """A graph named as ``path-N``, ``cycle-N``, ``grid-RxC``, ``complete-N`` or an edge list
    ``0-1+1-2+2-0`` (a lone ``5`` adds an isolated vertex): ``(canonical text, n, edges, grid
    shape or None)``.  Raises ``ValueError`` with a message that says what to write."""
    t = str(text).strip().lower()
    hint = "write path-N, cycle-N, grid-RxC, complete-N or edges such as 0-1+1-2+2-0"
    m = re.fullmatch(r"(path|cycle|complete)-(\S+)", t)
    if m:
        kind = m.group(1)
        lo = 3 if kind == "cycle" else 1
        n = _count(m.group(2), f"{kind}: vertices", lo, MAX_GRAPH_VERTICES)
        if kind == "path":
            edges = [(i, i + 1) for i in range(n - 1)]
        elif kind == "cycle":
            edges = [(i, i + 1) for i in range(n - 1)] + [(0, n - 1)]
        else:
            edges = [(i, j) for i in range(n) for j in range(i + 1, n)]
        return f"{kind}-{n}", n, tuple(sorted(edges)), None
    m = re.fullmatch(r"grid-(\S+?)x(\S+)", t)
    if m:
        r = _count(m.group(1), "grid: rows", 1, MAX_GRAPH_VERTICES)
        c = _count(m.group(2), "grid: columns", 1, MAX_GRAPH_VERTICES)
        if r * c > MAX_GRAPH_VERTICES:
            raise ValueError(f"grid-{r}x{c} has {r * c} vertices; at most {MAX_GRAPH_VERTICES}")
        return f"grid-{r}x{c}", r * c, tuple(sorted(_grid_edges(r, c))), (r, c)
    if not t or not re.fullmatch(r"[0-9+\- ]+", t):
        raise ValueError(f"unknown graph {text!r}: {hint}")
    found: set[tuple[int, int]] = set()
    verts: set[int] = set()
    for item in t.split("+"):
        item = item.strip()
        if not item:
            raise ValueError(f"graph {text!r}: an empty item (stray +?); {hint}")
        ends = item.split("-")
        if len(ends) > 2 or any(not e.strip() for e in ends):
            raise ValueError(f"graph {text!r}: {item!r} is not an edge a-b or a vertex; {hint}")
        vs = [_count(e, "vertex", 0, MAX_GRAPH_VERTICES - 1) for e in ends]
        verts.update(vs)
        if len(vs) == 2:
            a, b = sorted(vs)
            if a == b:
                raise ValueError(f"graph {text!r}: {item} is a loop (an edge from a vertex to "
                                 f"itself)")
            if (a, b) in found:
                raise ValueError(f"graph {text!r}: edge {a}-{b} is given twice")
            found.add((a, b))
    n = max(verts) + 1
    missing = sorted(set(range(n)) - verts)
    if missing:
        raise ValueError(f"graph {text!r}: vertex {missing[0]} is on no edge; vertices are "
                         f"0..{n - 1} (write it alone, e.g. +{missing[0]}, for an isolated vertex)")
    isolated = sorted(v for v in range(n) if not any(v in e for e in found))
    items = [f"{a}-{b}" for a, b in sorted(found)] + [str(v) for v in isolated]
    return "+".join(items), n, tuple(sorted(found)), None


def _grid_edges(r: int, c: int) -> list[tuple[int, int]]:
    out = []
    for i in range(r):
        for j in range(c):
            v = i * c + j
            if j + 1 < c:
                out.append((v, v + 1))
            if i + 1 < r:
                out.append((v, v + c))
    return out


def _grid_symmetries(r: int, c: int, orientation: bool) -> list[tuple[int, ...]]:
    """The permutations of the cells of an r x c grid by the symmetries of the rectangle;
    ``orientation``: only those that keep rows as rows (mirrors and the half turn)."""
    maps = [lambda i, j: (i, j), lambda i, j: (r - 1 - i, j), lambda i, j: (i, c - 1 - j),
            lambda i, j: (r - 1 - i, c - 1 - j)]
    if r == c and not orientation:
        maps += [lambda i, j: (j, i), lambda i, j: (c - 1 - j, r - 1 - i),
                 lambda i, j: (j, r - 1 - i), lambda i, j: (c - 1 - j, i)]
    perms = []
    for f in maps:
        p = tuple(f(i, j)[0] * c + f(i, j)[1] for i in range(r) for j in range(c))
        if p not in perms:
            perms.append(p)
    return perms


def _graph_automorphisms(n: int, edges) -> list[tuple[int, ...]]:
    """Every automorphism of a small graph (identity first), by backtracking with degree
    pruning; an empty list when there are more than :data:`MAX_SYMMETRIES` (then none are used:
    a complete graph's are better left alone)."""
    adj: list[set[int]] = [set() for _ in range(n)]
    for a, b in edges:
        adj[a].add(b)
        adj[b].add(a)
    deg = [len(s) for s in adj]
    out: list[tuple[int, ...]] = []
    img = [-1] * n
    used = [False] * n

    def extend(v: int) -> bool:
        if v == n:
            out.append(tuple(img))
            return len(out) <= MAX_SYMMETRIES
        for w in range(n):
            if used[w] or deg[w] != deg[v]:
                continue
            if all((img[u] in adj[w]) == (u in adj[v]) for u in range(v)):
                img[v], used[w] = w, True
                if not extend(v + 1):
                    return False
                img[v], used[w] = -1, False
        return True

    if n > 20:          # backtracking could take long; graphs this big run without symmetry
        return [tuple(range(n))]
    ok = extend(0)
    return out if ok else [tuple(range(n))]


# -- the space -----------------------------------------------------------------------------------
class CellSpace(PositionSpace):
    """Every assignment of ``2**planes`` states to ``n`` cells; index = bitmask (see the module
    docstring).  ``rows``/``cols``: a board's shape (positions are written row by row, joined by
    ``|``); ``edges``: a graph's edges (a board's are its orthogonal neighbours); ``graph``: the
    graph's canonical name (None for a board)."""
    scheme = "cell bitmask"

    def __init__(self, n: int, planes: int = 1, *, rows: int | None = None,
                 cols: int | None = None, edges=None, graph: str | None = None):
        if planes not in (1, 2):
            raise GtablesError(f"a cell has 1 or 2 planes, not {planes}")
        if n < 1 or planes * n > MAX_BITS:
            raise GtablesError(f"{n} cells on {planes} plane(s) need {planes * n} bits; at most "
                               f"{MAX_BITS} (indices are int64)")
        self.n, self.planes = int(n), int(planes)
        self.graph = graph
        if rows is None or cols is None:
            rows, cols = 1, n
        if rows * cols != n:
            raise GtablesError(f"{rows} x {cols} is not {n} cells")
        self.rows, self.cols = int(rows), int(cols)
        if edges is None:
            edges = _grid_edges(self.rows, self.cols)
        self.edges = tuple(sorted((min(a, b), max(a, b)) for a, b in edges))
        self.width = self.n
        self.size = 1 << (self.planes * self.n)
        self.symbols = SYMBOLS[self.planes]

    # -- description -----------------------------------------------------------------------------
    @property
    def is_board(self) -> bool:
        return self.graph is None

    def meta(self):
        m = {"scheme": self.scheme, "size": self.size, "cells": self.n, "planes": self.planes,
             "symbols": self.symbols, "rows": self.rows, "cols": self.cols,
             "rank": "sum of 2^(k*n + c) over the cells c in plane k"}
        if self.graph is not None:
            m["graph"] = self.graph
            m["edges"] = [list(e) for e in self.edges]
        return m

    @classmethod
    def from_meta(cls, m: dict) -> CellSpace:
        if "graph" in m:
            return cls(m["cells"], m["planes"], rows=m["rows"], cols=m["cols"],
                       edges=[tuple(e) for e in m["edges"]], graph=m["graph"])
        return cls(m["cells"], m["planes"], rows=m["rows"], cols=m["cols"])

    def coordinates(self):
        return tuple(f"cell{c}" for c in range(self.n))

    def bounds(self):
        where = f"a {self.rows} x {self.cols} board" if self.is_board else \
            f"graph {self.graph} ({self.n} vertices)"
        return (f"positions on {where}: one of {', '.join(repr(s) for s in self.symbols)} per "
                f"{'cell' if self.is_board else 'vertex'}, or start")

    # -- geometry for move generators ----------------------------------------------------------
    def adjacency(self) -> list[int]:
        adj = [0] * self.n
        for a, b in self.edges:
            adj[a] |= 1 << b
            adj[b] |= 1 << a
        return adj

    def symmetries(self, which: str) -> list[tuple[int, ...]]:
        """Cell permutations: ``which`` is ``none``, ``all`` (every symmetry of the board or
        automorphism of the graph) or ``flips`` (a board's symmetries that keep rows as rows:
        the mirrors and the half turn, for games whose moves know up from sideways)."""
        if which == "none":
            return [tuple(range(self.n))]
        if self.is_board:
            return _grid_symmetries(self.rows, self.cols, orientation=(which == "flips"))
        if which == "flips":
            raise GtablesError("symmetry='flips' is for boards (a graph has no rows)")
        return _graph_automorphisms(self.n, self.edges)

    def params(self, symmetry: str = "none") -> np.ndarray:
        """The int64 parameters of a move generator on this space (layout: :data:`PARAM_LAYOUT`)."""
        n = self.n
        not_last = not_first = 0
        for c in range(n):
            if c % self.cols != self.cols - 1:
                not_last |= 1 << c
            if c % self.cols != 0:
                not_first |= 1 << c
        grid = int(set(self.edges) == set(_grid_edges(self.rows, self.cols)))
        perms = self.symmetries(symmetry)
        adj = self.adjacency()
        symtab = ADJ + n
        head = [n, self.planes, (1 << n) - 1, self.rows, self.cols, not_last, not_first, grid,
                len(perms), symtab]
        tables = np.zeros((len(perms), 8, 256), dtype=np.int64)
        bits = self.planes * n
        for s, p in enumerate(perms):
            image = [(1 << (p[b % n] + (b // n) * n)) for b in range(bits)]   # bit b goes there
            for k in range(8):
                for v in range(256):
                    m = 0
                    for j in range(8):
                        if v >> j & 1 and 8 * k + j < bits:
                            m |= image[8 * k + j]
                    tables[s, k, v] = m
        return np.concatenate([np.array(head + adj, dtype=np.int64), tables.ravel()])

    # -- conversions ---------------------------------------------------------------------------
    def check(self, positions):
        top = (1 << self.planes) - 1
        bad = (positions < 0) | (positions > top)
        if bad.any():
            row, col = np.argwhere(bad)[0]
            raise GtablesError(f"cell {col} has state {int(positions[row, col])}; states are "
                               f"0..{top} ({', '.join(self.symbols)})")

    def rank_array(self, positions):
        pos = positions.astype(np.int64)
        out = np.zeros(pos.shape[0], dtype=np.int64)
        for k in range(self.planes):
            bits = (pos >> k) & 1
            out |= (bits << (np.arange(self.n, dtype=np.int64) + k * self.n)[None, :]).sum(
                axis=1, dtype=np.int64)
        return out

    def unrank(self, indices):
        idx = self.check_index(indices)
        row = np.zeros((idx.size, self.n), dtype=np.int64)
        cells = np.arange(self.n, dtype=np.int64)
        for k in range(self.planes):
            row |= ((idx[:, None] >> (cells[None, :] + k * self.n)) & 1) << k
        return row

    def parse(self, text):
        t = str(text).strip()
        if t.lower() == "start":
            return np.full(self.n, (1 << self.planes) - 1, dtype=np.int64)
        rows = t.split("|")
        example = "|".join([self.symbols[-1] * self.cols] * self.rows) if self.is_board \
            else self.symbols[-1] * self.n
        if self.is_board:
            if len(rows) != self.rows or any(len(r) != self.cols for r in rows):
                got = f"{len(rows)} row(s) of " + "/".join(sorted({str(len(r)) for r in rows}))
                raise GtablesError(f"position {t[:40]!r}: this board has {self.rows} row(s) of "
                                   f"{self.cols} cells (got {got}), written like {example!r} or "
                                   f"start")
        cells = "".join(rows)
        if len(cells) != self.n:
            raise GtablesError(f"position {t[:40]!r}: this graph has {self.n} vertices, one "
                               f"symbol each (got {len(cells)}), written like {example!r} or "
                               f"start")
        out = np.empty(self.n, dtype=np.int64)
        for c, ch in enumerate(cells):
            s = self.symbols.find(ch.upper() if self.planes == 2 else ch)
            if s < 0 or ch == "":
                raise GtablesError(f"position {t[:40]!r}: {ch!r} is not a cell state (write "
                                   f"{' or '.join(repr(x) for x in self.symbols)})")
            out[c] = s
        return out

    def format(self, position):
        cells = "".join(self.symbols[int(v)] for v in np.atleast_1d(position))
        if self.is_board:
            return "|".join(cells[r * self.cols:(r + 1) * self.cols] for r in range(self.rows))
        return cells

    def draw(self, position) -> str:
        """The position as a picture in text: a board row by row, a graph as its symbols with
        the edges that join cells still in play."""
        text = self.format(position)
        if self.is_board:
            return "\n".join(" ".join(r) for r in text.split("|"))
        live = [c for c in range(self.n) if int(np.atleast_1d(position)[c])]
        es = [f"{a}-{b}" for a, b in self.edges if a in live and b in live]
        return f"{text}   (edges in play: {' '.join(es) if es else 'none'})"

    def start_index(self) -> int:
        return self.size - 1


def board_space(rows: int, cols: int, planes: int = 1) -> CellSpace:
    return CellSpace(rows * cols, planes, rows=rows, cols=cols)


def graph_space(text: str, planes: int = 1) -> CellSpace:
    canon, n, edges, grid = parse_graph(text)
    if grid is not None:
        return CellSpace(n, planes, rows=grid[0], cols=grid[1], edges=edges, graph=canon)
    return CellSpace(n, planes, edges=edges, graph=canon)

