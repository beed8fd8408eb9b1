"""The seeds' printed text as data: seeds 003 (如何移動棋子？) and 000 (移動棋子問題的致勝策略 /
Winning Strategies for Games Played with Chips), Yeh.  Our corrections are separate data beside
the printed text (``*_CORRECTION``, ``*_READ``), so each reads on its own; :func:`corrected`
applies one to a printed list.

**Case lists.**  An item is ``(patterns, expression)`` or, in the English W-lists,
``(patterns, expression, parity)``.  A pattern is a string of k-1 symbols, ``=`` where
P(i+1) = P(i) + 1 (adjacent chips: the seeds' "a = b-1", "α = β") and ``<`` otherwise.  An
expression is the printed formula in the letters ``a, b, c, d, e, f`` = P1 ... P6 (so in the
k = 6 lists ``f`` is P6, not the game function), ``chi(x)`` = x mod 2, and ``same(x, y, z)``,
odd iff x, y, z all have the same parity.  Where a printed pattern is garbled beyond a pattern
string, the comment quotes the print and the pattern is our reading of it.

How a list is read (``mode``): ``"V"`` f = (expression) mod 2 on the item's patterns; ``"L"`` (the
Chinese lists) f = 1 iff some item's pattern matches and its expression is odd, else 0; ``"W"``
(the English W-lists) f = 0 iff some item's pattern matches and its expression has the item's
parity (default even), else 1.
"""
from __future__ import annotations

import dataclasses

S003, S000 = "seed 003", "seed 000"


@dataclasses.dataclass(frozen=True)
class Correction:
    """Our correction of a printed case list: ``items`` maps a printed item number (1-based) to
    the items that replace it (an empty tuple deletes it); ``p1_min`` replaces the list's lower
    bound on P1 when given."""
    items: dict = dataclasses.field(default_factory=dict)
    p1_min: int | None = None
    why: str = ""


def corrected(printed: list, correction: Correction) -> list:
    """The printed list with ``correction`` applied (item order kept)."""
    out = []
    for number, item in enumerate(printed, 1):
        out.extend(correction.items.get(number, (item,)))
    return out


# ------------------------------------------------------------------------------------------------
# k = 1, 2, 3 (003 研究結果1-4; 000-CN 二2 and §5; 000-EN §3(3))
# ------------------------------------------------------------------------------------------------
K1_F = [([""], "chi(a)")]                                     # 003 研究結果1: f(a) = χ(a)
K2_F = [(["<", "="], "chi(a + b)")]                           # 003 研究結果1: f(a,b) = χ(a+b)
K2_F_CORRECTION = Correction({1: ((["<"], "chi(a + b)"), (["="], "chi(a)"))}, p1_min=3,
                             why="3 <= a, and χ(a) for adjacent chips b = a+1")
K3_F = [(["<<"], "1 - chi(a + b + c)"), (["=<", "<="], "chi(a * c)"), (["=="], "chi(a)")]
K3_F_CORRECTION = Correction(p1_min=3, why="3 <= a (a chip on square 2 wins at once)")
K3_G = [(["<<"], "chi(a + b + c)"), (["=<", "<="], "chi(a * c)"), (["=="], "chi(a)")]
K3_G_CORRECTION = Correction({2: ((["=<", "<="], "chi((a + 1) * (c + 1))"),),
                              3: ((["=="], "chi(a + 1)"),)},
                             why="g(a,b,c) = f(a+1,b+1,c+1): the pair and triple cases shifted")
K3_U = K3_F                                                   # 003 研究結果3: u (rule C), 1 <= a
K3_V = [(["<<"], "chi(a + b + c)"), (["=<"], "chi(a) * (1 - chi(c))"),
        (["<="], "(1 - chi(a)) * chi(c)"), (["=="], "0")]   # 003 prints χ(a)(1-α(c))
K3_EN = [(["<<"], "1 - chi(a * b * c)"), (["=<", "<="], "chi(a * c)"), (["=="], "chi(a)")]
K3_EN_CORRECTION = Correction({1: ((["<<"], "1 - chi(a + b + c)"),)},
                              why="the product P1 × P2 × P3 read as the sum (Prop 3.1, the Chinese)")
