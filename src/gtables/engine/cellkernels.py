"""Kernels for games defined through the public game API (:mod:`gtables.games.usergame`): a dense
fill of every index in independent layers, and a search of the positions reachable from one start.

Both take the game's functions as typed first-class functions, so one cached kernel serves every
game (a user's too) and nothing is recompiled per game:

* ``moves(pos, side, params, out) -> count``: the options of ``pos`` for ``side`` (0 Left or the
  impartial mover, 1 Right), **one slot per option**: ``out[i]`` is the index of option ``i``
  (a whole position); ``count`` at most the game's ``max_options`` (``out`` has that length);
* ``split(pos, params, out) -> count``: the independent parts of ``pos`` (whose Grundy values
  XOR), each a position of the same space, ``count >= 1`` (``out[0] = pos``: no split);
* ``canon(pos, params) -> pos``: a representative of ``pos`` under the game's symmetries, the
  same for every position it maps to (``pos`` itself: no symmetry).

**Dense fill, in independent layers.**  The index space is cut into blocks of ``2**lowbits``
consecutive indices; block ``h`` (the high bits) lies in layer ``popcount(h)``.  When every
option of a position lies in the same block at a smaller index or in a block of a lower layer
(true of every game whose moves only clear bits, e.g. a domino covering two free cells: an
option is then a submask), the blocks of one layer depend only on earlier layers and are filled
in parallel, each block in index order (a block is contiguous: the table is read and written in
long runs).  Every option read is checked first (smaller index; same block or lower layer), so
a game that breaks the layering stops the parallel fill (:data:`LAYERS`) and is filled serially
in index order instead, and a game whose option is not smaller is refused (:data:`NOT_SMALLER`)
with the position and the option: never a value read before it was computed.

**Reachable search.**  :func:`search_grundy` computes the Grundy value of one position by
depth-first search over the positions reachable from it, each option split into its parts and
each part reduced to its representative; values of parts go into an open-addressing hash table
(keys int64, -1 empty).  :func:`search_outcome` decides outcomes (impartial misère, partizan
normal and misère) the same way without splitting (outcomes of parts do not add), stopping at the
first winning option.  Both stop after a budget of expanded positions, returning to Python, which
checkpoints the hash table and calls again: the search restarts from the root and finds every
finished position in the table, so a killed run loses at most one budget's work.
"""
from __future__ import annotations

import numba as nb
import numpy as np
from numba import prange, types

from ..config import JIT, PARALLEL_JIT, JitOptions
from ..errors import GtablesError
from .game import GRUNDY, MISERE, PARTIZAN, PARTIZAN_MISERE
from .jit import lazy_njit
from .kernels import MOVES_SIG, MoveGen

# value kinds of the kernels (args[KIND])
K_GRUNDY, K_MISERE, K_PARTIZAN, K_PARTIZAN_MISERE = 0, 1, 2, 3
KIND_CODES = {GRUNDY: K_GRUNDY, MISERE: K_MISERE, PARTIZAN: K_PARTIZAN,
              PARTIZAN_MISERE: K_PARTIZAN_MISERE}
P, N, L, R = 0, 1, 2, 3

# what a kernel reports in info[0] (info[1]: the position, info[2]: the option or count)
OK = 0
NOT_SMALLER = 1      # an option whose index is not smaller than its position's (or negative)
LAYERS = 2           # an option in another block of the same or a later layer
BAD_COUNT = 3        # a count outside 0..max_options
OVERFLOW = 4         # a Grundy value beyond the table's dtype
BUDGET = 5           # the search spent its budget (resume)
FULL = 6             # the hash table is too full (grow it)
DEEP = 7             # the search stack is full (deepen it)
BAD_SPLIT = 8        # a split gave no part, too many, or a part outside the space
INTERRUPTED = 9

