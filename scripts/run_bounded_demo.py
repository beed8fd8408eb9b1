#!/usr/bin/env python3
"""A documented run: bounded memory against a full table, where both fit.

Computes Officers (0.6) to ``--size`` values twice, each in its own process (``gtables compute``):
  1. bounded: ``--keep K --window W`` (the full table of heaps 0..K-1, then statistics only);
  2. full: the whole table;
and checks that the bounded run's statistics (checksum sum (n+1)G(n) mod 2^61, the value
histogram at every power of two, zeros, largest value and where) and its last values equal the
full table's.  Prints and writes ``results/octal_bounded.md`` + ``.json``: the command lines, wall
times, peak memory (each process's maxrss) and the load average.

  python scripts/run_bounded_demo.py                       # 2^26 values, keep 2^22 (about 15 min)
  python scripts/run_bounded_demo.py --size 1048576 --keep 131072 --window 131072 --no-write
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import time

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[1]


#: run ``gtables.cli`` and print this process's peak resident memory (kB) on stderr: each run
#: reports its own maxrss (``RUSAGE_CHILDREN`` would give the largest of all children so far)
_CHILD = ("import resource, sys\n"
          "from gtables.cli import main\n"
          "rc = main(sys.argv[1:])\n"
          "sys.stderr.write('\\nMAXRSS_KB %d\\n' % resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n"
          "sys.exit(rc)\n")


def compare(code: str, size: int, keep: int, window: int, folder: str,
            echo=print) -> dict:
    """Officers-style comparison: ``code`` to ``size`` values bounded (``keep``/``window``) and
    full, each in its own process with its own store in ``folder``; the returned dict has both
    runs (command, wall seconds, peak memory) and whether statistics, last values and prefix
    are identical (``doc["ok"]``)."""
    stores = {"bounded": os.path.join(folder, "bounded.h5"), "full": os.path.join(folder, "full.h5")}
    spec = f"octal:code={code},size={size - 1}"
    load0 = os.getloadavg()
    rows = {}
    for name, extra in (("bounded", ["--keep", str(keep), "--window", str(window)]),
                        ("full", [])):
        args = ["compute", spec, "--store", stores[name], "--no-progress", "--algorithm", "sparse",
                *extra]
        t0 = time.perf_counter()
        p = subprocess.run([sys.executable, "-c", _CHILD, *args], capture_output=True, text=True)
        wall = time.perf_counter() - t0
        if p.returncode:
            sys.exit(f"failed ({p.returncode}): gtables {' '.join(args)}\n{p.stdout}{p.stderr}")
        m = re.search(r"MAXRSS_KB (\d+)", p.stderr)
        rss = int(m.group(1)) * 1024 if m else 0
        rows[name] = {"command": "gtables " + " ".join(args), "wall_seconds": round(wall, 1),
                      "peak_rss_bytes": rss, "output": p.stdout.strip()}
        echo(f"{name}: {wall:.1f} s, peak {rss / 2**20:.0f} MiB\n{p.stdout.strip()}")
    import gtables
    from gtables.engine.sequence_stats import SequenceStats
    full = gtables.load(spec, store=stores["full"])
    part = gtables.load(f"octal:code={code},size={keep - 1}", store=stores["bounded"])
    b = part.attrs["extra"]["bounded"]
    ref = SequenceStats.of(full.values).as_dict()
    same_stats = b["stats"] == ref
    tail = np.asarray(b["tail"])
    same_tail = bool(np.array_equal(tail, full.values[size - tail.size:]))
    same_prefix = bool(np.array_equal(part.values, full.values[:keep]))
    load1 = os.getloadavg()
    return {"date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
            "code": code, "values": size, "keep": keep, "window": window,
            "load_average_start": [round(x, 2) for x in load0],
            "load_average_end": [round(x, 2) for x in load1], "runs": rows,
            "identical": {"statistics": same_stats, "last_values": same_tail,
                          "prefix": same_prefix},
            "ok": same_stats and same_tail and same_prefix, "tail_length": int(tail.size),
            "checksum": ref["checksum"], "max_value": ref["max_value"], "max_at": ref["max_at"],
            "zeros": ref["zeros"], "bounded_record": {k: v for k, v in b.items() if k != "stats"}}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--code", default="0.6")
    ap.add_argument("--size", type=int, default=1 << 26, help="values (heaps 0..size-1)")
    ap.add_argument("--keep", type=int, default=1 << 22)
    ap.add_argument("--window", type=int, default=1 << 22)
    ap.add_argument("--store-dir", default=None,
                    help="folder for the two runs' stores (default: a new temp folder); the full "
                         "run has its own store, so it does not resume from the bounded run's")
    ap.add_argument("--no-write", action="store_true", help="print only")
    a = ap.parse_args()
    folder = a.store_dir or tempfile.mkdtemp(prefix="gtables-bounded-")
    doc = compare(a.code, a.size, a.keep, a.window, folder)
    doc["script"] = "python scripts/run_bounded_demo.py " + " ".join(sys.argv[1:])
    rows, ref, b = doc["runs"], doc, doc["bounded_record"]
    same_stats, same_tail, same_prefix = (doc["identical"][k]
                                          for k in ("statistics", "last_values", "prefix"))
    ok = doc["ok"]
    print("IDENTICAL" if ok else "DIFFERENT", doc["identical"])
    if not a.no_write:
        out = ROOT / "results"
        (out / "octal_bounded.json").write_text(json.dumps(doc, indent=1) + "\n")
        fb, ff = rows["bounded"], rows["full"]
        md = [f"# Bounded memory against a full table: {a.code}, {a.size:,} values", "",
              f"- date: {doc['date']}; command: `{doc['script']}`",
              f"- machine: {os.cpu_count()} cores; load average at start "
              f"{', '.join(map(str, doc['load_average_start']))}, at end "
              f"{', '.join(map(str, doc['load_average_end']))} (other jobs shared the machine)",
              "", "| run | command | wall s | peak memory (maxrss) |", "|---|---|---|---|",
              f"| bounded | `{fb['command']}` | {fb['wall_seconds']} | "
              f"{fb['peak_rss_bytes'] / 2**20:.0f} MiB |",
              f"| full | `{ff['command']}` | {ff['wall_seconds']} | "
              f"{ff['peak_rss_bytes'] / 2**20:.0f} MiB |", "",
              f"The bounded run keeps heaps 0..{a.keep - 1:,} in full and a window of "
              f"{a.window:,} values; its wall time includes computing that prefix.",
              "", "## Identical?", "",
              f"- statistics of all {a.size:,} values (checksum {ref['checksum']}, the value "
              f"histogram at every power of two, {ref['zeros']:,} zeros, largest value "
              f"{ref['max_value']} first at heap {ref['max_at']:,}): "
              f"{'identical' if same_stats else 'DIFFERENT'}",
              f"- the last {doc['tail_length']} values: {'identical' if same_tail else 'DIFFERENT'}",
              f"- the full part (heaps 0..{a.keep - 1:,}): "
              f"{'identical' if same_prefix else 'DIFFERENT'}",
              f"- rare heaps (bounded run's record): {b.get('rare_heaps')}, the last "
              f"{b.get('last_rare')}, mask {b.get('mask')}", ""]
        (out / "octal_bounded.md").write_text("\n".join(md))
        print("wrote results/octal_bounded.md and .json")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