# 000-EN Prop 3.1 (= 000-CN sets A..D, A'..D'): L_i (f_A = 1) for 3 <= P1, as a value list
PROP_3_1 = [(["<<"], "1 - chi(a + b + c)"), (["=<", "<="], "chi(a * c)"), (["=="], "chi(a)")]

# ------------------------------------------------------------------------------------------------
# k = 4 (000-CN 二3 = 000-EN §3(4), 3 <= a; 000-CN §5 f_D, 1 <= a)
# ------------------------------------------------------------------------------------------------
K4_A = [(["<<<"], "chi(a + b + c + d - 1)"), (["=<<"], "chi(a * (c + d))"),
        (["<=<"], "chi(c * (a + d))"), (["<<="], "chi(c * (a + b))"),
        (["==<"], "chi(a * (d - 1))"), (["<=="], "chi(a * c)"), (["=<="], "chi(a + c - 1)"),
        (["==="], "chi(a)")]
K4_D = [(["<<<"], "chi(a + b + c + d)"), (["=<<"], "chi(a * (c + d - 1))"),
        (["<=<"], "chi(c * (a + d - 1))"), (["<<="], "chi(c * (a + b - 1))"),
        (["==<"], "chi(a * d)"), (["<=="], "chi(c * (a - 1))"), (["=<="], "chi(b * d)"),
        (["==="], "0")]

# ------------------------------------------------------------------------------------------------
# k = 5 (3 <= a): the Chinese 13 conditions (f_A = 1) and the English W1-W16 (f_A = 0)
# ------------------------------------------------------------------------------------------------
K5_CN = [
    (["<<<<"], "a + b + c + d + e"),
    (["=<<<"], "a * (c + d + e - 1)"),
    (["<=<<"], "c * (a + d + e - 1)"),
    (["<<=<"], "c * (a + b + e - 1)"),
    (["<<<="], "e * (a + b + c - 1)"),
    (["==<<"], "a * (d + e)"),
    (["<==<"], "c * (a + e - 1)"),
    (["<<=="], "c * (a + b)"),
    (["=<=<"], "e * (a + d)"),
    (["=<<="], "c * (a + d)"),
    (["<=<="], "a * (c + d)"),
    (["<===", "=<==", "==<=", "<<<="], "a * e"),     # the fourth pattern is item 5's, printed
    (["===="], "a"),
]
K5_CN_READ = Correction({12: ((["<===", "=<==", "==<=", "===<"], "a * e"),)},
                        why="item 12's fourth pattern read a = b-1 = c-2 = d-3 < e-4, the one "
                            "pattern the list otherwise lacks")
K5_EN = [
    (["<<<<"], "a + b + c + d + e"),                  # W1
    (["=<<<"], "a * (c + d + e - 1)"),
    (["<=<<"], "c * (a + d + e - 1)"),
    (["<<=<"], "c * (a + b + e - 1)"),
    (["<<<="], "e * (a + b + c - 1)"),                # W5
    (["==<<"], "a * (d + e)"),
    (["<==<"], "c * (a + e - 1)"),
    (["<<=="], "c * (a + b)"),
    (["=<=<"], "e * (a + d)"),
    (["=<<="], "c * (a + d)"),                        # W10
    (["<=<="], "a * (c + d)"),
    (["===<"], "a * e"),
    (["==<="], "a * e"),
    (["=<=="], "a * e"),
    (["<==="], "a * e"),                              # W15
    (["===="], "a"),
]

