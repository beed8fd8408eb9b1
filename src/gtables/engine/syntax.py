"""The integer syntax of everything a user types: spec values (``size=1000``), positions
(``3,5,7``) and command-line lists and numbers (``gtables thresholds 3,5,5``, ``--limit 20``).

The rule, in one place:

* an integer is ASCII digits ``0-9`` with an optional leading ``-`` (negative values are then
  refused where they make no sense, with the range that is allowed);
* ``+5``, ``1_000``, ``1e3``, ``0x10`` and non-ASCII digits (``١٢``, fullwidth ``１２``) are refused
  with a message saying what to write instead (Python's ``int()`` accepts several of them);
* whitespace around a whole spec, a ``key=value`` item, a key or a value is ignored, but never
  inside a number: ``size= 1000 `` is ``size=1000``, ``size=1 000`` is an error;
* in a list, entries are separated by commas or by blanks (``3,5,7``, ``3, 5, 7``, ``3 5 7``);
  an empty entry (``3,,7``, a trailing comma) is an error;
* a number has at most :data:`MAX_DIGITS` digits (more is out of range for every table, and the
  message stays one short line).

Everything here returns Python ints: callers check bounds before any numpy conversion, so a huge
number gets a message, not an ``OverflowError``.
"""
from __future__ import annotations

import re

from ..errors import GtablesError

MAX_DIGITS = 30
_INT = re.compile(r"-?[0-9]+")
_SEP = re.compile(r"\s*,\s*|\s+")
_MINUSES = "\u2212\u2010\u2011\u2012\u2013\ufe63\uff0d"   # minus signs and dashes that are not '-'


def short(text: str, width: int = 40) -> str:
    """``repr`` of ``text``, cut to about ``width`` characters (error messages stay one line)."""
    t = str(text)
    return repr(t) if len(t) <= width else repr(t[:width - 3] + "...")


def int_problem(text: str) -> str | None:
    """Why ``text`` (already stripped) is not an integer of the gtables syntax, or None."""
    if _INT.fullmatch(text):
        if len(text.lstrip("-")) > MAX_DIGITS:
            return f"{short(text)} has {len(text.lstrip('-'))} digits (at most {MAX_DIGITS})"
        return None
    if not text:
        return "an integer is missing"
    if any(ch.isspace() for ch in text):
        return f"{short(text)}: no blanks inside a number"
    if "_" in text:
        return f"{short(text)}: write the digits without '_' (1000, not 1_000)"
    if text.startswith("+"):
        return f"{short(text)}: write the number without '+'"
    if any(not ch.isascii() and ch.isnumeric() for ch in text):
        return f"{short(text)}: use the ASCII digits 0-9"
    if text[0] in _MINUSES:
        return f"{short(text)}: write the minus sign as ASCII '-'"
    return f"{short(text)} is not an integer (digits 0-9, optionally after '-')"


def parse_int(text, what: str = "") -> int:
    """One integer of the gtables syntax (see the module docstring); surrounding whitespace is
    ignored.  Raises ``ValueError`` (spec values: the family parser adds the key) or, with
    ``what`` given, :class:`GtablesError` naming ``what``."""
    t = str(text).strip()
    why = int_problem(t)
    if why is None:
        return int(t)
    if what:
        raise GtablesError(f"bad {what}: {why}")
    raise ValueError(why)


def parse_int_list(text, what: str = "position") -> list[int]:
    """``"4,6,8"``, ``"4, 6, 8"`` or ``"4 6 8"`` -> ``[4, 6, 8]`` (Python ints, unbounded:
    the caller checks the range); :class:`GtablesError` naming ``what`` otherwise."""
    t = str(text).strip()
    if not t:
        raise GtablesError(f"empty {what}: give integers separated by commas, e.g. 4,6,8")
    out = []
    for i, p in enumerate(_SEP.split(t)):
        if p == "":
            raise GtablesError(f"bad {what} {short(t)}: entry {i + 1} is empty (stray comma?)")
        why = int_problem(p)
        if why is not None:
            raise GtablesError(f"bad {what} {short(t)}: {why}")
        out.append(int(p))
    return out


# -- numbers of seconds and counts given to the API or as options --------------------------------

MIN_CHECKPOINT_SECONDS = 1e-6   # below it every chunk is checkpointed anyway (a chunk: ~0.25 s)


def seconds_value(value, what: str, minimum: float = 0.0) -> float:
    """``value`` as a number of seconds: a real number (an ``int`` or ``float``, not a bool and
    not text), finite, above 0 and at least ``minimum``; :class:`GtablesError` naming ``what``
    otherwise (``checkpoint_seconds='30'`` is refused, not compared with a float later)."""
    import math
    import numbers
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise GtablesError(f"{what} must be a number of seconds, not {type(value).__name__} "
                           f"{short(repr(value))}")
    try:
        v = float(value)
    except OverflowError:        # an int past float's range (10**400): no finite float holds it
        raise GtablesError(f"{what} must be a positive finite number of seconds, not an "
                           f"integer past a float's range") from None
    if not (math.isfinite(v) and v > 0):
        raise GtablesError(f"{what} must be a positive finite number of seconds, not {value}")
    if v < minimum:
        raise GtablesError(f"{what} must be at least {minimum:g} seconds, not {value:g}")
    return v


def count_value(value, what: str, lo: int = 1, hi: int | None = None) -> int:
    """``value`` as a whole number in ``lo..hi``: an ``int`` (not a bool, a float or text);
    :class:`GtablesError` naming ``what`` otherwise."""
    import numbers
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise GtablesError(f"{what} must be a whole number, not {type(value).__name__} "
                           f"{short(repr(value))}")
    v = int(value)
    if v < lo or (hi is not None and v > hi):
        rng = f"at least {lo:,}" if hi is None else f"from {lo:,} to {hi:,}"
        raise GtablesError(f"{what} must be {rng}, not {v:,}" if abs(v) < 10 ** 30 else
                           f"{what} must be {rng}, not a number of {len(str(abs(v)))} digits")
    return v
