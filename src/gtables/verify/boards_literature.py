"""Published values of Cram, Domineering, Node-Kayles and Snort, to compare our tables against.

Pure data.  Every entry is tagged with a key of :data:`SOURCES`; the excerpts behind each entry,
and every conversion made, are quoted in ``results/boards_literature_notes.md``.  Nothing here was
computed or filled in by reasoning: a value appears only if a source states it.  Where a source
states a *rule* (e.g. "2 x n boards are *0 for even n"), the rule is kept as text in ``*_RULES`` and
is not expanded into entries.

Conventions (ours):

* boards are ``(rows, cols)``; for Cram (symmetric under transposition) ``rows <= cols``;
* Cram values are Grundy values (nimbers) under normal play; outcomes "P" (second player / player
  not to move wins, Grundy 0) or "N" (first player wins, Grundy > 0);
* Domineering: **Left = the player placing VERTICAL dominoes**, board ``rows x cols``; outcome
  "L" (Left/Vertical wins whoever starts), "R" (Right/Horizontal wins whoever starts), "N" (the
  player to move wins), "P" (the player not to move wins).  Every Domineering source used here
  calls the vertical player Vertical/Left (Vera = left in Lachmann-Moore-Rapaport).  Uiterwijk
  ("m denotes the number of rows and n the number of columns") and Drummond-Cole ("vertical
  dimension m") write m x n = rows x cols, as we do; the other entries used are square (8x8, 2x2,
  11x11, 5x5), so no transposition was applied anywhere.  See the notes for the exact wording.
"""
from __future__ import annotations

# --------------------------------------------------------------------------------------------
# Sources
# --------------------------------------------------------------------------------------------

