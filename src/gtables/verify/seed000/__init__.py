"""The claims of seeds 003 and 000 (Yeh) about the chip-sliding game, split by job:

``data``    the seeds' printed text, tables and case lists verbatim, and our corrections beside them;
``proofs``  the Nim data of every position (a jitted parallel pass), the seeds' move and Y/Z
            arithmetic, and the strategies their proofs describe;
``claims``  the claim constructors and :func:`chips_claims` (the entry ``verify/runner`` names).
"""

from .claims import chips_claims

__all__ = ["chips_claims"]
