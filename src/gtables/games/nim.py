"""Nim on D heaps (seed 001, game A), as one dense table over the box ``0..size`` per heap.

Spec: ``nim:heaps=3,size=32`` (heaps 1..4, each heap 0..size), ``play=misere`` for misère
outcomes.  Positions are written ``3,5,7``.  ``total=T`` instead of ``heaps=`` and ``size=``
tables every sum of heaps of total at most T (any number of heaps, by outcome:
:mod:`gtables.engine.heapsums`): ``nim:play=misere,total=30``.
"""
from __future__ import annotations

import numpy as np

from ..engine.game import GRUNDY, MISERE, Family, FastFill, Rules
from ..engine.heapsums import heap_sum_options_ref, heap_sum_rules
from ..engine.kernels import movegen
from ..engine.spaces import BoxSpace
from ..errors import GtablesError
from .specs.nim import GRAMMAR


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


def bouton(game) -> np.ndarray:
    """The whole table by Bouton's theorem (Annals of Math. 3 (1901); Winning Ways ch. 2): the
    Grundy value of heaps ``h1..hD`` is ``h1 ^ ... ^ hD``; under misère play a position is P iff
    its XOR is 0 and some heap has 2 or more, or its XOR is 1 and no heap has more than 1.
    numpy only, nothing to compile; the dtype the generic kernels end with (the smallest that
    holds the largest value); tested equal to them and to the reference solver."""
    d, ext = (int(x) for x in game.move_params[:2])
    dt = np.uint8 if ext <= 256 else np.uint16 if ext <= 65536 else np.uint32
    heaps = np.arange(ext, dtype=dt)
    xor = np.zeros((1,) * d, dtype=dt)
    for i in range(d):
        xor = xor ^ heaps.reshape((1,) * i + (ext,) + (1,) * (d - 1 - i))
    xor = np.broadcast_to(xor, (ext,) * d).reshape(-1)
    if game.kind == MISERE:
        big = np.zeros((1,) * d, dtype=bool)
        for i in range(d):
            big = big | (heaps >= 2).reshape((1,) * i + (ext,) + (1,) * (d - 1 - i))
        big = np.broadcast_to(big, (ext,) * d).reshape(-1)
        p = np.where(big, xor == 0, xor == 1)
        return (~p).astype(np.uint8)          # outcome codes: P = 0, N = 1
    top = int(xor.max()) if xor.size else 0
    return np.ascontiguousarray(xor, dtype=np.uint8 if top <= 0xFF else
                                np.uint16 if top <= 0xFFFF else np.uint32)


def heap_options(h: int) -> list[tuple[int, ...]]:
    """The options of one heap of ``h``: any smaller heap (``()`` when it vanishes)."""
    return [(r,) if r else () for r in range(h)]


def build(v: dict) -> Rules:
    d, size, total = v["heaps"], v["size"], v["total"]
    if total is not None:
        if d is not None or size is not None:
            raise GtablesError("nim: total= (sums of any number of heaps) excludes heaps= and "
                               "size=")
        return heap_sum_rules(total, heap_options, v["play"],
                              f"Nim, {v['play']} outcomes of sums of heaps of total <= {total}")
    for key, val in (("heaps", d), ("size", size)):
        if val is None:
            raise GtablesError(f"nim: missing key {key!r} (number of heaps D and largest heap "
                               f"size; or total=T for sums of any number of heaps)")
    space = BoxSpace([size + 1] * d, names=[f"heap{i + 1}" for i in range(d)])
    return Rules(space=space, moves=nim_moves,
                 move_params=np.array([d, size + 1], dtype=np.int64),
                 kind=GRUNDY if v["play"] == "normal" else MISERE, max_options=d * size,
                 describe=f"Nim on {d} heap(s) of 0..{size} stones ({v['play']} play)",
                 fast_fill=FastFill(bouton, peak_bytes=4 * space.size * (
                     1 if size < 256 else 2 if size < 65536 else 4)))


def options_ref(values: dict, position, side: int = 0) -> list[tuple]:
    """The options of a position (heap sizes, as ``space.unrank`` gives them), in plain Python:
    take ``k >= 1`` stones from one heap.  The same list under both plays and for both sides.
    With ``total=``, ``position`` is a multiset of heaps (:func:`heap_sum_options_ref`)."""
    if values.get("total") is not None:
        return heap_sum_options_ref(position, heap_options)
    heaps = tuple(int(x) for x in position)
    return [(heaps[:i] + (h - k,) + heaps[i + 1:],)
            for i, h in enumerate(heaps) for k in range(1, h + 1)]


FAMILY = Family.from_grammar(
    GRAMMAR, summary="Nim on D heaps (seed 001, game A): take any number from one heap",
    build=build, example="nim:heaps=3,size=32",
    position_help="heap sizes, e.g. 3,5,7 (with total=: in any order)",
    options_ref=options_ref)
