"""The contract between the engine and a game family.

A **family** (``games/<name>.py``) declares its spec keys (:class:`Param`) and a ``build``
function from validated parameters to :class:`Rules`: a position space, a jitted move generator
with its int64 parameter array, the kind of values its table holds, and optional strategies (a
fast whole-table fill, a sequence strategy).  :meth:`Family.game` names the rules: a frozen
:class:`Game`.  A spec string
``family:key=value,...`` names one table; its canonical form (keys in declared order, defaults
left out, values normalised) is what the store keys on.
"""
from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from typing import Any

import numpy as np

from ..errors import GtablesError
from .moves import MoveType, SumMoves
from .spaces import PositionSpace
from .status import BAD_COUNT, NOT_SMALLER, Stop
from .syntax import parse_int
from .values import (  # noqa: F401  (the value kinds: part of the family contract, re-exported)
    CANONICAL,
    ENCODINGS,
    GRUNDY,
    KINDS,
    MISERE,
    OUTCOME,
    PARTIZAN,
    PARTIZAN_KINDS,
    PARTIZAN_MISERE,
)

REQUIRED = object()

@dataclasses.dataclass(frozen=True)
class Param:
    """One spec key: ``parse`` turns the text after ``=`` into a value (raising ``ValueError``
    with a message on bad input); ``canon`` turns a value back into canonical text."""
    name: str
    parse: Callable[[str], Any]
    default: Any = REQUIRED
    help: str = ""
    canon: Callable[[Any], str] = str


def int_param(lo: int, hi: int, what: str = "") -> Callable[[str], int]:
    """A parser for an integer in ``lo..hi`` (the syntax of :mod:`.syntax`)."""
    def parse(text: str) -> int:
        v = parse_int(text)
        if v < lo or v > hi:
            raise ValueError(f"{v} is out of range {lo}..{hi}{' ' + what if what else ''}")
        return v
    return parse


def min_amount_param(top: int, unit: str) -> Callable[[str], int]:
    """A parser for the least amount a move takes (``min=``): an integer in ``-top..top`` that
    must be at least 1, said in the game's own word for a token (``unit``)."""
    bounded = int_param(-top, top)

    def parse(text: str) -> int:
        v = bounded(text)
        if v < 1:
            raise ValueError(f"{v}: a move takes at least 1 {unit} (min >= 1)")
        return v
    return parse


def choice_param(*choices: str) -> Callable[[str], str]:
    """A parser for one word of ``choices``, in any case (``play=Misere``, ``rule=a``): the
    choice as declared, so that one game has one canonical spec, as family names and keys have
    (the choices must differ in more than case)."""
    folded = {c.lower(): c for c in choices}
    if len(folded) != len(choices):
        raise ValueError(f"choices {choices} differ only in case")

    def parse(text: str) -> str:
        # ASCII case only: "miſere" (a long s, which casefold() reads as s) is no word of ours
        c = folded.get(text.lower()) if text.isascii() else None
        if c is None:
            raise ValueError(f"{text!r} is not one of {', '.join(choices)}")
        return c
    return parse


def split_outside_brackets(text: str, sep: str) -> list[str]:
    """Split ``text`` at ``sep`` where it is not inside ``{...}`` or ``(...)``."""
    items, depth, cur = [], 0, ""
    for ch in text:
        if ch in "{(":
            depth += 1
        elif ch in "})":
            depth -= 1
        if ch == sep and depth == 0:
            items.append(cur)
            cur = ""
        else:
            cur += ch
    items.append(cur)
    return items


