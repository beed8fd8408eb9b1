"""How each row of ``scripts/bench_octal.py`` is measured: the C yardstick (built and run in
the same run), the numba kernels timed warm, the comparison of their checksums, the counters and
side costs of the sparse kernels, and the machine's limits for the naive split scan.  See
bench_octal.py's docstring for what the rows are."""
from __future__ import annotations

import atexit
import json
import os
import pathlib
import shutil
import subprocess
import tempfile
import time

import numpy as np

from gtables.engine.sequence_stats import checksum  # the C program's sum (i+1)*G(i) mod 2^61
from gtables.engine.status import decode

ROOT = pathlib.Path(__file__).resolve().parents[1]
# (OpenMP threads sleep while they wait: gtables.config sets OMP_WAIT_POLICY=passive)
BASELINE = ROOT.parent / "shared" / "baselines" / "octal_naive.c"


def log(msg: str) -> None:
    print(msg, flush=True)


# ------------------------------------------------------------------------------------- C side --

def build_c(cpu: str = "native") -> tuple[str | None, str]:
    """Compile the C yardstick for ``cpu`` (``-march=``); ``(path or None, a sentence saying
    what happened)``."""
    if not BASELINE.parent.is_dir():
        return None, f"C baseline: the folder {BASELINE.parent} is not here; numba figures only"
    if not BASELINE.exists():
        return None, f"C baseline: {BASELINE} not found; numba figures only"
    if not shutil.which("gcc"):
        return None, "C baseline: gcc not found on PATH; numba figures only"
    tmp = tempfile.mkdtemp(prefix="gtables-bench-octal-")
    atexit.register(shutil.rmtree, tmp, ignore_errors=True)
    exe = os.path.join(tmp, "octal_naive")
    r = subprocess.run(["gcc", "-O3", f"-march={cpu}", "-o", exe, str(BASELINE)],
                       capture_output=True, text=True)
    if r.returncode != 0:
        return None, f"C baseline: gcc failed ({r.stderr.strip()[:200]}); numba figures only"
    return exe, f"C baseline: {BASELINE} compiled with gcc -O3 -march={cpu}"


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
