"""The first run: small octal tables by the plain path (numpy, nothing compiled), the same
tables as the kernels and the reference solver; kernels compiled when used, not imported; the
line that says a compile is under way."""
from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
from reference import reference_table

import gtables
from gtables import api
from gtables.engine.status import DONE, OVERFLOW, decode
from gtables.games.octal.plain import PLAIN_HEAPS, plain_range

CODES = ["0.07", "0.77", "0.137", "4.07", "4!.0", "0.6", "0.51", "0.4!7", "0.33", "0.8", "0.B7",
         "0.4!8", "C.1", "0.0F", "0.3F", "8.0"]


@pytest.mark.parametrize("code", CODES)
def test_plain_path_equals_the_kernels_and_the_reference(code):
    spec = f"octal:code={code},size=40"
    _, want = reference_table(spec)
    t = gtables.compute(spec, store=None, progress=False)
    assert t.attrs["extra"]["algorithm"] == "plain"
    assert t.attrs["extra"]["rare_heaps"] is None
    naive = api.compute_values(spec, algorithm="naive")[0]
    assert np.array_equal(np.asarray(t.values, np.int64), np.asarray(want, np.int64))
    assert np.array_equal(np.asarray(t.values, np.int64), np.asarray(naive, np.int64))


@pytest.mark.parametrize("code", ["0.07", "0.137", "4!.0", "0.B7"])
def test_plain_path_at_its_largest_table_equals_the_naive_kernel(code):
    size = PLAIN_HEAPS - 1
    spec = f"octal:code={code},size={size}"
    t = gtables.compute(spec, store=None, progress=False)
    naive = api.compute_values(spec, algorithm="naive")[0]
    assert t.attrs["extra"]["algorithm"] == ("plain" if code != "0.B7" else "naive")
    assert np.array_equal(np.asarray(t.values, np.int64), np.asarray(naive, np.int64))
    assert t.stats == gtables.compute(spec, store=None, progress=False,
                                      algorithm="naive").stats


def test_a_table_one_heap_larger_takes_the_kernel():
    t = gtables.compute(f"octal:code=0.07,size={PLAIN_HEAPS}", store=None, progress=False)
    assert t.attrs["extra"]["algorithm"] == "sparse"


def test_plain_range_says_overflow_at_the_first_value_past_the_dtype():
    ds = [0] + [3] * 300            # take 1..300 tokens: G(n) = n for n <= 300
    table = np.zeros(300, dtype=np.uint8)
    st = plain_range(ds, table, 0, 300)
    stop = decode(st)
    assert stop.pos == 256 and stop.code == OVERFLOW
    assert table[:256].tolist() == list(range(256))
    wide = table.astype(np.uint16)
    assert plain_range(ds, wide, 256, 300) == DONE
    assert wide.tolist() == list(range(300))


def test_stored_table_differs_only_in_what_computed_it(tmp_path):
    spec = "octal:code=0.07,size=1000"
    a = gtables.compute(spec, store=str(tmp_path / "a"), progress=False)
    b = gtables.compute(spec, store=str(tmp_path / "b"), progress=False, algorithm="sparse")
    assert np.array_equal(a.values, b.values) and a.stats == b.stats
    xa, xb = dict(a.attrs["extra"]), dict(b.attrs["extra"])
    assert xa["algorithm"] == "plain" and xb["algorithm"] == "sparse"
    what_ran = {"algorithm", "mask", "parity_bit", "rare_heaps", "last_rare", "threads",
                "this_run_seconds"}
    assert {k: v for k, v in xa.items() if k not in what_ran} == \
        {k: v for k, v in xb.items() if k not in what_ran}
    for key in ("spec", "family", "params", "kind", "dtype", "shape", "checksum", "length"):
        assert a.attrs[key] == b.attrs[key], key


#: Python source that records every function numba compiles in ``seen`` (numba's compile event)
LISTEN = ("import sys\nfrom numba.core import event as ev\n"
          "seen = []\n"
          "class L(ev.Listener):\n"
          "    def on_start(self, e): seen.append(e.data['dispatcher'].py_func.__qualname__)\n"
          "    def on_end(self, e): pass\n"
          "ev.register('numba:compile', L())\n")
