"""Misère outcomes of every sum of heaps of total <= T for octal games, and where misère and
normal play part ways; writes results/misere.md.

    python scripts/run_misere.py          # 0.77, 0.07, 0.137, 4.7, 4!.0 at T = 40, 60, 80
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

The literature section runs the claims of :mod:`gtables.verify.misere` (at ``--scale``, default
``default``) on tables computed in memory and lists what could not be checked, and why.
"""
from __future__ import annotations

import argparse
import functools
import pathlib
import resource
import sys
import time

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

import gtables  # noqa: E402
from gtables import games  # noqa: E402
from gtables.engine.compute import fill  # noqa: E402
from gtables.engine.kernels import N, P  # noqa: E402
from gtables.games.octal.literature import NAMES  # noqa: E402
from gtables.verify import misere as literature  # noqa: E402
from gtables.verify.runner import Context, evaluate  # noqa: E402

OUTCOME = "PN"
CHUNK = 1 << 16
# games the octal literature table does not name
OTHER_NAMES = {"4.7": "Daisies (Plambeck 1992)", "4!.0": "Grundy's game"}
# what the literature says that this run could not check, and why
NOT_CHECKED = [
    ("Sibert and Conway, misère Kayles (0.77): the P-positions of sums (their 'Mathematical "
     "Kayles', 1992) and the misère outcomes of single Kayles heaps (Winning Ways vol. 2 ch. 13; "
     "Conway, ONAG ch. 12)",
     "the statements' exact text (their tables of genus and of P-positions) was not reachable "
     "here: only the abstract of Plambeck (1992), which says Sibert and Conway solved misère "
     "Kayles, was; the single-heap misère P-positions of 0.77 found here ({p077}) are "
     "therefore unconfirmed"),
    ("Plambeck (1992), Theorem 1.2: misère She Loves Me, She Loves Me Not (0.3)",
     "the text we could read breaks off mid-statement; the tests check the parity rule it "
     "presumably states (tests/test_heap_sums.py::test_one_token_per_move_is_parity), as an "
     "obvious fact, not as the theorem"),
    ("Plambeck (1992): the misère solution of Daisies (4.7) and of every octal game with at most "
     "3 code digits and nim sequence *1, *2, *1, *2, ...",
     "only the abstract was reachable; its normal-play premise (4.7 has that nim sequence) is "
     "checked (lit.misere.plambeck.daisies-nim-sequence), the misère solution itself is not"),
    ("Plambeck, 'Taming the wild in impartial combinatorial games' (INTEGERS 5, 2005, G05), "
     "and Plambeck and Siegel, 'Misère quotients for impartial games' (2008): misère quotients "
     "of octal games (0.75 and others)",
     "only the first page of each was reachable (no quotient presentation, no P-portion); "
     "none of their games is among the tables here either"),
    ("Dawson's chess (0.137) and Dawson's Kayles (0.07) in misère play",
     "Plambeck's survey 'Advances in losing' (2006) says no complete misère analysis of Dawson's "
     "chess is known (its introduction); nothing to compare with"),
    ("Grundy's game (4!.0) in misère play",
     "no published misère outcome of sums was found"),
]


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


def name(code: str) -> str:
    return NAMES.get(code) or OTHER_NAMES.get(code, "")


def run_literature(scale: str) -> list:
    """The verdicts of :mod:`gtables.verify.misere`'s claims on tables computed in memory."""
    def provider(spec):
        return gtables.compute(spec, store=None, progress=False)
    ctx = Context(provider=provider, scale=scale)
    return [evaluate(c, ctx) for c in literature.nim_claims(scale) + literature.octal_claims(scale)]


def literature_section(verdicts: list, best: dict) -> list[str]:
    lines = ["", "## Literature", "",
             "What agrees: the claims of `gtables.verify.misere` (each statement's source and our "
             "reading are in the claim; `gtables verify lit.misere` runs them), on the tables "
             "named in the domain.", "",
             "| claim | source | verdict | checked |", "|---|---|---|---|"]
    for v in verdicts:
        lines.append(f"| `{v.name}` | {v.source} | {v.summary()} | {v.checked:,} sums |")
    p077 = best.get("0.77")
    p077 = ("{" + ", ".join(str(n) for n in range(p077["total"] + 1) if p077["single"][n] == P)
            + f"}} up to {p077['total']}") if p077 else "not run"
    lines += ["", "What could not be checked, and why:", ""]
    for what, why in NOT_CHECKED:
        lines.append(f"- {what}: {why.format(p077=p077)}.")
    return lines


