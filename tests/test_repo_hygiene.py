"""The fresh-machine rule: tests, scripts, CI, the README and its docs pages name no path that
exists only on one machine (a developer's venv, home or work folder).  They run the package as
``sys.executable -m gtables.cli`` and find files relative to the repository or in a temp dir."""
from __future__ import annotations

import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
SCANNED = ("tests", "scripts", ".ci", "README.md")
# and the pages the README links to (docs/claims/ are research notes that name where their
# scratch scripts ran, kept as written)
PAGES = "docs/*.md"

# Absolute prefixes that belong to one machine (written without their leading "/" so that this
# file does not flag itself).  System interfaces (/proc, /sys), temp dirs (/tmp) and /usr/bin/env
# shebangs are fine everywhere.
_MACHINE_ROOTS = ("work", "root", "home", "opt", "usr/local", "mnt", "Users")
# a path starts at the beginning of a line or after a quote, blank, bracket, '=' or ','
_START = r"(?:^|(?<=[\s\"'`(\[=,:]))"
_MACHINE = re.compile(
    _START + r"(?:/(?:" + "|".join(re.escape(r) for r in _MACHINE_ROOTS) + r")(?=[/\s\"'`)\],:]|$)"
    r"|~/(?!\.cache/)"                                  # a home folder (the numba cache is fine)
    r"|(?:~|/)[^\s\"'`]*?/\.?venv/bin\b)",              # anybody's venv, absolute or under ~
    re.MULTILINE)
# what may be named although it lies outside the repository: the benchmarks' C yardsticks, used
# when that folder is present
_ALLOWED = ("../shared/baselines",)


def machine_paths(text: str) -> list[tuple[int, str]]:
    """``(line number, line)`` of every line naming an absolute path outside the repository
    that is not a temp dir or a system interface."""
    out = []
    for m in _MACHINE.finditer(text):
        lineno = text.count("\n", 0, m.start()) + 1
        line = text.splitlines()[lineno - 1]
        if not any(a in line for a in _ALLOWED):
            out.append((lineno, line.strip()))
    return out


def _scanned_files():
    yield from sorted(ROOT.glob(PAGES))
    for name in SCANNED:
        p = ROOT / name
        files = [p] if p.is_file() else sorted(q for q in p.rglob("*") if q.is_file())
        for f in files:
            if "__pycache__" in f.parts or f.suffix in (".pyc", ".h5", ".png"):
                continue
            yield f


def test_scanner_flags_machine_paths():
    old = 'GTABLES = "/' + 'work/venv/bin/gtables"'
    assert machine_paths(old) == [(1, old)]
    for bad in ("    /" + "work/venv/bin/python scripts/bench_chips.py",
                "p = '/" + "home/alice/tables.h5'",
                "cd /" + "root && pytest",
                'x = "/' + 'opt/conda/bin/python"',
                "/" + "usr/local/bin/gtables list",
                "source ~" + "/envs/g/bin/activate",
                'exe = "/' + 'srv/ci/venv/bin/python"'):
        assert machine_paths(bad), bad
    for good in ("python3 -m venv .venv && . .venv/bin/activate && pytest -q",
                 "[sys.executable, '-m', 'gtables.cli', 'list']",
                 "open('/proc/meminfo')", "'/sys/fs/cgroup/memory.max'",
                 "store = tmp_path / 't.h5'", "#!/usr/bin/env python",
                 "later runs load them from `~/.cache/gtables`",
                 "the C yardstick ../shared/baselines/octal_naive.c",
                 "a/work/b", "https://example.org/home/page"):
        assert not machine_paths(good), good


