"""Progress on stderr: a one-line bar on a terminal, a plain line every ~30 s in a batch log,
nothing when asked (--quiet)."""
from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time

from .. import config

CHUNK_SECONDS = 0.25  # target time of one kernel call: Ctrl-C and the progress bar act between calls

LOG_SECONDS = 30.0  # a plain progress line this often when stderr is not a terminal

_interrupted = False   # latched by the SIGINT handler of :func:`latch_interrupts`


def _on_sigint(signum, frame):
    global _interrupted
    _interrupted = True
    raise KeyboardInterrupt


@contextlib.contextmanager
def latched_interrupts():
    """Within the block, make Ctrl-C stop a run even when it lands inside numba's compiler.

    There the ``KeyboardInterrupt`` is raised in an llvmlite ctypes callback, which prints
    "Exception ignored" and drops it (seen on a cold cache: the run went on to the end).  The
    handler installed here raises ``KeyboardInterrupt`` as usual and also latches a flag that
    :func:`check_interrupt` (called by every progress update, i.e. between two kernel calls) turns
    into a ``KeyboardInterrupt`` again.  Only in the main thread, and only over Python's default
    handler (a host program's own handler is left alone); the handler, the unraisable hook and
    the flag are put back when the block ends (``cli.main`` may run inside a notebook)."""
    if not (threading.current_thread() is threading.main_thread()
            and signal.getsignal(signal.SIGINT) is signal.default_int_handler):
        yield
        return
    previous = sys.unraisablehook

    def hook(u):
        # the dropped interrupt is latched: no "Exception ignored ..." traceback for it
        if not (isinstance(u.exc_value, KeyboardInterrupt) and _interrupted):
            previous(u)
    signal.signal(signal.SIGINT, _on_sigint)
    sys.unraisablehook = hook
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)
        sys.unraisablehook = previous
        clear_interrupt()


def interrupt_latched() -> bool:
    """Whether a Ctrl-C was latched and not yet delivered (an error raised meanwhile, e.g. by a
    compiler left half-way, is its consequence)."""
    return _interrupted


def clear_interrupt() -> None:
    """Forget a latched Ctrl-C (its ``KeyboardInterrupt`` has been handled)."""
    global _interrupted
    _interrupted = False


def check_interrupt() -> None:
    """Raise ``KeyboardInterrupt`` if a Ctrl-C was latched and not yet delivered."""
    global _interrupted
    if _interrupted:
        _interrupted = False
        raise KeyboardInterrupt


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


def output_mode(enabled: bool | None) -> str | None:
    """The one rule for progress output: ``None`` -> ``"bar"`` (redrawn with ``\\r``) on a
    terminal, ``"log"`` (a plain line now and then) elsewhere; ``True`` -> ``"bar"``;
    ``False`` -> ``None`` (nothing)."""
    if enabled is None:
        return "bar" if stderr_is_terminal() else "log"
    return "bar" if enabled else None


def clock_text(seconds: float) -> str:
    """``H:MM:SS``, as a log reader expects elapsed times and ETAs."""
    s = int(max(0.0, seconds) + 0.5)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"


def eta_text(seconds: float | None) -> str:
    """An ETA: ``H:MM:SS`` below 100 hours, then in days or years (``?`` when unknown)."""
    if seconds is None:
        return "?"
    if seconds < 100 * 3600:
        return clock_text(seconds)
    days = seconds / 86400
    if days < 730:
        return f"{days:,.0f} days"
    years = days / 365.25
    return f"{years:,.0f} years" if years < 1e6 else f"{years:.1e} years"


class Progress:
    """Progress of a long fill on stderr, in one of three modes.

    ``enabled=None`` (the default of :func:`fill`, :func:`~gtables.engine.sequence.fill_sequence`
    and :func:`gtables.compute`): when stderr is a terminal, a one-line bar redrawn with ``\\r``
    (after 1.5 s: short runs draw nothing); when it is not (a cluster job, ``nohup``, CI), a plain
    newline-terminated line every ``interval`` seconds (default :func:`log_seconds`: 30, or
    ``$GTABLES_LOG_SECONDS``), the first only once ``interval`` has passed, so that a log shows a
    long job is alive and short runs print nothing::

        gtables: octal:code=0.6,size=8388607  1,234,567/8,388,608 (14.7%)  231,000 pos/s
        elapsed 0:05:21  ETA 0:31:02          (one line, folded here)

    ``enabled=True`` forces the bar, ``enabled=False`` prints nothing.  ``start`` = positions
    already known before this run (a resumed prefix): counts are absolute, the rate and ETA are
    of this run.  ``update(done)`` takes the absolute count; it is cheap, call it per chunk.
    ``work(lo, hi)``: the kernel's cost model (estimated seconds of positions ``lo..hi-1``, see
    :mod:`.cost`), when positions do not all cost the same: the ETA is then this run's time so
    far scaled by the work left over the work done (a quadratic kernel's last half costs three
    times its first), not the positions left at the average rate.
    """

    def __init__(self, total: int, label: str, enabled: bool | None = None, *, start: int = 0,
                 interval: float | None = None, clock=time.perf_counter, work=None):
        self.work = work
        self.total = max(1, total)
        self.label = label
        self.start = start
        self.mode = output_mode(enabled)
        self.enabled = self.mode is not None
        self.interval = log_seconds() if interval is None else interval
        self.clock = clock
        self.t0 = clock()
        self.compiled0 = config.compile_seconds()   # compiling is not the fill's rate
        self.last = 0.0                            # the bar's last redraw
        self.next_line = self.t0 + self.interval   # when the log's next line is due

    def _rate_eta(self, done: int, elapsed: float) -> tuple[float, float | None]:
        if config.compiling():          # the rate so far is the compiler's: no ETA
            return 0.0, None
        elapsed = max(0.0, elapsed - (config.compile_seconds() - self.compiled0))
        rate = (done - self.start) / elapsed if elapsed > 0 else 0.0
        eta = (self.total - done) / rate if rate > 0 else None
        if self.work is not None and eta is not None and done > self.start:
            try:
                so_far, left = self.work(self.start, done), self.work(done, self.total)
            except Exception:     # a model that cannot say: the plain rate's ETA
                return rate, eta
            so_far = getattr(so_far, "seconds", so_far)
            left = getattr(left, "seconds", left)
            if so_far > 0:
                eta = elapsed * left / so_far
        return rate, eta

    def update(self, done: int) -> None:
        check_interrupt()    # between two kernel calls: a Ctrl-C a compiler swallowed stops here
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
                             f"ETA {eta_text(eta)}\n")
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
                         f"{rate / 1e6:8.2f} M pos/s  ETA "
                         + (f"{eta:6.1f}s " if eta is not None and eta < 3600
                            else f"{eta_text(eta)} "))
        sys.stderr.flush()

    def close(self) -> None:
        if self.mode == "bar" and self.last:
            sys.stderr.write("\n")
            sys.stderr.flush()
