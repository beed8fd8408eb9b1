"""Attacks on the store's own files: byte flips and truncation, things planted in and beside
the store (links, FIFOs, directories, temporary files, junk caches), and crafted table files
(HDF5 links and external storage, forgeries resealed with valid checksums, bad attributes).
"""
from __future__ import annotations

import io
import json
import os
import shutil

import numpy as np

from .harness import (
    CHURN,
    CK_KEY,
    CK_SPEC,
    HUGE,
    LONGER,
    NEW,
    SEEDS,
    Ctx,
    Rec,
    c,
    damage,
    table_path,
)


def attack_flips(ctx: Ctx, rec: Rec) -> None:
    """byte flips and truncation: table files, checkpoints, the marker, the list cache"""
    from gtables.store import Store
    n = 6 if ctx.quick else 40
    jobs, keeps = [], []
    for target, how in [(t, h) for t in ("table", "checkpoint", "marker", "cache")
                        for h in ("chunk", "any", "truncate")[t != "table":]]:
        for _ in range(n if target == "table" else max(2, n // 3)):
            s, spec = ctx.fresh("flip"), ctx.rng.choice(ctx.seeds)
            Store(s).list()                                # a cache to damage
            damage(ctx, {"table": table_path(s, spec),
                         "checkpoint": table_path(s, CK_KEY, "checkpoints"),
                         "marker": os.path.join(s, "gtables-store.json"),
                         "cache": os.path.join(s, ".cache", "list.json")}[target], how)
            cmds = [c("list", "--store", s), c("check", "--store", s),
                    *[ctx.query(x, s) for x in ctx.seeds]]
            cmds += [c("compute", CK_SPEC, "--quiet", "--store", s)] * (target == "checkpoint")
            jobs.append({"store": s, "cmds": cmds, "ckpt": {CK_KEY: CK_SPEC},
                         "tables": list(ctx.seeds) + [CK_SPEC] * (target == "checkpoint")})
            keeps.append({"table": [x for x in ctx.seeds if x != spec], "marker": [],
                          "checkpoint": list(ctx.seeds) + [CK_SPEC],
                          "cache": list(ctx.seeds)}[target])
    for keep, res in zip(keeps, ctx.inspect(jobs, rec)):
        rec.judge(res, keep)
        if keep == list(ctx.seeds) and res["cmds"] and res["cmds"][1]["rc"] != 0:
            rec.bad(None, f"a damaged cache failed check: {res['cmds'][1]['out'][-300:]}")


def plants(ctx: Ctx) -> dict:
    """What is planted in a store ``s``; each returns the seeds it takes away, if any."""
    v = lambda name: os.path.join(ctx.victims, name)  # noqa: E731
    link = lambda target: lambda p: os.symlink(v(target), p)  # noqa: E731

    def at(s, spec=NEW):
        os.makedirs(os.path.dirname(table_path(s, spec)), exist_ok=True)
        return table_path(s, spec)

    def swap(make, where=lambda s: table_path(s, SEEDS[0])):
        def plant(s):                     # what is at ``where`` replaced by ``make(path)``
            p = where(s)
            shutil.rmtree(p) if os.path.isdir(p) else os.unlink(p)
            make(p)
            return [] if p.endswith(("checkpoints", ".cache")) else [SEEDS[0]] if "nim" in p \
                else list(ctx.seeds)
        return plant

    def tmp_links(s):
        for area in ("", "tables", "tables/nim", "tables/octal", "tables/subtraction",
                     "checkpoints", "checkpoints/octal", ".cache"):
            os.makedirs(os.path.join(s, area), exist_ok=True)
            os.symlink(v("victim.txt"), os.path.join(s, area, ".tmp-" + "ab" * 8))

    def junk_tmp(s):
        for i in range(3):
            with open(os.path.join(os.path.dirname(at(s)), f".tmp-{i:016x}"), "wb") as f:
                f.write(os.urandom(100))

    def cache(s, kind):
        from gtables.store import Store
        Store(s).list()
        p, rel = os.path.join(s, ".cache", "list.json"), "nim/heaps=2,size=5.h5"
        with open(p) as f:
            body = json.load(f)
        rows, sig = body["rows"], body["rows"][rel][0]
        if kind == "row":                             # a damaged table's row names another
            damage(ctx, table_path(s, SEEDS[0]), "chunk")
            st = os.stat(table_path(s, SEEDS[0]))
            sig = [st.st_ino, st.st_size, st.st_mtime_ns, st.st_mode]
        rows[rel] = {"row": [sig, rows["subtraction/set=1-3,size=200.h5"][1]], "number": 5,
                     "string": [sig, "x"], "short": [sig], "empty": [],
                     "types": [sig, dict(rows[rel][1], length="abc", compute_seconds="x",
                                         spec=7)]}[kind]
        with open(p, "w") as f:
            json.dump(body, f)
        return [SEEDS[0]] if kind == "row" else []
    return {
        "a link to a victim file, named as a new table": lambda s: link("victim.txt")(at(s)),
        "a link to a copy of a table, as a seed": swap(link("table-copy.h5")),
        "a FIFO named as a new table": lambda s: os.mkfifo(at(s)),
        "a FIFO as a seed": swap(os.mkfifo),
        "a directory named as a new table": lambda s: os.makedirs(at(s) + "/x"),
        "junk .tmp-* files": junk_tmp,
        "a .tmp-* link where each temporary file goes": tmp_links,
        "a family folder a link to a victim folder": swap(
            link("dir"), lambda s: os.path.dirname(at(s, SEEDS[0]))),
        **{f"{a}/ a link to a victim folder": swap(link("dir"), lambda s, a=a: f"{s}/{a}")
           for a in ("tables", "checkpoints", ".cache")},
        "the marker a link to a copy": swap(link("marker-copy.json"),
                                            lambda s: f"{s}/gtables-store.json"),
        **{f"junk cache: {k}": (lambda s, k=k: cache(s, k))
           for k in ("row", "number", "string", "short", "empty", "types")}}


def attack_planted(ctx: Ctx, rec: Rec) -> None:
    """links, FIFOs, directories, temporary files and junk planted in and beside the store;
    victims given as --store, --to and import FILE"""
    jobs, meta = [], []
    for what, plant in plants(ctx).items():
        s = ctx.fresh("plant")
        taken = plant(s) or []
        cmds = [c("list", "--store", s), c("check", "--store", s),
                *[ctx.query(x, s) for x in ctx.seeds], c("compute", NEW, "--quiet", "--store", s),
                c("compute", NEW, "--force", "--quiet", "--store", s),
                c("compute", SEEDS[0], "--force", "--quiet", "--store", s)]
        if any(w in what for w in ("link", "directory", ".tmp")):     # every write path
            cmds += [c("compute", CK_SPEC, "--quiet", "--checkpoint-seconds", "0.000001",
                       "--store", s), c("import", ctx.export, "--store", s),
                     c("export", *ctx.seeds, "--to", ctx.name("out") + ".h5", "--store", s)]
        jobs.append({"store": s, "cmds": cmds + [c("check", "--store", s)],
                     "hook": {"token": "ab" * 8} if ".tmp-* link" in what else None,
                     "tables": list(ctx.seeds) + [NEW, CK_SPEC], "ckpt": {CK_KEY: CK_SPEC}})
        meta.append((what, [x for x in ctx.seeds if x not in taken]))
    for target in ("fifo", "victim.txt", "/dev/null", ""):  # the store, --to, import FILE
        p, dangling = os.path.join(ctx.victims, target), ctx.name("dangling") + ".h5"
        os.symlink(os.path.join(ctx.victims, "new-file.h5"), dangling)
        jobs.append({"store": p, "cmds": [
            c("compute", NEW, "--quiet", "--store", p), c("list", "--store", p),
            c("check", "--store", p), c("import", ctx.export, "--store", p),
            c("export", SEEDS[0], "--to", p, "--store", ctx.base),
            c("export", SEEDS[0], "--to", dangling, "--store", ctx.base),
            c("import", p, "--store", ctx.fresh("plant"))]})
        meta.append((f"--store, --to, import FILE: {target or 'a foreign folder'}", []))
    for (what, keep), res in zip(meta, ctx.inspect(jobs, rec, timeout=60)):
        rec.judge(res, keep)
        if what.endswith(": row") and res["cmds"] and res["cmds"][1]["rc"] != 1:
            rec.bad(None, f"{what}: check did not report the damaged table")
        rec.seen[f"{what}: exits {[r['rc'] for r in res['cmds']]}"] += 1


def crafts(ctx: Ctx, real: bytes) -> dict:
    """name -> ``(spec whose file it becomes, bytes, a forgery?)``: made from the seed
    octal:code=0.07,size=300 with h5py and gtables' own functions (every checksum valid)."""
    import h5py

    from gtables.store import tablefile as tf
    spec, fifo = SEEDS[1], os.path.join(ctx.victims, "fifo")

    def edit(fn, **attrs):
        bio = io.BytesIO(real)
        with h5py.File(bio, "r+") as f:
            fn(f) if fn else None
            if isinstance(f.get("values", getlink=True), h5py.HardLink):
                f["values"].attrs.update(attrs)
                f["values"].attrs["meta_checksum"] = tf.meta_checksum(tf.attrs_of(f["values"]))
        return bio.getvalue()

    def relink(link):
        return edit(lambda f: (f.move("values", "v"), f.__setitem__("values", link)))

    def external(target):
        def fn(f):
            a = dict(f["values"].attrs)
            del f["values"]
            f.create_dataset("values", shape=(301,), dtype=np.uint8,
                             external=[(target, 0, 301)]).attrs.update(a)
        return edit(fn)

    def huge(f):
        n, chunk = 1 << 40, 1 << 26
        a = dict(f["values"].attrs)
        del f["values"], f["digests"]
        dg = np.zeros((n // chunk, 32), np.uint8)
        f.create_dataset("digests", data=dg, fletcher32=True, chunks=dg.shape)
        f.create_dataset("values", shape=(n,), dtype=np.uint8, chunks=(chunk,),
                         compression="gzip", fletcher32=True).attrs.update(
            {**a, "spec": HUGE, "length": n, "chunk_elems": chunk, "shape": json.dumps([n]),
             "chunk_digests": tf.checksum(dg)})

    def forged(values):
        with h5py.File(io.BytesIO(real), "r") as f:
            a = {k: x for k, x in tf.attrs_of(f["values"]).items() if k != "meta_checksum"}
        return tf.image(tf.TABLE_SCHEMA, values.astype(np.uint8),
                        {**a, "max_value": int(values.max())})
    one = ctx.ref(spec).copy()
    one[32] ^= 1             # a heap the resume check's fixed sample does not look at
    with open(table_path(ctx.base, CK_KEY, "checkpoints"), "rb") as f:
        checkpoint = f.read()
    return {
        "values an external link to a FIFO": (spec, relink(h5py.ExternalLink(fifo, "/v")), 0),
        "values an external link to a table file": (spec, relink(h5py.ExternalLink(
            os.path.join(ctx.victims, "table-copy.h5"), "/values")), 0),
        "values a soft link": (spec, relink(h5py.SoftLink("/v")), 0),
        "values in external storage (a FIFO)": (spec, external(fifo), 0),
        "values in external storage (a victim file)": (spec, external(
            os.path.join(ctx.victims, "victim.txt")), 0),
        "a seed's file under another table's name": (CHURN[1], real, 0),
        "values of another game, resealed": (spec, forged(ctx.ref("octal:code=0.6,size=300")), 1),
        "one value changed, resealed": (spec, forged(one), 1),
        "a 'complete' 2^40-value table, chunks unallocated": (HUGE, edit(huge), 0),
        **{f"chunk_elems = {x}": (spec, edit(None, chunk_elems=x), 0) for x in (0, -1, 1 << 40)},
        "length one more than the data": (spec, edit(None, length=302), 0),
        "shape unlike the length": (spec, edit(None, shape="[17, 3]"), 0),
        "attributes of the wrong type": (spec, edit(None, compute_seconds="x", kind=5,
                                                    max_value="y", created=7), 0),
        "an export file as a table": (spec, open(ctx.export, "rb").read(), 0),
        "a checkpoint file as a table": (spec, checkpoint, 0), "an empty file": (spec, b"", 0)}


def attack_crafted(ctx: Ctx, rec: Rec) -> None:
    """crafted table files: HDF5 links and external storage, a wrong name, forgeries resealed
    with valid checksums, 2^40 values, bad attributes"""
    with open(table_path(ctx.base, SEEDS[1]), "rb") as f:
        made = crafts(ctx, f.read())
    jobs = []
    for spec, data, _ in made.values():
        s = ctx.fresh("craft")
        with open(table_path(s, spec), "wb") as f:
            f.write(data)
        jobs.append({"store": s, "tables": list(ctx.seeds) + [LONGER] + [CHURN[1]] * (
            spec == CHURN[1]), "cmds": [
            c("list", "--store", s), c("check", "--store", s), c("check", "--deep", "--store", s),
            c("query", spec, "12345" if spec == HUGE else "7", "--store", s),
            c("compute", spec, "--quiet", "--store", s),
            c("compute", LONGER, "--quiet", "--store", s),
            c("export", spec, "--to", s + "-export.h5", "--store", s)]})
    for (what, (spec, _, forged)), res in zip(made.items(), ctx.inspect(jobs, rec, timeout=60)):
        rec.judge(res, [x for x in ctx.seeds if x != spec] + [LONGER], [spec] * forged)
        if not res["cmds"]:
            continue
        check, deep = res["cmds"][1:3]
        if deep["rc"] != 1 or (forged and "wrong although" not in deep["out"]):
            rec.bad("wrong" if forged else None, f"{what}: check --deep missed it: {deep['out']}")
        if not forged and check["rc"] != 1:
            rec.bad(None, f"{what}: check missed it: {check['out']}")
        rec.seen[f"{what}: check exit {check['rc']}, check --deep exit {deep['rc']}"] += 1
