"""Sweeps: a grid of table specs computed as tasks on Dask (``dask.distributed``).

A *task* computes one table on a worker.  When the worker sees the sweep's store (the same
store, by the id in its marker file: a local cluster, or workers on a shared file system), it
publishes the table there itself and sends back only its attributes; otherwise it sends the
values and the client publishes them.  Publishing is atomic and needs no lock (see
:mod:`gtables.store`), so an interrupted sweep leaves exactly the tables that were complete.
Tables already in the store are not recomputed.

Grid patterns (:func:`expand`) write several specs at once: within a value, ``|`` separates
alternatives and ``lo..hi`` or ``lo..hi..step`` is an inclusive integer range::

    octal:code=0.07|0.77|0.137,size=1000      three specs
    nim:heaps=2..3,size=8|16                  four specs
    subtraction:set=1-3|{1,2,5},size=100..300..100

Sets (``{1,2,5}``, ``(1,4)``) and subtraction sets (``1-3+7``) are values like any other: only
``|`` outside brackets and a value of the exact form ``lo..hi[..step]`` are grid syntax.
"""
from __future__ import annotations

import contextlib
import dataclasses
import itertools
import json
import logging
import os
import re
import signal
import socket
import sys
import threading
import time

from . import api
from .engine.cost import check_time
from .engine.game import split_outside_brackets, split_spec
from .engine.progress import clock_text, log_seconds, output_mode
from .engine.sequence import require_period_theorem
from .errors import GtablesError
from .store import Store

ALGORITHMS = ("auto", "naive", "sparse")
SCATTER_BYTES = 1 << 20  # prefixes larger than this are scattered to the cluster, not inlined
MAX_GRID = 100_000  # specs one pattern may expand to: a guard against a mistyped range
_RANGE = re.compile(r"^(-?[0-9]+)\.\.(-?[0-9]+)(?:\.\.([0-9]+))?$")   # ASCII digits only


# -- grid patterns ------------------------------------------------------------------------------

def _split_alternatives(value: str) -> list[str]:
    """Split ``value`` at ``|`` outside ``{...}`` and ``(...)``."""
    return [a.strip() for a in split_outside_brackets(value, "|")]


def _alternatives(pattern: str, key: str, value: str) -> list[str]:
    """The values one ``key=value`` item of a pattern stands for."""
    out = []
    for alt in _split_alternatives(value):
        if not alt:
            raise GtablesError(f"pattern {pattern!r}: empty alternative in {key}={value}")
        m = _RANGE.match(alt)
        if m is None:
            out.append(alt)
            continue
        lo, hi = int(m.group(1)), int(m.group(2))
        step = int(m.group(3)) if m.group(3) is not None else 1
        if step < 1:
            raise GtablesError(f"pattern {pattern!r}: the step of {key}={alt} must be at least 1")
        if lo > hi:
            raise GtablesError(f"pattern {pattern!r}: empty range {key}={alt} (lo..hi needs "
                               f"lo <= hi)")
        if (hi - lo) // step + 1 > MAX_GRID:
            raise GtablesError(f"pattern {pattern!r}: {key}={alt} has more than {MAX_GRID:,} "
                               f"values")
        out.extend(str(v) for v in range(lo, hi + 1, step))
    return out


def expand(pattern: str) -> list[str]:
    """The canonical specs a grid pattern names, in order, without repeats.

    ``octal:code=0.07|0.77,size=100..300..100`` -> six specs (the cartesian product of the
    values, the last key varying fastest).  Each spec is validated and canonicalised through
    :func:`gtables.api.game`, so a bad value raises :class:`GtablesError`, and two spellings of
    one table (``0.07`` and ``.07``) count once.
    """
    family, pairs = split_spec(pattern)
    choices = [_alternatives(pattern, k, v) for k, v in pairs]
    n = 1
    for c in choices:
        n *= len(c)
    if n > MAX_GRID:
        raise GtablesError(f"pattern {pattern!r} names {n:,} specs (at most {MAX_GRID:,})")
    keys = [k for k, _ in pairs]
    out: dict[str, None] = {}
    for combo in itertools.product(*choices):
        spec = f"{family}:" + ",".join(f"{k}={v}" for k, v in zip(keys, combo))
        out.setdefault(api.game(spec).spec, None)
    return list(out)


