"""Attacks through what a store receives: imports of damaged, forged, foreign and old
(version-2) files, resource limits during every write path (full disk, RLIMIT_FSIZE,
RLIMIT_AS), and received tables whose values or attributes are forged (issue 31).
"""
from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import subprocess
import traceback

import numpy as np

from .harness import (
    BIG,
    CHURN,
    CK_KEY,
    CK_SPEC,
    EXPORTED,
    NEW,
    SEEDS,
    WORDS,
    Ctx,
    Rec,
    c,
    damage,
    first_line,
    shorten,
    table_path,
)


def v2_store(ctx: Ctx, path: str) -> None:
    """An old single-file store (schema gtables.store, version 2) written with plain h5py:
    sound tables, one forged (checksums valid), one with a flipped byte, one with an attribute
    changed after sealing; a journal beside it."""
    import h5py

    from gtables.store import tablefile as tf
    kinds = {EXPORTED[0]: "", EXPORTED[1]: "", SEEDS[1]: "", SEEDS[2]: "forged",
             CHURN[1]: "flipped", NEW: "meta"}
    with h5py.File(path, "w") as f:
        f.attrs.update({"schema": "gtables.store", "schema_version": 2})
        for spec, kind in kinds.items():
            key, v = hashlib.sha1(spec.encode()).hexdigest()[:24], ctx.ref(spec).copy()
            v[7] ^= kind == "forged"
            dg = tf.chunk_digests(v, tf.CHUNK)
            f.require_group("digests").create_dataset(key, data=dg)
            ds = f.require_group("tables").create_dataset(key, data=v, chunks=(v.size,),
                                                          fletcher32=True)
            ds.attrs.update({"schema": "gtables.table", "schema_version": 2, "spec": spec,
                             "family": spec.split(":")[0], "kind": "grundy",
                             "dtype": str(v.dtype), "checksum": tf.checksum(v),
                             "chunk_elems": tf.CHUNK, "chunk_digests": tf.checksum(dg),
                             "complete": 1, "created": "2026-01-01T00:00:00+00:00"})
            ds.attrs["meta_checksum"] = tf.meta_checksum(tf.attrs_of(ds))
            if kind == "meta":
                ds.attrs["created"] = "2026-01-02"
            if kind == "flipped":
                off = ds.id.get_chunk_info(0).byte_offset + 5
    with open(path, "r+b") as fh:
        fh.seek(off)
        b = fh.read(1)[0]
        fh.seek(off)
        fh.write(bytes([b ^ 0x40]))
    with open(path + ".journal", "wb") as fh:
        fh.write(os.urandom(56))


def attack_import(ctx: Ctx, rec: Rec) -> None:
    """import of damaged, forged, foreign and same files, and of an old version-2 store (the
    source's bytes never change)"""
    import h5py

    from gtables.store import relname
    from gtables.store import tablefile as tf
    src = ctx.sources
    v2, forged, foreign = (os.path.join(src, x) for x in ("old.h5", "forged.h5", "x.h5"))
    v2_store(ctx, v2)
    with h5py.File(forged, "w") as f:                 # one value changed, checksums valid
        f.attrs.update({"schema": tf.EXPORT_SCHEMA, "schema_version": tf.FILE_VERSION})
        for spec, at in ((SEEDS[1], 5), (CHURN[1], 32), (CHURN[2], 40)):
            v = ctx.ref(spec).copy()
            v[at] ^= 1
            tf.export_image_add(f, relname(spec), v, {"spec": spec, "complete": 1,
                                                     "family": spec.split(":")[0]})
    with h5py.File(foreign, "w") as f:
        f["data"] = np.arange(10)
    for name, body in (("text.txt", b"hello\n"), ("empty.h5", b"")):
        with open(os.path.join(src, name), "wb") as f:
            f.write(body)
    link = os.path.join(ctx.work, "share-link.h5")
    os.symlink(ctx.export, link)
    cases = [("an export file", ctx.export, EXPORTED), ("the same export twice", ctx.export, ()),
             ("an export through a symlink", link, EXPORTED),
             ("an old version-2 store", v2, EXPORTED), ("forged values", forged, ()),
             ("a foreign HDF5 file", foreign, ()), ("a text file", f"{src}/text.txt", ()),
             ("an empty file", f"{src}/empty.h5", ()), ("a FIFO", f"{ctx.victims}/fifo", ()),
             ("a directory", ctx.victims, ()), ("/dev/zero", "/dev/zero", ()),
             ("a missing file", f"{src}/missing.h5", ())]
    for i in range(6 if ctx.quick else 40):
        p = os.path.join(src, f"damaged-{i}.h5")
        shutil.copy(ctx.export, p)
        damage(ctx, p, ("any", "chunk", "truncate")[i % 3])
        cases.append(("a damaged export file", p, ()))
    jobs = []
    for what, path, _ in cases:
        s = ctx.fresh("import")
        cmds = [c("import", path, "--store", s)] * (1 + (what == "the same export twice"))
        cmds += [c("import", table_path(s, SEEDS[0]), "--store", s), c("import", s, "--store", s),
                 c("check", "--deep", "--store", s)]
        cmds += [ctx.query(x, path) for x in EXPORTED] if "damaged" in what else []
        jobs.append({"store": s, "cmds": cmds, "tables": sorted(set(ctx.seeds + EXPORTED +
                                                                    CHURN))})
    for (what, _, imported), res in zip(cases, ctx.inspect(jobs, rec)):
        rec.judge(res, list(ctx.seeds) + list(imported))
        rec.seen[f"{what}: import exit {res['cmds'][0]['rc'] if res['cmds'] else None}"] += 1


