"""The figures draw what they say: the whole range, the bands with their numbers, the legends,
and the report's and the catalogue's figures as files (no kernels: tables are made up here)."""
import json
import os
from types import SimpleNamespace

import matplotlib
import numpy as np
import pytest

from gtables import plotting

matplotlib.use("Agg")


def periodic(n, pre=53, per=34, seed=0):
    """A made-up sequence with pre-period ``pre`` and period ``per``."""
    rng = np.random.default_rng(seed)
    v = rng.integers(0, 10, n)
    for i in range(pre + per, n):
        v[i] = v[i - per]
    return v


def legend_texts(ax):
    return [t.get_text() for t in ax.get_legend().get_texts()]


def test_a_sequence_is_drawn_whole_with_its_preperiod_and_one_period():
    v = periodic(3000)
    ax = plotting.plot_sequence(v, "octal:code=0.07,size=2999", preperiod=53, period=34)
    x, y = ax.lines[0].get_data()
    assert len(x) == 3000 and list(y) == list(v)
    assert ax.lines[0].get_markersize() >= 2.5
    texts = " | ".join(legend_texts(ax))
    assert "pre-period: n < 53 (53 values)" in texts
    assert "one period: 53 <= n < 87 (period 34)" in texts
    assert "all 3,000 values, n = 0..2,999" in ax.get_title()
    assert (ax.get_xlabel(), ax.get_ylabel()) == ("heap n", "G(n)")


def test_a_sequence_without_a_known_period_has_no_bands():
    ax = plotting.plot_sequence(np.arange(50) % 7, "t")
    assert legend_texts(ax) == ["G(n), n = 0..49"] and not ax.patches


def test_a_long_sequence_is_a_density_of_the_whole_range():
    n = plotting.COMPACT_ABOVE + 5_001
    v = periodic(n, 100, 12)
    ax = plotting.plot_sequence(v, "long", preperiod=100, period=12)
    counts = np.asarray(ax.images[0].get_array())
    assert counts.sum() == n                            # every value is in some cell
    assert f"all {n:,} values" in ax.get_title() and "one column = " in ax.get_title()
    assert any("period 12" in t for t in legend_texts(ax))


def test_a_sequence_figure_enlarges_a_part_and_says_which():
    fig = plotting.sequence_figure(periodic(3000), "t", preperiod=53, period=34)
    top, zoom = fig.axes[:2]
    assert len(top.lines[0].get_xdata()) == 3000
    assert zoom.get_title() == ("zoom: n = 0..199 (the whole pre-period (n < 53), then 4.3 periods "
                                "of 34)")
    fig = plotting.sequence_figure(periodic(5000, 3000, 40), "t", preperiod=3000, period=40)
    assert fig.axes[1].get_title() == ("zoom: n = 2,800..3,199 (the last 200 values of the "
                                       "pre-period, then 5 periods of 40)")
    assert len(plotting.sequence_figure(periodic(300), "t").axes) == 1    # short: one panel


def test_a_zoom_far_out_is_balanced_and_has_whole_heap_numbers():
    """0.376 (period 4, pre-period 2,268,248) and 0.354 (period 1,180, pre-period 10,061,916):
    the zoom centres on where the period starts, says how much of each side it shows, and its
    ticks are whole heap numbers that can be told apart (not 2.26825M, 2.26825M, ...)."""
    lo, hi, what = plotting.zoom_window(4_536_558, 2_268_248, 4)
    assert (lo, hi) == (2_268_048, 2_268_448)
    assert what == "the last 200 values of the pre-period, then 50 periods of 4"
    lo, hi, what = plotting.zoom_window(20_126_246, 10_061_916, 1180)
    assert (lo, hi) == (10_061_716, 10_064_276)
    assert what == "the last 200 values of the pre-period, then 2 periods of 1,180"
    assert plotting.zoom_window(509_673, 105_351, 149_459)[2].startswith(
        "the first 400 values, all in the pre-period")
    assert plotting.zoom_window(2000, None, None) == (0, 400, "the first 400 values, each apart")
    n0 = 2_268_248
    v = periodic(n0 + 300, n0, 4)
    fig = plotting.sequence_figure(v, "t", preperiod=n0, period=4)
    zoom = next(ax for ax in fig.axes if ax.get_title().startswith("zoom"))
    lo, hi = zoom.get_xlim()
    ticks = [x for x in zoom.xaxis.get_major_locator()() if lo <= x <= hi]
    labels = [zoom.xaxis.get_major_formatter()(x) for x in ticks]
    assert 3 <= len(labels) <= 7 and len(set(labels)) == len(labels), labels
    assert all(lab.replace(",", "").isdigit() and int(lab.replace(",", "")) > n0 - 300
               for lab in labels), labels


