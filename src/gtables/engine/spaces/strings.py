"""Strings of positive integers: sequences ``s_1 .. s_k`` of length ``0..L`` with entries ``1..H``.

:class:`StringSpace` ranks them by length first (all shorter strings before longer ones), then
within one length in mixed radix with ``s_1`` most significant::

    index(s) = offset[k] + sum_i (s_i - 1) * H**(k - i),      offset[k] = H**0 + ... + H**(k-1)

so deleting an entry (a shorter string) or lowering any entry lowers the index: games whose moves
shorten a string or lower its entries are filled in index order.  A batch of strings is an
``(B, L)`` int64 array padded with zeros on the right; a single string may be given at its own
length.  The empty string is index 0, written ``-`` (``""``, ``{}`` and ``empty`` are read too).

:class:`FramedStringSpace` holds the strings ``a w b`` around a few fixed *cores* ``w``, with end
entries ``a in 0..A_w`` and ``b in 0..B_w`` (``0`` = no entry at that end): one rectangle of cells
per core, rectangles of shorter cores first, each rectangle row-major in ``(a, b)``.  It lets a long
row ``a w b, b = 0..B`` be computed with the few short strings it depends on, instead of a full
table.
"""
from __future__ import annotations

import numpy as np

from ...errors import GtablesError
from .base import PositionSpace, check_size, clean_entries, parse_int_list

EMPTY = "-"
# the empty string as typed: as the other spaces with an empty position (sets of squares, sums
# of heaps) read it, so `{}` means the empty position in every family
_EMPTY_WORDS = ("", EMPTY, "{}", "empty")


def parse_string(text: str, what: str = "position") -> list[int]:
    """``"3,5,5,5,1"`` (commas or spaces) -> ``[3, 5, 5, 5, 1]``; ``"-"``, ``"{}"``,
    ``"empty"`` or ``""`` -> ``[]``."""
    t = str(text).strip()
    if t.lower() in _EMPTY_WORDS:
        return []
    if t.startswith("(") and t.endswith(")"):
        t = t[1:-1]
    return parse_int_list(t.replace(".", ","), what)



def _parse_stacks(text: str) -> list[int]:
    """``parse_string`` plus the check that every stack holds at least 1."""
    vals = parse_string(text)
    for i, v in enumerate(vals):
        if v <= 0:
            raise GtablesError(f"position {text!r}: entry {i + 1} is "
                               f"{'an empty stack (0)' if v == 0 else f'negative ({v})'}; "
                               f"stacks hold at least 1")
    return vals

def format_string(s) -> str:
    vals = [int(v) for v in np.atleast_1d(s) if int(v) != 0]
    return ",".join(map(str, vals)) if vals else EMPTY


def _rows(positions, width: int) -> np.ndarray:
    """One string (any length <= width) or a batch -> an ``(B, width)`` zero-padded array."""
    if isinstance(positions, np.ndarray) and positions.ndim == 2:
        arr = positions.astype(np.int64, copy=False)
        if arr.shape[1] > width:
            extra = arr[:, width:]
            if (extra != 0).any():
                r = int(np.flatnonzero((extra != 0).any(axis=1))[0])
                raise GtablesError(f"position {format_string(arr[r])} is longer than this table's "
                                   f"maximum length {width}")
            arr = arr[:, :width]
        if arr.shape[1] < width:
            arr = np.pad(arr, ((0, 0), (0, width - arr.shape[1])))
        return np.ascontiguousarray(arr)
    seq = list(positions) if not np.isscalar(positions) else [positions]
    if seq and not np.isscalar(seq[0]) and np.ndim(seq[0]) >= 1:
        rows = [list(np.atleast_1d(r)) for r in seq]
    else:
        rows = [seq]
    out = np.zeros((len(rows), width), dtype=np.int64)
    for i, row in enumerate(rows):
        if any(np.ndim(x) > 0 for x in row):
            raise GtablesError("a string is a list of integers (a batch: a list of such lists)")
        if len(row) > width:
            raise GtablesError(f"position {format_string(row)} has {len(row)} entries; this "
                               f"table's strings have at most {width}")
        try:
            out[i, :len(row)] = np.asarray(row, dtype=np.int64)
        except (ValueError, TypeError):
            raise GtablesError("a string is a list of integers (a batch: a list of such "
                               "lists)") from None
    return out


