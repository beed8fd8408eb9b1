"""The sparse-space method on two threads: speculate on one, verify on the other.

:func:`.kernels.sparse_range` does two things at each heap ``n``: the *rare pass* (mark the
values of the splits with a rare part, take the smallest unmarked common value ``c``) and the
*verification* (``G(n) < c`` exactly when some rare-class value below ``c`` is missing: scan the
splits until every such value is seen).  Past the last rare heap the verification never finds a
missing value, so ``c`` is almost always the answer, and the two halves can run apart:

* the *speculator* runs the rare pass over a chunk of heaps, writes each ``c`` into the table as
  the heap's value and keeps, for each heap, the list of rare-class values below ``c`` the
  verification must find;
* the *verifier* checks the chunk before it, heap by heap in order, with the scan of the serial
  kernel (strided, stopping when all are seen), reading only heaps below the one it checks.

Both run in one two-way parallel region per chunk (no atomics, no spin-waits: each side owns its
arrays; the speculator writes only heaps of its own chunk, the verifier reads only heaps below
its own).  A heap is final once verified, in heap order.  When the verification of heap ``n``
finds a value missing, the speculation of ``n`` was wrong (``n`` is a new rare heap): the kernel
returns ``n`` and the stepper runs the serial kernel there (which stores ``n`` in the rare list)
before it comes back; everything speculated after ``n`` is overwritten.  The speculator also
stops (and returns) before a heap whose value would need a larger mark array, overflow the
table's dtype, be rare, or whose wanted list would not fit.  So the values are bit-identical to
the serial kernel's: for one split amount (Officers, Grundy's game, 0.354 ...) and, with the plain
layout, for several (0.74, 0.416, ...: every split amount's rare pass, and one scan of all of
them, :func:`.kernels.scan_several`).

The two sides are balanced: the verification of a heap reads only heaps below it, so the
speculator, done with its chunk, verifies the top part of the verifier's chunk, a share set each
round from the cycles both sides took (:func:`_balance`).  Measured on Officers at 2^21 - 2^16 ..
2^21, one thread each: speculation 850 ns a heap, verification 1,400; balanced, a heap costs
about half their sum on two cores.

Two threads pay only when both get a core.  With another process busy on one of two cores, each
round waits for whichever side the scheduler has put off, and the pipeline ran slower than the
serial kernel on one thread (Officers to 2^23: 19.9 s against 16.7 s).  So the pipeline times
itself: each round's wall time (the cycle counter around the two-way region) over the heaps it
made final, summed over the last ``window`` rounds, is its pace; given a ``limit`` (the serial
kernel's cycles a heap, measured by the stepper with :func:`clock`), it gives way when its pace
is slower, and the stepper runs the serial kernel for a while before it tries the pipeline again
(:meth:`.stepper.OctalStepper._run_pipeline`).  Only the choice of kernel depends on the
timing, never a value.

Bounded memory (:mod:`gtables.engine.bounded`: a full prefix, then a window of recent heaps) runs
it too: heaps past the prefix are read at ``table[h - off]``; the speculator stops before a heap
whose rare pass or moves would read a heap that has left the window, and the verifier's scan stops
where a part would be in neither part of the table (a value still missing there fails the heap,
and the block kernel decides it, stopping with ``WINDOW_SHORT`` if it must).
"""
from __future__ import annotations

import numba as nb
import numpy as np
from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic

from ...config import JIT, PARALLEL_JIT
from .kernels import (
    LOW32,
    S_BITS,
    S_NRARE,
    S_PB,
    S_Q0,
    SCAN_STRIDE,
    mark_rare_pairs,
    mark_simple,
    scan_several,
    scan_splits,
)


@intrinsic
def cycles(typingctx):
    """The processor's cycle counter (``llvm.readcyclecounter``), int64: how long each side of a
    round took, to balance the next (:func:`_balance`)."""
    def codegen(context, builder, signature, args):
        fn = cgutils.get_or_insert_function(builder.module, ir.FunctionType(ir.IntType(64), []),
                                            "llvm.readcyclecounter")
        return builder.call(fn, [])
    return types.int64(), codegen


CHUNK = 1 << 14          # heaps a side takes at once
SHARE = -1               # heaps the speculator verifies: -1 balanced by cycles (tests fix it)
WANT_CAP = 128           # wanted values a heap may keep on average in its chunk's list
WINDOW = 8               # rounds whose pace is compared with the serial kernel's (about 0.1 s)
P_CYCLES, P_HEAPS, P_GAVE_WAY = 0, 1, 2   # the pace array: cycles and heaps of timed rounds,
#                                           times the pipeline gave way to the serial kernel


@nb.njit(**JIT)
def clock():
    """The cycle counter read from Python (the stepper times the serial kernel with it, in the
    units of the pipeline's pace)."""
    return cycles()