# ------------------------------------------------------------------------------------------------
# k = 6 (3 <= a): the Chinese 25 conditions and the English W1-W32
# ------------------------------------------------------------------------------------------------
K6_CN = [
    (["<<<<<"], "a + b + c + d + e + f"),             # 1
    (["=<<<<"], "a * (c + d + e + f - 1)"),
    (["<=<<<"], "c * (a + d + e + f - 1)"),
    (["<<=<<"], "c * (a + b + e + f - 1)"),
    (["<<<=<"], "e * (a + b + c + f - 1)"),           # 5
    (["<<<<="], "e * (a + b + c + d - 1)"),
    (["==<<<"], "a * (d + e + f - 1)"),
    (["<==<<"], "c * (a + e + f - 1)"),
    (["<<==<"], "c * (a + b + f - 1)"),
    (["<<<=="], "e * (a + b + c - 1)"),               # 10
    (["=<=<<"], "(a + d) * (e + f)"),
    (["=<<=<", "<=<<<"], "(a + d) * (c + f)"),        # the second pattern is item 3's, printed
    (["=<<<=", "<=<=<"], "(a + f) * (c + d)"),
    (["<<=<="], "(a + b) * (c + f)"),
    (["<<<=<"], "(a + d) * (e + f)"),                 # 15
    (["<<<<="], "(a + d) * (e + f)"),
    (["===<<"], "a * (d + e + f - 1)"),               # printed 'a = b-1 = c-2 - 3 < e-4 < f-5'
    (["<===<"], "c * (a + e + f - 1)"),
    (["<<==="], "c * (a + b + f - 1)"),
    (["==<=<", "==<<=", "=<==<"], "same(b, d, f)"),   # 20
    (["=<<==", "<==<=", "<=<=="], "same(a, c, e)"),
    (["=<=<="], "a + c + f"),
    (["====<", "===<=", "=<===", "<===="], "a * e"),
    (["==<=="], "a + d"),
    (["====="], "a"),                                 # 25
]
K6_CN_CORRECTION = Correction({
    7: ((["==<<<"], "a * (d + e + f)"),),
    9: ((["<<==<"], "c * (a + b + f)"),),
    12: ((["=<<=<", "<=<<="], "(a + d) * (c + f)"),),
    15: (), 16: (),
    17: ((["===<<"], "a * (e + f)"),),
    19: ((["<<==="], "c * (a + b)"),),
    22: ((["=<=<="], "a + c + e"),),
    23: ((["====<", "===<=", "=<===", "<===="], "a * (f - 1)"),),
}, why="item 12's second pattern read <=<<= (the pattern the list lacks), items 15 and 16 "
       "deleted (they repeat items 5 and 6), 7 -> a(d+e+f), 9 -> c(a+b+f), 17 -> a(e+f), "
       "19 -> c(a+b), 22 -> a+c+e, 23 -> a(f-1)")
K6_EN = [
    (["<<<<<"], "a + b + c + d + e + f"),             # W1
    (["=<<<<"], "a * (c + d + e + f - 1)"),
    (["<=<<<"], "c * (a + d + e + f - 1)"),
    (["<<=<<"], "c * (a + b + e + f - 1)"),
    (["<<<=<"], "e * (a + b + c + f - 1)"),           # W5
    (["<<<<="], "e * (a + b + c + d - 1)"),
    (["==<<<"], "a * (d + e + f)"),
    (["<==<<"], "c * (a + e + f)"),
    (["<<==<"], "c * (a + b + f)"),
    (["<<<=="], "e * (a + b + c - 1)"),               # W10
    (["=<=<<"], "(a + d) * (e + f)"),
    (["=<<=<"], "(a + d) * (c + f)"),
    (["=<<<="], "(a + f) * (c + d)"),
    (["<=<=<"], "(a + f) * (c + d)"),
    (["<=<<="], "(a + d) * (c + f)"),                 # W15
    (["<<=<="], "(a + b) * (c + f)"),
    (["===<<"], "a * (e + f - 1)"),
    (["<===<"], "c * (a + f - 1)"),
    (["<<==="], "e * (a + b - 1)"),                   # printed P5(P1 + β), β = P2 - 1
    (["==<=<"], "same(b, d, f)", "odd"),              # W20: "all P2, P4, P6 either even or odd"
    (["==<<="], "same(b, d, f)", "odd"),
    (["=<==<"], "same(b, d, f)", "odd"),
    (["=<<=="], "same(a, c, e)", "odd"),
    (["<==<="], "same(a, c, e)", "odd"),
    (["<=<=="], "same(a, c, e)", "odd"),              # W25
    (["=<=<="], "a + c + e"),
    (["====<"], "a * f"),
    (["===<="], "a * f"),
    (["==<=="], "a + d"),
    (["=<==="], "a * f"),                             # W30
    (["<===="], "a * f"),
    (["====="], "a"),
]
K6_EN_CORRECTION = Correction({
    8: ((["<==<<"], "c * (a + e + f - 1)"),),
    17: ((["===<<"], "a * (e + f)"),),
    18: ((["<===<"], "c * (a + f)"),),
    19: ((["<<==="], "e * (a + b)"),),
    **{w: ((K6_EN[w - 1][0], K6_EN[w - 1][1], "even"),) for w in range(20, 26)},
    **{w: ((K6_EN[w - 1][0], "a * (f - 1)"),) for w in (27, 28, 30, 31)},
}, why="W8 -> P3(P1+P5+P6-1), W17 -> P1(P5+P6), W18 -> P3(P1+P6), W19 -> P5(P1+P2), "
       "W20-W25 'not all the same parity', W27/28/30/31 -> P1(P6-1)")

