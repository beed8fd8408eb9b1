"""The position-space contract."""
from __future__ import annotations

import numpy as np

from ...errors import GtablesError


def parse_int_list(text: str, what: str = "position") -> list[int]:
    """Parse ``"4,6,8"`` (spaces allowed) into ``[4, 6, 8]`` with a one-line error otherwise."""
    parts = [p.strip() for p in str(text).replace(" ", ",").split(",") if p.strip() != ""]
    if not parts:
        raise GtablesError(f"empty {what}: give integers separated by commas, e.g. 4,6,8")
    out = []
    for p in parts:
        try:
            out.append(int(p))
        except ValueError:
            raise GtablesError(f"bad {what} {text!r}: {p!r} is not an integer") from None
    return out


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
      all their options in earlier tiers (enables the parallel kernels), or ``None``.

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

    # -- conversions -------------------------------------------------------------------------
    def check(self, positions: np.ndarray) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def rank_array(self, positions: np.ndarray) -> np.ndarray:  # pragma: no cover - abstract
        raise NotImplementedError

    def unrank(self, indices) -> np.ndarray:  # pragma: no cover - abstract
        raise NotImplementedError

    def rank(self, positions) -> np.ndarray:
        """Indices of positions (validated): accepts one position or an ``(B, width)`` batch."""
        arr = np.asarray(positions, dtype=np.int64)
        if arr.ndim == 1 and self.width > 1 or arr.ndim == 0:
            arr = arr.reshape(1, -1)
        elif arr.ndim == 1:
            arr = arr.reshape(-1, 1)
        if arr.ndim != 2 or arr.shape[1] != self.width:
            raise GtablesError(f"a position here has {self.width} numbers, got shape {arr.shape}")
        self.check(arr)
        return self.rank_array(arr)

    def index(self, position) -> int:
        return int(self.rank(position)[0])

    def check_index(self, idx) -> np.ndarray:
        idx = np.asarray(idx, dtype=np.int64)
        bad = (idx < 0) | (idx >= self.size)
        if bad.any():
            raise GtablesError(f"index {int(idx[bad][0])} is outside the table (0..{self.size - 1})")
        return idx

    def parse(self, text: str) -> np.ndarray:
        vals = parse_int_list(text)
        arr = np.asarray(vals, dtype=np.int64)
        if arr.size != self.width:
            raise GtablesError(f"position {text!r} has {arr.size} numbers; this table's positions "
                               f"have {self.width}")
        return arr

    def format(self, position) -> str:
        return ",".join(str(int(v)) for v in np.atleast_1d(position))

    def format_index(self, idx: int) -> str:
        return self.format(self.unrank(np.array([idx], dtype=np.int64))[0])
