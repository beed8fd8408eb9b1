"""Filling 1-D *sequence* tables: heap games whose value at heap n depends only on smaller heaps.

Such a table for heaps ``0..N`` is a prefix of the table for any larger ``N``, which buys three
things the general driver (:mod:`.compute`) cannot offer:

* **resuming**: a run starts from any stored prefix (a smaller complete table of the same game, or
  the checkpoint an interrupted run left) instead of from heap 0;
* **checkpoints**: a long run hands its prefix to a ``checkpoint`` callback every
  ``checkpoint_seconds``, so a kill loses at most the work since the last one;
* **stopping at a proof**: with ``until_periodic`` a :class:`~gtables.engine.periodicity.PeriodWatch`
  follows the values, and once the family's periodicity theorem proves period ``p`` from ``n0``
  the rest of the table is filled from the period, exactly (it is a theorem, not a guess).

A family opts in by giving its :class:`~.game.Rules` a ``sequence`` strategy
(:class:`~.game.SequenceStrategy`: ``stepper(algorithm)`` -> a stepper with ``prepare(table, n)``,
``run(table, lo, hi) -> status`` and ``stats()``; ``key``, its spec without the size; and, if a
theorem applies, ``period_bound`` and ``period_theorem``).

Every run also keeps :class:`~.sequence_stats.SequenceStats` (largest value and where, zeros,
histograms at powers of two, the ``mod 2^61`` checksum), fed chunk by chunk as heaps are done;
they cover the whole table, heaps filled from a proved period included.  A resumed run feeds
them the prefix first, so they equal a fresh run's.
"""
from __future__ import annotations

import dataclasses
import time

import numpy as np

from ..config import compile_seconds
from ..errors import GtablesError
from .game import Game
from .memory import check_memory, sequence_bytes, widen
from .periodicity import Periodicity
from .progress import CHUNK_SECONDS, Progress
from .sequence_stats import SequenceStats
from .status import OVERFLOW, decode

CHECKPOINT_SECONDS = 30.0


def require_period_theorem(game: Game) -> None:
    """Refuse ``--until-periodic`` for a game without a periodicity theorem (it could never stop
    at a proof): the one wording, for compute, sweeps and :func:`fill_sequence`.  A game whose
    strategy says ``observe_periods`` passes: its run reports the observed period only."""
    if not game.has_period_theorem and not (game.sequence is not None
                                            and game.sequence.observe_periods):
        raise GtablesError(f"{game.spec}: no periodicity theorem is known for this game, so "
                           f"--until-periodic cannot stop at a proof")


@dataclasses.dataclass
class SequenceRun:
    values: np.ndarray
    seconds: float               # compute time of this run (resumed work not included)
    computed_to: int             # heaps 0..computed_to-1 were computed (or read from a prefix)
    resumed_from: int            # heaps 0..resumed_from-1 came from a stored prefix
    algorithm: dict              # what the stepper did (algorithm, mask, rare heaps, ...)
    periodicity: Periodicity | None = None   # a proved period, when until_periodic found one
    observed: Periodicity | None = None      # until_periodic without a proof: what the values show
    stats: SequenceStats | None = None       # of the whole table (heaps 0..values.size-1)

    def info(self) -> dict:
        d = {"computed_to": self.computed_to, "resumed_from": self.resumed_from, **self.algorithm}
        if self.stats is not None:
            d["stats"] = self.stats.as_dict()
        if self.periodicity is not None:
            p = self.periodicity
            d.update(period=p.period, preperiod=p.preperiod, saltus=p.saltus, proof=p.certificate,
                     filled_by_period=self.computed_to < self.values.size)
        elif self.observed is not None:
            d.update(observed=self.observed.as_dict())
        return d


