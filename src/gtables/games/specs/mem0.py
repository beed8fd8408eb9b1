"""The spec grammar of Mem0, Nim with a local memory (:mod:`gtables.games.mem0`):
``mem0:size=N``, ``min=a``, ``max=b``."""
from __future__ import annotations

from ...engine.game import Grammar, Param, int_param, min_amount_param

MAX_SIZE = 1 << 20


def _parse_max(text: str) -> int:
    return int_param(1, MAX_SIZE)(text)


PARAMS = (
    Param("size", int_param(0, MAX_SIZE), help="largest heap size"),
    Param("min", min_amount_param(MAX_SIZE, "token"), default=1,
          help="least amount a move takes, >= 1"),
    Param("max", _parse_max, default=None, help="largest amount a move takes (default: "
                                                "no maximum)"))
GRAMMAR = Grammar("mem0", PARAMS)