# ------------------------------------------------------------------------------------------------
# Y (= Q) criteria: 000-CN 二4 (1)-(4) and §5, 000-EN Prop 3.2, in words; their predicates take
# O (the multiplicities of the odd values of Y) and, for Prop 3.2, Q1
# ------------------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class YCriterion:
    """How a printed Y-criterion is read: the positions it speaks of (``p1_min``), and whether the
    two-pair case also needs an even number of odd entries (``pair_parity``: ``"k6"`` as the
    English k = 6 prints it, ``"all"`` for every k, ``""`` never)."""
    p1_min: int
    pair_parity: str = ""
    q1_min: int | None = None      # Prop 3.2: "F_A(Q) = 1 iff Q1 >= q1_min and ..."


Y_CN = YCriterion(p1_min=2)                               # "1 < X1" and the printed criteria
Y_CN_CORRECTION = {3: YCriterion(p1_min=3), 4: YCriterion(p1_min=3),
                   5: YCriterion(p1_min=3, pair_parity="all"),
                   6: YCriterion(p1_min=3, pair_parity="all")}
Y_CN_DOMAIN_ONLY = YCriterion(p1_min=3)                   # X1 >= 3 alone (k = 5, 6: not enough)
PROP_3_2 = YCriterion(p1_min=1, pair_parity="k6", q1_min=3)
PROP_3_2_CORRECTION = {3: YCriterion(p1_min=1, pair_parity="k6", q1_min=2),
                       4: YCriterion(p1_min=1, pair_parity="k6", q1_min=2),
                       5: YCriterion(p1_min=1, pair_parity="all", q1_min=2),
                       6: YCriterion(p1_min=1, pair_parity="k6", q1_min=2)}
PROP_3_2_DOMAIN_ONLY = YCriterion(p1_min=1, pair_parity="k6", q1_min=2)
Y_D = YCriterion(p1_min=1)                                # 000-CN §5, f_D, k = 3, 4

# 定理一 (000-CN §4, 伍一): stated for every position with 1 < X1; our correction X1 >= 3
THM1_P1_MIN, THM1_CORRECTED_P1_MIN = 2, 3

# ------------------------------------------------------------------------------------------------
# worked examples
# ------------------------------------------------------------------------------------------------
# 003 (二): the values read off the tree of f(4,6,8) (000 lists the same without the 5xx ones)
EXAMPLE_468_VALUES = {
    (4, 6, 8): 1, (5, 6, 8): 0, (5, 6, 7): 1, (3, 6, 7): 1, (3, 5, 8): 1, (3, 4, 7): 1,
    (3, 4, 5): 1, (4, 6, 7): 0, (4, 5, 8): 0, (4, 5, 7): 0, (4, 5, 6): 0, (3, 6, 8): 0,
    (3, 5, 7): 0, (3, 5, 6): 0, (3, 4, 8): 0, (3, 4, 6): 0}
