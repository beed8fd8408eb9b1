#!/usr/bin/env python
"""Does a second thread ever cost time?  Officers (0.6) by the sparse method on one thread, on two
threads with the pipeline always (what ``auto`` ran before it timed itself), and ``auto`` (the
pipeline gives way to the serial kernel where it is slower: games/octal/pipeline.py, "Two threads
pay only when both get a core"), each on an idle machine and with a busy loop
(``python -c 'while 1: pass'``) added on one core, in one run, the six ways alternated and
repeated.

    python scripts/bench_octal_threads.py                  # 2^23 values, 2 rounds, print
    python scripts/bench_octal_threads.py --write          # and the section of results/
    python scripts/bench_octal_threads.py --pin 1          # the busy loop pinned to CPU 1
    nice -n -10 python scripts/bench_octal_threads.py      # on a machine other jobs load

Timed: ``OctalStepper.run`` in this process, after a warm-up (no compilation), widening of the
table excluded (as scripts/bench_octal.py).  The load average (1 min) is recorded before and
after every run: on a machine shared with other jobs "idle" means "without the extra busy loop",
and the load says how idle it was.  The values are checked: every run's checksum (sum (i+1) G(i)
mod 2^61) must be the same.

``--write`` adds the result to ``results/bench_octal_threads.md`` and ``.json``, in a section of
their own (between the markers below, list ``busy_runs`` in the JSON; ``--replace``: this run
alone), kept when
``scripts/bench_octal.py --rows threads --write`` rewrites the rest.
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import pathlib
import platform
import statistics
import subprocess
import sys
import time

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[1]
BEGIN = "<!-- section written by scripts/bench_octal_threads.py -->"
END = "<!-- end of the section of scripts/bench_octal_threads.py -->"
M61 = 1 << 61
#: (label, numba threads, the stepper's fallback)
WAYS = (("one thread", 1, "timed"), ("two threads", 2, "never"), ("auto", 2, "timed"))


def checksum(g: np.ndarray) -> int:
    i = np.arange(1, g.size + 1, dtype=np.uint64)
    p = i * g.astype(np.uint64)
    lo = int(np.sum(p & np.uint64(0xFFFFFFFF), dtype=np.uint64))
    hi = int(np.sum(p >> np.uint64(32), dtype=np.uint64))
    return ((hi << 32) + lo) % M61


def run(code: str, n: int, threads: int, fallback: str) -> dict:
    """Heaps 0..n-1 by the sparse method as ``gtables compute`` runs it (choose="timed") on
    ``threads`` numba threads, the pipeline's fallback set; seconds of ``run`` only."""
    import numba

    from gtables.engine.status import decode
    from gtables.games.octal import digits, parse_code
    from gtables.games.octal.stepper import OctalStepper

    numba.set_num_threads(threads)
    try:
        st = OctalStepper(digits(parse_code(code)), "sparse")
        st.threads = threads
        st.fallback = fallback
        t = np.zeros(n, dtype=np.uint8)
        st.prepare(t, 0)
        lo, secs = 0, 0.0
        while True:
            t0 = time.perf_counter()
            r = st.run(t, lo, n)
            secs += time.perf_counter() - t0
            if r < 0:
                break
            t = t.astype(np.uint16 if t.dtype == np.uint8 else np.uint32)
            lo = decode(r).pos
    finally:
        numba.set_num_threads(1)
    kinds = [k for _, k in st.switches]
    return {"seconds": secs, "checksum": checksum(t), "gave_way": kinds.count("serial"),
            "serial_heaps_timed": int(st.serial_pace[1]),
            "pipeline_heaps_timed": int(st.pace[1])}


def busy_loop(pin: int | None) -> subprocess.Popen:
    p = subprocess.Popen([sys.executable, "-c", "while 1: pass"])
    if pin is not None:
        os.sched_setaffinity(p.pid, {pin})
    time.sleep(0.5)
    return p


def load() -> float:
    return round(os.getloadavg()[0], 2)


