#!/usr/bin/env python3
"""Write a catalogue's report from the store it ran into, with the run's description (command,
wall time, peak memory, machine load) from the log of ``/usr/bin/time -v``:
``--catalogue octal4`` (the default) writes results/octal_catalogue4.md and .json, ``--catalogue
octal3`` results/octal_catalogue.md and .json, ``--catalogue open3`` results/octal_open_atlas.md,
.json and its figure (give the run's --size, --big-size, --naive-size, --budget and --step-limit
if they were not the defaults: the atlas states them).

The misère chart's report is written by its sweep; `--catalogue misere3 --rewrite --note KEY=TEXT`
adds the run's description to it.

The documented run (about an hour on 2 cores at the defaults; the store is outside the repo):

    uptime > load_start.txt
    nohup /usr/bin/time -v gtables sweep --catalogue octal4 --store /tmp/oct4 \\
        --workers 2 --out results > run.log 2>&1 &
    uptime > load_end.txt       # when it is done
    python scripts/catalogue_report.py --store /tmp/oct4 --time-log run.log \\
        --load-start load_start.txt --load-end load_end.txt --out results

The open-game atlas likewise (several hours of CPU at the defaults; resumable):

    nohup /usr/bin/time -v gtables sweep --catalogue open3 --store /tmp/atlas --budget 0 \\
        --step-limit 600 --out /tmp/atlas-out > run.log 2>&1 &
    python scripts/catalogue_report.py --catalogue open3 --budget 0 --step-limit 600 \\
        --store /tmp/atlas --time-log run.log --out results

The atlas's report again from its JSON (no store), with the open games that another documented
run took further shown at that run's frontier (its figures and command cited; ``--longer`` takes
the JSON of ``scripts/run_naive_frontier.py``):

    python scripts/catalogue_report.py --catalogue open3 --rewrite \\
        --longer results/octal_naive_frontier.json --out results

An interrupted run resumes by running the same sweep command again on the same store: tables
already stored are skipped, and a longer table of a game resumes from its stored shorter one
(so a later run with a larger --size extends a finished one).  This script writes the report
from whatever the store holds (games not yet run are listed as missing).
"""
from __future__ import annotations

import argparse
import re

#: what is read from a ``/usr/bin/time -v`` log: (key, pattern, how its match is shown)
TIME_FIELDS = (
    ("command", r'Command being timed: "(.*)"', lambda x: f"`/usr/bin/time -v {x}`"),
    ("wall time", r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)", str),
    ("peak memory", r"Maximum resident set size \(kbytes\): (\d+)",
     lambda x: f"{int(x) / 1024:.0f} MiB (largest single process: the client or one Dask "
               f"worker, as /usr/bin/time -v reports it)"),
    ("CPU time (user, all processes)", r"User time \(seconds\): (\S+)",
     lambda x: f"{float(x):.0f} s"),
    ("exit status", r"Exit status: (\d+)", str),
)


