"""Grundy values of octal games, heap by heap: the naive mex and the sparse-space method.

Both kernels fill ``table[lo:hi]`` from ``table[:lo]`` and are pure functions of arrays.  The
moves come as five int64 arrays built by :func:`move_arrays`: ``whole`` (k with bit 1: a heap of
exactly k may be removed), ``take`` (bit 2: remove k, leave one heap), ``split`` (bit 4: remove k,
leave two non-empty heaps; ``k = 0`` for ``d0 = 4``), ``unequal`` (1 where the two heaps of that
split must differ, written ``4!.0`` as in CGSuite; Grundy's game) and ``three`` (hexadecimal bit 8:
remove k, leave three non-empty heaps).  Three-heap splits are in the naive kernel only: it walks
every ``a <= b <= c`` with ``a + b + c = n - k``, about ``(n - k)^2 / 12`` of them per heap.

Values are marked in a small stamp array ``mark`` of ``2**(bits+1)`` entries, ``bits`` = bit length
of the largest value so far (an XOR of two values below ``2**bits`` stays below it), so the mark
array stays in L1 cache; stamps are ``n + 1``, so nothing is cleared between heaps.

**Sparse space** (Berlekamp, Conway & Guy, *Winning Ways* ch. 4 "Sparse space spells speed";
Flammenkamp's octal-game pages).  Fix a mask ``M`` and a flag ``pb``; call heap ``i`` *rare* when
``popcount(G(i) & M) + pb*i`` is even.  Parity of popcount adds under XOR, so a split of ``n - k``
into ``a + b`` gives a value ``v`` with ``popcount(v & M) + pb*(n-k)`` odd (a *common* value at
``n``) only if exactly one of ``a, b`` is rare.  ``pb`` may be 1 only when every split removes
amounts of one parity.  So: mark the non-split options, mark every split with a rare part (a
short list), take the smallest unmarked common value ``c``; then ``G(n) < c`` only if some
rare-class value below ``c`` is missing, which a scan over all splits settles, stopping as soon as
every such value is seen (usually at once).  Exact for any ``M``: a poor mask only makes the rare
list long.  The driver (:class:`.stepper.OctalStepper`) re-chooses ``M`` at powers of two, as the
mask with the fewest rare heaps so far (a Walsh-Hadamard transform of the value histogram).

Status codes are the engine's (:mod:`gtables.engine.status`): ``OVERFLOW`` (a value exceeds the
table dtype; ``pos`` not written), ``SCRATCH_FULL`` (the mark arrays must grow, or the rare list is
full; heaps before ``pos`` are written, ``pos`` is not).  The stepper grows what is full and goes
on, so it returns only ``DONE`` or ``OVERFLOW``.  :mod:`.blocks` has the same sparse method
on several threads.

Tables stay in the engine's dtype (uint8 while every value is below 256).  Values as bytes past
255 (the mask's lowest bit dropped, as some solvers store Officers, whose values reach 319) are
not built: the dropped bit is known only from the heap's class, and the verification scan reads
every split, those with a rare part too, so a byte read without the class could turn into a
wanted value that is not there; a class test per part is another load a split.  The gain is
bounded by what the table's width costs: the same Officers heaps (2^21 - 2^16 .. 2^21) verify in
1,483-1,525 ns a heap with a uint32 table against 1,378-1,394 with uint16.
"""
from __future__ import annotations

import numba as nb
import numpy as np

from ...config import JIT
from ...engine.mex import stamped_mex
from ...engine.status import BASE, DONE, OVERFLOW, SCRATCH_FULL
from ..specs.octal import THREE, UNEQUAL  # digit bits of a code (its spec grammar)

IN_ORDER = 64       # parts read in order first by the scan for several split amounts
SCAN_STRIDE = 4     # interleaved passes of the verification scan (measured: 4 scans fewest pairs)
STRIDED_PARTS = 1 << 14   # ... over the parts up to this; the rest in order (one pass)

# state array layout (int64): bits, mask, pb, nrare, q0 (smallest split amount)
S_BITS, S_MASK, S_PB, S_NRARE, S_Q0 = range(5)


