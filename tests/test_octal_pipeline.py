"""The two-thread sparse pipeline (games/octal/pipeline.py: speculate on one thread, verify on
the other) against the serial sparse kernel: bit-identical tables for games with one split
amount, with small chunks and an early start so that rounds, failed speculations (new rare
heaps) and widening of the table all happen; and through the public compute path."""
import numba
import numpy as np
import pytest

import gtables
from gtables.engine.status import DONE, decode
from gtables.games.octal import digits
from gtables.games.octal import pipeline as octal_pipeline
from gtables.games.octal.stepper import OctalStepper


def fill(code, n, choose, threads, **settings):
    """Heaps ``0..n-1`` of ``code`` by the sparse stepper as ``choose`` picks its kernel, on
    ``threads`` numba threads; ``settings``: more stepper attributes set before the run."""
    old = numba.get_num_threads()
    numba.set_num_threads(min(threads, numba.config.NUMBA_NUM_THREADS))
    try:
        st = OctalStepper(digits(code), "sparse")
        st.choose, st.threads, st.blocks_from, st.min_rare = choose, threads, 64, 1
        for k, v in settings.items():
            setattr(st, k, v)
        t = np.zeros(n, dtype=np.uint8)
        st.prepare(t, 0)
        lo = 0
        while True:
            r = st.run(t, lo, n)
            if r == DONE:
                return t, st
            lo = decode(r).pos
            t = t.astype(np.uint16 if t.dtype == np.uint8 else np.uint32)
    finally:
        numba.set_num_threads(old)


@pytest.mark.parametrize("code", ["0.6", "4!.0", "0.16", "0.376", "0.56", "0.26", "0.72",
                                  "0.74", "0.416", "0.064", "4.07", "4!.04!", "0.4!6"])
def test_pipeline_equals_serial(code, monkeypatch):
    """One split amount, and several (0.74 onwards: the rare pass of each amount, one scan of
    all of them)."""
    monkeypatch.setattr(octal_pipeline, "CHUNK", 512)
    n = 30000
    serial, _ = fill(code, n, "serial", 1)
    piped, st = fill(code, n, "pipeline", 2)
    assert np.array_equal(serial, piped), code
    if code in ("0.6", "4!.0", "0.16", "0.74", "0.416"):   # from heap 64 on: it ran
        assert st.pipeline_counts[0] > 10          # round after round


def test_failed_speculations_are_undone(monkeypatch):
    """Officers' rare heaps go on to heap 19,114: from heap 64 on, the pipeline's speculation
    fails at each of them and the serial kernel takes over there."""
    monkeypatch.setattr(octal_pipeline, "CHUNK", 256)
    serial, _ = fill("0.6", 25000, "serial", 1)
    piped, st = fill("0.6", 25000, "pipeline", 2)
    assert np.array_equal(serial, piped)
    assert st.pipeline_counts[1] > 100


def test_compute_uses_it_and_agrees():
    a = gtables.compute("octal:code=0.6,size=70000", store=None, algorithm="sparse")
    b = gtables.compute("octal:code=0.6,size=70000", store=None, algorithm="naive")
    assert np.array_equal(np.asarray(a.values), np.asarray(b.values))


@pytest.mark.parametrize("code", ["0.6", "0.74", "0.416"])
def test_timed_choice_takes_the_pipeline_once_rare_heaps_stop(code, monkeypatch):
    """choose="timed" (what compute runs): while rare heaps still come the serial kernel (one
    split amount: Officers) or the faster of it and the block kernel (two: 0.74, whose last rare
    heap below 40,000 is 15,929, and 0.416, 10,965), the pipeline once none came for
    PIPELINE_QUIET heaps; the values are the serial kernel's."""
    from gtables.games.octal import stepper as octal_stepper
    monkeypatch.setattr(octal_pipeline, "CHUNK", 1024)
    monkeypatch.setattr(octal_stepper, "PIPELINE_QUIET", 2048)
    monkeypatch.setattr(octal_stepper, "PACE_HEAPS", 1024)   # the serial kernel's pace first
    serial, _ = fill(code, 40000, "serial", 1)
    timed, st = fill(code, 40000, "timed", 2)
    assert np.array_equal(serial, timed)
    assert st.pipeline_counts[0] > 0 and st.pipeline_counts[1] == 0