def fill_sequence(game: Game, *, prefix: np.ndarray | None = None, until_periodic: bool = False,
                  algorithm: str = "auto", progress: bool | None = None, checkpoint=None,
                  checkpoint_seconds: float = CHECKPOINT_SECONDS,
                  ignore_memory: bool = False, ignore_time: bool = False) -> SequenceRun:
    """Fill ``game``'s table (see the module docstring).  ``prefix`` = known values of heaps
    ``0..len(prefix)-1``; ``checkpoint(values_so_far)`` is called now and then on long runs.
    Refused before anything is allocated when the table needs more memory than there is
    (unless ``ignore_memory``) or its kernel's cost model puts the heaps left past the time
    limit (unless ``ignore_time``; :func:`~.cost.check_time`)."""
    if not game.is_sequence:
        raise GtablesError(f"{game.spec}: not a sequence table (resuming and --until-periodic "
                           f"apply to heap games such as octal games)")
    seq = game.sequence
    assert seq is not None       # is_sequence (a property: mypy does not narrow through it)
    watch = None
    if until_periodic:
        require_period_theorem(game)
    if until_periodic and seq.period_bound is not None:
        from .periodicity import PeriodWatch
        watch = PeriodWatch(seq.period_bound, seq.period_theorem, saltus=seq.arithmetic,
                            hypothesis=seq.period_hypothesis)
    check_memory(game, ignore_memory, need=sequence_bytes(
        game, until_periodic=until_periodic, start_dtype=None if prefix is None else prefix.dtype))
    from .cost import check_time
    check_time(game, algorithm=algorithm, start=0 if prefix is None else len(prefix),
               until_periodic=until_periodic, ignore_time=ignore_time)
    size = game.space.size
    start = 0 if prefix is None else min(len(prefix), size)
    dtype = np.uint8 if prefix is None else prefix.dtype
    table = np.zeros(size, dtype=dtype)
    if prefix is not None and start:
        table[:start] = prefix[:start]
    stepper = seq.stepper(algorithm)
    stepper.prepare(table, start)
    stats = SequenceStats()       # fed every finished chunk in order: it never reads back
    stats.update(table[:start], 0)
    bar = Progress(size, game.spec, enabled=progress, start=start,
                   work=getattr(stepper, "estimate", None))
    t0 = last_ckpt = time.perf_counter()
    compiled0 = compile_seconds()      # compiling is not the fill's time
    n, chunk, proved = start, (1 << 6) if watch is not None else (1 << 12), None
    try:
        if watch is not None and n:
            proved = watch.update(table, n)
        while n < size and proved is None:
            step = chunk if watch is None else min(chunk, max(1 << 6, n // 8))
            hi = min(size, n + step)   # with a watch, look for a period every 1/8 of the way
            target = None if watch is None else watch.target()
            if target is not None and n < target < hi:
                hi = target
            c0 = time.perf_counter()
            stop = decode(stepper.run(table, n, hi))
            if stop is not None:
                if stop.code != OVERFLOW:      # a stepper handles its own scratch
                    raise stop.error(game.spec, kind=game.kind)
                table = widen(table)           # a value outgrew the dtype: widen, go on
                n = stop.pos
                stats.update(table[stats.length:n], stats.length)
                continue
            dt = time.perf_counter() - c0
            chunk = int(min(max(chunk * CHUNK_SECONDS / max(dt, 1e-6), 1 << 10), 1 << 24))
            n = hi
            stats.update(table[stats.length:n], stats.length)
            bar.update(n)
            if watch is not None:
                proved = watch.update(table, n)
            if checkpoint is not None and time.perf_counter() - last_ckpt >= checkpoint_seconds \
                    and n < size and proved is None:
                checkpoint(table[:n])
                last_ckpt = time.perf_counter()
    except KeyboardInterrupt:
        if checkpoint is not None and n > start and proved is None:
            checkpoint(table[:n])          # Ctrl-C: keep what was done, the next run resumes
        raise
    finally:
        bar.close()
    computed = n
    if proved is not None and n < size:
        from .periodicity import extend_periodic
        if proved.saltus:       # the values go on growing: widen for the last one first
            top = int(table[n - proved.period:n].max()) + \
                proved.saltus * ((size - n) // proved.period + 1)
            while top > np.iinfo(table.dtype).max:
                table = widen(table)
        extend_periodic(table, n, proved.period, proved.saltus)
    stats.update(table[stats.length:], stats.length)
    observed = None
    if until_periodic and proved is None:
        from .periodicity import find_period
        observed = find_period(table[:computed], saltus=seq.arithmetic)
    seconds = max(0.0, time.perf_counter() - t0 - (compile_seconds() - compiled0))
    return SequenceRun(values=table, seconds=seconds, computed_to=computed, resumed_from=start,
                       algorithm=stepper.stats(), periodicity=proved, observed=observed,
                       stats=stats)
