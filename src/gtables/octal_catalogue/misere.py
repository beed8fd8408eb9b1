"""The misère chart (``misere3``): the misère quotient of every short octal code to a heap bound
within a time budget per class, both notions of tame with their least witnesses
(:mod:`gtables.misere.tame`), checked by brute force; ``misere_chart.md``, ``.json`` and
``figures/misere_chart.png`` (``gtables sweep --catalogue misere3 --heaps 40``).

Codes: every ``0.d1``, ``0.d1d2``, ``0.d1d2d3`` (digits 0-7, the last one not 0: the 511 codes of
:func:`.digits.catalogue_codes`) and the ``d0 = 4`` codes of the same lengths (``4.d1`` ..
``4.d1d2d3``, plus ``4.0``: splitting a heap in two without removing anything); 1,023 codes.
``0.0`` (no move at all) is left out.

**Equal codes are computed once.**  Two codes are the same game when every heap has the same
options once the heaps that have no move (the zero game, which vanishes from any sum) are dropped
from them (:func:`game_key`); then the quotients of heaps ``0..n`` are equal for every ``n``.  This
is a rule about options, so it holds in misère play; the twin rules of :mod:`gtables.octal_catalogue`
are proved for normal-play *values* only and are not used here (the report says how their classes
relate to these).

Per class, its representative (shortest code, then the smallest) runs
:func:`gtables.misere.quotient.quotient` to ``heaps`` within ``budget`` seconds; on giving up the
certified quotient of the heaps done is kept.  Its status: *certified for all heaps* (a finite
game, or a periodicity certificate of the engine: ``Quotient.certified_to == "all"``), *to heap
n* (the bound reached) or *gave up at n*.  Each quotient is checked by brute force on every sum
of heaps of total at most ``total``.  Both tame notions: *Conway's rule for sums* (the first wild
heap, and the least sum breaking the rule searched over **all** heaps up to the bound, total at
most ``witness_total``), and *nim heaps* (Plambeck: the least heap that is not a nim heap, from
the joint quotient of the game's heaps and nim heaps within ``budget / 2`` seconds more), each
witness solved again by brute force.

Finished classes are appended to a checkpoint (``misere_chart.checkpoint.jsonl`` in the output
folder) as they come, so an interrupted run started again with the same settings resumes.
"""

from __future__ import annotations

import dataclasses
import json
import multiprocessing
import os
import time
from collections.abc import Callable

from ..errors import GtablesError
from .base import Catalogue, Figure, figure_section, run_section
from .digits import catalogue_codes

KEY_HEAPS = 16  # >= 3 t + 4 for t = 3 digits (see game_key)
CHECKPOINT = "misere_chart.checkpoint.jsonl"
FIGURE = os.path.join("figures", "misere_chart.png")
#: Plambeck's quaternary pages (module text of :mod:`gtables.misere.tame`): the codes of
#: up to three quaternary digits with a heap that is not a nim heap (.31, Winning Ways'
#: *Stalking*, and the seven "woolly mammoths"), and those of them whose quotient breaks
#: Conway's rule (his .123 and .312 pages: wild quotients)
PLAMBECK_NON_NIM = ("0.31", "0.121", "0.123", "0.131", "0.201", "0.211", "0.312", "0.331")
PLAMBECK_WILD = ("0.123", "0.312")
LITERATURE = (
    ("0.07", 30, 360, "Siegel (MisereSolver): Dawson's Kayles to heap 30 has a quotient of "
                      "order 360"),
    ("0.75", None, 8, "Plambeck-Siegel (JCTA 2008): 0.75 has the quotient of order 8"),
)  # fmt: skip


# -- codes and classes --------------------------------------------------------------------------


def chart_codes() -> list[str]:
    """The 511 codes ``0.d1`` .. ``0.d1d2d3`` and the 512 codes ``4.0``, ``4.d1`` ..
    ``4.d1d2d3`` (last digit not 0), in catalogue order (shorter first)."""
    zero = catalogue_codes()
    return zero + ["4.0"] + ["4" + c[1:] for c in zero]


def effective_options(code: str, n: int) -> list[frozenset]:
    """For heaps ``0..n``: the set of each heap's options, each option as its heaps *that have a
    move*, in decreasing order (a heap without a move is the zero game and leaves every sum
    unchanged)."""
    from ..games.octal import heap_options

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
    """Only bit 1 anywhere (and ``d0 = 0``): heaps past the last digit have no move (they are
    the zero game), so the quotient of heaps ``0..t`` is the quotient of every heap."""
    from ..games.octal import digits

    return all(d & 6 == 0 for d in digits(code))


def quaternary(code: str) -> bool:
    """``0.`` and every digit 0-3 (no splits): Plambeck's quaternary games."""
    return code.startswith("0.") and all(ch in "0123" for ch in code[2:])


# -- one class ----------------------------------------------------------------------------------