SOURCES = {
    "beling_readme": (
        "Piotr Beling, README of the impartial-games repository (Rust solver igs/igsolve), "
        "section 'Cram (under the normal play convention)', table of nimbers of initial Cram "
        "positions, rows 4..7 x columns 4..15. https://github.com/beling/impartial-games "
        "(README.md, stored version at commit 07a34e68e2f298d2bb8905167d61777cdbdfb9cf). "
        "Algorithms: P. Beling, M. Rogalski, 'On pruning search trees of impartial games', "
        "Artificial Intelligence 283 (2020) 103262, doi:10.1016/j.artint.2020.103262."
    ),
    "mcgs_results": (
        "M. Mueller group, MCGS Computational Results, section 'Cram = Impartial Domineering' "
        "(subsections 1xn, 2xn, 3xn, nxm with m,n>=4), "
        "https://ualberta-mueller-group.github.io/MCGS/MCGS-results.html "
        "(repo ualberta-mueller-group/MCGS, docs/MCGS-results.html, commit "
        "05189f2c62e2157c5bac5f6ab769f28c7dd6be21). Its 3xn row cites '(Lemoine and Viennot "
        "2013) Records - Cram, https://sprouts.tuxfamily.org/wiki/doku.php?id=records#cram'."
    ),
    "lemoine_viennot_records": (
        "J. Lemoine, S. Viennot, 'Computation records of normal and misere Cram' (Glop records "
        "page), http://sprouts.tuxfamily.org/wiki/doku.php?id=records#cram. NOT READ DIRECTLY "
        "(the stored copy only exposed its Sprouts section); cited through mcgs_results, "
        "beling_readme and wikipedia_cram."
    ),
    "lemoine_viennot_2012": (
        "J. Lemoine, S. Viennot, 'Nimbers are inevitable', Theoretical Computer Science 462 "
        "(2012) 70-79, doi:10.1016/j.tcs.2012.09.002; arXiv:1011.5841 (2010). Abstract: "
        "'...we give a review of the results obtained on two impartial games: Sprouts and Cram.' "
        "Its Cram table was not reachable in this session (only the abstract/introduction)."
    ),
    "wikipedia_cram": (
        "Wikipedia, 'Cram (game)', sections 'Symmetry play' and 'Known values' "
        "(https://en.wikipedia.org/wiki/Cram_(game); read via the stored copies "
        "http://en.m.wikipedia.org/wiki/Cram_(game) and the revision diff "
        "https://findatwiki.com/Special:Diff/1138927768)."
    ),
    "uiterwijk2020_cram": (
        "J.W.H.M. Uiterwijk, 'Solving Cram Using Combinatorial Game Theory', Advances in "
        "Computer Games (ACG 2019), LNCS 12516, Springer 2020, pp. 91-105, "
        "doi:10.1007/978-3-030-65883-0_8, abstract "
        "(https://www.doi.org/10.1007/978-3-030-65883-0_8)."
    ),
    "oeis_a002187": (
        "OEIS A002187, 'Sprague-Grundy values for Dawson's Chess (octal game .137)', offset 0; "
        "comment 'Octal game .07 (Dawson's Kayles) has values a(n-1).' https://oeis.org/A002187"
    ),
    "oeis_a316632": (
        "OEIS A316632, 'a(n) is the Sprague-Grundy value of the Node-Kayles game on the 3 X n "
        "lattice graph.', offset 1, with comments on the 1 X n, 2 X n and 4 X n lattice graphs. "
        "https://oeis.org/A316632 (references S. Brown et al., 'Nimber Sequences of Node-Kayles "
        "Games', J. Integer Sequences 23 (2020), Article 20.3.5)."
    ),
    "brown2020_node_kayles": (
        "S. Brown, S. Daugherty, E. Fiorini, B. Maldonado, D. Manzano-Ruiz, S. Rainville, "
        "R. Waechter, T.W.H. Wong, 'Nimber Sequences of Node-Kayles Games', J. Integer Sequences "
        "23 (2020), Article 20.3.5, https://cs.uwaterloo.ca/journals/JIS/VOL23/Wong/wong24.html "
        "(abstract only read: families 3-paths, lattice graphs, prism graphs, chained/linked "
        "cliques, linked cycles, linked diamonds, hypercubes, generalized Petersen graphs)."
    ),
    "breuker2000": (
        "D.M. Breuker, J.W.H.M. Uiterwijk, H.J. van den Herik, 'Solving 8 x 8 Domineering', "
        "Theoretical Computer Science 230 (2000) 195-206, abstract "
        "(https://docslib.org/doc/247507/solving-8-%C3%97-8-domineering). Its table of m x n "
        "boards (m = 2..8, n = m..9) was NOT reachable in this session."
    ),
    "lmr2002": (
        "M. Lachmann, C. Moore, I. Rapaport, 'Who wins Domineering on rectangular boards?', "
        "in More Games of No Chance, MSRI Publ. 42 (2002); arXiv:math/0006066. Introduction "
        "(https://www.cambridge.org/core/browse-subjects/computer-science/listing?pageNum=2100). "
        "Its per-width results were NOT reachable beyond the introduction."
    ),
    "uiterwijk2016": (
        "J.W.H.M. Uiterwijk, '11 x 11 Domineering Is Solved: The First Player Wins', Computers "
        "and Games (CG 2016), LNCS 10068, Springer 2016, pp. 129-136, "
        "doi:10.1007/978-3-319-50935-8_12, abstract and introduction "
        "(https://rd.springer.com/chapter/10.1007/978-3-319-50935-8_12, "
        "https://springerlink.bibliotecabuap.elogim.com/chapter/10.1007/978-3-319-50935-8_12)."
    ),
    "uiterwijk_perfect": (
        "J.W.H.M. Uiterwijk, 'Perfectly Solving Domineering Boards' (Computer Games workshop "
        "paper, c. 2013-2014; venue not verified in this session), abstract as shown on an "
        "aggregator page returned by the search tool without a URL."
    ),
    "drummond_cole2014": (
        "G.C. Drummond-Cole, 'An update on domineering on rectangular boards', INTEGERS 14 "
        "(2014) #G3; arXiv:1305.3257 (https://ar5iv.labs.arxiv.org/html/1305.3257). Only the "
        "introduction (conventions) was reachable; its outcome table was NOT."
    ),
    "bullock_obsequi_check": (
        "N. Bullock, Obsequi (the solver of 'Domineering: Solving Large Combinatorial Search "
        "Spaces', ICGA J. 25 (2002)), its regression script obsequi/Check, "
        "https://github.com/nathanbullock/obsequi/blob/a9fa7f0b8d8418b276cd31d7499eab7269148984/"
        "obsequi/Check: a line 'flip R C X' per board R x C with R <= C (X = V: Vertical wins, "
        "H: Horizontal, 1: the first player, 2: the second; the other orientation by "
        "transposition). A test file of the author's solver, not a printed table; where the "
        "papers could be read (Breuker et al. 8 x 8, Lachmann et al. 2 x 2, Uiterwijk's "
        "theorems on 2k x n, m x 3, 3 x n and m x 2k boards, the 1 x n rule) they agree."
    ),
    "wikipedia_domineering": (
        "Wikipedia, 'Domineering', sections 'Basic examples' (single box, horizontal rows, "
        "vertical rows); read via the mirror https://wikiblah.com/wiki/domineering and the "
        "wikitext at https://zalansite.site/mediawiki/index.php?action=edit&title=Domineering."
    ),
    "kylin_readme": (
        "GitHub kylin-zhuo/domineering_simulation, README.txt: 'the 5x5 board is know to be a "
        "second-player win(Conway, 1976)'. SECONDARY and informal (a student README citing "
        "Conway, On Numbers and Games, 1976); use only as a weak cross-check."
    ),
    "gauthier_huntemann2024": (
        "M. Gauthier, S. Huntemann, 'Snort Played on Triangular Grids', arXiv:2412.00849 "
        "(2024), abstract and introduction (https://ar5iv.labs.arxiv.org/html/2412.00849)."
    ),
    "schaefer1978": (
        "T.J. Schaefer, 'On the complexity of some two-person perfect-information games', "
        "J. Computer and System Sciences 16 (1978) 185-225. Cited (for Snort being "
        "PSPACE-complete) by gauthier_huntemann2024; not read directly."
    ),
}