@pytest.mark.parametrize("path", list(_scanned_files()), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_machine_paths(path):
    try:
        text = path.read_text()
    except UnicodeDecodeError:
        pytest.skip("binary file")
    assert not machine_paths(text), f"{path.relative_to(ROOT)} names machine paths"


# -- docs/DEVELOPING.md's map names every package and file under src/gtables -----------------------

_ENTRY = re.compile(r"^( {0,8})([\w.]+(?:/[\w.]+)*/?)(?: {2,}|$)")   # a path at the left margin
_NAMED = re.compile(r"(?<![\w/.-])(\w+(?:/\w+)*(?:/|\.py))(?![\w/])")  # a path in the text


def map_unnamed(text: str, src: pathlib.Path) -> list[str]:
    """The files and folders under ``src`` (a package root such as src/gtables) that the map of
    ``text`` (the first fenced block after "## Where things live") does not name.  The map is a
    tree: a line starting with a path (``engine/``, ``spaces/``, ``games/mem0.py``) at most 8
    columns in opens an entry below the closest folder entry to its left; a path in an entry's
    text names a file or folder of that entry's folder or, failing that, of a folder above it
    (``kernels.py`` under ``games/octal/`` is games/octal/kernels.py; ``engine/heapgame.py``
    under ``games/userheap.py`` is src/gtables/engine/heapgame.py); a folder's files are named
    in its own entry.  ``NNN`` stands for any three digits (``seedNNN/``).  A package's
    ``__init__.py`` is named by its folder's entry."""
    block = text.split("## Where things live", 1)[1].split("```")[1]
    named: set[pathlib.Path] = {src}
    stack: list[tuple[int, list[pathlib.Path]]] = []     # (indent, the folders of an entry)
    here: list[pathlib.Path] = []                         # the current entry's folders

    def resolve(token: str, bases: list[pathlib.Path]) -> list[pathlib.Path]:
        pattern = token.rstrip("/").replace("NNN", "[0-9][0-9][0-9]")
        for base in bases:
            for up in (base, *base.parents):
                if up != src and src not in up.parents:
                    break
                found = sorted(up.glob(pattern))
                if found:
                    return found
        return []

    for line in block.splitlines()[1:]:
        m = _ENTRY.match(line)
        if m:
            indent, token = len(m.group(1)), m.group(2)
            if indent == 0:                    # src/gtables/ itself, or scripts/, tests/
                here = [src] if token.rstrip("/") == src.name or token == "src/gtables/" else []
                stack = [(0, here)]
                continue
            while stack and stack[-1][0] >= indent:
                stack.pop()
            parent = stack[-1][1] if stack else []
            paths = [p for base in parent for p in resolve(token, [base])]
            named.update(paths)
            dirs = [p for p in paths if p.is_dir()]
            here = dirs or parent
            if dirs:
                stack.append((indent, dirs))
            line = line[m.end():]
        for token in _NAMED.findall(line):
            for base in here:
                named.update(resolve(token, [base]))
    named |= {p / "__init__.py" for p in named if p.is_dir()}
    every = [p for p in src.rglob("*") if "__pycache__" not in p.parts and p.suffix != ".pyc"]
    return sorted(str(p.relative_to(src)) + "/" * p.is_dir() for p in every if p not in named)


def test_map_resolves_paths_as_documented(tmp_path):
    src = tmp_path / "pkg"
    for rel in ("a.py", "eng/__init__.py", "eng/k.py", "eng/sp/__init__.py", "eng/sp/box.py",
                "g/__init__.py", "g/o/__init__.py", "g/o/kernels.py", "v/seed001/__init__.py",
                "v/seed001/data.py", "v/seed002/__init__.py", "v/seed002/data.py", "v/__init__.py"):
        (src / rel).parent.mkdir(parents=True, exist_ok=True)
        (src / rel).write_text("")
    page = ("## Where things live\n\n```\npkg/\n  a.py      one\n  eng/      the engine\n"
            "    sp/     spaces: box.py\n    k.py    kernels, see eng/sp/box.py\n"
            "  g/        games\n  g/o/      octal: kernels.py\n  v/        verdicts\n"
            "    seedNNN/  one per seed: data.py\n"
            "scripts/    x.py\n```\n")
    assert map_unnamed(page, src) == []
    assert map_unnamed(page.replace("octal: kernels.py", "octal"), src) == ["g/o/kernels.py"]
    assert map_unnamed(page.replace("  a.py      one\n", ""), src) == ["a.py"]
    assert map_unnamed(page.replace("one per seed: data.py", "one per seed"), src) == [
        "v/seed001/data.py", "v/seed002/data.py"]
    assert map_unnamed(page.replace("    sp/     spaces: box.py\n", ""), src) == [
        "eng/sp/", "eng/sp/__init__.py"]


def test_developing_map_names_every_file_under_src():
    text = (ROOT / "docs" / "DEVELOPING.md").read_text()
    missing = map_unnamed(text, ROOT / "src" / "gtables")
    assert not missing, ("docs/DEVELOPING.md's map (## Where things live) does not name: "
                         + ", ".join(missing))


def test_scripts_are_at_most_800_lines():
    # STYLE.md: a script over about 800 lines is a library hiding in scripts/ (split it into a
    # package beside it, as scripts/faults/ and scripts/badinputs/)
    long = {str(p.relative_to(ROOT)): n for p in sorted((ROOT / "scripts").rglob("*.py"))
            if "__pycache__" not in p.parts and (n := len(p.read_text().splitlines())) > 800}
    assert not long, long
