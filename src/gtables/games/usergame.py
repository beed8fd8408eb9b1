"""Your own game on a board, a graph or a range of integers: the public game API.

``define_game(name, space=..., moves=..., max_options=...)`` turns a numba-compilable move
generator into a :class:`~gtables.engine.game.Family` (``gtables.define_game`` registers it).
The shipped board and graph games (``games/cram.py``, ``domineering.py``, ``nodekayles.py``,
``snort.py``) are written with exactly this call: they are its examples and its test.

* ``space``: ``"board"`` (spec keys ``rows``, ``cols``; a position is the bitmask of free cells,
  cell ``(r, c)`` = bit ``r * cols + c``), ``"graph"`` (key ``graph``: ``path-N``, ``cycle-N``,
  ``grid-RxC``, ``complete-N`` or edges ``0-1+1-2``; bit ``v`` = vertex ``v``) or
  ``"integers"`` (key ``size``: positions ``0..size-1``, any numbering you like).  ``planes=2``
  gives each cell two bits (plane 0 at bits ``0..n-1``, plane 1 above), e.g. Snort's "Left may
  colour it" and "Right may colour it".
* ``moves(pos, side, params, out) -> count``: writes the index of each option of ``pos`` into
  ``out[0..count-1]`` (``side`` 0 for Left or the impartial mover, 1 for Right); every option must
  be smaller than ``pos`` (a move that only clears bits always is).  ``params`` is the space's
  int64 geometry (:data:`gtables.engine.spaces.cells.PARAM_LAYOUT`: ``params[0]`` cells,
  ``params[3]``/``params[4]`` rows and columns, ``params[7 + c]`` the neighbours of cell ``c``;
  ``params[0]`` is ``size`` for integers).  Plain Python that numba compiles, or an ``@njit``
  function.
* ``max_options``: an int, or a function of the space, bounding ``count``.
* ``partizan``: L/R/N/P outcomes (``play=normal``) or misère ones (``play=misere``); else Grundy
  values (``play=normal``) or misère P/N outcomes.
* optional ``split``: ``"regions"`` (the connected regions of a board or graph) or a function
  ``split(pos, params, out) -> count`` writing the independent parts of ``pos``; used by the
  reachable-positions search of impartial normal play (Grundy values of parts XOR).
* optional ``symmetry``: ``"all"`` (every symmetry of the board, automorphism of the graph),
  ``"flips"`` (a board's mirrors and half turn: for games that know vertical from horizontal) or
  a function ``canon(pos, params) -> pos`` giving one representative per class.
* optional ``format_position(pos) -> str`` / ``parse_position(text) -> int`` for integer spaces,
  ``version`` (the game's identity instead of a hash of its functions), ``doc``, ``example``.

What gtables does with it: ``compute`` fills every index (dense, in parallel layers where the
options allow: :mod:`gtables.engine.cellkernels`), ``solve`` answers one position from the
positions reachable from it (hash table, parts, symmetry, checkpoints): :mod:`gtables.search`.
"""
from __future__ import annotations

import re
import time
from collections.abc import Callable

import numpy as np

from ..engine import cellkernels as CK
from ..engine.game import (
    GRUNDY,
    MISERE,
    PARTIZAN,
    PARTIZAN_MISERE,
    Family,
    FastFill,
    Game,
    Rules,
    SearchStrategy,
)
from ..engine.jit import lazy_njit
from ..engine.kernels import in_package, movegen
from ..engine.spaces.base import PositionSpace
from ..engine.spaces.cells import board_space, graph_space
from ..errors import GtablesError
from .specs.cellgames import SPACES, grammar
from .userheap import family_key

KIND_CODES = CK.KIND_CODES


