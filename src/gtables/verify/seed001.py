"""Claims of seed 001 ("由感性认识到理性认识", heap games A-D) and literature values of octal
games, encoded as verification claims.  The families list them (``Family.claims``).

Sections cited are the seed's: 二 (simple cases), 三/四 (the XOR rule and its proof), 五/六/七
(game C, the general construction f = mex), 七 (game D, POI 2000 Stripes).
"""
from __future__ import annotations

import functools
import itertools

import numpy as np

from .claims import Claim, Counterexample, Result, check_all, compare
from ..games.octal import guy_smith_bound
from ..engine.periodicity import prove_period, window_certificate

SEED = "seed 001"
CONV = "outcomes P/N (P: second player wins, the seed's 负; N: first player wins, 胜)"

NIM_SIZES = {"small": {1: 64, 2: 16, 3: 9, 4: 9}, "default": {1: 1024, 2: 128, 3: 40, 4: 20},
             "large": {1: 1 << 16, 2: 1024, 3: 160, 4: 48}}
SUB_SIZE = {"small": 100, "default": 1000, "large": 100000}
OCTAL_SIZE = {"small": 300, "default": 2000, "large": 20000}
STRIPES = ((1, 2, 3), (2, 5, 8), (1, 5, 8), (3, 4, 7), (2, 3, 9), (1, 4, 11))
STRIPES_SIZE = {"small": 400, "default": 3000, "large": 30000}


def _xor_grid(size: int, d: int) -> np.ndarray:
    a = np.arange(size + 1, dtype=np.int64)
    grids = np.meshgrid(*([a] * d), indexing="ij")
    return functools.reduce(np.bitwise_xor, grids).reshape(-1)


def _outcome_from_grundy(v) -> np.ndarray:
    return np.where(np.asarray(v) == 0, "P", "N")