SPLIT_SIG = types.int64(types.int64, types.int64[::1], types.int64[::1])
CANON_SIG = types.int64(types.int64, types.int64[::1])
SplitFn = types.FunctionType(SPLIT_SIG)
CanonFn = types.FunctionType(CANON_SIG)
_VEC = types.int64[::1]
VALUE_DTYPES = (types.uint8, types.uint16, types.uint32)


@lazy_njit(types.int64(types.int64), **JIT)
def popcount(x):
    """Set bits of a non-negative int64."""
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return (x * 0x0101010101010101) >> 56 & 0xFF


@nb.njit(**JIT)
def _check(p, o, hb, lowbits, layered, info):
    """0 when option ``o`` of ``p`` may be read, else the problem (recorded in ``info``)."""
    if o >= p or o < 0:
        info[0], info[1], info[2] = NOT_SMALLER, p, o
        return NOT_SMALLER
    if layered:
        ob = o >> lowbits
        if ob != hb and (ob & ~hb) != 0 and popcount(ob) >= popcount(hb):
            info[0], info[1], info[2] = LAYERS, p, o
            return LAYERS
    return OK


# Not cached on its own (the kernels that call it are, with it inside): a cached function with no
# signature keeps every type it was ever called with in its index, and a numba dispatcher's type
# there would import that game's module when the index is read (a circular import for ours).
_INNER: JitOptions = {"nogil": True}


@nb.njit(**_INNER)
def fill_range(moves, params, args, lo, hi, layered, table, buf, seen, info):
    """Fill positions ``lo..hi-1`` (one block when ``layered``) in index order; ``args =
    [kind, lowbits, max_options, vmax]``.  Returns :data:`OK` or the problem, with ``info``."""
    kind, lowbits, maxo, vmax = args[0], args[1], args[2], args[3]
    nseen = seen.size
    for p in range(lo, hi):
        hb = p >> lowbits
        if kind == K_GRUNDY:
            n = moves(p, 0, params, buf)
            if n < 0 or n > maxo:
                info[0], info[1], info[2] = BAD_COUNT, p, n
                return BAD_COUNT
            bits = np.uint64(0)
            big = False
            stamp = p + 1
            for i in range(n):
                o = buf[i]
                if _check(p, o, hb, lowbits, layered, info) != OK:
                    return info[0]
                v = np.int64(table[o])
                if v < 64:
                    bits |= np.uint64(1) << np.uint64(v)
                else:
                    big = True
                    if v < nseen:
                        seen[v] = stamp
            g = 0
            while g < 64 and (bits >> np.uint64(g)) & np.uint64(1):
                g += 1
            if g == 64 and big:
                while g < nseen and seen[g] == stamp:
                    g += 1
            if g > vmax:
                info[0], info[1], info[2] = OVERFLOW, p, g
                return OVERFLOW
            table[p] = g
        else:
            misere = kind == K_MISERE or kind == K_PARTIZAN_MISERE
            sides = 1 if kind == K_MISERE else 2
            wins = 0
            for side in range(sides):
                n = moves(p, side, params, buf)
                if n < 0 or n > maxo:
                    info[0], info[1], info[2] = BAD_COUNT, p, n
                    return BAD_COUNT
                # an option is checked when it is read; one never read (an earlier option
                # already wins) cannot make the value wrong
                w = misere and n == 0
                good = P if kind == K_MISERE else L if side == 0 else R
                for i in range(n):
                    o = buf[i]
                    if _check(p, o, hb, lowbits, layered, info) != OK:
                        return info[0]
                    c = table[o]
                    if c == P or c == good:     # the opponent, moving first, loses there
                        w = True
                        break
                if w:
                    wins |= 1 << side
            if kind == K_MISERE:
                table[p] = N if wins else P
            else:
                table[p] = N if wins == 3 else L if wins == 1 else R if wins == 2 else P
    return OK


FILL_RANGE_SIGS = [types.int64(MoveGen, _VEC, _VEC, types.int64, types.int64, types.boolean,
                               dt[::1], _VEC, _VEC, _VEC) for dt in VALUE_DTYPES]
