"""The claims of seeds 003 and 000 about the chip-sliding game (rules A-D, SPEC §1), built per
scale from the printed data (:mod:`.data`) and the proof machinery (:mod:`.proofs`); the analysis
is ``docs/claims/chips.md`` (its claim numbers C05 ... C36 are cited as ``doc``).

Convention: every ``f`` of the seeds has ``f = 1`` for P (the player to move loses) and ``f = 0``
for N.  003's f, g, u, v are 000's f_A, f_B, f_C, f_D.  Letters a, b, c, ... are the squares
P1 < P2 < ... of the chips.  ``Q_i = P_i - i`` (the Chinese Y_i); ``O`` / ``E`` are the
multiplicities of the odd / even values of Q (the Chinese 棋子數數列 Z), and ``N_w(O) = 1`` iff
their XOR is 0 (normal Nim P-position).

Tables: the all-subsets tables ``chips:rule=X,n=N`` (every position of every k on N squares) for
the four rules; a per-k claim reads the positions with k chips from them.  Every check reads only
the tables its claim declares.  A name ending ``.corrected`` (``.corrected.<tag>``) is our
correction of the claim named before it.
"""
from __future__ import annotations

import functools
from collections import Counter

import numpy as np

from ..claims import Claim, Counterexample, check_all, compare, verdict
from . import data as D
from . import proofs as pf
from .data import S000, S003

CONV = "f = 1 means P (the player to move loses), f = 0 means N (the seeds' convention)"
N_ALL = {"small": 12, "default": 24, "large": 30}
NIM_SIZE = {"small": 5, "default": 9, "large": 14}       # misère / normal Nim, 4 heaps of 0..size
N_MOVES = {"small": 10, "default": 13, "large": 16}      # squares for the all-moves checks
N_STRATEGY = {"small": 12, "default": 16, "large": 18}   # squares for the 定理一 strategy check


def spec(rule: str, n: int) -> str:
    return f"chips:rule={rule},n={n}"


def _f(values) -> np.ndarray:
    """The seeds' f from table values: 1 iff P (Grundy value 0, or outcome code 0)."""
    return (np.asarray(values) == 0).astype(np.int64)


def _fval(t, squares) -> int:
    """The seeds' f of one position of an all-subsets table."""
    return int(_f(t.values[pf.mask_of(squares)]))


def _chunked(parts, domain: str, details: str = ""):
    """One verdict over ``(claimed, computed, masks)`` parts (chunks of a large table): the
    positions checked, how many differ, the first differences.  An empty domain is an error."""
    n = bad = 0
    shown: list[Counterexample] = []
    for claimed, computed, masks in parts:
        claimed, computed = np.asarray(claimed), np.asarray(computed)
        n += int(claimed.size)
        diff = np.flatnonzero(claimed != computed)
        bad += int(diff.size)
        for i in diff[:max(0, 10 - len(shown))]:
            shown.append(Counterexample(pf.label(masks[i]), str(int(claimed[i])),
                                        str(int(computed[i]))))
    if n == 0:
        return verdict(f"empty domain: {domain}", status="ERROR")
    return verdict(domain, shown, checked=n, differing=bad, noun="positions",
                   details=details or "claimed f vs computed f.")


# ------------------------------------------------------------------------------------------------
# case lists
# ------------------------------------------------------------------------------------------------
def chi(x):
    return np.asarray(x) % 2


def same(x, y, z):
    """Odd iff x, y, z all have the same parity."""
    return (x + y + 1) * (y + z + 1)


def evaluate(expression: str, cols: list[np.ndarray]) -> np.ndarray:
    """A printed expression (:mod:`.data`) on the columns P1..Pk (letters a, b, c, ...).  The
    strings are this package's constants, evaluated with no builtins: the data reads as printed."""
    names = dict(zip("abcdef", cols))
    value = eval(expression, {"__builtins__": {}, "chi": chi, "same": same}, names)  # noqa: S307
    return np.broadcast_to(np.asarray(value, dtype=np.int64), cols[0].shape)


def claimed_f(rows: np.ndarray, items, mode: str, default: int | None = None) -> np.ndarray:
    """The f a case list claims for each row (``mode`` as in :mod:`.data`)."""
    k = rows.shape[1]
    pat = pf.pattern_codes(rows)
    cols = [rows[:, i] for i in range(k)]
    match = [np.isin(pat, [pf.pattern_code(p) for p in item[0]]) for item in items]
    if mode == "L":
        claimed = np.zeros(rows.shape[0], dtype=np.int64)
        for item, m in zip(items, match):
            claimed |= (m & (evaluate(item[1], cols) % 2 == 1)).astype(np.int64)
        return claimed
    if mode == "W":
        inw = np.zeros(rows.shape[0], dtype=bool)
        for item, m in zip(items, match):
            par = 1 if (len(item) > 2 and item[2] == "odd") else 0
            inw |= m & (evaluate(item[1], cols) % 2 == par)
        return (~inw).astype(np.int64)
    claimed = np.full(rows.shape[0], -1, dtype=np.int64)
    for item, m in zip(items, match):
        claimed = np.where(m, evaluate(item[1], cols) % 2, claimed)
    if default is not None:
        claimed = np.where(claimed < 0, default, claimed)
    return claimed


def case_list_check(rule: str, n: int, k: int, items, *, mode: str = "L", p1_min: int = 3,
                    p1_max: int | None = None):
    """A claim given as a case list over the k-chip positions with ``p1_min <= P1 (<= p1_max)``,
    largest square <= n, compared with the rule's all-subsets table."""
    def check(T):
        t = T[spec(rule, n)]
        rows = pf.k_positions(n, k)
        keep = rows[:, 0] >= p1_min
        if p1_max is not None:
            keep &= rows[:, 0] <= p1_max
        rows = rows[keep]
        masks = pf.masks_of_rows(rows)
        dom = f"all {k}-chip positions with {p1_min} <= P1" + \
              (f" <= {p1_max}" if p1_max else "") + f", largest square <= {n} (rule {rule})"
        return compare(claimed_f(rows, items, mode), _f(t.values[masks]), dom,
                       lambda i: pf.label(masks[i]), details="claimed f vs computed f.")
    return check


# ------------------------------------------------------------------------------------------------
# whole-table claims
# ------------------------------------------------------------------------------------------------
def nw(x):
    """Normal Nim: 1 (P) iff the XOR is 0."""
    return (np.asarray(x) == 0).astype(np.int64)


def theorem_check(rules: str, n: int, predicate, domain: str, mask_filter=None):
    """``predicate(d, masks, f)`` -> claimed f for every mask of a chunk (``d`` = the Nim data of
    :func:`.proofs.nim_data`, ``f`` = dict rule -> computed f of the chunk); compared with
    ``f[rules[0]]`` on every position with at least one chip (and ``mask_filter``)."""
    def check(T):
        ts = {r: T[spec(r, n)] for r in rules}

        def parts():
            for lo, hi, masks, d in pf.chunks(1 << n):
                f = {r: _f(ts[r].values[lo:hi]) for r in rules}
                keep = d[:, 4] > 0
                if mask_filter is not None:
                    keep &= mask_filter(d, masks)
                claimed = predicate(d, masks, f)
                yield np.asarray(claimed)[keep], f[rules[0]][keep], masks[keep]
        return _chunked(parts(), domain)
    return check


# ------------------------------------------------------------------------------------------------
# Y / Q criteria
# ------------------------------------------------------------------------------------------------
def crit_a(k: int, c: D.YCriterion):
    """000-CN 二4 (1)-(4) / 000-EN Prop 3.2 read by ``c``: f_A = 1 iff the criterion on O holds
    (and, for Prop 3.2, F_A(0..) = 1, F_A(1..) = 0, otherwise Q1 >= ``c.q1_min`` too)."""
    parity = c.pair_parity == "all" or (c.pair_parity == "k6" and k == 6)

    def base(O):
        odd = sum(O)
        top = max(O, default=0)
        if k == 3:
            return int(top <= 1 and odd % 2 == 0)
        if k in (4, 5):
            if top > 2:
                return 0
            if top == 2:
                return int(O.count(2) == 2 and (odd % 2 == 0 or not parity))
            return int(odd % 2 == 0)
        if top > 3:
            return 0
        if top == 3:
            return int(O == [3, 3] or O == [3, 2, 1])
        if top == 2:
            return int(O.count(2) == 2 and (odd % 2 == 0 or not parity))
        return int(odd % 2 == 0)

    if c.q1_min is None:
        return lambda O, q1: base(O)

    def with_q1(O, q1):
        if q1 == 0:
            return 1
        if q1 == 1:
            return 0
        return int(q1 >= c.q1_min and base(O) == 1)
    return with_q1


