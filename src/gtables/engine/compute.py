"""The Python wrapper around the kernels: validate, estimate memory, pick the dtype, call the
kernel chunk by chunk (progress, Ctrl-C between chunks), widen the dtype when a Grundy value
outgrows it, and turn kernel status codes into clear errors."""
from __future__ import annotations

import dataclasses
import time

import numpy as np

from ..config import compile_seconds
from ..errors import GtablesError
from . import kernels as K
from .game import GRUNDY, MISERE, OUTCOME, PARTIZAN, Game
from .memory import check_memory, estimate_bytes, initial_dtype, widen
from .progress import CHUNK_SECONDS, Progress
from .sequence import fill_sequence, require_period_theorem
from .status import OVERFLOW, Stop, decode


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


def _error(game: Game, stop: Stop) -> GtablesError:
    where = game.space.format_index(stop.pos) if 0 <= stop.pos < game.space.size else None
    return stop.error(game.spec, where, game.kind)


def _worker(game: Game, table: np.ndarray):
    """The engine worker for ``game``'s value kind and its ``args`` (see :func:`K.worker_sig`)."""
    nbuf = 2 * game.max_options + 2      # the move buffer: exactly what max_options promises
    if game.kind == GRUNDY:
        return K.grundy_range, np.array([np.iinfo(table.dtype).max, nbuf], dtype=np.int64)
    if game.kind in (OUTCOME, MISERE):
        return K.outcome_range, np.array([game.kind == MISERE, nbuf], dtype=np.int64)
    if game.kind == PARTIZAN:
        return K.partizan_range, np.array([nbuf], dtype=np.int64)
    raise ValueError(game.kind)


def fill(game: Game, *, progress: bool | None = None, chunk: int = 1 << 12,
         ignore_memory: bool = False, threads: int | None = None,
         generic: bool = False, ignore_time: bool = False) -> tuple[np.ndarray, float]:
    """Fill the whole table of ``game`` bottom-up; return ``(values, seconds)``.

    Sequence tables go to :func:`~.sequence.fill_sequence`, a family's fast fill runs when it
    has one; otherwise tiered spaces (``space.tier_bounds()`` not ``None``) run the kind's worker
    on all threads (:func:`K.run_tiers`) and others run it serially chunk by chunk.
    ``generic=True`` ignores the game's strategies (fast fill, sequence): the generic kernels
    only, for tests.
    """
    if generic and game.option_slots == 1:
        generic = False      # the public game API's generators fill only by their own kernels
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
    size = game.space.size
    table = np.zeros(size, dtype=initial_dtype(game))
    width = K.scratch_width(game.max_options)
    bar = Progress(size, game.spec, enabled=progress)
    bounds = game.space.tier_bounds()
    t0, c0 = time.perf_counter(), compile_seconds()
    try:
        if bounds is not None:
            import numba
            nw = threads or numba.get_num_threads()
            scratch = np.zeros((nw, width), dtype=np.int64)
            bounds = np.ascontiguousarray(bounds, dtype=np.int64)
            while True:
                worker, args = _worker(game, table)
                stop = decode(K.run_tiers(worker, game.moves, game.move_params, args, bounds,
                                          table, scratch))
                if stop is None:
                    break
                if stop.code != OVERFLOW:
                    raise _error(game, stop)
                table = widen(table)
                scratch[:] = 0   # tiers are cheap to redo from the start; rare in practice
        else:
            row = np.zeros(width, dtype=np.int64)
            lo = 0
            while lo < size:
                hi = min(size, lo + chunk)
                c0 = time.perf_counter()
                worker, args = _worker(game, table)
                stop = decode(worker(game.moves, game.move_params, args, lo, hi, table, row))
                if stop is None:
                    # adapt the chunk so that one call takes about CHUNK_SECONDS (positions of
                    # octal games get dearer as heaps grow; chip positions cost the same)
                    dt = time.perf_counter() - c0
                    chunk = int(min(max(chunk * CHUNK_SECONDS / max(dt, 1e-6), 1 << 10), 1 << 24))
                    lo = hi
                    bar.update(lo)
                    continue
                if stop.code != OVERFLOW:
                    raise _error(game, stop)
                table = widen(table)
                lo = stop.pos
    finally:
        bar.close()
    return table, _net(t0, c0)


def _net(t0: float, c0: float) -> float:
    """Seconds since ``t0`` without the seconds spent compiling kernels since (``c0``: the
    process's compile seconds at ``t0``): a table's ``compute_seconds`` is its fill's."""
    return max(0.0, time.perf_counter() - t0 - (compile_seconds() - c0))
