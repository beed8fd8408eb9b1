"""The claims of seed 004 (致勝密碼, Nim-like games with conditions; SPEC §4), encoded from the
analysis in ``docs/claims/nimlike.md`` (its claim numbers C1.1 ... T6 are cited as ``doc``).

Outcomes: P = the player to move loses (the seed's 輸數 / ``E`` / ``EE``), N = the player to move
wins.  With Cond(3) every set the seed prints is for the start of a game (no previous amount,
``last = none``), and so are our predicates.

Every check is a function of the tables its claim declares in ``tables=`` (read through the
:class:`~gtables.verify.claims.Tables` the runner hands it); the sizes of those tables are fixed
per scale, here, before any check runs (the 1-D proofs: :func:`.proofs.proof_size`).
"""
from __future__ import annotations

import math

import numpy as np

from ..claims import Claim, Counterexample, check_all, verdict
from . import data as D
from .model import analyse_cond23, game_1d, game_2d, pn, setstr, spec, v2
from .proofs import gap_check, proof_spec, prove_1d, proved_family, too_short

SEED = "seed 004"
CONV = "P = player to move loses (the seed's 輸數, E/EE), N = player to move wins (贏數)"
CONV3 = CONV + "; Cond(3) sets are for start positions (no previous amount)"

# n1: 1-D proofs for n <= n1 (pairs m < n <= n1); nprop: n range of 推論 1-2; h2: two-heap size;
# n2: two-heap n bound (Cond(1), Cond(1,3)); n2c2: two-heap n bound of Cond(2); h23: the size of
# the Cond(2,3) pictures.
SCALES = {"small": dict(n1=8, nprop=30, h2=30, n2=6, n2c2=6, h23=40),
          "default": dict(n1=40, nprop=199, h2=200, n2=20, n2c2=12, h23=200),
          "large": dict(n1=64, nprop=399, h2=400, n2=30, n2c2=20, h23=400)}

# the sizes of the printed tables' columns (the lists and examples read the same tables)
T1_SIZE, T3_SIZE, T5_SIZE, T6_SIZE = 45, 50, 50, 50


def _pairs(lo_m: int, hi_n: int):
    return [(m, n) for n in range(lo_m + 1, hi_n + 1) for m in range(lo_m, n)]


def _mn_col(c: str):
    return tuple(map(int, c.split(",")))


def _1d_specs(text, params_of, norepeat, size):
    cols, _ = D.parse_1d_table(text)
    return tuple(spec(1, *params_of(c), size, norepeat) for c in cols)


def compare_cells(cases, domain: str, details: str = ""):
    """Like :func:`check_all` but lists *every* differing cell."""
    return check_all(cases, domain, details, limit=None, noun="cells")


def table_1d_check(text, params_of, norepeat: bool, what: str, size: int):
    def check(T):
        cols, cells = D.parse_1d_table(text)
        games = {c: game_1d(T, *params_of(c), norepeat, size) for c in cols}
        cases = []
        for (N, col), (raw, amounts) in sorted(cells.items(), key=lambda kv: (kv[0][1], kv[0][0])):
            got = games[col].winning(N)
            cases.append((f"N={N}, {what}={col} (printed {raw})", setstr(amounts), setstr(got)))
        return compare_cells(cases, f"all {len(cases)} printed cells")
    return check


def table_2d_spec(text, m, n):
    cols, rows = D.parse_2d_table(text)
    return spec(2, m, n, max(max(cols), max(r for r, _ in rows)))


def table_2d_check(text, m, n):
    def check(T):
        cols, rows = D.parse_2d_table(text)
        g = game_2d(T, m, n, False, max(max(cols), max(r for r, _ in rows)))
        cases = []
        for n2, cells in rows:
            for n1, cell in zip(cols, cells):
                a, b, ok = D.parse_2d_cell(cell)
                ga, gb = g.winning(n1, n2)
                claimed = f"A {setstr(a)} / B {setstr(b)}" + ("" if ok else " (malformed cell)")
                cases.append((f"(N1,N2)=({n1},{n2}) printed '{cell}'", claimed,
                              f"A {setstr(ga)} / B {setstr(gb)}"))
        return compare_cells(cases, f"all {len(cases)} printed cells")
    return check


def lists_check(lists: dict, norepeat: bool, include_zero: bool, size: int):
    """Each printed list is the P-set (start positions) on [lo, its largest element], read off
    the printed table's column of the same parameters (size ``size``)."""
    def check(T):
        cases = []
        for key, printed in lists.items():
            m, n = D.mn(key)
            sp = game_1d(T, m, n, norepeat, size).start_p()[:max(printed) + 1]
            lo = 0 if include_zero else 1
            got = [int(i) for i in np.flatnonzero(sp) if i >= lo]
            cases.append((key, sorted(printed), got))
        return check_all(cases, f"{len(cases)} printed lists, each on [{0 if include_zero else 1}, "
                                f"its last element]")
    return check


def lists_specs(lists: dict, norepeat: bool, size: int):
    return tuple(spec(1, *D.mn(k), size, norepeat) for k in lists)


def grid_check(cases_of, specs_n, dom: str, details: str = ""):
    """A two-heap check over several parameter sets: ``cases_of(T, key)`` returns ``(mismatches,
    positions checked)`` with mismatches as ``(label, claimed, computed)``; the first three of
    each set are shown, every one is counted."""
    def check(T):
        shown, total, differing = [], 0, 0
        for key in specs_n:
            bad, t = cases_of(T, key)
            total += t
            differing += len(bad)
            shown += [Counterexample(*b) for b in bad[:3]]
        return verdict(dom, shown[:10], checked=total, differing=differing, noun="positions",
                       details="" if differing else details)
    return check


def progression(pr, a: int, d: int, last: int, k0: int, want_p: bool, label):
    """Cases ``outcome(a + k d, last) is P`` (``want_p``) for every ``k >= k0`` the proof table
    holds, and whether they cover all k: the outcome vectors are periodic with period p from the
    pre-period, so the values along the progression repeat after lcm(p, d) / d terms."""
    cases, k = [], k0
    while a + k * d <= pr.game.size:
        h = a + k * d
        cases.append((label(k, h), pn(want_p), pn(pr.game.is_p(h, last))))
        k += 1
    covered = False
    if pr.per is not None:
        start = max(a + k0 * d, pr.per.preperiod)
        covered = pr.game.size >= start + math.lcm(pr.per.period, d) + d
    return cases, covered


