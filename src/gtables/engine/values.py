"""What a table's values are, in one place: the value kinds, the outcome codes, the sides and the
dtypes a table passes through.  Imports no numba, so a stored table is read and described
without compiling.

* Value kinds (:data:`KINDS`): what a table holds, written out in :data:`ENCODINGS`.
* Outcome codes (uint8): ``P=0`` (the player to move loses), ``N=1`` (the player to move wins),
  ``L=2`` (Left wins whoever starts), ``R=3`` (Right wins whoever starts); :data:`OUTCOME_LETTERS`
  writes them.  The seeds' ``f = 1`` means P.
* Sides: :data:`LEFT` (0, also the impartial mover) and :data:`RIGHT` (1), the ``side`` a move
  generator is called with.
* :data:`VALUE_DTYPES`: a Grundy table starts as uint8 and is widened (:func:`.memory.widen`) to
  uint16, then uint32, only when a value does not fit; outcome tables stay uint8.  The kernels are
  compiled for these three (:data:`.kernels.VALUE_TYPES`, their numba types).
"""
from __future__ import annotations

import numpy as np

# value kinds a table can hold
GRUNDY = "grundy"                  # nim-values, normal play
OUTCOME = "outcome"                # P/N, normal play (or the family's own terminal rule)
MISERE = "misere"                  # P/N, misère play (no moves: the player to move wins)
PARTIZAN = "partizan"              # L/R/N/P, normal play
PARTIZAN_MISERE = "partizan_misere"  # L/R/N/P, misère play (no moves: the player to move wins)
CANONICAL = "canonical"            # the canonical form of a partizan game, normal play: an id of
#                                    the table's game pool (:mod:`gtables.cgt`), kept beside it
KINDS = (GRUNDY, OUTCOME, MISERE, PARTIZAN, PARTIZAN_MISERE, CANONICAL)
PARTIZAN_KINDS = (PARTIZAN, PARTIZAN_MISERE)
ENCODINGS = {
    GRUNDY: "Grundy value (nim-value); 0 exactly on P-positions",
    OUTCOME: "0=P (player to move loses), 1=N (player to move wins)",
    MISERE: "0=P (player to move loses), 1=N (player to move wins), misère play",
    PARTIZAN: "0=P, 1=N, 2=L (Left wins whoever starts), 3=R (Right wins whoever starts)",
    PARTIZAN_MISERE: "0=P, 1=N, 2=L (Left wins whoever starts), 3=R (Right wins whoever "
                     "starts), misère play",
    CANONICAL: "id of the position's canonical form in the table's game pool (stored beside "
               "the values: options, stops, mean, temperature); gtables query writes it out",
}
CANONICAL_DTYPE = np.dtype(np.int32)   # pool ids are below 2^30 (:data:`gtables.cgt.kernels.MAX_IDS`)

P, N, L, R = 0, 1, 2, 3
OUTCOME_LETTERS = "PNLR"

LEFT = 0
RIGHT = 1

VALUE_DTYPES: tuple[np.dtype, ...] = (np.dtype(np.uint8), np.dtype(np.uint16),
                                     np.dtype(np.uint32))
