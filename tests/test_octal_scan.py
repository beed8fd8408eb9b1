"""The fast naive kernel (games/octal/scan.py) against the serial reference naive_range, bit for
bit: random codes, "!" codes, d0 = 4, values past uint8, the parallel block path on small tables,
the early exit, and an interrupted run that resumes from its checkpoint."""
import numpy as np
import pytest
from octal_drive import stepper_table

from gtables import api
from gtables.engine.status import SCRATCH_FULL, decode
from gtables.games import octal
from gtables.games.octal import scan as octal_scan
from gtables.games.octal.kernels import DONE, S_BITS, move_arrays
from gtables.games.octal.stepper import OctalStepper
from gtables.store import Store


def kernel_table(code, size, nthreads, par_from, exit_check=None):
    """The scan kernel driven directly, so that the block path (and, with a small
    ``exit_check``, the early exit) runs on a small table."""
    whole, take, split, unequal, _ = move_arrays(octal.digits(octal.parse_code(code)))
    scan = octal_scan.NaiveScan(whole, take, split, unequal)
    t = np.zeros(size, dtype=np.uint8)
    state = np.zeros(5, dtype=np.int64)
    state[S_BITS] = 1
    scan.grow(4)
    lo = 0
    while True:
        st = scan.run(t, lo, size, state, nthreads=nthreads, par_from=par_from,
                      exit_check=exit_check)
        if st == DONE:
            return t.astype(np.int64), scan.counters()
        stop = decode(st)
        if stop.code == SCRATCH_FULL:
            scan.grow(2 << int(state[S_BITS]))
        else:
            t = t.astype(np.uint16 if t.dtype == np.uint8 else np.uint32)
        lo = stop.pos


def random_codes(k, seed=2024):
    rng = np.random.default_rng(seed)
    out: list[str] = []
    while len(out) < k:
        nd = int(rng.integers(1, 5))
        tail = ""
        for _ in range(nd):
            d = int(rng.integers(0, 8))
            tail += str(d) + ("!" if d & 4 and rng.random() < 0.25 else "")
        head = "4" if rng.random() < 0.2 else "0"
        try:
            code = octal.parse_code(f"{head}.{tail}")
        except ValueError:
            continue
        if octal.has_splits(code) and code not in out:
            out.append(code)
    return out


NAMED = ["0.04", "0.06", "0.007", "0.14", "0.6", "0.77", "0.137", "0.16",
         "4!.0", "0.4!", "0.14!", "0.64!7", "4!.047", "0.1777!",   # "!": the two heaps differ
         "4.07", "4.4", "4.7", "4.0"]                               # d0 = 4: split, take nothing


@pytest.mark.parametrize("code", NAMED + random_codes(16))
def test_scan_equals_the_reference(code):
    ref, _ = stepper_table(code, 2500, scan=False)
    fast, s = stepper_table(code, 2500)
    assert s.scan is not None and np.array_equal(fast, ref)


@pytest.mark.parametrize("dtype", [np.uint16, np.uint32])
@pytest.mark.parametrize("code", ["0.04", "0.007", "4!.0", "0.14!", "4.07", "0.6", "0.1777!"])
def test_wider_tables_from_the_start(code, dtype):
    """uint16 and uint32 tables (and their reversed copies) from the first heap: the
    reference's values."""
    ref, _ = stepper_table(code, 2500, scan=False)
    fast, _ = stepper_table(code, 2500, dtype=dtype)
    assert np.array_equal(fast, ref)


def test_values_past_uint8_and_wider_scratch():
    # 4!.047 passes 255 before heap 4000 (and 2**bits grows several times): the table widens,
    # the seen rows grow (SCRATCH_FULL), and the block path runs with small blocks
    ref, _ = stepper_table("4!.047", 4000, scan=False)
    assert ref.max() > 256
    fast, _ = stepper_table("4!.047", 4000)
    assert np.array_equal(fast, ref)
    blocks, c = kernel_table("4!.047", 4000, nthreads=2, par_from=64)
    assert c["parallel_blocks"] > 0 and np.array_equal(blocks, ref)


