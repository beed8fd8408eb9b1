"""Read-only access to the sources ``gtables import`` takes: an export file, or a version-2
single-file store (schema ``gtables.store``, tables ``/tables/<sha1 key>``, version 1 or 2).

Nothing here writes, replays or deletes anything: a journal left beside an old store is ignored
(the file is read as it is, and a table a killed writer left half-written fails its checksum).
Each table is yielded as ``(spec, load, attrs, problem)``: ``load()`` returns its values
verified against its SHA-256, ``problem`` says why it cannot be used (None when it can).
"""
from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Iterator

import numpy as np

from ..errors import GtablesError
from . import fsio, names
from . import tablefile as tf
from .directory import HDF5_MAGIC, TABLES


def _v2_key(spec: str) -> str:
    return hashlib.sha1(spec.encode()).hexdigest()[:24]


def open_source(path: str):
    """``(kind, h5 file, python file)`` of an export file or old store at ``path``, opened
    read-only through a descriptor (never a link, a FIFO or a device)."""
    try:
        st = os.lstat(path)
    except OSError as e:
        raise GtablesError(f"cannot import {path}: {fsio.reason(e)}") from None
    if stat.S_ISDIR(st.st_mode):
        raise GtablesError(f"cannot import {path}: it is a directory (import takes an export file "
                           f"or an old single-file store)")
    try:
        fd, _ = fsio.open_regular(os.path.realpath(path))
    except OSError as e:
        raise GtablesError(f"cannot import {path}: {fsio.reason(e)}") from None
    fh = os.fdopen(fd, "rb")
    if fh.read(8) != HDF5_MAGIC:
        fh.close()
        raise GtablesError(f"cannot import {path}: not an HDF5 file")
    fh.seek(0)
    try:
        f = tf.open_file(fh)
        schema = tf.decode(f.attrs.get("schema"))
    except (OSError, RuntimeError, ValueError) as e:
        fh.close()
        raise GtablesError(f"cannot import {path}: unreadable HDF5 ({tf.one_line(e)})") from None
    if schema not in (tf.EXPORT_SCHEMA, tf.STORE_V2_SCHEMA):
        f.close()
        fh.close()
        raise GtablesError(f"cannot import {path}: an HDF5 file but not a gtables export file or "
                           f"store (schema {schema!r})")
    return ("export" if schema == tf.EXPORT_SCHEMA else "v2"), f, fh


def tables(path: str) -> Iterator[tuple[str, object, dict, str | None]]:
    kind, f, fh = open_source(path)
    try:
        if kind == "export":
            yield from _export_tables(f)
        else:
            yield from _v2_tables(f)
    finally:
        f.close()
        fh.close()


def quotients(path: str) -> Iterator[tuple[str, object, dict, str | None]]:
    """The quotients of an export file, as :func:`tables` gives its tables (an old single-file
    store has none)."""
    kind, f, fh = open_source(path)
    try:
        if kind == "export":
            yield from _export_tables(f, "quotients", tf.QUOTIENT_SCHEMA)
    finally:
        f.close()
        fh.close()


def _export_tables(f, area: str = TABLES, schema: str = tf.TABLE_SCHEMA):
    h5py = tf.h5py()
    top = f.get(area)
    if not isinstance(top, h5py.Group):
        return
    for fam in top:
        grp = top[fam] if isinstance(top.get(fam, getlink=True), h5py.HardLink) else None
        if not isinstance(grp, h5py.Group):
            yield f"(entry {fam})", None, {}, "not a hard-linked group"
            continue
        for name in grp:
            rel = f"{fam}/{name}"
            try:
                if not isinstance(grp.get(name, getlink=True), h5py.HardLink):
                    raise tf.Damaged("it is a link, never followed")
                h = tf.Handle(grp[name], schema)
                spec = str(h.attrs.get("spec"))
                if names.relname(spec) != rel:
                    raise tf.Damaged("its stored spec does not match its name")
            except (tf.Damaged, OSError, RuntimeError, KeyError, ValueError) as e:
                yield f"(entry {rel})", None, {}, tf.one_line(e)
                continue
            # the arrays kept beside the values (a canonical table's pool), read and checked
            # against their checksums on call
            yield spec, h.load, dict(h.attrs, aux_arrays=h.aux), None


def _v2_tables(f):
    h5py = tf.h5py()
    top = f.get("tables")
    if not isinstance(top, h5py.Group):
        return
    digests = f.get("digests")
    for key in top:
        shown = f"(entry {key})"
        try:
            if not isinstance(top.get(key, getlink=True), h5py.HardLink):
                raise tf.Damaged("it is a link, never followed")
            ds = top[key]
            if not isinstance(ds, h5py.Dataset) or ds.is_virtual or ds.external or ds.ndim != 1:
                raise tf.Damaged("not a plain one-dimensional dataset")
            a = tf.attrs_of(ds)
            spec = str(a.get("spec"))
            if _v2_key(spec) != key:
                raise tf.Damaged("its spec does not match its name")
            shown = spec
            version = int(a.get("schema_version", 1))
            if a.get("schema") != "gtables.table" or version not in (1, 2):
                raise tf.Damaged(f"schema {a.get('schema')!r} version {version} is not readable")
            if version == 2 and a.get("meta_checksum") != tf.meta_checksum(a):
                raise tf.Damaged("its attributes fail their checksum")
            if str(ds.dtype) not in tf.VALUE_DTYPES or a.get("dtype") != str(ds.dtype):
                raise tf.Damaged("its data type does not match its attributes")
            if version == 2 and (digests is None or key not in digests):
                raise tf.Damaged("its chunk digests are missing")
        except (tf.Damaged, OSError, RuntimeError, KeyError, ValueError, TypeError) as e:
            yield shown, None, {}, tf.one_line(e)
            continue

        def load(ds=ds, a=a, spec=spec):
            from ..engine.memory import require_memory
            require_memory(ds.shape[0] * ds.dtype.itemsize, f"importing {spec}")
            try:
                values = ds[:]
            except (OSError, RuntimeError, ValueError) as e:
                raise tf.Damaged(f"unreadable: {tf.one_line(e)}") from None
            if tf.checksum(values) != a.get("checksum"):
                raise tf.Damaged("it fails its checksum")
            values = np.asarray(values)
            values.flags.writeable = False
            return values
        keep = {k: v for k, v in a.items() if k not in ("meta_checksum", "chunk_elems",
                                                        "chunk_digests", "schema",
                                                        "schema_version")}
        yield spec, load, keep, None
