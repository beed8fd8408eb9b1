"""Short partizan games (``gtables.cgt``): the numba pool against the textbook reference
(``gtables.cgt.reference``: frozensets and recursion) on every game born by day 2, on games whose
options are day-2 forms, on random sums; against literature values (1474 games born by day 3,
Domineering and Blue-Red Hackenbush by plain recursion here, Winning Ways' and Siegel's
identities); against CGSuite's own test values (its text, stops, mean, temperature and
thermograph for the same games); CGSuite's notation both ways; the saved pool re-checked.
"""
from __future__ import annotations

import functools
import itertools
import os
import random
import subprocess
import sys
from fractions import Fraction

import numpy as np
import pytest

from gtables.cgt import Pool, check_pool
from gtables.cgt import kernels as k
from gtables.cgt import reference as ref
from gtables.config import JIT
from gtables.errors import GtablesError


@pytest.fixture(scope="module")
def pool():
    return Pool()


@pytest.fixture(scope="module")
def day2():
    return ref.born_by(2)


def to_pool(pool, g, memo):
    """The id of reference game ``g`` (any form), built from its options' ids."""
    if g not in memo:
        memo[g] = pool.canonical([to_pool(pool, x, memo) for x in g[0]],
                                 [to_pool(pool, x, memo) for x in g[1]])
    return memo[g]


def from_pool(pool, i):
    """The reference game (frozensets) of pool id ``i``."""
    left, right = pool.options(i)
    return ref.game([from_pool(pool, x) for x in left], [from_pool(pool, x) for x in right])


def check_against_reference(pool, i, g):
    """Pool id ``i`` is the canonical form of reference game ``g``, with its values."""
    c = ref.canonical(g)
    assert from_pool(pool, i) == c, pool.format(i)
    assert pool.birthday(i) == ref.birthday(c)
    assert pool.number_value(i) == ref.number_value(c)
    assert pool.left_stop(i) == ref.left_stop(c)
    assert pool.right_stop(i) == ref.right_stop(c)
    assert pool.outcome(i) == ref.outcome(c)
    assert pool.temperature(i) == ref.temperature(c), pool.format(i)
    assert pool.mean(i) == ref.mean(c), pool.format(i)
    assert pool.parse(pool.format(i)) == i, pool.format(i)


# -- against the reference ------------------------------------------------------------------------

def test_days_0_to_2_have_1_4_22_forms(day2):
    assert [len(ref.born_by(d)) for d in (0, 1)] == [1, 4]
    assert len(day2) == 22


def test_every_day2_game_and_pair_as_the_reference(pool, day2):
    memo: dict = {}
    ids = [to_pool(pool, g, memo) for g in day2]
    assert len(set(ids)) == 22                   # an id per canonical form
    for g, i in zip(day2, ids):
        check_against_reference(pool, i, g)
        assert pool.neg(i) == to_pool(pool, ref.neg(g), memo)
        assert pool.add(i, pool.neg(i)) == 0
    for (g, i), (h, j) in itertools.product(list(zip(day2, ids)), repeat=2):
        assert pool.le(i, j) == ref.le(g, h)
        assert pool.add(i, j) == to_pool(pool, ref.add(g, h), memo)


def test_games_with_day1_and_day2_options_as_the_reference(pool, day2):
    memo: dict = {}
    day1 = ref.born_by(1)
    subsets = [list(s) for n in range(5) for s in itertools.combinations(day1, n)]
    for L, R in itertools.product(subsets, repeat=2):        # 256 games on day-1 options
        g = ref.game(L, R)
        check_against_reference(pool, to_pool(pool, g, memo), g)
    rng = random.Random(41)
    for _ in range(1500):                                      # day-3 games, any input form
        g = ref.game(rng.sample(day2, rng.randint(0, 5)), rng.sample(day2, rng.randint(0, 5)))
        check_against_reference(pool, to_pool(pool, g, memo), g)


def test_random_sums_as_the_reference(pool, day2):
    memo: dict = {}
    rng = random.Random(7)
    day3 = [ref.canonical(ref.game(rng.sample(day2, 3), rng.sample(day2, 3)))
            for _ in range(12)]
    for n in range(150):          # sums of two or three day-2 games, or of day-2 and day-3
        parts = rng.sample(day2, rng.randint(2, 3)) if n % 3 else [rng.choice(day2),
                                                                   rng.choice(day3)]
        total = functools.reduce(ref.add, parts)
        i = pool.sum(to_pool(pool, g, memo) for g in parts)
        check_against_reference(pool, i, total)
        j = pool.sum(reversed([to_pool(pool, g, memo) for g in parts]))
        assert i == j


