"""How much memory a table needs, and how much there is: the dtypes a table passes through
(uint8, widened on overflow as far as a proven value bound allows), peak-byte estimates, the
memory available (MemAvailable, any cgroup limit, any address-space rlimit), and the one refusal
rule."""
from __future__ import annotations

import os

import numpy as np

from ..errors import GtablesError, NotEnoughMemory
from .game import GRUNDY, Game
from .values import CANONICAL, CANONICAL_DTYPE, VALUE_DTYPES

MEMORY_FRACTION = 0.9   # refuse a table whose estimate exceeds this share of what is available
UNLIMITED = 1 << 60      # cgroup v1 writes "no limit" as a number near 2^63


def _meminfo_available(path: str = "/proc/meminfo") -> int | None:
    try:
        with open(path) as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


def _read_int(path: str) -> int | None:
    """The integer in a cgroup file; None if absent, unreadable or ``max`` (no limit)."""
    try:
        with open(path) as f:
            return int(f.read().strip())
    except (OSError, ValueError):
        return None


def _stat_value(path: str, key: str) -> int:
    try:
        with open(path) as f:
            for line in f:
                k, _, v = line.partition(" ")
                if k == key:
                    return int(v)
    except (OSError, ValueError):
        pass
    return 0


def cgroup_available(proc_cgroup: str = "/proc/self/cgroup",
                     root: str = "/sys/fs/cgroup") -> int | None:
    """Bytes this process's memory cgroup still allows, or None if no limit applies (or the
    files are not readable).  cgroup v2: ``memory.max - memory.current``; v1:
    ``memory.limit_in_bytes - memory.usage_in_bytes``; in both, inactive page cache (which the
    kernel reclaims before it kills) counts as free.  The least over the cgroup and its
    ancestors, since a parent's limit binds its children too."""
    try:
        with open(proc_cgroup) as f:
            lines = f.read().splitlines()
    except OSError:
        return None
    best = None
    for line in lines:
        parts = line.split(":", 2)
        if len(parts) != 3:
            continue
        hid, controllers, path = parts
        if hid == "0" and controllers == "":
            base, limit_f, usage_f, inactive = root, "memory.max", "memory.current", "inactive_file"
        elif "memory" in controllers.split(","):
            base, limit_f, usage_f, inactive = (os.path.join(root, "memory"), "memory.limit_in_bytes",
                                                "memory.usage_in_bytes", "total_inactive_file")
        else:
            continue
        names = [p for p in path.strip().strip("/").split("/") if p and p != ".."]
        for i in range(len(names), -1, -1):
            d = os.path.join(base, *names[:i])
            limit = _read_int(os.path.join(d, limit_f))
            if limit is None or limit >= UNLIMITED:
                continue
            usage = _read_int(os.path.join(d, usage_f)) or 0
            usage -= min(usage, _stat_value(os.path.join(d, "memory.stat"), inactive))
            avail = max(0, limit - usage)
            best = avail if best is None else min(best, avail)
    return best


