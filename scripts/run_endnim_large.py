"""The documented larger End-Nim run (seed 002): every ``002.*`` claim at scale 'large' (full
tables of every string of length <= 8 with stacks <= 8 and of length <= 12 with stacks <= 3, both
modes; thresholds and phase diagrams for every w of length <= 5 with stacks <= 7; rows to
b = 131072), written to results/endnim_large.md and .json, and the row periodicity table to
results/endnim_rows.md.  Tables are computed in memory (not stored).  Run:

    python scripts/run_endnim_large.py [--scale large|default|small]
"""
from __future__ import annotations

import argparse
import os
import time

from gtables.reproduce import table_provider
from gtables.verify import report, seed002
from gtables.verify.runner import run_claims

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scale", default="large", choices=("small", "default", "large"))
    ap.add_argument("--outdir", default=os.path.join(ROOT, "results"))
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    verdicts, ctx = run_claims(names=["002"], provider=table_provider(None), scale=args.scale,
                               echo=lambda s: print(s, flush=True))
    meta = report.run_meta(args.scale)
    meta["wall_seconds"] = round(time.perf_counter() - t0, 1)
    stem = "endnim_large" if args.scale == "large" else f"endnim_{args.scale}"
    md, js = report.write(args.outdir, stem, verdicts, ctx.computed, meta,
                          f"End-Nim (seed 002), scale {args.scale}")
    print(f"wrote {md} and {js}")

    B = seed002.ROWS_B[args.scale]
    a4b = seed002.rows_table([(a, 4) for a in range(1, 17)], B)
    other = seed002.rows_table(seed002.EXTRA_ROW_PREFIXES, B)
    path = os.path.join(args.outdir, "endnim_rows.md")
    with open(path, "w") as f:
        f.write("# End-Nim rows: arithmetic periodicity G(a w (b+p)) = G(a w b) + s\n\n"
                f"Impartial Grundy values of the rows `a w b`, b = 1..{B}, by the row method "
                "(gtables.games.endnim.frame). Smallest period p whose fit holds on at least the "
                "last half of the row and on 4 periods (seed002.settled_period); observed, not "
                "proved. Written by scripts/run_endnim_large.py.\n\n"
                "## Rows a 4 b, a = 1..16 (seed 002, §2)\n\n" + seed002.rows_markdown(a4b) +
                "\n\n## Other short rows\n\n" + seed002.rows_markdown(other) + "\n")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
