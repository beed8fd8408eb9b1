"""Issue 31: nothing a received file says is believed.  Imports re-derived in full, attributes
derived (never copied), the store's own tables sealed by a keyed MAC, and the store's edges
(concurrent creation, linked folders, memory limits, exports into a store).  Each test fails on
the code before the change (the old import re-derived a fixed sample and kept the sender's
attributes; nothing was sealed)."""
from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
import time

import h5py
import numpy as np
import pytest

import gtables
from gtables import api
from gtables.engine.periodicity import find_period
from gtables.engine.rederive import sample_positions
from gtables.errors import GtablesError
from gtables.store import Store, relname
from gtables.store import tablefile as tf

SPEC = "octal:code=0.07,size=40000"


def run_cli(*args, env=None, limit_as=None):
    def limit():
        if limit_as is not None:
            resource.setrlimit(resource.RLIMIT_AS, (limit_as, limit_as))
    return subprocess.run([sys.executable, "-m", "gtables.cli", *args], capture_output=True,
                          text=True, env=dict(os.environ, **(env or {})), preexec_fn=limit,
                          timeout=600)


def forged_export(path, spec, values, attrs):
    """An export file made with gtables' own functions: every checksum valid."""
    with h5py.File(path, "w") as f:
        f.attrs["schema"] = tf.EXPORT_SCHEMA
        f.attrs["schema_version"] = tf.FILE_VERSION
        full = dict(attrs, schema=tf.TABLE_SCHEMA, schema_version=tf.FILE_VERSION, spec=spec,
                    complete=1, max_value=int(values.max()))
        tf.export_image_add(f, relname(spec), values, full)


@pytest.fixture(scope="module")
def dawson():
    """Dawson's Kayles (0.07) to heap 40,000, computed in memory: the truth."""
    return gtables.compute(SPEC, store=None, progress=False)


def test_forged_value_outside_the_old_sample_is_refused(tmp_path, dawson):
    values = np.array(dawson.values)
    assert values[38997] == 7
    # the old import re-derived this fixed sample past 2^15 heaps: 38,997 is not in it
    assert 38997 not in set(sample_positions(values.size).tolist())
    values[38997] = 8
    forged_export(tmp_path / "x.h5", SPEC, values, api._attrs_for(dawson.game, values, 1.0))
    out = []
    c = api.import_tables(str(tmp_path / "x.h5"), store=str(tmp_path / "s"), echo=out.append)
    assert c["refused"] == 1 and c["imported"] == 0
    assert "38997" in out[0] or "38,997" in out[0]
    with pytest.raises(GtablesError):
        api.load(SPEC, str(tmp_path / "s"))


def test_import_derives_every_attribute(tmp_path, dawson):
    values = np.array(dawson.values)
    forged = api._attrs_for(dawson.game, values, 1.0)
    forged.update(kind="partizan", encoding="forged", sequence_key="octal:code=0.77",
                  extra={"period": 35, "preperiod": 70, "saltus": 0, "proof": "forged",
                         "stats": {"max_value": 99},
                         "bounded": {"stats_to": 10_000_000, "window": 65536}})
    forged_export(tmp_path / "x.h5", SPEC, values, forged)
    c = api.import_tables(str(tmp_path / "x.h5"), store=str(tmp_path / "s"), echo=lambda m: None)
    assert c["imported"] == 1
    t = api.load(SPEC, str(tmp_path / "s"))
    assert t.kind == "grundy" and t.attrs["encoding"] != "forged"
    assert t.attrs["sequence_key"] == "octal:code=0.07"
    x = t.attrs["extra"]
    assert "bounded" not in x and x.get("proof") != "forged"
    assert t.stats["max_value"] == int(values.max())
    p = t.periodicity()
    truth = find_period(values)
    assert (p.period, p.preperiod) == (truth.period, truth.preperiod) == (34, 53)
    assert t.value(38997) == 7
    # the file's own attributes are gone from the store's copy too (read without the API)
    s = Store(str(tmp_path / "s")).get(SPEC)
    assert s.sealed and s.attrs["kind"] == "grundy"


