"""The Python API: compute a table, open a store, look up positions, get arrays with metadata.

    >>> import gtables
    >>> t = gtables.compute("octal:code=0.07,size=100", store=None)   # store=None: memory only
    >>> t.value(7), t.outcome(7)
    (1, 'N')
"""
from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import time

import numpy as np

from . import games
from ._version import __version__
from .engine import spaces
from .engine.game import (
    CANONICAL,
    ENCODINGS,
    GRUNDY,
    KINDS,
    PARTIZAN_KINDS,
    Family,
    Game,
    split_spec,
)
from .engine.status import TERMINAL_LOSS, TERMINAL_WIN
from .engine.syntax import MIN_CHECKPOINT_SECONDS, count_value, seconds_value, short
from .engine.values import OUTCOME_LETTERS
from .errors import GtablesError, NotEnoughMemory, warn
from .store import (
    AlreadyStored,
    Prefix,
    Store,
    StoredTable,
    checksum,
    notebook_module,
    repair_hint,
    sampled_import,
)

# Reading a stored table imports no numba: this module reaches the engine's kernels (and the
# families, whose modules compile their move generators on import) only inside the functions
# that compute or generate moves.  tests/test_fast_lookup.py holds it to that.

DEFAULT_STORE = object()
JSON_ATTRS = ("params", "index", "shape", "versions", "extra")


# -- the boundary: what a caller passes is checked here, in one-line GtablesErrors ---------------

USER_FAMILY_HINT = ("a family of your own (gtables.heap_game, gtables.register_family) is known "
                    "only in the Python process that registered it: its rules live in your "
                    "script, so run it there (tables it stored read here by their canonical "
                    "spec, as gtables list shows it)")


def spec_arg(spec, what: str = "spec") -> str:
    """``spec`` if it is a string, else a :class:`GtablesError` that says what a spec is."""
    if not isinstance(spec, str):
        raise GtablesError(f"a {what} is a string such as 'octal:code=0.07,size=1000', not "
                           f"{type(spec).__name__} {str(spec)[:40]!r}")
    return spec


def flag_arg(name: str, value) -> bool:
    """A yes/no argument: ``True`` or ``False`` only (``force='no'`` would be true)."""
    if not isinstance(value, (bool, np.bool_)):
        raise GtablesError(f"{name} must be True or False, not {type(value).__name__} "
                           f"{str(value)[:40]!r}")
    return bool(value)


def _position_arg(position):
    """A position as the API takes it: text (``"3,5,7"``), an int, or a (nested) sequence or
    integer array of ints.  A bool or a float is refused, even an integral one (``value(3.0)``,
    ``value(True)``): it is a computed number passed by mistake, not a position."""
    if isinstance(position, np.ndarray):
        if position.dtype.kind not in "iuO":
            raise GtablesError(f"position entries must be integers (a position is an int or "
                               f"a sequence of ints), not an array of {position.dtype}")
        return position
    if isinstance(position, (list, tuple)):
        for p in position:
            _position_arg(p)
    elif isinstance(position, (bool, np.bool_, float, np.floating, complex)):
        raise GtablesError(f"position entries must be integers (a position is an int, a "
                           f"sequence of ints or text such as '3,5'), not "
                           f"{type(position).__name__} {short(repr(position))}")
    return position


def path_arg(path, name: str) -> str:
    """A file path argument (``str`` or ``os.PathLike``, not empty) as a ``str``."""
    if isinstance(path, bool) or not isinstance(path, (str, os.PathLike)):
        raise GtablesError(f"{name} must be a path, not {type(path).__name__} {str(path)[:40]!r}")
    text = os.fspath(path)
    if not isinstance(text, str) or not text.strip():
        raise GtablesError(f"{name} must be a path, not {text!r}")
    return text


def progress_arg(progress):
    if progress is not None:
        flag_arg("progress", progress)
    return progress


def choice_arg(name: str, value, choices) -> str:
    if not isinstance(value, str) or value not in choices:
        raise GtablesError(f"{name} must be one of {', '.join(map(repr, choices))}, not "
                           f"{str(value)[:40]!r}")
    return value


def game(spec: str) -> Game:
    """Parse and validate a spec string: the :class:`Game` it names (nothing is computed)."""
    from .config import check_environment, compiling_for
    spec = spec_arg(spec)
    check_environment()          # before numba loads with the families' modules
    room_for_numba()
    family, _ = split_spec(spec)
    if not games.known(family):
        known = ", ".join(games.known_names())
        raise GtablesError(f"unknown family {family!r} (known: {known}); {USER_FAMILY_HINT}")
    g = games.parse(spec)
    # what a compile from here on would be for (a figure for a family's sequence tables)
    compiling_for(f"the {family} family",
                  games.COMPILE_SECONDS.get(family) if g.is_sequence else None)
    return g


NUMBA_ROOM = 448 << 20   # address space numba and LLVM map as they load and compile (measured:
                         # LLVM aborted (bad_alloc) compiling octal with 326 MiB left, ran with 375)


def room_for_numba() -> None:
    """Refuse (one line) to load numba with less than :data:`NUMBA_ROOM` of address space left
    under ``RLIMIT_AS``: LLVM's C++ cannot fail gently (it aborts), so the check comes first."""
    import sys
    if "numba" in sys.modules:
        return
    from .engine.memory import human_bytes, rlimit_available
    have = rlimit_available()
    if have is not None and have < NUMBA_ROOM:
        raise NotEnoughMemory(f"not enough memory to load gtables' compiler (numba and LLVM "
                              f"need about {human_bytes(NUMBA_ROOM)} of address space; the "
                              f"limit ulimit -v leaves {human_bytes(have)}); nothing stored was "
                              f"changed: raise the limit")


def register_family(family: Family, replace: bool = False) -> Family:
    """Make a user-defined family available to specs, the CLI (in this process) and claims."""
    if not isinstance(family, Family):
        raise GtablesError(f"register_family takes a gtables Family (see gtables.heap_game for "
                           f"a heap game from its options function), not "
                           f"{type(family).__name__}")
    return games.register(family, replace=flag_arg("replace", replace))


def heap_game(name: str, options, *, max_options, doc: str = "", period_bound=None,
              period_theorem: str = "", replace: bool = False,
              version: str | None = None) -> Family:
    """Register a heap game from its options function (no Family to write): ``options(n, out)``
    writes each option of a heap of ``n`` as a pair ``out[2*i], out[2*i+1] = a, b`` (the heap
    becomes heaps ``a`` and ``b``; ``b = 0`` for a plain removal, ``(0, 0)`` takes it all) and
    returns how many it wrote; plain Python that numba compiles, or an ``@njit`` function.
    ``max_options``: an int, or a function of the largest heap, bounding the options of any heap.
    Then ``name:size=N`` (``play=misere`` too) computes, stores and queries like a built-in
    family.  ``period_bound``/``period_theorem``: a periodicity theorem you vouch for (turns on
    ``until_periodic``); without one, :meth:`Table.periodicity` reports observed periods only.
    Stored prefixes of the game are reused only by the same game: its identity is a hash of the
    options function's code and of every value it reads (closure cells, globals), or
    ``version`` when you declare one (then changing the rules without changing it is on you).
    See :mod:`gtables.games.userheap`."""
    from .games.userheap import heap_family
    fam = heap_family(name, options, max_options=max_options, doc=doc, period_bound=period_bound,
                      period_theorem=period_theorem, version=version)
    return games.register(fam, replace=replace)


def define_game(name: str, *, space: str, moves, max_options, partizan: bool = False,
                planes: int = 1, split=None, symmetry=None, doc: str = "",
                version: str | None = None, format_position=None, parse_position=None,
                reference=None, example: str | None = None, symbols: str | None = None,
                start=None, decided=None, replace: bool = False) -> Family:
    """Register your own game on a board, a graph or a range of integers (the public game API:
    :mod:`gtables.games.usergame`, ``docs/your_own_game.md``): ``moves(pos, side, params, out)``
    writes the index of each option of ``pos`` into ``out`` and returns their number; ``space``
    is ``"board"`` (spec keys ``rows``, ``cols``), ``"graph"`` (``graph``) or ``"integers"``
    (``size``); ``max_options`` bounds the count (an int, or a function of the space).  Then
    ``name:rows=3,cols=4`` computes, stores, queries, shows and plots like a built-in family,
    and :func:`solve` answers one position of boards far too big for a table.
    ``reference(position, side, space)``: the same options in plain Python, which
    :func:`check_game` holds ``moves`` to; ``example``: a small spec of the game;
    ``decided(pos, side, params)``: a rule that settles a position's outcome before the search
    looks at its options (1 the side to move wins, 0 it loses, -1 not known).  The shipped
    board and graph games (``games/cram.py`` and its neighbours) are made by this call's
    implementation (:func:`gtables.games.usergame.define_game`) with the same keywords."""
    from .games.usergame import define_game as define
    fam = define(name, space=space, moves=moves, max_options=max_options, partizan=partizan,
                 planes=planes, split=split, symmetry=symmetry, doc=doc, version=version,
                 format_position=format_position, parse_position=parse_position,
                 reference=reference, example=example, symbols=symbols, start=start,
                 decided=decided)
    return games.register(fam, replace=flag_arg("replace", replace))


def check_game(name: str, specs=None):
    """Run the family contract on the game ``name`` (yours or a shipped one) and return a
    :class:`gtables.games.contract.GameCheck`: ``.failures`` (one line each: what is wrong),
    ``.checked`` (one line a spec), ``.notes``, ``.ok``.  On every position of small spaces
    (``specs``, default: the game's ``example`` and one or two smaller ones): each option's
    index is smaller than its position's and their number at most ``max_options``; ``moves``
    gives the options of ``reference`` (when given) and the table equals a plain recursion over
    them; ``symmetry`` maps every position to one of equal value and the parts of ``split`` XOR
    to its value (against the table, i.e. plain play); the reachable search gives the dense
    table's values.  ``gtables check-game NAME`` runs it from the shell."""
    from .games import contract
    if not isinstance(name, str):
        raise GtablesError(f"check_game takes a game's name, such as 'cram', not "
                           f"{type(name).__name__}")
    if isinstance(specs, str):
        specs = [specs]
    if specs is not None:
        specs = [spec_arg(s) for s in specs]
    room_for_numba()
    return contract.check_game(games.get(name), specs)


DENSE_AUTO_POSITIONS = 1 << 26   # solve(method="auto") fills a dense table up to this size


