"""Multisets of positive integers (partitions) of total at most ``T``: :class:`PartitionSpace`.

A position is a multiset of parts, written in any order (``"5,3,4"``; the empty multiset as
``"{}"``); as a row it is its parts in decreasing order, padded with zeros to width ``T``.

Index.  Partitions are ordered by total ``n`` first (tier ``n`` holds the ``p(n)`` partitions
of ``n``), then lexicographically on their parts in decreasing order (``1111 < 211 < 22 < 31 <
4``).  With ``P(r, k)`` the number of partitions of ``r`` into parts ``<= k``, the rank of
``l_1 >= l_2 >= ... >= l_m`` among the partitions of ``n`` is ``sum_i P(r_i, l_i - 1)``, where
``r_i = n - l_1 - ... - l_{i-1}`` (the partitions of ``r_i`` whose first part is smaller than
``l_i``).  A run of ``c`` equal parts ``s`` starting at ``r`` contributes
``W(r, s, c) = sum_{j<c} P(r - j s, s - 1)``, tabulated, so a rank costs one lookup per distinct
part.

Any move that lowers the total (a game on sums of heaps in which every move removes a token)
goes to an earlier tier; the positions of one tier are independent (``tier_bounds``).  A move
that keeps the total but replaces a part by smaller ones (a heap split without removing, octal
``d0 = 4``) goes to a smaller index of the same tier: such a space is made with
``keeps_total=True`` and has no tiers (filled in index order).

The jitted helpers (``partition_kernels``: ``partition_unrank``, ``partition_rank``,
``rank_replace``, loaded only when a table is computed or a large batch ranked) read one int64
array, :attr:`PartitionSpace.tables`: ``[T, offsets (T + 2), W]``.  A batch of at most
:data:`PY_ROWS` positions (a lookup, ``show``'s first entries) is ranked and unranked by the
same steps in plain Python, so that reading a stored table never waits for numba.
"""
from __future__ import annotations

import bisect

import numpy as np

from ...errors import GtablesError
from .base import PositionSpace, check_size, parse_int_list

MAX_TOTAL = 120          # the W table has (T+1)^2 (T+2) entries; p(120) ~ 1.8e9 already
# the largest total= of a family's table of sums of heaps (engine.heapsums), here so that the
# families' spec grammars read it without numba: total=100 is 1.1e9 sums of heaps (1.1 GB),
# hours of compute beyond
MAX_SUM_TOTAL = 100
EMPTY_TEXT = "{}"
_EMPTY_WORDS = ("{}", "empty", "-", "")
_HEAD = 1                # tables[0] = T; offsets follow
PY_ROWS = 1 << 12        # batches up to this many rows: plain Python (no kernels, no numba)


def partition_counts(total: int) -> np.ndarray:
    """``P[r, k]`` = partitions of ``r`` into parts ``<= k``, ``0 <= r, k <= total`` (Python
    ints, exact; every entry below 2^62 for ``total <= MAX_TOTAL``)."""
    P = [[0] * (total + 1) for _ in range(total + 1)]
    for k in range(total + 1):
        P[0][k] = 1
    for r in range(1, total + 1):
        for k in range(1, total + 1):
            P[r][k] = P[r][k - 1] + (P[r - k][k] if k <= r else 0)
    return np.array(P, dtype=np.int64)


