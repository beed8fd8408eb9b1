"""Thermographs: walls as exact piecewise-linear functions of the temperature (dyadic breakpoints,
:class:`fractions.Fraction` values), and the thermograph of a game from its options' ones.

Conventions are CGSuite's (``Thermograph.java``, ``CanonicalShortGameOps.thermograph``): walls
are defined for ``t >= -1``; an integer's thermograph is a mast at every temperature (temperature
-1); otherwise the Left scaffold is ``max RW(G^L)(t) - t``, the Right one ``min LW(G^R)(t) + t``,
the temperature is the least ``t >= -1`` at which the Left scaffold is at most the Right one, and
above it both walls are the mast, at the mean.  A number with denominator ``2^k`` comes out with
temperature ``-1/2^k`` this way.  A wall's slope is ``d value / d t``: 0 or -1 on a Left wall, 0 or
+1 on a Right one.  ``str()`` gives CGSuite's text (``Thermograph(mast,[critical temperatures,
descending],[slopes, top down],...)`` for the Left wall then the Right one).
"""
from __future__ import annotations

import dataclasses
from fractions import Fraction

BASE = Fraction(-1)          # the lowest temperature of a thermograph


@dataclasses.dataclass(frozen=True)
class Wall:
    """A continuous piecewise-linear function of ``t``: its value ``vs[i]`` at each breakpoint
    ``ts[i]`` (ascending, all above :data:`BASE`; none for a line), linear between them, with
    slope ``below`` under the first breakpoint (down to :data:`BASE`) and ``above`` over the
    last.  A line is stored as its value at :data:`BASE`: ``ts == ()``, ``vs == (v,)``."""
    ts: tuple[Fraction, ...]
    vs: tuple[Fraction, ...]
    below: Fraction
    above: Fraction

    @staticmethod
    def line(value, slope=0) -> Wall:
        return Wall((), (Fraction(value),), Fraction(slope), Fraction(slope))

    @staticmethod
    def through(points, below, above) -> Wall:
        """The function through ``points`` ((t, v), ascending t), normalised: breakpoints at or
        below :data:`BASE` or where the slope does not change are dropped."""
        pts = [(Fraction(t), Fraction(v)) for t, v in points]
        below, above = Fraction(below), Fraction(above)
        # the slope just above BASE replaces everything at or below it
        while pts and pts[0][0] <= BASE:
            t0, v0 = pts[0]
            if len(pts) > 1 and pts[1][0] > BASE:
                below = (pts[1][1] - v0) / (pts[1][0] - t0)
            elif len(pts) == 1:
                below = above
            pts.pop(0)
            if not pts:
                return Wall((), (v0 + below * (BASE - t0),), below, below)
        slopes = [below] + [(b[1] - a[1]) / (b[0] - a[0]) for a, b in zip(pts, pts[1:])] + [above]
        keep = [p for i, p in enumerate(pts) if slopes[i] != slopes[i + 1]]
        if not keep:
            t0, v0 = pts[0]
            return Wall((), (v0 + below * (BASE - t0),), below, below)
        return Wall(tuple(t for t, _ in keep), tuple(v for _, v in keep), below, above)

    def at(self, t) -> Fraction:
        t = Fraction(t)
        if not self.ts:
            return self.vs[0] + self.below * (t - BASE)
        if t <= self.ts[0]:
            return self.vs[0] + self.below * (t - self.ts[0])
        for i in range(1, len(self.ts)):
            if t <= self.ts[i]:
                a, b = self.ts[i - 1], self.ts[i]
                return self.vs[i - 1] + (self.vs[i] - self.vs[i - 1]) * (t - a) / (b - a)
        return self.vs[-1] + self.above * (t - self.ts[-1])

    def points(self) -> list[tuple[Fraction, Fraction]]:
        if not self.ts:
            return [(BASE, self.vs[0])]
        return list(zip(self.ts, self.vs))

    def tilt(self, c) -> Wall:
        """``v(t) + c t``."""
        c = Fraction(c)
        return Wall.through([(t, v + c * t) for t, v in self.points()], self.below + c,
                            self.above + c)

    def combine(self, other: Wall, bigger: bool) -> Wall:
        """The pointwise max (``bigger``) or min of two walls, for ``t >= BASE``."""
        ts = sorted({BASE, *self.ts, *other.ts})
        cuts = set(ts)
        for a, b in zip(ts, ts[1:]):
            da, db = self.at(a) - other.at(a), self.at(b) - other.at(b)
            if da * db < 0:
                cuts.add(a + (b - a) * da / (da - db))
        last = ts[-1]
        d, ds = self.at(last) - other.at(last), self.above - other.above
        if ds != 0 and -d / ds > 0:
            cuts.add(last - d / ds)
        pick = max if bigger else min
        pts = sorted(cuts)
        # past the last cut the two lines do not cross: the one ahead a step later stays ahead
        fa, ga = self.at(pts[-1] + 1), other.at(pts[-1] + 1)
        above = self.above if (fa >= ga if bigger else fa <= ga) else other.above
        return Wall.through([(t, pick(self.at(t), other.at(t))) for t in pts], 0, above)

    def text(self) -> str:
        """CGSuite's text: mast value, critical temperatures (descending), slopes (top down)."""
        top = self.vs[-1]
        cps = ",".join(_q(t) for t in reversed(self.ts))
        slopes = [self.above] + [(self.vs[i] - self.vs[i - 1]) / (self.ts[i] - self.ts[i - 1])
                                 for i in range(len(self.ts) - 1, 0, -1)]
        if self.ts:
            slopes.append(self.below)
        return f"{_q(top)},[{cps}],[{','.join(_q(s) for s in slopes)}]"


