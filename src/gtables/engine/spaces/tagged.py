"""A box of integer vectors plus a *tag* from a finite set of integers: the state a game carries
besides its coordinates (the amount the last move took, say).

A position is ``(x1, ..., xD, t)``; it is ranked row-major with the tag as the last, fastest
coordinate: ``index = box_rank(x) * K + code(t)``, where ``code`` numbers the ``K`` allowed tag
values in increasing order.  Lowering any box coordinate lowers the index *whatever the tags*, so
games whose moves lower a coordinate (and may set any tag) are filled in index order.

Text form: ``"4,6"`` (the default tag, the first allowed value) or ``"4,6,last=3"`` where ``last``
is the tag's name (``"4,6;last=3"`` is accepted too).
"""
from __future__ import annotations

import numpy as np

from ...errors import GtablesError
from ..syntax import parse_int, short
from .base import PositionSpace, check_size, parse_int_list
from .box import BoxSpace


def _compact(values) -> str:
    """``[0, 2, 3, 4]`` -> ``"0, 2..4"``."""
    vals = [int(v) for v in values]
    parts, i = [], 0
    while i < len(vals):
        j = i
        while j + 1 < len(vals) and vals[j + 1] == vals[j] + 1:
            j += 1
        parts.append(str(vals[i]) if j == i else f"{vals[i]}..{vals[j]}")
        i = j + 1
    return ", ".join(parts)


def parse_tagged(text: str, width: int, tag_name: str, default_tag: int) -> list[int]:
    """``"3,4,last=2"`` -> ``[3, 4, 2]``: ``width`` numbers and at most one ``tag_name=``
    (``default_tag`` when absent), each error a one-line GtablesError."""
    items = [p.strip() for p in str(text).replace(";", ",").split(",")]
    coords = [p for p in items if "=" not in p]
    tagged = [p for p in items if "=" in p]
    if len(tagged) > 1:
        raise GtablesError(f"position {text!r}: give {tag_name}= at most once")
    tag = default_tag
    if tagged:
        k, v = (s.strip() for s in tagged[0].split("=", 1))
        if k.lower() != tag_name:
            raise GtablesError(f"position {text!r}: unknown key {k!r} (only {tag_name}=)")
        tag = parse_int(v, f"{tag_name}= in position {short(text)}")
    vals = parse_int_list(",".join(coords))
    if len(vals) != width:
        raise GtablesError(f"position {text!r} has {len(vals)} numbers; this table's positions "
                           f"have {width} (plus an optional {tag_name}=)")
    return vals + [tag]


def _check_tags(space, positions, t: np.ndarray, code: np.ndarray) -> None:
    """One line for the first position whose tag ``t`` is not a tag of ``space`` (``code``: the
    index in ``space.tags`` of the tag it would be)."""
    wrong = space.tags[code] != t
    if wrong.any():
        row = int(np.flatnonzero(wrong)[0])
        raise GtablesError(f"position {space.format(positions[row])}: {space.tag_name}="
                           f"{int(t[row])} is not possible here (possible: "
                           f"{_compact(space.tags)})")


