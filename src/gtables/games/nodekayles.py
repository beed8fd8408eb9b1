"""Node-Kayles (Schaefer 1978): choose a vertex of a graph; it and its neighbours leave the game;
impartial, normal play.  On a path of n vertices it is Dawson's Kayles (the octal game 0.137).

Written with the public game API (``gtables.define_game``, whose implementation is
:func:`gtables.games.usergame.define_game`): a position is the
bitmask of the vertices still in the game; its connected components are independent parts and the
graph's automorphisms are symmetries of the game.  Spec: ``nodekayles:graph=path-8``
(``cycle-N``, ``grid-RxC``, ``complete-N`` or edges ``0-1+1-2+2-0``).
"""
from __future__ import annotations

from ..cells import ADJ, bit_index
from .usergame import define_game


def nodekayles_moves(pos, side, params, out):
    """Every vertex ``v`` in play: ``pos`` without ``v`` and its neighbours (``params[ADJ + v]``)."""
    n = 0
    rest = pos
    while rest != 0:
        low = rest & -rest
        v = bit_index(low)
        out[n] = pos & ~(low | params[ADJ + v])
        n += 1
        rest ^= low
    return n


def neighbours(space) -> list[set[int]]:
    """The neighbours of each vertex, from the graph's edge list (not its bitmasks)."""
    adj: list[set[int]] = [set() for _ in range(space.n)]
    for a, b in space.edges:
        adj[a].add(b)
        adj[b].add(a)
    return adj


def reference(position, side, space) -> list[tuple]:
    """Node-Kayles' options vertex by vertex: a vertex in play and its neighbours leave."""
    adj = neighbours(space)
    out = []
    for v, on in enumerate(position):
        if on:
            q = list(position)
            for w in {v} | adj[v]:
                q[w] = 0
            out.append(tuple(q))
    return out


FAMILY = define_game(
    "nodekayles", space="graph", moves=nodekayles_moves, max_options=lambda sp: sp.n,
    split="regions", symmetry="all", doc="Node-Kayles (a vertex and its neighbours go)",
    example="nodekayles:graph=path-6", reference=reference)
