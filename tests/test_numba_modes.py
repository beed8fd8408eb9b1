"""The engine and family tests again in the two numba modes that keep kernels honest.

CI runs one command (the README's, ending in ``pytest -q``), so the two extra runs start from here,
each as ``sys.executable -m pytest`` in a subprocess:

* ``NUMBA_BOUNDSCHECK=1``: every array index in every kernel and move generator is checked, so a
  ``max_options`` too small, or a generator writing past its buffer, is an ``IndexError`` instead of
  memory silently overwritten.  Its own numba cache directory (the normal one plus
  ``-boundscheck``): numba's cache index does not record the flag, so bounds-checked code must not
  land in, or come from, the normal cache.
* ``NUMBA_DISABLE_JIT=1`` under ``coverage run``: the kernels run as plain Python, so coverage sees
  their lines; the total for ``src/gtables/engine`` and ``src/gtables/games`` is printed (and, with
  ``GTABLES_WRITE_RESULTS=1``, written to ``results/coverage.md`` with the exact command).

Inside those runs ``GTABLES_NUMBA_MODES_RUN`` is set and this module skips itself (no recursion).
"""
from __future__ import annotations

import json
import os
import pathlib
import re
import shlex
import subprocess
import sys
import time

import pytest

from gtables.config import numba_cache_dir  # the bounds-checked run keys its own beside it

GUARD = "GTABLES_NUMBA_MODES_RUN"
ROOT = pathlib.Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(bool(os.environ.get(GUARD)), reason="inside a numba-modes run")

# the engine and family tests; claims and CLI tests are left out (they run the same kernels
# through the verifier or a further subprocess, and would double the time)
BOUNDSCHECK_TESTS = ["tests/test_contract.py", "tests/test_engine.py", "tests/test_heaps.py",
                     "tests/test_chips.py", "tests/test_endnim.py", "tests/test_nimlike.py"]
BOUNDSCHECK_SELECT = "not claims and not cli"
COVERAGE_TESTS = ["tests/test_contract.py", "tests/test_engine.py"]
COVERED = ["src/gtables/engine", "src/gtables/games"]
TIMEOUT = 1800


def _env(**extra: str) -> dict:
    env = dict(os.environ, **extra)
    env[GUARD] = "1"
    return env


def _summary(out: str) -> str:
    lines = [ln for ln in out.strip().splitlines() if ln.strip()]
    return lines[-1] if lines else "(no output)"


def _show(capsys, text: str) -> None:
    """Print past pytest's capture, so that ``pytest -q`` shows the figure."""
    with capsys.disabled():
        print(f"\n{text}")


def test_engine_and_family_tests_pass_with_boundscheck(capsys):
    cache = numba_cache_dir().rstrip(os.sep) + "-boundscheck"
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *BOUNDSCHECK_TESTS,
           "-k", BOUNDSCHECK_SELECT]
    t0 = time.perf_counter()
    r = subprocess.run(cmd, cwd=ROOT, env=_env(NUMBA_BOUNDSCHECK="1", NUMBA_CACHE_DIR=cache),
                       capture_output=True, text=True, timeout=TIMEOUT)
    seconds = time.perf_counter() - t0
    what = f"NUMBA_BOUNDSCHECK=1 run: {_summary(r.stdout)} ({seconds:.0f} s)"
    _show(capsys, what)
    assert r.returncode == 0, f"{what}\n{r.stdout[-4000:]}\n{r.stderr[-2000:]}"


def test_boundscheck_mode_turns_an_overflow_into_an_error():
    """The mode the run above relies on: a game whose max_options is too small (Nim's generator
    writes up to 40 options into the engine's buffer of 2) makes the engine raise IndexError
    under NUMBA_BOUNDSCHECK=1, through the kernel that calls the generator (Bouton's whole-table
    fill, which calls no generator, is taken away); without the flag numba would write past the
    buffer."""
    code = (
        "import dataclasses\n"
        "import gtables\n"
        "from gtables.engine.compute import fill\n"
        "g = dataclasses.replace(gtables.game('nim:heaps=1,size=40'), max_options=2,\n"
        "                        fast_fill=None)\n"
        "try:\n"
        "    fill(g, progress=False)\n"
        "except IndexError:\n"
        "    print('IndexError')\n")
    cache = numba_cache_dir().rstrip(os.sep) + "-boundscheck"
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                       env=_env(NUMBA_BOUNDSCHECK="1", NUMBA_CACHE_DIR=cache), timeout=600)
    assert r.returncode == 0 and r.stdout.strip() == "IndexError", r.stdout + r.stderr


