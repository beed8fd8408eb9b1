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
        r = _cli(ctx, "import", honest, "--store", s, timeout=300)
        rec.injections += 1
        rec.cmd(r, ok_rc=(0,))
        said = f"re-derived: all {n:,}"
        if r.get("rc") == 0 and said not in r["out"]:
            rec.bad(None, f"an honest export was not re-derived in full: {r['out'][-300:]}")
        k = int(ctx.rng.randrange(n))
        pos = g.space.format_index(k)
        q = _cli(ctx, "query", ESTIMATED, pos, "--json", "--store", s)
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
        r = _cli(ctx, "import", forged, "--accept-sample", "1000", "--store", s, timeout=300)
        rec.cmd(r, ok_rc=(1,))
        if r.get("rc") == 0:
            r2 = _cli(ctx, "query", ESTIMATED, pos, "--json", "--store", s)
            _query_wrong(r2, ESTIMATED, pos, want)
            rec.cmd(r2)
            rec.bad("wrong", f"a value forged at {pos} was imported with --accept-sample 1000 "
                             f"where a full re-derivation fits: {r['out'][-200:]}")
        rec.seen[f"forged at index {k:,}, --accept-sample 1000: import exit {r.get('rc')}"] += 1
        # the limit forces a sample: the user let it in; it must say so, and check --deep find it
        s = os.path.join(base, f"forced-{k}")
        r = _cli(ctx, "import", forged, "--accept-sample", "1", "--store", s, timeout=300,
                 env=TINY_LIMIT)
        rec.cmd(r, ok_rc=(0, 1))
        if r.get("rc") != 0:
            rec.seen["forced sample: the sample hit the forged value"] += 1
            continue
        listed = _cli(ctx, "list", "--json", "--store", s)
        rec.cmd(listed, ok_rc=(0,))
        try:
            row = json.loads(listed["out"])[0]
        except (ValueError, IndexError, KeyError):
            row = {}
        if not str(row.get("verified", "")).startswith("on a sample"):
            rec.bad(None, f"a table imported on a sample is not marked in list --json: {row}")
        shown = _cli(ctx, "show", ESTIMATED, "--limit", "1", "--store", s)
        rec.cmd(shown, ok_rc=(0,))
        if "imported on a sample" not in shown.get("out", ""):
            rec.bad(None, "a table imported on a sample is not marked in show")
        deep = _cli(ctx, "check", "--deep", "--store", s, timeout=300)
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
        r = _cli(ctx, "list", "--store", path)
        listed = r.get("out", "").split("\n", 1)[-1]      # below the line naming the file
        if r.get("rc") == 0 and (token in listed or "not verified" not in listed):
            r["wrong"] = f"list of an export with its {name} forged: {listed[-300:]}"
        rec.cmd(r, ok_rc=(0,))
        r = _cli(ctx, "list", "--json", "--store", path)
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
        r = _cli(ctx, "show", LISTED, "--limit", "1", "--format", "json", "--store", path)
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
        q = _cli(ctx, "query", LISTED, str(k), "--json", "--store", path)
        _query_wrong(q, LISTED, str(k), int(truth[k]))
        rec.cmd(q, ok_rc=(0,))
        rec.seen[f"export with its {name} forged, listed"] += 1


ATTACKS += [attack_estimate, attack_list_export]