# -- results ------------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class SweepRow:
    """What happened to one spec of a sweep.

    ``status`` is ``computed`` (by a task, now stored), ``stored`` (already in the store: not
    recomputed) or ``failed`` (``error`` says why; nothing stored).  ``seconds`` is the time the
    task spent on the worker (0 for stored tables); ``worker`` its address.  ``period`` and
    ``preperiod`` are set when a period was proved (``until_periodic``); ``computed_to`` is the
    number of leading heaps a sequence table computed (the rest follows from the period), None
    for other tables.  ``extra`` is the table's ``extra`` attribute.
    """
    spec: str
    status: str
    seconds: float = 0.0
    worker: str = ""
    max_value: int | None = None
    period: int | None = None
    preperiod: int | None = None
    computed_to: int | None = None
    error: str = ""
    extra: dict = dataclasses.field(default_factory=dict, hash=False, compare=False)


def _one_line(e: BaseException) -> str:
    msg = str(e).strip().splitlines()[0] if str(e).strip() else ""
    if isinstance(e, GtablesError):
        return msg or type(e).__name__
    return f"{type(e).__name__}: {msg}" if msg else type(e).__name__


def _row(spec: str, status: str, attrs: dict, seconds: float = 0.0, worker: str = "") -> SweepRow:
    extra = attrs.get("extra") or {}
    if isinstance(extra, str):
        extra = json.loads(extra)
    max_value = attrs.get("max_value")
    return SweepRow(spec=spec, status=status, seconds=seconds, worker=worker,
                    max_value=None if max_value is None else int(max_value),
                    period=extra.get("period"), preperiod=extra.get("preperiod"),
                    computed_to=extra.get("computed_to"), extra=dict(extra))


def stored_row(store: Store, spec: str, game=None) -> SweepRow:
    """The row a sweep reports for a table already in the store; refused, as every read of it
    is, when ``game`` (the game the spec names here) is a user's game whose stored table other
    rules computed (:func:`gtables.api.other_rules`)."""
    s = store.get(spec)
    said = api.other_rules(game, s.attrs) if game is not None and s.sealed else None
    if said is not None:
        raise api.other_rules_error(game, said, store.path)
    return _row(spec, "stored", s.attrs)


def _record(store: Store, spec: str, result=None, error: BaseException | None = None,
            prefix_source: str = "") -> SweepRow:
    """Turn one finished task into a row, publishing its table when the worker did not.

    ``result`` is what :func:`_compute_table` returned; ``error`` the exception the task raised
    or that fetching its result raised (a lost worker, say); then nothing is written.
    """
    if error is not None:
        return SweepRow(spec=spec, status="failed", error=_one_line(error))
    if "error" in result:
        return SweepRow(spec=spec, status="failed", seconds=result["seconds"],
                        worker=result["worker"], error=result["error"])
    attrs = dict(result["attrs"])
    if result.get("stored"):
        return _row(spec, "computed", attrs, seconds=result["seconds"], worker=result["worker"])
    values = result["values"]
    attrs = _with_source(attrs, prefix_source)
    try:
        api.store_table(store, api.game(spec), values, attrs, force=True)
    except GtablesError as e:
        return SweepRow(spec=spec, status="failed", seconds=result["seconds"],
                        worker=result["worker"], error=f"not stored: {_one_line(e)}")
    attrs["max_value"] = int(values.max()) if values.size else 0
    return _row(spec, "computed", attrs, seconds=result["seconds"], worker=result["worker"])


def _with_source(attrs: dict, prefix_source: str) -> dict:
    extra = attrs.get("extra")
    if isinstance(extra, dict) and extra.get("resumed_from") and prefix_source:
        # the task only saw an array: say where the client found it
        attrs = dict(attrs, extra=dict(extra, resumed_from_source=prefix_source))
    return attrs


# -- the task -----------------------------------------------------------------------------------

