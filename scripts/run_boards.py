#!/usr/bin/env python
"""The reach table of Cram and Domineering (issue 32): which boards gtables solves, how fast, in
how much memory, and whether the start values agree with the literature.

    python scripts/run_boards.py                       # dense, then reachable, then the report
    python scripts/run_boards.py --part dense          # only the dense tables
    python scripts/run_boards.py --part reachable --budget 600 --total-budget 3600
    python scripts/run_boards.py --part report         # re-render from results/boards.json

(a) dense: every rectangle R x C with R <= C and R * C <= ``--max-cells`` (30), both games, one
    table each by ``gtables.compute(spec, store=STORE)`` (``--store``, default
    ``results/tables``); Domineering also on the transposed boards C x R (``--no-transposes``
    to skip), so that the swap identity (the C x R board is the R x C board with the players'
    roles exchanged: L <-> R, N and P kept) can be checked on start outcomes.
(b) reachable: the boards of ``--boards`` (default: a list of larger boards) by the reachable
    search ``gtables.engine.search.solve`` from the start position, each with a checkpoint file
    under ``results/searches/`` (resumed on the next run) and a time budget of ``--budget``
    seconds (alias ``--hour-budget``): a board still running then is stopped (Ctrl-C, which saves
    the checkpoint) and recorded as "not finished within N s", never guessed.  No new board is
    started once ``--total-budget`` seconds of searching are spent.
(c) the start values and outcomes are compared with ``gtables.verify.boards_literature``
    (CRAM_VALUES, CRAM_OUTCOMES, DOMINEERING_OUTCOMES, and the rules stated there as text),
    each agreement or disagreement printed with its source key; writes ``results/boards.md``,
    ``results/boards.json`` and ``results/figures/cram_values.png``.

Every table or search runs in a child process of its own (its peak memory is that child's
``ru_maxrss``), with the code of ``src/gtables`` at git HEAD copied to a temporary folder
(``--code worktree``: as the tree is), so that other people's edits during the run neither
recompile numba inside a timed run nor mix two versions of the code in one table.  Resumable:
a board already in ``results/boards.json`` is skipped (``--retry-unfinished`` retries the
searches that ran out of time, resuming from their checkpoints).  The exact command, wall time,
peak memory and machine load of every row are recorded in the result files.
"""
from __future__ import annotations

import argparse
import json
import os
import pathlib
import shlex
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from bench_boards import child_env, machine, run_measured, snapshot_source, uptime  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[1]
GAMES = ("cram", "domineering")
DEFAULT_BOARDS = [
    # cross-checks against the dense tables, then larger boards roughly from easy to hard,
    # the two games interleaved so that a spent total budget does not starve one of them.
    # (The published Domineering 8x8 has 64 cells: past the 62 bits of a position of the
    # public game API.)
    "cram:5x6", "domineering:5x6", "domineering:6x5",
    "cram:5x7", "cram:6x6", "domineering:6x6", "cram:4x8", "domineering:4x8", "domineering:8x4",
    "cram:4x9", "cram:3x11", "cram:3x12", "domineering:6x7", "domineering:7x6", "cram:5x8",
    "cram:4x10", "cram:4x11", "cram:6x7", "cram:5x9", "domineering:7x7",
]
SWAP = {"L": "R", "R": "L", "N": "N", "P": "P"}


def spec_of(game: str, rows: int, cols: int) -> str:
    return f"{game}:rows={rows},cols={cols}"


def key_of(method: str, game: str, rows: int, cols: int) -> str:
    return f"{method}:{game}:{rows}x{cols}"


# -- the workers (run in a child process with the measured code on PYTHONPATH) --------------
def worker_dense(spec: str, store: str, force: bool = False) -> dict:
    import gtables
    from gtables import api
    g = api.game(spec)
    if store == "-":                         # the warm-up: in memory, nothing stored
        gtables.compute(g.spec, store=None, progress=False)
        return {"spec": g.spec}
    st = gtables.open_store(store)
    stored = st.exists() and g.spec in st
    t0 = time.perf_counter()
    t = gtables.compute(g.spec, store=store, progress=False, force=force)
    seconds = time.perf_counter() - t0
    d = {"spec": g.spec, "positions": int(g.space.size),
         "loaded_from_store": bool(stored and not force),
         "seconds_in_worker": round(seconds, 3),
         "compute_seconds": t.attrs.get("compute_seconds"), "outcome": t.outcome("start")}
    if g.kind == "grundy":
        d["value"] = int(t.value("start"))
    return d


