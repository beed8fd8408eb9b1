"""The octal-game catalogue: every code 0.d1, 0.d1d2, 0.d1d2d3 (511 games), computed until the
Guy-Smith theorem proves a period or up to a size bound, and compared with the literature (the
one table, :mod:`gtables.games.octal_literature`, through :func:`gtables.verify.octal_literature.compare`).

It runs as two sweeps (:mod:`gtables.sweep`, on Dask): every game to ``size`` (default 2^16)
with ``until_periodic``; then the games still open whose rare heaps stay rare (the sparse-space
method is fast there: at most ``RARE_FRACTION`` of the heaps rare) again to ``big_size``
(default 2^25), resuming from the stored first pass.  Games without a sparse space stay at the
first bound: a naive run to 2^25 would cost hours each.

The 4-digit catalogue (``octal4``: the 3,584 codes 0.d1d2d3d4 with d4 != 0) runs the same two
passes over one representative per class of the rule below (:func:`octal4_codes`); every other
code is listed as the twin of its representative, which may be a shorter code.

**Rule (bit 1 is local).** Let X and Y be octal codes 0.d1..dt and 0.e1..et (pad the shorter
with zeros; t = 4 here) with d_k & 6 == e_k & 6 for every k, i.e. differing at most in the bits
1 ("remove a whole heap of exactly k").  If G_X(n) = G_Y(n) for n = 0..t, then G_X = G_Y.
*Proof.* Bit 1 of d_k only gives the heap of exactly k the option "nothing"; a heap n > t has
no such option, so in X and in Y its options are the same positions (the one heap n - k for
each k with bit 2, the sums a + b, a, b >= 1, a + b = n - k for each k with bit 4).  By
induction on n > t their values are equal (same options, values of smaller heaps equal), so the
mex is equal.  The hypothesis n = 0..t is a finite check of exact values (:func:`small_values`,
the rules in plain Python), so each twin is *proved* equal, not observed.  Conversely codes
whose bits 2 and 4 differ have different options for every large heap; such codes are never
merged here (tests compare the sequences of all 3,584 codes at a small size and report any
further coincidence only as observed, never as a twin).
**Rule (a split covers a shorter take).** If d_k has bit 4 (remove k, leave two heaps) and
G(j) = 0 for some j >= 1 with k + j <= t, then bit 2 of d_{k+j} (remove k + j, leave one heap)
can be cleared without changing any value.  *Proof.* That move takes a heap n > k + j to the
heap r = n - k - j >= 1, of value G(r) = G(j) xor G(r): the value of the option "remove k,
split the rest into j and r" (both parts non-empty), which the code has anyway.  So by
induction on n the two codes' heaps have the same sets of option values (G(j) itself is the
same in both: a heap of j < k + j never uses d_{k+j}), hence the same mex.  Applied to every
(k, j) with G(0..t) computed once (clearing a bit changes no value), it reduces each code to a
code with the same values; two codes whose reductions have the same bits 2 and 4 and whose
G(0..t) agree are equal by the first rule.
These are the only identity-of-values rules used: the game locators' other identities (tczajka
GameLookup.md: "taking a 1-element heap not allowed" = heap sizes reduced by one; OEIS comments
"has values a(n-1)") shift the sequence, so a twin under them has a different pre-period; they
serve the literature comparison below, not the deduplication.

The open-game atlas (``open3``, :func:`run_open`) runs the games a public solver lists as
unsolved (:mod:`gtables.games.octal_open`): all to a first size, then each to a target that
depends on whether it has a sparse space (:func:`sparse_space`), then doubling within a time
budget per game; :func:`write_report_open` writes ``octal_open_atlas.md`` and ``.json``.
"""
from __future__ import annotations

import datetime
import json
import os

import numpy as np

from .engine.sequence_stats import SequenceStats
from .games.octal_literature import lookup
from .verify.octal_literature import compare

DEFAULT_SIZE = 1 << 16
DEFAULT_BIG_SIZE = (1 << 25) - 1
RARE_FRACTION = 0.01


