#!/usr/bin/env python
"""Benchmark (issue 32): the dense table of Cram and Domineering on an R x C board, every bitmask
of free cells, end to end from the shell, against the plain C yardstick
``../shared/baselines/boards_dense.c`` (relative to the repository root; not part of gtables).

    python scripts/bench_boards.py                      # Cram 5x6 and Domineering 5x6, 2 repeats
    python scripts/bench_boards.py --boards 4x6         # a quick run (2^24 positions)

What is timed, for each board and game, alternating C, ours on 1 thread and ours on 2 threads,
``--repeat`` times (min and median reported):

* C: ``boards_dense GAME R C`` compiled with ``gcc -O2`` (``--cflags``) into a temporary folder;
  the wall time of the process (its own kernel seconds are recorded beside it);
* ours: ``python -m gtables.cli compute SPEC --store TMP --force`` with ``NUMBA_NUM_THREADS=1``
  and ``=2``: the wall time of the process, i.e. Python start, numba cache load, the fill, the
  gzip'd HDF5 write and its seal (the table's own ``compute_seconds`` is recorded beside it).

The code measured is a snapshot of ``src/gtables`` at ``git HEAD`` (``--code worktree``: the
working tree as it is) copied into the temporary folder and put first on ``PYTHONPATH``: other
people edit this tree while the benchmark runs, and every edit changes numba's cache key (a
recompile of about a minute would land inside a timed run).  Before timing, warm-up runs on a
small board of the same game (1 and 2 threads) fill numba's on-disk cache; a timed run whose
wall time exceeds its fill time by more than ``--overhead-warn`` seconds (60; writing a gzip'd
1 GiB table alone takes 20-30 s here) is flagged.

Each table's checksum (sum over masks m of (m + 1) * value[m] mod 2^61 - 1, as the C program
computes it; Domineering codes P0 N1 L2 R3 mapped to the C program's bit codes 0 3 1 2) is read
back from the store with ``gtables.load(spec, store=TMP).values`` and compared with C's.  Machine
load (``os.getloadavg``) is recorded before and after every run: this is a shared 2-core machine.
Writes ``results/bench_boards.md`` and ``results/bench_boards.json`` (``--out``).  A 2^30 table
is 1 GiB in memory.
"""
from __future__ import annotations

import argparse
import json
import os
import pathlib
import platform
import shlex
import shutil
import signal
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
BASELINES = ROOT.parent / "shared" / "baselines"
BASELINE = BASELINES / "boards_dense.c"
GAMES = ("cram", "domineering")
MOD = (1 << 61) - 1
#: our Domineering outcome codes (P0 N1 L2 R3) -> the C program's (bit0 Left-to-move wins,
#: bit1 Right-to-move wins: P0 L1 R2 N3)
DOMINEERING_TO_C = (0, 3, 1, 2)
TARGETS = {1: 1.0, 2: 1.8}      # issue 32: C / ours at least this on 1 and on 2 threads


