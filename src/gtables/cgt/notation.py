"""CGSuite's notation for short games: :func:`format_game` writes a pool id as CGSuite prints it,
:func:`parse_game` reads such text (what a researcher pastes from CGSuite) into an id.

Written as CGSuite writes (``CanonicalShortGame.appendTo``, ``Uptimal.appendTo`` in CGSuite's
sources, plain-text symbols from ``StyledTextOutput``):

* numbers ``0``, ``5``, ``-1/2``, ``25/16``; a number plus up multiples plus a nimber juxtaposed:
  ``*``, ``*8``, ``^``, ``^^``, ``^3``, ``v``, ``vv``, ``v3``, ``9/8*``, ``6^*``, ``73/16v9*8``;
* ``^<n>`` (up-nth: ``^<2> = {0|v*}``) and ``^[n]`` (``^ + ^<2> + ... + ^<n>``), ``v<n>``,
  ``v[n]``, with a number before and a nimber after, as CGSuite writes these uptimals (other
  uptimals, sums of several of them, are written in braces here);
* switches ``G = -G``: ``+-1``, ``+-1/2``, ``+-(1*)``, ``+-{1|0}``, ``+-{1,1*}``;
* ``Tiny(x)`` = ``{0||0|-x}`` and ``Miny(x)`` = ``{x|0||0}``, after a number that translates
  them (``3Tiny({3|1})``);
* every other game in braces, nested games without braces where unambiguous, the slashes
  counting the nesting (``{0||0|-1}``, ``{3||2*|1*}``), options ordered as CGSuite orders them
  (numbers, nimbers, uptimals, then the rest by their options).

Read: all of the above (also with explicit ``+``: ``6+^*``, ``9/8+*``), sums and differences
(``^+^+*``, ``3 - 2 +- 6``: ``a +- b`` is ``a + (+-b)``), parentheses, nested braces in any mix
with slashes (``{0|{0|-1}}`` and ``{0||0|-1}`` are the same game), ``↑ ↓ ±``.  A text that
does not read is a one-line :class:`~gtables.errors.GtablesError`.
"""
from __future__ import annotations

import functools
from fractions import Fraction

from ..errors import GtablesError

MAX_SLASHES = 4


# -- writing ---------------------------------------------------------------------------------

def format_game(pool, g: int) -> str:
    return _append(pool, g, True, False)[0]


def _cache(pool) -> dict:
    c = pool.notation_caches
    if not c:
        c.update(text={}, uptimal={}, sorted={})
    return c


