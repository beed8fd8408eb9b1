"""Seed 002 as printed: M. H. Albert and R. J. Nowakowski, "The game of End-Nim", Electron. J.
Combin. 8(2) (2001) #R1.

The seed's text stays verbatim here (tables as the extraction has them, statements as sentences);
our corrections are separate data beside what they correct (``*_CORRECTED``), so each reads on its
own.  Nothing here computes a game value.
"""
from __future__ import annotations

# ----------------------------------------------------------------------------------------------
# §2: the table of nim-values G(a 4 b), 1 <= a, b <= 16
# ----------------------------------------------------------------------------------------------
# The header and rows a = 1..16 after the row label, as the text of the seed has them: the
# extraction glued adjacent one-digit (and some two-digit) entries into runs.
A4B_HEADER = "1 2345678 9 10 11 12 13 14 15 16"
A4B_PRINTED = {
    1: "0 1234678 9 10 11 12 13 14 15 16",
    2: "1 0325487 10 9 12 11 14 13 16 15",
    3: "2 3016549 8 11 10 13 12 15 14 17",
    4: "3 21478561112 9 1015161314",
    5: "4 56703210 12 8 13 9 11 17 18 19",
    6: "6 458301117 13141510 9 1218",
    7: "7 845210136 1516141711 9 10",
    8: "8 796101113012345181721",
    9: "9 10 8 11 12 7 6 103254192022",
    10: "10 91112813152301674523",
    11: "11 12 10 9131416321076548",
    12: "12 11 13 10915144567012324",
    13: "13 14 12 15 11 10 17 5476103225",
    14: "14 13 15 16 17 9 11 18194523016",
    15: "15 16 14 13 18 12 9 17205432107",
    16: "16 15 17 14 19 18 10 21 22 23 8 24 25 6 7 0",
}
A4B_SIZE = 16
A4B_MAX_ENTRY = 63   # a reading's entries are 0..63 (one or two digits)

# §2, after the table (the statements 002.a4b-intrusions and 002.rows-a4b-* read)
ROWS_TEXT = ("Note the intrusions of values equal to 2^k or larger within the blocks corresponding "
             "to positions with all the heaps of size smaller than 2^k. Also, within each row (or "
             "column) the sequence appears to be ultimately arithmetico-periodic. This we have "
             "proved for the first few values of a. [...] The amount of noise before the "
             "beginning of the regular behavior is variable, and the ultimate periods (being of "
             "lengths a power of two) themselves double in length occasionally.")
# Ours, beside it: what the computed rows a4b, a = 1..16, show instead of "a power of two"
# (002.rows-a4b-pow2.corrected).
ROWS_PERIODS_CORRECTED = ("every row a = 1..16 of a4b is ultimately arithmetico-periodic with "
                          "saltus equal to its period (periods 1, 2, 4, 8, 10, 12, 16, 60 occur; "
                          "not all powers of two)")


def segmentations(text: str, count: int, maxval: int = A4B_MAX_ENTRY):
    """Readings of a row of glued digit runs as ``count`` integers in ``0..maxval`` (no leading
    zeros): yields tuples.  How the printed table is transcribed without guessing."""
    runs = text.split()

    def split_run(run):
        if not run:
            yield ()
            return
        for k in (1, 2):
            head = run[:k]
            if len(head) < k or (k > 1 and head[0] == "0") or int(head) > maxval:
                continue
            for rest in split_run(run[k:]):
                yield (int(head),) + rest

    def go(i):
        if i == len(runs):
            yield ()
            return
        for part in split_run(runs[i]):
            for rest in go(i + 1):
                yield part + rest

    for seg in go(0):
        if len(seg) == count:
            yield seg


def a4b_readings(printed: dict | None = None) -> dict[int, list[tuple[int, ...]]]:
    """Every reading of every printed row: ``{a: [16-tuple, ...]}`` (of :data:`A4B_PRINTED`
    unless ``printed`` is given; that one computed once)."""
    if printed is None:
        if not _READINGS:
            _READINGS.update(a4b_readings(A4B_PRINTED))
        return {a: list(r) for a, r in _READINGS.items()}
    return {a: list(segmentations(text, A4B_SIZE)) for a, text in printed.items()}


_READINGS: dict[int, list[tuple[int, ...]]] = {}


# ----------------------------------------------------------------------------------------------
# §2: Proposition 1 and the remark after it
# ----------------------------------------------------------------------------------------------
FOUR_GOOD_MOVES_TEXT = ("The proposition above already means that from any position the number of "
                        "potential good moves (i.e. those which might lead to P positions) is at "
                        "most four")
