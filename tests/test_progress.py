"""Progress on stderr: a bar on a terminal, a plain line every ~30 s in a log, nothing when quiet.

Under pytest stderr is captured, so it is not a terminal: ``enabled=None`` means the log mode.
Times come from a fake clock (or a short ``$GTABLES_LOG_SECONDS``); nothing asserts a speed.
"""
import time
import types

import pytest

from gtables import cli as gcli
from gtables import sweep
from gtables.engine.progress import LOG_SECONDS, Progress, clock_text, log_seconds


class Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def test_clock_text():
    assert clock_text(0) == "0:00:00"
    assert clock_text(321) == "0:05:21"
    assert clock_text(3600 + 31 * 60 + 2) == "1:31:02"


def test_log_lines_every_interval_and_not_before(capsys):
    clock = Clock()
    p = Progress(8_388_608, "octal:code=0.6,size=8388607", clock=clock)
    assert p.mode == "log" and p.interval == LOG_SECONDS
    for t, done in ((1, 1000), (29.9, 100_000)):   # a short run prints nothing
        clock.now = t
        p.update(done)
    assert capsys.readouterr().err == ""
    clock.now = 30.0
    p.update(1_234_567)
    clock.now = 45.0
    p.update(2_000_000)                              # within the interval: nothing
    clock.now = 60.0
    p.update(2_469_134)
    p.close()
    err = capsys.readouterr().err
    assert "\r" not in err and err.endswith("\n")
    lines = err.splitlines()
    assert lines == [
        "gtables: octal:code=0.6,size=8388607  1,234,567/8,388,608 (14.7%)  41,152 pos/s  "
        "elapsed 0:00:30  ETA 0:02:54",
        "gtables: octal:code=0.6,size=8388607  2,469,134/8,388,608 (29.4%)  41,152 pos/s  "
        "elapsed 0:01:00  ETA 0:02:24",
    ]


def test_resumed_run_counts_absolute_positions_and_rates_this_run(capsys):
    clock = Clock()
    p = Progress(1000, "g", start=400, interval=10, clock=clock)
    clock.now = 30.0
    p.update(700)                   # 300 positions in 30 s: 10 pos/s, 300 left
    assert capsys.readouterr().err == ("gtables: g  700/1,000 (70.0%)  10 pos/s  "
                                       "elapsed 0:00:30  ETA 0:00:30\n")


def test_interval_from_the_environment(monkeypatch):
    monkeypatch.setenv("GTABLES_LOG_SECONDS", "0.2")
    assert log_seconds() == 0.2 and Progress(10, "g").interval == 0.2
    for bad in ("", "soon", "0", "-3"):
        monkeypatch.setenv("GTABLES_LOG_SECONDS", bad)
        assert log_seconds() == LOG_SECONDS


def test_disabled_prints_nothing_and_forced_is_the_bar(capsys):
    clock = Clock()
    off = Progress(100, "g", enabled=False, interval=1, clock=clock)
    bar = Progress(100, "g", enabled=True, interval=1, clock=clock)
    assert off.mode is None and bar.mode == "bar"
    clock.now = 2.0
    off.update(50)
    off.close()
    assert capsys.readouterr().err == ""
    bar.update(50)
    bar.close()
    err = capsys.readouterr().err
    assert err.startswith("\rg [###############") and " 50.0% " in err and err.endswith("\n")


def _read_until(capsys, pred, seconds=20.0):
    """stderr captured so far, polled until ``pred`` holds (the deadline is a hang guard)."""
    err, deadline = "", time.monotonic() + seconds
    while not pred(err) and time.monotonic() < deadline:
        time.sleep(0.02)
        err += capsys.readouterr().err
    return err


def test_sweep_counter_logs_while_a_task_runs(capsys):
    c = sweep._Counter(3, None, interval=0.05)
    assert c.mode == "log"
    c.update(1, 1)
    err = _read_until(capsys, lambda e: e.count("\n") >= 2)
    c.close()
    err += capsys.readouterr().err
    assert "\r" not in err
    lines = err.splitlines()
    assert len(lines) >= 2
    assert all(line.startswith("gtables: sweep  1/3 done, 1 failed  elapsed 0:00:")
               for line in lines)
    assert c._ticker is None
    time.sleep(0.15)                                 # closed: the thread has stopped writing
    assert capsys.readouterr().err == ""


