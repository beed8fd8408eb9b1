"""Claims of seed 002: M. H. Albert and R. J. Nowakowski, "The game of End-Nim", Electron. J.
Combin. 8(2) (2001) #R1, as encoded verification claims (family ``endnim``).

Sections cited are the paper's: §2 (impartial End-Nim: the a4b table, Proposition 1 and the "at
most four good moves" remark, Theorem 2 and Lorraine's arrow diagram), §3 (partizan End-Nim:
Lemma 3, the thresholds R, L, Proposition 4, Lemma 5, phase diagrams and triple points,
Corollaries 6 and 7, R*, L* and Proposition 8, and the worked examples 35551, 35451, 241, 15332,
15232).  The seed's printed text is in :mod:`.data`, the checking machinery in :mod:`.proofs`.

Strings are tuples of positive integers; ``a w b`` is the string with first stack ``a``, last
stack ``b``.  Every check is a function of the tables it declares (full tables of all strings up
to a length and stack size, and long rows ``endnim_row``).  Statements about thresholds and phase
diagrams reach beyond any full table: those claims declare no table and use the exact
row/rectangle method :func:`gtables.games.endnim.frame` (and :func:`~gtables.games.endnim.
thresholds`, built on it), which tests/test_endnim.py checks against full tables and the generic
engine, and tests/test_seed002.py against brute force.
"""
from __future__ import annotations

import functools
import itertools
import re

import numpy as np

from ...engine.values import OUTCOME_LETTERS as LETTER
from ...engine.values import L, N, P, R
from ...games import endnim as E
from ...games import parse as parse_spec
from ..claims import MAX_EXAMPLES, Claim, Counterexample, check_all, verdict
from . import data as D
from .proofs import (
    FAR_CASES,
    arrow_all,
    arrow_p,
    end_moves,
    far_end_moves,
    not_ruled_out,
    predicted_diagram,
    symmetric_reading,
    triple_point,
)
from .reports import rows_markdown, rows_table

SEED = "seed 002"
CONV_I = "impartial: Grundy values, P iff G = 0"
CONV_P = "partizan outcome classes P, N, L (Left wins whoever starts), R; Left moves the first stack"
SWAP_LR = np.array([P, N, R, L], dtype=np.int64)   # outcome code of the reversed string

# full tables: (len, max) pairs per scale, both modes
FULL = {"small": ((4, 4), (6, 2)), "default": ((6, 6), (10, 3)), "large": ((8, 8), (12, 3))}
# strings w for threshold / phase-diagram claims: lengths 1..k, entries 1..h
CORES = {"small": (3, 3), "default": (4, 6), "large": (5, 7)}
ROWS_B = {"small": 512, "default": 16384, "large": 1 << 17}
EXTRA_ROW_PREFIXES = ((1,), (2,), (3,), (1, 1), (1, 2), (2, 1), (2, 2), (1, 3), (3, 1), (2, 3),
                      (1, 1, 1), (1, 2, 1), (2, 4), (3, 4), (4, 4), (1, 4, 1))
# every string a w b of length <= 3 with stacks <= 16: the printed a4b table is a slice of it
A4B_SPEC = "endnim:mode=impartial,len=3,max=16"
# every string of length <= 8 with stacks <= 4: the worked examples of §2
EXAMPLES_SPEC = "endnim:mode=impartial,len=8,max=4"


def _spec(mode, lmax, hmax):
    return f"endnim:mode={mode},len={lmax},max={hmax}"


def _full_specs(scale, mode):
    return tuple(_spec(mode, lm, hm) for lm, hm in FULL[scale])


def _full_domain(scale):
    return "; ".join(f"every string of length <= {lm}, stacks <= {hm}" for lm, hm in FULL[scale])


def _row_spec(prefix, size):
    return f"endnim_row:mode=impartial,prefix={'.'.join(map(str, prefix))},size={size}"


def _fmt(s) -> str:
    return E.format_string(s)


def _cores(scale):
    k, h = CORES[scale]
    for n in range(1, k + 1):
        yield from itertools.product(range(1, h + 1), repeat=n)


def _cores_domain(scale, what="w"):
    k, h = CORES[scale]
    return f"every {what} of length 1..{k} with stacks 1..{h}"


def _first(values, classes, start=1):
    """Least index i >= start with values[i] in classes, or None."""
    hit = np.flatnonzero(np.isin(values[start:], classes))
    return int(hit[0]) + start if hit.size else None


def _lookup(t, s):
    """Values of the padded strings ``s`` in the full table ``t``."""
    return t.values[t.space.rank_array(s)]


def _values_of(t, strings):
    """Values of plain strings (tuples) in the full table ``t``."""
    width = t.space.max_len
    s = np.array([list(x) + [0] * (width - len(x)) for x in strings], dtype=np.int64)
    return [int(v) for v in _lookup(t, s.reshape(len(strings), width))]


def a4b_matrix(t) -> np.ndarray:
    """``M[a-1, b-1]`` = G(a 4 b), 1 <= a, b <= 16, out of a full table of strings of length
    >= 3 and stacks >= 16."""
    n = D.A4B_SIZE
    a, b = np.meshgrid(np.arange(1, n + 1), np.arange(1, n + 1), indexing="ij")
    s = np.zeros((n * n, t.space.max_len), dtype=np.int64)
    s[:, 0], s[:, 1], s[:, 2] = a.reshape(-1), 4, b.reshape(-1)
    return np.asarray(_lookup(t, s), dtype=np.int64).reshape(n, n)


CHUNK = 1 << 20


def _chunks(t):
    """``(strings, lengths, values)`` of a full table, a million strings at a time."""
    vals = t.values
    for lo in range(0, t.space.size, CHUNK):
        s = t.space.unrank(np.arange(lo, min(t.space.size, lo + CHUNK)))
        yield s, t.space.lengths(s), vals[lo:lo + len(s)]


def _drop_first(s):
    out = np.zeros_like(s)
    out[:, :-1] = s[:, 1:]
    return out


class _Tally:
    """Counterexamples of a check over table chunks: the first :data:`MAX_EXAMPLES` kept, all
    counted (so the verdict says how many differ, not how many were listed)."""

    def __init__(self):
        self.checked, self.differing, self.shown = 0, 0, []

    def add(self, mask, example):
        """Count the positions of boolean ``mask`` as failures; ``example(i)`` builds the
        :class:`Counterexample` of flat index ``i`` (called for the first few only)."""
        bad = np.flatnonzero(mask)
        self.differing += int(bad.size)
        room = MAX_EXAMPLES - len(self.shown)
        self.shown += [example(int(i)) for i in bad[:max(room, 0)]]

    def verdict(self, domain, details="", noun="positions"):
        return verdict(domain, self.shown, checked=self.checked, details=details, noun=noun,
                       differing=self.differing)


