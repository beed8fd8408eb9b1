"""Sequences longer than memory: a full prefix plus a window of recent values.

A sequence table keeps every value.  Past a few billion heaps that no longer fits, while the
sparse-space method only ever reads two kinds of values: those of the *rare* heaps (all small
heaps, in practice) and those of the heaps just behind the current one (the partners of the rare
heaps, and the first stretch of a split scan).  :func:`fill_bounded` keeps the table of heaps
``0..keep-1`` whole and, past it, only a window of the most recent ``window`` values; it feeds
every value to a :class:`~.sequence_stats.SequenceStats` (checksum, histograms, zeros, largest
value), so the run's result is the full prefix plus the statistics of the whole sequence.

This is exact as long as the values it needs are kept; the kernel checks that and stops
(:data:`~.status.NEW_RARE`: a rare heap past the prefix, whose value later heaps would read
far behind the window; :data:`~.status.WINDOW_SHORT`: a split whose partner has left the
window) instead of guessing.  The run then ends with a :class:`BoundedStop` that names the heap
and what to do (a longer prefix, or a wider window); the state it returns (and saves through
``checkpoint``) resumes the run where it stopped.

A family opts in through its stepper: ``start_window(table, keep)`` and
``run_window(buf, lo, hi, off, keep)`` (the layout: ``buf[:keep]`` = heaps ``0..keep-1``, heap
``h >= keep + off`` at ``buf[h - off]``).
"""
from __future__ import annotations

import dataclasses
import time

import numpy as np

from ..errors import GtablesError
from .game import Game
from .memory import widen
from .progress import CHUNK_SECONDS, Progress
from .sequence_stats import SequenceStats
from .status import NEW_RARE, OVERFLOW, WINDOW_SHORT, decode

DEFAULT_WINDOW = 1 << 22
MIN_WINDOW = 1 << 16
STEP = 1 << 18          # heaps per kernel call (the two-thread pipeline wants many chunks)


class BoundedStop(GtablesError):
    """The bounded run cannot go on exactly: ``state`` resumes it (to this heap)."""

    def __init__(self, message: str, state: dict):
        super().__init__(message)
        self.state = state


@dataclasses.dataclass
class BoundedRun:
    prefix: np.ndarray           # heaps 0..keep-1, complete
    stats: SequenceStats         # heaps 0..size-1
    tail: np.ndarray             # the last values computed: heaps size-len(tail)..size-1
    seconds: float               # compute time of this run (the prefix's not included)
    window: int
    algorithm: dict

    def info(self) -> dict:
        """The record stored with the prefix table: what is complete, what only statistics."""
        return {"full_to": int(self.prefix.size), "stats_to": int(self.stats.length),
                "window": self.window, "stats": self.stats.as_dict(),
                "tail_from": int(self.stats.length - self.tail.size),
                "tail": [int(v) for v in self.tail[-16:]], "seconds": round(self.seconds, 6),
                **{k: v for k, v in self.algorithm.items() if k != "algorithm"}}