def progression_family(ns, cases_of, what: str):
    """Run :func:`progression` cases over ``ns``; PROVED (for all k, each listed n) when every
    case holds and every n's table covers a whole period, HOLDS when it holds on the range."""
    def check(T):
        cases, all_covered, ranges = [], True, []
        for n in ns:
            c, covered = cases_of(prove_1d(T, 1, n, True), n)
            cases += c
            all_covered &= covered
            ranges.append(f"n={n}: {len(c)} cases{'' if covered else ' (not a whole period)'}")
        r = check_all(cases, f"n in {{{setstr(ns)}}}, every k the proof table (N <= 12 n^2) holds")
        if r.status == "HOLDS" and all_covered and cases:
            return verdict(f"all k >= 0, each of n in {{{setstr(ns)}}} (one proof per n, not for "
                           f"all n)", checked=r.checked, status="PROVED",
                           details=f"{what}; checked on a pre-period plus lcm(period, step) of the "
                                   f"proved periodic outcome vectors. " + "; ".join(ranges))
        return r
    return check


# ----------------------------------------------------------------------------------------------
# Cond(1)
# ----------------------------------------------------------------------------------------------
def cond1_claims(S) -> list[Claim]:
    out = []
    ns = range(2, S["n1"] + 1)

    def c1(T):
        return proved_family(T, [(1, n, False, lambda N, n=n: N % (n + 1) == 0, n + 1) for n in ns],
                             f"each n = 2..{S['n1']}", "claimed P iff (n+1) | N")
    out.append(Claim("004.cond1.1d", f"{SEED} §肆.二 Cond(1) (一) 結論; 伍.一",
                     "Cond(1), one heap (take 1..n): the loss set is L = {k(n+1)}: N is P iff "
                     "(n+1) divides N.", c1, tables=tuple(proof_spec(1, n, False) for n in ns),
                     convention=CONV,
                     reading="k ranges over ℕ = {1,2,...} in the seed; N = 0 (no move) is P too and "
                             "is included (doc C1.1)."))
    t1 = _1d_specs(D.T1, lambda c: (1, int(c)), False, T1_SIZE)
    out.append(Claim("004.cond1.1d.lists", f"{SEED} §肆.二 Cond(1) (一), printed L lists",
                     "The printed loss lists for n = 2..12 (n=12: {13, 26, 29, ...}) are the first "
                     "loss numbers N >= 1.",
                     lists_check(D.COND1_LISTS, False, False, T1_SIZE),
                     tables=lists_specs(D.COND1_LISTS, False, T1_SIZE),
                     convention=CONV, reading="Each list is read as exactly the P-positions in "
                     "[1, its last printed element] (doc C1.2)."))
    fixed = {**D.COND1_LISTS, **D.COND1_LISTS_CORRECTION}
    out.append(Claim("004.cond1.1d.lists.corrected", f"{SEED} §肆.二 Cond(1) (一) (our correction)",
                     "As 004.cond1.1d.lists with the n=12 list read as {13, 26, 39, ...} (29 is a "
                     "typo: 29 mod 13 = 3).", lists_check(fixed, False, False, T1_SIZE),
                     tables=lists_specs(fixed, False, T1_SIZE),
                     correction_of="004.cond1.1d.lists", convention=CONV))

    def ex(T):
        g5 = game_1d(T, 1, 5, False, T1_SIZE)
        g7 = game_1d(T, 1, 7, False, T1_SIZE)
        cases = [("n=5: N=12", "P", "PN"[g5.outcome(12)])]
        for x in range(1, 6):
            y = 6 - x
            cases.append((f"n=5: 12 -{x} -{y} = 6", "P", "PN"[g5.outcome(12 - x - y)]))
        cases += [("n=7: N=22", "N", "PN"[g7.outcome(22)]),
                  ("n=7: 22 -6 = 16", "P", "PN"[g7.outcome(16)])]
        return check_all(cases, "the two worked examples")
    out.append(Claim("004.cond1.1d.examples", f"{SEED} §肆.二 Cond(1) (一) examples 1-2",
                     "n=5, N=12 is a loss: to X taking x = 1..5, Y answers 6-x leaving 6 (a loss); "
                     "n=7, N=22 is a win by taking 6 (leaving 16).", ex,
                     tables=(spec(1, 1, 5, T1_SIZE), spec(1, 1, 7, T1_SIZE)), convention=CONV))
    out.append(Claim("004.table.cond1.1d", f"{SEED} §肆.二 Cond(1) (一), printed table",
                     "The printed table of winning first moves, Cond(1), one heap, n = 2..12, "
                     "N = 0..45 (E = no winning move, a loss).",
                     table_1d_check(D.T1, lambda c: (1, int(c)), False, "n", T1_SIZE),
                     tables=t1, convention=CONV))

    # two heaps
    h2 = S["h2"]
    n2s = list(range(2, S["n2"] + 1))

    def c5_one(T, n):
        got = game_2d(T, 1, n, False, h2).start_p()
        a = np.arange(h2 + 1)
        want = (a[:, None] % (n + 1)) == (a[None, :] % (n + 1))
        return [(f"n={n}: ({i},{j})", "PN"[not want[i, j]], "PN"[not got[i, j]])
                for i, j in np.argwhere(want != got)], got.size
    out.append(Claim("004.cond1.2d", f"{SEED} §肆.二 Cond(1) (二) 結論; 伍.五",
                     "Cond(1), two heaps: L = {(i(n+1)+u, j(n+1)+u) | u = 0..n; i,j >= 0}, i.e. "
                     "(N1,N2) is P iff N1 ≡ N2 (mod n+1).",
                     grid_check(c5_one, n2s, f"all (N1,N2) in [0,{h2}]^2, n = 2..{S['n2']}"),
                     tables=tuple(spec(2, 1, n, h2) for n in n2s), convention=CONV,
                     reading="ℕ* = {0,1,2,...} (the seed's notation, line 100); the set and the "
                             "congruence are the same statement (伍.五)."))

    t2 = table_2d_spec(D.T2, 1, 5)

    def c5l(T):
        g = game_2d(T, 1, 5, False, 26)
        got = {(int(i), int(j)) for i, j in np.argwhere(g.start_p()[:14, :14])}
        return check_all([("P-pairs in [0,13]^2", sorted(D.COND1_2D_LIST), sorted(got))],
                         "[0,13]^2, n=5")
    out.append(Claim("004.cond1.2d.list", f"{SEED} §肆.二 Cond(1) (二), printed L",
                     "n=5: the 34 printed pairs (0,0), (0,6), ..., (13,13) are the loss pairs "
                     "(in [0,13]^2).", c5l, tables=(t2,), convention=CONV))

    def c5e(T):
        g = game_2d(T, 1, 5, False, 26)
        cases = [("(2,4): X takes B2 -> (2,2)", "P", "PN"[g.outcome(2, 2)]),
                 ("(8,2)", "P", "PN"[g.outcome(8, 2)])]
        for (heap, x), (ra, rb) in D.COND1_2D_EXAMPLE2.items():
            a, b = (8 - x, 2) if heap == "A" else (8, 2 - x)
            ga, gb = g.winning(a, b)
            cases.append((f"(8,2), X takes {heap}{x}: Y's winning replies",
                          f"A {setstr(ra)} / B {setstr(rb)}", f"A {setstr(ga)} / B {setstr(gb)}"))
        return check_all(cases, "the two worked examples, n=5")
    out.append(Claim("004.cond1.2d.examples", f"{SEED} §肆.二 Cond(1) (二) examples 1-2",
                     "n=5: (2,4) is won by B2 (leaving (2,2), Y has no winning move); (8,2) is a "
                     "loss: Y answers A1 with A5 or B1, A2 with A4 or B2, A3 with A3, A4 with A2, A5 "
                     "with A1, B1 with A1, B2 with A2.", c5e, tables=(t2,),
                     convention=CONV, reading="A = heap N1, B = heap N2 (the table legend); 'Y 無數"
                     "可取' = Y has no winning move. The lists are Y's complete sets of winning "
                     "replies (doc C5.E2)."))
    out.append(Claim("004.table.cond1.2d", f"{SEED} §肆.二 Cond(1) (二), printed table",
                     "The printed table of winning moves, Cond(1), n=5, N1 = 0..13, N2 = 0..26 "
                     "(A = take from N1, B = from N2, EE = loss).", table_2d_check(D.T2, 1, 5),
                     tables=(t2,), convention=CONV))
    return out