# ----------------------------------------------------------------------------------------------
# §2: the a4b table as printed
# ----------------------------------------------------------------------------------------------
def a4b_claims(scale: str) -> list[Claim]:
    def table(T):
        t = a4b_matrix(T[A4B_SPEC])
        readings = D.a4b_readings()
        cases, notes, total = [], [], 0
        for a in range(1, D.A4B_SIZE + 1):
            segs = readings[a]
            comp = tuple(int(v) for v in t[a - 1])
            if not segs:
                cases.append(Counterexample(f"row a={a}", D.A4B_PRINTED[a], "no 16-entry reading"))
                continue
            # the reading nearest to the computed row: any cell it still differs in is a real
            # difference, since no reading of the printed digits agrees there
            best = min(segs, key=lambda s: sum(x != y for x, y in zip(s, comp)))
            for b in range(D.A4B_SIZE):
                total += 1
                cases.append((f"{a},4,{b + 1}", best[b], comp[b]))
            notes.append(f"a={a}: {len(segs)} readings")
        details = ("computed rows a=1..16 (b=1..16): " +
                   " / ".join(" ".join(map(str, t[a])) for a in range(D.A4B_SIZE)) +
                   ". Readings of the glued digit runs per row: " + ", ".join(notes))
        return verdict("the printed table, 1 <= a, b <= 16", cases, checked=total,
                       details=details, noun="cells")

    def intrusions(T):
        t = a4b_matrix(T[A4B_SPEC])
        cases = []
        for k in (3, 4):
            m = 1 << k
            block = t[:m - 1, :m - 1]            # a, b = 1..2^k - 1
            cases.append((f"k={k}: a, b < {m}", "some value >= 2^k",
                          "some value >= 2^k" if (block >= m).any() else "none"))
        return check_all(cases, "blocks a, b < 8 and a, b < 16 of the a4b table",
                         details="e.g. G(2,4,7) = " + str(int(t[1, 6])))

    def printed_symmetric(T):
        readings = D.a4b_readings()
        n = D.A4B_SIZE
        pairs = [(a, b) for a in range(1, n + 1) for b in range(a + 1, n + 1)]
        dom = "the printed table, pairs 1 <= a < b <= 16"
        choice, count = symmetric_reading(readings)
        if choice is None:
            # pairs no two readings can make equal, else the search's verdict as a whole
            cases = []
            for a, b in pairs:
                va = {r[b - 1] for r in readings[a]}
                vb = {r[a - 1] for r in readings[b]}
                if not va & vb:
                    cases.append(Counterexample(f"{a},4,{b} vs {b},4,{a}", "equal",
                                                f"{sorted(va)} vs {sorted(vb)}"))
            if not cases:
                cases = [Counterexample("rows a = 1..16", "one reading per row, symmetric",
                                        "no such choice of readings")]
            return verdict(dom, cases, checked=len(pairs), noun="pairs",
                           details="no reading of the printed digit runs is symmetric")
        cases = [(f"{a},4,{b} vs {b},4,{a}", choice[a - 1][b - 1], choice[b - 1][a - 1])
                 for a, b in pairs]
        return verdict(dom, cases, noun="pairs",
                       details=("exactly one" if count == 1 else "more than one") +
                       " choice of readings of the printed digit runs (one per row) is symmetric; "
                       "the symmetric reading: " +
                       " / ".join(" ".join(map(str, r)) for r in choice))

    def computed_symmetric(T):
        t = a4b_matrix(T[A4B_SPEC])
        n = D.A4B_SIZE
        cases = [(f"G({a},4,{b}) vs G({b},4,{a})", int(t[a - 1, b - 1]), int(t[b - 1, a - 1]))
                 for a in range(1, n + 1) for b in range(a + 1, n + 1)]
        return verdict("the computed table, pairs 1 <= a < b <= 16", cases, noun="pairs")

    return [
        Claim("002.a4b-table", f"{SEED} §2 (table of nim-values of a4b)",
              "The nim-values G(a 4 b) for 1 <= a, b <= 16 are as printed.", table,
              tables=(A4B_SPEC,),
              reading="The extracted text glues adjacent entries into digit runs (e.g. '1234678'); "
                      "a row is read as every split of its runs into 16 numbers 0..63 (one or two "
                      "digits, no leading zero), and the reading nearest to the computed row is "
                      "compared cell by cell. The number of readings per row is in the details.",
              convention=CONV_I),
        Claim("002.a4b-intrusions", f"{SEED} §2 (remark after the table)",
              "Values 2^k or larger intrude into the blocks of positions a4b with a, b < 2^k.",
              intrusions, tables=(A4B_SPEC,), convention=CONV_I),
        Claim("002.a4b-symmetric.printed", f"{SEED} §2 (table of nim-values of a4b)",
              "The printed table is symmetric: the entry of row a, column b equals that of row b, "
              "column a (a 4 b is b 4 a reversed, the same game: 'the symmetry of the game under "
              "reversal of the original string', proof of Theorem 2).", printed_symmetric,
              reading="On the printed text alone (no computed table): some choice of one reading "
                      "per row of the glued digit runs (as in 002.a4b-table) makes the 16 x 16 "
                      "table symmetric. Checked over the 120 pairs a < b of that reading; the "
                      "details say whether the symmetric reading is unique.",
              convention=CONV_I),
        Claim("002.a4b-symmetric", f"{SEED} §2 (table of nim-values of a4b)",
              "G(a 4 b) = G(b 4 a) for 1 <= a, b <= 16 (rows and columns of the table agree).",
              computed_symmetric, tables=(A4B_SPEC,), convention=CONV_I),
    ]


# ----------------------------------------------------------------------------------------------
# §2: rows a w b, b -> G(a w b): ultimately arithmetico-periodic
# ----------------------------------------------------------------------------------------------
A4B_PREFIXES = tuple((a, 4) for a in range(1, D.A4B_SIZE + 1))


