"""The game pool from Python: :class:`Pool` holds the arrays of :mod:`.kernels`, grows them when a
kernel says :data:`~.kernels.POOL_FULL`, and answers with ids, ``Fraction`` s and text.

A game is an ``int`` id, one per canonical form (so ``a == b`` as ids iff the games are equal).
Id 0 is the game 0.  Numbers, stops, means and temperatures are :class:`fractions.Fraction`;
thermographs are :class:`~.thermograph.Thermograph`.  Text is CGSuite's notation
(:mod:`.notation`): ``pool.parse("{0||0|-1}")``, ``pool.format(g)``.

For kernels of other modules (a bottom-up fill of a game's table), :attr:`Pool.P` is the tuple
the njit functions :func:`~.kernels.canonical`, :func:`~.kernels.add`, :func:`~.kernels.neg` and
:func:`~.kernels.le` take; a kernel that gets ``POOL_FULL`` returns to Python, which calls
:meth:`Pool.grow` and calls it again (``P`` is a new tuple after growth).

A pool is saved as three int64 arrays (:meth:`Pool.arrays`: the Left and Right option counts per
id and the options, id by id) and rebuilt from them by :meth:`Pool.from_arrays`, which trusts
nothing: :func:`check_pool` re-derives every entry (options of smaller ids, each side ascending
without repeats, in canonical form, no two entries equal) and everything derived (birthdays,
numbers, stops) is computed again.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction

import numpy as np

from ..errors import GtablesError
from . import kernels as k
from .thermograph import Thermograph

_MAX_MEMO = 1 << 22          # slots of the <= and sum memos (32 and 64 MiB at most)
_MAX_RAW = 1 << 18           # slots of the memo of canonical() on raw option lists
_NONE = np.empty(0, np.int64)


def _pow2(n: int) -> int:
    return 1 << max(4, (int(n) - 1).bit_length())


def to_dyadic(x) -> tuple[int, int]:
    """``(n, e)`` with ``x == n / 2**e`` (``e >= 0``), or ValueError for a non-dyadic ``x``."""
    x = Fraction(x)
    d = x.denominator
    if d & (d - 1):
        raise ValueError(f"{x} is not a dyadic rational (its denominator is not a power of 2)")
    return x.numerator, d.bit_length() - 1


class Pool:
    """Short partizan games in canonical form, one id each (see the module docstring)."""

    _nodes: np.ndarray
    _opts: np.ndarray
    _state: np.ndarray
    _table: np.ndarray
    _numtab: np.ndarray
    _lememo: np.ndarray
    _addmemo: np.ndarray
    _rawmemo: np.ndarray
    _rawkeys: np.ndarray

    def __init__(self, capacity: int = 1024):
        self._alloc(max(16, int(capacity)), 4 * max(16, int(capacity)))
        self._thermographs: dict[int, Thermograph] = {}
        self.notation_caches: dict[str, dict] = {}   # per-id caches of :mod:`.notation`
        self._nimbers: list[int] = []
        self._ups: dict[int, int] = {}          # n -> id of n.^ (n in Z)
        self._nths: list[int] = [0]             # n -> id of ^<n> (up-nth), n >= 1
        self._sums: list[int] = [0]             # n -> id of ^[n] = ^ + ^<2> + ... + ^<n>
        self._uptimals: dict[int, tuple[int, ...]] = {0: ()}   # id -> its uptimal coefficients
        self._uptimal_bound = 0
        zero = self._run(k.OP_NUMBER, 0, 0)
        assert zero == 0

    # -- the arrays ----------------------------------------------------------------------------

    def _alloc(self, cap: int, opt_cap: int, old: Pool | None = None) -> None:
        nodes = np.full((cap, k.NFIELDS), k.EMPTY, np.int64)
        opts = np.zeros(opt_cap, np.int64)
        state = np.zeros(k.NSTATE, np.int64)
        if old is not None:
            n, m = int(old._state[k.S_IDS]), int(old._state[k.S_OPTS])
            nodes[:n] = old._nodes[:n]
            opts[:m] = old._opts[:m]
            state[:] = old._state
        self._nodes, self._opts, self._state = nodes, opts, state
        self._table = np.full(_pow2(4 * cap), k.EMPTY, np.int64)
        self._numtab = np.full(_pow2(4 * cap), k.EMPTY, np.int64)
        memo = min(_MAX_MEMO, _pow2(8 * cap))
        self._lememo = np.full(memo, k.EMPTY, np.int64)
        self._addmemo = np.full(2 * memo, k.EMPTY, np.int64)
        raw = min(_MAX_RAW, _pow2(4 * cap))
        self._rawmemo = np.full(k.RAW_SLOT * raw, k.EMPTY, np.int64)
        self._rawkeys = np.zeros(8 * raw, np.int64)
        self._state[k.S_RAW] = 0
        if old is not None:
            k.pool_op(self.P, k.OP_REHASH, 0, 0, _NONE, _NONE, _NONE)

    @property
    def P(self) -> tuple:
        """The arrays as the kernels take them (a new tuple after :meth:`grow`)."""
        return (self._nodes, self._opts, self._table, self._numtab, self._lememo,
                self._addmemo, self._state, self._rawmemo, self._rawkeys)

    def grow(self) -> None:
        """Double every array (after a kernel returned POOL_FULL)."""
        cap = 2 * self._nodes.shape[0]
        if cap > k.MAX_IDS:
            raise GtablesError(f"the game pool is full: {k.MAX_IDS} games at most")
        opt_cap = max(2 * self._opts.size, int(self._state[k.S_OPTS]) + 1024)
        self._alloc(cap, opt_cap, old=self)

    def _run(self, op: int, a: int = 0, b: int = 0, X=_NONE, Y=_NONE) -> int:
        while True:
            r = int(k.pool_op(self.P, op, a, b, X, Y, _NONE))
            if r == k.POOL_FULL:
                self.grow()
                continue
            if r == k.OUT_OF_RANGE:
                raise GtablesError(f"a number beyond the game pool's range (|x| < 2^20, "
                                   f"denominators up to 2^{k.MAX_EXP}) came up")
            return r

    def __len__(self) -> int:
        return int(self._state[k.S_IDS])

    def _id(self, g) -> int:
        g = int(g)
        if not 0 <= g < len(self):
            raise GtablesError(f"{g} is not a game id of this pool (0 to {len(self) - 1})")
        return g

    # -- making games --------------------------------------------------------------------------

    def canonical(self, left: Iterable[int], right: Iterable[int]) -> int:
        """The id of ``{left | right}`` (ids of options, any order, repeats allowed)."""
        L = np.array([self._id(g) for g in left], np.int64)
        R = np.array([self._id(g) for g in right], np.int64)
        return self._run(k.OP_CANONICAL, X=L, Y=R)

    def add(self, a: int, b: int) -> int:
        return self._run(k.OP_ADD, self._id(a), self._id(b))

    def sum(self, ids: Iterable[int]) -> int:
        total = 0
        for g in ids:
            total = self.add(total, g)
        return total

    def neg(self, a: int) -> int:
        return self._run(k.OP_NEG, self._id(a))

    def sub(self, a: int, b: int) -> int:
        return self.add(a, self.neg(b))

    def number(self, x) -> int:
        """The id of the dyadic rational ``x`` (int, Fraction or text such as ``"3/4"``)."""
        try:
            value = Fraction(x.strip() if isinstance(x, str) else x)
            n, e = to_dyadic(value)
        except (ValueError, TypeError, ZeroDivisionError) as err:
            raise GtablesError(f"{str(x)[:40]!r} is not a number of the game pool: {err}") \
                from None
        if e > k.MAX_EXP or abs(value) >= k.MAX_INT:
            raise GtablesError(f"{str(x)[:40]} is beyond the game pool's range (|x| < 2^20, "
                               f"denominators up to 2^{k.MAX_EXP})")
        return self._run(k.OP_NUMBER, n, e)

    def integer(self, n: int) -> int:
        return self.number(int(n))

    def nimber(self, n: int) -> int:
        """``*n`` = ``{0, *, ..., *(n-1) | 0, *, ..., *(n-1)}``."""
        n = int(n)
        if n < 0:
            raise GtablesError(f"*{n}: a nimber is *n for n >= 0")
        if n > 4096:
            raise GtablesError(f"*{n}: nimbers up to *4096 only")
        while len(self._nimbers) <= n:
            below = list(self._nimbers)
            self._nimbers.append(self.canonical(below, below))
        return self._nimbers[n]

    def up(self, n: int = 1, star: int = 0) -> int:
        """``n.^ + *star`` (``n < 0``: ``|n|.v``): ``^ = {0|*}``."""
        n = int(n)
        if abs(n) > 4096:
            raise GtablesError(f"up multiples up to 4096 only, not {n}")
        if n not in self._ups:
            if not self._ups:
                self._record_up(0, 0)
                self._record_up(1, self.canonical([0], [self.nimber(1)]))
                self._record_up(-1, self.neg(self._ups[1]))
            step = 1 if n > 0 else -1
            j = max((m for m in self._ups if m * step >= 0 and abs(m) <= abs(n)), key=abs)
            while j != n:
                self._record_up(j + step, self.add(self._ups[j], self._ups[step]))
                j += step
        return self.add(self._ups[n], self.nimber(star)) if star else self._ups[n]

    def _record_up(self, n: int, g: int) -> None:
        self._ups[n] = g
        self._uptimals[g] = (n,) if n else ()

    def up_nth(self, n: int) -> int:
        """``^<n>`` (up-nth): ``^<1> = ^``, ``^<n+1> = {0 | v[n]*}`` (``v[n] = -^[n]``)."""
        self._build_nths(n)
        return self._nths[n]

    def up_sum(self, n: int) -> int:
        """``^[n] = ^ + ^<2> + ... + ^<n>`` = ``{^[n-1] | *}``."""
        self._build_nths(n)
        return self._sums[n]

    def _build_nths(self, n: int) -> None:
        n = int(n)
        if not 1 <= n <= 4096:
            raise GtablesError(f"up-nth ^<n> and ^[n] for n from 1 to 4096, not {n}")
        star = self.nimber(1)
        while len(self._nths) <= n:
            j = len(self._nths)
            if j == 1:
                nth = total = self.up(1)
            else:
                nth = self.canonical([0], [self.add(self.neg(self._sums[j - 1]), star)])
                total = self.canonical([self._sums[j - 1]], [star])
            self._nths.append(nth)
            self._sums.append(total)
            if j > 1:
                unit = (0,) * (j - 1)
                self._uptimals[nth] = unit + (1,)
                self._uptimals[self.neg(nth)] = unit + (-1,)
                self._uptimals[total] = (1,) * j
                self._uptimals[self.neg(total)] = (-1,) * j

    def uptimal_forms(self, bound: int) -> dict[int, tuple[int, ...]]:
        """Ids of ``n.^`` for ``|n| <= bound`` and of ``+-^<n>``, ``+-^[n]`` for
        ``2 <= n <= bound``, each with its uptimal coefficients (CGSuite's expansion: ``(n,)``
        for ``n.^``, ``(0, .., 0, +-1)`` for ``+-^<n>``, ``(+-1, ..., +-1)`` for ``+-^[n]``)."""
        bound = min(int(bound), 4096)
        if bound > self._uptimal_bound:
            self.up(bound)
            self.up(-bound)
            self._build_nths(max(1, bound))
            self._uptimal_bound = bound
        return self._uptimals

    def switch(self, x) -> int:
        """``+-x`` = ``{x | -x}`` (``x`` an id)."""
        g = self._id(x)
        return self.canonical([g], [self.neg(g)])

    # -- reading games -------------------------------------------------------------------------

    def options(self, a: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The Left and Right options of ``a`` (ids, ascending)."""
        a = self._id(a)
        off, nl, nr = (int(v) for v in self._nodes[a, [k.OFF, k.NL, k.NR]])
        opts = self._opts
        return (tuple(int(x) for x in opts[off:off + nl]),
                tuple(int(x) for x in opts[off + nl:off + nl + nr]))

    def left_options(self, a: int) -> tuple[int, ...]:
        return self.options(a)[0]

    def right_options(self, a: int) -> tuple[int, ...]:
        return self.options(a)[1]

    def is_number(self, a: int) -> bool:
        return bool(self._nodes[self._id(a), k.ISNUM])

    def number_value(self, a: int) -> Fraction | None:
        """The number ``a`` is, or None."""
        row = self._nodes[self._id(a)]
        return Fraction(int(row[k.VNUM]), 1 << int(row[k.VEXP])) if row[k.ISNUM] else None

    def is_integer(self, a: int) -> bool:
        v = self.number_value(a)
        return v is not None and v.denominator == 1

    def birthday(self, a: int) -> int:
        return int(self._nodes[self._id(a), k.BIRTH])

    def left_stop(self, a: int) -> Fraction:
        row = self._nodes[self._id(a)]
        return Fraction(int(row[k.LSN]), 1 << int(row[k.LSE]))

    def right_stop(self, a: int) -> Fraction:
        row = self._nodes[self._id(a)]
        return Fraction(int(row[k.RSN]), 1 << int(row[k.RSE]))

    # -- order -----------------------------------------------------------------------------------

    def le(self, a: int, b: int) -> bool:
        return self._run(k.OP_LE, self._id(a), self._id(b)) == 1

    def ge(self, a: int, b: int) -> bool:
        return self.le(b, a)

    def lt(self, a: int, b: int) -> bool:
        return self.le(a, b) and a != b

    def gt(self, a: int, b: int) -> bool:
        return self.lt(b, a)

    def fuzzy(self, a: int, b: int) -> bool:
        return not self.le(a, b) and not self.le(b, a)

    def compare(self, a: int, b: int) -> str:
        """``'='``, ``'<'``, ``'>'`` or ``'||'`` (confused)."""
        le, ge = self.le(a, b), self.le(b, a)
        return "=" if le and ge else "<" if le else ">" if ge else "||"

    def outcome(self, a: int) -> str:
        """``'L'`` (Left wins whoever starts), ``'R'``, ``'N'`` (the first player) or ``'P'``."""
        return {"=": "P", ">": "L", "<": "R", "||": "N"}[self.compare(a, 0)]

    # -- temperature theory -----------------------------------------------------------------------

    def thermograph(self, a: int) -> Thermograph:
        a = self._id(a)
        stack = [a]
        while stack:               # options first, without deep recursion
            g = stack[-1]
            if g in self._thermographs:
                stack.pop()
                continue
            v = self.number_value(g)
            if v is not None and v.denominator == 1:
                self._thermographs[g] = Thermograph.of_integer(v)
                stack.pop()
                continue
            left, right = self.options(g)
            todo = [x for x in left + right if x not in self._thermographs]
            if todo:
                stack.extend(todo)
                continue
            self._thermographs[g] = Thermograph.from_options(
                [self._thermographs[x] for x in left], [self._thermographs[x] for x in right])
            stack.pop()
        return self._thermographs[a]

    def mean(self, a: int) -> Fraction:
        return self.thermograph(a).mast

    def temperature(self, a: int) -> Fraction:
        """CGSuite's convention: a number with denominator ``2^k`` has ``-1/2^k``, an integer -1."""
        return self.thermograph(a).temperature

    # -- text ----------------------------------------------------------------------------------

    def format(self, a: int) -> str:
        """``a`` in CGSuite's notation (``1/2``, ``^*``, ``+-1``, ``{0||0|-1}``...)."""
        from .notation import format_game
        return format_game(self, self._id(a))

    def parse(self, text: str) -> int:
        """The id of a value written in CGSuite's notation; GtablesError (one line) if it does
        not read."""
        from .notation import parse_game
        return parse_game(self, text)

    # -- saving and checking -------------------------------------------------------------------

    def arrays(self) -> dict[str, np.ndarray]:
        """The pool as arrays: ``nleft``, ``nright`` (per id) and ``options`` (id by id, Left
        then Right, each ascending).  :meth:`from_arrays` rebuilds it."""
        n, m = len(self), int(self._state[k.S_OPTS])
        return {"nleft": self._nodes[:n, k.NL].copy(), "nright": self._nodes[:n, k.NR].copy(),
                "options": self._opts[:m].copy()}

    @classmethod
    def from_arrays(cls, arrays: Mapping[str, np.ndarray]) -> Pool:
        """A pool with the same ids as the pool that wrote ``arrays``, every entry re-derived
        (GtablesError naming the first entry that is not right)."""
        pool, bad = _rederive(arrays)
        if bad is not None:
            raise GtablesError(f"game pool entry {bad} is not right (options not of smaller ids, "
                               f"not sorted, not in canonical form, or a repeat of an earlier "
                               f"entry)")
        return pool

    def derived(self) -> dict[str, np.ndarray]:
        """What is derived per id, as int64 arrays (dyadic values as ``*_num``, ``*_exp``:
        ``num / 2**exp``): birthday, is_number, left_stop, right_stop, mean, temperature."""
        n = len(self)
        out = {"birthday": self._nodes[:n, k.BIRTH].copy(),
               "is_number": self._nodes[:n, k.ISNUM].copy(),
               "left_stop_num": self._nodes[:n, k.LSN].copy(),
               "left_stop_exp": self._nodes[:n, k.LSE].copy(),
               "right_stop_num": self._nodes[:n, k.RSN].copy(),
               "right_stop_exp": self._nodes[:n, k.RSE].copy()}
        for name, get in (("mean", self.mean), ("temperature", self.temperature)):
            nums, exps = np.empty(n, np.int64), np.empty(n, np.int64)
            for g in range(n):
                nums[g], exps[g] = to_dyadic(get(g))
            out[name + "_num"], out[name + "_exp"] = nums, exps
        return out


