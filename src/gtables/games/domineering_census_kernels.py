"""Kernels of the Domineering census (:mod:`.domineering_census` drives them).

**Shapes.**  A polyomino of ``n <= MAX_SQUARES`` cells, translated so that its least row and
column are 0, is written row by row in its bounding box of width ``w``: cell ``(r, c)`` is bit
``r * w + c``.  ``h + w <= n + 1`` bounds the box to ``h * w <= 100`` cells for ``n <= 19``, so
the bits fit two int64 words: ``k0`` holds bits 0-49 and ``k1 = (bits 50-99) << 5 | w``.  The
*key* of a shape is the least ``(k1, k0)`` over its 8 images under the symmetries of the square
(transforms 0-3 keep the axes: identity, the two mirrors, the half turn; 4-7 swap them: the two
diagonal reflections and the quarter turns).  Two shapes have one key iff they are the same
free polyomino.

**Values.**  A transform that keeps the axes keeps Domineering's moves (a vertical domino stays
vertical), so the shape has the same value; one that swaps them swaps Left's and Right's moves,
so the shape has the negative value.  The census stores one value per key (the value of the
shape in its key orientation) and a shape's value is that one, negated when the transform that
takes it to its key swaps the axes (:func:`component_sum`).

**The table.**  ``K0``, ``K1`` (the keys), ``AUT`` (how many of the 8 transforms fix the key
shape, times 2 plus 1 if one of them swaps the axes) and ``VAL`` (a game id of the pool) are
indexed by shape number; ``TAB`` is an open-addressing hash table (linear probing, at most half
full) of shape numbers keyed on ``(k0, k1)``; ``state[0]`` is the number of shapes.  A kernel
that finds an array full returns the index it stopped at: Python grows the arrays and calls it
again from there (every step before is kept, and a repeat insertion finds its shape).
"""
from __future__ import annotations

import numba as nb
import numpy as np
from numba import types

from ..cgt.kernels import POOL_FULL, POOL_TYPE, add, canonical, neg
from ..config import JIT
from ..engine.jit import lazy_njit

MAX_SQUARES = 19
HALF = 50                  # bits of the box in k0
WBITS = 5                  # k1 = (bits HALF..) << WBITS | w
GRID = 24                  # the scratch grid's stride: a shape plus a border of one cell
DONE = -1                  # a kernel went through its whole range
EMPTY = -1                 # an empty slot of TAB
NOT_FOUND = -4             # a component's key is not in the table (a shape not enumerated)

_I64 = types.int64
_VEC = types.int64[::1]


@nb.njit(**JIT)
def pack(rs, cs, n, w):
    """``(k0, k1)`` of the cells ``(rs[i], cs[i])``, ``i < n`` (least row and column 0)."""
    k0 = 0
    k1 = 0
    for i in range(n):
        b = rs[i] * w + cs[i]
        if b < HALF:
            k0 |= np.int64(1) << b
        else:
            k1 |= np.int64(1) << (b - HALF)
    return k0, (k1 << WBITS) | w


@nb.njit(**JIT)
def unpack(k0, k1, rs, cs):
    """The cells of a shape into ``rs``, ``cs``; returns ``(n, h, w)``."""
    w = k1 & ((1 << WBITS) - 1)
    n = 0
    h = 0
    for half in range(2):
        bits = k0 if half == 0 else k1 >> WBITS
        base = 0 if half == 0 else HALF
        while bits != 0:
            low = bits & -bits
            b = base
            t = low
            while t > 1:
                t >>= 1
                b += 1
            rs[n] = b // w
            cs[n] = b % w
            if rs[n] + 1 > h:
                h = rs[n] + 1
            n += 1
            bits ^= low
    return n, h, w


