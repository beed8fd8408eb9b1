#!/usr/bin/env python3
"""Benchmark: Grundy values of octal games 0.07, 0.77 and 0.137 for heaps 0..N (default 10^5).

Measured in one run, on this machine:
  * gtables' numba kernel (octal naive mex worker, single thread), heaps per second;
  * a pure-Python reference (the octal family's `reference`, memoised recursion) at a size it
    can reach (default 3000), heaps per second, and the ratio;
  * the C yardstick ../shared/baselines/octal_naive.c (naive mode) compiled here with
    gcc -O3 -march=native, when that folder exists (it is not part of gtables); tables are
    compared through the C program's checksum sum (i+1)*G(i) mod 2^61.

Usage: python scripts/bench_heaps.py [--n 100000] [--python-n 3000] [--codes 0.07,0.77,0.137]
"""
from __future__ import annotations

import argparse
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
BASELINES = ROOT.parent / "shared" / "baselines"


def build_c() -> str | None:
    src = BASELINES / "octal_naive.c"
    if not src.exists():
        print(f"C baseline: {src} not found (the shared/ folder is not here); skipping the C column")
        return None
    if not shutil.which("gcc"):
        print("C baseline: gcc not found; skipping the C column")
        return None
    out = os.path.join(tempfile.mkdtemp(prefix="gtables-bench-"), "octal_naive")
    subprocess.run(["gcc", "-O3", "-march=native", "-o", out, str(src)], check=True)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--n", type=int, default=100_000, help="largest heap for numba and C (default 1e5)")
    ap.add_argument("--python-n", type=int, default=3000, help="largest heap for pure Python")
    ap.add_argument("--codes", default="0.07,0.77,0.137")
    args = ap.parse_args()

    import gtables
    from gtables.engine.compute import fill
    from gtables.engine.sequence_stats import checksum  # the C program's mod 2^61 sum
    from gtables.games import octal

    cbin = build_c()
    gtables.compute("octal:code=0.07,size=50", store=None)  # compile / load kernels outside timing
    rows = []
    for code in args.codes.split(","):
        g = gtables.game(f"octal:code={code},size={args.n}")
        vals, secs = fill(g)
        row = {"code": code, "N": args.n, "numba_s": secs, "numba_heaps_per_s": (args.n + 1) / secs}
        # pure Python at a size it can reach, from scratch
        octal._ref.cache_clear()
        sys.setrecursionlimit(100000)
        t0 = time.perf_counter()
        for n in range(args.python_n + 1):
            octal._ref(g.params["code"], n)
        py_s = time.perf_counter() - t0
        small, small_s = fill(gtables.game(f"octal:code={code},size={args.python_n}"))
        assert all(int(small[n]) == octal._ref(g.params["code"], n) for n in range(args.python_n + 1))
        row.update(python_N=args.python_n, python_s=py_s, numba_same_N_s=small_s,
                   speedup_vs_python_same_N=py_s / small_s)
        if cbin:
            out = subprocess.run([cbin, code, str(args.n), "naive", "--show", "0"], capture_output=True,
                                 text=True, check=True).stdout
            c = json.loads(out.strip().splitlines()[-1])
            row.update(c_s=c["seconds"], c_heaps_per_s=(args.n + 1) / c["seconds"],
                       numba_over_c=secs / c["seconds"], same_table=c["checksum"] == checksum(vals))
        rows.append(row)

    print(f"\nOctal games, heaps 0..{args.n} (numba: the octal family's naive mex worker, 1 thread)")
    hdr = f"{'code':<7} {'numba s':>9} {'heaps/s':>11} {'python N':>9} {'python s':>9} {'x vs py':>8}"
    if cbin:
        hdr += f" {'C s':>8} {'numba/C':>8} {'same':>5}"
    print(hdr)
    for r in rows:
        line = (f"{r['code']:<7} {r['numba_s']:>9.3f} {r['numba_heaps_per_s']:>11,.0f} {r['python_N']:>9} "
                f"{r['python_s']:>9.2f} {r['speedup_vs_python_same_N']:>8.0f}")
        if cbin:
            line += f" {r['c_s']:>8.3f} {r['numba_over_c']:>8.2f} {str(r['same_table']):>5}"
        print(line)
    print("\n'x vs py': pure-Python time / numba time on the same table (heaps 0..python N).")
    if cbin:
        print("'numba/C': numba seconds / C seconds at N (1.0 = as fast as C; lower is faster).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