def solve(spec: str, position="start", *, store=DEFAULT_STORE, method: str = "auto",
          checkpoint: str | None = None, checkpoint_seconds: float = 60.0,
          progress: bool | None = None, ignore_memory: bool = False) -> dict:
    """The value (Grundy, normal play) or outcome of one position (``"start"``: every cell
    free), as a dict.  ``method``: ``"dense"`` reads it from the whole table (stored, or
    computed and stored), ``"reachable"`` searches the positions reachable from it
    (:mod:`gtables.engine.search`: a hash table, the game's parts and symmetries, checkpoints
    every ``checkpoint_seconds`` to the file ``checkpoint``), ``"auto"`` the stored table if
    there is one, else dense up to :data:`DENSE_AUTO_POSITIONS` positions, else reachable.  The
    two agree wherever both run (tested)."""
    from .engine.search import solve as search
    g = game(spec)
    choice_arg("method", method, ("auto", "dense", "reachable"))
    progress_arg(progress)
    ignore_memory = flag_arg("ignore_memory", ignore_memory)
    checkpoint_seconds = seconds_value(checkpoint_seconds, "checkpoint_seconds",
                                       MIN_CHECKPOINT_SECONDS)
    if checkpoint is not None:
        checkpoint = path_arg(checkpoint, "checkpoint")
    if isinstance(position, str):
        idx = g.space.index(g.space.parse(position))
    else:
        idx = g.space.index(_position_arg(position))
    st = store_arg(store)
    if method == "auto":
        stored = st is not None and st.exists() and g.spec in st
        method = "dense" if stored or g.search is None or g.space.size <= DENSE_AUTO_POSITIONS \
            else "reachable"
    if method == "reachable":
        if g.kind == CANONICAL and checkpoint is not None:
            raise GtablesError(f"{g.spec}: the search of canonical values takes no checkpoint "
                               f"(its entries are ids of a game pool it would not hold)")
        if g.search is None:
            raise GtablesError(f"{g.spec}: the reachable search is for games of the public game "
                               f"API (gtables.define_game: {', '.join(games.CELL_GAMES)} "
                               f"and yours); use method='dense'")
        # the store's key seals the checkpoints; one it did not seal is re-derived before use
        key = None
        if checkpoint is not None and st is not None and st.kind != "export":
            try:
                key = st.seal_key(create=True)
            except GtablesError as e:     # no key: the checkpoint is re-derived when resumed
                warn(f"{g.spec}: checkpoints not sealed ({e})")
        pool = None
        if g.kind == CANONICAL:
            from .cgt import Pool
            pool = Pool()
        r = search(g, idx, checkpoint=checkpoint, checkpoint_seconds=checkpoint_seconds,
                   progress=progress, ignore_memory=ignore_memory, seal_key=key, pool=pool)
        d: dict = {"spec": g.spec, "position": r.position, "method": "reachable"}
        if r.value is not None:
            d["grundy"] = r.value
        if pool is not None:
            from .cgt.columns import describe_id
            d.update(describe_id(pool, pool.parse(r.form)))
        d.update(outcome=r.outcome, positions_stored=r.stored, expanded=r.expanded,
                 resumed=r.resumed, resumed_by=r.resumed_by, seconds=round(r.seconds, 3),
                 peak_bytes=r.peak_bytes,
                 symmetry=r.symmetry, parts=r.parts)
        return d
    t0 = time.perf_counter()
    t = compute(g.spec, store=st, progress=progress, ignore_memory=ignore_memory)
    d = {"method": "dense", **t.describe(g.space.unrank(np.array([idx]))[0])}
    d["seconds"] = round(time.perf_counter() - t0, 3)
    return d


def open_store(path: str | None = None) -> Store:
    """The store at ``path``, ``$GTABLES_STORE``, or ``results/tables`` (a directory of table
    files, made on the first write; an export file opens read-only)."""
    return Store(path)


def store_arg(store) -> Store | None:
    """The one meaning of ``store=`` everywhere: left out, the default store (``$GTABLES_STORE``
    or ``results/tables``); ``None``, no store at all (memory only); a path (``str`` or
    ``os.PathLike``) or a :class:`Store`, that store.  Anything else is an error (``store=123``
    once made a file named ``123``)."""
    if store is None:
        return None
    if store is DEFAULT_STORE:
        return Store()
    if isinstance(store, Store):
        return store
    if isinstance(store, bool) or not isinstance(store, (str, os.PathLike)):
        raise GtablesError(f"store= takes a path, a gtables Store, or None (no store: memory "
                           f"only), not {type(store).__name__} {str(store)[:40]!r}")
    return Store(store)


def needs_store(store, doing: str) -> Store:
    """The store of a function that cannot work without one (``None`` is refused: it means no
    store, never the default one)."""
    if store is None:
        raise GtablesError(f"{doing} needs a store, and store=None means none (memory only); "
                           f"leave store out for the default store, or give a path")
    st = store_arg(store)
    assert st is not None
    return st