# 003 (二) 1-3: (position, the moves listed for the first player, the second player's replies)
EXAMPLE_468_CHAIN = [
    ((4, 6, 8), [(4, 6, 7), (4, 5, 8), (3, 6, 8)], {(4, 6, 7): (3, 6, 7), (4, 5, 8): (3, 5, 8),
                                                    (3, 6, 8): (3, 5, 8)}),
    ((3, 6, 7), [(3, 5, 6), (3, 5, 7)], {(3, 5, 6): (3, 4, 5), (3, 5, 7): (3, 4, 7)}),
    ((3, 5, 8), [(3, 5, 7), (3, 4, 8)], {(3, 5, 7): (3, 4, 7), (3, 4, 8): (3, 4, 7)}),
    ((3, 4, 7), [(3, 4, 6)], {(3, 4, 6): (3, 4, 5)}),
    ((3, 4, 5), [], {}),
]
# 003 §(五) figures: g(3,5,7) = 1; u(2,4,6) = f(4,6,8) = 1; v(2,4,6): no value printed (0 by 研究結果4)
FIGURES = [("B", (3, 5, 7), 1), ("C", (2, 4, 6), 1), ("D", (2, 4, 6), 0)]

# 000-EN §3(1): "let P = 24568 then P[3] = 23468 and P[5] = 24567 ... we have P[3, 4, 2] = 12458"
MOVE_EXAMPLES = [((2, 4, 5, 6, 8), (3,), (2, 3, 4, 6, 8)),
                 ((2, 4, 5, 6, 8), (5,), (2, 4, 5, 6, 7)),
                 ((2, 4, 5, 6, 8), (3, 4, 2), (1, 2, 4, 5, 8))]

# 000-EN Examples 3.4, 3.5 = 000-CN 例一, 例二: P, Q (CN Y), O (CN Z), Φ(O) (CN 逐位和), f_A
EXAMPLE_3_4 = dict(P=(4, 5, 6, 8, 9, 11, 12, 13, 14, 21, 22, 23, 25, 27),
                   Q=(3, 3, 3, 4, 4, 5, 5, 5, 5, 11, 11, 11, 12, 13), O=(3, 4, 3, 1), phi="101",
                   f=0, n=27)
EXAMPLE_3_5 = dict(P=(5, 6, 8, 9, 12, 13, 14, 21, 23, 24), Q=(4, 4, 5, 5, 7, 7, 7, 13, 14, 14),
                   O=(2, 3, 1), phi="000", f=1, n=24)

# 000-CN §4, after 例二: moves and what they do to Y and Z, as printed.  Each: (P, the chip moved
# (its square), the square it lands on, Y before, Y after, Z before, Z after); None = not printed.
CN_MOVE_EXAMPLES = [
    # 例一: X8 = 13 jumps 2 chips to square 10; Y6 = Y7 = Y8 = 5 become 4
    (EXAMPLE_3_4["P"], 13, 10, (3, 3, 3, 4, 4, 5, 5, 5, 11, 11, 11, 12, 13),
     (3, 3, 3, 4, 4, 4, 4, 5, 11, 11, 11, 12, 13), (3, 4, 3, 1), (3, 1, 3, 1)),
    # 例二: X10 = 24 jumps 1 chip to square 22; Y9 = Y10 = 14 become 13
    (EXAMPLE_3_5["P"], 24, 22, (4, 4, 5, 5, 7, 7, 7, 13, 14, 14), (4, 4, 5, 5, 7, 7, 7, 13, 13, 13),
     (2, 3, 1), (2, 3, 3)),
    # the converse in 例一: Z (3,4,3,1) -> (3,4,1,1) by moving the chip on 22 over one chip to 20
    (EXAMPLE_3_4["P"], 22, 20, None, None, (3, 4, 3, 1), (3, 4, 1, 1)),
    # all Y even: (5,6,9,12,13), Y = (4,4,6,8,8); the chip on 5 to 4 (or 9, or 12) gives Z = (1)
    ((5, 6, 9, 12, 13), 5, 4, (4, 4, 6, 8, 8), None, (), (1,)),
    ((5, 6, 9, 12, 13), 9, 8, (4, 4, 6, 8, 8), None, (), (1,)),
    ((5, 6, 9, 12, 13), 12, 11, (4, 4, 6, 8, 8), None, (), (1,)),
]
# Our reading: the two printed Y lists of 例一's move have 13 entries (one 5 and one 4 lost)
CN_MOVE_EXAMPLES_READ = {0: ((3, 3, 3, 4, 4, 5, 5, 5, 5, 11, 11, 11, 12, 13),
                             (3, 3, 3, 4, 4, 4, 4, 4, 5, 11, 11, 11, 12, 13))}

