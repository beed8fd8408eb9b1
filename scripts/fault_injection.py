#!/usr/bin/env python3
"""Fault injection for the gtables store (src/gtables/store/): damage, kill, crowd, plant, forge
and starve it, and count what its promise (issue 22) forbids: a table that reads as complete but
is wrong, a finished table lost, a traceback, a segfault, a hang, a file outside the store
changed.  After every injection each table is read back (whole, and lazily at three positions)
and compared with values computed in memory (``gtables.compute(spec, store=None).values``).

Each attack (the ``attack_*`` functions) works on fresh copies of a small seeded store in a
scratch directory.  Where the process itself is attacked (SIGKILL at a syscall, crowds, Dask)
commands run as real processes; the rest run through ``gtables.cli.main`` in inspector processes
(a crash or hang there is counted for its injection; a new inspector goes on with the rest).
Hooks in Python count ``os.open/write/fsync/close/rename/replace/link/unlink/mkdir`` inside one
write path of the store and kill the process after the Nth, or set a resource limit as the write
path starts.

  python scripts/fault_injection.py            # everything; writes results/reliability.md
  python scripts/fault_injection.py --quick    # fewer injections, no Dask (the pytest part)
  python scripts/fault_injection.py --only kills,crowd --no-write --work /tmp/fi
"""
from __future__ import annotations

import argparse
import collections
import contextlib
import dataclasses
import datetime
import hashlib
import io
import json
import os
import platform
import random
import re
import resource
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from concurrent.futures import ThreadPoolExecutor

import numpy as np

SCRIPT = os.path.abspath(__file__)
ROOT = os.path.dirname(os.path.dirname(SCRIPT))
PY = sys.executable
SEEDS = ("nim:heaps=2,size=5", "octal:code=0.07,size=300", "subtraction:set=1-3,size=200")
BIG = "subtraction:set=1-3,size=1100000"        # full mode: a seed of two chunks
NEW = "nim:heaps=3,size=3"
CK_KEY, CK_SPEC, CK_HAVE = "octal:code=0.6", "octal:code=0.6,size=12000", 2000
LONGER = "octal:code=0.07,size=600"             # resumes from the seed octal:code=0.07
CHURN = (NEW, "octal:code=0.07,size=400", "subtraction:set=1-4,size=100")
EXPORTED = ("nim:heaps=2,size=6", "subtraction:set=1-4,size=100", SEEDS[1])
HUGE = "octal:code=0.07,size=1099511627775"
SWEEP, SWEPT = "nim:heaps=2,size=4|5|6|7", tuple(f"nim:heaps=2,size={n}" for n in (4, 5, 6, 7))
HOOKED = ("open", "write", "fsync", "close", "rename", "replace", "link", "unlink", "mkdir")
SCOPES = {"write": ("gtables.store.directory", "Store", "write"),
          "checkpoint": ("gtables.store.directory", "Store", "write_checkpoint"),
          "export": ("gtables.store.directory", "Store", "export"),
          "import": ("gtables.api", None, "import_tables")}
WORDS = {"space": "no space left on device", "fsize": "file too large", "as": "memory"}
COUNTERS = ("wrong", "lost", "tracebacks", "segfaults", "hangs", "outside")
HEADS = ("complete but wrong", "finished lost", "tracebacks", "segfaults", "hangs",
         "outside changed")


def sha(data) -> str:
    return hashlib.sha256(data.encode() if isinstance(data, str) else data).hexdigest()


def first_line(text) -> str:
    return next((x.strip() for x in str(text).splitlines() if x.strip()), "")


def c(*argv, **kw) -> dict:
    """A command for the inspector (``value``: the Grundy value ``query`` must print)."""
    return {"argv": [str(a) for a in argv], **kw}


def table_path(store: str, spec: str, area: str = "tables") -> str:
    from gtables.store import relname
    return os.path.join(store, area, relname(spec))


def load_ref(refs: str, spec: str) -> np.ndarray:
    return np.load(os.path.join(refs, sha(spec)[:20] + ".npy"))


# -- inside the attacked processes: hooks, the inspector, a crowd -------------------------------

