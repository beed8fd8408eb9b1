"""How long a table takes, known before it is computed: each kernel's cost model, and the time
guard beside the memory guard (:mod:`.memory`).

A kernel's cost is the work it does, counted in its own unit (options visited by the generic
kernels, pairs of heaps scanned by the octal naive kernel, triples of heaps walked for splits
into three), at a rate measured on the machine this was written on (:data:`RATES`; numbers in
the docstrings of the kernels).  Rates are taken on the fast side of what was measured, so an
estimate is rather too short than too long: a refusal means the run is really past the limit.

A family's sequence stepper gives its own model (``stepper.estimate(lo, hi)`` -> an
:class:`Estimate` for heaps ``lo..hi-1``, e.g. :meth:`gtables.games.octal.stepper.OctalStepper.estimate`);
the generic kernels visit every option of every position, counted on a sample of positions.
Fast fills of a family's own (End-Nim rectangles, chips) and steppers without a model have no
estimate: they are never refused for time.  The same models make progress ETAs honest: a
quadratic kernel's remaining time grows with the square of the heap, not linearly
(:class:`~.progress.Progress` ``work=``).
"""
from __future__ import annotations

import dataclasses
import math
import os

from ..errors import GtablesError
from .game import PARTIZAN_KINDS, Game

TIME_LIMIT = 24 * 3600.0     # seconds: a run estimated past this is refused (GTABLES_TIME_LIMIT)
TIME_ENV = "GTABLES_TIME_LIMIT"
OVERRIDE_FLAG = "--ignore-time-limit"

#: work units per second per thread, on the fast side of what was measured here (2 cores,
#: shared): the generic kernels 0.08 G options/s a thread (nim:heaps=2,size=2000 on 2 threads:
#: 0.16 G/s); the octal scan kernel 2.6-2.7 G pairs/s on one thread and 4.7-4.9 on two (0.04,
#: 0.06, 0.007 to 2^17 values, a store per pair); three-heap splits 0.72 G triples/s on one
#: thread (0.B7 to 9,000 heaps); the sparse-space method at least 5 M heaps/s while its rare
#: heaps stay few.
RATES = {"options": 2e8, "pairs": 3e9, "triples": 1.0e9, "heaps": 2e7}


@dataclasses.dataclass(frozen=True)
class Estimate:
    """``seconds`` of a run, from ``work`` units of ``unit`` at ``rate`` per second (all
    threads), by the model ``model`` (a few words, said in refusals)."""
    seconds: float
    work: float
    unit: str
    rate: float
    model: str


def estimate_of(work: float, unit: str, model: str, threads: int = 1) -> Estimate:
    """An :class:`Estimate` of ``work`` units at :data:`RATES` ``[unit]`` on ``threads``."""
    rate = RATES[unit] * max(1, threads)
    return Estimate(seconds=work / rate, work=float(work), unit=unit, rate=rate, model=model)


def human_seconds(s: float) -> str:
    """``42 s``, ``3.5 min``, ``5.2 h``, ``12 days``, ``3.1 years``, ``2.8e+05 years``."""
    if not math.isfinite(s):
        return "for ever"
    if s < 10:
        return f"{s:.2g} s"
    if s < 90:
        return f"{s:.0f} s"
    if s < 90 * 60:
        return f"{s / 60:.1f} min"
    if s < 48 * 3600:
        return f"{s / 3600:.3g} h"
    days = s / 86400
    if days < 730:
        return f"{days:.0f} days"
    years = days / 365.25
    return f"{years:,.0f} years" if years < 1e5 else f"{years:.1e} years"


def time_limit() -> float:
    """The limit in seconds: ``$GTABLES_TIME_LIMIT`` when set (a positive number of seconds),
    else :data:`TIME_LIMIT` (24 h)."""
    text = os.environ.get(TIME_ENV)
    if text is None or not text.strip():
        return TIME_LIMIT
    t = text.strip()
    try:       # float() also reads '١٢' and '1_000': the integer rule of the README refuses both
        v = float(t) if t.isascii() and "_" not in t else math.nan
    except ValueError:
        v = math.nan
    if not (math.isfinite(v) and v > 0):
        raise GtablesError(f"${TIME_ENV}={t[:30]!r}: give a positive number of seconds in "
                           f"ASCII digits (e.g. 86400), or unset it for the default 24 h")
    return v


def _threads(game: Game) -> int:
    """Threads the generic kernels use on ``game``: all on a tiered space, else one."""
    if game.space.tier_bounds() is None:
        return 1
    import numba
    return int(numba.get_num_threads())


def _sampled_options(game: Game, samples: int = 64) -> float:
    """The mean number of options of ``game``'s positions, from its move generator on
    ``samples`` positions spread evenly over the index (a deterministic sample)."""
    import numpy as np
    size = game.space.size
    idx = np.unique(np.linspace(0, size - 1, num=min(samples, size)).astype(np.int64))
    total = 0
    for side in ((0, 1) if game.kind in PARTIZAN_KINDS else (0,)):
        for i in idx:
            n, opts = game.options(int(i), side)
            total += len(opts) if n >= 0 else 0
    return total / max(1, idx.size)


def estimate(game: Game, *, algorithm: str = "auto", start: int = 0) -> Estimate | None:
    """The time a fill of ``game`` takes from position (heap) ``start`` on, by its kernel's
    cost model, or ``None`` when it has none.  Makes the family's stepper for sequence tables,
    which refuses an ``algorithm`` the game cannot take (:class:`GtablesError`)."""
    size = game.space.size
    if game.is_sequence:
        assert game.sequence is not None
        stepper = game.sequence.stepper(algorithm)
        model = getattr(stepper, "estimate", None)
        return None if model is None else model(min(start, size), size)
    if game.fast_fill is not None or size == 0:
        return None
    mean = _sampled_options(game)
    return estimate_of(size * mean, "options",
                       f"{size:,} positions x about {mean:,.0f} options each",
                       threads=_threads(game))


def check_time(game: Game, *, algorithm: str = "auto", start: int = 0,
               until_periodic: bool = False, ignore_time: bool = False) -> None:
    """Refuse (one-line :class:`GtablesError`, with the estimate and the flag that overrides it)
    a fill of ``game`` estimated past :func:`time_limit`, before anything is allocated.  A run
    ``until_periodic`` of a game with a periodicity theorem may stop at a proof long before its
    last heap: it is not refused.  ``ignore_time`` skips the guard; the algorithm is still
    checked (the stepper is made)."""
    if game.is_sequence and algorithm != "auto":
        assert game.sequence is not None
        game.sequence.stepper(algorithm)          # refuses an algorithm the game cannot take
    if ignore_time or (until_periodic and game.has_period_theorem):
        return
    limit = time_limit()
    if not game.is_sequence and game.fast_fill is None:
        # the bound every position's options obey: below the limit, no sample is needed
        top = estimate_of(game.space.size * max(1, game.max_options), "options", "",
                          threads=_threads(game))
        if top.seconds <= limit:
            return
    e = estimate(game, algorithm=algorithm, start=start)
    if e is None or e.seconds <= limit:
        return
    raise GtablesError(f"{game.spec} is estimated to take {human_seconds(e.seconds)} ({e.model}: "
                       f"{e.work:.2g} {e.unit} at {e.rate:.2g}/s), past the time limit of "
                       f"{human_seconds(limit)}; use a smaller size, or {OVERRIDE_FLAG} "
                       f"(ignore_time=True in Python; ${TIME_ENV} sets the limit)")