def write(results: list[dict], out: pathlib.Path, argv: list[str], verdicts: list,
          wall: float) -> None:
    lines = ["# Misère outcomes of sums of heaps (octal games, splits included)", "",
             f"Written by `python scripts/run_misere.py {' '.join(argv)}` "
             f"(gtables {gtables.__version__}; the whole command took {wall:,.0f} s wall time, "
             f"peak RSS {peak_mb():,.0f} MB). Tables: `octal:code=C,play=misere,total=T`, every "
             "multiset of heaps of total <= T; the fill is the heap-sum outcome worker "
             "(`gtables.engine.heapsums`), tier by tier (one total per tier) on all threads; "
             "codes with d0 = 4 (4.7, 4!.0: a split keeps the total) fill one tier on one "
             "thread.", "",
             "## Runs", "",
             "| spec | positions | P-positions | seconds | positions/s | peak RSS (MB) |",
             "|---|---:|---:|---:|---:|---:|"]
    for r in results:
        lines.append(f"| `{r['spec']}` | {r['size']:,} | {r['p_count']:,} | {r['seconds']:.1f} | "
                     f"{r['rate']:,.0f} | {r['peak_mb']:,.0f} |")
    lines += ["", "Names: " + "; ".join(f"{c} = {name(c)}" for c in dict.fromkeys(
        r["code"] for r in results) if name(c)) + ".",
              "", "Peak RSS is the whole process's, cumulative over the runs above it (tables of "
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
    lines += ["", "## Single heaps: normal Grundy value and misère outcome (alone)", "",
              "Per game, at the largest T run: the heaps n whose misère outcome alone is P, then "
              "one table with, per game, the normal-play Grundy value G and the misère outcome "
              "m of a single heap of n.", ""]
    for code, r in best.items():
        ps = [n for n in range(r["total"] + 1) if r["single"][n] == P]
        lines.append(f"- {code} ({name(code)}), n <= {r['total']}: misère P heaps "
                     f"{{{', '.join(map(str, ps))}}}")
    codes = list(best)
    top = max(r["total"] for r in best.values())
    lines += ["", "| n | " + " | ".join(f"{c} G | {c} m" for c in codes) + " |",
              "|---:|" + "---:|---|" * len(codes)]
    for n in range(top + 1):
        cells = []
        for c in codes:
            r = best[c]
            cells += [str(r["grundy"][n]), OUTCOME[r["single"][n]]] if n <= r["total"] else ["", ""]
        lines.append(f"| {n} | " + " | ".join(cells) + " |")
    lines += literature_section(verdicts, best)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("\n".join(lines) + "\n")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--codes", nargs="+", default=["0.77", "0.07", "0.137", "4.7", "4!.0"])
    ap.add_argument("--totals", nargs="+", type=int, default=[40, 60, 80])
    ap.add_argument("--out", default=str(ROOT / "results" / "misere.md"))
    ap.add_argument("--scale", default="default", choices=("small", "default", "large"),
                    help="scale of the literature claims (gtables.verify.misere)")
    args = ap.parse_args(argv)
    start = time.perf_counter()
    verdicts = run_literature(args.scale)
    for v in verdicts:
        print(f"{v.name}: {v.summary()}", flush=True)
    results = []
    for code in args.codes:
        for total in args.totals:
            r = run(code, total)
            print(f"{r['spec']}: {r['size']:,} positions in {r['seconds']:.1f} s "
                  f"({r['rate']:,.0f}/s), peak {r['peak_mb']:,.0f} MB, first {r['first']}",
                  flush=True)
            results.append(r)
            write(results, pathlib.Path(args.out), sys.argv[1:] if argv is None else argv,
                  verdicts, time.perf_counter() - start)


if __name__ == "__main__":
    main()
