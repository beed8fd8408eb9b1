"""The README's commands and examples, and the examples of the docs pages that the README's
sections moved to (docs/heap_games.md, docs/misere.md, docs/boards.md), as written; the README
stays short and every link of it and of those pages leads somewhere."""
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()


def page(name: str) -> str:
    """The text of ``docs/<name>``."""
    return (ROOT / "docs" / name).read_text()


def example(text: str, name: str, lang: str = "python") -> str:
    """The code of the ``lang`` block that follows ``<!-- example:name -->`` in ``text``."""
    marker = f"<!-- example:{name} -->"
    assert text.count(marker) == 1, marker
    return re.search(rf"```{lang}\n(.*?)```", text.split(marker, 1)[1], re.S).group(1)


def test_user_game_example_runs(tmp_path):
    code = example(page("heap_games.md"), "user-game")
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
    main_job = "python3 -m venv .venv && . .venv/bin/activate && pip install -e . && gtables reproduce"
    assert f"```bash\n{main_job}\n```" in README


def test_from_python_block_runs_on_its_own(tmp_path):
    # the README's "From Python" block, as a new user pastes it into a file: it must run in a
    # fresh directory and process (GTABLES_STORE there, never the repository's results/)
    import os
    code = example(README, "from-python")
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
    misere = page("misere.md")
    code = example(misere, "quotient")
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
    cmds = example(misere, "quotient-commands", "bash")
    for line in cmds.strip().splitlines():
        argv = line.split("#")[0].split()
        assert argv[0] == "gtables"
        r = subprocess.run([sys.executable, "-m", "gtables.cli", *argv[1:]], cwd=tmp_path,
                           capture_output=True, text=True, timeout=600, env=env)
        assert r.returncode == 0, (line, r.stderr)
        if argv[1] == "query":
            assert "from the stored misère quotient of octal:code=0.07,size=30" in r.stdout


def test_board_game_block_runs_on_its_own(tmp_path):
    # the board-game example (docs/boards.md) as a user pastes it: tromino Cram, computed and
    # solved; the values checked here against a plain-Python brute force of the same game
    import functools
    import os
    code = example(page("boards.md"), "board-game")
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


# -- a README that reads in five minutes, and where the rest is -----------------------------

def _pages():
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def _slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, blanks to '-'."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _anchors(text: str) -> set[str]:
    outside = re.sub(r"```.*?```", "", text, flags=re.S)       # no '# comment' in code blocks
    return {_slug(h) for h in re.findall(r"^#{1,6} (.+)$", outside, re.M)}


def test_readme_is_short_with_one_picture():
    # was: 739 lines, the two commands and one example behind the store's security model
    assert len(README.splitlines()) <= 200
    pictures = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", README)
    assert len(pictures) == 1 and (ROOT / pictures[0]).is_file(), pictures


def test_every_link_of_the_readme_and_docs_leads_somewhere():
    broken = []
    for path in _pages():
        text = path.read_text()
        for target in re.findall(r"\]\(([^)\s]+)\)", re.sub(r"```.*?```", "", text, flags=re.S)):
            if re.match(r"[a-z]+:", target):
                continue                                        # https:, mailto:
            file, _, anchor = target.partition("#")
            dest = (path.parent / file).resolve() if file else path
            if not dest.exists():
                broken.append(f"{path.name}: {target}")
            elif anchor and dest.suffix == ".md" and anchor not in _anchors(dest.read_text()):
                broken.append(f"{path.name}: {target} (no such heading)")
    assert not broken, broken


def test_every_marked_example_is_run_by_a_test():
    # a block marked <!-- example:NAME --> in the README or a docs page is run by a test that
    # names it (here, or tests/test_user_games.py)
    tests = "".join(p.read_text() for p in (ROOT / "tests").glob("test_*.py"))
    for path in _pages():
        for name in re.findall(r"<!-- example:([\w-]+) -->", path.read_text()):
            assert f'"{name}"' in tests or f"example:{name} " in tests, (path.name, name)


def test_the_compile_notice_is_quoted_as_printed():
    # the lines quoted by the README and docs/limits.md are the ones engine/jit.py prints, and an
    # estimate ("once: about N s") is quoted only for a family that has one (games.COMPILE_SECONDS)
    from gtables.games import COMPILE_SECONDS
    jit = (ROOT / "src" / "gtables" / "engine" / "jit.py").read_text()
    for fragment in ('f"gtables: compiling kernels for {', '" (numba: seconds, or minutes on a busy '
                     'machine)"', 'f": about {', 'once = "once" if', 'f"gtables: still compiling '
                     'kernels, {'):
        assert fragment in jit, fragment
    text = " ".join((README + page("limits.md")).split())           # lines rejoined
    quoted = [q.strip() for q in re.findall(r"gtables: compiling kernels for [^`]*", text)]
    assert len(quoted) >= 3
    for line in quoted:
        m = re.fullmatch(r"gtables: compiling kernels for the (\w+) family, once"
                         r"(?:: about \d+ s| \(numba: seconds, or minutes on a busy machine\))", line)
        assert m, line
        assert ("about" in line) == (m.group(1) in COMPILE_SECONDS), line