def _certified_to(q, finite: bool, reached: bool):
    """``"all"`` (a periodicity certificate, or a finite game whose heaps past its last digit
    have no move) or the largest heap the quotient is certified for."""
    c = q.certified_to
    if c == "all" or (finite and reached):
        return "all"
    return int(c)


def run_class(task: dict) -> dict:
    """The chart row of one class (runs in a worker)."""
    from ..games.octal import heap_options, take_and_break
    from ..misere.period import find_certificate
    from ..misere.quotient import QuotientError, check, quotient
    from ..misere.tame import confirm, grundy_values, nim_heap_test, wild_witness

    code = task["codes"][0]
    rules = take_and_break(code)

    def options_of(h):
        return heap_options(code, h)

    row: dict = {"codes": task["codes"], "representative": code, "finite": finite_game(code)}
    t0 = time.perf_counter()
    try:
        q = quotient(options_of, task["heaps"], time_limit=task["budget"], rules=rules)
        row.update(status="bound", gave_up_at=None, reason=None)
    except QuotientError as e:
        q = e.partial
        row.update(status="gave up", gave_up_at=e.heap, reason=str(e))
        if e.evidence is not None:
            row["evidence"] = {k: v for k, v in e.evidence.items() if k != "text"}
        if q is not None and rules is not None:
            # the heaps done may already carry the periodicity theorem's certificate
            cert = find_certificate(q.phi, rules)
            if cert is not None:
                q = dataclasses.replace(q, period_certificate=cert)
    row["quotient_seconds"] = round(time.perf_counter() - t0, 3)
    if q is None:
        row.update(heaps=None, certified_to=None, first_wild=None, non_nim_heap=None,
                   task_seconds=row["quotient_seconds"])  # fmt: skip
        return row
    row["certified_to"] = _certified_to(q, row["finite"], row["status"] == "bound")
    cert = q.period_certificate
    row["period_certificate"] = None if cert is None else cert.as_dict()
    if row["certified_to"] == "all":
        row["status"] = "all"
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
        last_rogue=None if q.last_rogue is None else int(q.last_rogue),
        rogues=[int(h) for h in q.rogues],
        checked_total=q.checked_total,
        checked_positions=q.checked_positions,
        first_disagreement=None if q.first_disagreement is None else list(q.first_disagreement),
        check_seconds=round(q.check_seconds, 3),
    )
    # Conway's rule: the least breaking sum over every heap up to the bound
    t1 = time.perf_counter()
    wit = wild_witness(q, g, max_total=task["witness_total"])
    if wit is not None:
        wit = confirm(wit, options_of)
    row.update(
        first_wild=None if q.tame_to >= q.heaps else int(q.tame_to) + 1,
        witness=None if wit is None else wit.as_dict(),
        witness_confirmed=None if wit is None else wit.confirmed,
        witness_seconds=round(time.perf_counter() - t1, 3),
    )
    # nim heaps (Plambeck): the joint quotient with nim heaps, its own budget
    t2 = time.perf_counter()
    try:
        nt = nim_heap_test(options_of, q.heaps, time_limit=task["budget"] / 2,
                           witness_total=task["witness_total"])  # fmt: skip
        row.update(non_nim_heap=nt.least, non_nim=nt.as_dict(),
                   non_nim_confirmed=None if nt.witness is None else nt.witness.confirmed)
    except QuotientError as e:
        row.update(non_nim_heap=None, non_nim={"heaps": None, "error": str(e)},
                   non_nim_confirmed=None)  # fmt: skip
    row["non_nim_seconds"] = round(time.perf_counter() - t2, 3)
    row["task_seconds"] = round(time.perf_counter() - t0, 3)
    return row


WARM_UP = {"codes": ["0.137"], "heaps": 14, "budget": 600.0, "total": 14, "witness_total": 14}


def warm_up() -> None:
    """Run one small class before any timed one (a worker's initializer), so that no class's
    time budget pays for loading or compiling the kernels (a wild class: every step runs)."""
    run_class(WARM_UP)


def run_class_safe(task: dict) -> dict:
    """:func:`run_class`, an unexpected error turned into a failed row (the other classes go
    on; a failed row is not checkpointed, so a rerun tries it again)."""
    try:
        return run_class(task)
    except Exception as e:  # noqa: BLE001 - reported in the chart, never swallowed
        code = task["codes"][0]
        return {"codes": task["codes"], "representative": code, "finite": finite_game(code),
                "status": "failed", "spec": f"octal:code={code}",
                "error": f"{type(e).__name__}: {e}", "reason": f"{type(e).__name__}: {e}",
                "heaps": None, "gave_up_at": None, "certified_to": None, "first_wild": None,
                "non_nim_heap": None, "task_seconds": 0.0}  # fmt: skip


# -- the run -------------------------------------------------------------------------------------


def _resumable(settings: dict) -> dict:
    """The settings a checkpointed row depends on (not the subset of codes)."""
    return {k: v for k, v in settings.items() if k != "codes"}


