"""Bounded memory (:mod:`gtables.engine.bounded`): a full prefix plus a window of recent values
gives the statistics and the last values of a full-table run exactly, stops (resumably) rather
than guess when a value it needs is not kept, and resumes from a checkpoint to the same result."""
import subprocess
import sys

import numpy as np
import pytest

import gtables
from gtables import api
from gtables.engine.bounded import BoundedStop, fill_bounded
from gtables.engine.sequence_stats import SequenceStats

N = 150_000


def full(code, n=N):
    return gtables.compute(f"octal:code={code},size={n - 1}", store=None, progress=False).values


@pytest.mark.parametrize("code,keep", [("0.6", 32768), ("4!.0", 100_000), ("0.77", 8192),
                                       ("0.16", 65536)])
def test_bounded_equals_a_full_run(code, keep):
    values = full(code)
    g = api.game(f"octal:code={code},size={N - 1}")
    run = fill_bounded(g, values[:keep].copy(), window=1 << 16, progress=False)
    assert run.stats.as_dict() == SequenceStats.of(values).as_dict()
    np.testing.assert_array_equal(run.tail, values[N - run.tail.size:])
    assert run.info()["full_to"] == keep and run.info()["stats_to"] == N


def test_a_new_rare_heap_past_the_prefix_stops_the_run():
    values = full("0.6", 20000)
    g = api.game("octal:code=0.6,size=19999")
    with pytest.raises(BoundedStop, match="heap 8,198 is rare") as e:
        fill_bounded(g, values[:8192].copy(), window=1 << 16, progress=False)
    st = e.value.state
    assert st["n"] == 8198 and st["stats"]["length"] == 8198
    assert SequenceStats.from_dict(st["stats"]).as_dict() == SequenceStats.of(values[:8198]).as_dict()


def test_a_checkpoint_resumes_to_the_same_result(monkeypatch):
    from gtables.engine import bounded
    monkeypatch.setattr(bounded, "STEP", 1 << 14)      # a checkpoint before the end
    values = full("4!.0")
    g = api.game(f"octal:code=4!.0,size={N - 1}")
    saved = []

    def checkpoint(state):
        saved.append(state)
        raise KeyboardInterrupt                 # as if the run were stopped right there

    with pytest.raises(KeyboardInterrupt):
        fill_bounded(g, values[:100_000].copy(), window=1 << 16, progress=False,
                     checkpoint=checkpoint, checkpoint_seconds=0.0)
    state = saved[-1]
    assert 100_000 < state["n"] < N
    run = fill_bounded(g, values[:100_000].copy(), window=1 << 16, progress=False, state=state)
    assert run.stats.as_dict() == SequenceStats.of(values).as_dict()


def cli(*args):
    return subprocess.run([sys.executable, "-m", "gtables.cli", *args], capture_output=True,
                          text=True)


def test_compute_keep_stores_the_full_part_with_the_statistics(tmp_path):
    store = str(tmp_path / "b.h5")
    r = cli("compute", "octal:code=0.77,size=99999", "--keep", "8192", "--window", "65536",
            "--store", store, "--no-progress")
    assert r.returncode == 0, r.stderr
    assert "heaps 0..8,191" in r.stdout and "statistics of heaps 0..99,999" in r.stdout
    t = gtables.load("octal:code=0.77,size=8191", store=store)
    b = t.attrs["extra"]["bounded"]
    assert b["stats"] == SequenceStats.of(full("0.77", 100_000)).as_dict()
    assert t.values.size == 8192
    r = cli("show", "octal:code=0.77,size=8191", "--store", store, "--limit", "5")
    assert "statistics only, of heaps 0..99,999" in r.stdout


@pytest.mark.parametrize("args,msg", [
    (["--keep", "200000"], "below the table"),
    (["--keep", "8192", "--until-periodic"], "--keep (bounded memory) goes with"),
    (["--keep", "8192", "--window", "100"], "--window must be at least"),
    (["--keep", "0"], "expected a positive number"),
])
def test_bad_bounded_requests_are_one_line(tmp_path, args, msg):
    r = cli("compute", "octal:code=0.77,size=99999", *args, "--store", str(tmp_path / "x.h5"),
            "--no-progress")
    assert r.returncode == 2 and msg in r.stderr and "Traceback" not in r.stderr