class Hooks:
    """Counts the hooked ``os`` calls made inside the write path ``scope``, kills the process
    after call ``kill_at``, holds a ``limit`` (RLIMIT_AS that many bytes above what is mapped
    now, or RLIMIT_FSIZE) while the write path runs, fixes the next temporary name (``token``)."""

    def __init__(self):
        import importlib
        import secrets
        self.cfg, self.depth, self.calls, self.saved = {}, 0, [], None
        self.token_hex = secrets.token_hex
        for name in HOOKED:
            setattr(os, name, self._os(name, getattr(os, name)))
        for scope, (mod, cls, fn) in SCOPES.items():
            owner = importlib.import_module(mod)
            owner = getattr(owner, cls) if cls else owner
            setattr(owner, fn, self._scoped(scope, getattr(owner, fn)))

    def configure(self, cfg: dict | None) -> None:
        import secrets
        self.cfg, self.depth, self.calls = dict(cfg or {}), 0, []
        token = self.cfg.get("token")
        secrets.token_hex = (lambda n=None: token) if token else self.token_hex

    def _os(self, name, fn):
        def call(*a, **k):
            r = fn(*a, **k)
            if self.depth:
                self.calls.append(name)
                if len(self.calls) == self.cfg.get("kill_at"):
                    os.kill(os.getpid(), signal.SIGKILL)
            return r
        return call

    def _scoped(self, scope, fn):
        def run(*a, **k):
            if self.cfg.get("scope") != scope:
                return fn(*a, **k)
            self.depth += 1
            if self.depth == 1 and self.cfg.get("limit"):
                import h5py  # noqa: F401  (loaded before the limit, as in any real write)
                kind, value = self.cfg["limit"]
                res = resource.RLIMIT_AS if kind == "as" else resource.RLIMIT_FSIZE
                self.saved = (res, resource.getrlimit(res))
                if kind == "as":
                    with open("/proc/self/statm") as f:
                        value += int(f.read().split()[0]) * resource.getpagesize()
                resource.setrlimit(res, (value, self.saved[1][1]))
            try:
                return fn(*a, **k)
            finally:
                self.depth -= 1
                if self.depth == 0 and self.saved:
                    resource.setrlimit(*self.saved)
                    self.saved = None
        return run


def run_inproc(cmd: dict) -> dict:
    """One CLI command through ``gtables.cli.main``, stderr caught at the descriptor too (what
    a C library prints counts against the one error line)."""
    from gtables.cli import main
    out, err, raw = io.StringIO(), io.StringIO(), tempfile.TemporaryFile()
    r, saved = {"argv": cmd["argv"], "tb": None}, os.dup(2)
    os.dup2(raw.fileno(), 2)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            r["rc"] = main(list(cmd["argv"]))
    except SystemExit as e:
        r["rc"] = e.code if isinstance(e.code, int) else 2
    except BaseException:
        r["rc"], r["tb"] = 1, traceback.format_exc()
    finally:
        os.dup2(saved, 2)
        os.close(saved)
    raw.seek(0)
    r["err"] = (err.getvalue() + raw.read().decode(errors="replace")).splitlines()
    r["out"] = out.getvalue()[-2000:]
    if "value" in cmd and r["rc"] == 0:
        m = re.search(r"value (\d+)", r["out"])
        r["wrong"] = m is None or int(m.group(1)) != cmd["value"]
    return r


def read_back(refs: str, store: str, spec: str, rng) -> tuple[str, str]:
    """``(status, detail)``: correct, WRONG, missing, refused (a one-line error), traceback."""
    from gtables import api
    from gtables.errors import GtablesError
    from gtables.store import Store
    try:
        ref = load_ref(refs, spec)
        v = np.asarray(api.load(spec, store=store).values)
        if v.shape != ref.shape or not np.array_equal(v, ref):
            return "WRONG", f"{v.size} values, {int(np.sum(v[:ref.size] != ref[:v.size]))} differ"
        idx, h = np.unique(rng.integers(0, ref.size, 3)), Store(store).get(spec)
        try:
            return ("correct", "") if np.array_equal(h.read(idx), ref[idx]) else \
                ("WRONG", "a lazy read differs")
        finally:
            h.close()
    except GtablesError as e:
        return ("missing" if " is not in " in str(e) else "refused"), first_line(e)
    except Exception:
        return "traceback", traceback.format_exc()


