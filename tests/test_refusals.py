"""A refusal costs nothing (issue 25): the time guard and the kernels' cost models, honest ETAs,
output paths and workers checked before any work, a report never overwritten by a run that
computed nothing, the Python API as careful as the CLI (one meaning of ``store=None``, types
checked at the boundary, read-only values), and a resumed table's own compute time.  The
corpus of scripts/bad_inputs.py runs every case through the real command
(tests/test_bad_inputs.py)."""
from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
import types

import numpy as np
import pytest

import gtables
from gtables import api
from gtables.engine import cost
from gtables.engine.game import split_spec
from gtables.engine.progress import Progress, eta_text
from gtables.errors import GtablesError


def one_error_line(r) -> str:
    lines = r.stderr.strip().splitlines()
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    assert len(lines) == 1 and lines[0].startswith("gtables: error: "), r.stderr
    return lines[0]


# -- the time guard ------------------------------------------------------------------------------

def test_decades_of_three_heap_splits_are_refused_with_the_estimate_and_the_flag():
    g = gtables.game("octal:code=0.B7,size=99999999")
    e = cost.estimate(g)
    assert e.unit == "triples" and e.work == pytest.approx(99999999 ** 3 / 36, rel=0.01)
    assert e.seconds > 100 * 365 * 86400                  # centuries, not "ETA 33 h"
    with pytest.raises(GtablesError, match=r"estimated to take .* years .*--ignore-time-limit"):
        cost.check_time(g)
    cost.check_time(g, ignore_time=True)                  # the flag overrides (nothing runs here)
    with pytest.raises(GtablesError, match="estimated to take"):
        gtables.compute("octal:code=0.B7,size=99999999", store=None)


def test_estimates_follow_each_kernel_and_stay_on_the_short_side():
    small = cost.estimate(gtables.game("octal:code=0.B7,size=3000"))
    double = cost.estimate(gtables.game("octal:code=0.B7,size=6000"))
    assert double.seconds / small.seconds == pytest.approx(8, rel=0.05)       # cubic work
    naive = cost.estimate(gtables.game("octal:code=0.6,size=100000"), algorithm="naive")
    twice = cost.estimate(gtables.game("octal:code=0.6,size=200000"), algorithm="naive")
    assert naive.unit == "pairs" and twice.seconds / naive.seconds == pytest.approx(4, rel=0.05)
    sparse = cost.estimate(gtables.game("octal:code=0.6,size=200000"))        # auto: sparse
    assert sparse.unit == "heaps" and sparse.seconds < naive.seconds
    assert cost.estimate(gtables.game("chips:rule=A,n=12")) is None          # its own fill
    assert cost.estimate(gtables.game("nim:heaps=2,size=2000")) is None       # Bouton's fill
    generic = dataclasses.replace(gtables.game("nim:heaps=2,size=2000"), fast_fill=None)
    nim = cost.estimate(generic)                                # the generic kernel's model
    assert nim.unit == "options" and 1e9 < nim.work < 1e10                   # measured 50 s
    # resumed: the heaps a prefix holds are not counted
    g = gtables.game("octal:code=0.B7,size=6000")
    assert cost.estimate(g, start=3000).seconds == pytest.approx(
        double.seconds - small.seconds, rel=0.01)


def test_the_limit_comes_from_the_environment(monkeypatch):
    g = gtables.game("octal:code=0.B7,size=3000")
    cost.check_time(g)
    monkeypatch.setenv("GTABLES_TIME_LIMIT", "0.01")
    with pytest.raises(GtablesError, match="past the time limit of 0.01 s"):
        cost.check_time(g)
    for bad in ("abc", "-1", "0", "nan", "inf"):
        monkeypatch.setenv("GTABLES_TIME_LIMIT", bad)
        with pytest.raises(GtablesError, match="GTABLES_TIME_LIMIT"):
            cost.check_time(g)


def test_a_stored_prefix_counts_as_done(tmp_path, monkeypatch):
    store = str(tmp_path / "t")
    gtables.compute("octal:code=0.B7,size=3000", store=store, progress=False)
    monkeypatch.setenv("GTABLES_TIME_LIMIT", "1.5")
    with pytest.raises(GtablesError, match="estimated to take"):       # from heap 0: 1.8 s
        gtables.compute("octal:code=0.B7,size=4000", store=None)
    with pytest.raises(GtablesError, match="estimated to take"):       # --no-resume / force
        gtables.compute("octal:code=0.B7,size=4000", store=store, resume=False)
    t = gtables.compute("octal:code=0.B7,size=4000", store=store, progress=False)
    assert t.attrs["extra"]["resumed_from"] == 3001


