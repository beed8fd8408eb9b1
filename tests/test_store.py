"""The store (a directory of immutable table files): round trips and partial reads, verification
on every read path, what a path may be, publishing and replacing, the list cache, export and
import, and trust before reuse (a forged table with valid checksums is caught by ``check --deep``
and never resumed from).

Values are compared with tables computed in memory (``store=None``), never with hard-coded
tables.  The slow, randomised attacks are scripts/fault_injection.py; these are the fast cases."""
from __future__ import annotations

import hashlib
import json
import os
import stat
import subprocess
import sys

import h5py
import numpy as np
import pytest

import gtables
from gtables import api
from gtables.errors import GtablesError
from gtables.store import MARKER, Store, checksum, fsio, names, relname
from gtables.store import tablefile as tf

ONE = "gtables: error: "


def _nim(n):
    return np.arange(n + 1, dtype=np.uint8)


def _memory(spec):
    """The table computed in memory: the reference every stored table is compared with."""
    return gtables.compute(spec, store=None, progress=False).values


def _file(path, spec, area="tables"):
    """Where the table (or checkpoint) ``spec`` lives in the store at ``path``."""
    return os.path.join(Store(path).root, area, relname(spec))


def _digest(path):
    return hashlib.sha256(open(path, "rb").read()).hexdigest()


def _one_line(r, code=2):
    assert r.returncode == code, (r.stdout, r.stderr)
    assert "Traceback" not in r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(ONE), r.stderr
    return lines[0]


def _cli(*args, timeout=300):
    env = {k: v for k, v in os.environ.items() if k != "GTABLES_STORE"}
    return subprocess.run([sys.executable, "-m", "gtables.cli", *args], capture_output=True,
                          text=True, env=env, timeout=timeout)


def _forge(path, spec, values, **changes):
    """Put a table file under ``spec``'s name whose checksums all hold but whose values (or
    attributes) are not what gtables computed: what anyone who can write the directory can make
    with gtables' own functions.  ``spec`` must be stored already (its attributes are reused)."""
    t = Store(path).get(spec)
    attrs = {k: v for k, v in t.attrs.items() if k != "meta_checksum"}
    t.close()
    attrs.update(changes)
    img = tf.image(tf.TABLE_SCHEMA, np.ascontiguousarray(values), attrs)
    target = _file(path, spec)
    with open(target + ".forged", "wb") as f:
        f.write(img)
    os.replace(target + ".forged", target)
    return target


def _v2_store(path, tables):
    """A single-file store as gtables 0.x wrote it (schema ``gtables.store``): each table a
    dataset ``/tables/<sha1 of its spec, 24 hex>``; schema 2 tables carry ``meta_checksum`` and
    ``/digests/<key>``.  ``tables``: ``(spec, values, version)``."""
    with h5py.File(path, "w") as f:
        f.attrs["schema"] = "gtables.store"
        f.attrs["schema_version"] = 2
        top, dg = f.create_group("tables"), f.create_group("digests")
        for spec, values, version in tables:
            key = hashlib.sha1(spec.encode()).hexdigest()[:24]
            ds = top.create_dataset(key, data=values, chunks=(max(1, values.size),),
                                    compression="gzip", fletcher32=True)
            mem = gtables.compute(spec, store=None, progress=False).attrs
            attrs = {k: (json.dumps(v) if isinstance(v, (dict, list)) else v)
                     for k, v in mem.items() if k in ("family", "kind", "params", "index", "shape",
                                                      "encoding", "index_scheme", "versions",
                                                      "compute_seconds")}
            attrs.update(schema="gtables.table", schema_version=version, spec=spec,
                         dtype=str(values.dtype), checksum=checksum(values), complete=1,
                         created="2026-01-01T00:00:00+00:00")
            for k, v in attrs.items():
                ds.attrs[k] = v
            if version == 2:
                ds.attrs["meta_checksum"] = tf.meta_checksum(tf.attrs_of(ds))
                dg.create_dataset(key, data=tf.chunk_digests(values))


# -- round trips and partial reads ---------------------------------------------------------------

def test_roundtrip_metadata_and_partial_reads(store_path):
    spec = "octal:code=0.07,size=3000"
    t = gtables.compute(spec, store=store_path, progress=False)
    assert np.array_equal(t.values, _memory(spec))
    st = Store(store_path)
    assert spec in st and st.exists() and not st.readonly and st.id
    s = st.get(spec)
    a = s.attrs
    assert a["spec"] == spec and a["family"] == "octal" and a["kind"] == "grundy"
    assert a["dtype"] == "uint8" and a["schema"] == tf.TABLE_SCHEMA
    assert a["schema_version"] == tf.FILE_VERSION and a["complete"] == 1
    assert a["checksum"] == checksum(t.values) and a["length"] == 3001
    for key in ("params", "index", "shape", "versions", "created", "compute_seconds",
                "index_scheme", "encoding", "meta_checksum", "chunk_digests", "chunk_elems",
                "sequence_key"):
        assert key in a, key
    assert len(json.loads(a["versions"])["source"]) == 12     # which code computed it
    idx = np.array([3000, 5, 5, 1000, 0])
    assert (s.read(idx) == t.values[idx]).all()
    assert (s.read(np.arange(0, 3001, 7)) == t.values[::7]).all()
    assert (s.read(slice(10, 2000, 3)) == t.values[10:2000:3]).all()
    assert (s.load(limit=100) == t.values[:100]).all()
    s.close()
    lazy = gtables.load(spec, store=store_path)
    assert lazy._values is None and lazy.value(7) == t.values[7] and lazy._values is None
    with h5py.File(_file(store_path, spec), "r") as f:
        assert f.attrs["schema"] == tf.TABLE_SCHEMA
        ds = f["values"]
        assert ds.chunks is not None and ds.compression == "gzip" and ds.fletcher32
        assert f["digests"].shape == (1, 32)