@pytest.mark.parametrize("chunk", [16, 100])
def test_tiny_chunks_and_many_restarts(chunk, monkeypatch):
    """Chunks of 16 or 100 heaps from heap 64 on: speculation fails at every new rare heap and
    heaps are speculated again after each failure (their marks of the first try must not count);
    every table equals the serial kernel's."""
    monkeypatch.setattr(octal_pipeline, "CHUNK", chunk)
    for code in ["0.6", "4!.0", "0.16", "0.376", "0.56", "0.72", "0.356", "0.77", "0.35",
                 "0.74", "0.064", "4!.04!"]:
        serial, _ = fill(code, 12000, "serial", 1)
        piped, _ = fill(code, 12000, "pipeline", 2)
        assert np.array_equal(serial, piped), (code, chunk)


@pytest.mark.parametrize("share", [0, 85, 256])
def test_the_speculator_verifies_a_share(share, monkeypatch):
    """The speculator, done with its chunk, verifies the top ``share`` heaps of the verifier's
    (balanced from measured cycles in a run; fixed here, up to the whole chunk): values equal to
    the serial kernel's, failed speculations found in either side's part undone, and the shared
    heaps counted."""
    monkeypatch.setattr(octal_pipeline, "CHUNK", 256)
    monkeypatch.setattr(octal_pipeline, "SHARE", share)
    for code in ["0.6", "4!.0", "0.16", "0.74"]:
        serial, _ = fill(code, 25000, "serial", 1)
        piped, st = fill(code, 25000, "pipeline", 2)
        assert np.array_equal(serial, piped), (code, share)
        rounds, undone, shared, undone_there = st.pipeline_counts
        assert undone > 10
        assert (shared > 0) == (share > 0) and (undone_there > 0) == (share > 0)
        if share == 256:        # the whole chunk: every wrong speculation is found there
            assert undone_there == undone


def test_the_balance_of_the_two_sides():
    """``_balance``: the speculator's next share is the one that makes both sides take as long
    (speculation s a heap, verification v a heap: s * chunk + v * m = v * (spec - m)), at most
    half the chunk, averaged with the old share; none when speculating is the slower side."""
    balance = octal_pipeline._balance
    c = 16384
    # s = 1000, v = 1500 cycles a heap: m = c * 500 / 3000; half of it after smoothing from 0
    assert balance(0, np.array([1000.0 * c, 1500.0 * c]), c, c, c) == int(c * 500 / 3000 / 2)
    # the speculator's own share of verification is taken out of its time
    share = 2000
    cyc = np.array([1000.0 * c + 1500.0 * share, 1500.0 * (c - share)])
    assert balance(share, cyc, c, c - share, c) == int((share + c * 500 / 3000) / 2)
    assert balance(0, np.array([2000.0 * c, 1500.0 * c]), c, c, c) == 0   # speculation slower
    assert balance(0, np.array([0.0, 1e12]), c, c, c) == c // 4            # at most c / 2
    assert balance(700, np.array([1.0, 1.0]), c, 0, c) == 700               # nothing timed


def _small_fallback(monkeypatch):
    """Every constant of the busy-machine fallback scaled down to a table of a few thousand heaps
    (stepper.py, above PACE_HEAPS; pipeline.WINDOW): chunks of 16 heaps, the pace judged on each
    round, from heap 64 on."""
    from gtables.games.octal import stepper as octal_stepper
    monkeypatch.setattr(octal_pipeline, "CHUNK", 16)
    monkeypatch.setattr(octal_pipeline, "WINDOW", 1)
    monkeypatch.setattr(octal_stepper, "PIPELINE_QUIET", 0)
    monkeypatch.setattr(octal_stepper, "PACE_HEAPS", 64)
    monkeypatch.setattr(octal_stepper, "REFRESH_HEAPS", 3000)
    monkeypatch.setattr(octal_stepper, "RETRY_MIN", 32)
    monkeypatch.setattr(octal_stepper, "RETRY_MAX", 128)


