"""The plain path: small octal tables by numpy alone, with nothing to compile.

A first ``gtables compute octal:code=0.07,size=1000`` spent seconds compiling the sparse-space
kernels (on a cold cache) for a table numpy fills in milliseconds.  :func:`plain_range` is the
naive mex of :mod:`.kernels` (``naive_range``) written with numpy: for each heap the values of
all its options, one vector per digit, then the smallest value missing.  The stepper takes it
for small tables on ``--algorithm auto`` (:data:`PLAIN_HEAPS`, :data:`PLAIN_WORK`); the tests
compare it with the kernels and the reference solver.  It imports no numba.
"""
from __future__ import annotations

import numpy as np

from ...engine.status import BASE, DONE, OVERFLOW
from ..specs.octal import THREE, UNEQUAL

PLAIN_HEAPS = 1025        # auto takes the plain path for tables of at most this many heaps
PLAIN_WORK = 2_000_000    # ... whose options, summed over every heap, are at most this many


def option_work(ds: list[int], heaps: int) -> int:
    """How many option values the heaps ``0..heaps-1`` have in all (pairs of a split into two
    heaps, triples of a split into three, one for every other move): the plain path's work."""
    work = 0
    for k, d in enumerate(ds):
        for r in range(max(0, heaps - k)):
            if d & 4:
                work += r // 2
            if d & 8:
                work += (r * r + 6) // 12 if r >= 3 else 0     # a <= b <= c, a + b + c = r
            if k and d & 3:
                work += 1
    return work


def plain_range(ds: list[int], table: np.ndarray, lo: int, hi: int) -> int:
    """Grundy values of heaps ``lo..hi-1`` into ``table`` (heaps below ``lo`` filled), the move
    rules of the digits ``ds`` (:func:`gtables.games.octal.digits`).  Returns ``DONE``, or
    ``n * BASE + OVERFLOW`` at the first heap ``n`` whose value the dtype cannot hold."""
    vmax = int(np.iinfo(table.dtype).max)
    g = table.astype(np.int64)          # values as int64: XOR of sums, no overflow
    for n in range(lo, hi):
        parts = []
        for k in range(min(len(ds) - 1, n) + 1):
            d, r = ds[k], n - k
            if k > 0 and d & 1 and r == 0:
                parts.append(np.zeros(1, np.int64))
            if k > 0 and d & 2 and r > 0:
                parts.append(g[r:r + 1])
            if d & 4 and r >= 2:
                top = (r - 1) // 2 if d & UNEQUAL else r // 2     # a < b when they must differ
                if top >= 1:
                    a = np.arange(1, top + 1)
                    parts.append(g[a] ^ g[r - a])
            if d & THREE and r >= 3:
                for a in range(1, r // 3 + 1):                    # a <= b <= c = r - a - b
                    b = np.arange(a, (r - a) // 2 + 1)
                    parts.append(g[a] ^ g[b] ^ g[r - a - b])
        if parts:
            vals = np.concatenate(parts)
            seen = np.zeros(vals.size + 1, dtype=bool)
            seen[vals[vals <= vals.size]] = True
            v = int(np.argmin(seen))
        else:
            v = 0
        if v > vmax:
            table[lo:n] = g[lo:n]
            return n * BASE + OVERFLOW
        g[n] = v
    table[lo:hi] = g[lo:hi]
    return DONE