@pytest.mark.parametrize("code", ["0.04", "0.007", "4!.0", "0.4!", "4.07", "0.6"])
@pytest.mark.parametrize("nthreads", [2, 3])
def test_block_path_equals_the_reference(code, nthreads):
    """Blocks of heaps from heap 16 on: bulk on threads, tail and mex in order."""
    ref, _ = stepper_table(code, 3000, scan=False)
    got, c = kernel_table(code, 3000, nthreads, par_from=16)
    assert c["parallel_blocks"] > 0 and c["heaps"] == 3000
    assert np.array_equal(got, ref)


@pytest.mark.parametrize("nthreads", [1, 2])
def test_counters_and_the_early_exit(nthreads):
    """The bulk looks for the early exit every ``exit_check`` pairs: with a look every 7 pairs it
    fires on 0.4! (every value below 2**bits among the options) and skips pairs, and the values
    stay the reference's."""
    ref, _ = stepper_table("0.4!", 3000, scan=False)
    got, c = kernel_table("0.4!", 3000, nthreads, par_from=64 if nthreads > 1 else 1 << 30,
                          exit_check=7)
    assert c["early_exits"] > 0 and c["pairs"] < c["nominal_pairs"]
    assert c["heaps"] == 3000 and (c["parallel_blocks"] > 0) == (nthreads > 1)
    assert np.array_equal(got, ref)
    _, plain = kernel_table("0.4!", 3000, 1, par_from=1 << 30)    # default: a look every 2^16
    assert plain["early_exits"] == 0 and plain["pairs"] == plain["nominal_pairs"]


@pytest.mark.parametrize("code", ["0.04", "0.007", "4!.0", "0.14!", "4.07", "0.1777!", "0.37"])
def test_frequent_early_exit_looks_change_no_value(code):
    ref, _ = stepper_table(code, 2500, scan=False)
    for nthreads, par_from in ((1, 1 << 30), (2, 16)):
        got, _ = kernel_table(code, 2500, nthreads, par_from, exit_check=3)
        assert np.array_equal(got, ref)


def test_state_layout_is_the_steppers():
    from gtables.games.octal import kernels as octal_kernels
    assert octal_scan.S_BITS == octal_kernels.S_BITS


def test_three_heap_codes_keep_the_reference():
    s = OctalStepper(octal.digits(octal.parse_code("0.C")), "naive")
    assert s.scan is None


def test_auto_still_prefers_the_sparse_method():
    _, s = stepper_table("0.77", 6000, "auto")
    assert s.algorithm == "sparse"
    _, s = stepper_table("0.04", 6000, "auto")
    assert s.name == "sparse, then naive from heap 4096" and s.scan is not None


@pytest.mark.parametrize("code", ["0.04", "0.06", "0.007", "4!.047"])
def test_interrupted_run_resumes_from_its_checkpoint(tmp_path, monkeypatch, code):
    """Ctrl-C part way (the engine saves a checkpoint), then the same compute resumes from it;
    the block path runs from heap 1024 on (PAR_FROM lowered) with two threads."""
    monkeypatch.setattr(octal_scan, "PAR_FROM", 1024)
    size = 7000
    fresh, _ = stepper_table(code, size + 1, scan=False)
    store = Store(str(tmp_path / "c"))
    spec = f"octal:code={code},size={size}"
    run = OctalStepper.run

    def interrupted(self, table, lo, hi):
        if lo >= 3000:
            raise KeyboardInterrupt
        return run(self, table, lo, hi)

    monkeypatch.setattr(OctalStepper, "run", interrupted)
    with pytest.raises(KeyboardInterrupt):
        api.compute(spec, store=store, algorithm="naive", checkpoint_seconds=1e-6)
    assert spec not in store
    monkeypatch.setattr(OctalStepper, "run", run)
    t = api.compute(spec, store=store, algorithm="naive")
    x = t.attrs["extra"]
    assert x["resumed_from"] >= 3000 and "checkpoint" in x["resumed_from_source"]
    assert np.array_equal(t.values.astype(np.int64), fresh)