class Table:
    """A table: its game (spec, space, kind), metadata and values.

    Values come from memory (just computed) or from the store, read lazily: ``value`` and
    ``lookup`` read only the chunks they need; ``values`` loads the whole array.
    """

    def __init__(self, game: Game, values: np.ndarray | None = None, attrs: dict | None = None,
                 stored: StoredTable | None = None):
        self._game: Game | None = game
        self.spec, self.family, self.params = game.spec, game.family, game.params
        self.kind, self.space = game.kind, game.space
        self._init(values, attrs, stored)

    def _init(self, values, attrs, stored) -> None:
        self._values = None if values is None else _read_only(values)
        self.attrs = dict(attrs or {})
        # a table of canonical forms: its game pool's arrays (just computed: in the attributes;
        # stored: beside the values, read on first need) and the pool they re-derive
        aux = self.attrs.pop("aux", None)
        self._aux = aux if isinstance(aux, dict) else None
        self._pool = None
        for k in JSON_ATTRS:
            if isinstance(self.attrs.get(k), str):
                self.attrs[k] = json.loads(self.attrs[k])
        self.stored = stored

    @classmethod
    def _from_store(cls, stored: StoredTable, space: spaces.PositionSpace) -> Table:
        """A stored table described by its verified attributes and the space they describe,
        without its :class:`Game` (made on first need: :attr:`game`)."""
        t = cls.__new__(cls)
        t._game = None
        t._init(None, stored.attrs, stored)
        t.spec, t.family, t.params = stored.spec, t.attrs["family"], t.attrs["params"]
        t.kind, t.space = t.attrs["kind"], space
        return t

    @property
    def game(self) -> Game:
        """The table's :class:`Game` (its rules and move generator).  A table loaded from the
        store is read without it; it is made here, on the first call that needs the move
        generator (``moves``, ``winning_moves``; ``describe`` for a family that has terminal
        verdicts), and this imports numba and the family's kernels."""
        if self._game is None:
            g = games.parse(self.spec)
            if g.spec != self.spec or g.kind != self.kind or not _same_space(g.space, self.space):
                where = self.stored.store.path if self.stored is not None else "memory"
                raise GtablesError(f"table {self.spec} in {where} does not match what its spec "
                                   f"names now (canonical spec {g.spec}, kind {g.kind}, positions "
                                   f"{g.space.scheme}); recompute it with: "
                                   f"{repair_hint(g.spec, where)}")
            said = other_rules(g, self.attrs) if self.stored is not None else None
            if said is not None:         # read as stored; the rules registered since are others
                raise other_rules_error(g, said, self.stored.store.path)
            self._game = g
        return self._game

    @property
    def as_stored(self) -> str | None:
        """What a table of a user's game read without its rules is, in words, or None: the
        table its file says it is, computed by the rules it names (its identity), and nothing
        more, since this process has not loaded the game's rules to check it (a built-in
        family's rules, and a user's game loaded here, are checked as the table is read)."""
        if self._game is not None or games.loaded(self.family) or \
                (self.family in games.GRAMMARS and not games.user_family(self.family)):
            return None
        return (f"read as stored: the table of the rules its file names "
                f"({_named_rules(self.attrs)}), not checked against them: {self.family}'s rules "
                f"are not loaded here (gtables --rules FILE.py, or import your file, to check)")

    # -- description --------------------------------------------------------------------------

    def __repr__(self):
        return f"<Table {self.spec} kind={self.kind} size={self.space.size}>"

    def _repr_html_(self) -> str:
        """What a notebook shows: spec, kind, shape, largest value, provenance, first values
        (a stored table is not loaded: the first values come from one chunk, the rest from its
        verified attributes)."""
        from html import escape
        size = self.space.size
        first = np.arange(min(size, 12))
        rows = self.space.unrank(first)
        shown = self._read(first)       # a stored table: one chunk read, not the whole table
        cells = "".join(f"<td><code>{escape(self.space.format(r))}</code>: {int(x)}</td>"
                        for r, x in zip(rows, shown))
        if self._values is not None:
            dtype, top = self._values.dtype, (int(self._values.max()) if size else 0)
        else:                                                 # from the verified attributes
            dtype, top = self.attrs.get("dtype", "?"), int(self.attrs.get("max_value", 0))
        versions = self.attrs.get("versions") or {}
        where = (f"stored in <code>{escape(str(self.stored.store.path))}</code>"
                 if self.stored is not None else "in memory (not stored)")
        facts = [
            ("spec", f"<code>{escape(self.spec)}</code>"),
            ("table", escape(self._describe_text() or self.family)),
            ("values", f"{escape(self.kind)}: {escape(ENCODINGS[self.kind])}"),
            ("positions", f"{size:,} ({escape(self.space.bounds())}), shape "
                          f"{tuple(self.space.shape)}, dtype {dtype}"),
            ("largest value", str(top) if size else "(empty)"),
            ("provenance", f"{where}; computed in {self.attrs.get('compute_seconds', 0):.3g} s "
                           f"by gtables {escape(str(versions.get('gtables', '?')))} "
                           f"(source {escape(str(versions.get('source', '?')))})"),
        ]
        body = "".join(f"<tr><th style='text-align:left'>{k}</th><td>{x}</td></tr>"
                       for k, x in facts)
        return (f"<table>{body}</table><table><tr><th style='text-align:left'>first values"
                f"</th>{cells}</tr></table>")

    def _describe_text(self) -> str:
        if self._game is not None:
            return self._game.describe
        return str(self.attrs.get("description") or "")

    def plot(self, ax=None, show: str = "temperature"):
        """A picture of the whole table (see :func:`gtables.plotting.plot_values`); returns the
        matplotlib ``Axes``.

        A ``value=canonical`` table is drawn by ``show``: on a board or a graph, the start and
        the hottest positions (``"temperature"``, the default), or the start and the positions
        with the most cells in play of each class of value (``"value"``: hot, temperature > 0;
        tepid, temperature 0, the infinitesimals; numbers), each with its value and
        temperature above it; on other spaces, the temperature (or the mean, ``"value"``) of
        every position against its index."""
        from .plotting import plot_values
        if ax is not None:
            from matplotlib.axes import Axes
            if not isinstance(ax, Axes):
                raise GtablesError(f"ax must be a matplotlib Axes or None, not "
                                   f"{type(ax).__name__} {short(repr(ax))}")
        if show not in ("temperature", "value"):
            raise GtablesError(f"show must be 'temperature' or 'value', not {repr(show)[:40]}")
        if self.kind == CANONICAL:
            return self._plot_canonical(ax, show)
        return plot_values(self.values, self.space, self.kind, title=self.spec, ax=ax)

    def _plot_canonical(self, ax, show: str):
        from fractions import Fraction

        from .cgt.columns import id_numbers
        from .plotting import MAX_CELL_PICTURES, plot_cells, plot_numbers
        values, pool = self.values, self.pool
        temp = id_numbers(pool, "temperature", self._aux)
        if getattr(self.space, "scheme", "") != "cell bitmask":
            name = "temperature" if show == "temperature" else "mean"
            per_id = temp if name == "temperature" else id_numbers(pool, "mean", self._aux)
            return plot_numbers(np.arange(values.size), per_id[values], "position index", name,
                                title=self.spec, ax=ax)
        start = self.space.size - 1

        def most_cells(idx: np.ndarray, k: int) -> list[int]:
            idx = idx[-(1 << 20):]                      # the largest indices: most cells in play
            live = (self.space.unrank(idx) != 0).sum(axis=1)
            return [int(i) for i in idx[np.lexsort((-idx, -live))] if i != start][:k]

        picked: list[int] = []
        if show == "temperature":
            for g in np.argsort(-temp, kind="stable"):  # the hottest values first
                if len(picked) >= MAX_CELL_PICTURES - 1:
                    break
                picked += most_cells(np.flatnonzero(values == g), MAX_CELL_PICTURES - 1
                                     - len(picked))
            shown = "the start and the hottest positions"
        else:
            per_class = (MAX_CELL_PICTURES - 1) // 3
            for cls in (temp > 0, temp == 0, temp < 0):
                picked += most_cells(np.flatnonzero(cls[values]), per_class)
            shown = ("the start and the positions with the most cells in play of each class: "
                     "hot, tepid (temperature 0), numbers")
        positions = [start] + picked

        def text(i: int) -> str:
            g = int(values[i])
            t = Fraction(float(temp[g]))              # exact: a dyadic number
            return f"{pool.format(g)}  t={t}"
        return plot_cells(values, self.space, self.kind, self.spec, ax, positions,
                          texts=[text(i) for i in positions],
                          shown=shown + "; value and temperature above each")

    # -- data frames and labelled arrays (optional: pip install "gtables[notebook]") ----------
    # -- canonical forms ----------------------------------------------------------------------

    @property
    def pool(self):
        """The game pool of a ``value=canonical`` table (:class:`gtables.cgt.Pool`): its values
        are ids of the pool.  Read from beside the stored values and re-derived entry by entry
        (every entry in canonical form, each id once) before it is used."""
        if self.kind != CANONICAL:
            raise GtablesError(f"{self.spec}: a table of {self.kind} values has no game pool "
                               f"(value=canonical tables have one)")
        if self._pool is None:
            from .cgt import Pool
            from .cgt.columns import derived_hold
            trusted = self._aux is not None      # made by this process
            if self._aux is None:
                if self.stored is None:
                    raise GtablesError(f"gtables bug: table {self.spec} has no game pool")
                self._rules_since()
                self._aux = self.stored.aux()
                trusted = self.stored.sealed
            where = self.stored.store.path if self.stored is not None else "memory"
            try:
                pool = Pool.from_arrays(self._aux)
            except GtablesError as e:
                raise GtablesError(f"table {self.spec} in {where}: its game pool is not right "
                                   f"({e}); it is not used: {repair_hint(self.spec, where)}"
                                   ) from None
            if not trusted and not derived_hold(pool, self._aux):
                raise GtablesError(f"table {self.spec} in {where}: the stops, means or "
                                   f"temperatures kept with its game pool are not the pool's; "
                                   f"it is not used: {repair_hint(self.spec, where)}")
            self._pool = pool
        return self._pool

    def value_text(self, position) -> str:
        """The value of one position as text: a Grundy value, an outcome letter, or (a
        ``value=canonical`` table) the canonical form in CGSuite's notation."""
        v = self.value(position)
        if self.kind == CANONICAL:
            return self.pool.format(v)
        return str(v) if self.kind == GRUNDY else OUTCOME_LETTERS[v]

    def where(self, value) -> np.ndarray:
        """The indices of the positions whose value is ``value``: a canonical form as text in
        CGSuite's notation (``"^*"``, ``"1/2"``, ``"+-1"``) for a ``value=canonical`` table, an
        outcome letter for an outcome table, a Grundy value (int) for a Grundy table.  Loads the
        whole table."""
        values = self.values
        if self.kind == CANONICAL:
            if not isinstance(value, str):
                raise GtablesError(f"{self.spec}: where(value=...) takes a value as text, such "
                                   f"as '^*' or '1/2', not {type(value).__name__}")
            pool = self.pool
            n = len(pool)
            g = pool.parse(value)
            if g >= n:                   # a form no position of the table has
                return np.zeros(0, dtype=np.int64)
            return np.flatnonzero(values == g).astype(np.int64)
        if self.kind == GRUNDY:
            if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
                raise GtablesError(f"{self.spec}: where(value=...) of a Grundy table takes an "
                                   f"int, not {value!r}")
            return np.flatnonzero(values == int(value)).astype(np.int64)
        letter = str(value).upper()
        if letter not in OUTCOME_LETTERS or (letter in "LR" and self.kind not in PARTIZAN_KINDS):
            raise GtablesError(f"{self.spec}: where(value=...) of an outcome table takes "
                               f"{'P, N, L or R' if self.kind in PARTIZAN_KINDS else 'P or N'}, "
                               f"not {value!r}")
        return np.flatnonzero(values == OUTCOME_LETTERS.index(letter)).astype(np.int64)

    def _outcome_letters(self, values: np.ndarray) -> np.ndarray | None:
        """The outcome letters of a table of outcome codes (``None`` for a Grundy table)."""
        if self.kind in (GRUNDY, CANONICAL):
            return None
        return np.array(list(OUTCOME_LETTERS))[values.astype(np.intp)]

    def _decoded(self) -> np.ndarray:
        """Every position as an ``unrank`` row, or a clear error for a space that cannot."""
        try:
            return self.space.unrank(np.arange(self.space.size, dtype=np.int64))
        except NotImplementedError:
            raise GtablesError(f"{self.spec}: its position space ({self.space.scheme}) cannot "
                               f"decode indices into positions (no unrank), so the table has no "
                               f"coordinates to show; use Table.values (by index)") from None

    def to_pandas(self, text: bool = False):
        """The table as a :class:`pandas.DataFrame`, one row per position in index order: the
        position's coordinates (columns named by the space: ``heap``; ``pile1``, ``pile2``;
        ``heap1``.. ``heapD``, ``last``; ``stack1``..; ``c1``.. ``ck``; ...), then ``value``
        (the stored value: Grundy value or outcome code) and, for outcome tables, ``outcome``
        (``P``, ``N``, ``L``, ``R``).  The index is the table's position index (named
        ``index``).  ``text=True`` adds ``position``, the position as ``gtables query`` reads
        it.  For a box of coordinates, ``df.set_index(list(t.space.coordinates()))["value"]``
        is the Series on a (Multi)Index.  Loads the whole table; needs pandas."""
        text = flag_arg("text", text)
        pd = notebook_module("pandas", "Table.to_pandas()")
        values = self.values
        cols: dict[str, np.ndarray] = {}
        rows = self._decoded()
        for j, name in enumerate(self.space.coordinates()):
            cols[name] = rows[:, j]
        if text:
            cols["position"] = np.array([self.space.format(r) for r in rows], dtype=object)
        if self.kind == CANONICAL:
            cols.update(self.canonical_columns(values))
        else:
            cols["value"] = values
        letters = self._outcome_letters(values)
        if letters is not None:
            cols["outcome"] = letters
        return pd.DataFrame(cols, index=pd.RangeIndex(self.space.size, name="index"))

    def canonical_columns(self, values: np.ndarray) -> dict[str, np.ndarray]:
        """For the ids ``values`` of a ``value=canonical`` table, one column each of ``value``
        (the canonical form as text), ``outcome``, ``temperature``, ``mean``, ``left_stop``,
        ``right_stop`` (numbers as text: ``3/4``) and ``birthday``."""
        from .cgt.columns import id_columns
        pool = self.pool
        ids, inverse = np.unique(values, return_inverse=True)
        derived = None
        if self._aux is not None and "birthday" in self._aux:
            derived = self._aux          # checked (or made) as the pool was read
        per_id = id_columns(pool, ids.astype(np.int64), derived)
        return {name: col[inverse] for name, col in per_id.items()}

    def to_xarray(self):
        """The table as a labelled :class:`xarray.DataArray` named ``value``.  A box of
        coordinates (``space.axes()``: heaps, piles, heaps plus the last amount taken) gives
        its logical shape, one dimension per coordinate (named as the space names them) with
        the coordinate values as coords.  Any other space (strings, sets of squares, ...) gives
        one dimension ``index`` (the position index), with each decoded coordinate
        (``space.coordinates()``) as a coord along it.  Outcome tables also carry ``outcome``
        letters as a coord.  ``attrs`` hold the spec, family, kind and encoding.  Loads the
        whole table; needs xarray."""
        xr = notebook_module("xarray", "Table.to_xarray()")
        values = self.values
        attrs = {"spec": self.spec, "family": self.family, "kind": self.kind,
                 "encoding": ENCODINGS[self.kind]}
        axes = self.space.axes()
        letters = self._outcome_letters(values)
        if axes is not None:
            shape = tuple(self.space.shape)
            dims = [name for name, _ in axes]
            coords: dict = {name: vals for name, vals in axes}
            if letters is not None:
                coords["outcome"] = (dims, letters.reshape(shape))
            return xr.DataArray(values.reshape(shape), dims=dims, coords=coords, name="value",
                                attrs=attrs)
        rows = self._decoded()
        coords = {"index": np.arange(self.space.size, dtype=np.int64)}
        for j, name in enumerate(self.space.coordinates()):
            coords[name] = ("index", rows[:, j])
        if letters is not None:
            coords["outcome"] = ("index", letters)
        return xr.DataArray(values, dims=["index"], coords=coords, name="value", attrs=attrs)

    @property
    def values(self) -> np.ndarray:
        """The whole table as a flat numpy array in index order, read-only (a table is what
        its rules give, and a stored one is what the store holds: ``t.value(i)`` never sees an
        edit; ``t.values.copy()`` is an array of your own)."""
        if self._values is None:
            if self.stored is None:
                raise GtablesError(f"gtables bug: table {self.spec} has neither values nor a store")
            self._rules_since()
            self._values = _read_only(self.stored.load())
        return self._values

    def array(self) -> np.ndarray:
        """The table reshaped to the space's logical shape (e.g. ``(s+1,)*D`` for D heaps)."""
        return self.values.reshape(self.space.shape)

    # -- lookups ------------------------------------------------------------------------------
    def index(self, position) -> int:
        if isinstance(position, str):
            position = self.space.parse(position)
        return self.space.index(_position_arg(position))

    def _read(self, idx: np.ndarray) -> np.ndarray:
        if self._values is not None:
            return self._values[idx]
        if self.stored is None:
            raise GtablesError(f"gtables bug: table {self.spec} has neither values nor a store")
        self._rules_since()
        return self.stored.read(idx)

    def _rules_since(self) -> None:
        """A table of a user's game read as stored, whose rules this process registered since:
        checked against them (:attr:`game`) before another value is read."""
        if self._game is None and games.user_family(self.family):
            self.game      # noqa: B018 - made for its check: refused if other rules made it

    def value(self, position) -> int:
        """The stored value of one position (Grundy value, or outcome code)."""
        return int(self._read(np.array([self.index(position)]))[0])

    def lookup(self, positions) -> np.ndarray:
        """Values of a batch of positions, an ``(B, width)`` array (or ``(B,)`` for one heap)."""
        return self._read(self.space.rank(_position_arg(positions)))

    def periodicity(self, max_period: int | None = None):
        """The period of a heap table (one heap, values by heap size): the proved one a
        ``--until-periodic`` run stored, else what the values show (``find_period``: the least
        period, pre-period and saltus supported by the whole table, marked observed, never
        proved), else ``None``.  A :class:`~gtables.engine.periodicity.Periodicity`."""
        from .engine.periodicity import Periodicity, find_period
        if len(self.space.shape) != 1:
            raise GtablesError(f"{self.spec}: periodicity applies to tables of one heap, not "
                               f"positions of shape {tuple(self.space.shape)}")
        if max_period is not None:
            max_period = count_value(max_period, "max_period", lo=1)
        x = self.attrs.get("extra") or {}
        if isinstance(x, dict) and "period" in x:
            return Periodicity(int(x["preperiod"]), int(x["period"]), int(x.get("saltus", 0)),
                               checked_to=int(x.get("computed_to", self.space.size)),
                               proved=True, certificate=str(x.get("proof", "")))
        return find_period(self.values, max_period=max_period, saltus=True)

    @property
    def stats(self) -> dict | None:
        """The statistics stored with a sequence table (``attrs["extra"]["stats"]``; see
        :mod:`gtables.engine.sequence_stats`): ``length``, ``max_value``, ``max_at``, ``zeros``
        (heap 0 included), ``checksum`` (``sum (i+1)*G(i) mod 2^61``), ``histograms`` (at each
        power of two) and ``histogram``.  ``None`` for other tables and for sequence tables
        stored before gtables kept them.  An octal run's rare heaps are beside them in
        ``attrs["extra"]``: ``mask``, ``parity_bit``, ``rare_heaps``, ``last_rare``."""
        x = self.attrs.get("extra")
        return x.get("stats") if isinstance(x, dict) else None

    def outcome_of_value(self, v: int) -> str:
        if self.kind == GRUNDY:
            return "P" if v == 0 else "N"
        if self.kind == CANONICAL:
            return self.pool.outcome(v)
        return OUTCOME_LETTERS[v]

    def outcome(self, position) -> str:
        return self.outcome_of_value(self.value(position))

    def _option_value(self, i: int, j: int, *more: int) -> int:
        idx = np.array([i] if j < 0 else [i, j, *more])
        v = 0
        for x in self._read(idx):
            v ^= int(x)         # a sum's Grundy value (one component: its value)
        return v

    def moves(self, position) -> list[dict]:
        """Every move from a position with the value/outcome it leads to and whether it wins.
        Runs the family's move generator: the one lookup that loads numba (see :attr:`game`)."""
        from .engine.values import LEFT, RIGHT
        idx = self.index(position)
        out = []
        sides = (("Left", LEFT), ("Right", RIGHT)) if self.kind in PARTIZAN_KINDS + (CANONICAL,) \
            else (("", 0),)
        for side_name, side in sides:
            status, opts = self.game.options(idx, side)
            for o in opts:
                v = self._option_value(*o)
                if self.kind == GRUNDY:
                    wins = v == 0
                    shown = {"value": v, "outcome": "P" if v == 0 else "N"}
                elif self.kind == CANONICAL:
                    c = self.pool.outcome(v)
                    wins = c in (("P", "L") if side == LEFT else ("P", "R"))
                    shown = {"value": self.pool.format(v), "outcome": c}
                elif self.kind in PARTIZAN_KINDS:
                    c = OUTCOME_LETTERS[v]
                    wins = c in (("P", "L") if side == LEFT else ("P", "R"))
                    shown = {"outcome": c}
                else:
                    wins = v == 0
                    shown = {"outcome": OUTCOME_LETTERS[v]}
                m = {"to": self.game.describe_option(*o), "wins": bool(wins), **shown}
                if side_name:
                    m["player"] = side_name
                out.append(m)
        return out

    def winning_moves(self, position) -> list[dict]:
        return [m for m in self.moves(position) if m["wins"]]

    def describe(self, position) -> dict:
        """Value, outcome and (for terminal positions) why, as a JSON-able dict."""
        idx = self.index(position)
        v = self.value(position)
        d = {"spec": self.spec, "position": self.space.format_index(idx), "index": idx}
        if self.kind == GRUNDY:
            d["grundy"] = v
        if self.kind == CANONICAL:
            from .cgt.columns import describe_id
            d.update(describe_id(self.pool, v))
        d["outcome"] = self.outcome_of_value(v)
        builtin = self.family in games.GRAMMARS and not games.user_family(self.family)
        if builtin or (self._game is None and not games.loaded(self.family)):
            if not builtin:     # a user's family, not loaded: value and outcome as stored
                d["as_stored"] = self.as_stored
                return d
            # a built-in family's terminal verdicts in plain Python, from its spec grammar (no
            # move generator to compile; tests/test_fast_lookup.py holds them equal)
            verdict = games.grammar(self.family).terminal
            status = 0 if verdict is None else \
                verdict(self.params, tuple(int(x) for x in self.space.unrank([idx])[0]))
        else:
            status, _ = self.game.options(idx)
        if status in (TERMINAL_LOSS, TERMINAL_WIN):
            d["terminal"] = ("player to move has lost" if status == TERMINAL_LOSS
                             else "player to move has won")
        return d


