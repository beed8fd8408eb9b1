"""The registry of game families.  Each module in this package exposes ``FAMILY`` (a
:class:`gtables.engine.game.Family`).

Adding a family (details: ``docs/DEVELOPING.md``, "Adding a game family"; Wythoff's game is a
worked example) touches these places, nothing in the engine:

1. ``games/specs/<name>.py``: the spec grammar (``Grammar``: the keys as ``Param``, the
   canonical form, terminal verdicts), with nothing that imports numba, so that a stored table
   of the family is looked up without compiling anything; then
   ``games/<name>.py``: a position space (``engine.spaces``), a
   ``@movegen`` move generator (option indices smaller than the position's; ``TERMINAL_LOSS`` /
   ``TERMINAL_WIN`` for positions with a verdict of their own), ``build(values) -> Rules`` with
   the value kind and a true ``max_options``, and ``options_ref(values, position, side=0)``, the
   same options in plain Python; then ``FAMILY = Family.from_grammar(GRAMMAR, ..., example=...,
   options_ref=...)``.  The modules import only the engine, never ``verify``.
2. its name in :data:`BUILTIN` below, and its grammar in :data:`GRAMMARS`.  A game written
   with the public game API (``FAMILY = define_game("<name>", ...)``, as Cram is) needs neither:
   :data:`CELL_GAMES` and its grammar are read from its module
   (:func:`.specs.cellgames.shipped_games`).
3. ``tests/test_<name>.py``: literature values and worked examples.  ``tests/test_contract.py``
   checks the contract for every registered family with no line to add (options earlier, at most
   ``max_options``, generator == ``options_ref``, engine table == the reference solver's); if
   the ``example`` spec is too big for that pure-Python walk, give a smaller spec in its
   ``SMALLER`` table.
4. ``scripts/bad_inputs.py``: a few bad specs and off-table positions of the family (the corpus
   test fails for a family it does not cover).

Claims about the family live in ``verify/<name>.py`` or a seed's package, with one line of
``runner.BUILTIN_CLAIMS``; then ``GTABLES_UPDATE_GOLDEN=1 pytest tests/test_golden.py``.
"""
from __future__ import annotations

import importlib
import sys

from ..engine.game import Family, Grammar, split_spec
from ..errors import GtablesError
from .specs.cellgames import shipped_games

# the shipped games written with the public game API (define_game), found from their modules
CELL_GAMES = tuple(shipped_games())
BUILTIN = ("nim", "subtraction", "octal", "stripes", "nimlike", "chips", "endnim", "endnim_row",
           "wythoff", "mem0") + CELL_GAMES
# each built-in family's spec grammar: (module of games/specs, its attribute); a game of
# CELL_GAMES: ("cellgames", its name), from specs.cellgames.shipped_games()
GRAMMARS = {name: (name, "GRAMMAR") for name in BUILTIN if name not in CELL_GAMES} | \
    {"endnim_row": ("endnim", "ROW_GRAMMAR")} | \
    {name: ("cellgames", name) for name in CELL_GAMES}

# the families loaded so far: a built-in one when it is first named (its module compiles or loads
# its kernels, so a command pays only for the families it uses), a user's when registered
_families: dict[str, Family] = {}

# seconds the kernels of a family's sequence tables take to compile on an empty numba cache, on
# an idle machine: what the line "compiling kernels for ..., once: about N s" announces, stretched
# by the load (engine/jit.py).  Octal: Officers to 2^23 took 95 s more cold than warm at load 12
# on 2 cores (results/first_run.md), about 16 s of a whole core.  Other compiles name no figure.
COMPILE_SECONDS = {"octal": 16.0}


def _load(name: str) -> None:
    """Import the built-in family ``name`` unless a family stands under that name already."""
    if name in BUILTIN and name not in _families:
        mod = importlib.import_module(f"{__name__}.{name}")
        _families.setdefault(mod.FAMILY.name, mod.FAMILY)


def _load_builtin() -> None:
    for name in BUILTIN:
        _load(name)


def user_family(name: str) -> bool:
    """Whether a family of a user's (registered, not the built-in module's) stands under
    ``name``: then its spec is read by that family, not by the built-in grammar."""
    fam = _families.get(name)
    if fam is None:
        return False
    mod = sys.modules.get(f"{__name__}.{name}") if name in BUILTIN else None
    return mod is None or getattr(mod, "FAMILY", None) is not fam


def register(family: Family, replace: bool = False) -> Family:
    """Add a family (a user's own game) to the registry."""
    _load(family.name)
    if family.name in _families and not replace and _families[family.name] is not family:
        shipped = family.name in BUILTIN
        raise GtablesError(f"a family named {family.name!r} is already registered"
                           + ("; gtables ships it: choose another name" if shipped else
                              "; pass replace=True to replace it"))
    _families[family.name] = family
    return family


def families() -> dict[str, Family]:
    _load_builtin()
    return dict(_families)


def get(name: str) -> Family:
    _load(name)
    if name not in _families:
        known = sorted(set(BUILTIN) | set(_families))
        raise GtablesError(f"unknown family {name!r} (known: {', '.join(known)})")
    return _families[name]


def known(name: str) -> bool:
    """Whether ``name`` is a built-in family or one registered (without loading any)."""
    return name in BUILTIN or name in _families


def loaded(name: str) -> bool:
    """Whether a family stands under ``name`` in this process already (a built-in one loaded,
    or a user's registered), without loading any."""
    return name in _families


def known_names() -> list[str]:
    return sorted(set(BUILTIN) | set(_families))


def grammar(name: str) -> Grammar:
    """A built-in family's spec grammar, from ``games/specs`` alone: no family module is
    imported, so neither is numba."""
    if name not in GRAMMARS:
        raise GtablesError(f"{name!r} is not a built-in family")
    if name in CELL_GAMES:
        return shipped_games()[name]
    module, attr = GRAMMARS[name]
    return getattr(importlib.import_module(f"{__name__}.specs.{module}"), attr)


def parse(spec: str):
    """A spec string -> its :class:`Game` (validated, canonical spec)."""
    fam_name, pairs = split_spec(spec)
    fam = get(fam_name)
    return fam.game(fam.parse(pairs))


def canonical(spec: str) -> str:
    """The canonical spec of ``spec`` (validated as far as its keys and values go; rules that
    tie values together, such as ``min <= max``, are checked when the game is built).  Unless a
    family of a user's stands behind the name, a built-in family's spec is read by its grammar
    alone, without numba."""
    fam_name, pairs = split_spec(spec)
    fam = grammar(fam_name) if fam_name in GRAMMARS and not user_family(fam_name) \
        else get(fam_name)
    return fam.canonical(fam.parse(pairs))
