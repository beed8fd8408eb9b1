"""Claims of seed 004 (致勝密碼, Nim-like games with conditions; SPEC §4), encoded from the
analysis in ``docs/claims/nimlike.md`` (its claim numbers C1.1 ... T6 are cited as ``doc``).

Outcomes: P = the player to move loses (the seed's 輸數 / ``E`` / ``EE``), N = the player to move
wins.  With Cond(3) every set the seed prints is for the start of a game (no previous amount,
``last = none``), and so are our predicates.

**Proofs in one dimension.** For one heap of ``N >= n`` stones every amount ``m..n`` is
available, so the vector of outcomes at ``N`` (one entry per possible last amount) is a fixed
function of the vectors at ``N-n .. N-1``.  Once ``n`` consecutive vectors repeat, the sequence
is periodic forever (:func:`gtables.engine.periodicity.window_periodicity`); a claimed set that is
periodic too is then decided for *all* heap sizes by comparing one pre-period plus a common period.
Those 1-D sweeps compute their many small tables in memory (same kernel), not in the store.

Run ``python -m gtables.verify.seed004 [--size S] [--out results]`` to draw the Cond(2,3) loss
sets of the seed's pictures (``results/figures/nimlike_cond23_*.png``) and write
``results/nimlike_cond23.md``.
"""
from __future__ import annotations

import dataclasses
import math

import numpy as np

from .claims import Claim, Counterexample, Result, check_all
from ..engine.periodicity import Periodicity, window_periodicity

SEED = "seed 004"
CONV = "P = player to move loses (the seed's 輸數, E/EE), N = player to move wins (贏數)"
CONV3 = CONV + "; Cond(3) sets are for start positions (no previous amount)"
P, N = 0, 1
MAX_1D = 1 << 16   # largest heap size tried when looking for a repeated window

# (1-D n range, proposition n range, 2-D heap bound, 2-D n bound, 2-D Cond(2) n bound)
SCALES = {"small": dict(n1=8, nprop=30, h2=30, n2=6, n2c2=6, h23=40),
          "default": dict(n1=40, nprop=199, h2=200, n2=20, n2c2=12, h23=200),
          "large": dict(n1=64, nprop=399, h2=400, n2=30, n2c2=20, h23=400)}

# the (m, n) pairs of the seed's Cond(2,3) pictures (fixed n = 5, 9, 12, 13)
COND23_PICTURES = ((2, 5), (3, 5), (2, 9), (3, 9), (4, 9), (5, 9), (2, 12), (3, 12), (4, 12),
                   (5, 12), (2, 13), (3, 13), (4, 13), (5, 13), (6, 13), (7, 13))
# The printed tables, transcribed verbatim from the OCR (docs/claims/nimlike.md), tab-separated.
# Table T1: Cond(1), one heap; rows N = 0..45, columns n; cell = winning first moves.
T1 = r"""
N\n	2	3	4	5	6	7	8	9	10	11	12
0	E	E	E	E	E	E	E	E	E	E	E
1	1	1	1	1	1	1	1	1	1	1	1
2	2	2	2	2	2	2	2	2	2	2	2
3	E	3	3	3	3	3	3	3	3	3	3
4	1	E	4	4	4	4	4	4	4	4	4
5	2	1	E	5	5	5	5	5	5	5	5
6	E	2	1	E	6	6	6	6	6	6	6
7	1	3	2	1	E	7	7	7	7	7	7
8	2	E	3	2	1	E	8	8	8	8	8
9	E	1	4	3	2	1	E	9	9	9	9
10	1	2	E	4	3	2	1	E	10	10	10
11	2	3	1	5	4	3	2	1	E	11	11
12	E	E	2	E	5	4	3	2	1	E	12
13	1	1	3	1	6	5	4	3	2	1	E
14	2	2	4	2	E	6	5	4	3	2	1
15	E	3	E	3	1	7	6	5	4	3	2
16	1	E	1	4	2	E	7	6	5	4	3
17	2	1	2	5	3	1	8	7	6	5	4
18	E	2	3	E	4	2	E	8	7	6	5
19	1	3	4	1	5	3	1	9	8	7	6
20	2	E	E	2	6	4	2	E	9	8	7
21	E	1	1	3	E	5	3	1	10	9	8
22	1	2	2	4	1	6	4	2	E	10	9
23	2	3	3	5	2	7	5	3	1	11	10
24	E	E	4	E	3	E	6	4	2	E	11
25	1	1	E	1	4	1	7	5	3	1	12
26	2	2	1	2	5	2	8	6	4	2	E
27	E	3	2	3	6	3	E	7	5	3	1
28	1	E	3	4	E	4	1	8	6	4	2
29	2	1	4	5	1	5	2	9	7	5	3
30	E	2	E	E	2	6	3	E	8	6	4
31	1	3	1	1	3	7	4	1	9	7	5
32	2	E	2	2	4	E	5	2	10	8	6
33	E	1	3	3	5	1	6	3	E	9	7
34	1	2	4	4	6	2	7	4	1	10	8
35	2	3	E	5	E	3	8	5	2	11	9
36	E	E	1	E	1	4	E	6	3	E	10
37	1	1	2	1	2	5	1	7	4	1	11
38	2	2	3	2	3	6	2	8	5	2	12
39	E	3	4	3	4	7	3	9	6	3	E
40	1	E	E	4	5	E	4	E	7	4	1
41	2	1	1	5	6	1	5	1	8	5	2
42	E	2	2	E	E	2	6	2	9	6	3
43	1	3	3	1	1	3	7	3	10	7	4
44	2	E	4	2	2	4	8	4	E	8	5
45	E	1	E	3	3	5	E	5	1	9	6
"""

# Table T2: Cond(1), two heaps, n = 5; rows N2, columns N1; cell = 'B-part A-part' (A = heap N1).
T2 = r"""
N2\N1	0	1	2	3	4	5	6	7	8	9	10	11	12	13
0	EE	E A1	E A2	E A3	E A4	E A5	EE	E A1	E A2	E A3	E A4	E A5	EE	E A1
1	B1 E	EE	E A1	E A2	E A3	E A4	B1 A5	EE	E A1	E A2	E A3	E A4	B1 A5	EE
2	B2 E	B1 E	EE	E A1	E A2	E A3	B2 A4	B1 A5	EE	E A1	E A2	E A3	B2 A4	B1 A5
3	B3 E	B2 E	B1 E	EE	E A1	E A2	B3 A3	B2 A4	B1 A5	EE	E A1	E A2	B3 A3	B2 A4
4	B4 E	B3 E	B2 E	B1 E	EE	E A1	B4 A2	B3 A3	B2 A4	B1 A5	EE	E A1	B4 A2	B3 A3
5	B5 E	B4 E	B3 E	B2 E	B1 E	EE	B5 A1	B4 A2	B3 A3	B2 A4	B1 A5	EE	B5 A1	B4 A2
6	EE	B5 A1	B4 A2	B3 A3	B2 A4	B1 A5	EE	B5 A1	B4 A2	B3 A3	B2 A4	B1 A5	EE	B5 A1
7	B1 E	EE	B5 A1	B4 A2	B3 A3	B2 A4	B1 A5	EE	B5 A1	B4 A2	B3 A3	B2 A4	B1 A5	EE
8	B2 E	B1 E	EE	B5 A1	B4 A2	B3 A3	B2 A4	B1 A5	EE	B5 A1	B4 A2	B3 A3	B2 A4	B1 A5
9	B3 E	B2 E	B1 E	EE	B5 A1	B4 A2	B3 A3	B2 A4	B1 A5	EE	B5 A1	B4 A2	B3 A3	B2 A4
10	B4 E	B3 E	B2 E	B1 E	EE	B5 A1	B4 A2	B3 A3	B2 A4	B1 A5	EE	B5 A1	B4 A2	B3 A3
11	B5 E	B4 E	B3 E	B2 E	B1 E	EE	B5 A1	B4 A2	B3 A3	B2 A4	B1 A5	EE	B5 A1	B4 A2
12	EE	B5 A1	B4 A2	B3 A3	B2 A4	B1 A5	EE	B5 A1	B4 A2	B3 A3	B2 A4	B1 A5	EE	B5 A1
13	B1 E	EE	B5 A1	B4 A2	B3 A3	B2 A4	B1 A5	EE	B5 A1	B4 A2	B3 A3	B2 A4	B1 A5	EE
14	B2 E	B1 E	EE	B5 A1	B4 A2	B3 A3	B2 A4	B1 A5	EE	B5 A1	B4 A2	B3 A3	B2 A4	B1 A5
15	B3 E	B2 E	B1 E	EE	B5 A1	B4 A2	B3 A3	B2 A4	B1 A5	EE	B5 A1	B4 A2	B3 A3	B2 A4
16	B4 E	B3 E	B2 E	B1 E	EE	B5 A1	B4 A2	B3 A3	B2 A4	B1 A5	EE	B5 A1	B4 A2	B3 A3
17	B5 E	B4 E	B3 E	B2 E	B1 E	EE	B5 A1	B4 A2	B3 A3	B2 A4	B1 A5	EE	B5 A1	B4 A2
18	EE	B5 A1	B4 A2	B3 A3	B2 A4	B1 A5	EE	B5 A1	B4 A2	B3 A3	B2 A4	B1 A5	EE	B5 A1
19	B1 E	EE	B5 A1	B4 A2	B3 A3	B2 A4	B1 A5	EE	B5 A1	B4 A2	B3 A3	B2 A4	B1 A5	EE
20	B2 E	B1 E	EE	B5 A1	B4 A2	B3 A3	B2 A4	B1 A5	EE	B5 A1	B4 A2	B3 A3	B2 A4	B1 A5
21	B3 E	B2 E	B1 E	EE	B5 A1	B4 A2	B3 A3	B2 A4	B1 A5	EE	B5 A1	B4 A2	B3 A3	B2 A4
22	B4 E	B3 E	B2 E	B1 E	EE	B5 A1	B4 A2	B3 A3	B2 A4	B1 A5	EE	B5 A1	B4 A2	B3 A3
23	B5 E	B4 E	B3 E	B2 E	B1 E	EE	B5 A1	B4 A2	B3 A3	B2 A4	B1 A5	EE	B5 A1	B4 A2
24	EE	B5 A1	B4 A2	B3 A3	B2 A4	B1 A5	EE	B5 A1	B4 A2	B3 A3	B2 A4	B1 A5	EE	B5 A1
25	B1 E	EE	B5 A1	B4 A2	B3 A3	B2 A4	B1 A5	EE	B5 A1	B4 A2	B3 A3	B2 A4	B1 A5	EE
26	B2 E	B1 E	EE	B5 A1	B4 A2	B3 A3	B2 A4	B1 A5	EE	B5 A1	B4 A2	B3 A3	B2 A4	B1 A5
"""

