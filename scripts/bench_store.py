"""What the store's guarantees cost, against plain h5py in the same run: write, verified load, one
lookup and ``list`` of many small tables (5,000 by default).

    python scripts/bench_store.py                 # 5,000 tables; prints the figures
    python scripts/bench_store.py --quick         # 500 tables, a smoke run
    python scripts/bench_store.py --write         # also writes results/bench_store.md
    python scripts/bench_store.py --provenance --write   # only the provenance section (below)

Provenance (issue 31): an Officers table (``octal:code=0.6``) of 2^20 and of 2^24 values is
computed, exported, imported into a new store (every value re-derived: the family's kernel
recomputes the table when re-deriving position by position would pass the time guard, and the
two are compared), checked with ``check --deep`` (the same full re-derivation), and used as the
prefix of a longer run twice: sealed by the store (the MAC alone is checked), and copied into
another store by hand (unsealed: re-derived in full first).

gtables: each table published as its own immutable file (built in memory, written to a
temporary file, fsynced, read back and compared, linked into place, directory fsynced); a load
checks the attributes' checksum, every chunk's SHA-256 and the table's; ``list`` reads every
file's attributes (cold: no ``.cache/list.json``) or only stats the files (warm: the cache).
Plain h5py, the same values with the same filters (gzip 4, shuffle, fletcher32, one chunk): (a)
one file per table, (b) one file holding every table as a dataset; a load reads the dataset
(HDF5 checks fletcher32), ``list`` opens each dataset's attributes; no fsync, no read-back.

Tables: ``nim:heaps=1,size=n`` for n = 1000, 1001, ... (G(n) = n, uint16), so 1,001 to 6,000
values (2 to 12 KB) each at the default count.  Times are wall seconds of one pass over the
tables, cut into rounds in which the methods take turns (so that the load of a shared machine
hits them alike); lookups: the median of ``--lookups`` random (table, position) pairs, each a
fresh open of the store or file, as a ``gtables query`` does; list: the best of two.
"""
from __future__ import annotations

import argparse
import datetime
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import h5py
import numpy as np

import gtables
from gtables.store import Store, relname

ROOT = Path(__file__).resolve().parents[1]
FIRST = 1000


def spec_of(k: int) -> str:
    return f"nim:heaps=1,size={FIRST + k}"


def values_of(k: int) -> np.ndarray:
    return np.arange(FIRST + k + 1, dtype=np.uint16)


def _h5_put(group, name: str, values: np.ndarray, spec: str) -> None:
    ds = group.create_dataset(name, data=values, chunks=(values.size,), compression="gzip",
                              compression_opts=4, shuffle=True, fletcher32=True)
    ds.attrs["spec"] = spec
    ds.attrs["shape"] = f"[{values.size}]"


def _h5_name(k: int) -> str:
    return relname(spec_of(k)).replace("/", "_")


def timed(f) -> float:
    t = time.perf_counter()
    f()
    return time.perf_counter() - t


def run(n: int, lookups: int, where: str) -> dict:
    d = tempfile.mkdtemp(prefix="gtables-bench-store-", dir=where)
    try:
        return _run(n, lookups, d)
    finally:
        shutil.rmtree(d, ignore_errors=True)


ROUNDS = 10      # the work of each operation is cut into rounds, the methods taking turns


