"""End-Nim (seed 002; Albert & Nowakowski, "The game of End-Nim", EJC 8(2) #R1, 2001).

A position is a string of positive integers (stacks in a row).  A move takes one or more boxes
from an *end* stack; a stack reduced to 0 disappears.  In the **impartial** game either player
may use either end (Grundy values); in the **partizan** game Left takes from the leftmost stack
only and Right from the rightmost (outcome classes P/N/L/R).  A single stack is both ends.

Two families:

* ``endnim:mode=impartial|partizan,len=L,max=H``: every string of length 0..L, entries 1..H
  (:class:`~gtables.engine.spaces.StringSpace`).  Positions are written ``3,5,5,5,1``; the empty
  string is ``-``.
* ``endnim_row:mode=...,prefix=1.4,size=B``: the long row ``a w b, b = 0..B`` for a fixed prefix
  ``a w`` (written with dots or as ``(1,4)``), computed with only the strings it depends on.  The
  options of ``a' w b`` are ``a'' w b`` (``a'' < a'``, ``a'' = 0`` meaning the stack is gone) and
  ``a' w b''``, so the cells ``(a', b)`` for ``a' <= a`` close up, once the borders are known: the
  column ``a' w`` (cells of the core ``w`` minus its last entry) and the row ``w b`` (cells of the
  core ``w`` minus its first entry).  Recursively this needs one rectangle per substring of
  ``w`` (:class:`~gtables.engine.spaces.FramedStringSpace`).

The generic engine path costs ``O(options)`` = ``O(a B^2)`` per row.  :func:`frame` is the fast
path: the same rectangles filled by a specialised kernel in ``O(a^2 B)`` (impartial: the mex of a
row-set and a short column-set, with a "next value not in this row" union-find) or ``O(a B)``
(partizan: running "has a winning option" flags); tests check it against both full tables and
the generic path.  :func:`thresholds` gives the partizan thresholds ``L, R, L*, R*`` of a string.
"""
from __future__ import annotations

import functools

import numba as nb
import numpy as np

from ..config import JIT
from ..engine.game import GRUNDY, PARTIZAN, Family, FastFill, Game, Rules
from ..engine.kernels import movegen
from ..engine.spaces import FramedStringSpace, StringSpace
from ..engine.spaces.strings import format_string
from ..engine.values import LEFT, OUTCOME_LETTERS, RIGHT, L, N, P, R
from ..errors import GtablesError

# the spec grammars (numba-free, games/specs/endnim.py)
from .specs.endnim import (  # noqa: F401
    GRAMMAR,
    IMPARTIAL,
    MAX_ROW,
    MODES,
    PARTIZAN_MODE,
    ROW_GRAMMAR,
    canon_prefix,
    parse_prefix,
)


# ----------------------------------------------------------------------------------------------
# Full tables over StringSpace
# ----------------------------------------------------------------------------------------------
@movegen
def endnim_moves(pos, side, params, out):
    # params: [partizan, L, H, offset[0..L+1], H**0..H**L]
    partizan = params[0]
    lmax = params[1]
    h = params[2]
    off = 3
    pw = 3 + lmax + 2
    k = 0
    while k < lmax and params[off + k + 1] <= pos:
        k += 1
    if k == 0:
        return 0
    loc = pos - params[off + k]
    top = params[pw + k - 1]
    first = loc // top + 1
    last = loc % h + 1
    c = 0
    if partizan == 0 or side == LEFT:
        for j in range(1, first):
            out[2 * c] = pos - j * top
            out[2 * c + 1] = -1
            c += 1
        out[2 * c] = params[off + k - 1] + loc % top     # the first stack removed
        out[2 * c + 1] = -1
        c += 1
    if (partizan == 0 and k > 1) or (partizan != 0 and side == RIGHT):
        for j in range(1, last):
            out[2 * c] = pos - j
            out[2 * c + 1] = -1
            c += 1
        out[2 * c] = params[off + k - 1] + loc // h        # the last stack removed
        out[2 * c + 1] = -1
        c += 1
    return c