# --------------------------------------------------------------------------------------------
# Cram
# --------------------------------------------------------------------------------------------

#: (rows, cols) -> (Grundy value, source key).  rows <= cols.
#: Rows 4..7 transcribed from beling_readme (column header 4..15); the same numbers appear in
#: mcgs_results' "n x m Cram with m, n >= 4" table (which attributes them to Wikipedia, Lemoine and
#: Viennot 2013 and Beling).  Beling prints the board as "cols x rows" in prose ("9 x 7, 8 x 7,
#: 9 x 6, 10 x 5, 11 x 4, 15 x 4, 12 x 5"); Cram is symmetric so we store (min, max).
#: 3 x n from mcgs_results (citing Lemoine and Viennot's records page).
CRAM_VALUES = {
    # 3 x n, n = 3..20  (mcgs_results: "3xn, n=3..20, from (Lemoine and Viennot 2013).")
    (3, 3): (0, "mcgs_results"),
    (3, 4): (1, "mcgs_results"),
    (3, 5): (1, "mcgs_results"),
    (3, 6): (4, "mcgs_results"),
    (3, 7): (1, "mcgs_results"),
    (3, 8): (3, "mcgs_results"),
    (3, 9): (1, "mcgs_results"),
    (3, 10): (2, "mcgs_results"),
    (3, 11): (0, "mcgs_results"),
    (3, 12): (1, "mcgs_results"),
    (3, 13): (2, "mcgs_results"),
    (3, 14): (3, "mcgs_results"),
    (3, 15): (1, "mcgs_results"),
    (3, 16): (4, "mcgs_results"),
    (3, 17): (0, "mcgs_results"),
    (3, 18): (1, "mcgs_results"),
    (3, 19): (0, "mcgs_results"),
    (3, 20): (2, "mcgs_results"),
    # 4 x n, n = 4..15
    # (beling_readme row "**4** | 0 | 2 | 0 | 3 | 0 | 1 | 0 | **1** | 0 | 3 | 0 | **4**")
    (4, 4): (0, "beling_readme"),
    (4, 5): (2, "beling_readme"),
    (4, 6): (0, "beling_readme"),
    (4, 7): (3, "beling_readme"),
    (4, 8): (0, "beling_readme"),
    (4, 9): (1, "beling_readme"),
    (4, 10): (0, "beling_readme"),
    (4, 11): (1, "beling_readme"),
    (4, 12): (0, "beling_readme"),
    (4, 13): (3, "beling_readme"),
    (4, 14): (0, "beling_readme"),
    (4, 15): (4, "beling_readme"),
    # 5 x n, n = 5..12
    # (beling_readme row "**5** | - | 0 | 2 | 1 | 1 | 1 | **2** | 0 | **3** | ? | ? | ?")
    (5, 5): (0, "beling_readme"),
    (5, 6): (2, "beling_readme"),
    (5, 7): (1, "beling_readme"),
    (5, 8): (1, "beling_readme"),
    (5, 9): (1, "beling_readme"),
    (5, 10): (2, "beling_readme"),
    (5, 11): (0, "beling_readme"),
    (5, 12): (3, "beling_readme"),
    # 6 x n
    # (beling_readme row "**6** | - | - | 0 | 5 | 0 | **1** | 0 | ? | 0 | ? | 0 | ?")
    (6, 6): (0, "beling_readme"),
    (6, 7): (5, "beling_readme"),
    (6, 8): (0, "beling_readme"),
    (6, 9): (1, "beling_readme"),
    (6, 10): (0, "beling_readme"),
    (6, 12): (0, "beling_readme"),
    (6, 14): (0, "beling_readme"),
    # 7 x n  (beling_readme row "**7** | - | - | - | 1 | **3** | **1** | ? | ...")
    (7, 7): (1, "beling_readme"),
    (7, 8): (3, "beling_readme"),
    (7, 9): (1, "beling_readme"),
}