def _run(n: int, lookups: int, d: str) -> dict:
    """Each operation is measured in :data:`ROUNDS` rounds (a tenth of the tables each; lookups
    one pair at a time; listings whole, twice), every method taking its turn in each round, so
    that a change of load on a shared machine hits all methods alike."""
    path, perfile, synced, onefile = (os.path.join(d, x) for x in ("store", "h5", "h5sync",
                                                                   "one.h5"))
    os.mkdir(perfile)
    os.mkdir(synced)
    store = Store(path)
    slices = [range(n * r // ROUNDS, n * (r + 1) // ROUNDS) for r in range(ROUNDS)]
    t: dict[str, dict[str, float]] = {}

    def rounds(name: str, methods: dict) -> None:
        t[name] = dict.fromkeys(methods, 0.0)
        for ks in slices:
            for key, f in methods.items():
                t[name][key] += timed(lambda f=f, ks=ks: f(ks))

    # -- write -----------------------------------------------------------------------------
    def g_write(ks):
        for k in ks:
            store.write(spec_of(k), values_of(k), {"shape": [FIRST + k + 1]})

    def p_write(ks, where=perfile, sync=False):
        for k in ks:
            p = os.path.join(where, _h5_name(k))
            with h5py.File(p, "w") as f:
                _h5_put(f, "values", values_of(k), spec_of(k))
            if sync:
                fd = os.open(p, os.O_RDONLY)
                os.fsync(fd)
                os.close(fd)

    def o_write(ks):
        with h5py.File(onefile, "a") as f:
            g = f.require_group("tables")
            for k in ks:
                _h5_put(g, _h5_name(k), values_of(k), spec_of(k))

    rounds("write", {"gtables": g_write, "perfile": p_write, "onefile": o_write,
                     "synced": lambda ks: p_write(ks, synced, True)})
    t["write, plain files fsynced"] = {"perfile": t["write"].pop("synced")}
    shutil.rmtree(synced)

    # -- verified load of every table ----------------------------------------------------------
    def g_load(ks):
        for k in ks:
            s = store.get(spec_of(k))
            s.load()
            s.close()

    def p_load(ks):
        for k in ks:
            with h5py.File(os.path.join(perfile, _h5_name(k)), "r") as f:
                f["values"][:]

    def o_load(ks):
        with h5py.File(onefile, "r") as f:
            g = f["tables"]
            for k in ks:
                g[_h5_name(k)][:]

    rounds("load every table", {"gtables": g_load, "perfile": p_load, "onefile": o_load})

    # -- one lookup: a fresh open of the store (or file) and one value ---------------------------
    rng = random.Random(1)
    pairs = [(k, rng.randrange(FIRST + k + 1)) for k in (rng.randrange(n) for _ in range(lookups))]

    def g_lookup(k, i):
        s = Store(path).get(spec_of(k))
        assert int(s.read(np.array([i]))[0]) == i
        s.close()

    def a_lookup(k, i):
        assert gtables.load(spec_of(k), store=path).value(i) == i

    def p_lookup(k, i):
        with h5py.File(os.path.join(perfile, _h5_name(k)), "r") as f:
            assert int(f["values"][i]) == i

    def o_lookup(k, i):
        with h5py.File(onefile, "r") as f:
            assert int(f["tables"][_h5_name(k)][i]) == i

    lookup = {"gtables": g_lookup, "api": a_lookup, "perfile": p_lookup, "onefile": o_lookup}
    seen: dict[str, list[float]] = {key: [] for key in lookup}
    for k, i in pairs:
        for key, f in lookup.items():
            seen[key].append(timed(lambda f=f, k=k, i=i: f(k, i)))
    t["one lookup"] = {key: statistics.median(v) for key, v in seen.items()}
    api_lookup = t["one lookup"].pop("api")

    # -- list ----------------------------------------------------------------------------------
    cache = os.path.join(store.root, ".cache", "list.json")

    def g_list(cold):
        if cold and os.path.exists(cache):
            os.remove(cache)
        rows = Store(path).list()
        assert len(rows) == n and not any(r["damaged"] for r in rows)

    def p_list():
        rows = []
        for name in sorted(os.listdir(perfile)):
            with h5py.File(os.path.join(perfile, name), "r") as f:
                ds = f["values"]
                rows.append((ds.attrs["spec"], ds.shape[0], dict(ds.attrs)))
        assert len(rows) == n

    def o_list():
        rows = []
        with h5py.File(onefile, "r") as f:
            for ds in f["tables"].values():
                rows.append((ds.attrs["spec"], ds.shape[0], dict(ds.attrs)))
        assert len(rows) == n

    cold, warm, plain, one = [], [], [], []
    for _ in range(2):                   # best of two, the methods taking turns
        cold.append(timed(lambda: g_list(True)))
        warm.append(timed(lambda: g_list(False)))      # the cold listing wrote the cache
        plain.append(timed(p_list))
        one.append(timed(o_list))
    t["list, cold cache"] = {"gtables": min(cold), "perfile": min(plain), "onefile": min(one)}
    t["list, warm cache"] = {"gtables": min(warm)}

    sizes = {"gtables": sum(os.path.getsize(os.path.join(r, f)) for r, _, fs in os.walk(path)
                            for f in fs),
             "perfile": sum(os.path.getsize(os.path.join(perfile, f))
                            for f in os.listdir(perfile)),
             "onefile": os.path.getsize(onefile)}
    return {"times": t, "api_lookup": api_lookup, "sizes": sizes}


def seconds_since(t: datetime.datetime) -> float:
    return (datetime.datetime.now(datetime.timezone.utc) - t).total_seconds()


def _machine(where: str) -> str:
    cpu = platform.processor() or "unknown CPU"
    if os.path.exists("/proc/cpuinfo"):
        cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo")
                    if line.startswith("model name")), cpu)
    fs = "?"
    if os.path.exists("/proc/mounts"):
        real = os.path.realpath(where)
        best = ""
        for line in open("/proc/mounts"):
            parts = line.split()
            if len(parts) > 2 and real.startswith(parts[1]) and len(parts[1]) > len(best):
                best, fs = parts[1], parts[2]
    return (f"{cpu}, {os.cpu_count()} cores; tables written under {where} ({fs}); Python "
            f"{platform.python_version()}, h5py {h5py.__version__} (HDF5 "
            f"{h5py.version.hdf5_version}), numpy {np.__version__}, gtables {gtables.__version__}")