def do_job(job: dict, hooks: Hooks, refs: str) -> dict:
    """A fresh store on a filled tmpfs (``setup``), commands under the hooks, then every table
    and checkpoint named read back against its reference."""
    from gtables.errors import GtablesError
    from gtables.store import Store
    if job.get("setup"):
        store, base, free = job["setup"]
        folder = os.path.dirname(store)
        shutil.rmtree(store, ignore_errors=True)
        for name in os.listdir(folder):
            os.unlink(os.path.join(folder, name))
        shutil.copytree(base, store, symlinks=True)
        need = os.statvfs(folder).f_bavail * os.statvfs(folder).f_frsize - free
        with open(os.path.join(folder, "fill"), "wb") as f, contextlib.suppress(OSError):
            while need > 0:
                need -= f.write(b"\0" * min(need, 4096))
                f.flush()
    hooks.configure(job.get("hook"))
    try:
        cmds = [run_inproc(x) for x in job.get("cmds", ())]
    finally:
        calls = hooks.calls
        hooks.configure(None)
    rng = np.random.default_rng(len(cmds))
    res = {"cmds": cmds, "calls": calls, "ckpt": {},
           "tables": {s: read_back(refs, job["store"], s, rng) for s in job.get("tables", ())}}
    for key, spec in job.get("ckpt", {}).items():
        try:
            got = Store(job["store"]).read_checkpoint(key)
            ok = got is None or np.array_equal(got[0], load_ref(refs, spec)[:got[0].size])
            res["ckpt"][key] = ("absent" if got is None else "correct" if ok else "WRONG", "")
        except GtablesError as e:
            res["ckpt"][key] = ("refused", first_line(e))
        except Exception:
            res["ckpt"][key] = ("traceback", traceback.format_exc())
    return res


def crowd_main(cfg: dict) -> None:
    """One process of a crowd: random operations on ``cfg["path"]`` until ``cfg["until"]``."""
    from gtables import api
    from gtables.errors import GtablesError
    from gtables.store import Store
    os.chdir(cfg["cwd"] or ".")
    rng, path = random.Random(cfg["seed"]), cfg["path"]
    weights = {"write": 3, "force": 2, "read": 4, "delete": 1, "check": 1, "hold": 1}
    weights[cfg["role"]] = weights.get(cfg["role"], 0) * 6
    ops = [op for op, w in weights.items() for _ in range(w)]
    with open(cfg["log"], "a") as log:
        while time.time() < cfg["until"]:
            op = rng.choice(ops)
            spec = rng.choice(CHURN if op == "delete" else SEEDS[:2] if op == "hold" else
                              SEEDS + CHURN)
            status, note, v = "ok", "", None
            try:
                if op in ("write", "force"):
                    v = api.compute(spec, store=path, force=op == "force", progress=False).values
                elif op == "read":
                    v = api.load(spec, store=path).values
                elif op == "delete":
                    Store(path).delete(spec)
                elif op == "check":
                    bad = [first_line(r["damaged"]) for r in api.check_store(path) if r["damaged"]]
                    status, note = ("damaged" if bad else "ok"), "; ".join(bad)
                else:                   # a plain h5py reader holding a table file open
                    import h5py
                    with h5py.File(table_path(path, spec), "r") as h:
                        v = h["values"][:]
                        time.sleep(0.05)
                if v is not None:
                    ok = np.array_equal(v, load_ref(cfg["refs"], spec))
                    status = "correct" if ok else "WRONG"
            except GtablesError as e:
                status, note = "error", first_line(e)
            except Exception:
                status, note = "traceback", traceback.format_exc()
            log.write(json.dumps({"op": op, "spec": spec, "status": status, "note": note}) + "\n")
            log.flush()


# -- the parent: records and helpers ------------------------------------------------------------

def shorten(text: str) -> str:
    text = re.sub(r"/[^\s:;,()'\"]*/(stores|victims|sources|tmpfs)/[^\s:;,()'\"]*", r"<\1>",
                  str(text))
    return re.sub(r"(/tmp|/var|/dev/shm)/[^\s:;,()'\"]+", "<tmp>", text)[:300]


