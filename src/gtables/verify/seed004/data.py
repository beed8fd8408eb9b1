"""The text of seed 004 (致勝密碼) that the claims compare with: its printed tables, loss lists,
worked examples and pictured parameters, transcribed verbatim from the OCR
(``docs/claims/nimlike.md``), and, separately beside them, our corrections.

Nothing here is computed.  A printed value that is wrong stays as printed; the correction is its
own piece of data (``*_CORRECTION``, a mapping of the printed keys it replaces), read by the
``.corrected`` claim, so the seed's text and our correction each read on their own.  Where the
OCR is garbled, the data holds our reading of it and the claim's ``reading=`` says so.
"""
# ruff: noqa: E501  (the printed tables are verbatim rows: one printed row per line)
from __future__ import annotations

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
# the printed loss lists (verbatim; each ends in '...' in the seed)
# ----------------------------------------------------------------------------------------------
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

# ----------------------------------------------------------------------------------------------
# corrections (ours), beside the printed data they correct
# ----------------------------------------------------------------------------------------------
# Cond(1), n = 12: the seed prints {13, 26, 29, ...}; 29 mod 13 = 3, a typo for 39.
COND1_LISTS_CORRECTION = {"n=12": [13, 26, 39]}

# ----------------------------------------------------------------------------------------------
# worked examples (as printed; the claims' readings say where the OCR needed reading)
# ----------------------------------------------------------------------------------------------
# Cond(1), two heaps, n = 5: the 34 printed loss pairs (N1, N2) in [0,13]^2.
COND1_2D_LIST = ((0, 0), (0, 6), (0, 12), (1, 1), (1, 7), (1, 13), (2, 2), (2, 8), (3, 3), (3, 9),
                 (4, 4), (4, 10), (5, 5), (5, 11), (6, 0), (6, 6), (6, 12), (7, 1), (7, 7), (7, 13),
                 (8, 2), (8, 8), (9, 3), (9, 9), (10, 4), (10, 10), (11, 5), (11, 11), (12, 0),
                 (12, 6), (12, 12), (13, 1), (13, 7), (13, 13))
# Cond(1), two heaps, n = 5, example 2: from (8, 2), X's move (heap, amount) -> Y's printed
# replies (amounts from heap A = N1, amounts from heap B = N2).
COND1_2D_EXAMPLE2 = {("A", 1): ({5}, {1}), ("A", 2): ({4}, {2}), ("A", 3): ({3}, set()),
                     ("A", 4): ({2}, set()), ("A", 5): ({1}, set()), ("B", 1): ({1}, set()),
                     ("B", 2): ({2}, set())}
# Cond(2), (m,n) = (2,5), N = 14: X's amount -> Y's winning replies (our reading of the five
# printed groups '5;4,5;3,4;2,3;2' for four moves: a stray leading 5).
COND2_EXAMPLE1 = {2: {4, 5}, 3: {3, 4}, 4: {2, 3}, 5: {2}}
# Cond(2), two heaps, (m,n) = (3,7): the listed loss pairs (the list ends in '...').
COND2_2D_LIST = ((0, 0), (1, 0), (2, 0), (10, 0), (11, 0), (12, 0), (0, 1), (1, 1), (2, 1), (10, 1),
                 (11, 1), (12, 1), (0, 2), (1, 2), (2, 2), (10, 2), (11, 2), (12, 2), (3, 3), (4, 3),
                 (5, 3), (13, 3), (3, 4), (4, 4), (5, 4), (13, 4), (14, 3), (15, 3), (14, 4),
                 (15, 4))
# Cond(1,3), n = 7, N = 25: X's first amount x1 -> (Y's printed replies, printed remainders).
COND13_EXAMPLE2 = {1: ({7}, [17]), 2: ({3, 6, 7}, [22, 19, 18]), 3: ({5}, [17]),
                   4: ({4, 6}, [21, 19]), 5: ({3}, [17]), 6: ({1, 2}, [18, 17]), 7: ({1}, [17])}
# ours: Y may not repeat x1, and the remainders after x1 = 2, 4 are 25 - x1 - y (the seed wrote
# 25 - y and read the replies off the start table).
COND13_EXAMPLE2_CORRECTION = {2: ({3, 6, 7}, [20, 17, 16]), 4: ({6}, [15])}
# Cond(2,3), (m,n) = (3,7), N = 21: x1 -> (Y's printed replies, remainders; after x1 = 5 the
# seed prints only '13', read as the five remainders of the five replies).
COND23_EXAMPLE2 = {3: ({6, 7}, [12, 11]), 4: ({5, 6, 7}, [12, 11, 10]),
                   5: ({3, 4, 5, 6, 7}, [13, 12, 11, 10, 9]), 6: ({3, 4, 5}, [12, 11, 10]),
                   7: ({3, 4}, [11, 10])}
# ours: after x1 = 5, Y may not take 5.
COND23_EXAMPLE2_CORRECTION = {5: ({3, 4, 6, 7}, [13, 12, 10, 9])}


# ----------------------------------------------------------------------------------------------
# parsers of the printed text
# ----------------------------------------------------------------------------------------------
def parse_1d_table(text: str):
    """``(columns, {(N, column): (raw cell, set of amounts)})``; a trailing comma is dropped
    (OCR)."""
    rows = [r.split("\t") for r in text.strip("\n").split("\n")]
    cols = rows[0][1:]
    out = {}
    for r in rows[1:]:
        for col, cell in zip(cols, r[1:]):
            cell = cell.strip()
            amounts = set() if cell == "E" else {int(t) for t in cell.split(",") if t.strip()}
            out[(int(r[0]), col)] = (cell, amounts)
    return cols, out


def parse_2d_table(text: str):
    """``(N1 columns, [(N2, [cells])])`` of a printed two-heap table."""
    rows = [r.split("\t") for r in text.strip("\n").split("\n")]
    return [int(c) for c in rows[0][1:]], [(int(r[0]), r[1:]) for r in rows[1:]]


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


def mn(key: str) -> tuple[int, int]:
    """``"m=2,n=5"`` -> (2, 5); ``"n=5"`` -> (1, 5) (the keys of the printed lists)."""
    d = dict(kv.split("=") for kv in key.split(","))
    return int(d.get("m", 1)), int(d["n"])

# --- Cond(1,3) (一), the "X must take 1" steps of the proofs of 推論 2 and 推論 4 (verbatim) ------
PROP2_PROOF = "當 N=n+2 時, X 必取 1 (否則即輸), 則剩下 n+1, 換 Y, Y 贏, ∴X 輸"
PROP4_PROOF = ("設 l ∈ L，由推論 3 得到 l+i (1, 2, …, n) ∉ L，(1) 若 l+(n+1) ∈ L，得証。(2) 若 "
               "l+(n+1) ∉ L，當 N=l+(n+2) 時，X 必取 1，則剩下 l+(n+1)，換 Y，Y 贏，∴X 輸")