def worker_search(spec: str, checkpoint: str, checkpoint_seconds: float = 60.0) -> dict:
    from gtables import api
    from gtables.engine.search import solve
    g = api.game(spec)
    r = solve(g, g.space.start_index(), checkpoint=None if checkpoint == "-" else checkpoint,
              checkpoint_seconds=checkpoint_seconds, progress=checkpoint != "-")
    d = {"spec": g.spec, "outcome": r.outcome, "positions_stored": r.stored,
         "expanded": r.expanded, "resumed": r.resumed, "search_seconds": round(r.seconds, 3),
         "table_peak_bytes": r.peak_bytes, "symmetry": r.symmetry, "parts": r.parts,
         "checkpoint_seconds": checkpoint_seconds}
    if r.value is not None:
        d["value"] = r.value
    return d


# -- the runner ------------------------------------------------------------------------------
class Results:
    """``results/boards.json``: rows keyed by method, game and board, written after each row."""

    def __init__(self, path: pathlib.Path):
        self.path = path
        self.data = json.loads(path.read_text()) if path.exists() else {"rows": {}, "runs": []}

    def save(self) -> None:
        tmp = self.path.with_suffix(".json.tmp")
        tmp.write_text(json.dumps(self.data, indent=1, sort_keys=True) + "\n")
        os.replace(tmp, self.path)


def run_child(args: list[str], src: pathlib.Path, threads: int | None,
              timeout: float | None = None, grace: float = 90.0) -> dict:
    cmd = [sys.executable, str(pathlib.Path(__file__).resolve()), *args]
    return run_measured(cmd, env=child_env(src, threads), timeout=timeout, grace=grace,
                        cwd=str(ROOT))


def last_json(text: str) -> dict | None:
    for ln in reversed(text.strip().splitlines()):
        if ln.startswith("{"):
            return json.loads(ln)
    return None