def _check_padded(arr: np.ndarray, max_entry) -> None:
    """Entries must be positive then zeros (padding); ``max_entry``: int or per-column array."""
    neg = arr < 0
    if neg.any():
        r, c = np.argwhere(neg)[0]
        raise GtablesError(f"position {','.join(map(str, arr[r]))}: entry {c + 1} is negative "
                           f"({int(arr[r, c])})")
    zero = arr == 0
    hole = zero[:, :-1] & ~zero[:, 1:]       # a zero followed by a stack
    if hole.any():
        r, c = np.argwhere(hole)[0]
        raise GtablesError(f"position {','.join(map(str, arr[r]))}: entry {c + 1} is an empty "
                           f"stack (stacks hold at least 1)")
    big = arr > max_entry
    if big.any():
        r, c = np.argwhere(big)[0]
        m = int(np.broadcast_to(max_entry, arr.shape)[r, c])
        raise GtablesError(f"position {format_string(arr[r])}: entry {c + 1} = {int(arr[r, c])} "
                           f"is larger than this table's maximum {m}")


class StringSpace(PositionSpace):
    """All strings of length ``0..max_len`` with entries ``1..max_entry`` (see the module doc)."""
    scheme = "strings by length, then mixed radix"

    def __init__(self, max_len: int, max_entry: int):
        if max_len < 0 or max_entry < 1:
            raise GtablesError("strings need max_len >= 0 and max_entry >= 1")
        self.max_len = int(max_len)
        self.max_entry = int(max_entry)
        self.width = max(1, self.max_len)
        H = self.max_entry
        check_size(sum(H ** k for k in range(self.max_len + 1)),
                   f"strings of length 0..{self.max_len} with stacks 1..{H}")
        self.powers = np.array([H ** k for k in range(self.max_len + 1)], dtype=np.int64)
        self.offsets = np.concatenate([[0], np.cumsum(self.powers)]).astype(np.int64)
        self.size = int(self.offsets[-1])

    def coordinates(self):
        """``stack1``, ``stack2``, ...: the stacks left to right (0 past the string's end)."""
        return tuple(f"stack{i + 1}" for i in range(self.width))

    def meta(self):
        return {"scheme": self.scheme, "size": self.size, "max_len": self.max_len,
                "max_entry": self.max_entry, "offsets": self.offsets.tolist(),
                "rank": "offset[k] + sum_i (s_i - 1) * H**(k-i), offset[k] = sum_{j<k} H**j; "
                        "unrank pads with zeros on the right"}

    # -- conversions -------------------------------------------------------------------------
    def bounds(self):
        return f"strings of length 0..{self.max_len}, stacks 1..{self.max_entry}"

    def lengths(self, positions: np.ndarray) -> np.ndarray:
        return (positions != 0).sum(axis=1)

    def check(self, positions):
        arr = _rows(positions, self.width)
        if self.max_len == 0 and (arr != 0).any():
            raise GtablesError("this table holds only the empty string")
        _check_padded(arr, self.max_entry)

    def rank(self, positions) -> np.ndarray:
        arr = _rows(clean_entries(positions, self), self.width)
        self.check(arr)
        return self.rank_array(arr)

    def rank_array(self, positions):
        arr = _rows(positions, self.width)
        k = self.lengths(arr)
        digits = np.where(arr > 0, arr - 1, 0)
        # s_i (1-based i) has weight H**(k - i); padded columns contribute 0
        i = np.arange(1, self.width + 1)
        expo = np.clip(k[:, None] - i[None, :], 0, None)
        return self.offsets[k] + (digits * self.powers[expo]).sum(axis=1)

    def unrank(self, indices):
        idx = self.check_index(indices)
        k = np.searchsorted(self.offsets, idx, side="right") - 1
        loc = idx - self.offsets[k]
        out = np.zeros((idx.size, self.width), dtype=np.int64)
        for i in range(1, self.max_len + 1):
            live = k >= i
            w = self.powers[np.where(live, k - i, 0)]
            out[:, i - 1] = np.where(live, (loc // w) % self.max_entry + 1, 0)
        return out

    def parse(self, text):
        vals = _parse_stacks(text)
        arr = self.int64_row(vals, text)
        self.check(arr.reshape(1, -1) if arr.size else np.zeros((1, 0), dtype=np.int64))
        return arr

    def format(self, position):
        return format_string(position)


class FramedStringSpace(PositionSpace):
    """Strings ``a w b`` for the cores ``w`` of a list, ``a in 0..A_w``, ``b in 0..B_w``.

    ``cores``: a list of ``(w, A, B)`` with ``w`` a tuple of positive integers; rectangles are
    numbered in the order given (callers list shorter cores first).  Cell ``(a, b)`` of core ``w``
    is the string ``[a] + w + [b]`` with a zero end left out, at index
    ``offset[w] + a * (B + 1) + b``.  The cells are the positions (a bijection with the indices);
    several cells may show the same string (``0|(4)|0`` and ``4|()|0`` are both ``4``).  Typed
    strings are ranked to their cell in the *last* rectangle that holds them.
    """
    scheme = "framed strings a|w|b, rectangles in order, row-major in (a, b)"

    def __init__(self, cores):
        self.cores = [(tuple(int(x) for x in w), int(A), int(B)) for w, A, B in cores]
        if not self.cores:
            raise GtablesError("a framed string space needs at least one core")
        for w, A, B in self.cores:
            if A < 0 or B < 0 or any(x < 1 for x in w):
                raise GtablesError(f"bad core {w} with ends 0..{A}, 0..{B}")
        sizes = [(A + 1) * (B + 1) for _, A, B in self.cores]
        check_size(sum(sizes), "framed strings")
        self.offsets = np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64)
        self.size = int(self.offsets[-1])
        self.width = max(len(w) for w, _, _ in self.cores) + 2
        self.block = {w: i for i, (w, _, _) in enumerate(self.cores)}
        if len(self.block) != len(self.cores):
            raise GtablesError("cores must be distinct")

    def coordinates(self):
        """``stack1``, ``stack2``, ...: the string ``a w b`` left to right (zero ends left out,
        0 past its end)."""
        return tuple(f"stack{i + 1}" for i in range(self.width))

    def meta(self):
        return {"scheme": self.scheme, "size": self.size,
                "cores": [{"core": list(w), "A": A, "B": B, "offset": int(o)}
                          for (w, A, B), o in zip(self.cores, self.offsets)],
                "rank": "offset[core] + a * (B + 1) + b"}

    def cell(self, core, a: int, b: int) -> int:
        """Index of cell ``(a, b)`` of rectangle ``core``."""
        i = self.block[tuple(core)]
        _, A, B = self.cores[i]
        if not (0 <= a <= A and 0 <= b <= B):
            raise GtablesError(f"cell ({a}, {b}) is outside the rectangle of core {core} "
                               f"(0..{A}, 0..{B})")
        return int(self.offsets[i] + a * (B + 1) + b)

    def frames(self, indices) -> list[tuple[int, int, int]]:
        """``(rectangle, a, b)`` of each index."""
        idx = self.check_index(indices)
        blk = np.searchsorted(self.offsets, idx, side="right") - 1
        out = []
        for i, j in zip(blk.tolist(), idx.tolist()):
            _, _, B = self.cores[i]
            a, b = divmod(j - int(self.offsets[i]), B + 1)
            out.append((i, a, b))
        return out

    def unrank(self, indices):
        fr = self.frames(indices)
        out = np.zeros((len(fr), self.width), dtype=np.int64)
        for r, (i, a, b) in enumerate(fr):
            s = ([a] if a else []) + list(self.cores[i][0]) + ([b] if b else [])
            out[r, :len(s)] = s
        return out

    def bounds(self):
        top = max(max(A, B, *(w or (0,))) for w, A, B in self.cores)
        return (f"strings a,w,b for the cores {', '.join(format_string(w) for w, _, _ in self.cores)}"
                f", stacks up to {top}")

    def _find(self, s: list[int]) -> int | None:
        n = len(s)
        for i in range(len(self.cores) - 1, -1, -1):
            w, A, B = self.cores[i]
            k = len(w)
            cand = []
            if n == k and tuple(s) == w:
                cand.append((0, 0))
            if n == k + 1:
                if tuple(s[1:]) == w:
                    cand.append((s[0], 0))
                if tuple(s[:-1]) == w:
                    cand.append((0, s[-1]))
            if n == k + 2 and tuple(s[1:-1]) == w:
                cand.append((s[0], s[-1]))
            for a, b in cand:
                if a <= A and b <= B:
                    return int(self.offsets[i] + a * (B + 1) + b)
        return None

    def check(self, positions):
        arr = _rows(positions, self.width)
        _check_padded(arr, np.iinfo(np.int64).max)
        for r in arr:
            s = [int(v) for v in r if v]
            if self._find(s) is None:
                cores = ", ".join(format_string(w) for w, _, _ in self.cores)
                raise GtablesError(f"position {format_string(s)} is not in this table (its strings "
                                   f"are a|w|b for cores {cores})")

    def rank(self, positions):
        arr = _rows(clean_entries(positions, self), self.width)
        self.check(arr)
        return self.rank_array(arr)

    def rank_array(self, positions):
        arr = _rows(positions, self.width)
        return np.array([self._find([int(v) for v in r if v]) for r in arr], dtype=np.int64)

    def parse(self, text):
        vals = _parse_stacks(text)
        if len(vals) > self.width:
            raise GtablesError(f"position {text!r} has {len(vals)} entries; this table's strings "
                               f"have at most {self.width}")
        return self.int64_row(vals, text)

    def format(self, position):
        return format_string(position)
