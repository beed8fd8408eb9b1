"""Fault injection on the file kinds added after the store's tables (issue 39): search
checkpoints, misère quotients and their certificates, a user's game under edited rules, the
re-derivation estimate of an import, and export files listed as a store.

Each ``attack_*(ctx, rec)`` takes the :class:`fault_injection.Ctx` (scratch directory, real
processes: ``ctx.run``) and :class:`fault_injection.Rec` (the counters: ``rec.cmd`` judges one
command, ``rec.bad`` counts) of ``scripts/fault_injection.py``, which registers them; this module
imports nothing of it.  A wrong answer is one a command gives with exit 0 that differs from the
truth computed independently (the dense table in memory, or a plain recursion).
"""
from __future__ import annotations

import json
import os
import sys

import numpy as np

PY = sys.executable


def _cli(ctx, *argv, timeout: float = 120, env=None) -> dict:
    return ctx.run([PY, "-m", "gtables.cli", *argv], timeout=timeout, env=env)


# -- search checkpoints ---------------------------------------------------------------------------
CK_GAMES = ("cram:rows=3,cols=5", "domineering:rows=3,cols=4", "cram:rows=3,cols=4,play=misere",
            "cram:rows=4,cols=6")


def _dense_truth(spec: str) -> dict:
    """The start's value from the dense table in memory (the search's code is not used)."""
    import gtables
    d = gtables.solve(spec, store=None, method="dense", progress=False)
    return {k: d[k] for k in ("grundy", "outcome") if k in d}


def _ck_read(path):
    with np.load(path) as z:
        return z["keys"].copy(), z["vals"].copy(), json.loads(str(z["meta"]))


def _ck_write(path, keys, vals, meta, keep_seal=False) -> None:
    from gtables.engine import search
    meta = dict(meta, entries=int(keys.size), sha256=search._digest(keys, vals))
    if not keep_seal:
        meta.pop("seal", None)
    with open(path, "wb") as f:
        np.savez(f, keys=keys, vals=vals.astype(np.int32), meta=np.array(json.dumps(meta)))


def _ck_forgeries(spec: str, keys, vals, meta, other: tuple | None) -> dict:
    """Name -> (keys, vals, meta) of each forgery of one genuine checkpoint (checksums recomputed
    as gtables computes them)."""
    import gtables
    g = gtables.game(spec)
    root = int(g.search.canon(meta["position"], g.move_params))
    at = keys == root
    out = {}
    if "grundy" in _dense_truth(spec):
        out["root value 3"] = (keys, np.where(at, 3, vals), meta)
        out["root value 2^31-1"] = (keys, np.where(at, 2**31 - 1, vals), meta)
        out["root value -1"] = (keys, np.where(at, -1, vals), meta)
        k, v = keys[~at], vals[~at].copy()
        nz = np.flatnonzero(v)
        if nz.size:
            v[nz[0]] = 0
            out["root dropped, an option set to 0"] = (k, v, meta)
        out["every value XOR 1"] = (keys, vals ^ 1, meta)
    else:
        out["every outcome bit flipped"] = (keys, vals ^ np.where(vals & 1, 2, 0) ^ np.where(
            vals & 4, 8, 0), meta)
        out["root's bits flipped"] = (keys, np.where(at, vals ^ 10, vals), meta)
    out["identity rewritten"] = (keys, vals ^ (1 if "grundy" in _dense_truth(spec) else 2),
                                 dict(meta, identity="edited"))
    out["values changed, seal kept"] = (keys, vals ^ (1 if "grundy" in _dense_truth(spec)
                                                      else 2), meta)
    if other is not None:
        out["another game's entries under this header"] = (other[0], other[1], meta)
    return out


