"""Node-Kayles (Schaefer 1978): choose a vertex of a graph; it and its neighbours leave the game;
impartial, normal play.  On a path of n vertices it is Dawson's Kayles (the octal game 0.137).

Written with the public game API (:func:`gtables.games.usergame.define_game`): a position is the
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


def neighbours(values: dict) -> list[set[int]]:
    from ..engine.spaces.cells import parse_graph
    _, n, edges, _ = parse_graph(values["graph"])
    adj: list[set[int]] = [set() for _ in range(n)]
    for a, b in edges:
        adj[a].add(b)
        adj[b].add(a)
    return adj


def options_ref(values: dict, position, side: int = 0) -> list[tuple]:
    adj = neighbours(values)
    live = [int(x) for x in position]
    out = []
    for v, on in enumerate(live):
        if on:
            q = list(live)
            for w in {v} | adj[v]:
                q[w] = 0
            out.append((tuple(q),))
    return out


FAMILY = define_game(
    "nodekayles", space="graph", moves=nodekayles_moves, max_options=lambda sp: sp.n,
    split="regions", symmetry="all", doc="Node-Kayles (a vertex and its neighbours go)",
    example="nodekayles:graph=path-6", options_ref=options_ref)
