"""The store: round trips, verification on every read path, transactions, locks, housekeeping.

The slow, randomised part of the fault-injection suite is scripts/fault_injection.py; these are
its fast cases."""
import json
import os
import subprocess
import sys
import textwrap

import h5py
import numpy as np
import pytest

import gtables
from gtables.errors import GtablesError
from gtables.store import Store, checksum, table_key
from gtables.transaction import hdf5_eoa


def _nim(n):
    return np.arange(n + 1, dtype=np.uint8)


def test_roundtrip_metadata_and_partial_reads(store_path):
    t = gtables.compute("octal:code=0.07,size=3000", store=store_path)
    st = Store(store_path)
    assert "octal:code=0.07,size=3000" in st
    s = st.get("octal:code=0.07,size=3000")
    a = s.attrs
    assert a["spec"] == "octal:code=0.07,size=3000" and a["family"] == "octal"
    assert a["kind"] == "grundy" and a["dtype"] == "uint8" and a["schema_version"] == 2
    assert a["checksum"] == checksum(t.values) and a["complete"] == 1
    for key in ("params", "index", "shape", "versions", "created", "compute_seconds",
                "index_scheme", "encoding", "meta_checksum", "chunk_digests"):
        assert key in a
    assert len(json.loads(a["versions"])["source"]) == 12     # which code computed it
    idx = np.array([2999, 5, 5, 1000, 0])
    assert (s.read(idx) == t.values[idx]).all()
    assert (s.read(np.arange(0, 3001, 7)) == t.values[::7]).all()
    assert (s.read(slice(10, 2000, 3)) == t.values[10:2000:3]).all()
    lazy = gtables.load("octal:code=0.07,size=3000", store=store_path)
    assert lazy._values is None and lazy.value(7) == 1 and lazy._values is None
    with h5py.File(store_path, "r") as f:
        ds = f["tables"][s.key]
        assert ds.chunks is not None and ds.compression == "gzip" and ds.fletcher32


def test_multi_chunk_reads(store_path, monkeypatch):
    import gtables.store as store_mod
    monkeypatch.setattr(store_mod, "CHUNK", 1000)       # many chunks in a small table
    st = Store(store_path)
    v = (np.arange(5500) % 251).astype(np.uint8)
    st.write("nim:heaps=1,size=5499", v, {"shape": [5500]})
    s = st.get("nim:heaps=1,size=5499")
    assert s.attrs["chunk_elems"] == 1000
    assert (s.read() == v).all() and (s.read(slice(990, 3010)) == v[990:3010]).all()
    idx = np.array([5499, 0, 999, 1000, 4321, 4321])
    assert (s.read(idx) == v[idx]).all()


def test_value_rewritten_through_h5py_is_refused_even_lazily(store_path):
    """The laundering bug: a value changed with h5py (which recomputes fletcher32) must not be
    answered by a lookup, reused as a prefix, or kept by --force."""
    spec = "octal:code=0.6,size=3000"
    gtables.compute(spec, store=store_path)
    good = gtables.load(spec, store=store_path).values.copy()
    with h5py.File(store_path, "a") as f:
        f["tables"][table_key(spec)][2000] = 7
    with pytest.raises(GtablesError, match="damaged .*repair it with: gtables compute"):
        gtables.load(spec, store=store_path).value(2000)
    with pytest.raises(GtablesError, match="damaged"):
        _ = gtables.load(spec, store=store_path).values
    # a larger table of the same game must not resume from the damaged one
    big = gtables.compute("octal:code=0.6,size=3500", store=store_path)
    assert (big.values[:3001] == good).all()
    assert not (big.attrs.get("extra") or {}).get("resumed_from")
    # --force recomputes from scratch and repairs
    fixed = gtables.compute(spec, store=store_path, force=True)
    assert (fixed.values == good).all()
    assert gtables.load(spec, store=store_path).value(2000) == good[2000]
    assert all(r["damaged"] is None for r in Store(store_path).check())


