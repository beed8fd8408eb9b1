"""Collect the claims of every registered family and evaluate them."""
from __future__ import annotations

import time
import traceback

from .claims import Claim, Tables, Verdict

SCALES = ("small", "default", "large")


class Context:
    """What a claim's ``check`` sees: tables by spec and the scale of the run.

    Tables come from ``provider`` (a function of a spec string to a table with ``values``,
    ``kind``, ``attrs``; :func:`gtables.reproduce.table_provider` computes them into a store), so
    the verifier never reaches for the API itself; each is fetched once per run.  ``store``
    (optional) only tells the report which tables were already stored."""

    def __init__(self, provider=None, scale: str = "default", store=None, stored_before=None):
        self.provider = provider
        self.store = store
        # what the store held before this run (a prefetch may have stored the rest since)
        self._stored_before = stored_before
        self.scale = scale
        self._tables = {}
        self.computed = []   # (spec, seconds, size, dtype, max, freshly computed?)

    def table(self, spec: str):
        from ..games import canonical
        canon = canonical(spec)
        if canon not in self._tables:
            if self.provider is None:
                raise RuntimeError("gtables bug: a verification context without a table provider")
            held = self.store if self._stored_before is None else self._stored_before
            fresh = self.store is None or canon not in held
            t = self.provider(canon)
            vals = t.values
            self._tables[canon] = t
            self.computed.append({
                "spec": canon, "kind": t.kind, "positions": int(vals.size),
                "dtype": str(vals.dtype), "max_value": int(vals.max()) if vals.size else 0,
                "compute_seconds": float(t.attrs.get("compute_seconds", 0.0)),
                "fresh": fresh})
        return self._tables[canon]


# The claims about the built-in families, by family name: the (module in gtables.verify, function
# of the scale) pairs whose claims concern it (a family may have claims from several sources).
# Games never know their verifiers: this table is the only link.  A user's own family may bring
# its claims in ``Family.claims``.
BUILTIN_CLAIMS = {
    "nim": [("seed001", "nim_claims"), ("misere", "nim_claims")],
    "subtraction": [("seed001", "subtraction_claims")],
    "octal": [("seed001", "octal_claims"), ("misere", "octal_claims")],
    "stripes": [("seed001", "stripes_claims")],
    "nimlike": [("seed004", "claims")],
    "chips": [("seed000", "chips_claims")],
    "endnim": [("seed002", "endnim_claims")],
    "wythoff": [("wythoff", "wythoff_claims")],
    "mem0": [("memory", "memory_claims")],
}


# Where the claims come from, by the claim name's first part (``001.A.sums`` -> ``001``): the
# heading of each source's section and page in the report.  A prefix not listed here is shown as
# itself.
SOURCES = {
    "000": "Seed 000: Yeh (2002), 移動棋子問題的致勝策略 (sliding chips on squares)",
    "001": "Seed 001: 由感性认识到理性认识 (heap games A-D: Nim, subtraction, octal, Stripes)",
    "002": "Seed 002: Albert and Nowakowski, The game of End-Nim",
    "003": "Seed 003: Yeh, 如何移動棋子？ (sliding chips, the first paper)",
    "004": "Seed 004: 致勝密碼 (Nim-like games Cond(1), Cond(2), Cond(1,3), Cond(2,3))",
    "lit": "The literature (published results used as independent checks)",
}


# The notation each source's statements are printed in (they stay verbatim), said once at the top
# of its findings and its page: the symbols a reader meets in the claims and nowhere defined
# there.  Seeds 000 and 003 define χ themselves (000 CN 一4, 003 (一)4).
_CHIPS = ("Chips sit on squares P1 < P2 < ... < Pk of a strip (the Chinese text writes X1 < ... < "
          "Xk; in the case formulas a, b, c, d, e, f are P1, ..., P6); a move takes one chip to the "
          "nearest empty square on its left, jumping the block of chips directly left of it. Rules: "
          "A, whoever puts a chip on square 1 wins; B, whoever does loses; C, whoever cannot move "
          "loses; D, whoever cannot move wins. **χ(x) = 1 if x is odd, 0 if x is even** (the "
          "seeds' parity function). f = 1 means P (the player to move loses), f = 0 means N.")
