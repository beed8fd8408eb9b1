"""One table as HDF5: how it is laid out, made in memory, and checked before anything in it is
believed.  The only code (with :mod:`.legacy`) that imports h5py.

A table file (schema ``gtables.table``, version 3) is::

    /           attrs: schema, schema_version
    /values     the values, flat in index order: chunked, gzip (level 1; none from 256 MiB on),
                fletcher32 per chunk;
                attrs: spec, family, params, kind, encoding, index_scheme, index, shape, dtype,
                max_value, versions, created, compute_seconds, checksum (sha256 of the data),
                chunk_elems, chunk_digests (sha256 of /digests), complete, extra,
                seal (HMAC-SHA256 of the other attributes under the store's secret key: tables
                the store published itself; never in an export), meta_checksum (sha256 of
                every other attribute)
    /digests    (chunks, 32) uint8: the SHA-256 of each chunk of values

A checkpoint file (schema ``gtables.checkpoint``) has the same layout with the attributes
``sequence_key``, ``length``, ``checksum``, ``compute_seconds``, ``updated``, ``extra``.  An export
file (schema ``gtables.export``) holds many tables, each the same layout inside the group
``/tables/<family>/<name>``.

Nothing is followed and nothing is trusted: ``values`` and ``digests`` must be hard links to
plain datasets (no external or virtual storage, no soft or external links); every attribute used
to index (dtype, length, shape, chunking, digests) is checked against the data before it is
used; the chunks must all be allocated; every chunk read is checked against its digest, and a
whole load against the table's SHA-256.
"""
from __future__ import annotations

import hashlib
import hmac
import io
import json
import re

import numpy as np

from ..engine.memory import human_bytes, require_memory, rlimit_available
from ..errors import GtablesError, NotEnoughMemory

TABLE_SCHEMA = "gtables.table"
CHECKPOINT_SCHEMA = "gtables.checkpoint"
QUOTIENT_SCHEMA = "gtables.quotient"
EXPORT_SCHEMA = "gtables.export"
STORE_V2_SCHEMA = "gtables.store"
FILE_VERSION = 3
CHUNK = 1 << 20                 # values per chunk
MAX_CHUNK = 1 << 26
AUX_NAME = re.compile(r"[a-z][a-z0-9_]{0,31}")   # the name of an array kept beside the values
VALUE_DTYPES = ("uint8", "uint16", "uint32", "uint64", "int8", "int16", "int32", "int64")


# the type of each attribute gtables writes and reads back (JSON ones are text)
ATTR_TYPES: dict[str, type | tuple[type, ...]] = {
              "spec": str, "family": str, "kind": str, "encoding": str, "index_scheme": str,
              "dtype": str, "created": str, "updated": str, "sequence_key": str,
              "checksum": str, "chunk_digests": str, "max_value": int, "complete": int,
              "length": int, "chunk_elems": int, "compute_seconds": (int, float),
              "seal": str}


def attrs_problem(a: dict) -> str | None:
    """Which attribute in ``a`` has a type gtables never writes (a crafted file), or None."""
    for k, t in ATTR_TYPES.items():
        if k in a and (not isinstance(a[k], t) or isinstance(a[k], bool)):
            return f"its {k} attribute has the wrong type ({type(a[k]).__name__})"
    return None


H5_RESERVE = 32 << 20     # address space HDF5 must have left before it opens or makes a file:
                          # HDF5 2.0 crashes (SIGSEGV) when an allocation fails inside H5Fopen


SMALL = 16 << 20     # reads below this skip the memory check (reading /proc costs ~1 ms a call)


def guard_memory(need: int, what: str, **kw) -> None:
    """:func:`require_memory` for what a read is about to allocate, when it is not small."""
    if need >= SMALL:
        require_memory(need, what, **kw)


