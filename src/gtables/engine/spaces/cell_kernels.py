"""Numba helpers of a cell space (:mod:`.cells`: a board's squares or a graph's vertices, a
position a bitmask), read from the space's int64 parameters (:data:`.cells.PARAM_LAYOUT`): the
cell of a one-bit mask, the neighbours of a mask of cells, and the split and canonical form
``gtables.define_game`` offers for boards and graphs (``split="regions"``: the connected regions;
``symmetry="all"`` or ``"flips"``: the least image under the space's symmetries).  A user's move
generator may call the first two (``gtables.cells`` exports them).
"""
from __future__ import annotations

from numba import types

from ...config import JIT
from ..jit import lazy_njit
from ..kernels import CANON_SIG, SPLIT_SIG, popcount


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
