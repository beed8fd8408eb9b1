"""Attacks on the processes that write a store: SIGKILL after each syscall of a write path,
crowds of processes on one store (also through four paths to it), a Dask sweep whose worker or
client is killed, and the store's edges (creators of one new store at once, planted folders,
RLIMIT_AS sweeps, exports into a store).
"""
from __future__ import annotations

import collections
import contextlib
import json
import os
import resource
import shutil
import signal
import subprocess
import time

import numpy as np

from .harness import (
    CHURN,
    CK_KEY,
    CK_SPEC,
    EXPORTED,
    NEW,
    PY,
    SCRIPT,
    SEEDS,
    SWEEP,
    SWEPT,
    Ctx,
    Rec,
    c,
    first_line,
    read_back,
    shorten,
    table_path,
)


def attack_kills(ctx: Ctx, rec: Rec) -> None:
    """SIGKILL after each syscall of publish, replace (--force), checkpoint and import; re-run"""
    ops = {"publish": ("write", ["compute", NEW, "--quiet"], [NEW]),
           "replace": ("write", ["compute", SEEDS[0], "--force", "--quiet"], []),
           "checkpoint": ("checkpoint", ["compute", CK_SPEC, "--checkpoint-seconds", "0.000001",
                                         "--quiet"], [CK_SPEC]),
           "import": ("import", ["import", ctx.export], list(EXPORTED))}
    stores = [ctx.fresh("count") for _ in ops]        # count the calls, in an inspector
    counts = ctx.inspect([{"store": s, "hook": {"scope": scope}, "cmds": [c(*a, "--store", s)]}
                          for s, (scope, a, _) in zip(stores, ops.values())], rec, split=1)
    plan = []
    for (op, (scope, args, new)), res in zip(ops.items(), counts):
        calls = res["calls"]
        ks = range(1, len(calls) + 1) if not ctx.quick else \
            [i + 1 for i, x in enumerate(calls) if x in ("rename", "link")][:1]
        plan += [(op, scope, args, new, k, calls) for k in ks]

    def one(item):
        op, scope, args, _, k, _ = item
        s = ctx.fresh(f"kill-{op}")
        return s, ctx.hooked({"scope": scope, "kill_at": k}, *args, "--store", s)
    jobs, news = [], []
    for (op, _, args, new, k, calls), (s, r) in zip(plan, ctx.pmap(one, plan)):
        if r.get("rc") != -signal.SIGKILL:
            rec.seen[f"{op}: call {k} not reached"] += 1
            rec.cmd(r, ok_rc=(0,))
            continue
        rec.seen[f"{op}: killed after call {k} of {len(calls)} ({calls[k - 1]})"] += 1
        for rerun in ([], [c(*args, "--store", s)]):
            jobs.append({"store": s, "tables": list(ctx.seeds) + new, "ckpt": {CK_KEY: CK_SPEC},
                         "cmds": rerun + [c("check", "--store", s)]})
        news.append(new)
    res = ctx.inspect(jobs, rec)
    for new, killed, rerun in zip(news, res[::2], res[1::2]):
        rec.judge(killed, ctx.seeds, ok_rc=(0,))
        rec.judge(rerun, list(ctx.seeds) + new, count=False, ok_rc=(0,))


def crowd_round(ctx: Ctx, rec: Rec, n: int, locking: str, seconds: float, views=None) -> None:
    """``n`` processes on one store (reached through ``views(store)``: ``(path, cwd)`` each)."""
    s = ctx.fresh("crowd")
    paths = views(s) if views else [(s, None)]
    until = time.time() + seconds + 3                # after the imports of the slowest
    roles = ("mixed", "write", "force", "read", "delete", "hold", "check", "mixed")
    cfgs = [{"path": paths[i % len(paths)][0], "cwd": paths[i % len(paths)][1],
             "seed": ctx.rng.randrange(1 << 30), "log": ctx.name("crowd") + ".jsonl",
             "role": roles[i % len(roles)], "until": until, "refs": ctx.refs} for i in range(n)]
    for r in ctx.pmap(lambda cfg: ctx.run([PY, SCRIPT, "--crowd", json.dumps(cfg)],
                                          seconds + 120, {"HDF5_USE_FILE_LOCKING": locking}),
                      cfgs, n):
        rec.cmd(r, ok_rc=(0,))
    ops: collections.Counter = collections.Counter()
    for cfg in cfgs:
        with open(cfg["log"]) as f:
            for e in map(json.loads, f):
                rec.injections += 1
                ops[e["op"]] += 1
                if e["status"] == "WRONG":
                    rec.bad("wrong", f"crowd: {e}")
                elif e["status"] == "traceback":
                    rec.bad("tracebacks", f"crowd: {e['op']} {e['spec']}: {e['note'][-700:]}")
                elif e["status"] in ("error", "damaged") and e["spec"] in SEEDS and (
                        e["op"] != "check" or any(x in e["note"] for x in SEEDS)):
                    rec.bad("lost", f"crowd: a seed table failed: {e}")
                rec.seen[shorten(f"{e['op']}: {e['status']} {e['note']}")] += 1
    rec.seen[f"{n} processes, HDF5_USE_FILE_LOCKING={locking}: {dict(ops)}"] += 1
    for res in ctx.inspect([{"store": p, "tables": list(SEEDS + CHURN),
                             "cmds": [c("check", "--store", p)]} for p, cwd in paths if not cwd],
                           rec, split=1):
        rec.judge(res, SEEDS, count=False, ok_rc=(0,))


