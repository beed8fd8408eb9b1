"""Spec grammars of games on a board, a graph or a range of integers (the public game API,
:mod:`gtables.games.usergame`), importable without numba.

A board game's keys are ``rows`` and ``cols``, a graph game's ``graph`` (``path-N``, ``cycle-N``,
``grid-RxC``, ``complete-N`` or an edge list ``0-1+1-2+2-0``), an integer game's ``size``; every
such game has ``play=normal`` (Grundy values, or L/R/N/P for a partizan game) or ``play=misere``
(outcomes).  :func:`grammar` returns one object per (name, space, planes), so a family's grammar
and the one named here for a shipped family are the same object.
"""
from __future__ import annotations

import functools

from ...engine.game import Grammar, Param, choice_param, int_param
from ...engine.spaces.cells import MAX_BITS, parse_graph
from ...errors import GtablesError

SPACES = ("board", "graph", "integers")
MAX_INTEGERS = 1 << 40


def _graph_value(text: str) -> str:
    return parse_graph(text)[0]


def _normalise(name: str, planes: int):
    def normalise(values: dict) -> None:
        if "rows" in values:
            r, c = values["rows"], values["cols"]
            if r * c * planes > MAX_BITS:
                raise GtablesError(f"{name}: a {r} x {c} board has {r * c} cells; at most "
                                   f"{MAX_BITS // planes} (positions are {MAX_BITS}-bit masks)")
        if "graph" in values:
            n = parse_graph(values["graph"])[1]
            if n * planes > MAX_BITS:
                raise GtablesError(f"{name}: graph {values['graph']} has {n} vertices; at most "
                                   f"{MAX_BITS // planes}")
    return normalise


def grammar(name: str, space: str, planes: int = 1, partizan: bool = False) -> Grammar:
    """The grammar of a game named ``name`` on ``space`` (one of :data:`SPACES`): one object
    per (name, space, planes, partizan)."""
    return _grammar(name, space, int(planes), bool(partizan))


@functools.cache
def _grammar(name: str, space: str, planes: int, partizan: bool) -> Grammar:
    if space not in SPACES:
        raise GtablesError(f"{name}: space must be one of {', '.join(SPACES)}, not {space!r}")
    play_help = ("normal (L/R/N/P outcomes) or misere (outcomes, misère play)" if partizan else
                 "normal (Grundy values) or misere (P/N outcomes, misère play)")
    play = Param("play", choice_param("normal", "misere"), default="normal", help=play_help)
    if space == "board":
        keys: tuple[Param, ...] = (
            Param("rows", int_param(1, MAX_BITS), help="rows of the board"),
            Param("cols", int_param(1, MAX_BITS), help="columns of the board"))
    elif space == "graph":
        keys = (Param("graph", _graph_value,
                      help="path-N, cycle-N, grid-RxC, complete-N or edges 0-1+1-2+..."),)
    else:
        keys = (Param("size", int_param(1, MAX_INTEGERS), help="positions 0..size-1"),)
    return Grammar(name, keys + (play,), normalise=_normalise(name, planes))


CRAM = grammar("cram", "board")
DOMINEERING = grammar("domineering", "board", partizan=True)
NODEKAYLES = grammar("nodekayles", "graph")
SNORT = grammar("snort", "graph", planes=2, partizan=True)