# Table T3: Cond(2), one heap; rows N = 0..50, columns 'm,n'.
T3 = r"""
N\(m,n)	2,3	2,4	2,5	3,4	3,5	4,5	4,6	5,6
0	E	E	E	E	E	E	E	E
1	E	E	E	E	E	E	E	E
2	2	2	2	E	E	E	E	E
3	2,3	2,3	2,3	3	3	E	E	E
4	3	3,4	3,4	3,4	3,4	4	4	E
5	E	4	4,5	3,4	3,4,5	4,5	4,5	5
6	E	E	5	4	4,5	4,5	4,5,6	5,6
7	2	E	E	E	5	4,5	4,5,6	5,6
8	2,3	2	E	E	E	5	5,6	5,6
9	3	2,3	2	E	E	E	6	5,6
10	E	3,4	2,3	3	E	E	E	6
11	E	4	3,4	3,4	3	E	E	E
12	2	E	4,5	3,4	3,4	E	E	E
13	2,3	E	5	4	3,4,5	4	E	E
14	3	2	E	E	4,5	4,5	4	E
15	E	2,3	E	E	5	4,5	4,5	E
16	E	3,4	2	E	E	4,5	4,5,6	5
17	2	4	2,3	3	E	5	4,5,6	5,6
18	2,3	E	3,4	3,4	E	E	5,6	5,6
19	3	E	4,5	3,4	3	E	6	5,6
20	E	2	5	4	3,4	E	E	5,6
21	E	2,3	E	E	3,4,5	E	E	6
22	2	3,4	E	E	4,5	4	E	E
23	2,3	4	2	E	5	4,5	E	E
24	3	E	2,3	3	E	4,5	4	E
25	E	E	3,4	3,4	E	4,5	4,5	E
26	E	2	4,5	3,4	E	5	4,5,6	E
27	2	2,3	5	4	3	E	4,5,6	5
28	2,3	3,4	E	E	3,4	E	5,6	5,6
29	3	4	E	E	3,4,5	E	6	5,6
30	E	E	2	E	4,5	E	E	5,6
31	E	E	2,3	3	5	4	E	5,6
32	2	2	3,4	3,4	E	4,5	E	6
33	2,3	2,3	4,5	3,4	E	4,5	E	E
34	3	3,4	5	4	E	4,5	4	E
35	E	4	E	E	3	5	4,5	E
36	E	E	E	E	3,4	E	4,5,6	E
37	2	E	2	E	3,4,5	E	4,5,6	E
38	2,3	2	2,3	3	4,5	E	5,6	5
39	3	2,3	3,4	3,4	5	E	6	5,6
40	E	3,4	4,5	3,4	E	4	E	5,6
41	E	4	5	4	E	4,5	E	5,6
42	2	E	E	E	E	4,5	E	5,6
43	2,3	E	E	E	3	4,5	E	6
44	3	2	2	E	3,4	5	4	E
45	E	2,3	2,3	3	3,4,5	E	4,5	E
46	E	3,4	3,4	3,4	4,5	E	4,5,6	E
47	2	4	4,5	3,4	5	E	4,5,6	E
48	2,3	E	5	4	E	E	5,6	E
49	3	E	E	E	E	4	6	5
50	E	2	E	E	E	4,5	E	5,6
"""

# Table T4: Cond(2), two heaps, (m,n) = (3,7) (picture title says 2~7; the text says m=3).
T4 = r"""
N2\N1	0	1	2	3	4	5	6	7	8	9	10	11	12	13
0	EE	EE	EE	E A3	E A3 A4	E A3 A4 A5	E A4 A5 A6	E A5 A6 A7	E A6 A7	E A7	EE	EE	EE	E A3
1	EE	EE	EE	E A3	E A3 A4	E A3 A4 A5	E A4 A5 A6	E A5 A6 A7	E A6 A7	E A7	EE	EE	EE	E A3
2	EE	EE	EE	E A3	E A3 A4	E A3 A4 A5	E A4 A5 A6	E A5 A6 A7	E A6 A7	E A7	EE	EE	EE	E A3
3	B3 E	B3 E	B3 E	EE	EE	EE	E A3	E A3 A4	E A3 A4 A5	E A4 A5 A6	B3 A5 A6 A7	B3 A6 A7	B3 A7	EE
4	B3 B4 E	B3 B4 E	B3 B4 E	EE	EE	EE	E A3	E A3 A4	E A3 A4 A5	E A4 A5 A6	B3 B4 A5 A6 A7	B3 B4 A6 A7	B3 B4 A7	EE
5	B3 B4 B5 E	B3 B4 B5 E	B3 B4 B5 E	EE	EE	EE	E A3	E A3 A4	E A3 A4 A5	E A4 A5 A6	B3 B4 B5 A5 A6 A7	B3 B4 B5 A6 A7	B3 B4 B5 A7	EE
6	B4 B5 B6 E	B4 B5 B6 E	B4 B5 B6 E	B3 E	B3 E	B3 E	EE	EE	EE	E A3	B4 B5 B6 A3 A4	B4 B5 B6 A3 A4 A5	B4 B5 B6 A4 A5 A6	B3 A5 A6 A7
7	B5 B6 B7 E	B5 B6 B7 E	B5 B6 B7 E	B3 B4 E	B3 B4 E	B3 B4 E	EE	EE	EE	E A3	B5 B6 B7 A3 A4	B5 B6 B7 A3 A4 A5	B5 B6 B7 A4 A5 A6	B3 B4 A5 A6 A7
8	B6 B7 E	B6 B7 E	B6 B7 E	B3 B4 B5 E	B3 B4 B5 E	B3 B4 B5 E	EE	EE	EE	E A3	B6 B7 A3 A4	B6 B7 A3 A4 A5	B6 B7 A4 A5 A6	B3 B4 B5 A5 A6 A7
9	B7 E	B7 E	B7 E	B4 B5 B6 E	B4 B5 B6 E	B4 B5 B6 E	B3 E	B3 E	B3 E	EE	B7 E	B7 E	B7 A3	B4 B5 B6 A4
10	EE	EE	EE	B5 B6 B7 A3	B5 B6 B7 A3 A4	B5 B6 B7 A3 A4 A5	B3 B4 A4 A5 A6	B3 B4 A5 A6 A7	B3 B4 A6 A7	E A7	EE	EE	EE	B5 B6 B7 A3
11	EE	EE	EE	B6 B7 A3	B6 B7 A3 A4	B6 B7 A3 A4 A5	B3 B4 B5 A4 A5 A6	B3 B4 B5 A5 A6 A7	B3 B4 B5 A6 A7	E A7	EE	EE	EE	B6 B7 A3
12	EE	EE	EE	B7 A3	B7 A3 A4	B7 A3 A4 A5	B4 B5 B6 A4 A5 A6	B4 B5 B6 A5 A6 A7	B4 B5 B6 A6 A7	B3 A7	EE	EE	EE	B7 A3
13	B3 E	B3 E	B3 E	EE	EE	EE	B5 B6 B7 A3	B5 B6 B7 A3 A4	B5 B6 B7 A3 A4 A5	B4 A4 A5 A6	B3 A5 A6 A7	B3 A6 A7	B3 A7	EE
"""

# Table T5: Cond(1,3), one heap, start positions; rows N = 1..50, columns n.
T5 = r"""
N\n	2	3	4	5	6	7	8	9	10	11	12	13	14	15
1	1	1	1	1	1	1	1	1	1	1	1	1	1	1
2	1,2	1,2	1,2	1,2	1,2	1,2	1,2	1,2	1,2	1,2	1,2	1,2	1,2	1,2
3	E	3	3	3	3	3	3	3	3	3	3	3	3	3
4	1	E	4	4	4	4	4	4	4	4	4	4	4	4
5	1,2	1	E	5	5	5	5	5	5	5	5	5	5	5
6	E	1,2,3	1,3	3	3,6	3,6	3,6	3,6	3,6	3,6	3,6	3,6	3,6	3,6
7	1	3	2	E	E	7	7	7	7	7	7	7	7	7
8	1,2	E	3,4	1,4	1,4	4	4,8	4,8	4,8	4,8	4,8	4,8	4,8	4,8
9	E	1	2,4	2,3	2	E	E	9	9	9	9	9	9	9
10	1	1,2,3	E	3,5	3,5	1,5	1,5	5	5,10	5,10	5,10	5,10	5,10	5,10
11	1,2	3	1	4	2,4	2	2	E	E	11	11	11	11	11
12	E	E	1,2	5	5	3,4	3	1	1	E	12	12	12	12
13	1	1	3	E	6	2,4	2,4	1,2	1,2	1	E	13	13	13
14	1,2	1,2,3	4	1	E	5,7	5,7	3,7	3,7	1,2,7	1,7	7	7,14	7,14
15	E	3	E	1,2,4	1	6	3,6	4,5	4	3	2	E	E	15
16	1	E	1,3	3	1,2	7	7	5	5	4	3	1	1	E
17	1,2	1	2	4,5	3,5	E	8	6	6	5	2,4	1,2	1,2	1
18	E	1,2,3	3,4	5	4	1	E	7,9	7,9	3,6,9	5,9	3,9	3,9	1,2,9
19	1	3	2,4	3	5,6	1,2	1	8	4,8	7	3,6	4	4	3
20	1,2	E	E	E	6	3	1,2	9	9	4,8	7	5	5	4
21	E	1	1	1	E	4,6	3	5	5,10	9	8	6,7	6	5
22	1	1,2,3	1,2	1,2,3	1,4	5	4	E	E	5,10,11	9,11	7,11	7,11	3,6,11
23	1,2	3	3	3,5	2	3,6,7	5,7	1,6	1,6	11	10	4,8	4,8	7
24	E	E	4	4	3	7	3,6	2	2	E	11,12	9,12	9,12	4,8,12
25	1	1	E	5	2,4	E	7,8	3	3	1	12	5,10	5,10	9
26	1,2	1,2,3	1,3	E	5,6	1	4,8	2,4,5	2,4	1,2,7	E	11,13	11,13	5,10,13
27	E	3	2	1	3,6	1,2,5	E	5,8	5	3	1,7	12	6,12	11
28	1	E	3,4	1,2,4	E	3	1	3,6	3,6	4	2	13	13	12
29	1,2	1	2,4	3	1	4	1,2	7,9	7,9	5	3,8	E	14	13
30	E	1,2,3	E	4,5	1,2	5	3	8	8	3,6,9	2,4	1	E	7,14,15
31	1	3	1	5	3	3,6,7	4	9	9	7	5	1,2	1	15
32	1,2	E	1,2	3	4	7	5	E	5,10	4,8	6	3	1,2	E
33	E	1	3	E	5	4	3,6	1	E	9	7,10	4	3	1
34	1	1,2,3	4	1	3,6	E	7	1,2	1	5,10,11	8	5	4	1,2,9
35	1,2	3	E	1,2,3,	E	1,5	4,8	3	1,2	11	9	3,6	5	3
36	E	E	1,3	3,5,	1,4	2	E	4	3	E	5,10	7	3,6	4
37	1	1	2	4	2	3,4	1,5	5	4	1	11,12	4,8	7	5
38	1,2	1,2,3	3,4	5	3,5	2,4	2	3,6,8	5,8	1,2,7	6,12	9	4,8	3,6,11
39	E	3	2,4	E	2,4	5,7	3	7	3,6	3	E	5,10,12	9	7
40	1	E	E	1	5	6	2,4	4,8,9	7,9	4	1	11	5,10	4,8,12
41	1,2	1	1	1,2,4,	6	7	5,7	9	4,8	5	1,2	12,13	11,13	9
42	E	1,2,3	1,2	3	E	E	3,6	5	9	3,6,9	3,8	13	12	5,10,13
43	1	3	3	4,5,	1	1	7	E	10	7	4	7	13,14	11
44	1,2	E	4	5	1,2	1,2	8	1	E	4,8	5,9	E	7,14	12
45	E	1	E	3	3,5	3	E	1,2	1	9	6	1	E	13
46	1	1,2,3	1,3	E	4	4,6	1	3,7	1,2	5,10,11	7	1,2	1	7,14,15
47	1,2	3	2	1	5,6	5	1,2	4,5	3	11	4,8	3,9	1,2	15
48	E	E	3,4	1,2,3,	6	3,6,7	3	5	4	E	9	4	3,9	E
49	1	1	2,4	3,5,	E	7	4	6	5	1	10	5	4	1
50	1,2	1,2,3	E	4	1,4	E	5,7	7,9	3,6	1,2,7	11	6,7	5	1,2,9
"""

