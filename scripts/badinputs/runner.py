"""The runner of the bad-input corpus (``scripts/bad_inputs.py``; the cases are
:mod:`badinputs.corpus`): each case runs ``sys.executable -m gtables.cli`` (or, for the Python
API, :data:`API_WRAPPER`) in a directory of its own and is judged by the rule: exit status 2,
one line ``gtables: error: ...``, no traceback, nothing written, peak memory under
:data:`RSS_LIMIT`, done within :data:`TIMEOUT`.  :func:`run_corpus` gives one :class:`Row` per
case; :func:`summary` and :func:`report` render them."""
from __future__ import annotations

import concurrent.futures
import dataclasses
import os
import random
import re
import shutil
import subprocess
import sys
import threading
import time

from .corpus import STORED, Case, cases

RSS_LIMIT = 1 << 30          # a refusal must not allocate: peak RSS above 1 GiB fails the case
TIMEOUT = 60.0               # seconds; a case still running then was not refused at once
ONE_LINE = re.compile(r"^gtables: error: \S")
ARGPARSE_LINE = re.compile(r"^gtables(?: [\w-]+)?: error: ")


@dataclasses.dataclass
class Row:
    """The result of one case: the first five fields are what a report needs."""
    args: tuple[str, ...]
    exit_code: int | None
    first_line: str
    one_line: bool
    traceback: bool
    verdict: str = ""             # pass | argparse | fail
    why: str = ""
    group: str = ""
    stderr_lines: int = 0
    written: tuple[str, ...] = ()
    max_rss_mib: float = 0.0
    seconds: float = 0.0
    known: str = ""               # the case's known-failure note, if any


API_WRAPPER = r"""
import sys
code = sys.argv[1]
try:
    import gtables
    from gtables.errors import GtablesError
    exec(compile(code, "<case>", "exec"), {"gtables": gtables})
except GtablesError as e:
    sys.stderr.write(f"gtables: error: {e}\n")
    sys.exit(2)
print("accepted: no GtablesError")
"""


