"""Your own game on a board, a graph or a range of integers: the public game API.

``define_game(name, space=..., moves=..., max_options=...)`` turns a numba-compilable move
generator into a :class:`~gtables.engine.game.Family` (``gtables.define_game`` registers it).
The shipped board, graph and integer games (``games/cram.py``, ``domineering.py``,
``nodekayles.py``, ``snort.py``, ``clobber.py``, ``col.py``, ``hackenbush_string.py``) are
written with exactly this call: they are its examples and its test.

* ``space``: ``"board"`` (spec keys ``rows``, ``cols``; a position is the bitmask of free cells,
  cell ``(r, c)`` = bit ``r * cols + c``), ``"graph"`` (key ``graph``: ``path-N``, ``cycle-N``,
  ``grid-RxC``, ``complete-N`` or edges ``0-1+1-2``; bit ``v`` = vertex ``v``) or
  ``"integers"`` (key ``size``: positions ``0..size-1``, any numbering you like; ``size`` at
  most 2^40, :data:`~.specs.cellgames.MAX_INTEGERS`; the space's ``.size``).  ``planes=2``
  gives each cell two bits (plane 0 at bits ``0..n-1``, plane 1 above), e.g. Snort's "Left may
  colour it" and "Right may colour it".
* ``moves(pos, side, params, out) -> count``: writes the index of each option of ``pos`` into
  ``out[0..count-1]`` (``side`` 0 for Left or the impartial mover, 1 for Right); every option must
  be smaller than ``pos`` (a move that only clears bits always is).  ``params`` is the space's
  int64 geometry (:data:`gtables.engine.spaces.cells.PARAM_LAYOUT`: ``params[0]`` cells,
  ``params[3]``/``params[4]`` rows and columns, ``params[7 + c]`` the neighbours of cell ``c``;
  ``params[0]`` is ``size`` for integers).  Plain Python that numba compiles, or an ``@njit``
  function; a function it calls must be jitted too (numba says "Untyped global name" of a
  plain-Python helper, and the one-line error keeps that line).
* ``max_options``: an int, or a function of the space, bounding ``count``.
* ``partizan``: L/R/N/P outcomes (``play=normal``) or misère ones (``play=misere``); else Grundy
  values (``play=normal``) or misère P/N outcomes.
* optional ``split``: ``"regions"`` (the connected regions of a board or graph) or a function
  ``split(pos, params, out) -> count`` writing the independent parts of ``pos``; used by the
  reachable-positions search of impartial normal play (Grundy values of parts XOR) and of
  ``value=canonical`` (a partizan position's value is the sum of its parts' values; outcomes of
  parts do not add, so the outcome search does not split).
* optional ``symmetry``: ``"all"`` (every symmetry of the board, automorphism of the graph),
  ``"flips"`` (a board's mirrors and half turn: for games that know vertical from horizontal) or
  a function ``canon(pos, params) -> pos`` giving one representative per class.
* optional ``decided(pos, side, params) -> 1, 0 or -1``: a rule of the game that settles a
  position in normal play before its options are searched: 1 when the side to move wins for
  certain, 0 when it loses, -1 when the rule does not know (Domineering's: one player's safe
  moves against the other's possible moves).  The outcome search (``solve`` of an outcome
  table) stores what it says without searching that position's options; the contract checks it
  against the table on every position of small spaces.
* optional ``reference(position, side, space) -> options``: the same options in plain Python,
  independent of the bit tricks of ``moves`` (a board's or graph's position is a tuple of cell
  states, row by row, as ``space.unrank`` gives it; an integer space's is the int; each option
  in the same form).  The contract (:mod:`.contract`: ``gtables check-game NAME``) compares
  ``moves`` with it on every position of small spaces and the table with a plain recursion over
  it; without it the contract checks the rest (indices, counts, symmetry and split against
  plain play, dense against reachable).
* optional ``example``: a small spec of the game (default ``name:rows=3,cols=3``,
  ``name:graph=path-6``, ``name:size=100``): what ``gtables families`` shows and the contract
  checks, with one or two smaller ones.
* optional ``symbols`` (boards and graphs): one character per cell state, ``2**planes`` of
  them, state ``s`` (plane-0 bit + 2 * plane-1 bit) written ``symbols[s]`` instead of ``#.``
  (one plane) or ``#LR.`` (two); letters are read in either case.  Optional ``start(space) ->
  cells`` (boards and graphs): the position ``start`` names (a tuple of cell states, as
  ``reference`` gets them; default every cell in every plane), e.g. Clobber's checkerboard.
  :class:`OwnCellSpace` is the space they make.
* optional ``format_position(pos, space) -> str`` / ``parse_position(text, space) -> int`` for
  integer spaces (the one-argument forms ``format_position(pos)``, ``parse_position(text)`` are
  accepted too), ``version`` (the game's identity instead of a hash of its functions), ``doc``.

What gtables does with it: ``compute`` fills every index (dense, in parallel layers where the
options allow: :func:`gtables.engine.compute.fill`), ``solve`` answers one position from the
positions reachable from it (hash table, parts, symmetry, checkpoints):
:mod:`gtables.engine.search`.
"""
from __future__ import annotations

