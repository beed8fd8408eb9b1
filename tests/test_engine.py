"""Engine kernels against the reference solver (tests/reference.py) on toy games defined here."""
import dataclasses

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


def mk(space, moves, params, kind, max_options):
    """A toy game under a throwaway name (families get theirs from Family.game)."""
    return Game(spec="toy:", family="toy", params={}, space=space, moves=moves,
                move_params=params, kind=kind, max_options=max_options)


def toy(kind, size=200, m=3):
    return mk(HeapSpace(size), halve_or_take, np.array([m]), kind, m + 1)


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
    g = mk(HeapSpace(300), take_any, np.zeros(1), GRUNDY, 300)
    v, _ = fill(g)
    assert v.dtype == np.uint16 and (v == np.arange(301)).all()
    g = mk(HeapSpace(200), take_any, np.zeros(1), GRUNDY, 200)
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
    lose = mk(HeapSpace(30), terminal_rule, np.array([TERMINAL_LOSS]), OUTCOME, 2)
    win = mk(HeapSpace(30), terminal_rule, np.array([TERMINAL_WIN]), OUTCOME, 2)
    vl, _ = fill(lose)
    vw, _ = fill(win)
    assert vl[7] == 0 and vl[14] == 0 and vw[7] == 1
    # position 8: options 7, 6; under "lose" 7 is P so 8 is N
    assert vl[8] == 1
    gl, _ = fill(mk(HeapSpace(30), terminal_rule, np.array([TERMINAL_LOSS]), GRUNDY, 2))
    assert gl[7] == 0
    with pytest.raises(GtablesError, match="no Grundy value"):
        fill(mk(HeapSpace(30), terminal_rule, np.array([TERMINAL_WIN]), GRUNDY, 2))
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
        fill(mk(HeapSpace(10), split_moves, np.zeros(1), OUTCOME, 10))


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
    v, _ = fill(mk(HeapSpace(60), partizan_toy, np.zeros(1), PARTIZAN, 2))
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
    if lev == 0 or i % 4 == 1 + side:   # some positions: no move for one side (L and R occur)
        return 0
    c = 0
    for j in range(w):
        if (i + j + side) % 3 != 0:
            out[2 * c] = (lev - 1) * w + j
            out[2 * c + 1] = -1
            c += 1
    return c


class LayeredSpace(BoxSpace):
    def tier_bounds(self):
        lev, w = self.extents
        return np.arange(0, lev * w + 1, w, dtype=np.int64)


@pytest.mark.parametrize("kind", [GRUNDY, OUTCOME, MISERE, PARTIZAN])
def test_parallel_tiers_equal_serial(kind):
    w = 97
    par = mk(LayeredSpace([12, w]), layered, np.array([w]), kind, w)
    ser = mk(BoxSpace([12, w]), layered, np.array([w]), kind, w)
    a, _ = fill(par)
    b, _ = fill(ser)
    assert (a == b).all() and a.dtype == b.dtype
    if kind == PARTIZAN:
        assert set(np.unique(a).tolist()) > {0, 1}     # L or R occur: the sides really differ


@movegen
def all_lower_levels(pos, side, params, out):
    # position (level, i), W = params[0] per level: options are the first position of every
    # lower level, so every position of level l has Grundy value l
    w = params[0]
    lev = pos // w
    for k in range(lev):
        out[2 * k] = k * w
        out[2 * k + 1] = -1
    return lev


def test_parallel_tiers_widen_on_overflow():
    # values pass 255 in tier 256: the orchestrator stops there, the driver widens and reruns
    w, levels = 3, 300
    g = mk(LayeredSpace([levels, w]), all_lower_levels, np.array([w]), GRUNDY, levels)
    v, _ = fill(g, threads=2)
    assert v.dtype == np.uint16
    assert (v == np.repeat(np.arange(levels), w)).all()