def attack_limits(ctx: Ctx, rec: Rec) -> None:
    """full disk (a 300 KiB tmpfs), RLIMIT_FSIZE and RLIMIT_AS during compute, --force,
    checkpoint, export and import"""
    tmpfs = ctx.sub("tmpfs")
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=300k", "tmpfs", tmpfs],
                       capture_output=True, text=True)
    if r.returncode == 0:
        ctx.mounts.append(tmpfs)
    else:
        rec.seen[f"no tmpfs (mount: {first_line(r.stderr)}): RLIMIT_FSIZE and RLIMIT_AS only"] += 1
    small = ctx.fresh("small")                          # the small seeds: 300 KiB takes them
    for p in [table_path(small, s) for s in ctx.seeds if s not in SEEDS]:
        os.unlink(p)
    paths = {"compute": ("write", ["compute", NEW, "--quiet"]),
             "--force": ("write", ["compute", SEEDS[2], "--force", "--quiet"]),
             "checkpoint": ("checkpoint", ["compute", CK_SPEC, "--quiet", "--checkpoint-seconds",
                                           "0.000001"]),
             "export": ("export", ["export", *SEEDS, "--to", None]),
             "import": ("import", ["import", ctx.export])}
    if not ctx.quick:                                   # 1.1 million values: no longer tiny
        paths["--force of two chunks"] = ("write", ["compute", BIG, "--force", "--quiet"])
    mib = 1 << 20           # RLIMIT_AS: the store refuses HDF5 less than 32 MiB of room
    levels = {"space": [0, 16000], "fsize": [0, 9000], "as": [mib, 33 * mib]} if ctx.quick \
        else {"space": [0, 2000, 9000, 16000, 30000, 60000],
              "fsize": [0, 600, 3000, 9000, 14000, 40000],
              "as": [0, 1 << 16, mib, 8 * mib, 32 * mib + (1 << 18), 33 * mib, 34 * mib,
                     36 * mib, 48 * mib, 128 * mib]}
    jobs, meta = [], []
    for kind, value, (name, (scope, argv)) in [(k, v, p) for k, vs in levels.items()
                                               for v in vs for p in paths.items()]:
        if kind == "space" and (not ctx.mounts or "two" in name):
            continue
        s = os.path.join(tmpfs, "store") if kind == "space" else ctx.fresh("limits", small)
        out = os.path.join(os.path.dirname(s), f"export-{ctx.rng.randrange(1 << 30)}.h5")
        jobs.append({"store": s, "setup": [s, small, value] if kind == "space" else None,
                     "hook": None if kind == "space" else {"scope": scope,
                                                           "limit": [kind, value]},
                     "cmds": [c(*[a or out for a in argv], "--store", s),
                              c("check", "--store", s)],
                     "tables": list(SEEDS) + [NEW], "ckpt": {CK_KEY: CK_SPEC}})
        meta.append((kind, value, name))
    for (kind, value, name), res in zip(meta, ctx.inspect(jobs, rec, split=1)):
        rec.injections += 1
        for r, ok in zip(res["cmds"], ((0, 2), (0,))):
            rec.cmd(r, ok_rc=ok, words=WORDS[kind])
        rec.judge({**res, "cmds": []}, SEEDS, count=False)
        rec.seen[f"{kind} {value} during {name}: exit "
                 f"{res['cmds'][0]['rc'] if res['cmds'] else None}"] += 1


