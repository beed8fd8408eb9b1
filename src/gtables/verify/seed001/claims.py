"""The claims of seed 001 (heap games A-D), each a function of the tables it declares.

The printed examples and sets come from :mod:`.data` (verbatim); table sizes per scale are ours.
Outcomes are P (second player wins, the seed's 负) and N (first player wins, 胜).  Checks read
tables only from the :class:`~gtables.verify.claims.Tables` they are handed, and game rules only
from the family modules (``gtables.games``).
"""
from __future__ import annotations

import functools
import itertools

import numpy as np

from ...engine.periodicity import prove_period
from ...games import parse as parse_game
from ...games.octal import guy_smith_bound, heap_options
from ..claims import Claim, Counterexample, check_all, compare, verdict
from ..octal_literature import period_claims
from . import data

SEED = data.SEED
CONV = "outcomes P/N (P: second player wins, the seed's 负; N: first player wins, 胜)"

NIM_SIZES = {"small": {1: 64, 2: 16, 3: 9, 4: 9}, "default": {1: 1024, 2: 128, 3: 40, 4: 20},
             "large": {1: 1 << 16, 2: 1024, 3: 160, 4: 48}}
SUB_SIZE = {"small": 100, "default": 1000, "large": 100000}
OCTAL_SIZE = {"small": 300, "default": 2000, "large": 20000}
# Game D: the seed names no (a, b, c); these are our sample of triples (not printed in the seed)
STRIPES = ((1, 2, 3), (2, 5, 8), (1, 5, 8), (3, 4, 7), (2, 3, 9), (1, 4, 11))
STRIPES_SIZE = {"small": 400, "default": 3000, "large": 30000}
# game C sums: the parts are positions of one or two rows of 1..R stones
C_SUM_ROWS = {"small": 8, "default": 11, "large": 13}
# game C mex condition: heaps 0..N (the check is plain Python, about N^2/2 steps)
C_MEX_N = {"small": 300, "default": 2000, "large": 4000}


def _xor_grid(size: int, d: int) -> np.ndarray:
    a = np.arange(size + 1, dtype=np.int64)
    grids = np.meshgrid(*([a] * d), indexing="ij")
    return functools.reduce(np.bitwise_xor, grids).reshape(-1)


def _outcome_from_grundy(v) -> np.ndarray:
    return np.where(np.asarray(v) == 0, "P", "N")


def _pn(zero) -> str:
    return "P" if zero else "N"


def _label(pos) -> str:
    return "(" + ",".join(map(str, pos)) + ")"


# ----------------------------------------------------------------------------------------------
# Game A: Nim
# ----------------------------------------------------------------------------------------------
def _some_option_zero(g: np.ndarray) -> np.ndarray:
    """For a D-heap Nim Grundy array, whether each position has an option (one heap made smaller)
    whose value is 0: along each axis, any zero at a smaller index."""
    z = g == 0
    out = np.zeros_like(z)
    for axis in range(g.ndim):
        acc = np.logical_or.accumulate(z, axis=axis)
        lower = np.zeros_like(z)
        dst = [slice(None)] * g.ndim
        src = [slice(None)] * g.ndim
        dst[axis], src[axis] = slice(1, None), slice(None, -1)
        lower[tuple(dst)] = acc[tuple(src)]
        out |= lower
    return out


