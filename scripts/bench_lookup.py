#!/usr/bin/env python3
"""Benchmark: one ``gtables query`` from a shell, per family and per spelling of a spec.

For each spec below (every spec of the README's table, every kind of space: ``total=`` sums of
heaps, chips, mem0, End-Nim rows, and non-canonical spellings of them as users type them) the
table is computed into a scratch store once, then ``python -m gtables.cli query SPEC POS
--store S`` is run ``--repeat`` times (default 5), each a fresh interpreter, and the median wall
time is reported, with whether that command imported numba (a second run of the same query in a
wrapper that looks at ``sys.modules``).

Usage: python scripts/bench_lookup.py [--repeat 5] [--store DIR] [--json OUT] [--only WORD]
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

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


def query(spec: str, pos: str, store: str) -> tuple[float, subprocess.CompletedProcess]:
    t0 = time.perf_counter()
    r = subprocess.run([sys.executable, "-m", "gtables.cli", "query", spec, pos, "--store", store],
                       capture_output=True, text=True)
    return time.perf_counter() - t0, r


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--store", default=None, help="scratch store (default: a new temp dir)")
    ap.add_argument("--json", default=None, help="write the rows here too")
    ap.add_argument("--only", default=None, help="only specs containing this text")
    a = ap.parse_args(argv)
    store = a.store or os.path.join(tempfile.mkdtemp(prefix="gtables-lookup-"), "store")
    cases = [c for c in CASES if a.only is None or a.only in c[1]]
    for _, spec, _, _ in cases:                 # the tables, and numba's cache warm
        r = subprocess.run([sys.executable, "-m", "gtables.cli", "compute", spec, "--store",
                            store], capture_output=True, text=True)
        if r.returncode != 0:
            print(f"compute {spec}: {r.stderr.strip()}", file=sys.stderr)
    rows = []
    print(f"store {store}; median of {a.repeat} runs of: python -m gtables.cli query SPEC POS "
          f"--store S\n")
    print("| family | spec | spelling | position | median s | numba |")
    print("|---|---|---|---|---:|---|")
    for family, spec, pos, note in cases:
        times = []
        for _ in range(a.repeat):
            dt, r = query(spec, pos, store)
            if r.returncode != 0:
                print(f"query {spec} {pos}: {r.stderr.strip()}", file=sys.stderr)
            times.append(dt)
        p = subprocess.run([sys.executable, "-c", PROBE, "query", spec, pos, "--store", store],
                           capture_output=True, text=True)
        numba = "yes" if "NUMBA" in p.stderr.split() else "no"
        med = statistics.median(times)
        rows.append({"family": family, "spec": spec, "spelling": note, "position": pos,
                     "median_s": round(med, 3), "times": [round(t, 3) for t in times],
                     "numba": numba == "yes"})
        print(f"| {family} | `{spec}` | {note} | {pos} | {med:.2f} | {numba} |", flush=True)
    if a.json:
        with open(a.json, "w") as f:
            json.dump(rows, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