def move_arrays(ds: list[int]) -> tuple[np.ndarray, ...]:
    """Digits (bit 8: three heaps; flag 16: "the two heaps must differ") ->
    ``(whole, take, split, unequal, three)``."""
    whole = [k for k, d in enumerate(ds) if d & 1 and k > 0]
    take = [k for k, d in enumerate(ds) if d & 2 and k > 0]
    split = [k for k, d in enumerate(ds) if d & 4]
    unequal = [1 if ds[k] & UNEQUAL else 0 for k in split]
    three = [k for k, d in enumerate(ds) if d & THREE]
    a = lambda x: np.array(x, dtype=np.int64)  # noqa: E731
    return a(whole), a(take), a(split), a(unequal), a(three)


@nb.njit(**JIT)
def bits_for(v):
    b = 0
    while (1 << b) <= v:
        b += 1
    return b


@nb.njit(**JIT)
def _parity(x):
    x ^= x >> 32
    x ^= x >> 16
    x ^= x >> 8
    x ^= x >> 4
    x ^= x >> 2
    x ^= x >> 1
    return x & 1


@nb.njit(**JIT)
def mark_simple(whole, take, n, table, mark, stamp, off=0):
    """The options that leave at most one heap; heap ``n - k`` is read at ``table[n - k - off]``
    (``off`` > 0: the bounded layout of :mod:`.pipeline`, whose caller checks it is there)."""
    for i in range(whole.size):
        if whole[i] == n:
            mark[0] = stamp
    for i in range(take.size):
        k = take[i]
        if k < n:
            mark[np.int64(table[n - k - off])] = stamp


LOW32 = np.uint64(0xFFFFFFFF)


def pack_rare(rare: np.ndarray, values: np.ndarray) -> np.ndarray:
    """The packed rare list :func:`mark_rare_pairs` reads: ``rare[j] | values[j] << 32`` (heap
    and its value in one int64; heaps below 2^32, values below 2^31)."""
    return np.asarray(rare, dtype=np.int64) | (np.asarray(values, dtype=np.int64) << 32)


@nb.njit(**JIT)
def _rare_below(rpack, nrare, r):
    """How many of the rare heaps (ascending) are below ``r``: counted from the top, as past
    the last rare heap (nearly every heap) they all are."""
    k = nrare
    while k > 0 and (np.uint64(rpack[k - 1]) & LOW32) >= np.uint64(r):
        k -= 1
    return k


@nb.njit(**JIT)
def _rare_index(rpack, k, h):
    """The index of rare heap ``h`` among the first ``k`` packed ones, or ``k`` if it is not
    one of them (a binary search)."""
    lo, hi = 0, k
    uh = np.uint64(h)
    while lo < hi:
        mid = (lo + hi) // 2
        if (np.uint64(rpack[mid]) & LOW32) < uh:
            lo = mid + 1
        else:
            hi = mid
    return lo if lo < k and (np.uint64(rpack[lo]) & LOW32) == uh else k


@nb.njit(**JIT)
def _mark_packed(table, ur, rpack, j0, j1, mark, stamp):
    for j in range(j0, j1):
        p = np.uint64(rpack[j])
        mark[(p >> np.uint64(32)) ^ np.uint64(table[ur - (p & LOW32)])] = stamp


