"""Every claim's small-scale verdict, pinned: a change of any verdict (status, positions checked,
counterexamples shown) is a visible test failure, never a silent drift.

After a deliberate change (a new claim, a wider check), rewrite the file and review its diff:
``GTABLES_UPDATE_GOLDEN=1 pytest tests/test_golden.py``.
"""
import dataclasses
import json
import os
import pathlib
import re

import pytest

from gtables.reproduce import table_provider
from gtables.verify import report
from gtables.verify.runner import SOURCES, run_claims, source_of

GOLDEN = pathlib.Path(__file__).parent / "golden" / "verdicts_small.json"


def _summary(verdicts):
    return {v.name: {"status": v.status, "checked": v.checked,
                     "counterexamples": len(v.counterexamples)} for v in verdicts}


@pytest.fixture(scope="module")
def small_run():
    return run_claims(None, provider=table_provider(None, False), scale="small")


def test_small_scale_verdicts_match_the_golden_file(small_run):
    verdicts, _ = small_run
    got = _summary(verdicts)
    errors = {n: v.domain for v in verdicts if v.status == "ERROR" for n in [v.name]}
    assert not errors, errors
    if os.environ.get("GTABLES_UPDATE_GOLDEN"):
        GOLDEN.write_text(json.dumps(got, indent=1, sort_keys=True) + "\n")
    want = json.loads(GOLDEN.read_text())
    missing = sorted(set(want) - set(got))
    new = sorted(set(got) - set(want))
    changed = {n: (want[n], got[n]) for n in sorted(set(want) & set(got)) if want[n] != got[n]}
    assert not (missing or new or changed), (
        f"verdicts differ from {GOLDEN.name} (rewrite it with GTABLES_UPDATE_GOLDEN=1 if the change "
        f"is deliberate): missing {missing}, new {new}, changed {changed}")


@dataclasses.dataclass(frozen=True)
class _Figure:
    path: str
    caption: str
    seed: str


def test_the_report_reads_in_two_levels(small_run, tmp_path):
    """REPORT.md holds the counts and the findings (each refuted claim with its first
    counterexample and our corrections, each proof, each open question), linking into one page per
    source that holds every claim in detail and the figures of that source."""
    verdicts, ctx = small_run
    meta = report.run_meta("small")
    figs = [_Figure("figures/a.png", "a picture for seed 004", "004")]
    md, js, pages = report.write_pages(str(tmp_path), "REPORT", verdicts, ctx.computed, meta,
                                       "title", figs, "intro")
    index = pathlib.Path(md).read_text()
    assert len(index.splitlines()) < len(verdicts)          # a summary, not every claim
    by_source = {}
    for v in verdicts:
        by_source.setdefault(source_of(v.name), []).append(v)
    assert sorted(pathlib.Path(p).name for p in pages) == sorted(
        [f"{k}.md" for k in by_source] + ["tables.md"])
    texts = {k: (tmp_path / "report" / f"{k}.md").read_text() for k in by_source}
    for k, vs in by_source.items():
        assert SOURCES.get(k, k) in index and f"report/{k}.md" in index
        anchors = re.findall(r'<a id="([^"]+)"></a>', texts[k])
        assert sorted(anchors) == sorted(report._anchor(v.name) for v in vs)   # each claim once
    for v in verdicts:
        if v.status in ("PROVED", "OPEN") or (v.status == "FAILS" and not v.correction_of):
            assert f"[`{v.name}`](report/{source_of(v.name)}.md#{report._anchor(v.name)})" in index
        if v.status == "FAILS" and not v.correction_of and v.counterexamples:
            row = next(line for line in index.splitlines() if line.startswith(f"| [`{v.name}`]"))
            first = report._esc(report._short(v.counterexamples[0].position, 60))
            assert f"| {first}: claimed " in row
            for c in verdicts:
                if c.correction_of == v.name:
                    assert f"[`{c.name}`](report/" in row and f"**{c.status}**" in row
    for target in re.findall(r"\]\((report/[^)#]+)#([^)]+)\)", index):   # every link lands
        assert f'<a id="{target[1]}"></a>' in (tmp_path / target[0]).read_text()
    assert "![a picture for seed 004](../figures/a.png)" in texts["004"]
    assert all("a.png" not in t for k, t in texts.items() if k != "004")
    assert json.loads(pathlib.Path(js).read_text())["counts"] == report._counts(verdicts)
