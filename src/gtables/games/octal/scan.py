"""The naive mex of octal games, faster and on every core: for games with no sparse space.

For games such as 0.04, 0.06, 0.007 and 0.14 every heap ``n`` needs all of its two-heap options
``G(a) ^ G(r - a)``, ``a = 1..r/2``, ``r = n - k`` for each split amount ``k`` (``a < r - a`` for
"!" splits; ``k = 0`` when ``d0 = 4``).  No shortcut avoids reading every pair: to know that ``g``
is *not* an option, every pair must be looked at.  What this module changes is the cost of a pair
and the number of cores that share them.  Same values as the serial reference
:func:`.kernels.naive_range` (the tests compare them bit for bit).

**A store per pair, nothing else.**  ``seen[G(a) ^ G(r - a)] = 1`` with ``G(r - a)`` read
forward from a reversed copy of the table (``rev[i] = G(M - i)``): no load of ``seen``, no
branch, so the pairs do not wait on each other.  ``seen`` is a byte per value, cleared per heap.
Measured on 0.007 at 2^16 values, one thread: 2.55 G pairs/s, against 1.40 for the loop it
replaced (load the mark, store only a new value, four pairs per pair of 64-bit loads, stop once
every value below ``2**bits`` is seen).  Earlier sessions saw the store per pair five times slower
for some placements of the arrays; the benchmark (``scripts/bench_octal.py --rows scan``, which
also times the reference, a store per pair too) has not shown it again.  ``rev`` is as big as the
table; the kernel writes it with the table, :class:`NaiveScan` rebuilds it after a widening or a
resume.

**Early exit.**  The options of a heap are all below ``2**bits`` (``bits`` = bit length of the
largest value so far: an XOR of two values below ``2**bits`` stays below it).  Every
:data:`EXIT_CHECK` pairs the bulk looks whether every value below ``2**bits`` is marked; if so no
later pair can add one, and it stops.  Counted in ``stats`` (rare in these games: it needs every
value below ``2**bits`` among the options).

**Both cores: blocks of heaps.**  For the heaps ``h`` of a block ``[n0, n0 + B)`` the pairs with
both parts below ``n0`` (the *bulk*: ``a > r - n0``) read only finished values, so the bulk of all
``B`` heaps is scanned in parallel (``prange``, one ``seen`` row per heap).  Then, heap by heap in
order, the few pairs that read the block itself (the *tail*, ``a <= r - n0``: fewer than ``B``
pairs) and the take/whole options are added, and the mex is taken.  A parallel region costs 20-250
us here, so blocks are sized to a few million pairs and heaps below :data:`PAR_FROM` stay serial
(``B = 1``: no tail, the plain scan).  On a machine shared with other jobs, OpenMP threads that
spin while they wait made 2 threads 35% slower than 1 (measured here); with
``OMP_WAIT_POLICY=passive`` (which gtables.config sets unless the user did) they were as fast as 1.

**Measured and dropped** (this session, 0.007 at 2^16 values, one thread): (1) testing blocks of
256 pairs for a value not yet marked (loads only, vectorised) and marking only blocks that hold
one: 1.10 G pairs/s, since two thirds of the blocks hold a new value at this size; (2) after the
first 4,096 pairs, testing every pair at once against the eight smallest values not yet seen
(vectorised compares), marking blocks that hold one: 1.09, the candidates turn up late too often;
(3) earlier, a vectorised pass "is any pair's XOR one of four candidate values" with candidates
taken from a sample of the pairs: some options occur only once or twice among 10^5 pairs, so
wrong candidates cost 4-16 passes per heap near 2^18.

Three-heap splits (hexadecimal digits 8-F) are not covered: the stepper keeps the reference for
them.  Status codes are the engine's, as in :mod:`.kernels`.
"""
from __future__ import annotations

import weakref

import numba as nb
import numpy as np
from numba import prange

from ...config import JIT, PARALLEL_JIT
from ...engine.status import BASE, DONE, OVERFLOW, SCRATCH_FULL

S_BITS = 0                  # state[S_BITS] = bits, the layout of kernels' state array

PAR_FROM = 1 << 14          # heaps below this are computed one at a time, serially
BLOCK_PAIRS = 1 << 24       # pairs per block of heaps (the parallel region's work, ~10 ms)
MAX_BLOCK = 256             # heaps per block at most (rows of ``seen``)
EXIT_CHECK = 1 << 16        # pairs of the bulk between two looks for the early exit

