"""Bottom-up kernels: one per value kind, each a pure function of arrays.

A game family plugs in with a **move generator**, a jitted function with the fixed signature
``moves(pos, side, params, out) -> count``:

* ``pos``    the index of a position (int64);
* ``side``   ``LEFT`` (0) or ``RIGHT`` (1) for partizan games; impartial games ignore it;
* ``params`` the family's parameters as an int64 array (read-only);
* ``out``    a buffer the generator fills with its options, two slots per option: ``out[2*i]`` is
             the index of an option and ``out[2*i+1]`` is ``-1``, or the index of a second
             component when the option is a *sum* of two positions of the same table (a heap split
             in two).  Grundy values of a sum XOR; outcome kernels accept no sums.  A sum of more
             components goes on in the next pairs, each ``(index, EXTENDS)``: a heap split in three
             is ``(a, b), (c, EXTENDS)``, two slots pairs (and two of ``max_options``).

It returns the number of options written, or ``TERMINAL_LOSS`` / ``TERMINAL_WIN`` for positions
that end the game with a verdict of their own (the chip game's rules A and B): the player to move
there has lost / has won.

Every option must have a smaller index than its position (the position space guarantees this), so
one pass in index order fills the table.  Kernels return a *status* (:mod:`.status`): ``DONE``
(-1), or ``pos * BASE + code`` for a position they could not finish; the Python wrapper widens the
dtype and resumes, or raises the error :meth:`.status.Stop.error` words.

Three layers, as in stumpy: the serial *workers* (``grundy_range``, ``outcome_range``,
``partizan_range``) fill a range of positions; one ``parallel=True`` orchestrator,
:func:`run_tiers`, runs any worker over the independent slices of each tier, tiers in order; and
:mod:`gtables.engine.compute` validates input, picks dtypes and calls them.  Every worker has the
one signature :data:`WORKER_SIGS` gives, so the orchestrator takes it as a typed first-class
function, and a family's own worker (``games/chips.py``) runs on the same orchestrator.
"""
from __future__ import annotations

import numba as nb
import numpy as np
from numba import prange, types

from ..config import JIT, PARALLEL_JIT
from .jit import lazy_njit
from .status import (  # noqa: F401  (TERMINAL_*: the move generators' codes, re-exported)
    BAD_TERMINAL,
    BASE,
    DONE,
    OVERFLOW,
    SUM_OPTION,
    TERMINAL_LOSS,
    TERMINAL_WIN,
)

LEFT = 0
RIGHT = 1
EXTENDS = -3      # second slot of a pair that adds one more component to the option before it

# outcome encodings (uint8)
P, N, L, R = 0, 1, 2, 3
OUTCOME_LETTERS = "PNLR"

MOVES_SIG = types.int64(types.int64, types.int64, types.int64[::1], types.int64[::1])
MoveGen = types.FunctionType(MOVES_SIG)


def in_package(fn) -> bool:
    """Whether ``fn`` is gtables' own code (its compiled form may be kept in numba's cache)."""
    mod = getattr(getattr(fn, "py_func", fn), "__module__", None) or ""
    return mod == "gtables" or mod.startswith("gtables.")


def movegen(fn):
    """Decorator for a family's (or a user's) move generator: jit it with the fixed signature.

    gtables' own generators are cached on disk and compiled when first used.  A user's are
    compiled in each process (a fraction of a second): numba's cache keys a function by its
    file but records the module it was first loaded as, so one rules file imported by a script
    and run by ``--rules`` (or imported again by numba) would read an entry it cannot load."""
    if not in_package(fn):
        return nb.njit(MOVES_SIG, **dict(JIT, cache=False))(fn)
    return lazy_njit(MOVES_SIG, **JIT)(fn)    # compiled (or loaded) when first used


VALUE_DTYPES = (types.uint8, types.uint16, types.uint32)   # the dtypes a table passes through
_VEC = types.int64[::1]


def worker_sig(dt):
    """The one signature of a worker over a table of dtype ``dt``::

        worker(moves, params, args, lo, hi, table, scratch) -> status

    ``moves``/``params``: the game's move generator and its parameters (a family's own worker
    may ignore them); ``args``: the worker's own int64 arguments; ``lo..hi-1``: the slice to
    fill, in the worker's own units (positions for the engine's workers); ``table``: the values;
    ``scratch``: this thread's int64 scratch row."""
    return types.int64(MoveGen, _VEC, _VEC, types.int64, types.int64, dt[::1], _VEC)


WORKER_SIGS = {dt: worker_sig(dt) for dt in VALUE_DTYPES}
Worker = {dt: types.FunctionType(sig) for dt, sig in WORKER_SIGS.items()}


def worker(*dtypes):
    """Decorator for a worker (a family's own too): jit it with :func:`worker_sig` for each
    table dtype it serves (default: all three), so :func:`run_tiers` can take it."""
    sigs = [WORKER_SIGS[dt] for dt in (dtypes or VALUE_DTYPES)]
    return lambda fn: lazy_njit(sigs, **JIT)(fn)


def scratch_width(max_options: int) -> int:
    """Length of an engine worker's scratch row: the move buffer (two slots per option, plus
    two), then the Grundy worker's mex marks (one more than the options, plus one)."""
    return (2 * max_options + 2) + (max_options + 2)