FOUR_GOOD_MOVES_BOUND = 4
# Ours, beside it (002.four-good-moves.corrected): Proposition 1 leaves at most five candidate
# moves (a reduction of the larger end to within 1 of the other end: 3 values, or one each when
# the ends are equal; plus the two deletions), and at most two moves reach a P-position at all
# (the results of the moves at one end are options of one another, so at most one is P).
CANDIDATE_MOVES_CORRECTED = 5
P_MOVES_CORRECTED = 2

# ----------------------------------------------------------------------------------------------
# §2: worked examples of Theorem 2 (Lorraine's diagram)
# ----------------------------------------------------------------------------------------------
LORRAINE_EXAMPLE = (3, 3, 3, 2, 3, 4, 3, 3)     # "33323433 ... is a P position"
PARSE_EXAMPLE = (2, 2, 2, 4, 4, 4, 4, 4)        # "in 22244444, x = 2, y = 4, n = 3, m = 5, ..."

# ----------------------------------------------------------------------------------------------
# §3: worked examples of partizan End-Nim
# ----------------------------------------------------------------------------------------------
# "Left's legal options from (2)(3)(1) are to (1)(3)(1), or (3)(1), while Right has only one
# legal move, to (2)(3)."
OPTIONS_231 = ((2, 3, 1), ("1,3,1", "3,1"), ("2,3",))
# "the left and right thresholds of 35551 are 14 and 18, while those of 35451 are 1 and 3
# (35551 in N and 35451 in L)"
THRESHOLDS = {(3, 5, 5, 5, 1): ("N", 14, 18), (3, 5, 4, 5, 1): ("L", 1, 3)}
# "The two L positions 15332 and 15232 have right thresholds of 11 and 2 respectively."
RIGHT_THRESHOLDS = {(1, 5, 3, 3, 2): ("L", 11), (1, 5, 2, 3, 2): ("L", 2)}
# "Consider w = 241. Then it is easy to see that w in N, and so 1w1 in N also. Moreover 5241 in
# P, and 2416 in P, so L(w) = 6 and R(w) = 7. Corollary 7 to follow then establishes that the
# triple point is 6w7"
W241 = {"w": (2, 4, 1), "type": "N", "1w1": "N", "P": ((5, 2, 4, 1), (2, 4, 1, 6)),
        "L, R": (6, 7), "triple point": (6, 7)}

# ----------------------------------------------------------------------------------------------
# §2, proof of Theorem 2: the case |x - y| > 1 (a move at the larger end reaches P), as printed
# ----------------------------------------------------------------------------------------------
THM2_PROOF_FAR_INTRO = ("Suppose first that we have a position where y > x + 1. Here and elsewhere "
                        "we will repeatedly make use of the symmetry of the game under reversal of "
                        "the original string, so this argument also deals with the case where "
                        "y < x − 1.")
THM2_PROOF_FAR = {
    "a": "If m > 1 then by reducing y to x or x + 1 we achieve 1 ↑ at the right hand end. If the "
         "left hand end is “top row” choose the x option, if it’s “bottom row” choose the x + 1 "
         "option.",
    "b": "We can choose similarly if m = 1, but |b − x| > 1.",
    "c": "If m = 1 and |b − x| ≤ 1 there are several cases to consider. Suppose that the x end is "
         "“top row”. If b = x + 1 we achieve 1↑ at the right, by reducing y to x. If b = x our "
         "options of either reducing y to x or deleting it entirely, allow us to achieve an even or "
         "an odd number of x’s at the tail of the string, and we choose whichever one is "
         "appropriate to the new transition. If b = x − 1 then by reducing y to x − 1 or deleting "
         "it entirely, we achieve a suitable bottom row position.",
    "d": "If the x-end was bottom row then reducing y to x + 1 achieves 1 ↑ in all cases except "
         "when there is a singleton y, and the y-end is 1 ↓. In this case, if b = x or x + 1 then "
         "reducing y to b or deleting it entirely will achieve an appropriate cell. If b = x − 1 "
         "then reducing y to x achieves 1 ↓.",
}
# Ours, beside (b): "similarly" gives the tail b x (or b (x+1)) a 1↑ cell only when b > x + 1; when
# b < x − 1 the new last stack is above b, a 1↓ cell (bottom row), so the targets move down by one
# (002.thm2.proof.far-b.corrected).
THM2_PROOF_FAR_B_CORRECTED = ("If m = 1 and b > x + 1, reduce y to x (left end top row) or x + 1 "
                              "(bottom row), giving 1↑ at the right; if m = 1 and b < x − 1, reduce "
                              "y to x − 1 (left end top row) or x (bottom row), giving 1↓ at the "
                              "right.")