#: ... then runs the CLI on its arguments and prints what compiled as its last line
CLI_LISTENING = LISTEN + ("from gtables.cli import main\n"
                          "rc = main(sys.argv[1:])\n"
                          "print(seen)\nsys.exit(rc)\n")


def test_importing_every_family_compiles_nothing():
    code = (LISTEN +
            "from gtables import games\n"
            "games.families()\n"
            "import gtables.api, gtables.cells, gtables.quotients\n"
            "print(seen)\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "[]", r.stdout


def test_a_small_octal_table_compiles_nothing(tmp_path):
    code = CLI_LISTENING
    r = subprocess.run([sys.executable, "-c", code, "compute", "octal:code=0.07,size=1000",
                        "--store", str(tmp_path / "s")], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[-1] == "[]" and "algorithm: plain" in r.stdout, r.stdout


@pytest.mark.parametrize("spec", ["nim:heaps=1,size=40", "nim:heaps=2,size=17",
                                  "nim:heaps=3,size=9", "nim:heaps=4,size=4",
                                  "nim:heaps=2,size=300", "nim:heaps=2,size=12,play=misere",
                                  "nim:heaps=3,size=5,play=misere", "nim:heaps=1,size=6,play=misere"])
def test_nim_by_bouton_equals_the_generic_kernels_and_the_reference(spec):
    from gtables.engine.compute import fill
    game = gtables.game(spec)
    assert game.fast_fill is not None
    t = gtables.compute(spec, store=None, progress=False)
    generic, _ = fill(game, generic=True, progress=False)
    assert t.values.dtype == generic.dtype and np.array_equal(t.values, generic)
    if game.space.size <= 2000:
        _, want = reference_table(spec)
        assert np.array_equal(np.asarray(t.values, np.int64), np.asarray(want, np.int64))


def _compute(tmp_path, cache: str, *flags):
    import os
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env["GTABLES_CACHE_DIR"] = str(tmp_path / cache)
    return subprocess.run([sys.executable, "-m", "gtables.cli", "compute", "wythoff:size=20",
                           "--no-store", *flags], capture_output=True, text=True, env=env,
                          timeout=900)


def test_a_compile_is_announced_on_a_cold_cache_only(tmp_path):
    quiet = _compute(tmp_path, "a", "--quiet")             # compiles, says nothing
    assert quiet.returncode == 0 and quiet.stderr == "", quiet.stderr
    warm = _compute(tmp_path, "a")                         # the cache is warm: nothing to say
    assert warm.returncode == 0 and warm.stderr == "", warm.stderr
    cold = _compute(tmp_path, "b")                         # an empty cache: the notice
    assert cold.returncode == 0, cold.stderr
    lines = cold.stderr.splitlines()
    assert lines and lines[0].startswith("gtables: compiling kernels for the wythoff family, "
                                         "once"), cold.stderr
    assert all(ln.startswith(("gtables: compiling kernels", "gtables: still compiling kernels, "))
               for ln in lines), cold.stderr
    for r in (quiet, warm, cold):                          # stdout: the result alone
        assert r.stdout.startswith("wythoff:size=20: 441 positions") and \
            "compiling" not in r.stdout, r.stdout


@pytest.mark.parametrize("args", [
    ("compute", "octal:code=0.B7,size=99999999"),              # the time guard
    ("compute", "nim:heaps=4,size=100000"),                     # the memory guard
    ("query", "wythoff:size=30", "3,40"),                       # off the table, not stored
    ("query", "cram:rows=2,cols=3", "..|..."),                  # a malformed board
    ("compute", "octal:code=0.07,size=-5"),                     # a bad value
])
def test_a_refusal_compiles_nothing(tmp_path, args):
    code = CLI_LISTENING
    r = subprocess.run([sys.executable, "-c", code, *args, "--store", str(tmp_path / "s")],
                       capture_output=True, text=True)
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert r.stdout.strip() == "[]", r.stdout