# -- shared with run_boards.py ---------------------------------------------------------------
def _default_sigint() -> None:
    """In the child before exec: Ctrl-C back to its default.  A command started in the background
    by a shell (``nohup ... &``) inherits SIGINT ignored, and Python then installs no
    KeyboardInterrupt handler: the SIGINT that stops a search past its budget would be lost."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def run_measured(cmd: list[str], env: dict | None = None, timeout: float | None = None,
                 grace: float = 90.0, cwd: str | None = None) -> dict:
    """Run ``cmd`` as a child process; its wall time, exit code, stdout and stderr, peak
    resident memory (``ru_maxrss`` of that child alone, by ``os.wait4``) and the load average
    before and after.  Past ``timeout`` seconds the child gets SIGINT (gtables saves its
    checkpoint on Ctrl-C), then SIGKILL after ``grace`` more seconds."""
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        load0 = os.getloadavg()
        t0 = time.perf_counter()
        p = subprocess.Popen(cmd, env=env, stdout=out, stderr=err, cwd=cwd,
                             preexec_fn=_default_sigint)
        timed_out, killed, status, usage = False, False, 0, None
        while True:
            pid, status, usage = os.wait4(p.pid, os.WNOHANG)
            if pid == p.pid:
                break
            el = time.perf_counter() - t0
            if timeout is not None and el > timeout and not timed_out:
                timed_out = True
                p.send_signal(signal.SIGINT)
            if timed_out and not killed and el > timeout + grace:
                killed = True
                p.kill()
            time.sleep(0.05)
        wall = time.perf_counter() - t0
        p.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return {"wall_seconds": wall, "returncode": p.returncode, "stdout": out.read(),
                "stderr": err.read(), "peak_rss_bytes": int(usage.ru_maxrss) * 1024,
                "load_before": [round(x, 2) for x in load0],
                "load_after": [round(x, 2) for x in os.getloadavg()],
                "timed_out": timed_out, "killed": killed}


def snapshot_source(dest: pathlib.Path, code: str) -> dict:
    """Copy ``src/gtables`` (of ``git HEAD``, or the working tree) into ``dest/src``; the
    commit, and whether the working tree's ``src`` differs from it."""
    commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True,
                            text=True, check=True).stdout.strip()
    dirty = subprocess.run(["git", "status", "--porcelain", "--", "src"], cwd=ROOT,
                           capture_output=True, text=True, check=True).stdout.split("\n")
    dirty = [ln[3:] for ln in dirty if ln.strip()]
    if code == "head":
        arc = dest / "src.tar"
        subprocess.run(["git", "archive", "--format=tar", "-o", str(arc), "HEAD", "src/gtables"],
                       cwd=ROOT, check=True)
        with tarfile.open(arc) as tf:
            tf.extractall(dest, filter="data")
        arc.unlink()
    else:
        shutil.copytree(ROOT / "src" / "gtables", dest / "src" / "gtables",
                        ignore=shutil.ignore_patterns("__pycache__"))
    return {"code": code, "commit": commit,
            "worktree_src_changes_not_measured" if code == "head" else "worktree_src_changes":
            dirty}


def child_env(src: pathlib.Path, threads: int | None) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(src) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH")
                                    else "")
    if threads is None:
        env.pop("NUMBA_NUM_THREADS", None)
    else:
        env["NUMBA_NUM_THREADS"] = str(threads)
    return env


def machine() -> dict:
    cpu = "?"
    try:
        for ln in open("/proc/cpuinfo"):
            if ln.startswith("model name"):
                cpu = ln.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {"cpus": os.cpu_count(), "cpu": cpu, "python": platform.python_version(),
            "platform": platform.platform()}


def uptime() -> str:
    try:
        return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    except OSError:
        return "load " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def parse_board(text: str) -> tuple[int, int]:
    try:
        r, c = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"a board is RxC, e.g. 5x6, not {text!r}") from None
    if r < 1 or c < 1 or r * c > 30:
        raise argparse.ArgumentTypeError(f"{text}: rows and cols at least 1, rows*cols <= 30")
    return r, c


# -- the checksum ----------------------------------------------------------------------------
def checksum(values, game: str) -> int:
    """Sum over masks m of (m + 1) * code[m] mod 2^61 - 1, the C yardstick's checksum."""
    import numpy as np
    lut = np.array(DOMINEERING_TO_C, dtype=np.uint64)
    total, chunk = 0, 1 << 22
    for lo in range(0, values.size, chunk):
        v = np.asarray(values[lo:lo + chunk])
        v = lut[v] if game == "domineering" else v.astype(np.uint64)
        m = np.arange(lo + 1, lo + 1 + v.size, dtype=np.uint64)
        total += int((m * v).sum())      # Grundy values < 2^8 here: < 2^61 a chunk
    return total % MOD


def stored_checksum(src: pathlib.Path, spec: str, store: str, game: str) -> tuple[int, dict]:
    """The checksum of the table in ``store`` and its attributes, read in a child process with
    the measured code (this process keeps no 1 GiB array)."""
    code = ("import json, sys; sys.path.insert(0, sys.argv[1]); import bench_boards as b, "
            "gtables; t = gtables.load(sys.argv[2], store=sys.argv[3]); "
            "v = t.values; a = {k: t.attrs.get(k) for k in ('compute_seconds', 'dtype')}; "
            "print(json.dumps({'checksum': b.checksum(v, sys.argv[4]), 'start': int(v[-1]), "
            "'attrs': a, 'size': int(v.size)}))")
    r = run_measured([sys.executable, "-c", code, str(ROOT / "scripts"), spec, store, game],
                     env=child_env(src, 1))
    if r["returncode"] != 0:
        raise SystemExit(f"reading {spec} back failed:\n{r['stderr'][-2000:]}")
    d = json.loads(r["stdout"].strip().splitlines()[-1])
    return d["checksum"], d


