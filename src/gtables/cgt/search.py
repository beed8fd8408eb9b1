"""The canonical value of one position of a partizan game from the positions reachable from it:
the reachable search of :mod:`gtables.engine.search` with values in a game pool.

:func:`search_value` is :func:`gtables.engine.search_kernels.search_grundy` with the mex replaced
by the canonical form: a position's Left and Right options are generated, each option split into
its parts (``split``: the independent regions of a board; a game of one part gives ``out[0] =
pos``), each part reduced to its representative under the game's symmetries (``canon``: they must
keep the value, e.g. a board's mirrors for Domineering) and looked up in the hash table (part ->
pool id); an option's value is the **sum** of its parts' values, and the position's value the
canonical form of ``{Left option values | Right option values}``.  The table holds parts only.

It stops like the other search kernels (-1 with ``info = [code, position, detail]``) on a spent
budget, a full hash table or stack, and also on a full pool (``SCRATCH_FULL``: the driver grows
the pool and calls again; finished entries stay) or a number past the pool's range
(``VALUE_RANGE``).
"""
from __future__ import annotations

import numpy as np
from numba import types

from ..config import JIT
from ..engine.jit import lazy_njit
from ..engine.kernels import CanonFn, MoveGen, SplitFn
from ..engine.search_kernels import find
from ..engine.status import (
    BAD_COUNT,
    BAD_SPLIT,
    BUDGET,
    HASH_FULL,
    NOT_SMALLER,
    SCRATCH_FULL,
    STACK_FULL,
    VALUE_RANGE,
)
from . import kernels as k

_VEC = types.int64[::1]
FRAME = 5      # int64 per level of the stack: position, option base, Left count, Right count, next


@lazy_njit([types.int64(MoveGen, SplitFn, CanonFn, _VEC, _VEC, _VEC, types.int32[::1], _VEC,
                        _VEC, types.int32[::1], _VEC, _VEC, _VEC, k.POOL_TYPE)], **JIT)
def search_value(moves, split, canon, params, args, keys, vals, frames, opts, ovals, parts,
                 counts, info, P):
    """The pool id of the canonical value of the representative ``args[0]`` (a part: the caller
    splits the root), stored into ``keys``/``vals``; ``args = [root, max_options, budget,
    max_fill]``.  ``frames`` (:data:`FRAME` int64 a level), ``opts``/``ovals`` (``2 *
    max_options`` slots a level: Left options, then Right ones, and their values) make the
    explicit stack; ``parts`` is the split buffer; ``counts = [entries, expanded]``."""
    root, maxo, budget, max_fill = args[0], args[1], args[2], args[3]
    w = 2 * maxo
    depth_max = min(frames.size // FRAME, opts.size // w - 1)
    left = np.empty(maxo, np.int64)
    right = np.empty(maxo, np.int64)
    s0 = find(keys, root)
    if s0 >= 0:
        return vals[s0]
    d = 0
    frames[0], frames[1], frames[2], frames[3], frames[4] = root, 0, -1, 0, 0
    spent = 0
    while d >= 0:
        f = FRAME * d
        pos = frames[f]
        base = frames[f + 1]
        if frames[f + 2] < 0:
            if spent >= budget:
                info[0], info[1] = BUDGET, pos
                return -1
            if counts[0] >= max_fill:
                info[0], info[1] = HASH_FULL, pos
                return -1
            for side in range(2):
                at = base + side * maxo
                n = moves(pos, side, params, opts[at:at + maxo])
                if n < 0 or n > maxo:
                    info[0], info[1], info[2] = BAD_COUNT, pos, n
                    return -1
                for i in range(n):
                    o = opts[at + i]
                    if o >= pos or o < 0:
                        info[0], info[1], info[2] = NOT_SMALLER, pos, o
                        return -1
                frames[f + 2 + side] = n
            spent += 1
            counts[1] += 1
        nl, nr = frames[f + 2], frames[f + 3]
        pushed = False
        while frames[f + 4] < nl + nr:
            i = frames[f + 4]
            slot = base + i if i < nl else base + maxo + (i - nl)
            o = opts[slot]
            m = split(o, params, parts)
            if m < 1 or m > parts.size:
                info[0], info[1], info[2] = BAD_SPLIT, o, m
                return -1
            g = 0                    # the id of 0
            missing = -1
            for j in range(m):
                if parts[j] < 0:
                    info[0], info[1], info[2] = BAD_SPLIT, o, m
                    return -1
                c = canon(parts[j], params)
                s = find(keys, c)
                if s < 0:
                    missing = c
                    break
                g = k.add(P, g, np.int64(vals[s]))
                if g < 0:
                    info[0], info[1] = SCRATCH_FULL if g == k.POOL_FULL else VALUE_RANGE, pos
                    return -1
            if missing >= 0:
                if d + 1 >= depth_max:
                    info[0], info[1] = STACK_FULL, pos
                    return -1
                nf = FRAME * (d + 1)
                frames[nf], frames[nf + 1], frames[nf + 2] = missing, base + w, -1
                frames[nf + 3], frames[nf + 4] = 0, 0
                d += 1
                pushed = True
                break
            ovals[slot] = g
            frames[f + 4] = i + 1
        if pushed:
            continue
        for i in range(nl):
            left[i] = ovals[base + i]
        for i in range(nr):
            right[i] = ovals[base + maxo + i]
        g = k.canonical(P, left, nl, right, nr)
        if g < 0:
            info[0], info[1] = SCRATCH_FULL if g == k.POOL_FULL else VALUE_RANGE, pos
            return -1
        s = find(keys, pos)
        if s < 0:
            s = -1 - s
            keys[s] = pos
            counts[0] += 1
        vals[s] = g
        d -= 1
    return vals[find(keys, root)]
