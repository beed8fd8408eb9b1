"""Claims of seeds 003 (如何移動棋子？) and 000 (移動棋子問題的致勝策略 / Winning Strategies for Games
Played with Chips), Yeh: the chip-sliding game, rules A-D (SPEC §1), encoded from the seeds and the
analysis in ``docs/claims/chips.md`` (its claim numbers C05 ... C34 are cited as ``doc``).

Convention: every ``f`` of the seeds has ``f = 1`` for P (the player to move loses) and ``f = 0``
for N.  003's f, g, u, v are 000's f_A, f_B, f_C, f_D.  Letters a, b, c, ... are the squares
P1 < P2 < ... of the chips.  A *pattern* is a string of k-1 symbols, ``=`` where P(i+1) = P(i)+1
(adjacent chips: the seeds' "a = b-1", "β = γ", ...) and ``<`` otherwise.
``Q_i = P_i - i`` (the Chinese Y_i); ``O`` / ``E`` are the multiplicities of the odd / even values
of Q (the Chinese 棋子數數列 Z), and ``N_w(O) = 1`` iff their XOR is 0 (normal Nim P-position).

Tables: the all-subsets tables ``chips:rule=X,n=N`` (every position of every k on N squares) for
the four rules; a per-k claim reads the positions with k chips from them.
"""
from __future__ import annotations


import numba as nb
import numpy as np

from numba import prange

from ..config import PARALLEL_JIT
from ..games.chips import cttz
from .claims import MAX_EXAMPLES, Claim, Counterexample, Result, check_all

S003, S000 = "seed 003", "seed 000"
CONV = "f = 1 means P (the player to move loses), f = 0 means N (the seeds' convention)"
N_ALL = {"small": 12, "default": 24, "large": 30}
CHUNK = 1 << 22


def spec(rule: str, n: int) -> str:
    return f"chips:rule={rule},n={n}"


def _f(values) -> np.ndarray:
    """The seeds' f from table values: 1 iff P (Grundy value 0, or outcome code 0)."""
    return (np.asarray(values) == 0).astype(np.int64)


def squares_of(mask: int) -> tuple:
    return tuple(i + 1 for i in range(64) if (mask >> i) & 1)


def mask_of(squares) -> int:
    return sum(1 << (s - 1) for s in squares)


def _label(mask) -> str:
    return "(" + ",".join(map(str, squares_of(int(mask)))) + ")"


class _Tally:
    """Accumulates a comparison over chunks: HOLDS iff no chunk differs."""

    def __init__(self):
        self.n, self.bad, self.ex = 0, 0, []

    def add(self, claimed, computed, masks):
        claimed, computed = np.asarray(claimed), np.asarray(computed)
        self.n += int(claimed.size)
        bad = np.flatnonzero(claimed != computed)
        self.bad += int(bad.size)
        for i in bad[:MAX_EXAMPLES - len(self.ex)]:
            self.ex.append(Counterexample(_label(masks[i]), str(int(claimed[i])), str(int(computed[i]))))

    def result(self, domain, details=""):
        if self.n == 0:
            return Result("ERROR", f"empty domain: {domain}")
        if self.bad == 0:
            return Result("HOLDS", domain, self.n, details=details)
        return Result("FAILS", domain, self.n, tuple(self.ex),
                      details=(details + " " if details else "") +
                      f"{self.bad} of {self.n} positions differ (claimed f vs computed f)")


# ----------------------------------------------------------------------------------------------
# positions with k chips, and the Nim data of every mask
# ----------------------------------------------------------------------------------------------
def k_positions(n: int, k: int) -> np.ndarray:
    """Every k-subset of 1..n as a (C(n,k), k) array of squares, increasing."""
    from ..engine.spaces import CombinationSpace
    sp = CombinationSpace(n, k)
    return sp.unrank(np.arange(sp.size, dtype=np.int64))


def masks_of_rows(rows: np.ndarray) -> np.ndarray:
    return np.sum(np.left_shift(np.int64(1), rows - 1), axis=1)


def pattern_codes(rows: np.ndarray) -> np.ndarray:
    """The adjacency pattern of each row as an integer: bit i set iff P(i+2) = P(i+1) + 1."""
    adj = (np.diff(rows, axis=1) == 1).astype(np.int64)
    return adj @ (np.int64(1) << np.arange(adj.shape[1], dtype=np.int64))


def pattern_code(p: str) -> int:
    return sum(1 << i for i, ch in enumerate(p) if ch == "=")


@nb.njit(**PARALLEL_JIT)
def nim_data(lo, hi, out):
    """For masks lo..hi-1: out[:, 0] = Q1 = P1 - 1 (empty squares left of the first chip; 255 for
    no chip), out[:, 1] = XOR of O (multiplicities of the odd values of Q = lengths of the runs of
    chips with an odd number of empty squares to their left), out[:, 2] = XOR of E (same, even),
    out[:, 3] = max of O (0 if none), out[:, 4] = number of chips.  One step per run of chips."""
    for i in prange(hi - lo):
        r = np.int64(i)  # a prange index is unsigned
        x = lo + r
        q1, xo, xe, mo, k = 255, 0, 0, 0, 0
        while x != 0:
            pos = cttz(x)                     # square - 1 of the lowest chip of the next run
            length = cttz(~(x >> pos))        # chips in the run
            zeros = pos - k                   # empty squares to its left: its value of Q
            if q1 == 255:
                q1 = zeros
            if zeros & 1:
                xo ^= length
                mo = max(mo, length)
            else:
                xe ^= length
            k += length
            x = (x >> (pos + length)) << (pos + length)
        out[r, 0] = q1
        out[r, 1] = xo
        out[r, 2] = xe
        out[r, 3] = mo
        out[r, 4] = k


def _chunks(size: int, data: bool = True):
    for lo in range(0, size, CHUNK):
        hi = min(size, lo + CHUNK)
        d = np.zeros((hi - lo, 5), dtype=np.int64)
        if data:
            nim_data(lo, hi, d)
        yield lo, hi, np.arange(lo, hi, dtype=np.int64), d


