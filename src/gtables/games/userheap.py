"""A user's own heap game from an options function: a whole family in one call.

``heap_family(name, options, max_options=...)`` turns ``options(n, out) -> count`` (see
:mod:`gtables.engine.heapgame`: option ``(a, b)`` leaves heaps ``a`` and ``b``, ``b = 0`` for a
plain removal) into a :class:`~gtables.engine.game.Family` with the spec keys ``size`` and
``play``: ``name:size=1000`` is a Grundy *sequence table* (resumable, checkpoints, stored like an
octal game's), ``play=misere`` a misère outcome table (games that never split a heap).  No
periodicity theorem is assumed: :meth:`gtables.api.Table.periodicity` reports what the values
show (observed); ``--until-periodic`` needs the user to declare a theorem (``period_bound``,
``period_theorem``).  ``gtables.heap_game`` registers it.
"""
from __future__ import annotations

import dataclasses
import hashlib
import re
import secrets
import types
from collections.abc import Callable

import numpy as np

from ..engine.game import (
    GRUNDY,
    MISERE,
    Family,
    FastFill,
    Game,
    Param,
    Rules,
    SequenceStrategy,
    choice_param,
    int_param,
)
from ..engine.heapgame import (
    OptionsStepper,
    check_options,
    compile_options,
    options_movegen,
)
from ..engine.spaces import HeapSpace
from ..errors import GtablesError, warn

MAX_SIZE = 1 << 31
MAX_OPTIONS = 1 << 26          # the option buffer is 16 bytes per option


@dataclasses.dataclass(frozen=True)
class Fingerprint:
    """What :func:`fingerprint` found: ``digest`` (10 hex digits) and, when some value the
    function reads could not be hashed stably, what those values were (``unstable``)."""
    digest: str
    unstable: tuple[str, ...] = ()

    @property
    def stable(self) -> bool:
        return not self.unstable


# classes and builtin functions named by where they come from (their behaviour is the library's)
_NAMED_MODULES = ("builtins", "math", "cmath", "numpy", "numba")


class _Encoder:
    """A byte encoding of a function and every value it reads, the same in every process; what
    has none is listed in ``unstable``."""

    def __init__(self) -> None:
        self.unstable: list[str] = []
        self.functions: dict[int, int] = {}     # id of a function -> order of its first visit
        self.open: set[int] = set()              # ids of the containers being encoded

    def function(self, fn, what: str) -> bytes:
        py = getattr(fn, "py_func", fn)          # a numba dispatcher: the function it compiles
        if id(py) in self.functions:             # recursion: a back-reference, stable too
            return b"@%d" % self.functions[id(py)]
        self.functions[id(py)] = len(self.functions)
        code = getattr(py, "__code__", None)
        if code is None:
            self.unstable.append(f"{what} ({type(fn).__name__})")
            return b"?"
        extras = []
        glob = getattr(py, "__globals__", None) or {}
        for name in sorted(_names(code)):        # attribute names too: a superset of the globals
            if name in glob:
                extras.append(b"G" + _str(name) + self.value(glob[name], f"global {name!r}"))
        for name, cell in zip(code.co_freevars, py.__closure__ or ()):
            try:
                content = cell.cell_contents
            except ValueError:                   # an empty cell
                extras.append(b"E" + _str(name))
                continue
            extras.append(b"C" + _str(name) + self.value(content, f"closure variable {name!r}"))
        if py.__defaults__:
            extras.append(b"D" + self.value(py.__defaults__, f"defaults of {what}"))
        if py.__kwdefaults__:
            extras.append(b"K" + self.value(py.__kwdefaults__, f"defaults of {what}"))
        # a function that reads nothing keeps the digest of code alone (keys stored before)
        return _code(code) + b"".join(_framed(e) for e in extras)

    def value(self, v, what: str) -> bytes:
        if v is None:
            return b"N"
        if isinstance(v, bool):
            return b"B1" if v else b"B0"
        if isinstance(v, int):
            return b"I" + str(v).encode()
        if isinstance(v, float):
            return b"F" + v.hex().encode()
        if isinstance(v, complex):
            return b"X" + v.real.hex().encode() + b"," + v.imag.hex().encode()
        if isinstance(v, str):
            return b"S" + _str(v)
        if isinstance(v, (bytes, bytearray)):
            return b"Y" + _framed(bytes(v))
        if isinstance(v, (tuple, list, frozenset, set, dict)):
            if id(v) in self.open:               # a container inside itself
                self.unstable.append(f"{what} (a {type(v).__name__} that contains itself)")
                return b"?"
            self.open.add(id(v))
            try:
                return self.container(v, what)
            finally:
                self.open.discard(id(v))
        if isinstance(v, (np.ndarray, np.generic)) and not v.dtype.hasobject:
            a = np.ascontiguousarray(v)
            return (b"A" + _str(repr(a.dtype.descr)) + _str(repr(a.shape))
                    + _framed(a.tobytes()))
        if isinstance(v, types.ModuleType):
            return b"M" + _str(v.__name__)
        if isinstance(getattr(v, "py_func", v), types.FunctionType):
            return b"f" + _framed(self.function(v, what))
        if isinstance(v, (type, types.BuiltinFunctionType, np.ufunc)):
            module = getattr(v, "__module__", None) or "numpy"     # ufuncs name no module
            name = getattr(v, "__qualname__", None) or getattr(v, "__name__", "")
            if module.split(".")[0] in _NAMED_MODULES:
                return b"O" + _str(f"{module}.{name}")
        self.unstable.append(f"{what} ({type(v).__name__})")
        return b"?"

    def container(self, v, what: str) -> bytes:
        if isinstance(v, (tuple, list)):
            tag = b"T" if isinstance(v, tuple) else b"L"
            return tag + b"%d" % len(v) + b"".join(_framed(self.value(x, what)) for x in v)
        if isinstance(v, dict):
            pairs = sorted(_framed(self.value(k, what)) + _framed(self.value(x, what))
                           for k, x in v.items())
            return b"D%d" % len(pairs) + b"".join(pairs)
        items = sorted(_framed(self.value(x, what)) for x in v)     # a set: in a fixed order
        return b"Z%d" % len(items) + b"".join(items)