def load_checkpoint(path: str, settings: dict) -> dict[str, dict]:
    """Rows already finished by a run with the same settings (keyed by representative)."""
    if not os.path.exists(path):
        return {}
    with open(path) as f:
        lines = f.read().splitlines()
    try:
        head = json.loads(lines[0]).get("settings") if lines else None
    except json.JSONDecodeError:
        head = None
    if head != _resumable(settings):
        return {}
    rows: dict[str, dict] = {}
    for line in lines[1:]:
        try:
            row = json.loads(line)
        except json.JSONDecodeError:  # a line cut by an interruption
            continue
        rows[row["representative"]] = row
    return rows


def selected_classes(settings: dict) -> list[list[str]]:
    """The classes of the chart, or of the codes ``settings["codes"]`` (their whole classes)."""
    groups = classes(chart_codes())
    wanted = settings.get("codes")
    if not wanted:
        return groups
    from ..games.specs.octal import parse_code

    want = set()
    for c in wanted:
        try:
            want.add(parse_code(c))
        except (GtablesError, ValueError) as e:
            raise GtablesError(f"--codes: {e}") from None
    unknown = sorted(want - {c for g in groups for c in g})
    if unknown:
        raise GtablesError(f"--codes: {', '.join(unknown)} not in the misère chart (codes 0.d1 "
                           f".. 0.d1d2d3 and 4.0 .. 4.d1d2d3, last digit not 0)")
    return [g for g in groups if want & set(g)]


def not_run(codes: list[str]) -> dict:
    """The row of a class the run stopped before (``stop_after``)."""
    return {"codes": codes, "representative": codes[0], "finite": finite_game(codes[0]),
            "status": "not run", "heaps": None, "gave_up_at": None, "certified_to": None,
            "first_wild": None, "non_nim_heap": None, "reason": None, "task_seconds": 0.0}


def chart_passes(cat: Catalogue, store, settings: dict, *, echo=print, workers: int = 1,
                 checkpoint: str | None = None, stop_after: float | None = None,
                 **_sweep_options) -> list[dict]:
    """Every class of the chart (or of ``settings["codes"]``) on ``workers`` processes, rows
    appended to ``checkpoint`` as they finish and taken from it on a rerun with the same
    settings.  After ``stop_after`` seconds the workers are stopped and the classes not done
    get rows of status ``"not run"`` (the checkpoint keeps the others for a rerun).  ``store``
    is not used (quotients are not tables).  Returns the rows in the chart's order."""
    groups = selected_classes(settings)
    done = load_checkpoint(checkpoint, settings) if checkpoint else {}
    if checkpoint and not done:
        os.makedirs(os.path.dirname(os.path.abspath(checkpoint)), exist_ok=True)
        with open(checkpoint, "w") as f:
            f.write(json.dumps({"settings": _resumable(settings)}) + "\n")
    todo = [g for g in groups if g[0] not in done]
    echo(f"misère chart: {len(groups)} classes, {len(groups) - len(todo)} from the checkpoint, "
         f"{len(todo)} to run on {workers} worker(s); heaps <= {settings['heaps']}, "
         f"{settings['budget']:g} s each (and half as much for the nim-heap test), brute-force check "
         f"to total {settings['total']}")  # fmt: skip
    tasks = [{"codes": g, **_resumable(settings)} for g in todo]
    rows = {g[0]: done[g[0]] for g in groups if g[0] in done}
    if tasks:
        end = None if stop_after is None else time.monotonic() + float(stop_after)
        out = open(checkpoint, "a") if checkpoint else None
        try:
            ctx = multiprocessing.get_context("spawn")  # no fork of a process that loaded numba
            with ctx.Pool(max(1, int(workers)), initializer=warm_up) as pool:
                results = pool.imap_unordered(run_class_safe, tasks)
                for i in range(1, len(tasks) + 1):
                    try:
                        row = results.next(None if end is None else max(0.0, end - time.monotonic()))
                    except multiprocessing.TimeoutError:
                        echo(f"stopped after {stop_after:g} s: {len(tasks) - i + 1} classes not "
                             f"run (the same command resumes from the checkpoint)")
                        pool.terminate()
                        break
                    if out is not None and row["status"] != "failed":
                        out.write(json.dumps(row) + "\n")
                        out.flush()
                    rows[row["representative"]] = row
                    echo(f"[{len(groups) - len(todo) + i:4d}/{len(groups)}] {progress_text(row)}")
        finally:
            if out is not None:
                out.close()
    return [rows.get(g[0]) or not_run(g) for g in groups]


def status_text(row: dict) -> str:
    if row["status"] == "failed":
        return f"failed ({row['error']})"
    if row["status"] == "not run":
        return "not run"
    if row.get("heaps") is None:
        return f"gave up at {row['gave_up_at']}"
    if row["certified_to"] == "all":
        c = row.get("period_certificate")
        why = "finite game" if c is None else f"Φ period {c['period']} from {c['preperiod']}"
        return f"certified for all heaps ({why})"
    if row["status"] == "bound":
        return f"to heap {row['certified_to']}"
    return f"gave up at {row['gave_up_at']}"


