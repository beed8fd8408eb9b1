"""Issue 34, "the newcomer's list": each thing a new user met that ended in a traceback, waited,
or was quietly misread, now a one-line refusal or a correct answer.  Each test fails on the
behaviour the issue reported."""
from __future__ import annotations

import socket
import time

import numpy as np
import pytest

import gtables
from gtables import cli, sweep
from gtables.errors import GtablesError


def _one_line_refusal(capsys, argv, *words):
    """``gtables ARGV`` in this process: exit 2 and one ``gtables: error:`` line with ``words``."""
    assert cli.main(list(argv)) == 2
    err = capsys.readouterr().err
    assert err.startswith("gtables: error: ") and len(err.strip().splitlines()) == 1, err
    for w in words:
        assert w in err, err
    return err


# -- sweep -------------------------------------------------------------------------------------

def test_sweep_refuses_a_catalogue_and_patterns_together(tmp_path, capsys, monkeypatch):
    # was: the pattern was swept, then the 511-game catalogue started (hours)
    monkeypatch.setattr(sweep, "_start", lambda *a, **k: pytest.fail("a cluster started"))
    path = tmp_path / "t"
    _one_line_refusal(capsys, ["sweep", "--catalogue", "octal3", "nim:heaps=1,size=3",
                               "--store", str(path)], "not both")
    assert not path.exists()


