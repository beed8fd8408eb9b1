"""`gtables sweep`: grid patterns, and tables computed as tasks on a real Dask cluster
(worker processes on 127.0.0.1), published by the workers when they see the sweep's store (by
its id), by the client otherwise."""
import operator

import numpy as np
import pytest

distributed = pytest.importorskip("distributed")

from gtables import api, cli, sweep  # noqa: E402
from gtables.errors import GtablesError  # noqa: E402
from gtables.store import Store  # noqa: E402

OCTAL = "octal:code=0.07|0.77|0.137,size=300"
NIM = "nim:heaps=2,size=4|6"


@pytest.fixture(scope="module")
def cluster():
    """One 2-worker cluster for the module (start-up costs a few seconds)."""
    # the scheduler's HTTP server on a free port: 8787 may be taken (by run_sweep's own cluster)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  host="127.0.0.1", dashboard_address=None,
                                  scheduler_kwargs={"dashboard_address": "127.0.0.1:0"}) as c:
        yield c


@pytest.fixture(scope="module")
def expected():
    """Reference tables computed in this process (this also fills numba's on-disk cache
    before the workers need it)."""
    cache = {}

    def get(spec):
        if spec not in cache:
            cache[spec] = api.compute(spec, store=None).values
        return cache[spec]
    return get


# -- grid patterns ------------------------------------------------------------------------------

def test_expand_alternatives_are_canonical_and_ordered():
    assert sweep.expand("octal:code=0.07|.77|0.137,size=1000") == [
        "octal:code=0.07,size=1000", "octal:code=0.77,size=1000", "octal:code=0.137,size=1000"]


def test_expand_ranges_and_steps():
    assert sweep.expand("nim:heaps=2..3,size=8|16") == [
        "nim:heaps=2,size=8", "nim:heaps=2,size=16", "nim:heaps=3,size=8", "nim:heaps=3,size=16"]
    assert sweep.expand("octal:code=0.07,size=100..300..100") == [
        f"octal:code=0.07,size={n}" for n in (100, 200, 300)]
    # the step need not land on hi; alternatives and ranges mix
    assert sweep.expand("nim:heaps=1,size=1..6..2|10") == [
        f"nim:heaps=1,size={n}" for n in (1, 3, 5, 10)]


def test_expand_leaves_sets_untouched():
    for spec in ("subtraction:set={1,2,5},size=20", "subtraction:set=1-3+7,size=20",
                 "endnim_row:mode=impartial,prefix=(1,4),size=10"):
        assert sweep.expand(spec) == [api.game(spec).spec]
    assert sweep.expand("subtraction:set={1,2,5}|1-3+7|{1,4},size=20") == [
        api.game(f"subtraction:set={s},size=20").spec for s in ("{1,2,5}", "1-3+7", "{1,4}")]


def test_expand_removes_duplicates():
    assert sweep.expand("octal:code=0.07|.07,size=50") == ["octal:code=0.07,size=50"]
    assert sweep.expand("nim:heaps=2,size=4..6|5|4") == [
        f"nim:heaps=2,size={n}" for n in (4, 5, 6)]


@pytest.mark.parametrize("pattern,msg", [
    ("octal:code=0.07|0.0G,size=10", "0.0G"),
    ("chess:size=3|4", "unknown family"),
    ("nim:heaps=2,size=5..3", "empty range"),
    ("nim:heaps=2,size=1..5..0", "step"),
    ("nim:heaps=2,size=4||5", "empty alternative"),
    ("nim:heaps=1,size=1..1000000", "more than"),
    ("nim:heaps=1..2,size=1..60000", "at most"),
])
def test_expand_rejects_bad_patterns(pattern, msg):
    with pytest.raises(GtablesError, match=msg):
        sweep.expand(pattern)


# -- rows and the summary -----------------------------------------------------------------------

def test_record_turns_an_exception_into_a_failed_row(tmp_path):
    store = Store(str(tmp_path / "t"))
    row = sweep._record(store, "nim:heaps=2,size=4", error=GtablesError("too big\nsecond line"))
    assert (row.status, row.error, row.max_value) == ("failed", "too big", None)
    row = sweep._record(store, "nim:heaps=2,size=4", error=ZeroDivisionError("division by zero"))
    assert row.error == "ZeroDivisionError: division by zero"
    assert "nim:heaps=2,size=4" not in store