def _named_rules(attrs: dict) -> str:
    """The rules a stored table of a user's game names: its identity, or (a table stored before
    tables kept it) its description, which names it too."""
    ident = attrs.get("identity")
    if ident is not None:
        return " ".join(str(ident).split())[:80]
    return f"as its description says: {short(attrs.get('description') or '', 80)}"


def _read_only(values: np.ndarray) -> np.ndarray:
    """A read-only view of ``values`` (the array itself stays as its owner made it)."""
    view = np.asarray(values).view()
    view.flags.writeable = False
    return view


def _attrs_for(game: Game, values: np.ndarray, seconds: float) -> dict:
    import h5py
    import numba

    from .config import source_hash
    attrs = {
        "family": game.family, "params": game.params, "kind": game.kind,
        "encoding": ENCODINGS[game.kind], "description": game.describe,
        "index_scheme": game.space.scheme, "index": game.space.meta(),
        "shape": list(game.space.shape), "compute_seconds": round(seconds, 6),
        "versions": {"gtables": __version__, "source": source_hash(), "numba": numba.__version__,
                     "numpy": np.__version__, "h5py": h5py.__version__},
    }
    if game.identity:       # a user's game: the rules that made the table (checked on reads)
        attrs["identity"] = game.identity
    return attrs


def other_rules(g: Game, attrs: dict) -> str | None:
    """What a stored table of a user's game says of its rules (its identity, see
    :attr:`~gtables.engine.game.Rules.identity`) when they are not ``g``'s, else None; always
    None for a game whose spec pins its rules (the built-in families).  A table stored before
    tables kept their identity is judged by its description, which names it."""
    if not g.identity:
        return None
    stored = attrs.get("identity")
    same = attrs.get("description") == g.describe if stored is None else stored == g.identity
    return None if same else _named_rules(attrs)


def other_rules_error(g: Game, said: str, where) -> GtablesError:
    """The one line that refuses a stored table of ``g``'s spec made by other rules."""
    hint = repair_hint(g.spec, str(where)).replace("gtables ", "gtables --rules FILE.py ", 1)
    return GtablesError(
        f"table {g.spec} in {where} was computed by other rules (its file names {said}; the "
        f"rules loaded now are {g.identity}): it is not used; give the edited game another "
        f"name, or replace "
        f"the table: {hint} (Python: compute(..., force=True))")


def compute(spec: str, store=DEFAULT_STORE, *, force: bool = False, progress: bool | None = None,
            ignore_memory: bool = False, until_periodic: bool = False, algorithm: str = "auto",
            resume: bool = True, checkpoint_seconds: float | None = None,
            ignore_time: bool = False) -> Table:
    """Compute the table a spec names and store it; return it.

    If the store already holds it (and not ``force``), the stored table is returned without
    recomputing.  ``force`` recomputes from scratch (no stored prefix is reused) and replaces
    it.  ``store``: left out, the default store (``$GTABLES_STORE`` or ``results/tables``);
    ``None``, no store (computed in memory only); or a path or :class:`Store`.

    Every argument is checked first (types included: ``force`` is ``True`` or ``False``), then
    the request: a table past the memory available (unless ``ignore_memory``) or estimated past
    the time limit by its kernel's cost model (24 h, ``$GTABLES_TIME_LIMIT``; unless
    ``ignore_time``; a stored prefix it resumes from counts as done) is refused before anything
    is allocated (:mod:`gtables.engine.cost`).

    The store is checked before the computation starts (a gtables store or a new directory,
    writable).  Publishing is atomic: another process storing the same table meanwhile is
    harmless (the last one wins; both are whole and correct).

    Sequence tables (octal games) also take: ``until_periodic`` (stop as soon as the family's
    periodicity theorem proves a period; the rest of the table follows from it), ``algorithm``
    (``auto``, ``naive`` or ``sparse``: the same values, different speed), ``resume`` (start
    from the longest verified stored prefix: a table of the same game, or an interrupted run's
    checkpoint, each re-derived on a sample before it is used: :func:`find_prefix`) and
    ``checkpoint_seconds`` (how often a long run saves its prefix to the store).
    """
    from .engine.compute import check_request
    g = game(spec)
    force, resume = flag_arg("force", force), flag_arg("resume", resume)
    ignore_memory, ignore_time = flag_arg("ignore_memory", ignore_memory), \
        flag_arg("ignore_time", ignore_time)
    until_periodic = flag_arg("until_periodic", until_periodic)
    progress_arg(progress)
    choice_arg("algorithm", algorithm, ("auto", "naive", "sparse"))
    if checkpoint_seconds is not None:
        checkpoint_seconds = seconds_value(checkpoint_seconds, "checkpoint_seconds",
                                           MIN_CHECKPOINT_SECONDS)
    st = store_arg(store)
    if st is not None and not force and g.spec in st:
        t = load(g.spec, st)        # a user's game: refused there if other rules made it
        if g.search is not None and not g.identity and \
                t.attrs.get("description") != g.describe:
            raise GtablesError(f"{g.spec} is stored, computed by other rules ("
                               f"{str(t.attrs.get('description'))[:80]!r}; now {g.describe!r});"
                               f" give the edited game another name, or force=True (--force) "
                               f"to replace the stored table")
        return t
    check_request(g, until_periodic=until_periodic, algorithm=algorithm,
                  ignore_memory=ignore_memory, ignore_time=True)   # before the store is touched
    if not ignore_time:
        check_run_time(g, st if resume and not force else None, algorithm, until_periodic)
    if st is not None:
        st.check_writable()
    if g.is_sequence:
        values, attrs = compute_values(g.spec, store=st if resume and not force else None,
                                       progress=progress,
                                       ignore_memory=ignore_memory, until_periodic=until_periodic,
                                       algorithm=algorithm, checkpoint_seconds=checkpoint_seconds,
                                       checkpoint_store=st, ignore_time=ignore_time)
    else:
        if until_periodic or algorithm != "auto":
            raise GtablesError(f"{g.spec}: --until-periodic and --algorithm apply to sequence "
                               f"tables (octal games) only")
        values, attrs = compute_values(g.spec, progress=progress, ignore_memory=ignore_memory,
                                       ignore_time=ignore_time)
    if st is None:
        return Table(g, values=values, attrs=attrs)
    return store_table(st, g, values, attrs, force=force)


