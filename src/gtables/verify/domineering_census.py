"""Uiterwijk and Barton's statements about their Domineering databases, as data, and their check
against our census (:mod:`gtables.games.domineering_census`, summaries of
:func:`~gtables.games.domineering_census.size_summary`, one per size from 1 up).

Source: J.W.H.M. Uiterwijk and M. Barton, 'New results for Domineering from combinatorial game
theory endgame databases', Theoretical Computer Science 592 (2015) 72-86,
doi:10.1016/j.tcs.2015.05.017, arXiv:1506.03949.  What is quoted below is the paper's abstract
(read via https://arxiv.org/abs/1506.03949 mirrors: explore.openaire.eu, docslib.org,
c.coek.info); the body of the paper (its tables of frequencies per size) could not be read from
here, so no per-size count of theirs is compared: the counts of positions are compared with OEIS
instead (A001168 fixed and A000105 free polyominoes, in the tests).

Their databases hold "all single-component positions up to 15 squares"; every check here is made
on the sizes 1 to 15 of the summaries (OPEN while fewer sizes are computed), and
``berlekamp_extension`` states Berlekamp's conjecture (no Domineering position is hotter than 2)
on every size computed.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from fractions import Fraction

from .claims import Result, Verdict, verdict

SOURCE = ("J.W.H.M. Uiterwijk, M. Barton, 'New results for Domineering from combinatorial game "
          "theory endgame databases', Theor. Comput. Sci. 592 (2015) 72-86, arXiv:1506.03949 "
          "(abstract)")
PAPER_SQUARES = 15
READING = ("a position is a single-component (connected) set of squares, counted here up to "
           "translation, the mirrors and the half turn (a transposed position, of the negative "
           "value, counts apart); 'one position' is read up to every symmetry of the square")


@dataclasses.dataclass(frozen=True)
class CensusClaim:
    name: str
    statement: str          # the paper's words (ours for a correction)
    check: Callable[[Sequence[dict]], Result]
    source: str = SOURCE
    reading: str = READING
    correction_of: str | None = None


def _upto(summaries: Sequence[dict]) -> list[dict]:
    return [s for s in summaries if s["squares"] <= PAPER_SQUARES]


def _domain(summaries: Sequence[dict]) -> str:
    n = max(s["squares"] for s in summaries)
    return (f"connected positions of 1 to {n} squares"
            + ("" if n >= PAPER_SQUARES else f" (the paper's databases: 1 to {PAPER_SQUARES})"))


def _complete(summaries: Sequence[dict]) -> bool:
    return max(s["squares"] for s in summaries) >= PAPER_SQUARES


def _hot(summaries: Sequence[dict], above: Fraction, strict: bool) -> list[tuple[int, str, int]]:
    out = []
    for s in summaries:
        for t, k in s["temperatures"].items():
            if Fraction(t) > above or (not strict and Fraction(t) == above):
                out.append((s["squares"], t, k))
    return out


def check_temperature_2(summaries: Sequence[dict]) -> Result:
    """Exactly one position of temperature 2 (up to every symmetry of the square)."""
    part = _upto(summaries)
    shapes = [(s["squares"], h) for s in part for h in s["hottest"]
              if Fraction(h["temperature"]) == 2]
    positions = sum(s["temperatures"].get("2", 0) for s in part)
    data = {"free_shapes_at_2": len(shapes), "positions_at_2": positions,
            "shapes": [{"squares": n, "cells": h["cells"], "value": h["value"]}
                       for n, h in shapes]}
    details = (f"{len(shapes)} shape(s) up to every symmetry, {positions} position(s) up to the "
               f"mirrors and half turn, at temperature 2")
    if len(shapes) > 1:
        return verdict(_domain(part), [("shapes at temperature 2", 1, len(shapes))],
                       details=details, data=data)
    if not _complete(part):
        return verdict(_domain(part), status="OPEN", details=details, data=data)
    return verdict(_domain(part), [("shapes at temperature 2", 1, len(shapes))],
                   details=details, data=data)


def check_none_hotter(summaries: Sequence[dict]) -> Result:
    part = _upto(summaries)
    hot = _hot(part, Fraction(2), strict=True)
    cases = [(f"{n} squares", "temperature <= 2", f"{k} at {t}") for n, t, k in hot]
    if hot or _complete(part):
        return verdict(_domain(part), cases or [("every size", "<= 2", "<= 2")])
    return verdict(_domain(part), status="OPEN", details="none hotter than 2 so far")


def check_berlekamp(summaries: Sequence[dict]) -> Result:
    """Berlekamp's conjecture on every size computed (past the paper's 15 squares too)."""
    hot = _hot(summaries, Fraction(2), strict=True)
    cases = [(f"{n} squares", "temperature <= 2", f"{k} at {t}") for n, t, k in hot]
    tmax = max(Fraction(s["max_temperature"]) for s in summaries)
    return verdict(_domain(summaries), cases or [("every size", "<= 2", "<= 2")],
                   details=f"hottest: {tmax}", data={"max_temperature": str(tmax)})


def _nimbers(part: Sequence[dict]) -> dict[int, int]:
    out: dict[int, int] = {}
    for s in part:
        for text, k in s["nimbers"].items():
            m = 1 if text == "*" else int(text[1:])
            out[m] = out.get(m, 0) + k
    return out


def check_nimbers(summaries: Sequence[dict]) -> Result:
    """Nimbers up to *3: *, *2 and *3 occur, no higher one."""
    part = _upto(summaries)
    found = _nimbers(part)
    data = {f"*{m}": k for m, k in sorted(found.items())}
    top = max(found, default=0)
    if top <= 3 and not _complete(part):
        return verdict(_domain(part), status="OPEN", data=data,
                       details=f"positions per nimber: {data}")
    return verdict(_domain(part), [("highest nimber", "*3", f"*{top}")], data=data,
                   details=f"positions per nimber: {data}")


def _ups(part: Sequence[dict]) -> dict[str, int]:
    out: dict[str, int] = {}
    for s in part:
        for text, k in s["ups"].items():
            out[text] = out.get(text, 0) + k
    return out


def _multiple(text: str) -> int:
    """k of a text ``^``, ``^^``, ``^3``, ``v``... (a nimber after it ignored)."""
    body = text.split("*")[0]
    sign = 1 if body[0] == "^" else -1
    rest = body.lstrip("^v")
    return sign * (int(rest) if rest else len(body))


def check_ups(summaries: Sequence[dict]) -> Result:
    """Single and double ups and downs occur (a nimber added or not), no higher multiple."""
    part = _upto(summaries)
    found = _ups(part)
    mult = {_multiple(t) for t in found}
    top = max((abs(m) for m in mult), default=0)
    data = dict(sorted(found.items()))
    if top <= 2 and not _complete(part):
        return verdict(_domain(part), status="OPEN", data=data, details=f"positions: {data}")
    return verdict(_domain(part), [("highest multiple of up", 2, top)], data=data,
                   details=f"positions: {data}")


def check_ups_without_nimber(summaries: Sequence[dict]) -> Result:
    """Our restatement: no ``k.^`` (no nimber added) with ``|k| >= 3``; ``k.^*`` may have
    ``|k| = 3``."""
    part = _upto(summaries)
    found = _ups(part)
    pure = max((abs(_multiple(t)) for t in found if "*" not in t), default=0)
    starred = max((abs(_multiple(t)) for t in found if "*" in t), default=0)
    data = {"highest_without_nimber": pure, "highest_with_nimber": starred}
    details = f"highest multiple of up: {pure} alone, {starred} with a nimber added"
    if pure <= 2 and not _complete(part):
        return verdict(_domain(part), status="OPEN", data=data, details=details)
    return verdict(_domain(part), [("highest k of k.^ alone", 2, pure)], data=data,
                   details=details)


def check_tinies(summaries: Sequence[dict]) -> Result:
    """11 different tiny and miny values, read as 11 values ``x`` of ``Tiny(x)``, each with its
    ``Miny(x)`` (the transposed positions: tinies and minies come in pairs, so a total of 11
    cannot be meant)."""
    part = _upto(summaries)
    found: dict[str, int] = {}
    for s in part:
        for text, k in s["tinies_minies"].items():
            found[text] = found.get(text, 0) + k
    tinies = sorted(t for t in found if t.startswith("Tiny"))
    data = {"values": dict(sorted(found.items())), "tinies": len(tinies),
            "minies": len(found) - len(tinies)}
    details = (f"{len(found)} distinct values ({len(tinies)} tinies, "
               f"{len(found) - len(tinies)} minies)")
    if not _complete(part) and len(tinies) <= 11:
        return verdict(_domain(part), status="OPEN", data=data, details=details)
    return verdict(_domain(part), [("distinct tinies Tiny(x)", 11, len(tinies)),
                                   ("distinct minies Miny(x)", 11, len(found) - len(tinies))],
                   data=data, details=details)


PAPER_CLAIMS = (
    CensusClaim("temperature_2_unique",
                "There appears to be exactly one position with temperature 2 (as already found "
                "before) ...", check_temperature_2),
    CensusClaim("none_hotter_than_2",
                "... and no positions with temperature larger than 2.", check_none_hotter),
    CensusClaim("nimbers_up_to_star3",
                "for nimbers we find many Domineering positions with values up to *3",
                check_nimbers),
    CensusClaim("ups_single_and_double",
                "In the databases we find many positions with single or double up and down "
                "values, but no ups and downs with higher multitudes.", check_ups),
    CensusClaim("ups_single_and_double.corrected",
                "(ours) no position has the value k.^ or k.v with |k| >= 3 when no nimber is "
                "added; with a nimber, 3.^* = ^3* occurs", check_ups_without_nimber,
                source="this census", correction_of="ups_single_and_double"),
    CensusClaim("tinies_minies_11",
                "we find Domineering positions with 11 different tinies and minies values",
                check_tinies),
    CensusClaim("berlekamp_extension",
                "Berlekamp's conjecture: 2 is the highest possible temperature in Domineering "
                "(checked on every size computed, past 15 squares too)", check_berlekamp),
)


def compare_with_paper(summaries: Sequence[dict]) -> list[Verdict]:
    """A verdict per claim of :data:`PAPER_CLAIMS` on the census summaries (sizes 1 up)."""
    out = []
    for c in PAPER_CLAIMS:
        r = c.check(summaries)
        out.append(Verdict(c.name, c.source, c.statement, r.status, r.domain, r.checked,
                           r.counterexamples, r.details, c.reading, c.correction_of,
                           data=r.data))
    return out
