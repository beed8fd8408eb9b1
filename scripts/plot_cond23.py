#!/usr/bin/env python3
"""Draw the Cond(2,3) loss sets of seed 004's pictures and write ``nimlike_cond23.md``.

Seed 004 (§肆.二 Cond(2,3) (二)) pictures the start losses of two-heap Cond(2,3) games for
n = 5, 9, 12, 13 and leaves their pattern open.  This script computes those tables (in memory),
draws one figure per pictured (m, n) into ``<out>/figures/nimlike_cond23_m<m>_n<n>.png`` and writes
``<out>/nimlike_cond23.md`` with what is observed (periodicity, row periods, the first square),
using :func:`gtables.verify.seed004.analyse_cond23`, the same observations as the claim
``004.cond23.2d.pictures``.  Everything it writes is observed on the computed range, not proved.

    python scripts/plot_cond23.py                    # size 200, into results/
    python scripts/plot_cond23.py --size 120 --out /tmp/r
"""
from __future__ import annotations

import argparse
import os

from gtables import api, plotting
from gtables.verify.seed004 import analyse_cond23, spec
from gtables.verify.seed004.data import COND23_PICTURES


def start_losses(m: int, n: int, size: int):
    """Boolean ``[0,size]^2``: the start position (N1, N2) of Cond(2,3) is a loss (P)."""
    t = api.compute(spec(2, m, n, size, True), store=None, progress=False)
    return t.values.reshape(size + 1, size + 1, -1)[..., 0] == 0


def write_cond23(out: str = "results", size: int = 200) -> str:
    """Plot the pictured Cond(2,3) loss sets and write ``nimlike_cond23.md``; returns its path."""
    figdir = os.path.join(out, "figures")
    os.makedirs(figdir, exist_ok=True)
    L = ["# Cond(2,3) in two heaps: the seed's unexplained pictures", "",
         "Written by `python scripts/plot_cond23.py` (seed 004 §肆.二 Cond(2,3) (二)). Start "
         f"positions (no previous amount) on [0,{size}]^2; black = P (the player to move loses). "
         "Everything here is **observed** on the computed range, not proved. 'Rows by period': "
         "least period of each row N2 = b along N1, on the second half of the range (period 1 = "
         "no loss in that part of the row; none = no period up to a third of it).", ""]
    for m, n in COND23_PICTURES:
        a = analyse_cond23(start_losses(m, n, size), m, n)
        name = f"nimlike_cond23_m{m}_n{n}.png"
        ax = plotting.plot_loss_set(a["sp"], "N1 (first heap)", "N2 (second heap)",
                                    f"Cond(2,3), m={m}, n={n}: start positions (N1, N2) in "
                                    f"[0,{size}]²")
        plotting.save(ax.figure, os.path.join(figdir, name))
        L += [f"## (m, n) = ({m}, {n})", "", f"- {a['summary']}", "",
              f"![loss pairs m={m} n={n}](figures/{name})", ""]
    path = os.path.join(out, "nimlike_cond23.md")
    with open(path, "w") as f:
        f.write("\n".join(L) + "\n")
    return path


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description="Plot the Cond(2,3) loss sets of seed 004.")
    ap.add_argument("--size", type=int, default=200, help="largest heap (default 200)")
    ap.add_argument("--out", default="results", help="output directory (default results)")
    args = ap.parse_args(argv)
    print(write_cond23(args.out, args.size))


if __name__ == "__main__":
    main()