def test_hand_copied_table_is_rederived_or_refused(tmp_path):
    spec = "octal:code=0.6,size=3000"
    truth = gtables.compute(spec, store=None, progress=False).values
    mine, other = Store(str(tmp_path / "a")), Store(str(tmp_path / "b"))
    gtables.compute("octal:code=0.6,size=10", store=mine, progress=False)
    forged = np.array(truth)
    forged[2900] ^= 1
    attrs = api._attrs_for(api.game(spec), forged, 1.0)
    attrs["sequence_key"] = "octal:code=0.6"
    other.write(spec, forged, attrs)         # sealed, but with the other store's key
    rel = relname(spec)
    shutil.copy(tmp_path / "b" / "tables" / rel, tmp_path / "a" / "tables" / rel)
    assert not mine.get(spec).sealed
    with pytest.raises(GtablesError, match="wrong"):
        api.load(spec, mine)
    # a longer run does not resume from it: its values are the truth
    longer = gtables.compute("octal:code=0.6,size=3500", store=mine, progress=False)
    assert np.array_equal(longer.values[:3001], truth)
    # the same file with the true values is re-derived and described by derived attributes
    good = dict(attrs, extra={"period": 1, "preperiod": 0, "proof": "forged"})
    other.write(spec, truth, good, force=True)
    os.unlink(tmp_path / "a" / "tables" / rel)
    shutil.copy(tmp_path / "b" / "tables" / rel, tmp_path / "a" / "tables" / rel)
    t = api.load(spec, mine)
    assert np.array_equal(t.values, truth) and t.attrs["extra"].get("proof") != "forged"


def test_resealed_with_meta_checksum_only_is_not_sealed(tmp_path):
    spec = "octal:code=0.6,size=2000"
    st = Store(str(tmp_path / "a"))
    t = gtables.compute(spec, store=st, progress=False)
    assert st.get(spec).sealed
    attrs = dict(st.get(spec).attrs, kind="partizan")
    img = tf.image(tf.TABLE_SCHEMA, np.asarray(t.values), attrs)     # no key: no seal
    path = tmp_path / "a" / "tables" / relname(spec)
    os.unlink(path)
    path.write_bytes(img)
    assert not st.get(spec).sealed
    assert api.load(spec, st).kind == "grundy"


def test_own_table_resumed_on_its_seal(tmp_path, monkeypatch):
    st = Store(str(tmp_path / "a"))
    gtables.compute("octal:code=0.6,size=3000", store=st, progress=False)
    calls = []
    real = api.rederive_problem
    monkeypatch.setattr(api, "rederive_problem", lambda *a, **k: calls.append(1) or real(*a, **k))
    t = gtables.compute("octal:code=0.6,size=6000", store=st, progress=False)
    assert calls == [] and t.attrs["extra"]["resumed_from"] == 3001
    truth = gtables.compute("octal:code=0.6,size=6000", store=None, progress=False)
    assert np.array_equal(t.values, truth.values)


def test_key_is_private_and_never_exported(tmp_path):
    st = Store(str(tmp_path / "a"))
    gtables.compute("octal:code=0.6,size=100", store=st, progress=False)
    mode = os.stat(tmp_path / "a" / ".seal-key").st_mode & 0o777
    assert mode == 0o600
    api.export_tables(["octal:code=0.6,size=100"], str(tmp_path / "x.h5"), store=st)
    with h5py.File(tmp_path / "x.h5", "r") as f:
        found = []
        f.visititems(lambda n, o: found.append(n) if "seal" in o.attrs else None)
    assert found == []
    os.chmod(tmp_path / "a" / ".seal-key", 0o644)
    st2 = Store(str(tmp_path / "a"))
    with pytest.raises(GtablesError, match="read by others"):
        st2.get("octal:code=0.6,size=100")


def test_store_creation_with_a_concurrent_creator_midway(tmp_path):
    d = tmp_path / "new"
    d.mkdir()
    (d / ".tmp-0123456789abcdef").write_bytes(b"{}")    # another creator's marker on its way
    Store(str(d)).check_writable()
    assert (d / "gtables-store.json").is_file()


def test_concurrent_creators_all_succeed(tmp_path):
    d = str(tmp_path / "new")
    start = time.time() + 1.5
    code = ("import sys, time; from gtables.store import Store; "
            f"time.sleep(max(0, {start} - time.time())); Store(sys.argv[1]).check_writable()")
    procs = [subprocess.Popen([sys.executable, "-c", code, d], stderr=subprocess.PIPE, text=True)
             for _ in range(6)]
    errs = [(p.wait(timeout=120), p.stderr.read()) for p in procs]
    assert all(rc == 0 for rc, _ in errs), errs


