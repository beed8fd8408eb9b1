"""Seed 001 ("由感性认识到理性认识", heap games A-D) as printed: its worked examples, option sets and
values, verbatim (positions as tuples, binary numbers as the strings printed), each with the
sentence it comes from.  Our corrections are separate data beside the printed text
(``*_CORRECTED``), so both read on their own; nothing here is computed.

Sections: 二 (simple cases), 三/四 (the XOR rule and its proof), 五/六 (game C, f = mex),
七 (the general method; game D, POI 2000 Stripes), 八 (summary).
"""
from __future__ import annotations

SEED = "seed 001"

# --- 二: game A, outcomes of the worked examples ("胜" = N, "负" = P) --------------------------
# 对于初始局面 (1)，甲有必胜策略，而初始局面 (3, 3)，乙有必胜策略。
# (3, 3, 1) 和 (1, 3, 3)，可以看作是同一个局面。 图 1 中所示的初始局面 (3, 3, 1) 是"胜"局面。
# 初始局面 (2, 2, 5, 5, 5, 5, 7, 7)，可以分成两个 (2, 5, 5, 7)，故乙有必胜策略。
# #(1, 2, 3) = 0，故局面 (1, 2, 3) 负。  #(1, 2, 3, 4) = 100，故局面 (1, 2, 3, 4) 胜。
A_OUTCOMES = {(1,): "N", (3, 3): "P", (3, 3, 1): "N", (1, 3, 3): "N", (1, 2, 3): "P",
              (1, 2, 3, 4): "N", (2, 2, 5, 5, 5, 5, 7, 7): "P"}
# 局面 (2, 2, 2, 7, 9, 9) 可以简化为 (2, 2, 2, 7)，还可以进一步简化为 (2, 7)；三个局面胜负情况都相同。
A_SIMPLIFY_CHAIN = ((2, 2, 2, 7, 9, 9), (2, 2, 2, 7), (2, 7))
# 空局面是"负"局面。
A_EMPTY = "P"

# --- 三/四: game A, the binary numbers #S of the worked examples ------------------------------
# #(5) = 5 = 101;  #(3, 3) = 11 + 11 = 0;  #(3, 3, 1) = 0 + 1 = 1;
# #(1, 2, 3) = 01 + 10 + 11 = 0;  #(1, 2, 3, 4) = 001 + 010 + 011 + 100 = 100
A_BINARY = {(5,): "101", (3, 3): "0", (3, 3, 1): "1", (1, 2, 3): "0", (1, 2, 3, 4): "100"}

# --- 三/四: the worked binary additions ("二进制加法": no carry, i.e. XOR), as printed -------------
# Each: (the operands, the printed sum, where).  The widths are the printed ones.
XOR_SUMS = (
    (("0011", "1010"), "1001", "三 (二进制数的加法)"),
    (("1010", "1010"), "0000", "三 (二进制数的加法)"),
    (("1011", "1011"), "0000", "四 (a + b = 0 当且仅当 a = b)"),
    (("1011", "1001"), "0010", "四 (a + b = 0 当且仅当 a = b)"),
    (("0011", "1010"), "1001", "四 (若 a + b = s，则 a = b + s)"),
    (("1001", "1010"), "0011", "四 (若 a + b = s，则 a = b + s)"),
    (("11001", "01101", "10010"), "00110", "四 (p != 0: a1, ak, a3 and p)"),
    (("01101", "00110"), "01011", "四 (p != 0: ak + p)"),
    (("00101", "10011", "10111", "00001"), "00000", "四 (#S = 0: a1..a4, p = 0)"),
    (("00101", "10011", "00111", "10111"), "00110", "四 (#S != 0: a1..a4, p != 0)"),
    (("10011", "00111", "10111"), "00011", "四 (#S != 0: x = a2 + a3 + a4)"),
    (("00101", "00110"), "00011", "四 (#S != 0: x = a1 + p)"),
)
# 四: "a_k + p 的第 q 位为 0，所以 a_k + p < a_k": (smaller, larger, where) as printed
XOR_LESS = (("01011", "01101", "四 (p != 0: ak + p < ak)"),
            ("00011", "00101", "四 (#S != 0: x = a1 + p < a1)"))
# 六: 如果 g(a1) = {0, 1, 2, 5, 7, 8, 9}，则 f(a1) = 3，满足要求。
MEX_EXAMPLE = ((0, 1, 2, 5, 7, 8, 9), 3)

# --- 六: option sets S(x) and value sets g(x) ---------------------------------------------------
# 在游戏 A 中，S(3) = {(2), (1), (0)}。
# 在游戏 A 中，g(3) = {(2), (1), (0)}，故 g(3) = {#(2), #(1), #(0)} = {10, 01, 00}。
#   (the first "g(3)" is printed where S(3) is meant; the values are the binary strings printed)
A_S3 = ((2,), (1,), (0,))
A_G3 = ("10", "01", "00")
# 在游戏 B 中，若 m = 4，则 S(9) = {(8), (7), (6), (5)}，S(2) = {(1), (0)}。
B_M = 4
B_OPTIONS = {9: ((8,), (7,), (6,), (5,)), 2: ((1,), (0,))}

