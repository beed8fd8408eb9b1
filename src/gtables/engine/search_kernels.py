"""The reachable search's kernels (driven by :mod:`.search`): the Grundy value or the outcome of
one position from the positions reachable from it, for games of one slot per option
(:class:`.moves.Moves`) whose dense table would not fit, and the re-derivation of a checkpoint's
entries.

They take the game's functions as typed first-class functions (:mod:`.kernels`: ``MoveGen``,
``SplitFn``, ``CanonFn``), so one cached kernel serves every game:

* ``moves(pos, side, params, out) -> count``: one slot per option (``out`` has ``max_options``);
* ``split(pos, params, out) -> count``: the independent parts of ``pos`` (whose Grundy values
  XOR), each a position of the same space, ``count >= 1`` (``out[0] = pos``: :func:`no_split`);
* ``canon(pos, params) -> pos``: a representative of ``pos`` under the game's symmetries, the
  same for every position it maps to (``pos`` itself: :func:`no_symmetry`).

:func:`search_grundy` computes the Grundy value of one position by depth-first search over the
positions reachable from it, each option split into its parts and each part reduced to its
representative; values of parts go into an open-addressing hash table (keys int64, -1 empty).
:func:`search_outcome` decides outcomes (impartial misère, partizan normal and misère) the same
way without splitting (outcomes of parts do not add), stopping at the first winning option.  Both
stop after a budget of expanded positions, returning to Python, which checkpoints the hash table
and calls again: the search restarts from the root and finds every finished position in the
table, so a killed run loses at most one budget's work.  A kernel that stops returns -1 with
``info = [code, position, detail]``, ``code`` one of :mod:`.status`'s (positions here may reach
2^62, past what ``pos * BASE + code`` holds).
"""
from __future__ import annotations

import numba as nb
import numpy as np
from numba import types

from ..config import JIT, JitOptions
from .jit import lazy_njit
from .kernels import CANON_SIG, DECIDED_SIG, SPLIT_SIG, CanonFn, DecidedFn, MoveGen, SplitFn
from .mex import add_small, bits_mex, stamped_mex
from .status import BAD_COUNT, BAD_SPLIT, BUDGET, HASH_FULL, NOT_SMALLER, STACK_FULL

_VEC = types.int64[::1]
# Not cached on its own (the kernels that call it are, with it inside): see kernels._INNER.
_INNER: JitOptions = {"nogil": True}


# -- a game's split and canonical form when it has none ------------------------------------------
@lazy_njit(SPLIT_SIG, **JIT)
def no_split(pos, params, out):
    """The position as one part."""
    out[0] = pos
    return 1


@lazy_njit(CANON_SIG, **JIT)
def no_symmetry(pos, params):
    """The position itself."""
    return pos


@lazy_njit(DECIDED_SIG, **JIT)
def no_decision(pos, side, params):
    """Nothing known before the options are searched."""
    return -1


# -- the hash table ------------------------------------------------------------------------------
@lazy_njit(types.int64(types.int64, types.int64), **JIT)
def _slot(key, mask):
    # Fibonacci hashing: the odd constant 0x9E3779B97F4A7C15 as an int64 (wraps in numba)
    return ((key * -7046029254386353131) >> 20) & mask


@lazy_njit(types.int64(types.int64[::1], types.int64), **JIT)
def find(keys, key):
    """The slot of ``key`` in ``keys``, or ``-1 - free slot`` where it would go."""
    mask = keys.size - 1
    i = _slot(key, mask)
    while True:
        k = keys[i]
        if k == key:
            return i
        if k == -1:
            return -1 - i
        i = (i + 1) & mask


@lazy_njit(types.int64(types.int64[::1], types.int32[::1], types.int64[::1], types.int32[::1]),
         **JIT)
def rehash(keys, vals, new_keys, new_vals):
    """Insert every entry of ``keys``/``vals`` into the empty tables ``new_*``; the count."""
    c = 0
    for i in range(keys.size):
        if keys[i] != -1:
            j = -1 - find(new_keys, keys[i])
            new_keys[j] = keys[i]
            new_vals[j] = vals[i]
            c += 1
    return c