def progress_text(row: dict) -> str:
    more = f" (+{len(row['codes']) - 1})" if len(row["codes"]) > 1 else ""
    if row.get("heaps") is None:
        return f"{row['representative']}{more}: nothing certified ({row['reason']})"
    bad = (
        ""
        if row["first_disagreement"] is None
        else f"  DISAGREES WITH BRUTE FORCE at {row['first_disagreement']}"
    )
    return (
        f"{row['representative']}{more}: {status_text(row)}, |Q| = {row['size']}, "
        f"Conway: {_conway_cell(row)}; nim heaps: {_nim_cell(row)}; "
        f"{row['task_seconds']:.1f} s{bad}"
    )


# -- the document --------------------------------------------------------------------------------


def _count(xs) -> dict:
    out: dict = {}
    for x in xs:
        out[x] = out.get(x, 0) + 1
    return out


def summary(rows: list[dict]) -> dict:
    with_q = [r for r in rows if r.get("heaps") is not None]
    gave = [r for r in rows if r["status"] == "gave up"]
    wild = [r for r in with_q if r["first_wild"] is not None]
    non_nim = [r for r in with_q if r.get("non_nim_heap") is not None]
    return {
        "classes": len(rows),
        "codes": sum(len(r["codes"]) for r in rows),
        "certified_all": sum(1 for r in rows if r["status"] == "all"),
        "reached_bound": sum(1 for r in rows if r["status"] == "bound"),
        "gave_up": len(gave),
        "gave_up_at": {str(k): v for k, v in sorted(_count(r["gave_up_at"] for r in gave).items())},
        # give-ups whose trials needed ever more copies of some heap (an infinite quotient
        # would do this), and those whose proved lower bound on |Q| at the heap they stopped
        # passes |Q| of the heap before (the quotient grows there, proved)
        "gave_up_growing": sum(1 for r in gave if (r.get("evidence") or {}).get("growing")),
        "gave_up_bound_grows": sum(1 for r in gave if r.get("size") is not None
                                   and (r.get("evidence") or {}).get("lower_bound", 0)
                                   > r["size"]),
        "reached_heap": {str(m): sum(1 for r in rows if r["status"] in ("all", "bound") or
                                     (r.get("heaps") or -1) >= m)
                         for m in (40, 60)},
        "failed": [r["representative"] for r in rows if r["status"] == "failed"],
        "not_run": sum(1 for r in rows if r["status"] == "not run"),
        "tame_conway": sum(1 for r in with_q if r["first_wild"] is None),
        "wild": len(wild),
        "first_wild_heaps": {str(k): v for k, v in
                             sorted(_count(r["first_wild"] for r in wild).items())},
        "all_nim_heaps": sum(1 for r in with_q if r.get("non_nim_heap") is None
                             and (r.get("non_nim") or {}).get("heaps") == r["heaps"]),
        "nim_undecided": sum(1 for r in with_q if r.get("non_nim_heap") is None
                             and (r.get("non_nim") or {}).get("heaps") != r["heaps"]),
        "non_nim": len(non_nim),
        "non_nim_heaps": {str(k): v for k, v in
                          sorted(_count(r["non_nim_heap"] for r in non_nim).items())},
        "non_nim_but_tame": [r["representative"] for r in non_nim if r["first_wild"] is None],
        # every heap of 0..m a nim heap makes Q_m tame: a contradiction only when the nim-heap
        # test judged the heaps up to the first wild one
        "wild_but_all_nim": [r["representative"] for r in wild if r.get("non_nim_heap") is None
                             and ((r.get("non_nim") or {}).get("heaps") or 0) >= r["first_wild"]],
        "nim_test_short": [r["representative"] for r in with_q
                           if (r.get("non_nim") or {}).get("heaps") != r["heaps"]],
        "witness_missing": [r["representative"] for r in wild if r["witness"] is None],
        "witness_unconfirmed": [r["representative"] for r in with_q
                                if r["witness"] is not None and not r["witness_confirmed"]],
        "tame_with_witness": [r["representative"] for r in with_q
                              if r["first_wild"] is None and r["witness"] is not None],
        "non_nim_unconfirmed": [r["representative"] for r in non_nim
                                if r.get("non_nim_confirmed") is not True],
        "disagreements": [r["representative"] for r in with_q
                          if r["first_disagreement"] is not None],
        "finite": [r["representative"] for r in rows if r["finite"]],
    }  # fmt: skip


