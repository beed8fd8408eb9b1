"""What a move generator on a board or a graph reads (the public game API,
:func:`gtables.define_game`): the names of its parameters and two numba helpers.

``params[COLS]`` is a board's number of columns, ``params[NOT_LAST_COL]`` the mask of cells with a
right neighbour, ``params[ADJ + c]`` the mask of the neighbours of cell ``c`` (every name:
:data:`PARAM_LAYOUT`); ``bit_index(low)`` is the cell of a one-bit mask (``x & -x``), and
``neighbours_of(cells, params)`` the cells next to a mask of cells.  For example Node-Kayles
(choose a vertex; it and its neighbours go)::

    from gtables.cells import ADJ, bit_index

    def moves(pos, side, params, out):
        n, rest = 0, pos
        while rest:
            low = rest & -rest
            out[n] = pos & ~(low | params[ADJ + bit_index(low)])
            n, rest = n + 1, rest ^ low
        return n
"""
from .engine.spaces.cell_kernels import bit_index, neighbours_of
from .engine.spaces.cells import (
    ADJ,
    ALL,
    COLS,
    GRID,
    N_CELLS,
    NOT_FIRST_COL,
    NOT_LAST_COL,
    NSYM,
    PARAM_LAYOUT,
    PLANES,
    ROWS,
    SYMTAB,
)

__all__ = ["ADJ", "ALL", "COLS", "GRID", "N_CELLS", "NOT_FIRST_COL", "NOT_LAST_COL", "NSYM",
           "PARAM_LAYOUT", "PLANES", "ROWS", "SYMTAB", "bit_index", "neighbours_of"]
