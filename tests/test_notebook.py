"""Tables in a notebook: the HTML summary and the picture of a whole table."""
import gtables


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
