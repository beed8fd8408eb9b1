"""Seed 002 (Albert and Nowakowski, "The game of End-Nim", EJC 8(2) #R1, 2001), split by job:
:mod:`.data` the seed's printed text (and our corrections beside it), :mod:`.proofs` the checking
machinery, :mod:`.claims` the claims (functions of the tables they declare), :mod:`.reports` the
row-period tables.  ``endnim_claims`` is the entry in ``verify.runner.BUILTIN_CLAIMS``; the rest
is what scripts/run_endnim_large.py reads."""
from .claims import EXTRA_ROW_PREFIXES, ROWS_B, endnim_claims
from .proofs import arrow_p, settled_period
from .reports import rows_markdown, rows_table

__all__ = ["endnim_claims", "ROWS_B", "EXTRA_ROW_PREFIXES", "rows_table", "rows_markdown",
           "settled_period", "arrow_p"]
