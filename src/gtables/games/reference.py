"""The one reference solver: plain recursion with memoisation over a family's ``options_ref``
(the model is stumpy's ``tests/naive.py``: slow, short, obviously correct).  The family contract
(:mod:`.contract`: ``gtables check-game``, ``tests/test_contract.py``) and the tests compare the
engine's tables with it.

Every family may list the options of a position in plain Python,
``options_ref(values, position, side=0)`` (see :class:`gtables.engine.game.Family`; a game of
``define_game`` makes it from its ``reference``): a list of options, each a tuple of component
positions (one, or two when a move splits the position into a sum, three for a heap split in
three), or the engine's ``TERMINAL_LOSS`` / ``TERMINAL_WIN`` for a position that ends the game
with a verdict of its own (the chip game's rules A and B).  From that alone this module computes,
in the engine's encodings (``gtables.engine.game.ENCODINGS``):

* ``grundy``   the mex of the options' values; a sum's value is the XOR of its components';
               ``TERMINAL_LOSS`` is 0 (no options), ``TERMINAL_WIN`` has no Grundy value;
* ``outcome``  normal play, 0=P / 1=N, by brute force over sums of components (no Grundy theory);
* ``misere``   the same with "no move: the player to move wins";
* ``partizan`` 0=P, 1=N, 2=L, 3=R from Left's options (side 0) and Right's (side 1): Left moving
               first wins iff some Left option is P or L, Right iff some Right option is P or R.

Positions are tuples of ints as ``space.unrank`` gives them.  Recursion depth is the length of the
longest play from a position: solve a whole table in index order (:meth:`Solver.table`), so that
the options of each position are already known.  Knows no game and imports no numba.
"""
from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ..engine.game import (
    GRUNDY,
    KINDS,
    MISERE,
    OUTCOME,
    PARTIZAN,
    PARTIZAN_MISERE,
    Family,
    split_spec,
)
from ..engine.status import TERMINAL_LOSS, TERMINAL_WIN
from ..engine.values import LEFT, RIGHT, L, N, P, R

TERMINALS = (TERMINAL_LOSS, TERMINAL_WIN)


def key(position) -> tuple:
    """A position as a hashable tuple of Python ints."""
    return tuple(int(x) for x in np.atleast_1d(position))


def mex(values) -> int:
    """The least non-negative integer not among ``values``."""
    seen = set(values)
    g = 0
    while g in seen:
        g += 1
    return g


