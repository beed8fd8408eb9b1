"""The spec grammar of the Nim-like games of seed 004 (:mod:`gtables.games.nimlike`):
``nimlike:heaps=2,min=3,max=7,size=100``, ``norepeat=1``, ``value=grundy``."""
from __future__ import annotations

from ...engine.game import Grammar, Param, choice_param, int_param, min_amount_param

MAX_AMOUNT = 1 << 20

PARAMS = (
    Param("heaps", int_param(1, 3), help="number of heaps D, 1..3"),
    Param("min", min_amount_param(MAX_AMOUNT, "stone"), default=1,
          help="least amount a move takes, m >= 1"),
    Param("max", int_param(1, MAX_AMOUNT), help="largest amount a move takes, n >= m"),
    Param("norepeat", int_param(0, 1), default=0,
          help="1: a move may not take the amount the opponent just took (Cond(3))"),
    Param("size", int_param(0, 1 << 24), help="largest heap size"),
    Param("value", choice_param("outcome", "grundy"), default="outcome",
          help="outcome (P/N), or grundy (only with norepeat=0)"))
GRAMMAR = Grammar("nimlike", PARAMS)
