"""Boxes of integer vectors: ``D`` coordinates, coordinate ``i`` in ``0..extents[i]-1``, ranked in
row-major (mixed-radix) order.  Lowering any coordinate lowers the index, so games whose moves only
decrease coordinates (Nim on D heaps, one heap of an octal game) are filled in index order."""
from __future__ import annotations

import numpy as np

from ...errors import GtablesError
from .base import PositionSpace, check_size


class BoxSpace(PositionSpace):
    scheme = "row-major box"

    def __init__(self, extents, names=None):
        self.extents = tuple(int(e) for e in extents)
        if not self.extents or min(self.extents) < 1:
            raise GtablesError("every coordinate range must be non-empty")
        self.width = len(self.extents)
        self.names = tuple(names) if names else tuple(f"x{i + 1}" for i in range(self.width))
        self.size = check_size(int(np.prod(self.extents, dtype=object)),
                               " x ".join(f"0..{e - 1}" for e in self.extents))
        strides = []
        s = 1
        for e in reversed(self.extents):
            strides.append(s)
            s *= e
        self.strides = np.array(list(reversed(strides)), dtype=np.int64)

    @property
    def shape(self):
        return self.extents

    def coordinates(self):
        return self.names

    def axes(self):
        return [(n, np.arange(e, dtype=np.int64)) for n, e in zip(self.names, self.extents)]

    def meta(self):
        return {"scheme": self.scheme, "size": self.size, "extents": list(self.extents),
                "coordinates": list(self.names),
                "rank": "sum(x[i] * stride[i]), stride[i] = prod(extents[i+1:])"}

    def bounds(self):
        if len(set(self.extents)) == 1:
            each = f"{self.names[0]} " if self.width == 1 else f"{self.width} coordinates, each "
            return f"{each}0..{self.extents[0] - 1}"
        return ", ".join(f"{n} 0..{e - 1}" for n, e in zip(self.names, self.extents))

    def check(self, positions):
        ext = np.array(self.extents, dtype=np.int64)
        bad = (positions < 0) | (positions >= ext)
        if bad.any():
            row, col = np.argwhere(bad)[0]
            v = int(positions[row, col])
            what = "negative" if v < 0 else f"larger than this table's maximum {ext[col] - 1}"
            raise GtablesError(f"position {self.format(positions[row])}: {self.names[col]}={v} is {what}")

    def rank_array(self, positions):
        return positions @ self.strides

    def unrank(self, indices):
        idx = self.check_index(indices)
        out = np.empty((idx.size, self.width), dtype=np.int64)
        rest = idx.copy()
        for i, s in enumerate(self.strides):
            out[:, i] = rest // s
            rest = rest % s
        return out


class HeapSpace(BoxSpace):
    """One heap, sizes ``0..max_heap``: the index is the heap size."""
    scheme = "heap size"

    def __init__(self, max_heap: int, name: str = "heap"):
        super().__init__([max_heap + 1], names=[name])
        self.max_heap = max_heap

    def bounds(self):
        return f"{self.names[0]}s 0..{self.max_heap}"

    def meta(self):
        m = {"scheme": self.scheme, "size": self.size, "max_heap": self.max_heap,
             "rank": "index = heap size"}
        if self.names[0] != "heap":    # a name of its own is stored (the default stays implied)
            m["coordinates"] = list(self.names)
        return m