fill_range_serial = lazy_njit(FILL_RANGE_SIGS, **JIT)(getattr(fill_range, "py_func", fill_range))


@lazy_njit([types.int64(MoveGen, _VEC, _VEC, _VEC, types.int64, types.int64, dt[::1],
                      types.int64[:, ::1], types.int64[:, ::1], types.int64[:, ::1])
          for dt in VALUE_DTYPES], **PARALLEL_JIT)
def fill_layer(moves, params, args, blocks, size, bsize, table, bufs, seens, infos):
    """Fill the blocks ``blocks`` (one layer: independent of each other) in parallel, one
    worker per row of ``bufs``/``seens``/``infos``, worker ``w`` taking blocks ``w, w + nw, ...``.
    Returns :data:`OK` or the problem of the worker whose failing position is smallest (its
    ``info`` row is copied into ``infos[0]``)."""
    nw = bufs.shape[0]
    for w in prange(nw):
        wi = np.int64(w)    # a prange index is unsigned
        infos[wi, 0] = OK
        for k in range(wi, blocks.size, nw):
            b = blocks[k]
            lo = b * bsize
            hi = min(size, lo + bsize)
            if fill_range(moves, params, args, lo, hi, True, table, bufs[wi], seens[wi],
                          infos[wi]) != OK:
                break
    worst = -1
    for w in range(nw):
        if infos[w, 0] != OK and (worst < 0 or infos[w, 1] < infos[worst, 1]):
            worst = w
    if worst < 0:
        return OK
    if worst > 0:
        for j in range(3):
            infos[0, j] = infos[worst, j]
    return infos[0, 0]


# -- helpers a game may use as its split and canonical form ---------------------------------------
@lazy_njit(SPLIT_SIG, **JIT)
def no_split(pos, params, out):
    """The position as one part."""
    out[0] = pos
    return 1


@lazy_njit(CANON_SIG, **JIT)
def no_symmetry(pos, params):
    """The position itself."""
    return pos


@lazy_njit(types.int64(types.int64), **JIT)
def bit_index(low):
    """The index of the single set bit of ``low`` (a power of two: ``x & -x``), e.g. the cell a
    move generator found free: the bits below it, counted."""
    return popcount(low - 1)


@lazy_njit(types.int64(types.int64, types.int64[::1]), **JIT)
def neighbours_of(cells, params):
    """The cells next to some cell of ``cells`` (one plane's mask) on the space of ``params``:
    by shifts on a board, by the adjacency masks on a graph."""
    if params[7] == 1:
        cols = params[4]
        return (((cells << 1) & params[6]) | ((cells >> 1) & params[5]) | (cells << cols)
                | (cells >> cols)) & params[2]
    out = 0
    while cells != 0:
        low = cells & -cells
        out |= params[10 + bit_index(low)]
        cells ^= low
    return out


@lazy_njit(SPLIT_SIG, **JIT)
def cell_regions(pos, params, out):
    """The connected regions of a cell-space position (:mod:`.spaces.cells`): a cell is in play
    when it is in some plane, two cells in play are joined when they are neighbours; each part
    keeps the planes of its own cells."""
    n = params[0]
    planes = params[1]
    live = pos & params[2]
    if planes == 2:
        live |= (pos >> n) & params[2]
    c = 0
    while live != 0:
        comp = live & -live
        frontier = comp
        while frontier != 0:
            frontier = neighbours_of(frontier, params) & live & ~comp
            comp |= frontier
        part = pos & comp
        if planes == 2:
            part |= pos & (comp << n)
        if c >= out.size:
            return -1
        out[c] = part
        c += 1
        live &= ~comp
    if c == 0:
        out[0] = pos
        c = 1
    return c


