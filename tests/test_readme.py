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
