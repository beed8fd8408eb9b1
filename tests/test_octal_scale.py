"""Octal games at scale: the sparse-space kernel against the naive one and the references, the
period finder and the Guy-Smith watch, resumable tables, and a run killed mid-way."""
import os
import signal
import subprocess
import sys
import time

import numpy as np
import pytest
from octal_drive import stepper_table

from gtables import api
from gtables.engine.compute import fill
from gtables.engine.periodicity import extend_periodic, period_candidates
from gtables.errors import GtablesError
from gtables.games import octal
from gtables.store import Store

CODES = ["0.07", "0.77", "0.137", "0.16", "0.165", "0.6", "0.56", "0.354", "0.1777", "4.0",
         "4.7", "0.33", "0.04", "0.007", "0.4", "4!.0", "0.4!", "0.64!7", "4!.047", "0.1777!"]


@pytest.mark.parametrize("code", CODES)
def test_sparse_equals_naive_and_reference(code):
    naive, _ = stepper_table(code, 3000, "naive")
    sparse, s = stepper_table(code, 3000, "sparse")
    assert np.array_equal(naive, sparse)
    assert naive.tolist()[:150] == [octal._ref(octal.parse_code(code), n) for n in range(150)]
    # and the engine's generic kernel, which knows nothing of either method
    g = api.game(f"octal:code={code},size=600")
    generic, _ = fill(g, generic=True)
    assert np.array_equal(generic.astype(np.int64), naive[:601])


def test_sparse_past_uint8():
    # 0.6 passes value 255 near heap 14000: the table widens mid-run, both methods agree
    naive, _ = stepper_table("0.6", 16000, "naive")
    sparse, _ = stepper_table("0.6", 16000, "sparse")
    assert naive.max() > 255
    assert np.array_equal(naive, sparse)


@pytest.mark.parametrize("code", ["0.143", "0.064"])
def test_long_scans_past_the_strided_parts(code):
    """Rare heaps keep coming in 0.143 (one split amount) and 0.064 (two): their scans read
    every split, the parts past ``STRIDED_PARTS`` in order; sparse equals naive on 70,000
    heaps, with rare heaps above twice that bound (so that the tail was read)."""
    from gtables.games.octal.kernels import STRIDED_PARTS
    n = 70000
    naive, _ = stepper_table(code, n, "naive")
    sparse, s = stepper_table(code, n, "sparse")
    assert np.array_equal(naive, sparse)
    nrare = int(s.state[3])
    assert s.rare[:nrare].max() > 2 * STRIDED_PARTS + 2


def test_verification_scan_against_brute_force():
    """``scan_splits`` (its branch-free first runs while many values are wanted, the strided
    passes, the rest in order, a stop at ``lim``) against the set of split values: it reports
    0 exactly when every wanted value is a split's, otherwise how many are not, and those are
    the values left stamped.  Random tables, wanted sets up to 60 values (past ``BL_NEED``)."""
    from gtables.games.octal.kernels import BL_NEED, scan_splits
    rng = np.random.default_rng(7)
    want = np.zeros(128, dtype=np.int64)
    ran_long = 0
    for case in range(400):
        r = int(rng.integers(2, 40000 if case % 4 else 300))
        table = rng.integers(0, 64 if case % 3 else 8, r + 1).astype(np.uint16)
        un = int(rng.integers(0, 2))
        stride = [1, 4][case % 2]
        lim = -1 if case % 5 else int(rng.integers(0, r))
        amax = (r - 1) // 2 if un else r // 2
        if lim >= 0:
            amax = min(amax, lim)
        seen = {int(table[a] ^ table[r - a]) for a in range(1, amax + 1)}
        wanted = rng.choice(64, size=int(rng.integers(0, 61)), replace=False)
        stamp = case + 1
        want[wanted] = stamp
        need, scanned = scan_splits(table, r, un, want, stamp, len(wanted), stride, 0, lim)
        missing = {int(v) for v in wanted} - seen
        assert need == len(missing)
        if need:
            assert {int(v) for v in np.flatnonzero(want == stamp)} == missing
        assert scanned <= max(amax, 0)
        ran_long += len(wanted) > BL_NEED and amax > 1000
    assert ran_long > 50