# counters, one row per block slot (``stats[slot, ST_*]``), summed by the stepper
ST_HEAPS, ST_PAIRS, ST_NOMINAL, ST_EARLY, ST_BLOCKS = range(5)
N_STATS = 5


@nb.njit(**JIT)
def _bit_length(v):
    b = 0
    while (1 << b) <= v:
        b += 1
    return b


@nb.njit(**JIT)
def _mark_take_whole(whole, take, n, table, seen):
    """The options that leave at most one heap: ``whole`` (the heap of exactly ``k`` vanishes)
    and ``take`` (``k`` tokens go, one heap stays)."""
    for i in range(whole.size):
        if whole[i] == n:
            seen[0] = 1
    for i in range(take.size):
        k = take[i]
        if k < n:
            seen[np.int64(table[n - k])] = 1


@nb.njit(**JIT)
def _store_pairs(table, rev, a0, a1, off, seen):
    """``seen[G(a) ^ G(r - a)] = 1`` for ``a0 <= a <= a1``, with ``G(r - a) = rev[a + off]``
    (``off = rev.size - 1 - r``).  Unsigned indices spare numba's negative-index wrap-around."""
    o = np.uint64(off)
    a = np.uint64(a0)
    e = np.uint64(a1 + 1)
    while a < e:
        seen[table[a] ^ rev[a + o]] = 1
        a += np.uint64(1)


@nb.njit(**JIT)
def _all_marked(seen, bound):
    for v in range(bound):
        if seen[v] == 0:
            return False
    return True


@nb.njit(**JIT)
def _bulk(split, unequal, h, n0, table, rev, seen, bound, exit_check, stats):
    """The bulk of heap ``h`` in the block starting at ``n0``: every split pair whose two parts
    are below ``n0`` (``a > r - n0``), into the cleared row ``seen``; every ``exit_check``
    pairs (:data:`EXIT_CHECK`), stop if every value below ``bound`` is marked."""
    seen[:] = 0
    m = rev.size - 1
    done = False
    for i in range(split.size):
        r = h - split[i]
        amax = (r - 1) // 2 if unequal[i] else r // 2
        a = max(1, r - n0 + 1)
        stats[ST_NOMINAL] += max(amax - a + 1, 0)
        while a <= amax and not done:
            last = min(amax, a + exit_check - 1)
            _store_pairs(table, rev, a, last, m - r, seen)
            stats[ST_PAIRS] += last - a + 1
            a = last + 1
            if a <= amax or i + 1 < split.size:    # pairs are left to skip
                done = _all_marked(seen, bound)
    if done:
        stats[ST_EARLY] += 1


@nb.njit(**PARALLEL_JIT)
def _bulk_threads(split, unequal, n0, nb_, table, rev, seen, bound, exit_check, stats):
    """:func:`_bulk` of the heaps ``n0 .. n0 + nb_ - 1``, one heap per iteration, on all threads
    (:func:`scan` hands them out one at a time)."""
    for s in prange(nb_):
        si = np.int64(s)   # a prange index is unsigned
        _bulk(split, unequal, n0 + si, n0, table, rev, seen[si], bound, exit_check, stats[si])