def test_a_loss_set_has_axis_names_and_a_legend_for_black_and_white():
    grid = np.zeros((10, 8), dtype=bool)
    grid[0, 0] = grid[3, 5] = True
    ax = plotting.plot_loss_set(grid, "N1", "N2", "loss set")
    assert (ax.get_xlabel(), ax.get_ylabel(), ax.get_title()) == ("N1", "N2", "loss set")
    image = np.asarray(ax.images[0].get_array())
    assert image.shape == (8, 10) and image[5, 3] == 1 and image[0, 1] == 0   # drawn as (y, x)
    texts = legend_texts(ax)
    assert texts[0].startswith("P (player to move loses): 2")
    assert texts[1].startswith("N (player to move wins): 78")


def test_a_loss_set_can_grey_out_non_positions_and_cross_out_cells():
    grid = np.zeros((5, 5), dtype=bool)
    grid[1, 3] = True
    absent = np.tril(np.ones((5, 5), dtype=bool))           # x >= y: not a position
    marks = np.zeros((5, 5), dtype=bool)
    marks[1, 2] = marks[0, 4] = True
    ax = plotting.plot_loss_set(grid, "a", "b", "t", marks=marks, mark_label="printed differs",
                                absent=absent, extent=(1, 1))
    texts = legend_texts(ax)
    assert texts[:2] == ["P (player to move loses): 1", "N (player to move wins): 9"]
    assert "not a position" in texts and "printed differs: 2" in texts
    x, y = ax.lines[0].get_data()
    assert sorted(zip(x, y)) == [(1, 5), (2, 3)]                # crosses at (square a, square b)
    assert np.asarray(ax.images[0].get_array())[0, 0] == 2      # grey: not a position


def test_a_phase_diagram_draws_types_with_a_up_and_its_triple_point():
    from gtables.games import endnim as E
    from gtables.verify.seed002.proofs import triple_point
    types = np.asarray(E.frame((2, 4, 1), 12, 12, mode="partizan"))
    point = triple_point(types)
    assert point == (6, 7)                                     # the paper's 6 w 7
    ax = plotting.plot_phase_diagram(types, "241", point=point)
    image = np.asarray(ax.images[0].get_array())
    assert image.shape == (12, 12) and image[5, 6] == 0         # row a = 6, column b = 7: P
    assert image[0, 0] == 1 and image[11, 0] == 2 and image[0, 11] == 3   # N, L above, R right
    texts = legend_texts(ax)
    assert texts[-1] == "triple point: a = 6, b = 7"
    assert any(t.startswith("L (Left wins whoever starts)") for t in texts)


# -- a whole table drawn as what it is (plot_values: made-up values over the real spaces) ---------

def test_a_heap_and_its_last_amount_are_an_image_with_non_positions_grey():
    """Mem0's triangle (a last amount above the heap is no position): heap across, last up,
    every position at its cell, the others grey and named in the legend."""
    from gtables.engine.spaces import BoundedTagSpace
    sp = BoundedTagSpace(6, [0, 2, 3, 4, 5, 6], name="heap", tag_name="last")   # min=2
    values = np.arange(sp.size) % 5
    ax = plotting.plot_values(values, sp, "grundy", "mem0:size=6,min=2")
    image = ax.images[0].get_array()
    assert image.shape == (6, 7)                                # (last values, heaps)
    for (heap, last), v in zip(sp.unrank(np.arange(sp.size)), values):
        code = list(sp.tags).index(last)
        assert not image.mask[code, heap] and image[code, heap] == v
    assert image.mask.sum() == 6 * 7 - sp.size
    assert (ax.get_xlabel(), ax.get_ylabel()) == ("heap", "last")
    assert [ax.yaxis.get_major_formatter()(c) for c in (0, 1, 5)] == ["0", "2", "6"]
    assert "not a position" in legend_texts(ax) and f"{sp.size} positions" in ax.get_title()


