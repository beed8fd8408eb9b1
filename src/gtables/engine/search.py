"""The value of one position from the positions reachable from it: the driver of the reachable
search kernels (:mod:`.search_kernels`), for games of the public game API whose dense table would not
fit (a 6 x 6 board has 2^36 positions).

The kernels work in budgets of expanded positions; between budgets this driver grows the hash
table or the stack when a kernel asks, checks for Ctrl-C, prints progress, and every
``checkpoint_seconds`` writes the finished positions (keys and values of the hash table) to a
checkpoint file by an atomic rename, so a killed run loses at most the work since the last one.
A checkpoint names the game's identity (:class:`~.game.SearchStrategy`), the value kind and the
position; another game's or a damaged one (its SHA-256 does not match) is never resumed from.
A SHA-256 proves integrity, not authorship: a checkpoint is resumed unchecked only when it is
sealed (HMAC-SHA256 under the store's secret key, as the store seals its tables); any other is
re-derived first, every entry from the entries of its options (:func:`rederive`), and a run
starts afresh when one does not follow.  A link, FIFO, device or directory given as the
checkpoint is refused without being opened for reading (a FIFO would block), and a file that is
not a gtables checkpoint (a user's notes, another ``.npz``) is never read as one or written over.
Memory: the hash table is 12 bytes a slot, kept at most 70% full, and doubled only while the
memory guard (:func:`.memory.require_memory`) allows; past it the search stops with a one-line
error (never a wrong value).
"""
from __future__ import annotations

import dataclasses
import hashlib
import hmac
import json
import operator
import os
import stat
import sys
import tempfile
import time

import numpy as np

from ..errors import GtablesError
from . import search_kernels as SK
from .game import CANONICAL, GRUNDY, MISERE, PARTIZAN_KINDS, PARTIZAN_MISERE, Game
from .status import BUDGET as BUDGET_SPENT
from .status import HASH_FULL, SCRATCH_FULL, STACK_FULL, Stop

MAX_FILL = 0.7
SLOT_BYTES = 12
START_SLOTS = 1 << 16
BUDGET = 1 << 18
CHECKPOINT_FORMAT = "gtables-search-1"


@dataclasses.dataclass(frozen=True)
class SearchResult:
    """What a search found: the ``value`` (Grundy) or ``outcome`` (letter) of ``position`` (as
    text), with ``stored`` positions in the hash table, ``expanded`` positions whose options were
    generated (in this run), ``seconds`` of this run, the table's ``peak_bytes``, and
    ``resumed`` entries read from a checkpoint."""
    spec: str
    position: str
    kind: str
    value: int | None
    outcome: str
    stored: int
    expanded: int
    seconds: float
    peak_bytes: int
    resumed: int = 0
    resumed_by: str = ""      # how the resumed entries were believed: "seal" or "re-derived"
    symmetry: bool = False
    parts: bool = False
    form: str = ""            # value=canonical: the canonical form (CGSuite's notation)

    def as_dict(self) -> dict:
        return dataclasses.asdict(self)


class _Table:
    """The hash table and its growth under the memory guard."""

    def __init__(self, slots: int, ignore_memory: bool):
        self.ignore_memory = ignore_memory
        self.keys = np.full(slots, -1, dtype=np.int64)
        self.vals = np.zeros(slots, dtype=np.int32)
        self.counts = np.zeros(2, dtype=np.int64)
        self.peak = slots * SLOT_BYTES

    @property
    def max_fill(self) -> int:
        return int(self.keys.size * MAX_FILL)

    def grow(self, what: str) -> None:
        from .memory import require_memory
        slots = self.keys.size * 2
        need = (slots + self.keys.size) * SLOT_BYTES
        require_memory(need, f"{what}: the search's hash table ({int(self.counts[0]):,} "
                             f"positions stored, {slots:,} slots)", self.ignore_memory,
                       advice="the search needs more memory than the guard allows (a smaller "
                              "board, or --ignore-memory-limit)")
        keys = np.full(slots, -1, dtype=np.int64)
        vals = np.zeros(slots, dtype=np.int32)
        SK.rehash(self.keys, self.vals, keys, vals)
        self.keys, self.vals = keys, vals
        self.peak = max(self.peak, need)

    def load(self, keys: np.ndarray, vals: np.ndarray) -> None:
        while keys.size > self.max_fill:
            self.keys = np.full(self.keys.size * 2, -1, dtype=np.int64)
            self.vals = np.zeros(self.keys.size, dtype=np.int32)
        self.counts[0] = SK.rehash(keys, vals, self.keys, self.vals)
        self.peak = max(self.peak, self.keys.size * SLOT_BYTES)

    def entries(self) -> tuple[np.ndarray, np.ndarray]:
        used = self.keys != -1
        return self.keys[used], self.vals[used]


