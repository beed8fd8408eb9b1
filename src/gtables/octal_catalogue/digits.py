"""The code catalogues: every octal code with up to three digits (``octal3``, 511 games) and
every 4-digit code (``octal4``, 3,584 codes in 967 classes of codes with provably equal values,
by the twin rules of :mod:`gtables.octal_catalogue`'s docstring), each game compared with the
literature (:mod:`gtables.games.octal.literature`, through
:func:`gtables.verify.octal_literature.compare_record`)."""

from __future__ import annotations

from functools import partial

from ..games.octal.literature import lookup, lookup4
from ..verify.octal_literature import compare_record
from .base import (
    MISSING,
    RARE_FRACTION,
    Catalogue,
    Column,
    Figure,
    code_column,
    figure_section,
    run_section,
    table,
    table_sizes,
    tally,
    two_passes,
)

DEFAULT_SIZE = 1 << 16
DEFAULT_BIG_SIZE = (1 << 25) - 1
#: first pass of ``octal4``: a representative to 2^16 costs about 1.4 s on one core of this
#: machine (a sample of 40, measured under load 3 on 2 cores): 967 classes, about 23 min of CPU,
#: so 12-20 minutes on two workers, plus about 0.1 s of Dask overhead per task; the second pass
#: (open games with rare heaps at most 1%) to 2^20 took 7 minutes after a first pass to 2^15.
OCTAL4_SIZE = 1 << 16
OCTAL4_BIG_SIZE = (1 << 20) - 1
OCTAL4_DIGITS = 4


