"""Transactions on one file, without help from the file format: an advisory lock and a journal.

* :func:`flock` holds ``<file>.lock`` (``fcntl.flock``) shared or exclusive, waits a bounded time
  (``$GTABLES_LOCK_TIMEOUT``, default 120 s) and then says who holds it ("store busy: held by
  process N on HOST (command) since T").  Nested use in one thread shares the lock.
* :class:`Journal` is a file object handed to h5py for one write transaction.  Bytes past the
  file's end when the transaction began are written straight to disk; bytes that would overwrite
  existing ones stay in memory pages.  :meth:`Journal.commit` fsyncs the new bytes, writes the
  pages to ``<file>.journal`` (checksummed, fsynced, renamed into place) and only then over the
  old bytes; :func:`recover` finishes (or discards) the journal a killed writer left.  A process
  killed at any point leaves the old file or the new one, never a mixture.

Used by :mod:`gtables.store`; knows nothing of HDF5 except where its superblock records the end
of the allocated space (:func:`hdf5_eoa`), used to cut the unreachable tail a killed write left.
"""
from __future__ import annotations

import contextlib
import datetime
import errno
import fcntl
import hashlib
import io
import json
import os
import socket
import struct
import sys
import threading
import time

from .errors import GtablesError, warn

LOCK_TIMEOUT = 120.0
JOURNAL_MAGIC = b"GTJRNL01"
PAGE = 4096


def lock_timeout() -> float:
    try:
        t = float(os.environ.get("GTABLES_LOCK_TIMEOUT", LOCK_TIMEOUT))
    except ValueError:
        raise GtablesError("GTABLES_LOCK_TIMEOUT must be a number of seconds") from None
    if not t >= 0:
        raise GtablesError("GTABLES_LOCK_TIMEOUT must be a number of seconds")
    return t


_held = threading.local()   # path -> (mode, depth): nested operations of one thread share a lock


def _lock_holders(lock_path: str) -> str:
    """Who holds the lock: the writer's note in the lock file and the pids /proc/locks lists."""
    pids = []
    try:
        ino = os.stat(lock_path).st_ino
        with open("/proc/locks") as f:
            for line in f:
                parts = line.split()
                if len(parts) >= 6 and parts[5].split(":")[-1] == str(ino) and parts[4].isdigit():
                    pids.append(int(parts[4]))
    except OSError:
        pass
    note = {}
    try:
        with open(lock_path) as f:
            note = json.loads(f.read() or "{}")
    except (OSError, ValueError):
        pass
    if note.get("pid") in pids or (note and not pids):
        who = f"process {note.get('pid')} on {note.get('host')} ({note.get('command', '?')}) " \
              f"since {note.get('since')}"
        return who
    if pids:
        return "process(es) " + ", ".join(str(p) for p in sorted(set(pids))) + " (reading)"
    return "another process"