#: Who computed each value first, as the sources say (informational; does not change values).
CRAM_FIRST_COMPUTED_BY = {
    "beling_readme bold (first published there)": [(7, 9), (7, 8), (6, 9), (5, 10), (4, 11),
                                                   (4, 15), (5, 12)],
    "Thomas Plick (sent to Beling), verified by Beling": [(4, 13)],
    "Uiterwijk 2020 (ACG 2019), 'second-player win'": [(5, 11)],
    "Glop (Lemoine-Viennot); most boards <= 5x7 first by Schneider 2009 (per beling_readme)": [
        "all other non-trivial entries of rows 4..7"],
    "Lemoine-Viennot records (per mcgs_results and wikipedia_cram: 'up to the 3 x 20, 4 x 9, "
    "5 x 9, 6 x 7 and 7 x 7 boards')": ["3 x 3 .. 3 x 20"],
}

#: (rows, cols) -> ("P" | "N", source key), for boards where only the outcome is published.
CRAM_OUTCOMES = {
    (3, 21): ("N", "uiterwijk2020_cram"),  # "the 3 x 21 board, a first-player win"
    # "the 5 x 11 board, a second-player win" (= value 0 above)
    (5, 11): ("P", "uiterwijk2020_cram"),
}

#: General statements (text, source key); NOT expanded into entries.
CRAM_RULES = {
    "even_by_even": ("even x even boards: second player wins (Grundy 0) by symmetry play",
                     "wikipedia_cram"),
    "even_by_odd": ("even x odd boards: first player wins (Grundy > 0) by playing the central "
                    "domino then mirroring", "wikipedia_cram"),
    "2xn": ("2 x n boards are *0 for all even n, and *1 for all odd n (Winning Ways, "
            "Uiterwijk 2020)", "mcgs_results"),
    "1xn": ("1 x n Cram is Dawson's Kayles, octal .07; OEIS A002187: 'Octal game .07 "
            "(Dawson's Kayles) has values a(n-1)', i.e. Cram 1 x n = A002187[n-1]",
            "mcgs_results + oeis_a002187"),
}

# --------------------------------------------------------------------------------------------
# Dawson's Chess / Node-Kayles on paths
# --------------------------------------------------------------------------------------------

#: OEIS A002187 (offset 0), the terms exactly as displayed on the OEIS page (n = 0..131).
#: Node-Kayles on the path P_n = A002187[n] (OEIS A316632: "The Node-Kayles game on the 1 X n
#: lattice graph (i.e., path) is equivalent to the Dawson's chess game and thus produces the same
#: Sprague-Grundy values as A002187"; A316632's example uses "a path of length 3 ... a(1)=2, which
#: is the third term in the sequence A002187", i.e. index n = number of vertices).
#: Cram 1 x n = A002187[n-1] (see CRAM_RULES["1xn"]).
A002187 = (
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
    5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2,
    1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1,
    1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9,
    3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
)
A002187_SOURCE = "oeis_a002187"
#: OEIS formula line, verbatim.
A002187_PERIOD_NOTE = "Has period 34 with the only exceptions at n=0, 14, 16, 17, 31, 34 and 51."

