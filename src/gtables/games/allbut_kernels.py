"""Grundy values of all-but subtraction games, heap by heap, and the lemma that proves their
arithmetic periods.

An all-but game with finite excluded set ``X`` lets a move take any ``s >= 1`` except ``s`` in
``X``, so ``G(n) = mex{G(k) : 0 <= k < n, n - k not in X}``.

**Kernel.**  The plain mex costs ``O(n)`` per heap.  Two facts make it ``O(|X|^2)``: a value
``v`` is missing from the options of ``n`` exactly when *every* earlier occurrence of ``v`` sits
at an excluded distance ``n - x`` (``x`` in ``X``), and the least value that never occurred,
``M(n) = mex G(0..n-1)``, is always missing.  So ``G(n)`` is the least of ``M(n)`` and of the
values ``G(n - x)`` whose occurrence count equals the number of ``x' in X`` with
``G(n - x') = G(n - x)``.  Counts fit in a byte: two heaps ``i < j`` with ``G(i) = G(j)`` have
``j - i`` in ``X`` (else ``j`` could move to ``i``), so the positions of one value differ pairwise
by elements of ``X``, and there are at most ``|X| + 1`` of them.

**Lemma (all-but window lemma; our own, elementary).**  Let ``m = max X`` (0 if ``X`` is empty),
``V(t) = {G(k) : k < t}``, and ``p >= 1``, ``s >= 0``, ``n1 >= 0`` with

  (i)  ``G(n + p) = G(n) + s`` for ``n1 <= n < n1 + m``, and
  (ii) ``V(n1 + p) = {0, ..., s-1} ∪ (V(n1) + s)``.

Then ``G(n + p) = G(n) + s`` for every ``n >= n1``.  *Proof*, by induction on ``N >= n1 + m``,
assuming the relation for ``n1 <= n < N``.  Every ``k < n1`` is an option of ``N`` (``N - k > m``)
and every ``k < n1 + p`` one of ``N + p``; the options ``k >= n1 + p`` of ``N + p`` are ``j + p``
for the options ``j >= n1`` of ``N`` (same distance ``N - j``).  With
``B = {G(j) : n1 <= j < N, N - j not in X}`` and the hypothesis on ``j < N``:
``G(N + p) = mex(V(n1 + p) ∪ (B + s)) = mex({0..s-1} ∪ ((V(n1) ∪ B) + s)) = s + mex(V(n1) ∪ B)
= s + G(N)``.  So ``n1 + m + p`` values prove the period (:func:`allbut_bound`), once (ii) holds
(:func:`allbut_hypothesis` finds the least such ``n1``); the values between the observed
pre-period ``n0 <= n1`` and ``n1`` are checked directly.  It complements A. Siegel's theorem
(every all-but game is ultimately arithmetic-periodic; "Finite excluded subtraction sets and
infinite geometry", see also Sleator & Slusky, arXiv:1201.3299), which gives no finite check.
"""
from __future__ import annotations

import numba as nb
import numpy as np

from ..config import JIT
from ..engine.status import BASE, DONE, OVERFLOW
from ..errors import GtablesError


@nb.njit(**JIT)
def allbut_range(excl, lo, hi, table, vmax, count, state):
    """Fill ``table[lo:hi]`` from ``table[:lo]``.  ``excl`` = sorted excluded amounts;
    ``count[v]`` = occurrences of ``v`` in ``table[:lo]`` (updated); ``state[0]`` = mex of
    ``table[:lo]`` (updated).  ``count`` must have more than ``hi`` entries (values are <= n)."""
    k = excl.size
    big = state[0]
    for n in range(lo, hi):
        g = big
        for i in range(k):
            x = excl[i]
            if x > n:
                break
            v = np.int64(table[n - x])
            if v >= g:
                continue
            c = 0
            for j in range(k):
                y = excl[j]
                if y > n:
                    break
                if np.int64(table[n - y]) == v:
                    c += 1
            if c == count[v]:
                g = v
        if g > vmax:
            state[0] = big
            return n * BASE + OVERFLOW
        table[n] = g
        count[g] += 1
        while count[big] > 0:
            big += 1
    state[0] = big
    return DONE