def test_boxes_and_tags_are_images_of_their_first_two_coordinates():
    from gtables.engine.spaces import BoxSpace, TaggedBoxSpace
    sp = TaggedBoxSpace([9], [0, 3, 4, 5], names=["heap"], tag_name="last")   # nimlike min=3
    values = np.arange(sp.size) % 2
    ax = plotting.plot_values(values, sp, "outcome", "nimlike")
    image = np.asarray(ax.images[0].get_array())
    assert image.shape == (4, 9) and image[2, 7] == values[sp.index([7, 4])]
    assert (ax.get_xlabel(), ax.get_ylabel()) == ("heap", "last")
    assert ax.yaxis.get_major_formatter()(1) == "3" and legend_texts(ax) == ["P", "N"]
    box = BoxSpace([3, 4, 5], names=["heap1", "heap2", "heap3"])
    values = np.arange(box.size)
    ax = plotting.plot_values(values, box, "grundy", "nim")
    image = np.asarray(ax.images[0].get_array())
    assert image.shape == (4, 3) and image[2, 1] == values[box.index([1, 2, 0])]
    assert "shown at heap3 = 0" in ax.get_title()


def test_two_chips_are_a_map_of_their_squares():
    from gtables.engine.spaces import CombinationSpace
    sp = CombinationSpace(6, 2)
    values = np.arange(sp.size) % 2
    ax = plotting.plot_values(values, sp, "outcome", "chips:rule=B,n=6,k=2")
    image = ax.images[0].get_array()
    assert image.shape == (5, 5)                     # first chip 1..5 across, second 2..6 up
    assert image[3 - 2, 2 - 1] == values[sp.index([2, 3])] and image.mask[0, 1]  # (2, 2) none
    assert ax.images[0].get_extent() == [0.5, 5.5, 1.5, 6.5]


def test_chips_are_drawn_as_their_p_positions_fewest_chips_first():
    from gtables.engine.spaces import SubsetSpace
    sp = SubsetSpace(5)
    values = np.ones(32, dtype=np.uint8)
    values[[21, 12, 3, 16]] = 0                     # P: {1,3,5}, {3,4}, {1,2}, {5}
    ax = plotting.plot_values(values, sp, "outcome", "chips:rule=D,n=5")
    image = np.asarray(ax.images[0].get_array())
    p = np.flatnonzero(values == 0)
    assert image.shape == (p.size, 5)
    drawn = [tuple(np.flatnonzero(row) + 1) for row in image]
    assert drawn == [(5,), (1, 2), (3, 4), (1, 3, 5)]     # the fewest chips first, then by index
    assert sorted(drawn) == sorted(tuple(np.flatnonzero(sp.unrank([i])[0]) + 1) for i in p)
    assert f"all {p.size} P-positions of 32 positions" in ax.get_title()


def test_sums_of_heaps_show_the_share_of_p_positions_by_total_and_heaps():
    from gtables.engine.spaces import PartitionSpace
    sp = PartitionSpace(7)
    values = (np.arange(sp.size) % 3 != 0).astype(np.uint8)       # every third sum is P
    ax = plotting.plot_values(values, sp, "misere", "nim:play=misere,total=7")
    image = ax.images[0].get_array()
    rows = sp.unrank(np.arange(sp.size))
    for n in range(8):
        for m in range(8):
            at = (rows.sum(axis=1) == n) & ((rows > 0).sum(axis=1) == m)
            if at.any():
                assert image[m, n] == pytest.approx(np.mean(values[at] == 0)), (n, m)
            else:
                assert image.mask[m, n]
    assert (ax.get_xlabel(), ax.get_ylabel()) == ("total n (tokens in all heaps)",
                                                  "m (number of heaps)")
    assert f"{sp.size} sums of heaps, {int((values == 0).sum())} P-positions" in ax.get_title()


