"""Benchmark: the engine's kernels, in-process, each against a C yardstick of ../shared/baselines
(relative to the repository root; not part of gtables) compiled here (``gcc -O3 -march=native``;
``-O2`` for the boards, as bench_boards.py) and timed in the same process.  ``--cpu x86-64-v3`` (or
``znver3``) builds both sides for a CPU without AVX-512 instead: numba compiles for that CPU and
its own features, gcc with ``-march=`` that CPU.  What the other
benchmarks do not time alone, item by item (``--only``):

* ``chips``: the chip game, rule A, every subset of n squares, by the **generic** path (the move
  generator through a function pointer, two slots per option: ``kernels.grundy_range`` in index
  order), against ``chips_bitmask n A``;
* ``cram1``, ``cram2``, ``dom1``, ``dom2``: Cram and Domineering on an R x C board, the dense
  fill of a ``define_game`` game (one slot per option: ``kernels.moves_range`` on 1 thread,
  ``kernels.moves_blocks`` in popcount layers on 2), against ``boards_dense``;
* ``endnim_impartial``, ``endnim_partizan``: End-Nim by the generic path, and ``heapsum``: the
  misère outcomes of every sum of nim heaps of total <= 50 by the generic path (the orchestrator
  tier by tier); no C program does this work: the yardstick is ``chips_bitmask 24 A``, timed in
  the same process, which only tracks the machine's load;
* ``naive_CODE``, ``sparse_CODE``, ``scan_CODE``: an octal game by its stepper, one thread (the
  serial reference naive_range, whose mex is the engine's stamped_mex; the sparse kernel; the
  scan kernel), against ``octal_naive CODE N naive|sparse`` (N: 60000, 2^20, 65535; with
  ``--big`` 100000, 2^22, 131071).

Every figure is wall-clock seconds, the best of ``--repeat``, after a warm-up that compiles or
loads every kernel (not timed); with a checksum of the table (sum of (i + 1) * value mod 2^61 - 1,
as the C programs compute it).  Prints one JSON line per item.  Which gtables is measured is
Python's: to compare two trees in one sitting, alternate them item by item, e.g.::

    for i in 1 2 3; do for item in chips cram1 cram2 dom1 dom2; do for tree in /tmp/old /tmp/new
    do PYTHONPATH=$tree/src python scripts/bench_engine.py --only $item; done; done; done

(results/bench_engine.md was made so).
"""
from __future__ import annotations

import argparse
import json
import os
import pathlib
import subprocess
import sys
import tempfile
import time

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[1]
BASELINES = ROOT.parent / "shared" / "baselines"
M61 = (1 << 61) - 1
ITEMS = ["chips", "cram1", "cram2", "dom1", "dom2", "endnim_impartial", "endnim_partizan",
         "heapsum", "naive_0.07", "naive_0.137", "naive_0.77", "sparse_0.16", "sparse_0.56",
         "scan_0.04", "scan_0.06"]


def checksum(values: np.ndarray) -> int:
    """sum over i of (i + 1) * values[i] mod 2^61 - 1 (the C programs' checksum)."""
    m = np.arange(1, values.size + 1, dtype=np.uint64)
    return sum(int(v) * int(m[values == v].sum(dtype=np.uint64)) for v in np.unique(values)) % M61


