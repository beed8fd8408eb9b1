"""Nim's spec grammar (:mod:`gtables.games.nim`): ``nim:heaps=3,size=32``, ``play=misere``, or
``total=T`` instead of ``heaps=`` and ``size=``."""
from __future__ import annotations

from ...engine.game import Grammar, Param, choice_param, int_param
from ...engine.spaces.partitions import MAX_SUM_TOTAL

PARAMS = (
    Param("heaps", int_param(1, 4), default=None, help="number of heaps D, 1..4"),
    Param("size", int_param(0, 1 << 20), default=None, help="largest heap size"),
    Param("play", choice_param("normal", "misere"), default="normal",
          help="normal (Grundy values) or misere (outcomes)"),
    Param("total", int_param(0, MAX_SUM_TOTAL), default=None,
          help="instead of heaps= and size=: every sum of heaps of total <= T (outcomes)"))
GRAMMAR = Grammar("nim", PARAMS)
