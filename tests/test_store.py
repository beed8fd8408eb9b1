import h5py
import numpy as np
import pytest

import gtables
from gtables.errors import GtablesError
from gtables.store import Store, checksum


def test_roundtrip_metadata_and_partial_reads(store_path):
    t = gtables.compute("octal:code=0.07,size=3000", store=store_path)
    st = Store(store_path)
    assert "octal:code=.07,size=3000".replace(".07", "0.07") in st
    s = st.get("octal:code=0.07,size=3000")
    a = s.attrs
    assert a["spec"] == "octal:code=0.07,size=3000" and a["family"] == "octal"
    assert a["kind"] == "grundy" and a["dtype"] == "uint8" and a["schema_version"] == 1
    assert a["checksum"] == checksum(t.values) and a["complete"] == 1
    for key in ("params", "index", "shape", "versions", "created", "compute_seconds",
                "index_scheme", "encoding"):
        assert key in a
    idx = np.array([2999, 5, 5, 1000, 0])
    assert (s.read(idx) == t.values[idx]).all()
    assert (s.read(np.arange(0, 3001, 7)) == t.values[::7]).all()
    lazy = gtables.load("octal:code=0.07,size=3000", store=store_path)
    assert lazy._values is None and lazy.value(7) == 1 and lazy._values is None
    with h5py.File(store_path, "r") as f:
        ds = f["tables"][s.key]
        assert ds.chunks is not None and ds.compression == "gzip"


def test_interrupted_write_leaves_no_table(store_path, monkeypatch):
    st = Store(store_path)
    values = np.arange(100, dtype=np.uint8)
    real = h5py.Group.move

    def boom(self, src, dst):
        raise KeyboardInterrupt

    monkeypatch.setattr(h5py.Group, "move", boom)
    with pytest.raises(KeyboardInterrupt):
        st.write("nim:heaps=1,size=99", values, {"kind": "grundy"})
    monkeypatch.setattr(h5py.Group, "move", real)
    assert "nim:heaps=1,size=99" not in st
    with h5py.File(store_path, "r") as f:
        assert len(f["staging"]) == 0
    st.write("nim:heaps=1,size=99", values, {"kind": "grundy"})
    assert (st.get("nim:heaps=1,size=99").load() == values).all()
    with pytest.raises(GtablesError, match="already stored"):
        st.write("nim:heaps=1,size=99", values, {"kind": "grundy"})


def test_stale_staging_is_ignored_and_cleaned(store_path):
    st = Store(store_path)
    st.write("nim:heaps=1,size=9", np.arange(10, dtype=np.uint8), {"kind": "grundy"})
    with h5py.File(store_path, "a") as f:
        f["staging"].create_dataset("halfwritten", data=np.zeros(5))
    assert [r["spec"] for r in st.list()] == ["nim:heaps=1,size=9"]
    st.write("nim:heaps=1,size=8", np.arange(9, dtype=np.uint8), {"kind": "grundy"})
    with h5py.File(store_path, "r") as f:
        assert "halfwritten" not in f["staging"]


def test_bad_store_paths(tmp_path):
    p = tmp_path / "notes.txt"
    p.write_text("hello")
    with pytest.raises(GtablesError, match="not an HDF5 file"):
        Store(str(p))
    with pytest.raises(GtablesError, match="not in the store"):
        Store(str(tmp_path / "none.h5")).get("nim:heaps=1,size=3")
    st = Store(str(tmp_path / "s.h5"))
    st.write("nim:heaps=1,size=3", np.arange(4, dtype=np.uint8), {})
    with pytest.raises(GtablesError, match="not in the store"):
        st.get("nim:heaps=1,size=4")


def test_checksum_mismatch_and_newer_schema_refused(store_path):
    st = Store(store_path)
    st.write("nim:heaps=1,size=9", np.arange(10, dtype=np.uint8), {})
    key = st.get("nim:heaps=1,size=9").key
    with h5py.File(store_path, "a") as f:
        f["tables"][key][3] = 99
    with pytest.raises(GtablesError, match="checksum"):
        st.get("nim:heaps=1,size=9").load()
    with h5py.File(store_path, "a") as f:
        f["tables"][key].attrs["schema_version"] = 99
    with pytest.raises(GtablesError, match="newer"):
        st.get("nim:heaps=1,size=9")


def test_store_env_variable(tmp_path, monkeypatch):
    p = str(tmp_path / "env.h5")
    monkeypatch.setenv("GTABLES_STORE", p)
    gtables.compute("nim:heaps=2,size=5")
    assert "nim:heaps=2,size=5" in Store(p)
