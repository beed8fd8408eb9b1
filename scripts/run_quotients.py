"""Misère quotients of the named octal games, timed beside the exact tables they are checked
against: writes results/misere_quotients.md (+ .json).

For each game: the quotient of heaps 0..N (``gtables.quotient``, certified by the
pretending-function test), its time, and its check against the exact table of misère outcomes of
every sum of total at most T (``octal:code=C,play=misere,total=T``, computed by the heap-sum
kernel, whose time is given beside it).  The quotients and tables go into the store (``--store``,
else gtables' default store), so a second run reads them back instead (the times shown are then
those stored with them, as the report says).

    python scripts/run_quotients.py                      # the games below, checked to total 80
    python scripts/run_quotients.py --total 40 --quick   # a quick look (tables of total 40)
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import time

GAMES = [  # (code, heaps, name)
    ("0.07", 30, "Dawson's Kayles"),
    ("0.77", 60, "Kayles"),
    ("0.77", 200, "Kayles"),
    ("0.75", 40, ""),
    ("0.137", 32, "Dawson's chess"),
    ("4!.0", 28, "Grundy's game"),
    ("4.7", 30, "Daisies"),
]
QUICK = [("0.07", 30, "Dawson's Kayles"), ("0.77", 60, "Kayles")]


def peak_mb() -> float:
    return max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
               resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss) / 1024


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--total", type=int, default=80,
                    help="check every sum of total <= T against the exact table (default 80)")
    ap.add_argument("--quick", action="store_true", help="only 0.07 to 30 and 0.77 to 60")
    ap.add_argument("--store", default=None, help="the store (default: gtables' default)")
    ap.add_argument("--out", default="results", help="directory for the report")
    ap.add_argument("--time-limit", type=float, default=600.0,
                    help="seconds per quotient before giving up (default 600)")
    args = ap.parse_args(argv)
    if not 0 <= args.total <= 100:
        ap.error("--total must be 0..100")
    os.makedirs(args.out, exist_ok=True)
    import gtables
    from gtables import quotients
    from gtables.misere.quotient import QuotientError

    store = gtables.open_store(args.store)
    t_start = time.perf_counter()
    load0 = os.getloadavg()
    rows = []
    for code, n, name in (QUICK if args.quick else GAMES):
        spec = f"octal:code={code}"
        tspec = quotients.misere_total_spec(f"{spec},size={n}", args.total)
        print(f"{spec} heaps 0..{n}: table {tspec}", file=sys.stderr, flush=True)
        t0 = time.perf_counter()
        table = gtables.compute(tspec, store=store)
        table_wall = time.perf_counter() - t0
        row = {"code": code, "name": name, "heaps": n, "table": tspec,
               "table_positions": int(table.values.size),
               "table_seconds": float(table.attrs.get("compute_seconds", table_wall))}
        t0 = time.perf_counter()
        try:
            q = quotients.quotient(spec, n, store=store, check_total=args.total,
                                   time_limit=args.time_limit)
        except QuotientError as e:
            row.update(gave_up=str(e), heap=e.heap,
                       partial_size=None if e.partial is None else e.partial.size)
            rows.append(row)
            print(f"  gave up: {e}", file=sys.stderr)
            continue
        row.update(size=q.size, p_size=q.p_size, tame_to=q.tame_to, last_rogue=q.last_rogue,
                   phi_period=None if q.phi_period is None else q.phi_period.describe(),
                   quotient_seconds=q.seconds, check_seconds=q.check_seconds,
                   checked_total=q.checked_total, checked_positions=q.checked_positions,
                   checked_against=q.checked_against,
                   agrees=q.first_disagreement is None,
                   wall=time.perf_counter() - t0)
        rows.append(row)
        print(f"  |Q| = {q.size}, |P| = {q.p_size}: {q.seconds:.2f} s; checked on "
              f"{q.checked_positions:,} sums in {q.check_seconds:.2f} s", file=sys.stderr)
    wall = time.perf_counter() - t_start
    doc = {"command": "python scripts/run_quotients.py " + " ".join(argv or sys.argv[1:]),
           "wall_seconds": round(wall, 1), "peak_rss_mb": round(peak_mb()),
           "load_start": [round(x, 2) for x in load0],
           "load_end": [round(x, 2) for x in os.getloadavg()],
           "cpus": os.cpu_count(), "total": args.total, "rows": rows}
    with open(os.path.join(args.out, "misere_quotients.json"), "w") as fh:
        json.dump(doc, fh, indent=1)
    L = ["# Misère quotients of octal games, beside the exact tables that check them", "",
         f"Written by `{doc['command'].strip()}` in {doc['wall_seconds']} s wall time (peak RSS "
         f"{doc['peak_rss_mb']} MB; load average {doc['load_start'][0]} at the start, "
         f"{doc['load_end'][0]} at the end, {doc['cpus']} CPUs). Each quotient "
         f"(`gtables quotient octal:code=C --heaps N`) is certified for every sum of heaps "
         f"0..N by the pretending-function test, then compared with the exact misère outcome "
         f"of every sum of heaps 1..N of total <= {args.total} in the table beside it. Times "
         f"of a quotient or table read back from the store are those of the run that made "
         f"it.", "",
         "| game | heaps | \\|Q\\| | \\|P\\| | tame to | last rogue | Φ period (observed) | "
         "quotient s | exact table | positions | table s | check s | agrees |",
         "|---|---:|---:|---:|---:|---:|---|---:|---|---:|---:|---:|---|"]
    for r in rows:
        game = f"{r['code']}" + (f" ({r['name']})" if r["name"] else "")
        if "gave_up" in r:
            L.append(f"| {game} | {r['heaps']} | gave up at heap {r['heap']}: {r['gave_up']} "
                     f"| | | | | | `{r['table']}` | {r['table_positions']:,} | "
                     f"{r['table_seconds']:.1f} | | |")
            continue
        L.append(f"| {game} | {r['heaps']} | {r['size']} | {r['p_size']} | {r['tame_to']} | "
                 f"{r['last_rogue']} | {r['phi_period'] or '-'} | {r['quotient_seconds']:.2f} | "
                 f"`{r['table']}` | {r['table_positions']:,} | {r['table_seconds']:.1f} | "
                 f"{r['check_seconds']:.1f} | {'yes' if r['agrees'] else 'NO'} |")
    L += ["", "The quotient answers every sum of heaps 0..N, of any total; the exact table "
          f"answers the sums of total <= {args.total} only, and grows with the number of "
          "partitions of T (123,223,639 positions at T = 80)."]
    with open(os.path.join(args.out, "misere_quotients.md"), "w") as fh:
        fh.write("\n".join(L) + "\n")
    print(f"wrote {os.path.join(args.out, 'misere_quotients.md')}")
    return 0 if all(r.get("agrees", True) for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
