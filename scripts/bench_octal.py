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
import atexit
import datetime
import json
import os
import pathlib
import platform
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np

from gtables.engine.sequence_stats import checksum  # the C program's sum (i+1)*G(i) mod 2^61
from gtables.engine.status import decode
from gtables.games.octal.literature import lookup

ROOT = pathlib.Path(__file__).resolve().parents[1]
# (OpenMP threads sleep while they wait: gtables.config sets OMP_WAIT_POLICY=passive)
BASELINE = ROOT.parent / "shared" / "baselines" / "octal_naive.c"

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


def log(msg: str) -> None:
    print(msg, flush=True)


# ------------------------------------------------------------------------------------- C side --

def build_c() -> tuple[str | None, str]:
    """Compile the C yardstick; ``(path or None, a sentence saying what happened)``."""
    if not BASELINE.parent.is_dir():
        return None, f"C baseline: the folder {BASELINE.parent} is not here; numba figures only"
    if not BASELINE.exists():
        return None, f"C baseline: {BASELINE} not found; numba figures only"
    if not shutil.which("gcc"):
        return None, "C baseline: gcc not found on PATH; numba figures only"
    tmp = tempfile.mkdtemp(prefix="gtables-bench-octal-")
    atexit.register(shutil.rmtree, tmp, ignore_errors=True)
    exe = os.path.join(tmp, "octal_naive")
    r = subprocess.run(["gcc", "-O3", "-march=native", "-o", exe, str(BASELINE)],
                       capture_output=True, text=True)
    if r.returncode != 0:
        return None, f"C baseline: gcc failed ({r.stderr.strip()[:200]}); numba figures only"
    return exe, f"C baseline: {BASELINE} compiled with gcc -O3 -march=native"


def gcc_version() -> str | None:
    if not shutil.which("gcc"):
        return None
    r = subprocess.run(["gcc", "--version"], capture_output=True, text=True)
    return r.stdout.splitlines()[0] if r.returncode == 0 and r.stdout else None


def run_c(exe: str, code: str, n: int, algorithm: str) -> dict:
    out = subprocess.run([exe, code, str(n), algorithm, "--show", "0"], capture_output=True,
                         text=True, check=True).stdout
    res = json.loads(out.strip().splitlines()[-1])
    if not res.get("completed"):
        raise RuntimeError(f"C {algorithm} {code} N={n} did not complete: {res}")
    return res


# --------------------------------------------------------------------------------- numba side --

def widen(table: np.ndarray) -> np.ndarray:
    nxt = {np.dtype(np.uint8): np.uint16, np.dtype(np.uint16): np.uint32}.get(table.dtype)
    if nxt is None:
        raise OverflowError("a Grundy value does not fit in uint32")
    return table.astype(nxt)


def run_numba(code: str, n: int, algorithm: str, threads: int | None = None,
              choose: str = "serial", scan: bool = True) -> dict:
    """Heaps 0..n with OctalStepper; times only the run loop (widening excluded).  ``threads``
    (numba's, set for this run when given) and ``choose`` (serial / blocks / timed): which sparse
    kernel, on how many threads; ``scan=False``: naive work on the serial reference naive_range
    instead of the scan kernel."""
    import numba

    from gtables.games.octal import digits, parse_code
    from gtables.games.octal.stepper import OctalStepper

    if threads is not None:
        numba.set_num_threads(threads)
    stepper = OctalStepper(digits(parse_code(code)), algorithm, scan=scan)
    stepper.threads = threads or int(numba.get_num_threads())
    stepper.choose = choose
    table = np.zeros(n + 1, dtype=np.uint8)
    stepper.prepare(table, 0)
    lo, kernel_s, widen_s = 0, 0.0, 0.0
    while True:
        t0 = time.perf_counter()
        st = stepper.run(table, lo, n + 1)
        kernel_s += time.perf_counter() - t0
        if st < 0:
            break
        t0 = time.perf_counter()
        table = widen(table)
        widen_s += time.perf_counter() - t0
        lo = decode(st).pos
    if threads is not None:
        numba.set_num_threads(1)
    return {"seconds": kernel_s, "widen_seconds": widen_s, "table": table, "stats": stepper.stats(),
            "dtype": str(table.dtype), "max_value": int(table.max()), "stepper": stepper}


