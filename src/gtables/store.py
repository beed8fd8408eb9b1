"""The HDF5 store: one file holds many tables.  The only module that imports h5py.

Layout (schema ``gtables.store`` version 1)::

    /                       attrs: schema, schema_version
    /tables/<key>           one chunked, gzip-compressed 1-D dataset per table, key = sha1(spec)
    /staging/<uuid>         tables being written (never read as complete)
    /partial/<key>          checkpoint of a running sequence table (key = sha1(sequence key))

Every table's attributes: ``schema``, ``schema_version``, ``spec`` (canonical), ``family``,
``params`` (JSON), ``kind``, ``encoding``, ``index_scheme``, ``index`` (JSON: how positions map to
indices), ``shape`` (JSON: logical shape; the data is stored flat in index order), ``dtype``,
``max_value``, ``versions`` (JSON: gtables, numba, numpy, h5py), ``created`` (UTC ISO time),
``compute_seconds``, ``checksum`` (``sha256:`` of the raw data bytes), ``complete`` (1), plus
free-form ``extra`` (JSON).

Writes are atomic: a table is written under ``/staging`` and becomes visible only through a final
link move, after its data and checksum are written; an interrupted write leaves at most a staging
entry, which readers ignore and the next writer removes.  Partial reads (one position, a slice, a
batch of indices) read only the chunks they touch.
"""
from __future__ import annotations

import datetime
import hashlib
import json
import os
import uuid

import numpy as np

from .errors import GtablesError

SCHEMA = "gtables.store"
TABLE_SCHEMA = "gtables.table"
SCHEMA_VERSION = 1
DEFAULT_STORE = os.path.join("results", "tables.h5")
CHUNK = 1 << 20  # elements per chunk


def default_path() -> str:
    return os.environ.get("GTABLES_STORE") or DEFAULT_STORE


def table_key(spec: str) -> str:
    return hashlib.sha1(spec.encode()).hexdigest()[:24]


def checksum(values: np.ndarray) -> str:
    h = hashlib.sha256()
    flat = np.ascontiguousarray(values).reshape(-1)
    step = 1 << 26
    for i in range(0, flat.size, step):
        h.update(flat[i:i + step].tobytes())
    return "sha256:" + h.hexdigest()


def _h5py():
    import h5py
    return h5py