def test_game_is_frozen_and_named_by_its_family():
    from gtables import games

    g = games.parse("octal:code=.070,size=40")
    assert g.spec == "octal:code=0.07,size=40" and g.family == "octal"
    assert g.params == {"code": "0.07", "size": 40, "play": "normal", "total": None}
    for field, value in (("spec", "x"), ("max_options", 1), ("sequence", None), ("kind", OUTCOME)):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(g, field, value)
    assert g.is_sequence and g.sequence_key == "octal:code=0.07"
    assert g.sequence.period_theorem == "Guy-Smith" and g.sequence.period_bound(1, 4) == 2 + 8 + 2
    plain = dataclasses.replace(g, sequence=None)       # a variant is a new record
    assert not plain.is_sequence and plain.sequence_key == "" and g.is_sequence
    # misère octal tables and the other families are not sequence tables
    assert not games.parse("octal:code=0.03,size=40,play=misere").is_sequence
    assert not games.parse("nim:heaps=2,size=5").is_sequence
    # the generic path ignores the strategies and gives the same values
    assert (fill(g)[0] == fill(g, generic=True)[0]).all()
    row = games.parse("endnim_row:mode=impartial,prefix=1.4,size=30")
    assert row.fast_fill is not None and row.fast_fill.peak_bytes == row.space.size * 17
    assert (fill(row)[0] == fill(row, generic=True)[0]).all()
    with pytest.raises(ValueError, match="unknown value kind"):
        mk(HeapSpace(3), take_any, np.zeros(1), "nimbers", 2)
    # options() and describe_option() still run the generator from Python
    n, opts = g.options(5)
    assert n == len(opts) and (3, -1) in opts and (1, 2) in opts
    assert g.describe_option(1, 2) == "1+2"


def test_status_codes_decode_to_one_meaning():
    from gtables.engine import kernels as K
    from gtables.engine import status as S
    from gtables.games import octal
    from gtables.games.octal import kernels as octal_kernels

    assert S.decode(S.DONE) is None
    assert len({c.name for c in S.CODES.values()}) == len(S.CODES)
    assert sorted(S.CODES) == list(range(len(S.CODES))) and len(S.CODES) <= S.BASE
    with pytest.raises(ValueError):
        S.decode(-5)
    # an engine kernel's status: TERMINAL_WIN at heap 7 of a Grundy table
    g = mk(HeapSpace(30), terminal_rule, np.array([TERMINAL_WIN]), GRUNDY, 2)
    table = np.zeros(31, np.uint8)
    scratch = np.zeros(K.scratch_width(2), np.int64)
    st = K.grundy_range(g.moves, g.move_params, np.array([255, 6]), 0, 31, table, scratch)
    stop = S.decode(st)
    assert (stop.pos, stop.code, stop.name, stop.resumable) == (7, S.BAD_TERMINAL, "BAD_TERMINAL",
                                                                 False)
    assert stop.message("t:", "7") == ("t:: position 7 ends the game with a win for the player "
                                       "to move, which has no Grundy value (ask for outcomes "
                                       "instead)")
    assert "partizan tables" in stop.message("t:", "7", kind=PARTIZAN)
    assert isinstance(stop.error("t:"), GtablesError)
    # the octal kernels speak the same vocabulary: Kayles (0.07) first reaches 3 at heap 6
    whole, take, split, unequal, three = octal_kernels.move_arrays(octal.digits("0.07"))
    state = np.zeros(5, np.int64)
    state[0] = 2
    st = octal_kernels.naive_range(whole, take, split, unequal, three, 0, 20, np.zeros(20, np.uint8), 2,
                                   state, np.zeros(8, np.int64))
    stop = S.decode(st)
    assert (stop.pos, stop.name) == (6, "OVERFLOW") and stop.resumable
    # a value that outgrows the mark arrays asks for more scratch, resuming at the next heap
    state[0] = 1
    st = octal_kernels.naive_range(whole, take, split, unequal, three, 0, 20, np.zeros(20, np.uint8), 255,
                                   state, np.zeros(4, np.int64))
    stop = S.decode(st)
    assert (stop.pos, stop.name) == (5, "SCRATCH_FULL")     # G(4) = 2 needs 2 << 2 marks


