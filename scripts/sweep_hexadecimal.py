#!/usr/bin/env python3
"""Sweep of 1- and 2-digit hexadecimal games: the (pre-period, period, saltus) their values show.

Every code ``0.d1`` and ``0.d1d2`` (``d2`` not 0) with a digit of bit 8 (a move may leave three
non-empty heaps) is computed as ``octal:code=...,size=N`` with ``until_periodic``.  No theorem that
turns a finite check into a proof is implemented for three-heap splits (the Guy-Smith bound is for
two-heap splits; the Howse-Nowakowski test, TCS 313 (2004), was not read exactly), so the run fills
the whole table and every period is **observed**: seen on heaps ``0..N`` (the periodic part covering
at least 3 periods and half the table, :func:`gtables.engine.periodicity.find_period`), not proved.

Usage:
  python scripts/sweep_hexadecimal.py                 # N=2000; prints only
  python scripts/sweep_hexadecimal.py --write         # also results/hexadecimal.md/.json
  python scripts/sweep_hexadecimal.py --size 4000
"""
from __future__ import annotations

import argparse
import json
import pathlib
import platform
import sys
import time

from gtables import api

ROOT = pathlib.Path(__file__).resolve().parent.parent
HEX = "0123456789ABCDEF"


def codes() -> list[str]:
    one = [f"0.{d}" for d in HEX[8:]]
    two = [f"0.{a}{b}" for a in HEX for b in HEX[1:] if (int(a, 16) | int(b, 16)) & 8]
    return one + two


def run(size: int) -> tuple[list[dict], float]:
    rows = []
    t0 = time.perf_counter()
    api.compute_values("octal:code=0.F,size=50", until_periodic=True)     # compile first
    for code in codes():
        spec = f"octal:code={code},size={size}"
        t = time.perf_counter()
        values, attrs = api.compute_values(spec, until_periodic=True)
        extra = attrs["extra"]
        assert "period" not in extra, f"{spec}: a proved period, but no theorem is implemented"
        row = {"code": code, "spec": api.game(spec).spec, "computed_to": extra["computed_to"],
               "seconds": round(time.perf_counter() - t, 4), "max_value": int(values.max())}
        o = extra.get("observed")
        if o:
            row.update(preperiod=o["preperiod"], period=o["period"], saltus=o["saltus"],
                       status="observed")
        else:
            row.update(preperiod=None, period=None, saltus=None, status="none seen")
        row["first_values"] = [int(v) for v in values[:24]]
        rows.append(row)
    return rows, time.perf_counter() - t0


def markdown(rows: list[dict], size: int, wall: float, command: str) -> str:
    seen = [r for r in rows if r["status"] == "observed"]
    arith = [r for r in seen if r["saltus"]]
    lines = [
        "# Hexadecimal games: periods observed",
        "",
        f"Written by `{command}` ({len(rows)} games, wall time {wall:.1f} s on "
        f"{platform.machine()}, Python {platform.python_version()}; one process).",
        "",
        f"Game `octal:code=C,size={size}` for every 1- and 2-digit hexadecimal code `C` (`0.d1`, "
        f"`0.d1d2` with `d2` not 0) with a digit of bit 8: removing `k` tokens may leave three "
        f"non-empty heaps (bit 8), two (bit 4), one (bit 2) or none (bit 1), as in CGSuite's "
        f"`TakeAndBreak`.  Each table is computed to heap {size} by the naive kernel "
        f"(`src/gtables/games/octal/kernels.py`), which the tests check against the reference "
        f"solver on small tables.",
        "",
        "**Every period here is observed, none is proved**: no theorem turning a finite check into "
        "a proof is implemented for splits into three heaps.  The Guy-Smith theorem used for octal "
        "codes covers splits into two heaps only, and the arithmetic-periodicity test of Howse & "
        "Nowakowski (\"Periodicity and arithmetic-periodicity in hexadecimal games\", Theoretical "
        "Computer Science 313 (2004) 463-472) could not be read exactly, so it is not applied.  "
        "*Observed* = `G(n+p) = G(n) + s` holds for `pre-period <= n <= N - p`, the periodic part "
        "covering at least 3 periods and half the table.",
        "",
        f"{len(seen)} of {len(rows)} show a period ({len(arith)} of them arithmetic, saltus > 0); "
        f"{len(rows) - len(seen)} show none on heaps 0..{size}: "
        + (", ".join(f"`{r['code']}`" for r in rows if r["status"] != "observed") or "none") + ".",
        "",
        "| code | pre-period | period | saltus | status | largest value | seconds | G(0..15) |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(f"| {r['code']} | {r['preperiod']} | {r['period']} | {r['saltus']} | "
                     f"{r['status']} | {r['max_value']} | {r['seconds']} | "
                     f"{' '.join(map(str, r['first_values'][:16]))} |")
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=2000, help="largest heap (table size)")
    ap.add_argument("--write", action="store_true", help="write results/hexadecimal.*")
    args = ap.parse_args(argv)
    command = "python scripts/sweep_hexadecimal.py " + " ".join(argv if argv is not None
                                                                 else sys.argv[1:])
    rows, wall = run(args.size)
    text = markdown(rows, args.size, wall, command.strip())
    print(text)
    if args.write:
        out = ROOT / "results"
        (out / "hexadecimal.md").write_text(text)
        (out / "hexadecimal.json").write_text(json.dumps(
            {"command": command.strip(), "wall_seconds": round(wall, 2), "size": args.size,
             "proved": 0, "rows": rows}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