def rows_claims(scale: str) -> list[Claim]:
    B = ROWS_B[scale]
    a4b_specs = tuple(_row_spec(p, B) for p in A4B_PREFIXES)
    extra_specs = tuple(_row_spec(p, B) for p in EXTRA_ROW_PREFIXES)
    row_note = ("Rows are read from endnim_row tables (the row a w b, b = 0..size, with the strings "
                "it depends on).")

    def rows_of(T, prefixes):
        return rows_table(prefixes, B, row=lambda p: E.row_of_table(T[_row_spec(p, B)]))

    def periodic(T):
        rows = rows_of(T, A4B_PREFIXES)
        extra = rows_of(T, EXTRA_ROW_PREFIXES)
        cases = [(f"{r['prefix']},b", "ultimately arithmetico-periodic",
                  "ultimately arithmetico-periodic" if r["period"] else "no period found")
                 for r in rows]
        # a row without a settled period within b <= B is undecided, not a counterexample
        undecided = any(not r["period"] for r in rows)
        return verdict(f"rows a4b, a = 1..16, b = 1..{B}", cases,
                       status="OPEN" if undecided else None,
                       details="Observed on a finite row, not proved (the paper proves it for the "
                               "first few a, argument not given). G(a 4 b) = G(a 4 (b-p)) + s for "
                               "b >= from:\n" + rows_markdown(rows) +
                               "\nOther short rows:\n" + rows_markdown(extra),
                       data={"a4b": rows, "other": extra})

    def pow2(T):
        rows = rows_of(T, A4B_PREFIXES)
        cases = [(f"{r['prefix']},b", "period a power of two",
                  "period a power of two" if r["period"] and r["period"] & (r["period"] - 1) == 0
                  else f"period {r['period']}") for r in rows if r["period"]]
        return check_all(cases, f"rows a4b, a = 1..16, periods observed on b <= {B}",
                         details="periods: " + ", ".join(f"a={r['prefix'].split(',')[0]}: "
                                                         f"{r['period']}" for r in rows))

    def saltus_eq_period(T):
        rows = rows_of(T, A4B_PREFIXES)
        cases = [(f"{r['prefix']},b", "saltus = period", "saltus = period"
                  if r["period"] and r["saltus"] == r["period"] else
                  f"period {r['period']}, saltus {r['saltus']}") for r in rows]
        return check_all(cases, f"rows a4b, a = 1..16, observed on b <= {B}")

    return [
        Claim("002.rows-a4b-pow2.corrected", f"{SEED} §2 (remark after the table), corrected",
              "Ours: " + D.ROWS_PERIODS_CORRECTED + ".", saltus_eq_period, tables=a4b_specs,
              correction_of="002.rows-a4b-pow2", convention=CONV_I, reading=row_note),
        Claim("002.rows-a4b-periodic", f"{SEED} §2 (remark after the table)",
              "Within each row a = 1..16 the sequence b -> G(a 4 b) is ultimately "
              "arithmetico-periodic: G(a 4 (b+p)) = G(a 4 b) + s for b beyond a pre-period.",
              periodic, tables=a4b_specs + extra_specs, convention=CONV_I,
              reading="Smallest period (with saltus) whose fit holds on at least the last half of "
                      "b = 1..size and on at least 4 full periods (proofs.settled_period); an "
                      "observation on a finite row. " + row_note),
        Claim("002.rows-a4b-pow2", f"{SEED} §2 (remark after the table)",
              "The ultimate periods of the rows a4b are powers of two (which occasionally double).",
              pow2, tables=a4b_specs, convention=CONV_I,
              reading="'the ultimate periods (being of lengths a power of two)': each observed "
                      "period of the rows a = 1..16 is a power of two. " + row_note),
    ]


