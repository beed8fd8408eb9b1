"""The misère Nim rule of tame heap games, and the least sum of heaps that breaks it.

A heap game is *tame* (Conway, On Numbers and Games ch. 12; Winning Ways ch. 13) when every sum of
its heaps is played in misère like a sum of Nim heaps.  In quotient terms (Plambeck and Siegel,
"Misère quotients for impartial games", JCTA 115 (2008) §4) the quotient of heaps ``0..n`` is tame
exactly when it is one of the tame quotients ``T_k`` (:class:`~.quotient.Quotient`,
:func:`~.quotient.is_tame`).  Then the outcome of any sum follows from two facts per heap:

* ``g(h)``, the heap's normal-play Grundy value (mex of the nim-sums of its options, computed from
  the options alone: :func:`grundy_values`), and
* whether the heap is *big*: ``g(h) >= 2``, or ``g(h) == 0`` and the heap alone is a misère
  P-position, or ``g(h) == 1`` and the heap alone is a misère N-position.  A heap that is not big
  (*small*) has genus ``0^1`` or ``1^0``: in misère it behaves like the empty sum or like ``*1``.

**The tame prediction** (Bouton's misère rule, generalised): a sum is a misère P-position exactly
when it has no big heap and nim-sum 1, or some big heap and nim-sum 0 (:func:`tame_outcome`).

In ``T_k`` the small heaps are the elements ``1`` and ``a`` and the big ones lie in the group ``G``
(elements of ``G`` are P exactly at the identity ``e``, which stands for nim-value 0), which is why
the rule reproduces the quotient's answer on every sum of a tame quotient.  For a wild quotient
some sum breaks the rule; :func:`wild_witness` finds the least one within a total (by total, then
the parts in decreasing order compared lexicographically, the order of
:func:`~.quotient.misere_sum_outcomes`), and :func:`brute_force_outcome` solves that sum again
from the options alone, so that a witness is confirmed independently of the quotient.

Whether every wild quotient has a witness of small total is not a theorem used here: the chart
script reports it as found (or not found within the stated total) per game.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Sequence

from ..errors import GtablesError
from .quotient import OptionsOf, Quotient, heap_options, misere_sum_outcomes


@dataclasses.dataclass(frozen=True)
class WildWitness:
    """A sum of heaps on which the tame prediction is wrong.  ``heaps``: its parts in decreasing
    order; ``outcome``: its misère outcome by the quotient (``"P"``/``"N"``); ``tame``: what the
    tame rule says (always the other letter); ``brute_force``: its outcome solved again from the
    options alone (``None``: not checked)."""

    heaps: tuple[int, ...]
    outcome: str
    tame: str
    brute_force: str | None = None

    @property
    def total(self) -> int:
        return sum(self.heaps)

    @property
    def confirmed(self) -> bool:
        """The brute force agrees with the quotient (and so disagrees with the tame rule)."""
        return self.brute_force == self.outcome

    def describe(self) -> str:
        text = " + ".join(str(h) for h in self.heaps)
        check = (
            ""
            if self.brute_force is None
            else f"; brute force: {self.brute_force}" + ("" if self.confirmed else " (DISAGREES)")
        )
        return f"{text}: {self.outcome} (the tame rule says {self.tame}{check})"

    def as_dict(self) -> dict:
        return {
            "heaps": list(self.heaps),
            "total": self.total,
            "outcome": self.outcome,
            "tame": self.tame,
            "brute_force": self.brute_force,
        }


def grundy_values(options_of: OptionsOf, n: int) -> list[int]:
    """Normal-play Grundy values of heaps ``0..n`` from the options alone (mex of the nim-sums of
    each option's heaps)."""
    opts = heap_options(options_of, n)
    g = [0] * (n + 1)
    for h in range(1, n + 1):
        seen = set()
        for o in opts[h]:
            v = 0
            for c in o:
                v ^= g[c]
            seen.add(v)
        m = 0
        while m in seen:
            m += 1
        g[h] = m
    return g


def big_heaps(q: Quotient, grundy: Sequence[int]) -> list[bool]:
    """``big[h]`` for heaps ``0..q.heaps`` (module text): the heap alone is read from ``q``."""
    big = []
    for h in range(q.heaps + 1):
        g = int(grundy[h])
        alone = q.outcome([h]) if h else "N"
        big.append(g >= 2 or (g == 0 and alone == "P") or (g == 1 and alone == "N"))
    return big


def tame_outcome(heaps: Sequence[int], grundy: Sequence[int], big: Sequence[bool]) -> str:
    """``"P"`` or ``"N"``: the tame prediction for the sum of ``heaps`` (module text)."""
    nimsum = 0
    any_big = False
    for h in heaps:
        nimsum ^= int(grundy[h])
        any_big = any_big or bool(big[h])
    return "P" if (nimsum == 0 if any_big else nimsum == 1) else "N"


def _grundy(q: Quotient, game: OptionsOf | Sequence[int]) -> list[int]:
    if callable(game):
        return grundy_values(game, q.heaps)
    g = [int(v) for v in game]
    if len(g) < q.heaps + 1:
        raise GtablesError(f"{len(g)} Grundy values given; heaps 0..{q.heaps} need {q.heaps + 1}")
    return g


def _partitions(total: int, top: int) -> Iterator[tuple[int, ...]]:
    """Multisets of heaps ``1..top`` with sum ``total``, parts decreasing, in lexicographic
    order (the smallest largest part first)."""
    if total == 0:
        yield ()
        return
    for s in range(1, min(total, top) + 1):
        for rest in _partitions(total - s, s):
            yield (s, *rest)


def wild_witness(
    q: Quotient,
    game: OptionsOf | Callable | Sequence[int],
    *,
    max_total: int = 40,
    heaps: int | None = None,
) -> WildWitness | None:
    """The least sum of heaps ``1..heaps`` (default ``q.heaps``) of total at most ``max_total``
    whose outcome by ``q`` differs from the tame prediction, or ``None`` when there is none there.
    ``game``: the options function (Grundy values are computed from it) or the Grundy values of
    heaps ``0..q.heaps``.  Least: by total, then parts in decreasing order compared
    lexicographically.  A search from the empty sum upwards, carrying each prefix's quotient
    element, nim-sum and bigness; the first total with a witness ends it."""
    top = q.heaps if heaps is None else int(heaps)
    if not 0 <= top <= q.heaps:
        raise GtablesError(f"heaps 1..{top}: this quotient covers heaps 0..{q.heaps}")
    g = _grundy(q, game)
    big = big_heaps(q, g)
    mult, phi, pset = q.mult, q.phi, frozenset(q.p_portion)

    def search(rest: int, largest: int, x: int, nimsum: int, any_big: bool, parts: list):
        # multisets of total `rest` with parts <= largest after the prefix `parts`, in order
        if rest == 0:
            said = "P" if x in pset else "N"
            rule = "P" if (nimsum == 0 if any_big else nimsum == 1) else "N"
            return None if said == rule else WildWitness(tuple(parts), said, rule)
        for s in range(1, min(rest, largest) + 1):
            parts.append(s)
            found = search(
                rest - s, s, int(mult[x, phi[s]]), nimsum ^ g[s], any_big or big[s], parts
            )
            parts.pop()
            if found is not None:
                return found
        return None

    for total in range(int(max_total) + 1):
        if total > 0 and top < 1:
            break
        found = search(total, top, q.identity, 0, False, [])
        if found is not None:
            return found
    return None


def brute_force_outcome(options_of: OptionsOf, heaps: Sequence[int]) -> str:
    """The misère outcome of the sum of ``heaps`` (``"P"``/``"N"``) solved from the options alone
    (:func:`~.quotient.misere_sum_outcomes` over every sum of the same total or less)."""
    parts = tuple(sorted((int(h) for h in heaps if int(h) > 0), reverse=True))
    total = sum(parts)
    top = parts[0] if parts else 0
    out, _ = misere_sum_outcomes(options_of, top, total)
    same_total = list(_partitions(total, top))
    rank = out.size - len(same_total) + same_total.index(parts)
    return "P" if out[rank] == 0 else "N"


def confirm(witness: WildWitness, options_of: OptionsOf) -> WildWitness:
    """``witness`` with its brute-force outcome recorded (:attr:`WildWitness.confirmed`)."""
    return dataclasses.replace(witness, brute_force=brute_force_outcome(options_of, witness.heaps))
