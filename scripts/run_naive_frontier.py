#!/usr/bin/env python
"""Documented run: the octal games 0.04, 0.06 and 0.007 (no sparse space: every heap reads all its
split pairs) to 2^21 values each, four times past the published 2^17, by the naive scan kernel.

    python scripts/run_naive_frontier.py                      # 2^21 values each (heaps 0..2^21-1)
    python scripts/run_naive_frontier.py --values 262144      # a short check: 2^18 values each
    python scripts/run_naive_frontier.py --codes 0.04 --store /big/disk/frontier

Each table goes through the engine (``api.compute``, ``algorithm="naive"``: games/octal/scan.py
on every thread numba allows, ``--threads`` to change) into a store (``--store``, default the
directory ``gtables-naive-frontier`` in the system's temporary folder), saving a checkpoint every
``--checkpoint-seconds``.  Killed, it loses at most that much: started again with the same
``--store`` it resumes from the checkpoint (or from a smaller stored table of the same game, e.g.
a 2^18 check run; either is re-derived on a sample before it is used).  A table already in the
store is read back, not recomputed.

Writes ``results/octal_naive_frontier.md`` and ``.json`` (``--out``): one entry per (code, number
of values), merged with the entries of earlier runs, each with the command, wall and compute time,
split pairs per second, peak memory, load average at start and end, the largest value and where
it first occurs, the number of zeros, the checksum sum_i (i+1) G(i) mod 2^61, the first and last
values, and the comparisons with what is published:

* G(0..15) of all three: Flammenkamp's tables as quoted in the tests of a public Rust octal solver
  (docs/claims/octal_literature.md, "16-value prefixes");
* tczajka/octal-games UnsolvedGames.md at n = 2^17 (the published frontier): .04 largest value
  1024 first at heap 109363, 18860 rare heaps for mask 0x7b8, the last at 131003; .06 largest 1045
  at 127083, 52923 rare for mask 0x5a0, the last at 131070 (rare: popcount(G & mask) even);
* G.007(n) = G.04(n + 1) for every n both tables cover (tczajka's GameLookup.md maps .007 to .04).
  It is also a two-line theorem: a move of .007 on n takes 3 and leaves a, b >= 0 with
  a + b = n - 3; a move of .04 on n + 1 takes 2 and leaves a + 1, b + 1 >= 1, the same positions
  shifted by one, so by induction G.04(n + 1) = G.007(n).
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import pathlib
import platform
import resource
import shlex
import sys
import tempfile
import time

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[1]
# (OpenMP threads sleep while they wait: gtables.config sets OMP_WAIT_POLICY=passive)
M61 = 1 << 61
CODES = ("0.04", "0.06", "0.007")

# G(0..15), Flammenkamp's tables as quoted in a public Rust solver's tests
# (docs/claims/octal_literature.md, section "16-value prefixes")
FIRST16 = {"0.007": [0, 0, 0, 1, 1, 1, 2, 2, 0, 3, 3, 1, 1, 1, 0, 4],
           "0.04": [0, 0, 0, 0, 1, 1, 1, 2, 2, 0, 3, 3, 1, 1, 1, 0],
           "0.06": [0, 0, 0, 1, 1, 2, 2, 0, 3, 1, 1, 2, 2, 3, 3, 4]}
FIRST16_SOURCE = ("Flammenkamp's tables, as quoted in the tests of a public Rust octal solver "
                  "(docs/claims/octal_literature.md)")
# tczajka/octal-games UnsolvedGames.md: n, largest, its first heap, rare mask, rare heaps, last rare
TCZAJKA = {"0.04": (1 << 17, 1024, 109363, 0x7B8, 18860, 131003),
           "0.06": (1 << 17, 1045, 127083, 0x5A0, 52923, 131070)}
TCZAJKA_SOURCE = "tczajka/octal-games UnsolvedGames.md (n = 2^17)"


def checksum(g: np.ndarray) -> int:
    """sum_{i} (i+1) G(i) mod 2^61, exact (as scripts/bench_octal.py and the C baseline)."""
    lo_sum = hi_sum = 0
    step = 1 << 24
    for s in range(0, g.size, step):
        e = min(g.size, s + step)
        p = np.arange(s + 1, e + 1, dtype=np.uint64) * g[s:e].astype(np.uint64)
        lo_sum += int(np.sum(p & np.uint64(0xFFFFFFFF), dtype=np.uint64))
        hi_sum += int(np.sum(p >> np.uint64(32), dtype=np.uint64))
    return ((hi_sum << 32) + lo_sum) % M61


def split_pairs(code: str, lo: int, hi: int) -> int:
    """Split pairs (a, r - a) the naive mex accounts for over heaps lo..hi-1."""
    from gtables.games.octal import digits, parse_code
    from gtables.games.octal.kernels import move_arrays

    _, _, split, unequal, _ = move_arrays(digits(parse_code(code)))
    h = np.arange(lo, hi, dtype=np.int64)
    return int(sum(np.clip(np.where(u, (h - k - 1) // 2, (h - k) // 2), 0, None).sum()
                   for k, u in zip(split.tolist(), unequal.tolist())))


def rare_count(g: np.ndarray, mask: int) -> tuple[int, int, int]:
    """Heaps i < g.size with popcount(G(i) & mask) even: (count over 0.., count over 1.., last)."""
    v = g.astype(np.int64) & mask
    par = np.zeros(v.size, dtype=np.int64)
    while v.any():
        par ^= v & 1
        v >>= 1
    rare = np.flatnonzero(par == 0)
    return int(rare.size), int((rare > 0).sum()), int(rare[-1]) if rare.size else -1


def literature(code: str, g: np.ndarray) -> list[dict]:
    out = []
    if code in FIRST16 and g.size >= 16:
        ours = [int(x) for x in g[:16]]
        out.append({"what": "G(0..15)", "published": FIRST16[code], "ours": ours,
                    "agrees": ours == FIRST16[code], "source": FIRST16_SOURCE})
    if code in TCZAJKA and g.size >= TCZAJKA[code][0]:
        n, big, at, mask, nrare, last = TCZAJKA[code]
        h = g[:n]
        m = int(h.max())
        first = int(np.argmax(h == m))
        out.append({"what": f"largest value among heaps 0..{n - 1} and its first heap",
                    "published": [big, at], "ours": [m, first], "agrees": [m, first] == [big, at],
                    "source": TCZAJKA_SOURCE})
        with0, without0, ours_last = rare_count(h, mask)
        out.append({"what": f"rare heaps (popcount(G & {mask:#x}) even) among heaps 0..{n - 1}, "
                            f"counted from heap 0 / from heap 1, and the last",
                    "published": [nrare, last], "ours": [with0, without0, ours_last],
                    "agrees": nrare in (with0, without0) and last == ours_last,
                    "source": TCZAJKA_SOURCE})
    return out


def render(doc: dict) -> str:
    lines = ["# Octal games with no sparse space: 0.04, 0.06, 0.007 by the naive scan kernel", "",
             "Written by `scripts/run_naive_frontier.py` (one entry per code and number of values; "
             "reruns replace their own entries). Published frontier: 2^17 values "
             "(tczajka/octal-games UnsolvedGames.md). Rate = split pairs (a, r - a) of the heaps "
             "this run computed / this run's compute time.", "",
             "| code | values | when | command | wall s | compute s (all runs) | resumed from "
             "| threads | G pairs/s | peak RSS MiB | load start / end | max G (first at) | zeros "
             "| checksum |", "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    entries = sorted(doc["entries"].values(), key=lambda e: (e["code"], e["values"]))
    for e in entries:
        rate = f"{e['pairs_per_second'] / 1e9:.2f}" if e.get("pairs_per_second") else "-"
        lines.append(
            f"| {e['code']} | {e['values']:,} | {e['finished'][:16]} | `{e['command']}` "
            f"| {e['wall_seconds']:.1f} | {e['compute_seconds']:.1f} | {e['resumed_from']:,} "
            f"| {e['threads']} | {rate} | {e['peak_rss_mib']:.0f} "
            f"| {e['loadavg_start'][0]:.2f} / {e['loadavg_end'][0]:.2f} "
            f"| {e['max_value']} ({e['max_first_at']:,}) | {e['zeros']:,} | {e['checksum']} |")
    lines += ["", "## Last values", ""]
    for e in entries:
        lines.append(f"- {e['code']}, {e['values']:,} values: G({e['values'] - len(e['last_values'])}"
                     f"..{e['values'] - 1}) = {' '.join(map(str, e['last_values']))}")
    lines += ["", "## Against the literature", "", "| code | values | check | published | ours "
              "| agrees | source |", "|---|---|---|---|---|---|---|"]
    for e in entries:
        for c in e["literature"]:
            lines.append(f"| {e['code']} | {e['values']:,} | {c['what']} | {c['published']} "
                         f"| {c['ours']} | {'yes' if c['agrees'] else 'NO'} | {c['source']} |")
    rel = doc.get("relation_007_04")
    if rel:
        lines += ["", "## G.007(n) = G.04(n + 1)", "",
                  f"Checked on our values for n = 0..{rel['checked_up_to']:,} (0.007 table of "
                  f"{rel['values_007']:,} values, 0.04 of {rel['values_04']:,}): "
                  f"{'holds' if rel['holds'] else 'FAILS at n = ' + str(rel['first_difference'])}. "
                  "A theorem too: a move of .007 on n takes 3 and leaves a, b >= 0, a + b = n - 3; "
                  "one of .04 on n + 1 takes 2 and leaves a + 1, b + 1, the same heaps shifted by "
                  "one (tczajka's GameLookup.md maps .007 to .04)."]
    lines += ["", f"Machine: {doc.get('machine', '')}", ""]
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--codes", default=",".join(CODES), help="comma list (default 0.04,0.06,0.007)")
    ap.add_argument("--values", type=int, default=1 << 21,
                    help="values per code: heaps 0..values-1 (default 2^21)")
    ap.add_argument("--store", default=os.path.join(tempfile.gettempdir(),
                                                    "gtables-naive-frontier"),
                    help="store for the tables and the checkpoints (default: in the temp folder)")
    ap.add_argument("--checkpoint-seconds", type=float, default=60.0)
    ap.add_argument("--threads", type=int, default=None, help="numba threads (default: all)")
    ap.add_argument("--out", default=str(ROOT / "results"))
    ap.add_argument("--progress", action="store_true", help="show a progress bar")
    a = ap.parse_args(argv)

    import numba

    from gtables import __version__, api
    from gtables.errors import GtablesError
    from gtables.store import Store

    if a.threads:
        numba.set_num_threads(a.threads)
    command = shlex.join(["python", "scripts/run_naive_frontier.py"] + sys.argv[1:])
    out = pathlib.Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    jpath = out / "octal_naive_frontier.json"
    doc = json.loads(jpath.read_text()) if jpath.exists() else {"entries": {}}
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo")
                if line.startswith("model name")), "unknown") if os.path.exists("/proc/cpuinfo") \
        else platform.processor()
    doc["machine"] = (f"{cpu}, {os.cpu_count()} cores; gtables {__version__}, numba "
                      f"{numba.__version__}, numpy {np.__version__}, Python "
                      f"{platform.python_version()}")
    try:
        store = Store(a.store)
    except GtablesError as e:
        raise SystemExit(f"cannot use the store {a.store}: {e}") from None
    size = a.values - 1
    tables = {}
    for code in a.codes.split(","):
        spec = f"octal:code={code},size={size}"
        load0 = os.getloadavg()
        started = datetime.datetime.now().astimezone()
        print(f"{spec}: computing into {a.store} ({numba.get_num_threads()} threads) ...", flush=True)
        already = spec in store
        t0 = time.perf_counter()
        t = api.compute(spec, store=store, algorithm="naive", progress=a.progress or None,
                        checkpoint_seconds=a.checkpoint_seconds)
        wall = time.perf_counter() - t0
        g = np.asarray(t.values)
        # the run that computed the stored table (this one, or an earlier one when `already`):
        # heaps from `resumed` on, in `this_run` seconds
        x = t.attrs.get("extra", {})
        resumed = int(x.get("resumed_from", 0))
        this_run = float(x.get("this_run_seconds", t.attrs.get("compute_seconds", wall)))
        pairs = split_pairs(code, resumed, a.values)
        m = int(g.max())
        entry = {
            "code": code, "values": a.values, "spec": spec, "command": command,
            "read_from_store": already,
            "started": started.isoformat(timespec="seconds"),
            "finished": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
            "wall_seconds": round(wall, 2),
            "compute_seconds": round(float(t.attrs.get("compute_seconds", wall)), 2),
            "this_run_compute_seconds": round(this_run, 2), "resumed_from": resumed,
            "resumed_from_source": x.get("resumed_from_source"),
            "threads": numba.get_num_threads(), "pairs_this_run": pairs,
            "pairs_per_second": pairs / this_run if pairs and this_run > 0 else None,
            "peak_rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            "loadavg_start": [round(v, 2) for v in load0],
            "loadavg_end": [round(v, 2) for v in os.getloadavg()],
            "dtype": str(g.dtype), "max_value": m, "max_first_at": int(np.argmax(g == m)),
            "zeros": int((g == 0).sum()), "checksum": checksum(g),
            "first_values": [int(v) for v in g[:40]], "last_values": [int(v) for v in g[-20:]],
            "literature": literature(code, g)}
        doc["entries"][f"{code}@{a.values}"] = entry
        tables[code] = g
        bad = [c["what"] for c in entry["literature"] if not c["agrees"]]
        print(f"  {wall:.1f} s wall (resumed from heap {resumed:,}), max {m} at "
              f"{entry['max_first_at']:,}, {entry['zeros']:,} zeros, checksum {entry['checksum']}"
              f"{', DISAGREES with the literature: ' + '; '.join(bad) if bad else ''}", flush=True)
        jpath.write_text(json.dumps(doc, indent=1) + "\n")       # after each code: a kill keeps it
    # G.007(n) = G.04(n + 1), on the longest tables of both in the store
    for code in ("0.007", "0.04"):
        if code not in tables:
            best = max((e for e in doc["entries"].values() if e["code"] == code),
                       key=lambda e: e["values"], default=None)
            if best is not None and best["spec"] in store:
                tables[code] = np.asarray(api.load(best["spec"], store=store).values)
    if "0.007" in tables and "0.04" in tables:
        a7, a4 = tables["0.007"].astype(np.int64), tables["0.04"].astype(np.int64)
        n = min(a7.size, a4.size - 1)
        diff = np.flatnonzero(a7[:n] != a4[1:n + 1])
        doc["relation_007_04"] = {"checked_up_to": n - 1, "values_007": int(a7.size),
                                  "values_04": int(a4.size), "holds": not diff.size,
                                  "first_difference": int(diff[0]) if diff.size else None}
    jpath.write_text(json.dumps(doc, indent=1) + "\n")
    (out / "octal_naive_frontier.md").write_text(render(doc) + "\n")
    print(f"wrote {jpath} and {out / 'octal_naive_frontier.md'}")
    failed = [e["code"] for e in doc["entries"].values() if not all(c["agrees"] for c in e["literature"])]
    if doc.get("relation_007_04") and not doc["relation_007_04"]["holds"]:
        failed.append("G.007(n) = G.04(n+1)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
