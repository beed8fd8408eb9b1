"""The fresh-machine rule: tests, scripts, CI and the README name no path that exists only on one
machine (a developer's venv, home or work folder).  They run the package as
``sys.executable -m gtables.cli`` and find files relative to the repository or in a temp dir."""
from __future__ import annotations

import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
SCANNED = ("tests", "scripts", ".ci", "README.md")

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