def test_catalogue_summaries_mark_open_games_apart(tmp_path):
    fig = plotting.plot_periods(["0.1", "0.2", "0.6"], [1, 2, None], [0, 1, None],
                                [64, 64, 65537], "t")
    top = fig.axes[0]
    assert top.get_yscale() == "log"
    texts = legend_texts(top)
    assert texts[0].startswith("proved (2 games)") and texts[1].startswith("open (1 games)")
    assert list(top.lines[1].get_ydata()) == [65537]
    fig = plotting.plot_histograms([([1, 2, 3, 34, None], "period", True),
                                    ([0, 1, 1, 9], "largest", False)], "h")
    assert [int(p.get_height()) for p in fig.axes[0].patches] == [0, 1, 2, 0, 0, 0, 1]
    path = plotting.save(fig, str(tmp_path / "f" / "h.png"))
    assert os.path.getsize(path) > 1000


def test_the_catalogue_report_shows_its_figures(tmp_path):
    from gtables import octal_catalogue
    games = [{"code": "0.07", "proved": True, "period": 34, "preperiod": 53, "max_value": 9,
              "computed_to": 176, "algorithm": "sparse", "rare_heaps": 53, "literature": None,
              "disagreements": []},
             {"code": "0.6", "proved": False, "period": None, "preperiod": None, "max_value": 284,
              "computed_to": 65537, "algorithm": "sparse", "rare_heaps": 1583,
              "literature": None, "disagreements": []}]
    doc = {"written": "now", "store": "s.h5", "sizes": [65537], "proved": 1, "open": 1,
           "literature_entries": 0, "agree": 0, "disagreements": [], "games": games}
    out = tmp_path / "res"
    out.mkdir()
    (out / "octal_catalogue.json").write_text(json.dumps(doc))
    paths = octal_catalogue.OCTAL3.rewrite_report(str(out))
    md = (out / "octal_catalogue.md").read_text()
    for p in paths[1:]:
        assert os.path.exists(p)
        assert f"]({os.path.relpath(p, out)})" in md
    assert "| 0.07 | proved | 34 | 53 | 9 |" in md and "0 task(s) failed" in md


# -- the report's figures, from a made-up run ----------------------------------------------------
def fake_table(spec, values, kind="grundy", shape=None, **params):
    family = spec.split(":")[0]
    size = int(spec.rsplit("size=", 1)[1])
    return SimpleNamespace(spec=spec, family=family, kind=kind, values=np.asarray(values),
                           space=SimpleNamespace(shape=shape or (size + 1,)),
                           params={"size": size, **params})


def cond23_table(m, n, size):
    """A made-up nimlike table: start position P iff both heaps mod (m+n) are below m."""
    r = np.arange(size + 1) % (m + n) < m
    start_p = r[:, None] & r[None, :]
    g = np.ones((size + 1, size + 1, n - m + 2), dtype=np.int8)
    g[..., 0] = np.where(start_p, 0, 1)
    return fake_table(f"nimlike:heaps=2,min={m},max={n},norepeat=1,size={size}", g.ravel(),
                      kind="outcome", shape=(size + 1, size + 1, n - m + 2),
                      min=m, max=n, heaps=2, norepeat=1)


@pytest.fixture(scope="module")
def made_up_run(tmp_path_factory):
    from gtables.verify.figures import report_figures
    tables = {"octal:code=0.07,size=300": fake_table("octal:code=0.07,size=300",
                                                     periodic(301), code="0.07"),
              "octal:code=0.07,size=600": fake_table("octal:code=0.07,size=600",
                                                     periodic(601), code="0.07"),
              "stripes:a=1,b=2,c=3,size=400": fake_table("stripes:a=1,b=2,c=3,size=400",
                                                         np.arange(401) % 5, a=1, b=2, c=3)}
    for m, n in ((2, 5), (3, 5)):
        t = cond23_table(m, n, 40)
        tables[t.spec] = t
    ctx = SimpleNamespace(scale="small", _tables=tables)
    verdicts = [SimpleNamespace(name=n, status=s, data=d, checked=c) for n, s, d, c in (
        ("001.C.values", "HOLDS", {}, 301),
        ("lit.octal.0.07.period", "PROVED", {"period": 34, "preperiod": 53}, 601),
        ("001.D.period.1-2-3", "OPEN", {}, 401),
        ("004.cond23.2d.pictures", "OPEN", {}, 2))]
    out = tmp_path_factory.mktemp("report")
    return out, report_figures(ctx, verdicts, str(out))