# ----------------------------------------------------------------------------------------------
# Game A: Nim
# ----------------------------------------------------------------------------------------------
def nim_claims(scale: str) -> list[Claim]:
    S = NIM_SIZES[scale]
    spec = {d: f"nim:heaps={d},size={S[d]}" for d in S}
    out = []

    def xor_rule(d):
        def check(ctx):
            t = ctx.table(spec[d])
            return compare(_xor_grid(S[d], d), t.values, f"all {d}-heap positions, heaps 0..{S[d]}",
                           t.space.format_index)
        return check

    for d in (1, 2, 3, 4):
        out.append(Claim(
            f"001.A.xor-rule.D{d}", f"{SEED} §三-四 (game A, conclusion)",
            "Nim: with #S the binary sum without carry (XOR) of the heap sizes, S is a loss for the "
            "player to move iff #S = 0; in Sprague-Grundy form, G(a1..aD) = a1 xor ... xor aD.",
            xor_rule(d), tables=(spec[d],), convention="Grundy values; P iff G = 0"))

    def single_heap(ctx):
        t = ctx.table(spec[1])
        v = t.values[1:]
        return compare(np.full(v.size, "N"), _outcome_from_grundy(v), f"heaps 1..{S[1]}",
                       lambda i: str(i + 1))

    out.append(Claim("001.A.one-heap", f"{SEED} §二",
                     "A single non-empty heap is a first-player win (take it all).",
                     single_heap, tables=(spec[1],), convention=CONV))

    def mirror(ctx):
        t2, t4 = ctx.table(spec[2]), ctx.table(spec[4])
        a = np.arange(S[2] + 1)
        diag = t2.array()[a, a]
        cases = [(f"{i},{i}", "P", "P" if diag[i] == 0 else "N") for i in a]
        g4 = t4.array()
        n = S[4] + 1
        for x, y in itertools.product(range(n), repeat=2):
            for pos in ((x, y, x, y), (x, x, y, y), (x, y, y, x)):
                cases.append((",".join(map(str, pos)), "P", "P" if g4[pos] == 0 else "N"))
        return check_all(cases, f"(a,a) for a <= {S[2]}; A+A for every 2-heap A, heaps <= {S[4]}")

    out.append(Claim("001.A.mirror", f"{SEED} §二",
                     "Two equal heaps, and more generally any position S = A + A made of two copies "
                     "of one position, are second-player wins (copy the opponent's move).",
                     mirror, tables=(spec[2], spec[4]), convention=CONV))

    def sums(ctx):
        t2, t4 = ctx.table(spec[2]), ctx.table(spec[4])
        n = S[4] + 1
        o2 = t2.array()[:n, :n] != 0          # True = N
        o4 = t4.array() != 0
        oa = o2[:, :, None, None]
        ob = o2[None, None, :, :]
        cases = []
        # B is P => S = A + B has the outcome of A (covers N+P -> N and P+P -> P)
        mask = ~ob & np.ones_like(oa)
        bad = mask & (o4 != oa)
        idx = np.argwhere(bad)
        n_checked = int(mask.sum())
        mixed_pn = bool((o4 & oa & ob).any()) and bool((~o4 & oa & ob).any())
        for pos in idx[:10]:
            p = tuple(int(x) for x in pos)
            cases.append((",".join(map(str, p)), "N" if o2[p[:2]] else "P", "N" if o4[p] else "P"))
        if cases:
            return Result("FAILS", f"A, B 2-heap positions, heaps <= {S[4]}", n_checked,
                          tuple(Counterexample(*c) for c in cases))
        if not mixed_pn:
            return Result("FAILS", f"A, B 2-heap positions, heaps <= {S[4]}", n_checked,
                          details="N + N was not seen to give both outcomes")
        return Result("HOLDS", f"A, B 2-heap positions, heaps <= {S[4]}", n_checked,
                      details="and N + N gives N for some pairs, P for others, as the seed says")

    out.append(Claim("001.A.sums", f"{SEED} §二 (分解理论)",
                     "For S = A + B: if one of A, B wins and the other loses, S wins; if both lose, S "
                     "loses; if B loses, S has the outcome of A; if both win, S sometimes wins and "
                     "sometimes loses.", sums, tables=(spec[2], spec[4]), convention=CONV,
                     reading="Checked with A = (a,b), B = (c,d) and S = (a,b,c,d) from the 4-heap table."))

    def simplify(ctx):
        t1, t2, t3, t4 = (ctx.table(spec[d]) for d in (1, 2, 3, 4))
        n = S[4] + 1
        o4 = t4.array() != 0
        o2 = t2.array()[:n, :n] != 0
        cases = []
        for a, c, d in itertools.product(range(n), repeat=3):
            cases.append((f"{a},{a},{c},{d} vs {c},{d}", o2[c, d], o4[a, a, c, d]))
        m = S[3] + 1
        o3 = t3.array() != 0
        o1 = t1.values[:m] != 0
        for a, c in itertools.product(range(m), repeat=2):
            cases.append((f"{a},{a},{c} vs {c}", o1[c], o3[a, a, c]))
        return check_all(cases, f"(a,a,c) heaps <= {S[3]}; (a,a,c,d) heaps <= {S[4]}")

    out.append(Claim("001.A.simplify", f"{SEED} §二 (简化)",
                     "Removing two equal heaps does not change the outcome (so a position can be "
                     "described by the set of heap sizes occurring an odd number of times).",
                     simplify, tables=(spec[1], spec[2], spec[3], spec[4]), convention=CONV))

    def examples(ctx):
        t1 = ctx.table(spec[1])
        g = t1.values

        def by_xor(heaps):
            v = 0
            for h in heaps:
                v ^= int(g[h])
            return "P" if v == 0 else "N"

        def direct(heaps):
            t = ctx.table(spec[len(heaps)])
            return t.outcome(list(heaps))

        cases = [("(1)", "N", direct((1,))), ("(3,3)", "P", direct((3, 3))),
                 ("(3,3,1)", "N", direct((3, 3, 1))), ("(1,3,3)", "N", direct((1, 3, 3))),
                 ("(1,2,3)", "P", direct((1, 2, 3))), ("(1,2,3,4)", "N", direct((1, 2, 3, 4))),
                 ("(2,2,5,5,5,5,7,7)", "P", by_xor((2, 2, 5, 5, 5, 5, 7, 7))),
                 ("(2,2,2,7,9,9) ~ (2,7)", by_xor((2, 7)), by_xor((2, 2, 2, 7, 9, 9))),
                 ("(2,2,2,7) ~ (2,7)", direct((2, 7)), direct((2, 2, 2, 7)))]
        return check_all(cases, "the seed's worked examples",
                         details="positions with more than 4 heaps are evaluated by XOR of one-heap "
                                 "Grundy values (the seed's theorem, checked above on up to 4 heaps)")

    out.append(Claim("001.A.examples", f"{SEED} §二-四 (worked examples)",
                     "(1) wins, (3,3) loses, (3,3,1) = (1,3,3) wins, (1,2,3) loses, (1,2,3,4) wins, "
                     "(2,2,5,5,5,5,7,7) loses, (2,2,2,7,9,9), (2,2,2,7) and (2,7) have one outcome.",
                     examples, tables=(spec[1], spec[2], spec[3], spec[4]), convention=CONV))

    msize = {"small": 6, "default": 24, "large": 64}[scale]
    mspec = f"nim:heaps=3,size={msize},play=misere"

    def misere(ctx):
        t = ctx.table(mspec)
        x = _xor_grid(msize, 3)
        a = np.arange(msize + 1)
        big = functools.reduce(np.maximum, np.meshgrid(a, a, a, indexing="ij")).reshape(-1) >= 2
        claimed_p = np.where(big, x == 0, x == 1)
        return compare(np.where(claimed_p, "P", "N"), np.where(t.values == 0, "P", "N"),
                       f"all 3-heap positions, heaps 0..{msize}", t.space.format_index)

    out.append(Claim("lit.misere-nim", "literature: Bouton (1902), misère Nim",
                     "Misère Nim (last mover loses): the player to move loses iff some heap has "
                     "at least 2 and the XOR is 0, or every heap has at most 1 and the XOR is 1.",
                     misere, tables=(mspec,), convention=CONV))
    return out


