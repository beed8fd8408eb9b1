"""The open-game atlas (``gtables sweep --catalogue open3``): the list of open games and its
source, the statistics' stand-in, the sparse-space rule, and the catalogue end to end at tiny
sizes on a real Dask cluster."""
from __future__ import annotations

import dataclasses
import json

import numpy as np
import pytest

from gtables.api import compute_values
from gtables.games.octal import parse_code
from gtables.games.octal.literature import OPEN, lookup
from gtables.games.octal.open_list import OPEN as LISTED
from gtables.games.octal.open_list import SOURCE_COMMIT, OpenGame, lookup_open, open_codes
from gtables.octal_catalogue import CATALOGUES
from gtables.octal_catalogue import atlas as oc
from gtables.octal_catalogue.base import size_of


def _values(code: str, n: int, **kw):
    v, a = compute_values(f"octal:code={code},size={n - 1}", **kw)
    return v, a["extra"]


# -- the list -----------------------------------------------------------------------------------

def test_the_list_is_grundys_game_and_82_codes():
    codes = open_codes()
    assert len(codes) == 83 and len(set(codes)) == 83
    assert codes[0] == "4!.0" and LISTED[0].written == "Grundy's"
    octal = codes[1:]
    assert all(c.startswith(("0.", "4.")) and len(c) <= 5 for c in octal)
    assert sum(c.startswith("4.") for c in octal) == 13
    assert len(SOURCE_COMMIT) == 40


def test_every_code_parses_to_itself_and_from_the_sources_spelling():
    for g in LISTED:
        assert parse_code(g.code) == g.code
        if g.written != "Grundy's":
            assert parse_code(g.written) == g.code
        assert lookup_open(g.written if g.written != "Grundy's" else "4!.0") is g


def test_figures_are_the_sources_four_rows():
    with_figures = [g for g in LISTED if g.frontier is not None]
    assert [(g.code, g.frontier) for g in with_figures] == [
        ("4!.0", 1 << 21), ("0.6", 1 << 21), ("0.04", 1 << 17), ("0.06", 1 << 17)]
    assert (LISTED[0].largest, LISTED[0].largest_at, LISTED[0].rare_mask) == (231, 763622, 0xFE)
    assert all(g.largest is None for g in LISTED[4:])


def test_no_listed_game_is_solved_in_the_literature_table():
    """A listed code with a proved period in the literature table would be a disagreement to
    report; the literature's open games are this list (plus 0.007, listed there from other
    sources)."""
    solved = [g.code for g in LISTED if (rec := lookup(g.code)) is not None and rec.status != OPEN]
    assert solved == []
    assert all(lookup(g.code) is not None for g in LISTED)


# -- the statistics (the engine's, in the report's form) and the sparse-space rule ---------------

def test_sequence_stats_against_plain_python():
    v, _ = _values("0.77", 300)
    st = oc.sequence_stats(v)
    g = [int(x) for x in v]
    assert st["max_value"] == max(g) and st["max_at"] == g.index(max(g))
    assert st["zeros"] == g.count(0)
    assert st["checksum"] == sum((i + 1) * x for i, x in enumerate(g)) % (1 << 61)
    assert sorted(st["histograms"]) == list(range(9))      # 2^8 = 256 <= 300 < 2^9
    for k, counts in st["histograms"].items():
        top = max(g[:1 << k])                               # each list ends at its largest value
        assert counts == [g[:1 << k].count(x) for x in range(top + 1)]