def test_algorithms_a_game_cannot_take_are_refused_before_anything(tmp_path, monkeypatch):
    from gtables import sweep
    monkeypatch.setattr(sweep, "_start", lambda *a, **k: pytest.fail("a cluster started"))
    path = str(tmp_path / "t")
    for specs, alg in ((["octal:code=0.B7,size=100", "octal:code=0.8,size=100"], "sparse"),
                       (["subtraction:allbut=2+3,size=100"], "sparse")):
        with pytest.raises(GtablesError, match="sparse"):
            sweep.run_sweep(specs, path, algorithm=alg, progress=False, echo=lambda s: None)
    with pytest.raises(GtablesError, match="estimated to take"):
        sweep.run_sweep(["octal:code=0.B7,size=99999999"], path, progress=False,
                        echo=lambda s: None)
    with pytest.raises(GtablesError, match="bad scheduler address"):
        sweep.run_sweep(["nim:heaps=2,size=3"], path, scheduler="nonsense", echo=lambda s: None)
    assert not os.path.exists(path)                     # the store was not even made


def test_eta_of_a_quadratic_kernel_is_honest():
    now = [0.0]
    bar = Progress(1000, "x", enabled=False, clock=lambda: now[0],
                   work=lambda lo, hi: (hi * hi - lo * lo) * 1e-6)
    now[0] = 10.0
    _, eta = bar._rate_eta(500, 10.0)       # half the heaps, a quarter of the work, in 10 s
    assert eta == pytest.approx(30.0)
    plain = Progress(1000, "x", enabled=False)
    assert plain._rate_eta(500, 10.0)[1] == pytest.approx(10.0)   # no model: linear
    assert eta_text(30) == "0:00:30" and eta_text(5 * 86400) == "5 days"
    assert eta_text(3e13).endswith("years")
    # the octal stepper's own model, as fill_sequence hands it to its bar
    stepper = gtables.game("octal:code=0.B7,size=10").sequence.stepper("auto")
    assert stepper.estimate(500, 1000).seconds == pytest.approx(
        7 * stepper.estimate(0, 500).seconds, rel=0.02)


def test_thresholds_check_every_first_search_step_at_once(monkeypatch):
    from gtables.engine import memory
    from gtables.games import endnim
    w = (300, 300)
    sim: dict = {}
    b = sum(w) + 2
    row = endnim.frame_cells(w[1:], w[0], 0, endnim.PARTIZAN_MODE, sim) + \
        endnim.frame_cells(w[1:], w[0], b, endnim.PARTIZAN_MODE, sim)
    both = row + endnim.frame_cells(w[:-1], b, w[-1], endnim.PARTIZAN_MODE, sim)
    assert both > row
    # room for the row's search alone, not for the row and the column together
    monkeypatch.setattr(memory, "available_memory",
                        lambda: int(8 * (row + both) / 2 / memory.MEMORY_FRACTION))
    monkeypatch.setattr(endnim, "row", lambda *a, **k: pytest.fail("the search started"))
    endnim._frames.clear()
    with pytest.raises(GtablesError, match="needs about"):
        endnim.thresholds(w)


# -- specs: one grammar, no empty items ----------------------------------------------------------

@pytest.mark.parametrize("spec", ["nim:heaps=2,,size=3", "nim:heaps=2,size=3,", ",nim:heaps=2",
                                  "nim:, heaps=2,size=3", "subtraction:allbut=,size=10",
                                  "subtraction:allbut= ,size=10"])
def test_empty_items_and_values_are_errors(spec):
    with pytest.raises(GtablesError):
        gtables.game(spec)


def test_what_stays_valid():
    assert split_spec("nim:") == ("nim", [])
    assert gtables.game(" nim:heaps=2, size=3 ").spec == "nim:heaps=2,size=3"
    assert gtables.game("subtraction:allbut={},size=10").spec == "subtraction:allbut={},size=10"


def test_an_unknown_family_names_where_its_rules_live():
    with pytest.raises(GtablesError, match=r"unknown family 'takek'.*heap_game.*your script"):
        gtables.game("takek:size=200")


# -- the Python API ------------------------------------------------------------------------------

