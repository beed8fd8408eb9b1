"""Kernel status codes: one vocabulary for every kernel (the engine's and the families' own).

A kernel that fills positions ``lo..hi-1`` returns :data:`DONE` (-1), or ``pos * BASE + code``
for the first position it could not finish.  Every code has one name and one meaning, whichever
kernel returns it; :func:`decode` is the one place that takes a status apart, and
:meth:`Stop.error` the one place that words it for a user.  A status fits an int64 for every
position below ``2**61``; no table that large can be allocated.

Resumable codes are handled by the driver that called the kernel (it widens or grows what is
full and calls again from ``pos``); the others are errors in the game's definition.
"""
from __future__ import annotations

import dataclasses

from ..errors import GtablesError

DONE = -1
BASE = 8                  # status = pos * BASE + code, 0 <= code < BASE

# What a move generator returns, instead of a count of options, for a position that ends the
# game with a verdict of its own (:mod:`.kernels` re-exports them); here, apart from the
# kernels, so that a family's plain-Python rules name them without numba.
TERMINAL_LOSS = -1        # the player to move there has lost
TERMINAL_WIN = -2         # the player to move there has won

SCRATCH_FULL = 0   # a scratch array of the kernel's driver is full (octal: the mark arrays or the
                   # rare list): grow it and call again from pos (positions before pos are written)
OVERFLOW = 1       # the value of pos does not fit the table's dtype (pos is not written): widen
                   # the table and call again from pos
BAD_TERMINAL = 2   # the move generator returned a terminal code the value kind cannot hold:
                   # TERMINAL_WIN in a Grundy table, any terminal code in a partizan table
SUM_OPTION = 3     # an option of pos is a sum of two positions in an outcome or partizan table
                   # (outcomes do not add)
NEW_RARE = 4       # bounded memory (a full prefix + a window of recent values): heap pos, past the
                   # prefix, is rare, and rare heaps' partners are read from the prefix (pos not
                   # written)
WINDOW_SHORT = 5   # bounded memory: pos needs a value neither in the prefix nor in the window


@dataclasses.dataclass(frozen=True)
class Code:
    value: int
    name: str
    meaning: str
    resumable: bool


CODES = {c.value: c for c in (
    Code(SCRATCH_FULL, "SCRATCH_FULL", "a scratch array of the kernel is full", True),
    Code(OVERFLOW, "OVERFLOW", "a value does not fit the table's dtype", True),
    Code(BAD_TERMINAL, "BAD_TERMINAL", "a terminal code the table's value kind cannot hold", False),
    Code(SUM_OPTION, "SUM_OPTION", "an option that is a sum of two positions in an outcome table",
         False),
    Code(NEW_RARE, "NEW_RARE", "a rare heap past the kept prefix (bounded memory)", False),
    Code(WINDOW_SHORT, "WINDOW_SHORT", "a value outside the kept prefix and window (bounded "
         "memory)", False),
)}


@dataclasses.dataclass(frozen=True)
class Stop:
    """A kernel's status taken apart: the position it stopped at and why."""
    pos: int
    code: int

    @property
    def info(self) -> Code:
        return CODES[self.code]

    @property
    def name(self) -> str:
        return self.info.name

    @property
    def resumable(self) -> bool:
        return self.info.resumable

    def message(self, spec: str, where: str | None = None, kind: str = "grundy") -> str:
        """One line for a user: ``where`` is the position as text (default: its index),
        ``kind`` the table's value kind."""
        where = str(self.pos) if where is None else where
        if self.code == BAD_TERMINAL:
            if kind.startswith("partizan"):
                return (f"{spec}: position {where} ends the game by a terminal rule, which "
                        f"partizan tables do not take (a position must be decided by its moves)")
            return (f"{spec}: position {where} ends the game with a win for the player to move, "
                    f"which has no Grundy value (ask for outcomes instead)")
        if self.code == SUM_OPTION:
            return (f"{spec}: position {where} has an option that is a sum of two positions; "
                    f"outcome tables need single positions (outcomes do not add)")
        return (f"{spec}: kernel stopped at position {where} with code {self.code} "
                f"({self.name}: {self.info.meaning})")

    def error(self, spec: str, where: str | None = None, kind: str = "grundy") -> GtablesError:
        return GtablesError(self.message(spec, where, kind))


def decode(status: int) -> Stop | None:
    """``None`` for :data:`DONE`, else the :class:`Stop` the status encodes (``ValueError`` for a
    number no kernel returns)."""
    status = int(status)
    if status == DONE:
        return None
    pos, code = divmod(status, BASE)
    if status < 0 or code not in CODES:
        raise ValueError(f"{status} is not a kernel status")
    return Stop(pos, code)
