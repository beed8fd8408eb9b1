"""The package as a user installs it: a wheel built from this tree, installed into a fresh venv and
run from outside the source tree.

The editable install the other tests use reads ``src/`` directly, so a module, a subpackage or a
data file left out of the wheel would pass every one of them; here it cannot hide.  The wheel must
hold every file of ``src/gtables``, carry the version of ``_version.py``, and the installed
command must compute, query and verify.  numba, numpy and h5py are taken from this interpreter's
site-packages (a ``.pth`` line, appended after the venv's own site-packages), never gtables
itself: the test checks ``gtables.__file__`` lies in the venv.
"""
from __future__ import annotations

import json
import os
import pathlib
import re
import shutil
import site
import subprocess
import sys
import sysconfig
import time
import zipfile
from importlib import metadata

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "gtables"
VERSION = re.search(r'^__version__ = "([^"]+)"$', (SRC / "_version.py").read_text(),
                    re.M).group(1)
# Kayles (octal 0.77), the table a small literature claim reads (period 12 from heap 71): computed
# first, so that verify finds it stored and the smoke test compiles one kernel, not two
SPEC, SIZE, CLAIM = "octal:code=0.77,size=600", 600, "lit.octal.0.77.period"
GOLDEN = ROOT / "tests" / "golden" / "verdicts_small.json"


def kayles(n: int) -> list[int]:
    """Grundy values of Kayles for heaps 0..n: take 1 or 2 stones, leaving 0, 1 or 2 heaps."""
    g: list[int] = []
    for h in range(n + 1):
        opts = {g[a] ^ g[h - k - a] for k in (1, 2) if k <= h for a in range(h - k + 1)}
        g.append(min(set(range(len(opts) + 1)) - opts))
    return g


def _package_files(root: pathlib.Path) -> set[str]:
    """Every file of the package below ``root`` (a ``src`` folder), as wheel paths."""
    return {p.relative_to(root).as_posix() for p in (root / "gtables").rglob("*")
            if p.is_file() and "__pycache__" not in p.parts and p.suffix not in (".pyc", ".pyo")}


def _copy_tree(dest: pathlib.Path) -> pathlib.Path:
    """This tree's top-level files and ``src`` (no caches, no egg-info), so that the build
    writes its ``build/`` and egg-info into a temp dir, never beside files others are editing,
    and no stale ``build/lib`` of an earlier build can slip a deleted module into the wheel."""
    dest.mkdir()
    for p in ROOT.iterdir():
        if p.is_file():
            shutil.copy2(p, dest / p.name)
    shutil.copytree(ROOT / "src", dest / "src",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info"))
    return dest


def _major(version: str) -> int:
    return int(re.match(r"\d*", version).group() or 0)


def _setuptools_major() -> int:
    try:
        return _major(metadata.version("setuptools"))
    except metadata.PackageNotFoundError:
        return 0


def _run(cmd, **kw) -> subprocess.CompletedProcess:
    r = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, timeout=600, **kw)
    assert r.returncode == 0, f"{' '.join(map(str, cmd))} exited {r.returncode}\n{r.stdout}\n{r.stderr}"
    return r


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> pathlib.Path:
    tmp = tmp_path_factory.mktemp("wheel")
    tree = _copy_tree(tmp / "tree")
    cmd = [sys.executable, "-m", "pip", "wheel", tree, "--no-deps", "-w", tmp / "dist", "-q"]
    # The test extras install setuptools>=77 (what [build-system] asks), so CI builds with no
    # download; without it pip builds in an isolated environment fetched from the index.
    if _setuptools_major() >= 77:
        cmd.append("--no-build-isolation")
    _run(cmd)
    (whl,) = (tmp / "dist").glob("gtables-*.whl")
    return whl


