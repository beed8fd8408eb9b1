#!/usr/bin/env python3
"""Benchmark: one lookup from a shell, per README command, family and spelling of a spec.

First the README's lookup commands as it prints them (``query``, ``query --json``, ``show``,
``list``, a board position, a misère sum past a table's total answered from a stored quotient,
and ``query --moves``, which runs the move generator and so loads numba), then one ``gtables
query SPEC POS`` for every spec of the README's table and every kind of space (``total=`` sums
of heaps, chips, mem0, End-Nim rows) in the spellings users type.  The tables (and the quotient)
are computed into a scratch store once; then each command runs ``--repeat`` times (default 5),
each a fresh interpreter (``python -m gtables.cli ... --store S``), byte-compiled files kept as
an installed package has them.  Reported: the best and the median wall time, the least CPU time
(user + system: what the command costs without the other jobs of a busy machine), and whether
the command imported numba (the same command once more in a wrapper that looks at
``sys.modules``).  The load average is printed before and after.

Usage: python scripts/bench_lookup.py [--repeat 5] [--store DIR] [--json OUT] [--only WORD]
       python scripts/bench_lookup.py --report AFTER.json BEFORE.json OUT.md "a note"
"""
from __future__ import annotations

import argparse
import json
import os
import pathlib
import resource
import statistics
import subprocess
import sys
import tempfile
import time

# the README's lookups as it prints them (what, arguments; --store S is added)
README = [
    ("query", ["query", "octal:code=0.07,size=1000", "7"]),
    ("query --json", ["query", "nim:heaps=3,size=32", "3,5,7", "--json"]),
    ("show", ["show", "octal:code=0.07,size=1000", "--format", "csv", "--limit", "20"]),
    ("list", ["list"]),
    ("query a board", ["query", "cram:rows=2,cols=3", "...|.#."]),
    ("misère sum past the total", ["query", "octal:code=0.07,play=misere,total=80",
                                   "30,29,28,27"]),
    ("query --moves (numba)", ["query", "octal:code=0.07,size=1000", "7", "--moves"]),
]
# what those need stored first
SETUP = [["compute", "octal:code=0.07,size=1000"], ["compute", "nim:heaps=3,size=32"],
         ["compute", "cram:rows=2,cols=3"], ["quotient", "octal:code=0.07", "--heaps", "30"],
         ["compute", "octal:code=0.07,play=misere,total=80"]]

# (family, spelling, position); "canonical" or what is not canonical about the spelling
CASES = [
    ("nim", "nim:heaps=3,size=32", "3,5,7", "README"),
    ("nim", "nim:size=32,heaps=3", "3,5,7", "keys reordered"),
    ("nim", "nim:play=misere,total=30", "3,4,5", "total="),
    ("subtraction", "subtraction:set=1-3,size=200", "17", "README"),
    ("subtraction", "subtraction:set={1,2,3},size=200", "17", "set in braces"),
    ("subtraction", "subtraction:allbut=2+3,size=10000", "100", "README"),
    ("subtraction", "subtraction:set=1-3,play=misere,total=30", "3,4,5", "total="),
    ("octal", "octal:code=0.07,size=1000", "7", "README"),
    ("octal", "octal:code=.07,size=1000,play=normal", "7", "code and default spelt out"),
    ("octal", "octal:code=4!.0,size=1000", "7", "README"),
    ("octal", "octal:code=0.B7,size=4000", "7", "README"),
    ("octal", "octal:code=0.77,play=misere,total=30", "3,4", "total="),
    ("stripes", "stripes:a=1,b=5,c=8,size=1000", "25", "README"),
    ("stripes", "stripes:a=8,b=5,c=1,size=1000", "25", "amounts reordered"),
    ("chips", "chips:rule=A,n=20", "4,6,8", "README"),
    ("chips", "chips:rule=A,n=20,value=grundy", "4,6,8", "default kind spelt out"),
    ("chips", "chips:rule=B,n=64,k=6", "4,6,8,10,12,14", "k chips"),
    ("endnim", "endnim:mode=partizan,len=5,max=6", "3,5,5,1", "README"),
    ("endnim_row", "endnim_row:mode=impartial,prefix=1.4,size=10000", "1,4,7", "README"),
    ("endnim_row", "endnim_row:mode=impartial,prefix=(1,4),size=10000", "1,4,7",
     "prefix in brackets"),
    ("nimlike", "nimlike:heaps=1,min=1,max=7,norepeat=1,size=60", "25,last=3", "README"),
    ("nimlike", "nimlike:heaps=2,min=2,max=4,size=30,value=grundy", "7,9", "grundy"),
    ("wythoff", "wythoff:size=400", "3,5", "README"),
    ("wythoff", "wythoff:size=400,play=normal", "3,5", "default spelt out"),
    ("mem0", "mem0:size=2000", "25,last=3", "README"),
    ("mem0", "mem0:size=2000,min=1", "25,last=3", "default spelt out"),
    ("mem0", "mem0:size=300,min=2,max=9", "25,last=3", "min and max"),
]