def room_for_hdf5(what: str) -> None:
    """Refuse (one line) to let HDF5 open or make a file with less than :data:`H5_RESERVE` of
    address space left under ``RLIMIT_AS`` (``ulimit -v``); free when no limit is set."""
    have = rlimit_available()
    if have is not None and have < H5_RESERVE:
        raise NotEnoughMemory(f"{what}: not enough memory for HDF5 (it needs about "
                           f"{human_bytes(H5_RESERVE)}, the memory limit ulimit -v leaves "
                           f"{human_bytes(have)}); raise the limit")


def h5py():
    import h5py as _h5py
    return _h5py


class Damaged(GtablesError):
    """A table or checkpoint that fails a check; the message says why (no location)."""


def one_line(e: BaseException) -> str:
    s = " ".join(line.strip() for line in str(e).splitlines() if line.strip())
    return s or type(e).__name__


def sha256_of(values: np.ndarray, h=None):
    h = hashlib.sha256() if h is None else h
    flat = np.ascontiguousarray(values).reshape(-1)
    step = 1 << 26
    for i in range(0, flat.size, step):
        h.update(flat[i:i + step].tobytes())
    return h


def checksum(values: np.ndarray) -> str:
    return "sha256:" + sha256_of(values).hexdigest()


def chunk_digests(values: np.ndarray, chunk: int | None = None) -> np.ndarray:
    chunk = CHUNK if chunk is None else chunk     # read at call time: tests lower CHUNK
    flat = np.ascontiguousarray(values).reshape(-1)
    n = -(-flat.size // chunk)
    out = np.zeros((n, 32), dtype=np.uint8)
    for c in range(n):
        out[c] = np.frombuffer(hashlib.sha256(flat[c * chunk:(c + 1) * chunk].tobytes()).digest(),
                               dtype=np.uint8)
    return out


def decode(v):
    if isinstance(v, bytes):
        return v.decode()
    if isinstance(v, np.generic):
        return v.item()
    return v


def attrs_of(obj) -> dict:
    return {k: decode(v) for k, v in obj.attrs.items()}


def meta_checksum(attrs: dict) -> str:
    body = {k: v for k, v in attrs.items() if k != "meta_checksum"}
    return "sha256:" + hashlib.sha256(
        json.dumps(body, sort_keys=True, default=str).encode()).hexdigest()


SEAL = "seal"     # the attribute holding a table's keyed MAC (see :func:`seal_of`)


def seal_of(attrs: dict, key: bytes) -> str:
    """The keyed MAC (HMAC-SHA256 under the store's secret ``key``) of a table's attributes as
    read back (every one but ``meta_checksum`` and the seal itself).  The attributes include the
    SHA-256 of the values and of the chunk digests, so the seal covers the values too: a file
    whose seal verifies was published by a gtables run that held the key."""
    body = {k: v for k, v in attrs.items() if k not in ("meta_checksum", SEAL)}
    msg = json.dumps(body, sort_keys=True, default=str).encode()
    return "hmac-sha256:" + hmac.new(key, msg, hashlib.sha256).hexdigest()


def seal_holds(attrs: dict, key: bytes | None) -> bool:
    """Whether ``attrs`` carry a seal made with ``key`` (compared in constant time); False
    without a key or a seal."""
    got = attrs.get(SEAL)
    return key is not None and isinstance(got, str) and hmac.compare_digest(
        got.encode(), seal_of(attrs, key).encode())


def _set_attrs(obj, attrs: dict, key: bytes | None = None) -> None:
    for k, v in attrs.items():
        if v is None or k == SEAL:
            continue
        obj.attrs[k] = json.dumps(v) if isinstance(v, (dict, list, tuple)) else v
    if key is not None:
        obj.attrs[SEAL] = seal_of(attrs_of(obj), key)
    obj.attrs["meta_checksum"] = meta_checksum(attrs_of(obj))


# gzip at level 1: a 2^28-value board table compresses in 3.5 s instead of 5.2 s (level 4), to
# 25% of its size instead of 19%; a table of 256 MiB or more is stored uncompressed (gzip runs on
# one core: 15-20 s for a 2^30-value table that its kernel fills in 30-40 s), its chunks still
# checked by fletcher32 and their SHA-256 digests
GZIP_LEVEL = 1
RAW_FROM_BYTES = 1 << 28


def put(group, values: np.ndarray, attrs: dict, chunk: int | None = None,
        key: bytes | None = None, aux: dict | None = None) -> None:
    """Write ``values`` and their digests into ``group`` (see the module docstring), the
    attributes sealed by ``meta_checksum`` and, given the store's ``key``, by a keyed MAC
    (:func:`seal_of`); ``chunk`` values per chunk (default :data:`CHUNK`, read at call
    time).  A ``seal`` among ``attrs`` is never copied.  ``aux``: named 1-D int64 arrays kept
    beside the values (``/aux_<name>``, a canonical-value table's game pool), each named with its
    SHA-256 in the attribute ``aux``, so the checksums and the seal cover them too."""
    chunk = CHUNK if chunk is None else chunk
    values = np.ascontiguousarray(values).reshape(-1)
    digests = chunk_digests(values, chunk)
    group.create_dataset("digests", data=digests, fletcher32=True,
                         chunks=digests.shape if digests.size else None)
    packed = 0 < values.nbytes < RAW_FROM_BYTES
    ds = group.create_dataset("values", data=values, chunks=(min(chunk, max(1, values.size)),),
                              compression="gzip" if packed else None,
                              compression_opts=GZIP_LEVEL if packed else None,
                              shuffle=packed and values.dtype.itemsize > 1, fletcher32=True)
    full = {k: v for k, v in attrs.items() if k not in ("meta_checksum", SEAL, "aux")}
    if aux:
        sums = {}
        for name, arr in sorted(aux.items()):
            if not AUX_NAME.fullmatch(name):
                raise ValueError(f"aux array name {name!r}")
            arr = np.ascontiguousarray(arr, dtype=np.int64).reshape(-1)
            group.create_dataset("aux_" + name, data=arr, fletcher32=True,
                                 compression="gzip" if arr.size else None,
                                 compression_opts=GZIP_LEVEL if arr.size else None)
            sums[name] = checksum(arr)
        full["aux"] = sums
    full.update(chunk_elems=chunk, chunk_digests=checksum(digests), dtype=str(values.dtype),
                length=int(values.size), checksum=checksum(values))
    _set_attrs(ds, full, key)


def image(schema: str, values: np.ndarray, attrs: dict, key: bytes | None = None,
          aux: dict | None = None) -> bytes:
    """A whole table (or checkpoint) file, made in memory: the bytes to write.  Building it in
    memory keeps HDF5 away from the disk, where a failing write could crash its C library."""
    room_for_hdf5("making a table file")
    bio = io.BytesIO()
    with h5py().File(bio, "w") as f:
        f.attrs["schema"] = schema
        f.attrs["schema_version"] = FILE_VERSION
        put(f, values, attrs, key=key, aux=aux)
    return bio.getvalue()


def export_image_add(f, relname: str, values: np.ndarray, attrs: dict,
                     area: str = "tables", aux: dict | None = None) -> None:
    """Add a table (``area`` "tables") or a quotient ("quotients") to an export file."""
    g = f.require_group(area).require_group(relname)
    put(g, values, attrs, aux=aux)        # no key: an export carries no seal


def _plain_dataset(group, name: str):
    """``group[name]`` if it is a hard link to a dataset with its data in this file."""
    _h5 = h5py()
    link = group.get(name, getlink=True)
    if link is None:
        raise Damaged(f"it has no {name}")
    if not isinstance(link, _h5.HardLink):
        raise Damaged(f"its {name} is a link ({type(link).__name__}), which is never followed")
    ds = group[name]
    if not isinstance(ds, _h5.Dataset):
        raise Damaged(f"its {name} is not a dataset")
    if ds.is_virtual or ds.external:
        raise Damaged(f"its {name} keeps its data outside the file, which is never read")
    return ds


def check_schema(schema, version, expect: str) -> None:
    if schema != expect:
        raise Damaged(f"it is not a gtables {expect.split('.')[-1]} (schema {schema!r})")
    try:
        v = int(version)
    except (TypeError, ValueError):
        v = -1
    if v > FILE_VERSION:
        raise GtablesError(f"file version {v} is newer than this gtables reads ({FILE_VERSION}); "
                           f"upgrade gtables")
    if v != FILE_VERSION:
        raise Damaged(f"file version {v} is not one this gtables reads ({FILE_VERSION})")


class Handle:
    """A checked table (or checkpoint) inside an open HDF5 group: attributes verified, layout
    checked against them; values read chunk by chunk, each chunk against its digest."""

    def __init__(self, group, schema: str = TABLE_SCHEMA):
        try:
            self._open(group, schema)
        except GtablesError:
            raise
        except (OSError, RuntimeError, ValueError, KeyError, TypeError, AttributeError) as e:
            raise Damaged(f"unreadable: {one_line(e)}") from None

    def _open(self, group, schema: str) -> None:
        ds = _plain_dataset(group, "values")
        a = attrs_of(ds)
        check_schema(a.get("schema"), a.get("schema_version"), schema)
        if a.get("meta_checksum") != meta_checksum(a):
            raise Damaged("its attributes fail their checksum")
        if attrs_problem(a):
            raise Damaged(attrs_problem(a))
        if ds.ndim != 1 or str(ds.dtype) not in VALUE_DTYPES or a.get("dtype") != str(ds.dtype):
            raise Damaged("its data type or shape does not match its attributes")
        n = int(ds.shape[0])
        if a.get("length") != n:
            raise Damaged("its length does not match its attributes")
        if not ds.fletcher32 or ds.compression not in (None, "gzip"):
            raise Damaged("its chunks carry no checksum or use an unknown filter")
        chunk = a.get("chunk_elems")
        if not isinstance(chunk, int) or isinstance(chunk, bool) or not 0 < chunk <= MAX_CHUNK:
            raise Damaged(f"its chunk size {chunk!r} is not valid")
        if n and (ds.chunks is None or ds.chunks[0] != min(chunk, n)):
            raise Damaged("its chunking does not match its attributes")
        if "shape" in a:
            try:
                shape = json.loads(a["shape"]) if isinstance(a["shape"], str) else a["shape"]
                ok = isinstance(shape, list) and all(isinstance(s, int) and s >= 0 for s in shape)
                if not ok or int(np.prod(shape, dtype=object)) != n:
                    raise ValueError
            except (ValueError, TypeError):
                raise Damaged("its shape attribute does not match its length") from None
        nchunks = -(-n // chunk)
        dg = _plain_dataset(group, "digests")
        if dg.shape != (nchunks, 32) or dg.dtype != np.uint8:
            raise Damaged("its chunk digests do not match its length")
        if n and ds.id.get_num_chunks() != nchunks:
            raise Damaged("some of its chunks were never written")
        guard_memory(32 * nchunks, "the chunk digests of a table")
        digests = dg[:]
        if checksum(digests) != a.get("chunk_digests"):
            raise Damaged("its chunk digests fail their checksum")
        aux = a.get("aux", "{}")
        try:
            aux = json.loads(aux) if isinstance(aux, str) else None
            if not isinstance(aux, dict) or not all(
                    isinstance(k, str) and AUX_NAME.fullmatch(k) and isinstance(v, str)
                    for k, v in aux.items()):
                raise ValueError
        except ValueError:
            raise Damaged("its aux attribute is not a table of named checksums") from None
        self.group, self.aux_sums = group, aux
        for k in ("params", "index", "versions", "extra"):
            if isinstance(a.get(k), str):
                try:
                    json.loads(a[k])
                except ValueError:
                    raise Damaged(f"its {k} attribute is not JSON") from None
        self.ds, self.attrs, self.length, self.chunk, self.digests = ds, a, n, chunk, digests
        self.dtype = ds.dtype

    def _block(self, c: int) -> np.ndarray:
        lo = c * self.chunk
        try:
            block = self.ds[lo:min(lo + self.chunk, self.length)]
        except (OSError, RuntimeError, ValueError) as e:
            raise Damaged(f"chunk {c} is unreadable: {one_line(e)}") from None
        if hashlib.sha256(block.tobytes()).digest() != self.digests[c].tobytes():
            raise Damaged(f"chunk {c} fails its checksum")
        return block

    def read(self, sel=slice(None)) -> np.ndarray:
        """Values at a slice or at an array of indices; every chunk touched is verified."""
        n = self.length
        if isinstance(sel, slice):
            lo, hi, step = sel.indices(n)
            if step != 1 or hi <= lo:
                return self.read(np.arange(lo, hi, step, dtype=np.int64))
            c0, c1 = lo // self.chunk, (hi - 1) // self.chunk
            blocks = np.concatenate([self._block(c) for c in range(c0, c1 + 1)])
            return blocks[lo - c0 * self.chunk:hi - c0 * self.chunk]
        idx = np.asarray(sel, dtype=np.int64).reshape(-1)
        if idx.size == 0:
            return np.zeros(0, dtype=self.dtype)
        if idx.min() < 0 or idx.max() >= n:
            raise GtablesError(f"index {int(idx.max())} outside the table (0..{n - 1})")
        chunk_of = idx // self.chunk
        out = np.empty(idx.size, dtype=self.dtype)
        for c in sorted(set(chunk_of.tolist())):     # (np.unique would import numpy.ma)
            sel_c = chunk_of == c
            out[sel_c] = self._block(int(c))[idx[sel_c] - c * self.chunk]
        return out

    def load(self, limit: int | None = None) -> np.ndarray:
        """The values (the first ``limit``), every chunk verified, and the whole table against
        its SHA-256 when it is read whole."""
        n = self.length if limit is None else min(limit, self.length)
        guard_memory(n * self.dtype.itemsize, f"loading {self.attrs.get('spec') or 'a table'}",
                       advice="read it in parts (Table.value, lookup) instead")
        out = np.empty(n, dtype=self.dtype)
        for c in range(-(-n // self.chunk)):
            lo = c * self.chunk
            hi = min(lo + self.chunk, n)
            out[lo:hi] = self._block(c)[:hi - lo]
        if n == self.length and checksum(out) != self.attrs.get("checksum"):
            raise Damaged("it fails its checksum")
        out.flags.writeable = False
        return out

    def aux(self) -> dict[str, np.ndarray]:
        """The arrays kept beside the values (:func:`put`'s ``aux``), each checked against the
        SHA-256 the sealed attributes give it; read-only."""
        out = {}
        for name, want in self.aux_sums.items():
            try:
                ds = _plain_dataset(self.group, "aux_" + name)
                if ds.ndim != 1 or ds.dtype != np.int64 or (ds.size and not ds.fletcher32):
                    raise Damaged(f"its {name} array has the wrong type or shape")
                guard_memory(8 * int(ds.shape[0]), f"the {name} array of a table")
                arr = ds[:] if ds.size else np.zeros(0, np.int64)
            except (OSError, RuntimeError, ValueError, KeyError, TypeError) as e:
                raise Damaged(f"its {name} array is unreadable: {one_line(e)}") from None
            if checksum(arr) != want:
                raise Damaged(f"its {name} array fails its checksum")
            arr.flags.writeable = False
            out[name] = arr
        return out

    def verify(self) -> None:
        """Every chunk and the whole SHA-256, one chunk in memory at a time; the aux arrays
        against theirs."""
        self.aux()
        h = hashlib.sha256()
        for c in range(-(-self.length // self.chunk)):
            h.update(self._block(c).tobytes())
        if "sha256:" + h.hexdigest() != self.attrs.get("checksum"):
            raise Damaged("it fails its checksum")


def open_file(fobj):
    """An h5py File read-only on an open Python file object; HDF5's own file locking off (the
    store never writes a published file, and a file opened through a descriptor has no path to
    lock)."""
    room_for_hdf5("opening a table file")
    try:
        return h5py().File(fobj, "r", locking=False)
    except TypeError:                      # h5py older than 3.5: no locking argument
        return h5py().File(fobj, "r")
