"""The two notions of "tame" for heap games in misère play, each with its least witness.

The literature uses the word for two different properties, and a heap game can have the second
without the first (every quaternary "woolly mammoth" but .123 and .312 does):

* **Nim heaps** (Plambeck's quaternary pages, http://www.plambeck.org/oldhtml/mathematics/games/
  misere/quaternary/index.htm: "all these games have only misère nim-heaps as values, except for
  the seven Woolly Mammoths .121, .123, .131, .201, .211, .312 and .331", and the two-digit .31,
  Winning Ways' *Stalking*).  Heap ``h`` *is a nim heap* when it can stand for the nim heap
  ``*G(h)`` of its Grundy value in every sum: here, made finite, when ``h`` and ``*G(h)`` are
  indistinguishable among the sums of heaps ``0..n`` *and nim heaps* ``*0..*M`` (``M = 2^k - 1``,
  the least such at least every ``G(h)``): the quotient of that joint closure (nim heaps adjoined
  as extra heaps, :func:`nim_closure`) maps ``h`` and ``*G(h)`` to one element.  A heap that is not
  a nim heap has a sum ``X`` of heaps and nim heaps with ``h + X`` and ``*G(h) + X`` of different
  outcomes (:class:`NimHeapWitness`, solved again from the options alone).  The least heap that
  is not a nim heap: :func:`nim_heap_test`.  (Plambeck means the misère canonical form of the
  heap; equal canonical forms give the indistinguishability tested here; tests compare the
  list of all quaternary codes of up to three digits with his.)
* **A tame quotient** (Conway's rule for sums, On Numbers and Games ch. 12; Winning Ways ch. 13):
  every sum of heaps is played like a sum of misère Nim heaps; the quotient of heaps ``0..n`` is
  one of the tame quotients ``T_k`` (:attr:`~.quotient.Quotient.tame`, ``tame_to``).  The least
  sum that breaks the rule: :func:`wild_witness`, over every heap up to the bound.

If every heap of ``0..n`` is a nim heap, every sum of them is indistinguishable from a sum of nim
heaps and so obeys the misère Nim rule: a quotient that is not tame has a heap that is not a nim
heap, never the other way round.

**Conway's rule in detail.**

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

Whether every wild quotient has a witness of small total is not a theorem used here: the misère
chart (``gtables sweep --catalogue misere3``) reports it as found (or not found within the stated
total) per game.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Sequence

from ..errors import GtablesError
from .quotient import (
    OptionsOf,
    Quotient,
    QuotientError,
    heap_options,
    misere_sum_outcomes,
    quotient,
)


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


# ----------------------------------------------------------------------------------------------
# nim heaps (Plambeck's sense)


def nim_closure(options_of: OptionsOf, n: int, top: int) -> OptionsOf:
    """The options of the *joint* heap game: index ``i`` in ``1..top`` is the nim heap ``*i``
    (options ``*0..*(i-1)``), index ``top + h`` is the game's heap ``h`` (``h`` in ``1..n``, its
    options' heaps moved up by ``top``).  Its misère quotient is that of the sums of heaps
    ``0..n`` and nim heaps ``*0..*top``; nim heaps come first so that a budget cut keeps all of
    them and a prefix of the game's heaps."""

    def joint(i: int) -> list[tuple[int, ...]]:
        if i <= top:
            return [()] + [(j,) for j in range(1, i)]
        return [tuple(c + top for c in o if int(c) > 0) for o in options_of(i - top)]

    return joint


@dataclasses.dataclass(frozen=True)
class NimHeapWitness:
    """Heap ``heap`` is not the nim heap ``*grundy``: with ``heaps`` (game heaps) and ``nims``
    (nim heaps) added, ``heap + X`` has the misère outcome ``outcome`` and ``*grundy + X`` the
    other one; ``brute_force``: both outcomes solved again from the options alone (``None``: not
    solved)."""

    heap: int
    grundy: int
    heaps: tuple[int, ...]
    nims: tuple[int, ...]
    outcome: str
    brute_force: tuple[str, str] | None = None

    @property
    def confirmed(self) -> bool:
        other = "N" if self.outcome == "P" else "P"
        return self.brute_force == (self.outcome, other)

    def describe(self) -> str:
        x = [str(h) for h in self.heaps] + [f"*{m}" for m in self.nims]
        plus = "".join(f" + {t}" for t in x)
        other = "N" if self.outcome == "P" else "P"
        return f"{self.heap}{plus} is {self.outcome}, *{self.grundy}{plus} is {other}"

    def as_dict(self) -> dict:
        return {"heap": self.heap, "grundy": self.grundy, "heaps": list(self.heaps),
                "nims": list(self.nims), "outcome": self.outcome,
                "brute_force": None if self.brute_force is None else list(self.brute_force)}