# -- issue 31: what a received file says, and the store's own edges -------------------------------

DAWSON = "octal:code=0.07,size=40000"           # the forged heap of issue 31: G(38997) 7 -> 8
DAWSON_LONGER = "octal:code=0.07,size=60000"


def _forged_export(path: str, spec: str, values: np.ndarray, attrs: dict) -> None:
    """An export file made with gtables' own functions: every checksum valid, no seal."""
    import h5py

    from gtables.store import relname
    from gtables.store import tablefile as tf
    with h5py.File(path, "w") as f:
        f.attrs.update({"schema": tf.EXPORT_SCHEMA, "schema_version": tf.FILE_VERSION})
        full = dict(attrs, spec=spec, complete=1, max_value=int(values.max()),
                    schema=tf.TABLE_SCHEMA, schema_version=tf.FILE_VERSION)
        tf.export_image_add(f, relname(spec), values, full)


def _true_attrs(spec: str, values: np.ndarray) -> dict:
    from gtables import api
    return api.derive_attrs(api.game(spec), values)


FORGED_ATTRS = {
    "kind": lambda a: dict(a, kind="partizan"),
    "encoding": lambda a: dict(a, encoding="outcome"),
    "index": lambda a: dict(a, index={"scheme": "heap", "size": 7}),
    "shape": lambda a: dict(a, shape=[200, 200]),
    "params": lambda a: dict(a, params={"code": "0.77", "size": 40000}),
    "family": lambda a: dict(a, family="nim"),
    "sequence_key": lambda a: dict(a, sequence_key="octal:code=0.77"),
    "period": lambda a: dict(a, extra=dict(a["extra"], period=35, preperiod=70, saltus=0,
                                           proof="Guy-Smith: forged")),
    "statistics": lambda a: dict(a, extra=dict(a["extra"], stats=dict(
        a["extra"]["stats"], max_value=99, zeros=1, checksum=12345))),
    "bounded": lambda a: dict(a, extra=dict(a["extra"], bounded={
        "stats_to": 10_000_000, "window": 65536, "stats": {"checksum": 1}})),
    "bounded (malformed)": lambda a: dict(a, extra=dict(a["extra"], bounded={"x": 1})),
    "compute_seconds": lambda a: dict(a, compute_seconds=1e9),
    "description": lambda a: dict(a, description="forged"),
}


def _attrs_believed(spec: str, store: str, ref: np.ndarray) -> str | None:
    """What of a table's description in ``store`` is not derived from its spec and values:
    None if everything the API answers is what the truth gives."""
    from gtables import api
    from gtables.engine.periodicity import find_period
    t = api.load(spec, store=store)
    g = api.game(spec)
    x = t.attrs.get("extra") or {}
    truth = find_period(ref)
    p = t.periodicity()
    checks = {"kind": t.kind == g.kind and t.attrs.get("kind") == g.kind,
              "encoding": t.attrs.get("encoding") == api._attrs_for(g, ref, 0)["encoding"],
              "index": t.attrs.get("index") == g.space.meta(),
              "params": t.attrs.get("params") == g.params,
              "sequence_key": t.attrs.get("sequence_key") == g.sequence_key,
              "period": (p.period, p.preperiod) == (truth.period, truth.preperiod),
              "statistics": (t.stats or {}).get("max_value") == int(ref.max()),
              "bounded": "bounded" not in x, "description": t.attrs.get("description") != "forged",
              "compute_seconds": float(t.attrs.get("compute_seconds", 0)) < 1e9,
              "values": bool(np.array_equal(np.asarray(t.values), ref))}
    bad = [k for k, ok in checks.items() if not ok]
    return ", ".join(bad) or None


