"""Col (Colin Vout; Conway, *On Numbers and Games*; Winning Ways ch. 2): players in turn colour a
vertex of a graph, Left blue and Right red; no vertex may be coloured next to one of its own
colour (Snort's rule is the opposite); partizan, normal play (``play=misere`` too).

Written with the public game API (:func:`gtables.games.usergame.define_game`) on two planes per
vertex, as Snort is: plane 0 (bits ``0..n-1``) holds the vertices Left may still colour, plane 1
those Right may.  A coloured vertex leaves both planes and its neighbours leave the colourer's
own plane, so every option is a submask.  A vertex is written ``.`` (either may colour it),
``L`` (only Left: it is next to a red vertex), ``R`` (only Right: next to a blue one) or ``#``
(neither: coloured, or next to both colours).  The graph's automorphisms are symmetries of the
game (and so is swapping the planes, with Left and Right: an uncoloured graph is 0 or *).
"""
from __future__ import annotations

from ..cells import ADJ, ALL, N_CELLS, bit_index
from .snort import colouring_options
from .usergame import define_game


def col_moves(pos, side, params, out):
    """Side 0 (Left) colours a vertex of plane 0, side 1 (Right) one of plane 1."""
    n = params[N_CELLS]
    left = pos & params[ALL]
    right = (pos >> n) & params[ALL]
    mine = left if side == 0 else right
    c = 0
    rest = mine
    while rest != 0:
        low = rest & -rest
        v = bit_index(low)
        if side == 0:
            nl = left & ~low & ~params[ADJ + v]
            nr = right & ~low
        else:
            nl = left & ~low
            nr = right & ~low & ~params[ADJ + v]
        out[c] = nl | (nr << n)
        c += 1
        rest ^= low
    return c


def reference(position, side, space) -> list[tuple]:
    """Col's options: a coloured vertex's neighbours leave the colourer's own plane."""
    return colouring_options(position, side, space, "own")


FAMILY = define_game(
    "col", space="graph", moves=col_moves, partizan=True, planes=2,
    max_options=lambda sp: sp.n, symmetry="all",
    doc="Col (colour a vertex not next to your own colour)",
    example="col:graph=path-5", reference=reference)
