"""The tests' one reference solver, :mod:`gtables.games.reference` (plain recursion with
memoisation over a family's ``options_ref``; the family contract, ``gtables check-game``, uses
the same one), and the tests' helpers around it: a spec's family and values, a spec's reference
table, a claim's check on tables changed on purpose.
"""
from __future__ import annotations

import functools

import numpy as np

from gtables import games
from gtables.engine.game import split_spec
from gtables.games.reference import TERMINALS, Solver, key, mex  # noqa: F401


def family_values(spec: str):
    """``(family, validated values)`` of a spec string."""
    name, pairs = split_spec(spec)
    family = games.get(name)
    return family, family.parse(pairs)


def reference_table(spec: str):
    """``(game, values)``: the game of ``spec`` and the reference values of all its positions,
    in index order."""
    family, values = family_values(spec)
    game = family.game(dict(values))
    rows = game.space.unrank(np.arange(game.space.size))
    return game, Solver.of(spec).table(rows, game.kind)


# -- a claim's check on its tables, some of them changed on purpose ------------------------------
@functools.cache
def computed(spec: str):
    """The table of ``spec``, computed in memory once per test session."""
    import gtables
    return gtables.compute(spec, store=None, progress=False)


def check_on(claim, mutate=None, table=computed):
    """Run ``claim.check`` on its declared tables from ``table(spec)``.  With ``mutate(spec, t,
    values)`` every table is handed over as a copy of its values that ``mutate`` may change in
    place or replace (by returning an array); the claim then sees an ``api.Table`` of the same
    game and attributes with those values.  The one way the tests show a claim can fail."""
    from gtables.api import Table
    from gtables.verify.claims import Tables

    def fetch(spec):
        t = table(spec)
        if mutate is None:
            return t
        values = np.array(t.values, copy=True)
        out = mutate(spec, t, values)
        return Table(t.game, values if out is None else np.asarray(out), t.attrs)
    return claim.check(Tables(claim.name, fetch, claim.tables))
