"""End-Nim throughput: strings per second of full impartial and partizan tables at growing L and H
(the numba kernels through the engine), against the pure-Python reference recursion on a size it
can reach, in the same run; and the row method (one long row a w b).  Run:

    python scripts/bench_endnim.py
"""
from __future__ import annotations

import time

import numpy as np

import gtables
from gtables.games import endnim as E

SIZES = [(4, 4), (6, 6), (7, 7), (8, 8)]
REF_SIZE = (6, 4)


def kernel_rate(mode, lmax, hmax):
    t = gtables.compute(f"endnim:mode={mode},len={lmax},max={hmax}", store=None)
    n = t.space.size
    return n, n / float(t.attrs["compute_seconds"])


def reference_rate(mode, lmax, hmax):
    E.grundy_ref.cache_clear()
    E.outcome_ref.cache_clear()
    sp = gtables.game(f"endnim:mode={mode},len={lmax},max={hmax}").space
    strings = sp.unrank(np.arange(sp.size))
    t0 = time.perf_counter()
    for s in strings:
        E.reference({"mode": mode}, s)
    return sp.size, sp.size / (time.perf_counter() - t0)


def main():
    for mode in ("impartial", "partizan"):
        kernel_rate(mode, 2, 2)                       # compile / load the numba cache
        n_ref, ref = reference_rate(mode, *REF_SIZE)
        n_k, k_same = kernel_rate(mode, *REF_SIZE)
        print(f"{mode}: pure-Python reference len={REF_SIZE[0]},max={REF_SIZE[1]}: "
              f"{n_ref:,} strings, {ref:,.0f} strings/s; kernel on the same table "
              f"{k_same:,.0f} strings/s (x{k_same / ref:,.0f})")
        for lmax, hmax in SIZES:
            n, rate = kernel_rate(mode, lmax, hmax)
            print(f"  kernel len={lmax},max={hmax}: {n:>12,} strings  {rate:>14,.0f} strings/s  "
                  f"x{rate / ref:,.0f} vs reference")
    for B in (10 ** 4, 10 ** 5, 10 ** 6):
        E._frames.clear()
        t0 = time.perf_counter()
        E.frame((4,), 16, B)
        dt = time.perf_counter() - t0
        print(f"row method: a4b for a <= 16, b <= {B:,}: {17 * (B + 1):,} cells in {dt:.3f} s")
    t0 = time.perf_counter()
    gtables.compute("endnim_row:mode=impartial,prefix=16.4,size=10000", store=None)
    print(f"generic engine path for the row 16,4,b, b <= 10,000: {time.perf_counter() - t0:.2f} s")


if __name__ == "__main__":
    main()