def _flip_byte_in(path, needle: bytes, delta=1):
    data = bytearray(open(path, "rb").read())
    i = data.find(needle)
    assert i >= 0
    data[i] = (data[i] + delta) % 256
    open(path, "wb").write(bytes(data))


def test_byte_flips_in_data_and_attributes(store_path):
    st = Store(store_path)
    v = (np.arange(20000) * 7 % 13).astype(np.uint8)
    st.write("nim:heaps=1,size=19999", v, {"shape": [20000], "description": "UNIQUEWORD"})
    # an attribute
    _flip_byte_in(store_path, b"UNIQUEWORD")
    with pytest.raises(GtablesError, match="attributes fail their checksum"):
        st.get("nim:heaps=1,size=19999")
    rows = st.list()
    assert rows[0]["damaged"] and "repair" in rows[0]["damaged"]
    # a data chunk (compressed bytes: flip one in the middle of the chunk)
    st.write("nim:heaps=1,size=19999", v, {"shape": [20000]}, force=True)
    with h5py.File(store_path, "r") as f:
        offset = f["tables"][table_key("nim:heaps=1,size=19999")].id.get_offset()
    if offset is None:   # chunked: find the first chunk's address
        with h5py.File(store_path, "r") as f:
            offset = f["tables"][table_key("nim:heaps=1,size=19999")].id.get_chunk_info(0).byte_offset
    with open(store_path, "r+b") as fh:
        fh.seek(offset + 20)
        b = fh.read(1)
        fh.seek(offset + 20)
        fh.write(bytes([b[0] ^ 0x40]))
    t = st.get("nim:heaps=1,size=19999")
    with pytest.raises(GtablesError, match="damaged"):
        t.read(np.array([5]))
    with pytest.raises(GtablesError, match="damaged"):
        gtables.cli.main(["query", "nim:heaps=1,size=19999", "5", "--store", store_path]) \
            if False else t.load()


def test_version_1_tables_are_read_and_verified_whole(store_path):
    """Stores written before schema 2 (no chunk checksums) stay readable; the whole table is
    checked before the first lookup is answered."""
    v = _nim(9)
    with h5py.File(store_path, "w") as f:
        f.attrs["schema"] = "gtables.store"
        f.attrs["schema_version"] = 1
        ds = f.create_group("tables").create_dataset(table_key("nim:heaps=1,size=9"), data=v,
                                                     chunks=(10,))
        for k, val in dict(schema="gtables.table", schema_version=1, spec="nim:heaps=1,size=9",
                           dtype="uint8", checksum=checksum(v), shape="[10]", kind="grundy",
                           complete=1).items():
            ds.attrs[k] = val
    t = gtables.load("nim:heaps=1,size=9", store=store_path)
    assert t.value(4) == 4
    with h5py.File(store_path, "a") as f:
        f["tables"][table_key("nim:heaps=1,size=9")][4] = 9
    with pytest.raises(GtablesError, match="checksum"):
        gtables.load("nim:heaps=1,size=9", store=store_path).value(4)


def test_failed_write_changes_nothing(store_path, monkeypatch):
    st = Store(store_path)
    st.write("nim:heaps=1,size=9", _nim(9), {"shape": [10]})
    before = open(store_path, "rb").read()
    import gtables.store as store_mod
    real = store_mod._set_attrs

    def boom(ds, attrs):
        real(ds, attrs)
        raise KeyboardInterrupt

    monkeypatch.setattr(store_mod, "_set_attrs", boom)
    with pytest.raises(KeyboardInterrupt):
        st.write("nim:heaps=1,size=99", _nim(99), {"shape": [100]})
    monkeypatch.setattr(store_mod, "_set_attrs", real)
    assert open(store_path, "rb").read() == before          # byte for byte
    assert "nim:heaps=1,size=99" not in st and not os.path.exists(store_path + ".journal")
    st.write("nim:heaps=1,size=99", _nim(99), {"shape": [100]})
    assert (st.get("nim:heaps=1,size=99").load() == _nim(99)).all()
    with pytest.raises(GtablesError, match="already stored"):
        st.write("nim:heaps=1,size=99", _nim(99), {"shape": [100]})


