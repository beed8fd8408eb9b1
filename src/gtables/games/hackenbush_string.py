"""Blue-Red Hackenbush strings (Winning Ways ch. 1; *Lessons in Play*): a single stalk of edges
standing on the ground, each blue or red; Left removes a blue edge, Right a red one, and every
edge above the removed one falls with it; partizan, normal play (``play=misere`` too).

Written with the public game API (:func:`gtables.games.usergame.define_game`) on an integer
space: a string of ``k`` edges whose blue edges are the bits ``c`` (bit ``i`` for the ``i``-th
edge from the ground) has index ``2**k - 1 + c``, so the strings of each length follow those
of every shorter length, and removing an edge (a shorter string) always gives a smaller index.
``size=2**(N+1) - 1`` holds every string of at most ``N`` edges (``size=63``: up to 5; any
size is a table of whole strings, those of the last length in part).  A position is written
from the ground up in ``b`` (blue) and ``r`` (red), ``-`` for the empty string (``bbr``);
``start`` is the last index (``size=63``: ``bbbbb``).

A string's value is a number (Berlekamp's rule: the edges up to the first change of colour
count 1 each, blue +, red -, and each later edge half the one before), so its outcome is L
when its first edge is blue, R when red, P when it is empty (``tests/test_partizan_games.py``).
"""
from __future__ import annotations

from ..errors import GtablesError
from .usergame import define_game


def hackenbush_moves(pos, side, params, out):
    """Side 0 (Left) cuts a blue edge, side 1 (Right) a red one: the edges below it stay."""
    m = pos + 1
    k = 0
    while (m >> (k + 1)) != 0:
        k += 1
    blue = m - (1 << k)
    c = 0
    for i in range(k):
        if ((blue >> i) & 1) == (1 if side == 0 else 0):
            below = (1 << i) - 1
            out[c] = below + (blue & below)
            c += 1
    return c


def format_string(pos: int, space=None) -> str:
    """``bbr`` (from the ground up), ``-`` for the empty string."""
    m = int(pos) + 1
    k = m.bit_length() - 1
    return "".join("b" if (m >> i) & 1 else "r" for i in range(k)) or "-"


def parse_string(text: str, space=None) -> int:
    """The index of a string written in ``b`` and ``r`` from the ground up (``-``: empty); one
    past the table's ``space`` is refused, in strings."""
    t = str(text).strip().lower()
    if t == "-":
        return 0
    if not t or set(t) - {"b", "r"}:
        raise ValueError("write the edges from the ground up in b (blue) and r (red), e.g. "
                         "bbr, or - for the empty string")
    index = (1 << len(t)) - 1 + sum(1 << i for i, e in enumerate(t) if e == "b")
    if space is not None and index >= space.size:
        whole = (space.size + 1).bit_length() - 2          # every string this long fits
        part = space.size - ((1 << (whole + 1)) - 1)
        more = f", and {part} of the {1 << (whole + 1)} strings of {whole + 1}" if part else ""
        raise GtablesError(f"position {t[:40]!r} is off the table (size={space.size} holds "
                           f"every string of at most {whole} edges{more})")
    return index


def reference(position: int, side: int, space) -> list[int]:
    """Hackenbush on the written string: cutting edge ``i`` of the player's colour leaves the
    ``i`` edges below it."""
    edges = format_string(position).strip("-")
    mine = "b" if side == 0 else "r"
    return [parse_string(edges[:i] or "-") for i, e in enumerate(edges) if e == mine]


FAMILY = define_game(
    "hackenbush_string", space="integers", moves=hackenbush_moves, partizan=True,
    max_options=lambda sp: sp.size.bit_length(), format_position=format_string,
    parse_position=parse_string,
    doc="Blue-Red Hackenbush strings (cut an edge of your colour, the edges above it fall; "
        "positions such as bbr, b blue and r red from the ground up, - empty)",
    example="hackenbush_string:size=63", reference=reference)