def test_sweep_counter_quiet_and_forced(capsys):
    off = sweep._Counter(2, False, interval=0.01)
    assert off._ticker is None
    off.update(1, 0)
    off.close()
    assert capsys.readouterr().err == ""
    on = sweep._Counter(2, True)
    on.update(1, 0)
    on.close()
    err = capsys.readouterr().err
    assert err.startswith("\rsweep: 1/2 done, 0 failed, ") and err.endswith("\n")


# -- the command --------------------------------------------------------------------------------

# naive Dawson's Kayles: about a second once compiled, long enough for lines 0.1 s apart
SPEC = "octal:code=0.07,size=60000"
COMPILING = ("gtables: compiling kernels for ", "gtables: still compiling kernels, ")


def test_cli_compute_logs_plain_lines_when_stderr_is_not_a_terminal(cli, tmp_path):
    r = cli("compute", SPEC, "--algorithm", "naive", "--store", str(tmp_path / "t.h5"),
            env={"GTABLES_LOG_SECONDS": "0.1"})
    assert r.returncode == 0, r.stderr
    assert "\r" not in r.stderr
    # on an empty numba cache the kernels' compile is announced first (engine/jit.py)
    lines = [ln for ln in r.stderr.splitlines() if not ln.startswith(COMPILING)]
    assert lines, "no progress line"
    for line in lines:
        assert line.startswith(f"gtables: {SPEC}  ") and "/60,001 (" in line
        assert " pos/s  elapsed " in line and "  ETA " in line


def test_cli_compute_quiet_prints_no_progress(cli, tmp_path):
    for flag in ("--quiet", "-q", "--no-progress"):
        r = cli("compute", SPEC, "--algorithm", "naive", "--store", str(tmp_path / f"{flag}.h5"),
                flag, env={"GTABLES_LOG_SECONDS": "0.1"})
        assert r.returncode == 0, r.stderr
        assert r.stderr == ""
        assert f"{SPEC}: 60,001 positions" in r.stdout      # results still print


@pytest.mark.parametrize("argv, progress", [
    ([], None), (["-q"], False), (["--quiet"], False),
])
def test_cli_verify_and_reproduce_pass_quiet_on(monkeypatch, tmp_path, capsys, argv, progress):
    from gtables import reproduce
    from gtables.verify import runner
    seen = {}

    def run_claims(names=None, **kw):
        return [], runner.Context()

    def table_provider(store=None, progress=None):
        seen["verify"] = progress
        return lambda spec: None

    def fake_reproduce(**kw):
        seen["reproduce"] = kw["progress"]
        return 0
    monkeypatch.setattr(runner, "run_claims", run_claims)
    monkeypatch.setattr(reproduce, "table_provider", table_provider)
    monkeypatch.setattr(reproduce, "reproduce", fake_reproduce)
    store, out = str(tmp_path / "t.h5"), str(tmp_path / "res")
    assert gcli.main(["verify", "--store", store, "--out", out, *argv]) == 0
    assert gcli.main(["reproduce", "--store", store, "--out", out, *argv]) == 0
    assert seen == {"verify": progress, "reproduce": progress}


@pytest.mark.parametrize("argv, progress", [
    ([], None), (["--progress"], True), (["--no-progress"], False), (["-q"], False),
])      # --progress with --quiet is refused (tests/test_newcomer.py)
def test_cli_sweep_passes_progress_on(monkeypatch, tmp_path, argv, progress):
    seen = {}

    def run_sweep(specs, store, **kw):
        seen["progress"] = kw["progress"]
        return []
    monkeypatch.setattr(sweep, "run_sweep", run_sweep)
    assert gcli.main(["sweep", "nim:heaps=2,size=4", "--store", str(tmp_path / "t.h5"),
                      *argv]) == 0
    assert seen == {"progress": progress}


def test_cli_help_says_what_a_log_gets(cli):
    for command in ("compute", "sweep", "verify", "reproduce"):
        r = cli(command, "--help")
        assert "--quiet" in r.stdout and "no progress output" in r.stdout
    for command in ("compute", "sweep"):
        r = cli(command, "--help")
        assert "not a terminal" in " ".join(r.stdout.split())