def test_checksum_wraps_exactly():
    """The uint64 sum wraps mod 2^64, a multiple of 2^61: still exact for large terms."""
    v = np.full(3 << 20, 60000, dtype=np.uint16)
    n = v.size
    assert oc.sequence_stats(v)["checksum"] == (60000 * n * (n + 1) // 2) % (1 << 61)


def test_rare_heaps_match_the_stepper():
    for code in ("0.6", "4!.0", "0.454"):
        v, x = _values(code, 1 << 13)
        assert x["algorithm"] == "sparse"
        rare = oc.rare_heaps_of(v[:x["computed_to"]], x["mask"], x["parity_bit"])
        assert rare.size == x["rare_heaps"] and rare.min() >= 1


def test_sparse_space_rule():
    from gtables.sweep import SweepRow
    rows = {}
    for code in ("0.454", "0.004"):
        v, x = _values(code, 1 << 14, until_periodic=True)
        rows[code] = (SweepRow(spec=f"octal:code={code},size={(1 << 14) - 1}", status="computed",
                               computed_to=x["computed_to"], extra=x), v)
    assert oc.sparse_space(*rows["0.454"]) == (True, 0)            # 16 rare heaps, all early
    assert oc.sparse_space(*rows["0.004"]) == (False, None)        # the stepper went naive


def test_source_check_reads_the_sources_conventions():
    v, _ = _values("0.6", 1 << 12)
    rare = oc.rare_heaps_of(v, 0x1EE)
    fake = OpenGame("0.6", ".6", 1 << 12, int(v.max()), int(np.argmax(v)), 0x1EE,
                    int(rare.size) + 1, int(rare[-1]))
    c = oc.source_check(fake, v)
    assert c["differs"] == [] and c["n"] == 1 << 12
    wrong = OpenGame("0.6", ".6", 1 << 12, int(v.max()) + 1, 0, 0x1EE, 1, 1)
    assert oc.source_check(wrong, v)["differs"] == ["largest", "largest_at", "rare_heaps",
                                                    "last_rare"]
    assert oc.source_check(lookup_open("0.6"), v) is None           # 2^21 not reached
    assert oc.source_check(lookup_open("0.14"), v) is None          # no figures


# -- the catalogue end to end -------------------------------------------------------------------

distributed = pytest.importorskip("distributed")

CODES = ["4!.0", "0.454", "0.004", "4.344"]


def _only(monkeypatch, codes):
    """The atlas of ``codes`` only, for the CLI (which looks the catalogue up by name)."""
    monkeypatch.setitem(CATALOGUES, "open3", dataclasses.replace(oc.OPEN3, codes=lambda: list(codes)))


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  host="127.0.0.1", dashboard_address=None,
                                  scheduler_kwargs={"dashboard_address": "127.0.0.1:0"}) as c:
        yield c


def test_cli_open3_runs_its_passes_and_writes_its_report(tmp_path, capsys, cluster,
                                                          monkeypatch):
    from gtables import cli
    _only(monkeypatch, CODES)                                        # four games, not 83
    # a deterministic clock for the budget: 1 s per 1,000 heaps of a table
    monkeypatch.setattr(oc, "_seconds", lambda store, spec: (size_of(spec) + 1) / 1000)
    path, out = str(tmp_path / "t.h5"), str(tmp_path / "res")
    rc = cli.main(["sweep", "--catalogue", "open3", "--size", "4095", "--big-size", "16383",
                   "--naive-size", "8191", "--budget", "40", "--scheduler",
                   cluster.scheduler_address, "--store", path, "--out", out, "--no-progress"])
    text = capsys.readouterr().out
    assert rc == 0, text
    assert "open3 pass 1: 4 open games to heap 4,095" in text
    # 4.344 is proved at pass 1 (p 51, n0 998: 2,101 values); 0.454 has a sparse space
    # (-> 16,384), 0.004 and 4!.0 (at 4,096 its rare heaps still come) have not (-> 8,192)
    assert "open3 pass 2: 3 open games to their targets (1 with a sparse space" in text
    # the budget (40 s at 1 s per 1,000 heaps): 16.4 s + 16.4 (sparse, x1) fits: 0.454 doubles
    # to 32,768; 8.2 s + 24.6 (naive, x3) fits: 0.004 and 4!.0 double to 16,384; then nothing
    assert "open3 pass 3: 3 open games doubled" in text and "open3 pass 4" not in text
    doc = json.loads((tmp_path / "res" / "octal_open_atlas.json").read_text())
    g = {e["code"]: e for e in doc["games"]}
    assert [e["code"] for e in doc["games"]] == CODES
    assert g["4.344"]["proved"] and (g["4.344"]["period"], g["4.344"]["preperiod"]) == (51, 998)
    assert g["0.454"]["computed_to"] == 1 << 15 and g["0.454"]["first_pass"]["sparse_space"]
    assert g["0.004"]["computed_to"] == 1 << 14 and not g["0.004"]["first_pass"]["sparse_space"]
    assert g["4!.0"]["source_frontier"] == 1 << 21 and g["4!.0"]["computed_to"] == 1 << 14
    v, _ = _values("0.454", 1 << 15)
    st = oc.sequence_stats(v)
    assert (g["0.454"]["checksum"], g["0.454"]["max_value"], g["0.454"]["zeros"]) == (
        st["checksum"], st["max_value"], st["zeros"])
    assert g["0.454"]["histogram"] == st["histograms"][15]
    assert g["0.454"]["histograms_binned"]["15"] == oc.power_bins(st["histograms"][15])
    assert oc.power_bins(list(range(10))) == [0, 1, 2 + 3, 4 + 5 + 6 + 7, 8 + 9]
    assert g["0.454"]["stats_from"] in ("engine", "values")
    md = (tmp_path / "res" / "octal_open_atlas.md").read_text()
    assert "| 4.344 | 51 | 998 | 35 | 2,101 |" in md                  # a finding
    assert "**4 games: 1 proved periodic here, 1 open with a sparse space, 2 open without" in md
    assert "| 4!.0 | 2^21 | 2^14 | open |" in md
    assert "tczajka/octal-games UnsolvedGames.md at commit 30baeb79f420" in md
    assert "**40 s per game**" in md
    assert (tmp_path / "res" / "figures" / "octal_open_atlas_values.png").exists()
    assert f"wrote {out}/octal_open_atlas.md" in text
    # rendered again from the JSON alone
    (tmp_path / "res" / "octal_open_atlas.md").unlink()
    oc.OPEN3.rewrite_report(out)
    assert (tmp_path / "res" / "octal_open_atlas.md").read_text().startswith(
        "# The open-game atlas")


