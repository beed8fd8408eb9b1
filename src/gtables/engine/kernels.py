"""Bottom-up kernels: one per value kind, each a pure function of arrays.

A game family plugs in with a **move generator**, a jitted function with the fixed signature
``moves(pos, side, params, out) -> count``:

* ``pos``    the index of a position (int64);
* ``side``   ``LEFT`` (0) or ``RIGHT`` (1) for partizan games; impartial games ignore it;
* ``params`` the family's parameters as an int64 array (read-only);
* ``out``    a buffer the generator fills with its options, two slots per option: ``out[2*i]`` is
             the index of an option and ``out[2*i+1]`` is ``-1``, or the index of a second
             component when the option is a *sum* of two positions of the same table (a heap split
             in two).  Grundy values of a sum XOR; outcome kernels accept no sums.

It returns the number of options written, or ``TERMINAL_LOSS`` / ``TERMINAL_WIN`` for positions
that end the game with a verdict of their own (the chip game's rules A and B): the player to move
there has lost / has won.

Every option must have a smaller index than its position (the position space guarantees this), so
one pass in index order fills the table.  Kernels return a *status*: ``DONE`` (-1), or
``pos * 4 + code`` for a position they could not finish (``code`` below); the Python wrapper turns
that into a wider dtype or a clear error.

Three layers, as in stumpy: the serial ``*_range`` workers fill a range of positions; the
``*_tiers`` orchestrators (``parallel=True``) run workers over the independent slices of each
tier, tiers in order; :mod:`gtables.engine.compute` validates input, picks dtypes and calls them.
"""
from __future__ import annotations

import numba as nb
import numpy as np
from numba import prange, types

from ..config import JIT, PARALLEL_JIT

LEFT = 0
RIGHT = 1
TERMINAL_LOSS = -1
TERMINAL_WIN = -2
DONE = -1

# status codes (status = pos * 4 + code)
ST_OVERFLOW = 1        # a Grundy value does not fit the table's dtype: widen and resume at pos
ST_BAD_TERMINAL = 2    # TERMINAL_WIN in a Grundy table, or a terminal code in a partizan table
ST_SUM_OPTION = 3      # a sum of two positions in an outcome table (outcomes do not add)

# outcome encodings (uint8)
P, N, L, R = 0, 1, 2, 3
OUTCOME_LETTERS = "PNLR"

MOVES_SIG = types.int64(types.int64, types.int64, types.int64[::1], types.int64[::1])
MoveGen = types.FunctionType(MOVES_SIG)


def movegen(fn):
    """Decorator for a family's (or a user's) move generator: jit it with the fixed signature.

    Cached on disk when numba can locate the source file (not for code typed at a prompt)."""
    try:
        return nb.njit(MOVES_SIG, **JIT)(fn)
    except RuntimeError as e:
        if "cannot cache" not in str(e):
            raise
        return nb.njit(MOVES_SIG, **dict(JIT, cache=False))(fn)


_GRUNDY_DTYPES = (types.uint8, types.uint16, types.uint32)
_VEC = types.int64[::1]


def _grundy_sigs():
    return [types.int64(MoveGen, _VEC, types.int64, types.int64, dt[::1], types.int64, _VEC, _VEC)
            for dt in _GRUNDY_DTYPES]


@nb.njit(_grundy_sigs(), **JIT)
def grundy_range(moves, params, lo, hi, table, vmax, buf, seen):
    """Grundy values of positions ``lo..hi-1``; options must already be filled.

    ``seen`` is scratch of length > max options, zero at the start of a table: position ``p``
    marks the values of its options with the stamp ``p + 1``, so it is never cleared.
    """
    nseen = seen.size
    for p in range(lo, hi):
        n = moves(p, 0, params, buf)
        if n < 0:
            if n == TERMINAL_LOSS:
                table[p] = 0
                continue
            return p * 4 + ST_BAD_TERMINAL
        stamp = p + 1
        for i in range(n):
            v = np.int64(table[buf[2 * i]])
            b = buf[2 * i + 1]
            if b >= 0:
                v ^= np.int64(table[b])
            if v < nseen:
                seen[v] = stamp
        g = 0
        while g < nseen and seen[g] == stamp:
            g += 1
        if g > vmax:
            return p * 4 + ST_OVERFLOW
        table[p] = g
    return DONE


