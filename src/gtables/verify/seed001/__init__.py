"""Seed 001 ("由感性认识到理性认识", heap games A-D): :mod:`.data` holds the seed's printed examples,
option sets and values verbatim (our corrections beside them), :mod:`.claims` the claims, each a
function of the tables it declares.  The runner finds the four entry points through
``verify.runner.BUILTIN_CLAIMS``; ``STRIPES`` (our sample of game-D triples) is plotted by
``gtables.reproduce``.  The literature periods of octal games (``lit.octal.*``) come from
:mod:`gtables.verify.octal_literature` and are listed with game C."""
from .claims import STRIPES, nim_claims, octal_claims, stripes_claims, subtraction_claims

__all__ = ["nim_claims", "subtraction_claims", "octal_claims", "stripes_claims", "STRIPES"]
