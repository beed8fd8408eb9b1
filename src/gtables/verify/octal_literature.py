"""Our octal results against the literature: :func:`compare` (used by the octal catalogue) and the
``lit.octal.<code>.period`` claims.

The literature itself (periods, pre-periods, largest values, sources) is data about the games and
lives with the family, in :mod:`gtables.games.octal.literature` (the one literature table); this
module only compares.
"""
from __future__ import annotations

import numpy as np

from ..engine.periodicity import prove_period
from ..games.octal import guy_smith_bound, max_removal
from ..games.octal.literature import MAX_FIRST_AT, NAMES, SOLVED, lookup
from .claims import Claim, Counterexample, verdict

__all__ = ["compare", "period_claims", "CLAIM_CODES", "CLAIM_CODES_LARGE", "PROOF_SLACK"]

#: Extra slack over 2*n0 + 2*p (Guy-Smith needs 2*n0 + 2*p + t values, t = last digit index)
#: before a literature period we did not find counts as a disagreement.
PROOF_SLACK = 8

#: The games whose literature period is a claim of ``gtables reproduce`` at every scale: the three
#: named games of Winning Ways ch. 4 and the hard solved games whose proof a table reaches in
#: seconds (0.376 and 0.354 need 4.5 and 20 million values: about 15 s each, sparse method).
CLAIM_CODES = ("0.77", "0.07", "0.137", "0.45", "0.156", "0.356", "0.644", "0.165", "0.051",
               "0.16", "0.56", "0.127", "0.376", "0.354")
#: the moonshot: 443M values, 3 minutes, 1.9 GB; only at scale=large
CLAIM_CODES_LARGE = ("0.1777",)


def compare(code: str, period: int | None, preperiod: int | None, max_value: int | None,
            computed_to: int) -> list[str]:
    """Disagreements between our result for ``code`` and the literature (empty: agree / unknown).

    Our result is *proved* (``period`` not None: least period, pre-period n0, ``max_value`` the
    largest value of the whole sequence) or *open* (``period`` None) after computing heaps
    ``0 .. computed_to - 1``.  A literature period that we did not find is a disagreement only
    when ``computed_to >= 2*n0 + 2*p + PROOF_SLACK`` (enough values to have proved it); below
    that it is merely "not reached" and nothing is returned.
    """
    lit = lookup(code)
    return [] if lit is None else compare_record(lit, period, preperiod, max_value, computed_to)


def compare_record(lit, period: int | None, preperiod: int | None, max_value: int | None,
                   computed_to: int) -> list[str]:
    """:func:`compare` against one literature record ``lit`` (any table of
    :mod:`gtables.games.octal.literature`, the 4-digit one included)."""
    out: list[str] = []
    if lit.status == SOLVED:
        if period is not None:
            if period != lit.period:
                out.append(f"period: literature {lit.period}, here {period}")
            if preperiod is not None and preperiod != lit.preperiod:
                out.append(f"pre-period: literature n0 = {lit.preperiod}, here {preperiod}")
            if lit.max_value is not None and max_value is not None and max_value != lit.max_value:
                out.append(f"max value: literature {lit.max_value}, here {max_value}")
        else:
            need = 2 * lit.preperiod + 2 * lit.period
            if computed_to >= need + PROOF_SLACK:
                out.append(f"literature: period {lit.period} from n0 = {lit.preperiod}; open here at "
                           f"N = {computed_to} (needs about {need} values)")
    elif period is not None:
        out.append(f"literature lists as open/unsolved; proved here: period {period}, "
                   f"pre-period {preperiod}")
    return out


def _period_claim(code: str) -> Claim:
    rec = lookup(code)
    if rec is None or rec.status != SOLVED:
        raise ValueError(f"gtables bug: {code} has no solved literature record")
    period, pre, top_want, at_want = rec.period, rec.preperiod, rec.max_value, MAX_FIRST_AT.get(code)
    bound = guy_smith_bound(max_removal(code))
    size = max(600, bound(pre, period) + 50)
    spec = f"octal:code={code},size={size}"

    def check(T):
        # every value computed (no --until-periodic): the proof is checked on the table
        g = T[spec].values
        found = prove_period(g, bound, "Guy-Smith")
        if found is None:
            return verdict(f"heaps 0..{len(g) - 1}", checked=len(g), status="FAILS",
                           details="no period proved in the computed range")
        bad = []
        if (found.period, found.preperiod) != (period, pre):
            bad.append(Counterexample(code, f"period {period}, pre-period {pre}",
                                      f"period {found.period}, pre-period {found.preperiod}"))
        top, first = int(g.max()), int(np.argmax(g))
        if top_want is not None and (top != top_want or (at_want is not None and first != at_want)):
            bad.append(Counterexample(code, f"largest value {top_want}" + (
                f" first at {at_want}" if at_want is not None else ""),
                f"largest value {top} first at {first}"))
        if bad:
            return verdict(f"heaps 0..{len(g) - 1}", bad, checked=len(g),
                           details=found.describe())
        return verdict(f"{code}, all heaps (computed 0..{len(g) - 1}; a proof for this one game)",
                       checked=len(g), status="PROVED" if found.proved else "HOLDS",
                       details=(found.certificate or found.describe())
                       + f"; largest value {top}, first at heap {first}",
                       data={"period": found.period, "preperiod": found.preperiod,
                             "largest": top})

    name = f"{NAMES[code]} ({code})" if code in NAMES else f"The octal game {code}"
    extra = "" if top_want is None else f"; its largest value is {top_want}" + (
        f", first at heap {at_want}" if at_want is not None else "")
    return Claim(f"lit.octal.{code}.period", f"literature: {rec.source}",
                 f"{name} is ultimately periodic with period {period}, G(n+{period}) = G(n) for "
                 f"all n >= {pre}{extra}.", check, tables=(spec,),
                 convention="pre-period = least n0 with G(n+p) = G(n) for all n >= n0")


def period_claims(scale: str) -> list[Claim]:
    """One claim per game of :data:`CLAIM_CODES` (and :data:`CLAIM_CODES_LARGE` at ``large``):
    its literature period, pre-period and largest value, proved on a table long enough for the
    Guy-Smith theorem."""
    codes = CLAIM_CODES + (CLAIM_CODES_LARGE if scale == "large" else ())
    return [_period_claim(code) for code in codes]