def attack_crowd(ctx: Ctx, rec: Rec) -> None:
    """2-8 processes writing, reading, forcing, deleting, checking, holding h5py handles, with
    HDF5 file locking on and off"""
    for n, locking, seconds in [(3, "TRUE", 3)] if ctx.quick else \
            [(n, lk, 12) for n in (2, 4, 8) for lk in ("TRUE", "FALSE")]:
        crowd_round(ctx, rec, n, locking, seconds)


def attack_paths(ctx: Ctx, rec: Rec) -> None:
    """a crowd through four paths to one store: absolute, symlinked directory, relative, bind
    mount of the parent"""
    def views(s):
        parent, name = os.path.split(s)
        link, bind = (os.path.join(ctx.work, f"{x}-{name}") for x in ("link", "bind"))
        os.symlink(s, link)
        os.makedirs(bind)
        out = [(s, None), (link, None), (name, parent)]
        r = subprocess.run(["mount", "--bind", parent, bind], capture_output=True, text=True)
        if r.returncode == 0:
            ctx.mounts.append(bind)
            out.append((os.path.join(bind, name), None))
        else:
            rec.seen[f"no bind mount here: {first_line(r.stderr)}"] += 1
        return out
    for n, locking, seconds in [(4, "FALSE", 3)] if ctx.quick else \
            [(4, "TRUE", 10), (8, "FALSE", 10)]:
        crowd_round(ctx, rec, n, locking, seconds, views)
        ctx.close()


def attack_dask(ctx: Ctx, rec: Rec) -> None:
    """a Dask worker, then the client, SIGKILLed mid-sweep; then the sweep again"""
    import psutil

    def family(pid, only=""):
        with contextlib.suppress(psutil.Error):
            return [k.pid for k in psutil.Process(pid).children(recursive=True)
                    if only in " ".join(k.cmdline())]
        return []
    sweep = [PY, "-m", "gtables.cli", "sweep", SWEEP, "--workers", "2", "--store"]
    for victim in ("worker", "client") * 2:
        s = ctx.fresh("dask")
        p = subprocess.Popen(sweep + [s], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, env=ctx.env, start_new_session=True)
        t0, up, kids = time.time(), None, []
        while p.poll() is None and (up is None or time.time() < up):
            kids = sorted(set(kids) | set(family(p.pid)))   # the cluster's processes
            if up is None and family(p.pid, "spawn_main"):  # workers up: kill within 4 s
                up = time.time() + ctx.rng.uniform(0.5, 4)
            time.sleep(0.2)
        if p.poll() is not None:
            rec.bad(None, f"dask: the sweep ended before the {victim} was killed: exit "
                          f"{p.returncode} {p.communicate()[1][-500:]}")
            continue
        os.kill(p.pid if victim == "client" else ctx.rng.choice(family(p.pid, "spawn_main") or kids),
                signal.SIGKILL)                      # a nanny or a worker
        rec.injections += 1
        try:
            _, err = p.communicate(timeout=180)
        except subprocess.TimeoutExpired:
            rec.bad("hangs", f"dask: the sweep hangs after a {victim} kill")
            os.killpg(p.pid, signal.SIGKILL)
            _, err = p.communicate()
        time.sleep(2)
        for k in kids + family(p.pid):               # what a killed client leaves running
            with contextlib.suppress(ProcessLookupError):
                os.kill(k, signal.SIGKILL)
        if "Traceback" in err and victim == "worker":
            rec.bad("tracebacks", f"dask: traceback after a worker kill: {err[-700:]}")
        rec.seen[f"{victim} killed at {time.time() - t0:.0f} s: sweep exit {p.returncode}"] += 1
        rec.cmd(ctx.run(sweep + [s], timeout=300), ok_rc=(0,))
        res = ctx.inspect([{"store": s, "tables": list(ctx.seeds + SWEPT),
                            "cmds": [c("check", "--deep", "--store", s)]}], rec, split=1)[0]
        rec.judge(res, ctx.seeds + SWEPT, count=False, ok_rc=(0,))


def _limited(ctx: Ctx, argv: list[str], limit: int) -> dict:
    """A real process under ``RLIMIT_AS`` = ``limit`` bytes (set before it starts)."""
    def cap():
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    p = subprocess.run([PY, "-m", "gtables.cli", *argv], capture_output=True, text=True,
                       env=ctx.env, preexec_fn=cap, timeout=300)
    return {"argv": argv, "rc": p.returncode, "out": p.stdout[-2000:], "err": p.stderr.splitlines(),
            "segv": p.returncode < 0, "tb": p.stderr if "Traceback" in p.stderr else None}