def split_spec(spec: str) -> tuple[str, list[tuple[str, str]]]:
    """``"octal:code=0.07,size=10"`` -> ``("octal", [("code", "0.07"), ("size", "10")])``.

    Commas inside ``{...}`` or ``(...)`` do not split, so a set may be written ``set={1,2,5}``.
    """
    spec = spec.strip()
    if ":" in spec:
        family, rest = spec.split(":", 1)
    else:
        family, rest = spec, ""
    family = family.strip().lower()
    if not family or not family.replace("_", "").isalnum():
        raise GtablesError(f"malformed spec {spec!r}: expected family:key=value,... "
                           f"(e.g. octal:code=0.07,size=1000)")
    pairs = []
    items = split_outside_brackets(rest, ",") if rest.strip() else []
    for i, item in enumerate(items):
        item = item.strip()
        if not item:      # the integer rule's lists: an empty entry is an error, not nothing
            raise GtablesError(f"malformed spec {spec!r}: item {i + 1} is empty (stray comma?)")
        if "=" not in item:
            raise GtablesError(f"malformed spec {spec!r}: {item!r} is not key=value")
        k, v = item.split("=", 1)
        pairs.append((k.strip().lower(), v.strip()))
    return family, pairs


@dataclasses.dataclass(frozen=True)
class FastFill:
    """A family's whole-table fill, faster than position by position (e.g. End-Nim rows by
    rectangles): ``fill(game) -> values``, tested equal to the generic kernels.  ``peak_bytes``:
    what it allocates at its peak, when not the generic estimate (one table plus scratch); the
    memory check refuses a table on this figure before anything is allocated."""
    fill: Callable[[Game], np.ndarray]
    peak_bytes: int | None = None


@dataclasses.dataclass(frozen=True)
class SequenceStrategy:
    """A 1-D *sequence* table (see :mod:`gtables.engine.sequence`): a heap game whose value at n
    depends only on smaller heaps, so a table is a prefix of any larger one.

    ``stepper(algorithm)`` makes a stepper (``prepare(table, n)``, ``run(table, lo, hi) ->
    status``, ``stats()``, and optionally ``estimate(lo, hi)``, its kernel's cost model for
    heaps ``lo..hi-1``: the time guard and honest ETAs, :mod:`.cost`; refusing an ``algorithm``
    the game cannot take with a :class:`GtablesError`); ``key`` names the game without its size
    (stored prefixes and checkpoints are keyed on it); ``period_bound(n0, p)`` = the values a
    periodicity theorem needs to prove period ``p`` from ``n0`` (None: no theorem applies),
    ``period_theorem`` its name. ``arithmetic``: the values may be arithmetic-periodic,
    ``G(n + p) = G(n) + s`` with a saltus ``s`` (periods are then found on the differences;
    False for games whose periods are ordinary, e.g. finite octal games, whose values are
    bounded).
    ``period_hypothesis(a, n, n0, p, s)``: when the theorem also needs a condition on the
    values, the least ``n1 >= n0`` from which it holds in ``a[:n]`` (None: nowhere yet); the
    bound is then taken at ``n1``. ``observe_periods``: with no theorem, ``--until-periodic``
    still runs: it fills the whole table and reports the period the values show, as observed
    (never proved).
    ``recheck(values, positions)``: the family's own re-derivation of a stored prefix (what
    :func:`.rederive.rederive` does with the generic move generator, by a kernel of the family:
    a heap of Officers at 2^22 has 2^21 options, and a sweep re-derives every prefix it extends):
    the first of ``positions`` (ascending indices of ``values``) whose value is not the one the
    rules give from the values below it, -1 if every one agrees, or None when it cannot judge
    ``values`` (then the generic check runs)."""
    stepper: Callable[[str], Any]
    key: str
    period_bound: Callable[[int, int], int] | None = None
    period_theorem: str = ""
    arithmetic: bool = False
    period_hypothesis: Callable[[Any, int, int, int, int], int | None] | None = None
    observe_periods: bool = False
    recheck: Callable[[Any, Any], int | None] | None = None


@dataclasses.dataclass(frozen=True)
class SearchStrategy:
    """How a game of the public game API (:mod:`gtables.games.usergame`) is searched from one
    position (:mod:`gtables.engine.search`): ``split`` and ``canon`` (numba functions of the
    signatures ``kernels.SPLIT_SIG`` and ``kernels.CANON_SIG``), the ``start`` index, whether
    parts are split off (``splits``: impartial normal play only) and the game's ``identity`` (a
    hash of its functions, or its declared version: a checkpoint of another identity is never
    resumed), and ``decided`` (a numba function of ``kernels.DECIDED_SIG``, or None): the game's
    rule that settles a position's outcome in normal play before its options are searched."""
    split: Any
    canon: Any
    start: int
    splits: bool = False
    identity: str = ""
    decided: Any = None