def stored_prefix_length(st: Store | None, g: Game) -> int:
    """How many leading values of ``g``'s sequence the store ``st`` holds (the longest table of
    the same game, or a checkpoint), as listed: not verified, so only good for an estimate."""
    if st is None or not g.is_sequence or not st.exists():
        return 0
    try:
        n = max((length for length, _ in prefix_candidates(st, g)), default=0)
        for r in st.checkpoints():
            if r.get("sequence_key") == g.sequence_key and not r.get("damaged"):
                n = max(n, int(r.get("length", 0)))
    except GtablesError:
        return 0
    return min(n, g.space.size)


def check_run_time(g: Game, st: Store | None, algorithm: str, until_periodic: bool) -> None:
    """The time guard (:func:`gtables.engine.cost.check_time`) of a run that may resume from a
    prefix in ``st``: the heaps it holds are not counted (the run re-checks at its real start)."""
    from .engine.cost import check_time
    try:
        check_time(g, algorithm=algorithm, until_periodic=until_periodic)
    except GtablesError:
        start = stored_prefix_length(st, g)
        if not start:
            raise
        check_time(g, algorithm=algorithm, until_periodic=until_periodic, start=start)


def check_bounded(spec: str, keep, window=None, *, ignore_memory: bool = False):
    """The checks of :func:`compute_bounded`, made before anything is computed or written:
    ``(game, keep, window)``, or a :class:`GtablesError`: a table that is no sequence, a
    ``keep`` out of range, a ``window`` below its minimum or past the memory, a game the
    bounded-memory kernel (the sparse-space method) cannot take."""
    from .engine.bounded import DEFAULT_WINDOW, MIN_WINDOW
    from .engine.memory import require_memory
    g = game(spec)
    keep = count_value(keep, "keep", lo=0)
    if window is not None:
        window = count_value(window, "window", lo=0)
    ignore_memory = flag_arg("ignore_memory", ignore_memory)
    if g.sequence is None:
        raise GtablesError(f"{g.spec}: --keep (bounded memory) applies to sequence tables "
                           f"(octal games)")
    if not 4096 <= keep < g.space.size:
        raise GtablesError(f"{g.spec}: --keep must be at least 4,096 and below the table's "
                           f"{g.space.size:,} heaps, not {keep:,}")
    window = DEFAULT_WINDOW if window is None else window
    if window < MIN_WINDOW:
        raise GtablesError(f"--window must be at least {MIN_WINDOW:,} values, not {window:,}")
    # refused now, not after the full part is computed: a family without a bounded-memory
    # kernel (or a game the sparse method does not cover), and a window past the memory
    try:
        stepper = g.sequence.stepper("sparse")
    except GtablesError as e:
        raise GtablesError(f"{g.spec}: --keep (bounded memory) runs the sparse-space method, "
                           f"which this game cannot take: "
                           f"{str(e).removeprefix('--algorithm sparse: ')}") from None
    if not hasattr(stepper, "run_window"):
        raise GtablesError(f"{g.spec}: this family has no bounded-memory kernel")
    require_memory(6 * (keep + window), f"{g.spec} with --keep {keep:,} --window {window:,}",
                   ignore_memory)
    return g, keep, window


def compute_bounded(spec: str, keep: int, *, window: int | None = None, store=DEFAULT_STORE,
                    progress: bool | None = None, checkpoint_seconds: float | None = None,
                    ignore_memory: bool = False) -> Table:
    """Bounded memory (:mod:`gtables.engine.bounded`): the table of heaps ``0..keep-1`` in full
    (computed and stored like any table, or read from the store), then on to the last heap of
    ``spec`` keeping only a window of recent values, with the statistics of every heap
    (checksum, histograms, zeros, largest value, rare heaps).  Returns the full part, a table
    of its own spec (``size=keep-1``), whose ``extra["bounded"]`` records what lies beyond: the
    statistics to ``spec``'s last heap, the window, the last values.  Stored with it when there
    is a store; a run stopped (Ctrl-C, or a :class:`~gtables.engine.bounded.BoundedStop`) saves
    its state in the store, and the same call resumes it."""
    from .engine.bounded import fill_bounded
    progress_arg(progress)
    if checkpoint_seconds is not None:
        checkpoint_seconds = seconds_value(checkpoint_seconds, "checkpoint_seconds",
                                           MIN_CHECKPOINT_SECONDS)
    g, keep, window = check_bounded(spec, keep, window, ignore_memory=ignore_memory)
    assert g.sequence is not None
    full = game(f"{g.sequence.key},size={keep - 1}")
    st = store_arg(store)
    part = compute(full.spec, store=st, progress=progress, checkpoint_seconds=checkpoint_seconds,
                   ignore_memory=ignore_memory, algorithm="sparse")
    done = (part.attrs.get("extra") or {}).get("bounded") or {}
    if done.get("stats_to", 0) >= g.space.size and done.get("window") == window:
        return part
    ck_key = f"{g.sequence.key};bounded;keep={keep};window={window};size={g.space.size}"
    state = None
    if st is not None:
        try:
            found = st.read_checkpoint(ck_key)
        except GtablesError as e:         # damaged: never used, and it must not block the run
            warn(f"{e}; the bounded run starts again after its full part")
            found = None
            with contextlib.suppress(GtablesError):
                st.drop_checkpoint(ck_key)
        if found is not None and not found[1].get("sealed"):
            warn(f"{g.spec}: the saved state of a bounded run in {st.path} is not sealed by this "
                 f"store (copied in, edited or planted): not used; the bounded run starts again "
                 f"after its full part")
            found = None
            with contextlib.suppress(GtablesError):
                st.drop_checkpoint(ck_key)
        if found is not None:
            tail, a = found
            state = dict(a.get("extra") or {}, tail=tail)
            warn(f"{g.spec}: resuming the bounded run at heap {state.get('n', 0):,}")

    def save(s: dict) -> None:
        if st is None:
            return
        try:
            st.write_checkpoint(ck_key, s["tail"], extra={k: v for k, v in s.items()
                                                            if k != "tail"})
        except GtablesError as e:
            warn(f"{g.spec}: bounded checkpoint not saved ({e}); the run goes on")
    run = fill_bounded(g, part.values, window=window, state=state, progress=progress,
                       checkpoint=save, checkpoint_seconds=checkpoint_seconds or 600.0)
    attrs = dict(part.attrs)
    extra = dict(attrs.get("extra") or {})
    extra["bounded"] = run.info()
    attrs["extra"] = extra
    if st is None:
        return Table(full, values=part.values, attrs=attrs)
    t = store_table(st, full, part.values, attrs, force=True)
    with contextlib.suppress(GtablesError):
        st.drop_checkpoint(ck_key)
    return t


def store_table(st: Store, g: Game, values: np.ndarray, attrs: dict, force: bool = False,
                echo=warn) -> Table:
    """Publish a computed table into ``st`` and return it.  Another process may have stored the
    same table meanwhile: if its values agree, that is fine; if they differ, that is an error
    worth knowing.  A store that cannot take it (full, read-only) is a one-line error that says
    so; nothing stored before is changed."""
    aux = attrs.get("aux") if isinstance(attrs.get("aux"), dict) else None
    stored_by_other = False
    try:
        st.write(g.spec, values, attrs, force=force, aux=aux)
    except AlreadyStored:
        stored_by_other = True
        other = st.get(g.spec)
        if other.attrs.get("checksum") != checksum(values):
            raise GtablesError(f"{g.spec}: another process stored this table meanwhile and its "
                               f"values differ from the ones just computed; check both with "
                               f"gtables check --deep, and recompute with --force") from None
    except GtablesError as e:
        raise GtablesError(f"{g.spec}: computed, but not stored: {e}") from None
    if g.is_sequence:
        try:
            st.drop_checkpoint(g.sequence_key)
        except GtablesError as e:
            echo(f"{g.spec}: stored, but its checkpoint could not be dropped ({e})")
    s = st.get(g.spec)
    # a table of canonical forms keeps the pool just made, unless another process stored the
    # table meanwhile (then its pool, read from the store)
    return Table(g, values=values, attrs=dict(s.attrs, aux=None if stored_by_other else aux),
                 stored=s)


# -- trust before reuse -------------------------------------------------------------------------

def rederive_problem(g: Game, values: np.ndarray, positions=None, aux=None) -> str | None:
    """Why ``values`` (a table or a sequence prefix of ``g``) are not what ``g``'s rules give
    from the values themselves, or None: each position of ``positions`` (default: a sample of
    200 random, the first 16 and the last 100) is computed again from its options' stored
    values by the engine's kernel."""
    from .engine.rederive import rederive, sample_positions
    n = int(values.size)
    if n == 0:
        return None
    if positions is None:
        positions = sample_positions(n)
    if g.is_sequence and n < g.space.size:
        g = _prefix_game(g, n)
    if g.kind == CANONICAL:
        return _canonical_problem(g, values, positions, aux)
    fast = g.sequence.recheck if g.sequence is not None else None
    bad = fast(values, positions) if fast is not None else None
    if bad is None:     # no family check, or one that does not judge these values
        bad = rederive(g, values, positions)
    elif bad < 0:
        bad = None
    if bad is None:
        return None
    return (f"position {g.space.format_index(int(bad))} holds {int(values[int(bad)])}, but the "
            f"rules give another value from the values below it")