# ----------------------------------------------------------------------------------------------
# case lists (k = 3..6 formulas)
# ----------------------------------------------------------------------------------------------
def case_list_check(rule: str, n: int, k: int, cases, *, mode: str = "L", p1_min: int = 3,
                    p1_max: int | None = None, default: int | None = None):
    """A claim given as a list of ``(patterns, expr)`` over the k-chip positions with
    ``p1_min <= P1 (<= p1_max)``.

    ``mode="L"`` (the Chinese lists, 003): f = 1 iff the position's pattern is one of an item's
    patterns and ``expr`` is odd; other positions f = 0 (or ``default``).  ``mode="W"`` (the English
    W-lists): f = 0 iff the pattern is one of an item's and ``expr`` has the item's parity (an item
    may carry a third element, ``"odd"``: in W iff odd; default ``"even"``); otherwise f = 1.
    ``mode="V"`` (value cases): f = expr mod 2 for the matching item (``expr`` gives f itself).
    ``expr(a, b, c, ...)`` gets the columns P1..Pk as int64 arrays.
    """
    def check(ctx):
        t = ctx.table(spec(rule, n))
        rows = k_positions(n, k)
        keep = rows[:, 0] >= p1_min
        if p1_max is not None:
            keep &= rows[:, 0] <= p1_max
        rows = rows[keep]
        masks = masks_of_rows(rows)
        pat = pattern_codes(rows)
        cols = [rows[:, i] for i in range(k)]
        if mode == "L":
            claimed = np.zeros(rows.shape[0], dtype=np.int64)
            for item in cases:
                pats, expr = item[0], item[1]
                match = np.isin(pat, [pattern_code(p) for p in pats])
                claimed |= (match & (np.asarray(expr(*cols)) % 2 == 1)).astype(np.int64)
        elif mode == "W":
            inw = np.zeros(rows.shape[0], dtype=bool)
            for item in cases:
                pats, expr = item[0], item[1]
                par = 1 if (len(item) > 2 and item[2] == "odd") else 0
                match = np.isin(pat, [pattern_code(p) for p in pats])
                inw |= match & (np.asarray(expr(*cols)) % 2 == par)
            claimed = (~inw).astype(np.int64)
        else:
            claimed = np.full(rows.shape[0], -1, dtype=np.int64)
            for pats, expr in cases:
                match = np.isin(pat, [pattern_code(p) for p in pats])
                claimed = np.where(match, np.asarray(expr(*cols)) % 2, claimed)
            if default is not None:
                claimed = np.where(claimed < 0, default, claimed)
        tally = _Tally()
        tally.add(claimed, _f(t.values[masks]), masks)
        dom = f"all {k}-chip positions with {p1_min} <= P1" + \
              (f" <= {p1_max}" if p1_max else "") + f", largest square <= {n} (rule {rule})"
        return tally.result(dom)
    return check


def _claim(out, name, source, statement, check, tables, reading="", correction_of=None):
    out.append(Claim(name, source, statement, check, tables=tuple(tables), reading=reading,
                     correction_of=correction_of, convention=CONV))


def chi(x):
    return np.asarray(x) % 2


# the printed lists, pattern strings over k-1 symbols; letters are P1..Pk
K3_F = [(["<<"], lambda a, b, c: 1 - chi(a + b + c)), (["=<", "<="], lambda a, b, c: chi(a * c)),
        (["=="], lambda a, b, c: chi(a))]
K3_G = [(["<<"], lambda a, b, c: chi(a + b + c)), (["=<", "<="], lambda a, b, c: chi(a * c)),
        (["=="], lambda a, b, c: chi(a))]
K3_G_FIX = [(["<<"], lambda a, b, c: chi(a + b + c)),
            (["=<", "<="], lambda a, b, c: chi((a + 1) * (c + 1))),
            (["=="], lambda a, b, c: chi(a + 1))]
K3_D = [(["<<"], lambda a, b, c: chi(a + b + c)), (["=<"], lambda a, b, c: chi(a) * (1 - chi(c))),
        (["<="], lambda a, b, c: (1 - chi(a)) * chi(c)), (["=="], lambda a, b, c: 0 * a)]
K3_EN_PRODUCT = [(["<<"], lambda a, b, c: 1 - chi(a * b * c)),
                 (["=<", "<="], lambda a, b, c: chi(a * c)), (["=="], lambda a, b, c: chi(a))]
K4_A = [(["<<<"], lambda a, b, c, d: chi(a + b + c + d - 1)),
        (["=<<"], lambda a, b, c, d: chi(a * (c + d))), (["<=<"], lambda a, b, c, d: chi(c * (a + d))),
        (["<<="], lambda a, b, c, d: chi(c * (a + b))), (["==<"], lambda a, b, c, d: chi(a * (d - 1))),
        (["<=="], lambda a, b, c, d: chi(a * c)), (["=<="], lambda a, b, c, d: chi(a + c - 1)),
        (["==="], lambda a, b, c, d: chi(a))]
K4_D = [(["<<<"], lambda a, b, c, d: chi(a + b + c + d)),
        (["=<<"], lambda a, b, c, d: chi(a * (c + d - 1))),
        (["<=<"], lambda a, b, c, d: chi(c * (a + d - 1))),
        (["<<="], lambda a, b, c, d: chi(c * (a + b - 1))), (["==<"], lambda a, b, c, d: chi(a * d)),
        (["<=="], lambda a, b, c, d: chi(c * (a - 1))), (["=<="], lambda a, b, c, d: chi(b * d)),
        (["==="], lambda a, b, c, d: 0 * a)]


def _k5_cn(item12_fourth: str):
    return [(["<<<<"], lambda a, b, c, d, e: a + b + c + d + e),
            (["=<<<"], lambda a, b, c, d, e: a * (c + d + e - 1)),
            (["<=<<"], lambda a, b, c, d, e: c * (a + d + e - 1)),
            (["<<=<"], lambda a, b, c, d, e: c * (a + b + e - 1)),
            (["<<<="], lambda a, b, c, d, e: e * (a + b + c - 1)),
            (["==<<"], lambda a, b, c, d, e: a * (d + e)),
            (["<==<"], lambda a, b, c, d, e: c * (a + e - 1)),
            (["<<=="], lambda a, b, c, d, e: c * (a + b)),
            (["=<=<"], lambda a, b, c, d, e: e * (a + d)),
            (["=<<="], lambda a, b, c, d, e: c * (a + d)),
            (["<=<="], lambda a, b, c, d, e: a * (c + d)),
            (["<===", "=<==", "==<=", item12_fourth], lambda a, b, c, d, e: a * e),
            (["===="], lambda a, b, c, d, e: a)]


K5_EN = [(["<<<<"], lambda a, b, c, d, e: a + b + c + d + e),
         (["=<<<"], lambda a, b, c, d, e: a * (c + d + e - 1)),
         (["<=<<"], lambda a, b, c, d, e: c * (a + d + e - 1)),
         (["<<=<"], lambda a, b, c, d, e: c * (a + b + e - 1)),
         (["<<<="], lambda a, b, c, d, e: e * (a + b + c - 1)),
         (["==<<"], lambda a, b, c, d, e: a * (d + e)),
         (["<==<"], lambda a, b, c, d, e: c * (a + e - 1)),
         (["<<=="], lambda a, b, c, d, e: c * (a + b)),
         (["=<=<"], lambda a, b, c, d, e: e * (a + d)),
         (["=<<="], lambda a, b, c, d, e: c * (a + d)),
         (["<=<="], lambda a, b, c, d, e: a * (c + d)),
         (["===<"], lambda a, b, c, d, e: a * e), (["==<="], lambda a, b, c, d, e: a * e),
         (["=<=="], lambda a, b, c, d, e: a * e), (["<==="], lambda a, b, c, d, e: a * e),
         (["===="], lambda a, b, c, d, e: a)]


def _same3(x, y, z):
    """Odd iff x, y, z all have the same parity."""
    return (x + y + 1) * (y + z + 1)