def dense_boards(max_cells: int, transposes: bool) -> list[tuple[str, int, int]]:
    out = []
    for game in GAMES:
        for r in range(1, max_cells + 1):
            for c in range(r, max_cells // r + 1):
                out.append((game, r, c))
                if game == "domineering" and transposes and r != c:
                    out.append((game, c, r))
    return sorted(out, key=lambda b: (b[1] * b[2], b[0], b[1]))


def warm_up(src, threads, log, worker: str = "--worker-dense") -> None:
    """Fill numba's on-disk cache for the measured code (a copy has its own cache key), so that
    no row's wall time includes compiling: one small board of each game, nothing stored."""
    for game in GAMES:
        m = run_child([worker, spec_of(game, 3, 5), "-"], src, threads)
        log(f"warm-up {worker[2:]} {spec_of(game, 3, 5)} (not recorded): "
            f"{m['wall_seconds']:.1f} s")


def run_dense(a, res: Results, src, code, log) -> None:
    warm_up(src, a.threads, log)
    for game, r, c in dense_boards(a.max_cells, not a.no_transposes):
        key = key_of("dense", game, r, c)
        if key in res.data["rows"]:
            continue
        spec = spec_of(game, r, c)
        m = run_child(["--worker-dense", spec, a.store] + ["--force"] * a.force, src, a.threads)
        d = last_json(m["stdout"]) if m["returncode"] == 0 else None
        row = {"method": "dense", "game": game, "rows": r, "cols": c, "spec": spec,
               "positions": 1 << (r * c), "wall_seconds": round(m["wall_seconds"], 3),
               "peak_rss_bytes": m["peak_rss_bytes"], "load_before": m["load_before"],
               "load_after": m["load_after"], "threads": a.threads or os.cpu_count(),
               "commit": code["commit"], "code": code["code"],
               "when": time.strftime("%Y-%m-%d %H:%M:%S")}
        if d is None:
            row.update(status="error", error=m["stderr"].strip().splitlines()[-1:])
        else:
            row.update(status="loaded" if d["loaded_from_store"] else "finished", **{
                k: d[k] for k in ("value", "outcome", "compute_seconds") if k in d})
        res.data["rows"][key] = row
        res.save()
        what = row.get("value", row.get("outcome", row.get("error")))
        log(f"dense {spec}: {what} ({row['status']}), {m['wall_seconds']:.1f} s, "
            f"{m['peak_rss_bytes'] / 2**20:,.0f} MiB, load {m['load_before'][0]:.2f} -> "
            f"{m['load_after'][0]:.2f}")


def parse_board_arg(text: str) -> tuple[str, int, int]:
    try:
        game, board = text.split(":")
        r, c = (int(x) for x in board.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"a board is GAME:RxC, e.g. cram:5x7, not "
                                         f"{text!r}") from None
    if game not in GAMES or r < 1 or c < 1 or r * c > 62:
        raise argparse.ArgumentTypeError(f"{text}: game cram or domineering, R*C <= 62")
    return game, r, c


def run_reachable(a, res: Results, src, code, searches: pathlib.Path, log) -> None:
    spent, skipped = 0.0, []
    warm_up(src, a.threads, log, "--worker-search")
    for game, r, c in a.boards:
        key = key_of("reachable", game, r, c)
        old = res.data["rows"].get(key)
        if old is not None and (old["status"] == "finished" or not a.retry_unfinished):
            continue
        if spent >= a.total_budget:
            skipped.append(f"{game} {r}x{c}")
            continue
        spec = spec_of(game, r, c)
        ckpt = searches / f"{game}-{r}x{c}.npz"
        budget = min(a.budget, max(60.0, a.total_budget - spent))
        m = run_child(["--worker-search", spec, str(ckpt), "--checkpoint-seconds",
                       str(a.checkpoint_seconds)], src, a.threads, timeout=budget, grace=a.grace)
        spent += m["wall_seconds"]
        d = last_json(m["stdout"]) if m["returncode"] == 0 and not m["timed_out"] else None
        attempts = (old or {}).get("attempts", [])
        attempts.append({"wall_seconds": round(m["wall_seconds"], 3), "budget_seconds": budget,
                         "stopped": m["timed_out"], "killed_after_grace": m["killed"],
                         "checkpoint_seconds": a.checkpoint_seconds,
                         "peak_rss_bytes": m["peak_rss_bytes"], "load_before": m["load_before"],
                         "load_after": m["load_after"], "commit": code["commit"],
                         "when": time.strftime("%Y-%m-%d %H:%M:%S")})
        row = {"method": "reachable", "game": game, "rows": r, "cols": c, "spec": spec,
               "checkpoint": str(ckpt.relative_to(ROOT)) if ckpt.is_relative_to(ROOT)
               else ckpt.name, "attempts": attempts,
               "wall_seconds": round(sum(x["wall_seconds"] for x in attempts), 3),
               "peak_rss_bytes": max(x["peak_rss_bytes"] for x in attempts),
               "load_before": attempts[0]["load_before"], "load_after": m["load_after"],
               "threads": 1, "commit": code["commit"], "code": code["code"]}
        if d is not None:
            row.update(status="finished", **{k: d[k] for k in (
                "value", "outcome", "positions_stored", "expanded", "resumed", "search_seconds",
                "table_peak_bytes", "symmetry", "parts", "checkpoint_seconds") if k in d})
        elif m["timed_out"]:
            ticks = [ln for ln in m["stderr"].splitlines() if "positions stored" in ln]
            row.update(status="unfinished",
                       note=f"not finished within {budget:.0f} s" +
                       (f" (killed {a.grace:.0f} s after Ctrl-C, while saving its checkpoint: "
                        f"the previous checkpoint stands)" if m["killed"] else "") +
                       (f" (last progress line: {ticks[-1].split(': ', 2)[-1]})" if ticks
                        else ""))
        else:
            row.update(status="error", error=m["stderr"].strip().splitlines()[-1:])
        res.data["rows"][key] = row
        res.save()
        what = row.get("value", row.get("outcome", row.get("note", row.get("error"))))
        log(f"reachable {spec}: {what} ({row['status']}), {m['wall_seconds']:.1f} s, "
            f"{m['peak_rss_bytes'] / 2**20:,.0f} MiB, load {m['load_before'][0]:.2f} -> "
            f"{m['load_after'][0]:.2f}")
    if skipped:
        log(f"not attempted (total budget of {a.total_budget:.0f} s spent): {', '.join(skipped)}")


# -- (c) the literature and the rules --------------------------------------------------------
def start_results(rows: dict) -> dict:
    """(game, rows, cols) -> {"value"?, "outcome", "method"} from every finished row (a dense
    and a reachable answer for one board must agree: else both are kept, as a conflict)."""
    out: dict = {}
    for row in rows.values():
        if row["status"] not in ("finished", "loaded"):
            continue
        k = (row["game"], row["rows"], row["cols"])
        entry = {"outcome": row["outcome"], "method": row["method"]}
        if "value" in row:
            entry["value"] = row["value"]
        if k in out and (out[k].get("value"), out[k]["outcome"]) != (entry.get("value"),
                                                                     entry["outcome"]):
            out[k]["conflict"] = entry
        elif k not in out or row["method"] == "dense":
            out[k] = dict(entry, methods=sorted({row["method"], *out.get(k, {}).get(
                "methods", [])}))
        else:
            out[k]["methods"] = sorted({row["method"], *out[k]["methods"]})
    return out


def compare(found: dict) -> list[dict]:
    """Every comparison of a computed start with a published value, outcome or rule."""
    from gtables.verify import boards_literature as L
    checks = []

    def add(what, board, ours, theirs, source, ok):
        checks.append({"what": what, "board": f"{board[0]}x{board[1]}", "ours": ours,
                       "published": theirs, "source": source, "agrees": bool(ok)})
    for (r, c), (v, src) in sorted(L.CRAM_VALUES.items()):
        f = found.get(("cram", r, c))
        if f is not None:
            add("Cram value", (r, c), f["value"], v, src, f["value"] == v)
    for (r, c), (o, src) in sorted(L.CRAM_OUTCOMES.items()):
        f = found.get(("cram", r, c))
        if f is not None:
            add("Cram outcome", (r, c), f["outcome"], o, src, f["outcome"] == o)
    for (r, c), (o, src) in sorted(L.DOMINEERING_OUTCOMES.items()):
        f = found.get(("domineering", r, c))
        if f is not None:
            add("Domineering outcome", (r, c), f["outcome"], o, src, f["outcome"] == o)
    for (r, c), (val, src) in sorted(L.DOMINEERING_VALUES.items()):
        f = found.get(("domineering", r, c))
        if f is not None:       # a value's outcome: 0 -> P, negative -> R, positive -> L
            o = "P" if int(val) == 0 else "R" if int(val) < 0 else "L"
            add(f"Domineering outcome of the value {val}", (r, c), f["outcome"], o, src,
                f["outcome"] == o)
    for (g, r, c), f in sorted(found.items()):
        if g == "cram":
            if r % 2 == 0 and c % 2 == 0:
                add("Cram rule: even x even is 0", (r, c), f["value"], 0,
                    L.CRAM_RULES["even_by_even"][1], f["value"] == 0)
            elif (r % 2 == 0) != (c % 2 == 0):
                add("Cram rule: even x odd is not 0", (r, c), f["value"], "> 0",
                    L.CRAM_RULES["even_by_odd"][1], f["value"] != 0)
            if r == 2:
                want = 0 if c % 2 == 0 else 1
                add("Cram rule: 2 x n is 0 for even n, 1 for odd n", (r, c), f["value"], want,
                    L.CRAM_RULES["2xn"][1], f["value"] == want)
            if r == 1 and c - 1 < len(L.A002187):
                want = L.A002187[c - 1]
                add("Cram rule: 1 x n is Dawson's Kayles A002187[n-1]", (r, c), f["value"],
                    want, L.CRAM_RULES["1xn"][1], f["value"] == want)
        else:
            if r == 1 or c == 1:        # a row of c boxes is -floor(c/2), a column +floor(r/2)
                n = (c if r == 1 else r) // 2
                want = "P" if n == 0 else "R" if r == 1 else "L"
                add("Domineering rule: a row is -n, a column +n", (r, c), f["outcome"], want,
                    L.DOMINEERING_RULES["rows_and_columns"][1], f["outcome"] == want)
            for name, claim in one_sided_theorems(r, c):
                want = {"L", "N"} if claim == "Vertical" else {"R", "P"}
                add(f"Domineering rule read one-sided ({name}: Vertical starting, "
                    f"{claim} wins)", (r, c), f["outcome"], "/".join(sorted(want)),
                    L.DOMINEERING_RULES["perfect_solving_theorems"][1], f["outcome"] in want)
    for (g, r, c), f in sorted(found.items()):
        t = found.get((g, c, r))
        if g == "domineering" and r < c and t is not None:
            add("Domineering swap identity: C x R = R x C with L <-> R", (r, c),
                f"{r}x{c} {f['outcome']}, {c}x{r} {t['outcome']}",
                f"{c}x{r} {SWAP[f['outcome']]}", "transposition (definition)",
                t["outcome"] == SWAP[f["outcome"]])
    return checks


def one_sided_theorems(r: int, c: int) -> list[tuple[str, str]]:
    """The theorems of uiterwijk_perfect that name the board r x c (m x n = rows x cols), with
    the side it says wins when Vertical starts."""
    out = []
    if c == 3 and r > 1:
        out.append(("1) m x 3, m > 1", "Vertical"))
    if r % 2 == 0 and c in (3, 5, 7, 9, 11):
        out.append(("2) 2k x n, n = 3, 5, 7, 9, 11", "Vertical"))
    if r == 3 and c > 3:
        out.append(("3) 3 x n, n > 3", "Horizontal"))
    if r in (5, 9) and c % 2 == 0:
        out.append(("4) m x 2k, m = 5, 9", "Horizontal"))
    if r in (3, 7, 11) and c % 4 == 0:
        out.append(("4) m x 4k, m = 3, 7, 11", "Horizontal"))
    return out


# -- the report ------------------------------------------------------------------------------
def figure(found: dict, path: pathlib.Path) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np
    cram = {(r, c): f for (g, r, c), f in found.items() if g == "cram"}
    if not cram:
        return
    R = max(r for r, _ in cram)
    C = max(c for _, c in cram)
    grid = np.full((R, C), np.nan)
    for (r, c), f in cram.items():
        grid[r - 1, c - 1] = f["value"]
    vmax = max(1, int(np.nanmax(grid)))
    cmap = plt.get_cmap("viridis", vmax + 1).copy()
    cmap.set_bad("white")
    fig, ax = plt.subplots(figsize=(max(6.0, 0.42 * C + 1.5), max(2.5, 0.5 * R + 1.2)))
    im = ax.imshow(np.ma.masked_invalid(grid), cmap=cmap, vmin=-0.5, vmax=vmax + 0.5,
                   aspect="equal")
    for (r, c), f in cram.items():
        dense = "dense" in f["methods"]
        colour = "white" if f["value"] < vmax * 0.6 else "black"
        ax.text(c - 1, r - 1, str(f["value"]), ha="center", va="center", fontsize=8,
                color=colour, fontweight="normal" if dense else "bold",
                fontstyle="normal" if dense else "italic")
    ax.set_xticks(range(C), [str(c) for c in range(1, C + 1)], fontsize=7)
    ax.set_yticks(range(R), [str(r) for r in range(1, R + 1)], fontsize=7)
    ax.set_xlabel("columns")
    ax.set_ylabel("rows")
    ax.set_title("Cram: Grundy value of the empty R x C board\n(rows <= cols; blank: not "
                 "computed; bold italic: by the reachable search only)", fontsize=9)
    fig.colorbar(im, ax=ax, ticks=range(vmax + 1), fraction=0.025, pad=0.01, label="Grundy value")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=130)
    plt.close(fig)


