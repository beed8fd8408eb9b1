"""Tables in a notebook: the HTML summary, the picture of a whole table, and the table as a
pandas data frame or an xarray DataArray (the ``notebook`` extra)."""
import dataclasses
import sys

import numpy as np
import pytest

import gtables
from gtables import api
from gtables.errors import GtablesError


def test_a_table_in_a_notebook(tmp_path):
    """The notebook view: an HTML summary (spec, kind, shape, range, provenance, first values)
    and a plot of the whole table, for a stored heap table and a stored two-pile table."""
    import matplotlib
    matplotlib.use("Agg")
    store = str(tmp_path / "t.h5")
    gtables.compute("octal:code=0.07,size=120", store=store, progress=False)
    t = gtables.load("octal:code=0.07,size=120", store=store)
    html = t._repr_html_()
    assert t._values is None                    # the summary read one chunk, not the table
    for text in ("octal:code=0.07,size=120", "grundy", "121 (", "0..", "stored in", "t.h5",
                 "<code>0</code>: 0", "<code>3</code>: 1"):
        assert text in html, text
    assert f"largest value</th><td>{int(t.values.max())}</td>" in html
    ax = t.plot()
    x, y = ax.lines[0].get_data()
    assert len(x) == 121 and list(y) == [int(v) for v in t.values]   # the whole table
    assert ax.get_xlabel() == "heap" and "121 positions" in ax.get_title()
    w = gtables.compute("wythoff:size=10,play=misere", store=None, progress=False)
    assert "in memory" in w._repr_html_()
    ax = w.plot()
    image = ax.images[0].get_array()
    assert image.shape == (11, 11) and image[2, 2] == 0 and image[1, 2] == 1  # (2,2) P, (2,1) N
    assert (ax.get_xlabel(), ax.get_ylabel()) == ("pile1", "pile2")
    assert [p.get_label() for p in ax.get_legend().get_patches()] == ["P", "N"]



def test_every_family_is_drawn_as_what_it_is(tmp_path, monkeypatch):
    """``Table.plot()`` of tables that are not heap sequences: Mem0 and Nim-like (``norepeat``)
    as heap x last images, chips as a picture of their P-positions, misère sums of heaps as the
    share of P-positions by total and number of heaps; each cell what the table says, also for
    a table read from the store without its family (no numba)."""
    import matplotlib
    matplotlib.use("Agg")
    store = str(tmp_path / "t")
    for spec in ("mem0:size=12", "nimlike:heaps=1,max=4,norepeat=1,size=15", "chips:rule=C,n=7",
                 "nim:play=misere,total=9"):
        gtables.compute(spec, store=store, progress=False)
    with monkeypatch.context() as m:
        m.setattr(gtables.games, "_families", {})           # as in a fresh process
        t = api.load_if_stored("mem0:size=12", store)
        ax = t.plot()
        assert t._game is None and gtables.games._families == {}   # the stored table alone
    image = ax.images[0].get_array()
    assert image.shape == (13, 13) and (ax.get_xlabel(), ax.get_ylabel()) == ("heap", "last")
    assert image[2, 5] == t.value("5,last=2") and image[0, 2] == t.value("2") == 1
    assert image.mask[6, 5] and "not a position" in [x.get_text()
                                                     for x in ax.get_legend().get_texts()]
    t = gtables.load("nimlike:heaps=1,min=1,max=4,norepeat=1,size=15", store=store)
    ax = t.plot()
    image = np.asarray(ax.images[0].get_array())
    assert image.shape == (5, 16) and image[3, 9] == t.value("9,last=3")
    assert (ax.get_xlabel(), ax.get_ylabel()) == ("heap", "last")
    t = gtables.load("chips:rule=C,n=7", store=store)
    ax = t.plot()
    image = np.asarray(ax.images[0].get_array())
    shown = {",".join(str(i + 1) for i in np.flatnonzero(row)) or "{}" for row in image}
    p = {t.space.format_index(i) for i in np.flatnonzero(t.values == 0)}
    assert shown == p and image.shape == (len(p), 7)
    t = gtables.load("nim:play=misere,total=9", store=store)
    ax = t.plot()
    image = ax.images[0].get_array()
    # misère Nim: heaps of 1 only are P when odd in number; with a larger heap, when the XOR
    # is 0 (so no sum of two heaps of total 3 is P)
    assert image[1, 1] == image[3, 3] == 1 and image[2, 2] == image[1, 2] == image[2, 3] == 0
    assert image[2, 4] == pytest.approx(1 / 2)           # 2+2 P, 3+1 N
    assert (ax.get_xlabel(), ax.get_ylabel()) == ("total n (tokens in all heaps)",
                                                  "m (number of heaps)")