def _k6_cn(corrected: bool):
    items = [
        (["<<<<<"], (lambda a, b, c, d, e, f: a + b + c + d + e + f)),
        (["=<<<<"], (lambda a, b, c, d, e, f: a * (c + d + e + f - 1))),
        (["<=<<<"], (lambda a, b, c, d, e, f: c * (a + d + e + f - 1))),
        (["<<=<<"], (lambda a, b, c, d, e, f: c * (a + b + e + f - 1))),
        (["<<<=<"], (lambda a, b, c, d, e, f: e * (a + b + c + f - 1))),
        (["<<<<="], (lambda a, b, c, d, e, f: e * (a + b + c + d - 1))),
        (["==<<<"], (lambda a, b, c, d, e, f: a * (d + e + f)) if corrected
         else (lambda a, b, c, d, e, f: a * (d + e + f - 1))),
        (["<==<<"], (lambda a, b, c, d, e, f: c * (a + e + f - 1))),
        (["<<==<"], (lambda a, b, c, d, e, f: c * (a + b + f)) if corrected
         else (lambda a, b, c, d, e, f: c * (a + b + f - 1))),
        (["<<<=="], (lambda a, b, c, d, e, f: e * (a + b + c - 1))),
        (["=<=<<"], (lambda a, b, c, d, e, f: (a + d) * (e + f))),
        (["=<<=<", "<=<<=" if corrected else "<=<<<"], (lambda a, b, c, d, e, f: (a + d) * (c + f))),
        (["=<<<=", "<=<=<"], (lambda a, b, c, d, e, f: (a + f) * (c + d))),
        (["<<=<="], (lambda a, b, c, d, e, f: (a + b) * (c + f))),
    ]
    if not corrected:
        items += [(["<<<=<"], lambda a, b, c, d, e, f: (a + d) * (e + f)),
                  (["<<<<="], lambda a, b, c, d, e, f: (a + d) * (e + f))]
    items += [
        (["===<<"], (lambda a, b, c, d, e, f: a * (e + f)) if corrected
         else (lambda a, b, c, d, e, f: a * (d + e + f - 1))),
        (["<===<"], (lambda a, b, c, d, e, f: c * (a + e + f - 1))),
        (["<<==="], (lambda a, b, c, d, e, f: c * (a + b)) if corrected
         else (lambda a, b, c, d, e, f: c * (a + b + f - 1))),
        (["==<=<", "==<<=", "=<==<"], (lambda a, b, c, d, e, f: _same3(b, d, f))),
        (["=<<==", "<==<=", "<=<=="], (lambda a, b, c, d, e, f: _same3(a, c, e))),
        (["=<=<="], (lambda a, b, c, d, e, f: a + c + e) if corrected
         else (lambda a, b, c, d, e, f: a + c + f)),
        (["====<", "===<=", "=<===", "<===="], (lambda a, b, c, d, e, f: a * (f - 1)) if corrected
         else (lambda a, b, c, d, e, f: a * e)),
        (["==<=="], (lambda a, b, c, d, e, f: a + d)),
        (["====="], (lambda a, b, c, d, e, f: a)),
    ]
    return items


def _k6_en(corrected: bool):
    c_ = corrected
    return [
        (["<<<<<"], lambda a, b, c, d, e, f: a + b + c + d + e + f),
        (["=<<<<"], lambda a, b, c, d, e, f: a * (c + d + e + f - 1)),
        (["<=<<<"], lambda a, b, c, d, e, f: c * (a + d + e + f - 1)),
        (["<<=<<"], lambda a, b, c, d, e, f: c * (a + b + e + f - 1)),
        (["<<<=<"], lambda a, b, c, d, e, f: e * (a + b + c + f - 1)),
        (["<<<<="], lambda a, b, c, d, e, f: e * (a + b + c + d - 1)),
        (["==<<<"], lambda a, b, c, d, e, f: a * (d + e + f)),
        (["<==<<"], (lambda a, b, c, d, e, f: c * (a + e + f - 1)) if c_
         else (lambda a, b, c, d, e, f: c * (a + e + f))),
        (["<<==<"], lambda a, b, c, d, e, f: c * (a + b + f)),
        (["<<<=="], lambda a, b, c, d, e, f: e * (a + b + c - 1)),
        (["=<=<<"], lambda a, b, c, d, e, f: (a + d) * (e + f)),
        (["=<<=<"], lambda a, b, c, d, e, f: (a + d) * (c + f)),
        (["=<<<="], lambda a, b, c, d, e, f: (a + f) * (c + d)),
        (["<=<=<"], lambda a, b, c, d, e, f: (a + f) * (c + d)),
        (["<=<<="], lambda a, b, c, d, e, f: (a + d) * (c + f)),
        (["<<=<="], lambda a, b, c, d, e, f: (a + b) * (c + f)),
        (["===<<"], (lambda a, b, c, d, e, f: a * (e + f)) if c_
         else (lambda a, b, c, d, e, f: a * (e + f - 1))),
        (["<===<"], (lambda a, b, c, d, e, f: c * (a + f)) if c_
         else (lambda a, b, c, d, e, f: c * (a + f - 1))),
        (["<<==="], (lambda a, b, c, d, e, f: e * (a + b)) if c_
         else (lambda a, b, c, d, e, f: e * (a + b - 1))),    # printed P5(P1 + β), β = P2 - 1
        (["==<=<", "==<<=", "=<==<"], lambda a, b, c, d, e, f: _same3(b, d, f),
         "even" if c_ else "odd"),
        (["=<<==", "<==<=", "<=<=="], lambda a, b, c, d, e, f: _same3(a, c, e),
         "even" if c_ else "odd"),
        (["=<=<="], lambda a, b, c, d, e, f: a + c + e),
        (["====<", "===<=", "=<===", "<===="], (lambda a, b, c, d, e, f: a * (f - 1)) if c_
         else (lambda a, b, c, d, e, f: a * f)),
        (["==<=="], lambda a, b, c, d, e, f: a + d),
        (["====="], lambda a, b, c, d, e, f: a),
    ]


# ----------------------------------------------------------------------------------------------
# whole-table claims
# ----------------------------------------------------------------------------------------------
def theorem_check(rules: str, n: int, predicate, domain: str, mask_filter=None):
    """``predicate(d, masks, f)`` -> claimed f for every mask of a chunk (``d`` = :func:`nim_data`,
    ``f`` = dict rule -> computed f of the chunk); compared with ``f[rules[0]]``."""
    def check(ctx):
        ts = {r: ctx.table(spec(r, n)) for r in rules}
        tally = _Tally()
        for lo, hi, masks, d in _chunks(1 << n):
            f = {r: _f(ts[r].values[lo:hi]) for r in rules}
            keep = d[:, 4] > 0
            if mask_filter is not None:
                keep &= mask_filter(d, masks)
            claimed = predicate(d, masks, f)
            tally.add(np.asarray(claimed)[keep], f[rules[0]][keep], masks[keep])
        return tally.result(domain)
    return check


def nw(x):
    """Normal Nim: 1 (P) iff the XOR is 0."""
    return (np.asarray(x) == 0).astype(np.int64)


def _odd_multiplicities(row) -> list[int]:
    """O of one position: the multiplicities of the odd values of Y_i = X_i - i (sorted, largest
    first)."""
    from collections import Counter
    cnt = Counter(int(x) - i for i, x in enumerate(row, 1))
    return sorted((m for v, m in cnt.items() if v % 2 == 1), reverse=True)


