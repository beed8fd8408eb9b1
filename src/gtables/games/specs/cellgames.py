"""Spec grammars of games on a board, a graph or a range of integers (the public game API,
:mod:`gtables.games.usergame`), importable without numba.

A board game's keys are ``rows`` and ``cols``, a graph game's ``graph`` (``path-N``, ``cycle-N``,
``grid-RxC``, ``complete-N`` or an edge list ``0-1+1-2+2-0``), an integer game's ``size``; every
such game has ``play=normal`` (Grundy values, or L/R/N/P for a partizan game) or ``play=misere``
(outcomes).  :func:`grammar` returns one object per (name, space, planes), so a family's grammar
and the one named here for a shipped family are the same object.

The shipped games of the public game API are not listed by hand: :func:`shipped_games` finds
every module of ``gtables.games`` whose ``FAMILY`` is made by ``define_game`` and reads the
grammar's words (name, ``space``, ``planes``, ``partizan``) from the call in its source, without
importing it (that would load numba).  A new board or graph game is its module and nothing else.
"""
from __future__ import annotations

import ast
import functools
import pathlib

from ...engine.game import Grammar, Param, choice_param, int_param
from ...engine.spaces.cells import MAX_BITS, parse_graph
from ...errors import GtablesError

SPACES = ("board", "graph", "integers")
MAX_INTEGERS = 1 << 40


def _graph_value(text: str) -> str:
    return parse_graph(text)[0]


def _normalise(name: str, planes: int, partizan: bool):
    def normalise(values: dict) -> None:
        if values.get("value") == "canonical":
            if not partizan:
                raise GtablesError(f"{name}: value=canonical is for partizan games; {name} is "
                                   f"impartial: its tables hold Grundy values (the canonical "
                                   f"form of a position of Grundy value g is the nimber *g)")
            if values.get("play") == "misere":
                raise GtablesError(f"{name}: value=canonical is for normal play (misère games "
                                   f"have no canonical forms of this kind); drop play=misere")
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
        keys = (Param("size", int_param(1, MAX_INTEGERS, "(2^40, the cap of an integer space)"),
                      help="positions 0..size-1 (size at most 2^40)"),)
    value = Param("value", choice_param("outcome", "canonical"), default="outcome",
                  help="outcome (the default: L/R/N/P, or Grundy values for an impartial game) "
                       "or canonical (partizan, normal play: the canonical form of every "
                       "position, with its temperature and mean)")
    return Grammar(name, keys + (play, value), normalise=_normalise(name, planes, partizan))


GRAMMAR_WORDS = ("space", "planes", "partizan")


@functools.cache
def shipped_games() -> dict[str, Grammar]:
    """The grammar of each game gtables ships through ``define_game``, by name (sorted): the
    modules ``games/<name>.py`` with a top-level ``FAMILY = define_game("<name>", ...)``, whose
    ``space``, ``planes`` and ``partizan`` are literals (a test holds each equal to the
    family's own grammar).  Only that statement is parsed (a few lines: every command reads
    this list)."""
    found = {}
    for path in sorted(pathlib.Path(__file__).resolve().parents[1].glob("*.py")):
        text = path.read_text(encoding="utf-8")
        at = text.find("\nFAMILY = define_game(")
        if at < 0:
            continue
        lines = text[at + 1:].splitlines()
        end = next((i for i, ln in enumerate(lines[1:], 1)
                    if ln[:1].strip() and not ln.startswith(")")), len(lines))
        call = ast.parse("\n".join(lines[:end])).body[0].value
        name = ast.literal_eval(call.args[0])
        words = {k.arg: ast.literal_eval(k.value) for k in call.keywords
                 if k.arg in GRAMMAR_WORDS}
        if name != path.stem:
            raise RuntimeError(f"games/{path.name} defines {name!r}: a shipped game's module is "
                               f"named after it")
        found[name] = grammar(name, **words)
    return found
