#!/usr/bin/env python3
"""The misère status chart: the misère quotient of every short octal code, to a heap bound within
a time budget (issue 24).

Codes: every ``0.d1``, ``0.d1d2``, ``0.d1d2d3`` (digits 0-7, the last one not 0: the 511 codes of
:func:`gtables.octal_catalogue.digits.catalogue_codes`) and the ``d0 = 4`` codes of the same lengths
(``4.d1`` .. ``4.d1d2d3``, plus ``4.0``: splitting a heap in two without removing anything, which
the grammar accepts); 1,023 codes.  ``0.0`` (no move at all) is left out and listed.

**Equal codes are computed once.**  Two codes are the same game when every heap has the same
options once the heaps that have no move (the zero game, which vanishes from any sum) are
dropped from them (:func:`game_key`); then the quotients of heaps ``0..n`` are equal for every
``n``.  This is a rule about options, so it holds in misère play; the twin rules of
:mod:`gtables.octal_catalogue` (``reduced_digits``, ``octal4_classes``) are proved for
normal-play *values* only, and merge codes whose games differ, so they are not used here (the
report lists how their classes relate to these).  The key compares heaps ``0..KEY_HEAPS``, which
suffices for every heap (:func:`game_key`), and the tests check it against 60 heaps.

For each class, its representative (shortest code, then the smallest) runs
:func:`gtables.engine.quotient.quotient` to ``--heaps`` with ``--budget`` seconds; on giving up
the certified quotient of the heaps done is kept (``QuotientError.partial``).  Each quotient is
checked by brute force on every sum of heaps of total at most ``--total``
(:func:`~gtables.engine.quotient.check`; splits that keep the total, ``d0 = 4``, are allowed by
it: an option of a sum always comes earlier in its order).  The first wild heap ``w`` gets its
least witness among sums of heaps ``1..w`` (:func:`gtables.engine.misere_tame.wild_witness`),
solved again by brute force; a class tame to its bound is searched for a witness over all its
heaps up to total ``--total`` (there should be none).

Output (``--out``, default ``results``): ``misere_chart.md``, ``misere_chart.json`` and
``figures/misere_chart.png`` (|Q| against the heap bound for every class that is not tame).
Finished classes are appended to ``misere_chart.checkpoint.jsonl`` in ``--out`` as they come,
so an interrupted run started again with the same settings resumes; the file is removed when
the chart is written.

Usage:
  python scripts/misere_chart.py --heaps 40 --budget 6 --workers 2
  python scripts/misere_chart.py --quick --heaps 12 --out /tmp/chart     # a few classes
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import pathlib
import platform
import resource
import shlex
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
KEY_HEAPS = 16  # >= 3 t + 4 for t = 3 digits (see game_key)
QUICK_CODES = ("0.1", "0.2", "0.52", "0.75", "0.77", "0.07", "0.137", "4.0", "4.07", "4.3")
LITERATURE = (
    (
        "0.07",
        30,
        360,
        "Siegel (MisereSolver): Dawson's Kayles to heap 30 has a quotient of order 360",
    ),
    ("0.75", None, 8, "Plambeck-Siegel (JCTA 2008): 0.75 has the quotient of order 8"),
)


# ----------------------------------------------------------------------------------------------
# codes and classes


def chart_codes() -> list[str]:
    """The 511 codes ``0.d1`` .. ``0.d1d2d3`` and the 512 codes ``4.0``, ``4.d1`` ..
    ``4.d1d2d3`` (last digit not 0), in catalogue order (shorter first)."""
    from gtables.octal_catalogue.digits import catalogue_codes

    zero = catalogue_codes()
    return zero + ["4.0"] + ["4" + c[1:] for c in zero]


def effective_options(code: str, n: int) -> list[frozenset]:
    """For heaps ``0..n``: the set of each heap's options, each option as its heaps *that have a
    move*, in decreasing order (a heap without a move is the zero game and leaves every sum
    unchanged)."""
    from gtables.games.octal import heap_options

    live = [False] * (n + 1)
    out = []
    for h in range(n + 1):
        opts = heap_options(code, h)
        live[h] = bool(opts)
        out.append(frozenset(tuple(sorted((c for c in o if live[c]), reverse=True)) for o in opts))
    return out


def game_key(code: str, heaps: int = KEY_HEAPS) -> tuple:
    """What decides the game: the effective options of heaps ``0..heaps``.

    Why ``3 t + 4`` heaps decide every heap (``t <= 3`` digits after the point, ``d0`` 0 or 4):
    if some digit has bit 2 or 4 (or ``d0 = 4``), every heap past ``t + 1`` has a move, so the
    heaps without a move form a set ``D`` inside ``1..t+1``; otherwise every heap past ``t`` has no
    move and the game ends there.  An effective option of heap ``n`` is then one of: nothing (from
    bit 1 of ``d_n``, bit 2 of ``d_k`` with ``n - k`` in ``D``, or bit 4 of ``d_k`` with both parts
    in ``D``: only for ``n <= 3 t + 2``); one live heap ``n - m`` (``m`` in a set ``R1`` of
    removals: bit 2 of ``d_m``, or bit 4 of ``d_k`` with a part ``m - k`` in ``D``; ``m <= 2t + 1``);
    two live heaps ``a + b = n - m`` (``m`` with bit 4 of ``d_m``, ``m <= t``).  So the effective
    options of every heap are fixed by ``D``, the heaps with the option "nothing", ``R1`` and the
    bit-4 digits, and each of these shows on some heap ``<= 3 t + 4`` (``R1``'s ``m`` on heap
    ``m + r``, ``r <= t + 2`` the least live heap; bit 4 of ``d_m`` on heap ``m + 2 r``)."""
    return tuple(effective_options(code, heaps))


def code_order(code: str) -> tuple:
    """``0.`` codes before ``4.`` codes, shorter first, then numeric."""
    return (code.split(".")[0], len(code), code)


def classes(codes) -> list[list[str]]:
    """The codes grouped by :func:`game_key`, each class in :func:`code_order` (its first member
    is the representative), classes in the order of their representatives."""
    groups: dict[tuple, list[str]] = {}
    for c in codes:
        groups.setdefault(game_key(c), []).append(c)
    out = [sorted(g, key=code_order) for g in groups.values()]
    return sorted(out, key=lambda g: code_order(g[0]))


def finite_game(code: str) -> bool:
    """Only bit 1 anywhere (and ``d0 = 0``): heaps past the last digit have no move, so the
    quotient of heaps ``0..t`` is the quotient of the whole game."""
    from gtables.games.octal import digits

    return all(d & 6 == 0 for d in digits(code))


# ----------------------------------------------------------------------------------------------
# one class


def run_class(task: dict) -> dict:
    """The chart row of one class (runs in a worker)."""
    from gtables.engine.misere_tame import confirm, grundy_values, wild_witness
    from gtables.engine.quotient import QuotientError, check, quotient
    from gtables.games.octal import heap_options

    code = task["codes"][0]

    def options_of(h):
        return heap_options(code, h)

    row: dict = {"codes": task["codes"], "representative": code, "finite": finite_game(code)}
    t0 = time.perf_counter()
    try:
        q = quotient(options_of, task["heaps"], time_limit=task["budget"])
        row.update(status="bound", gave_up_at=None, reason=None)
    except QuotientError as e:
        q = e.partial
        row.update(status="gave up", gave_up_at=e.heap, reason=str(e))
    row["quotient_seconds"] = round(time.perf_counter() - t0, 3)
    if q is None:
        row.update(heaps=None, task_seconds=row["quotient_seconds"])
        return row
    q = check(q, options_of, task["total"])
    g = grundy_values(options_of, q.heaps)
    row.update(
        heaps=q.heaps,
        size=q.size,
        p_size=q.p_size,
        tame=bool(q.tame),
        tame_to=int(q.tame_to),
        sizes=q.sizes.tolist(),
        p_sizes=q.p_sizes.tolist(),
        phi=q.phi.tolist(),
        grundy=g,
        phi_period=None if q.phi_period is None else q.phi_period.as_dict(),
        phi_period_text=None if q.phi_period is None else q.phi_period.describe(),
        last_rogue=None if q.last_rogue is None else int(q.last_rogue),
        rogues=[int(h) for h in q.rogues],
        expansions=[int(h) for h in q.expansions],
        checked_total=q.checked_total,
        checked_positions=q.checked_positions,
        first_disagreement=None if q.first_disagreement is None else list(q.first_disagreement),
        check_seconds=round(q.check_seconds, 3),
    )
    t1 = time.perf_counter()
    if q.tame_to < q.heaps:
        w = q.tame_to + 1
        wit = wild_witness(q, g, max_total=task["witness_total"], heaps=w)
        if wit is not None:
            wit = confirm(wit, options_of)
        row.update(
            first_wild=w,
            witness=None if wit is None else wit.as_dict(),
            witness_text=None if wit is None else wit.describe(),
            witness_confirmed=None if wit is None else wit.confirmed,
            witness_involves_first_wild=None if wit is None else w in wit.heaps,
            no_witness_to=None,
        )
    else:
        # tame to the bound: the tame rule must hold on every sum (none found = consistent)
        wit = wild_witness(q, g, max_total=task["total"])
        row.update(
            first_wild=None,
            witness=None if wit is None else wit.as_dict(),
            witness_text=None if wit is None else wit.describe(),
            witness_confirmed=None,
            witness_involves_first_wild=None,
            no_witness_to=task["total"] if wit is None else None,
        )
    row["witness_seconds"] = round(time.perf_counter() - t1, 3)
    row["task_seconds"] = round(time.perf_counter() - t0, 3)
    return row


# ----------------------------------------------------------------------------------------------
# the run


def settings_of(args) -> dict:
    return {
        "heaps": args.heaps,
        "budget": args.budget,
        "total": args.total,
        "witness_total": args.witness_total,
        "quick": args.quick,
    }


def load_checkpoint(path: pathlib.Path, settings: dict) -> dict[str, dict]:
    """Rows already finished by a run with the same settings (keyed by representative)."""
    if not path.exists():
        return {}
    rows: dict[str, dict] = {}
    with open(path) as f:
        lines = f.read().splitlines()
    if not lines or json.loads(lines[0]).get("settings") != settings:
        print(f"checkpoint {path} has other settings: starting over", flush=True)
        return {}
    for line in lines[1:]:
        try:
            row = json.loads(line)
        except json.JSONDecodeError:  # a line cut by an interruption
            continue
        rows[row["representative"]] = row
    return rows


def run(args) -> dict:
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    settings = settings_of(args)
    codes = chart_codes()
    groups = classes(codes)
    if args.quick:
        groups = [g for g in groups if set(g) & set(QUICK_CODES)]
    ckpt = out / "misere_chart.checkpoint.jsonl"
    done = load_checkpoint(ckpt, settings)
    if not done:
        with open(ckpt, "w") as f:
            f.write(json.dumps({"settings": settings}) + "\n")
    todo = [g for g in groups if g[0] not in done]
    print(
        f"misère chart: {len(codes)} codes, {len(groups)} classes"
        f"{' (quick subset)' if args.quick else ''}; {len(done)} from the checkpoint, "
        f"{len(todo)} to run on {args.workers} worker(s); heaps <= {args.heaps}, "
        f"{args.budget:g} s each, brute-force check to total {args.total}",
        flush=True,
    )
    tasks = [
        {
            "codes": g,
            "heaps": args.heaps,
            "budget": args.budget,
            "total": args.total,
            "witness_total": args.witness_total,
        }
        for g in todo
    ]
    t0 = time.perf_counter()
    rows = dict(done)
    if tasks:
        ctx = multiprocessing.get_context("spawn")  # no fork of a process that loaded numba
        with ctx.Pool(args.workers) as pool, open(ckpt, "a") as f:
            for i, row in enumerate(pool.imap_unordered(run_class, tasks), 1):
                f.write(json.dumps(row) + "\n")
                f.flush()
                rows[row["representative"]] = row
                print(f"[{len(done) + i:4d}/{len(groups)}] {progress_text(row)}", flush=True)
    return {
        "settings": settings,
        "codes": len(codes),
        "rows": [rows[g[0]] for g in groups],
        "run_seconds": time.perf_counter() - t0,
        "resumed": len(done),
        "checkpoint": ckpt,
    }


def progress_text(row: dict) -> str:
    more = f" (+{len(row['codes']) - 1})" if len(row["codes"]) > 1 else ""
    if row.get("heaps") is None:
        return f"{row['representative']}{more}: nothing certified ({row['reason']})"
    where = (
        f"to heap {row['heaps']}"
        if row["status"] == "bound"
        else f"gave up at heap {row['gave_up_at']}"
    )
    tame = (
        "tame"
        if row["tame"]
        else f"tame to {row['tame_to']}, wild {row['first_wild']}: {witness_cell(row)}"
    )
    bad = (
        ""
        if row["first_disagreement"] is None
        else f"  DISAGREES WITH BRUTE FORCE at {row['first_disagreement']}"
    )
    return (
        f"{row['representative']}{more}: {where}, |Q| = {row['size']}, {tame}, "
        f"{row['task_seconds']:.1f} s{bad}"
    )


def witness_cell(row: dict) -> str:
    w = row.get("witness")
    if w is None:
        return "no witness found"
    mark = "✓" if row.get("witness_confirmed") else "✗ brute force disagrees"
    return f"{' + '.join(map(str, w['heaps']))} is {w['outcome']} {mark}"


# ----------------------------------------------------------------------------------------------
# report


def summary(rows: list[dict], settings: dict) -> dict:
    bound = [r for r in rows if r["status"] == "bound"]
    gave = [r for r in rows if r["status"] != "bound"]
    where: dict[int, int] = {}
    for r in gave:
        where[r["gave_up_at"]] = where.get(r["gave_up_at"], 0) + 1
    with_q = [r for r in rows if r.get("heaps") is not None]
    wild = [r for r in with_q if r["first_wild"] is not None]
    return {
        "classes": len(rows),
        "codes": sum(len(r["codes"]) for r in rows),
        "reached_bound": len(bound),
        "gave_up": len(gave),
        "gave_up_at": dict(sorted(where.items())),
        "tame_to_bound": sum(1 for r in bound if r["tame"]),
        "tame_so_far_gave_up": sum(1 for r in gave if r.get("tame")),
        "wild": len(wild),
        "wild_reached_bound": sum(1 for r in bound if r["first_wild"] is not None),
        "wild_gave_up": sum(1 for r in gave if r.get("first_wild") is not None),
        "first_wild_heaps": dict(sorted(_count(r["first_wild"] for r in wild).items())),
        "witness_missing": [r["representative"] for r in wild if r["witness"] is None],
        "witness_unconfirmed": [
            r["representative"]
            for r in wild
            if r["witness"] is not None and not r["witness_confirmed"]
        ],
        "witness_without_first_wild": [
            r["representative"]
            for r in wild
            if r["witness"] is not None and not r["witness_involves_first_wild"]
        ],
        "tame_with_witness": [
            r["representative"]
            for r in with_q
            if r["first_wild"] is None and r["witness"] is not None
        ],
        "tame_flag_mismatch": [
            r["representative"] for r in with_q if r["tame"] != (r["tame_to"] == r["heaps"])
        ],
        "disagreements": [
            r["representative"] for r in with_q if r["first_disagreement"] is not None
        ],
        "finite": [r["representative"] for r in rows if r["finite"]],
    }


def _count(xs) -> dict:
    out: dict = {}
    for x in xs:
        out[x] = out.get(x, 0) + 1
    return out


def twin_relation(rows: list[dict]) -> dict:
    """How the normal-play twin classes of :mod:`gtables.octal_catalogue` (0.x codes only)
    relate to the game classes here: twin classes that hold several game classes, and whether
    those classes' quotients (|Q| and |P| over the common heaps, tame to) came out equal.
    Observed, not proved."""
    from gtables.octal_catalogue.digits import reduced_digits, small_values

    def twin_key(code: str) -> tuple:
        # the rule as the catalogue's docstring states it: bits 2 and 4 of the reduced digits
        # d1..d4, and G(0..4)
        return (tuple(d & 6 for d in reduced_digits(code)), small_values(code, 5))

    by_code = {c: r for r in rows for c in r["codes"]}
    twins: dict[tuple, list[dict]] = {}
    for c, r in by_code.items():
        if c.startswith("0."):
            lst = twins.setdefault(twin_key(c), [])
            if all(x is not r for x in lst):
                lst.append(r)
    several = [v for v in twins.values() if len(v) > 1]
    differ = []
    for v in several:
        sigs = set()
        for r in v:
            if r.get("heaps") is None:
                continue
            m = min(x["heaps"] for x in v if x.get("heaps") is not None)
            sigs.add(
                (tuple(r["sizes"][: m + 1]), tuple(r["p_sizes"][: m + 1]), min(r["tame_to"], m))
            )
        if len(sigs) > 1:
            differ.append([r["representative"] for r in v])
    return {
        "codes": sum(1 for c in by_code if c.startswith("0.")),
        "twin_classes": len(twins),
        "with_several_games": len(several),
        "quotients_differ": differ,
    }


def figure(rows: list[dict], path: pathlib.Path) -> str:
    """|Q_t| against the heap bound t for every class that is not tame (one step line each, up
    to the last certified heap); a few named games drawn in colour, with a legend."""
    from matplotlib.lines import Line2D

    from gtables.plotting import GRID_ALPHA, new_figure, save

    fig, ax = new_figure((11.0, 6.0))
    named = {
        "0.07": ("0.07 Dawson's Kayles", "#1b9e77"),
        "0.77": ("0.77 Kayles", "#d95f02"),
        "0.137": ("0.137 Dawson's chess", "#7570b3"),
        "0.75": ("0.75", "#e7298a"),
        "4.07": ("4.07", "#66a61e"),
    }
    drawn = 0
    handles = []
    for r in rows:
        if r.get("heaps") is None or r["tame"]:
            continue
        ys = r["sizes"]
        hit = next((named[c] for c in r["codes"] if c in named), None)
        if hit:
            label, colour = hit
            line = ax.step(range(len(ys)), ys, where="post", color=colour, lw=1.8, zorder=3,
                           label=f"{label} (to heap {r['heaps']})")  # fmt: skip
            handles.append(line[0])
        else:
            colour = "#2166ac" if r["status"] == "bound" else "#d6604d"
            ax.step(range(len(ys)), ys, where="post", color=colour, lw=0.6, alpha=0.3, zorder=2)
        drawn += 1
    handles += [
        Line2D([], [], color="#2166ac", lw=1, label="reached the heap bound"),
        Line2D([], [], color="#d6604d", lw=1, label="gave up (line ends at the last certified heap)"),
    ]  # fmt: skip
    ax.legend(handles=handles, loc="upper left", fontsize=8, framealpha=0.9)
    ax.set_yscale("log")
    ax.set_xlabel("heap bound t (the quotient of the sums of heaps 0..t)")
    ax.set_ylabel("|Q_t|, elements of the misère quotient")
    ax.set_title(f"Misère quotients of the {drawn} short octal classes that are not tame",
                 fontsize=10)  # fmt: skip
    ax.grid(True, alpha=GRID_ALPHA, which="both")
    return save(fig, str(path))


def markdown(doc: dict) -> str:
    s, st, rows = doc["summary"], doc["settings"], doc["rows"]
    run_info = doc["run"]
    lines = [
        "# Misère status chart of the short octal games",
        "",
        f"Written by `{run_info['command']}`: wall time {run_info['wall_seconds']:.0f} s "
        f"({run_info['resumed']} classes taken from a checkpoint), peak memory "
        f"{run_info['peak_rss_mib_self']:.0f} MiB (main process) and "
        f"{run_info['peak_rss_mib_children']:.0f} MiB (largest worker), {run_info['workers']} "
        f"worker(s) on {run_info['cpus']} CPUs shared with other work, load average (1, 5, 15 "
        f"min) {_load(run_info['load_start'])} at the start and {_load(run_info['load_end'])} "
        f"at the end; {run_info['python']}.",
        "",
        f"**Codes**: every `0.d1`, `0.d1d2`, `0.d1d2d3` and `4.0`, `4.d1`, `4.d1d2`, `4.d1d2d3` "
        f"(digits 0-7, the last not 0): {doc['codes']} codes"
        + (" (quick subset of the classes)" if st["quick"] else "")
        + f"; `0.0` has no move and is left out.  Codes that are **the same game** (every heap "
        f"has the same options once heaps without a move, the zero game, are dropped from "
        f"them; `game_key` in the script says why {KEY_HEAPS} heaps decide it for every heap) "
        f"form one class, computed once: {s['classes']} classes.  The catalogue's twin rule "
        f"(`gtables.octal_catalogue`) is proved for normal-play values only and is not used.",
        "",
        f"**Per class**: the misère quotient of the sums of heaps `0..{st['heaps']}` "
        f"(`gtables.engine.quotient.quotient`, time limit {st['budget']:g} s); on giving up, "
        f"the certified quotient of the heaps done.  *Bound* is the largest heap `n` for which "
        f"the quotient is certified (the pretending-function test passed on every sum of heaps "
        f"`0..n`): every statement here is **up to heap n**, nothing is claimed past it.  "
        f"Every quotient was also checked by brute force on every sum of heaps of total at "
        f"most {st['total']} (splits without removal, `d0 = 4`, keep the total; the brute force "
        f"orders them after their options).",
        "",
        "*Tame to*: the largest `t` with `Q_t` a tame quotient `T_k` (`Quotient.tame_to`).  "
        "*First wild*: heap `t + 1`, with the least sum of heaps `1..t+1` (by total, then "
        "parts in decreasing order) whose outcome differs from the misère Nim rule "
        "(`gtables.engine.misere_tame`: P exactly when no big heap and nim-sum 1, or a big heap "
        f"and nim-sum 0), searched to total {st['witness_total']}; ✓: its outcome solved again "
        "by brute force agrees with the quotient.  |Q|, |P| at the bound.  **Φ period**: the "
        "period Φ shows on heaps `0..n` (`Quotient.phi_period`): *observed, never proved*.  "
        "*Last rogue*: the largest heap whose element is not generated by the smaller heaps'.",
        "",
        "## Summary",
        "",
        f"- {s['classes']} classes ({s['codes']} codes): {s['reached_bound']} reached heap "
        f"{st['heaps']}, {s['gave_up']} gave up (certified to the heap before).",
        f"- Tame to the bound {st['heaps']}: {s['tame_to_bound']} classes"
        + (
            f" (of them finite games, heaps past the last digit without a move, so tame for "
            f"every heap: {', '.join(s['finite'])})"
            if s["finite"]
            else ""
        )
        + f"; still tame where they gave up: {s['tame_so_far_gave_up']}.",
        f"- Wild: {s['wild']} classes ({s['wild_reached_bound']} reached the bound, "
        f"{s['wild_gave_up']} gave up later); first wild heap: "
        + ", ".join(f"{h}: {c}" for h, c in s["first_wild_heaps"].items())
        + ".",
        "- Gave up at heap: "
        + (", ".join(f"{h}: {c}" for h, c in s["gave_up_at"].items()) or "none")
        + ".",
        "",
        "## Checks",
        "",
        f"- Brute force on every sum of total <= {st['total']}: "
        + (
            "**no disagreement** in any class."
            if not s["disagreements"]
            else f"**DISAGREEMENTS (bugs)** in {', '.join(s['disagreements'])}."
        ),
        f"- Every wild class has a witness within total {st['witness_total']}: "
        + (
            "yes."
            if not s["witness_missing"]
            else f"**no** for {', '.join(s['witness_missing'])} (a finding: wild, yet the misère "
            f"Nim rule holds on every sum searched)."
        ),
        "- Every witness confirmed by brute force: "
        + (
            "yes."
            if not s["witness_unconfirmed"]
            else f"**no** for {', '.join(s['witness_unconfirmed'])}."
        ),
        "- Every least witness among heaps `1..w` involves the first wild heap `w`: "
        + (
            "yes."
            if not s["witness_without_first_wild"]
            else f"**no** for {', '.join(s['witness_without_first_wild'])}."
        ),
        f"- Classes tame to the bound with no witness on any sum of total <= {st['total']}: "
        + (
            "all."
            if not s["tame_with_witness"]
            else f"**not** {', '.join(s['tame_with_witness'])}."
        )
        + (
            ""
            if not s["tame_flag_mismatch"]
            else f"  `tame` and `tame_to` disagree in {', '.join(s['tame_flag_mismatch'])}."
        ),
    ]
    for code, heap, order, text in LITERATURE:
        r = next((r for r in rows if code in r["codes"]), None)
        if r is None or r.get("heaps") is None:
            continue
        at = r["heaps"] if heap is None else heap
        if at > r["heaps"]:
            lines.append(f"- {text}: not reached (certified to heap {r['heaps']}).")
            continue
        got = r["sizes"][at]
        lines.append(
            f"- {text}: |Q| of heaps 0..{at} here is {got} "
            f"({'agrees' if got == order else '**DISAGREES**'})."
        )
    tw = doc.get("twins")
    if tw:
        lines.append(
            f"- The catalogue's normal-play twin rule groups the {tw['codes']} "
            f"`0.` codes into {tw['twin_classes']} classes; {tw['with_several_games']} "
            f"of them hold several different games here, and their quotients "
            + (
                "came out equal (sizes and |P| on every common heap, tame to): observed "
                "only, not a reason to merge them."
                if not tw["quotients_differ"]
                else f"differ in {len(tw['quotients_differ'])} (e.g. "
                f"{', '.join(' / '.join(x) for x in tw['quotients_differ'][:5])}): the "
                f"normal-play twins are not misère twins."
            )
        )
    lines += [
        "",
        "## Classes",
        "",
        "| codes | bound | tame to | first wild: witness | \\|Q\\| | \\|P\\| | "
        "Φ period (observed) | last rogue | s |",
        "|---|---|---|---|---:|---:|---|---:|---:|",
    ]
    for r in rows:
        codes = ", ".join(r["codes"])
        if r.get("heaps") is None:
            lines.append(
                f"| {codes} | gave up at {r['gave_up_at']}: nothing certified | | | "
                f"| | | | {r['task_seconds']:.1f} |"
            )
            continue
        if r["status"] == "bound":
            bound = f"{r['heaps']}"
        else:
            bound = f"{r['heaps']} (gave up at {r['gave_up_at']}: {_reason(r['reason'])})"
        tame = "all" if r["tame"] else str(r["tame_to"])
        if r["first_wild"] is None:
            wild = "—"
        else:
            w = r["witness"]
            wild = f"{r['first_wild']}: " + (
                f"{' + '.join(map(str, w['heaps']))} is "
                f"{w['outcome']} "
                f"{'✓' if r['witness_confirmed'] else '✗'}"
                if w
                else f"no witness to total {st['witness_total']}"
            )
        per = r["phi_period"]
        per_text = "—" if per is None else f"{per['period']} from {per['preperiod']}"
        bad = (
            ""
            if r["first_disagreement"] is None
            else f" **DISAGREES at {r['first_disagreement']}**"
        )
        rogue = "—" if r["last_rogue"] is None else str(r["last_rogue"])
        lines.append(
            f"| {codes} | {bound}{bad} | {tame} | {wild} | {r['size']} | "
            f"{r['p_size']} | {per_text} | {rogue} | {r['task_seconds']:.1f} |"
        )
    lines += ["", "![|Q| against the heap bound](figures/misere_chart.png)", ""]
    return "\n".join(lines)


def _load(xs) -> str:
    return " / ".join(f"{x:.2f}" for x in xs)


def _reason(text: str | None) -> str:
    if not text:
        return ""
    t = text.split(": ", 1)[-1]
    return t.replace("|", "/")


def peak_mib() -> tuple[float, float]:
    """Peak resident memory (MiB) of this process and of its largest finished child (Linux:
    ``ru_maxrss`` in KiB)."""
    me = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return me, kids


def write_outputs(doc: dict, out: pathlib.Path) -> None:
    """The figure and the Markdown report of a chart document."""
    (out / "figures").mkdir(parents=True, exist_ok=True)
    figure(doc["rows"], out / "figures" / "misere_chart.png")
    with open(out / "misere_chart.md", "w") as f:
        f.write(markdown(doc))


def main(argv=None) -> int:
    p = argparse.ArgumentParser(
        description="Misère status chart: the misère quotient of every octal code 0.d1 .. "
        "0.d1d2d3 and 4.0 .. 4.d1d2d3 (equal games once) to a heap bound within a time budget, "
        "checked by brute force; writes misere_chart.md/.json and figures/misere_chart.png."
    )
    p.add_argument("--heaps", type=int, default=40, help="heap bound n (default 40)")
    p.add_argument(
        "--budget", type=float, default=6.0, help="seconds per class for the quotient (default 6)"
    )
    p.add_argument(
        "--total",
        type=int,
        default=40,
        help="brute-force check of every sum of total <= this (default 40)",
    )
    p.add_argument(
        "--witness-total",
        type=int,
        default=40,
        help="search the first wild heap's witness to this total (default 40)",
    )
    p.add_argument(
        "--workers",
        type=int,
        default=min(2, os.cpu_count() or 1),
        help="worker processes (default: 2 or the CPUs, if fewer)",
    )
    p.add_argument(
        "--quick", action="store_true", help=f"only the classes of {', '.join(QUICK_CODES)}"
    )
    p.add_argument(
        "--out",
        default=str(ROOT / "results"),
        help="output directory (default results/); figure in OUT/figures/",
    )
    p.add_argument(
        "--rerender",
        action="store_true",
        help="only redraw OUT/misere_chart.md and the figure from OUT/misere_chart.json (the "
        "run it records is unchanged; nothing is computed)",
    )
    args = p.parse_args(argv)
    if args.rerender:
        out = pathlib.Path(args.out)
        with open(out / "misere_chart.json") as f:
            doc = json.load(f)
        write_outputs(doc, out)
        print(f"redrew {out / 'misere_chart.md'} and figures/misere_chart.png", flush=True)
        return 0
    if args.heaps < 1 or args.budget <= 0 or args.total < 0 or args.workers < 1:
        p.error("--heaps, --budget and --workers must be positive, --total >= 0")
    load_start = tuple(round(x, 2) for x in os.getloadavg())
    t0 = time.perf_counter()
    res = run(args)
    rows = res["rows"]
    out = pathlib.Path(args.out)
    argv_text = " ".join(shlex.quote(a) for a in (sys.argv[1:] if argv is None else argv))
    me, kids = peak_mib()
    doc = {
        "run": {
            "command": f"python scripts/misere_chart.py {argv_text}".strip(),
            "wall_seconds": round(time.perf_counter() - t0, 1),
            "resumed": res["resumed"],
            "peak_rss_mib_self": round(me, 1),
            "peak_rss_mib_children": round(kids, 1),
            "workers": args.workers,
            "cpus": os.cpu_count(),
            "load_start": load_start,
            "load_end": tuple(round(x, 2) for x in os.getloadavg()),
            "python": f"Python {platform.python_version()} on {platform.machine()}",
        },
        "settings": res["settings"],
        "codes": res["codes"],
        "summary": summary(rows, res["settings"]),
        "twins": twin_relation(rows),
        "rows": rows,
    }
    with open(out / "misere_chart.json", "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    write_outputs(doc, out)
    res["checkpoint"].unlink(missing_ok=True)
    s = doc["summary"]
    print(
        f"wrote {out / 'misere_chart.md'}, .json and figures/misere_chart.png: "
        f"{s['classes']} classes, {s['reached_bound']} reached heap {args.heaps} "
        f"({s['tame_to_bound']} tame), {s['wild']} wild, {s['gave_up']} gave up; "
        f"disagreements: {len(s['disagreements'])}; wall {doc['run']['wall_seconds']} s",
        flush=True,
    )
    return 1 if s["disagreements"] else 0


if __name__ == "__main__":
    sys.exit(main())