def test_multi_chunk_reads_verify_only_the_chunks_they_touch(store_path, monkeypatch):
    monkeypatch.setattr(tf, "CHUNK", 1000)                  # many chunks in a small table
    st = Store(store_path)
    spec = "nim:heaps=1,size=5499"
    v = (np.arange(5500) % 251).astype(np.uint8)
    st.write(spec, v, {"shape": [5500]})
    s = st.get(spec)
    assert s.attrs["chunk_elems"] == 1000
    assert (s.read() == v).all() and (s.read(slice(990, 3010)) == v[990:3010]).all()
    idx = np.array([5499, 0, 999, 1000, 4321, 4321])
    assert (s.read(idx) == v[idx]).all()
    s.close()
    with h5py.File(_file(store_path, spec), "r") as f:
        assert f["values"].chunks == (1000,) and f["digests"].shape == (6, 32)
    with h5py.File(_file(store_path, spec), "r+") as f:       # chunk 3 changed, checksums redone
        f["values"][3500] = 7
    s = Store(store_path).get(spec)
    assert s.read(np.array([5, 2999, 4000])).tolist() == v[[5, 2999, 4000]].tolist()
    with pytest.raises(GtablesError, match="chunk 3 fails its checksum"):
        s.read(np.array([3001]))
    with pytest.raises(GtablesError, match="damaged"):
        s.load()
    s.close()


# -- damage is seen on every read path ---------------------------------------------------------

def test_value_rewritten_through_h5py_is_refused_even_lazily(store_path):
    """A value changed with h5py (which recomputes fletcher32) is not answered by a lookup,
    reused as a prefix, or kept by --force."""
    spec = "octal:code=0.6,size=3000"
    gtables.compute(spec, store=store_path, progress=False)
    good = _memory(spec)
    with h5py.File(_file(store_path, spec), "r+") as f:
        f["values"][2000] = 7
    with pytest.raises(GtablesError, match="damaged .*repair it with: gtables compute"):
        gtables.load(spec, store=store_path).value(2000)
    with pytest.raises(GtablesError, match="damaged"):
        _ = gtables.load(spec, store=store_path).values
    # a larger table of the same game does not resume from the damaged one
    big = gtables.compute("octal:code=0.6,size=3500", store=store_path, progress=False)
    assert np.array_equal(big.values, _memory("octal:code=0.6,size=3500"))
    assert not (big.attrs.get("extra") or {}).get("resumed_from")
    # --force recomputes from scratch and repairs
    fixed = gtables.compute(spec, store=store_path, force=True, progress=False)
    assert np.array_equal(fixed.values, good)
    assert gtables.load(spec, store=store_path).value(2000) == good[2000]
    assert all(r["damaged"] is None for r in Store(store_path).check())


def _flip(path, offset, mask=0x40):
    with open(path, "r+b") as fh:
        fh.seek(offset)
        b = fh.read(1)
        fh.seek(offset)
        fh.write(bytes([b[0] ^ mask]))