def render(doc: dict) -> list[str]:
    rows = doc["runs"]
    lines = [BEGIN, "",
             f"## Busy machine: one thread, two threads, auto ({doc['code']}, "
             f"{doc['values']:,} values)", "",
             f"- date: {doc['started']} UTC, {doc['minutes']:.1f} min; command: "
             f"`{doc['command']}`" + (f"; code {doc['commit']}" if doc.get("commit") else ""),
             f"- machine: {doc['machine']}; load average (1 min) {doc['load_min']:.2f} to "
             f"{doc['load_max']:.2f} over the runs (this machine is shared with other jobs: "
             f"'idle' = without the extra busy loop, not a quiet machine)",
             "- busy = one `python -c 'while 1: pass'` added for the run"
             + (f", pinned to CPU {doc['pin']}" if doc["pin"] is not None else ", not pinned")
             + f"; niceness of this process and of the busy loop: {doc.get('nice', 0)}",
             "- one thread: numba on one thread (the serial kernel); two threads: the pipeline "
             "whenever rare heaps have stopped (what `auto` ran before it timed itself, "
             "`fallback=\"never\"`); auto: the same, timed against the serial kernel, giving way "
             "to it where slower. Seconds of `OctalStepper.run` (no compilation, widening "
             "excluded); the ways alternated, each repeated; checksum "
             f"{doc['checksum']} for every run."]
    lines += [f"- note: {doc['note']}"] if doc.get("note") else []
    lines += ["",
             "| machine | way | seconds (each run) | median s | load at start of each | "
             "auto gave way (times) |",
             "|---|---|---|---|---|---|"]
    for cond in ("idle", "busy"):
        for label, _, _ in WAYS:
            rs = [r for r in rows if r["machine"] == cond and r["way"] == label]
            if not rs:
                continue
            secs = [r["seconds"] for r in rs]
            gave = ", ".join(str(r["gave_way"]) for r in rs) if label == "auto" else "-"
            each = ", ".join(f"{s:.2f}" for s in secs)
            loads = ", ".join(f"{r['load_start']:.2f}" for r in rs)
            lines.append(f"| {cond} | {label} | {each} | {statistics.median(secs):.2f} | "
                         f"{loads} | {gave} |")
    med = doc["medians"]
    pairs = []
    for cond in ("idle", "busy"):
        for rep in sorted({r["round"] for r in rows}):
            one = [r["seconds"] for r in rows
                   if (r["machine"], r["way"], r["round"]) == (cond, "one thread", rep)]
            auto = [r["seconds"] for r in rows
                    if (r["machine"], r["way"], r["round"]) == (cond, "auto", rep)]
            if one and auto:
                pairs.append(f"{cond} round {rep + 1}: {auto[0] / one[0]:.2f}")
    lines += ["", "auto / one thread, run against run of the same round: " + "; ".join(pairs)
              + "."]
    lines += ["",
              f"auto against one thread, busy: {med['busy']['auto'] / med['busy']['one thread']:.2f}"
              f" (target: at most 1.10); auto against two threads, idle: "
              f"{med['idle']['auto'] / med['idle']['two threads']:.2f}; two threads against one, "
              f"idle: {med['idle']['two threads'] / med['idle']['one thread']:.2f}, busy: "
              f"{med['busy']['two threads'] / med['busy']['one thread']:.2f} (ratios of medians).",
              "", END]
    return lines