def _digest(keys: np.ndarray, vals: np.ndarray) -> str:
    h = hashlib.sha256()
    h.update(np.ascontiguousarray(keys, dtype="<i8").tobytes())
    h.update(np.ascontiguousarray(vals, dtype="<i4").tobytes())
    return h.hexdigest()


def _seal(meta: dict, key: bytes) -> str:
    """The keyed MAC (HMAC-SHA256 under a store's secret key, as the store seals its tables) of
    a checkpoint's description, which holds the SHA-256 of its entries."""
    body = json.dumps({k: v for k, v in meta.items() if k != "seal"}, sort_keys=True).encode()
    return "hmac-sha256:" + hmac.new(key, body, hashlib.sha256).hexdigest()


def _checkpoint_meta(game: Game, root: int) -> dict:
    assert game.search is not None
    return {"format": CHECKPOINT_FORMAT, "spec": game.spec, "kind": game.kind,
            "identity": game.search.identity, "position": int(root)}


# the format's name as numpy stores the description (UTF-32): how a gtables checkpoint is told
# from another file even when its bytes are damaged
_MARK = CHECKPOINT_FORMAT.encode("utf-32-le")
_MARK_WINDOW = 1 << 20


def _open_regular(path: str) -> int | None:
    """A descriptor of the regular file ``path`` for reading, None when there is none; a
    :class:`GtablesError` for a link, a FIFO, a device or a directory (never opened: reading a
    FIFO blocks, and nothing is written over what is not a file)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        return None
    except OSError as e:
        if os.path.islink(path):
            raise GtablesError(f"checkpoint {path} is a symbolic link; give the file itself "
                               f"(nothing was read or written)") from None
        raise GtablesError(f"checkpoint {path} cannot be opened ({e.strerror})") from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise GtablesError(f"checkpoint {path} is not a regular file (a directory, FIFO or "
                           f"device); give a file name (nothing was read or written)")
    return fd


def _marked(fd: int) -> bool:
    """Whether the file behind ``fd`` looks like a gtables checkpoint (a zip holding the format's
    name near its end, where numpy writes the description), damaged or not."""
    size = os.fstat(fd).st_size
    head = os.pread(fd, 4, 0)
    if head != b"PK\x03\x04":
        return False
    start = max(0, size - _MARK_WINDOW)
    return _MARK in os.pread(fd, size - start, start)


def _writable(path: str) -> None:
    """Refuse to write a checkpoint over a file that is not one (a user's notes, an unrelated
    ``.npz``): one line, nothing written."""
    fd = _open_regular(path)
    if fd is None:
        return
    try:
        ours = _marked(fd)
    finally:
        os.close(fd)
    if not ours:
        raise GtablesError(f"checkpoint {path} exists and is not a gtables search checkpoint; "
                           f"it was not read or overwritten: give another file name")


def save_checkpoint(path: str, game: Game, root: int, table: _Table,
                    seal_key: bytes | None = None) -> None:
    """The finished positions, written to a private file and renamed over ``path`` (never over
    a file that is not a gtables checkpoint); sealed with ``seal_key`` when there is one."""
    _writable(path)
    keys, vals = table.entries()
    meta = dict(_checkpoint_meta(game, root), entries=int(keys.size),
                sha256=_digest(keys, vals))
    if seal_key is not None:
        meta["seal"] = _seal(meta, seal_key)
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".search-", suffix=".npz")
    try:
        with os.fdopen(fd, "wb") as f:
            np.savez(f, keys=keys, vals=vals, meta=np.array(json.dumps(meta)))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.remove(tmp)
        raise


@dataclasses.dataclass(frozen=True)
class Checkpoint:
    """The entries of a checkpoint of this search; ``sealed``: its seal holds under the key
    given (else it must be re-derived before use)."""
    keys: np.ndarray
    vals: np.ndarray
    sealed: bool


def load_checkpoint(path: str, game: Game, root: int,
                    seal_key: bytes | None = None) -> Checkpoint | None:
    """The checkpoint at ``path`` if it is this search's and whole, else None (with one line on
    stderr saying why it is not used; it is then overwritten by the run).  A
    :class:`GtablesError` when ``path`` is not a regular file or not a gtables checkpoint."""
    fd = _open_regular(path)
    if fd is None:
        return None
    with os.fdopen(fd, "rb") as f:
        try:
            with np.load(f, allow_pickle=False) as z:
                meta = json.loads(str(z["meta"]))
                if not isinstance(meta, dict) or meta.get("format") != CHECKPOINT_FORMAT:
                    raise ValueError("not a gtables search checkpoint")
                keys = np.ascontiguousarray(z["keys"], dtype=np.int64)
                vals = np.ascontiguousarray(z["vals"], dtype=np.int32)
                if z["keys"].dtype != np.int64 or z["vals"].dtype != np.int32 \
                        or keys.ndim != 1 or vals.ndim != 1:
                    raise ValueError("entries of the wrong type")
        except Exception as e:    # noqa: BLE001 - any unreadable file: not resumed from
            if not _marked(f.fileno()):
                raise GtablesError(f"checkpoint {path} exists and is not a gtables search "
                                   f"checkpoint; it was not read or overwritten: give another "
                                   f"file name") from None
            print(f"gtables: checkpoint {path} is damaged ({type(e).__name__}); starting afresh",
                  file=sys.stderr)
            return None
    want = _checkpoint_meta(game, root)
    if any(meta.get(k) != v for k, v in want.items()):
        print(f"gtables: checkpoint {path} is of another search (its game, rules or position "
              f"differ); starting afresh", file=sys.stderr)
        return None
    if meta.get("entries") != keys.size or meta.get("sha256") != _digest(keys, vals) \
            or keys.size != vals.size or (keys.size and (keys.min() < 0)) \
            or np.unique(keys).size != keys.size:
        print(f"gtables: checkpoint {path} is damaged (its checksum does not hold); starting "
              f"afresh", file=sys.stderr)
        return None
    seal = meta.get("seal")
    sealed = seal_key is not None and isinstance(seal, str) and \
        hmac.compare_digest(seal.encode(), _seal(meta, seal_key).encode())
    return Checkpoint(keys, vals, sealed)


def decider(game: Game):
    """The outcome search's ``decided`` function: the game's rule (``SearchStrategy.decided``)
    in normal play, else :func:`.search_kernels.no_decision`."""
    st = game.search
    if st is None or st.decided is None or game.kind in (MISERE, PARTIZAN_MISERE):
        return SK.no_decision
    return st.decided


def rederive(game: Game, table: _Table, keys: np.ndarray, vals: np.ndarray) -> dict | None:
    """None when every entry ``keys``/``vals`` (loaded into ``table``) follows from the others
    by the game's rules (:func:`.search_kernels.recheck_entries`: a proof by induction that each is
    right); else the first that does not: ``{"position", "stored", "derived"}``."""
    st = game.search
    assert st is not None
    maxo = max(1, game.max_options)
    args = np.array([game.kind == GRUNDY, maxo, game.kind in (MISERE, PARTIZAN_MISERE),
                     2 if game.kind in PARTIZAN_KINDS else 1, game.space.size], dtype=np.int64)
    info = np.zeros(4, dtype=np.int64)
    bad = int(SK.recheck_entries(game.moves, st.split if st.splits else SK.no_split, st.canon,
                                 decider(game),
                                 game.move_params, args, table.keys, table.vals, keys, vals,
                                 np.zeros(maxo, np.int64),
                                 np.zeros(max(64, game.space.width + 1), np.int64), info))
    if bad < 0:
        return None
    return {"position": game.space.format_index(int(info[1])) if 0 <= info[1] < game.space.size
            else str(int(info[1])), "stored": int(info[2]), "derived": int(info[3])}


class _Ticker:
    """A line on stderr every ``interval`` seconds while a search runs."""

    def __init__(self, label: str, enabled: bool | None):
        from .progress import log_seconds, output_mode
        self.label = label
        self.on = output_mode(enabled) is not None
        self.interval = 2.0 if output_mode(enabled) == "bar" else log_seconds()
        self.t0 = time.perf_counter()
        self.next = self.t0 + self.interval

    def tick(self, table: _Table) -> None:
        now = time.perf_counter()
        if self.on and now >= self.next:
            self.next = now + self.interval
            el = now - self.t0
            print(f"gtables: {self.label}: {int(table.counts[0]):,} positions stored, "
                  f"{int(table.counts[1]):,} expanded ({table.counts[1] / max(el, 1e-9):,.0f}/s), "
                  f"{el:,.0f} s", file=sys.stderr, flush=True)


def solve(game: Game, root: int, *, checkpoint: str | None = None,
          checkpoint_seconds: float = 60.0, progress: bool | None = None,
          ignore_memory: bool = False, budget: int = BUDGET,
          seal_key: bytes | None = None, pool=None) -> SearchResult:
    """The value (Grundy, normal play) or outcome of position ``root`` of ``game`` by the
    reachable search; see the module docstring.  ``seal_key``: the store's secret key, which
    seals the checkpoints written and lets a checkpoint sealed with it resume unchecked; any other
    is re-derived entry by entry first (:func:`rederive`).  A ``value=canonical`` game's value is
    made in ``pool`` (a :class:`gtables.cgt.Pool`, required; no checkpoints: their entries would
    be ids of a pool they do not hold): the sum of its parts' canonical values
    (:func:`gtables.cgt.search.search_value`)."""
    from .progress import check_interrupt, latched_interrupts
    if game.search is None:
        raise GtablesError(f"{game.spec}: only games of the public game API (gtables.define_game) "
                           f"can be searched from one position")
    st = game.search
    if game.kind == CANONICAL and (pool is None or checkpoint is not None):
        raise GtablesError(f"{game.spec}: the search of canonical values takes a game pool and "
                           f"no checkpoint")
    t0 = time.perf_counter()
    table = _Table(START_SLOTS, ignore_memory)
    resumed = 0
    reseal = False           # a checkpoint re-derived here is written back sealed
    resumed_by = ""
    if checkpoint is not None:
        found = load_checkpoint(checkpoint, game, root, seal_key)
        if found is not None:
            table.load(found.keys, found.vals)
            resumed = int(found.keys.size)
            resumed_by = "seal" if found.sealed else "re-derived"
            if not found.sealed:
                if progress is not False and found.keys.size:
                    print(f"gtables: checkpoint {checkpoint} is not sealed by this store: "
                          f"re-deriving its {found.keys.size:,} entries", file=sys.stderr)
                bad = rederive(game, table, found.keys, found.vals)
                if bad is not None:
                    why = f"its options give {bad['derived']}" if bad["derived"] >= 0 \
                        else "its options are not all stored" if bad["stored"] >= 0 \
                        else "not a value"
                    print(f"gtables: checkpoint {checkpoint} does not re-derive (position "
                          f"{bad['position']}: stored {bad['stored']}, {why}); starting afresh",
                          file=sys.stderr)
                    table = _Table(START_SLOTS, ignore_memory)
                    resumed, resumed_by = 0, ""
                else:
                    reseal = seal_key is not None
        else:
            _writable(checkpoint)
    maxo = max(1, game.max_options)
    depth = 64
    ticker = _Ticker(f"{game.spec} {game.space.format_index(root)}", progress)
    last_save = time.perf_counter()
    info = np.zeros(3, dtype=np.int64)
    params = game.move_params

    def step(run) -> int:
        """Call ``run(frames, opts)`` until it answers, handling the kernels' requests."""
        nonlocal depth, last_save
        while True:
            frames = np.zeros(5 * depth, dtype=np.int64)
            opts = np.zeros(depth * maxo + maxo, dtype=np.int64)
            info[:] = 0
            r = int(run(frames, opts))
            if r >= 0:
                return r
            stop = Stop(int(info[1]), int(info[0]))
            if stop.code == HASH_FULL:
                table.grow(game.spec)
            elif stop.code == SCRATCH_FULL and pool is not None:
                pool.grow()
            elif stop.code == STACK_FULL:
                depth *= 2
            elif stop.code != BUDGET_SPENT:
                raise game.stop_error(stop)
            ticker.tick(table)
            check_interrupt()
            if checkpoint is not None and time.perf_counter() - last_save >= checkpoint_seconds:
                save_checkpoint(checkpoint, game, root, table, seal_key)
                last_save = time.perf_counter()

    with latched_interrupts():
        try:
            value: int | None = None
            form = ""
            if game.kind == CANONICAL:
                value, outcome = _canonical_value(game, root, pool, table, step, budget,
                                                  lambda: depth, info)
                form, value = pool.format(value), None
            elif game.kind == GRUNDY:
                def grundy(args, nparts, frames, opts):
                    return SK.search_grundy(game.moves, st.split if st.splits else
                                            SK.no_split, st.canon, params, args, table.keys,
                                            table.vals, frames, opts,
                                            np.zeros(depth * maxo + maxo, np.int32),
                                            np.zeros(nparts, np.int64), table.counts, info)
                value = over_parts(game, root, maxo, budget, table, step, grundy,
                                   operator.xor)
                outcome = "P" if value == 0 else "N"
            else:
                misere = game.kind in (MISERE, PARTIZAN_MISERE)
                sides = 2 if game.kind in PARTIZAN_KINDS else 1
                c = int(st.canon(int(root), params))
                wins = []
                for side in range(sides):
                    args = np.array([c, side, maxo, budget, 0, misere, sides], dtype=np.int64)

                    def run(frames, opts, args=args):
                        args[4] = table.max_fill
                        return SK.search_outcome(game.moves, st.canon, decider(game),
                                                 params, args,
                                                 table.keys, table.vals, frames, opts,
                                                 table.counts, info)
                    wins.append(step(run))
                if sides == 1:
                    outcome = "N" if wins[0] else "P"
                else:
                    outcome = "N" if wins[0] and wins[1] else "L" if wins[0] else \
                        "R" if wins[1] else "P"
        finally:
            if checkpoint is not None and (int(table.counts[0]) > resumed or reseal):
                save_checkpoint(checkpoint, game, root, table, seal_key)
    return SearchResult(spec=game.spec, position=game.space.format_index(root), kind=game.kind,
                        value=value, outcome=outcome, stored=int(table.counts[0]),
                        expanded=int(table.counts[1]), seconds=time.perf_counter() - t0,
                        peak_bytes=int(table.peak + 8 * depth * (maxo + 5)), resumed=resumed,
                        resumed_by=resumed_by, form=form,
                        symmetry=st.canon is not SK.no_symmetry, parts=st.splits)


