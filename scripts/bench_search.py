#!/usr/bin/env python
"""Benchmark (issue 42): the reachable search (``gtables solve SPEC --method reachable``) as a
whole process per board: wall time, the search's own seconds, positions stored and expanded,
expanded positions per second, peak RSS.  To compare two checkouts in one run (before and after a
change), give both with ``--trees``: the runs alternate board by board and tree by tree.

    python scripts/bench_search.py                                   # Cram 5x8, 6x6, 4x10
    python scripts/bench_search.py --specs cram:rows=5,cols=7 --trees /tmp/old /tmp/new --repeat 2

Each run is ``python -m gtables.cli solve SPEC --method reachable --json --no-checkpoint
--no-progress --ignore-memory-limit`` with ``PYTHONPATH=TREE/src`` (default: this checkout), after
one warm-up on a 3 x 3 board of the same family that compiles or loads the kernels.  A run past
``--limit`` seconds is stopped and said so.  Prints one JSON line per run and a Markdown table
(``--out F`` writes it, with the JSON rows beside it).
"""
from __future__ import annotations

import argparse
import json
import os
import pathlib
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
SPECS = ("cram:rows=5,cols=8", "cram:rows=6,cols=6", "cram:rows=4,cols=10")


def run(tree: pathlib.Path, spec: str, limit: float) -> dict:
    env = dict(os.environ, PYTHONPATH=str(tree / "src"))
    cmd = [sys.executable, "-m", "gtables.cli", "solve", spec, "--method", "reachable", "--json",
           "--no-checkpoint", "--no-progress", "--ignore-memory-limit"]
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    load = os.getloadavg()[0]
    timed_out = False
    while True:                 # reaped here, to read the process's own peak RSS
        pid, status, usage = os.wait4(p.pid, os.WNOHANG)
        if pid:
            break
        if time.perf_counter() - t0 > limit:
            p.kill()
            _, status, usage = os.wait4(p.pid, 0)
            timed_out = True
            break
        time.sleep(0.1)
    row = {"tree": str(tree), "spec": spec, "wall_s": round(time.perf_counter() - t0, 2),
           "peak_rss_mib": round(usage.ru_maxrss / 1024, 1), "load_before": round(load, 2),
           "load_after": round(os.getloadavg()[0], 2)}
    out, err = p.stdout.read(), p.stderr.read()
    if timed_out:
        row["stopped"] = f"past the limit of {limit:g} s"
    elif os.waitstatus_to_exitcode(status) != 0:
        row["stopped"] = (err.strip().splitlines() or ["failed"])[-1][:200]
    else:
        d = json.loads(out)
        row.update(value=d.get("grundy", d.get("outcome")), stored=d["positions_stored"],
                   expanded=d["expanded"], search_s=d["seconds"],
                   expanded_per_s=round(d["expanded"] / max(d["seconds"], 1e-9)))
    return row


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--specs", nargs="+", default=list(SPECS))
    ap.add_argument("--trees", nargs="+", type=pathlib.Path, default=[ROOT],
                    help="checkouts to compare (each TREE/src is put on PYTHONPATH)")
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--limit", type=float, default=900.0, help="seconds a run (default 900)")
    ap.add_argument("--out", default=None, help="write the Markdown table here (and .json)")
    a = ap.parse_args(argv)
    for tree in a.trees:
        if not (tree / "src" / "gtables").is_dir():
            ap.error(f"{tree}: no src/gtables there")
    for tree in a.trees:           # warm-up: compile or load the kernels of each family
        for family in sorted({s.split(":")[0] for s in a.specs}):
            run(tree, f"{family}:rows=3,cols=3", a.limit)
    rows = []
    for _ in range(a.repeat):
        for spec in a.specs:
            for tree in a.trees:
                row = run(tree, spec, a.limit)
                rows.append(row)
                print(json.dumps(row), flush=True)
    # the baseline: the first tree's best search seconds on each spec, measured in this run
    base = {}
    for r in rows:
        if str(r["tree"]) == str(a.trees[0]) and "search_s" in r:
            base[r["spec"]] = min(base.get(r["spec"], float("inf")), r["search_s"])
    lines = [f"Baseline: {a.trees[0]} (ratio = its best search seconds / this run's; above 1: "
             f"faster than the baseline).", "",
             "| spec | tree | value | wall s | search s | stored | expanded | expanded/s | "
             "peak MiB | ratio to baseline | load |", "|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        if "stopped" in r:
            lines.append(f"| {r['spec']} | {r['tree']} | {r['stopped']} | {r['wall_s']} |  |  |"
                         f"  |  | {r['peak_rss_mib']} |  | {r['load_before']}-{r['load_after']} |")
            continue
        ratio = base[r["spec"]] / max(r["search_s"], 1e-9) if r["spec"] in base else None
        lines.append(f"| {r['spec']} | {r['tree']} | {r['value']} | {r['wall_s']} | "
                     f"{r['search_s']} | {r['stored']:,} | {r['expanded']:,} | "
                     f"{r['expanded_per_s']:,} | {r['peak_rss_mib']} | "
                     f"{'-' if ratio is None else f'{ratio:.2f}'} | "
                     f"{r['load_before']}-{r['load_after']} |")
    md = "\n".join(lines) + "\n"
    print(md)
    if a.out:
        pathlib.Path(a.out).write_text(md)
        pathlib.Path(a.out).with_suffix(".json").write_text(json.dumps(rows, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