def test_wheel_holds_every_package_file(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = _package_files(ROOT / "src")
    assert any(n.startswith("gtables/verify/") for n in expected)     # the scan sees subpackages
    missing = sorted(expected - names)
    assert not missing, f"files of src/gtables missing from the wheel: {missing}"
    stray = sorted(n for n in names if not n.startswith(("gtables/", "gtables-")))
    assert not stray, f"the wheel holds files outside the package: {stray}"


def test_wheel_metadata(wheel):
    z = zipfile.ZipFile(wheel)
    assert wheel.name.startswith(f"gtables-{VERSION}-")
    meta = z.read(f"gtables-{VERSION}.dist-info/METADATA").decode()
    assert re.search(rf"^Version: {re.escape(VERSION)}$", meta, re.M)
    assert re.search(r"^License-Expression: MIT$", meta, re.M)
    assert "MIT License" in z.read(f"gtables-{VERSION}.dist-info/licenses/LICENSE").decode()
    entry = z.read(f"gtables-{VERSION}.dist-info/entry_points.txt").decode()
    assert re.search(r"^gtables = gtables\.cli:main$", entry, re.M)


def test_installed_wheel_runs_outside_the_tree(wheel, tmp_path):
    start = time.perf_counter()
    venv = tmp_path / "venv"
    py = venv / "bin" / "python"
    install = ["install", "--no-deps", "--no-index", "-q", wheel]
    if _major(metadata.version("pip")) >= 23:
        # this pip installs into the new venv (pip --python, pip >= 22.3): seeding the venv with
        # its own pip costs 6 s of CPU, three times the rest of the install
        _run([sys.executable, "-m", "venv", "--without-pip", venv])
        _run([sys.executable, "-m", "pip", "--python", py, *install])
    else:
        _run([sys.executable, "-m", "venv", venv])
        _run([py, "-m", "pip", *install])
    # numba, numpy, h5py, ... from this interpreter, after the venv's own site-packages
    purelib = _run([py, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"])
    deps = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"],
            *site.getsitepackages()}
    pathlib.Path(purelib.stdout.strip(), "_gtables_test_deps.pth").write_text(
        "\n".join(sorted(deps)) + "\n")

    work = tmp_path / "work"             # no src/, no gtables/ here
    work.mkdir()
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "GTABLES_STORE")}
    env.update(GTABLES_STORE=str(work / "tables.h5"), NUMBA_CACHE_DIR=str(tmp_path / "numba"),
               GTABLES_CACHE_DIR=str(tmp_path / "cache"))

    def run(*args, exe=(py, "-m", "gtables.cli")):
        return _run([*exe, *args], cwd=work, env=env)

    where = run("-c", "import gtables; print(gtables.__file__); print(gtables.__version__)",
                exe=(py,)).stdout.split()
    assert pathlib.Path(where[0]).resolve().is_relative_to(venv.resolve()), where
    assert where[1] == VERSION
    assert run("--version").stdout.strip() == f"gtables {VERSION}"
    assert run("--version", exe=(venv / "bin" / "gtables",)).stdout.strip() == f"gtables {VERSION}"

    run("compute", SPEC)
    ref = kayles(SIZE)
    q = json.loads(run("query", SPEC, "70", "--json").stdout)     # Kayles' last exception
    assert (q["grundy"], q["outcome"]) == (ref[70], "N")
    shown = json.loads(run("show", SPEC, "--format", "json", "--limit", str(SIZE + 1)).stdout)
    assert [e["value"] for e in shown["entries"]] == ref

    golden = json.loads(GOLDEN.read_text())
    assert CLAIM in golden, f"{CLAIM} is no longer a claim: pick another small one here"
    # the installed package knows the same claims as the source tree (every claim module imports)
    listed = run("verify", "--list", "--scale", "small").stdout
    in_tree = _run([sys.executable, "-m", "gtables.cli", "verify", "--list", "--scale", "small"],
                   cwd=work).stdout
    assert listed == in_tree
    run("verify", CLAIM, "--scale", "small", "--out", work / "out")
    (v,) = json.loads((work / "out" / "verify.json").read_text())["verdicts"]
    assert v["name"] == CLAIM
    assert {"status": v["status"], "checked": v["checked"]} == \
        {k: golden[CLAIM][k] for k in ("status", "checked")}
    print(f"wheel smoke test: {time.perf_counter() - start:.1f} s after the build")
