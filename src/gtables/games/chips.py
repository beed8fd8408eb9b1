"""Chip sliding on a strip (seeds 003 and 000, Yeh; SPEC §1).

Squares ``1..n``; chips on distinct squares.  A move takes one chip to the nearest empty square
to its left, jumping (once) the contiguous block of chips directly to its left; a chip with no
empty square to its left cannot move.  Four ending rules:

* ``A``: a chip on square 1 ends the game; the player to move there has lost (the mover won);
* ``B``: a chip on square 1 ends the game; the player to move there has won (the mover lost);
* ``C``: normal play (no move: the player to move loses; the final position is ``1..k``);
* ``D``: misère play (no move: the player to move wins).

With no chips at all there is no move; under A and B the player to move then loses, as in C.

Spec: ``chips:rule=A,n=20`` is every subset of the strip (any number of chips; index = bitmask,
bit ``i-1`` = square ``i``), ``chips:rule=A,n=64,k=6`` the positions of exactly ``k`` chips
(index = combinatorial number system).  Positions are written as squares, ``4,6,8``.

Value kind (key ``value``): ``auto`` (default) gives Grundy values for A and C and outcomes for B
and D (misère outcomes for D); ``grundy`` or ``outcome`` ask explicitly.  B and D have no Grundy
values: a position of B that ends with a win for the player to move is not a normal-play game, and
misère values do not add; ``value=grundy`` with B or D is refused.  A spec naming a rule's default
explicitly (``rule=A,value=grundy``) is the same table as ``value=auto``.

Rule A in normal-play terms: a position with a chip on square 1 has no options, so its Grundy value
is 0 and the usual theory (sums, XOR) applies to A; this is how the engine treats
``TERMINAL_LOSS``.

Besides the generic move generators (run by the engine kernels through a function pointer) the
module has specialised kernels for speed (:func:`fill_fast`): a serial worker over a range of
masks, a worker over blocks of masks (:func:`masks_blocks`) that the engine's tier orchestrator
(:func:`gtables.engine.kernels.run_tiers`) runs in parallel, and a serial colex worker for the
fixed-``k`` space.  The tests check that they give the same tables as the generic path.
"""
from __future__ import annotations

import time

import numba as nb
import numpy as np
from numba import types

from ..config import JIT
from ..engine.game import GRUNDY, MISERE, OUTCOME, Family, FastFill, Game, Rules
from ..engine.kernels import TERMINAL_LOSS, TERMINAL_WIN, movegen, run_tiers, worker
from ..engine.mex import cttz
from ..engine.spaces import CombinationSpace, SubsetSpace
from ..engine.status import DONE
from ..errors import GtablesError

# the spec grammar (numba-free, games/specs/chips.py): keys, value=auto, terminal verdicts
from .specs.chips import GRAMMAR, MAX_N, RULES, default_value, squares, terminal  # noqa: F401

RULE_A, RULE_B, RULE_C, RULE_D = 0, 1, 2, 3
MAX_N_SUBSETS = 40       # 2^40 bytes: the memory check refuses long before


def kind_of(rule: str, value: str) -> str:
    if value == "auto":
        value = default_value(rule)
    if value == "grundy":
        if rule in "BD":
            why = ("a chip on square 1 wins for the player to move, which has no Grundy value"
                   if rule == "B" else "misère play has outcomes, not Grundy values that add")
            raise GtablesError(f"chips: rule {rule} has no Grundy values ({why}); use value=outcome")
        return GRUNDY
    return MISERE if rule == "D" else OUTCOME


# ----------------------------------------------------------------------------------------------
# generic move generators (the engine's kernels call them per position)
# ----------------------------------------------------------------------------------------------
@movegen
def chips_mask_moves(pos, side, params, out):
    """Options of a bitmask position.  ``params = [rule]``.

    The chips form maximal runs of consecutive squares; every chip of a run starting at square
    ``s > 1`` moves to ``s - 1`` (it jumps the chips of the run below it), which is
    ``pos - 2^(t-1) + 2^(s-2)`` for the chip on square ``t``.
    """
    rule = params[0]
    if pos & 1 and rule <= 1:
        return TERMINAL_LOSS if rule == 0 else TERMINAL_WIN
    c = 0
    x = pos
    while x != 0:
        low = x & -x
        run = x & ~(x + low)          # the run of set bits starting at ``low``
        x ^= run
        if low == 1:
            continue                  # packed against the left end: these chips cannot move
        base = pos + (low >> 1)
        t = low
        while t & run:
            out[2 * c] = base - t
            out[2 * c + 1] = -1
            c += 1
            t <<= 1
    return c