def _setup(tmp: str, template: str | None) -> dict:
    """The files a case may name, created in its own directory ``tmp`` (``template``: the
    directory :func:`_template` made)."""
    paths = {"tmp": tmp, "store": os.path.join(tmp, "tables"), "dir": os.path.join(tmp, "adir"),
             "textfile": os.path.join(tmp, "notes.txt"),
             "emptyfile": os.path.join(tmp, "empty.h5"),
             "junkfile": os.path.join(tmp, "junk.h5"), "truncated": os.path.join(tmp, "cut.h5"),
             "foreign": os.path.join(tmp, "foreign.h5"), "oldstore": os.path.join(tmp, "old.h5"),
             "fifo": os.path.join(tmp, "fifo.h5"), "stored": os.path.join(tmp, "stored"),
             "export": os.path.join(tmp, "share.h5"), "out": os.path.join(tmp, "out")}
    os.makedirs(paths["dir"], exist_ok=True)
    with open(os.path.join(paths["dir"], "thesis.tex"), "w") as f:
        f.write("someone's work\n")
    with open(paths["textfile"], "w") as f:
        f.write("not a store\n")
    open(paths["emptyfile"], "w").close()
    with open(paths["junkfile"], "wb") as f:
        f.write(random.Random(7).randbytes(4096))
    if not os.path.lexists(paths["fifo"]):
        os.mkfifo(paths["fifo"])
    if template is not None:
        if not os.path.exists(paths["stored"]):
            shutil.copytree(os.path.join(template, "tables"), paths["stored"])
        for name in ("share.h5", "foreign.h5", "old.h5"):
            shutil.copyfile(os.path.join(template, name), os.path.join(tmp, name))
        data = open(os.path.join(template, "share.h5"), "rb").read()
        with open(paths["truncated"], "wb") as f:
            f.write(data[:len(data) // 2])
    return paths


def _fill(text: str, paths: dict) -> str:
    """``text`` with the placeholders ``{name}`` of :func:`_setup` filled (other braces, as in
    ``set={1,2}``, stay)."""
    return re.sub(r"\{(\w+)\}", lambda m: paths.get(m.group(1), m.group(0)), text)


def _snapshot(tmp: str) -> dict:
    """Every file and folder under ``tmp``: size and modification time (a new directory, such as
    a half-made store, counts as written too)."""
    out = {}
    for root, dirs, files in os.walk(tmp):
        for name in files + dirs:
            p = os.path.join(root, name)
            try:
                st = os.lstat(p)
            except OSError:
                continue
            out[p] = (st.st_size, st.st_mtime_ns) if name in files else (0, 0)
    return out


#: A child started by a large process inherits that process's peak RSS in its own ``ru_maxrss``
#: (Linux counts the parent's resident pages at fork/clone into the child's high-water mark, and
#: exec keeps it): run from a pytest process of 1.3 GB every case "used" 1.3 GB.  So each case is
#: started by this small interpreter, which reaps it and writes the case's own peak to a pipe;
#: a case killed by a signal kills the shim with the same signal.
_SHIM = ("import os, signal, sys\n"
         "pid = os.fork()\n"
         "if pid == 0:\n"
         "    os.execvp(sys.argv[2], sys.argv[2:])\n"
         "_, status, usage = os.wait4(pid, 0)\n"
         "os.write(int(sys.argv[1]), str(usage.ru_maxrss).encode())\n"
         "if os.WIFSIGNALED(status):\n"
         "    signal.signal(os.WTERMSIG(status), signal.SIG_DFL)\n"
         "    os.kill(os.getpid(), os.WTERMSIG(status))\n"
         "sys.exit(os.waitstatus_to_exitcode(status))\n")


def _run(argv: list[str], env: dict, timeout: float, cwd: str | None = None):
    """Run ``argv`` in ``cwd``; ``(exit code, stdout, stderr, peak RSS in MiB, seconds)``.  The
    child is reaped with ``wait4`` by a small shim (:data:`_SHIM`) so that its own peak memory is
    known (ru_maxrss, KiB on Linux), not the one it inherits from this process."""
    t0 = time.perf_counter()
    rfd, wfd = os.pipe()
    p = subprocess.Popen([sys.executable, "-S", "-c", _SHIM, str(wfd), *argv],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                         start_new_session=True, cwd=cwd, pass_fds=(wfd,))
    os.close(wfd)
    bufs = {}

    def drain(name, stream):
        bufs[name] = stream.read()

    threads = [threading.Thread(target=drain, args=("out", p.stdout)),
               threading.Thread(target=drain, args=("err", p.stderr))]
    for t in threads:
        t.start()
    timer = threading.Timer(timeout, lambda: os.killpg(p.pid, 9))
    timer.start()
    try:
        _, status, usage = os.wait4(p.pid, 0)
    finally:
        timer.cancel()
    p.returncode = os.waitstatus_to_exitcode(status)
    for t in threads:
        t.join()
    with os.fdopen(rfd, "rb") as f:
        told = f.read().decode() or str(usage.ru_maxrss)      # the shim was killed: its own
    rss = int(told) / 1024 if sys.platform != "darwin" else int(told) / (1 << 20)
    dec = lambda b: (b or b"").decode("utf-8", "replace")  # noqa: E731
    return p.returncode, dec(bufs.get("out")), dec(bufs.get("err")), rss, time.perf_counter() - t0


def run_case(case: Case, case_dir: str, template: str | None = None,
             timeout: float = TIMEOUT) -> Row:
    """Run one case in ``case_dir`` (created, left in place) and judge it."""
    os.makedirs(case_dir, exist_ok=True)
    paths = _setup(case_dir, template)
    args = [_fill(a, paths) for a in case.args]
    env = {k: v for k, v in os.environ.items() if not k.startswith("GTABLES_")}
    env["GTABLES_STORE"] = paths["store"]
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    for k, v in case.env:
        env[k] = _fill(v, paths)
    before = _snapshot(case_dir)
    # in the case's own directory: a relative path a case writes (a report in results/, a file
    # named 123) lands there, where it is seen, never in the repository
    argv = [sys.executable, "-c", API_WRAPPER, _fill(case.python, paths)] if case.python else \
        [sys.executable, "-m", "gtables.cli", *args]
    code, _, err, rss, secs = _run(argv, env, timeout, cwd=case_dir)
    after = _snapshot(case_dir)
    written = tuple(sorted(os.path.relpath(p, case_dir) for p, s in after.items()
                           if before.get(p) != s))
    lines = err.strip("\n").splitlines()
    first = lines[0] if lines else ""
    traceback = "Traceback" in err
    one_line = len(lines) == 1 and bool(ONE_LINE.match(first))
    row = Row(args=tuple(case.args), exit_code=code, first_line=first, one_line=one_line,
              traceback=traceback, group=case.group, stderr_lines=len(lines), written=written,
              max_rss_mib=round(rss, 1), seconds=round(secs, 2), known=case.known)
    why = []
    if code != 2:
        why.append(f"exit status {code}" + (" (timed out)" if code == -9 else ""))
    if traceback:
        why.append("traceback")
    if written:
        why.append(f"wrote {', '.join(written)}")
    if rss * (1 << 20) > RSS_LIMIT:
        why.append(f"peak memory {rss:.0f} MiB")
    if not why and not one_line:
        if lines and lines[0].startswith("usage:") and ARGPARSE_LINE.match(lines[-1]):
            row.verdict = "argparse"
            return row
        why.append(f"stderr has {len(lines)} line(s)" if len(lines) != 1
                   else "stderr does not start with 'gtables: error:'")
    row.verdict = "fail" if why else "pass"
    row.why = "; ".join(why)
    return row


def _template(store_dir: str) -> str:
    """A directory with what the setups copy: ``tables`` (a store holding the small tables of
    :data:`STORED`), ``share.h5`` (their export file), ``foreign.h5`` (an HDF5 file of someone
    else's) and ``old.h5`` (a single-file store of gtables 0.x, as far as its marker goes)."""
    import h5py
    top = os.path.join(store_dir, "template")
    path, share = os.path.join(top, "tables"), os.path.join(top, "share.h5")
    if not os.path.exists(share):
        os.makedirs(top, exist_ok=True)
        env = {k: v for k, v in os.environ.items() if not k.startswith("GTABLES_")}
        cli = [sys.executable, "-m", "gtables.cli"]
        for args in (["compute", *STORED], ["export", *STORED, "--to", share]):
            subprocess.run(cli + args + ["--store", path], check=True, capture_output=True,
                           env=env, timeout=600)
        with h5py.File(os.path.join(top, "foreign.h5"), "w") as f:
            f.create_dataset("measurements", data=list(range(10)))
        with h5py.File(os.path.join(top, "old.h5"), "w") as f:
            f.attrs["schema"], f.attrs["schema_version"] = "gtables.store", 2
            f.create_group("tables")
    return top


def run_corpus(store_dir: str, cases_: list[Case] | None = None, workers: int = 2,
               timeout: float = TIMEOUT, echo=None) -> list[Row]:
    """Run every case (default: :func:`cases`) through ``sys.executable -m gtables.cli``, each in
    its own directory under ``store_dir`` with ``GTABLES_STORE`` there, at most ``workers`` (<= 2)
    at a time; return one :class:`Row` per case, in order.  ``echo(row)`` is called as each
    finishes (for progress)."""
    todo = cases() if cases_ is None else list(cases_)
    template = _template(store_dir)
    rows: list[Row | None] = [None] * len(todo)
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, min(2, workers))) as pool:
        futs = {pool.submit(run_case, c, os.path.join(store_dir, f"case{i:03d}"), template,
                            timeout): i for i, c in enumerate(todo)}
        for f in concurrent.futures.as_completed(futs):
            i = futs[f]
            try:
                rows[i] = f.result()
            except Exception as e:   # the runner's own trouble: a failed row, the rest goes on
                rows[i] = Row(args=todo[i].args, exit_code=None, first_line="", one_line=False,
                              traceback=False, verdict="fail", group=todo[i].group,
                              known=todo[i].known,
                              why=f"runner error: {type(e).__name__}: {e}")
            if echo is not None:
                echo(rows[futs[f]])
    return [r for r in rows if r is not None]


