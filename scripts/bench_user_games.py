#!/usr/bin/env python
"""Benchmark (issue 43, item 5): a user's game, written through ``gtables.define_game`` as a new
user writes it, against a plain C fill of the same table written for this benchmark, in one run.

Games (the rules files are written by this script into a temporary folder, as a user's file):

* ``chomp``: Chomp on an R x C board (default 4 x 6: 2^24 positions, every subset of cells): a
  move takes a free cell other than the poisoned top-left one and every free cell below and to
  the right of it; a player left with the poisoned cell alone loses (normal play).  Grundy values.
* ``boardkayles``: the board Kayles of ``docs/your_own_game.md`` (take a free cell, or two side
  by side in a row or a column), without its split and symmetry (the dense fill uses neither).

For each game and board, alternating ``--repeat`` times:

* C: the table of the same game filled in index order (a bitmask mex of the options' values),
  compiled here with ``gcc -O3 -march=native`` (``--cpu``: ``-march=CPU``), its fill seconds and
  the process's wall time;
* ours, end to end: ``python -m gtables.cli --rules FILE compute SPEC --store TMP --force`` as a
  whole process with ``NUMBA_NUM_THREADS=1`` and ``=2`` (start, compiling or loading the user's
  ``moves``, the fill, the write), its wall time and the table's ``compute_seconds`` (the fill);
* ours in-process: ``gtables.compute(SPEC, store=None)`` after a warm-up, the fill alone.

Checksums (sum over positions p of (p + 1) * value[p] mod 2^61 - 1) are compared with C's.  Prints
a Markdown table; ``--out F`` writes it with the JSON beside it.  Nothing here needs
../shared: the C programs are this script's own.

    python scripts/bench_user_games.py                     # chomp 4x6, boardkayles 4x5
    python scripts/bench_user_games.py --games chomp --boards 4x6 --repeat 3 --cpu x86-64-v3
"""
from __future__ import annotations

import argparse
import json
import os
import pathlib
import shlex
import subprocess
import sys
import tempfile
import time

