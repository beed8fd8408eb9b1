"""Bottom-up kernels: one per value kind and move-buffer convention, each a pure function of
arrays, and the one orchestrator that runs them in parallel.

A game plugs in with a **move generator**, a jitted function with the fixed signature
``moves(pos, side, params, out) -> count``:

* ``pos``    the index of a position (int64);
* ``side``   ``LEFT`` (0) or ``RIGHT`` (1) for partizan games; impartial games ignore it;
* ``params`` the game's parameters as an int64 array (read-only);
* ``out``    a buffer the generator fills with its options, in one of two conventions, which the
             game declares by the type of its generator (:mod:`.moves`: ``Rules.moves_type``):

  - :class:`~.moves.SumMoves` (the heap families): **two slots per option**: ``out[2*i]`` is the
    index of an option and ``out[2*i+1]`` is ``-1``, or the index of a second component when the
    option is a *sum* of two positions of the same table (a heap split in two).  Grundy values of
    a sum XOR; outcome kernels accept no sums.  A sum of more components goes on in the next
    pairs, each ``(index, EXTENDS)``: a heap split in three is ``(a, b), (c, EXTENDS)``, two
    pairs (and two of ``max_options``).  Served by :func:`grundy_range`, :func:`outcome_range`,
    :func:`partizan_range`, which trust the generator (the contract test checks it).
  - :class:`~.moves.Moves` (``gtables.define_game``): **one slot per option**: ``out[i]`` is the
    index of option ``i`` (a whole position).  Served by :func:`moves_range` (index order) and
    :func:`moves_blocks` (independent blocks of a layer), which check what a user's generator
    gives before reading it: a count outside ``0..max_options`` (``BAD_COUNT``), an option not
    smaller than its position (``NOT_SMALLER``), one across layers (``LAYER_CROSSED``).

It returns the number of options written, or ``TERMINAL_LOSS`` / ``TERMINAL_WIN`` for positions
that end the game with a verdict of their own (the chip game's rules A and B): the player to move
there has lost / has won.

Every option must have a smaller index than its position (the position space guarantees this), so
one pass in index order fills the table.  Kernels return a *status* (:mod:`.status`): ``DONE``
(-1), or ``pos * BASE + code`` for a position they could not finish; the driver
(:mod:`.compute`) widens the dtype and resumes, changes its plan, or raises the error
:meth:`.game.Game.stop_error` words.  Values, outcome codes and dtypes are :mod:`.values`'; every
mex is :mod:`.mex`'s.

Three layers, as in stumpy: the serial *workers* fill a range of units (positions, or blocks of
positions); one ``parallel=True`` orchestrator, :func:`run_tiers`, runs any worker over the
independent slices of each tier, tiers in order (the tiers of a partition space, the popcount
layers of a define_game table, the chip game's blocks); and :mod:`gtables.engine.compute`
validates input, picks dtypes and the plan (:meth:`.moves.MoveType.plan`) and calls them.  Every
worker has the one signature :data:`WORKER_SIGS` gives, so the orchestrator takes it as a typed
first-class function, and a family's own worker (``games/chips.py``) runs on the same
orchestrator.
"""
from __future__ import annotations

import numba as nb
import numpy as np
from numba import prange, types

from ..config import JIT, PARALLEL_JIT, JitOptions
from .jit import lazy_njit
from .mex import add_small, bits_mex, stamped_mex
from .status import (  # noqa: F401  (TERMINAL_*: the move generators' codes, re-exported)
    BAD_COUNT,
    BAD_TERMINAL,
    BASE,
    DONE,
    EXTENDS,
    LAYER_CROSSED,
    NOT_SMALLER,
    OVERFLOW,
    SUM_OPTION,
    TERMINAL_LOSS,
    TERMINAL_WIN,
)
from .values import LEFT, RIGHT, VALUE_DTYPES, L, N, P, R  # noqa: F401  (re-exported)