# -- data frames and labelled arrays (the notebook extra: pandas, xarray) ------------------------

def _positions(t):
    return t.space.unrank(np.arange(t.space.size))


def test_to_pandas_and_xarray_of_a_heap_table(tmp_path):
    pytest.importorskip("pandas")
    pytest.importorskip("xarray")
    store = str(tmp_path / "t.h5")
    gtables.compute("octal:code=0.07,size=150", store=store, progress=False)
    t = gtables.load("octal:code=0.07,size=150", store=store)
    df = t.to_pandas()
    assert list(df.columns) == ["heap", "value"] and df.index.name == "index"
    assert df["heap"].tolist() == list(range(151)) and df["value"].tolist() == t.values.tolist()
    assert df.loc[34, "value"] == t.value(34)
    da = t.to_xarray()
    assert da.dims == ("heap",) and da.name == "value" and da.shape == (151,)
    assert da["heap"].values.tolist() == list(range(151))
    assert int(da.sel(heap=34)) == t.value(34) and np.array_equal(da.values, t.values)
    assert da.attrs["spec"] == t.spec and da.attrs["kind"] == "grundy"


def test_to_pandas_and_xarray_of_a_two_pile_table():
    pytest.importorskip("pandas")
    pytest.importorskip("xarray")
    t = gtables.compute("wythoff:size=12", store=None, progress=False)
    da = t.to_xarray()
    assert da.dims == ("pile1", "pile2") and da.shape == (13, 13)
    for a, b in ((0, 0), (3, 5), (5, 3), (12, 7)):
        assert int(da.sel(pile1=a, pile2=b)) == t.value([a, b])
    assert np.array_equal(da.values, t.array())
    df = t.to_pandas(text=True)
    assert list(df.columns) == ["pile1", "pile2", "position", "value"]
    assert df["value"].tolist() == t.values.tolist() and df.loc[t.index("3,5"), "position"] == "3,5"
    series = df.set_index(["pile1", "pile2"])["value"]           # the documented MultiIndex view
    assert series.loc[(3, 5)] == t.value("3,5") == 0
    m = gtables.compute("wythoff:size=6,play=misere", store=None, progress=False)
    dm = m.to_xarray()
    assert dm["outcome"].dims == ("pile1", "pile2")
    assert str(dm["outcome"].sel(pile1=1, pile2=1).values) == m.outcome("1,1")
    assert m.to_pandas()["outcome"].tolist() == [m.outcome(p) for p in _positions(m)]


def test_to_pandas_and_xarray_of_spaces_that_are_not_boxes():
    pytest.importorskip("pandas")
    pytest.importorskip("xarray")
    e = gtables.compute("endnim:mode=partizan,len=3,max=3", store=None, progress=False)
    df = e.to_pandas(text=True)
    rows = _positions(e)
    assert list(df.columns) == ["stack1", "stack2", "stack3", "position", "value", "outcome"]
    assert df[["stack1", "stack2", "stack3"]].to_numpy().tolist() == rows.tolist()
    assert df["value"].tolist() == e.values.tolist()
    assert df["outcome"].tolist() == [e.outcome(e.space.format(r)) for r in rows]
    assert df["position"].tolist() == [e.space.format(r) for r in rows]
    da = e.to_xarray()
    assert da.dims == ("index",) and np.array_equal(da.values, e.values)
    assert da["stack2"].values.tolist() == rows[:, 1].tolist()
    assert set(da["outcome"].values.tolist()) <= set("PNLR")
    c = gtables.compute("chips:rule=C,n=7,k=3", store=None, progress=False)   # 3-sets of 1..7
    dc = c.to_pandas()
    assert list(dc.columns) == ["c1", "c2", "c3", "value"]
    i = c.index("2,4,7")
    assert dc.loc[i, ["c1", "c2", "c3"]].tolist() == [2, 4, 7] and dc.loc[i, "value"] == c.value("2,4,7")
    xc = c.to_xarray()
    assert int(xc.sel(index=i)) == c.value("2,4,7") and int(xc["c3"].sel(index=i)) == 7


