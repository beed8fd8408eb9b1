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

**The table.**  ``KV[j]`` holds shape ``j``'s key ``k0, k1`` and its value (a game id of the
pool, EMPTY until computed), side by side so that a look-up touches one row; ``AUT[j]`` (int8)
is how many of the 8 transforms fix the key shape, times 2, plus 1 if one of them swaps the
axes; ``TAB`` (int32) is an open-addressing hash table (linear probing, at most half full) of
shape numbers keyed on ``(k0, k1)``; ``state[0]`` is the number of shapes.  A kernel that finds
an array full returns the index it stopped at: Python grows the arrays and calls it again from
there (every step before is kept, and a repeat insertion finds its shape).
"""
from __future__ import annotations

import numba as nb
import numpy as np
from numba import types

from ..cgt.kernels import (
    ISNUM,
    NL,
    NR,
    OFF,
    POOL_FULL,
    POOL_TYPE,
    VEXP,
    VNUM,
    add,
    canonical,
    neg,
)
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
_KV = types.int64[:, ::1]        # per shape: k0, k1, value id (EMPTY until computed)
_AUT = types.int8[::1]
_TAB = types.int32[::1]


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
def _set(keys, t, b):
    if b < HALF:
        keys[2 * t] |= np.int64(1) << b
    else:
        keys[2 * t + 1] |= np.int64(1) << (b - HALF)


@nb.njit(**JIT)
def key_of(rs, cs, n, keys):
    """The key ``(k0, k1)`` of the cells ``rs``, ``cs`` (any translation), the transform that
    gives it (the first one, 0-7), and its automorphism code: ``2 * (transforms giving the key)
    + (1 if one of the shape's symmetries swaps the axes)``.  ``keys``: scratch of 16 int64.
    The 8 images are packed in one pass over the cells."""
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
    for t in range(16):
        keys[t] = 0
    for i in range(n):
        r = rs[i] - r0
        c = cs[i] - c0
        rr = h - 1 - r
        cc = w - 1 - c
        _set(keys, 0, r * w + c)
        _set(keys, 1, r * w + cc)
        _set(keys, 2, rr * w + c)
        _set(keys, 3, rr * w + cc)
        _set(keys, 4, c * h + r)
        _set(keys, 5, c * h + rr)
        _set(keys, 6, cc * h + r)
        _set(keys, 7, cc * h + rr)
    best0 = -1
    best1 = -1
    best_t = -1
    fixed = 0
    keep = 0              # some transform giving the key keeps the axes
    swap = 0              # some transform giving the key swaps them
    for t in range(8):
        k0 = keys[2 * t]
        k1 = (keys[2 * t + 1] << WBITS) | (w if t < 4 else h)
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
def find(TAB, KV, k0, k1):
    """``(slot, shape number or EMPTY)`` of the key ``(k0, k1)``."""
    mask = TAB.size - 1
    s = slot_hash(k0, k1) & mask
    while True:
        j = np.int64(TAB[s])
        if j == EMPTY or (KV[j, 0] == k0 and KV[j, 1] == k1):
            return s, j
        s = (s + 1) & mask


@lazy_njit(_I64(_TAB, _KV, _I64), **JIT)
def rehash(TAB, KV, count):
    """Fill the (empty) ``TAB`` with the shapes ``0 .. count-1``."""
    for j in range(count):
        s, _ = find(TAB, KV, KV[j, 0], KV[j, 1])
        TAB[s] = j
    return DONE


# what a kernel returns when it stops: ``i * STOP_BASE + code`` (i: the shape it stopped at)
STOP_BASE = 8
FULL, RANGE, MISSING = 0, 1, 2       # an array is full (grow, call again); a number beyond the
                                     # pool's range; a component that is not in the table
CODES = {FULL: "an array is full", RANGE: "a number beyond the game pool's range",
         MISSING: "a component shape not in the table"}


@lazy_njit(_I64(_I64, _I64, _KV, _AUT, _TAB, _VEC), **JIT)
def grow_shapes(lo, hi, KV, AUT, TAB, state):
    """Every free polyomino with one cell more than the shapes ``lo .. hi-1``: each cell added
    next to a shape, the result keyed and inserted (new ones numbered from ``state[0]``, value
    EMPTY).  Returns DONE, or ``i * STOP_BASE + FULL`` when ``KV`` or ``TAB`` is full at shape
    ``i``."""
    rs = np.empty(MAX_SQUARES + 1, np.int64)
    cs = np.empty(MAX_SQUARES + 1, np.int64)
    tr = np.empty(MAX_SQUARES + 1, np.int64)
    tc = np.empty(MAX_SQUARES + 1, np.int64)
    keys = np.empty(16, np.int64)
    grid = np.zeros(GRID * GRID, np.int64)
    room = 4 * (MAX_SQUARES + 2)          # more than the cells next to one shape
    for i in range(lo, hi):
        if state[0] + room >= KV.shape[0] or 2 * (state[0] + room) >= TAB.size:
            return i * STOP_BASE + FULL
        n, h, w = unpack(KV[i, 0], KV[i, 1], rs, cs)
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
                k0, k1, _, aut = key_of(tr, tc, n + 1, keys)
                s, j = find(TAB, KV, k0, k1)
                if j == EMPTY:
                    j = state[0]
                    KV[j, 0] = k0
                    KV[j, 1] = k1
                    KV[j, 2] = EMPTY
                    AUT[j] = np.int8(aut)
                    TAB[s] = np.int32(j)
                    state[0] = j + 1
        for j in range(n):
            grid[(rs[j] + 1) * GRID + cs[j] + 1] = 0
    return DONE


@nb.njit(**JIT)
def component_sum(P, grid, mark, stamp, rs, cs, n, KV, TAB, cr, cc, keys, stack):
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
        k0, k1, t, _ = key_of(cr, cc, m, keys)
        s, i = find(TAB, KV, k0, k1)
        if i == EMPTY:
            return NOT_FOUND
        v = KV[i, 2]
        if t >= 4:
            v = neg(P, v)
            if v < 0:
                return v
        total = add(P, total, v)
        if total < 0:
            return total
    return total


@lazy_njit(_I64(POOL_TYPE, _I64, _I64, _KV, _TAB), **JIT)
def shape_values(P, lo, hi, KV, TAB):
    """The values ``KV[i, 2]`` of the shapes ``lo .. hi-1`` (every smaller shape has its
    value): the canonical form of {every vertical domino removed | every horizontal one}, each
    option the sum of what is left.  Returns DONE or ``i * STOP_BASE + code`` (FULL: grow the
    pool and call again from ``i``)."""
    size = MAX_SQUARES + 1
    rs = np.empty(size, np.int64)
    cs = np.empty(size, np.int64)
    cr = np.empty(size, np.int64)
    cc = np.empty(size, np.int64)
    keys = np.empty(16, np.int64)
    stack = np.empty(4 * size, np.int64)
    L = np.empty(2 * size, np.int64)
    R = np.empty(2 * size, np.int64)
    grid = np.zeros(GRID * GRID, np.int64)
    mark = np.zeros(GRID * GRID, np.int64)
    stamp = 0
    for i in range(lo, hi):
        n, h, w = unpack(KV[i, 0], KV[i, 1], rs, cs)
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
                v = component_sum(P, grid, mark, stamp, rs, cs, n, KV, TAB, cr, cc, keys,
                                  stack)
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
                KV[i, 2] = v
        for j in range(n):
            grid[rs[j] * GRID + cs[j]] = 0
        if status < 0:
            code = FULL if status == POOL_FULL else MISSING if status == NOT_FOUND else RANGE
            return i * STOP_BASE + code
    return DONE


@nb.njit(**JIT)
def _sort_unique(a, k):
    """Sort ``a[:k]`` and keep each value once at its front; return how many are kept."""
    a[:k].sort()
    u = min(k, 1)
    for i in range(1, k):
        if a[i] != a[u - 1]:
            a[u] = a[i]
            u += 1
    return u


@nb.njit(**JIT)
def key_of_cells(rs, cs):
    """:func:`key_of` of the cells ``rs``, ``cs`` (int64 arrays), from Python."""
    return key_of(rs, cs, rs.size, np.empty(16, np.int64))


@nb.njit(**JIT)
def find_key(TAB, KV, k0, k1):
    """The shape number of a key, or EMPTY, from Python."""
    return find(TAB, KV, k0, k1)[1]


# -- temperatures of the pool's games --------------------------------------------------------------
#
# The thermographs of :mod:`gtables.cgt.thermograph` (CGSuite's conventions: walls for t >= -1,
# an integer a mast of temperature -1, scaffolds max RW(G^L) - t and min LW(G^R) + t, the
# temperature the least t >= -1 where they meet, the walls the mast above it), computed in
# float64 for every id of a pool in id order (options first).  Every value and temperature of
# a short game is a dyadic rational, and the ones here (|x| < 2^20, denominators <= 2^30, as the
# pool keeps its numbers) are exact in float64, as is every crossing of two walls (slopes
# differ by 1 or 2: a crossing halves a dyadic at most).  The tests hold the result equal to
# the exact thermographs.  A wall of id g: the points (t, v), t ascending from -1 to g's
# temperature, linear between, constant above: WT/WV[WOFF[g, side] : + WCNT[g, side]].

THERMO_FULL = -2          # WT/WV full: grow them and call again
THERMO_BAD = -3           # scaffolds that do not start apart (not a canonical form), or more
                          # breakpoints than the scratch arrays hold
_F64 = types.float64[::1]
_I2 = types.int64[:, ::1]


@nb.njit(**JIT)
def wall_at(WT, WV, off, cnt, t):
    if t >= WT[off + cnt - 1]:
        return WV[off + cnt - 1]
    for i in range(off + 1, off + cnt):
        if t <= WT[i]:
            a = WT[i - 1]
            return WV[i - 1] + (WV[i] - WV[i - 1]) * (t - a) / (WT[i] - a)
    return WV[off + cnt - 1]


@nb.njit(**JIT)
def _put_wall(WT, WV, at, pts, vals, k, tau, m):
    """Write the points of ``pts[:k]`` below ``tau`` and ``(tau, m)`` from ``WT[at]``, points
    where the slope does not change left out; returns the count."""
    c = 0
    for i in range(k + 1):
        if i < k and pts[i] >= tau:
            continue
        t = pts[i] if i < k else tau
        v = vals[i] if i < k else m
        if c >= 2:
            t1, v1 = WT[at + c - 1], WV[at + c - 1]
            t0, v0 = WT[at + c - 2], WV[at + c - 2]
            if (v1 - v0) * (t - t1) == (v - v1) * (t1 - t0):
                c -= 1
        WT[at + c] = t
        WV[at + c] = v
        c += 1
    return c


@lazy_njit(_I64(POOL_TYPE, _I64, _F64, _F64, _I2, _I2, _F64, _F64, _VEC), **JIT)
def thermographs(P, hi, WT, WV, WOFF, WCNT, TEMP, MAST, state):
    """The thermographs of the ids ``state[1] .. hi-1`` (``state[0]``: the next free slot of
    ``WT``/``WV``).  Returns DONE, THERMO_FULL (grow and call again) or THERMO_BAD."""
    nodes, opts = P[0], P[1]
    grid = np.empty(4096, np.float64)
    pts = np.empty(8192, np.float64)
    ls = np.empty(8192, np.float64)
    rs = np.empty(8192, np.float64)
    for g in range(state[1], hi):
        if nodes[g, ISNUM] != 0 and nodes[g, VEXP] == 0:
            if state[0] + 2 > WT.size:
                return THERMO_FULL
            at = state[0]
            WT[at] = -1.0
            WV[at] = float(nodes[g, VNUM])
            WOFF[g, 0] = at
            WOFF[g, 1] = at
            WCNT[g, 0] = 1
            WCNT[g, 1] = 1
            TEMP[g] = -1.0
            MAST[g] = WV[at]
            state[0] = at + 1
            state[1] = g + 1
            continue
        off, nl, nr = nodes[g, OFF], nodes[g, NL], nodes[g, NR]
        # the breakpoints of every wall read: RW of Left options, LW of Right options
        k = 0
        grid[k] = -1.0
        k += 1
        for i in range(nl + nr):
            x = opts[off + i]
            side = 1 if i < nl else 0
            o, c = WOFF[x, side], WCNT[x, side]
            if k + c > grid.size:
                return THERMO_BAD
            for j in range(c):
                grid[k] = WT[o + j]
                k += 1
        u = _sort_unique(grid, k)
        # refine: in each interval, every crossing of two walls of one side
        q = 0
        for s in range(u):
            a = grid[s]
            if q >= pts.size:
                return THERMO_BAD
            pts[q] = a
            q += 1
            if s + 1 == u:
                break
            b = grid[s + 1]
            for side in range(2):
                lo_i = 0 if side == 0 else nl
                hi_i = nl if side == 0 else nl + nr
                for i in range(lo_i, hi_i):
                    xi = opts[off + i]
                    wi = 1 if side == 0 else 0
                    fa_i = wall_at(WT, WV, WOFF[xi, wi], WCNT[xi, wi], a)
                    fb_i = wall_at(WT, WV, WOFF[xi, wi], WCNT[xi, wi], b)
                    for j in range(i + 1, hi_i):
                        xj = opts[off + j]
                        da = fa_i - wall_at(WT, WV, WOFF[xj, wi], WCNT[xj, wi], a)
                        db = fb_i - wall_at(WT, WV, WOFF[xj, wi], WCNT[xj, wi], b)
                        if da * db < 0:
                            if q >= pts.size:
                                return THERMO_BAD
                            pts[q] = a + (b - a) * da / (da - db)
                            q += 1
        q = _sort_unique(pts, q)
        # the scaffolds at the points
        for s in range(q):
            t = pts[s]
            best = -np.inf
            for i in range(nl):
                x = opts[off + i]
                best = max(best, wall_at(WT, WV, WOFF[x, 1], WCNT[x, 1], t))
            ls[s] = best - t
            best = np.inf
            for i in range(nl, nl + nr):
                x = opts[off + i]
                best = min(best, wall_at(WT, WV, WOFF[x, 0], WCNT[x, 0], t))
            rs[s] = best + t
        if ls[0] - rs[0] <= 0:
            return THERMO_BAD
        tau = np.nan
        for s in range(1, q):
            d1 = ls[s] - rs[s]
            if d1 <= 0:
                d0 = ls[s - 1] - rs[s - 1]
                tau = pts[s - 1] + (pts[s] - pts[s - 1]) * d0 / (d0 - d1)
                break
        if np.isnan(tau):          # past the last point the scaffolds close at slope -2
            tau = pts[q - 1] + (ls[q - 1] - rs[q - 1]) / 2
        # the mast: the Left scaffold at tau
        if tau >= pts[q - 1]:
            m = ls[q - 1] - (tau - pts[q - 1])
        else:
            m = ls[0]
            for s in range(1, q):
                if tau <= pts[s]:
                    m = ls[s - 1] + (ls[s] - ls[s - 1]) * (tau - pts[s - 1]) / (pts[s] - pts[s - 1])
                    break
        if state[0] + 2 * (q + 1) > WT.size:
            return THERMO_FULL
        at = state[0]
        cl = _put_wall(WT, WV, at, pts, ls, q, tau, m)
        cr = _put_wall(WT, WV, at + cl, pts, rs, q, tau, m)
        WOFF[g, 0] = at
        WCNT[g, 0] = cl
        WOFF[g, 1] = at + cl
        WCNT[g, 1] = cr
        TEMP[g] = tau
        MAST[g] = m
        state[0] = at + cl + cr
        state[1] = g + 1
    return DONE