# 000-EN §3(5): "b(13) = 1101", "11010 ⊕ 01110 = 10100"
BIT_STRINGS = [("b(13)", 13, "1101"), ("11010 ⊕ 01110", (0b11010, 0b01110), "10100")]

# 000-EN eq. (2), the initial conditions: rule, which terminal positions, f there
INITIAL_CONDITIONS = [("A", "1P2...Pk", 1), ("B", "1P2...Pk", 0), ("C", "12...k", 1),
                      ("D", "12...k", 0)]

# ------------------------------------------------------------------------------------------------
# 000-CN 定理三 (game D), proof, induction step 三: its four cases as printed (verbatim)
# ------------------------------------------------------------------------------------------------
THM3_PROOF = {
    "1": "當 (Z1, Z2, Z3, …, Zr) = (1, 1, 1, …, 1) 且 r 是奇數。如果甲把放在編號為 Xi 方格的棋子移到"
         "它左邊最近的空格，則甲在 (Z1, Z2, Z3, …, Zr) 中只改變一個 Zj 的值 (Zj 變成 Zj + p 或 Zj - 1)。"
         "這樣造成 fD(S'i) 的值恆為 0，所以原來 fD(X1, X2, …, Xk) 的值為 1。",
    "2": "當 (Z1, Z2, Z3, …, Zr) 中至少有一個數大於 1 (不可能恰好只有一個)，而且棋子數數列的“逐位和”"
         "全是偶數，如果甲把放在編號為 Xi 方格的棋子移到它左邊最近的空格後，在 (Z1, Z2, Z3, …, Zr) "
         "中一個 Zj 的值變成 Zj + p 或 Zj - p。這樣造成新棋子數數列 (Z'1, Z'2, Z'3, …) 的“逐位和”不可"
         "能全是偶數。由數學歸納法知道，上述情形 fD(S'i) 的值恆為 0，所以 fD(X1, X2, …, Xk) 的值為 1。",
    "3": "當 (Z1, Z2, Z3, …, Zr) = (1, 1, 1, …, 1) 且 r 是偶數(包含所有 Zj 的值全為 0)，。甲可以把某"
         "個編號為 Xi 方格的棋子移到它左邊最近的空格，使得 (Z1, Z2, Z3, …, Zr) 中只改變一個 Zj 的值成 "
         "Zj - 1 或 Zj + 1。也就是說新的棋子數數列 (Z'1, Z'2, Z'3, …) 變成 (1, 1, 1, …, 1)，其中 1 的"
         "個數是奇數，",
    "4.1": "當 (Z1, Z2, Z3, …, Zr) 中至少有一個數大於 1，而且棋子數數列的“逐位和”不全是偶數，… 如果 "
           "(1) (Z1, Z2, Z3, …, Zr) 中只有一個數大於 1，則甲可以找到相對的移動棋子的方法，使得新的棋"
           "子數數列 (Z'1, Z'2, Z'3, …) 變成 (1, 1, 1, …, 1)，其中 1 的個數是奇數",
    "4.2": "當 (Z1, Z2, Z3, …, Zr) 中至少有一個數大於 1，而且棋子數數列的“逐位和”不全是偶數，… 如果 "
           "(2) (Z1, Z2, Z3, …, Zr) 中至少有二個數大於 1，根據 Nim 遊戲的玩法，我們可以只把其中一個 "
           "Zj 的值減去某個數，使得新的棋子數數列 (Z'1, Z'2, Z'3, …) 的“逐位和”全是偶數，這樣造成 "
           "fD(S'i) 的值為 1，所以原來 fD(X1, X2, …, Xk) 的值為 0。",
}
