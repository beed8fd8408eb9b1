"""Misère quotients for every heap: the periodicity theorem for take-and-break games of finite code.

**Sources.** Plambeck and Siegel, "Misère quotients for impartial games", JCTA 115 (2008)
(arXiv math/0609825), and Siegel, "Misère games and misère quotients", Games of No Chance 5,
MSRI Publications 70 (2017), whose abstract announces "a proof of the periodicity theorem": a
misère quotient and its pretending function, computed on the heaps up to a bound of the Guy-Smith
kind and periodic on that window, hold for every heap.  Only the first pages of both were readable
here (results/misere_literature.md, search record), so the statement and proof below are written
out in full and are the ones this module relies on; they follow the shape the sources announce
(pre-period ``n0``, period ``p``, the largest removal ``k``, a window of about ``2 n0 + 2 p + k``
heaps) and use nothing but the pretending-function test of :mod:`.quotient`.

**The rules.** A *take-and-break game of finite code* (:class:`TakeAndBreak`: the record a family
declares, kept in :mod:`gtables.engine.take_and_break` so that no game imports this package; the
theorem's window, :func:`window`, is here): for every heap ``n > k``, a move removes ``i``
tokens and leaves either one non-empty heap ``n - i`` (``i`` in ``one``, ``1 <= i <= k``) or two
non-empty heaps ``a + b = n - i`` in every way (``i`` in ``two``, ``0 <= i <= k``).  These are the
octal games ``d0.d1...dk`` (digits 0-7, ``d0`` 0 or 4: bit 2 of ``d_i`` puts ``i`` in ``one``, bit 4
in ``two``; bit 1, a heap of exactly ``i`` taken whole, only acts on heaps ``<= k``) and the finite
subtraction games.  Not covered: codes with ``!`` (the two heaps must differ: shifting one part
by ``p`` may make them equal), hexadecimal digits (three heaps), all-but subtraction games and Nim
(no finite ``k``), user heap games (nothing declares their rules for heaps past the table).

**Theorem.** Let ``(Q, P, Φ)`` be the misère quotient of the sums of heaps ``0..N`` of such a game
(every sum of heaps ``0..N`` passes the pretending-function test, every element is the image of a
sum, no two elements are indistinguishable; :class:`~.quotient.Quotient`).  Suppose ``p >= 1``,
``n0 >= 0``, ``Φ(n + p) = Φ(n)`` for every ``n0 <= n <= N - p``, and, with ``m = max(n0, 1)``,

* ``N >= 2 m + 2 p + k - 1`` when ``two`` is not empty,
* ``N >= m + p + k - 1`` when it is (no move splits a heap).

Then ``Q`` with the same ``P`` is the misère quotient of the sums of *all* heaps, and heap ``n``'s
element is ``Φ(n0 + (n - n0) mod p)`` for every ``n > N``.

*Proof.* Extend ``Φ`` by ``Φ(n) = Φ(n - p)`` for ``n > N``; then ``Φ(n + p) = Φ(n)`` for every
``n >= n0``.  Write ``S_n`` for the set of images of the options of heap ``n``.  For ``n > N``
(so ``n >= 2m + 2p + k``, resp. ``m + p + k``, and ``n - p > k``), ``S_n = S_{n-p}``: a one-heap
option ``n - i`` has ``n - p - i >= m``, so ``Φ(n - i) = Φ(n - p - i)`` and ``n - p - i`` is the
one-heap option of ``n - p`` removing ``i``; a split ``a + b = n - i`` with ``a <= b`` has ``b >=
(n - k) / 2 >= m + p``, so ``(a, b - p)`` is a split of ``n - p - i`` into non-empty heaps with the
same image; conversely a split ``a + b' = n - p - i``, ``a <= b'``, has ``b' >= (n - p - k) / 2 >=
n0``, and ``(a, b' + p)`` is a split of ``n - i`` with the same image.  Now take any sum ``w`` of
heaps with a heap ``n > N`` and let ``w'`` be ``w`` with that heap replaced by ``n - p``.  Then
``Φ(w') = Φ(w)``, and the images of the options of ``w`` and ``w'`` are the same set (a move in
another heap ``h`` gives ``Φ(w - h) S_h = Φ(w' - h) S_h``, a move in the replaced heap gives
``Φ(w - n) S_n = Φ(w' - (n - p)) S_{n-p}``), so the test holds at ``w`` exactly when it holds at
``w'``.  Repeating, every sum reduces to a sum of heaps ``0..N``, where the test holds: it holds
for every sum of heaps, so by induction on sums a sum is a misère P-position exactly when its
image lies in ``P``.  Elements told apart by sums of heaps ``0..N`` stay told apart, and sums with
equal images have the same outcome in every company: ``Q`` is the quotient.  ∎

The condition on ``Φ`` is the Guy-Smith window of normal play (``games/octal``:
``guy_smith_bound``) read in ``Q``; the quotient must be the one of *all* heaps ``0..N`` (the
engine's, certified, not a smaller ``Q_t``).  :func:`find_certificate` finds the least period and
pre-period that pass and :func:`check_certificate` re-runs the check from the monoid alone (a
stored certificate is re-checked on every load, never believed).  The declared rules are compared
with the game's own options on the heaps ``k + 1..N`` (a wrong declaration is refused).  The rules
come from the game's family (``Rules.take_and_break``), never from a file: a stored or received
certificate for a game whose family declares none is refused (:mod:`gtables.quotients`).
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

import numpy as np

from ..engine.take_and_break import TakeAndBreak
from ..errors import GtablesError

THEOREM = "periodicity theorem for misère quotients (Plambeck-Siegel; proof in gtables.misere.period)"


class CertificateError(GtablesError):
    """A periodicity certificate that does not hold (the message says which condition fails)."""


def window(rules: TakeAndBreak, n0: int, p: int) -> int:
    """The theorem's bound: the largest heap ``N`` must be at least this for pre-period ``n0``
    and period ``p`` under ``rules`` (module text)."""
    m = max(int(n0), 1)
    return (2 * m + 2 * p if rules.splits else m + p) + rules.k - 1


@dataclasses.dataclass(frozen=True)
class Certificate:
    """A passed periodicity check: ``Φ(n + period) = Φ(n)`` for ``preperiod <= n <= heaps -
    period`` in the quotient of heaps ``0..heaps``, and ``heaps >= window`` (the theorem's bound
    for the ``rules``).  Then the quotient and ``Φ`` hold for every heap (module text)."""
    preperiod: int
    period: int
    heaps: int
    window: int
    rules: TakeAndBreak

    def reduce(self, h: int) -> int:
        """The heap ``<= heaps`` whose element heap ``h`` has (``h`` itself when ``h <=
        heaps``)."""
        h = int(h)
        if h < 0:
            raise GtablesError(f"heap sizes are >= 0, not {h}")
        if h <= self.heaps:
            return h
        return self.preperiod + (h - self.preperiod) % self.period

    def describe(self) -> str:
        return (f"certified for every heap: Φ has period {self.period} from heap "
                f"{self.preperiod}, checked on heaps 0..{self.heaps} (the periodicity theorem "
                f"needs 0..{self.window}; {self.rules.describe()})")

    def as_dict(self) -> dict:
        return {"preperiod": self.preperiod, "period": self.period, "heaps": self.heaps,
                "window": self.window, "rules": self.rules.as_dict(), "theorem": THEOREM}

    @classmethod
    def from_dict(cls, d: dict) -> Certificate:
        try:
            return cls(int(d["preperiod"]), int(d["period"]), int(d["heaps"]), int(d["window"]),
                       TakeAndBreak.from_dict(d["rules"]))
        except (KeyError, TypeError, ValueError) as e:
            raise CertificateError(f"the periodicity certificate is incomplete ({e})") from None


def power(mult, x: int, c: int, identity: int = 0) -> int:
    """``x^c`` (any ``c >= 0``) in the monoid of table ``mult``: the powers of ``x`` repeat after
    at most ``len(mult)`` steps, so huge counts (``10**12`` heaps of one size) cost nothing."""
    seen: dict[int, int] = {}
    powers: list[int] = []             # powers[j] = x^j until the first repeat
    y = int(identity)
    while y not in seen:
        seen[y] = len(powers)
        powers.append(y)
        y = int(mult[y, int(x)])
    c = int(c)
    if c < len(powers):
        return powers[c]
    i = seen[y]                        # x^len(powers) = x^i: period len(powers) - i
    return powers[i + (c - i) % (len(powers) - i)]


def product(mult, parts, identity: int = 0) -> int:
    """The product of ``x^c`` over the pairs ``(x, c)`` of ``parts`` (:func:`power`: any counts)."""
    z = int(identity)
    for x, c in parts:
        z = int(mult[z, power(mult, x, c, identity)])
    return z


def least_preperiod(phi: np.ndarray, p: int) -> int:
    """The least ``n0`` with ``phi[n + p] == phi[n]`` for every ``n0 <= n < len(phi) - p``."""
    n = phi.shape[0]
    if p >= n:
        return n
    bad = np.nonzero(phi[p:] != phi[:n - p])[0]
    return int(bad[-1]) + 1 if bad.size else 0


def find_certificate(phi, rules: TakeAndBreak | None) -> Certificate | None:
    """The certificate with the least period (then the least pre-period) that the pretending
    function ``phi`` of the quotient of heaps ``0..len(phi)-1`` passes for ``rules``, or None
    (no rules, or no period fits the window yet).  ``phi`` must be the final quotient's (the
    quotient of *all* heaps ``0..N``)."""
    if rules is None:
        return None
    phi = np.asarray(phi)
    N = phi.shape[0] - 1
    if N <= rules.k:
        return None
    for p in range(1, N + 1):
        if window(rules, 0, p) > N:          # the bound grows with p: no larger period fits
            return None
        n0 = least_preperiod(phi, p)
        w = window(rules, n0, p)
        if w <= N:
            return Certificate(n0, p, N, w, rules)
    return None


def check_rules(rules: TakeAndBreak, options_of: Callable[[int], Sequence[Sequence[int]]],
                heaps: int) -> None:
    """The declared rules are the game's on heaps ``k + 1..heaps`` (a :class:`CertificateError`
    naming the first heap where they are not)."""
    for n in range(rules.k + 1, heaps + 1):
        got = sorted({tuple(sorted((int(c) for c in o if int(c) != 0), reverse=True))
                      for o in options_of(n)})
        if got != rules.options(n):
            raise CertificateError(f"the game's options of heap {n} are not those of the "
                                   f"declared take-and-break rules ({rules.describe()})")


def check_certificate(cert: Certificate, phi, rules: TakeAndBreak | None = None,
                      options_of=None) -> Certificate:
    """``cert`` re-checked against the pretending function ``phi`` of the quotient of heaps
    ``0..len(phi)-1`` (and, when given, against the game's ``rules`` and its options): the same
    certificate, or a :class:`CertificateError` that names the condition that fails."""
    phi = np.asarray(phi)
    N = phi.shape[0] - 1
    if cert.heaps != N:
        raise CertificateError(f"the periodicity certificate is for heaps 0..{cert.heaps}, the "
                               f"quotient is of heaps 0..{N}")
    if rules is not None and rules != cert.rules:
        raise CertificateError(f"the periodicity certificate assumes the rules "
                               f"{cert.rules.describe()}, the game's are {rules.describe()}")
    if cert.period < 1 or cert.preperiod < 0:
        raise CertificateError(f"period {cert.period} / pre-period {cert.preperiod} out of range")
    if cert.window != window(cert.rules, cert.preperiod, cert.period):
        raise CertificateError(f"the certificate's window (heaps 0..{cert.window}) is not the "
                               f"theorem's bound "
                               f"{window(cert.rules, cert.preperiod, cert.period)} "
                               f"for pre-period {cert.preperiod} and period {cert.period}")
    if cert.window > N:
        raise CertificateError(f"the window is too short: period {cert.period} from heap "
                               f"{cert.preperiod} needs heaps 0..{cert.window}, the quotient "
                               f"has 0..{N}")
    n0 = least_preperiod(phi, cert.period)
    if n0 > cert.preperiod:
        raise CertificateError(f"Φ is not periodic with period {cert.period} from heap "
                               f"{cert.preperiod}: Φ({n0 - 1 + cert.period}) != Φ({n0 - 1})")
    if options_of is not None:
        check_rules(cert.rules, options_of, N)
    return cert