class IntegerSpace(PositionSpace):
    """Positions ``0..size-1`` numbered by the game itself, written by its own
    ``format_position``/``parse_position`` (default: the integer)."""
    scheme = "integers"

    def __init__(self, size: int, fmt=None, prs=None):
        self.size = int(size)
        self.width = 1
        self._fmt, self._prs = fmt, prs

    def meta(self):
        return {"scheme": self.scheme, "size": self.size}

    def coordinates(self):
        return ("position",)

    def bounds(self):
        return f"positions 0..{self.size - 1}"

    def check(self, positions):
        bad = (positions < 0) | (positions >= self.size)
        if bad.any():
            raise self.off_table(int(positions[bad][0]))

    def rank_array(self, positions):
        return positions[:, 0].astype(np.int64)

    def unrank(self, indices):
        return self.check_index(indices).reshape(-1, 1)

    def parse(self, text):
        t = str(text).strip()
        if t.lower() == "start":
            return np.array([self.size - 1], dtype=np.int64)
        if self._prs is not None:
            try:
                v = int(self._prs(t))
            except GtablesError:
                raise
            except Exception as e:    # noqa: BLE001 - the user's parser: its reason, one line
                raise GtablesError(f"position {t[:40]!r} does not parse: {e}") from None
        else:
            from ..engine.syntax import parse_int
            v = parse_int(t, "position")
        if not 0 <= v < self.size:
            raise self.off_table(v, t)
        return np.array([v], dtype=np.int64)

    def format(self, position):
        v = int(np.atleast_1d(position)[0])
        return str(self._fmt(v)) if self._fmt is not None else str(v)

    def start_index(self) -> int:
        return self.size - 1

    def params(self, symmetry: str = "none") -> np.ndarray:
        return np.array([self.size], dtype=np.int64)


def _compile(fn, sig, what: str, name: str):
    if fn is None:
        return None
    if not callable(fn):
        raise GtablesError(f"{name}: {what} must be a function, not {type(fn).__name__}")
    import numba as nb
    try:
        if sig is CK.MOVES_SIG:
            return movegen(getattr(fn, "py_func", fn))
        if in_package(fn):      # gtables' own: compiled (or loaded from the cache) when used
            return lazy_njit(sig, cache=True, nogil=True)(getattr(fn, "py_func", fn))
        return nb.njit(sig, cache=False, nogil=True)(getattr(fn, "py_func", fn))
    except Exception as e:    # noqa: BLE001 - numba's typing error, folded to one line
        first = str(e).strip().splitlines()
        why = next((ln for ln in first if ln.strip()), type(e).__name__)[:200]
        raise GtablesError(f"{name}: {what} does not compile with numba ({why})") from None


def _identity(name: str, fns, version: str | None) -> str:
    """``version=V`` or a hash of every function and of what they read."""
    if version is not None:
        return family_key(name, None, version).split(":", 1)[1]
    digests = [family_key(name, f).split("options=", 1)[1] for f in fns if f is not None]
    return "rules=" + "-".join(digests)