def test_thermograph_walls_as_the_reference_point_by_point(pool, day2):
    memo: dict = {}
    rng = random.Random(3)
    games = day2 + [ref.game(rng.sample(day2, 2), rng.sample(day2, 2)) for _ in range(60)]
    games += [ref.add(ref.number(Fraction(1, 2)), ref.game([ref.number(2)], [ref.number(-1)]))]
    ts = [Fraction(n, 8) for n in range(-8, 25)]
    for g in games:
        th = pool.thermograph(to_pool(pool, g, memo))
        c = ref.canonical(g)
        for t in ts + [th.temperature]:
            assert (th.left.at(t), th.right.at(t)) == ref.walls(c, t), (pool.format(
                to_pool(pool, g, memo)), t)


def test_1474_games_are_born_by_day_3(pool, day2):
    """Day 3 has 1474 canonical forms (Siegel, CGT, ch. III.1; Wolfe and Fraser): every
    ``{A | B}`` for antichains ``A``, ``B`` of the day-2 forms."""
    memo: dict = {}
    ids = [to_pool(pool, g, memo) for g in day2]
    chains: list[list[int]] = [[]]

    def grow(start, cur):
        for n in range(start, len(ids)):
            if all(pool.fuzzy(ids[n], y) for y in cur):
                chains.append(cur + [ids[n]])
                grow(n + 1, cur + [ids[n]])
    grow(0, [])
    forms = {pool.canonical(a, b) for a in chains for b in chains}
    assert len(forms) == 1474
    assert max(pool.birthday(g) for g in forms) == 3


# -- literature ---------------------------------------------------------------------------------

def domineering(cells: frozenset, memo: dict):
    """(reference game, pool id) of a Domineering region by plain recursion: Left places a
    vertical domino, Right a horizontal one."""
    pool = memo["pool"]
    if cells not in memo:
        left = [cells - {(r, c), (r + 1, c)} for r, c in cells if (r + 1, c) in cells]
        right = [cells - {(r, c), (r, c + 1)} for r, c in cells if (r, c + 1) in cells]
        lo = [domineering(x, memo) for x in left]
        ro = [domineering(x, memo) for x in right]
        memo[cells] = (ref.canonical(ref.game([g for g, _ in lo], [g for g, _ in ro])),
                       pool.canonical([i for _, i in lo], [i for _, i in ro]))
    return memo[cells]


def board(rows: int, cols: int) -> frozenset:
    return frozenset((r, c) for r in range(rows) for c in range(cols))


def test_domineering_by_recursion(pool):
    memo: dict = {"pool": pool}
    full = board(3, 3)
    for n in range(10):                          # every region of the 3x3 board
        for cells in itertools.combinations(sorted(full), n):
            g, i = domineering(frozenset(cells), memo)
            assert from_pool(pool, i) == g
    value = {name: domineering(cells, memo)[1] for name, cells in (
        ("2x2", board(2, 2)), ("3x3", full), ("vertical 1x2", board(2, 1)),
        ("horizontal 1x2", board(1, 2)), ("vertical 1x3", board(3, 1)),
        ("vertical 1x4", board(4, 1)), ("L", board(2, 2) - {(0, 1)}))}
    text = {name: pool.format(i) for name, i in value.items()}
    # Winning Ways ch. 5, Berlekamp-Conway-Guy; Siegel ch. I: the 2x2 and 3x3 squares are +-1,
    # a vertical domino's room is a free move (1) for Left, a horizontal one for Right
    assert text["2x2"] == "+-1" and text["3x3"] == "+-1"
    assert text["vertical 1x2"] == "1" and text["horizontal 1x2"] == "-1"
    assert text["vertical 1x3"] == "1" and text["vertical 1x4"] == "2"
    assert pool.temperature(value["2x2"]) == 1 and pool.mean(value["2x2"]) == 0
    assert pool.outcome(value["L"]) == ref.outcome(domineering(board(2, 2) - {(0, 1)}, memo)[0])