def _commit() -> str:
    r = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                       text=True)
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT,
                           capture_output=True, text=True).stdout.strip()
    return (r.stdout.strip() or "?") + (" with uncommitted changes" if dirty else "")


def report(r: dict, n: int, lookups: int, command: str, where: str, load: tuple,
           started: datetime.datetime) -> str:
    t, ms = r["times"], 1e3
    out = ["# Store cost against plain h5py (`scripts/bench_store.py`)", "",
           f"- date: {started:%Y-%m-%d %H:%M} UTC (start), {seconds_since(started):.0f} s in "
           f"all; commit {_commit()}",
           f"- command: `{command}`",
           f"- machine: {_machine(where)}; load average {load[0]:.2f} at start, {load[1]:.2f} "
           f"at end (other jobs may share the machine)",
           f"- {n:,} tables `nim:heaps=1,size={FIRST}` .. `size={FIRST + n - 1}` (uint16, "
           f"{FIRST + 1:,} to {FIRST + n:,} values each); write and load: one pass, in "
           f"{ROUNDS} rounds with the methods taking turns; lookups: the median of {lookups} "
           f"random (table, position) pairs, the methods taking turns on each; list: the best "
           f"of two turns", "",
           "| operation | gtables | h5py, one file per table | h5py, one file | gtables / "
           "per file | gtables / one file |", "|---|---:|---:|---:|---:|---:|"]

    def cell(x, unit):
        return "-" if x is None else (f"{x * ms:.2f} ms" if unit == "ms" else f"{x:.2f} s")

    def ratio(a, b):
        return "-" if a is None or b is None else f"{a / b:.1f}"

    for name, unit in (("write", "s"), ("write, plain files fsynced", "s"),
                       ("load every table", "s"), ("one lookup", "ms"),
                       ("list, cold cache", "s"), ("list, warm cache", "s")):
        g, p, o = (t[name].get(k) for k in ("gtables", "perfile", "onefile"))
        label = f"{name} ({n:,} tables)" if unit == "s" else name
        out.append(f"| {label} | {cell(g, unit)} | {cell(p, unit)} | {cell(o, unit)} | "
                   f"{ratio(g, p)} | {ratio(g, o)} |")
    per = {k: t["write"][k] / n * ms for k in ("gtables", "perfile", "onefile")}
    sz = r["sizes"]
    out += ["",
            f"Per table: write {per['gtables']:.2f} ms (gtables), {per['perfile']:.2f} ms (one "
            f"file each), {per['onefile']:.2f} ms (one file); plain files with an fsync each: "
            f"{t['write, plain files fsynced']['perfile'] / n * ms:.2f} ms.  Verified load "
            f"{t['load every table']['gtables'] / n * ms:.2f} ms against "
            f"{t['load every table']['perfile'] / n * ms:.2f} ms.  A lookup through the Python "
            f"API (`gtables.load(spec, store).value(i)`: the fast path, no numba) "
            f"{r['api_lookup'] * ms:.2f} ms.",
            f"Bytes on disk: gtables {sz['gtables'] / 2**20:.1f} MiB (with the digests, the "
            f"marker and the list cache), one file per table {sz['perfile'] / 2**20:.1f} MiB, "
            f"one file {sz['onefile'] / 2**20:.1f} MiB.",
            "",
            "What the ratios buy: a gtables write is two fsyncs (file, directory), a read-back "
            "and an atomic link, so a crash or a second writer never leaves half a table and no "
            "reader needs a lock; plain h5py here does none of that (the fsynced row shows what "
            "durability alone costs).  A gtables load checks the attribute checksum, each "
            "chunk's SHA-256 and the table's, against fletcher32 alone.  `list` with a warm "
            "cache stats each file instead of opening it; a cold listing opens and checks every "
            "file's attributes and writes the cache."]
    return "\n".join(out)


