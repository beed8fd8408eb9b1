"""Attacks on the file kinds of issue 39: search checkpoints (forged with the checksum
recomputed, and what is not a checkpoint given as one), the re-derivation estimate of an import,
and export files listed as a store.  A wrong answer is one a command gives with exit 0 that
differs from the truth computed independently (the dense table in memory, or a plain recursion).
"""
from __future__ import annotations

import json
import os

import numpy as np

from .harness import cli

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
        r = cli(ctx, "solve", spec, "--method", "reachable", "--checkpoint", p, "--store",
                 store, "--json")
        rec.cmd(r, ok_rc=(0,))
        genuine[spec] = p
    # Cram 4 x 5's entries under Node-Kayles on the 4 x 5 grid (the same cells, the same bits)
    cram45 = os.path.join(base, "cram45.npz")
    rec.cmd(cli(ctx, "solve", "cram:rows=4,cols=5", "--method", "reachable", "--checkpoint",
                 cram45, "--store", store, "--json"), ok_rc=(0,))
    nk = os.path.join(base, "nk45.npz")
    rec.cmd(cli(ctx, "solve", "nodekayles:graph=grid-4x5", "--method", "reachable",
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
                r = cli(ctx, *argv)
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
        r = cli(ctx, "solve", "cram:rows=2,cols=3", "--method", "reachable", "--checkpoint",
                 target, "--store", store, timeout=60)
        rec.injections += 1
        rec.cmd(r, ok_rc=(2,))
    for p, body in before.items():
        if open(p, "rb").read() != body:
            rec.bad("outside", f"a file given as --checkpoint was changed: {p}")
    if not os.path.islink(link):
        rec.bad("outside", f"a link given as --checkpoint was replaced: {link}")


# -- the re-derivation estimate of an import (issue 39, item 5) -----------------------------------
ESTIMATED = "cram:rows=4,cols=5"        # 2^20 positions, re-derived in full in a fraction of a second
FORGED_AT = 700_001                     # far from any sample of about a thousand positions
TINY_LIMIT = {"GTABLES_REDERIVE_LIMIT": "0.000001"}     # forces the sample path


def _export_file(path: str, spec: str, values, attrs=None) -> None:
    """An export file written with gtables' own functions (every checksum valid; an export
    carries no seal); ``attrs`` as derived from the values unless given."""
    import h5py

    from gtables import api
    from gtables.store import relname
    from gtables.store import tablefile as tf
    a = api.derive_attrs(api.game(spec), values) if attrs is None else attrs
    with h5py.File(path, "w") as f:
        f.attrs.update({"schema": tf.EXPORT_SCHEMA, "schema_version": tf.FILE_VERSION})
        tf.export_image_add(f, relname(spec), values, dict(
            a, spec=spec, complete=1, schema=tf.TABLE_SCHEMA, schema_version=tf.FILE_VERSION))


def _plain_grundy(spec: str, position) -> int:
    """The Grundy value of one position by plain recursion over the family's ``options_ref``
    (no kernel, no table)."""
    from gtables import games
    from gtables.engine.game import split_spec
    name, pairs = split_spec(spec)
    fam = games.get(name)
    values = fam.parse(pairs)
    memo: dict = {}

    def grundy(p) -> int:
        k = tuple(int(x) for x in p)
        if k not in memo:
            seen = set()
            for o in fam.options_ref(values, k, 0):
                x = 0
                for part in o:
                    x ^= grundy(part)
                seen.add(x)
            memo[k] = next(i for i in range(len(seen) + 1) if i not in seen)
        return memo[k]
    return grundy(position)


def _digest(path: str) -> str:
    import hashlib
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def _query_wrong(r: dict, spec: str, position: str, want: int) -> None:
    """Mark ``r`` (a ``query --json``) wrong if it answered, with exit 0, other than ``want``."""
    if r.get("rc") == 0:
        try:
            got = json.loads(r["out"]).get("grundy")
        except ValueError:
            got = None
        if got != want:
            r["wrong"] = f"query {spec} {position}: answered {got}, truth {want}"


def attack_estimate(ctx, rec) -> None:
    """the re-derivation estimate of an import: an honest Cram 4 x 5 export (2^20 positions)
    imported again and again, each in a new process (never refused, never sampled: it re-derives
    in a fraction of a second); values forged far from any sample imported with --accept-sample
    1000 (refused: a full re-derivation fits); the same let in where the limit forces a sample
    (marked in list and show; check --deep must find it); answers against the dense table in
    memory and a plain recursion"""
    import gtables
    truth = ctx.ref(ESTIMATED)
    g = gtables.game(ESTIMATED)
    n = g.space.size
    base = ctx.sub("estimate")
    honest = os.path.join(base, "honest.h5")
    _export_file(honest, ESTIMATED, truth)
    before = _digest(honest)
    for i in range(2 if ctx.quick else 6):
        s = os.path.join(base, f"honest-{i}")
        r = cli(ctx, "import", honest, "--store", s, timeout=300)
        rec.injections += 1
        rec.cmd(r, ok_rc=(0,))
        said = f"re-derived: all {n:,}"
        if r.get("rc") == 0 and said not in r["out"]:
            rec.bad(None, f"an honest export was not re-derived in full: {r['out'][-300:]}")
        k = int(ctx.rng.randrange(n))
        pos = g.space.format_index(k)
        q = cli(ctx, "query", ESTIMATED, pos, "--json", "--store", s)
        _query_wrong(q, ESTIMATED, pos, int(truth[k]))
        rec.cmd(q, ok_rc=(0,))
        rec.seen[f"honest export: import exit {r.get('rc')}"
                 f"{', in full' if said in r.get('out', '') else ''}"] += 1
    spots = [FORGED_AT] + [ctx.rng.randrange(1 << 16, n) for _ in range(0 if ctx.quick else 4)]
    for k in spots:
        rec.injections += 1
        v = truth.copy()
        v[k] = 1 if v[k] == 0 else 0
        pos = g.space.format_index(k)
        want = _plain_grundy(ESTIMATED, g.space.unrank(np.array([k]))[0])
        if want != int(truth[k]):
            rec.bad("wrong", f"the dense table differs from a plain recursion at {pos}")
        forged = os.path.join(base, f"forged-{k}.h5")
        _export_file(forged, ESTIMATED, v)
        s = os.path.join(base, f"sample-{k}")
        r = cli(ctx, "import", forged, "--accept-sample", "1000", "--store", s, timeout=300)
        rec.cmd(r, ok_rc=(1,))
        if r.get("rc") == 0:
            r2 = cli(ctx, "query", ESTIMATED, pos, "--json", "--store", s)
            _query_wrong(r2, ESTIMATED, pos, want)
            rec.cmd(r2)
            rec.bad("wrong", f"a value forged at {pos} was imported with --accept-sample 1000 "
                             f"where a full re-derivation fits: {r['out'][-200:]}")
        rec.seen[f"forged at index {k:,}, --accept-sample 1000: import exit {r.get('rc')}"] += 1
        # the limit forces a sample: the user let it in; it must say so, and check --deep find it
        s = os.path.join(base, f"forced-{k}")
        r = cli(ctx, "import", forged, "--accept-sample", "1", "--store", s, timeout=300,
                 env=TINY_LIMIT)
        rec.cmd(r, ok_rc=(0, 1))
        if r.get("rc") != 0:
            rec.seen["forced sample: the sample hit the forged value"] += 1
            continue
        listed = cli(ctx, "list", "--json", "--store", s)
        rec.cmd(listed, ok_rc=(0,))
        try:
            row = json.loads(listed["out"])[0]
        except (ValueError, IndexError, KeyError):
            row = {}
        if not str(row.get("verified", "")).startswith("on a sample"):
            rec.bad(None, f"a table imported on a sample is not marked in list --json: {row}")
        shown = cli(ctx, "show", ESTIMATED, "--limit", "1", "--store", s)
        rec.cmd(shown, ok_rc=(0,))
        if "imported on a sample" not in shown.get("out", ""):
            rec.bad(None, "a table imported on a sample is not marked in show")
        deep = cli(ctx, "check", "--deep", "--store", s, timeout=300)
        rec.cmd(deep, ok_rc=(1,))
        if deep.get("rc") == 0:
            rec.bad("wrong", f"check --deep passed a value forged at {pos} (imported on a "
                             f"sample): {deep['out'][-300:]}")
        rec.seen[f"forced sample: check --deep exit {deep.get('rc')}"] += 1
    if _digest(honest) != before:
        rec.bad("outside", "import changed the export file it read")


# -- export files listed as a store (issue 39, item 6) --------------------------------------------
LISTED = "octal:code=0.07,size=300"
LISTED_KEYS = {"spec", "family", "length", "dtype", "stored_bytes", "file", "damaged", "verified"}


def _listed_forgeries(attrs: dict) -> dict:
    """Name -> (attributes with one fact forged, text the listing must not print)."""
    x = attrs["extra"]
    return {
        "max_value": (dict(attrs, max_value=99), "max 99"),
        "kind": (dict(attrs, kind="partizan"), "partizan"),
        "compute_seconds": (dict(attrs, compute_seconds=123456789.0), "123456789"),
        "created": (dict(attrs, created="1999-12-31T00:00:00+00:00"), "1999-12-31"),
        "description": (dict(attrs, description="a forged description"), "forged"),
        "shape": (dict(attrs, shape=[7, 43]), "[7, 43]"),
        "period": (dict(attrs, extra=dict(x, period=35, preperiod=70, saltus=0,
                                          proof="Guy-Smith: forged")), "forged"),
        "statistics": (dict(attrs, extra=dict(x, stats=dict(x["stats"], max_value=99,
                                                             zeros=1))), "99"),
        "params": (dict(attrs, params={"code": "0.77", "size": 300}), "0.77"),
        "sequence_key": (dict(attrs, sequence_key="octal:code=0.77"), "0.77"),
    }


def attack_list_export(ctx, rec) -> None:
    """export files listed as a store: each attribute forged in turn (largest value, kind,
    times, description, shape, period, statistics, parameters, sequence key) in an export made
    with gtables' own functions, then list, list --json and show --store FILE; a forged fact
    printed, or a fact other than those checked against the data, is a wrong answer"""
    import gtables
    from gtables import api
    truth = ctx.ref(LISTED)
    top = int(truth.max())
    g = gtables.game(LISTED)
    forgeries = _listed_forgeries(api.derive_attrs(g, truth))
    if ctx.quick:
        forgeries = {k: forgeries[k] for k in ("max_value", "period", "kind")}
    base = ctx.sub("listed")
    for i, (name, (attrs, token)) in enumerate(forgeries.items()):
        rec.injections += 1
        path = os.path.join(base, f"forged-{name.replace(' ', '-')}.h5")
        _export_file(path, LISTED, truth, attrs)
        r = cli(ctx, "list", "--store", path)
        listed = r.get("out", "").split("\n", 1)[-1]      # below the line naming the file
        if r.get("rc") == 0 and (token in listed or "not verified" not in listed):
            r["wrong"] = f"list of an export with its {name} forged: {listed[-300:]}"
        rec.cmd(r, ok_rc=(0,))
        r = cli(ctx, "list", "--json", "--store", path)
        if r.get("rc") == 0:
            try:
                row, = json.loads(r["out"])
            except ValueError:
                row = {"unparsed": r["out"][-200:]}
            facts = {"spec": LISTED, "family": "octal", "length": truth.size, "dtype": "uint8"}
            if set(row) - LISTED_KEYS or any(row.get(k) != v for k, v in facts.items()) or \
                    not str(row.get("verified", "")).startswith("not verified"):
                r["wrong"] = f"list --json of an export with its {name} forged: {row}"
        rec.cmd(r, ok_rc=(0,))
        if ctx.quick and i:         # show re-derives the table: once in the quick run
            continue
        r = cli(ctx, "show", LISTED, "--limit", "1", "--format", "json", "--store", path)
        if r.get("rc") == 0:
            try:
                d = json.loads(r["out"])
            except ValueError:
                d = {}
            if (d.get("stats") or {}).get("max_value") != top or d.get("kind") != "grundy" \
                    or "forged" in r["out"]:
                r["wrong"] = f"show of an export with its {name} forged: {r['out'][-300:]}"
        rec.cmd(r, ok_rc=(0,))
        k = int(ctx.rng.randrange(truth.size))
        q = cli(ctx, "query", LISTED, str(k), "--json", "--store", path)
        _query_wrong(q, LISTED, str(k), int(truth[k]))
        rec.cmd(q, ok_rc=(0,))
        rec.seen[f"export with its {name} forged, listed"] += 1


# -- canonical tables (issue 41): ids, and the game pool with its numbers beside them ------------
CANON = "domineering:rows=3,cols=3,value=canonical"


def attack_canonical(ctx, rec) -> None:
    """canonical tables: a byte flipped in the ids, in the pool or its numbers, anywhere, or the
    file cut; every query must print the true value and numbers or refuse"""
    import gtables
    from gtables.store import Store

    from .harness import c, damage, table_path
    truth = gtables.compute(CANON, store=None, progress=False)
    game = gtables.game(CANON)
    n = 3 if ctx.quick else 12
    jobs, keeps = [], []
    for how in ("chunk", "aux", "any", "truncate"):
        for _ in range(n):
            s = ctx.fresh("canon")
            gtables.compute(CANON, store=s, progress=False)
            Store(s).list()
            damage(ctx, table_path(s, CANON), how)
            cmds = [c("check", "--store", s)]
            for i in ctx.rng.sample(range(game.space.size), 3):
                pos = game.space.format_index(i)
                d = truth.describe(pos)
                cmds.append(c("query", CANON, pos, "--store", s, "--json",
                              text={k: d[k] for k in ("value", "temperature", "mean")}))
            jobs.append({"store": s, "cmds": cmds, "tables": list(ctx.seeds) + [CANON]})
            keeps.append(list(ctx.seeds))
    ctx.ref(CANON)
    for keep, res in zip(keeps, ctx.inspect(jobs, rec)):
        rec.judge(res, keep)