def hackenbush_rule(s: str) -> Fraction:
    """Berlekamp's rule for a Blue-Red Hackenbush string (edges from the ground up; B for Left,
    R for Right): the edges of the first colour up to the first change count 1 each, and each
    edge after them half the one before, for its own colour (Winning Ways ch. 2)."""
    sign = {"B": 1, "R": -1}
    k = len(s) - len(s.lstrip(s[0])) if s else 0
    value = Fraction(sign[s[0]] * k) if s else Fraction(0)
    for j, c in enumerate(s[k:], start=1):
        value += Fraction(sign[c], 2 ** j)
    return value


def test_blue_red_hackenbush_strings(pool):
    assert hackenbush_rule("BRR") == Fraction(1, 4) and hackenbush_rule("BBR") == Fraction(3, 2)
    assert hackenbush_rule("BR") == Fraction(1, 2) and hackenbush_rule("RBB") == -Fraction(1, 4)

    @functools.cache
    def value(s):
        # cutting edge i (of one's colour) removes it and everything above it
        lo = [value(s[:i]) for i in range(len(s)) if s[i] == "B"]
        ro = [value(s[:i]) for i in range(len(s)) if s[i] == "R"]
        return (ref.canonical(ref.game([g for g, _ in lo], [g for g, _ in ro])),
                pool.canonical([i for _, i in lo], [i for _, i in ro]))

    for n in range(1, 8):
        for s in map("".join, itertools.product("BR", repeat=n)):
            g, i = value(s)
            assert ref.number_value(g) == hackenbush_rule(s) == pool.number_value(i), s
            assert from_pool(pool, i) == g


def test_identities_of_the_literature(pool):
    p = pool.parse
    up, star = pool.up(1), pool.nimber(1)
    assert pool.sum([up, up, star]) == p("^^*")
    assert pool.format(pool.sum([up, up, star])) == "^^*"
    assert pool.gt(up, 0) and pool.outcome(up) == "L"           # ^ > 0
    assert pool.fuzzy(pool.add(up, star), 0)                        # ^* || 0
    assert p("{0|^}") == p("^^*")                                   # Siegel: {0|^} = ^^*
    assert p("{0,*|0}") == p("^*") and p("{*|0}") == p("v")
    assert pool.add(pool.nimber(2), pool.nimber(3)) == star         # nim addition
    assert pool.add(star, star) == 0
    assert pool.add(p("+-1"), p("+-1")) == 0
    assert pool.add(p("1/2"), p("1/2")) == p("1")
    assert p("{1|0}") == pool.add(p("1/2"), p("+-1/2"))             # {1|0} = 1/2 +- 1/2
    assert pool.lt(p("v"), 0) and pool.fuzzy(star, 0) and pool.outcome(star) == "N"
    assert pool.lt(p("Tiny(1)"), p("^")) and pool.gt(p("Tiny(1)"), 0)   # tiny < ^
    for g in ("+-1", "1/2", "3", "-5", "^", "*", "*2", "{1|0}", "-3/8"):
        assert pool.left_stop(p(g)) >= pool.right_stop(p(g))
    assert pool.temperature(p("+-1")) == 1
    assert pool.temperature(p("1/2")) == Fraction(-1, 2)
    assert pool.temperature(p("3/8")) == Fraction(-1, 8)
    assert pool.temperature(p("0")) == pool.temperature(p("-7")) == -1
    assert pool.temperature(p("^")) == pool.temperature(p("*")) == 0
    assert pool.temperature(p("{1|0}")) == Fraction(1, 2)
    assert pool.mean(p("{3|-1}")) == 1 and pool.temperature(p("{3|-1}")) == 2
    assert pool.switch(pool.number(2)) == p("+-2")
    assert pool.up(-3, 2) == p("v3*2") and pool.integer(-4) == p("-4")