# --- 五/六: game C (take two adjacent stones from a row: octal 0.07) ---------------------------
C_CODE = "0.07"
# 在游戏 C 中，S(7) = {(5), (1, 4), (2, 3)}。
C_S7 = ((5,), (1, 4), (2, 3))
# 游戏 C 的 f 值: g(n) = {#(option), ...} = {values}, f(n) = min G(n), as printed for n = 0..7
# (a position "(0)" is the empty row; "G(2)" is printed on the g(3) line where G(3) is meant).
C_G_PRINTED = {
    0: ((), ()),
    1: ((), ()),
    2: (((0,),), (0,)),
    3: (((1,),), (0,)),
    4: (((2,), (1, 1)), (1, 0)),
    5: (((3,), (1, 2)), (1, 1)),
    6: (((4,), (1, 4), (2, 2)), (2, 1, 0)),
    7: (((4,), (1, 4), (2, 3)), (2, 2, 0)),
}
C_F_PRINTED = (0, 0, 1, 1, 2, 0, 3, 1)
# The same lines' complements G(n) as printed: n -> (the n of the "G(n)" printed on that line, the
# listed members; "…" follows them: every larger number is in the set too).  The g(3) line prints
# "G(2) = {1, 2, …}" where G(3) is meant (g(2) = g(3) = {0}, so the two sets are equal).
C_G_COMPLEMENTS_PRINTED = {0: (0, (0, 1)), 1: (1, (0, 1)), 2: (2, (1, 2)), 3: (2, (1, 2)),
                           4: (4, (2, 3)), 5: (5, (0, 2, 3)), 6: (6, (3, 4)), 7: (7, (1, 3, 4))}
# 六: #S of the two examples as printed: (position, the printed terms f(a_i), their printed binary
# forms (None: not printed), the printed sum).
# "#S = f(7) + f(3) + f(3) = 1 + 1 + 1 = 1"; "#S = 1 + 2 + 3 = 01 + 10 + 11 = 0"
C_XOR_EXAMPLES = (((7, 3, 3), (1, 1, 1), None, "1"),
                  ((3, 4, 6), (1, 2, 3), ("01", "10", "11"), "0"))
# Our correction of the two printed slips (separate data; the printed lines above stay as printed):
# g(6) lists #(1, 4) where the option of 6 is (1, 3); g(7) lists #(4) where the option of 7 is (5),
# so its values are {#(5), #(1, 4), #(2, 3)} = {0, 2, 0}.  As sets ({2, 1, 0} and {2, 0}) the
# printed values are right, so f(6) = 3 and f(7) = 1 stand.
C_G_CORRECTED = {
    6: (((4,), (1, 3), (2, 2)), (2, 1, 0)),
    7: (((5,), (1, 4), (2, 3)), (0, 2, 0)),
}
# 图 2 所示的初始局面 (7, 3, 3) ... 它的胜负情况与初始局面 (7) 相同。 (五)
C_SAME_OUTCOME = ((7, 3, 3), (7,))
# 图 2 所示的局面 S = (7, 3, 3)，有 #S = f(7) + f(3) + f(3) = 1 + 1 + 1 = 1，故 S 胜。
# 游戏 C 的初始局面 S = (3, 4, 6)，有 #S = 1 + 2 + 3 = 01 + 10 + 11 = 0，故 S 负。
C_EXAMPLES = {(7, 3, 3): "N", (3, 4, 6): "P"}
# 二 (stated for game A; 五: "前面所列出的，游戏 A 的关键性质，游戏 C 却都具有"):
# 若 A 和 B 一胜一负，则 S 胜。 若 A 负 B 负，则 S 负。 若 B 负，则 S 的胜负情况与 A 的胜负情况相同。
# 若 A 胜 B 胜，则有时 S 胜，有时 S 负。 如果初始局面可以分成两个相同的"子局面"，则乙有必胜策略。
# 如果 S = A + C + C，则 S 的胜负情况与 A 相同。

# --- 八: game A, one position in four representations -------------------------------------------
# 对于游戏 A 中的 5 个局面：(3, 3, 1), (1, 3, 3), (5, 5, 1), (2, 3): ... c. 采用集合：局面 (3, 3, 1),
# (1, 3, 3), (5, 5, 1) 都相同，可以用集合 {1} 表示； d. 采用二进制数：4 个局面所对应的二进制数都是 1。
#   (the text says 5 positions and lists 4; its item d counts 4)
A_REPRESENTATIONS = ((3, 3, 1), (1, 3, 3), (5, 5, 1), (2, 3))
A_REPRESENTATION_SET = {1}
A_REPRESENTATION_BINARY = "1"