def test_coverage_of_engine_and_games_without_jit(tmp_path, capsys):
    pytest.importorskip("coverage")
    data = tmp_path / ".coverage"
    report = tmp_path / "coverage.json"
    run = [sys.executable, "-m", "coverage", "run", f"--source={','.join(COVERED)}",
           "-m", "pytest", "-q", "-p", "no:cacheprovider", *COVERAGE_TESTS]
    env = _env(NUMBA_DISABLE_JIT="1", COVERAGE_FILE=str(data))
    t0 = time.perf_counter()
    r = subprocess.run(run, cwd=ROOT, env=env, capture_output=True, text=True, timeout=TIMEOUT)
    seconds = time.perf_counter() - t0
    assert r.returncode == 0, f"NUMBA_DISABLE_JIT=1 run failed:\n{r.stdout[-4000:]}\n{r.stderr[-2000:]}"
    j = subprocess.run([sys.executable, "-m", "coverage", "json", "-q", "-o", str(report)],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert j.returncode == 0, j.stderr
    files = json.loads(report.read_text())["files"]

    def total(prefix: str) -> tuple[int, int]:
        s = [f["summary"] for name, f in files.items() if name.startswith(prefix)]
        return sum(x["covered_lines"] for x in s), sum(x["num_statements"] for x in s)

    parts = {d: total(d) for d in COVERED}
    covered = sum(c for c, _ in parts.values())
    statements = sum(n for _, n in parts.values())
    assert statements > 0, f"coverage measured nothing under {COVERED}: {sorted(files)[:5]}"
    pct = 100.0 * covered / statements
    line = (f"coverage with NUMBA_DISABLE_JIT=1 of {' + '.join(COVERED)}: {pct:.1f}% "
            f"({covered:,} of {statements:,} statements; "
            + ", ".join(f"{d.split('/')[-1]} {100.0 * c / max(n, 1):.1f}%" for d, (c, n)
                        in parts.items()) + f"); tests: {_summary(r.stdout)} ({seconds:.0f} s)")
    _show(capsys, line)
    shown = " ".join(shlex.quote(a) for a in ["python", *run[1:]])
    rows = "\n".join(f"| `{name}` | {f['summary']['num_statements']} | "
                     f"{f['summary']['covered_lines']} | {f['summary']['percent_covered']:.1f}% |"
                     for name, f in sorted(files.items()))
    if not os.environ.get("GTABLES_WRITE_RESULTS"):
        return   # the figure is printed; results/coverage.md is rewritten only on request
    (ROOT / "results").mkdir(exist_ok=True)
    (ROOT / "results" / "coverage.md").write_text(
        "# Coverage of the engine and the game families, kernels run as plain Python\n\n"
        "Written by `GTABLES_WRITE_RESULTS=1 pytest tests/test_numba_modes.py` (every `pytest -q` "
        "prints the figure). The kernels and move "
        "generators run with `NUMBA_DISABLE_JIT=1`, so coverage sees their lines; the specialised "
        "fills (chips, End-Nim rows, octal sequences) run where the contract test computes their "
        "tables.\n\n"
        f"Command (from the repository root, with `NUMBA_DISABLE_JIT=1`):\n\n"
        f"```bash\nNUMBA_DISABLE_JIT=1 {shown}\n```\n\n"
        f"**Total: {pct:.1f}%** ({covered:,} of {statements:,} statements); "
        + ", ".join(f"`{d}` {100.0 * c / max(n, 1):.1f}% ({c:,} of {n:,})" for d, (c, n)
                    in parts.items())
        + f".\n\nTests: {re.sub(r' in [0-9.]+s.*$', '', _summary(r.stdout))}.\n\n"
        "| file | statements | covered | % |\n| --- | ---: | ---: | ---: |\n" + rows + "\n")