def _mode(v: dict) -> int:
    return 1 if v["mode"] == PARTIZAN_MODE else 0


def build(v: dict) -> Rules:
    lmax, h = v["len"], v["max"]
    space = StringSpace(lmax, h)
    params = np.concatenate([[_mode(v), lmax, h], space.offsets, space.powers]).astype(np.int64)
    return Rules(space=space, moves=endnim_moves,
                 move_params=params, kind=PARTIZAN if v["mode"] == PARTIZAN_MODE else GRUNDY,
                 max_options=2 * h,
                 describe=f"{v['mode']} End-Nim on strings of length 0..{lmax}, stacks 1..{h}")


# ----------------------------------------------------------------------------------------------
# Pure-Python reference
# ----------------------------------------------------------------------------------------------
def string_options(s: tuple, side: str | None = None) -> list[tuple]:
    """Options of string ``s``: ``side`` None (impartial: both ends), 'L' (first stack), 'R'."""
    out = []
    if not s:
        return out
    if side in (None, "L"):
        out += [(x,) + s[1:] for x in range(1, s[0])] + [s[1:]]
    if side == "R" or (side is None and len(s) > 1):
        out += [s[:-1] + (x,) for x in range(1, s[-1])] + [s[:-1]]
    return out


def options_ref(values: dict, position, side: int = 0) -> list[tuple]:
    """The options of a position in plain Python (the family contract, :class:`Family`), for
    ``endnim`` and ``endnim_row``: ``position`` is a string padded with zeros on the right, as
    ``space.unrank`` gives it; each option ``(string,)`` is padded to the same width.  Impartial:
    either end; partizan: ``side`` 0 (Left) takes from the first stack, 1 (Right) from the last."""
    s = tuple(int(x) for x in position if int(x) != 0)
    end = None if values["mode"] == IMPARTIAL else "L" if side == LEFT else "R"
    width = len(position)
    return [(o + (0,) * (width - len(o)),) for o in string_options(s, end)]


@functools.cache
def grundy_ref(s: tuple) -> int:
    seen = {grundy_ref(o) for o in string_options(s)}
    g = 0
    while g in seen:
        g += 1
    return g


@functools.cache
def outcome_ref(s: tuple) -> str:
    """Partizan outcome class 'P', 'N', 'L' or 'R' by brute force."""
    left = any(outcome_ref(o) in "PL" for o in string_options(s, "L"))
    right = any(outcome_ref(o) in "PR" for o in string_options(s, "R"))
    return {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}[
        (left, right)]


CODE = {"P": P, "N": N, "L": L, "R": R}


def reference(values: dict, position) -> int:
    """Brute force by recursion: Grundy value (impartial) or outcome code (partizan).  Kept with
    :func:`grundy_ref` and :func:`outcome_ref` for ``scripts/bench_endnim.py`` (it times them); the
    tests use their own solver (``tests/reference.py``) over :func:`options_ref`."""
    s = tuple(int(x) for x in np.atleast_1d(position) if int(x) != 0)
    if values["mode"] == PARTIZAN_MODE:
        return CODE[outcome_ref(s)]
    return grundy_ref(s)


# ----------------------------------------------------------------------------------------------
# Frames: the rectangle {a w b : 0 <= a <= A, 0 <= b <= B} of a core w (fast path)
# ----------------------------------------------------------------------------------------------
@nb.njit(**JIT)
def _find(nxt, g):
    while nxt[g] != g:
        nxt[g] = nxt[nxt[g]]
        g = nxt[g]
    return g