def test_byte_flips_in_data_and_attributes(store_path):
    st = Store(store_path)
    spec = "nim:heaps=1,size=19999"
    v = (np.arange(20000) * 7 % 13).astype(np.uint8)
    st.write(spec, v, {"shape": [20000], "description": "UNIQUEWORD"})
    path = _file(store_path, spec)
    _flip(path, open(path, "rb").read().find(b"UNIQUEWORD"), 1)      # an attribute
    with pytest.raises(GtablesError, match="attributes fail their checksum.*repair it with"):
        st.get(spec)
    (row,) = st.list()
    assert row["spec"] == spec and "repair it with" in row["damaged"]
    assert [r["spec"] for r in st.check() if r["damaged"]] == [spec]
    # a data chunk (compressed bytes: flip one in the middle of the chunk)
    st.write(spec, v, {"shape": [20000]}, force=True)
    with h5py.File(path, "r") as f:
        info = f["values"].id.get_chunk_info(0)
    _flip(path, info.byte_offset + info.size // 2)
    t = st.get(spec)                   # attributes and layout hold: the chunk is read on demand
    with pytest.raises(GtablesError, match="damaged"):
        t.read(np.array([5]))
    with pytest.raises(GtablesError, match="damaged"):
        t.load()
    t.close()
    r = _cli("query", spec, "5", "--store", store_path)
    assert "damaged" in _one_line(r)


def test_damaged_attribute_datatype_is_refused_with_its_repair(store_path):
    """A flipped byte in a float attribute's datatype makes h5py raise ValueError on reading the
    attributes; that is a damaged table (one line, the repair command), not a traceback."""
    spec = "nim:heaps=1,size=9"
    Store(store_path).write(spec, _nim(9), {"shape": [10], "compute_seconds": 1.5})
    path = _file(store_path, spec)
    b = bytearray(open(path, "rb").read())
    i = b.find(b"compute_seconds\x00") + 32
    assert b[i:i + 4] == b"\xff\x03\x00\x00"         # the float64's exponent bias
    b[i + 1] ^= 0xE7
    open(path, "wb").write(bytes(b))
    with pytest.raises(GtablesError, match=r"damaged .*repair it with: gtables compute "
                                           r"nim:heaps=1,size=9 --force"):
        gtables.load(spec, store=store_path)
    (row,) = Store(store_path).list()
    assert row["damaged"] and "Traceback" not in row["damaged"]


def test_newer_schema_or_layout_is_refused_with_what_to_do(store_path):
    st = Store(store_path)
    st.write("nim:heaps=1,size=9", _nim(9), {"shape": [10]})
    for where in ("values", "/"):
        st.write("nim:heaps=1,size=9", _nim(9), {"shape": [10]}, force=True)
        with h5py.File(_file(store_path, "nim:heaps=1,size=9"), "r+") as f:
            f[where].attrs["schema_version"] = 99
        with pytest.raises(GtablesError, match="version 99 is newer.*upgrade gtables"):
            st.get("nim:heaps=1,size=9")
    marker = os.path.join(st.root, MARKER)
    doc = json.loads(open(marker).read())
    open(marker, "w").write(json.dumps(dict(doc, layout=99)))
    with pytest.raises(GtablesError, match="layout 99 is newer.*upgrade gtables"):
        Store(store_path)


# -- what a store path may be --------------------------------------------------------------------

def _foreign_h5(p):
    with h5py.File(p, "w") as f:
        f.create_dataset("mine", data=[1, 2, 3])


def _nonstore_dir(p):
    os.mkdir(p)
    open(os.path.join(p, "thesis.tex"), "w").write("mine")


def _text(p):
    open(p, "w").write("notes")


def _empty(p):
    open(p, "w").close()


BAD_PATHS = {
    "foreign HDF5": (_foreign_h5, "HDF5 file but not a gtables store"),
    "directory of other files": (_nonstore_dir, "directory but not a gtables store"),
    "text file": (_text, "is a file that is not a gtables store"),
    "empty file": (_empty, "is a file that is not a gtables store"),
    "FIFO": (os.mkfifo, "is a FIFO, not a store"),
    "device": (None, "is a device, not a store"),
}


def _snapshot(p):
    if os.path.isdir(p) and not os.path.islink(p):
        return sorted((n, _digest(os.path.join(p, n))) for n in os.listdir(p))
    st = os.lstat(p)
    return (stat.S_IFMT(st.st_mode), _digest(p) if stat.S_ISREG(st.st_mode) else None)


@pytest.mark.parametrize("kind", list(BAD_PATHS))
def test_what_is_not_a_store_is_refused_before_any_work(kind, tmp_path, monkeypatch):
    make, msg = BAD_PATHS[kind]
    path = "/dev/null" if make is None else str(tmp_path / "s.h5")
    if make is not None:
        make(path)
    before = _snapshot(path)

    def no_work(*a, **k):
        raise AssertionError("a table was computed for a store that is refused")
    monkeypatch.setattr(api, "compute_values", no_work)
    with pytest.raises(GtablesError, match=msg):
        gtables.compute("octal:code=0.07,size=100", store=path)
    with pytest.raises(GtablesError, match=msg):
        Store(path)
    monkeypatch.undo()
    for args in (("compute", "octal:code=0.07,size=100"), ("list",), ("check",),
                 ("query", "nim:heaps=2,size=5", "1,2"), ("import", str(tmp_path / "none.h5"))):
        assert msg in _one_line(_cli(*args, "--store", path, timeout=60)), args
    assert _snapshot(path) == before


def test_paths_under_a_file_and_over_long_names(tmp_path):
    p = tmp_path / "notes.txt"
    p.write_text("hello")
    with pytest.raises(GtablesError, match="is a file, not a directory"):
        Store(str(p / "x.h5"))
    with pytest.raises(GtablesError, match="longer than 255 bytes"):
        Store(str(tmp_path / ("d" * 300) / "x"))
    with pytest.raises(GtablesError, match="not in the store"):
        Store(str(tmp_path / "none")).get("nim:heaps=1,size=3")
    assert not (tmp_path / "none").exists()                 # reading makes nothing
    st = Store(str(tmp_path / "x.h5"))            # a new path becomes a directory store
    st.write("nim:heaps=1,size=3", _nim(3), {"shape": [4]})
    assert (tmp_path / "x.h5" / MARKER).is_file()
    with pytest.raises(GtablesError, match="not in the store"):
        st.get("nim:heaps=1,size=4")
    empty = tmp_path / "empty"
    empty.mkdir()
    Store(str(empty)).write("nim:heaps=1,size=3", _nim(3), {"shape": [4]})    # empty dir: fine
    assert "nim:heaps=1,size=3" in Store(str(empty))


def test_old_single_file_store_is_refused_with_the_import_hint(tmp_path):
    old = str(tmp_path / "tables.h5")
    _v2_store(old, [("nim:heaps=2,size=5", _memory("nim:heaps=2,size=5"), 2)])
    before = _digest(old)
    with pytest.raises(GtablesError, match=f"older gtables.*gtables import {old}"):
        Store(old)
    line = _one_line(_cli("list", "--store", old))
    assert f"gtables import {old} --store" in line
    assert _digest(old) == before
    # the old default store beside the new default: said once, how to bring it over
    os.mkdir(tmp_path / "results")
    os.replace(old, tmp_path / "results" / "tables.h5")
    env = {k: v for k, v in os.environ.items() if k != "GTABLES_STORE"}
    r = subprocess.run([sys.executable, "-m", "gtables.cli", "list"], capture_output=True,
                       text=True, env=env, cwd=tmp_path, timeout=300)
    assert r.returncode == 0 and "no tables in results/tables" in r.stdout
    assert "gtables import results/tables.h5" in r.stderr and r.stderr.count("\n") == 1


def _writable(folder) -> bool:
    probe = os.path.join(folder, "probe")
    try:
        open(probe, "w").close()
    except OSError:
        return False
    os.remove(probe)
    return True


def test_read_only_store_is_refused_before_computing(store_path):
    """Writes fail at once (before any computation), reads still work.  Root writes through
    permission bits: as root the folders are made immutable (chattr +i) instead, and the test is
    skipped where that cannot be done."""
    Store(store_path).write("nim:heaps=1,size=3", _nim(3), {"shape": [4]})
    dirs = [d for d, _, _ in os.walk(store_path)]
    for d in dirs:
        os.chmod(d, 0o555)
    immutable = []
    try:
        if _writable(os.path.join(store_path, "tables")):
            for d in dirs:
                if subprocess.run(["chattr", "+i", d], capture_output=True).returncode:
                    pytest.skip("this user writes into a read-only folder, and chattr +i is "
                                "not available here")
                immutable.append(d)
            assert not _writable(os.path.join(store_path, "tables"))
        r = _cli("compute", "octal:code=0.6,size=2000000", "--store", store_path)
        assert _one_line(r).startswith(f"{ONE}cannot write the store") and not r.stdout
        r = _cli("query", "nim:heaps=1,size=3", "2", "--store", store_path)
        assert r.returncode == 0 and "Grundy value 2" in r.stdout
    finally:
        for d in immutable:
            subprocess.run(["chattr", "-i", d], capture_output=True)
        for d in dirs:
            os.chmod(d, 0o755)


def test_store_env_variable(tmp_path, monkeypatch):
    p = str(tmp_path / "env")
    monkeypatch.setenv("GTABLES_STORE", p)
    gtables.compute("nim:heaps=2,size=5", progress=False)
    assert "nim:heaps=2,size=5" in Store(p) and Store().root == Store(p).root
    r = subprocess.run([sys.executable, "-m", "gtables.cli", "list"], capture_output=True,
                       text=True, env=dict(os.environ, GTABLES_STORE=p), timeout=300)
    assert r.returncode == 0 and "nim:heaps=2,size=5" in r.stdout


# -- files in the store --------------------------------------------------------------------------

def test_tables_are_reachable_by_readable_file_names(tmp_path):
    """Each table is ``tables/<family>/<escaped spec>.h5``, a plain HDF5 file another program
    opens by name: ``values`` holds the table, its attributes the spec."""
    path = str(tmp_path / "s")
    specs = ["octal:code=0.07,size=100", "subtraction:set=1+4,size=30", "wythoff:size=10",
             "octal:code=4!.0,size=40"]
    for s in specs:
        gtables.compute(s, store=path, progress=False)
    assert relname(specs[0]) == "octal/code=0.07,size=100.h5"
    assert relname(specs[3]) == "octal/code=4%21.0,size=40.h5"          # '!' escaped
    for s in specs:
        with h5py.File(os.path.join(path, "tables", relname(s)), "r") as f:
            assert f["values"].attrs["spec"] == s
            assert np.array_equal(f["values"][:], _memory(s).reshape(-1))
    assert sorted(os.listdir(os.path.join(path, "tables"))) == ["octal", "subtraction", "wythoff"]
    # names are reversible by checking, hidden never, and bounded in length
    assert names.file_name("x:.hidden") == "%2Ehidden.h5" and names.file_name("x:a/b") == "a%2Fb.h5"
    long = "octal:code=0." + "7" * 400
    n = names.file_name(long)
    assert len(n.encode()) <= names.MAX_NAME and "~" in n and n != names.file_name(long + "7")


def test_a_file_whose_spec_does_not_match_its_name_is_refused(store_path):
    st = Store(store_path)
    gtables.compute("nim:heaps=2,size=5", store=st, progress=False)
    os.makedirs(os.path.dirname(_file(store_path, "nim:heaps=2,size=6")), exist_ok=True)
    with open(_file(store_path, "nim:heaps=2,size=5"), "rb") as src, \
            open(_file(store_path, "nim:heaps=2,size=6"), "wb") as dst:
        dst.write(src.read())
    with pytest.raises(GtablesError, match="stored spec does not match its name"):
        st.get("nim:heaps=2,size=6")
    with pytest.raises(GtablesError, match="damaged"):
        gtables.load("nim:heaps=2,size=6", store=store_path).value("1,1")
    bad = [r for r in st.list() if r["damaged"]]
    assert len(bad) == 1 and "claims to be 'nim:heaps=2,size=5'" in bad[0]["damaged"]
    line = _one_line(_cli("query", "nim:heaps=2,size=6", "1,1", "--store", store_path))
    assert "damaged" in line


def test_links_and_fifos_under_a_table_name_are_refused_without_hanging(store_path, tmp_path):
    st = Store(store_path)
    gtables.compute("nim:heaps=2,size=5", store=st, progress=False)
    real = _file(store_path, "nim:heaps=2,size=5")
    os.symlink(real, _file(store_path, "nim:heaps=2,size=6"))
    os.mkfifo(_file(store_path, "nim:heaps=2,size=7"))
    outside = tmp_path / "outside.h5"
    outside.write_bytes(open(real, "rb").read())
    os.symlink(outside, _file(store_path, "nim:heaps=2,size=8"))
    for spec, why in (("nim:heaps=2,size=6", "a symbolic link"), ("nim:heaps=2,size=7",
                                                               "not a regular file"),
                      ("nim:heaps=2,size=8", "a symbolic link")):
        with pytest.raises(GtablesError, match=f"damaged \\(it is {why}; refused without being"):
            st.get(spec)
    rows = {r["file"]: r for r in st.list()}
    assert rows["nim/heaps=2,size=5.h5"]["damaged"] is None
    assert all(rows[f"nim/heaps=2,size={n}.h5"]["damaged"] for n in (6, 7, 8))
    r = _cli("list", "--store", store_path, timeout=60)             # a hang times out here
    assert r.returncode == 0 and r.stdout.count("DAMAGED") == 3 and not r.stderr
    r = _cli("check", "--store", store_path, timeout=60)
    assert r.returncode == 1 and "1 of 4 entries sound" in r.stdout and not r.stderr
    assert "damaged" in _one_line(_cli("query", "nim:heaps=2,size=7", "1,1", "--store",
                                       store_path, timeout=60))
    assert stat.S_ISFIFO(os.lstat(_file(store_path, "nim:heaps=2,size=7")).st_mode)
    assert os.path.islink(_file(store_path, "nim:heaps=2,size=6"))   # nothing was "repaired"


# -- publishing, replacing, deleting -------------------------------------------------------------

def _leftovers(path):
    return [os.path.join(d, n) for d, _, files in os.walk(path) for n in files
            if n.startswith(fsio.TMP_PREFIX)]


def test_force_replaces_atomically(store_path, monkeypatch):
    st = Store(store_path)
    spec = "nim:heaps=1,size=99"
    st.write(spec, _nim(99), {"shape": [100]})
    with pytest.raises(GtablesError, match="already stored"):
        st.write(spec, _nim(99), {"shape": [100]})
    old = st.get(spec)                 # a reader holding the old file
    inode = os.stat(_file(store_path, spec)).st_ino
    other = (_nim(99) * 3).astype(np.uint8)
    st.write(spec, other, {"shape": [100]}, force=True)
    assert os.stat(_file(store_path, spec)).st_ino != inode             # a new file, renamed
    assert (old.load() == _nim(99)).all()        # the old reader still reads the old table
    old.close()
    assert (st.get(spec).load() == other).all()
    # a replacement that fails at the rename changes nothing and leaves no temporary file
    before = _digest(_file(store_path, spec))

    def full(*a, **k):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "rename", full)
    with pytest.raises(GtablesError, match="no space left on device.*nothing stored was changed"):
        st.write(spec, _nim(99), {"shape": [100]}, force=True)
    monkeypatch.undo()
    assert _digest(_file(store_path, spec)) == before and not _leftovers(store_path)
    # a killed writer's temporary file is never read; check names it, not as damage
    open(os.path.join(os.path.dirname(_file(store_path, spec)), ".tmp-0123456789abcdef"),
         "wb").write(b"half a table")
    assert [r["spec"] for r in st.list()] == [spec]
    rows = st.check()
    assert [r["kind"] for r in rows] == ["table", "leftover"] and not any(r["damaged"] for r in rows)


