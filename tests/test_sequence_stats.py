"""Per-sequence statistics (engine.sequence_stats): the chunked accumulator against a plain-Python
reference, resuming from its dict, and the statistics stored with every sequence table (fresh,
resumed, filled from a period), cross-checked with the C baseline when it is here."""
import json
import pathlib
import shutil
import subprocess
import sys

import numpy as np
import pytest
from reference import reference_table

import gtables
from gtables.engine.sequence_stats import HIST_MAX_VALUE, M61, SLICE, SequenceStats, checksum

BASELINE = pathlib.Path(__file__).resolve().parents[2] / "shared" / "baselines" / "octal_naive.c"


def reference(values) -> dict:
    """What :meth:`SequenceStats.as_dict` should say, one heap at a time in plain Python."""
    g = [int(x) for x in values]
    d: dict = {"length": len(g), "max_value": max(g) if g else None,
               "max_at": g.index(max(g)) if g else None, "zeros": g.count(0),
               "checksum": sum((i + 1) * v for i, v in enumerate(g)) % M61,
               "histograms": [], "histogram": None, "histogram_max_value": HIST_MAX_VALUE}

    def hist(part):
        return [part.count(v) for v in range(max(part) + 1)] if part else []
    k = 0
    while (1 << k) <= len(g) and max(g[:1 << k]) < HIST_MAX_VALUE:
        d["histograms"].append(hist(g[:1 << k]))
        k += 1
    if not g or max(g) < HIST_MAX_VALUE:
        d["histogram"] = hist(g)
    return d


def chunked(values, size: int) -> SequenceStats:
    s = SequenceStats()
    for lo in range(0, len(values), size):
        s.update(values[lo:lo + size], lo)
    return s


def arrays():
    rng = np.random.default_rng(2024)
    yield "uint8 small", rng.integers(0, 12, 3000).astype(np.uint8)
    yield "uint8 with zeros", (rng.integers(0, 3, 2500) * rng.integers(0, 2, 2500)).astype(np.uint8)
    yield "uint16 to 1000", rng.integers(0, 1000, 2049).astype(np.uint16)
    yield "uint16 past the histogram bound", np.concatenate(
        [rng.integers(0, 50, 700), [HIST_MAX_VALUE], rng.integers(0, 2000, 1300)]).astype(np.uint16)
    yield "uint32 large", rng.integers(0, 2**32, 1500, dtype=np.uint64).astype(np.uint32)
    yield "uint32 growing", np.arange(4100, dtype=np.uint32) // 3
    yield "one heap", np.array([0], dtype=np.uint8)
    yield "empty", np.zeros(0, dtype=np.uint8)


@pytest.mark.parametrize("name,values", list(arrays()), ids=[n for n, _ in arrays()])
@pytest.mark.parametrize("size", [1, 7, 1000, None])
def test_chunked_equals_reference(name, values, size):
    s = chunked(values, size or max(len(values), 1))
    assert s.as_dict() == reference(values)
    assert json.loads(json.dumps(s.as_dict())) == s.as_dict()


def test_resume_from_dict_midway():
    rng = np.random.default_rng(7)
    values = rng.integers(0, 300, 5000).astype(np.uint16)
    whole = SequenceStats.of(values).as_dict()
    for cut in (1, 2, 3, 63, 64, 65, 1024, 4095, 4999):
        first = chunked(values[:cut], 37)
        again = SequenceStats.from_dict(json.loads(json.dumps(first.as_dict())))
        assert again == first
        for lo in range(cut, values.size, 501):
            again.update(values[lo:min(lo + 501, values.size)], lo)
        assert again.as_dict() == whole, cut


def test_chunks_must_come_in_order():
    s = SequenceStats.of(np.arange(10, dtype=np.uint8))
    with pytest.raises(ValueError, match="next chunk starts at 10"):
        s.update(np.zeros(3, dtype=np.uint8), 11)
    with pytest.raises(ValueError, match="non-negative"):
        s.update(np.array([-1]), 10)


def test_checksum_exact_across_slices_and_wide_values():
    rng = np.random.default_rng(3)
    values = rng.integers(0, 2**32, SLICE + 4097, dtype=np.uint64).astype(np.uint32)
    want = sum((i + 1) * v for i, v in enumerate(values.tolist())) % M61
    assert checksum(values) == want
    assert SequenceStats.of(values).checksum == want
    assert (checksum(values[:5000]) + checksum(values[5000:], 5000)) % M61 == want
    big = rng.integers(0, 2**63, 3000, dtype=np.uint64)
    assert checksum(big, 10**12) == \
        sum((i + 10**12 + 1) * v for i, v in enumerate(big.tolist())) % M61


def test_kayles_checksum_and_stats_match_the_reference_solver():
    spec = "octal:code=0.77,size=300"
    _, ref = reference_table(spec)
    t = gtables.compute(spec, store=None, progress=False)
    assert t.values.tolist() == ref
    assert t.stats == reference(ref)
    assert t.stats["checksum"] == sum((n + 1) * g for n, g in enumerate(ref)) % M61
    assert t.stats["zeros"] == 1          # Kayles: a single heap of n > 0 is never a P-position


