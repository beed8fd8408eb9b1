"""Heap games from an *options function*: the engine side of a user's own heap game.

A user writes the options of one heap as a small function numba can compile::

    def options(n, out):          # n: the heap; out: an int64 buffer, two slots per option
        c = 0
        ...                       # out[2*c], out[2*c+1] = a, b: the heap becomes heaps a and b
        return c                  # the number of options written

An option ``(a, b)`` leaves the two heaps ``a`` and ``b`` (their Grundy values XOR); ``b = 0`` (or
``a = 0``) is a plain removal leaving one heap, ``(0, 0)`` takes the whole heap.  Every heap left
must be smaller than ``n`` (then every play ends).  This module knows no game: it compiles the
function (:func:`compile_options`), fills a Grundy sequence with it (:func:`options_grundy_range`,
driven by :class:`OptionsStepper`, a stepper for :mod:`.sequence`), and turns it into an engine
move generator (:func:`options_movegen`) for the generic kernels (misère outcomes, moves of a
position).

Numba does not bound-check by default; a user's function is compiled with ``boundscheck=True``,
so writing past the buffer (more options than ``max_options``) is an ``IndexError`` caught in the
kernel, never a silent overwrite.  Every option is checked as it is read (count within
``0..max_options``, heaps within ``0..n-1``): a bad one stops the fill with a one-line
:class:`~gtables.errors.GtablesError` naming the heap and the option.

The kernels take the options function as a typed first-class function (:data:`Options`), so
they are compiled once and cached on disk like every other kernel; the user's function itself is
compiled in the user's process (cached too when numba can locate its source file and import
its module by the name it records: :func:`cache_loads_back`), and the move
generator is a closure over it, compiled once per game and process (0.3-0.8 s; numba
cannot cache closures).
"""
from __future__ import annotations

import inspect

import numba as nb
import numpy as np
from numba import types

from ..config import JIT
from ..errors import GtablesError
from .jit import lazy_njit, numba_complaint
from .kernels import MOVES_SIG, VALUE_TYPES
from .mex import stamped_mex
from .status import BASE, DONE, OVERFLOW

OPTIONS_SIG = types.int64(types.int64, types.int64[::1])
Options = types.FunctionType(OPTIONS_SIG)

# what a bad option was (err[0]); err[1:5] = heap n, option index i, a, b
OK, BAD_COUNT, BAD_HEAP, RAISED, SPLIT = 0, 1, 2, 3, 4


def compile_options(fn, name: str = "options"):
    """``fn`` (a plain Python function, or one already jitted by numba) compiled with the one
    options signature and ``boundscheck=True``.  A function numba cannot compile is a
    :class:`GtablesError` with the line of numba's complaint that says what is wrong
    (:func:`.jit.numba_complaint`)."""
    py = getattr(fn, "py_func", fn)
    if not callable(py):
        raise GtablesError(f"{name}: the options function must be a function options(n, out), "
                           f"not {type(fn).__name__}")
    # numba freezes the globals and closure values a function reads when it compiles it, and
    # its disk cache notices only edits of the source file: a function that reads values
    # (K = int(os.environ[...]), a table loaded from a file) is compiled afresh every process
    cache = not _reads_values(py) and cache_loads_back(py)
    try:
        try:
            return nb.njit(OPTIONS_SIG, cache=cache, boundscheck=True, nogil=True)(py)
        except RuntimeError as e:          # code typed at a prompt: no file to cache beside
            if "cannot cache" not in str(e):
                raise
            return nb.njit(OPTIONS_SIG, cache=False, boundscheck=True, nogil=True)(py)
        except ImportError:
            # an entry of this file that another process cached under a module name this one
            # cannot import (numba keys its cache on the file, and imports the module it
            # recorded to load an entry): compiled here, the entry left as it is
            return nb.njit(OPTIONS_SIG, cache=False, boundscheck=True, nogil=True)(py)
    except (nb.core.errors.NumbaError, TypeError, ValueError) as e:
        raise GtablesError(f"{name}: numba cannot compile the options function as "
                           f"options(n: int64, out: int64[:]) -> int64: "
                           f"{numba_complaint(e)}") from None


