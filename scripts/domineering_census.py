#!/usr/bin/env python
"""The Domineering census (issue 41, item 5): every connected Domineering position of up to N
squares with its canonical value and temperature, after Uiterwijk and Barton (TCS 2015,
arXiv:1506.03949), and how it compares with what they state.

    python scripts/domineering_census.py --max-squares 12
    python scripts/domineering_census.py --max-squares 16 --checkpoints ck/ --out results

Size by size (``gtables.games.domineering_census``): the free polyominoes of n cells, each one's
value from the values of smaller ones, then a checkpoint ``census-NN.npz`` in ``--checkpoints``
(a run that stops loses at most the size under way; the next run resumes from the largest
checkpoint, its game pool re-derived entry by entry).  After every size the report is written
again (``--out``: ``domineering_census.md``, ``domineering_census.json`` and
``domineering_hottest.png``), so it always says how far the run got.  Progress lines on stderr.
One thread; the wall time of each size, the peak memory of the process and the load average are
recorded in the report (``timings.json`` in the checkpoint folder keeps them across resumes).
"""
from __future__ import annotations

import argparse
import json
import os
import pathlib
import resource
import shlex
import sys
import time
from fractions import Fraction

ROOT = pathlib.Path(__file__).resolve().parents[1]


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--max-squares", type=int,
                    help="the largest position size (squares) to reach (needed unless "
                         "--report-only or --check-examples)")
    cache = os.environ.get("GTABLES_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"),
        "gtables")
    ap.add_argument("--checkpoints", default=os.path.join(cache, "domineering_census"),
                    help="folder of the per-size checkpoints, large past 15 squares (default: "
                         "%(default)s)")
    ap.add_argument("--out", default=str(ROOT / "results"),
                    help="folder of the report, its JSON and figure (default: %(default)s)")
    ap.add_argument("--no-figure", action="store_true", help="do not draw the figure")
    ap.add_argument("--check-examples", type=int, metavar="N", default=0,
                    help="instead of computing: recompute the hottest and example shapes of up "
                         "to N squares of --out's JSON by the textbook (a plain recursion over "
                         "whole positions, gtables.cgt.reference) and print whether each agrees")
    ap.add_argument("--check-values", default="",
                    help="with --check-examples: only the shapes of these values (comma list of "
                         "CGSuite texts, 'hottest' for the hottest shapes), at most "
                         "--check-per-value of each")
    ap.add_argument("--check-per-value", type=int, default=2)
    ap.add_argument("--report-only", action="store_true",
                    help="write the report again from --out's JSON (its summaries, timings and "
                         "run record kept), with the current comparison and figure code")
    return ap.parse_args(argv)