def _canonical_problem(g: Game, values: np.ndarray, positions, aux) -> str | None:
    """:func:`rederive_problem` of a table of canonical forms: its pool (``aux``: the arrays kept
    beside it) re-derived entry by entry, then each position's id the canonical form of its
    options' ids."""
    from .cgt import Pool
    from .cgt.columns import derived_hold
    from .cgt.fill import rederive
    if not aux:
        return "it has no game pool beside its values"
    try:
        pool = Pool.from_arrays(aux)
    except GtablesError as e:
        return f"its game pool is not right ({e})"
    if "birthday" in aux and not derived_hold(pool, aux):
        return "the stops, means or temperatures kept with its game pool are not the pool's"
    bad = rederive(g, values, pool, positions)
    if bad is None:
        return None
    return (f"position {g.space.format_index(int(bad))} holds game {int(values[int(bad)])} of "
            f"its pool, not the canonical form its options' values give")


REDERIVE_SECONDS = 600.0    # the time guard of a full re-derivation ($GTABLES_REDERIVE_LIMIT)
REDERIVE_PROBE = 1024       # positions first timed at a table's end to estimate its full
                            # re-derivation (more when they cost less than a call)
RECOMPUTE_FIRST = 2.0       # seconds of position-by-position re-derivation past which a sequence
                            # table is first recomputed by its kernel and compared (Officers at
                            # 2^20: 231 s position by position, 2.3 s recomputed)


def rederive_limit() -> float:
    """Seconds a full re-derivation may be estimated to take before it is refused (import,
    resume from a prefix not sealed here) or replaced by a stated random sample (check --deep):
    :data:`REDERIVE_SECONDS`, or ``$GTABLES_REDERIVE_LIMIT``."""
    text = os.environ.get("GTABLES_REDERIVE_LIMIT")
    if not text:
        return REDERIVE_SECONDS
    try:
        v = float(text)
    except ValueError:
        raise GtablesError(f"$GTABLES_REDERIVE_LIMIT must be a number of seconds, not "
                           f"{text[:40]!r}") from None
    return seconds_value(v, "$GTABLES_REDERIVE_LIMIT", 0.0)


class TooBigToRederive(GtablesError):
    """A full re-derivation estimated past :func:`rederive_limit`."""


@dataclasses.dataclass(frozen=True)
class Rederived:
    """What a re-derivation checked: ``checked`` of ``total`` positions (all, or a random
    sample drawn fresh for this call), the first wrong one (``why``, None if none), the time."""
    why: str | None
    checked: int
    total: int
    seconds: float

    @property
    def sampled(self) -> bool:
        return self.checked < self.total

    def said(self) -> str:
        return (f"sampled {self.checked:,} of {self.total:,}" if self.sampled else
                f"all {self.total:,}")


def _rederive_seconds(g: Game, values: np.ndarray, positions: np.ndarray) -> float:
    t0 = time.perf_counter()
    rederive_problem(g, values, positions)
    return time.perf_counter() - t0


def rederive_estimate(g: Game, values: np.ndarray) -> float:
    """Seconds re-deriving every value of ``values`` would take, as one call does it: what a
    call costs whatever its positions (the working copy of the table the kernel reads), timed
    on the last position, plus what the positions cost, timed on the last
    :data:`REDERIVE_PROBE` (the dearest: options grow with the position) and scaled to the
    whole table.  Neither timing counts the kernel's compile or its load from numba's cache
    (seconds, once per process, which the full run does not pay again): a first call on one
    position pays it, untimed (counted and scaled by 1,024, it had an honest 2^20-position
    table estimated at 600 s, whose full re-derivation takes 0.2 s, and refused).  Positions
    that cost less than the call itself are timed again on a longer probe (their cost would
    be the call's noise scaled up), and a probe timed past :data:`RECOMPUTE_FIRST` is timed
    twice (one stall of the machine is not scaled up either).  The probes are checks in their
    own right; their verdicts are not kept."""
    n = int(values.size)
    if n == 0:
        return 0.0
    last = np.arange(n - 1, n, dtype=np.int64)
    rederive_problem(g, values, last)          # compiles or loads the kernel: not this table's
    call = min(_rederive_seconds(g, values, last) for _ in range(2))
    k = min(n, REDERIVE_PROBE)
    own = _rederive_seconds(g, values, np.arange(n - k, n, dtype=np.int64)) - call
    while own < call and k < n:        # lost in the call's own cost: aim at twice that
        k = min(n, max(8 * k, int(2 * k * call / max(own, call / 4096))))
        own = _rederive_seconds(g, values, np.arange(n - k, n, dtype=np.int64)) - call
    if k < n and call + own * n / k > RECOMPUTE_FIRST:
        own = min(own, _rederive_seconds(g, values, np.arange(n - k, n, dtype=np.int64)) - call)
    return call + max(own, 0.0) * n / k


def rederive_checked(g: Game, values: np.ndarray, *, sample: int | None = None,
                     fallback_sample: int | None = None, what: str = "",
                     aux: dict | None = None) -> Rederived:
    """Re-derive ``values`` (a table or a sequence prefix of ``g``) from themselves: every
    position when its estimate (:func:`rederive_estimate`) is within :func:`rederive_limit`.
    Past it: with ``sample`` (asked for by the user: import --accept-sample) or
    ``fallback_sample`` (check --deep), the first 16, the last 100 and that many random
    positions, drawn fresh each call; without either, :class:`TooBigToRederive` naming the
    table, its estimate and the option.  A sample is never taken where the whole table can be
    re-derived within the limit (a sample asked for there once let a forged value through)."""
    from .engine.rederive import sample_positions
    n = int(values.size)
    t0 = time.perf_counter()
    limit = rederive_limit()
    est = rederive_estimate(g, values) if n > REDERIVE_PROBE else 0.0
    said = f"about {_seconds_text(est)}"
    if est > RECOMPUTE_FIRST and g.is_sequence:
        # position by position is dear (a splitting game's naive mex grows with the heap):
        # the family's fastest kernel computes the table afresh, given as long as the
        # position-by-position check would take (at most the limit), and the first stored
        # value that differs is the first wrong one (a table every value of which its
        # rules give is unique, so this is the same verdict)
        try:
            why = _recompute_problem(g, values, min(est, limit))
            return Rederived(why, n, n, time.perf_counter() - t0)
        except _PastLimit as e:
            if est > limit:
                said = (f"more than {_seconds_text(limit)} (the kernel computed {e.done:,} "
                        f"heaps in that time; position by position about "
                        f"{_seconds_text(est)})")
    k = None
    if est > limit:
        k = sample if sample is not None else fallback_sample
        if k is None:
            raise TooBigToRederive(
                f"{what or g.spec}: re-deriving all {n:,} values would take {said}, past "
                f"the limit of {_seconds_text(limit)} ($GTABLES_REDERIVE_LIMIT); accept it "
                f"on a random sample with --accept-sample N (Python: accept_sample=N), or "
                f"raise the limit")
    positions = None if k is None else sample_positions(n, random=k, seed=None)
    if positions is not None and positions.size >= n:
        positions = None
    why = rederive_problem(g, values, np.arange(n, dtype=np.int64) if positions is None
                           else positions, aux=aux)
    return Rederived(why, n if positions is None else int(positions.size), n,
                     time.perf_counter() - t0)


class _PastLimit(Exception):
    def __init__(self, done: int):
        super().__init__(done)
        self.done = done


def _recompute_problem(g: Game, values: np.ndarray, limit: float) -> str | None:
    """Why ``values`` differ from ``g``'s table computed afresh by the family's kernel (never
    from ``values``), or None; :class:`_PastLimit` when the computation runs past ``limit``
    seconds."""
    from .engine.sequence import fill_sequence

    def deadline(done: np.ndarray) -> None:
        raise _PastLimit(int(done.size))
    fresh = fill_sequence(g, progress=False, ignore_time=True, checkpoint=deadline,
                          checkpoint_seconds=max(limit, 1e-3)).values
    step = 1 << 22
    for lo in range(0, values.size, step):
        hi = min(values.size, lo + step)
        bad = np.flatnonzero(np.asarray(values[lo:hi], dtype=np.int64)
                             != np.asarray(fresh[lo:hi], dtype=np.int64))
        if bad.size:
            p = lo + int(bad[0])
            return (f"position {g.space.format_index(p)} holds {int(values[p])}, but the rules "
                    f"give {int(fresh[p])}")
    return None


def _seconds_text(s: float) -> str:
    return f"{s:,.0f} s" if s < 3600 else f"{s / 3600:,.1f} h"


def derive_attrs(g: Game, values: np.ndarray, seconds: float = 0.0) -> dict:
    """A table's attributes computed from its spec and its values alone (what an imported or
    unsealed table is described by; nothing its file says): kind, index, shape, encoding from
    the game; for a sequence table its identity (``sequence_key``) and ``extra``: the
    statistics of its values and, for a family with a periodicity theorem, the period that
    theorem proves on them (linear time), else none.  No bounded-run state: that is only ever
    written by a bounded run of this store."""
    attrs = _attrs_for(g, values, seconds)
    if g.is_sequence:
        from .engine.periodicity import prove_period
        from .engine.sequence_stats import SequenceStats
        seq = g.sequence
        assert seq is not None
        n = int(values.size)
        extra: dict = {"computed_to": n, "resumed_from": 0,
                       "stats": SequenceStats.of(values).as_dict(),
                       "derived": "from the values (none of their file's attributes is used)"}
        if seq.period_bound is not None and n:
            p = prove_period(values, seq.period_bound, seq.period_theorem, saltus=seq.arithmetic,
                             hypothesis=seq.period_hypothesis)
            if p is not None:
                extra.update(period=p.period, preperiod=p.preperiod, saltus=p.saltus,
                             proof=p.certificate, filled_by_period=False)
        attrs["sequence_key"] = g.sequence_key
        attrs["extra"] = extra
    return attrs


def _prefix_game(g: Game, n: int) -> Game:
    """The game of the first ``n`` heaps of ``g``'s sequence (its spec with ``size=n-1``), so
    that re-deriving a prefix sizes its move buffer for those heaps, not for ``g``'s: resuming
    2^30 heaps of Grundy's game from a shorter prefix asked for 24 GiB.  ``g`` itself when the
    family does not name its sequence tables by ``size``."""
    from .engine.game import split_spec
    fam_name, pairs = split_spec(g.spec)
    if not any(k == "size" for k, _ in pairs):
        return g
    try:
        fam = games.get(fam_name)
        p = fam.game(fam.parse([(k, str(n - 1) if k == "size" else v) for k, v in pairs]))
    except GtablesError:
        return g
    return p if p.sequence_key == g.sequence_key and p.space.size == n else g