def cache_loads_back(py) -> bool:
    """Whether numba's disk cache may keep ``py``'s compiled form.  numba keys an entry on the
    function's file, records the name of its module (``__name__`` of its globals) and imports
    that name to load it back: so only when that name imports as the very file ``py`` is in (a
    module imported as usual; a rules file ``gtables --rules`` runs under its own name, as an
    ``import`` names it).  Not a script run as ``__main__``, nor a module no import can name (a
    file run by ``runpy`` as ``gtables_rules``, code typed at a prompt): compiled afresh in each
    process (a fraction of a second).  An entry recorded under such a name was a
    ``ModuleNotFoundError`` for every other process that ran the file."""
    import importlib.util
    import os
    name = (getattr(py, "__globals__", None) or {}).get("__name__")
    code = getattr(py, "__code__", None)
    if not isinstance(name, str) or name == "__main__" or code is None:
        return False
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):      # ValueError: a module without a __spec__ (runpy's)
        return False
    origin = getattr(spec, "origin", None)
    return isinstance(origin, str) and os.path.isfile(origin) and \
        os.path.realpath(origin) == os.path.realpath(code.co_filename)


def _reads_values(py) -> bool:
    """Whether ``py`` reads a closure cell or a global that is neither a module nor callable."""
    if getattr(py, "__closure__", None):
        return True
    code, glob = getattr(py, "__code__", None), getattr(py, "__globals__", {})
    if code is None:
        return True
    for name in code.co_names:
        v = glob.get(name)
        if name in glob and not (inspect.ismodule(v) or callable(v)):
            return True
    return False


@nb.njit(**JIT)
def _check(n, c, buf, max_options, err):
    """0 if the ``c`` options of heap ``n`` in ``buf`` are legal, else the error code (and
    ``err`` says which option)."""
    if c < 0 or c > max_options:
        err[0], err[1], err[2] = BAD_COUNT, n, c
        return BAD_COUNT
    for i in range(c):
        a = buf[2 * i]
        b = buf[2 * i + 1]
        if a < 0 or b < 0 or a >= n or b >= n:
            err[0], err[1], err[2], err[3], err[4] = BAD_HEAP, n, i, a, b
            return BAD_HEAP
    return OK


@lazy_njit([types.int64(Options, types.int64, types.int64, dt[::1], types.int64, types.int64[::1],
                      types.int64[::1], types.int64[::1]) for dt in VALUE_TYPES], **JIT)
def options_grundy_range(options, lo, hi, table, vmax, buf, seen, err):
    """Grundy values of heaps ``lo..hi-1`` from ``table[:lo]``: the mex of ``G(a) ^ G(b)`` over
    the options ``(a, b)`` the function writes into ``buf`` (``len(buf) // 2 - 1`` options at
    most).  ``seen`` (zero at the start of a table, longer than the most options) holds stamps
    ``n + 1``, never cleared.  Returns ``DONE``, an ``OVERFLOW`` status (heap not written), or
    ``DONE`` with ``err[0] != OK`` at the first heap with a bad option (not written)."""
    max_options = buf.size // 2 - 1
    nseen = seen.size
    for n in range(lo, hi):
        try:
            c = options(n, buf)
        except Exception:                  # boundscheck: wrote past the buffer (or read past)
            err[0], err[1] = RAISED, n
            return DONE
        if _check(n, c, buf, max_options, err) != OK:
            return DONE
        stamp = n + 1
        for i in range(c):
            v = np.int64(table[buf[2 * i]]) ^ np.int64(table[buf[2 * i + 1]])
            if v < nseen:
                seen[v] = stamp
        g = stamped_mex(seen, stamp)
        if g > vmax:
            return n * BASE + OVERFLOW
        table[n] = g
    return DONE


@lazy_njit(types.int64(Options, types.int64, types.int64, types.int64[::1], types.int64[::1],
                     types.boolean), **JIT)
def first_bad_heap(options, lo, hi, buf, err, splits):
    """Check the options of heaps ``lo..hi-1`` (nothing is computed): the first heap with a bad
    option (``err`` says what), or -1.  ``splits=False``: an option leaving two non-empty heaps
    is bad too (misère outcomes of a heap do not add)."""
    max_options = buf.size // 2 - 1
    for n in range(lo, hi):
        try:
            c = options(n, buf)
        except Exception:
            err[0], err[1] = RAISED, n
            return n
        if _check(n, c, buf, max_options, err) != OK:
            return n
        if not splits:
            for i in range(c):
                if buf[2 * i] > 0 and buf[2 * i + 1] > 0:
                    err[0], err[1], err[2], err[3], err[4] = SPLIT, n, i, buf[2 * i], buf[2 * i + 1]
                    return n
    return -1