def test_a_damaged_checkpoint_is_set_aside_and_the_run_starts_again(tmp_path, monkeypatch,
                                                                     capsys):
    """A bounded run stopped after its first checkpoint, whose checkpoint is then damaged: the
    same call warns, drops it and computes the run again from the full part (it neither uses
    the damaged state nor stays stuck on it)."""
    import h5py

    from gtables.engine import bounded
    from gtables.store import Store, relname
    store = str(tmp_path / "d")
    spec = f"octal:code=0.6,size={N - 1}"
    real = bounded.fill_bounded

    def stopped_after_first_checkpoint(*a, checkpoint, **k):
        def save_then_stop(state):
            checkpoint(state)
            raise KeyboardInterrupt
        return real(*a, checkpoint=save_then_stop, **k)

    monkeypatch.setattr(bounded, "fill_bounded", stopped_after_first_checkpoint)
    with pytest.raises(KeyboardInterrupt):
        api.compute_bounded(spec, 32768, window=1 << 16, store=store, progress=False,
                            checkpoint_seconds=1e-6)
    monkeypatch.setattr(bounded, "fill_bounded", real)
    (key,) = [c["sequence_key"] for c in Store(store).checkpoints()
              if "bounded" in c["sequence_key"]]
    with h5py.File(f"{store}/checkpoints/{relname(key)}", "r+") as f:
        f["values"].attrs["length"] = 7                 # the attributes fail their checksum
    capsys.readouterr()
    t = api.compute_bounded(spec, 32768, window=1 << 16, store=store, progress=False)
    assert "damaged" in capsys.readouterr().err
    b = t.attrs["extra"]["bounded"]
    assert b["stats"] == SequenceStats.of(full("0.6")).as_dict() and b["stats_to"] == N


@pytest.mark.parametrize("code,keep,n,share", [("0.6", 32768, N, -1), ("0.16", 65536, 2 * N, 170),
                                               ("0.26", 16384, N, 512)])
def test_the_two_thread_pipeline_in_bounded_memory(code, keep, n, share, monkeypatch):
    """The pipeline (speculate on one thread, verify on the other) runs on the bounded layout
    too (a prefix, then a window that has moved on): small chunks, an early start, the
    speculator's share of the verification balanced by cycles or fixed (a third, the whole
    chunk), and the statistics and last values of the full run, exactly."""
    import numba

    from gtables.games.octal import pipeline as octal_pipeline
    from gtables.games.octal import stepper as octal_stepper
    if numba.config.NUMBA_NUM_THREADS < 2:
        pytest.skip("needs two numba threads")
    values = full(code, n)
    monkeypatch.setattr(octal_pipeline, "CHUNK", 512)
    monkeypatch.setattr(octal_pipeline, "SHARE", share)
    monkeypatch.setattr(octal_stepper, "PIPELINE_QUIET", 1024)
    calls = []
    real = octal_stepper.OctalStepper._run_pipeline

    def spy(self, table, lo, hi, vmax, off=0, plen=octal_stepper.WHOLE):
        calls.append(off)
        return real(self, table, lo, hi, vmax, off, plen)

    monkeypatch.setattr(octal_stepper.OctalStepper, "_run_pipeline", spy)
    old = numba.get_num_threads()
    numba.set_num_threads(2)
    try:
        g = api.game(f"octal:code={code},size={n - 1}")
        run = fill_bounded(g, values[:keep].copy(), window=1 << 16, progress=False)
    finally:
        numba.set_num_threads(old)
    assert any(off > 0 for off in calls)           # it ran after the window moved
    assert run.stats.as_dict() == SequenceStats.of(values).as_dict()
    np.testing.assert_array_equal(run.tail, values[n - run.tail.size:])