def plambeck_comparison(rows: list[dict]) -> dict:
    """Every quaternary code of up to three digits (``0.d1d2d3``, digits 0-3) in the chart: which
    have a heap that is not a nim heap, which break Conway's rule, against Plambeck's lists."""
    by_code = {c: r for r in rows for c in r["codes"] if quaternary(c)}
    non_nim = sorted((c for c, r in by_code.items() if r.get("non_nim_heap") is not None),
                     key=code_order)  # fmt: skip
    wild = sorted((c for c, r in by_code.items() if r.get("first_wild") is not None),
                  key=code_order)  # fmt: skip
    undecided = sorted((c for c, r in by_code.items() if r.get("heaps") is None
                        or (r.get("non_nim") or {}).get("heaps") is None), key=code_order)
    # his lists, restricted to the quaternary codes of this run (all 63 in the full chart)
    expect_non_nim = sorted((c for c in PLAMBECK_NON_NIM if c in by_code), key=code_order)
    expect_wild = sorted((c for c in PLAMBECK_WILD if c in by_code), key=code_order)
    return {
        "codes": len(by_code),
        "non_nim": non_nim,
        "non_nim_least": {c: by_code[c]["non_nim_heap"] for c in non_nim},
        "wild": wild,
        "expected_non_nim": expect_non_nim,
        "expected_wild": expect_wild,
        "non_nim_agrees": non_nim == expect_non_nim,
        "wild_agrees": wild == expect_wild,
        "undecided": undecided,
    }


def twin_relation(rows: list[dict]) -> dict:
    """How the normal-play twin classes of :mod:`gtables.octal_catalogue` (0.x codes only)
    relate to the game classes here: twin classes that hold several game classes, and whether
    those classes' quotients (|Q| and |P| over the common heaps, tame to) came out equal.
    Observed, not proved."""
    from .digits import reduced_digits, small_values

    def twin_key(code: str) -> tuple:
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
        have = [x for x in v if x.get("heaps") is not None]
        for r in have:
            m = min(x["heaps"] for x in have)
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


def _document(cat: Catalogue, rows: list[dict], store, settings: dict) -> dict:
    return {
        "settings": settings,
        "codes": len(chart_codes()) if not settings.get("codes") else
        sum(len(r["codes"]) for r in rows),
        "summary": summary(rows),
        "plambeck": plambeck_comparison(rows),
        "twins": twin_relation(rows),
        "rows": rows,
    }  # fmt: skip


# -- the report ----------------------------------------------------------------------------------


def _conway_cell(r: dict) -> str:
    w = r.get("witness")
    if r["first_wild"] is None and w is None:
        return "tame"
    text = "no breaking sum found" if w is None else (
        f"{' + '.join(map(str, w['heaps']))} is {w['outcome']} "
        f"{'✓' if r.get('witness_confirmed') else '✗'}")
    return f"wild from {r['first_wild']}: {text}" if r["first_wild"] is not None else \
        f"**tame yet** {text}"


def _nim_cell(r: dict) -> str:
    nt = r.get("non_nim") or {}
    if nt.get("heaps") is None:
        return f"not decided ({_reason(nt.get('error'))})" if nt.get("error") else "not decided"
    short = "" if nt["heaps"] == r["heaps"] else f" (judged to heap {nt['heaps']})"
    if r.get("non_nim_heap") is None:
        return "all nim heaps" + short
    w = nt.get("witness")
    if w is None:
        return f"{r['non_nim_heap']}: no sum found{short}"
    x = "".join(f" + {t}" for t in [str(h) for h in w["heaps"]] + [f"*{m}" for m in w["nims"]])
    mark = "✓" if r.get("non_nim_confirmed") else "✗"
    other = "N" if w["outcome"] == "P" else "P"
    return (f"{r['non_nim_heap']}: {w['heap']}{x} is {w['outcome']}, *{w['grundy']}{x} is "
            f"{other} {mark}{short}")


def _reason(text: str | None) -> str:
    if not text:
        return ""
    return text.split(": ", 1)[-1].replace("|", "/")


def _list(xs, none: str = "none") -> str:
    return ", ".join(xs) if xs else none


