#!/usr/bin/env python3
"""Benchmark: the README's commands as a newcomer first runs them, on an empty cache.

Each command runs from the shell (``python -m gtables.cli ...``, a fresh interpreter) in a
scratch directory, with an empty numba cache (``GTABLES_CACHE_DIR``, ``XDG_CACHE_HOME``; no
``NUMBA_CACHE_DIR``), an empty store (``GTABLES_STORE``) and a copy of the sources without
byte-compiled files (Python writes them on the first run, as in a fresh clone).  **cold** is
the commands in the README's order on that empty cache, each seeing what the ones before it
cached, as a newcomer would; **warm** is the same commands again with the cache now full and a
fresh empty store (so ``compute`` computes again).  For each: the wall time, the seconds until
its first line on stderr and that line (the "compiling kernels" notice), and the exit status.
``--src DIR`` times another source tree (the code before a change, for a comparison in the
same sitting); the load average is recorded after each command.

Usage: python scripts/bench_first_run.py [--src DIR] [--only WORD] [--skip WORD] [--json OUT]
       python scripts/bench_first_run.py --report AFTER.json [BEFORE.json] --out results/first_run.md
           [--note TEXT] [--append HEADING]   (a second run, below the first)
"""
from __future__ import annotations

import argparse
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]

# (what, arguments of gtables): the README's examples in its order, and the cases
COMMANDS = [
    ("README: compute", ["compute", "octal:code=0.07,size=1000"]),
    ("README: query --moves", ["query", "octal:code=0.07,size=1000", "7", "--moves"]),
    ("README: query --json", ["query", "nim:heaps=3,size=32", "3,5,7", "--json"]),
    ("README: show", ["show", "octal:code=0.07,size=1000", "--format", "csv", "--limit", "20"]),
    ("README: list", ["list"]),
    ("README: verify", ["verify", "001.B"]),
    ("README: thresholds", ["thresholds", "3,5,5,5"]),
    ("README: query a board", ["query", "cram:rows=2,cols=3", "...|.#."]),
    ("README: solve", ["solve", "cram:rows=6,cols=6"]),
    ("README: quotient", ["quotient", "octal:code=0.07", "--heaps", "30"]),
    ("README: quotient --outcome", ["quotient", "octal:code=0.75", "--heaps", "40", "--outcome",
                                    "40,33,7"]),
    ("README: misère sum past the total", ["query", "octal:code=0.07,play=misere,total=80",
                                           "30,29,28,27"]),
    ("refused: --outcome past --heaps", ["quotient", "octal:code=0.75", "--heaps", "40",
                                         "--outcome", "40,33,70"]),
    ("issue: a long octal table", ["compute", "octal:code=0.6,size=8388607"]),
]


