"""The README's commands and its user-game example, as written."""
import pathlib
import re
import subprocess
import sys

README = (pathlib.Path(__file__).resolve().parents[1] / "README.md").read_text()


def test_user_game_example_runs(tmp_path):
    block = README.split("<!-- example:user-game -->", 1)[1]
    code = re.search(r"```python\n(.*?)```", block, re.S).group(1)
    (tmp_path / "squares.py").write_text(code)
    r = subprocess.run([sys.executable, "squares.py"], cwd=tmp_path, capture_output=True, text=True,
                       timeout=600)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.strip().splitlines()
    first = lines[0].split(" ", 2)
    assert first[0] == "0" and first[1] == "P"         # 22 is a P-position (OEIS A030193)
    assert lines[-1] == "mine.squares.p-positions HOLDS on heaps 0..30"
    assert (tmp_path / "my_tables").is_dir()


def test_readme_commands_match_ci():
    ci = (pathlib.Path(__file__).resolve().parents[1] / ".ci" / "run").read_text()
    test_cmd = re.search(r"\*\*The tests\*\*:\n\n```bash\n(.*?)\n```", README, re.S).group(1)
    assert test_cmd in ci
    assert "gtables reproduce" in README


def test_from_python_block_runs_on_its_own(tmp_path):
    # the README's "From Python" block, as a new user pastes it into a file: it must run in a
    # fresh directory and process (GTABLES_STORE there, never the repository's results/)
    import os
    block = README.split("<!-- example:from-python -->", 1)[1]
    code = re.search(r"```python\n(.*?)```", block, re.S).group(1)
    code = "import matplotlib\nmatplotlib.use('Agg')\n" + code + \
        "\nprint(t.value(7), t.outcome(7), nim.array().shape, w.values.flags.writeable)\n"
    (tmp_path / "snippet.py").write_text(code)
    env = {k: v for k, v in os.environ.items() if not k.startswith("GTABLES_")}
    env["GTABLES_STORE"] = str(tmp_path / "tables")
    r = subprocess.run([sys.executable, "snippet.py"], cwd=tmp_path, capture_output=True,
                       text=True, timeout=600, env=env)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().splitlines()[-1] == "1 N (33, 33, 33) False"
    assert (tmp_path / "tables").is_dir()


def test_quotient_block_runs_on_its_own(tmp_path):
    import os
    block = README.split("<!-- example:quotient -->", 1)[1]
    code = re.search(r"```python\n(.*?)```", block, re.S).group(1)
    (tmp_path / "q.py").write_text(code)
    env = {k: v for k, v in os.environ.items() if not k.startswith("GTABLES_")}
    env["GTABLES_STORE"] = str(tmp_path / "tables")
    r = subprocess.run([sys.executable, "q.py"], cwd=tmp_path, capture_output=True,
                       text=True, timeout=600, env=env)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.strip().splitlines()
    assert "|Q| = 360, |P| = 65" in lines[0]
    assert lines[-1] == "P table octal:code=0.07,play=misere,total=40" or \
        lines[-1] == "N table octal:code=0.07,play=misere,total=40"
    # the command-line examples above the block, as written
    cmds = re.search(r"## Misère quotients.*?```bash\n(.*?)```", README, re.S).group(1)
    for line in cmds.strip().splitlines():
        argv = line.split("#")[0].split()
        assert argv[0] == "gtables"
        r = subprocess.run([sys.executable, "-m", "gtables.cli", *argv[1:]], cwd=tmp_path,
                           capture_output=True, text=True, timeout=600, env=env)
        assert r.returncode == 0, (line, r.stderr)
        if argv[1] == "query":
            assert "from the stored misère quotient of octal:code=0.07,size=30" in r.stdout


def test_board_game_block_runs_on_its_own(tmp_path):
    # the README's board-game example as a user pastes it: tromino Cram, computed and solved;
    # the values checked here against a plain-Python brute force of the same game
    import functools
    import os
    block = README.split("<!-- example:board-game -->", 1)[1]
    code = re.search(r"```python\n(.*?)```", block, re.S).group(1)
    (tmp_path / "tromino.py").write_text(code)
    env = {k: v for k, v in os.environ.items() if not k.startswith("GTABLES_")}
    r = subprocess.run([sys.executable, "tromino.py"], cwd=tmp_path, capture_output=True,
                       text=True, timeout=600, env=env)
    assert r.returncode == 0, r.stderr
    first, second = r.stdout.strip().splitlines()[-2:]

    def options(free: frozenset, rows: int, cols: int):
        for (r_, c_) in free:
            for dr, dc in ((0, 1), (1, 0)):
                cells = {(r_ + k * dr, c_ + k * dc) for k in range(3)}
                if cells <= free:
                    yield free - cells

    @functools.cache
    def grundy(free: frozenset, rows: int, cols: int) -> int:
        vals = {grundy(o, rows, cols) for o in options(free, rows, cols)}
        g = 0
        while g in vals:
            g += 1
        return g

    board = frozenset((r_, c_) for r_ in range(3) for c_ in range(4))
    start = grundy(board, 3, 4)
    pos = board - {(0, 3), (2, 0)}
    wins = sum(1 for o in options(board, 3, 4) if grundy(o, 3, 4) == 0)
    assert first == f"{start} {'P' if grundy(pos, 3, 4) == 0 else 'N'} {wins}"
    assert second.isdigit()
