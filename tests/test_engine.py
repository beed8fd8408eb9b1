"""Engine kernels against the reference solver (tests/reference.py) on toy games defined here."""
import numpy as np
import pytest
from reference import Solver

from gtables.engine.compute import fill
from gtables.engine.game import GRUNDY, MISERE, OUTCOME, PARTIZAN, Game
from gtables.engine.kernels import LEFT, TERMINAL_LOSS, TERMINAL_WIN, movegen
from gtables.engine.spaces import BoxSpace, HeapSpace
from gtables.errors import GtablesError


@movegen
def halve_or_take(pos, side, params, out):
    # remove 1..params[0], or halve the heap (floor)
    c = 0
    for k in range(1, params[0] + 1):
        if k <= pos:
            out[2 * c] = pos - k
            out[2 * c + 1] = -1
            c += 1
    if pos >= 2:
        out[2 * c] = pos // 2
        out[2 * c + 1] = -1
        c += 1
    return c


def toy_solver(m):
    """The reference solver on the toy game's options, written again in plain Python."""
    return Solver(lambda p, side: [((p[0] - k,),) for k in range(1, m + 1) if k <= p[0]]
                  + ([((p[0] // 2,),)] if p[0] >= 2 else []))


def toy(kind, size=200, m=3):
    return Game("toy", "toy", {}, HeapSpace(size), halve_or_take, np.array([m]), kind, m + 1)


@pytest.mark.parametrize("m", [1, 2, 5])
def test_grundy_and_outcomes_match_reference(m):
    ref = toy_solver(m)
    heaps = [(n,) for n in range(201)]
    g, _ = fill(toy(GRUNDY, m=m))
    assert [int(x) for x in g] == ref.table(heaps, GRUNDY)
    o, _ = fill(toy(OUTCOME, m=m))
    assert [int(x) for x in o] == ref.table(heaps, OUTCOME)
    mi, _ = fill(toy(MISERE, m=m))
    assert [int(x) for x in mi] == ref.table(heaps, MISERE)
    assert ((g == 0) == (o == 0)).all()


@movegen
def take_any(pos, side, params, out):
    for k in range(pos):
        out[2 * k] = k
        out[2 * k + 1] = -1
    return pos


def test_dtype_widens_when_values_outgrow_uint8():
    g = Game("t", "t", {}, HeapSpace(300), take_any, np.zeros(1), GRUNDY, 300)
    v, _ = fill(g)
    assert v.dtype == np.uint16 and (v == np.arange(301)).all()
    g = Game("t", "t", {}, HeapSpace(200), take_any, np.zeros(1), GRUNDY, 200)
    assert fill(g)[0].dtype == np.uint8


@movegen
def terminal_rule(pos, side, params, out):
    # positions that are multiples of 7 (except 0) end the game: params[0] says how
    if pos > 0 and pos % 7 == 0:
        return params[0]
    c = 0
    for k in (1, 2):
        if k <= pos:
            out[2 * c] = pos - k
            out[2 * c + 1] = -1
            c += 1
    return c


def test_terminal_codes():
    lose = Game("t", "t", {}, HeapSpace(30), terminal_rule, np.array([TERMINAL_LOSS]), OUTCOME, 2)
    win = Game("t", "t", {}, HeapSpace(30), terminal_rule, np.array([TERMINAL_WIN]), OUTCOME, 2)
    vl, _ = fill(lose)
    vw, _ = fill(win)
    assert vl[7] == 0 and vl[14] == 0 and vw[7] == 1
    # position 8: options 7, 6; under "lose" 7 is P so 8 is N
    assert vl[8] == 1
    gl, _ = fill(Game("t", "t", {}, HeapSpace(30), terminal_rule, np.array([TERMINAL_LOSS]), GRUNDY, 2))
    assert gl[7] == 0
    with pytest.raises(GtablesError, match="no Grundy value"):
        fill(Game("t", "t", {}, HeapSpace(30), terminal_rule, np.array([TERMINAL_WIN]), GRUNDY, 2))
    # the whole tables against the reference solver, whose options give the same terminal codes
    heaps = [(n,) for n in range(31)]
    for code, kind, values in ((TERMINAL_LOSS, OUTCOME, vl), (TERMINAL_WIN, OUTCOME, vw),
                               (TERMINAL_LOSS, GRUNDY, gl)):
        ref = Solver(lambda p, side, code=code: code if p[0] > 0 and p[0] % 7 == 0 else
                     [((p[0] - k,),) for k in (1, 2) if k <= p[0]])
        assert [int(x) for x in values] == ref.table(heaps, kind), (code, kind)


@movegen
def split_moves(pos, side, params, out):
    c = 0
    for a in range(1, pos // 2 + 1):
        out[2 * c] = a
        out[2 * c + 1] = pos - a - 0
        c += 1
    return c


def test_sum_options_refused_in_outcome_tables():
    with pytest.raises(GtablesError, match="sum of two positions"):
        fill(Game("t", "t", {}, HeapSpace(10), split_moves, np.zeros(1), OUTCOME, 10))


@movegen
def partizan_toy(pos, side, params, out):
    # one heap; Left removes 1 or 2, Right removes 1 or 3
    c = 0
    for k in ((1, 2) if side == LEFT else (1, 3)):
        if k <= pos:
            out[2 * c] = pos - k
            out[2 * c + 1] = -1
            c += 1
    return c


def test_partizan_matches_reference():
    v, _ = fill(Game("t", "t", {}, HeapSpace(60), partizan_toy, np.zeros(1), PARTIZAN, 2))
    ref = Solver(lambda p, side: [((p[0] - k,),) for k in ((1, 2) if side == LEFT else (1, 3))
                                  if k <= p[0]])
    assert [int(x) for x in v] == ref.table([(n,) for n in range(61)], PARTIZAN)
    # by hand: 0 is P; from 1 either player moves to 0 (N); from 2 only Left reaches 0 (L)
    assert "".join("PNLR"[x] for x in v[:3]) == "PNL"


@movegen
def layered(pos, side, params, out):
    # positions (level, i) ranked level-major with W per level; options: every position of the
    # level below whose i divides into ours, a game with contiguous independent tiers
    w = params[0]
    lev = pos // w
    i = pos % w
    if lev == 0:
        return 0
    c = 0
    for j in range(w):
        if (i + j) % 3 != 0:
            out[2 * c] = (lev - 1) * w + j
            out[2 * c + 1] = -1
            c += 1
    return c


class LayeredSpace(BoxSpace):
    def tier_bounds(self):
        lev, w = self.extents
        return np.arange(0, lev * w + 1, w, dtype=np.int64)


@pytest.mark.parametrize("kind", [GRUNDY, OUTCOME, MISERE])
def test_parallel_tiers_equal_serial(kind):
    w = 97
    par = Game("t", "t", {}, LayeredSpace([12, w]), layered, np.array([w]), kind, w)
    ser = Game("t", "t", {}, BoxSpace([12, w]), layered, np.array([w]), kind, w)
    a, _ = fill(par)
    b, _ = fill(ser)
    assert (a == b).all() and a.dtype == b.dtype


def test_memory_refusal_before_allocating():
    g = Game("t", "t", {}, HeapSpace(1 << 45), take_any, np.zeros(1), GRUNDY, 2)
    with pytest.raises(GtablesError, match="needs about"):
        fill(g)


def test_box_space_rank_unrank_roundtrip():
    s = BoxSpace([4, 5, 6])
    idx = np.arange(s.size)
    assert (s.rank(s.unrank(idx)) == idx).all()
    with pytest.raises(GtablesError, match="larger than"):
        s.rank([3, 5, 0])
    with pytest.raises(GtablesError, match="negative"):
        s.rank([-1, 0, 0])
    with pytest.raises(GtablesError, match="outside the table"):
        s.unrank([s.size])