def attack_received(ctx: Ctx, rec: Rec) -> None:
    """export files from elsewhere and tables copied in by hand: a value forged where the old
    fixed sample never read (0.07 to 40,000: G(38997) 7->8, and random heaps past 2^15), each
    attribute forged and resealed with gtables' own functions (in an export, and in a table
    file rewritten inside the store), forged tables sealed by another store copied in, then
    import, check --deep, query and a longer run resuming"""
    from gtables import api
    from gtables.store import Store
    ref = ctx.ref(DAWSON)
    ctx.ref(DAWSON_LONGER)          # the longer run is read back against it
    heaps = [38997] + ctx.rng.sample(range(1 << 15, ref.size), 1 if ctx.quick else 40)
    jobs = []
    for k in heaps:
        v = ref.copy()
        v[k] = 8 if v[k] == 7 else v[k] ^ 1
        path = os.path.join(ctx.sources, f"forged-{k}.h5")
        _forged_export(path, DAWSON, v, _true_attrs(DAWSON, v))
        s = ctx.fresh("received")
        jobs.append({"store": s, "tables": [*ctx.seeds, DAWSON, DAWSON_LONGER],
                     "cmds": [c("import", path, "--store", s), c("check", "--deep", "--store", s),
                              c("compute", DAWSON_LONGER, "--store", s, "--quiet"),
                              ctx.query(DAWSON_LONGER, s)]})
    for k, res in zip(heaps, ctx.inspect(jobs, rec, timeout=300)):
        rec.judge(res, list(ctx.seeds) + [DAWSON_LONGER])
        if res["cmds"] and res["cmds"][0]["rc"] != 1:
            rec.bad("wrong", f"an export with G({k}) forged was imported: exit "
                             f"{res['cmds'][0]['rc']}")
        rec.seen[f"forged value: import exit {res['cmds'][0]['rc'] if res['cmds'] else None}"] += 1
    from gtables.errors import GtablesError
    names = ("kind", "period", "bounded", "shape") if ctx.quick else tuple(FORGED_ATTRS)
    for where in ("export", "store file"):
        for name in names:
            forge = FORGED_ATTRS[name]
            rec.injections += 1
            s = ctx.fresh("attrs")
            try:
                attrs = forge(_true_attrs(DAWSON, ref))
                if where == "export":
                    path = os.path.join(ctx.sources, f"attrs-{ctx.rng.randrange(1 << 30)}.h5")
                    _forged_export(path, DAWSON, ref, attrs)
                    api.import_tables(path, store=s, echo=lambda m: None)
                else:
                    from gtables.store import tablefile as tf
                    target = table_path(s, DAWSON)
                    os.makedirs(os.path.dirname(target), exist_ok=True)
                    with contextlib.suppress(FileNotFoundError):
                        os.unlink(target)
                    full = dict(attrs, spec=DAWSON, complete=1, max_value=int(ref.max()),
                                schema=tf.TABLE_SCHEMA, schema_version=tf.FILE_VERSION)
                    with open(target, "wb") as f:        # resealed: meta_checksum, no key
                        f.write(tf.image(tf.TABLE_SCHEMA, ref, full))
                believed = _attrs_believed(DAWSON, s, ref)
            except GtablesError as e:       # refused in one line: nothing believed
                rec.seen[f"forged attribute ({where}): refused ({shorten(first_line(e))[:60]})"] += 1
                continue
            except Exception:
                rec.bad("tracebacks", f"forged {name} ({where}): {traceback.format_exc()[-700:]}")
                continue
            if believed:
                rec.bad("wrong", f"forged {name} ({where}) reached the API: {believed}")
            rec.seen[f"forged attribute ({where}): {'believed' if believed else 'derived'}"] += 1
    # forged tables sealed by another store's key, copied into this one by hand
    other = Store(ctx.name("other-key"))
    api.compute("nim:heaps=1,size=3", store=other, progress=False)
    jobs = []
    for k in heaps[:1 if ctx.quick else 10]:
        v = ref.copy()
        v[k] ^= 1
        other.write(DAWSON, v, _true_attrs(DAWSON, v), force=True)
        s = ctx.fresh("copied")
        os.makedirs(os.path.dirname(table_path(s, DAWSON)), exist_ok=True)
        shutil.copy(table_path(other.path, DAWSON), table_path(s, DAWSON))
        jobs.append({"store": s, "tables": [*ctx.seeds, DAWSON, DAWSON_LONGER],
                     "cmds": [ctx.query(DAWSON, s), c("check", "--deep", "--store", s),
                              c("compute", DAWSON_LONGER, "--store", s, "--quiet")]})
    for res in ctx.inspect(jobs, rec, timeout=300):
        rec.judge(res, list(ctx.seeds) + [DAWSON_LONGER], forged=(DAWSON,))
        if DAWSON in res["tables"] and res["tables"][DAWSON][0] == "correct":
            rec.bad("wrong", "a forged table copied in by hand read as correct")
        rec.seen[f"copied in by hand: read back {res['tables'].get(DAWSON, ('?',))[0]}"] += 1