def fill_with(code, n, fallback, serial_cph=None):
    """``fill`` with choose="timed" (what compute runs) and the fallback set before the run; a
    told ``serial_cph`` is also the first of the kept measurements (the pace is their fastest)."""
    if serial_cph is None:
        return fill(code, n, "timed", 2, fallback=fallback)
    return fill(code, n, "timed", 2, fallback=fallback, serial_cph=serial_cph, _paces=[serial_cph])


@pytest.mark.parametrize("code", ["0.6", "4!.0", "0.74", "0.16", "0.56"])
def test_fallback_to_the_serial_kernel_and_back_mid_run(code, monkeypatch):
    """fallback="always": the pipeline gives way to the serial kernel after every window of
    rounds (as when the second thread gets no core), the serial kernel stands in for a stretch,
    the pipeline comes back, many times over one run, with failed speculations (new rare heaps)
    and widening on the way: the table equals the serial kernel's, and (4!.0, 0.16: switching
    below heap 600 too) its first 600 values the tests' plain-Python reference solver's."""
    _small_fallback(monkeypatch)
    n = 30000
    serial, _ = fill(code, n, "serial", 1)
    switched, st = fill_with(code, n, "always")
    assert np.array_equal(serial, switched), code
    kinds = [k for _, k in st.switches]
    assert kinds.count("serial") >= 5 and kinds.count("pipeline") >= 5, st.switches
    assert all(a != b for a, b in zip(kinds, kinds[1:]))       # they alternate
    heaps = [h for h, _ in st.switches]
    assert heaps == sorted(heaps) and heaps[-1] > n // 2         # all along the run
    assert st.pace[octal_pipeline.P_GAVE_WAY] == kinds.count("serial")
    assert st.serial_pace[1] > 0 and st.pace[octal_pipeline.P_HEAPS] > 0
    if code in ("4!.0", "0.16"):
        from reference import reference_table
        m = 600
        assert sum(1 for h, k in st.switches if k == "serial" and h < m) >= 2, st.switches
        _, ref = reference_table(f"octal:code={code},size={m - 1}")
        assert [int(v) for v in switched[:m]] == [int(v) for v in ref], code


def test_the_fallback_follows_the_measured_pace(monkeypatch):
    """fallback="timed": the pipeline is compared with the serial kernel's cycles a heap.  Told
    the serial kernel is very fast it gives way at every try, and the serial kernel's stretch
    before the next try doubles up to RETRY_MAX; told it is very slow it never gives way.  The
    serial pace is measured again every REFRESH_HEAPS heaps of the pipeline (the told one is
    replaced); the values are the serial kernel's every way."""
    from gtables.games.octal import stepper as octal_stepper
    _small_fallback(monkeypatch)
    monkeypatch.setattr(octal_stepper, "REFRESH_HEAPS", 1 << 30)   # keep the told pace:
    monkeypatch.setattr(octal_stepper, "PACE_KEEP", 1 << 20)       # a measured one never replaces
    n = 30000                                                       # it (CI: a quiet machine's
    # measured serial pace was slower than the pipeline, which then did not give way at once)
    serial, _ = fill("0.6", n, "serial", 1)
    fast, st = fill_with("0.6", n, "timed", serial_cph=1e-6)
    assert np.array_equal(serial, fast)
    assert st.pace[octal_pipeline.P_GAVE_WAY] >= 3
    assert st.retry == octal_stepper.RETRY_MAX            # each try gave way at once
    slow, st = fill_with("0.6", n, "timed", serial_cph=1e12)
    assert np.array_equal(serial, slow)
    assert st.pace[octal_pipeline.P_GAVE_WAY] == 0 and st.pipeline_counts[0] > 20
    monkeypatch.setattr(octal_stepper, "REFRESH_HEAPS", 3000)
    again, st = fill_with("0.6", n, "timed", serial_cph=1e12)
    assert np.array_equal(serial, again)
    assert st.serial_cph < 1e11 and st.serial_pace[1] >= 3 * 64   # measured, several times
