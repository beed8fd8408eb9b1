#!/usr/bin/env python3
"""Fault injection for the gtables store: damage, kill, crowd, starve and lock it; check the promise.

The promise under test (src/gtables/store.py, src/gtables/transaction.py):

* after every fault, every table in the store is either **correct** (equal to a fresh, independent
  recomputation: ``gtables.compute(spec, store=None)`` in this script, once per spec, cached) or
  **refused** with ``GtablesError`` (the command: exit 2 and one line ``gtables: error: ...``);
* **no table that reads as complete is wrong** (counted: must be 0);
* **no finished table is lost**: a table whose write was reported as successful (exit 0 and
  "stored", or a side store named by an exit 1) is still there and correct (counted: must be 0).

Faults (each on a fresh temporary store seeded with small tables; nothing touches results/tables.h5):

  1. a byte flip in a data chunk (tables and their chunk digests)
  2. a byte flip in an attribute value (spec, checksum hex, JSON params, numbers, ...)
  3. a byte flip in a checkpoint (then the resumed table must still be correct)
  4. random byte flips anywhere in the file
  5. truncation of the store file at random lengths
  6. SIGKILL at random points: a real CLI run killed after a random delay, and children that kill
     themselves at the Nth journal write / commit / journal rename / journal replay, or that are
     slowed down in their write transactions and killed at a random moment inside one
  7. concurrent writers (2 and 4 processes; different tables and the same table;
     HDF5_USE_FILE_LOCKING TRUE and FALSE)
  8. a plain h5py reader holding the file during writes; gtables readers during writes
  9. a read-only store (run as user nobody, and chattr +i as root)
 10. a full disk (a small tmpfs when it can be mounted; RLIMIT_FSIZE in the child always)
 11. bad inputs: scripts/bad_inputs.py (another engineer's corpus), when present

After each injection the store is inspected by a separate worker process (so that a crash or a
hang in HDF5 cannot take the suite down): every table is loaded whole and looked up lazily, the
store is checked (``Store.check``), and ``gtables check`` / ``gtables query`` run through
``gtables.cli.main`` in that process (the code path of ``python -m gtables.cli``); a few runs per
fault are repeated through a real ``python -m gtables.cli`` subprocess and compared.

Usage:
  python scripts/fault_injection.py                 # the whole suite, about 7 minutes on 2 cores
  python scripts/fault_injection.py --quick         # fewer repetitions, about two minutes
  python scripts/fault_injection.py --seed 7        # another random draw (default seed 1)
  python scripts/fault_injection.py --only 1,6,10   # some faults only
  python scripts/fault_injection.py --out DIR       # write DIR/reliability.md and .json
                                                    # (default results/; --no-write: print only)
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
import pathlib
import platform
import random
import re
import resource
import select
import shlex
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import threading
import time
import traceback

import numpy as np

SCRIPT = pathlib.Path(__file__).resolve()
ROOT = SCRIPT.parents[1]

SEEDS = ("octal:code=0.07,size=20000", "octal:code=0.6,size=30000", "nim:heaps=2,size=40",
         "subtraction:set=1-3,size=5000")
NEW_SMALL = "subtraction:set=1-2,size=300"      # written into a damaged store after the fault
LONG_SPEC = "octal:code=0.6,size=400000"        # a run of several seconds, with checkpoints
LONG_SPEC_QUICK = "octal:code=0.6,size=200000"
KILL_SPEC = "octal:code=0.6,size=150000"        # the self-killing children's run
CKPT_SPECS = ("octal:code=0.6,size=60000", "octal:code=0.16,size=60000")
CONC_DIFFERENT = ("octal:code=0.6,size=100000", "octal:code=0.16,size=60000",
                  "octal:code=0.6,size=80000", "subtraction:set=1-4,size=300000")
CONC_SAME = "octal:code=0.77,size=100000"
READ_WRITES = ("octal:code=0.6,size=100000", "octal:code=0.16,size=60000")
FULL_SPEC = "octal:code=0.6,size=200000"
# the full run takes the whole corpus (~400 cases, ~5 min)
BAD_INPUT_SAMPLE, BAD_INPUT_SAMPLE_QUICK = None, 4
WORKER_TIMEOUT = 120.0
# nothing else uses a damaged store, so its inspection need not wait for locks: a wait there can
# only be a misread error (see the report); the real-CLI samples keep a short, visible wait
DAMAGE_ENV = {"GTABLES_LOCK_TIMEOUT": "0"}
SAMPLE_LOCK_TIMEOUT = 5

FAULT_TITLES = {
    1: "byte flip in a data chunk", 2: "byte flip in an attribute", 3: "byte flip in a checkpoint",
    4: "random byte flips anywhere", 5: "truncation of the store file", 6: "SIGKILL at random points",
    7: "concurrent writers", 8: "readers during writes", 9: "read-only store", 10: "full disk",
    11: "bad inputs (scripts/bad_inputs.py)",
}


# -- small helpers ------------------------------------------------------------------------------

def canonical(spec: str) -> str:
    import gtables
    return gtables.game(spec).spec


def ref_name(spec: str) -> str:
    return hashlib.sha1(spec.encode("utf-8", "surrogateescape")).hexdigest()[:16] + ".npy"


def first_line(text: str | None) -> str:
    for line in (text or "").splitlines():
        if line.strip():
            return line.strip()
    return ""


def last_line(text: str | None) -> str:
    lines = [x for x in (text or "").splitlines() if x.strip()]
    return lines[-1].strip() if lines else ""


def clean(s) -> str:
    """Any string made safe for UTF-8 output (h5py hands back damaged strings with surrogates)."""
    return str(s).encode("utf-8", "backslashreplace").decode("utf-8")


SPEC_RE = re.compile(r"\b[a-z]+:[a-z]+=[^\s,;()]+(?:,[a-z]+=[^\s,;()]+)*")


def norm(s: str, tmp: str | None = None) -> str:
    """A message with its variable parts (paths, specs, pids, times, hashes, counts) replaced,
    so that equal outcomes count together."""
    s = clean(s)
    if tmp:
        s = s.replace(tmp, "<tmp>")
    s = re.sub(r"<tmp>/[^\s,;()'\"]*", "<path>", s)
    s = re.sub(r"/tmp/[^\s,;()'\"]*", "<path>", s)
    s = SPEC_RE.sub("<spec>", s)
    s = re.sub(r"\bprocess(\(es\))? \d+(?:, \d+)*", "process <pid>", s)
    s = re.sub(r"\bon [\w.-]+ \(", "on <host> (", s)
    s = re.sub(r"\(gtables compute [^)]*\)", "(<command>)", s)
    s = re.sub(r"\(-c [^)]*\)", "(<command>)", s)
    s = re.sub(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\S*", "<time>", s)
    s = re.sub(r"[0-9a-f]{16,}", "<hex>", s)
    s = re.sub(r"\b\d{1,3}(?:,\d{3})+\b", "<n>", s)
    s = re.sub(r"\b\d{4,}\b", "<n>", s)
    return s[:260]


def tb_summary(tb: str) -> str:
    """A traceback in one line: the gtables frames (file:line function), then the exception."""
    frames = re.findall(r'File "[^"]*?/((?:gtables|h5py)/[^"]+)", line (\d+), in (\S+)', tb)
    where = " > ".join(f"{f}:{n} {fn}" for f, n, fn in frames[-6:])
    return f"{where}: {last_line(tb)}" if where else last_line(tb)


def flip(path: str, offset: int, mask: int) -> tuple[int, int]:
    with open(path, "r+b") as f:
        f.seek(offset)
        b = f.read(1)[0]
        f.seek(offset)
        f.write(bytes([b ^ mask]))
    return b, b ^ mask


def find_all(data: bytes, needle: bytes, limit: int = 50) -> list[int]:
    out, i = [], 0
    while len(out) < limit:
        i = data.find(needle, i)
        if i < 0:
            break
        out.append(i)
        i += 1
    return out


def mib(kb: int) -> float:
    return kb / 1024.0


# -- verification (runs in the worker process; importable for in-process use) --------------------

def _one(e: BaseException) -> str:
    return first_line(str(e)) or type(e).__name__


def classify_table(path: str, spec: str, reference, lookups: int, rng: random.Random) -> dict:
    """Load ``spec`` from ``path`` whole and look up a few positions lazily (fresh handles):
    ``correct`` / ``refused`` / ``missing`` / ``WRONG`` / ``traceback`` / ``unverifiable``."""
    import gtables
    from gtables.errors import GtablesError
    out = {"status": None, "msg": None}
    try:
        ref = reference(spec)
    except Exception:                       # noqa: BLE001 - a damaged spec that does not parse
        ref = None
    seen = []

    def refused(e):
        seen.append("missing" if "is not in the store" in str(e) or "no longer in" in str(e)
                    else "refused")
        out["msg"] = out["msg"] or _one(e)

    def bug():
        seen.append("traceback")
        out["traceback"] = traceback.format_exc()[-3000:]

    try:
        vals = gtables.load(spec, store=path).values
        if ref is None:
            seen.append("unverifiable")
        elif vals.shape == ref.shape and np.array_equal(vals, ref):
            seen.append("correct")
        else:
            seen.append("WRONG")
            diff = np.flatnonzero(vals != ref) if vals.shape == ref.shape else []
            out["wrong"] = (f"full load: shape {vals.shape} vs {ref.shape}, "
                            f"{len(diff)} values differ, first at {diff[:5].tolist()}")
    except GtablesError as e:
        refused(e)
    except Exception:                       # noqa: BLE001 - reported as a bug
        bug()
    if ref is not None and ref.size:
        for _ in range(lookups):
            i = rng.randrange(ref.size)
            try:
                t = gtables.load(spec, store=path)
                v = t.value(t.space.format_index(i))
                if v == int(ref[i]):
                    seen.append("correct")
                else:
                    seen.append("WRONG")
                    out["wrong"] = f"lazy value() at index {i}: {v} instead of {int(ref[i])}"
            except GtablesError as e:
                refused(e)
            except Exception:               # noqa: BLE001
                bug()
    for s in ("WRONG", "traceback"):
        if s in seen:
            out["status"] = s
            break
    else:
        if seen and all(s == "correct" for s in seen):
            out["status"] = "correct"
        elif seen and seen[0] == "missing":
            out["status"] = "missing"
        elif "unverifiable" in seen:
            out["status"] = "unverifiable"
        else:
            out["status"] = "refused"
            if "correct" in seen:
                out["mixed"] = True
    return out


def verify_store(path: str, reference, expected=(), lookups: int = 3, seed: int = 0,
                 check: bool = True, checkpoint_refs: dict | None = None) -> dict:
    """Walk ``Store(path).list()`` (plus the ``expected`` specs, which must be there) and classify
    each table with :func:`classify_table`; run ``Store(path).check()``; read every checkpoint and
    compare it with the reference of its sequence (``checkpoint_refs``: sequence key -> spec).
    ``reference(spec)`` returns the reference values (or None)."""
    from gtables.errors import GtablesError
    from gtables.store import Store, table_key
    rng = random.Random(seed)
    res = {"path": path, "list_error": None, "listed": [], "tables": {}, "check": None,
           "checkpoints": [], "tracebacks": []}
    try:
        rows = Store(path).list()
        res["listed"] = [str(r.get("spec")) for r in rows]
    except GtablesError as e:
        res["list_error"] = _one(e)
    except Exception as e:                  # noqa: BLE001
        res["list_error"] = "TRACEBACK " + _one(e)
        res["tracebacks"].append(("Store.list", traceback.format_exc()[-3000:]))
    for spec in dict.fromkeys(list(expected) + res["listed"]):
        t = classify_table(path, spec, reference, lookups, rng)
        res["tables"][spec] = t
        if t.get("traceback"):
            res["tracebacks"].append((f"load {spec}", t["traceback"]))
    if check:
        try:
            st = Store(path)
            rows = st.check()
            res["check"] = {"entries": len(rows), "damaged": sum(bool(r["damaged"]) for r in rows),
                            "first": next((_one(Exception(r["damaged"])) for r in rows
                                           if r["damaged"]), None)}
            for r in rows:
                if r["kind"] != "checkpoint":
                    continue
                ck = {"sequence_key": r["spec"], "status": "damaged" if r["damaged"] else "sound"}
                if not r["damaged"]:
                    try:
                        vals, _ = st._read_checkpoint(f"partial/{table_key(r['spec'])}")
                        ck["length"] = int(vals.size)
                        spec = (checkpoint_refs or {}).get(r["spec"])
                        ref = reference(spec) if spec else None
                        if ref is not None:
                            m = min(ref.size, vals.size)
                            ck["status"] = "sound" if np.array_equal(vals[:m], ref[:m]) else "WRONG"
                    except GtablesError as e:
                        ck["status"], ck["msg"] = "damaged", _one(e)
                res["checkpoints"].append(ck)
        except GtablesError as e:
            res["check"] = {"error": _one(e)}
        except Exception as e:              # noqa: BLE001
            res["check"] = {"error": "TRACEBACK " + _one(e)}
            res["tracebacks"].append(("Store.check", traceback.format_exc()[-3000:]))
    return res


def cli_inproc(argv: list[str], env: dict | None = None) -> dict:
    """``gtables.cli.main(argv)`` with stdout/stderr captured as a real run would produce them
    (UTF-8; a traceback is what the interpreter would print, with exit status 1)."""
    from gtables import cli
    saved_env = {k: os.environ.get(k) for k in (env or {})}
    os.environ.update(env or {})
    bo, be = io.BytesIO(), io.BytesIO()
    so = io.TextIOWrapper(bo, encoding="utf-8", errors="surrogateescape", write_through=True)
    se = io.TextIOWrapper(be, encoding="utf-8", errors="backslashreplace", write_through=True)
    old = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = so, se
    tb = None
    t0 = time.monotonic()
    try:
        rc = cli.main(list(argv))
    except SystemExit as e:
        rc = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    except BaseException:                   # noqa: BLE001 - the interpreter would print it
        rc = 1
        tb = traceback.format_exc()[-4000:]
    finally:
        sys.stdout, sys.stderr = old
        for k, v in saved_env.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    err = be.getvalue().decode("utf-8", "replace") + (tb or "")
    return {"rc": rc, "out": bo.getvalue().decode("utf-8", "replace"), "err": err,
            "traceback": tb, "seconds": time.monotonic() - t0}


def make_reference(refdir: str):
    """Reference values by spec: the ``.npy`` files the main process wrote, or (for a spec it
    did not foresee, e.g. a damaged spec string that still parses) a fresh computation here."""
    cache: dict = {}

    def reference(spec):
        if spec is None:
            return None
        if spec in cache:
            return cache[spec]
        p = os.path.join(refdir, ref_name(spec))
        val = None
        if os.path.exists(p):
            val = np.load(p)
        else:
            import gtables
            try:
                g = gtables.game(spec)
                if g.space.size <= 2_000_000:
                    val = gtables.compute(g.spec, store=None, progress=False).values
            except Exception:               # noqa: BLE001 - not a spec: no reference
                val = None
        cache[spec] = val
        return val
    return reference


def serve(refdir: str) -> None:
    """The worker: one JSON request per line on stdin ({"steps": [...]}), one JSON answer."""
    out = sys.stdout
    sys.stdout = sys.stderr                # nothing but answers on the protocol stream
    reference = make_reference(refdir)
    import gtables.cli  # noqa: F401 - warm up
    for line in sys.stdin:
        req = json.loads(line)
        answers = []
        saved_env = {k: os.environ.get(k) for k in req.get("env", {})}
        os.environ.update(req.get("env", {}))
        for st in req.get("steps", []):
            try:
                if st["do"] == "verify":
                    answers.append(verify_store(st["path"], reference, st.get("expected", ()),
                                                st.get("lookups", 3), st.get("seed", 0),
                                                st.get("check", True), st.get("checkpoint_refs")))
                elif st["do"] == "cli":
                    answers.append(cli_inproc(st["argv"], st.get("env")))
                else:
                    answers.append({"error": f"unknown step {st['do']}"})
            except BaseException:           # noqa: BLE001
                answers.append({"internal_error": traceback.format_exc()[-3000:]})
        for k, v in saved_env.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
        out.write(json.dumps(answers) + "\n")
        out.flush()


class Worker:
    """The inspection process: answers verify/cli steps; restarted after a crash or a hang."""

    def __init__(self, ctx: Ctx):
        self.ctx = ctx
        self.proc = None
        self.restarts = 0
        self.log = None

    def _start(self):
        if self.log is None:
            self.log = open(os.path.join(self.ctx.tmp, "worker.log"), "ab")
        self.proc = subprocess.Popen([sys.executable, str(SCRIPT), "--serve", self.ctx.refdir],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.log, env=self.ctx.child_env(GTABLES_LOCK_TIMEOUT="15"),
                                     cwd=self.ctx.tmp)

    def call(self, steps: list[dict], timeout: float = WORKER_TIMEOUT, env: dict | None = None):
        """The answers (a list), or a dict ``{"hang": s}`` / ``{"crash": status}``.  ``env``:
        environment variables set while these steps run."""
        if self.proc is None or self.proc.poll() is not None:
            self._start()
        try:
            self.proc.stdin.write((json.dumps({"steps": steps, "env": env or {}}) + "\n").encode())
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            return self._dead()
        ready, _, _ = select.select([self.proc.stdout], [], [], timeout)
        if not ready:
            self.proc.kill()
            self.proc.wait()
            self.proc = None
            self.restarts += 1
            return {"hang": timeout}
        line = self.proc.stdout.readline()
        if not line:
            return self._dead()
        return json.loads(line)

    def _dead(self):
        rc = self.proc.wait()
        self.proc = None
        self.restarts += 1
        return {"crash": rc}

    def close(self):
        if self.proc is not None and self.proc.poll() is None:
            with contextlib.suppress(Exception):
                self.proc.stdin.close()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None
        if self.log is not None:
            self.log.close()
            self.log = None


# -- the context: temp dir, references, the seeded store, the worker -----------------------------

class Ctx:
    def __init__(self, tmp: str, seed: int = 1, quick: bool = False, seeds=SEEDS, echo=print,
                 t0: float | None = None):
        self.tmp = os.path.abspath(tmp)
        os.makedirs(self.tmp, exist_ok=True)
        self.seed = seed
        self.quick = quick
        self.rng = random.Random(seed)
        self._echo = echo
        self.t0 = t0 if t0 is not None else time.monotonic()
        self.refdir = os.path.join(self.tmp, "ref")
        os.makedirs(self.refdir, exist_ok=True)
        self.seeds = [canonical(s) for s in seeds]
        self._refs: dict = {}
        self.ref_seconds: dict = {}
        self._base = None
        self._n = 0
        self._worker = None
        self._cleanups: list = []
        self.cli_startup = None
        self.real_samples = 1 if quick else 2     # real-CLI repeats per damage fault

    def echo(self, msg: str) -> None:
        self._echo(f"[{time.monotonic() - self.t0:7.1f} s] {msg}")

    def ref(self, spec: str) -> np.ndarray:
        spec = canonical(spec)
        if spec not in self._refs:
            import gtables
            t = time.perf_counter()
            v = gtables.compute(spec, store=None, progress=False).values
            self.ref_seconds[spec] = time.perf_counter() - t
            np.save(os.path.join(self.refdir, ref_name(spec)), v)
            self._refs[spec] = v
        return self._refs[spec]

    def base(self) -> str:
        """The seeded store every fault copies (built once)."""
        if self._base is None:
            import gtables
            p = os.path.join(self.newdir("base"), "tables.h5")
            for s in self.seeds:
                self.ref(s)
                gtables.compute(s, store=p, progress=False)
            self._base = p
        return self._base

    def newdir(self, label: str) -> str:
        self._n += 1
        d = os.path.join(self.tmp, f"{self._n:03d}-{label}")
        os.makedirs(d)
        return d

    def fresh_store(self, label: str, directory: str | None = None) -> str:
        d = directory or self.newdir(label)
        p = os.path.join(d, "tables.h5")
        shutil.copyfile(self.base(), p)
        return p

    @property
    def worker(self) -> Worker:
        if self._worker is None:
            self._worker = Worker(self)
        return self._worker

    def child_env(self, **extra) -> dict:
        e = dict(os.environ)
        e["GTABLES_STORE"] = os.path.join(self.tmp, "default-store-unused.h5")
        e.setdefault("GTABLES_LOCK_TIMEOUT", "60")
        e.update({k: str(v) for k, v in extra.items()})
        return e

    def at_close(self, fn) -> None:
        self._cleanups.append(fn)

    def close(self) -> None:
        if self._worker is not None:
            self._worker.close()
        for fn in reversed(self._cleanups):
            with contextlib.suppress(Exception):
                fn()
        self._cleanups.clear()

    def position(self, spec: str, i: int) -> str:
        import gtables
        return gtables.game(spec).space.format_index(int(i))


def run_cli(ctx: Ctx, args: list[str], env: dict | None = None, timeout: float = 300,
            preexec_fn=None) -> dict:
    """A real ``python -m gtables.cli`` run (cwd: the temp dir)."""
    e = ctx.child_env(**(env or {}))
    t0 = time.monotonic()
    try:
        p = subprocess.run([sys.executable, "-m", "gtables.cli", *args], capture_output=True,
                           env=e, timeout=timeout, cwd=ctx.tmp, preexec_fn=preexec_fn)
    except subprocess.TimeoutExpired as x:
        return {"rc": None, "hang": timeout, "out": (x.stdout or b"").decode("utf-8", "replace"),
                "err": (x.stderr or b"").decode("utf-8", "replace"), "seconds": timeout}
    err = p.stderr.decode("utf-8", "replace")
    tb = err if "Traceback (most recent call last)" in err else None
    return {"rc": p.returncode, "out": p.stdout.decode("utf-8", "replace"), "err": err,
            "traceback": tb, "seconds": time.monotonic() - t0}


# -- records --------------------------------------------------------------------------------------

@dataclasses.dataclass
class Record:
    number: int
    fault: str
    how: str = ""
    injections: int = 0
    seen: collections.Counter = dataclasses.field(default_factory=collections.Counter)
    outcomes: collections.Counter = dataclasses.field(default_factory=collections.Counter)
    wrong_complete: int = 0
    lost_finished: int | None = 0            # None: not applicable (media damage may lose tables)
    tracebacks: int = 0
    hangs: int = 0
    not_one_line: int = 0
    notes: list = dataclasses.field(default_factory=list)
    anomalies: list = dataclasses.field(default_factory=list)
    details: dict = dataclasses.field(default_factory=dict)
    log: list = dataclasses.field(default_factory=list)
    seconds: float = 0.0

    def saw(self, line: str) -> None:
        self.seen[clean(line)] += 1

    def anomaly(self, text: str, key: str | None = None) -> None:
        """Something that breaks the promise or looks like a bug; ``key`` groups repeats."""
        text = clean(text)[:1500]
        key = clean(key) if key else text
        for a in self.anomalies:
            if a["key"] == key:
                a["count"] += 1
                return
        self.anomalies.append({"key": key, "count": 1, "example": text})

    def count(self, key: str, what: str) -> None:
        self.details.setdefault(key, collections.Counter())[clean(what)] += 1

    def to_json(self) -> dict:
        d = dataclasses.asdict(self)
        d["seen"] = dict(self.seen.most_common())
        d["outcomes"] = dict(self.outcomes.most_common())
        d["details"] = {k: (dict(v.most_common()) if isinstance(v, collections.Counter) else v)
                        for k, v in self.details.items()}
        return d


def describe(label: str, r: dict, ctx: Ctx, ok_text: str = "") -> str:
    """One line for what a command showed the user."""
    if r.get("hang"):
        return f"{label}: HANG (no answer after {r['hang']:.0f} s)"
    if r.get("crash") is not None:
        return f"{label}: CRASH (exit status {r['crash']})"
    if r.get("internal_error"):
        return f"{label}: fault-injection worker error"
    if r.get("traceback"):
        return f"{label}: TRACEBACK ({norm(last_line(r['traceback']), ctx.tmp)})"
    if r.get("rc") == 0:
        return f"{label}: exit 0{ok_text}"
    err = [x for x in (r.get("err") or "").splitlines() if x.strip()]
    out = [x for x in (r.get("out") or "").splitlines() if "NOT stored" in x]
    line = (next((x for x in err if x.startswith("gtables: error:")), None) or
            (out[0] if out else None) or first_line(r.get("err")) or first_line(r.get("out"))
            or "(no output)")
    return f"{label}: exit {r.get('rc')}: {norm(line, ctx.tmp)}"


def tally_cli(rec: Record, r: dict, label: str, ctx: Ctx) -> None:
    """Tracebacks, hangs, and exit-2 results that are not one ``gtables: error:`` line."""
    rc = r.get("rc")
    if r.get("hang") or r.get("crash") is not None or (
            isinstance(rc, int) and rc < 0 and rc != -signal.SIGKILL):
        # a hang, or a death by a signal we did not send (SIGKILL is fault 6's own)
        rec.hangs += 1
        rec.anomaly(f"{label}: {describe(label, r, ctx)}")
        return
    if r.get("internal_error"):
        rec.anomaly(f"{label}: fault-injection worker error: {r['internal_error'][-600:]}")
        return
    if r.get("traceback"):
        rec.tracebacks += 1
        rec.anomaly(f"{label}: traceback (exit {r.get('rc')}): {norm(tb_summary(r['traceback']), ctx.tmp)}",
                    key=f"a command ends in a traceback: {norm(last_line(r['traceback']), ctx.tmp)}")
        return
    if r.get("rc") == 2:
        lines = [x for x in r.get("err", "").splitlines() if x.strip()]
        errors = [x for x in lines if x.startswith("gtables: error:")]
        if len(errors) != 1 or any(not x.startswith("gtables: ") for x in lines):
            rec.not_one_line += 1
            rec.anomaly(f"{label}: exit 2 but stderr is not one 'gtables: error:' line: "
                        f"{norm(' / '.join(lines)[:600], ctx.tmp)}")


def tally_query(ctx: Ctx, rec: Record, r: dict, spec: str, i: int, label="gtables query") -> None:
    ok = ""
    if r.get("rc") == 0 and not r.get("traceback"):
        v = None
        with contextlib.suppress(Exception):
            v = json.loads(r["out"].strip().splitlines()[-1]).get("grundy")
        if v is None:
            ok = ", answer not understood"
            rec.anomaly(f"{label} {spec} at index {i}: unparsable answer {r['out'][:200]!r}")
        elif v == int(ctx.ref(spec)[i]):
            ok = ", correct value"
        else:
            ok = ", WRONG value"
            rec.wrong_complete += 1
            rec.anomaly(f"{label} {spec} at index {i} answered {v}, the reference says "
                        f"{int(ctx.ref(spec)[i])}")
    rec.saw(describe(label, r, ctx, ok))
    tally_cli(rec, r, f"{label} {spec}", ctx)


def tally_verify(rec: Record, v, phase: str, ctx: Ctx, finished=(), label: str = "") -> dict | None:
    """Count a verify result: table statuses, wrong tables, lost finished tables, tracebacks."""
    if not isinstance(v, dict) or v.get("hang") or v.get("crash") is not None or \
            v.get("internal_error"):
        if isinstance(v, dict) and v.get("internal_error"):
            rec.anomaly(f"{label} {phase}: fault-injection worker error {v['internal_error'][-800:]}")
        else:
            rec.hangs += 1
            rec.anomaly(f"{label} {phase}: inspection {describe('', v, ctx)}")
        return None
    for where, tb in v.get("tracebacks", []):
        rec.tracebacks += 1
        rec.anomaly(f"{label} {phase}: traceback in {where}: {norm(tb_summary(tb), ctx.tmp)}",
                    key=f"the API raises a non-GtablesError: {norm(last_line(tb), ctx.tmp)}")
    for spec, t in v["tables"].items():
        rec.outcomes[f"{phase}: {t['status']}"] += 1
        if t["status"] == "WRONG":
            rec.wrong_complete += 1
            rec.anomaly(f"{label} {phase}: WRONG table reads as complete: {spec}: {t.get('wrong')}")
        if t["status"] == "unverifiable":
            rec.anomaly(f"{label} {phase}: an unexpected entry reads as complete: {spec}")
        if spec in finished and t["status"] != "correct":
            rec.lost_finished = (rec.lost_finished or 0) + 1
            rec.anomaly(f"{label} {phase}: finished table LOST: {spec} is {t['status']} "
                        f"({t.get('msg')})")
    for ck in v.get("checkpoints", []):
        rec.outcomes[f"{phase}: checkpoint {ck['status']}"] += 1
        if ck["status"] == "WRONG":
            rec.wrong_complete += 1
            rec.anomaly(f"{label} {phase}: a checkpoint reads as sound but is WRONG: {ck}")
    return v


# -- the file map: where chunks and attribute values lie ------------------------------------------

def chunk_map(path: str) -> list[dict]:
    import h5py
    out = []
    with h5py.File(path, "r") as f:
        spec_of = {k: str(f["tables"][k].attrs.get("spec")) for k in f.get("tables", {})}
        for group in ("tables", "digests", "partial"):
            for key in f.get(group, {}):
                ds = f[group][key]
                for c in range(ds.id.get_num_chunks()):
                    info = ds.id.get_chunk_info(c)
                    out.append({"group": group, "key": key, "spec": spec_of.get(key, key),
                                "chunk": c, "offset": int(info.byte_offset),
                                "size": int(info.size)})
    return out


def attribute_map(path: str, groups=("tables",)) -> list[dict]:
    """Where each attribute value's bytes lie in the raw file (strings: their UTF-8 bytes in the
    global heap; numbers: their 8 bytes in the object header), when that is unambiguous enough
    (at most 8 places)."""
    import h5py
    data = open(path, "rb").read()
    out = []
    with h5py.File(path, "r") as f:
        objs = [("(store)", "/", f)]
        for group in groups:
            for key in f.get(group, {}):
                ds = f[group][key]
                objs.append((str(ds.attrs.get("spec", ds.attrs.get("sequence_key", key))),
                             f"{group}/{key}", ds))
        for owner, where, obj in objs:
            for name in obj.attrs:
                v = obj.attrs[name]
                if isinstance(v, bytes):
                    needle = v
                elif isinstance(v, str):
                    needle = v.encode("utf-8", "surrogateescape")
                elif isinstance(v, (np.integer, int)):
                    needle = struct.pack("<q", int(v))
                elif isinstance(v, (np.floating, float)):
                    needle = struct.pack("<d", float(v))
                else:
                    continue
                if len(needle) < 4:
                    continue
                occ = find_all(data, needle, 9)
                if 1 <= len(occ) <= 8:
                    out.append({"owner": owner, "object": where, "name": name, "offsets": occ,
                                "length": len(needle), "needle": needle})
    return out


def region_of(offset: int, chunks: list[dict], attrs: list[dict]) -> str:
    if offset < 96:
        return "superblock"
    for c in chunks:
        if c["offset"] <= offset < c["offset"] + c["size"]:
            return f"{c['group']} chunk"
    for a in attrs:
        for o in a["offsets"]:
            if o <= offset < o + a["length"]:
                return "attribute value"
    return "other (HDF5 metadata, heap or free space)"


# -- faults 1-5: damage on disk ------------------------------------------------------------------

def _inspect_damage(ctx: Ctx, rec: Record, path: str, label: str, specs=None,
                    sample_spec: str | None = None) -> dict | None:
    """verify; gtables check; gtables query of each table; gtables compute of a new table;
    verify again (all in the worker).  With ``sample_spec``, the query of that table is also run
    through a real ``python -m gtables.cli`` subprocess on a byte-identical copy of the damaged
    store, and the two answers are compared."""
    specs = list(specs or ctx.seeds)
    seed = ctx.rng.randrange(1 << 30)
    steps = [{"do": "verify", "path": path, "expected": specs, "seed": seed},
             {"do": "cli", "argv": ["check", "--store", path]}]
    queries = []
    for s in specs:
        i = ctx.rng.randrange(ctx.ref(s).size)
        steps.append({"do": "cli", "argv": ["query", s, ctx.position(s, i), "--json",
                                            "--store", path]})
        queries.append((s, i))
    steps.append({"do": "cli", "argv": ["compute", NEW_SMALL, "-q", "--store", path]})
    steps.append({"do": "verify", "path": path, "expected": specs, "seed": seed + 1})
    real = None
    if sample_spec in specs:
        twin = os.path.join(ctx.newdir("twin"), "tables.h5")
        shutil.copyfile(path, twin)
        i = dict(queries)[sample_spec]
        real = run_cli(ctx, ["query", sample_spec, ctx.position(sample_spec, i), "--json",
                             "--store", twin], env={"GTABLES_LOCK_TIMEOUT": str(SAMPLE_LOCK_TIMEOUT)})
        waited = f" [after {real['seconds']:.0f} s]" if real.get("seconds", 0) > 4 else ""
        tally_query(ctx, rec, real, sample_spec, i,
                    label=f"real gtables query (GTABLES_LOCK_TIMEOUT={SAMPLE_LOCK_TIMEOUT}){waited}")
    res = ctx.worker.call(steps, env=DAMAGE_ENV)
    if isinstance(res, dict):
        tally_verify(rec, res, "after the fault", ctx, label=label)
        rec.saw(describe("inspection", res, ctx))
        return None
    v1, chk = res[0], res[1]
    qs, comp, v2 = res[2:2 + len(queries)], res[-2], res[-1]
    busy = [r for r in [chk, *qs, comp] + ([real] if real else [])
            if "store busy" in first_line(r.get("err"))]
    if busy:
        # nothing else uses this store: "busy" can only be a misread of the damage
        rec.count("damage reported as 'store busy' (no other process uses the store)",
                  f"{len(busy)} of {len(qs) + 2 + bool(real)} commands")
        msg = norm(first_line(busy[0]['err']), ctx.tmp)
        rec.anomaly(f"{label}: {msg}", key="a damaged store that no other process uses is "
                    "reported as 'store busy', after waiting the whole GTABLES_LOCK_TIMEOUT: "
                    + re.sub(r"eof = \S+", "eof = <n>", msg))
    tally_verify(rec, v1, "after the fault", ctx, label=label)
    rec.saw(describe("gtables check", chk, ctx))
    tally_cli(rec, chk, f"{label} gtables check", ctx)
    for (s, i), q in zip(queries, qs):
        tally_query(ctx, rec, q, s, i)
        if real is not None and s == sample_spec:
            same = (real.get("rc") == q.get("rc") and
                    norm(first_line(real.get("err")), ctx.tmp).replace("twin", "") ==
                    norm(first_line(q.get("err")), ctx.tmp).replace("twin", ""))
            rec.count("real CLI vs in-process (same damaged bytes)",
                      "same exit status and first line" if same else
                      f"DIFFERENT: real exit {real.get('rc')} "
                      f"{norm(first_line(real.get('err')), ctx.tmp)} / in-process exit "
                      f"{q.get('rc')} {norm(first_line(q.get('err')), ctx.tmp)}")
    stored = comp.get("rc") == 0 and "stored in" in comp.get("out", "")
    rec.saw(describe("gtables compute of a new table", comp, ctx,
                     ", stored" if stored else ""))
    tally_cli(rec, comp, f"{label} gtables compute {NEW_SMALL}", ctx)
    tally_verify(rec, v2, "after a new write", ctx, finished=[NEW_SMALL] if stored else (),
                 label=label)
    return {"v1": v1, "queries": list(zip(queries, qs))}


def _samples(ctx: Ctx) -> int:
    return ctx.real_samples


def fault_chunk_flip(ctx: Ctx, n: int = 30) -> Record:
    rec = Record(1, FAULT_TITLES[1], "one byte inside a chunk (tables 75%, their chunk digests "
                 "25%; offsets from h5py get_chunk_info) XOR a random non-zero mask, plain file I/O")
    rec.lost_finished = None
    cmap = chunk_map(ctx.base())
    tables = [c for c in cmap if c["group"] == "tables"]
    digests = [c for c in cmap if c["group"] == "digests"] or tables
    for k in range(n):
        c = ctx.rng.choice(tables if ctx.rng.random() < 0.75 else digests)
        off = c["offset"] + ctx.rng.randrange(c["size"])
        mask = ctx.rng.randrange(1, 256)
        path = ctx.fresh_store("chunk")
        flip(path, off, mask)
        label = f"fault 1 #{k} ({c['group']} chunk of {c['spec']}, offset {off}, mask {mask:#04x})"
        got = _inspect_damage(ctx, rec, path, label,
                              sample_spec=c["spec"] if k < _samples(ctx) else None)
        rec.injections += 1
        status = got["v1"]["tables"][c["spec"]]["status"] if got else "inspection failed"
        rec.count("the hit table after the flip", f"{c['group']} chunk hit: {status}")
        if got:
            others = [s for s, t in got["v1"]["tables"].items() if s != c["spec"]
                      and t["status"] != "correct"]
            if others:
                rec.count("collateral", "other tables not correct")
                rec.anomaly(f"{label}: tables it did not touch are not correct: {others}")
        rec.log.append({"store": "copy of the seeded store", "dataset": f"{c['group']}/{c['key']}",
                        "offset": off, "mask": mask, "hit_status": status})
        ctx.echo(f"fault 1: {k + 1}/{n} {c['group']} chunk of {c['spec']}: {status}")
    return rec


def fault_attribute_flip(ctx: Ctx, n: int = 20, sweep: int = 20) -> Record:
    rec = Record(2, FAULT_TITLES[2], "(random) one byte of an attribute value found in the raw "
                 "file (its UTF-8 string bytes, or the 8 bytes of a number) XOR "
                 "0x01/0x20/0x80/random; (sweep) each byte of the float64 datatype message that "
                 "describes one table's compute_seconds attribute (the 20 bytes after its name "
                 "in the object header) XOR 0xe7, the kind of flip that made random flips raise "
                 "a ValueError in a trial run")
    rec.lost_finished = None
    amap = attribute_map(ctx.base())
    names = sorted({a["name"] for a in amap})
    for k in range(n):
        name = ctx.rng.choice(names)
        a = ctx.rng.choice([x for x in amap if x["name"] == name])
        off = ctx.rng.choice(a["offsets"]) + ctx.rng.randrange(a["length"])
        mask = ctx.rng.choice([0x01, 0x20, 0x80, ctx.rng.randrange(1, 256)])
        path = ctx.fresh_store("attr")
        flip(path, off, mask)
        label = f"fault 2 #{k} (attribute {name} of {a['owner']}, offset {off}, mask {mask:#04x})"
        got = _inspect_damage(ctx, rec, path, label, sample_spec=(
            a["owner"] if a["owner"] in ctx.seeds else ctx.seeds[0]) if k < _samples(ctx) else None)
        rec.injections += 1
        if got:
            st = collections.Counter(t["status"] for t in got["v1"]["tables"].values())
            effect = "no visible effect (a stale copy?)" if st.get("correct", 0) == len(ctx.seeds) \
                and not got["v1"]["list_error"] else "detected: " + ", ".join(
                    f"{v} {s}" for s, v in sorted(st.items()))
            if got["v1"]["list_error"]:
                effect = "the whole store refused"
            rec.count("effect", effect)
        else:
            effect = "inspection failed"
        rec.log.append({"attribute": name, "owner": a["owner"], "offset": off, "mask": mask,
                        "effect": effect})
        ctx.echo(f"fault 2: {k + 1}/{n} attribute {name} of {a['owner']}: {effect}")
    with open(ctx.base(), "rb") as fh:
        data = fh.read()
    at = data.find(b"compute_seconds\x00")
    dt = at + 16                       # the name, padded to 8 bytes, then the datatype message
    if sweep and at >= 0 and data[dt] == 0x11:        # version 1, class 1: floating point
        offs = list(range(dt, dt + 20)) if sweep >= 20 else [dt, dt + 4, dt + 17][:sweep]
        for off in offs:
            path = ctx.fresh_store("attr-type")
            flip(path, off, 0xe7)
            label = (f"fault 2 sweep (byte {off - dt} of the float64 datatype message of "
                     f"attribute compute_seconds, file offset {off}, mask 0xe7)")
            got = _inspect_damage(ctx, rec, path, label)
            rec.injections += 1
            if got:
                st = collections.Counter(t["status"] for t in got["v1"]["tables"].values())
                effect = ("the whole store refused" if got["v1"]["list_error"] else
                          ", ".join(f"{v} {s_}" for s_, v in sorted(st.items())))
            else:
                effect = "inspection failed"
            rec.count("datatype-message sweep: byte -> tables", f"byte {off - dt:2d} -> {effect}")
            rec.log.append({"sweep_byte": off - dt, "offset": off, "mask": 0xE7, "effect": effect})
        ctx.echo(f"fault 2: swept {len(offs)} bytes of a float64 datatype message")
    elif sweep:
        rec.notes.append("the datatype-message sweep was skipped: no version-1 float datatype "
                         "after the name compute_seconds")
    return rec


def fault_checkpoint_flip(ctx: Ctx, n: int = 12) -> Record:
    rec = Record(3, FAULT_TITLES[3], "Store.write_checkpoint(prefix of the reference) into a "
                 "copy of the seeded store, one byte of its chunk (70%) or of an attribute value "
                 "(30%) flipped; then `gtables compute SPEC` (resume) and the result compared")
    import gtables
    from gtables.store import Store, table_key
    with open(ctx.base(), "rb") as fh:     # the seeded store's bytes, read once
        base_data = fh.read()
    for k in range(n):
        target = canonical(CKPT_SPECS[k % len(CKPT_SPECS)])
        ref = ctx.ref(target)
        seq = gtables.game(target).sequence_key
        path = ctx.fresh_store("ckpt")
        length = ctx.rng.randint(int(ref.size * 0.55), int(ref.size * 0.95))
        Store(path).write_checkpoint(seq, ref[:length].copy(), 1.5)
        key = table_key(seq)
        if ctx.rng.random() < 0.7:
            c = ctx.rng.choice([c for c in chunk_map(path) if c["group"] == "partial"])
            off = c["offset"] + ctx.rng.randrange(c["size"])
            where = "checkpoint chunk"
        else:
            # only values the seeded store does not hold too (its table of the same game has
            # the same sequence_key): the flip must land in the checkpoint's own attribute
            a = ctx.rng.choice([x for x in attribute_map(path, groups=("partial",))
                                if x["object"] == f"partial/{key}" and x["needle"] not in base_data])
            off = ctx.rng.choice(a["offsets"]) + ctx.rng.randrange(a["length"])
            where = f"checkpoint attribute {a['name']}"
        mask = ctx.rng.randrange(1, 256)
        flip(path, off, mask)
        label = f"fault 3 #{k} ({where} of {seq} ({length} values), offset {off}, mask {mask:#04x})"
        steps = [{"do": "verify", "path": path, "expected": ctx.seeds, "seed": k,
                  "checkpoint_refs": {seq: target}},
                 {"do": "cli", "argv": ["compute", target, "--store", path]},
                 {"do": "verify", "path": path, "expected": ctx.seeds + [target], "seed": k + 1,
                  "checkpoint_refs": {seq: target}}]
        res = ctx.worker.call(steps)
        rec.injections += 1
        if isinstance(res, dict):
            tally_verify(rec, res, "after the fault", ctx, label=label)
            rec.saw(describe("inspection", res, ctx))
            continue
        v1, comp, v2 = res
        tally_verify(rec, v1, "after the fault", ctx, label=label)
        ck = next((c for c in (v1.get("checkpoints") or []) if c["sequence_key"] == seq), None)
        ck_state = ck["status"] if ck else "absent"
        m = re.search(r"resumed from heap ([\d,]+) \(([^)]*)", comp.get("out", ""))
        source = ("the checkpoint" if m and "checkpoint" in m.group(2) else
                  "the stored smaller table" if m else "scratch")
        stored = comp.get("rc") == 0 and "stored in" in comp.get("out", "")
        rec.saw(describe("gtables compute (resume)", comp, ctx,
                         f", resumed from {source}" if stored else ""))
        warn = [x for x in comp.get("err", "").splitlines() if "warning" in x]
        if warn:
            rec.saw("gtables compute (resume) warned: " + norm(warn[0], ctx.tmp))
        tally_cli(rec, comp, f"{label} gtables compute", ctx)
        tally_verify(rec, v2, "after the resumed run", ctx, finished=[target] if stored else (),
                     label=label)
        rec.count("checkpoint after the flip -> resumed from",
                  f"checkpoint {ck_state} -> {source}")
        if ck_state == "damaged" and source == "the checkpoint":
            rec.anomaly(f"{label}: the resume used a checkpoint that check() calls damaged")
        if v2 and v2["tables"].get(target, {}).get("status") != "correct":
            rec.anomaly(f"{label}: the resumed table is {v2['tables'].get(target)}")
        rec.log.append({"target": target, "checkpoint_length": length, "where": where,
                        "offset": off, "mask": mask, "checkpoint": ck_state, "resumed_from": source,
                        "result": v2["tables"].get(target, {}).get("status") if v2 else None})
        ctx.echo(f"fault 3: {k + 1}/{n} {where}: checkpoint {ck_state}, resumed from {source}, "
                 f"table {v2['tables'].get(target, {}).get('status') if v2 else '?'}")
    return rec


def fault_random_flip(ctx: Ctx, n: int = 40) -> Record:
    rec = Record(4, FAULT_TITLES[4], "one byte anywhere in the file (uniform offset) XOR a random "
                 "non-zero mask")
    rec.lost_finished = None
    base = ctx.base()
    size = os.path.getsize(base)
    cmap, amap = chunk_map(base), attribute_map(base)
    for k in range(n):
        off = ctx.rng.randrange(size)
        mask = ctx.rng.randrange(1, 256)
        path = ctx.fresh_store("rand")
        flip(path, off, mask)
        region = region_of(off, cmap, amap)
        label = f"fault 4 #{k} (offset {off} of {size}, {region}, mask {mask:#04x})"
        got = _inspect_damage(ctx, rec, path, label, sample_spec=ctx.seeds[k % len(ctx.seeds)]
                              if k < _samples(ctx) else None)
        rec.injections += 1
        summary = _damage_summary(got)
        rec.count("region hit -> tables", f"{region} -> {summary}")
        rec.log.append({"offset": off, "mask": mask, "region": region, "tables": summary})
        ctx.echo(f"fault 4: {k + 1}/{n} offset {off} ({region}): {summary}")
    return rec


def _damage_summary(got) -> str:
    """How the tables of a damaged store came out of one inspection, in a few words."""
    if not got:
        return "inspection failed"
    if got["v1"]["list_error"]:
        return "store refused"
    st = collections.Counter(t["status"] for t in got["v1"]["tables"].values())
    return ", ".join(f"{v} {s}" for s, v in sorted(st.items()))


def fault_truncation(ctx: Ctx, n: int = 10) -> Record:
    rec = Record(5, FAULT_TITLES[5], "the store file cut to a uniform random length in "
                 "[0, size) with os.truncate")
    rec.lost_finished = None
    base = ctx.base()
    size = os.path.getsize(base)
    for k in range(n):
        cut = ctx.rng.randrange(size)
        path = ctx.fresh_store("trunc")
        os.truncate(path, cut)
        label = f"fault 5 #{k} (cut at {cut} of {size} bytes)"
        got = _inspect_damage(ctx, rec, path, label, sample_spec=ctx.seeds[k % len(ctx.seeds)]
                              if k < _samples(ctx) else None)
        rec.injections += 1
        summary = _damage_summary(got)
        rec.count("cut -> tables", f"{'first half' if cut < size / 2 else 'second half'} -> {summary}")
        rec.log.append({"cut": cut, "size": size, "tables": summary})
        ctx.echo(f"fault 5: {k + 1}/{n} cut at {cut}/{size}: {summary}")
    return rec


# -- fault 6: SIGKILL -------------------------------------------------------------------------------

KILL_CHILD = r'''
import json, os, signal, sys, time
cfg = json.loads(sys.argv[1])
import gtables.transaction as tx
import gtables.store as store_mod
from gtables import cli
counts = {}
real_pwrite, real_replace = os.pwrite, os.replace

def txn_kind(depth):
    f = sys._getframe(depth)
    kind = "other"
    while f is not None:
        q = f.f_code.co_qualname
        if q == "Store.write_checkpoint":
            return "checkpoint"
        if q == "Store.drop_checkpoint":
            return "drop-checkpoint"
        if q == "Store.check_writable":
            return "check-writable"
        if q == "Store.write":
            kind = "table"
        f = f.f_back
    return kind

def hit(point, depth=3):
    kind = txn_kind(depth)
    key = point + ":" + kind
    counts[key] = counts.get(key, 0) + 1
    if cfg["mode"] == "kill" and point == cfg["point"] and kind == cfg["txn"] \
            and counts[key] == cfg["n"]:
        with open(cfg["info"], "w") as fh:
            json.dump({"point": point, "txn": kind, "n": cfg["n"], "counts": counts}, fh)
        os.kill(os.getpid(), signal.SIGKILL)
    if cfg.get("sleep") and kind in ("table", "checkpoint", "drop-checkpoint"):
        time.sleep(cfg["sleep"])

def pwrite(fd, data, offset):
    caller = sys._getframe(1).f_code.co_qualname
    if caller == "Journal.write":
        hit("tail")
    elif caller == "_apply_journal":
        hit("apply-pwrite")
    return real_pwrite(fd, data, offset)

def replace(src, dst, *a, **k):
    if str(src).endswith(".journal.tmp"):
        hit("replace")
    return real_replace(src, dst, *a, **k)

os.pwrite, os.replace = pwrite, replace
real_commit, real_apply = tx.Journal.commit, tx._apply_journal

def commit(self, path):
    hit("commit")
    return real_commit(self, path)

def apply(path, blob):
    hit("apply")
    return real_apply(path, blob)

tx.Journal.commit, tx._apply_journal = commit, apply

def marked(kind, fn):
    def wrapper(self, *a, **k):
        print("@@FI START", kind, flush=True)
        try:
            return fn(self, *a, **k)
        finally:
            print("@@FI END", kind, flush=True)
    return wrapper

store_mod.Store.write = marked("table", store_mod.Store.write)
store_mod.Store.write_checkpoint = marked("checkpoint", store_mod.Store.write_checkpoint)
rc = cli.main(sys.argv[2:])
with open(cfg["info"], "w") as fh:
    json.dump({"finished": True, "rc": rc, "counts": counts}, fh)
sys.stdout.flush()
sys.exit(rc)
'''


def _rerun_desc(r: dict) -> str:
    out = r.get("out", "")
    if r.get("rc") != 0:
        return "failed"
    if "already stored" in out:
        return "already stored"
    m = re.search(r"resumed from heap [\d,]+ \(([^)]*)", out)
    if m:
        return "resumed from the checkpoint" if "checkpoint" in m.group(1) else \
            "resumed from the stored smaller table"
    return "from scratch"


def _after_kill(ctx: Ctx, rec: Record, path: str, spec: str, rerun_args: list[str], real: bool,
                label: str, point: str, seq_refs: dict, stored_prefix: int = 0) -> None:
    """After a kill: every table correct or refused, the seeded tables intact, then the same
    command again: exit 0, resumed from the checkpoint when there was a sound one, correct."""
    journal = os.path.exists(path + ".journal")
    jtmp = os.path.exists(path + ".journal.tmp")
    v = ctx.worker.call([{"do": "verify", "path": path, "expected": ctx.seeds,
                          "seed": ctx.rng.randrange(1 << 30), "checkpoint_refs": seq_refs}])
    v = v[0] if isinstance(v, list) else v
    v = tally_verify(rec, v, "after the kill", ctx, finished=ctx.seeds, label=label)
    if v is None:
        rec.saw(f"{point}: inspection failed")
        return
    tstat = v["tables"].get(spec, {}).get("status", "absent")
    cks = [c for c in v.get("checkpoints", []) if c["status"] == "sound"]
    ck_len = max((c.get("length", 0) for c in cks), default=0)
    state = (f"table {'absent' if tstat == 'absent' else tstat}, "
             f"{'sound checkpoint' if cks else 'no sound checkpoint'}"
             f"{', journal left (replayed by the next command)' if journal else ''}"
             f"{', unrenamed journal.tmp left' if jtmp else ''}")
    if real:
        r = run_cli(ctx, rerun_args)
    else:
        r = ctx.worker.call([{"do": "cli", "argv": rerun_args}])
        r = r[0] if isinstance(r, list) else r
    desc = _rerun_desc(r)
    rec.saw(f"{point}: {state}; rerun: " + (f"exit 0, {desc}" if r.get("rc") == 0 else
                                            describe("", r, ctx).lstrip(": ")))
    warn = [x for x in r.get("err", "").splitlines() if "warning" in x]
    if warn:
        rec.saw("rerun warned: " + norm(warn[0], ctx.tmp))
    tally_cli(rec, r, f"{label} rerun", ctx)
    stored = r.get("rc") == 0 and ("stored in" in r.get("out", "") or
                                   "already stored" in r.get("out", ""))
    # a sound checkpoint longer than any stored table of the game must be the resume point
    expect_resume = bool(cks) and tstat == "absent" and ck_len > stored_prefix
    if expect_resume and desc != "resumed from the checkpoint":
        rec.anomaly(f"{label}: a sound checkpoint of {ck_len} values was there, but the rerun "
                    f"did: {desc}")
    rec.count("rerun", desc + (" (a sound checkpoint was there)" if cks and tstat == "absent"
                               else ""))
    v2 = ctx.worker.call([{"do": "verify", "path": path, "expected": ctx.seeds + [spec],
                           "seed": ctx.rng.randrange(1 << 30), "checkpoint_refs": seq_refs}])
    v2 = v2[0] if isinstance(v2, list) else v2
    tally_verify(rec, v2, "after the rerun", ctx, finished=ctx.seeds + ([spec] if stored else []),
                 label=label)
    if isinstance(v2, dict) and v2.get("checkpoints"):
        rec.count("leftover checkpoints after the rerun", f"{point}: checkpoint still in the store")
    rec.log.append({"point": point, "state": state, "rerun": desc, "rc": r.get("rc"),
                    "checkpoint_length": ck_len})


def _kill_child(ctx: Ctx, cfg: dict, cli_args: list[str], timeout: float = 300) -> dict:
    info = os.path.join(ctx.tmp, f"kill-info-{time.monotonic_ns()}.json")
    cfg = dict(cfg, info=info)
    t0 = time.monotonic()
    try:
        p = subprocess.run([sys.executable, "-c", KILL_CHILD, json.dumps(cfg), *cli_args],
                           capture_output=True, env=ctx.child_env(), cwd=ctx.tmp, timeout=timeout)
        rc, out, err = p.returncode, p.stdout.decode("utf-8", "replace"), \
            p.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        rc, out, err = None, "", "timeout"
    got = {}
    with contextlib.suppress(OSError, ValueError):
        got = json.load(open(info))
        os.remove(info)
    return {"rc": rc, "out": out, "err": err, "info": got, "seconds": time.monotonic() - t0}


class _Lines:
    """Read a child's stdout lines in a thread, with the time each arrived."""

    def __init__(self, proc):
        self.lines: list[tuple[float, str]] = []
        self.cond = threading.Condition()
        self.t = threading.Thread(target=self._run, args=(proc,), daemon=True)
        self.t.start()

    def _run(self, proc):
        for raw in proc.stdout:
            with self.cond:
                self.lines.append((time.monotonic(), raw.decode("utf-8", "replace").rstrip()))
                self.cond.notify_all()
        with self.cond:
            self.lines.append((time.monotonic(), "@@EOF"))
            self.cond.notify_all()

    def wait_for(self, pred, timeout: float):
        end = time.monotonic() + timeout
        with self.cond:
            while True:
                for t, line in self.lines:
                    if pred(line):
                        return t, line
                left = end - time.monotonic()
                if left <= 0:
                    return None
                self.cond.wait(left)