def nim_claims(scale: str) -> list[Claim]:
    S = NIM_SIZES[scale]
    spec = {d: f"nim:heaps={d},size={S[d]}" for d in S}
    out = []

    def xor_rule(d):
        def check(T):
            t = T[spec[d]]
            return compare(_xor_grid(S[d], d), t.values, f"all {d}-heap positions, heaps 0..{S[d]}",
                           t.space.format_index)
        return check

    for d in (1, 2, 3, 4):
        out.append(Claim(
            f"001.A.xor-rule.D{d}", f"{SEED} §三-四 (game A, conclusion)",
            "Nim: with #S the binary sum without carry (XOR) of the heap sizes, S is a loss for the "
            "player to move iff #S = 0; in Sprague-Grundy form, G(a1..aD) = a1 xor ... xor aD.",
            xor_rule(d), tables=(spec[d],), convention="Grundy values; P iff G = 0"))

    def single_heap(T):
        v = T[spec[1]].values[1:]
        return compare(np.full(v.size, "N"), _outcome_from_grundy(v), f"heaps 1..{S[1]}",
                       lambda i: str(i + 1))

    out.append(Claim("001.A.one-heap", f"{SEED} §二",
                     "A single non-empty heap is a first-player win (take it all).",
                     single_heap, tables=(spec[1],), convention=CONV))

    def mirror(T):
        t2, t4 = T[spec[2]], T[spec[4]]
        a = np.arange(S[2] + 1)
        diag = t2.array()[a, a]
        cases = [(f"{i},{i}", "P", _pn(diag[i] == 0)) for i in a]
        g4 = t4.array()
        n = S[4] + 1
        for x, y in itertools.product(range(n), repeat=2):
            for pos in ((x, y, x, y), (x, x, y, y), (x, y, y, x)):
                cases.append((",".join(map(str, pos)), "P", _pn(g4[pos] == 0)))
        return check_all(cases, f"(a,a) for a <= {S[2]}; A+A for every 2-heap A, heaps <= {S[4]}")

    out.append(Claim("001.A.mirror", f"{SEED} §二",
                     "Two equal heaps, and more generally any position S = A + A made of two copies "
                     "of one position, are second-player wins (copy the opponent's move).",
                     mirror, tables=(spec[2], spec[4]), convention=CONV))

    def sums(T):
        t2, t4 = T[spec[2]], T[spec[4]]
        n = S[4] + 1
        o2 = t2.array()[:n, :n] != 0          # True = N
        o4 = t4.array() != 0
        oa = o2[:, :, None, None]
        ob = o2[None, None, :, :]
        domain = f"A, B 2-heap positions, heaps <= {S[4]}"
        # B is P => S = A + B has the outcome of A (covers N+P -> N and P+P -> P)
        mask = ~ob & np.ones_like(oa)
        bad = mask & (o4 != oa)
        n_checked = int(mask.sum())
        cases = []
        for pos in np.argwhere(bad)[:10]:
            p = tuple(int(x) for x in pos)
            cases.append(Counterexample(",".join(map(str, p)), _pn(not o2[p[:2]]), _pn(not o4[p])))
        if cases:
            return verdict(domain, cases, checked=n_checked, differing=int(bad.sum()),
                           noun="positions")
        if not ((o4 & oa & ob).any() and (~o4 & oa & ob).any()):
            return verdict(domain, checked=n_checked, status="FAILS",
                           details="N + N was not seen to give both outcomes")
        return verdict(domain, checked=n_checked,
                       details="and N + N gives N for some pairs, P for others, as the seed says")

    out.append(Claim("001.A.sums", f"{SEED} §二 (分解理论)",
                     "For S = A + B: if one of A, B wins and the other loses, S wins; if both lose, S "
                     "loses; if B loses, S has the outcome of A; if both win, S sometimes wins and "
                     "sometimes loses.", sums, tables=(spec[2], spec[4]), convention=CONV,
                     reading="Checked with A = (a,b), B = (c,d) and S = (a,b,c,d) from the 4-heap table."))

    def simplify(T):
        t1, t2, t3, t4 = (T[spec[d]] for d in (1, 2, 3, 4))
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

    def examples(T):
        g = T[spec[1]].values

        def by_xor(heaps):
            v = 0
            for h in heaps:
                v ^= int(g[h])
            return _pn(v == 0)

        def direct(heaps):
            return T[spec[len(heaps)]].outcome(list(heaps))

        cases = [(_label(pos), want, direct(pos) if len(pos) <= 4 else by_xor(pos))
                 for pos, want in data.A_OUTCOMES.items()]
        first, middle, last = data.A_SIMPLIFY_CHAIN
        cases += [(f"{_label(first)} ~ {_label(last)}", by_xor(last), by_xor(first)),
                  (f"{_label(middle)} ~ {_label(last)}", direct(last), direct(middle))]
        return check_all(cases, "the seed's worked examples",
                         details="positions with more than 4 heaps are evaluated by XOR of one-heap "
                                 "Grundy values (the seed's theorem, checked above on up to 4 heaps)")

    out.append(Claim("001.A.examples", f"{SEED} §二-四 (worked examples)",
                     "(1) wins, (3,3) loses, (3,3,1) = (1,3,3) wins, (1,2,3) loses, (1,2,3,4) wins, "
                     "(2,2,5,5,5,5,7,7) loses, (2,2,2,7,9,9), (2,2,2,7) and (2,7) have one outcome.",
                     examples, tables=(spec[1], spec[2], spec[3], spec[4]), convention=CONV))

    def binary_examples(T):
        cases = [(f"#{_label(pos)}", printed, format(int(T[spec[len(pos)]].value(list(pos))), "b"))
                 for pos, printed in data.A_BINARY.items()]
        return check_all(cases, "the seed's printed binary numbers #S",
                         details="#S read as the Grundy value in the table of its number of heaps")

    out.append(Claim("001.A.binary-examples", f"{SEED} §三-四 (worked examples)",
                     "#(5) = 101, #(3,3) = 0, #(3,3,1) = 1, #(1,2,3) = 0, #(1,2,3,4) = 100 "
                     "(the binary number of a position, its Grundy value).", binary_examples,
                     tables=(spec[1], spec[2], spec[3], spec[4]),
                     convention="Grundy values, written in binary as the seed does"))

    def xor_arithmetic(T):
        cases = []
        for operands, total, where in data.XOR_SUMS:
            x = 0
            for b in operands:
                x ^= int(b, 2)
            cases.append((f"{where}: {' + '.join(operands)}", total,
                          format(x, f"0{len(total)}b")))
        for small, large, where in data.XOR_LESS:
            cases.append((f"{where}: {small} < {large}", True, int(small, 2) < int(large, 2)))
        seen, f = data.MEX_EXAMPLE
        cases.append((f"g(a1) = {{{', '.join(map(str, seen))}}}: f(a1) = min G(a1)", f,
                      min(v for v in range(max(seen) + 2) if v not in seen)))
        return check_all(cases, "the worked binary additions of §三-四 and the example of §六")

    out.append(Claim("001.A.xor-examples", f"{SEED} §三-四 (binary addition), §六",
                     "0011 + 1010 = 1001; 1010 + 1010 = 0000; 1011 + 1011 = 0000; 1011 + 1001 = "
                     "0010; 0011 + 1010 = 1001 and 1001 + 1010 = 0011; 11001 + 01101 + 10010 = "
                     "00110 = p and 01101 + 00110 = 01011 < 01101; 00101 + 10011 + 10111 + 00001 "
                     "= 00000; 00101 + 10011 + 00111 + 10111 = 00110 = p, 10011 + 00111 + 10111 = "
                     "00011 = 00101 + 00110 < 00101; if g(a1) = {0, 1, 2, 5, 7, 8, 9} then f(a1) = "
                     "3.", xor_arithmetic,
                     convention="binary numbers as printed; + is the seed's addition without "
                                "carry (XOR)",
                     reading="Pure arithmetic, no table: each printed sum is the XOR of its "
                             "operands, written with the printed number of digits; f(a1) = "
                             "min G(a1), the least number not in g(a1)."))

    nim1 = parse_game(spec[1])

    def options(T):
        g = T[spec[1]].values
        _, opts = nim1.options(3)
        got = sorted((i,) for i, _ in opts)
        values = sorted(int(g[i]) for (i,) in got)
        return check_all([("S(3)", sorted(data.A_S3), got),
                          ("g(3)", sorted(int(b, 2) for b in data.A_G3), values)],
                         "the seed's option set S(3) and value set g(3) of game A")

    out.append(Claim("001.A.options", f"{SEED} §六", "In game A, S(3) = {(2), (1), (0)} and "
                     "g(3) = {#(2), #(1), #(0)} = {10, 01, 00}.", options, tables=(spec[1],),
                     convention="Grundy values",
                     reading="The seed prints 'g(3) = {(2), (1), (0)}' where S(3) is meant, then "
                             "'故 g(3) = {#(2), #(1), #(0)}'; both sets are checked."))

    def proof_nonzero(d):
        def check(T):
            g = T[spec[d]].array()
            x = _xor_grid(S[d], d).reshape(g.shape)
            zero = x == 0
            bad = zero & _some_option_zero(g)
            cases = [Counterexample(_label(p), "every option N", "an option is P")
                     for p in np.argwhere(bad)[:10]]
            return verdict(f"all {d}-heap positions with #S = 0, heaps 0..{S[d]}", cases,
                           checked=int(zero.sum()), differing=int(bad.sum()), noun="positions")
        return check

    def proof_winning_move(d):
        def check(T):
            g = T[spec[d]].array()
            heaps = np.meshgrid(*([np.arange(S[d] + 1)] * d), indexing="ij")
            p = _xor_grid(S[d], d).reshape(g.shape)
            top = np.zeros_like(p)
            nz = p > 0
            top[nz] = 1 << (np.floor(np.log2(p[nz])).astype(np.int64))
            moves = bad_n = 0
            cases = []
            has_k = np.zeros(g.shape, dtype=bool)
            for k in range(d):
                use = nz & ((heaps[k] & top) != 0)
                has_k |= use
                target = [h.copy() for h in heaps]
                target[k] = heaps[k] ^ p
                smaller = target[k] < heaps[k]
                value = g[tuple(np.where(use, t, 0) for t in target)]
                bad = use & ~(smaller & (value == 0))
                moves += int(use.sum())
                bad_n += int(bad.sum())
                for pos in np.argwhere(bad)[:10]:
                    pos = tuple(int(v) for v in pos)
                    cases.append(Counterexample(f"{_label(pos)}: heap {k + 1} -> "
                                                f"{pos[k] ^ int(p[pos])}", "a smaller heap, P",
                                                f"{'smaller' if smaller[pos] else 'not smaller'}, "
                                                f"{_pn(value[pos] == 0)}"))
            missing = nz & ~has_k
            bad_n += int(missing.sum())
            cases += [Counterexample(_label(q), "some heap has the top bit of #S", "none")
                      for q in np.argwhere(missing)[:10]]
            return verdict(f"every move of the proof from all {d}-heap positions with #S != 0, "
                           f"heaps 0..{S[d]}", cases[:10], checked=moves + int(missing.sum()),
                           differing=bad_n, noun="moves")
        return check

    for d in (3, 4):
        out.append(Claim(f"001.A.proof.zero-to-nonzero.D{d}", f"{SEED} §四 (proof)",
                         "If #S = 0, every move S -> T gives #T != 0: no option of a position with "
                         "#S = 0 is a loss.", proof_nonzero(d), tables=(spec[d],), convention=CONV,
                         reading="#S is the XOR of the heap sizes; #T != 0 is read as 'T is N in "
                                 "the table' (the seed's conclusion, checked by 001.A.xor-rule)."))
        out.append(Claim(f"001.A.proof.winning-move.D{d}", f"{SEED} §四 (proof)",
                         "If #S = p != 0, some heap a_k has the highest bit of p set, a_k + p < a_k, "
                         "and changing that heap to a_k + p (XOR) leaves a position T with #T = 0: "
                         "a second-player win.", proof_winning_move(d), tables=(spec[d],),
                         convention=CONV,
                         reading="Every heap k with that bit is tried (the seed: 'at least one "
                                 "k'); T's outcome is read from the table."))

    def outcome_definition(T):
        cases, checked, bad_n = [], 0, 0
        for d in (2, 3):
            g = T[spec[d]].array()
            has_p = _some_option_zero(g)
            bad = (g != 0) != has_p
            checked += g.size
            bad_n += int(bad.sum())
            cases += [Counterexample(_label(q), f"{_pn(g[tuple(q)] == 0)}: "
                                     + ("every option N" if g[tuple(q)] == 0 else "some option P"),
                                     "some option P" if has_p[tuple(q)] else "every option N")
                      for q in np.argwhere(bad)[:10]]
            empty = g[(0,) * d]
            checked += 1
            if empty != 0:
                bad_n += 1
                cases.append(Counterexample("(" + ",".join("0" * d) + ")", data.A_EMPTY,
                                            _pn(False)))
        return verdict(f"all 2-heap positions, heaps 0..{S[2]}; all 3-heap positions, heaps "
                       f"0..{S[3]}; the empty position", cases[:10], checked=checked,
                       differing=bad_n, noun="positions")

    out.append(Claim("001.A.outcome-definition", f"{SEED} §二",
                     "If S wins there is a move S -> T with T a loss; if S loses, every move "
                     "S -> T gives a win; the empty position is a loss.", outcome_definition,
                     tables=(spec[2], spec[3]), convention=CONV))

    def representations(T):
        cases = []
        for pos in data.A_REPRESENTATIONS[:3]:
            odd = {h for h in pos if pos.count(h) % 2}
            cases.append((f"set of {_label(pos)}", sorted(data.A_REPRESENTATION_SET), sorted(odd)))
        for pos in data.A_REPRESENTATIONS:
            cases.append((f"#{_label(pos)}", data.A_REPRESENTATION_BINARY,
                          format(int(T[spec[len(pos)]].value(list(pos))), "b")))
        return check_all(cases, "the four positions of §八")

    out.append(Claim("001.A.representations", f"{SEED} §八 (总结)",
                     "(3,3,1), (1,3,3) and (5,5,1) are all described by the set {1}, and all four "
                     "positions (3,3,1), (1,3,3), (5,5,1), (2,3) have the binary number 1.",
                     representations, tables=(spec[2], spec[3]),
                     convention="Grundy values, written in binary as the seed does",
                     reading="The text says '5 个局面' and lists four; its item d counts 4. The sets "
                             "are computed from the tuples (heaps occurring an odd number of times)."))

    msize = {"small": 6, "default": 24, "large": 64}[scale]
    mspec = f"nim:heaps=3,size={msize},play=misere"

    def misere(T):
        t = T[mspec]
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

        def check(T, m=m, spec=spec):
            x = np.arange(size + 1)
            return compare(x % (m + 1), T[spec].values, f"heaps 0..{size}", str)

        out.append(Claim(f"001.B.mod-rule.m{m:02d}", f"{SEED} §四 (game B)",
                         f"Taking 1..{m} stones: G(x) = x mod {m + 1}.", check, tables=(spec,),
                         convention="Grundy values"))
    hsize = {"small": 8, "default": 24, "large": 40}[scale]
    hspecs = [f"subtraction:set=1-{m},size={hsize},heaps=3" for m in (1, 2, 3, 4, 5)]

    def sum_rule(T):
        total, differing, bad = 0, 0, []
        for m, spec in zip((1, 2, 3, 4, 5), hspecs):
            t = T[spec]
            a = np.arange(hsize + 1) % (m + 1)
            grids = np.meshgrid(a, a, a, indexing="ij")
            claimed = functools.reduce(np.bitwise_xor, grids).reshape(-1) == 0
            computed = t.values == 0
            total += claimed.size
            wrong = np.flatnonzero(claimed != computed)
            differing += wrong.size
            bad += [Counterexample(f"m={m}: {t.space.format_index(int(i))}", _pn(claimed[i]),
                                   _pn(computed[i])) for i in wrong[:10]]
        return verdict(f"all 3-heap positions with heaps 0..{hsize}, m = 1..5", bad, checked=total,
                       differing=differing, limit=None, noun="positions")

    out.append(Claim("001.B.sum-rule", f"{SEED} §四 (game B)",
                     "With f(x) = x mod (m+1) and #S the XOR of f over the heaps, S is a "
                     "first-player win iff #S != 0.", sum_rule, tables=tuple(hspecs), convention=CONV,
                     reading="Checked against outcomes computed directly on the 3-heap game."))

    def options(T):
        g = parse_game(f"subtraction:set=1-{data.B_M},size=20")   # the rules only, no table
        cases = []
        for n, want in data.B_OPTIONS.items():
            _, opts = g.options(n)
            cases.append((f"S({n}), m={data.B_M}", sorted(h for (h,) in want), sorted(i for i, _ in opts)))
        return check_all(cases, "the seed's two listed option sets")

    out.append(Claim("001.B.options", f"{SEED} §六", "With m = 4: S(9) = {(8),(7),(6),(5)}, "
                     "S(2) = {(1),(0)}.", options))
    return out


