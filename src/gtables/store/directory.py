"""The store: a directory of immutable table files (or, read-only, one export file).

Layout (store layout 3)::

    <store>/gtables-store.json              {"schema": "gtables.store", "layout": 3, "id": ...}
    <store>/.seal-key                       the store's secret key (32 bytes, owner-only)
    <store>/tables/<family>/<name>.h5       one table per file (see :mod:`.tablefile`, :mod:`.names`)
    <store>/checkpoints/<family>/<name>.h5  the saved prefix of a running sequence (one per game)
    <store>/quotients/<family>/<name>.h5    a misère quotient, named by its heap game's spec
    <store>/.cache/list.json                what ``list`` read last time: a cache, never the truth

**Published once, never written again.**  A table is made whole in memory, written into a new
file created exclusively under a random name in its folder, fsynced, read back and compared,
then given its name by an atomic ``rename`` (``--force``) or ``link`` (only if the name is still
free).  No process ever opens a published file for writing, so no reader needs a lock and no
crash can leave half a table: a killed writer leaves at most a ``.tmp-*`` file, which nothing
reads (``gtables check`` lists it).  Two writers of one table both publish a whole, correct
file; the last rename wins.  Deleting is unlinking.  Correctness depends on no lock, no path
string and no file beside the store.

**Nothing is believed unread.**  Names are opened relative to directory descriptors without
following links; a table file that is a link, a FIFO, a device or a directory, or whose stored
spec does not give back its own name, is refused as damaged without being opened as HDF5.  The
checks of :class:`.tablefile.Handle` run before any value is used.

**Sealed by the store that made it.**  Every file the store publishes carries a keyed MAC
(HMAC-SHA256, :func:`.tablefile.seal_of`) under the store's secret key ``.seal-key``: made once
with the store (random, readable only by its owner), never exported.  A table whose seal holds
was written by a gtables run holding the key (:attr:`StoredTable.sealed`); the API re-derives
one whose seal does not hold (copied in by hand, edited, planted) before it uses it.  Checksums
say a file is whole; the seal says who wrote it.
"""
from __future__ import annotations

import builtins
import contextlib
import dataclasses
import datetime
import errno
import io
import json
import os
import secrets
import stat
import uuid
from collections.abc import Sequence

import numpy as np

from ..errors import GtablesError, NotEnoughMemory, warn
from . import fsio, names
from . import tablefile as tf

DEFAULT_STORE = os.path.join("results", "tables")
MARKER = "gtables-store.json"
KEY = ".seal-key"     # the store's secret: 32 random bytes, mode 0600, never exported
KEY_BYTES = 32
LAYOUT = 3
TABLES, CHECKPOINTS, QUOTIENTS, CACHE = "tables", "checkpoints", "quotients", ".cache"
HDF5_MAGIC = b"\x89HDF\r\n\x1a\n"
FRAME_COLUMNS = ("spec", "family", "kind", "positions", "dtype", "max_value",
                 "compute_seconds", "created", "status")
JSON_ATTRS = ("params", "index", "shape", "versions", "extra")
NOT_VERIFIED = ("not verified: a table of an export file, of which only the length and data "
                "type are checked here; gtables import re-derives its values and describes it "
                "from them")


def default_path() -> str:
    return os.environ.get("GTABLES_STORE") or DEFAULT_STORE


def repair_hint(spec: str, path: str) -> str:
    same = os.path.realpath(path) == os.path.realpath(default_path())
    return f"gtables compute {spec} --force" + ("" if same else f" --store {path}")


def now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")


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


def _decoded(a: dict) -> dict:
    out = dict(a)
    for k in JSON_ATTRS:
        if isinstance(out.get(k), str):
            with contextlib.suppress(ValueError):
                out[k] = json.loads(out[k])
    return out


def sampled_import(attrs: dict) -> str | None:
    """What ``gtables import --accept-sample`` re-derived of a table it imported on a sample
    ("sampled 1,116 of 1,048,576", as it wrote in ``extra["imported"]``), from the table's
    attributes (``extra`` as stored or decoded); None for any other table.  ``list`` and
    ``show`` mark such a table with it, ``check --deep`` says it beside its own re-derivation,
    and a resumed run re-derives it before use."""
    x = attrs.get("extra")
    if isinstance(x, str):
        with contextlib.suppress(ValueError):
            x = json.loads(x)
    imp = x.get("imported") if isinstance(x, dict) else None
    if not (isinstance(imp, dict) and imp.get("sampled")):
        return None
    said = imp.get("rederived")
    return said if isinstance(said, str) and said.startswith("sampled ") else "sampled"


class StoredTable:
    """A handle on one stored table: verified attributes in ``attrs``; values read on demand,
    each chunk against its digest.  The file is immutable: the handle keeps it open, so what it
    reads is the table it checked even if the name is given to a new file meanwhile."""

    def __init__(self, store: Store, spec: str, handle: tf.Handle, h5file, where: str,
                 sealed: bool = False):
        self.store, self._handle, self._file, self.where = store, handle, h5file, where
        self.attrs = handle.attrs
        self.length = handle.length
        self._spec = spec
        #: the file carries a valid seal of this store's key: gtables published it here
        self.sealed = sealed

    @property
    def spec(self) -> str:
        return self._spec

    def _problem(self, why: str) -> str:
        return (f"table {self.spec} in {self.store.path} is damaged ({why}); repair it with: "
                f"{repair_hint(self.spec, self.store.path)}")

    def read(self, sel=slice(None)) -> np.ndarray:
        try:
            return self._handle.read(sel)
        except tf.Damaged as e:
            raise GtablesError(self._problem(str(e))) from None

    def load(self, verify: bool = True, limit: int | None = None) -> np.ndarray:
        """The whole table (or its first ``limit`` values), checked chunk by chunk and, when
        whole, against its SHA-256; read-only."""
        try:
            return self._handle.load(limit)
        except tf.Damaged as e:
            raise GtablesError(self._problem(str(e))) from None

    def verify(self) -> None:
        try:
            self._handle.verify()
        except tf.Damaged as e:
            raise GtablesError(self._problem(str(e))) from None

    def aux(self) -> dict[str, np.ndarray]:
        """The arrays kept beside the values (a canonical-value table's game pool), each
        checked against its checksum; ``{}`` for a table without."""
        try:
            return self._handle.aux()
        except tf.Damaged as e:
            raise GtablesError(self._problem(str(e))) from None

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._file.close()


