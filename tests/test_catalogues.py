"""The catalogue abstraction (:mod:`gtables.octal_catalogue.base`): every committed catalogue
report is exactly what its committed JSON renders to, the CLI offers every catalogue, the
report tables and settings behave as documented, and a new catalogue is data plus a few small
functions."""

from __future__ import annotations

import json
import os
import pathlib
import re
import shutil
from types import SimpleNamespace

import pytest

from gtables.errors import GtablesError
from gtables.octal_catalogue import CATALOGUES, Catalogue, Column
from gtables.octal_catalogue.base import (
    code_column,
    run_section,
    table,
    table_sizes,
    tally,
    two_passes,
)
from gtables.octal_catalogue.digits import RESULT_COLUMNS, literature_entry, literature_tally

RESULTS = pathlib.Path(__file__).resolve().parents[1] / "results"


@pytest.mark.parametrize("name", sorted(CATALOGUES))
def test_committed_report_renders_again_from_its_json(name, tmp_path):
    """The strongest regression test of the renderers: results/STEM.md is byte for byte what
    results/STEM.json renders to (figures into a temporary folder, the JSON left as it is)."""
    cat = CATALOGUES[name]
    committed = RESULTS / f"{cat.stem}.json"
    shutil.copy(committed, tmp_path)
    paths = cat.rewrite_report(str(tmp_path))
    assert paths[0] == str(tmp_path / f"{cat.stem}.md")
    assert (tmp_path / f"{cat.stem}.md").read_bytes() == (RESULTS / f"{cat.stem}.md").read_bytes()
    assert (tmp_path / f"{cat.stem}.json").read_bytes() == committed.read_bytes()
    assert paths[1:] and all(os.path.exists(p) for p in paths[1:])


def test_the_cli_offers_every_catalogue(capsys):
    from gtables import cli

    with pytest.raises(SystemExit):
        cli.main(["sweep", "--help"])
    offered = re.search(r"--catalogue \{([a-z0-9,]+)\}", capsys.readouterr().out).group(1)
    assert offered.split(",") == list(CATALOGUES)
    assert all(c.name == name for name, c in CATALOGUES.items())
    assert len({c.stem for c in CATALOGUES.values()}) == len(CATALOGUES)


def test_settings_fill_defaults_and_refuse_what_a_catalogue_lacks():
    octal3, open3 = CATALOGUES["octal3"], CATALOGUES["open3"]
    assert octal3.settings() == {"size": 1 << 16, "big_size": (1 << 25) - 1}
    assert octal3.settings(size=100, big_size=None, budget=None) == {
        "size": 100,
        "big_size": (1 << 25) - 1,
    }
    assert open3.settings(step_limit=None)["step_limit"] == 0.0
    assert open3.settings(budget=0.0)["budget"] == 0.0  # 0 is a setting, not "not given"
    with pytest.raises(GtablesError, match="octal3 has no setting budget, naive_size"):
        octal3.settings(naive_size=10, budget=5.0)


def test_a_table_leaves_a_missing_games_cells_blank():
    cols = (
        code_column(),
        Column("result", lambda e: "done", missing=lambda e: e["result"]),
        Column("method", lambda e: e["method"]),
        Column("n", lambda e: f"{e['n']:,}"),
    )
    lines = table(
        cols,
        [
            {"code": "0.07", "proved": True, "method": "", "n": 1234},
            {"code": "0.6", "result": "missing"},
        ],
    )
    assert lines == [
        "| code | result | method | n |",
        "|---|---|---|---|",
        "| 0.07 | done |  | 1,234 |",
        "| 0.6 | missing | | |",
    ]
    assert run_section({}) == [] and run_section({"run": {"wall": "1 s"}}) == [
        "## The run",
        "",
        "- wall: 1 s",
        "",
    ]


def _row(code, period, pre, mx, n, status="computed"):
    return SimpleNamespace(
        spec=f"octal:code={code},size={n - 1}",
        status=status,
        period=period,
        preperiod=pre,
        max_value=mx,
        computed_to=n,
        error=None,
        extra={"algorithm": "sparse", "rare_heaps": 3},
    )


def test_a_new_catalogue_is_data_and_a_few_small_functions(tmp_path):
    """The 2-digit codes as a catalogue of their own: codes, defaults, a document and a
    renderer built from the shared pieces; writing, saving and rendering again are the
    abstraction's."""

    def document(cat, best, store, settings):
        games = [literature_entry(c, best.get(c)) for c in cat.codes()]
        return {
            "sizes": table_sizes(best, cat.codes()),
            **tally(games),
            **literature_tally(games),
            "games": games,
        }

    def render(doc, figures):
        return (
            ["# Two digits", ""]
            + run_section(doc)
            + table((code_column(), *RESULT_COLUMNS), doc["games"])
        )

    two = Catalogue(
        name="octal2",
        stem="octal_two",
        codes=lambda: ["0.07", "0.16", "0.6"],
        defaults={"size": 1000, "big_size": 0},
        passes=two_passes,
        document=document,
        render=render,
        figures=lambda cat, doc, out: [],
    )
    store = SimpleNamespace(list=lambda: [], path="t.h5")
    rows = [
        _row("0.07", 34, 53, 9, 176),
        _row("0.6", None, None, 284, 4000),
        _row("0.16", None, None, 0, 10, status="failed"),
    ]
    paths = two.write_report(rows, store, str(tmp_path), run={"wall": "1 s"})
    assert paths == [str(tmp_path / "octal_two.md"), str(tmp_path / "octal_two.json")]
    doc = json.loads((tmp_path / "octal_two.json").read_text())
    assert (doc["proved"], doc["open"], doc["missing"]) == (1, 1, 1)
    assert doc["sizes"] == [176, 4000] and doc["failed"][0]["spec"] == "octal:code=0.16,size=9"
    assert doc["literature_entries"] == 2 and doc["agree"] == 2  # 0.07: Dawson's Kayles
    md = (tmp_path / "octal_two.md").read_text()
    assert "| 0.07 | proved | 34 | 53 | 9 | 176 | sparse (3 rare) |" in md
    assert "| 0.16 | missing (failed or not run) | | | | | |" in md
    assert "- wall: 1 s" in md and md.endswith(
        "## Failed tasks\n\n- `octal:code=0.16,size=9`: None\n"
    )
    two.rewrite_report(str(tmp_path), run={"wall": "2 s"})
    assert "- wall: 2 s" in (tmp_path / "octal_two.md").read_text()
    assert json.loads((tmp_path / "octal_two.json").read_text())["run"] == {"wall": "2 s"}