def crit_cn(k: int, parity_fix: bool = False):
    """000-CN 二4 (1)-(4): f_A = 1 iff the Y-criterion for k holds (``parity_fix``: our correction,
    the pair cases also need an even number of odd entries)."""
    def crit(O):
        odd = sum(O)
        top = max(O, default=0)
        if k == 3:
            return int(top <= 1 and odd % 2 == 0)
        if k in (4, 5):
            if top > 2:
                return 0
            if top == 2:
                return int(O.count(2) == 2 and (odd % 2 == 0 or not parity_fix))
            return int(odd % 2 == 0)
        if top > 3:
            return 0
        if top == 3:
            return int(O == [3, 3] or O == [3, 2, 1])
        if top == 2:
            return int(O.count(2) == 2 and (odd % 2 == 0 or not parity_fix))
        return int(odd % 2 == 0)
    return crit


def crit_en(k: int, q1_min: int, parity_k5: bool = False):
    """000-EN Prop 3.2: F_A(0..) = 1, F_A(1..) = 0, otherwise 1 iff Q1 >= ``q1_min`` and the
    criterion (k = 6 (b) with the parity condition printed; k = 5 with it only if ``parity_k5``)."""
    base = crit_cn(k, parity_fix=(k == 6) or parity_k5)

    def crit(O, q1):
        if q1 == 0:
            return 1
        if q1 == 1:
            return 0
        return int(q1 >= q1_min and base(O) == 1)
    return crit


def crit_d(k: int):
    """000-CN §5: f_D = 1 iff (k = 3) no odd value repeated and an odd number of odd entries;
    (k = 4) no odd value more than twice and, if repeated, exactly two odd pairs, else an odd
    number of odd entries."""
    def crit(O):
        odd, top = sum(O), max(O, default=0)
        if k == 3:
            return int(top <= 1 and odd % 2 == 1)
        if top > 2:
            return 0
        if top == 2:
            return int(O.count(2) == 2)
        return int(odd % 2 == 1)
    return crit


def y_criterion_check(rule: str, n: int, k: int, crit, p1_min: int, with_q1: bool = False):
    def check(ctx):
        t = ctx.table(spec(rule, n))
        rows = k_positions(n, k)
        rows = rows[rows[:, 0] >= p1_min]
        masks = masks_of_rows(rows)
        if with_q1:
            claimed = [crit(_odd_multiplicities(r), int(r[0]) - 1) for r in rows]
        else:
            claimed = [crit(_odd_multiplicities(r)) for r in rows]
        tally = _Tally()
        tally.add(np.array(claimed, dtype=np.int64), _f(t.values[masks]), masks)
        return tally.result(f"all {k}-chip positions with P1 >= {p1_min}, largest square <= {n} "
                            f"(rule {rule})")
    return check