# ----------------------------------------------------------------------------------------------
# Game B: subtraction 1..m
# ----------------------------------------------------------------------------------------------
def subtraction_claims(scale: str) -> list[Claim]:
    size = SUB_SIZE[scale]
    out = []
    for m in range(1, 21):
        spec = f"subtraction:set=1-{m},size={size}"

        def check(ctx, m=m, spec=spec):
            t = ctx.table(spec)
            x = np.arange(size + 1)
            return compare(x % (m + 1), t.values, f"heaps 0..{size}", str)

        out.append(Claim(f"001.B.mod-rule.m{m:02d}", f"{SEED} §四 (game B)",
                         f"Taking 1..{m} stones: G(x) = x mod {m + 1}.", check, tables=(spec,),
                         convention="Grundy values"))
    hsize = {"small": 8, "default": 24, "large": 40}[scale]
    hspecs = [f"subtraction:set=1-{m},size={hsize},heaps=3" for m in (1, 2, 3, 4, 5)]

    def sum_rule(ctx):
        cases_total, bad = 0, []
        for m, spec in zip((1, 2, 3, 4, 5), hspecs):
            t = ctx.table(spec)
            a = np.arange(hsize + 1) % (m + 1)
            grids = np.meshgrid(a, a, a, indexing="ij")
            claimed = functools.reduce(np.bitwise_xor, grids).reshape(-1) == 0
            computed = t.values == 0
            cases_total += claimed.size
            for i in np.flatnonzero(claimed != computed)[:10]:
                bad.append((f"m={m}: {t.space.format_index(int(i))}", "P" if claimed[i] else "N",
                            "P" if computed[i] else "N"))
        if bad:
            return Result("FAILS", "3 heaps", cases_total, tuple(Counterexample(*b) for b in bad))
        return Result("HOLDS", f"all 3-heap positions with heaps 0..{hsize}, m = 1..5", cases_total)

    out.append(Claim("001.B.sum-rule", f"{SEED} §四 (game B)",
                     "With f(x) = x mod (m+1) and #S the XOR of f over the heaps, S is a "
                     "first-player win iff #S != 0.", sum_rule, tables=tuple(hspecs), convention=CONV,
                     reading="Checked against outcomes computed directly on the 3-heap game."))

    def options(ctx):
        from ..api import game
        g = game("subtraction:set=1-4,size=20")
        cases = []
        for n, want in ((9, [8, 7, 6, 5]), (2, [1, 0])):
            _, opts = g.options(n)
            cases.append((f"S({n}), m=4", sorted(want), sorted(i for i, _ in opts)))
        return check_all(cases, "the seed's two listed option sets")

    out.append(Claim("001.B.options", f"{SEED} §六", "With m = 4: S(9) = {(8),(7),(6),(5)}, "
                     "S(2) = {(1),(0)}.", options))
    return out


# ----------------------------------------------------------------------------------------------
# Game C (0.07) and octal games from the literature
# ----------------------------------------------------------------------------------------------
def _multi_heap_outcome(code: str, heaps: tuple) -> str:
    """Brute force over multisets of heaps (independent of Grundy theory)."""
    from ..games.octal import options_ref

    @functools.lru_cache(maxsize=None)
    def lose(pos: tuple) -> bool:
        for i, h in enumerate(pos):
            rest = pos[:i] + pos[i + 1:]
            for o in options_ref(code, h):
                if lose(tuple(sorted(rest + o))):
                    return False
        return True

    return "P" if lose(tuple(sorted(heaps))) else "N"


