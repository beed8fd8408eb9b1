"""Jit options and the numba cache location, decided in one place.

The numba on-disk cache is keyed to a hash of this package's sources: a cached kernel does not
notice edits to a helper in another file, so a new source tree gets a new cache directory.
``fastmath`` is never used: all game logic is integer logic.
"""
from __future__ import annotations

import contextlib
import functools
import os
import sys
from typing import TypedDict


@functools.lru_cache(maxsize=1)
def source_hash() -> str:
    """A hash of the package's sources as this process loaded them (read once: every table a
    process stores names the code that computed it, and the numba cache is keyed to it)."""
    import hashlib
    import pathlib
    pkg = pathlib.Path(__file__).resolve().parent
    h = hashlib.sha1()
    for path in sorted(pkg.rglob("*.py")):
        h.update(str(path.relative_to(pkg)).encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:12]


def numba_cache_dir() -> str:
    """numba's cache directory (``$NUMBA_CACHE_DIR``), set to
    ``$GTABLES_CACHE_DIR/numba-<source hash>`` (default ``~/.cache/gtables``) unless the user set
    it.  Called before numba is first imported (:class:`_BeforeNumba`)."""
    if "NUMBA_CACHE_DIR" not in os.environ:
        base = os.environ.get("GTABLES_CACHE_DIR") or os.path.join(
            os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"),
            "gtables")
        os.environ["NUMBA_CACHE_DIR"] = os.path.join(base, "numba-" + source_hash())
    return os.environ["NUMBA_CACHE_DIR"]


class _BeforeNumba:
    """An import hook that sets numba's cache directory as numba is first imported, not when
    gtables is: hashing the sources is work a lookup, which never loads numba, need not do."""

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        if name == "numba":
            with contextlib.suppress(ValueError):
                sys.meta_path.remove(cls)
            numba_cache_dir()
        return None          # the usual finders import it


if "numba" in sys.modules:
    numba_cache_dir()
elif _BeforeNumba not in sys.meta_path:
    sys.meta_path.insert(0, _BeforeNumba)


def environment_problem() -> str | None:
    """Why the environment stops numba from starting (a traceback of 50 lines at its import
    otherwise), or None: ``NUMBA_NUM_THREADS`` must be a whole number of threads, at least 1."""
    text = os.environ.get("NUMBA_NUM_THREADS")
    if text is None:
        return None
    t = text.strip()
    if not (t.isascii() and t.isdigit()) or int(t) < 1 or int(t) > MAX_THREADS:
        return (f"NUMBA_NUM_THREADS={text[:30]!r}: give a number of threads from 1 to "
                f"{MAX_THREADS} (or unset it: numba then takes the machine's cores, "
                f"{os.cpu_count() or 1} here)")
    return None


MAX_THREADS = 4096
_cache_checked: list[str] = []


def cache_problem() -> str | None:
    """Why numba cannot keep compiled kernels in its cache directory (then every process
    compiles them again: seconds each time), or None.  Probed once per process by writing and
    removing a file there (the directory is made as numba would make it)."""
    if _cache_checked:
        return _cache_checked[0] or None
    where = numba_cache_dir()
    why = ""
    if where:
        import tempfile
        try:
            os.makedirs(where, exist_ok=True)
            fd, probe = tempfile.mkstemp(dir=where, prefix=".probe-")
            os.close(fd)
            os.remove(probe)
        except OSError as e:
            why = (f"the numba cache directory {where} is not writable "
                   f"({e.strerror or type(e).__name__}): every run compiles the kernels again "
                   f"(seconds each time); set GTABLES_CACHE_DIR to a writable directory")
    _cache_checked.append(why)
    return why or None


def check_environment(compiling: bool = False) -> None:
    """Refuse (one-line :class:`~gtables.errors.GtablesError`) an environment numba cannot
    start in; with ``compiling``, also warn once (one line) when kernels cannot be cached."""
    from .errors import GtablesError, warn
    why = environment_problem()
    if why is not None:
        raise GtablesError(why)
    if compiling:
        first = not _cache_checked
        why = cache_problem()
        if why is not None and first:
            warn(why)

_notice: dict = {"echo": None, "what": "", "seconds": None}
_compiles: dict = {"done": 0.0, "since": None}    # kept by gtables.engine.jit as numba compiles


def compile_started(now: float) -> None:
    """Called by :mod:`gtables.engine.jit` when an outermost numba compile begins (monotonic)."""
    _compiles["since"] = now


def compile_ended(now: float) -> None:
    """Called by :mod:`gtables.engine.jit` when that compile ends."""
    if _compiles["since"] is not None:
        _compiles["done"] += now - _compiles["since"]
    _compiles["since"] = None


def compile_seconds() -> float:
    """Seconds this process has spent compiling kernels so far (the compile under way
    included): subtracted from a table's ``compute_seconds`` and from a progress line's rate."""
    import time
    since = _compiles["since"]
    return _compiles["done"] + (time.monotonic() - since if since is not None else 0.0)


def compiling() -> bool:
    """Whether a numba compile is under way in this process (a progress line shows no ETA)."""
    return _compiles["since"] is not None


def announce_compiles(echo) -> None:
    """Say on ``echo`` (one line each: ``echo(text)``) when numba compiles kernels that are
    not in its cache, and how long it has been at it (``None``: say nothing, the default).
    Read by :mod:`gtables.engine.jit` as numba compiles; imports nothing."""
    _notice["echo"] = echo


def compiling_for(what: str, seconds: float | None = None) -> None:
    """What a compile would be for (``"the octal family"``) and about how long it takes."""
    _notice["what"], _notice["seconds"] = what, seconds


def compile_notice():
    """``(echo, what, seconds)`` as set by :func:`announce_compiles` and :func:`compiling_for`."""
    return _notice["echo"], _notice["what"], _notice["seconds"]


# Threads of numba's OpenMP layer sleep while they wait instead of spinning (unless the user says
# otherwise): on a machine shared with other jobs, spinning threads made the parallel kernels
# slower than one thread (scan kernel: 2 threads 1.66 s against 1 thread 1.08 s; sleeping: 1.08-
# 1.16 s).  Read by OpenMP when numba starts its threads, i.e. after this module is imported.
os.environ.setdefault("OMP_WAIT_POLICY", "passive")

class JitOptions(TypedDict, total=False):
    """The keyword arguments of ``numba.njit`` used here, typed so that ``njit(**JIT)`` type-checks
    against numba's own signature (a plain ``dict[str, bool]`` matches none of its overloads)."""
    cache: bool
    nogil: bool
    parallel: bool


# Every kernel is compiled with these options.  ``cache=True`` is safe: kernels are pure functions
# of their arguments (no globals read at run time) and move generators are passed as typed
# first-class functions, so one cached kernel serves every family.
JIT: JitOptions = {"cache": True, "nogil": True}
PARALLEL_JIT: JitOptions = {**JIT, "parallel": True}