class AllButStepper:
    """Drives :func:`allbut_range` over a growing table (the engine's stepper protocol: see
    :class:`gtables.engine.game.SequenceStrategy`)."""

    def __init__(self, excluded, algorithm: str = "auto"):
        if algorithm not in ("auto", "naive"):
            raise GtablesError(f"--algorithm {algorithm}: all-but subtraction games have one "
                               f"kernel (use auto or naive)")
        self.excl = np.array(sorted(excluded), dtype=np.int64)
        self.count = np.zeros(1024, dtype=np.uint8)
        self.state = np.zeros(1, dtype=np.int64)

    def stats(self) -> dict:
        return {"algorithm": "all-but tally"}

    def _room(self, hi: int) -> None:
        if self.count.size <= hi + 1:
            grown = np.zeros(max(2 * self.count.size, hi + 2), dtype=np.uint8)
            grown[:self.count.size] = self.count
            self.count = grown

    def prepare(self, table: np.ndarray, n: int) -> None:
        """Set up from a known prefix ``table[:n]`` (a fresh run, or a resumed one)."""
        self.count = np.zeros(max(1024, n + 2), dtype=np.uint8)
        if n:
            np.add.at(self.count, np.asarray(table[:n], dtype=np.int64), 1)
        big = 0
        while self.count[big]:
            big += 1
        self.state[0] = big

    def run(self, table: np.ndarray, lo: int, hi: int) -> int:
        self._room(hi)
        return int(allbut_range(self.excl, lo, hi, table, int(np.iinfo(table.dtype).max),
                                self.count, self.state))


def allbut_bound(excluded):
    """The values the all-but window lemma needs: ``n1 + max X + p`` (module docstring)."""
    m = max(excluded, default=0)

    def bound(n1: int, p: int) -> int:
        return n1 + m + p
    return bound


def allbut_hypothesis(a, n: int, n0: int, p: int, s: int) -> int | None:
    """The least ``n1 >= n0`` with ``n1 + p <= n`` at which hypothesis (ii) of the lemma holds on
    ``a[:n]``: ``V(n1 + p) = {0..s-1} ∪ (V(n1) + s)``; None if there is none.  Linear time: with
    ``first[v]`` the first heap of value ``v``, (ii) says ``first[v] < n1 + p`` for ``v < s``, and
    ``first[v] - p < n1  <=>  first[v - s] < n1`` for ``v >= s``, which fails exactly on the
    interval ``min < n1 <= max`` of those two numbers."""
    if s < 0 or n0 + p > n:
        return None
    a = np.asarray(a[:n], dtype=np.int64)
    top = int(a.max()) + s + 1 if n else s + 1
    never = n + p + 1
    first = np.full(top + 1, never, dtype=np.int64)
    vals, at = np.unique(a, return_index=True)
    first[vals] = at
    lo = n0
    if s:
        if int(first[:s].max()) >= n:
            return None                    # some v < s never occurs: (ii) fails for every n1
        lo = max(lo, int(first[:s].max()) - p + 1)
    v = np.arange(s, top + 1)
    x = first[v] - p
    y = first[v - s]
    bad = np.zeros(n + 2, dtype=np.int64)
    lo_b = np.minimum(x, y) + 1
    hi_b = np.maximum(x, y)              # bad n1: lo_b <= n1 <= hi_b
    keep = lo_b <= np.minimum(hi_b, n)
    np.add.at(bad, np.clip(lo_b[keep], 0, n + 1), 1)
    np.add.at(bad, np.clip(hi_b[keep] + 1, 0, n + 1), -1)
    lo = max(lo, 0)
    ok = np.flatnonzero(np.cumsum(bad)[lo:n - p + 1] == 0)
    return int(ok[0]) + lo if ok.size else None