def summary(rows: list[Row], show_all: bool = False) -> str:
    """A Markdown table: counts per group and verdict, then the rows that did not pass (or all)."""
    verdicts = ("pass", "argparse", "fail")
    groups = sorted({r.group for r in rows})
    out = ["| group | cases | " + " | ".join(verdicts) + " |", "|---|---:|" + "---:|" * len(verdicts)]
    for g in groups + ["all"]:
        rs = [r for r in rows if g in ("all", r.group)]
        out.append(f"| {g} | {len(rs)} | " + " | ".join(str(sum(r.verdict == v for r in rs))
                                                         for v in verdicts) + " |")
    shown = [r for r in rows if show_all or r.verdict == "fail"]
    if shown:
        out += ["", "| verdict | args | exit | stderr (first line) | why |", "|---|---|---:|---|---|"]
        for r in shown:
            args = " ".join(repr(a) if (not a or " " in a) else a for a in r.args)
            cell = lambda s: s.replace("|", "\\|")[:240]  # noqa: E731
            why = r.why + (f" (known: {r.known})" if r.known and r.verdict == "fail" else "")
            out.append(f"| {r.verdict} | `{cell(args)}` | {r.exit_code} | {cell(r.first_line)} | "
                       f"{cell(why)} |")
    return "\n".join(out)