@pytest.mark.parametrize("call,msg", [
    (lambda: gtables.compute(123), "a spec is a string"),
    (lambda: gtables.compute("nim:heaps=2,size=3", store=None, checkpoint_seconds="30"),
     "number of seconds"),
    (lambda: gtables.compute("nim:heaps=2,size=3", store=None, checkpoint_seconds=1e-300),
     "at least"),
    (lambda: gtables.compute("nim:heaps=2,size=3", store=None, force="no"), "True or False"),
    (lambda: gtables.compute("nim:heaps=2,size=3", store=None, algorithm="fast"), "one of"),
    (lambda: gtables.verify_claims(scale="huge"), "scale must be one of"),
    (lambda: gtables.verify_claims(names=[3]), "a claim name is a string"),
    (lambda: gtables.verify_claims(names=""), "empty claim name"),
    (lambda: gtables.register_family(None), "takes a gtables Family"),
    (lambda: gtables.load("nim:heaps=2,size=3", store=None), "store=None means none"),
    (lambda: api.check_store(store=None), "store=None means none"),
    (lambda: api.compute_bounded("octal:code=0.07,size=100000", "5000", store=None),
     "whole number"),
])
def test_api_misuse_is_a_gtables_error(call, msg):
    with pytest.raises(GtablesError, match=msg):
        call()


def test_store_123_makes_no_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(GtablesError, match="store= takes a path"):
        gtables.compute("nim:heaps=2,size=3", store=123)
    assert os.listdir(tmp_path) == []


