"""Subsets of ``{1..n}``: every subset (:class:`SubsetSpace`, index = bitmask) or every subset of
one size ``k`` (:class:`CombinationSpace`, index = rank in the combinatorial number system).

A position is written as its elements, ``"4,6,8"``; the empty set as ``"{}"``.

Index orders.  In both spaces, replacing an element ``x`` of a set by a smaller element ``y`` not
in it lowers the index:

* bitmask: the mask loses ``2^(x-1)`` and gains ``2^(y-1) < 2^(x-1)``;
* combinatorial number system (colex order): ``rank(c_1 < ... < c_k) = sum_i C(c_i - 1, i)``; two
  sets compare in colex order by the largest element in which they differ, here ``x``, which
  belongs to the old set.

So any game whose moves replace one element by a smaller one (e.g. a token sliding left, possibly
over others) can be filled in index order.
"""
from __future__ import annotations

import math

import numpy as np

from ...errors import GtablesError
from .base import PositionSpace

EMPTY_TEXT = "{}"
_EMPTY_WORDS = ("{}", "empty", "-")
_RANK_CAP = 1 << 62  # binomials larger than this are never used by a rank (rank < size < 2^62)


def parse_elements(text: str, n: int, what: str = "position") -> list[int]:
    """``"4,6,8"`` -> ``[4, 6, 8]`` (sorted), each in ``1..n``, no repeats; ``"{}"`` -> ``[]``."""
    from .base import parse_int_list
    t = str(text).strip()
    if t in _EMPTY_WORDS:
        return []
    if t.startswith("{") and t.endswith("}"):
        t = t[1:-1]
    vals = parse_int_list(t, what)
    for v in vals:
        if v < 1 or v > n:
            raise GtablesError(f"{what} {text!r}: {v} is off the strip (squares are 1..{n})")
    seen = set()
    for v in vals:
        if v in seen:
            raise GtablesError(f"{what} {text!r}: square {v} is given twice")
        seen.add(v)
    return sorted(vals)


def format_elements(elements) -> str:
    els = [int(v) for v in elements]
    return ",".join(str(v) for v in els) if els else EMPTY_TEXT


class SubsetSpace(PositionSpace):
    """Every subset of ``{1..n}``; index = bitmask (bit ``i-1`` set iff ``i`` is in the set).

    A position is a row of ``n`` membership flags (0/1), flag ``i-1`` for element ``i``;
    ``parse``/``format`` use the list of elements.
    """
    scheme = "subset bitmask"

    def __init__(self, n: int):
        if n < 1 or n > 62:
            raise GtablesError(f"subsets of 1..{n}: n must be 1..62 (indices are 64-bit masks)")
        self.n = int(n)
        self.width = self.n
        self.size = 1 << self.n
        self._weights = np.left_shift(np.int64(1), np.arange(self.n, dtype=np.int64))

    def meta(self):
        return {"scheme": self.scheme, "size": self.size, "n": self.n,
                "rank": "sum of 2^(i-1) over the elements i of the set"}

    def coordinates(self):
        """``has1`` .. ``has<n>``: the membership flags (1 when ``i`` is in the set)."""
        return tuple(f"has{i + 1}" for i in range(self.n))

    def bounds(self):
        return f"sets of squares 1..{self.n}; as rows, {self.n} flags 0 or 1"

    def check(self, positions):
        bad = (positions != 0) & (positions != 1)
        if bad.any():
            row, col = np.argwhere(bad)[0]
            raise GtablesError(f"membership flag of element {col + 1} is {int(positions[row, col])}"
                               f" (flags are 0 or 1)")

    def rank_array(self, positions):
        return positions.astype(np.int64) @ self._weights

    def unrank(self, indices):
        idx = self.check_index(indices)
        return (idx[:, None] >> np.arange(self.n, dtype=np.int64)[None, :]) & 1

    def parse(self, text):
        row = np.zeros(self.n, dtype=np.int64)
        els = parse_elements(text, self.n)
        row[np.array(els, dtype=np.int64) - 1] = 1
        return row

    def format(self, position):
        return format_elements(np.flatnonzero(np.asarray(position)) + 1)

    # -- conveniences --------------------------------------------------------------------------
    def mask(self, elements) -> int:
        """The index of the set of ``elements`` (validated)."""
        els = parse_elements(",".join(map(str, elements)) or EMPTY_TEXT, self.n)
        return sum(1 << (e - 1) for e in els)