# ----------------------------------------------------------------------------------------------
# Game C (0.07)
# ----------------------------------------------------------------------------------------------
def _multi_heap_outcome(code: str, heaps: tuple) -> str:
    """Brute force over multisets of heaps (independent of Grundy theory and of any table)."""
    @functools.cache
    def lose(pos: tuple) -> bool:
        for i, h in enumerate(pos):
            rest = pos[:i] + pos[i + 1:]
            for o in heap_options(code, h):
                if lose(tuple(sorted(rest + o))):
                    return False
        return True

    return _pn(lose(tuple(sorted(heaps))))


def _sum_theorem(code: str, spec: str, max_row: int, rows: int):
    def check(T):
        g = T[spec].values
        cases = []
        for heaps in itertools.combinations_with_replacement(range(1, max_row + 1), rows):
            v = 0
            for h in heaps:
                v ^= int(g[h])
            cases.append((",".join(map(str, heaps)), _pn(v == 0), _multi_heap_outcome(code, heaps)))
        return check_all(cases, f"every position of {rows} rows of 1..{max_row} stones",
                         details="claimed: XOR of f over rows; computed: exhaustive search over "
                                 "multisets of rows, independent of Grundy theory")
    return check


def sum_outcomes(code: str, g: np.ndarray):
    """``outcome(rows) -> "P"/"N"`` for positions of several rows of the octal game ``code``: a
    one-row position's outcome is read from its Grundy table ``g`` (P iff 0), a position of several
    rows is searched move by move (no Grundy theory: no XOR).  Rows without a move are dropped
    (they change nothing), so a wrong table value shows in the sums built on it."""
    live = functools.lru_cache(maxsize=None)(lambda n: bool(heap_options(code, n)))

    def norm(rows) -> tuple:
        return tuple(sorted(h for h in rows if live(h)))

    @functools.cache
    def lose(rows: tuple) -> bool:
        if not rows:
            return True
        if len(rows) == 1:
            return int(g[rows[0]]) == 0
        for i, h in enumerate(rows):
            if i and rows[i - 1] == h:
                continue
            rest = rows[:i] + rows[i + 1:]
            for o in heap_options(code, h):
                if lose(norm(rest + o)):
                    return False
        return True

    return lambda rows: _pn(lose(norm(rows)))