# -- a user's game under edited rules (issue 39, item 4) ------------------------------------------
ER_ROWS, ER_COLS = 2, 3
ER_SPEC = f"boardkayles:rows={ER_ROWS},cols={ER_COLS}"
# the docs' board Kayles (docs/your_own_game.md, section 2), then the same game edited to single
# cells; VERSION is filled in (None: the identity is the hash of the functions)
ER_KAYLES = '''\
import gtables
from gtables.cells import COLS, NOT_LAST_COL


def kayles_moves(pos, side, params, out):
    n, rest = 0, pos
    while rest:
        low = rest & -rest
        out[n], n, rest = pos ^ low, n + 1, rest ^ low
    cols = params[COLS]
    for pairs, step in ((pos & (pos >> 1) & params[NOT_LAST_COL], 1),
                        (pos & (pos >> cols), cols)):
        while pairs:
            low = pairs & -pairs
            out[n], n, pairs = pos ^ (low | low << step), n + 1, pairs ^ low
    return n


gtables.define_game("boardkayles", space="board", moves=kayles_moves, split="regions",
                    max_options=lambda sp: sp.n + sp.rows * (sp.cols - 1) + (sp.rows - 1) * sp.cols,
                    symmetry="all", version=VERSION)
'''
ER_SINGLES = '''\
import gtables


def kayles_moves(pos, side, params, out):
    n, rest = 0, pos
    while rest:
        low = rest & -rest
        out[n], n, rest = pos ^ low, n + 1, rest ^ low
    return n


gtables.define_game("boardkayles", space="board", moves=kayles_moves, split="regions",
                    max_options=lambda sp: sp.n, symmetry="all", version=VERSION)
'''
# a heap game (gtables.heap_game) whose options function is edited: subtract a square, then
# subtract 1 or 4 only
ER_SQUARES = '''\
import gtables


def options(n, out):
    c, s = 0, 1
    while s * s <= n and s <= LIMIT:
        out[2 * c] = n - s * s
        out[2 * c + 1] = 0
        c, s = c + 1, s + 1
    return c


gtables.heap_game("fisquares", options, max_options=12)
'''
ER_HEAPS = "fisquares:size=40"
# gtables.load in its own process, with the rules file imported first (or none)
ER_LOAD = '''\
import importlib.util, json, sys
import gtables
rules, store, spec, pos = sys.argv[1:5]
if rules:
    s = importlib.util.spec_from_file_location("edited_rules", rules)
    s.loader.exec_module(importlib.util.module_from_spec(s))
try:
    t = gtables.load(spec, store=store)
    print(json.dumps({"grundy": t.value(pos), "as_stored": getattr(t, "as_stored", None)}))
except gtables.GtablesError as e:
    print(f"gtables: error: {e}", file=sys.stderr)
    sys.exit(2)
'''


def _er_mex(values) -> int:
    seen = set(values)
    return next(i for i in range(len(seen) + 1) if i not in seen)


def _er_board(pairs: bool) -> list[int]:
    """Every value of the ER_ROWS x ER_COLS board, by plain recursion over bitmasks: board
    Kayles (``pairs``) or single cells only."""
    memo: dict[int, int] = {}
    for pos in range(1 << (ER_ROWS * ER_COLS)):      # options have smaller masks: in order
        cells = [c for c in range(ER_ROWS * ER_COLS) if pos >> c & 1]
        opts = [pos & ~(1 << c) for c in cells]
        if pairs:
            for c in cells:
                r, k = divmod(c, ER_COLS)
                for d, ok in ((1, k + 1 < ER_COLS), (ER_COLS, r + 1 < ER_ROWS)):
                    if ok and pos >> (c + d) & 1:
                        opts.append(pos & ~(1 << c) & ~(1 << (c + d)))
        memo[pos] = _er_mex(memo[o] for o in opts)
    return [memo[p] for p in range(1 << (ER_ROWS * ER_COLS))]


def _er_heaps(limit: int, size: int) -> list[int]:
    g: list[int] = []
    for n in range(size + 1):
        g.append(_er_mex(g[n - s * s] for s in range(1, limit + 1) if s * s <= n))
    return g


def _er_text(pos: int) -> str:
    return "|".join("".join("." if pos >> (r * ER_COLS + c) & 1 else "#" for c in range(ER_COLS))
                    for r in range(ER_ROWS))


def _er_mask(text: str) -> int:
    """The index of a board position as gtables writes it (rows top first, ``.`` free)."""
    return sum(1 << i for i, ch in enumerate(text.replace("|", "")) if ch == ".")