def _sum_theorem(code: str, spec: str, max_row: int, rows: int):
    def check(ctx):
        t = ctx.table(spec)
        g = t.values
        cases = []
        for heaps in itertools.combinations_with_replacement(range(1, max_row + 1), rows):
            v = 0
            for h in heaps:
                v ^= int(g[h])
            cases.append((",".join(map(str, heaps)), "P" if v == 0 else "N",
                          _multi_heap_outcome(code, heaps)))
        return check_all(cases, f"every position of {rows} rows of 1..{max_row} stones",
                         details="claimed: XOR of f over rows; computed: exhaustive search over "
                                 "multisets of rows, independent of Grundy theory")
    return check


LITERATURE_OCTAL = (
    # code, name, period, preperiod n0 (least n0 with G(n+p) = G(n) for all n >= n0),
    # (largest value, first heap where it occurs) or None, source.  See docs/claims/octal_literature.md.
    ("0.77", "Kayles", 12, 71, None,
     "Guy & Smith (1956), Winning Ways ch. 4, OEIS A002186: period 12, last exception G(70)"),
    ("0.07", "Dawson's Kayles", 34, 53, None,
     "Winning Ways ch. 4, OEIS A002187 (Dawson's chess) shifted by one: period 34, last exception G(52)"),
    ("0.137", "Dawson's chess", 34, 52, None, "Winning Ways ch. 4; OEIS A002187: 0.137(n) = 0.07(n+1)"),
    ("0.45", "0.45", 20, 498, (8, 37), "tczajka/octal-games SolvedGames (re-checking Flammenkamp): "
     "prefix 498, period 20, largest 8 at 37; OEIS A071435"),
    ("0.156", "0.156", 349, 3479, (23, 1032), "tczajka/octal-games SolvedGames: prefix 3479, period 349, "
     "largest 23 at 1032 (Kenyon 1967)"),
    ("0.356", "0.356", 142, 7315, (19, 86), "tczajka/octal-games SolvedGames: prefix 7315, period 142, "
     "largest 19 at 86 (Austin 1976)"),
    ("0.644", "0.644", 442, 3256, (64, 333), "tczajka/octal-games SolvedGames: prefix 3256, period 442, "
     "largest 64 at 333 (Austin 1976)"),
    ("0.165", "0.165", 1550, 5181, (25, 620), "tczajka/octal-games SolvedGames: prefix 5181, period 1550, "
     "largest 25 at 620 (Austin 1976)"),
    ("0.051", "0.051", 48, 48, (5, None), "Flammenkamp, octal_sparse.html: period length = preperiod "
     "length = 48, maximal value 5"),
    ("0.16", "0.16", 149459, 105351, (23, 229790), "Gangolli & Plambeck (1989); OEIS A071430: period "
     "149459, last exception 105350; tczajka SolvedGames: largest 23 at 229790"),
    ("0.56", "0.56", 144, 326640, (64, 22778), "Gangolli & Plambeck (1989); tczajka SolvedGames: "
     "prefix 326640, period 144, largest 64 at 22778 (OEIS A071436 says last exception 326637)"),
    ("0.127", "0.127", 4, 46578, (56, 24734), "Gangolli & Plambeck (1989); OEIS A071464: period 4, "
     "last exception 46577; tczajka: largest 56 at 24734"),
    ("0.376", "0.376", 4, 2268248, (176, 341612), "Gangolli & Plambeck (1989); tczajka SolvedGames: "
     "prefix 2268248, period 4, largest 176 at 341612"),
    ("0.354", "0.354", 1180, 10061916, (113, 1152), "Flammenkamp (2002) via tczajka SolvedGames: "
     "prefix 10061916, period 1180, largest 113 at 1152"),
)
# the moonshot: 443M values, 3 minutes, 1.9 GB; only at scale=large
LITERATURE_OCTAL_LARGE = (
    ("0.1777", "0.1777", 60620715, 160949018, None, "Flammenkamp via OEIS A071509: period 60620715, "
     "last exception 160949017"),
)


