"""Octal games ``d0.d1d2d3...`` (take-and-break), seed 001 games C and D and the literature.

Digit ``d_k`` (k >= 1) says what may be left after removing ``k`` tokens from one heap: bit 1 the
heap may vanish (only if it had exactly k), bit 2 one non-empty heap may remain, bit 4 two non-empty
heaps may remain.  ``d0`` is 0 or 4 (4: split a heap into two non-empty heaps, removing nothing).
Spec: ``octal:code=0.07,size=1000`` (heaps 0..size); ``play=misere`` for games without splits.
"""
from __future__ import annotations

import functools

import numba as nb
import numpy as np

from ..config import JIT
from ..engine.game import GRUNDY, MISERE, Family, Game, Param, choice_param, int_param
from ..engine.kernels import movegen
from ..engine.spaces import HeapSpace
from ..errors import GtablesError

MAX_DIGITS = 32


def parse_code(text: str) -> str:
    """Validate an octal code and return it canonical: ``.07`` -> ``0.07``, trailing zeros cut."""
    t = text.strip()
    if t.startswith("."):
        t = "0" + t
    if "." not in t:
        raise ValueError(f"{text!r} is not an octal code d0.d1d2... (e.g. 0.07)")
    head, tail = t.split(".", 1)
    if head not in ("0", "4"):
        raise ValueError(f"{text!r}: the digit before the point must be 0 or 4")
    if not tail or any(ch not in "01234567" for ch in tail):
        raise ValueError(f"{text!r}: digits after the point must be 0-7")
    if len(tail) > MAX_DIGITS:
        raise ValueError(f"{text!r}: at most {MAX_DIGITS} digits after the point")
    tail = tail.rstrip("0") or "0"
    return f"{head}.{tail}"


def digits(code: str) -> list[int]:
    """``"0.137"`` -> ``[0, 1, 3, 7]`` (index k = digit d_k)."""
    head, tail = code.split(".")
    return [int(head)] + [int(c) for c in tail]


def has_splits(code: str) -> bool:
    return any(d & 4 for d in digits(code))


def max_removal(code: str) -> int:
    """t: the largest k with a non-zero digit d_k (0 if none)."""
    ds = digits(code)
    return max((k for k, d in enumerate(ds) if d and k > 0), default=0)


@movegen
def octal_moves(pos, side, params, out):
    # params: [t, d0, d1, ..., dt]; options of heap `pos`, split heaps as sums (a, b)
    t = params[0]
    n = pos
    c = 0
    if params[1] & 4:
        for a in range(1, n // 2 + 1):
            out[2 * c] = a
            out[2 * c + 1] = n - a
            c += 1
    for k in range(1, t + 1):
        if k > n:
            break
        d = params[1 + k]
        r = n - k
        if d & 1 and r == 0:
            out[2 * c] = 0
            out[2 * c + 1] = -1
            c += 1
        if d & 2 and r > 0:
            out[2 * c] = r
            out[2 * c + 1] = -1
            c += 1
        if d & 4 and r >= 2:
            for a in range(1, r // 2 + 1):
                out[2 * c] = a
                out[2 * c + 1] = r - a
                c += 1
    return c


def _worker_sigs():
    from numba import types
    return [types.int64(types.int64[::1], types.int64, types.int64, dt[::1], types.int64,
                        types.int64[::1]) for dt in (types.uint8, types.uint16, types.uint32)]


@nb.njit(_worker_sigs(), **JIT)
def octal_grundy_range(params, lo, hi, table, vmax, seen):
    """Naive mex for heaps lo..hi-1 with the options generated inline (no option buffer):
    the same table as the generic kernel with ``octal_moves``, about 2-3x faster."""
    t = params[0]
    nseen = seen.size
    for n in range(lo, hi):
        stamp = n + 1
        if params[1] & 4:
            for a in range(1, n // 2 + 1):
                v = np.int64(table[a]) ^ np.int64(table[n - a])
                if v < nseen:
                    seen[v] = stamp
        for k in range(1, min(t, n) + 1):
            d = params[1 + k]
            r = n - k
            if d & 1 and r == 0:
                seen[0] = stamp
            if d & 2 and r > 0:
                v = np.int64(table[r])
                if v < nseen:
                    seen[v] = stamp
            if d & 4 and r >= 2:
                for a in range(1, r // 2 + 1):
                    v = np.int64(table[a]) ^ np.int64(table[r - a])
                    if v < nseen:
                        seen[v] = stamp
        g = 0
        while g < nseen and seen[g] == stamp:
            g += 1
        if g > vmax:
            return n * 4 + 1
        table[n] = g
    return -1


def octal_game(code: str, size: int, play: str, describe: str = "") -> Game:
    ds = digits(code)
    t = len(ds) - 1
    if play == "misere" and has_splits(code):
        raise GtablesError(f"misère play of {code} needs positions of several heaps (it splits "
                           f"heaps); gtables tables single heaps: use play=normal")
    max_options = (size // 2 + 1) * (1 + t) + t + 1
    return Game(spec="", family="octal", params={}, space=HeapSpace(size), moves=octal_moves,
                move_params=np.array([t, *ds], dtype=np.int64),
                kind=GRUNDY if play == "normal" else MISERE, max_options=max_options,
                describe=describe or f"octal game {code}, heaps 0..{size}",
                format_option=lambda a, b: str(int(a[0])) if b is None else f"{int(a[0])}+{int(b[0])}",
                grundy_worker=octal_grundy_range)


def build(v: dict) -> Game:
    return octal_game(v["code"], v["size"], v["play"])


def options_ref(code: str, n: int) -> list[tuple[int, ...]]:
    """All options of a heap of n, as tuples of non-empty heaps (pure Python, from the digits)."""
    ds = digits(code)
    opts = []
    if ds[0] & 4:
        opts += [(a, n - a) for a in range(1, n // 2 + 1)]
    for k in range(1, len(ds)):
        if k > n:
            break
        r = n - k
        if ds[k] & 1 and r == 0:
            opts.append(())
        if ds[k] & 2 and r > 0:
            opts.append((r,))
        if ds[k] & 4:
            opts += [(a, r - a) for a in range(1, r // 2 + 1)]
    return opts


@functools.lru_cache(maxsize=None)
def _ref(code: str, n: int) -> int:
    seen = set()
    for o in options_ref(code, n):
        v = 0
        for h in o:
            v ^= _ref(code, h)
        seen.add(v)
    g = 0
    while g in seen:
        g += 1
    return g


def reference(values: dict, position) -> int:
    n = int(np.atleast_1d(position)[0])
    if values.get("play", "normal") == "misere":
        return _ref_misere(values["code"], n)
    return _ref(values["code"], n)


@functools.lru_cache(maxsize=None)
def _ref_misere(code: str, n: int) -> int:
    opts = [o[0] if o else 0 for o in options_ref(code, n)]
    return 1 if not opts else int(any(_ref_misere(code, o) == 0 for o in opts))


def _claims(scale):
    from ..verify import seed001
    return seed001.octal_claims(scale)


FAMILY = Family(
    name="octal", summary="octal games d0.d1d2... (take-and-break; seed 001 game C is 0.07)",
    params=(Param("code", parse_code, help="octal code, e.g. 0.07, 0.77, 4.07 (up to 32 digits)"),
            Param("size", int_param(0, 1 << 31), help="largest heap size"),
            Param("play", choice_param("normal", "misere"), default="normal",
                  help="normal (Grundy values) or misere (outcomes; games without splits)")),
    build=build, example="octal:code=0.07,size=1000", position_help="a heap size, e.g. 25",
    reference=reference, claims=_claims)