@contextlib.contextmanager
def flock(lock_path: str, exclusive: bool, what: str):
    """Hold an advisory lock on ``lock_path`` for the duration (bounded wait, then
    "store busy")."""
    held = getattr(_held, "locks", None)
    if held is None:
        held = _held.locks = {}
    key = os.path.abspath(lock_path)
    if key in held:
        mode, depth = held[key]
        if exclusive and mode != "ex":
            raise RuntimeError("gtables bug: a shared store lock cannot be upgraded in place")
        held[key] = (mode, depth + 1)
        try:
            yield
        finally:
            held[key] = (mode, held[key][1] - 1)
            if held[key][1] == 0:
                del held[key]
        return
    try:
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o666)
    except OSError as e:
        if not exclusive and e.errno in (errno.EACCES, errno.EROFS, errno.EPERM):
            # a store in a directory we cannot write: nobody like us can write it either
            yield
            return
        raise GtablesError(f"cannot {what}: cannot create the lock file {lock_path} "
                           f"({e.strerror})") from None
    try:
        deadline = time.monotonic() + lock_timeout()
        delay = 0.02
        while True:
            try:
                fcntl.flock(fd, (fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH) | fcntl.LOCK_NB)
                break
            except OSError as e:
                if e.errno not in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK):
                    raise GtablesError(f"cannot {what}: locking {lock_path} failed ({e.strerror}); "
                                       f"the file system may not support flock") from None
            if time.monotonic() >= deadline:
                raise GtablesError(f"store busy: {os.path.splitext(lock_path)[0]} is held by "
                                   f"{_lock_holders(lock_path)}; waited {lock_timeout():.0f} s "
                                   f"(set GTABLES_LOCK_TIMEOUT to wait longer)")
            time.sleep(delay)
            delay = min(delay * 2, 0.5)
        if exclusive:
            note = {"pid": os.getpid(), "host": socket.gethostname(),
                    "since": datetime.datetime.now().isoformat(timespec="seconds"),
                    "command": " ".join(os.path.basename(a) if i == 0 else a
                                        for i, a in enumerate(sys.argv[:4]))[:200]}
            try:
                os.ftruncate(fd, 0)
                os.pwrite(fd, json.dumps(note).encode(), 0)
            except OSError:
                pass
        held[key] = ("ex" if exclusive else "sh", 1)
        try:
            yield
        finally:
            del held[key]
    finally:
        os.close(fd)   # releases the flock


# -- the journal --------------------------------------------------------------------------------

def hdf5_eoa(path: str) -> int | None:
    """The end-of-allocation address recorded in a version-0/1 superblock (h5py's default), or
    None.  Bytes past it are the unreachable tail of a write that was killed."""
    try:
        with open(path, "rb") as f:
            head = f.read(64)
    except OSError:
        return None
    if len(head) < 56 or head[:8] != b"\x89HDF\r\n\x1a\n" or head[13] != 8:
        return None
    version = head[8]
    if version == 0:
        return struct.unpack("<Q", head[40:48])[0]
    if version == 1:
        return struct.unpack("<Q", head[44:52])[0]
    return None