def test_memory_refusal_before_allocating():
    g = mk(HeapSpace(1 << 45), take_any, np.zeros(1), GRUNDY, 2)
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


# -- one engine: one mex, one status vocabulary, one fill driven from the engine -----------------
def test_one_mex_is_the_mex_of_every_set():
    from gtables.engine.mex import add_small, bits_mex, stamped_mex
    rng = np.random.default_rng(5)
    seen = np.zeros(200, np.int64)
    for stamp in range(1, 400):
        # sets around the 64-bit boundary of the fast path: dense below a cut, sparse above
        cut = int(rng.integers(0, 130))
        vals = [v for v in range(cut) if rng.random() < 0.97] + \
            rng.integers(0, 190, size=int(rng.integers(0, 6))).tolist()
        want = min(set(range(200)) - set(vals))
        bits = np.uint64(0)
        for v in vals:                  # the kernels' pattern: a set below 64, marks above
            if v < 64:
                bits = add_small(bits, np.int64(v))
            else:
                seen[v] = stamp
        g = bits_mex(bits)
        assert g == min(want, 64)
        if g == 64:
            g = stamped_mex(seen, np.int64(stamp), 64)
        assert g == want, (stamp, sorted(vals))
        marks = np.zeros(200, np.int64)
        marks[vals] = stamp
        assert stamped_mex(marks, np.int64(stamp)) == want


def test_the_cell_kernels_codes_are_the_status_codes():
    from gtables.engine import status as S
    names = ["NOT_SMALLER", "BAD_COUNT", "BAD_SPLIT", "LAYER_CROSSED", "BUDGET", "HASH_FULL",
             "STACK_FULL", "OVERFLOW"]
    codes = [getattr(S, n) for n in names]
    assert len(set(codes)) == len(codes) and [S.CODES[c].name for c in codes] == names
    stop = S.decode(7 * S.BASE + S.BAD_COUNT)
    assert stop.message("g:", "x", count=5, max_options=2) == \
        "g:: moves(x) returned 5 options; it must return 0..max_options (2)"


def _take_any(pos, side, params, out):
    # one heap of pos tokens, take any number: the Grundy value of pos is pos (past 64 here)
    for i in range(pos):
        out[i] = i
    return pos


def test_define_game_tables_come_from_the_engine_past_64(tmp_path):
    """A game of one slot per option is filled by the engine (no fill of its own in games/),
    layered or in index order, and searched, with Grundy values past the 64-bit fast path of the
    mex; a table re-derives, and a changed value is found where it was changed."""
    from gtables.engine import search
    from gtables.engine.moves import Moves
    from gtables.engine.rederive import rederive
    from gtables.games.usergame import define_game
    fam = define_game("enginetake", space="integers", moves=_take_any, max_options=5000)
    g = fam.game(fam.parse([("size", "5000")]))
    assert g.moves_type is Moves and g.fast_fill is None
    want = np.arange(5000)
    for threads in (1, 2):
        v, _ = fill(g, threads=threads, progress=False)
        assert v.dtype == np.uint16 and (v == want).all()
    assert rederive(g, v) is None
    bad = v.copy()
    bad[700] = 3
    assert rederive(g, bad) == 700
    small = fam.game(fam.parse([("size", "300")]))
    path = str(tmp_path / "take.npz")
    assert search.solve(small, 299, checkpoint=path, progress=False).value == 299
    again = search.solve(small, 299, checkpoint=path, progress=False)    # no seal: re-derived
    assert again.value == 299 and again.resumed_by == "re-derived" and again.resumed == 300


def test_a_serial_fills_compute_seconds_are_its_own():
    import time
    g = toy(GRUNDY, size=3000)
    t0 = time.perf_counter()
    _, seconds = fill(g, threads=1)
    assert 0 <= seconds <= time.perf_counter() - t0