class Store:
    """A store of tables: a directory (created on the first write) or, read-only, an export
    file.  The path is resolved once, here; anything else at it is refused before any work."""

    FRAME_COLUMNS = FRAME_COLUMNS

    def __init__(self, path=None):
        if path is not None and not isinstance(path, (str, os.PathLike)):
            raise GtablesError(f"a store is a path (str), not {type(path).__name__}")
        given = os.fspath(path) if path is not None else default_path()
        if isinstance(given, bytes) or not given or given != given.strip() or "\0" in given:
            raise GtablesError(f"store path {given!r} is not a usable path")
        if any(len(c.encode()) > 255 for c in given.split(os.sep)):
            raise GtablesError(f"store path {given[:60]}...: a name in it is longer than 255 "
                               f"bytes, which no file system takes")
        self.path = given
        self.root = os.path.realpath(given)
        self.kind = "directory"
        self.id: str | None = None
        self._key: bytes | None = None
        try:
            st = os.stat(self.root)
        except (FileNotFoundError, NotADirectoryError):   # the latter: a file on the way
            self._check_parent()
            return
        except OSError as e:
            raise GtablesError(f"store path {given}: {fsio.reason(e)}") from None
        if stat.S_ISDIR(st.st_mode):
            self._check_directory()
        elif stat.S_ISREG(st.st_mode):
            self._check_file()
        else:
            what = ("a device" if stat.S_ISCHR(st.st_mode) or stat.S_ISBLK(st.st_mode) else
                    "a FIFO" if stat.S_ISFIFO(st.st_mode) else
                    "a socket" if stat.S_ISSOCK(st.st_mode) else "not a regular file")
            raise GtablesError(f"store path {given} is {what}, not a store: give a directory "
                               f"(created if missing) or an export file")

    def __repr__(self):
        return f"<Store {self.path}>"

    # -- what the path is -----------------------------------------------------------------
    def _check_parent(self) -> None:
        parent = os.path.dirname(self.root)
        while parent and not os.path.exists(parent):
            parent = os.path.dirname(parent)
        if parent and not os.path.isdir(parent):
            raise GtablesError(f"store path {self.path}: {parent} is a file, not a directory")

    def _check_directory(self) -> None:
        try:
            fd = fsio.open_dir(self.root)
        except OSError as e:
            raise GtablesError(f"store path {self.path}: {fsio.reason(e)}") from None
        try:
            marker = self._read_marker(fd)
            if marker is None:
                # a concurrent creator's marker on its way is a temporary file: not foreign
                entries = [e for e in os.listdir(fd) if not e.startswith(fsio.TMP_PREFIX)]
                if entries and self._read_marker(fd) is None:   # not a creator racing us
                    raise GtablesError(
                        f"{self.path} is a directory but not a gtables store (it has no {MARKER}); "
                        f"give a new or empty directory")
        finally:
            os.close(fd)

    def _read_marker(self, root_fd: int) -> dict | None:
        try:
            fd, st = fsio.open_regular(MARKER, root_fd)
        except FileNotFoundError:
            return None
        except OSError as e:
            raise GtablesError(f"{self.path}: its {MARKER} cannot be read ({fsio.reason(e)}); "
                               f"it is not a usable gtables store") from None
        try:
            data = fsio.read_all(fd, min(st.st_size, 1 << 16))
        finally:
            os.close(fd)
        marker: dict = {}
        try:
            loaded = json.loads(data)
            ok = isinstance(loaded, dict) and loaded.get("schema") == "gtables.store"
            marker = loaded if ok else {}
        except ValueError:
            ok = False
        if not ok:
            raise GtablesError(f"{self.path}: its {MARKER} is not a gtables store marker")
        layout = marker.get("layout", 0)
        if not isinstance(layout, int) or isinstance(layout, bool):
            raise GtablesError(f"{self.path}: its {MARKER} is not a gtables store marker")
        if layout > LAYOUT:
            raise GtablesError(f"{self.path}: store layout {marker.get('layout')} is newer than "
                               f"this gtables reads ({LAYOUT}); upgrade gtables")
        self.id = str(marker.get("id", ""))
        return marker

    def _check_file(self) -> None:
        try:
            fd, _ = fsio.open_regular(self.root)
        except OSError as e:
            raise GtablesError(f"store path {self.path}: {fsio.reason(e)}") from None
        with os.fdopen(fd, "rb") as fh:
            if fh.read(8) != HDF5_MAGIC:
                raise GtablesError(f"store path {self.path} is a file that is not a gtables "
                                   f"store: give a directory (created if missing) or an "
                                   f"export file")
            fh.seek(0)
            try:
                with tf.open_file(fh) as f:
                    schema = tf.decode(f.attrs.get("schema"))
            except (OSError, RuntimeError, ValueError) as e:
                raise GtablesError(f"store path {self.path}: an HDF5 file that cannot be read "
                                   f"({tf.one_line(e)})") from None
        if schema == tf.EXPORT_SCHEMA:
            self.kind = "export"
            return
        if schema == tf.STORE_V2_SCHEMA:
            raise GtablesError(f"{self.path} is a single-file store of an older gtables; the store "
                               f"is now a directory: bring its tables over with: gtables import "
                               f"{self.path} --store DIRECTORY")
        raise GtablesError(f"{self.path} is an HDF5 file but not a gtables store or export file "
                           f"(gtables never writes into files of others)")

    @property
    def readonly(self) -> bool:
        return self.kind == "export"

    def exists(self) -> bool:
        if self.kind == "export":
            return True
        try:
            fd = fsio.open_dir(self.root)
        except OSError:
            return False
        try:
            return self._read_marker(fd) is not None
        finally:
            os.close(fd)

    # -- directories ------------------------------------------------------------------------
    def _refuse_export(self, doing: str) -> None:
        if self.kind == "export":
            raise GtablesError(f"cannot {doing}: {self.path} is an export file, read-only; "
                               f"bring its tables into a store with: gtables import {self.path}")

    def _open_root(self, create: bool) -> int:
        if create:
            try:
                os.makedirs(self.root, exist_ok=True)
            except OSError as e:
                raise GtablesError(f"cannot create the store {self.path}: {fsio.reason(e)}") \
                    from None
        try:
            fd = fsio.open_dir(self.root)
        except FileNotFoundError:
            raise GtablesError(f"no store at {self.path} (compute a table first, or pass "
                               f"--store)") from None
        except OSError as e:
            raise GtablesError(f"store {self.path}: {fsio.reason(e)}") from None
        try:
            marker = self._read_marker(fd)
            if marker is None:
                if not create:
                    raise GtablesError(f"no store at {self.path} (compute a table first, or pass "
                                       f"--store)")
                self._write_marker(fd)
        except BaseException:
            os.close(fd)
            raise
        return fd

    def _write_marker(self, root_fd: int) -> None:
        """Make the store: its marker written whole under a temporary name and published by
        ``link`` (atomic; the name only if free).  Creators racing on one new directory all
        succeed: the first marker published is the store's, the others read it."""
        if any(not e.startswith(fsio.TMP_PREFIX) for e in os.listdir(root_fd)):
            if self._read_marker(root_fd) is not None:    # another creator published it since
                self._key_at(root_fd, create=True)
                return
            raise GtablesError(f"{self.path} is a directory but not a gtables store (it has no "
                               f"{MARKER}); give a new or empty directory")
        body = json.dumps({"schema": "gtables.store", "layout": LAYOUT,
                           "id": uuid.uuid4().hex, "created": now()}).encode()
        try:
            tmp = fsio.write_new(root_fd, body)
            fsio.publish(root_fd, tmp, MARKER, replace=False)   # False: another creator won
        except OSError as e:
            raise GtablesError(f"cannot create the store {self.path}: {fsio.reason(e)}") from None
        self._read_marker(root_fd)
        self._key_at(root_fd, create=True)

    # -- the secret key of the seals ----------------------------------------------------------
    def _key_at(self, root_fd: int, create: bool) -> bytes | None:
        """The store's secret key (:data:`KEY`), made now when missing and ``create``; None
        when there is none, or it is not readable by this user (another user's store: no seal
        holds, so its tables are re-derived before use).  A key others could read proves
        nothing: refused with what to do."""
        if self._key is not None:
            return self._key
        for _ in range(2):
            try:
                fd, st = fsio.open_regular(KEY, root_fd)
            except FileNotFoundError:
                if not create:
                    return None
                try:
                    tmp = fsio.write_new(root_fd, secrets.token_bytes(KEY_BYTES), mode=0o600)
                    fsio.publish(root_fd, tmp, KEY, replace=False)   # another made it: read it
                except OSError as e:
                    raise GtablesError(f"cannot make the secret key of the store {self.path}: "
                                       f"{fsio.reason(e)}") from None
                continue
            except PermissionError:
                return None
            except OSError as e:
                raise GtablesError(f"{self.path}: its secret key {KEY} cannot be read "
                                   f"({fsio.reason(e)}); delete it (a new one is made, and "
                                   f"tables sealed with the old one are re-derived before "
                                   f"use)") from None
            try:
                data = fsio.read_all(fd, KEY_BYTES + 1)
            finally:
                os.close(fd)
            if st.st_uid != os.geteuid() or st.st_mode & 0o077:
                raise GtablesError(f"{self.path}: its secret key {KEY} can be read by others "
                                   f"(mode {stat.S_IMODE(st.st_mode):o}, owner {st.st_uid}), so "
                                   f"its seals prove nothing: delete it (a new one is made, and "
                                   f"tables sealed with the old one are re-derived before use)")
            if len(data) != KEY_BYTES:
                raise GtablesError(f"{self.path}: its secret key {KEY} is not a key "
                                   f"({len(data)} bytes): delete it (a new one is made, and "
                                   f"tables sealed with the old one are re-derived before use)")
            self._key = data
            return data
        return None

    def seal_key(self, create: bool = False) -> bytes | None:
        """The store's secret key (see :meth:`_key_at`); None for an export file, a store not
        made yet (unless ``create``) or a key this user cannot read."""
        if self.kind == "export" or (not create and not self.exists()):
            return None
        root = self._open_root(create)
        try:
            return self._key_at(root, create)
        finally:
            os.close(root)

    def sealed(self, attrs: dict) -> bool:
        """Whether ``attrs`` (of a file read from this store) carry a valid seal of its key."""
        return tf.seal_holds(attrs, self.seal_key())

    @contextlib.contextmanager
    def _folder(self, area: str, family: str, create: bool):
        """The descriptor of ``<store>/<area>/<family>`` (None when it is not there and not
        ``create``)."""
        root = self._open_root(create)
        fds = [root]
        try:
            try:
                fds.append(fsio.open_dir(area, root, create=create))
                fds.append(fsio.open_dir(family, fds[-1], create=create))
            except FileNotFoundError:
                yield None
                return
            except OSError as e:
                raise GtablesError(f"store {self.path}: {area}/{family}: {fsio.reason(e)}") \
                    from None
            yield fds[-1]
        finally:
            for fd in reversed(fds):
                os.close(fd)

    def _areas(self, area: str, problems: builtins.list | None = None):
        """``(family folder name, descriptor)`` of every folder under ``<store>/<area>``.
        Anything else where a folder should be (a link, a file) is never read: with
        ``problems`` (a list) a row saying so is appended to it (``list`` and ``check`` report
        it as damage, so that no table drops out of view unsaid); without, ``area`` itself
        raises and a family entry is passed over."""
        if not self.exists():
            return
        root = self._open_root(False)
        try:
            top = -1
            try:
                top = fsio.open_dir(area, root)
            except FileNotFoundError:
                return
            except OSError as e:           # a link or a file planted as the area
                if problems is None:
                    raise GtablesError(f"store {self.path}: {area}: {fsio.reason(e)}") from None
                problems.append(self._folder_problem(area, e))
                return
            try:
                for fam in sorted(os.listdir(top)):
                    fd = -1
                    try:
                        fd = fsio.open_dir(fam, top)
                    except OSError as e:   # a planted file or link among the family folders
                        if problems is not None and not fam.startswith(fsio.TMP_PREFIX):
                            problems.append(self._folder_problem(f"{area}/{fam}", e))
                        continue
                    try:
                        yield fam, fd
                    finally:
                        os.close(fd)
            finally:
                os.close(top)
        finally:
            os.close(root)

    def _entries(self, area: str, problems: builtins.list):
        """``(family folder name, its descriptor, file name)`` of every entry under
        ``<store>/<area>`` but dot-files (temporary files among them), sorted by name in each
        folder; ``problems`` as for :meth:`_areas`."""
        for fam, dfd in self._areas(area, problems):
            for name in sorted(os.listdir(dfd)):
                if not name.startswith("."):
                    yield fam, dfd, name

    def _folder_problem(self, rel: str, e: OSError) -> dict:
        shown = f"(folder {rel})"
        why = "a symbolic link" if e.errno == errno.ELOOP else \
            "not a folder" if e.errno == errno.ENOTDIR else fsio.reason(e)
        return {"spec": shown, "file": rel,
                "damaged": f"{shown} is {why}, where the store keeps a folder: nothing under it "
                           f"is read (the store never follows links); put the folder itself "
                           f"there, or remove it"}

    # -- reading ----------------------------------------------------------------------------
    def __contains__(self, spec: str) -> bool:
        if self.kind == "export":
            with self._export() as f:
                return self._export_group(f, spec) is not None
        if not self.exists():
            return False
        with self._folder(TABLES, names.family_dir(spec), False) as fd:
            return fd is not None and fsio.entry_kind(names.file_name(spec), fd) is not None

    def _damaged(self, spec: str, why: str) -> GtablesError:
        return GtablesError(f"table {spec} in {self.path} is damaged ({why}); repair it with: "
                            f"{repair_hint(spec, self.path)}")

    def get(self, spec: str) -> StoredTable:
        """The table stored under ``spec`` (its canonical spec), checked (see the module
        docstring); a :class:`GtablesError` names the table and how to repair it."""
        if self.kind == "export":
            return self._export_get(spec)
        missing = GtablesError(f"table {spec} is not in the store {self.path} (run: gtables "
                               f"compute {spec})")
        if not self.exists():
            raise missing
        try:
            fd = self._open_file(TABLES, spec)
        except fsio.NotRegular as e:
            raise self._damaged(spec, f"{e.strerror}; refused without being opened") from None
        except OSError as e:
            raise GtablesError(f"cannot read table {spec} in {self.path}: "
                               f"{fsio.reason(e)}") from None
        if fd is None:
            raise missing
        return self._open_table(fd, spec)

    def _open_file(self, area: str, key: str) -> int | None:
        """A descriptor of the regular file of ``key`` in ``area``, None when its folder or
        the file is not there; what else opening it raises (an OSError, fsio.NotRegular for
        anything but a regular file) is the caller's to word."""
        with self._folder(area, names.family_dir(key), False) as dfd:
            if dfd is None:
                return None
            try:
                return fsio.open_regular(names.file_name(key), dfd)[0]
            except FileNotFoundError:
                return None

    def _open_table(self, fd: int, spec: str) -> StoredTable:
        fh = os.fdopen(fd, "rb")
        try:
            f = tf.open_file(fh)
        except (OSError, RuntimeError, ValueError) as e:
            fh.close()
            raise self._damaged(spec, f"not a readable HDF5 file: {tf.one_line(e)}") from None
        try:
            self._check_root(f, tf.TABLE_SCHEMA)
            h = tf.Handle(f, tf.TABLE_SCHEMA)
            if h.attrs.get("spec") != spec:
                raise tf.Damaged("its stored spec does not match its name")
            sealed = self.sealed(h.attrs)
        except tf.Damaged as e:
            f.close()
            fh.close()
            raise self._damaged(spec, str(e)) from None
        except BaseException:
            f.close()
            fh.close()
            raise
        return StoredTable(self, spec, h, _Closing(f, fh), self.path, sealed)

    @staticmethod
    def _check_root(f, schema: str) -> None:
        try:
            tf.check_schema(tf.decode(f.attrs.get("schema")),
                            tf.decode(f.attrs.get("schema_version")), schema)
        except (OSError, RuntimeError, KeyError) as e:
            raise tf.Damaged(f"unreadable: {tf.one_line(e)}") from None

    # -- listing ----------------------------------------------------------------------------
    def list(self) -> builtins.list[dict]:
        """Every table's attributes (JSON ones decoded), ``length``, ``stored_bytes``, ``file``
        and ``damaged`` (a reason, or None; attributes and layout only: ``check`` reads the
        data).  Rows of files unchanged since the last listing come from a cache.  An export
        file lists only what is checked against the data (:meth:`_export_list`)."""
        if self.kind == "export":
            return self._export_list()
        out: builtins.list[dict] = []
        if not self.exists():
            return out
        cache, changed = self._read_cache(), False
        seen = {}
        problems: builtins.list[dict] = []
        for fam, dfd, name in self._entries(TABLES, problems):
            rel = f"{fam}/{name}"
            try:
                st = os.lstat(name, dir_fd=dfd)
            except OSError:
                continue
            sig = [st.st_ino, st.st_size, st.st_mtime_ns, st.st_mode]
            row = _cached_row(cache.get(rel), sig, rel)
            if row is None:
                row = self._row(dfd, fam, name, st)
                changed = True
            seen[rel] = [sig, row]
            out.append(dict(row))
        if changed or set(seen) != set(cache):
            self._write_cache(seen)
        return sorted(out + problems, key=lambda a: str(a.get("spec", "")))

    def _row(self, dfd: int, fam: str, name: str, st) -> dict:
        rel = f"{fam}/{name}"
        shown = f"(file {TABLES}/{rel})"
        if not stat.S_ISREG(st.st_mode) or not name.endswith(names.SUFFIX):
            what = "a symbolic link" if stat.S_ISLNK(st.st_mode) else \
                "not a table file" if stat.S_ISREG(st.st_mode) else "not a regular file"
            return {"spec": shown, "file": rel, "damaged": f"{shown} is {what}; refused"}
        try:
            fd, _ = fsio.open_regular(name, dfd)
        except OSError as e:
            return {"spec": shown, "file": rel, "damaged": f"{shown}: {fsio.reason(e)}"}
        with os.fdopen(fd, "rb") as fh:
            try:
                with tf.open_file(fh) as f:
                    spec = None
                    with contextlib.suppress(Exception):
                        spec = str(tf.decode(f["values"].attrs["spec"]))
                    try:
                        self._check_root(f, tf.TABLE_SCHEMA)
                        h = tf.Handle(f, tf.TABLE_SCHEMA)
                        spec = str(h.attrs.get("spec"))
                        if names.relname(spec) != rel:
                            raise tf.Damaged("its stored spec does not match its file name")
                    except tf.Damaged as e:
                        ok = spec is not None and names.relname(spec) == rel
                        who = spec if ok and spec is not None else shown
                        why = str(e) if ok else f"{e}; it claims to be {spec!r}"
                        return {"spec": who, "file": rel,
                                "damaged": str(self._damaged(who, why)) if ok else
                                f"{shown} is damaged ({why})"}
            except (OSError, RuntimeError, ValueError) as e:
                return {"spec": shown, "file": rel,
                        "damaged": f"{shown} is not a readable HDF5 file ({tf.one_line(e)})"}
        row = _decoded(h.attrs)
        row.update(length=h.length, stored_bytes=st.st_size, file=rel, damaged=None)
        return row

    def _read_cache(self) -> dict:
        try:
            root = fsio.open_dir(self.root)
        except OSError:
            return {}
        try:
            cdir = fsio.open_dir(CACHE, root)
            try:
                fd, st = fsio.open_regular("list.json", cdir)
            finally:
                os.close(cdir)
            try:
                data = json.loads(fsio.read_all(fd, st.st_size))
            finally:
                os.close(fd)
            if isinstance(data, dict) and data.get("layout") == LAYOUT:
                rows = data.get("rows")
                return rows if isinstance(rows, dict) else {}
        except (OSError, ValueError):
            pass
        finally:
            os.close(root)
        return {}

    def _write_cache(self, rows: dict) -> None:
        """Best effort: a read-only store simply lists without a cache."""
        try:
            root = fsio.open_dir(self.root)
        except OSError:
            return
        try:
            cdir = fsio.open_dir(CACHE, root, create=True)
            try:
                body = json.dumps({"layout": LAYOUT, "rows": rows}, default=str).encode()
                tmp = fsio.write_new(cdir, body)
                fsio.publish(cdir, tmp, "list.json", replace=True)
            finally:
                os.close(cdir)
        except OSError:
            pass
        finally:
            os.close(root)

    def to_pandas(self):
        """What the store holds, as a :class:`pandas.DataFrame`, from attributes only: one row
        per table (``status`` complete or damaged) and one per checkpoint (``partial``: its spec
        is the game without a size, ``positions`` the heaps computed so far).  Needs pandas."""
        pd = notebook_module("pandas", "Store.to_pandas()")
        rows = []
        for a in self.list():
            rows.append({"spec": a.get("spec"), "family": a.get("family"), "kind": a.get("kind"),
                         "positions": a.get("length"), "dtype": a.get("dtype"),
                         "max_value": a.get("max_value"),
                         "compute_seconds": a.get("compute_seconds"), "created": a.get("created"),
                         "status": "damaged" if a.get("damaged") else "complete"})
        for c in self.checkpoints():
            seq = c["sequence_key"]
            rows.append({"spec": seq, "family": seq.split(":", 1)[0], "kind": None,
                         "positions": c.get("length"), "dtype": c.get("dtype"),
                         "max_value": None, "compute_seconds": c.get("compute_seconds"),
                         "created": c.get("updated"), "status": "partial"})
        frame = pd.DataFrame(rows, columns=list(FRAME_COLUMNS))
        if len(frame):
            frame["created"] = pd.to_datetime(frame["created"], utc=True, errors="coerce")
        return frame

    list_frame = to_pandas

    def check(self) -> builtins.list[dict]:
        """Read and verify every table, checkpoint and quotient in full, one chunk in memory at
        a time: one row each with ``spec``, ``kind`` (table, checkpoint, quotient, leftover) and
        ``damaged`` (None, or why).  ``leftover`` rows are temporary files of killed writers: never read,
        safe to delete, not damage."""
        rows = []
        for a in self.list():
            row = {"spec": a["spec"], "kind": "table", "damaged": a.get("damaged")}
            if row["damaged"] is None:
                try:
                    t = self.get(a["spec"])
                    try:
                        t.verify()
                        row["sealed"] = t.sealed
                    finally:
                        t.close()
                except NotEnoughMemory:
                    raise
                except MemoryError:
                    raise NotEnoughMemory(f"not enough memory to check {a['spec']} (an "
                                          f"address-space limit such as ulimit -v, or the "
                                          f"machine's memory)") from None
                except GtablesError as e:
                    if a["spec"] not in self:      # deleted meanwhile: gone, not damaged
                        continue
                    row["damaged"] = str(e)
            rows.append(row)
        for listed, key, kind, read in ((self.checkpoints(), "sequence_key", "checkpoint",
                                          self.read_checkpoint),
                                         (self.quotients(), "spec", "quotient",
                                          self.read_quotient)):
            for c in listed:
                row = {"spec": c[key], "kind": kind, "damaged": c.get("damaged")}
                if row["damaged"] is None:
                    try:
                        read(c[key])
                    except NotEnoughMemory:
                        raise
                    except MemoryError:
                        raise NotEnoughMemory(f"not enough memory to check {c[key]}") from None
                    except GtablesError as e:
                        row["damaged"] = str(e)
                rows.append(row)
        if self.kind == "directory":
            for area in (TABLES, CHECKPOINTS, QUOTIENTS):
                for fam, dfd in self._areas(area, []):
                    for name in os.listdir(dfd):
                        if name.startswith(fsio.TMP_PREFIX):
                            rows.append({"spec": f"{area}/{fam}/{name}", "kind": "leftover",
                                         "damaged": None})
        return rows

    # -- writing ----------------------------------------------------------------------------
    def check_writable(self) -> None:
        """Fail now, not after a long computation, if this store cannot take a table: an export
        file, a read-only or full directory, a folder that is a link.  Creates the store's
        folders (an empty store) but writes no table."""
        self._refuse_export("write into it")
        root = self._open_root(True)
        tdir = -1
        try:
            try:
                tdir = fsio.open_dir(TABLES, root, create=True)
            except OSError as e:
                raise GtablesError(f"cannot write the store {self.path}: {TABLES}: "
                                   f"{fsio.reason(e)}") from None
            try:
                tmp = fsio.write_new(tdir, b"probe")
                fsio.remove(tmp, tdir)
            except OSError as e:
                raise GtablesError(f"cannot write the store {self.path}: {fsio.reason(e)}") \
                    from None
            finally:
                os.close(tdir)
        finally:
            os.close(root)

    def _publish(self, area: str, spec: str, schema: str, values: np.ndarray, attrs: dict,
                 replace: bool, what: str, aux: dict | None = None) -> bool:
        self._refuse_export(f"write {what}")
        key = self.seal_key(create=True)
        if key is None:
            raise GtablesError(f"cannot write {what} into {self.path}: its secret key {KEY} "
                               f"is not readable by this user (a store of another user's)")
        values = np.ascontiguousarray(values).reshape(-1)
        full = dict(attrs, schema=schema, schema_version=tf.FILE_VERSION)
        full.pop("meta_checksum", None)
        full.pop(tf.SEAL, None)
        try:
            img = tf.image(schema, values, full, key=key, aux=aux)
            with tf.open_file(io.BytesIO(img)) as f:       # the image, before it reaches a disk
                h = tf.Handle(f, schema)
                h.verify()
                if set(h.aux()) != set(aux or {}):
                    raise tf.Damaged("the image lacks an array kept beside the values")
                if h.attrs.get("checksum") != tf.checksum(values):
                    raise tf.Damaged("the image differs from the values")
        except MemoryError:
            raise GtablesError(f"cannot write {what} into {self.path}: out of memory") from None
        except tf.Damaged as e:
            raise GtablesError(f"gtables bug: {what} made a table file that fails its own "
                               f"check ({e})") from None
        digest = tf.sha256_of(np.frombuffer(img, dtype=np.uint8)).digest()
        with self._folder(area, names.family_dir(spec), True) as dfd:
            try:
                tmp = fsio.write_new(dfd, img)
            except OSError as e:
                raise GtablesError(f"cannot write {what} into {self.path}: {fsio.reason(e)} "
                                   f"(nothing stored was changed)") from None
            try:
                fd, st = fsio.open_regular(tmp, dfd)
                try:
                    back = fsio.read_all(fd, st.st_size)
                finally:
                    os.close(fd)
                if tf.sha256_of(np.frombuffer(back, dtype=np.uint8)).digest() != digest:
                    fsio.remove(tmp, dfd)
                    raise GtablesError(f"writing {what} into {self.path} failed: the file read "
                                       f"back differs from the file written")
                return fsio.publish(dfd, tmp, names.file_name(spec), replace)
            except OSError as e:
                fsio.remove(tmp, dfd)
                raise GtablesError(f"cannot write {what} into {self.path}: {fsio.reason(e)} "
                                   f"(nothing stored was changed)") from None

    def write(self, spec: str, values: np.ndarray, attrs: dict, force: bool = False,
              aux: dict | None = None) -> None:
        """Publish a table (see the module docstring).  Without ``force`` the name must be
        free (:class:`AlreadyStored` otherwise); with it the new file replaces the old one.
        ``aux``: named int64 arrays kept beside the values (a canonical-value table's pool)."""
        values = np.ascontiguousarray(values).reshape(-1)
        full = {k: v for k, v in attrs.items()
                if k not in ("checksum", "chunk_digests", "chunk_elems", "length", "dtype")}
        full.update(spec=spec, max_value=int(values.max()) if values.size else 0, complete=1)
        full.setdefault("created", now())
        if not self._publish(TABLES, spec, tf.TABLE_SCHEMA, values, full, force,
                             f"table {spec}", aux=aux):
            raise AlreadyStored(f"table {spec} is already stored (use --force to replace it)")

    def delete(self, spec: str) -> None:
        self._refuse_export("delete from it")
        with self._folder(TABLES, names.family_dir(spec), False) as dfd:
            if dfd is None or fsio.entry_kind(names.file_name(spec), dfd) is None:
                raise GtablesError(f"table {spec} is not in the store {self.path}")
            try:
                os.unlink(names.file_name(spec), dir_fd=dfd)
            except OSError as e:
                raise GtablesError(f"cannot delete {spec} from {self.path}: {fsio.reason(e)}") \
                    from None

    # -- checkpoints ------------------------------------------------------------------------
    def write_checkpoint(self, sequence_key: str, values: np.ndarray, seconds: float = 0.0,
                         extra: dict | None = None) -> None:
        """Publish the prefix ``values`` of a running sequence as its checkpoint (a new file
        replacing the last one)."""
        attrs = {"sequence_key": sequence_key, "compute_seconds": round(float(seconds), 6),
                 "updated": now()}
        if extra is not None:
            attrs["extra"] = extra
        self._publish(CHECKPOINTS, sequence_key, tf.CHECKPOINT_SCHEMA, values, attrs, True,
                      f"the checkpoint of {sequence_key}")

    def _ck_problem(self, key: str, why: str) -> GtablesError:
        return GtablesError(f"the checkpoint of {key} in {self.path} is damaged ({why}); it is "
                            f"not used, and the next checkpoint of that run replaces it")

    def read_checkpoint(self, sequence_key: str) -> tuple[np.ndarray, dict] | None:
        """The values and attributes (``extra`` decoded) of the checkpoint of
        ``sequence_key``, verified; None when there is none.  A damaged one raises."""
        return self._read_keyed(CHECKPOINTS, tf.CHECKPOINT_SCHEMA, "sequence_key", sequence_key,
                                self._ck_problem)

    def _read_keyed(self, area: str, schema: str, key_attr: str, key: str, problem):
        """The verified values and attributes of the file of ``key`` in ``area`` (its
        ``key_attr`` must give back its name), None when there is none; damage raises
        ``problem(key, why)``."""
        if self.kind == "export" or not self.exists():
            return None
        try:
            fd = self._open_file(area, key)
        except OSError as e:
            raise problem(key, fsio.reason(e)) from None
        if fd is None:
            return None
        with os.fdopen(fd, "rb") as fh:
            try:
                with tf.open_file(fh) as f:
                    self._check_root(f, schema)
                    h = tf.Handle(f, schema)
                    if h.attrs.get(key_attr) != key:
                        raise tf.Damaged(f"its {key_attr.replace('_', ' ')} does not match its "
                                         f"name")
                    values = h.load()
            except tf.Damaged as e:
                raise problem(key, str(e)) from None
            except (OSError, RuntimeError, ValueError) as e:
                raise problem(key, tf.one_line(e)) from None
        out = _decoded(h.attrs)
        out["sealed"] = self.sealed(h.attrs)     # written by gtables here (see Store.sealed)
        return values, out

    def drop_checkpoint(self, sequence_key: str) -> None:
        if self.kind == "export" or not self.exists():
            return
        with self._folder(CHECKPOINTS, names.family_dir(sequence_key), False) as dfd:
            if dfd is not None:
                fsio.remove(names.file_name(sequence_key), dfd)

    def checkpoints(self) -> builtins.list[dict]:
        """Every checkpoint's attributes (``damaged``: why it cannot be used, or None)."""
        return self._list_keyed(CHECKPOINTS, tf.CHECKPOINT_SCHEMA, "sequence_key", "checkpoint")

    def _list_keyed(self, area: str, schema: str, key_attr: str, what: str
                    ) -> builtins.list[dict]:
        out: builtins.list[dict] = []
        if self.kind == "export":
            return out
        problems: builtins.list[dict] = []
        for fam, dfd, name in self._entries(area, problems):
            shown = f"({what} file {fam}/{name})"
            try:
                fd, _ = fsio.open_regular(name, dfd)
            except OSError as e:
                out.append({key_attr: shown, "damaged": f"{shown}: {fsio.reason(e)}"})
                continue
            with os.fdopen(fd, "rb") as fh:
                try:
                    with tf.open_file(fh) as f:
                        self._check_root(f, schema)
                        h = tf.Handle(f, schema)
                        key = str(h.attrs.get(key_attr))
                        if names.relname(key) != f"{fam}/{name}":
                            raise tf.Damaged(f"its {key_attr.replace('_', ' ')} does not "
                                             f"match its name")
                        row = _decoded(h.attrs)
                        row.update(length=h.length, damaged=None)
                        out.append(row)
                except (tf.Damaged, OSError, RuntimeError, ValueError) as e:
                    out.append({key_attr: shown,
                                "damaged": f"{shown} is damaged ({tf.one_line(e)})"})
        return out + [{key_attr: p["spec"], "damaged": p["damaged"]} for p in problems]

    # -- misère quotients -------------------------------------------------------------------
    # A quotient (gtables.quotients) is kept like a table: one immutable file under
    # quotients/<family>/, named by the spec of the heap game it is the quotient of (the heaps
    # 0..size), its arrays as the values and its structure as the JSON attribute ``extra``.
    def write_quotient(self, spec: str, values: np.ndarray, extra: dict,
                       force: bool = False) -> None:
        """Publish a quotient (``values``: its arrays, flat int32; ``extra``: the rest)."""
        attrs = {"spec": spec, "extra": extra, "created": now(), "complete": 1}
        if not self._publish(QUOTIENTS, spec, tf.QUOTIENT_SCHEMA, values, attrs, force,
                             f"the quotient of {spec}"):
            raise AlreadyStored(f"the quotient of {spec} is already stored (use --force to "
                                f"replace it)")

    def _q_problem(self, spec: str, why: str) -> GtablesError:
        return GtablesError(f"the stored quotient of {spec} in {self.path} is damaged ({why}); "
                            f"it is not used: compute it again with gtables quotient {spec} "
                            f"--force")

    def read_quotient(self, spec: str) -> tuple[np.ndarray, dict] | None:
        """The verified arrays and attributes (``extra`` decoded) of the quotient stored
        under ``spec``; None when there is none.  A damaged one raises."""
        return self._read_keyed(QUOTIENTS, tf.QUOTIENT_SCHEMA, "spec", spec, self._q_problem)

    def quotients(self) -> builtins.list[dict]:
        """Every stored quotient's attributes (``damaged``: why it cannot be used, or None)."""
        return self._list_keyed(QUOTIENTS, tf.QUOTIENT_SCHEMA, "spec", "quotient")

    def delete_quotient(self, spec: str) -> None:
        self._refuse_export("delete from it")
        with self._folder(QUOTIENTS, names.family_dir(spec), False) as dfd:
            if dfd is None or fsio.entry_kind(names.file_name(spec), dfd) is None:
                raise GtablesError(f"no quotient of {spec} in the store {self.path}")
            fsio.remove(names.file_name(spec), dfd)

    # -- export files -----------------------------------------------------------------------
    @contextlib.contextmanager
    def _export(self):
        try:
            fd, _ = fsio.open_regular(self.root)
        except OSError as e:
            raise GtablesError(f"cannot read {self.path}: {fsio.reason(e)}") from None
        fh = os.fdopen(fd, "rb")
        try:
            try:
                f = tf.open_file(fh)
            except (OSError, RuntimeError, ValueError) as e:
                raise GtablesError(f"cannot read {self.path}: {tf.one_line(e)}") from None
            try:
                yield f
            finally:
                f.close()
        finally:
            fh.close()

    @staticmethod
    def _export_group(f, spec: str):
        h5py = tf.h5py()
        g = f
        for part in (TABLES, names.family_dir(spec), names.file_name(spec)):
            link = g.get(part, getlink=True)
            if link is None:
                return None
            if not isinstance(link, h5py.HardLink):
                raise tf.Damaged("it is reached through a link, which is never followed")
            g = g[part]
            if not isinstance(g, h5py.Group):
                raise tf.Damaged("it is not a table group")
        return g

    def _export_get(self, spec: str) -> StoredTable:
        fd, _ = fsio.open_regular(self.root)
        fh = os.fdopen(fd, "rb")
        f = tf.open_file(fh)
        try:
            g = self._export_group(f, spec)
            if g is None:
                raise GtablesError(f"table {spec} is not in the export file {self.path}")
            h = tf.Handle(g, tf.TABLE_SCHEMA)
            if h.attrs.get("spec") != spec:
                raise tf.Damaged("its stored spec does not match its name")
        except tf.Damaged as e:
            f.close()
            fh.close()
            raise GtablesError(f"table {spec} in {self.path} is damaged ({e})") from None
        except BaseException:
            f.close()
            fh.close()
            raise
        return StoredTable(self, spec, h, _Closing(f, fh), self.path)

    def _export_list(self) -> builtins.list[dict]:
        """:meth:`list` of an export file: each table's spec (its name), family, length and
        dtype (checked against its data), ``verified`` saying that nothing else is; none of
        the attributes its sender wrote (issue 39: a largest value of 99 was listed for a
        table of 9, a forged period in ``--json``).  ``load`` re-derives and describes it."""
        h5py = tf.h5py()
        out: builtins.list[dict] = []
        with self._export() as f:
            top = f.get(TABLES)
            for fam in (top if isinstance(top, h5py.Group) else ()):
                for name in top[fam] if isinstance(top.get(fam), h5py.Group) else ():
                    rel = f"{fam}/{name}"
                    try:
                        g = top[fam][name]
                        h = tf.Handle(g, tf.TABLE_SCHEMA)
                        spec = str(h.attrs.get("spec"))
                        if names.relname(spec) != rel:
                            raise tf.Damaged("its stored spec does not match its name")
                    except (tf.Damaged, OSError, RuntimeError, KeyError, ValueError) as e:
                        out.append({"spec": f"(entry {rel})", "file": rel,
                                    "damaged": f"(entry {rel}) is damaged ({tf.one_line(e)})"})
                        continue
                    # what was checked against the data, and no more: the rest is the
                    # sender's word (a largest value, a period, statistics, a kind, times)
                    out.append({"spec": spec, "family": spec.partition(":")[0],
                                "length": h.length, "dtype": str(h.dtype), "stored_bytes": None,
                                "file": rel, "damaged": None, "verified": NOT_VERIFIED})
        return sorted(out, key=lambda a: str(a.get("spec", "")))

    def export(self, specs: builtins.list[str], to: str,
               quotients: Sequence[str] = ()) -> int:
        """Write the tables ``specs`` and the quotients ``quotients`` (each verified) into one
        new, self-contained export file ``to`` (never over an existing file); returns how many
        of both."""
        if to.endswith(os.sep) or (os.altsep and to.endswith(os.altsep)) or \
                os.path.basename(to) in ("", ".", ".."):
            raise GtablesError(f"cannot export to {to}: that names a directory; give a file "
                               f"name, e.g. {os.path.join(to, 'share.h5')}")
        target = os.path.realpath(to)
        if os.path.lexists(to) or os.path.lexists(target):
            raise GtablesError(f"{to} exists: an export never writes over a file (remove it, or "
                               f"choose another name)")
        parent = os.path.dirname(target)
        if not os.path.isdir(parent):
            raise GtablesError(f"cannot export to {to}: {parent} is not a directory")
        inside = store_around(parent)
        if inside is not None:
            raise GtablesError(f"cannot export to {to}: it is inside the store {inside}, whose "
                               f"folders hold only the files gtables publishes there; write "
                               f"the export file outside any store")
        tables = [self.get(s) for s in specs]
        quots = []
        for s in quotients:
            got = self.read_quotient(s)
            if got is None:
                for t in tables:
                    t.close()
                raise GtablesError(f"no quotient of {s} in the store {self.path} (gtables list "
                                   f"shows the stored quotients)")
            quots.append((s, got))
        tf.room_for_hdf5("making an export file")
        bio = io.BytesIO()
        with tf.h5py().File(bio, "w") as f:
            f.attrs["schema"] = tf.EXPORT_SCHEMA
            f.attrs["schema_version"] = tf.FILE_VERSION
            f.attrs["created"] = now()
            for t in tables:
                values = t.load()
                attrs = {k: v for k, v in t.attrs.items() if k not in ("meta_checksum", tf.SEAL)}
                tf.export_image_add(f, names.relname(t.spec), values, attrs, aux=t.aux())
                t.close()
            for s, (values, attrs) in quots:
                attrs = {k: v for k, v in attrs.items()
                         if k not in ("meta_checksum", tf.SEAL, "sealed")}
                tf.export_image_add(f, names.relname(s), values, attrs, area=QUOTIENTS)
        try:
            pfd = fsio.open_dir(parent)
        except OSError as e:
            raise GtablesError(f"cannot export to {to}: {fsio.reason(e)}") from None
        try:
            tmp = fsio.write_new(pfd, bio.getbuffer())
            if not fsio.publish(pfd, tmp, os.path.basename(target), replace=False):
                raise GtablesError(f"{to} appeared while exporting: not written over")
        except OSError as e:
            raise GtablesError(f"cannot export to {to}: {fsio.reason(e)}") from None
        finally:
            os.close(pfd)
        return len(tables) + len(quots)


