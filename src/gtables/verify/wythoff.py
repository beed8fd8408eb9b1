"""Claims from the literature about Wythoff's game (family ``wythoff``): a family the seeds do
not have, added with its claims to show what a new family touches.

Sources: W. A. Wythoff, "A modification of the game of Nim", Nieuw Arch. Wisk. 7 (1907) 199-202
(the P-positions); G. Nivasch, "More on the Sprague-Grundy function for Wythoff's game", Games of
No Chance 3 (2009), and his web page on the game (the printed table of G for piles 0..13);
A. Dress, A. Flammenkamp and N. Pink, "Additive periodicity of the Sprague-Grundy function of
certain Nim games", Adv. Appl. Math. 22 (1999) (every row of G is ultimately additively
periodic); the misère P-positions as in A. S. Fraenkel's survey work on Wythoff's game.
"""
from __future__ import annotations

from math import isqrt

import numpy as np

from ..engine.periodicity import find_period
from .claims import Claim, compare, verdict

SIZES = {"small": 40, "default": 400, "large": 2000}
ROWS = {"small": 4, "default": 10, "large": 16}     # rows x = 0..ROWS-1 for additive periods
CONV = "G = Grundy value; P iff G = 0 (normal play); misère: 0 = P, 1 = N"

# Nivasch's table of G(x, y), x = 13 down to 0 (the row label first), y = 0..13, as printed.
NIVASCH_PRINTED = """\
13  13 14 12 11 16 15 17 2  0  5  6  19 20 9
12  12 13 14 15 11 9  16 17 18 19 7  8  10 20
11  11 9  10 7  12 14 2  13 17 6  18 15 8  19
10  10 11 9  8  13 12 0  15 16 17 14 18 7  6
9   9  10 11 12 8  7  13 14 15 16 17 6  19 5
8   8  6  7  10 1  2  5  3  4  15 16 17 18 0
7   7  8  6  9  0  1  4  5  3  14 15 13 17 2
6   6  7  8  1  9  10 3  4  5  13 0  2  16 17
5   5  3  4  0  6  8  10 1  2  7  12 14 9  15
4   4  5  3  2  7  6  9  0  1  8  13 12 11 16
3   3  4  5  6  2  0  1  9  10 12 8  7  15 11
2   2  0  1  5  3  4  8  6  7  11 9  10 14 12
1   1  2  0  4  5  3  7  8  6  10 11 9  13 14
0   0  1  2  3  4  5  6  7  8  9  10 11 12 13"""


def nivasch_table() -> np.ndarray:
    """The printed table as an array ``G[x, y]``."""
    rows = [[int(t) for t in line.split()] for line in NIVASCH_PRINTED.splitlines()]
    out = np.zeros((len(rows), len(rows[0]) - 1), dtype=np.int64)
    for r in rows:
        out[r[0]] = r[1:]
    return out


def wythoff_pairs(limit: int) -> list[tuple[int, int]]:
    """``(floor(n phi), floor(n phi^2))`` for every n with both at most ``limit``; exact integer
    arithmetic: ``floor(n phi) = (n + isqrt(5 n^2)) // 2`` and ``floor(n phi^2) = that + n``."""
    out, n = [], 0
    while True:
        a = (n + isqrt(5 * n * n)) // 2
        if a + n > limit:
            return out
        out.append((a, a + n))
        n += 1


def _spec(size: int, play: str = "normal") -> str:
    return f"wythoff:size={size}" + (",play=misere" if play == "misere" else "")


def _mask(pairs, size: int) -> np.ndarray:
    """1 at each pair (and its mirror image); every pair lies within ``0..size``."""
    m = np.zeros((size + 1, size + 1), dtype=np.int64)
    for a, b in pairs:
        m[a, b] = m[b, a] = 1
    return m


def _label(size: int):
    return lambda i: f"({i // (size + 1)}, {i % (size + 1)})"


def wythoff_claims(scale: str) -> list[Claim]:
    size, rows = SIZES[scale], ROWS[scale]
    normal, misere = _spec(size), _spec(size, "misere")
    dom = f"every position (a, b), 0 <= a, b <= {size}"
    pn = {1: "P", 0: "N"}.get

    def p_positions(T):
        g = T[normal].array()
        claimed = _mask(wythoff_pairs(size), size)
        return compare(claimed, (g == 0).astype(np.int64), dom, _label(size), pn)

    def printed(T):
        g = T[normal].array()
        want = nivasch_table()
        k = want.shape[0]            # 14: every scale's table reaches it
        return compare(want, g[:k, :k], f"every (x, y), 0 <= x, y <= {k - 1}",
                       lambda i: f"G({i // k}, {i % k})")

    def misere_p(T):
        o = T[misere].array()
        pairs = [(0, 1), (2, 2)] + [p for p in wythoff_pairs(size) if p[0] >= 3]
        claimed = _mask(pairs, size)
        return compare(claimed, (o == 0).astype(np.int64), dom, _label(size), pn)

    def additive_rows(T):
        g = T[normal].array()
        cases, found = [], {}
        for x in range(rows):
            p = find_period(g[x], saltus=True)
            ok = p is not None and p.saltus == p.period
            found[x] = None if p is None else [p.preperiod, p.period, p.saltus]
            seen = "none" if p is None else f"period {p.period}, saltus {p.saltus}"
            want = "additively periodic (saltus = period)"
            cases.append((f"row {x}", want, want if ok else f"no additive period seen ({seen})"))
        text = "; ".join(f"row {x}: pre-period {v[0]}, period {v[1]}" for x, v in found.items()
                         if v is not None)
        seen_all = all(v is not None and v[1] == v[2] for v in found.values())
        return verdict(f"rows x = 0..{rows - 1}, columns 0..{size} (observed, not proved here)",
                       cases, status=None if seen_all else "OPEN", details=text,
                       data={"rows": found})

    src = "Wythoff (1907)"
    return [
        Claim("lit.wythoff.p-positions", src,
              "G(a, b) = 0 exactly when {a, b} = {floor(n phi), floor(n phi^2)} for some n >= 0",
              p_positions, tables=(normal,), convention=CONV),
        Claim("lit.wythoff.nivasch-table", "Nivasch (2009), table of G",
              "the printed values of G(x, y) for 0 <= x, y <= 13", printed, tables=(normal,),
              convention=CONV),
        Claim("lit.wythoff.misere.p-positions", "Wythoff's game in misère play (Fraenkel's surveys)",
              "misère P-positions are the normal ones with (0,0), (1,2), (2,1) replaced by "
              "(0,1), (1,0), (2,2)", misere_p, tables=(misere,), convention=CONV),
        Claim("lit.wythoff.rows.additive-period", "Dress, Flammenkamp and Pink (1999)",
              "every row x of G is ultimately additively periodic: G(x, y + p) = G(x, y) + p for "
              "all large y", additive_rows, tables=(normal,),
              reading="a finite table can only show the period: each row's is found in the "
                      "computed columns and reported; OPEN where a row shows none yet",
              convention=CONV),
    ]