def test_scan_for_several_split_amounts_against_brute_force():
    """``scan_several`` (every part once with all split amounts at it; branch-free first runs
    while many values are wanted) against the set of split values, as above."""
    from gtables.games.octal.kernels import scan_several
    rng = np.random.default_rng(11)
    want = np.zeros(128, dtype=np.int64)
    for case in range(300):
        split = np.sort(rng.choice(6, size=int(rng.integers(2, 4)), replace=False)).astype(np.int64)
        unequal = rng.integers(0, 2, split.size).astype(np.int64)
        n = int(rng.integers(split[-1] + 2, 30000 if case % 4 else 300))
        table = rng.integers(0, 64 if case % 3 else 8, n + 1).astype(np.uint16)
        seen = set()
        for q, un in zip(split.tolist(), unequal.tolist()):
            r = n - q
            for a in range(1, (r - 1) // 2 + 1 if un else r // 2 + 1):
                seen.add(int(table[a] ^ table[r - a]))
        wanted = rng.choice(64, size=int(rng.integers(1, 61)), replace=False)
        stamp = case + 1
        want[wanted] = stamp
        need = scan_several(table, n, split, unequal, want, stamp, len(wanted))
        missing = {int(v) for v in wanted} - seen
        assert need == len(missing)
        if need:
            assert {int(v) for v in np.flatnonzero(want == stamp)} == missing


def test_grundys_game_is_oeis_a002188():
    a002188 = [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2,
               3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3,
               2, 1, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3,
               7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3, 5, 2, 3]
    t = api.compute(f"octal:code=4!.0,size={len(a002188) - 1}", store=None)
    assert t.values.tolist() == a002188
    # Flammenkamp's sparse values of Grundy's game (rare: bits above bit 0 have even weight)
    g, _ = stepper_table("4!.0", 232, "sparse")
    rare = {n: int(g[n]) for n in range(232) if bin(int(g[n]) >> 1).count("1") % 2 == 0}
    assert rare[87] == 7 and rare[158] == 11 and rare[231] == 10 and len(rare) == 48


def test_code_syntax():
    assert octal.parse_code("4!.0") == "4!.0"
    assert octal.parse_code(".4!0") == "0.4!"
    for bad in ("0.3!", "0.!4", "4!!.0", "0.44!!"):
        with pytest.raises(ValueError):
            octal.parse_code(bad)


def test_period_candidates_brute_force():
    rng = np.random.default_rng(5)
    for _ in range(1500):
        n = int(rng.integers(1, 40))
        x = rng.integers(0, 3, n).astype(np.uint8)
        want = []
        for q in range(1, n // 2 + 1):
            n0 = n - q
            while n0 > 0 and x[n0 - 1] == x[n0 - 1 + q]:
                n0 -= 1
            m = n - n0
            if m >= 2 * q and min(d for d in range(1, m + 1)
                                  if np.array_equal(x[n0:n - d], x[n0 + d:n])) == q:
                want.append((q, n0))
        assert period_candidates(x) == want, x


def test_extend_periodic():
    a = np.zeros(1000, dtype=np.int64)
    a[:50] = np.arange(50)
    a[50:57] = [9, 8, 7, 6, 5, 4, 3]
    extend_periodic(a, 57, 7)
    assert all(a[i] == a[i - 7] for i in range(57, 1000))


@pytest.mark.parametrize("code,period,pre", [("0.77", 12, 71), ("0.07", 34, 53), ("0.137", 34, 52),
                                             ("0.16", 149459, 105351), ("0.127", 4, 46578)])
def test_until_periodic_stops_at_the_guy_smith_bound(code, period, pre):
    """Literature: Kayles, Dawson's Kayles and chess (Guy & Smith 1956), .16 and .127
    (Gangolli & Plambeck 1989)."""
    size = 3 * (2 * pre + 2 * period + 10)
    values, attrs = api.compute_values(f"octal:code={code},size={size}", until_periodic=True)
    x = attrs["extra"]
    t = octal.max_removal(code)
    assert (x["period"], x["preperiod"]) == (period, pre)
    assert x["computed_to"] == 2 * max(pre, 1) + 2 * period + t        # exactly the bound
    assert x["filled_by_period"]
    full, _ = api.compute_values(f"octal:code={code},size={size}")       # every value computed
    assert np.array_equal(values, full)


def test_no_theorem_for_unequal_splits():
    with pytest.raises(Exception, match="no periodicity theorem"):
        api.compute_values("octal:code=4!.0,size=100", until_periodic=True)


def test_resume_from_a_smaller_stored_table(tmp_path):
    store = Store(str(tmp_path / "s"))
    api.compute("octal:code=0.6,size=5000", store=store)
    t = api.compute("octal:code=0.6,size=12000", store=store)
    assert t.attrs["extra"]["resumed_from"] == 5001
    assert "octal:code=0.6,size=5000" in t.attrs["extra"]["resumed_from_source"]
    fresh = api.compute("octal:code=0.6,size=12000", store=None, algorithm="naive")
    assert np.array_equal(t.values, fresh.values)
    # a larger stored table serves a smaller one too (a prefix is a prefix)
    s = api.compute("octal:code=0.6,size=3000", store=store)
    assert s.attrs["extra"]["resumed_from"] == 3001 and np.array_equal(s.values, fresh.values[:3001])


def _partial_length(path):
    """The length of the longest sound checkpoint in the store at ``path`` (0 if none): read
    while another process publishes them (each a whole new file)."""
    try:
        return max((int(c["length"]) for c in Store(path).checkpoints() if not c["damaged"]),
                   default=0)
    except GtablesError:
        return 0


def test_killed_run_resumes_from_its_checkpoint(tmp_path):
    path = str(tmp_path / "k")
    spec = "octal:code=0.77,size=400000"
    cmd = [sys.executable, "-m", "gtables.cli", "compute", spec, "--store", path,
           "--checkpoint-seconds", "0.2", "--no-progress", "--algorithm"]
    proc = subprocess.Popen(cmd + ["naive"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.time() + 120
        while _partial_length(path) < 20000:
            assert proc.poll() is None, proc.communicate()
            assert time.time() < deadline, "no checkpoint appeared"
            time.sleep(0.1)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    finally:
        if proc.poll() is None:
            proc.kill()
    saved = _partial_length(path)
    assert spec not in Store(path)                       # no complete table from the killed run
    out = subprocess.run(cmd + ["sparse"], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "resumed from heap" in out.stdout and "checkpoint of an interrupted run" in out.stdout
    resumed = int(out.stdout.split("resumed from heap ")[1].split()[0].replace(",", ""))
    assert resumed >= saved >= 20000
    t = api.load(spec, store=Store(path))
    ref, _ = stepper_table("0.77", 400001, "sparse")
    assert np.array_equal(t.values.astype(np.int64), ref)
    assert _partial_length(path) == 0                     # the checkpoint is gone once complete


def test_cli_until_periodic(cli):
    r = cli("compute", "octal:code=0.77,size=10000000", "--until-periodic", "--no-store")
    assert r.returncode == 0, r.stderr
    assert "PROVED: period 12, pre-period 71" in r.stdout
    assert "filled from the period" in r.stdout
    r = cli("compute", "octal:code=4!.0,size=100", "--until-periodic", "--no-store")
    assert r.returncode == 2 and "no periodicity theorem" in r.stderr
    r = cli("compute", "nim:heaps=2,size=10", "--until-periodic", "--no-store")
    assert r.returncode == 2 and "(octal games) only" in r.stderr
