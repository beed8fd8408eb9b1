"""Domineering (Göran Andersson; Winning Ways ch. 5): Left places vertical dominoes, Right
horizontal ones, on free cells of a board; partizan, normal play (``play=misere`` too).

Written with the public game API (``gtables.define_game``, whose implementation is
:func:`gtables.games.usergame.define_game`): a position is the
bitmask of free cells; the mirrors and the half turn of the board are symmetries of the game (a
quarter turn swaps the players, so it is not).  Outcome classes: L (Left wins whoever starts),
R, N (the player to move wins), P.
"""
from __future__ import annotations

from ..cells import COLS, NOT_LAST_COL
from .cram import domino_options, dominoes, place_dominoes
from .usergame import define_game


def domineering_moves(pos, side, params, out):
    """Left (side 0): a vertical domino; Right (side 1): a horizontal one."""
    if side == 0:
        cols = params[COLS]
        return place_dominoes(pos, pos & (pos >> cols), cols, out, 0)
    return place_dominoes(pos, pos & (pos >> 1) & params[NOT_LAST_COL], 1, out, 0)


def reference(position, side, space) -> list[tuple]:
    """Left's (side 0) vertical and Right's horizontal dominoes, cell by cell."""
    return domino_options(position, space, horizontal=side == 1, vertical=side == 0)


FAMILY = define_game(
    "domineering", space="board", moves=domineering_moves, partizan=True,
    max_options=lambda sp: max(dominoes(sp, True, False), dominoes(sp, False, True)),
    symmetry="flips", split="regions",
    doc="Domineering (Left vertical, Right horizontal dominoes)",
    example="domineering:rows=3,cols=3", reference=reference)
