"""The ``endnim_row`` family (one long End-Nim row ``a w b``): defined in :mod:`.endnim`; the
registry loads one family per module."""
from .endnim import ROW_FAMILY as FAMILY  # noqa: F401