@dataclasses.dataclass
class Rec:
    name: str
    what: str
    injections: int = 0
    wrong: int = 0
    lost: int = 0
    tracebacks: int = 0
    segfaults: int = 0
    hangs: int = 0
    outside: int = 0
    seconds: float = 0.0
    seen: collections.Counter = dataclasses.field(default_factory=collections.Counter)
    anomalies: list = dataclasses.field(default_factory=list)

    def bad(self, counter: str | None, text: str) -> None:
        if counter:
            setattr(self, counter, getattr(self, counter) + 1)
        self.anomalies.append(text[:1200])

    def cmd(self, r: dict, ok_rc=(0, 1, 2), words: str | None = None) -> None:
        """Judge one command: a traceback, segfault, hang or wrong answer is counted; an exit
        status not in ``ok_rc``, or an exit 2 without exactly one error line (saying
        ``words``), is an anomaly."""
        what = " ".join(r["argv"])[:160]
        for key, counter in (("tb", "tracebacks"), ("segv", "segfaults"), ("hang", "hangs"),
                             ("wrong", "wrong")):
            if r.get(key):
                self.bad(counter, f"{counter}: {what}: {str(r[key])[-700:]} {r.get('out')}"[:900])
        if r.get("tb") or r.get("segv") or r.get("hang"):
            return
        rc, err = r["rc"], [x for x in r["err"] if x.strip()]
        errs = [x for x in err if x.startswith("gtables: error:")]
        noise = [x for x in err if not x.startswith(("gtables: error:", "gtables: warning:"))]
        if rc == 2 and (len(errs) != 1 or noise):
            self.bad(None, f"exit 2 without one error line: {what}: {err[-4:]}")
        if rc not in ok_rc:
            self.bad(None, f"exit {rc}, expected {ok_rc}: {what}: {err[-2:]} {r['out'][-300:]}")
        if words and rc == 2 and errs and words not in errs[0]:
            self.bad(None, f"exit 2 without saying {words!r}: {what}: {errs[0]}")
        self.seen[shorten(f"{r['argv'][0]}: exit {rc}" + (f": {errs[0]}" if errs else ""))] += 1

    def judge(self, res: dict, keep=(), forged=(), count=True, **kw) -> None:
        """Judge an inspector's result: its commands (see :meth:`cmd`), and what it read back:
        WRONG is wrong (unless a planted forgery), anything but correct for ``keep`` is lost."""
        self.injections += count
        for r in res["cmds"]:
            self.cmd(r, **kw)
        for spec, (status, detail) in {**res["tables"], **res["ckpt"]}.items():
            if status == "traceback":
                self.bad("tracebacks", f"traceback reading {spec}: {detail[-700:]}")
            elif status == "WRONG" and spec not in forged:
                self.bad("wrong", f"{spec} reads as complete but is wrong ({detail})")
            elif spec in keep and status != "correct":
                self.bad("lost", f"finished table {spec} lost: {status}: {detail}")


