"""The open-game atlas (``open3``): the games a public solver lists as unsolved
(:mod:`gtables.games.octal.open_list`), all to a first size, then each to a target that depends on
whether it has a sparse space (:func:`sparse_space`), then doubling within a time budget per
game; each game's statistics (the engine's, stored with its table), its first pass, and our
values against the source's figures."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..engine.sequence_stats import SequenceStats
from ..games.octal.open_list import OTHER, SOURCE, SOURCE_URL, lookup_open, open_codes
from .base import (
    MISSING,
    RARE_FRACTION,
    Catalogue,
    Column,
    Figure,
    code_column,
    code_of,
    figure_section,
    run_section,
    size_of,
    spec_of,
    stored_rows,
    table,
    tally,
)

#: ``open3``, first pass: every listed game to 2^16 values, until a period is proved; it decides
#: which games have a sparse space (:func:`sparse_space`).  Measured on this machine (2 cores
#: shared, one process): all 83 games to 2^14 in 30 s; 4!.0 and 0.6 (sparse) to 2^21 in 17 s and
#: 29 s; 0.04 and 0.06 (naive) to 2^17 in 19 s and 11 s.  So with these kernels the targets below
#: cost about 2-4 min per sparse game and 12-20 min per naive game (quadratic).
OPEN_SIZE = (1 << 16) - 1
#: games with a sparse space are computed to at least 2^24 values ...
OPEN_SPARSE_SIZE = (1 << 24) - 1
#: ... games without one to at least 2^20 (the naive mex) ...
OPEN_NAIVE_SIZE = (1 << 20) - 1
#: ... and 0.04 and 0.06, the games without one that the source gives figures for (its frontier
#: 2^17), this many times further: 2^22 values at the defaults, 32 times the source's frontier
#: (the naive-frontier run of 2026-11-26 took them there in 1045 s and 894 s on 2 threads)
OPEN_NAIVE_FAR = ("0.04", "0.06")
OPEN_NAIVE_FAR_FACTOR = 4


def naive_target(code: str, naive_size: int, factor: int = OPEN_NAIVE_FAR_FACTOR) -> int:
    """The largest heap pass 2 takes a game without a sparse space to: ``naive_size``, or
    ``factor`` times as many values for :data:`OPEN_NAIVE_FAR`."""
    k = factor if code in OPEN_NAIVE_FAR else 1
    return (naive_size + 1) * k - 1
#: then each open game's table doubles while the game's compute time (all its runs, the stored
#: ``compute_seconds``) plus the estimated cost of the next doubling stays within this many
#: seconds; 0: stop at the targets
OPEN_BUDGET = 600.0
#: the estimated cost of doubling a table, in units of the time its heaps took so far: the
#: sparse-space method is about linear while its rare heaps stay few; the naive mex is quadratic
#: (2N heaps cost 4 times N heaps, so the doubling 3 times)
DOUBLING_COST = {"sparse": 1.0, "naive": 3.0}


def _doubling_seconds(seconds: float, kind: str, factor: float = 2.0) -> float:
    """The estimated compute time of growing a table that took ``seconds`` by ``factor`` (the
    sparse method about linear, the naive mex quadratic: :data:`DOUBLING_COST` per doubling)."""
    if kind == "naive":
        return seconds * (factor * factor - 1.0)
    return seconds * (factor - 1.0) * DOUBLING_COST["sparse"]


def _open_sweep(specs, store, **sweep_options) -> list:
    """One sweep pass over ``specs``, until a period is proved where a theorem can prove one
    (Guy-Smith); Grundy's game (``!``: no theorem implemented) is computed to its size.  Two
    sweeps when both kinds are present: ``run_sweep`` takes one ``until_periodic`` for all."""
    from ..api import game
    from ..sweep import run_sweep

    proofs = [s for s in specs if game(s).has_period_theorem]
    rest = [s for s in specs if s not in set(proofs)]
    rows: dict[str, Any] = {}
    for group, until in ((proofs, True), (rest, False)):
        if group:
            rows.update(
                (r.spec, r) for r in run_sweep(group, store, until_periodic=until, **sweep_options)
            )
    return [rows[s] for s in specs if s in rows]


def sparse_space(row, values) -> tuple[bool, int | None]:
    """``(has a sparse space, rare heaps in the second half)`` from a first-pass row and its
    values: the run kept the sparse-space method to the end (the stepper re-chooses the mask at
    every power of two and leaves the method when more than a quarter of the heaps are rare) and
    the rare heaps of the second half of the table, heaps n/2..n-1, are at most
    ``RARE_FRACTION`` of them (the rare values are dying out, so the method stays fast).  On the
    calibration run (2^16) this keeps e.g. 4!.0 (11 late rare heaps) and 0.064 (222), and
    excludes every game the stepper left for the naive mex."""
    x = row.extra or {}
    n = row.computed_to or 0
    if x.get("algorithm") != "sparse" or x.get("mask") is None or n < 2:
        return False, None
    rare = rare_heaps_of(values[:n], int(x["mask"]), int(x.get("parity_bit") or 0))
    late = int(np.count_nonzero(rare >= n // 2))
    return late <= RARE_FRACTION * (n - n // 2), late


def _first_pass(store, code: str, size: int):
    """The first-pass row and values of ``code`` from the store, or ``(None, None)``."""
    from ..sweep import stored_row

    spec = spec_of(code, size)
    if spec not in store:
        return None, None
    return stored_row(store, spec), store.get(spec).load()


def _seconds(store, spec: str) -> float:
    """A stored table's compute time, resumed segments included."""
    return float(store.get(spec).attrs.get("compute_seconds") or 0.0)