def _parts(r: int) -> list[tuple]:
    """The positions of one or two rows of 1..r stones (as sorted tuples)."""
    return [(a,) for a in range(1, r + 1)] + list(itertools.combinations_with_replacement(
        range(1, r + 1), 2))


def octal_claims(scale: str) -> list[Claim]:
    size = OCTAL_SIZE[scale]
    code = data.C_CODE
    spec = f"octal:code={code},size={size}"
    out = []

    def values(T):
        g = T[spec].values
        n = len(data.C_F_PRINTED)
        return compare(np.array(data.C_F_PRINTED), g[:n], f"heaps 0..{n - 1}", str)

    out.append(Claim("001.C.values", f"{SEED} §六 (game C)",
                     "Game C (take two adjacent stones from a row, octal 0.07): f(0..7) = "
                     "0,0,1,1,2,0,3,1.", values, tables=(spec,), convention="Grundy values (f)"))

    def xor_of(g, rows) -> int:
        v = 0
        for h in rows:
            v ^= int(g[h])
        return v

    def option_sets(T):
        g = T[spec].values
        cases = []
        for n, (_, printed) in data.C_G_PRINTED.items():
            got = {xor_of(g, o) for o in heap_options(code, n)}
            cases.append((f"g({n})", sorted(set(printed)), sorted(got)))
        cases.append(("S(7)", sorted(data.C_S7), sorted(o or (0,) for o in heap_options(code, 7))))
        return check_all(cases, "g(0..7) and S(7)")

    out.append(Claim("001.C.option-sets", f"{SEED} §六 (game C)",
                     "S(7) = {(5), (1,4), (2,3)}; the sets of option values g(n) are g(0) = g(1) = {}, "
                     "g(2) = g(3) = {0}, g(4) = {1,0}, g(5) = {1,1}, g(6) = {2,1,0}, g(7) = {2,2,0}.",
                     option_sets, tables=(spec,),
                     reading="As sets of values these are right; the printed components contain two "
                             "slips: g(6) lists #(1,4) where the option is (1,3), and g(7) lists #(4) "
                             "where the option is (5) (#(5) = 0 = #(2,3), so the set is {2,0} either "
                             "way). The printed lines, components and all, are 001.C.option-lines."))

    def option_lines(lines):
        def check(T):
            g = T[spec].values
            cases = []
            for n, (comps, vals) in lines.items():
                opts = sorted(o or (0,) for o in heap_options(code, n))
                got_vals = sorted(xor_of(g, c) for c in comps)
                cases.append((f"g({n}): components", sorted(comps), opts))
                cases.append((f"g({n}): #(components)", sorted(vals), got_vals))
            return check_all(cases, "the printed lines g(0..7) = {#(option), ...} = {values}",
                             details="components against the rules of 0.07; values = XOR of "
                                     "the table over each printed component")
        return check

    printed_lines = dict(data.C_G_PRINTED)
    out.append(Claim("001.C.option-lines", f"{SEED} §六 (game C)",
                     "As printed: g(n) = {#(option), ...} = {values} for n = 0..7, e.g. "
                     "g(6) = {#(4), #(1,4), #(2,2)} = {2,1,0} and g(7) = {#(4), #(1,4), #(2,3)} = "
                     "{2,2,0}.", option_lines(printed_lines), tables=(spec,),
                     convention="Grundy values (f); (0) is the empty row",
                     reading="Each line is checked twice: its components are the options of (n), "
                             "and its values are the # of those components (as multisets)."))
    corrected_lines = {**printed_lines, **data.C_G_CORRECTED}
    out.append(Claim("001.C.option-lines.corrected", "ours, correcting " + f"{SEED} §六",
                     "g(6) = {#(4), #(1,3), #(2,2)} = {2,1,0} and g(7) = {#(5), #(1,4), #(2,3)} = "
                     "{0,2,0}; the other lines as printed.", option_lines(corrected_lines),
                     tables=(spec,), correction_of="001.C.option-lines",
                     convention="Grundy values (f); (0) is the empty row"))

    def g_lines(T):
        g = T[spec].values
        cases, notes = [], []
        for n, (label, listed) in data.C_G_COMPLEMENTS_PRINTED.items():
            seen = {xor_of(g, o) for o in heap_options(code, n)}
            top = max(max(listed), max(seen, default=0)) + 1
            claimed = {v for v in range(top + 1) if v in listed or v > max(listed)}
            complement = {v for v in range(top + 1) if v not in seen}
            printed = "{" + ", ".join(map(str, listed)) + ", …}"
            run = min(v for v in range(top + 2) if all(u in complement for u in range(v, top + 1)))
            cases.append((f"line g({n}): the set printed as G({label})", printed,
                          printed if claimed == complement else
                          "{" + ", ".join(map(str, sorted(v for v in complement if v <= run)))
                          + ", …}"))
            cases.append((f"line g({n}): f({n}) = min of that set", min(listed), int(g[n])))
            if label != n:
                seen_l = {xor_of(g, o) for o in heap_options(code, label)}
                same = {v for v in range(top + 1) if v not in seen_l} == complement
                cases.append((f"line g({n}): G({label}) = G({n})", True, same))
                notes.append(f"the g({n}) line prints G({label}) where G({n}) is meant; "
                             f"g({label}) = {sorted(seen_l)} = g({n}), so G({label}) = G({n}) and "
                             f"the line is true as printed")
        return check_all(cases, "the printed lines g(0..7): G(n) and f(n) = min G(n)",
                         details="; ".join(notes))

    out.append(Claim("001.C.G-lines", f"{SEED} §六 (game C: the f values)",
                     "As printed: G(0) = G(1) = {0, 1, …}, G(2) = {1, 2, …} (on the g(2) line and "
                     "again on the g(3) line), G(4) = {2, 3, …}, G(5) = {0, 2, 3, …}, G(6) = {3, 4, "
                     "…}, G(7) = {1, 3, 4, …}, each the complement of its line's g(n), and f(n) = "
                     "min G(n): f(0..7) = 0, 0, 1, 1, 2, 0, 3, 1.", g_lines, tables=(spec,),
                     convention="Grundy values (f)",
                     reading="A printed set {a, b, …} is its listed members and every number above "
                             "the last. Each line's set is compared with the complement of its "
                             "g(n) (the XOR of the table over the rows of each option of (n)); the "
                             "g(3) line names its set G(2): read literally (G(2) = {1, 2, …}, "
                             "true) and checked to be G(3) too."))

    def xor_examples(T):
        g = T[spec].values
        cases = []
        for pos, terms, binary, total in data.C_XOR_EXAMPLES:
            got = tuple(int(g[h]) for h in pos)
            cases.append((f"#{_label(pos)}: the terms f(a_i)", terms, got))
            if binary is not None:
                width = max(len(b) for b in binary)
                cases.append((f"#{_label(pos)}: the terms in binary", binary,
                              tuple(format(v, f"0{width}b") for v in got)))
            cases.append((f"#{_label(pos)}: the sum", total, format(xor_of(g, pos), "b")))
        return check_all(cases, "the two worked sums of §六")

    out.append(Claim("001.C.xor-examples", f"{SEED} §六 (the examples of game C)",
                     "#(7, 3, 3) = f(7) + f(3) + f(3) = 1 + 1 + 1 = 1, so (7, 3, 3) wins; #(3, 4, 6) "
                     "= 1 + 2 + 3 = 01 + 10 + 11 = 0, so (3, 4, 6) loses.", xor_examples,
                     tables=(spec,), convention="Grundy values (f), added without carry (XOR)",
                     reading="Each printed term is f of its row in the 0.07 table, the binary "
                             "forms those numbers, the sum their XOR. The outcomes are "
                             "001.C.examples."))

    mex_n = min(C_MEX_N[scale], size)

    def mex_condition(T):
        g = T[spec].values
        cases = []
        for n in range(mex_n + 1):
            seen = {xor_of(g, o) for o in heap_options(code, n)}
            f = int(g[n])
            ok = f not in seen and all(v in seen for v in range(f))
            cases.append((f"f({n}) = {f}, g({n}) = {sorted(seen)[:12]}", "f not in g, {0..f-1} in g",
                          "f not in g, {0..f-1} in g" if ok else
                          ("f in g" if f in seen else "some v < f not in g")))
        return check_all(cases, f"heaps 0..{mex_n}", noun="heaps",
                         details="g(n) = the XOR of the table over the rows of each option of (n)")

    out.append(Claim("001.C.mex-condition", f"{SEED} §六 (the sufficient condition)",
                     "f(a) is not in g(a), and g(a) contains {0, 1, ..., f(a)-1}: f(n) = min G(n), "
                     "the least value not in g(n).", mex_condition, tables=(spec,),
                     convention="Grundy values (f)"))

    def examples(T):
        g = T[spec].values
        cases = []
        for pos, want in data.C_EXAMPLES.items():
            cases.append((_label(pos), want, _pn(xor_of(g, pos) == 0)))
        for pos, want in data.C_EXAMPLES.items():
            cases.append((f"{_label(pos)} by search", want, _multi_heap_outcome(code, pos)))
        return check_all(cases, "the seed's two examples")

    out.append(Claim("001.C.examples", f"{SEED} §六", "(7,3,3) is a first-player win "
                     "(1^1^1 = 1); (3,4,6) is a second-player win (1^2^3 = 0).", examples,
                     tables=(spec,), convention=CONV))
    rmax = {"small": 7, "default": 10, "large": 12}[scale]
    out.append(Claim("001.C.sum-theorem", f"{SEED} §六-七 (general method)",
                     "For positions of several rows, with f = mex of option values and #S the XOR of "
                     "f over rows: S is a first-player win iff #S != 0.",
                     _sum_theorem(code, spec, rmax, 3), tables=(spec,), convention=CONV))
    out += _game_c_sums(code, spec, C_SUM_ROWS[scale])
    out += period_claims(scale)
    return out


