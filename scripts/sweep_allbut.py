#!/usr/bin/env python3
"""Sweep of all-but subtraction games: (pre-period, period, saltus) of every excluded set ``X``
drawn from ``{1..M}`` with ``|X| <= K``, each proved or observed.

Each game ``subtraction:allbut=X,size=N`` is computed with ``until_periodic`` (the run stops as
soon as the all-but window lemma, ``games/allbut_kernels.py``, proves an arithmetic period; the rest
of the table follows from it).  A game the lemma does not settle within ``N`` heaps is reported
with the period the values show on ``0..N`` ("observed"), or none.  Literature checks on the
results: every game with ``|X| <= 3`` is *purely* arithmetic-periodic (pre-period 0: A. Siegel for
``|X| <= 2``, Sleator & Slusky, arXiv:1201.3299, for ``|X| = 3``); ``|X| >= 4`` need not be.  The
script exits 1 if a proved row contradicts that.

Usage:
  python scripts/sweep_allbut.py                      # M=8, K=4, N=10000; prints only
  python scripts/sweep_allbut.py --write              # also results/arithmetic_periodic.md/.json
  python scripts/sweep_allbut.py --max 8 --k 3 --size 100000
"""
from __future__ import annotations

import argparse
import itertools
import json
import pathlib
import platform
import sys
import time

from gtables import api
from gtables.games.subtraction import canon_set

ROOT = pathlib.Path(__file__).resolve().parent.parent


def run(m: int, k: int, size: int) -> tuple[list[dict], float]:
    rows = []
    t0 = time.perf_counter()
    api.compute_values("subtraction:allbut=1,size=100", until_periodic=True)   # compile first
    for r in range(k + 1):
        for x in itertools.combinations(range(1, m + 1), r):
            spec = f"subtraction:allbut={canon_set(x)},size={size}"
            t = time.perf_counter()
            values, attrs = api.compute_values(spec, until_periodic=True)
            extra = attrs["extra"]
            row = {"excluded": list(x), "spec": api.game(spec).spec,
                   "computed_to": extra["computed_to"], "seconds": round(time.perf_counter() - t, 4)}
            if "period" in extra:
                row.update(preperiod=extra["preperiod"], period=extra["period"],
                           saltus=extra["saltus"], status="proved", certificate=extra["proof"])
            elif extra.get("observed"):
                o = extra["observed"]
                row.update(preperiod=o["preperiod"], period=o["period"], saltus=o["saltus"],
                           status="observed", certificate="")
            else:
                row.update(preperiod=None, period=None, saltus=None, status="none", certificate="")
            row["first_values"] = [int(v) for v in values[:24]]
            rows.append(row)
    return rows, time.perf_counter() - t0


def literature_problems(rows: list[dict]) -> list[str]:
    return [f"{r['spec']}: pre-period {r['preperiod']} (Siegel / Sleator-Slusky: 0 for |X| <= 3)"
            for r in rows if r["status"] == "proved" and len(r["excluded"]) <= 3
            and r["preperiod"] != 0]


def markdown(rows: list[dict], args, wall: float, command: str) -> str:
    proved = sum(r["status"] == "proved" for r in rows)
    lines = [
        "# Arithmetic periods of all-but subtraction games",
        "",
        f"Written by `{command}` ({len(rows)} games, wall time {wall:.1f} s on "
        f"{platform.machine()}, Python {platform.python_version()}).",
        "",
        f"Game `subtraction:allbut=X,size={args.size}`: a move takes any `s >= 1` from the heap "
        f"except `s` in `X`; every `X` drawn from `{{1..{args.max}}}` with `|X| <= {args.k}`.  "
        f"Each run stops as soon as a period is proved (`--until-periodic`): **proved** = "
        f"certified by the all-but window lemma (`src/gtables/games/allbut_kernels.py`: if "
        f"`G(n+p) = G(n)+s` for `n1 <= n < n1 + max X` and the values before `n1 + p` are "
        f"`{{0..s-1}}` together with the values before `n1` shifted by `s`, the relation holds for "
        f"every `n >= n1`); **observed** = seen on heaps `0..{args.size}` only.  A. Siegel proved "
        f"every all-but game ultimately arithmetic-periodic, purely so for `|X| <= 2`; Sleator & "
        f"Slusky (arXiv:1201.3299) purely for `|X| = 3`; the table agrees (pre-period 0 there).",
        "",
        f"{proved} of {len(rows)} proved.  Not purely arithmetic-periodic (pre-period > 0): "
        + (", ".join("{" + ",".join(map(str, r["excluded"])) + "}" for r in rows
                     if r["preperiod"]) or "none") + ".",
        "",
        "| X | pre-period | period | saltus | status | heaps computed | G(0..15) |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        x = "{" + ",".join(map(str, r["excluded"])) + "}"
        lines.append(f"| {x} | {r['preperiod']} | {r['period']} | {r['saltus']} | {r['status']} | "
                     f"{r['computed_to']} | {' '.join(map(str, r['first_values'][:16]))} |")
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--max", type=int, default=8, help="excluded amounts come from 1..MAX")
    ap.add_argument("--k", type=int, default=4, help="at most K excluded amounts")
    ap.add_argument("--size", type=int, default=10000, help="largest heap (table size)")
    ap.add_argument("--write", action="store_true", help="write results/arithmetic_periodic.*")
    args = ap.parse_args(argv)
    command = "python scripts/sweep_allbut.py " + " ".join(argv if argv is not None else sys.argv[1:])
    rows, wall = run(args.max, args.k, args.size)
    text = markdown(rows, args, wall, command.strip())
    print(text)
    problems = literature_problems(rows)
    for p in problems:
        print("LITERATURE MISMATCH:", p)
    if args.write:
        out = ROOT / "results"
        (out / "arithmetic_periodic.md").write_text(text)
        (out / "arithmetic_periodic.json").write_text(json.dumps(
            {"command": command.strip(), "wall_seconds": round(wall, 2), "max": args.max,
             "k": args.k, "size": args.size, "rows": rows}, indent=1) + "\n")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
