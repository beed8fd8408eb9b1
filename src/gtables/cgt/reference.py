"""Short partizan games by the textbook, in plain Python: the tests' reference for :mod:`.pool`.

Slow, short and obviously correct (the model is stumpy's ``tests/naive.py``); nothing else in
gtables uses it.  A game is a pair ``(L, R)`` of frozensets of games; definitions follow Siegel,
*Combinatorial Game Theory* (AMS 2013), chapters I.4 and II.1-II.5, and Winning Ways ch. 1-6:

* ``G <= H`` iff no ``G^L >= H`` and no ``H^R <= G``;
* the canonical form: options in canonical form, dominated options removed, reversible options
  bypassed, until nothing changes (Siegel Thm. II.2.9: it is unique, so two games are equal iff
  their canonical forms are the same pair of frozensets);
* ``G + H = {G^L + H, G + H^L | G^R + H, G + H^R}``, ``-G = {-G^R | -G^L}``;
* stops: ``L(G) = G`` for a number, else ``max R(G^L)``; ``R(G)`` dually;
* the thermograph (Siegel II.5, with CGSuite's conventions below zero): an integer's walls are
  its value at every temperature ``t >= -1``; otherwise the scaffolds are
  ``max_{G^L} RW(G^L)(t) - t`` and ``min_{G^R} LW(G^R)(t) + t``, the temperature is the least
  ``t >= -1`` at which the left scaffold is at most the right one, and above it both walls are
  the mast (the mean).  Walls are evaluated point by point (no piecewise-linear algebra here:
  :mod:`.thermograph` has that); the temperature is found on a dyadic grid finer than any
  breakpoint a game of that birthday can have, then exactly by the linear piece it lies on.
"""
from __future__ import annotations

import functools
from fractions import Fraction

Game = tuple  # (frozenset of Left options, frozenset of Right options)

ZERO: Game = (frozenset(), frozenset())


def game(left=(), right=()) -> Game:
    return (frozenset(left), frozenset(right))


@functools.cache
def le(g: Game, h: Game) -> bool:
    """``g <= h``: Left has no winning first move in ``g - h``."""
    return (not any(le(h, gl) for gl in g[0])) and (not any(le(hr, g) for hr in h[1]))


def eq(g: Game, h: Game) -> bool:
    return le(g, h) and le(h, g)


@functools.cache
def canonical(g: Game) -> Game:
    """The canonical form of ``g`` (options first, then dominated and reversible options)."""
    left = {canonical(x) for x in g[0]}
    right = {canonical(x) for x in g[1]}
    while True:
        cur = (frozenset(left), frozenset(right))
        # dominated: a Left option <= another one, a Right option >= another one
        left = {x for x in left if not any(y != x and le(x, y) for y in left)}
        right = {x for x in right if not any(y != x and le(y, x) for y in right)}
        cur = (frozenset(left), frozenset(right))
        # reversible: G^L with some G^LR <= G is replaced by the Left options of that G^LR
        new_left: set = set()
        for x in left:
            rev = next((xr for xr in x[1] if le(xr, cur)), None)
            new_left |= set(rev[0]) if rev is not None else {x}
        new_right: set = set()
        for x in right:
            rev = next((xl for xl in x[0] if le(cur, xl)), None)
            new_right |= set(rev[1]) if rev is not None else {x}
        if new_left == left and new_right == right:
            return cur
        left, right = new_left, new_right


@functools.cache
def add(g: Game, h: Game) -> Game:
    return canonical((frozenset({add(x, h) for x in g[0]} | {add(g, x) for x in h[0]}),
                      frozenset({add(x, h) for x in g[1]} | {add(g, x) for x in h[1]})))


@functools.cache
def neg(g: Game) -> Game:
    return (frozenset(neg(x) for x in g[1]), frozenset(neg(x) for x in g[0]))


def outcome(g: Game) -> str:
    """'L', 'R', 'N' or 'P' (who wins: Left, Right, the first player, the second)."""
    ge0, le0 = le(ZERO, g), le(g, ZERO)
    return "P" if ge0 and le0 else "L" if ge0 else "R" if le0 else "N"


@functools.cache
def birthday(g: Game) -> int:
    return 1 + max((birthday(x) for x in g[0] | g[1]), default=-1)


@functools.cache
def number_value(g: Game) -> Fraction | None:
    """The number ``g`` (canonical) is, or None: a canonical form is a number iff its options
    are numbers with every Left one below every Right one; its value is then the simplest
    number between them (the simplicity theorem, Siegel ch. I.4)."""
    ls = [number_value(x) for x in g[0]]
    rs = [number_value(x) for x in g[1]]
    if any(v is None for v in ls + rs):
        return None
    lo = max(ls) if ls else None  # type: ignore[type-var]
    hi = min(rs) if rs else None  # type: ignore[type-var]
    if lo is not None and hi is not None and lo >= hi:
        return None
    return simplest_between(lo, hi)