import functools
import inspect
import re
from collections.abc import Callable

import numpy as np

from ..engine.game import (
    CANONICAL,
    GRUNDY,
    MISERE,
    PARTIZAN,
    PARTIZAN_MISERE,
    Family,
    Rules,
    SearchStrategy,
)
from ..engine.jit import lazy_njit, numba_complaint
from ..engine.kernels import CANON_SIG, DECIDED_SIG, MOVES_SIG, SPLIT_SIG, in_package, movegen
from ..engine.moves import Moves
from ..engine.search_kernels import no_split, no_symmetry
from ..engine.spaces.base import PositionSpace
from ..engine.spaces.cell_kernels import cell_regions, cell_symmetry
from ..engine.spaces.cells import SYMBOLS, CellSpace, board_space, graph_space
from ..errors import GtablesError
from .specs.cellgames import SPACES, grammar
from .userheap import family_key


class IntegerSpace(PositionSpace):
    """Positions ``0..size-1`` numbered by the game itself, written by its own
    ``format_position``/``parse_position`` (default: the integer); ``fmt(pos, space)`` and
    ``prs(text, space)`` receive this space (:func:`define_game` adapts the one-argument
    forms)."""
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
                v = int(self._prs(t, self))
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
        if self._fmt is None:
            return str(v)
        try:
            return str(self._fmt(v, self))
        except GtablesError:
            raise
        except Exception as e:    # noqa: BLE001 - the user's formatter: its reason, one line
            raise GtablesError(f"format_position({v}) failed: {e}") from None

    def start_index(self) -> int:
        return self.size - 1

    def params(self, symmetry: str = "none") -> np.ndarray:
        return np.array([self.size], dtype=np.int64)


class OwnCellSpace(CellSpace):
    """A board or graph (:class:`CellSpace`, same indices) written with a game's own cell
    symbols (``symbols[s]`` for state ``s``; letters read in either case) and whose ``start``
    is the game's own position (``define_game(symbols=..., start=...)``).  Its ``meta()``
    names both (``start`` as an index), so a stored table is never read back through a plain
    :class:`CellSpace`, which would write its cells and its ``start`` otherwise."""

    def __init__(self, base: CellSpace, symbols: str | None, start, name: str):
        super().__init__(base.n, base.planes, rows=base.rows, cols=base.cols, edges=base.edges,
                         graph=base.graph)
        if symbols is not None:
            self.symbols = symbols
        self._start: int | None = None
        if start is not None:
            try:
                cells = [int(x) for x in start(self)]
            except GtablesError:
                raise
            except Exception as e:    # noqa: BLE001 - the user's start: its reason, one line
                raise GtablesError(f"{name}: start(space) failed on {self.bounds()}: "
                                   f"{type(e).__name__}: {e}") from None
            if len(cells) != self.n:
                raise GtablesError(f"{name}: start(space) gave {len(cells)} cell states; "
                                   f"{self.bounds()}")
            try:
                self._start = self.index(np.array(cells, dtype=np.int64))
            except GtablesError as e:
                raise GtablesError(f"{name}: start(space): {e}") from None

    def meta(self):
        m = super().meta()
        if self._start is not None:
            m["start"] = self._start
        return m

    def start_index(self) -> int:
        return super().start_index() if self._start is None else self._start

    def parse(self, text):
        t = str(text).strip()
        if t.lower() == "start":
            return self.unrank(np.array([self.start_index()], dtype=np.int64))[0]
        if self.symbols == SYMBOLS[self.planes]:
            return super().parse(t)
        rows = t.split("|") if self.is_board else [t]
        if self.is_board and (len(rows) != self.rows or any(len(r) != self.cols for r in rows)):
            got = f"{len(rows)} row(s) of " + "/".join(sorted({str(len(r)) for r in rows}))
            raise GtablesError(f"position {t[:40]!r}: this board has {self.rows} row(s) of "
                               f"{self.cols} cells (got {got}), written like "
                               f"{self.format_index(self.start_index())!r} or start")
        if not self.is_board and len(t) != self.n:
            raise GtablesError(f"position {t[:40]!r}: this graph has {self.n} vertices, one "
                               f"symbol each (got {len(t)}), written like "
                               f"{self.format_index(self.start_index())!r} or start")
        state = {ch.lower(): s for s, ch in enumerate(self.symbols)}
        out = np.empty(self.n, dtype=np.int64)
        for c, ch in enumerate("".join(rows)):
            if ch.lower() not in state:
                raise GtablesError(f"position {t[:40]!r}: {ch!r} is not a cell state (write "
                                   f"{' or '.join(repr(x) for x in self.symbols)})")
            out[c] = state[ch.lower()]
        return out


