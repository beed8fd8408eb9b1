"""Octal and hexadecimal games ``d0.d1d2d3...`` (take-and-break), seed 001 games C and D and the
literature.

Digit ``d_k`` (k >= 1) says what may be left after removing ``k`` tokens from one heap: bit 1 the
heap may vanish (only if it had exactly k), bit 2 one non-empty heap may remain, bit 4 two non-empty
heaps may remain, bit 8 three non-empty heaps may remain.  Digits 8-F (bit 8) make the code
*hexadecimal*, as in CGSuite's ``TakeAndBreak`` (one family for both, as there: ``0.F``, ``0.B7``;
lower case is read as upper).  ``d0`` is 0, 4, 8 or C (split a heap into two / three non-empty
heaps, removing nothing).  A ``!`` after a digit with bit 4 (and without bit 8) requires the two
heaps to differ (``4!.0`` = Grundy's game).
Spec: ``octal:code=0.07,size=1000`` (heaps 0..size); ``play=misere`` for games without splits.
``total=T`` instead of ``size=`` tables every *sum of heaps* of total at most T (a multiset of
heaps, :class:`~gtables.engine.spaces.PartitionSpace`), by outcome: ``octal:code=0.77,
play=misere,total=40`` (misère outcomes of sums, splits included: :mod:`gtables.engine.heapsums`),
or with normal play the normal outcomes of the same sums.

Normal-play tables are *sequence tables* (:mod:`gtables.engine.sequence`): filled by the naive or
the sparse-space kernel (:mod:`.kernels`), resumable, and able to stop at a period proved by
the Guy-Smith theorem (:func:`guy_smith_bound`), for codes without bit 8 and without ``!``.
Hexadecimal codes (bit 8) are filled by the naive kernel; their periods, arithmetic ones included,
are reported as *observed*: no theorem is implemented that turns a finite check into a proof for
splits into three heaps (the Howse-Nowakowski test, TCS 313 (2004), was not read exactly).

The package, one room each: this module (the family: rules, spec, Guy-Smith bound, twins);
:mod:`.kernels` (the serial naive and sparse-space kernels, the verification counters);
:mod:`.blocks` (the sparse method's block kernel on every thread); :mod:`.pipeline` (speculate on
one thread, verify on the other); :mod:`.scan` (the naive mex on every thread); :mod:`.stepper`
(drives them over a growing table and picks one); :mod:`.literature` and :mod:`.open_list`
(published values and the list of unsolved codes).  The code grammar is
:mod:`gtables.games.specs.octal`, with every family's grammar, so that lookups need no numba.
"""
from __future__ import annotations

import functools

import numpy as np

from ...engine.game import GRUNDY, MISERE, Family, Rules, SequenceStrategy
from ...engine.heapsums import heap_sum_options_ref, heap_sum_rules
from ...engine.kernels import EXTENDS, movegen
from ...engine.spaces import HeapSpace
from ...engine.take_and_break import TakeAndBreak
from ...errors import GtablesError

# the spec grammar (numba-free, games/specs/octal.py): codes are parsed and made canonical there
from ..specs.octal import GRAMMAR, HEX_DIGITS, MAX_DIGITS, THREE, UNEQUAL, parse_code  # noqa: F401
from .kernels import bits_for, first_wrong, move_arrays
from .stepper import OctalStepper


def digits(code: str) -> list[int]:
    """``"0.137"`` -> ``[0, 1, 3, 7]`` (index k = digit d_k); ``"4!.0"`` -> ``[4 | UNEQUAL, 0]``;
    ``"0.B"`` -> ``[0, 11]``."""
    out: list[int] = []
    for ch in code.replace(".", ""):
        if ch == "!":
            out[-1] |= UNEQUAL
        else:
            out.append(int(ch, 16))
    return out


def has_splits(code: str) -> bool:
    """Some move leaves two heaps (bit 4); :func:`has_three` for three."""
    return any(d & 4 for d in digits(code))


def has_unequal(code: str) -> bool:
    return "!" in code


def has_three(code: str) -> bool:
    """A hexadecimal code: some digit lets a move leave three heaps (bit 8)."""
    return any(d & THREE for d in digits(code))