def fsync_dir(path: str) -> None:
    try:
        fd = os.open(os.path.dirname(os.path.abspath(path)) or ".", os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
    except OSError:
        pass


class Journal(io.RawIOBase):
    """A file object for h5py that makes a write transaction atomic (see the module docstring).

    Bytes below ``base`` (the file's length when the transaction began) are never overwritten
    before :meth:`commit`: writes to them go to in-memory pages, which reads see.  Bytes at or
    past ``base`` are new and go straight to the file."""

    def __init__(self, raw, base: int):
        super().__init__()
        self.raw = raw
        self.base = base
        self.pages: dict[int, bytearray] = {}
        self.pos = 0
        self.length = os.fstat(raw.fileno()).st_size
        self.durable = False
        self.dead = False

    def readable(self):
        return True

    def writable(self):
        return True

    def seekable(self):
        return True

    def seek(self, offset, whence=0):
        if whence == 0:
            self.pos = offset
        elif whence == 1:
            self.pos += offset
        else:
            self.pos = self.length + offset
        return self.pos

    def tell(self):
        return self.pos

    def _page(self, n: int) -> bytearray:
        p = self.pages.get(n)
        if p is None:
            lo = n * PAGE
            size = min(PAGE, self.base - lo)
            p = bytearray(os.pread(self.raw.fileno(), size, lo).ljust(size, b"\0"))
            self.pages[n] = p
        return p

    def readinto(self, b):
        if self.dead:
            memoryview(b).cast("B")[:] = bytes(len(memoryview(b).cast("B")))
            return len(memoryview(b).cast("B"))
        want = min(len(b), max(0, self.length - self.pos))
        mv = memoryview(b)
        done = 0
        while done < want:
            at = self.pos + done
            if at < self.base:
                n, off = divmod(at, PAGE)
                take = min(want - done, PAGE - off, self.base - at)
                p = self.pages.get(n)
                if p is not None:
                    mv[done:done + take] = p[off:off + take]
                else:
                    data = os.pread(self.raw.fileno(), take, at)
                    mv[done:done + len(data)] = data
                    if len(data) < take:
                        mv[done + len(data):done + take] = bytes(take - len(data))
            else:
                take = want - done
                data = os.pread(self.raw.fileno(), take, at)
                mv[done:done + len(data)] = data
                if len(data) < take:
                    mv[done + len(data):done + take] = bytes(take - len(data))
            done += take
        self.pos += want
        return want

    def write(self, b):
        if self.dead:
            return len(memoryview(b).cast("B"))
        data = memoryview(b).cast("B")
        done = 0
        while done < len(data):
            at = self.pos + done
            if at < self.base:
                n, off = divmod(at, PAGE)
                take = min(len(data) - done, PAGE - off, self.base - at)
                self._page(n)[off:off + take] = data[done:done + take]
            else:
                take = len(data) - done
                os.pwrite(self.raw.fileno(), data[done:done + take], at)
            done += take
        self.pos += len(data)
        self.length = max(self.length, self.pos)
        return len(data)

    def truncate(self, size=None):
        if self.dead:
            return self.pos if size is None else size
        size = self.pos if size is None else size
        self.length = size
        if size >= self.base:
            self.raw.truncate(size)
        return size

    def flush(self):
        pass

    def commit(self, path: str) -> None:
        """Make the transaction durable and visible (see the module docstring)."""
        fd = self.raw.fileno()
        os.fsync(fd)                       # new chunks are on disk before anything points at them
        if self.pages or self.length < self.base:
            body = io.BytesIO()
            body.write(JOURNAL_MAGIC + struct.pack("<QQ", self.length, len(self.pages)))
            for n in sorted(self.pages):
                p = self.pages[n]
                body.write(struct.pack("<QQ", n * PAGE, len(p)))
                body.write(p)
            blob = body.getvalue()
            blob += hashlib.sha256(blob).digest()
            tmp = f"{path}.journal.tmp"
            with open(tmp, "wb") as j:
                j.write(blob)
                j.flush()
                os.fsync(j.fileno())
            os.replace(tmp, f"{path}.journal")
            fsync_dir(path)
            self.durable = True            # from here on the journal, not abort(), decides
            _apply_journal(path, blob)

    def abort(self) -> None:
        """Forget the transaction: the old bytes were never touched; drop the new tail.  Once
        the journal is saved the transaction is committed: the next process replays it."""
        if self.durable:
            return
        self.pages.clear()
        try:
            self.raw.truncate(self.base)
        except OSError:
            pass
        # an HDF5 handle whose close failed (a full disk) may still flush at exit: from now on
        # its writes go nowhere and its reads see zeros, so nothing can reach the file
        self.dead = True


def _apply_journal(path: str, blob: bytes) -> None:
    length, count = struct.unpack("<QQ", blob[8:24])
    at = 24
    with open(path, "r+b") as f:
        fd = f.fileno()
        for _ in range(count):
            off, n = struct.unpack("<QQ", blob[at:at + 16])
            at += 16
            os.pwrite(fd, blob[at:at + n], off)
            at += n
        f.truncate(length)
        os.fsync(fd)
    os.remove(f"{path}.journal")
    fsync_dir(path)


def recover(path: str) -> None:
    """Finish or discard the transaction a killed writer left (caller holds the exclusive lock)."""
    j = f"{path}.journal"
    with contextlib.suppress(FileNotFoundError):
        os.remove(f"{j}.tmp")       # never renamed: the old file is intact
    if not os.path.exists(j):
        return
    with open(j, "rb") as f:
        blob = f.read()
    body, digest = blob[:-32], blob[-32:]
    if len(blob) < 56 or body[:8] != JOURNAL_MAGIC or hashlib.sha256(body).digest() != digest:
        os.remove(j)                 # damaged journal: it was complete when renamed, so the disk
        fsync_dir(path)             # lost it; the store keeps its last committed state
        warn(f"{path}: discarded a damaged journal of an interrupted write")
        return
    _apply_journal(path, body)