def time_log(path: str) -> dict:
    """Command, wall time and peak resident memory from a ``/usr/bin/time -v`` log."""
    text = open(path).read()
    out = {}
    for key, pattern, show in TIME_FIELDS:
        m = re.search(pattern, text)
        if m:
            out[key] = show(m.group(1))
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--catalogue", choices=("octal3", "octal4", "open3", "misere3"),
                    default="octal4", help="misere3: with --rewrite only (its sweep writes the "
                    "report; --rewrite --note adds the run's description)")
    ap.add_argument("--store", help="the store the catalogue ran into (not with --rewrite)")
    ap.add_argument("--rewrite", action="store_true",
                    help="render OUT/STEM.md again from OUT/STEM.json (no store)")
    ap.add_argument("--longer", metavar="JSON",
                    help="open3 with --rewrite: the JSON of scripts/run_naive_frontier.py; games "
                         "it took further are shown at its frontier, cited")
    for opt, what in (("--size", "first pass"), ("--big-size", "sparse games' target"),
                      ("--naive-size", "naive games' target")):
        ap.add_argument(opt, type=int, default=None, help=f"open3: the run's {what} (default: "
                        f"the sweep's)")
    ap.add_argument("--budget", type=float, default=None,
                    help="open3: the run's --budget in seconds (default: the sweep's)")
    ap.add_argument("--step-limit", type=float, default=None,
                    help="open3: the run's --step-limit in seconds (default: none)")
    ap.add_argument("--out", default="results")
    ap.add_argument("--time-log", action="append", default=[], metavar="[LABEL=]PATH",
                    help="the /usr/bin/time -v log of a run (repeat for resumed runs)")
    ap.add_argument("--load-start", action="append", default=[], metavar="[LABEL=]PATH",
                    help="file with `uptime` at the start")
    ap.add_argument("--load-end", action="append", default=[], metavar="[LABEL=]PATH",
                    help="file with `uptime` at the end")
    ap.add_argument("--note", action="append", default=[], help="KEY=TEXT added to the run")
    args = ap.parse_args(argv)
    from gtables.errors import GtablesError
    from gtables.octal_catalogue import CATALOGUES
    from gtables.store import Store
    if args.rewrite:
        return rewrite(args)
    if args.catalogue == "misere3":
        raise SystemExit("misere3: its sweep writes the report itself; use --rewrite (with "
                         "--note KEY=TEXT) to describe the run")
    if not args.store:
        raise SystemExit("--store is needed (or --rewrite)")
    try:
        store = Store(args.store)
    except GtablesError as e:
        raise SystemExit(f"cannot read the store {args.store}: {e}") from None
    if not store.exists():
        raise SystemExit(f"no store at {args.store}")
    def labelled(item):
        label, _, path = item.rpartition("=")
        return (label + ": " if label else ""), path
    run = {}
    for item in args.time_log:
        label, path = labelled(item)
        run.update({label + k: v for k, v in time_log(path).items()})
    for key, items in (("load at start", args.load_start), ("load at end", args.load_end)):
        for item in items:
            label, path = labelled(item)
            run[label + key] = open(path).read().strip()
    for note in args.note:
        k, _, v = note.partition("=")
        run[k] = v
    run["machine"] = "2 cores shared with other jobs (see the load figures)"
    catalogue = CATALOGUES[args.catalogue]
    try:
        settings = catalogue.settings(size=args.size, big_size=args.big_size,
                                      naive_size=args.naive_size, budget=args.budget,
                                      step_limit=args.step_limit)
    except GtablesError as e:
        raise SystemExit(str(e)) from None
    for path in catalogue.write_report([], store, args.out, settings, run=run):
        print(f"wrote {path}")
    return 0


def rewrite(args) -> int:
    """The report again from its JSON, with ``--longer`` runs merged (open3)."""
    import datetime
    import json
    import os

    from gtables.octal_catalogue import CATALOGUES
    from gtables.octal_catalogue.atlas import add_longer_tables

    catalogue = CATALOGUES[args.catalogue]
    path = os.path.join(args.out, f"{catalogue.stem}.json")
    if not os.path.exists(path):
        raise SystemExit(f"no report to rewrite: {path}")
    notes = dict(n.partition("=")[::2] for n in args.note)
    edit = None
    if notes and not args.longer:
        def edit(doc):
            doc.setdefault("run", {}).update(notes)
    if args.longer:
        if args.catalogue != "open3":
            raise SystemExit("--longer applies to --catalogue open3")
        with open(args.longer) as f:
            runs = list(json.load(f)["entries"].values())
        source = "results/" + os.path.basename(args.longer).rsplit(".", 1)[0] + ".md"

        def edit(doc):
            taken = add_longer_tables(doc, runs, source)
            print(f"longer tables from {args.longer}: {', '.join(taken) or 'none'}")
            now = datetime.datetime.now(datetime.timezone.utc)
            doc.setdefault("run", {})["report rendered again"] = (
                f"{now:%Y-%m-%d %H:%M} UTC by `python scripts/catalogue_report.py --catalogue "
                f"open3 --rewrite --longer {args.longer} --out {args.out}` from this JSON (no "
                f"store): {', '.join(taken) or 'no game'} shown at the frontier of {source} "
                f"(section 'Longer tables from another run')")
            doc["run"].update(notes)
    for p in catalogue.rewrite_report(args.out, edit=edit):
        print(f"wrote {p}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
