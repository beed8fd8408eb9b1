"""Position spaces: bijections between positions and ``0..size-1`` in which every option of a
position has a smaller index (or, for tiered spaces, lies in an earlier tier)."""
from .base import PositionSpace, parse_int_list
from .box import BoxSpace, HeapSpace
from .strings import FramedStringSpace, StringSpace  # noqa: F401
from .subsets import CombinationSpace, SubsetSpace
from .tagged import TaggedBoxSpace  # noqa: F401  (a box plus a tag, e.g. the last amount taken)

__all__ = ["PositionSpace", "parse_int_list", "BoxSpace", "HeapSpace", "CombinationSpace",
           "SubsetSpace"]
