"""Published nim-sequence facts about octal games: the one literature table of gtables.

Data about the games, so it lives with the family (scripts import it without the verifier); the
comparison with our results is :mod:`gtables.verify.octal_literature`, the claims built on it are
the ``lit.octal.*`` claims there.  Codes are read with the family's one octal-code grammar,
:func:`gtables.games.octal.parse_code`.

Transcribed from the research notes ``docs/claims/octal_literature.md`` (sections 0, 1a, 1b
and the "Big-game checkpoints" list; Table 1d, the 4-digit codes, straight from the OEIS
comments it cites; section 1c, the open games, is the list of :mod:`.open_list`, read from
there: the same codes, straight from their source; Appendix A of the notes is our own scratch
computation and is deliberately NOT used here).  The notes are not read at run time: the tables
below are copied row by row, in the order of the notes, so each row can be audited against the
document.

Conventions (notes, section 0):

* code ``d0.d1d2...`` canonical: leading ``0``, no trailing zeros after the point (``.14`` ->
  ``0.14``); Grundy's game is ``4!.0`` (CGSuite notation; ``4.0`` allows equal parts).
* ``n0`` (pre-period) = least n0 with G(n + p) = G(n) for all n >= n0, p the least period.
  OEIS "last exception at X" gives n0 = X + 1.  tczajka ``SolvedGames.md`` "prefix" is n0;
  tczajka ``TrivialGames.md`` "prefix" is n0 of the *shifted* sequence (leading heap sizes
  without moves dropped): Table 1b below gives the un-shifted n0 from the notes, and keeps the
  tczajka prefix and shift only as part of the source text.
* ``max`` = largest value of the whole sequence (``None`` where the notes give none).
* ``status`` ``"solved"`` (period and pre-period known) or ``"open"`` (listed as unsolved).

Known caveats, kept as the sources state them:

* ``0.56``: OEIS A071436 says the last exception is 326637 (n0 = 326638); tczajka's prefix and
  the recomputation in the notes give n0 = 326640, which is what is recorded.
* ``4.344``: tczajka's work-in-progress ``UnsolvedGames.md`` lists it (status ``open``) although
  the notes' own computation finds it periodic (p 51, n0 998); the comparison flags it.
"""
from __future__ import annotations

import dataclasses

from ..specs.octal import parse_code
from . import open_list as octal_open

__all__ = ["LitRecord", "records", "lookup", "lookup4", "MAX_FIRST_AT", "NAMES", "SOLVED", "OPEN"]

SOLVED = "solved"
OPEN = "open"

#: the usual names of the named games among the records
NAMES = {"0.77": "Kayles", "0.07": "Dawson's Kayles", "0.137": "Dawson's chess",
         "0.6": "Officers", "4!.0": "Grundy's game"}


@dataclasses.dataclass(frozen=True)
class LitRecord:
    code: str
    period: int | None
    preperiod: int | None
    max_value: int | None
    status: str
    source: str