NOTATION = {
    "000": _CHIPS + " f_A, f_B, f_C, f_D: f under rules A-D (F_A, ... the same in Q-coordinates). "
                    "Q_i = P_i - i (the Chinese Y_i: the empty squares left of chip i); O (the "
                    "Chinese Z, 棋子數數列) = the multiplicities of the odd values of Q, E = those "
                    "of the even values; Φ(O) (the Chinese 逐位和, bitwise sum) = their XOR in "
                    "binary; N_w(O) = 1 iff that XOR is 0 (normal Nim, last mover wins), N_l(O) "
                    "the same for misère Nim. A pattern such as `=<<` says which neighbours are "
                    "adjacent: `=` between P_i and P_(i+1) means P_(i+1) = P_i + 1. W1, W2, ...: the "
                    "English case lists of N-positions.",
    "003": _CHIPS + " f, g, u, v: f under rules A, B, C, D (000's f_A, f_B, f_C, f_D); f(a,b,c) "
                    "has chips on squares a < b < c.",
    "001": "Heap (row) games: a position S = (a1, ..., an) is n heaps. 胜 = N (the first player "
           "wins), 负 = P. f(n): the Grundy value (nim-value) of one heap of n; #S = f(a1) + ... + "
           "f(an) in the seed's binary addition without carry (XOR, ⊕); S(n) (printed $(n)): the "
           "options of (n); g(n) = the values #T of those options; G(n) in §六 = the complement "
           "of g(n) in {0, 1, 2, ...}, so f(n) = min G(n) = mex g(n). Game A = Nim, B = take "
           "1..m, C = octal 0.07 (take two adjacent stones), D = Stripes (take a, b or c adjacent "
           "stones).",
    "002": "A position is a string of positive integers (stacks in a row); a w b: first stack a, "
           "middle string w, last stack b; x^n = n stacks x. Written x^n a w b y^m: a run of n "
           "stacks x on the left (a = the first stack != x), m stacks y on the right (b = the last "
           "stack != y). Lorraine's cells: each end gets (1 if its run is odd, 2 if even; ↑ if x "
           "< a, ↓ if x > a); top row 1↑ 2↓, bottom row 1↓ 2↑. Impartial: G = nim-value, P iff G "
           "= 0. Partizan: Left moves on the first stack, Right on the last; L (R) = Left (Right) "
           "wins whoever starts. R(w) = least y with w y in R; L(w) = least x with x w in L; "
           "R*(w), L*(w): least s with w s a Right-first win (s w a Left-first win). Phase "
           "diagram of w: the types of a w b, a upwards, b to the right; triple point: its "
           "leftmost-bottommost P.",
    "004": "One heap of N stones (or heaps N1, N2); a move removes x stones from one heap. "
           "Cond(1): 1 <= x <= n; Cond(2): m <= x <= n; Cond(3): x differs from the amount the "
           "opponent just took. L = the loss numbers (輸數, E/EE: start positions the player to "
           "move loses, P); 贏數 = N. X moves first, Y second. v2(x) = the exponent of 2 in x; "
           "'last a' = the amount taken on the previous move.",
    "lit": "Octal code d0.d1d2...: digit d_i says into how many heaps (bit 1: none, 2: one, 4: "
           "two) a heap may be left after taking i tokens. Period p, pre-period n0: G(n + p) = "
           "G(n) for every n >= n0. PROVED: by a theorem that turns a finite check into a proof "
           "(Guy-Smith for octal games). Misère play: the player who makes the last move loses. "
           "Wythoff: two heaps, take any number from one heap or the same number from both.",
}


def source_of(name: str) -> str:
    """The source key of a claim: its name up to the first dot."""
    return name.split(".", 1)[0]


