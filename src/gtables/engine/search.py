"""The value of one position from the positions reachable from it: the driver of the reachable
search kernels (:mod:`.cellkernels`), for games of the public game API whose dense table would not
fit (a 6 x 6 board has 2^36 positions).

The kernels work in budgets of expanded positions; between budgets this driver grows the hash
table or the stack when a kernel asks, checks for Ctrl-C, prints progress, and every
``checkpoint_seconds`` writes the finished positions (keys and values of the hash table) to a
checkpoint file by an atomic rename, so a killed run loses at most the work since the last one.
A checkpoint names the game's identity (:class:`~.game.SearchStrategy`), the value kind and the
position; another game's or a damaged one (its SHA-256 does not match) is never resumed from.
Memory: the hash table is 12 bytes a slot, kept at most 70% full, and doubled only while the
memory guard (:func:`.memory.require_memory`) allows; past it the search stops with a one-line
error (never a wrong value).
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import sys
import tempfile
import time

import numpy as np

from ..errors import GtablesError
from . import cellkernels as CK
from .game import GRUNDY, MISERE, PARTIZAN_KINDS, PARTIZAN_MISERE, Game

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
    symmetry: bool = False
    parts: bool = False

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
        CK.rehash(self.keys, self.vals, keys, vals)
        self.keys, self.vals = keys, vals
        self.peak = max(self.peak, need)

    def load(self, keys: np.ndarray, vals: np.ndarray) -> None:
        while keys.size > self.max_fill:
            self.keys = np.full(self.keys.size * 2, -1, dtype=np.int64)
            self.vals = np.zeros(self.keys.size, dtype=np.int32)
        self.counts[0] = CK.rehash(keys, vals, self.keys, self.vals)
        self.peak = max(self.peak, self.keys.size * SLOT_BYTES)

    def entries(self) -> tuple[np.ndarray, np.ndarray]:
        used = self.keys != -1
        return self.keys[used], self.vals[used]


def _digest(keys: np.ndarray, vals: np.ndarray) -> str:
    h = hashlib.sha256()
    h.update(np.ascontiguousarray(keys, dtype="<i8").tobytes())
    h.update(np.ascontiguousarray(vals, dtype="<i4").tobytes())
    return h.hexdigest()


def _checkpoint_meta(game: Game, root: int) -> dict:
    assert game.search is not None
    return {"format": CHECKPOINT_FORMAT, "spec": game.spec, "kind": game.kind,
            "identity": game.search.identity, "position": int(root)}


def save_checkpoint(path: str, game: Game, root: int, table: _Table) -> None:
    """The finished positions, written to a private file and renamed over ``path``."""
    keys, vals = table.entries()
    meta = dict(_checkpoint_meta(game, root), entries=int(keys.size),
                sha256=_digest(keys, vals))
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


def load_checkpoint(path: str, game: Game, root: int) -> tuple[np.ndarray, np.ndarray] | None:
    """The entries of the checkpoint at ``path`` if it is this search's and whole, else None
    (with one line on stderr saying why it is not used)."""
    if not os.path.exists(path):
        return None
    try:
        with np.load(path, allow_pickle=False) as z:
            meta = json.loads(str(z["meta"]))
            keys = np.ascontiguousarray(z["keys"], dtype=np.int64)
            vals = np.ascontiguousarray(z["vals"], dtype=np.int32)
    except Exception as e:    # noqa: BLE001 - any unreadable file: not resumed from
        print(f"gtables: checkpoint {path} is unreadable ({type(e).__name__}); starting afresh",
              file=sys.stderr)
        return None
    want = _checkpoint_meta(game, root)
    if any(meta.get(k) != v for k, v in want.items()):
        print(f"gtables: checkpoint {path} is of another search (its game, rules or position "
              f"differ); starting afresh", file=sys.stderr)
        return None
    if meta.get("entries") != keys.size or meta.get("sha256") != _digest(keys, vals) \
            or keys.size != vals.size or (keys.size and (keys.min() < 0)):
        print(f"gtables: checkpoint {path} is damaged (its checksum does not hold); starting "
              f"afresh", file=sys.stderr)
        return None
    return keys, vals


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
          ignore_memory: bool = False, budget: int = BUDGET) -> SearchResult:
    """The value (Grundy, normal play) or outcome of position ``root`` of ``game`` by the
    reachable search; see the module docstring."""
    from .progress import check_interrupt, latched_interrupts
    if game.search is None:
        raise GtablesError(f"{game.spec}: only games of the public game API (gtables.define_game) "
                           f"can be searched from one position")
    st = game.search
    t0 = time.perf_counter()
    table = _Table(START_SLOTS, ignore_memory)
    resumed = 0
    if checkpoint is not None:
        found = load_checkpoint(checkpoint, game, root)
        if found is not None:
            table.load(*found)
            resumed = int(found[0].size)
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
            code = int(info[0])
            if code == CK.FULL:
                table.grow(game.spec)
            elif code == CK.DEEP:
                depth *= 2
            elif code == CK.BUDGET:
                pass
            else:
                raise CK.problem(game, info)
            ticker.tick(table)
            check_interrupt()
            if checkpoint is not None and time.perf_counter() - last_save >= checkpoint_seconds:
                save_checkpoint(checkpoint, game, root, table)
                last_save = time.perf_counter()

    with latched_interrupts():
        try:
            value: int | None = None
            if game.kind == GRUNDY:
                parts = np.zeros(max(64, game.space.width + 1), dtype=np.int64)
                count = int(st.split(root, params, parts)) if st.splits else 1
                if not st.splits:
                    parts[0] = root
                if count < 1 or count > parts.size:
                    raise GtablesError(f"{game.spec}: split of the start gave {count} parts")
                value = 0
                for part in parts[:count].tolist():
                    c = int(st.canon(int(part), params))
                    args = np.array([c, maxo, budget, 0], dtype=np.int64)

                    def run(frames, opts, args=args):
                        args[3] = table.max_fill
                        return CK.search_grundy(game.moves, st.split if st.splits else
                                                CK.no_split, st.canon, params, args,
                                                table.keys, table.vals, frames, opts,
                                                np.zeros(depth * maxo + maxo, np.int32),
                                                np.zeros(parts.size, np.int64), table.counts,
                                                info)
                    value ^= step(run)
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
                        return CK.search_outcome(game.moves, st.canon, params, args,
                                                 table.keys, table.vals, frames, opts,
                                                 table.counts, info)
                    wins.append(step(run))
                if sides == 1:
                    outcome = "N" if wins[0] else "P"
                else:
                    outcome = "N" if wins[0] and wins[1] else "L" if wins[0] else \
                        "R" if wins[1] else "P"
        finally:
            if checkpoint is not None and int(table.counts[0]) > resumed:
                save_checkpoint(checkpoint, game, root, table)
    return SearchResult(spec=game.spec, position=game.space.format_index(root), kind=game.kind,
                        value=value, outcome=outcome, stored=int(table.counts[0]),
                        expanded=int(table.counts[1]), seconds=time.perf_counter() - t0,
                        peak_bytes=int(table.peak + 8 * depth * (maxo + 5)), resumed=resumed,
                        symmetry=st.canon is not CK.no_symmetry, parts=st.splits)