# Table T6: Cond(2,3), one heap, start positions; rows N = 0..50, columns 'm,n'.
T6 = r"""
N\(m,n)	2,3	2,4	2,5	2,6	2,7	3,4	3,5	3,6	3,7	4,5	4,6	5,6
0	E	E	E	E	E	E	E	E	E	E	E	E
1	E	E	E	E	E	E	E	E	E	E	E	E
2	2	2	2	2	2	E	E	E	E	E	E	E
3	2,3	2,3	2,3	2,3	2,3	3	3	3	3	E	E	E
4	2,3	2,3,4	2,3,4	2,3,4	2,3,4	3,4	3,4	3,4	3,4	4	4	E
5	E	4	4,5	4,5	4,5	3,4	3,4,5	3,4,5	3,4,5	4,5	4,5	5
6	E	E	5	5,6	5,6	3,4	3,4,5	3,4,5,6	3,4,5,6	4,5	4,5,6	5,6
7	2	E	E	6	6,7	E	5	5,6	5,6,7	4,5	4,5,6	5,6
8	2,3	2	E	E	7	E	E	6	6,7	4,5	4,5,6	5,6
9	2,3	2,3,4	2	E	E	E	E	E	7	E	6	5,6
10	E	2,3,4	2,3	2	E	3	E	E	E	E	E	5,6
11	E	4	2,3,4,5	2,3	2	3,4	3	E	E	E	E	E
12	2	E	4,5	2,3,4	2,3	3,4	3,4,5	3	E	E	E	E
13	2,3	E	5	4,5,6	2,3,4	3,4	3,4,5	3,4	3	4	E	E
14	2,3	2	E	5,6	4,5	E	3,4,5	3,4,5,6	3,4	4,5	4	E
15	E	2,3,4	E	6	5,6,7	E	5	3,4,5,6	3,4,5	4,5	4,5,6	E
16	E	2,3,4	2	E	6,7	E	E	5,6	3,4,5,6,7	4,5	4,5,6	5
17	2	4	2,3	E	7	3	E	6	5,6,7	4,5	4,5,6	5,6
18	2,3	E	2,3,4,5	2	E	3,4	E	E	6,7	E	4,5,6	5,6
19	2,3	E	4,5	2,3	E	3,4	3	E	7	E	6	5,6
20	E	2	5	2,3,4	2	3,4	3,4,5	E	E	E	E	5,6
21	E	2,3,4	E	4,5,6	2,3	E	3,4,5	3	E	E	E	5,6
22	2	2,3,4	E	5,6	2,3,4	E	3,4,5	3,4	E	4	E	E
23	2,3	4	2	6	4,5	E	5	3,4,5,6	3	4,5	E	E
24	2,3	E	2,3	E	5,6,7	3	E	3,4,5,6	3,4	4,5	4	E
25	E	E	2,3,4,5	E	6,7	3,4	E	5,6	3,4,5	4,5	4,5,6	E
26	E	2	4,5	2	7	3,4	E	6	3,4,5,6,7	4,5	4,5,6	E
27	2	2,3,4	5	2,3	E	3,4	3	E	5,6,7	E	4,5,6	5
28	2,3	2,3,4	E	2,3,4	E	E	3,4,5	E	6,7	E	4,5,6	5,6
29	2,3	4	E	4,5,6	2	E	3,4,5	E	7	E	6	5,6
30	E	E	2	5,6	2,3	E	3,4,5	3	E	E	E	5,6
31	E	E	2,3	6	2,3,4	3	5	3,4	E	4	E	5,6
32	2	2	2,3,4,5	E	4,5	3,4	E	3,4,5,6	E	4,5	E	5,6
33	2,3	2,3,4	4,5	E	5,6,7	3,4	E	3,4,5,6	3	4,5	E	E
34	2,3	2,3,4	5	2	6,7	3,4	E	5,6	3,4	4,5	4	E
35	E	4	E	2,3	7	E	3	6	3,4,5	4,5	4,5,6	E
36	E	E	E	2,3,4	E	E	3,4,5	E	3,4,5,6,7	E	4,5,6	E
37	2	E	2	4,5,6	E	E	3,4,5	E	5,6,7	E	4,5,6	E
38	2,3	2	2,3	5,6	2	3	3,4,5	E	6,7	E	4,5,6	5
39	2,3	2,3,4	2,3,4,5	6	2,3	3,4	5	3	7	E	6	5,6
40	E	2,3,4	4,5	E	2,3,4	3,4	E	3,4	E	4	E	5,6
41	E	4	5	E	4,5	3,4	E	3,4,5,6	E	4,5	E	5,6
42	2	E	E	2	5,6,7	E	E	3,4,5,6	E	4,5	E	5,6
43	2,3	E	E	2,3	6,7	E	3	5,6	3	4,5	E	5,6
44	2,3	2	2	2,3,4	7	E	3,4,5	6	3,4	4,5	4	E
45	E	2,3,4	2,3	4,5,6	E	3	3,4,5	E	3,4,5	E	4,5,6	E
46	E	2,3,4	2,3,4,5	5,6	E	3,4	3,4,5	E	3,4,5,6,7	E	4,5,6	E
47	2	4	4,5	6	2	3,4	5	E	5,6,7	E	4,5,6	E
48	2,3	E	5	E	2,3	3,4	E	3	6,7	E	4,5,6	E
49	2,3	E	E	E	2,3,4	E	E	3,4	7	4	6	5
50	E	2	E	2	4,5	E	E	3,4,5,6	E	4,5	E	5,6
"""


# ----------------------------------------------------------------------------------------------
# tables and small helpers
# ----------------------------------------------------------------------------------------------
def spec(d: int, m: int, n: int, size: int, norepeat: bool = False) -> str:
    return (f"nimlike:heaps={d},min={m},max={n},{'norepeat=1,' if norepeat else ''}"
            f"size={size}")


def _memory(s: str) -> np.ndarray:
    """A table computed in memory only (the many small tables of the 1-D sweeps)."""
    from ..api import compute
    return compute(s, store=None).values


def _grid(values: np.ndarray, d: int, size: int, norepeat: bool) -> np.ndarray:
    """Outcomes shaped ``(size+1,)*d``, plus a last axis of last-amount codes with norepeat
    (code 0 = none, code c = amount m + c - 1)."""
    return values.reshape((size + 1,) * d + ((-1,) if norepeat else ()))


def _setstr(s) -> str:
    s = sorted(int(v) for v in s)
    return ",".join(map(str, s)) if s else "E"


def _v2(x: int) -> int:
    return (x & -x).bit_length() - 1


class Game1D:
    """Outcomes of one heap: ``P(N, last)``, and the winning amounts of any position."""

    def __init__(self, m, n, norepeat, grid):
        self.m, self.n, self.norepeat, self.g = m, n, norepeat, grid

    @property
    def size(self):
        return self.g.shape[0] - 1

    def outcome(self, h, last=0):
        if not self.norepeat:
            return int(self.g[h])
        return int(self.g[h, 0 if last == 0 else last - self.m + 1])

    def start_p(self) -> np.ndarray:
        """Boolean: start position N is P."""
        return (self.g[:, 0] if self.norepeat else self.g) == P

    def winning(self, h, last=0) -> set:
        return {x for x in range(self.m, min(self.n, h) + 1)
                if not (self.norepeat and x == last)
                and self.outcome(h - x, x if self.norepeat else 0) == P}


def game_1d(ctx, m, n, norepeat, size) -> Game1D:
    s = spec(1, m, n, size, norepeat)
    vals = ctx.table(s).values if ctx is not None else _memory(s)
    return Game1D(m, n, norepeat, _grid(vals, 1, size, norepeat))


class Game2D:
    def __init__(self, m, n, norepeat, grid):
        self.m, self.n, self.norepeat, self.g = m, n, norepeat, grid

    def outcome(self, a, b, last=0):
        if not self.norepeat:
            return int(self.g[a, b])
        return int(self.g[a, b, 0 if last == 0 else last - self.m + 1])

    def start_p(self) -> np.ndarray:
        return (self.g[..., 0] if self.norepeat else self.g) == P

    def winning(self, a, b, last=0) -> tuple[set, set]:
        """Winning amounts from heap 1 (the seed's A = N1) and from heap 2 (B = N2)."""
        ok = [x for x in range(self.m, self.n + 1) if not (self.norepeat and x == last)]
        t = (lambda x: x) if self.norepeat else (lambda x: 0)
        return ({x for x in ok if x <= a and self.outcome(a - x, b, t(x)) == P},
                {x for x in ok if x <= b and self.outcome(a, b - x, t(x)) == P})

    def win_masks(self) -> tuple[np.ndarray, np.ndarray]:
        """Start positions: ``wa[x, a, b]`` (``wb``) says taking ``x`` from heap 1 (heap 2) wins;
        shape ``(n+1, size+1, size+1)``, amounts below m never win."""
        s = self.g.shape[0]
        wa = np.zeros((self.n + 1, s, s), dtype=bool)
        wb = np.zeros_like(wa)
        for x in range(self.m, min(self.n, s - 1) + 1):
            opt = self.g[..., x - self.m + 1] if self.norepeat else self.g
            wa[x, x:, :] = opt[:s - x, :] == P
            wb[x, :, x:] = opt[:, :s - x] == P
        return wa, wb