def test_linked_family_folder_is_a_problem(tmp_path):
    s = str(tmp_path / "s")
    gtables.compute("octal:code=0.6,size=100", store=s, progress=False)
    moved = tmp_path / "elsewhere"
    shutil.move(tmp_path / "s" / "tables" / "octal", moved)
    os.symlink(moved, tmp_path / "s" / "tables" / "octal")
    for cmd in (["list"], ["check"]):
        r = run_cli(*cmd, "--store", s)
        assert r.returncode == 1, (cmd, r.stdout, r.stderr)
        assert "symbolic link" in r.stdout + r.stderr


def test_tables_folder_that_is_a_file_is_a_problem(tmp_path):
    s = tmp_path / "s"
    gtables.compute("octal:code=0.6,size=100", store=str(s), progress=False)
    shutil.rmtree(s / "tables")
    (s / "tables").write_bytes(b"x")
    r = run_cli("check", "--store", str(s))
    assert r.returncode == 1 and "not a folder" in r.stdout


def test_memory_limit_is_not_damage(tmp_path):
    s = str(tmp_path / "s")
    gtables.compute("octal:code=0.6,size=100", store=s, progress=False)
    for mb in (250, 400):
        r = run_cli("check", "--deep", "--store", s, limit_as=mb << 20)
        assert r.returncode == 2, (mb, r.stdout, r.stderr)
        assert "not enough memory" in r.stderr and "DAMAGED" not in r.stdout
        assert "Traceback" not in r.stderr
        r = run_cli("compute", "octal:code=0.6,size=200", "--store", s, limit_as=mb << 20)
        assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1, r.stderr


def test_export_refuses_a_store_and_a_directory(tmp_path):
    s = str(tmp_path / "s")
    spec = "octal:code=0.6,size=100"
    gtables.compute(spec, store=s, progress=False)
    for to in (str(tmp_path / "s" / "tables" / "octal" / "x.h5"), str(tmp_path / "s" / "x.h5"),
               str(tmp_path / "newdir") + os.sep):
        r = run_cli("export", spec, "--to", to, "--store", s)
        assert r.returncode == 2, (to, r.stdout)
        assert not os.path.exists(to.rstrip(os.sep))
    r = run_cli("check", "--store", s)
    assert r.returncode == 0


def test_deep_check_says_when_it_sampled(tmp_path):
    s = str(tmp_path / "s")
    gtables.compute("octal:code=0.6,size=20000", store=s, progress=False)
    r = run_cli("check", "--deep", "--store", s, env={"GTABLES_REDERIVE_LIMIT": "0.000001"})
    assert r.returncode == 0, r.stderr
    assert "sampled" in r.stdout and "of 20,001" in r.stdout
    assert "every table re-derived from its own values" not in r.stdout
    r = run_cli("check", "--deep", "--store", s)
    assert "every table re-derived from its own values" in r.stdout


def test_import_too_big_is_refused_by_name_unless_sampled(tmp_path, monkeypatch):
    s = str(tmp_path / "s")
    spec = "octal:code=0.6,size=20000"
    src = str(tmp_path / "src")
    gtables.compute(spec, store=src, progress=False)
    api.export_tables([spec], str(tmp_path / "x.h5"), store=src)
    monkeypatch.setenv("GTABLES_REDERIVE_LIMIT", "0.000001")
    out = []
    c = api.import_tables(str(tmp_path / "x.h5"), store=s, echo=out.append)
    assert c["refused"] == 1 and spec in out[0] and "accept-sample" in out[0]
    out = []
    c = api.import_tables(str(tmp_path / "x.h5"), store=s, echo=out.append, accept_sample=500)
    assert c["imported"] == 1 and "sampled" in out[0]
    assert api._imported_on_sample(Store(s).get(spec).attrs)


def test_fresh_samples_differ():
    a, b = sample_positions(1 << 20, seed=None), sample_positions(1 << 20, seed=None)
    assert not np.array_equal(a, b)