def _game_c_sums(code: str, spec: str, r: int) -> list[Claim]:
    """The sum rules of §二, which §五 says game C shares with game A, checked on game C."""
    parts = _parts(r)
    domain = f"A, B positions of one or two rows of 1..{r} stones"
    reading = ("Outcomes of one-row positions are read from the Grundy table (P iff 0); positions "
               "of several rows are searched move by move down to one row (no XOR).")
    src = f"{SEED} §二 (分解理论), for game C by §五"

    def pairs(T):
        outcome = sum_outcomes(code, T[spec].values)
        for a, b in itertools.combinations_with_replacement(parts, 2):
            yield a, b, outcome(a), outcome(b), outcome(a + b)

    def win_loss(T):
        cases = [(f"{_label(a)} + {_label(b)}", "N", s) for a, b, oa, ob, s in pairs(T) if oa != ob]
        return check_all(cases, domain + ", one N and one P", noun="sums")

    def loss_loss(T):
        cases = [(f"{_label(a)} + {_label(b)}", "P", s) for a, b, oa, ob, s in pairs(T)
                 if oa == ob == "P"]
        return check_all(cases, domain + ", both P", noun="sums")

    def win_win(T):
        # one-row parts: their outcomes are the table's own, so a table without both kinds of
        # N + N sum (or without N rows) fails
        outcome = sum_outcomes(code, T[spec].values)
        seen = {"N": [], "P": []}
        n = 0
        for a, b in itertools.combinations_with_replacement(range(1, r + 1), 2):
            if outcome((a,)) == outcome((b,)) == "N":
                n += 1
                seen[outcome((a, b))].append(f"({a}) + ({b})")
        cases = [(f"an N + N sum that is {o}", "exists", seen[o][0] if seen[o] else "none")
                 for o in ("N", "P")]
        bad = [Counterexample(*c) for c in cases if c[2] == "none"]
        return verdict(f"A, B one row of 1..{r} stones each, both N", bad, checked=n, noun="sums",
                       details=f"N + N gives N in {len(seen['N'])} sums (first {cases[0][2]}), "
                               f"P in {len(seen['P'])} (first {cases[1][2]})",
                       data={"N": len(seen["N"]), "P": len(seen["P"])})

    def mirror(T):
        outcome = sum_outcomes(code, T[spec].values)
        cases = [(f"{_label(a)} + {_label(a)}", "P", outcome(a + a)) for a in parts]
        return check_all(cases, f"A + A for every A of one or two rows of 1..{r} stones",
                         noun="positions")

    def simplify(T):
        outcome = sum_outcomes(code, T[spec].values)
        big, small = data.C_SAME_OUTCOME
        cases = [(f"{_label(big)} vs {_label(small)} (printed)", outcome(small), outcome(big))]
        cases += [(f"{_label(a)} + ({c},{c}) vs {_label(a)}", outcome(a), outcome(a + (c, c)))
                  for a in parts for c in range(1, r + 1)]
        return check_all(cases, f"(7,3,3) vs (7); A + C + C vs A for A of one or two rows and C "
                         f"one row, rows of 1..{r} stones", noun="positions")

    return [
        Claim("001.C.sums.win-loss", src, "Game C: if one of A, B wins and the other loses, "
              "S = A + B wins.", win_loss, tables=(spec,), convention=CONV, reading=reading),
        Claim("001.C.sums.loss-loss", src, "Game C: if A and B both lose, S = A + B loses.",
              loss_loss, tables=(spec,), convention=CONV, reading=reading),
        Claim("001.C.sums.win-win", src, "Game C: if A and B both win, S = A + B sometimes wins "
              "and sometimes loses (both happen).", win_win, tables=(spec,), convention=CONV,
              reading="Outcomes of one-row positions are read from the Grundy table (P iff 0), the "
              "two-row sums searched move by move (no XOR); HOLDS when both outcomes occur, the "
              "first of each is shown."),
        Claim("001.C.mirror", f"{SEED} §二 (for game C by §五)", "Game C: a position S = A + A "
              "made of two copies of one position is a second-player win.", mirror, tables=(spec,),
              convention=CONV, reading=reading),
        Claim("001.C.simplify", f"{SEED} §二, §五", "Game C: (7,3,3) has the outcome of (7); "
              "generally S = A + C + C has the outcome of A.", simplify, tables=(spec,),
              convention=CONV, reading=reading),
    ]