def crit_d(k: int):
    """000-CN §5: f_D = 1 iff (k = 3) no odd value repeated and an odd number of odd entries;
    (k = 4) no odd value more than twice and, if repeated, exactly two odd pairs, else an odd
    number of odd entries."""
    def crit(O, q1):
        odd, top = sum(O), max(O, default=0)
        if k == 3:
            return int(top <= 1 and odd % 2 == 1)
        if top > 2:
            return 0
        if top == 2:
            return int(O.count(2) == 2)
        return int(odd % 2 == 1)
    return crit


def printed_f(name: str, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The f the printed statement of claim ``name`` gives the k-chip positions ``rows`` (a
    ``(count, k)`` array of squares), and where that statement speaks (its domain, boolean): the
    same reading as the claim's check, for the report's chip maps (:mod:`..figures`) to mark
    where the print and the table differ.  Only the claims those maps draw."""
    k = rows.shape[1]
    if name in ("003.k2.f", "003.k3.f"):
        return claimed_f(rows, D.K2_F if k == 2 else D.K3_F, "V"), rows[:, 0] >= 2
    if name == "000.en.k3.product":
        return claimed_f(rows, D.K3_EN, "V"), rows[:, 0] >= 3
    if name == "000.cn.thm1":
        xor = np.array([pf.phi(pf.z_of(pf.q_of(r))) for r in rows.tolist()], dtype=np.int64)
        return nw(xor), rows[:, 0] >= D.THM1_P1_MIN
    if name.startswith("000.en.prop3.2.k"):
        crit = crit_a(k, D.PROP_3_2)
        return (np.array([crit(pf.odd_multiplicities(r), int(r[0]) - 1) for r in rows],
                         dtype=np.int64), rows[:, 0] >= D.PROP_3_2.p1_min)
    raise KeyError(f"no printed f for {name}")


@functools.cache
def _k_rows(n: int, k: int):
    """Every k-chip position of squares 1..n, its mask and its odd multiplicities O: the same
    for each Y-criterion claim over (n, k), so computed once per run."""
    rows = pf.k_positions(n, k)
    return rows, pf.masks_of_rows(rows), tuple(pf.odd_multiplicities(r) for r in rows)


def y_criterion_check(rule: str, n: int, k: int, crit, p1_min: int):
    def check(T):
        t = T[spec(rule, n)]
        all_rows, all_masks, all_o = _k_rows(n, k)
        keep = np.flatnonzero(all_rows[:, 0] >= p1_min)
        masks = all_masks[keep]
        claimed = np.array([crit(all_o[i], int(all_rows[i, 0]) - 1) for i in keep],
                           dtype=np.int64)
        return compare(claimed, _f(t.values[masks]), f"all {k}-chip positions with P1 >= "
                       f"{p1_min}, largest square <= {n} (rule {rule})",
                       lambda i: pf.label(masks[i]), details="claimed f vs computed f.")
    return check


# ------------------------------------------------------------------------------------------------
# the moves: notation, the move lemma and its converse, the printed move examples
# ------------------------------------------------------------------------------------------------
def move_examples_check(examples):
    """000-EN §3(1): each ``(P, indices, printed)``: P[i1, i2, ...] is the printed array, and each
    step is a move of the game (one of the family's options)."""
    def check(T):
        cases = []
        for P, idx, printed in examples:
            got, legal = P, True
            for i in idx:
                nxt = pf.move_chip(got, i)
                legal &= nxt is not None and nxt in pf.options(got)
                got = nxt
                if got is None:
                    break
            name = "".join(map(str, P)) + "[" + ",".join(map(str, idx)) + "]"
            cases.append((name, "".join(map(str, printed)),
                          "".join(map(str, got)) if got else "no such move"))
            cases.append((f"{name}: every step is a move", True, legal))
        return check_all(cases, "the move examples of 000-EN §3(1)")
    return check


def move_lemma_check(n: int, options=pf.options):
    """000-CN §4: every move of every position on squares 1..n (the chip on X_i jumping the p
    chips directly left of it) lowers Y_{i-p}, ..., Y_i by 1 and leaves the other Y_j alone, so
    exactly one Z changes, by p + 1 up or down: a Staircase-Nim move (p + 1 coins one stair down)."""
    def check(T):
        bad, moves = [], 0
        for mask in range(1, 1 << n):
            P = pf.squares_of(mask)
            Q = pf.q_of(P)
            Z = dict((v, c) for v, c in Counter(Q).items() if v % 2)
            for new in options(P):
                moves += 1
                gone = sorted(set(P) - set(new))
                i = P.index(gone[0]) + 1 if len(gone) == 1 else 0
                p = 0
                while i - p - 1 >= 1 and P[i - p - 2] == P[i - p - 1] - 1:
                    p += 1
                want = tuple(q - 1 if i - p <= j <= i else q for j, q in enumerate(Q, 1))
                Qn = pf.q_of(new)
                Zn = dict((v, c) for v, c in Counter(Qn).items() if v % 2)
                changed = {v: Zn.get(v, 0) - Z.get(v, 0) for v in set(Z) | set(Zn)
                           if Zn.get(v, 0) != Z.get(v, 0)}
                ok = (i > 0 and Qn == want and len(changed) == 1
                      and abs(next(iter(changed.values()))) == p + 1)
                if not ok:
                    bad.append(Counterexample(f"{P} -> {new}", f"Y_{i - p}..Y_{i} - 1, one Z "
                                              f"+-{p + 1}", f"Y {Qn}, Z changes {changed}"))
        return verdict(f"every move of every position on squares 1..{n} ({moves} moves)", bad,
                       checked=moves, noun="moves")
    return check


def move_converse_check(n: int, recipe=pf.converse_chip, options=pf.options):
    """000-CN §4, the converse: for every position on squares 1..n, every value v >= 1 of Y and
    every 1 <= q <= its multiplicity, the recipe's chip (the last of the first q chips with
    Y = v) moves to give Y with q entries v lowered to v - 1 and nothing else changed; so the
    moves of the game are exactly the Staircase-Nim moves of Y (as many options as such moves)."""
    def check(T):
        bad, cases = [], 0
        for mask in range(1, 1 << n):
            P = pf.squares_of(mask)
            Q = pf.q_of(P)
            cnt = Counter(Q)
            opts = set(options(P))
            stair = pf.staircase_moves(Q)
            for v in sorted(cnt):
                if v < 1:
                    continue
                for q in range(1, cnt[v] + 1):
                    cases += 1
                    new = pf.chip_move(P, recipe(P, v, q))
                    want = pf.lower(Q, v, q)
                    got = pf.q_of(new) if new else None
                    if new not in opts or got != want:
                        bad.append(Counterexample(f"{P}: {q} of Y = {v}", str(want), str(got)))
            cases += 1
            if {pf.q_of(o) for o in opts} != stair or len(opts) != len(stair):
                bad.append(Counterexample(f"{P}: options vs Staircase-Nim moves",
                                          f"{len(stair)} moves", f"{len(opts)} options"))
        return verdict(f"every position on squares 1..{n}, every value v >= 1 of Y and "
                       f"1 <= q <= its multiplicity ({cases} cases, with one bijection case per "
                       f"position)", bad, checked=cases)
    return check


def cn_move_examples_check(examples, read=None):
    """000-CN §4: each printed move (P, chip square, landing square, Y before, Y after, Z before,
    Z after): the move lands there, and Y and Z are as printed (``None``: not printed).  ``read``
    maps an example's index to our reading of its (Y before, Y after)."""
    def check(T):
        cases = []
        for idx, (P, chip, land, y0, y1, z0, z1) in enumerate(examples):
            if read and idx in read:
                y0, y1 = read[idx]
            new = pf.chip_move(P, chip)
            tag = f"{len(P)} chips, chip on {chip}"
            cases.append((f"{tag}: lands on", land,
                          (sorted(set(new) - set(P)) or [None])[0] if new else None))
            cases.append((f"{tag}: a move of the game", True, new in pf.options(P)))
            for what, want, got in (("Y before", y0, pf.q_of(P)),
                                    ("Y after", y1, pf.q_of(new) if new else None),
                                    ("Z before", z0, pf.z_of(pf.q_of(P))),
                                    ("Z after", z1, pf.z_of(pf.q_of(new)) if new else None)):
                if want is not None:
                    cases.append((f"{tag}: {what}", tuple(want), got))
        return check_all(cases, "the move examples of 000-CN §4 (例一, 例二, the converse, all Y "
                                "even)")
    return check


# ------------------------------------------------------------------------------------------------
# strategies of the proofs
# ------------------------------------------------------------------------------------------------
def thm310_strategy_check(mspec: str, msize: int, strategy=pf.thm310_strategy):
    """The proof of Theorem 3.10 on the misère Nim table: every move it prescribes reaches a
    P-position; from every position it calls lost, every move reaches an N-position (and, with
    two heaps >= 2 or more, still leaves a heap >= 2)."""
    def check(T):
        t = T[mspec]
        grid = np.stack(np.meshgrid(*[np.arange(msize + 1)] * 4, indexing="ij"), -1).reshape(-1, 4)
        rows = [tuple(r) for r in grid.tolist()]
        f = dict(zip(rows, _f(t.values[t.space.rank(grid)]).tolist()))
        cases = []
        for heaps in rows:
            kind, moves = strategy(heaps)
            big = sum(1 for h in heaps if h >= 2)
            if kind == "terminal":
                cases.append((f"{heaps}: no move, the player to move wins", "N",
                              "P" if f[heaps] else "N"))
            elif kind == "win":
                for m in moves:
                    cases.append((f"{heaps} -> {m}", "P", "P" if f[m] else "N"))
            else:
                for m in pf.nim_options(heaps):
                    cases.append((f"{heaps} -> {m} (said lost)", "N", "P" if f[m] else "N"))
                    if big >= 2:
                        cases.append((f"{heaps} -> {m}: a heap >= 2 left", True, max(m) >= 2))
        return check_all(cases, f"every position of up to 4 heaps of 0..{msize} ({mspec}): each "
                         f"prescribed move, and every move from the positions the proof calls "
                         f"lost", noun="moves")
    return check


def thm1_strategy_check(n_table: int, n: int, p1_min: int, strategy=pf.thm1_strategy):
    """The proof of 定理一 on the rule-A table, positions on squares 1..n with P1 >= ``p1_min``:
    from a position with 逐位和 not all even, each Nim move realised by the converse recipe reaches
    f_A = 1; from one with 逐位和 all even, every move reaches f_A = 0."""
    def check(T):
        t = T[spec("A", n_table)]
        cases = []
        for mask in range(1, 1 << n):
            P = pf.squares_of(mask)
            if P[0] < p1_min:
                continue
            kind, moves = strategy(P)
            if kind == "win":
                for m in moves:
                    cases.append((f"{P} -> {m}", 1, _fval(t, m) if m else None))
            else:
                for m in pf.options(P):
                    cases.append((f"{P} -> {m} (said lost)", 0, _fval(t, m)))
        return check_all(cases, f"every position with P1 >= {p1_min} on squares 1..{n} (rule A "
                                f"table, {n_table} squares): each prescribed move, and every move "
                                f"from the positions the proof calls lost", noun="moves")
    return check


def thm3_case_check(n_table: int, n: int, case: str, step=pf.thm3_step):
    """One case of the induction step of the proof of 定理三 (000-CN §5, game D) on the rule-D
    table, every position with at least one chip on squares 1..n that the case speaks of
    (:func:`.proofs.thm3_step`): cases 1 and 2 say every move leaves f_D = 0; cases 3, 4(1) and
    4(2) that the move they describe exists and leaves f_D = 1."""
    lose = case in ("1", "2")

    def check(T):
        t = T[spec("D", n_table)]
        cases, positions = [], 0
        for mask in range(1, 1 << n):
            P = pf.squares_of(mask)
            got, moves = step(P)
            if got != case:
                continue
            positions += 1
            if lose:
                for m in pf.options(P):
                    cases.append((f"{P} -> {m}", 0, _fval(t, m)))
            elif not moves:
                cases.append((f"{P}: the move the case describes", "exists", "none"))
            else:
                for m in moves:
                    cases.append((f"{P} -> {m}", 1, _fval(t, m) if m else "no such move"))
        what = "every move from them" if lose else "the moves the case describes"
        return check_all(cases, f"the {positions:,} positions of case {case} on squares 1..{n} "
                                f"(rule D table, {n_table} squares): {what}", noun="moves")
    return check


def _claim(out, name, source, statement, check, tables, reading="", correction_of=None):
    out.append(Claim(name, source, statement, check, tables=tuple(tables), reading=reading,
                     correction_of=correction_of, convention=CONV))


def chips_claims(scale: str) -> list[Claim]:
    N = N_ALL[scale]
    SA, SB, SC, SD = (spec(r, N) for r in "ABCD")
    out: list[Claim] = []

    # -- the worked example (003 研究動機, (二); 000-CN 二1; 000-EN §1, §3(2)) -----------------
    def example_values(T):
        t = T[SA]
        return check_all([(p, v, _fval(t, p)) for p, v in D.EXAMPLE_468_VALUES.items()],
                         "the 16 positions the seeds list with the tree of f_A(4,6,8)")

    _claim(out, "003.example.468-values", f"{S003} (二); {S000} CN 二1, EN §3(2)",
           "f_A(4,6,8) = 1 and f(5,6,8) = 0; f(5,6,7) = f(3,6,7) = f(3,5,8) = f(3,4,7) = f(3,4,5) = 1; "
           "f(4,6,7) = f(4,5,8) = f(4,5,7) = f(4,5,6) = f(3,6,8) = f(3,5,7) = f(3,5,6) = f(3,4,8) = "
           "f(3,4,6) = 0 (000 lists the same without the 5xx positions).", example_values, [SA],
           reading="003 prints 'f(3,4,8)' and 'f(3,4,6) = 0' on two lines with the '=' lost between "
                   "them; read as one chain of equal values 0 (doc C05).")

    def example_chain(T):
        t = T[SA]
        cases = []
        for pos, listed, replies in D.EXAMPLE_468_CHAIN:
            sensible = sorted(o for o in pf.options(pos) if 2 not in o)
            cases.append((f"moves from {pos} not onto square 2", sorted(listed), sensible))
            for mv, rep in replies.items():
                cases.append((f"{mv} -> {rep} is a move", True, rep in pf.options(mv)))
                cases.append((f"f_A{rep}", 1, _fval(t, rep)))
            if not listed:
                every = pf.options(pos)
                cases.append((f"every move from {pos} puts a chip on 2", True,
                              bool(every) and all(2 in o for o in every)))
        cases.append(("f_A(4,6,8)", 1, _fval(t, (4, 6, 8))))
        return check_all(cases, "the chain of positions of 003 (二) (Fig. 2) and its replies")

    _claim(out, "003.example.468-chain", f"{S003} (二) 1-3, Fig. 2; {S000} EN §3(2) Fig. 1",
           "From {4,6,8} the first player can go to {4,6,7}, {4,5,8}, {3,6,8}; the second answers "
           "{3,6,7} or {3,5,8}; from there {3,5,6} -> {3,4,5}, {3,5,7} or {3,4,8} -> {3,4,7}, "
           "{3,4,6} -> {3,4,5}; at {3,4,5} every move puts a chip on square 2 and the second player "
           "moves it to 1 and wins: f_A(4,6,8) = 1.", example_chain, [SA],
           reading="The listed moves are all moves except those onto square 2, which the seed "
                   "drops because they lose at once (checked as such); every reply must be legal "
                   "and reach a position with f_A = 1.")

    # -- k = 1, 2, 3 ---------------------------------------------------------------------------
    _claim(out, "003.k3.f", f"{S003} 研究結果1; {S000} CN 二2",
           "f_A(a,b,c) = 1 - χ(a+b+c) if 2 <= a < b-1 < c-2; χ(ac) if 2 <= a = b-1 < c-2 or "
           "2 <= a < b-1 = c-2; χ(a) if 2 <= a = b-1 = c-2.",
           case_list_check("A", N, 3, D.K3_F, mode="V", p1_min=2), [SA],
           reading="000-CN prints '2 <= a < b-1 = c' (the '-2' lost): read c-2 (doc C07).")
    _claim(out, "003.k3.f.corrected", "ours (correction of 003.k3.f)",
           "The same formula for f_A(a,b,c) with 3 <= a (at a = 2 the player to move wins).",
           case_list_check("A", N, 3, D.corrected(D.K3_F, D.K3_F_CORRECTION), mode="V",
                           p1_min=D.K3_F_CORRECTION.p1_min), [SA], correction_of="003.k3.f")
    _claim(out, "000.en.k3.product", f"{S000} EN §3(3)",
           "For P1 >= 3: f_A(P1P2P3) = 1 - χ(P1 × P2 × P3) if P1 < P2-1 < P3-2; χ(P1 × P3) for the "
           "two one-pair cases; χ(P1) if P1 = P2-1 = P3-2.",
           case_list_check("A", N, 3, D.K3_EN, mode="V"), [SA],
           reading="Literal: a product in the first case (the other versions have a sum); the "
                   "sum version is 000.en.k3.product.corrected.")
    _claim(out, "000.en.k3.product.corrected", "ours (correction of 000.en.k3.product; doc C08)",
           "For P1 >= 3: the same formula with 1 - χ(P1 + P2 + P3) in the first case.",
           case_list_check("A", N, 3, D.corrected(D.K3_EN, D.K3_EN_CORRECTION), mode="V"), [SA],
           correction_of="000.en.k3.product")

    def prop31_check(T):
        t = T[SA]
        rows = pf.k_positions(N, 3)
        masks = pf.masks_of_rows(rows)
        claimed = np.where(rows[:, 0] <= 2, (rows[:, 0] == 1).astype(np.int64),
                           claimed_f(rows, D.PROP_3_1, "V"))
        return compare(claimed, _f(t.values[masks]), f"every 3-chip position, largest square <= {N}",
                       lambda i: pf.label(masks[i]), details="claimed f vs computed f.")

    _claim(out, "000.k3.prop3.1", f"{S000} EN Prop 3.1; CN 二2 sets A..D, A'..D'",
           "f_A(1P2P3) = 1, f_A(2P2P3) = 0; for 3 <= P1: f_A = 1 iff P1+P2+P3 even (no adjacent chips), "
           "iff P1·P3 odd (exactly one adjacent pair), iff P1 odd (three adjacent chips).",
           prop31_check, [SA])
    _claim(out, "003.k1.f", f"{S003} 研究結果1", "f_A(a) = χ(a) (one chip, a >= 2).",
           case_list_check("A", N, 1, D.K1_F, mode="V", p1_min=2), [SA])
    _claim(out, "003.k2.f", f"{S003} 研究結果1", "f_A(a,b) = χ(a+b) (two chips, a >= 2).",
           case_list_check("A", N, 2, D.K2_F, mode="V", p1_min=2),
           [SA], reading="No case split is printed: read for every pair with 2 <= a.")
    _claim(out, "003.k2.f.corrected", "ours (correction of 003.k2.f)",
           "For 3 <= a: f_A(a,b) = χ(a+b) if a < b-1 and χ(a) if b = a+1.",
           case_list_check("A", N, 2, D.corrected(D.K2_F, D.K2_F_CORRECTION), mode="V",
                           p1_min=D.K2_F_CORRECTION.p1_min), [SA], correction_of="003.k2.f")
    _claim(out, "003.k3.g", f"{S003} 研究結果2",
           "g(a,b,c) (rule B) = χ(a+b+c) if 2 <= a < b-1 < c-2; χ(ac) if 2 <= a = b-1 < c-2 or "
           "2 <= a < b-1 = c-2; χ(a) if 2 <= a = b-1 = c-2.",
           case_list_check("B", N, 3, D.K3_G, mode="V", p1_min=2), [SB])
    _claim(out, "003.k3.g.corrected", "ours (correction of 003.k3.g; = f_A(P+1))",
           "g(a,b,c) = χ(a+b+c) if 2 <= a < b-1 < c-2; χ((a+1)(c+1)) for the two one-pair cases; "
           "χ(a+1) if a = b-1 = c-2 (all with 2 <= a).",
           case_list_check("B", N, 3, D.corrected(D.K3_G, D.K3_G_CORRECTION), mode="V", p1_min=2),
           [SB], correction_of="003.k3.g")
    _claim(out, "003.k3.u", f"{S003} 研究結果3 and §(五)2",
           "u(a,b,c) = 1 - χ(a+b+c) if 1 <= a < b-1 < c-2; χ(ac) for the one-pair cases; χ(a) if "
           "a = b-1 = c-2.", case_list_check("C", N, 3, D.K3_U, mode="V", p1_min=1), [SC],
           reading="u is rule C (normal play): §(五)2 defines it so ('who cannot move loses'); "
                   "研究結果3 says 'wins', contradicting §(五)2 and the shift identity u(X) = f(X+2) "
                   "(doc A1).")
    _claim(out, "003.k3.v", f"{S003} 研究結果4; {S000} CN 二5 f_D(a,b,c)",
           "v(a,b,c) = f_D(a,b,c) (rule D) = χ(a+b+c) if 1 <= a < b-1 < c-2; χ(a)(1-χ(c)) if "
           "a = b-1 < c-2; (1-χ(a))χ(c) if a < b-1 = c-2; 0 if a = b-1 = c-2.",
           case_list_check("D", N, 3, D.K3_V, mode="V", p1_min=1), [SD],
           reading="003 prints 'χ(a)(1-α(c))': α read as χ; 000-CN writes χ(a(1-c)) and χ((1-a)c), the "
                   "same parities.")

    def small_facts(T):
        ts = {"B": T[SB], "C": T[SC], "D": T[SD]}
        return check_all([(f"{dict(B='g', C='u', D='v')[r]}{p}".replace(" ", ""), v,
                           _fval(ts[r], p)) for r, p, v in D.FIGURES],
                         "the three figure positions")

    _claim(out, "003.figures", f"{S003} §(五) Figs. 3-5; {S000} CN Figs. 2-4",
           "g(3,5,7) = 1; the tree of u(2,4,6) is that of f(4,6,8) minus 2, so u(2,4,6) = 1; v(2,4,6) "
           "(tree not a shift) = 0.", small_facts, [SB, SC, SD],
           reading="No value is printed for v(2,4,6); 0 is what 003.k3.v gives (doc C14c).")

    # -- shift identities and square 3 ----------------------------------------------------------
    def shift(T):
        ta, tb, tc = T[SA], T[SB], T[SC]

        def parts():
            for lo, hi, masks, d in pf.chunks(1 << (N - 2)):
                fc = _f(tc.values[lo:hi])
                keep = d[:, 4] > 0
                yield _f(tb.values[masks << 1])[keep], fc[keep], masks[keep]
                yield _f(ta.values[masks << 2])[keep], fc[keep], masks[keep]
        return _chunked(parts(), f"every position P with P + 2 inside 1..{N} (all k)",
                        details="checked f_B(P+1) = f_C(P) and f_A(P+2) = f_C(P)")

    _claim(out, "000.shift", f"{S003} 研究結果5; {S000} CN 定理二, EN Lemma 3.6, Thm 3.7, Thm 1",
           "f_C(P1..Pk) = f_B(P1+1..Pk+1) = f_A(P1+2..Pk+2) (003: u(X) = f(X+2) = g(X+1)).",
           shift, [SA, SB, SC],
           reading="P + r moves every chip r squares right (003 (一)3, 000 肆一3); in Q-coordinates "
                   "Q + r (Thm 3.7).  Outcomes only: Grundy values do not shift (doc C16).")

    def square3(T):
        t = T[SA]

        def parts():
            for _lo, _hi, masks, _d in pf.chunks(1 << N, data=False):
                keep = ((masks & 7) == 4) & ((masks >> 3) != 0)
                m = masks[keep]
                yield _f(t.values[(m >> 3) << 2]), _f(t.values[m]), m
        return _chunked(parts(), f"every position (3, P2..Pk), k >= 2, largest square <= {N}")

    _claim(out, "000.square3", f"{S000} EN eq. (4), CN eq. (2); {S003} §(四)",
           "f_A(3, P2, ..., Pk) = f_A(P2-1, ..., Pk-1) (equivalently f_A(3, X1+1, ..., Xk+1) = "
           "f_A(X1, ..., Xk)).", square3, [SA],
           reading="k >= 2 (the right side keeps k-1 >= 1 chips); P2 >= 4 is automatic.")

    # -- k = 4, 5, 6 -----------------------------------------------------------------------------
    _claim(out, "000.k4.fA", f"{S000} CN 二3, EN §3(4)",
           "For 3 <= a: f_A(a,b,c,d) = χ(a+b+c+d-1) (<<<), χ(a(c+d)) (=<<), χ(c(a+d)) (<=<), "
           "χ(c(a+b)) (<<=), χ(a(d-1)) (==<), χ(ac) (<==), χ(a+c-1) (=<=), χ(a) (===).",
           case_list_check("A", N, 4, D.K4_A, mode="V"), [SA])
    _claim(out, "000.k4.fD", f"{S000} CN 二5",
           "For 1 <= a: f_D(a,b,c,d) = χ(a+b+c+d) (<<<), χ(a(c+d-1)) (=<<), χ(c(a+d-1)) (<=<), "
           "χ(c(a+b-1)) (<<=), χ(ad) (==<), χ(c(a-1)) (<==), χ(bd) (=<=), 0 (===).",
           case_list_check("D", N, 4, D.K4_D, mode="V", p1_min=1), [SD])
    k5read = ("Item 12's fourth pattern is printed a < b-1 < c-2 < d-3 = e-4, item 5's pattern; the "
              "missing pattern is a = b-1 = c-2 = d-3 < e-4.  'otherwise f_A(a,b,c,d,e,f) = 0' read "
              "as f_A(a,b,c,d,e).")
    _claim(out, "000.cn.k5", f"{S000} CN 二3 (13 conditions)",
           "For 3 <= a: f_A(a,b,c,d,e) = 1 iff one of the 13 printed conditions holds, else 0.",
           case_list_check("A", N, 5, D.K5_CN, mode="L"), [SA], reading=k5read +
           " Literal: item 12 as printed.")
    _claim(out, "000.cn.k5.corrected", "ours (reading of 000.cn.k5)",
           "The Chinese k = 5 list with item 12's fourth pattern read a = b-1 = c-2 = d-3 < e-4.",
           case_list_check("A", N, 5, D.corrected(D.K5_CN, D.K5_CN_READ), mode="L"), [SA],
           correction_of="000.cn.k5")
    _claim(out, "000.en.k5", f"{S000} EN §3(4) W1-W16",
           "For P1 >= 3: f_A(P1..P5) = 0 iff P is in one of W1..W16 (pattern and expression even).",
           case_list_check("A", N, 5, D.K5_EN, mode="W"), [SA])
    k6read = ("Item 12's second pattern is printed a < b-1 = c-2 < d-3 < e-4 < f-5 (item 3's); read "
              "a < b-1 = c-2 < d-3 < e-4 = f-5 in the correction.  Item 17 printed "
              "'a = b-1 = c-2 - 3 < e-4 < f-5' read a = b-1 = c-2 = d-3 < e-4 < f-5.  Letter f is P6.")
    _claim(out, "000.cn.k6", f"{S000} CN 二3 (25 conditions)",
           "For 3 <= a: f_A(a,...,f) = 1 iff one of the 25 printed conditions holds, else 0.",
           case_list_check("A", N, 6, D.K6_CN, mode="L"), [SA], reading=k6read)
    _claim(out, "000.cn.k6.corrected", "ours (correction of 000.cn.k6; doc C21.all*)",
           "The Chinese k = 6 list with item 12's second pattern <=<<=, items 15, 16 deleted, "
           "7 -> a(d+e+f), 9 -> c(a+b+f), 17 -> a(e+f), 19 -> c(a+b), 22 -> a+c+e odd, 23 -> a(f-1).",
           case_list_check("A", N, 6, D.corrected(D.K6_CN, D.K6_CN_CORRECTION), mode="L"), [SA],
           correction_of="000.cn.k6")
    _claim(out, "000.en.k6", f"{S000} EN §3(4) W1-W32",
           "For P1 >= 3: f_A(P1..P6) = 0 iff P is in one of W1..W32.",
           case_list_check("A", N, 6, D.K6_EN, mode="W"), [SA],
           reading="W19 prints P5(P1 + β) with β = P2 - 1, read literally.")
    _claim(out, "000.en.k6.corrected", "ours (correction of 000.en.k6; doc C22)",
           "The English k = 6 W-list with W8 -> P3(P1+P5+P6-1), W17 -> P1(P5+P6), W18 -> P3(P1+P6), "
           "W19 -> P5(P1+P2), W20-W25 'not all the same parity', W27/28/30/31 -> P1(P6-1).",
           case_list_check("A", N, 6, D.corrected(D.K6_EN, D.K6_EN_CORRECTION), mode="W"), [SA],
           correction_of="000.en.k6")

    # -- general theorems -------------------------------------------------------------------------
    def thm33(d, masks, f):
        q1 = d[:, 0]
        return np.where(q1 == 0, 1, np.where(q1 == 1, 0, nw(d[:, 1])))

    _claim(out, "000.thm3.3", f"{S000} EN Thm 3.3, Thm 2",
           "F_A(0Q2..Qk) = 1, F_A(1Q2..Qk) = 0, and for Q1 >= 2: F_A(Q) = N_w(O) (1 iff the XOR of "
           "the multiplicities of the odd values of Q is 0).",
           theorem_check("A", N, thm33, f"every position with at least one chip, squares 1..{N}"),
           [SA], reading="Q_i = P_i - i; the multiplicity of a value of Q is the length of a run of "
                         "adjacent chips, its value the number of empty squares to the left.")
    for name, p1, source, statement, corr in (
            ("000.cn.thm1", D.THM1_P1_MIN, f"{S000} CN 定理一 (四, 伍一)",
             "For every position with X1 > 1: f_A = 1 iff the 逐位和 (bitwise sum) of the 棋子數數列 Z "
             "is all even (including all Z = 0).", None),
            ("000.cn.thm1.corrected", D.THM1_CORRECTED_P1_MIN,
             "ours (correction of 000.cn.thm1; = Thm 3.3)",
             "定理一 for X1 >= 3 (at X1 = 2 the player to move wins).", "000.cn.thm1")):
        _claim(out, name, source, statement,
               theorem_check("A", N, lambda d, m, f: nw(d[:, 1]),
                             f"every position with P1 >= {p1}, squares 1..{N}",
                             mask_filter=lambda d, m, q=p1 - 1: d[:, 0] >= q), [SA],
               reading="" if corr else "Z = multiplicities of the odd Y_i = X_i - i, as in the "
                                       "worked examples 例一/例二.", correction_of=corr)
    _claim(out, "000.cor3.8", f"{S000} EN Cor 3.8, Thm 2",
           "F_C(Q) = N_w(O) for every position.",
           theorem_check("C", N, lambda d, m, f: nw(d[:, 1]), f"every position, squares 1..{N}"), [SC])
    _claim(out, "000.cor3.9", f"{S000} EN Cor 3.9, Thm 2",
           "F_B(0Q2..Qk) = 0 and for Q1 >= 1: F_B(Q) = N_w(E) (E: multiplicities of the even values).",
           theorem_check("B", N, lambda d, m, f: np.where(d[:, 0] == 0, 0, nw(d[:, 2])),
                         f"every position, squares 1..{N}"), [SB])

    def nl(d):
        w = nw(d[:, 1])
        return np.where(d[:, 3] >= 2, w, 1 - w)

    _claim(out, "000.thm3.11", f"{S000} EN Thm 3.11, Thm 4; CN 定理三",
           "F_D(Q) = N_l(O): misère Nim on the multiplicities of the odd values of Q (with Thm 3.10: "
           "= N_w(O) if some O_i >= 2, else 1 - N_w(O)).",
           theorem_check("D", N, lambda d, m, f: nl(d), f"every position, squares 1..{N}"), [SD],
           reading="CN 定理三 states it in two cases (all Z = 1: f_D = 1 iff r odd; some Z > 1: "
                   "f_D = 1 iff the bitwise sum is all even); with r = 0 counted as 'r even'.")
    _claim(out, "000.cn.thm3.equals-fA", f"{S000} CN 定理三 二 (first sentence)",
           "When some Z_j > 1, f_D(X) equals f_A(X).",
           theorem_check("DA", N, lambda d, m, f: f["A"], f"positions with some Z_j > 1, squares 1..{N}",
                         mask_filter=lambda d, m: d[:, 3] >= 2), [SD, SA],
           reading="Literal: the value of game A at the same position.  The sentence after it "
                   "('that is, ... bitwise sum all even') is 000.thm3.11.")
    _claim(out, "000.cn.thm3.equals-fA.corrected", "ours (correction of 000.cn.thm3.equals-fA)",
           "When some Z_j > 1 and X1 >= 3, f_D(X) = f_A(X).",
           theorem_check("DA", N, lambda d, m, f: f["A"], f"positions with some Z_j > 1, P1 >= 3, "
                         f"squares 1..{N}", mask_filter=lambda d, m: (d[:, 3] >= 2) & (d[:, 0] >= 2)),
           [SD, SA], correction_of="000.cn.thm3.equals-fA")

    def base_case(T):
        t = T[SD]
        return check_all([(f"f_D(3..{k + 2})", 1, _fval(t, range(3, k + 3)))
                          for k in range(1, N - 1)], f"k = 1..{N - 2}")

    _claim(out, "000.cn.thm3.base-case", f"{S000} CN 定理三 proof, step 一",
           "f_D(3, 4, ..., k+2) = 1 (all Y_j = 2, all Z_j = 0).", base_case, [SD],
           reading="This contradicts clause 一 of the theorem itself (all Z = 0 counts as r even: "
                   "f_D = 0); recorded as the proof's claim.")

    msize = NIM_SIZE[scale]
    mspec = f"nim:heaps=4,size={msize},play=misere"
    grid = np.stack(np.meshgrid(*[np.arange(msize + 1)] * 4, indexing="ij"), -1).reshape(-1, 4)

    def thm310(T):
        t = T[mspec]
        x = np.bitwise_xor.reduce(grid, axis=1)
        w = (x == 0).astype(np.int64)
        claimed = np.where(grid.max(axis=1) >= 2, w, 1 - w)
        computed = _f(t.values[t.space.rank(grid)])
        return compare(claimed, computed, f"every position of up to 4 heaps of 0..{msize}",
                       lambda i: str(tuple(int(h) for h in grid[i])))

    _claim(out, "000.thm3.10", f"{S000} EN Thm 3.10, Thm 3",
           "N_l(O) = N_w(O) if O_i >= 2 for some i; 1 - N_w(O) if O_i <= 1 for all i.", thm310,
           [mspec], reading="N_l = misère Nim (last mover loses), checked against the misère Nim "
                            "table; empty heaps stand for fewer heaps.")

    # -- the many-chip examples -----------------------------------------------------------------
    big = [(D.EXAMPLE_3_5, f"chips:rule=A,n={D.EXAMPLE_3_5['n']},k={len(D.EXAMPLE_3_5['P'])}")]
    if scale != "small":
        big.append((D.EXAMPLE_3_4, f"chips:rule=A,n={D.EXAMPLE_3_4['n']},k={len(D.EXAMPLE_3_4['P'])}"))

    examples_domain = ("Examples 3.4 and 3.5" if len(big) == 2 else
                       f"Example 3.5 (Example 3.4, on {D.EXAMPLE_3_4['n']} squares, is left out at "
                       f"scale {scale})")

    def examples(T):
        cases = []
        for ex, sp in big:
            t = T[sp]
            cases.append((ex["P"], ex["f"], int(_f(t.values[t.space.index(ex["P"])]))))
            cases.append((f"Q of {ex['P']}", list(ex["Q"]), list(pf.q_of(ex["P"]))))
        return check_all(cases, examples_domain)

    _claim(out, "000.examples.3.4-3.5", f"{S000} EN Examples 3.4, 3.5; CN 例一, 例二",
           "f_A(4,5,6,8,9,11,12,13,14,21,22,23,25,27) = 0 (Q = 3,3,3,4,4,5,5,5,5,11,11,11,12,13, "
           "O = 3,4,3,1, Φ = 101); f_A(5,6,8,9,12,13,14,21,23,24) = 1 (O = 2,3,1, Φ = 000).",
           examples, [sp for _, sp in big],
           reading="The Chinese prints Y for 例一 with 13 entries and the English Q for 3.5 as a set; "
                   "read as the 14 / 10 values of X_i - i (doc C34).")
    # -- Y / Q reformulations (k = 3..6) and trivial positions ----------------------------------
    yread = ("Y_i = X_i - i (EN Q_i); 'identical odd numbers' = an odd value occurring more than once; "
             "'兩對 (不可以是四個相同的奇數)' = exactly two odd values occurring twice.")
    for k in (3, 4, 5, 6):
        name = f"000.cn.y-criterion.k{k}"
        fix = D.Y_CN_CORRECTION[k]
        _claim(out, name, f"{S000} CN 二4 ({k - 2})",
               f"k = {k}: f_A(X) = 1 iff the printed criterion on (Y1..Y{k}) holds (domain 1 < X1).",
               y_criterion_check("A", N, k, crit_a(k, D.Y_CN), D.Y_CN.p1_min), [SA], reading=yread)
        _claim(out, f"{name}.corrected", f"ours (correction of {name})",
               f"k = {k}: the criterion for X1 >= 3" +
               (", the pair cases also needing an even number of odd entries" if k >= 5 else "") + ".",
               y_criterion_check("A", N, k, crit_a(k, fix), fix.p1_min), [SA], correction_of=name)
        name = f"000.en.prop3.2.k{k}"
        fix = D.PROP_3_2_CORRECTION[k]
        _claim(out, name, f"{S000} EN Prop 3.2",
               f"k = {k}: F_A(0Q2..) = 1, F_A(1Q2..) = 0, otherwise F_A(Q) = 1 iff Q1 >= 3 and the "
               f"criterion on Q holds.", y_criterion_check("A", N, k, crit_a(k, D.PROP_3_2),
                                                           D.PROP_3_2.p1_min), [SA],
               reading=yread + " For k = 6 case (b) the English adds 'the cardinality of odd numbers "
                               "must be even'.")
        _claim(out, f"{name}.corrected", f"ours (correction of {name})",
               f"k = {k}: Prop 3.2 with Q1 >= 2 in place of Q1 >= 3" +
               (" and the parity condition in the pair case" if k == 5 else "") + ".",
               y_criterion_check("A", N, k, crit_a(k, fix), fix.p1_min), [SA], correction_of=name)
    for k in (5, 6):
        name = f"000.cn.y-criterion.k{k}"
        _claim(out, f"{name}.corrected.domain-only", f"ours (partial correction of {name})",
               f"k = {k}: the printed criterion restricted to X1 >= 3 (no parity condition added); "
               f"shows the parity condition of {name}.corrected is needed.",
               y_criterion_check("A", N, k, crit_a(k, D.Y_CN_DOMAIN_ONLY), D.Y_CN_DOMAIN_ONLY.p1_min),
               [SA], correction_of=name)
    _claim(out, "000.en.prop3.2.k5.corrected.domain-only",
           "ours (partial correction of 000.en.prop3.2.k5)",
           "k = 5: Prop 3.2 with Q1 >= 2 only (no parity condition); shows the parity condition of "
           "000.en.prop3.2.k5.corrected is needed.",
           y_criterion_check("A", N, 5, crit_a(5, D.PROP_3_2_DOMAIN_ONLY), D.PROP_3_2_DOMAIN_ONLY.p1_min),
           [SA], correction_of="000.en.prop3.2.k5")
    for k in (3, 4):
        _claim(out, f"000.cn.fD.y-criterion.k{k}", f"{S000} CN 二5 ({k - 2})",
               f"k = {k}: f_D(X) = 1 iff the printed criterion on (Y1..Y{k}) holds (odd number of "
               f"odd entries where f_A has even).", y_criterion_check("D", N, k, crit_d(k),
                                                                      D.Y_D.p1_min), [SD],
               reading=yread)

    def trivial(T):
        ta, tb, tc, td = (T[x] for x in (SA, SB, SC, SD))
        cases = []
        for k in range(1, N - 1):
            cases.append((f"f_B(2..{k + 1})", 1, _fval(tb, range(2, k + 2))))
            cases.append((f"f_A(3..{k + 2})", 1, _fval(ta, range(3, k + 3))))
            for i in range(1, k + 1):
                p = [x for x in range(1, k + 2) if x != i]
                cases.append((f"f_C{tuple(p)}", 0, _fval(tc, p)))
            for last in range(k, N + 1):
                p = list(range(1, k)) + [last]
                b = (last - k) % 2
                cases.append((f"f_C{tuple(p)}", 1 - b, _fval(tc, p)))
                cases.append((f"f_D{tuple(p)}", b, _fval(td, p)))
        return check_all(cases, f"every k and last square up to {N}")

    _claim(out, "000.en.eq3", f"{S000} EN eq. (3) and §3(1)",
           "f_B(23..(k+1)) = 1; f_C({1..k+1} - {i}) = 0 (i = 1..k); f_C(12..(k-1)(k+2n+b)) = 1 - b and "
           "f_D(12..(k-1)(k+2n+b)) = b (n >= 0, b in {0,1}); f_A(345..(k+2)) = 1.", trivial,
           [SA, SB, SC, SD])
    _claim(out, "003.phenomenon1", f"{S003} 現象1; {S000} CN 二1, EN eq. (3)",
           "If 2 is in S (and no chip is on 1) then f_A(S) = 0.",
           theorem_check("A", N, lambda d, m, f: np.zeros(m.size, dtype=np.int64),
                         f"every position with P1 = 2, squares 1..{N}",
                         mask_filter=lambda d, m: d[:, 0] == 1), [SA])

    def not_a_shift(T):
        td = T[SD]
        found = []
        for x in "ABC":
            tx = T[spec(x, N)]
            for r in range(4):
                where = "never differ"
                for lo in range(1, 1 << (N - r), pf.CHUNK):
                    m = np.arange(lo, min(lo + pf.CHUNK, 1 << (N - r)), dtype=np.int64)
                    m = m[((m << r) & 3) == 0]          # P1 + r >= 3
                    diff = np.flatnonzero(_f(td.values[m]) != _f(tx.values[m << r]))
                    if diff.size:
                        where = f"differ at {pf.label(m[diff[0]])}"
                        break
                found.append((f"f_D(P) vs f_{x}(P+{r})", "differ somewhere", where))
        return check_all([(a, b, "differ somewhere" if c.startswith("differ at") else c)
                          for a, b, c in found], "shifts r = 0..3 of rules A, B, C",
                         details="; ".join(c for _, _, c in found[:3]))

    _claim(out, "003.D-not-a-shift", f"{S003} §(五)3; {S000} CN §5, EN abstract",
           "The values of game D are not those of A, B or C at shifted positions (unlike B and C).",
           not_a_shift, [SA, SB, SC, SD],
           reading="For every shift r = 0..3 and X in A, B, C some position with P1 + r >= 3 has "
                   "f_D(P) != f_X(P + r) (doc C15).  An observation, checked as such.")

    out.extend(new_claims(scale))
    return out


def new_claims(scale: str) -> list[Claim]:
    """The statements of seeds 000 and 003 encoded in the issue-14 pass (moves, the move lemma and
    its converse, the proofs' strategies, initial conditions, the examples' Nim data)."""
    N = N_ALL[scale]
    SA, SB, SC, SD = (spec(r, N) for r in "ABCD")
    n_moves, n_strategy = N_MOVES[scale], min(N_STRATEGY[scale], N)
    msize = NIM_SIZE[scale]
    out: list[Claim] = []

    _claim(out, "000.en.move-examples", f"{S000} EN §3(1) (notation P[i])",
           "Let P = 24568; then P[3] = 23468 and P[5] = 24567 (P[i]: the P_i-chip moved to the next "
           "empty square on its left, labels listed increasingly), and P[3, 4, 2] = 12458 (moves "
           "one after another, each index read in the current position).",
           move_examples_check(D.MOVE_EXAMPLES), [],
           reading="Pure arithmetic of the notation; each step is also checked to be a move of the "
                   "game (the family's plain options), so no table is read.")
    _claim(out, "000.cn.move-lemma", f"{S000} CN §4 (before 定理一; proof step 三.1); EN §3(5)",
           "When the chip on X_i jumps the p chips directly left of it to the nearest empty square, "
           "Y_j becomes Y_j - 1 for j = i-p, ..., i and no other Y changes, so exactly one Z_j "
           "changes, to Z_j + p + 1 or Z_j - p - 1: in Q = P_i - i a move is a Staircase-Nim move "
           "(p + 1 coins from stair Y_i down to Y_i - 1).",
           move_lemma_check(n_moves), [],
           reading="Printed '1 <= p <= k': p = 0 (a plain step) is read as allowed and p <= k-1 "
                   "(doc C35).  Checked on every move of every position on the squares named in "
                   "the domain, by the family's plain move rule; no table is read.")
    _claim(out, "000.cn.move-lemma.converse", f"{S000} CN §4 ('反過來說 ...', the all-even case)",
           "Conversely, to lower one Z_j by q (Z_j >= q): take the Y_i of that value, the first q of "
           "them, and move the chip of the last of those over the q - 1 before it; the new Z is the "
           "one wanted.  (If all Y are even, moving a chip whose left square is empty gives Z = (1).)",
           move_converse_check(n_moves), [],
           reading="Checked for every value v >= 1 of Y (odd v: the printed statement about Z; "
                   "even v: the same recipe raises Z of v - 1, the all-even case), and that the "
                   "moves of a position are exactly its Staircase-Nim moves (doc C36).")
    _claim(out, "000.cn.move-examples", f"{S000} CN §4 (例一, 例二 moves; the converse example; "
           "(5,6,9,12,13))",
           "例一: moving X8 = 13 over 2 chips to square 10 turns Y (3,3,3,4,4,5,5,5,11,11,11,12,13) "
           "into (3,3,3,4,4,4,4,5,11,11,11,12,13) and Z (3,4,3,1) into (3,1,3,1); 例二: moving "
           "X10 = 24 over 1 chip to 22 turns Y into (4,4,5,5,7,7,7,13,13,13) and Z (2,3,1) into "
           "(2,3,3); 例一: the chip on 22 over the chip on 21 to 20 turns Z into (3,4,1,1); "
           "(5,6,9,12,13), Y = (4,4,6,8,8): the chip on 5 to 4 (or on 9, or 12) gives Z = (1).",
           cn_move_examples_check(D.CN_MOVE_EXAMPLES), [],
           reading="Literal: the Y lists of 例一's move as printed (13 entries each).")
    _claim(out, "000.cn.move-examples.corrected", "ours (correction of 000.cn.move-examples)",
           "The same, with 例一's Y lists read with 14 entries: (3,3,3,4,4,5,5,5,5,11,11,11,12,13) "
           "into (3,3,3,4,4,4,4,4,5,11,11,11,12,13).",
           cn_move_examples_check(D.CN_MOVE_EXAMPLES, D.CN_MOVE_EXAMPLES_READ), [],
           correction_of="000.cn.move-examples")

    def o_phi(T):
        cases = []
        for name, ex in (("3.4", D.EXAMPLE_3_4), ("3.5", D.EXAMPLE_3_5)):
            Q = pf.q_of(ex["P"])
            cases.append((f"Example {name}: O", tuple(ex["O"]), pf.z_of(Q)))
            cases.append((f"Example {name}: Φ(O)", int(ex["phi"], 2), pf.phi(pf.z_of(Q))))
        for text, args, printed in D.BIT_STRINGS:
            got = format(args, "b") if isinstance(args, int) else format(args[0] ^ args[1], "05b")
            cases.append((text, printed, got))
        return check_all(cases, "O and Φ of Examples 3.4, 3.5 and the bit-string examples of §3(5)")

    _claim(out, "000.examples.o-phi", f"{S000} EN §3(5), Examples 3.4, 3.5; CN 例一, 例二",
           "b(13) = 1101; 11010 ⊕ 01110 = 10100; Example 3.4: O = {3,4,3,1}, Φ(O) = 101 (CN 逐位和 "
           "奇偶奇); Example 3.5: O = {2,3,1}, Φ(O) = 000 (CN 偶偶).", o_phi, [],
           reading="Φ compared as a number: 3.5 prints 000 for the 2-bit string 00 (CN 偶偶). "
                   "O in increasing order of the odd values of Q.")

    def initial(T):
        ts = {r: T[spec(r, N)] for r in "ABCD"}

        def parts():
            for r, which, want in D.INITIAL_CONDITIONS:
                if which == "1P2...Pk":           # every mask with square 1, a chunk at a time
                    for _lo, _hi, masks, _ in pf.chunks(1 << N, data=False):
                        m = masks[(masks & 1) == 1]
                        yield np.full(m.size, want), _f(ts[r].values[m]), m
                else:
                    m = (np.int64(1) << np.arange(1, N + 1, dtype=np.int64)) - 1
                    yield np.full(m.size, want), _f(ts[r].values[m]), m
        return _chunked(parts(), f"every position with a chip on square 1 (A, B) and every "
                                 f"1 2 ... k (C, D), squares 1..{N}")

    _claim(out, "000.en.eq2", f"{S000} EN eq. (2)",
           "Initial conditions: f_A(1P2...Pk) = 1; f_B(1P2...Pk) = 0; f_C(12...k) = 1; "
           "f_D(12...k) = 0.", initial, [SA, SB, SC, SD],
           reading="Checks that the tables end the game where the seed's rules do (k >= 1).")

    nspec = f"nim:heaps=4,size={msize}"
    grid = np.stack(np.meshgrid(*[np.arange(msize + 1)] * 4, indexing="ij"), -1).reshape(-1, 4)

    def bouton(T):
        t = T[nspec]
        x = np.bitwise_xor.reduce(grid, axis=1)
        return compare((x == 0).astype(np.int64), _f(t.values[t.space.rank(grid)]),
                       f"every position of up to 4 heaps of 0..{msize}",
                       lambda i: str(tuple(int(h) for h in grid[i])))

    _claim(out, "000.en.nim-bouton", f"{S000} EN §3(5) (the Nim game); CN §4",
           "In Nim (the player taking the last chip wins) a player has a winning strategy iff the "
           "string Φ(O) has a 1: N_w(O) = 1 iff Φ(O) = 0.", bouton, [nspec],
           reading="'It is well known': checked on the normal-play Nim table; empty heaps stand "
                   "for fewer heaps.")
    mspec = f"nim:heaps=4,size={msize},play=misere"
    _claim(out, "000.thm3.10.proof-strategy", f"{S000} EN proof of Thm 3.10",
           "The proof's play of misère Nim wins: with exactly one heap >= 2, empty it if the number "
           "of 1-heaps is odd and leave one chip if it is even; with two heaps >= 2 or more, play "
           "the normal-Nim move to XOR 0 (a heap >= 2 stays); with all heaps <= 1, an even number "
           "of 1-heaps wins and an odd number loses; from two heaps >= 2 or more with XOR 0 every "
           "move loses (and leaves a heap >= 2).",
           thm310_strategy_check(mspec, msize), [mspec],
           reading="Checked on the misère Nim table: each prescribed move must reach a P-position, "
                   "each move from a position called lost an N-position.  With all heaps <= 1 and "
                   "an even number r >= 2 of 1-heaps the move is 'take a 1-heap' (the proof says "
                   "'obviously'); r = 0 is the end of the game, won by the player to move.")
    _claim(out, "000.thm3.3.proof-strategy", f"{S000} CN proof of 定理一 (三.1, 三.2); EN Thm 3.3",
           "The proof's play of game A wins: when the 逐位和 of Z is not all even, take from one Z_j "
           "as in Nim to make it all even, by the converse recipe's chip move; the opponent then "
           "loses; when it is all even, every move leaves it not all even and loses.",
           thm1_strategy_check(N, n_strategy, 3), [SA],
           reading="Checked where the theorem holds, P1 >= 3 (Q1 >= 2: Thm 3.3; at X1 = 2, in the "
                   "Chinese domain, 定理一 itself fails: 000.cn.thm1).  Every Nim move to XOR 0 is "
                   "tried, each realised by the recipe; positions on the squares the domain names.")

    # -- the proof of 定理三 (game D): the four cases of its induction step -----------------------
    zread = ("Z = the multiplicities of the odd values of Y_i = X_i - i (as in 定理一); f_D(S'i) "
             "is the value of the position after the move. ")
    thm3 = (
        ("1", "Case 1: Z = (1, ..., 1) with r odd: every move changes one Z_j and leaves f_D = 0, "
              "so f_D = 1.",
         "Checked: every move from every such position reaches f_D = 0. The printed 'Z_j + p or "
         "Z_j - 1' (how the Z_j changes) is the move lemma, 000.cn.move-lemma."),
        ("2", "Case 2: some Z_j > 1 (then at least two) and the 逐位和 (bitwise sum) all even: every "
              "move makes the sum not all even and leaves f_D = 0, so f_D = 1.",
         "Checked: every move from every such position reaches f_D = 0. All Z = 0 belongs to "
         "case 3 here, as the theorem's clause 一 has it (the proof's own induction statement "
         "puts it in this case: 000.cn.thm3.base-case)."),
        ("3", "Case 3: Z = (1, ..., 1) with r even (all Z = 0 included): a move changing one Z_j "
              "by 1 leaves Z' = (1, ..., 1) with an odd number of 1s (f_D = 1 there, by case 1), "
              "so f_D = 0.",
         "Checked: some move leaves Z' all 1s with r' odd, and every such move reaches f_D = 1. "
         "The chips on squares 1..k (no move: under rule D the player to move wins there, f_D = "
         "0, as the theorem says) are left out: the case's move cannot exist there."),
        ("4.1", "Case 4(1): exactly one Z_j > 1: a move leaves Z' = (1, ..., 1) with an odd number "
                "of 1s, so f_D = 0.",
         "The move: the converse recipe of 000.cn.move-lemma.converse lowering that Z_j to 1 or 0 "
         "(whichever leaves r' odd); checked that it reaches f_D = 1."),
        ("4.2", "Case 4(2): two Z_j > 1 or more and the 逐位和 not all even: lowering one Z_j as in Nim "
                "makes it all even and leaves f_D = 1, so f_D = 0.",
         "Every Nim move to an all-even sum is tried, each realised by the converse recipe; "
         "checked that each reaches f_D = 1."),
    )
    for case, statement, reading in thm3:
        _claim(out, f"000.cn.thm3.proof.case{case.replace('.', '-')}",
               f"{S000} CN proof of 定理三, step 三.{case[0]}" + (f"({case[2]})" if "." in case else ""),
               f"{statement} As printed: 「{D.THM3_PROOF[case]}」",
               thm3_case_check(N, n_strategy, case), [SD], reading=zread + reading)
    return out
