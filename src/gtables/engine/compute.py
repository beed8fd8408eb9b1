"""The Python wrapper around the kernels: validate, estimate memory, pick the dtype, call the
kernel chunk by chunk (progress, Ctrl-C between chunks), widen the dtype when a Grundy value
outgrows it, and turn kernel status codes into clear errors."""
from __future__ import annotations

import os
import sys
import time

import numpy as np

from ..errors import GtablesError
from .game import GRUNDY, MISERE, OUTCOME, PARTIZAN, Game

GRUNDY_DTYPES = (np.uint8, np.uint16, np.uint32)


def available_memory() -> int:
    """Bytes of memory available now (MemAvailable), or a generous guess if unknown."""
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 1 << 40


def human_bytes(n: float) -> str:
    for unit in ("B", "KiB", "MiB", "GiB", "TiB"):
        if n < 1024 or unit == "TiB":
            return f"{n:.1f} {unit}" if unit != "B" else f"{int(n)} B"
        n /= 1024
    return f"{n:.1f} TiB"


def initial_dtype(game: Game):
    """uint8 always: outcome codes fit, and a Grundy table starts compact and is widened only
    when a computed value outgrows it, so the final dtype is the smallest that holds its maximum."""
    return np.uint8


def estimate_bytes(game: Game) -> int:
    dt = initial_dtype(game)
    scratch = (2 * game.max_options + 2) * 8 * 2 * max(1, os.cpu_count() or 1)
    return game.space.size * np.dtype(dt).itemsize + scratch


def check_memory(game: Game, ignore_memory: bool = False, need: int | None = None) -> None:
    need = estimate_bytes(game) if need is None else need
    have = available_memory()
    if need > have * 0.9 and not ignore_memory:
        raise GtablesError(
            f"{game.spec} needs about {human_bytes(need)} ({game.space.size:,} positions) but only "
            f"{human_bytes(have)} is available; use a smaller size, or --ignore-memory-limit")


LOG_SECONDS = 30.0  # a plain progress line this often when stderr is not a terminal


def log_seconds() -> float:
    """Seconds between two plain progress lines: ``$GTABLES_LOG_SECONDS`` if it is a positive
    number (tests use 0.1), else :data:`LOG_SECONDS`."""
    try:
        v = float(os.environ.get("GTABLES_LOG_SECONDS", ""))
    except ValueError:
        return LOG_SECONDS
    return v if v > 0 else LOG_SECONDS


def stderr_is_terminal() -> bool:
    try:
        return sys.stderr is not None and sys.stderr.isatty()
    except (AttributeError, ValueError):   # replaced by an object without isatty, or closed
        return False


def clock_text(seconds: float) -> str:
    """``H:MM:SS``, as a log reader expects elapsed times and ETAs."""
    s = int(max(0.0, seconds) + 0.5)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"


class Progress:
    """Progress of a long fill on stderr, in one of three modes.

    ``enabled=None`` (the default of :func:`fill`, :func:`~gtables.engine.sequence.fill_sequence`
    and :func:`gtables.compute`): when stderr is a terminal, a one-line bar redrawn with ``\\r``
    (after 1.5 s: short runs draw nothing); when it is not (a cluster job, ``nohup``, CI), a plain
    newline-terminated line every ``interval`` seconds (default :func:`log_seconds`: 30, or
    ``$GTABLES_LOG_SECONDS``), the first only once ``interval`` has passed, so that a log shows a
    long job is alive and short runs print nothing::

        gtables: octal:code=0.6,size=8388607  1,234,567/8,388,608 (14.7%)  231,000 pos/s  elapsed 0:05:21  ETA 0:31:02

    ``enabled=True`` forces the bar, ``enabled=False`` prints nothing.  ``start`` = positions
    already known before this run (a resumed prefix): counts are absolute, the rate and ETA are
    of this run.  ``update(done)`` takes the absolute count; it is cheap, call it per chunk.
    """

    def __init__(self, total: int, label: str, enabled: bool | None = None, *, start: int = 0,
                 interval: float | None = None, clock=time.perf_counter):
        self.total = max(1, total)
        self.label = label
        self.start = start
        if enabled is None:
            self.mode = "bar" if stderr_is_terminal() else "log"
        else:
            self.mode = "bar" if enabled else None
        self.enabled = self.mode is not None
        self.interval = log_seconds() if interval is None else interval
        self.clock = clock
        self.t0 = clock()
        self.last = 0.0                            # the bar's last redraw
        self.next_line = self.t0 + self.interval   # when the log's next line is due

    def _rate_eta(self, done: int, elapsed: float) -> tuple[float, float | None]:
        rate = (done - self.start) / elapsed if elapsed > 0 else 0.0
        eta = (self.total - done) / rate if rate > 0 else None
        return rate, eta

    def update(self, done: int) -> None:
        if self.mode is None:
            return
        now = self.clock()
        el = now - self.t0
        if self.mode == "log":
            if now < self.next_line:
                return
            self.next_line = now + self.interval
            rate, eta = self._rate_eta(done, el)
            sys.stderr.write(f"gtables: {self.label}  {done:,}/{self.total:,} "
                             f"({100 * done / self.total:.1f}%)  {rate:,.0f} pos/s  "
                             f"elapsed {clock_text(el)}  "
                             f"ETA {'?' if eta is None else clock_text(eta)}\n")
            sys.stderr.flush()
            return
        if el < 1.5 or (now - self.last < 0.2 and done < self.total):
            return  # short runs draw nothing
        self.last = now
        frac = done / self.total
        rate, eta = self._rate_eta(done, el)
        bar = "#" * int(30 * frac)
        label = self.label if len(self.label) < 40 else self.label[:37] + "..."
        sys.stderr.write(f"\r{label} [{bar:<30}] {100 * frac:5.1f}% "
                         f"{rate / 1e6:8.2f} M pos/s  ETA {eta or 0.0:6.1f}s ")
        sys.stderr.flush()

    def close(self) -> None:
        if self.mode == "bar" and self.last:
            sys.stderr.write("\n")
            sys.stderr.flush()


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


CHUNK_SECONDS = 0.25  # target time of one kernel call: Ctrl-C and the progress bar act between calls


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
        from .sequence import fill_sequence
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


def widen(table: np.ndarray) -> np.ndarray:
    i = GRUNDY_DTYPES.index(table.dtype.type)
    if i + 1 >= len(GRUNDY_DTYPES):
        raise GtablesError("a Grundy value exceeds 2^32-1")
    return table.astype(GRUNDY_DTYPES[i + 1])
