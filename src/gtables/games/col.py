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

from .snort import colouring_moves, colouring_options
from .usergame import define_game


def col_moves(pos, side, params, out):
    """Col: a coloured vertex's neighbours leave the colourer's own plane."""
    return colouring_moves(pos, side, params, out, True)


def reference(position, side, space) -> list[tuple]:
    """Col's options: a coloured vertex's neighbours leave the colourer's own plane."""
    return colouring_options(position, side, space, "own")


FAMILY = define_game(
    "col", space="graph", moves=col_moves, partizan=True, planes=2,
    max_options=lambda sp: sp.n, symmetry="all",
    doc="Col (colour a vertex not next to your own colour)",
    example="col:graph=path-5", reference=reference)