def mib(x) -> str:
    return f"{x / 2**20:,.0f}"


def count(x) -> str:
    return "-" if x is None else f"{x:,}"


def summary_lines(rows: dict) -> list[str]:
    """The reach table in a few lines: what the dense fill and the search reached, what not."""
    L = ["## Summary", ""]
    dense = [v for v in rows.values() if v["method"] == "dense"]
    ok = [v for v in dense if v["status"] in ("finished", "loaded")]
    for game in GAMES:
        mine = [v for v in ok if v["game"] == game]
        if not mine:
            continue
        big = [v for v in mine if v["positions"] == max(x["positions"] for x in mine)]
        names = ", ".join(f"{v['rows']}x{v['cols']}" for v in sorted(
            big, key=lambda v: (v["rows"], v["cols"])))
        L.append(f"- Dense {game}: {len(mine)} tables, every R x C with R * C <= "
                 f"{max(v['rows'] * v['cols'] for v in mine)}"
                 f"{' (both orientations)' if game == 'domineering' else ' (R <= C)'}; the "
                 f"largest ({names}: "
                 f"{big[0]['positions']:,} positions) took "
                 f"{min(v['wall_seconds'] for v in big):.0f}-"
                 f"{max(v['wall_seconds'] for v in big):.0f} s each end to end and "
                 f"{mib(max(v['peak_rss_bytes'] for v in big))} MiB at most.")
    bad = [v for v in dense if v["status"] not in ("finished", "loaded")]
    if bad:
        L.append(f"- Dense tables that failed: {', '.join(v['spec'] for v in bad)}.")
    reach = sorted((v for v in rows.values() if v["method"] == "reachable"),
                   key=lambda v: (v["game"], v["rows"] * v["cols"], v["rows"]))
    for status, words in (("finished", "solved by the reachable search"),
                          ("unfinished", "NOT finished within their budget"),
                          ("error", "stopped by an error")):
        sel = [v for v in reach if v["status"] == status]
        if sel:
            L.append(f"- {words.capitalize()}: " + ", ".join(
                f"{v['game']} {v['rows']}x{v['cols']}" + (
                    f" ({v.get('value', v.get('outcome'))}, {v['wall_seconds']:.0f} s, "
                    f"{mib(v['peak_rss_bytes'])} MiB)" if status == "finished" else
                    f" ({v['wall_seconds']:.0f} s, {mib(v['peak_rss_bytes'])} MiB)")
                for v in sel) + ".")
    return L