def chips_claims(scale: str) -> list[Claim]:
    N = N_ALL[scale]
    SA, SB, SC, SD = (spec(r, N) for r in "ABCD")
    out: list[Claim] = []

    # -- the worked example (003 研究動機, (二); 000-CN 二1; 000-EN §1, §3(2)) -----------------
    listed_003 = {(4, 6, 8): 1, (5, 6, 8): 0, (5, 6, 7): 1, (3, 6, 7): 1, (3, 5, 8): 1, (3, 4, 7): 1,
                  (3, 4, 5): 1, (4, 6, 7): 0, (4, 5, 8): 0, (4, 5, 7): 0, (4, 5, 6): 0, (3, 6, 8): 0,
                  (3, 5, 7): 0, (3, 5, 6): 0, (3, 4, 8): 0, (3, 4, 6): 0}

    def example_values(ctx):
        t = ctx.table(SA)
        return check_all([(p, v, int(_f(t.values[mask_of(p)]))) for p, v in listed_003.items()],
                         "the 16 positions the seeds list with the tree of f_A(4,6,8)")

    _claim(out, "003.example.468-values", f"{S003} (二); {S000} CN 二1, EN §3(2)",
           "f_A(4,6,8) = 1 and f(5,6,8) = 0; f(5,6,7) = f(3,6,7) = f(3,5,8) = f(3,4,7) = f(3,4,5) = 1; "
           "f(4,6,7) = f(4,5,8) = f(4,5,7) = f(4,5,6) = f(3,6,8) = f(3,5,7) = f(3,5,6) = f(3,4,8) = "
           "f(3,4,6) = 0 (000 lists the same without the 5xx positions).", example_values, [SA],
           reading="003 prints 'f(3,4,8)' and 'f(3,4,6) = 0' on two lines with the '=' lost between "
                   "them; read as one chain of equal values 0 (doc C05).")

    chain = [  # (position, moves the seed lists for the mover, reply the seed gives (or None))
        ((4, 6, 8), [(4, 6, 7), (4, 5, 8), (3, 6, 8)], {(4, 6, 7): (3, 6, 7), (4, 5, 8): (3, 5, 8),
                                                        (3, 6, 8): (3, 5, 8)}),
        ((3, 6, 7), [(3, 5, 6), (3, 5, 7)], {(3, 5, 6): (3, 4, 5), (3, 5, 7): (3, 4, 7)}),
        ((3, 5, 8), [(3, 5, 7), (3, 4, 8)], {(3, 5, 7): (3, 4, 7), (3, 4, 8): (3, 4, 7)}),
        ((3, 4, 7), [(3, 4, 6)], {(3, 4, 6): (3, 4, 5)}),
        ((3, 4, 5), [], {}),
    ]

    def example_chain(ctx):
        from ..games.chips import options_ref
        t = ctx.table(SA)
        cases = []
        for pos, listed, replies in chain:
            sensible = sorted(o for o in options_ref(pos) if 2 not in o)
            cases.append((f"moves from {pos} not onto square 2", sorted(listed), sensible))
            for mv, rep in replies.items():
                cases.append((f"{mv} -> {rep} is a move", True, rep in options_ref(mv)))
                cases.append((f"f_A{rep}", 1, int(_f(t.values[mask_of(rep)]))))
            if not listed:
                every = options_ref(pos)
                cases.append((f"every move from {pos} puts a chip on 2", True,
                              bool(every) and all(2 in o for o in every)))
        cases.append(("f_A(4,6,8)", 1, int(_f(t.values[mask_of((4, 6, 8))]))))
        return check_all(cases, "the chain of positions of 003 (二) (Fig. 2) and its replies")

    _claim(out, "003.example.468-chain", f"{S003} (二) 1-3, Fig. 2; {S000} EN §3(2) Fig. 1",
           "From {4,6,8} the first player can go to {4,6,7}, {4,5,8}, {3,6,8}; the second answers "
           "{3,6,7} or {3,5,8}; from there {3,5,6} -> {3,4,5}, {3,5,7} or {3,4,8} -> {3,4,7}, "
           "{3,4,6} -> {3,4,5}; at {3,4,5} every move puts a chip on square 2 and the second player "
           "moves it to 1 and wins: f_A(4,6,8) = 1.", example_chain, [SA],
           reading="The listed moves are all moves except those onto square 2, which the seed "
                   "drops because they lose at once (checked as such); every reply must be legal "
                   "and reach a position with f_A = 1.")

    # -- k = 1, 2, 3 ---------------------------------------------------------------------------
    _claim(out, "003.k3.f", f"{S003} 研究結果1; {S000} CN 二2",
           "f_A(a,b,c) = 1 - χ(a+b+c) if 2 <= a < b-1 < c-2; χ(ac) if 2 <= a = b-1 < c-2 or "
           "2 <= a < b-1 = c-2; χ(a) if 2 <= a = b-1 = c-2.",
           case_list_check("A", N, 3, K3_F, mode="V", p1_min=2), [SA],
           reading="000-CN prints '2 <= a < b-1 = c' (the '-2' lost): read c-2 (doc C07).")
    _claim(out, "003.k3.f.from3", "ours (correction of 003.k3.f)",
           "The same formula for f_A(a,b,c) with 3 <= a (at a = 2 the player to move wins).",
           case_list_check("A", N, 3, K3_F, mode="V", p1_min=3), [SA], correction_of="003.k3.f")
    _claim(out, "000.en.k3.product", f"{S000} EN §3(3)",
           "For P1 >= 3: f_A(P1P2P3) = 1 - χ(P1 × P2 × P3) if P1 < P2-1 < P3-2; χ(P1 × P3) for the "
           "two one-pair cases; χ(P1) if P1 = P2-1 = P3-2.",
           case_list_check("A", N, 3, K3_EN_PRODUCT, mode="V"), [SA],
           reading="Literal: a product in the first case (the other versions have a sum); the "
                   "sum version is 003.k3.f.from3.")
    prop31 = [(["<<"], lambda a, b, c: 1 - chi(a + b + c)), (["=<", "<="], lambda a, b, c: chi(a * c)),
              (["=="], lambda a, b, c: chi(a))]

    def prop31_check(ctx):
        r1 = case_list_check("A", N, 3, prop31, mode="V", p1_min=3)(ctx)
        t = ctx.table(SA)
        rows = k_positions(N, 3)
        low = rows[rows[:, 0] <= 2]
        m = masks_of_rows(low)
        tally = _Tally()
        tally.add(np.where(low[:, 0] == 1, 1, 0), _f(t.values[m]), m)
        r2 = tally.result("")
        if r1.status == "HOLDS" and r2.status == "HOLDS":
            return Result("HOLDS", "every 3-chip position, largest square <= %d" % N, r1.checked + r2.checked)
        return Result("FAILS", "every 3-chip position", r1.checked + r2.checked,
                      r1.counterexamples + r2.counterexamples)

    _claim(out, "000.k3.prop3.1", f"{S000} EN Prop 3.1; CN 二2 sets A..D, A'..D'",
           "f_A(1P2P3) = 1, f_A(2P2P3) = 0; for 3 <= P1: f_A = 1 iff P1+P2+P3 even (no adjacent chips), "
           "iff P1·P3 odd (exactly one adjacent pair), iff P1 odd (three adjacent chips).",
           prop31_check, [SA])
    _claim(out, "003.k1.f", f"{S003} 研究結果1", "f_A(a) = χ(a) (one chip, a >= 2).",
           case_list_check("A", N, 1, [([""], lambda a: chi(a))], mode="V", p1_min=2), [SA])
    _claim(out, "003.k2.f", f"{S003} 研究結果1", "f_A(a,b) = χ(a+b) (two chips, a >= 2).",
           case_list_check("A", N, 2, [(["<", "="], lambda a, b: chi(a + b))], mode="V", p1_min=2),
           [SA], reading="No case split is printed: read for every pair with 2 <= a.")
    _claim(out, "003.k2.f.fixed", "ours (correction of 003.k2.f)",
           "For 3 <= a: f_A(a,b) = χ(a+b) if a < b-1 and χ(a) if b = a+1.",
           case_list_check("A", N, 2, [(["<"], lambda a, b: chi(a + b)), (["="], lambda a, b: chi(a))],
                           mode="V", p1_min=3), [SA], correction_of="003.k2.f")
    _claim(out, "003.k3.g", f"{S003} 研究結果2",
           "g(a,b,c) (rule B) = χ(a+b+c) if 2 <= a < b-1 < c-2; χ(ac) if 2 <= a = b-1 < c-2 or "
           "2 <= a < b-1 = c-2; χ(a) if 2 <= a = b-1 = c-2.",
           case_list_check("B", N, 3, K3_G, mode="V", p1_min=2), [SB])
    _claim(out, "003.k3.g.fixed", "ours (correction of 003.k3.g; = f_A(P+1))",
           "g(a,b,c) = χ(a+b+c) if 2 <= a < b-1 < c-2; χ((a+1)(c+1)) for the two one-pair cases; "
           "χ(a+1) if a = b-1 = c-2 (all with 2 <= a).",
           case_list_check("B", N, 3, K3_G_FIX, mode="V", p1_min=2), [SB], correction_of="003.k3.g")
    _claim(out, "003.k3.u", f"{S003} 研究結果3 and §(五)2",
           "u(a,b,c) = 1 - χ(a+b+c) if 1 <= a < b-1 < c-2; χ(ac) for the one-pair cases; χ(a) if "
           "a = b-1 = c-2.", case_list_check("C", N, 3, K3_F, mode="V", p1_min=1), [SC],
           reading="u is rule C (normal play): §(五)2 defines it so ('who cannot move loses'); "
                   "研究結果3 says 'wins', contradicting §(五)2 and the shift identity u(X) = f(X+2) "
                   "(doc A1).")
    _claim(out, "003.k3.v", f"{S003} 研究結果4; {S000} CN 二5 f_D(a,b,c)",
           "v(a,b,c) = f_D(a,b,c) (rule D) = χ(a+b+c) if 1 <= a < b-1 < c-2; χ(a)(1-χ(c)) if "
           "a = b-1 < c-2; (1-χ(a))χ(c) if a < b-1 = c-2; 0 if a = b-1 = c-2.",
           case_list_check("D", N, 3, K3_D, mode="V", p1_min=1), [SD],
           reading="003 prints 'χ(a)(1-α(c))': α read as χ; 000-CN writes χ(a(1-c)) and χ((1-a)c), the "
                   "same parities.")

    def small_facts(ctx):
        tb, tc, td = ctx.table(SB), ctx.table(SC), ctx.table(SD)
        return check_all([("g(3,5,7)", 1, int(_f(tb.values[mask_of((3, 5, 7))]))),
                          ("u(2,4,6)", 1, int(_f(tc.values[mask_of((2, 4, 6))]))),
                          ("v(2,4,6)", 0, int(_f(td.values[mask_of((2, 4, 6))])))],
                         "the three figure positions")

    _claim(out, "003.figures", f"{S003} §(五) Figs. 3-5; {S000} CN Figs. 2-4",
           "g(3,5,7) = 1; the tree of u(2,4,6) is that of f(4,6,8) minus 2, so u(2,4,6) = 1; v(2,4,6) "
           "(tree not a shift) = 0.", small_facts, [SB, SC, SD],
           reading="No value is printed for v(2,4,6); 0 is what 003.k3.v gives (doc C14c).")

    # -- shift identities and square 3 ----------------------------------------------------------
    def shift(ctx):
        ta, tb, tc = ctx.table(SA), ctx.table(SB), ctx.table(SC)
        tally = _Tally()
        for lo, hi, masks, d in _chunks(1 << (N - 2)):
            fc = _f(tc.values[lo:hi])
            fb = _f(tb.values[masks << 1])
            fa = _f(ta.values[masks << 2])
            keep = d[:, 4] > 0
            tally.add(fb[keep], fc[keep], masks[keep])
            tally.add(fa[keep], fc[keep], masks[keep])
        return tally.result(f"every position P with P + 2 inside 1..{N} (all k)",
                            details="checked f_B(P+1) = f_C(P) and f_A(P+2) = f_C(P)")

    _claim(out, "000.shift", f"{S003} 研究結果5; {S000} CN 定理二, EN Lemma 3.6, Thm 3.7, Thm 1",
           "f_C(P1..Pk) = f_B(P1+1..Pk+1) = f_A(P1+2..Pk+2) (003: u(X) = f(X+2) = g(X+1)).",
           shift, [SA, SB, SC],
           reading="P + r moves every chip r squares right (003 (一)3, 000 肆一3); in Q-coordinates "
                   "Q + r (Thm 3.7).  Outcomes only: Grundy values do not shift (doc C16).")

    def square3(ctx):
        t = ctx.table(SA)
        tally = _Tally()
        for lo, hi, masks, d in _chunks(1 << N, data=False):
            keep = ((masks & 7) == 4) & ((masks >> 3) != 0)
            m = masks[keep]
            tally.add(_f(t.values[(m >> 3) << 2]), _f(t.values[m]), m)
        return tally.result(f"every position (3, P2..Pk), k >= 2, largest square <= {N}")

    _claim(out, "000.square3", f"{S000} EN eq. (4), CN eq. (2); {S003} §(四)",
           "f_A(3, P2, ..., Pk) = f_A(P2-1, ..., Pk-1) (equivalently f_A(3, X1+1, ..., Xk+1) = "
           "f_A(X1, ..., Xk)).", square3, [SA],
           reading="k >= 2 (the right side keeps k-1 >= 1 chips); P2 >= 4 is automatic.")

    # -- k = 4, 5, 6 -----------------------------------------------------------------------------
    _claim(out, "000.k4.fA", f"{S000} CN 二3, EN §3(4)",
           "For 3 <= a: f_A(a,b,c,d) = χ(a+b+c+d-1) (<<<), χ(a(c+d)) (=<<), χ(c(a+d)) (<=<), "
           "χ(c(a+b)) (<<=), χ(a(d-1)) (==<), χ(ac) (<==), χ(a+c-1) (=<=), χ(a) (===).",
           case_list_check("A", N, 4, K4_A, mode="V"), [SA])
    _claim(out, "000.k4.fD", f"{S000} CN 二5",
           "For 1 <= a: f_D(a,b,c,d) = χ(a+b+c+d) (<<<), χ(a(c+d-1)) (=<<), χ(c(a+d-1)) (<=<), "
           "χ(c(a+b-1)) (<<=), χ(ad) (==<), χ(c(a-1)) (<==), χ(bd) (=<=), 0 (===).",
           case_list_check("D", N, 4, K4_D, mode="V", p1_min=1), [SD])
    k5read = ("Item 12's fourth pattern is printed a < b-1 < c-2 < d-3 = e-4, item 5's pattern; the "
              "missing pattern is a = b-1 = c-2 = d-3 < e-4.  'otherwise f_A(a,b,c,d,e,f) = 0' read "
              "as f_A(a,b,c,d,e).")
    _claim(out, "000.cn.k5", f"{S000} CN 二3 (13 conditions)",
           "For 3 <= a: f_A(a,b,c,d,e) = 1 iff one of the 13 printed conditions holds, else 0.",
           case_list_check("A", N, 5, _k5_cn("<<<="), mode="L"), [SA], reading=k5read +
           " Literal: item 12 as printed.")
    _claim(out, "000.cn.k5.read", "ours (reading of 000.cn.k5)",
           "The Chinese k = 5 list with item 12's fourth pattern read a = b-1 = c-2 = d-3 < e-4.",
           case_list_check("A", N, 5, _k5_cn("===<"), mode="L"), [SA], correction_of="000.cn.k5")
    _claim(out, "000.en.k5", f"{S000} EN §3(4) W1-W16",
           "For P1 >= 3: f_A(P1..P5) = 0 iff P is in one of W1..W16 (pattern and expression even).",
           case_list_check("A", N, 5, K5_EN, mode="W"), [SA])
    k6read = ("Item 12's second pattern is printed a < b-1 = c-2 < d-3 < e-4 < f-5 (item 3's); read "
              "a < b-1 = c-2 < d-3 < e-4 = f-5 in the correction.  Item 17 printed "
              "'a = b-1 = c-2 - 3 < e-4 < f-5' read a = b-1 = c-2 = d-3 < e-4 < f-5.  Letter f is P6.")
    _claim(out, "000.cn.k6", f"{S000} CN 二3 (25 conditions)",
           "For 3 <= a: f_A(a,...,f) = 1 iff one of the 25 printed conditions holds, else 0.",
           case_list_check("A", N, 6, _k6_cn(False), mode="L"), [SA], reading=k6read)
    _claim(out, "000.cn.k6.fixed", "ours (correction of 000.cn.k6; doc C21.all*)",
           "The Chinese k = 6 list with item 12's second pattern <=<<=, items 15, 16 deleted, "
           "7 -> a(d+e+f), 9 -> c(a+b+f), 17 -> a(e+f), 19 -> c(a+b), 22 -> a+c+e odd, 23 -> a(f-1).",
           case_list_check("A", N, 6, _k6_cn(True), mode="L"), [SA], correction_of="000.cn.k6")
    _claim(out, "000.en.k6", f"{S000} EN §3(4) W1-W32",
           "For P1 >= 3: f_A(P1..P6) = 0 iff P is in one of W1..W32.",
           case_list_check("A", N, 6, _k6_en(False), mode="W"), [SA],
           reading="W19 prints P5(P1 + β) with β = P2 - 1, read literally.")
    _claim(out, "000.en.k6.fixed", "ours (correction of 000.en.k6; doc C22)",
           "The English k = 6 W-list with W8 -> P3(P1+P5+P6-1), W17 -> P1(P5+P6), W18 -> P3(P1+P6), "
           "W19 -> P5(P1+P2), W20-W25 'not all the same parity', W27/28/30/31 -> P1(P6-1).",
           case_list_check("A", N, 6, _k6_en(True), mode="W"), [SA], correction_of="000.en.k6")

    # -- general theorems -------------------------------------------------------------------------
    def thm33(d, masks, f):
        q1 = d[:, 0]
        return np.where(q1 == 0, 1, np.where(q1 == 1, 0, nw(d[:, 1])))

    _claim(out, "000.thm3.3", f"{S000} EN Thm 3.3, Thm 2",
           "F_A(0Q2..Qk) = 1, F_A(1Q2..Qk) = 0, and for Q1 >= 2: F_A(Q) = N_w(O) (1 iff the XOR of "
           "the multiplicities of the odd values of Q is 0).",
           theorem_check("A", N, thm33, f"every position with at least one chip, squares 1..{N}"),
           [SA], reading="Q_i = P_i - i; the multiplicity of a value of Q is the length of a run of "
                         "adjacent chips, its value the number of empty squares to the left.")
    _claim(out, "000.cn.thm1", f"{S000} CN 定理一 (四, 伍一)",
           "For every position with X1 > 1: f_A = 1 iff the 逐位和 (bitwise sum) of the 棋子數數列 Z "
           "is all even (including all Z = 0).",
           theorem_check("A", N, lambda d, m, f: nw(d[:, 1]),
                         f"every position with P1 >= 2, squares 1..{N}",
                         mask_filter=lambda d, m: d[:, 0] >= 1), [SA],
           reading="Z = multiplicities of the odd Y_i = X_i - i, as in the worked examples 例一/例二.")
    _claim(out, "000.cn.thm1.from3", "ours (correction of 000.cn.thm1; = Thm 3.3)",
           "定理一 for X1 >= 3 (at X1 = 2 the player to move wins).",
           theorem_check("A", N, lambda d, m, f: nw(d[:, 1]),
                         f"every position with P1 >= 3, squares 1..{N}",
                         mask_filter=lambda d, m: d[:, 0] >= 2), [SA], correction_of="000.cn.thm1")
    _claim(out, "000.cor3.8", f"{S000} EN Cor 3.8, Thm 2",
           "F_C(Q) = N_w(O) for every position.",
           theorem_check("C", N, lambda d, m, f: nw(d[:, 1]), f"every position, squares 1..{N}"), [SC])
    _claim(out, "000.cor3.9", f"{S000} EN Cor 3.9, Thm 2",
           "F_B(0Q2..Qk) = 0 and for Q1 >= 1: F_B(Q) = N_w(E) (E: multiplicities of the even values).",
           theorem_check("B", N, lambda d, m, f: np.where(d[:, 0] == 0, 0, nw(d[:, 2])),
                         f"every position, squares 1..{N}"), [SB])

    def nl(d):
        w = nw(d[:, 1])
        return np.where(d[:, 3] >= 2, w, 1 - w)

    _claim(out, "000.thm3.11", f"{S000} EN Thm 3.11, Thm 4; CN 定理三",
           "F_D(Q) = N_l(O): misère Nim on the multiplicities of the odd values of Q (with Thm 3.10: "
           "= N_w(O) if some O_i >= 2, else 1 - N_w(O)).",
           theorem_check("D", N, lambda d, m, f: nl(d), f"every position, squares 1..{N}"), [SD],
           reading="CN 定理三 states it in two cases (all Z = 1: f_D = 1 iff r odd; some Z > 1: "
                   "f_D = 1 iff the bitwise sum is all even); with r = 0 counted as 'r even'.")
    _claim(out, "000.cn.thm3.equals-fA", f"{S000} CN 定理三 二 (first sentence)",
           "When some Z_j > 1, f_D(X) equals f_A(X).",
           theorem_check("DA", N, lambda d, m, f: f["A"], f"positions with some Z_j > 1, squares 1..{N}",
                         mask_filter=lambda d, m: d[:, 3] >= 2), [SD, SA],
           reading="Literal: the value of game A at the same position.  The sentence after it "
                   "('that is, ... bitwise sum all even') is 000.thm3.11.")
    _claim(out, "000.cn.thm3.equals-fA.from3", "ours (correction of 000.cn.thm3.equals-fA)",
           "When some Z_j > 1 and X1 >= 3, f_D(X) = f_A(X).",
           theorem_check("DA", N, lambda d, m, f: f["A"], f"positions with some Z_j > 1, P1 >= 3, "
                         f"squares 1..{N}", mask_filter=lambda d, m: (d[:, 3] >= 2) & (d[:, 0] >= 2)),
           [SD, SA], correction_of="000.cn.thm3.equals-fA")

    def base_case(ctx):
        t = ctx.table(SD)
        return check_all([(f"f_D(3..{k + 2})", 1, int(_f(t.values[mask_of(range(3, k + 3))])))
                          for k in range(1, N - 1)], f"k = 1..{N - 2}")

    _claim(out, "000.cn.thm3.base-case", f"{S000} CN 定理三 proof, step 一",
           "f_D(3, 4, ..., k+2) = 1 (all Y_j = 2, all Z_j = 0).", base_case, [SD],
           reading="This contradicts clause 一 of the theorem itself (all Z = 0 counts as r even: "
                   "f_D = 0); recorded as the proof's claim.")

    msize = {"small": 5, "default": 9, "large": 14}[scale]
    mspec = f"nim:heaps=4,size={msize},play=misere"

    def thm310(ctx):
        t = ctx.table(mspec)
        a = np.arange(msize + 1)
        g = np.stack(np.meshgrid(a, a, a, a, indexing="ij"), -1).reshape(-1, 4)
        x = g[:, 0] ^ g[:, 1] ^ g[:, 2] ^ g[:, 3]
        w = (x == 0).astype(np.int64)
        claimed = np.where(g.max(axis=1) >= 2, w, 1 - w)
        computed = _f(t.values)
        bad = np.flatnonzero(claimed != computed)
        if bad.size == 0:
            return Result("HOLDS", f"every position of up to 4 heaps of 0..{msize}", int(g.shape[0]))
        return Result("FAILS", "4 heaps", int(g.shape[0]), tuple(
            Counterexample(str(tuple(g[i])), str(claimed[i]), str(computed[i])) for i in bad[:10]))

    _claim(out, "000.thm3.10", f"{S000} EN Thm 3.10, Thm 3",
           "N_l(O) = N_w(O) if O_i >= 2 for some i; 1 - N_w(O) if O_i <= 1 for all i.", thm310,
           [mspec], reading="N_l = misère Nim (last mover loses), checked against the misère Nim "
                            "table; empty heaps stand for fewer heaps.")

    # -- the many-chip examples -----------------------------------------------------------------
    ex4 = (4, 5, 6, 8, 9, 11, 12, 13, 14, 21, 22, 23, 25, 27)
    ex5 = (5, 6, 8, 9, 12, 13, 14, 21, 23, 24)

    def examples(ctx):
        cases = []
        for p, want, nsq in ((ex5, 1, 24), (ex4, 0, 27)):
            if scale == "small" and nsq > 24:
                continue
            t = ctx.table(f"chips:rule=A,n={nsq},k={len(p)}")
            cases.append((p, want, int(_f(t.value(",".join(map(str, p)))))))
            q = [x - i for i, x in enumerate(p, 1)]
            cases.append((f"Q of {p}", {ex4: [3, 3, 3, 4, 4, 5, 5, 5, 5, 11, 11, 11, 12, 13],
                                        ex5: [4, 4, 5, 5, 7, 7, 7, 13, 14, 14]}[p], q))
        return check_all(cases, "Examples 3.4 and 3.5 (small scale: 3.5 only)")

    ex_tables = ["chips:rule=A,n=24,k=10"] + ([] if scale == "small" else ["chips:rule=A,n=27,k=14"])
    _claim(out, "000.examples.3.4-3.5", f"{S000} EN Examples 3.4, 3.5; CN 例一, 例二",
           "f_A(4,5,6,8,9,11,12,13,14,21,22,23,25,27) = 0 (Q = 3,3,3,4,4,5,5,5,5,11,11,11,12,13, "
           "O = 3,4,3,1, Φ = 101); f_A(5,6,8,9,12,13,14,21,23,24) = 1 (O = 2,3,1, Φ = 000).",
           examples, ex_tables,
           reading="The Chinese prints Y for 例一 with 13 entries and the English Q for 3.5 as a set; "
                   "read as the 14 / 10 values of X_i - i (doc C34).")
    # -- Y / Q reformulations (k = 3..6) and trivial positions ----------------------------------
    yread = ("Y_i = X_i - i (EN Q_i); 'identical odd numbers' = an odd value occurring more than once; "
             "'兩對 (不可以是四個相同的奇數)' = exactly two odd values occurring twice.")
    for k in (3, 4, 5, 6):
        _claim(out, f"000.cn.y-criterion.k{k}", f"{S000} CN 二4 ({k - 2})",
               f"k = {k}: f_A(X) = 1 iff the printed criterion on (Y1..Y{k}) holds (domain 1 < X1).",
               y_criterion_check("A", N, k, crit_cn(k), 2), [SA], reading=yread)
        _claim(out, f"000.cn.y-criterion.k{k}.fixed", f"ours (correction of 000.cn.y-criterion.k{k})",
               f"k = {k}: the criterion for X1 >= 3" +
               (", the pair cases also needing an even number of odd entries" if k >= 5 else "") + ".",
               y_criterion_check("A", N, k, crit_cn(k, parity_fix=True), 3), [SA],
               correction_of=f"000.cn.y-criterion.k{k}")
        _claim(out, f"000.en.prop3.2.k{k}", f"{S000} EN Prop 3.2",
               f"k = {k}: F_A(0Q2..) = 1, F_A(1Q2..) = 0, otherwise F_A(Q) = 1 iff Q1 >= 3 and the "
               f"criterion on Q holds.", y_criterion_check("A", N, k, crit_en(k, 3), 1, True), [SA],
               reading=yread + " For k = 6 case (b) the English adds 'the cardinality of odd numbers "
                               "must be even'.")
        _claim(out, f"000.en.prop3.2.k{k}.fixed", f"ours (correction of 000.en.prop3.2.k{k})",
               f"k = {k}: Prop 3.2 with Q1 >= 2 in place of Q1 >= 3" +
               (" and the parity condition in the pair case" if k == 5 else "") + ".",
               y_criterion_check("A", N, k, crit_en(k, 2, parity_k5=True), 1, True), [SA],
               correction_of=f"000.en.prop3.2.k{k}")
    for k in (5, 6):
        _claim(out, f"000.cn.y-criterion.k{k}.from3", f"ours (partial correction of "
               f"000.cn.y-criterion.k{k})",
               f"k = {k}: the printed criterion restricted to X1 >= 3 (no parity condition added); "
               f"shows the parity condition of the .fixed claim is needed.",
               y_criterion_check("A", N, k, crit_cn(k), 3), [SA],
               correction_of=f"000.cn.y-criterion.k{k}")
    _claim(out, "000.en.prop3.2.k5.q1-2", "ours (partial correction of 000.en.prop3.2.k5)",
           "k = 5: Prop 3.2 with Q1 >= 2 only (no parity condition); shows the parity condition of "
           "the .fixed claim is needed.", y_criterion_check("A", N, 5, crit_en(5, 2), 1, True), [SA],
           correction_of="000.en.prop3.2.k5")
    for k in (3, 4):
        _claim(out, f"000.cn.fD.y-criterion.k{k}", f"{S000} CN 二5 ({k - 2})",
               f"k = {k}: f_D(X) = 1 iff the printed criterion on (Y1..Y{k}) holds (odd number of "
               f"odd entries where f_A has even).", y_criterion_check("D", N, k, crit_d(k), 1), [SD],
               reading=yread)

    def trivial(ctx):
        ta, tb, tc, td = (ctx.table(x) for x in (SA, SB, SC, SD))
        fa, fb, fc, fd = (lambda p, t=t: int(_f(t.values[mask_of(p)])) for t in (ta, tb, tc, td))
        cases = []
        for k in range(1, N - 1):
            cases.append((f"f_B(2..{k + 1})", 1, fb(range(2, k + 2))))
            cases.append((f"f_A(3..{k + 2})", 1, fa(range(3, k + 3))))
            for i in range(1, k + 1):
                p = [x for x in range(1, k + 2) if x != i]
                cases.append((f"f_C{tuple(p)}", 0, fc(p)))
            for last in range(k, N + 1):
                p = list(range(1, k)) + [last]
                b = (last - k) % 2
                cases.append((f"f_C{tuple(p)}", 1 - b, fc(p)))
                cases.append((f"f_D{tuple(p)}", b, fd(p)))
        return check_all(cases, f"every k and last square up to {N}")

    _claim(out, "000.en.eq3", f"{S000} EN eq. (3) and §3(1)",
           "f_B(23..(k+1)) = 1; f_C({1..k+1} - {i}) = 0 (i = 1..k); f_C(12..(k-1)(k+2n+b)) = 1 - b and "
           "f_D(12..(k-1)(k+2n+b)) = b (n >= 0, b in {0,1}); f_A(345..(k+2)) = 1.", trivial,
           [SA, SB, SC, SD])
    _claim(out, "003.phenomenon1", f"{S003} 現象1; {S000} CN 二1, EN eq. (3)",
           "If 2 is in S (and no chip is on 1) then f_A(S) = 0.",
           theorem_check("A", N, lambda d, m, f: np.zeros(m.size, dtype=np.int64),
                         f"every position with P1 = 2, squares 1..{N}",
                         mask_filter=lambda d, m: d[:, 0] == 1), [SA])

    def not_a_shift(ctx):
        td = ctx.table(SD)
        found = []
        for x in "ABC":
            tx = ctx.table(spec(x, N))
            for r in range(4):
                where = "never differ"
                for lo in range(1, 1 << (N - r), CHUNK):
                    m = np.arange(lo, min(lo + CHUNK, 1 << (N - r)), dtype=np.int64)
                    m = m[((m << r) & 3) == 0]          # P1 + r >= 3
                    diff = np.flatnonzero(_f(td.values[m]) != _f(tx.values[m << r]))
                    if diff.size:
                        where = f"differ at {_label(m[diff[0]])}"
                        break
                found.append((f"f_D(P) vs f_{x}(P+{r})", "differ somewhere", where))
        return check_all([(a, b, "differ somewhere" if c.startswith("differ at") else c)
                          for a, b, c in found], "shifts r = 0..3 of rules A, B, C",
                         details="; ".join(c for _, _, c in found[:3]))

    _claim(out, "003.D-not-a-shift", f"{S003} §(五)3; {S000} CN §5, EN abstract",
           "The values of game D are not those of A, B or C at shifted positions (unlike B and C).",
           not_a_shift, [SA, SB, SC, SD],
           reading="For every shift r = 0..3 and X in A, B, C some position with P1 + r >= 3 has "
                   "f_D(P) != f_X(P + r) (doc C15).  An observation, checked as such.")
    return out