@nb.njit(**JIT)
def speculate(whole, take, split, unequal, lo, hi, table, vmax, bits, pb, q0, rpack, nrare,
              mark, cls, wstart, wvals, off=0, lowest=0):
    """Heaps ``lo..hi-1``: the rare pass and the candidate ``c`` written as each heap's value,
    the wanted values of heap ``n`` in ``wvals[wstart[n - lo]:wstart[n - lo + 1]]``.  Returns
    the heap it stopped before (``hi`` when it did them all).  Bounded layout (``off`` > 0):
    heap ``h >= lowest`` at ``table[h - off]``, the rare heaps (all in the prefix) at
    ``table[h]``; it stops before a heap whose options would read a heap in neither part."""
    limit = 2 << bits
    tmax = 0
    for i in range(take.size):
        tmax = max(tmax, take[i])
    qmax = split[split.size - 1]      # the largest split amount: the smallest other parts
    # the largest rare heap: the nearest other part
    far = np.int64(np.uint64(rpack[nrare - 1]) & LOW32) if nrare > 0 else 0
    wstart[0] = 0
    top = 0
    cap = wvals.size
    for n in range(lo, hi):
        if off > 0 and (n - tmax < lowest or n - qmax - far < lowest):
            return n
        stamp = n + 1
        mark_simple(whole, take, n, table, mark, stamp, off)
        for i in range(split.size):
            r = n - split[i]
            if r >= 2:
                mark_rare_pairs(table, r, unequal[i], rpack, nrare, mark, stamp, off)
        q = pb & ((n - q0) & 1)
        c = limit
        if top + limit > cap:
            return n
        k = top
        for v in range(limit):
            if mark[v] == stamp:
                continue
            if cls[v] ^ q:
                c = v
                break
            wvals[k] = v
            k += 1
        if c >= (1 << bits) or c > vmax or (cls[c] ^ (pb & (n & 1))) == 0:
            return n                      # a new bit size, an overflow or a rare heap: serial
        table[n - off] = c
        top = k
        wstart[n - lo + 1] = top
    return hi


@nb.njit(**JIT)
def verify(table, lo, hi, split, unequal, want, wstart, wvals, first, off=0, alim=0, lowest=0):
    """Check the speculated heaps ``lo..hi-1`` in order: the first heap whose wanted values are
    not all among its splits' values (its speculation is wrong), or ``hi``.  The wanted values
    of heap ``n`` are ``wvals[wstart[n - first]:wstart[n - first + 1]]`` (``first``: the heap
    its chunk was speculated from); several split amounts are scanned together
    (:func:`.kernels.scan_several`).  Bounded layout (``off`` > 0, as in :func:`speculate`;
    parts below ``alim`` are in the prefix; one split amount): the scan stops where a part
    would be in neither part of the table, and a value still missing there fails the heap too
    (the serial kernel decides it)."""
    q0 = split[0]
    un = unequal[0]
    several = split.size > 1
    for n in range(lo, hi):
        s, e = wstart[n - first], wstart[n - first + 1]
        need = e - s
        if need == 0:
            continue
        stamp = n + 1
        for i in range(s, e):
            want[wvals[i]] = stamp
        r = n - q0
        if several:
            if off > 0:
                return n        # not in the bounded layout: the serial kernel decides
            need = scan_several(table, n, split, unequal, want, stamp, need)
        elif off > 0:
            need, _ = scan_splits(table, r, un, want, stamp, need, SCAN_STRIDE, off,
                                  min(alim - 1, r - lowest))
        else:
            need, _ = scan_splits(table, r, un, want, stamp, need, SCAN_STRIDE)
        if need > 0:
            return n
    return hi


@nb.njit(**JIT)
def _balance(share, cyc, spec_heaps, low_heaps, chunk):
    """The heaps at the top of the next chunk that the speculator verifies after its own chunk,
    so that both sides take as long: from this round's cycles (``cyc``: speculator, verifier),
    the speculator having speculated ``spec_heaps`` heaps (the verifier's next chunk) and
    verified ``share``, which cost what the verifier's ``low_heaps`` did.  Smoothed (half the
    old share); at most half the chunk, so the verifier always has heaps to time."""
    if low_heaps <= 0 or spec_heaps <= 0:
        return share
    v = cyc[1] / low_heaps                       # cycles a heap of verification
    if v <= 0.0:
        return share
    s = max(cyc[0] - v * share, 0.0) / spec_heaps    # cycles a heap of speculation
    # s * chunk + v * m = v * (next - m)
    m = (v * spec_heaps - s * chunk) / (2.0 * v)
    m = min(max(m, 0.0), spec_heaps / 2.0)
    return np.int64((share + m) / 2.0)


