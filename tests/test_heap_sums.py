"""Tables of sums of heaps (``octal:...,total=T``, ``nim:total=T``, ``subtraction:...,total=T``):
the partition space, the heap-sum kernels against the reference solver and against an
independent recursion on sums of single heaps, Bouton's misère Nim rule, and the CLI."""
from __future__ import annotations

import functools
from collections import Counter

import numpy as np
import pytest
from reference import Solver, reference_table

import gtables
from gtables.engine.compute import fill
from gtables.engine.heapsums import heap_sum_params
from gtables.engine.kernels import N, P
from gtables.engine.spaces import PartitionSpace, from_meta
from gtables.engine.spaces.partition_kernels import partition_next, partition_unrank, rank_replace
from gtables.errors import GtablesError


def all_partitions(n, top=None):
    """Every partition of ``n`` with parts ``<= top``, parts decreasing (plain recursion)."""
    top = n if top is None else top
    if n == 0:
        yield ()
        return
    for s in range(min(n, top), 0, -1):
        for rest in all_partitions(n - s, s):
            yield (s, *rest)


@pytest.mark.parametrize("T", [0, 1, 2, 7, 13])
def test_partition_space_order_and_round_trip(T):
    space = PartitionSpace(T)
    expected = [p for n in range(T + 1) for p in sorted(all_partitions(n))]  # total, then lex
    assert space.size == len(expected)
    rows = space.unrank(np.arange(space.size))
    assert [tuple(int(x) for x in r if x) for r in rows] == expected
    assert (space.rank_array(rows) == np.arange(space.size)).all()
    shuffled = np.ascontiguousarray(rows[:, ::-1])          # any order of the parts ranks
    assert (space.rank_array(shuffled) == np.arange(space.size)).all()
    assert from_meta(space.meta()).meta() == space.meta()
    assert list(space.tier_bounds()) == [0] + list(np.cumsum(
        [sum(1 for _ in all_partitions(n)) for n in range(T + 1)]))


def test_partition_helpers_step_and_replace():
    T = 11
    space = PartitionSpace(T)
    sizes, counts = np.zeros(T + 1, np.int64), np.zeros(T + 1, np.int64)
    for idx in range(space.size):
        d = partition_unrank(space.tables, idx, sizes, counts)
        parts = [int(s) for s, c in zip(sizes[:d], counts[:d]) for _ in range(c)]
        n = sum(parts)
        for h in set(parts):
            for a in range(h + 1):
                for b in range(a + 1):
                    if a + b > h:
                        continue
                    new = sorted([x for x in (*parts, a, b) if x > 0], reverse=True)
                    new.remove(h)
                    row = np.zeros(T, np.int64)
                    row[:len(new)] = new
                    assert rank_replace(space.tables, sizes, counts, d, n, h, a, b) == \
                        space.rank_array(row[None])[0]
        s2, c2 = sizes.copy(), counts.copy()
        d2 = partition_next(s2, c2, d)
        if idx + 1 < space.size and space.offsets[n + 1] != idx + 1:
            assert d2 > 0 and partition_rank_of(space, s2, c2, d2) == idx + 1
        else:
            assert d2 == -1 or n == 0


def partition_rank_of(space, sizes, counts, d):
    row = np.zeros(space.width, np.int64)
    parts = [int(s) for s, c in zip(sizes[:d], counts[:d]) for _ in range(c)]
    row[:len(parts)] = parts
    return int(space.rank_array(row[None])[0])


def test_partition_space_parse_and_errors():
    space = PartitionSpace(10)
    assert space.format(space.parse(" 3, 5,0,1")) == "5,3,1"
    assert space.format(space.parse("{}")) == "{}" == space.format(space.parse("{ }"))
    assert space.format(space.parse("{2,5}")) == "5,2"
    for bad, msg in [("4,7", "total 11 is off"), ("-1,2", "negative"), ("x", "not an integer"),
                     ("{1,2", "unbalanced"), ("1,2}", "unbalanced")]:
        with pytest.raises(GtablesError, match=msg):
            space.parse(bad)
    with pytest.raises(GtablesError, match="0..120"):
        PartitionSpace(121)
    with pytest.raises(ValueError, match="does not remove"):
        heap_sum_params(space, lambda h: [(h,)])