def compile_c(tmp: pathlib.Path, cflags: list[str]) -> pathlib.Path | None:
    if not BASELINE.exists():
        return None
    exe = tmp / "boards_dense"
    subprocess.run(["gcc", *cflags, "-o", str(exe), str(BASELINE)], check=True)
    return exe


# -- the benchmark ---------------------------------------------------------------------------
def bench_one(game: str, rows: int, cols: int, a, exe, src, tmp, log) -> dict:
    spec = f"{game}:rows={rows},cols={cols}"
    store = str(tmp / "store")
    ours_cmd = [sys.executable, "-m", "gtables.cli", "compute", spec, "--store", store, "--force"]
    runs: dict[str, list] = {"c": [], "ours_1": [], "ours_2": []}
    c_result, sums = None, {}
    for rep in range(a.repeat):
        if exe is not None:
            r = run_measured([str(exe), game, str(rows), str(cols)])
            if r["returncode"] != 0:
                raise SystemExit(f"C yardstick failed: {r['stderr'][-500:]}")
            c_result = json.loads(r["stdout"].strip().splitlines()[-1])
            runs["c"].append({"wall_seconds": round(r["wall_seconds"], 3),
                              "kernel_seconds": c_result["seconds"],
                              "peak_rss_bytes": r["peak_rss_bytes"],
                              "load_before": r["load_before"], "load_after": r["load_after"]})
            log(f"  {spec} rep {rep + 1}: C {r['wall_seconds']:.2f} s (kernel "
                f"{c_result['seconds']:.2f} s), load {r['load_before'][0]:.2f} -> "
                f"{r['load_after'][0]:.2f}")
        for threads in (1, a.threads):
            r = run_measured(ours_cmd, env=child_env(src, threads))
            if r["returncode"] != 0:
                raise SystemExit(f"{shlex.join(ours_cmd)} failed:\n{r['stderr'][-2000:]}")
            row = {"wall_seconds": round(r["wall_seconds"], 3),
                   "peak_rss_bytes": r["peak_rss_bytes"],
                   "load_before": r["load_before"], "load_after": r["load_after"]}
            cs, d = stored_checksum(src, spec, store, game)
            row["compute_seconds"] = d["attrs"]["compute_seconds"]
            row["checksum"] = cs
            over = r["wall_seconds"] - float(d["attrs"]["compute_seconds"] or 0)
            row["overhead_seconds"] = round(over, 3)
            row["overhead_flagged"] = over > a.overhead_warn
            sums.setdefault(threads, set()).add(cs)
            runs[f"ours_{'1' if threads == 1 else '2'}"].append(row)
            log(f"  {spec} rep {rep + 1}: ours {threads} thread{'s' * (threads > 1)} "
                f"{r['wall_seconds']:.2f} s (fill {row['compute_seconds']:.2f} s, overhead "
                f"{over:.2f} s{' FLAGGED' if row['overhead_flagged'] else ''}), load "
                f"{r['load_before'][0]:.2f} -> {r['load_after'][0]:.2f}, checksum {cs}")
    out = {"spec": spec, "game": game, "rows": rows, "cols": cols, "positions": 1 << rows * cols,
           "command_ours": "NUMBA_NUM_THREADS=1|2 PYTHONPATH=TMP/src python " +
           shlex.join(ours_cmd[1:]).replace(store, "TMP/store"),
           "command_c": f"boards_dense {game} {rows} {cols}", "runs": runs}
    for key in runs:
        w = [x["wall_seconds"] for x in runs[key]]
        out[f"{key}_min"] = min(w) if w else None
        out[f"{key}_median"] = statistics.median(w) if w else None
    ours_codes = {t: sorted(s) for t, s in sums.items()}
    out["checksums_ours"] = {str(t): v for t, v in ours_codes.items()}
    if c_result is not None:
        out["checksum_c"] = c_result["checksum"]
        out["start_c"] = c_result.get("value", c_result.get("outcome"))
        for t in sums:
            k = "1" if t == 1 else "2"
            out[f"checksum_equal_{k}"] = sums[t] == {c_result["checksum"]}
            for stat in ("min", "median"):
                out[f"ratio_{k}_{stat}"] = round(out[f"c_{stat}"] / out[f"ours_{k}_{stat}"], 3)
            out[f"target_{k}"] = TARGETS[1 if k == "1" else 2]
            out[f"target_met_{k}"] = out[f"ratio_{k}_min"] >= out[f"target_{k}"]
            ck = [x["kernel_seconds"] for x in runs["c"]]
            fk = [x["compute_seconds"] for x in runs[f"ours_{k}"]]
            out[f"kernel_ratio_{k}_min"] = round(min(ck) / min(fk), 3)
    return out