# ---------------------------------------------------------------------------------------------
# Table 1a: named games and the hard, non-trivial solved games (notes section 1a, same order).
# Columns: code | p ("open" if unsolved) | n0 | max | first heap with max ("-" = not given) | source
# The max/first-at of the big games also match the notes' "Big-game checkpoints" list.
# Where a 1a row only repeats tczajka's TrivialGames figures, that citation comes from Table 1b.
# ---------------------------------------------------------------------------------------------
_TABLE_1A = """
0.77     | 12       | 71        | 8   | 27     | OEIS A002186 (periodicity proved by R. K. Guy 1949)
0.137    | 34       | 52        | 9   | 85     | OEIS A002187 (WW pp. 89, 102; Guy & Smith 1956)
0.07     | 34       | 53        | 9   | 86     | OEIS A002187 (.07 has values a(n-1)); CGSuite DawsonsKayles
0.4      | 34       | 54        | 9   | 87     | OEIS A002187 (.4 has values a(n-2))
4.4      | 12       | 72        | 8   | 28     | OEIS A002186 (4.4 has values a(n-1))
0.6      | open     | -         | -   | -      | OEIS A046695 (as quoted in a public Officers README: Grossman, 140 trillion values, no periodicity)
0.007    | open     | -         | -   | -      | Flammenkamp values as quoted by a public Rust solver; G.007(n) = G.04(n+1) (tczajka GameLookup)
4!.0     | open     | -         | -   | -      | OEIS A002188 (Guy 1989: ten million values, no pattern); Flammenkamp grundy.html
0.16     | 149459   | 105351    | 23  | 229790 | OEIS A071430 (last exception 105350); Gangolli & Plambeck 1989; tczajka SolvedGames prefix 105351 period 149459
0.56     | 144      | 326640    | 64  | 22778  | tczajka SolvedGames prefix 326640 period 144 (Gangolli & Plambeck 1989); OEIS A071436 says last exception 326637 (n0 326638), disagreeing by 2 with the recomputed n0 326640
0.127    | 4        | 46578     | 56  | 24734  | OEIS A071464 (last exception 46577, Gangolli & Plambeck); tczajka SolvedGames prefix 46578 period 4
0.376    | 4        | 2268248   | 176 | 341612 | tczajka SolvedGames prefix 2268248 period 4 (Gangolli & Plambeck 1989)
0.354    | 1180     | 10061916  | 113 | 1152   | tczajka SolvedGames prefix 10061916 period 1180 (Flammenkamp 2002)
0.45     | 20       | 498       | 8   | 37     | tczajka SolvedGames prefix 498 period 20; OEIS A071435 (.45x has values a(n-1))
0.177    | 20       | 497       | 8   | 36     | OEIS A071435 (last exception 496); plambeck.org 0.177
0.156    | 349      | 3479      | 23  | 1032   | tczajka SolvedGames prefix 3479 period 349 (Kenyon 1967)
0.356    | 142      | 7315      | 19  | 86     | tczajka SolvedGames prefix 7315 period 142 (Austin 1976)
0.644    | 442      | 3256      | 64  | 333    | tczajka SolvedGames prefix 3256 period 442 (Austin 1976)
0.165    | 1550     | 5181      | 25  | 620    | tczajka SolvedGames prefix 5181 period 1550 (Austin 1976)
0.051    | 48       | 48        | 5   | 23     | Flammenkamp octal_sparse.html (period = preperiod = 48, max 5); OEIS A071453 (.051 has values a(n-1))
0.117    | 48       | 47        | 5   | 22     | OEIS A071453 (last exception 46)
0.17     | 34       | 33        | 7   | 51     | public Q&A post (.17 has preperiod p-1)
0.017    | 60       | 15        | 8   | 53     | OEIS A071447 (.017 has values a(n-1); exceptions 0, 7, 13)
0.1377   | 24       | 141       | 8   | 53     | OEIS A071434 (last exception 140)
0.44     | 24       | 143       | 8   | 55     | OEIS A071434 (.44x has values a(n-2))
0.11377  | 32       | 187       | 8   | -      | OEIS A071452 (last exception 186)
0.113377 | 36       | 211       | 8   | -      | OEIS A071451 (last exception 210)
0.1777   | 60620715 | 160949018 | -   | -      | OEIS A071509 (Flammenkamp: period 60620715, last exception 160949017)
0.115    | 14       | 1         | 2   | -      | OEIS A125829 (only exception n=0)
0.141    | 11       | 14        | 4   | -      | OEIS A125912 (last exception 13)
0.176    | 8        | 24        | 6   | -      | OEIS A125920 (last exception 23)
4.102    | 10       | 8         | 4   | -      | OEIS A125938 (last exception 7)
"""