def game_2d(ctx, m, n, norepeat, size) -> Game2D:
    s = spec(2, m, n, size, norepeat)
    vals = ctx.table(s).values if ctx is not None else _memory(s)
    return Game2D(m, n, norepeat, _grid(vals, 2, size, norepeat))


# ----------------------------------------------------------------------------------------------
# one heap: periodicity proofs
# ----------------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Proof1D:
    m: int
    n: int
    norepeat: bool
    per: Periodicity | None
    game: Game1D

    def label(self):
        return f"n={self.n}" if self.m == 1 else f"(m,n)=({self.m},{self.n})"


def prove_1d(m: int, n: int, norepeat: bool, need: int = 0) -> Proof1D:
    """Compute one heap until ``n`` consecutive outcome vectors repeat (and at least ``need``
    heap sizes); the repeat proves the whole sequence periodic (module docstring)."""
    size = max(64, 6 * (m + n), need)
    while True:
        g = game_1d(None, m, n, norepeat, size)
        per = window_periodicity(g.g, n)
        if per is not None and size >= need or size >= MAX_1D:
            return Proof1D(m, n, norepeat, per, g)
        size = min(MAX_1D, max(2 * size, need))


def start_period(pr: Proof1D) -> tuple[int, int]:
    """Least (pre-period, period) of the start-position outcomes, derived from the proved
    periodicity of the whole vectors: the least period divides the vectors' period."""
    n0, p = pr.per.preperiod, pr.per.period
    if pr.game.size + 1 < n0 + 2 * p:
        pr = prove_1d(pr.m, pr.n, pr.norepeat, need=n0 + 2 * p)
    s = pr.game.start_p()
    d = next(d for d in range(1, p + 1)
             if p % d == 0 and np.array_equal(s[n0 + d:n0 + p + d], s[n0:n0 + p]))
    t = n0
    while t > 0 and s[t - 1] == s[t - 1 + d]:
        t -= 1
    return t, d


def decide_periodic(m, n, norepeat, claimed, q: int, q0: int = 0):
    """Decide ``start-P(N) <=> claimed(N)`` for all N, where ``claimed`` (a function of an int
    array) is periodic with period ``q`` from ``q0``: returns ``(status, detail, counterexample)``."""
    pr = prove_1d(m, n, norepeat)
    if pr.per is None:
        return "OPEN", f"{pr.label()}: no repeated window up to {pr.game.size}", None
    bound = max(pr.per.preperiod, q0) + math.lcm(pr.per.period, q)
    if bound > pr.game.size + 1:
        pr = prove_1d(m, n, norepeat, need=bound)
    got = pr.game.start_p()[:bound]
    want = np.asarray(claimed(np.arange(bound)), dtype=bool)
    bad = np.flatnonzero(got != want)
    desc = f"{pr.label()}: pre-period {pr.per.preperiod}, period {pr.per.period}"
    if norepeat:
        t, d = start_period(pr)
        desc = f"{pr.label()}: start positions pre-period {t}, period {d} (outcome vectors over " \
               f"all last amounts: pre-period {pr.per.preperiod}, period {pr.per.period})"
    if bad.size:
        i = int(bad[0])
        return "REFUTED", desc, Counterexample(f"{pr.label()}, N={i}", "P" if want[i] else "N",
                                               "P" if got[i] else "N")
    return "PROVED", desc, None


def proved_family(cases, domain: str, what: str) -> Result:
    """Run :func:`decide_periodic` on ``cases`` (``(m, n, norepeat, claimed, q[, q0])``)."""
    details, bad, opened = [], [], []
    for case in cases:
        st, desc, ex = decide_periodic(*case)
        details.append(desc)
        if st == "REFUTED":
            bad.append(ex)
        elif st == "OPEN":
            opened.append(desc)
    text = f"{what}. Per case (proved): " + "; ".join(details)
    if bad:
        return Result("REFUTED", domain, len(cases), tuple(bad), details=text)
    if opened:
        return Result("OPEN", domain, len(cases), details=text)
    return Result("PROVED", f"all heap sizes N >= 0, {domain}", len(cases), details=text)


def _pairs(lo_m: int, hi_n: int):
    return [(m, n) for n in range(lo_m + 1, hi_n + 1) for m in range(lo_m, n)]


# ----------------------------------------------------------------------------------------------
# printed tables
# ----------------------------------------------------------------------------------------------
def parse_1d_table(text: str):
    """``{(N, column): (raw cell, set of amounts)}``; a trailing comma is dropped (OCR)."""
    rows = [r.split("\t") for r in text.strip("\n").split("\n")]
    cols = rows[0][1:]
    out = {}
    for r in rows[1:]:
        for col, cell in zip(cols, r[1:]):
            cell = cell.strip()
            amounts = set() if cell == "E" else {int(t) for t in cell.split(",") if t.strip()}
            out[(int(r[0]), col)] = (cell, amounts)
    return cols, out


def parse_2d_cell(cell: str):
    """``"B3 B4 E"`` -> (A amounts, B amounts, well formed?); ``EE`` = no winning move."""
    cell = cell.strip()
    if cell == "EE":
        return set(), set(), True
    toks = cell.split()
    a = {int(t[1:]) for t in toks if t.startswith("A")}
    b = {int(t[1:]) for t in toks if t.startswith("B")}
    ok = sum(t == "E" for t in toks) == (not a) + (not b)
    return a, b, ok


def compare_cells(cases, domain: str, details: str = "") -> Result:
    """Like :func:`check_all` but lists *every* differing cell."""
    return check_all(cases, domain, details, limit=None, noun="cells")


def table_1d_check(text, params_of, norepeat: bool, what: str):
    def check(ctx):
        cols, cells = parse_1d_table(text)
        top = max(N for N, _ in cells)
        games = {c: game_1d(ctx, *params_of(c), norepeat, top) for c in cols}
        cases = []
        for (N, col), (raw, amounts) in sorted(cells.items(), key=lambda kv: (kv[0][1], kv[0][0])):
            got = games[col].winning(N)
            cases.append((f"N={N}, {what}={col} (printed {raw})", _setstr(amounts), _setstr(got)))
        return compare_cells(cases, f"all {len(cases)} printed cells")
    return check


def table_2d_check(text, m, n):
    def check(ctx):
        rows = [r.split("\t") for r in text.strip("\n").split("\n")]
        cols = [int(c) for c in rows[0][1:]]
        size = max(max(cols), max(int(r[0]) for r in rows[1:]))
        g = game_2d(ctx, m, n, False, size)
        cases = []
        for r in rows[1:]:
            n2 = int(r[0])
            for n1, cell in zip(cols, r[1:]):
                a, b, ok = parse_2d_cell(cell)
                ga, gb = g.winning(n1, n2)
                claimed = f"A {_setstr(a)} / B {_setstr(b)}" + ("" if ok else " (malformed cell)")
                cases.append((f"(N1,N2)=({n1},{n2}) printed '{cell}'", claimed,
                              f"A {_setstr(ga)} / B {_setstr(gb)}"))
        return compare_cells(cases, f"all {len(cases)} printed cells")
    return check


# ----------------------------------------------------------------------------------------------
# the claims
# ----------------------------------------------------------------------------------------------
def _lists_check(lists: dict, m_n_of, norepeat: bool, include_zero: bool):
    """Each printed list is the P-set (start positions) on [lo, its largest element]."""
    def check(ctx):
        cases = []
        for key, printed in lists.items():
            m, n = m_n_of(key)
            g = game_1d(None, m, n, norepeat, max(printed))
            sp = g.start_p()
            lo = 0 if include_zero else 1
            got = [int(i) for i in np.flatnonzero(sp) if i >= lo]
            cases.append((key, sorted(printed), got))
        return check_all(cases, f"{len(cases)} printed lists, each on [{0 if include_zero else 1}, "
                                f"its last element]")
    return check


COND1_LISTS = {
    "n=2": [3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36, 39, 42, 45],
    "n=3": [4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44], "n=4": [5, 10, 15, 20, 25, 30, 35, 40, 45],
    "n=5": [6, 12, 18, 24, 30, 36, 42], "n=6": [7, 14, 21, 28, 35, 42], "n=7": [8, 16, 24, 32, 40],
    "n=8": [9, 18, 27, 36, 45], "n=9": [10, 20, 30, 40], "n=10": [11, 22, 33, 44],
    "n=11": [12, 24, 36], "n=12": [13, 26, 29]}
COND2_LISTS = {
    "m=2,n=3": [0, 1, 5, 6, 10, 11, 15, 16, 20, 21, 25, 26, 30, 31, 35, 36, 40, 41, 45, 46, 50],
    "m=2,n=4": [0, 1, 6, 7, 12, 13, 18, 19, 24, 25, 30, 31, 36, 37, 42, 43, 48, 49],
    "m=2,n=5": [0, 1, 7, 8, 14, 15, 21, 22, 28, 29, 35, 36, 42, 43, 49, 50],
    "m=3,n=4": [0, 1, 2, 7, 8, 9, 14, 15, 16, 21, 22, 23, 28, 29, 30, 35, 36, 37, 42, 43, 44, 49, 50],
    "m=3,n=5": [0, 1, 2, 8, 9, 10, 16, 17, 18, 24, 25, 26, 32, 33, 34, 40, 41, 42, 48, 49, 50],
    "m=4,n=5": [0, 1, 2, 3, 9, 10, 11, 12, 18, 19, 20, 21, 27, 28, 29, 30, 36, 37, 38, 39, 45, 46,
                47, 48],
    "m=4,n=6": [0, 1, 2, 3, 10, 11, 12, 13, 20, 21, 22, 23, 30, 31, 32, 33, 40, 41, 42, 43, 50],
    "m=5,n=6": [0, 1, 2, 3, 4, 11, 12, 13, 14, 15, 22, 23, 24, 25, 26, 33, 34, 35, 36, 37, 44, 45,
                46, 47, 48]}