def summary(res: dict) -> dict:
    """The figures of a run that a later run keeps in its record."""
    keys = ("spec", "c_min", "ours_1_min", "ours_2_min", "ratio_1_min", "ratio_2_min",
            "ratio_1_median", "ratio_2_median", "checksum_equal_1", "checksum_equal_2")
    return {"command": res.get("command"), "started": res.get("started"),
            "commit": res.get("code", {}).get("commit"), "uptime_before": res.get("uptime_before"),
            "uptime_after": res.get("uptime_after"),
            "loads": [[x["load_before"][0], x["load_after"][0]] for r in res.get("rows", [])
                      for k in ("c", "ours_1", "ours_2") for x in r["runs"][k]],
            "rows": [{k: r.get(k) for k in keys} for r in res.get("rows", [])]}


def render(res: dict) -> str:
    L = ["# Cram and Domineering dense tables: gtables against the C yardstick (issue 32)", ""]
    L.append(f"Command: `{res['command']}`  ")
    L.append(f"When: {res['started']} to {res['finished']} ({res['total_seconds']:.0f} s); "
             f"machine: {res['machine']['cpus']} CPUs ({res['machine']['cpu']}), Python "
             f"{res['machine']['python']}, numba {res.get('numba', '?')}.  ")
    L.append(f"Code measured: `src/gtables` of {res['code']['code']} (commit "
             f"`{res['code']['commit'][:12]}`), a copy on PYTHONPATH.  ")
    L.append(f"C: {res['c'] or 'ABSENT: ' + res.get('c_absent', '')}.  ")
    L.append(f"Build: {res.get('cpu', 'native')} (numba's `NUMBA_CPU_NAME` and gcc's `-march`; "
             f"native: this machine's CPU).  ")
    L.append(f"Load: `{res['uptime_before']}` before, `{res['uptime_after']}` after.  ")
    L.append(f"Warm-up (not timed): {res['warmup']}.")
    L.append("")
    L.append("Each figure is the wall time of a whole process started from the shell (ours: "
             "`NUMBA_NUM_THREADS=N python -m gtables.cli compute SPEC --store TMP --force`, i.e. "
             "Python start, numba cache load, the fill, the gzip'd HDF5 write and seal; C: "
             "`boards_dense GAME R C`, fill and checksum).  Runs alternate C, ours 1 thread, ours "
             f"2 threads, {res['repeat']} times; min / median.  Ratio = C time / our time "
             "(higher is better for us); targets: >= 1.0 on 1 thread, >= 1.8 on 2 threads.")
    L.append("")
    L.append("| board | positions | C s | ours 1T s | ours 2T s | C/ours 1T | C/ours 2T | "
             "targets met (1T, 2T) | checksums equal (1T, 2T) | start |")
    L.append("|---|---|---|---|---|---|---|---|---|---|")

    def mm(r, k):
        if r.get(f"{k}_min") is None:
            return "-"
        return f"{r[f'{k}_min']:.2f} / {r[f'{k}_median']:.2f}"

    def yn(x):
        return "-" if x is None else ("yes" if x else "no")
    for r in res["rows"]:
        rat = [f"{r[f'ratio_{k}_min']:.2f} / {r[f'ratio_{k}_median']:.2f}"
               if f"ratio_{k}_min" in r else "-" for k in ("1", "2")]
        L.append(f"| {r['spec']} | {r['positions']:,} | {mm(r, 'c')} | {mm(r, 'ours_1')} | "
                 f"{mm(r, 'ours_2')} | {rat[0]} | {rat[1]} | {yn(r.get('target_met_1'))}, "
                 f"{yn(r.get('target_met_2'))} | {yn(r.get('checksum_equal_1'))}, "
                 f"{yn(r.get('checksum_equal_2'))} | {r.get('start_c', '-')} |")
    L.append("")
    L.append("Kernel only (C's own seconds / our table's `compute_seconds`, min of the runs): " +
             "; ".join(f"{r['spec']} 1T {r.get('kernel_ratio_1_min', '-')}, 2T "
                       f"{r.get('kernel_ratio_2_min', '-')}" for r in res["rows"]) + ".")
    L.append("")
    L.append("## Every run")
    L.append("")
    L.append("| board | rep | who | wall s | fill s | overhead s | peak RSS MiB | load 1-min "
             "before -> after |")
    L.append("|---|---|---|---|---|---|---|---|")
    for r in res["rows"]:
        for key, who in (("c", "C"), ("ours_1", "ours 1T"), ("ours_2", "ours 2T")):
            for i, x in enumerate(r["runs"][key]):
                fill = x.get("kernel_seconds", x.get("compute_seconds"))
                flag = " (flagged)" if x.get("overhead_flagged") else ""
                ov = f"{x['overhead_seconds']:.2f}{flag}" if "overhead_seconds" in x else "-"
                L.append(f"| {r['spec']} | {i + 1} | {who} | {x['wall_seconds']:.2f} | "
                         f"{fill:.2f} | {ov} | {x['peak_rss_bytes'] / 2**20:,.0f} | "
                         f"{x['load_before'][0]:.2f} -> {x['load_after'][0]:.2f} |")
    L.append("")
    if res.get("earlier"):
        L.append("## Earlier runs (the same script; their full record was in this file before)")
        L.append("")
        L.append("| started | commit | board | C s | ours 1T s | ours 2T s | C/ours 1T | "
                 "C/ours 2T | checksums equal | 1-min load range |")
        L.append("|---|---|---|---|---|---|---|---|---|---|")
        for e in res["earlier"]:
            loads = [x for pair in e["loads"] for x in pair] or [0.0]
            for r in e["rows"]:
                L.append(f"| {e['started']} | `{(e['commit'] or '?')[:12]}` | {r['spec']} | "
                         f"{r['c_min']} | {r['ours_1_min']} | {r['ours_2_min']} | "
                         f"{r.get('ratio_1_min')} | {r.get('ratio_2_min')} | "
                         f"{r.get('checksum_equal_1')}, {r.get('checksum_equal_2')} | "
                         f"{min(loads):.2f} - {max(loads):.2f} |")
        L.append("")
    L.append("Overhead = our wall time minus the fill's `compute_seconds`: Python and numba start, "
             "the table's gzip'd HDF5 write and seal.  A load above 2 on this 2-core machine means "
             "other work shared the cores during the run: the ratios are then lower bounds of "
             "what a quiet machine gives.")
    return "\n".join(L) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--boards", nargs="+", type=parse_board, default=[(5, 6)], metavar="RxC",
                    help="boards to time (default 5x6; 4x6 for a quick run)")
    ap.add_argument("--games", nargs="+", choices=GAMES, default=list(GAMES))
    ap.add_argument("--repeat", type=int, default=2, help="alternated repeats (default 2)")
    ap.add_argument("--threads", type=int, default=2, help="the many-thread count (default 2)")
    ap.add_argument("--cflags", default="-O2", help="gcc flags for the yardstick (default -O2)")
    ap.add_argument("--code", choices=("head", "worktree"), default="head",
                    help="measure src/gtables of git HEAD (default) or the working tree as is")
    ap.add_argument("--overhead-warn", type=float, default=60.0,
                    help="flag a run whose wall time exceeds its fill by more than this (s)")
    ap.add_argument("--out", default=str(ROOT / "results"), help="folder of the result files")
    ap.add_argument("--cpu", default="native",
                    help="build both sides for this CPU instead of this machine's, e.g. "
                         "x86-64-v3 or znver3 (AVX2, no AVX-512): numba's NUMBA_CPU_NAME with "
                         "the CPU's own features, gcc -march=CPU; results go to "
                         "bench_boards_CPU.md/.json")
    a = ap.parse_args(argv)
    if a.repeat < 1 or a.threads < 2:
        ap.error("--repeat at least 1, --threads at least 2")
    name = "bench_boards" if a.cpu == "native" else f"bench_boards_{a.cpu}"
    if a.cpu != "native":       # every child process inherits the build
        os.environ["NUMBA_CPU_NAME"], os.environ["NUMBA_CPU_FEATURES"] = a.cpu, ""
        a.cflags = f"{a.cflags} -march={a.cpu}"
    started = time.strftime("%Y-%m-%d %H:%M:%S")
    t_start = time.perf_counter()
    lines: list[str] = []

    def log(s: str) -> None:
        print(s, flush=True)
        lines.append(s)
    res: dict = {"command": "python scripts/bench_boards.py " + shlex.join(sys.argv[1:] if argv
                                                                            is None else argv),
                 "started": started, "machine": machine(), "repeat": a.repeat, "cpu": a.cpu,
                 "threads": [1, a.threads], "uptime_before": uptime()}
    log(f"load before: {res['uptime_before']}")
    with tempfile.TemporaryDirectory(prefix="bench-boards-") as td:
        tmp = pathlib.Path(td)
        res["code"] = snapshot_source(tmp, a.code)
        src = tmp / "src"
        log(f"measuring src/gtables of {a.code} (commit {res['code']['commit'][:12]}) from a copy")
        exe = compile_c(tmp, a.cflags.split())
        if exe is None:
            msg = (f"the C yardstick {BASELINE} is missing (no ../shared/baselines beside the "
                   f"repository): only our figures are printed, no ratios, no checksum check")
            log(msg)
            res["c"], res["c_absent"] = None, msg
        else:
            gcc = subprocess.run(["gcc", "--version"], capture_output=True,
                                 text=True).stdout.splitlines()[0]
            res["c"] = f"`gcc {a.cflags} boards_dense.c` ({gcc})"
        nb = subprocess.run([sys.executable, "-c", "import numba; print(numba.__version__)"],
                            capture_output=True, text=True, env=child_env(src, 1))
        res["numba"] = nb.stdout.strip()
        warm = []
        for game in a.games:
            spec = f"{game}:rows=3,cols=5"
            for threads in (1, a.threads):
                r = run_measured([sys.executable, "-m", "gtables.cli", "compute", spec,
                                  "--store", str(tmp / "warm"), "--force", "-q"],
                                 env=child_env(src, threads))
                if r["returncode"] != 0:
                    raise SystemExit(f"warm-up {spec} failed:\n{r['stderr'][-2000:]}")
                warm.append(f"{spec} on {threads} thread(s) {r['wall_seconds']:.1f} s")
                log(f"warm-up {spec} on {threads} thread(s): {r['wall_seconds']:.1f} s")
        res["warmup"] = ("one run each of " + ", ".join(warm) +
                         ", so numba's on-disk cache holds every kernel the timed runs use")
        rows = []
        for rr, cc in a.boards:
            for game in a.games:
                rows.append(bench_one(game, rr, cc, a, exe, src, tmp, log))
                shutil.rmtree(tmp / "store", ignore_errors=True)
        res["rows"] = rows
    res["uptime_after"] = uptime()
    res["finished"] = time.strftime("%Y-%m-%d %H:%M:%S")
    res["total_seconds"] = time.perf_counter() - t_start
    log(f"load after: {res['uptime_after']}")
    out = pathlib.Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    old = out / f"{name}.json"
    if old.exists():        # every earlier run stays in the record, summarised
        prev = json.loads(old.read_text())
        res["earlier"] = prev.pop("earlier", []) + [summary(prev)]
    md = render(res)
    (out / f"{name}.md").write_text(md)
    (out / f"{name}.json").write_text(json.dumps(res, indent=1) + "\n")
    print(md)
    return 0


if __name__ == "__main__":
    sys.exit(main())