def root_parts(game: Game, root: int) -> tuple[list[int], int]:
    """The representatives of the parts of ``root`` (itself alone for a game that does not
    split) and the size of the split buffer the kernels take."""
    st, params = game.search, game.move_params
    assert st is not None
    parts = np.zeros(max(64, game.space.width + 1), dtype=np.int64)
    count = int(st.split(root, params, parts)) if st.splits else 1
    if not st.splits:
        parts[0] = root
    if count < 1 or count > parts.size:
        raise GtablesError(f"{game.spec}: split of the start gave {count} parts")
    return [int(st.canon(int(p), params)) for p in parts[:count].tolist()], int(parts.size)


def _canonical_value(game: Game, root: int, pool, table: _Table, step, budget: int, depth,
                     info: np.ndarray) -> tuple[int, str]:
    """The pool id of ``root``'s canonical value (the sum of its parts') and its outcome;
    ``step`` and ``depth()`` as :func:`solve` has them."""
    from ..cgt.search import FRAME, search_value
    st, params = game.search, game.move_params
    assert st is not None          # solve refused a game without a search strategy
    maxo = max(1, game.max_options)
    def canonical(args, nparts, frames, opts):
        levels = depth() + 1
        return search_value(game.moves, st.split if st.splits else SK.no_split, st.canon,
                            params, args, table.keys, table.vals,
                            np.zeros(FRAME * levels, np.int64),
                            np.zeros(2 * maxo * (levels + 1), np.int64),
                            np.zeros(2 * maxo * (levels + 1), np.int32),
                            np.zeros(nparts, np.int64), table.counts, info, pool.P)
    value = over_parts(game, root, maxo, budget, table, step, canonical, pool.add)
    return value, pool.outcome(value)


def over_parts(game: Game, root: int, maxo: int, budget: int, table: _Table, step, search,
               add) -> int:
    """The sum (``add``, from 0: a Grundy value's XOR, or a pool's sum of ids, 0 the id of 0) of
    ``step(run)`` over the representatives of ``root``'s parts (:func:`root_parts`), where
    ``run(frames, opts)`` calls ``search(args, nparts, frames, opts)`` with ``args = [part,
    max_options, budget, the table's max_fill]``."""
    reps, nparts = root_parts(game, root)
    value = 0
    for c in reps:
        args = np.array([c, maxo, budget, 0], dtype=np.int64)

        def run(frames, opts, args=args):
            args[3] = table.max_fill
            return search(args, nparts, frames, opts)
        value = add(value, step(run))
    return value