class Solver:
    """Values of one game from its plain-Python options.

    ``options(position, side)`` -> a list of options (tuples of component positions) or a
    terminal code; :func:`solver` builds one from a family's ``options_ref``,
    ``Solver.of(spec)`` from a spec.
    """

    def __init__(self, options: Callable):
        self._options_fn = options
        self._options: dict = {}
        self._grundy: dict = {}
        self._wins: dict = {}
        self._class: dict = {}

    @classmethod
    def of(cls, spec: str) -> Solver:
        """The solver of the game ``spec`` names (its family from the registry)."""
        from . import get
        name, pairs = split_spec(spec)
        family = get(name)
        return solver(family, family.parse(pairs))

    def options(self, position, side: int = LEFT):
        """The options of a position (memoised): a list of tuples of component tuples, or a
        terminal code."""
        k = (key(position), side)
        if k not in self._options:
            opts = self._options_fn(k[0], side)
            if isinstance(opts, (int, np.integer)):
                if int(opts) not in TERMINALS:
                    raise ValueError(f"options of {k[0]}: {opts} is not a terminal code")
                opts = int(opts)
            else:
                opts = [tuple(key(c) for c in o) for o in opts]
                if any(len(o) not in (1, 2, 3) for o in opts):
                    raise ValueError(f"options of {k[0]}: an option has 1 to 3 components")
            self._options[k] = opts
        return self._options[k]

    # -- impartial games -------------------------------------------------------------------
    def grundy(self, position) -> int:
        p = key(position)
        if p not in self._grundy:
            opts = self.options(p)
            if opts == TERMINAL_WIN:
                raise ValueError(f"{p} ends the game with a win for the player to move: "
                                 f"it has no Grundy value")
            if opts == TERMINAL_LOSS:
                self._grundy[p] = 0
            else:
                vals = []
                for o in opts:
                    v = 0
                    for c in o:
                        v ^= self.grundy(c)
                    vals.append(v)
                self._grundy[p] = mex(vals)
        return self._grundy[p]

    def wins(self, components: tuple, misere: bool = False) -> bool:
        """Does the player to move win the sum of ``components`` (normal or misère play)?

        Brute force over the sum: a move replaces one component by the components of one of its
        options.  A terminal code is the verdict of a position played alone (inside a sum the
        rules of the chip game say nothing)."""
        state = tuple(sorted(key(c) for c in components))
        k = (state, misere)
        if k not in self._wins:
            if len(state) == 1 and isinstance(self.options(state[0]), int):
                self._wins[k] = self.options(state[0]) == TERMINAL_WIN
            else:
                moves = []
                for i, c in enumerate(state):
                    opts = self.options(c)
                    if isinstance(opts, int):
                        raise ValueError(f"{c}: a terminal position inside a sum {state}")
                    rest = state[:i] + state[i + 1:]
                    moves += [rest + o for o in opts]
                self._wins[k] = misere if not moves else any(not self.wins(m, misere)
                                                             for m in moves)
        return self._wins[k]

    def outcome(self, position) -> int:
        """0=P, 1=N under normal play (or the family's own terminal rule)."""
        return N if self.wins((position,)) else P

    def misere(self, position) -> int:
        """0=P, 1=N under misère play (no move: the player to move wins)."""
        return N if self.wins((position,), misere=True) else P

    # -- partizan games --------------------------------------------------------------------
    def _single(self, position, side: int) -> list:
        opts = self.options(position, side)
        if isinstance(opts, int) or any(len(o) != 1 for o in opts):
            raise ValueError(f"{key(position)}: a partizan position needs plain options (no "
                             f"terminal codes, no sums)")
        return [o[0] for o in opts]

    def partizan(self, position) -> int:
        """The outcome class P=0, N=1, L=2, R=3 (normal play)."""
        p = key(position)
        if p not in self._class:
            left = any(self.partizan(o) in (P, L) for o in self._single(p, LEFT))
            right = any(self.partizan(o) in (P, R) for o in self._single(p, RIGHT))
            self._class[p] = N if left and right else L if left else R if right else P
        return self._class[p]

    def partizan_misere(self, position) -> int:
        """The outcome class P=0, N=1, L=2, R=3 under misère play (no move: that player wins)."""
        p = key(position)
        k = ("misere", p)
        if k not in self._class:
            lo, ro = self._single(p, LEFT), self._single(p, RIGHT)
            left = not lo or any(self.partizan_misere(o) in (P, L) for o in lo)
            right = not ro or any(self.partizan_misere(o) in (P, R) for o in ro)
            self._class[k] = N if left and right else L if left else R if right else P
        return self._class[k]

    # -- tables ----------------------------------------------------------------------------
    def value(self, position, kind: str) -> int:
        """The value of a position in the engine's encoding of ``kind``."""
        if kind not in KINDS:
            raise ValueError(f"unknown value kind {kind!r}")
        return {GRUNDY: self.grundy, OUTCOME: self.outcome, MISERE: self.misere,
                PARTIZAN: self.partizan, PARTIZAN_MISERE: self.partizan_misere}[kind](position)

    def table(self, positions, kind: str) -> list[int]:
        """Values of ``positions`` (rows), in order: give them in index order."""
        return [self.value(p, kind) for p in positions]


def solver(family: Family, values: dict) -> Solver:
    """The reference solver of the game ``values`` of ``family``, over its ``options_ref``."""
    if family.options_ref is None:
        raise ValueError(f"family {family.name!r} gives no options_ref")
    return Solver(lambda position, side: family.options_ref(values, position, side))


__all__ = ["Solver", "TERMINALS", "key", "mex", "solver"]