def _compute_table(spec: str, until_periodic: bool, algorithm: str, prefix,
                   prefix_seconds: float = 0.0, store_path: str | None = None,
                   store_id: str | None = None, prefix_source: str = "",
                   ignore_time: bool = False) -> dict:
    """One task, run on a worker: compute the table ``spec`` names; publish it into the store
    at ``store_path`` when that is the sweep's store (its id is ``store_id``) and return its
    attributes, else return its values and attributes (the client publishes them); with the
    seconds spent and the worker's address.  ``prefix`` (known leading values of a sequence
    table, read and re-derived by the client) lets it resume.

    A user error (:class:`GtablesError`, e.g. a table too big for the worker's memory) comes
    back as ``{"error": message}`` rather than as an exception, so that the worker does not log
    it as a crash; any other exception is a bug and is raised (Dask logs its traceback)."""
    t0 = time.perf_counter()
    try:
        from distributed import get_worker
        worker = get_worker().address
    except (ImportError, ValueError):
        worker = ""
    out = {"worker": worker}
    try:
        g = api.game(spec)
        if g.is_sequence:
            out["values"], out["attrs"] = api.compute_values(
                spec, until_periodic=until_periodic, algorithm=algorithm, prefix=prefix,
                prefix_seconds=prefix_seconds, ignore_time=ignore_time)
        else:
            out["values"], out["attrs"] = api.compute_values(spec, ignore_time=ignore_time)
        st = _same_store(store_path, store_id)
        if st is not None:
            attrs = _with_source(out["attrs"], prefix_source)
            api.store_table(st, g, out.pop("values"), attrs, force=True)
            out["attrs"], out["stored"] = st.get(g.spec).attrs, True
    except GtablesError as e:
        out.pop("values", None)
        out["error"] = _one_line(e)
    out["seconds"] = time.perf_counter() - t0
    return out


def _same_store(path: str | None, store_id: str | None) -> Store | None:
    """The sweep's store as this worker sees it, or None when it cannot see that very store
    (another machine, another file system, a store of the same name that is not it)."""
    if not path or not store_id:
        return None
    try:
        st = Store(path)
    except GtablesError:
        return None
    return st if st.id == store_id else None


# -- the sweep ----------------------------------------------------------------------------------

class _Counter:
    """The sweep's progress on stderr: done/total, failed, elapsed.  Same rule as
    :class:`~gtables.engine.progress.Progress`: ``enabled=None`` gives a one-line counter redrawn
    with ``\\r`` on a terminal and otherwise a plain line every ``interval`` seconds (30, or
    ``$GTABLES_LOG_SECONDS``; the first once ``interval`` has passed), written by a daemon thread
    so that a log shows the sweep is alive while one long task runs; ``True`` forces the
    counter, ``False`` prints nothing."""

    def __init__(self, total: int, enabled: bool | None = None, *, interval: float | None = None):
        self.total = total
        self.mode = output_mode(enabled)
        self.enabled = self.mode is not None
        self.interval = log_seconds() if interval is None else interval
        self.t0 = time.perf_counter()
        self.done = self.failed = 0
        self.shown = False
        self._stop = threading.Event()
        self._ticker = None
        if self.mode == "log":
            self._ticker = threading.Thread(target=self._tick, name="gtables-sweep-log",
                                            daemon=True)
            self._ticker.start()

    def _tick(self) -> None:
        while not self._stop.wait(self.interval):
            el = time.perf_counter() - self.t0
            sys.stderr.write(f"gtables: sweep  {self.done}/{self.total} done, {self.failed} "
                             f"failed  elapsed {clock_text(el)}\n")
            sys.stderr.flush()

    def update(self, done: int, failed: int) -> None:
        self.done, self.failed = done, failed
        if self.mode != "bar":
            return
        el = time.perf_counter() - self.t0
        sys.stderr.write(f"\rsweep: {done}/{self.total} done, {failed} failed, "
                         f"{int(el) // 60:d}:{el % 60:04.1f} elapsed ")
        sys.stderr.flush()
        self.shown = True

    def close(self) -> None:
        if self._ticker is not None:
            self._stop.set()
            self._ticker.join()
            self._ticker = None
        if self.shown:
            sys.stderr.write("\n")
            sys.stderr.flush()


def _validate(specs, until_periodic: bool):
    games = {}
    for s in specs:
        g = api.game(s)
        if until_periodic and g.is_sequence:     # other tables ignore --until-periodic
            require_period_theorem(g)
        games.setdefault(g.spec, g)
    return games


@contextlib.contextmanager
def _interrupts_ignored():
    """Ignore SIGINT while the local cluster starts (main thread only; other threads cannot set
    signal handlers).  Worker processes spawned meanwhile inherit the ignored SIGINT: a terminal's
    Ctrl-C reaches the whole process group, and it is the client's to handle (stop writing,
    close the cluster); workers that caught it too would only die with tracebacks of their own.
    It also keeps a Ctrl-C from leaving a half-started cluster; one pressed during these
    seconds is lost."""
    if threading.current_thread() is not threading.main_thread() or \
            signal.getsignal(signal.SIGINT) is None:
        yield
        return
    old = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)


