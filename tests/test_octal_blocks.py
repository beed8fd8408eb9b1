"""The block kernel (the sparse-space method on several threads, :mod:`gtables.games.octal.blocks`)
gives the serial sparse kernel's values exactly, on many codes (two-heap splits only: the sparse
method does not take three), with ``!`` codes and d0 = 4, through value growth (uint8 -> uint16),
mask re-choices and a resumed run."""
import numpy as np
import pytest

from gtables.engine.status import OVERFLOW, decode
from gtables.games import octal
from gtables.games.octal.stepper import OctalStepper

CODES = ["0.6", "4!.0", "0.16", "0.56", "0.165", "0.354", "0.1777", "4.07", "0.4!", "0.64!7",
         "4!.047", "0.26", "0.1377", "0.52", "0.177", "4.4", "0.7!7", "0.06", "0.14", "0.6!"]


def run(code, size, blocks, start=None, prefix=None, rows=None):
    s = OctalStepper(octal.digits(octal.parse_code(code)), "sparse")
    s.threads = 1                  # the serial kernel only
    if blocks:
        s.threads, s.blocks_from, s.min_rare, s.choose = 2, 96, 0, "blocks"
    t = np.zeros(size, dtype=np.uint8 if prefix is None else prefix.dtype)
    lo = 0
    if prefix is not None:
        t[:prefix.size] = prefix
        lo = prefix.size
    s.prepare(t, lo)
    while True:
        stop = decode(s.run(t, lo, size))
        if stop is None:
            return t, s
        assert stop.code == OVERFLOW
        t = t.astype(np.uint16 if t.dtype == np.uint8 else np.uint32)
        lo = stop.pos


@pytest.mark.parametrize("code", CODES)
def test_blocks_equal_serial(code):
    serial, s0 = run(code, 5000, False)
    blocks, s1 = run(code, 5000, True)
    assert s1.blocks_used, f"{code}: the block kernel never ran"
    np.testing.assert_array_equal(blocks.astype(np.int64), serial.astype(np.int64))
    assert s1.stats()["rare_heaps"] == s0.stats()["rare_heaps"]
    assert s1.stats()["threads"] == 2 and s0.stats()["threads"] == 1


def test_blocks_equal_naive_on_small_block_rows(monkeypatch):
    """Blocks of 8 heaps (the fewest) cross many block boundaries and a value growth."""
    from gtables.games.octal import blocks as octal_blocks
    monkeypatch.setattr(octal_blocks, "block_rows", lambda w, threads: 8)
    for code in ("0.6", "4!.0", "0.4!"):
        naive, _ = run(code, 3000, False)
        s = OctalStepper(octal.digits(code), "naive")
        t = np.zeros(3000, dtype=np.uint16)
        s.prepare(t, 0)
        assert s.run(t, 0, 3000) == -1
        blocks, sb = run(code, 3000, True)
        assert sb.blocks_used
        np.testing.assert_array_equal(blocks.astype(np.int64), t.astype(np.int64))


@pytest.mark.parametrize("code", ["0.6", "4!.0"])
def test_blocks_resume_from_a_prefix(code):
    """A run resumed from a prefix (as from a checkpoint) equals one run from heap 0."""
    whole, _ = run(code, 6000, True)
    first, _ = run(code, 2500, True)
    resumed, s = run(code, 6000, True, prefix=first)
    assert s.blocks_used
    np.testing.assert_array_equal(resumed.astype(np.int64), whole.astype(np.int64))


@pytest.mark.parametrize("code", ["0.354", "0.4006"])
def test_the_stepper_times_both_kernels_and_keeps_the_faster(code):
    """With the timed choice both kernels run (each call timed), and the values are the same
    (games with several split amounts: one split amount goes to the pipeline instead,
    tests/test_octal_pipeline.py)."""
    serial, _ = run(code, 40000, False)
    s = OctalStepper(octal.digits(code), "sparse")
    s.threads, s.blocks_from, s.min_rare = 2, 96, 0
    t = np.zeros(40000, dtype=np.uint16)
    s.prepare(t, 0)
    for lo in range(0, 40000, 1000):          # calls of 1,000 heaps, as the engine makes them
        assert s.run(t, lo, lo + 1000) == -1
    assert s.blocks_used and None not in s.seconds_per_heap
    np.testing.assert_array_equal(t.astype(np.int64), serial.astype(np.int64))