def test_delete(store_path):
    st = Store(store_path)
    for n in (3, 4):
        st.write(f"nim:heaps=1,size={n}", _nim(n), {"shape": [n + 1]})
    st.delete("nim:heaps=1,size=3")
    assert "nim:heaps=1,size=3" not in st and "nim:heaps=1,size=4" in st
    assert not os.path.exists(_file(store_path, "nim:heaps=1,size=3"))
    assert [r["spec"] for r in st.list()] == ["nim:heaps=1,size=4"]
    with pytest.raises(GtablesError, match="not in the store"):
        st.delete("nim:heaps=1,size=3")


def test_list_cache_is_rebuilt_when_damaged_or_missing(store_path, tmp_path):
    specs = ["nim:heaps=2,size=5", "octal:code=0.07,size=50", "wythoff:size=6"]
    for s in specs:
        gtables.compute(s, store=store_path, progress=False)
    st = Store(store_path)
    first = st.list()
    assert [r["spec"] for r in first] == sorted(specs)
    cache = os.path.join(st.root, ".cache", "list.json")
    assert os.path.isfile(cache)
    assert st.list() == first                                       # from the cache
    for spoil in (b"{not json", b"", json.dumps({"layout": 3, "rows": []}).encode(),
                  json.dumps({"layout": 3, "rows": {"ghost/x.h5": [[1, 2, 3, 4], {"spec": "x"}]}}
                             ).encode()):
        open(cache, "wb").write(spoil)
        assert st.list() == first
    os.remove(cache)
    assert st.list() == first and os.path.isfile(cache)
    # a row that no longer matches its file (another file under the name) is read again
    st.delete(specs[0])
    gtables.compute(specs[0], store=store_path, progress=False)
    assert [r["spec"] for r in st.list()] == sorted(specs)
    # a link planted as the cache is neither followed nor written through
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    os.remove(cache)
    os.symlink(victim, cache)
    assert [r["spec"] for r in st.list()] == sorted(specs)
    assert victim.read_text() == "keep me"