@dataclasses.dataclass(frozen=True)
class NimHeapTest:
    """Which heaps ``1..heaps`` are nim heaps (module text), judged among the sums of heaps
    ``0..heaps`` and nim heaps ``*0..*nim_top``.  ``non_nim``: the heaps that are not, in order;
    ``least``: the first of them (``None``: every heap is a nim heap); ``witness``: a sum that
    tells ``least`` from ``*G(least)``; ``joint_size``: the order of the joint quotient;
    ``gave_up_at``: the game heap at which the joint quotient hit its limits (then ``heaps`` is
    the heap before it; ``None``: it reached the bound asked for)."""

    heaps: int
    nim_top: int
    grundy: tuple[int, ...]
    non_nim: tuple[int, ...]
    joint_size: int
    witness: NimHeapWitness | None = None
    gave_up_at: int | None = None

    @property
    def least(self) -> int | None:
        return self.non_nim[0] if self.non_nim else None

    def as_dict(self) -> dict:
        return {"heaps": self.heaps, "nim_top": self.nim_top, "non_nim": list(self.non_nim),
                "least": self.least, "joint_size": self.joint_size,
                "witness": None if self.witness is None else self.witness.as_dict(),
                "gave_up_at": self.gave_up_at}


def nim_heap_test(options_of: OptionsOf, n: int, *, time_limit: float | None = None,
                  witness_total: int = 30, confirm_witness: bool = True) -> NimHeapTest:
    """Which heaps of ``1..n`` are nim heaps in Plambeck's sense (module text), from the misère
    quotient of the joint closure of heaps ``0..n`` and nim heaps (:func:`nim_closure`): heap
    ``h`` is one exactly when its element equals that of ``*G(h)``.  The least heap that is not
    gets a witness sum (the least by total, heap sizes and nim sizes counted alike, up to
    ``witness_total``), solved again by brute force when ``confirm_witness``.  Past
    ``time_limit`` seconds the joint quotient of the heaps done is used (``gave_up_at``)."""
    n = int(n)
    g = grundy_values(options_of, n)
    top = 1
    while top <= max(g):
        top *= 2
    top -= 1
    joint = nim_closure(options_of, n, top)
    gave_up_at = None
    try:
        q = quotient(joint, top + n, time_limit=time_limit)
    except QuotientError as e:
        if e.partial is None or e.partial.heaps < top:
            raise
        q = e.partial
        gave_up_at = q.heaps - top + 1
    bound = q.heaps - top
    bad = tuple(h for h in range(1, bound + 1) if int(q.phi[top + h]) != int(q.phi[g[h]]))
    witness = None
    if bad:
        witness = _nim_witness(q, top, bad[0], g[bad[0]], witness_total)
        if witness is not None and confirm_witness:
            witness = dataclasses.replace(witness, brute_force=_both_outcomes(joint, top, witness))
    return NimHeapTest(heaps=bound, nim_top=top, grundy=tuple(g[: bound + 1]), non_nim=bad,
                       joint_size=q.size, witness=witness, gave_up_at=gave_up_at)


def _nim_witness(q: Quotient, top: int, h: int, g: int, max_total: int) -> NimHeapWitness | None:
    """The least sum ``X`` of the joint game (by total, heap sizes and nim sizes alike; then
    parts in decreasing order of (size, game heap before nim heap)) with ``h + X`` and ``*g + X``
    of different outcomes in ``q``."""
    mult, pset = q.mult, frozenset(q.p_portion)
    u, v = int(q.phi[top + h]), int(q.phi[g])
    # joint indices with their sizes, in decreasing order of (size, game heap first)
    items = sorted(((i - top if i > top else i, 1 if i > top else 0, i)
                    for i in range(1, q.heaps + 1)), reverse=True)

    def search(rest: int, start: int, x: int, y: int, parts: list):
        if rest == 0:
            if (x in pset) != (y in pset):
                return list(parts), x in pset
            return None
        for k in range(start, len(items)):
            size, _, i = items[k]
            if size > rest:
                continue
            e = int(q.phi[i])
            parts.append(i)
            found = search(rest - size, k, int(mult[x, e]), int(mult[y, e]), parts)
            parts.pop()
            if found is not None:
                return found
        return None

    for total in range(int(max_total) + 1):
        found = search(total, 0, u, v, [])
        if found is not None:
            parts, is_p = found
            return NimHeapWitness(
                heap=h, grundy=g, heaps=tuple(i - top for i in parts if i > top),
                nims=tuple(i for i in parts if i <= top), outcome="P" if is_p else "N")
    return None


def _both_outcomes(joint: OptionsOf, top: int, w: NimHeapWitness) -> tuple[str, str]:
    """The outcomes of ``heap + X`` and ``*grundy + X`` solved from the joint options alone (a
    memoised search over the multisets of joint heaps reached)."""
    memo: dict[tuple[int, ...], bool] = {}
    opts_of: dict[int, list[tuple[int, ...]]] = {}

    def options(i: int) -> list[tuple[int, ...]]:
        if i not in opts_of:
            opts_of[i] = [tuple(c for c in o if c > 0) for o in joint(i)]
        return opts_of[i]

    def is_p(pos: tuple[int, ...]) -> bool:
        # misère: no move is a win for the player to move (N); P when every option is N
        if pos in memo:
            return memo[pos]
        moved = False
        for k, i in enumerate(pos):
            if k and pos[k - 1] == i:
                continue
            rest = pos[:k] + pos[k + 1:]
            for o in options(i):
                moved = True
                if is_p(tuple(sorted(rest + o, reverse=True))):
                    memo[pos] = False
                    return False
        memo[pos] = moved
        return moved

    x = tuple(h + top for h in w.heaps) + tuple(w.nims)
    a = is_p(tuple(sorted(x + (w.heap + top,), reverse=True)))
    b = is_p(tuple(sorted(x + ((w.grundy,) if w.grundy else ()), reverse=True)))
    return ("P" if a else "N", "P" if b else "N")