class Ctx:
    """The scratch directory, references, seeded stores, victims, processes, inspectors."""

    def __init__(self, work: str, quick: bool, seed: int = 1, echo=print):
        self.work, self.quick, self.echo = os.path.abspath(work), quick, echo
        self.rng, self.n, self.mounts, self.lock = random.Random(seed), 0, [], threading.Lock()
        if os.path.isdir(self.work):                 # a work directory again: keep the refs
            for name in set(os.listdir(self.work)) - {"refs"}:
                p = os.path.join(self.work, name)
                shutil.rmtree(p) if os.path.isdir(p) and not os.path.islink(p) else os.unlink(p)
        self.refs, self.victims, self.sources = map(self.sub, ("refs", "victims", "sources"))
        self.seeds = SEEDS if quick else SEEDS + (BIG,)
        self.env = {k: v for k, v in os.environ.items() if k != "GTABLES_STORE"}

    def sub(self, name: str) -> str:
        os.makedirs(os.path.join(self.work, name), exist_ok=True)
        return os.path.join(self.work, name)

    def name(self, tag: str) -> str:
        with self.lock:
            self.n += 1
            return os.path.join(self.sub("stores"), f"{tag}-{self.n}")

    def fresh(self, tag: str, base: str | None = None) -> str:
        p = self.name(tag)
        shutil.copytree(base or self.base, p, symlinks=True)
        return p

    def ref(self, spec: str) -> np.ndarray:
        p = os.path.join(self.refs, sha(spec)[:20] + ".npy")
        if not os.path.exists(p):
            import gtables
            np.save(p, gtables.compute(spec, store=None, progress=False).values)
        return np.load(p)

    def query(self, spec: str, store: str) -> dict:
        import gtables
        i = self.rng.randrange(self.ref(spec).size)
        return c("query", spec, gtables.game(spec).space.format_index(i), "--store", store,
                 value=int(self.ref(spec)[i]))

    def setup(self) -> None:
        from gtables import api
        from gtables.store import Store
        for s in set(self.seeds + CHURN + EXPORTED + (LONGER, CK_SPEC) + SWEPT):
            self.ref(s)
        self.base = os.path.join(self.work, "base")
        st, other = Store(self.base), Store(os.path.join(self.work, "other"))
        for s in self.seeds:
            api.compute(s, store=st, progress=False)
        st.write_checkpoint(CK_KEY, self.ref(CK_SPEC)[:CK_HAVE], 1.0)
        for s in EXPORTED:
            api.compute(s, store=other, progress=False)
        self.export = os.path.join(self.sources, "share.h5")
        api.export_tables(list(EXPORTED), self.export, store=other)
        with open(os.path.join(self.victims, "victim.txt"), "w") as f:
            f.write("a file of someone else's\n")
        os.mkfifo(os.path.join(self.victims, "fifo"))
        os.makedirs(os.path.join(self.victims, "dir"))
        shutil.copy(table_path(self.base, SEEDS[0]), os.path.join(self.victims, "table-copy.h5"))
        shutil.copy(os.path.join(self.base, "gtables-store.json"),
                    os.path.join(self.victims, "marker-copy.json"))

    def snapshot(self) -> dict:
        out = {}
        for top in (self.victims, self.sources):
            for d, dirs, files in os.walk(top):
                for p in (os.path.join(d, n) for n in dirs + files):
                    st = os.lstat(p)
                    body = open(p, "rb").read() if stat.S_ISREG(st.st_mode) else b""
                    out[p] = (st.st_mode, st.st_size, st.st_mtime_ns, sha(body))
        return out

    def run(self, argv: list[str], timeout: float = 120, env=None) -> dict:
        """A real process: its exit status and stderr lines; a hang, segfault, traceback."""
        p = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             env={**self.env, **(env or {})}, start_new_session=True)
        try:
            out, err = p.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.communicate()
            return {"argv": argv[-3:], "hang": True}
        return {"argv": argv[argv.index("--") + 1:] if "--" in argv else argv[argv.index("-m") + 2:]
                if "-m" in argv else argv[2:3],
                "rc": p.returncode, "out": out[-2000:], "err": err.splitlines(),
                "segv": p.returncode in (-11, 139), "tb": err if "Traceback" in err else None}

    def hooked(self, cfg: dict, *args) -> dict:
        return self.run([PY, SCRIPT, "--hooked", json.dumps(cfg), "--", *args])

    def pmap(self, fn, items, workers: int = 2) -> list:
        with ThreadPoolExecutor(workers) as ex:
            return list(ex.map(fn, items))

    def inspect(self, jobs: list[dict], rec: Rec, timeout: float = 90, split: int = 2) -> list:
        """Run ``jobs`` in ``split`` inspectors side by side (each a contiguous, even share);
        a job whose inspector dies or stalls is counted on ``rec``, and the next goes on."""
        jobfile = self.name("jobs") + ".json"
        with open(jobfile, "w") as f:
            json.dump({"refs": self.refs, "jobs": jobs}, f)
        cuts = [len(jobs) * i // split // 2 * 2 for i in range(split)] + [len(jobs)]
        return [r for part in self.pmap(lambda i: self._inspect(
            jobfile, jobs, cuts[i], cuts[i + 1], rec, timeout), range(split), split) for r in part]

    def _inspect(self, jobfile, jobs, start, stop, rec, timeout) -> list:
        results: list = []
        while start + len(results) < stop:
            i = start + len(results)
            p = subprocess.Popen([PY, SCRIPT, "--inspect", jobfile, str(i), str(stop)],
                                 env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                 start_new_session=True)
            errs: list = []
            threading.Thread(target=lambda p=p, e=errs: e.append(p.stderr.read()),
                             daemon=True).start()
            since = time.time()
            while start + len(results) < stop:
                done = f"{jobfile}.{start + len(results)}"
                if os.path.exists(done):
                    with open(done) as f:
                        results.append(json.load(f))
                    since = time.time()
                elif p.poll() is not None or time.time() - since > timeout:
                    time.sleep(0.2)
                    if os.path.exists(done):
                        continue
                    with contextlib.suppress(ProcessLookupError):
                        os.killpg(p.pid, signal.SIGKILL)
                    rc = p.wait()
                    kind = "hangs" if rc == -signal.SIGKILL else "segfaults" if rc in (
                        -11, 139) else "tracebacks"
                    rec.bad(kind, f"inspector {kind}: exit {rc} on {json.dumps(jobs[i])[:400]}"
                                  f": {b''.join(errs)[-600:]!r}")
                    results.append({"cmds": [], "tables": {}, "ckpt": {}, "calls": []})
                    break
                else:
                    time.sleep(0.02)
            p.wait()
        return results

    def close(self) -> None:
        for m in reversed(self.mounts):
            subprocess.run(["umount", "-l", m], capture_output=True)
        self.mounts.clear()


def damage(ctx: Ctx, path: str, how: str) -> None:
    """Flip one byte (``chunk``: inside a chunk of values; ``any``: anywhere) or truncate."""
    with open(path, "rb") as f:
        data = bytearray(f.read())
    if how == "truncate":
        data = data[:ctx.rng.randrange(len(data))]
    else:
        spots: list = []
        if how == "chunk":
            import h5py
            with h5py.File(path, "r") as f:
                f.visititems(lambda n, o: spots.extend(
                    o.id.get_chunk_info(i) for i in range(o.id.get_num_chunks()))
                    if n.endswith("values") and isinstance(o, h5py.Dataset) else None)
        ci = ctx.rng.choice(spots) if spots else None
        off = ci.byte_offset + ctx.rng.randrange(ci.size) if ci else ctx.rng.randrange(len(data))
        data[off] ^= ctx.rng.randrange(1, 256)
    with open(path, "wb") as f:
        f.write(data)


# -- the attacks ------------------------------------------------------------------------------

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


def attack_quotients(ctx: Ctx, rec: Rec) -> None:
    """stored misère quotients: byte flips, truncation, links/FIFOs/dirs planted under their
    names, forged files with valid checksums; read by quotient, query past a total, check"""
    import functools

    from gtables.engine import quotient as Q
    from gtables.games.octal import heap_options
    from gtables.store import Store

    code, n = "0.75", 12
    qspec = f"octal:code={code},size={n}"
    truth = Q.quotient(lambda h: heap_options(code, h), n)

    @functools.cache
    def outcome(pos):                    # misère outcome by plain recursion
        moved = False
        for i, h in enumerate(pos):
            for o in heap_options(code, h):
                moved = True
                if outcome(tuple(sorted(pos[:i] + pos[i + 1:] + o, reverse=True))) == "P":
                    return "N"
        return "P" if moved else "N"

    sums = [(12, 11, 7), (12, 12, 5, 3), (10, 9, 8), (12, 6, 1)]
    base = ctx.fresh("q")
    rec.cmd(ctx.run([PY, "-m", "gtables.cli", "quotient", f"octal:code={code}", "--heaps", str(n),
                     "--check-total", "14", "-q", "--store", base]), ok_rc=(0,))
    qfile = table_path(base, qspec, "quotients")

    def forge(st, change):
        values, attrs = st.read_quotient(qspec)
        values = np.array(values)
        change(values, attrs["extra"])
        st.write_quotient(qspec, values, attrs["extra"], force=True)

    k = truth.size
    hows = ["any"] * (4 if ctx.quick else 30) + ["truncate"] * (2 if ctx.quick else 10) + \
        ["symlink", "fifo", "dir", "p_portion", "phi", "mult", "layout"]
    for how in hows:
        s = ctx.fresh("q", base)
        path = table_path(s, qspec, "quotients")
        if how in ("any", "truncate"):
            damage(ctx, path, how)
        elif how == "symlink":
            os.unlink(path)
            os.symlink(qfile, path)
        elif how == "fifo":
            os.unlink(path)
            os.mkfifo(path)
        elif how == "dir":
            os.unlink(path)
            os.mkdir(path)
        else:
            forge(Store(s), lambda v, x, how=how: (
                v.__setitem__(n + 1 + 1, v[n + 1 + 1] ^ 1) if how == "p_portion" else
                v.__setitem__(7, (v[7] + 1) % k) if how == "phi" else
                v.__setitem__(n + 1 + k + 2 * k + 3, (v[n + 1 + k + 2 * k + 3] + 1) % k)
                if how == "mult" else x.__setitem__("heaps", n - 1)))
        rec.injections += 1
        r = ctx.run([PY, "-m", "gtables.cli", "quotient", f"octal:code={code}", "--heaps", str(n),
                     "--json", "-q", "--store", s])
        rec.cmd(r, ok_rc=(0, 2))
        if r.get("rc") == 0:
            d = json.loads(r["out"])
            if d["p_portion"] != list(truth.p_portion) or d["mult"] != truth.mult.tolist() or \
                    d["phi"] != truth.phi.tolist():
                rec.bad("wrong", f"quotients/{how}: a quotient read back differs from the truth")
        for hs in sums:
            r = ctx.run([PY, "-m", "gtables.cli", "query",
                         f"octal:code={code},play=misere,total=14",
                         ",".join(map(str, hs)), "--json", "--store", s])
            rec.cmd(r, ok_rc=(0, 2))
            if r.get("rc") == 0 and json.loads(r["out"])["outcome"] != outcome(hs):
                rec.bad("wrong", f"quotients/{how}: query {hs} answered wrong")
        r = ctx.run([PY, "-m", "gtables.cli", "check", "--deep", "--store", s])
        rec.cmd(r, ok_rc=(0, 1))
        if how in ("symlink", "fifo", "dir", "p_portion", "phi", "mult", "layout") and \
                r.get("rc") != 1:
            rec.bad(None, f"quotients/{how}: check --deep did not report the damage")

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


sys.path.insert(0, os.path.dirname(SCRIPT))
import fi_newkinds  # noqa: E402 - the attacks on the file kinds of issue 39, beside this script

ATTACKS = {f.__name__[7:]: f for f in (attack_flips, attack_kills, attack_crowd, attack_paths,
                                      attack_planted, attack_crafted, attack_import,
                                      attack_limits, attack_quotients, attack_received,
                                      attack_edges, attack_dask,
                                      *fi_newkinds.ATTACKS)}
QUICK = tuple(a for a in ATTACKS if a != "dask")


def run_attack(ctx: Ctx, name: str) -> Rec:
    fn = ATTACKS[name]
    rec, t0, before = Rec(name, " ".join(fn.__doc__.split())), time.time(), ctx.snapshot()
    try:
        fn(ctx, rec)
    finally:
        ctx.close()
    after = ctx.snapshot()
    for p in sorted(set(before) | set(after)):
        if before.get(p) != after.get(p) and (p in before or p.startswith(ctx.victims)):
            rec.bad("outside", f"a file outside the store changed: {p}")
    rec.seconds = time.time() - t0
    ctx.echo(f"{name:<8} {rec.injections:>5} injections  " + "  ".join(
        f"{h} {getattr(rec, k)}" for k, h in zip(COUNTERS, HEADS)) + f"  ({rec.seconds:.0f} s)")
    return rec


def sample_limit() -> str:
    """What a resumed run's check of a prefix not sealed here sees: one value changed at one
    heap in 97 of a 20,000-heap table (once a fixed sample that passed 43 of 300 such changes)."""
    import gtables
    from gtables import api
    g = gtables.game("octal:code=0.07,size=20000")
    v, heaps, passed = gtables.compute(g.spec, store=None, progress=False).values, range(
        1 << 12, 20001, 97), 0
    for k in heaps:
        w = v.copy()
        w[k] ^= 1
        passed += api.rederive_checked(g, w).why is None
    return (f"a table of {g.spec} with one value changed and resealed (not with the store's "
            f"key) passes the full re-derivation a resumed run makes of an unsealed prefix in "
            f"{passed} of {len(heaps)} tries (one heap in 97 past heap 4,096)")


def report(recs: list[Rec], argv: list[str], wall: float, quick: bool, limit: str = "") -> str:
    import h5py

    import gtables
    tot = {k: sum(getattr(r, k) for r in recs) for k in ("injections", *COUNTERS)}
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip()
    L = ["# Store reliability: fault injection", "",
         f"Written by `python scripts/fault_injection.py{''.join(' ' + a for a in argv)}` on "
         f"{datetime.datetime.now().isoformat(timespec='seconds')}; wall time {wall:.0f} s"
         f"{' (quick: no Dask)' if quick else ''}.", "",
         f"Machine: {platform.platform()}, {os.cpu_count()} CPUs, load average "
         f"{os.getloadavg()[0]:.1f} at the end; Python {platform.python_version()}, h5py "
         f"{h5py.__version__} (HDF5 {h5py.version.hdf5_version}), numpy {np.__version__}; gtables "
         f"{gtables.__version__} (commit {commit} and the working tree); "
         f"{'root' if os.geteuid() == 0 else 'not root'}.", "",
         "The promise (issue 22): a table that reads as complete is right, a finished table is "
         "never lost, every failure is one line `gtables: error: ...` with exit 2 (no traceback, "
         "no segfault, no hang), nothing outside the store changes. After each injection every "
         "table is read back (whole, and lazily at three positions) and compared with values "
         "computed independently in memory (`gtables.compute(spec, store=None).values`).", "",
         f"**Totals over {len(recs)} attacks and {tot['injections']:,} injections: "
         + ", ".join(f"{tot[k]} {h}" for k, h in zip(COUNTERS, HEADS)) + ".**", "",
         "| attack | what | injections | " + " | ".join(HEADS) + " | seconds |",
         "|---|---|---:|" + "---:|" * len(HEADS) + "---:|"]
    L += [f"| {r.name} | {r.what} | {r.injections:,} | " + " | ".join(
        str(getattr(r, k)) for k in COUNTERS) + f" | {r.seconds:.0f} |" for r in recs]
    L += [f"| **total** | | **{tot['injections']:,}** | " + " | ".join(
        f"**{tot[k]}**" for k in COUNTERS) + " | |", "",
          "An injection is one damaged, killed, planted, crafted, imported or limited store, or "
          "one operation of a crowd. Anomalies are the rest of what the promise forbids: an exit "
          "2 without its one error line, a check that misses damage, a command failing where "
          "it should not.", "", "## Anomalies", ""]
    L += [f"* {r.name}: {shorten(a)}" for r in recs for a in r.anomalies] or ["None."]
    if limit:
        L += ["", "## Resuming from a prefix not sealed here", "",
              f"Measured in this run: {limit}. A table the store sealed itself is resumed on its "
              f"seal alone; any other is re-derived from every value first (issue 31)."]
    L += ["", "## What the user saw", "",
          "The most common outcomes of each attack, with their counts (paths shortened).", ""]
    for r in recs:
        L += [f"### {r.name}", ""] + [f"* {k} x {t}" for t, k in r.seen.most_common(12)] + [""]
    return "\n".join(L)


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["--inspect"]:
        with open(argv[1]) as f:
            spec, hooks = json.load(f), Hooks()
        for i in range(int(argv[2]), int(argv[3])):
            out = do_job(spec["jobs"][i], hooks, spec["refs"])
            with open(f"{argv[1]}.{i}.tmp", "w") as f:
                json.dump(out, f)
            os.rename(f"{argv[1]}.{i}.tmp", f"{argv[1]}.{i}")
        return 0
    if argv[:1] == ["--hooked"]:
        Hooks().configure(json.loads(argv[1]))
        from gtables.cli import main as cli
        return cli(argv[3:])
    if argv[:1] == ["--crowd"]:
        return crowd_main(json.loads(argv[1])) or 0
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="fewer injections, no Dask")
    ap.add_argument("--only", help=f"comma-separated attacks ({', '.join(ATTACKS)})")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--work", help="scratch directory (default: a new temporary one)")
    ap.add_argument("--out", default=os.path.join(ROOT, "results"))
    ap.add_argument("--no-write", action="store_true", help="print only")
    args = ap.parse_args(argv)
    names = args.only.split(",") if args.only else list(QUICK if args.quick else ATTACKS)
    if set(names) - set(ATTACKS):
        ap.error(f"unknown attack in {names}")
    work, t0 = args.work or tempfile.mkdtemp(prefix="gtables-fault-"), time.time()
    ctx = Ctx(work, args.quick, args.seed)
    try:
        ctx.setup()
        recs = [run_attack(ctx, n) for n in names]
        limit = "" if args.quick or args.only else sample_limit()
    finally:
        ctx.close()
    wall = time.time() - t0
    print(f"{sum(r.injections for r in recs)} injections, {wall:.0f} s; " + ", ".join(
        f"{sum(getattr(r, k) for r in recs)} {h}" for k, h in zip(COUNTERS, HEADS)))
    for r in recs:
        for a in r.anomalies:
            print(f"ANOMALY {r.name}: {a}")
    if not args.no_write:
        os.makedirs(args.out, exist_ok=True)
        with open(os.path.join(args.out, "reliability.md"), "w") as f:
            f.write(report(recs, argv, wall, args.quick, limit) + "\n")
        print(f"wrote {os.path.join(args.out, 'reliability.md')}")
    if not args.work:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if any(getattr(r, k) for r in recs for k in COUNTERS) or any(
        r.anomalies for r in recs) else 0


if __name__ == "__main__":
    sys.exit(main())