#: Node-Kayles on the 3 x n grid graph, n -> Grundy value (OEIS A316632, offset 1, all 16 terms).
NODE_KAYLES_GRID_3XN = {
    1: 2, 2: 1, 3: 1, 4: 0, 5: 3, 6: 3, 7: 2, 8: 2,
    9: 2, 10: 3, 11: 3, 12: 5, 13: 2, 14: 4, 15: 1, 16: 3,
}
NODE_KAYLES_GRID_3XN_SOURCE = "oeis_a316632"

#: General statements (text, source key); NOT expanded into entries.
NODE_KAYLES_RULES = {
    "path": ("Node-Kayles on the 1 X n lattice graph (path) = Dawson's chess (octal .137), "
             "values A002187", "oeis_a316632"),
    "2xn": ("The Node-Kayles game on the 2 X n lattice graph (i.e., ladder graph) produces the "
            "Sprague-Grundy values 1,0,1,0,1,0,..., which are periodic with period 2 (A000035).",
            "oeis_a316632"),
    "4xn": ("The Node-Kayles game on the 4 X n lattice graph produces the Sprague-Grundy values "
            "0,0,0,0,0,..., which are constantly 0 (A000004).", "oeis_a316632"),
}

# --------------------------------------------------------------------------------------------
# Domineering  (Left = VERTICAL dominoes; boards rows x cols)
# --------------------------------------------------------------------------------------------

#: (rows, cols) -> (outcome, source key), outcome class stated directly by the source.
DOMINEERING_OUTCOMES = {
    # "The game turns out to be a win for the player first to move."
    (8, 8): ("N", "breuker2000"),
    # "the first player wins 11x11 Domineering, irrespective whether Vertical or Horizontal starts"
    (11, 11): ("N", "uiterwijk2016"),
    # "the 2 x 2 board is a win for the first player"
    (2, 2): ("N", "lmr2002"),
    # weak secondary: "the 5x5 board is know to be a second-player win(Conway, 1976)"
    (5, 5): ("P", "kylin_readme"),
}

#: Every rectangle of 1..8 rows and columns: (rows, cols) -> outcome class (Left = Vertical), as
#: Bullock's Obsequi checks it (source ``bullock_obsequi_check``; both orientations, the one the
#: file does not list by transposition, L and R swapped).
DOMINEERING_OBSEQUI = {
    (1, 1): "P", (1, 2): "R", (1, 3): "R", (1, 4): "R",
    (1, 5): "R", (1, 6): "R", (1, 7): "R", (1, 8): "R",
    (2, 1): "L", (2, 2): "N", (2, 3): "N", (2, 4): "R",
    (2, 5): "L", (2, 6): "N", (2, 7): "N", (2, 8): "R",
    (3, 1): "L", (3, 2): "N", (3, 3): "N", (3, 4): "R",
    (3, 5): "R", (3, 6): "R", (3, 7): "R", (3, 8): "R",
    (4, 1): "L", (4, 2): "L", (4, 3): "L", (4, 4): "N",
    (4, 5): "L", (4, 6): "N", (4, 7): "L", (4, 8): "R",
    (5, 1): "L", (5, 2): "R", (5, 3): "L", (5, 4): "R",
    (5, 5): "P", (5, 6): "R", (5, 7): "R", (5, 8): "R",
    (6, 1): "L", (6, 2): "N", (6, 3): "L", (6, 4): "N",
    (6, 5): "L", (6, 6): "N", (6, 7): "L", (6, 8): "R",
    (7, 1): "L", (7, 2): "N", (7, 3): "L", (7, 4): "R",
    (7, 5): "L", (7, 6): "R", (7, 7): "N", (7, 8): "R",
    (8, 1): "L", (8, 2): "L", (8, 3): "L", (8, 4): "L",
    (8, 5): "L", (8, 6): "L", (8, 7): "L", (8, 8): "N",
}

