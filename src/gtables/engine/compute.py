"""The Python wrapper around the kernels: validate, estimate memory, pick the dtype, call the
kernel chunk by chunk (progress, Ctrl-C between chunks), widen the dtype when a Grundy value
outgrows it, and turn kernel status codes into clear errors."""
from __future__ import annotations

import time

import numpy as np

from ..errors import GtablesError
from .game import GRUNDY, MISERE, OUTCOME, PARTIZAN, Game
from .memory import check_memory, estimate_bytes, initial_dtype, widen
from .progress import CHUNK_SECONDS, Progress
from .sequence import fill_sequence

def check_request(game: Game, *, until_periodic: bool = False, algorithm: str = "auto",
                  ignore_memory: bool = False) -> None:
    """Refuse, before a store is touched or anything is allocated, a compute request that cannot
    succeed: sequence-table options on another table, ``until_periodic`` for a game without a
    periodicity theorem, a table larger than the memory available (:func:`check_memory`)."""
    if game.sequence is None and (until_periodic or algorithm != "auto"):
        raise GtablesError(f"{game.spec}: --until-periodic and --algorithm apply to sequence "
                           f"tables (octal games) only")
    if until_periodic and game.period_bound is None:
        raise GtablesError(f"{game.spec}: no periodicity theorem is known for this game, so "
                           f"--until-periodic cannot stop at a proof")
    check_memory(game, ignore_memory, need=estimate_bytes(game, until_periodic=until_periodic))


def _explain(game: Game, status: int) -> str:
    from .kernels import ST_BAD_TERMINAL, ST_SUM_OPTION
    pos, code = divmod(status, 4)
    where = game.space.format_index(pos) if 0 <= pos < game.space.size else str(pos)
    if code == ST_BAD_TERMINAL:
        return (f"{game.spec}: position {where} ends the game with a win for the player to move, "
                f"which has no Grundy value (ask for outcomes instead)")
    if code == ST_SUM_OPTION:
        return (f"{game.spec}: position {where} has an option that is a sum of two positions; "
                f"outcome tables need single positions (outcomes do not add)")
    return f"{game.spec}: kernel stopped at position {where} with code {code}"




def fill(game: Game, *, progress: bool | None = None, chunk: int = 1 << 12,
         ignore_memory: bool = False, threads: int | None = None,
         generic: bool = False) -> tuple[np.ndarray, float]:
    """Fill the whole table of ``game`` bottom-up; return ``(values, seconds)``.

    Tiered spaces (``space.tier_bounds()`` not ``None``) run on all threads; others run the serial
    worker chunk by chunk.  ``generic=True`` ignores a family's specialised worker (for tests).
    """
    if generic and (game.grundy_worker is not None or game.fill is not None
                    or game.sequence is not None):
        import dataclasses
        game = dataclasses.replace(game, grundy_worker=None, fill=None, sequence=None)
    if game.sequence is not None and not generic:

        run = fill_sequence(game, progress=progress, ignore_memory=ignore_memory)
        return run.values, run.seconds
    if game.fill is not None:
        check_memory(game, ignore_memory)
        t0 = time.perf_counter()
        values = np.ascontiguousarray(game.fill(game))
        if values.shape != (game.space.size,):
            raise ValueError(f"{game.spec}: family fill returned shape {values.shape}")
        return values, time.perf_counter() - t0
    from . import kernels as K

    check_memory(game, ignore_memory)
    size = game.space.size
    dtype = initial_dtype(game)
    table = np.zeros(size, dtype=dtype)
    nbuf = 2 * game.max_options + 2
    buf = np.zeros(nbuf, dtype=np.int64)
    seen = np.zeros(game.max_options + 2, dtype=np.int64)
    params = game.move_params
    bar = Progress(size, game.spec, enabled=progress)
    bounds = game.space.tier_bounds()
    t0 = time.perf_counter()
    try:
        if bounds is not None:
            import numba
            nw = threads or numba.get_num_threads()
            bufs = np.zeros((nw, nbuf), dtype=np.int64)
            seens = np.zeros((nw, game.max_options + 2), dtype=np.int64)
            bounds = np.ascontiguousarray(bounds, dtype=np.int64)
            while True:
                if game.kind == GRUNDY:
                    st = K.grundy_tiers(game.moves, params, bounds, table,
                                        int(np.iinfo(table.dtype).max), bufs, seens)
                elif game.kind in (OUTCOME, MISERE):
                    st = K.outcome_tiers(game.moves, params, bounds, table, game.kind == MISERE, bufs)
                else:
                    st = _serial(game, K, table, 0, size, buf, seen, bar)
                if st == K.DONE:
                    break
                if st % 4 == K.ST_OVERFLOW:
                    table = widen(table)
                    continue  # tiers are cheap to redo from the start; rare in practice
                raise GtablesError(_explain(game, st))
        else:
            lo = 0
            while lo < size:
                hi = min(size, lo + chunk)
                c0 = time.perf_counter()
                st = _serial(game, K, table, lo, hi, buf, seen, bar)
                if st == K.DONE:
                    # adapt the chunk so that one call takes about CHUNK_SECONDS (positions of
                    # octal games get dearer as heaps grow; chip positions cost the same)
                    dt = time.perf_counter() - c0
                    chunk = int(min(max(chunk * CHUNK_SECONDS / max(dt, 1e-6), 1 << 10), 1 << 24))
                    lo = hi
                    bar.update(lo)
                    continue
                pos, code = divmod(st, 4)
                if code == K.ST_OVERFLOW:
                    table = widen(table)
                    lo = pos
                    continue
                raise GtablesError(_explain(game, st))
    finally:
        bar.close()
    return table, time.perf_counter() - t0


def _serial(game, K, table, lo, hi, buf, seen, bar):
    if game.kind == GRUNDY and game.grundy_worker is not None:
        return game.grundy_worker(game.move_params, lo, hi, table, int(np.iinfo(table.dtype).max),
                                  seen)
    if game.kind == GRUNDY:
        return K.grundy_range(game.moves, game.move_params, lo, hi, table,
                              int(np.iinfo(table.dtype).max), buf, seen)
    if game.kind in (OUTCOME, MISERE):
        return K.outcome_range(game.moves, game.move_params, lo, hi, table, game.kind == MISERE, buf)
    if game.kind == PARTIZAN:
        return K.partizan_range(game.moves, game.move_params, lo, hi, table, buf)
    raise ValueError(game.kind)