def number_text(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def uptimal(pool, g: int) -> tuple[Fraction, tuple[int, ...], int] | None:
    """``(x, coefficients, m)`` when ``g`` is ``x + n.^ + *m``, ``x +- ^<n> + *m`` or
    ``x +- ^[n] + *m`` (x a number, ``coefficients`` as :meth:`Pool.uptimal_forms` gives them),
    else None: found by trying candidates and comparing ids (equal iff the games are)."""
    cache = _cache(pool)["uptimal"]
    if g in cache:
        return cache[g]
    found = None
    v = pool.number_value(g)
    if v is not None:
        found = (v, (), 0)
    elif pool.left_stop(g) == pool.right_stop(g):
        x = pool.left_stop(g)
        h = pool.sub(g, pool.number(x)) if x else g
        # |n| (n.^, +-^<n>, +-^[n]) and m of x + ... + *m are at most its birthday
        bound = pool.birthday(h) + 1
        forms = pool.uptimal_forms(bound)
        for m in range(bound + 1):
            coefficients = forms.get(pool.add(h, pool.nimber(m)) if m else h)
            if coefficients is not None:
                found = (x, coefficients, m)
                break
    cache[g] = found
    return found


def _uptimal_text(x: Fraction, coefficients: tuple[int, ...], m: int,
                  force_parens: bool) -> str:
    length = len(coefficients)
    compact = (length == 0 and (x == 0 or m == 0)) or (x == 0 and m == 0)
    out = ""
    if x != 0 or (m == 0 and length == 0):
        out += number_text(x)
    if length == 1:
        n = coefficients[0]
        out += {2: "^^", -2: "vv"}.get(n, "^" if n > 0 else "v")
        if abs(n) > 2:
            out += str(abs(n))
    elif length > 1:
        unit = coefficients[0] == 0
        out += ("^" if coefficients[-1] > 0 else "v") + \
            (f"<{length}>" if unit else f"[{length}]")
    if m:
        out += "*" + (str(m) if m > 1 else "")
    return f"({out})" if force_parens and not compact else out


def _rank(pool, g: int) -> tuple:
    u = uptimal(pool, g)
    if u is None:
        return (3,)
    x, coefficients, m = u
    if not coefficients and m == 0:
        return (0, x)
    if x == 0 and not coefficients:
        return (1, m)
    return (2, x, coefficients, m)


def _compare(pool, g: int, h: int) -> int:
    if g == h:
        return 0
    rg, rh = _rank(pool, g), _rank(pool, h)
    if rg[0] != rh[0] or rg[0] < 2:
        return (rg > rh) - (rg < rh)
    if rg[0] == 2:
        # CGSuite's UptimalExpansion order: number part, coefficients, length, nimber part
        (_, xg, cg, mg), (_, xh, ch, mh) = rg, rh
        if xg != xh:
            return -1 if xg < xh else 1
        for a, b in zip(cg, ch):
            if a != b:
                return -1 if a < b else 1
        if len(cg) != len(ch):
            return len(cg) - len(ch)
        return mg - mh
    for side in (0, 1):
        a, b = _sorted(pool, g)[side], _sorted(pool, h)[side]
        for x, y in zip(a, b):
            c = _compare(pool, x, y)
            if c:
                return c
        if len(a) != len(b):
            return -1 if len(a) < len(b) else 1
    return 0


def _sorted(pool, g: int) -> tuple[list[int], list[int]]:
    cache = _cache(pool)["sorted"]
    if g not in cache:
        def cmp(a: int, b: int) -> int:
            return _compare(pool, a, b)
        key = functools.cmp_to_key(cmp)
        left, right = pool.options(g)
        cache[g] = (sorted(left, key=key), sorted(right, key=key))
    return cache[g]


def _append(pool, g: int, force_brackets: bool, force_parens: bool) -> tuple[str, int]:
    """``(text, slashes)``: the slashes of a game written without braces (0 with braces)."""
    cache = _cache(pool)["text"]
    key = (g, force_brackets, force_parens)
    if key in cache:
        return cache[key]
    out = _append_new(pool, g, force_brackets, force_parens)
    cache[key] = out
    return out


def _append_new(pool, g: int, force_brackets: bool, force_parens: bool) -> tuple[str, int]:
    u = uptimal(pool, g)
    if u is not None:
        return _uptimal_text(*u, force_parens), 0
    lo, ro = _sorted(pool, g)
    if pool.neg(g) == g:                                   # a switch +-G
        if len(lo) > 1:
            return "+-{" + ",".join(_append(pool, x, True, False)[0] for x in lo) + "}", 0
        return "+-" + _append(pool, lo[0], True, True)[0], 0
    tiny = _tiny(pool, lo, ro)
    if tiny is not None:
        word, translate, sub = tiny
        text = (number_text(translate) if translate else "") + word + "(" + \
            _append(pool, sub, True, False)[0] + ")"
        return (f"({text})" if force_parens else text), 0
    sides, slashes = [], 0
    for opts in (lo, ro):
        parts = []
        for x in opts:
            text, s = _append(pool, x, len(opts) > 1, False)
            parts.append(text)
            slashes = max(slashes, s + 1)
        sides.append(",".join(parts))
    slashes = max(slashes, 1)
    text = sides[0] + "|" * slashes + sides[1]
    if force_brackets or slashes == MAX_SLASHES:
        return "{" + text + "}", 0
    return text, slashes


def _tiny(pool, lo: list[int], ro: list[int]):
    """``("Tiny", x, G)`` for ``{x || x | x - G}``, ``("Miny", x, G)`` for ``{x + G | x || x}``
    (CGSuite's ``isNumberTiny``), else None."""
    if len(lo) != 1 or len(ro) != 1:
        return None
    a, b = lo[0], ro[0]
    if pool.is_number(a):
        bl, br = pool.options(b)
        if len(bl) == 1 and len(br) == 1 and bl[0] == a and pool.mean(br[0]) < pool.mean(a):
            return "Tiny", pool.number_value(a), pool.sub(a, br[0])
    if pool.is_number(b):
        al, ar = pool.options(a)
        if len(al) == 1 and len(ar) == 1 and ar[0] == b and pool.mean(al[0]) > pool.mean(b):
            return "Miny", pool.number_value(b), pool.sub(al[0], b)
    return None


# -- reading ---------------------------------------------------------------------------------

_SINGLE = {"{": "{", "}": "}", "(": "(", ")": ")", ",": ",", "/": "/", "*": "*",
           "^": "^", "↑": "^", "↓": "v", "±": "+-", "<": "<", ">": ">", "[": "[", "]": "]"}
_WORDS = {"tiny": "Tiny", "miny": "Miny"}


class _Tok:
    __slots__ = ("kind", "text", "pos", "count")

    def __init__(self, kind: str, text: str, pos: int, count: int = 0):
        self.kind, self.text, self.pos, self.count = kind, text, pos, count


def _tokens(text: str) -> list[_Tok]:
    out: list[_Tok] = []
    i = 0
    while i < len(text):
        c = text[i]
        if c.isspace():
            i += 1
        elif c.isascii() and c.isdigit():
            j = i
            while j < len(text) and text[j].isascii() and text[j].isdigit():
                j += 1
            out.append(_Tok("num", text[i:j], i))
            i = j
        elif c == "|":
            j = i
            while j < len(text) and text[j] == "|":
                j += 1
            out.append(_Tok("slash", text[i:j], i, j - i))
            i = j
        elif c == "+":
            if text[i + 1:i + 2] == "-":
                out.append(_Tok("+-", "+-", i))
                i += 2
            else:
                out.append(_Tok("+", "+", i))
                i += 1
        elif c == "-":
            out.append(_Tok("-", "-", i))
            i += 1
        elif c in _SINGLE:
            out.append(_Tok(_SINGLE[c], c, i))
            i += 1
        elif c.isascii() and c.isalpha():
            j = i
            while j < len(text) and text[j].isascii() and text[j].isalpha():
                j += 1
            word = text[i:j]
            if set(word) == {"v"}:
                for k in range(len(word)):
                    out.append(_Tok("v", "v", i + k))
            elif word.lower() in _WORDS:
                out.append(_Tok("word", _WORDS[word.lower()], i))
            else:
                raise _Bad(f"unknown word {word!r}", i)
            i = j
        else:
            raise _Bad(f"unexpected {c!r}", i)
    return out


class _Bad(Exception):
    def __init__(self, why: str, pos: int | None = None):
        super().__init__(why)
        self.why, self.pos = why, pos


class _Parser:
    def __init__(self, pool, toks: list[_Tok], end: int):
        self.pool, self.toks, self.i, self.end = pool, toks, 0, end

    def peek(self, off: int = 0) -> _Tok | None:
        j = self.i + off
        return self.toks[j] if j < len(self.toks) else None

    def take(self, kind: str | None = None) -> _Tok:
        t = self.peek()
        if t is None:
            raise _Bad("the text ends too early", self.end)
        if kind is not None and t.kind != kind:
            raise _Bad(f"expected {kind!r}, found {t.text!r}", t.pos)
        self.i += 1
        return t

    def done(self) -> None:
        t = self.peek()
        if t is not None:
            raise _Bad(f"unexpected {t.text!r}", t.pos)

    # expr := [sign] term (('+' | '-' | '+-') term)*
    def expr(self) -> int:
        t = self.peek()
        if t is not None and t.kind == "-" and (u := self.peek(1)) is not None \
                and u.kind == "num":
            # a leading minus belongs to the number (CGSuite writes -1 + ^ as -1^)
            self.i += 1
            value = self.term(negative=True)
        elif t is not None and t.kind in ("+", "-", "+-"):
            self.i += 1
            value = self.signed(t.kind, 0)
        else:
            value = self.term()
        while (t := self.peek()) is not None and t.kind in ("+", "-", "+-"):
            self.i += 1
            value = self.signed(t.kind, value)
        return value

    def signed(self, op: str, value: int) -> int:
        pool = self.pool
        if op == "+-":
            t = self.peek()
            if t is not None and t.kind == "{" and not _has_slash(self.toks, self.i):
                opts = self.braced_list()
            else:
                opts = [self.term()]
            return pool.add(value, pool.canonical(opts, [pool.neg(x) for x in opts]))
        term = self.term()
        return pool.add(value, term if op == "+" else pool.neg(term))

    def term(self, negative: bool = False) -> int:
        pool = self.pool
        t = self.peek()
        if t is None:
            raise _Bad("the text ends too early", self.end)
        if t.kind == "num":
            value = pool.number(-self.number() if negative else self.number())
        elif t.kind in ("^", "v", "*", "word"):
            value = self.atom()
        elif t.kind == "{":
            return self.braces()
        elif t.kind == "(":
            self.take("(")
            close = _matching(self.toks, self.i - 1)
            inner = _Parser(pool, self.toks[self.i:close], self.toks[close].pos)
            value = inner.expr()
            inner.done()
            self.i = close + 1
            return value
        else:
            raise _Bad(f"unexpected {t.text!r}", t.pos)
        while (t := self.peek()) is not None and t.kind in ("^", "v", "*", "word"):
            value = pool.add(value, self.atom())
        return value

    def number(self) -> Fraction:
        num = self.take("num")
        if (t := self.peek()) is not None and t.kind == "/":
            self.i += 1
            den = self.take("num")
            d = int(den.text)
            if d == 0 or d & (d - 1):
                raise _Bad(f"{num.text}/{den.text} is not a dyadic rational (the denominator "
                           f"must be a power of 2)", num.pos)
            return Fraction(int(num.text), d)
        return Fraction(int(num.text))

    def count(self) -> int | None:
        t = self.peek()
        if t is not None and t.kind == "num":
            self.i += 1
            return int(t.text)
        return None

    def atom(self) -> int:
        pool = self.pool
        t = self.take()
        if t.kind == "*":
            m = self.count()
            return pool.nimber(1 if m is None else m)
        if t.kind in ("^", "v"):
            n = 1
            while (u := self.peek()) is not None and u.kind == t.kind and u.pos == t.pos + n:
                self.i += 1
                n += 1
            if (u := self.peek()) is not None and u.kind in ("<", "[") and n == 1:
                self.i += 1
                k = self.take("num")
                self.take(">" if u.kind == "<" else "]")
                j = int(k.text)
                if not 1 <= j <= 4096:
                    raise _Bad("^<n> and ^[n] need n from 1 to 4096", k.pos)
                g = pool.up_nth(j) if u.kind == "<" else pool.up_sum(j)
                return g if t.kind == "^" else pool.neg(g)
            m = self.count()
            if m is not None:
                if n > 1:
                    raise _Bad(f"write {t.kind}{m} or {t.kind * m}, not {t.kind * n}{m}", t.pos)
                n = m
            return pool.up(n if t.kind == "^" else -n)
        if t.kind == "word":
            self.take("(")
            close = _matching(self.toks, self.i - 1)
            inner = _Parser(pool, self.toks[self.i:close], self.toks[close].pos)
            x = inner.expr()
            inner.done()
            self.i = close + 1
            if t.text == "Tiny":          # {0 || 0 | -x}
                return pool.canonical([0], [pool.canonical([0], [pool.neg(x)])])
            return pool.canonical([pool.canonical([x], [0])], [0])     # Miny: {x | 0 || 0}
        raise _Bad(f"unexpected {t.text!r}", t.pos)

    def braced_list(self) -> list[int]:
        self.take("{")
        close = _matching(self.toks, self.i - 1)
        opts = _options(self.pool, self.toks[self.i:close], self.toks[close].pos)
        self.i = close + 1
        return opts

    def braces(self) -> int:
        open_tok = self.take("{")
        close = _matching(self.toks, self.i - 1)
        body = self.toks[self.i:close]
        self.i = close + 1
        if not any(t.kind == "slash" for t in _top(body)):
            raise _Bad("a game in braces needs | between Left and Right options", open_tok.pos)
        return _game(self.pool, body, self.toks[close].pos)


def _top(toks: list[_Tok]) -> list[_Tok]:
    """The tokens of ``toks`` outside any braces or parentheses."""
    out, depth = [], 0
    for t in toks:
        if t.kind in ("{", "("):
            depth += 1
        elif t.kind in ("}", ")"):
            depth -= 1
        elif depth == 0:
            out.append(t)
    return out


def _has_slash(toks: list[_Tok], i: int) -> bool:
    """Whether the braces opening at ``toks[i]`` hold a slash of their own."""
    close = _matching(toks, i)
    return any(t.kind == "slash" for t in _top(toks[i + 1:close]))


def _matching(toks: list[_Tok], i: int) -> int:
    pairs = {"{": "}", "(": ")"}
    stack = []
    for j in range(i, len(toks)):
        k = toks[j].kind
        if k in pairs:
            stack.append(pairs[k])
        elif k in ("}", ")"):
            if not stack or stack.pop() != k:
                raise _Bad(f"unbalanced {toks[j].text!r}", toks[j].pos)
            if not stack:
                return j
    raise _Bad(f"{toks[i].text!r} is not closed", toks[i].pos)


def _game(pool, toks: list[_Tok], end: int) -> int:
    """A game written with slashes (the braces around it removed)."""
    top = [t for t in _top(toks) if t.kind == "slash"]
    most = max(t.count for t in top)
    at = [t for t in top if t.count == most]
    if len(at) > 1:
        raise _Bad(f"two {'|' * most} at the same level (add braces)", at[1].pos)
    cut = toks.index(at[0])
    sides = []
    for part, stop in ((toks[:cut], at[0].pos), (toks[cut + 1:], end)):
        if any(t.kind == "slash" for t in _top(part)):
            sides.append([_game(pool, part, stop)])
        else:
            sides.append(_options(pool, part, stop))
    return pool.canonical(sides[0], sides[1])


def _options(pool, toks: list[_Tok], end: int) -> list[int]:
    """Comma-separated values (none for an empty side)."""
    if not toks:
        return []
    out, start, depth = [], 0, 0
    for j, t in enumerate(toks + [_Tok(",", ",", end)]):
        if t.kind in ("{", "("):
            depth += 1
        elif t.kind in ("}", ")"):
            depth -= 1
        elif t.kind == "," and depth == 0:
            part = toks[start:j]
            if not part:
                raise _Bad("an empty option between commas", t.pos)
            p = _Parser(pool, part, t.pos)
            out.append(p.expr())
            p.done()
            start = j + 1
    return out


def parse_game(pool, text: str) -> int:
    """The id of ``text`` (CGSuite notation); GtablesError (one line) if it does not read."""
    if not isinstance(text, str):
        raise GtablesError(f"a game value is text, not {type(text).__name__}")
    shown = text if len(text) <= 60 else text[:57] + "..."
    shown = " ".join(shown.split())
    try:
        toks = _tokens(text)
        if not toks:
            raise _Bad("no value given", 0)
        p = _Parser(pool, toks, len(text))
        g = p.expr()
        p.done()
        return g
    except _Bad as bad:
        where = f" at character {bad.pos + 1}" if bad.pos is not None else ""
        raise GtablesError(f"cannot read the game value {shown!r}{where}: {bad.why}") from None
    except GtablesError as err:
        raise GtablesError(f"cannot read the game value {shown!r}: {err}") from None
    except RecursionError:
        raise GtablesError(f"cannot read the game value {shown!r}: nested too deeply") from None