def test_a_worker_publishes_into_the_same_store_only(tmp_path):
    """The task publishes the table itself when the store at the path it is given is the
    sweep's (same id) and sends back attributes only; otherwise (another store under that path,
    or none) it sends the values and publishes nothing."""
    spec = "nim:heaps=2,size=5"
    want = api.compute(spec, store=None).values
    store = Store(str(tmp_path / "t"))
    store.check_writable()                      # made now: it has its id
    out = sweep._compute_table(spec, False, "auto", None, 0.0, store.root, store.id, "")
    assert out["stored"] and "values" not in out and out["attrs"]["spec"] == spec
    np.testing.assert_array_equal(store.get(spec).load(), want)
    row = sweep._record(store, spec, out)
    assert (row.status, row.max_value) == ("computed", int(want.max()))
    other = Store(str(tmp_path / "other"))
    other.check_writable()
    spec2 = "nim:heaps=2,size=6"
    for path, sid in ((other.root, store.id), (str(tmp_path / "none"), store.id),
                      (store.root, None)):
        out = sweep._compute_table(spec2, False, "auto", None, 0.0, path, sid, "")
        assert not out.get("stored") and out["values"].size == 49
    assert spec2 not in store and spec2 not in other and not (tmp_path / "none").exists()
    row = sweep._record(store, spec2, out)               # the client publishes it
    assert row.status == "computed" and spec2 in store


def test_summary_table():
    rows = [sweep.SweepRow("octal:code=0.77,size=300", "computed", 1.25, "tcp://127.0.0.1:1",
                           max_value=8, period=12, preperiod=71, computed_to=168),
            sweep.SweepRow("nim:heaps=2,size=4", "stored", max_value=7),
            sweep.SweepRow("nim:heaps=4,size=1000000", "failed", error="needs about 1 TiB")]
    text = sweep.summary_table(rows, wall_seconds=3.0)
    lines = text.splitlines()
    assert lines[0].split() == ["spec", "status", "seconds", "max", "period/pre", "computed_to"]
    assert lines[2].split() == ["octal:code=0.77,size=300", "computed", "1.250", "8", "12/71",
                                "168"]
    assert lines[3].split() == ["nim:heaps=2,size=4", "stored", "-", "7", "-", "-"]
    assert "error: needs about 1 TiB" in lines[5]
    assert lines[-1] == ("1 computed and stored, 1 already stored, 1 failed; compute 1.2 s in "
                         "tasks; wall 3.0 s")
    assert "wall" not in sweep.summary_table(rows).splitlines()[-1]


# -- real clusters ------------------------------------------------------------------------------

def test_sweep_on_its_own_local_cluster(tmp_path, expected, cluster, monkeypatch):
    specs = sweep.expand(OCTAL) + sweep.expand(NIM)
    want = {s: expected(s) for s in specs}
    path = str(tmp_path / "t")
    said = []
    rows = sweep.run_sweep(specs, path, workers=2, progress=False, echo=said.append)
    assert [r.spec for r in rows] == specs
    assert [r.status for r in rows] == ["computed"] * 5, [r.error for r in rows]
    store = Store(path)
    for r in rows:
        got = store.get(r.spec).load()
        np.testing.assert_array_equal(got, want[r.spec])
        assert r.max_value == int(want[r.spec].max())
        assert r.worker.startswith("tcp://127.0.0.1:")
        assert r.computed_to == (301 if r.spec.startswith("octal") else None)
    assert any("local cluster of 2" in s for s in said)

    # a second run finds everything stored and starts no cluster
    def no_cluster(*a, **k):
        raise AssertionError("a cluster was started although every table is stored")
    monkeypatch.setattr(sweep, "_start", no_cluster)
    again = sweep.run_sweep(specs, path, progress=False, echo=said.append)
    assert [r.status for r in again] == ["stored"] * 5
    assert [(r.max_value, r.computed_to, r.seconds) for r in again] == \
           [(r.max_value, r.computed_to, 0.0) for r in rows]
    monkeypatch.undo()

    # a larger table of a stored octal game resumes from the stored one (read by the client)
    bigger = "octal:code=0.07,size=400"
    [row] = sweep.run_sweep([bigger], path, scheduler=cluster.scheduler_address,
                            progress=False, echo=said.append)
    assert row.status == "computed" and row.extra["resumed_from"] == 301
    assert "octal:code=0.07,size=300" in row.extra["resumed_from_source"]
    np.testing.assert_array_equal(store.get(bigger).load(), expected(bigger))


