"""Statistics of a sequence table, accumulated chunk by chunk.

:class:`SequenceStats` sees the values of heaps ``0, 1, 2, ...`` in consecutive chunks
(``update(values, start)``) and never looks back, so a run that keeps only a window of recent
values can keep them as well as one that holds the whole table; ``as_dict`` / ``from_dict``
carry them across a checkpoint.  What they hold (the figures public octal solvers print, so that
two runs can be compared without sharing their values):

* ``length``: heaps ``0..length-1`` are covered;
* ``max_value`` and ``max_at``: the largest value and the first heap that has it;
* ``zeros``: how many heaps have value 0 (the P-positions), heap 0 included;
* ``checksum``: ``sum_i (i+1)*G(i) mod 2^61`` over the heaps covered, the checksum that the C
  baseline ``octal_naive.c`` prints (a C program and gtables can check each other's tables);
* ``histograms``: ``histograms[k][v]`` = how many of heaps ``0..2^k-1`` have value ``v`` (lists
  end at the largest value seen), for every ``2^k <= length`` while every value of those heaps is
  below :data:`HIST_MAX_VALUE`, and ``histogram``, the same over heaps ``0..length-1`` (``None``
  once a value reaches the bound: values that large are not what histograms are for, and the lists
  would outgrow the attributes they are stored in).

Values are non-negative integers of any numpy integer dtype.  Nothing here knows a game.
"""
from __future__ import annotations

import dataclasses
import functools

import numpy as np

M61 = 1 << 61
HIST_MAX_VALUE = 1 << 10   # histograms are kept while every value is below this
SLICE = 1 << 20            # values per numpy pass: bounds the 64-bit temporaries (8 MiB)


@functools.cache
def _heap_offsets() -> np.ndarray:
    return np.arange(SLICE, dtype=np.uint64)


def _weighted_sum(v: np.ndarray, first: int, top: int) -> int:
    """``sum_j (first + j) * v[j]``, exactly (a Python int), for ``len(v) <= SLICE`` and values
    at most ``top``.  The values go in 16-bit limbs, so that ``j * limb < 2^36`` and a dot
    product of ``2^20`` of them stays below ``2^56``: numpy's integer dot, which would wrap
    silently past ``2^64``, is then exact."""
    total = 0
    j = _heap_offsets()[:v.size]
    for shift in range(0, max(top.bit_length(), 1), 16):
        limb = v.astype(np.uint64) if top < (1 << 16) else \
            (v.astype(np.uint64) >> np.uint64(shift)) & np.uint64(0xFFFF)
        total += (first * int(limb.sum()) + int(np.dot(j, limb))) << shift
    return total


def checksum(values: np.ndarray, start: int = 0) -> int:
    """``sum_i (start+i+1) * values[i] mod 2^61``: the checksum of heaps ``start..`` (added mod
    2^61 to the one of heaps ``0..start-1``, the checksum of the table so far)."""
    total = 0
    for s in range(0, values.size, SLICE):
        v = values[s:s + SLICE]
        total += _weighted_sum(v, start + s + 1, int(v.max()))
    return total % M61


@dataclasses.dataclass
class SequenceStats:
    """See the module docstring.  ``SequenceStats.of(values)`` for a whole table."""
    length: int = 0
    max_value: int | None = None      # None while no heap is covered
    max_at: int | None = None
    zeros: int = 0
    checksum: int = 0
    histograms: list[list[int]] = dataclasses.field(default_factory=list)
    counts: np.ndarray | None = dataclasses.field(     # histogram of heaps 0..length-1
        default_factory=lambda: np.zeros(1, dtype=np.int64), compare=False, repr=False)

    @classmethod
    def of(cls, values: np.ndarray) -> SequenceStats:
        s = cls()
        s.update(values, 0)
        return s

    def update(self, values: np.ndarray, start: int) -> None:
        """Take the values of heaps ``start..start+len(values)-1``; ``start`` must be
        :attr:`length` (chunks come in order, none skipped or repeated)."""
        if start != self.length:
            raise ValueError(f"SequenceStats.update: values from heap {start}, but heaps "
                             f"0..{self.length - 1} are covered (the next chunk starts at "
                             f"{self.length})")
        values = np.asarray(values).reshape(-1)
        if values.dtype.kind not in "ui":
            raise TypeError(f"SequenceStats.update: integer values expected, not {values.dtype}")
        if values.dtype.kind == "i" and values.size and int(values.min()) < 0:
            raise ValueError("SequenceStats.update: values must be non-negative")
        pos = 0
        while pos < values.size:
            a = self.length
            end = values.size
            if self.counts is not None:          # stop at the next power of two for its histogram
                end = min(end, pos + (1 << a.bit_length()) - a)
            end = min(end, pos + SLICE)
            self._segment(values[pos:end], a)
            pos = end

    def _segment(self, v: np.ndarray, a: int) -> None:
        m = int(v.max())
        if self.max_value is None or m > self.max_value:
            self.max_value, self.max_at = m, a + int(np.argmax(v))
        top = self.max_value      # an int from here on (v is not empty)
        self.zeros += int(v.size - np.count_nonzero(v))
        self.checksum = (self.checksum + _weighted_sum(v, a + 1, m)) % M61
        self.length = a + v.size
        if self.counts is None:
            return
        if m >= HIST_MAX_VALUE:
            self.counts = None
            return
        h = np.bincount(v.astype(np.intp, copy=False), minlength=self.counts.size)
        h[:self.counts.size] += self.counts
        self.counts = h
        if self.length & (self.length - 1) == 0:      # a power of two: keep its histogram
            self.histograms.append(self.counts[:top + 1].tolist())

    def histogram(self) -> list[int] | None:
        """Counts of each value among heaps ``0..length-1`` (None past :data:`HIST_MAX_VALUE`)."""
        if self.counts is None:
            return None
        return [] if self.max_value is None else self.counts[:self.max_value + 1].tolist()

    def as_dict(self) -> dict:
        """JSON-able; :meth:`from_dict` resumes from it."""
        return {"length": self.length, "max_value": self.max_value, "max_at": self.max_at,
                "zeros": self.zeros, "checksum": self.checksum,
                "histograms": [list(h) for h in self.histograms],
                "histogram": self.histogram(), "histogram_max_value": HIST_MAX_VALUE}

    @classmethod
    def from_dict(cls, d: dict) -> SequenceStats:
        if d.get("histogram_max_value", HIST_MAX_VALUE) != HIST_MAX_VALUE:
            raise ValueError(f"SequenceStats.from_dict: histograms kept below "
                             f"{d['histogram_max_value']}, this version keeps them below "
                             f"{HIST_MAX_VALUE}: recompute the statistics from the values")
        h = d["histogram"]
        counts = None if h is None else np.array(h or [0], dtype=np.int64)
        return cls(length=int(d["length"]), max_value=d["max_value"], max_at=d["max_at"],
                   zeros=int(d["zeros"]), checksum=int(d["checksum"]),
                   histograms=[list(map(int, x)) for x in d["histograms"]], counts=counts)