def _er_answer(truth: list[int], p: int, as_stored: bool = False):
    """A check of a ``query``/``solve``/load answer at position ``p``: its value (and each move's)
    against ``truth``; ``as_stored``: the answer must also say it is read as stored."""
    def check(out: dict) -> str | None:
        where = _er_text(p)
        if as_stored and not out.get("as_stored"):
            return f"{where}: {out['grundy']} given as the game's, not said to be as stored"
        if out["grundy"] != truth[p]:
            return f"{where}: {out['grundy']}, truth {truth[p]}"
        for m in out.get("moves", ()):
            to = _er_mask(m["to"])
            if m["value"] != truth[to]:
                return f"{where} -> {m['to']}: {m['value']}, truth {truth[to]}"
        return None
    return check


def _er_judge(r: dict, what: str, check) -> None:
    """Mark ``r`` wrong when it answered (exit 0) and ``check(parsed output)`` says why the
    answer is not the truth of the rules loaded (a string), or its output does not parse."""
    if r.get("rc") != 0:
        return
    try:
        why = check(json.loads(r["out"]))
    except (ValueError, KeyError, TypeError, IndexError) as e:
        why = f"an answer that does not read ({type(e).__name__}): {r['out'][-200:]!r}"
    if why:
        r["wrong"] = f"edited rules, {what}: {why}"