PROVENANCE_SIZES = (1 << 20, 1 << 24)
PROVENANCE_HEAD = "## Provenance: import, check --deep and resume (issue 31)"


def provenance(where: str, sizes=PROVENANCE_SIZES) -> list[dict]:
    """Time import, check --deep and resume of Officers tables of ``sizes`` values."""
    d = tempfile.mkdtemp(prefix="gtables-bench-provenance-", dir=where)
    try:
        return [_provenance_one(d, n) for n in sizes]
    finally:
        shutil.rmtree(d, ignore_errors=True)


def _provenance_one(d: str, n: int) -> dict:
    from gtables import api
    spec = f"octal:code=0.6,size={n - 1}"
    src, dst, other = (Store(os.path.join(d, f"{x}-{n}")) for x in ("src", "dst", "other"))
    t = time.perf_counter()
    gtables.compute(spec, store=src, progress=False)
    t_compute, t = time.perf_counter() - t, time.perf_counter()
    path = os.path.join(d, f"share-{n}.h5")
    api.export_tables([spec], path, store=src)
    said: list = []
    t = time.perf_counter()
    api.import_tables(path, store=dst, echo=said.append)
    t_import, t = time.perf_counter() - t, time.perf_counter()
    deep = api.check_store(dst, deep=True)
    t_deep = time.perf_counter() - t
    longer = api.game(f"octal:code=0.6,size={n + (1 << 16) - 1}")
    t = time.perf_counter()
    sealed = api.find_prefix(dst, longer, n)
    t_sealed = time.perf_counter() - t
    other.check_writable()
    os.makedirs(os.path.join(other.root, "tables", "octal"), exist_ok=True)
    shutil.copy(os.path.join(dst.root, "tables", relname(spec)),
                os.path.join(other.root, "tables", relname(spec)))
    t = time.perf_counter()
    unsealed = api.find_prefix(other, longer, n)
    t_unsealed = time.perf_counter() - t
    assert sealed is not None and sealed.values.size == n, sealed
    assert unsealed is not None and unsealed.values.size == n, unsealed
    for st in (src, dst, other):
        shutil.rmtree(st.root, ignore_errors=True)
    return {"n": n, "spec": spec, "compute": t_compute, "import": t_import,
            "import_said": said[-1], "deep": t_deep,
            "deep_said": [r.get("rederived") for r in deep if r["kind"] == "table"][0],
            "sealed": t_sealed, "unsealed": t_unsealed}


