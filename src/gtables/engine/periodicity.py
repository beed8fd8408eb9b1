"""Periodicity of 1-D sequences, and the certificates that prove it.

``find_period`` finds the smallest period ``p`` (and least pre-period ``n0``) that the computed
prefix supports: ``a[n + p] = a[n] + saltus`` for every ``n >= n0`` inside the prefix, with the
periodic part covering at least ``min_reps`` periods.  On a finite prefix this is an
*observation*.  ``prove_period`` and ``PeriodWatch`` turn it into a *proof* given a theorem's
bound ``bound(n0, p)`` (the values the theorem needs; for octal games the Guy-Smith bound lives in
``games/octal.py``), in linear time: ``period_candidates`` reads every candidate off one
Knuth-Morris-Pratt failure function of the reversed prefix.  For games that never split a heap,
``G(n)`` depends on the previous ``t`` values only, so ``t`` consecutive matches already prove it
(``window_certificate``).
"""
from __future__ import annotations

import dataclasses

import numba as nb
import numpy as np

from ..config import JIT


@dataclasses.dataclass(frozen=True)
class Periodicity:
    preperiod: int
    period: int
    saltus: int = 0
    checked_to: int = 0        # the prefix a[0..checked_to-1] was examined
    proved: bool = False
    certificate: str = ""

    def describe(self) -> str:
        s = f"pre-period {self.preperiod}, period {self.period}"
        if self.saltus:
            s += f", saltus {self.saltus}"
        return s + (" (proved)" if self.proved else f" (observed on 0..{self.checked_to - 1})")


@nb.njit(**JIT)
def _tail_start(a, p, s):
    """Least n0 with a[n + p] == a[n] + s for all n0 <= n < len(a) - p."""
    n = a.size - p - 1
    while n >= 0 and a[n + p] == a[n] + s:
        n -= 1
    return n + 1


