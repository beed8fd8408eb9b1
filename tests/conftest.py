import os
import subprocess
import sys

import pytest


@pytest.fixture
def store_path(tmp_path):
    return str(tmp_path / "tables")        # a directory store, made on the first write


def run_cli(*args, store=None, env=None):
    """Run the real `gtables` command in a subprocess; returns CompletedProcess."""
    e = dict(os.environ)
    if store:
        e["GTABLES_STORE"] = store
    e.update(env or {})
    return subprocess.run([sys.executable, "-m", "gtables.cli", *args], capture_output=True,
                          text=True, env=e, timeout=600)


@pytest.fixture
def cli():
    return run_cli
