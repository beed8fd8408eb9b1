"""The spec grammar of POI 2000 "Stripes" (:mod:`gtables.games.stripes`):
``stripes:a=1,b=5,c=8,size=1000``.

The game is the set of amounts ``{a, b, c}``, so its canonical spec lists them in increasing
order (``a=8,b=5,c=1`` is ``a=1,b=5,c=8``).  A game of fewer than three amounts repeats its
largest (``a=1,b=5,c=5``: take exactly 1 or 5); any other repetition is refused, naming that
spelling (``a=5,b=5,c=8`` once read silently as ``a=5,b=8,c=8``, which hid a typing mistake)."""
from __future__ import annotations

from ...engine.game import Grammar, Param, int_param
from ...errors import GtablesError
from .octal import MAX_DIGITS


def normalise(values: dict) -> None:
    """The amounts in increasing order, distinct ones first, the largest repeated to three; a
    smaller amount given twice is an error."""
    given = sorted((values["a"], values["b"], values["c"]))
    amounts = sorted(set(given))
    amounts += [amounts[-1]] * (3 - len(amounts))
    if given != amounts:
        twice = next(x for x in given if given.count(x) > 1)
        distinct = ", ".join(map(str, sorted(set(given))))
        raise GtablesError(f"stripes: the amount {twice} is given twice; the game of amounts "
                           f"{{{distinct}}} is written a={amounts[0]},b={amounts[1]},"
                           f"c={amounts[2]} (only the largest amount repeats)")
    values["a"], values["b"], values["c"] = amounts


_amount = int_param(1, MAX_DIGITS, "(amounts up to 32)")
PARAMS = (Param("a", _amount, help="first amount"), Param("b", _amount, help="second amount"),
          Param("c", _amount, help="third amount"),
          Param("size", int_param(0, 1 << 31), help="longest row"))
GRAMMAR = Grammar("stripes", PARAMS, normalise=normalise)
