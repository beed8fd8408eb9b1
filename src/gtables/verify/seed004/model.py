"""Views of nimlike outcome tables in the seed's terms: the outcome of a heap (pair) with or
without a previous amount, and the amounts that win from it.

Outcomes: ``P`` = the player to move loses (the seed's 輸數, ``E`` / ``EE``), ``N`` = the player to
move wins.  With Cond(3) (``norepeat=1``) a table has a last axis of last-amount codes: code 0 =
none (a start position), code c = amount ``m + c - 1``.  Every view reads a table the claim
declared, from the :class:`~gtables.verify.claims.Tables` the runner hands to its check.
"""
from __future__ import annotations

import numpy as np

P, N = 0, 1


def spec(d: int, m: int, n: int, size: int, norepeat: bool = False) -> str:
    """The nimlike spec of ``d`` heaps of at most ``size`` stones, amounts ``m..n``."""
    return (f"nimlike:heaps={d},min={m},max={n},{'norepeat=1,' if norepeat else ''}"
            f"size={size}")


def setstr(s) -> str:
    """A set of amounts as the seed prints it (``E`` when empty)."""
    s = sorted(int(v) for v in s)
    return ",".join(map(str, s)) if s else "E"


def v2(x: int) -> int:
    """The 2-adic valuation of ``x > 0``."""
    return (x & -x).bit_length() - 1


def pn(p: bool) -> str:
    return "P" if p else "N"


def _grid(values: np.ndarray, d: int, size: int, norepeat: bool) -> np.ndarray:
    return values.reshape((size + 1,) * d + ((-1,) if norepeat else ()))


class Game1D:
    """Outcomes of one heap: ``outcome(N, last)``, and the winning amounts of any position."""

    def __init__(self, m, n, norepeat, grid):
        self.m, self.n, self.norepeat, self.g = m, n, norepeat, grid

    @property
    def size(self):
        return self.g.shape[0] - 1

    def outcome(self, h, last=0):
        if not self.norepeat:
            return int(self.g[h])
        return int(self.g[h, 0 if last == 0 else last - self.m + 1])

    def is_p(self, h, last=0) -> bool:
        return self.outcome(h, last) == P

    def start_p(self) -> np.ndarray:
        """Boolean: start position N is P."""
        return (self.g[:, 0] if self.norepeat else self.g) == P

    def winning(self, h, last=0) -> set:
        return {x for x in range(self.m, min(self.n, h) + 1)
                if not (self.norepeat and x == last)
                and self.outcome(h - x, x if self.norepeat else 0) == P}


class Game2D:
    """Outcomes of two heaps (the seed's A = N1 = first axis, B = N2)."""

    def __init__(self, m, n, norepeat, grid):
        self.m, self.n, self.norepeat, self.g = m, n, norepeat, grid

    @property
    def size(self):
        return self.g.shape[0] - 1

    def outcome(self, a, b, last=0):
        if not self.norepeat:
            return int(self.g[a, b])
        return int(self.g[a, b, 0 if last == 0 else last - self.m + 1])

    def start_p(self) -> np.ndarray:
        return (self.g[..., 0] if self.norepeat else self.g) == P

    def winning(self, a, b, last=0) -> tuple[set, set]:
        """Winning amounts from heap 1 (the seed's A = N1) and from heap 2 (B = N2)."""
        ok = [x for x in range(self.m, self.n + 1) if not (self.norepeat and x == last)]
        t = (lambda x: x) if self.norepeat else (lambda x: 0)
        return ({x for x in ok if x <= a and self.outcome(a - x, b, t(x)) == P},
                {x for x in ok if x <= b and self.outcome(a, b - x, t(x)) == P})

    def win_masks(self) -> tuple[np.ndarray, np.ndarray]:
        """Start positions: ``wa[x, a, b]`` (``wb``) says taking ``x`` from heap 1 (heap 2) wins;
        shape ``(n+1, size+1, size+1)``, amounts below m never win."""
        s = self.g.shape[0]
        wa = np.zeros((self.n + 1, s, s), dtype=bool)
        wb = np.zeros_like(wa)
        for x in range(self.m, min(self.n, s - 1) + 1):
            opt = self.g[..., x - self.m + 1] if self.norepeat else self.g
            wa[x, x:, :] = opt[:s - x, :] == P
            wb[x, :, x:] = opt[:, :s - x] == P
        return wa, wb