def define_game(name: str, *, space: str, moves, max_options, partizan: bool = False,
                planes: int = 1, split=None, symmetry=None, doc: str = "",
                version: str | None = None, format_position: Callable | None = None,
                parse_position: Callable | None = None, example: str | None = None,
                options_ref: Callable | None = None) -> Family:
    """The family of a game on ``space`` with the move generator ``moves`` (module docstring)."""
    if not isinstance(name, str) or not re.fullmatch(r"[a-z][a-z0-9_]*", name):
        raise GtablesError(f"game name {name!r}: lowercase letters, digits and _, starting with "
                           f"a letter (it is the family name of the spec)")
    if space not in SPACES:
        raise GtablesError(f"{name}: space must be one of {', '.join(SPACES)}, not {space!r}")
    if planes not in (1, 2) or isinstance(planes, bool):
        raise GtablesError(f"{name}: planes must be 1 or 2, not {planes!r}")
    if space == "integers" and planes != 1:
        raise GtablesError(f"{name}: planes are for boards and graphs")
    if not isinstance(partizan, bool):
        raise GtablesError(f"{name}: partizan must be True or False, not {partizan!r}")
    if not (isinstance(max_options, int) and not isinstance(max_options, bool)
            and max_options >= 0 or callable(max_options)):
        raise GtablesError(f"{name}: max_options must be a non-negative int or a function of "
                           f"the space, not {max_options!r}")
    if isinstance(symmetry, str) and symmetry not in ("all", "flips", "none"):
        raise GtablesError(f"{name}: symmetry must be 'all', 'flips', a function or None, not "
                           f"{symmetry!r}")
    if isinstance(symmetry, str) and space == "integers" and symmetry != "none":
        raise GtablesError(f"{name}: symmetry={symmetry!r} is for boards and graphs; give a "
                           f"function canon(pos, params) for an integer space")
    if isinstance(split, str) and split != "regions":
        raise GtablesError(f"{name}: split must be 'regions', a function or None, not {split!r}")
    if split == "regions" and space == "integers":
        raise GtablesError(f"{name}: split='regions' is for boards and graphs")
    if split is not None and partizan:
        raise GtablesError(f"{name}: split is for impartial games (Grundy values of parts XOR; "
                           f"partizan outcomes of parts do not add)")
    for what, f in (("format_position", format_position), ("parse_position", parse_position)):
        if f is not None and not callable(f):
            raise GtablesError(f"{name}: {what} must be a function")
    gen = _compile(moves, CK.MOVES_SIG, "moves", name)
    if gen is None:
        raise GtablesError(f"{name}: moves is required (a function moves(pos, side, params, out))")
    split_fn = CK.cell_regions if split == "regions" else \
        _compile(split, CK.SPLIT_SIG, "split", name) if split is not None else CK.no_split
    sym_word = symmetry if isinstance(symmetry, str) else "none"
    canon_fn = CK.cell_symmetry if sym_word in ("all", "flips") else \
        _compile(symmetry, CK.CANON_SIG, "symmetry", name) if symmetry is not None \
        else CK.no_symmetry
    user_fns = [getattr(f, "py_func", f) for f in (moves, split, symmetry) if callable(f)]
    ident = _identity(name, user_fns, version)
    # a game of gtables' own (Cram, Domineering, ...) is pinned by its spec and gtables' sources;
    # a user's is named by its identity, which its stored tables keep and every read checks
    stored_identity = "" if all(in_package(f) for f in user_fns) else ident
    gram = grammar(name, space, planes, partizan)

    def make_space(v: dict):
        if space == "board":
            return board_space(v["rows"], v["cols"], planes)
        if space == "graph":
            return graph_space(v["graph"], planes)
        return IntegerSpace(v["size"], format_position, parse_position)

    def bound(sp) -> int:
        m = max_options(sp) if callable(max_options) else max_options
        if isinstance(m, bool) or not isinstance(m, (int, np.integer)) or not 0 <= m <= 1 << 24:
            raise GtablesError(f"{name}: max_options gave {m!r}; it must be an int in "
                               f"0..{1 << 24}")
        return int(m)

    def build(v: dict) -> Rules:
        sp = make_space(v)
        misere = v["play"] == "misere"
        kind = (PARTIZAN_MISERE if misere else PARTIZAN) if partizan else \
            (MISERE if misere else GRUNDY)
        mo = bound(sp)
        where = f"a {v['rows']} x {v['cols']} board" if space == "board" else \
            f"graph {v['graph']}" if space == "graph" else f"positions 0..{v['size'] - 1}"
        return Rules(space=sp, moves=gen, move_params=sp.params(sym_word), kind=kind,
                     max_options=mo, option_slots=1,
                     describe=f"{doc or name} on {where}, {v['play']} play ({ident})",
                     fast_fill=FastFill(dense_fill), identity=stored_identity,
                     search=SearchStrategy(split=split_fn, canon=canon_fn,
                                           start=sp.start_index(),
                                           splits=split is not None and not misere,
                                           identity=ident))

    if example is None:
        example = {"board": f"{name}:rows=3,cols=3", "graph": f"{name}:graph=path-6",
                   "integers": f"{name}:size=100"}[space]
    position_help = {"board": "rows of . (free) and # (taken) joined by |, e.g. ...|.#. , or "
                              "start",
                     "graph": "",
                     "integers": "a position number, or start"}[space]
    if planes == 2:
        sym = "# (in neither plane), L (plane 0 only), R (plane 1 only), . (both)"
        position_help = (f"rows of {sym}, joined by |, or start" if space == "board" else
                         f"one symbol per vertex: {sym}, e.g. .L#R , or start")
    elif space == "graph":
        position_help = "one symbol per vertex: . (in play) or # (gone), e.g. ..#.. , or start"
    return Family.from_grammar(
        gram, summary=doc or f"user game {name} ({space})", build=build, example=example,
        position_help=position_help, options_ref=options_ref)


