#!/usr/bin/env python
"""Benchmark: the chip-sliding rule-A Grundy table over every subset of n squares (seed 000), numba
against the C baseline ../shared/baselines/chips_bitmask.c (relative to the repository root, used
when that folder exists; not part of gtables) compiled here with
``gcc -O3 -march=native`` and timed in the same run (the ratio survives a noisy machine); then the
fixed-k space at n = 64, k = 6.

    python scripts/bench_chips.py [--n 24 26] [--repeat 3] [--out results]

Reports positions per second for: the generic engine path (move generator through a function
pointer), the specialised serial worker (one thread), the specialised parallel kernel (all threads),
and C; every figure is the best of ``--repeat`` runs, C and numba interleaved.  Tables are 1 byte per
position (uint8).  Writes results/chips_bench.md and .json.
"""
from __future__ import annotations

import argparse
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import time

import numba
import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[1]
BASELINE = ROOT.parent / "shared" / "baselines" / "chips_bitmask.c"


def compile_c() -> str | None:
    if not BASELINE.exists():
        print(f"C baseline {BASELINE} is absent: skipping the C comparison")
        return None
    exe = os.path.join(tempfile.mkdtemp(), "chips_bitmask")
    subprocess.run(["gcc", "-O3", "-march=native", "-o", exe, str(BASELINE)], check=True)
    return exe


def run_c(exe: str, n: int) -> tuple[float, int]:
    out = subprocess.run([exe, str(n), "A"], capture_output=True, text=True, check=True).stdout
    secs = float(re.search(r"seconds=([0-9.]+)", out).group(1))
    zeros = int(re.search(r" P=(\d+)", out).group(1))
    return secs, zeros


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--n", nargs=2, type=int, default=[24, 26], metavar=("FROM", "TO"))
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-generic", action="store_true", help="skip the generic engine path")
    ap.add_argument("--out", default=str(ROOT / "results"))
    a = ap.parse_args(argv)

    from gtables import api
    from gtables.engine.compute import fill
    from gtables.games import chips

    exe = compile_c()
    threads = numba.get_num_threads()
    rows, lines = [], []
    say = lambda s: (print(s), lines.append(s))  # noqa: E731
    say("# chips benchmark: rule A Grundy table, every subset of n squares\n")
    say(f"numba {numba.__version__}, {threads} threads, {os.cpu_count()} CPUs; best of {a.repeat}; "
        f"C: {'gcc -O3 -march=native ' + BASELINE.name if exe else 'absent (skipped)'}\n")
    say("| n | positions | C s | numba 1 thread s | ratio 1T/C | numba all threads s | ratio C/allT "
        "| generic engine s | P count agrees | MiB |")
    say("|---|---|---|---|---|---|---|---|---|---|")
    # warm up the jit (compilation is not what we measure)
    g0 = api.game("chips:rule=A,n=12")
    chips.fill_fast(g0, threads=1), chips.fill_fast(g0, threads=threads), fill(g0, progress=False)
    for n in range(a.n[0], a.n[1] + 1):
        g = api.game(f"chips:rule=A,n={n}")
        best = {"c": np.inf, "one": np.inf, "all": np.inf, "generic": np.inf}
        czeros, agree = None, True
        for _ in range(a.repeat):
            if exe:
                s, czeros = run_c(exe, n)
                best["c"] = min(best["c"], s)
            v1, s = chips.fill_fast(g, threads=1)
            best["one"] = min(best["one"], s)
            del v1
            v, s = chips.fill_fast(g, threads=threads)
            best["all"] = min(best["all"], s)
            if czeros is not None:
                agree &= int(np.count_nonzero(v == 0)) == czeros
        if not a.no_generic:
            vg, s = fill(g, progress=False)
            best["generic"] = s
            agree &= bool((vg == v).all())
            del vg
        size = g.space.size
        r = {"n": n, "positions": size, "bytes_per_position": v.itemsize,
             **{f"{k}_seconds": (None if not np.isfinite(x) else round(x, 4)) for k, x in best.items()},
             **{f"{k}_Mpos_per_s": (None if not np.isfinite(x) else round(size / x / 1e6, 2))
                for k, x in best.items()},
             "ratio_one_thread_over_c": round(best["one"] / best["c"], 3) if exe else None,
             "speedup_all_threads_over_c": round(best["c"] / best["all"], 3) if exe else None,
             "agrees": bool(agree)}
        rows.append(r)
        fmt = lambda x: "-" if not np.isfinite(x) else f"{x:.3f}"  # noqa: E731
        say(f"| {n} | {size:,} | {fmt(best['c'])} | {fmt(best['one'])} | "
            f"{r['ratio_one_thread_over_c'] or '-'} | {fmt(best['all'])} | "
            f"{r['speedup_all_threads_over_c'] or '-'} | {fmt(best['generic'])} | {agree} | "
            f"{size * v.itemsize / 2**20:.0f} |")
        del v
    say("\nratio 1T/C: single-thread numba time over C time (target <= 1.25); ratio C/allT: C time "
        "over all-threads numba time (target > 1).\n")
    g = api.game("chips:rule=A,n=64,k=6")
    chips.fill_fast(api.game("chips:rule=A,n=12,k=3"))
    best = min(chips.fill_fast(g)[1] for _ in range(a.repeat))
    vg, sg = fill(g, progress=False)
    vf, _ = chips.fill_fast(g)
    same = bool((vg == vf).all())
    say(f"fixed-k space n=64, k=6: {g.space.size:,} positions, specialised serial {best:.3f} s "
        f"({g.space.size / best / 1e6:.1f} M pos/s), generic engine {sg:.3f} s "
        f"({g.space.size / sg / 1e6:.1f} M pos/s), tables equal: {same}, max Grundy {int(vf.max())}")
    rows.append({"n": 64, "k": 6, "positions": g.space.size, "specialised_seconds": round(best, 4),
                 "generic_seconds": round(sg, 4), "agrees": same})
    out = pathlib.Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "chips_bench.md").write_text("\n".join(lines) + "\n")
    (out / "chips_bench.json").write_text(json.dumps({"threads": threads, "rows": rows,
                                                      "when": time.strftime("%Y-%m-%d %H:%M:%S")},
                                                     indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