M61 = (1 << 61) - 1
RULES = {
    "chomp": '''\
import gtables


def chomp_moves(pos, side, params, out):
    rows, cols = params[3], params[4]
    n = 0
    rest = pos & ~1                       # the poisoned top-left cell is never taken
    while rest:
        low = rest & -rest
        c = 0
        while (1 << c) != low:
            c += 1
        r0, c0 = c // cols, c % cols
        quad = 0
        for r in range(r0, rows):
            for k in range(c0, cols):
                quad |= 1 << (r * cols + k)
        out[n] = pos & ~quad
        n += 1
        rest ^= low
    return n


gtables.define_game("chomp", space="board", moves=chomp_moves,
                    max_options=lambda space: space.n, doc="Chomp")
''',
    "boardkayles": '''\
import gtables
from gtables.cells import COLS, NOT_LAST_COL


def kayles_moves(pos, side, params, out):
    n, rest = 0, pos
    while rest:
        low = rest & -rest
        out[n], n, rest = pos ^ low, n + 1, rest ^ low
    cols = params[COLS]
    for pairs, step in ((pos & (pos >> 1) & params[NOT_LAST_COL], 1), (pos & (pos >> cols), cols)):
        while pairs:
            low = pairs & -pairs
            out[n], n, pairs = pos ^ (low | low << step), n + 1, pairs ^ low
    return n


def most_options(space):
    return space.n + space.rows * (space.cols - 1) + (space.rows - 1) * space.cols


gtables.define_game("boardkayles", space="board", moves=kayles_moves, max_options=most_options,
                    doc="Kayles on a board (one cell, or two side by side)")
''',
}
C_SOURCE = r'''
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
/* usage: usergame GAME R C  (chomp | boardkayles); prints JSON {seconds, checksum} */
int main(int argc, char **argv) {
    if (argc != 4) return 2;
    int chomp = strcmp(argv[1], "chomp") == 0, R = atoi(argv[2]), C = atoi(argv[3]), n = R * C;
    uint64_t size = 1ULL << n, quad[64], notlast = 0, all = size - 1;
    for (int c = 0; c < n; c++) {
        quad[c] = 0;
        for (int r = c / C; r < R; r++)
            for (int k = c % C; k < C; k++) quad[c] |= 1ULL << (r * C + k);
        if (c % C != C - 1) notlast |= 1ULL << c;
    }
    uint8_t *t = malloc(size);
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    for (uint64_t p = 0; p < size; p++) {
        uint64_t seen = 0, rest;
        if (chomp) {
            for (rest = p & ~1ULL; rest; rest &= rest - 1) {
                int c = __builtin_ctzll(rest);
                seen |= 1ULL << t[p & ~quad[c]];
            }
        } else {
            for (rest = p; rest; rest &= rest - 1) seen |= 1ULL << t[p ^ (rest & -rest)];
            uint64_t h = p & (p >> 1) & notlast, v = p & (p >> C) & all;
            for (; h; h &= h - 1) { uint64_t l = h & -h; seen |= 1ULL << t[p ^ (l | l << 1)]; }
            for (; v; v &= v - 1) { uint64_t l = v & -v; seen |= 1ULL << t[p ^ (l | l << C)]; }
        }
        t[p] = (uint8_t)__builtin_ctzll(~seen);
    }
    clock_gettime(CLOCK_MONOTONIC, &b);
    const uint64_t M = (1ULL << 61) - 1;
    unsigned __int128 sum = 0;
    for (uint64_t p = 0; p < size; p++) sum += (unsigned __int128)(p + 1) * t[p];
    printf("{\"seconds\": %.4f, \"checksum\": %llu}\n",
           (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec),
           (unsigned long long)(sum % M));
    return 0;
}
'''


def checksum(values) -> int:
    import numpy as np
    total, chunk = 0, 1 << 22
    for lo in range(0, values.size, chunk):
        v = np.asarray(values[lo:lo + chunk]).astype(np.uint64)
        m = np.arange(lo + 1, lo + 1 + v.size, dtype=np.uint64)
        total += int((m * v).sum())       # values < 64, positions < 2^31 a chunk: < 2^64
    return total % M61


def wall(cmd, env=None) -> tuple[float, subprocess.CompletedProcess]:
    t0 = time.perf_counter()
    r = subprocess.run(cmd, capture_output=True, text=True, env=env)
    return time.perf_counter() - t0, r


