"""Snort (Winning Ways ch. 2): players in turn colour a vertex of a graph, Left blue and Right red;
no vertex may be coloured next to one of the opponent's colour; partizan, normal play
(``play=misere`` too).

Written with the public game API (``gtables.define_game``, whose implementation is
:func:`gtables.games.usergame.define_game`) on two planes per vertex: plane 0 (bits ``0..n-1``)
holds the vertices Left may still colour, plane 1 those Right may.  A coloured vertex leaves both
planes and its neighbours leave the opponent's plane, so every option is a submask.  A vertex
is written ``.`` (either may colour it), ``L`` (only Left), ``R`` (only Right) or ``#``
(neither: coloured, or next to both colours).  The graph's automorphisms are symmetries of the
game.
"""
from __future__ import annotations

import numba as nb

from ..cells import ADJ, ALL, N_CELLS, bit_index
from .nodekayles import neighbours
from .usergame import define_game


@nb.njit(nogil=True)
def colouring_moves(pos, side, params, out, own):
    """Side 0 (Left) colours a vertex of plane 0, side 1 (Right) one of plane 1; the vertex
    leaves both planes, its neighbours the colourer's own plane (``own``: Col) or the
    opponent's (Snort)."""
    n = params[N_CELLS]
    left = pos & params[ALL]
    right = (pos >> n) & params[ALL]
    mine = left if side == 0 else right
    c = 0
    rest = mine
    while rest != 0:
        low = rest & -rest
        near = params[ADJ + bit_index(low)]
        nl = left & ~low
        nr = right & ~low
        if (side == 0) == own:
            nl &= ~near
        else:
            nr &= ~near
        out[c] = nl | (nr << n)
        c += 1
        rest ^= low
    return c


def snort_moves(pos, side, params, out):
    """Snort: a coloured vertex's neighbours leave the opponent's plane."""
    return colouring_moves(pos, side, params, out, False)


def colouring_options(position, side, space, blocks: str) -> list[tuple]:
    """The options of a vertex-colouring game vertex by vertex (a vertex's state: bit 0 Left may
    colour it, bit 1 Right may): the coloured vertex leaves both, and its neighbours leave the
    opponent's plane (``blocks="other"``: Snort) or the colourer's own (``"own"``: Col)."""
    adj = neighbours(space)
    me, other = (1, 2) if side == 0 else (2, 1)
    gone = other if blocks == "other" else me
    out = []
    for v, s in enumerate(position):
        if s & me:
            q = list(position)
            q[v] = 0
            for w in adj[v]:
                q[w] &= ~gone
            out.append(tuple(q))
    return out


def reference(position, side, space) -> list[tuple]:
    """Snort's options: a coloured vertex's neighbours leave the opponent's plane."""
    return colouring_options(position, side, space, "other")


FAMILY = define_game(
    "snort", space="graph", moves=snort_moves, partizan=True, planes=2,
    max_options=lambda sp: sp.n, symmetry="all",
    doc="Snort (colour a vertex not next to the opponent's colour)",
    example="snort:graph=path-4", reference=reference)
