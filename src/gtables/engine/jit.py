"""Kernels compiled when first used, not when their module is imported.

``numba.njit(signatures)`` compiles (or loads from numba's cache) every signature as the
decorator runs, so importing a module of kernels cost seconds with a cold cache even for a
command that never runs them (a table of one family imported every family's kernels: 35 s
before a table of 1,001 values).  :func:`lazy_njit` makes the same dispatcher without
compiling: the declared signatures are compiled on its first call from Python, which then
disables further compilation exactly as ``njit(signatures)`` does, so a kernel accepts the same
arguments as before.  Used as a typed first-class function (a move generator handed to a
worker) or called from another kernel, numba compiles the signature it needs on demand, from
the cache when it is there.

:class:`CompileNotice` says so on stderr when numba compiles for real (a kernel not in its
cache): a line within half a second ("compiling kernels for the octal family, once: about
20 s"), then the seconds elapsed every 10 s while it goes on.  numba reports a compile (its
``numba:compile`` event) only on a cache miss, so a warm cache prints nothing.  Whether and
where it prints is decided by :func:`gtables.config.announce_compiles` (the CLI: not under
``--quiet``, ``--no-progress`` or ``--json``), which imports no numba.
"""
from __future__ import annotations

import os
import threading
import time

import numba as nb
from numba.core import event as ev

from .. import config

FIRST_LINE_AFTER = 0.5     # seconds of compiling before the first line (short compiles: none)
EVERY = 10.0               # then a line with the seconds elapsed this often


class CompileNotice(ev.Listener):
    """Listens to numba's compile events; a ticker thread prints while a compile lasts."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.depth = 0
        self.began: float | None = None       # when the outermost compile under way began
        self.since: float | None = None       # when the first compile of the process began
        self.first: float | None = None       # when the first line was printed
        self.last = 0.0
        self.cacheable = True
        self.module = ""                      # the module of the kernel compiling first
        self.ticker: threading.Thread | None = None

    def on_start(self, event) -> None:
        with self.lock:
            self.depth += 1
            if self.depth == 1:
                self.began = time.monotonic()
                config.compile_started(self.began)
                self.since = self.since or self.began
                disp = (event.data or {}).get("dispatcher")
                self.module = getattr(getattr(disp, "py_func", None), "__module__", "") or ""
                cache = getattr(disp, "_cache", None)
                self.cacheable = cache is not None and type(cache).__name__ != "NullCache"
            if self.ticker is None:
                self.ticker = threading.Thread(target=self._tick, name="gtables-compile",
                                               daemon=True)
                self.ticker.start()

    def on_end(self, event) -> None:
        with self.lock:
            self.depth = max(0, self.depth - 1)
            if self.depth == 0:
                self.began = None
                config.compile_ended(time.monotonic())

    def _tick(self) -> None:
        while True:
            time.sleep(0.1)
            with self.lock:
                busy, since, cacheable = self.began is not None, self.since, self.cacheable
                began = self.began if self.began is not None else 0.0
            echo, what, estimate = config.compile_notice()
            if not busy or echo is None or since is None:
                continue
            now = time.monotonic()
            if self.first is None:
                if now - since < FIRST_LINE_AFTER:
                    continue
                self.first = self.last = since
                about = f": about {busy_seconds(estimate):.0f} s" if estimate else \
                    " (numba: seconds, or minutes on a busy machine)"
                once = "once" if cacheable else "in every run (this code cannot be cached)"
                echo(f"gtables: compiling kernels for {what or self._subject()}, {once}{about}")
            elif busy and now - self.last >= EVERY and now - began >= EVERY:
                # the seconds of the compile under way (a later compile counts from its own
                # start, not from the process's first)
                self.last = now
                echo(f"gtables: still compiling kernels, {now - began:.0f} s")


    def _subject(self) -> str:
        """What the kernel compiling is for, from its module, when no one said."""
        parts = self.module.split(".")
        if parts[:2] == ["gtables", "games"] and len(parts) > 2:
            return f"the {parts[2]} family"
        if parts[0] != "gtables":
            return "this command"
        if parts[1:2] == ["cgt"]:
            return "canonical forms (the game pool)"
        name = parts[-1].removesuffix("_kernels").removesuffix("kernels") or parts[-2]
        return f"gtables' {name}"


def busy_seconds(seconds: float) -> float:
    """``seconds`` of a compile on an idle machine, stretched by the share of a core a process
    gets now (the load average over the cores, when above 1)."""
    try:
        share = os.getloadavg()[0] / (os.cpu_count() or 1)
    except OSError:
        share = 1.0
    return seconds * max(1.0, share)


NOTICE = CompileNotice()
ev.register("numba:compile", NOTICE)


def lazy_njit(sigs, **options):
    """``numba.njit(sigs, **options)``, compiled on the first call from Python instead of at
    import.  ``sigs`` is one signature or a list of them."""
    sig_list = list(sigs) if isinstance(sigs, (list, tuple)) else [sigs]

    def decorate(fn):
        disp = nb.njit(**options)(fn)
        if not isinstance(disp, nb.core.dispatcher.Dispatcher):   # NUMBA_DISABLE_JIT
            return disp

        def first_call(*args, **kws):
            # numba's dispatcher calls this when no compiled signature matches the arguments;
            # it then calls what this returns with them: the dispatcher, now compiled
            del disp._compile_for_args
            for sig in sig_list:
                disp.compile(sig)
            disp.disable_compile()
            return disp

        disp._compile_for_args = first_call
        return disp
    return decorate


def numba_complaint(error: BaseException) -> str:
    """The one line of numba's compile error that says what is wrong (numba starts with the
    pipeline step that failed, "Failed in nopython mode pipeline (step: ...)", which does not),
    at most 200 characters; a global the function reads that numba cannot type (a plain-Python
    helper: "Untyped global name '_n'") gets what to do about it."""
    lines = [ln.strip() for ln in str(error).splitlines() if ln.strip()]
    useful = [ln for ln in lines if not ln.startswith(("Failed in ", "During: "))]
    line = (useful or lines or [type(error).__name__])[0][:200]
    if "Untyped global name" in line:
        line += ("; a function called from it must be jitted too (decorate the helper with "
                 "@numba.njit)")
    return line