def test_report_figures_one_per_game_with_seeds_and_files(made_up_run):
    out, figures = made_up_run
    by_path = {f.path: f for f in figures}
    assert sorted(by_path) == sorted([
        "figures/octal_code-0.07_size-600.png",          # the larger of the two 0.07 tables
        "figures/stripes_a-1_b-2_c-3_size-400.png",
        "figures/nimlike_cond23_m2_n5.png", "figures/nimlike_cond23_m3_n5.png",
        "figures/lit_octal_periods.png"])
    for f in figures:
        assert os.path.getsize(out / f.path) > 1000 and f.caption.endswith(".")
    octal = by_path["figures/octal_code-0.07_size-600.png"]
    assert octal.seed == "001"                            # seed 001's game C, checked by lit too
    assert "n = 0..600" in octal.caption and "pre-period n < 53" in octal.caption
    assert "lower panel: n = 0..199 enlarged" in octal.caption
    assert "period 34, from lit.octal.0.07.period" in octal.caption
    assert "no bands" in by_path["figures/stripes_a-1_b-2_c-3_size-400.png"].caption
    cond = by_path["figures/nimlike_cond23_m2_n5.png"]
    assert cond.seed == "004" and "black = P (the player to move loses)" in cond.caption
    assert "7-periodic in each heap" in cond.caption
    assert by_path["figures/lit_octal_periods.png"].seed == "lit"
    with pytest.raises(dataclasses_frozen_error()):
        octal.seed = "x"


def dataclasses_frozen_error():
    import dataclasses
    return dataclasses.FrozenInstanceError


def test_write_report_writes_the_json_the_markdown_and_the_figures(tmp_path):
    from gtables import octal_catalogue
    row = lambda code, per, pre, mx, n: SimpleNamespace(      # noqa: E731 - a one-line record
        spec=f"octal:code={code},size={n - 1}", status="done", period=per, preperiod=pre,
        max_value=mx, computed_to=n, extra={"algorithm": "sparse", "rare_heaps": 3}, error=None)
    store = SimpleNamespace(list=lambda: [], path="t.h5")
    rows = [row("0.07", 34, 53, 9, 176), row("0.6", None, None, 284, 4000)]
    paths = octal_catalogue.OCTAL3.write_report(rows, store, str(tmp_path))
    assert [os.path.basename(p) for p in paths] == [
        "octal_catalogue.md", "octal_catalogue.json", "octal_catalogue_periods.png",
        "octal_catalogue_histograms.png"]
    doc = json.loads((tmp_path / "octal_catalogue.json").read_text())
    assert doc["proved"] == 1 and doc["failed"] == []
    md = (tmp_path / "octal_catalogue.md").read_text()
    assert "](figures/octal_catalogue_periods.png)" in md and "| 0.6 | open at 4,000 |" in md


def test_report_chip_maps_cross_out_where_the_printed_formula_differs(tmp_path):
    """A made-up rule-A table where every position is N (f = 0): the seed-003 map crosses each
    two-chip position a >= 2 where the printed f(a,b) = χ(a+b) says 1 (a+b odd), and nothing
    outside the statement's domain (a = 1); the maps belong to their seeds' pages."""
    from gtables.verify.figures import chip_figures
    n = 10
    t = SimpleNamespace(spec="chips:rule=A,n=10", family="chips", kind="outcome",
                        values=np.ones(1 << n, dtype=np.int8), params={"rule": "A", "n": n})
    ctx = SimpleNamespace(scale="small", _tables={t.spec: t})
    names = ["003.k2.f", "003.k3.f", "000.cn.thm1", "000.en.k3.product", "000.en.prop3.2.k3"]
    figures = chip_figures(ctx, [SimpleNamespace(name=x) for x in names], str(tmp_path / "figures"))
    by_path = {f.path: f for f in figures}
    assert sorted(by_path) == ["figures/chips_000_k3_en.png", "figures/chips_000_thm1.png",
                               "figures/chips_003_k2_k3.png"]
    assert by_path["figures/chips_003_k2_k3.png"].seed == "003"
    assert by_path["figures/chips_000_thm1.png"].seed == "000"
    odd = sum((a + b) % 2 for a in range(2, n + 1) for b in range(a + 1, n + 1))
    cap = by_path["figures/chips_003_k2_k3.png"].caption
    assert f"2 chips: 45 positions, {odd} crossed for 003.k2.f" in cap, cap
    assert "red cross where the printed statement" in cap and "grey = not a position" in cap
    for f in figures:
        assert os.path.getsize(tmp_path / f.path) > 1000
    # only the maps whose claims ran
    assert chip_figures(ctx, [SimpleNamespace(name="003.k2.f")], str(tmp_path)) == []


