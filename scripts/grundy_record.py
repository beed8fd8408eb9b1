#!/usr/bin/env python3
"""The record of a long Grundy's game (4!.0) run: rare heaps, the last one, statistics.

Reads the stored table ``octal:code=4!.0,size=N`` (or, while the run is still going, the
checkpoint of its sequence in the store) and writes ``results/grundy_game.md`` + ``.json``: how
many values are known, the mask with the fewest rare heaps and those heaps (count, last, and
whether any lies between 2^25 and the frontier), largest value and where, zeros, the checksum,
and the run's command, wall time, peak memory and load taken from its log (the output of
``/usr/bin/time -v gtables compute ...``, as written by the run's shell script).

  python scripts/grundy_record.py --store /tmp/g30/grundy --log /tmp/g30/run.log
"""
from __future__ import annotations

import argparse
import datetime
import json
import pathlib
import re
import sys

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[1]
CODE = "4!.0"
TARGET = 1 << 30


def values_from(store_path: str) -> tuple[np.ndarray, str, float]:
    """The values, where they come from, and the compute seconds the store records for them
    (every resumed segment included)."""
    from gtables.api import find_prefix, game
    from gtables.errors import GtablesError
    from gtables.store import Store
    try:
        st = Store(store_path)
    except GtablesError as e:
        sys.exit(f"cannot read the store: {e}")
    spec = f"octal:code={CODE},size={TARGET - 1}"
    if spec in st:
        t = st.get(spec)
        return t.load(), f"the stored table {spec}", float(t.attrs.get("compute_seconds") or 0)
    # the longest trusted prefix: a smaller table or the run's checkpoint, re-derived on a sample
    found = find_prefix(st, game(spec), TARGET)
    if found is None:
        sys.exit(f"no table or checkpoint of {CODE} in {store_path}")
    return found.values, f"{found.source} (the run is not finished)", found.seconds


def spot_check(v: np.ndarray, heaps) -> list[int]:
    """Recompute each heap's value by the naive mex (every option, from the table's smaller
    heaps) and return the heaps where it differs from the table: an independent check of the
    values the run found (the sparse method never marks every option)."""
    from gtables.games.octal import digits
    from gtables.games.octal.kernels import bits_for, move_arrays, naive_range
    whole, take, split, unequal, three = move_arrays(digits(CODE))
    bits = int(bits_for(int(v.max())))
    bad = []
    for n in heaps:
        t = v[:n + 1].copy()
        t[n] = 0
        state = np.zeros(5, dtype=np.int64)
        state[0] = bits
        mark = np.zeros(4 << bits, dtype=np.int64)
        naive_range(whole, take, split, unequal, three, n, n + 1, t, np.iinfo(t.dtype).max,
                    state, mark)
        if t[n] != v[n]:
            bad.append(int(n))
    return bad