# ----------------------------------------------------------------------------------------------
# §2: Proposition 1, the "at most four good moves" remark, Theorem 2 (Lorraine's arrow diagram)
# ----------------------------------------------------------------------------------------------
def theorem2_claims(scale: str) -> list[Claim]:
    specs = _full_specs(scale, "impartial")
    dom = _full_domain(scale)

    def prop1(T):
        tally = _Tally()
        for spec in specs:
            for s, k, v in _chunks(T[spec]):
                last = s[np.arange(len(s)), np.maximum(k - 1, 0)]
                mask = (v == 0) & (k >= 2)
                tally.checked += int(mask.sum())
                gap = np.abs(s[:, 0] - last)
                tally.add(mask & (gap > 1), lambda i, s=s, gap=gap: Counterexample(
                    _fmt(s[i]), "|x-y| <= 1", f"|x-y| = {gap[i]}"))
        return tally.verdict(f"P-positions xwy (x, y > 0) among {dom}")

    def thm2(T):
        tally = _Tally()
        for spec in specs:
            for s, _k, v in _chunks(T[spec]):
                pred = arrow_all(s)
                comp = v == 0
                tally.checked += comp.size
                tally.add(pred != comp, lambda i, s=s, pred=pred, comp=comp: Counterexample(
                    _fmt(s[i]), "P" if pred[i] else "N", "P" if comp[i] else "N"))
        return tally.verdict(dom, details="every string: the arrow-diagram rule <=> G = 0",
                             noun="strings")

    def examples(T):
        t = T[EXAMPLES_SPEC]
        lorraine, parse = D.LORRAINE_EXAMPLE, D.PARSE_EXAMPLE
        powers = [(3,) * n for n in range(1, 9)]
        g = _values_of(t, [lorraine, parse, ()] + powers)
        cases = [("33323433 (Lorraine's example)", "P", "P" if g[0] == 0 else "N"),
                 ("33323433 by the arrow rule", "P", "P" if arrow_p(np.array(lorraine)) else "N"),
                 ("22244444 (x=2, y=4: |x-y| > 1)", "N", "P" if g[1] == 0 else "N")]
        for n_ in range(1, 9):
            cases.append((f"x^{n_} (x = 3)", "P" if n_ % 2 == 0 else "N",
                          "P" if g[2 + n_] == 0 else "N"))
        cases.append(("- (empty)", "P", "P" if g[2] == 0 else "N"))
        return check_all(cases, "the worked examples of §2 and the strings x^n, n <= 8")

    def moves_of(t, s, k, values=True):
        """Per string: moves Proposition 1 leaves (candidates), and when ``values``: moves to
        P-positions, and moves to P-positions that are not candidates."""
        cand = np.zeros(len(s), np.int64)
        to_p = np.zeros(len(s), np.int64)
        to_p_excluded = np.zeros(len(s), np.int64)
        for sel, o, ko in end_moves(s, k, t.space.max_entry):
            ok = not_ruled_out(o, ko)
            cand[sel] += ok
            if values:
                p_move = _lookup(t, o) == 0
                to_p[sel] += p_move
                to_p_excluded[sel] += p_move & ~ok
        return cand, to_p, to_p_excluded

    def four(T):
        tally = _Tally()
        worst = 0
        for spec in specs:
            t = T[spec]
            for s, k, _v in _chunks(t):
                c = moves_of(t, s, k, values=False)[0]
                tally.checked += len(s)
                worst = max(worst, int(c.max()))
                tally.add(c > D.FOUR_GOOD_MOVES_BOUND, lambda i, s=s, c=c: Counterexample(
                    _fmt(s[i]), f"<= {D.FOUR_GOOD_MOVES_BOUND} potential good moves",
                    f"{c[i]} moves not ruled out by Proposition 1"))
        return tally.verdict(dom, noun="positions",
                             details=f"most potential good moves from one position: {worst}")

    def four_corrected(T):
        tally = _Tally()
        worst_c = worst_p = 0
        for spec in specs:
            t = T[spec]
            for s, k, _v in _chunks(t):
                c, to_p, excluded = moves_of(t, s, k)
                tally.checked += len(s)
                worst_c = max(worst_c, int(c.max()))
                worst_p = max(worst_p, int(to_p.max()))
                tally.add(c > D.CANDIDATE_MOVES_CORRECTED, lambda i, s=s, c=c: Counterexample(
                    _fmt(s[i]), f"<= {D.CANDIDATE_MOVES_CORRECTED} candidate moves",
                    f"{c[i]} candidate moves"))
                tally.add(excluded > 0, lambda i, s=s, e=excluded: Counterexample(
                    _fmt(s[i]), "every move to P is a candidate",
                    f"{e[i]} moves to P ruled out by Proposition 1"))
                tally.add(to_p > D.P_MOVES_CORRECTED, lambda i, s=s, p=to_p: Counterexample(
                    _fmt(s[i]), f"<= {D.P_MOVES_CORRECTED} moves to P", f"{p[i]} moves to P"))
        return tally.verdict(dom, noun="positions",
                             details=f"most candidate moves from one position: {worst_c}; most "
                                     f"moves to P-positions: {worst_p}")

    def far(letter: str, corrected: bool = False):
        """The proof's case ``letter`` of |x - y| > 1: on every string of the full tables in that
        case (oriented so that y > x + 1), one of the prescribed moves reaches a P-position."""
        code = FAR_CASES.index(letter) + 1

        def check(T):
            tally = _Tally()
            boxes = []                           # (len, max) of the tables read before
            for spec in far_specs:
                t = T[spec]
                for s, k, _v in _chunks(t):
                    case, oriented, out, count = far_end_moves(s, corrected)
                    top = s.max(axis=1)
                    seen = np.zeros(len(s), dtype=bool)
                    for lm, hm in boxes:         # each string once
                        seen |= (k <= lm) & (top <= hm)
                    sel = np.flatnonzero((case == code) & ~seen)
                    if not sel.size:
                        continue
                    tally.checked += int(sel.size)
                    ok = np.zeros(sel.size, dtype=bool)
                    for j in range(2):
                        has = count[sel] > j
                        if has.any():
                            p = np.zeros(sel.size, dtype=bool)
                            p[has] = _lookup(t, out[sel[has], j]) == 0
                            ok |= p
                    tally.add(~ok, lambda i, t=t, o=oriented[sel], r=out[sel], c=count[sel]:
                              _far_example(t, o[i], r[i, :c[i]]))
                boxes.append((t.space.max_len, t.space.max_entry))
            return tally.verdict(f"the strings with |x - y| > 1 in case ({letter}) among {far_dom}, "
                                 f"each once, oriented so that y > x + 1", noun="strings")
        return check

    # the full tables and every string of length <= 3 with stacks <= 16 (the a4b table's; at
    # small scale the only strings where (b) can fail: b < x - 1 < y - 2 needs stacks up to 5)
    far_specs = specs + (A4B_SPEC,)
    far_dom = dom + "; every string of length <= 3, stacks <= 16"

    far_read = ("x^n a w b y^m as in 002.thm2 (for x^n y^m: a = y, b = x), each string with |x - "
                "y| > 1 taken once, reversed when y < x - 1 (the proof's symmetry); 'reducing y to "
                "v' lowers the last stack to v, 'deleting it' removes it; top row = cells 1↑ and "
                "2↓ (the reading of 002.thm2). A case holds on a string when one of the moves it "
                "names reaches a P-position (G = 0 in the table).")
    far_claims = [
        Claim("002.thm2.proof.far-a", f"{SEED} §2 proof of Theorem 2, case |x - y| > 1, m > 1",
              D.THM2_PROOF_FAR_INTRO + " " + D.THM2_PROOF_FAR["a"], far("a"), tables=far_specs,
              convention=CONV_I, reading=far_read),
        Claim("002.thm2.proof.far-b", f"{SEED} §2 proof of Theorem 2, case |x - y| > 1, m = 1, "
              "|b - x| > 1", D.THM2_PROOF_FAR["b"], far("b"), tables=far_specs, convention=CONV_I,
              reading=far_read + " 'Similarly' = as in (a): reduce y to x if the left end is top "
                                 "row, to x + 1 if it is bottom row."),
        Claim("002.thm2.proof.far-b.corrected", f"{SEED} §2 proof of Theorem 2 (our correction of "
              "case (b))", "Ours: " + D.THM2_PROOF_FAR_B_CORRECTED, far("b", corrected=True),
              tables=far_specs, correction_of="002.thm2.proof.far-b", convention=CONV_I,
              reading=far_read),
        Claim("002.thm2.proof.far-c", f"{SEED} §2 proof of Theorem 2, case |x - y| > 1, m = 1, "
              "|b - x| <= 1, left end top row", D.THM2_PROOF_FAR["c"], far("c"), tables=far_specs,
              convention=CONV_I, reading=far_read),
        Claim("002.thm2.proof.far-d", f"{SEED} §2 proof of Theorem 2, case |x - y| > 1, m = 1, "
              "|b - x| <= 1, left end bottom row", D.THM2_PROOF_FAR["d"], far("d"),
              tables=far_specs, convention=CONV_I,
              reading=far_read + " Here y > x + 1 >= b, so the y-end is always 1↓ (the "
                                 "exception the text names): the moves checked are the "
                                 "exception's."),
    ]

    return [
        Claim("002.prop1", f"{SEED} §2 Proposition 1",
              "If x w y is a P-position with x, y > 0 then |x - y| <= 1.", prop1,
              tables=specs, convention=CONV_I,
              reading="x w y: any string of length >= 2 (w may be empty); x first, y last stack."),
        Claim("002.four-good-moves", f"{SEED} §2 (after Proposition 1)",
              D.FOUR_GOOD_MOVES_TEXT + ".", four, tables=specs, convention=CONV_I,
              reading="A potential good move is one Proposition 1 does not rule out as a move to "
                      "a P-position: to the empty string, or to a string of two or more stacks "
                      "whose end stacks differ by at most 1 (a single non-empty stack is N). "
                      "Counted move by move on every position of the full tables (moves at both "
                      "ends; a single stack's moves once). The weaker reading 'at most four moves "
                      "lead to P-positions' is implied by 002.four-good-moves.corrected."),
        Claim("002.four-good-moves.corrected", f"{SEED} §2 (after Proposition 1), corrected",
              f"Ours: from any position at most {D.CANDIDATE_MOVES_CORRECTED} moves are not ruled "
              f"out by Proposition 1 (lowering the larger end to within 1 of the other: 3 values, "
              f"or 1 at each end when the ends are equal; and the two deletions), every move to "
              f"a P-position is one of them, and at most {D.P_MOVES_CORRECTED} moves lead to "
              f"P-positions (the results of the moves at one end are options of one another).",
              four_corrected, tables=specs, correction_of="002.four-good-moves",
              convention=CONV_I,
              reading="Every move of every position of the full tables, its result looked up in "
                      "the table."),
        Claim("002.thm2", f"{SEED} §2 Theorem 2 (Lorraine's diagram)",
              "The P-positions of impartial End-Nim are exactly those described by the arrow "
              "diagram (up down / down up), the strings x^n with n even, and the empty string.",
              thm2, tables=specs, convention=CONV_I,
              reading="The diagram is read as rows: top = (column 1 up, column 2 down), bottom = "
                      "(column 1 down, column 2 up), as the worked example 33323433 (cells 1-down "
                      "and 2-up on one level) requires. 'The order relationship between x and y is "
                      "the same as the relationship of the heights of the cells' is read as: x > y "
                      "iff the left end's cell is higher, x < y iff lower, x = y iff level."),
        Claim("002.thm2-examples", f"{SEED} §2 (examples)",
              "33323433 is a P-position (x=3, n=3, a=2: cell 1-down; y=3, m=2, b=4: cell 2-up; "
              "same level); 22244444 has x=2, y=4 so is not P; x^n is P iff n is even.",
              examples, tables=(EXAMPLES_SPEC,), convention=CONV_I),
    ] + far_claims