@nb.njit(types.int64(MoveGen, _VEC, types.int64, types.int64, types.uint8[::1], types.boolean, _VEC),
         **JIT)
def outcome_range(moves, params, lo, hi, table, misere, buf):
    """Outcomes (P=0, N=1) of positions ``lo..hi-1`` under normal play or misère play."""
    for p in range(lo, hi):
        n = moves(p, 0, params, buf)
        if n < 0:
            table[p] = P if n == TERMINAL_LOSS else N
            continue
        if n == 0:
            table[p] = N if misere else P
            continue
        res = P
        for i in range(n):
            if buf[2 * i + 1] >= 0:
                return p * 4 + ST_SUM_OPTION
            if table[buf[2 * i]] == P:
                res = N
                break
        table[p] = res
    return DONE


@nb.njit(types.int64(MoveGen, _VEC, types.int64, types.int64, types.uint8[::1], _VEC), **JIT)
def partizan_range(moves, params, lo, hi, table, buf):
    """Partizan outcome classes (P=0, N=1, L=2, R=3) under normal play.

    Left moving first wins iff some Left option is one where Right, moving first, loses
    (class P or L); symmetrically for Right.
    """
    for p in range(lo, hi):
        left_wins = False
        n = moves(p, LEFT, params, buf)
        if n < 0:
            return p * 4 + ST_BAD_TERMINAL
        for i in range(n):
            if buf[2 * i + 1] >= 0:
                return p * 4 + ST_SUM_OPTION
            c = table[buf[2 * i]]
            if c == P or c == L:
                left_wins = True
                break
        right_wins = False
        n = moves(p, RIGHT, params, buf)
        if n < 0:
            return p * 4 + ST_BAD_TERMINAL
        for i in range(n):
            if buf[2 * i + 1] >= 0:
                return p * 4 + ST_SUM_OPTION
            c = table[buf[2 * i]]
            if c == P or c == R:
                right_wins = True
                break
        if left_wins and right_wins:
            table[p] = N
        elif left_wins:
            table[p] = L
        elif right_wins:
            table[p] = R
        else:
            table[p] = P
    return DONE


@nb.njit(types.int64(types.int64[::1]), **JIT)
def _first_failure(status):
    """The smallest status that is not DONE (the earliest position a worker could not finish)."""
    worst = DONE
    for s in status:
        if s != DONE and (worst == DONE or s < worst):
            worst = s
    return worst


def _grundy_tier_sigs():
    return [types.int64(MoveGen, _VEC, _VEC, dt[::1], types.int64, types.int64[:, ::1],
                        types.int64[:, ::1]) for dt in _GRUNDY_DTYPES]


@nb.njit(_grundy_tier_sigs(), **PARALLEL_JIT)
def grundy_tiers(moves, params, bounds, table, vmax, bufs, seens):
    """Grundy values tier by tier: positions ``bounds[t]..bounds[t+1]-1`` depend only on earlier
    tiers, so each tier is cut into one slice per thread.  Returns the smallest failing status."""
    nw = bufs.shape[0]
    status = np.empty(nw, np.int64)
    for t in range(bounds.size - 1):
        lo = bounds[t]
        span = bounds[t + 1] - lo
        for w in prange(nw):
            wi = np.int64(w)  # a prange index is unsigned
            status[wi] = grundy_range(moves, params, lo + span * wi // nw, lo + span * (wi + 1) // nw,
                                      table, vmax, bufs[wi], seens[wi])
        worst = _first_failure(status)
        if worst != DONE:
            return worst
    return DONE


@nb.njit(types.int64(MoveGen, _VEC, _VEC, types.uint8[::1], types.boolean, types.int64[:, ::1]),
         **PARALLEL_JIT)
def outcome_tiers(moves, params, bounds, table, misere, bufs):
    """Outcomes tier by tier (see :func:`grundy_tiers`)."""
    nw = bufs.shape[0]
    status = np.empty(nw, np.int64)
    for t in range(bounds.size - 1):
        lo = bounds[t]
        span = bounds[t + 1] - lo
        for w in prange(nw):
            wi = np.int64(w)
            status[wi] = outcome_range(moves, params, lo + span * wi // nw,
                                       lo + span * (wi + 1) // nw, table, misere, bufs[wi])
        worst = _first_failure(status)
        if worst != DONE:
            return worst
    return DONE