class TaggedBoxSpace(PositionSpace):
    scheme = "row-major box + tag"

    def __init__(self, extents, tag_values, names=None, tag_name: str = "tag"):
        self.box = BoxSpace(extents, names)
        tags = np.asarray(list(tag_values), dtype=np.int64)
        if tags.size == 0 or np.any(np.diff(tags) <= 0):
            raise ValueError("tag values must be distinct and increasing (the first is the default)")
        self.tags = tags
        self.tag_name = tag_name
        self.default_tag = int(tags[0])
        self.ntags = int(tags.size)
        self.width = self.box.width + 1
        self.size = check_size(self.box.size * self.ntags, f"{self.box.bounds()} times {self.ntags} tags")

    @property
    def shape(self):
        """The table's logical shape: the box extents, then the tag *codes* ``0..K-1``."""
        return (*self.box.extents, self.ntags)

    def coordinates(self):
        return (*self.box.names, self.tag_name)

    def axes(self):
        """The box's axes, then the tag's values (the last axis of ``shape`` is the tag code)."""
        return [*self.box.axes(), (self.tag_name, self.tags.copy())]

    def meta(self):
        return {"scheme": self.scheme, "size": self.size, "extents": list(self.box.extents),
                "coordinates": list(self.box.names), "tag": self.tag_name,
                "tag_values": [int(t) for t in self.tags],
                "rank": "box_rank(x) * K + code(tag), box_rank row-major, code = position of the "
                        "tag in tag_values, K = len(tag_values)"}

    def bounds(self):
        return f"{self.box.bounds()}; {self.tag_name} in {_compact(self.tags)}"

    def tag_code(self, tags) -> np.ndarray:
        """Codes ``0..K-1`` of legal tag values (vectorised)."""
        return np.searchsorted(self.tags, np.asarray(tags, dtype=np.int64))

    def check(self, positions):
        box = positions[:, :-1]
        ext = np.array(self.box.extents, dtype=np.int64)
        bad = (box < 0) | (box >= ext)
        if bad.any():
            row, col = np.argwhere(bad)[0]
            v = int(box[row, col])
            what = "negative" if v < 0 else f"larger than this table's maximum {ext[col] - 1}"
            raise GtablesError(f"position {self.format(positions[row])}: "
                               f"{self.box.names[col]}={v} is {what}")
        t = positions[:, -1]
        _check_tags(self, positions, t, np.minimum(self.tag_code(t), self.ntags - 1))

    def rank_array(self, positions):
        return self.box.rank_array(positions[:, :-1]) * self.ntags + self.tag_code(positions[:, -1])

    def unrank(self, indices):
        idx = self.check_index(indices)
        out = np.empty((idx.size, self.width), dtype=np.int64)
        out[:, :-1] = self.box.unrank(idx // self.ntags)
        out[:, -1] = self.tags[idx % self.ntags]
        return out

    def parse(self, text: str) -> np.ndarray:
        return self.int64_row(parse_tagged(text, self.box.width, self.tag_name, self.default_tag),
                              text)

    def format(self, position) -> str:
        p = np.atleast_1d(position)
        s = ",".join(str(int(v)) for v in p[:-1])
        return s if int(p[-1]) == self.default_tag else f"{s},{self.tag_name}={int(p[-1])}"


class BoundedTagSpace(PositionSpace):
    """One coordinate ``x`` in ``0..max_x`` plus a tag ``t`` from a finite set ``T`` (the first,
    smallest value the default) where a non-default tag may not exceed ``x``: the triangle
    ``{(x, t): t = T[0] or t <= x}``.

    Ranked by ``x``, then the tag: ``index = offset[x] + code(t)``, where ``offset[x]`` counts the
    positions with a smaller ``x`` and ``code`` numbers the tags allowed at ``x`` in increasing
    order (they are ``T[0]`` and the ``T[i] <= x``, a prefix of ``T``).  Lowering ``x`` lowers the
    index whatever the tags.  A game whose tag is "the amount last taken", which restricts only
    moves of that size, loses nothing: a tag larger than ``x`` restricts no move, so its position
    is the one with the default tag.

    Text form as :class:`TaggedBoxSpace`: ``"25"`` (the default tag) or ``"25,last=3"``.
    """
    scheme = "coordinate + bounded tag"

    def __init__(self, max_x: int, tag_values, name: str = "x", tag_name: str = "tag"):
        tags = np.asarray(list(tag_values), dtype=np.int64)
        if tags.size == 0 or np.any(np.diff(tags) <= 0) or tags[0] > 0:
            raise ValueError("tag values must be distinct and increasing, the first (the default) "
                             "at most 0")
        self.max_x = int(max_x)
        if self.max_x < 0:
            raise GtablesError("the coordinate range must be non-empty")
        self.tags = tags
        self.name = name
        self.tag_name = tag_name
        self.default_tag = int(tags[0])
        self.ntags = int(tags.size)
        self.width = 2
        # count(x) = the tags allowed at x = T[0] and every T[i] <= x: searchsorted(T, x, right);
        # the size in Python ints first, before any array is built
        size = (self.max_x + 1) + sum(max(0, self.max_x - int(t) + 1) for t in tags[1:])
        self.size = check_size(size, f"{name} 0..{self.max_x} with {self.ntags} tags")
        counts = self._counts(np.arange(self.max_x + 1, dtype=np.int64))
        self.offsets = np.zeros(self.max_x + 2, dtype=np.int64)
        np.cumsum(counts, out=self.offsets[1:])

    def _counts(self, x: np.ndarray) -> np.ndarray:
        return np.searchsorted(self.tags, x, side="right").astype(np.int64)

    def coordinates(self):
        return (self.name, self.tag_name)

    def meta(self):
        return {"scheme": self.scheme, "size": self.size, "max_x": self.max_x,
                "coordinate": self.name, "tag": self.tag_name,
                "tag_values": [int(t) for t in self.tags],
                "rank": "offset[x] + code(tag): offset[x] = positions with a smaller x, code = "
                        "position of the tag among tag_values (only the default and tags <= x "
                        "are positions)"}

    def bounds(self):
        return (f"{self.name} 0..{self.max_x}; {self.tag_name} in {_compact(self.tags)}, "
                f"at most {self.name} unless {self.default_tag}")

    def check(self, positions):
        x, t = positions[:, 0], positions[:, 1]
        bad = (x < 0) | (x > self.max_x)
        if bad.any():
            row = int(np.flatnonzero(bad)[0])
            v = int(x[row])
            what = "negative" if v < 0 else f"larger than this table's maximum {self.max_x}"
            raise GtablesError(f"position {self.format(positions[row])}: {self.name}={v} is {what}")
        _check_tags(self, positions, t, np.minimum(np.searchsorted(self.tags, t), self.ntags - 1))
        over = (t != self.default_tag) & (t > x)
        if over.any():
            row = int(np.flatnonzero(over)[0])
            raise GtablesError(f"position {self.format(positions[row])}: {self.tag_name}="
                               f"{int(t[row])} is larger than {self.name}={int(x[row])}; such a "
                               f"{self.tag_name} restricts nothing: write {self.tag_name}="
                               f"{self.default_tag} (the same position)")

    def rank_array(self, positions):
        return self.offsets[positions[:, 0]] + np.searchsorted(self.tags, positions[:, 1])

    def unrank(self, indices):
        idx = self.check_index(indices)
        out = np.empty((idx.size, 2), dtype=np.int64)
        x = np.searchsorted(self.offsets, idx, side="right") - 1
        out[:, 0] = x
        out[:, 1] = self.tags[idx - self.offsets[x]]
        return out

    def parse(self, text: str) -> np.ndarray:
        return self.int64_row(parse_tagged(text, 1, self.tag_name, self.default_tag), text)

    def format(self, position) -> str:
        p = np.atleast_1d(position)
        s = str(int(p[0]))
        return s if int(p[1]) == self.default_tag else f"{s},{self.tag_name}={int(p[1])}"