SPECS = ["octal:code=0.77,play=misere,total=12", "octal:code=0.07,play=misere,total=12",
         "octal:code=0.137,play=misere,total=12", "octal:code=4.7,play=misere,total=10",
         "octal:code=0.6,play=misere,total=12", "octal:code=0.4!7,play=misere,total=11",
         "octal:code=4!.0,play=misere,total=10", "octal:code=0.77,total=12",
         "octal:code=0.07,total=11"]


@pytest.mark.parametrize("spec", SPECS)
def test_kernels_equal_reference_and_independent_recursion(spec):
    """The fast fill and the generic kernel equal the reference solver (recursion over the
    family's multiset options), and both equal a recursion that knows only single heaps: the
    reference solver's brute force over sums of the one-heap game's options (``size=``)."""
    game, ref = reference_table(spec)
    generic, _ = fill(game, generic=True)
    fast, _ = fill(game, threads=2)
    assert (generic == ref).all() and (fast == ref).all()
    code, total = game.params["code"], game.params["total"]
    heaps = Solver.of(f"octal:code={code},size={total}")
    misere = game.params["play"] == "misere"
    rows = game.space.unrank(np.arange(game.space.size))
    sums = [N if heaps.wins(tuple((int(h),) for h in r if h), misere=misere) else P for r in rows]
    assert (fast == np.array(sums)).all()
    print(f"{spec}: {game.space.size} positions, {int((fast == P).sum())} P-positions")


def bouton_misere(heaps) -> int:
    """Bouton (1902): misère Nim is lost by the player to move iff every heap is <= 1 and the
    number of 1-heaps is odd, or some heap is >= 2 and the XOR of the heaps is 0."""
    x = functools.reduce(lambda a, b: a ^ b, heaps, 0)
    if all(h <= 1 for h in heaps):
        return P if sum(heaps) % 2 else N
    return P if x == 0 else N


# nim and subtraction with total=: the same kernels, heaps' options from the family
FAMILY_SPECS = ["nim:play=misere,total=12", "nim:total=11",
                "subtraction:set=1-3,play=misere,total=13", "subtraction:set=2+5+6,total=13",
                "subtraction:set=1+4,play=misere,total=12",
                "subtraction:allbut=2,play=misere,total=12", "subtraction:allbut=1+3,total=11"]


def single_heap_spec(game) -> str:
    """The one-heap table of the same rules (``size=T``): what the independent recursion
    sums."""
    v, T = game.params, game.params["total"]
    if game.family == "nim":
        return f"nim:heaps=1,size={T}"
    rule = f"set={{{','.join(map(str, v['set']))}}}" if v["set"] is not None else \
        f"allbut={{{','.join(map(str, v['allbut']))}}}"
    return f"subtraction:{rule},size={T}"


@pytest.mark.parametrize("spec", FAMILY_SPECS)
def test_nim_and_subtraction_sums_equal_reference_and_recursion(spec):
    """As for octal: the fast fill and the generic kernel equal the reference solver on every
    sum, and a recursion over sums of the family's one-heap positions (``size=T``, a different
    space and options function)."""
    game, ref = reference_table(spec)
    generic, _ = fill(game, generic=True)
    fast, _ = fill(game, threads=2)
    assert (generic == ref).all() and (fast == ref).all()
    heaps = Solver.of(single_heap_spec(game))
    misere = game.params["play"] == "misere"
    rows = game.space.unrank(np.arange(game.space.size))
    sums = [N if heaps.wins(tuple((int(h),) for h in r if h), misere=misere) else P for r in rows]
    assert (fast == np.array(sums)).all()
    print(f"{spec}: {game.space.size} positions, {int((fast == P).sum())} P-positions")


