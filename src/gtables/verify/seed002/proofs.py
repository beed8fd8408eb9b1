"""The machinery seed 002's claims are checked with: Theorem 2's arrow rule (jitted), the settled
period of a row, phase diagrams and triple points, the moves Proposition 1 leaves, and the search
for a symmetric reading of the printed a4b table.  Functions of arrays and tuples; no tables are
fetched here."""
from __future__ import annotations

import numba as nb
import numpy as np

from ...config import JIT
from ...engine.periodicity import find_period
from ...engine.values import L, N, P, R


# ----------------------------------------------------------------------------------------------
# §2: Theorem 2 (Lorraine's arrow diagram)
# ----------------------------------------------------------------------------------------------
@nb.njit(**JIT)
def string_ends(s, k):
    """``(n, a, m, b)`` of the string ``s[:k]`` (k >= 1) written x^n a ... b y^m: the runs at
    its two ends and the entries next to them (a = y, b = x for x^n y^m); ``(k, x, 0, x)`` for
    x^k."""
    x = s[0]
    y = s[k - 1]
    n = 1
    while n < k and s[n] == x:
        n += 1
    if n == k:
        return k, x, 0, x
    m = 1
    while m < k and s[k - 1 - m] == y:
        m += 1
    if n + m == k:
        return n, y, m, x
    return n, s[n], m, s[k - 1 - m]


@nb.njit(**JIT)
def arrow_p(s):
    """Theorem 2's description of the impartial P-positions, for one zero-padded string.

    Write the string x^n a ... b y^m (a = first entry != x, b = last entry != y; for x^n y^m take
    a = y, b = x).  Each end gets a cell of Lorraine's diagram  (1 up, 2 down) top row,
    (1 down, 2 up) bottom row: column = parity of the run (1 odd, 2 even), up if x < a (y < b).
    P iff |x - y| <= 1 and x = y with both cells on one level, or x > y with the left cell above
    the right one, or x < y with the left cell below; x^n is P iff n is even; the empty string is P.
    """
    k = 0
    while k < s.size and s[k] != 0:
        k += 1
    if k == 0:
        return True
    x = s[0]
    y = s[k - 1]
    n, a, m, b = string_ends(s, k)
    if n == k:
        return k % 2 == 0
    if abs(x - y) > 1:
        return False
    # top row: (odd, up) or (even, down)
    left_top = (n % 2 == 1) == (x < a)
    right_top = (m % 2 == 1) == (y < b)
    if x == y:
        return left_top == right_top
    if x > y:
        return left_top and not right_top
    return right_top and not left_top


@nb.njit(**JIT)
def arrow_all(strings):
    """:func:`arrow_p` of every row of a padded ``(size, L)`` array of strings."""
    out = np.empty(strings.shape[0], np.bool_)
    for i in range(strings.shape[0]):
        out[i] = arrow_p(strings[i])
    return out