def uptime() -> str:
    try:
        return " ".join(pathlib.Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def run(args: list[str], env: dict, cwd: str) -> dict:
    t0 = time.perf_counter()
    p = subprocess.Popen([sys.executable, "-m", "gtables.cli", *args], cwd=cwd, env=env,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    first: list = []
    err: list[str] = []

    def read_err():
        assert p.stderr is not None
        for line in p.stderr:
            if not first:
                first.append((time.perf_counter() - t0, line.rstrip("\n")))
            err.append(line)
    reader = threading.Thread(target=read_err)
    reader.start()
    out = p.stdout.read() if p.stdout is not None else ""
    p.wait()
    reader.join()
    wall = time.perf_counter() - t0
    return {"wall": round(wall, 2), "rc": p.returncode, "stdout_lines": len(out.splitlines()),
            "first_stderr_s": round(first[0][0], 2) if first else None,
            "first_stderr": first[0][1][:110] if first else "",
            "stderr_lines": len(err)}


def report(paths: list[str], out: str, note: str = "", append: str = "") -> None:
    """The table of results/first_run.md from one run (after) or two (after, before)."""
    runs = [json.load(open(p)) for p in paths]
    after = runs[0]["rows"]
    before = {(r["phase"], r["command"]): r for r in runs[1]["rows"]} if len(runs) > 1 else {}
    cold = {r["command"]: r for r in after if r["phase"] == "cold"}
    warm = {r["command"]: r for r in after if r["phase"] == "warm"}
    lines = ["# The first run: the README's commands on an empty cache", "",
             "Written by `python scripts/bench_first_run.py` (`--report`): each command from the "
             "shell, a fresh interpreter, in the README's order; **cold** = an empty numba cache "
             "(and no byte-compiled Python), each command seeing what those before it cached; "
             "**warm** = the same again with the cache full and an empty store. *first line* = "
             "seconds until the command's first line on stderr (the compiling notice, a "
             "progress line or an error). Load = the 1-minute load average of this 2-core "
             "machine after the command (other jobs ran beside it).", ""]
    for i, r in enumerate(runs):
        lines.append(f"- {'after' if i == 0 else 'before'}: sources `{r.get('label', r['src'])}`")
    lines += ["", "| command | cold s | first line s | warm s | load (cold, warm) |"
              + (" before: cold s | warm s |" if before else ""),
              "|---|---:|---:|---:|---|" + ("---:|---:|" if before else "")]
    for cmd, c in cold.items():
        w = warm.get(cmd, {})
        first = "" if c["first_stderr_s"] is None else f"{c['first_stderr_s']:.2f}"
        status = "" if c["rc"] == 0 else f" (exit {c['rc']})"
        row = (f"| `{cmd}`{status} | "
               f"{c['wall']:.2f} | {first} | {w.get('wall', float('nan')):.2f} | "
               f"{c['load']}; {w.get('load', '')} |")
        if before:
            bc, bw = before.get(("cold", cmd)), before.get(("warm", cmd))
            row += (f" {bc['wall']:.2f} |" if bc else " |") + (f" {bw['wall']:.2f} |" if bw
                                                               else " |")
        lines.append(row)
    total = f"| all of them | {sum(c['wall'] for c in cold.values()):.1f} | | " \
        f"{sum(warm[k]['wall'] for k in cold if k in warm):.1f} | |"
    if before:
        total += (f" {sum(r['wall'] for (p, _), r in before.items() if p == 'cold'):.1f} |"
                  f" {sum(r['wall'] for (p, _), r in before.items() if p == 'warm'):.1f} |")
    lines += [total, "", "The first stderr line of each cold command:", ""]
    for cmd, c in cold.items():
        if c["first_stderr"]:
            lines.append(f"- `{cmd}`: {c['first_stderr']}")
    if note:
        lines += ["", note]
    if append:               # a second run below the first: its own heading, the same table
        lines = ["", f"## {append}", ""] + lines[lines.index("") + 1:]
    with open(out, "a" if append else "w") as f:
        f.write("\n".join(lines) + "\n")


def main(argv=None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    if argv and argv[0] == "--report":
        out = argv[argv.index("--out") + 1]
        note = argv[argv.index("--note") + 1] if "--note" in argv else ""
        append = argv[argv.index("--append") + 1] if "--append" in argv else ""
        report([x for x in argv[1:argv.index("--out")]], out, note, append)
        return 0
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--src", default=str(ROOT / "src"), help="the gtables sources to time")
    ap.add_argument("--only", action="append", default=[], help="only commands whose "
                    "description or arguments contain this (repeatable)")
    ap.add_argument("--skip", action="append", default=[], help="leave these out (repeatable)")
    ap.add_argument("--json", default=None, help="write the rows here")
    ap.add_argument("--label", default=None, help="what the sources are (for the report)")
    a = ap.parse_args(argv)
    cmds = [(w, c) for w, c in COMMANDS
            if (not a.only or any(o in w or o in " ".join(c) for o in a.only))
            and not any(s in w or s in " ".join(c) for s in a.skip)]
    work = pathlib.Path(tempfile.mkdtemp(prefix="gtables-first-run-"))
    # a copy of the sources, without byte-compiled files: Python writes them there on the cold
    # run (as in a fresh clone), not into the tree timed; the source hash is the same
    src = work / "src"
    shutil.copytree(a.src, src, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    env = {k: v for k, v in os.environ.items()
           if k not in ("NUMBA_CACHE_DIR", "PYTHONDONTWRITEBYTECODE", "GTABLES_STORE",
                        "PYTHONPYCACHEPREFIX")}
    env.update(PYTHONPATH=str(src), GTABLES_CACHE_DIR=str(work / "cache"),
               XDG_CACHE_HOME=str(work / "xdg"))
    rows = []
    print(f"sources {a.src}; scratch {work}; load before {uptime()}", flush=True)
    for phase in ("cold", "warm"):
        cwd = work / phase
        cwd.mkdir()
        env["GTABLES_STORE"] = str(cwd / "store")
        for what, args in cmds:
            r = run(args, env, str(cwd))
            r.update(phase=phase, what=what, command="gtables " + " ".join(args),
                     load=uptime())
            rows.append(r)
            print(f"{phase:4} {r['wall']:7.2f} s rc {r['rc']}  first stderr "
                  f"{r['first_stderr_s']} s {r['first_stderr']!r}  | {r['command']}",
                  flush=True)
    print(f"load after {uptime()}")
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"src": a.src, "label": a.label or a.src, "rows": rows}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