@dataclasses.dataclass(frozen=True, kw_only=True, eq=False)
class Rules:
    """What a family's ``build`` returns: the rules of one table, without its name.

    Required: the position ``space``, the jitted move generator ``moves`` (see
    :mod:`.kernels`) with its int64 ``move_params``, the value ``kind`` (one of :data:`KINDS`)
    and ``max_options``, an upper bound on the options of any position (the kernels' buffers
    are sized by it and numba does not bound-check).  Optional: ``describe`` (one line: what
    the table is), ``format_option(a, b, *more)`` (how an option reads; ``b`` None for one
    component, ``more`` the components past two), and two declared strategies:
    ``fast_fill`` (:class:`FastFill`) and ``sequence`` (:class:`SequenceStrategy`).
    ``options_at(index)``: a bound on the options of one position, for games where
    ``max_options`` is far above most positions' (hexadecimal splits: quadratic in the heap), so
    that :meth:`Game.options` on one position of a large table allocates what it needs.
    ``moves_type``: the convention the generator writes its options in (:mod:`.moves`:
    :class:`~.moves.SumMoves`, two slots per option, the default;
    :class:`~.moves.Moves`, one slot per option, as ``gtables.define_game`` declares): it
    decides which kernels serve the game.
    ``take_and_break``: for a heap game of finite code, its rules as the periodicity theorem for
    misère quotients reads them (:class:`~.take_and_break.TakeAndBreak`; None: not declared).
    ``identity``: for a game whose rules its spec and gtables' sources do not pin (a user's,
    from :mod:`gtables.games.usergame` or :mod:`gtables.games.userheap`), what names them: a
    hash of the user's functions and of what they read, or the version the user declares
    (``rules=...``, ``options=...``, ``version=...``).  A stored table remembers it, and a
    table of another identity is never read as this game's (:func:`gtables.api.load`)."""
    space: PositionSpace
    moves: Any
    move_params: np.ndarray
    kind: str
    max_options: int
    describe: str = ""
    format_option: Callable[..., str] | None = None
    fast_fill: FastFill | None = None
    sequence: SequenceStrategy | None = None
    options_at: Callable[[int], int] | None = None
    moves_type: type[MoveType] = SumMoves
    search: SearchStrategy | None = None
    take_and_break: Any = None
    identity: str = ""

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"unknown value kind {self.kind!r}")
        if int(self.max_options) < 0:
            raise ValueError(f"max_options must be >= 0, not {self.max_options}")
        # frozen: normalise through object.__setattr__, once, before anyone holds the record
        object.__setattr__(self, "move_params",
                           np.ascontiguousarray(self.move_params, dtype=np.int64))


