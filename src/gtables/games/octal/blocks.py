"""The sparse-space method on both cores: blocks of consecutive heaps (the serial method is
:func:`.kernels.sparse_range`; read its module docstring first).

For heap ``n`` the sparse method marks every split ``a + b = r`` (``r = n - k``) with a rare part
``a``.  In a block of heaps ``lo <= n < hi`` most of those pairs have their partner ``b < lo``,
already known when the block starts: **phase A** (:func:`block_far`, ``prange`` over the heaps of
the block) marks them, one bitset row per heap (``bs[n - lo]``, bit ``v`` = value ``v`` is an
option).  **Phase B** (:func:`block_near`, one thread, heap after heap) adds what phase A could
not know: the moves that leave one heap, the pairs whose partner lies in the block (rare
``a <= r - lo``), and the pairs with a rare heap found inside the block; then it takes the
smallest unmarked common value ``c`` from the bitset and settles the rare-class values below
``c`` by the same scan as the serial kernel.  The marked set of every heap is the serial kernel's
set, so every value is the same (bit-identical; the tests compare both on many codes).

Phase B's share is the rare heaps below the block length, so blocks are short (``BLOCK``); phase
A of block ``k + 1`` needs the values of block ``k``, so the two phases alternate.  The rare
heaps' values are kept in a contiguous array ``tv`` beside the rare list, so phase A reads one
scattered value per pair (the partner), in a window of recent heaps.

Status codes are the serial kernel's (``OVERFLOW``; ``SCRATCH_FULL`` when the rare list is full
or a value reached a new power of two: the bitset layout changes then, and the driver rebuilds it
and calls again from that heap).
"""
from __future__ import annotations

import numba as nb
import numpy as np

from ...config import JIT, PARALLEL_JIT
from ...engine.status import BASE, DONE, NEW_RARE, OVERFLOW, SCRATCH_FULL, WINDOW_SHORT
from .kernels import S_BITS, S_NRARE, S_PB, S_Q0, bits_for

MIN_RARE = 48          # below this many rare heaps the serial kernel is as fast
ROW_BYTES = 16384      # mark rows per thread: this many bytes, so they stay in the core's L1 cache
MAX_ROWS = 512         # heaps per block at most (the rare list keeps this much room)
WINDOW = 4096          # phase A scans the splits with a part block <= a < block + window, window
MAX_WINDOW = 1 << 16   # starting at WINDOW, set by the stepper from how many heaps scan further


