"""Wythoff's game's spec grammar (:mod:`gtables.games.wythoff`): ``wythoff:size=20``,
``play=misere``."""
from __future__ import annotations

from ...engine.game import Grammar, Param, choice_param, int_param

PARAMS = (
    Param("size", int_param(0, 1 << 14), help="largest pile size"),
    Param("play", choice_param("normal", "misere"), default="normal",
          help="normal (Grundy values) or misere (outcomes)"))
GRAMMAR = Grammar("wythoff", PARAMS)
