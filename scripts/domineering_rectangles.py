"""Domineering on every R x C rectangle up to a size: the canonical value by the search of values
(each position split into its regions, each region's value looked up by its mirror class, a
position's value the sum of its regions') beside the outcome by the outcome search (no values,
no splitting), each in a process of its own with a time limit, its wall time and peak memory
recorded.  A long run: results are kept in ``--out`` (JSON) after every board, and a board already
there is not run again (a stopped run loses one board's work).

    python scripts/domineering_rectangles.py --max 8 --limit 600 --out results/domineering_rectangles.json

Boards are run by area; a board is skipped (``not run``) when a board it contains (fewer rows
or columns) already ran past the limit with the same method.  ``--markdown F`` writes the table.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time


def run(spec: str, limit: float) -> dict:
    """``gtables solve SPEC --method reachable`` in a process of its own: its JSON, wall time
    and peak RSS, or why it stopped."""
    cmd = [sys.executable, "-m", "gtables.cli", "solve", spec, "--method", "reachable", "--json",
           "--no-progress", "--no-checkpoint", "--ignore-memory-limit"]
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = t0 + limit
    timed_out, usage, code = False, None, None
    while True:              # reaped here, not by Popen, to read the process's own peak RSS
        pid, status, usage = os.wait4(p.pid, os.WNOHANG)
        if pid:
            code = os.waitstatus_to_exitcode(status)
            break
        if time.perf_counter() > deadline:
            p.kill()
            _, status, usage = os.wait4(p.pid, 0)
            timed_out = True
            break
        time.sleep(0.2)
    p.returncode = code if code is not None else -9
    out, err = p.stdout.read(), p.stderr.read()
    row: dict = {"wall_s": round(time.perf_counter() - t0, 2)}
    row["peak_rss_mib"] = round(usage.ru_maxrss / 1024, 1)
    if timed_out:
        row["stopped"] = f"past the limit of {limit:g} s"
        return row
    if code != 0:
        row["stopped"] = (err.strip().splitlines() or [f"exit {code}"])[-1][:200]
        return row
    d = json.loads(out)
    row.update(outcome=d["outcome"], positions_stored=d["positions_stored"],
               search_s=d["seconds"])
    if "value" in d:
        row.update(value=d["value"], temperature=d["temperature"])
    return row


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--max", type=int, default=8, help="largest rows and columns (default 8)")
    ap.add_argument("--limit", type=float, default=600.0, help="seconds a search (default 600)")
    ap.add_argument("--out", default="results/domineering_rectangles.json")
    ap.add_argument("--markdown", default=None, help="also write the table as Markdown here")
    ap.add_argument("--rerun", action="append", choices=("values", "outcome"), default=[],
                    help="run this method again on every board even where --out has it "
                         "(repeatable)")
    a = ap.parse_args(argv)
    from gtables.verify.boards_literature import DOMINEERING_OBSEQUI
    done = {}
    if os.path.exists(a.out):
        with open(a.out) as f:
            done = {(r["rows"], r["cols"]): r for r in json.load(f)["boards"]}
    boards = sorted(((r, c) for r in range(1, a.max + 1) for c in range(1, a.max + 1)),
                    key=lambda b: (b[0] * b[1], b))
    meta = {"command": " ".join([os.path.basename(sys.executable)] + sys.argv),
            "limit_s": a.limit, "started": time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime())}
    for r, c in boards:
        row = done.get((r, c), {"rows": r, "cols": c})
        for method, spec in (("values", f"domineering:rows={r},cols={c},value=canonical"),
                             ("outcome", f"domineering:rows={r},cols={c}")):
            if method in row and method not in a.rerun:
                continue
            blocked = any(done.get((r2, c2), {}).get(method, {}).get("stopped", "").startswith(
                "past") for r2 in range(1, r + 1) for c2 in range(1, c + 1) if (r2, c2) != (r, c))
            if blocked:
                row[method] = {"stopped": "not run (a smaller board ran past the limit)"}
                continue
            row[method] = run(spec, a.limit)
            row[method]["load_after"] = round(os.getloadavg()[0], 2)
            print(f"{r}x{c} {method}: {row[method]}", flush=True)
        done[(r, c)] = row
        tmp = a.out + ".tmp"
        with open(tmp, "w") as f:
            json.dump({"meta": meta, "boards": [done[b] for b in boards if b in done]}, f,
                      indent=1)
        os.replace(tmp, a.out)
    if a.markdown:
        lines = ["| board | value (search of values) | temperature | outcome | values: s, MiB, "
                 "positions | outcome search: outcome, s, MiB, positions | published (Obsequi) |",
                 "|---|---|---|---|---|---|---|"]
        for b in boards:
            row = done[b]
            v, o = row["values"], row["outcome"]

            def cell(x):
                if "stopped" in x:
                    return x["stopped"]
                return f"{x['wall_s']} s, {x.get('peak_rss_mib', '?')} MiB, " \
                       f"{x['positions_stored']:,}"
            pub = DOMINEERING_OBSEQUI.get(b, "")
            found = {x.get("outcome") for x in (v, o)} - {None}
            agree = "" if not pub or not found else " (agrees)" if found == {pub} else \
                " (DIFFERS)"
            lines.append(f"| {b[0]} x {b[1]} | {v.get('value', '')} | {v.get('temperature', '')}"
                         f" | {v.get('outcome', '')} | {cell(v)} | {o.get('outcome', '')}: "
                         f"{cell(o)} | {pub}{agree} |")
        with open(a.markdown, "w") as f:
            f.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