def binomial_table(n: int, k: int) -> np.ndarray:
    """``B[c, i] = C(c, i)`` for ``0 <= c <= n``, ``0 <= i <= k + 1`` (int64, values above 2^62
    clipped: a rank never uses them)."""
    B = np.zeros((n + 1, k + 2), dtype=np.int64)
    for c in range(n + 1):
        for i in range(k + 2):
            B[c, i] = min(math.comb(c, i), _RANK_CAP)
    return B


class CombinationSpace(PositionSpace):
    """The ``k``-subsets ``c_1 < ... < c_k`` of ``{1..n}``, ranked in the combinatorial number
    system: ``rank = sum_{i=1..k} C(c_i - 1, i)`` (colex order; ``0 .. C(n,k)-1``).

    A position is the row of its ``k`` elements in increasing order.
    """
    scheme = "combinatorial number system"

    def __init__(self, n: int, k: int):
        if k < 0:
            raise GtablesError(f"k = {k}: the number of elements cannot be negative")
        if k > n:
            raise GtablesError(f"k = {k} elements do not fit in 1..{n} (k > n)")
        size = math.comb(n, k)
        if size >= _RANK_CAP:
            raise GtablesError(f"C({n},{k}) = {size} positions is too many to index")
        self.n, self.k = int(n), int(k)
        self.width = self.k
        self.size = int(size)
        self.binom = binomial_table(self.n, self.k)

    def coordinates(self):
        """``c1`` .. ``c<k>``: the elements in increasing order."""
        return tuple(f"c{i + 1}" for i in range(self.k))

    def meta(self):
        return {"scheme": self.scheme, "size": self.size, "n": self.n, "k": self.k,
                "rank": "sum over i = 1..k of C(c_i - 1, i), elements c_1 < ... < c_k (colex)"}

    def bounds(self):
        return f"{self.k} distinct squares in 1..{self.n}"

    def check(self, positions):
        if self.k == 0:
            return
        lo, hi = positions < 1, positions > self.n
        if lo.any() or hi.any():
            row, col = np.argwhere(lo | hi)[0]
            raise GtablesError(f"position {self.format(positions[row])}: {int(positions[row, col])} "
                               f"is off the strip (squares are 1..{self.n})")
        inc = np.diff(positions, axis=1) > 0
        if not inc.all():
            row = int(np.argwhere(~inc)[0][0])
            raise GtablesError(f"position {','.join(map(str, positions[row]))}: elements must be "
                               f"distinct and increasing")

    def rank_array(self, positions):
        r = np.zeros(positions.shape[0], dtype=np.int64)
        for i in range(self.k):
            r += self.binom[positions[:, i] - 1, i + 1]
        return r

    def unrank(self, indices):
        idx = self.check_index(indices)
        out = np.empty((idx.size, self.k), dtype=np.int64)
        rest = idx.copy()
        for i in range(self.k, 0, -1):
            col = self.binom[: self.n, i]          # C(c, i) for c = 0..n-1, non-decreasing in c
            c = np.searchsorted(col, rest, side="right") - 1
            out[:, i - 1] = c + 1
            rest -= col[c]
        return out

    def parse(self, text):
        els = parse_elements(text, self.n)
        if len(els) != self.k:
            raise GtablesError(f"position {text!r} has {len(els)} element(s); this table's "
                               f"positions have exactly k = {self.k}")
        return np.array(els, dtype=np.int64)

    def format(self, position):
        return format_elements(np.sort(np.asarray(position)))
