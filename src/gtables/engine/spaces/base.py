"""The position-space contract."""
from __future__ import annotations

import numpy as np

from ...errors import GtablesError
from ..syntax import parse_int_list, short  # noqa: F401  (re-exported: positions are integer lists)

INT64_MIN, INT64_MAX = -(1 << 63), (1 << 63) - 1
MAX_POSITIONS = 1 << 62   # indices are int64, and sums of two indices must not overflow


def check_size(size: int, what: str) -> int:
    """``size`` (a Python int) if a table of that many positions can be indexed, else a
    one-line :class:`GtablesError` (raised before any int64 array of strides or offsets)."""
    if size >= MAX_POSITIONS:
        digits = len(str(size))
        shown = f"{size:,}" if digits <= 24 else f"about 10^{digits - 1}"
        raise GtablesError(f"{what}: {shown} positions are too many to index (at most 2^62)")
    return int(size)


def clean_entries(positions, space: PositionSpace, text=None):
    """``positions`` (one position or a batch: ints, nested lists/tuples, numpy arrays) with every
    entry checked in Python ints *before* any int64 conversion: an integer (integral floats
    pass, as ``7.0``) that fits in int64.  Anything else raises :class:`GtablesError` (an entry
    beyond int64 is off every table: ``space.off_table`` names the table's bounds).  Returns
    arrays as int64 arrays and sequences as (nested) lists of Python ints; shapes are the
    caller's business."""
    if isinstance(positions, np.ndarray):
        a = positions
        if a.dtype.kind in "iub":
            if a.dtype.kind == "u" and a.size and int(a.max()) > INT64_MAX:
                raise space.off_table(int(a.max()), text)
            return a.astype(np.int64, copy=False)
        if a.dtype.kind == "f":
            bad = ~np.isfinite(a) | (a != np.floor(a))
            if bad.any():
                raise GtablesError(f"position entries must be integers, got {a[bad].flat[0]!r}")
            if a.size and (a.max() >= 2.0 ** 63 or a.min() < -2.0 ** 63):
                v = a.max() if a.max() >= 2.0 ** 63 else a.min()
                raise space.off_table(int(v), text)
            return a.astype(np.int64)
        if a.dtype.kind == "O":
            return clean_entries(a.tolist(), space, text)
        raise GtablesError(f"position entries must be integers, got an array of {a.dtype}")
    if isinstance(positions, (list, tuple)):
        return [clean_entries(p, space, text) for p in positions]
    if isinstance(positions, (bool, np.bool_, int, np.integer)):
        v = int(positions)
    elif isinstance(positions, (float, np.floating)) and np.isfinite(positions) \
            and float(positions).is_integer():
        v = int(positions)
    else:
        what = short(positions) if isinstance(positions, str) else \
            f"{type(positions).__name__} {short(repr(positions))}"
        raise GtablesError(f"position entries must be integers, got {what}")
    if not INT64_MIN <= v <= INT64_MAX:
        raise space.off_table(v, text)
    return v


def as_int64_array(cleaned, space: PositionSpace) -> np.ndarray:
    """``np.asarray(cleaned, int64)`` of :func:`clean_entries` output; a ragged batch is an
    error naming the width positions have here."""
    try:
        return np.asarray(cleaned, dtype=np.int64)
    except ValueError:
        raise GtablesError(f"a position here has {space.width} numbers; got a ragged batch "
                           f"(positions of different lengths)") from None