# ---------------------------------------------------------------------------------------------
# Table 1b: every game tczajka/octal-games TrivialGames.md lists (notes section 1b, same order).
# Columns: code | p | n0 (un-shifted, the notes' n0 column) | max | tczajka prefix | shift
# The source text "tczajka TrivialGames prefix P period p shift S" is built from the row.
# ---------------------------------------------------------------------------------------------
_TABLE_1B = """
4.0     |    2 |    1 |   1 |    0 | 1
0.1     |    1 |    2 |   1 |    2 | 0
0.4     |   34 |   54 |   9 |   52 | 2
0.02    |    4 |    1 |   1 |    0 | 2
0.11    |    1 |    3 |   1 |    3 | 0
0.12    |    4 |    1 |   1 |    1 | 0
0.15    |   10 |    1 |   2 |    1 | 0
0.17    |   34 |   33 |   7 |   33 | 0
0.22    |    3 |    1 |   2 |    0 | 1
0.26    |    4 |    1 |   3 |    0 | 1
0.31    |    2 |    3 |   2 |    3 | 0
0.32    |    3 |    1 |   2 |    1 | 0
0.34    |    8 |    7 |   3 |    7 | 0
0.35    |    6 |    1 |   2 |    1 | 0
0.44    |   24 |  143 |   8 |  141 | 2
0.51    |    1 |    1 |   1 |    1 | 0
0.52    |    4 |    4 |   3 |    4 | 0
0.53    |    9 |   11 |   4 |   11 | 0
0.54    |    7 |    3 |   4 |    3 | 0
0.57    |    4 |    1 |   2 |    1 | 0
0.71    |    2 |    3 |   2 |    3 | 0
0.72    |    4 |    1 |   3 |    1 | 0
0.75    |    2 |    1 |   2 |    1 | 0
0.77    |   12 |   71 |   8 |   71 | 0
4.3     |    2 |    2 |   2 |    2 | 0
0.002   |    6 |    1 |   1 |    0 | 3
0.017   |   60 |   15 |   8 |   14 | 1
0.022   |    5 |    1 |   2 |    0 | 2
0.044   |   36 |  214 |   8 |  211 | 3
0.045   |   32 |  189 |   8 |  187 | 2
0.051   |   48 |   48 |   5 |   47 | 1
0.055   |  148 |  259 |   8 |  258 | 1
0.101   |    1 |    4 |   1 |    4 | 0
0.102   |    6 |    1 |   1 |    1 | 0
0.111   |    1 |    4 |   1 |    4 | 0
0.112   |    6 |    1 |   1 |    1 | 0
0.115   |   14 |    1 |   2 |    1 | 0
0.116   |   96 |  139 |  12 |  139 | 0
0.121   |    4 |    4 |   2 |    4 | 0
0.122   |    5 |    1 |   2 |    1 | 0
0.123   |    5 |    5 |   2 |    5 | 0
0.124   |   62 |  122 |   9 |  122 | 0
0.131   |    4 |    4 |   2 |    4 | 0
0.132   |    5 |    1 |   2 |    1 | 0
0.134   |   62 |   60 |   7 |   60 | 0
0.141   |   11 |   14 |   4 |   14 | 0
0.144   |   10 |    4 |   4 |    4 | 0
0.145   |    9 |    3 |   4 |    3 | 0
0.147   |    8 |    3 |   4 |    3 | 0
0.152   |   48 |    2 |   4 |    2 | 0
0.153   |   14 |   16 |   4 |   16 | 0
0.154   |   11 |    4 |   4 |    4 | 0
0.157   |    6 |    1 |   2 |    1 | 0
0.171   |   11 |   12 |   4 |   12 | 0
0.173   |   40 |   21 |   7 |   21 | 0
0.176   |    8 |   24 |   6 |   24 | 0
0.226   |    5 |   21 |   5 |   20 | 1
0.312   |    2 |    5 |   2 |    5 | 0
0.316   |   12 |    4 |   3 |    4 | 0
0.331   |    3 |    4 |   3 |    4 | 0
0.332   |    4 |    1 |   3 |    1 | 0
0.351   |    8 |    1 |   2 |    1 | 0
0.353   |    2 |    4 |   2 |    4 | 0
0.373   |   28 |    2 |   7 |    2 | 0
0.375   |   18 |   37 |   8 |   37 | 0
0.512   |    6 |    3 |   2 |    3 | 0
0.524   |   52 |    1 |   8 |    1 | 0
0.532   |    5 |    7 |   4 |    7 | 0
0.536   |    5 |    1 |   4 |    1 | 0
0.772   |    4 |    8 |   6 |    8 | 0
4.12    |    7 |    6 |   4 |    6 | 0
4.72    |    3 |    1 |   4 |    1 | 0
4.005   |   79 |   31 |   8 |   30 | 1
4.024   |   60 |    2 |  11 |    1 | 1
4.102   |   10 |    8 |   4 |    8 | 0
4.122   |    7 |    6 |   4 |    6 | 0
4.304   |   21 |   25 |  11 |   25 | 0
4.323   |    4 |    4 |   4 |    4 | 0
4.444   |   24 |  143 |  17 |  142 | 1
4.722   |    4 |    4 |   6 |    4 | 0
4.726   |   16 |    5 |  11 |    5 | 0
4.766   |   20 |   19 |  16 |   19 | 0
"""

# ---------------------------------------------------------------------------------------------
# Section 1c: tczajka/octal-games UnsolvedGames.md, in the notes' order, which is the source's.
# The list itself lives in :mod:`.open_list` (with the source's commit and the figures of its
# first four rows: computed to 2^21 / 2^21 / 2^17 / 2^17 values); it is read from there, not
# copied.  4.344 is in the list although the notes' own computation finds it periodic: kept
# open, as the source says.
# ---------------------------------------------------------------------------------------------
_SOURCE_1C = "tczajka UnsolvedGames (work-in-progress list)"