@nb.njit(**JIT)
def grundy_frame(col0, row0, out):
    """Fill ``out[a, b]`` = G(a w b) for a, b >= 1 from the borders ``out[a, 0] = col0[a]``
    (G(a w)) and ``out[0, b] = row0[b]`` (G(w b)).  The options of a cell are the cells before
    it in its column and in its row; values in a row are distinct, so the mex is found with a
    union-find of "least value >= g not yet in this row" and a stamp array for the column."""
    A = col0.size - 1
    B = row0.size - 1
    V = A + B + 3            # a cell has at most A + B options, so its value is <= A + B
    for b in range(B + 1):
        out[0, b] = row0[b]
    for a in range(A + 1):
        out[a, 0] = col0[a]
    nxt = np.empty(V + 1, np.int64)
    stamp = np.zeros(V + 1, np.int64)
    cur = 0
    for a in range(1, A + 1):
        for g in range(V + 1):
            nxt[g] = g
        v0 = out[a, 0]
        if v0 < V:
            nxt[v0] = v0 + 1
        for b in range(1, B + 1):
            cur += 1
            for a2 in range(a):
                v = out[a2, b]
                if v < V:
                    stamp[v] = cur
            g = _find(nxt, 0)
            while stamp[g] == cur:
                g = _find(nxt, g + 1)
            out[a, b] = g
            nxt[g] = g + 1
    return out


@nb.njit(**JIT)
def partizan_frame(col0, row0, out):
    """Outcome classes of a w b (Left moves the a end, Right the b end), borders as in
    :func:`grundy_frame`.  Left moving first wins iff a cell below in the column is P or L;
    Right moving first wins iff a cell before in the row is P or R."""
    A = col0.size - 1
    B = row0.size - 1
    for b in range(B + 1):
        out[0, b] = row0[b]
    for a in range(A + 1):
        out[a, 0] = col0[a]
    colwin = np.zeros(B + 1, np.bool_)
    for b in range(B + 1):
        colwin[b] = out[0, b] == P or out[0, b] == L
    for a in range(1, A + 1):
        rowwin = out[a, 0] == P or out[a, 0] == R
        for b in range(1, B + 1):
            lw = colwin[b]
            if lw and rowwin:
                c = N
            elif lw:
                c = L
            elif rowwin:
                c = R
            else:
                c = P
            out[a, b] = c
            if c == P or c == R:
                rowwin = True
        for b in range(1, B + 1):
            if out[a, b] == P or out[a, b] == L:
                colwin[b] = True
    return out


_SWAP_LR = np.array([P, N, R, L], dtype=np.int64)
_frames: dict = {}


def _single_stack(n: int, partizan: bool) -> np.ndarray:
    """Values of the strings ``x`` for x = 0..n (0 = the empty string)."""
    if partizan:
        v = np.full(n + 1, N, dtype=np.int64)
        v[0] = P
        return v
    return np.arange(n + 1, dtype=np.int64)


def frame(w, A: int, B: int, mode: str = IMPARTIAL) -> np.ndarray:
    """``T[a, b]`` = value of the string ``a w b`` for ``0 <= a <= A, 0 <= b <= B`` (``0``: no
    stack at that end): Grundy values (impartial) or outcome codes P=0, N=1, L=2, R=3.

    Results are cached per (core, mode) and grown on demand; treat the array as read-only.
    """
    w = tuple(int(x) for x in w)
    if any(x < 1 for x in w) or A < 0 or B < 0:
        raise GtablesError(f"bad frame {w} with ends 0..{A}, 0..{B}")
    if mode not in MODES:
        raise GtablesError(f"unknown End-Nim mode {mode!r} (use impartial or partizan)")
    key = (w, mode)
    have = _frames.get(key)
    if have is not None and have.shape[0] > A and have.shape[1] > B:
        return have[:A + 1, :B + 1]
    want_a, want_b = A, B
    if have is not None:
        A, B = max(A, have.shape[0] - 1), max(B, have.shape[1] - 1)
    partizan = mode == PARTIZAN_MODE
    if A > B:
        # the kernel costs O(A^2 B): fill the mirror image b rev(w) a and reflect it (reversal
        # swaps the players, so L and R swap in the partizan game)
        t = frame(w[::-1], B, A, mode).T[:want_a + 1, :want_b + 1]
        return _SWAP_LR[t] if partizan else t
    if not w:
        col0, row0 = _single_stack(A, partizan), _single_stack(B, partizan)
    else:
        col0 = np.ascontiguousarray(frame(w[:-1], A, w[-1], mode)[:, w[-1]])
        row0 = np.ascontiguousarray(frame(w[1:], w[0], B, mode)[w[0], :])
    if col0.size != A + 1 or row0.size != B + 1 or col0[0] != row0[0]:
        raise AssertionError(f"frame {w}: inconsistent borders")  # the kernels do not bound-check
    t = np.empty((A + 1, B + 1), dtype=np.int64)
    (partizan_frame if partizan else grundy_frame)(col0, row0, t)
    _frames[key] = t
    return t[:want_a + 1, :want_b + 1]