# -- checkpoints and resumed tables ----------------------------------------------------------

def test_resumed_table_counts_all_its_compute_time(store_path):
    gtables.compute("octal:code=0.07,size=2000", store=store_path, progress=False)
    small = gtables.load("octal:code=0.07,size=2000", store=store_path).attrs["compute_seconds"]
    t = gtables.compute("octal:code=0.07,size=4000", store=store_path, progress=False)
    x = t.attrs["extra"]
    assert x["resumed_from"] == 2001 and x["prior_seconds"] == pytest.approx(small)
    assert t.attrs["compute_seconds"] == pytest.approx(small + x["this_run_seconds"], abs=1e-5)
    assert np.array_equal(t.values, _memory("octal:code=0.07,size=4000"))


def test_damaged_checkpoint_is_not_reused(store_path):
    st = Store(store_path)
    spec = "octal:code=0.07,size=5000"
    good = _memory(spec)
    st.write_checkpoint("octal:code=0.07", good[:3000].copy(), 1.0)
    g = api.game(spec)
    p = api.find_prefix(st, g, 5001)
    assert p.values.size == 3000 and p.seconds == 1.0 and (p.values == good[:3000]).all()
    assert "checkpoint" in p.source
    with h5py.File(_file(store_path, "octal:code=0.07", "checkpoints"), "r+") as f:
        f["values"][100] = 9
    said = []
    assert api.find_prefix(st, g, 5001, on_damaged=said.append) is None
    assert len(said) == 1 and "checkpoint" in said[0] and "damaged" in said[0]
    assert [r["damaged"] is not None for r in st.check() if r["kind"] == "checkpoint"] == [True]
    t = gtables.compute(spec, store=store_path, progress=False)
    assert np.array_equal(t.values, good) and not t.attrs["extra"].get("resumed_from")
    assert st.checkpoints() == []                # the finished table drops the checkpoint