def compile_c(folder: str, cpu: str = "native") -> dict:
    exes = {}
    march = f"-march={cpu}"
    boards = ["-O2"] + ([march] if cpu != "native" else [])   # -O2 alone natively: as before
    for name, flags in (("chips_bitmask", ["-O3", march]), ("boards_dense", boards),
                        ("octal_naive", ["-O3", march])):
        src = BASELINES / f"{name}.c"
        if src.exists():
            exes[name] = os.path.join(folder, name)
            subprocess.run(["gcc", *flags, "-o", exes[name], str(src)], check=True)
    return exes


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", default=",".join(ITEMS), help="comma list of items (default: all)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--big", action="store_true",
                    help="octal items at larger N (naive 100000, sparse 2^22, scan 131071)")
    ap.add_argument("--cpu", default="native",
                    help="build for this CPU instead of this machine's: numba's NUMBA_CPU_NAME with "
                         "the CPU's own features (NUMBA_CPU_FEATURES empty) and gcc -march=CPU, "
                         "e.g. x86-64-v3 or znver3 (AVX2, no AVX-512)")
    a = ap.parse_args(argv)
    if a.cpu != "native":
        if "numba" in sys.modules:
            raise SystemExit("--cpu must be chosen before numba is imported")
        os.environ["NUMBA_CPU_NAME"] = a.cpu
        os.environ["NUMBA_CPU_FEATURES"] = ""
    import numba

    import gtables
    from gtables.engine.compute import fill
    from gtables.engine.memory import widen
    from gtables.engine.status import decode
    try:       # a tree before issue 40: the dense fill of a define_game game was games/usergame's
        from gtables.games.usergame import dense_fill  # type: ignore[attr-defined]

        def dense(g, threads):
            return dense_fill(g, threads=threads, progress=False)
    except ImportError:
        def dense(g, threads):
            return fill(g, progress=False, threads=threads)[0]
    exes = compile_c(tempfile.mkdtemp(), a.cpu)

    def best(fn):
        seconds, result = [], None
        for _ in range(a.repeat):
            t0 = time.perf_counter()
            result = fn()
            seconds.append(time.perf_counter() - t0)
        return min(seconds), result

    def c_seconds(name, *args, key=None):
        if name not in exes:
            return None
        runs = []
        for _ in range(a.repeat):
            out = subprocess.run([exes[name], *map(str, args)], capture_output=True, text=True,
                                 check=True).stdout.strip()
            runs.append(json.loads(out)["seconds"] if key else
                        float(out.split("seconds=")[1]))
        return min(runs)

    def generic(spec, small):
        fill(gtables.game(small), progress=False, generic=True)      # warm-up
        g = gtables.game(spec)
        s, (v, _) = best(lambda: fill(g, progress=False, generic=True))
        return s, v

    def octal(kind, code):
        from gtables.games.octal import digits, parse_code
        from gtables.games.octal.stepper import OctalStepper
        numba.set_num_threads(1)
        algorithm, scan = {"naive": ("naive", False), "sparse": ("sparse", True),
                           "scan": ("naive", True)}[kind]

        def run(n):
            st = OctalStepper(digits(parse_code(code)), algorithm, scan=scan)
            table = np.zeros(n + 1, np.uint8)
            st.prepare(table, 0)
            lo, spent = 0, 0.0
            while True:
                t0 = time.perf_counter()
                status = st.run(table, lo, n + 1)
                spent += time.perf_counter() - t0
                if status < 0:
                    return spent, table
                table = widen(table)      # not timed, as bench_octal.py
                lo = decode(status).pos
        run(3000)
        n = ({"naive": 100000, "sparse": 1 << 22, "scan": 131071} if a.big else
             {"naive": 60000, "sparse": 1 << 20, "scan": 65535})[kind]
        s = min(run(n)[0] for _ in range(a.repeat))
        return s, run(n)[1], c_seconds("octal_naive", code, n,
                                       "sparse" if kind == "sparse" else "naive", key=True)

    for item in a.only.split(","):
        row: dict = {"item": item, "gtables": os.path.dirname(gtables.__file__), "cpu": a.cpu,
                     "load_before": os.getloadavg()[0]}
        if item == "chips":
            s, v = generic("chips:rule=A,n=24", "chips:rule=A,n=10")
            c = c_seconds("chips_bitmask", 24, "A")
        elif item[:-1] in ("cram", "dom"):
            game = "cram" if item.startswith("cram") else "domineering"
            threads = int(item[-1])
            dense(gtables.game(f"{game}:rows=4,cols=4"), threads)
            g = gtables.game(f"{game}:rows=5,cols=5")
            s, v = best(lambda g=g, threads=threads: dense(g, threads))
            c = c_seconds("boards_dense", game, 5, 5, key=True)
            if game == "domineering":
                v = np.array([0, 3, 1, 2], np.uint8)[v]    # P N L R as the C program's bits
        elif item.startswith("endnim_"):
            mode = item.split("_")[1]
            s, v = generic(f"endnim:mode={mode},len=8,max=8", f"endnim:mode={mode},len=3,max=3")
            c = c_seconds("chips_bitmask", 24, "A")
            row["yardstick"] = "chips_bitmask 24 A (no End-Nim program: the machine's load)"
        elif item == "heapsum":
            s, v = generic("nim:play=misere,total=50", "nim:play=misere,total=10")
            c = c_seconds("chips_bitmask", 24, "A")
            row["yardstick"] = "chips_bitmask 24 A (no program for sums: the machine's load)"
        elif item.split("_")[0] in ("naive", "sparse", "scan"):
            kind, code = item.split("_")
            s, v, c = octal(kind, code)
        else:
            raise SystemExit(f"unknown item {item!r} (items: {', '.join(ITEMS)})")
        row.update(numba_s=s, c_s=c, ratio=None if c is None else s / c, checksum=checksum(v),
                   load_after=os.getloadavg()[0])
        print(json.dumps(row), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