@dataclasses.dataclass(frozen=True, kw_only=True, eq=False)
class Game(Rules):
    """Everything the engine needs to fill and describe one table: the :class:`Rules` a family
    built, named by :meth:`Family.game` (canonical ``spec``, ``family`` name, validated
    ``params``).  Frozen: a variant is made with ``dataclasses.replace``.

    A family builds :class:`Rules`, not a ``Game``: the rules do not depend on how the table is
    named, and a game that exists is always a named one (no placeholder spec to overwrite)."""
    spec: str                      # canonical spec string
    family: str
    params: dict                   # validated parameters (JSON-able)

    @classmethod
    def named(cls, rules: Rules, *, spec: str, family: str, params: dict) -> Game:
        """The game of ``rules`` under a name (the rule fields are copied, not rebuilt)."""
        fields = {f.name: getattr(rules, f.name) for f in dataclasses.fields(Rules)}
        return cls(**fields, spec=spec, family=family, params=params)

    @property
    def is_sequence(self) -> bool:
        """The one test of "is this a sequence table" (resumable, checkpoints, periods)."""
        return self.sequence is not None

    @property
    def has_period_theorem(self) -> bool:
        """A sequence table whose family knows a periodicity theorem (``--until-periodic``)."""
        return self.sequence is not None and self.sequence.period_bound is not None

    @property
    def sequence_key(self) -> str:
        """The sequence strategy's key (``""`` for other tables): the name stored prefixes and
        checkpoints of this game go under, whatever the size."""
        return self.sequence.key if self.sequence is not None else ""

    def options(self, index: int, side: int = 0) -> tuple[int, list[tuple[int, ...]]]:
        """Run the move generator from Python: ``(status, options)`` for one position, each
        option ``(i, j)`` (``j = -1``: one component) or ``(i, j, k, ...)`` for a sum of more
        (the generator's ``EXTENDS`` pairs joined to the option before them)."""
        room = self.max_options if self.options_at is None else \
            min(self.max_options, int(self.options_at(int(index))))
        buf = np.zeros(2 * room + 2, dtype=np.int64)
        n = int(self.moves(int(index), int(side), self.move_params, buf))
        if n < 0:
            return n, []
        return n, [(o[0], -1) if len(o) == 1 else o
                   for o in self.moves_type.decode(buf, min(n, buf.size))]

    def stop_error(self, stop: Stop) -> GtablesError:
        """The one-line error of a kernel's :class:`~.status.Stop` on this game: positions as its
        space writes them; for a generator that broke its contract (``NOT_SMALLER``,
        ``BAD_COUNT``), the option or count it gives there, asked of it again from Python."""
        sp = self.space
        where = sp.format_index(stop.pos) if 0 <= stop.pos < sp.size else None
        said: dict[str, Any] = {}
        if stop.code in (NOT_SMALLER, BAD_COUNT) and 0 <= stop.pos < sp.size:
            from .values import PARTIZAN_KINDS as both
            for side in ((0, 1) if self.kind in both else (0,)):
                # room past the kernels' scratch row: a generator that broke its bound there
                # writes no further here
                buf = np.zeros(4 * self.max_options + 1024, dtype=np.int64)
                n = int(self.moves(int(stop.pos), side, self.move_params, buf))
                if stop.code == BAD_COUNT and not 0 <= n <= self.max_options:
                    said = {"count": n, "max_options": self.max_options}
                    break
                bad = [o for opt in self.moves_type.decode(buf, min(max(n, 0), buf.size))
                       for o in opt if not 0 <= o < stop.pos]
                if stop.code == NOT_SMALLER and bad:
                    o = bad[0]
                    said = {"option": (f"{sp.format_index(o)} (index {o})" if 0 <= o < sp.size
                                       else f"index {o}")}
                    break
        return stop.error(self.spec, where, self.kind, **said)

    def describe_option(self, i: int, j: int, *more: int) -> str:
        a = self.space.unrank(np.array([i]))[0]
        b = None if j < 0 else self.space.unrank(np.array([j]))[0]
        rest = [self.space.unrank(np.array([k]))[0] for k in more]
        if self.format_option is not None:
            return self.format_option(a, b, *rest)
        return " + ".join(self.space.format(c) for c in (a, b, *rest) if c is not None)


