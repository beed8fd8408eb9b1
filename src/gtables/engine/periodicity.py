"""Periodicity of 1-D sequences, and the certificates that prove it.

A sequence is *arithmetic-periodic* with pre-period ``n0``, period ``p`` and saltus ``s`` when
``a[n + p] = a[n] + s`` for every ``n >= n0``; ``s = 0`` is an ordinary period.  That holds
exactly when the differences ``d[n] = a[n + 1] - a[n]`` are ``p``-periodic from ``n0`` (with the
same least ``n0``), and then ``s`` is the sum of ``d`` over one period.  So one finder serves both:
:func:`period_candidates` reads every candidate off one Knuth-Morris-Pratt failure function of the
reversed sequence (of differences when a saltus is allowed; of the values themselves otherwise,
which gives the same ordinary periods without the extra array), in linear time.

``find_period`` picks the smallest period (and least pre-period) that the computed prefix
supports; on a finite prefix this is an *observation*.  ``prove_period`` and ``PeriodWatch`` turn
it into a *proof* given a theorem's bound ``bound(n0, p)`` (the values the theorem needs; for
octal games the Guy-Smith bound lives in ``games/octal/__init__.py``, for all-but subtraction games the
window lemma in ``games/allbut_kernels.py``).  For games that never split a heap,
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

    def as_dict(self) -> dict:
        """The record as JSON-able data (reports, table attributes)."""
        return {"preperiod": self.preperiod, "period": self.period, "saltus": self.saltus,
                "checked_to": self.checked_to, "proved": self.proved,
                "certificate": self.certificate}


def differences(a, n: int | None = None) -> np.ndarray:
    """``a[1:n] - a[:n-1]`` as int64 (the sequence an arithmetic period is found on)."""
    n = len(a) if n is None else n
    return np.diff(np.asarray(a[:n], dtype=np.int64))


def candidates(a, n: int | None = None, saltus: bool = False) -> list[tuple[int, int, int]]:
    """``(period, preperiod, saltus)`` of every period the prefix ``a[:n]`` shows up to its end
    over at least two periods, in increasing order of period (linear time).  With
    ``saltus=False`` only ordinary periods (saltus 0)."""
    n = len(a) if n is None else n
    if not saltus:
        return [(p, n0, 0) for p, n0 in period_candidates(a, n)]
    if n < 3:
        return []
    out = []
    # two periods of the values are 2p - 1 differences
    for p, n0 in period_candidates(differences(a, n), slack=1):
        out.append((p, n0, int(a[n0 + p]) - int(a[n0])))
    return out


def find_period(a, max_period: int | None = None, min_reps: int = 3, saltus: bool = False,
                min_fraction: float = 0.5, min_length: int | None = None):
    """Smallest (period, pre-period) supported by the prefix, or ``None``; linear time.

    The periodic part must cover at least ``min_reps`` periods (``min_reps >= 2``) *and*
    ``min_fraction`` of the prefix: a few values at the very end that happen to fit a short
    period are not evidence (a proof by Guy-Smith needs the periodic part to cover about half the
    prefix anyway).  With ``saltus=True`` the sequence may be arithmetic-periodic,
    ``a[n+p] = a[n] + s``.  ``min_length``, if given, replaces ``min_fraction * n`` (an exact
    count of values).  Every period of a stretch covering two of them is a multiple of its
    least period (Fine and Wilf), so the smallest acceptable period is among :func:`candidates`.
    """
    if min_reps < 2:
        raise ValueError("min_reps must be at least 2")
    n = len(a)
    if n < 2:
        return None
    need = min_fraction * n if min_length is None else min_length
    for p, n0, s in candidates(a, n, saltus):
        if max_period is not None and p > max_period:
            break
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
def _suffix_period_candidates(a, n, pi, slack):
    """Failure function of the reversed prefix ``a[n-1], ..., a[0]``: for a suffix of length m,
    its least period is ``m - pi[m-1]``.  Returns, for each distinct least period q of some suffix
    of length at least ``2q - slack``, the longest suffix it covers: arrays ``(q, reach)``."""
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
        if 2 * q > m + slack:
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


def period_candidates(a, n: int | None = None, slack: int = 0) -> list[tuple[int, int]]:
    """``(period, preperiod)`` pairs the prefix ``a[:n]`` shows, each holding over at least two
    periods up to the end (less ``slack`` values), in increasing order of period; linear time and
    memory (one pass of the Knuth-Morris-Pratt failure function over the reversed prefix), so it
    stays cheap on 10^8 values where a scan over every period would be quadratic.  With
    ``slack <= 1`` the reach of each is still the longest suffix with that period (Fine and
    Wilf: two periods p, q of a word of length >= p + q - 1 make gcd(p, q) one)."""
    n = len(a) if n is None else n
    if n < 2:
        return []
    pi = np.zeros(n, dtype=np.int32 if n < (1 << 31) else np.int64)
    qs, reach = _suffix_period_candidates(np.asarray(a), n, pi, slack)
    return [(int(q), n - int(r)) for q, r in zip(qs, reach)]


def prove_period(a, bound, theorem: str = "periodicity theorem", *, saltus: bool = False,
                 hypothesis=None) -> Periodicity | None:
    """The least period (with its least pre-period) that ``bound`` proves on the values ``a``
    (``bound(n0, p)`` = values the theorem needs), or ``None``.  Linear time.  ``saltus`` and
    ``hypothesis`` as for :class:`PeriodWatch`."""
    return PeriodWatch(bound, theorem, first_scan=0, saltus=saltus,
                       hypothesis=hypothesis).update(a, len(a))


def _shifted_equal(a, lo: int, hi: int, p: int, s: int) -> bool:
    """``a[n] == a[n - p] + s`` for ``lo <= n < hi`` (in int64: no wrap-around in small dtypes)."""
    if s == 0:
        return bool(np.array_equal(a[lo:hi], a[lo - p:hi - p]))
    return bool(np.array_equal(np.asarray(a[lo:hi], dtype=np.int64),
                               np.asarray(a[lo - p:hi - p], dtype=np.int64) + s))


class PeriodWatch:
    """Watches a growing sequence for a proof of periodicity.

    ``bound(n0, p)`` is the number of values a periodicity theorem needs to prove period ``p``
    from ``n0`` (the family's theorem, e.g. Guy-Smith for octal games).  ``update(a, n)`` is called
    whenever ``a[:n]`` is known; it returns a proved :class:`Periodicity` as soon as ``n`` reaches
    the bound of a candidate that held all the way.  ``target()`` tells the caller where the current
    candidate would be proved, so a run can stop exactly there.  Scans run at geometrically spaced
    lengths (and after a candidate breaks), so the total cost stays linear in the final length.

    ``saltus=True`` lets periods be arithmetic (``a[n + p] = a[n] + s``; candidates come from the
    differences).  ``hypothesis(a, n, n0, p, s)``, when the theorem also needs a condition on the
    values, returns the least ``n1 >= n0`` from which that condition holds (or None); the bound is
    then ``bound(n1, p)``, and the values ``n0 <= n < n1`` are covered by the direct check.
    """

    def __init__(self, bound, certificate: str = "periodicity theorem", first_scan: int = 32,
                 growth: float = 1.25, saltus: bool = False, hypothesis=None):
        self.bound = bound
        self.name = certificate
        self.next_scan = first_scan
        self.growth = growth
        self.saltus = saltus
        self.hypothesis = hypothesis
        self.cand: tuple[int, int, int, int, int] | None = None   # (p, n0, s, checked_to, need)

    def target(self) -> int | None:
        return None if self.cand is None else self.cand[4]

    def _need(self, a, n: int, p: int, n0: int, s: int) -> tuple[int, int] | None:
        """``(n1, values needed)`` for candidate ``(p, n0, s)``, or None if the theorem's
        hypothesis on the values holds nowhere yet."""
        n1 = n0 if self.hypothesis is None else self.hypothesis(a, n, n0, p, s)
        return None if n1 is None else (n1, self.bound(n1, p))

    def _proved(self, p: int, n0: int, s: int, n: int, n1: int) -> Periodicity:
        rel = f"G(n+{p}) = G(n)" + (f" + {s}" if s else "")
        via = "" if n1 == n0 else f" (the theorem from {n1} on, its hypotheses hold there)"
        return Periodicity(n0, p, s, checked_to=n, proved=True, certificate=(
            f"{self.name}: {rel} for {n0} <= n < {n - p}, and {self.bound(n1, p)} values "
            f"suffice for pre-period {n1}, period {p}{via}"))

    def update(self, a, n: int) -> Periodicity | None:
        if self.cand is not None:
            p, n0, s, done, need = self.cand
            if n > done:
                if _shifted_equal(a, done, n, p, s):
                    self.cand = (p, n0, s, n, need)
                else:
                    self.cand = None      # the next scan comes on the geometric schedule
            if self.cand is not None and n >= need:
                got = self._need(a, n, p, n0, s)    # the hypothesis held at the scan: it still does
                assert got is not None
                return self._proved(p, n0, s, n, got[0])
        if self.cand is None and n >= self.next_scan:
            self.next_scan = int(n * self.growth) + 1
            best = None
            for p, n0, s in candidates(a, n, self.saltus):
                got = self._need(a, n, p, n0, s)
                if got is None:
                    continue
                if got[1] <= n:
                    return self._proved(p, n0, s, n, got[0])
                if best is None or got[1] < best[4]:
                    best = (p, n0, s, n, got[1])
            self.cand = best
        return None


def extend_periodic(a, start: int, period: int, saltus: int = 0) -> None:
    """Fill ``a[start:]`` by ``a[i] = a[i - period] + saltus`` (in place, by block copies whose
    span is a multiple of the period and doubles each step).  Needs ``start - period >= n0``, and
    a dtype that holds the largest value (``a[start - 1] + saltus * ...``: the caller widens)."""
    n = len(a)
    base = start - period
    pos = start
    while pos < n:
        span = ((pos - base) // period) * period
        step = min(span, n - pos)
        if saltus:
            a[pos:pos + step] = a[pos - span:pos - span + step] + a.dtype.type((span // period) * saltus)
        else:
            a[pos:pos + step] = a[pos - span:pos - span + step]
        pos += step
