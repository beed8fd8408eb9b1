#!/usr/bin/env python3
"""Benchmark: the misère quotient engine on a fixed sample of chart classes it gave up on.

Each class of the sample (octal codes from results/misere_chart.json that gave up at heaps 5 to
40 with an 8 s budget) is run to ``--heaps`` with ``--budget`` seconds by
:func:`gtables.misere.quotient.quotient`, once with this tree's sources and, when ``--baseline``
names the ``src`` folder of another checkout (say the commit before a speed-up), once with that,
in the same run, each class in a process of its own (numba's cache warm: a warm-up call first,
outside the timing).  Per class: the heap reached (the bound, or the heap it gave up at), |Q| and
|P| of the certified quotient, the seconds, and why it stopped.  Where both runs reach the same
heap their quotients are compared (|Q|, |P| and Φ: a difference prints MISMATCH and the script
exits with status 1).  The machine's load (``os.getloadavg``) is recorded before and after.

``--identity N`` also runs this tree on N classes that reached the bound in the chart (every k-th,
fixed) to ``--heaps`` (or the chart's bound if smaller) and compares |Q_t| and |P_t| for every
``t`` up to it with the chart's rows (and Φ when the bounds are equal).

Usage:
  python scripts/bench_misere.py --baseline ../old/src --write     # results/bench_misere.md
  python scripts/bench_misere.py --codes 0.06,0.76 --budget 20
  python scripts/bench_misere.py --identity 60                     # identity check only
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
CHART = ROOT / "results" / "misere_chart.json"

# gave up in the chart (heap): the named classes, Grundy's game's class, and some that
# stopped at heaps 10 and 15-17
SAMPLE = ("0.06", "0.16", "0.37", "0.74", "0.76", "0.165", "0.137", "0.4", "0.6", "0.07",
          "0.354", "0.774", "4.126", "4.162", "4.361", "0.536", "0.544", "0.017", "4.344",
          "4.324", "0.207", "4.7")

WORKER = r"""
import json, sys, time
try:
    from gtables.misere.quotient import QuotientError, quotient
except ImportError:                          # a baseline from before gtables.misere (issue 40)
    from gtables.engine.quotient import QuotientError, quotient
from gtables.games.octal import heap_options
code, heaps, budget = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
def options_of(h):
    return heap_options(code, h)
quotient(options_of, 3)                      # warm-up: numba loads its cache
t0 = time.perf_counter()
try:
    q = quotient(options_of, heaps, time_limit=budget)
    stop, why = None, None
except QuotientError as e:
    q, stop, why = e.partial, e.heap, str(e)
sec = time.perf_counter() - t0
print(json.dumps({"code": code, "seconds": round(sec, 3), "gave_up_at": stop, "reason": why,
                  "heaps": None if q is None else q.heaps,
                  "size": None if q is None else q.size,
                  "p_size": None if q is None else q.p_size,
                  "phi": None if q is None else [int(x) for x in q.phi],
                  "sizes": None if q is None else [int(x) for x in q.sizes],
                  "p_sizes": None if q is None else [int(x) for x in q.p_sizes]}))