@nb.njit(**PARALLEL_JIT)
def pipeline_range(whole, take, split, unequal, lo, hi, table, vmax, state, rpack, cls, marks,
                   wants, wstarts, wvals, chunk, counts, off, alim, lowest, fixed_share, limit,
                   window, pace):
    """Heaps ``lo..hi-1`` by speculation and verification (module docstring).  Returns the
    heap ``p`` below which every value is final (``hi`` when done): the stepper runs the serial
    kernel at ``p``.  ``marks``/``wants`` (2 x mark size),
    ``wstarts`` (2 x chunk + 1) and ``wvals`` (2 x chunk * WANT_CAP) are the two slots'
    scratch; ``counts``: rounds run, speculations found wrong, heaps the speculator verified,
    wrong speculations it found.
    ``off``, ``alim``, ``lowest``: the bounded layout (:func:`.blocks.block_near`; ``off = 0``:
    a plain table).

    Balance: the speculator, done with its chunk, also verifies the top ``share`` heaps of the
    chunk the verifier has (the verification of a heap reads only heaps below it, all
    speculated), ``share`` set each round from the cycles each side took (:func:`_balance`;
    the processor's cycle counter, which only splits the work: the values do not depend on
    it), or ``fixed_share`` heaps every round when that is 0 or more (tests).

    Pace: each round's cycles (wall, both sides) and the heaps it made final are added to
    ``pace`` (``P_CYCLES``, ``P_HEAPS``); with ``limit`` > 0 it returns as soon as the last
    ``window`` rounds took more than ``limit`` cycles a heap (``pace[P_GAVE_WAY]`` counts it):
    the second thread is not getting a core, and the serial kernel is faster.  The heaps
    speculated past the returned one are left for the serial kernel, as after a failed
    speculation."""
    bits = state[S_BITS]
    pb = state[S_PB]
    q0 = state[S_Q0]
    nrare = state[S_NRARE]
    ends = np.zeros(3, dtype=np.int64)
    cyc = np.zeros(2, dtype=np.float64)
    share = max(fixed_share, 0)
    w = max(window, 1)
    ring_c = np.zeros(w, dtype=np.int64)     # the last w rounds: cycles, heaps made final
    ring_h = np.zeros(w, dtype=np.int64)
    timed = 0
    # the first chunk is speculated alone
    v_lo = lo
    if off == 0:
        v_hi = speculate(whole, take, split, unequal, lo, min(hi, lo + chunk), table, vmax, bits,
                         pb, q0, rpack, nrare, marks[0], cls, wstarts[0], wvals[0])
    else:
        v_hi = speculate(whole, take, split, unequal, lo, min(hi, lo + chunk), table, vmax, bits,
                         pb, q0, rpack, nrare, marks[0], cls, wstarts[0], wvals[0], off, lowest)
    slot = 0
    while True:
        s_lo = v_hi
        s_hi = min(hi, s_lo + chunk)
        # a chunk speculated short stops here: verify it, then the serial kernel goes on
        go_on = v_hi == min(hi, v_lo + chunk) and s_lo < s_hi
        v_mid = max(v_lo, v_hi - share)
        t_round = cycles()
        for t in nb.prange(2):
            t0 = cycles()
            if t == 0:
                if not go_on:
                    ends[0] = s_lo
                elif off == 0:      # off omitted: a constant in the kernels (measured faster;
                    # a helper choosing the call: 564-707K values/s against 588-738K, Officers 2^22)
                    ends[0] = speculate(whole, take, split, unequal, s_lo, s_hi, table, vmax,
                                        bits, pb, q0, rpack, nrare, marks[1 - slot], cls,
                                        wstarts[1 - slot], wvals[1 - slot])
                else:
                    ends[0] = speculate(whole, take, split, unequal, s_lo, s_hi, table, vmax,
                                        bits, pb, q0, rpack, nrare, marks[1 - slot], cls,
                                        wstarts[1 - slot], wvals[1 - slot], off, lowest)
                # the top of the verifier's chunk (the other slot's wanted-value marks are free)
                if off == 0:
                    ends[2] = verify(table, v_mid, v_hi, split, unequal, wants[1 - slot],
                                     wstarts[slot], wvals[slot], v_lo)
                else:
                    ends[2] = verify(table, v_mid, v_hi, split, unequal, wants[1 - slot],
                                     wstarts[slot], wvals[slot], v_lo, off, alim, lowest)
            elif off == 0:
                ends[1] = verify(table, v_lo, v_mid, split, unequal, wants[slot], wstarts[slot],
                                 wvals[slot], v_lo)
            else:
                ends[1] = verify(table, v_lo, v_mid, split, unequal, wants[slot], wstarts[slot],
                                 wvals[slot], v_lo, off, alim, lowest)
            cyc[t] = cycles() - t0
        t_round = cycles() - t_round
        counts[0] += 1
        counts[2] += v_hi - v_mid
        if ends[1] < v_mid:
            counts[1] += 1
            return ends[1]
        if ends[2] < v_hi:          # found in the speculator's share
            counts[1] += 1
            counts[3] += 1
            return ends[2]
        if not go_on:
            return v_hi
        # the pace: this round made heaps v_lo..v_hi-1 final in t_round cycles
        pace[P_CYCLES] += t_round
        pace[P_HEAPS] += v_hi - v_lo
        ring_c[timed % w] = t_round
        ring_h[timed % w] = v_hi - v_lo
        timed += 1
        if limit > 0.0 and timed >= w and ring_c.sum() > limit * ring_h.sum():
            pace[P_GAVE_WAY] += 1
            return v_hi
        if fixed_share < 0:
            share = _balance(share, cyc, ends[0] - s_lo, v_mid - v_lo, chunk)
        v_lo, v_hi = s_lo, ends[0]
        slot = 1 - slot
        if v_lo == v_hi:
            return v_lo