def render(data: dict, found: dict, checks: list[dict], wanted: list) -> str:
    rows = data["rows"]
    L = ["# Cram and Domineering: the reach table (issue 32)", ""]
    L.append("Written by `scripts/run_boards.py` from `results/boards.json`.  Runs:")
    L.append("")
    for run in data["runs"]:
        L.append(f"- `{run['command']}`: {run['started']} to {run.get('finished', '(running)')}, "
                 f"{run.get('wall_seconds', 0):,.0f} s, parts {run['parts']}, code "
                 f"{run['code']['code']} `{run['code']['commit'][:12]}`, load "
                 f"`{run['uptime_before']}` before, `{run.get('uptime_after', '-')}` after")
    m = data["runs"][-1]["machine"] if data["runs"] else {}
    L.append("")
    L.append(f"Machine: {m.get('cpus', '?')} CPUs ({m.get('cpu', '?')}), shared with other "
             f"engineers' test runs: the load columns say how busy it was (1-minute load "
             f"average before -> after each row; above 2 means the cores were shared).  Peak "
             f"memory: `ru_maxrss` of the child process that computed the row.")
    L.append("")
    L.extend(summary_lines(rows))
    checks_ok = sum(c["agrees"] for c in checks)
    L.append("")
    L.append("## Agreement with the literature and the rules")
    L.append("")
    L.append(f"{len(checks)} comparisons, {checks_ok} agree, {len(checks) - checks_ok} "
             f"disagree.  Sources: `src/gtables/verify/boards_literature.py` (keys of "
             f"SOURCES; excerpts in `results/boards_literature_notes.md`).")
    L.append("")
    bad = [c for c in checks if not c["agrees"]]
    if bad:
        L.append("**Disagreements:**")
        L.append("")
        for c in bad:
            L.append(f"- {c['what']} {c['board']}: ours {c['ours']}, published {c['published']} "
                     f"({c['source']})")
        L.append("")
    L.append("| comparison | board | ours | published / rule | source | agrees |")
    L.append("|---|---|---|---|---|---|")
    for c in checks:
        L.append(f"| {c['what']} | {c['board']} | {c['ours']} | {c['published']} | "
                 f"{c['source']} | {'yes' if c['agrees'] else '**NO**'} |")
    conflicts = [(k, f) for k, f in found.items() if "conflict" in f]
    L.append("")
    L.append("Dense and reachable answers for the same board: " + (
        "; ".join(f"{k}: {f} CONFLICT" for k, f in conflicts) if conflicts else
        "agree wherever both ran (" + ", ".join(f"{g} {r}x{c}" for (g, r, c), f in
                                                sorted(found.items())
                                                if len(f.get("methods", [])) > 1) + ")."))
    for game in GAMES:
        for method in ("dense", "reachable"):
            sel = sorted((v for v in rows.values() if v["game"] == game and
                          v["method"] == method), key=lambda v: (v["rows"] * v["cols"],
                                                                 v["rows"]))
            if not sel:
                continue
            L.append("")
            L.append(f"## {game.capitalize()}, {method}")
            L.append("")
            if method == "dense":
                L.append("| board | positions | start | status | wall s | fill s | peak MiB | "
                         "load before -> after |")
                L.append("|---|---|---|---|---|---|---|---|")
                for v in sel:
                    st = v.get("value", v.get("outcome", "-"))
                    if game == "cram" and "value" in v:
                        st = f"{v['value']} ({v['outcome']})"
                    fill = v.get("compute_seconds")
                    L.append(f"| {v['rows']}x{v['cols']} | {v['positions']:,} | {st} | "
                             f"{v['status']} | {v['wall_seconds']:.1f} | "
                             f"{'-' if fill is None else f'{fill:.2f}'} | "
                             f"{mib(v['peak_rss_bytes'])} | {v['load_before'][0]:.2f} -> "
                             f"{v['load_after'][0]:.2f} |")
            else:
                L.append("| board | start | status | positions stored | expanded | wall s | "
                         "peak MiB | load before -> after |")
                L.append("|---|---|---|---|---|---|---|---|")
                for v in sel:
                    st = v.get("value", v.get("outcome", "-"))
                    if v["status"] != "finished":
                        st = v.get("note") or "error: " + " ".join(v.get("error") or ["?"])
                    elif game == "cram":
                        st = f"{v['value']} ({v['outcome']})"
                    L.append(f"| {v['rows']}x{v['cols']} | {st} | {v['status']} | "
                             f"{count(v.get('positions_stored'))} | "
                             f"{count(v.get('expanded'))} | {v['wall_seconds']:.1f} | "
                             f"{mib(v['peak_rss_bytes'])} | {v['load_before'][0]:.2f} -> "
                             f"{v['load_after'][0]:.2f} |")
    early = [f"{v['game']} {v['rows']}x{v['cols']}" for v in rows.values()
             if v["method"] == "reachable" and v["status"] == "unfinished"
             and "killed_after_grace" not in v["attempts"][-1]]
    if early:
        L.append("")
        L.append("Stopping: a search past its budget gets Ctrl-C (it saves its checkpoint and "
                 "exits), and is killed if it has not exited after a grace period.  The runs of "
                 f"{', '.join(early)} were started by a first version of this script whose "
                 "children, started from a background shell, inherited SIGINT ignored: they "
                 "went on searching (their last progress line is past the budget) until killed "
                 "90 s after the budget; their last periodic checkpoint (every 60 s) stands.  "
                 "Later runs restore SIGINT in the child.")
    done = {(v["game"], v["rows"], v["cols"]) for v in rows.values()
            if v["method"] == "reachable"}
    missing = [f"{g} {r}x{c}" for g, r, c in wanted if (g, r, c) not in done]
    if missing:
        L.append("")
        L.append("Reachable boards of the list not attempted (the total budget was spent): " +
                 ", ".join(missing) + ".")
    L.append("")
    L.append("Figure: `results/figures/cram_values.png` (Grundy value of every computed Cram "
             "rectangle; blank where not computed).")
    return "\n".join(L) + "\n"