# -- the dense fill ----------------------------------------------------------------------------
LAYER_MIN_BITS = 12          # a table below 2^12 positions is filled serially (too small to share)


def layer_blocks(size: int, lowbits: int) -> list[np.ndarray]:
    """The blocks of ``2**lowbits`` indices of a table of ``size``, grouped by layer (the
    popcount of the block number), layers in increasing order."""
    nblocks = (size + (1 << lowbits) - 1) >> lowbits
    b = np.arange(nblocks, dtype=np.int64)
    pc = np.zeros(nblocks, dtype=np.int64)
    x = b.copy()
    while x.any():
        pc += x & 1
        x >>= 1
    order = np.argsort(pc, kind="stable")
    counts = np.bincount(pc)
    out, lo = [], 0
    for c in counts:
        out.append(np.ascontiguousarray(b[order[lo:lo + c]]))
        lo += c
    return [blk for blk in out if blk.size]


def _lowbits(size: int) -> int:
    bits = max(1, (size - 1).bit_length())
    return int(min(max(bits - 12, 10), 18))


def dense_fill(game: Game, *, threads: int | None = None, progress: bool | None = None,
               layered: bool | None = None) -> np.ndarray:
    """Every value of ``game``'s table, in independent layers on all threads when its options
    allow (see :mod:`gtables.engine.cellkernels`), else serially in index order."""
    import numba

    from ..engine.memory import widen
    from ..engine.progress import Progress, check_interrupt, latched_interrupts
    size = game.space.size
    nw = int(threads or numba.get_num_threads())
    if layered is None:
        layered = nw > 1 and size >= (1 << LAYER_MIN_BITS)
    lowbits = _lowbits(size)
    maxo = game.max_options
    table = np.zeros(size, dtype=np.uint8)
    kind = KIND_CODES[game.kind]
    bar = Progress(size, game.spec, enabled=progress)
    seen_len = maxo + 2
    try:
        with latched_interrupts():
            while True:
                vmax = np.iinfo(table.dtype).max
                args = np.array([kind, lowbits, maxo, vmax], dtype=np.int64)
                info = _fill(game, table, args, lowbits, nw, layered, seen_len, bar,
                             check_interrupt)
                code = int(info[0])
                if code == CK.OK:
                    break
                if code == CK.LAYERS:
                    layered = False       # the options cross layers: index order, one thread
                    table[:] = 0
                    continue
                if code == CK.OVERFLOW:
                    table = widen(table)
                    table[:] = 0
                    continue
                raise CK.problem(game, info)
    finally:
        bar.close()
    return table


def _fill(game, table, args, lowbits, nw, layered, seen_len, bar, check_interrupt):
    size = game.space.size
    maxo = game.max_options
    if layered:
        bufs = np.zeros((nw, maxo + 1), dtype=np.int64)
        seens = np.zeros((nw, seen_len), dtype=np.int64)
        infos = np.zeros((nw, 3), dtype=np.int64)
        done = 0
        for blocks in layer_blocks(size, lowbits):
            CK.fill_layer(game.moves, game.move_params, args, blocks, size,
                          np.int64(1 << lowbits), table, bufs, seens, infos)
            if infos[0, 0] != CK.OK:
                return infos[0].copy()
            done += int(blocks.size) << lowbits
            bar.update(min(done, size))
            check_interrupt()
        return np.zeros(3, dtype=np.int64)
    buf = np.zeros(maxo + 1, dtype=np.int64)
    seen = np.zeros(seen_len, dtype=np.int64)
    info = np.zeros(3, dtype=np.int64)
    lo, chunk = 0, 1 << 16
    while lo < size:
        hi = min(size, lo + chunk)
        t0 = time.perf_counter()
        if CK.fill_range_serial(game.moves, game.move_params, args, lo, hi, False, table, buf,
                                seen, info) != CK.OK:
            return info
        dt = time.perf_counter() - t0
        chunk = int(min(max(chunk * 0.5 / max(dt, 1e-6), 1 << 12), 1 << 26))
        lo = hi
        bar.update(lo)
        check_interrupt()
    return info


__all__ = ["define_game", "dense_fill", "IntegerSpace", "layer_blocks"]