def _vm_size(path: str = "/proc/self/status") -> int | None:
    """This process's virtual size (``VmSize``) in bytes, or None if unknown."""
    try:
        with open(path) as f:
            for line in f:
                if line.startswith("VmSize:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


def rlimit_available() -> int | None:
    """Bytes of address space ``RLIMIT_AS`` (``ulimit -v``) still allows this process: the soft
    limit less its virtual size now (``VmSize``), at least 0; None if no limit is set (or it
    cannot be read).  Past it an allocation fails with ``MemoryError`` however much memory is
    free.  Virtual size counts what is reserved, not touched (numba and the thread pools reserve
    a lot), so this is the room for new mappings, not a measure of memory used."""
    try:
        import resource
        soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    except (ImportError, OSError, ValueError):   # no resource module off Unix
        return None
    if soft == resource.RLIM_INFINITY or soft < 0:
        return None
    size = _vm_size()
    return max(0, soft - (size or 0))


def available_memory() -> int:
    """Bytes of memory available now: the least of ``MemAvailable`` (``/proc/meminfo``), what
    the memory cgroup allows (:func:`cgroup_available`; a container's limit is often far below
    the host's free memory) and what ``RLIMIT_AS`` allows (:func:`rlimit_available`), or a
    generous guess (1 TiB) if none is known."""
    have = [v for v in (_meminfo_available(), cgroup_available(), rlimit_available())
            if v is not None]
    return min(have) if have else 1 << 40


def human_bytes(n: float) -> str:
    for unit in ("B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"):
        if n < 1024 or unit == "EiB":
            return f"{n:.1f} {unit}" if unit != "B" else f"{int(n)} B"
        n /= 1024
    return f"{n:.1f} EiB"


def initial_dtype(game: Game):
    """uint8: outcome codes fit, and a Grundy table starts compact and is widened only when a
    computed value outgrows it, so the final dtype is the smallest that holds its maximum; int32
    for the ids of canonical forms."""
    return CANONICAL_DTYPE if game.kind == CANONICAL else np.uint8


def final_dtype(game: Game) -> np.dtype:
    """The widest dtype ``game``'s table can end in.  Outcome codes fit in uint8.  A Grundy value
    is the mex of its options' values, so it is at most the number of options: ``max_options``
    bounds it."""
    if game.kind == CANONICAL:
        return CANONICAL_DTYPE
    if game.kind != GRUNDY:
        return np.dtype(np.uint8)
    top = game.max_options
    for dt in VALUE_DTYPES:
        if top <= np.iinfo(dt).max:
            return dt
    return VALUE_DTYPES[-1]


def table_bytes(size: int, final, start=np.uint8) -> int:
    """Peak bytes of a table of ``size`` values that starts as ``start`` and may be widened up to
    ``final``: :func:`widen` copies, so the old and the new array live together for a moment."""
    dts = list(VALUE_DTYPES)
    s, f = np.dtype(start), np.dtype(final)
    peak = size * max(s.itemsize, 1)
    if s in dts and f in dts:
        for i in range(dts.index(s), dts.index(f)):
            peak = max(peak, size * (dts[i].itemsize + dts[i + 1].itemsize))
    return peak


def estimate_bytes(game: Game, *, until_periodic: bool = False) -> int:
    """Peak bytes a fill of ``game`` allocates: the table (widening included, see
    :func:`table_bytes` and :func:`final_dtype`) and the kernels' scratch buffers (one set per
    thread when the plan runs in parallel); a family's fast fill declares its own
    (``FastFill.peak_bytes``); sequence tables: :func:`sequence_bytes`."""
    if game.is_sequence:
        return sequence_bytes(game, until_periodic=until_periodic)
    if game.fast_fill is not None and game.fast_fill.peak_bytes is not None:
        return int(game.fast_fill.peak_bytes)
    from .kernels import scratch_width  # here: a memory check on a lookup loads no numba
    threads = max(1, os.cpu_count() or 1) if game.moves_type.parallel(game) else 1
    scratch = threads * scratch_width(game.max_options) * 8   # move buffer + mex marks, int64
    return table_bytes(game.space.size, final_dtype(game), initial_dtype(game)) + scratch


OVERRIDE_ADVICE = "use a smaller size, or --ignore-memory-limit"


def require_memory(need: int, what: str, ignore_memory: bool = False,
                   advice: str = OVERRIDE_ADVICE) -> None:
    """Refuse (one-line :class:`GtablesError`) to go on with something that needs ``need``
    bytes when that exceeds :data:`MEMORY_FRACTION` of :func:`available_memory`, unless
    ``ignore_memory``; ``advice`` ends the message (what the user can do instead)."""
    if ignore_memory:
        return
    have = available_memory()
    if need > have * MEMORY_FRACTION:
        raise NotEnoughMemory(f"{what} needs about {human_bytes(need)} but only {human_bytes(have)} "
                           f"is available; {advice}")


def check_memory(game: Game, ignore_memory: bool = False, need: int | None = None) -> None:
    """Refuse ``game``'s table before anything is allocated if its estimate (``need``, default
    :func:`estimate_bytes`) exceeds the memory available, unless ``ignore_memory``."""
    if ignore_memory:
        return
    need = estimate_bytes(game) if need is None else need
    advice = OVERRIDE_ADVICE if game.search is None else \
        (f"for one position use: gtables solve '{game.spec}' (it searches only the positions "
         f"reachable from the start), or a smaller board, or --ignore-memory-limit")
    require_memory(need, f"{game.spec} ({game.space.size:,} positions)", advice=advice)


STEPPER_BYTES = 1 << 24   # a stepper's own arrays (marks, classes), generously


def sequence_bytes(game: Game, *, until_periodic: bool = False, start_dtype=None) -> int:
    """Peak bytes of :func:`fill_sequence`: the table, from ``start_dtype`` (a resumed prefix's;
    default uint8) widened as far as the game's value bound allows (old and new arrays together
    while widening, see :func:`table_bytes`); with ``until_periodic``,
    the failure function of a period scan (int32 per value, int64 from 2^31) beside the table at
    its widest (for arithmetic periods also the int64 values and their differences); and the
    stepper's own arrays.  Not counted: a sparse-space stepper's list of rare
    heaps, 8 bytes per *rare* heap (``auto`` leaves the sparse method when more than a quarter
    of the heaps are rare)."""
    size = game.space.size
    start = np.dtype(np.uint8 if start_dtype is None else start_dtype)
    final = final_dtype(game)
    if final.itemsize < start.itemsize:
        final = start
    peak = table_bytes(size, final, start)
    if until_periodic:
        per = 4 if size < (1 << 31) else 8
        if game.sequence is not None and game.sequence.arithmetic:
            per += 32     # int64 values and differences, and a theorem's arrays over the values
        peak = max(peak, size * final.itemsize + size * per)
    return peak + STEPPER_BYTES


def widen(table: np.ndarray) -> np.ndarray:
    i = VALUE_DTYPES.index(table.dtype)
    if i + 1 >= len(VALUE_DTYPES):
        raise GtablesError("a Grundy value exceeds 2^32-1")
    return table.astype(VALUE_DTYPES[i + 1])
