"""Machinery for the chip claims: the Nim data of every position (a jitted parallel pass over the
masks of an all-subsets table), the seeds' move notation and Y/Q/Z arithmetic, and the
strategies the seeds' proofs describe, as plain functions the claims check on the tables.

Notation (seed 000): squares P1 < ... < Pk of the chips; ``Q_i = P_i - i`` (the Chinese Y_i);
``O`` / the Chinese Z = the multiplicities of the odd values of Q, in increasing order of the
value; ``E`` the same for the even values.
"""

from __future__ import annotations

from collections import Counter

import numba as nb
import numpy as np
from numba import prange

from ...config import PARALLEL_JIT
from ...engine.mex import cttz
from ...engine.spaces import CombinationSpace
from ...games.chips import slide_options

CHUNK = 1 << 22


# ------------------------------------------------------------------------------------------------
# the Nim data of every mask, in chunks
# ------------------------------------------------------------------------------------------------
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
            pos = cttz(x)  # square - 1 of the lowest chip of the next run
            length = cttz(~(x >> pos))  # chips in the run
            zeros = pos - k  # empty squares to its left: its value of Q
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


def chunks(size: int, data: bool = True):
    """``(lo, hi, masks, nim data)`` over the masks ``0..size-1``, :data:`CHUNK` at a time (a
    30-square table has 2^30 masks: its Nim data is never held whole)."""
    for lo in range(0, size, CHUNK):
        hi = min(size, lo + CHUNK)
        d = np.zeros((hi - lo, 5), dtype=np.int64)
        if data:
            nim_data(lo, hi, d)
        yield lo, hi, np.arange(lo, hi, dtype=np.int64), d


# ------------------------------------------------------------------------------------------------
# positions
# ------------------------------------------------------------------------------------------------
def squares_of(mask: int) -> tuple:
    return tuple(i + 1 for i in range(64) if (mask >> i) & 1)


def mask_of(squares) -> int:
    return sum(1 << (s - 1) for s in squares)


def label(mask) -> str:
    return "(" + ",".join(map(str, squares_of(int(mask)))) + ")"


def k_positions(n: int, k: int) -> np.ndarray:
    """Every k-subset of 1..n as a (C(n,k), k) array of squares, increasing."""
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


# ------------------------------------------------------------------------------------------------
# the seeds' arithmetic: Q (Y), O (Z), Φ, and the move P[i]
# ------------------------------------------------------------------------------------------------
def q_of(P) -> tuple:
    """Q_i = P_i - i (000-EN §3(5); the Chinese Y_i)."""
    return tuple(int(x) - i for i, x in enumerate(P, 1))


def z_of(Q) -> tuple:
    """The multiplicities of the odd values of Q in increasing order of the value (000-CN's
    棋子數數列 Z; 000-EN's O)."""
    cnt = Counter(Q)
    return tuple(cnt[v] for v in sorted(cnt) if v % 2 == 1)


def odd_multiplicities(row) -> list[int]:
    """O of one position, largest first (the form the Y-criteria read)."""
    return sorted(z_of(q_of(row)), reverse=True)


def phi(O) -> int:
    """Φ(O) = b(O_1) ⊕ ... ⊕ b(O_r) as a number (000-EN §3(5))."""
    x = 0
    for o in O:
        x ^= int(o)
    return x


def move_chip(P, i: int) -> tuple:
    """P[i] (000-EN §3(1)): the P_i-chip (the i-th chip from the left, 1-based) moved to the
    nearest empty square on its left, the labels listed in increasing order; ``None`` if no empty
    square is left of it.  Assumes increasing squares."""
    s = set(P)
    y = P[i - 1] - 1
    while y in s:
        y -= 1
    if y < 1:
        return None
    return tuple(sorted((s - {P[i - 1]}) | {y}))


def move_sequence(P, indices) -> tuple | None:
    """P[i1, i2, ...]: the moves one after another, each index read in the position it is made in."""
    for i in indices:
        if P is None:
            return None
        P = move_chip(P, i)
    return P


def staircase_moves(Q) -> set:
    """Every Q reachable by one move of Staircase Nim on the values of Q (stair q holds as many
    coins as Q has entries q): move 1..(all) coins from a stair q >= 1 down to q - 1.  Q is
    non-decreasing, so the result is Q with its first c entries q lowered to q - 1."""
    return {lower(Q, q, c) for q, m in Counter(Q).items() if q >= 1 for c in range(1, m + 1)}


def lower(Q, q: int, c: int) -> tuple:
    """Q (non-decreasing) with ``c`` of its entries ``q`` lowered to ``q - 1``, still sorted."""
    s = Q.index(q)
    return Q[:s] + (q - 1,) * c + Q[s + c :]


def converse_chip(P, value: int, c: int) -> int:
    """000-CN §4, the converse: to take ``c`` from the multiplicity of ``value`` in Y, "find the
    Y_i equal to it, take the first c of them, and move the chip of the last of those over the
    c - 1 before it": the square of the chip to move."""
    first = [x for x, q in zip(P, q_of(P)) if q == value][:c]
    return first[-1]


def chip_move(P, square: int) -> tuple | None:
    """The move of the chip on ``square`` (to the nearest empty square on its left)."""
    return move_chip(P, list(P).index(square) + 1)


def options(P) -> list[tuple]:
    """Every position one move away, by the family's plain rule (no ending rule)."""
    return slide_options(tuple(P))


