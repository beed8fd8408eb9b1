"""Octal games the literature lists as unsolved: the list behind the open-game atlas
(``gtables sweep --catalogue open3``, :mod:`gtables.octal_catalogue`).

Data about the games, so it lives with the family, beside :mod:`.literature` (which reads
its open codes from here: one copy of the list).  Codes are read with the family's one grammar,
:func:`gtables.games.octal.parse_code`.

**Source.**  ``UnsolvedGames.md`` of the public solver tczajka/octal-games (Tomek Czajka; C++
when the list was written, later rewritten in Rust), at commit
30baeb79f420ab406e3b9f0378462aba989a47ad (2018-05-01, "Add solved game .354"); the file is
byte-identical at the newest stored commit 57e893a908ed2c0b1b2baa0e83a5a2a7698316ec (2025-04-22).
The repository's README calls these pages "work in progress": a list of games that project had
not settled, not a claim that nobody has.  The list is Grundy's game and 82 codes 0.d1 ..
0.d1d2d3 and 4.d1d2d3, each the representative of its class of equivalent codes under that
repository's ``GameLookup.md`` (so 0.007, which has the values of 0.04 shifted by one heap, is
not listed).  Rows are copied in the source's order; the code column is ours (canonical), the
"written" column is the source's spelling.

Four rows carry figures; the columns are the source's: ``n`` values computed (heaps 0..n-1, the
*frontier*), largest value and its (first) heap, the rare mask (hex), the number of rare heaps
and the last one.  The other 79 rows give no figures (frontier ``None``).

Other published frontiers, kept apart (``OTHER``), as the sources word them:

* 4!.0: OEIS A002188 quotes R. K. Guy (Fair Game, 1989): "Mike Guy has computed ten million
  values, but a discernible pattern remains elusive".
* 0.6 (Officers): "Grossman calculated 140 trillion values with no sign of periodicity", as a
  public Officers README quotes OEIS A046695 (second-hand: from the research notes
  ``docs/claims/octal_literature.md`` section 1a; the OEIS entry itself was not read).

Achim Flammenkamp's page "Sprague-Grundy Values of Octal-Games"
(http://wwwhomes.uni-bielefeld.de/achim/octal.html) covers every code 0.??? and 4.??? and
Grundy's game, but only its introduction was readable in the stored copies (its tables were
not), so no frontier is taken from it.

Known caveats: our own computations prove three listed games periodic by the Guy-Smith theorem
(4.344: period 51, pre-period 998; 4.364: 62, 11687; 4.064: 16132, 94272; the naive and the
sparse kernels give the same values, and the theorem's condition was re-checked on them
directly); the research notes found 4.344 too.  They stay listed here, as the source says: the
atlas report shows the disagreement, it is not hidden.
"""
from __future__ import annotations

import dataclasses

from ..specs.octal import parse_code

__all__ = ["OpenGame", "OPEN", "OTHER", "SOURCE", "SOURCE_REPO", "SOURCE_PATH", "SOURCE_COMMIT",
           "SOURCE_URL", "open_codes", "lookup_open"]

SOURCE_REPO = "tczajka/octal-games"
SOURCE_PATH = "UnsolvedGames.md"
SOURCE_COMMIT = "30baeb79f420ab406e3b9f0378462aba989a47ad"
SOURCE_URL = f"https://github.com/{SOURCE_REPO}/blob/{SOURCE_COMMIT}/{SOURCE_PATH}"
SOURCE = (f"{SOURCE_REPO} {SOURCE_PATH} at commit {SOURCE_COMMIT[:12]} (2018-05-01; unchanged "
          f"at 57e893a908ed, 2025-04-22): Grundy's game and 82 octal codes listed as unsolved "
          f"(\"work in progress\"), four of them with figures")


@dataclasses.dataclass(frozen=True)
class OpenGame:
    code: str                   # canonical (parse_code)
    written: str                # as the source writes it
    frontier: int | None        # n: values computed (heaps 0..n-1) as the source states
    largest: int | None         # largest value among them
    largest_at: int | None      # its heap
    rare_mask: int | None       # the source's rare mask
    rare_heaps: int | None      # how many rare heaps
    last_rare: int | None       # the last rare heap
    source: str = SOURCE


# ---------------------------------------------------------------------------------------------
# UnsolvedGames.md, the rows with figures.  Columns: written | n | largest idx | largest |
# rare mask (hex) | num rare | last rare  (the source's columns, in its order)
# ---------------------------------------------------------------------------------------------
_FIGURES = """
Grundy's | 2^21 | 763622  | 231  | fe  | 1274  | 82860
.6       | 2^21 | 1274955 | 319  | 1ee | 1584  | 20627
.04      | 2^17 | 109363  | 1024 | 7b8 | 18860 | 131003
.06      | 2^17 | 127083  | 1045 | 5a0 | 52923 | 131070
"""

# the rows without figures, in the source's order
_BARE = """
.14 .36 .64 .74 .76 .004 .005 .006 .014 .015 .016 .024 .026 .034 .054 .064
.104 .106 .114 .125 .126 .135 .136 .142 .143 .146 .161 .162 .163 .164 .166 .167 .172 .174 .204 .205
.206 .207 .224 .244 .245 .264 .314 .324 .334 .336 .342 .344 .346 .362 .364 .366 .371 .374 .404 .414
.416 .444 .454 .564 .604 .606 .744 .764 .774 .776 4.004 4.007 4.026 4.044 4.045 4.064 4.324 4.327
4.344 4.364 4.367 4.404 4.406
"""

#: other published frontiers, second-hand or not in the list's source (module docstring)
OTHER = {
    "4!.0": "OEIS A002188 quoting Guy (1989): \"Mike Guy has computed ten million values, but a "
            "discernible pattern remains elusive\"",
    "0.6": "\"Grossman calculated 140 trillion values with no sign of periodicity\" (a public "
           "Officers README citing OEIS A046695; second-hand, not re-read)",
}


def _code(written: str) -> str:
    return "4!.0" if written == "Grundy's" else parse_code(written)


def _power(cell: str) -> int:
    base, exp = cell.split("^")
    return int(base) ** int(exp)


def _parse() -> tuple[OpenGame, ...]:
    out = []
    for line in _FIGURES.strip().splitlines():
        written, n, at, largest, mask, rare, last = (c.strip() for c in line.split("|"))
        out.append(OpenGame(_code(written), written, _power(n), int(largest), int(at),
                            int(mask, 16), int(rare), int(last)))
    for written in _BARE.split():
        out.append(OpenGame(_code(written), written, None, None, None, None, None, None))
    return tuple(out)


#: every listed game, in the source's order (Grundy's game first)
OPEN = _parse()
_BY_CODE = {g.code: g for g in OPEN}


def open_codes() -> list[str]:
    """The canonical codes of :data:`OPEN`, in the source's order."""
    return [g.code for g in OPEN]


def lookup_open(code: str) -> OpenGame | None:
    """The record of ``code`` (any spelling :func:`parse_code` accepts), or None."""
    try:
        return _BY_CODE.get(parse_code(code))
    except ValueError:
        return None