def report(res: Results, wanted: list, out: pathlib.Path, log) -> None:
    found = start_results(res.data["rows"])
    checks = compare(found)
    res.data["literature"] = checks
    res.save()
    for c in checks:
        log(f"{'agree   ' if c['agrees'] else 'DISAGREE'} {c['what']} {c['board']}: ours "
            f"{c['ours']}, published {c['published']} [{c['source']}]")
    figure(found, out / "figures" / "cram_values.png")
    (out / "boards.md").write_text(render(res.data, found, checks, wanted))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--part", choices=("all", "dense", "reachable", "report"), default="all")
    ap.add_argument("--store", default=str(ROOT / "results" / "tables"),
                    help="the store of the dense tables (default results/tables)")
    ap.add_argument("--max-cells", type=int, default=30, help="dense: R * C at most (30)")
    ap.add_argument("--no-transposes", action="store_true",
                    help="dense: skip Domineering's C x R boards (no swap-identity check)")
    ap.add_argument("--boards", nargs="+", type=parse_board_arg, default=None,
                    metavar="GAME:RxC", help="reachable: the boards (default: a list of "
                    "larger boards, see DEFAULT_BOARDS)")
    ap.add_argument("--budget", "--hour-budget", dest="budget", type=float, default=600.0,
                    help="reachable: seconds one board may run (default 600)")
    ap.add_argument("--total-budget", type=float, default=3600.0,
                    help="reachable: no board is started after this many seconds (3600)")
    ap.add_argument("--checkpoint-seconds", type=float, default=300.0,
                    help="reachable: seconds between checkpoints (300: saving a search of "
                    "10^8 positions takes tens of seconds)")
    ap.add_argument("--grace", type=float, default=300.0,
                    help="reachable: seconds a stopped search may take to save its checkpoint "
                    "before it is killed (300)")
    ap.add_argument("--retry-unfinished", action="store_true",
                    help="reachable: run again the boards that ran out of time")
    ap.add_argument("--threads", type=int, default=None,
                    help="dense: NUMBA_NUM_THREADS of the children (default: every core)")
    ap.add_argument("--code", choices=("head", "worktree"), default="head")
    ap.add_argument("--out", default=str(ROOT / "results"),
                    help="folder of boards.json, boards.md, figures/ and searches/ (results)")
    ap.add_argument("--force", action="store_true",
                    help="dense: recompute a table the store already holds (rows not yet in "
                    "boards.json only); without it such a table is read and marked 'loaded'")
    ap.add_argument("--worker-dense", nargs=2, metavar=("SPEC", "STORE"), help=argparse.SUPPRESS)
    ap.add_argument("--worker-search", nargs=2, metavar=("SPEC", "CKPT"), help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.worker_dense:
        print(json.dumps(worker_dense(*a.worker_dense, force=a.force)))
        return 0
    if a.worker_search:
        print(json.dumps(worker_search(*a.worker_search,
                                       checkpoint_seconds=a.checkpoint_seconds)))
        return 0
    if a.boards is None:
        a.boards = [parse_board_arg(b) for b in DEFAULT_BOARDS]
    out = pathlib.Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    res = Results(out / "boards.json")

    def log(s: str) -> None:
        print(s, flush=True)
    if a.part == "report":
        report(res, a.boards, out, log)
        return 0
    t0 = time.perf_counter()
    run = {"command": "python scripts/run_boards.py " + shlex.join(
        sys.argv[1:] if argv is None else argv), "parts": a.part,
        "started": time.strftime("%Y-%m-%d %H:%M:%S"), "uptime_before": uptime(),
        "machine": machine()}
    log(f"load before: {run['uptime_before']}")
    res.data["runs"].append(run)
    with tempfile.TemporaryDirectory(prefix="run-boards-") as td:
        run["code"] = snapshot_source(pathlib.Path(td), a.code)
        src = pathlib.Path(td) / "src"
        res.save()
        if a.part in ("all", "dense"):
            run_dense(a, res, src, run["code"], log)
        if a.part in ("all", "reachable"):
            run_reachable(a, res, src, run["code"], out / "searches", log)
    run.update(finished=time.strftime("%Y-%m-%d %H:%M:%S"), uptime_after=uptime(),
               wall_seconds=round(time.perf_counter() - t0, 1))
    res.save()
    log(f"load after: {run['uptime_after']}")
    report(res, a.boards, out, log)
    return 0


if __name__ == "__main__":
    sys.exit(main())