def test_a_ctrl_c_swallowed_by_a_callee_still_stops_the_run():
    """numba's compiler can drop a KeyboardInterrupt (raised inside an llvmlite ctypes callback);
    the CLI's SIGINT latch makes the next progress update (between two kernel calls) raise it."""
    import signal
    import subprocess
    import sys
    code = (
        "import os, signal\n"
        "from gtables.engine import progress\n"
        "with progress.latched_interrupts():\n"
        "    try:\n"
        "        os.kill(os.getpid(), signal.SIGINT)\n"
        "        import time; time.sleep(1)\n"
        "    except KeyboardInterrupt:\n"
        "        pass                      # swallowed, as a compiler callback does\n"
        "    bar = progress.Progress(10, 'x', enabled=False)\n"
        "    try:\n"
        "        bar.update(5)\n"
        "        print('not stopped')\n"
        "    except KeyboardInterrupt:\n"
        "        print('stopped', progress.interrupt_latched())\n"
        "print(signal.getsignal(signal.SIGINT) is signal.default_int_handler)\n")
    # SIGINT at its default in the child (a background test run inherits it ignored)
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                       preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert r.returncode == 0 and r.stdout.split() == ["stopped", "False", "True"], \
        r.stdout + r.stderr


# -- compiling is not filling (issue 40, the newcomer's list) -------------------------------------
def test_no_eta_while_compiling_and_the_rate_leaves_compiling_out(monkeypatch):
    from gtables import config
    from gtables.engine.progress import Progress
    now = [0.0]
    monkeypatch.setattr(config, "_compiles", {"done": 0.0, "since": None})
    bar = Progress(1000, "t", enabled=True, clock=lambda: now[0])
    config.compile_started(time.monotonic())
    now[0] = 5.0
    assert bar._rate_eta(10, 5.0) == (0.0, None)          # a compile under way: no ETA
    config._compiles.update(done=4.0, since=None)          # it took 4 of the 5 seconds
    rate, eta = bar._rate_eta(100, 5.0)
    assert rate == pytest.approx(100.0) and eta == pytest.approx(9.0)


def test_compute_seconds_leave_compiling_out(monkeypatch):
    from gtables import config
    from gtables.engine import compute
    monkeypatch.setattr(config, "_compiles", {"done": 0.0, "since": None})
    t0, c0 = time.perf_counter() - 10.0, config.compile_seconds()
    config._compiles["done"] += 7.5                         # 7.5 of those 10 s compiling
    assert compute._net(t0, c0) == pytest.approx(2.5, abs=0.5)


def test_the_compile_counter_restarts_per_compile(monkeypatch):
    from gtables import config
    from gtables.engine import jit
    monkeypatch.setattr(config, "_compiles", {"done": 0.0, "since": None})
    monkeypatch.setattr(jit, "FIRST_LINE_AFTER", 0.05)
    monkeypatch.setattr(jit, "EVERY", 0.3)
    lines: list = []
    monkeypatch.setattr(config, "_notice", {"echo": lines.append, "what": "a test",
                                            "seconds": None})
    notice = jit.CompileNotice()
    event = types.SimpleNamespace(data={})
    notice.on_start(event)
    time.sleep(0.5)
    notice.on_end(event)
    time.sleep(2.5)                      # the gap between two compiles is not compiling
    notice.on_start(event)
    time.sleep(0.9)
    notice.on_end(event)
    later = [ln for ln in lines if "still compiling" in ln]
    assert lines and lines[0].startswith("gtables: compiling kernels for a test")
    assert later and all(int(ln.rsplit(",", 1)[1].split()[0]) <= 2 for ln in later), lines
    assert config.compile_seconds() == pytest.approx(1.4, abs=0.6)


@pytest.mark.parametrize("spec", ["octal:code=0.07,size=50", "nim:heaps=2,size=6"])
def test_compute_seconds_are_within_the_call(spec, tmp_path):
    """A table's compute_seconds is part of the call that made it (once it read the machine's
    uptime: a chunk timer had the name of the compile clock)."""
    import gtables
    t0 = time.perf_counter()
    t = gtables.compute(spec, store=str(tmp_path / "s"), progress=False)
    wall = time.perf_counter() - t0
    assert 0.0 <= float(t.attrs["compute_seconds"]) <= wall


def test_quiet_silences_the_compile_notice_after_a_command_that_had_it(monkeypatch, tmp_path,
                                                                      capsys):
    """Commands run one after another in one process (an inspector, a notebook calling
    cli.main): a --json or --quiet command after one without it printed 'compiling kernels'."""
    from gtables import config
    monkeypatch.setattr(config, "_notice", {"echo": None, "what": "", "seconds": None})
    gcli.main(["list", "--store", str(tmp_path)])
    assert config.compile_notice()[0] is not None
    gcli.main(["list", "--store", str(tmp_path), "--json"])
    assert config.compile_notice()[0] is None