# ----------------------------------------------------------------------------------------------
# §2: rows a w b, b -> G(a w b): ultimately arithmetico-periodic
# ----------------------------------------------------------------------------------------------
def settled_period(a, min_reps: int = 4):
    """Smallest period p (with saltus s) whose fit a[n+p] = a[n] + s holds on at least the last
    half of the sequence (``len(a) // 2`` values) and on at least ``min_reps`` periods: the one
    finder, :func:`gtables.engine.periodicity.find_period`.  Requiring half the row keeps a run of
    consecutive values b, b+1, ... at the very end from passing for p = 1.  Still an observation
    on a finite row.
    """
    n = len(a)
    if n < 4:
        return None            # a period below n // 2 is needed: none on fewer than 4 values
    return find_period(a, max_period=n // 2 - 1, min_reps=min_reps, saltus=True,
                       min_length=n // 2)


# ----------------------------------------------------------------------------------------------
# §2: the moves Proposition 1 leaves (the remark 'at most four good moves')
# ----------------------------------------------------------------------------------------------
def end_moves(s: np.ndarray, k: np.ndarray, H: int):
    """Every impartial move of the padded strings ``s`` (lengths ``k``, stacks <= ``H``), one end
    and one amount ``j`` at a time: yields ``(sel, o, ko)``, the strings that have that move (a
    boolean mask), their options (padded) and the options' lengths.  A move lowers an end stack
    by ``j`` (to 0: the stack is deleted); a single stack is both ends, its moves yielded once."""
    s = np.asarray(s, dtype=np.int64)
    k = np.asarray(k, dtype=np.int64)
    r = np.arange(len(s))
    last = np.maximum(k - 1, 0)
    for end in ("first", "last"):
        col = np.zeros(len(s), np.int64) if end == "first" else last
        live = (k >= 1) if end == "first" else (k >= 2)
        x = s[r, col]
        for j in range(1, H + 1):
            sel = live & (x >= j)
            if not sel.any():
                continue
            o = s[sel].copy()
            c = col[sel]
            rr = np.arange(len(o))
            o[rr, c] -= j
            gone = o[rr, c] == 0
            if end == "first":        # the next stack becomes the first
                o[gone, :-1] = o[gone, 1:]
                o[gone, -1] = 0
            yield sel, o, k[sel] - gone


def not_ruled_out(o: np.ndarray, ko: np.ndarray) -> np.ndarray:
    """Strings Proposition 1 does not rule out as P-positions: the empty string, and strings of
    two or more stacks whose end stacks differ by at most 1 (a single non-empty stack is N: its
    player takes it all)."""
    first = o[:, 0]
    lst = o[np.arange(len(o)), np.maximum(ko - 1, 0)]
    return (ko == 0) | ((ko >= 2) & (np.abs(first - lst) <= 1))


# ----------------------------------------------------------------------------------------------
# §3: phase diagrams and triple points
# ----------------------------------------------------------------------------------------------
def predicted_diagram(a0: int, b0: int, A: int, B: int) -> np.ndarray:
    """The phase diagram a triple point (a0, b0) determines, for 1 <= a <= A, 1 <= b <= B
    (index [a, b]; row/column 0 unused): N below-left of it, P on its diagonal, L above, R right."""
    a = np.arange(A + 1)[:, None]
    b = np.arange(B + 1)[None, :]
    d = (a - a0) - (b - b0)
    out = np.where(d == 0, P, np.where(d > 0, L, R))
    return np.where((a < a0) & (b < b0), N, out)


def triple_point(diagram: np.ndarray):
    """The leftmost-bottommost P (least a, then least b) of a phase diagram, or None."""
    pts = np.argwhere(diagram[1:, 1:] == P) + 1
    if not len(pts):
        return None
    a = int(pts[:, 0].min())
    return a, int(pts[pts[:, 0] == a, 1].min())


# ----------------------------------------------------------------------------------------------
# §2: the printed a4b table read as a symmetric matrix
# ----------------------------------------------------------------------------------------------
def symmetric_reading(readings: dict[int, list[tuple[int, ...]]]):
    """A choice of one reading per row ``a = 1..n`` making the matrix symmetric
    (``T[a][b] = T[b][a]``), or None; with the number of such choices (counted up to 2).

    Readings are first pruned to a fixed point (a reading of row a survives only if each of its
    entries ``T[a][b]`` is the entry ``T[b][a]`` of some surviving reading of row b), then the
    survivors are searched row by row."""
    rows = sorted(readings)
    n = len(rows)
    live = {a: list(readings[a]) for a in rows}
    changed = True
    while changed:
        changed = False
        for i, a in enumerate(rows):
            cols = [{r[i] for r in live[b]} for b in rows]   # what row b offers at column a
            keep = [r for r in live[a] if all(r[j] in cols[j] for j in range(n))]
            if len(keep) != len(live[a]):
                live[a], changed = keep, True
    found: list[tuple] = []
    chosen: list[tuple[int, ...]] = []

    def go(i):
        if len(found) >= 2:
            return
        if i == n:
            found.append(tuple(chosen))
            return
        for r in live[rows[i]]:
            if all(r[j] == chosen[j][i] for j in range(i)):
                chosen.append(r)
                go(i + 1)
                chosen.pop()

    go(0)
    return (found[0] if found else None), len(found)


# ----------------------------------------------------------------------------------------------
# §2: the proof of Theorem 2, case |x - y| > 1: the move at the larger end it prescribes
# ----------------------------------------------------------------------------------------------
FAR_CASES = ("a", "b", "c", "d")     # far_end_moves' case codes 1..4


@nb.njit(**JIT)
def far_end_moves(strings, corrected_b):
    """The moves the proof of Theorem 2 prescribes for the strings with |x - y| > 1, each
    oriented so that y > x + 1 (reversed if y < x - 1): per string its case (0: |x - y| <= 1;
    1..4: the proof's (a) m > 1, (b) m = 1 and |b - x| > 1, (c) m = 1, |b - x| <= 1, left end
    top row, (d) the same, bottom row), the oriented string, and the prescribed results (up to
    two, ``count`` of them; a move lowers the last stack to a value, 0 deleting it).

    (a): y -> x (left top) or x + 1 (bottom).  (b) literally "similarly": the same targets; with
    ``corrected_b`` our correction: the same when b > x + 1, y -> x - 1 (top) or x (bottom) when
    b < x - 1.  (c): b = x + 1: y -> x; b = x: y -> x or delete; b = x - 1: y -> x - 1 or delete.
    (d): b = x or x + 1: y -> b or delete; b = x - 1: y -> x.
    x, n, a, y, m, b as for :func:`arrow_p` (x^n y^m: a = y, b = x)."""
    cnt = strings.shape[0]
    width = strings.shape[1]
    case = np.zeros(cnt, np.int64)
    oriented = np.zeros((cnt, width), np.int64)
    out = np.zeros((cnt, 2, width), np.int64)
    count = np.zeros(cnt, np.int64)
    for i in range(cnt):
        k = 0
        while k < width and strings[i, k] != 0:
            k += 1
        if k < 2:
            continue
        s = oriented[i]
        if strings[i, k - 1] < strings[i, 0]:
            for j in range(k):
                s[j] = strings[i, k - 1 - j]
        else:
            for j in range(k):
                s[j] = strings[i, j]
        x = s[0]
        y = s[k - 1]
        if y - x <= 1:
            continue
        n, a, m, b = string_ends(s, k)
        top = (n % 2 == 1) == (x < a)
        t0 = -1
        t1 = -1
        if m > 1:
            case[i] = 1
            t0 = x if top else x + 1
        elif abs(b - x) > 1:
            case[i] = 2
            if corrected_b and b < x - 1:
                t0 = x - 1 if top else x
            else:
                t0 = x if top else x + 1
        elif top:
            case[i] = 3
            if b == x + 1:
                t0 = x
            elif b == x:
                t0 = x
                t1 = 0
            else:
                t0 = x - 1
                t1 = 0
        else:
            case[i] = 4
            if b == x or b == x + 1:
                t0 = b
                t1 = 0
            else:
                t0 = x
        for j, t in enumerate((t0, t1)):
            if t < 0:
                continue
            for c in range(k):
                out[i, j, c] = s[c]
            out[i, j, k - 1] = t
            count[i] += 1
    return case, oriented, out, count
