"""The real `gtables` command, run as a subprocess."""
import json

import pytest


def test_compute_query_show_list(cli, store_path):
    r = cli("compute", "octal:code=.07,size=500", store=store_path)
    assert r.returncode == 0, r.stderr
    assert "octal:code=0.07,size=500" in r.stdout
    r = cli("compute", "octal:code=0.07,size=500", store=store_path)
    assert "already stored" in r.stdout
    r = cli("query", "octal:code=0.07,size=500", "7", "--moves", store=store_path)
    assert r.returncode == 0 and "Grundy value 1" in r.stdout and "winning move" in r.stdout
    r = cli("query", "octal:code=0.07,size=500", "7", "--json", "--moves", store=store_path)
    d = json.loads(r.stdout)
    assert d["grundy"] == 1 and d["outcome"] == "N" and sorted(d["winning_moves"]) == ["2+3", "5"]
    r = cli("show", "octal:code=0.07,size=500", "--format", "csv", "--limit", "8", store=store_path)
    assert r.stdout.splitlines()[1:] == [f'{i},"{i}",{g},{"P" if g == 0 else "N"}'
                                         for i, g in enumerate([0, 0, 1, 1, 2, 0, 3, 1])]
    r = cli("show", "octal:code=0.07,size=500", "--format", "json", "--limit", "3", store=store_path)
    assert [e["value"] for e in json.loads(r.stdout)["entries"]] == [0, 0, 1]
    r = cli("list", store=store_path)
    assert "octal:code=0.07,size=500" in r.stdout
    r = cli("query", "nim:heaps=3,size=8", "1,2,3", store=store_path)
    assert "outcome P" in r.stdout


def test_show_writes_positions_as_the_family_writes_them(cli, store_path):
    """``show`` gives each entry at its position, written as ``query`` reads it: a heap table
    by rows of heaps, every other table one position a line (Mem0's ``25,last=3``, chips'
    squares, sums of heaps), never a flat row of values."""
    r = cli("show", "mem0:size=2000", "--limit", "8", store=store_path)
    assert r.returncode == 0, r.stderr
    lines = [ln.split() for ln in r.stdout.splitlines() if not ln.startswith("#")]
    assert lines == [["0", "0", "P"], ["1", "1", "N"], ["1,last=1", "0", "P"], ["2", "1", "N"],
                     ["2,last=1", "1", "N"], ["2,last=2", "1", "N"], ["3", "2", "N"],
                     ["3,last=1", "2", "N"]]          # G(2) = 1: its positions say which is which
    for pos, v, _ in lines[1:3] + lines[-1:]:
        q = cli("query", "mem0:size=2000", pos, "--json", store=store_path)
        assert json.loads(q.stdout)["grundy"] == int(v)
    r = cli("show", "chips:rule=A,n=6", "--limit", "4", store=store_path)
    assert [ln.split() for ln in r.stdout.splitlines() if not ln.startswith("#")] == \
        [["{}", "0", "P"], ["1", "0", "P"], ["2", "1", "N"], ["1,2", "0", "P"]]
    r = cli("show", "nim:play=misere,total=6", "--limit", "4", store=store_path)
    assert [ln.split()[0] for ln in r.stdout.splitlines() if not ln.startswith("#")] == \
        ["{}", "1", "1,1", "2"]            # by total, then lexicographic
    r = cli("show", "octal:code=0.07,size=100", "--limit", "25", store=store_path)
    rows = [ln for ln in r.stdout.splitlines() if not ln.startswith("#")]
    assert [ln.split(":")[0].strip() for ln in rows] == ["0", "20"]      # heaps: rows of 20


def test_every_spelling_of_a_game_is_one_table(cli, store_path):
    """Family names, keys and word values in any case, keys in any order, defaults spelt out,
    Stripes' amounts in any order: one canonical spec, one stored table."""
    import gtables
    r = cli("compute", "STRIPES:C=1,b=8,a=5,size=60", store=store_path)
    assert r.returncode == 0 and "stripes:a=1,b=5,c=8,size=60" in r.stdout, r.stderr
    for s in ("stripes:a=1,b=5,c=8,size=60", "stripes:a=8,b=5,c=1,size=60",
              "chips:rule=a,n=6,value=GRUNDY", "Chips:Rule=A,N=6", "nim:play=MISERE,total=6",
              "nim:total=6,play=misere", "mem0:size=40,min=1", "mem0:size=40",
              "nimlike:heaps=1,min=1,max=7,norepeat=1,size=60"):
        gtables.compute(s, store=store_path, progress=False)
    r = cli("list", "--json", store=store_path)
    assert sorted(row["spec"] for row in json.loads(r.stdout)) == [
        "chips:rule=A,n=6", "mem0:size=40", "nim:play=misere,total=6",
        "nimlike:heaps=1,max=7,norepeat=1,size=60", "stripes:a=1,b=5,c=8,size=60"]


