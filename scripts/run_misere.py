"""Misère outcomes of every sum of heaps of total <= T for octal games, and where misère and
normal play part ways; writes results/misere.md.

    python scripts/run_misere.py                     # 0.77 and 0.07 at T = 40, 60, 80
    python scripts/run_misere.py --codes 0.77 --totals 40 60 --out results/misere.md

For each code and total: positions, time, positions/s and peak memory (the process's
``ru_maxrss``) of the misère table (``octal:code=C,play=misere,total=T``); per heap n <= T its
normal-play Grundy value and the misère outcome of the heap alone; and the first total at which
the misère and normal P-positions of sums differ beyond the trivial cases.

"Trivial" (Bouton, 1902): positions whose heaps all have Grundy value 0 or 1 in normal play.
There misère play is known to reverse the verdict exactly when every heap is of value <= 1
(misère Nim's "fickle" positions: ones and zeros), so a difference there is expected and not
counted.  A *non-trivial* difference is a sum with some heap of Grundy value >= 2 whose misère
outcome differs from its normal outcome (P iff the XOR of the Grundy values is 0), which is what
misère Nim's rule would forbid for a tame game (Conway, ONAG ch. 12: tame games play like misère
Nim).
"""
from __future__ import annotations

import argparse
import functools
import pathlib
import resource
import sys

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

import gtables  # noqa: E402
from gtables import games  # noqa: E402
from gtables.engine.compute import fill  # noqa: E402
from gtables.engine.kernels import N, P  # noqa: E402

OUTCOME = "PN"
CHUNK = 1 << 16


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def first_difference(space, misere, grundy):
    """``(total, example, misère, normal)`` of the smallest position, in index order (so the
    least total), with a heap of Grundy value >= 2 whose misère outcome differs from normal
    play's; ``None`` if there is none."""
    for lo in range(0, space.size, CHUNK):
        hi = min(space.size, lo + CHUNK)
        rows = space.unrank(np.arange(lo, hi))
        g = grundy[rows]
        g[rows == 0] = 0
        x = functools.reduce(np.bitwise_xor, g.T, np.zeros(hi - lo, dtype=np.int64))
        normal = np.where(x == 0, P, N)
        trivial = (g <= 1).all(axis=1)
        bad = np.flatnonzero((misere[lo:hi] != normal) & ~trivial)
        if bad.size:
            i = int(bad[0])
            return (int(rows[i].sum()), space.format(rows[i]), OUTCOME[misere[lo + i]],
                    OUTCOME[normal[i]])
    return None


def run(code: str, total: int) -> dict:
    spec = f"octal:code={code},play=misere,total={total}"
    family = games.get("octal")
    game = family.game(family.parse([("code", code), ("play", "misere"), ("total", str(total))]))
    values, seconds = fill(game)
    g = gtables.compute(f"octal:code={code},size={total}", store=None, progress=False).values
    grundy = np.asarray(g, dtype=np.int64)
    space = game.space
    single = [int(values[space.index([h] + [0] * (space.width - 1))]) if h else int(values[0])
              for h in range(total + 1)]
    return {"spec": spec, "code": code, "total": total, "size": space.size, "seconds": seconds,
            "rate": space.size / max(seconds, 1e-9), "peak_mb": peak_mb(),
            "p_count": int((values == P).sum()), "grundy": grundy.tolist(), "single": single,
            "first": first_difference(space, values, grundy)}


def write(results: list[dict], out: pathlib.Path, argv: list[str]) -> None:
    lines = ["# Misère outcomes of sums of heaps (octal games, splits included)", "",
             f"Written by `python scripts/run_misere.py {' '.join(argv)}` "
             f"(gtables {gtables.__version__}). Tables: `octal:code=C,play=misere,total=T`, every "
             "multiset of heaps of total <= T; the fill is the heap-sum outcome worker "
             "(`gtables.engine.heapsums`), tier by tier (one total per tier) on all threads.", "",
             "## Runs", "",
             "| spec | positions | P-positions | seconds | positions/s | peak RSS (MB) |",
             "|---|---:|---:|---:|---:|---:|"]
    for r in results:
        lines.append(f"| `{r['spec']}` | {r['size']:,} | {r['p_count']:,} | {r['seconds']:.1f} | "
                     f"{r['rate']:,.0f} | {r['peak_mb']:,.0f} |")
    lines += ["", "Peak RSS is the whole process's, cumulative over the runs above it (tables of "
              "one byte per position, plus the normal-play Grundy table and numba).", "",
              "## Where misère and normal play part ways", "",
              "Trivial cases (not counted): sums whose heaps all have normal Grundy value 0 or 1, "
              "where misère Nim reverses the verdict (Bouton). Reported: the least total with a "
              "sum holding a heap of Grundy value >= 2 whose misère outcome differs from its "
              "normal outcome (P iff the XOR of Grundy values is 0).", "",
              "| code | T | first such total | example | misère | normal |", "|---|---:|---:|---|---|---|"]
    for r in results:
        f = r["first"]
        lines.append(f"| {r['code']} | {r['total']} | " + (" | ".join(map(str, f)) if f else
                                                            "none up to T | | |") + " |")
    best: dict[str, dict] = {}
    for r in results:
        if r["code"] not in best or r["total"] > best[r["code"]]["total"]:
            best[r["code"]] = r
    for code, r in best.items():
        lines += ["", f"## Single heaps of {code} (n <= {r['total']})", "",
                  "| n | normal Grundy | misère outcome |", "|---:|---:|---|"]
        for n in range(r["total"] + 1):
            lines.append(f"| {n} | {r['grundy'][n]} | {OUTCOME[r['single'][n]]} |")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("\n".join(lines) + "\n")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--codes", nargs="+", default=["0.77", "0.07"])
    ap.add_argument("--totals", nargs="+", type=int, default=[40, 60, 80])
    ap.add_argument("--out", default=str(ROOT / "results" / "misere.md"))
    args = ap.parse_args(argv)
    results = []
    for code in args.codes:
        for total in args.totals:
            r = run(code, total)
            print(f"{r['spec']}: {r['size']:,} positions in {r['seconds']:.1f} s "
                  f"({r['rate']:,.0f}/s), peak {r['peak_mb']:,.0f} MB, first {r['first']}",
                  flush=True)
            results.append(r)
            write(results, pathlib.Path(args.out), sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    main()
