"""POI 2000 "Stripes" (seed 001, game D): from a row of stones take exactly a, b or c adjacent
stones, possibly splitting the row in two.  It is the octal game with digit 7 at places a, b, c.

Spec: ``stripes:a=1,b=5,c=8,size=1000``; the amounts are a set, so ``a=8,b=5,c=1`` names the
same table (:mod:`.specs.stripes` gives the canonical order).
"""
from __future__ import annotations

from ..engine.game import Family, Rules
from . import octal
from .specs.stripes import GRAMMAR


def code_of(a: int, b: int, c: int) -> str:
    ds = [0] * (max(a, b, c) + 1)
    for k in (a, b, c):
        ds[k] = 7
    return "0." + "".join(map(str, ds[1:]))


def build(v: dict) -> Rules:
    code = code_of(v["a"], v["b"], v["c"])
    return octal.octal_game(code, v["size"], "normal",
                            describe=f"Stripes a,b,c={v['a']},{v['b']},{v['c']} (octal {code}), "
                                     f"rows 0..{v['size']}")


def options_ref(values: dict, position, side: int = 0) -> list[tuple]:
    """The options of a row (``position = (n,)``): those of its octal game (:func:`code_of`)."""
    return octal.options_ref({"code": code_of(values["a"], values["b"], values["c"])}, position)


FAMILY = Family.from_grammar(
    GRAMMAR, summary="POI 2000 Stripes (seed 001, game D): take exactly a, b or c adjacent",
    build=build, example="stripes:a=1,b=5,c=8,size=1000", position_help="a row length, e.g. 25",
    options_ref=options_ref)