# -- trust before reuse: forged tables -----------------------------------------------------------

def test_check_deep_catches_a_forged_table_with_valid_checksums(store_path):
    spec = "octal:code=0.07,size=300"
    gtables.compute(spec, store=store_path, progress=False)
    gtables.compute("nim:heaps=2,size=5", store=store_path, progress=False)
    bad = _memory(spec).copy()
    bad[150] ^= 1
    _forge(store_path, spec, bad)
    assert all(r["damaged"] is None for r in Store(store_path).check())    # checksums hold
    r = _cli("check", "--store", store_path)
    assert r.returncode == 0 and "2 of 2 entries sound" in r.stdout
    r = _cli("check", "--deep", "--store", store_path)
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert "1 of 2 entries sound" in r.stdout
    assert f"DAMAGED table {spec}" in r.stdout and "position 150 holds" in r.stdout
    rows = {x["spec"]: x for x in api.check_store(store_path, deep=True)}
    assert rows["nim:heaps=2,size=5"]["damaged"] is None
    assert rows["nim:heaps=2,size=5"]["rederived"] == "all 36"
    assert "wrong although its checksums hold" in rows[spec]["damaged"]


def test_a_forged_shorter_table_is_not_used_as_a_prefix(store_path, capsys):
    short, long = "octal:code=0.07,size=200", "octal:code=0.07,size=500"
    gtables.compute(short, store=store_path, progress=False)
    bad = _memory(short).copy()
    bad[7] ^= 3                         # G(7) = 1 in Dawson's Kayles
    _forge(store_path, short, bad)
    capsys.readouterr()
    t = gtables.compute(long, store=store_path, progress=False)
    assert np.array_equal(t.values, _memory(long))
    assert not (t.attrs.get("extra") or {}).get("resumed_from")
    err = capsys.readouterr().err
    assert f"stored table {short}" in err and "refused as a prefix" in err
    # a true shorter table is used
    gtables.compute(short, store=store_path, force=True, progress=False)
    t = gtables.compute("octal:code=0.07,size=600", store=store_path, progress=False)
    assert t.attrs["extra"]["resumed_from"] == 501
    assert np.array_equal(t.values, _memory("octal:code=0.07,size=600"))