@nb.njit(**JIT)
def key_of(rs, cs, n, tr, tc):
    """The key ``(k0, k1)`` of the cells ``rs``, ``cs`` (any translation), the transform that
    gives it (the first one, 0-7), and its automorphism code: ``2 * (transforms giving the key)
    + (1 if one of them swaps the axes)``.  ``tr``, ``tc``: scratch of length >= n."""
    r0 = rs[0]
    c0 = cs[0]
    r1 = rs[0]
    c1 = cs[0]
    for i in range(1, n):
        r0 = min(r0, rs[i])
        r1 = max(r1, rs[i])
        c0 = min(c0, cs[i])
        c1 = max(c1, cs[i])
    h = r1 - r0 + 1
    w = c1 - c0 + 1
    best0 = -1
    best1 = -1
    best_t = -1
    fixed = 0
    keep = 0              # some transform giving the key keeps the axes
    swap = 0              # some transform giving the key swaps them
    for t in range(8):
        for i in range(n):
            r = rs[i] - r0
            c = cs[i] - c0
            if t == 0:
                a, b = r, c
            elif t == 1:
                a, b = r, w - 1 - c
            elif t == 2:
                a, b = h - 1 - r, c
            elif t == 3:
                a, b = h - 1 - r, w - 1 - c
            elif t == 4:
                a, b = c, r
            elif t == 5:
                a, b = c, h - 1 - r
            elif t == 6:
                a, b = w - 1 - c, r
            else:
                a, b = w - 1 - c, h - 1 - r
            tr[i] = a
            tc[i] = b
        k0, k1 = pack(tr, tc, n, w if t < 4 else h)
        if best_t < 0 or k1 < best1 or (k1 == best1 and k0 < best0):
            best0, best1, best_t = k0, k1, t
            fixed = 1
            keep = 1 if t < 4 else 0
            swap = 1 - keep
        elif k1 == best1 and k0 == best0:
            fixed += 1
            if t < 4:
                keep = 1
            else:
                swap = 1
    # the transforms giving the key are a coset of the shape's symmetries: they are of both
    # kinds iff one of its symmetries swaps the axes
    return best0, best1, best_t, 2 * fixed + keep * swap


@nb.njit(**JIT)
def slot_hash(k0, k1):
    x = k0 ^ (k1 << 23) ^ (k1 >> 7)
    x ^= x >> 29
    x = (x & 0xFFFFFFFF) * 0x5BD1E995 + (x >> 32) * 0x2C1B3C6D
    x ^= x >> 27
    return x & 0x7FFFFFFFFFFFFFFF


@nb.njit(**JIT)
def find(TAB, K0, K1, k0, k1):
    """``(slot, shape number or EMPTY)``."""
    mask = TAB.size - 1
    s = slot_hash(k0, k1) & mask
    while True:
        j = TAB[s]
        if j == EMPTY or (K0[j] == k0 and K1[j] == k1):
            return s, j
        s = (s + 1) & mask


@lazy_njit(_I64(_VEC, _VEC, _VEC, _VEC, _VEC), **JIT)
def rehash(TAB, K0, K1, AUT, state):
    """Fill the (empty) ``TAB`` with the shapes ``0 .. state[0]-1``."""
    for j in range(state[0]):
        s, _ = find(TAB, K0, K1, K0[j], K1[j])
        TAB[s] = j
    return DONE


# what a kernel returns when it stops: ``i * STOP_BASE + code`` (i: the shape it stopped at)
STOP_BASE = 8
FULL, RANGE, MISSING = 0, 1, 2       # an array is full (grow, call again); a number beyond the
                                     # pool's range; a component that is not in the table
CODES = {FULL: "an array is full", RANGE: "a number beyond the game pool's range",
         MISSING: "a component shape not in the table"}


@lazy_njit(_I64(_I64, _I64, _VEC, _VEC, _VEC, _VEC, _VEC), **JIT)
def grow_shapes(lo, hi, K0, K1, AUT, TAB, state):
    """Every free polyomino with one cell more than the shapes ``lo .. hi-1``: each cell added
    next to a shape, the result keyed and inserted (new ones numbered from ``state[0]``).
    Returns DONE, or ``i * STOP_BASE + FULL`` when ``K0`` or ``TAB`` is full at shape ``i``."""
    rs = np.empty(MAX_SQUARES + 1, np.int64)
    cs = np.empty(MAX_SQUARES + 1, np.int64)
    tr = np.empty(MAX_SQUARES + 1, np.int64)
    tc = np.empty(MAX_SQUARES + 1, np.int64)
    sr = np.empty(MAX_SQUARES + 1, np.int64)
    sc = np.empty(MAX_SQUARES + 1, np.int64)
    grid = np.zeros(GRID * GRID, np.int64)
    room = 4 * (MAX_SQUARES + 2)          # more than the cells next to one shape
    for i in range(lo, hi):
        if state[0] + room >= K0.size or 2 * (state[0] + room) >= TAB.size:
            return i * STOP_BASE + FULL
        n, h, w = unpack(K0[i], K1[i], rs, cs)
        for j in range(n):
            grid[(rs[j] + 1) * GRID + cs[j] + 1] = 1
        for r in range(h + 2):
            for c in range(w + 2):
                g = r * GRID + c
                if grid[g] != 0:
                    continue
                if not ((r > 0 and grid[g - GRID] == 1) or (r < h + 1 and grid[g + GRID] == 1)
                        or (c > 0 and grid[g - 1] == 1) or (c < w + 1 and grid[g + 1] == 1)):
                    continue
                for j in range(n):
                    tr[j] = rs[j] + 1
                    tc[j] = cs[j] + 1
                tr[n] = r
                tc[n] = c
                k0, k1, _, aut = key_of(tr, tc, n + 1, sr, sc)
                s, j = find(TAB, K0, K1, k0, k1)
                if j == EMPTY:
                    j = state[0]
                    K0[j] = k0
                    K1[j] = k1
                    AUT[j] = aut
                    TAB[s] = j
                    state[0] = j + 1
        for j in range(n):
            grid[(rs[j] + 1) * GRID + cs[j] + 1] = 0
    return DONE