def attack_edited_rules(ctx, rec) -> None:
    """a user's game whose rules file was edited after its table was stored (the docs' board
    Kayles cut to single cells, by its hash and, in full mode, with its version bumped; a heap
    game's options function cut to two squares): query, query --moves, show, gtables.load,
    compute, solve (dense and reachable) and check --deep with the edited rules, and query,
    show, load and check --deep with none; an answer with exit 0 that is not the edited rules'
    truth, or without the rules not said to be read as stored, is wrong"""
    base = ctx.sub("edited-rules")
    old, new = _er_board(True), _er_board(False)
    contested = [p for p in range(len(old)) if (old[p] == 0) != (new[p] == 0)]
    positions = [len(old) - 1] + contested[:1]        # the start, and one whose outcome flips
    loader = os.path.join(base, "load.py")
    with open(loader, "w") as f:
        f.write(ER_LOAD)
    variants = [("hash", None, None)] + ([] if ctx.quick else [("version", "1", "2")])
    for variant, v_old, v_new in variants:
        d = ctx.sub(os.path.join("edited-rules", variant))
        kayles, singles = os.path.join(d, "kayles_rules.py"), os.path.join(d, "singles_rules.py")
        for path, text, v in ((kayles, ER_KAYLES, v_old), (singles, ER_SINGLES, v_new)):
            with open(path, "w") as f:
                f.write(text.replace("VERSION", repr(v)))
        store = os.path.join(d, "store")
        rec.cmd(_cli(ctx, "--rules", kayles, "compute", ER_SPEC, "--store", store), ok_rc=(0,))
        edited = ["--rules", singles]
        for p in positions:
            text = _er_text(p)
            for argv in (["query", ER_SPEC, text, "--json"],
                         ["query", ER_SPEC, text, "--moves", "--json"],
                         ["solve", ER_SPEC, text, "--json"],
                         ["solve", ER_SPEC, text, "--method", "reachable", "--no-checkpoint",
                          "--json"]):
                r = _cli(ctx, *edited, *argv, "--store", store)
                rec.injections += 1
                _er_judge(r, f"{variant} {' '.join(argv[:1] + argv[3:4])}",
                          _er_answer(new, p))
                rec.cmd(r, ok_rc=(0, 2))
            r = ctx.run([PY, loader, singles, store, ER_SPEC, text])
            rec.injections += 1
            _er_judge(r, f"{variant} gtables.load", _er_answer(new, p))
            rec.cmd(r, ok_rc=(0, 2))
            for r in (_cli(ctx, "query", ER_SPEC, text, "--json", "--store", store),
                      ctx.run([PY, loader, "", store, ER_SPEC, text])):
                rec.injections += 1       # no rules: the stored value, said to be as stored
                _er_judge(r, f"{variant} without the rules", _er_answer(old, p, as_stored=True))
                rec.cmd(r, ok_rc=(0, 2))
        r = _cli(ctx, *edited, "show", ER_SPEC, "--limit", "16", "--format", "json", "--store",
                 store)
        rec.injections += 1
        _er_judge(r, f"{variant} show", lambda out: next(
            (f"entry {i}: {e['value']}, truth {new[i]}" for i, e in enumerate(out["entries"])
             if e["value"] != new[i]), None))
        rec.cmd(r, ok_rc=(0, 2))
        r = _cli(ctx, "show", ER_SPEC, "--limit", "16", "--format", "json", "--store", store)
        rec.injections += 1
        _er_judge(r, f"{variant} show without the rules", lambda out: None if out.get(
            "as_stored") else "the stored values given as the game's (no as_stored)")
        rec.cmd(r, ok_rc=(0, 2))
        r = _cli(ctx, *edited, "compute", ER_SPEC, "--quiet", "--store", store)
        rec.injections += 1
        if r.get("rc") == 0 and "already stored" in r.get("out", ""):
            r["wrong"] = f"edited rules, {variant} compute: the old rules' table said stored"
        rec.cmd(r, ok_rc=(0, 2))
        r = _cli(ctx, *edited, "check", "--deep", "--store", store)
        rec.injections += 1
        if r.get("rc") == 0:
            r["wrong"] = f"edited rules, {variant} check --deep: the old rules' table passed"
        rec.cmd(r, ok_rc=(0, 1))
        r = _cli(ctx, "check", "--deep", "--store", store)
        rec.injections += 1
        if r.get("rc") == 0 and "every table re-derived" in r.get("out", ""):
            r["wrong"] = (f"{variant} check --deep without the rules: said every table "
                          f"re-derived")
        rec.cmd(r, ok_rc=(0, 1))
        rec.seen[f"{variant}: every command refused or answered the edited rules' truth"] += 1
    # the heap game
    d = ctx.sub(os.path.join("edited-rules", "heap"))
    squares, two = os.path.join(d, "squares_rules.py"), os.path.join(d, "two_rules.py")
    for path, limit in ((squares, 12), (two, 2)):
        with open(path, "w") as f:
            f.write(ER_SQUARES.replace("LIMIT", str(limit)))
    store = os.path.join(d, "store")
    rec.cmd(_cli(ctx, "--rules", squares, "compute", ER_HEAPS, "--store", store), ok_rc=(0,))
    truth_old, truth_new = _er_heaps(12, 40), _er_heaps(2, 40)
    n = next(k for k in range(41) if (truth_old[k] == 0) != (truth_new[k] == 0))
    for argv in (["query", ER_HEAPS, str(n), "--json"], ["show", ER_HEAPS, "--format", "json"]):
        r = _cli(ctx, "--rules", two, *argv, "--store", store)
        rec.injections += 1
        _er_judge(r, f"heap game {argv[0]}", lambda out: (
            None if out["grundy"] == truth_new[n] else f"heap {n}: {out['grundy']}")
            if "grundy" in out else next((f"heap {i}: {e['value']}" for i, e in
                                          enumerate(out["entries"]) if e["value"] !=
                                          truth_new[i]), None))
        rec.cmd(r, ok_rc=(0, 2))
    # --quiet: no compile notices (the heap game's move generator, a closure numba compiles in
    # every run, announces itself on a busy machine) beside the one error line
    r = _cli(ctx, "--rules", two, "compute", ER_HEAPS, "--quiet", "--store", store)
    rec.injections += 1
    if r.get("rc") == 0 and "already stored" in r.get("out", ""):
        r["wrong"] = "edited rules, heap game compute: the old rules' table said stored"
    rec.cmd(r, ok_rc=(0, 2))
    r = ctx.run([PY, loader, two, store, ER_HEAPS, str(n)])
    rec.injections += 1
    _er_judge(r, "heap game gtables.load", lambda out: None if out["grundy"] == truth_new[n]
              else f"heap {n}: {out['grundy']}, truth {truth_new[n]}")
    rec.cmd(r, ok_rc=(0, 2))
    rec.seen["heap game: every command refused or answered the edited rules' truth"] += 1