def prefix_candidates(st: Store, g: Game, rows: list | None = None) -> list[tuple[int, str]]:
    """``(length, spec)`` of the stored tables that are prefixes of ``g``'s sequence: same
    family, and a spec that names the same sequence (identity from the spec, never from a
    stored attribute alone; a user game's stored ``sequence_key`` must match too, since its
    spec does not carry the options function's fingerprint)."""
    out = []
    for a in (st.list() if rows is None else rows):
        if a.get("damaged") or a.get("family") != g.family or "length" not in a:
            continue
        try:
            other = games.parse(str(a["spec"]))
        except GtablesError:
            continue
        if other.spec != a["spec"] or other.sequence_key != g.sequence_key or \
                a.get("sequence_key") != g.sequence_key:
            continue
        out.append((int(a["length"]), str(a["spec"])))
    return out


def find_prefix(st: Store, g: Game, limit: int, on_damaged=warn,
                rows: list | None = None) -> Prefix | None:
    """The longest *trusted* prefix (at most ``limit`` values) of ``g``'s sequence in ``st``:
    a complete table of the same game (any size) or an interrupted run's checkpoint, verified
    against its checksums and re-derived on a sample (:func:`rederive_problem`).  A candidate
    that fails is never used: ``on_damaged(message)`` names it, and the next is tried.
    ``rows``: a :meth:`Store.list` read since the store last changed (a sweep reads it once)."""
    if st is None or not st.exists():
        return None
    cands: list[tuple[int, str, str]] = [(n, "table", spec)
                                         for n, spec in prefix_candidates(st, g, rows)]
    checkpoint = None
    try:
        checkpoint = st.read_checkpoint(g.sequence_key)
    except GtablesError as e:
        on_damaged(f"{e} (not used as a prefix)")
    if checkpoint is not None:
        cands.append((int(checkpoint[0].size), "checkpoint", g.sequence_key))
    for length, kind, spec in sorted(cands, key=lambda c: (-c[0], c[1] != "table")):
        if length == 0:
            continue
        n = min(length, limit)
        try:
            if kind == "table":
                t = st.get(spec)          # the listing may come from a cache: the file decides
                if t.attrs.get("sequence_key") != g.sequence_key:
                    t.close()
                    continue
                length = t.length
                n = min(length, limit)
                values = t.load(limit=n) if n < length else t.load()
                trusted = t.sealed and not _imported_on_sample(t.attrs)
                seconds = float(t.attrs.get("compute_seconds", 0.0)) if t.sealed else 0.0
                source = f"stored table {spec}"
                t.close()
            else:
                assert checkpoint is not None
                values, a = checkpoint
                trusted = bool(a.get("sealed"))
                seconds = float(a.get("compute_seconds", 0.0)) if trusted else 0.0
                source = f"checkpoint of an interrupted run ({values.size:,} values)"
        except GtablesError as e:
            on_damaged(f"{e} (not used as a prefix)")
            continue
        values = values[:n]
        why = None
        if not trusted:
            # not sealed by this store (copied in, edited, planted; or imported on a sample):
            # every value is re-derived before one is built on, or the prefix is not used
            try:
                why = rederive_checked(_prefix_game(g, n) if n < g.space.size else g, values,
                                       what=f"{source} (not sealed by this store)").why
            except TooBigToRederive as e:
                why = str(e)
        if why is not None:
            on_damaged(f"{source} in {st.path} is refused as a prefix of {g.spec}: {why}; "
                       f"remove or recompute it")
            continue
        return Prefix(values, source, seconds, length)
    return None


# -- sharing: export, import, deep check ---------------------------------------------------------

def _imported_on_sample(attrs: dict) -> bool:
    """Whether a stored table was imported on a sample (``--accept-sample``): sealed here, but
    only part of it was re-derived, so it is never a resumed run's prefix unchecked."""
    return sampled_import(attrs) is not None


def export_tables(specs, to: str, store=DEFAULT_STORE, *, quotients=()) -> int:
    """Write the stored tables ``specs`` and the stored misère quotients ``quotients`` (their
    canonical specs, :func:`gtables.quotients.heap_game_spec`) into one new self-contained file
    ``to`` (readable as a store with ``--store FILE``, read-only); returns how many of both."""
    if isinstance(specs, str):
        specs = [specs]
    if isinstance(specs, (bytes, dict)) or not hasattr(specs, "__iter__"):
        raise GtablesError(f"specs must be a spec or a list of specs, not "
                           f"{type(specs).__name__} {short(repr(specs))}")
    specs = list(specs)
    quotients = [quotients] if isinstance(quotients, str) else list(quotients)
    if not specs and not quotients:
        raise GtablesError("export_tables needs at least one spec (an export file of no "
                           "tables holds nothing)")
    specs = [spec_arg(s) for s in specs]
    to = path_arg(to, "to")
    st = needs_store(store, "export_tables")
    canon = []
    for s in specs:
        if games.known(split_spec(s)[0]):
            canon.append(game(s).spec)     # a bad spec of a known family: its own error
        else:
            canon.append(s)         # a user's family not loaded here: the spec as stored
    return st.export(canon, to, quotients=[spec_arg(q) for q in quotients])


def already_stored(counts: dict, echo, same: bool, what: str, conflict: str) -> None:
    """Count and say what an import found stored under the name of what it brings (``what``):
    the same (``present``), or other contents (``conflict``: said as ``conflict``)."""
    if same:
        counts["present"] += 1
        echo(f"already there: {what}")
    else:
        counts["conflict"] += 1
        echo(f"conflict: {conflict}")


def import_tables(source: str, store=DEFAULT_STORE, echo=print, *,
                  accept_sample: int | None = None) -> dict:
    """Bring the tables of ``source`` (an export file, or a single-file store of an older
    gtables) into ``store``; ``source`` is only read, never changed or deleted.  Each is
    verified (checksums) and re-derived from all its values by the rules its spec names; its
    attributes are computed here from its spec and values (:func:`derive_attrs`: nothing the
    file says about itself is kept), and it is published sealed with the store's key.  A table
    whose full re-derivation is estimated past :func:`rederive_limit` is refused by name with
    the estimate, unless ``accept_sample`` (N): then it is re-derived on the first 16, the last
    100 and N random positions, drawn fresh, and stored marked so (never resumed from
    unchecked).  A table the store already holds with the same values counts as present; with
    other values it is a conflict (ours is kept).  Returns counts: imported, present, conflict,
    refused."""
    from .store import legacy
    source = path_arg(source, "source")
    if accept_sample is not None:
        accept_sample = count_value(accept_sample, "accept_sample", lo=1)
    st = needs_store(store, "import_tables")
    if os.path.exists(source) and os.path.realpath(source) == st.root:
        raise GtablesError(f"{source} is the store itself")
    _, f, fh = legacy.open_source(source)        # refused here, before the store is touched
    f.close()
    fh.close()
    st.check_writable()
    counts = {"imported": 0, "present": 0, "conflict": 0, "refused": 0}
    for spec, load_values, sender_attrs, problem in legacy.tables(source):
        try:
            if problem is not None:
                raise GtablesError(f"damaged ({problem})")
            try:
                g = game(spec)
            except NotEnoughMemory:
                raise
            except GtablesError as e:
                raise GtablesError(f"its spec does not parse here ({e}); a user's family must be "
                                   f"registered before import") from None
            if g.spec != spec:
                raise GtablesError(f"its spec is not canonical (here: {g.spec})")
            aux = None
            if g.kind == CANONICAL:     # its game pool, re-derived with it below
                loader = sender_attrs.get("aux_arrays")
                aux = {k: np.array(v) for k, v in loader().items()} if callable(loader) else {}
            assert callable(load_values)
            values = load_values()
            if values.size != g.space.size:
                raise GtablesError(f"it holds {values.size:,} values, its spec names "
                                   f"{g.space.size:,}")
            try:
                r = rederive_checked(g, values, sample=accept_sample, aux=aux)
            except TooBigToRederive as e:
                raise GtablesError(str(e).removeprefix(f"{g.spec}: ")) from None
            if r.why is not None:
                raise GtablesError(f"fails re-derivation ({r.said()} values): {r.why}")
        except NotEnoughMemory:
            raise            # a fact about this run, not about the table: one line, exit 2
        except (GtablesError, OSError, RuntimeError, ValueError) as e:
            counts["refused"] += 1
            echo(f"refused {spec}: {str(e).splitlines()[0] if str(e) else type(e).__name__}")
            continue
        derived = derive_attrs(g, values)
        extra = dict(derived.get("extra") or {})
        extra["imported"] = {"rederived": r.said(), "sampled": r.sampled,
                             "seconds": round(r.seconds, 3)}
        derived["extra"] = extra
        try:
            st.write(g.spec, values, derived, aux=aux)
        except AlreadyStored:
            ours = st.get(g.spec)
            already_stored(counts, echo, ours.attrs.get("checksum") == checksum(values), g.spec,
                           f"{g.spec} is stored with other values; ours is kept (check it with "
                           f"gtables check --deep; delete it to take the imported one)")
            ours.close()
            continue
        counts["imported"] += 1
        echo(f"imported {g.spec} (re-derived: {r.said()})")
    return counts


DEEP_SAMPLE = 10_000      # random positions (fresh each run) of a table past the time guard