def rare_reference(values, mask: int, pb: int) -> list[int]:
    return [n for n in range(1, len(values))
            if (bin(int(values[n]) & mask).count("1") + pb * n) % 2 == 0]


@pytest.mark.parametrize("code", ["0.77", "0.16", "0.56", "0.6"])
def test_rare_heaps_count_and_last(code):
    t = gtables.compute(f"octal:code={code},size=5000", store=None, progress=False)
    x = t.attrs["extra"]
    assert x["algorithm"] == "sparse"
    rare = rare_reference(t.values, x["mask"], x["parity_bit"])
    assert x["rare_heaps"] == len(rare) and x["last_rare"] == (rare[-1] if rare else None)


@pytest.mark.parametrize("spec,algorithm", [("octal:code=0.77,size=500", "naive"),
                                            ("octal:code=0.07,size=5000", "auto")])
def test_a_run_ending_naive_has_no_rare_list(spec, algorithm):
    t = gtables.compute(spec, store=None, progress=False, algorithm=algorithm)
    x = t.attrs["extra"]
    assert x["algorithm"] in ("naive", "sparse, then naive from heap 4096")
    assert x["rare_heaps"] is None and x["last_rare"] is None
    assert t.stats == reference(t.values)


@pytest.mark.parametrize("spec1,spec2", [
    ("octal:code=0.6,size=1000", "octal:code=0.6,size=20000"),      # widens uint8 -> uint16
    ("octal:code=0.137,size=999", "octal:code=0.137,size=4500"),
    ("subtraction:allbut=1,size=900", "subtraction:allbut=1,size=3000"),   # past the bound
])
def test_stored_and_resumed_tables_carry_the_stats_of_a_fresh_run(tmp_path, spec1, spec2):
    store = str(tmp_path / "t.h5")
    gtables.compute(spec1, store=store, progress=False)
    resumed = gtables.compute(spec2, store=store, progress=False)
    assert resumed.attrs["extra"]["resumed_from"] == gtables.game(spec1).space.size
    fresh = gtables.compute(spec2, store=None, progress=False)
    assert resumed.stats == fresh.stats == reference(fresh.values)
    assert gtables.load(spec2, store=store).stats == fresh.stats      # as stored, read back


def test_stats_cover_heaps_filled_from_a_period():
    spec = "octal:code=0.07,size=5000"
    proved = gtables.compute(spec, store=None, progress=False, until_periodic=True)
    x = proved.attrs["extra"]
    assert x["filled_by_period"] and x["computed_to"] < 5001
    assert proved.stats == reference(proved.values)
    assert proved.stats == gtables.compute(spec, store=None, progress=False).stats


def test_show_prints_the_stats_without_numba(cli, tmp_path):
    store = str(tmp_path / "t.h5")
    spec = "octal:code=0.77,size=2000"
    assert cli("compute", spec, store=store).returncode == 0
    t = gtables.load(spec, store=store)
    r = cli("show", spec, "--limit", "5", store=store)
    assert r.returncode == 0, r.stderr
    head = [line for line in r.stdout.splitlines() if line.startswith("#")]
    assert f"# checksum sum (n+1)*G(n) mod 2^61 = {t.stats['checksum']} (as octal_naive.c " \
           f"prints)" in head
    assert "# heaps 0..2,000: largest value 8 (first at heap 27); 1 zero (P-positions, heap 0 " \
           "included)" in head
    assert any(line.startswith("# algorithm: sparse, ") and f"the last {t.attrs['extra']['last_rare']}"
               in line for line in head)
    code = ("import sys\nfrom gtables.cli import main\ncode = main(sys.argv[1:])\n"
            "assert not {'numba', 'llvmlite'} & set(sys.modules), 'numba was imported'\n"
            "sys.exit(code)")
    r = subprocess.run([sys.executable, "-c", code, "show", spec, "--format", "json", "--limit",
                        "3", "--store", store], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert d["stats"] == t.stats and d["rare"]["last_rare"] == t.attrs["extra"]["last_rare"]


@pytest.fixture(scope="module")
def c_baseline(tmp_path_factory):
    """The C baseline, compiled; the test is skipped where it or gcc is missing (tests must
    not need the shared folder)."""
    if shutil.which("gcc") is None or not BASELINE.exists():
        pytest.skip("needs gcc and ../shared/baselines/octal_naive.c")
    exe = tmp_path_factory.mktemp("c") / "octal_naive"
    subprocess.run(["gcc", "-O2", "-o", str(exe), str(BASELINE)], check=True, timeout=120)
    return exe


@pytest.mark.parametrize("code,n", [("0.77", 5000), ("0.16", 20000), ("0.6", 20000)])
def test_checksum_matches_the_c_baseline(c_baseline, code, n):
    exe = c_baseline
    out = subprocess.run([str(exe), code, str(n), "sparse", "--show", "0"], capture_output=True,
                         text=True, check=True, timeout=120).stdout
    c = json.loads(out.splitlines()[0])
    t = gtables.compute(f"octal:code={code},size={n}", store=None, progress=False)
    assert c["completed"] and t.stats["checksum"] == c["checksum"]