def fault_sigkill(ctx: Ctx, real_runs: int = 5, point_runs: int = 16, slow_runs: int = 4) -> Record:
    rec = Record(6, FAULT_TITLES[6], "SIGKILL: (a) a real `python -m gtables.cli compute` run "
                 "killed after a uniform random delay; (b) a child that runs gtables.cli.main with "
                 "os.pwrite / os.replace / Journal.commit / _apply_journal wrapped and kills itself "
                 "at the Nth call of one kind inside one kind of transaction; (c) a child whose "
                 "transactions are slowed (a sleep per journal write) killed at a random moment "
                 "inside its table or checkpoint write")
    import gtables
    long_spec = canonical(LONG_SPEC_QUICK if ctx.quick else LONG_SPEC)
    kill_spec = canonical(KILL_SPEC)
    seq = gtables.game(long_spec).sequence_key
    ctx.ref(long_spec)
    ctx.ref(kill_spec)
    seq_refs = {seq: long_spec}
    stored_prefix = max([ctx.ref(s).size for s in ctx.seeds
                         if gtables.game(s).sequence_key == seq] or [0])
    points = collections.Counter()
    # (a) real CLI runs killed after a random delay
    t = time.monotonic()
    run_cli(ctx, ["families"])
    ctx.cli_startup = time.monotonic() - t
    est = ctx.cli_startup + ctx.ref_seconds.get(long_spec, 5.0) * 1.1
    rec.details["real run estimate"] = {"startup_s": round(ctx.cli_startup, 2),
                                        "estimated_run_s": round(est, 2)}
    for k in range(real_runs):
        path = ctx.fresh_store("kill-real")
        args = ["compute", long_spec, "--checkpoint-seconds", "0.2", "--store", path]
        delay = ctx.rng.uniform(0.3, est)
        p = subprocess.Popen([sys.executable, "-m", "gtables.cli", *args], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, env=ctx.child_env(), cwd=ctx.tmp)
        time.sleep(delay)
        killed = p.poll() is None
        if killed:
            p.send_signal(signal.SIGKILL)
        out, err = p.communicate()
        label = f"fault 6a #{k} (real run killed after {delay:.2f} s)"
        if not killed:
            rec.count("not injected", f"(a) the run finished before {delay:.2f} s")
            rec.saw(f"(a) run finished before the kill: exit {p.returncode}")
            continue
        rec.injections += 1
        _after_kill(ctx, rec, path, long_spec, args, True, label, "(a) real run, random delay",
                    seq_refs, stored_prefix)
        phase = rec.log[-1]["state"] if rec.log else "?"
        ph = ("after the table was stored" if phase.startswith("table correct") else
              "before the first checkpoint (start-up, compile, first segment)"
              if "no sound checkpoint" in phase else "while computing (a checkpoint existed)")
        points[f"(a) {ph}"] += 1
        rec.log[-1]["delay"] = round(delay, 3)
        ctx.echo(f"fault 6a: {k + 1}/{real_runs} killed after {delay:.2f} s ({ph}); "
                 f"rerun: {rec.log[-1]['rerun']}")
    # (b) children that kill themselves at precise points
    count_path = ctx.fresh_store("kill-count")
    cargs = ["compute", kill_spec, "--checkpoint-seconds", "0.05", "--store", count_path]
    counted = _kill_child(ctx, {"mode": "count"}, cargs)
    counts = counted["info"].get("counts", {})
    rec.details["calls in one full run (point:transaction)"] = dict(sorted(counts.items()))
    plan = [("tail", "checkpoint"), ("tail", "table"), ("apply-pwrite", "checkpoint"),
            ("apply-pwrite", "table"), ("commit", "checkpoint"), ("commit", "table"),
            ("commit", "drop-checkpoint"), ("apply", "checkpoint"), ("apply", "table"),
            ("replace", "checkpoint"), ("replace", "table"), ("tail", "checkpoint"),
            ("tail", "table"), ("apply-pwrite", "checkpoint"), ("apply-pwrite", "table"),
            ("apply-pwrite", "drop-checkpoint")]
    if ctx.quick:
        plan = [("apply-pwrite", "table"), ("commit", "checkpoint"), ("apply", "table")]
    for k, (pt, txn) in enumerate(plan[:point_runs]):
        total = counts.get(f"{pt}:{txn}", 0)
        if total == 0:
            rec.count("not injected", f"(b) {pt} in a {txn} transaction: no such call in the "
                                      f"calibration run")
            continue
        first = ctx.rng.randint(1, max(1, int(total * (0.8 if txn == "checkpoint" else 1.0))))
        for n in dict.fromkeys([first, max(1, first // 4), 1]):   # fewer checkpoints: retry
            path = ctx.fresh_store("kill-point")
            args = ["compute", kill_spec, "--checkpoint-seconds", "0.05", "--store", path]
            r = _kill_child(ctx, {"mode": "kill", "point": pt, "txn": txn, "n": n}, args)
            if not r["info"].get("finished"):
                break
        label = f"fault 6b #{k} ({pt} #{n} of {total} in a {txn} transaction)"
        if r["info"].get("finished") or r["rc"] != -signal.SIGKILL:
            rec.count("not injected", f"(b) {pt} #{n} in a {txn} transaction: the run ended first "
                                      f"(exit {r['rc']})")
            if r["rc"] not in (0, -signal.SIGKILL):
                rec.anomaly(f"{label}: the child ended with {r['rc']}: {r['err'][-600:]}")
            continue
        rec.injections += 1
        name = f"(b) {pt} in a {txn} transaction"
        points[name] += 1
        _after_kill(ctx, rec, path, kill_spec, args, False, label, name, seq_refs, stored_prefix)
        ctx.echo(f"fault 6b: {k + 1}/{len(plan[:point_runs])} killed at {pt} #{n}/{total} "
                 f"({txn}): {rec.log[-1]['state']}; rerun: {rec.log[-1]['rerun']}")
    # (c) slowed transactions, killed at a random moment inside one
    cal_path = ctx.fresh_store("kill-slow-cal")
    sargs = ["compute", kill_spec, "--checkpoint-seconds", "0.3", "--store", cal_path]
    slow = {"mode": "slow", "sleep": 0.01}
    p = subprocess.Popen([sys.executable, "-c", KILL_CHILD, json.dumps(dict(slow, info=os.devnull)),
                          *sargs], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                         env=ctx.child_env(), cwd=ctx.tmp)
    lines = _Lines(p)
    p.wait()
    lines.t.join(5)
    dur = {"table": [], "checkpoint": []}
    start = {}
    for t, line in lines.lines:
        parts = line.split()
        if line.startswith("@@FI START"):
            start[parts[2]] = t
        elif line.startswith("@@FI END") and parts[2] in start:
            dur[parts[2]].append(t - start.pop(parts[2]))
    rec.details["slowed transaction seconds (calibration)"] = {
        k: round(max(v), 3) if v else None for k, v in dur.items()}
    for k in range(slow_runs):
        kind = "checkpoint" if k % 4 == 3 and dur["checkpoint"] else "table"
        d = max(dur[kind] or [0.5])
        path = ctx.fresh_store("kill-slow")
        args = ["compute", kill_spec, "--checkpoint-seconds", "0.3", "--store", path]
        p = subprocess.Popen([sys.executable, "-c", KILL_CHILD,
                              json.dumps(dict(slow, info=os.devnull)), *args],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             env=ctx.child_env(), cwd=ctx.tmp)
        lines = _Lines(p)
        got = lines.wait_for(lambda x, kind=kind: x == f"@@FI START {kind}" or x == "@@EOF", 300)
        delay = ctx.rng.uniform(0, d)
        label = f"fault 6c #{k} ({kind} write, killed {delay:.3f} s after it began)"
        if got is None or got[1] == "@@EOF":
            p.kill()
            p.wait()
            rec.count("not injected", f"(c) no {kind} write began")
            continue
        time.sleep(max(0.0, got[0] + delay - time.monotonic()))
        alive = p.poll() is None
        if alive:
            p.send_signal(signal.SIGKILL)
        p.wait()
        lines.t.join(5)
        if not alive:
            rec.count("not injected", "(c) the run ended before the kill")
            continue
        ended = any(x == f"@@FI END {kind}" for _, x in lines.lines)
        rec.injections += 1
        name = f"(c) {kind} write, random moment" + (" (it had just ended)" if ended else "")
        points[name] += 1
        _after_kill(ctx, rec, path, kill_spec, args, False, label, name, seq_refs, stored_prefix)
        ctx.echo(f"fault 6c: {k + 1}/{slow_runs} {label}: {rec.log[-1]['state']}; "
                 f"rerun: {rec.log[-1]['rerun']}")
    rec.details["kill points hit"] = dict(sorted(points.items()))
    if rec.details.get("leftover checkpoints after the rerun"):
        rec.notes.append("a kill after the table's commit but before its checkpoint was dropped "
                         "leaves the checkpoint in the store for good: the rerun says 'already "
                         "stored' and does not drop it, gtables check lists it as a sound "
                         "checkpoint and compact keeps it (harmless: a correct prefix; wasted "
                         "space only)")
    return rec


# -- fault 7: concurrent writers --------------------------------------------------------------------

def fault_concurrent(ctx: Ctx, sizes=(2, 4)) -> Record:
    rec = Record(7, FAULT_TITLES[7], "N real `gtables compute` processes started together on one "
                 "store (--checkpoint-seconds 0.2), for N in {2, 4}, different tables (two of the "
                 "same game: they resume from each other) or all the same table, with "
                 "HDF5_USE_FILE_LOCKING=TRUE and FALSE")
    for s in CONC_DIFFERENT + (CONC_SAME,):
        ctx.ref(s)
    configs = [(lock, n, mode) for lock in ("TRUE", "FALSE") for n in sizes
               for mode in ("different", "same")]
    if ctx.quick:
        configs = [("TRUE", 2, "different"), ("FALSE", 2, "same")]
    for lock, n, mode in configs:
        path = ctx.fresh_store(f"conc-{lock}-{n}-{mode}")
        specs = [canonical(s) for s in (CONC_DIFFERENT[:n] if mode == "different"
                                        else (CONC_SAME,) * n)]
        t0 = time.monotonic()
        procs = [subprocess.Popen([sys.executable, "-m", "gtables.cli", "compute", s,
                                   "--checkpoint-seconds", "0.2", "--store", path],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ctx.tmp,
                                  env=ctx.child_env(HDF5_USE_FILE_LOCKING=lock))
                 for s in specs]
        finished, asides = [], []
        label = f"fault 7 ({n} x {mode}, HDF5_USE_FILE_LOCKING={lock})"
        for s, p in zip(specs, procs):
            try:
                out, err = p.communicate(timeout=600)
                r = {"rc": p.returncode, "out": out.decode("utf-8", "replace"),
                     "err": err.decode("utf-8", "replace")}
            except subprocess.TimeoutExpired:
                p.kill()
                out, err = p.communicate()
                r = {"rc": None, "hang": 600, "out": "", "err": ""}
            r["traceback"] = r["err"] if "Traceback (most recent" in r["err"] else None
            what = ("already stored" if "already stored" in r["out"] else
                    "kept in a side store" if "side store" in r["out"] else
                    "stored" if "stored in" in r["out"] else "")
            rec.saw(describe("writer", r, ctx, f", {what}" if what else ""))
            tally_cli(rec, r, label, ctx)
            if r["rc"] == 0 and what in ("stored", "already stored"):
                finished.append(s)
            m = re.search(r"kept in the side store (\S+)", r["out"])
            if r["rc"] == 1 and m:
                asides.append((s, m.group(1)))
            elif r["rc"] != 0:
                rec.anomaly(f"{label}: writer of {s} ended with {describe('', r, ctx)}")
        wall = time.monotonic() - t0
        rec.injections += 1
        v = ctx.worker.call([{"do": "verify", "path": path, "expected": ctx.seeds + specs,
                              "seed": ctx.rng.randrange(1 << 30)}])
        v = tally_verify(rec, v[0] if isinstance(v, list) else v, "after the writers", ctx,
                         finished=ctx.seeds + finished, label=label)
        for s, side in asides:
            va = ctx.worker.call([{"do": "verify", "path": side, "expected": [s]}])
            tally_verify(rec, va[0] if isinstance(va, list) else va, "side store", ctx,
                         finished=[s], label=label)
        missing = [s for s in specs if v and v["tables"].get(s, {}).get("status") != "correct"
                   and s not in [a for a, _ in asides]]
        if missing:
            rec.anomaly(f"{label}: tables not in the store and not aside: {missing}")
        ok = v is not None and all(v["tables"][s]["status"] == "correct" for s in ctx.seeds + specs
                                   if s not in [a for a, _ in asides])
        rec.count("configurations", f"{n} x {mode}, locking {lock}: "
                  f"{'all tables there and correct' if ok else 'NOT all correct'}"
                  f"{f', {len(asides)} aside' if asides else ''}")
        rec.log.append({"locking": lock, "n": n, "mode": mode, "wall_s": round(wall, 2),
                        "finished": finished, "aside": asides, "ok": ok})
        ctx.echo(f"fault 7: {n} x {mode}, locking {lock}: {'ok' if ok else 'NOT ok'} "
                 f"({wall:.1f} s)")
    return rec


# -- fault 8: readers during writes ---------------------------------------------------------------

HOLDER_CHILD = r'''
import sys, time, h5py
path, hold = sys.argv[1], float(sys.argv[2])
deadline = time.time() + 60
while True:
    try:
        f = h5py.File(path, "r")
        break
    except OSError:
        if time.time() > deadline:
            raise
        time.sleep(0.05)
print("open", flush=True)
t = time.time()
while time.time() - t < hold:
    time.sleep(0.05)
f.close()
print("closed", flush=True)
'''

READER_CHILD = r'''
import collections, contextlib, io, json, os, random, sys, time, traceback
import numpy as np
cfg = json.loads(sys.argv[1])
sys.path.insert(0, cfg["scripts"])
import fault_injection as fi
import gtables
from gtables.errors import GtablesError
ref = fi.make_reference(cfg["refdir"])
rng = random.Random(cfg["seed"])
held = {}
n = collections.Counter()
msgs = collections.Counter()
wrong = []
tbs = []
while not os.path.exists(cfg["stop"]):
    spec = rng.choice(cfg["specs"])
    r = ref(spec)
    how = rng.choice(["fresh value()", "held handle read()", "full load", "gtables query"])
    try:
        if how == "fresh value()":
            t = gtables.load(spec, store=cfg["path"])
            i = rng.randrange(r.size)
            good = t.value(t.space.format_index(i)) == int(r[i])
        elif how == "held handle read()":
            t = held.get(spec) or held.setdefault(spec, gtables.load(spec, store=cfg["path"]))
            idx = np.array([rng.randrange(r.size) for _ in range(20)])
            try:
                good = bool((t.stored.read(idx) == r[idx]).all())
            except GtablesError:
                held.pop(spec, None)
                raise
        elif how == "full load":
            good = bool(np.array_equal(gtables.load(spec, store=cfg["path"]).values, r))
        else:
            i = rng.randrange(r.size)
            pos = gtables.game(spec).space.format_index(i)
            res = fi.cli_inproc(["query", spec, pos, "--json", "--store", cfg["path"]])
            if res["traceback"]:
                raise RuntimeError(res["traceback"])
            if res["rc"] != 0:
                raise GtablesError(fi.first_line(res["err"]))
            good = json.loads(res["out"].strip().splitlines()[-1])["grundy"] == int(r[i])
        n["correct" if good else "WRONG"] += 1
        if not good:
            wrong.append(f"{how} {spec}")
    except GtablesError as e:
        n["refused"] += 1
        msgs[fi.norm(fi.first_line(str(e)), cfg["tmp"])] += 1
    except Exception:
        n["traceback"] += 1
        tbs.append(traceback.format_exc()[-1500:])
print(json.dumps({"counts": n, "messages": msgs, "wrong": wrong[:20], "tracebacks": tbs[:5]}))
'''


def fault_readers(ctx: Ctx) -> Record:
    rec = Record(8, FAULT_TITLES[8], "(a-c) a plain h5py.File(path, 'r') held open in another "
                 "process (HDF5_USE_FILE_LOCKING=TRUE) while `gtables compute` writes, with "
                 "GTABLES_LOCK_TIMEOUT long enough and too short, and one that appears in the "
                 "middle of a run; (d) the same with locking FALSE; (e) gtables readers in a loop "
                 "(fresh lazy lookups, a held handle, full loads, in-process `gtables query`, and "
                 "real `gtables query` subprocesses) while tables are written, replaced (--force) "
                 "and the store compacted")
    rec.lost_finished = 0
    lock_env = {"HDF5_USE_FILE_LOCKING": "TRUE"}

    def holder(path, hold, env):
        p = subprocess.Popen([sys.executable, "-c", HOLDER_CHILD, path, str(hold)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ctx.tmp,
                             env=ctx.child_env(**env))
        first = p.stdout.readline().decode().strip()
        return p, first

    def writer_result(name, r, path, spec, expect):
        stored = r.get("rc") == 0 and "stored in" in r.get("out", "")
        m = re.search(r"kept in the side store (\S+)", r.get("out", ""))
        what = ", stored" if stored else ""
        rec.saw(describe(name, r, ctx, what) + (", kept in a side store" if m else ""))
        tally_cli(rec, r, f"fault 8 {name}", ctx)
        v = ctx.worker.call([{"do": "verify", "path": path, "expected": ctx.seeds,
                              "seed": ctx.rng.randrange(1 << 30)}])
        tally_verify(rec, v[0] if isinstance(v, list) else v, name, ctx,
                     finished=ctx.seeds + ([spec] if stored else []), label=f"fault 8 {name}")
        rec.count("expected vs seen", f"{name}: expected {expect}; exit {r.get('rc')} after "
                  f"{r.get('seconds', 0):.1f} s")
        return m.group(1) if m else None

    # (a) the holder closes within the timeout: the writer waits, then stores
    path = ctx.fresh_store("holder-a")
    spec = canonical("nim:heaps=2,size=50")
    ctx.ref(spec)
    p, first = holder(path, 5.0, lock_env)
    r = run_cli(ctx, ["compute", spec, "--store", path],
                env=dict(lock_env, GTABLES_LOCK_TIMEOUT="20"))
    p.wait()
    rec.injections += 1
    writer_result("(a) h5py reader 5 s, timeout 20 s", r, path, spec, "waits, exit 0")
    if r.get("rc") != 0:
        rec.anomaly(f"fault 8a: the writer did not wait for the reader: {describe('', r, ctx)}")
    ctx.echo(f"fault 8a: exit {r.get('rc')} after {r.get('seconds', 0):.1f} s")
    # (b) the holder stays longer than the timeout: store busy, before computing
    path = ctx.fresh_store("holder-b")
    long_spec = canonical(FULL_SPEC)
    ctx.ref(long_spec)
    p, first = holder(path, 12.0, lock_env)
    r = run_cli(ctx, ["compute", long_spec, "--store", path],
                env=dict(lock_env, GTABLES_LOCK_TIMEOUT="1", GTABLES_LOG_SECONDS="0.2"))
    p.kill()
    p.wait()
    rec.injections += 1
    writer_result("(b) h5py reader 12 s, timeout 1 s", r, path, long_spec,
                  "exit 2 'store busy' before computing")
    computing = "pos/s" in r.get("err", "") or "positions" in r.get("out", "")
    rec.count("refused before computing", f"(b): {'no, it computed first' if computing else 'yes'}")
    if r.get("rc") != 2 or computing:
        rec.anomaly(f"fault 8b: expected exit 2 before computing, got {describe('', r, ctx)}")
    ctx.echo(f"fault 8b: exit {r.get('rc')} after {r.get('seconds', 0):.1f} s")
    # (c) the holder appears in the middle of the run and stays: checkpoints and the final write
    # cannot get in; the table must go to a side store (exit 1), then merge brings it home
    path = ctx.fresh_store("holder-c")
    size0 = os.path.getsize(path)
    w = subprocess.Popen([sys.executable, "-m", "gtables.cli", "compute", long_spec,
                          "--checkpoint-seconds", "0.2", "--store", path],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ctx.tmp,
                         env=ctx.child_env(**lock_env, GTABLES_LOCK_TIMEOUT="1"))
    t0 = time.monotonic()
    while w.poll() is None and os.path.getsize(path) == size0 and time.monotonic() - t0 < 120:
        time.sleep(0.02)
    p, first = holder(path, 300.0, lock_env)
    out, err = w.communicate(timeout=600)
    r = {"rc": w.returncode, "out": out.decode("utf-8", "replace"),
         "err": err.decode("utf-8", "replace"), "seconds": time.monotonic() - t0}
    r["traceback"] = r["err"] if "Traceback (most recent" in r["err"] else None
    p.kill()
    p.wait()
    rec.injections += 1
    side = writer_result("(c) h5py reader from mid-run on, timeout 1 s", r, path, long_spec,
                         "checkpoint warnings, exit 1 with a side store")
    for line in r["err"].splitlines():
        if "warning" in line:
            rec.saw("(c) warned: " + norm(line, ctx.tmp))
    if side:
        va = ctx.worker.call([{"do": "verify", "path": side, "expected": [long_spec]}])
        tally_verify(rec, va[0] if isinstance(va, list) else va, "(c) side store", ctx,
                     finished=[long_spec], label="fault 8c")
        m = run_cli(ctx, ["merge", side, "--store", path])
        rec.saw(describe("(c) gtables merge of the side store", m, ctx))
        tally_cli(rec, m, "fault 8c merge", ctx)
        vm = ctx.worker.call([{"do": "verify", "path": path, "expected": ctx.seeds + [long_spec]}])
        tally_verify(rec, vm[0] if isinstance(vm, list) else vm, "(c) after merge", ctx,
                     finished=ctx.seeds + ([long_spec] if m.get("rc") == 0 else []),
                     label="fault 8c")
    elif r.get("rc") == 0:
        rec.count("expected vs seen", "(c): the run stored its table although a reader held the "
                                      "file (it finished before the reader opened it?)")
    else:
        rec.anomaly(f"fault 8c: no side store: {describe('', r, ctx)}")
    ctx.echo(f"fault 8c: exit {r.get('rc')}, side store {'yes' if side else 'no'}")
    # (d) the same holder with HDF5 locking off: gtables cannot see it and writes
    path = ctx.fresh_store("holder-d")
    p, first = holder(path, 5.0, {"HDF5_USE_FILE_LOCKING": "FALSE"})
    r = run_cli(ctx, ["compute", spec, "--store", path],
                env={"HDF5_USE_FILE_LOCKING": "FALSE", "GTABLES_LOCK_TIMEOUT": "20"})
    p.wait()
    rec.injections += 1
    writer_result("(d) h5py reader 5 s without HDF5 locking", r, path, spec,
                  "exit 0 (the reader is invisible without HDF5 locking)")
    ctx.echo(f"fault 8d: exit {r.get('rc')} after {r.get('seconds', 0):.1f} s")
    # (e) gtables readers during writes
    path = ctx.fresh_store("readers")
    stop = os.path.join(os.path.dirname(path), "stop")
    for s in READ_WRITES:
        ctx.ref(s)
    readers = [subprocess.Popen(
        [sys.executable, "-c", READER_CHILD, json.dumps(
            {"path": path, "specs": ctx.seeds, "refdir": ctx.refdir, "stop": stop,
             "seed": ctx.rng.randrange(1 << 30), "scripts": str(SCRIPT.parent), "tmp": ctx.tmp})],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ctx.tmp,
        env=ctx.child_env(GTABLES_LOCK_TIMEOUT="60")) for _ in range(1 if ctx.quick else 2)]
    real_queries = []
    done = threading.Event()

    def real_loop():
        while not done.is_set():
            s = ctx.rng.choice(ctx.seeds)
            i = ctx.rng.randrange(ctx.ref(s).size)
            real_queries.append((s, i, run_cli(ctx, ["query", s, ctx.position(s, i), "--json",
                                                     "--store", path])))

    th = threading.Thread(target=real_loop, daemon=True)
    time.sleep(1.0)
    th.start()
    writes = [["compute", READ_WRITES[0], "--checkpoint-seconds", "0.1"],
              ["compute", ctx.seeds[2], "--force"], ["compute", ctx.seeds[3], "--force"],
              ["compute", ctx.seeds[0], "--force"], ["compact"],
              ["compute", READ_WRITES[1], "--checkpoint-seconds", "0.1"],
              ["compute", ctx.seeds[1], "--force"]]
    if ctx.quick:
        writes = writes[1:3]
    finished = []
    for wargs in writes:
        r = run_cli(ctx, [*wargs, "--store", path])
        stored = r.get("rc") == 0 and ("stored in" in r["out"] or "kept" in r["out"]
                                       or wargs[0] == "compact")
        rec.saw(describe(f"(e) writer: gtables {wargs[0]}{' --force' if '--force' in wargs else ''}",
                         r, ctx))
        tally_cli(rec, r, f"fault 8e writer {wargs}", ctx)
        if stored and wargs[0] == "compute":
            finished.append(canonical(wargs[1]))
        rec.injections += 1
    done.set()
    th.join(60)
    open(stop, "w").close()
    for rd in readers:
        out, err = rd.communicate(timeout=120)
        try:
            res = json.loads(out.decode().strip().splitlines()[-1])
        except (ValueError, IndexError):
            rec.anomaly(f"fault 8e: a reader died: {err.decode()[-800:]}")
            continue
        for key, v in res["counts"].items():
            rec.details.setdefault("(e) reader answers (API + in-process CLI)",
                                   collections.Counter())[key] += v
        for msg, v in res["messages"].items():
            rec.seen[f"(e) reader refused: {msg}"] += v
        rec.wrong_complete += res["counts"].get("WRONG", 0)
        rec.tracebacks += res["counts"].get("traceback", 0)
        for w_ in res["wrong"]:
            rec.anomaly(f"fault 8e: a reader got a WRONG answer: {w_}")
        for tb in res["tracebacks"]:
            rec.anomaly(f"fault 8e: a reader got a traceback: {norm(tb_summary(tb), ctx.tmp)}",
                        key=f"a reader got a traceback: {norm(last_line(tb), ctx.tmp)}")
    for s, i, r in real_queries:
        tally_query(ctx, rec, r, s, i, label="(e) real gtables query during writes")
    v = ctx.worker.call([{"do": "verify", "path": path, "expected": ctx.seeds + finished}])
    tally_verify(rec, v[0] if isinstance(v, list) else v, "(e) after the writes", ctx,
                 finished=ctx.seeds + finished, label="fault 8e")
    ctx.echo(f"fault 8e: readers {dict(rec.details.get('(e) reader answers (API + in-process CLI)', {}))}, "
             f"{len(real_queries)} real queries")
    return rec


# -- fault 9: read-only store -----------------------------------------------------------------------

NOBODY_CHILD = r'''
import importlib, os, pkgutil, sys
# the interpreter and its libraries may lie where nobody cannot read (root's home): import
# everything the commands use first, as root, then become nobody and run the command
import gtables, gtables.cli, h5py, numba, numpy
for m in pkgutil.walk_packages(gtables.__path__, "gtables."):
    try:
        importlib.import_module(m.name)
    except Exception:
        pass
import h5py._hl.files, h5py._hl.dataset, h5py._hl.attrs, json, hashlib, fcntl, socket, datetime
os.setgroups([])
os.setgid(65534)
os.setuid(65534)
assert os.geteuid() == 65534
sys.exit(gtables.cli.main(sys.argv[1:]))
'''


def run_as_nobody(ctx: Ctx, args: list[str], env: dict, timeout: float = 300) -> dict:
    """``gtables.cli.main(args)`` in a child that imported gtables as root and then became user
    nobody (setgroups([]), setgid/setuid 65534)."""
    t0 = time.monotonic()
    try:
        p = subprocess.run([sys.executable, "-c", NOBODY_CHILD, *args], capture_output=True,
                           env=ctx.child_env(**env), timeout=timeout, cwd=ctx.tmp)
    except subprocess.TimeoutExpired:
        return {"rc": None, "hang": timeout, "out": "", "err": "", "seconds": timeout}
    err = p.stderr.decode("utf-8", "replace")
    return {"rc": p.returncode, "out": p.stdout.decode("utf-8", "replace"), "err": err,
            "traceback": err if "Traceback (most recent call last)" in err else None,
            "seconds": time.monotonic() - t0}


def fault_readonly(ctx: Ctx) -> Record:
    rec = Record(9, FAULT_TITLES[9], "writes into a store the process may not write, and reads "
                 "from it: as user nobody (root ignores permission bits; the venv's interpreter "
                 "lies under root's home, which nobody cannot enter, so the child imports gtables "
                 "as root, then calls setgroups([]), setgid/setuid 65534 and runs "
                 "gtables.cli.main; own HOME, TMPDIR and NUMBA_CACHE_DIR) with the directory "
                 "read-only, and with only the file read-only (the directory writable); as root "
                 "with `chattr +i` on the file and on the directory (a real `python -m "
                 "gtables.cli`); GTABLES_LOG_SECONDS=0.2 so a computation would show on stderr")
    rec.lost_finished = 0
    spec = canonical(FULL_SPEC)
    ctx.ref(spec)
    os.chmod(ctx.tmp, 0o755)
    home = os.path.join(ctx.tmp, "nobody-home")
    os.makedirs(os.path.join(home, "numba"), exist_ok=True)
    os.makedirs(os.path.join(home, "tmp"), exist_ok=True)
    cache = os.environ.get("NUMBA_CACHE_DIR")      # set by gtables.config on import
    if cache and os.path.isdir(cache):                # nobody starts with the kernels compiled
        shutil.copytree(cache, os.path.join(home, "numba"), dirs_exist_ok=True)
    for d, _, files in os.walk(home):
        os.chmod(d, 0o777)
        for f in files:
            os.chmod(os.path.join(d, f), 0o666)
    nobody_env = {"HOME": home, "NUMBA_CACHE_DIR": os.path.join(home, "numba"),
                  "MPLCONFIGDIR": home, "TMPDIR": os.path.join(home, "tmp"),
                  "GTABLES_LOG_SECONDS": "0.2", "GTABLES_LOCK_TIMEOUT": "5"}
    root_env = {"GTABLES_LOG_SECONDS": "0.2", "GTABLES_LOCK_TIMEOUT": "5",
                "TMPDIR": os.path.join(home, "tmp")}
    can_nobody = os.geteuid() == 0
    variants = []
    if can_nobody:
        variants += [("nobody, directory read-only", "dir"), ("nobody, file read-only", "file")]
    chattr = shutil.which("chattr")
    if chattr and os.geteuid() == 0:
        variants += [("root, chattr +i on the file", "immutable-file"),
                     ("root, chattr +i on the directory", "immutable-dir"),
                     ("root, chattr +i on the directory, lock file already there",
                      "immutable-dir-lock")]
    if ctx.quick:
        variants = variants[:1] + variants[2:3]
    if not variants:
        rec.notes.append("neither root (to become nobody) nor chattr: fault not run")
    # a baseline: how long a read takes as that user (start-up)
    for name, how in variants:
        d = ctx.newdir("ro")
        os.chmod(d, 0o755)
        path = ctx.fresh_store("ro", directory=d)
        os.chmod(path, 0o644)
        env = root_env
        undo = []
        if how in ("dir", "file"):
            env = nobody_env
            if how == "file":
                os.chmod(d, 0o777)
                os.chmod(path, 0o444)
                with contextlib.suppress(FileNotFoundError):
                    os.remove(path + ".lock")
        else:
            target = path if how == "immutable-file" else d
            if how == "immutable-dir-lock":
                open(path + ".lock", "a").close()
            ok = subprocess.run([chattr, "+i", target], capture_output=True)
            if ok.returncode != 0:
                rec.notes.append(f"{name}: chattr +i failed ({ok.stderr.decode().strip()}); skipped")
                continue
            undo.append(lambda t=target: subprocess.run([chattr, "-i", t], capture_output=True))
            ctx.at_close(undo[-1])
        try:
            before = open(path, "rb").read()

            def run(args, env=env, how=how):
                return run_as_nobody(ctx, args, env) if how in ("dir", "file") else \
                    run_cli(ctx, args, env=env)
            q_i = ctx.rng.randrange(ctx.ref(ctx.seeds[1]).size)
            q = run(["query", ctx.seeds[1], ctx.position(ctx.seeds[1], q_i), "--json",
                     "--store", path])
            tally_query(ctx, rec, q, ctx.seeds[1], q_i, label=f"{name}: gtables query")
            c = run(["check", "--store", path])
            rec.saw(describe(f"{name}: gtables check", c, ctx))
            tally_cli(rec, c, f"fault 9 {name} check", ctx)
            w = run(["compute", spec, "--store", path])
            rec.injections += 1
            computing = "pos/s" in w.get("err", "") or "positions" in w.get("out", "")
            side = re.search(r"kept in the side store (\S+)", w.get("out", ""))
            rec.saw(describe(f"{name}: gtables compute", w, ctx,
                             ", stored" if "stored in" in w.get("out", "") else "") +
                    (" (after computing)" if computing else " (before computing)"))
            tally_cli(rec, w, f"fault 9 {name} compute", ctx)
            if w.get("rc") != 2 or computing:
                rec.anomaly(f"fault 9 {name}: the write did not fail at once with one line: "
                            f"{describe('', w, ctx)}; computed first: {computing}; "
                            f"{q_and(w)}")
            if side:
                va = ctx.worker.call([{"do": "verify", "path": side.group(1), "expected": [spec]}])
                tally_verify(rec, va[0] if isinstance(va, list) else va, f"{name} side store",
                             ctx, finished=[spec], label="fault 9")
                rec.count("side store", f"{name}: the table went to {norm(side.group(1), ctx.tmp)}")
            rec.count("write refused", f"{name}: exit {w.get('rc')} after {w.get('seconds', 0):.1f} s, "
                      f"{'after' if computing else 'before'} computing")
            rec.count("reads", f"{name}: query exit {q.get('rc')}, check exit {c.get('rc')}")
            if q.get("rc") != 0 or c.get("rc") != 0:
                rec.anomaly(f"fault 9 {name}: a read failed: query {describe('', q, ctx)}; "
                            f"check {describe('', c, ctx)}")
            if open(path, "rb").read() != before:
                rec.anomaly(f"fault 9 {name}: the store file changed")
        finally:
            for u in undo:
                u()
        v = ctx.worker.call([{"do": "verify", "path": path, "expected": ctx.seeds}])
        tally_verify(rec, v[0] if isinstance(v, list) else v, f"{name}: after", ctx,
                     finished=ctx.seeds, label="fault 9")
        ctx.echo(f"fault 9: {name}: write exit {w.get('rc')} ({w.get('seconds', 0):.1f} s, "
                 f"{'after' if computing else 'before'} computing), reads exit "
                 f"{q.get('rc')}/{c.get('rc')}")
    return rec


def q_and(r: dict) -> str:
    return f"stderr: {norm(' / '.join(r.get('err', '').splitlines()[:3]), None)[:300]}"


# -- fault 10: a full disk --------------------------------------------------------------------------

def _try_tmpfs(ctx: Ctx, size: str) -> str | None:
    d = os.path.join(ctx.tmp, "tmpfs")
    os.makedirs(d, exist_ok=True)
    if os.geteuid() != 0 or not shutil.which("mount"):
        return None
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size},mode=0755", "tmpfs", d],
                       capture_output=True)
    if r.returncode != 0:
        return None
    ctx.at_close(lambda: subprocess.run(["umount", "-l", d], capture_output=True))
    return d


def fault_full_disk(ctx: Ctx, n_tmpfs: int = 4, n_rlimit: int = 4) -> Record:
    rec = Record(10, FAULT_TITLES[10], "a `gtables compute` (checkpoints every 0.1 s) that needs "
                 "more room than there is: a 4 MiB tmpfs filled to leave a random amount free, "
                 "and RLIMIT_FSIZE (SIGXFSZ ignored) set in the child to the store's size plus a "
                 "random amount; then the same command with room again")
    spec = canonical(FULL_SPEC)
    ctx.ref(spec)
    # how much a successful run adds
    cal = ctx.fresh_store("full-cal")
    s0 = os.path.getsize(cal)
    r = ctx.worker.call([{"do": "cli", "argv": ["compute", spec, "--checkpoint-seconds", "0.1",
                                                "--store", cal]}])
    need = max(os.path.getsize(cal) - s0, 100_000)
    rec.details["bytes a successful run adds"] = need
    fs = _try_tmpfs(ctx, "4m")
    rec.details["full disk simulated by"] = ("a 4 MiB tmpfs mount and RLIMIT_FSIZE" if fs else
                                             "RLIMIT_FSIZE only (no tmpfs mount possible)")
    runs = [("tmpfs", k) for k in range(n_tmpfs if fs else 0)] + \
           [("rlimit", k) for k in range(n_rlimit)]
    for kind, k in runs:
        if kind == "tmpfs":
            for name in os.listdir(fs):
                p = os.path.join(fs, name)
                shutil.rmtree(p) if os.path.isdir(p) else os.remove(p)
            d = os.path.join(fs, "store")
            os.makedirs(d)
            path = ctx.fresh_store("full", directory=d)
            free = ctx.rng.randrange(0, int(need * 1.3))
            st = os.statvfs(fs)
            fill = max(0, st.f_bavail * st.f_frsize - free)
            filler = os.path.join(fs, "filler")
            with open(filler, "wb") as f:
                with contextlib.suppress(OSError):
                    f.write(b"\0" * fill)
            pre, limit_desc = None, f"{free} bytes free on the tmpfs"
        else:
            path = ctx.fresh_store("full-rlimit")
            limit = os.path.getsize(path) + ctx.rng.randrange(0, int(need * 1.3))

            def pre(limit=limit):
                resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
                signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            limit_desc = f"RLIMIT_FSIZE {limit} (store {os.path.getsize(path)})"
        args = ["compute", spec, "--checkpoint-seconds", "0.1", "--store", path]
        r = run_cli(ctx, args, preexec_fn=pre)
        rec.injections += 1
        label = f"fault 10 {kind} #{k} ({limit_desc})"
        stored = r.get("rc") == 0 and "stored in" in r.get("out", "")
        side = re.search(r"kept in the side store (\S+)", r.get("out", ""))
        rec.saw(describe(f"{kind}: gtables compute", r, ctx, ", stored" if stored else "") +
                (", kept in a side store" if side else ""))
        warns = [x for x in r.get("err", "").splitlines() if "warning" in x]
        for x in warns[:1]:
            rec.saw(f"{kind}: warned: {norm(x, ctx.tmp)}")
        tally_cli(rec, r, label, ctx)
        leftovers = sorted(re.sub(r"aside-\d{8}-\d{6}-\d+", "aside-<stamp>", x)
                           for x in os.listdir(os.path.dirname(path))
                           if x not in ("tables.h5", "tables.h5.lock"))
        v = ctx.worker.call([{"do": "verify", "path": path, "expected": ctx.seeds,
                              "seed": ctx.rng.randrange(1 << 30)}])
        tally_verify(rec, v[0] if isinstance(v, list) else v, "on the full disk", ctx,
                     finished=ctx.seeds + ([spec] if stored else []), label=label)
        if side:
            va = ctx.worker.call([{"do": "verify", "path": side.group(1), "expected": [spec]}])
            tally_verify(rec, va[0] if isinstance(va, list) else va, "side store", ctx,
                         finished=[spec], label=label)
        # room again: the same command must work and the store stay sound
        if kind == "tmpfs":
            os.remove(filler)
        r2 = run_cli(ctx, args)
        rec.saw(describe(f"{kind}: the same command with room again", r2, ctx,
                         ", " + _rerun_desc(r2)))
        tally_cli(rec, r2, label + " rerun", ctx)
        v2 = ctx.worker.call([{"do": "verify", "path": path, "expected": ctx.seeds + [spec],
                               "seed": ctx.rng.randrange(1 << 30)}])
        v2 = tally_verify(rec, v2[0] if isinstance(v2, list) else v2, "with room again", ctx,
                          finished=ctx.seeds + ([spec] if r2.get("rc") == 0 else []), label=label)
        chk = (v2 or {}).get("check") or {}
        outcome = ("stored" if stored else "side store" if side else f"exit {r.get('rc')}")
        rec.count("outcomes", f"{kind}: {outcome}; leftovers {leftovers or 'none'}; "
                  f"rerun exit {r2.get('rc')}; check: {chk.get('damaged', chk.get('error'))} damaged")
        rec.log.append({"kind": kind, "limit": limit_desc, "rc": r.get("rc"),
                        "first_line": norm(first_line(r.get("err")), ctx.tmp),
                        "leftovers": leftovers, "rerun_rc": r2.get("rc")})
        ctx.echo(f"fault 10: {kind} {k + 1} ({limit_desc}): exit {r.get('rc')} "
                 f"{norm(first_line(r.get('err')), ctx.tmp)[:100]}; rerun exit {r2.get('rc')}")
        if kind == "tmpfs":
            with contextlib.suppress(OSError):
                shutil.rmtree(d)
    if any(x.get("leftovers") for x in rec.log):
        rec.notes.append("a side store that could not be written either is left behind (the "
                         "file, its .lock, and on the full tmpfs a .journal.tmp): clutter beside "
                         "the store after an exit 2, named in no message")
    return rec


# -- fault 11: bad inputs (hook) ----------------------------------------------------------------------

def fault_bad_inputs(ctx: Ctx, sample: int | None = None) -> Record:
    """HOOK: scripts/bad_inputs.py is another engineer's corpus.  When it is there and has
    ``run_corpus(store_dir)``, run it (a reproducible sample when it has ``sample(n)``) and include
    its summary; otherwise say so."""
    rec = Record(11, FAULT_TITLES[11], "scripts/bad_inputs.py: run_corpus(store_dir) over its "
                 "whole corpus (a sample with --quick); each case a real `python -m gtables.cli` "
                 "run")
    rec.lost_finished = None
    path = SCRIPT.parent / "bad_inputs.py"
    if not path.exists():
        rec.notes.append("HOOK: scripts/bad_inputs.py is not there yet; this fault is included "
                         "automatically once it exists")
        return rec
    sys.path.insert(0, str(SCRIPT.parent))
    try:
        import bad_inputs
    except Exception as e:                  # noqa: BLE001
        rec.notes.append(f"scripts/bad_inputs.py does not import: {_one(e)}")
        return rec
    finally:
        with contextlib.suppress(ValueError):
            sys.path.remove(str(SCRIPT.parent))
    if not hasattr(bad_inputs, "run_corpus"):
        rec.notes.append("scripts/bad_inputs.py has no run_corpus(store_dir) yet")
        return rec
    d = ctx.newdir("bad-inputs")
    cases = None
    total = None
    with contextlib.suppress(Exception):
        total = len(bad_inputs.cases())
    if sample and hasattr(bad_inputs, "sample"):
        cases = bad_inputs.sample(sample, seed=ctx.seed)
    try:
        rows = bad_inputs.run_corpus(d, cases) if cases is not None else bad_inputs.run_corpus(d)
    except Exception:                       # noqa: BLE001
        rec.notes.append(f"run_corpus failed: {traceback.format_exc()[-600:]}")
        return rec
    rec.injections = len(rows)
    g = lambda r, k, default=None: getattr(r, k, r.get(k, default) if isinstance(r, dict) else default)  # noqa: E731
    one = sum(1 for r in rows if g(r, "exit_code") == 2 and g(r, "one_line"))
    tbs = sum(1 for r in rows if g(r, "traceback"))
    rec.tracebacks = tbs
    rec.details["bad inputs"] = {"corpus size": total, "inputs run": len(rows),
                                 "exit 2 with one line": one, "tracebacks": tbs,
                                 "verdicts": dict(collections.Counter(str(g(r, "verdict"))
                                                                      for r in rows))}
    for r in rows:
        v = g(r, "verdict")
        rec.saw(f"{g(r, 'group', '?')}: {v}" + (f" (exit {g(r, 'exit_code')})" if v != "pass" else ""))
        if v == "fail" or g(r, "traceback"):
            rec.anomaly(f"bad input {' '.join(map(str, g(r, 'args', ())))}: exit {g(r, 'exit_code')}: "
                        f"{norm(g(r, 'first_line', ''), ctx.tmp)} ({g(r, 'why', '')})")
    if hasattr(bad_inputs, "summary"):
        with contextlib.suppress(Exception):
            rec.details["bad_inputs.summary"] = clean(bad_inputs.summary(rows))
    rec.notes.append(f"a sample of {len(rows)} of the corpus's {total} cases (seed {ctx.seed}); "
                     f"`python scripts/bad_inputs.py` runs them all")
    return rec


# -- the report ---------------------------------------------------------------------------------------

def _machine() -> dict:
    import h5py
    import numba

    import gtables
    from gtables.config import source_hash
    git = {}
    with contextlib.suppress(Exception):
        git["commit"] = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                                       capture_output=True, text=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "src"], cwd=ROOT,
                               capture_output=True, text=True).stdout.split("\n")
        git["uncommitted_src"] = sorted(x[3:] for x in dirty if x.strip())
    return {"os": platform.platform(), "python": platform.python_version(),
            "cpu_count": os.cpu_count(), "gtables": gtables.__version__,
            "gtables_source": source_hash(), "h5py": h5py.version.version,
            "hdf5": h5py.version.hdf5_version, "numba": numba.__version__,
            "numpy": np.__version__, "git": git}