class PositionSpace:
    """A numbering of positions ``0..size-1``.

    Subclasses define:

    * ``size``        number of positions (the table length);
    * ``width``       number of integers describing one position (rows of ``unrank``);
    * ``scheme``      a short name of the index scheme, stored with the table;
    * ``shape``       the table's logical shape (``(size,)`` unless the space is a box);
    * ``rank_array(positions)``   int64 indices of an ``(B, width)`` array of legal positions;
    * ``unrank(indices)``         the ``(B, width)`` positions of int64 indices;
    * ``check(positions)``        raise :class:`GtablesError` naming the first illegal row;
    * ``meta()``      JSON-able description of the scheme, stored with the table;
    * ``tier_bounds()`` optional: int64 array ``b`` such that the positions ``b[t]..b[t+1]-1`` have
      all their options in earlier tiers (enables the parallel kernels), or ``None``;
    * ``coordinates()`` names of the columns of ``unrank`` rows (a data frame's columns);
    * ``axes()``      for a space whose table, reshaped to ``shape``, is a box of coordinates:
      one ``(name, coordinate values)`` per axis; ``None`` (the default) otherwise.

    ``parse``/``format`` convert between a position and the text a user types (``"4,6,8"``).
    """

    size: int
    width: int
    scheme: str = "abstract"

    @property
    def shape(self) -> tuple[int, ...]:
        return (self.size,)

    def meta(self) -> dict:
        return {"scheme": self.scheme, "size": int(self.size)}

    def tier_bounds(self):
        return None

    def coordinates(self) -> tuple[str, ...]:
        """Names of the columns of :meth:`unrank` rows (``x1``, ``x2``, ... unless the space
        names them)."""
        return tuple(f"x{i + 1}" for i in range(self.width))

    def axes(self) -> list[tuple[str, np.ndarray]] | None:
        """``(name, coordinate values)`` of each axis of ``shape`` when the table reshaped to
        ``shape`` is a box of coordinates (row-major); ``None`` for other spaces."""
        return None

    def bounds(self) -> str:
        """The table's positions in a few words, for messages (``heaps 0..1000``)."""
        return f"indices 0..{self.size - 1}"

    def off_table(self, value: int, text=None) -> GtablesError:
        """The error for an entry ``value`` outside the table (``text``: the position typed)."""
        v = short(str(value))[1:-1]
        if text is None or str(text).strip() == str(value):
            return GtablesError(f"position {v} is off the table ({self.bounds()})")
        return GtablesError(f"position {short(str(text))}: {v} is off the table ({self.bounds()})")

    def int64_row(self, values: list[int], text=None) -> np.ndarray:
        """A parsed position (Python ints) as an int64 row, bound-checked first."""
        return np.asarray(clean_entries(list(values), self, text), dtype=np.int64)

    # -- conversions -------------------------------------------------------------------------
    def check(self, positions: np.ndarray) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def rank_array(self, positions: np.ndarray) -> np.ndarray:  # pragma: no cover - abstract
        raise NotImplementedError

    def unrank(self, indices) -> np.ndarray:  # pragma: no cover - abstract
        raise NotImplementedError

    def rank(self, positions) -> np.ndarray:
        """Indices of positions (validated): accepts one position or an ``(B, width)`` batch."""
        arr = as_int64_array(clean_entries(positions, self), self)
        if arr.ndim == 1 and self.width > 1 or arr.ndim == 0:
            arr = arr.reshape(1, -1)
        elif arr.ndim == 1:
            arr = arr.reshape(-1, 1)
        if arr.ndim != 2 or arr.shape[1] != self.width:
            raise GtablesError(f"a position here has {self.width} numbers, got shape {arr.shape}")
        self.check(arr)
        return self.rank_array(arr)

    def index(self, position) -> int:
        """The index of one position (a batch of several is an error: use ``rank``)."""
        idx = self.rank(position)
        if idx.size != 1:
            raise GtablesError(f"expected one position, got {idx.size} (a batch: use lookup)")
        return int(idx[0])

    def check_index(self, idx) -> np.ndarray:
        try:
            idx = np.asarray(idx, dtype=np.int64)
        except (OverflowError, ValueError, TypeError):
            raise GtablesError(f"index {short(str(idx))} is not an index of this table "
                               f"(0..{self.size - 1})") from None
        bad = (idx < 0) | (idx >= self.size)
        if bad.any():
            raise GtablesError(f"index {int(idx[bad][0])} is outside the table (0..{self.size - 1})")
        return idx

    def parse(self, text: str) -> np.ndarray:
        arr = self.int64_row(parse_int_list(text), text)
        if arr.size != self.width:
            raise GtablesError(f"position {text!r} has {arr.size} numbers; this table's positions "
                               f"have {self.width}")
        return arr

    def format(self, position) -> str:
        return ",".join(str(int(v)) for v in np.atleast_1d(position))

    def format_index(self, idx: int) -> str:
        return self.format(self.unrank(np.array([idx], dtype=np.int64))[0])