def row(prefix, size: int, mode: str = IMPARTIAL) -> np.ndarray:
    """Values of ``prefix b`` for ``b = 0..size`` (``b = 0``: the prefix itself), fast path."""
    p = tuple(int(x) for x in prefix)
    if not p:
        return _single_stack(size, mode == PARTIZAN_MODE)
    return frame(p[1:], p[0], size, mode)[p[0], :]


def column(suffix, size: int, mode: str = IMPARTIAL) -> np.ndarray:
    """Values of ``a suffix`` for ``a = 0..size``."""
    s = tuple(int(x) for x in suffix)
    if not s:
        return _single_stack(size, mode == PARTIZAN_MODE)
    return frame(s[:-1], size, s[-1], mode)[:, s[-1]]


def value(s, mode: str = IMPARTIAL) -> int:
    """Grundy value (impartial) or outcome code (partizan) of one string, by the fast path."""
    s = tuple(int(x) for x in s)
    if not s:
        return 0
    return int(frame(s[1:], s[0], 0, mode)[s[0], 0])


def outcome(s) -> str:
    """Partizan outcome class 'P', 'N', 'L' or 'R' of one string (fast path)."""
    return OUTCOME_LETTERS[value(s, PARTIZAN_MODE)]


def frame_cells(w, A: int, B: int, mode: str = IMPARTIAL, sim: dict | None = None) -> int:
    """Cells (int64 each) that ``frame(w, A, B, mode)`` would allocate now: it and the border
    frames it recurses on, following :func:`frame`'s own rules (a cached frame that is large
    enough costs nothing; one that is too small is replaced by one covering both sizes).
    ``sim`` carries the simulated cache across calls (pass the same dict to count a sequence of
    calls once)."""
    sim = {} if sim is None else sim
    w = tuple(int(x) for x in w)
    key = (w, mode)
    if key not in sim and key in _frames:
        sim[key] = (_frames[key].shape[0] - 1, _frames[key].shape[1] - 1)
    have = sim.get(key)
    if have is not None and have[0] >= A and have[1] >= B:
        return 0
    if have is not None:
        A, B = max(A, have[0]), max(B, have[1])
    if A > B:
        return frame_cells(w[::-1], B, A, mode, sim)
    cells = 0
    if w:
        cells += frame_cells(w[:-1], A, w[-1], mode, sim) + frame_cells(w[1:], w[0], B, mode, sim)
    sim[key] = (A, B)
    return cells + (A + 1) * (B + 1)