def _cell(s: str) -> str:
    return clean(s).replace("|", "\\|").replace("\n", " ")


def write_report(records: list[Record], meta: dict, out_dir: str) -> tuple[str, str]:
    os.makedirs(out_dir, exist_ok=True)
    js = os.path.join(out_dir, "reliability.json")
    md = os.path.join(out_dir, "reliability.md")
    tot_inj = sum(r.injections for r in records)
    tot_wrong = sum(r.wrong_complete for r in records)
    tot_lost = sum(r.lost_finished or 0 for r in records)
    tot_tb = sum(r.tracebacks for r in records)
    tot_hang = sum(r.hangs for r in records)
    with open(js, "w") as f:
        json.dump({"meta": meta, "totals": {"faults": len(records), "injections": tot_inj,
                                            "wrong_complete": tot_wrong, "lost_finished": tot_lost,
                                            "tracebacks": tot_tb, "hangs_or_crashes": tot_hang},
                   "faults": [r.to_json() for r in records]}, f, indent=1, default=str)
    L = ["# Store reliability: fault injection", ""]
    L.append(f"Written by `{meta['command']}` on {meta['date']}; wall time {meta['wall_s']:.0f} s.")
    L.append("")
    L.append("**The promise**: after every fault, every table in the store is either correct "
             "(equal to an independent recomputation, `gtables.compute(spec, store=None)`) or "
             "refused with `GtablesError` (the command: exit 2, one line `gtables: error: ...`); "
             "**no table that reads as complete is wrong**; **no finished table is lost** (a "
             "table reported stored, or kept in a named side store, is there and correct).")
    L.append("")
    L.append(f"**Headline: {len(records)} faults, {tot_inj} injections, {tot_wrong} wrong tables "
             f"that read as complete, {tot_lost} finished tables lost, {tot_tb} tracebacks, "
             f"{tot_hang} hangs or crashes.**")
    L.append("")
    m = meta["machine"]
    L.append(f"Machine: {m['os']}, {m['cpu_count']} CPUs, load average "
             f"{' / '.join(f'{x:.2f}' for x in meta['load_start'])} at the start and "
             f"{' / '.join(f'{x:.2f}' for x in meta['load_end'])} at the end; Python {m['python']}, "
             f"h5py {m['h5py']} (HDF5 {m['hdf5']}), numba {m['numba']}, numpy {m['numpy']}; "
             f"gtables {m['gtables']} (sources {m['gtables_source']}, commit "
             f"{m['git'].get('commit', '?')}"
             + (f", with uncommitted changes in {', '.join(m['git']['uncommitted_src'])}"
                if m['git'].get('uncommitted_src') else "") + ").")
    L.append(f"Peak memory: this script {meta['peak_self_mib']:.0f} MiB, its largest child "
             f"{meta['peak_children_mib']:.0f} MiB (ru_maxrss). Seed {meta['seed']}"
             f"{', --quick' if meta['quick'] else ''}.")
    L.append("")
    L.append("| # | fault | injections | wrong but complete | lost finished | tracebacks | "
             "hangs / crashes | what the user saw (most common, refusals first) |")
    L.append("|---:|---|---:|---:|---:|---:|---:|---|")
    for r in records:
        ranked = sorted(r.seen.items(), key=lambda kv: ("exit 0" in kv[0], -kv[1]))
        top = "; ".join(f"{v}x {s}" for s, v in ranked[:3])
        lost = "n/a" if r.lost_finished is None else str(r.lost_finished)
        L.append(f"| {r.number} | {_cell(r.fault)} | {r.injections} | {r.wrong_complete} | "
                 f"{lost} | {r.tracebacks} | {r.hangs} | {_cell(top[:400])} |")
    L.append("")
    L.append("\"lost finished: n/a\" marks media damage (faults 1, 2, 4, 5): refusing a damaged "
             "table is the promise there; a table written *after* the damage (`gtables compute` "
             "of a new table, reported stored) still counts as lost if it is not there and "
             "correct.")
    L.append("")
    L.append("How each injection is inspected: a separate worker process (a crash or hang in HDF5 "
             "cannot take the suite down; answers time out after "
             f"{WORKER_TIMEOUT:.0f} s) lists the store, loads every table whole and looks up 3 "
             "positions through fresh lazy handles, runs `Store.check()` and reads every "
             "checkpoint against the reference; for faults 1, 2, 4 and 5 it then runs "
             "`gtables check`, `gtables query` of each seeded table and `gtables compute` of a new "
             "table through `gtables.cli.main` (the code of `python -m gtables.cli`; stdout and "
             "stderr encoded as a real run would) and inspects again. Those inspections run with "
             "GTABLES_LOCK_TIMEOUT=0: no other process uses a damaged store, so any wait there "
             "could only come from an error misread as a lock. A few queries per fault are "
             "repeated through a real `python -m gtables.cli` subprocess (GTABLES_LOCK_TIMEOUT="
             f"{SAMPLE_LOCK_TIMEOUT}) on a byte-identical copy of the damaged store and compared.")
    all_anom = [(r.number, a) for r in records for a in r.anomalies]
    L.append("")
    L.append("## Anomalies")
    L.append("")
    if all_anom:
        for n, a in all_anom:
            ex = "" if a["example"] == a["key"] else f" (e.g. {_cell(a['example'][:700])})"
            L.append(f"* fault {n}, {a['count']} x: {_cell(a['key'][:900])}{ex}")
    else:
        L.append("None: no wrong value, no lost table, no traceback, no hang, no exit 2 that was "
                 "not one line.")
    for r in records:
        L.append("")
        L.append(f"## {r.number}. {r.fault}")
        L.append("")
        L.append(f"{r.how}.")
        L.append("")
        L.append(f"Injections {r.injections}; wrong but complete {r.wrong_complete}; lost finished "
                 f"{'n/a' if r.lost_finished is None else r.lost_finished}; tracebacks "
                 f"{r.tracebacks}; hangs/crashes {r.hangs}; exit 2 without one line "
                 f"{r.not_one_line}; {r.seconds:.0f} s.")
        if r.seen:
            L.append("")
            L.append("What the user saw (count, outcome):")
            L.append("")
            for s, v in r.seen.most_common():
                L.append(f"* {v} x `{_cell(s)}`")
        if r.outcomes:
            L.append("")
            L.append("Tables as the inspection found them (count, phase: status):")
            L.append("")
            L.append(", ".join(f"{_cell(s)}: {v}" for s, v in sorted(r.outcomes.items())))
        for key, val in r.details.items():
            L.append("")
            if isinstance(val, collections.Counter) or isinstance(val, dict):
                L.append(f"{key}:")
                L.append("")
                items = val.most_common() if isinstance(val, collections.Counter) else val.items()
                for s, v in items:
                    L.append(f"* {_cell(str(s))}: {_cell(str(v))}")
            elif isinstance(val, str) and "\n" in val:
                L.append(f"{key}:")
                L.append("")
                L.append(val)
            else:
                L.append(f"{key}: {_cell(str(val))}")
        if r.notes:
            L.append("")
            for x in r.notes:
                L.append(f"Note: {_cell(x)}")
    L.append("")
    L.append("Every injection's parameters (offsets, masks, cut lengths, kill points, seeds) are in "
             "reliability.json, under each fault's `log`, to reproduce a case.")
    with open(md, "w") as f:
        f.write("\n".join(L) + "\n")
    return md, js