@nb.njit(**JIT)
def mark_rare_pairs(table, r, un, rpack, nrare, mark, stamp, off=0):
    """Mark the values of the splits of ``r`` (one split amount) with a rare part: ``(a, r - a)``
    for the rare heaps ``a < r`` (not ``a = r - a`` when the parts must differ, ``un``).  The
    rare heaps come packed with their values (:func:`pack_rare`), so a split costs one read of
    the table, the other part's, at ``table[r - a - off]`` (``off`` as in :func:`mark_simple`).

    Measured (Officers, heaps 2^21 - 2^16 .. 2^21, one thread, the rare pass alone, median of
    8): 776 ns a heap with the packed list and no test in the loop (the part ``r / 2`` of
    Grundy's game skipped by two loops around it: 773 with it looked up at every even ``r``)
    against 977 with a list of heaps and one of values, 1,188 with the loop written twice
    inside this function, and 1,170 with the heap list read through the table and tests for
    ``a >= r`` and ``a = r - a`` in the loop."""
    k = _rare_below(rpack, nrare, r)
    ur = np.uint64(r - off)
    skip = k
    if un and r % 2 == 0:
        skip = _rare_index(rpack, k, r // 2)
    _mark_packed(table, ur, rpack, 0, skip, mark, stamp)
    _mark_packed(table, ur, rpack, skip + 1, k, mark, stamp)


@nb.njit(**JIT)
def _scan_passes(table, ur, want, stamp, need, a0, a1, step, scanned, first=-1):
    """The splits ``(a, r - a)`` for ``a0 <= a <= a1`` in ``step`` interleaved passes (``a0,
    a0 + step, ...``, then ``a0 + 1, ...``), ``r - a`` read at ``table[ur - a]``, clearing each
    value with ``want[v] == stamp`` until all ``need`` are seen: ``(still missing, scanned)``,
    ``scanned`` counting on from the given one.  ``step`` should be a constant where it is
    called (numba folds it in)."""
    if a1 < a0:
        return need, scanned
    ss = np.uint64(step)
    end = np.uint64(a1)
    for o in range(step):
        a = np.uint64(a0 + o if o > 0 or first < 0 else first)
        # four splits of the pass at a time, one branch for the four (the values are found
        # in the same order, a found one is cleared before the next is looked at)
        while a + np.uint64(3) * ss <= end:
            v0 = np.uint64(table[a]) ^ np.uint64(table[ur - a])
            v1 = np.uint64(table[a + ss]) ^ np.uint64(table[ur - a - ss])
            v2 = np.uint64(table[a + np.uint64(2) * ss]) ^ \
                np.uint64(table[ur - a - np.uint64(2) * ss])
            v3 = np.uint64(table[a + np.uint64(3) * ss]) ^ \
                np.uint64(table[ur - a - np.uint64(3) * ss])
            if (want[v0] == stamp) | (want[v1] == stamp) | (want[v2] == stamp) | \
                    (want[v3] == stamp):
                k = 0
                for v in (v0, v1, v2, v3):
                    k += 1
                    if want[v] == stamp:
                        want[v] = 0
                        need -= 1
                        if need == 0:
                            return 0, scanned + k
            scanned += 4
            a += np.uint64(4) * ss
        while a <= end:
            scanned += 1
            v = np.uint64(table[a]) ^ np.uint64(table[ur - a])
            if want[v] == stamp:
                want[v] = 0
                need -= 1
                if need == 0:
                    return 0, scanned
            a += ss
    return need, scanned


BL_NEED = 16        # the scan starts without branches while more values than this are wanted
BL_RUN = 64         # ... in runs of this many splits


@nb.njit(**JIT)
def _scan_run(table, ur, want, stamp, need, a, step):
    """:data:`BL_RUN` splits ``(a, r - a), (a + step, ...), ...`` cleared without a branch (a
    store a split): while most runs find a wanted value a branch per run is mispredicted."""
    ua = np.uint64(a)
    for _ in range(BL_RUN):
        v = np.uint64(table[ua]) ^ np.uint64(table[ur - ua])
        w = want[v]
        h = np.int64(w == stamp)
        need -= h
        want[v] = w & (h - 1)
        ua += np.uint64(step)
    return need


@nb.njit(**JIT)
def scan_splits(table, r, un, want, stamp, need, stride, off=0, lim=-1):
    """The verification scan: the splits ``(a, r - a)`` with ``a`` up to :data:`STRIDED_PARTS`
    in ``stride`` interleaved passes (``a = 1, 1 + stride, ...``, then ``2, 2 + stride, ...``),
    the rest in order, clearing each value with ``want[v] == stamp`` until all ``need`` of them
    are seen.  Returns ``(still missing, pairs scanned)``.  Neighbouring splits give correlated
    values, so spread-out ones find the missing values sooner (Officers at 2^20, stride 4:
    1,870 pairs a heap on average instead of 2,728; :func:`verification_profile`); past the
    first parts (a scan that has not ended there is usually a new rare heap's, which reads
    every split) one pass in order reads each cache line once.  Measured (heaps 2^20 - 2^15 ..
    2^20, serial kernel, median of 4): against 4 passes over all parts, Officers 2,082 ns a
    heap against 2,164 (2^21), 0.143 (rare heaps still coming) 4,458 against 4,352, and with
    the same order in the loop for several split amounts 0.416 4,887 against 5,421, 0.74 4,510
    against 5,818, 0.064 16,632 against 18,715 (that loop went in order before; 4 passes over
    all parts there: 0.064 30,227).  ``a`` at ``table[a]``, ``r - a`` at ``table[r - a - off]``;
    ``lim >= 0`` stops the scan at ``a = lim`` (the bounded layout of :mod:`.pipeline`, where
    the rest is not readable: still missing values are then undecided, not absent).

    While more than :data:`BL_NEED` values are wanted the scan starts in runs of
    :data:`BL_RUN` splits that clear found values without a branch (a store a split): there
    most groups of four find a value, so the branch of the loop below is mispredicted about
    as often as taken.  Measured (the serial kernel, heaps 2^21 - 2^15 .. 2^21, medians of 5,
    three alternating runs): Officers 1,884-1,984 ns a heap against 2,092-2,351 (runs of 32:
    1,912-2,004; 128: 1,939-2,208; while more than 8 wanted: 1,922-2,192; 24: 1,969-2,005),
    Grundy's game 1,811-1,886 against 1,794-1,804 (32 values wanted on average against
    Officers' 58: little to gain).  Measured and dropped: for the last 8 values or fewer, a
    vector scan in order (blocks of 64 splits compared with all of them at once, 0.15 ns a
    split alone, a block with a hit read again split by split): 2,577-2,721 ns against
    2,093-2,242, the in-order tail reading 3,325 splits a heap against 1,755.

    Measured (Officers, the verification of heaps 2^21 - 2^16 .. 2^21, one thread, median of
    6): four splits a branch, 1,509 ns a heap, against 1,690 for a branch per split (and 1,560
    without counting the splits in the loop); a byte flag per wanted value instead of a stamp,
    cleared when found, 1,652.  The stride is a constant (numba folds it in): the same order
    with the stride as a run-time value, 2,063 ns against 1,369.  Measured and dropped (the same
    heaps, and Grundy's game's): the parts below a window first, in passes of another stride,
    scan fewer splits (Officers 1,876 a heap in 4 passes; 1,387 with the parts below 2^14 first
    in 31 passes, 1,479 in 8; Grundy's game 1,978 against 1,202 with 2^15 and 31), but the
    wide strides lose the cache lines the 4 passes share: 1,238 ns against 1,365 at best for
    Officers (2^14, 8), 1,051 against 1,125 for Grundy's game (2^15, 5), and 1,894 and 1,834
    with 31 passes; not worth a per-game choice of the window.  Dropped before (Officers to
    2^21 values, serial kernel, median of 5 alternating runs): a mark stored per split with a
    look at the wanted list every 256 splits, as the naive scan does, 6.39 s against 5.62 s for
    this loop; with it the candidate loop of :func:`sparse_range` without a branch on the
    class, 5.93 s alone."""
    ur = np.uint64(r - off)
    amax = max((r - 1) // 2 if un else r // 2, 0)
    if lim >= 0:
        amax = min(amax, lim)
    head = min(amax, STRIDED_PARTS)
    a = 1
    scanned = 0
    while need > BL_NEED and a + (BL_RUN - 1) * stride <= head:
        need = _scan_run(table, ur, want, stamp, need, a, stride)
        a += BL_RUN * stride
        scanned += BL_RUN
    if need == 0:
        return 0, scanned
    need, scanned = _scan_passes(table, ur, want, stamp, need, 1, head, stride, scanned, a)
    if need == 0:
        return 0, scanned
    return _scan_passes(table, ur, want, stamp, need, head + 1, amax, 1, scanned)


@nb.njit(**JIT)
def scan_several(table, n, split, unequal, want, stamp, need):
    """The verification scan of heap ``n`` for several split amounts (``split`` ascending):
    every part ``a`` once, with all the amounts at ``a``, in the order of :func:`scan_splits`
    (the parts up to :data:`STRIDED_PARTS` in :data:`SCAN_STRIDE` passes, the rest in order),
    clearing each value with ``want[v] == stamp`` until all ``need`` are seen, starting with
    branch-free runs while many are wanted, as :func:`scan_splits` does.  Returns how many are
    still missing.  Measured (as there): 0.416 4,524-4,625 ns a heap against 4,947-5,457, 0.74
    4,265-4,450 against 4,460-4,562, 0.064 and 0.143 unchanged within the noise.

    The first :data:`IN_ORDER` parts are read in order before the strided passes: in games
    whose wanted values sit at a few small parts (0.354, which has a period) the strided passes
    went past them (the serial kernel to 2^22 values: 1,023 ns a heap with none, 431 with 64,
    279 with 256; it was 291 over 2^25 when this loop went in order).  256 cost 0.416 and 0.74
    8-10% (5,081-5,110 and 4,665-4,673 ns against 4,528-4,645 and 4,322-4,449); 64 costs them
    1-2%, within the noise."""
    nsplit = split.size
    amax = (n - split[0]) // 2
    head = min(amax, STRIDED_PARTS)
    lo = min(IN_ORDER, amax) + 1      # the first part after those read in order
    # the first parts in order, SCAN_STRIDE passes up to head, the rest in order
    for o in range(SCAN_STRIDE + 2):
        if o == 0:
            a, step, end = 1, 1, lo - 1
        elif o <= SCAN_STRIDE:
            a, step, end = lo + o - 1, SCAN_STRIDE, head
        else:
            a, step, end = max(head + 1, lo), 1, amax
        if o == 1:
            # as in scan_splits: runs without a branch on the values while many are wanted
            while need > BL_NEED and a + (BL_RUN - 1) * SCAN_STRIDE <= head:
                for _ in range(BL_RUN):
                    ga = np.uint64(table[np.uint64(a)])
                    for i in range(nsplit):
                        b = n - split[i] - a
                        if b < a or (b == a and unequal[i]):
                            continue
                        v = ga ^ np.uint64(table[np.uint64(b)])
                        w = want[v]
                        h = np.int64(w == stamp)
                        need -= h
                        want[v] = w & (h - 1)
                    a += SCAN_STRIDE
            if need == 0:
                return 0
        while a <= end:
            ga = np.uint64(table[np.uint64(a)])
            for i in range(nsplit):
                b = n - split[i] - a
                if b < a or (b == a and unequal[i]):
                    continue
                v = ga ^ np.uint64(table[np.uint64(b)])
                if want[v] == stamp:
                    want[v] = 0
                    need -= 1
                    if need == 0:
                        return 0
            a += step
    return need


@nb.njit(**JIT)
def mex_naive(whole, take, split, unequal, three, n, table, mark, stamp):
    """The mex of heap ``n``'s options from the values in ``table``: every option, O(n) (O(n^2)
    with three-heap splits); ``mark`` (longer than twice the largest value) is stamped
    ``stamp``."""
    mark_simple(whole, take, n, table, mark, stamp)
    for i in range(split.size):
        # uint64 indices: numba then skips the negative-index wrap-around (measured 25% here)
        r = n - split[i]
        amax = np.uint64(max((r - 1) // 2 if unequal[i] else r // 2, 0))
        ur = np.uint64(r)
        a = np.uint64(1)
        while a <= amax:
            mark[np.uint64(table[a]) ^ np.uint64(table[ur - a])] = stamp
            a += np.uint64(1)
    for i in range(three.size):
        # a <= b <= c = r - a - b; an XOR of three values below 2**bits stays below it
        r = n - three[i]
        if r < 3:
            continue
        ur = np.uint64(r)
        a = np.uint64(1)
        while np.uint64(3) * a <= ur:
            ga = np.uint64(table[a])
            rest = ur - a
            b = a
            while np.uint64(2) * b <= rest:
                mark[ga ^ np.uint64(table[b]) ^ np.uint64(table[rest - b])] = stamp
                b += np.uint64(1)
            a += np.uint64(1)
    return stamped_mex(mark, stamp)


@nb.njit(**JIT)
def naive_range(whole, take, split, unequal, three, lo, hi, table, vmax, state, mark):
    """Naive mex: every option of every heap, O(n) per heap (O(n^2) with three-heap splits)."""
    bits = state[S_BITS]
    for n in range(lo, hi):
        g = mex_naive(whole, take, split, unequal, three, n, table, mark, n + 1)
        if g > vmax:
            return n * BASE + OVERFLOW
        table[n] = g
        if g >= (1 << bits):
            bits = bits_for(g)
            state[S_BITS] = bits
            if (2 << bits) > mark.size:
                return (n + 1) * BASE + SCRATCH_FULL
    return DONE


@nb.njit(**JIT)
def first_wrong(whole, take, split, unequal, three, table, positions, mark):
    """The first ``k`` such that the mex of heap ``positions[k]``'s options, from the values in
    ``table``, is not ``table[positions[k]]``; -1 if every one agrees.  ``mark``: zeros, longer
    than twice the largest value of ``table``."""
    for k in range(positions.size):
        n = positions[k]
        if mex_naive(whole, take, split, unequal, three, n, table, mark, k + 1) != table[n]:
            return k
    return -1


@nb.njit(**JIT)
def sparse_range(whole, take, split, unequal, lo, hi, table, vmax, state, rare, rpack, mark,
                 want, cls):
    """Sparse-space mex (see the module docstring); the same values as :func:`naive_range`.
    ``cls[v]`` = parity of ``popcount(v & mask)``, for ``v < 2 << bits`` (``mask`` is
    ``state[S_MASK]``, read where ``cls`` is built).  ``rare[:nrare]``: the rare heaps,
    ``rpack[:nrare]`` the same packed with their values (:func:`pack_rare`); a new rare heap
    goes into both."""
    bits = state[S_BITS]
    pb = state[S_PB]
    nrare = state[S_NRARE]
    q0 = state[S_Q0]
    nsplit = split.size
    for n in range(lo, hi):
        if nrare == rare.size:
            state[S_NRARE] = nrare
            return n * BASE + SCRATCH_FULL
        stamp = n + 1
        mark_simple(whole, take, n, table, mark, stamp)
        # every split with a rare part: all options with a common value
        for i in range(nsplit):
            r = n - split[i]
            if r >= 2:
                mark_rare_pairs(table, r, unequal[i], rpack, nrare, mark, stamp)
        q = pb & ((n - q0) & 1)
        limit = 2 << bits
        c = limit
        need = 0
        for v in range(limit):
            if mark[v] == stamp:
                continue
            if cls[v] ^ q:
                c = v
                break
            want[v] = stamp
            need += 1
        if need > 0 and nsplit == 1:
            # rare-class values below c: look for them among all splits, stop when all are seen
            need, _ = scan_splits(table, n - q0, unequal[0], want, stamp, need, SCAN_STRIDE)
        elif need > 0:
            need = scan_several(table, n, split, unequal, want, stamp, need)
        g = c
        if need > 0:
            g = 0
            while g < c and not (mark[g] != stamp and want[g] == stamp):
                g += 1
        if g > vmax:
            state[S_NRARE] = nrare
            return n * BASE + OVERFLOW
        table[n] = g
        if n >= 1 and (cls[g] ^ (pb & (n & 1))) == 0:
            rare[nrare] = n
            rpack[nrare] = n | (np.int64(g) << 32)
            nrare += 1
        if g >= (1 << bits):
            bits = bits_for(g)
            state[S_BITS] = bits
            if (2 << bits) > mark.size:
                state[S_NRARE] = nrare
                return (n + 1) * BASE + SCRATCH_FULL
    state[S_NRARE] = nrare
    return DONE


@nb.njit(**JIT)
def rare_count_by_mask(table, n, bits, allow_pb):
    """For every (mask, pb): how many heaps 1..n-1 would be rare.  Index ``(mask << 1) | pb``.
    A Walsh-Hadamard transform of the histogram of ``(G(i) << 1) | (i & 1)``."""
    h = 2 << bits
    w = np.zeros(h, dtype=np.int64)
    for i in range(1, n):
        w[(np.int64(table[i]) << 1) | (i & 1)] += 1
    ln = 1
    while ln < h:
        for s in range(0, h, 2 * ln):
            for t in range(s, s + ln):
                x = w[t]
                y = w[t + ln]
                w[t] = x + y
                w[t + ln] = x - y
        ln *= 2
    m = n - 1
    for i in range(h):
        w[i] = (m + w[i]) // 2
        if (i & 1) and not allow_pb:
            w[i] = m + 1          # not allowed: worse than everything rare
    return w


@nb.njit(**JIT)
def rare_heaps(table, n, mask, pb, out):
    """Write the rare heaps among 1..n-1 into ``out``; return how many."""
    c = 0
    for i in range(1, n):
        if (_parity(np.int64(table[i]) & mask) ^ (pb & (i & 1))) == 0:
            out[c] = i
            c += 1
    return c


@nb.njit(**JIT)
def max_value(table, n):
    m = 0
    for i in range(n):
        if table[i] > m:
            m = table[i]
    return m


@nb.njit(**JIT)
def _want_unmarked(mark, stamp, cls, q, want, w):
    """Stamp ``want[v] = w`` for the values ``v`` below the first whose class is not ``q``
    that ``mark`` (under ``stamp``) does not have; return how many."""
    need = 0
    for v in range(mark.size):
        if mark[v] == stamp:
            continue
        if cls[v] ^ q:
            break
        want[v] = w
        need += 1
    return need


@nb.njit(**JIT)
def verification_profile(whole, take, split, unequal, table, heaps, rare, nrare, cls, pb,
                         stride, mark, want, out):
    """The work of the sparse kernel at each heap of ``heaps`` (a finished ``table``, one split
    amount ``q0 = split[0]``; ``rare[:nrare]`` the rare heaps for the mask ``cls`` encodes):
    ``out[i] = (R, need, K in order, K strided)``: rare-pair lookups, rare-class values below
    the candidate that the scan must find, and the verification pairs scanned until all are seen
    in order and in ``stride`` order.  A measurement on a finished table, for benchmarks: it
    changes nothing and the kernels do not call it."""
    q0 = split[0]
    un = unequal[0]
    rpack = np.empty(max(nrare, 1), dtype=np.int64)
    for j in range(nrare):
        rpack[j] = rare[j] | (np.int64(table[rare[j]]) << 32)
    for i in range(heaps.size):
        n = heaps[i]
        stamp = 3 * i + 1
        mark_simple(whole, take, n, table, mark, stamp)
        r = n - q0
        R = 0
        for j in range(nrare):
            if rare[j] >= r:
                break
            if not (un and 2 * rare[j] == r):
                R += 1
        mark_rare_pairs(table, r, un, rpack, nrare, mark, stamp)
        q = pb & ((n - q0) & 1)
        need = _want_unmarked(mark, stamp, cls, q, want, stamp)
        k_in = 0
        k_str = 0
        if need > 0:
            _, k_in = scan_splits(table, r, un, want, stamp, need, 1)
            s2 = stamp + 1                # the same wanted values again, under a fresh stamp
            need2 = _want_unmarked(mark, stamp, cls, q, want, s2)
            _, k_str = scan_splits(table, r, un, want, s2, need2, stride)
        out[i, 0] = R
        out[i, 1] = need
        out[i, 2] = k_in
        out[i, 3] = k_str