def test_until_periodic_rows_carry_the_proved_period(tmp_path, expected, cluster):
    specs = sweep.expand(OCTAL) + ["nim:heaps=2,size=4"]
    path = str(tmp_path / "t")
    rows = {r.spec: r for r in sweep.run_sweep(specs, path, scheduler=cluster.scheduler_address,
                                               until_periodic=True, progress=False,
                                               echo=lambda s: None)}
    assert all(r.status == "computed" for r in rows.values()), rows
    k, dk = rows["octal:code=0.77,size=300"], rows["octal:code=0.07,size=300"]
    assert (k.period, k.preperiod) == (12, 71)
    assert (dk.period, dk.preperiod) == (34, 53)
    assert k.computed_to < 301 and k.extra["filled_by_period"]
    assert rows["nim:heaps=2,size=4"].period is None  # until_periodic does not apply to Nim
    store = Store(path)
    for spec in specs:
        np.testing.assert_array_equal(store.get(spec).load(), expected(spec))
    # the stored rows of a re-run still carry the period
    again = {r.spec: r for r in sweep.run_sweep(specs, path, progress=False, echo=lambda s: None)}
    assert (again["octal:code=0.77,size=300"].status, again["octal:code=0.77,size=300"].period,
            again["octal:code=0.77,size=300"].preperiod) == ("stored", 12, 71)


def test_a_failing_task_does_not_stop_the_others(tmp_path, cluster):
    # validates in the client (and within the time limit there), fails in the worker (its
    # memory check)
    too_big, fine = "subtraction:set=1,size=1000000,heaps=2", "nim:heaps=2,size=5"
    path = str(tmp_path / "t")
    rows = sweep.run_sweep([too_big, fine], path, scheduler=cluster.scheduler_address,
                           progress=False, echo=lambda s: None)
    assert [r.status for r in rows] == ["failed", "computed"]
    assert "needs about" in rows[0].error and "\n" not in rows[0].error
    assert rows[0].worker.startswith("tcp://127.0.0.1:")
    store = Store(path)
    assert too_big not in store and fine in store


def test_an_exception_in_a_worker_becomes_a_failed_row(tmp_path, cluster):
    good, bad = "nim:heaps=2,size=3", "nim:heaps=2,size=2"
    store = Store(str(tmp_path / "t"))
    with distributed.Client(cluster, set_as_default=False) as client:
        ok = client.submit(sweep._compute_table, good, False, "auto", None, pure=False)
        boom = client.submit(operator.truediv, 1, 0, pure=False)  # raises on the worker
        pending = {ok.key: (ok, good, ""), boom.key: (boom, bad, "")}
        rows = {}
        sweep._collect(client, pending, store, rows, sweep._Counter(2, enabled=False))
    assert pending == {}
    assert rows[bad].status == "failed" and rows[bad].error == "ZeroDivisionError: division by zero"
    assert rows[good].status == "computed"
    assert good in store and bad not in store


def test_invalid_specs_fail_before_any_cluster(tmp_path, monkeypatch):
    def no_cluster(*a, **k):
        raise AssertionError("a cluster was started for an invalid sweep")
    monkeypatch.setattr(sweep, "_start", no_cluster)
    with pytest.raises(GtablesError, match="0.0G"):
        sweep.run_sweep(["nim:heaps=2,size=4", "octal:code=0.0G,size=10"],
                        str(tmp_path / "t"), progress=False)
    with pytest.raises(GtablesError, match="algorithm"):
        sweep.run_sweep(["nim:heaps=2,size=4"], str(tmp_path / "t"), algorithm="fast")


# -- the command --------------------------------------------------------------------------------