def parse_board(text: str) -> tuple[int, int]:
    try:
        r, c = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"a board is RxC, e.g. 4x6, not {text!r}") from None
    if not (1 <= r and 1 <= c and r * c <= 28):
        raise argparse.ArgumentTypeError(f"{text}: at least 1 x 1, at most 28 cells")
    return r, c


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", nargs="+", choices=sorted(RULES), default=["chomp", "boardkayles"])
    ap.add_argument("--boards", nargs="+", type=parse_board, default=None, metavar="RxC",
                    help="boards (default: chomp 4x6, boardkayles 4x5)")
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--cpu", default="native",
                    help="build both sides for this CPU (numba NUMBA_CPU_NAME with its own "
                         "features, gcc -march), e.g. x86-64-v3 or znver3")
    ap.add_argument("--out", default=None, help="write the Markdown table here (and .json)")
    a = ap.parse_args(argv)
    if a.repeat < 1:
        ap.error("--repeat at least 1")
    if a.cpu != "native":
        os.environ["NUMBA_CPU_NAME"], os.environ["NUMBA_CPU_FEATURES"] = a.cpu, ""
    import numpy as np

    import gtables
    rows_out = []
    with tempfile.TemporaryDirectory(prefix="bench-user-") as td:
        tmp = pathlib.Path(td)
        (tmp / "usergame.c").write_text(C_SOURCE)
        exe = tmp / "usergame"
        subprocess.run(["gcc", "-O3", f"-march={a.cpu}", "-o", str(exe), str(tmp / "usergame.c")],
                       check=True)
        for game in a.games:
            rules = tmp / f"{game}_rules.py"
            rules.write_text(RULES[game])
            boards = a.boards or [(4, 6) if game == "chomp" else (4, 5)]
            exec(compile(RULES[game], str(rules), "exec"), {"__name__": f"{game}_rules"})
            for r, c in boards:
                spec = f"{game}:rows={r},cols={c}"
                gtables.compute(f"{game}:rows=2,cols=2", store=None, progress=False)  # compile
                row: dict = {"spec": spec, "positions": 1 << (r * c), "cpu": a.cpu,
                             "load_before": os.getloadavg()[0], "c": [], "ours_1": [],
                             "ours_2": [], "inproc": []}
                sums = set()
                for _ in range(a.repeat):
                    w, p = wall([str(exe), game, str(r), str(c)])
                    d = json.loads(p.stdout)
                    row["c"].append({"wall_s": round(w, 3), "fill_s": d["seconds"]})
                    sums.add(("c", d["checksum"]))
                    for threads in (1, 2):
                        env = dict(os.environ, NUMBA_NUM_THREADS=str(threads))
                        store = tmp / f"store{threads}"
                        cmd = [sys.executable, "-m", "gtables.cli", "--rules", str(rules),
                               "compute", spec, "--store", str(store), "--force", "-q"]
                        w, p = wall(cmd, env)
                        if p.returncode != 0:
                            raise SystemExit(f"{shlex.join(cmd)}: {p.stderr[-1500:]}")
                        t = gtables.load(spec, store=str(store))
                        row[f"ours_{threads}"].append({"wall_s": round(w, 3),
                                                       "fill_s": t.attrs.get("compute_seconds")})
                        sums.add((f"ours_{threads}", checksum(t.values)))
                    t0 = time.perf_counter()
                    v = gtables.compute(spec, store=None, progress=False).values
                    row["inproc"].append({"fill_s": round(time.perf_counter() - t0, 3)})
                    sums.add(("inproc", checksum(np.asarray(v))))
                row["checksums_equal"] = len({s for _, s in sums}) == 1
                row["load_after"] = os.getloadavg()[0]
                rows_out.append(row)
                print(json.dumps(row), flush=True)
    lines = [f"Build: {a.cpu}. Seconds are the best of {a.repeat}; ratio = C / ours (above 1: "
             "ours faster).", "",
             "| spec | positions | C fill s | C wall s | ours fill s (1T) | ours wall s (1T) | "
             "ours wall s (2T) | in-process fill s | C/ours fill | C/ours wall 1T | "
             "checksums | load |", "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    def best(row, k, f):
        return min(x[f] for x in row[k] if x[f] is not None)
    for row in rows_out:
        cf, cw = best(row, "c", "fill_s"), best(row, "c", "wall_s")
        of, ow1 = best(row, "ours_1", "fill_s"), best(row, "ours_1", "wall_s")
        ow2, ip = best(row, "ours_2", "wall_s"), best(row, "inproc", "fill_s")
        lines.append(f"| {row['spec']} | {row['positions']:,} | {cf:.3f} | {cw:.3f} | {of:.3f} | "
                     f"{ow1:.3f} | {ow2:.3f} | {ip:.3f} | {cf / of:.2f} | {cw / ow1:.2f} | "
                     f"{'equal' if row['checksums_equal'] else 'DIFFER'} | "
                     f"{row['load_before']:.1f}-{row['load_after']:.1f} |")
    md = "\n".join(lines) + "\n"
    print(md)
    if a.out:
        pathlib.Path(a.out).write_text(md)
        pathlib.Path(a.out).with_suffix(".json").write_text(json.dumps(rows_out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