class StoredTable:
    """A handle on one stored table: metadata in ``attrs``, data read on demand."""

    def __init__(self, store: "Store", key: str):
        self.store = store
        self.key = key
        with store._open("r") as f:
            ds = f["tables"][key]
            self.attrs = {k: _decode(v) for k, v in ds.attrs.items()}
            self.length = ds.shape[0]
        check_schema(self.attrs, store.path)

    @property
    def spec(self) -> str:
        return self.attrs["spec"]

    def read(self, sel=slice(None)) -> np.ndarray:
        """Values at a slice or at an int64 array of indices (any order, repeats allowed)."""
        with self.store._open("r") as f:
            ds = f["tables"][self.key]
            if isinstance(sel, slice):
                return ds[sel]
            idx = np.asarray(sel, dtype=np.int64)
            if idx.size == 0:
                return np.zeros(0, dtype=ds.dtype)
            if idx.min() < 0 or idx.max() >= ds.shape[0]:
                raise GtablesError(f"index {int(idx.max())} outside the table (0..{ds.shape[0] - 1})")
            uniq, inv = np.unique(idx, return_inverse=True)
            if uniq.size > 4096:
                # many scattered indices: read the covering range chunk by chunk
                out = np.empty(uniq.size, dtype=ds.dtype)
                lo = 0
                while lo < uniq.size:
                    base = (uniq[lo] // CHUNK) * CHUNK
                    hi = np.searchsorted(uniq, base + CHUNK)
                    block = ds[base:min(base + CHUNK, ds.shape[0])]
                    out[lo:hi] = block[uniq[lo:hi] - base]
                    lo = hi
            else:
                out = ds[uniq]
            return out[inv]

    def load(self, verify: bool = True) -> np.ndarray:
        values = self.read()
        if verify and checksum(values) != self.attrs.get("checksum"):
            raise GtablesError(f"table {self.spec} in {self.store.path} fails its checksum: "
                               f"recompute it with --force")
        return values


def check_schema(attrs: dict, path: str) -> None:
    if attrs.get("schema") != TABLE_SCHEMA:
        raise GtablesError(f"{path}: an entry is not a gtables table (schema {attrs.get('schema')!r})")
    v = int(attrs.get("schema_version", -1))
    if v > SCHEMA_VERSION:
        raise GtablesError(f"{path}: table schema version {v} is newer than this gtables reads "
                           f"({SCHEMA_VERSION}); upgrade gtables")
    if v < 1:
        raise GtablesError(f"{path}: table schema version {v} is not readable; recompute the table")


def _decode(v):
    if isinstance(v, bytes):
        return v.decode()
    if isinstance(v, np.generic):
        return v.item()
    return v


class Store:
    """An HDF5 file of tables.  Opening is lazy: the file is opened per operation."""

    def __init__(self, path: str | None = None):
        self.path = path or default_path()
        if os.path.exists(self.path):
            if os.path.isdir(self.path):
                raise GtablesError(f"store path {self.path} is a directory, not an HDF5 file")
            if not _h5py().is_hdf5(self.path):
                raise GtablesError(f"store path {self.path} exists but is not an HDF5 file")

    def _open(self, mode: str):
        h5py = _h5py()
        if mode == "r" and not os.path.exists(self.path):
            raise GtablesError(f"no store at {self.path} (compute a table first, or pass --store)")
        if mode != "r":
            d = os.path.dirname(os.path.abspath(self.path))
            os.makedirs(d, exist_ok=True)
        try:
            f = h5py.File(self.path, mode)
        except OSError as e:
            raise GtablesError(f"cannot open store {self.path}: {str(e).splitlines()[0]}") from None
        if mode != "r":
            if "schema" not in f.attrs:
                f.attrs["schema"] = SCHEMA
                f.attrs["schema_version"] = SCHEMA_VERSION
            f.require_group("tables")
            f.require_group("staging")
        elif f.attrs.get("schema") not in (None, SCHEMA) and _decode(f.attrs.get("schema")) != SCHEMA:
            f.close()
            raise GtablesError(f"{self.path} is an HDF5 file but not a gtables store")
        return f

    # -- queries ------------------------------------------------------------------------------
    def __contains__(self, spec: str) -> bool:
        if not os.path.exists(self.path):
            return False
        with self._open("r") as f:
            return "tables" in f and table_key(spec) in f["tables"]

    def get(self, spec: str) -> StoredTable:
        if spec not in self:
            raise GtablesError(f"table {spec} is not in the store {self.path} "
                               f"(run: gtables compute {spec})")
        return StoredTable(self, table_key(spec))

    def list(self) -> list[dict]:
        if not os.path.exists(self.path):
            return []
        out = []
        with self._open("r") as f:
            if "tables" not in f:
                return []
            for key, ds in f["tables"].items():
                a = {k: _decode(v) for k, v in ds.attrs.items()}
                a["length"] = ds.shape[0]
                a["stored_bytes"] = ds.id.get_storage_size()
                out.append(a)
        return sorted(out, key=lambda a: a.get("spec", ""))

    # -- writes -------------------------------------------------------------------------------
    def write(self, spec: str, values: np.ndarray, attrs: dict, force: bool = False) -> None:
        """Write a table atomically (see the module docstring)."""
        values = np.ascontiguousarray(values).reshape(-1)
        key = table_key(spec)
        tmp = uuid.uuid4().hex
        full = dict(attrs)
        full.update(schema=TABLE_SCHEMA, schema_version=SCHEMA_VERSION, spec=spec,
                    dtype=str(values.dtype), checksum=checksum(values),
                    created=datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
                    max_value=int(values.max()) if values.size else 0, complete=1)
        with self._open("a") as f:
            if key in f["tables"] and not force:
                raise GtablesError(f"table {spec} is already stored (use --force to replace it)")
            for stale in list(f["staging"].keys()):
                del f["staging"][stale]
            chunks = (min(CHUNK, max(1, values.size)),)
            try:
                ds = f["staging"].create_dataset(tmp, data=values, chunks=chunks,
                                                 compression="gzip", compression_opts=4,
                                                 shuffle=values.dtype.itemsize > 1)
                for k, v in full.items():
                    ds.attrs[k] = json.dumps(v) if isinstance(v, (dict, list, tuple)) else v
                f.flush()
                if key in f["tables"]:
                    f.move(f"tables/{key}", f"staging/{tmp}-old")
                f.move(f"staging/{tmp}", f"tables/{key}")
                if f"{tmp}-old" in f["staging"]:
                    del f["staging"][f"{tmp}-old"]
                f.flush()
            except BaseException:
                # Ctrl-C or an error mid-write: drop the staging copy, keep what was complete
                if tmp in f["staging"]:
                    del f["staging"][tmp]
                if f"{tmp}-old" in f["staging"] and key not in f["tables"]:
                    f.move(f"staging/{tmp}-old", f"tables/{key}")
                raise

    # -- sequence tables: prefixes and checkpoints --------------------------------------------
    def prefix(self, sequence_key: str, limit: int) -> tuple[np.ndarray | None, str]:
        """The longest known prefix (at most ``limit`` values) of the sequence ``sequence_key``:
        from a complete table of the same game (any size) or from an interrupted run's
        checkpoint.  Returns ``(values or None, where it came from)``."""
        if not os.path.exists(self.path):
            return None, ""
        best_key, best_len, where = None, 0, ""
        with self._open("r") as f:
            for key, ds in f.get("tables", {}).items():
                if _decode(ds.attrs.get("sequence_key", "")) == sequence_key and ds.shape[0] > best_len:
                    best_key, best_len = f"tables/{key}", ds.shape[0]
                    where = f"stored table {_decode(ds.attrs.get('spec'))}"
            ck = f"partial/{table_key(sequence_key)}"
            if ck in f:
                n = int(f[ck].attrs.get("length", 0))
                if n > best_len:
                    best_key, best_len = ck, n
                    where = f"checkpoint of an interrupted run ({n:,} values)"
            if best_key is None:
                return None, ""
            n = min(best_len, limit)
            return f[best_key][:n], where

    def write_checkpoint(self, sequence_key: str, values: np.ndarray) -> bool:
        """Save the prefix ``values`` of a running sequence under ``/partial``, appending what is
        new.  The ``length`` attribute is set after the data is flushed, and the file is closed
        between checkpoints, so a killed run leaves a readable checkpoint.  Returns False (and
        the run goes on) when the store cannot be opened just now."""
        key = f"partial/{table_key(sequence_key)}"
        try:
            f = self._open("a")
        except GtablesError:
            return False
        with f:
            f.require_group("partial")
            old = int(f[key].attrs.get("length", 0)) if key in f else 0
            if key in f and (f[key].dtype != values.dtype or old > values.size):
                del f[key]
                old = 0
            if key not in f:
                ds = f.create_dataset(key, shape=(0,), maxshape=(None,), dtype=values.dtype,
                                      chunks=(CHUNK,), compression="gzip", compression_opts=1)
                ds.attrs["sequence_key"] = sequence_key
            ds = f[key]
            ds.resize((values.size,))
            ds[old:] = values[old:]
            f.flush()
            ds.attrs["length"] = values.size
            ds.attrs["updated"] = datetime.datetime.now(datetime.timezone.utc).isoformat(
                timespec="seconds")
            f.flush()
        return True

    def drop_checkpoint(self, sequence_key: str) -> None:
        if not os.path.exists(self.path):
            return
        with self._open("a") as f:
            key = f"partial/{table_key(sequence_key)}"
            if key in f:
                del f[key]

    def delete(self, spec: str) -> None:
        with self._open("a") as f:
            key = table_key(spec)
            if key not in f["tables"]:
                raise GtablesError(f"table {spec} is not in the store {self.path}")
            del f["tables"][key]
