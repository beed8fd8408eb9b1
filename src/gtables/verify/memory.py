"""Claims from the literature about memory games (family ``mem0``; the global rule's one-heap game
is ``nimlike:heaps=1,...,norepeat=1``).

Sources: OEIS A131469 (M. Schlatter and J. James, 2007: "Grundy numbers of one pile short global
nim", the last move may not be repeated); OEIS A351630 (A. N. Siegel, 2022: "Nim values that occur
at infinitely many heap sizes in the combinatorial game Mem0": 0, 12, 1270, 105161; a value m
counts at heap n when G(n_k) = m for some k); R. K. Guy and R. J. Nowakowski, "Unsolved problems
in combinatorial games", More Games of No Chance, MSRI 42 (2002), problem 22; U. Larsson,
S. Rubinstein-Salzedo and A. N. Siegel, "Memgames", arXiv:1912.10517.

On one heap the global and the local rule are the same game, so A131469 is Mem0's G(n, 0).
"""
from __future__ import annotations

import numpy as np

from .claims import Claim, check_all, compare, verdict

# OEIS A131469, the terms printed on its page (offset 0: a pile of 0 first)
A131469 = (0, 1, 1, 2, 3, 3, 2, 4, 5, 5, 6, 7, 7, 6, 4, 8, 9, 9, 8, 10, 11, 11, 12, 13, 13, 14,
           15, 15, 16, 17, 17, 14, 18, 19, 16, 17, 18, 20, 10, 19, 20, 21, 21, 22, 23, 23, 24, 25,
           25, 24, 26, 27, 27, 28)
# OEIS A351630, its four terms
A351630 = (0, 12, 1270, 105161)

SIZES = {"small": 400, "default": 5000, "large": 20000}
GLOBAL_SIZES = {"small": 60, "default": 200, "large": 400}
CONV = "G(n, k) = Grundy value of a heap of n after k was taken from it (k = 0: nothing yet)"


def _spec(size: int) -> str:
    return f"mem0:size={size}"


def heaps_of_values(values: np.ndarray, offsets: np.ndarray) -> dict[int, np.ndarray]:
    """For each value m of the table, the heap sizes n with some G(n, k) = m (sorted)."""
    n = np.repeat(np.arange(offsets.size - 1), np.diff(offsets))
    pairs = np.unique(values.astype(np.int64) * (offsets.size - 1) + n)
    vm, vn = pairs // (offsets.size - 1), pairs % (offsets.size - 1)
    cut = np.flatnonzero(np.diff(vm)) + 1
    return {int(ms[0]): ns for ms, ns in zip(np.split(vm, cut), np.split(vn, cut))}


def memory_claims(scale: str) -> list[Claim]:
    size = SIZES[scale]
    spec = _spec(size)
    gsize = GLOBAL_SIZES[scale]
    glob = f"nimlike:heaps=1,max={gsize},norepeat=1,size={gsize}"
    small = _spec(gsize)
    tenth = size - size // 10

    def a131469(T):
        t = T[spec]
        g0 = np.asarray(t.values)[t.space.offsets[:len(A131469)]].astype(np.int64)
        return compare(np.array(A131469), g0, f"heaps n = 0..{len(A131469) - 1}",
                       lambda i: f"G({i}, 0)")

    def recurring(T):
        t = T[spec]
        seen = heaps_of_values(np.asarray(t.values), t.space.offsets)
        cases, data = [], {}
        for m in A351630:
            ns = seen.get(m, np.array([], dtype=np.int64))
            if ns.size == 0:
                data[m] = None
                continue
            late = int((ns >= tenth).sum())
            data[m] = {"first": int(ns[0]), "heaps": int(ns.size), "in_last_tenth": late,
                       "last": int(ns[-1])}
            cases.append((f"value {m}", "appears in the last tenth of the heaps",
                          "appears in the last tenth of the heaps" if late else
                          f"last seen at heap {int(ns[-1])}"))
        missing = [m for m in A351630 if data[m] is None]
        details = "; ".join(f"{m}: first at heap {d['first']}, at {d['heaps']} heaps, "
                            f"{d['in_last_tenth']} of them in {tenth}..{size}"
                            for m, d in data.items() if d is not None)
        return verdict(f"heaps 0..{size}; terms seen in the table: "
                       f"{[m for m in A351630 if data[m] is not None]}"
                       + (f" (not reached: {missing})" if missing else "")
                       + " (observed, not proved)", cases, details=details,
                       data={"terms": {str(m): d for m, d in data.items()}})

    def only_these(T):
        t = T[spec]
        seen = heaps_of_values(np.asarray(t.values), t.space.offsets)
        early = size // 5
        late = sorted(m for m, ns in seen.items() if ns[0] < early and ns[-1] >= tenth)
        claimed = [m for m in A351630 if m in seen and seen[m][0] < early]
        return check_all([("values first seen below heap "
                           f"{early} that still appear at heaps {tenth}..{size}",
                           claimed, late)],
                         f"heaps 0..{size} (observed, not proved)")

    def global_one_heap(T):
        g = T[glob]
        pos = g.space.unrank(np.arange(g.space.size))
        m = T[small]
        k = np.where(pos[:, 1] <= pos[:, 0], pos[:, 1], 0)
        mem = np.asarray(m.values).astype(np.int64)[m.space.offsets[pos[:, 0]] + k]
        return compare((mem != 0).astype(np.int64), (np.asarray(g.values) != 0).astype(np.int64),
                       f"every heap 0..{gsize} and last amount", lambda i: g.space.format_index(i),
                       {0: "P", 1: "N"}.get)

    src = "OEIS A351630 (Siegel 2022)"
    return [
        Claim("lit.mem0.a131469", "OEIS A131469 (Schlatter and James 2007)",
              "the Grundy values of one pile of short global Nim (no repeat of the last move) "
              "are 0, 1, 1, 2, 3, 3, 2, 4, 5, 5, ... (the printed terms)", a131469,
              tables=(spec,), reading="one pile: the global and the local rule are one game, "
                                      "so the terms are Mem0's G(n, 0)", convention=CONV),
        Claim("lit.mem0.a351630.recurring", src,
              "0, 12, 1270 and 105161 occur as G(n_k) at infinitely many heap sizes n",
              recurring, tables=(spec,),
              reading="a finite table can only show the terms it reaches still appearing near "
                      "its end (in the last tenth of its heaps)", convention=CONV),
        Claim("lit.mem0.a351630.only", src,
              "the nim values occurring at infinitely many heap sizes are 0, 12, 1270, 105161 "
              "(no others up to 105161)", only_these, tables=(spec,),
              reading="observed: the values first seen below a fifth of the heaps that still "
                      "appear in the last tenth are exactly the published terms below that",
              convention=CONV),
        Claim("lit.mem0.global.one-heap", "OEIS A131469; Guy and Nowakowski (2002), problem 22",
              "on one heap the global rule (no repeat of the last move) and Mem0 are the same "
              "game", global_one_heap, tables=(glob, small),
              reading="the global rule's outcomes (nimlike norepeat=1, every last amount) "
                      "against Mem0's values being non-zero", convention=CONV),
    ]