def test_open3_sparse_games_climb_by_stored_doublings_within_the_step_limit(
        tmp_path, capsys, cluster, monkeypatch):
    from gtables import cli
    from gtables.store import Store
    _only(monkeypatch, ["0.454", "0.004"])
    monkeypatch.setattr(oc, "_seconds", lambda store, spec: (size_of(spec) + 1) / 1000)
    path, out = str(tmp_path / "t.h5"), str(tmp_path / "res")
    args = ["sweep", "--catalogue", "open3", "--size", "4095", "--big-size", "32767",
            "--naive-size", "8191", "--budget", "0", "--scheduler", cluster.scheduler_address,
            "--store", path, "--out", out, "--no-progress"]
    # 1 s per 1,000 heaps: 0.454 doubles from 4,096 (next doubling 4.1 s) to 8,192, whose next
    # doubling (8.2 s) is over the 6 s limit; 0.004 (naive) goes to its target at once
    assert cli.main(args + ["--step-limit", "6"]) == 0
    text = capsys.readouterr().out
    assert "open3 pass 2, step 1: 2 tables" in text and "step 2" not in text
    assert "0.454 stops at 8,192 values: its next doubling is estimated at 8 s" in text
    specs = {a["spec"] for a in Store(path).list()}
    assert {"octal:code=0.454,size=8191", "octal:code=0.004,size=8191"} <= specs
    assert not any(s.startswith("octal:code=0.454") and size_of(s) > 8191 for s in specs)
    md = (tmp_path / "res" / "octal_open_atlas.md").read_text()
    assert "**step limit of 6 s**" in md and "short of their pass-2 target** (0.454)" in md
    # without the limit the same command resumes the climb at 8,192: 16,384 then 32,768, each
    # stored (a checkpoint); the values equal a table computed in one go
    assert cli.main(args) == 0
    text = capsys.readouterr().out
    assert "open3 pass 2, step 1: 1 tables" in text and "step 2: 1 tables" in text
    st = Store(path)
    for n in (16383, 32767):
        assert f"octal:code=0.454,size={n}" in {a["spec"] for a in st.list()}
    v, _ = _values("0.454", 1 << 15)
    assert np.array_equal(st.get("octal:code=0.454,size=32767").load(), v)


def test_cli_offers_open3_and_its_options(capsys, tmp_path):
    from gtables import cli
    with pytest.raises(SystemExit):
        cli.main(["sweep", "--catalogue", "open3", "--help"])
    help_text = capsys.readouterr().out
    for words in ("open3", "--naive-size", "--budget", "octal_open_atlas.md"):
        assert words in help_text
    path = str(tmp_path / "t.h5")
    assert cli.main(["sweep", "--catalogue", "octal3", "--budget", "5", "--store", path]) == 2
    assert "--catalogue open3 only" in capsys.readouterr().err
    assert cli.main(["sweep", "--catalogue", "open3", "--budget", "-1", "--store", path]) == 2
    assert "--budget must be at least 0" in capsys.readouterr().err
    # the step limit: a positive, finite number of seconds, for open3 only; nothing is written
    for bad, words in ((["--step-limit", "0"], "--step-limit must be a positive finite"),
                       (["--step-limit", "-5"], "--step-limit must be a positive finite"),
                       (["--step-limit", "inf"], "--step-limit must be a positive finite"),
                       (["--budget", "inf"], "--budget must be at least 0 and finite")):
        assert cli.main(["sweep", "--catalogue", "open3", *bad, "--store", path]) == 2
        assert words in capsys.readouterr().err
    with pytest.raises(SystemExit) as e:          # argparse's own error: exit status 2
        cli.main(["sweep", "--catalogue", "open3", "--step-limit", "abc", "--store", path])
    assert e.value.code == 2 and "'abc' is not a number of seconds" in capsys.readouterr().err
    assert cli.main(["sweep", "--catalogue", "octal3", "--step-limit", "5", "--store", path]) == 2
    assert "--step-limit apply to --catalogue open3 only" in capsys.readouterr().err
    assert not (tmp_path / "t.h5").exists()