# the game's functions, as typed first-class functions (one cached kernel serves every game)
MOVES_SIG = types.int64(types.int64, types.int64, types.int64[::1], types.int64[::1])
MoveGen = types.FunctionType(MOVES_SIG)
# the reachable search's (:mod:`.search_kernels`): the independent parts of a position, and its
# representative under the game's symmetries
SPLIT_SIG = types.int64(types.int64, types.int64[::1], types.int64[::1])
CANON_SIG = types.int64(types.int64, types.int64[::1])
SplitFn = types.FunctionType(SPLIT_SIG)
CanonFn = types.FunctionType(CANON_SIG)
# the outcome search's: whether the side to move wins a position for certain (normal play), said
# by a rule of the game's own (1 wins, 0 loses, -1 not known)
DECIDED_SIG = types.int64(types.int64, types.int64, types.int64[::1])
DecidedFn = types.FunctionType(DECIDED_SIG)


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


VALUE_TYPES = tuple(nb.from_dtype(dt) for dt in VALUE_DTYPES)   # numba's uint8, uint16, uint32
_VEC = types.int64[::1]


def worker_sig(dt):
    """The one signature of a worker over a table of dtype ``dt``::

        worker(moves, params, args, lo, hi, table, scratch) -> status

    ``moves``/``params``: the game's move generator and its parameters (a family's own worker
    may ignore them); ``args``: the worker's own int64 arguments; ``lo..hi-1``: the slice to
    fill, in the worker's own units (positions for the engine's workers); ``table``: the values;
    ``scratch``: this thread's int64 scratch row."""
    return types.int64(MoveGen, _VEC, _VEC, types.int64, types.int64, dt[::1], _VEC)


WORKER_SIGS = {dt: worker_sig(dt) for dt in VALUE_TYPES}
Worker = {dt: types.FunctionType(sig) for dt, sig in WORKER_SIGS.items()}


def worker(*dtypes):
    """Decorator for a worker (a family's own too): jit it with :func:`worker_sig` for each
    table dtype it serves (default: all three), so :func:`run_tiers` can take it."""
    sigs = [WORKER_SIGS[dt] for dt in (dtypes or VALUE_TYPES)]
    return lambda fn: lazy_njit(sigs, **JIT)(fn)


def scratch_width(max_options: int) -> int:
    """Length of an engine worker's scratch row (either convention): the move buffer (two slots
    per option, plus two), then the mex marks (one more than the options, plus one)."""
    return (2 * max_options + 2) + (max_options + 2)


# -- two slots per option (SumMoves): the heap families ------------------------------------------
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


# -- one slot per option (Moves): gtables.define_game ---------------------------------------------
# the value kinds of the Moves workers (args[0]); :class:`.moves.Moves` maps a game's kind to one
MOVES_GRUNDY, MOVES_MISERE, MOVES_PARTIZAN, MOVES_PARTIZAN_MISERE = 0, 1, 2, 3


@lazy_njit(types.int64(types.int64), **JIT)
def popcount(x):
    """Set bits of a non-negative int64."""
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return (x * 0x0101010101010101) >> 56 & 0xFF


@nb.njit(**JIT)
def _check(p, o, hb, lowbits, layered):
    """``DONE`` when option ``o`` of ``p`` may be read, else the status that says why not."""
    if o >= p or o < 0:
        return p * BASE + NOT_SMALLER
    if layered:
        ob = o >> lowbits
        if ob != hb and (ob & ~hb) != 0 and popcount(ob) >= popcount(hb):
            return p * BASE + LAYER_CROSSED
    return DONE


# Not cached on its own (the workers that call it are, with it inside): a cached function with no
# signature keeps every type it was ever called with in its index, and a numba dispatcher's type
# there would import that game's module when the index is read (a circular import for ours).
_INNER: JitOptions = {"nogil": True}


