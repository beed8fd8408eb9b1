"""File-system steps the store is made of, each safe against what others may plant beside it.

Every name is opened relative to a directory file descriptor, never by a path string that a
symlink could redirect: directories with ``O_DIRECTORY | O_NOFOLLOW``, files with ``O_NOFOLLOW |
O_NONBLOCK`` (a FIFO planted under a table's name cannot hang a reader) and then checked to be
regular files.  A new file is created with ``O_EXCL`` under a random name, written, fsynced and
published by ``rename`` (replace) or ``link`` (only if the name is free), then the directory is
fsynced.  Errors are :class:`OSError`; :func:`reason` says them in words (a full disk is "no
space left on device", never "a failing disk?").
"""
from __future__ import annotations

import errno
import fcntl
import os
import secrets
import stat

TMP_PREFIX = ".tmp-"
_REASONS = {
    errno.ENOSPC: "no space left on device",
    errno.EDQUOT: "disk quota exceeded",
    errno.EFBIG: "file too large (the file size limit: ulimit -f)",
    errno.EROFS: "read-only file system",
    errno.EACCES: "permission denied",
    errno.EPERM: "operation not permitted",
    errno.ELOOP: "it is a symbolic link (refused: the store never follows links)",
    errno.ENOTDIR: "not a directory",
    errno.EISDIR: "it is a directory",
    errno.ENOMEM: "out of memory",
}


def reason(e: OSError) -> str:
    """An OSError in a few words."""
    return _REASONS.get(e.errno or 0) or e.strerror or str(e) or type(e).__name__


def open_dir(name: str, dir_fd: int | None = None, create: bool = False) -> int:
    """A file descriptor of the directory ``name`` (relative to ``dir_fd``), never through a
    symlink; made first when ``create``."""
    if create:
        try:
            os.mkdir(name, 0o777, dir_fd=dir_fd)
        except FileExistsError:
            pass
    try:
        return os.open(name, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC,
                       dir_fd=dir_fd)
    except NotADirectoryError:
        if entry_kind(name, dir_fd) == "link":     # O_DIRECTORY says ENOTDIR for any link
            raise OSError(errno.ELOOP, "it is a symbolic link") from None
        raise


class NotRegular(OSError):
    """The name is there but is not a regular file (a link, a FIFO, a device, a directory)."""


def open_regular(name: str, dir_fd: int | None = None) -> tuple[int, os.stat_result]:
    """``(fd, stat)`` of the regular file ``name``, opened read-only without following a link
    and without blocking on a FIFO; :class:`NotRegular` for anything else that is there."""
    try:
        fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC,
                     dir_fd=dir_fd)
    except OSError as e:
        if e.errno == errno.ELOOP:
            raise NotRegular(errno.ELOOP, "it is a symbolic link") from None
        if e.errno in (errno.ENXIO, errno.EISDIR):
            raise NotRegular(e.errno, "it is not a regular file") from None
        raise
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        os.close(fd)
        raise NotRegular(errno.EINVAL, "it is not a regular file")
    flags = fcntl.fcntl(fd, fcntl.F_GETFL)
    fcntl.fcntl(fd, fcntl.F_SETFL, flags & ~os.O_NONBLOCK)
    return fd, st


def entry_kind(name: str, dir_fd: int | None) -> str | None:
    """``"file"``, ``"link"``, ``"dir"``, ``"other"`` for what is at ``name``, or None."""
    try:
        st = os.lstat(name, dir_fd=dir_fd)
    except FileNotFoundError:
        return None
    if stat.S_ISREG(st.st_mode):
        return "file"
    if stat.S_ISLNK(st.st_mode):
        return "link"
    if stat.S_ISDIR(st.st_mode):
        return "dir"
    return "other"


def write_new(dir_fd: int, data, mode: int = 0o666) -> str:
    """Write ``data`` (bytes-like) into a new file under a random name in ``dir_fd`` (created
    exclusively, never through a link, with permissions ``mode`` less the umask), fsynced;
    returns its name.  On any error the file is removed and the error raised."""
    name = TMP_PREFIX + secrets.token_hex(8)
    fd = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC,
                 mode, dir_fd=dir_fd)
    try:
        view = memoryview(data).cast("B")
        done = 0
        while done < len(view):
            done += os.write(fd, view[done:done + (1 << 24)])
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        remove(name, dir_fd)
        raise
    os.close(fd)
    return name


def read_all(fd: int, size: int) -> bytes:
    out = bytearray()
    while len(out) < size:
        b = os.pread(fd, min(1 << 24, size - len(out)), len(out))
        if not b:
            break
        out += b
    return bytes(out)


def publish(dir_fd: int, tmp: str, name: str, replace: bool) -> bool:
    """Give the finished file ``tmp`` its name ``name`` in ``dir_fd``, atomically: ``replace``
    renames over whatever is there; otherwise the name is taken only if free (``link``) and
    False is returned when it is not (``tmp`` is then removed).  The directory is fsynced."""
    try:
        if replace:
            os.rename(tmp, name, src_dir_fd=dir_fd, dst_dir_fd=dir_fd)
        else:
            try:
                os.link(tmp, name, src_dir_fd=dir_fd, dst_dir_fd=dir_fd, follow_symlinks=False)
            except FileExistsError:
                return False
            finally:
                remove(tmp, dir_fd)
    except BaseException:
        remove(tmp, dir_fd)
        raise
    try:
        os.fsync(dir_fd)
    except OSError:
        pass         # some file systems cannot fsync a directory; the rename is done
    return True


def remove(name: str, dir_fd: int) -> None:
    try:
        os.unlink(name, dir_fd=dir_fd)
    except OSError:
        pass
