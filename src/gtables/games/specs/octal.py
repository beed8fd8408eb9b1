"""The spec grammar of octal and hexadecimal games (:mod:`gtables.games.octal`):
``octal:code=0.07,size=1000``, ``play=misere``, ``total=T``.  A code is canonical as
:func:`parse_code` writes it (``.07`` and ``0.070`` are ``0.07``, ``0.b7`` is ``0.B7``)."""
from __future__ import annotations

from ...engine.game import Grammar, Param, choice_param, int_param
from ...engine.spaces.partitions import MAX_SUM_TOTAL

MAX_DIGITS = 32
HEX_DIGITS = "0123456789ABCDEF"
THREE = 8     # digit bit: leave three non-empty heaps (hexadecimal digits 8-F)
UNEQUAL = 16  # digit flag: the two heaps of a split must differ ("!")


def parse_code(text: str) -> str:
    """Validate an octal or hexadecimal code and return it canonical: ``.07`` -> ``0.07``,
    ``0.b7`` -> ``0.B7``, trailing zeros cut.

    A ``!`` after a digit with the split bit 4 means the two heaps left must differ
    (CGSuite's notation: Grundy's game is ``4!.0``); not on a digit with the three-heap bit 8."""
    t = text.strip().upper()
    if t.startswith(".") or t.startswith("!"):
        t = "0" + t
    if "." not in t:
        raise ValueError(f"{text!r} is not an octal code d0.d1d2... (e.g. 0.07, or hexadecimal 0.B7)")
    head, tail = t.split(".", 1)
    if head not in ("0", "4", "4!", "8", "C"):
        raise ValueError(f"{text!r}: the digit before the point must be 0, 4, 8 or C (or 4!)")
    if not tail or any(ch not in HEX_DIGITS + "!" for ch in tail) or tail.startswith("!"):
        raise ValueError(f"{text!r}: digits after the point must be 0-9 or A-F (each may be "
                         f"followed by !)")
    if "!!" in tail:
        raise ValueError(f"{text!r}: '!!' is not a digit")
    for i, ch in enumerate(tail):
        if ch == "!" and (not int(tail[i - 1], 16) & 4 or int(tail[i - 1], 16) & THREE):
            raise ValueError(f"{text!r}: '!' (the two heaps must differ) needs a digit with the "
                             f"split bit 4 and without the three-heap bit 8, not {tail[i - 1]}")
    if len(tail.replace("!", "")) > MAX_DIGITS:
        raise ValueError(f"{text!r}: at most {MAX_DIGITS} digits after the point")
    while len(tail) > 1 and tail.endswith("0"):
        tail = tail[:-1]
    return f"{head}.{tail}"


PARAMS = (
    Param("code", parse_code, help="octal code, e.g. 0.07, 0.77, 4.07 (up to 32 digits), "
          "or hexadecimal (digits 8-F: bit 8 leaves three heaps), e.g. 0.F, 0.B7; a "
          "'!' after a split digit: the two heaps must differ (4!.0 = Grundy's game)"),
    Param("size", int_param(0, 1 << 31), default=None, help="largest heap size"),
    Param("play", choice_param("normal", "misere"), default="normal",
          help="normal (Grundy values) or misere (outcomes; games without splits, "
               "or any game with total=)"),
    Param("total", int_param(0, MAX_SUM_TOTAL), default=None,
          help="instead of size: every sum of heaps of total <= T (outcomes)"))
GRAMMAR = Grammar("octal", PARAMS)