COND13_LISTS = {
    "n=2": list(range(0, 49, 3)), "n=3": list(range(0, 49, 4)), "n=4": list(range(0, 51, 5)),
    "n=5": [0, 7, 13, 20, 26, 33, 39, 46], "n=6": list(range(0, 50, 7)),
    "n=7": [0, 9, 17, 25, 34, 42, 50], "n=8": list(range(0, 46, 9)), "n=9": [0, 11, 22, 32, 43],
    "n=10": [0, 11, 22, 33, 44], "n=11": [0, 12, 24, 36, 48]}
COND23_LISTS = {"m=2,n=3": [0, 1, 5, 6, 10, 11, 15, 16], "m=2,n=4": [0, 1, 6, 7, 12, 13, 18, 19],
                "m=3,n=4": [0, 1, 2, 7, 8, 9, 14, 15, 16], "m=3,n=5": [0, 1, 2, 8, 9, 10, 16, 17, 18],
                "m=4,n=5": [0, 1, 2, 3, 9, 10, 11, 12, 18, 19, 20, 21]}
COND2_P2 = ((3, 7),)


def _mn(key: str):
    d = dict(kv.split("=") for kv in key.split(","))
    return int(d.get("m", 1)), int(d["n"])


def cond1_claims(S) -> list[Claim]:
    out = []
    ns = range(2, S["n1"] + 1)

    def c1(ctx):
        return proved_family([(1, n, False, lambda N, n=n: N % (n + 1) == 0, n + 1) for n in ns],
                             f"n = 2..{S['n1']}", "claimed P iff (n+1) | N")
    out.append(Claim("004.cond1.1d", f"{SEED} §肆.二 Cond(1) (一) 結論; 伍.一",
                     "Cond(1), one heap (take 1..n): the loss set is L = {k(n+1)}: N is P iff "
                     "(n+1) divides N.", c1, convention=CONV,
                     reading="k ranges over ℕ = {1,2,...} in the seed; N = 0 (no move) is P too and "
                             "is included (doc C1.1)."))
    out.append(Claim("004.cond1.1d.lists", f"{SEED} §肆.二 Cond(1) (一), printed L lists",
                     "The printed loss lists for n = 2..12 (n=12: {13, 26, 29, ...}) are the first "
                     "loss numbers N >= 1.", _lists_check(COND1_LISTS, _mn, False, False),
                     convention=CONV, reading="Each list is read as exactly the P-positions in "
                     "[1, its last printed element] (doc C1.2)."))
    fixed = {**COND1_LISTS, "n=12": [13, 26, 39]}
    out.append(Claim("004.cond1.1d.lists.corrected", f"{SEED} §肆.二 Cond(1) (一) (our correction)",
                     "As 004.cond1.1d.lists with the n=12 list read as {13, 26, 39, ...} (29 is a "
                     "typo: 29 mod 13 = 3).", _lists_check(fixed, _mn, False, False),
                     correction_of="004.cond1.1d.lists", convention=CONV))

    def ex(ctx):
        g5 = game_1d(ctx, 1, 5, False, 45)
        g7 = game_1d(ctx, 1, 7, False, 45)
        cases = [("n=5: N=12", "P", "PN"[g5.outcome(12)])]
        for x in range(1, 6):
            y = 6 - x
            cases.append((f"n=5: 12 -{x} -{y} = 6", "P", "PN"[g5.outcome(12 - x - y)]))
        cases += [("n=7: N=22", "N", "PN"[g7.outcome(22)]),
                  ("n=7: 22 -6 = 16", "P", "PN"[g7.outcome(16)])]
        return check_all(cases, "the two worked examples")
    out.append(Claim("004.cond1.1d.examples", f"{SEED} §肆.二 Cond(1) (一) examples 1-2",
                     "n=5, N=12 is a loss: to X taking x = 1..5, Y answers 6-x leaving 6 (a loss); "
                     "n=7, N=22 is a win by taking 6 (leaving 16).", ex, convention=CONV))
    out.append(Claim("004.table.cond1.1d", f"{SEED} §肆.二 Cond(1) (一), printed table",
                     "The printed table of winning first moves, Cond(1), one heap, n = 2..12, "
                     "N = 0..45 (E = no winning move, a loss).",
                     table_1d_check(T1, lambda c: (1, int(c)), False, "n"),
                     tables=tuple(spec(1, 1, n, 45) for n in range(2, 13)), convention=CONV))

    # two heaps
    h2 = S["h2"]
    n2s = range(2, S["n2"] + 1)

    def c5(ctx):
        bad, total = [], 0
        for n in n2s:
            g = game_2d(None, 1, n, False, h2)
            a = np.arange(h2 + 1)
            want = (a[:, None] % (n + 1)) == (a[None, :] % (n + 1))
            got = g.start_p()
            total += got.size
            for i, j in np.argwhere(want != got)[:3]:
                bad.append(Counterexample(f"n={n}: ({i},{j})", "PN"[not want[i, j]],
                                          "PN"[not got[i, j]]))
        dom = f"all (N1,N2) in [0,{h2}]^2, n = 2..{S['n2']}"
        return Result("FAILS", dom, total, tuple(bad[:10])) if bad else Result("HOLDS", dom, total)
    out.append(Claim("004.cond1.2d", f"{SEED} §肆.二 Cond(1) (二) 結論; 伍.五",
                     "Cond(1), two heaps: L = {(i(n+1)+u, j(n+1)+u) | u = 0..n; i,j >= 0}, i.e. "
                     "(N1,N2) is P iff N1 ≡ N2 (mod n+1).", c5, convention=CONV,
                     reading="ℕ* = {0,1,2,...} (the seed's notation, line 100); the set and the "
                             "congruence are the same statement (伍.五)."))

    def c5l(ctx):
        pairs = {(0, 0), (0, 6), (0, 12), (1, 1), (1, 7), (1, 13), (2, 2), (2, 8), (3, 3), (3, 9),
                 (4, 4), (4, 10), (5, 5), (5, 11), (6, 0), (6, 6), (6, 12), (7, 1), (7, 7), (7, 13),
                 (8, 2), (8, 8), (9, 3), (9, 9), (10, 4), (10, 10), (11, 5), (11, 11), (12, 0),
                 (12, 6), (12, 12), (13, 1), (13, 7), (13, 13)}
        g = game_2d(ctx, 1, 5, False, 26)
        got = {(int(i), int(j)) for i, j in np.argwhere(g.start_p()[:14, :14])}
        return check_all([("P-pairs in [0,13]^2", sorted(pairs), sorted(got))], "[0,13]^2, n=5")
    out.append(Claim("004.cond1.2d.list", f"{SEED} §肆.二 Cond(1) (二), printed L",
                     "n=5: the 34 printed pairs (0,0), (0,6), ..., (13,13) are the loss pairs "
                     "(in [0,13]^2).", c5l, tables=(spec(2, 1, 5, 26),), convention=CONV))

    def c5e(ctx):
        g = game_2d(ctx, 1, 5, False, 26)
        cases = [("(2,4): X takes B2 -> (2,2)", "P", "PN"[g.outcome(2, 2)]),
                 ("(8,2)", "P", "PN"[g.outcome(8, 2)])]
        replies = {("A", 1): ({5}, {1}), ("A", 2): ({4}, {2}), ("A", 3): ({3}, set()),
                   ("A", 4): ({2}, set()), ("A", 5): ({1}, set()), ("B", 1): ({1}, set()),
                   ("B", 2): ({2}, set())}
        for (heap, x), (ra, rb) in replies.items():
            a, b = (8 - x, 2) if heap == "A" else (8, 2 - x)
            ga, gb = g.winning(a, b)
            cases.append((f"(8,2), X takes {heap}{x}: Y's winning replies",
                          f"A {_setstr(ra)} / B {_setstr(rb)}", f"A {_setstr(ga)} / B {_setstr(gb)}"))
        return check_all(cases, "the two worked examples, n=5")
    out.append(Claim("004.cond1.2d.examples", f"{SEED} §肆.二 Cond(1) (二) examples 1-2",
                     "n=5: (2,4) is won by B2 (leaving (2,2), Y has no winning move); (8,2) is a "
                     "loss: Y answers A1 with A5 or B1, A2 with A4 or B2, A3 with A3, A4 with A2, A5 "
                     "with A1, B1 with A1, B2 with A2.", c5e, tables=(spec(2, 1, 5, 26),),
                     convention=CONV, reading="A = heap N1, B = heap N2 (the table legend); 'Y 無數"
                     "可取' = Y has no winning move. The lists are Y's complete sets of winning "
                     "replies (doc C5.E2)."))
    out.append(Claim("004.table.cond1.2d", f"{SEED} §肆.二 Cond(1) (二), printed table",
                     "The printed table of winning moves, Cond(1), n=5, N1 = 0..13, N2 = 0..26 "
                     "(A = take from N1, B = from N2, EE = loss).", table_2d_check(T2, 1, 5),
                     tables=(spec(2, 1, 5, 26),), convention=CONV))
    return out