def test_journal_left_by_a_killed_writer_is_replayed(store_path, monkeypatch):
    """Kill between 'journal saved' and 'journal applied': the next reader finishes it."""
    st = Store(store_path)
    st.write("nim:heaps=1,size=9", _nim(9), {"shape": [10]})
    import gtables.transaction as tx
    monkeypatch.setattr(tx, "_apply_journal", lambda path, blob: (_ for _ in ()).throw(
        SystemExit("killed")))
    with pytest.raises(SystemExit):
        st.write("nim:heaps=1,size=19", _nim(19), {"shape": [20]})
    monkeypatch.undo()
    assert os.path.exists(store_path + ".journal")
    assert (Store(store_path).get("nim:heaps=1,size=19").load() == _nim(19)).all()
    assert not os.path.exists(store_path + ".journal")
    assert all(r["damaged"] is None for r in st.check())


def test_damaged_or_partial_journal_is_discarded(store_path):
    st = Store(store_path)
    st.write("nim:heaps=1,size=9", _nim(9), {"shape": [10]})
    before = open(store_path, "rb").read()
    with open(store_path + ".journal", "wb") as f:
        f.write(b"GTJRNL01" + b"\0" * 100)               # not a whole journal
    with open(store_path + ".journal.tmp", "wb") as f:
        f.write(b"half")
    assert (st.get("nim:heaps=1,size=9").load() == _nim(9)).all()
    assert open(store_path, "rb").read() == before
    assert not os.path.exists(store_path + ".journal")


def test_killed_write_tail_is_cut_and_compact_reclaims(store_path):
    st = Store(store_path)
    v = np.random.default_rng(1).integers(0, 200, 200_000).astype(np.uint8)
    st.write("nim:heaps=1,size=199999", v, {"shape": [200_000]})
    size1 = os.path.getsize(store_path)
    with open(store_path, "ab") as f:                      # what a killed write leaves
        f.write(os.urandom(300_000))
    assert hdf5_eoa(store_path) == size1
    st.write("nim:heaps=1,size=9", _nim(9), {"shape": [10]})
    assert os.path.getsize(store_path) < size1 + 100_000
    for _ in range(4):
        st.write("nim:heaps=1,size=199999", v, {"shape": [200_000]}, force=True)
    r = st.compact()
    assert r["after"] < 1.5 * size1 and r["kept"] == 2
    assert (st.get("nim:heaps=1,size=199999").load() == v).all()


def test_compact_stops_on_damage_unless_told(store_path):
    st = Store(store_path)
    st.write("nim:heaps=1,size=9", _nim(9), {"shape": [10]})
    st.write("nim:heaps=1,size=8", _nim(8), {"shape": [9]})
    with h5py.File(store_path, "a") as f:
        f["tables"][table_key("nim:heaps=1,size=8")][1] = 5
    with pytest.raises(GtablesError, match="damaged.*--drop-damaged"):
        st.compact()
    r = st.compact(drop_damaged=True)
    assert r["kept"] == 1 and r["dropped"] == 1
    assert [x["spec"] for x in st.list()] == ["nim:heaps=1,size=9"]


def test_refuses_foreign_hdf5_files(tmp_path):
    p = str(tmp_path / "foreign.h5")
    with h5py.File(p, "w") as f:
        f.create_dataset("mine", data=[1, 2, 3])
    with pytest.raises(GtablesError, match="other content"):
        Store(p).write("nim:heaps=1,size=3", _nim(3), {})
    with h5py.File(p, "r") as f:
        assert list(f.keys()) == ["mine"]
    empty = str(tmp_path / "empty.h5")
    h5py.File(empty, "w").close()
    Store(empty).write("nim:heaps=1,size=3", _nim(3), {"shape": [4]})   # empty: fine


