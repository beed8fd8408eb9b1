#!/usr/bin/env python3
"""Benchmark: gtables' octal-game kernels against plain C versions of the same algorithms.

The C yardstick ../shared/baselines/octal_naive.c (relative to the repository root; not part of
gtables) is compiled in this run with ``gcc -O3 -march=native`` into a temporary folder and timed in
the same run as the numba kernel doing the same work, so the ratio numba/C survives a noisy machine.
If the folder or gcc is missing the script says so and reports numba figures only.  Every table is
checked against the C program through its checksum sum_{i=0..N} (i+1)*G(i) mod 2^61; a difference
prints MISMATCH and exits with status 1.

Section 0 runs Officers (0.6) and Grundy's game (4!.0) five ways: the serial sparse kernel, the
block kernel on 1 and on 2 threads, the pipeline on 2 threads, and the stepper's timed choice
(what `gtables compute` runs), against the C program (sparse; it has no '!', so Officers only).
Rows 1-3 run single-threaded, as does the C program.  Numba times are the kernel alone
(``OctalStepper.run``, mask re-choices included, the one-off widening of the table uint8 ->
uint16 -> uint32 excluded), after a warm-up call at a small N so that compilation is not
measured; C times are the program's own compute time.  Row 1's numba naive is the scan kernel
(games/octal/scan.py), as every naive run is.

Rows (``N`` = the largest heap: heaps 0..N are computed):
  0. both cores: Officers and Grundy's game to 2^23 values (2^18 with --quick), five ways + C;
  1. naive mex, N = 100000: 0.07, 0.77, 0.137 (C naive);
  2. sparse space, N = 2^22: 0.77, 0.16, 0.56 and 0.165 (C sparse), with the rare-heap count;
     0.165 runs to 2^20 unless --n is given: its rare heaps are about 1% of all heaps, so its
     time grows as N^2 (2^22 took 18 minutes in C alone in a trial run here);
  4. naive split scan, N = 2^17 - 1 (--scan-n): 0.04, 0.06, 0.007, games with no sparse space.
     The rate is split pairs per second: the pairs (a, r - a) the naive mex must account for,
     sum over heaps and split amounts of r/2 (r - 1)/2 for "!"), over the kernel's time.  In
     the same run: the scan kernel on 1 and 2 threads, the serial reference naive_range, the C
     naive program, and the machine's limits for this work, measured on the finished table:
     "stream" = the fastest loop over the same pairs that reads both values (a vectorised
     XOR-OR reduction over a reversed copy, so both reads go forward), i.e. the rate if the mex
     needed no set at all; "lookup" = a scalar loop that also reads one byte per pair from a
     small array indexed by the XOR (what any scan with a value set must do), no stores.
  3. reference points quoted for a public C++ solver on a similar machine (one core):
     0.354 to 2^25 values with its period proved (46 s), Officers 0.6 to 2^23 values (82 s),
     Grundy's game 4!.0 to 2^25 values (249 s; no C: the C program has no '!'), and four quick
     literature regressions proved with until_periodic (0.16, 0.56, 0.127, 0.376; "under a
     second" each), whose proved (period, pre-period) are checked against the literature.
  5. bounded memory against a full table: Officers to 2^23 values (2^20 with --quick), once
     with `gtables compute --keep 2^21 --window 2^21` and once in full, each in a process of its
     own (scripts/run_bounded_demo.py's compare): wall time, peak memory (each process's
     maxrss) and whether statistics, last values and full part are identical (--bounded).

Usage:
  python scripts/bench_octal.py               # full run, prints only (about 5-6 minutes here)
  python scripts/bench_octal.py --quick       # small N everywhere, under a minute
  python scripts/bench_octal.py --write       # also write results/bench_octal.md and .json
                                              # (with --rows: results/bench_octal_<rows>.md)
  python scripts/bench_octal.py --skip-big --codes 0.77,0.16 --n 1000000
  python scripts/bench_octal.py --rows scan             # row 4 only (about a minute here)
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import pathlib
import platform
import shlex
import sys
import tempfile
import time

import numpy as np

from gtables.engine.sequence_stats import checksum  # the C program's sum (i+1)*G(i) mod 2^61
from gtables.games.octal.literature import lookup

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
# how each row is measured (C yardstick, numba kernels, counters, limits): a module beside it
from bench_octal_rows import (  # noqa: E402
    THREADS_CODES,
    THREADS_N,
    THREADS_WAYS,
    Mismatch,
    build_c,
    compare_row,
    fmt_rate,
    fmt_s,
    gcc_version,
    log,
    run_numba,
    scan_row,
    threads_row,
    warm_up,
)

ROOT = pathlib.Path(__file__).resolve().parents[1]

NAIVE_CODES, NAIVE_N, NAIVE_N_QUICK = "0.07,0.77,0.137", 100_000, 20_000
SPARSE_CODES, SPARSE_N, SPARSE_N_QUICK = "0.77,0.16,0.56,0.165", 1 << 22, 1 << 18
# default N per code where 2^22 would take minutes (quadratic: rare heaps are not rare)
SPARSE_N_CAP = {"0.165": 1 << 20}
# (code, values, quoted seconds, what the quote covers, C comparison?)
BIG = [("0.354", 1 << 25, 46.0, "2^25 values, period 1180 proved", True),
       ("0.6", 1 << 23, 82.0, "2^23 values (Officers)", True),
       ("4!.0", 1 << 25, 249.0, "2^25 values (Grundy's game)", False)]
# literature: code -> (period, pre-period), from the one literature table (sources there)
LITERATURE = {code: (lookup(code).period, lookup(code).preperiod)
              for code in ("0.16", "0.56", "0.127", "0.376", "0.354")}
REGRESSION_SIZE = (1 << 23) - 1   # enough for every Guy-Smith proof below (0.376 needs ~4.5e6)
#: row 5: Officers values, keep, window (bounded memory against a full run)
BOUNDED = "8388608,2097152,2097152"    # (2^22 with keep 2^18, window 2^20 stops: at heap
#: 1,697,097 the scan needs a value older than the window, as the bounded mode says it may)
BOUNDED_QUICK = "1048576,65536,262144"
ALL_ROWS = ("threads", "naive", "sparse", "refs", "scan", "bounded")
SCAN_CODES, SCAN_N, SCAN_N_QUICK = "0.04,0.06,0.007", (1 << 17) - 1, (1 << 15) - 1




def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true",
                    help="much smaller N everywhere and no 2^25/2^23 rows (under a minute)")
    ap.add_argument("--skip-big", action="store_true", help="skip the 2^25 / 2^23 reference rows")
    ap.add_argument("--codes", default=None, help=f"row 2 (sparse) codes, default {SPARSE_CODES}")
    ap.add_argument("--n", type=int, default=None,
                    help="row 2 (sparse) largest heap for every code (default 2^22; 0.165: 2^20)")
    ap.add_argument("--naive-codes", default=NAIVE_CODES, help="row 1 (naive) codes")
    ap.add_argument("--naive-n", type=int, default=None, help=f"row 1 largest heap (default {NAIVE_N})")
    ap.add_argument("--rows", default=",".join(ALL_ROWS),
                    help="which row groups to run (comma list of threads, naive, sparse, refs, scan, "
                         "bounded)")
    ap.add_argument("--bounded", default=None, metavar="VALUES,KEEP,WINDOW",
                    help=f"row 5: Officers to VALUES values, bounded with --keep KEEP --window "
                         f"WINDOW against full (default {BOUNDED}; --quick: {BOUNDED_QUICK})")
    ap.add_argument("--scan-codes", default=SCAN_CODES, help="row 4 (naive split scan) codes")
    ap.add_argument("--scan-n", type=int, default=None,
                    help=f"row 4 largest heap (default {SCAN_N}; --quick: {SCAN_N_QUICK})")
    ap.add_argument("--write", action="store_true",
                    help="write results/bench_octal.md and .json (only some --rows: "
                         "results/bench_octal_<rows>.md, so the full report stays)")
    ap.add_argument("--out", default=str(ROOT / "results"), help="folder for --write")
    ap.add_argument("--cpu", default="native",
                    help="build both sides for this CPU instead of this machine's, e.g. "
                         "x86-64-v3 or znver3 (AVX2, no AVX-512): numba's NUMBA_CPU_NAME with "
                         "the CPU's own features, gcc -march=CPU (--write: files named _CPU)")
    a = ap.parse_args(argv)
    if a.quick:
        a.skip_big = True
    groups = {g.strip() for g in a.rows.split(",") if g.strip()}
    naive_n = a.naive_n or (NAIVE_N_QUICK if a.quick else NAIVE_N)
    sparse_codes = (a.codes or SPARSE_CODES).split(",")

    def sparse_n(code):
        if a.n is not None:
            return a.n
        if a.quick:
            return SPARSE_N_QUICK
        return SPARSE_N_CAP.get(code, SPARSE_N)

    if a.cpu != "native":      # before numba is imported: the build of that CPU
        os.environ["NUMBA_CPU_NAME"], os.environ["NUMBA_CPU_FEATURES"] = a.cpu, ""
    import numba

    from gtables import api

    numba.set_num_threads(1)   # the octal kernels are serial anyway; make it explicit
    command = shlex.join([os.path.relpath(sys.executable) if sys.executable else "python"] + sys.argv)
    started = datetime.datetime.now().astimezone()
    load0 = os.getloadavg()
    exe, c_note = build_c(a.cpu)
    log(c_note)
    log("warming up the numba kernels (compile/load; not timed) ...")
    t0 = time.perf_counter()
    warm_up()
    log(f"  warm-up took {time.perf_counter() - t0:.1f} s")

    out_lines: list[str] = []
    result = {"command": command, "started": started.isoformat(timespec="seconds"),
              "c_baseline": c_note, "c_available": exe is not None, "threads": 1, "cpu": a.cpu,
              "naive": [], "sparse": [], "reference": [], "regressions": [], "scan": []}
    failures: list[str] = []

    try:
        # ------------------------------------------ row 0: the sparse method on both cores --
        if "threads" in groups:
            result["threads_rows"] = []
            n = (1 << 18) - 1 if a.quick else THREADS_N - 1
            for code in THREADS_CODES:
                for how in (1, 2):         # compile (uint8 and uint16 tables): not timed
                    run_numba(code, 30000, "sparse", threads=how, choose="blocks")
                r = threads_row(exe, code, n)
                result["threads_rows"].append(r)
                log("  " + ", ".join(f"{k}: {v / 1e3:.0f}K values/s" for k, v in r["rates"].items())
                    + (f"; C {r['c_values_per_s'] / 1e3:.0f}K values/s" if r.get("c_values_per_s")
                       else ""))

        # ---------------------------------------------------------------- row 1: naive mex --
        if "naive" in groups:
            for code in a.naive_codes.split(","):
                log(f"[naive] {code}, heaps 0..{naive_n} ...")
                r = compare_row(exe, code, naive_n, "naive")
                r.pop("_table")
                result["naive"].append(r)
                log(f"  numba {r['numba_seconds']:.3f} s, C {fmt_s(r.get('c_seconds'))} s, "
                    f"numba/C {r.get('numba_over_c', '-')}, "
                    f"checksum {'match' if r.get('checksum_match') else '(no C)'}")

        # -------------------------------------------------------------- row 2: sparse space --
        if "sparse" in groups:
            for code in sparse_codes:
                n = sparse_n(code)
                log(f"[sparse] {code}, heaps 0..{n} ...")
                r = compare_row(exe, code, n, "sparse")
                r.pop("_table")
                r["n_capped"] = a.n is None and not a.quick and n != SPARSE_N
                result["sparse"].append(r)
                log(f"  numba {r['numba_seconds']:.3f} s ({r['rare_heaps']} rare heaps), C "
                    f"{fmt_s(r.get('c_seconds'))} s, numba/C {r.get('numba_over_c', '-')}, "
                    f"checksum {'match' if r.get('checksum_match') else '(no C)'}")

        # -------------------------------------------------------- row 3: reference points --
        if "refs" in groups:
            for code, values, quoted, what, with_c in ([] if a.skip_big else BIG):
                n = values - 1
                ref = {"code": code, "values": values, "quoted_seconds": quoted, "quote_covers": what}
                if code == "0.354":
                    log(f"[reference] {code}: compute_values(size={n}, until_periodic=True) ...")
                    vals, attrs = api.compute_values(f"octal:code={code},size={n}",
                                                     until_periodic=True, progress=False)
                    ex = attrs["extra"]
                    ref.update(api_seconds=attrs["compute_seconds"], api_algorithm=ex.get("algorithm"),
                               period=ex.get("period"), preperiod=ex.get("preperiod"),
                               computed_to=ex.get("computed_to"), api_checksum=checksum(vals))
                    lit = LITERATURE[code]
                    ref["literature_agrees"] = (ex.get("period"), ex.get("preperiod")) == lit
                    if not ref["literature_agrees"]:
                        failures.append(f"{code}: proved (period, pre-period) = "
                                        f"({ex.get('period')}, {ex.get('preperiod')}), literature {lit}")
                    log(f"  {attrs['compute_seconds']:.1f} s, period {ex.get('period')}, pre-period "
                        f"{ex.get('preperiod')}, computed to {ex.get('computed_to')}")
                    del vals
                log(f"[reference] {code}: numba sparse kernel, heaps 0..{n}"
                    f"{' and C sparse' if with_c and exe else ''} ...")
                r = compare_row(exe if with_c else None, code, n, "sparse")
                table = r.pop("_table")
                del table
                ref.update({k: v for k, v in r.items() if k not in ("code", "N")})
                if "api_checksum" in ref and ref["api_checksum"] != ref["checksum"]:
                    raise Mismatch(f"{code}: compute_values table (period-filled) checksum "
                                   f"{ref['api_checksum']} != kernel checksum {ref['checksum']}")
                result["reference"].append(ref)
                log(f"  numba {r['numba_seconds']:.1f} s ({r['rare_heaps']} rare heaps), C "
                    f"{fmt_s(r.get('c_seconds'))} s, numba/C {r.get('numba_over_c', '-')}")

            for code in ("0.16", "0.56", "0.127", "0.376"):
                log(f"[regression] {code}: compute_values(until_periodic=True) ...")
                vals, attrs = api.compute_values(f"octal:code={code},size={REGRESSION_SIZE}",
                                                 until_periodic=True, progress=False)
                ex = attrs["extra"]
                lit = LITERATURE[code]
                got = (ex.get("period"), ex.get("preperiod"))
                reg = {"code": code, "seconds": attrs["compute_seconds"], "period": got[0],
                       "preperiod": got[1], "computed_to": ex.get("computed_to"),
                       "algorithm": ex.get("algorithm"), "rare_heaps": ex.get("rare_heaps"),
                       "literature_period": lit[0], "literature_preperiod": lit[1],
                       "agrees": got == lit}
                if not reg["agrees"]:
                    failures.append(f"{code}: proved (period, pre-period) = {got}, literature {lit}")
                result["regressions"].append(reg)
                log(f"  {reg['seconds']:.2f} s, period {got[0]}, pre-period {got[1]} "
                    f"({'agrees' if reg['agrees'] else 'DISAGREES'} with the literature)")
                del vals
        # ---------------------------------------------------------- row 4: naive split scan --
        if "scan" in groups:
            scan_n = a.scan_n or (SCAN_N_QUICK if a.quick else SCAN_N)
            for code in a.scan_codes.split(","):
                log(f"[scan] {code}, heaps 0..{scan_n}: scan kernel 1 and 2 threads, reference, "
                    f"C, limits ...")
                r = scan_row(exe, code, scan_n)
                result["scan"].append(r)
                log(f"  scan {r['scan_1t_pairs_per_s'] / 1e9:.2f} G pairs/s on 1 thread, "
                    f"{r.get('scan_2t_pairs_per_s', float('nan')) / 1e9:.2f} on 2; reference "
                    f"{r['reference_pairs_per_s'] / 1e9:.2f}; C "
                    f"{r.get('c_pairs_per_s', float('nan')) / 1e9:.2f}; stream limit "
                    f"{r['stream_limit_1t_pairs_per_s'] / 1e9:.2f} (1 thread)")
            numba.set_num_threads(1)
        # ------------------------------------------------- row 5: bounded memory against full --
        if "bounded" in groups:
            values, keep, window = (int(x) for x in (a.bounded or (
                BOUNDED_QUICK if a.quick else BOUNDED)).split(","))
            log(f"[bounded] Officers 0.6 to {values:,} values: bounded (keep {keep:,}, window "
                f"{window:,}) and full, each a `gtables compute` process of its own ...")
            from run_bounded_demo import compare  # scripts/ is this script's folder
            with tempfile.TemporaryDirectory(prefix="gtables-bench-bounded-") as folder:
                try:
                    r = compare("0.6", values, keep, window, folder,
                                echo=lambda m: log("  " + m))
                except SystemExit as e:    # a run that stopped (e.g. its window too short)
                    r = None
                    failures.append(f"bounded row (keep {keep:,}, window {window:,}): "
                                    f"{str(e).strip().splitlines()[-1]}")
            if r is not None:
                result["bounded"] = r
                if not r["ok"]:
                    failures.append(f"bounded run differs from the full run: {r['identical']}")
    except Mismatch as e:
        bar = "!" * 78
        print(f"\n{bar}\nMISMATCH: {e}\n{bar}", flush=True)
        return 1

    # ------------------------------------------------------------------------------ report --
    finished = datetime.datetime.now().astimezone()
    load1 = os.getloadavg()
    cpu = "unknown"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    machine = {"cpu": cpu, "cores": os.cpu_count(), "platform": platform.platform(),
               "python": platform.python_version(), "numba": numba.__version__,
               "numpy": np.__version__, "gcc": gcc_version(),
               "loadavg_start": [round(x, 2) for x in load0], "loadavg_end": [round(x, 2) for x in load1]}
    result.update(machine=machine, finished=finished.isoformat(timespec="seconds"))

    def say(s=""):
        print(s)
        out_lines.append(s)

    print()
    say("# Octal-game kernels: numba against plain C, same run")
    say()
    say(f"- date: {started:%Y-%m-%d %H:%M %Z} (run took {(finished - started).total_seconds() / 60:.1f} min)")
    say(f"- command: `{command}`")
    say(f"- machine: {cpu}, {os.cpu_count()} cores; load average at start {load0[0]:.2f}, at end "
        f"{load1[0]:.2f} (other jobs may share this machine: absolute times are noisy, the "
        f"same-run numba/C ratios less so)")
    say(f"- numba {numba.__version__}, numpy {np.__version__}, Python {platform.python_version()}; "
        f"gcc: {machine['gcc'] or 'absent'}")
    say(f"- {c_note}")
    say("- one thread (rows 1-3, and row 4 where it says 1 thread), as the C program; section 0 "
        "as it says. "
        "numba times: OctalStepper.run only, after a warm-up (no compilation), table widening "
        "uint8 -> uint16 -> uint32 excluded; C times: the program's own compute time. "
        "N = largest heap (heaps 0..N). checksum = sum (i+1)*G(i) mod 2^61, numba against C.")
    say()
    if result.get("threads_rows"):
        say("## 0. The sparse method on both cores (the block kernel) against the serial kernel and C")
        say()
        say("| game | N | rare heaps | " + " | ".join(f"{w[0]} values/s" for w in THREADS_WAYS)
            + " | C values/s | auto 2 threads / serial | auto 2 threads / C | checksum |")
        say("|---|---|---|" + "---|" * (len(THREADS_WAYS) + 4))
        for r in result["threads_rows"]:
            rates = r["rates"]
            two = rates["auto (timed), 2 threads"]
            c = r.get("c_values_per_s")
            say(f"| {r['code']} | {r['N']:,} | {r['rare_heaps']:,} | "
                + " | ".join(f"{rates[w[0]] / 1e3:.0f} K" for w in THREADS_WAYS)
                + f" | {'-' if c is None else f'{c / 1e3:.0f} K'} | "
                f"{two / rates['serial kernel']:.2f} | {'-' if c is None else f'{two / c:.2f}'} | "
                f"{'= C, all ways equal' if c is not None else 'all ways equal (no C: no ! in C)'} |")
        say()
        say("Counters of the serial kernel (`games/octal/kernels.verification_profile`, on the "
            "finished table, heaps sampled over the top half): R = rare-pair lookups a heap, "
            "wanted = rare-class values below the candidate the scan must find, K = verification "
            "pairs scanned until all are seen, in order and in the kernel's strided order; "
            "ns/pair = the serial kernel's whole-run time over (R + K strided) a heap. The two "
            "halves timed apart (the top 2^16 heaps of the finished table, one thread, best of "
            "3, `pipeline.speculate` and `pipeline.verify`): the rare pass (with the candidate) "
            "and the verification, a heap and a pair.")
        say()
        say("| game | heaps sampled | R | wanted | K in order (mean, p90) | K strided (mean, p90) "
            "| stride | ns/pair | rare pass ns/heap | ns/rare pair | verification ns/heap "
            "| ns/verification pair |")
        say("|---|---|---|---|---|---|---|---|---|---|---|---|")
        for r in result["threads_rows"]:
            c = r.get("counters") or {}
            if c:
                say(f"| {r['code']} | {c['heaps_sampled']:,} | {c['R_mean']:,.0f} | "
                    f"{c['wanted_mean']} | {c['K_in_order_mean']:,.0f}, "
                    f"{c['K_in_order_p90']:,.0f} | {c['K_strided_mean']:,.0f}, "
                    f"{c['K_strided_p90']:,.0f} | {c['stride']} | {c['ns_per_pair_whole_run']} | "
                    f"{c.get('rare_pass_ns_per_heap', '-')} | {c.get('ns_per_rare_pair', '-')} | "
                    f"{c.get('verify_ns_per_heap', '-')} | "
                    f"{c.get('ns_per_verification_pair', '-')} |")
        say()
        say("The block kernel (`games/octal/blocks.py`) marks, for a block of heaps on all "
            "threads, the splits with a rare part and a first stretch of the scan; one thread "
            "then finishes each heap; the pipeline (`games/octal/pipeline.py`) speculates on one "
            "thread and verifies on the other.  'auto (timed)' is what `gtables compute` runs: "
            "for these games (one split amount) the pipeline once no rare heap came for 65,536 "
            "heaps, the serial kernel before.  Ratios above 1 are speed-ups.")
        say()
    if result["naive"]:
        say("## 1. Naive mex (every option of every heap)")
        say()
        say("| code | N | numba s | numba values/s | C s | C values/s | numba/C | checksum |")
        say("|---|---|---|---|---|---|---|---|")
        for r in result["naive"]:
            say(f"| {r['code']} | {r['N']:,} | {fmt_s(r['numba_seconds'])} "
                f"| {fmt_rate(r['numba_values_per_s'])} "
                f"| {fmt_s(r.get('c_seconds'))} | {fmt_rate(r.get('c_values_per_s'))} "
                f"| {r.get('numba_over_c', '-')} | {'= C' if r.get('checksum_match') else 'no C'} |")
        say()
    if result["sparse"]:
        say("## 2. Sparse space (rare/common values)")
        say()
        say("| code | N | numba s | numba values/s | C s | C values/s | numba/C | rare heaps "
            "| max G | checksum |")
        say("|---|---|---|---|---|---|---|---|---|---|")
        for r in result["sparse"]:
            say(f"| {r['code']} | {r['N']:,} | {fmt_s(r['numba_seconds'])} "
                f"| {fmt_rate(r['numba_values_per_s'])} "
                f"| {fmt_s(r.get('c_seconds'))} | {fmt_rate(r.get('c_values_per_s'))} "
                f"| {r.get('numba_over_c', '-')} | {r['rare_heaps']:,} | {r['max_value']} "
                f"| {'= C' if r.get('checksum_match') else 'no C'} |")
        capped = [r["code"] for r in result["sparse"] if r["n_capped"]]
        if capped:
            say()
            say(f"{', '.join(capped)}: run to a smaller N than 2^22 by default (--n overrides): about "
                f"1% of its heaps are rare, so the sparse method is quadratic there (2^22 took 18 minutes "
                f"in C alone in a trial run here, and numba needs as long again).")
        say()
    if result["reference"] or result["regressions"]:
        say("## 3. Reference points (quoted: a public C++ solver on a similar machine, one core)")
        say()
    if result["reference"]:
        say("| game | work | quoted s | ours: numba sparse kernel s | ours: compute_values s "
            "| proved (period, pre-period) | C sparse s | numba/C | rare heaps | max G |")
        say("|---|---|---|---|---|---|---|---|---|---|")
        for r in result["reference"]:
            api_s = fmt_s(r.get("api_seconds")) if "api_seconds" in r else "-"
            proved = "-"
            if "api_seconds" in r:
                proved = (f"({r['period']}, {r['preperiod']:,}), computed to {r['computed_to']:,}"
                          f"{'' if r['literature_agrees'] else ' DISAGREES with literature'}")
            c_s = (fmt_s(r.get("c_seconds")) if "c_seconds" in r
                   else ("no '!' in C" if "!" in r["code"] else "-"))
            say(f"| {r['code']} | {r['quote_covers']} | {r['quoted_seconds']:.0f} "
                f"| {fmt_s(r['numba_seconds'])} "
                f"| {api_s} | {proved} | {c_s} | {r.get('numba_over_c', '-')} | {r['rare_heaps']:,} "
                f"| {r['max_value']} |")
        say()
        say("compute_values stops computing once the Guy-Smith theorem proves the period (about "
            "2*n0 + 2p values) and fills the rest from the period; its time includes the period "
            "watch. The kernel column computes every value; its checksum is compared with C and "
            "with the period-filled compute_values table.")
        say()
    if result["regressions"]:
        say("Literature regressions (quoted: under a second each), compute_values(until_periodic=True):")
        say()
        say("| code | ours s | proved (period, pre-period) | literature | computed to | algorithm | agrees |")
        say("|---|---|---|---|---|---|---|")
        for r in result["regressions"]:
            say(f"| {r['code']} | {fmt_s(r['seconds'])} | ({r['period']}, {r['preperiod']}) "
                f"| ({r['literature_period']}, {r['literature_preperiod']}) | {r['computed_to']:,} "
                f"| {r['algorithm']} | {'yes' if r['agrees'] else 'NO'} |")
        say()
    if result["scan"]:
        say("## 4. Naive split scan (games with no sparse space), same run")
        say()
        say("G pairs/s = split pairs (a, r - a) of heaps 0..N / seconds. scan = games/octal/scan.py "
            "(what every naive run uses: a store per pair, both cores in blocks of heaps); "
            "reference = the serial naive_range (a stamp store per pair); C = the C naive program "
            "(the same, one thread); limits measured here on the finished "
            "table: stream = read both values of every pair, vectorised, no set; lookup = also "
            "one byte read per pair at the XOR, scalar, no stores.")
        say()
        say("| code | N | pairs | scan 1 thread s | G pairs/s | scan 2 threads s | G pairs/s "
            "| 2t/1t | reference G pairs/s | scan/reference | C G pairs/s | scan 1t / C "
            "| scan 2t / C | stream limit 1t / 2t | lookup limit 1t / 2t | early exits | max G |")
        say("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")

        def g(r, k):
            return f"{r[k] / 1e9:.2f}" if k in r else "-"

        for r in result["scan"]:
            s1, s2 = r["scan_1t_pairs_per_s"], r.get("scan_2t_pairs_per_s")
            c = r.get("c_pairs_per_s")
            cells = [r["code"], f"{r['N']:,}", f"{r['pairs']:.3g}", fmt_s(r["scan_1t_seconds"]),
                     f"{s1 / 1e9:.2f}", fmt_s(r.get("scan_2t_seconds")), g(r, "scan_2t_pairs_per_s"),
                     f"{s2 / s1:.2f}" if s2 else "-", g(r, "reference_pairs_per_s"),
                     f"{s1 / r['reference_pairs_per_s']:.2f}", g(r, "c_pairs_per_s"),
                     f"{s1 / c:.2f}" if c else "-", f"{s2 / c:.2f}" if c and s2 else "-",
                     f"{g(r, 'stream_limit_1t_pairs_per_s')} / {g(r, 'stream_limit_2t_pairs_per_s')}",
                     f"{g(r, 'lookup_limit_1t_pairs_per_s')} / {g(r, 'lookup_limit_2t_pairs_per_s')}",
                     str(r["scan_1t_counters"]["early_exits"]), str(r["max_value"])]
            say("| " + " | ".join(cells) + " |")
        say()
        say("Checksums: scan (1 and 2 threads) = reference" + (" = C" if exe else "") + " for every code.")
        say()
    if result.get("bounded"):
        r = result["bounded"]
        fb, ff = r["runs"]["bounded"], r["runs"]["full"]
        say(f"## 5. Bounded memory against a full table: Officers, {r['values']:,} values")
        say()
        say("| run | command | wall s | peak memory (maxrss) |")
        say("|---|---|---|---|")
        for name, x in (("bounded", fb), ("full", ff)):
            say(f"| {name} | `{x['command']}` | {x['wall_seconds']} | "
                f"{x['peak_rss_bytes'] / 2**20:.0f} MiB |")
        say()
        say(f"Bounded / full: wall {fb['wall_seconds'] / ff['wall_seconds']:.2f}, peak memory "
            f"{fb['peak_rss_bytes'] / max(ff['peak_rss_bytes'], 1):.2f}. Identical statistics "
            f"(checksum {r['checksum']}), last {r['tail_length']} values and full part: "
            f"{'yes' if r['ok'] else 'NO: ' + str(r['identical'])}. Each run is a process of its "
            f"own (wall time includes start-up and loading the compiled kernels); a larger run: "
            f"results/octal_bounded.md.")
        say()
    if failures:
        say("**FAILURES:** " + "; ".join(failures))
        say()

    if a.write:
        out = pathlib.Path(a.out)
        out.mkdir(parents=True, exist_ok=True)
        name = "bench_octal" if groups == set(ALL_ROWS) else \
            "bench_octal_" + "_".join(r for r in ALL_ROWS if r in groups)
        if a.cpu != "native":
            name += f"_{a.cpu}"
        md, js = out / f"{name}.md", out / f"{name}.json"
        # the busy-machine section of scripts/bench_octal_threads.py stays
        keep = md.read_text() if md.exists() else ""
        b, e = "<!-- section written by scripts/bench_octal_threads.py -->", \
            "<!-- end of the section of scripts/bench_octal_threads.py -->"
        if b in keep and e in keep:
            out_lines += ["", keep[keep.index(b):keep.index(e) + len(e)]]
            if js.exists() and "busy_runs" in (old := json.loads(js.read_text())):
                result["busy_runs"] = old["busy_runs"]
        md.write_text("\n".join(out_lines) + "\n")
        js.write_text(json.dumps(result, indent=1) + "\n")
        print(f"wrote {out / f'{name}.md'} and {out / f'{name}.json'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