@movegen
def chips_comb_moves(pos, side, params, out):
    """Options of a fixed-``k`` position (combinatorial number system rank).

    ``params = [rule, n, k, C(c, i) for c = 0..n, i = 0..k+1 (row-major)]``.  Moving the chip of
    index ``j`` whose block of consecutive chips starts at index ``m`` (0-based squares ``c_i``)
    lowers each of ``c_m..c_j`` by one, so the rank drops by ``sum_{i=m..j} C(c_i - 1, i)``.
    ``out[2k+2 .. 3k+1]`` is used as scratch for the unranked squares (``max_options = 2k``).
    """
    rule = params[0]
    n = params[1]
    k = params[2]
    w = k + 2
    sc = 2 * k + 2                    # scratch offset in ``out``
    rest = pos
    cprev = n
    for i in range(k, 0, -1):
        cc = cprev - 1
        while params[3 + cc * w + i] > rest:
            cc -= 1
        out[sc + i - 1] = cc
        rest -= params[3 + cc * w + i]
        cprev = cc
    if k > 0 and out[sc] == 0 and rule <= 1:
        return TERMINAL_LOSS if rule == 0 else TERMINAL_WIN
    cnt = 0
    i = 0
    while i < k:
        m = i
        while i + 1 < k and out[sc + i + 1] == out[sc + i] + 1:
            i += 1
        if out[sc + m] > 0:
            acc = 0
            for j in range(m, i + 1):
                acc += params[3 + (out[sc + j] - 1) * w + j]
                out[2 * cnt] = pos - acc
                out[2 * cnt + 1] = -1
                cnt += 1
        i += 1
    return cnt


# ----------------------------------------------------------------------------------------------
# specialised kernels
# ----------------------------------------------------------------------------------------------
_ONE = np.uint64(1)


@nb.njit(**JIT)
def _grundy_of_mask(mu, table):
    """Grundy value of the mask ``mu`` (uint64, no chip on square 1 under rule A) from its
    already filled options.  Unsigned arithmetic throughout: it spares the negative-index checks
    of signed indexing, which cost a factor 2 here."""
    seen = np.uint64(0)
    x = mu
    while x != 0:
        low = x & (~x + _ONE)
        run = x & ~(x + low)          # the run of chips starting at ``low``
        x ^= run
        if low == _ONE:
            continue                  # packed against square 1: these chips cannot move
        base = mu + (low >> _ONE)
        t = low
        while t & run:
            seen |= _ONE << np.uint64(table[base - t])
            t <<= _ONE
    return cttz(~seen)


@nb.njit(**JIT)
def _outcome_of_mask(mu, rule, table):
    """Outcome 0=P / 1=N of the mask ``mu`` under ``rule`` (D: misère) from its options."""
    if mu & _ONE and rule <= 1:
        return 0 if rule == 0 else 1
    moved = False
    x = mu
    while x != 0:
        low = x & (~x + _ONE)
        run = x & ~(x + low)
        x ^= run
        if low == _ONE:
            continue
        base = mu + (low >> _ONE)
        t = low
        while t & run:
            if table[base - t] == 0:
                return 1
            moved = True
            t <<= _ONE
    if not moved:
        return 1 if rule == 3 else 0
    return 0


@nb.njit(**JIT)
def masks_range(rule, grundy, lo, hi, table):
    """Serial worker: masks ``lo..hi-1`` in increasing order (options are smaller masks).
    Grundy values for rules A and C, outcomes otherwise."""
    if grundy:
        skip_odd = rule == 0      # rule A: a chip on square 1 is terminal, value 0
        for m in range(lo, hi):
            if skip_odd and (m & 1):
                table[m] = 0
            else:
                table[m] = _grundy_of_mask(np.uint64(m), table)
    else:
        for m in range(lo, hi):
            table[m] = _outcome_of_mask(np.uint64(m), rule, table)


