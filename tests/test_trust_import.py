"""Issue 39, items 5 and 6: what an import and an export file read as a store are trusted with.

5. The estimate of a full re-derivation counted the first call's compile (and each call's copy
   of the table) and scaled it by the table's size over the probe's: an honest 4 x 5 Cram export
   (2^20 positions, re-derived in a fraction of a second) was estimated at hundreds of seconds
   and refused, ``--accept-sample`` sampled even where a full re-derivation fits (a forged value
   at index 700,001 got in, and ``query`` answered 1, N; the truth is 0, P), and ``check --deep``
   sampled it too.  A table imported on a sample was not marked in ``list`` or ``show``.
6. ``gtables list --store EXPORT.h5`` printed its sender's attributes (``max 99`` for a table of
   largest value 9, a forged period in ``--json``).

The estimate is tested on a fake clock (no timing, no machine speed); where the sample path is
wanted, the existing options force it (``$GTABLES_REDERIVE_LIMIT``, ``--accept-sample``).  Truth
comes from the tests' reference solver (plain recursion)."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import h5py
import numpy as np
import pytest
from reference import Solver, reference_table

import gtables
from gtables import api
from gtables.store import Store, relname
from gtables.store import tablefile as tf

CRAM = "cram:rows=4,cols=5"
FORGED_AT = 700_001                  # the index: far from any sample of ~1,000
DAWSON = "octal:code=0.07,size=300"
TINY_LIMIT = {"GTABLES_REDERIVE_LIMIT": "0.000001"}    # forces the sample path


def cli(*args, env=None):
    e = {k: v for k, v in os.environ.items() if k not in ("GTABLES_STORE",
                                                          "GTABLES_REDERIVE_LIMIT")}
    return subprocess.run([sys.executable, "-m", "gtables.cli", *args], capture_output=True,
                          text=True, env=dict(e, **(env or {})), timeout=600)


def write_export(path, spec, values, attrs):
    """An export file made with gtables' own functions: every checksum valid, no seal."""
    with h5py.File(path, "w") as f:
        f.attrs.update({"schema": tf.EXPORT_SCHEMA, "schema_version": tf.FILE_VERSION})
        full = dict(attrs, schema=tf.TABLE_SCHEMA, schema_version=tf.FILE_VERSION, spec=spec,
                    complete=1)
        tf.export_image_add(f, relname(spec), values, full)


@pytest.fixture(scope="module")
def cram(tmp_path_factory):
    """The honest 4 x 5 Cram table, exported by gtables, and the same file with the value at
    :data:`FORGED_AT` changed (checksums valid); the truth there from the reference solver."""
    d = tmp_path_factory.mktemp("cram")
    src, honest, forged = str(d / "src"), str(d / "honest.h5"), str(d / "forged.h5")
    gtables.compute(CRAM, store=src, progress=False)
    api.export_tables([CRAM], honest, store=src)
    values = np.array(gtables.load(CRAM, store=src).values)
    g = gtables.game(CRAM)
    where = g.space.unrank(np.array([FORGED_AT]))[0]
    truth = Solver.of(CRAM).grundy(where)
    assert (truth, int(values[FORGED_AT])) == (0, 0)       # a P-position, as the issue says
    bad = values.copy()
    bad[FORGED_AT] = 1
    write_export(forged, CRAM, bad, api.derive_attrs(g, bad))
    return {"honest": honest, "forged": forged, "position": g.space.format(where),
            "size": g.space.size}


# -- item 5: the estimate ---------------------------------------------------------------------

class FakeRederive:
    """``api.rederive_problem`` on a fake clock: the first call costs ``first`` (a compile),
    every call ``call`` (the table's working copy) plus ``per`` a position, and the first call
    on more than one position ``stall`` more (the machine busy elsewhere)."""

    def __init__(self, first, call, per, stall=0.0):
        self.now, self.calls = 0.0, 0
        self.first, self.call, self.per, self.stall = first, call, per, stall
        self.stalled = False

    def clock(self):
        return self.now

    def __call__(self, g, values, positions):
        self.calls += 1
        self.now += self.call + self.per * len(positions) + (self.first if self.calls == 1
                                                              else 0.0)
        if len(positions) > 1 and not self.stalled:
            self.stalled = True
            self.now += self.stall
        return None


@pytest.mark.parametrize("n, first, call, per, stall", [
    (1 << 20, 2.0, 1e-4, 2e-7, 0.0),       # a compile of 2 s: 2,000 s when scaled by 1,024
    (1 << 24, 0.0, 0.05, 1e-7, 0.0),       # a 50 ms copy per call: 820 s when scaled
    (1 << 20, 0.0, 1e-4, 2e-7, 5.0),       # one stall of 5 s: 5,000 s when scaled
], ids=["compile", "copy", "stall"])
def test_the_estimate_is_what_a_full_run_costs(monkeypatch, n, first, call, per, stall):
    fake = FakeRederive(first, call, per, stall)
    truth = call + per * n                  # one call on every position, the kernel warm
    with monkeypatch.context() as m:
        m.setattr(api, "rederive_problem", fake)
        m.setattr(api.time, "perf_counter", fake.clock)
        est = api.rederive_estimate(None, np.zeros(n, dtype=np.uint8))
    assert 0.9 * truth <= est <= 1.1 * truth, (est, truth)