def log(msg: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def loadavg() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "?"


def latest_checkpoint(folder: pathlib.Path, max_squares: int):
    best = None
    for p in folder.glob("census-*.npz"):
        try:
            n = int(p.stem.split("-")[1])
        except (IndexError, ValueError):
            continue
        if n <= max_squares and (best is None or n > best[0]):
            best = (n, p)
    return best


def main(argv=None) -> int:
    args = parse_args(argv)
    from gtables.errors import GtablesError
    try:
        return run(args)
    except GtablesError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2


def check_examples(args) -> int:
    """The shapes the report shows (hottest, rarer infinitesimals), each recomputed by the
    textbook: no components, no symmetry, no game pool; compared as CGSuite text."""
    import functools

    from gtables.cgt import Pool
    from gtables.cgt import reference as ref

    data = json.loads((pathlib.Path(args.out) / "domineering_census.json").read_text())
    pool = Pool()

    def normalise(cells):
        r0 = min(r for r, _ in cells)
        c0 = min(c for _, c in cells)
        return frozenset((r - r0, c - c0) for r, c in cells)

    @functools.cache
    def value(cells):
        left, right = [], []
        for r, c in cells:
            for (dr, dc), side in (((1, 0), left), ((0, 1), right)):
                if (r + dr, c + dc) in cells:
                    rest = cells - {(r, c), (r + dr, c + dc)}
                    side.append(value(normalise(rest)) if rest else ref.ZERO)
        return ref.canonical(ref.game(left, right))

    @functools.cache
    def to_pool(g):
        return pool.canonical([to_pool(x) for x in g[0]], [to_pool(x) for x in g[1]])

    wanted = {v.strip() for v in args.check_values.split(",") if v.strip()}
    bad = 0
    for s in data["sizes"]:
        if s["squares"] > args.check_examples:
            continue
        cases = []
        if not wanted or "hottest" in wanted:
            cases += [(h["value"], h["cells"], h["temperature"])
                      for h in s["hottest"][:args.check_per_value]]
        cases += [(text, cells, None) for text, shapes in s["examples"].items()
                  if not wanted or text in wanted for cells in shapes[:args.check_per_value]]
        for text, cells, temp in cases:
            start = time.time()
            g = to_pool(value(normalise({tuple(c) for c in cells})))
            ok = pool.format(g) == text and (temp is None or str(pool.temperature(g)) == temp)
            bad += not ok
            print(f"{s['squares']} squares: census {text}"
                  + (f" (temperature {temp})" if temp else "")
                  + f", textbook {pool.format(g)} (temperature {pool.temperature(g)}): "
                  + ("agree" if ok else "DIFFER") + f" ({time.time() - start:.1f} s)",
                  flush=True)
    return 1 if bad else 0


def run(args) -> int:
    from gtables.errors import GtablesError
    if args.check_examples:
        return check_examples(args)
    if args.report_only:
        path = pathlib.Path(args.out) / "domineering_census.json"
        try:
            data = json.loads(path.read_text())
        except (OSError, ValueError) as err:
            raise GtablesError(f"cannot read {path}: {err}") from None
        write_report(pathlib.Path(args.out), len(data["sizes"]), data["sizes"], data["timings"],
                     data["run"], data["run"].get("max_squares", args.max_squares or
                                                  len(data["sizes"])), live=False)
        return 0
    from gtables.games.domineering_census import MAX_SQUARES, Census, size_summary

    if args.max_squares is None:
        raise GtablesError("--max-squares N is needed (the largest size to reach)")
    if not 1 <= args.max_squares <= MAX_SQUARES:
        raise GtablesError(f"--max-squares must be 1 to {MAX_SQUARES}, not {args.max_squares}")
    ck = pathlib.Path(args.checkpoints)
    out = pathlib.Path(args.out)
    try:
        ck.mkdir(parents=True, exist_ok=True)
        out.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise GtablesError(f"cannot create {err.filename}: {err.strerror}") from None
    timing_file = ck / "timings.json"
    timings = json.loads(timing_file.read_text()) if timing_file.exists() else {}
    found = latest_checkpoint(ck, args.max_squares)
    t0 = time.time()
    if found:
        census = Census.load(str(found[1]))
        log(f"resumed from {census.squares} squares ({found[1].name}; pool of "
            f"{len(census.pool)} games re-derived in {time.time() - t0:.1f} s)")
    else:
        census = Census()
    run_info = {"command": " ".join(shlex.quote(a) for a in [sys.executable] + sys.argv),
                "started": time.strftime("%Y-%m-%d %H:%M:%S %Z"), "cpus": os.cpu_count(),
                "load_at_start": loadavg(), "threads": os.environ.get("NUMBA_NUM_THREADS", "1"),
                "resumed_from": census.squares if found else 0,
                "resume_seconds": round(time.time() - t0, 1) if found else 0}
    summaries = [size_summary(census, n) for n in range(1, census.squares + 1)]
    write_report(out, census.squares, summaries, timings, run_info, args.max_squares,
                 not args.no_figure)
    while census.squares < args.max_squares:
        n = census.squares + 1
        start = time.time()
        last = [start]

        def progress(stage, done, total, n=n, last=last, start=start):
            if time.time() - last[0] >= 30:
                last[0] = time.time()
                log(f"{n} squares: {stage} {done:,}/{total:,} ({time.time() - start:.0f} s, "
                    f"pool {len(census.pool):,} games, peak {peak_mib():.0f} MiB)")

        log(f"{n} squares: start")
        census.extend(progress=progress)
        values_s = time.time() - start
        census.save(str(ck / f"census-{n:02d}.npz"))
        t1 = time.time()
        summaries.append(size_summary(census, n))
        summary_s = time.time() - t1
        timings[str(n)] = {"seconds": round(values_s, 2), "summary_seconds": round(summary_s, 2),
                           "pool_games": len(census.pool), "peak_mib": round(peak_mib()),
                           "load": loadavg(), "finished": time.strftime("%H:%M:%S")}
        tmp = timing_file.with_suffix(".tmp")
        tmp.write_text(json.dumps(timings, indent=1))
        os.replace(tmp, timing_file)
        s = summaries[-1]
        log(f"{n} squares: {s['free_polyominoes']:,} free polyominoes, {s['positions']:,} "
            f"positions, {s['distinct_values']:,} values, hottest {s['max_temperature']} "
            f"({values_s:.1f} s + summary {summary_s:.1f} s, pool {len(census.pool):,}, "
            f"peak {peak_mib():.0f} MiB)")
        write_report(out, census.squares, summaries, timings, run_info, args.max_squares,
                     not args.no_figure)
    log(f"done: {census.squares} squares in {time.time() - t0:.1f} s")
    return 0


# -- the report ----------------------------------------------------------------------------------

def write_report(out, reached, summaries, timings, run_info, max_squares, figure=True,
                 live=True) -> None:
    """The report, its JSON and figure; ``live``: this process is the run (its peak memory and
    the load now go in the record), else the record is kept as it was."""
    from gtables.games.domineering_census import board_text
    from gtables.verify.domineering_census import SOURCE, compare_with_paper

    if not summaries:
        return
    verdicts = compare_with_paper(summaries)
    if live:
        run_info = dict(run_info, peak_mib=round(peak_mib()), load_now=loadavg(),
                        reached_squares=reached, max_squares=max_squares)
    data = {"source": SOURCE, "run": run_info, "timings": timings, "sizes": summaries,
            "paper_claims": [v.to_json() for v in verdicts]}
    _write(out / "domineering_census.json", json.dumps(data, indent=1) + "\n")
    figure = draw_hottest(out / "domineering_hottest.png", summaries) if figure else None
    lines = [
        "# The Domineering census",
        "",
        "Every connected (single-component) Domineering position of up to "
        f"{reached} squares with its canonical value and temperature, after "
        f"{SOURCE}. Written by `scripts/domineering_census.py`; do not edit by hand.",
        "",
        "Left places vertical dominoes, Right horizontal ones. A *position* is a polyomino up "
        "to translation and the symmetries that keep the game (the two mirrors and the half "
        "turn): a fixed polyomino and its mirror images are one position, its transpose (a "
        "quarter turn or a diagonal reflection, which swaps the players) is another, of the "
        "negative value. The values are computed once per free polyomino (up to all 8 "
        "symmetries of the square) and negated for the transposed orientation: half the work. "
        "Temperatures follow CGSuite (a number with denominator 2^k has -1/2^k, an integer -1).",
        "",
        "## Counts per size",
        "",
        "| squares | fixed polyominoes (A001168) | free (A000105) | positions | distinct values "
        "| numbers | integers | L / R / N / P | hottest | positions at hottest | seconds |",
        "|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|",
    ]
    for s in summaries:
        o = s["outcomes"]
        t = timings.get(str(s["squares"]), {})
        lines.append(
            f"| {s['squares']} | {s['fixed_polyominoes']:,} | {s['free_polyominoes']:,} | "
            f"{s['positions']:,} | {s['distinct_values']:,} | {s['numbers']:,} | "
            f"{s['integers']:,} | {o['L']:,} / {o['R']:,} / {o['N']:,} / {o['P']:,} | "
            f"{s['max_temperature']} | {s['positions_at_max_temperature']:,} | "
            f"{t.get('seconds', '')} |")
    lines += ["", "## Infinitesimals per size (positions)", "",
              "| squares | nimbers | ups and downs | tinies and minies |", "|---:|---|---|---|"]
    for s in summaries:
        lines.append(f"| {s['squares']} | {fmt(s['nimbers'])} | {fmt(s['ups'])} | "
                     f"{fmt(s['tinies_minies'])} |")
    lines += ["", "## Uiterwijk and Barton's statements", "",
              "Their databases hold every single-component position up to 15 squares. Only the "
              "paper's abstract could be read here (its tables of frequencies per size could "
              "not), so these are the statements checked; the counts of positions are checked "
              "against OEIS in `tests/test_domineering_census.py` instead.", "",
              "| claim | their words | verdict | details |", "|---|---|---|---|"]
    for v in verdicts:
        lines.append(f"| `{v.name}` | {v.statement} | {v.summary()} | {v.details} |")
    tmax = max(Fraction(s["max_temperature"]) for s in summaries)
    lines += ["", f"## The hottest positions (temperature {tmax})", "",
              "One shape per free polyomino (`#` a free square; row 0 on top, Left plays "
              "vertically); a shape without a diagonal symmetry is two positions (its "
              "transpose has the negative value)." + (f" Figure: `{figure.name}`."
                                                      if figure else ""), ""]
    for s in summaries:
        if Fraction(s["max_temperature"]) != tmax:
            continue
        for h in s["hottest"]:
            lines += [f"{s['squares']} squares, value `{h['value']}`, "
                      f"{h['positions']} position(s):", "", "```",
                      board_text([tuple(c) for c in h["cells"]]), "```", ""]
    lines += ["## Examples of the rarer infinitesimals", "",
              "The first shapes found (at most two per value and size) with a nimber from *2, "
              "a multiple of up from ^^, or a tiny or miny, drawn in the orientation that has "
              "the value:", ""]
    seen: set[str] = set()
    for s in summaries:
        for text, shapes in s.get("examples", {}).items():
            if text in seen:
                continue
            seen.add(text)
            for cells in shapes[:1]:
                lines += [f"`{text}`, {s['squares']} squares:", "", "```",
                          board_text([tuple(c) for c in cells]), "```", ""]
    lines += ["## The run", "",
              f"- command: `{run_info['command']}` (one thread; started {run_info['started']} "
              f"on {run_info['cpus']} CPUs shared with other work, load average at start "
              f"{run_info['load_at_start']}, now {run_info['load_now']})",
              f"- reached: {reached} squares of the {max_squares} asked; peak "
              f"memory of this process so far {run_info['peak_mib']} MiB (ru_maxrss)"]
    if run_info.get("resumed_from"):
        lines.append(f"- this invocation resumed from the checkpoint of "
                     f"{run_info['resumed_from']} squares (pool re-derived, every size's summary "
                     f"recomputed, in {run_info['resume_seconds']} s); the sizes below it were "
                     f"computed by an earlier run, timed per size below (the checkpoint "
                     f"folder's timings.json)")
    if (out / "domineering_census_run.log").exists():
        lines.append("- the log of the computing run, `/usr/bin/time -v` at its end, is "
                     "`domineering_census_run.log` beside this report")
    lines += ["",
              "| squares | seconds (values) | seconds (summary) | pool games | peak MiB | load "
              "| finished |", "|---:|---:|---:|---:|---:|---|---|"]
    for n in sorted(timings, key=int):
        t = timings[n]
        lines.append(f"| {n} | {t['seconds']} | {t['summary_seconds']} | {t['pool_games']:,} | "
                     f"{t['peak_mib']} | {t['load']} | {t['finished']} |")
    _write(out / "domineering_census.md", "\n".join(lines) + "\n")


def fmt(counts: dict) -> str:
    return ", ".join(f"{k}: {v:,}" for k, v in counts.items()) or "-"


def _write(path: pathlib.Path, text: str) -> None:
    tmp = path.with_name("." + path.name + ".tmp")
    tmp.write_text(text)
    os.replace(tmp, path)


def draw_hottest(path: pathlib.Path, summaries):
    """The hottest shape(s) of each size from 4 squares up, as boards."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from matplotlib.patches import Rectangle
    except ImportError:
        return None
    panels = []
    for s in summaries:
        if s["squares"] < 4:
            continue
        for h in s["hottest"][:2]:
            panels.append((s["squares"], h))
    if not panels:
        return None
    cols = min(6, len(panels))
    rows = (len(panels) + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(2.2 * cols, 2.5 * rows), squeeze=False)
    for ax in axes.flat:
        ax.axis("off")
    for ax, (n, h) in zip(axes.flat, panels):
        cells = [tuple(c) for c in h["cells"]]
        hgt = 1 + max(r for r, _ in cells)
        wid = 1 + max(c for _, c in cells)
        for r, c in cells:
            ax.add_patch(Rectangle((c, hgt - 1 - r), 1, 1, facecolor="#f4e3b5",
                                   edgecolor="black", linewidth=1))
        side = max(hgt, wid)
        ax.set_xlim(-0.2, side + 0.2)
        ax.set_ylim(-0.2, side + 0.2)
        ax.set_aspect("equal")
        value = h["value"] if len(h["value"]) <= 22 else h["value"][:20] + "..."
        ax.set_title(f"{n} sq., t = {h['temperature']}\n{value}", fontsize=8)
    fig.suptitle("Hottest connected Domineering positions per size (Left vertical)",
                 fontsize=10)
    fig.tight_layout()
    tmp = path.with_name("." + path.name + ".tmp.png")
    fig.savefig(tmp, dpi=110)
    plt.close(fig)
    os.replace(tmp, path)
    return path


if __name__ == "__main__":
    sys.exit(main())