def catalogue_codes() -> list[str]:
    """All 511 codes 0.d1 .. 0.d1d2d3 with a non-zero last digit."""
    out = []
    for length in (1, 2, 3):
        for i in range(8**length):
            ds = [(i // 8 ** (length - 1 - j)) % 8 for j in range(length)]
            if ds[-1]:
                out.append("0." + "".join(map(str, ds)))
    return out


# -- the twin rules (proofs in the package's docstring) ------------------------------------------


def octal4_all_codes() -> list[str]:
    """All 3,584 codes 0.d1d2d3d4 with d4 != 0, in numeric order."""
    return [f"0.{i:04o}" for i in range(8**4) if i % 8]


def small_values(code: str, n: int) -> tuple[int, ...]:
    """G(0..n-1) of the octal game ``code`` by the rules in plain Python (for the twin rule's
    finite check; n is tiny)."""
    from ..games.octal import heap_options

    g: list[int] = []
    for h in range(n):
        seen = set()
        for o in heap_options(code, h):
            v = 0
            for part in o:
                v ^= g[part]
            seen.add(v)
        m = 0
        while m in seen:
            m += 1
        g.append(m)
    return tuple(g)


def reduced_digits(code: str) -> list[int]:
    """d1..d4 of ``code`` after the second rule: bit 2 of d_{k+j} cleared wherever d_k has
    bit 4 and G(j) = 0."""
    from ..games.octal import digits

    ds = (digits(code)[1:] + [0] * OCTAL4_DIGITS)[:OCTAL4_DIGITS]
    g = small_values(code, OCTAL4_DIGITS + 1)
    out = list(ds)
    for k in range(1, OCTAL4_DIGITS + 1):
        if ds[k - 1] & 4:
            for j in range(1, OCTAL4_DIGITS - k + 1):
                if g[j] == 0:
                    out[k + j - 1] &= ~2
    return out


def _twin_key(code: str) -> tuple:
    """What the twin rules compare: bits 2 and 4 of the reduced d1..d4, and G(0..4)."""
    return (tuple(d & 6 for d in reduced_digits(code)), small_values(code, OCTAL4_DIGITS + 1))


def _catalogue_order(code: str) -> tuple:
    return (len(code), code)


def octal4_classes() -> dict[str, list[str]]:
    """The classes of the twin rules over every code 0.d1d2d3d4 (shorter codes included:
    d4 = 0 etc., written canonically), keyed by their representative = the shortest code of
    the class, then the smallest; only classes with a 4-digit code, members in order."""
    from ..games.octal import parse_code

    classes: dict[tuple, list[str]] = {}
    for i in range(1, 8**OCTAL4_DIGITS):
        code = parse_code(f"0.{i:04o}")
        classes.setdefault(_twin_key(code), []).append(code)
    out = {}
    for members in classes.values():
        members.sort(key=_catalogue_order)
        if any(len(c) == 2 + OCTAL4_DIGITS for c in members):
            out[members[0]] = members
    return dict(sorted(out.items(), key=lambda kv: _catalogue_order(kv[0])))


def octal4_codes() -> tuple[list[str], dict[str, str]]:
    """``(representatives, twins)``: the codes to compute (one per class, shortest first; some
    are 1- to 3-digit codes) and, for every 4-digit code that is not a representative, the
    representative whose values it provably shares."""
    reps, twins = [], {}
    for rep, members in octal4_classes().items():
        reps.append(rep)
        twins.update({c: rep for c in members if c != rep and len(c) == 2 + OCTAL4_DIGITS})
    return reps, twins


# -- a game's entry: its best row against the literature -----------------------------------------


def literature_entry(code: str, r) -> dict:
    """A game's JSON entry from its best row ``r`` (None: missing), with its literature record
    (4-digit codes: Table 1d first) and the disagreements with it."""
    if r is None:
        return {"code": code, "result": MISSING}
    rec = lookup4(code) if len(code) == 2 + OCTAL4_DIGITS else lookup(code)
    diffs = compare_record(rec, r.period, r.preperiod, r.max_value, r.computed_to) if rec else []
    return {
        "code": code,
        "proved": r.period is not None,
        "period": r.period,
        "preperiod": r.preperiod,
        "max_value": r.max_value,
        "computed_to": r.computed_to,
        "algorithm": (r.extra or {}).get("algorithm"),
        "rare_heaps": (r.extra or {}).get("rare_heaps"),
        "literature": None
        if rec is None
        else {
            "status": rec.status,
            "period": rec.period,
            "preperiod": rec.preperiod,
            "max_value": rec.max_value,
            "source": rec.source,
        },
        "disagreements": diffs,
    }


def literature_tally(games) -> dict:
    lit = [e for e in games if e.get("literature")]
    return {
        "literature_entries": len(lit),
        "agree": sum(1 for e in lit if not e["disagreements"]),
        "disagreements": [
            {"code": e["code"], "text": d} for e in games for d in e.get("disagreements", [])
        ],
    }


def _document3(cat: Catalogue, best: dict, store, settings: dict) -> dict:
    codes = cat.codes()
    games = [literature_entry(c, best.get(c)) for c in codes]
    return {
        "sizes": table_sizes(best, codes),
        **tally(games),
        **literature_tally(games),
        "games": games,
    }


def _document4(cat: Catalogue, best: dict, store, settings: dict) -> dict:
    reps, twins = octal4_codes()
    members: dict[str, list[str]] = {}
    for code, rep in twins.items():
        members.setdefault(rep, []).append(code)
    classes = [
        dict(
            literature_entry(rep, best.get(rep)),
            twins=sorted(members.get(rep, []), key=_catalogue_order),
        )
        for rep in reps
    ]
    games = [
        dict(literature_entry(code, best.get(twins.get(code, code))), twin_of=twins.get(code))
        for code in octal4_all_codes()
    ]
    by_class = tally(classes)
    return {
        "sizes": table_sizes(best, reps),
        "codes": len(games),
        "representatives": len(reps),
        "twins": len(twins),
        **tally(games),
        "classes_proved": by_class["proved"],
        "classes_open": by_class["open"],
        **literature_tally(games),
        "classes": classes,
        "games": games,
    }


# -- the report ------------------------------------------------------------------------------------


def _lit_text(l) -> str:
    if l is None:
        return "-"
    if l["status"] == "open":
        return "open (listed unsolved)"
    return f"{l['period']} / {l['preperiod']}" + (
        f" / max {l['max_value']}" if l["max_value"] is not None else ""
    )


def _method(e: dict) -> str:
    return (e["algorithm"] or "") + (
        "" if e["rare_heaps"] is None else f" ({e['rare_heaps']:,} rare)"
    )


def _summary(entries) -> str:
    """ "P proved periodic, O open at the bound" (and how many are missing, if any)."""
    t = tally(entries)
    return f"{t['proved']:,} proved periodic, {t['open']:,} open at the bound" + (
        f", {t['missing']} missing" if t["missing"] else ""
    )


#: the columns of a game's result, shared by both catalogues' "every game" tables
RESULT_COLUMNS = (
    Column(
        "result",
        lambda e: "proved" if e["proved"] else f"open at {e['computed_to']:,}",
        missing=lambda e: e["result"],
    ),
    Column("period", lambda e: str(e["period"]) if e["proved"] else "-"),
    Column("pre-period", lambda e: str(e["preperiod"]) if e["proved"] else "-"),
    Column("largest value", lambda e: str(e["max_value"])),
    Column("values known", lambda e: f"{e['computed_to']:,}"),
    Column("method", _method),
)
LITERATURE_COLUMN = Column(
    "literature",
    lambda e: _lit_text(e["literature"]) + (" **DISAGREES**" if e["disagreements"] else ""),
)


def _render3(doc: dict, figures: list[Figure]) -> list[str]:
    entries = doc["games"]
    disagreements = [(d["code"], d["text"]) for d in doc["disagreements"]]
    n_lit, n_agree = doc["literature_entries"], doc["agree"]
    lines = [
        "# Octal games 0.d1, 0.d1d2, 0.d1d2d3: the catalogue",
        "",
        f"Written by `gtables sweep --catalogue octal3` on {doc['written']}; tables in "
        f"`{doc['store']}`.",
        f"Table sizes (heaps 0..N-1) behind the results: "
        f"{', '.join(f'{s:,}' for s in doc['sizes'])} "
        f"(first pass: all {len(catalogue_codes())} codes; second pass: open games whose rare "
        f"heaps are at most {RARE_FRACTION:.0%} of the heaps; each game is shown with its most "
        f"informative stored table). A period is **proved** when the Guy-Smith theorem applies: "
        f"G(n+p) = G(n) for n0 <= n < 2*n0 + p + t (t = last digit index), checked on the "
        f'computed values; the run stops there. "open at N" = no period proved with heaps 0..N-1.',
        "",
        f"**{_summary(entries)}; "
        f"{n_lit} codes have a literature entry, {n_agree} agree, "
        f"{n_lit - n_agree} disagree; {len(doc.get('failed', []))} task(s) failed.**",
        "",
    ]
    lines += run_section(doc) + figure_section(figures)
    lines += ["## Disagreements with the literature", ""]
    if disagreements:
        lines += [f"- `{c}`: {d}" for c, d in disagreements]
    else:
        lines.append(
            "None: every code with a literature entry agrees (period, pre-period and "
            "largest value where the source gives them; open games still open)."
        )
    short = [
        e
        for e in entries
        if e.get("literature")
        and e["literature"]["status"] == "solved"
        and not e["proved"]
        and not e["disagreements"]
    ]
    if short:
        lines += [
            "",
            "Literature periods beyond this run's bound (not a disagreement: too few values "
            "to prove them here; `gtables compute ... --until-periodic` with a larger size does):",
        ]
        lines += [
            f"- `{e['code']}`: period {e['literature']['period']} from "
            f"{e['literature']['preperiod']}; open here at {e['computed_to']:,} values "
            f"({e['rare_heaps']} rare heaps, so no second pass)"
            for e in short
        ]
    lines += [
        "",
        "Literature = the figures collected in `docs/claims/octal_literature.md` "
        "(OEIS, tczajka/octal-games re-checking Flammenkamp's tables, Winning Ways via those); "
        'codes without an entry there are listed with "-" (most are equivalent to a listed '
        "code under the lookup tables of those sources, which are not encoded here).",
        "",
        "## Every game",
        "",
    ]
    return lines + table((code_column(), *RESULT_COLUMNS, LITERATURE_COLUMN), entries)


def _verdict(e: dict) -> str:
    if e["disagreements"]:
        return "**DISAGREES**: " + "; ".join(e["disagreements"])
    if e["literature"]["status"] == "solved" and not e["proved"]:
        return "not reached (too few values to prove it here)"
    return "agrees"


LONGEST_COLUMNS = (
    code_column("code (representative)"),
    Column("period", lambda e: f"{e['period']:,}"),
    Column("pre-period", lambda e: f"{e['preperiod']:,}"),
    Column("largest value", lambda e: str(e["max_value"])),
    Column("twins", lambda e: str(len(e["twins"]))),
)
LITERATURE4_COLUMNS = (
    Column(
        "code", lambda e: e["code"] + (f" (twin of {e['twin_of']})" if e.get("twin_of") else "")
    ),
    Column("literature (period / n0 / max)", lambda e: _lit_text(e["literature"])),
    Column(
        "here",
        lambda e: (
            f"period {e['period']:,}, n0 {e['preperiod']:,}, max {e['max_value']}"
            if e["proved"]
            else f"open at {e['computed_to']:,}"
        ),
    ),
    Column("verdict", _verdict),
    Column("source", lambda e: e["literature"]["source"]),
)


def _twins_text(e: dict) -> str:
    return " ".join(e["twins"]) or "-"


CLASS_COLUMNS = (
    code_column("representative"),
    *RESULT_COLUMNS,
    Column("twins", _twins_text, missing=_twins_text),
)


def _render4(doc: dict, figures: list[Figure]) -> list[str]:
    classes, games = doc["classes"], doc["games"]
    proved = [e for e in classes if e.get("proved")]
    lines = [
        "# Octal games 0.d1d2d3d4: the 4-digit catalogue",
        "",
        f"Written on {doc['written']} from the tables `gtables sweep --catalogue octal4` "
        f"computed into `{doc['store']}` (by that command, or by `scripts/catalogue_report.py` "
        f"from the store).",
        f"Table sizes (heaps 0..N-1) behind the results: "
        f"{', '.join(f'{s:,}' for s in doc['sizes'])} (first pass: every representative; second "
        f"pass: open games whose rare heaps are at most {RARE_FRACTION:.0%} of the heaps). A "
        f"period is **proved** by the Guy-Smith theorem: G(n+p) = G(n) for n0 <= n < "
        f'2*n0 + p + t, checked on the computed values. "open at N" = no period proved with '
        f"heaps 0..N-1.",
        "",
        f"**{doc['codes']:,} codes: {doc['twins']:,} are twins (values proved equal to another "
        f"code's by the rules below), so {doc['representatives']:,} classes were computed: "
        f"{_summary(classes)}"
        + f". Over all codes: {doc['proved']:,} proved, {doc['open']:,} open"
        + (f", {doc['missing']:,} missing" if doc["missing"] else "")
        + f". {doc['literature_entries']} codes have a literature entry, {doc['agree']} agree or "
        f"are not reached, {len(doc['disagreements'])} disagreement(s); {len(doc['failed'])} "
        f"task(s) failed.**",
        "",
    ]
    lines += run_section(doc)
    lines += [
        "## The twin rules",
        "",
        "(1) Two codes whose digits have the same bits 2 and 4 (they differ at most in bit 1: "
        "remove a whole heap of exactly k) and whose values agree on heaps 0..4 have the "
        "same values everywhere: a heap n > 4 has the same options in both, so induction on n "
        "gives equal values. (2) If d_k has bit 4 and G(j) = 0 (j >= 1, k + j <= 4), bit 2 of "
        "d_{k+j} changes no value: its option, the heap n-k-j, has the value of the split "
        "j + (n-k-j) that d_k allows. Codes are reduced by (2), then grouped by (1); proofs in "
        "`gtables.octal_catalogue`'s docstring. The class "
        "representative is its shortest code, then the smallest; "
        f"{sum(1 for e in classes if len(e['code']) < 6)} classes have a 1- to 3-digit "
        f"representative (so these 4-digit games have the values of a game of the 3-digit "
        f"catalogue).",
        "",
    ]
    lines += figure_section(figures)
    top = sorted(proved, key=lambda e: -e["period"])[:10]
    top += [e for e in sorted(proved, key=lambda e: -e["preperiod"])[:10] if e not in top]
    lines += ["## Longest periods and pre-periods (proved)", ""] + table(LONGEST_COLUMNS, top)
    lines += ["", "## Literature", ""]
    lit = [e for e in games if e.get("literature")]
    lines += table(LITERATURE4_COLUMNS, lit) if lit else ["No 4-digit code has a literature entry."]
    return lines + ["", "## Every class", ""] + table(CLASS_COLUMNS, classes)


# -- the figures ---------------------------------------------------------------------------------


def catalogue_figures(
    cat: Catalogue, doc: dict, out: str, *, key: str, games_text: str, order_text: str
) -> list[Figure]:
    """The catalogue's summary figures, drawn into ``out/figures`` from the entries
    ``doc[key]``; ``games_text`` heads the titles, ``order_text`` says what the catalogue
    order is."""
    from .. import plotting

    games = [g for g in doc[key] if "proved" in g]
    if not games:
        return []
    proved = [g for g in games if g["proved"]]
    n_open = len(games) - len(proved)
    periods = plotting.plot_periods(
        [g["code"] for g in games],
        [g["period"] if g["proved"] else None for g in games],
        [g["preperiod"] if g["proved"] else None for g in games],
        [g["computed_to"] for g in games],
        f"{games_text}: period and pre-period of the {len(proved)} proved "
        f"games, {n_open} open (log scale)",
    )
    histograms = plotting.plot_histograms(
        [
            ([g["period"] for g in proved], "period", True),
            ([g["preperiod"] for g in proved], "pre-period", True),
            ([g["max_value"] for g in games], "largest value", True),
        ],
        f"{games_text}: period and pre-period of the {len(proved)} proved games, "
        f"largest value computed of all {len(games)}",
    )
    return [
        cat.save_figure(
            periods,
            out,
            "periods",
            f"Period (top) and pre-period (bottom) against code, in catalogue order "
            f"{order_text}, log scale: a dot for each of the "
            f"{len(proved)} games proved periodic (a pre-period 0 is drawn at 0.5), "
            f"a hollow triangle for each of the {n_open} open games at the number "
            f"of values computed (a lower bound of both).",
        ),
        cat.save_figure(
            histograms,
            out,
            "histograms",
            f"Histograms over the catalogue: periods and pre-periods of the "
            f"{len(proved)} proved games, and the largest Grundy value computed of "
            f"all {len(games)} games (for an open game: on the values computed), "
            f"in bins 0, 1, 2-3, 4-7, ...",
        ),
    ]


# -- the two catalogues --------------------------------------------------------------------------


def _passes4(cat: Catalogue, store, settings: dict, *, echo=print, **sweep_options) -> list:
    reps, twins = octal4_codes()
    echo(
        f"octal4: {len(octal4_all_codes()):,} codes, {len(twins):,} twins of another code "
        f"(the twin rules), {len(reps):,} representatives to compute"
    )
    return two_passes(cat, store, settings, echo=echo, **sweep_options)


OCTAL3 = Catalogue(
    name="octal3",
    stem="octal_catalogue",
    codes=catalogue_codes,
    defaults={"size": DEFAULT_SIZE, "big_size": DEFAULT_BIG_SIZE},
    passes=two_passes,
    document=_document3,
    render=_render3,
    figures=partial(
        catalogue_figures,
        key="games",
        games_text="Octal games 0.d1 .. 0.d1d2d3",
        order_text="(0.d1, then 0.d1d2, then 0.d1d2d3)",
    ),
    json_indent=1,
)

OCTAL4 = Catalogue(
    name="octal4",
    stem="octal_catalogue4",
    codes=lambda: octal4_codes()[0],
    defaults={"size": OCTAL4_SIZE, "big_size": OCTAL4_BIG_SIZE},
    passes=_passes4,
    document=_document4,
    render=_render4,
    figures=partial(
        catalogue_figures,
        key="classes",
        games_text="0.d1d2d3d4, one per class",
        order_text="(the representatives: shorter codes first, then 4-digit codes in "
        "numeric order)",
    ),
)