# ---------------------------------------------------------------------------------------------
# Table 1d: 4-digit codes 0.d1d2d3d4 stated in OEIS comments (0.1377 and 0.1777 are in Table 1a).
# Columns as Table 1a.  Where the comment says "has values a(n-s)" of another game, n0 is the
# other game's (last exception + 1) + s: A071452 (.11377, last exception 186): .0177 = a(n-1);
# A071509 (.1777, last exception 160949017, from Flammenkamp): .4RZj = a(n-1) for R = 5, 7,
# Z = 4..7, j = 0..3 (the 24 codes with j != 0 are 4-digit; their max is not stated).
# ---------------------------------------------------------------------------------------------
_TABLE_1D = """
0.1271   | 4        | 46578     | -   | -      | OEIS A071464 (.127 and .1271; last exception 46577, Gangolli & Plambeck)
0.0177   | 32       | 188       | -   | -      | OEIS A071452 (.0177 has values a(n-1) of .11377, whose last exception is 186)
""" + "".join(
    f"0.4{r}{z}{j}   | 60620715 | 160949019 | -   | -      | OEIS A071509 (.4RZj has values a(n-1) "
    f"of .1777, whose last exception is 160949017, from Flammenkamp)\n"
    for r in (5, 7) for z in (4, 5, 6, 7) for j in (1, 2, 3))


def _rows(table: str):
    for line in table.strip().splitlines():
        yield [c.strip() for c in line.split("|")]


def _int_or_none(cell: str) -> int | None:
    return None if cell == "-" else int(cell)


def _parse_1a(table: str = _TABLE_1A):
    out, max_at = [], {}
    for cells in _rows(table):
        code, p, n0, mx, at, source = cells
        if parse_code(code) != code:
            raise ValueError(f"Table 1a: non-canonical code {code!r}")
        if p == OPEN:
            out.append(LitRecord(code, None, None, None, OPEN, source))
            continue
        out.append(LitRecord(code, int(p), int(n0), _int_or_none(mx), SOLVED, source))
        if at != "-":
            max_at[code] = int(at)
    return out, max_at


def _parse_1b():
    out = []
    for cells in _rows(_TABLE_1B):
        code, p, n0, mx, prefix, shift = cells
        if parse_code(code) != code:
            raise ValueError(f"Table 1b: non-canonical code {code!r}")
        source = f"tczajka TrivialGames prefix {prefix} period {p} shift {shift}"
        out.append(LitRecord(code, int(p), int(n0), int(mx), SOLVED, source))
    return out


def _parse_1c():
    return [LitRecord(g.code, None, None, None, OPEN, _SOURCE_1C) for g in octal_open.OPEN]


def _merge(rows) -> dict[str, LitRecord]:
    """Key by code; a code given twice must agree (max may be missing in one) and the sources
    are joined with "; "."""
    out: dict[str, LitRecord] = {}
    for r in rows:
        old = out.get(r.code)
        if old is None:
            out[r.code] = r
            continue
        if (old.status, old.period, old.preperiod) != (r.status, r.period, r.preperiod) or (
                old.max_value is not None and r.max_value is not None
                and old.max_value != r.max_value):
            raise ValueError(f"conflicting literature rows for {r.code}: {old} vs {r}")
        source = old.source if r.source in old.source else f"{old.source}; {r.source}"
        mx = old.max_value if old.max_value is not None else r.max_value
        out[r.code] = dataclasses.replace(old, max_value=mx, source=source)
    return out


_ROWS_1A, MAX_FIRST_AT = _parse_1a()
#: first heap size where the largest value occurs, where Table 1a gives it (code -> n).
_RECORDS = _merge(_ROWS_1A + _parse_1b() + _parse_1c())
#: Table 1d apart from :func:`records` (whose counts other modules' tests pin): the 4-digit
#: catalogue reads it with :func:`lookup4`.
_RECORDS_4 = _merge(_parse_1a(_TABLE_1D)[0])


def records() -> dict[str, LitRecord]:
    """All literature records, keyed by canonical code (a fresh dict; the records are frozen)."""
    return dict(_RECORDS)


def lookup(code: str) -> LitRecord | None:
    """The record of ``code`` (any spelling :func:`parse_code` accepts), or None."""
    try:
        return _RECORDS.get(parse_code(code))
    except ValueError:
        return None


def lookup4(code: str) -> LitRecord | None:
    """The record of a 4-digit ``code``: Table 1d, else the main table (0.1377, 0.1777)."""
    try:
        c = parse_code(code)
    except ValueError:
        return None
    return _RECORDS_4.get(c) or _RECORDS.get(c)