def test_bad_store_paths(tmp_path):
    p = tmp_path / "notes.txt"
    p.write_text("hello")
    with pytest.raises(GtablesError, match="not an HDF5 file"):
        Store(str(p))
    with pytest.raises(GtablesError, match="is a file, not a directory"):
        Store(str(p / "x.h5"))
    with pytest.raises(GtablesError, match="not in the store"):
        Store(str(tmp_path / "none.h5")).get("nim:heaps=1,size=3")
    st = Store(str(tmp_path / "s.h5"))
    st.write("nim:heaps=1,size=3", np.arange(4, dtype=np.uint8), {"shape": [4]})
    with pytest.raises(GtablesError, match="not in the store"):
        st.get("nim:heaps=1,size=4")


def test_newer_schema_refused(store_path):
    st = Store(store_path)
    st.write("nim:heaps=1,size=9", _nim(9), {"shape": [10]})
    with h5py.File(store_path, "a") as f:
        f["tables"][table_key("nim:heaps=1,size=9")].attrs["schema_version"] = 99
    with pytest.raises(GtablesError, match="newer"):
        st.get("nim:heaps=1,size=9")


def test_read_only_store_is_refused_before_computing(tmp_path):
    """Writes fail at once (before any computation), reads still work.  Root ignores
    permission bits, so as root the file is made immutable (chattr +i) instead."""
    path = str(tmp_path / "s.h5")
    Store(path).write("nim:heaps=1,size=3", np.arange(4, dtype=np.uint8), {"shape": [4]})
    os.chmod(path, 0o444)
    immutable = os.geteuid() == 0
    if immutable and subprocess.run(["chattr", "+i", path], capture_output=True).returncode:
        pytest.skip("running as root and chattr +i is not available here")
    try:
        r = subprocess.run([sys.executable, "-m", "gtables.cli", "compute",
                            "octal:code=0.6,size=2000000", "--store", path],
                           capture_output=True, text=True, timeout=300)
        assert r.returncode == 2 and r.stderr.startswith("gtables: error: cannot write")
        assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr
        r = subprocess.run([sys.executable, "-m", "gtables.cli", "query", "nim:heaps=1,size=3",
                            "2", "--store", path], capture_output=True, text=True, timeout=300)
        assert r.returncode == 0 and "Grundy value 2" in r.stdout
    finally:
        if immutable:
            subprocess.run(["chattr", "-i", path])


HOLD = textwrap.dedent("""
    import sys, time
    from gtables.transaction import flock
    with flock(sys.argv[1] + ".lock", True, "hold"):
        print("held", flush=True)
        time.sleep(30)
""")