# ----------------------------------------------------------------------------------------------
# Cond(2)
# ----------------------------------------------------------------------------------------------
def cond2_claims(S) -> list[Claim]:
    out = []
    pairs = _pairs(2, S["n1"])

    def c2(T):
        return proved_family(T, [(m, n, False, lambda N, m=m, n=n: N % (m + n) < m, m + n)
                                 for m, n in pairs],
                             f"each of 2 <= m < n <= {S['n1']} ({len(pairs)} pairs)",
                             "claimed P iff N mod (m+n) < m")
    out.append(Claim("004.cond2.1d", f"{SEED} §肆.二 Cond(2) (一) 推論 + 結論; 伍.二",
                     "Cond(2), one heap (take m..n): L = ∪_k {k(n+m), ..., k(n+m)+m-1}, i.e. N is P "
                     "iff N mod (m+n) < m (and k(n+m)+m .. k(n+m)+n+m-1 are wins).", c2,
                     tables=tuple(proof_spec(m, n, False) for m, n in pairs),
                     convention=CONV, reading="The abstract's 'cond(2): 1~m' is a slip; the "
                     "definition (line 94) and all tables take m..n with 1 < m < n. ℕ* = {0,1,...}."))
    t3 = _1d_specs(D.T3, _mn_col, False, T3_SIZE)
    out.append(Claim("004.cond2.1d.lists", f"{SEED} §肆.二 Cond(2) (一), printed L lists",
                     "The printed loss lists for the eight (m,n) columns (0 counted as a loss) are "
                     "the loss numbers up to their last element.",
                     lists_check(D.COND2_LISTS, False, True, T3_SIZE),
                     tables=lists_specs(D.COND2_LISTS, False, T3_SIZE), convention=CONV))

    def ex(T):
        g = game_1d(T, 2, 5, False, T3_SIZE)
        g45 = game_1d(T, 4, 5, False, T3_SIZE)
        cases = [("(2,5): N=14", "P", "PN"[g.outcome(14)])]
        for x, want in D.COND2_EXAMPLE1.items():
            cases.append((f"(2,5): 14 -{x}: Y's winning replies", setstr(want),
                          setstr(g.winning(14 - x))))
        cases += [("(4,5): N=16", "N", "PN"[g45.outcome(16)]),
                  ("(4,5): N=16 winning moves", "4,5", setstr(g45.winning(16)))]
        return check_all(cases, "the two worked examples")
    out.append(Claim("004.cond2.1d.examples", f"{SEED} §肆.二 Cond(2) (一) examples 1-2",
                     "m=2, n=5: N=14 is a loss (to X's 2;3;4;5 Y answers 5;4,5;3,4;2,3;2); m=4, "
                     "n=5: N=16 is a win by taking 4 or 5.", ex,
                     tables=(spec(1, 2, 5, T3_SIZE), spec(1, 4, 5, T3_SIZE)), convention=CONV,
                     reading="The reply list has five groups for four moves; read as {4,5}; {3,4}; "
                             "{2,3}; {2} (the table rows N = 12, 11, 10, 9) with a stray leading 5 "
                             "(doc C2.E1)."))
    out.append(Claim("004.table.cond2.1d", f"{SEED} §肆.二 Cond(2) (一), printed table",
                     "The printed table of winning first moves, Cond(2), (m,n) in {(2,3), (2,4), "
                     "(2,5), (3,4), (3,5), (4,5), (4,6), (5,6)}, N = 0..50.",
                     table_1d_check(D.T3, _mn_col, False, "(m,n)", T3_SIZE), tables=t3,
                     convention=CONV))

    h2 = S["h2"]
    pairs2 = _pairs(2, S["n2c2"])

    def literal_set(m, n):
        """The seed's set, built by enumeration: residues (km+r1, km+r2), r < m, <= m+n-1."""
        res = set()
        for k in range(0, (m + n) // m + 1):
            for r1 in range(m):
                for r2 in range(m):
                    if k * m + r1 <= m + n - 1 and k * m + r2 <= m + n - 1:
                        res.add((k * m + r1, k * m + r2))
        return res

    def c6_one(T, mn):
        m, n = mn
        got = game_2d(T, m, n, False, h2).start_p()
        a = np.arange(h2 + 1) % (m + n)
        want = np.zeros((h2 + 1, h2 + 1), dtype=bool)
        for r1, r2 in literal_set(m, n):
            want[np.ix_(a == r1, a == r2)] = True
        return [(f"(m,n)=({m},{n}): ({i},{j})", "PN"[not want[i, j]], "PN"[not got[i, j]])
                for i, j in np.argwhere(want != got)], got.size
    out.append(Claim("004.cond2.2d", f"{SEED} §肆.二 Cond(2) (二) 結論; 伍.六",
                     "Cond(2), two heaps: L = {(i(m+n)+km+r1, j(m+n)+km+r2) | r1, r2 = 0..m-1; "
                     "i, j, k >= 0; km+r1, km+r2 <= m+n-1}.",
                     grid_check(c6_one, pairs2,
                                f"all (N1,N2) in [0,{h2}]^2, 2 <= m < n <= {S['n2c2']}",
                                details="equivalently floor(a/m) = floor(b/m) for the residues "
                                        "a, b of N1, N2 mod (m+n)"),
                     tables=tuple(spec(2, m, n, h2) for m, n in pairs2), convention=CONV,
                     reading="Literal: the residues of N1, N2 mod (m+n) lie in one block [km, km+m-1], "
                             "the last block cut at m+n-1; the set is built by enumeration."))

    def c6l(T):
        g = game_2d(T, 3, 7, False, 20)
        return check_all([(f"({a},{b})", "P", "PN"[g.outcome(a, b)]) for a, b in D.COND2_2D_LIST],
                         "the 30 listed pairs, (m,n)=(3,7)")
    out.append(Claim("004.cond2.2d.list", f"{SEED} §肆.二 Cond(2) (二), printed L",
                     "(m,n) = (3,7): the listed pairs (0,0), (1,0), (2,0), (10,0), ..., (13,4), "
                     "(14,4), (15,4) are losses.", c6l, tables=(spec(2, 3, 7, 20),), convention=CONV,
                     reading="The list ends in '...', so only membership of the listed pairs is "
                             "claimed (N1 first)."))

    t4 = table_2d_spec(D.T4, 3, 7)

    def c6e(T):
        g = game_2d(T, 3, 7, False, 13)
        wa, wb = g.winning(3, 7)
        cases = [("(3,7): X's winning moves", "A E / B 3,4", f"A {setstr(wa)} / B {setstr(wb)}"),
                 ("(3,4) after B3", "P", "PN"[g.outcome(3, 4)]),
                 ("(3,3) after B4", "P", "PN"[g.outcome(3, 3)]),
                 ("(5,4)", "P", "PN"[g.outcome(5, 4)])]
        for x in (3, 4, 5):
            ga, gb = g.winning(5 - x, 4)
            cases.append((f"(5,4), X takes {x} from N1: Y's replies", "A E / B 3,4",
                          f"A {setstr(ga)} / B {setstr(gb)}"))
        for x in (3, 4):
            ga, gb = g.winning(5, 4 - x)
            cases.append((f"(5,4), X takes {x} from N2: Y's replies", "A 3,4,5 / B E",
                          f"A {setstr(ga)} / B {setstr(gb)}"))
        return check_all(cases, "the two worked examples, (m,n)=(3,7)")
    out.append(Claim("004.cond2.2d.examples", f"{SEED} §肆.二 Cond(2) (二) examples 1-2",
                     "(m,n)=(3,7): (N1,N2)=(3,7) is won by taking 3 or 4, after which Y has no "
                     "winning move; (5,4) is a loss: to 3(B), 4(B), 5(B) Y answers 3(A) or 4(A), "
                     "to 3(A), 4(A) Y answers 3(B), 4(B) or 5(B).", c6e,
                     tables=(t4,), convention=CONV,
                     reading="In these two examples the letters A/B are swapped relative to the "
                             "table legend (A = N1): the table cell (3,7) reads 'B3 B4 E'. Checked "
                             "with the legend's meaning (doc C6.E1-E2)."))
    out.append(Claim("004.table.cond2.2d", f"{SEED} §肆.二 Cond(2) (二), printed table",
                     "The printed table of winning moves, Cond(2), (m,n) = (3,7), N1, N2 = 0..13.",
                     table_2d_check(D.T4, 3, 7), tables=(t4,), convention=CONV,
                     reading="The picture title above the table says '有限制範圍 2~7'; the text "
                             "(line 426) says m=3, n=7, which is what is checked."))
    return out


# ----------------------------------------------------------------------------------------------
# Cond(1,3)
# ----------------------------------------------------------------------------------------------
def cond13_claims(S) -> list[Claim]:
    out = []
    nmax = S["n1"]

    def multiples(n):
        return (1, n, True, lambda N, n=n: N % (n + 1) == 0, n + 1)

    def family(ns, what):
        def check(T):
            return proved_family(T, [multiples(n) for n in ns], f"each n in {{{setstr(ns)}}}", what)
        return check

    def proof_tables(ns):
        return tuple(proof_spec(1, n, True) for n in ns)

    even = [n for n in range(2, nmax + 1) if n % 2 == 0]
    out.append(Claim("004.cond13.1d.n-even", f"{SEED} §肆.二 Cond(1,3) (一) 結論 1; 伍.三(一)",
                     "Cond(1,3), one heap, n even: L = {k(n+1)}: N is P iff (n+1) | N.",
                     family(even, "claimed P iff (n+1) | N"), tables=proof_tables(even),
                     convention=CONV3))
    n83 = [n for n in range(3, nmax + 1) if n % 8 == 3]
    out.append(Claim("004.cond13.1d.n-8s+3", f"{SEED} §肆.二 Cond(1,3) (一) 結論 2; 伍.三(二)",
                     "Cond(1,3), n = 8s+3: L = {k(n+1)}.", family(n83, "claimed P iff (n+1) | N"),
                     tables=proof_tables(n83), convention=CONV3))

    def reply_8s3(pr, n):
        q = (n + 1) // 4
        return progression(pr, q, n + 1, q, 0, True,
                           lambda k, h: f"n={n}: {(k + 1) * (n + 1)} -{(n + 1) // 2} -{q} = {h}, "
                                        f"last {q}")
    out.append(Claim("004.cond13.1d.n-8s+3.reply",
                     f"{SEED} §肆.二 Cond(1,3) (一) 結論 2, proof step (2)",
                     "Cond(1,3), n = 8s+3: from N = (t+1)(n+1), after X takes (n+1)/2, Y's reply "
                     "(n+1)/4 leaves t(n+1) + (n+1)/4 with last amount (n+1)/4, a loss for X.",
                     progression_family(n83, reply_8s3, "the reply (n+1)/4 leaves a loss"),
                     tables=proof_tables(n83), convention=CONV3,
                     reading="Checked on the table as a position with a last amount (X may not "
                             "take (n+1)/4), for every t the proof table holds; PROVED (all t) when "
                             "that range covers a period of the proved periodic outcomes."))
    n85 = [n for n in range(5, nmax + 1) if n % 8 == 5]

    def c33(T):
        return proved_family(T, [(1, n, True, lambda N, n=n: np.isin(N % (2 * n + 3), (0, n + 2)),
                                  2 * n + 3) for n in n85],
                             f"each n in {{{setstr(n85)}}}", "claimed P iff N mod (2n+3) in {0, n+2}")
    out.append(Claim("004.cond13.1d.n-8s+5", f"{SEED} §肆.二 Cond(1,3) (一) 結論 3; 伍.三(三)",
                     "Cond(1,3), n = 8s+5: L = {(n+2)+k(2n+3), (2n+3)+k(2n+3) | k >= 0}, i.e. N is "
                     "P iff N mod (2n+3) is 0 or n+2.", c33, tables=proof_tables(n85),
                     convention=CONV3,
                     reading="The body (結論 3) only says these numbers are losses; 伍.三(三) states "
                             "L = this set, the stronger claim, which is checked (with N = 0, no "
                             "move, a loss too)."))

    def replies_8s5(pr, n):
        r, h = (3 * n + 5) // 4, (n + 1) // 2
        d = 2 * n + 3
        b, cb = progression(pr, r, d, r, 0, True,
                            lambda k, x: f"n={n}, B: {(k + 1) * d} -{h} -{r} = {x}, last {r}")
        a, ca = progression(pr, h + d, d, h, 0, True,
                            lambda k, x: f"n={n}, A: {n + 2 + (k + 1) * d} -1 -{h} = {x}, last {h}")
        return b + a, cb and ca
    out.append(Claim("004.cond13.1d.n-8s+5.replies",
                     f"{SEED} §肆.二 Cond(1,3) (一) 結論 3, proof steps (1)-(3)",
                     "Cond(1,3), n = 8s+5: from N = (k+1)(2n+3), after X takes (n+1)/2, Y's reply "
                     "(3n+5)/4 leaves (3n+5)/4 + k(2n+3) with last amount (3n+5)/4, a loss for X "
                     "(B(0), B(k+1)); from N = (n+2)+(k+1)(2n+3), after X takes 1, Y's reply "
                     "(n+1)/2 leaves (n+1)/2 + (k+1)(2n+3) with last amount (n+1)/2, a loss for X "
                     "(A(k+1)).", progression_family(n85, replies_8s5, "both replies leave losses"),
                     tables=proof_tables(n85), convention=CONV3,
                     reading="Step (2) prints the remainder as '(n+1)/2+(2n+3)+(k+1)(2n+3) = "
                             "3(n+1)/2+(n+2)+k(2n+3)'; the right-hand side, N - 1 - (n+1)/2, is "
                             "read (the left one has an extra 2n+3). Checked for every k the proof "
                             "table holds; PROVED (all k) when that range covers a period."))
    n4 = [n for n in range(3, nmax + 1) if n % 2 == 1 and v2(n + 1) % 2 == 0]
    out.append(Claim("004.cond13.1d.n+1-4^p-q", f"{SEED} §肆.二 Cond(1,3) (一) 結論 4; 伍.三(四)",
                     "Cond(1,3), n+1 = 2^(2p)·q with q odd, p >= 1: L = {k(n+1)}.",
                     family(n4, "claimed P iff (n+1) | N"), tables=proof_tables(n4),
                     convention=CONV3,
                     reading="伍.三(四) prints 'n = 2^{2p}·q'; read as n+1 as in the body (literally, "
                             "with p >= 1, n would be even: 結論 1 again). '伍.三 Cond(1,4)' is a typo "
                             "for Cond(1,3)."))
    out.append(Claim("004.cond13.1d.n+1-4^p-q.reply",
                     f"{SEED} §肆.二 Cond(1,3) (一) 結論 4, proof step (2)",
                     "Cond(1,3), n+1 = 2^(2p)·q: from N = (s+1)(n+1), after X's defence (n+1)/2, "
                     "Y's attack leaves s(n+1) + 2^(2(p-1))·q = s(n+1) + (n+1)/4 (last amount "
                     "(n+1)/4), a loss for X.",
                     progression_family(n4, reply_8s3, "the reply (n+1)/4 leaves a loss"),
                     tables=proof_tables(n4), convention=CONV3,
                     reading="The text has Y take (n+1)/2, which Cond(3) forbids right after X took "
                             "(n+1)/2, and leave s(n+1)+(n+1)/2; the printed right-hand side "
                             "s(n+1)+2^(2(p-1))q = s(n+1)+(n+1)/4 says Y takes (n+1)/4, which is "
                             "what is checked. The rest of the strategy ('Y takes half of what X "
                             "takes') is too loose to check."))

    npr = list(range(2, S["nprop"] + 1))
    odd = [n for n in npr if n % 2 == 1]

    def prop_spec(n):
        return spec(1, 1, n, n + 2, True)

    def start_outcomes(T, n):
        return game_1d(T, 1, n, True, n + 2)

    def p1(T):
        cases = []
        for n in odd:
            sp = start_outcomes(T, n).start_p()
            cases.append((f"n={n} (v2(n+1)={v2(n + 1)}): N=n+1", "N" if v2(n + 1) % 2 else "P",
                          "P" if sp[n + 1] else "N"))
        return check_all(cases, f"n odd, 3..{S['nprop']}")
    out.append(Claim("004.prop1", f"{SEED} §肆.二 Cond(1,3) (一) 推論 1",
                     "Cond(1,3), n odd: if n+1 = 2^(2p-1)·q (q odd) then N = n+1 is a win; if n+1 = "
                     "2^(2p)·q then it is a loss. I.e. n+1 is N iff v2(n+1) is odd.", p1,
                     tables=tuple(prop_spec(n) for n in odd), convention=CONV3,
                     reading="OCR prints the exponents as 2^{2^{p-1}} and 2^{2^p}; read as 2p-1 and 2p "
                             "(the proof halves 2^{2p}q to 2^{2p-1}q; the literal reading contradicts "
                             "itself at v2 = 2) (doc C3.P1)."))

    def halving(want_odd: bool):
        ns = [n for n in odd if (v2(n + 1) % 2 == 1) == want_odd]

        def check(T):
            cases = []
            for n in ns:
                h = (n + 1) // 2
                cases.append((f"n={n} (v2(n+1)={v2(n + 1)}): {n + 1} -{h} = {h}, last {h}",
                              "P" if want_odd else "N", pn(start_outcomes(T, n).is_p(h, h))))
            return check_all(cases, f"n odd in 3..{S['nprop']} with v2(n+1) "
                                    f"{'odd' if want_odd else 'even'} ({len(ns)} values)")
        return ns, check
    ns_w, chk = halving(True)
    out.append(Claim("004.prop1.winning-move", f"{SEED} §肆.二 Cond(1,3) (一) 推論 1, proof (1), (3)",
                     "Cond(1,3): if n+1 = 2^(2p-1)·q (q odd), X wins from N = n+1 by taking "
                     "(n+1)/2: Y, facing (n+1)/2 stones, may not take (n+1)/2 (A(1); B(p) => "
                     "A(p+1)), and loses.", chk, tables=tuple(prop_spec(n) for n in ns_w),
                     convention=CONV3,
                     reading="Checked as the position ((n+1)/2, last amount (n+1)/2) being a loss "
                             "for the player to move (Y)."))
    ns_d, chk = halving(False)
    out.append(Claim("004.prop1.defence", f"{SEED} §肆.二 Cond(1,3) (一) 推論 1, proof (2)",
                     "Cond(1,3): if n+1 = 2^(2p)·q (q odd), X's defence (n+1)/2 from N = n+1 "
                     "loses: Y, facing (n+1)/2 stones with last amount (n+1)/2, wins (A(p) => "
                     "B(p)).", chk, tables=tuple(prop_spec(n) for n in ns_d), convention=CONV3,
                     reading="Checked as the position ((n+1)/2, last amount (n+1)/2) being a win "
                             "for the player to move (Y)."))

    def only_half(T):
        cases = []
        for n in npr:
            g = start_outcomes(T, n)
            for s in range(1, n + 1):
                if 2 * s != n + 1:
                    cases.append((f"n={n}: {n + 1} -{s} = {n + 1 - s}, last {s}", "N",
                                  pn(g.is_p(n + 1 - s, s))))
        return check_all(cases, f"n = 2..{S['nprop']}, every first amount s != (n+1)/2")
    out.append(Claim("004.prop1.only-half", f"{SEED} §肆.二 Cond(1,3) (一) 推論 1, proof (2)-(3)",
                     "Cond(1,3): from N = n+1, X 'must take N/2': any other first amount s loses, "
                     "since Y takes the remaining n+1-s (!= s).", only_half,
                     tables=tuple(prop_spec(n) for n in npr), convention=CONV3))

    def p2(T):
        cases = []
        for n in npr:
            sp = start_outcomes(T, n).start_p()
            if not sp[n + 1]:
                cases.append((f"n={n}: n+1 is N, so n+2", "P", "P" if sp[n + 2] else "N"))
        return check_all(cases, f"n = 2..{S['nprop']} with n+1 a win")
    out.append(Claim("004.prop2", f"{SEED} §肆.二 Cond(1,3) (一) 推論 2",
                     "Cond(1,3): if n+1 is a win then n+2 is a loss.", p2,
                     tables=tuple(prop_spec(n) for n in npr), convention=CONV3))
    def p2_steps(T):
        cases = []
        for n in npr:
            g = start_outcomes(T, n)
            if g.is_p(n + 1):
                continue
            for x in range(2, n + 1):
                cases.append((f"n={n}: {n + 2} -{x} = {n + 2 - x}, last {x}: Y wins", "N",
                              pn(g.is_p(n + 2 - x, x))))
            cases.append((f"n={n}: {n + 2} -1 = {n + 1}, last 1: Y wins", "N",
                           pn(g.is_p(n + 1, 1))))
        return check_all(cases, f"n = 2..{S['nprop']} with n+1 a win: every first amount from "
                                f"N = n+2", noun="moves")
    out.append(Claim("004.prop2.must-take-1", f"{SEED} §肆.二 Cond(1,3) (一) 推論 2, proof",
                     "Cond(1,3), n+1 a win: from N = n+2, X must take 1 (any other amount loses), "
                     "leaving n+1 with Y to move, and Y wins. As printed: 「" + D.PROP2_PROOF + "」",
                     p2_steps, tables=tuple(prop_spec(n) for n in npr), convention=CONV3,
                     reading="Both steps are checked: every first amount x = 2..n leaves (n+2-x, "
                             "last x), a win for Y; and after x = 1, Y wins (n+1, last 1), where "
                             "Y may not take 1 (Cond(3)): 'Y 贏' is not the hypothesis 'n+1 is a "
                             "win', which is about n+1 with no previous amount."))
    gap_ns = list(range(2, nmax + 1))

    def p4_steps(T):
        details, bad, checked = [], [], 0
        for n in gap_ns:
            pr = prove_1d(T, 1, n, True)
            need = pr.per.preperiod + pr.per.period + n + 2 if pr.per is not None else 0
            if pr.per is None or not pr.covers(need):
                return verdict(too_short(pr, need), checked=checked, status="OPEN")
            g = pr.game
            sp = g.start_p()
            ls = [int(v) for v in np.flatnonzero(sp[:pr.per.preperiod + pr.per.period])
                  if not sp[v + n + 1]]
            for l in ls:
                checked += 1
                lost = [x for x in range(2, n + 1) if g.is_p(l + n + 2 - x, x)]
                if lost:
                    bad.append(Counterexample(f"n={n}, l={l}: {l + n + 2} -{lost[0]}",
                                              "X loses (Y wins)", f"X wins: ({l + n + 2 - lost[0]}, "
                                              f"last {lost[0]}) is P"))
                if g.is_p(l + n + 1, 1):
                    bad.append(Counterexample(f"n={n}, l={l}: {l + n + 2} -1 = {l + n + 1}, last 1",
                                              "Y wins", "Y loses (P)"))
            details.append(f"n={n}: {len(ls)} such l")
        dom = (f"all l in L with l+n+1 not in L, each of n = {gap_ns[0]}..{gap_ns[-1]} (a proof "
               f"per value, not for all n)")
        text = ("Checked for l in one pre-period plus a period of the proved periodic outcome "
                "vectors (later l repeat them): " + "; ".join(details))
        if bad:
            return verdict(dom, bad, checked=checked, status="REFUTED", details=text)
        return verdict(dom, checked=checked, status="PROVED", details=text)
    out.append(Claim("004.prop4.must-take-1", f"{SEED} §肆.二 Cond(1,3) (一) 推論 4, proof (2)",
                     "Cond(1,3), l in L and l+(n+1) not in L: from N = l+(n+2), X must take 1 (any "
                     "other amount loses), leaving l+(n+1) with Y to move, and Y wins. As printed: "
                     "「" + D.PROP4_PROOF + "」", p4_steps, tables=proof_tables(gap_ns),
                     convention=CONV3,
                     reading="As for 004.prop2.must-take-1: every first amount x = 2..n leaves "
                             "(l+n+2-x, last x), a win for Y, and after x = 1 Y wins (l+n+1, last "
                             "1), where Y may not take 1. A proof per n: the outcome vectors "
                             "(one per last amount) are periodic from a pre-period on, so l in one "
                             "pre-period plus one period covers every l."))
    out.append(Claim("004.prop3", f"{SEED} §肆.二 Cond(1,3) (一) 推論 3",
                     "Cond(1,3): two consecutive elements of L differ by more than n.",
                     lambda T: gap_check(T, gap_ns, lambda d, n: d > n, "gap > n"),
                     tables=proof_tables(gap_ns), convention=CONV3))
    out.append(Claim("004.prop4", f"{SEED} §肆.二 Cond(1,3) (一) 推論 4",
                     "Cond(1,3): two consecutive elements of L differ by n+1 or n+2.",
                     lambda T: gap_check(T, gap_ns, lambda d, n: d in (n + 1, n + 2),
                                         "gap n+1 or n+2"),
                     tables=proof_tables(gap_ns), convention=CONV3,
                     reading="'輪數' is OCR for 輸數 (loss numbers)."))
    out.append(Claim("004.cond13.1d.lists", f"{SEED} §肆.二 Cond(1,3) (一), printed L lists",
                     "The printed loss lists for n = 2..11 (0 counted as a loss) are the start "
                     "losses up to their last element.",
                     lists_check(D.COND13_LISTS, True, True, T5_SIZE),
                     tables=lists_specs(D.COND13_LISTS, True, T5_SIZE), convention=CONV3))

    def e1(T):
        g = game_1d(T, 1, 5, True, T5_SIZE)
        return check_all([("n=5, N=22: winning first moves", "1,2,3", setstr(g.winning(22)))],
                         "the worked example")
    out.append(Claim("004.cond13.1d.example1", f"{SEED} §肆.二 Cond(1,3) (一) example 1",
                     "n=5, N=22: X wins by taking 1, 2 or 3 (then Y has no winning move).", e1,
                     tables=(spec(1, 1, 5, T5_SIZE, True),), convention=CONV3))

    def e2(table):
        def check(T):
            g = game_1d(T, 1, 7, True, T5_SIZE)
            cases = [("n=7, N=25", "P", pn(g.is_p(25)))]
            for x, (ys, rest) in table.items():
                got = g.winning(25 - x, x)
                cases.append((f"x1={x}: Y's winning replies", setstr(ys), setstr(got)))
                cases.append((f"x1={x}: remainders", sorted(rest, reverse=True),
                              sorted((25 - x - y for y in got), reverse=True)))
            return check_all(cases, "the worked example, n=7, N=25")
        return check
    out.append(Claim("004.cond13.1d.example2", f"{SEED} §肆.二 Cond(1,3) (一) example 2",
                     "n=7, N=25 is a loss: Y answers x1 = 1..7 with 7 | 3,6,7 | 5 | 4,6 | 3 | 1,2 | 1, "
                     "leaving 17 | 22;19;18 | 17 | 21;19 | 17 | 18;17 | 17.", e2(D.COND13_EXAMPLE2),
                     tables=(spec(1, 1, 7, T5_SIZE, True),), convention=CONV3,
                     reading="Y's replies are his winning replies from (25 - x1, last = x1)."))
    out.append(Claim("004.cond13.1d.example2.corrected",
                     f"{SEED} §肆.二 Cond(1,3) (一) example 2 (our correction)",
                     "n=7, N=25 is a loss; Y's winning replies to x1 = 1..7 are 7 | 3,6,7 | 5 | 6 | 3 | "
                     "1,2 | 1, leaving 17 | 20;17;16 | 17 | 15 | 17 | 18;17 | 17 (the seed read "
                     "replies off the start table, ignoring that Y may not repeat x1, and wrote "
                     "25 - y for the remainders after x1 = 2, 4).",
                     e2({**D.COND13_EXAMPLE2, **D.COND13_EXAMPLE2_CORRECTION}),
                     correction_of="004.cond13.1d.example2", tables=(spec(1, 1, 7, T5_SIZE, True),),
                     convention=CONV3))
    out.append(Claim("004.table.cond13.1d", f"{SEED} §肆.二 Cond(1,3) (一), printed table",
                     "The printed table of winning first moves, Cond(1,3), start positions, "
                     "n = 2..15, N = 1..50.",
                     table_1d_check(D.T5, lambda c: (1, int(c)), True, "n", T5_SIZE),
                     tables=_1d_specs(D.T5, lambda c: (1, int(c)), True, T5_SIZE),
                     convention=CONV3,
                     reading="Six cells in column n=5 end in a comma ('1,2,3,'); read as an OCR "
                             "artifact (the comma dropped). Cells are the first player's winning "
                             "amounts from (N, last = none)."))

    # two heaps, n even
    h2 = S["h2"]
    n2e = [n for n in range(2, S["n2"] + 1) if n % 2 == 0]
    t2e = tuple(spec(2, 1, n, h2, True) for n in n2e)

    def c7(T, n):
        a = np.arange(h2 + 1) % (n + 1) == 0
        want = a[:, None] & a[None, :]
        got = game_2d(T, 1, n, True, h2).start_p()
        return [(f"n={n}: ({i},{j})", "PN"[not want[i, j]], "PN"[not got[i, j]])
                for i, j in np.argwhere(want != got)], got.size
    out.append(Claim("004.cond13.2d.n-even", f"{SEED} §肆.二 Cond(1,3) (二) 結論; 伍.七",
                     "Cond(1,3), two heaps, n even: L = {(i(n+1), j(n+1)) | i, j >= 0}.",
                     grid_check(c7, n2e, f"start positions, (N1,N2) in [0,{h2}]^2, n even "
                                         f"2..{S['n2']}"),
                     tables=t2e, convention=CONV3))

    def regions(kind):
        def one(T, n):
            q = n + 1
            wa, wb = game_2d(T, 1, n, True, h2).win_masks()
            a = np.arange(h2 + 1) % q
            u1, u2 = np.broadcast_arrays(a[:, None], a[None, :])
            ii, jj = np.indices(u1.shape)
            if kind == "yellow":
                mask = (u1 == 0) != (u2 == 0)
                ok = np.where(u1 == 0, wb[u2, ii, jj], wa[u1, ii, jj])
                want = "take u from the other heap"
            elif kind == "red":
                mask = (u1 == 1) & (u2 == 1)
                ok = (wa[1] | wb[1]) & ~(wa[2:] | wb[2:]).any(axis=0)
                want = "only amount 1 wins"
            else:
                mask = (u1 != 0) & (u2 != 0) & (u1 != u2)
                ok = wa[1] | wb[1]
                want = "taking 1 wins"
            bad = [(f"n={n}: ({i},{j})", want, "winning A " + setstr(np.flatnonzero(wa[:, i, j]))
                    + " / B " + setstr(np.flatnonzero(wb[:, i, j])))
                   for i, j in np.argwhere(mask & ~ok)]
            return bad, int(mask.sum())
        return one
    for kind, text in (("yellow", "(i(n+1), j(n+1)+u) and (i(n+1)+u, j(n+1)), u = 1..n, are won "
                                  "by taking u (from the heap that is not a multiple of n+1)"),
                       ("red", "(i(n+1)+1, j(n+1)+1) is won only by taking 1 ('唯有拿1作攻擊獲勝')"),
                       ("white", "(i(n+1)+u1, j(n+1)+u2) with u1 != u2 both non-zero is won by "
                                 "taking 1")):
        out.append(Claim(f"004.cond13.2d.{kind}", f"{SEED} §肆.二 Cond(1,3) (二), proof part 2",
                         f"Cond(1,3), two heaps, n even: {text}.",
                         grid_check(regions(kind), n2e, f"{kind} region, (N1,N2) in [0,{h2}]^2, n "
                                                        f"even 2..{S['n2']}"),
                         tables=t2e, convention=CONV3,
                         reading="Start positions. The blue region ('可能取 u 獲勝', may win by "
                                 "taking u) is too vague to check."))
    return out


# ----------------------------------------------------------------------------------------------
# Cond(2,3)
# ----------------------------------------------------------------------------------------------
def cond23_claims(S) -> list[Claim]:
    out = []
    pairs = _pairs(2, S["n1"])

    def c4(T):
        return proved_family(T, [(m, n, True, lambda N, m=m, n=n: N % (m + n) < m, m + n)
                                 for m, n in pairs],
                             f"each of 2 <= m < n <= {S['n1']} ({len(pairs)} pairs)",
                             "claimed P iff N mod (m+n) < m (start positions)")
    out.append(Claim("004.cond23.1d", f"{SEED} §肆.二 Cond(2,3) (一) 推論 + 結論; 伍.四",
                     "Cond(2,3), one heap: L = ∪_k {k(n+m), ..., k(n+m)+m-1} (start positions), the "
                     "same set as under Cond(2).", c4,
                     tables=tuple(proof_spec(m, n, True) for m, n in pairs), convention=CONV3,
                     reading="伍.四 prints 'Cond(2,4)', a typo for Cond(2,3). The seed's proof copies "
                             "the Cond(2) proof and ignores Cond(3); the claim is checked as stated."))
    out.append(Claim("004.cond23.1d.lists", f"{SEED} §肆.二 Cond(2,3) (一), printed L lists",
                     "The printed loss lists for (m,n) = (2,3), (2,4), (3,4), (3,5), (4,5) are the "
                     "start losses up to their last element.",
                     lists_check(D.COND23_LISTS, True, True, T6_SIZE),
                     tables=lists_specs(D.COND23_LISTS, True, T6_SIZE), convention=CONV3))

    def e1(T):
        g = game_1d(T, 2, 6, True, T6_SIZE)
        return check_all([("(m,n)=(2,6), N=30: winning first moves", "5,6", setstr(g.winning(30))),
                          ("(25, last 5)", "P", "PN"[g.outcome(25, 5)]),
                          ("(24, last 6)", "P", "PN"[g.outcome(24, 6)])], "the worked example")
    out.append(Claim("004.cond23.1d.example1", f"{SEED} §肆.二 Cond(2,3) (一) example 1",
                     "'n=2, m=6', N=30: X wins by taking 5 or 6, after which Y has no winning move.",
                     e1, tables=(spec(1, 2, 6, T6_SIZE, True),), convention=CONV3,
                     reading="The letters are swapped: read (m,n) = (2,6), the table's column."))

    def e2(table):
        def check(T):
            g = game_1d(T, 3, 7, True, T6_SIZE)
            cases = [("(m,n)=(3,7), N=21", "P", "PN"[g.outcome(21)])]
            for x, (ys, rest) in table.items():
                got = g.winning(21 - x, x)
                cases.append((f"x1={x}: Y's winning replies", setstr(ys), setstr(got)))
                cases.append((f"x1={x}: remainders", sorted(rest, reverse=True),
                              sorted((21 - x - y for y in got), reverse=True)))
            return check_all(cases, "the worked example, (m,n)=(3,7), N=21")
        return check
    out.append(Claim("004.cond23.1d.example2", f"{SEED} §肆.二 Cond(2,3) (一) example 2",
                     "'n=3, m=7', N=21 is a loss: Y answers x1 = 3..7 with 6,7 | 5,6,7 | 3,4,5,6,7 | "
                     "3,4,5 | 3,4, leaving 12;11 | 12;11;10 | 13;12;11;10;9 | 12;11;10 | 11;10.",
                     e2(D.COND23_EXAMPLE2), tables=(spec(1, 3, 7, T6_SIZE, True),), convention=CONV3,
                     reading="Read (m,n) = (3,7) (letters swapped); Y's replies are his winning "
                             "replies from (21 - x1, last = x1)."))
    out.append(Claim("004.cond23.1d.example2.corrected",
                     f"{SEED} §肆.二 Cond(2,3) (一) example 2 (our correction)",
                     "(m,n)=(3,7), N=21 is a loss; after x1 = 5 Y's winning replies are 3,4,6,7 "
                     "(not 5: Y may not repeat x1), leaving 13;12;10;9; the other lines as printed.",
                     e2({**D.COND23_EXAMPLE2, **D.COND23_EXAMPLE2_CORRECTION}),
                     correction_of="004.cond23.1d.example2",
                     tables=(spec(1, 3, 7, T6_SIZE, True),), convention=CONV3))
    out.append(Claim("004.table.cond23.1d", f"{SEED} §肆.二 Cond(2,3) (一), printed table",
                     "The printed table of winning first moves, Cond(2,3), start positions, 12 (m,n) "
                     "columns, N = 0..50.",
                     table_1d_check(D.T6, _mn_col, True, "(m,n)", T6_SIZE),
                     tables=_1d_specs(D.T6, _mn_col, True, T6_SIZE), convention=CONV3))

    h = S["h23"]
    pics = D.COND23_PICTURES if S["n1"] >= 13 else D.COND23_PICTURES[:2]
    tpics = tuple(spec(2, m, n, h, True) for m, n in pics)

    def dead_one(T, mn):
        m, n = mn
        sp = game_2d(T, m, n, True, h).start_p()
        r = np.arange(h + 1) % (m + n) < m
        mask = r[:, None] & r[None, :]
        return [(f"(m,n)=({m},{n}): ({i},{j})", "P", "N")
                for i, j in np.argwhere(mask & ~sp)], int(mask.sum())
    out.append(Claim("004.cond23.2d.dead-blocks", f"{SEED} §肆.二 Cond(2,3) (二) (our observation)",
                     "Our observation, not a claim of the seed: in the pictured Cond(2,3) games, if "
                     "both N1 mod (m+n) and N2 mod (m+n) are below m (each heap alone a 1-D loss), "
                     "the start position is a loss.",
                     grid_check(dead_one, pics, f"(N1,N2) in [0,{h}]^2, the {len(pics)} pictured "
                                                f"(m,n)"),
                     tables=tpics, convention=CONV3))

    def pictures(T):
        lines, per_both = [], 0
        for m, n in pics:
            a = analyse_cond23(game_2d(T, m, n, True, h).start_p(), m, n)
            per_both += a["periodic"]
            lines.append(a["summary"])
        return verdict(f"no pattern stated by the seed; observed on [0,{h}]^2 for the "
                       f"{len(pics)} pictured (m,n)", checked=len(pics), status="OPEN",
                       details=f"{per_both} of {len(pics)} pairs look (m+n)-periodic in both heaps "
                               f"(observed, not proved). " + " | ".join(lines))
    out.append(Claim("004.cond23.2d.pictures", f"{SEED} §肆.二 Cond(2,3) (二), pictures",
                     "The seed pictures the Cond(2,3) loss pairs for n = 5 (m = 2, 3), n = 9 "
                     "(m = 2..5), n = 12 (m = 2..5), n = 13 (m = 2..7) and leaves the pattern open "
                     "('有待繼續研究'); we look for periodicity along rows, columns and diagonals.",
                     pictures, tables=tpics, convention=CONV3,
                     reading="No claim to verify; OPEN with what is observed. Figures and tables: "
                             "python scripts/plot_cond23.py (results/nimlike_cond23.md)."))
    return out


# ----------------------------------------------------------------------------------------------
def claims(scale: str) -> list[Claim]:
    """Every claim of seed 004 at the table sizes of ``scale`` (``small``, ``default``,
    ``large``)."""
    S = SCALES[scale]
    return cond1_claims(S) + cond2_claims(S) + cond13_claims(S) + cond23_claims(S)
