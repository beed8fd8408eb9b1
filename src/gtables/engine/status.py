"""Kernel status codes: one vocabulary for every kernel (the engine's and the families' own).

A kernel that fills positions ``lo..hi-1`` returns :data:`DONE` (-1), or ``pos * BASE + code``
for the first position it could not finish.  Every code has one name and one meaning, whichever
kernel returns it; :func:`decode` is the one place that takes a status apart, and
:meth:`Stop.error` the one place that words it for a user.  A status fits an int64 for every
position below ``2**61``; no table that large can be allocated.

Resumable codes are handled by the driver that called the kernel (it widens or grows what is
full and calls again from ``pos``, or changes its plan); the others are errors in the game's
definition.  A kernel that returns a value instead (the reachable search) returns -1 when it
stops and puts its status in ``info[0]``.  :meth:`.game.Game.stop_error` words a stop on a game
(positions written as its space writes them, the option or count the generator gave).
"""
from __future__ import annotations

import dataclasses

from ..errors import GtablesError

DONE = -1
BASE = 16                 # status = pos * BASE + code, 0 <= code < BASE

# What a move generator returns, instead of a count of options, for a position that ends the
# game with a verdict of its own (:mod:`.kernels` re-exports them); here, apart from the
# kernels, so that a family's plain-Python rules name them without numba.
TERMINAL_LOSS = -1        # the player to move there has lost
TERMINAL_WIN = -2         # the player to move there has won
# The second slot of a pair, in a generator of sums (:class:`.moves.SumMoves`), that adds one more
# component to the option before it.
EXTENDS = -3

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
# the checks of a move generator a user wrote (one slot per option, :class:`.moves.Moves`)
NOT_SMALLER = 6    # an option of pos whose index is not smaller than pos (or is negative)
BAD_COUNT = 7      # the move generator returned a count outside 0..max_options at pos
BAD_SPLIT = 8      # a split of pos gave no part, too many, or a part outside the space
LAYER_CROSSED = 9  # an option of pos lies in another block of the same or a later layer: the
                   # layered fill cannot run (the driver fills in index order instead)
# the reachable search (:mod:`.search_kernels`): call again after growing what it asks for
BUDGET = 10        # the search spent its budget of expanded positions
HASH_FULL = 11     # the search's hash table is too full: grow it
STACK_FULL = 12    # the search's stack is full: deepen it
VALUE_RANGE = 13   # a canonical value of pos is a number beyond the game pool's range


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
    Code(NOT_SMALLER, "NOT_SMALLER", "an option whose index is not smaller than its position's",
         False),
    Code(BAD_COUNT, "BAD_COUNT", "a count of options outside 0..max_options", False),
    Code(BAD_SPLIT, "BAD_SPLIT", "a split with no part, too many, or a part outside the space",
         False),
    Code(LAYER_CROSSED, "LAYER_CROSSED", "an option in another block of the same or a later "
         "layer (fill in index order)", True),
    Code(BUDGET, "BUDGET", "the search spent its budget (call again)", True),
    Code(HASH_FULL, "HASH_FULL", "the search's hash table is full (grow it)", True),
    Code(STACK_FULL, "STACK_FULL", "the search's stack is full (deepen it)", True),
    Code(VALUE_RANGE, "VALUE_RANGE", "a number beyond the game pool's range (|x| < 2^20, "
         "denominators up to 2^30)", False),
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

    def message(self, spec: str, where: str | None = None, kind: str = "grundy", *,
                option: str | None = None, count: int | None = None,
                max_options: int | None = None) -> str:
        """One line for a user: ``where`` is the position as text (default: its index),
        ``kind`` the table's value kind; ``option`` the offending option as text
        (:data:`NOT_SMALLER`), ``count`` what the generator returned and ``max_options`` its
        bound (:data:`BAD_COUNT`)."""
        where = str(self.pos) if where is None else where
        if self.code == NOT_SMALLER:
            return (f"{spec}: a move from {where} (index {self.pos}) leads to "
                    f"{option or 'an option'}, which is not smaller; every option must have a "
                    f"smaller index")
        if self.code == BAD_COUNT:
            said = "a count" if count is None else f"{count} options"
            bound = "max_options" if max_options is None else f"max_options ({max_options})"
            return f"{spec}: moves({where}) returned {said}; it must return 0..{bound}"
        if self.code == BAD_SPLIT:
            return f"{spec}: split of {where} gave no part, too many, or a negative one"
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

    def error(self, spec: str, where: str | None = None, kind: str = "grundy",
              **said) -> GtablesError:
        return GtablesError(self.message(spec, where, kind, **said))


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
