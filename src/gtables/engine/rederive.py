"""Re-derive a table from its own values: is every stored value the one its options' stored values
give?

A table is filled bottom-up, so a value is right when it is what the kind's rule (mex, or the
outcome rules) gives from the stored values of its options.  :func:`rederive` checks that, position
by position, with the engine's own workers run on a copy of the stored table: the first position
whose stored value disagrees is where the table first goes wrong (everything below it is
consistent).  A full pass checks every position; :func:`sample_positions` picks a cheap spot check
(the start, a seeded random sample and the end).
"""
from __future__ import annotations

import numpy as np
from numba import types

from ..config import JIT
from .game import GRUNDY, Game
from .jit import lazy_njit
from .kernels import VALUE_TYPES, MoveGen, Worker, scratch_width
from .status import DONE
from .values import VALUE_DTYPES

_VEC = types.int64[::1]
CHUNK = 1 << 20     # positions per kernel call: Ctrl-C is seen between calls


@lazy_njit([types.int64(Worker[dt], MoveGen, _VEC, _VEC, _VEC, dt[::1], _VEC)
          for dt in VALUE_TYPES], **JIT)
def first_mismatch(worker, moves, params, args, positions, table, scratch):
    """The first ``k`` such that the value ``worker`` derives for position ``positions[k]`` from
    the values in ``table`` is not the one stored there, or -1 if all agree.

    Each position is recomputed in place (the worker on ``[p, p + 1)``) and its stored value put
    back, so every position is derived from stored values only, never from recomputed ones.  A
    worker status other than ``DONE`` (a value beyond the dtype, a bad terminal code) is a
    mismatch.  ``positions`` ascending: the Grundy worker's mex marks are stamped ``p + 1``.
    """
    for k in range(positions.size):
        p = positions[k]
        stored = table[p]
        status = worker(moves, params, args, p, p + 1, table, scratch)
        derived = table[p]
        table[p] = stored
        if status != DONE or derived != stored:
            return k
    return -1


def _working_dtype(game: Game, values: np.ndarray) -> np.dtype:
    """The dtype the workers take for ``values``: its own if they serve it; else uint32 for
    Grundy values (the widest a table is widened to), uint8 for outcome codes."""
    if game.kind == GRUNDY:
        return values.dtype if values.dtype in VALUE_DTYPES else np.dtype(np.uint32)
    return np.dtype(np.uint8)


def rederive(game: Game, values: np.ndarray, positions=None) -> int | None:
    """The first position of ``positions`` (indices, strictly ascending; default every index of
    ``values``) whose stored value in ``values`` is not the one derived from the stored values of
    its options, or None if all agree.

    ``values`` (the whole table or a prefix of it, 1-D, any integer dtype) is never written: the
    check runs on a copy, in the dtype the engine's workers take (:func:`_working_dtype`).  A
    checked value that does not fit that dtype (negative, above 255 for outcome codes, above
    2^32-1 for Grundy values) is a mismatch; one that is only read as an option's value reads as
    the dtype's largest value (exact for outcome codes, which only ask "is it P (or L, R)?").
    The move buffer is sized by ``game.max_options`` (as :func:`.compute.fill` does), not by
    ``options_at``.
    """
    values = np.asarray(values)
    if values.ndim != 1 or values.size > game.space.size:
        raise ValueError(f"{game.spec}: values of shape {values.shape}, not at most "
                         f"({game.space.size},)")
    size = values.size      # a prefix of the table: options always come earlier in index order
    if not np.issubdtype(values.dtype, np.integer):
        raise ValueError(f"{game.spec}: values of dtype {values.dtype}, not an integer dtype")
    if positions is None:
        positions = np.arange(size, dtype=np.int64)
    else:
        positions = np.ascontiguousarray(positions, dtype=np.int64)
        if positions.ndim != 1:
            raise ValueError("positions must be a 1-D array of indices")
        if positions.size and (positions[0] < 0 or positions[-1] >= size):
            raise ValueError(f"positions must lie in 0..{size - 1}")
        if np.any(positions[1:] <= positions[:-1]):
            raise ValueError("positions must be strictly ascending")
    if positions.size == 0:
        return None
    dtype = _working_dtype(game, values)
    top = np.iinfo(dtype).max
    table = np.array(values, dtype=dtype, order="C")     # a copy: values stay as they are
    end = positions.size
    if values.dtype != dtype:
        out = (values < 0) | (values > top)
        table[out] = top
        # a checked value out of range is a mismatch; the positions before it are checked as
        # usual (their options come earlier, so they never read it)
        hit = np.flatnonzero(out[positions])
        end = int(hit[0]) if hit.size else end

    worker, args = game.moves_type.worker(game, table)    # the worker that fills in index order
    scratch = np.zeros(scratch_width(game.max_options), dtype=np.int64)
    for lo in range(0, end, CHUNK):
        chunk = positions[lo:min(end, lo + CHUNK)]
        k = int(first_mismatch(worker, game.moves, game.move_params, args, chunk, table, scratch))
        if k >= 0:
            return int(chunk[k])
    return int(positions[end]) if end < positions.size else None


def sample_positions(size: int, random: int = 200, last: int = 100,
                     seed: int | None = 0) -> np.ndarray:
    """A spot check's positions of a table of ``size``: indices ``0..15``, ``random`` indices
    drawn by a numpy Generator seeded with ``seed`` (the same sample every run; ``None``: fresh
    entropy, a new sample every call, which a file maker cannot aim around), and the last
    ``last`` indices; int64, sorted, without repeats."""
    if size <= 0:
        return np.empty(0, dtype=np.int64)
    rng = np.random.default_rng(seed)
    parts = [np.arange(min(size, 16)), rng.integers(0, size, size=max(0, random)),
             np.arange(max(0, size - max(0, last)), size)]
    return np.unique(np.concatenate(parts).astype(np.int64))
