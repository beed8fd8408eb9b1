"""The jitted helpers of :class:`~gtables.engine.spaces.partitions.PartitionSpace` (rank,
unrank, replace one part, step to the next partition), apart from the space itself so that
reading a stored table (which rebuilds its space) never imports numba.  They read one int64
array, ``PartitionSpace.tables``: ``[T, offsets (T + 2), W]`` (see ``partitions``)."""
from __future__ import annotations

import numpy as np
from numba import types

from ...config import JIT
from ..jit import lazy_njit

_HEAD = 1                # tables[0] = T; offsets follow


@lazy_njit(types.int64(types.int64[::1], types.int64, types.int64, types.int64), **JIT)
def _w(tables, r, s, c):
    T = tables[0]
    return tables[_HEAD + T + 2 + (r * (T + 2) + s) * (T + 1) + c]


@lazy_njit(types.int64(types.int64[::1], types.int64), **JIT)
def tier_of(tables, idx):
    """The total ``n`` of the partition of index ``idx`` (``offsets[n] <= idx < offsets[n+1]``)."""
    T = tables[0]
    lo, hi = 0, T
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if tables[_HEAD + mid] <= idx:
            lo = mid
        else:
            hi = mid - 1
    return lo


@lazy_njit(types.int64(types.int64[::1], types.int64, types.int64[::1], types.int64[::1]), **JIT)
def partition_unrank(tables, idx, sizes, counts):
    """Write the partition of index ``idx`` as distinct parts ``sizes[0] > sizes[1] > ...``
    with multiplicities ``counts``; return the number of distinct parts.  Assumes a legal
    index."""
    n = tier_of(tables, idx)
    q = idx - tables[_HEAD + n]
    r = n
    top = n
    d = 0
    while r > 0:
        s = min(top, r)
        while _w(tables, r, s, 1) > q:       # W(r, s, 1) = P(r, s - 1), non-decreasing in s
            s -= 1
        q -= _w(tables, r, s, 1)
        r -= s
        top = s
        if d > 0 and sizes[d - 1] == s:
            counts[d - 1] += 1
        else:
            sizes[d] = s
            counts[d] = 1
            d += 1
    return d


@lazy_njit(types.int64(types.int64[::1], types.int64[::1], types.int64[::1], types.int64), **JIT)
def partition_rank(tables, sizes, counts, d):
    """The index of the partition with distinct parts ``sizes[:d]`` (decreasing) and
    multiplicities ``counts[:d]``."""
    n = 0
    for i in range(d):
        n += sizes[i] * counts[i]
    r = n
    q = tables[_HEAD + n]
    for i in range(d):
        q += _w(tables, r, sizes[i], counts[i])
        r -= sizes[i] * counts[i]
    return q


@lazy_njit(types.int64(types.int64[::1], types.int64[::1], types.int64[::1], types.int64,
                     types.int64, types.int64, types.int64, types.int64), **JIT)
def rank_replace(tables, sizes, counts, d, n, h, a, b):
    """The index of the partition ``sizes/counts[:d]`` (total ``n``) with one part ``h`` (one of
    its parts) replaced by the parts ``a >= b >= 0`` (0: no part).  Costs one step per distinct
    part; nothing is written."""
    r = n - h + a + b
    q = tables[_HEAD + r]
    i = 0
    while i < d or a > 0:
        s = sizes[i] if i < d else 0
        if a > s:                            # a new part size, above the next old one
            c = 1
            if b == a:
                c = 2
                b = 0
            q += _w(tables, r, a, c)
            r -= a * c
            a, b = b, 0
            continue
        c = counts[i]
        if s == h:
            c -= 1
        if a == s:
            c += 1
            if b == a:
                c += 1
                b = 0
            a, b = b, 0
        if c > 0:
            q += _w(tables, r, s, c)
            r -= s * c
        i += 1
    return q


@lazy_njit(types.int64(types.int64[::1], types.int64[::1], types.int64), **JIT)
def partition_next(sizes, counts, d):
    """Step ``sizes/counts[:d]`` to the next partition of the same total in index order, in
    place; return its number of distinct parts, or -1 after the last one (the single part n).

    The next one raises the last part that can grow (the first copy of the smallest part when
    it repeats, else of the next smallest) by one and writes what followed it as ones."""
    if d == 0:
        return -1
    if counts[d - 1] >= 2:
        k = d - 1
        tail = (counts[k] - 1) * sizes[k]
    else:
        if d == 1:
            return -1
        k = d - 2
        tail = (counts[k] - 1) * sizes[k] + sizes[d - 1]
    s = sizes[k] + 1
    if k > 0 and sizes[k - 1] == s:
        counts[k - 1] += 1
        j = k
    else:
        sizes[k] = s
        counts[k] = 1
        j = k + 1
    if tail > 1:
        sizes[j] = 1
        counts[j] = tail - 1
        j += 1
    return j


@lazy_njit(types.void(types.int64[::1], types.int64[::1], types.int64[:, ::1]), **JIT)
def unrank_rows(tables, idx, out):
    T = tables[0]
    sizes = np.empty(T + 1, np.int64)
    counts = np.empty(T + 1, np.int64)
    for row in range(idx.size):
        d = partition_unrank(tables, idx[row], sizes, counts)
        j = 0
        for i in range(d):
            for _ in range(counts[i]):
                out[row, j] = sizes[i]
                j += 1


@lazy_njit(types.void(types.int64[::1], types.int64[:, ::1], types.int64[::1]), **JIT)
def rank_rows(tables, rows, out):
    T = tables[0]
    sizes = np.empty(T + 1, np.int64)
    counts = np.empty(T + 1, np.int64)
    for row in range(rows.shape[0]):
        parts = np.sort(rows[row])[::-1]
        d = 0
        for v in parts:
            if v <= 0:
                break
            if d > 0 and sizes[d - 1] == v:
                counts[d - 1] += 1
            else:
                sizes[d] = v
                counts[d] = 1
                d += 1
        out[row] = partition_rank(tables, sizes, counts, d)