def _str(s: str) -> bytes:
    return _framed(s.encode("utf-8", "surrogatepass"))


def _framed(b: bytes) -> bytes:
    return b"%d:" % len(b) + b


def _names(code: types.CodeType) -> set[str]:
    """The names ``code`` and the code nested in it (inner functions, comprehensions) look up
    outside their locals."""
    out = set(code.co_names)
    for c in code.co_consts:
        if isinstance(c, types.CodeType):
            out |= _names(c)
    return out


def _const(c):
    """A constant of the bytecode as its repr will say the same in every process: nested code by
    its own encoding (the repr of a code object holds its address), a set of strings sorted (its
    order follows the string hashes, salted per process); others as they are."""
    if isinstance(c, types.CodeType):
        return f"code:{hashlib.sha1(_code(c)).hexdigest()}"
    if isinstance(c, frozenset) and not all(type(x) is int for x in c):
        return f"frozenset:{sorted(repr(_const(x)) for x in c)}"
    if isinstance(c, tuple):
        return tuple(_const(x) for x in c)
    return c


def _code(code: types.CodeType) -> bytes:
    """Bytecode, constants (:func:`_const`) and names."""
    return code.co_code + repr(_const(code.co_consts)).encode() + repr(code.co_names).encode()


def fingerprint(fn) -> Fingerprint:
    """A short hash of a function's code (bytecode, constants, names) and of every value it
    reads: its closure variables, defaults and the globals it names, through the functions it
    calls (numba dispatchers by their Python function) and the code nested in it.  Stored
    prefixes of a user game are keyed on it, so an edited options function, or one reading
    another ``K``, never resumes from the old values.

    Values are hashed by content when they have a stable encoding: None, bools, ints, floats,
    complex numbers, strings, bytes, tuples, lists, sets and dicts of those, numpy arrays and
    scalars (dtype, shape, bytes); modules by their name (their attributes are not followed);
    builtin functions, numpy ufuncs and classes from ``builtins``, ``math``, ``cmath``, numpy and
    numba by their qualified name.
    Any other value makes the fingerprint unstable (``Fingerprint.unstable`` says which)."""
    enc = _Encoder()
    body = enc.function(fn, "the options function")
    return Fingerprint(hashlib.sha1(body).hexdigest()[:10], tuple(enc.unstable))


_warned: set[tuple[str, str]] = set()


def family_key(name: str, options, version: str | None = None) -> str:
    """The key a user heap game's stored prefixes go under (its sequence key):
    ``name:version=V`` when the user declares a version, else ``name:options=F`` with ``F`` the
    :func:`fingerprint` of ``options``.  When that fingerprint is unstable, ``F`` carries a random
    nonce, drawn anew on each call, so the key matches no prefix stored by another process (or
    registration), and the user is told once."""
    if version is not None:
        if not isinstance(version, str) or not version.strip() \
                or any(not ch.isprintable() for ch in version):
            raise GtablesError(f"{name}: version must be a non-empty line of text, not "
                               f"{version!r}")
        return f"{name}:version={version}"
    fp = fingerprint(options)
    if fp.stable:
        return f"{name}:options={fp.digest}"
    if (name, fp.digest) not in _warned:
        _warned.add((name, fp.digest))
        shown = ", ".join(fp.unstable[:3]) + (", ..." if len(fp.unstable) > 3 else "")
        warn(f"{name}: the options function reads {shown}, which gtables cannot hash, so its "
             f"stored prefixes will not be reused (in this or another process); pass "
             f"version=\"...\" to heap_game to declare its identity")
    return f"{name}:options={fp.digest}-{secrets.token_hex(4)}"