# CGSuite's own test values (lib/core/src/test/scala/org/cgsuite/lang/
# CanonicalShortGameTestCase.scala): input, CGSuite's text, birthday, left stop, right stop,
# mean, outcome class, temperature, thermograph
CGSUITE = [
    ("0", "0", 0, "0", "0", "0", "P", "-1", "Thermograph(0,[],[0],0,[],[0])"),
    ("5", "5", 5, "5", "5", "5", "L", "-1", "Thermograph(5,[],[0],5,[],[0])"),
    ("-1/2", "-1/2", 2, "-1/2", "-1/2", "-1/2", "R", "-1/2",
     "Thermograph(-1/2,[-1/2],[0,-1],-1/2,[-1/2],[0,1])"),
    ("25/16", "25/16", 6, "25/16", "25/16", "25/16", "L", "-1/16",
     "Thermograph(25/16,[-1/16,-1/2],[0,-1,0],25/16,[-1/16,-1/8,-1/2],[0,1,0,1])"),
    ("*8", "*8", 8, "0", "0", "0", "N", "0", "Thermograph(0,[0],[0,-1],0,[0],[0,1])"),
    ("9/8+*", "9/8*", 6, "9/8", "9/8", "9/8", "L", "0",
     "Thermograph(9/8,[0,-1/8,-1/4],[0,-1,0,-1],9/8,[0,-1/8],[0,1,0])"),
    ("v*", "v*", 2, "0", "0", "0", "N", "0", "Thermograph(0,[0],[0,-1],0,[0],[0,1])"),
    ("6+^*", "6^*", 8, "6", "6", "6", "L", "0", "Thermograph(6,[0],[0,-1],6,[0],[0,1])"),
    ("^*6", "^*6", 8, "0", "0", "0", "L", "0", "Thermograph(0,[0],[0,-1],0,[],[0])"),
    ("73/16+v9*8", "73/16v9*8", 27, "73/16", "73/16", "73/16", "L", "0",
     "Thermograph(73/16,[-1/16,-1/2],[0,-1,0],73/16,[0,-1/16,-1/2],[0,1,0,1])"),
    ("{0|*||*|||*||||*}", "^[4]", 5, "0", "0", "0", "L", "0",
     "Thermograph(0,[0],[0,-1],0,[],[0])"),
    ("{0||0|v*}", "{0|^<2>}", 4, "0", "0", "0", "L", "0", "Thermograph(0,[0],[0,-1],0,[],[0])"),
    ("{0||0|vvv}", "{0||0|v3}", 6, "0", "0", "0", "L", "0",
     "Thermograph(0,[0],[0,-1],0,[],[0])"),
    ("{^^^|vv}", "{^3|vv}", 5, "0", "0", "0", "N", "0", "Thermograph(0,[0],[0,-1],0,[0],[0,1])"),
    ("{0||0|-3/2}", "Tiny(3/2)", 5, "0", "0", "0", "L", "0",
     "Thermograph(0,[0],[0,-1],0,[],[0])"),
    ("{0|||0||-1|-3}", "Tiny({3|1})", 6, "0", "0", "0", "L", "0",
     "Thermograph(0,[0],[0,-1],0,[],[0])"),
    ("{5||3|1|||0||||0}", "Miny({5||3|1})", 8, "0", "0", "0", "R", "0",
     "Thermograph(0,[],[0],0,[0],[0,1])"),
    ("{1|^^^||^}", "{1|^3||^}", 6, "0", "0", "0", "L", "0", "Thermograph(0,[0],[0,-1],0,[],[0])"),
    ("{3||2+*|1+*}", "{3||2*|1*}", 5, "3", "2", "9/4", "L", "3/4",
     "Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2,0],[0,1,0,1])"),
    ("{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", "{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}",
     6, "1/2", "-1", "-5/16", "N", "21/16",
     "Thermograph(-5/16,[21/16,1/2,-1/2],[0,-1,0,-1],-5/16,[21/16,7/8,1/4,0],[0,1,0,1,0])"),
]


@pytest.mark.parametrize("case", CGSUITE, ids=[c[0] for c in CGSUITE])
def test_cgsuite_values(pool, case):
    text, shown, birthday, ls, rs, mean, outcome, temperature, thermograph = case
    g = pool.parse(text)
    assert pool.format(g) == shown
    assert pool.parse(shown) == g
    assert pool.birthday(g) == birthday
    assert (str(pool.left_stop(g)), str(pool.right_stop(g))) == (ls, rs)
    assert (str(pool.mean(g)), str(pool.temperature(g))) == (mean, temperature)
    assert pool.outcome(g) == outcome
    assert str(pool.thermograph(g)) == thermograph


# -- notation -----------------------------------------------------------------------------------