def _render(doc: dict, figures: list[Figure]) -> list[str]:
    s, st, rows, pl = doc["summary"], doc["settings"], doc["rows"], doc["plambeck"]
    subset = f" (the classes of {', '.join(st['codes'])} only)" if st.get("codes") else ""
    lines = [
        "# Misère status chart of the short octal games",
        "",
        f"**Codes**: every `0.d1`, `0.d1d2`, `0.d1d2d3` and `4.0`, `4.d1`, `4.d1d2`, `4.d1d2d3` "
        f"(digits 0-7, the last not 0){subset}: {doc['codes']} codes; `0.0` has no move and is "
        f"left out.  Codes that are **the same game** (every heap has the same options once heaps "
        f"without a move are dropped from them; `gtables.octal_catalogue.misere.game_key` says why "
        f"{KEY_HEAPS} heaps decide it for every heap) form one class, computed once: "
        f"{s['classes']} classes.  The catalogue's twin rule is proved for normal-play values only "
        f"and is not used.",
        "",
        f"**Per class**: the misère quotient of the sums of heaps `0..{st['heaps']}` "
        f"(`gtables.misere.quotient.quotient`, time limit {st['budget']:g} s).  **Status**: "
        f"*certified for all heaps* (`certified_to` = `\"all\"`: a finite game, whose heaps past "
        f"the last digit have no move, or the engine's periodicity certificate), *to heap n* "
        f"(the quotient of heaps `0..n` certified by the pretending-function test, nothing "
        f"claimed past n) or *gave up at n* (certified to the heap before).  Every quotient was "
        f"also checked by brute force on every sum of heaps of total at most {st['total']}.  "
        f"|Q|, |P| at the heap certified.  **Φ period**: the period Φ shows on the heaps "
        f"computed: *observed*.",
        "",
        "**Two notions of tame** (`gtables.misere.tame`):",
        "",
        "- *Conway's rule for sums* (On Numbers and Games ch. 12): the quotient is a tame "
        "quotient `T_k`, every sum is played like misère Nim (P exactly when no big heap and "
        "nim-sum 1, or a big heap and nim-sum 0).  Shown: the first wild heap `t + 1` (`Q_t` tame, "
        "`Q_{t+1}` not: `first_wild`) and the least sum breaking the rule over **all** heaps up to "
        f"the bound (by total, then parts in decreasing order), searched to total "
        f"{st['witness_total']}; ✓: solved again by brute force.",
        "- *Nim heaps* (Plambeck's quaternary pages: a heap \"is a nim heap\" when it acts as the "
        "nim heap `*G(h)` of its Grundy value): heap `h` and `*G(h)` are indistinguishable among "
        "the sums of heaps `0..n` and nim heaps (the quotient of that joint closure maps them to "
        "one element).  Shown: the least heap that is not (`non_nim_heap`) and the least sum `X` "
        "(heaps and nim heaps `*m`, by total) with `h + X` and `*G(h) + X` of different "
        "outcomes; ✓: both solved again by brute force.  The joint quotient has its own time "
        f"limit of {st['budget'] / 2:g} s; where it stopped, heaps are judged among the sums of the "
        "heaps it reached (\"judged to heap m\").",
        "",
        "A quotient that breaks Conway's rule has a heap that is not a nim heap; the converse "
        "fails (Plambeck's .121, .131, .201, .211, .331 and .31 are tame in Conway's sense).",
        "",
        "## Summary",
        "",
        f"- **{s['classes']} classes** ({s['codes']} codes): **{s['certified_all']} certified for "
        f"all heaps**, **{s['reached_bound']} to heap {st['heaps']}**, **{s['gave_up']} gave "
        f"up**"
        + ("" if not s["gave_up_at"] else
           " (at heap " + ", ".join(f"{h}: {c}" for h, c in s["gave_up_at"].items()) + ")")
        + ".",
        f"- Conway's rule: tame on every heap certified {s['tame_conway']}, wild {s['wild']} (first wild "
        "heap: " + (", ".join(f"{h}: {c}" for h, c in s["first_wild_heaps"].items()) or "none")
        + ").",
        f"- Nim heaps: every heap a nim heap in {s['all_nim_heaps']}, a heap that is not in "
        f"{s['non_nim']}, none found on the heaps the test reached within its time limit "
        f"{s['nim_undecided']} (least non-nim heap: "
        + (", ".join(f"{h}: {c}" for h, c in s["non_nim_heaps"].items()) or "none")
        + f"); not a nim heap yet tame by Conway's rule: {len(s['non_nim_but_tame'])} "
        f"({_list(s['non_nim_but_tame'][:12])}{', ...' if len(s['non_nim_but_tame']) > 12 else ''}"
        f"); wild with only nim heaps up to the first wild heap: "
        f"{_list(s['wild_but_all_nim'])} (none possible).",
    ]
    if s["gave_up"]:
        from ..misere.quotient import GROWING

        lines.append(
            f"- Of the {s['gave_up']} that gave up, **{s['gave_up_growing']} needed ever more "
            f"copies of some heap** in the least failing sums of their trials (at least "
            f"{GROWING} copies: what an infinite quotient would produce, not a proof of one), and "
            f"in **{s['gave_up_bound_grows']}** the proved lower bound on |Q| at the heap where "
            f"they stopped is larger than |Q| of the heap before (`evidence` of each row: "
            f"`gtables.misere.quotient.lower_bound`).")
    reached = {m: c for m, c in s.get("reached_heap", {}).items() if int(m) <= st["heaps"]}
    if reached:
        lines.append("- Classes certified for all heaps or to at least heap "
                     + ", ".join(f"{m}: **{c}**" for m, c in reached.items()) + ".")
    if s["not_run"]:
        lines.append(f"- **{s['not_run']} classes not run**: the run stopped at its time limit "
                     f"(`--stop-after`); the same command resumes from the checkpoint.  Every "
                     f"count here covers the classes that ran.")
    if s["failed"]:
        lines.append(f"- **Failed** (an error, listed at the end): {_list(s['failed'])}.")
    if s["finite"]:
        lines.append(f"- Finite games (certified for all heaps): {_list(s['finite'])}.")
    lines += [
        "",
        "## Checks",
        "",
        f"- Brute force on every sum of total <= {st['total']}: "
        + ("**no disagreement** in any class." if not s["disagreements"] else
           f"**DISAGREEMENTS (bugs)** in {', '.join(s['disagreements'])}."),
        f"- Every wild class has a breaking sum within total {st['witness_total']}: "
        + ("yes." if not s["witness_missing"] else
           f"**no** for {', '.join(s['witness_missing'])}."),
        "- Every breaking sum confirmed by brute force: "
        + ("yes." if not s["witness_unconfirmed"] else
           f"**no** for {', '.join(s['witness_unconfirmed'])}."),
        "- Every class tame to its bound has no breaking sum: "
        + ("yes." if not s["tame_with_witness"] else
           f"**no** for {', '.join(s['tame_with_witness'])}."),
        "- Every heap found not to be a nim heap has a distinguishing sum confirmed by brute "
        "force: "
        + ("yes." if not s["non_nim_unconfirmed"] else
           f"**no** for {', '.join(s['non_nim_unconfirmed'])}."),
        "- Nim-heap test judged on fewer heaps than the quotient (its time limit): "
        + (f"{len(s['nim_test_short'])} of the classes ({_list(s['nim_test_short'][:10])}"
           f"{', ...' if len(s['nim_test_short']) > 10 else ''})." if s["nim_test_short"]
           else "none."),
        f"- Plambeck's quaternary codes (all {pl['codes']} codes `0.d1d2d3` with digits 0-3): "
        f"with a heap that is not a nim heap here: {_list(pl['non_nim'])} (least heaps "
        + ", ".join(f"{c}: {h}" for c, h in pl["non_nim_least"].items())
        + "), "
        + (f"**agrees** with his list ({_list(pl['expected_non_nim'])}: .31 and the seven "
           f"woolly mammoths, those of them in this run)" if pl["non_nim_agrees"] else
           f"**DISAGREES** with his list ({_list(pl['expected_non_nim'])} in this run)")
        + f"; breaking Conway's rule: {_list(pl['wild'])}, "
        + (f"**agrees** ({_list(pl['expected_wild'])}: his .123 and .312 pages)"
           if pl["wild_agrees"] else
           f"**DISAGREES** with {_list(pl['expected_wild'])}")
        + (f"; not decided here: {', '.join(pl['undecided'])}" if pl["undecided"] else "")
        + ".",
    ]  # fmt: skip
    for code, heap, order, text in LITERATURE:
        r = next((r for r in rows if code in r["codes"]), None)
        if r is None or r.get("heaps") is None:
            continue
        at = r["heaps"] if heap is None else heap
        if at > r["heaps"]:
            lines.append(f"- {text}: not reached (certified to heap {r['heaps']}).")
            continue
        got = r["sizes"][at]
        lines.append(f"- {text}: |Q| of heaps 0..{at} here is {got} "
                     f"({'agrees' if got == order else '**DISAGREES**'}).")  # fmt: skip
    tw = doc.get("twins")
    if tw and tw["with_several_games"]:
        lines.append(
            f"- The catalogue's normal-play twin rule groups the {tw['codes']} `0.` codes into "
            f"{tw['twin_classes']} classes; {tw['with_several_games']} of them hold several "
            f"different games here, and their quotients "
            + ("came out equal (sizes and |P| on every common heap, tame to): observed only, not "
               "a reason to merge them." if not tw["quotients_differ"] else
               f"differ in {len(tw['quotients_differ'])} (e.g. "
               f"{', '.join(' / '.join(x) for x in tw['quotients_differ'][:5])}): the "
               f"normal-play twins are not misère twins.")
        )  # fmt: skip
    lines += [
        "",
        "## Classes",
        "",
        "| codes | status | \\|Q\\| | \\|P\\| | Conway's rule: least breaking sum | "
        "nim heaps: least non-nim heap: distinguishing sum | Φ period (observed) | last rogue "
        "| s |",
        "|---|---|---:|---:|---|---|---|---:|---:|",
    ]
    for r in rows:
        codes = ", ".join(r["codes"])
        if r.get("heaps") is None:
            lines.append(f"| {codes} | {status_text(r)}: nothing certified | | | | "
                         f"| | | {r['task_seconds']:.1f} |")  # fmt: skip
            continue
        status = status_text(r)
        if r["status"] == "gave up":
            status += f" ({_reason(r['reason'])})"
        if r["first_disagreement"] is not None:
            status += f" **DISAGREES at {r['first_disagreement']}**"
        per = r["phi_period"]
        per_text = "—" if per is None else f"{per['period']} from {per['preperiod']}"
        rogue = "—" if r["last_rogue"] is None else str(r["last_rogue"])
        lines.append(f"| {codes} | {status} | {r['size']} | {r['p_size']} | {_conway_cell(r)} | "
                     f"{_nim_cell(r)} | {per_text} | {rogue} | {r['task_seconds']:.1f} |")
    lines.append("")
    lines += figure_section(figures)
    lines += run_section(doc)
    return lines


