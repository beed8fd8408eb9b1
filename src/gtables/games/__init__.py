"""The registry of game families.  Each module in this package exposes ``FAMILY`` (a
:class:`gtables.engine.game.Family`); adding a family means writing its module, listing it here,
and adding its test file."""
from __future__ import annotations

import importlib

from ..engine.game import Family, split_spec
from ..errors import GtablesError

BUILTIN = ("nim", "subtraction", "octal", "stripes", "nimlike", "chips", "endnim", "endnim_row")

_families: dict[str, Family] = {}


def _load_builtin() -> None:
    if _families:
        return
    for name in BUILTIN:
        mod = importlib.import_module(f"{__name__}.{name}")
        _families[mod.FAMILY.name] = mod.FAMILY


def register(family: Family, replace: bool = False) -> Family:
    """Add a family (a user's own game) to the registry."""
    _load_builtin()
    if family.name in _families and not replace and _families[family.name] is not family:
        raise GtablesError(f"a family named {family.name!r} is already registered")
    _families[family.name] = family
    return family


def families() -> dict[str, Family]:
    _load_builtin()
    return dict(_families)


def get(name: str) -> Family:
    _load_builtin()
    if name not in _families:
        raise GtablesError(f"unknown family {name!r} (known: {', '.join(sorted(_families))})")
    return _families[name]


def parse(spec: str):
    """A spec string -> its :class:`Game` (validated, canonical spec)."""
    fam_name, pairs = split_spec(spec)
    fam = get(fam_name)
    return fam.game(fam.parse(pairs))


def canonical(spec: str) -> str:
    fam_name, pairs = split_spec(spec)
    fam = get(fam_name)
    return fam.canonical(fam.parse(pairs))