def test_notation_both_ways(pool, day2):
    memo: dict = {}
    ids = [to_pool(pool, g, memo) for g in day2]
    assert sorted(pool.format(i) for i in ids) == sorted([
        "0", "1", "-1", "*", "2", "-2", "1/2", "-1/2", "^", "v", "^*", "v*", "*2", "1*", "-1*",
        "+-1", "{1|0}", "{0|-1}", "{1|*}", "{*|-1}", "{1|0,*}", "{0,*|-1}"])
    rng = random.Random(5)
    for _ in range(300):
        i = pool.sum(rng.sample(ids, 3))
        assert pool.parse(pool.format(i)) == i
    same = [("{0||0|-1}", "{0|{0|-1}}", "Tiny(1)"), ("+-1", "{1|-1}", "±1"),
            ("^^*", "^+^+*", "{0|^}", "↑+↑+*"), ("3+-1", "{4|2}", "3 +- 1"),
            ("+-(1/2)", "+-1/2", "{1/2|-1/2}"), ("+-{1,1*}", "{1,1*|-1,-1*}"),
            ("-1^", "-1+^", "{-1|-1*}"), ("2 - 1/2", "3/2", "1+1/2"),
            ("3 - 2 +- 6 - 7 +- 8 + 4", "{12|0||-4|-16}"), ("*3", "{0,*,*2|0,*,*2}"),
            ("^[2]", "{^|*}", "^+^<2>"), ("v<2>*", "-(^<2>)+*")]
    for texts in same:
        assert len({pool.parse(t) for t in texts}) == 1, texts
    assert pool.format(pool.parse("+-1+-2+-3+-4")) == "+-{10|8||6|4|||4|2||0|-2}"
    assert pool.format(pool.parse("+-(1+*)")) == "+-(1*)"


@pytest.mark.parametrize("text", [
    "", "   ", "{1|2", "1/3", "{0||1||2}", "foo", "1 2", "^^3", "{,|}", "{|}|", "+-",
    "((1)", "1/0", "*99999", "{1,2}", "1/2147483648", "2097152", "{0|1}}", "^<0>", "\x00"])
def test_bad_values_are_one_line_errors(pool, text):
    with pytest.raises(GtablesError) as err:
        pool.parse(text)
    assert "\n" not in str(err.value) and str(err.value)


# -- the pool as arrays -------------------------------------------------------------------------

def test_the_pool_grows_and_keeps_its_ids():
    small, big = Pool(capacity=16), Pool(capacity=4096)
    texts = ["{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", "73/16v9*8", "+-1+-2+-3+-4", "*12"]
    for t in texts:
        assert small.format(small.parse(t)) == big.format(big.parse(t))
    assert len(small) > 16
    for g in range(len(small)):
        assert small.parse(small.format(g)) == g


def test_the_memo_of_raw_option_lists_starts_again_when_full(pool, day2):
    """Repeated option lists not in canonical form are answered from a memo whose keys are
    kept whole (compared before use); when its key store is full it starts again empty."""
    small = Pool(capacity=16)
    memo_small: dict = {}
    memo_big: dict = {}
    ids = [to_pool(small, g, memo_small) for g in day2]
    big = [to_pool(pool, g, memo_big) for g in day2]
    rng = random.Random(11)
    pairs = [(rng.sample(range(22), 4), rng.sample(range(22), 4)) for _ in range(150)]
    used, restarts = 0, 0
    for L, R in pairs * 3:
        a = small.canonical([ids[i] for i in L], [ids[i] for i in R])
        b = pool.canonical([big[i] for i in L], [big[i] for i in R])
        assert small.format(a) == pool.format(b)
        restarts += int(small.P[6][k.S_RAW] < used)
        used = int(small.P[6][k.S_RAW])
    assert restarts >= 1