def _state(n: int, buf: np.ndarray, off: int, keep: int, stats: SequenceStats,
           window: int) -> dict:
    """What resumes a bounded run at heap ``n``: the values of the window behind it."""
    lo = max(keep, n - window // 2)
    return {"n": n, "tail_from": lo, "tail": buf[lo - off:n - off].copy(), "window": window,
            "stats": stats.as_dict()}


def fill_bounded(game: Game, prefix: np.ndarray, *, window: int = DEFAULT_WINDOW,
                 state: dict | None = None, progress: bool | None = None, checkpoint=None,
                 checkpoint_seconds: float = 600.0) -> BoundedRun:
    """Go on from the full table ``prefix`` (heaps ``0..keep-1``) to heap ``game.space.size - 1``
    keeping a window of ``window`` values (module docstring).  ``state`` (from a checkpoint or a
    :class:`BoundedStop`) resumes an earlier run of the same game and prefix;
    ``checkpoint(state)`` is called now and then, and once more on Ctrl-C."""
    seq = game.sequence
    if seq is None:
        raise GtablesError(f"{game.spec}: not a sequence table (bounded memory applies to heap "
                           f"games such as octal games)")
    size = game.space.size
    keep = int(prefix.size)
    if window < MIN_WINDOW:
        raise GtablesError(f"--window must be at least {MIN_WINDOW:,} values, not {window:,}")
    if keep < 4096 or keep >= size:
        raise GtablesError(f"{game.spec}: the full prefix (--keep {keep:,}) must have at least "
                           f"4,096 heaps and fewer than the table's {size:,}")
    stepper = seq.stepper("sparse")
    if not hasattr(stepper, "run_window"):
        raise GtablesError(f"{game.spec}: this family has no bounded-memory kernel")
    stepper.prepare(prefix, keep)
    stepper.start_window(prefix, keep)
    buf = np.zeros(keep + window, dtype=prefix.dtype)
    buf[:keep] = prefix
    if state is None:
        stats, n, off = SequenceStats.of(prefix), keep, 0
    else:
        stats = SequenceStats.from_dict(state["stats"])
        n, lo, tail = int(state["n"]), int(state["tail_from"]), np.asarray(state["tail"])
        if stats.length != n or lo + tail.size != n or lo < keep:
            raise GtablesError(f"{game.spec}: the bounded run's saved state does not fit "
                               f"(statistics to {stats.length:,}, window {lo:,}..{n:,})")
        while tail.size and int(tail.max()) > np.iinfo(buf.dtype).max:
            buf = widen(buf)
        off = lo - keep
        buf[keep:keep + tail.size] = tail
        if stats.max_value is not None and stats.max_value > int(prefix.max()):
            # the values grew past the prefix's: the kernel's scratch must cover them
            stepper.prepare_bits(int(stats.max_value))
    bar = Progress(size, game.spec + " (bounded)", enabled=progress, start=n)
    t0 = last = time.perf_counter()
    chunk = STEP
    try:
        while n < size:
            if n - off >= keep + window:      # the window is full: keep its newer half
                half = window // 2
                buf[keep:keep + half] = buf[n - off - half:n - off]
                off = n - half - keep
            hi = min(size, n + chunk, off + keep + window)
            c0 = time.perf_counter()
            stop = decode(stepper.run_window(buf, n, hi, off, keep))
            if stop is not None:
                if stop.code == OVERFLOW:
                    buf = widen(buf)
                    continue
                pos = stop.pos
                stats.update(buf[n - off:pos - off], n)
                n = pos
                st = _state(n, buf, off, keep, stats, window)
                if checkpoint is not None:
                    checkpoint(st)
                why = ("is rare (its value is in the rare class), and rare heaps past the full "
                       "prefix are not kept: rerun with --keep above it" if stop.code == NEW_RARE
                       else "needs a value that has left the window: rerun with a larger "
                       "--window" if stop.code == WINDOW_SHORT else stop.message(game.spec))
                raise BoundedStop(f"{game.spec}: bounded run stopped at heap {pos:,}: heap "
                                  f"{pos:,} {why}; heaps 0..{pos - 1:,} are done (their "
                                  f"statistics are saved, the same command resumes them)", st)
            stats.update(buf[n - off:hi - off], n)
            dt = time.perf_counter() - c0
            chunk = int(min(max(chunk * CHUNK_SECONDS / max(dt, 1e-6), 1 << 12), window // 4))
            n = hi
            bar.update(n)
            if checkpoint is not None and time.perf_counter() - last >= checkpoint_seconds \
                    and n < size:
                checkpoint(_state(n, buf, off, keep, stats, window))
                last = time.perf_counter()
    except KeyboardInterrupt:
        if checkpoint is not None and n > keep:
            checkpoint(_state(n, buf, off, keep, stats, window))
        raise
    finally:
        bar.close()
    lo = max(keep + off, n - 1024)
    return BoundedRun(prefix=prefix, stats=stats, tail=buf[lo - off:n - off].copy(),
                      seconds=time.perf_counter() - t0, window=window,
                      algorithm=stepper.stats())