def _compile(fn, sig, what: str, name: str):
    if fn is None:
        return None
    if not callable(fn):
        raise GtablesError(f"{name}: {what} must be a function, not {type(fn).__name__}")
    import numba as nb
    try:
        if sig is MOVES_SIG:
            return movegen(getattr(fn, "py_func", fn))
        if in_package(fn):      # gtables' own: compiled (or loaded from the cache) when used
            return lazy_njit(sig, cache=True, nogil=True)(getattr(fn, "py_func", fn))
        return nb.njit(sig, cache=False, nogil=True)(getattr(fn, "py_func", fn))
    except Exception as e:    # noqa: BLE001 - numba's typing error, folded to one line
        raise GtablesError(f"{name}: {what} does not compile with numba "
                           f"({numba_complaint(e)})") from None


def _with_space(fn, what: str, name: str):
    """``fn`` as a function of ``(x, space)``: as it is when it takes two arguments, else
    ``fn(x)`` (the one-argument form of gtables before the space was passed)."""
    if fn is None:
        return None
    if not callable(fn):
        raise GtablesError(f"{name}: {what} must be a function")
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):     # a builtin without a signature (str, int): one argument
        return lambda x, space: fn(x)
    for args, two in (((0, None), True), ((0,), False)):
        try:
            sig.bind(*args)
        except TypeError:
            continue
        return fn if two else (lambda x, space: fn(x))
    raise GtablesError(f"{name}: {what} must take (position, space) or (position), not "
                       f"{sig}")


def reference_options(reference, space_of, integers: bool):
    """A family's ``options_ref(values, position, side)`` (what the contract and the
    reference solver read: options as tuples of component positions, a position as the row
    ``space.unrank`` gives) from a user's ``reference(position, side, space)`` (a position as a
    tuple of cell states, or an int on an integer space; options in the same form)."""
    def options_ref(values: dict, position, side: int = 0) -> list[tuple]:
        space = space_of(values)
        if integers:
            return [((int(o),),) for o in reference(int(position[0]), side, space)]
        cells = tuple(int(x) for x in position)
        return [(tuple(int(x) for x in o),) for o in reference(cells, side, space)]
    return options_ref


def _identity(name: str, fns, version: str | None) -> str:
    """``version=V`` or a hash of every function and of what they read."""
    if version is not None:
        return family_key(name, None, version).split(":", 1)[1]
    digests = [family_key(name, f).split("options=", 1)[1] for f in fns if f is not None]
    return "rules=" + "-".join(digests)