def _dead_port() -> int:
    """A loopback port nobody listens on (bound, then closed)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_sweep_to_a_dead_scheduler_is_refused_at_once_and_makes_no_store(tmp_path, capsys,
                                                                          monkeypatch):
    # was: a Client retried for 33 s, after the store was made
    monkeypatch.setattr(sweep, "_start", lambda *a, **k: pytest.fail("a client started"))
    path = tmp_path / "t"
    address = f"tcp://127.0.0.1:{_dead_port()}"
    _one_line_refusal(capsys, ["sweep", "nim:heaps=1,size=3", "--scheduler", address,
                               "--store", str(path)], "cannot connect to the Dask scheduler")
    assert not path.exists()
    t0 = time.perf_counter()      # the check itself (the command also loads the kernels)
    with pytest.raises(GtablesError, match="cannot connect"):
        sweep.check_scheduler(address)
    assert time.perf_counter() - t0 < sweep.SCHEDULER_PROBE_SECONDS + 2


def test_a_listener_that_is_no_scheduler_is_refused_quickly():
    # something accepts the connection but never speaks Dask: refused within the probe timeout
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        t0 = time.perf_counter()
        with pytest.raises(GtablesError, match="no Dask scheduler answers"):
            sweep.check_scheduler(f"tcp://127.0.0.1:{s.getsockname()[1]}")
        assert time.perf_counter() - t0 < sweep.SCHEDULER_PROBE_SECONDS + 5


# -- the Python API ----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def dawson():
    return gtables.compute("octal:code=0.07,size=100", store=None)


def test_checkpoint_seconds_past_float_range_is_refused():
    # was: OverflowError from float(10**400)
    with pytest.raises(GtablesError, match="checkpoint_seconds must be a positive finite"):
        gtables.compute("octal:code=0.07,size=50", store=None, checkpoint_seconds=10**400)


@pytest.mark.parametrize("bad, words", [("x", "whole number"), (-5, "at least 1"),
                                        (0, "at least 1"), (2.5, "whole number")])
def test_periodicity_max_period_is_checked(dawson, bad, words):
    # was: a TypeError for 'x', None (no period) for -5
    with pytest.raises(GtablesError, match=words):
        dawson.periodicity(max_period=bad)


def test_plot_ax_must_be_an_axes(dawson):
    pytest.importorskip("matplotlib")
    with pytest.raises(GtablesError, match="ax must be a matplotlib Axes"):
        dawson.plot(ax="str")


@pytest.mark.parametrize("bad", [3.0, True, np.float64(3), np.bool_(True)])
def test_a_position_is_not_a_float_or_a_bool(dawson, bad):
    # was: value(3.0) read heap 3 and value(True) heap 1
    with pytest.raises(GtablesError, match="must be integers .a position is an int"):
        dawson.value(bad)


def test_a_position_of_several_numbers_has_int_entries():
    nim = gtables.compute("nim:heaps=2,size=5", store=None)
    for bad in ([1, 2.0], (True, 1)):
        with pytest.raises(GtablesError, match="must be integers"):
            nim.value(bad)
    with pytest.raises(GtablesError, match="must be integers"):
        nim.lookup(np.array([[1.0, 2.0]]))
    assert nim.value([1, 2]) == 3 and nim.value(np.array([1, 2])) == 3
    assert nim.lookup([[1, 2], [3, 4]]).tolist() == [3, 7]


def test_to_pandas_text_is_a_flag(dawson):
    # checked before pandas is needed: refused with or without the notebook extras
    with pytest.raises(GtablesError, match="text must be True or False"):
        dawson.to_pandas(text="yes")


def test_export_of_no_tables_is_refused(tmp_path):
    # was: an empty export file written
    to = tmp_path / "x.h5"
    with pytest.raises(GtablesError, match="at least one spec"):
        gtables.export_tables([], str(to), store=str(tmp_path / "t"))
    assert not to.exists() and not (tmp_path / "t").exists()


def test_readme_functions_are_in_the_top_level_package():
    # was: AttributeError for each
    for name in ("export_tables", "import_tables", "check_store"):
        assert callable(getattr(gtables, name)) and name in gtables.__all__


# -- query: what a missing table does ----------------------------------------------------------

def test_query_of_a_missing_table_does_what_readme_and_help_say(tmp_path, capsys):
    # was: the README listed "a table missing from the store" as an error while query computed
    # it; now both say: computed and stored up to 2^22 positions, refused past that
    import pathlib
    # (the README's paragraph on bad input is now docs/limits.md)
    limits = (pathlib.Path(__file__).resolve().parents[1] / "docs" / "limits.md").read_text()
    assert "compute and store a missing table of at most 2^22 positions" in " ".join(limits.split())
    with pytest.raises(SystemExit):
        cli.main(["query", "--help"])
    assert "at most 2^22 (4,194,304) positions" in " ".join(capsys.readouterr().out.split())
    path = str(tmp_path / "t")
    assert cli.main(["query", "octal:code=0.07,size=100", "7", "--store", path]) == 0
    assert "Grundy value 1" in capsys.readouterr().out
    assert "octal:code=0.07,size=100" in gtables.open_store(path)
    _one_line_refusal(capsys, ["query", "octal:code=0.07,size=9999999", "7", "--store", path],
                      "more than a lookup computes", "gtables compute")


# -- lenient parsing that hid mistakes ---------------------------------------------------------

@pytest.mark.parametrize("value", ["{{1}}", "{{1,2}}", "{1,2", "1}", "({1})"])
def test_a_set_takes_one_pair_of_braces(value):
    # was: set={{1}} read as set=1
    with pytest.raises(GtablesError, match="one pair of braces"):
        gtables.game(f"subtraction:set={value},size=10")
    with pytest.raises(GtablesError, match="one pair of braces"):
        gtables.game("subtraction:allbut={{}},size=10")
    assert gtables.game("subtraction:set={1,4,5},size=10").spec == "subtraction:set=1+4-5,size=10"
    assert gtables.game("subtraction:allbut={},size=10").spec == "subtraction:allbut={},size=10"


def test_stripes_refuses_a_smaller_amount_given_twice():
    # was: a=5,b=5,c=8 stored as a=5,b=8,c=8 without a word; the one spelling of a game of two
    # amounts (the largest repeated) is still read, and order is still free
    with pytest.raises(GtablesError, match=r"amount 5 is given twice.*a=5,b=8,c=8"):
        gtables.game("stripes:a=5,b=5,c=8,size=50")
    with pytest.raises(GtablesError, match="amount 1 is given twice"):
        gtables.game("stripes:a=5,b=1,c=1,size=50")
    assert gtables.game("stripes:a=8,b=5,c=8,size=50").spec == "stripes:a=5,b=8,c=8,size=50"
    assert gtables.game("stripes:a=8,b=5,c=1,size=50").spec == "stripes:a=1,b=5,c=8,size=50"
    assert gtables.game("stripes:a=5,b=5,c=5,size=50").spec == "stripes:a=5,b=5,c=5,size=50"


def test_quiet_and_progress_together_are_refused(capsys):
    _one_line_refusal(capsys, ["compute", "nim:heaps=1,size=3", "--no-store", "--quiet",
                               "--progress"], "--quiet and --progress")


@pytest.mark.parametrize("text", ["\u0663\u0660", "\uff13\uff10", "1_000"])
def test_time_limit_env_takes_ascii_digits_only(capsys, monkeypatch, text):
    # was: float() read Arabic-Indic and full-width digits (and 1_000) as a limit
    monkeypatch.setenv("GTABLES_TIME_LIMIT", text)
    _one_line_refusal(capsys, ["compute", "nim:heaps=1,size=3", "--no-store"],
                      "GTABLES_TIME_LIMIT", "ASCII digits")


def test_quotient_check_total_zero_is_refused(tmp_path, capsys):
    # was: "checked against ... on all 1 sums of total <= 0: agrees" (the empty sum)
    path = tmp_path / "t"
    _one_line_refusal(capsys, ["quotient", "octal:code=0.75", "--heaps", "5", "--check-total",
                               "0", "--store", str(path)], "check_total must be an integer 1..200")
    assert not path.exists()


# -- the corpus of bad inputs ------------------------------------------------------------------

def test_the_newcomers_cases_in_the_corpus_are_refused_in_one_line(tmp_path):
    from test_bad_inputs import _corpus
    b = _corpus()
    chosen = [c for c in b.cases() if c.group == "newcomer"
              or (c.python and c.python in b.NEWCOMER_API)
              or dict(c.env).get("GTABLES_TIME_LIMIT") in {v for v, _ in b.NEWCOMER_ENV}]
    assert len(chosen) == len(b.NEWCOMER) + len(b.NEWCOMER_API) + len(b.NEWCOMER_ENV)
    rows = b.run_corpus(str(tmp_path), chosen)
    bad = [(r.args, r.exit_code, r.first_line, r.why) for r in rows if r.verdict != "pass"]
    assert not bad, bad


def test_help_says_which_path_is_a_directory_and_which_a_file(capsys):
    # was: --store x.h5 made a directory, export --to x.h5 a file, and no help said so
    with pytest.raises(SystemExit):
        cli.main(["export", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "--store x.h5 makes a directory x.h5" in out
    assert "one HDF5 file, not a directory" in out


def test_the_empty_position_is_written_the_same_in_every_family(capsys):
    # was: {} in chips and sums of heaps, but only - in End-Nim ({} an error there)
    s = gtables.compute("endnim:mode=partizan,len=3,max=3", store=None)
    assert s.index("{}") == s.index("-") == s.index("") == s.index("empty") == 0
    chips = gtables.compute("chips:rule=A,n=6", store=None)
    assert chips.index("{}") == chips.index("-")
    with pytest.raises(SystemExit):
        cli.main(["query", "--help"])
    assert "as {} or -" in " ".join(capsys.readouterr().out.split())


def test_verify_leaves_no_untracked_file_in_a_checkout():
    # was: results/verify.md and verify.json (verify's default --out) untracked after a run
    import pathlib
    import shutil
    import subprocess
    root = pathlib.Path(__file__).resolve().parents[1]
    if shutil.which("git") is None or not (root / ".git").exists():
        pytest.skip("not a git checkout")
    assert cli.build_parser().parse_args(["verify"]).out == "results"
    r = subprocess.run(["git", "check-ignore", "results/verify.md", "results/verify.json"],
                       cwd=root, capture_output=True, text=True)
    assert r.stdout.split() == ["results/verify.md", "results/verify.json"], r


def test_the_report_opens_with_a_three_line_summary():
    # was: REPORT.md began with its preamble; the counts came after a screen of text
    from gtables.verify import report
    from gtables.verify.claims import Verdict

    def v(name, status):
        return Verdict(name, "s", "a statement", status, "n <= 9", 10, ())
    vs = [v("001.B.1", "HOLDS"), v("001.B.2", "FAILS"), v("001.B.3", "REFUTED"),
          v("002.A", "OPEN"), v("000.C", "PROVED"), v("000.D", "HOLDS")]
    lines = report.index_page(vs, {"t": 1}, report.run_meta("small"), "title", intro="intro") \
        .splitlines()
    assert lines[:2] == ["# title", ""] and lines[5] == "" and lines[6] == "intro"
    head = lines[2:5]
    assert head[0] == ("- **6 claims** from 3 sources, on 1 table: 2 hold, 1 proved, 2 refuted, "
                       "1 open.")
    assert head[1].startswith("- Refuted: 2 in [") and "(report/001.md)" in head[1]
    assert head[2].startswith("- Open: 1 in [") and "(report/002.md)" in head[2]
    none = report.summary_lines([v("000.C", "PROVED")], {})
    assert none[1:] == ["- Refuted: none.", "- Open: none."]