def bad_option_message(name: str, err: np.ndarray, max_options: int) -> str:
    """One line for a user: what ``err`` (filled by a kernel above) says went wrong."""
    code, n, i, a, b = (int(x) for x in err[:5])
    if code == RAISED:
        return (f"{name}: options({n}, out) failed (an index out of bounds: more than "
                f"max_options={max_options} options, or a read past the buffer)")
    if code == BAD_COUNT:
        return (f"{name}: options({n}, out) returned {i} options, not 0..max_options="
                f"{max_options}")
    if code == SPLIT:
        return (f"{name}: options({n}, out) option {i} splits the heap into {a} + {b}: "
                f"play=misere needs a game that never splits a heap (misère outcomes do not add)")
    heap = a if a < 0 or a >= n else b
    why = "negative" if heap < 0 else f"not smaller than the heap {n}"
    return (f"{name}: options({n}, out) option {i} is ({a}, {b}): heap {heap} is {why} "
            f"(an option (a, b) leaves heaps a and b, each 0..n-1)")


def check_options(options, name: str, max_options: int, lo: int, hi: int,
                  splits: bool = True) -> None:
    """Raise a :class:`GtablesError` for the first heap in ``lo..hi-1`` with a bad option (or a
    split, when ``splits`` is False)."""
    buf = np.zeros(2 * max_options + 2, dtype=np.int64)
    err = np.zeros(5, dtype=np.int64)
    if first_bad_heap(options, lo, hi, buf, err, splits) >= 0:
        raise GtablesError(bad_option_message(name, err, max_options))


class OptionsStepper:
    """A sequence stepper (:mod:`.sequence`) over an options function: ``run(table, lo, hi)``
    returns ``DONE`` or an overflow status, and raises a :class:`GtablesError` on a bad
    option."""

    def __init__(self, options, name: str, max_options: int):
        self.options, self.name, self.max_options = options, name, int(max_options)
        self.buf = np.zeros(2 * self.max_options + 2, dtype=np.int64)
        self.seen = np.zeros(self.max_options + 2, dtype=np.int64)
        self.err = np.zeros(5, dtype=np.int64)

    def prepare(self, table: np.ndarray, n: int) -> None:
        self.seen[:] = 0              # stamps are heaps + 1: a fresh array for a fresh start

    def run(self, table: np.ndarray, lo: int, hi: int) -> int:
        vmax = int(np.iinfo(table.dtype).max)
        status = int(options_grundy_range(self.options, lo, hi, table, vmax, self.buf, self.seen,
                                          self.err))
        if self.err[0] != OK:
            raise GtablesError(bad_option_message(self.name, self.err, self.max_options))
        return status

    def stats(self) -> dict:
        return {"algorithm": "options function (mex of every option)"}


def options_movegen(options):
    """An engine move generator (:mod:`.kernels`) over ``HeapSpace``: the options of heap
    ``pos``, ``(a, b)`` as the sum ``a + b`` when both are non-empty, else the one heap left
    (``0`` when none is).  ``params[0]`` = max_options.  A bad option raises ``ValueError``
    (callers check every heap first, :func:`check_options`)."""
    def moves(pos, side, params, out):
        c = options(pos, out)
        if c < 0 or c > params[0]:
            raise ValueError("options function: bad number of options at heap", pos)
        for i in range(c):
            a = out[2 * i]
            b = out[2 * i + 1]
            if a < 0 or b < 0 or a >= pos or b >= pos:
                raise ValueError("options function: bad option at heap", pos)
            if a == 0:
                out[2 * i] = b
                out[2 * i + 1] = -1
            elif b == 0:
                out[2 * i + 1] = -1
        return c
    try:
        return nb.njit(MOVES_SIG, **dict(JIT, cache=False))(moves)
    except nb.core.errors.NumbaError as e:      # pragma: no cover - options compiled already
        raise GtablesError(f"options function: {str(e).splitlines()[0]}") from None