def define_game(name: str, *, space: str, moves, max_options, partizan: bool = False,
                planes: int = 1, split=None, symmetry=None, doc: str = "",
                version: str | None = None, format_position: Callable | None = None,
                parse_position: Callable | None = None, reference: Callable | None = None,
                example: str | None = None, symbols: str | None = None,
                start: Callable | None = None, decided=None) -> Family:
    """The family of a game on ``space`` with the move generator ``moves`` (module docstring).
    ``gtables.define_game`` takes the same keywords (and ``replace``) and registers it."""
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
    if space != "integers" and (format_position is not None or parse_position is not None):
        raise GtablesError(f"{name}: format_position and parse_position are for integer "
                           f"spaces (a board or graph position is written cell by cell)")
    if space == "integers" and (symbols is not None or start is not None):
        raise GtablesError(f"{name}: symbols and start are for boards and graphs (an integer "
                           f"space writes its positions with format_position and parse_position; "
                           f"its start is the last position, size-1)")
    if symbols is not None and not (
            isinstance(symbols, str) and len(symbols) == 1 << planes
            and len({ch.lower() for ch in symbols}) == len(symbols)
            and not any(ch.isspace() or ch in "|," for ch in symbols)):
        raise GtablesError(f"{name}: symbols must be {1 << planes} different characters (one per "
                           f"cell state, letters different in either case; no space, | or ,), "
                           f"not {str(symbols)[:20]!r}")
    if start is not None and not callable(start):
        raise GtablesError(f"{name}: start must be a function start(space) -> cell states, not "
                           f"{type(start).__name__}")
    fmt = _with_space(format_position, "format_position", name)
    prs = _with_space(parse_position, "parse_position", name)
    if reference is not None and not callable(reference):
        raise GtablesError(f"{name}: reference must be a function reference(position, side, "
                           f"space) -> options, not {type(reference).__name__}")
    if example is not None and not (isinstance(example, str)
                                    and example.startswith(f"{name}:")):
        raise GtablesError(f"{name}: example must be a spec of the game, such as "
                           f"'{name}:rows=3,cols=3', not {str(example)[:40]!r}")
    gen = _compile(moves, MOVES_SIG, "moves", name)
    if gen is None:
        raise GtablesError(f"{name}: moves is required (a function moves(pos, side, params, out))")
    split_fn = cell_regions if split == "regions" else \
        _compile(split, SPLIT_SIG, "split", name) if split is not None else no_split
    sym_word = symmetry if isinstance(symmetry, str) else "none"
    canon_fn = cell_symmetry if sym_word in ("all", "flips") else \
        _compile(symmetry, CANON_SIG, "symmetry", name) if symmetry is not None \
        else no_symmetry
    decided_fn = _compile(decided, DECIDED_SIG, "decided", name)
    user_fns = [getattr(f, "py_func", f) for f in (moves, split, symmetry, decided)
                if callable(f)]
    ident = _identity(name, user_fns, version)
    # a game of gtables' own (Cram, Domineering, ...) is pinned by its spec and gtables' sources;
    # a user's is named by its identity, which its stored tables keep and every read checks
    stored_identity = "" if all(in_package(f) for f in user_fns) else ident
    gram = grammar(name, space, planes, partizan)

    def make_space(v: dict):
        if space == "integers":
            return IntegerSpace(v["size"], fmt, prs)
        base = board_space(v["rows"], v["cols"], planes) if space == "board" else \
            graph_space(v["graph"], planes)
        if symbols is None and start is None:
            return base
        return OwnCellSpace(base, symbols, start, name)

    @functools.lru_cache(maxsize=8)
    def space_by_key(key: tuple):
        return make_space(dict(key))

    def space_of(v: dict):
        return space_by_key(tuple(sorted(v.items())))

    def bound(sp) -> int:
        m = max_options(sp) if callable(max_options) else max_options
        if isinstance(m, bool) or not isinstance(m, (int, np.integer)) or not 0 <= m <= 1 << 24:
            raise GtablesError(f"{name}: max_options gave {m!r}; it must be an int in "
                               f"0..{1 << 24}")
        return int(m)

    def build(v: dict) -> Rules:
        sp = make_space(v)
        misere = v["play"] == "misere"
        kind = (PARTIZAN_MISERE if misere else CANONICAL if v["value"] == "canonical" else
                PARTIZAN) if partizan else (MISERE if misere else GRUNDY)
        mo = bound(sp)
        where = f"a {v['rows']} x {v['cols']} board" if space == "board" else \
            f"graph {v['graph']}" if space == "graph" else f"positions 0..{v['size'] - 1}"
        return Rules(space=sp, moves=gen, move_params=sp.params(sym_word), kind=kind,
                     max_options=mo, moves_type=Moves,
                     describe=f"{doc or name} on {where}, {v['play']} play ({ident})",
                     identity=stored_identity,
                     search=SearchStrategy(split=split_fn, canon=canon_fn,
                                           start=sp.start_index(),
                                           splits=split is not None and kind in (
                                               GRUNDY, CANONICAL),
                                           identity=ident, decided=decided_fn))

    if example is None:
        example = {"board": f"{name}:rows=3,cols=3", "graph": f"{name}:graph=path-6",
                   "integers": f"{name}:size=100"}[space]
    position_help = {"board": "rows of . (free) and # (taken) joined by |, e.g. ...|.#. , or "
                              "start",
                     "graph": "",
                     "integers": "a position number, or start" if prs is None else
                     "as the game's parse_position reads them, or start"}[space]
    if planes == 2:
        sym = "# (in neither plane), L (plane 0 only), R (plane 1 only), . (both)"
        position_help = (f"rows of {sym}, joined by |, or start" if space == "board" else
                         f"one symbol per vertex: {sym}, e.g. .L#R , or start")
    elif space == "graph":
        position_help = "one symbol per vertex: . (in play) or # (gone), e.g. ..#.. , or start"
    if symbols is not None:
        states = ", ".join(symbols)
        position_help = (f"rows of {states} (cell states 0..{len(symbols) - 1}) joined by |, "
                         f"or start" if space == "board" else
                         f"one symbol per vertex: {states} (states 0..{len(symbols) - 1}), or "
                         f"start")
    return Family.from_grammar(
        gram, summary=doc or f"user game {name} ({space})", build=build, example=example,
        position_help=position_help,
        options_ref=None if reference is None else reference_options(
            reference, space_of, space == "integers"))


__all__ = ["define_game", "IntegerSpace", "OwnCellSpace"]