@worker(types.uint8)
def masks_blocks(moves, params, args, lo, hi, table, scratch):
    """Worker for the engine's tier orchestrator (:func:`~gtables.engine.kernels.run_tiers`):
    the blocks ``lo..hi-1`` of the list ``args[2:]`` (high parts ``H``, grouped by tier by
    :func:`mask_tiers`), each the ``2^low_bits`` consecutive masks with high part ``H``.
    ``params = [rule]`` (the move generator's, which this worker does not call), ``args =
    [grundy, low_bits, blocks...]``; ``scratch`` unused.

    A move either stays in its block (a chip of the low part moves) or lowers the tier
    ``S(H) = sum over the set bits i of H of (i + 1)`` (a chip of the high part moves down, or
    leaves the high part), so the blocks of one tier are independent: each runs the serial
    worker in index order, tiers in increasing order.  (Splitting by chip count is independent
    too, but walks the table out of order and ran slower than one thread.)
    """
    rule = params[0]
    grundy = args[0] != 0
    low_bits = args[1]
    for b in range(lo, hi):
        h = args[2 + b]
        masks_range(rule, grundy, h << low_bits, (h + 1) << low_bits, table)
    return DONE


def mask_tiers(high_bits: int) -> tuple[np.ndarray, np.ndarray]:
    """The high parts ``H`` (``high_bits`` bits) grouped by tier ``S(H)``: ``(tier_ptr, blocks)``."""
    h = np.arange(1 << high_bits, dtype=np.int64)
    s = np.zeros_like(h)
    for i in range(high_bits):
        s += ((h >> i) & 1) * (i + 1)
    order = np.argsort(s, kind="stable")
    counts = np.bincount(s, minlength=int(s.max()) + 1)
    return np.concatenate([[0], np.cumsum(counts)]).astype(np.int64), h[order]


@nb.njit(**JIT)
def combinations_all(rule, grundy, n, k, binom, table):
    """Serial worker for the fixed-``k`` space: every rank in order, walking the ``k``-subsets in
    colex order and keeping the squares (0-based ``c``) instead of unranking each position."""
    c = np.arange(k).astype(np.int64)
    size = table.size
    for r in range(size):
        if k > 0 and c[0] == 0 and rule <= 1:
            table[r] = 0 if (grundy or rule == 0) else 1
        else:
            seen = np.uint64(0)
            moved = False
            res = -1
            i = 0
            while i < k and res < 0:
                m = i
                while i + 1 < k and c[i + 1] == c[i] + 1:
                    i += 1
                if c[m] > 0:
                    acc = 0
                    for j in range(m, i + 1):
                        acc += binom[c[j] - 1, j]
                        v = table[np.uint64(r - acc)]   # unsigned: no negative-index check
                        moved = True
                        if not grundy and v == 0:
                            res = 1
                            break
                        seen |= _ONE << np.uint64(v)
                i += 1
            if res < 0:
                if grundy:
                    res = cttz(~seen)
                elif not moved:
                    res = 1 if rule == 3 else 0
                else:
                    res = 0
            table[r] = res
        # next k-subset in colex order
        i = 0
        while i < k:
            top = n if i == k - 1 else c[i + 1]
            if c[i] + 1 < top:
                c[i] += 1
                for j in range(i):
                    c[j] = j
                break
            i += 1


