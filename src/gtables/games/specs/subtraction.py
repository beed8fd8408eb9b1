"""The spec grammar of subtraction games (:mod:`gtables.games.subtraction`):
``subtraction:set=1-3,size=200``, ``allbut=2+3``, ``heaps=D``, ``play=misere``, ``total=T``.
A set is canonical as :func:`canon_set` writes it: increasing, runs as ranges (``{3,1,2}`` and
``1+2+3`` are ``1-3``; ``2+3`` is ``2-3``)."""
from __future__ import annotations

import re

from ...engine.game import Grammar, Param, choice_param, int_param
from ...engine.spaces.partitions import MAX_SUM_TOTAL
from ...engine.syntax import parse_int

MAX_SUBTRACT = 1 << 20
MAX_EXCLUDED = 64     # counts are bytes in games/allbut_kernels: at most |X| + 1 of a value


def _unbrace(text: str) -> str:
    """``text`` without one enclosing pair of braces (or parentheses); any other brace is an
    error (``{{1}}`` once read as ``1``, hiding a mistake)."""
    t = text.strip()
    for o, c in ("{}", "()"):
        if t.startswith(o) and t.endswith(c):
            t = t[1:-1].strip()
            break
    if any(ch in t for ch in "{}()"):
        raise ValueError(f"{text.strip()!r}: a set takes one pair of braces, as in {{1,4,5}}, "
                         f"not nested or unmatched ones")
    return t


def parse_set(text: str) -> tuple[int, ...]:
    """``"1-3+7"``, ``"{1,2,5}"``, ``"1,2,5"`` or ``"4"`` -> sorted tuple of positive integers."""
    t = _unbrace(text)
    if not t:
        raise ValueError("the subtraction set is empty")
    out = set()
    for part in t.replace(",", "+").split("+"):
        part = part.strip()
        m = re.fullmatch(r"([0-9]+)\s*-\s*([0-9]+)", part)
        if m:
            a, b = parse_int(m.group(1)), parse_int(m.group(2))
            if a > b:
                raise ValueError(f"range {part!r} is empty")
            if b > MAX_SUBTRACT:
                raise ValueError(f"amount {b} is too large (max {MAX_SUBTRACT})")
            out.update(range(a, b + 1))
            continue
        try:
            out.add(parse_int(part))
        except ValueError as e:
            raise ValueError(f"{e} (amounts are integers or ranges a-b)") from None
    if min(out) < 1:
        raise ValueError(f"amounts must be positive, got {min(out)}")
    if max(out) > MAX_SUBTRACT:
        raise ValueError(f"amount {max(out)} is too large (max {MAX_SUBTRACT})")
    return tuple(sorted(out))


def parse_excluded(text: str) -> tuple[int, ...]:
    """The excluded set of an all-but game: a set as :func:`parse_set` reads it, or ``{}`` (none
    excluded: Nim).  At most :data:`MAX_EXCLUDED` amounts.  An empty value (``allbut=``) is an
    error, as every empty value is: none excluded is written ``{}``."""
    if not text.strip():
        raise ValueError("the excluded set is empty: write allbut={} for none excluded (Nim)")
    if not _unbrace(text):
        return ()
    s = parse_set(text)
    if len(s) > MAX_EXCLUDED:
        raise ValueError(f"at most {MAX_EXCLUDED} excluded amounts, not {len(s)}")
    return s


def canon_set(s) -> str:
    if not s:
        return "{}"
    s = sorted(s)
    parts, i = [], 0
    while i < len(s):
        j = i
        while j + 1 < len(s) and s[j + 1] == s[j] + 1:
            j += 1
        parts.append(str(s[i]) if j == i else f"{s[i]}-{s[j]}")
        i = j + 1
    return "+".join(parts)


PARAMS = (
    Param("set", parse_set, default=None,
          help="amounts that may be removed, e.g. 1-3 or 1+4+5", canon=canon_set),
    Param("allbut", parse_excluded, default=None, canon=canon_set,
          help="instead of set=: any amount may be removed except these, e.g. 2+3 "
               "(all-but subtraction game; {} = none excluded)"),
    Param("size", int_param(0, 1 << 34), default=None, help="largest heap size"),
    Param("heaps", int_param(1, 4), default=1, help="number of heaps D, 1..4"),
    Param("play", choice_param("normal", "misere"), default="normal",
          help="normal (Grundy values) or misere (outcomes)"),
    Param("total", int_param(0, MAX_SUM_TOTAL), default=None,
          help="instead of size=: every sum of heaps of total <= T (outcomes)"))
GRAMMAR = Grammar("subtraction", PARAMS)