def _far_example(t, oriented, results) -> Counterexample:
    """A string where the proof's prescribed moves (``results``) all miss P: the moves, and the
    moves at its larger (last) end that do reach P."""
    s = tuple(int(v) for v in oriented if v)
    y = s[-1]
    tried = [tuple(int(v) for v in r if v) for r in results]
    others = [s[:-1] + ((v,) if v else ()) for v in range(y)]
    wins = [o for o, g in zip(others, _values_of(t, others)) if g == 0]
    return Counterexample(
        _fmt(s), "a move to P: " + " or ".join(_fmt(r) if r else "-" for r in tried),
        " and ".join(f"{_fmt(r) if r else '-'} is N" for r in tried) + "; the move to P at that "
        "end: " + (", ".join(_fmt(w) if w else "-" for w in wins) or "none"))


# ----------------------------------------------------------------------------------------------
# Both games: the symmetry under reversal of the string
# ----------------------------------------------------------------------------------------------
def reversal_claims(scale: str) -> list[Claim]:
    specs = _full_specs(scale, "impartial") + _full_specs(scale, "partizan")

    def reversal(T):
        tally = _Tally()
        for spec in specs:
            t = T[spec]
            partizan = t.params["mode"] == "partizan"
            for s, k, v in _chunks(t):
                j = np.arange(s.shape[1])[None, :]
                src = np.clip(k[:, None] - 1 - j, 0, s.shape[1] - 1)
                rev = np.where(j < k[:, None], np.take_along_axis(s, src, axis=1), 0)
                got = np.asarray(_lookup(t, rev), dtype=np.int64)
                want = SWAP_LR[v] if partizan else np.asarray(v, dtype=np.int64)
                tally.checked += len(s)

                def example(i, s=s, rev=rev, got=got, want=want, partizan=partizan):
                    show = (lambda c: LETTER[c]) if partizan else str
                    return Counterexample(f"{_fmt(rev[i])} (reversal of {_fmt(s[i])})",
                                          show(want[i]), show(got[i]))
                tally.add(got != want, example)
        return tally.verdict("both modes: " + _full_domain(scale), noun="strings")

    return [Claim("002.reversal", f"{SEED} §2 (proof of Theorem 2) and §3",
                  "The game is symmetric under reversal of the string: G(reverse w) = G(w) in "
                  "impartial End-Nim, and in partizan End-Nim reversing w swaps the roles of Left "
                  "and Right (outcome classes L and R exchange, P and N stay).", reversal,
                  tables=specs, convention=CONV_I + "; " + CONV_P,
                  reading="'we will repeatedly make use of the symmetry of the game under reversal "
                          "of the original string' (§2) and 'corresponding results apply "
                          "symmetrically to the other player' (§3), on every string of the full "
                          "tables of both modes.")]