@lazy_njit(CANON_SIG, **JIT)
def cell_symmetry(pos, params):
    """The least index among the images of ``pos`` under the symmetries its space listed in
    ``params`` (byte tables: eight lookups an image)."""
    best = pos
    tab = params[9]
    for s in range(1, params[8]):
        base = tab + s * 2048
        q = 0
        x = pos
        k = 0
        while x != 0:
            q |= params[base + k * 256 + (x & 255)]
            x >>= 8
            k += 1
        if q < best:
            best = q
    return best


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
    stop (:data:`BUDGET`, :data:`FULL`, :data:`DEEP`, or a problem of the game's functions)."""
    root, maxo, budget, max_fill = args[0], args[1], args[2], args[3]
    depth_max = min(frames.size // 4, opts.size // maxo - 1)
    missing = np.zeros(1, np.int64)
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
                info[0] = BUDGET
                return -1
            if counts[0] >= max_fill:
                info[0] = FULL
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
                    info[0] = DEEP
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
        g = 0
        while True:
            hit = False
            for i in range(n):
                if ovals[base + i] == g:
                    hit = True
                    break
            if not hit:
                break
            g += 1
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
@lazy_njit([types.int64(MoveGen, CanonFn, _VEC, _VEC, types.int64[::1], types.int32[::1], _VEC,
                      _VEC, _VEC, _VEC)], **JIT)
def search_outcome(moves, canon, params, args, keys, vals, frames, opts, counts, info):
    """Whether the side ``args[1]`` moving first from the representative ``args[0]`` wins (1)
    or loses (0); ``args = [root, side, max_options, budget, max_fill, misere, sides]``
    (``sides``: 1 for an impartial game, whose side is always 0; ``misere``: a player with no
    move wins).  -1 with ``info[0]`` the reason to stop.  Frames hold (position, side, first
    option slot, option count, next option) per level; a frame stops at its first option that
    the opponent, moving first, loses."""
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
        if frames[f + 3] < 0:
            if spent >= budget:
                info[0] = BUDGET
                return -1
            if counts[0] >= max_fill:
                info[0] = FULL
                return -1
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
            frames[f + 3] = n
            spent += 1
            counts[1] += 1
        base, n, i = frames[f + 2], frames[f + 3], frames[f + 4]
        other = (1 - side) if sides == 2 else 0
        win = -1
        if i == -2:
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
                    info[0] = DEEP
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


# -- re-deriving the entries of a search's hash table ---------------------------------------------
# A checkpoint read back without a valid seal is believed only if every entry follows from the
# entries of its options by the game's rules.  That is a proof, by induction on the height of the
# game tree (options, and their representatives under the game's symmetries, are lower): an entry
# of Grundy value g needs every option's parts stored and mex(option values) = g; an outcome
# entry "side s moving first wins" needs an option stored as lost by the other side, "loses" needs
# every option stored as won by the other side (no option: the rule of normal or misère play).  A
# genuine checkpoint passes: the search stores a position only after the options it used.
@lazy_njit([types.int64(MoveGen, SplitFn, CanonFn, _VEC, _VEC, types.int64[::1],
                      types.int32[::1], types.int64[::1], types.int32[::1], _VEC, _VEC, _VEC)],
         **JIT)
def recheck_entries(moves, split, canon, params, args, keys, vals, ekeys, evals, opts, parts,
                    info):
    """The first entry ``e`` of ``ekeys``/``evals`` that does not follow from the hash table
    ``keys``/``vals`` (which holds them all), or -1 when every one does; ``info = [e, position,
    stored value, value its options give (-1: an option not stored)]``.  ``args = [grundy,
    max_options, misere, sides, size]``; ``opts`` has ``max_options`` slots."""
    grundy, maxo, misere, sides, size = args[0], args[1], args[2] != 0, args[3], args[4]
    missing = np.zeros(1, np.int64)
    seen = np.zeros(maxo + 2, np.int64)       # seen[g] == e + 1: value g among entry e's options
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
            for i in range(n):
                o = opts[i]
                if o < 0 or o >= pos:
                    return e
                g = _option_value(moves, split, canon, params, o, keys, vals, parts, missing)
                if g < 0:
                    return e
                if g <= n:
                    seen[g] = e + 1
            m = 0
            while seen[m] == e + 1:
                m += 1
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


def check_signature(fn, sig, what: str):
    """``fn`` as a numba dispatcher compiled for ``sig`` (compiling a plain function), or a
    ``TypeError`` naming ``what``."""
    if isinstance(fn, nb.core.registry.CPUDispatcher):
        return fn
    return nb.njit(sig, **JIT)(fn)


__all__ = ["MOVES_SIG", "SPLIT_SIG", "CANON_SIG", "fill_layer", "fill_range_serial",
           "search_grundy", "search_outcome", "cell_regions", "cell_symmetry", "no_split",
           "no_symmetry", "rehash", "find", "popcount"]


@lazy_njit([types.int64(MoveGen, _VEC, _VEC, _VEC, dt[::1], _VEC, _VEC, _VEC)
          for dt in (types.uint8, types.uint32)], **JIT)
def first_mismatch(moves, params, args, positions, table, buf, seen, info):
    """The first ``k`` whose position ``positions[k]`` (ascending) has a stored value other than
    the one its options' stored values give, or -1; each position is derived in place and its
    stored value put back, so every value is judged from stored values only."""
    for k in range(positions.size):
        p = positions[k]
        stored = table[p]
        st = fill_range(moves, params, args, p, p + 1, False, table, buf, seen, info)
        derived = table[p]
        table[p] = stored
        if st != OK or derived != stored:
            return k
    return -1


def problem(game, info) -> GtablesError:
    """The one-line error of a kernel's ``info`` (:data:`NOT_SMALLER`, ...) on ``game``."""
    code, p, o = (int(x) for x in info[:3])
    sp = game.space
    where = sp.format_index(p) if 0 <= p < sp.size else str(p)
    if code == NOT_SMALLER:
        what = sp.format_index(o) if 0 <= o < sp.size else f"index {o}"
        return GtablesError(f"{game.spec}: a move from {where} (index {p}) leads to {what} "
                            f"(index {o}), which is not smaller; every option must have a "
                            f"smaller index")
    if code == BAD_COUNT:
        return GtablesError(f"{game.spec}: moves({where}) returned {o} options; it must return "
                            f"0..max_options ({game.max_options})")
    if code == BAD_SPLIT:
        return GtablesError(f"{game.spec}: split of {where} gave no part, too many, or a "
                            f"negative one")
    return GtablesError(f"{game.spec}: the fill stopped at {where} (code {code})")


def rederive_one_slot(game, values, positions=None) -> int | None:
    """:func:`gtables.engine.rederive.rederive` for a game of the public game API (one slot per
    option): the first of ``positions`` (ascending; default all) whose value in ``values`` is
    not the one its options' stored values give, or None."""
    values = np.asarray(values)
    grundy = game.kind == GRUNDY
    top = np.iinfo(np.uint32 if grundy else np.uint8).max
    if positions is None:
        positions = np.arange(values.size, dtype=np.int64)
    positions = np.ascontiguousarray(positions, dtype=np.int64)
    if positions.size == 0:
        return None
    out = (values < 0) | (values > top) if values.dtype.kind in "iu" else np.zeros(0, bool)
    table = np.clip(values, 0, top).astype(np.uint32 if grundy else np.uint8)
    end = positions.size
    if out.any():
        hit = np.flatnonzero(out[positions])
        end = int(hit[0]) if hit.size else end
    args = np.array([KIND_CODES[game.kind], 62, game.max_options, top], dtype=np.int64)
    buf = np.zeros(game.max_options + 1, dtype=np.int64)
    seen = np.zeros(game.max_options + 2, dtype=np.int64)
    info = np.zeros(3, dtype=np.int64)
    k = int(first_mismatch(game.moves, game.move_params, args, positions[:end], table, buf,
                           seen, info))
    if k >= 0:
        return int(positions[k])
    return int(positions[end]) if end < positions.size else None