def octal_claims(scale: str) -> list[Claim]:
    size = OCTAL_SIZE[scale]
    spec = f"octal:code=0.07,size={size}"
    out = []

    def values(ctx):
        t = ctx.table(spec)
        return compare(np.array([0, 0, 1, 1, 2, 0, 3, 1]), t.values[:8], "heaps 0..7", str)

    out.append(Claim("001.C.values", f"{SEED} §六 (game C)",
                     "Game C (take two adjacent stones from a row, octal 0.07): f(0..7) = "
                     "0,0,1,1,2,0,3,1.", values, tables=(spec,), convention="Grundy values (f)"))

    def option_sets(ctx):
        t = ctx.table(spec)
        g = t.values
        printed = {0: set(), 1: set(), 2: {0}, 3: {0}, 4: {1, 0}, 5: {1}, 6: {2, 1, 0}, 7: {2, 0}}
        cases = []
        from ..games.octal import options_ref
        for n, want in printed.items():
            got = set()
            for o in options_ref("0.07", n):
                v = 0
                for h in o:
                    v ^= int(g[h])
                got.add(v)
            cases.append((f"g({n})", sorted(want), sorted(got)))
        cases.append(("S(7)", [(1, 4), (2, 3), (5,)], sorted(options_ref("0.07", 7))))
        return check_all(cases, "g(0..7) and S(7)")

    out.append(Claim("001.C.option-sets", f"{SEED} §六 (game C)",
                     "S(7) = {(5), (1,4), (2,3)}; the sets of option values g(n) are g(0) = g(1) = {}, "
                     "g(2) = g(3) = {0}, g(4) = {1,0}, g(5) = {1,1}, g(6) = {2,1,0}, g(7) = {2,2,0}.",
                     option_sets, tables=(spec,),
                     reading="As sets of values these are right; the printed components contain two "
                             "slips: g(6) lists #(1,4) where the option is (1,3), and g(7) lists #(4) "
                             "where the option is (5) (#(5) = 0 = #(2,3), so the set is {2,0} either way)."))

    def examples(ctx):
        g = ctx.table(spec).values
        cases = [("(7,3,3)", "N", "P" if int(g[7]) ^ int(g[3]) ^ int(g[3]) == 0 else "N"),
                 ("(3,4,6)", "P", "P" if int(g[3]) ^ int(g[4]) ^ int(g[6]) == 0 else "N"),
                 ("(7,3,3) by search", "N", _multi_heap_outcome("0.07", (7, 3, 3))),
                 ("(3,4,6) by search", "P", _multi_heap_outcome("0.07", (3, 4, 6)))]
        return check_all(cases, "the seed's two examples")

    out.append(Claim("001.C.examples", f"{SEED} §六", "(7,3,3) is a first-player win "
                     "(1^1^1 = 1); (3,4,6) is a second-player win (1^2^3 = 0).", examples,
                     tables=(spec,), convention=CONV))
    rmax = {"small": 7, "default": 10, "large": 12}[scale]
    out.append(Claim("001.C.sum-theorem", f"{SEED} §六-七 (general method)",
                     "For positions of several rows, with f = mex of option values and #S the XOR of "
                     "f over rows: S is a first-player win iff #S != 0.",
                     _sum_theorem("0.07", spec, rmax, 3), tables=(spec,), convention=CONV))

    lit_games = LITERATURE_OCTAL + (LITERATURE_OCTAL_LARGE if scale == "large" else ())
    for code, name, period, pre, largest, src in lit_games:
        from ..games.octal import max_removal
        bound = guy_smith_bound(max_removal(code))
        lsize = max(600, bound(pre, period) + 50)
        lspec = f"octal:code={code},size={lsize}"

        def per(ctx, code=code, lspec=lspec, period=period, pre=pre, largest=largest, bound=bound):
            # every value computed (no --until-periodic): the proof is checked on the table
            g = ctx.table(lspec).values
            found = prove_period(g, bound, "Guy-Smith")
            if found is None:
                return Result("FAILS", f"heaps 0..{len(g) - 1}", len(g),
                              details="no period proved in the computed range")
            bad = []
            if (found.period, found.preperiod) != (period, pre):
                bad.append(Counterexample(code, f"period {period}, pre-period {pre}",
                                          f"period {found.period}, pre-period {found.preperiod}"))
            top, first = int(g.max()), int(np.argmax(g))
            if largest is not None:
                want_top, want_at = largest
                if top != want_top or (want_at is not None and first != want_at):
                    bad.append(Counterexample(code, f"largest value {want_top}" + (
                        f" first at {want_at}" if want_at is not None else ""),
                        f"largest value {top} first at {first}"))
            if bad:
                return Result("FAILS", f"heaps 0..{len(g) - 1}", len(g), tuple(bad),
                              details=found.describe())
            status = "PROVED" if found.proved else "HOLDS"
            return Result(status, f"all heaps (computed 0..{len(g) - 1})", len(g),
                          details=(found.certificate or found.describe())
                          + f"; largest value {top}, first at heap {first}",
                          data={"period": found.period, "preperiod": found.preperiod,
                                "largest": top})

        extra = "" if largest is None else f"; its largest value is {largest[0]}" + (
            f", first at heap {largest[1]}" if largest[1] is not None else "")
        out.append(Claim(f"lit.octal.{code}.period", f"literature: {src}",
                         f"{name} ({code}) is ultimately periodic with period {period}, "
                         f"G(n+{period}) = G(n) for all n >= {pre}{extra}.", per, tables=(lspec,),
                         convention="pre-period = least n0 with G(n+p) = G(n) for all n >= n0"))
    return out


