"""A user's own heap game from an options function: a whole family in one call.

``heap_family(name, options, max_options=...)`` turns ``options(n, out) -> count`` (see
:mod:`gtables.engine.heapgame`: option ``(a, b)`` leaves heaps ``a`` and ``b``, ``b = 0`` for a
plain removal) into a :class:`~gtables.engine.game.Family` with the spec keys ``size`` and
``play``: ``name:size=1000`` is a Grundy *sequence table* (resumable, checkpoints, stored like an
octal game's), ``play=misere`` a misère outcome table (games that never split a heap).  No
periodicity theorem is assumed: :meth:`gtables.api.Table.periodicity` reports what the values
show (observed); ``--until-periodic`` needs the user to declare a theorem (``period_bound``,
``period_theorem``).  ``gtables.heap_game`` registers it.
"""
from __future__ import annotations

import dataclasses
import hashlib
import re
from collections.abc import Callable

import numpy as np

from ..engine.game import (
    GRUNDY,
    MISERE,
    Family,
    FastFill,
    Game,
    Param,
    Rules,
    SequenceStrategy,
    choice_param,
    int_param,
)
from ..engine.heapgame import (
    OptionsStepper,
    check_options,
    compile_options,
    options_movegen,
)
from ..engine.spaces import HeapSpace
from ..errors import GtablesError

MAX_SIZE = 1 << 31
MAX_OPTIONS = 1 << 26          # the option buffer is 16 bytes per option


def fingerprint(fn) -> str:
    """A short hash of a function's code (bytecode, constants, names): stored prefixes of a user
    game are keyed on it, so an edited options function never resumes from the old values."""
    code = getattr(getattr(fn, "py_func", fn), "__code__", None)
    h = hashlib.sha1()
    if code is not None:
        h.update(code.co_code)
        h.update(repr(code.co_consts).encode())
        h.update(repr(code.co_names).encode())
    return h.hexdigest()[:10]


def heap_family(name: str, options, *, max_options: int | Callable[[int], int],
                doc: str = "", period_bound: Callable[[int, int], int] | None = None,
                period_theorem: str = "", example_size: int = 100) -> Family:
    """The family of the heap game whose options ``options(n, out)`` writes (see the module
    docstring).  ``max_options``: a bound on the options of any heap, an int or a function of
    the table's largest heap (``lambda size: size + size // 2``).  ``period_bound(n0, p)`` and
    ``period_theorem``: a periodicity theorem the user vouches for (values needed to prove period
    ``p`` from ``n0``, arithmetic periods included), which turns on ``--until-periodic``."""
    if not isinstance(name, str) or not re.fullmatch(r"[a-z][a-z0-9_]*", name):
        raise GtablesError(f"heap game name {name!r}: lowercase letters, digits and _, starting "
                           f"with a letter (it is the family name of the spec, e.g. squares)")
    if not (isinstance(max_options, int) and not isinstance(max_options, bool)
            or callable(max_options)):
        raise GtablesError(f"{name}: max_options must be an int or a function of the largest "
                           f"heap, not {type(max_options).__name__}")
    if (period_bound is None) != (not period_theorem):
        raise GtablesError(f"{name}: give both period_bound and period_theorem (a theorem and its "
                           f"name), or neither")
    compiled = compile_options(options, name)
    py_options = getattr(options, "py_func", options)
    key = f"{name}:options={fingerprint(options)}"
    movegen: list = []             # compiled on first use (about 0.3 s), once per family

    def bound(size: int) -> int:
        m = max_options(size) if callable(max_options) else max_options
        if isinstance(m, (bool, float)) or not isinstance(m, (int, np.integer)) \
                or not 0 <= m <= MAX_OPTIONS:
            raise GtablesError(f"{name}: max_options gave {m!r} for heaps 0..{size}; it must be "
                               f"an int in 0..{MAX_OPTIONS}")
        return int(m)

    def stepper(algorithm: str, mo: int):
        if algorithm not in ("auto", "naive"):
            raise GtablesError(f"{name}: --algorithm {algorithm}: a user heap game has one "
                               f"algorithm (auto)")
        return OptionsStepper(compiled, name, mo)

    def checked_fill(game: Game) -> np.ndarray:
        from ..engine.compute import fill
        check_options(compiled, name, game.max_options, 0, game.space.size, splits=False)
        return fill(dataclasses.replace(game, fast_fill=None))[0]

    def build(v: dict) -> Rules:
        size, normal = v["size"], v["play"] == "normal"
        mo = bound(size)
        if not movegen:
            movegen.append(options_movegen(compiled))
        sequence = SequenceStrategy(
            stepper=lambda algorithm: stepper(algorithm, mo), key=key,
            period_bound=period_bound, period_theorem=period_theorem,
            arithmetic=True) if normal else None
        return Rules(space=HeapSpace(size), moves=movegen[0],
                     move_params=np.array([mo], dtype=np.int64),
                     kind=GRUNDY if normal else MISERE, max_options=mo,
                     describe=f"{doc or 'heap game ' + name} (options function "
                              f"{key.split('=')[1]}), heaps 0..{size}",
                     format_option=lambda a, b: str(int(a[0])) if b is None
                     else f"{int(a[0])}+{int(b[0])}",
                     sequence=sequence,
                     fast_fill=None if normal else FastFill(checked_fill))

    def options_ref(values: dict, position, side: int = 0) -> list[tuple]:
        """The options of a heap by the user's function run as plain Python (not jitted)."""
        n = int(position[0])
        out = np.zeros(2 * bound(values["size"]) + 2, dtype=np.int64)
        c = int(py_options(n, out))
        return [((int(a),), (int(b),)) if a and b else ((int(a or b),),)
                for a, b in zip(out[0:2 * c:2], out[1:2 * c:2])]

    return Family(
        name=name, summary=doc or f"user heap game {name} (options function)",
        params=(Param("size", int_param(0, MAX_SIZE), help="largest heap size"),
                Param("play", choice_param("normal", "misere"), default="normal",
                      help="normal (Grundy values) or misere (outcomes; games without splits)")),
        build=build, example=f"{name}:size={example_size}", position_help="a heap size, e.g. 25",
        options_ref=options_ref)