def find_period(a, max_period: int | None = None, min_reps: int = 3, saltus: bool = False,
                min_fraction: float = 0.5):
    """Smallest (period, pre-period) supported by the prefix, or ``None``.

    The periodic part must cover at least ``min_reps`` periods *and* ``min_fraction`` of the
    prefix: a few values at the very end that happen to fit a short period are not evidence
    (a proof by Guy-Smith needs the periodic part to cover about half the prefix anyway).
    With ``saltus=True`` the sequence may be arithmetico-periodic, ``a[n+p] = a[n] + s``; ``s`` is
    read off the last pair.
    """
    a = np.ascontiguousarray(np.asarray(a, dtype=np.int64))
    n = a.size
    if n < 2:
        return None
    max_period = min(max_period or n, n // min_reps)
    need = min_fraction * n
    for p in range(1, max_period + 1):
        s = int(a[-1] - a[-1 - p]) if saltus else 0
        n0 = int(_tail_start(a, p, s))
        if n - n0 >= min_reps * p and n - n0 >= need and n - n0 - p >= 1:
            return Periodicity(n0, p, s, checked_to=n)
    return None


def window_certificate(a, per: Periodicity, t: int) -> Periodicity:
    """For games that never split a heap and remove at most t: for n > t, G(n) is the same
    function of G(n-1..n-t), so t consecutive matches G(n+p) = G(n), m <= n < m + t, with m >= 1,
    prove the period from m on (and the observed matches cover n0..m)."""
    a = np.asarray(a)
    n0, p = per.preperiod, per.period
    m = max(n0, 1)
    if per.saltus or t < 1 or a.size < m + p + t:
        return per
    if not np.all(a[m + p:m + p + t] == a[m:m + t]):
        return per
    return dataclasses.replace(per, proved=True, certificate=(
        f"no splits, at most {t} removed: G(n) for n > {t} is a function of the previous {t} values, "
        f"and G(n+{p}) = G(n) for {m} <= n < {m + t}"))


def window_periodicity(rows, window: int, start: int = 0):
    """Periodicity of a sequence of vectors in which row ``t`` for ``t >= start + window`` is one
    fixed function of rows ``t - window .. t - 1`` (a game whose moves remove at most ``window``
    tokens and never split; a vector per heap size holds the values for every extra state).

    The windows of ``window`` consecutive rows then form a deterministic sequence, so the first
    window (from ``start`` on) that equals an earlier one proves the rows periodic from there on,
    forever.  Returns a proved :class:`Periodicity` (least pre-period, least period) or ``None``
    when no window repeats within the given rows.
    """
    a = np.asarray(rows)
    if a.ndim == 1:
        a = a.reshape(-1, 1)
    a = np.ascontiguousarray(a)
    n = a.shape[0]
    seen: dict[int, list[int]] = {}
    first = again = -1
    for b in range(start, n - window + 1):
        key = hash(a[b:b + window].tobytes())
        for i in seen.get(key, ()):
            if np.array_equal(a[i:i + window], a[b:b + window]):
                first, again = i, b
                break
        if again >= 0:
            break
        seen.setdefault(key, []).append(b)
    if again < 0:
        return None
    p = again - first
    n0 = first
    while n0 > 0 and np.array_equal(a[n0 - 1], a[n0 - 1 + p]):
        n0 -= 1
    return Periodicity(n0, p, checked_to=n, proved=True, certificate=(
        f"rows {first}..{first + window - 1} equal rows {again}..{again + window - 1}; each row "
        f"from {start + window} on is a function of the previous {window} rows"))


@nb.njit(**JIT)
def _suffix_period_candidates(a, n, pi):
    """Failure function of the reversed prefix ``a[n-1], ..., a[0]``: for a suffix of length m,
    its least period is ``m - pi[m-1]``.  Returns, for each distinct least period q of some suffix
    that holds over at least two periods, the longest suffix it covers: arrays ``(q, reach)``."""
    k = 0
    pi[0] = 0
    for i in range(1, n):
        x = a[n - 1 - i]
        while k > 0 and x != a[n - 1 - k]:
            k = pi[k - 1]
        if x == a[n - 1 - k]:
            k += 1
        pi[i] = k
    qs = np.zeros(64, dtype=np.int64)
    reach = np.zeros(64, dtype=np.int64)
    c = 0
    for m in range(1, n + 1):
        q = m - pi[m - 1]          # non-decreasing in m
        if 2 * q > m:
            continue
        if c > 0 and qs[c - 1] == q:
            reach[c - 1] = m
            continue
        if c == qs.size:
            qs2 = np.zeros(2 * c, dtype=np.int64)
            r2 = np.zeros(2 * c, dtype=np.int64)
            qs2[:c] = qs
            r2[:c] = reach
            qs, reach = qs2, r2
        qs[c] = q
        reach[c] = m
        c += 1
    return qs[:c], reach[:c]


def period_candidates(a, n: int | None = None) -> list[tuple[int, int]]:
    """``(period, preperiod)`` pairs the prefix ``a[:n]`` shows, each holding over at least two
    periods up to the end, in increasing order of period; linear time and memory (one pass of the
    Knuth-Morris-Pratt failure function over the reversed prefix), so it stays cheap on 10^8
    values where a scan over every period would be quadratic."""
    n = len(a) if n is None else n
    if n < 2:
        return []
    pi = np.zeros(n, dtype=np.int32 if n < (1 << 31) else np.int64)
    qs, reach = _suffix_period_candidates(a, n, pi)
    return [(int(q), n - int(r)) for q, r in zip(qs, reach)]


def prove_period(a, bound, theorem: str = "periodicity theorem") -> Periodicity | None:
    """The least period (with its least pre-period) that ``bound`` proves on the values ``a``
    (``bound(n0, p)`` = values the theorem needs), or ``None``.  Linear time."""
    return PeriodWatch(bound, theorem, first_scan=0).update(a, len(a))


class PeriodWatch:
    """Watches a growing sequence for a proof of periodicity.

    ``bound(n0, p)`` is the number of values a periodicity theorem needs to prove period ``p``
    from ``n0`` (the family's theorem, e.g. Guy-Smith for octal games).  ``update(a, n)`` is called
    whenever ``a[:n]`` is known; it returns a proved :class:`Periodicity` as soon as ``n`` reaches
    the bound of a candidate that held all the way.  ``target()`` tells the caller where the current
    candidate would be proved, so a run can stop exactly there.  Scans run at geometrically spaced
    lengths (and after a candidate breaks), so the total cost stays linear in the final length.
    """

    def __init__(self, bound, certificate: str = "periodicity theorem", first_scan: int = 32,
                 growth: float = 1.25):
        self.bound = bound
        self.name = certificate
        self.next_scan = first_scan
        self.growth = growth
        self.cand: tuple[int, int, int] | None = None   # (p, n0, checked_to)

    def target(self) -> int | None:
        return None if self.cand is None else self.bound(self.cand[1], self.cand[0])

    def _proved(self, p: int, n0: int, n: int) -> Periodicity:
        return Periodicity(n0, p, checked_to=n, proved=True, certificate=(
            f"{self.name}: G(n+{p}) = G(n) for {n0} <= n < {n - p}, and {self.bound(n0, p)} values "
            f"suffice for pre-period {n0}, period {p}"))

    def update(self, a, n: int) -> Periodicity | None:
        if self.cand is not None:
            p, n0, done = self.cand
            if n > done:
                if np.array_equal(a[done:n], a[done - p:n - p]):
                    self.cand = (p, n0, n)
                else:
                    self.cand = None      # the next scan comes on the geometric schedule
            if self.cand is not None and n >= self.bound(n0, p):
                return self._proved(p, n0, n)
        if self.cand is None and n >= self.next_scan:
            self.next_scan = int(n * self.growth) + 1
            best = None
            for p, n0 in period_candidates(a, n):
                need = self.bound(n0, p)
                if need <= n:
                    return self._proved(p, n0, n)
                if best is None or need < best[0]:
                    best = (need, p, n0)
            if best is not None:
                self.cand = (best[1], best[2], n)
        return None


def extend_periodic(a, start: int, period: int) -> None:
    """Fill ``a[start:]`` by ``a[i] = a[i - period]`` (in place, by block copies whose span is a
    multiple of the period and doubles each step).  Needs ``start - period >= n0``."""
    n = len(a)
    base = start - period
    pos = start
    while pos < n:
        span = ((pos - base) // period) * period
        step = min(span, n - pos)
        a[pos:pos + step] = a[pos - span:pos - span + step]
        pos += step