def test_store_none_means_memory_everywhere(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("GTABLES_STORE", str(tmp_path / "default"))
    t = gtables.compute("nim:heaps=2,size=3", store=None)
    assert t.stored is None and not os.path.exists(tmp_path / "default")
    gtables.compute("nim:heaps=2,size=3")                # left out: the default store
    assert gtables.load("nim:heaps=2,size=3").value("1,2") == 3
    with pytest.raises(GtablesError, match="store=None"):
        gtables.load("nim:heaps=2,size=3", store=None)


def test_values_are_read_only(tmp_path):
    store = str(tmp_path / "t")
    for t in (gtables.compute("nim:heaps=2,size=3", store=None),
              gtables.compute("nim:heaps=2,size=3", store=store),
              gtables.load("nim:heaps=2,size=3", store=store)):
        assert not t.values.flags.writeable and not t.array().flags.writeable
        with pytest.raises(ValueError, match="read-only"):
            t.values[0] = 7
        assert t.value("0,0") == 0
        mine = t.values.copy()
        mine[0] = 7                                     # a copy is the caller's own


def test_claim_names_as_a_string_are_one_name():
    from gtables.reproduce import claim_names
    from gtables.verify.runner import all_claims, select
    assert claim_names("001.B.options") == ["001.B.options"]
    claims = all_claims("small")
    one = select(claims, "001.B.options")
    assert [c.name for c in one] == [c.name for c in select(claims, ["001.B.options"])]
    assert len(one) < 5


def test_a_run_that_computed_nothing_writes_no_report(tmp_path):
    from gtables.reproduce import refuse_empty_report
    err = types.SimpleNamespace(status="ERROR", name="x.y", domain="cannot write")
    ok = types.SimpleNamespace(status="HOLDS", name="x.z", domain="n <= 5")
    with pytest.raises(GtablesError, match="left as it was"):
        refuse_empty_report([err, err], str(tmp_path))
    refuse_empty_report([err, ok], str(tmp_path))       # something computed: written as usual


# -- resumed tables: their own compute time -------------------------------------------------------

def test_a_table_resumed_from_a_larger_one_takes_its_share_of_the_time(tmp_path):
    store = str(tmp_path / "t")
    big = gtables.compute("octal:code=0.77,size=20000", store=store, progress=False)
    small = gtables.compute("octal:code=0.77,size=1999", store=store, progress=False)
    x = small.attrs["extra"]
    assert x["resumed_from"] == 2000
    share = big.attrs["compute_seconds"] * 2000 / 20001
    assert x["prior_seconds"] == pytest.approx(share, rel=1e-3, abs=1e-5)
    assert small.attrs["compute_seconds"] < big.attrs["compute_seconds"] / 5


# -- the command line ----------------------------------------------------------------------------

def test_out_paths_are_checked_before_any_claim(cli, tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("mine\n")
    store = str(tmp_path / "t")
    for out, msg in ((str(notes), "is a file"), ("", "not a directory path"),
                     ("/proc/x", "cannot take the report"), (str(notes / "sub"), "is a file")):
        assert msg in one_error_line(cli("verify", "001.B", "--out", out, store=store))
        assert msg in one_error_line(cli("reproduce", "--scale", "small", "--out", out,
                                         store=store))
    assert notes.read_text() == "mine\n" and not os.path.exists(store)
    from gtables.cli import _out_dir
    deep = tmp_path / "a" / "b"
    assert _out_dir(str(deep)) == str(deep) and not (tmp_path / "a").exists()   # probe only


def test_workers_are_bounded_by_the_machine():
    from gtables.cli import MAX_WORKERS, _workers
    cores = os.cpu_count() or 1

    def args(w, t=1, over=False):
        return types.SimpleNamespace(workers=w, threads_per_worker=t, oversubscribe=over)
    assert _workers(args(None), 1) == 1 and _workers(args(cores), 1) == cores
    for w, msg in ((0, "at least 1"), (10 ** 20, "at most"), (MAX_WORKERS + 1, "at most"),
                   (cores + 1, r"core\(s\)")):
        with pytest.raises(GtablesError, match=msg):
            _workers(args(w), 1)
    assert _workers(args(cores + 1, over=True), 1) == cores + 1


def test_keep_and_window_follow_the_integer_rule(cli, tmp_path):
    store = str(tmp_path / "t")
    for bad in ("1_000", "+20", "\u0661\u0662", "1,000"):
        r = cli("compute", "octal:code=0.07,size=100000", "--keep", bad, store=store)
        assert r.returncode == 2 and "Traceback" not in r.stderr
    line = one_error_line(cli("compute", "octal:code=0.07,size=50", "--window", "5", store=store))
    assert "--window goes with --keep" in line
    assert not os.path.exists(store)


def test_environment_numba_cannot_start_in_is_one_line(cli, tmp_path):
    for v in ("0", "-1", "abc"):
        line = one_error_line(cli("compute", "nim:heaps=2,size=3", "--no-store",
                                  env={"NUMBA_NUM_THREADS": v}))
        assert "NUMBA_NUM_THREADS" in line


def test_an_unwritable_kernel_cache_is_one_warning(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_CACHE_DIR",)}
    env["GTABLES_CACHE_DIR"] = "/proc/gtables-no-cache"
    r = subprocess.run([sys.executable, "-m", "gtables.cli", "compute", "nim:heaps=2,size=3",
                        "--no-store"], capture_output=True, text=True, env=env, timeout=600)
    assert r.returncode == 0, r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("gtables: warning: the numba cache "
                                                   "directory"), r.stderr


def test_the_guard_changes_no_value():
    t = gtables.compute("octal:code=0.B7,size=300", store=None, progress=False)
    u = gtables.compute("octal:code=0.B7,size=300", store=None, ignore_time=True)
    assert t.values.size == 301 and np.array_equal(t.values, u.values)


# -- the newcomer's list (issue 40) ------------------------------------------------------------------
@pytest.mark.parametrize("argv", [["nim:heaps=2,size=5"], ["nim:heaps=2,size=5", "3,4",
                                                           "--method", "reachable"],
                                  ["octal:code=0.07,size=50"]])
def test_solve_on_a_family_the_search_does_not_serve_says_so(argv, tmp_path):
    r = subprocess.run([sys.executable, "-m", "gtables.cli", "solve", *argv, "--store",
                        str(tmp_path / "s")], capture_output=True, text=True)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.count("\n") == 1 and "reachable search serves" in r.stderr
    assert "from the whole table" in r.stderr


def test_defining_a_name_that_exists_says_how_to_replace_it():
    from gtables.engine.kernels import movegen

    @movegen
    def nothing(pos, side, params, out):
        return 0
    with pytest.raises(gtables.GtablesError, match="gtables ships it"):
        gtables.define_game("cram", space="board", moves=nothing, max_options=1)
    name = "test_refusals_twice"
    gtables.define_game(name, space="integers", moves=nothing, max_options=1)
    with pytest.raises(gtables.GtablesError, match="replace=True"):
        gtables.define_game(name, space="integers", moves=nothing, max_options=1)
    gtables.define_game(name, space="integers", moves=nothing, max_options=1, replace=True)
    gtables.games._families.pop(name)       # later files hold the registry to the shipped one


def _minus_one(n):
    return n - 1


def helper_moves(pos, side, params, out):      # calls a plain-Python helper: numba cannot
    if pos > 0:
        out[0] = _minus_one(pos)
        return 1
    return 0


def helper_options(n, out):
    if n > 0:
        out[0] = _minus_one(n)
        out[1] = 0
        return 1
    return 0


def test_a_plain_python_helper_keeps_numbas_useful_line():
    """numba's first line ("Failed in nopython mode pipeline") says nothing: the one-line error
    keeps the line that does ("Untyped global name '_minus_one'") and says what to do."""
    for define in (lambda: gtables.define_game("test_refusals_helper", space="integers",
                                               moves=helper_moves, max_options=1),
                   lambda: gtables.heap_game("test_refusals_helper", helper_options,
                                             max_options=1)):
        with pytest.raises(GtablesError) as e:
            define()
        text = str(e.value)
        assert "\n" not in text and "Failed in" not in text, text
        assert "Untyped global name '_minus_one'" in text and "must be jitted" in text, text
    assert "test_refusals_helper" not in gtables.games.families()