@nb.njit(**JIT)
def scan_range(whole, take, split, unequal, lo, hi, table, rev, vmax, state, seen, stats,
               nthreads, par_from, exit_check):
    """Fill ``table[lo:hi]`` from ``table[:lo]``: the values of
    :func:`.kernels.naive_range` for codes without three-heap splits.  ``rev`` = the table
    reversed (``rev[rev.size - 1 - i] = table[i]``, same size and dtype; read below ``lo``,
    written with the table).  ``state`` as there
    (``state[S_BITS]``); ``seen`` = ``(MAX_BLOCK, 2 << bits)`` uint8 scratch (``SCRATCH_FULL``
    when a new value needs a wider one); ``stats`` = ``(MAX_BLOCK, N_STATS)`` int64 counters;
    heaps from ``par_from`` on go in blocks of at least ``nthreads`` heaps (:data:`PAR_FROM`;
    tests lower it to reach the block path on small tables)."""
    bits = state[S_BITS]
    width = seen.shape[1]
    n0 = lo
    while n0 < hi:
        nb_ = 1
        if nthreads > 1 and n0 >= par_from:
            # B <= n0: then every a <= r/2 is below n0, so only the tail reads the block
            nb_ = min(MAX_BLOCK, max(nthreads, BLOCK_PAIRS // max(n0 // 2, 1)), hi - n0, n0)
        bound = 1 << bits                  # every bulk option is below this
        if nb_ > 1:
            _bulk_threads(split, unequal, n0, nb_, table, rev, seen, bound, exit_check, stats)
            stats[0, ST_BLOCKS] += 1
        else:
            _bulk(split, unequal, n0, n0, table, rev, seen[0], bound, exit_check, stats[0])
        for s in range(nb_):
            h = n0 + s
            row = seen[s]
            _mark_take_whole(whole, take, h, table, row)
            for i in range(split.size):    # the tail: pairs that read heaps of this block
                r = h - split[i]
                amax = (r - 1) // 2 if unequal[i] else r // 2
                last = min(amax, r - n0)
                if last >= 1:
                    _store_pairs(table, rev, 1, last, rev.size - 1 - r, row)
                    stats[s, ST_PAIRS] += last
                    stats[s, ST_NOMINAL] += last
            g = 0
            while row[g]:
                g += 1
            if g > vmax:
                return h * BASE + OVERFLOW
            table[h] = g
            rev[rev.size - 1 - h] = g
            stats[s, ST_HEAPS] += 1
            if g >= (1 << bits):
                bits = _bit_length(g)
                state[S_BITS] = bits
                if (2 << bits) > width:
                    return (h + 1) * BASE + SCRATCH_FULL
        n0 += nb_
    return DONE


class NaiveScan:
    """The scan kernel's side of a stepper (:class:`.stepper.OctalStepper` keeps one): the
    ``seen`` rows, the counters, and the reversed copy of the table, rebuilt when the table is a
    new array (widened, or a resumed run) or was filled by someone else up to ``lo``."""

    def __init__(self, whole, take, split, unequal):
        self.moves = (whole, take, split, unequal)
        self.seen = np.zeros((MAX_BLOCK, 4), dtype=np.uint8)
        self.stats = np.zeros((MAX_BLOCK, N_STATS), dtype=np.int64)
        self.rev = np.zeros(0, dtype=np.uint8)
        self._of = None              # weak reference to the table rev mirrors
        self._upto = 0               # rev holds table[:_upto]

    def grow(self, width: int) -> None:
        """``seen`` rows of at least ``width`` entries (``2 << bits``)."""
        if width > self.seen.shape[1]:
            self.seen = np.zeros((MAX_BLOCK, width), dtype=np.uint8)

    def _mirror(self, table: np.ndarray, lo: int) -> np.ndarray:
        same = self._of is not None and self._of() is table and self.rev.dtype == table.dtype \
            and self.rev.size == table.size and self._upto >= lo
        if not same:
            self.rev = np.zeros_like(table)
            if lo:
                self.rev[table.size - lo:] = table[lo - 1::-1]
            self._of = weakref.ref(table)
        return self.rev

    def run(self, table: np.ndarray, lo: int, hi: int, state: np.ndarray,
            nthreads: int | None = None, par_from: int | None = None,
            exit_check: int | None = None) -> int:
        """:func:`scan_range` on ``nthreads`` threads (default: numba's current number), blocks
        from heap ``par_from`` (default :data:`PAR_FROM`, read at each call).  Block heaps are
        handed out one at a time (parallel chunk size 1, numba's setting, which a cached kernel
        cannot change itself): a thread that the OS holds back (other jobs on the machine) then
        does not hold up the block, the others take its heaps."""
        nthreads = nb.get_num_threads() if nthreads is None else nthreads
        par_from = PAR_FROM if par_from is None else par_from
        exit_check = EXIT_CHECK if exit_check is None else exit_check
        rev = self._mirror(table, lo)
        vmax = int(np.iinfo(table.dtype).max)
        old = nb.set_parallel_chunksize(1) if nthreads > 1 else None
        try:
            st = scan_range(*self.moves, lo, hi, table, rev, vmax, state, self.seen, self.stats,
                            max(nthreads, 1), par_from, max(exit_check, 1))
        finally:
            if old is not None:
                nb.set_parallel_chunksize(old)
        self._upto = hi if st == DONE else st // BASE
        return st

    def counters(self) -> dict:
        """Heaps computed, split pairs read, ``nominal`` pairs (what the naive method reads
        without the early exit), heaps settled by the early exit, parallel blocks."""
        tot = self.stats.sum(axis=0)
        return {"heaps": int(tot[ST_HEAPS]), "pairs": int(tot[ST_PAIRS]),
                "nominal_pairs": int(tot[ST_NOMINAL]), "early_exits": int(tot[ST_EARLY]),
                "parallel_blocks": int(tot[ST_BLOCKS])}
