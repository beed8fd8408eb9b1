"""A few cases of the fault-injection suite (scripts/fault_injection.py), with tiny repetition
counts on a tiny seeded store: damaged chunks and attributes are refused, never answered wrongly,
and a damaged checkpoint is not resumed from.  The whole suite writes results/reliability.md."""
import importlib.util
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def fi():
    spec = importlib.util.spec_from_file_location("fault_injection",
                                                  ROOT / "scripts" / "fault_injection.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules["fault_injection"] = mod
    spec.loader.exec_module(mod)
    yield mod
    sys.modules.pop("fault_injection", None)


@pytest.fixture(scope="module")
def ctx(fi, tmp_path_factory):
    c = fi.Ctx(str(tmp_path_factory.mktemp("fault-injection")), seed=3, quick=True, echo=lambda msg: None,
               seeds=("octal:code=0.07,size=2000", "nim:heaps=2,size=12",
                      "subtraction:set=1-3,size=500"))
    c.real_samples = 0                   # no real-CLI repeats here: the suite does those
    yield c
    c.close()


def test_damaged_chunks_and_attributes_are_refused_never_wrong(fi, ctx):
    chunk, attr = fi.fault_chunk_flip(ctx, n=2), fi.fault_attribute_flip(ctx, n=1)
    for rec in (chunk, attr):
        assert rec.injections >= 1
        assert rec.wrong_complete == 0, rec.anomalies
        assert rec.hangs == 0, rec.anomalies
        assert rec.seen                       # what the user saw was recorded
    # a flipped chunk byte is always caught: the hit table is refused
    hit = chunk.details["the hit table after the flip"]
    assert all(k.endswith("refused") for k in hit), hit


def test_damaged_checkpoint_is_not_resumed_from(fi, ctx, monkeypatch):
    monkeypatch.setattr(fi, "CKPT_SPECS", ("octal:code=0.16,size=8000",))   # small and quick
    rec = fi.fault_checkpoint_flip(ctx, n=1)
    assert rec.injections == 1
    assert rec.wrong_complete == 0 and rec.lost_finished == 0, rec.anomalies
    assert rec.log[0]["result"] == "correct"
    assert rec.log[0]["checkpoint"] != "damaged" or rec.log[0]["resumed_from"] != "the checkpoint"


def test_verify_store_classifies(fi, ctx):
    import h5py
    import numpy as np

    from gtables.store import table_key
    path = ctx.fresh_store("verify")
    ref = {s: ctx.ref(s) for s in ctx.seeds}
    res = fi.verify_store(path, ref.get, expected=ctx.seeds)
    assert {t["status"] for t in res["tables"].values()} == {"correct"}
    assert res["check"]["damaged"] == 0
    # a value changed through h5py (fletcher32 recomputed): refused, not wrong
    with h5py.File(path, "a") as f:
        f["tables"][table_key(ctx.seeds[0])][7] += 1
    res = fi.verify_store(path, ref.get, expected=ctx.seeds)
    assert res["tables"][ctx.seeds[0]]["status"] == "refused"
    # and a reference that disagrees with a sound table is reported WRONG
    bad = dict(ref)
    bad[ctx.seeds[1]] = np.zeros_like(ref[ctx.seeds[1]]) + 1
    res = fi.verify_store(path, bad.get, expected=ctx.seeds[1:])
    assert res["tables"][ctx.seeds[1]]["status"] == "WRONG"
    assert fi.norm(f"table {ctx.seeds[1]} in {path} is damaged", ctx.tmp) == \
        "table <spec> in <path> is damaged"
