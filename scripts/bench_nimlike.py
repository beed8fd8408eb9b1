"""Positions per second of the no-repeat (Cond(3)) Nim-like tables: the numba kernel against the
pure-Python reference (``gtables.games.nimlike.reference``, memoised recursion), in one run.

    python scripts/bench_nimlike.py [--quick]

The reference runs at a size it can reach in a few seconds; the kernel runs at that size and at a
larger one.  Compile time is excluded (one warm-up fill first).
"""
from __future__ import annotations

import argparse
import time

import numpy as np

from gtables import api
from gtables.engine.compute import fill
from gtables.games import nimlike


def kernel_rate(spec: str, repeat: int = 3) -> tuple[int, float]:
    g = api.game(spec)
    fill(g, progress=False)                      # warm-up (numba compile / cache load)
    best = min(fill(g, progress=False)[1] for _ in range(repeat))
    return g.space.size, g.space.size / best


def python_rate(spec: str) -> tuple[int, float]:
    g = api.game(spec)
    pos = g.space.unrank(np.arange(g.space.size))
    nimlike._ref.cache_clear()
    t0 = time.perf_counter()
    for p in pos:
        nimlike.reference(g.params, p)
    return g.space.size, g.space.size / (time.perf_counter() - t0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="smaller sizes")
    q = ap.parse_args().quick
    cases = [  # (label, reference spec, larger kernel-only spec)
        ("2-D, min=1, max=7, norepeat", f"nimlike:heaps=2,max=7,norepeat=1,size={20 if q else 40}",
         "nimlike:heaps=2,max=7,norepeat=1,size=1000"),
        ("2-D, min=3, max=9, norepeat", f"nimlike:heaps=2,min=3,max=9,norepeat=1,size={20 if q else 40}",
         "nimlike:heaps=2,min=3,max=9,norepeat=1,size=1000"),
        ("3-D, min=1, max=4, norepeat", f"nimlike:heaps=3,max=4,norepeat=1,size={6 if q else 12}",
         "nimlike:heaps=3,max=4,norepeat=1,size=100"),
        ("3-D, min=2, max=5, norepeat", f"nimlike:heaps=3,min=2,max=5,norepeat=1,size={6 if q else 12}",
         "nimlike:heaps=3,min=2,max=5,norepeat=1,size=100"),
    ]
    print(f"{'table':32s} {'positions':>11s} {'python pos/s':>13s} {'kernel pos/s':>13s} "
          f"{'ratio':>8s}   larger table: positions, kernel pos/s")
    for label, small, big in cases:
        n, py = python_rate(small)
        _, kn = kernel_rate(small)
        nb, kb = kernel_rate(big, repeat=1)
        print(f"{label:32s} {n:11,d} {py:13,.0f} {kn:13,.0f} {kn / py:8,.0f}x   "
              f"{nb:,d}, {kb:,.0f}")


if __name__ == "__main__":
    main()
