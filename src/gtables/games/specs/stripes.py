"""The spec grammar of POI 2000 "Stripes" (:mod:`gtables.games.stripes`):
``stripes:a=1,b=5,c=8,size=1000``.

The game is the set of amounts ``{a, b, c}``, so its canonical spec lists them in increasing
order (``a=8,b=5,c=1`` is ``a=1,b=5,c=8``), and an amount given twice is written as the largest
repeated (``a=5,b=1,c=1`` is ``a=1,b=5,c=5``: take exactly 1 or 5)."""
from __future__ import annotations

from ...engine.game import Grammar, Param, int_param
from .octal import MAX_DIGITS


def normalise(values: dict) -> None:
    """The amounts in increasing order, distinct ones first, the largest repeated to three."""
    amounts = sorted({values["a"], values["b"], values["c"]})
    amounts += [amounts[-1]] * (3 - len(amounts))
    values["a"], values["b"], values["c"] = amounts


_amount = int_param(1, MAX_DIGITS, "(amounts up to 32)")
PARAMS = (Param("a", _amount, help="first amount"), Param("b", _amount, help="second amount"),
          Param("c", _amount, help="third amount"),
          Param("size", int_param(0, 1 << 31), help="longest row"))
GRAMMAR = Grammar("stripes", PARAMS, normalise=normalise)