# ----------------------------------------------------------------------------------------------
# §3: partizan End-Nim on full tables: Lemma 3, Lemma 5, Corollary 6, 1w1
# ----------------------------------------------------------------------------------------------
def partizan_table_claims(scale: str) -> list[Claim]:
    specs = _full_specs(scale, "partizan")
    dom = _full_domain(scale)

    def lemma3(T):
        tally = _Tally()
        for spec in specs:
            t = T[spec]
            for s, k, v in _chunks(t):
                r = np.arange(len(s))
                live = k >= 1
                kk = np.maximum(k - 1, 0)
                # Right: one box from the last stack, or the whole last stack
                whole = s.copy()
                whole[r, kk] = 0
                one = s.copy()
                one[r, kk] -= 1
                one = np.where((one[r, kk] == 0)[:, None], whole, one)
                ok_r = np.isin(_lookup(t, one), (P, R)) | np.isin(_lookup(t, whole), (P, R))
                # Left: the same at the first stack
                wl = _drop_first(s)
                ol = s.copy()
                ol[:, 0] -= 1
                ol = np.where((ol[:, 0] == 0)[:, None], wl, ol)
                ok_l = np.isin(_lookup(t, ol), (P, L)) | np.isin(_lookup(t, wl), (P, L))
                right_wins = live & np.isin(v, (R, N))
                left_wins = live & np.isin(v, (L, N))
                tally.checked += int(right_wins.sum() + left_wins.sum())
                for who, need, ok in (("Right", right_wins, ok_r), ("Left", left_wins, ok_l)):
                    tally.add(need & ~ok, lambda i, s=s, who=who: Counterexample(
                        f"{_fmt(s[i])} ({who} moves first, wins)",
                        "one box or the whole stack wins", "neither wins"))
        return tally.verdict(dom + "; positions the mover wins, both players")

    def lemma5(T):
        tally = _Tally()
        for spec in specs:
            t = T[spec]
            H = t.space.max_entry
            for s, k, v in _chunks(t):
                r = np.arange(len(s))
                kk = np.maximum(k - 1, 0)
                sel = (v == P) & (k >= 2) & (s[:, 0] < H) & (s[r, kk] < H)
                low = s[sel]
                up = low.copy()
                up[:, 0] += 1
                up[np.arange(len(up)), kk[sel]] += 1
                got = _lookup(t, up)
                tally.checked += int(sel.sum())
                tally.add(got != P, lambda i, low=low, up=up, got=got: Counterexample(
                    f"{_fmt(low[i])} in P -> {_fmt(up[i])}", "P", LETTER[got[i]]))
        return tally.verdict(f"P-positions awb (length >= 2, w may be empty) among {dom}, "
                             f"with a+1, b+1 in range")

    def cor6(T):
        tally = _Tally()
        for spec in specs:
            for s, k, v in _chunks(T[spec]):
                even = k % 2 == 0
                tally.checked += int(even.sum())
                tally.add(even & (v == N), lambda i, s=s: Counterexample(_fmt(s[i]), "not N", "N"))
        return tally.verdict(f"strings of even length among {dom}")

    def one_w_one(T):
        tally = _Tally()
        for spec in specs:
            t = T[spec]
            Lm = t.space.max_len
            for s, k, v in _chunks(t):
                # type(1 w 1) = type(w), w non-empty
                sel = (k >= 1) & (k <= Lm - 2)
                w = s[sel]
                vw = v[sel]
                ext = np.zeros_like(w)
                ext[:, 1:] = w[:, :-1]
                ext[:, 0] = 1
                ext[np.arange(len(w)), k[sel] + 1] = 1
                got = _lookup(t, ext)
                tally.checked += len(w)
                tally.add(got != vw, lambda i, w=w, vw=vw, got=got: Counterexample(
                    f"1,{_fmt(w[i])},1 vs {_fmt(w[i])}", LETTER[vw[i]], LETTER[got[i]]))
                # a w b in N (a, b >= 1) implies 1 w 1 in N
                sel = (k >= 2) & (v == N)
                src = s[sel]
                one = src.copy()
                one[:, 0] = 1
                one[np.arange(len(one)), k[sel] - 1] = 1
                got1 = _lookup(t, one)
                tally.checked += len(one)
                tally.add(got1 != N, lambda i, src=src, one=one, got1=got1: Counterexample(
                    f"{_fmt(src[i])} in N -> {_fmt(one[i])}", "N", LETTER[got1[i]]))
        return tally.verdict(dom)

    return [
        Claim("002.lemma3", f"{SEED} §3 Lemma 3",
              "If Right has a winning move from wx, then removing a single box or removing the "
              "entire stack is a winning move (and symmetrically for Left).", lemma3, tables=specs,
              convention=CONV_P,
              reading="'winning move' = a move to a position the mover wins as second player "
                      "(class P or R for Right, P or L for Left)."),
        Claim("002.lemma5", f"{SEED} §3 Lemma 5", "If awb is in P then (a+1)w(b+1) is in P.",
              lemma5, tables=specs, convention=CONV_P),
        Claim("002.cor6", f"{SEED} §3 Corollary 6", "There are no N-positions of even length.",
              cor6, tables=specs, convention=CONV_P),
        Claim("002.1w1", f"{SEED} §3 (before Corollary 6)",
              "The 1w1 entry of the phase diagram of w has the type of w (play from 1w1 is forced "
              "for two moves), and awb in N with a, b >= 1 implies 1w1 in N.", one_w_one,
              tables=specs, convention=CONV_P),
    ]


# ----------------------------------------------------------------------------------------------
# §3: thresholds, phase diagrams, R*, L* (exact rectangles beyond the full tables)
# ----------------------------------------------------------------------------------------------
FRAME_NOTE = ("Thresholds and phase diagrams reach beyond any full table: computed exactly by the "
              "row/rectangle method (games.endnim.frame, thresholds), which the tests check "
              "against full tables, the generic engine and brute force.")


@functools.cache
def _thr(w):
    """``E.thresholds(w)``, once per string: several claims ask for the same cores."""
    return E.thresholds(w)


def _tp(w):
    t = _thr(w)
    D_ = E.frame(w, t["L"] + 4, t["R"] + 4, E.PARTIZAN_MODE)
    return triple_point(D_)


def _prop8(cw: str, wins: str, a: int, own: int, other: int) -> int:
    """Proposition 8's R*(a w) for ``w`` of outcome ``cw`` (``wins`` = "L", ``own`` = L*(w),
    ``other`` = R*(w)); with "R" and the two exchanged, its dual L*(w a)."""
    if cw in wins + "P":
        return a + other
    if cw == "N":
        return 1 if a < own else a - own + other + 1
    return 1 + max(a + 1 - own, 0)