def test_a_table_whose_sequence_key_names_another_game_is_not_a_prefix(store_path, capsys):
    """Identity comes from the spec: a Kayles table whose stored ``sequence_key`` says Dawson's
    Kayles is no prefix of Dawson's Kayles, nor a Dawson's Kayles table that says Kayles."""
    kayles, dawson = "octal:code=0.77,size=200", "octal:code=0.07,size=150"
    for s in (kayles, dawson):
        gtables.compute(s, store=store_path, progress=False)
    _forge(store_path, kayles, _memory(kayles), sequence_key="octal:code=0.07")
    _forge(store_path, dawson, _memory(dawson), sequence_key="octal:code=0.77")
    st = Store(store_path)
    assert all(r["damaged"] is None for r in st.check())            # checksums hold
    for code in ("0.07", "0.77"):
        g = api.game(f"octal:code={code},size=400")
        assert api.prefix_candidates(st, g) == []
        assert api.find_prefix(st, g, 401) is None
    t = gtables.compute("octal:code=0.07,size=400", store=store_path, progress=False)
    assert np.array_equal(t.values, _memory("octal:code=0.07,size=400"))
    assert not (t.attrs.get("extra") or {}).get("resumed_from")


def test_a_prefix_is_rederived_with_buffers_for_its_own_heaps(monkeypatch):
    """Re-deriving a stored prefix of a huge table sizes the move buffer for the prefix's heaps:
    resuming 2^30 heaps of Grundy's game from a short prefix once asked for 24 GiB.  The octal
    family re-derives by its own kernel (no move buffer at all); the generic path is the one
    taken when the family's check does not judge the values (made so here)."""
    from gtables.engine import rederive as R
    from gtables.games import octal as octal_family
    seen, real = [], R.rederive
    monkeypatch.setattr(R, "rederive", lambda g, v, p=None: seen.append(g) or real(g, v, p))
    values = _memory("octal:code=4!.0,size=300")
    bad = values.copy()
    bad[7] ^= 1
    big = api.game("octal:code=4!.0,size=1073741823")
    assert api.rederive_problem(big, values) is None      # the family's own check
    assert api.rederive_problem(big, bad).startswith("position 7 holds")
    assert seen == []
    monkeypatch.setattr(octal_family, "recheck", lambda ds, v, p: None)
    big = api.game("octal:code=4!.0,size=1073741823")
    assert api.rederive_problem(big, values) is None
    (g,) = seen
    assert g.space.size == 301 and g.sequence_key == big.sequence_key and g.max_options < 1000
    assert api.rederive_problem(big, bad).startswith("position 7 holds")


# -- export and import ---------------------------------------------------------------------------

def test_export_read_as_a_store_and_import(tmp_path):
    a, b, share = str(tmp_path / "a"), str(tmp_path / "b"), str(tmp_path / "share.h5")
    specs = ["octal:code=0.07,size=120", "nim:heaps=2,size=5"]
    for s in specs:
        gtables.compute(s, store=a, progress=False)
    r = _cli("export", *specs, "--to", share, "--store", a)
    assert r.returncode == 0, r.stderr
    assert f"wrote {share}: 2 table(s)" in r.stdout
    before = _digest(share)
    # read as a store, read-only
    st = Store(share)
    assert st.readonly and st.kind == "export"
    assert [x["spec"] for x in st.list()] == sorted(specs)
    for s in specs:
        assert np.array_equal(gtables.load(s, store=share).values, _memory(s))
    r = _cli("query", "octal:code=0.07,size=120", "7", "--store", share)
    assert r.returncode == 0 and f"Grundy value {_memory(specs[0])[7]}" in r.stdout
    r = _cli("compute", "octal:code=0.77,size=50", "--store", share)
    assert "export file, read-only" in _one_line(r)
    with pytest.raises(GtablesError, match="read-only"):
        st.delete(specs[1])
    r = _cli("check", "--deep", "--store", share)
    assert r.returncode == 0 and "2 of 2 entries sound" in r.stdout
    # an export never writes over a file
    r = _cli("export", specs[1], "--to", share, "--store", a)
    assert "never writes over a file" in _one_line(r)
    # import into another store, twice
    r = _cli("import", share, "--store", b)
    assert r.returncode == 0, r.stderr
    assert "2 imported, 0 already there, 0 conflicting, 0 refused" in r.stdout
    for s in specs:
        assert np.array_equal(gtables.load(s, store=b).values, _memory(s))
    r = _cli("import", share, "--store", b)
    assert r.returncode == 0 and "0 imported, 2 already there" in r.stdout
    assert _digest(share) == before                       # the source is never changed
    assert "is the store itself" in _one_line(_cli("import", b, "--store", b))