def warm_up() -> None:
    """Compile/load every kernel signature used below (both algorithms, all three table dtypes,
    with and without '!') so that no timed call pays for compilation."""
    from gtables import api
    from gtables.games.octal import digits
    from gtables.games.octal.stepper import OctalStepper

    for algorithm, scan in (("naive", True), ("naive", False), ("sparse", True)):
        for code in ("0.77", "4!.0"):
            for dt in (np.uint8, np.uint16, np.uint32):
                st = OctalStepper(digits(code), algorithm, scan=scan)
                t = np.zeros(3000, dtype=dt)
                st.prepare(t, 0)
                st.run(t, 0, t.size)
    api.compute_values("octal:code=0.127,size=4000", until_periodic=True, progress=False)


# ------------------------------------------------------------------------ row 4: split scan --

def split_pairs(code: str, heaps: np.ndarray) -> int:
    """The split pairs the naive mex accounts for over ``heaps``: sum over split amounts k of
    r/2 ((r - 1)/2 for "!"), r = h - k."""
    from gtables.games.octal import digits, parse_code
    from gtables.games.octal.kernels import move_arrays

    _, _, split, unequal, _ = move_arrays(digits(parse_code(code)))
    h = heaps.astype(np.int64)
    return int(sum(np.clip(np.where(u, (h - k - 1) // 2, (h - k) // 2), 0, None).sum()
                   for k, u in zip(split.tolist(), unequal.tolist())))


_LIMIT_KERNELS: dict = {}


def limit_kernels():
    """Two yardsticks (numba, parallel over heaps): ``stream`` reads both values of every pair
    forward (``rev[i] = G(M - i)``) and OR-reduces their XOR, which LLVM vectorises; ``lookup``
    adds a byte read from a small array at the XOR, as any set-based scan must.  Compiled once
    per run (not cached: a script's own helpers)."""
    if _LIMIT_KERNELS:
        return _LIMIT_KERNELS["stream"], _LIMIT_KERNELS["lookup"]
    import numba

    @numba.njit(parallel=True)
    def stream(table, rev, heaps, ks, out):
        m = rev.size - 1
        for j in numba.prange(heaps.size):
            acc = np.uint64(0)
            for i in range(ks.size):
                r = heaps[j] - ks[i]
                o = np.uint64(m - r)
                a = np.uint64(1)
                e = np.uint64(max(r // 2, 0) + 1)
                while a < e:
                    acc |= np.uint64(table[a] ^ rev[a + o])
                    a += np.uint64(1)
            out[j] = acc

    @numba.njit(parallel=True)
    def lookup(table, heaps, ks, small, out):
        for j in numba.prange(heaps.size):
            acc = np.uint64(0)
            for i in range(ks.size):
                r = heaps[j] - ks[i]
                ur = np.uint64(r)
                a = np.uint64(1)
                e = np.uint64(max(r // 2, 0) + 1)
                while a < e:
                    acc += small[np.uint64(table[a]) ^ np.uint64(table[ur - a])]
                    a += np.uint64(1)
            out[j] = acc

    _LIMIT_KERNELS.update(stream=stream, lookup=lookup)
    return stream, lookup


def limit_rates(code: str, table: np.ndarray, threads: int) -> dict:
    """Pairs per second of the two yardsticks over every 4th heap of ``table``, best of 3."""
    import numba

    from gtables.games.octal import digits, parse_code
    from gtables.games.octal.kernels import move_arrays

    stream, lookup = limit_kernels()
    ks = move_arrays(digits(parse_code(code)))[2]
    rev = np.ascontiguousarray(table[::-1])
    heaps = np.arange(0, table.size, 4, dtype=np.int64)
    pairs = sum(int(np.clip((heaps - k) // 2, 0, None).sum()) for k in ks.tolist())
    small = np.zeros(1 << 16, dtype=np.uint8)
    out = np.zeros(heaps.size, dtype=np.uint64)
    old = numba.get_num_threads()
    numba.set_num_threads(threads)
    try:
        stream(table, rev, heaps[:8], ks, out[:8])
        lookup(table, heaps[:8], ks, small, out[:8])
        best = {"stream": 1e30, "lookup": 1e30}
        for _ in range(3):
            t0 = time.perf_counter()
            stream(table, rev, heaps, ks, out)
            best["stream"] = min(best["stream"], time.perf_counter() - t0)
            t0 = time.perf_counter()
            lookup(table, heaps, ks, small, out)
            best["lookup"] = min(best["lookup"], time.perf_counter() - t0)
    finally:
        numba.set_num_threads(old)
    return {k: pairs / v for k, v in best.items()}


def scan_row(exe, code: str, n: int) -> dict:
    """Row 4 for one code: the scan kernel on 1 and 2 threads, the serial reference, C naive and
    the limits, heaps 0..n; checksums compared with C."""
    import numba

    pairs = split_pairs(code, np.arange(n + 1))
    row: dict = {"code": code, "N": n, "pairs": pairs}
    nmax = numba.config.NUMBA_NUM_THREADS
    table = None
    for threads in (1, 2):
        if threads > nmax:
            row["scan_2t_note"] = f"numba allows {nmax} thread(s) here"
            continue
        numba.set_num_threads(threads)
        run_numba(code, 3000, "naive")                      # warm-up (this code, this dtype)
        nb_ = run_numba(code, n, "naive")
        c = nb_["stepper"].scan.counters()
        row[f"scan_{threads}t_seconds"] = nb_["seconds"]
        row[f"scan_{threads}t_pairs_per_s"] = pairs / nb_["seconds"]
        row[f"scan_{threads}t_checksum"] = checksum(nb_["table"])
        row[f"scan_{threads}t_counters"] = c
        table = nb_["table"]
    numba.set_num_threads(1)
    ref = run_numba(code, n, "naive", scan=False)
    row.update(reference_seconds=ref["seconds"], reference_pairs_per_s=pairs / ref["seconds"],
               reference_checksum=checksum(ref["table"]), max_value=int(ref["table"].max()))
    for key in ("scan_1t_checksum", "scan_2t_checksum"):
        if key in row and row[key] != row["reference_checksum"]:
            raise Mismatch(f"{code} N={n}: {key} {row[key]} != reference {row['reference_checksum']}")
    if exe is not None:
        cres = run_c(exe, code, n, "naive")
        row.update(c_seconds=cres["seconds"], c_pairs_per_s=pairs / max(cres["seconds"], 1e-9),
                   c_checksum=cres["checksum"], checksum_match=cres["checksum"] == row["reference_checksum"])
        if not row["checksum_match"]:
            raise Mismatch(f"{code} naive N={n}: numba checksum {row['reference_checksum']} != "
                           f"C checksum {cres['checksum']}")
    assert table is not None
    for threads in (1, 2):
        if threads <= nmax:
            for k, v in limit_rates(code, table, threads).items():
                row[f"{k}_limit_{threads}t_pairs_per_s"] = v
    return row


# ------------------------------------------------------------------------------------- driver --

class Mismatch(Exception):
    pass


def compare_row(exe, code, n, algorithm, warm_n=2000) -> dict:
    """One measured row: warm-up at a small N, then numba and C on heaps 0..n, checksums compared."""
    run_numba(code, min(n, warm_n), algorithm)            # warm-up (this code, this algorithm)
    nb = run_numba(code, n, algorithm)
    cs = checksum(nb["table"])
    row = {"code": code, "N": n, "algorithm": algorithm, "numba_seconds": round(nb["seconds"], 4),
           "numba_values_per_s": (n + 1) / nb["seconds"], "widen_seconds": round(nb["widen_seconds"], 4),
           "table_dtype": nb["dtype"], "max_value": nb["max_value"], "checksum": cs,
           "rare_heaps": nb["stats"]["rare_heaps"], "numba_algorithm": nb["stats"]["algorithm"]}
    c_ok = exe is not None and "!" not in code
    if c_ok:
        c = run_c(exe, code, n, algorithm)
        row.update(c_seconds=c["seconds"], c_values_per_s=(n + 1) / max(c["seconds"], 1e-9),
                   numba_over_c=round(nb["seconds"] / max(c["seconds"], 1e-9), 3),
                   c_checksum=c["checksum"], checksum_match=c["checksum"] == cs)
        if c["checksum"] != cs:
            raise Mismatch(f"{code} {algorithm} N={n}: numba checksum {cs} != C checksum {c['checksum']}")
    row["_table"] = nb["table"]
    return row


THREADS_CODES = ("0.6", "4!.0")       # Officers, Grundy's game
THREADS_N = 1 << 23                    # values
# (label, threads, choose): the serial kernel, the block kernel on 1 and 2 threads, and the
# stepper's own timed choice between them on 2 threads (what a user gets)
THREADS_WAYS = (("serial kernel", 1, "serial"), ("blocks, 1 thread", 1, "blocks"),
                ("blocks, 2 threads", 2, "blocks"), ("pipeline, 2 threads", 2, "pipeline"),
                ("auto (timed), 2 threads", 2, "timed"))


def counters(code: str, table: np.ndarray, stats: dict, seconds: float,
             sample: int = 4000) -> dict:
    """What the serial sparse kernel does per heap, counted on the finished table at ``sample``
    heaps spread over the top half (``games/octal/kernels.verification_profile``): R (rare-pair
    lookups), the wanted values, K (verification pairs until all are seen) in order and in the
    kernel's strided order (mean and 90th percentile), and the kernel's time per pair."""
    from gtables.games.octal import digits, parse_code
    from gtables.games.octal import kernels as ok

    n = table.size
    mask, pb = int(stats["mask"]), int(stats["parity_bit"])
    whole, take, split, unequal, _ = ok.move_arrays(digits(parse_code(code)))
    if split.size != 1:
        return {}
    rare = np.zeros(n, dtype=np.int64)
    nr = ok.rare_heaps(table, n, mask, pb, rare)
    size = 2 << int(table.max()).bit_length()
    v = np.arange(size, dtype=np.int64) & mask
    cls = np.zeros(size, dtype=np.int64)
    while v.any():
        cls ^= v & 1
        v >>= 1
    heaps = np.unique(np.linspace(n // 2, n - 1, sample).astype(np.int64))
    out = np.zeros((heaps.size, 4), dtype=np.int64)
    ok.verification_profile(whole, take, split, unequal, table, heaps, rare, nr, cls, pb,
                            ok.SCAN_STRIDE, np.zeros(size, dtype=np.int64),
                            np.zeros(size, dtype=np.int64), out)
    R, need, kin, kst = (out[:, i].astype(float) for i in range(4))
    pairs = R.mean() + kst.mean()
    sides = side_costs(table, rare[:nr], cls, pb, whole, take, split, unequal, size)
    return {**sides, "heaps_sampled": int(heaps.size), "R_mean": round(R.mean(), 1),
            "wanted_mean": round(need.mean(), 2),
            "K_in_order_mean": round(kin.mean(), 1), "K_in_order_p90": float(np.percentile(kin, 90)),
            "K_strided_mean": round(kst.mean(), 1), "K_strided_p90": float(np.percentile(kst, 90)),
            "stride": ok.SCAN_STRIDE,
            # R and K grow with the heap: the top half's mean pairs a heap against the mean
            # time a heap of the whole run is a lower bound of the time per pair
            "ns_per_pair_whole_run": round(1e9 * seconds / n / pairs, 3)}


def side_costs(table, rare, cls, pb, whole, take, split, unequal, size, top=1 << 16,
               reps=3) -> dict:
    """The two halves of the sparse kernel timed apart on the top ``top`` heaps of a finished
    table, one thread, best of ``reps``: the rare pass (``games/octal/pipeline.speculate``: the
    splits with a rare part, the candidate and its wanted values) and the verification scan
    (``pipeline.verify``), per heap and per pair (R and K counted on the same heaps).  The
    speculated values are checked against the table."""
    from gtables.games.octal import kernels as ok
    from gtables.games.octal import pipeline as op

    n = table.size
    lo = n - top
    below = rare[rare < lo]
    rpack = ok.pack_rare(below, table[below])
    bits = int(table.max()).bit_length()
    q0 = int(split[0])
    chunk = op.CHUNK
    starts = list(range(lo, n, chunk))
    wstarts = [np.zeros(chunk + 1, dtype=np.int64) for _ in starts]
    wvals = [np.zeros(chunk * op.WANT_CAP, dtype=np.int64) for _ in starts]
    spec = ver = float("inf")
    for _ in range(reps):
        t = table.copy()
        t[lo:] = 0
        mark = np.zeros(size, dtype=np.int64)
        t0 = time.perf_counter()
        for i, a in enumerate(starts):
            e = op.speculate(whole, take, split, unequal, a, min(n, a + chunk), t,
                             np.iinfo(t.dtype).max, bits, pb, q0, rpack, below.size, mark, cls,
                             wstarts[i], wvals[i])
            if e != min(n, a + chunk):
                return {}        # a rare heap (or a new bit size) up there: not this measure
        spec = min(spec, time.perf_counter() - t0)
        if not np.array_equal(t, table):
            raise Mismatch("the speculated values differ from the finished table")
        want = np.zeros(size, dtype=np.int64)
        t0 = time.perf_counter()
        for i, a in enumerate(starts):
            e = op.verify(table, a, min(n, a + chunk), split, unequal, want, wstarts[i],
                          wvals[i], a)
            if e != min(n, a + chunk):
                raise Mismatch(f"the verification of the finished table failed at heap {e}")
        ver = min(ver, time.perf_counter() - t0)
    heaps = np.arange(lo, n, 16, dtype=np.int64)
    heaps = heaps[~np.isin(heaps, rare)]
    out = np.zeros((heaps.size, 4), dtype=np.int64)
    ok.verification_profile(whole, take, split, unequal, table, heaps, below, below.size, cls, pb,
                            ok.SCAN_STRIDE, np.zeros(size, dtype=np.int64),
                            np.zeros(size, dtype=np.int64), out)
    R, K = out[:, 0].mean(), out[:, 3].mean()
    return {"top_heaps": top, "rare_pass_ns_per_heap": round(1e9 * spec / top, 1),
            "verify_ns_per_heap": round(1e9 * ver / top, 1),
            "ns_per_rare_pair": round(1e9 * spec / top / R, 3),
            "ns_per_verification_pair": round(1e9 * ver / top / K, 3)}


def threads_row(exe, code: str, n: int) -> dict:
    """Heaps 0..n of one game five ways (THREADS_WAYS) and in C (no '!' in C): values/s, ratios
    against the serial kernel and C, checksums compared."""
    row: dict = {"code": code, "N": n, "rates": {}, "seconds": {}}
    sums = set()
    for label, threads, choose in THREADS_WAYS:
        log(f"[threads] {code}, heaps 0..{n}: {label} ...")
        r = run_numba(code, n, "sparse", threads=threads, choose=choose)
        row["rates"][label] = (n + 1) / r["seconds"]
        row["seconds"][label] = round(r["seconds"], 3)
        row.setdefault("rare_heaps", r["stats"]["rare_heaps"])
        if choose == "serial":
            row["counters"] = counters(code, r["table"], r["stats"], r["seconds"])
        sums.add(checksum(r["table"]))
        del r
    if len(sums) != 1:
        raise Mismatch(f"{code}: the ways gave different tables (checksums {sums})")
    row["checksum"] = sums.pop()
    if exe is not None and "!" not in code:
        c = run_c(exe, code, n, "sparse")
        if c["checksum"] != row["checksum"]:
            raise Mismatch(f"{code}: C checksum {c['checksum']} != numba {row['checksum']}")
        row["c_seconds"] = c["seconds"]
        row["c_values_per_s"] = (n + 1) / max(c["seconds"], 1e-9)
    return row


def fmt_s(x) -> str:
    return "-" if x is None else (f"{x:.3f}" if x < 100 else f"{x:.1f}")


def fmt_rate(x) -> str:
    return "-" if x is None else f"{x / 1e6:.2f} M"


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

    import numba

    from gtables import api

    numba.set_num_threads(1)   # the octal kernels are serial anyway; make it explicit
    command = shlex.join([os.path.relpath(sys.executable) if sys.executable else "python"] + sys.argv)
    started = datetime.datetime.now().astimezone()
    load0 = os.getloadavg()
    exe, c_note = build_c()
    log(c_note)
    log("warming up the numba kernels (compile/load; not timed) ...")
    t0 = time.perf_counter()
    warm_up()
    log(f"  warm-up took {time.perf_counter() - t0:.1f} s")

    out_lines: list[str] = []
    result = {"command": command, "started": started.isoformat(timespec="seconds"),
              "c_baseline": c_note, "c_available": exe is not None, "threads": 1,
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
