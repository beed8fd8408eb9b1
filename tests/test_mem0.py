"""Mem0 (Nim with a local memory): the fast fill and the compact rows against the generic kernel and
the reference solver on every position of small tables, an independent brute force of the raw rule
(no identification of positions), sums by XOR against brute force over sums, the literature's
values (OEIS A131469, A351630), and the claims failing on a wrong table."""
import functools

import numpy as np
import pytest
from reference import Solver, check_on, reference_table

import gtables
from gtables.engine.compute import fill
from gtables.games import parse
from gtables.games.mem0 import compact_rows
from gtables.verify import memory as M


@pytest.mark.parametrize("spec", ["mem0:size=30", "mem0:size=25,min=2", "mem0:size=25,max=6",
                                  "mem0:size=28,min=3,max=9", "mem0:size=0"])
def test_fast_fill_equals_generic_and_reference(spec):
    g = parse(spec)
    fast, _ = fill(g)
    generic, _ = fill(g, generic=True)
    ref = reference_table(spec)[1]
    assert fast.astype(np.int64).tolist() == generic.astype(np.int64).tolist() == ref


@functools.cache
def raw(n: int, last: int, lo: int = 1, hi: int | None = None) -> int:
    """G of a heap of n after ``last`` was taken, straight from the rule (no identification)."""
    top = n if hi is None else min(hi, n)
    seen = {raw(n - x, x, lo, hi) for x in range(lo, top + 1) if x != last}
    g = 0
    while g in seen:
        g += 1
    return g


def test_every_position_against_the_raw_rule():
    size = 60
    t = gtables.compute(f"mem0:size={size}", store=None, progress=False)
    pos = t.game.space.unrank(np.arange(t.game.space.size))
    assert [int(v) for v in t.values] == [raw(int(n), int(k)) for n, k in pos]
    # a last amount beyond the heap restricts nothing: the raw rule agrees
    assert all(raw(n, k) == raw(n, 0) for n in range(20) for k in range(n + 1, 25))


def test_sums_by_xor_against_brute_force():
    """Two and three heaps, each with its own memory: the player to move wins exactly when the
    XOR of the heaps' values is non-zero (brute force over the sum, no Grundy theory)."""
    solver = Solver.of("mem0:size=14")
    heaps = [(n, k) for n in range(9) for k in range(n + 1)]
    for a in heaps:
        for b in heaps:
            assert solver.wins((a, b)) == bool(raw(*a) ^ raw(*b)), (a, b)
    for c in [((3, 1), (5, 2), (6, 0)), ((4, 4), (4, 0), (2, 1)), ((7, 3), (2, 2), (5, 0))]:
        assert solver.wins(c) == bool(raw(*c[0]) ^ raw(*c[1]) ^ raw(*c[2]))


def test_compact_rows_rebuild_the_table():
    size = 700
    g = parse(f"mem0:size={size}")
    values, _ = fill(g)
    mex, start, exc_k, exc_v = compact_rows(size, capacity=8)    # grows its buffer on the way
    off = g.space.offsets
    rebuilt = np.repeat(mex, np.diff(off))
    rows = np.repeat(np.arange(size + 1), np.diff(start))
    rebuilt[off[rows] + exc_k] = exc_v
    assert np.array_equal(rebuilt, values.astype(np.int64))
    assert np.all(exc_v < mex[rows])            # an exception is a value below the row's mex


def test_literature_values():
    t = gtables.compute("mem0:size=3000", store=None, progress=False)
    off = t.game.space.offsets
    g0 = np.asarray(t.values)[off[:-1]]
    assert g0[:len(M.A131469)].tolist() == list(M.A131469)          # OEIS A131469
    seen = M.heaps_of_values(np.asarray(t.values), off)
    assert seen[12][0] == 22 and seen[1270][0] == 2782               # first heaps (ours)
    # 0, 12 and 1270 keep appearing to the end; a value that is not a term dies out
    assert all(seen[m][-1] >= 2990 for m in (0, 12, 1270))
    assert seen[100][-1] < 1000


def test_global_rule_one_heap_is_mem0():
    glob = gtables.compute("nimlike:heaps=1,max=40,norepeat=1,size=40", store=None,
                           progress=False)
    pos = glob.game.space.unrank(np.arange(glob.game.space.size))
    assert [int(v != 0) for v in glob.values] == [int(raw(int(n), int(k)) != 0) for n, k in pos]


def _claims(scale="small"):
    return {c.name: c for c in M.memory_claims(scale)}


@pytest.mark.parametrize("name", sorted(_claims()))
def test_claims_hold_and_fail_on_a_wrong_table(name):
    c = _claims()[name]
    assert check_on(c).status == "HOLDS"

    def wrong(spec, t, v):
        if spec.startswith("nimlike"):
            v[t.game.space.index([20, 3])] ^= 1
            return
        off = t.game.space.offsets
        v[off[5]] = 9                                  # G(5, 0) in A131469's range
        tail = slice(off[off.size - 50], off[-1])    # the last 49 heaps: 0 and 12 vanish, 5
        v[tail] = np.where(v[tail] <= 12, 5, v[tail])  # (first seen at heap 8) comes back
    assert check_on(c, wrong).status == "FAILS"


def test_bad_positions_are_one_line_errors():
    t = gtables.compute("mem0:size=10", store=None, progress=False)
    for bad in ("4,last=7", "11", "4,last=-1", "x"):
        with pytest.raises(gtables.GtablesError) as e:
            t.game.space.index(t.game.space.parse(bad))
        assert "\n" not in str(e.value)