def test_busy_store_waits_then_names_the_holder(store_path, monkeypatch):
    Store(store_path).write("nim:heaps=1,size=3", np.arange(4, dtype=np.uint8), {"shape": [4]})
    holder = subprocess.Popen([sys.executable, "-c", HOLD, store_path], stdout=subprocess.PIPE,
                              text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        monkeypatch.setenv("GTABLES_LOCK_TIMEOUT", "0.5")
        with pytest.raises(GtablesError, match=rf"store busy: .* held by process {holder.pid}"):
            Store(store_path).write("nim:heaps=1,size=4", _nim(4), {"shape": [5]})
        with pytest.raises(GtablesError, match="store busy"):
            gtables.load("nim:heaps=1,size=3", store=store_path).value(2)
    finally:
        holder.kill()
        holder.wait()
    assert gtables.load("nim:heaps=1,size=3", store=store_path).value(2) == 2


def test_plain_h5py_handle_makes_writers_wait(store_path, monkeypatch):
    if os.environ.get("HDF5_USE_FILE_LOCKING", "").upper() == "FALSE":
        pytest.skip("the foreign handle takes no lock")
    Store(store_path).write("nim:heaps=1,size=3", np.arange(4, dtype=np.uint8), {"shape": [4]})
    monkeypatch.setenv("GTABLES_LOCK_TIMEOUT", "0.5")
    with h5py.File(store_path, "r"):
        with pytest.raises(GtablesError, match="store busy: another program"):
            Store(store_path).write("nim:heaps=1,size=4", _nim(4), {"shape": [5]})
    Store(store_path).write("nim:heaps=1,size=4", _nim(4), {"shape": [5]})


def test_table_kept_aside_when_the_store_cannot_take_it(store_path, monkeypatch, tmp_path):
    from gtables import api
    st = Store(store_path)
    g = api.game("nim:heaps=1,size=6")
    values, attrs = api.compute_values(g.spec)

    def busy(*a, **k):
        raise GtablesError("store busy: held by process 1")

    real = Store.write
    monkeypatch.setattr(Store, "write", lambda self, *a, **k: busy() if self.path == store_path
                        else real(self, *a, **k))
    said = []
    t = api.store_table(st, g, values, attrs, echo=said.append)
    assert t.aside and os.path.exists(t.aside) and "gtables merge" in said[0]
    monkeypatch.undo()
    Store(store_path).merge(Store(t.aside))
    assert (gtables.load(g.spec, store=store_path).values == values).all()


def test_resumed_table_counts_all_its_compute_time(store_path):
    gtables.compute("octal:code=0.07,size=2000", store=store_path)
    small = gtables.load("octal:code=0.07,size=2000", store=store_path).attrs["compute_seconds"]
    t = gtables.compute("octal:code=0.07,size=4000", store=store_path)
    x = t.attrs["extra"]
    assert x["resumed_from"] == 2001 and x["prior_seconds"] == pytest.approx(small)
    assert t.attrs["compute_seconds"] == pytest.approx(small + x["this_run_seconds"], abs=1e-5)


def test_damaged_checkpoint_is_not_reused(store_path):
    st = Store(store_path)
    good = gtables.compute("octal:code=0.07,size=5000", store=None).values
    st.write_checkpoint("octal:code=0.07", good[:3000].copy(), 1.0)
    p = st.prefix("octal:code=0.07", 5001)
    assert p.values.size == 3000 and p.seconds == 1.0 and (p.values == good[:3000]).all()
    with h5py.File(store_path, "a") as f:
        f["partial"][table_key("octal:code=0.07")][100] = 9
    said = []
    assert st.prefix("octal:code=0.07", 5001, on_damaged=said.append) is None
    assert "checkpoint" in said[0] and "damaged" in said[0]
    t = gtables.compute("octal:code=0.07,size=5000", store=store_path)
    assert (t.values == good).all() and not t.attrs["extra"].get("resumed_from")


def test_store_env_variable(tmp_path, monkeypatch):
    p = str(tmp_path / "env.h5")
    monkeypatch.setenv("GTABLES_STORE", p)
    gtables.compute("nim:heaps=2,size=5")
    assert "nim:heaps=2,size=5" in Store(p)


def test_damaged_attribute_datatype_is_refused_with_its_repair(store_path):
    """A flipped byte in a float attribute's datatype makes h5py raise ValueError on reading the
    attributes; that is a damaged table (one line, the repair command), not a traceback."""
    Store(store_path).write("nim:heaps=1,size=9", _nim(9), {"shape": [10], "compute_seconds": 1.5})
    b = bytearray(open(store_path, "rb").read())
    i = b.find(b"compute_seconds\x00") + 32
    assert b[i:i + 4] == b"\xff\x03\x00\x00"         # the float64's exponent bias
    b[i + 1] ^= 0xE7
    open(store_path, "wb").write(bytes(b))
    with pytest.raises(GtablesError, match=r"damaged .*repair it with: gtables compute "
                                           r"nim:heaps=1,size=9 --force"):
        gtables.load("nim:heaps=1,size=9", store=store_path)
    (row,) = Store(store_path).list()
    assert row["spec"] == "nim:heaps=1,size=9" and "repair it with" in row["damaged"]


def test_compact_drops_checkpoints_a_table_covers(store_path):
    st = Store(store_path)
    t = gtables.compute("octal:code=0.07,size=3000", store=store_path)
    st.write_checkpoint("octal:code=0.07", t.values[:2000].copy(), 1.0)   # as a kill would leave
    st.write_checkpoint("octal:code=0.77", np.zeros(10, np.uint8), 1.0)   # still needed
    said = []
    st.compact(echo=said.append)
    assert [k for k in said if "covers" in k] and [s for _, s in st._checkpoints()] == \
        ["octal:code=0.77"]


def test_tables_are_reachable_by_readable_paths(tmp_path):
    """/by_spec/<family>/<canonical spec> is a soft link to each table's dataset: made by every
    write, moved by a forced rewrite, gone with a delete (with its empty family group), rebuilt by
    compact and made by merge; the hashed names stay."""
    import h5py

    from gtables.store import Store, by_spec_path
    path = str(tmp_path / "s.h5")
    st = Store(path)
    specs = ["octal:code=0.07,size=100", "subtraction:set=1+4,size=30", "wythoff:size=10"]
    for s in specs:
        gtables.compute(s, store=st, progress=False)
    gtables.compute(specs[0], store=st, progress=False, force=True)

    def linked(p):
        with h5py.File(p, "r") as f:
            out = {}
            for family in f.get("by_spec", {}):
                for name in f["by_spec"][family]:
                    ds = f["by_spec"][family][name]
                    target = f["by_spec"][family].get(name, getlink=True).path
                    out[name] = (ds.attrs["spec"], ds[:].tolist(), target.startswith("/tables/"))
            return out

    got = linked(path)
    assert sorted(got) == sorted(specs)
    for s in specs:
        assert got[s][0] == s and got[s][1] == gtables.load(s, store=path).values.tolist()
        assert got[s][2]                          # the link resolves to the hashed dataset
    assert by_spec_path(specs[0]) == "/by_spec/octal/octal:code=0.07,size=100"
    assert by_spec_path("x:a=1/2").endswith("/x:a=1%2F2")
    st.delete(specs[2])
    with h5py.File(path, "r") as f:
        assert "wythoff" not in f["by_spec"]
    st.compact()
    assert sorted(linked(path)) == sorted(specs[:2])
    side = Store(str(tmp_path / "side.h5"))
    gtables.compute("nim:heaps=2,size=5", store=side, progress=False)
    st.merge(side)
    assert "nim:heaps=2,size=5" in linked(path)
    assert not any(r["damaged"] for r in st.check())


def test_prefix_from_a_sequence_index_equals_a_fresh_scan(tmp_path):
    """A sweep reads the stored attributes once (``sequence_index``) and asks ``prefix`` for each
    spec with it: the answer is the one a scan of its own gives (the longest verified prefix,
    cut to the limit), and a sequence not stored has none."""
    from gtables.store import Store
    path = str(tmp_path / "t.h5")
    for n in (50, 120):
        gtables.compute(f"octal:code=0.07,size={n}", store=path, progress=False)
    gtables.compute("octal:code=0.77,size=30", store=path, progress=False)
    gtables.compute("nim:heaps=2,size=5", store=path, progress=False)
    st = Store(path)
    index = st.sequence_index()
    assert sorted(length for length, _, _ in index["octal:code=0.07"]) == [51, 121]
    assert "octal:code=0.137" not in index
    for limit in (10, 121, 500):
        a, b = st.prefix("octal:code=0.07", limit), st.prefix("octal:code=0.07", limit, index=index)
        assert a.source == b.source == "stored table octal:code=0.07,size=120"
        assert np.array_equal(a.values, b.values) and b.values.size == min(limit, 121)
    full = gtables.compute("octal:code=0.07,size=120", store=None, progress=False).values
    assert np.array_equal(st.prefix("octal:code=0.07", 500, index=index).values, full)
    assert st.prefix("octal:code=0.137", 100, index=index) is None
