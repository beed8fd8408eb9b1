"""The rules of a take-and-break heap game of finite code, as a family declares them
(``Rules.take_and_break``): what the periodicity theorem for misère quotients
(:mod:`gtables.misere.period`, which holds the theorem and its window) reads, kept here so that a
game declares its rules without importing the theory above it.

For every heap ``n > k``, a move removes ``i`` tokens and leaves either one non-empty heap ``n - i``
(``i`` in ``one``, ``1 <= i <= k``) or two non-empty heaps ``a + b = n - i`` in every way (``i`` in
``two``, ``0 <= i <= k``).  These are the octal games ``d0.d1...dk`` (digits 0-7, ``d0`` 0 or 4: bit 2
of ``d_i`` puts ``i`` in ``one``, bit 4 in ``two``; bit 1, a heap of exactly ``i`` taken whole, only
acts on heaps ``<= k``) and the finite subtraction games.
"""
from __future__ import annotations

import dataclasses

from ..errors import GtablesError


@dataclasses.dataclass(frozen=True)
class TakeAndBreak:
    """For every heap ``n > k``, a move removes ``i`` and leaves one non-empty heap ``n - i``
    (``i`` in ``one``) or two non-empty heaps of total ``n - i`` in every way (``i`` in ``two``).
    ``k``: the largest number of tokens any move removes (heaps ``<= k`` may have other moves,
    e.g. taking a heap of exactly ``i`` whole)."""
    one: tuple[int, ...]
    two: tuple[int, ...]
    k: int

    def __post_init__(self):
        one = tuple(sorted(set(int(i) for i in self.one)))
        two = tuple(sorted(set(int(i) for i in self.two)))
        object.__setattr__(self, "one", one)
        object.__setattr__(self, "two", two)
        if any(i < 1 for i in one) or any(i < 0 for i in two) or \
                max(one + two, default=0) > int(self.k) or int(self.k) < 0:
            raise GtablesError(f"take-and-break rules: removals one={one}, two={two} must lie in "
                               f"1..k and 0..k, k = {self.k}")

    @property
    def splits(self) -> bool:
        return bool(self.two)

    def options(self, n: int) -> list[tuple[int, ...]]:
        """Heap ``n``'s options (``n > k``), each as its heaps in decreasing order."""
        if n <= self.k:
            raise ValueError(f"the rules describe heaps past k = {self.k}, not {n}")
        out: list[tuple[int, ...]] = [(n - i,) for i in self.one]
        for i in self.two:
            r = n - i
            out += [(r - a, a) for a in range(1, r // 2 + 1)]
        return sorted(set(out))

    def as_dict(self) -> dict:
        return {"one": list(self.one), "two": list(self.two), "k": self.k}

    @classmethod
    def from_dict(cls, d: dict) -> TakeAndBreak:
        return cls(tuple(d["one"]), tuple(d["two"]), int(d["k"]))

    def describe(self) -> str:
        one = ",".join(map(str, self.one)) or "none"
        two = ",".join(map(str, self.two)) or "none"
        return f"remove i and leave one heap: i in {{{one}}}; leave two heaps: i in {{{two}}}; k = {self.k}"