def _figures(cat: Catalogue, doc: dict, out: str) -> list[Figure]:
    """``figures/misere_chart.png``: left, |Q_t| against the heap bound t for every class that
    is not tame (one step line each, to the last certified heap); right, the classes by status
    and by both tame notions."""
    from matplotlib.lines import Line2D

    from .. import plotting

    rows, s = doc["rows"], doc["summary"]
    fig, (ax, bx) = plotting.new_figure((13.0, 5.5), 1, ncols=2)
    named = {
        "0.07": ("0.07 Dawson's Kayles", "#1b9e77"),
        "0.77": ("0.77 Kayles", "#d95f02"),
        "0.137": ("0.137 Dawson's chess", "#7570b3"),
        "0.75": ("0.75", "#e7298a"),
        "4.07": ("4.07", "#66a61e"),
    }
    handles, drawn = [], 0
    for r in rows:
        if r.get("heaps") is None or r["tame"]:
            continue
        ys = r["sizes"]
        hit = next((named[c] for c in r["codes"] if c in named), None)
        if hit:
            label, colour = hit
            line = ax.step(range(len(ys)), ys, where="post", color=colour, lw=1.8, zorder=3,
                           label=f"{label} ({status_text(r)})")  # fmt: skip
            handles.append(line[0])
        else:
            colour = "#d6604d" if r["status"] == "gave up" else "#2166ac"
            ax.step(range(len(ys)), ys, where="post", color=colour, lw=0.6, alpha=0.3, zorder=2)
        drawn += 1
    handles += [
        Line2D([], [], color="#2166ac", lw=1, label="reached the heap bound"),
        Line2D([], [], color="#d6604d", lw=1, label="gave up (line ends at the last certified heap)"),
    ]  # fmt: skip
    ax.legend(handles=handles, loc="upper left", fontsize=7, framealpha=0.9)
    ax.set_yscale("log")
    ax.set_xlabel("heap bound t (the quotient of the sums of heaps 0..t)")
    ax.set_ylabel("|Q_t|, elements of the misère quotient")
    ax.set_title(f"|Q_t| of the {drawn} classes that break Conway's rule", fontsize=10)
    ax.grid(True, alpha=plotting.GRID_ALPHA, which="both")
    labels = ["certified\nall heaps", f"to heap\n{doc['settings']['heaps']}", "gave up",
              "Conway\ntame", "Conway\nwild", "all nim\nheaps", "a non-nim\nheap",
              "nim test\nshort"]
    counts = [s["certified_all"], s["reached_bound"], s["gave_up"], s["tame_conway"], s["wild"],
              s["all_nim_heaps"], s["non_nim"], s["nim_undecided"]]
    colours = ["#1a9850", "#2166ac", "#d6604d", "#66bd63", "#f46d43", "#66bd63", "#f46d43",
               "#bababa"]
    bars = bx.bar(range(len(counts)), counts, color=colours)
    for b, c in zip(bars, counts):
        bx.annotate(str(c), (b.get_x() + b.get_width() / 2, b.get_height()), ha="center",
                    va="bottom", fontsize=8)
    bx.set_xticks(range(len(counts)), labels, fontsize=7)
    bx.set_ylabel("classes")
    bx.set_title(f"{s['classes']} classes: status and both tame notions", fontsize=10)
    bx.grid(True, axis="y", alpha=plotting.GRID_ALPHA)
    plotting.save(fig, os.path.join(out, FIGURE))
    return [(FIGURE, "Left: |Q_t| against the heap bound for every class whose quotient breaks "
             "Conway's rule.  Right: the classes by status and by each notion of tame.")]


def chart_line(doc: dict) -> str:
    """One line for the terminal: the summary's counts."""
    s = doc["summary"]
    return (f"{s['classes']} classes: {s['certified_all']} certified for all heaps, "
            f"{s['reached_bound']} to heap {doc['settings']['heaps']}, {s['gave_up']} gave up; "
            f"Conway wild {s['wild']}, with a non-nim heap {s['non_nim']}; brute-force "
            f"disagreements: {len(s['disagreements'])}")


def _no_codes() -> list[str]:
    return chart_codes()


MISERE3 = Catalogue(
    name="misere3",
    stem="misere_chart",
    codes=_no_codes,
    defaults={"heaps": 40, "budget": 8.0, "total": 40, "witness_total": 40, "codes": None},
    passes=chart_passes,
    document=_document,
    render=_render,
    figures=_figures,
    json_indent=1,
    own_rows=True,
)

#: for the CLI: what it prints at the end of a run
SUMMARY_LINE: Callable[[dict], str] = chart_line