def heap_family(name: str, options, *, max_options: int | Callable[[int], int],
                doc: str = "", period_bound: Callable[[int, int], int] | None = None,
                period_theorem: str = "", example_size: int = 100,
                version: str | None = None) -> Family:
    """The family of the heap game whose options ``options(n, out)`` writes (see the module
    docstring).  ``max_options``: a bound on the options of any heap, an int or a function of
    the table's largest heap (``lambda size: size + size // 2``).  ``period_bound(n0, p)`` and
    ``period_theorem``: a periodicity theorem the user vouches for (values needed to prove period
    ``p`` from ``n0``, arithmetic periods included), which turns on ``--until-periodic``.
    ``version``: the game's identity, declared by the user (stored prefixes are keyed on it
    instead of the :func:`fingerprint` of ``options``; change it when the rules change)."""
    if not isinstance(name, str) or not re.fullmatch(r"[a-z][a-z0-9_]*", name):
        raise GtablesError(f"heap game name {name!r}: lowercase letters, digits and _, starting "
                           f"with a letter (it is the family name of the spec, e.g. squares)")
    if not (isinstance(max_options, int) and not isinstance(max_options, bool)
            or callable(max_options)):
        raise GtablesError(f"{name}: max_options must be an int or a function of the largest "
                           f"heap, not {type(max_options).__name__}")
    if (period_bound is None) != (not period_theorem):
        raise GtablesError(f"{name}: give both period_bound and period_theorem (a theorem and its "
                           f"name), or neither")
    compiled = compile_options(options, name)
    py_options = getattr(options, "py_func", options)
    key = family_key(name, options, version)
    ident = f"options function {key.split('=', 1)[1]}" if version is None else \
        f"version {version}"
    movegen: list = []             # compiled on first use (about 0.3 s), once per family

    def bound(size: int) -> int:
        m = max_options(size) if callable(max_options) else max_options
        if isinstance(m, (bool, float)) or not isinstance(m, (int, np.integer)) \
                or not 0 <= m <= MAX_OPTIONS:
            raise GtablesError(f"{name}: max_options gave {m!r} for heaps 0..{size}; it must be "
                               f"an int in 0..{MAX_OPTIONS}")
        return int(m)

    def stepper(algorithm: str, mo: int):
        if algorithm not in ("auto", "naive"):
            raise GtablesError(f"{name}: --algorithm {algorithm}: a user heap game has one "
                               f"algorithm (auto)")
        return OptionsStepper(compiled, name, mo)

    def checked_fill(game: Game) -> np.ndarray:
        from ..engine.compute import fill
        check_options(compiled, name, game.max_options, 0, game.space.size, splits=False)
        return fill(dataclasses.replace(game, fast_fill=None))[0]

    def build(v: dict) -> Rules:
        size, normal = v["size"], v["play"] == "normal"
        mo = bound(size)
        if not movegen:
            movegen.append(options_movegen(compiled))
        sequence = SequenceStrategy(
            stepper=lambda algorithm: stepper(algorithm, mo), key=key,
            period_bound=period_bound, period_theorem=period_theorem,
            arithmetic=True) if normal else None
        return Rules(space=HeapSpace(size), moves=movegen[0],
                     move_params=np.array([mo], dtype=np.int64),
                     kind=GRUNDY if normal else MISERE, max_options=mo,
                     describe=f"{doc or 'heap game ' + name} ({ident}), heaps 0..{size}",
                     format_option=lambda a, b: str(int(a[0])) if b is None
                     else f"{int(a[0])}+{int(b[0])}",
                     sequence=sequence, identity=key.split(":", 1)[1],
                     fast_fill=None if normal else FastFill(checked_fill))

    def options_ref(values: dict, position, side: int = 0) -> list[tuple]:
        """The options of a heap by the user's function run as plain Python (not jitted)."""
        n = int(position[0])
        out = np.zeros(2 * bound(values["size"]) + 2, dtype=np.int64)
        c = int(py_options(n, out))
        return [((int(a),), (int(b),)) if a and b else ((int(a or b),),)
                for a, b in zip(out[0:2 * c:2], out[1:2 * c:2])]

    return Family(
        name=name, summary=doc or f"user heap game {name} (options function)",
        params=(Param("size", int_param(0, MAX_SIZE), help="largest heap size"),
                Param("play", choice_param("normal", "misere"), default="normal",
                      help="normal (Grundy values) or misere (outcomes; games without splits)")),
        build=build, example=f"{name}:size={example_size}", position_help="a heap size, e.g. 25",
        options_ref=options_ref)