def game_1d(T, m, n, norepeat, size) -> Game1D:
    """The one-heap view of the declared table ``spec(1, m, n, size, norepeat)``."""
    vals = T[spec(1, m, n, size, norepeat)].values
    return Game1D(m, n, norepeat, _grid(vals, 1, size, norepeat))


def game_2d(T, m, n, norepeat, size) -> Game2D:
    """The two-heap view of the declared table ``spec(2, m, n, size, norepeat)``."""
    vals = T[spec(2, m, n, size, norepeat)].values
    return Game2D(m, n, norepeat, _grid(vals, 2, size, norepeat))


# ----------------------------------------------------------------------------------------------
# Cond(2,3) in two dimensions: observations (the seed states no pattern)
# ----------------------------------------------------------------------------------------------
def _shift_start(sp: np.ndarray, dq: tuple[int, int]) -> int | None:
    """Least t such that sp[a + da, b + db] == sp[a, b] whenever max(a, b) >= t (inside the
    grid), or None if it fails at the grid's last period."""
    s = sp.shape[0]
    da, db = dq
    x = sp[da:, db:]
    y = sp[:s - da, :s - db]
    bad = x != y
    if not bad.any():
        return 0
    ii, jj = np.nonzero(bad)
    t = int(np.max(np.maximum(ii, jj))) + 1
    return t if t + 2 * max(dq) <= s else None


def analyse_cond23(sp: np.ndarray, m: int, n: int) -> dict:
    """Observations on the start-P set ``sp`` (boolean, ``[0,size]^2``) of Cond(2,3): periodicity
    with q = m+n along N1 (and, by symmetry, N2) and along the diagonal; period of each row; the
    first q x q square.  Observed on the grid, not proved."""
    size = sp.shape[0] - 1
    q = m + n
    t_row = _shift_start(sp, (q, 0))
    t_diag = _shift_start(sp, (q, q))
    # least period of each row N2 = b along N1, observed on the second half [size/2, size]
    half = size // 2
    row_p = np.zeros(size + 1, dtype=np.int64)
    for p in range(1, (size - half) // 3 + 1):
        ok = np.all(sp[half:size + 1 - p, :] == sp[half + p:, :], axis=0) & (row_p == 0)
        row_p[ok] = p
    periods = {}
    for v in row_p:
        periods[int(v) or None] = periods.get(int(v) or None, 0) + 1
    bad = sp[q:, :] != sp[:-q, :]
    first_break = None
    if bad.any():
        ii, jj = np.nonzero(bad)
        k = int(np.argmin(np.maximum(ii, jj)))
        first_break = (int(ii[k]), int(jj[k]))
    sq = sp[:q, :q]
    blocks = []
    a = 0
    while a < q:
        row = np.flatnonzero(sq[a])
        if row.size and row[0] == a:
            b = a
            while b + 1 < q and sq[b + 1, a] and sq[a, b + 1]:
                b += 1
            blocks.append((a, b))
            a = b + 1
        else:
            a += 1
    sq_union = np.zeros_like(sq)
    for lo, hi in blocks:
        sq_union[lo:hi + 1, lo:hi + 1] = True
    rp = ", ".join(f"{k if k else 'none'}: {v}" for k, v in sorted(
        periods.items(), key=lambda kv: (kv[0] is None, kv[0] or 0)))
    periodic = t_row is not None
    summary = (f"(m,n)=({m},{n}): " + (f"(m+n)={q}-periodic in each heap from max(N1,N2) >= {t_row}"
                                       if periodic else f"not {q}-periodic along N1: first break "
                                       f"P({first_break[0]},{first_break[1]}) != "
                                       f"P({first_break[0] + q},{first_break[1]})")
               + ("" if t_diag is None else f", along the diagonal from {t_diag}")
               + f"; least period of the rows N2 = 0..{size} along N1 on [{half},{size}] "
                 f"(period: number of rows) {{{rp}}}; first {q}x{q} square = "
               + ("union of diagonal squares " if np.array_equal(sq, sq_union) else "not only squares, ")
               + " ".join(f"[{lo}..{hi}]^2" for lo, hi in blocks))
    return {"m": m, "n": n, "size": size, "sp": sp, "periodic": bool(periodic), "t_row": t_row,
            "first_break": first_break,
            "t_diag": t_diag, "row_periods": periods, "blocks": blocks, "summary": summary}
