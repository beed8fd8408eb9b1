"""Benchmark: the canonical form of every position of a Domineering board, gtables against
cgt-tools (``pip install cgt-py``: its ``Domineering(grid).canonical_form``), in one run.

For each board (default 3x4, 4x4 and 4x5) it fills the ``value=canonical`` table of
``domineering:rows=R,cols=C`` with gtables (the engine's fill into a game pool, after a warm-up
on a 2x2 board that compiles or loads the kernels: not timed), then asks cgt-py for the canonical
form of every position (the same cells, ``.`` free and ``#`` taken, row by row), and compares
every form: cgt-py's text read into gtables' pool (one id per canonical form) against the id
gtables stored, and the two texts after normalising notation (``±`` as ``+-``, spaces dropped).
Prints one JSON line per board: positions, seconds and positions per second of each, the ratio,
mismatches (and the first few).  cgt-py is not installed by this script: without it, gtables'
figures alone, and it says so.

    python scripts/bench_values.py                  # 3x4, 4x4, 4x5
    python scripts/bench_values.py --boards 4x4,5x4 --limit 200000

``--limit N`` asks cgt-py for the first N positions only (by index) where a board has more (its
rate is then measured on those; gtables' on the whole table).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time


def grid(pos: int, rows: int, cols: int) -> str:
    return "|".join("".join("." if (pos >> (r * cols + c)) & 1 else "#" for c in range(cols))
                    for r in range(rows))


def normal(text: str) -> str:
    return text.replace("±", "+-").replace(" ", "")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--boards", default="3x4,4x4,4x5", help="RxC,... (default: 3x4,4x4,4x5)")
    ap.add_argument("--limit", type=int, default=0,
                    help="cgt-py: at most this many positions a board (0: all)")
    a = ap.parse_args(argv)
    import numba

    import gtables
    from gtables.cgt import Pool
    from gtables.cgt.fill import pool_for
    from gtables.engine.compute import fill
    try:
        import cgt_py
    except ImportError:
        cgt_py = None
        print("cgt-py is not importable here (pip install cgt-py): gtables' figures only",
              file=sys.stderr)
    fill(gtables.game("domineering:rows=2,cols=2,value=canonical"), pool=Pool(),
         progress=False)                                       # warm-up: compile or load
    for board in a.boards.split(","):
        rows, cols = (int(x) for x in board.lower().split("x"))
        g = gtables.game(f"domineering:rows={rows},cols={cols},value=canonical")
        pool = pool_for(g.space.size)      # as compute makes it
        t0 = time.perf_counter()
        ids, _ = fill(g, pool=pool, progress=False)
        ours = time.perf_counter() - t0
        n = int(ids.size)
        row = {"board": f"{rows}x{cols}", "positions": n, "gtables_s": round(ours, 4),
               "gtables_per_s": round(n / ours), "pool_games": len(pool),
               "threads": 1, "numba_threads": numba.get_num_threads(),
               "load_before": os.getloadavg()[0]}
        if cgt_py is not None:
            m = n if a.limit <= 0 else min(n, a.limit)
            texts = []
            t0 = time.perf_counter()
            for pos in range(m):
                texts.append(str(cgt_py.Domineering(grid(pos, rows, cols)).canonical_form))
            theirs = time.perf_counter() - t0
            parsed: dict[str, int] = {}
            bad, text_differs, first = 0, 0, []
            for pos, text in enumerate(texts):
                body = text[len("CanonicalForm('"):-2] if text.startswith("CanonicalForm(") \
                    else text
                gid = parsed.get(body)
                if gid is None:
                    gid = parsed[body] = pool.parse(normal(body))
                if gid != int(ids[pos]):
                    bad += 1
                    if len(first) < 5:
                        first.append({"position": grid(pos, rows, cols), "cgt_py": body,
                                      "gtables": pool.format(int(ids[pos]))})
                elif normal(body) != normal(pool.format(gid)):
                    text_differs += 1
            row.update(cgt_py_positions=m, cgt_py_s=round(theirs, 3),
                       cgt_py_per_s=round(m / theirs), speedup=round((n / ours) / (m / theirs), 1),
                       mismatches=bad, same_form_other_text=text_differs,
                       distinct_forms=len(parsed), first_mismatches=first)
        row["load_after"] = os.getloadavg()[0]
        print(json.dumps(row), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
