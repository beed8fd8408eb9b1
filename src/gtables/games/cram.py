"""Cram (Gardner; Winning Ways "Dots and Boxes" chapter's "Cram"): players in turn place a domino
on two free orthogonally adjacent cells of a board; normal play, impartial.

Written with the public game API (``gtables.define_game``, whose implementation is
:func:`gtables.games.usergame.define_game`), with exactly the keywords a user writes: a position
is the bitmask of free cells (cell ``(r, c)`` = bit ``r * cols + c``), the regions of free cells
are independent parts, and every symmetry of the rectangle is a symmetry of the game; its
``reference`` lists the same options cell by cell.  Spec: ``cram:rows=3,cols=4``
(``play=misere`` for misère outcomes).
"""
from __future__ import annotations

import numba

from ..cells import COLS, NOT_LAST_COL
from .usergame import define_game


@numba.njit(cache=True)
def place_dominoes(pos, pairs, step, out, n):
    """Write from ``out[n]`` on the positions left by a domino on each cell of ``pairs`` and the
    cell ``step`` bits above it; the new count."""
    while pairs != 0:
        low = pairs & -pairs
        out[n] = pos ^ (low | (low << step))
        n += 1
        pairs ^= low
    return n


def cram_moves(pos, side, params, out):
    """A domino on two free cells side by side (``NOT_LAST_COL``: cells with a right-hand
    neighbour) or one above the other (``COLS`` apart)."""
    n = place_dominoes(pos, pos & (pos >> 1) & params[NOT_LAST_COL], 1, out, 0)
    cols = params[COLS]
    return place_dominoes(pos, pos & (pos >> cols), cols, out, n)


def dominoes(sp, horizontal: bool = True, vertical: bool = True) -> int:
    """The number of domino places on the board of ``sp``: a bound on a position's options."""
    return (sp.rows * (sp.cols - 1) if horizontal else 0) + \
        ((sp.rows - 1) * sp.cols if vertical else 0)


def domino_options(position, space, horizontal: bool, vertical: bool) -> list[tuple]:
    """The positions a domino leaves, in plain Python (a position: 0/1 per cell, row by row)."""
    rows, cols = space.rows, space.cols
    free = list(position)
    out = []
    for r in range(rows):
        for c in range(cols):
            a = r * cols + c
            for ok, b in ((horizontal and c + 1 < cols, a + 1), (vertical and r + 1 < rows,
                                                                 a + cols)):
                if ok and free[a] and free[b]:
                    q = list(free)
                    q[a] = q[b] = 0
                    out.append(tuple(q))
    return out


def reference(position, side, space) -> list[tuple]:
    """Cram's options cell by cell: a domino on two free cells side by side or one above the
    other (the contract's reference for :func:`cram_moves`)."""
    return domino_options(position, space, True, True)


FAMILY = define_game(
    "cram", space="board", moves=cram_moves, max_options=dominoes, split="regions",
    symmetry="all", doc="Cram (a domino on two free adjacent cells)",
    example="cram:rows=3,cols=3", reference=reference)