def cond2_claims(S) -> list[Claim]:
    out = []
    pairs = _pairs(2, S["n1"])

    def c2(ctx):
        return proved_family([(m, n, False, lambda N, m=m, n=n: N % (m + n) < m, m + n)
                                    for m, n in pairs],
                             f"2 <= m < n <= {S['n1']} ({len(pairs)} pairs)",
                             "claimed P iff N mod (m+n) < m")
    out.append(Claim("004.cond2.1d", f"{SEED} §肆.二 Cond(2) (一) 推論 + 結論; 伍.二",
                     "Cond(2), one heap (take m..n): L = ∪_k {k(n+m), ..., k(n+m)+m-1}, i.e. N is P "
                     "iff N mod (m+n) < m (and k(n+m)+m .. k(n+m)+n+m-1 are wins).", c2,
                     convention=CONV, reading="The abstract's 'cond(2): 1~m' is a slip; the "
                     "definition (line 94) and all tables take m..n with 1 < m < n. ℕ* = {0,1,...}."))
    out.append(Claim("004.cond2.1d.lists", f"{SEED} §肆.二 Cond(2) (一), printed L lists",
                     "The printed loss lists for the eight (m,n) columns (0 counted as a loss) are "
                     "the loss numbers up to their last element.",
                     _lists_check(COND2_LISTS, _mn, False, True), convention=CONV))

    def ex(ctx):
        g = game_1d(ctx, 2, 5, False, 50)
        g45 = game_1d(ctx, 4, 5, False, 50)
        cases = [("(2,5): N=14", "P", "PN"[g.outcome(14)])]
        for x, want in zip((2, 3, 4, 5), ({4, 5}, {3, 4}, {2, 3}, {2})):
            cases.append((f"(2,5): 14 -{x}: Y's winning replies", _setstr(want),
                          _setstr(g.winning(14 - x))))
        cases += [("(4,5): N=16", "N", "PN"[g45.outcome(16)]),
                  ("(4,5): N=16 winning moves", "4,5", _setstr(g45.winning(16)))]
        return check_all(cases, "the two worked examples")
    out.append(Claim("004.cond2.1d.examples", f"{SEED} §肆.二 Cond(2) (一) examples 1-2",
                     "m=2, n=5: N=14 is a loss (to X's 2;3;4;5 Y answers 5;4,5;3,4;2,3;2); m=4, "
                     "n=5: N=16 is a win by taking 4 or 5.", ex, convention=CONV,
                     reading="The reply list has five groups for four moves; read as {4,5}; {3,4}; "
                             "{2,3}; {2} (the table rows N = 12, 11, 10, 9) with a stray leading 5 "
                             "(doc C2.E1)."))
    out.append(Claim("004.table.cond2.1d", f"{SEED} §肆.二 Cond(2) (一), printed table",
                     "The printed table of winning first moves, Cond(2), (m,n) in {(2,3), (2,4), "
                     "(2,5), (3,4), (3,5), (4,5), (4,6), (5,6)}, N = 0..50.",
                     table_1d_check(T3, lambda c: tuple(map(int, c.split(","))), False, "(m,n)"),
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

    def c6(ctx):
        bad, total = [], 0
        for m, n in pairs2:
            g = game_2d(None, m, n, False, h2)
            res = literal_set(m, n)
            a = np.arange(h2 + 1) % (m + n)
            want = np.zeros((h2 + 1, h2 + 1), dtype=bool)
            for r1, r2 in res:
                want[np.ix_(a == r1, a == r2)] = True
            got = g.start_p()
            total += got.size
            for i, j in np.argwhere(want != got)[:3]:
                bad.append(Counterexample(f"(m,n)=({m},{n}): ({i},{j})", "PN"[not want[i, j]],
                                          "PN"[not got[i, j]]))
        dom = f"all (N1,N2) in [0,{h2}]^2, 2 <= m < n <= {S['n2c2']}"
        return Result("FAILS", dom, total, tuple(bad[:10])) if bad else Result(
            "HOLDS", dom, total, details="equivalently floor(a/m) = floor(b/m) for the residues "
                                         "a, b of N1, N2 mod (m+n)")
    out.append(Claim("004.cond2.2d", f"{SEED} §肆.二 Cond(2) (二) 結論; 伍.六",
                     "Cond(2), two heaps: L = {(i(m+n)+km+r1, j(m+n)+km+r2) | r1, r2 = 0..m-1; "
                     "i, j, k >= 0; km+r1, km+r2 <= m+n-1}.", c6, convention=CONV,
                     reading="Literal: the residues of N1, N2 mod (m+n) lie in one block [km, km+m-1], "
                             "the last block cut at m+n-1; the set is built by enumeration."))

    def c6l(ctx):
        g = game_2d(None, 3, 7, False, 20)
        listed = [(0, 0), (1, 0), (2, 0), (10, 0), (11, 0), (12, 0), (0, 1), (1, 1), (2, 1), (10, 1),
                  (11, 1), (12, 1), (0, 2), (1, 2), (2, 2), (10, 2), (11, 2), (12, 2), (3, 3), (4, 3),
                  (5, 3), (13, 3), (3, 4), (4, 4), (5, 4), (13, 4)]
        listed += [(14, 3), (15, 3), (14, 4), (15, 4)]
        return check_all([(f"({a},{b})", "P", "PN"[g.outcome(a, b)]) for a, b in listed],
                         "the 30 listed pairs, (m,n)=(3,7)")
    out.append(Claim("004.cond2.2d.list", f"{SEED} §肆.二 Cond(2) (二), printed L",
                     "(m,n) = (3,7): the listed pairs (0,0), (1,0), (2,0), (10,0), ..., (13,4), "
                     "(14,4), (15,4) are losses.", c6l, convention=CONV,
                     reading="The list ends in '...', so only membership of the listed pairs is "
                             "claimed (N1 first)."))

    def c6e(ctx):
        g = game_2d(ctx, 3, 7, False, 13)
        wa, wb = g.winning(3, 7)
        cases = [("(3,7): X's winning moves", "A E / B 3,4", f"A {_setstr(wa)} / B {_setstr(wb)}"),
                 ("(3,4) after B3", "P", "PN"[g.outcome(3, 4)]),
                 ("(3,3) after B4", "P", "PN"[g.outcome(3, 3)]),
                 ("(5,4)", "P", "PN"[g.outcome(5, 4)])]
        for x in (3, 4, 5):
            ga, gb = g.winning(5 - x, 4)
            cases.append((f"(5,4), X takes {x} from N1: Y's replies", "A E / B 3,4",
                          f"A {_setstr(ga)} / B {_setstr(gb)}"))
        for x in (3, 4):
            ga, gb = g.winning(5, 4 - x)
            cases.append((f"(5,4), X takes {x} from N2: Y's replies", "A 3,4,5 / B E",
                          f"A {_setstr(ga)} / B {_setstr(gb)}"))
        return check_all(cases, "the two worked examples, (m,n)=(3,7)")
    out.append(Claim("004.cond2.2d.examples", f"{SEED} §肆.二 Cond(2) (二) examples 1-2",
                     "(m,n)=(3,7): (N1,N2)=(3,7) is won by taking 3 or 4, after which Y has no "
                     "winning move; (5,4) is a loss: to 3(B), 4(B), 5(B) Y answers 3(A) or 4(A), "
                     "to 3(A), 4(A) Y answers 3(B), 4(B) or 5(B).", c6e,
                     tables=(spec(2, 3, 7, 13),), convention=CONV,
                     reading="In these two examples the letters A/B are swapped relative to the "
                             "table legend (A = N1): the table cell (3,7) reads 'B3 B4 E'. Checked "
                             "with the legend's meaning (doc C6.E1-E2)."))
    out.append(Claim("004.table.cond2.2d", f"{SEED} §肆.二 Cond(2) (二), printed table",
                     "The printed table of winning moves, Cond(2), (m,n) = (3,7), N1, N2 = 0..13.",
                     table_2d_check(T4, 3, 7), tables=(spec(2, 3, 7, 13),), convention=CONV,
                     reading="The picture title above the table says '有限制範圍 2~7'; the text "
                             "(line 426) says m=3, n=7, which is what is checked."))
    return out


def cond13_claims(S) -> list[Claim]:
    out = []
    nmax = S["n1"]

    def multiples(n):
        return (1, n, True, lambda N, n=n: N % (n + 1) == 0, n + 1)

    def family(ns, what):
        def check(ctx):
            return proved_family([multiples(n) for n in ns], f"n in {{{_setstr(ns)}}}", what)
        return check

    even = [n for n in range(2, nmax + 1) if n % 2 == 0]
    out.append(Claim("004.cond13.1d.n-even", f"{SEED} §肆.二 Cond(1,3) (一) 結論 1; 伍.三(一)",
                     "Cond(1,3), one heap, n even: L = {k(n+1)}: N is P iff (n+1) | N.",
                     family(even, "claimed P iff (n+1) | N"), convention=CONV3))
    n83 = [n for n in range(3, nmax + 1) if n % 8 == 3]
    out.append(Claim("004.cond13.1d.n-8s+3", f"{SEED} §肆.二 Cond(1,3) (一) 結論 2; 伍.三(二)",
                     "Cond(1,3), n = 8s+3: L = {k(n+1)}.", family(n83, "claimed P iff (n+1) | N"),
                     convention=CONV3))
    n85 = [n for n in range(5, nmax + 1) if n % 8 == 5]

    def c33(ctx):
        return proved_family([(1, n, True, lambda N, n=n: np.isin(N % (2 * n + 3), (0, n + 2)),
                                     2 * n + 3) for n in n85],
                             f"n in {{{_setstr(n85)}}}", "claimed P iff N mod (2n+3) in {0, n+2}")
    out.append(Claim("004.cond13.1d.n-8s+5", f"{SEED} §肆.二 Cond(1,3) (一) 結論 3; 伍.三(三)",
                     "Cond(1,3), n = 8s+5: L = {(n+2)+k(2n+3), (2n+3)+k(2n+3) | k >= 0}, i.e. N is "
                     "P iff N mod (2n+3) is 0 or n+2.", c33, convention=CONV3,
                     reading="The body (結論 3) only says these numbers are losses; 伍.三(三) states "
                             "L = this set, the stronger claim, which is checked (with N = 0, no "
                             "move, a loss too)."))
    n4 = [n for n in range(3, nmax + 1) if n % 2 == 1 and _v2(n + 1) % 2 == 0]
    out.append(Claim("004.cond13.1d.n+1-4^p-q", f"{SEED} §肆.二 Cond(1,3) (一) 結論 4; 伍.三(四)",
                     "Cond(1,3), n+1 = 2^(2p)·q with q odd, p >= 1: L = {k(n+1)}.",
                     family(n4, "claimed P iff (n+1) | N"), convention=CONV3,
                     reading="伍.三(四) prints 'n = 2^{2p}·q'; read as n+1 as in the body (literally, "
                             "with p >= 1, n would be even: 結論 1 again). '伍.三 Cond(1,4)' is a typo "
                             "for Cond(1,3)."))
    npr = range(2, S["nprop"] + 1)

    def start_outcomes(n):
        g = game_1d(None, 1, n, True, n + 2)
        return g.start_p()

    def p1(ctx):
        cases = []
        for n in npr:
            if n % 2 == 0:
                continue
            sp = start_outcomes(n)
            cases.append((f"n={n} (v2(n+1)={_v2(n + 1)}): N=n+1", "N" if _v2(n + 1) % 2 else "P",
                          "P" if sp[n + 1] else "N"))
        return check_all(cases, f"n odd, 3..{S['nprop']}")
    out.append(Claim("004.prop1", f"{SEED} §肆.二 Cond(1,3) (一) 推論 1",
                     "Cond(1,3), n odd: if n+1 = 2^(2p-1)·q (q odd) then N = n+1 is a win; if n+1 = "
                     "2^(2p)·q then it is a loss. I.e. n+1 is N iff v2(n+1) is odd.", p1,
                     convention=CONV3,
                     reading="OCR prints the exponents as 2^{2^{p-1}} and 2^{2^p}; read as 2p-1 and 2p "
                             "(the proof halves 2^{2p}q to 2^{2p-1}q; the literal reading contradicts "
                             "itself at v2 = 2) (doc C3.P1)."))

    def p2(ctx):
        cases = []
        for n in npr:
            sp = start_outcomes(n)
            if not sp[n + 1]:
                cases.append((f"n={n}: n+1 is N, so n+2", "P", "P" if sp[n + 2] else "N"))
        return check_all(cases, f"n = 2..{S['nprop']} with n+1 a win")
    out.append(Claim("004.prop2", f"{SEED} §肆.二 Cond(1,3) (一) 推論 2",
                     "Cond(1,3): if n+1 is a win then n+2 is a loss.", p2, convention=CONV3))

    def gaps(ok, what):
        def check(ctx):
            details, bad = [], []
            for n in range(2, nmax + 1):
                pr = prove_1d(1, n, True)
                if pr.per is None:
                    return Result("OPEN", f"n={n}: no repeated window", n)
                n0, p = pr.per.preperiod, pr.per.period
                need = n0 + 2 * p + 1
                if pr.game.size + 1 < need:
                    pr = prove_1d(1, n, True, need=need)
                s = np.flatnonzero(pr.game.start_p()[:need])
                # successors of the elements below n0 + p; later pairs are translates by p
                for e, f in zip(s[:-1], s[1:]):
                    if e >= n0 + p:
                        break
                    if not ok(int(f - e), n):
                        bad.append(Counterexample(f"n={n}: {e} -> {f}", what, f"gap {f - e}"))
                t, d = start_period(pr)
                details.append(f"n={n}: start positions pre-period {t}, period {d}")
            dom = f"all heap sizes, n = 2..{nmax}"
            text = "Gaps checked on one pre-period plus a period of the proved periodic sequence: " \
                   + "; ".join(details)
            if bad:
                return Result("REFUTED", dom, nmax - 1, tuple(bad[:10]), details=text)
            return Result("PROVED", dom, nmax - 1, details=text)
        return check
    out.append(Claim("004.prop3", f"{SEED} §肆.二 Cond(1,3) (一) 推論 3",
                     "Cond(1,3): two consecutive elements of L differ by more than n.",
                     gaps(lambda d, n: d > n, "gap > n"), convention=CONV3))
    out.append(Claim("004.prop4", f"{SEED} §肆.二 Cond(1,3) (一) 推論 4",
                     "Cond(1,3): two consecutive elements of L differ by n+1 or n+2.",
                     gaps(lambda d, n: d in (n + 1, n + 2), "gap n+1 or n+2"), convention=CONV3,
                     reading="'輪數' is OCR for 輸數 (loss numbers)."))
    out.append(Claim("004.cond13.1d.lists", f"{SEED} §肆.二 Cond(1,3) (一), printed L lists",
                     "The printed loss lists for n = 2..11 (0 counted as a loss) are the start "
                     "losses up to their last element.", _lists_check(COND13_LISTS, _mn, True, True),
                     convention=CONV3))

    def e1(ctx):
        g = game_1d(ctx, 1, 5, True, 50)
        return check_all([("n=5, N=22: winning first moves", "1,2,3", _setstr(g.winning(22)))],
                         "the worked example")
    out.append(Claim("004.cond13.1d.example1", f"{SEED} §肆.二 Cond(1,3) (一) example 1",
                     "n=5, N=22: X wins by taking 1, 2 or 3 (then Y has no winning move).", e1,
                     tables=(spec(1, 1, 5, 50, True),), convention=CONV3))
    printed = {1: ({7}, [17]), 2: ({3, 6, 7}, [22, 19, 18]), 3: ({5}, [17]), 4: ({4, 6}, [21, 19]),
               5: ({3}, [17]), 6: ({1, 2}, [18, 17]), 7: ({1}, [17])}
    fixed = {1: ({7}, [17]), 2: ({3, 6, 7}, [20, 17, 16]), 3: ({5}, [17]), 4: ({6}, [15]),
             5: ({3}, [17]), 6: ({1, 2}, [18, 17]), 7: ({1}, [17])}

    def e2(table):
        def check(ctx):
            g = game_1d(ctx, 1, 7, True, 50)
            cases = [("n=7, N=25", "P", "P" if g.outcome(25) == P else "N")]
            for x, (ys, rest) in table.items():
                got = g.winning(25 - x, x)
                cases.append((f"x1={x}: Y's winning replies", _setstr(ys), _setstr(got)))
                cases.append((f"x1={x}: remainders", sorted(rest, reverse=True),
                              sorted((25 - x - y for y in got), reverse=True)))
            return check_all(cases, "the worked example, n=7, N=25")
        return check
    out.append(Claim("004.cond13.1d.example2", f"{SEED} §肆.二 Cond(1,3) (一) example 2",
                     "n=7, N=25 is a loss: Y answers x1 = 1..7 with 7 | 3,6,7 | 5 | 4,6 | 3 | 1,2 | 1, "
                     "leaving 17 | 22;19;18 | 17 | 21;19 | 17 | 18;17 | 17.", e2(printed),
                     tables=(spec(1, 1, 7, 50, True),), convention=CONV3,
                     reading="Y's replies are his winning replies from (25 - x1, last = x1)."))
    out.append(Claim("004.cond13.1d.example2.corrected",
                     f"{SEED} §肆.二 Cond(1,3) (一) example 2 (our correction)",
                     "n=7, N=25 is a loss; Y's winning replies to x1 = 1..7 are 7 | 3,6,7 | 5 | 6 | 3 | "
                     "1,2 | 1, leaving 17 | 20;17;16 | 17 | 15 | 17 | 18;17 | 17 (the seed read "
                     "replies off the start table, ignoring that Y may not repeat x1, and wrote "
                     "25 - y for the remainders after x1 = 2, 4).", e2(fixed),
                     correction_of="004.cond13.1d.example2", tables=(spec(1, 1, 7, 50, True),),
                     convention=CONV3))
    out.append(Claim("004.table.cond13.1d", f"{SEED} §肆.二 Cond(1,3) (一), printed table",
                     "The printed table of winning first moves, Cond(1,3), start positions, "
                     "n = 2..15, N = 1..50.", table_1d_check(T5, lambda c: (1, int(c)), True, "n"),
                     convention=CONV3,
                     reading="Six cells in column n=5 end in a comma ('1,2,3,'); read as an OCR "
                             "artifact (the comma dropped). Cells are the first player's winning "
                             "amounts from (N, last = none)."))

    # two heaps, n even
    h2 = S["h2"]
    n2e = [n for n in range(2, S["n2"] + 1) if n % 2 == 0]

    def two_heap(check_one, dom_what):
        def check(ctx):
            bad, total = [], 0
            for n in n2e:
                g = game_2d(None, 1, n, True, h2)
                b, t = check_one(g, n)
                bad += b[:3]
                total += t
            dom = f"{dom_what}, (N1,N2) in [0,{h2}]^2, n even 2..{S['n2']}"
            return Result("FAILS", dom, total, tuple(bad[:10])) if bad else Result("HOLDS", dom, total)
        return check

    def c7(g, n):
        a = np.arange(h2 + 1) % (n + 1) == 0
        want = a[:, None] & a[None, :]
        got = g.start_p()
        return [Counterexample(f"n={n}: ({i},{j})", "PN"[not want[i, j]], "PN"[not got[i, j]])
                for i, j in np.argwhere(want != got)], got.size
    out.append(Claim("004.cond13.2d.n-even", f"{SEED} §肆.二 Cond(1,3) (二) 結論; 伍.七",
                     "Cond(1,3), two heaps, n even: L = {(i(n+1), j(n+1)) | i, j >= 0}.",
                     two_heap(c7, "start positions"), convention=CONV3))

    def regions(kind):
        def one(g, n):
            q = n + 1
            wa, wb = g.win_masks()
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
            bad = [Counterexample(f"n={n}: ({i},{j})", want, "winning A " + _setstr(
                       np.flatnonzero(wa[:, i, j])) + " / B " + _setstr(np.flatnonzero(wb[:, i, j])))
                   for i, j in np.argwhere(mask & ~ok)]
            return bad, int(mask.sum())
        return one
    for kind, text in (("yellow", "(i(n+1), j(n+1)+u) and (i(n+1)+u, j(n+1)), u = 1..n, are won "
                                  "by taking u (from the heap that is not a multiple of n+1)"),
                       ("red", "(i(n+1)+1, j(n+1)+1) is won only by taking 1 ('唯有拿1作攻擊獲勝')"),
                       ("white", "(i(n+1)+u1, j(n+1)+u2) with u1 != u2 both non-zero is won by "
                                 "taking 1")):
        out.append(Claim(f"004.cond13.2d.{kind}", f"{SEED} §肆.二 Cond(1,3) (二), proof part 2",
                         f"Cond(1,3), two heaps, n even: {text}.", two_heap(regions(kind),
                                                                             f"{kind} region"),
                         convention=CONV3,
                         reading="Start positions. The blue region ('可能取 u 獲勝', may win by "
                                 "taking u) is too vague to check."))
    return out


def cond23_claims(S) -> list[Claim]:
    out = []
    pairs = _pairs(2, S["n1"])

    def c4(ctx):
        return proved_family([(m, n, True, lambda N, m=m, n=n: N % (m + n) < m, m + n)
                                    for m, n in pairs],
                             f"2 <= m < n <= {S['n1']} ({len(pairs)} pairs)",
                             "claimed P iff N mod (m+n) < m (start positions)")
    out.append(Claim("004.cond23.1d", f"{SEED} §肆.二 Cond(2,3) (一) 推論 + 結論; 伍.四",
                     "Cond(2,3), one heap: L = ∪_k {k(n+m), ..., k(n+m)+m-1} (start positions), the "
                     "same set as under Cond(2).", c4, convention=CONV3,
                     reading="伍.四 prints 'Cond(2,4)', a typo for Cond(2,3). The seed's proof copies "
                             "the Cond(2) proof and ignores Cond(3); the claim is checked as stated."))
    out.append(Claim("004.cond23.1d.lists", f"{SEED} §肆.二 Cond(2,3) (一), printed L lists",
                     "The printed loss lists for (m,n) = (2,3), (2,4), (3,4), (3,5), (4,5) are the "
                     "start losses up to their last element.",
                     _lists_check(COND23_LISTS, _mn, True, True), convention=CONV3))

    def e1(ctx):
        g = game_1d(ctx, 2, 6, True, 50)
        return check_all([("(m,n)=(2,6), N=30: winning first moves", "5,6", _setstr(g.winning(30))),
                          ("(25, last 5)", "P", "PN"[g.outcome(25, 5)]),
                          ("(24, last 6)", "P", "PN"[g.outcome(24, 6)])], "the worked example")
    out.append(Claim("004.cond23.1d.example1", f"{SEED} §肆.二 Cond(2,3) (一) example 1",
                     "'n=2, m=6', N=30: X wins by taking 5 or 6, after which Y has no winning move.",
                     e1, tables=(spec(1, 2, 6, 50, True),), convention=CONV3,
                     reading="The letters are swapped: read (m,n) = (2,6), the table's column."))
    printed = {3: ({6, 7}, [12, 11]), 4: ({5, 6, 7}, [12, 11, 10]),
               5: ({3, 4, 5, 6, 7}, [13, 12, 11, 10, 9]), 6: ({3, 4, 5}, [12, 11, 10]),
               7: ({3, 4}, [11, 10])}
    fixed = {**printed, 5: ({3, 4, 6, 7}, [13, 12, 10, 9])}

    def e2(table):
        def check(ctx):
            g = game_1d(ctx, 3, 7, True, 50)
            cases = [("(m,n)=(3,7), N=21", "P", "PN"[g.outcome(21)])]
            for x, (ys, rest) in table.items():
                got = g.winning(21 - x, x)
                cases.append((f"x1={x}: Y's winning replies", _setstr(ys), _setstr(got)))
                cases.append((f"x1={x}: remainders", sorted(rest, reverse=True),
                              sorted((21 - x - y for y in got), reverse=True)))
            return check_all(cases, "the worked example, (m,n)=(3,7), N=21")
        return check
    out.append(Claim("004.cond23.1d.example2", f"{SEED} §肆.二 Cond(2,3) (一) example 2",
                     "'n=3, m=7', N=21 is a loss: Y answers x1 = 3..7 with 6,7 | 5,6,7 | 3,4,5,6,7 | "
                     "3,4,5 | 3,4, leaving 12;11 | 12;11;10 | 13;12;11;10;9 | 12;11;10 | 11;10.",
                     e2(printed), tables=(spec(1, 3, 7, 50, True),), convention=CONV3,
                     reading="Read (m,n) = (3,7) (letters swapped); Y's replies are his winning "
                             "replies from (21 - x1, last = x1)."))
    out.append(Claim("004.cond23.1d.example2.corrected",
                     f"{SEED} §肆.二 Cond(2,3) (一) example 2 (our correction)",
                     "(m,n)=(3,7), N=21 is a loss; after x1 = 5 Y's winning replies are 3,4,6,7 "
                     "(not 5: Y may not repeat x1), leaving 13;12;10;9; the other lines as printed.",
                     e2(fixed), correction_of="004.cond23.1d.example2",
                     tables=(spec(1, 3, 7, 50, True),), convention=CONV3))
    out.append(Claim("004.table.cond23.1d", f"{SEED} §肆.二 Cond(2,3) (一), printed table",
                     "The printed table of winning first moves, Cond(2,3), start positions, 12 (m,n) "
                     "columns, N = 0..50.",
                     table_1d_check(T6, lambda c: tuple(map(int, c.split(","))), True, "(m,n)"),
                     convention=CONV3))

    h = S["h23"]
    pics = COND23_PICTURES if S["n1"] >= 13 else COND23_PICTURES[:2]

    def dead(ctx):
        bad, total = [], 0
        for m, n in pics:
            sp = game_2d(None, m, n, True, h).start_p()
            r = np.arange(h + 1) % (m + n) < m
            mask = r[:, None] & r[None, :]
            total += int(mask.sum())
            bad += [Counterexample(f"(m,n)=({m},{n}): ({i},{j})", "P", "N")
                    for i, j in np.argwhere(mask & ~sp)[:3]]
        dom = f"(N1,N2) in [0,{h}]^2, the {len(pics)} pictured (m,n)"
        return Result("FAILS", dom, total, tuple(bad[:10])) if bad else Result("HOLDS", dom, total)
    out.append(Claim("004.cond23.2d.dead-blocks", f"{SEED} §肆.二 Cond(2,3) (二) (our observation)",
                     "Our observation, not a claim of the seed: in the pictured Cond(2,3) games, if "
                     "both N1 mod (m+n) and N2 mod (m+n) are below m (each heap alone a 1-D loss), "
                     "the start position is a loss.", dead, convention=CONV3))

    def pictures(ctx):
        lines, per_both = [], 0
        for m, n in pics:
            a = analyse_cond23(m, n, h)
            per_both += a["periodic"]
            lines.append(a["summary"])
        return Result("OPEN", f"no pattern stated by the seed; observed on [0,{h}]^2 for the "
                              f"{len(pics)} pictured (m,n)", len(pics),
                      details=f"{per_both} of {len(pics)} pairs look (m+n)-periodic in both heaps "
                              f"(observed, not proved). " + " | ".join(lines))
    out.append(Claim("004.cond23.2d.pictures", f"{SEED} §肆.二 Cond(2,3) (二), pictures",
                     "The seed pictures the Cond(2,3) loss pairs for n = 5 (m = 2, 3), n = 9 "
                     "(m = 2..5), n = 12 (m = 2..5), n = 13 (m = 2..7) and leaves the pattern open "
                     "('有待繼續研究'); we look for periodicity along rows, columns and diagonals.",
                     pictures, convention=CONV3,
                     reading="No claim to verify; OPEN with what is observed. Figures and tables: "
                             "python -m gtables.verify.seed004 (results/nimlike_cond23.md)."))
    return out


# ----------------------------------------------------------------------------------------------
# Cond(2,3) in two dimensions: observations
# ----------------------------------------------------------------------------------------------
def _shift_start(sp: np.ndarray, dq: tuple[int, int]) -> int | None:
    """Least t such that sp[a + da, b + db] == sp[a, b] whenever max(a, b) >= t (inside the
    grid), or None if it fails at the grid's last period."""
    s = sp.shape[0]
    da, db = dq
    x = sp[da:, db:]
    y = sp[:s - da, :s - db]
    bad = x != y
    if not bad.any():
        return 0
    ii, jj = np.nonzero(bad)
    t = int(np.max(np.maximum(ii, jj))) + 1
    return t if t + 2 * max(dq) <= s else None


def analyse_cond23(m: int, n: int, size: int) -> dict:
    """Start-P set of Cond(2,3) on [0,size]^2: periodicity with q = m+n along N1 (and, by
    symmetry, N2) and along the diagonal; period of each row; the first q x q square."""
    g = game_2d(None, m, n, True, size)
    sp = g.start_p()
    q = m + n
    t_row = _shift_start(sp, (q, 0))
    t_diag = _shift_start(sp, (q, q))
    # least period of each row N2 = b along N1, observed on the second half [size/2, size]
    half = size // 2
    row_p = np.zeros(size + 1, dtype=np.int64)
    for p in range(1, (size - half) // 3 + 1):
        ok = np.all(sp[half:size + 1 - p, :] == sp[half + p:, :], axis=0) & (row_p == 0)
        row_p[ok] = p
    periods = {}
    for v in row_p:
        periods[int(v) or None] = periods.get(int(v) or None, 0) + 1
    bad = sp[q:, :] != sp[:-q, :]
    first_break = None
    if bad.any():
        ii, jj = np.nonzero(bad)
        k = int(np.argmin(np.maximum(ii, jj)))
        first_break = (int(ii[k]), int(jj[k]))
    sq = sp[:q, :q]
    blocks = []
    a = 0
    while a < q:
        row = np.flatnonzero(sq[a])
        if row.size and row[0] == a:
            b = a
            while b + 1 < q and sq[b + 1, a] and sq[a, b + 1]:
                b += 1
            blocks.append((a, b))
            a = b + 1
        else:
            a += 1
    sq_union = np.zeros_like(sq)
    for lo, hi in blocks:
        sq_union[lo:hi + 1, lo:hi + 1] = True
    rp = ", ".join(f"{k if k else 'none'}: {v}" for k, v in sorted(
        periods.items(), key=lambda kv: (kv[0] is None, kv[0] or 0)))
    periodic = t_row is not None
    summary = (f"(m,n)=({m},{n}): " + (f"(m+n)={q}-periodic in each heap from max(N1,N2) >= {t_row}"
                                       if periodic else f"not {q}-periodic along N1: first break "
                                       f"P({first_break[0]},{first_break[1]}) != "
                                       f"P({first_break[0] + q},{first_break[1]})")
               + ("" if t_diag is None else f", along the diagonal from {t_diag}")
               + f"; least period of the rows N2 = 0..{size} along N1 on [{half},{size}] "
                 f"(period: number of rows) {{{rp}}}; first {q}x{q} square = "
               + ("union of diagonal squares " if np.array_equal(sq, sq_union) else "not only squares, ")
               + " ".join(f"[{lo}..{hi}]^2" for lo, hi in blocks))
    return {"m": m, "n": n, "size": size, "sp": sp, "periodic": bool(periodic), "t_row": t_row,
            "first_break": first_break,
            "t_diag": t_diag, "row_periods": periods, "blocks": blocks, "summary": summary}


def write_cond23(out: str = "results", size: int = 200) -> str:
    """Plot the pictured Cond(2,3) loss sets and write ``nimlike_cond23.md``."""
    import os

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figdir = os.path.join(out, "figures")
    os.makedirs(figdir, exist_ok=True)
    L = ["# Cond(2,3) in two heaps: the seed's unexplained pictures", "",
         "Written by `python -m gtables.verify.seed004` (seed 004 §肆.二 Cond(2,3) (二)). Start "
         f"positions (no previous amount) on [0,{size}]^2; black = P (the player to move loses). "
         "Everything here is **observed** on the computed range, not proved. 'Rows by period': "
         "least period of each row N2 = b along N1, on the second half of the range (period 1 = "
         "no loss in that part of the row; none = no period up to a third of it).", ""]
    for m, n in COND23_PICTURES:
        a = analyse_cond23(m, n, size)
        name = f"nimlike_cond23_m{m}_n{n}.png"
        fig, ax = plt.subplots(figsize=(5, 5))
        ax.imshow(a["sp"].T, origin="lower", cmap="Greys", interpolation="nearest")
        ax.set_xlabel("N1")
        ax.set_ylabel("N2")
        ax.set_title(f"Cond(2,3), m={m}, n={n}: loss pairs")
        fig.tight_layout()
        fig.savefig(os.path.join(figdir, name), dpi=80)
        plt.close(fig)
        L += [f"## (m, n) = ({m}, {n})", "", f"- {a['summary']}", "",
              f"![loss pairs m={m} n={n}](figures/{name})", ""]
    path = os.path.join(out, "nimlike_cond23.md")
    with open(path, "w") as f:
        f.write("\n".join(L) + "\n")
    return path


# ----------------------------------------------------------------------------------------------
def claims(scale: str) -> list[Claim]:
    S = SCALES[scale]
    return cond1_claims(S) + cond2_claims(S) + cond13_claims(S) + cond23_claims(S)


if __name__ == "__main__":
    import argparse
    ap = argparse.ArgumentParser(description="Plot the Cond(2,3) loss sets of seed 004.")
    ap.add_argument("--size", type=int, default=200)
    ap.add_argument("--out", default="results")
    print(write_cond23(ap.parse_args().out, ap.parse_args().size))