def threshold_claims(scale: str) -> list[Claim]:
    dom = _cores_domain(scale)
    SP = E.PARTIZAN_MODE
    memo: dict = {}      # the phase diagrams, shared by three claims of one run

    def bound(T):
        n, bad = 0, []
        for w in _cores(scale):
            S = sum(w)
            v = E.row(w, 2 * S + 8, SP)
            r = _first(v, (R,))
            n += 1
            if r is None or r > S + 1:
                bad.append(Counterexample(_fmt(w), f"R(w) <= {S + 1}", f"R(w) = {r}"))
            elif not np.all(v[r:] == R):
                y = r + int(np.flatnonzero(v[r:] != R)[0])
                bad.append(Counterexample(f"{_fmt(w)},{y}", "R (y >= R(w))", LETTER[v[y]]))
        return verdict(dom + ", y up to 2 sum(w) + 8", bad, checked=n)

    def rev(T):
        cases = []
        for w in _cores(scale):
            cases.append((_fmt(w), _thr(w)["L"], _thr(w[::-1])["R"]))
        return check_all(cases, dom, details="L(w) (computed from the strings x w) = R(reverse w)")

    def prop4(T):
        n, bad = 0, []
        pat = re.compile(r"^(N*R+|L*PR+)$")
        for w in _cores(scale):
            S = sum(w)
            for side, v in (("right", E.row(w, S + 8, SP)),
                            ("left", E.column(w, S + 8, SP))):
                word = "".join(LETTER[c] for c in v[1:])
                if side == "left":
                    word = word.translate(str.maketrans("LR", "RL"))
                n += 1
                if not pat.match(word):
                    bad.append(Counterexample(f"{side} phase diagram of {_fmt(w)}",
                                              "N..NR..R or L..LPR..R", word))
        return verdict(dom + ", i = 1..sum(w)+8 (right: w i; left: i w, L and R swapped)", bad,
                       checked=n)

    def diagrams():
        n, bad_tp, bad_diag, bad_c7, bad_even = 0, [], [], [], []
        for w in [()] + list(_cores(scale)):
            t = _thr(w) if w else {"L": 1, "R": 1, "outcome": "P"}
            a0, b0 = t["L"], t["R"]
            A = B = max(a0, b0) + 6
            F = E.frame(w, A, B, SP)
            tp = triple_point(F)
            n += 1
            label = _fmt(w) if w else "(empty w)"
            if tp is None:
                bad_tp.append(Counterexample(label, "a triple point", "no P in the grid"))
                continue
            pred = predicted_diagram(tp[0], tp[1], A, B)
            diff = np.argwhere(pred[1:, 1:] != F[1:, 1:]) + 1
            if len(diff):
                a, b = diff[0]
                bad_diag.append(Counterexample(f"{a},{label},{b}", LETTER[pred[a, b]],
                                               LETTER[F[a, b]]))
            if len(w) % 2 == 1:
                if tp != (a0, b0):
                    bad_c7.append(Counterexample(label, f"triple point (L, R) = ({a0}, {b0})",
                                                 f"{tp}"))
            else:
                want = {"L": (1, b0), "R": (a0, 1), "P": (1, 1)}.get(t["outcome"])
                if want is None or tp != want:
                    bad_even.append(Counterexample(label, f"{want} (w in {t['outcome']})", f"{tp}"))
        return n, bad_tp, bad_diag, bad_c7, bad_even

    def diag_claim(pick, what):
        def check(T):
            if "diagrams" not in memo:
                memo["diagrams"] = diagrams()
            n, *bads = memo["diagrams"]
            return verdict(f"w empty or {dom[6:]}; grid 1 <= a, b <= max(L(w), R(w)) + 6",
                           bads[0] + bads[pick], checked=n, details=what)
        return check

    def base_table(T):
        cases = []
        h = CORES[scale][1] + 2
        for a in range(1, h + 1):
            cases.append((f"{a}", ("N", (a + 1, a + 1)), (E.outcome((a,)), _tp((a,)))))
            for b in range(1, h + 1):
                want = ("P", (1, 1)) if a == b else (("L", (1, a + 1)) if a > b else ("R", (b + 1, 1)))
                cases.append((f"{a},{b}", want, (E.outcome((a, b)), _tp((a, b)))))
        return check_all(cases, f"strings a and ab, a, b <= {h}",
                         details="(type, triple point (first, last stack))")

    def type_rule(T):
        n, bad = 0, []
        lim = 8
        for w in [()] + list(_cores(scale)):
            S = sum(w)
            big = S + lim + 4
            F = E.frame(w, big, big, SP)
            ls_of = {b: _first(F[:, b], (L, N)) for b in range(1, lim + 1)}   # L*(w b)
            for a in range(1, lim + 1):
                rs = _first(F[a, :], (R, N))            # R*(a w)
                for b in range(1, lim + 1):
                    ls = ls_of[b]
                    n += 1
                    la, rb = a >= ls, b >= rs
                    want = {(True, False): L, (False, True): R, (True, True): N,
                            (False, False): P}[(la, rb)]
                    if want != F[a, b]:
                        bad.append(Counterexample(f"{a},{_fmt(w)},{b}" if w else f"{a},{b}",
                                                  LETTER[want], LETTER[F[a, b]]))
        return verdict(f"a w b, 1 <= a, b <= {lim}, w empty or {dom[6:]}", bad, checked=n)

    def prop8(T):
        n, bad = 0, []
        lim = 8
        for w in _cores(scale):
            t = _thr(w)
            cw, ls_w, rs_w = t["outcome"], t["Lstar"], t["Rstar"]
            S = sum(w)
            F = E.frame(w, S + lim + 4, S + lim + 4, SP)
            for a in range(1, lim + 1):
                # R*(a w), and the dual rule for L*(w a) (L and R, L* and R* exchanged)
                for got, want, name in (
                        (_first(F[a, :], (R, N)), _prop8(cw, "L", a, ls_w, rs_w),
                         f"R*({a},{_fmt(w)})"),
                        (_first(F[:, a], (L, N)), _prop8(cw, "R", a, rs_w, ls_w),
                         f"L*({_fmt(w)},{a})")):
                    n += 1
                    if got != want:
                        bad.append(Counterexample(f"{name}, w in {cw}", str(want), str(got)))
        h = 4 * CORES[scale][1]
        for a in range(1, h + 1):
            t = _thr((a,))
            n += 1
            if (t["Lstar"], t["Rstar"]) != (a + 1, a + 1):
                bad.append(Counterexample(f"L*({a}), R*({a})", f"{a + 1}, {a + 1}",
                                          f"{t['Lstar']}, {t['Rstar']}"))
        return verdict(f"R*(a w) and L*(w a), 1 <= a <= {lim}, {dom}; L*(a), R*(a) for a <= {h}",
                       bad, checked=n)

    def star_equal(T):
        cases = []
        for w in _cores(scale):
            if len(w) % 2 == 1:
                t = _thr(w)
                cases.append((_fmt(w), (t["L"], t["R"]), (t["Lstar"], t["Rstar"])))
        return check_all(cases, dom.replace("every w", "every w of odd length"),
                         details="(L, R) vs (L*, R*); the proof of Proposition 8 uses this for w in N")

    return [
        Claim("002.R-threshold", f"{SEED} §3 (after Lemma 3)",
              "For every non-empty w there is a least R(w) >= 1 with w R(w) in R; R(w) <= sum(w)+1, "
              "and w y is in R for every y >= R(w).", bound, convention=CONV_P,
              reading=FRAME_NOTE),
        Claim("002.L-is-reversed-R", f"{SEED} §3 (after Lemma 3)",
              "The L-threshold of a string is the R-threshold of its reversal.", rev,
              convention=CONV_P, reading=FRAME_NOTE),
        Claim("002.prop4", f"{SEED} §3 Proposition 4",
              "The right phase diagram (types of w i, i >= 1) is N..N R R.. or L..L P R R.. (and "
              "dually on the left).", prop4, convention=CONV_P,
              reading="Checked for i up to sum(w)+8, beyond the R-threshold bound. " + FRAME_NOTE),
        Claim("002.phase-diagram", f"{SEED} §3 (after Lemma 5)",
              "The phase diagram {a w b : a, b >= 1} is determined by its triple point (a0, b0): N "
              "for a < a0 and b < b0, P exactly on the diagonal a - a0 = b - b0 >= 0, L above it, R "
              "below/right of it.", diag_claim(1, "triple point = least a, then least b, among the "
                                                   "P cells of the grid"), convention=CONV_P,
              reading=FRAME_NOTE),
        Claim("002.cor7", f"{SEED} §3 Corollary 7",
              "If w has odd length then its triple point is L(w) w R(w).", diag_claim(2, ""),
              convention=CONV_P, reading=FRAME_NOTE),
        Claim("002.even-triple-point", f"{SEED} §3 (after Corollary 7)",
              "If w has even length its triple point is 1 w R(w) if w in L, L(w) w 1 if w in R, "
              "1 w 1 if w in P.", diag_claim(3, ""), convention=CONV_P, reading=FRAME_NOTE),
        Claim("002.base-diagrams", f"{SEED} §3 (base of the recursion)",
              "Types and triple points: a is N with triple point (a+1) a (a+1); aa is P, 1aa1; ab "
              "with a > b is L, 1ab(a+1); ab with b > a is R, (b+1)ab1.", base_table,
              convention=CONV_P, reading=FRAME_NOTE),
        Claim("002.type-rule", f"{SEED} §3 (the rules for awb by L*, R*)",
              "awb is L iff a >= L*(wb) and b < R*(aw); R iff a < L*(wb) and b >= R*(aw); N iff "
              "both >=; P iff both <.", type_rule, convention=CONV_P, reading=FRAME_NOTE),
        Claim("002.prop8", f"{SEED} §3 Proposition 8",
              "R*(aw) = a + R*(w) if w in {L, P}; if w in N, 1 if a < L*(w) else a - L*(w) + R*(w) "
              "+ 1; if w in R, 1 + max(a + 1 - L*(w), 0); dual rules for L*; L*(a) = R*(a) = a+1.",
              prop8, convention=CONV_P,
              reading="Dual rules: L*(wb) = b + L*(w) if w in {R, P}; if w in N, 1 if b < R*(w) "
                      "else b - R*(w) + L*(w) + 1; if w in L, 1 + max(b + 1 - R*(w), 0). " +
                      FRAME_NOTE),
        Claim("002.odd-star", f"{SEED} §3 (proof of Proposition 8)",
              "For w of odd length (in particular w in N) L(w) = L*(w) and R(w) = R*(w).",
              star_equal, convention=CONV_P, reading=FRAME_NOTE),
    ]