def test_arrays_round_trip_and_check_pool(pool):
    arrays = pool.arrays()
    assert check_pool(arrays) is None
    again = Pool.from_arrays(arrays)
    assert len(again) == len(pool)
    for g in range(0, len(pool), max(1, len(pool) // 300)):
        assert again.options(g) == pool.options(g)
        assert again.format(g) == pool.format(g)
        assert again.left_stop(g) == pool.left_stop(g) and again.birthday(g) == pool.birthday(g)
    derived = pool.derived()
    g = pool.parse("{3||2*|1*}")
    assert derived["temperature_num"][g] == 3 and derived["temperature_exp"][g] == 2
    assert derived["mean_num"][g] == 9 and derived["left_stop_num"][g] == 3


def _corrupt(arrays, entry, left=None, right=None):
    """The arrays with entry ``entry``'s options replaced."""
    nl, nr, opts = (arrays[x].copy() for x in ("nleft", "nright", "options"))
    off = np.concatenate([[0], np.cumsum(nl + nr)])
    L = list(opts[off[entry]:off[entry] + nl[entry]]) if left is None else left
    R = list(opts[off[entry] + nl[entry]:off[entry + 1]]) if right is None else right
    opts = np.concatenate([opts[:off[entry]], np.array(L + R, np.int64), opts[off[entry + 1]:]])
    nl[entry], nr[entry] = len(L), len(R)
    return {"nleft": nl, "nright": nr, "options": opts.astype(np.int64)}


def test_check_pool_finds_the_first_bad_entry():
    p = Pool()
    one, half, star, up = p.number(1), p.number(Fraction(1, 2)), p.nimber(1), p.up(1)
    minus = p.number(-1)
    assert one < half < star < up < minus
    arrays = p.arrays()
    assert check_pool(arrays) is None
    for entry, left, right in [
            (up, None, [star, one]),         # {0|*,1}: a dominated option
            (up, [star], [star]),            # {*|*} = 0: reversible options, a repeat of 0
            (up, [0], [0]),                  # {0|0} = *: a repeat of an earlier entry
            (half, [0], [up]),               # an option that is not an earlier entry
            (up, [0, 0], None),              # a repeated option
            (up, [star, 0], None),           # options not ascending
            (minus, [0], []),                # 1 again
    ]:
        assert check_pool(_corrupt(arrays, entry, left, right)) == entry, (entry, left, right)
    with pytest.raises(GtablesError):
        check_pool({"nleft": arrays["nleft"], "nright": arrays["nright"][:-1],
                    "options": arrays["options"]})
    with pytest.raises(GtablesError):
        check_pool({"nleft": arrays["nleft"]})
    with pytest.raises(GtablesError, match="entry 4 "):
        Pool.from_arrays(_corrupt(arrays, up, None, [star, one]))


# -- the kernels from other njit code -----------------------------------------------------------

def _domineering_fill_py(P, values, start, rows, cols):
    """Every region of a rows x cols Domineering board (bit set = empty cell), bottom-up, with
    :func:`gtables.cgt.kernels.canonical`; returns -1 or the position where the pool was full."""
    L = np.empty(2 * rows * cols, np.int64)
    R = np.empty(2 * rows * cols, np.int64)
    for pos in range(start, values.size):
        nl, nr = 0, 0
        for b in range(rows * cols):
            if (pos >> b) & 1 == 0:
                continue
            if b + cols < rows * cols and (pos >> (b + cols)) & 1:
                L[nl] = values[pos & ~((1 << b) | (1 << (b + cols)))]
                nl += 1
            if (b + 1) % cols != 0 and (pos >> (b + 1)) & 1:
                R[nr] = values[pos & ~((1 << b) | (1 << (b + 1)))]
                nr += 1
        g = k.canonical(P, L, nl, R, nr)
        if g < 0:
            return pos
        values[pos] = g
    return -1


@functools.lru_cache(maxsize=1)
def _domineering_fill():
    # numba is imported here, after gtables (above), so that the kernel is cached in gtables'
    # numba cache directory, not beside this file
    import numba
    return numba.njit(**JIT)(_domineering_fill_py)


def test_a_kernel_fills_a_table_through_the_pool(pool):
    """The protocol of a table fill: the kernel returns where the pool was full, Python grows it
    and calls again from there; every region agrees with the recursion above."""
    small = Pool(capacity=16)
    values = np.full(1 << 9, -1, np.int64)
    start, grown = 0, 0
    fill = _domineering_fill()
    while (start := fill(small.P, values, start, 3, 3)) >= 0:
        small.grow()
        grown += 1
    assert grown >= 1
    memo: dict = {"pool": pool}
    for pos in range(values.size):
        cells = frozenset(divmod(b, 3) for b in range(9) if (pos >> b) & 1)
        assert small.format(int(values[pos])) == pool.format(domineering(cells, memo)[1])


def test_kernels_load_from_numba_cache(pool):
    """Recursive kernels cached by numba must load in a new process (a call between two typed
    versions of one recursive function is not restored: numba #6061); this process compiled
    or loaded them already, so the child reads the cache."""
    code = ("from gtables.cgt import Pool\np = Pool()\n"
            "g = p.parse('{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}')\n"
            "q = Pool.from_arrays(p.arrays())\n"
            "print(p.format(p.add(g, p.neg(g))), p.le(g, 0), q.format(q.parse('^*')))\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       timeout=600, env=dict(os.environ))
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.split() == ["0", "False", "^*"]
    assert k.POOL_FULL < 0 and k.OUT_OF_RANGE < 0