def build_tables(total: int) -> np.ndarray:
    """``[T, offsets[0..T+1], W]``: ``offsets[n]`` = partitions of total ``< n``;
    ``W[(r * (T + 2) + s) * (T + 1) + c]`` = ``sum_{j<c} P(r - j s, s - 1)`` (for ``c s <= r``)."""
    T = total
    P = partition_counts(T)
    offsets = np.zeros(T + 2, dtype=np.int64)
    for n in range(T + 1):
        offsets[n + 1] = offsets[n] + P[n, n]
    W = np.zeros((T + 1, T + 2, T + 1), dtype=np.int64)
    for r in range(T + 1):
        for s in range(1, r + 1):
            acc = 0
            for c in range(1, r // s + 1):
                acc += int(P[r - (c - 1) * s, s - 1])
                W[r, s, c] = acc
    return np.concatenate([np.array([T], dtype=np.int64), offsets, W.ravel()])


class PartitionSpace(PositionSpace):
    """Every multiset of positive integers with sum at most ``total`` (see the module text).

    Rows are the parts in decreasing order padded with zeros to width ``max(total, 1)``;
    :meth:`rank` takes the parts of a row in any order (zeros are no part)."""
    scheme = "partitions by total, then lexicographic"

    def __init__(self, total: int, keeps_total: bool = False):
        if not 0 <= total <= MAX_TOTAL:
            raise GtablesError(f"partitions of total at most {total}: the total must be "
                               f"0..{MAX_TOTAL}")
        self.total = int(total)
        self.keeps_total = bool(keeps_total)
        self.width = max(self.total, 1)
        self.tables = build_tables(self.total)
        self.offsets = self.tables[_HEAD:_HEAD + self.total + 2]
        self._offset_list = self.offsets.tolist()
        self._table_list: list[int] | None = None    # self.tables as Python ints, on first need
        self.size = check_size(int(self.offsets[-1]), f"partitions of total <= {total}")

    def meta(self):
        return {"scheme": self.scheme, "size": self.size, "total": self.total,
                "keeps_total": self.keeps_total,
                "rank": "offsets[n] + sum_i P(n - l_1 - ... - l_(i-1), l_i - 1) over the parts "
                        "l_1 >= l_2 >= ... of a partition of n; P(r, k) = partitions of r into "
                        "parts <= k"}

    def tier_bounds(self):
        return None if self.keeps_total else self.offsets.copy()

    def coordinates(self):
        """``part1`` .. ``part<T>``: the parts, largest first (0: no part)."""
        return tuple(f"part{i + 1}" for i in range(self.width))

    def bounds(self):
        return f"multisets of heaps with total at most {self.total}"

    def check(self, positions):
        neg = positions < 0
        if neg.any():
            row = int(np.argwhere(neg)[0][0])
            raise GtablesError(f"position {self.format(positions[row])}: a heap cannot be "
                               f"negative ({int(positions[neg][0])})")
        huge = positions > self.total          # (before a sum that could overflow)
        totals = np.where(huge.any(axis=1), self.total + 1, positions.sum(axis=1))
        big = totals > self.total
        if big.any():
            row = int(np.argwhere(big)[0][0])
            raise GtablesError(f"position {self.format(positions[row])}: total "
                               f"{sum(int(v) for v in positions[row])} is off the table "
                               f"({self.bounds()})")

    def rank_array(self, positions):
        if positions.shape[0] <= PY_ROWS:
            return np.array([self._rank_one(row) for row in positions.tolist()], dtype=np.int64)
        from .partition_kernels import rank_rows
        out = np.empty(positions.shape[0], dtype=np.int64)
        rank_rows(self.tables, np.ascontiguousarray(positions, dtype=np.int64), out)
        return out

    def unrank(self, indices):
        idx = np.ascontiguousarray(self.check_index(np.atleast_1d(indices)), dtype=np.int64)
        out = np.zeros((idx.size, self.width), dtype=np.int64)
        if idx.size <= PY_ROWS:
            for row, i in enumerate(idx.tolist()):
                parts = self._unrank_one(i)
                out[row, :len(parts)] = parts
            return out
        from .partition_kernels import unrank_rows
        unrank_rows(self.tables, idx, out)
        return out

    # the kernels' rank and unrank (partition_kernels), step by step in Python ints
    def _w(self, r: int, s: int, c: int) -> int:
        tables = self._table_list
        if tables is None:
            tables = self._table_list = self.tables.tolist()
        T = self.total
        return tables[_HEAD + T + 2 + (r * (T + 2) + s) * (T + 1) + c]

    def _rank_one(self, row) -> int:
        parts = sorted((v for v in row if v > 0), reverse=True)
        r = sum(parts)
        q = int(self.offsets[r])
        i = 0
        while i < len(parts):                    # a run of c equal parts s: W(r, s, c)
            s, c = parts[i], 1
            while i + c < len(parts) and parts[i + c] == s:
                c += 1
            q += self._w(r, s, c)
            r -= s * c
            i += c
        return q

    def _unrank_one(self, idx: int) -> list[int]:
        n = bisect.bisect_right(self._offset_list, idx) - 1        # the total: its tier
        q, r, top, parts = idx - self._offset_list[n], n, n, []
        while r > 0:
            s = min(top, r)
            while self._w(r, s, 1) > q:          # W(r, s, 1) = P(r, s - 1), non-decreasing in s
                s -= 1
            q -= self._w(r, s, 1)
            r -= s
            top = s
            parts.append(s)
        return parts

    def parse(self, text):
        t = str(text).strip()
        if t.startswith("{") != t.endswith("}") or t.count("{") + t.count("}") > 2:
            raise GtablesError(f"position {t!r}: unbalanced braces (write heaps as 3,4,5 or "
                               f"{{3,4,5}})")
        inner = t[1:-1] if t.startswith("{") else t
        vals = [] if t in _EMPTY_WORDS or not inner.strip() else parse_int_list(inner)
        row = self.int64_row(vals, text) if vals else np.zeros(0, dtype=np.int64)
        if (row < 0).any():
            raise GtablesError(f"position {t!r}: a heap cannot be negative")
        total = sum(int(v) for v in row)
        if total > self.total:
            raise GtablesError(f"position {t!r}: total {total} is off the table "
                               f"({self.bounds()})")
        parts = np.sort(row[row > 0])[::-1]
        out = np.zeros(self.width, dtype=np.int64)
        out[:parts.size] = parts
        return out

    def format(self, position):
        parts = sorted((int(v) for v in np.atleast_1d(position) if v > 0), reverse=True)
        return ",".join(map(str, parts)) if parts else EMPTY_TEXT