def thresholds(w, ignore_memory: bool = False) -> dict:
    """The partizan thresholds of a non-empty string ``w`` (seed 002, §3):

    * ``R(w)``  least y >= 1 with ``w y`` in R;  ``L(w)`` least x >= 1 with ``x w`` in L;
    * ``R*(w)`` least y >= 1 with ``w y`` in R or N (Right wins moving first);
      ``L*(w)`` least x >= 1 with ``x w`` in L or N.

    Searched up to ``sum(w) + 2`` first (the seed: R(w) <= sum(w) + 1), then further; a threshold
    not found by ``64 * (sum(w) + 2)`` is ``None``.
    """
    from ..engine.memory import require_memory
    w = tuple(int(x) for x in w)
    if not w or min(w) < 1:
        raise GtablesError("thresholds need a non-empty string of positive integers")
    bound = sum(w) + 2
    sim: dict = {}

    def check(cells: int, n: int) -> None:
        # frames are int64 and cached: refuse each step of the search before it allocates
        what = f"thresholds of {format_string(w)}" + (f" (search up to {n:,})" if n else "")
        require_memory(8 * cells, what, ignore_memory,
                       advice="use smaller stacks, or --ignore-memory-limit")

    # every search's first step (to the seed's bound) at once: frames stay cached, so the row
    # and the column add up (30000,30000 passed a check of the row alone, then held 7 GB for
    # 27 s before the column's check refused it)
    check(frame_cells(w[1:], w[0], 0, PARTIZAN_MODE, sim)
          + frame_cells(w[1:], w[0], bound, PARTIZAN_MODE, sim)
          + frame_cells(w[:-1], bound, w[-1], PARTIZAN_MODE, sim), bound)
    out = {"string": format_string(w), "outcome": outcome(w)}
    want = {"R": (R,), "Rstar": (R, N), "L": (L,), "Lstar": (L, N)}
    for name, cls in want.items():
        n = bound
        found = None
        while found is None and n <= 64 * bound:
            check(frame_cells(w[1:], w[0], n, PARTIZAN_MODE, sim) if name.startswith("R")
                  else frame_cells(w[:-1], n, w[-1], PARTIZAN_MODE, sim), n)
            v = row(w, n, PARTIZAN_MODE) if name.startswith("R") else column(w, n, PARTIZAN_MODE)
            hit = np.flatnonzero(np.isin(v[1:], cls))
            if hit.size:
                found = int(hit[0]) + 1
            n *= 4
        out[name] = found
    return out


# ----------------------------------------------------------------------------------------------
# The row family: the rectangles a row depends on, filled by the generic engine
# ----------------------------------------------------------------------------------------------
def row_cores(prefix, size: int) -> list[tuple[tuple, int, int]]:
    """The rectangles ``(core, A, B)`` needed for the row ``prefix b, b = 0..size``, shorter
    cores first: the core ``w`` needs ``w[1:]`` with ends ``(w[0], B)`` and ``w[:-1]`` with ends
    ``(A, w[-1])``."""
    p = tuple(prefix)
    need: dict[tuple, list[int]] = {}
    top = p[1:] if p else ()
    need[top] = [p[0] if p else 0, size]
    for k in range(len(top), 0, -1):
        for w in [c for c in need if len(c) == k]:
            A, B = need[w]
            for c, a, b in ((w[1:], w[0], B), (w[:-1], A, w[-1])):
                cur = need.setdefault(c, [0, 0])
                cur[0], cur[1] = max(cur[0], a), max(cur[1], b)
    return sorted(((w, A, B) for w, (A, B) in need.items()), key=lambda t: (len(t[0]), t[0]))