# -- the naive games the issue took further, and longer tables of another run -------------------


def test_0_04_and_0_06_have_a_further_naive_target():
    """Pass 2 takes 0.04 and 0.06 (no sparse space, the source's figures) four times as far as
    the other games without a sparse space: 2^22 values at the defaults."""
    assert oc.naive_target("0.04", oc.OPEN_NAIVE_SIZE) == (1 << 22) - 1
    assert oc.naive_target("0.06", 8191) == 32767
    for code in ("0.764", "4!.0", "4.007"):
        assert oc.naive_target(code, 8191) == 8191
    assert "0.007" not in open_codes()         # 0.04 shifted by one heap: not listed


def _game(code, n, proved=False, target=None):
    return {"code": code, "written": code, "source_frontier": None, "other_frontier": None,
            "proved": proved, "period": 51 if proved else None,
            "preperiod": 998 if proved else None, "computed_to": n, "table_size": n,
            "algorithm": "naive", "mask": None, "parity_bit": None, "rare_heaps": None,
            "last_rare": None, "max_value": 7, "max_at": 5, "zeros": 3, "checksum": 111,
            "stats_from": "engine", "histogram": [], "histograms_binned": {}, "seconds": 1.0,
            "next_doubling_seconds": None if proved else 3.0, "target": target,
            "first_pass": {"values": 4096, "algorithm": "naive", "rare_heaps": None,
                           "late_rare": None, "sparse_space": None if proved else False},
            "source_check": None}


def _run(code, values, checksum):
    return {"code": code, "values": values, "max_value": 99, "max_first_at": values - 3,
            "zeros": 4, "checksum": checksum, "command": f"python frontier.py --values {values}",
            "started": "2026-11-26T04:07:00+00:00", "wall_seconds": 12.5,
            "compute_seconds": 12.25, "threads": 2, "peak_rss_mib": 100.0,
            "loadavg_start": [1.0, 1.0, 1.0], "loadavg_end": [2.0, 2.0, 2.0]}


@pytest.mark.parametrize("longest", [1 << 15, 1 << 14])
def test_longer_tables_of_another_run_are_shown_and_cited(longest):
    """An open game another documented run took further is shown at that run's frontier, with
    its figures and its command, date, times, memory and load; the atlas's own table is cited
    beside it; a proved game and games the run does not cover keep their rows; a game still
    short of its per-game target is reported as not finished."""
    settings = {"size": 4095, "big_size": 16383, "naive_size": 8191, "budget_seconds": 0,
                "step_limit_seconds": 0, "rare_fraction": 0.01,
                "doubling_cost": {"sparse": 1.0, "naive": 3.0}, "naive_far_factor": 4}
    doc = {"written": "today", "store": "s", "run": {}, "failed": [], "source": "the list",
           "source_url": "u", "settings": settings, "codes": 3, "missing": 0,
           "games": [_game("0.04", 8192, target=32768), _game("4.344", 2101, proved=True),
                     _game("0.764", 8192, target=8192)]}
    runs = [_run("0.04", 1 << 14, 222), _run("0.04", longest, 333), _run("4.344", 1 << 15, 444),
            _run("0.06", 1 << 15, 555)]
    assert oc.add_longer_tables(doc, runs, "results/frontier.md") == ["0.04"]
    md = "\n".join(oc.OPEN3.render(doc, []))
    rows: dict = {}      # each game's first row: the table of every game
    for line in md.splitlines():
        if line.startswith(("| 0.", "| 4.")):
            rows.setdefault(line.split(" | ")[0][2:], line)
    after = "2^15" if longest == 1 << 15 else "2^14"
    checksum = 333 if longest == 1 << 15 else 222
    assert f"| 0.04 | - | {after} | open |" in rows["0.04"]
    assert f"| 99 ({longest - 3:,}) | 4 | {checksum} | 12.2 |" in rows["0.04"]
    assert "| 0.764 | - | 2^13 | open |" in rows["0.764"] and "| 111 |" in rows["0.764"]
    assert "| 444 |" not in md and "555" not in md
    assert (f"| 0.04 | {longest:,} | 2^13, checksum 111 | `python frontier.py --values "
            f"{longest}` (results/frontier.md) | 2026-11-26 04:07 | 12.5 | 12.2 | 2 | 100 | "
            f"1.00 / 2.00 | 99 ({longest - 3:,}) | 4 | {checksum} |") in md
    assert ("Not finished" in md) == (longest < 32768)
    assert "0.04 and 0.06 (the source gives their figures) to 32,768" in md