SCHEDULER_PROBE_SECONDS = 3.0     # connect timeout of the check that a scheduler listens


def check_scheduler(scheduler: str) -> None:
    """Refuse a malformed scheduler address (a Client given one hangs a minute in its cleanup)
    and one where nothing accepts a connection within :data:`SCHEDULER_PROBE_SECONDS`; before a
    store is touched or anything starts."""
    from distributed.comm.addressing import parse_address, parse_host_port
    from distributed.comm.registry import backends
    try:
        scheme, location = parse_address(scheduler)
        if scheme not in backends:
            raise ValueError(f"unknown scheme {scheme!r}")
        if scheme != "inproc":
            parse_host_port(location)
    except ValueError as e:
        raise GtablesError(f"bad scheduler address {scheduler!r} ({e}); expected "
                           f"tcp://host:port") from None
    if scheme == "inproc":
        return
    # a Client given a dead address retries for half a minute (distributed's connect timeout),
    # and one given something that is no scheduler may read garbage as a frame length: a plain
    # connection, then (tcp) a scheduler's own identity reply, each within a few seconds
    host, port = parse_host_port(location)
    try:
        socket.create_connection((host, port), timeout=SCHEDULER_PROBE_SECONDS).close()
    except OSError as e:
        why = "timed out" if isinstance(e, TimeoutError) else (e.strerror or type(e).__name__)
        raise GtablesError(f"cannot connect to the Dask scheduler at {scheduler}: {why} "
                           f"(is it running?)") from None
    if scheme != "tcp":          # tls and others need the cluster's security settings
        return
    import asyncio
    import concurrent.futures

    from distributed.comm import connect

    async def identity():
        comm = await connect(scheduler, timeout=SCHEDULER_PROBE_SECONDS)
        try:
            await comm.write({"op": "identity", "reply": True})
            return await comm.read()
        finally:
            comm.abort()

    def ask():
        return asyncio.run(asyncio.wait_for(identity(), SCHEDULER_PROBE_SECONDS))

    try:       # in a thread of its own: the caller may be inside a running event loop
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            reply = pool.submit(ask).result()
        ok = isinstance(reply, dict) and reply.get("type") == "Scheduler"
        why = f"it answers as {str(reply)[:60]!r}" if not ok else ""
    except (TimeoutError, asyncio.TimeoutError):
        ok, why = False, f"no answer within {SCHEDULER_PROBE_SECONDS:g} s"
    except MemoryError:          # a reply read as a frame of absurd length
        ok, why = False, "what answers does not speak Dask's protocol"
    except Exception as e:       # noqa: BLE001 (whatever else a wrong peer makes the comm raise)
        ok, why = False, _one_line(e)
    if not ok:
        raise GtablesError(f"no Dask scheduler answers at {scheduler}: {why}")


