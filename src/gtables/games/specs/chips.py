"""The spec grammar of chip sliding (:mod:`gtables.games.chips`): ``chips:rule=A,n=20``,
``k=6``, ``value=auto|grundy|outcome``.

``value=auto`` stands for the rule's own kind (Grundy values for A and C, outcomes for B and
D), and a spec naming that kind explicitly is the same table: its canonical spec says ``auto``
(``rule=A,value=grundy`` is ``rule=A``).  Under rules A and B a chip on square 1 ends the
game (:func:`terminal`)."""
from __future__ import annotations

from ...engine.game import Grammar, Param, choice_param, int_param
from ...engine.status import TERMINAL_LOSS, TERMINAL_WIN

RULES = "ABCD"
MAX_N = 1024


def default_value(rule: str) -> str:
    """The value kind ``value=auto`` stands for under ``rule``."""
    return "grundy" if rule in "AC" else "outcome"


def normalise(values: dict) -> None:
    """``value=auto`` for the rule's own kind: one table, one canonical spec."""
    if values["value"] == default_value(values["rule"]):
        values["value"] = "auto"


def squares(values: dict, position) -> tuple[int, ...]:
    """The squares of the chips of a position as ``space.unrank`` gives it: membership flags
    of squares ``1..n`` when ``k`` is absent, the ``k`` squares otherwise."""
    row = tuple(int(x) for x in position)
    return tuple(i + 1 for i, f in enumerate(row) if f) if values["k"] is None else row


def terminal(values: dict, position) -> int:
    """Rules A and B: a chip on square 1 ends the game, ``TERMINAL_LOSS`` under A (the player to
    move has lost) and ``TERMINAL_WIN`` under B, as the move generators return; else 0."""
    if values["rule"] in "AB" and 1 in squares(values, position):
        return TERMINAL_LOSS if values["rule"] == "A" else TERMINAL_WIN
    return 0


def _opt_int(lo, hi):
    p = int_param(lo, hi)

    def parse(text):
        return None if text.strip().lower() in ("", "none", "all", "any") else p(text)
    return parse


PARAMS = (
    Param("rule", choice_param(*RULES), help="A (chip on square 1 wins), B (loses), "
          "C (normal play), D (misère)"),
    Param("n", int_param(1, MAX_N), help="number of squares"),
    Param("k", _opt_int(1, MAX_N), default=None,
          help="number of chips (absent: every number of chips, index = bitmask)"),
    Param("value", choice_param("auto", "grundy", "outcome"), default="auto",
          help="auto (Grundy for A, C; outcomes for B, D), grundy, or outcome"))
GRAMMAR = Grammar("chips", PARAMS, normalise=normalise, terminal=terminal)
