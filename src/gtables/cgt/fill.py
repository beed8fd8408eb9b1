"""The canonical form of every position of a partizan game's table, bottom-up, at numba speed.

:func:`canonical_range` is the worker of a ``value=canonical`` table (:class:`gtables.engine.moves.
Moves` hands it to the engine's serial orchestrator, :func:`gtables.engine.compute.fill`): for each
position in index order it calls the game's move generator for Left and for Right (one slot per
option, every option a smaller index, so its value is already in the table), and stores the id of
``{ids of Left options | ids of Right options}`` in canonical form, made in the table's
:class:`~.pool.Pool`.  :func:`first_mismatch` re-derives stored ids the same way.

Statuses are the engine's (:mod:`gtables.engine.status`): ``SCRATCH_FULL`` when the pool is full
(the driver grows it and calls again from that position: nothing before it changes),
``VALUE_RANGE`` for a number beyond the pool's range, ``NOT_SMALLER``, ``BAD_COUNT`` and
``BAD_TERMINAL`` (a terminal code: a partizan position is decided by its moves) as for outcomes.
"""
from __future__ import annotations

import numba as nb
import numpy as np
from numba import types

from ..config import JIT
from ..engine.jit import lazy_njit
from ..engine.kernels import CanonFn, MoveGen
from ..engine.status import (
    BAD_COUNT,
    BAD_TERMINAL,
    BASE,
    DONE,
    NOT_SMALLER,
    SCRATCH_FULL,
    VALUE_RANGE,
)
from . import kernels as k

_I64 = types.int64
_VEC = types.int64[::1]
LEFT, RIGHT = 0, 1


@nb.njit(**JIT)
def _side(moves, p, side, params, maxo, table, buf, ids):
    """The ids of ``p``'s options for ``side`` into ``ids``: their count, or a status."""
    n = moves(p, side, params, buf)
    if n < 0:
        return -(p * BASE + BAD_TERMINAL) - 1
    if n > maxo:
        return -(p * BASE + BAD_COUNT) - 1
    for i in range(n):
        o = buf[i]
        if o >= p or o < 0:
            return -(p * BASE + NOT_SMALLER) - 1
        ids[i] = table[o]
    return n


@lazy_njit(_I64(MoveGen, CanonFn, _VEC, _I64, _I64, _I64, types.int32[::1], _VEC, k.POOL_TYPE),
           **JIT)
def canonical_range(moves, canon, params, maxo, lo, hi, table, scratch, P):
    """Positions ``lo..hi-1`` in index order: ``table[p]`` the id of ``p``'s canonical form in
    the pool ``P``; ``scratch`` holds at least ``3 * maxo`` int64 (the move buffer, then the Left
    and Right ids).  ``canon`` is the game's symmetry (the least index of a position's class:
    :func:`gtables.engine.spaces.cell_kernels.cell_symmetry`; ``no_symmetry``): a position whose
    class has a smaller index takes that position's id, which is already in the table.  ``DONE``
    or the status of the first position not filled."""
    buf = scratch[:maxo]
    left = scratch[maxo:2 * maxo]
    right = scratch[2 * maxo:3 * maxo]
    for p in range(lo, hi):
        c = canon(p, params)
        if 0 <= c < p:
            table[p] = table[c]
            continue
        nl = _side(moves, p, LEFT, params, maxo, table, buf, left)
        if nl < 0:
            return -nl - 1
        nr = _side(moves, p, RIGHT, params, maxo, table, buf, right)
        if nr < 0:
            return -nr - 1
        g = k.canonical(P, left, nl, right, nr)
        if g == k.POOL_FULL:
            return p * BASE + SCRATCH_FULL
        if g < 0:
            return p * BASE + VALUE_RANGE
        table[p] = g
    return DONE


@lazy_njit(_I64(MoveGen, _VEC, _I64, _VEC, types.int32[::1], _VEC, k.POOL_TYPE), **JIT)
def first_mismatch(moves, params, maxo, positions, table, scratch, P):
    """The first ``j`` whose stored id ``table[positions[j]]`` is not the canonical form of its
    options' stored ids (or is not an id of ``P``), ``-2 - j`` when the pool is full there (grow
    it and call again from ``j``), or -1 when all agree.  Only stored ids are ever read."""
    buf = scratch[:maxo]
    left = scratch[maxo:2 * maxo]
    right = scratch[2 * maxo:3 * maxo]
    nids = P[6][k.S_IDS]
    for j in range(positions.size):
        p = positions[j]
        nl = _side(moves, p, LEFT, params, maxo, table, buf, left)
        nr = _side(moves, p, RIGHT, params, maxo, table, buf, right) if nl >= 0 else -1
        if nl < 0 or nr < 0:
            return j
        for i in range(nl):
            if left[i] < 0 or left[i] >= nids:
                return j
        for i in range(nr):
            if right[i] < 0 or right[i] >= nids:
                return j
        g = k.canonical(P, left, nl, right, nr)
        if g == k.POOL_FULL:
            return -2 - j
        if g != table[p]:
            return j
    return -1


def scratch_for(max_options: int) -> np.ndarray:
    """The scratch row :func:`canonical_range` and :func:`first_mismatch` take."""
    return np.zeros(3 * max(1, int(max_options)), np.int64)


def rederive(game, values: np.ndarray, pool, positions: np.ndarray | None = None) -> int | None:
    """The first position of ``positions`` (ascending; default every index) whose stored id in
    ``values`` is not the canonical form, in ``pool``, of its options' stored ids (an id outside
    the pool counts as wrong), or None if all agree.  ``values`` is never written; ``pool`` (the
    table's, re-derived from its arrays) may gain the forms a wrong entry makes."""
    table = np.array(values, dtype=np.int32)     # a writable copy (the kernel reads it only)
    if positions is None:
        positions = np.arange(table.size, dtype=np.int64)
    positions = np.ascontiguousarray(positions, dtype=np.int64)
    stored = np.asarray(values)
    bad_id = np.flatnonzero((stored < 0) | (stored >= len(pool)))
    if bad_id.size:         # not an id of the pool: wrong wherever it is
        return int(bad_id[0])
    end = positions.size
    scratch = scratch_for(game.max_options)
    j = 0
    while j < end:
        r = int(first_mismatch(game.moves, game.move_params, max(1, game.max_options),
                               positions[j:end], table, scratch, pool.P))
        if r <= -2:
            pool.grow()
            j += -2 - r
            continue
        if r >= 0:
            return int(positions[j + r])
        break
    return None


def pool_for(positions: int):
    """A game pool sized for a table of ``positions`` (its memos of ``<=`` and of raw option
    lists grow with its capacity: Domineering 4 x 5, 2^20 positions, fills in 1.2 s with room for
    2^16 ids and in 2.3-2.5 s with the default 1,024, measured at load 1-1.7)."""
    from .pool import Pool
    cap = 1 << max(10, min(16, (max(1, int(positions)) // 16).bit_length()))
    return Pool(capacity=cap)