def _start(scheduler, workers: int, threads_per_worker: int):
    """A client (and the LocalCluster it drives, or None when the scheduler is given)."""
    from distributed import Client, LocalCluster
    if scheduler:
        check_scheduler(scheduler)
        try:
            return Client(scheduler, set_as_default=False), None
        except (OSError, ValueError) as e:
            raise GtablesError(f"cannot connect to the Dask scheduler at {scheduler}: "
                               f"{_one_line(e)}") from None
    # each worker gets its share of the cores for numba's parallel kernels, so that
    # workers x numba threads does not oversubscribe the machine
    numba_threads = max(1, (os.cpu_count() or 1) // workers)
    # no dashboard; the scheduler's small HTTP server (health checks) still starts: on a free
    # loopback port, not on 8787, which a second cluster would find taken (and warn about)
    # Dask's own log lines (a worker that died: a tornado traceback from the cluster's state
    # correction, seen once in 4 worker kills under load) are not the user's: a failure reaches
    # the user as the one-line error its exception becomes, never as a logged traceback
    with _interrupts_ignored():
        try:
            cluster = LocalCluster(n_workers=workers, threads_per_worker=threads_per_worker,
                                   processes=True, host="127.0.0.1", dashboard_address=None,
                                   silence_logs=logging.CRITICAL,
                                   scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
                                   env={"NUMBA_NUM_THREADS": str(numba_threads)})
        except (OSError, RuntimeError, TimeoutError) as e:
            # a worker process that died (killed, out of memory) as the cluster started: the
            # cluster raises from its constructor ("Nanny failed to start.")
            raise GtablesError(f"the local Dask cluster of {workers} worker(s) did not start: "
                               f"a worker process died as it started ({_one_line(e)}); "
                               f"nothing was computed, run the sweep again") from None
        try:
            client = Client(cluster, set_as_default=False)
        except BaseException:
            cluster.close()
            raise
    return client, cluster


@contextlib.contextmanager
def shared_cluster(scheduler: str | None, workers: int = 2, threads_per_worker: int = 1):
    """The scheduler address for several sweeps in a row (a catalogue's passes): ``scheduler``
    itself when given, else a local cluster started once for all of them, as :func:`run_sweep`
    would start one per sweep, and closed at the end."""
    if scheduler:
        yield scheduler
        return
    if workers < 1 or threads_per_worker < 1:
        raise GtablesError("--workers and --threads-per-worker must be at least 1")
    client, cluster = _start(None, workers, threads_per_worker)
    client.close()
    try:
        yield cluster.scheduler_address
    finally:
        cluster.close()


def _collect(client, pending: dict, store: Store, rows: dict, counter: _Counter) -> None:
    """Record each task's table as it finishes (publishing it when its worker did not).  ``pending``
    maps a future's key to ``(future, spec, prefix source)``; entries leave it as they are
    recorded, so what is left after an interrupt is what never finished."""
    from distributed import as_completed
    done = failed = 0
    counter.update(done, failed)
    for fut in as_completed([f for f, _, _ in pending.values()], loop=client.loop):
        _, spec, source = pending[fut.key]
        try:
            result, error = fut.result(), None
        except Exception as e:  # the task raised on the worker, or its worker was lost
            result, error = None, e
        rows[spec] = _record(store, spec, result, error, prefix_source=source)
        del pending[fut.key]
        fut.release()  # the values are stored: let the cluster forget them
        done += 1
        failed += rows[spec].status == "failed"
        counter.update(done, failed)


def run_sweep(specs, store, *, scheduler: str | None = None, workers: int = 2,
              threads_per_worker: int = 1, until_periodic: bool = False, algorithm: str = "auto",
              progress: bool | None = None, echo=print,
              ignore_time: bool = False) -> list[SweepRow]:
    """Compute every table in ``specs`` on Dask and store it; one :class:`SweepRow` per
    (canonical, distinct) spec, in the order given.

    Every spec is validated before any cluster starts, and so is every request a task would
    refuse at once: an algorithm the game cannot take (``sparse`` for splits into three heaps),
    a run its kernel's cost model puts past the time limit (unless ``ignore_time``; a stored
    prefix counts as done; :func:`gtables.engine.cost.check_time`).  Tables already in ``store`` (a
    :class:`~gtables.store.Store` or a path) are not recomputed.  The rest run as one task each on
    a new ``LocalCluster`` of ``workers`` processes, or on the scheduler at ``scheduler``
    (``tcp://host:port``; its workers need gtables installed).  Sequence tables (octal games)
    resume from the longest prefix the store holds and take ``until_periodic`` and
    ``algorithm``; other tables ignore both.  A task that raises gives a ``failed`` row and the
    others go on.  ``progress``: ``None`` (default) = a one-line counter on stderr when it is a
    terminal, else a plain line every 30 s (``$GTABLES_LOG_SECONDS``); ``True`` forces the
    counter, ``False`` prints nothing.
    """
    if algorithm not in ALGORITHMS:
        raise GtablesError(f"unknown algorithm {algorithm!r} (one of {', '.join(ALGORITHMS)})")
    if workers < 1 or threads_per_worker < 1:
        raise GtablesError("--workers and --threads-per-worker must be at least 1")
    if scheduler:
        check_scheduler(scheduler)
    store = store if isinstance(store, Store) else Store(store)
    games = _validate(specs, until_periodic)
    rows: dict[str, SweepRow] = {}
    todo = []
    for spec, g in games.items():
        if spec in store:
            try:
                rows[spec] = stored_row(store, spec, g)
            except GtablesError as e:     # damaged (or other rules'): reported, not recomputed
                rows[spec] = SweepRow(spec=spec, status="failed", error=_one_line(e))
        else:
            todo.append(g)
    listing = None
    for g in todo:      # what a task would refuse at once is refused here, before any cluster
        alg, until = (algorithm, until_periodic) if g.is_sequence else ("auto", False)
        try:
            check_time(g, algorithm=alg, until_periodic=until, ignore_time=ignore_time)
        except GtablesError:
            if not g.is_sequence or not store.exists():
                raise
            if listing is None:         # read once, and only when a prefix could matter
                listing = store.list()
            start = max((n for n, _ in api.prefix_candidates(store, g, listing)), default=0)
            if not start:
                raise
            check_time(g, algorithm=alg, until_periodic=until, start=start,
                       ignore_time=ignore_time)
    if todo:
        store.check_writable()    # before any cluster starts or any task runs
    if rows:
        echo(f"{len(rows)} of {len(games)} table(s) already stored in {store.path}: not recomputed")
    if not todo:
        return [rows[s] for s in games]

    client, cluster = _start(scheduler, workers, threads_per_worker)
    where = scheduler if cluster is None else f"a local cluster of {workers} worker process(es)"
    echo(f"computing {len(todo)} table(s) on {where} (scheduler {client.scheduler.address})")
    counter = _Counter(len(todo), progress)
    pending = {}
    # one listing for every prefix below (a store of thousands of tables was read once per spec)
    if listing is None:
        listing = store.list() if any(g.is_sequence for g in todo) else []
    try:
        for g in todo:
            prefix, source, seconds = None, "", 0.0
            if g.is_sequence:
                found = api.find_prefix(store, g, g.space.size, rows=listing)
                if found is not None:      # the time of the values taken, not of a longer table
                    prefix, source, seconds = (found.values, found.source,
                                               api.prefix_seconds_of(found))
                if prefix is not None and prefix.nbytes > SCATTER_BYTES:
                    # a big array goes to the cluster once, not inside the task's message
                    prefix = client.scatter(prefix, hash=False)
            seq = g.is_sequence
            fut = client.submit(_compute_table, g.spec, until_periodic and seq,
                                algorithm if seq else "auto", prefix, seconds, store.root,
                                store.id, source, ignore_time, pure=False)
            pending[fut.key] = (fut, g.spec, source)
        _collect(client, pending, store, rows, counter)
    finally:
        counter.close()
        if pending:  # interrupted: do not leave our tasks running on a shared cluster
            try:
                client.cancel([f for f, _, _ in pending.values()])
            except Exception:
                pass
        client.close()
        if cluster is not None:
            cluster.close()
    return [rows[s] for s in games]


# -- printing -----------------------------------------------------------------------------------

def summary_table(rows, wall_seconds: float | None = None) -> str:
    """A plain-text table of a sweep's rows and a totals line."""
    head = ("spec", "status", "seconds", "max", "period/pre", "computed_to")
    body = []
    for r in rows:
        body.append((r.spec, r.status,
                     "-" if r.status == "stored" or (r.status == "failed" and not r.seconds)
                     else f"{r.seconds:.3f}",
                     "-" if r.max_value is None else str(r.max_value),
                     "-" if r.period is None else f"{r.period}/{r.preperiod}",
                     "-" if r.computed_to is None else f"{r.computed_to:,}"))
    widths = [max([len(head[i])] + [len(b[i]) for b in body]) for i in range(len(head))]
    right = (False, False, True, True, True, True)

    def fmt(cells):
        return "  ".join(c.rjust(w) if r else c.ljust(w)
                         for c, w, r in zip(cells, widths, right)).rstrip()

    lines = [fmt(head), fmt(tuple("-" * w for w in widths))]
    for r, b in zip(rows, body):
        lines.append(fmt(b))
        if r.error:
            lines.append(f"    error: {r.error}")
    n = {s: sum(r.status == s for r in rows) for s in ("computed", "stored", "failed")}
    total = sum(r.seconds for r in rows)
    tail = f"; wall {wall_seconds:.1f} s" if wall_seconds is not None else ""
    lines.append(f"{n['computed']} computed and stored, {n['stored']} already stored, "
                 f"{n['failed']} failed; "
                 f"compute {total:.1f} s in tasks{tail}")
    return "\n".join(lines)