@movegen
def framed_moves(pos, side, params, out):
    # params: [partizan, nblocks, then per block: offset, A, B, len(w), w[0], w[-1], child of
    #          w[1:], child of w[:-1]]  (children -1 for the empty core)
    partizan = params[0]
    nb_ = params[1]
    i = nb_ - 1
    while params[2 + 8 * i] > pos:
        i -= 1
    base = 2 + 8 * i
    off = params[base]
    bb = params[base + 2] + 1
    k = params[base + 3]
    a = (pos - off) // bb
    b = (pos - off) % bb
    length = k + (1 if a > 0 else 0) + (1 if b > 0 else 0)
    if length == 0:
        return 0
    c = 0
    if partizan == 0 or side == LEFT:
        if a > 0:
            for a2 in range(a):
                out[2 * c] = off + a2 * bb + b
                out[2 * c + 1] = -1
                c += 1
        elif k > 0:
            ch = 2 + 8 * params[base + 6]
            cb = params[ch + 2] + 1
            for x in range(params[base + 4]):
                out[2 * c] = params[ch] + x * cb + b
                out[2 * c + 1] = -1
                c += 1
        else:
            for b2 in range(b):
                out[2 * c] = off + b2
                out[2 * c + 1] = -1
                c += 1
    if (partizan == 0 and length > 1) or (partizan != 0 and side == RIGHT):
        if b > 0:
            for b2 in range(b):
                out[2 * c] = off + a * bb + b2
                out[2 * c + 1] = -1
                c += 1
        elif k > 0:
            ch = 2 + 8 * params[base + 7]
            cb = params[ch + 2] + 1
            for y in range(params[base + 5]):
                out[2 * c] = params[ch] + a * cb + y
                out[2 * c + 1] = -1
                c += 1
        else:
            for a2 in range(a):
                out[2 * c] = off + a2 * bb
                out[2 * c + 1] = -1
                c += 1
    return c


def _fill_row(game: Game) -> np.ndarray:
    """The whole ``endnim_row`` table by the rectangle method (cells in the space's order)."""
    mode = game.params["mode"]
    v = np.concatenate([frame(w, A, B, mode).reshape(-1) for w, A, B in game.space.cores])
    top = int(v.max()) if v.size else 0
    return v.astype(np.uint8 if top < 256 else np.uint16 if top < 65536 else np.uint32)


def build_row(v: dict) -> Rules:
    p, size = tuple(v["prefix"]), v["size"]
    cores = row_cores(p, size)
    space = FramedStringSpace(cores)
    blk = space.block
    rows = []
    for (w, A, B), off in zip(space.cores, space.offsets):
        rows.append([off, A, B, len(w), w[0] if w else 0, w[-1] if w else 0,
                     blk[w[1:]] if w else -1, blk[w[:-1]] if w else -1])
    params = np.array([_mode(v), len(cores)] + [x for r in rows for x in r], dtype=np.int64)
    most = max(max(A, B, *(w or (0,))) for w, A, B in space.cores)
    top = 2 * most + 2
    final = 1 if top < 256 else 2 if top < 65536 else 4
    return Rules(space=space, moves=framed_moves,
                 move_params=params, kind=PARTIZAN if v["mode"] == PARTIZAN_MODE else GRUNDY,
                 max_options=top,
                 # _fill_row: the int64 frames (cached), their concatenation, then the final dtype
                 fast_fill=FastFill(_fill_row, peak_bytes=space.size * (8 + 8 + final)),
                 describe=f"{v['mode']} End-Nim row {canon_prefix(p)},b for b = 0..{size}, with "
                          f"the {len(cores)} rectangles of strings it depends on")


def row_of_table(table) -> np.ndarray:
    """The row ``prefix b, b = 0..size`` out of an ``endnim_row`` table (values in b order)."""
    p = tuple(table.params["prefix"])
    space = table.space
    start = space.cell(p[1:], p[0], 0)
    return np.asarray(table.values[start:start + table.params["size"] + 1])



FAMILY = Family.from_grammar(
    GRAMMAR, summary="End-Nim (seed 002): take from an end stack of a row of stacks",
    build=build, example="endnim:mode=partizan,len=5,max=6",
    position_help="stacks left to right, e.g. 3,5,5,5,1 (the empty string: -)",
    options_ref=options_ref)

ROW_FAMILY = Family.from_grammar(
    ROW_GRAMMAR, summary="End-Nim (seed 002): one long row a w b, b = 0..size",
    build=build_row, example="endnim_row:mode=impartial,prefix=1.4,size=1000",
    position_help="a string a,w,b of the row (or of the strings it depends on), e.g. 1,4,7",
    options_ref=options_ref)
