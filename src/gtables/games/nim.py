"""Nim on D heaps (seed 001, game A), as one dense table over the box ``0..size`` per heap.

Spec: ``nim:heaps=3,size=32`` (heaps 1..4, each heap 0..size), ``play=misere`` for misère
outcomes.  Positions are written ``3,5,7``.
"""
from __future__ import annotations

import numpy as np

from ..engine.game import GRUNDY, MISERE, Family, Param, Rules, choice_param, int_param
from ..engine.kernels import movegen
from ..engine.spaces import BoxSpace


@movegen
def nim_moves(pos, side, params, out):
    # params: [D, extent]; heap i has stride extent**(D-1-i)
    d = params[0]
    ext = params[1]
    c = 0
    stride = 1
    for _ in range(d):
        h = (pos // stride) % ext
        for k in range(1, h + 1):
            out[2 * c] = pos - k * stride
            out[2 * c + 1] = -1
            c += 1
        stride *= ext
    return c


def build(v: dict) -> Rules:
    d, size = v["heaps"], v["size"]
    space = BoxSpace([size + 1] * d, names=[f"heap{i + 1}" for i in range(d)])
    return Rules(space=space, moves=nim_moves,
                 move_params=np.array([d, size + 1], dtype=np.int64),
                 kind=GRUNDY if v["play"] == "normal" else MISERE, max_options=d * size,
                 describe=f"Nim on {d} heap(s) of 0..{size} stones ({v['play']} play)")


def options_ref(values: dict, position, side: int = 0) -> list[tuple]:
    """The options of a position (heap sizes, as ``space.unrank`` gives them), in plain Python:
    take ``k >= 1`` stones from one heap.  The same list under both plays and for both sides."""
    heaps = tuple(int(x) for x in position)
    return [(heaps[:i] + (h - k,) + heaps[i + 1:],)
            for i, h in enumerate(heaps) for k in range(1, h + 1)]


FAMILY = Family(
    name="nim", summary="Nim on D heaps (seed 001, game A): take any number from one heap",
    params=(Param("heaps", int_param(1, 4), help="number of heaps D, 1..4"),
            Param("size", int_param(0, 1 << 20), help="largest heap size"),
            Param("play", choice_param("normal", "misere"), default="normal",
                  help="normal (Grundy values) or misere (outcomes)")),
    build=build, example="nim:heaps=3,size=32", position_help="heap sizes, e.g. 3,5,7",
    options_ref=options_ref)
