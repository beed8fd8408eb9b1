"""The harness of the fault-injection suite (``scripts/fault_injection.py``, the entry point
that registers the attacks of this package and runs them).

What the attacked processes run (``Hooks`` on ``os`` calls inside one write path of the store,
``run_inproc``: one CLI command through ``gtables.cli.main``, ``do_job``: an inspector's job,
``crowd_main``: one process of a crowd) and what the parent keeps: ``Rec`` (an attack's
counters: ``rec.cmd`` judges one command, ``rec.judge`` an inspector's result, ``rec.bad``
counts), ``Ctx`` (the scratch directory, references computed in memory, seeded stores, victims,
real processes and inspectors), ``damage`` (a byte flipped or a file cut) and ``report``
(results/reliability.md).  Every attack is a function ``attack_NAME(ctx, rec)`` whose docstring
is its line in the report.
"""
from __future__ import annotations

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

SCRIPTS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# the entry point: what inspectors (--inspect), hooked commands (--hooked) and crowds run
SCRIPT = os.path.join(SCRIPTS, "fault_injection.py")
ROOT = os.path.dirname(SCRIPTS)
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
    if "text" in cmd and r["rc"] == 0:      # query --json of a canonical table: the form
        try:
            got = json.loads(r["out"])
        except ValueError:
            got = {}
        r["wrong"] = {k: got.get(k) for k in cmd["text"]} != cmd["text"]
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


@dataclasses.dataclass
class _Spot:                 # a contiguous dataset's bytes, as h5py's chunk info has them
    byte_offset: int
    size: int


def damage(ctx: Ctx, path: str, how: str) -> None:
    """Flip one byte (``chunk``: inside a chunk of values; ``aux``: inside a canonical table's
    pool or derived numbers; ``any``: anywhere) or truncate."""
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
        if how == "aux":                       # a canonical table's pool, options, numbers
            import h5py
            with h5py.File(path, "r") as f:
                f.visititems(lambda n, o: spots.extend(
                    [o.id.get_chunk_info(i) for i in range(o.id.get_num_chunks())]
                    if o.chunks else [_Spot(o.id.get_offset(), o.id.get_storage_size())])
                    if n.split("/")[-1].startswith("aux_") and isinstance(o, h5py.Dataset)
                    and o.id.get_storage_size() else None)
        ci = ctx.rng.choice(spots) if spots else None
        off = ci.byte_offset + ctx.rng.randrange(ci.size) if ci else ctx.rng.randrange(len(data))
        data[off] ^= ctx.rng.randrange(1, 256)
    with open(path, "wb") as f:
        f.write(data)


def cli(ctx: Ctx, *argv, timeout: float = 120, env=None) -> dict:
    """``gtables`` ARGV as a real process (``ctx.run``)."""
    return ctx.run([PY, "-m", "gtables.cli", *argv], timeout=timeout, env=env)


# -- the report ---------------------------------------------------------------------------------

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