def check_store(store=DEFAULT_STORE, deep: bool = False, echo=None) -> list[dict]:
    """:meth:`Store.check` (every table and checkpoint read and verified against its checksums)
    and, with ``deep``, every table re-derived from its own values by the rules its spec names:
    all of them when that is estimated within :func:`rederive_limit`, else :data:`DEEP_SAMPLE`
    random positions (with the first 16 and the last 100) drawn fresh each run.  Each row
    gains ``rederived`` ("all N", "sampled K of N", or why not), and ``imported`` for a table
    imported on a sample (:func:`.store.sampled_import`), which this re-derives in full within the
    limit like any other.  A forged table with valid checksums fails here."""
    st = needs_store(store, "check_store")
    deep = flag_arg("deep", deep)
    if not st.exists():
        raise GtablesError(f"no store at {st.path} (nothing to check)")
    rows = st.check()
    if not deep:
        return rows
    for r in rows:
        if r["kind"] != "table" or r["damaged"]:
            continue
        try:
            g = game(r["spec"])
        except NotEnoughMemory:
            raise
        except GtablesError:
            r["rederived"] = f"not re-derived: {_family_not_here(st, r['spec'])}"
            continue
        try:
            t = st.get(r["spec"])
            said = other_rules(g, t.attrs) if t.sealed else None   # unsealed: re-derived
            if said is not None:
                t.close()
                r["damaged"] = str(other_rules_error(g, said, st.path))
                continue
            n = t.length
            if g.spec != r["spec"] or n != g.space.size:
                r["damaged"] = (f"table {r['spec']} in {st.path} does not match its spec "
                                f"({n:,} values; the spec names {g.space.size:,})")
                continue
            imported = sampled_import(t.attrs) if t.sealed else None
            try:
                done = rederive_checked(g, t.load(), fallback_sample=DEEP_SAMPLE,
                                        aux=t.aux() if g.kind == CANONICAL else None)
            finally:
                t.close()
            why = done.why
            if imported is not None:        # import --accept-sample: said beside this check
                r["imported"] = f"imported on a sample ({imported})"
        except NotEnoughMemory:
            raise
        except MemoryError:
            raise NotEnoughMemory(f"not enough memory to re-derive {r['spec']}") from None
        except GtablesError as e:
            r["damaged"] = str(e)
            continue
        r["rederived"] = done.said()
        if why is not None:
            r["damaged"] = (f"table {r['spec']} in {st.path} is wrong although its checksums "
                            f"hold: {why}; repair it with: {repair_hint(r['spec'], st.path)}")
        if echo:
            echo(f"{r['spec']}: {'WRONG' if why else 'ok'} ({r['rederived']})")
    return rows


def _family_not_here(st: Store, spec: str) -> str:
    """Why ``check --deep`` cannot re-derive the stored table ``spec`` (its family is not
    known in this process), and what the table is as stored: a user's game's table is named
    by the identity of the rules it was computed by, which nothing here checks."""
    family = spec.split(":", 1)[0]
    a: dict = {}
    if family not in games.GRAMMARS:
        with contextlib.suppress(GtablesError):
            s = st.get(spec)
            try:
                a = dict(s.attrs) if s.sealed else {}
            finally:
                s.close()
    if not a:
        return "its family is not known in this process"
    return (f"a game of your own whose rules are not loaded here: checked as stored (its "
            f"checksums) only, the table of the rules its file names ({_named_rules(a)}); give "
            f"them (gtables --rules FILE.py check --deep) to re-derive it")


def compute_values(spec: str, *, store=None, progress: bool | None = False,
                   ignore_memory: bool = False, until_periodic: bool = False,
                   algorithm: str = "auto", checkpoint_seconds: float | None = None,
                   checkpoint_store=None, prefix: np.ndarray | None = None,
                   prefix_seconds: float = 0.0, ignore_time: bool = False):
    """Compute a table without writing it: ``(values, attrs)``, attrs ready for
    :meth:`Store.write`.  ``store`` (optional) is only read, for a verified prefix to resume
    from; ``checkpoint_store`` (optional) receives checkpoints of long sequence runs.  Used by
    :func:`compute` and by sweep workers (which must not write: one writer per store), which
    pass the ``prefix`` the client read and the compute time it cost (``prefix_seconds``).
    ``compute_seconds`` in the attributes counts the whole work, resumed segments included: of
    a prefix read from a longer stored table, only the share of its time its values cover
    (:func:`prefix_seconds`), never the longer table's whole time."""
    from .engine.compute import fill
    from .engine.sequence import CHECKPOINT_SECONDS, fill_sequence

    g = game(spec)
    if g.kind == CANONICAL:
        from .cgt.columns import pool_arrays
        from .cgt.fill import pool_for
        pool = pool_for(g.space.size)
        values, seconds = fill(g, progress=progress, ignore_memory=ignore_memory,
                               ignore_time=ignore_time, pool=pool)
        attrs = _attrs_for(g, values, seconds)
        attrs["extra"] = {"pool_games": len(pool)}
        attrs["aux"] = pool_arrays(pool)     # kept beside the values (Store.write's aux)
        return values, attrs
    if not g.is_sequence:
        values, seconds = fill(g, progress=progress, ignore_memory=ignore_memory,
                               ignore_time=ignore_time)
        return values, _attrs_for(g, values, seconds)
    where = "given prefix" if prefix is not None else ""
    st = store_arg(store) if store is not None else None
    if prefix is None and st is not None:
        found = find_prefix(st, g, g.space.size)
        if found is not None:
            prefix, where, prefix_seconds = found.values, found.source, prefix_seconds_of(found)
    ck_store = store_arg(checkpoint_store) if checkpoint_store is not None else None
    checkpoint = None
    if ck_store is not None:
        t_start = time.perf_counter()
        failed: list[str] = []

        def save_checkpoint(vals):
            try:
                ck_store.write_checkpoint(g.sequence_key, vals,
                                          prefix_seconds + time.perf_counter() - t_start)
                if failed:
                    warn(f"{g.spec}: checkpoint saved again ({vals.size:,} values)")
                    failed.clear()
            except GtablesError as e:
                if not failed:
                    warn(f"{g.spec}: checkpoint not saved ({e}); the run goes on and tries "
                         f"again at the next checkpoint")
                failed.append(str(e))
        checkpoint = save_checkpoint
    run = fill_sequence(g, prefix=prefix, until_periodic=until_periodic, algorithm=algorithm,
                        progress=progress, checkpoint=checkpoint, ignore_memory=ignore_memory,
                        checkpoint_seconds=checkpoint_seconds or CHECKPOINT_SECONDS,
                        ignore_time=ignore_time)
    total = run.seconds + (prefix_seconds if run.resumed_from else 0.0)
    attrs = _attrs_for(g, run.values, total)
    info = run.info()
    if run.resumed_from:
        info["resumed_from_source"] = where
        info["this_run_seconds"] = round(run.seconds, 6)
        info["prior_seconds"] = round(prefix_seconds, 6)
    attrs["sequence_key"] = g.sequence_key
    attrs["extra"] = info
    return run.values, attrs


def prefix_seconds_of(found: Prefix) -> float:
    """The compute time of a stored prefix's values: its source's time apportioned by the values
    taken over the values that time paid for (``Prefix.covers``).  A table of 1,000 heaps resumed
    from a stored one of 1,000,000 does not inherit the larger one's time."""
    n = int(found.values.size)
    if found.covers <= 0 or n >= found.covers:
        return float(found.seconds)
    return float(found.seconds) * n / found.covers


def _same_space(a: spaces.PositionSpace, b: spaces.PositionSpace) -> bool:
    return type(a) is type(b) and \
        json.loads(json.dumps(a.meta())) == json.loads(json.dumps(b.meta()))


def load_if_stored(spec: str, store=DEFAULT_STORE) -> Table | None:
    """The stored table ``spec`` names, read from its verified attributes alone, without the
    family's module (which compiles kernels on import, about a second): ``None`` whenever that
    cannot be done exactly, and :func:`load` takes the long way.

    Taken only when the family registry is not loaded yet (so no family of a user's can stand
    behind the name), the store holds the table under the canonical spec (a built-in family's
    spec, in any spelling, is made canonical by its grammar alone: ``games.canonical``; any
    other is taken as written), its stored parameters are those the spec names, and the stored
    ``index`` attribute rebuilds the position space exactly
    (:func:`gtables.engine.spaces.from_meta`).  This is also the one way to read a table of a
    user's family (``gtables.heap_game``, ``register_family``) where the user's module is not
    imported, e.g. ``gtables query`` from a shell: its values come from the store, its rules
    (``--moves``) need the family.  Any error (a bad spec, no store, damaged store, missing
    table) is left for the long way to report, in its own words and order."""
    if not isinstance(spec, str):
        return None
    try:
        family, pairs = split_spec(spec)
        if games.loaded(family):          # its family is loaded (numba is in already), or a
            return None                   # user's stands behind the name: the long way
        want = None                       # the parameters a built-in family's spec names
        if family in games.GRAMMARS:
            grammar = games.grammar(family)
            values = grammar.parse(pairs)
            spec, want = grammar.canonical(values), json.loads(json.dumps(values))
        st = store_arg(store) or Store()
        if spec not in st:
            return None
        s = st.get(spec)
    except GtablesError:
        return None
    if not s.sealed:          # not written by gtables here: its attributes are not believed
        s.close()
        return None
    a = s.attrs
    try:
        index, shape = json.loads(a["index"]), json.loads(a["shape"])
        params = json.loads(a["params"])
    except (KeyError, TypeError, ValueError):
        return None
    space = spaces.from_meta(index)
    if (space is None or a.get("spec") != spec or a.get("family") != family
            or a.get("kind") not in KINDS or not isinstance(params, dict)
            or (want is not None and params != want)
            or s.length != space.size or shape != list(space.shape)):
        return None
    return Table._from_store(s, space)


def load(spec: str, store=DEFAULT_STORE) -> Table:
    """A stored table (lazy: nothing is read until asked).  A table stored under exactly this
    spec is read without importing numba (:func:`load_if_stored`).  ``store``: left out, the
    default store (``$GTABLES_STORE`` or ``results/tables``); a path or a :class:`Store`;
    ``None`` is refused, as it means no store (memory only) in every function here."""
    spec = spec_arg(spec)
    st = needs_store(store, "load")
    fast = load_if_stored(spec, st)
    if fast is not None:
        return fast
    g = game(spec)
    s = st.get(g.spec)
    if s.length != g.space.size:
        raise GtablesError(f"table {g.spec} in {st.path} is damaged (it holds {s.length:,} "
                           f"values, its spec names {g.space.size:,}); repair it with: "
                           f"{repair_hint(g.spec, st.path)}")
    if s.sealed:
        said = other_rules(g, s.attrs)
        if said is not None:
            s.close()
            raise other_rules_error(g, said, st.path)
        return Table(g, attrs=s.attrs, stored=s)
    return _unsealed(g, s, st)     # re-derived by the rules loaded now: whatever made it


def _unsealed(g: Game, s: StoredTable, st: Store) -> Table:
    """A table whose file carries no seal of this store (an export file read as a store; a
    file copied in by hand, edited or planted; a table stored by a gtables before seals): its
    values re-derived in full before any is used (refused past the time guard), and described
    by attributes derived from its spec and values, never by its file's."""
    values = s.load()
    aux = s.aux() if g.kind == CANONICAL else None
    where = ("an export file: import it to keep it" if st.readonly else
             "not sealed by this store: copied in, edited or planted")
    try:
        r = rederive_checked(g, values, what=f"table {g.spec} in {st.path} ({where})", aux=aux)
    except TooBigToRederive as e:
        s.close()
        raise GtablesError(f"{e}; or recompute it: {repair_hint(g.spec, st.path)}") from None
    if r.why is not None:
        s.close()
        raise GtablesError(f"table {g.spec} in {st.path} ({where}) is wrong: {r.why}; it is not "
                           f"used: {repair_hint(g.spec, st.path)}")
    return Table(g, values=values, attrs=dict(derive_attrs(g, values), aux=aux), stored=s)
