"""Memory games, both rules: how far Mem0 (local memory) and the global rule (one heap) are
computed here, and what the tables say about OEIS A351630 and A131469.

    python scripts/run_mem0.py [--full 20000] [--compact 120000] [--generic 800]

* ``--generic N``: the generic kernel (a mex per position, O(N^3)) against the fast fill on
  ``mem0:size=N`` (timed, tables compared);
* ``--full N``: the table ``mem0:size=N`` by the fast fill (``gtables.compute``), timed, with its
  bytes;
* ``--compact N``: heaps 0..N by the compact row kernel (``mem0.compact_rows``: each row's mex
  plus its few exceptions, O(N) memory), cross-checked against the full table on 0..full;
  then, for every value m, the heap sizes n at which some G(n, k) = m (A351630's definition);
* the global rule on one heap (``nimlike:heaps=1,...,norepeat=1``, outcomes) against Mem0 (one
  heap: the two rules are one game) and A131469's printed terms.

Writes ``results/memory_games.md`` and ``results/memory_games.json``.
"""
from __future__ import annotations

import argparse
import json
import resource
import sys
import time
from pathlib import Path

import numpy as np

import gtables
from gtables.engine.compute import fill
from gtables.games import parse
from gtables.games.mem0 import compact_rows
from gtables.verify.memory import A131469, A351630

ROOT = Path(__file__).resolve().parents[1]


def peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def value_rows(mex, start, exc_v, upto: int):
    """For each value m: (number of heaps n <= upto with some G(n, k) = m, first n, last n)."""
    n_of_exc = np.repeat(np.arange(mex.size), np.diff(start))
    m = np.concatenate([mex[:upto + 1], exc_v[n_of_exc <= upto]])
    n = np.concatenate([np.arange(upto + 1), n_of_exc[n_of_exc <= upto]])
    pairs = np.unique(m * (upto + 1) + n)
    vm, vn = pairs // (upto + 1), pairs % (upto + 1)
    top = int(vm.max()) + 1
    rows = np.bincount(vm, minlength=top)
    last = np.full(top, -1)
    np.maximum.at(last, vm, vn)
    firsts = np.full(top, upto + 1)
    np.minimum.at(firsts, vm, vn)
    return rows, np.where(rows > 0, firsts, -1), last


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--generic", type=int, default=800)
    ap.add_argument("--full", type=int, default=20000)
    ap.add_argument("--compact", type=int, default=120000)
    ap.add_argument("--out", default=str(ROOT / "results" / "memory_games"))
    a = ap.parse_args(argv)
    t_all = time.perf_counter()
    rep: dict = {"command": "python scripts/run_mem0.py " + " ".join(sys.argv[1:] if argv is None
                                                                       else argv)}

    # 1. generic kernel against the fast fill
    g = parse(f"mem0:size={a.generic}")
    fill(parse("mem0:size=20"))
    fill(parse("mem0:size=20"), generic=True)                  # compile both first
    v_fast, t_fast = fill(g)
    v_gen, t_gen = fill(g, generic=True)
    rep["generic"] = {"spec": g.spec, "positions": g.space.size, "generic_s": round(t_gen, 3),
                      "fast_s": round(t_fast, 4),
                      "equal": bool(np.array_equal(v_fast.astype(np.int64),
                                                   v_gen.astype(np.int64)))}

    # 2. the full table by the fast fill
    spec = f"mem0:size={a.full}"
    t0 = time.perf_counter()
    tab = gtables.compute(spec, store=None, progress=False)
    full_s = time.perf_counter() - t0
    gf = tab.game
    values = np.asarray(tab.values)
    off = gf.space.offsets
    rep["full"] = {"spec": spec, "positions": int(gf.space.size), "seconds": round(full_s, 2),
                   "dtype": str(values.dtype), "bytes": int(values.nbytes),
                   "max_value": int(values.max()), "peak_rss_mib_so_far": round(peak_mib())}

    # 3. the compact rows, cross-checked on the full table's range
    compact_rows(50)
    t0 = time.perf_counter()
    mex, start, exc_k, exc_v = compact_rows(a.compact)
    comp_s = time.perf_counter() - t0
    nf = a.full
    rebuilt = np.repeat(mex[:nf + 1], np.diff(off)).astype(np.int64)
    rows_of = np.repeat(np.arange(nf + 1), np.diff(start[:nf + 2]))
    rebuilt[off[rows_of] + exc_k[:start[nf + 1]]] = exc_v[:start[nf + 1]]
    per_row = np.diff(start)
    rep["compact"] = {"heaps": a.compact, "seconds": round(comp_s, 1),
                      "exceptions": int(start[-1]), "max_exceptions_in_a_row": int(per_row.max()),
                      "bytes": int(mex.nbytes + start.nbytes + exc_k.nbytes + exc_v.nbytes),
                      "equal_to_full_table_on_0..full": bool(np.array_equal(
                          rebuilt, values.astype(np.int64))),
                      "max_value": int(max(mex.max(), exc_v.max() if exc_v.size else 0))}

    # 4. A351630: values recurring at many heap sizes
    N = a.compact
    rows, first, last = value_rows(mex, start, exc_v, N)
    window = N // 10
    late = [m for m in range(rows.size) if rows[m] and last[m] > N - window and first[m] < N // 3]
    lifetimes = [last[m] / first[m] for m in range(rows.size)
                 if rows[m] and first[m] > 100 and last[m] < N // 2]
    rec = {}
    for m in A351630:
        if m < rows.size and rows[m]:
            ns = np.union1d(np.flatnonzero(mex == m),
                            np.repeat(np.arange(mex.size), np.diff(start))[exc_v == m])
            rec[str(m)] = {"first_heap": int(first[m]), "last_heap": int(last[m]),
                           "heaps": int(rows[m]),
                           "heaps_in_last_tenth": int((ns > N - window).sum())}
        else:
            rec[str(m)] = {"first_heap": None, "heaps": 0}
    published = [m for m in A351630 if m < rows.size and rows[m] and first[m] < N // 3]
    rep["a351630"] = {"terms": list(A351630), "late_equal_published": late == published,
                      "window": [N - window + 1, N], "per_term": rec,
                      "recurring_in_last_tenth_and_first_seen_before_N/3": late,
                      "max_last_over_first_of_values_that_stopped_before_N/2":
                          round(max(lifetimes), 3) if lifetimes else None}

    # 5. A131469 and the global rule on one heap
    k = len(A131469)
    rep["a131469"] = {"terms": k, "agree": [int(x) for x in mex[:k]] == list(A131469)}
    ng = min(300, a.full)
    glob = gtables.compute(f"nimlike:heaps=1,min=1,max={ng},norepeat=1,size={ng}", store=None,
                           progress=False)
    pos = glob.game.space.unrank(np.arange(glob.game.space.size))
    n, last_amt = pos[:, 0], pos[:, 1]
    k_eff = np.where(last_amt <= n, last_amt, 0)
    mem = values.astype(np.int64)[off[n] + k_eff]
    rep["global_one_heap"] = {"spec": glob.game.spec, "positions": int(pos.shape[0]),
                              "outcomes_equal_mem0_nonzero": bool(np.array_equal(
                                  np.asarray(glob.values) != 0, mem != 0))}

    rep["wall_s"] = round(time.perf_counter() - t_all, 1)
    rep["peak_rss_mib"] = round(peak_mib())
    out = Path(a.out)
    out.with_suffix(".json").write_text(json.dumps(rep, indent=2) + "\n")
    out.with_suffix(".md").write_text(render(rep))
    print(out.with_suffix(".md").read_text())
    return 0


def render(r: dict) -> str:
    ge, fu, co, a6, a1, gl = (r[k] for k in ("generic", "full", "compact", "a351630", "a131469",
                                             "global_one_heap"))
    lines = [
        "# Memory games: Mem0 (local rule) and the global rule", "",
        f"Written by `{r['command']}`: wall time {r['wall_s']} s, peak memory "
        f"{r['peak_rss_mib']} MiB (2 shared cores).", "",
        "Mem0: a move takes any amount from one heap except the amount last taken *from that "
        "heap* (OEIS A351630's definition; Guy and Nowakowski, MSRI 42, problem 22; Larsson, "
        "Rubinstein-Salzedo and Siegel, *Memgames*, arXiv:1912.10517).  Sums by XOR.  The global "
        "rule (one memory for the whole game) couples heaps; on one heap the two rules are the "
        "same game.", "",
        "## How far", "",
        "| kernel | range | time | memory | check |", "|---|---|---|---|---|",
        f"| generic (mex per position, O(N^3)) | `{ge['spec']}`, {ge['positions']:,} positions "
        f"| {ge['generic_s']} s | one table | equal to the fast fill: {ge['equal']} |",
        f"| fast fill (structure: O(N^2)) | `{ge['spec']}` | {ge['fast_s']} s | one table | |",
        f"| fast fill | `{fu['spec']}`, {fu['positions']:,} positions | {fu['seconds']} s | "
        f"{fu['bytes'] / 2**20:.0f} MiB ({fu['dtype']}) | largest value {fu['max_value']} |",
        f"| compact rows (mex + exceptions, O(N) memory) | heaps 0..{co['heaps']:,} | "
        f"{co['seconds']} s | {co['bytes'] / 2**20:.1f} MiB | equal to the full table on its "
        f"range: {co['equal_to_full_table_on_0..full']} |", "",
        f"The structure: G(n, k) differs from G(n, 0) (the mex of every move from n) only where "
        f"the forbidden move k held a value below that mex that no other move holds.  Such "
        f"exceptions are rare: {co['exceptions']:,} in all up to heap {co['heaps']:,}, at most "
        f"{co['max_exceptions_in_a_row']} in one row; hence the compact kernel.  Largest value "
        f"seen: {co['max_value']}.", "",
        "## OEIS A351630 (values at infinitely many heap sizes: 0, 12, 1270, 105161)", "",
        "A finite table cannot show that a value recurs forever; it shows where each value "
        f"appears (heap n with some G(n, k) = m) up to heap {co['heaps']:,}.", "",
        "| term | first heap | last heap | heaps with the value | in the last tenth "
        f"({a6['window'][0]:,}..{a6['window'][1]:,}) |", "|---|---|---|---|---|"]
    for m, d in a6["per_term"].items():
        if d["first_heap"] is None:
            lines.append(f"| {m} | not reached | | 0 | |")
        else:
            lines.append(f"| {m} | {d['first_heap']:,} | {d['last_heap']:,} | {d['heaps']:,} | "
                         f"{d['heaps_in_last_tenth']:,} |")
    lines += [
        "",
        f"Values first seen before heap {co['heaps'] // 3:,} and still seen in the last tenth: "
        f"{a6['recurring_in_last_tenth_and_first_seen_before_N/3']} (exactly the published terms "
        f"first seen there: {a6['late_equal_published']}).  Every value that stopped before "
        "half the range stopped by "
        f"{a6['max_last_over_first_of_values_that_stopped_before_N/2']} times the heap where it "
        "first appeared.", "",
        "## OEIS A131469 (one-pile short global Nim) and the global rule", "",
        f"G(n, 0) of Mem0 equals A131469's {a1['terms']} printed terms: {a1['agree']}.  "
        f"The global rule's own table (`{gl['spec']}`, outcomes, {gl['positions']:,} positions "
        "with every last amount) has the same P-positions as Mem0 on one heap: "
        f"{gl['outcomes_equal_mem0_nonzero']}.  (The global rule on several heaps is not a sum; "
        "`nimlike` computes its outcomes.)", ""]
    return "\n".join(lines)


if __name__ == "__main__":
    raise SystemExit(main())