def write(doc: dict, out: pathlib.Path, keep: bool = True) -> None:
    """This run into the section (after the runs already there, ``keep``; else alone) and the
    JSON's list ``busy_runs``."""
    md, js = out / "bench_octal_threads.md", out / "bench_octal_threads.json"
    old = json.loads(js.read_text()) if js.exists() else {}
    runs = (old.get("busy_runs") or []) if keep else []
    old["busy_runs"] = runs + [doc]
    text = md.read_text() if md.exists() else ""
    if BEGIN in text and END in text:
        text = text[:text.index(BEGIN)] + text[text.index(END) + len(END):].lstrip("\n")
    section = [BEGIN, ""]
    for d in old["busy_runs"]:
        section += render(d)[2:-1]
    section += [END]
    text = text.rstrip("\n") + ("\n\n" if text.strip() else "") + "\n".join(section) + "\n"
    md.write_text(text)
    js.write_text(json.dumps(old, indent=1) + "\n")
    print(f"wrote the section of {md} and key 'busy_runs' of {js}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--code", default="0.6")
    ap.add_argument("--values", type=int, default=1 << 23)
    ap.add_argument("--repeats", type=int, default=2, help="rounds of the six ways")
    ap.add_argument("--pin", type=int, default=None, help="pin the busy loop to this CPU")
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--replace", action="store_true",
                    help="with --write: this run alone in the section (default: added)")
    ap.add_argument("--note", default="", help="a remark on the run, shown with it")
    ap.add_argument("--render", action="store_true",
                    help="only write the section again from the JSON's runs (no timing)")
    ap.add_argument("--out", default=str(ROOT / "results"))
    a = ap.parse_args(argv)
    if a.render:
        js = pathlib.Path(a.out) / "bench_octal_threads.json"
        runs = json.loads(js.read_text()).get("busy_runs") or []
        if not runs:
            print(f"no runs in {js}", file=sys.stderr)
            return 1
        old = json.loads(js.read_text())
        old["busy_runs"] = runs[:-1]
        js.write_text(json.dumps(old, indent=1) + "\n")
        write(runs[-1], pathlib.Path(a.out))
        return 0
    import numba

    if numba.config.NUMBA_NUM_THREADS < 2:
        print("needs two numba threads (NUMBA_NUM_THREADS >= 2)", file=sys.stderr)
        return 2
    started = datetime.datetime.now(datetime.timezone.utc)
    t_start = time.perf_counter()
    for _, threads, fallback in WAYS:         # warm-up: compile or load every kernel
        run(a.code, 100_000, threads, fallback)
    runs, sums = [], set()
    order = [(c, w) for c in ("idle", "busy") for w in WAYS]
    for rep in range(a.repeats):
        seq = order if rep % 2 == 0 else order[::-1]      # alternate the order each round
        for cond, (label, threads, fallback) in seq:
            loop = busy_loop(a.pin) if cond == "busy" else None
            try:
                l0 = load()
                r = run(a.code, a.values, threads, fallback)
                l1 = load()
            finally:
                if loop is not None:
                    loop.kill()
                    loop.wait()
            r.update(machine=cond, way=label, load_start=l0, load_end=l1, round=rep)
            sums.add(r["checksum"])
            runs.append(r)
            print(f"[{rep}] {cond:4s} {label:11s} {r['seconds']:7.2f} s  load {l0:.2f}-{l1:.2f}"
                  f"  gave way {r['gave_way']}", flush=True)
    if len(sums) != 1:
        print(f"the runs gave different tables: checksums {sums}", file=sys.stderr)
        return 1
    medians = {c: {w: statistics.median(r["seconds"] for r in runs
                                        if r["machine"] == c and r["way"] == w)
                   for w, _, _ in WAYS} for c in ("idle", "busy")}
    cpu = "unknown"
    try:
        cpu = next(line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo")
                   if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    loads = [x for r in runs for x in (r["load_start"], r["load_end"])]
    try:
        commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                                capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "src"],
                               capture_output=True, text=True, check=True).stdout.strip()
        commit += " (src changed since)" if dirty else ""
    except (OSError, subprocess.CalledProcessError):
        commit = "unknown"
    doc = {"code": a.code, "values": a.values, "started": f"{started:%Y-%m-%d %H:%M}",
           "minutes": (time.perf_counter() - t_start) / 60,
           "command": "python scripts/bench_octal_threads.py " + " ".join(argv or sys.argv[1:]),
           "machine": f"{cpu}, {os.cpu_count()} cores; numba {numba.__version__}, "
                      f"Python {platform.python_version()}",
           "pin": a.pin, "nice": os.getpriority(os.PRIO_PROCESS, 0), "commit": commit,
           "load_min": min(loads), "load_max": max(loads),
           "checksum": sums.pop(), "runs": runs, "medians": medians, "note": a.note}
    print("\n".join(render(doc)))
    if a.write:
        write(doc, pathlib.Path(a.out), keep=not a.replace)
    return 0


if __name__ == "__main__":
    sys.exit(main())
