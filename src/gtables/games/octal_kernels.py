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
list long.  The driver (``OctalStepper``) re-chooses ``M`` at powers of two, as the mask with the
fewest rare heaps so far (a Walsh-Hadamard transform of the value histogram).

Status codes are the engine's (:mod:`gtables.engine.status`): ``OVERFLOW`` (a value exceeds the
table dtype; ``pos`` not written), ``SCRATCH_FULL`` (the mark arrays must grow, or the rare list is
full; heaps before ``pos`` are written, ``pos`` is not).  :class:`OctalStepper` grows what is full
and goes on, so it returns only ``DONE`` or ``OVERFLOW``.
"""
from __future__ import annotations

import numba as nb
import numpy as np

from ..config import JIT
from ..engine.status import BASE, DONE, OVERFLOW, SCRATCH_FULL, decode
from ..errors import GtablesError
from . import octal_scan

# state array layout (int64): bits, mask, pb, nrare, q0 (smallest split amount)
S_BITS, S_MASK, S_PB, S_NRARE, S_Q0 = range(5)


THREE = 8     # digit bit: leave three non-empty heaps (as games/octal.py)
UNEQUAL = 16  # digit flag: the two heaps of a split must differ ("!")


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
def _mark_simple(whole, take, n, table, mark, stamp):
    for i in range(whole.size):
        if whole[i] == n:
            mark[0] = stamp
    for i in range(take.size):
        k = take[i]
        if k < n:
            mark[np.int64(table[n - k])] = stamp


@nb.njit(**JIT)
def naive_range(whole, take, split, unequal, three, lo, hi, table, vmax, state, mark):
    """Naive mex: every option of every heap, O(n) per heap (O(n^2) with three-heap splits)."""
    bits = state[S_BITS]
    for n in range(lo, hi):
        stamp = n + 1
        _mark_simple(whole, take, n, table, mark, stamp)
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
        g = 0
        while mark[g] == stamp:
            g += 1
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
def sparse_range(whole, take, split, unequal, lo, hi, table, vmax, state, rare, mark, want, cls):
    """Sparse-space mex (see the module docstring); the same values as :func:`naive_range`.
    ``cls[v]`` = parity of ``popcount(v & mask)``, for ``v < 2 << bits`` (``mask`` is
    ``state[S_MASK]``, read where ``cls`` is built)."""
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
        _mark_simple(whole, take, n, table, mark, stamp)
        # every split with a rare part: all options with a common value
        for i in range(nsplit):
            r = n - split[i]
            if r < 2:
                continue
            if unequal[i]:
                for j in range(nrare):
                    a = rare[j]
                    if a >= r:
                        break
                    if 2 * a != r:
                        mark[np.uint64(table[a]) ^ np.uint64(table[r - a])] = stamp
            else:
                ur = np.uint64(r)
                for j in range(nrare):
                    a = np.uint64(rare[j])
                    if a >= ur:
                        break
                    mark[np.uint64(table[a]) ^ np.uint64(table[ur - a])] = stamp
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
            r = n - q0
            ur = np.uint64(r)
            amax = np.uint64(max((r - 1) // 2 if unequal[0] else r // 2, 0))
            a = np.uint64(1)
            while a <= amax:
                v = np.uint64(table[a]) ^ np.uint64(table[ur - a])
                if want[v] == stamp:
                    want[v] = 0
                    need -= 1
                    if need == 0:
                        break
                a += np.uint64(1)
        elif need > 0:
            amax = (n - q0) // 2
            a = 1
            while a <= amax and need > 0:
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
                            break
                a += 1
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


ALGORITHMS = ("auto", "naive", "sparse")
AUTO_NAIVE_FRACTION = 0.25   # auto: leave the sparse method when more heaps than this are rare
RECHOOSE_FROM = 64           # re-choose the mask when n reaches a power of two >= this


class OctalStepper:
    """Drives :func:`naive_range` / :func:`sparse_range` over a growing table: owns the mark
    arrays, the rare list and the mask, grows them on request, and re-chooses the mask at powers
    of two.  ``run(table, lo, hi)`` returns ``DONE`` or an overflow status (the engine widens the
    table and calls again from that heap)."""

    def __init__(self, ds: list[int], algorithm: str = "auto", scan: bool = True):
        if algorithm not in ALGORITHMS:
            raise ValueError(f"algorithm must be one of {', '.join(ALGORITHMS)}")
        self.whole, self.take, self.split, self.unequal, self.three = move_arrays(ds)
        if self.three.size and algorithm == "sparse":
            raise GtablesError("--algorithm sparse: the sparse-space method does not cover splits "
                               "into three heaps (hexadecimal digits 8-F); use naive or auto")
        same = bool(np.all((self.split - self.split[0]) % 2 == 0)) if self.split.size else False
        self.allow_pb = same
        self.auto = algorithm == "auto"   # only auto may leave the sparse method
        if algorithm == "auto" or not self.split.size:
            # without splits both methods are the same linear recurrence; three-heap splits
            # have the naive kernel only
            algorithm = "sparse" if self.split.size and not self.three.size else "naive"
        self.algorithm = algorithm
        self.switched_at = None      # auto: heap where the sparse method gave way to naive
        self.state = np.zeros(5, dtype=np.int64)
        self.state[S_Q0] = int(self.split[0]) if self.split.size else 0
        self.state[S_BITS] = 1
        self.mark = np.zeros(4, dtype=np.int64)
        self.want = np.zeros(4, dtype=np.int64)
        self.cls = np.zeros(4, dtype=np.int64)
        self.rare = np.zeros(1024, dtype=np.int64)
        # naive work goes to the faster, multi-threaded octal_scan kernel (the same values);
        # scan=False keeps the serial reference naive_range, which the tests compare it with
        self.scan = octal_scan.NaiveScan(self.whole, self.take, self.split, self.unequal) \
            if scan and self.split.size and not self.three.size else None

    @property
    def name(self) -> str:
        if self.switched_at is not None:
            return f"sparse, then naive from heap {self.switched_at}"
        return self.algorithm

    def stats(self) -> dict:
        return {"algorithm": self.name, "mask": int(self.state[S_MASK]), "parity_bit": int(self.state[S_PB]),
                "rare_heaps": int(self.state[S_NRARE]) if self.algorithm == "sparse" else None}

    def _grow_marks(self) -> None:
        size = 2 << int(self.state[S_BITS])
        if size > self.mark.size:
            self.mark = np.zeros(size, dtype=np.int64)
            self.want = np.zeros(size, dtype=np.int64)
        if self.scan is not None:
            self.scan.grow(size)
        self._set_classes()

    def _set_classes(self) -> None:
        v = np.arange(self.mark.size, dtype=np.int64) & int(self.state[S_MASK])
        c = np.zeros(v.size, dtype=np.int64)
        while v.any():
            c ^= v & 1
            v >>= 1
        self.cls = c

    def prepare(self, table: np.ndarray, n: int) -> None:
        """Set up from a known prefix ``table[:n]`` (a fresh run, or a resumed one)."""
        self.state[S_BITS] = max(1, int(bits_for(int(max_value(table, n))) if n else 0))
        self._grow_marks()
        if self.algorithm == "sparse":
            self._choose_mask(table, n)

    def _choose_mask(self, table: np.ndarray, n: int) -> None:
        if n < 2:
            self.state[S_MASK] = self.state[S_PB] = self.state[S_NRARE] = 0
            return
        counts = rare_count_by_mask(table, n, int(self.state[S_BITS]), self.allow_pb)
        best = int(np.argmin(counts))
        nrare = int(counts[best])
        if self.auto and n >= 4096 and nrare > AUTO_NAIVE_FRACTION * n:
            self.algorithm = "naive"          # no sparse space here: the plain mex is cheaper
            self.switched_at = n
            return
        self.state[S_MASK] = best >> 1
        self.state[S_PB] = best & 1
        if self.rare.size < nrare + 1024:
            self.rare = np.zeros(max(2 * self.rare.size, nrare + 1024), dtype=np.int64)
        self.state[S_NRARE] = rare_heaps(table, n, best >> 1, best & 1, self.rare)
        self._set_classes()

    def run(self, table: np.ndarray, lo: int, hi: int) -> int:
        vmax = int(np.iinfo(table.dtype).max)
        while lo < hi:
            stop = hi
            if self.algorithm == "sparse":
                p = max(RECHOOSE_FROM, 1 << lo.bit_length())   # next power of two above lo
                if p < hi:
                    stop = p
            if self.algorithm == "sparse":
                st = sparse_range(self.whole, self.take, self.split, self.unequal, lo, stop, table,
                                  vmax, self.state, self.rare, self.mark, self.want, self.cls)
            elif self.scan is not None:
                st = self.scan.run(table, lo, stop, self.state)
            else:
                st = naive_range(self.whole, self.take, self.split, self.unequal, self.three, lo,
                                 stop, table, vmax, self.state, self.mark)
            if st == DONE:
                lo = stop
                if self.algorithm == "sparse" and stop >= RECHOOSE_FROM and stop & (stop - 1) == 0:
                    self._choose_mask(table, stop)
                continue
            stop = decode(st)
            if stop.code != SCRATCH_FULL:
                return st
            grew = False
            if (2 << int(self.state[S_BITS])) > self.mark.size:
                self._grow_marks()
                grew = True
            if self.algorithm == "sparse" and int(self.state[S_NRARE]) == self.rare.size:
                grown = np.zeros(2 * self.rare.size, dtype=np.int64)
                grown[:self.rare.size] = self.rare
                self.rare = grown
                grew = True
            if not grew:   # a kernel that says "full" with nothing full would loop for ever
                raise RuntimeError(f"octal kernel: scratch full at heap {stop.pos}, none is")
            lo = stop.pos
        return DONE
