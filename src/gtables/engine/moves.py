"""The two move-buffer conventions a move generator may write in, as two named types; a game
declares its own (``Rules.moves_type``), and its type is the one place that decides which kernels
serve it (:mod:`.kernels`):

* :class:`SumMoves` (the default; the heap families): two slots per option, an option may be a
  sum of positions (``(a, b)``, ``(c, EXTENDS)``), filled by the kind's worker, tier by tier
  where the space has tiers;
* :class:`Moves` (``gtables.define_game``, the shipped board and graph games): one slot per
  option, each a whole position, filled by workers that check what the generator gives, in
  independent popcount layers of blocks on all threads where the options allow.

Each type says how long its move buffer is, how to read it back in Python (:meth:`decode`), which
worker fills or re-derives a table (:meth:`worker`) and how a whole table is filled
(:meth:`plan`).  Nothing else in gtables asks which convention a game writes in.  This module
imports no numba (the kernels are imported when a plan is made).
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, ClassVar

import numpy as np

from .status import EXTENDS
from .values import GRUNDY, MISERE, OUTCOME, PARTIZAN, PARTIZAN_MISERE

LAYER_MIN_BITS = 12   # a define_game table below 2^12 positions is filled serially (too small)


@dataclasses.dataclass(frozen=True)
class Plan:
    """How :func:`.compute.fill` fills a whole table: ``worker(table) -> (worker, args)`` (the
    args depend on the table's dtype), and ``bounds`` the tiers of the worker's units (the units
    of one tier independent of each other, run in parallel by :func:`.kernels.run_tiers`), or
    None: the worker runs serially on positions in index order, chunk by chunk.  ``units``: the
    positions a unit holds (1, or a block's size: for progress).  ``fallback``: the plan to run
    instead when the worker says ``LAYER_CROSSED`` (None: it never does).  ``grow``: what makes
    room when a serial worker says ``SCRATCH_FULL`` (a canonical-value table's game pool: the
    worker is called again from the position it stopped at)."""
    worker: Callable[[np.ndarray], tuple[Any, np.ndarray]]
    bounds: np.ndarray | None = None
    units: int = 1
    fallback: Plan | None = None
    grow: Callable[[], None] | None = None


class MoveType:
    """A move-buffer convention (:class:`SumMoves` or :class:`Moves`)."""
    slots: ClassVar[int]

    @classmethod
    def buffer_len(cls, max_options: int) -> int:
        """The slots the engine gives a generator of ``max_options`` options."""
        raise NotImplementedError

    @classmethod
    def decode(cls, buf, n: int) -> list[tuple[int, ...]]:
        """The ``n`` options a generator wrote into ``buf``, each a tuple of the indices of its
        components (one, or more for a sum)."""
        raise NotImplementedError

    @classmethod
    def worker(cls, game, table: np.ndarray):
        """``(worker, args)``: the worker that fills (or re-derives) positions of ``game`` in
        index order, and its int64 args for ``table`` (its dtype's largest value)."""
        raise NotImplementedError

    @classmethod
    def plan(cls, game, threads: int) -> Plan:
        """How a whole table of ``game`` is filled on ``threads`` threads."""
        raise NotImplementedError

    @classmethod
    def parallel(cls, game) -> bool:
        """Whether :meth:`plan` may run on all threads (one scratch row per thread)."""
        raise NotImplementedError


class SumMoves(MoveType):
    """Two slots per option: ``out[2*i]`` an option's index, ``out[2*i+1]`` ``-1`` or the index
    of a second component (a sum), further components in pairs ``(index, EXTENDS)``."""
    slots = 2

    @classmethod
    def buffer_len(cls, max_options: int) -> int:
        return 2 * max_options + 2

    @classmethod
    def decode(cls, buf, n: int) -> list[tuple[int, ...]]:
        opts: list[tuple[int, ...]] = []
        for i in range(n):
            a, b = int(buf[2 * i]), int(buf[2 * i + 1])
            if b == EXTENDS:
                if not opts:
                    raise ValueError("an EXTENDS pair with no option before it")
                opts[-1] = (*opts[-1], a)
            else:
                opts.append((a,) if b < 0 else (a, b))
        return opts

    @classmethod
    def worker(cls, game, table: np.ndarray):
        from . import kernels as K
        nbuf = cls.buffer_len(game.max_options)    # exactly what max_options promises
        if game.kind == GRUNDY:
            return K.grundy_range, np.array([np.iinfo(table.dtype).max, nbuf], dtype=np.int64)
        if game.kind in (OUTCOME, MISERE):
            return K.outcome_range, np.array([game.kind == MISERE, nbuf], dtype=np.int64)
        if game.kind == PARTIZAN:
            return K.partizan_range, np.array([nbuf], dtype=np.int64)
        raise ValueError(f"{game.spec}: no kernel for {game.kind} tables of sums")

    @classmethod
    def plan(cls, game, threads: int) -> Plan:
        bounds = game.space.tier_bounds()
        if bounds is not None and threads > 1:
            bounds = np.ascontiguousarray(bounds, dtype=np.int64)
        else:
            bounds = None
        return Plan(lambda table: cls.worker(game, table), bounds)

    @classmethod
    def parallel(cls, game) -> bool:
        return game.space.tier_bounds() is not None


class Moves(MoveType):
    """One slot per option: ``out[i]`` the index of option ``i``, a whole position."""
    slots = 1
    KINDS: ClassVar[dict[str, int]] = {GRUNDY: 0, MISERE: 1, PARTIZAN: 2, PARTIZAN_MISERE: 3}

    @classmethod
    def buffer_len(cls, max_options: int) -> int:
        return max_options

    @classmethod
    def decode(cls, buf, n: int) -> list[tuple[int, ...]]:
        return [(int(buf[i]),) for i in range(n)]

    @classmethod
    def _args(cls, game, table, lowbits: int, blocks=None) -> np.ndarray:
        head = [cls.KINDS[game.kind], lowbits, game.max_options, np.iinfo(table.dtype).max,
                cls.buffer_len(game.max_options), game.space.size]
        if blocks is None:
            return np.array(head, dtype=np.int64)
        return np.concatenate([np.array(head, dtype=np.int64), blocks])

    @classmethod
    def worker(cls, game, table: np.ndarray):
        from . import kernels as K
        if game.kind not in cls.KINDS:
            raise ValueError(f"{game.spec}: no kernel for {game.kind} tables of one slot per "
                             f"option")
        return K.moves_range, cls._args(game, table, 62)

    @classmethod
    def plan(cls, game, threads: int) -> Plan:
        from . import kernels as K
        serial = Plan(lambda table: cls.worker(game, table))
        size = game.space.size
        if threads <= 1 or size < (1 << LAYER_MIN_BITS):
            return serial
        lowbits = block_bits(size)
        ptr, blocks = layer_blocks(size, lowbits, threads)
        return Plan(lambda table: (K.moves_blocks, cls._args(game, table, lowbits, blocks)), ptr,
                    units=1 << lowbits, fallback=serial)

    @classmethod
    def parallel(cls, game) -> bool:
        return game.space.size >= (1 << LAYER_MIN_BITS)


def block_bits(size: int) -> int:
    """``lowbits`` of the blocks of a layered fill of ``size`` positions: about 2^12 blocks, each
    of 2^10 to 2^18 positions."""
    bits = max(1, (size - 1).bit_length())
    return int(min(max(bits - 12, 10), 18))


def layer_blocks(size: int, lowbits: int, workers: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """The blocks of ``2**lowbits`` indices of a table of ``size``, grouped by layer (the popcount
    of the block number), layers in increasing order: ``(ptr, blocks)``, layer ``t`` being
    ``blocks[ptr[t]:ptr[t + 1]]`` (empty layers left out).  Within a layer the blocks are dealt
    round-robin to ``workers`` (block ``i`` of the layer into the ``i % workers``-th run), since
    :func:`.kernels.run_tiers` gives each worker one contiguous slice of a tier: neighbouring
    blocks, which cost alike, then go to different threads."""
    nblocks = (size + (1 << lowbits) - 1) >> lowbits
    b = np.arange(nblocks, dtype=np.int64)
    pc = np.zeros(nblocks, dtype=np.int64)
    x = b.copy()
    while x.any():
        pc += x & 1
        x >>= 1
    order = np.argsort(pc, kind="stable")
    counts = np.bincount(pc)
    counts = counts[counts > 0]
    ptr = np.concatenate([[0], np.cumsum(counts)]).astype(np.int64)
    blocks = b[order]
    for t in range(ptr.size - 1):
        layer = blocks[ptr[t]:ptr[t + 1]]
        blocks[ptr[t]:ptr[t + 1]] = layer[np.argsort(np.arange(layer.size) % workers,
                                                     kind="stable")]
    return ptr, np.ascontiguousarray(blocks)