@nb.njit(**_INNER)
def fill_positions(moves, params, args, lo, hi, layered, table, buf, seen):
    """Fill positions ``lo..hi-1`` (within one block when ``layered``) in index order, for a
    generator of one slot per option; ``args = [kind, lowbits, max_options, vmax, ...]``
    (``kind``: ``MOVES_GRUNDY``, ...; ``lowbits``: the blocks' size, ``2**lowbits``).  Every
    option read is checked first (smaller index; with ``layered``, in this block or a lower
    layer), so a generator that breaks the rules stops the fill: never a value read before it
    was computed.  Returns ``DONE`` or the status of the first position it could not fill."""
    kind, lowbits, maxo, vmax = args[0], args[1], args[2], args[3]
    nseen = seen.size
    for p in range(lo, hi):
        hb = p >> lowbits
        if kind == MOVES_GRUNDY:
            n = moves(p, LEFT, params, buf)
            if n < 0 or n > maxo:
                return p * BASE + BAD_COUNT
            bits = np.uint64(0)
            stamp = p + 1
            for i in range(n):
                o = buf[i]
                st = _check(p, o, hb, lowbits, layered)
                if st != DONE:
                    return st
                v = np.int64(table[o])
                if v < 64:
                    bits = add_small(bits, v)
                elif v < nseen:
                    seen[v] = stamp
            g = bits_mex(bits)
            if g == 64:
                g = stamped_mex(seen, stamp, 64)
            if g > vmax:
                return p * BASE + OVERFLOW
            table[p] = g
        else:
            misere = kind == MOVES_MISERE or kind == MOVES_PARTIZAN_MISERE
            sides = 1 if kind == MOVES_MISERE else 2
            wins = 0
            for side in range(sides):
                n = moves(p, side, params, buf)
                if n < 0 or n > maxo:
                    return p * BASE + BAD_COUNT
                # an option is checked when it is read; one never read (an earlier option
                # already wins) cannot make the value wrong
                w = misere and n == 0
                good = P if kind == MOVES_MISERE else L if side == LEFT else R
                for i in range(n):
                    o = buf[i]
                    st = _check(p, o, hb, lowbits, layered)
                    if st != DONE:
                        return st
                    c = table[o]
                    if c == P or c == good:     # the opponent, moving first, loses there
                        w = True
                        break
                if w:
                    wins |= 1 << side
            if kind == MOVES_MISERE:
                table[p] = N if wins else P
            else:
                table[p] = N if wins == 3 else L if wins == 1 else R if wins == 2 else P
    return DONE


@worker()
def moves_range(moves, params, args, lo, hi, table, scratch):
    """Positions ``lo..hi-1`` in index order (one slot per option); ``args = [kind, lowbits,
    max_options, vmax, nbuf]``: the move buffer ``scratch[:nbuf]``, the mex marks after it."""
    nbuf = args[4]
    return fill_positions(moves, params, args, lo, hi, False, table, scratch[:nbuf],
                          scratch[nbuf:])


@worker()
def moves_blocks(moves, params, args, lo, hi, table, scratch):
    """The blocks ``lo..hi-1`` of the list ``args[6:]`` (block numbers grouped by layer, see
    :func:`.moves.layer_blocks`), block ``b`` the positions ``b * 2**lowbits`` up to the next
    block (or ``size``), each in index order; ``args = [kind, lowbits, max_options, vmax, nbuf,
    size, blocks...]``.

    When every option of a position lies in its own block at a smaller index or in a block of a
    lower layer (a block's layer is the popcount of its number: true of every game whose moves
    only clear bits, an option then being a submask), the blocks of one layer are independent
    (:func:`run_tiers` runs them in parallel), and a block is filled in long runs of the table.
    A game that breaks the layering stops with ``LAYER_CROSSED``: its driver fills in index
    order instead."""
    lowbits, nbuf, size = args[1], args[4], args[5]
    buf = scratch[:nbuf]
    seen = scratch[nbuf:]
    for k in range(lo, hi):
        b = args[6 + k]
        st = fill_positions(moves, params, args, b << lowbits, min(size, (b + 1) << lowbits),
                            True, table, buf, seen)
        if st != DONE:
            return st
    return DONE


# -- the orchestrator ----------------------------------------------------------------------------
@lazy_njit(types.int64(types.int64[::1]), **JIT)
def _first_failure(status):
    """The smallest status that is not DONE (the earliest position a worker could not finish)."""
    worst = DONE
    for s in status:
        if s != DONE and (worst == DONE or s < worst):
            worst = s
    return worst


@lazy_njit([types.int64(Worker[dt], MoveGen, _VEC, _VEC, _VEC, dt[::1], types.int64[:, ::1])
          for dt in VALUE_TYPES], **PARALLEL_JIT)
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