def test_a_box_with_a_tag_and_a_space_without_unrank():
    pytest.importorskip("pandas")
    pytest.importorskip("xarray")
    t = gtables.compute("nimlike:heaps=1,max=3,norepeat=1,size=8", store=None, progress=False)
    da = t.to_xarray()
    assert da.dims == ("heap", "last") and da["last"].values.tolist() == [0, 1, 2, 3]
    for h, last in ((5, 0), (5, 3), (8, 2)):
        assert int(da.sel(heap=h, last=last)) == t.value(f"{h},last={last}")
    df = t.to_pandas()                        # an outcome table: letters beside the codes
    assert df.columns.tolist() == ["heap", "last", "value", "outcome"]
    assert df["outcome"].tolist() == [t.outcome(t.space.format(p)) for p in _positions(t)]

    class Opaque(type(t.space)):              # a user's space that cannot decode indices
        def unrank(self, indices):
            raise NotImplementedError

        def axes(self):
            return None
    opaque = api.Table(dataclasses.replace(t.game, space=Opaque.__new__(Opaque)),
                       values=t.values)
    opaque.space.__dict__.update(t.space.__dict__)
    with pytest.raises(GtablesError, match="cannot decode indices into positions"):
        opaque.to_pandas()
    with pytest.raises(GtablesError, match="cannot decode indices into positions"):
        opaque.to_xarray()


def test_missing_notebook_packages_say_what_to_install(monkeypatch, tmp_path):
    t = gtables.compute("wythoff:size=4", store=None, progress=False)
    for name, call in (("pandas", t.to_pandas), ("xarray", t.to_xarray),
                       ("pandas", gtables.open_store(str(tmp_path / "s.h5")).to_pandas)):
        monkeypatch.setitem(sys.modules, name, None)      # import fails as if not installed
        with pytest.raises(GtablesError,
                           match=f"needs {name}" + r'.*pip install "gtables\[notebook\]"'):
            call()
        monkeypatch.undo()


def test_store_to_pandas_from_attributes(tmp_path, monkeypatch):
    pd = pytest.importorskip("pandas")
    store = str(tmp_path / "t.h5")
    for spec in ("octal:code=0.07,size=100", "wythoff:size=10,play=misere"):
        gtables.compute(spec, store=store, progress=False)
    st = gtables.open_store(store)
    st.write_checkpoint("octal:code=0.77", np.zeros(40, dtype=np.uint8), seconds=1.5)
    from gtables import store as S
    monkeypatch.setattr(S.StoredTable, "read", lambda *a, **k: pytest.fail("a table was read"))
    monkeypatch.setattr(S.StoredTable, "load", lambda *a, **k: pytest.fail("a table was read"))
    df = st.to_pandas()
    assert list(df.columns) == list(S.Store.FRAME_COLUMNS) and st.list_frame().equals(df)
    by = df.set_index("spec")
    row = by.loc["octal:code=0.07,size=100"]
    assert tuple(row[k] for k in ("family", "kind", "positions", "dtype", "max_value", "status")) == \
        ("octal", "grundy", 101, "uint8", 9, "complete")
    assert row.compute_seconds >= 0 and isinstance(row.created, pd.Timestamp)
    assert by.loc["wythoff:size=10,play=misere", "kind"] == "misere"
    part = by.loc["octal:code=0.77"]
    assert (part.status, part.positions, part.compute_seconds) == ("partial", 40, 1.5)
    assert gtables.open_store(str(tmp_path / "none.h5")).to_pandas().empty
