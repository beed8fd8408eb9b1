"""Re-deriving a table from its own values (:mod:`gtables.engine.rederive`): a true table agrees
with itself everywhere, and one changed value is found exactly where it was changed, in every value
kind (Grundy, normal and misère outcomes, partizan outcomes) and on the sequence path."""
from __future__ import annotations

import numpy as np
import pytest

from gtables import games
from gtables.engine.compute import fill
from gtables.engine.rederive import rederive, sample_positions

SPECS = [
    "octal:code=0.07,size=200",              # Dawson's Kayles: a sequence table, splits
    "octal:code=4!.0,size=100",
    "nim:heaps=2,size=12",                   # sums of heaps
    "nim:heaps=1,size=20,play=misere",       # misère outcomes
    "chips:rule=B,n=6",                      # outcomes with terminal rules, the family's own fill
    "endnim:mode=partizan,len=3,max=3",      # partizan outcome classes
]


@pytest.fixture(scope="module", params=SPECS)
def table(request):
    game = games.parse(request.param)
    values, _ = fill(game)
    return game, values


def test_a_true_table_agrees_with_itself(table):
    game, values = table
    values.setflags(write=False)                 # as read from the store
    assert rederive(game, values) is None
    assert rederive(game, values, sample_positions(values.size, random=20, last=5)) is None


def test_one_changed_value_is_found_where_it_was_changed(table):
    game, values = table
    size = values.size
    for c in sorted({1, size // 3, size - 1}):
        bad = values.copy()
        bad[c] ^= 1                  # another Grundy value; P<->N, L<->R: always another value
        before = bad.copy()
        assert rederive(game, bad) == c
        assert np.array_equal(bad, before)       # the caller's array is not written
        sample = sample_positions(size, random=10, last=3, seed=1)
        assert rederive(game, bad, np.union1d(sample, [c])) == c
        found = rederive(game, bad, sample[sample != c])
        assert found is None or found > c        # nothing below c is wrong


def test_a_value_beyond_the_dtype_is_a_mismatch():
    game = games.parse("nim:heaps=1,size=300")   # G(n) = n: uint16
    values, _ = fill(game)
    assert values.dtype == np.uint16 and rederive(game, values) is None
    assert rederive(game, values.astype(np.uint64)) is None
    assert rederive(game, values.astype(np.uint8)) == 256     # the worker overflows at 256
    wide = values.astype(np.int64)
    wide[280] = 1 << 40                          # fits no table dtype
    assert rederive(game, wide) == 280
    assert rederive(game, wide, [3, 280, 290]) == 280
    wide[280] = -1
    assert rederive(game, wide, np.arange(100, 300)) == 280


def test_sample_positions():
    s = sample_positions(10_000, random=50, last=20)
    assert s.dtype == np.int64 and np.all(np.diff(s) > 0)
    assert set(range(16)) <= set(s) and set(range(9980, 10_000)) <= set(s)
    assert np.array_equal(s, sample_positions(10_000, random=50, last=20))   # seeded
    assert not np.array_equal(s, sample_positions(10_000, random=50, last=20, seed=1))
    assert list(sample_positions(5)) == [0, 1, 2, 3, 4]
    assert sample_positions(0).size == 0


def test_bad_arguments():
    game = games.parse("nim:heaps=1,size=20,play=misere")
    values, _ = fill(game)
    with pytest.raises(ValueError, match="ascending"):
        rederive(game, values, [3, 2])
    with pytest.raises(ValueError, match="lie in"):
        rederive(game, values, [21])
    with pytest.raises(ValueError, match="shape"):
        rederive(game, np.append(values, 0))
    with pytest.raises(ValueError, match="integer"):
        rederive(game, values.astype(float))
    assert rederive(game, values, []) is None


def test_a_prefix_is_checked_on_its_own():
    game = games.parse("octal:code=0.07,size=200")
    values, _ = fill(game)
    assert rederive(game, values[:50]) is None
    bad = values[:50].copy()
    bad[40] ^= 1
    assert rederive(game, bad) == 40
    with pytest.raises(ValueError, match="lie in"):
        rederive(game, values[:50], [60])


@pytest.mark.parametrize("spec", ["octal:code=0.6,size=3000", "octal:code=4!.0,size=800",
                                  "octal:code=4.07,size=600", "octal:code=0.B,size=120",
                                  "octal:code=0.137,size=900"])
def test_the_octal_family_recheck_finds_what_the_generic_one_finds(spec):
    """The family's own re-derivation (``SequenceStrategy.recheck``, the naive mex by its kernel;
    a sweep runs it on every prefix it extends) against the generic move generator: the same
    first wrong position on the true table and on tables with values changed, added to or
    taken from, at and away from the checked positions; None (the generic check decides) for
    values it does not judge."""
    game = games.parse(spec)
    recheck = game.sequence.recheck
    values, _ = fill(game)
    sample = sample_positions(values.size, random=40, last=10, seed=2)
    every = np.arange(values.size, dtype=np.int64)
    assert recheck(values, sample) == -1 and recheck(values, every) == -1
    rng = np.random.default_rng(5)
    top = int(values.max())
    for _ in range(40):
        bad = values.copy()
        for c in rng.choice(values.size, size=int(rng.integers(1, 3)), replace=False):
            bad[c] = (int(bad[c]) + int(rng.integers(1, top + 2))) % (top + 2)
        for positions in (sample, every):
            found = recheck(bad, positions)
            assert (None if found == -1 else found) == rederive(game, bad, positions)
    assert recheck(values.astype(np.float64), sample) is None
    wide = values.astype(np.int64)
    wide[5] = -1
    assert recheck(wide, sample) is None
    assert recheck(values, np.array([3, 2])) is None     # not ascending: the generic check says so