def store_around(path: str) -> str | None:
    """The store directory ``path`` (a real path) is in or is, or None: the nearest directory
    at or above it holding a store marker."""
    here = path
    while True:
        if os.path.isfile(os.path.join(here, MARKER)):
            return here
        up = os.path.dirname(here)
        if up == here:
            return None
        here = up


def _cached_row(hit, sig: list, rel: str) -> dict | None:
    """The cache's row of the file ``rel`` if it is one :meth:`Store._row` could have made of
    that file as it is now (same inode, size, time and mode; its own name; attributes of the
    types gtables writes), else None and the file is read again: junk in the cache costs a
    read, never a wrong row or a crash."""
    if not (isinstance(hit, builtins.list) and len(hit) == 2 and hit[0] == sig
            and isinstance(hit[1], dict)):
        return None
    row = hit[1]
    if row.get("file") != rel or not isinstance(row.get("spec"), str):
        return None
    if row.get("damaged") is not None:
        return row if isinstance(row["damaged"], str) else None
    if names.relname(row["spec"]) != rel or tf.attrs_problem(row) is not None:
        return None
    return row


class _Closing:
    """An h5py File and the Python file object under it, closed together."""

    def __init__(self, f, fh):
        self.f, self.fh = f, fh

    def close(self):
        with contextlib.suppress(Exception):
            self.f.close()
        with contextlib.suppress(Exception):
            self.fh.close()

    def __del__(self):
        self.close()


def legacy_notice(path: str) -> None:
    """Say how to bring an old single-file store over, when the store at ``path`` is not made
    yet and ``<path>.h5`` (the old default ``results/tables.h5``) is there."""
    old = path.rstrip(os.sep) + ".h5"
    if os.path.isfile(old) and not os.path.isfile(os.path.join(path, MARKER)):
        warn(f"{old} is a store of an older gtables (one file); the store is now the directory "
             f"{path}: bring its tables over with: gtables import {old}")


NOTEBOOK_INSTALL = 'pip install "gtables[notebook]"'


def notebook_module(name: str, what: str):
    """The optional module ``name`` (pandas, xarray) that ``what`` needs, or a one-line
    :class:`GtablesError` that says how to install it."""
    import importlib
    try:
        return importlib.import_module(name)
    except ImportError as e:
        raise GtablesError(f"{what} needs {name}, which is not installed ({tf.one_line(e)}): "
                           f"{NOTEBOOK_INSTALL}") from None