def family_claims(family, scale: str) -> list[Claim]:
    """The claims about one family: from :data:`BUILTIN_CLAIMS`, or the family's own."""
    import importlib
    if family.name in BUILTIN_CLAIMS and family.claims is None:
        return [c for module, function in BUILTIN_CLAIMS[family.name]
                for c in getattr(importlib.import_module(f"{__package__}.{module}"), function)(scale)]
    return family.claims(scale) if family.claims is not None else []


def all_claims(scale: str = "default") -> list[Claim]:
    from .. import games
    out = []
    for fam in games.families().values():
        out.extend(family_claims(fam, scale))
    names = [c.name for c in out]
    dup = {n for n in names if names.count(n) > 1}
    if dup:
        raise ValueError(f"duplicate claim names: {sorted(dup)}")
    return out


def select(claims: list[Claim], names) -> list[Claim]:
    """The claims named by ``names`` (names or prefixes; one string is one name), or all when
    there are none.  An empty name would match every claim: refused."""
    from ..errors import GtablesError
    if isinstance(names, str):
        names = [names]
    if not names:
        return claims
    if any(not isinstance(n, str) or not n.strip() for n in names):
        raise GtablesError("an empty claim name matches every claim: give a name or prefix "
                           "(e.g. 001.B), or none for every claim")
    picked = [c for c in claims if any(c.name == n or c.name.startswith(n) for n in names)]
    if not picked:
        raise GtablesError(f"no claim matches {', '.join(names)} (see: gtables verify --list)")
    return picked


def declared_tables(claims: list[Claim]) -> list[str]:
    """The canonical specs every claim in ``claims`` declares, each once, in first-use order:
    what a run computes before any check (a caller may compute them in parallel first)."""
    from ..games import canonical
    out: dict[str, None] = {}
    for c in claims:
        for spec in c.tables:
            out.setdefault(canonical(spec), None)
    return list(out)


def evaluate(claim: Claim, ctx: Context) -> Verdict:
    """Fetch the tables ``claim`` declares, then run its check on them (a failure to fetch or a
    broken check is an ``ERROR`` verdict, never an exception)."""
    t0 = time.perf_counter()
    try:
        for spec in claim.tables:
            ctx.table(spec)
        r = claim.check(Tables(claim.name, ctx.table, claim.tables))
        status, domain, checked, ex, details, data = (r.status, r.domain, r.checked,
                                                      r.counterexamples, r.details, r.data)
    except Exception as e:  # a broken check is reported, not hidden
        from ..errors import GtablesError
        if isinstance(e, GtablesError):
            msg = str(e)
        else:
            msg = f"{type(e).__name__}: {e} | " + traceback.format_exc(limit=3).replace("\n", " ")
        status, domain, checked, ex, details, data = "ERROR", msg, 0, (), "", {}
    return Verdict(claim.name, claim.source, claim.statement, status, domain, checked, ex, details,
                   claim.reading, claim.correction_of, claim.convention,
                   round(time.perf_counter() - t0, 3), data)


def run_claims(names=None, provider=None, scale: str = "default", echo=None, store=None,
               prefetch=None):
    """Evaluate the selected claims with tables from ``provider``; returns ``(verdicts,
    context)``.  ``prefetch(specs)``, when given, is called first with every declared table (so a
    caller can compute them in parallel into the store the provider reads)."""
    claims = select(all_claims(scale), names)
    stored_before = None
    if prefetch is not None:
        declared = declared_tables(claims)
        stored_before = set() if store is None else {s for s in declared if s in store}
        prefetch(declared)
    ctx = Context(provider=provider, scale=scale, store=store, stored_before=stored_before)
    verdicts = []
    for c in claims:
        v = evaluate(c, ctx)
        verdicts.append(v)
        if echo:
            echo(f"{v.status:7s} {v.name}: {v.summary() if v.status != 'ERROR' else v.domain}")
    return verdicts, ctx
