"""Claims from the literature about sums of heaps (``total=T`` tables: every multiset of heaps of
total <= T), misère play first: families ``nim`` and ``octal``.

Sources, each statement encoded only where its text was found:

* C. L. Bouton, "Nim, a game with a complete mathematical theory", Annals of Math. 3 (1901/02)
  35-39: normal Nim is lost by the player to move iff the nim-sum (XOR) of the heaps is 0; and its
  misère rule, as Winning Ways vol. 2 ch. 13 ("Survival in the Lost World") sums it up: misère
  play "will only affect play in the fickle positions when all the non-empty heaps are
  singletons" (the chapter's abstract, Taylor & Francis).
* T. E. Plambeck, "Daisies, Kayles, and the Sibert-Conway decomposition in misère octal games",
  Theoretical Computer Science 96 (1992) 361-388: Theorem 1.1 ("In normal play of the game She
  Loves Me, She Loves Me Not, a position is a win for the first player if and only if it contains
  an odd number of petals"; a move pulls one petal off one daisy); and the abstract: "we extend
  the Sibert-Conway method to construct a similar winning strategy for the game of Daisies (octal
  code 4.7) and then more generally solve all misère play finite octal games with at most 3 code
  digits and period two nim sequence *1, *2, *1, *2, ...".
* OEIS A002186, "Sprague-Grundy values for the game of Kayles (octal games .77 and .771)", with
  the Sprague-Grundy theorem (a sum is lost by the player to move iff the XOR of its heaps'
  values is 0): the normal-play half of the sum tables against a published sequence.

Not encoded (no exact text reachable here): the Sibert-Conway solution of misère Kayles and its
single-heap P-positions (Winning Ways ch. 13, ONAG ch. 12), Plambeck's Theorem 1.2 (misère She
Loves Me; the text we could read breaks off), and the misère quotients of "Taming the wild"
(INTEGERS 5, 2005, G05): results/misere.md lists them under what could not be checked.
"""
from __future__ import annotations

import functools

import numpy as np

from .claims import Claim, compare

TOTALS = {"small": 14, "default": 36, "large": 60}
CONV = "outcome of a sum of heaps: P = 0 (the player to move loses), N = 1"

# OEIS A002186 as printed (offset 0: the empty heap first)
A002186 = (0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5,
           4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4,
           2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2,
           8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1)

PN = {0: "P", 1: "N"}.get


def _rows(t) -> np.ndarray:
    """Every position of a sum table as a row of heaps (decreasing, zero-padded)."""
    return np.asarray(t.space.unrank(np.arange(t.space.size)), dtype=np.int64)


def _xor(values: np.ndarray) -> np.ndarray:
    return functools.reduce(np.bitwise_xor, values.T, np.zeros(len(values), dtype=np.int64))


def _compare(t, claimed: np.ndarray, rows: np.ndarray, domain: str):
    return compare(claimed, np.asarray(t.values, dtype=np.int64), domain,
                   lambda i: "{" + t.space.format(rows[i]) + "}", PN)


def bouton_misere(rows: np.ndarray) -> np.ndarray:
    """Bouton's misère Nim, row by row: P (0) iff every heap is <= 1 and the number of 1-heaps is
    odd, or some heap is >= 2 and the XOR is 0."""
    fickle = (rows <= 1).all(axis=1)
    lost = np.where(fickle, rows.sum(axis=1) % 2 == 1, _xor(rows) == 0)
    return np.where(lost, 0, 1)


def nim_claims(scale: str) -> list[Claim]:
    T = TOTALS[scale]
    misere, normal = f"nim:play=misere,total={T}", f"nim:total={T}"
    dom = f"every multiset of heaps of total <= {T}"

    def bouton_sums(tables):
        t = tables[misere]
        rows = _rows(t)
        return _compare(t, bouton_misere(rows), rows, dom)

    def bouton_normal(tables):
        t = tables[normal]
        rows = _rows(t)
        return _compare(t, np.where(_xor(rows) == 0, 0, 1), rows, dom)

    src = "Bouton (1902); Winning Ways vol. 2 ch. 13"
    return [
        Claim("lit.misere.bouton-sums", src,
              "misère Nim: the player to move loses iff every heap has at most one token and the "
              "number of one-token heaps is odd, or some heap has two or more tokens and the "
              "nim-sum is 0 (misère play only changes the fickle positions, where every "
              "non-empty heap is a singleton)", bouton_sums, tables=(misere,),
              reading="checked on every sum of heaps of total <= T, any number of heaps "
                      "(nim:play=misere,total=T)", convention=CONV),
        Claim("lit.misere.bouton-sums.normal", "Bouton (1902)",
              "normal Nim: the player to move loses iff the nim-sum (XOR) of the heaps is 0",
              bouton_normal, tables=(normal,), convention=CONV),
    ]


def octal_claims(scale: str) -> list[Claim]:
    T = TOTALS[scale]
    petals = f"octal:code=0.3,total={T}"
    daisies = f"octal:code=4.7,total={T}"
    kayles = f"octal:code=0.77,total={T}"
    dom = f"every multiset of heaps of total <= {T}"

    def she_loves_me(tables):
        t = tables[petals]
        rows = _rows(t)
        return _compare(t, rows.sum(axis=1) % 2, rows, dom)

    def daisies_period_two(tables):
        t = tables[daisies]
        rows = _rows(t)
        g = np.where(rows == 0, 0, np.where(rows % 2 == 1, 1, 2))
        return _compare(t, np.where(_xor(g) == 0, 0, 1), rows, dom)

    def kayles_sums(tables):
        t = tables[kayles]
        rows = _rows(t)
        g = np.asarray(A002186, dtype=np.int64)[rows]
        return _compare(t, np.where(_xor(g) == 0, 0, 1), rows, dom)

    plambeck = "Plambeck (1992), TCS 96, 361-388"
    return [
        Claim("lit.misere.plambeck.she-loves-me", f"{plambeck}, Theorem 1.1",
              "In normal play of the game She Loves Me, She Loves Me Not, a position is a win for "
              "the first player if and only if it contains an odd number of petals",
              she_loves_me, tables=(petals,),
              reading="a move pulls one petal off one daisy: a daisy of n petals is a heap of "
                      "n in the octal game 0.3 (take one token; the heap may vanish); a "
                      "position is a sum of daisies", convention=CONV),
        Claim("lit.misere.plambeck.daisies-nim-sequence", f"{plambeck}, abstract",
              "Daisies (octal code 4.7) is among the octal games with period two nim sequence "
              "*1, *2, *1, *2, ... whose misère play the paper solves",
              daisies_period_two, tables=(daisies,),
              reading="our reading of 'then more generally solve all ... games with ... period "
                      "two nim sequence': a heap of n >= 1 of 4.7 has Grundy value 1 (n odd) or "
                      "2 (n even); checked through the normal outcomes of sums (P iff the XOR "
                      "of those values is 0)", convention=CONV),
        Claim("lit.misere.kayles-sums.normal", "OEIS A002186 (Guy and Smith 1956)",
              "the Sprague-Grundy values of Kayles (octal game 0.77) are 0, 1, 2, 3, 1, 4, 3, 2, "
              "1, 4, 2, 6, 4, 1, 2, 7, ... (as printed)", kayles_sums, tables=(kayles,),
              reading="checked through the normal outcomes of sums: P iff the XOR of the "
                      "printed values of the heaps is 0 (Sprague-Grundy); the terms printed "
                      f"reach heap {len(A002186) - 1}", convention=CONV),
    ]
