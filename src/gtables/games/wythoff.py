"""Wythoff's game (W. A. Wythoff, 1907), a family the seeds do not have: two piles; a move takes
any number of tokens from one pile, or the same number from both.

Spec: ``wythoff:size=20`` (both piles 0..size), ``play=misere`` for misère outcomes.  Positions
are written ``3,5`` (first pile, second pile); the table is the box ``0..size`` squared.
"""
from __future__ import annotations

import numpy as np

from ..engine.game import GRUNDY, MISERE, Family, Rules
from ..engine.kernels import movegen
from ..engine.spaces import BoxSpace
from .specs.wythoff import GRAMMAR


@movegen
def wythoff_moves(pos, side, params, out):
    # params: [extent]; position (a, b) has index a * extent + b
    ext = params[0]
    a = pos // ext
    b = pos % ext
    c = 0
    for k in range(1, a + 1):          # from the first pile
        out[2 * c] = pos - k * ext
        out[2 * c + 1] = -1
        c += 1
    for k in range(1, b + 1):          # from the second pile
        out[2 * c] = pos - k
        out[2 * c + 1] = -1
        c += 1
    for k in range(1, min(a, b) + 1):  # the same number from both
        out[2 * c] = pos - k * (ext + 1)
        out[2 * c + 1] = -1
        c += 1
    return c


def build(v: dict) -> Rules:
    size = v["size"]
    return Rules(space=BoxSpace([size + 1, size + 1], names=["pile1", "pile2"]),
                 moves=wythoff_moves, move_params=np.array([size + 1], dtype=np.int64),
                 kind=GRUNDY if v["play"] == "normal" else MISERE, max_options=3 * size,
                 describe=f"Wythoff's game on two piles of 0..{size} ({v['play']} play)")


def options_ref(values: dict, position, side: int = 0) -> list[tuple]:
    """Every option of ``(a, b)``, in plain Python (one component each)."""
    a, b = (int(x) for x in position)
    out = [((a - k, b),) for k in range(1, a + 1)]
    out += [((a, b - k),) for k in range(1, b + 1)]
    out += [((a - k, b - k),) for k in range(1, min(a, b) + 1)]
    return out


FAMILY = Family.from_grammar(
    GRAMMAR, summary="Wythoff's game: take any number from one pile, or the same from both",
    build=build, example="wythoff:size=20", position_help="two pile sizes, e.g. 3,5",
    options_ref=options_ref)