OPTIONS_SPEC = "endnim:mode=partizan,len=3,max=3"


def example_claims(scale: str) -> list[Claim]:
    def examples(T):
        cases = []
        for w, (typ, lt, rt) in D.THRESHOLDS.items():
            t = _thr(w)
            cases += [(f"{_fmt(w).replace(',', '')}: type", typ, t["outcome"]),
                      (f"{_fmt(w).replace(',', '')}: (L, R)", (lt, rt), (t["L"], t["R"]))]
        for w, (typ, rt) in D.RIGHT_THRESHOLDS.items():
            t = _thr(w)
            cases.append((f"{_fmt(w).replace(',', '')}: type, R", (typ, rt),
                          (t["outcome"], t["R"])))
        ex = D.W241
        w = ex["w"]
        t241 = _thr(w)
        cases += [("241: type", ex["type"], t241["outcome"]),
                  ("1,241,1: type", ex["1w1"], E.outcome((1,) + w + (1,)))]
        cases += [(f"{_fmt(p).replace(',', '')}: type", "P", E.outcome(p)) for p in ex["P"]]
        a0, b0 = ex["triple point"]
        cases += [("241: (L, R)", ex["L, R"], (t241["L"], t241["R"])),
                  ("241: triple point", ex["triple point"], _tp(w)),
                  (f"{a0},241,{b0}: type", "P", E.outcome((a0,) + w + (b0,)))]
        # the move generator itself (games.parse: the game, no table)
        pos, left, right = D.OPTIONS_231
        gm = parse_spec(OPTIONS_SPEC)
        i = gm.space.index(list(pos))
        lo = sorted(_fmt(gm.space.unrank([j])[0]) for j, _ in gm.options(i, 0)[1])
        ro = sorted(_fmt(gm.space.unrank([j])[0]) for j, _ in gm.options(i, 1)[1])
        cases.append(("options of 231", (sorted(left), sorted(right)), (lo, ro)))
        return check_all(cases, "the worked examples of §3")

    return [Claim("002.examples", f"{SEED} §3 (worked examples)",
                  "35551 is N with left and right thresholds 14 and 18; 35451 is L with thresholds "
                  "1 and 3; the L positions 15332 and 15232 have right thresholds 11 and 2; 241 is "
                  "N, so is 12411; 5241 and 2416 are P, L(241) = 6, R(241) = 7, triple point 6w7; "
                  "Left's options from 231 are 131 and 31, Right's only 23.", examples,
                  convention=CONV_P,
                  reading="'left and right thresholds' = L and R (the text says L*, R* agree for "
                          "these odd-length strings; see 002.odd-star). " + FRAME_NOTE +
                          " The options of 231 are those of our move generator.")]


def endnim_claims(scale: str) -> list[Claim]:
    return (a4b_claims(scale) + rows_claims(scale) + theorem2_claims(scale) +
            reversal_claims(scale) + partizan_table_claims(scale) + threshold_claims(scale) +
            example_claims(scale))
