"""Subtraction games (seed 001, game B): take ``s`` stones from one heap, ``s`` in a finite set;
and *all-but* subtraction games: take any positive number of stones except those in a finite
excluded set.

Spec: ``subtraction:set=1-3,size=200``; a set is written with ranges and ``+`` (``1-3+7``) or
braces (``{1,2,5}``); ``heaps=D`` (1..4) makes a dense table of D-heap positions, so sums can be
checked against the XOR rule; ``play=misere`` gives misère outcomes.  ``allbut=2+3`` instead of
``set=`` gives the all-but game: any ``s >= 1`` except 2 and 3 (``allbut={}``: nothing excluded,
i.e. Nim).  A single all-but heap in normal play is a *sequence table*
(:mod:`gtables.engine.sequence`): filled in O(|X|^2) per heap by :mod:`.allbut_kernels`,
resumable, and ``--until-periodic`` stops at an arithmetic period proved by
the all-but window lemma (:mod:`.allbut_kernels`) (its values grow without bound: Siegel proved every
all-but game arithmetic-periodic).  ``total=T`` instead of ``size=`` (with ``set=`` or
``allbut=``) tables every sum of heaps of total at most T, any number of heaps, by outcome
(:mod:`gtables.engine.heapsums`): ``subtraction:set=1-3,play=misere,total=30``.
"""
from __future__ import annotations

import numpy as np

from ..engine.game import GRUNDY, MISERE, Family, Rules, SequenceStrategy
from ..engine.heapsums import heap_sum_options_ref, heap_sum_rules
from ..engine.kernels import movegen
from ..engine.spaces import BoxSpace, HeapSpace
from ..engine.take_and_break import TakeAndBreak
from ..errors import GtablesError
from .allbut_kernels import AllButStepper, allbut_bound, allbut_hypothesis

# the spec grammar (numba-free, games/specs/subtraction.py): sets are read (parse_set,
# parse_excluded) and written canonical (canon_set) there
from .specs.subtraction import (  # noqa: F401
    GRAMMAR,
    MAX_EXCLUDED,
    MAX_SUBTRACT,
    canon_set,
    parse_excluded,
    parse_set,
)


@movegen
def subtraction_moves(pos, side, params, out):
    # params: [D, extent, k, s_1..s_k]
    d = params[0]
    ext = params[1]
    k = params[2]
    c = 0
    stride = 1
    for _ in range(d):
        h = (pos // stride) % ext
        for j in range(k):
            s = params[3 + j]
            if s > h:
                break
            out[2 * c] = pos - s * stride
            out[2 * c + 1] = -1
            c += 1
        stride *= ext
    return c


@movegen
def allbut_moves(pos, side, params, out):
    # params: [D, extent, k, x_1..x_k] (x sorted): take any s >= 1 from one heap except the x_j
    d = params[0]
    ext = params[1]
    k = params[2]
    c = 0
    stride = 1
    for _ in range(d):
        h = (pos // stride) % ext
        j = 0
        for s in range(1, h + 1):
            while j < k and params[3 + j] < s:
                j += 1
            if j < k and params[3 + j] == s:
                continue
            out[2 * c] = pos - s * stride
            out[2 * c + 1] = -1
            c += 1
        stride *= ext
    return c


def build(v: dict) -> Rules:
    s, x, d, size = v["set"], v["allbut"], v["heaps"], v["size"]
    if (s is None) == (x is None):
        raise GtablesError("subtraction: give exactly one of set= (the amounts that may be "
                           "removed) and allbut= (the amounts that may not)")
    if v["total"] is not None:
        if size is not None or d != 1:
            raise GtablesError("subtraction: total= (sums of any number of heaps) excludes "
                               "size= and heaps=")
        rule = f"S={{{canon_set(s)}}}" if x is None else f"all-but {canon_set(x)}"
        return heap_sum_rules(v["total"], lambda h: heap_options(v, h), v["play"],
                              f"subtraction game {rule}, {v['play']} outcomes of sums of heaps "
                              f"of total <= {v['total']}")
    if size is None:
        raise GtablesError("subtraction: missing key 'size' (largest heap size; or total=T for "
                           "sums of any number of heaps)")
    space = HeapSpace(size) if d == 1 else BoxSpace([size + 1] * d,
                                                    names=[f"heap{i + 1}" for i in range(d)])
    normal = v["play"] == "normal"
    where = f"on {d} heap(s) of 0..{size}"
    if x is None:
        return Rules(space=space, moves=subtraction_moves,
                     move_params=np.array([d, size + 1, len(s), *s], dtype=np.int64),
                     kind=GRUNDY if normal else MISERE, max_options=d * len(s),
                     describe=f"subtraction game S={{{canon_set(s)}}} {where}",
                     take_and_break=TakeAndBreak(one=tuple(s), two=(), k=max(s))
                     if d == 1 and s else None)
    # one heap in normal play: a sequence table (misère values of a heap depend on the others')
    sequence = SequenceStrategy(
        stepper=lambda algorithm: AllButStepper(x, algorithm), key=f"subtraction:allbut={canon_set(x)}",
        period_bound=allbut_bound(x), period_hypothesis=allbut_hypothesis,
        period_theorem="all-but window lemma", arithmetic=True) if normal and d == 1 else None
    return Rules(space=space, moves=allbut_moves,
                 move_params=np.array([d, size + 1, len(x), *x], dtype=np.int64),
                 kind=GRUNDY if normal else MISERE, max_options=d * size,
                 describe=f"all-but subtraction game, any amount but {canon_set(x)}, {where}",
                 sequence=sequence)


def amounts(values: dict, h: int) -> list[int]:
    """The amounts that may be taken from a heap of ``h``, in plain Python."""
    if values["allbut"] is not None:
        return [s for s in range(1, h + 1) if s not in values["allbut"]]
    return [s for s in values["set"] if s <= h]


def heap_options(values: dict, h: int) -> list[tuple[int, ...]]:
    """The options of one heap of ``h`` as heaps left (``()`` when it vanishes)."""
    return [(h - s,) if h > s else () for s in amounts(values, h)]


def options_ref(values: dict, position, side: int = 0) -> list[tuple]:
    """The options of a position (heap sizes, as ``space.unrank`` gives them), in plain Python:
    take ``s`` stones from one heap, ``s`` in the set (or, all-but: ``s`` not excluded).  With
    ``total=``, ``position`` is a multiset of heaps (:func:`heap_sum_options_ref`)."""
    if values.get("total") is not None:
        return heap_sum_options_ref(position, lambda h: heap_options(values, h))
    heaps = tuple(int(x) for x in position)
    return [(heaps[:i] + (h - s,) + heaps[i + 1:],)
            for i, h in enumerate(heaps) for s in amounts(values, h)]


FAMILY = Family.from_grammar(
    GRAMMAR,
    summary="subtraction games (seed 001, game B): remove s in S from one heap; allbut=: any s "
            "except a finite set (sequence tables: --until-periodic proves arithmetic periods)",
    build=build, example="subtraction:set=1-3,size=200", position_help="heap size(s), e.g. 17",
    options_ref=options_ref)