def _q(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


@dataclasses.dataclass(frozen=True)
class Thermograph:
    """The two walls, the temperature and the mast (the mean) of a game."""
    left: Wall
    right: Wall
    temperature: Fraction
    mast: Fraction

    def __str__(self) -> str:
        return f"Thermograph({self.left.text()},{self.right.text()})"

    @staticmethod
    def of_integer(n) -> Thermograph:
        wall = Wall.line(n)
        return Thermograph(wall, wall, Fraction(-1), Fraction(n))

    @staticmethod
    def from_options(left: list[Thermograph], right: list[Thermograph]) -> Thermograph:
        """The thermograph of a game that is not an integer, from its options' thermographs
        (both sides non-empty, as in every canonical form but an integer's)."""
        if not left or not right:
            raise ValueError("a thermograph from options needs options on both sides")
        lsc = left[0].right
        for th in left[1:]:
            lsc = lsc.combine(th.right, bigger=True)
        rsc = right[0].left
        for th in right[1:]:
            rsc = rsc.combine(th.left, bigger=False)
        lsc, rsc = lsc.tilt(-1), rsc.tilt(1)
        tau = _meet(lsc, rsc)
        m = lsc.at(tau)
        lw = Wall.through([p for p in lsc.points() if p[0] < tau] + [(tau, m)], lsc.below, 0)
        rw = Wall.through([p for p in rsc.points() if p[0] < tau] + [(tau, m)], rsc.below, 0)
        return Thermograph(lw, rw, tau, m)


def _meet(lsc: Wall, rsc: Wall) -> Fraction:
    """The least ``t >= BASE`` with ``lsc(t) <= rsc(t)``; ``lsc - rsc`` does not increase."""
    ts = sorted({BASE, *lsc.ts, *rsc.ts})
    d0 = lsc.at(BASE) - rsc.at(BASE)
    if d0 <= 0:
        raise ValueError("the scaffolds do not start apart (not a canonical form?)")
    for a, b in zip(ts, ts[1:]):
        da, db = lsc.at(a) - rsc.at(a), lsc.at(b) - rsc.at(b)
        if db <= 0:
            return a + (b - a) * da / (da - db)
    a = ts[-1]
    da, slope = lsc.at(a) - rsc.at(a), lsc.above - rsc.above
    if slope >= 0:
        raise ValueError("the scaffolds never meet")
    return a - da / slope
