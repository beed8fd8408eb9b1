"""Mem0, Nim with a *local* memory (also "short local Nim"): a move takes ``x`` tokens from one heap,
any ``x`` except the amount the previous move *on that heap* took (Guy and Nowakowski, "Unsolved
problems in combinatorial games", MSRI 42 (2002), problem 22; Larsson, Rubinstein-Salzedo and
Siegel, "Memgames", arXiv:1912.10517; OEIS A351630).  Each heap keeps its own memory, so a game of
several heaps is a disjunctive sum: its Grundy value is the XOR of its heaps' values.  (The
*global* rule, one memory for the whole game, couples the heaps: ``nimlike:...,norepeat=1``.)

Spec: ``mem0:size=N`` (heaps 0..N), optionally ``min=a`` and ``max=b``: a move takes ``a..b``
tokens (default 1 and no maximum), never the amount last taken from that heap.

Positions: ``25`` (a fresh heap, ``last=0``: nothing taken from it yet) or ``25,last=3`` (a heap
of 25 from which 3 were just taken).  A last amount larger than the heap restricts no move, so
such a heap is the one with ``last=0``: the table holds the triangle ``last <= heap``
(:class:`~gtables.engine.spaces.BoundedTagSpace`), ``(N+1)(N+2)/2`` positions for ``min=1``
without ``max``, and every move lands in it after that identification.

Values: ``G(n, k) = mex{G(n - x, x) : a <= x <= min(b, n), x != k}``.  The fast fill
(:func:`mem0_fill`) uses the structure of this rule: with ``S(n)`` the multiset of the values of
all moves from ``n`` and ``M(n)`` its mex, forbidding the one move ``x = k`` changes the mex only
when that move held a value ``v < M(n)`` that no other move from ``n`` holds, and then the mex is
``v``.  So a row costs two passes over the moves from ``n``: ``O(N^2)`` for the table, against
``O(N^3)`` for the generic kernel (a mex per position).
"""
from __future__ import annotations

import numba as nb
import numpy as np

from ..config import JIT
from ..engine.game import GRUNDY, Family, FastFill, Game, Rules
from ..engine.kernels import movegen
from ..engine.spaces import BoundedTagSpace
from ..engine.values import VALUE_DTYPES
from ..errors import GtablesError
from .specs.mem0 import GRAMMAR, MAX_SIZE  # noqa: F401  (the spec grammar, numba-free)


@movegen
def mem0_moves(pos, side, params, out):
    # params: [a, top, N, offsets[0..N+1]]; top = min(b, N); the tags at heap n are 0 (code 0)
    # and a..min(top, n) (code x - a + 1)
    lo = params[0]
    hi = params[1]
    nx = params[2] + 1
    a = 0
    b = nx                        # offsets[a] <= pos < offsets[b]
    while b - a > 1:
        m = (a + b) // 2
        if params[3 + m] <= pos:
            a = m
        else:
            b = m
    n = a
    code = pos - params[3 + n]
    last = 0 if code == 0 else lo + code - 1
    top = hi if hi < n else n
    c = 0
    for x in range(lo, top + 1):
        if x == last:
            continue
        m = n - x
        # a last amount larger than the heap left restricts nothing: that heap's last=0 position
        out[2 * c] = params[3 + m] + (x - lo + 1 if x <= m else 0)
        out[2 * c + 1] = -1
        c += 1
    return c


@nb.njit(**JIT)
def mem0_fill_rows(lo, hi, offsets, table, count, vals):
    """Fill ``table`` (indexed as :class:`BoundedTagSpace`, heaps ``0..len(offsets)-2``) row by
    row.  ``count`` (zeros, length > the number of moves from the largest heap) and ``vals``
    (length >= that number) are scratch.  Returns the number of (n, k) positions whose value
    differs from the mex of all moves of their row (the exceptions), for the statistics."""
    exceptions = 0
    for n in range(offsets.size - 1):
        top = hi if hi < n else n
        base = offsets[n]
        for x in range(lo, top + 1):          # S(n): the values of every move from n
            m = n - x
            v = np.int64(table[offsets[m] + (x - lo + 1 if x <= m else 0)])
            vals[x - lo] = v
            count[v] += 1
        g = 0
        while count[g] > 0:
            g += 1
        table[base] = g                       # last = 0: every move allowed
        for x in range(lo, top + 1):          # last = x: only the move x is forbidden
            v = vals[x - lo]
            if v < g and count[v] == 1:
                table[base + x - lo + 1] = v
                exceptions += 1
            else:
                table[base + x - lo + 1] = g
        for x in range(lo, top + 1):
            count[vals[x - lo]] = 0
    return exceptions


