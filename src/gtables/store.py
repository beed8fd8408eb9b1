"""The HDF5 store: one file holds many tables.  The only module that imports h5py.

Layout (schema ``gtables.store``; table schema version 2, version 1 still read)::

    /                       attrs: schema, schema_version
    /tables/<key>           one chunked, gzip-compressed 1-D dataset per table, key = sha1(spec)
    /partial/<key>          checkpoint of a running sequence table (key = sha1(sequence key))

Every table's attributes: ``schema``, ``schema_version``, ``spec`` (canonical), ``family``,
``params`` (JSON), ``kind``, ``encoding``, ``index_scheme``, ``index`` (JSON: how positions map to
indices), ``shape`` (JSON: logical shape; the data is stored flat in index order), ``dtype``,
``max_value``, ``versions`` (JSON: gtables, numba, numpy, h5py and ``source``, a hash of the
gtables sources that computed it), ``created`` (UTC ISO time), ``compute_seconds`` (all the work,
resumed segments included), ``checksum`` (``sha256:`` of the raw data bytes), ``complete`` (1),
free-form ``extra`` (JSON), and ``meta_checksum`` (``sha256:`` of all the other attributes).

**Nothing that reads as complete is wrong.**  Every chunk carries HDF5's ``fletcher32`` checksum,
so even a lazy read of one position fails on a damaged chunk instead of answering; a full load,
and every reuse of a table or checkpoint as the prefix of a longer run, also checks the whole-table
SHA-256; the attributes are covered by ``meta_checksum``.  A table that fails is refused with a
:class:`GtablesError` that names it and the command that repairs it (``gtables compute SPEC
--force``).  Version-1 tables (no chunk checksums) are verified in full before their first read.

**Writes are transactions.**  A write opens the file through a journaling file object
(:class:`gtables.transaction.Journal`): bytes HDF5 writes past the old end of the file go
straight to disk (new chunks), bytes it would overwrite are kept in memory, and at commit they are
first saved to a journal file (``<store>.journal``, checksummed, fsynced, renamed into place)
and only then written over the old bytes.  A process killed at any point therefore leaves
either the old file (the journal was incomplete: it is discarded, the unreachable tail truncated)
or the new one (the journal is replayed by the next process that opens the store).  No HDF5
feature is needed for this, and it holds whatever ``HDF5_USE_FILE_LOCKING`` says.

**Concurrency.**  Every operation takes an advisory lock on ``<store>.lock`` (``flock``): shared
for reads, exclusive for writes, each held only for the operation (never during a computation).
A busy store is retried until ``$GTABLES_LOCK_TIMEOUT`` seconds (default 120) have passed, then
refused with "store busy: held by process N ...".  A writer also takes the lock HDF5 itself uses
on the store file, so a program holding the file open through plain h5py makes gtables wait
rather than write under it.
"""
from __future__ import annotations

import builtins
import contextlib
import dataclasses
import datetime
import errno
import fcntl
import hashlib
import json
import os
import tempfile
import time
from typing import Any

import numpy as np

from .errors import GtablesError, warn
from .transaction import Journal, flock, fsync_dir, hdf5_eoa, lock_timeout, recover

SCHEMA = "gtables.store"
TABLE_SCHEMA = "gtables.table"
CHECKPOINT_SCHEMA = "gtables.checkpoint"
SCHEMA_VERSION = 2
READABLE_VERSIONS = (1, 2)
DEFAULT_STORE = os.path.join("results", "tables.h5")
CHUNK = 1 << 20  # elements per chunk


def default_path() -> str:
    return os.environ.get("GTABLES_STORE") or DEFAULT_STORE


def table_key(spec: str) -> str:
    return hashlib.sha1(spec.encode()).hexdigest()[:24]


def _sha256(values: np.ndarray, h=None):
    """``h`` (a new SHA-256 by default) updated with the raw bytes of ``values``."""
    h = hashlib.sha256() if h is None else h
    flat = np.ascontiguousarray(values).reshape(-1)
    step = 1 << 26
    for i in range(0, flat.size, step):
        h.update(flat[i:i + step].tobytes())
    return h


def checksum(values: np.ndarray) -> str:
    return "sha256:" + _sha256(values).hexdigest()


def repair_hint(spec: str, path: str) -> str:
    store = "" if os.path.abspath(path) == os.path.abspath(default_path()) else f" --store {path}"
    return f"gtables compute {spec} --force{store}"


def _h5py():
    import h5py
    return h5py


NOTEBOOK_INSTALL = 'pip install "gtables[notebook]"'


def notebook_module(name: str, what: str):
    """The optional module ``name`` (pandas, xarray) that ``what`` needs, or a one-line
    :class:`GtablesError` that says how to install it."""
    import importlib
    try:
        return importlib.import_module(name)
    except ImportError as e:
        raise GtablesError(f"{what} needs {name}, which is not installed ({_one_line(e)}): "
                           f"{NOTEBOOK_INSTALL}") from None


def _decode(v):
    if isinstance(v, bytes):
        return v.decode()
    if isinstance(v, np.generic):
        return v.item()
    return v


def _spec_of(obj, key: str | None = None) -> str | None:
    """The ``spec`` attribute alone, when the others cannot be read (None if it cannot be
    either, or does not name the entry)."""
    try:
        ds = obj[key] if key is not None else obj
        spec = str(_decode(ds.attrs["spec"]))
        name = key if key is not None else ds.name.rsplit("/", 1)[-1]
        return spec if table_key(spec) == name else None
    except Exception:            # noqa: BLE001 - damaged in some other way: no name to give
        return None


def _attrs_of(obj) -> dict:
    return {k: _decode(v) for k, v in obj.attrs.items()}