@dataclasses.dataclass(frozen=True)
class Grammar:
    """A family's spec grammar: its name, its keys (:class:`Param`) and what makes a spec
    canonical, with nothing of its rules, so that it loads without numba (the built-in ones are
    in ``games/specs/``).  A spec is canonical when it is written as :meth:`canonical` writes
    it, and every spelling of one game canonicalises to one spec (the store keys on it):

    ``normalise(values)`` (optional) rewrites validated values in place into the form that
    names the game once (Stripes' amounts in increasing order, chips' ``value=auto`` for a
    rule's default kind); it must be idempotent, and parsing a canonical spec gives it back.
    ``terminal(values, position)`` (optional) is the verdict a position ends the game with, in
    plain Python: ``TERMINAL_LOSS`` / ``TERMINAL_WIN`` (:mod:`.status`) where the family's move
    generator returns them, else 0; ``None`` means that no position of the family has one.  A
    stored position is described (its verdict included) from these alone."""
    name: str
    params: tuple[Param, ...]
    normalise: Callable[[dict], None] | None = None
    terminal: Callable[[dict, tuple], int] | None = None

    def parse(self, pairs: list[tuple[str, str]]) -> dict:
        """Validated values of ``key=value`` pairs (defaults filled in, then normalised)."""
        known = {p.name: p for p in self.params}
        values = {}
        for k, v in pairs:
            if k not in known:
                raise GtablesError(f"unknown key {k!r} for family {self.name!r} "
                                   f"(keys: {', '.join(known)})")
            if k in values:
                raise GtablesError(f"key {k!r} given twice")
            try:
                values[k] = known[k].parse(v)
            except ValueError as e:
                raise GtablesError(f"{self.name}: bad value for {k}: {e}") from None
        for p in self.params:
            if p.name not in values:
                if p.default is REQUIRED:
                    raise GtablesError(f"{self.name}: missing key {p.name!r} ({p.help})")
                values[p.name] = p.default
        if self.normalise is not None:
            self.normalise(values)
        return values

    def canonical(self, values: dict) -> str:
        """The canonical spec of validated ``values``: keys in declared order, defaults left
        out, each value as its :attr:`Param.canon` writes it."""
        parts = []
        for p in self.params:
            v = values[p.name]
            if p.default is not REQUIRED and v == p.default:
                continue
            parts.append(f"{p.name}={p.canon(v)}")
        return f"{self.name}:{','.join(parts)}"


@dataclasses.dataclass(frozen=True)
class Family:
    """A game family: its spec keys and how to build a game from them.

    ``options_ref(values, position, side=0)`` lists the options of one position in plain Python:
    ``values`` are the validated spec values, ``position`` a tuple of ints as
    ``space.unrank`` gives it (a row, as a tuple), ``side`` 0 for Left/impartial and 1 for
    Right; each option is a tuple of component positions (one component, or two when a move
    splits the position into a sum), each in the same form as ``position``.  A position that
    ends the game with a verdict of its own returns ``TERMINAL_LOSS`` or ``TERMINAL_WIN``
    (:mod:`.kernels`) instead of a list, exactly where the move generator does.  The tests' one
    reference solver recurses on it, and the family contract test compares it with the jitted
    generator on every position of every registered family (the built-in ones must give it;
    a user's own family registered from a script is not under test and may leave it out).
    ``claims`` (for a user's own family only) returns its verification claims; the built-in
    families' claims live in :mod:`gtables.verify` (``runner.BUILTIN_CLAIMS``), which the games
    never import.  ``name``, ``params``, ``normalise`` and ``terminal`` are the family's
    :attr:`grammar` (:meth:`from_grammar` makes a family of one).
    """
    name: str
    summary: str
    params: tuple[Param, ...]
    build: Callable[[dict], Rules]
    example: str
    position_help: str = "comma-separated integers"
    options_ref: Callable | None = None
    claims: Callable | None = None
    normalise: Callable[[dict], None] | None = None
    terminal: Callable[[dict, tuple], int] | None = None

    @classmethod
    def from_grammar(cls, grammar: Grammar, **rest) -> Family:
        """The family of a :class:`Grammar` (name, keys, canonical forms) and its rules."""
        return cls(name=grammar.name, params=grammar.params, normalise=grammar.normalise,
                   terminal=grammar.terminal, **rest)

    @property
    def grammar(self) -> Grammar:
        """The family's spec grammar (a built-in family's equals its ``games/specs`` one)."""
        return Grammar(self.name, self.params, self.normalise, self.terminal)

    def parse(self, pairs: list[tuple[str, str]]) -> dict:
        return self.grammar.parse(pairs)

    def canonical(self, values: dict) -> str:
        return self.grammar.canonical(values)

    def game(self, values: dict) -> Game:
        """The named, frozen :class:`Game` of validated ``values`` (as :meth:`parse` gives
        them: normalised, so the canonical spec is taken from them; ``build`` must not change
        them)."""
        rules = self.build(values)
        if not isinstance(rules, Rules):
            raise TypeError(f"{self.name}: build returned {type(rules).__name__}, not Rules")
        return Game.named(rules, spec=self.canonical(values), family=self.name,
                          params=json.loads(json.dumps(values)))