def provenance_report(rows: list[dict], command: str, where: str, load: tuple,
                      started: datetime.datetime) -> str:
    out = [PROVENANCE_HEAD, "",
           f"- date: {started:%Y-%m-%d %H:%M} UTC (start), {seconds_since(started):.0f} s in "
           f"all; commit {_commit()}; command: `{command}`",
           f"- machine: {_machine(where)}; load average {load[0]:.2f} at start, {load[1]:.2f} "
           f"at end (other jobs shared the machine)", "",
           "| table | values | compute | import (full re-derivation) | check --deep | resume "
           "from own table (seal only) | resume from a copy (unsealed: full re-derivation) |",
           "|---|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        out.append(f"| `{r['spec']}` | {r['n']:,} | {r['compute']:.2f} s | {r['import']:.2f} s "
                   f"| {r['deep']:.2f} s ({r['deep_said']}) | {r['sealed']:.3f} s | "
                   f"{r['unsealed']:.2f} s |")
    out += ["",
            "Import reads the export file, re-derives every value (Officers splits heaps, so a "
            "position-by-position re-derivation is quadratic: once that is estimated past 2 s, "
            "the family's sparse kernel computes the table afresh and the stored values are "
            "compared with it), derives the attributes (statistics, the period the Guy-Smith "
            "theorem proves, if any) and publishes the table sealed.  `check --deep` is the "
            "same re-derivation after reading every chunk against its digest.  Resume loads "
            "the prefix: sealed, only its checksums and MAC are checked; copied in by hand, it "
            "is re-derived in full before the run builds on it.",
            f"Last lines said: `{rows[-1]['import_said']}`." if rows else ""]
    return "\n".join(out)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n\n", 1)[1])
    ap.add_argument("--tables", type=int, default=5000, help="how many tables (default 5,000)")
    ap.add_argument("--quick", action="store_true", help="500 tables and 50 lookups")
    ap.add_argument("--lookups", type=int, default=200, help="random lookups (default 200)")
    ap.add_argument("--dir", default=tempfile.gettempdir(),
                    help="where the tables are written (default: the temp folder)")
    ap.add_argument("--write", action="store_true", help="write results/bench_store.md")
    ap.add_argument("--provenance", action="store_true",
                    help="only the provenance section (2^20 and 2^24 values; --quick: 2^16 and "
                         "2^18), written in place of its section of results/bench_store.md")
    a = ap.parse_args(argv)
    if a.provenance:
        command = " ".join(["python", "scripts/bench_store.py", *(argv if argv is not None
                                                                 else sys.argv[1:])])
        start, started = os.getloadavg()[0], datetime.datetime.now(datetime.timezone.utc)
        rows = provenance(a.dir, (1 << 16, 1 << 18) if a.quick else PROVENANCE_SIZES)
        text = provenance_report(rows, command, a.dir, (start, os.getloadavg()[0]), started)
        print(text)
        if a.write:
            out = ROOT / "results" / "bench_store.md"
            old = out.read_text() if out.exists() else ""
            old = old.split(PROVENANCE_HEAD)[0].rstrip()
            out.write_text((old + "\n\n" if old else "") + text + "\n")
            print(f"\nwrote {out.relative_to(ROOT)}")
        return 0
    n, lookups = (500, 50) if a.quick else (a.tables, a.lookups)
    if n < 1 or lookups < 1:
        ap.error("--tables and --lookups must be at least 1")
    command = " ".join(["python", "scripts/bench_store.py", *(argv if argv is not None
                                                             else sys.argv[1:])])
    start, started = os.getloadavg()[0], datetime.datetime.now(datetime.timezone.utc)
    r = run(n, lookups, a.dir)
    text = report(r, n, lookups, command, a.dir, (start, os.getloadavg()[0]), started)
    print(text)
    if a.write:
        out = ROOT / "results" / "bench_store.md"
        out.write_text(text + "\n")
        print(f"\nwrote {out.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