# ----------------------------------------------------------------------------------------------
# Game D: Stripes
# ----------------------------------------------------------------------------------------------
def stripes_claims(scale: str) -> list[Claim]:
    from ...games.stripes import code_of
    size = STRIPES_SIZE[scale]
    out = []
    for a, b, c in STRIPES:
        spec = f"stripes:a={a},b={b},c={c},size={size}"
        code = code_of(a, b, c)

        def per(T, spec=spec, a=a, b=b, c=c):
            g = T[spec].values
            found = prove_period(g, guy_smith_bound(max(a, b, c)), "Guy-Smith")
            if found is None:
                return verdict(f"no period proved within rows 0..{len(g) - 1}", checked=len(g),
                               status="OPEN")
            return verdict(f"a,b,c = {a},{b},{c} only: all rows (computed 0..{len(g) - 1})",
                           checked=len(g), status="PROVED",
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

    def scan(T):
        proved, open_ = [], []
        for (a, b, c), spec in zip(triples, scan_specs):
            g = T[spec].values
            found = prove_period(g, guy_smith_bound(c), "Guy-Smith")
            if found is not None:
                proved.append(f"{a},{b},{c}: period {found.period}, pre-period {found.preperiod}")
            else:
                open_.append(f"{a},{b},{c} (max value {int(g.max())})")
        return verdict(f"{len(proved)} of {len(triples)} triples proved periodic (each listed "
                       f"triple, not all triples); the others are open at rows 0..{size}",
                       checked=len(triples), status="HOLDS" if not open_ else "OPEN",
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