@pytest.mark.parametrize("T", [0, 1, 24])
def test_bouton_misere_nim_family(T):
    """``nim:play=misere,total=T`` is Bouton's misère Nim on every multiset of heaps of total
    <= T; in normal play, P iff the XOR is 0."""
    t = gtables.compute(f"nim:play=misere,total={T}", store=None, progress=False)
    rows = t.space.unrank(np.arange(t.space.size))
    assert [bouton_misere([int(h) for h in r if h]) for r in rows] == list(t.values)
    n = gtables.compute(f"nim:total={T}", store=None, progress=False)
    xor = functools.reduce(np.bitwise_xor, rows.T, np.zeros(len(rows), dtype=np.int64)) \
        if T else np.zeros(1, dtype=np.int64)
    assert (n.values == np.where(xor == 0, P, N)).all()


def test_subtraction_one_token_is_parity_and_specs():
    """``set=1``: every game lasts exactly as many moves as tokens (misère: the player to move
    wins iff the total is even); and the canonical specs of the new key."""
    t = gtables.compute("subtraction:set=1,play=misere,total=18", store=None, progress=False)
    totals = t.space.unrank(np.arange(t.space.size)).sum(axis=1)
    assert (t.values == np.where(totals % 2 == 0, N, P)).all()
    from gtables.games import canonical
    assert canonical("subtraction:total=9,set={3,1,2}") == "subtraction:set=1-3,total=9"
    assert canonical("nim:total=9,play=misere") == "nim:play=misere,total=9"


@pytest.mark.parametrize("T", [14])
def test_bouton_misere_nim(T):
    """Nim on heaps <= T is the octal game 0.33...3 with T digits (take 1..T from a heap)."""
    values = gtables.compute(f"octal:code=0.{'3' * T},play=misere,total={T}", store=None,
                             progress=False)
    rows = values.space.unrank(np.arange(values.space.size))
    assert [bouton_misere([int(h) for h in r if h]) for r in rows] == list(values.values)


def test_one_token_per_move_is_parity():
    """0.3 (take exactly one token, a heap may vanish) in misère play: the player to move wins
    iff the number of tokens is even (every game lasts exactly that many moves)."""
    t = gtables.compute("octal:code=0.3,play=misere,total=20", store=None, progress=False)
    totals = t.space.unrank(np.arange(t.space.size)).sum(axis=1)
    assert (t.values == np.where(totals % 2 == 0, N, P)).all()


def test_spec_errors():
    for spec, msg in [("octal:code=0.77", "missing key 'size'.*or 'total'"),
                      ("octal:code=0.77,size=5,total=5", "exclude each other"),
                      ("octal:code=0.77,total=101", "out of range"),
                      ("octal:code=0.07,size=9,play=misere", "use total="),
                      ("nim:total=5,heaps=2", "excludes heaps= and size="),
                      ("nim:heaps=2", "missing key 'size'"), ("nim:total=101", "out of range"),
                      ("subtraction:set=1-3", "missing key 'size'"),
                      ("subtraction:set=1,total=5,size=5", "excludes size= and heaps="),
                      ("subtraction:allbut=2,total=5,heaps=2", "excludes size= and heaps=")]:
        with pytest.raises(GtablesError, match=msg):
            gtables.compute(spec, store=None, progress=False)


def test_query_heaps_in_any_order_with_moves(tmp_path):
    spec = "octal:code=0.77,play=misere,total=12"
    t = gtables.compute(spec, store=None, progress=False)
    assert t.value("5,3,4") == t.value("3,4,5") == t.value([4, 5, 3] + [0] * 9)
    moves = t.moves("3,4,5")
    ref = Solver.of(spec)
    opts = Counter(ref.options((5, 4, 3) + (0,) * 9))
    assert len(moves) == sum(opts.values())
    assert all(m["wins"] == (t.value(m["to"]) == P) for m in moves)
