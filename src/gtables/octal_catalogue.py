"""The octal-game catalogue: every code 0.d1, 0.d1d2, 0.d1d2d3 (511 games), computed until the
Guy-Smith theorem proves a period or up to a size bound, and compared with the literature (the
one table, :mod:`gtables.games.octal_literature`, through :func:`gtables.verify.octal_literature.compare`).

It runs as two sweeps (:mod:`gtables.sweep`, on Dask): every game to ``size`` (default 2^16)
with ``until_periodic``; then the games still open whose rare heaps stay rare (the sparse-space
method is fast there: at most ``RARE_FRACTION`` of the heaps rare) again to ``big_size``
(default 2^25), resuming from the stored first pass.  Games without a sparse space stay at the
first bound: a naive run to 2^25 would cost hours each.
"""
from __future__ import annotations

import datetime
import json
import os

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
                  echo=print, **sweep_options):
    """Both passes as Dask sweeps (``sweep_options`` go to :func:`gtables.sweep.run_sweep`:
    scheduler, workers, ...); returns every row of both passes."""
    from .sweep import run_sweep
    echo(f"catalogue pass 1: {len(catalogue_codes())} octal games to heap {size:,}, "
         f"until a period is proved")
    rows = run_sweep(catalogue_specs(size), store, until_periodic=True, echo=echo, **sweep_options)
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


def stored_rows(store) -> list:
    """Rows for every catalogue table the store holds, whatever its size (earlier or larger
    runs count too: the report shows each game's most informative table)."""
    from .sweep import stored_row
    codes = set(catalogue_codes())
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
        proved = r.period is not None
        rec = lookup(code)
        diffs = compare(code, r.period, r.preperiod, r.max_value, r.computed_to) if rec else []
        if rec is not None:
            n_lit += 1
            n_agree += not diffs
        e = {"code": code, "proved": proved, "period": r.period, "preperiod": r.preperiod,
             "max_value": r.max_value, "computed_to": r.computed_to,
             "algorithm": (r.extra or {}).get("algorithm"),
             "rare_heaps": (r.extra or {}).get("rare_heaps"),
             "literature": None if rec is None else {
                 "status": rec.status, "period": rec.period, "preperiod": rec.preperiod,
                 "max_value": rec.max_value, "source": rec.source},
             "disagreements": diffs}
        entries.append(e)
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


def catalogue_figures(games, out: str) -> list[tuple[str, str]]:
    """The catalogue's summary figures, drawn into ``out/figures`` from its ``games`` (the
    entries of ``octal_catalogue.json``); returns ``[(path relative to out, caption)]``."""
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
        f"Octal games 0.d1 .. 0.d1d2d3: period and pre-period of the {len(proved)} proved "
        f"games, {n_open} open (log scale)")
    path = os.path.join("figures", "octal_catalogue_periods.png")
    plotting.save(fig, os.path.join(out, path))
    out_figs.append((path, f"Period (top) and pre-period (bottom) against code, in catalogue order "
                           f"(0.d1, then 0.d1d2, then 0.d1d2d3), log scale: a dot for each of the "
                           f"{len(proved)} games proved periodic (a pre-period 0 is drawn at 0.5), "
                           f"a hollow triangle for each of the {n_open} open games at the number "
                           f"of values computed (a lower bound of both)."))
    fig = plotting.plot_histograms(
        [([g["period"] for g in proved], "period", True),
         ([g["preperiod"] for g in proved], "pre-period", True),
         ([g["max_value"] for g in games], "largest value", True)],
        f"Octal games 0.d1 .. 0.d1d2d3: period and pre-period of the {len(proved)} proved games, "
        f"largest value computed of all {len(games)}")
    path = os.path.join("figures", "octal_catalogue_histograms.png")
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