def attack_checkpoints(ctx, rec) -> None:
    """search checkpoints: values forged with the SHA-256 recomputed (root 3, 2^31-1, -1, every
    value XOR 1, root dropped and an option zeroed, outcome bits flipped), another game's entries
    under this game's header, identity rewritten, the seal kept over changed values; FIFOs,
    devices, links, directories, a user's notes and an unrelated .npz given as --checkpoint"""
    base = ctx.sub("ck")
    store = os.path.join(base, "store")
    genuine = {}
    games = CK_GAMES[:2] if ctx.quick else CK_GAMES
    for spec in games:
        p = os.path.join(base, spec.replace(":", "_").replace(",", "_") + ".npz")
        r = _cli(ctx, "solve", spec, "--method", "reachable", "--checkpoint", p, "--store",
                 store, "--json")
        rec.cmd(r, ok_rc=(0,))
        genuine[spec] = p
    # Cram 4 x 5's entries under Node-Kayles on the 4 x 5 grid (the same cells, the same bits)
    cram45 = os.path.join(base, "cram45.npz")
    rec.cmd(_cli(ctx, "solve", "cram:rows=4,cols=5", "--method", "reachable", "--checkpoint",
                 cram45, "--store", store, "--json"), ok_rc=(0,))
    nk = os.path.join(base, "nk45.npz")
    rec.cmd(_cli(ctx, "solve", "nodekayles:graph=grid-4x5", "--method", "reachable",
                 "--checkpoint", nk, "--store", store, "--json"), ok_rc=(0,))
    genuine["nodekayles:graph=grid-4x5"] = nk
    for spec, path in genuine.items():
        truth = _dense_truth(spec)
        keys, vals, meta = _ck_read(path)
        other = _ck_read(cram45)[:2] if spec.startswith("nodekayles") else None
        forgeries = _ck_forgeries(spec, keys, vals, meta, other)
        if ctx.quick:           # the pytest run: every third forgery of each game
            forgeries = dict(list(forgeries.items())[::3])
        for name, (k, v, m) in forgeries.items():
            victim = os.path.join(base, "forged.npz")
            _ck_write(victim, k, v, m, keep_seal=name == "values changed, seal kept")
            for argv in (["solve", spec, "--method", "reachable", "--checkpoint", victim,
                          "--store", store, "--json"],
                         ["solve", spec, "--method", "reachable", "--checkpoint", victim,
                          "--store", os.path.join(base, "elsewhere"), "--json"])[:1 + (
                              not ctx.quick)]:
                r = _cli(ctx, *argv)
                rec.injections += 1
                if r.get("rc") == 0:
                    got = json.loads(r["out"])
                    seen = {k2: got[k2] for k2 in ("grundy", "outcome") if k2 in got}
                    if seen != truth:
                        r["wrong"] = f"{spec} {name}: answered {seen}, truth {truth}"
                rec.cmd(r, ok_rc=(0,))
                _ck_write(victim, k, v, m, keep_seal=name == "values changed, seal kept")
    # what is not a checkpoint: refused in one line, never opened for reading, never written
    # (ctx.victims holds a FIFO, a directory and a file of someone else's; three more here,
    # compared byte for byte before and after)
    mine = ctx.sub("ck-victims")
    notes, other_npz, link = (os.path.join(mine, n) for n in ("notes.txt", "unrelated.npz",
                                                             "link.npz"))
    with open(notes, "w") as f:
        f.write("my notes\n")
    with open(other_npz, "wb") as f:
        np.savez(f, a=np.arange(4))
    if not os.path.lexists(link):
        os.symlink(notes, link)
    before = {p: open(p, "rb").read() for p in (notes, other_npz)}
    for target in (os.path.join(ctx.victims, "fifo"), os.path.join(ctx.victims, "dir"),
                   "/dev/null", notes, other_npz, link, os.path.join(ctx.victims, "victim.txt")):
        r = _cli(ctx, "solve", "cram:rows=2,cols=3", "--method", "reachable", "--checkpoint",
                 target, "--store", store, timeout=60)
        rec.injections += 1
        rec.cmd(r, ok_rc=(2,))
    for p, body in before.items():
        if open(p, "rb").read() != body:
            rec.bad("outside", f"a file given as --checkpoint was changed: {p}")
    if not os.path.islink(link):
        rec.bad("outside", f"a link given as --checkpoint was replaced: {link}")


# the attacks of this module, in the order fault_injection.py runs them (each helper appends its own)
ATTACKS = [attack_checkpoints]