@nb.njit(**JIT)
def mem0_rows_compact(size, mex, start, exc_k, exc_v, count, vals):
    """Mem0 (``min=1``, no maximum) for heaps ``0..size`` without the table: row ``n`` is kept as
    ``mex[n]`` (= ``G(n, 0)``, and ``G(n, k)`` for every ``k`` not listed) plus its *exceptions*,
    the ``k`` with ``G(n, k) != mex[n]``, in ``exc_k[start[n]:start[n+1]]`` (increasing) with
    their values in ``exc_v``.  The structure of the rule (see :func:`mem0_fill_rows`) makes the
    exceptions few (at most a few dozen per row up to 20,000), so memory is ``O(size)``.

    ``count``, ``vals``: int64 scratch of length ``size + 2``.  Returns the number of rows done:
    ``size + 1``, or less when ``exc_k`` is full (the caller grows it and starts again)."""
    cap = exc_k.size
    start[0] = 0
    for n in range(size + 1):
        for x in range(1, n + 1):            # G(n - x, x): row n - x, column x
            j = n - x
            v = mex[j]
            if x <= j:
                for e in range(start[j], start[j + 1]):
                    kk = exc_k[e]
                    if kk >= x:
                        if kk == x:
                            v = exc_v[e]
                        break
            vals[x] = v
            count[v] += 1
        g = 0
        while count[g] > 0:
            g += 1
        mex[n] = g
        e = start[n]
        for x in range(1, n + 1):
            v = vals[x]
            if v < g and count[v] == 1:
                if e >= cap:
                    return n
                exc_k[e] = x
                exc_v[e] = v
                e += 1
        start[n + 1] = e
        for x in range(1, n + 1):
            count[vals[x]] = 0
    return size + 1


def compact_rows(size: int, capacity: int | None = None):
    """``(mex, start, exc_k, exc_v)`` of :func:`mem0_rows_compact` for heaps ``0..size``."""
    cap = capacity or 16 * (size + 1) + 64
    while True:
        mex = np.zeros(size + 1, dtype=np.int64)
        start = np.zeros(size + 2, dtype=np.int64)
        exc_k = np.zeros(cap, dtype=np.int64)
        exc_v = np.zeros(cap, dtype=np.int64)
        done = mem0_rows_compact(size, mex, start, exc_k, exc_v, np.zeros(size + 2, np.int64),
                                 np.zeros(size + 2, np.int64))
        if done == size + 1:
            return mex, start, exc_k[:start[-1]].copy(), exc_v[:start[-1]].copy()
        cap *= 2


def value_dtype(max_options: int):
    """The smallest unsigned dtype holding every value: a mex of at most ``max_options`` values
    is at most ``max_options``."""
    for dt in VALUE_DTYPES:
        if max_options < np.iinfo(dt).max:
            return dt
    return np.uint64


def mem0_fill(game: Game) -> np.ndarray:
    """The fast fill (``Rules.fast_fill``), tested equal to the generic kernel."""
    lo, hi = int(game.move_params[0]), int(game.move_params[1])
    offsets = game.move_params[3:]
    table = np.zeros(game.space.size, dtype=value_dtype(game.max_options))
    width = game.max_options + 2
    mem0_fill_rows(lo, hi, offsets, table, np.zeros(width, dtype=np.int64),
                   np.zeros(width, dtype=np.int64))
    return table


def build(v: dict) -> Rules:
    size, a, b = v["size"], v["min"], v["max"]
    if b is not None and a > b:
        raise GtablesError(f"mem0: min={a} is larger than max={b} (a move takes min..max tokens)")
    top = size if b is None else min(b, size)
    space = BoundedTagSpace(size, [0] + list(range(a, top + 1)), name="heap", tag_name="last")
    max_options = max(1, top - a + 1)
    dt = np.dtype(value_dtype(max_options))
    takes = f"{a}.." + ("" if b is None else str(b))
    return Rules(space=space, moves=mem0_moves,
                 move_params=np.concatenate([[a, top, size], space.offsets]).astype(np.int64),
                 kind=GRUNDY, max_options=max_options,
                 fast_fill=FastFill(mem0_fill, peak_bytes=space.size * dt.itemsize
                                    + 16 * (max_options + 2) + space.offsets.nbytes),
                 describe=f"Mem0 (local memory) on one heap of 0..{size}: take {takes} tokens, "
                          f"never the amount last taken from this heap")


def options_ref(values: dict, position, side: int = 0) -> list[tuple]:
    """The options of ``(n, last)`` in plain Python: take ``x`` (``min <= x <= max``, ``x <= n``,
    ``x != last``), leaving ``(n - x, x)``, written ``(n - x, 0)`` when ``x > n - x`` (a last
    amount larger than the heap restricts nothing: the table's identification)."""
    n, last = (int(p) for p in position)
    a, b = values["min"], values["max"]
    top = n if b is None else min(b, n)
    return [((n - x, x if x <= n - x else 0),) for x in range(a, top + 1) if x != last]


FAMILY = Family.from_grammar(
    GRAMMAR,
    summary="Mem0 (Nim with a local memory): take any amount from one heap except the amount "
            "last taken from that heap; sums by XOR",
    build=build, example="mem0:size=40",
    position_help="a heap and the amount last taken from it, e.g. 25,last=3 (default last=0: "
                  "nothing taken yet); last must not exceed the heap (a larger one restricts "
                  "nothing: write last=0)",
    options_ref=options_ref)
