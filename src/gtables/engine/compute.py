"""The Python wrapper around the kernels: validate, estimate memory, pick the dtype and the plan
(the game's move type decides which kernels serve it: :mod:`.moves`), call the kernels tier by
tier or chunk by chunk (progress, Ctrl-C between calls), widen the dtype when a Grundy value
outgrows it, and turn kernel status codes into clear errors (:meth:`.game.Game.stop_error`)."""
from __future__ import annotations

import dataclasses
import time

import numpy as np

from ..config import compile_seconds
from ..errors import GtablesError
from . import kernels as K
from .game import Game
from .memory import check_memory, estimate_bytes, initial_dtype, widen
from .moves import Plan
from .progress import CHUNK_SECONDS, Progress, latched_interrupts
from .sequence import fill_sequence, require_period_theorem
from .status import LAYER_CROSSED, OVERFLOW, SCRATCH_FULL, decode
from .values import CANONICAL


def check_request(game: Game, *, until_periodic: bool = False, algorithm: str = "auto",
                  ignore_memory: bool = False, ignore_time: bool = False, start: int = 0) -> None:
    """Refuse, before a store is touched or anything is allocated, a compute request that cannot
    succeed: sequence-table options on another table, an algorithm the game cannot take,
    ``until_periodic`` for a game without a periodicity theorem, a table larger than the memory
    available (:func:`check_memory`), a run its kernel's cost model puts past the time limit
    (:func:`~.cost.check_time`; ``start``: heaps a stored prefix already holds)."""
    from .cost import check_time
    if not game.is_sequence and (until_periodic or algorithm != "auto"):
        raise GtablesError(f"{game.spec}: --until-periodic and --algorithm apply to sequence "
                           f"tables (octal games) only")
    if algorithm not in ("auto", "naive", "sparse"):
        raise GtablesError(f"unknown algorithm {algorithm!r} (auto, naive or sparse)")
    if until_periodic:
        require_period_theorem(game)
    check_memory(game, ignore_memory, need=estimate_bytes(game, until_periodic=until_periodic))
    check_time(game, algorithm=algorithm, start=start, until_periodic=until_periodic,
               ignore_time=ignore_time)
    from ..config import check_environment
    check_environment(compiling=True)    # one line if kernels cannot be cached (recompiled)


def fill(game: Game, *, progress: bool | None = None, chunk: int = 1 << 12,
         ignore_memory: bool = False, threads: int | None = None,
         generic: bool = False, ignore_time: bool = False,
         pool=None, symmetry: bool = True) -> tuple[np.ndarray, float]:
    """Fill the whole table of ``game`` bottom-up; return ``(values, seconds)``.

    Sequence tables go to :func:`~.sequence.fill_sequence`, a family's fast fill runs when it
    has one; otherwise the game's move type makes the plan (:meth:`.moves.MoveType.plan`):
    tiers of independent units run on all threads by the one orchestrator
    (:func:`K.run_tiers`: a partition space's tiers, a define_game table's popcount layers of
    blocks), tier by tier; or the worker serially in index order, chunk by chunk.  A Grundy
    value past the dtype widens the table (serially: from where it stopped; in tiers: from the
    start); a define_game generator whose options cross the layers is filled in index order.
    ``threads``: the workers of a parallel plan (default: numba's threads; 1: serial).
    ``generic=True`` ignores the game's strategies (fast fill, sequence): the generic kernels
    only, for tests.  A ``value=canonical`` table (kind :data:`CANONICAL`) is filled serially in
    index order into ``pool`` (a :class:`gtables.cgt.Pool`, required: the values are its ids),
    grown whenever it is full; it takes the game's symmetry (a position whose class has a
    smaller index copies that one's id) unless ``symmetry=False`` (plain play: the contract).
    """
    if generic and (game.fast_fill is not None or game.is_sequence):
        game = dataclasses.replace(game, fast_fill=None, sequence=None)
    if game.is_sequence:
        run = fill_sequence(game, progress=progress, ignore_memory=ignore_memory,
                            ignore_time=ignore_time)
        return run.values, run.seconds
    if game.fast_fill is not None:
        check_memory(game, ignore_memory)
        t0, c0 = time.perf_counter(), compile_seconds()
        values = np.ascontiguousarray(game.fast_fill.fill(game))
        if values.shape != (game.space.size,):
            raise ValueError(f"{game.spec}: family fill returned shape {values.shape}")
        return values, _net(t0, c0)

    check_memory(game, ignore_memory)
    from .cost import check_time
    check_time(game, ignore_time=ignore_time)
    import numba
    size = game.space.size
    nw = int(threads or numba.get_num_threads())
    if game.kind == CANONICAL:
        if pool is None:
            raise ValueError(f"{game.spec}: a table of canonical forms is filled into a game "
                             f"pool: pass pool=")
        plan = canonical_plan(game, pool, symmetry)
    else:
        plan = game.moves_type.plan(game, nw)
    table = np.zeros(size, dtype=initial_dtype(game))
    width = K.scratch_width(game.max_options)
    bar = Progress(size, game.spec, enabled=progress)
    t0, c0 = time.perf_counter(), compile_seconds()
    try:
        with latched_interrupts():
            while True:
                if plan.bounds is not None:
                    stop = _run_tiers(game, plan, table, np.zeros((nw, width), np.int64), bar)
                    if stop is None:
                        break
                    if stop.code == OVERFLOW:
                        table = widen(table)     # tiers are cheap to redo from the start
                        continue
                else:
                    stop, table = _run_serial(game, plan, table, np.zeros(width, np.int64), bar,
                                              chunk)
                    if stop is None:
                        break
                if stop.code == LAYER_CROSSED and plan.fallback is not None:
                    plan = plan.fallback     # the options cross the layers: index order
                    table[:] = 0
                    continue
                raise game.stop_error(stop)
    finally:
        bar.close()
    return table, _net(t0, c0)