def _rederive(arrays: Mapping[str, np.ndarray]) -> tuple[Pool, int | None]:
    try:
        nleft, nright, options = (np.asarray(arrays[key]) for key in
                                  ("nleft", "nright", "options"))
    except KeyError as err:
        raise GtablesError(f"a game pool needs the arrays nleft, nright and options "
                           f"(missing {err})") from None
    for name, a in (("nleft", nleft), ("nright", nright), ("options", options)):
        if a.ndim != 1 or not np.issubdtype(a.dtype, np.integer):
            raise GtablesError(f"game pool array {name} is not a 1-D integer array")
    n = nleft.size
    if n == 0 or nright.size != n or n >= k.MAX_IDS:
        raise GtablesError(f"game pool arrays nleft and nright must have the same length, 1 to "
                           f"{k.MAX_IDS - 1} (got {nleft.size} and {nright.size})")
    if (nleft < 0).any() or (nright < 0).any():
        raise GtablesError("game pool arrays nleft and nright hold a negative count")
    if int(nleft.sum()) + int(nright.sum()) != options.size:
        raise GtablesError(f"game pool array options has {options.size} entries, not the "
                           f"{int(nleft.sum()) + int(nright.sum())} the counts say")
    nleft, nright, options = (np.array(a, np.int64) for a in (nleft, nright, options))  # writable
    pool = Pool(capacity=n)
    start = 1 if n > 0 and nleft[0] == 0 and nright[0] == 0 else 0
    while True:
        r = int(k.pool_op(pool.P, k.OP_REDERIVE, start, 0, nleft, nright, options))
        if r < 0:
            return pool, None
        i, code = divmod(r, k.REDERIVE_BASE)
        if code == k.REDERIVE_FULL:
            pool.grow()
            start = i
            continue
        return pool, i


def check_pool(arrays: Mapping[str, np.ndarray]) -> int | None:
    """None if ``arrays`` (as :meth:`Pool.arrays` writes them) are a pool of canonical forms with
    unique ids, else the first id that is not right.  GtablesError for arrays that are not a pool
    at all (missing, wrong shape, counts that do not add up)."""
    return _rederive(arrays)[1]