def fill_fast(game: Game, threads: int | None = None,
              ignore_memory: bool = False) -> tuple[np.ndarray, float]:
    """The table of a chips game by the specialised kernels; ``(values, seconds)``.

    ``threads=1``: the serial worker (masks in index order, or the colex walk); more threads (default:
    numba's) run independent blocks in parallel (all-subsets space; the fixed-``k`` space is serial).
    The memory check runs first unless ``ignore_memory``.
    """
    from ..engine.memory import check_memory
    check_memory(game, ignore_memory)
    rule = RULES.index(game.params["rule"])
    grundy = game.kind == GRUNDY
    table = np.zeros(game.space.size, dtype=np.uint8)
    t0 = time.perf_counter()
    if isinstance(game.space, SubsetSpace):
        n = game.space.n
        nw = threads or nb.get_num_threads()
        if nw <= 1:
            masks_range(rule, grundy, 0, game.space.size, table)
        else:
            old = nb.get_num_threads()
            nb.set_num_threads(min(nw, nb.config.NUMBA_NUM_THREADS))
            try:
                high = min(12, n // 2)
                ptr, blocks = mask_tiers(high)
                args = np.concatenate([[int(grundy), n - high], blocks]).astype(np.int64)
                run_tiers(masks_blocks, game.moves, game.move_params, args, ptr, table,
                          np.zeros((nw, 1), dtype=np.int64))
            finally:
                nb.set_num_threads(old)
    else:
        sp = game.space
        if sp.k > 62:
            raise GtablesError(f"{game.spec}: the specialised kernel holds option values in a 64-bit "
                               f"set and needs k <= 62; use the generic path (gtables compute)")
        combinations_all(rule, grundy, sp.n, sp.k, sp.binom, table)
    return table, time.perf_counter() - t0


# ----------------------------------------------------------------------------------------------
# the family
# ----------------------------------------------------------------------------------------------
def build(v: dict) -> Rules:
    rule, n, k = v["rule"], v["n"], v["k"]
    kind = kind_of(rule, v["value"])      # value=auto for the rule's own kind: GRAMMAR
    if k is None:
        if n > MAX_N_SUBSETS:
            raise GtablesError(f"chips: n = {n} squares with any number of chips is 2^{n} positions;"
                               f" the all-subsets space allows n <= {MAX_N_SUBSETS} (give k)")
        space = SubsetSpace(n)
        moves, params, max_opt = chips_mask_moves, np.array([RULES.index(rule)]), n
        what = f"every set of chips on squares 1..{n}"
    else:
        space = CombinationSpace(n, k)
        params = np.concatenate([[RULES.index(rule), n, k], space.binom.reshape(-1)])
        moves, max_opt = chips_comb_moves, 2 * k + 1
        what = f"{k} chips on squares 1..{n}"
    rules = {"A": "a chip on square 1 wins", "B": "a chip on square 1 loses",
             "C": "normal play", "D": "misère play"}
    return Rules(space=space, moves=moves, move_params=params, kind=kind, max_options=max_opt,
                 # the fixed-k kernel holds option values in a 64-bit set
                 fast_fill=None if (k is not None and k > 62) else FastFill(_fill),
                 describe=f"chip sliding, rule {rule} ({rules[rule]}): {what}")


def _fill(game: Game) -> np.ndarray:
    """The fast fill (``Rules.fast_fill``): the specialised kernels, tested equal to the generic path.
    The engine has checked memory before calling the hook, honouring ``--ignore-memory-limit``
    (``compute(..., ignore_memory=True)``), so the hook does not check again."""
    return fill_fast(game, ignore_memory=True)[0]


def slide_options(squares: tuple) -> list[tuple]:
    """Every set of squares one move away from ``squares`` (pure Python; no ending rule)."""
    s = set(squares)
    out = []
    for x in squares:
        y = x - 1
        while y in s:
            y -= 1
        if y >= 1:
            out.append(tuple(sorted((s - {x}) | {y})))
    return out


def options_ref(values: dict, position, side: int = 0):
    """The options of a position in plain Python (the family contract, :class:`Family`): the
    position is a row as ``space.unrank`` gives it (membership flags of squares ``1..n`` when
    ``k`` is absent, the ``k`` squares otherwise), each option ``(row,)`` in the same form.
    Under rules A and B a chip on square 1 ends the game: ``TERMINAL_LOSS`` (A: the player to
    move has lost) or ``TERMINAL_WIN`` (B), as the move generator returns."""
    verdict = terminal(values, position)
    if verdict:
        return verdict
    sq = squares(values, position)
    if values["k"] is None:
        width = len(position)
        return [(tuple(int(i + 1 in o) for i in range(width)),) for o in slide_options(sq)]
    return [(o,) for o in slide_options(sq)]


FAMILY = Family.from_grammar(
    GRAMMAR,
    summary="chip sliding on a strip (seeds 000, 003): move a chip to the nearest empty square "
            "on its left; rules A-D",
    build=build, example="chips:rule=A,n=20", position_help="squares of the chips, e.g. 4,6,8",
    options_ref=options_ref)
