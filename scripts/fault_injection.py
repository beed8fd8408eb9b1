#!/usr/bin/env python3
"""Fault injection for the gtables store (src/gtables/store/): damage, kill, crowd, plant, forge
and starve it, and count what its promise (issue 22) forbids: a table that reads as complete but
is wrong, a finished table lost, a traceback, a segfault, a hang, a file outside the store
changed.  After every injection each table is read back (whole, and lazily at three positions)
and compared with values computed in memory (``gtables.compute(spec, store=None).values``).

Each attack (the ``attack_*`` functions of the package scripts/faults/, registered below in
the order they run; its harness is scripts/faults/harness.py) works on fresh copies of a small
seeded store in a scratch directory.  Where the process itself is attacked (SIGKILL at a
syscall, crowds, Dask) commands run as real processes; the rest run through ``gtables.cli.main``
in inspector processes (a crash or hang there is counted for its injection; a new inspector goes
on with the rest).  Hooks in Python count ``os.open/write/fsync/close/rename/replace/link/
unlink/mkdir`` inside one write path of the store and kill the process after the Nth, or set a
resource limit as the write path starts.

  python scripts/fault_injection.py            # everything; writes results/reliability.md
  python scripts/fault_injection.py --quick    # fewer injections, no Dask (the pytest part)
  python scripts/fault_injection.py --only kills,crowd --no-write --work /tmp/fi
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
# the harness and the attacks, a package beside this script (scripts/faults/)
from faults import edited_rules, newkinds, processes, quotients, received, store_files  # noqa: E402
from faults.harness import (  # noqa: E402
    COUNTERS,
    HEADS,
    ROOT,
    Ctx,
    Hooks,
    Rec,
    crowd_main,
    do_job,
    report,
    sample_limit,
)

ATTACKS = {f.__name__[7:]: f for f in (
    store_files.attack_flips, processes.attack_kills, processes.attack_crowd,
    processes.attack_paths, store_files.attack_planted, store_files.attack_crafted,
    received.attack_import, received.attack_limits, quotients.attack_quotients,
    received.attack_received, processes.attack_edges, processes.attack_dask,
    newkinds.attack_checkpoints, newkinds.attack_estimate, newkinds.attack_list_export,
    newkinds.attack_canonical,
    edited_rules.attack_edited_rules, quotients.attack_quotient_forgeries)}
QUICK = tuple(a for a in ATTACKS if a != "dask")


def run_attack(ctx: Ctx, name: str) -> Rec:
    fn = ATTACKS[name]
    rec, t0, before = Rec(name, " ".join(fn.__doc__.split())), time.time(), ctx.snapshot()
    try:
        fn(ctx, rec)
    finally:
        ctx.close()
    after = ctx.snapshot()
    for p in sorted(set(before) | set(after)):
        if before.get(p) != after.get(p) and (p in before or p.startswith(ctx.victims)):
            rec.bad("outside", f"a file outside the store changed: {p}")
    rec.seconds = time.time() - t0
    ctx.echo(f"{name:<8} {rec.injections:>5} injections  " + "  ".join(
        f"{h} {getattr(rec, k)}" for k, h in zip(COUNTERS, HEADS)) + f"  ({rec.seconds:.0f} s)")
    return rec



def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["--inspect"]:
        with open(argv[1]) as f:
            spec, hooks = json.load(f), Hooks()
        for i in range(int(argv[2]), int(argv[3])):
            out = do_job(spec["jobs"][i], hooks, spec["refs"])
            with open(f"{argv[1]}.{i}.tmp", "w") as f:
                json.dump(out, f)
            os.rename(f"{argv[1]}.{i}.tmp", f"{argv[1]}.{i}")
        return 0
    if argv[:1] == ["--hooked"]:
        Hooks().configure(json.loads(argv[1]))
        from gtables.cli import main as cli
        return cli(argv[3:])
    if argv[:1] == ["--crowd"]:
        return crowd_main(json.loads(argv[1])) or 0
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="fewer injections, no Dask")
    ap.add_argument("--only", help=f"comma-separated attacks ({', '.join(ATTACKS)})")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--work", help="scratch directory (default: a new temporary one)")
    ap.add_argument("--out", default=os.path.join(ROOT, "results"))
    ap.add_argument("--no-write", action="store_true", help="print only")
    args = ap.parse_args(argv)
    names = args.only.split(",") if args.only else list(QUICK if args.quick else ATTACKS)
    if set(names) - set(ATTACKS):
        ap.error(f"unknown attack in {names}")
    work, t0 = args.work or tempfile.mkdtemp(prefix="gtables-fault-"), time.time()
    ctx = Ctx(work, args.quick, args.seed)
    try:
        ctx.setup()
        recs = [run_attack(ctx, n) for n in names]
        limit = "" if args.quick or args.only else sample_limit()
    finally:
        ctx.close()
    wall = time.time() - t0
    print(f"{sum(r.injections for r in recs)} injections, {wall:.0f} s; " + ", ".join(
        f"{sum(getattr(r, k) for r in recs)} {h}" for k, h in zip(COUNTERS, HEADS)))
    for r in recs:
        for a in r.anomalies:
            print(f"ANOMALY {r.name}: {a}")
    if not args.no_write:
        os.makedirs(args.out, exist_ok=True)
        with open(os.path.join(args.out, "reliability.md"), "w") as f:
            f.write(report(recs, argv, wall, args.quick, limit) + "\n")
        print(f"wrote {os.path.join(args.out, 'reliability.md')}")
    if not args.work:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if any(getattr(r, k) for r in recs for k in COUNTERS) or any(
        r.anomalies for r in recs) else 0


if __name__ == "__main__":
    sys.exit(main())
