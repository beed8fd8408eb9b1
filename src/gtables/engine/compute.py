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


MEMORY_FRACTION = 0.9   # refuse a table whose estimate exceeds this share of what is available
UNLIMITED = 1 << 60      # cgroup v1 writes "no limit" as a number near 2^63


def _meminfo_available(path: str = "/proc/meminfo") -> int | None:
    try:
        with open(path) as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


def _read_int(path: str) -> int | None:
    """The integer in a cgroup file; None if absent, unreadable or ``max`` (no limit)."""
    try:
        with open(path) as f:
            return int(f.read().strip())
    except (OSError, ValueError):
        return None


def _stat_value(path: str, key: str) -> int:
    try:
        with open(path) as f:
            for line in f:
                k, _, v = line.partition(" ")
                if k == key:
                    return int(v)
    except (OSError, ValueError):
        pass
    return 0


def cgroup_available(proc_cgroup: str = "/proc/self/cgroup",
                     root: str = "/sys/fs/cgroup") -> int | None:
    """Bytes this process's memory cgroup still allows, or None if no limit applies (or the
    files are not readable).  cgroup v2: ``memory.max - memory.current``; v1:
    ``memory.limit_in_bytes - memory.usage_in_bytes``; in both, inactive page cache (which the
    kernel reclaims before it kills) counts as free.  The least over the cgroup and its
    ancestors, since a parent's limit binds its children too."""
    try:
        with open(proc_cgroup) as f:
            lines = f.read().splitlines()
    except OSError:
        return None
    best = None
    for line in lines:
        parts = line.split(":", 2)
        if len(parts) != 3:
            continue
        hid, controllers, path = parts
        if hid == "0" and controllers == "":
            base, limit_f, usage_f, inactive = root, "memory.max", "memory.current", "inactive_file"
        elif "memory" in controllers.split(","):
            base, limit_f, usage_f, inactive = (os.path.join(root, "memory"), "memory.limit_in_bytes",
                                                "memory.usage_in_bytes", "total_inactive_file")
        else:
            continue
        names = [p for p in path.strip().strip("/").split("/") if p and p != ".."]
        for i in range(len(names), -1, -1):
            d = os.path.join(base, *names[:i])
            limit = _read_int(os.path.join(d, limit_f))
            if limit is None or limit >= UNLIMITED:
                continue
            usage = _read_int(os.path.join(d, usage_f)) or 0
            usage -= min(usage, _stat_value(os.path.join(d, "memory.stat"), inactive))
            avail = max(0, limit - usage)
            best = avail if best is None else min(best, avail)
    return best


def available_memory() -> int:
    """Bytes of memory available now: the least of ``MemAvailable`` (``/proc/meminfo``) and what
    the memory cgroup allows (:func:`cgroup_available`; a container's limit is often far below
    the host's free memory), or a generous guess (1 TiB) if neither is known."""
    have = [v for v in (_meminfo_available(), cgroup_available()) if v is not None]
    return min(have) if have else 1 << 40


def human_bytes(n: float) -> str:
    for unit in ("B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"):
        if n < 1024 or unit == "EiB":
            return f"{n:.1f} {unit}" if unit != "B" else f"{int(n)} B"
        n /= 1024
    return f"{n:.1f} EiB"


def initial_dtype(game: Game):
    """uint8 always: outcome codes fit, and a Grundy table starts compact and is widened only
    when a computed value outgrows it, so the final dtype is the smallest that holds its maximum."""
    return np.uint8


def final_dtype(game: Game) -> np.dtype:
    """The widest dtype ``game``'s table can end in.  Outcome codes fit in uint8.  A Grundy value
    is the mex of its options' values, so it is at most the number of options: ``max_options``
    bounds it (and ``value_bound``, when the family proves a smaller bound)."""
    if game.kind != GRUNDY:
        return np.dtype(np.uint8)
    top = game.max_options if game.value_bound is None else min(game.max_options, game.value_bound)
    for dt in GRUNDY_DTYPES:
        if top <= np.iinfo(dt).max:
            return np.dtype(dt)
    return np.dtype(GRUNDY_DTYPES[-1])


def table_bytes(size: int, final, start=np.uint8) -> int:
    """Peak bytes of a table of ``size`` values that starts as ``start`` and may be widened up to
    ``final``: :func:`widen` copies, so the old and the new array live together for a moment."""
    dts = [np.dtype(d) for d in GRUNDY_DTYPES]
    s, f = np.dtype(start), np.dtype(final)
    peak = size * max(s.itemsize, 1)
    if s in dts and f in dts:
        for i in range(dts.index(s), dts.index(f)):
            peak = max(peak, size * (dts[i].itemsize + dts[i + 1].itemsize))
    return peak


def estimate_bytes(game: Game, *, until_periodic: bool = False, start_dtype=None) -> int:
    """Peak bytes a fill of ``game`` allocates: the table (widening included, see
    :func:`table_bytes` and :func:`final_dtype`) and the kernels' scratch buffers (one set per
    thread on tiered spaces); a family's ``fill`` hook declares its own (``Game.fill_bytes``);
    sequence tables: :func:`gtables.engine.sequence.sequence_bytes`."""
    if game.sequence is not None:
        from .sequence import sequence_bytes
        return sequence_bytes(game, until_periodic=until_periodic, start_dtype=start_dtype)
    if game.fill is not None and game.fill_bytes is not None:
        return int(game.fill_bytes)
    threads = 1 if game.space.tier_bounds() is None else max(1, os.cpu_count() or 1)
    scratch = threads * (3 * game.max_options + 4) * 8      # move buffer + mex marks, int64
    return table_bytes(game.space.size, final_dtype(game), initial_dtype(game)) + scratch


OVERRIDE_ADVICE = "use a smaller size, or --ignore-memory-limit"


def require_memory(need: int, what: str, ignore_memory: bool = False,
                   advice: str = OVERRIDE_ADVICE) -> None:
    """Refuse (one-line :class:`GtablesError`) to go on with something that needs ``need``
    bytes when that exceeds :data:`MEMORY_FRACTION` of :func:`available_memory`, unless
    ``ignore_memory``; ``advice`` ends the message (what the user can do instead)."""
    if ignore_memory:
        return
    have = available_memory()
    if need > have * MEMORY_FRACTION:
        raise GtablesError(f"{what} needs about {human_bytes(need)} but only {human_bytes(have)} "
                           f"is available; {advice}")


def check_memory(game: Game, ignore_memory: bool = False, need: int | None = None,
                 advice: str = OVERRIDE_ADVICE) -> None:
    """Refuse ``game``'s table before anything is allocated if its estimate (``need``, default
    :func:`estimate_bytes`) exceeds the memory available, unless ``ignore_memory``."""
    if ignore_memory:
        return
    need = estimate_bytes(game) if need is None else need
    require_memory(need, f"{game.spec} ({game.space.size:,} positions)", advice=advice)


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