def test_report_phase_diagrams_only_when_seed_002_ran(tmp_path):
    from gtables.verify.figures import endnim_figures
    ctx = SimpleNamespace(scale="small", _tables={})
    assert endnim_figures(ctx, [SimpleNamespace(name="001.C.values")], str(tmp_path)) == []
    (fig,) = endnim_figures(ctx, [SimpleNamespace(name="002.phase-diagram")],
                            str(tmp_path / "figures"))
    assert fig.seed == "002" and os.path.getsize(tmp_path / fig.path) > 1000
    assert "w = 2,4,1 (type N, L(w) = 6, R(w) = 7): triple point a = 6, b = 7" in fig.caption
    assert "w = 3,5,5,5,1 (type N, L(w) = 14, R(w) = 18): triple point a = 14, b = 18" in \
        fig.caption


def test_literature_periods_are_ordered_by_period_and_say_so(tmp_path):
    from gtables.verify.figures import literature_period_figure
    vs = [SimpleNamespace(name=f"lit.octal.{c}.period", status=st, data=d, checked=n)
          for c, st, d, n in (("0.77", "PROVED", {"period": 12, "preperiod": 71}, 600),
                              ("0.6", "OPEN", {}, 4000),
                              ("0.07", "PROVED", {"period": 34, "preperiod": 53}, 600),
                              ("0.127", "PROVED", {"period": 4, "preperiod": 46578}, 93218))]
    (fig,) = literature_period_figure(None, vs, str(tmp_path))
    assert "ordered by period, then by pre-period, games not proved here last" in fig.caption
    assert "(left to right: 0.127, 0.77, 0.07, 0.6)" in fig.caption


def test_chip_maps_say_where_the_crosses_are_on_a_computed_table(tmp_path):
    """What each map's note says, on the real rule-A table of 12 squares: the crosses of the
    seed-003 map are at a = 2 or on adjacent pairs; those of 定理一 at P1 = 2 only; Prop 3.2's
    crosses are exactly the P-positions with P1 = 3 (Q1 = 2)."""
    import gtables
    from gtables.verify import figures as F
    from gtables.verify.seed000 import proofs as pf
    from gtables.verify.seed000.claims import printed_f
    t = gtables.compute("chips:rule=A,n=12", store=None, progress=False)
    f = lambda rows: (np.asarray(t.values)[pf.masks_of_rows(rows)] == 0).astype(int)  # noqa: E731

    def crosses(k, claim, p1=None):
        rows = pf.k_positions(12, k)
        if p1 is not None:
            rows = rows[rows[:, 0] == p1]
        claimed, dom = printed_f(claim, rows)
        return rows[dom & (claimed != f(rows))]

    two = crosses(2, "003.k2.f")
    assert len(two) and all(a == 2 or b == a + 1 for a, b in two)
    assert len(crosses(3, "000.cn.thm1", 2)) and not len(crosses(3, "000.cn.thm1", 3))
    rows = pf.k_positions(12, 3)
    rows = rows[rows[:, 0] == 3]
    assert sorted(map(tuple, crosses(3, "000.en.prop3.2.k3", 3))) == sorted(
        map(tuple, rows[f(rows) == 1]))
    assert all(len(m) == 5 for m in F.CHIP_MAPS)