PROBE = ("import sys\nfrom gtables.cli import main\ncode = main(sys.argv[1:])\n"
         "print('NUMBA' if 'numba' in sys.modules else 'NO-NUMBA', file=sys.stderr)\n"
         "sys.exit(code)")


def load() -> str:
    try:
        return " ".join(pathlib.Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def timed(args: list[str], env: dict) -> tuple[float, float, subprocess.CompletedProcess]:
    """Wall and CPU seconds (user + system of the child) of one fresh interpreter."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    r = subprocess.run([sys.executable, "-m", "gtables.cli", *args], capture_output=True,
                       text=True, env=env)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, r


def report(after: str, before: str, out: str, note: str) -> None:
    """results/bench_lookup.md: the rows of two runs (``--json``) side by side."""
    a_rows, b_rows = json.load(open(after)), json.load(open(before))
    b_of = {r["command"]: r for r in b_rows}
    lines = ["# Lookup timings: every README lookup, family and spelling, before and after "
             "issue 34", "", note, "",
             "| what | command | best s | least CPU s | numba | before: best s | least CPU s "
             "| numba |", "|---|---|---:|---:|---|---:|---:|---|"]
    for r in a_rows:
        b = b_of.get(r["command"], {})
        yes = lambda x: "" if x is None else ("yes" if x else "no")   # noqa: E731
        lines.append(f"| {r['what']} | `{r['command']}` | {r['best_s']:.2f} | {r['cpu_s']:.2f} "
                     f"| {yes(r.get('numba'))} | "
                     + (f"{b['best_s']:.2f} | {b['cpu_s']:.2f} | {yes(b.get('numba'))} |" if b
                        else " | | |"))
    seen = {r["command"] for r in a_rows}
    for b in b_rows:
        if b["command"] not in seen:
            lines.append(f"| {b['what']} | `{b['command']}` | | | | {b['best_s']:.2f} | "
                         f"{b['cpu_s']:.2f} | |")
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "--report":       # --report AFTER.json BEFORE.json OUT NOTE
        report(*argv[1:5])
        return 0
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--store", default=None, help="scratch store (default: a new temp dir)")
    ap.add_argument("--json", default=None, help="write the rows here too")
    ap.add_argument("--only", default=None, help="only commands containing this text")
    a = ap.parse_args(argv)
    store = a.store or os.path.join(tempfile.mkdtemp(prefix="gtables-lookup-"), "store")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    rows_in = [(f"README: {what}", args) for what, args in README] + \
        [(f"{family}: {note}", ["query", spec, pos]) for family, spec, pos, note in CASES]
    rows_in = [(w, args) for w, args in rows_in if a.only is None or a.only in " ".join(args)]
    setup = SETUP + [["compute", spec] for _, spec, _, _ in CASES]
    for args in setup:                 # the tables, and numba's cache warm
        r = subprocess.run([sys.executable, "-m", "gtables.cli", *args, "--store", store],
                           capture_output=True, text=True, env=env)
        if r.returncode != 0:
            print(f"{' '.join(args)}: {r.stderr.strip()}", file=sys.stderr)
    rows = []
    print(f"store {store}; load before {load()}; {a.repeat} runs each of: python -m "
          f"gtables.cli ARGS --store S\n")
    print("| what | command | best s | median s | least CPU s | numba |")
    print("|---|---|---:|---:|---:|---|")
    for what, args in rows_in:
        full = [*args, "--store", store]
        walls, cpus = [], []
        for _ in range(a.repeat):
            wall, cpu, r = timed(full, env)
            if r.returncode != 0:
                print(f"{' '.join(args)}: {r.stderr.strip()}", file=sys.stderr)
            walls.append(wall)
            cpus.append(cpu)
        p = subprocess.run([sys.executable, "-c", PROBE, *full], capture_output=True,
                           text=True, env=env)
        numba = "NUMBA" in p.stderr.split()
        row = {"what": what, "command": "gtables " + " ".join(args),
               "best_s": round(min(walls), 3), "median_s": round(statistics.median(walls), 3),
               "cpu_s": round(min(cpus), 3), "times": [round(t, 3) for t in walls],
               "numba": numba, "load": load()}
        rows.append(row)
        print(f"| {what} | `{row['command']}` | {row['best_s']:.2f} | {row['median_s']:.2f} | "
              f"{row['cpu_s']:.2f} | {'yes' if numba else 'no'} |", flush=True)
    # the floor: an interpreter that imports what any lookup needs (numpy, h5py) and no more
    walls, cpus = [], []
    for _ in range(a.repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import numpy, h5py"], env=env, check=True)
        walls.append(time.perf_counter() - t0)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    rows.append({"what": "floor", "command": "python -c 'import numpy, h5py'",
                 "best_s": round(min(walls), 3), "median_s": round(statistics.median(walls), 3),
                 "cpu_s": round(min(cpus), 3), "numba": False, "load": load()})
    print(f"| floor: numpy and h5py alone | `python -c 'import numpy, h5py'` | {min(walls):.2f} "
          f"| {statistics.median(walls):.2f} | {min(cpus):.2f} | no |")
    print(f"\nload after {load()}")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(rows, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