def test_import_of_an_old_single_file_store(tmp_path):
    old, new = str(tmp_path / "tables.h5"), str(tmp_path / "tables")
    good1, good2 = "octal:code=0.07,size=100", "nim:heaps=2,size=5"
    wrong = "octal:code=0.77,size=80"
    damaged = _memory(wrong).copy()
    damaged[40] ^= 1
    _v2_store(old, [(good1, _memory(good1), 1), (good2, _memory(good2), 2),
                    (wrong, damaged, 2)])
    with h5py.File(old, "r+") as f:                       # its checksum recomputed too
        key = hashlib.sha1(wrong.encode()).hexdigest()[:24]
        f["tables"][key].attrs["checksum"] = checksum(damaged)
        f["tables"][key].attrs["meta_checksum"] = tf.meta_checksum(
            {k: v for k, v in tf.attrs_of(f["tables"][key]).items() if k != "meta_checksum"})
    open(old + ".journal", "wb").write(b"GTJRNL01" + b"\0" * 48)   # never replayed
    before = (_digest(old), _digest(old + ".journal"))
    said = []
    counts = api.import_tables(old, new, echo=said.append)
    assert counts == {"imported": 2, "present": 0, "conflict": 0, "refused": 1}, said
    assert any(s.startswith(f"refused {wrong}: fails re-derivation") for s in said)
    for s in (good1, good2):
        t = gtables.load(s, store=new)
        assert np.array_equal(t.values, _memory(s)) and t.attrs["family"] == s.split(":")[0]
    assert wrong not in Store(new)
    assert (_digest(old), _digest(old + ".journal")) == before
    r = _cli("import", old, "--store", new)               # refused or already there: exit 1
    assert r.returncode == 1 and "0 imported, 2 already there, 0 conflicting, 1 refused" in r.stdout


def test_import_conflict_keeps_ours(tmp_path):
    a, b, share = str(tmp_path / "a"), str(tmp_path / "b"), str(tmp_path / "share.h5")
    spec = "octal:code=0.07,size=100"
    gtables.compute(spec, store=a, progress=False)
    Store(a).export([spec], share)
    gtables.compute(spec, store=b, progress=False)
    bad = _memory(spec).copy()
    bad[60] ^= 1
    ours = _forge(b, spec, bad)
    before = _digest(ours)
    r = _cli("import", share, "--store", b)
    assert r.returncode == 1
    assert f"conflict: {spec} is stored with other values; ours is kept" in r.stdout
    assert "0 imported, 0 already there, 1 conflicting, 0 refused" in r.stdout
    assert _digest(ours) == before


def test_import_refuses_what_is_not_an_export_or_store(tmp_path):
    foreign = str(tmp_path / "foreign.h5")
    _foreign_h5(foreign)
    text = tmp_path / "t.txt"
    text.write_text("x")
    for src, msg in ((foreign, "not a gtables export file or store"), (str(text), "not an HDF5"),
                     (str(tmp_path), "is a directory"), (str(tmp_path / "no.h5"), "cannot import")):
        with pytest.raises(GtablesError, match=msg):
            api.import_tables(src, str(tmp_path / "dest"))
    assert not (tmp_path / "dest" / "tables").exists()


# -- commands that the design made unnecessary ----------------------------------------------------

def test_compact_and_merge_say_what_replaced_them(tmp_path):
    a, share = str(tmp_path / "a"), str(tmp_path / "share.h5")
    gtables.compute("nim:heaps=2,size=5", store=a, progress=False)
    Store(a).export(["nim:heaps=2,size=5"], share)
    r = _cli("compact", "--store", a)
    assert r.returncode == 0 and "nothing to compact" in r.stdout
    r = _cli("merge", share, "--store", str(tmp_path / "b"))
    assert r.returncode == 0 and "merge is now gtables import" in r.stderr
    assert "1 imported" in r.stdout and os.path.exists(share)        # never deleted


def test_a_large_table_is_stored_uncompressed_and_still_checked(store_path, monkeypatch):
    # tables from RAW_FROM_BYTES on skip gzip (it runs on one core: longer than the fill of a
    # 2^30-value board); their chunks are still checked by fletcher32 and their digests
    monkeypatch.setattr(tf, "RAW_FROM_BYTES", 1000)
    monkeypatch.setattr(tf, "CHUNK", 512)
    spec = "octal:code=0.07,size=3000"
    t = gtables.compute(spec, store=store_path)
    with h5py.File(_file(store_path, spec), "r") as f:
        assert f["values"].compression is None and f["values"].fletcher32
    back = gtables.load(spec, store=store_path).values
    assert (back == gtables.compute(spec, store=None).values).all() and (back == t.values).all()
    # one value changed on disk in the raw file: the read of its chunk is refused
    path = _file(store_path, spec)
    raw = bytearray(open(path, "rb").read())
    with h5py.File(path, "r") as f:
        off = f["values"].id.get_chunk_info(2).byte_offset
    os.chmod(path, 0o644)
    raw[off + 5] ^= 1
    open(path, "wb").write(bytes(raw))
    with pytest.raises(GtablesError):
        _ = gtables.load(spec, store=store_path).values