def _args_text(r: Row) -> str:
    if r.args and r.args[0] == "python" and len(r.args) == 2:
        return f"(Python) {r.args[1]}"
    return "gtables " + " ".join(repr(a) if (not a or " " in a) else a for a in r.args)


def report(rows: list[Row], wall: float) -> tuple[str, dict]:
    """The corpus's report for ``results/``: per group, how many cases, and for each promise of
    the rule (one error line, exit status 2, nothing written, peak memory under
    :data:`RSS_LIMIT`, no traceback, no hang) how many kept it; then every case, one line each.
    Timings are in the JSON only (they change from run to run)."""
    import datetime
    import platform
    checks = (("one line", lambda r: r.one_line), ("exit 2", lambda r: r.exit_code == 2),
              ("wrote nothing", lambda r: not r.written),
              (f"under {RSS_LIMIT >> 20} MiB", lambda r: r.max_rss_mib * (1 << 20) <= RSS_LIMIT),
              ("tracebacks", lambda r: r.traceback), ("hangs", lambda r: r.exit_code == -9))
    groups = sorted({r.group for r in rows})
    L = ["# Bad inputs: every command and the Python API refuse before they work", "",
         f"Written by `python scripts/bad_inputs.py` on "
         f"{datetime.datetime.now().isoformat(timespec='seconds')} ({len(rows)} cases, wall "
         f"{wall:.0f} s, {os.cpu_count()} CPUs, Python {platform.python_version()}).", "",
         "The rule (issues 22 and 25): a bad input, option, output path, store or environment "
         "gets exit status 2 and one line `gtables: error: ...` on stderr, before anything is "
         "allocated or written: no traceback, no file or folder written in the case's "
         f"directory (its working directory and store), a peak memory under {RSS_LIMIT >> 20} "
         f"MiB, done within {TIMEOUT:.0f} s (else a hang). Each case runs `python -m gtables.cli "
         "ARGS` (or, for the Python API, the code shown, whose GtablesError is printed as the "
         "command would print it; an exception of another kind is a traceback) in a directory "
         "of its own.", "",
         "| group | cases | pass | fail | " + " | ".join(n for n, _ in checks) + " |",
         "|---|---:|---:|---:|" + "---:|" * len(checks)]
    for g in groups + ["all"]:
        rs = [r for r in rows if g in ("all", r.group)]
        cells = [str(len(rs)), str(sum(r.verdict != "fail" for r in rs)),
                 str(sum(r.verdict == "fail" for r in rs))]
        cells += [str(sum(bool(f(r)) for r in rs)) for _, f in checks]
        name = f"**{g}**" if g == "all" else g
        L.append(f"| {name} | " + " | ".join(f"**{c}**" if g == "all" else c for c in cells)
                 + " |")
    bad = [r for r in rows if r.verdict == "fail"]
    L += ["", f"**{len(rows)} cases: {len(rows) - len(bad)} refused as the rule says, "
              f"{len(bad)} not; {sum(r.traceback for r in rows)} tracebacks, "
              f"{sum(r.exit_code == -9 for r in rows)} hangs.**", ""]
    def cell(t: str) -> str:      # a table cell; a case's own directory reads <case>
        t = re.sub(r"(?:/[^\s/'\"]+)*/case\d+\b", "<case>", t)
        return t.replace("|", "\\|").replace("\n", " ")
    if bad:
        L += ["## Not refused as the rule says", "", "| case | exit | stderr (first line) | why |",
              "|---|---:|---|---|"]
        L += [f"| `{cell(_args_text(r))[:200]}` | {r.exit_code} | {cell(r.first_line)[:200]} | "
              f"{cell(r.why)} |" for r in bad]
        L.append("")
    L += ["## Every case", "", "| group | case | exit | what it said |", "|---|---|---:|---|"]
    L += [f"| {r.group} | `{cell(_args_text(r))[:160]}` | {r.exit_code} | "
          f"{cell(r.first_line.removeprefix('gtables: error: '))[:200]} |" for r in rows]
    data = {"cases": len(rows), "failed": len(bad), "wall_seconds": round(wall, 1),
            "rows": [dataclasses.asdict(r) for r in rows]}
    return "\n".join(L) + "\n", data