def simplest_between(lo: Fraction | None, hi: Fraction | None) -> Fraction:
    """The simplest number strictly between ``lo`` and ``hi`` (None: no bound), by search: the
    integer of least absolute value if there is one, else the dyadic of least denominator."""
    def inside(x: Fraction) -> bool:
        return (lo is None or lo < x) and (hi is None or x < hi)
    n = 0
    while True:
        for x in (n, -n):
            if inside(Fraction(x)):
                return Fraction(x)
        if (lo is None or n > abs(lo) + 1) and (hi is None or n > abs(hi) + 1):
            break
        n += 1
    assert lo is not None and hi is not None
    d = 2
    while True:
        k = (lo * d).__floor__() + 1
        if inside(Fraction(k, d)):
            return Fraction(k, d)
        d *= 2


def number(x) -> Game:
    """The canonical form of the dyadic rational ``x`` (Fraction or int)."""
    x = Fraction(x)
    if x.denominator == 1:
        g = ZERO
        for _ in range(abs(x.numerator)):
            g = game([g]) if x > 0 else game([], [g])
        return g
    d = Fraction(1, x.denominator)
    assert x.denominator & (x.denominator - 1) == 0, "not dyadic"
    return game([number(x - d)], [number(x + d)])


def nimber(n: int) -> Game:
    opts = [nimber(k) for k in range(n)]
    return canonical(game(opts, opts))


STAR = game([ZERO], [ZERO])
UP = game([ZERO], [STAR])


def left_stop(g: Game) -> Fraction:
    v = number_value(canonical(g))
    return v if v is not None else max(right_stop(x) for x in canonical(g)[0])


def right_stop(g: Game) -> Fraction:
    v = number_value(canonical(g))
    return v if v is not None else min(left_stop(x) for x in canonical(g)[1])


# -- thermographs, point by point ------------------------------------------------------------

@functools.cache
def _scaffolds(g: Game, t: Fraction) -> tuple[Fraction, Fraction]:
    left = max(walls(x, t)[1] for x in g[0]) - t
    right = min(walls(x, t)[0] for x in g[1]) + t
    return left, right


@functools.cache
def temperature_and_mean(g: Game) -> tuple[Fraction, Fraction]:
    """``(temperature, mast)`` of canonical ``g``: an integer ``n`` has ``(-1, n)``."""
    v = number_value(g)
    if v is not None and v.denominator == 1:
        return Fraction(-1), v
    # every breakpoint of the scaffolds of a game born on day b lies on the grid 2^-b: walls
    # have slopes 0 and +-1, so a crossing of two walls stays on the grid of their breakpoints
    # and a crossing of the scaffolds (slopes differing by 1 or 2) halves it at most once a day;
    # 2^-(b+2) leaves a margin
    step = Fraction(1, 2 ** (birthday(g) + 2))
    t = Fraction(-1)
    prev = None
    while True:
        lo, hi = _scaffolds(g, t)
        if lo <= hi:
            break
        prev = (t, lo - hi)
        t += step
    if prev is None:
        raise AssertionError("the scaffolds of a canonical game do not start apart")
    t0, d0 = prev
    d1 = _scaffolds(g, t)[0] - _scaffolds(g, t)[1]
    tau = t0 + d0 * step / (d0 - d1)          # the difference is linear on [t0, t]
    return tau, _scaffolds(g, tau)[0]


@functools.cache
def walls(g: Game, t: Fraction) -> tuple[Fraction, Fraction]:
    """``(LW(t), RW(t))``: the left and right walls of ``g``'s thermograph at ``t >= -1``."""
    g = canonical(g)
    tau, m = temperature_and_mean(g)
    if t >= tau:
        return m, m
    return _scaffolds(g, t)


def temperature(g: Game) -> Fraction:
    return temperature_and_mean(canonical(g))[0]


def mean(g: Game) -> Fraction:
    return temperature_and_mean(canonical(g))[1]


def born_by(day: int) -> list[Game]:
    """Every canonical form born by ``day`` (1, 4, 22 for days 0, 1, 2)."""
    forms = [ZERO]
    for _ in range(day):
        subsets = [frozenset(s) for s in _subsets(forms)]
        forms = sorted({canonical((a, b)) for a in subsets for b in subsets}, key=repr)
    return forms


def _subsets(items: list) -> list[list]:
    out: list[list] = [[]]
    for x in items:
        out += [s + [x] for s in out]
    return out