# -- reachable search: Grundy values with parts -----------------------------------------------
@nb.njit(**_INNER)
def _option_value(moves, split, canon, params, o, keys, vals, parts, missing):
    """The Grundy value of option ``o`` (XOR of its parts' stored values), or -1 with
    ``missing[0]`` the first part (a representative) not yet stored; -2 for a bad split."""
    np_ = split(o, params, parts)
    if np_ < 1 or np_ > parts.size:
        return -2
    g = 0
    for j in range(np_):
        part = parts[j]
        if part < 0:
            return -2
        c = canon(part, params)
        s = find(keys, c)
        if s < 0:
            missing[0] = c
            return -1
        g ^= vals[s]
    return g


@lazy_njit([types.int64(MoveGen, SplitFn, CanonFn, _VEC, _VEC, types.int64[::1],
                      types.int32[::1], _VEC, _VEC, types.int32[::1], _VEC, _VEC, _VEC)],
         **JIT)
def search_grundy(moves, split, canon, params, args, keys, vals, frames, opts, ovals, parts,
                  counts, info):
    """The Grundy value of the representative ``args[0]`` (a part: the caller splits the root),
    stored into ``keys``/``vals``; ``args = [root, max_options, budget, max_fill]``.

    ``frames`` (4 int64 per level: position, first option slot, option count, next option),
    ``opts``/``ovals`` (``max_options`` slots per level: the options and their values, -1 not
    yet known) make the explicit stack; ``parts`` is the split buffer.  ``counts = [entries,
    expanded]`` are updated.  Returns the root's value, or -1 with ``info[0]`` the reason to
    stop (``BUDGET``, ``HASH_FULL``, ``STACK_FULL``, or a problem of the game's functions)."""
    root, maxo, budget, max_fill = args[0], args[1], args[2], args[3]
    depth_max = min(frames.size // 4, opts.size // maxo - 1)
    missing = np.zeros(1, np.int64)
    seen = np.zeros(maxo + 2, np.int64)     # mex marks of values from 64 on, stamped per mex
    stamp = 0
    s0 = find(keys, root)
    if s0 >= 0:
        return vals[s0]
    d = 0
    frames[0] = root
    frames[1] = 0
    frames[2] = -1          # options not generated yet
    frames[3] = 0
    spent = 0
    while d >= 0:
        f = 4 * d
        pos = frames[f]
        if frames[f + 2] < 0:
            if spent >= budget:
                info[0], info[1] = BUDGET, pos
                return -1
            if counts[0] >= max_fill:
                info[0], info[1] = HASH_FULL, pos
                return -1
            base = frames[f + 1]
            n = moves(pos, 0, params, opts[base:base + maxo])
            if n < 0 or n > maxo:
                info[0], info[1], info[2] = BAD_COUNT, pos, n
                return -1
            for i in range(n):
                o = opts[base + i]
                if o >= pos or o < 0:
                    info[0], info[1], info[2] = NOT_SMALLER, pos, o
                    return -1
                ovals[base + i] = -1
            frames[f + 2] = n
            spent += 1
            counts[1] += 1
        base = frames[f + 1]
        n = frames[f + 2]
        pushed = False
        while frames[f + 3] < n:
            i = frames[f + 3]
            g = _option_value(moves, split, canon, params, opts[base + i], keys, vals, parts,
                              missing)
            if g == -2:
                info[0], info[1], info[2] = BAD_SPLIT, opts[base + i], 0
                return -1
            if g == -1:
                if d + 1 >= depth_max:
                    info[0], info[1] = STACK_FULL, pos
                    return -1
                nf = 4 * (d + 1)
                frames[nf] = missing[0]
                frames[nf + 1] = base + maxo
                frames[nf + 2] = -1
                frames[nf + 3] = 0
                d += 1
                pushed = True
                break
            ovals[base + i] = g
            frames[f + 3] = i + 1
        if pushed:
            continue
        # every option known: the mex
        stamp += 1
        bits = np.uint64(0)
        for i in range(n):
            v = np.int64(ovals[base + i])
            if v < 64:
                bits = add_small(bits, v)
            elif v < seen.size:
                seen[v] = stamp
        g = bits_mex(bits)
        if g == 64:
            g = stamped_mex(seen, stamp, 64)
        s = find(keys, pos)
        if s < 0:
            s = -1 - s
            keys[s] = pos
            counts[0] += 1
        vals[s] = g
        d -= 1
    return vals[find(keys, root)]


# -- reachable search: outcomes ------------------------------------------------------------------
# a stored entry holds, for each side s (0 Left / the impartial mover, 1 Right), bit 2s "known"
# and bit 2s+1 "the player s, moving first, wins"
@lazy_njit([types.int64(MoveGen, CanonFn, DecidedFn, _VEC, _VEC, types.int64[::1], types.int32[::1],
                      _VEC,
                      _VEC, _VEC, _VEC)], **JIT)
def search_outcome(moves, canon, decided, params, args, keys, vals, frames, opts, counts, info):
    """Whether the side ``args[1]`` moving first from the representative ``args[0]`` wins (1)
    or loses (0); ``args = [root, side, max_options, budget, max_fill, misere, sides]``
    (``sides``: 1 for an impartial game, whose side is always 0; ``misere``: a player with no
    move wins).  -1 with ``info[0]`` the reason to stop.  Frames hold (position, side, first
    option slot, option count, next option) per level; a frame stops at its first option that
    the opponent, moving first, loses.  ``decided(pos, side, params)`` is the game's rule that
    settles a position before its options are searched (1 the side to move wins, 0 it loses,
    -1 not known; :func:`no_decision` knows nothing)."""
    root, side0, maxo, budget, max_fill = args[0], args[1], args[2], args[3], args[4]
    misere, sides = args[5] != 0, args[6]
    depth_max = min(frames.size // 5, opts.size // maxo - 1)
    d = 0
    frames[0], frames[1], frames[2], frames[3], frames[4] = root, side0, 0, -1, 0
    spent = 0
    result = -1
    while d >= 0:
        f = 5 * d
        pos, side = frames[f], frames[f + 1]
        s = find(keys, pos)
        if s >= 0 and (vals[s] >> (2 * side)) & 1:
            result = (vals[s] >> (2 * side + 1)) & 1
            d -= 1
            if d >= 0:
                pf = 5 * d
                if result == 0:          # the opponent loses there: the parent wins
                    frames[pf + 4] = -2
                else:
                    frames[pf + 4] += 1
            continue
        win = -1
        if frames[f + 3] < 0:
            if spent >= budget:
                info[0], info[1] = BUDGET, pos
                return -1
            if counts[0] >= max_fill:
                info[0], info[1] = HASH_FULL, pos
                return -1
            win = decided(pos, side, params)          # the game's own rule, when it knows
            if win != 0 and win != 1:                # anything but 1 or 0 says nothing
                win = -1
            if win < 0:
                base = frames[f + 2]
                n = moves(pos, side, params, opts[base:base + maxo])
                if n < 0 or n > maxo:
                    info[0], info[1], info[2] = BAD_COUNT, pos, n
                    return -1
                for i in range(n):
                    o = opts[base + i]
                    if o >= pos or o < 0:
                        info[0], info[1], info[2] = NOT_SMALLER, pos, o
                        return -1
                if sides == 2 and n > 1 and opts.size >= base + 2 * maxo:
                    _fewest_replies_first(moves, params, 1 - side, opts, base, n, maxo)
                frames[f + 3] = n
                counts[1] += 1
            spent += 1
        base, n, i = frames[f + 2], frames[f + 3], frames[f + 4]
        other = (1 - side) if sides == 2 else 0
        if win >= 0:
            pass
        elif i == -2:
            win = 1
        elif n == 0:
            win = 1 if misere else 0
        elif i >= n:
            win = 0
        else:
            # look ahead in the table for a known losing option before descending
            while i < n:
                c = canon(opts[base + i], params)
                so = find(keys, c)
                if so >= 0 and (vals[so] >> (2 * other)) & 1:
                    if ((vals[so] >> (2 * other + 1)) & 1) == 0:
                        win = 1
                        break
                    i += 1
                    continue
                break
            frames[f + 4] = i
            if win < 0 and i >= n:
                win = 0
            if win < 0:
                if d + 1 >= depth_max:
                    info[0], info[1] = STACK_FULL, pos
                    return -1
                nf = 5 * (d + 1)
                frames[nf] = canon(opts[base + i], params)
                frames[nf + 1] = other
                frames[nf + 2] = base + maxo
                frames[nf + 3] = -1
                frames[nf + 4] = 0
                d += 1
                continue
        s = find(keys, pos)
        if s < 0:
            s = -1 - s
            keys[s] = pos
            vals[s] = 0
            counts[0] += 1
        vals[s] |= np.int32((1 | (win << 1)) << (2 * side))
        result = win
        d -= 1
        if d >= 0:
            pf = 5 * d
            if win == 0:
                frames[pf + 4] = -2
            else:
                frames[pf + 4] += 1
    return result


@nb.njit(**_INNER)
def _fewest_replies_first(moves, params, other, opts, base, n, maxo):
    """Order the ``n`` options at ``opts[base:]`` by how many moves the opponent (``other``)
    has there, fewest first (an insertion sort; the next level's slots hold the replies while
    counting): the option that leaves the opponent least room is most often the winning one,
    and the search stops at the first."""
    scratch = opts[base + maxo:base + 2 * maxo]
    score = np.empty(n, np.int64)
    for i in range(n):
        score[i] = moves(opts[base + i], other, params, scratch)
    for i in range(1, n):
        o, k = opts[base + i], score[i]
        j = i - 1
        while j >= 0 and score[j] > k:
            opts[base + j + 1] = opts[base + j]
            score[j + 1] = score[j]
            j -= 1
        opts[base + j + 1] = o
        score[j + 1] = k


# -- re-deriving the entries of a search's hash table ---------------------------------------------
# A checkpoint read back without a valid seal is believed only if every entry follows from the
# entries of its options by the game's rules.  That is a proof, by induction on the height of the
# game tree (options, and their representatives under the game's symmetries, are lower): an entry
# of Grundy value g needs every option's parts stored and mex(option values) = g; an outcome
# entry "side s moving first wins" needs an option stored as lost by the other side, "loses" needs
# every option stored as won by the other side (no option: the rule of normal or misère play), or
# the game's own rule (``decided``) says it.  A genuine checkpoint passes: the search stores a
# position only after the options it used, or on the game's rule.
@lazy_njit([types.int64(MoveGen, SplitFn, CanonFn, DecidedFn, _VEC, _VEC, types.int64[::1],
                      types.int32[::1], types.int64[::1], types.int32[::1], _VEC, _VEC, _VEC)],
         **JIT)
def recheck_entries(moves, split, canon, decided, params, args, keys, vals, ekeys, evals, opts,
                    parts,
                    info):
    """The first entry ``e`` of ``ekeys``/``evals`` that does not follow from the hash table
    ``keys``/``vals`` (which holds them all), or -1 when every one does; ``info = [e, position,
    stored value, value its options give (-1: an option not stored)]``.  ``args = [grundy,
    max_options, misere, sides, size]``; ``opts`` has ``max_options`` slots."""
    grundy, maxo, misere, sides, size = args[0], args[1], args[2] != 0, args[3], args[4]
    missing = np.zeros(1, np.int64)
    seen = np.zeros(maxo + 2, np.int64)       # marks of values from 64 on, stamped e + 1
    known_mask = 1 | (4 if sides == 2 else 0)
    for e in range(ekeys.size):
        pos = ekeys[e]
        v = np.int64(evals[e])
        info[0], info[1], info[2], info[3] = e, pos, v, -1
        if pos < 0 or pos >= size or canon(pos, params) != pos:
            return e
        if grundy:
            if v < 0:
                return e
            n = moves(pos, 0, params, opts)
            if n < 0 or n > maxo:
                return e
            # the mex of the options' values, each the XOR of its parts' stored values
            bits = np.uint64(0)
            for i in range(n):
                o = opts[i]
                if o < 0 or o >= pos:
                    return e
                g = _option_value(moves, split, canon, params, o, keys, vals, parts, missing)
                if g < 0:
                    return e
                if g < 64:
                    bits = add_small(bits, g)
                elif g < seen.size:
                    seen[g] = e + 1
            m = bits_mex(bits)
            if m == 64:
                m = stamped_mex(seen, e + 1, 64)
            info[3] = m
            if m != v:
                return e
            continue
        if v < 0 or (v & known_mask) == 0 or v >= (1 << (2 * sides)):
            return e
        for side in range(sides):
            if ((v >> (2 * side)) & 1) == 0:
                continue
            win = (v >> (2 * side + 1)) & 1
            other = (1 - side) if sides == 2 else 0
            if decided(pos, side, params) == win:       # the game's own rule says so
                info[3] = win
                continue
            n = moves(pos, side, params, opts)
            if n < 0 or n > maxo:
                return e
            if n == 0:
                got = 1 if misere else 0
            else:
                got = 0           # a win needs one option the opponent loses; a loss, none
                for i in range(n):
                    o = opts[i]
                    if o < 0 or o >= pos:
                        return e
                    so = find(keys, canon(o, params))
                    if so < 0 or ((vals[so] >> (2 * other)) & 1) == 0:
                        if win == 0:          # a loss needs every option known
                            return e
                        continue
                    if ((vals[so] >> (2 * other + 1)) & 1) == 0:
                        got = 1
                        break
            info[3] = got
            if got != win:
                return e
    return -1


