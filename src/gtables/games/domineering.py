"""Domineering (Göran Andersson; Winning Ways ch. 5): Left places vertical dominoes, Right
horizontal ones, on free cells of a board; partizan, normal play (``play=misere`` too).

Written with the public game API (``gtables.define_game``, whose implementation is
:func:`gtables.games.usergame.define_game`): a position is the
bitmask of free cells; the mirrors and the half turn of the board are symmetries of the game (a
quarter turn swaps the players, so it is not).  Outcome classes: L (Left wins whoever starts),
R, N (the player to move wins), P.
"""
from __future__ import annotations

import numba as nb

from ..cells import COLS, NOT_LAST_COL, ROWS
from .cram import domino_options, dominoes, place_dominoes
from .usergame import define_game


def domineering_moves(pos, side, params, out):
    """Left (side 0): a vertical domino; Right (side 1): a horizontal one."""
    if side == 0:
        cols = params[COLS]
        return place_dominoes(pos, pos & (pos >> cols), cols, out, 0)
    return place_dominoes(pos, pos & (pos >> 1) & params[NOT_LAST_COL], 1, out, 0)


@nb.njit(nogil=True, cache=True)
def disjoint_dominoes(cells, rows, cols, vertical):
    """The most disjoint dominoes (vertical, or horizontal) on the cells of the mask ``cells``:
    over the runs of cells in each column (or row), half of each run's length."""
    total = 0
    outer, inner = (cols, rows) if vertical else (rows, cols)
    for a in range(outer):
        run = 0
        for b in range(inner):
            c = b * cols + a if vertical else a * cols + b
            if (cells >> c) & 1:
                run += 1
            else:
                total += run >> 1
                run = 0
        total += run >> 1
    return total


def domineering_decided(pos, side, params):
    """The safe-move rule (Bullock's Obsequi; Breuker, Uiterwijk and van den Herik): a cell no
    horizontal domino can still cover stays Left's, since cells only fill up, so Left has at
    least ``safe_L`` moves however Right plays (the most disjoint vertical dominoes on such
    cells), while Right has at most ``most_R`` moves (the most disjoint horizontal dominoes on
    the free cells); the same for Right.  Left to move wins when ``safe_L > most_R`` (it answers
    each of Right's moves and keeps one) and loses when ``safe_R >= most_L``; Right to move the
    same with the sides swapped.  1 the side to move wins, 0 it loses, -1 the rule does not
    know."""
    cols = params[COLS]
    rows = params[ROWS]
    h = pos & (pos >> 1) & params[NOT_LAST_COL]     # Right's dominoes, by their left cell
    v = pos & (pos >> cols)                          # Left's, by their top cell
    safe_l = disjoint_dominoes(pos & ~(h | (h << 1)), rows, cols, True)
    safe_r = disjoint_dominoes(pos & ~(v | (v << cols)), rows, cols, False)
    most_l = disjoint_dominoes(pos, rows, cols, True)
    most_r = disjoint_dominoes(pos, rows, cols, False)
    if side == 0:
        if safe_l > most_r:
            return 1
        if safe_r >= most_l:
            return 0
    else:
        if safe_r > most_l:
            return 1
        if safe_l >= most_r:
            return 0
    return -1


def reference(position, side, space) -> list[tuple]:
    """Left's (side 0) vertical and Right's horizontal dominoes, cell by cell."""
    return domino_options(position, space, horizontal=side == 1, vertical=side == 0)


FAMILY = define_game(
    "domineering", space="board", moves=domineering_moves, partizan=True,
    max_options=lambda sp: max(dominoes(sp, True, False), dominoes(sp, False, True)),
    symmetry="flips", split="regions", decided=domineering_decided,
    doc="Domineering (Left vertical, Right horizontal dominoes)",
    example="domineering:rows=3,cols=3", reference=reference)