def block_rows(w: int, threads: int) -> int:
    """Heaps per block: ``ROW_BYTES / w`` (at least 8) per thread, ``w`` = bytes a row."""
    return min(MAX_ROWS, max(8, ROW_BYTES // w) * threads)



@nb.njit(**JIT)
def _first_above(rare, nr, x):
    """The first index j < nr with rare[j] > x (nr if none); rare is increasing."""
    lo, hi = 0, nr
    while lo < hi:
        m = (lo + hi) >> 1
        if rare[m] > x:
            hi = m
        else:
            lo = m + 1
    return lo


@nb.njit(**JIT)
def _mark_parts(split, unequal, lo, s, e, table, off, a, x, mark, w, stamp):
    """Mark ``x ^ G(n - k - a)`` in row ``n - lo`` of ``mark`` for heaps s <= n < e and every
    split amount k (the split of n - k into a and a non-empty partner; with "!" not a + a):
    heap after heap for one part ``a`` of value ``x``, so the partners are read in order."""
    for i in range(split.size):
        k = split[i]
        n0 = max(s, a + k + 1)              # the partner n - k - a is a non-empty heap
        skip = 2 * a + k if unequal[i] else -1
        m0 = n0
        while m0 < e:
            m1 = e if (skip < m0 or skip >= e) else skip
            base = np.uint64(m0 - k - a - off)
            row = np.uint64((m0 - lo) * w)
            for t in range(m1 - m0):
                ut = np.uint64(t)
                mark[row + ut * np.uint64(w) + np.uint64(x ^ np.uint32(table[base + ut]))] = stamp
            m0 = m1 + 1 if m1 == skip else m1


@nb.njit(**JIT)
def _far_rows(split, unequal, lo, s, e, table, off, rare, tv, j0, nr, a0, a1, mark, w, stamp):
    """Phase A for heaps s..e-1: the splits with a rare part ``rare[j]``, j0 <= j < nr, and the
    splits with a part ``a0 <= a < a1`` (the first stretch of the serial kernel's scan; these
    give rare-class values only, or values a rare part gives anyway: ``c`` is unchanged)."""
    for j in range(j0, nr):
        _mark_parts(split, unequal, lo, s, e, table, off, rare[j], np.uint32(tv[j]), mark, w,
                    stamp)
    for a in range(a0, a1):
        _mark_parts(split, unequal, lo, s, e, table, off, a, np.uint32(table[a]), mark, w, stamp)


@nb.njit(**PARALLEL_JIT)
def block_far(split, unequal, lo, hi, table, off, rare, tv, j0, nr, a0, a1, mark, w, stamp,
              parts):
    """Phase A: the rows of heaps lo..hi-1, the block cut into ``parts`` pieces, one a thread."""
    size = (hi - lo + parts - 1) // parts
    for p in nb.prange(parts):
        s = lo + p * size
        e = min(hi, s + size)
        if s < e:
            _far_rows(split, unequal, lo, s, e, table, off, rare, tv, j0, nr, a0, a1, mark, w,
                      stamp)


@nb.njit(**JIT)
def _scan(split, unequal, n, q0, a_lo, a_hi, table, off, plen, lowest, want, wstamp, need):
    """The serial kernel's scan over the splits with a part ``a_lo <= a < a_hi`` (and ``a`` at
    most the partner): strike each wanted value seen; stop when none is left.  Parts are read
    at ``table[a]`` (``a < plen``), partners at ``table[b - off]`` (``b >= lowest``); splits
    outside those are skipped.  Returns how many are left, negated minus one if some split was
    skipped (``-1 - left``)."""
    cut = False
    if split.size == 1:
        r = n - q0
        amax = max((r - 1) // 2 if unequal[0] else r // 2, 0)
        end = min(a_hi, amax + 1)
        if end > plen or end > r - lowest + 1:
            end = min(end, plen, r - lowest + 1)
            cut = True
        a = np.uint64(a_lo)
        ub = np.uint64(r - off)
        uend = np.uint64(max(end, a_lo))
        while a < uend:
            v = np.uint64(table[a]) ^ np.uint64(table[ub - a])
            if want[v] == wstamp:
                want[v] = 0
                need -= 1
                if need == 0:
                    return 0
            a += np.uint64(1)
        return -1 - need if cut else need
    amax = (n - q0) // 2
    a2 = a_lo
    while a2 < a_hi and a2 <= amax:
        if a2 >= plen:
            return -1 - need
        ga = np.uint64(table[np.uint64(a2)])
        for i in range(split.size):
            b = n - split[i] - a2
            if b < a2 or (b == a2 and unequal[i]):
                continue
            if b < lowest:
                cut = True
                continue
            v = ga ^ np.uint64(table[np.uint64(b - off)])
            if want[v] == wstamp:
                want[v] = 0
                need -= 1
                if need == 0:
                    return 0
        a2 += 1
    return -1 - need if cut else need


@nb.njit(**JIT)
def block_near(whole, take, split, unequal, lo, hi, table, off, plen, vmax, state, rare, tv, jn,
               nr0, a0, a1, mark, w, stamp, cls, want, counts):
    """Phase B: finish heaps ``lo..hi-1`` in order from phase A's rows (module docstring):
    the rare parts ``rare[:jn]`` (below ``a0``, the block length), the rare heaps found in the
    block (``rare[nr0:]``), the moves that leave one heap; then the serial kernel's mex, whose
    scan phase A has done for the parts ``a0 <= a < a1``.  ``counts[0]`` += heaps whose scan
    went past ``a1``.  Returns ``DONE`` or a status; ``state[S_NRARE]`` is kept up to date.

    Bounded memory (``plen`` < ``lo``): ``table`` holds heaps ``0..plen-1`` and, from index
    ``plen``, heaps ``plen + off ..``; heap ``h >= plen + off`` is at ``table[h - off]`` (with
    ``off = 0`` the two parts touch and every heap is where it belongs).  A rare heap past
    ``plen`` stops with ``NEW_RARE``; a split needing a heap in neither part, ``WINDOW_SHORT``."""
    lowest = 0 if off == 0 else plen + off       # the least heap readable at table[h - off]
    alim = plen if off > 0 else hi               # parts below this are read at table[a]
    bits = state[S_BITS]
    pb = state[S_PB]
    q0 = state[S_Q0]
    nr = state[S_NRARE]
    nsplit = split.size
    half = 1 << bits
    for n in range(lo, hi):
        o = (n - lo) * w
        for i in range(whole.size):
            if whole[i] == n:
                mark[o] = stamp
        for i in range(take.size):
            k = take[i]
            if k < n:
                mark[o + np.int64(table[n - k - off])] = stamp
        for i in range(nsplit):
            r = n - split[i]
            if r < 2:
                continue
            u = unequal[i]
            for j in range(jn):
                a = rare[j]
                if a >= r:
                    break
                if not (u and 2 * a == r):
                    mark[o + np.int64(np.uint32(tv[j]) ^ np.uint32(table[r - a - off]))] = stamp
            for j in range(nr0, nr):
                a = rare[j]
                if a >= r:
                    break
                if not (u and 2 * a == r):
                    mark[o + np.int64(np.uint32(tv[j]) ^ np.uint32(table[r - a]))] = stamp
        wstamp = n + 1
        q = pb & ((n - q0) & 1)
        limit = 2 << bits
        c = limit
        need = 0
        for v in range(limit):
            if v < half and mark[o + v] == stamp:
                continue
            if cls[v] ^ q:
                c = v
                break
            want[v] = wstamp
            need += 1
        if need > 0:
            need = _scan(split, unequal, n, q0, 1, a0, table, off, alim, lowest, want, wstamp,
                         need)
        if need > 0:
            need = _scan(split, unequal, n, q0, a1, n, table, off, alim, lowest, want, wstamp,
                         need)
            counts[0] += 1
        if need < 0:
            if need < -1:                        # values still wanted, splits out of reach
                state[S_NRARE] = nr
                return n * BASE + WINDOW_SHORT
            need = 0
        g = c
        if need > 0:
            g = 0
            while g < c and not (want[g] == wstamp and not (g < half and mark[o + g] == stamp)):
                g += 1
        if g > vmax:
            state[S_NRARE] = nr
            return n * BASE + OVERFLOW
        if n >= 1 and (cls[g] ^ (pb & (n & 1))) == 0:
            if n >= plen:
                state[S_NRARE] = nr
                return n * BASE + NEW_RARE
            table[n - off] = g
            rare[nr] = n
            tv[nr] = g
            nr += 1
        else:
            table[n - off] = g
        if g >= half:
            state[S_BITS] = bits_for(g)
            state[S_NRARE] = nr
            return (n + 1) * BASE + SCRATCH_FULL
    state[S_NRARE] = nr
    return DONE


@nb.njit(**JIT)
def sparse_blocks(whole, take, split, unequal, lo, hi, table, off, plen, vmax, state, rare, tv,
                  mark, cls, want, block, parts, window, counts):
    """Heaps ``lo..hi-1`` block by block (phase A on ``parts`` threads, then phase B); the values
    of :func:`.kernels.sparse_range`.  ``mark`` holds ``block`` rows of ``1 << bits``
    bytes; ``tv[j]`` = the value of rare heap ``rare[j]``; phase A scans the parts
    ``block <= a < block + window``.  ``counts[0]`` += heaps whose scan needed more.
    ``off``/``plen``: the bounded-memory layout of :func:`block_near` (``0`` / a number larger
    than every heap for a whole table)."""
    w = 1 << state[S_BITS]
    if block * w > mark.size:
        return lo * BASE + SCRATCH_FULL
    reach = 0                                    # the most tokens a move removes
    for i in range(split.size):
        reach = max(reach, split[i])
    for i in range(take.size):
        reach = max(reach, take[i])
    lowest = 0 if off == 0 else plen + off
    mark[:] = 0
    stamp = np.uint8(0)
    b0 = lo
    while b0 < hi:
        b1 = min(hi, b0 + block)
        nr = state[S_NRARE]
        if nr + (b1 - b0) > rare.size:
            return b0 * BASE + SCRATCH_FULL
        if stamp == 255:
            mark[:] = 0
            stamp = np.uint8(0)
        stamp += np.uint8(1)
        a0 = b1 - b0
        # parts whose values are known (and, bounded, in the prefix)
        a1 = max(a0, min(a0 + window, b0 if off == 0 else plen))
        if off > 0:
            far = max(a1 - 1, rare[nr - 1] if nr else 0)
            if b0 - reach - far < lowest:
                return b0 * BASE + WINDOW_SHORT
        jn = _first_above(rare, nr, a0 - 1)
        jf = _first_above(rare, nr, a1 - 1)
        if parts > 1:
            block_far(split, unequal, b0, b1, table, off, rare, tv, jf, nr, a0, a1, mark, w,
                      stamp, parts)
        else:                                   # no parallel region: no threads to wake
            _far_rows(split, unequal, b0, b0, b1, table, off, rare, tv, jf, nr, a0, a1, mark, w,
                      stamp)
        st = block_near(whole, take, split, unequal, b0, b1, table, off, plen, vmax, state, rare,
                        tv, jn, nr, a0, a1, mark, w, stamp, cls, want, counts)
        if st != DONE:
            return st
        b0 = b1
    return DONE