ATTACKS += [attack_edited_rules]


# -- misère quotients that are not what they say (issue 39, items 2 and 3) -----------------------
QF_CODE, QF_HEAPS = "0.75", 30
QF_SPEC = f"octal:code={QF_CODE},size={QF_HEAPS}"
QF_TOTAL = f"octal:code={QF_CODE},play=misere,total=8"     # sums past total 8: from a quotient
QF_LATE3 = "late3:size=30"
QF_LATE3_RULES = '''\
import gtables


def late3(n, out):
    c = 0
    for s in (1, 2, 3):
        if s <= n and (s < 3 or n >= 40):      # take 1 or 2; take 3 only from heap 40 on
            out[2 * c] = n - s
            out[2 * c + 1] = 0
            c += 1
    return c


gtables.heap_game("late3", late3, max_options=3, replace=True)
'''


def _qf_export(path: str, spec: str, values, extra: dict) -> None:
    """An export file holding one quotient, written with gtables' own functions: every
    checksum valid, no seal."""
    import h5py

    from gtables.store import relname
    from gtables.store import tablefile as tf
    with h5py.File(path, "w") as f:
        f.attrs.update({"schema": tf.EXPORT_SCHEMA, "schema_version": tf.FILE_VERSION})
        tf.export_image_add(f, relname(spec), np.asarray(values, dtype=np.int32),
                            {"spec": spec, "extra": extra, "complete": 1,
                             "schema": tf.QUOTIENT_SCHEMA, "schema_version": tf.FILE_VERSION},
                            area="quotients")


def _qf_plain(options):
    """Misère outcome of a sum of heaps by memoised plain recursion on ``options(h)``."""
    import functools

    @functools.cache
    def outcome(pos):
        moved = False
        for i, h in enumerate(pos):
            for o in options(h):
                moved = True
                nxt = pos[:i] + pos[i + 1:] + tuple(x for x in o if x)
                if outcome(tuple(sorted(nxt, reverse=True))) == "P":
                    return "N"
        return "P" if moved else "N"
    return lambda hs: outcome(tuple(sorted(hs, reverse=True)))


def _qf_late3_options(h: int) -> list:
    return [(h - s,) for s in (1, 2, 3) if s <= h and (s < 3 or h >= 40)]


def _qf_late3_truth(h: int) -> str:
    """One heap of late3: its misère outcome by the plain recursion written as a loop."""
    out = ["N"]
    for n in range(1, h + 1):
        out.append("N" if any(out[o[0]] == "P" for o in _qf_late3_options(n)) else "P")
    return out[h]


def _qf_plant(ctx, base: str, spec: str, values, extra: dict, sealed_by_old_import: bool) -> str:
    """A copy of the store ``base`` with the quotient file of ``spec`` replaced: sealed with
    this store's key under the description an import before the fix wrote, or written by
    another store (so unsealed here)."""
    import shutil

    from gtables.store import Store, relname
    s = ctx.name("qf")
    shutil.copytree(base, s, symlinks=True)
    if sealed_by_old_import:
        Store(s).write_quotient(spec, values, dict(extra, imported={
            "recertified": True, "checked_total": 20}), force=True)
    else:
        other = ctx.name("qf-other")
        Store(other).write_quotient(spec, values, extra)
        os.replace(os.path.join(other, "quotients", relname(spec)),
                   os.path.join(s, "quotients", relname(spec)))
    return s