#: One-sided results "with Vertical (Left) moving first": (rows, cols) -> (winner, source key),
#: winner "L" (Vertical) or "R" (Horizontal).  Uiterwijk: "Using the convention that Vertical
#: starts, ... are all won by Vertical, whereas ... are all won by Horizontal"; m x n = rows x cols.
DOMINEERING_VERTICAL_STARTS = {
    (8, 15): ("L", "uiterwijk2016"),
    (11, 9): ("L", "uiterwijk2016"),
    (12, 8): ("L", "uiterwijk2016"),
    (12, 15): ("L", "uiterwijk2016"),
    (14, 8): ("L", "uiterwijk2016"),
    (17, 6): ("L", "uiterwijk2016"),
    (6, 17): ("R", "uiterwijk2016"),
    (8, 12): ("R", "uiterwijk2016"),
    (9, 11): ("R", "uiterwijk2016"),
    (11, 10): ("R", "uiterwijk2016"),
    # "among the larger boards solved 4 were not solved before, i.e., 10x11, 14x11, 18x6, and
    #  18x11, all being a win for Vertical" (the paper assumes "the starting player (assumed to be
    #  Vertical)")
    (10, 11): ("L", "uiterwijk_perfect"),
    (14, 11): ("L", "uiterwijk_perfect"),
    (18, 6): ("L", "uiterwijk_perfect"),
    (18, 11): ("L", "uiterwijk_perfect"),
}

#: Outcome classes obtained by COMBINING two published one-sided results above through the
#: transposition identity (the R x C board with Horizontal to move is the negative of the C x R
#: board with Vertical to move).  Not stated as such by the source; kept apart so the lead can
#: decide whether to use them.  (rows, cols) -> (outcome, "derived: <pair>").
DOMINEERING_OUTCOMES_DERIVED = {
    (8, 12): ("R", "derived: uiterwijk2016 (8,12)R + (12,8)L"),
    (12, 8): ("L", "derived: uiterwijk2016 (12,8)L + (8,12)R"),
    (6, 17): ("R", "derived: uiterwijk2016 (6,17)R + (17,6)L"),
    (17, 6): ("L", "derived: uiterwijk2016 (17,6)L + (6,17)R"),
    (9, 11): ("R", "derived: uiterwijk2016 (9,11)R + (11,9)L"),
    (11, 9): ("L", "derived: uiterwijk2016 (11,9)L + (9,11)R"),
    (11, 10): ("R", "derived: uiterwijk2016 (11,10)R + uiterwijk_perfect (10,11)L"),
    (10, 11): ("L", "derived: uiterwijk_perfect (10,11)L + uiterwijk2016 (11,10)R"),
}

#: Canonical values stated by a source, as text in Left = vertical convention.
DOMINEERING_VALUES = {
    (1, 1): ("0", "wikipedia_domineering"),   # "a single box ... neither player can move"
    (1, 2): ("-1", "wikipedia_domineering"),  # horizontal row of 2: "{|0} = -1"
}

#: General statements (text, source key); NOT expanded into entries.
DOMINEERING_RULES = {
    "rows_and_columns": ("If there is a row of 2n or 2n+1 boxes, it counts as -n. A column of "
                         "such size counts as +n.  [i.e. 1 x c = -floor(c/2), r x 1 = "
                         "+floor(r/2) in our rows x cols, Left = vertical convention]",
                         "wikipedia_domineering"),
    "perfect_solving_theorems": (
        "1) all m x 3 boards (m > 1) are a win for Vertical; 2) all 2k x n boards with n = 3, 5, "
        "7, 9, and 11 are a win for Vertical; 3) all 3 x n boards (n > 3) are a win for "
        "Horizontal; and 4) all m x 2k boards for m = 5 and 9, and all m x 4k boards for m = 3, "
        "7, and 11 are a win for Horizontal.  [m x n = rows x cols; stated in a paper whose "
        "convention is that Vertical starts, so read as one-sided unless the full text says "
        "otherwise]", "uiterwijk_perfect"),
    "lmr_scope": ("'we find out who wins Domineering on all rectangular boards of width 2, 3, 5, "
                  "and 7' (results themselves not reachable)", "lmr2002"),
}

# --------------------------------------------------------------------------------------------
# Snort
# --------------------------------------------------------------------------------------------

SNORT_RULES = {
    "triangular_grids": ("on triangular grids with one or two rows of triangles, and many of "
                         "their variants, the first player will win when playing optimally",
                         "gauthier_huntemann2024"),
    "complexity": ("Schaefer proved in 1978 that finding the winning player of Snort in general "
                   "is PSPACE-complete", "gauthier_huntemann2024 citing schaefer1978"),
}
