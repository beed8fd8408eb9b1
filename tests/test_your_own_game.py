"""docs/your_own_game.md, run as written, in order, in an empty folder: a Python block whose first
line is ``# file: NAME.py`` is saved as that file; the other Python blocks run as one script (each
run from the start, so a block may use what earlier ones made); shell blocks through
``python -m gtables.cli``, one command a line."""
import pathlib
import re
import shlex
import subprocess
import sys

PAGE = pathlib.Path(__file__).resolve().parents[1] / "docs" / "your_own_game.md"
FILE = re.compile(r"# file: (\w+\.py)\n")


def blocks():
    return re.findall(r"```(bash|python)\n(.*?)```", PAGE.read_text(), re.S)


def test_the_page_has_a_rules_file_and_shell_and_python_blocks():
    kinds = [k for k, _ in blocks()]
    assert kinds.count("bash") >= 1 and kinds.count("python") >= 4
    files = [code for kind, code in blocks() if kind == "python" and FILE.match(code)]
    assert len(files) == 1
    game = FILE.sub("", files[0], count=1)
    assert len(game.strip().splitlines()) < 40, "the page promises a game in under 40 lines"
    for shipped in ("cram", "domineering", "nodekayles", "snort"):
        assert f'define_game("{shipped}"' not in game


def test_every_block_of_the_page_runs(tmp_path):
    script: list[str] = []

    def run_script():
        (tmp_path / "your_own_game.py").write_text("\n".join(script))
        r = subprocess.run([sys.executable, "your_own_game.py"], cwd=tmp_path,
                           capture_output=True, text=True, timeout=600)
        assert r.returncode == 0, f"python block {len(script)}:\n{r.stdout[-2000:]}\n" \
                                  f"{r.stderr[-3000:]}"

    pending = False
    for kind, code in blocks():
        if kind == "python" and FILE.match(code):
            (tmp_path / FILE.match(code).group(1)).write_text(code)
        elif kind == "python":
            script.append(code)
            pending = True
        else:
            if pending:             # the script so far, before the shell uses what it made
                run_script()
                pending = False
            for line in code.strip().splitlines():
                args = shlex.split(line)
                assert args[0] == "gtables", line
                r = subprocess.run([sys.executable, "-m", "gtables.cli", *args[1:]],
                                   cwd=tmp_path, capture_output=True, text=True, timeout=600)
                assert r.returncode == 0, f"{line}\n{r.stdout[-2000:]}\n{r.stderr[-2000:]}"
    if pending:
        run_script()
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return
    assert (tmp_path / "boardkayles.png").exists()