# ----------------------------------------------------------------------------------------------
# Game D: Stripes
# ----------------------------------------------------------------------------------------------
def stripes_claims(scale: str) -> list[Claim]:
    from ..games.stripes import code_of
    size = STRIPES_SIZE[scale]
    out = []
    for a, b, c in STRIPES:
        spec = f"stripes:a={a},b={b},c={c},size={size}"
        code = code_of(a, b, c)

        def per(ctx, spec=spec, code=code):
            g = ctx.table(spec).values
            found = prove_period(g, guy_smith_bound(max(a, b, c)), "Guy-Smith")
            if found is None:
                return Result("OPEN", f"no period proved within rows 0..{len(g) - 1}", len(g))
            return Result("PROVED", f"all rows (computed 0..{len(g) - 1})", len(g),
                          details=f"{found.describe()}. {found.certificate}",
                          data={"period": found.period, "preperiod": found.preperiod,
                                "max_value": int(g.max())})

        out.append(Claim(f"001.D.period.{a}-{b}-{c}", f"{SEED} §七 (game D, POI 2000 Stripes)",
                         f"Stripes with a,b,c = {a},{b},{c} (octal {code}) is solved by the f-function "
                         f"method; its f-sequence is ultimately periodic (period found and proved here).",
                         per, tables=(spec,), convention="Grundy values (f)",
                         reading="The seed claims the game is solved by the method; the period is our "
                                 "finding, proved with the Guy-Smith theorem."))
        rmax = {"small": 8, "default": 11, "large": 13}[scale]
        out.append(Claim(f"001.D.sum-theorem.{a}-{b}-{c}", f"{SEED} §七 (game D)",
                         f"Stripes {a},{b},{c}: a position of several rows is a first-player win iff "
                         f"the XOR of f over its rows is non-zero.",
                         _sum_theorem(code, spec, rmax, 2), tables=(spec,), convention=CONV))
    scan_c = {"small": 4, "default": 6, "large": 8}[scale]
    triples = list(itertools.combinations(range(1, scan_c + 1), 3))
    scan_specs = tuple(f"stripes:a={a},b={b},c={c},size={size}" for a, b, c in triples)

    def scan(ctx):
        proved, open_ = [], []
        for (a, b, c), spec in zip(triples, scan_specs):
            g = ctx.table(spec).values
            found = prove_period(g, guy_smith_bound(c), "Guy-Smith")
            if found is not None:
                proved.append(f"{a},{b},{c}: period {found.period}, pre-period {found.preperiod}")
            else:
                open_.append(f"{a},{b},{c} (max value {int(g.max())})")
        status = "HOLDS" if not open_ else "OPEN"
        return Result(status, f"{len(proved)} of {len(triples)} triples proved periodic; the others "
                      f"are open at rows 0..{size}", len(triples),
                      details="Proved: " + ("; ".join(proved) or "none") + ". Open: "
                              + ", ".join(open_) + ".",
                      data={"proved": proved, "open": open_})

    out.append(Claim("001.D.period-scan", f"{SEED} §七 (game D, POI 2000 Stripes)",
                     f"Every Stripes game with 1 <= a < b < c <= {scan_c} has an ultimately periodic "
                     f"f-sequence (Guy's conjecture for finite octal games), found and proved here.",
                     scan, tables=scan_specs,
                     reading="Not a claim of the seed (which only says the method solves the game): "
                             "a scan of all small triples, each proved by Guy-Smith or reported open."))
    return out