# ------------------------------------------------------------------------------------------------
# the strategy in the proof of Theorem 3.10 (000-EN §3(7)): misère Nim N_l vs normal Nim N_w
# ------------------------------------------------------------------------------------------------
def thm310_strategy(heaps) -> tuple[str, list[tuple]]:
    """What the proof of Theorem 3.10 says about a misère Nim position: ``("win", moves)`` with the
    moves it prescribes to the player to move (each should reach a position the player to move
    loses), ``("lose", [])`` where it says every move loses, ``("terminal", [])`` for no heaps.

    * all heaps <= 1, r of them 1: r odd loses; r even (>= 2) wins by taking a 1-heap;
    * exactly one heap >= 2: "if O has odd number of 1, the next player should move all chips in
      the i-th heap; if O has even number of 1, ... leave the i-th heap with one chip";
    * two heaps >= 2 or more: XOR 0 loses; otherwise the normal-Nim moves (to XOR 0) win.
    """
    heaps = tuple(int(h) for h in heaps)
    big = [i for i, h in enumerate(heaps) if h >= 2]
    ones = sum(1 for h in heaps if h == 1)
    if not big:
        if ones == 0:
            return "terminal", []
        if ones % 2:
            return "lose", []
        return "win", [heaps[:i] + (0,) + heaps[i + 1 :] for i, h in enumerate(heaps) if h == 1]
    if len(big) == 1:
        i = big[0]
        return "win", [heaps[:i] + ((0 if ones % 2 else 1),) + heaps[i + 1 :]]
    x = phi(heaps)
    if x == 0:
        return "lose", []
    return "win", [heaps[:i] + (h ^ x,) + heaps[i + 1 :] for i, h in enumerate(heaps) if h ^ x < h]


def nim_options(heaps) -> list[tuple]:
    heaps = tuple(int(h) for h in heaps)
    return [
        heaps[:i] + (h - t,) + heaps[i + 1 :] for i, h in enumerate(heaps) for t in range(1, h + 1)
    ]


# ------------------------------------------------------------------------------------------------
# the strategy in the proof of 定理一 (000-CN §4; Theorem 3.3 of the English)
# ------------------------------------------------------------------------------------------------
def thm1_strategy(P) -> tuple[str, list[tuple]]:
    """What the proof of 定理一 says about a rule-A position P: ``("lose", [])`` when the 逐位和 of Z
    is all even (every move changes one Z, so the opponent faces a non-zero sum), else
    ``("win", moves)``: every Nim move that takes some q from one Z_j to make the sum zero,
    realised as the converse recipe prescribes (:func:`converse_chip`)."""
    Q = q_of(P)
    cnt = Counter(Q)
    x = phi(z_of(Q))
    if x == 0:
        return "lose", []
    moves = []
    for v in sorted(cnt):
        if v % 2 == 1 and (cnt[v] ^ x) < cnt[v]:
            moves.append(chip_move(P, converse_chip(P, v, cnt[v] - (cnt[v] ^ x))))
    return "win", moves


# ------------------------------------------------------------------------------------------------
# the strategy in the proof of 定理三 (000-CN §5: game D, misère)
# ------------------------------------------------------------------------------------------------
def thm3_step(P) -> tuple[str, list[tuple]]:
    """Which case of the induction step 三 of the proof of 定理三 (game D) speaks of position P,
    and the moves it prescribes: ``(case, moves)`` with ``case``

    * ``"1"``: Z = (1, ..., 1), r odd: every move leaves f_D = 0 (``moves`` empty);
    * ``"2"``: some Z_j > 1 and the 逐位和 all even: every move leaves f_D = 0;
    * ``"3"``: Z = (1, ..., 1), r even (all Z = 0 included): the moves that leave Z' = (1, ..., 1)
      with r' odd (one Z_j changed by 1);
    * ``"4.1"``: exactly one Z_j > 1 (so the 逐位和 is not all even): the move that leaves
      Z' = (1, ..., 1) with r' odd, by the converse recipe (:func:`converse_chip`) lowering that
      Z_j to 1 or 0;
    * ``"4.2"``: two Z_j > 1 or more, 逐位和 not all even: every Nim move to an all-even sum
      (one Z_j lowered), by the converse recipe;
    * ``"end"``: no move at all (chips on 1..k; case 3's Z = () with nothing to move).

    Z = the multiplicities of the odd values of Y = X_i - i (:func:`z_of`)."""
    Q = q_of(P)
    Z = z_of(Q)
    big = [z for z in Z if z > 1]
    if not big:
        if len(Z) % 2:
            return "1", []
        opts = options(P)
        if not opts:
            return "end", []
        return "3", [o for o in opts if set(z_of(q_of(o))) <= {1} and len(z_of(q_of(o))) % 2]
    x = phi(Z)
    if x == 0:
        return "2", []
    cnt = Counter(Q)
    if len(big) == 1:
        v = next(v for v in sorted(cnt) if v % 2 == 1 and cnt[v] > 1)
        z = cnt[v]
        q = z if (len(Z) - 1) % 2 else z - 1       # leave r' = (r - 1) + (z - q) odd
        return "4.1", [chip_move(P, converse_chip(P, v, q))]
    return "4.2", [chip_move(P, converse_chip(P, v, cnt[v] - (cnt[v] ^ x)))
                   for v in sorted(cnt) if v % 2 == 1 and (cnt[v] ^ x) < cnt[v]]
