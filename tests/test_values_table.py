"""value=canonical: the canonical form of every position of a partizan game's table (issue 41).

The numba fill (``gtables.cgt.fill`` through the engine's orchestrator) is compared, position by
position, with the textbook in plain Python (``gtables.cgt.reference``: options, dominated
options removed, reversible ones bypassed) run over the same game's options; then the table's
life in the store: query, show, to_pandas, where, check --deep, and files that lie."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from fractions import Fraction

import numpy as np
import pytest

import gtables
from gtables import api
from gtables.cgt import reference as ref
from gtables.engine.compute import fill
from gtables.errors import GtablesError
from gtables.store import Store
from gtables.store import tablefile as tf
from gtables.store.names import relname


def reference_forms(g) -> list:
    """Every position's canonical form by the textbook, from the game's own options."""
    forms: list = []
    for p in range(g.space.size):
        sides = []
        for side in (0, 1):
            status, opts = g.options(p, side)
            assert status >= 0
            sides.append([forms[o[0]] for o in opts])
        forms.append(ref.canonical(ref.game(*sides)))
    return forms


def to_pool(pool, g, memo):
    if g not in memo:
        memo[g] = pool.canonical([to_pool(pool, x, memo) for x in g[0]],
                                 [to_pool(pool, x, memo) for x in g[1]])
    return memo[g]


@pytest.mark.parametrize("spec", ["domineering:rows=2,cols=3", "domineering:rows=3,cols=3",
                                  "domineering:rows=2,cols=5", "snort:graph=path-4",
                                  "snort:graph=cycle-4"])
def test_every_position_as_the_textbook(spec):
    from gtables.cgt import Pool
    g = gtables.game(spec + ",value=canonical")
    pool = Pool()
    ids, _ = fill(g, pool=pool, progress=False)
    memo: dict = {}
    want = [to_pool(pool, f, memo) for f in reference_forms(g)]
    assert ids.dtype == np.int32
    assert [int(x) for x in ids] == want
    # and the outcome table of the same game says the same outcome everywhere
    outcomes = fill(gtables.game(spec), progress=False)[0]
    assert [pool.outcome(int(x)) for x in ids] == ["PNLR"[int(c)] for c in outcomes]


@pytest.mark.parametrize("spec", ["domineering:rows=3,cols=4", "snort:graph=cycle-5",
                                  "clobber:rows=2,cols=3"])
def test_the_fill_by_symmetry_class_gives_the_plain_fill(spec):
    """The canonical fill copies a position's value from the least index of its symmetry class
    (computing about a quarter of Domineering's forms); the table is the plain fill's, form by
    form."""
    from gtables.cgt import Pool
    g = gtables.game(spec + ",value=canonical")
    forms = []
    for symmetry in (True, False):
        pool = Pool()
        ids, _ = fill(g, pool=pool, progress=False, symmetry=symmetry)
        forms.append([pool.format(int(x)) for x in ids])
    assert forms[0] == forms[1]
    classes = {int(g.search.canon(p, g.move_params)) for p in range(g.space.size)}
    assert len(classes) < g.space.size


def test_literature_values():
    """Winning Ways ch. 2 / Lessons in Play: a vertical domino's room is 1 to Left, a
    horizontal one -1; the 2 x 2 square is +-1; an L-tromino (3 cells) is *; a 1 x n strip
    gives Right floor(n/2) moves: -floor(n/2); a 2 x 1 column plus a 1 x 2 row is 0."""
    t = gtables.compute("domineering:rows=2,cols=2,value=canonical", store=None, progress=False)
    assert t.value_text("#.|#.") == "1"
    assert t.value_text("..|##") == "-1"
    assert t.value_text("..|..") == "+-1"
    assert t.value_text("..|.#") == "*"
    strip = gtables.compute("domineering:rows=1,cols=7,value=canonical", store=None,
                            progress=False)
    assert strip.value_text(".......") == "-3"
    t = gtables.compute("domineering:rows=3,cols=3,value=canonical", store=None, progress=False)
    assert t.value_text(".##|.##|#..") == "0"       # 1 + (-1)
    assert t.value_text(".##|.#.|##.") == "2"       # 1 + 1
    d = t.describe("...|...|...")
    assert d["value"] == "+-1" and d["temperature"] == "1" and d["mean"] == "0"


def test_query_show_where_and_pandas(tmp_path):
    spec = "domineering:rows=2,cols=3,value=canonical"
    st = str(tmp_path / "s")
    gtables.compute(spec, store=st, progress=False)
    t = gtables.load(spec, store=st)
    assert t.kind == "canonical"
    d = t.describe("...|...")
    assert set(d) >= {"value", "outcome", "temperature", "mean", "left_stop", "right_stop",
                      "birthday"}
    pool = t.pool
    v = t.value("...|...")
    assert Fraction(d["temperature"]) == pool.temperature(v)
    assert Fraction(d["left_stop"]) >= Fraction(d["right_stop"])
    stars = t.where("*")
    assert stars.size and all(t.value_text(t.space.format_index(int(i))) == "*" for i in stars)
    assert t.where("{5|-5}").size == 0
    with pytest.raises(GtablesError):
        t.where("{1|")
    r = subprocess.run([sys.executable, "-m", "gtables.cli", "query", spec, "...|...",
                        "--store", st, "--json"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["value"] == d["value"]
    r = subprocess.run([sys.executable, "-m", "gtables.cli", "show", spec, "--store", st,
                        "--format", "csv", "--limit", "0"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == ("index,position,value,outcome,temperature,mean,left_stop,right_stop,"
                        "birthday")
    assert len(lines) == 1 + t.space.size
    pytest.importorskip("pandas")
    df = t.to_pandas()
    assert list(df["value"]) == [pool.format(int(x)) for x in t.values]
    assert list(df["outcome"]) == [pool.outcome(int(x)) for x in t.values]


def test_plot_draws_temperatures_and_value_classes():
    """``plot()`` of a canonical table: on a board, the start and the hottest positions with
    their value and temperature (the 2 x 3 board: +-1 of temperature 1 and others at 1, none
    hotter); by class, one hot, one tepid and one number position at least; on an integer
    space (Hackenbush strings, all numbers), each position's temperature against its index."""
    import matplotlib
    matplotlib.use("Agg")
    t = gtables.compute("domineering:rows=2,cols=3,value=canonical", store=None,
                        progress=False)
    pool = t.pool
    temps = np.array([float(pool.temperature(int(g))) for g in t.values])
    ax = t.plot()
    texts = [x.get_text() for x in ax.texts]
    assert texts[0].startswith("start: " + t.value_text("...|..."))
    shown = [float(Fraction(x.split("t=")[1])) for x in texts]
    start = t.space.size - 1
    assert shown[0] == temps[start] and shown[1:] == sorted(shown[1:], reverse=True)
    rest = np.delete(temps, start)                  # the others, hottest first
    assert shown[1] == rest.max() and shown[1:] == sorted(rest, reverse=True)[:len(shown) - 1]
    ax = t.plot(show="value")
    shown = [float(Fraction(x.get_text().split("t=")[1])) for x in ax.texts[1:]]
    assert any(x > 0 for x in shown) and any(x == 0 for x in shown) and \
        any(x < 0 for x in shown)
    h = gtables.compute("hackenbush_string:size=30,value=canonical", store=None,
                        progress=False)
    x, y = h.plot().lines[0].get_data()
    assert len(y) == h.space.size and (np.asarray(y) < 0).all()     # numbers only
    with pytest.raises(GtablesError, match="show must be"):
        t.plot(show="heat")


def test_bad_requests_are_one_line(tmp_path):
    for spec, says in (("cram:rows=2,cols=2,value=canonical", "Grundy values"),
                       ("domineering:rows=2,cols=2,value=canonical,play=misere", "normal play"),
                       ("domineering:rows=2,cols=2,value=exact", "outcome, canonical")):
        r = subprocess.run([sys.executable, "-m", "gtables.cli", "compute", spec, "--store",
                            str(tmp_path / "s")], capture_output=True, text=True)
        assert r.returncode == 2 and says in r.stderr and "Traceback" not in r.stderr
        assert len(r.stderr.strip().splitlines()) == 1
    with pytest.raises(GtablesError, match="no checkpoint"):
        gtables.solve("domineering:rows=2,cols=2,value=canonical", store=None,
                      method="reachable", checkpoint=str(tmp_path / "ck.npz"))
    assert not (tmp_path / "ck.npz").exists()


def _plant(st_path, spec, values, aux):
    """A table file under ``spec``'s name, every checksum right but no seal of the store: what
    anyone who can write the directory can make with gtables' own functions."""
    st = Store(st_path)
    t = st.get(spec)
    attrs = {k: v for k, v in t.attrs.items() if k not in ("meta_checksum", "aux")}
    t.close()
    img = tf.image(tf.TABLE_SCHEMA, np.ascontiguousarray(values), attrs, aux=aux)
    path = os.path.join(st_path, "tables", relname(spec))
    os.unlink(path)
    with open(path, "wb") as f:
        f.write(img)


def test_forged_ids_and_pools_are_caught(tmp_path):
    spec = "domineering:rows=2,cols=3,value=canonical"
    st = str(tmp_path / "s")
    t = gtables.compute(spec, store=st, progress=False)
    values = np.array(t.values)
    aux = {k: np.array(v) for k, v in Store(st).get(spec).aux().items()}
    # the honest table, planted unsealed: re-derived in full, and believed
    _plant(st, spec, values, aux)
    assert not Store(st).get(spec).sealed
    back = gtables.load(spec, store=st)
    assert back.value_text("...|...") == t.value_text("...|...")
    # one id changed to another id of the pool: the position is named
    top = int(np.flatnonzero(values != values[0])[-1])
    forged = values.copy()
    forged[top] = values[0]
    _plant(st, spec, forged, aux)
    with pytest.raises(GtablesError, match="not the canonical form"):
        gtables.load(spec, store=st)
    # an id past the pool
    forged = values.copy()
    forged[-1] = len(aux["nleft"]) + 5
    _plant(st, spec, forged, aux)
    with pytest.raises(GtablesError, match="is wrong"):
        gtables.load(spec, store=st)
    # a pool whose entry is not in canonical form (a dominated option added)
    bad = dict(aux)
    nl, nr, opts = aux["nleft"].copy(), aux["nright"].copy(), list(aux["options"])
    g = int(np.flatnonzero((nl == 1) & (nr == 0))[0])     # {x|} for some x: add {0, x|}
    start = int(nl[:g].sum() + nr[:g].sum())
    x = opts[start]
    if x != 0:
        opts[start:start + 1] = sorted([0, x])
        nl[g] = 2
        bad.update(nleft=nl, options=np.array(opts, np.int64))
        _plant(st, spec, values, bad)
        with pytest.raises(GtablesError, match="pool"):
            gtables.load(spec, store=st)
    # a temperature edited beside an honest pool
    bad = dict(aux, temperature_num=aux["temperature_num"] + 1)
    _plant(st, spec, values, bad)
    with pytest.raises(GtablesError, match="temperatures"):
        gtables.load(spec, store=st)
    # recomputed and sealed again: check --deep re-derives every position
    gtables.compute(spec, store=st, progress=False, force=True)
    rows = api.check_store(st, deep=True)
    assert rows[0]["damaged"] is None and rows[0]["rederived"].startswith("all")


def test_the_docs_example_runs():
    """docs/values.md's example of canonical values, run as written."""
    import pathlib
    import re
    page = (pathlib.Path(__file__).resolve().parents[1] / "docs" / "values.md").read_text()
    blocks = [b for b in re.findall(r"```python\n(.*?)```", page, re.S) if "canonical" in b]
    assert blocks
    for b in blocks:
        exec(compile(b, "docs/values.md", "exec"), {})


@pytest.mark.parametrize("spec,every", [("domineering:rows=3,cols=4", 13),
                                        ("domineering:rows=4,cols=4", 331),
                                        ("snort:graph=path-5", 1)])
def test_the_search_by_parts_gives_the_tables_values(spec, every):
    """solve --method reachable with value=canonical: the sum of the parts' values (Domineering
    splits into regions and uses its mirrors), equal to the dense table's value at every
    ``every``-th position (and the full board)."""
    spec = spec + ",value=canonical"
    t = gtables.compute(spec, store=None, progress=False)
    idx = list(range(0, t.space.size, every)) + [t.space.size - 1]
    for i in idx:
        pos = t.space.format_index(i)
        d = gtables.solve(spec, pos, store=None, method="reachable", progress=False)
        assert d["value"] == t.value_text(pos), pos
        assert d["outcome"] == t.describe(pos)["outcome"]
    d = gtables.solve(spec, "start", store=None, method="reachable", progress=False)
    assert d["parts"] == spec.startswith("domineering")


def test_the_search_agrees_with_the_outcome_search():
    """Domineering 5 x 5 and 4 x 6: the value's outcome is the outcome search's (which neither
    splits nor makes values)."""
    for b in ("rows=5,cols=5", "rows=4,cols=6"):
        v = gtables.solve(f"domineering:{b},value=canonical", store=None, method="reachable",
                          progress=False)
        o = gtables.solve(f"domineering:{b}", store=None, method="reachable", progress=False)
        assert v["outcome"] == o["outcome"]


def test_export_and_import_rederive_the_pool(tmp_path):
    """A canonical table travels with its pool: exported, imported into another store after
    re-derivation (pool and every position), answering as before; an export whose id was
    changed (checksums recomputed) is refused."""
    spec = "domineering:rows=2,cols=3,value=canonical"
    a, b = str(tmp_path / "a"), str(tmp_path / "b")
    t = gtables.compute(spec, store=a, progress=False)
    out = str(tmp_path / "share.h5")
    assert api.export_tables([spec], out, store=a) == 1
    said: list = []
    counts = api.import_tables(out, store=b, echo=said.append)
    assert counts["imported"] == 1, said
    back = gtables.load(spec, store=b)
    assert Store(b).get(spec).sealed
    assert back.describe("...|...") == t.describe("...|...")
    # a forged export: one id changed, every checksum recomputed
    values = np.array(t.values)
    aux = {k: np.array(v) for k, v in Store(a).get(spec).aux().items()}
    top = int(np.flatnonzero(values != values[0])[-1])
    values[top] = values[0]
    attrs = {k: v for k, v in Store(a).get(spec).attrs.items()
             if k not in ("meta_checksum", "seal", "aux")}
    import h5py
    forged = str(tmp_path / "forged.h5")
    with h5py.File(forged, "w") as f:
        f.attrs["schema"], f.attrs["schema_version"] = tf.EXPORT_SCHEMA, tf.FILE_VERSION
        tf.export_image_add(f, relname(spec), values, attrs, aux=aux)
    said.clear()
    counts = api.import_tables(forged, store=str(tmp_path / "c"), echo=said.append)
    assert counts["refused"] == 1 and "not the canonical form" in said[0]
