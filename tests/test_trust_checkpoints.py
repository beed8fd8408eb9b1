"""Search checkpoints are believed only when sealed by this store or re-derived (issue 39, item 1).

Each forgery below recomputes the checkpoint's SHA-256 the way gtables does (so the checksum
holds) and is fed to ``gtables solve --method reachable --checkpoint F``; the answer must be the
true one, which a plain recursion over the board's cells gives here (no gtables).  Files that are
not checkpoints (a FIFO, a user's notes, an unrelated ``.npz``, a link) are never opened for
reading as data, never written over, and refused with one line.
"""
from __future__ import annotations

import functools
import json
import os
import subprocess
import sys

import numpy as np
import pytest

import gtables
from gtables import GtablesError
from gtables.engine import search


# -- the truth, by plain recursion (no gtables) -----------------------------------------------------
def _dominoes(rows: int, cols: int, free: frozenset, horizontal: bool | None):
    for r in range(rows):
        for c in range(cols):
            if (r, c) not in free:
                continue
            if horizontal is not False and (r, c + 1) in free:
                yield free - {(r, c), (r, c + 1)}
            if horizontal is not True and (r + 1, c) in free:
                yield free - {(r, c), (r + 1, c)}


@functools.cache
def cram_grundy(rows: int, cols: int, free: frozenset) -> int:
    opts = {cram_grundy(rows, cols, o) for o in _dominoes(rows, cols, free, None)}
    return next(g for g in range(len(opts) + 1) if g not in opts)


@functools.cache
def cram_misere_wins(rows: int, cols: int, free: frozenset) -> bool:
    opts = list(_dominoes(rows, cols, free, None))
    return not opts or any(not cram_misere_wins(rows, cols, o) for o in opts)


@functools.cache
def domineering_wins(rows: int, cols: int, free: frozenset, left: bool) -> bool:
    # Left places vertical dominoes, Right horizontal ones (the usual convention)
    return any(not domineering_wins(rows, cols, o, not left)
               for o in _dominoes(rows, cols, free, not left))


def board(rows: int, cols: int) -> frozenset:
    return frozenset((r, c) for r in range(rows) for c in range(cols))


def truth(spec: str) -> dict:
    fam, _, rest = spec.partition(":")
    kv = dict(x.split("=") for x in rest.split(","))
    rows, cols = int(kv["rows"]), int(kv["cols"])
    if fam == "cram" and kv.get("play") == "misere":
        return {"outcome": "N" if cram_misere_wins(rows, cols, board(rows, cols)) else "P"}
    if fam == "cram":
        g = cram_grundy(rows, cols, board(rows, cols))
        return {"grundy": g, "outcome": "N" if g else "P"}
    lw = domineering_wins(rows, cols, board(rows, cols), True)
    rw = domineering_wins(rows, cols, board(rows, cols), False)
    return {"outcome": "N" if lw and rw else "L" if lw else "R" if rw else "P"}


# -- forging as a careful colleague would, with gtables' own checksum --------------------------
def read(path) -> tuple[np.ndarray, np.ndarray, dict]:
    with np.load(path) as z:
        return z["keys"].copy(), z["vals"].copy(), json.loads(str(z["meta"]))


def write(path, keys, vals, meta) -> None:
    meta = dict(meta, entries=int(keys.size), sha256=search._digest(keys, vals))
    meta.pop("seal", None)
    np.savez(path, keys=keys, vals=vals, meta=np.array(json.dumps(meta)))


def solve(spec, path, store, **kw) -> dict:
    return gtables.solve(spec, store=store, method="reachable", checkpoint=str(path),
                         progress=False, **kw)


def answer(d: dict) -> dict:
    return {k: d[k] for k in ("grundy", "outcome") if k in d}


def root_key(spec: str, meta: dict) -> int:
    g = gtables.game(spec)
    return int(g.search.canon(meta["position"], g.move_params))


SPEC = "cram:rows=3,cols=5"


@pytest.fixture
def made(tmp_path):
    """A genuine checkpoint of SPEC sealed by the store ``tmp_path/store``."""
    store = tmp_path / "store"
    path = tmp_path / "F.npz"
    first = solve(SPEC, path, store)
    assert answer(first) == truth(SPEC)
    return store, path


FORGERIES = {
    "root value 3": lambda k, v, root: (k, np.where(k == root, 3, v).astype(np.int32)),
    "root value 2^31-1": lambda k, v, root: (k, np.where(k == root, 2**31 - 1, v)
                                             .astype(np.int32)),
    "root value -5": lambda k, v, root: (k, np.where(k == root, -5, v).astype(np.int32)),
    "every value XOR 1": lambda k, v, root: (k, v ^ 1),
    "root dropped, an option set to 0": lambda k, v, root: _drop_and_zero(k, v, root),
}


def _drop_and_zero(keys, vals, root):
    keep = keys != root
    k, v = keys[keep], vals[keep].copy()
    v[np.flatnonzero(v)[0]] = 0             # the first entry of a nonzero value set to 0
    return k, v


@pytest.mark.parametrize("how", list(FORGERIES))
def test_a_forged_checkpoint_with_a_valid_checksum_gives_the_true_value(made, how, capsys):
    store, path = made
    keys, vals, meta = read(path)
    k2, v2 = FORGERIES[how](keys, vals, root_key(SPEC, meta))
    write(path, k2, v2, meta)
    capsys.readouterr()
    d = solve(SPEC, path, store)
    assert answer(d) == truth(SPEC)
    err = capsys.readouterr().err
    assert "does not re-derive" in err and "starting afresh" in err