@pytest.mark.parametrize("args,msg", [
    (("compute", "chess:size=3"), "unknown family"),
    (("compute", "octal:code=0.0G,size=10"), "digits after the point"),
    (("compute", "octal:code=0.07,size=-5"), "out of range"),
    (("compute", "octal:code=0.07"), "missing key"),
    (("compute", "nim:heaps=4,size=40000"), "needs about"),
    (("compute", "nim:heaps=4,size=1000000"), "too many to index"),
    (("compute", "nim heaps=2"), "malformed"),
    (("query", "nim:heaps=2,size=5", "3,9"), "larger than"),
    (("query", "nim:heaps=2,size=5", "3"), "has 1 numbers"),
    (("query", "nim:heaps=2,size=5", "a,b"), "not an integer"),
    (("query", "nim:heaps=2,size=5", "-1,2"), "negative"),
    (("show", "octal:code=0.07,size=99999999"), "not in the store"),
    (("verify", "no.such.claim"), "no claim matches"),
])
def test_bad_input_gives_one_line_and_exit_2(cli, store_path, args, msg):
    r = cli(*args, store=store_path)
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert msg in r.stderr and "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


def test_not_a_store(cli, tmp_path):
    p = tmp_path / "x.h5"
    p.write_text("not hdf5")
    r = cli("list", "--store", str(p))
    assert r.returncode == 2 and "is a file that is not a gtables store" in r.stderr


def test_help_explains(cli):
    r = cli("--help")
    assert r.returncode == 0 and "spec strings" in r.stdout and "reproduce" in r.stdout
    r = cli("compute", "--help")
    assert "--force" in r.stdout and "--store" in r.stdout


def test_verify_writes_reports(cli, store_path, tmp_path):
    out = tmp_path / "res"
    r = cli("verify", "001.C", "--scale", "small", "--out", str(out), store=store_path)
    assert r.returncode == 0, r.stderr
    assert "HOLDS   001.C.values" in r.stdout
    md = (out / "verify.md").read_text()
    assert "001.C.values" in md and "HOLDS" in md
    d = json.loads((out / "verify.json").read_text())
    assert d["counts"].get("HOLDS", 0) >= 3


def test_endnim_thresholds_command(cli):
    from gtables.games import endnim
    r = cli("thresholds", "3,5,5,5", "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == endnim.thresholds((3, 5, 5, 5))
    r = cli("thresholds", "3,0,5")
    assert r.returncode == 2 and "positive" in r.stderr


def test_ctrl_c_mid_compute_stores_nothing(tmp_path):
    import os
    import signal
    import subprocess
    import sys
    import time
    store = str(tmp_path / "s.h5")
    # a table that takes minutes: interrupted after a few seconds, the run must stop between two
    # kernel chunks (the communicate timeout is a hang guard, not a speed target)
    # SIGINT back to its default in the child: a test run started in the background by a
    # non-interactive shell inherits SIGINT ignored, and Python then keeps ignoring it
    p = subprocess.Popen([sys.executable, "-m", "gtables.cli", "compute",
                          "octal:code=0.77,size=800000", "--algorithm", "naive", "--store", store],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(6)
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=60)
    assert p.returncode == 2 and "interrupted" in err and "Traceback" not in err
    if os.path.exists(store):
        from gtables.store import Store
        assert "octal:code=0.77,size=800000" not in Store(store)


QUIET_RULES = """\
import gtables


def take_a_bit(pos, side, params, out):     # any one bit of the position's number: nim of 1s
    n, rest = 0, pos
    while rest:
        low = rest & -rest
        out[n], n, rest = pos ^ low, n + 1, rest ^ low
    return n


gtables.define_game("test_cli_bits", space="integers", moves=take_a_bit, max_options=24)
"""


def test_quiet_silences_the_progress_of_a_users_game(cli, tmp_path, capsys, monkeypatch):
    """-q: no periodic line from the dense fill of a user's game (compute) nor from the
    reachable search (solve), with a line due every millisecond; the same fill and search
    through the API without it do print them (stderr not a terminal: the plain log line)."""
    import gtables
    from gtables import games
    rules = tmp_path / "bits.py"
    rules.write_text(QUIET_RULES)
    env = {"GTABLES_LOG_SECONDS": "0.001"}
    for args in (("compute", "test_cli_bits:size=4194304", "--no-store"),
                 ("solve", "test_cli_bits:size=262144", "--method", "reachable",
                  "--no-checkpoint")):
        r = cli("--rules", str(rules), *args, "-q", env=env)
        assert r.returncode == 0 and "test_cli_bits:size=" in r.stdout, r.stderr
        assert r.stderr == "", r.stderr
    monkeypatch.setenv("GTABLES_LOG_SECONDS", "0.001")
    exec(compile(QUIET_RULES, str(rules), "exec"), {"__name__": "bits"})
    try:
        t = gtables.compute("test_cli_bits:size=4194304", store=None)
        assert "/4,194,304 (" in capsys.readouterr().err
        assert t.value(7) == 1 and t.value(15) == 0          # the number of bits, mod 2
        d = gtables.solve("test_cli_bits:size=262144", method="reachable", store=None)
        assert "positions stored" in capsys.readouterr().err and d["grundy"] == 0   # 18 bits
    finally:
        games._families.pop("test_cli_bits", None)