"""


def run_one(src: str, code: str, heaps: int, budget: float) -> dict:
    env = dict(os.environ, PYTHONPATH=src)
    out = subprocess.run([sys.executable, "-c", WORKER, code, str(heaps), str(budget)],
                         env=env, capture_output=True, text=True, timeout=budget * 20 + 300)
    if out.returncode != 0:
        return {"code": code, "error": out.stderr.strip().splitlines()[-1:]}
    return json.loads(out.stdout.strip().splitlines()[-1])


def reached(r: dict) -> str:
    if "error" in r:
        return "error"
    return f"{r['heaps']}" if r["gave_up_at"] is None else f"gave up at {r['gave_up_at']}"


def same_quotient(a: dict, b: dict) -> bool:
    """Whether the two runs agree on the heaps both certified: the same quotient when they
    reached the same heap, else the same |Q_t| and |P_t| for every bound t both reached."""
    if "error" in a or "error" in b or a["heaps"] is None or b["heaps"] is None:
        return True
    if a["heaps"] == b["heaps"]:
        return (a["size"], a["p_size"], a["phi"]) == (b["size"], b["p_size"], b["phi"])
    n = min(a["heaps"], b["heaps"]) + 1
    return a["sizes"][:n] == b["sizes"][:n] and a["p_sizes"][:n] == b["p_sizes"][:n]


def identity(n: int, heaps: int) -> list[dict]:
    """Run this tree on ``n`` chart classes that reached the bound; compare with the chart."""
    from gtables.games.octal import heap_options
    from gtables.misere.quotient import quotient

    doc = json.loads(CHART.read_text())
    done = [r for r in doc["rows"] if r["status"] == "bound"]
    step = max(1, len(done) // n)
    out = []
    for r in done[::step][:n]:
        code = r["representative"]
        # the chart's row holds |Q_t| and |P_t| for every t <= its bound, and Φ as elements of
        # its own quotient (numbered in that quotient's order: comparable at its bound only)
        b = min(heaps, r["heaps"])
        q = quotient(lambda h, c=code: heap_options(c, h), b)
        ok = (q.sizes.tolist(), q.p_sizes.tolist()) == (r["sizes"][:b + 1], r["p_sizes"][:b + 1])
        if b == r["heaps"]:
            ok = ok and [int(x) for x in q.phi] == r["phi"]
        out.append({"code": code, "size": q.size, "ok": ok, "seconds": round(q.seconds, 3)})
        if not ok:
            print(f"MISMATCH {code}: |Q| {q.size} (chart {r['sizes'][b]} at heap {b})",
                  flush=True)
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--baseline", help="the src folder of the checkout to compare against")
    p.add_argument("--codes", help="comma-separated codes, each optionally with its own heap "
                   "bound (0.4:33); default: the fixed sample")
    p.add_argument("--to-chart", action="store_true",
                   help="the sample to the heap each class reached in the chart (the time "
                   "the same work takes), with the budget raised to 120 s unless given")
    p.add_argument("--out", default="bench_misere", help="results/<out>.md/.json")
    p.add_argument("--heaps", type=int, default=40)
    p.add_argument("--budget", type=float, default=None, help="seconds per class (default 8)")
    p.add_argument("--identity", type=int, default=0, help="classes for the identity check")
    p.add_argument("--write", action="store_true", help="write results/bench_misere.md/.json")
    args = p.parse_args(argv)
    if args.budget is None:
        args.budget = 120.0 if args.to_chart else 8.0
    codes = args.codes.split(",") if args.codes else list(SAMPLE)
    if args.to_chart:
        rows_ = {r["representative"]: r for r in json.loads(CHART.read_text())["rows"]}
        codes = [f"{c}:{rows_[c]['heaps']}" for c in codes if rows_[c].get("heaps")]
    src = str(ROOT / "src")
    load0 = os.getloadavg()
    rows = []
    bad = 0
    t0 = time.time()
    if not (args.identity and not args.codes and args.baseline is None and not args.write):
        for item in codes:
            code, _, upto = item.partition(":")
            heaps = int(upto) if upto else args.heaps
            new = run_one(src, code, heaps, args.budget)
            old = run_one(args.baseline, code, heaps, args.budget) if args.baseline else None
            agree = old is None or same_quotient(old, new)
            bad += not agree
            rows.append({"code": code, "heaps": heaps, "new": new, "old": old, "agree": agree,
                         "load": round(os.getloadavg()[0], 2)})
            line = f"{code:7s} new: {reached(new):14s} {new.get('seconds', 0):7.2f} s"
            if old is not None:
                line += (f"   old: {reached(old):14s} {old.get('seconds', 0):7.2f} s"
                         f"   old/new {ratio(old, new)}")
            print(line + ("" if agree else "  MISMATCH"), flush=True)
    ident = identity(args.identity, args.heaps) if args.identity else []
    bad += sum(not r["ok"] for r in ident)
    load1 = os.getloadavg()
    doc = {"heaps": args.heaps, "budget": args.budget, "load_start": load0, "load_end": load1,
           "wall_seconds": round(time.time() - t0, 1), "rows": rows, "identity": ident}
    if args.write:
        (ROOT / "results" / f"{args.out}.json").write_text(json.dumps(doc, indent=1) + "\n")
        (ROOT / "results" / f"{args.out}.md").write_text(markdown(doc))
    if ident:
        print(f"identity: {sum(r['ok'] for r in ident)}/{len(ident)} chart quotients reproduced")
    return 1 if bad else 0


def ratio(old: dict, new: dict) -> str:
    """Old seconds over new seconds (the same heap reached: else the ratio says little)."""
    if not old or not new.get("seconds") or old.get("seconds") is None:
        return "-"
    same = "" if reached(old) == reached(new) else " (different heaps)"
    return f"{old['seconds'] / new['seconds']:.2f}{same}"


def markdown(doc: dict) -> str:
    lines = ["# Misère quotient engine: give-up sample, before and after", "",
             f"Written by `python scripts/bench_misere.py`: each class to heap {doc['heaps']} "
             f"(or the bound in its row) with "
             f"a budget of {doc['budget']:g} s, this tree (new) and the baseline (old) in the same "
             f"run, one process per class. Load (1-min average) "
             f"{doc['load_start'][0]:.2f} at the start, {doc['load_end'][0]:.2f} at the end "
             f"(2 cores); wall {doc['wall_seconds']} s.", "",
             "| class | bound | old: heap reached | old s | old \\|Q\\| | new: heap reached | new s "
             "| new \\|Q\\| | old s / new s | load |", "|---|---|---|---|---|---|---|---|---|---|"]
    for r in doc["rows"]:
        o, n = r["old"] or {}, r["new"]
        lines.append(f"| {r['code']} | {r.get('heaps', doc['heaps'])} | "
                     f"{reached(o) if o else '-'} | {o.get('seconds', '-')} | "
                     f"{o.get('size', '-')} | {reached(n)} | {n.get('seconds', '-')} | "
                     f"{n.get('size', '-')} | {ratio(o, n)} | {r['load']} |")
    if doc["identity"]:
        ok = sum(r["ok"] for r in doc["identity"])
        lines += ["", f"Identity: {ok} of {len(doc['identity'])} classes that reached the bound "
                  f"in results/misere_chart.json give the same |Q_t| and |P_t| for every bound "
                  f"t up to {doc['heaps']} (and Φ where the chart's bound is that)."]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(main())