def _qf_judge_outcome(r: dict, what: str, got_of, truth: str) -> None:
    """Mark ``r`` wrong when it answered, with exit 0, other than ``truth``."""
    if r.get("rc") == 0:
        try:
            got = got_of(json.loads(r["out"]))
        except (ValueError, KeyError, TypeError):
            got = None
        if got != truth:
            r["wrong"] = f"{what}: answered {got}, truth {truth}"


def attack_quotient_forgeries(ctx, rec) -> None:
    """misère quotients with valid checksums that are not what they say: 0.75's table made
    non-associative (ab ab^2 = 1, a ab = 1; more random products in full mode), imported from
    an export file, sealed by an import from before the monoid laws were checked, and planted
    unsealed; a user heap game's quotient (late3: take 1 or 2, and 3 from heap 40 on) with a
    forged periodicity certificate, imported and planted; query past a total (heaps in both
    orders), quotient --outcome, check --deep.  An answer with exit 0 that differs from a plain
    recursion is wrong; an import that takes a forged quotient, or a check --deep that passes
    one, is an anomaly"""
    from gtables.engine import quotient as Q
    from gtables.engine.misere_period import TakeAndBreak
    from gtables.games.octal import heap_options, take_and_break
    from gtables.store import Store

    base = ctx.name("qf-base")
    rec.cmd(_cli(ctx, "quotient", f"octal:code={QF_CODE}", "--heaps", str(QF_HEAPS),
                 "--check-total", "8", "-q", "--store", base), ok_rc=(0,))
    values, attrs = Store(base).read_quotient(QF_SPEC)
    extra = json.loads(json.dumps(attrs["extra"]))
    n, k = int(extra["heaps"]), int(extra["size"])
    true_q = Q.quotient(lambda h: heap_options(QF_CODE, h), QF_HEAPS,
                        rules=take_and_break(QF_CODE))
    plain = _qf_plain(lambda h: heap_options(QF_CODE, h))
    cert = true_q.period_certificate
    sums = [(1, 2, 9, 10), (10, 9, 2, 1)]
    if not ctx.quick:
        sums += [(1, 2, 3, 16), (16, 3, 2, 1), (1, 2, 9, 1_000_000), (1_000_000, 9, 2, 1),
                 (5, 5, 7, 12)]

    def truth(hs) -> str:        # heaps past 30 reduced by the proved period (the theorem)
        return plain(tuple(cert.reduce(h) for h in hs))

    def forged(changes) -> np.ndarray:
        v = np.array(values, dtype=np.int32)
        m = v[n + 1 + k:].reshape(k, k)
        for (x, y), z in changes:
            m[x, y] = m[y, x] = z
        v[n + 1 + k:] = m.ravel()
        return v

    name = true_q.names.index
    forgeries = [("ab ab^2 = 1", forged([((name("ab"), name("ab^2")), 0)]))]
    if not ctx.quick:
        forgeries.append(("a ab = 1", forged([((name("a"), name("ab")), 0)])))
    rng = np.random.default_rng(39)
    while not ctx.quick and len(forgeries) < 8:
        x, y = (int(t) for t in rng.integers(1, k, 2))
        z = int(rng.integers(0, k))
        if z != int(values[n + 1 + k + x * k + y]):
            forgeries.append((f"{x} {y} = {z}", forged([((x, y), z)])))
    for label, v in forgeries:
        victims = []
        path = os.path.join(ctx.sub("qf-exports"), "forged.h5")
        _qf_export(path, QF_SPEC, v, extra)
        s = ctx.name("qf-import")
        r = _cli(ctx, "import", path, "--store", s)
        rec.injections += 1
        rec.cmd(r, ok_rc=(1,))               # refused: exit 1, nothing imported
        if Store(s).exists() and Store(s).read_quotient(QF_SPEC) is not None:
            rec.bad(None, f"quotient forgeries/{label}: the import took a forged quotient")
            victims.append(s)
        for old in (True, False):
            victims.append(_qf_plant(ctx, base, QF_SPEC, v, extra, old))
            rec.injections += 1
        for s in victims:
            for hs in sums:
                pos = "+".join(map(str, hs))
                r = _cli(ctx, "query", QF_TOTAL, pos, "--json", "--store", s)
                _qf_judge_outcome(r, f"{label}: query {pos}", lambda d: d["outcome"], truth(hs))
                rec.cmd(r, ok_rc=(0, 2))
            hs = (1, 2, 3, 16)
            r = _cli(ctx, "quotient", f"octal:code={QF_CODE}", "--heaps", str(QF_HEAPS),
                     "--outcome", ",".join(map(str, hs)), "--json", "--store", s)
            _qf_judge_outcome(r, f"{label}: quotient --outcome",
                              lambda d, hs=hs: d["outcomes"][",".join(map(str, hs))], truth(hs))
            rec.cmd(r, ok_rc=(0, 2))
            r = _cli(ctx, "check", "--deep", "--json", "--store", s)
            rec.cmd(r, ok_rc=(1,))           # the forged quotient is reported damaged
        rec.seen[f"{label}: refused on import, on lookup and by check --deep"] += 1
    # a user heap game's quotient with a forged certificate for every heap: period 3 from heap
    # 0 for the rules "take 1 or 2", which are late3's on heaps 0..30 only
    d = ctx.sub("qf-late3")
    rules = os.path.join(d, "late3_rules.py")
    with open(rules, "w") as f:
        f.write(QF_LATE3_RULES)
    q = Q.quotient(_qf_late3_options, 30)
    wrong_rules = TakeAndBreak(one=(1, 2), two=(), k=2)
    isp = np.zeros(q.size, dtype=np.int32)
    isp[list(q.p_portion)] = 1
    lv = np.concatenate([q.phi, isp, q.mult.ravel()]).astype(np.int32)
    lx = {"layout": "phi,p_portion,mult", "game": QF_LATE3, "heaps": 30, "size": q.size,
          "p_size": q.p_size, "tame_to": q.tame_to, "expansions": list(q.expansions),
          "certified_to": "all", "names": list(q.names),
          "period_certificate": {"preperiod": 0, "period": 3, "heaps": 30,
                                 "window": wrong_rules.bound(0, 3),
                                 "rules": wrong_rules.as_dict(), "theorem": "forged"}}
    heaps = (41, 1_000_000) if not ctx.quick else (41,)
    lbase = ctx.name("qf-late3-base")           # the true quotient, replaced in each copy
    Store(lbase).write_quotient(QF_LATE3, lv, dict(lx, certified_to=30, period_certificate=None))
    path = os.path.join(d, "forged.h5")
    _qf_export(path, QF_LATE3, lv, lx)
    s = ctx.name("qf-late3-import")
    r = _cli(ctx, "--rules", rules, "import", path, "--store", s)
    rec.injections += 1
    rec.cmd(r, ok_rc=(1,))
    planted = (True,) if ctx.quick else (True, False)
    victims = [s] + [_qf_plant(ctx, lbase, QF_LATE3, lv, lx, old) for old in planted]
    rec.injections += len(planted)
    for s in victims:
        r = _cli(ctx, "--rules", rules, "quotient", "late3", "--heaps", "30", "--check-total",
                 "6", *[a for h in heaps for a in ("--outcome", str(h))], "--json", "--store", s)
        for h in heaps:
            _qf_judge_outcome(r, f"late3 quotient --outcome {h}",
                              lambda dd, h=h: dd["outcomes"][str(h)], _qf_late3_truth(h))
        rec.cmd(r, ok_rc=(0, 2))
        if s != victims[0]:
            r = _cli(ctx, "--rules", rules, "check", "--deep", "--json", "--store", s)
            rec.cmd(r, ok_rc=(1,))
    rec.seen["late3: the forged certificate refused on import, on lookup and by check --deep"] += 1


ATTACKS += [attack_quotient_forgeries]
