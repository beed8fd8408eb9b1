"""docs/tutorial.md, run as written: its shell blocks through `python -m gtables.cli` (each line a
command), its Python blocks as one script, in order, in an empty folder."""
import pathlib
import re
import shlex
import subprocess
import sys

TUTORIAL = pathlib.Path(__file__).resolve().parents[1] / "docs" / "tutorial.md"


def blocks():
    return re.findall(r"```(bash|python)\n(.*?)```", TUTORIAL.read_text(), re.S)


def test_the_tutorial_has_shell_and_python_blocks():
    kinds = [k for k, _ in blocks()]
    assert kinds.count("bash") >= 3 and kinds.count("python") >= 3


def test_every_block_of_the_tutorial_runs(tmp_path):
    script = []
    for kind, code in blocks():
        if kind == "bash":
            for line in code.strip().splitlines():
                args = shlex.split(line)
                assert args[0] == "gtables", line
                r = subprocess.run([sys.executable, "-m", "gtables.cli", *args[1:]], cwd=tmp_path,
                                   capture_output=True, text=True, timeout=600)
                assert r.returncode == 0, f"{line}\n{r.stdout[-2000:]}\n{r.stderr[-2000:]}"
        else:
            script.append(code)
            (tmp_path / "tutorial.py").write_text("\n".join(script))
            # the script so far, from the start: each block may use what earlier ones made
            r = subprocess.run([sys.executable, "tutorial.py"], cwd=tmp_path, capture_output=True,
                               text=True, timeout=600)
            assert r.returncode == 0, f"python block {len(script)}:\n{r.stdout[-2000:]}\n{r.stderr[-3000:]}"
    assert (tmp_path / "dawson.png").exists() and (tmp_path / "wythoff.png").exists()
    assert (tmp_path / "report").exists()
