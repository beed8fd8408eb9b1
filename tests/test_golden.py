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
            first = report._esc(report._short(v.counterexamples[0].position))
            assert f"| {first}: claimed " in row
            assert f"| {report._esc(' '.join(v.statement.split()))} |" in row   # whole, not cut
            for c in verdicts:
                if c.correction_of == v.name:
                    assert f"[`{c.name}`](report/" in row and f"**{c.status}**" in row
    for target in re.findall(r"\]\((report/[^)#]+)#([^)]+)\)", index):   # every link lands
        assert f'<a id="{target[1]}"></a>' in (tmp_path / target[0]).read_text()
    # each source's findings: every failing verdict in one list whose heading counts its rows
    sections = index.split("\n### ")[1:]
    for k, vs in by_source.items():
        section = next(x for x in sections if x.startswith(SOURCES.get(k, k)))
        failing = [v for v in vs if v.status in ("FAILS", "REFUTED")]
        counted = sum(int(n) for n in re.findall(
            r"\*\*(?:Refuted as printed|Our corrections that fail too) \((\d+)\)", section))
        assert counted == len(failing), k
        for v in failing:
            assert sum(line.startswith(f"| [`{v.name}`]") for line in section.splitlines()) == 1
        assert section.count("*Notation.*") == (1 if k in report_notation() else 0)
    assert "χ(x) = 1 if x is odd, 0 if x is even" in texts["000"] + texts["003"]
    assert "![a picture for seed 004](../figures/a.png)" in texts["004"]
    assert all("a.png" not in t for k, t in texts.items() if k != "004")
    assert json.loads(pathlib.Path(js).read_text())["counts"] == report._counts(verdicts)


def report_notation():
    from gtables.verify.runner import NOTATION
    return NOTATION


def test_the_report_holds_no_date_or_timing_and_a_rerun_rewrites_it_identically(small_run,
                                                                               tmp_path):
    """Two runs of the same code differ only in when, where and how fast they ran: that goes to
    run.json (not tracked), so the tracked files (REPORT.md, REPORT.json, the pages) are written
    byte for byte the same."""
    verdicts, ctx = small_run
    written = []
    for i, seconds in enumerate((12.5, 99.0)):
        out = tmp_path / f"run{i}"
        meta = dict(report.run_meta("small"), seconds=seconds,
                    date=f"2026-01-0{i + 1}T00:00:00+00:00", cpus=2 + i)
        timed = [dataclasses.replace(v, seconds=v.seconds + i) for v in verdicts]
        tables = [dict(t, compute_seconds=t["compute_seconds"] + i, fresh=bool(i))
                  for t in ctx.computed]
        md, js, pages = report.write_pages(str(out), "REPORT", timed, tables, meta, "title")
        written.append({pathlib.Path(p).relative_to(out): pathlib.Path(p).read_bytes()
                        for p in [md, js, *pages]})
        run = json.loads((out / "run.json").read_text())
        assert run["meta"]["seconds"] == seconds and run["meta"]["date"].startswith("2026-01-0")
        assert run["claims"][verdicts[0].name] == verdicts[0].seconds + i
        assert set(run["tables"]) == {t["spec"] for t in ctx.computed}
    assert written[0] == written[1]
    text = b"".join(written[0].values()).decode()
    assert "2026-01-0" not in text and "CPUs" not in text and "compute s" not in text
    doc = json.loads(written[0][pathlib.Path("REPORT.json")])
    assert "date" not in doc["meta"] and "seconds" not in doc["meta"]
    assert all("seconds" not in v for v in doc["verdicts"])
    assert all("compute_seconds" not in t and "fresh" not in t for t in doc["tables"])