def test_cli_sweep_on_a_given_scheduler(cli, tmp_path, expected, cluster):
    path = str(tmp_path / "t")
    patterns = ("octal:code=0.07|0.77,size=200", "nim:heaps=2,size=4")
    opts = ("--until-periodic", "--scheduler", cluster.scheduler_address, "--store", path,
            "--no-progress")
    r = cli("sweep", *patterns, *opts)
    assert r.returncode == 0, r.stderr
    assert cluster.scheduler_address in r.stdout
    out = {line.split()[0]: line.split() for line in r.stdout.splitlines() if line.strip()}
    assert out["octal:code=0.07,size=200"][1:2] + out["octal:code=0.07,size=200"][4:5] == \
           ["computed", "34/53"]
    assert out["octal:code=0.77,size=200"][4] == "12/71"
    assert "3 computed and stored, 0 already stored, 0 failed" in r.stdout
    store = Store(path)
    for spec in ("octal:code=0.07,size=200", "octal:code=0.77,size=200", "nim:heaps=2,size=4"):
        np.testing.assert_array_equal(store.get(spec).load(), expected(spec))

    # again, with one table that fails on its worker: the stored ones are skipped, exit 1
    r = cli("sweep", *patterns, "subtraction:set=1,size=1000000,heaps=2", *opts)
    assert r.returncode == 1, r.stderr
    assert "0 computed and stored, 3 already stored, 1 failed" in r.stdout
    assert "needs about" in r.stdout


def test_cli_sweep_errors(tmp_path, capsys):
    path = str(tmp_path / "t")
    assert cli.main(["sweep", "--store", path]) == 2
    assert "needs grid patterns or --catalogue" in capsys.readouterr().err
    assert cli.main(["sweep", "octal:code=0.07|0.G,size=10", "--store", path]) == 2
    err = capsys.readouterr().err
    assert err.startswith("gtables: error:") and len(err.strip().splitlines()) == 1
    assert cli.main(["sweep", "nim:heaps=2,size=4", "--size", "10", "--store", path]) == 2
    assert "--catalogue only" in capsys.readouterr().err
    for address in ("bogus", "http://127.0.0.1:1", "tcp://127.0.0.1:x"):
        assert cli.main(["sweep", "nim:heaps=2,size=4", "--scheduler", address,
                         "--store", path]) == 2
        assert "bad scheduler address" in capsys.readouterr().err


def test_cli_sweep_help(cli):
    r = cli("sweep", "--help")
    assert r.returncode == 0
    for words in ("publishes it into the store itself", "--scheduler", "lo..hi", "--catalogue",
                  "gtables sweep 'octal:code=0.07|0.77|0.137,size=1000'"):
        assert words in r.stdout


def test_cli_catalogue_runs_its_passes_and_writes_its_report(tmp_path, capsys, cluster,
                                                             monkeypatch):
    import dataclasses

    from gtables import octal_catalogue
    two = dataclasses.replace(octal_catalogue.OCTAL3, codes=lambda: ["0.07", "0.16"])
    monkeypatch.setitem(octal_catalogue.CATALOGUES, "octal3", two)   # two of the 511 games
    path, out = str(tmp_path / "t"), str(tmp_path / "res")
    rc = cli.main(["sweep", "--catalogue", "octal3", "--size", "8000",
                   "--big-size", "600000", "--scheduler", cluster.scheduler_address,
                   "--store", path, "--out", out, "--no-progress"])
    text = capsys.readouterr().out
    assert rc == 0, text
    assert "catalogue pass 1: 2 octal games to heap 8,000" in text
    # pass 1: 0.07 proved at once, 0.16 open at 8001 with 52 rare heaps (< 1%) -> pass 2 proves it
    assert "catalogue pass 2: 1 open games" in text
    md = open(f"{out}/octal_catalogue.md").read()
    assert "| 0.07 | proved | 34 | 53 | 9 |" in md
    assert "| 0.16 | proved | 149459 | 105351 | 23 |" in md
    assert "0 disagree" in md
    assert f"wrote {out}/octal_catalogue.md" in text and "3 computed" in text   # 2 + 1 passes


def test_a_cluster_whose_worker_dies_as_it_starts_is_one_line(monkeypatch):
    """A worker killed while the local cluster starts made LocalCluster's constructor raise
    ("Nanny failed to start."), a traceback (the fault-injection run's Dask attack)."""
    import distributed

    def dies(*a, **kw):
        raise RuntimeError("Nanny failed to start.")
    monkeypatch.setattr(distributed, "LocalCluster", dies)
    with pytest.raises(GtablesError, match="did not start: a worker process died"):
        sweep._start(None, 2, 1)