def meta_checksum(attrs: dict) -> str:
    """SHA-256 of every attribute but ``meta_checksum`` itself, as read back from HDF5."""
    body = {k: v for k, v in attrs.items() if k != "meta_checksum"}
    return "sha256:" + hashlib.sha256(
        json.dumps(body, sort_keys=True, default=str).encode()).hexdigest()


def _set_attrs(ds, attrs: dict) -> None:
    for k, v in attrs.items():
        ds.attrs[k] = json.dumps(v) if isinstance(v, (dict, list, tuple)) else v
    ds.attrs["meta_checksum"] = meta_checksum(_attrs_of(ds))


def _one_line(e: BaseException) -> str:
    """An exception as one line (HDF5's messages may span several)."""
    s = " ".join(line.strip() for line in str(e).splitlines() if line.strip())
    return s or type(e).__name__


# -- tables -------------------------------------------------------------------------------------

class StoredTable:
    """A handle on one stored table: metadata in ``attrs`` (verified), data read on demand.

    Every read checks each chunk it touches against the table's own per-chunk SHA-256 digests
    (``/digests/<key>``, themselves covered by the attribute checksum), so even a lazy lookup of
    one position never answers from damaged data, whether the damage came from the disk (also
    caught by HDF5's fletcher32) or from a program that rewrote values through h5py."""

    def __init__(self, store: Store, key: str, spec: str | None = None):
        self.store = store
        self.key = key
        self._verified = False
        with store._reading() as f:
            self._load_meta(f, spec)

    def _load_meta(self, f, spec=None) -> None:
        tables = f.get("tables")
        if tables is None or self.key not in tables:
            raise GtablesError(f"table {spec} is no longer in the store {self.store.path}")
        ds = tables[self.key]
        try:
            self.attrs = _attrs_of(ds)
            self.length = ds.shape[0] if ds.ndim == 1 else -1
        except (OSError, RuntimeError, ValueError, KeyError, TypeError) as e:
            # a damaged attribute or datatype message: h5py raises all sorts
            shown = spec or _spec_of(ds) or self.key
            raise GtablesError(f"table {shown} in {self.store.path} is damaged (its attributes are "
                               f"unreadable: {_one_line(e)}); repair it with: "
                               f"{repair_hint(shown, self.store.path)}") from None
        problem = table_problem(ds, self.attrs, self.key, spec, self.store.path)
        self._digests = None
        self._chunk = CHUNK
        if problem is None and int(self.attrs.get("schema_version", 1)) >= 2:
            try:
                d = f["digests"][self.key][:]
                if checksum(d) != self.attrs.get("chunk_digests"):
                    problem = "its chunk digests fail their checksum"
                self._digests = d
                self._chunk = int(self.attrs["chunk_elems"])
                if d.shape != (-(-self.length // self._chunk), 32):
                    problem = "its chunk digests do not match its length"
            except (OSError, RuntimeError, ValueError, KeyError, TypeError) as e:
                problem = f"its chunk digests are unreadable: {_one_line(e)}"
            if problem is not None:
                problem = self._problem(problem)
        if problem is not None:
            raise GtablesError(problem)

    @property
    def spec(self) -> str:
        return self.attrs["spec"]

    def _problem(self, why: str) -> str:
        return (f"table {self.spec} in {self.store.path} is damaged ({why}); repair it with: "
                f"{repair_hint(self.spec, self.store.path)}")

    def _dataset(self, f):
        tables = f.get("tables")
        if tables is None or self.key not in tables:
            raise GtablesError(f"table {self.spec} is no longer in the store {self.store.path}")
        ds = tables[self.key]
        if _decode(ds.attrs.get("checksum")) != self.attrs.get("checksum"):
            # replaced by another process since this handle was made: take the new one
            self._load_meta(f, self.spec)
            self._verified = False
        return ds

    def read(self, sel=slice(None)) -> np.ndarray:
        """Values at a slice or at an int64 array of indices (any order, repeats allowed).
        Every chunk touched is verified; a damaged one raises :class:`GtablesError`."""
        if self._digests is None and not self._verified:
            self.load()                   # a version-1 table: verify it whole before answering
        with self.store._reading() as f:
            ds = self._dataset(f)
            try:
                return self._read(ds, sel)
            except GtablesError:
                raise
            except (OSError, RuntimeError, ValueError, KeyError) as e:
                raise GtablesError(self._problem(f"read failed: {_one_line(e)}")) from None

    def _block(self, ds, c: int) -> np.ndarray:
        lo = c * self._chunk
        block = ds[lo:min(lo + self._chunk, self.length)]
        if self._digests is not None and \
                hashlib.sha256(block.tobytes()).digest() != self._digests[c].tobytes():
            raise GtablesError(self._problem(f"chunk {c} fails its checksum"))
        return block

    def _read(self, ds, sel):
        n = self.length
        if isinstance(sel, slice):
            lo, hi, step = sel.indices(n)
            if step != 1 or hi <= lo:
                return self._read(ds, np.arange(lo, hi, step, dtype=np.int64))
            c0, c1 = lo // self._chunk, (hi - 1) // self._chunk
            blocks = np.concatenate([self._block(ds, c) for c in range(c0, c1 + 1)])
            return blocks[lo - c0 * self._chunk:hi - c0 * self._chunk]
        idx = np.asarray(sel, dtype=np.int64)
        if idx.size == 0:
            return np.zeros(0, dtype=ds.dtype)
        if idx.min() < 0 or idx.max() >= n:
            raise GtablesError(f"index {int(idx.max())} outside the table (0..{n - 1})")
        chunk_of = idx // self._chunk
        out = np.empty(idx.size, dtype=ds.dtype)
        for c in np.unique(chunk_of):
            sel_c = chunk_of == c
            out[sel_c] = self._block(ds, int(c))[idx[sel_c] - c * self._chunk]
        return out

    def load(self, verify: bool = True) -> np.ndarray:
        """The whole table, checked against its SHA-256."""
        with self.store._reading() as f:
            ds = self._dataset(f)
            try:
                values = ds[:]
            except (OSError, RuntimeError, ValueError) as e:
                raise GtablesError(self._problem(f"read failed: {_one_line(e)}")) from None
        if verify and checksum(values) != self.attrs.get("checksum"):
            raise GtablesError(self._problem("fails its checksum"))
        self._verified = True
        return values


def chunk_digests(values: np.ndarray, chunk: int) -> np.ndarray:
    """SHA-256 of each run of ``chunk`` values: an ``(ceil(n / chunk), 32)`` uint8 array."""
    flat = np.ascontiguousarray(values).reshape(-1)
    n = -(-flat.size // chunk)
    out = np.zeros((n, 32), dtype=np.uint8)
    for c in range(n):
        out[c] = np.frombuffer(hashlib.sha256(flat[c * chunk:(c + 1) * chunk].tobytes()).digest(),
                               dtype=np.uint8)
    return out


def _put_table(f, name: str, values: np.ndarray, attrs: dict):
    """Create the dataset ``/tables/<name>`` and its digests ``/digests/<name>``, attributes
    sealed by ``meta_checksum``; returns the dataset."""
    digests = chunk_digests(values, CHUNK)
    dg = f.require_group("digests")
    if name in dg:
        del dg[name]
    dg.create_dataset(name, data=digests, fletcher32=True, chunks=digests.shape if digests.size
                      else None)
    ds = _create_dataset(f["tables"], name, values)
    full = dict(attrs, chunk_elems=CHUNK, chunk_digests=checksum(digests))
    full.pop("meta_checksum", None)
    _set_attrs(ds, full)
    return ds


def table_problem(ds, attrs: dict, key: str, spec: str | None, path: str) -> str | None:
    """Why the entry ``ds`` (attributes ``attrs``) is not a sound table, or None.  Checks the
    schema, the attribute checksum, the chunk checksums' presence, and that name, spec, dtype
    and length agree; the data itself is checked as it is read."""
    shown = spec or attrs.get("spec", key)
    check_schema(attrs, path)
    bad = None
    if int(attrs.get("schema_version", 1)) >= 2:
        if attrs.get("meta_checksum") != meta_checksum(attrs):
            bad = "its attributes fail their checksum"
        elif not ds.fletcher32 or "chunk_digests" not in attrs:
            bad = "its chunks carry no checksum"
    if bad is None and (attrs.get("spec") is None or table_key(str(attrs["spec"])) != key):
        bad = "its spec attribute does not match its name"
    if bad is None and spec is not None and attrs.get("spec") != spec:
        bad = "it is stored under another spec"
    if bad is None and (ds.ndim != 1 or str(ds.dtype) != attrs.get("dtype")):
        bad = "its data type or shape does not match its attributes"
    if bad is None:
        try:
            shape = json.loads(attrs.get("shape", "null"))
            if shape is not None and int(np.prod(shape, dtype=object)) != ds.shape[0]:
                bad = "its length does not match its shape attribute"
        except (ValueError, TypeError):
            bad = "its shape attribute is unreadable"
    if bad is None:
        return None
    return f"table {shown} in {path} is damaged ({bad}); repair it with: {repair_hint(shown, path)}"


def check_schema(attrs: dict, path: str) -> None:
    if attrs.get("schema") != TABLE_SCHEMA:
        raise GtablesError(f"{path}: an entry is not a gtables table (schema {attrs.get('schema')!r})")
    try:
        v = int(attrs.get("schema_version", -1))
    except (TypeError, ValueError):
        v = -1
    if v > SCHEMA_VERSION:
        raise GtablesError(f"{path}: table schema version {v} is newer than this gtables reads "
                           f"({SCHEMA_VERSION}); upgrade gtables")
    if v not in READABLE_VERSIONS:
        raise GtablesError(f"{path}: table schema version {v} is not readable; recompute the table")


class AlreadyStored(GtablesError):
    """:meth:`Store.write` without ``force`` of a table the store holds."""


@dataclasses.dataclass
class Prefix:
    """Verified leading values of a sequence, where they came from, and the compute time they
    cost (``covers``: how many values that time paid for)."""
    values: np.ndarray
    source: str
    seconds: float
    covers: int


# -- the store ----------------------------------------------------------------------------------

class Store:
    """An HDF5 file of tables.  Opening is lazy: the file is opened per operation."""

    def __init__(self, path: str | None = None):
        self.path = os.fspath(path or default_path())
        long = [c for c in self.path.split(os.sep) if len(c.encode()) > 255]
        if long:
            raise GtablesError(f"store path {self.path[:60]}...: a name in it is longer than 255 "
                               f"bytes, which no file system takes")
        if os.path.exists(self.path):
            if os.path.isdir(self.path):
                raise GtablesError(f"store path {self.path} is a directory, not an HDF5 file")
            if os.path.getsize(self.path) and not self._is_hdf5():
                raise GtablesError(f"store path {self.path} exists but is not an HDF5 file")
        else:
            parent = os.path.dirname(os.path.abspath(self.path))
            while parent and not os.path.exists(parent):
                parent = os.path.dirname(parent)
            if parent and not os.path.isdir(parent):
                raise GtablesError(f"store path {self.path}: {parent} is a file, not a directory")

    def __repr__(self):
        return f"<Store {self.path}>"

    @property
    def lock_path(self) -> str:
        return self.path + ".lock"

    def _is_hdf5(self) -> bool:
        try:
            with open(self.path, "rb") as f:
                return f.read(8) == b"\x89HDF\r\n\x1a\n"
        except OSError:
            return False

    def exists(self) -> bool:
        return os.path.exists(self.path) and os.path.getsize(self.path) > 0

    # -- opening ------------------------------------------------------------------------------
    @contextlib.contextmanager
    def _reading(self):
        """The open file, read-only, under the shared lock (finishing a killed writer's journal
        first)."""
        if not self.exists():
            raise GtablesError(f"no store at {self.path} (compute a table first, or pass --store)")
        journal = self.path + ".journal"
        for _ in range(3):
            if os.path.exists(journal):     # a writer was killed after saving its journal
                with flock(self.lock_path, True, f"read the store {self.path}"):
                    self._recover()
            with flock(self.lock_path, False, f"read the store {self.path}"):
                if os.path.exists(journal):   # killed between our look and our lock: again
                    continue
                f = self._open_native()
                try:
                    yield f
                except (OSError, RuntimeError, KeyError) as e:
                    # damaged HDF5 structures surface as these from h5py
                    raise GtablesError(f"cannot read the store {self.path}: it is damaged "
                                       f"({_one_line(e)}); run gtables check") from None
                finally:
                    f.close()
                return
        raise GtablesError(f"the store {self.path} has an unfinished write that keeps coming back; "
                           f"run gtables check")

    def _recover(self) -> None:
        try:
            recover(self.path)
        except OSError as e:
            raise GtablesError(f"the store {self.path} has an unfinished write that cannot be "
                               f"completed ({e.strerror}); run any gtables command that writes "
                               f"it, with write access") from None

    def _open_native(self):
        h5py = _h5py()
        deadline = time.monotonic() + lock_timeout()
        while True:
            try:
                f = h5py.File(self.path, "r")
                break
            except OSError as e:
                msg = _one_line(e)
                locked = "unable to lock file" in msg.lower()
                if locked and time.monotonic() < deadline:
                    time.sleep(0.2)       # another program writes it through plain h5py
                    continue
                if locked:
                    raise GtablesError(f"store busy: another program has {self.path} open for "
                                       f"writing ({msg})") from None
                raise GtablesError(f"cannot read the store {self.path}: it is damaged or not a "
                                   f"complete HDF5 file ({msg})") from None
        schema = _decode(f.attrs.get("schema")) if "schema" in f.attrs else None
        if schema not in (None, SCHEMA):
            f.close()
            raise GtablesError(f"{self.path} is an HDF5 file but not a gtables store")
        return f

    @contextlib.contextmanager
    def _write_lock(self, doing: str):
        """The exclusive lock, with the store's folder made and a killed writer's journal
        finished first."""
        parent = os.path.dirname(os.path.abspath(self.path))
        try:
            os.makedirs(parent, exist_ok=True)
        except OSError as e:
            raise GtablesError(f"cannot {doing}: cannot create {parent} ({e.strerror})") from None
        with flock(self.lock_path, True, doing):
            self._recover()
            yield

    @contextlib.contextmanager
    def _writing(self, what: str = "write"):
        """The open file for a write transaction (see the module docstring): under the exclusive
        lock, through the journal; committed when the block ends without an exception."""
        h5py = _h5py()
        doing = f"{what} the store {self.path}"
        with self._write_lock(doing):
            if not self.exists():
                self._create()
            eoa = hdf5_eoa(self.path)
            try:
                raw = open(self.path, "r+b")
            except OSError as e:
                raise GtablesError(f"cannot {doing}: {e.strerror}") from None
            try:
                self._hdf5_lock(raw, doing)
                size = os.fstat(raw.fileno()).st_size
                if eoa is not None and eoa < size:
                    raw.truncate(eoa)     # the unreachable tail of a killed write
                    size = eoa
                j = Journal(raw, size)
                try:
                    f = h5py.File(j, "r+")
                except OSError as e:
                    raise GtablesError(f"cannot {doing}: it is damaged or not a complete HDF5 "
                                       f"file ({_one_line(e)})") from None
                try:
                    self._check_ours(f)
                    yield f
                    f.close()
                    j.commit(self.path)
                except BaseException:
                    j.abort()                 # first: whatever the close below flushes is lost
                    with contextlib.suppress(Exception):
                        f.close()
                    raise
            except (OSError, RuntimeError, KeyError) as e:
                raise GtablesError(f"cannot {doing}: "
                                   f"{getattr(e, 'strerror', None) or _one_line(e)}") from None
            finally:
                raw.close()

    def _hdf5_lock(self, raw, doing: str) -> None:
        """Take the lock HDF5 takes on the file itself, so that a plain h5py handle (a notebook)
        makes us wait instead of writing under it."""
        deadline = time.monotonic() + lock_timeout()
        while True:
            try:
                fcntl.flock(raw.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                return
            except OSError as e:
                if e.errno not in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK):
                    return                # no flock on this file system: our own lock suffices
            if time.monotonic() >= deadline:
                raise GtablesError(f"store busy: another program has {self.path} open (an h5py "
                                   f"handle in a notebook?); cannot {doing} after waiting "
                                   f"{lock_timeout():.0f} s")
            time.sleep(0.2)

    def _create(self) -> None:
        """A new, empty store, made whole in a temporary file and renamed into place."""
        h5py = _h5py()
        tmp = f"{self.path}.new-{os.getpid()}"
        try:
            with h5py.File(tmp, "w") as f:
                f.attrs["schema"] = SCHEMA
                f.attrs["schema_version"] = SCHEMA_VERSION
                f.create_group("tables")
            with open(tmp, "rb") as f:
                os.fsync(f.fileno())
            os.replace(tmp, self.path)
            fsync_dir(self.path)
        except OSError as e:
            with contextlib.suppress(OSError):
                os.remove(tmp)
            raise GtablesError(f"cannot create the store {self.path}: "
                               f"{e.strerror or _one_line(e)}") from None

    def _check_ours(self, f) -> None:
        schema = _decode(f.attrs["schema"]) if "schema" in f.attrs else None
        if schema is None:
            if len(f.keys()) or len(f.attrs.keys()):
                raise GtablesError(f"{self.path} is an HDF5 file with other content, not a gtables "
                                   f"store; gtables writes only into its own stores (use another "
                                   f"--store)")
            f.attrs["schema"] = SCHEMA
            f.attrs["schema_version"] = SCHEMA_VERSION
        elif schema != SCHEMA:
            raise GtablesError(f"{self.path} is an HDF5 file but not a gtables store")
        f.require_group("tables")

    def check_writable(self) -> None:
        """Fail now, not after a long computation, if this store cannot take a table: a
        read-only file or directory, a foreign HDF5 file, a lock nobody releases, a program
        holding the file open through plain h5py.  Writes nothing (but the lock file)."""
        doing = f"write the store {self.path}"
        with self._write_lock(doing):
            probe = f"{self.path}.probe-{os.getpid()}"
            try:                                  # the journal and new stores go here
                with open(probe, "wb"):
                    pass
                os.remove(probe)
            except OSError as e:
                raise GtablesError(f"cannot {doing}: its directory is not writable "
                                   f"({e.strerror})") from None
            if not self.exists():
                return
            f = self._open_native()
            try:
                schema = _decode(f.attrs["schema"]) if "schema" in f.attrs else None
                if schema is None and (len(f.keys()) or len(f.attrs.keys())):
                    self._check_ours(f)           # raises: an HDF5 file of other content
            finally:
                f.close()
            try:
                with open(self.path, "r+b") as raw:
                    self._hdf5_lock(raw, doing)
            except OSError as e:
                raise GtablesError(f"cannot {doing}: {e.strerror}") from None

    # -- queries ------------------------------------------------------------------------------
    def __contains__(self, spec: str) -> bool:
        if not self.exists():
            return False
        with self._reading() as f:
            return "tables" in f and table_key(spec) in f["tables"]

    def get(self, spec: str) -> StoredTable:
        if spec not in self:
            raise GtablesError(f"table {spec} is not in the store {self.path} "
                               f"(run: gtables compute {spec})")
        return StoredTable(self, table_key(spec), spec)

    def list(self) -> list[dict]:
        """Every table's attributes (JSON ones decoded), ``length``, ``stored_bytes`` and
        ``damaged`` (a reason, or None: attributes and layout only; ``check`` reads the data)."""
        if not self.exists():
            return []
        out = []
        with self._reading() as f:
            if "tables" not in f:
                return []
            for key in f["tables"]:
                try:
                    ds = f["tables"][key]
                    a = _attrs_of(ds)
                    try:
                        damaged = table_problem(ds, dict(a), key, None, self.path)
                    except GtablesError as e:
                        damaged = str(e)
                    a["length"] = ds.shape[0]
                    a["stored_bytes"] = ds.id.get_storage_size()
                    a["damaged"] = damaged
                except (OSError, RuntimeError, ValueError, KeyError, TypeError) as e:
                    spec = _spec_of(f["tables"], key)
                    why = f"unreadable: {_one_line(e)}"
                    if spec:
                        why = (f"table {spec} in {self.path} is damaged ({why}); repair it with: "
                               f"{repair_hint(spec, self.path)}")
                    out.append({"spec": spec or f"(unreadable entry {key})", "damaged": why})
                    continue
                for k in ("params", "index", "shape", "versions", "extra"):
                    if isinstance(a.get(k), str):
                        with contextlib.suppress(ValueError):
                            a[k] = json.loads(a[k])
                a.setdefault("spec", f"(entry {key})")
                out.append(a)
        return sorted(out, key=lambda a: str(a.get("spec", "")))

    FRAME_COLUMNS = ("spec", "family", "kind", "positions", "dtype", "max_value",
                     "compute_seconds", "created", "status")

    def to_pandas(self):
        """What the store holds, as a :class:`pandas.DataFrame`, from attributes only (no table
        is read): one row per table (``status`` ``complete``, or ``damaged`` when its attributes
        or layout fail their checks: ``gtables check`` says why) and one per checkpoint of an
        interrupted sequence run (``status`` ``partial``: its spec is the game without a size,
        ``positions`` the heaps computed so far, ``created`` the last update).  Columns:
        :data:`FRAME_COLUMNS`.  Needs pandas."""
        pd = notebook_module("pandas", "Store.to_pandas()")
        rows = []
        for a in self.list():
            rows.append({"spec": a.get("spec"), "family": a.get("family"), "kind": a.get("kind"),
                         "positions": a.get("length"), "dtype": a.get("dtype"),
                         "max_value": a.get("max_value"),
                         "compute_seconds": a.get("compute_seconds"), "created": a.get("created"),
                         "status": "damaged" if a.get("damaged") else "complete"})
        if self.exists():
            with self._reading() as f:
                part = f.get("partial")
                for k in part if part is not None else ():
                    try:
                        a = _attrs_of(part[k])
                        length, dtype = a.get("length"), str(part[k].dtype)
                    except (OSError, RuntimeError, ValueError, KeyError, TypeError):
                        a, length, dtype = {}, None, None
                    seq = str(a.get("sequence_key", f"(checkpoint {k})"))
                    rows.append({"spec": seq, "family": seq.split(":", 1)[0], "kind": None,
                                 "positions": length, "dtype": dtype, "max_value": None,
                                 "compute_seconds": a.get("compute_seconds"),
                                 "created": a.get("updated"), "status": "partial"})
        frame = pd.DataFrame(rows, columns=list(self.FRAME_COLUMNS))
        if len(frame):
            frame["created"] = pd.to_datetime(frame["created"], utc=True, errors="coerce")
        return frame

    list_frame = to_pandas

    def check(self) -> builtins.list[dict]:
        """Read and verify every table and checkpoint in full: one row each with ``spec``,
        ``kind`` (table/checkpoint) and ``damaged`` (None, or why)."""
        rows = []
        for a in self.list():
            spec: str = a["spec"]        # every row of list() has one
            row = {"spec": spec, "kind": "table", "damaged": a.get("damaged")}
            if row["damaged"] is None:
                try:
                    StoredTable(self, table_key(spec), spec).load()
                except GtablesError as e:
                    row["damaged"] = str(e)
            rows.append(row)
        for key, seq_key in self._checkpoints():
            row = {"spec": seq_key, "kind": "checkpoint", "damaged": None}
            try:
                self._read_checkpoint(key)
            except GtablesError as e:
                row["damaged"] = str(e)
            rows.append(row)
        return rows

    # -- writes -------------------------------------------------------------------------------
    def write(self, spec: str, values: np.ndarray, attrs: dict, force: bool = False) -> None:
        """Write a table in one transaction: written, read back and checked, then committed."""
        values = np.ascontiguousarray(values).reshape(-1)
        key = table_key(spec)
        full = dict(attrs)
        digest = checksum(values)
        full.update(schema=TABLE_SCHEMA, schema_version=SCHEMA_VERSION, spec=spec,
                    dtype=str(values.dtype), checksum=digest,
                    created=datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
                    max_value=int(values.max()) if values.size else 0, complete=1)
        with self._writing() as f:
            tables = f["tables"]
            if key in tables and not force:
                raise AlreadyStored(f"table {spec} is already stored (use --force to replace it)")
            if "staging" in f:            # left by gtables before transactions existed
                del f["staging"]
            # the new table first, at the end of the file: were the old one deleted first, HDF5
            # could put the new chunks in its space, which the transaction must keep in memory
            ds = _put_table(f, key + ".new", values, full)
            if _read_back_differs(ds, f["digests"][key + ".new"][:]):
                raise GtablesError(f"writing {spec} into {self.path} failed: the data read back "
                                   f"differs from the data written (a failing disk?)")
            # chunks get their file space when they leave HDF5's chunk cache: flush them now,
            # at the end of the file, before deleting the old table frees space they could take
            f.flush()
            _drop_table(f, key)
            tables.move(key + ".new", key)
            f["digests"].move(key + ".new", key)
            _link_by_spec(f, spec, key)

    def delete(self, spec: str) -> None:
        with self._writing("delete from") as f:
            key = table_key(spec)
            if key not in f["tables"]:
                raise GtablesError(f"table {spec} is not in the store {self.path}")
            _drop_table(f, key)

    # -- sequence tables: prefixes and checkpoints --------------------------------------------
    def _checkpoints(self) -> builtins.list[tuple[str, str]]:
        if not self.exists():
            return []
        with self._reading() as f:
            part = f.get("partial")
            if part is None:
                return []
            return [(f"partial/{k}", str(_decode(part[k].attrs.get("sequence_key", k))))
                    for k in part]

    def _checkpoint_length(self, sequence_key: str) -> int:
        with self._reading() as f:
            key = f"partial/{table_key(sequence_key)}"
            return int(_decode(f[key].attrs.get("length", 0))) if key in f else 0

    def _read_checkpoint(self, key: str) -> tuple[np.ndarray, dict]:
        with self._reading() as f:
            if key not in f:
                raise GtablesError(f"checkpoint {key} is no longer in {self.path}")
            ds = f[key]
            a: dict = {}                 # the message below needs it when reading them fails
            values: np.ndarray | None = None
            try:
                a = _attrs_of(ds)
                n = int(a.get("length", 0))
                bad = None
                if a.get("meta_checksum") != meta_checksum(a) or not ds.fletcher32:
                    bad = "its attributes fail their checksum" if ds.fletcher32 else \
                          "it was written by an older gtables, without checksums"
                elif not 0 <= n <= ds.shape[0]:
                    bad = "its length is wrong"
                values = ds[:n] if bad is None else None
            except (OSError, RuntimeError, ValueError) as e:
                bad, values = f"read failed: {_one_line(e)}", None
        if bad is None and values is not None and checksum(values) != a.get("checksum"):
            bad = "fails its checksum"
        if bad is not None or values is None:
            raise GtablesError(f"the checkpoint of {a.get('sequence_key', key)} in {self.path} is "
                               f"damaged ({bad}); it is not used, and the next checkpoint of that "
                               f"run replaces it")
        return values, a

    def sequence_index(self) -> dict[str, builtins.list[tuple[int, str, str]]]:
        """Every stored table that is a prefix of a 1-D sequence, by its sequence key:
        ``(length, dataset key, spec)``, from one pass over the attributes (a caller that asks
        :meth:`prefix` for many sequences, as a sweep does, reads it once and passes it on).
        Nothing here is trusted: :meth:`prefix` verifies the candidate it uses."""
        index: dict[str, list[tuple[int, str, str]]] = {}
        if not self.exists():
            return index
        with self._reading() as f:
            for key in f.get("tables", {}):
                try:
                    ds = f["tables"][key]
                    seq = _decode(ds.attrs.get("sequence_key", ""))
                    if seq:
                        index.setdefault(str(seq), []).append(
                            (ds.shape[0], key, str(_decode(ds.attrs.get("spec", key)))))
                except (OSError, RuntimeError, ValueError, KeyError):
                    continue
        return index

    def prefix(self, sequence_key: str, limit: int, on_damaged=warn,
               index: dict | None = None) -> Prefix | None:
        """The longest *verified* prefix (at most ``limit`` values) of the sequence
        ``sequence_key``: from a complete table of the same game (any size) or from an
        interrupted run's checkpoint.  A candidate that fails verification is never used:
        ``on_damaged(message)`` is told (it names the table and the repair command) and the next
        best candidate is tried.  ``index``: a :meth:`sequence_index` read since the store last
        changed (else the attributes are read again)."""
        if not self.exists():
            return None
        if index is None:
            index = self.sequence_index()
        cands: list[tuple[int, str, str, str]] = [
            (length, "table", key, spec) for length, key, spec in index.get(sequence_key, ())]
        with self._reading() as f:
            ck = f"partial/{table_key(sequence_key)}"
            if ck in f:
                with contextlib.suppress(OSError, RuntimeError, ValueError, TypeError):
                    cands.append((int(_decode(f[ck].attrs.get("length", 0))), "checkpoint", ck,
                                  sequence_key))
        # the longest first; among equals a complete table before a checkpoint
        for length, kind, key, spec in sorted(cands, key=lambda c: (-c[0], c[1] != "table")):
            if length == 0:
                continue
            try:
                if kind == "table":
                    t = StoredTable(self, key, spec)
                    values = t.load()
                    seconds = float(t.attrs.get("compute_seconds", 0.0))
                    source = f"stored table {spec}"
                else:
                    values, a = self._read_checkpoint(key)
                    seconds = float(a.get("compute_seconds", 0.0))
                    source = f"checkpoint of an interrupted run ({values.size:,} values)"
            except GtablesError as e:
                on_damaged(f"{e} (not used as a prefix)")
                continue
            n = min(values.size, limit)
            return Prefix(values[:n], source, seconds, values.size)
        return None

    def write_checkpoint(self, sequence_key: str, values: np.ndarray, seconds: float = 0.0,
                         extra: dict | None = None) -> None:
        """Save the prefix ``values`` of a running sequence under ``/partial`` (one transaction;
        what the checkpoint already holds is kept when it agrees with ``values``).  Raises
        :class:`GtablesError` when the store cannot take it."""
        key = f"partial/{table_key(sequence_key)}"
        with self._writing("save a checkpoint into") as f:
            part = f.require_group("partial")
            name = key.split("/", 1)[1]
            old = 0
            ds: Any = None               # the checkpoint as stored now, when there is one
            a: dict = {}
            if name in part:
                ds = part[name]
                a = _attrs_of(ds)
                old = int(a.get("length", 0))
            # one pass over the values: the digest of what the checkpoint should already hold,
            # then, continued, the digest of the whole prefix
            n = max(0, min(old, values.size))
            h = _sha256(values[:n])
            held = "sha256:" + h.hexdigest()
            digest = "sha256:" + _sha256(values[n:], h).hexdigest()
            if name in part:
                if ds.dtype != values.dtype or old > values.size or not ds.fletcher32 or \
                        a.get("checksum") != held:
                    old = -1             # another dtype, another run, or not ours to extend
            if old < 0 or name not in part:
                # a new dataset, flushed before the old one is deleted (see write)
                ds = part.create_dataset(name + ".new", data=values, maxshape=(None,),
                                         chunks=(CHUNK,), compression="gzip", compression_opts=1,
                                         fletcher32=True)
                f.flush()
                if name in part:
                    del part[name]
                part.move(name + ".new", name)
            else:
                ds.resize((values.size,))
                ds[old:] = values[old:]
            ds = part[name]
            _set_attrs(ds, {
                "schema": CHECKPOINT_SCHEMA, "schema_version": SCHEMA_VERSION,
                "sequence_key": sequence_key, "length": int(values.size), "checksum": digest,
                "compute_seconds": round(float(seconds), 6),
                "updated": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
                **({"extra": extra} if extra is not None else {})})

    def read_checkpoint(self, sequence_key: str) -> tuple[np.ndarray, dict] | None:
        """The values and attributes (``extra`` included) of the checkpoint saved under
        ``sequence_key``, verified; None when there is none.  A damaged one raises."""
        if not self.exists():
            return None
        key = f"partial/{table_key(sequence_key)}"
        with self._reading() as f:
            if key not in f:
                return None
        values, a = self._read_checkpoint(key)
        if isinstance(a.get("extra"), str):
            a["extra"] = json.loads(a["extra"])
        return values, a

    def drop_checkpoint(self, sequence_key: str) -> None:
        if not self.exists():
            return
        key = table_key(sequence_key)
        with self._reading() as f:
            if "partial" not in f or key not in f["partial"]:
                return
        with self._writing("drop a checkpoint from") as f:
            if "partial" in f and key in f["partial"]:
                del f["partial"][key]

    # -- housekeeping -------------------------------------------------------------------------
    def compact(self, drop_damaged: bool = False, echo=None) -> dict:
        """Rewrite the store without the space that replaced tables, killed writes and dropped
        checkpoints left behind, atomically (a new file, verified, renamed over the old one).
        Every table and checkpoint is verified on the way; damaged ones stop the compaction
        unless ``drop_damaged``.  Version-1 tables are rewritten as version 2 (chunk
        checksums).  Returns sizes and counts."""
        h5py = _h5py()
        if not self.exists():
            raise GtablesError(f"no store at {self.path}")
        before = os.path.getsize(self.path)
        tmp = f"{self.path}.compact-{os.getpid()}"
        kept = dropped = 0
        with flock(self.lock_path, True, f"compact the store {self.path}"):
            self._recover()
            rows = self.check()
            damaged = [r for r in rows if r["damaged"]]
            if damaged and not drop_damaged:
                r = damaged[0]
                raise GtablesError(f"{len(damaged)} damaged entr{'y' if len(damaged) == 1 else 'ies'}"
                                   f" (first: {r['damaged']}); repair them, or compact with "
                                   f"--drop-damaged to leave them out")
            try:
                with h5py.File(tmp, "w") as out:
                    out.attrs["schema"] = SCHEMA
                    out.attrs["schema_version"] = SCHEMA_VERSION
                    out.create_group("tables")
                    # a checkpoint is finished work only until a complete table covers it
                    covered: dict[str, int] = {}
                    for a in self.list():
                        if a.get("sequence_key") and not a.get("damaged"):
                            covered[a["sequence_key"]] = max(covered.get(a["sequence_key"], 0),
                                                             int(a.get("length", 0)))
                    for r in rows:
                        if r["damaged"]:
                            dropped += 1
                            if echo:
                                echo(f"dropped (damaged): {r['kind']} {r['spec']}")
                            continue
                        if r["kind"] == "checkpoint" and covered.get(r["spec"], 0) >= \
                                self._checkpoint_length(r["spec"]):
                            if echo:
                                echo(f"dropped: the checkpoint of {r['spec']} (a stored table "
                                     f"covers it)")
                            continue
                        if r["kind"] == "table":
                            t = StoredTable(self, table_key(r["spec"]), r["spec"])
                            values = t.load()
                            attrs = dict(t.attrs, schema_version=SCHEMA_VERSION)
                            ds = _put_table(out, t.key, values, attrs)
                            _link_by_spec(out, r["spec"], t.key)
                        else:
                            values, a = self._read_checkpoint(f"partial/{table_key(r['spec'])}")
                            part = out.require_group("partial")
                            ds = part.create_dataset(table_key(r["spec"]), data=values,
                                                     maxshape=(None,), chunks=(CHUNK,),
                                                     compression="gzip", compression_opts=1,
                                                     fletcher32=True)
                            _set_attrs(ds, {k: v for k, v in a.items() if k != "meta_checksum"})
                        if checksum(ds[:]) != checksum(values):
                            raise GtablesError(f"compacting {self.path}: {r['spec']} did not copy "
                                               f"exactly")
                        kept += 1
                with open(tmp, "rb") as fh:
                    os.fsync(fh.fileno())
                os.replace(tmp, self.path)
                fsync_dir(self.path)
            except OSError as e:
                raise GtablesError(f"cannot compact {self.path}: {e.strerror or _one_line(e)}") \
                    from None
            finally:
                with contextlib.suppress(OSError):
                    os.remove(tmp)
        return {"before": before, "after": os.path.getsize(self.path), "kept": kept,
                "dropped": dropped}

    def merge(self, other: Store, echo=None) -> dict:
        """Copy every verified table of ``other`` (a side store) that this store lacks, then
        delete ``other`` when all of it arrived.  Returns counts."""
        copied = present = 0
        for a in other.list():
            spec: str = a["spec"]        # every row of list() has one
            if spec in self:
                present += 1
                continue
            t = StoredTable(other, table_key(spec), spec)
            values = t.load()
            attrs = {k: v for k, v in t.attrs.items()
                     if k not in ("meta_checksum", "checksum", "schema", "schema_version",
                                  "created", "dtype", "max_value", "complete", "spec")}
            self.write(spec, values, attrs)
            copied += 1
            if echo:
                echo(f"merged {spec}")
        return {"copied": copied, "present": present}


def _read_back_differs(ds, digests: np.ndarray) -> bool:
    """Read a just-written table back chunk by chunk (no second copy of a large table) and
    compare each chunk with the digest computed from the values in memory."""
    chunk = int(ds.attrs["chunk_elems"])
    for c in range(digests.shape[0]):
        block = ds[c * chunk:(c + 1) * chunk]
        if hashlib.sha256(block.tobytes()).digest() != digests[c].tobytes():
            return True
    return False


BY_SPEC = "by_spec"


def by_spec_path(spec: str) -> str:
    """The readable path of a table: ``/by_spec/<family>/<canonical spec>`` (a soft link to its
    dataset ``/tables/<key>``), for h5ls, HDFView or another language's HDF5 reader.  HDF5 names
    cannot hold ``/``: it is written ``%2F`` (and ``%`` as ``%25``)."""
    family = spec.split(":", 1)[0]
    name = spec.replace("%", "%25").replace("/", "%2F")
    return f"/{BY_SPEC}/{family.replace('/', '%2F')}/{name}"


def _link_by_spec(f, spec: str, key: str) -> None:
    h5py = _h5py()
    path = by_spec_path(spec)
    if f.get(path, getlink=True) is not None:      # a link, dangling or not
        del f[path]
    f.require_group(path.rsplit("/", 1)[0])
    f[path] = h5py.SoftLink(f"/tables/{key}")


def _drop_table(f, key: str) -> None:
    if "tables" in f and key in f["tables"]:
        spec = f["tables"][key].attrs.get("spec")
        if spec is not None:
            path = by_spec_path(_decode(spec))
            if f.get(path, getlink=True) is not None:
                del f[path]
                family = path.rsplit("/", 1)[0]
                if not len(f[family]):
                    del f[family]
    for group in ("tables", "digests"):
        if group in f and key in f[group]:
            del f[group][key]


def _create_dataset(group, name: str, values: np.ndarray):
    chunks = (min(CHUNK, max(1, values.size)),)
    return group.create_dataset(name, data=values, chunks=chunks, compression="gzip",
                                compression_opts=4, shuffle=values.dtype.itemsize > 1,
                                fletcher32=True)


def aside_path(path: str) -> str:
    """Where a table goes when its store cannot take it: beside the store if that directory is
    writable, else the temporary directory."""
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    base = os.path.splitext(os.path.basename(path))[0]
    name = f"{base}.aside-{stamp}-{os.getpid()}.h5"
    here = os.path.dirname(os.path.abspath(path))
    if os.access(here, os.W_OK):
        return os.path.join(here, name)
    return os.path.join(tempfile.gettempdir(), name)