def attack_edges(ctx: Ctx, rec: Rec) -> None:
    """the store's edges: crowds creating one new store at once, a linked or planted family
    folder and tables/ folder, RLIMIT_AS sweeps over list, check, check --deep, query, compute
    and import (a limit is never damage, and never more than one line), exports into a store
    and to directory paths"""
    code = ("import sys, time; from gtables.store import Store; "
            "time.sleep(max(0, float(sys.argv[2]) - time.time())); Store(sys.argv[1]).check_writable()")
    for _ in range(2 if ctx.quick else 12):
        rec.injections += 1
        d, at = ctx.name("created"), time.time() + 1.0
        procs = [subprocess.Popen([PY, "-c", code, d, str(at)], env=ctx.env,
                                  stderr=subprocess.PIPE, text=True) for _ in range(6)]
        fails = [e for p in procs for e in [p.communicate(timeout=120)[1]] if p.returncode]
        if fails:
            rec.bad(None, f"a creator of a new store failed: {first_line(fails[0][-300:])}")
        rec.seen[f"6 creators at once: {6 - len(fails)} succeeded"] += 1
    for _ in range(1 if ctx.quick else 3):
        rec.injections += 1
        d, at = ctx.name("computed"), time.time() + 2.0
        procs = [subprocess.Popen([PY, "-c", "import sys, time, subprocess; "
                                   "time.sleep(max(0, float(sys.argv[1]) - time.time())); "
                                   "sys.exit(subprocess.call(sys.argv[2:]))", str(at), PY, "-m",
                                   "gtables.cli", "compute", NEW, "--store", d, "--quiet"],
                                  env=ctx.env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                  text=True)
                 for _ in range(4)]
        fails = [e for p in procs for e in [p.communicate(timeout=300)[1]] if p.returncode]
        if fails:
            rec.bad(None, f"a concurrent compute on a new store failed: {fails[0][-300:]}")
        rec.seen[f"4 computes on one new store at once: {4 - len(fails)} succeeded"] += 1
    for how in ("family folder a link", "family folder a file", "tables a link", "tables a file"):
        rec.injections += 1
        s = ctx.fresh("folders")
        top = os.path.join(s, "tables")
        victim = top if how.startswith("tables") else os.path.join(top, "octal")
        moved = ctx.name("moved")
        shutil.move(victim, moved)
        if how.endswith("link"):
            os.symlink(moved, victim)
        else:
            with open(victim, "w") as f:
                f.write("planted\n")
        for argv in (["list"], ["check"], ["check", "--deep"]):
            r = ctx.run([PY, "-m", "gtables.cli", *argv, "--store", s])
            rec.cmd(r, ok_rc=(1,))
            rec.seen[f"{how}: {' '.join(argv)} exit {r.get('rc')}"] += 1
    limits = [250, 450] if ctx.quick else [160, 200, 250, 300, 350, 400, 450, 500, 600, 800]
    s = ctx.fresh("limited")
    cmds = [["list"], ["check"], ["check", "--deep"], ["query", SEEDS[1], "7"],
            ["compute", NEW, "--quiet"], ["import", ctx.export]]
    for mb in limits:
        for argv in cmds:
            rec.injections += 1
            r = _limited(ctx, [*argv, "--store", s], mb << 20)
            rec.cmd(r, ok_rc=(0, 2))
            if "DAMAGED" in r.get("out", ""):
                rec.bad(None, f"a memory limit read as damage: {mb} MB: {' '.join(argv)}")
            rec.seen[f"RLIMIT_AS {mb} MB: {argv[0]} exit {r.get('rc')}"] += 1
    rec.judge({"cmds": [], "ckpt": {}, "tables": {x: read_back(ctx.refs, s, x, np.random.default_rng(0))
                                                  for x in ctx.seeds}}, ctx.seeds, count=False)
    s = ctx.fresh("exports")
    for to in (table_path(s, "octal:code=0.07,size=999"), os.path.join(s, "x.h5"),
               os.path.join(s, "tables") + os.sep, os.path.join(ctx.work, "newdir") + os.sep,
               os.path.join(ctx.work, "newdir2", ""), ctx.sub("anexistingdir")):
        rec.injections += 1
        r = ctx.run([PY, "-m", "gtables.cli", "export", SEEDS[0], "--to", to, "--store", s])
        rec.cmd(r, ok_rc=(2,))
        if os.path.isfile(to.rstrip(os.sep)):
            rec.bad(None, f"export wrote {to}")
        rec.seen[f"export --to {shorten(to)}: exit {r.get('rc')}"] += 1
    r = ctx.run([PY, "-m", "gtables.cli", "check", "--store", s])
    rec.cmd(r, ok_rc=(0,))
