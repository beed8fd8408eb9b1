"""Position spaces: bijections between positions and ``0..size-1`` in which every option of a
position has a smaller index (or, for tiered spaces, lies in an earlier tier)."""
from __future__ import annotations

import json

from .base import PositionSpace, parse_int_list
from .box import BoxSpace, HeapSpace
from .cells import CellSpace
from .partitions import PartitionSpace
from .strings import FramedStringSpace, StringSpace
from .subsets import CombinationSpace, SubsetSpace

# (a box plus a tag, e.g. the last amount taken; a heap plus a last amount at most the heap)
from .tagged import BoundedTagSpace, TaggedBoxSpace

__all__ = ["PositionSpace", "parse_int_list", "BoxSpace", "HeapSpace", "CombinationSpace",
           "SubsetSpace", "StringSpace", "FramedStringSpace", "TaggedBoxSpace", "BoundedTagSpace",
           "PartitionSpace", "CellSpace",
           "from_meta"]

# each scheme's constructor from its meta(): what a stored table's ``index`` attribute holds
_FROM_META = {
    BoxSpace.scheme: lambda m: BoxSpace(m["extents"], names=m["coordinates"]),
    HeapSpace.scheme: lambda m: HeapSpace(m["max_heap"], *m.get("coordinates", ())),
    TaggedBoxSpace.scheme: lambda m: TaggedBoxSpace(m["extents"], m["tag_values"],
                                                    names=m["coordinates"], tag_name=m["tag"]),
    BoundedTagSpace.scheme: lambda m: BoundedTagSpace(m["max_x"], m["tag_values"],
                                                      name=m["coordinate"], tag_name=m["tag"]),
    StringSpace.scheme: lambda m: StringSpace(m["max_len"], m["max_entry"]),
    FramedStringSpace.scheme: lambda m: FramedStringSpace(
        [(c["core"], c["A"], c["B"]) for c in m["cores"]]),
    SubsetSpace.scheme: lambda m: SubsetSpace(m["n"]),
    PartitionSpace.scheme: lambda m: PartitionSpace(m["total"], m["keeps_total"]),
    CombinationSpace.scheme: lambda m: CombinationSpace(m["n"], m["k"]),
    CellSpace.scheme: CellSpace.from_meta,
}


def from_meta(meta) -> PositionSpace | None:
    """The space a ``meta()`` describes (a stored table's ``index`` attribute), or ``None`` when
    it cannot be rebuilt exactly: an unknown scheme, missing or malformed fields, or a rebuilt
    space whose own ``meta()`` differs in any field.  Lets a stored table be read without its
    family (whose module compiles kernels on import); the caller falls back to the family."""
    if not isinstance(meta, dict) or meta.get("scheme") not in _FROM_META:
        return None
    try:
        space = _FROM_META[meta["scheme"]](meta)
        same = json.loads(json.dumps(space.meta())) == json.loads(json.dumps(meta))
    except Exception:   # noqa: BLE001 - anything wrong with the description: not rebuilt here
        return None
    return space if same else None
