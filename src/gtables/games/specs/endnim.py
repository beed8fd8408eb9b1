"""The spec grammars of End-Nim (:mod:`gtables.games.endnim`): ``endnim:mode=partizan,len=5,
max=6`` and ``endnim_row:mode=impartial,prefix=1.4,size=1000`` (a prefix is canonical with
dots: ``(1,4)`` is ``1.4``)."""
from __future__ import annotations

from ...engine.game import Grammar, Param, choice_param, int_param
from ...engine.spaces.strings import parse_string
from ...errors import GtablesError

IMPARTIAL, PARTIZAN_MODE = "impartial", "partizan"
MODES = (IMPARTIAL, PARTIZAN_MODE)
MAX_ROW = 1 << 26      # largest stack of an endnim_row table (its size, and its prefix's stacks)


def parse_prefix(text: str) -> tuple:
    try:
        vals = parse_string(text, "prefix")
    except GtablesError as e:
        raise ValueError(str(e)) from None
    if not vals:
        raise ValueError("the prefix a w needs at least one stack")
    if min(vals) < 1:
        raise ValueError(f"prefix {text!r}: stacks hold at least 1")
    if len(vals) > 12:
        raise ValueError("prefixes have at most 12 stacks")
    if max(vals) > MAX_ROW:
        raise ValueError(f"prefix {text!r}: stacks hold at most {MAX_ROW}")
    return tuple(vals)


def canon_prefix(p) -> str:
    return ".".join(map(str, p))


_mode_param = Param("mode", choice_param(*MODES), help="impartial (Grundy values) or partizan "
                    "(Left takes from the first stack, Right from the last)")
GRAMMAR = Grammar("endnim", (
    _mode_param,
    Param("len", int_param(0, 24), help="longest string L"),
    Param("max", int_param(1, 1 << 16), help="largest stack H")))
ROW_GRAMMAR = Grammar("endnim_row", (
    _mode_param,
    Param("prefix", parse_prefix, help="the string a w, e.g. 1.4 or (1,4)", canon=canon_prefix),
    Param("size", int_param(0, MAX_ROW), help="largest last stack b")))