@nb.njit(**JIT)
def stamped_mex(seen, stamp):
    """The smallest ``g`` with ``seen[g] != stamp`` (``seen.size`` when every mark carries it):
    the mex of the values a position marked with its stamp (the marks are never cleared)."""
    g = 0
    while g < seen.size and seen[g] == stamp:
        g += 1
    return g


@worker()
def grundy_range(moves, params, args, lo, hi, table, scratch):
    """Grundy values of positions ``lo..hi-1``; options must already be filled.

    ``args = [vmax, nbuf]``: the largest value the dtype holds, the move buffer's length.
    ``scratch[:nbuf]`` is the move buffer, ``scratch[nbuf:]`` the mex marks (length > max
    options), zero at the start of a table: position ``p`` marks the values of its options with
    the stamp ``p + 1``, so they are never cleared.
    """
    vmax = args[0]
    nbuf = args[1]
    buf = scratch[:nbuf]
    seen = scratch[nbuf:]
    nseen = seen.size
    for p in range(lo, hi):
        n = moves(p, 0, params, buf)
        if n < 0:
            if n == TERMINAL_LOSS:
                table[p] = 0
                continue
            return p * BASE + BAD_TERMINAL
        stamp = p + 1
        i = 0
        while i < n:
            v = np.int64(table[buf[2 * i]])
            b = buf[2 * i + 1]
            if b >= 0:
                v ^= np.int64(table[b])
            i += 1
            while i < n and buf[2 * i + 1] == EXTENDS:   # a sum of three or more components
                v ^= np.int64(table[buf[2 * i]])
                i += 1
            if v < nseen:
                seen[v] = stamp
        g = stamped_mex(seen, stamp)
        if g > vmax:
            return p * BASE + OVERFLOW
        table[p] = g
    return DONE


@worker(types.uint8)
def outcome_range(moves, params, args, lo, hi, table, scratch):
    """Outcomes (P=0, N=1) of positions ``lo..hi-1``; ``args = [misere, nbuf]``: misère play
    when ``misere`` is 1, the move buffer ``scratch[:nbuf]``."""
    misere = args[0] != 0
    buf = scratch[:args[1]]
    for p in range(lo, hi):
        n = moves(p, 0, params, buf)
        if n < 0:
            table[p] = P if n == TERMINAL_LOSS else N
            continue
        if n == 0:
            table[p] = N if misere else P
            continue
        res = P
        for i in range(n):
            if buf[2 * i + 1] >= 0:
                return p * BASE + SUM_OPTION
            if table[buf[2 * i]] == P:
                res = N
                break
        table[p] = res
    return DONE


@worker(types.uint8)
def partizan_range(moves, params, args, lo, hi, table, scratch):
    """Partizan outcome classes (P=0, N=1, L=2, R=3) under normal play; ``args = [nbuf]``, the
    move buffer ``scratch[:nbuf]``.

    Left moving first wins iff some Left option is one where Right, moving first, loses
    (class P or L); symmetrically for Right.
    """
    buf = scratch[:args[0]]
    for p in range(lo, hi):
        left_wins = False
        n = moves(p, LEFT, params, buf)
        if n < 0:
            return p * BASE + BAD_TERMINAL
        for i in range(n):
            if buf[2 * i + 1] >= 0:
                return p * BASE + SUM_OPTION
            c = table[buf[2 * i]]
            if c == P or c == L:
                left_wins = True
                break
        right_wins = False
        n = moves(p, RIGHT, params, buf)
        if n < 0:
            return p * BASE + BAD_TERMINAL
        for i in range(n):
            if buf[2 * i + 1] >= 0:
                return p * BASE + SUM_OPTION
            c = table[buf[2 * i]]
            if c == P or c == R:
                right_wins = True
                break
        if left_wins and right_wins:
            table[p] = N
        elif left_wins:
            table[p] = L
        elif right_wins:
            table[p] = R
        else:
            table[p] = P
    return DONE


@lazy_njit(types.int64(types.int64[::1]), **JIT)
def _first_failure(status):
    """The smallest status that is not DONE (the earliest position a worker could not finish)."""
    worst = DONE
    for s in status:
        if s != DONE and (worst == DONE or s < worst):
            worst = s
    return worst


@lazy_njit([types.int64(Worker[dt], MoveGen, _VEC, _VEC, _VEC, dt[::1], types.int64[:, ::1])
          for dt in VALUE_DTYPES], **PARALLEL_JIT)
def run_tiers(worker, moves, params, args, bounds, table, scratch):
    """Run ``worker`` tier by tier: the units ``bounds[t]..bounds[t+1]-1`` of tier ``t`` depend
    only on earlier tiers, so each tier is cut into one slice per scratch row (one per thread),
    run in parallel; tiers in order.  Returns ``DONE`` or the smallest failing status of the
    first tier that had one (later tiers are not run).

    The worker is called once per slice through a typed function pointer: its inner loop (and
    any kernel it calls directly) is compiled as usual, so the pointer costs one indirect call
    per slice, not per position."""
    nw = scratch.shape[0]
    status = np.empty(nw, np.int64)
    for t in range(bounds.size - 1):
        lo = bounds[t]
        span = bounds[t + 1] - lo
        for w in prange(nw):
            wi = np.int64(w)  # a prange index is unsigned
            status[wi] = worker(moves, params, args, lo + span * wi // nw,
                                lo + span * (wi + 1) // nw, table, scratch[wi])
        worst = _first_failure(status)
        if worst != DONE:
            return worst
    return DONE