def _run_tiers(game: Game, plan, table: np.ndarray, scratch: np.ndarray, bar: Progress):
    """The plan's tiers in order, each on all threads (one call of the orchestrator a tier:
    progress and Ctrl-C between tiers); the :class:`Stop` of the first tier that had one."""
    worker, args = plan.worker(table)
    bounds = plan.bounds
    for t in range(bounds.size - 1):
        stop = decode(K.run_tiers(worker, game.moves, game.move_params, args, bounds[t:t + 2],
                                  table, scratch))
        if stop is not None:
            return stop
        bar.update(min(int(bounds[t + 1]) * plan.units, table.size))
    return None


def _run_serial(game: Game, plan, table: np.ndarray, row: np.ndarray, bar: Progress,
                chunk: int):
    """The plan's worker on positions in index order, chunk by chunk (a chunk adapted to take
    about ``CHUNK_SECONDS``), widening the table on a Grundy value past its dtype: ``(stop or
    None, table)``."""
    size = table.size
    worker, args = plan.worker(table)
    lo = 0
    while lo < size:
        hi = min(size, lo + chunk)
        tc = time.perf_counter()
        stop = decode(worker(game.moves, game.move_params, args, lo, hi, table, row))
        if stop is None:
            # adapt the chunk so that one call takes about CHUNK_SECONDS (positions of octal
            # games get dearer as heaps grow; chip positions cost the same)
            dt = time.perf_counter() - tc
            chunk = int(min(max(chunk * CHUNK_SECONDS / max(dt, 1e-6), 1 << 10), 1 << 24))
            lo = hi
            bar.update(lo)
            continue
        if stop.code == SCRATCH_FULL and plan.grow is not None:
            plan.grow()                      # room made: again from where it stopped
        elif stop.code == OVERFLOW:
            table = widen(table)
        else:
            return stop, table
        worker, args = plan.worker(table)
        lo = stop.pos
    return None, table


def canonical_plan(game: Game, pool, symmetry: bool = True) -> Plan:
    """The serial plan of a table of canonical forms (:func:`gtables.cgt.fill.canonical_range`
    into ``pool``, which its ``grow`` doubles), with the game's symmetry unless not
    ``symmetry``."""
    from ..cgt.fill import canonical_range
    from .search_kernels import no_symmetry
    canon = game.search.canon if symmetry and game.search is not None else no_symmetry

    def work(moves, params, args, lo, hi, table, row):
        return canonical_range(moves, canon, params, args[0], lo, hi, table, row, pool.P)
    args = np.array([game.max_options], dtype=np.int64)
    return Plan(lambda table: (work, args), grow=pool.grow)


def _net(t0: float, c0: float) -> float:
    """Seconds since ``t0`` without the seconds spent compiling kernels since (``c0``: the
    process's compile seconds at ``t0``): a table's ``compute_seconds`` is its fill's."""
    return max(0.0, time.perf_counter() - t0 - (compile_seconds() - c0))