def test_entries_of_another_game_under_this_games_header_are_refused(tmp_path, capsys):
    """Cram 4 x 5 entries under Node-Kayles on the 4 x 5 grid's header (same cells, same bits)."""
    store = tmp_path / "store"
    cram, nk = "cram:rows=4,cols=5", "nodekayles:graph=grid-4x5"
    a, b = tmp_path / "cram.npz", tmp_path / "nk.npz"
    solve(cram, a, store)
    truth_nk = solve(nk, b, None)            # the true value, no checkpoint believed
    keys, vals, _ = read(a)
    _, _, meta_nk = read(b)
    write(b, keys, vals, meta_nk)
    capsys.readouterr()
    d = solve(nk, b, store)
    assert answer(d) == answer(truth_nk)
    assert "does not re-derive" in capsys.readouterr().err


def test_identity_rewritten_breaks_the_seal_and_is_re_derived(made, capsys):
    store, path = made
    keys, vals, meta = read(path)
    meta["identity"] = "edited-rules"
    np.savez(path, keys=keys, vals=vals, meta=np.array(json.dumps(meta)))
    d = solve(SPEC, path, store)               # another search's: starts afresh
    assert answer(d) == truth(SPEC) and d["resumed"] == 0
    # the same with the header of this game but the seal forged under another key
    keys, vals, meta = read(path)
    meta["seal"] = "hmac-sha256:" + "0" * 64
    np.savez(path, keys=keys, vals=vals ^ 1, meta=np.array(json.dumps(
        dict(meta, sha256=search._digest(keys, vals ^ 1)))))
    capsys.readouterr()
    d = solve(SPEC, path, store)
    assert answer(d) == truth(SPEC)
    assert "does not re-derive" in capsys.readouterr().err


def test_sealed_is_resumed_unchecked_and_unsealed_is_re_derived_then_sealed(tmp_path, capsys):
    path = tmp_path / "F.npz"
    solve(SPEC, path, None)                  # no store: no key, so not sealed
    _, _, meta = read(path)
    assert "seal" not in meta
    capsys.readouterr()
    d = solve(SPEC, path, tmp_path / "store")
    assert answer(d) == truth(SPEC) and d["resumed"] > 0 and d["expanded"] == 0
    assert d["resumed_by"] == "re-derived"
    _, _, meta = read(path)
    assert str(meta.get("seal", "")).startswith("hmac-sha256:")   # written back sealed
    d = solve(SPEC, path, tmp_path / "store")
    assert d["resumed"] > 0 and d["resumed_by"] == "seal"
    d = solve(SPEC, path, tmp_path / "other-store")              # another store's seal
    assert answer(d) == truth(SPEC) and d["resumed_by"] == "re-derived"


@pytest.mark.parametrize("spec", ["domineering:rows=3,cols=4", "cram:rows=3,cols=4,play=misere"])
def test_outcome_checkpoints_are_re_derived(spec, tmp_path, capsys):
    store, path = tmp_path / "store", tmp_path / "F.npz"
    assert answer(solve(spec, path, store)) == truth(spec)
    keys, vals, meta = read(path)
    assert answer(solve(spec, path, None)) == truth(spec)      # genuine: re-derives and resumes
    flipped = vals ^ np.where(vals & 1, 2, 8 if "domineering" in spec else 0).astype(np.int32)
    write(path, keys, flipped, meta)
    capsys.readouterr()
    d = solve(spec, path, store)
    assert answer(d) == truth(spec)
    assert "does not re-derive" in capsys.readouterr().err


def _cli(*argv, env=None, timeout=120):
    return subprocess.run([sys.executable, "-m", "gtables.cli", *argv], capture_output=True,
                          text=True, timeout=timeout, env=env)


@pytest.mark.parametrize("what", ["fifo", "notes", "npz", "link", "directory"])
def test_what_is_not_a_checkpoint_is_refused_and_left_alone(what, tmp_path):
    victim = tmp_path / "victim"
    if what == "fifo":
        os.mkfifo(victim)
    elif what == "notes":
        victim.write_text("my notes\n")
    elif what == "npz":
        with open(victim, "wb") as f:
            np.savez(f, a=np.arange(5))
    elif what == "link":
        (tmp_path / "target").write_text("keep me\n")
        os.symlink(tmp_path / "target", victim)
    else:
        victim.mkdir()
    before = None if what in ("fifo", "directory") else open(victim, "rb").read()
    r = _cli("solve", "cram:rows=2,cols=3", "--method", "reachable", "--checkpoint",
             str(victim), "--store", str(tmp_path / "store"), timeout=60)
    assert r.returncode == 2, r.stderr
    lines = r.stderr.strip().splitlines()
    assert lines[-1].startswith("gtables: error:") and "Traceback" not in r.stderr
    if before is not None:
        assert open(victim, "rb").read() == before
    if what == "link":
        assert os.path.islink(victim)


def test_a_damaged_checkpoint_of_gtables_is_replaced(tmp_path, capsys):
    path = tmp_path / "F.npz"
    solve(SPEC, path, tmp_path / "store")
    data = bytearray(path.read_bytes())
    for k in range(100, 400):
        data[k] ^= 0x5A
    path.write_bytes(bytes(data))
    capsys.readouterr()
    d = solve(SPEC, path, tmp_path / "store")
    assert answer(d) == truth(SPEC) and d["resumed"] == 0
    assert "damaged" in capsys.readouterr().err
    _, _, meta = read(path)                   # rewritten whole, sealed
    assert meta["spec"] == SPEC and "seal" in meta


def test_the_engine_refuses_to_write_over_a_file_that_is_not_a_checkpoint(tmp_path):
    g = gtables.game(SPEC)
    notes = tmp_path / "notes.txt"
    notes.write_text("x")
    with pytest.raises(GtablesError, match="not a gtables search checkpoint"):
        search.solve(g, g.space.start_index(), checkpoint=str(notes), progress=False)
    assert notes.read_text() == "x"