@nb.njit(**JIT)
def component_sum(P, grid, mark, stamp, rs, cs, n, K0, K1, TAB, VAL, cr, cc, tr, tc, stack):
    """The value of the cells ``grid`` holds among the shape's cells ``rs``, ``cs`` (grid
    coordinates): the sum of its components' values (each looked up by its key, negated when its
    key transform swaps the axes), or a status below zero (POOL_FULL, OUT_OF_RANGE, NOT_FOUND)."""
    total = 0
    for j in range(n):
        g0 = rs[j] * GRID + cs[j]
        if grid[g0] == 0 or mark[g0] == stamp:
            continue
        mark[g0] = stamp
        stack[0] = g0
        top = 1
        m = 0
        while top > 0:
            top -= 1
            g = stack[top]
            cr[m] = g // GRID
            cc[m] = g % GRID
            m += 1
            for d in (-GRID, GRID, -1, 1):
                x = g + d
                if grid[x] != 0 and mark[x] != stamp:
                    mark[x] = stamp
                    stack[top] = x
                    top += 1
        if m == 1:                       # a single cell: 0
            continue
        k0, k1, t, _ = key_of(cr, cc, m, tr, tc)
        s, i = find(TAB, K0, K1, k0, k1)
        if i == EMPTY:
            return NOT_FOUND
        v = VAL[i]
        if t >= 4:
            v = neg(P, v)
            if v < 0:
                return v
        total = add(P, total, v)
        if total < 0:
            return total
    return total


@lazy_njit(_I64(POOL_TYPE, _I64, _I64, _VEC, _VEC, _VEC, _VEC), **JIT)
def shape_values(P, lo, hi, K0, K1, TAB, VAL):
    """``VAL[i]`` for the shapes ``lo .. hi-1`` (every smaller shape has its value): the
    canonical form of {every vertical domino removed | every horizontal one}, each option the
    sum of what is left.  Returns DONE or ``i * STOP_BASE + code`` (FULL: grow the pool and call
    again from ``i``)."""
    size = MAX_SQUARES + 1
    rs = np.empty(size, np.int64)
    cs = np.empty(size, np.int64)
    cr = np.empty(size, np.int64)
    cc = np.empty(size, np.int64)
    tr = np.empty(size, np.int64)
    tc = np.empty(size, np.int64)
    stack = np.empty(4 * size, np.int64)
    L = np.empty(2 * size, np.int64)
    R = np.empty(2 * size, np.int64)
    grid = np.zeros(GRID * GRID, np.int64)
    mark = np.zeros(GRID * GRID, np.int64)
    stamp = 0
    for i in range(lo, hi):
        n, h, w = unpack(K0[i], K1[i], rs, cs)
        for j in range(n):
            rs[j] += 1
            cs[j] += 1
            grid[rs[j] * GRID + cs[j]] = 1
        nl = 0
        nr = 0
        status = 0
        for j in range(n):
            g = rs[j] * GRID + cs[j]
            for side in range(2):
                other = g + GRID if side == 0 else g + 1
                if grid[other] == 0:
                    continue
                grid[g] = 0
                grid[other] = 0
                stamp += 1
                v = component_sum(P, grid, mark, stamp, rs, cs, n, K0, K1, TAB, VAL,
                                  cr, cc, tr, tc, stack)
                grid[g] = 1
                grid[other] = 1
                if v < 0:
                    status = v
                    break
                if side == 0:
                    L[nl] = v
                    nl += 1
                else:
                    R[nr] = v
                    nr += 1
            if status < 0:
                break
        if status == 0:
            v = canonical(P, L, nl, R, nr)
            if v < 0:
                status = v
            else:
                VAL[i] = v
        for j in range(n):
            grid[rs[j] * GRID + cs[j]] = 0
        if status < 0:
            code = FULL if status == POOL_FULL else MISSING if status == NOT_FOUND else RANGE
            return i * STOP_BASE + code
    return DONE


@nb.njit(**JIT)
def key_of_cells(rs, cs):
    """:func:`key_of` of the cells ``rs``, ``cs`` (int64 arrays), from Python."""
    n = rs.size
    return key_of(rs, cs, n, np.empty(n, np.int64), np.empty(n, np.int64))