def log_facts(path: str | None) -> dict:
    """Command, start/end, wall time, peak memory from the run's log (several runs: resumed)."""
    if not path or not pathlib.Path(path).exists():
        return {}
    text = pathlib.Path(path).read_text(errors="replace")
    runs = []
    for m in re.finditer(r"Command being timed: \"(.*?)\".*?Elapsed \(wall clock\) time.*?: "
                         r"([0-9:.]+).*?Maximum resident set size \(kbytes\): (\d+)", text, re.S):
        parts = [float(x) for x in m.group(2).split(":")]
        secs = sum(p * 60 ** i for i, p in enumerate(reversed(parts)))
        runs.append({"command": re.sub(r"^\S*/(gtables )", r"\1", m.group(1)), "wall_seconds": round(secs, 1),
                     "peak_rss_bytes": int(m.group(3)) * 1024})
    starts = re.findall(r"^start (\S+) load (.*)$", text, re.M)
    ends = re.findall(r"^end (\S+) rc (\d+) load (.*)$", text, re.M)
    return {"runs": runs, "starts": starts, "ends": ends}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--store", required=True)
    ap.add_argument("--log", default=None, help="the run's log (for time and memory)")
    ap.add_argument("--no-write", action="store_true")
    a = ap.parse_args()
    from gtables.engine.sequence_stats import SequenceStats
    from gtables.games.octal.kernels import bits_for, rare_count_by_mask, rare_heaps
    v, source, compute_seconds = values_from(a.store)
    n = int(v.size)
    bits = int(bits_for(int(v.max())))
    counts = rare_count_by_mask(v, n, bits, False)
    best = int(np.argmin(counts))
    mask = best >> 1
    out = np.zeros(int(counts[best]) + 1, dtype=np.int64)
    k = int(rare_heaps(v, n, mask, 0, out))
    rare = out[:k]
    late = rare[rare >= (1 << 25)]
    st = SequenceStats.of(v).as_dict()
    rng = np.random.default_rng(2026)
    checked = sorted({*map(int, late), *(int(x) for x in rng.integers(1 << 25, n, 24))}) \
        if n > (1 << 25) else []
    print(f"naive mex of {len(checked)} heaps past 2^25 (the late rare heaps and random ones) ...",
          file=sys.stderr)
    bad = spot_check(v, checked)
    doc = {"date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
           "code": CODE, "values": n, "target": TARGET, "source": source, "mask": mask,
           "rare_heaps": k, "last_rare": int(rare[-1]) if k else None,
           "rare_between_2e25_and_frontier": [int(x) for x in late],
           "max_value": st["max_value"], "max_at": st["max_at"], "zeros": st["zeros"],
           "checksum": st["checksum"], "compute_seconds": round(compute_seconds, 1),
           "naive_checked": checked, "naive_mismatches": bad,
           "log": log_facts(a.log)}
    print(json.dumps({k2: v2 for k2, v2 in doc.items() if k2 != "log"}, indent=1))
    if a.no_write:
        return 0
    (ROOT / "results" / "grundy_game.json").write_text(json.dumps(doc, indent=1) + "\n")
    runs = doc["log"].get("runs", [])
    done = "complete" if n >= TARGET else f"IN PROGRESS ({n:,} of {TARGET:,} values)"
    md = [f"# Grundy's game (4!.0) to 2^30 values: {done}", "",
          f"- values: heaps 0..{n - 1:,} ({source}); recorded {doc['date']}",
          f"- rare heaps (heap 0 left out) under the mask with the fewest, {mask:#x}: **{k:,}**, "
          f"the last **{doc['last_rare']:,}**",
          f"- rare heaps between 2^25 = {1 << 25:,} and heap {n - 1:,}: "
          + (", ".join(f"{x:,}" for x in late) if late.size else "**none**")
          + (f" (**none after {doc['last_rare']:,}** up to heap {n - 1:,})" if k else ""),
          f"- largest value {st['max_value']} (first at heap {st['max_at']:,}); "
          f"{st['zeros']:,} zeros (P-positions, heap 0 included); checksum sum (n+1)G(n) mod "
          f"2^61 = {st['checksum']}",
          "- for comparison: Flammenkamp reports 1287 rare values after 2^35 values; the public "
          "C++ solver and gtables count 1274 / 1273 (without heap 0) to 2^25, the last at "
          f"heap 82,860. Here: {k:,} without heap 0, {k + 1:,} with it"
          + (" (Flammenkamp's count)" if k + 1 == 1287 else "") + ".",
          f"- checked independently: the naive mex (every option of the heap, from the table's "
          f"smaller heaps) of {len(checked)} heaps past 2^25, the late rare heaps and random "
          f"ones: {'all agree' if not bad else 'DISAGREE at ' + ', '.join(map(str, bad))}",
          f"- compute time in all, as the store records it (every segment, resumed from the "
          f"checkpoints): {compute_seconds:,.0f} s",
          "", "## Runs (one command, resumed from its checkpoints)", "",
          "A segment stopped from outside (a session's end) writes no `time -v` figures; the "
          "table below lists the segments that ended, the compute time above covers all.", "",
          "| command | wall s | peak memory |", "|---|---|---|"]
    md += [f"| `{r['command']}` | {r['wall_seconds']:,} | {r['peak_rss_bytes'] / 2**30:.2f} GiB |"
           for r in runs]
    md += ["", "Starts (UTC, load average): " + "; ".join(f"{s} ({ld})" for s, ld in
                                                         doc["log"].get("starts", [])), ""]
    (ROOT / "results" / "grundy_game.md").write_text("\n".join(md))
    print("wrote results/grundy_game.md and .json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