def triples(r: int) -> int:
    """How many ways ``r`` splits into three non-empty heaps ``a <= b <= c`` (round(r^2 / 12))."""
    return (r * r + 6) // 12 if r >= 3 else 0


def max_removal(code: str) -> int:
    """t: the largest k with a non-zero digit d_k (0 if none)."""
    ds = digits(code)
    return max((k for k, d in enumerate(ds) if d and k > 0), default=0)


@movegen
def octal_moves(pos, side, params, out):
    # params: [t, d0, d1, ..., dt]; options of heap `pos`, split heaps as sums (a, b), and
    # three heaps as (a, b), (c, EXTENDS) (two pairs, see engine.kernels)
    t = params[0]
    n = pos
    c = 0
    for k in range(0, t + 1):
        if k > n:
            break
        d = params[1 + k]
        r = n - k
        if k > 0 and d & 1 and r == 0:
            out[2 * c] = 0
            out[2 * c + 1] = -1
            c += 1
        if k > 0 and d & 2 and r > 0:
            out[2 * c] = r
            out[2 * c + 1] = -1
            c += 1
        if d & 4 and r >= 2:
            for a in range(1, (r - 1) // 2 + 1 if d & 16 else r // 2 + 1):
                out[2 * c] = a
                out[2 * c + 1] = r - a
                c += 1
        if d & 8 and r >= 3:
            for a in range(1, r // 3 + 1):
                for b in range(a, (r - a) // 2 + 1):
                    out[2 * c] = a
                    out[2 * c + 1] = b
                    out[2 * c + 2] = r - a - b
                    out[2 * c + 3] = EXTENDS
                    c += 2
    return c


def guy_smith_bound(t: int):
    """Guy & Smith (1956; Winning Ways ch. 4): if G(n + p) = G(n) for n0 <= n < 2*n0 + p + t,
    t = the largest number of tokens a move removes, then G is p-periodic from n0 on.  Used with
    n0 >= 1 (a period from 0 is also one from 1).  Returns the number of values that needs."""
    def bound(n0: int, p: int) -> int:
        return 2 * max(n0, 1) + 2 * p + t
    return bound


def take_and_break(code: str) -> TakeAndBreak | None:
    """The rules the periodicity theorem for misère quotients needs
    (:class:`~gtables.engine.take_and_break.TakeAndBreak`): bit 2 of ``d_i`` leaves one heap, bit
    4 two (``d0 = 4``: a split removing nothing); None for codes it does not cover (``!``: the
    two heaps must differ; hexadecimal: three heaps)."""
    if has_unequal(code) or has_three(code):
        return None
    ds = digits(code)
    return TakeAndBreak(one=tuple(i for i, d in enumerate(ds) if i > 0 and d & 2),
                        two=tuple(i for i, d in enumerate(ds) if d & 4), k=max_removal(code))


def options_bound(ds: list[int], n: int) -> int:
    """At most this many option pairs for any heap up to n: a two-heap split is one pair, a
    three-heap split two (``engine.kernels.EXTENDS``)."""
    t = len(ds) - 1
    return (n // 2 + 1) * (1 + t) + t + 1 + \
        2 * sum(triples(n - k) for k, d in enumerate(ds) if d & THREE and k <= n)


RECHECK_TOP = 1 << 20    # values above this are left to the generic check (mark array size)


def recheck(ds: list[int], values, positions) -> int | None:
    """The strategy's ``recheck``: the first of ``positions`` whose value in ``values`` is not the
    naive mex of its options' values there (:func:`.kernels.first_wrong`), -1 if none; None for
    values this does not judge (not integers, negative or above :data:`RECHECK_TOP`)."""
    values = np.asarray(values)
    positions = np.ascontiguousarray(positions, dtype=np.int64)
    if values.ndim != 1 or values.dtype.kind not in "ui" or not values.size or not positions.size:
        return None
    if int(values.min()) < 0 or int(values.max()) > RECHECK_TOP:
        return None
    if positions[0] < 0 or positions[-1] >= values.size or np.any(positions[1:] <= positions[:-1]):
        return None     # the generic check says what is wrong with them
    table = np.ascontiguousarray(values, dtype=np.uint32)
    mark = np.zeros(2 << bits_for(int(table.max())), dtype=np.int64)
    k = int(first_wrong(*move_arrays(ds), table, positions, mark))
    return -1 if k < 0 else int(positions[k])


def octal_game(code: str, size: int, play: str, describe: str = "") -> Rules:
    ds = digits(code)
    t = len(ds) - 1
    hexa = has_three(code)
    if play == "misere" and (has_splits(code) or hexa):
        raise GtablesError(f"misère play of {code} needs positions of several heaps (it splits "
                           + ("heaps into three; misère sums are tabled only for splits into at "
                              "most two: use play=normal)" if hexa else
                              "heaps): use total=T (sums of heaps) instead of size="))
    max_options = options_bound(ds, size)
    normal = play == "normal"
    # normal play: a sequence table (misère values of a heap depend on the other heaps' too)
    sequence = SequenceStrategy(
        stepper=lambda algorithm: OctalStepper(ds, algorithm), key=f"octal:code={code}",
        # the theorem's proof lifts a split by adding p to one part, which may make the two
        # parts equal: it does not cover "!" (parts must differ); nor splits into three heaps
        # (a different bound, from a theorem not implemented here): hexadecimal games report
        # observed periods only, arithmetic ones included
        period_bound=None if has_unequal(code) or hexa else guy_smith_bound(t),
        period_theorem="" if hexa else "Guy-Smith", arithmetic=hexa,
        observe_periods=hexa, recheck=functools.partial(recheck, ds)) if normal else None
    return Rules(space=HeapSpace(size), moves=octal_moves,
                 move_params=np.array([t, *ds], dtype=np.int64),
                 kind=GRUNDY if normal else MISERE, max_options=max_options,
                 describe=describe or f"octal game {code}, heaps 0..{size}",
                 format_option=lambda a, b, *more: "+".join(
                     str(int(h[0])) for h in (a, b, *more) if h is not None),
                 sequence=sequence,
                 options_at=(lambda i: options_bound(ds, min(i, size))) if hexa else None,
                 take_and_break=take_and_break(code))


def octal_sums(code: str, total: int, play: str) -> Rules:
    """Every sum of heaps of total at most ``total`` (a multiset of heaps), by outcome under
    ``play``: a move replaces one heap by what :func:`heap_options` leaves of it."""
    return heap_sum_rules(total, lambda h: heap_options(code, h), play,
                          f"octal game {code}, {play} outcomes of sums of heaps of total "
                          f"<= {total}", keeps_total=bool(digits(code)[0] & 4))


def build(v: dict) -> Rules:
    if (v["size"] is None) == (v["total"] is None):
        raise GtablesError("octal: missing key 'size' (heaps 0..size) or 'total' (sums of heaps "
                           "of total <= T): give exactly one" if v["size"] is None else
                           "octal: size= (one heap) and total= (sums of heaps) exclude each other")
    if v["total"] is not None:
        if has_three(v["code"]):
            raise GtablesError(f"octal: total= (sums of heaps) takes codes whose moves leave at most "
                               f"two heaps; {v['code']} splits heaps into three (use size=)")
        return octal_sums(v["code"], v["total"], v["play"])
    return octal_game(v["code"], v["size"], v["play"])


def shift_twin(code: str) -> str | None:
    """The code ``0.e1e2...`` whose heap of ``n`` *is* (as a game) a heap of ``n + 1`` of the
    game ``code`` with ``d0 = 4``, when there is one: ``None`` for other codes, for ``!`` and
    hexadecimal digits, and when ``d1`` has bit 1 (then a heap of 1 has a move).

    Why: with ``d1 & 1 == 0`` a heap of 1 has no move, so it is the empty game and heap ``m >= 1``
    can be read as heap ``m - 1`` of another game, an empty heap for a heap of 1.  A move of the
    ``d0 = 4`` game then reads as: ``d0``'s split of ``m`` into ``a, b >= 1`` removes 1 from heap
    ``m - 1`` and leaves heaps ``a - 1, b - 1 >= 0`` (so ``e1`` gets bits 1, 2 and 4); ``d_k``'s
    bit 4 (remove ``k``, leave two) likewise gives ``e_{k+1}`` bits 1, 2 and 4; ``d_k``'s bit 2
    (remove ``k``, leave ``m - k >= 1``) leaves heap ``m - k - 1 >= 0`` (``e_k`` bits 1 and 2); and
    ``d_k``'s bit 1 (a heap of exactly ``k`` taken) takes ``k - 1`` from a heap of exactly
    ``k - 1`` (``e_{k-1}`` bit 1).  Each move of either game reads back as one of the other, so
    ``G(n + 1) = G'(n)`` for every ``n`` (tests/test_heaps.py compares the values).  4.064 is
    0.7377 shifted, 4.406 is 0.7737."""
    if has_unequal(code) or has_three(code):
        return None
    ds = digits(code)
    if ds[0] != 4 or len(ds) < 2 or ds[1] & 1:
        return None
    t = len(ds) - 1
    e = [0] * (t + 2)
    for j in range(1, t + 2):
        d_j = ds[j] if j <= t else 0
        d_next = ds[j + 1] if j + 1 <= t else 0
        d_prev = ds[j - 1]
        e[j] = (3 if d_j & 2 else 0) | (1 if d_next & 1 else 0) | (7 if d_prev & 4 else 0)
    return parse_code("0." + "".join(str(x) for x in e[1:]))


def heap_options(code: str, n: int) -> list[tuple[int, ...]]:
    """All options of a heap of n, as tuples of non-empty heaps (pure Python, from the digits):
    ``()`` when the heap vanishes, ``(r,)``, ``(a, b)`` for a split, ``(a, b, c)`` for a split
    into three (bit 8)."""
    ds = digits(code)
    opts: list[tuple[int, ...]] = []
    for k in range(0, min(len(ds) - 1, n) + 1):
        r = n - k
        if k > 0 and ds[k] & 1 and r == 0:
            opts.append(())
        if k > 0 and ds[k] & 2 and r > 0:
            opts.append((r,))
        if ds[k] & 4:
            opts += [(a, r - a) for a in range(1, r // 2 + 1)
                     if not (ds[k] & UNEQUAL and 2 * a == r)]
        if ds[k] & THREE:
            opts += [(a, b, r - a - b) for a in range(1, r + 1) for b in range(a, r + 1)
                     if r - a - b >= b]
    return opts


def options_ref(values: dict, position, side: int = 0) -> list[tuple]:
    """The options of a heap (``position = (n,)``, as ``space.unrank`` gives it), in plain Python:
    each option is ``((r,),)``, with ``((0,),)`` when the heap vanishes, ``((a,), (b,))`` for a
    split into the sum of heaps ``a`` and ``b``, ``((a,), (b,), (c,))`` for three (the family
    contract, :class:`Family`).  With ``total=``, ``position`` is a multiset of heaps
    (decreasing, zero-padded) and each option the one multiset a move on one of its heaps
    leaves."""
    if values.get("total") is not None:
        return heap_sum_options_ref(position, lambda h: heap_options(values["code"], h))
    n = int(position[0])
    return [tuple((h,) for h in o) or ((0,),) for o in heap_options(values["code"], n)]


@functools.cache
def _ref(code: str, n: int) -> int:
    """The Grundy value of a heap of n by memoised recursion (``scripts/bench_heaps.py`` times it;
    the tests use their own solver, ``tests/reference.py``, over :func:`options_ref`)."""
    seen = set()
    for o in heap_options(code, n):
        v = 0
        for h in o:
            v ^= _ref(code, h)
        seen.add(v)
    g = 0
    while g in seen:
        g += 1
    return g


FAMILY = Family.from_grammar(
    GRAMMAR, summary="octal and hexadecimal games d0.d1d2... (take-and-break; seed 001 game "
    "C is 0.07; hex digits 8-F leave three heaps); "
    "sequence tables: --until-periodic, --algorithm, resumable",
    build=build, example="octal:code=0.07,size=1000",
    position_help="a heap size, e.g. 25 (with total=: heaps in any order, e.g. 3,4,5)",
    options_ref=options_ref)