# -- main ---------------------------------------------------------------------------------------------

FAULTS = {1: fault_chunk_flip, 2: fault_attribute_flip, 3: fault_checkpoint_flip,
          4: fault_random_flip, 5: fault_truncation, 6: fault_sigkill, 7: fault_concurrent,
          8: fault_readers, 9: fault_readonly, 10: fault_full_disk, 11: fault_bad_inputs}


def _counts(quick: bool) -> dict:
    if quick:
        return {1: dict(n=4), 2: dict(n=3, sweep=3), 3: dict(n=2), 4: dict(n=5), 5: dict(n=2),
                6: dict(real_runs=1, point_runs=3, slow_runs=1), 7: {}, 8: {},
                9: {}, 10: dict(n_tmpfs=1, n_rlimit=1), 11: dict(sample=BAD_INPUT_SAMPLE_QUICK)}
    return {1: dict(n=30), 2: dict(n=20), 3: dict(n=12), 4: dict(n=40), 5: dict(n=10),
            6: dict(real_runs=5, point_runs=16, slow_runs=4), 7: {}, 8: {}, 9: {},
            10: dict(n_tmpfs=4, n_rlimit=4), 11: dict(sample=BAD_INPUT_SAMPLE)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="fewer repetitions (about two minutes)")
    ap.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    ap.add_argument("--only", default="", help="comma-separated fault numbers (default: all)")
    ap.add_argument("--out", default=str(ROOT / "results"),
                    help="directory for reliability.md/.json (default: the repository's results/)")
    ap.add_argument("--no-write", action="store_true", help="print the summary, write no report")
    ap.add_argument("--keep", action="store_true", help="keep the temporary directory")
    ap.add_argument("--serve", metavar="REFDIR", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.serve:
        serve(a.serve)
        return 0
    t0 = time.monotonic()
    load_start = os.getloadavg()
    only = [int(x) for x in a.only.split(",") if x.strip()] or sorted(FAULTS)
    tmp = tempfile.mkdtemp(prefix="gtables-fault-injection-")
    os.environ["GTABLES_STORE"] = os.path.join(tmp, "default-store-unused.h5")
    ctx = Ctx(tmp, seed=a.seed, quick=a.quick, t0=t0)
    ctx.echo(f"temporary directory {tmp}; computing the references and the seeded store")
    counts = _counts(a.quick)
    records = []
    try:
        ctx.base()
        ctx.ref(NEW_SMALL)
        ctx.echo(f"seeded store: {', '.join(ctx.seeds)} ({os.path.getsize(ctx.base())} bytes)")
        for num in only:
            ctx.echo(f"fault {num}: {FAULT_TITLES[num]}")
            t = time.monotonic()
            try:
                rec = FAULTS[num](ctx, **counts[num])
            except Exception:               # noqa: BLE001 - the suite goes on, the report says so
                rec = Record(num, FAULT_TITLES[num])
                rec.anomaly(f"the fault-injection code itself failed: {traceback.format_exc()[-2000:]}")
                ctx.echo(f"fault {num}: the suite's own code failed:\n{traceback.format_exc()}")
            rec.seconds = time.monotonic() - t
            records.append(rec)
            ctx.echo(f"fault {num} done in {rec.seconds:.0f} s: {rec.injections} injections, "
                     f"wrong {rec.wrong_complete}, lost {rec.lost_finished}, tracebacks "
                     f"{rec.tracebacks}, hangs {rec.hangs}")
    finally:
        ctx.close()
        if not a.keep:
            shutil.rmtree(tmp, ignore_errors=True)
    self_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    child_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    cmd = ["python", "scripts/fault_injection.py"] + list(sys.argv[1:] if argv is None else argv)
    meta = {"command": shlex.join(cmd), "date": datetime.datetime.now().isoformat(timespec="seconds"),
            "wall_s": time.monotonic() - t0, "seed": a.seed, "quick": a.quick,
            "load_start": load_start, "load_end": os.getloadavg(), "machine": _machine(),
            "peak_self_mib": mib(self_kb), "peak_children_mib": mib(child_kb),
            "worker_restarts": ctx._worker.restarts if ctx._worker else 0}
    tot = (sum(r.injections for r in records), sum(r.wrong_complete for r in records),
           sum(r.lost_finished or 0 for r in records), sum(r.tracebacks for r in records),
           sum(r.hangs for r in records))
    print(f"\n{len(records)} faults, {tot[0]} injections: wrong-but-complete {tot[1]}, "
          f"lost-finished {tot[2]}, tracebacks {tot[3]}, hangs/crashes {tot[4]}; "
          f"{meta['wall_s']:.0f} s")
    for r in records:
        for x in r.anomalies:
            print(f"  fault {r.number}: {x['count']} x {x['key'][:300]}")
    if not a.no_write:
        md, js = write_report(records, meta, a.out)
        print(f"wrote {md} and {js}")
    return 1 if tot[1] or tot[2] else 0


if __name__ == "__main__":
    sys.exit(main())