def _passes(
    cat: Catalogue,
    store,
    settings: dict,
    *,
    echo=print,
    scheduler: str | None = None,
    workers: int = 2,
    threads_per_worker: int = 1,
    **sweep_options,
) -> list:
    """The atlas as Dask sweeps on one cluster: (1) every listed game to ``size``; (2) the
    games still open to ``big_size`` if they have a sparse space (:func:`sparse_space`), else to
    ``naive_size``; (3) while any open game's next doubling fits its time ``budget`` (seconds
    per game, :data:`DOUBLING_COST`), a pass that doubles those.  In pass 2 the sparse games
    climb by doublings (each stored: a checkpoint), and one whose next doubling is estimated
    over ``step_limit`` seconds (0: no limit) stops short of its target.  Every pass resumes
    from the store and stops a game at a proved period.  Returns every row."""
    from ..sweep import shared_cluster

    size, big_size, naive_size = settings["size"], settings["big_size"], settings["naive_size"]
    budget, step_limit = settings["budget"], settings["step_limit"]
    codes = cat.codes()
    with shared_cluster(scheduler, workers, threads_per_worker) as address:
        opts = dict(scheduler=address, echo=echo, **sweep_options)
        echo(
            f"open3 pass 1: {len(codes)} open games to heap {size:,}, until a period is proved "
            f"(Grundy's game: no theorem, to the size)"
        )
        rows = _open_sweep([spec_of(c, size) for c in codes], store, **opts)
        kind, current = {}, {}
        for r in rows:
            if r.status == "failed" or r.period is not None:
                continue
            code = code_of(r.spec)
            has = sparse_space(r, store.get(r.spec).load())[0]
            kind[code] = "sparse" if has else "naive"
            current[code] = r.spec
        target = {c: big_size if kind[c] == "sparse" else naive_target(c, naive_size)
                  for c in current}
        for r in stored_rows(store, list(current)):  # a resumed atlas: where each game is
            c = code_of(r.spec)
            if c not in current or r.status == "failed":
                continue
            if r.period is not None:
                current.pop(c)
            elif size_of(current[c]) < size_of(r.spec) <= target[c]:
                current[c] = r.spec
        more = [c for c in current if target[c] > size]
        if more:
            n_sparse = sum(1 for c in current if kind[c] == "sparse")
            far = sorted(c for c in current if kind[c] == "naive" and target[c] > naive_size)
            echo(
                f"open3 pass 2: {len(more)} open games to their targets ({n_sparse} with a sparse "
                f"space to heap {big_size:,}, {len(current) - n_sparse} without to heap "
                f"{naive_size:,}"
                + (f"; {', '.join(far)} to heap {naive_target(far[0], naive_size):,}"
                   if far else "")
                + ")"
            )
        # the games without a sparse space go to their target at once, spread over the steps
        # (each step then has long tasks that keep the workers busy while the short ones end);
        # those with one climb by doublings, each stored when done (a stopped run keeps every
        # finished doubling), and a climb stops short where its next doubling is estimated over
        # ``step_limit`` seconds
        held: dict[str, float] = {}
        steps = max(1, ((big_size + 1) // (size + 1)).bit_length() - 1)
        naive = [c for c in more if kind[c] == "naive"]
        start = {c: 1 + i % steps for i, c in enumerate(naive)}
        climb = 0
        while True:
            todo, later = [], []
            for code in more:
                spec = current.get(code)
                if spec is None or code in held or size_of(spec) >= target[code]:
                    continue
                if start.get(code, 0) > climb + 1:
                    later.append(code)
                    continue
                factor = 2.0 if kind[code] == "sparse" else (target[code] + 1) / (size_of(spec) + 1)
                cost = _doubling_seconds(_seconds(store, spec), kind[code], factor)
                if kind[code] == "sparse":
                    if step_limit and cost > step_limit:
                        held[code] = cost
                        echo(
                            f"open3 pass 2: {code} stops at {size_of(spec) + 1:,} values: its "
                            f"next doubling is estimated at {cost:,.0f} s, over the step "
                            f"limit of {step_limit:,.0f} s"
                        )
                        continue
                    todo.append(
                        (cost, spec_of(code, min(2 * (size_of(spec) + 1) - 1, target[code])))
                    )
                else:
                    todo.append((cost, spec_of(code, target[code])))
            if not todo and later:  # nothing climbs any more: the rest at once
                todo = [(0.0, spec_of(c, target[c])) for c in later]
            if not todo:
                break
            climb += 1
            todo.sort(key=lambda t: -t[0])  # the longest first: less idle at the end
            echo(f"open3 pass 2, step {climb}: {len(todo)} tables")
            rows = rows + _advance(current, _open_sweep([s for _, s in todo], store, **opts))
        for code in held:
            current.pop(code, None)  # the budget passes come after the targets only
        step = 0
        while budget > 0 and current:
            grow = []
            for code, spec in current.items():
                spent = _seconds(store, spec)
                if spent + _doubling_seconds(spent, kind[code]) <= budget:
                    grow.append(spec_of(code, 2 * (size_of(spec) + 1) - 1))
            if not grow:
                break
            step += 1
            echo(
                f"open3 pass {2 + step}: {len(grow)} open games doubled (each within "
                f"{budget:,.0f} s of compute)"
            )
            rows = rows + _advance(current, _open_sweep(grow, store, **opts))
    return rows


def _advance(current: dict, new: list) -> list:
    """Move each game of ``current`` (code -> its latest spec) to its new row, or drop it when
    the row failed or proved a period; returns ``new``."""
    for r in new:
        code = code_of(r.spec)
        if r.status == "failed" or r.period is not None:
            current.pop(code, None)
        else:
            current[code] = r.spec
    return new


# -- per-sequence statistics: the engine's (stored with the table), else computed from the values


def rare_heaps_of(values, mask: int, parity_bit: int = 0) -> np.ndarray:
    """The heaps i >= 1 whose value is rare under ``(mask, parity_bit)``: the parity of
    ``G(i) & mask`` equals ``parity_bit & i & 1`` (the stepper's definition, heap 0 left out)."""
    v = np.asarray(values).astype(np.int64) & int(mask)
    par = np.zeros(v.size, dtype=np.int64)
    while v.any():
        par ^= v & 1
        v >>= 1
    i = np.arange(par.size, dtype=np.int64)
    rare = np.flatnonzero(par == (int(parity_bit) & i & 1))
    return rare[rare >= 1]


def sequence_stats(values) -> dict:
    """The engine's statistics of the values G(0..n-1) (:class:`SequenceStats`), histograms as
    {k: counts of each value among heaps < 2^k} (the report's form)."""
    return _report_form(SequenceStats.of(np.asarray(values)).as_dict())


def _report_form(st: dict) -> dict:
    h = st.get("histograms") or []
    return dict(
        st,
        histograms=dict(enumerate(h))
        if isinstance(h, list)
        else {int(k): list(c) for k, c in h.items()},
    )


def power_bins(counts) -> list[int]:
    """Counts per value -> counts per value bin 0, 1, 2-3, 4-7, ... (no trailing empty bins)."""
    c = np.asarray(counts, dtype=np.int64)
    edges = [0, 1] + [1 << k for k in range(1, max(1, c.size).bit_length() + 1)]
    out = [int(c[lo:hi].sum()) for lo, hi in zip(edges, edges[1:]) if lo < c.size]
    while out and out[-1] == 0:
        out.pop()
    return out


def _stats(x: dict, values: np.ndarray) -> tuple[dict, str]:
    """The statistics of a stored table: the engine's (``extra["stats"]``, over the whole
    stored table) where present, else :func:`sequence_stats` of ``values``; histograms keyed by
    int.  Returns ``(stats, "engine" | "values")``."""
    st = x.get("stats")
    if isinstance(st, dict) and "checksum" in st:
        return _report_form(st), "engine"
    return sequence_stats(values), "values"


def source_check(g, values) -> dict | None:
    """Our values at the source's frontier against the figures it gives (``g``: an
    :class:`~gtables.games.octal.open_list.OpenGame`), or None when it gives none or we have fewer
    values.  Rare heaps as the source counts them: under its mask, heap 0 included (our runs of
    0.6 and 4!.0 to 2^21 reproduce all four figures of each that way)."""
    if g is None or g.frontier is None or len(values) < g.frontier:
        return None
    v = np.asarray(values[: g.frontier])
    rare = rare_heaps_of(v, g.rare_mask)
    count = int(rare.size) + 1  # + heap 0: G(0) = 0 is rare under every mask
    last = int(rare[-1]) if rare.size else 0
    here = {
        "largest": int(v.max()),
        "largest_at": int(np.argmax(v)),
        "rare_heaps": count,
        "last_rare": last,
    }
    there = {
        "largest": g.largest,
        "largest_at": g.largest_at,
        "rare_heaps": g.rare_heaps,
        "last_rare": g.last_rare,
    }
    return {
        "n": g.frontier,
        "here": here,
        "source": there,
        "differs": [k for k in here if here[k] != there[k]],
    }


# -- the document ----------------------------------------------------------------------------------


def _open_entry(code: str, r, store, settings: dict) -> dict:
    """One game of the atlas: its best row's table, statistics, first pass and budget."""
    if r is None:
        return {"code": code, "result": MISSING}
    g = lookup_open(code)
    x = r.extra or {}
    n = r.computed_to or 0
    values = store.get(r.spec).load()[:n] if r.spec in store else np.zeros(0, dtype=np.uint8)
    st, origin = _stats(x, values) if values.size else ({}, "missing")
    sparse_method = x.get("algorithm") == "sparse"
    last_rare = x.get("last_rare")
    if last_rare is None and sparse_method and values.size and x.get("mask") is not None:
        rare = rare_heaps_of(values, int(x["mask"]), int(x.get("parity_bit") or 0))
        last_rare = int(rare[-1]) if rare.size else None
    fp_row, fp_values = _first_pass(store, code, settings["size"])
    first = None
    if fp_row is not None and fp_values is not None:
        has, late = sparse_space(fp_row, fp_values)
        first = {
            "values": fp_row.computed_to,
            "algorithm": (fp_row.extra or {}).get("algorithm"),
            "rare_heaps": (fp_row.extra or {}).get("rare_heaps"),
            "late_rare": late,
            "sparse_space": has if fp_row.period is None else None,
        }
    seconds = (
        float(store.get(r.spec).attrs.get("compute_seconds") or 0.0)
        if r.spec in store
        else r.seconds
    )
    doubling = target = None
    if r.period is None and first is not None and first["sparse_space"] is not None:
        doubling = _doubling_seconds(seconds, "sparse" if first["sparse_space"] else "naive")
        target = 1 + (
            settings["big_size"]
            if first["sparse_space"]
            else naive_target(code, settings["naive_size"], settings["naive_far_factor"])
        )
    hist = st.get("histograms") or {}
    top = np.bincount(values.astype(np.int64)).tolist() if values.size else []
    return {
        "code": code,
        "written": g.written if g else code,
        "source_frontier": g.frontier if g else None,
        "other_frontier": OTHER.get(code),
        "proved": r.period is not None,
        "period": r.period,
        "preperiod": r.preperiod,
        "computed_to": n,
        "table_size": size_of(r.spec) + 1,
        "algorithm": x.get("algorithm"),
        "mask": x.get("mask") if sparse_method else None,
        "parity_bit": x.get("parity_bit") if sparse_method else None,
        "rare_heaps": x.get("rare_heaps"),
        "last_rare": last_rare,
        "max_value": st.get("max_value", r.max_value),
        "max_at": st.get("max_at"),
        "zeros": st.get("zeros"),
        "checksum": st.get("checksum"),
        "stats_from": origin,
        "histograms_binned": {str(k): power_bins(c) for k, c in sorted(hist.items())},
        "histogram": top,
        "seconds": round(seconds, 3),
        "next_doubling_seconds": None if doubling is None else round(doubling, 3),
        "target": target,
        "first_pass": first,
        "source_check": source_check(g, values),
    }


def _document(cat: Catalogue, best: dict, store, settings: dict) -> dict:
    codes = cat.codes()
    doc_settings = {
        "size": settings["size"],
        "big_size": settings["big_size"],
        "naive_size": settings["naive_size"],
        "naive_far_factor": OPEN_NAIVE_FAR_FACTOR,
        "budget_seconds": settings["budget"],
        "step_limit_seconds": settings["step_limit"],
        "rare_fraction": RARE_FRACTION,
        "doubling_cost": DOUBLING_COST,
    }
    games = [_open_entry(code, best.get(code), store, doc_settings) for code in codes]
    return {
        "source": SOURCE,
        "source_url": SOURCE_URL,
        "settings": doc_settings,
        "codes": len(codes),
        **tally(games),
        "games": games,
    }


# -- longer tables of another documented run --------------------------------------------------------


def add_longer_tables(doc: dict, runs: list[dict], source: str) -> list[str]:
    """Give each open game of the atlas ``doc`` that another documented run took further its
    figures, as ``longer`` (cited: ``source`` and the run's command, date, times, memory and
    load), which the report shows in place of the atlas's own table's (after, largest, zeros,
    checksum, seconds) and lists in a section of its own.  ``runs``: entries with ``code``,
    ``values`` (heaps 0..values-1), ``max_value``, ``max_first_at``, ``zeros``, ``checksum``
    (sum (i+1) G(i) mod 2^61, as the atlas's), ``command``, ``started``, ``wall_seconds``,
    ``compute_seconds``, ``threads``, ``peak_rss_mib``, ``loadavg_start``, ``loadavg_end``
    (the entries of ``scripts/run_naive_frontier.py``'s JSON).  The longest run of each game is
    taken, if longer than the atlas's table.  Returns the codes taken."""
    keys = ("values", "max_value", "max_first_at", "zeros", "checksum", "command", "started",
            "wall_seconds", "compute_seconds", "threads", "peak_rss_mib", "loadavg_start",
            "loadavg_end")
    taken = []
    for g in doc["games"]:
        if g.get("proved") is not False:
            continue
        mine = [r for r in runs if r.get("code") == g["code"] and all(k in r for k in keys)]
        if not mine:
            continue
        best = max(mine, key=lambda r: r["values"])
        if best["values"] <= (g.get("computed_to") or 0):
            continue
        g["longer"] = dict({k: best[k] for k in keys}, source=source)
        taken.append(g["code"])
    return taken


def _shown(g: dict) -> dict:
    """A game's entry as the table shows it: with a longer run's figures where it has one."""
    x = g.get("longer")
    if not x:
        return g
    return dict(
        g,
        computed_to=x["values"],
        table_size=x["values"],
        stats_from="longer",
        algorithm="naive (longer run, below)",
        mask=None,
        rare_heaps=None,
        max_value=x["max_value"],
        max_at=x["max_first_at"],
        zeros=x["zeros"],
        checksum=x["checksum"],
        seconds=x["compute_seconds"],
        next_doubling_seconds=_doubling_seconds(x["compute_seconds"], "naive"),
    )


def _longer_section(games: list[dict]) -> list[str]:
    longer = [g for g in games if g.get("longer")]
    if not longer:
        return []
    lines = [
        "## Longer tables from another run",
        "",
        "Open games without a sparse space that a documented run of the same engine took further "
        "than the atlas's own tables (whose store was not kept): the table above shows these "
        "runs' figures for them (the figure, their atlas tables). A new atlas sweep takes them "
        "this far itself (pass 2's per-game target).",
        "",
        "| code | values | atlas's own table | run | started (UTC) | wall s | compute s | "
        "threads | peak RSS MiB | load start / end | largest (first at) | zeros | checksum |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for g in longer:
        x = g["longer"]
        mine = f"{_frontier_text(g['computed_to'])}, checksum {g.get('checksum')}"
        lines.append(
            f"| {g['code']} | {x['values']:,} | {mine} | `{x['command']}` ({x['source']}) | "
            f"{x['started'][:16].replace('T', ' ')} | {x['wall_seconds']:,.1f} | "
            f"{x['compute_seconds']:,.1f} | {x['threads']} | {x['peak_rss_mib']:,.0f} | "
            f"{x['loadavg_start'][0]:.2f} / {x['loadavg_end'][0]:.2f} | "
            f"{x['max_value']} ({x['max_first_at']:,}) | {x['zeros']:,} | {x['checksum']} |"
        )
    return lines + [""]


# -- the report ------------------------------------------------------------------------------------


def _log2(n) -> str:
    n = int(n or 0)
    if n > 0 and n & (n - 1) == 0:
        return str(n.bit_length() - 1)
    return f"{np.log2(n):.2f}" if n > 0 else "0"


def _frontier_text(n) -> str:
    if n is None:
        return "-"
    return f"2^{_log2(n)}" if n > 0 and n & (n - 1) == 0 else f"{n:,}"


def _stats_over(g: dict) -> int:
    """The number of heaps (0..T-1) a game's largest value, zeros, checksum and binned
    histograms are computed over: the engine's statistics cover the whole stored table, which
    for a proved game is longer than the values its proof needs; otherwise the values
    computed."""
    return g["table_size"] if g.get("stats_from") in ("engine", "longer") else g["computed_to"]


def open_figures(cat: Catalogue, doc: dict, out: str) -> list[Figure]:
    """The atlas's figure: one small panel per game, how often each value occurs among the heaps
    computed (log scale), rare values (under the game's mask) in their own colour."""
    from .. import plotting

    panels = []
    for g in doc["games"]:
        if not g.get("histogram"):
            continue
        mask = g["mask"] if g.get("mask") is not None and not g.get("parity_bit") else None
        label = (
            g["code"] + (" proved" if g["proved"] else "") + f", {_frontier_text(g['computed_to'])}"
        )
        panels.append((label, g["histogram"], mask))
    if not panels:
        return []
    fig = plotting.plot_value_histograms(
        panels,
        f"Open octal games: how often each value occurs among the heaps computed "
        f"({len(panels)} games; log scale)",
    )
    n_sparse = sum(1 for _, _, m in panels if m is not None)
    caption = (
        f"One panel per game, in the source's order, labelled with its code and "
        f"log2 of the values computed: the number of heaps with each value "
        f"(x: the value, y: heaps, log scale). For the {n_sparse} games the "
        f"sparse-space method ran on, values rare under the game's mask are drawn "
        f"in red, common ones in blue: the rare values are the few short bars. Games "
        f"without a sparse space are grey."
    )
    return [cat.save_figure(fig, out, "values", caption)]


def _space(g: dict) -> str:
    fp = g.get("first_pass") or {}
    if fp.get("sparse_space") is None:
        return "-"
    return ("yes" if fp["sparse_space"] else "no") + (
        f" ({fp['late_rare']:,} late rare)" if fp.get("late_rare") is not None else ""
    )


def _method(g: dict) -> str:
    if g.get("mask") is None:
        return g["algorithm"] or "-"
    return (
        (g["algorithm"] or "-")
        + f", mask {g['mask']:#x}"
        + (", parity bit" if g.get("parity_bit") else "")
    )


def _rare(g: dict) -> str:
    if g.get("rare_heaps") is None:
        return "-"
    return f"{g['rare_heaps']:,}" + (
        f" ({g['last_rare']:,})" if g.get("last_rare") is not None else ""
    )


FINDING_COLUMNS = (
    code_column(),
    Column("period", lambda g: f"{g['period']:,}"),
    Column("pre-period", lambda g: f"{g['preperiod']:,}"),
    Column("largest value", lambda g: str(g["max_value"])),
    Column("values needed", lambda g: f"{g['computed_to']:,}"),
)


def _largest(c: dict) -> str:
    return f"{c['largest']} ({c['largest_at']:,})"


def _rare_last(c: dict) -> str:
    return f"{c['rare_heaps']:,}, {c['last_rare']:,}"


def _agrees(c: dict) -> str:
    return "**DIFFERS**: " + ", ".join(c["differs"]) if c["differs"] else "agrees"


SOURCE_COLUMNS = (
    code_column(),
    Column("at", lambda g: _frontier_text(g["source_check"]["n"])),
    Column("largest (heap) here", lambda g: _largest(g["source_check"]["here"])),
    Column("source", lambda g: _largest(g["source_check"]["source"])),
    Column("rare heaps, last here", lambda g: _rare_last(g["source_check"]["here"])),
    Column("source", lambda g: _rare_last(g["source_check"]["source"])),
    Column("verdict", lambda g: _agrees(g["source_check"])),
)

GAME_COLUMNS = (
    code_column(),
    Column("before", lambda g: _frontier_text(g["source_frontier"])),
    Column("after", lambda g: _frontier_text(g["computed_to"])),
    Column(
        "result",
        lambda g: (
            f"**proved**: period {g['period']:,}, n0 {g['preperiod']:,}" if g["proved"] else "open"
        ),
        missing=lambda g: g["result"],
    ),
    Column("sparse space (pass 1)", _space),
    Column("method", _method),
    Column("rare heaps (last)", _rare),
    Column("stats over", lambda g: _frontier_text(_stats_over(g))),
    Column(
        "largest (at)",
        lambda g: f"{g['max_value']}" + ("" if g.get("max_at") is None else f" ({g['max_at']:,})"),
    ),
    Column("zeros", lambda g: "-" if g.get("zeros") is None else format(g["zeros"], ",")),
    Column("checksum", lambda g: "-" if g.get("checksum") is None else str(g["checksum"])),
    Column("seconds", lambda g: f"{g['seconds']:,.1f}"),
    Column(
        "next doubling",
        lambda g: (
            "-" if g.get("next_doubling_seconds") is None else f"{g['next_doubling_seconds']:,.0f}"
        ),
    ),
)


def twin_notes(codes: list[str]) -> list[str]:
    """For each d0 = 4 code among ``codes`` that is a 0-code shifted by one heap
    (:func:`gtables.games.octal.shift_twin`): which, and its class of equal values in the 4-digit
    catalogue, so that the report does not present a known game as a new result."""
    from ..games.octal import shift_twin
    from .digits import octal4_codes

    _, twin_of = octal4_codes()
    notes = []
    for code in codes:
        twin = shift_twin(code)
        if twin is None:
            continue
        rep = twin_of.get(twin, twin)
        same = "" if rep == twin else f", whose values equal those of {rep} (the 4-digit " \
            f"catalogue's twin rule)"
        notes.append(f"- {code} is the game {twin} with every heap one smaller "
                     f"(`gtables.games.octal.shift_twin`){same}: its period, and its pre-period "
                     f"less one, are those of {rep} in the 4-digit catalogue "
                     f"(`results/octal_catalogue4.md`, `results/octal_twins.md`), so it is "
                     f"listed as unsolved by the public solver's list, not a new result.")
    return ["", "Twins across families:", ""] + notes if notes else []


def _render(doc: dict, figures: list[Figure]) -> list[str]:
    games = doc["games"]
    s = doc["settings"]
    done = [g for g in games if "proved" in g]
    proved = [g for g in done if g["proved"]]
    sparse = [
        g for g in done if not g["proved"] and (g.get("first_pass") or {}).get("sparse_space")
    ]
    naive = [g for g in done if not g["proved"] and g not in sparse]
    budget = s["budget_seconds"]
    lines = [
        "# The open-game atlas: octal games listed as unsolved",
        "",
        f"Written by `gtables sweep --catalogue open3` on {doc['written']}; tables in "
        f"`{doc['store']}`.",
        "",
        f"**The list.** {doc['source']}: <{doc['source_url']}>. Codes are canonical here "
        f"(`.6` = `0.6`; Grundy's game = `4!.0`, split a heap into two unequal heaps). "
        f'"Source frontier" = the number of values the source says it computed (it gives one '
        f"for four games only); other published frontiers are listed under the table.",
        "",
        f"**The run.** Pass 1: every game to {s['size'] + 1:,} values, stopping at a period the "
        f"Guy-Smith theorem proves (no theorem is implemented for Grundy's game: it runs to the "
        f"size). A game has a **sparse space** when pass 1 kept the sparse-space method to the "
        f"end (the stepper leaves it when more than a quarter of the heaps are rare) and at most "
        f"{s['rare_fraction']:.0%} of the heaps in the second half of pass 1 are rare. Pass 2: "
        f"those to {s['big_size'] + 1:,} values, the others (the naive mex, quadratic) to "
        f"{s['naive_size'] + 1:,}"
        + (
            f", {' and '.join(OPEN_NAIVE_FAR)} (the source gives their figures) to "
            f"{(s['naive_size'] + 1) * s['naive_far_factor']:,}"
            if s.get("naive_far_factor", 1) > 1
            else ""
        )
        + ". Then each open game doubles its table while its compute time "
        f"so far plus the estimated cost of the doubling (time so far x "
        f"{s['doubling_cost']['sparse']:g} for the sparse method, x "
        f"{s['doubling_cost']['naive']:g} for the naive one) stays within "
        + (
            f"**{budget:,.0f} s per game**."
            if budget > 0
            else "the budget: **no budget was given** (every game stops at its target)."
        )
        + " The budget is checked between passes, so a game may pass it by one doubling's "
        "misestimate; a running task is never cut short."
        + (
            f" In pass 2 the sparse games climb by doublings, each stored when done; a game "
            f"whose next doubling is estimated (its compute time so far x "
            f"{s['doubling_cost']['sparse']:g}) over the **step limit of "
            f"{s['step_limit_seconds']:,.0f} s** stops there, short of its target."
            if s.get("step_limit_seconds")
            else ""
        ),
        "",
        f"**{doc['codes']} games: {len(proved)} proved periodic here, {len(sparse)} open with a "
        f"sparse space, {len(naive)} open without"
        + (f", {doc['missing']} missing" if doc["missing"] else "")
        + f"; {len(doc['failed'])} task(s) failed.**",
        "",
    ]
    short = [
        g
        for g in sparse + naive
        if (_shown(g)["computed_to"] or 0)
        < (g.get("target") or (s["big_size"] if g in sparse else s["naive_size"]) + 1)
    ]
    if short:
        lines += [
            f"**Not finished: {len(short)} of the {len(sparse) + len(naive)} open games are "
            f"short of their pass-2 target** ({', '.join(g['code'] for g in short)}); "
            f"they are shown at the frontier reached so far, and the same sweep command "
            f"on the same store resumes them.",
            "",
        ]
    lines += run_section(doc)
    lines += ["## Findings: listed as unsolved, proved periodic here", ""]
    if proved:
        lines += [
            "These disagree with the source's list (a work-in-progress list: the game may "
            "simply not have been run there). Each period is proved by the Guy-Smith "
            "theorem on the values computed (G(n+p) = G(n) for n0 <= n < 2*n0 + p + t): "
            "values needed = heaps 0..N-1 of the proof; they hold a whole period past the "
            "pre-period, so the largest value is the whole sequence's.",
            "",
        ]
        lines += table(FINDING_COLUMNS, proved)
        lines += twin_notes([g["code"] for g in proved])
    else:
        lines.append("None: no listed game was proved periodic within its table.")
    checks = [g for g in done if g.get("source_check")]
    lines += ["", "## Against the source's figures", ""]
    if checks:
        lines += [
            "Our values at the source's frontier against its four figures (rare heaps "
            "under the source's mask, heap 0 counted, as the source does):",
            "",
        ]
        lines += table(SOURCE_COLUMNS, checks)
    else:
        lines.append(
            "No game was computed as far as the source's frontier (the four games "
            "with figures: 4!.0 and 0.6 to 2^21, 0.04 and 0.06 to 2^17)."
        )
    if figures:
        lines += [""] + figure_section(figures, "Figure")
    lines += [
        "",
        "## Every game",
        "",
        "Frontier before = the source's; after = values computed here (heaps 0..N-1; a "
        "proved game needs no more). Method: the algorithm of the run (sparse: with its "
        "mask, parity bit when set); rare heaps: count (heap 0 not counted) and the last "
        "one, for the sparse method only, over the values computed (after). Stats over = "
        "the heaps 0..T-1 the next three columns are computed over: the stored table, "
        "where the engine's statistics come from (else the values computed). For an open "
        "game it is the values computed; a proved game's table runs on past its proof to "
        "the size its run asked for, the values there continuing the period, so its "
        "largest value is the same while zeros and checksum count those values too. "
        "Largest value: where it first occurs. Checksum: sum of (i+1) G(i) "
        "mod 2^61. Seconds: compute time of the table, earlier runs it resumed included; "
        "next doubling: the estimate the budget compares.",
        "",
    ]
    lines += table(GAME_COLUMNS, [_shown(g) for g in games])
    others = [g for g in games if g.get("other_frontier")]
    if others:
        lines += ["", "Other published frontiers (not the list's source):", ""]
        lines += [f"- `{g['code']}`: {g['other_frontier']}" for g in others]
    lines += [
        "",
        "Not on the list: 0.007, whose values are those of 0.04 shifted by one heap "
        "(G.007(n) = G.04(n + 1): a move of .007 on n takes 3 and leaves a + b = n - 3, one of "
        ".04 on n + 1 takes 2 and leaves a + 1, b + 1); the source lists one code of each "
        "class of its GameLookup.md, here .04. 0.007 itself, to 2^22 values: "
        "`results/octal_naive_frontier.md`.",
        "",
    ]
    lines += _longer_section(games)
    lines += [
        "The statistics come from the engine's accumulator where the stored table "
        "carries it, otherwise from the stored values (the JSON says which, per game: "
        "`stats_from`); the JSON also has each game's value histogram among the heaps "
        "computed and, for every power of two 2^k up to its statistics' table (stats "
        "over), the counts of heaps < 2^k in value bins 0, 1, 2-3, 4-7, ...",
    ]
    return lines


OPEN3 = Catalogue(
    name="open3",
    stem="octal_open_atlas",
    codes=open_codes,
    defaults={
        "size": OPEN_SIZE,
        "big_size": OPEN_SPARSE_SIZE,
        "naive_size": OPEN_NAIVE_SIZE,
        "budget": OPEN_BUDGET,
        "step_limit": 0.0,
    },
    passes=_passes,
    document=_document,
    render=_render,
    figures=open_figures,
)