def catalogue_codes() -> list[str]:
    """All 511 codes 0.d1 .. 0.d1d2d3 with a non-zero last digit."""
    out = []
    for length in (1, 2, 3):
        for i in range(8 ** length):
            ds = [(i // 8 ** (length - 1 - j)) % 8 for j in range(length)]
            if ds[-1]:
                out.append("0." + "".join(map(str, ds)))
    return out


def catalogue_specs(size: int = DEFAULT_SIZE) -> list[str]:
    return [f"octal:code={c},size={size}" for c in catalogue_codes()]


def _code(spec: str) -> str:
    return spec.split("code=")[1].split(",")[0]


def second_pass(rows, big_size: int = DEFAULT_BIG_SIZE) -> list[str]:
    """Specs for the games worth a longer run: open after the first pass, sparse method in use,
    rare heaps at most ``RARE_FRACTION`` of the heaps."""
    out = []
    for r in rows:
        x = r.extra or {}
        if r.status == "failed" or r.period is not None:
            continue
        rare = x.get("rare_heaps")
        if x.get("algorithm") == "sparse" and rare is not None and rare <= RARE_FRACTION * r.computed_to:
            out.append((rare, f"octal:code={_code(r.spec)},size={big_size}"))
    return [spec for _, spec in sorted(out)]      # the cheapest (fewest rare heaps) first


def run_catalogue(store, *, size: int = DEFAULT_SIZE, big_size: int = DEFAULT_BIG_SIZE,
                  codes=None, echo=print, **sweep_options):
    """Both passes as Dask sweeps (``sweep_options`` go to :func:`gtables.sweep.run_sweep`:
    scheduler, workers, ...) over ``codes`` (default: the 511 codes of
    :func:`catalogue_codes`); returns every row of both passes."""
    from .sweep import run_sweep
    specs = (catalogue_specs(size) if codes is None
             else [f"octal:code={c},size={size}" for c in codes])
    echo(f"catalogue pass 1: {len(specs)} octal games to heap {size:,}, "
         f"until a period is proved")
    rows = run_sweep(specs, store, until_periodic=True, echo=echo, **sweep_options)
    more = second_pass(rows, big_size) if big_size > size else []
    if more:
        echo(f"catalogue pass 2: {len(more)} open games with a sparse space, to heap {big_size:,}")
        rows = rows + run_sweep(more, store, until_periodic=True, echo=echo, **sweep_options)
    return rows


def best_rows(rows) -> dict:
    """Per code, the most informative row: a proof (the one that needed the fewest values),
    else the longest computation."""
    def key(r):
        n = r.computed_to or 0
        return (1, -n) if r.period is not None else (0, n)
    best = {}
    for r in rows:
        if r.status == "failed":
            continue
        c = _code(r.spec)
        if c not in best or key(r) > key(best[c]):
            best[c] = r
    return best


def stored_rows(store, codes=None) -> list:
    """Rows for every catalogue table the store holds, whatever its size (earlier or larger
    runs count too: the report shows each game's most informative table); ``codes``: which
    games (default: the 3-digit catalogue's)."""
    from .sweep import stored_row
    codes = set(catalogue_codes() if codes is None else codes)
    out = []
    for a in store.list():
        spec = a.get("spec", "")
        if a.get("damaged"):
            continue           # listed by gtables check; a damaged table proves nothing
        if spec.startswith("octal:code=") and _code(spec) in codes and "play=" not in spec:
            out.append(stored_row(store, spec))
    return out


def write_report(rows, store, out: str) -> list[str]:
    """Write ``out/octal_catalogue.md`` and ``.json`` and the catalogue's figures (in
    ``out/figures``) from the sweeps' rows and the catalogue tables already in the store; return
    the paths."""
    rows = list(rows) + stored_rows(store)
    best = best_rows(rows)
    failed = [r for r in rows if r.status == "failed"]
    entries, disagreements = [], []
    n_lit = n_agree = 0
    for code in catalogue_codes():
        r = best.get(code)
        if r is None:
            entries.append({"code": code, "result": "missing (failed or not run)"})
            continue
        rec = lookup(code)
        diffs = compare(code, r.period, r.preperiod, r.max_value, r.computed_to) if rec else []
        if rec is not None:
            n_lit += 1
            n_agree += not diffs
        entries.append(_catalogue_entry(code, r, rec, diffs))
        disagreements += [(code, d) for d in diffs]
    n_proved = sum(1 for e in entries if e.get("proved"))
    os.makedirs(out, exist_ok=True)
    js_path = os.path.join(out, "octal_catalogue.json")
    sizes = sorted({int(r.spec.split("size=")[1]) + 1 for r in best.values()})
    now = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
    doc = {"written": now, "store": store.path, "sizes": sizes, "proved": n_proved,
           "open": len(entries) - n_proved, "literature_entries": n_lit,
           "agree": n_agree, "disagreements": [{"code": c, "text": d} for c, d in disagreements],
           "failed": [{"spec": r.spec, "error": r.error} for r in failed],
           "games": entries}
    with open(js_path, "w") as f:
        json.dump(doc, f, indent=1)
    md_path, figures = render_report(doc, out)
    return [md_path, js_path] + [os.path.join(out, p) for p, _ in figures]


def rewrite_report(out: str) -> list[str]:
    """Write ``out/octal_catalogue.md`` and the figures again from ``out/octal_catalogue.json``
    (no store needed: what a change of the report's form needs); return the paths."""
    with open(os.path.join(out, "octal_catalogue.json")) as f:
        doc = json.load(f)
    md_path, figures = render_report(doc, out)
    return [md_path] + [os.path.join(out, p) for p, _ in figures]


def catalogue_figures(games, out: str, *, name: str = "octal_catalogue",
                      games_text: str = "Octal games 0.d1 .. 0.d1d2d3",
                      order_text: str = "(0.d1, then 0.d1d2, then 0.d1d2d3)"
                      ) -> list[tuple[str, str]]:
    """The catalogue's summary figures, drawn into ``out/figures`` from its ``games`` (the
    entries of ``octal_catalogue.json``); returns ``[(path relative to out, caption)]``.
    ``name`` prefixes the files, ``games_text`` heads the titles, ``order_text`` says what the
    catalogue order is (the defaults are the 3-digit catalogue's)."""
    from . import plotting
    games = [g for g in games if "proved" in g]
    if not games:
        return []
    proved = [g for g in games if g["proved"]]
    n_open = len(games) - len(proved)
    out_figs = []
    fig = plotting.plot_periods(
        [g["code"] for g in games], [g["period"] if g["proved"] else None for g in games],
        [g["preperiod"] if g["proved"] else None for g in games],
        [g["computed_to"] for g in games],
        f"{games_text}: period and pre-period of the {len(proved)} proved "
        f"games, {n_open} open (log scale)")
    path = os.path.join("figures", f"{name}_periods.png")
    plotting.save(fig, os.path.join(out, path))
    out_figs.append((path, f"Period (top) and pre-period (bottom) against code, in catalogue order "
                           f"{order_text}, log scale: a dot for each of the "
                           f"{len(proved)} games proved periodic (a pre-period 0 is drawn at 0.5), "
                           f"a hollow triangle for each of the {n_open} open games at the number "
                           f"of values computed (a lower bound of both)."))
    fig = plotting.plot_histograms(
        [([g["period"] for g in proved], "period", True),
         ([g["preperiod"] for g in proved], "pre-period", True),
         ([g["max_value"] for g in games], "largest value", True)],
        f"{games_text}: period and pre-period of the {len(proved)} proved games, "
        f"largest value computed of all {len(games)}")
    path = os.path.join("figures", f"{name}_histograms.png")
    plotting.save(fig, os.path.join(out, path))
    out_figs.append((path, f"Histograms over the catalogue: periods and pre-periods of the "
                           f"{len(proved)} proved games, and the largest Grundy value computed of "
                           f"all {len(games)} games (for an open game: on the values computed), "
                           f"in bins 0, 1, 2-3, 4-7, ..."))
    return out_figs


def render_report(doc: dict, out: str) -> tuple[str, list[tuple[str, str]]]:
    """Write ``out/octal_catalogue.md`` and the figures from the catalogue document ``doc`` (what
    ``octal_catalogue.json`` holds); returns the markdown's path and the figures."""
    entries = doc["games"]
    disagreements = [(d["code"], d["text"]) for d in doc["disagreements"]]
    failed = doc.get("failed", [])
    n_proved, n_lit, n_agree = doc["proved"], doc["literature_entries"], doc["agree"]
    figures = catalogue_figures(entries, out)
    md_path = os.path.join(out, "octal_catalogue.md")
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
        f"computed values; the run stops there. \"open at N\" = no period proved with heaps 0..N-1.",
        "",
        f"**{n_proved} proved periodic, {len(entries) - n_proved} open at the bound; "
        f"{n_lit} codes have a literature entry, {n_agree} agree, "
        f"{n_lit - n_agree} disagree; {len(failed)} task(s) failed.**",
        "",
    ]
    if figures:
        lines += ["## Figures", ""]
        for path, caption in figures:
            lines += [f"![{os.path.basename(path)}]({path})", "", caption, ""]
    lines += ["## Disagreements with the literature", ""]
    if disagreements:
        lines += [f"- `{c}`: {d}" for c, d in disagreements]
    else:
        lines.append("None: every code with a literature entry agrees (period, pre-period and "
                     "largest value where the source gives them; open games still open).")
    short = [e for e in entries if e.get("literature") and e["literature"]["status"] == "solved"
             and not e["proved"] and not e["disagreements"]]
    if short:
        lines += ["", "Literature periods beyond this run's bound (not a disagreement: too few values "
                  "to prove them here; `gtables compute ... --until-periodic` with a larger size does):"]
        lines += [f"- `{e['code']}`: period {e['literature']['period']} from "
                  f"{e['literature']['preperiod']}; open here at {e['computed_to']:,} values "
                  f"({e['rare_heaps']} rare heaps, so no second pass)" for e in short]
    lines += ["", "Literature = the figures collected in `docs/claims/octal_literature.md` "
              "(OEIS, tczajka/octal-games re-checking Flammenkamp's tables, Winning Ways via those); "
              "codes without an entry there are listed with \"-\" (most are equivalent to a listed "
              "code under the lookup tables of those sources, which are not encoded here).", "",
              "## Every game", "",
              "| code | result | period | pre-period | largest value | values known | method | literature |",
              "|---|---|---|---|---|---|---|---|"]
    for e in entries:
        if "proved" not in e:
            lines.append(f"| {e['code']} | {e['result']} | | | | | | |")
            continue
        res = "proved" if e["proved"] else f"open at {e['computed_to']:,}"
        l = e["literature"]
        if l is None:
            ltxt = "-"
        elif l["status"] == "open":
            ltxt = "open (listed unsolved)"
        else:
            ltxt = f"{l['period']} / {l['preperiod']}" + (f" / max {l['max_value']}"
                                                         if l["max_value"] is not None else "")
        if e["disagreements"]:
            ltxt += " **DISAGREES**"
        method = e["algorithm"] or ""
        if e["rare_heaps"] is not None:
            method += f" ({e['rare_heaps']:,} rare)"
        lines.append(f"| {e['code']} | {res} | {e['period'] if e['proved'] else '-'} | "
                     f"{e['preperiod'] if e['proved'] else '-'} | {e['max_value']} | "
                     f"{e['computed_to']:,} | {method} | {ltxt} |")
    if failed:
        lines += ["", "## Failed tasks", ""] + [f"- `{r['spec']}`: {r['error']}" for r in failed]
    with open(md_path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return md_path, figures


# -- the 4-digit catalogue ----------------------------------------------------------------------

#: first pass of ``octal4``: a representative to 2^16 costs about 1.4 s on one core of this
#: machine (a sample of 40, measured under load 3 on 2 cores): 967 classes, about 23 min of CPU,
#: so 12-20 minutes on two workers, plus about 0.1 s of Dask overhead per task; the second pass
#: (open games with rare heaps at most 1%) to 2^20 took 7 minutes after a first pass to 2^15.
OCTAL4_SIZE = 1 << 16
OCTAL4_BIG_SIZE = (1 << 20) - 1
OCTAL4_DIGITS = 4


def _write_md(lines: list[str], doc: dict, path: str) -> str:
    """End a catalogue report with its failed tasks, if any, and write it; returns ``path``."""
    if doc["failed"]:
        lines += ["", "## Failed tasks", ""] + [f"- `{r['spec']}`: {r['error']}"
                                                 for r in doc["failed"]]
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return path


def octal4_all_codes() -> list[str]:
    """All 3,584 codes 0.d1d2d3d4 with d4 != 0, in numeric order."""
    return [f"0.{i:04o}" for i in range(8 ** 4) if i % 8]


def small_values(code: str, n: int) -> tuple[int, ...]:
    """G(0..n-1) of the octal game ``code`` by the rules in plain Python (for the twin rule's
    finite check; n is tiny)."""
    from .games.octal import heap_options
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
    """d1..d4 of ``code`` after the second rule (module docstring): bit 2 of d_{k+j} cleared
    wherever d_k has bit 4 and G(j) = 0."""
    from .games.octal import digits
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
    return (tuple(d & 6 for d in reduced_digits(code)),
            small_values(code, OCTAL4_DIGITS + 1))


def _catalogue_order(code: str) -> tuple:
    return (len(code), code)


def octal4_classes() -> dict[str, list[str]]:
    """The classes of the twin rule (module docstring) over every code 0.d1d2d3d4 (shorter codes
    included: d4 = 0 etc., written canonically), keyed by their representative = the shortest
    code of the class, then the smallest; only classes with a 4-digit code, members in order."""
    from .games.octal import parse_code
    classes: dict[tuple, list[str]] = {}
    for i in range(1, 8 ** OCTAL4_DIGITS):
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


def run_catalogue4(store, *, size: int = OCTAL4_SIZE, big_size: int = OCTAL4_BIG_SIZE,
                   echo=print, **sweep_options):
    """The 4-digit catalogue: both passes of :func:`run_catalogue` over the representatives."""
    reps, twins = octal4_codes()
    echo(f"octal4: {len(octal4_all_codes()):,} codes, {len(twins):,} twins of another code "
         f"(the twin rules), {len(reps):,} representatives to compute")
    return run_catalogue(store, size=size, big_size=big_size, codes=reps, echo=echo,
                         **sweep_options)


def compare4(rec, period, preperiod, max_value, computed_to: int) -> list[str]:
    """:func:`gtables.verify.octal_literature.compare` for a record of Table 1d (which
    ``compare`` does not look up): the same verdicts, the same slack."""
    from .verify.octal_literature import compare_record
    return compare_record(rec, period, preperiod, max_value, computed_to)


def _entry(code: str, r) -> dict:
    from .games.octal_literature import lookup4
    rec = lookup4(code) if len(code) == 2 + OCTAL4_DIGITS else lookup(code)
    diffs = compare4(rec, r.period, r.preperiod, r.max_value, r.computed_to) if rec else []
    return _catalogue_entry(code, r, rec, diffs)


def _catalogue_entry(code: str, r, rec, diffs: list) -> dict:
    """A catalogue game's JSON entry: its best row ``r``, the literature record ``rec`` (or
    None) and the disagreements with it."""
    return {"code": code, "proved": r.period is not None, "period": r.period,
            "preperiod": r.preperiod, "max_value": r.max_value, "computed_to": r.computed_to,
            "algorithm": (r.extra or {}).get("algorithm"),
            "rare_heaps": (r.extra or {}).get("rare_heaps"),
            "literature": None if rec is None else {
                "status": rec.status, "period": rec.period, "preperiod": rec.preperiod,
                "max_value": rec.max_value, "source": rec.source},
            "disagreements": diffs}


def write_report4(rows, store, out: str, run: dict | None = None) -> list[str]:
    """Write ``out/octal_catalogue4.md`` and ``.json`` and its figures from the sweeps' rows and
    the representatives' tables already in the store; ``run`` (optional) = how the run went
    (command, wall time, memory, load: shown as given).  Returns the paths."""
    reps, twins = octal4_codes()
    rows = list(rows) + stored_rows(store, reps)
    best = best_rows(rows)
    failed = [r for r in rows if r.status == "failed"]
    classes = []
    for rep in reps:
        r = best.get(rep)
        e = {"code": rep, "result": "missing (failed or not run)"} if r is None else _entry(rep, r)
        e["twins"] = sorted((c for c, t in twins.items() if t == rep), key=_catalogue_order)
        classes.append(e)
    by_rep = {e["code"]: e for e in classes}
    games = []
    for code in octal4_all_codes():
        rep = twins.get(code, code)
        c = by_rep[rep]
        if "proved" not in c:
            games.append({"code": code, "twin_of": twins.get(code), "result": c["result"]})
            continue
        r = best[rep]
        e = _entry(code, r)
        e["twin_of"] = twins.get(code)
        games.append(e)
    disagreements = [{"code": e["code"], "text": d} for e in games for d in e.get("disagreements", [])]
    n_lit = sum(1 for e in games if e.get("literature"))
    sizes = sorted({int(r.spec.split("size=")[1]) + 1 for r in best.values() if _code(r.spec) in by_rep})
    now = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
    doc = {"written": now, "store": store.path, "sizes": sizes,
           "codes": len(games), "representatives": len(reps), "twins": len(twins),
           "proved": sum(1 for e in games if e.get("proved")),
           "open": sum(1 for e in games if "proved" in e and not e["proved"]),
           "missing": sum(1 for e in games if "proved" not in e),
           "classes_proved": sum(1 for e in classes if e.get("proved")),
           "classes_open": sum(1 for e in classes if "proved" in e and not e["proved"]),
           "literature_entries": n_lit,
           "agree": sum(1 for e in games if e.get("literature") and not e["disagreements"]),
           "disagreements": disagreements,
           "failed": [{"spec": r.spec, "error": r.error} for r in failed],
           "run": run or {}, "classes": classes, "games": games}
    os.makedirs(out, exist_ok=True)
    js_path = os.path.join(out, "octal_catalogue4.json")
    with open(js_path, "w") as f:
        json.dump(doc, f, separators=(",", ":"))
    md_path, figures = render_report4(doc, out)
    return [md_path, js_path] + [os.path.join(out, p) for p, _ in figures]


def rewrite_report4(out: str, run: dict | None = None) -> list[str]:
    """Render ``out/octal_catalogue4.md`` and the figures again from its JSON (``run``, if
    given, replaces the run's description first and is saved in the JSON)."""
    js_path = os.path.join(out, "octal_catalogue4.json")
    with open(js_path) as f:
        doc = json.load(f)
    if run is not None:
        doc["run"] = run
        with open(js_path, "w") as f:
            json.dump(doc, f, separators=(",", ":"))
    md_path, figures = render_report4(doc, out)
    return [md_path] + [os.path.join(out, p) for p, _ in figures]


def _lit_text(l) -> str:
    if l is None:
        return "-"
    if l["status"] == "open":
        return "open (listed unsolved)"
    return f"{l['period']} / {l['preperiod']}" + (
        f" / max {l['max_value']}" if l["max_value"] is not None else "")


def render_report4(doc: dict, out: str) -> tuple[str, list[tuple[str, str]]]:
    """Write ``out/octal_catalogue4.md`` and its figures from the document ``doc``."""
    classes, games = doc["classes"], doc["games"]
    figures = catalogue_figures(
        classes, out, name="octal_catalogue4",
        games_text="0.d1d2d3d4, one per class",
        order_text="(the representatives: shorter codes first, then 4-digit codes in numeric "
                   "order)")
    proved = [e for e in classes if e.get("proved")]
    lines = [
        "# Octal games 0.d1d2d3d4: the 4-digit catalogue", "",
        f"Written on {doc['written']} from the tables `gtables sweep --catalogue octal4` "
        f"computed into `{doc['store']}` (by that command, or by `scripts/catalogue_report.py` "
        f"from the store).",
        f"Table sizes (heaps 0..N-1) behind the results: "
        f"{', '.join(f'{s:,}' for s in doc['sizes'])} (first pass: every representative; second "
        f"pass: open games whose rare heaps are at most {RARE_FRACTION:.0%} of the heaps). A "
        f"period is **proved** by the Guy-Smith theorem: G(n+p) = G(n) for n0 <= n < "
        f"2*n0 + p + t, checked on the computed values. \"open at N\" = no period proved with "
        f"heaps 0..N-1.", "",
        f"**{doc['codes']:,} codes: {doc['twins']:,} are twins (values proved equal to another "
        f"code's by the rules below), so {doc['representatives']:,} classes were computed: "
        f"{doc['classes_proved']:,} proved periodic, {doc['classes_open']:,} open at the bound"
        + (f", {sum(1 for e in classes if 'proved' not in e)} missing" if doc["missing"] else "")
        + f". Over all codes: {doc['proved']:,} proved, {doc['open']:,} open"
        + (f", {doc['missing']:,} missing" if doc["missing"] else "")
        + f". {doc['literature_entries']} codes have a literature entry, {doc['agree']} agree or "
        f"are not reached, {len(doc['disagreements'])} disagreement(s); {len(doc['failed'])} "
        f"task(s) failed.**", ""]
    run = doc.get("run") or {}
    if run:
        lines += ["## The run", ""] + [f"- {k}: {v}" for k, v in run.items()] + [""]
    lines += [
        "## The twin rules", "",
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
        f"catalogue).", ""]
    if figures:
        lines += ["## Figures", ""]
        for path, caption in figures:
            lines += [f"![{os.path.basename(path)}]({path})", "", caption, ""]
    lines += ["## Longest periods and pre-periods (proved)", "",
              "| code (representative) | period | pre-period | largest value | twins |",
              "|---|---|---|---|---|"]
    top = sorted(proved, key=lambda e: -e["period"])[:10]
    top += [e for e in sorted(proved, key=lambda e: -e["preperiod"])[:10] if e not in top]
    for e in top:
        lines.append(f"| {e['code']} | {e['period']:,} | {e['preperiod']:,} | {e['max_value']} | "
                     f"{len(e['twins'])} |")
    lines += ["", "## Literature", ""]
    lit = [e for e in games if e.get("literature")]
    if lit:
        lines += ["| code | literature (period / n0 / max) | here | verdict | source |",
                  "|---|---|---|---|---|"]
        for e in lit:
            l = e["literature"]
            here = (f"period {e['period']:,}, n0 {e['preperiod']:,}, max {e['max_value']}"
                    if e["proved"] else f"open at {e['computed_to']:,}")
            if e["disagreements"]:
                verdict_ = "**DISAGREES**: " + "; ".join(e["disagreements"])
            elif l["status"] == "solved" and not e["proved"]:
                verdict_ = "not reached (too few values to prove it here)"
            else:
                verdict_ = "agrees"
            twin = f" (twin of {e['twin_of']})" if e.get("twin_of") else ""
            lines.append(f"| {e['code']}{twin} | {_lit_text(l)} | {here} | {verdict_} | "
                         f"{l['source']} |")
    else:
        lines.append("No 4-digit code has a literature entry.")
    lines += ["", "## Every class", "",
              "| representative | result | period | pre-period | largest value | values known | "
              "method | twins |", "|---|---|---|---|---|---|---|---|"]
    for e in classes:
        tw = " ".join(e["twins"]) or "-"
        if "proved" not in e:
            lines.append(f"| {e['code']} | {e['result']} | | | | | | {tw} |")
            continue
        res = "proved" if e["proved"] else f"open at {e['computed_to']:,}"
        method = e["algorithm"] or ""
        if e["rare_heaps"] is not None:
            method += f" ({e['rare_heaps']:,} rare)"
        lines.append(f"| {e['code']} | {res} | {e['period'] if e['proved'] else '-'} | "
                     f"{e['preperiod'] if e['proved'] else '-'} | {e['max_value']} | "
                     f"{e['computed_to']:,} | {method} | {tw} |")
    return _write_md(lines, doc, os.path.join(out, "octal_catalogue4.md")), figures


# -- the open-game atlas ------------------------------------------------------------------------

#: ``open3``, first pass: every listed game to 2^16 values, until a period is proved; it decides
#: which games have a sparse space (:func:`sparse_space`).  Measured on this machine (2 cores
#: shared, one process): all 83 games to 2^14 in 30 s; 4!.0 and 0.6 (sparse) to 2^21 in 17 s and
#: 29 s; 0.04 and 0.06 (naive) to 2^17 in 19 s and 11 s.  So with these kernels the targets below
#: cost about 2-4 min per sparse game and 12-20 min per naive game (quadratic).
OPEN_SIZE = (1 << 16) - 1
#: games with a sparse space are computed to at least 2^24 values ...
OPEN_SPARSE_SIZE = (1 << 24) - 1
#: ... games without one to at least 2^20 (the naive mex)
OPEN_NAIVE_SIZE = (1 << 20) - 1
#: then each open game's table doubles while the game's compute time (all its runs, the stored
#: ``compute_seconds``) plus the estimated cost of the next doubling stays within this many
#: seconds; 0: stop at the targets
OPEN_BUDGET = 600.0
#: the estimated cost of doubling a table, in units of the time its heaps took so far: the
#: sparse-space method is about linear while its rare heaps stay few; the naive mex is quadratic
#: (2N heaps cost 4 times N heaps, so the doubling 3 times)
DOUBLING_COST = {"sparse": 1.0, "naive": 3.0}


def open_codes() -> list[str]:
    """The 83 listed games (:mod:`gtables.games.octal_open`: Grundy's game first)."""
    from .games.octal_open import open_codes as codes
    return codes()


def _spec(code: str, size: int) -> str:
    return f"octal:code={code},size={size}"


def _size(spec: str) -> int:
    return int(spec.split("size=")[1])


def _doubling_seconds(seconds: float, kind: str, factor: float = 2.0) -> float:
    """The estimated compute time of growing a table that took ``seconds`` by ``factor`` (the
    sparse method about linear, the naive mex quadratic: :data:`DOUBLING_COST` per doubling)."""
    if kind == "naive":
        return seconds * (factor * factor - 1.0)
    return seconds * (factor - 1.0) * DOUBLING_COST["sparse"]


def _open_sweep(specs, store, **sweep_options) -> list:
    """One sweep pass over ``specs``, until a period is proved where a theorem can prove one
    (Guy-Smith); Grundy's game (``!``: no theorem implemented) is computed to its size.  Two
    sweeps when both kinds are present: ``run_sweep`` takes one ``until_periodic`` for all."""
    from .api import game
    from .sweep import run_sweep
    proofs = [s for s in specs if game(s).has_period_theorem]
    rest = [s for s in specs if s not in set(proofs)]
    rows = {}
    for group, until in ((proofs, True), (rest, False)):
        if group:
            rows.update((r.spec, r) for r in run_sweep(group, store, until_periodic=until,
                                                        **sweep_options))
    return [rows[s] for s in specs if s in rows]


def sparse_space(row, values) -> tuple[bool, int | None]:
    """``(has a sparse space, rare heaps in the second half)`` from a first-pass row and its
    values: the run kept the sparse-space method to the end (the stepper re-chooses the mask at
    every power of two and leaves the method when more than a quarter of the heaps are rare) and
    the rare heaps of the second half of the table, heaps n/2..n-1, are at most
    ``RARE_FRACTION`` of them (the rare values are dying out, so the method stays fast).  On the
    calibration run (2^16) this keeps e.g. 4!.0 (11 late rare heaps) and 0.064 (222), and
    excludes every game the stepper left for the naive mex."""
    x = row.extra or {}
    n = row.computed_to or 0
    if x.get("algorithm") != "sparse" or x.get("mask") is None or n < 2:
        return False, None
    rare = rare_heaps_of(values[:n], int(x["mask"]), int(x.get("parity_bit") or 0))
    late = int(np.count_nonzero(rare >= n // 2))
    return late <= RARE_FRACTION * (n - n // 2), late


def _first_pass(store, code: str, size: int):
    """The first-pass row and values of ``code`` from the store, or ``(None, None)``."""
    from .sweep import stored_row
    spec = _spec(code, size)
    if spec not in store:
        return None, None
    return stored_row(store, spec), store.get(spec).load()


def _seconds(store, spec: str) -> float:
    """A stored table's compute time, resumed segments included."""
    return float(store.get(spec).attrs.get("compute_seconds") or 0.0)


def run_open(store, *, size: int = OPEN_SIZE, big_size: int = OPEN_SPARSE_SIZE,
             naive_size: int = OPEN_NAIVE_SIZE, budget: float = OPEN_BUDGET,
             step_limit: float = 0.0, codes=None, echo=print, scheduler: str | None = None,
             workers: int = 2, threads_per_worker: int = 1, **sweep_options) -> list:
    """The open-game atlas as Dask sweeps on one cluster: (1) every listed game (``codes``,
    default :func:`open_codes`) to ``size``; (2) the games still open to ``big_size`` if they
    have a sparse space (:func:`sparse_space`), else to ``naive_size``; (3) while any open
    game's next doubling fits its time ``budget`` (seconds per game, :data:`DOUBLING_COST`), a
    pass that doubles those.  In pass 2 the sparse games climb by doublings (each stored: a
    checkpoint), and one whose next doubling is estimated over ``step_limit`` seconds (0: no
    limit) stops short of its target.  Every pass resumes from the store and stops a game at a proved
    period.  Returns every row."""
    from .sweep import shared_cluster
    codes = open_codes() if codes is None else list(codes)
    with shared_cluster(scheduler, workers, threads_per_worker) as address:
        opts = dict(scheduler=address, echo=echo, **sweep_options)
        echo(f"open3 pass 1: {len(codes)} open games to heap {size:,}, until a period is proved "
             f"(Grundy's game: no theorem, to the size)")
        rows = _open_sweep([_spec(c, size) for c in codes], store, **opts)
        kind, current = {}, {}
        for r in rows:
            if r.status == "failed" or r.period is not None:
                continue
            code = _code(r.spec)
            has = sparse_space(r, store.get(r.spec).load())[0]
            kind[code] = "sparse" if has else "naive"
            current[code] = r.spec
        target = {c: big_size if kind[c] == "sparse" else naive_size for c in current}
        for r in stored_rows(store, list(current)):      # a resumed atlas: where each game is
            c = _code(r.spec)
            if c not in current or r.status == "failed":
                continue
            if r.period is not None:
                current.pop(c)
            elif _size(current[c]) < _size(r.spec) <= target[c]:
                current[c] = r.spec
        more = [c for c in current if target[c] > size]
        if more:
            n_sparse = sum(1 for c in current if kind[c] == "sparse")
            echo(f"open3 pass 2: {len(more)} open games to their targets ({n_sparse} with a sparse "
                 f"space to heap {big_size:,}, {len(current) - n_sparse} without to heap "
                 f"{naive_size:,})")
        # the games without a sparse space go to their target at once, spread over the steps
        # (each step then has long tasks that keep the workers busy while the short ones end);
        # those with one climb by doublings, each stored when done (a stopped run keeps every
        # finished doubling), and a climb stops short where its next doubling is estimated over
        # ``step_limit`` seconds
        held: dict[str, float] = {}
        steps = max(1, ((big_size + 1) // (size + 1)).bit_length() - 1)
        naive = [c for c in more if kind[c] == "naive"]
        start = {c: 1 + i % steps for i, c in enumerate(naive)}
        climb = 0
        while True:
            todo, later = [], []
            for code in more:
                spec = current.get(code)
                if spec is None or code in held or _size(spec) >= target[code]:
                    continue
                if start.get(code, 0) > climb + 1:
                    later.append(code)
                    continue
                factor = 2.0 if kind[code] == "sparse" else (target[code] + 1) / (_size(spec) + 1)
                cost = _doubling_seconds(_seconds(store, spec), kind[code], factor)
                if kind[code] == "sparse":
                    if step_limit and cost > step_limit:
                        held[code] = cost
                        echo(f"open3 pass 2: {code} stops at {_size(spec) + 1:,} values: its "
                             f"next doubling is estimated at {cost:,.0f} s, over the step "
                             f"limit of {step_limit:,.0f} s")
                        continue
                    todo.append((cost, _spec(code, min(2 * (_size(spec) + 1) - 1,
                                                       target[code]))))
                else:
                    todo.append((cost, _spec(code, target[code])))
            if not todo and later:          # nothing climbs any more: the rest at once
                todo = [(0.0, _spec(c, target[c])) for c in later]
            if not todo:
                break
            climb += 1
            todo.sort(key=lambda t: -t[0])          # the longest first: less idle at the end
            echo(f"open3 pass 2, step {climb}: {len(todo)} tables")
            new = _open_sweep([s for _, s in todo], store, **opts)
            rows = rows + new
            for r in new:
                code = _code(r.spec)
                if r.status == "failed" or r.period is not None:
                    current.pop(code, None)
                else:
                    current[code] = r.spec
        for code in held:
            current.pop(code, None)        # the budget passes come after the targets only
        step = 0
        while budget > 0 and current:
            grow = []
            for code, spec in current.items():
                spent = _seconds(store, spec)
                if spent + _doubling_seconds(spent, kind[code]) <= budget:
                    grow.append(_spec(code, 2 * (_size(spec) + 1) - 1))
            if not grow:
                break
            step += 1
            echo(f"open3 pass {2 + step}: {len(grow)} open games doubled (each within "
                 f"{budget:,.0f} s of compute)")
            new = _open_sweep(grow, store, **opts)
            rows = rows + new
            for r in new:
                code = _code(r.spec)
                if r.status == "failed" or r.period is not None:
                    current.pop(code, None)
                else:
                    current[code] = r.spec
    return rows


# -- per-sequence statistics: the engine's (stored with the table), else computed from the values



def rare_heaps_of(values, mask: int, parity_bit: int = 0) -> np.ndarray:
    """The heaps i >= 1 whose value is rare under ``(mask, parity_bit)``: the parity of
    ``G(i) & mask`` equals ``parity_bit & i & 1`` (the stepper's definition, heap 0 left out)."""
    v = np.asarray(values).astype(np.int64) & int(mask)
    par = np.zeros(v.size, dtype=np.int64)
    while v.any():
        par ^= v & 1
        v >>= 1
    i = np.arange(par.size, dtype=np.int64)
    rare = np.flatnonzero(par == (int(parity_bit) & i & 1))
    return rare[rare >= 1]


def sequence_stats(values) -> dict:
    """The engine's statistics of the values G(0..n-1) (:class:`SequenceStats`), histograms as
    {k: counts of each value among heaps < 2^k} (the report's form)."""
    return _report_form(SequenceStats.of(np.asarray(values)).as_dict())


def _report_form(st: dict) -> dict:
    h = st.get("histograms") or []
    return dict(st, histograms=dict(enumerate(h)) if isinstance(h, list) else
                {int(k): list(c) for k, c in h.items()})




def _power_bins(counts) -> list[int]:
    """Counts per value -> counts per value bin 0, 1, 2-3, 4-7, ... (no trailing empty bins)."""
    c = np.asarray(counts, dtype=np.int64)
    edges = [0, 1] + [1 << k for k in range(1, max(1, c.size).bit_length() + 1)]
    out = [int(c[lo:hi].sum()) for lo, hi in zip(edges, edges[1:]) if lo < c.size]
    while out and out[-1] == 0:
        out.pop()
    return out


def _stats(x: dict, values: np.ndarray) -> tuple[dict, str]:
    """The statistics of a stored table: the engine's (``extra["stats"]``) where present, else
    :func:`sequence_stats`; histograms keyed by int.  Returns ``(stats, "engine" | "values")``."""
    st = x.get("stats")
    if isinstance(st, dict) and "checksum" in st:
        return _report_form(st), "engine"
    return sequence_stats(values), "values"


def source_check(g, values) -> dict | None:
    """Our values at the source's frontier against the figures it gives (``g``: an
    :class:`~gtables.games.octal_open.OpenGame`), or None when it gives none or we have fewer
    values.  Rare heaps as the source counts them: under its mask, heap 0 included (our runs of
    0.6 and 4!.0 to 2^21 reproduce all four figures of each that way)."""
    if g is None or g.frontier is None or len(values) < g.frontier:
        return None
    v = np.asarray(values[:g.frontier])
    rare = rare_heaps_of(v, g.rare_mask)
    count = int(rare.size) + 1                 # + heap 0: G(0) = 0 is rare under every mask
    last = int(rare[-1]) if rare.size else 0
    here = {"largest": int(v.max()), "largest_at": int(np.argmax(v)), "rare_heaps": count,
            "last_rare": last}
    there = {"largest": g.largest, "largest_at": g.largest_at, "rare_heaps": g.rare_heaps,
             "last_rare": g.last_rare}
    return {"n": g.frontier, "here": here, "source": there,
            "differs": [k for k in here if here[k] != there[k]]}


def _open_entry(code: str, r, store, settings: dict) -> dict:
    """One game of the atlas: its best row's table, statistics, first pass and budget."""
    from .games.octal_open import OTHER, lookup_open
    g = lookup_open(code)
    x = r.extra or {}
    n = r.computed_to or 0
    values = store.get(r.spec).load()[:n] if r.spec in store else np.zeros(0, dtype=np.uint8)
    st, origin = _stats(x, values) if values.size else ({}, "missing")
    sparse_method = x.get("algorithm") == "sparse"
    last_rare = x.get("last_rare")
    if last_rare is None and sparse_method and values.size and x.get("mask") is not None:
        rare = rare_heaps_of(values, int(x["mask"]), int(x.get("parity_bit") or 0))
        last_rare = int(rare[-1]) if rare.size else None
    fp_row, fp_values = _first_pass(store, code, settings["size"])
    first = None
    if fp_row is not None and fp_values is not None:
        has, late = sparse_space(fp_row, fp_values)
        first = {"values": fp_row.computed_to, "algorithm": (fp_row.extra or {}).get("algorithm"),
                 "rare_heaps": (fp_row.extra or {}).get("rare_heaps"), "late_rare": late,
                 "sparse_space": has if fp_row.period is None else None}
    seconds = float(store.get(r.spec).attrs.get("compute_seconds") or 0.0) \
        if r.spec in store else r.seconds
    doubling = None
    if r.period is None and first is not None and first["sparse_space"] is not None:
        doubling = _doubling_seconds(seconds, "sparse" if first["sparse_space"] else "naive")
    hist = st.get("histograms") or {}
    top = np.bincount(values.astype(np.int64)).tolist() if values.size else []
    return {
        "code": code, "written": g.written if g else code,
        "source_frontier": g.frontier if g else None, "other_frontier": OTHER.get(code),
        "proved": r.period is not None, "period": r.period, "preperiod": r.preperiod,
        "computed_to": n, "table_size": _size(r.spec) + 1, "algorithm": x.get("algorithm"),
        "mask": x.get("mask") if sparse_method else None,
        "parity_bit": x.get("parity_bit") if sparse_method else None,
        "rare_heaps": x.get("rare_heaps"), "last_rare": last_rare,
        "max_value": st.get("max_value", r.max_value), "max_at": st.get("max_at"),
        "zeros": st.get("zeros"), "checksum": st.get("checksum"), "stats_from": origin,
        "histograms_binned": {str(k): _power_bins(c) for k, c in sorted(hist.items())},
        "histogram": top, "seconds": round(seconds, 3), "next_doubling_seconds":
            None if doubling is None else round(doubling, 3),
        "first_pass": first, "source_check": source_check(g, values)}


def write_report_open(rows, store, out: str, *, size: int = OPEN_SIZE,
                      big_size: int = OPEN_SPARSE_SIZE, naive_size: int = OPEN_NAIVE_SIZE,
                      budget: float = OPEN_BUDGET, step_limit: float = 0.0, codes=None,
                      run: dict | None = None) -> list[str]:
    """Write ``out/octal_open_atlas.md`` and ``.json`` and its figure from the sweeps' rows and
    the listed games' tables already in the store (each game shown with its most informative
    table); the sizes and budget are the run's settings, ``run`` (optional) how it went.
    Returns the paths."""
    from .games.octal_open import SOURCE, SOURCE_URL
    codes = open_codes() if codes is None else list(codes)
    rows = list(rows) + stored_rows(store, codes)
    best = best_rows(rows)
    settings = {"size": size, "big_size": big_size, "naive_size": naive_size,
                "budget_seconds": budget, "step_limit_seconds": step_limit,
                "rare_fraction": RARE_FRACTION,
                "doubling_cost": DOUBLING_COST}
    games = []
    for code in codes:
        r = best.get(code)
        games.append({"code": code, "result": "missing (failed or not run)"} if r is None
                     else _open_entry(code, r, store, settings))
    now = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
    doc = {"written": now, "store": store.path, "source": SOURCE, "source_url": SOURCE_URL,
           "settings": settings, "run": run or {}, "codes": len(codes),
           "proved": sum(1 for e in games if e.get("proved")),
           "open": sum(1 for e in games if "proved" in e and not e["proved"]),
           "missing": sum(1 for e in games if "proved" not in e),
           "failed": [{"spec": r.spec, "error": r.error} for r in rows if r.status == "failed"],
           "games": games}
    os.makedirs(out, exist_ok=True)
    js_path = os.path.join(out, "octal_open_atlas.json")
    with open(js_path, "w") as f:
        json.dump(doc, f, separators=(",", ":"))
    md_path, figures = render_report_open(doc, out)
    return [md_path, js_path] + [os.path.join(out, p) for p, _ in figures]


def rewrite_report_open(out: str) -> list[str]:
    """Render ``out/octal_open_atlas.md`` and its figure again from its JSON (no store)."""
    with open(os.path.join(out, "octal_open_atlas.json")) as f:
        doc = json.load(f)
    md_path, figures = render_report_open(doc, out)
    return [md_path] + [os.path.join(out, p) for p, _ in figures]


def open_figures(games, out: str) -> list[tuple[str, str]]:
    """The atlas's figure: one small panel per game, how often each value occurs among the heaps
    computed (log scale), rare values (under the game's mask) in their own colour."""
    from . import plotting
    panels = []
    for g in games:
        if not g.get("histogram"):
            continue
        mask = g["mask"] if g.get("mask") is not None and not g.get("parity_bit") else None
        label = g["code"] + (" proved" if g["proved"] else "") + \
            f", {_frontier_text(g['computed_to'])}"
        panels.append((label, g["histogram"], mask))
    if not panels:
        return []
    fig = plotting.plot_value_histograms(
        panels, f"Open octal games: how often each value occurs among the heaps computed "
                f"({len(panels)} games; log scale)")
    path = os.path.join("figures", "octal_open_atlas_values.png")
    plotting.save(fig, os.path.join(out, path))
    n_sparse = sum(1 for _, _, m in panels if m is not None)
    return [(path, f"One panel per game, in the source's order, labelled with its code and "
                   f"log2 of the values computed: the number of heaps with each value "
                   f"(x: the value, y: heaps, log scale). For the {n_sparse} games the "
                   f"sparse-space method ran on, values rare under the game's mask are drawn "
                   f"in red, common ones in blue: the rare values are the few short bars. Games "
                   f"without a sparse space are grey.")]


def _log2(n) -> str:
    n = int(n or 0)
    if n > 0 and n & (n - 1) == 0:
        return str(n.bit_length() - 1)
    return f"{np.log2(n):.2f}" if n > 0 else "0"


def _frontier_text(n) -> str:
    if n is None:
        return "-"
    return f"2^{_log2(n)}" if n > 0 and n & (n - 1) == 0 else f"{n:,}"


def render_report_open(doc: dict, out: str) -> tuple[str, list[tuple[str, str]]]:
    """Write ``out/octal_open_atlas.md`` and its figure from the document ``doc``."""
    games = doc["games"]
    s = doc["settings"]
    figures = open_figures([g for g in games if "proved" in g], out)
    done = [g for g in games if "proved" in g]
    proved = [g for g in done if g["proved"]]
    sparse = [g for g in done if not g["proved"] and (g.get("first_pass") or {}).get("sparse_space")]
    naive = [g for g in done if not g["proved"] and g not in sparse]
    budget = s["budget_seconds"]
    lines = [
        "# The open-game atlas: octal games listed as unsolved", "",
        f"Written by `gtables sweep --catalogue open3` on {doc['written']}; tables in "
        f"`{doc['store']}`.", "",
        f"**The list.** {doc['source']}: <{doc['source_url']}>. Codes are canonical here "
        f"(`.6` = `0.6`; Grundy's game = `4!.0`, split a heap into two unequal heaps). "
        f"\"Source frontier\" = the number of values the source says it computed (it gives one "
        f"for four games only); other published frontiers are listed under the table.", "",
        f"**The run.** Pass 1: every game to {s['size'] + 1:,} values, stopping at a period the "
        f"Guy-Smith theorem proves (no theorem is implemented for Grundy's game: it runs to the "
        f"size). A game has a **sparse space** when pass 1 kept the sparse-space method to the "
        f"end (the stepper leaves it when more than a quarter of the heaps are rare) and at most "
        f"{s['rare_fraction']:.0%} of the heaps in the second half of pass 1 are rare. Pass 2: "
        f"those to {s['big_size'] + 1:,} values, the others (the naive mex, quadratic) to "
        f"{s['naive_size'] + 1:,}. Then each open game doubles its table while its compute time "
        f"so far plus the estimated cost of the doubling (time so far x "
        f"{s['doubling_cost']['sparse']:g} for the sparse method, x "
        f"{s['doubling_cost']['naive']:g} for the naive one) stays within "
        + (f"**{budget:,.0f} s per game**." if budget > 0 else
           "the budget: **no budget was given** (every game stops at its target).")
        + " The budget is checked between passes, so a game may pass it by one doubling's "
          "misestimate; a running task is never cut short."
        + (f" In pass 2 the sparse games climb by doublings, each stored when done; a game "
           f"whose next doubling is estimated (its compute time so far x "
           f"{s['doubling_cost']['sparse']:g}) over the **step limit of "
           f"{s['step_limit_seconds']:,.0f} s** stops there, short of its target."
           if s.get("step_limit_seconds") else ""), "",
        f"**{doc['codes']} games: {len(proved)} proved periodic here, {len(sparse)} open with a "
        f"sparse space, {len(naive)} open without"
        + (f", {doc['missing']} missing" if doc["missing"] else "")
        + f"; {len(doc['failed'])} task(s) failed.**", ""]
    short = [g for g in sparse + naive
             if (g["computed_to"] or 0) < (s["big_size"] if g in sparse else s["naive_size"]) + 1]
    if short:
        lines += [f"**Not finished: {len(short)} of the {len(sparse) + len(naive)} open games are "
                  f"short of their pass-2 target** ({', '.join(g['code'] for g in short)}); "
                  f"they are shown at the frontier reached so far, and the same sweep command "
                  f"on the same store resumes them.", ""]
    run = doc.get("run") or {}
    if run:
        lines += ["## The run", ""] + [f"- {k}: {v}" for k, v in run.items()] + [""]
    lines += ["## Findings: listed as unsolved, proved periodic here", ""]
    if proved:
        lines += ["These disagree with the source's list (a work-in-progress list: the game may "
                  "simply not have been run there). Each period is proved by the Guy-Smith "
                  "theorem on the values computed (G(n+p) = G(n) for n0 <= n < 2*n0 + p + t).", "",
                  "| code | period | pre-period | largest value | values needed |",
                  "|---|---|---|---|---|"]
        lines += [f"| {g['code']} | {g['period']:,} | {g['preperiod']:,} | {g['max_value']} | "
                  f"{g['computed_to']:,} |" for g in proved]
    else:
        lines.append("None: no listed game was proved periodic within its table.")
    checks = [g for g in done if g.get("source_check")]
    lines += ["", "## Against the source's figures", ""]
    if checks:
        lines += ["Our values at the source's frontier against its four figures (rare heaps "
                  "under the source's mask, heap 0 counted, as the source does):", "",
                  "| code | at | largest (heap) here | source | rare heaps, last here | source | "
                  "verdict |", "|---|---|---|---|---|---|---|"]
        for g in checks:
            c = g["source_check"]
            h, t = c["here"], c["source"]
            verdict = "agrees" if not c["differs"] else "**DIFFERS**: " + ", ".join(c["differs"])
            lines.append(f"| {g['code']} | {_frontier_text(c['n'])} | {h['largest']} "
                         f"({h['largest_at']:,}) | {t['largest']} ({t['largest_at']:,}) | "
                         f"{h['rare_heaps']:,}, {h['last_rare']:,} | {t['rare_heaps']:,}, "
                         f"{t['last_rare']:,} | {verdict} |")
    else:
        lines.append("No game was computed as far as the source's frontier (the four games "
                     "with figures: 4!.0 and 0.6 to 2^21, 0.04 and 0.06 to 2^17).")
    if figures:
        lines += ["", "## Figure", ""]
        for path, caption in figures:
            lines += [f"![{os.path.basename(path)}]({path})", "", caption, ""]
    lines += ["", "## Every game", "",
              "Frontier before = the source's; after = values computed here (heaps 0..N-1; a "
              "proved game needs no more). Method: the algorithm of the run (sparse: with its "
              "mask, parity bit when set); rare heaps: count (heap 0 not counted) and the last "
              "one, for the sparse method only. Largest value: where it first occurs. Checksum: "
              "sum of (i+1) G(i) mod 2^61 over the values computed. Seconds: compute time of "
              "the table, earlier runs it resumed included; next doubling: the estimate the "
              "budget compares.", "",
              "| code | before | after | result | sparse space (pass 1) | method | rare heaps "
              "(last) | largest (at) | zeros | checksum | seconds | next doubling |",
              "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for g in games:
        if "proved" not in g:
            lines.append(f"| {g['code']} | | | {g['result']} | | | | | | | | |")
            continue
        fp = g.get("first_pass") or {}
        if fp.get("sparse_space") is None:
            space = "-"
        else:
            space = ("yes" if fp["sparse_space"] else "no") + (
                f" ({fp['late_rare']:,} late rare)" if fp.get("late_rare") is not None else "")
        method = g["algorithm"] or "-"
        if g.get("mask") is not None:
            method += f", mask {g['mask']:#x}" + (", parity bit" if g.get("parity_bit") else "")
        rare = "-" if g.get("rare_heaps") is None else f"{g['rare_heaps']:,}" + (
            f" ({g['last_rare']:,})" if g.get("last_rare") is not None else "")
        res = (f"**proved**: period {g['period']:,}, n0 {g['preperiod']:,}" if g["proved"]
               else "open")
        at = "" if g.get("max_at") is None else f" ({g['max_at']:,})"
        nd = "-" if g.get("next_doubling_seconds") is None else f"{g['next_doubling_seconds']:,.0f}"
        lines.append(
            f"| {g['code']} | {_frontier_text(g['source_frontier'])} | "
            f"{_frontier_text(g['computed_to'])} | {res} | {space} | {method} | {rare} | "
            f"{g['max_value']}{at} | {'-' if g.get('zeros') is None else format(g['zeros'], ',')} | "
            f"{'-' if g.get('checksum') is None else g['checksum']} | {g['seconds']:,.1f} | {nd} |")
    others = [g for g in games if g.get("other_frontier")]
    if others:
        lines += ["", "Other published frontiers (not the list's source):", ""]
        lines += [f"- `{g['code']}`: {g['other_frontier']}" for g in others]
    lines += ["", "The statistics come from the engine's accumulator where the stored table "
              "carries it, otherwise from the stored values (the JSON says which, per game: "
              "`stats_from`); the JSON also has each game's value histogram among the heaps "
              "computed and, for every power of two 2^k up to its frontier, the counts of "
              "heaps < 2^k in value bins 0, 1, 2-3, 4-7, ..."]
    return _write_md(lines, doc, os.path.join(out, "octal_open_atlas.md")), figures
