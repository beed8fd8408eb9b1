"""Clobber (Albert, Grossman, Nowakowski and Wolfe, 2001; *Lessons in Play*): on a board of blue
(Left, ``x``) and red (Right, ``o``) stones, a player moves one of her stones onto an orthogonally
adjacent stone of the opponent's, which is removed (the mover's old cell becomes empty);
partizan, normal play (``play=misere`` too).  ``start`` is the checkerboard of stones, cell
``(0, 0)`` blue.

Written with the public game API (:func:`gtables.games.usergame.define_game`) on two planes
per cell: plane 1 (bits ``n..2n-1``) holds the occupied cells, plane 0 (bits ``0..n-1``) the
colour of a stone (1 blue, 0 red).  Every move empties one occupied cell, and that bit of the
upper plane outweighs any change in the lower one, so every option has a smaller index.  The
options are not submasks (a clobbered stone changes colour), but their upper planes are; the
dense fill numbers its blocks by the index's bits from ``min(max(10, 2n - 12), 18)`` up, all in
the upper plane on boards of up to 10 and of 12 to 18 cells, which fill in parallel layers.  On
11 cells one colour bit is a block bit: the fill meets an option across the layers and goes in
index order (the same values, on one core).  A cell is written ``.`` (empty), ``x`` (blue),
``o`` (red) or ``?``: a colour bit without a stone, an index no play reaches (a move clears the
colour bit of the cell it leaves); such a cell is empty to the rules, so its positions have the
values of the ``.`` ones, harmlessly.  Both players move alike, so every symmetry of the board
is one of the game.
"""
from __future__ import annotations

from ..cells import ADJ, ALL, N_CELLS, bit_index
from .usergame import define_game

EMPTY, UNUSED, RED, BLUE = range(4)         # a cell's state: colour bit + 2 * occupied bit


def clobber_moves(pos, side, params, out):
    """Side 0 (Left) moves a blue stone onto an adjacent red one, side 1 (Right) red onto blue."""
    n = params[N_CELLS]
    colour = pos & params[ALL]
    stones = (pos >> n) & params[ALL]
    blue = stones & colour
    red = stones & ~colour
    mine = blue if side == 0 else red
    theirs = red if side == 0 else blue
    c = 0
    rest = mine
    while rest != 0:
        low = rest & -rest
        targets = params[ADJ + bit_index(low)] & theirs
        left = colour & ~low                # the stone's old cell: empty, colour bit clear
        while targets != 0:
            hit = targets & -targets
            col = left | hit if side == 0 else left & ~hit
            out[c] = col | ((stones & ~low) << n)
            c += 1
            targets ^= hit
        rest ^= low
    return c


def reference(position, side, space) -> list[tuple]:
    """Clobber's options cell by cell on the rows and columns of the board (a cell's state:
    ``EMPTY``, ``UNUSED`` (empty), ``RED``, ``BLUE``)."""
    rows, cols = space.rows, space.cols
    mine, theirs = (BLUE, RED) if side == 0 else (RED, BLUE)
    out = []
    for r in range(rows):
        for c in range(cols):
            if position[r * cols + c] != mine:
                continue
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if 0 <= rr < rows and 0 <= cc < cols and position[rr * cols + cc] == theirs:
                    q = list(position)
                    q[r * cols + c] = EMPTY
                    q[rr * cols + cc] = mine
                    out.append(tuple(q))
    return out


def checkerboard(space) -> list[int]:
    """The start: every cell a stone, blue where row + column is even."""
    return [BLUE if (c // space.cols + c % space.cols) % 2 == 0 else RED for c in range(space.n)]


FAMILY = define_game(
    "clobber", space="board", moves=clobber_moves, partizan=True, planes=2,
    max_options=lambda sp: len(sp.edges), symmetry="all", symbols=".?ox", start=checkerboard,
    doc="Clobber (move a stone onto an adjacent stone of the opponent's)",
    example="clobber:rows=2,cols=3", reference=reference)