def test_an_honest_export_imports_in_full_and_a_forged_one_never_on_a_sample(tmp_path, cram):
    a, b = str(tmp_path / "a"), str(tmp_path / "b")
    r = cli("import", cram["honest"], "--store", a)
    assert r.returncode == 0, r.stdout + r.stderr
    assert f"imported {CRAM} (re-derived: all {cram['size']:,})" in r.stdout
    r = cli("query", CRAM, cram["position"], "--json", "--store", a)
    assert r.returncode == 0 and json.loads(r.stdout)["outcome"] == "P", r.stdout + r.stderr
    # a sample asked for is taken only past the time guard: this table is re-derived in full
    r = cli("import", cram["forged"], "--accept-sample", "1000", "--store", b)
    assert r.returncode == 1, r.stdout + r.stderr
    assert f"refused {CRAM}: fails re-derivation (all {cram['size']:,} values)" in r.stdout
    assert cram["position"] in r.stdout
    assert not Store(b).list()


def test_a_table_imported_on_a_sample_is_marked_and_check_deep_rederives_it(tmp_path, cram):
    s = str(tmp_path / "s")
    r = cli("import", cram["honest"], "--accept-sample", "50", "--store", s, env=TINY_LIMIT)
    assert r.returncode == 0 and "(re-derived: sampled " in r.stdout, r.stdout + r.stderr
    r = cli("list", "--store", s)
    assert r.returncode == 0 and "imported on a sample: sampled " in r.stdout, r.stdout
    r = cli("list", "--json", "--store", s)
    row, = json.loads(r.stdout)
    assert row["verified"].startswith("on a sample: sampled "), row
    assert row["verified"].endswith(f" of {cram['size']:,} values re-derived at import")
    r = cli("show", CRAM, "--limit", "1", "--store", s)
    assert r.returncode == 0 and "# imported on a sample: sampled " in r.stdout, r.stdout
    r = cli("show", CRAM, "--limit", "1", "--format", "json", "--store", s)
    assert json.loads(r.stdout)["verified"].startswith("on a sample: sampled ")
    # check --deep re-derives it in full (within the time guard) and says so beside the mark
    r = cli("check", "--deep", "--store", s)
    assert r.returncode == 0, r.stdout + r.stderr
    assert f"{CRAM}: imported on a sample (sampled " in r.stdout
    assert f"re-derived now: all {cram['size']:,}" in r.stdout
    # a forged table let in on a sample (the user forced it) is marked, and check --deep finds it
    f = str(tmp_path / "f")
    r = cli("import", cram["forged"], "--accept-sample", "1", "--store", f, env=TINY_LIMIT)
    if r.returncode == 1:         # the sample hit the forged value (about 1 in 30,000 runs)
        assert "fails re-derivation (sampled " in r.stdout, r.stdout
        return
    assert r.returncode == 0, r.stdout + r.stderr
    r = cli("list", "--store", f)
    assert "imported on a sample: sampled " in r.stdout, r.stdout
    r = cli("check", "--deep", "--store", f)
    assert r.returncode == 1, r.stdout + r.stderr
    assert f"DAMAGED table {CRAM}" in r.stdout and cram["position"] in r.stdout
    assert f"re-derived now: all {cram['size']:,} (wrong: below)" in r.stdout


# -- item 6: an export file listed ----------------------------------------------------------

def test_an_export_read_as_a_store_lists_only_what_its_data_shows(tmp_path):
    g, ref = reference_table(DAWSON)
    ref = np.array(ref, dtype=np.uint8)
    values = gtables.compute(DAWSON, store=None, progress=False).values
    assert np.array_equal(values, ref)
    top = int(ref.max())
    assert top == 9
    a = api.derive_attrs(g, values)
    a.update(max_value=99, description="forged", compute_seconds=1e9, kind="partizan",
             shape=[7, 43], created="1999-01-01T00:00:00+00:00")
    a["extra"] = dict(a["extra"], period=35, preperiod=70, saltus=0, proof="forged",
                      stats=dict(a["extra"]["stats"], max_value=99))
    path = str(tmp_path / "forged.h5")
    write_export(path, DAWSON, values, a)

    r = cli("list", "--store", path)
    assert r.returncode == 0, r.stdout + r.stderr
    line, = [x for x in r.stdout.splitlines() if DAWSON in x]
    assert "not verified" in line and "301 pos" in line and "uint8" in line
    listed = r.stdout.split("\n", 1)[1]         # below the line naming the file
    for forged in ("99", "1000000000", "partizan", "1999", "forged", "[7, 43]"):
        assert forged not in listed, r.stdout
    r = cli("list", "--json", "--store", path)
    row, = json.loads(r.stdout)
    assert row["spec"] == DAWSON and row["length"] == ref.size and row["dtype"] == "uint8"
    assert row["verified"].startswith("not verified")
    assert set(row) <= {"spec", "family", "length", "dtype", "stored_bytes", "file", "damaged",
                        "verified"}, row
    assert row == Store(path).list()[0]
    # show (and query) re-derive the table and describe it from its values
    r = cli("show", DAWSON, "--limit", "0", "--format", "json", "--store", path)
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert [e["value"] for e in d["entries"]] == ref.tolist()
    assert d["stats"]["max_value"] == top and d["kind"] == "grundy"
    r = cli("show", DAWSON, "--store", path)
    assert f"largest value {top} " in r.stdout and "forged" not in r.stdout, r.stdout
