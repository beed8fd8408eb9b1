"""POI 2000 "Stripes" (seed 001, game D): from a row of stones take exactly a, b or c adjacent
stones, possibly splitting the row in two.  It is the octal game with digit 7 at places a, b, c.

Spec: ``stripes:a=1,b=5,c=8,size=1000``.
"""
from __future__ import annotations

from ..engine.game import Family, Param, Rules, int_param
from . import octal


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



_amount = int_param(1, octal.MAX_DIGITS, "(amounts up to 32)")
FAMILY = Family(
    name="stripes", summary="POI 2000 Stripes (seed 001, game D): take exactly a, b or c adjacent",
    params=(Param("a", _amount, help="first amount"), Param("b", _amount, help="second amount"),
            Param("c", _amount, help="third amount"),
            Param("size", int_param(0, 1 << 31), help="longest row")),
    build=build, example="stripes:a=1,b=5,c=8,size=1000", position_help="a row length, e.g. 25",
    options_ref=options_ref)
