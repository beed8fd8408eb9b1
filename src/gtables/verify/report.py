"""Render verdicts as Markdown and JSON, and draw the figures a person looks at."""
from __future__ import annotations

import datetime
import json
import os
import platform

from .claims import Verdict


def _esc(s: str) -> str:
    return str(s).replace("|", "\\|").replace("\n", " ")


# What differs from one run of the same code to the next (the moment, the machine, the versions of
# Python, numba and numpy, the seconds):
# kept out of the report's tracked files (REPORT.md, REPORT.json, the pages) so that a run that
# reproduces the verdicts leaves them byte for byte as they were; :func:`write_pages` puts it in
# ``<outdir>/run.json`` instead (not tracked).
RUN_KEYS = ("date", "seconds", "machine", "cpus", "numba", "numpy", "python")
TABLE_RUN_KEYS = ("compute_seconds", "fresh")


def verdicts_json(verdicts: list[Verdict], tables: list[dict], meta: dict,
                  timings: bool = True) -> dict:
    """The JSON of a report: ``meta``, the counts, the tables and every verdict; without
    ``timings`` the run-dependent fields (:data:`RUN_KEYS`, each verdict's seconds, each table's
    :data:`TABLE_RUN_KEYS`) are left out."""
    counts = _counts(verdicts)
    if timings:
        return {"meta": meta, "counts": counts, "tables": tables,
                "verdicts": [v.to_json() for v in verdicts]}
    out = []
    for v in verdicts:
        d = v.to_json()
        d.pop("seconds", None)
        out.append(d)
    return {"meta": stable_meta(meta), "counts": counts,
            "tables": [{k: x for k, x in t.items() if k not in TABLE_RUN_KEYS} for t in tables],
            "verdicts": out}


def run_meta(scale: str) -> dict:
    import numba
    import numpy

    from .._version import __version__
    return {"gtables": __version__, "numba": numba.__version__, "numpy": numpy.__version__,
            "python": platform.python_version(), "machine": platform.machine(),
            "cpus": os.cpu_count(), "scale": scale,
            "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")}


def stable_meta(meta: dict) -> dict:
    """``meta`` without what changes from run to run (:data:`RUN_KEYS`)."""
    return {k: v for k, v in meta.items() if k not in RUN_KEYS}


def run_record(verdicts, tables, meta) -> dict:
    """What a run's tracked files leave out: the date, machine, CPUs and seconds of the run, each
    claim's seconds, each table's compute seconds and whether this run computed it."""
    return {"meta": {k: meta[k] for k in RUN_KEYS if k in meta},
            "claims": {v.name: v.seconds for v in verdicts},
            "tables": {t["spec"]: {k: t[k] for k in TABLE_RUN_KEYS if k in t} for t in tables}}


def markdown(verdicts: list[Verdict], tables: list[dict], meta: dict, title: str,
             figures: list[tuple[str, str]] = (), intro: str = "") -> str:
    counts = {}
    for v in verdicts:
        counts[v.status] = counts.get(v.status, 0) + 1
    L = [f"# {title}", ""]
    if intro:
        L += [intro, ""]
    L += [_meta_line(meta), "",
          "Verdicts: " + ", ".join(f"**{k}** {n}" for k, n in sorted(counts.items())) + ".", "",
          "Conventions: `P` = the player to move loses (the seeds' f = 1), `N` = the player to move "
          "wins (f = 0); partizan `L`/`R` = Left/Right wins whoever starts. A claim marked "
          "*correction* is our restatement of a claim that failed as printed.", ""]
    L += ["## Summary", ""] + _claims(verdicts, lambda name: f"`{name}`", timing=True)
    if tables:
        L += ["## Tables used", "", "| spec | kind | positions | dtype | max value | compute s |",
              "|---|---|---|---|---|---|"]
        for t in tables:
            L.append(f"| `{t['spec']}` | {t['kind']} | {t['positions']:,} | {t['dtype']} | "
                     f"{t['max_value']} | {t['compute_seconds']:.3f} |")
        L.append("")
    if figures:
        L += ["## Figures", ""]
        for path, caption in figures:
            L += [f"![{caption}]({path})", "", f"*{caption}*", ""]
    return "\n".join(L)


STATUSES = ("HOLDS", "PROVED", "FAILS", "REFUTED", "OPEN", "ERROR")
FAILING = ("FAILS", "REFUTED")     # a claim shown false: by counterexamples, or against a proof
# the columns of the counts tables: every status, except REFUTED where no verdict has it
COLUMNS = ("HOLDS", "PROVED", "FAILS", "OPEN", "ERROR")


def _columns(verdicts) -> tuple[str, ...]:
    if any(v.status == "REFUTED" for v in verdicts):
        return STATUSES
    return COLUMNS


def _short(text: str, limit: int = 240) -> str:
    """``text`` on one line; past ``limit`` characters it ends at the last space before the
    limit (never inside a word or number), with "…".  For counterexample cells only: statements
    are never shortened."""
    text = " ".join(str(text).split())
    if len(text) <= limit:
        return text
    cut = text.rfind(" ", 0, limit)
    return text[:cut if cut > limit // 2 else limit].rstrip(" ,;") + " …"


def _first_counterexample(v: Verdict, short: bool = False) -> str:
    if not v.counterexamples:
        return f"fails on {_esc(v.domain)}"
    c = v.counterexamples[0]
    more = len(v.counterexamples) - 1
    if short:
        return (f"{_esc(_short(c.position))}: claimed {_esc(_short(c.claimed))}, "
                f"computed {_esc(_short(c.computed))}" + (f" (+{more})" if more else ""))
    tail = f" ({more} more shown on the page)" if more else ""
    return (f"first counterexample {_esc(c.position)}: claimed {_esc(c.claimed)}, "
            f"computed {_esc(c.computed)}{tail}")


def _proof_numbers(v: Verdict) -> str:
    d = v.data or {}
    if "period" in d and "preperiod" in d:
        return f" (period {d['period']:,}, pre-period {d['preperiod']:,})"
    return ""


def _counts(verdicts) -> dict:
    counts: dict[str, int] = {}
    for v in verdicts:
        counts[v.status] = counts.get(v.status, 0) + 1
    return counts


def _page_name(key: str) -> str:
    return f"{key}.md"


def _anchor(name: str) -> str:
    return name.replace(".", "-")


def _groups(verdicts) -> dict:
    from .runner import SOURCES, source_of
    groups: dict[str, list] = {}
    for v in verdicts:
        groups.setdefault(source_of(v.name), []).append(v)
    order = list(SOURCES)
    return dict(sorted(groups.items(), key=lambda kv: (order.index(kv[0]) if kv[0] in order
                                                       else len(order), kv[0])))


def _meta_line(meta: dict) -> str:
    """The versions and scale of a run, and (when ``meta`` has them) its CPUs, date and seconds."""
    line = f"gtables {meta['gtables']}"
    if "python" in meta:
        line += f", numba {meta['numba']}, numpy {meta['numpy']}, Python {meta['python']}"
    if "cpus" in meta:
        line += f", {meta['cpus']} CPUs"
    line += f"; scale `{meta['scale']}`"
    if "date" in meta:
        line += f"; {meta['date']}"
    if "seconds" in meta:
        line += f"; {meta['seconds']} s"
    return line + "."


def _notation(key: str) -> list[str]:
    from .runner import NOTATION
    text = NOTATION.get(key)
    return [f"*Notation.* {text}", ""] if text else []


def findings(vs: list, link) -> list[str]:
    """The lines a reader came for, for one source's verdicts: each statement refuted as printed
    with its first counterexample and our corrections' verdicts, each correction of ours that
    fails too, each proof with what it covers, each question left open, each error.  Every
    failing verdict is in exactly one list, and each list's heading counts its rows, so the
    headings add up to the FAILS (and REFUTED) count.  ``link(name)`` is the Markdown target of a
    claim."""
    L: list[str] = []
    corrections: dict[str, list] = {}
    for v in vs:
        if v.correction_of:
            corrections.setdefault(v.correction_of, []).append(v)
    refuted = [v for v in vs if v.status in FAILING and not v.correction_of]
    failed_fixes = [v for v in vs if v.status in FAILING and v.correction_of]
    if refuted:
        L += [f"**Refuted as printed ({len(refuted)}).**", "",
              "| claim | as printed | first counterexample | our correction |", "|---|---|---|---|"]
        for v in refuted:
            fixes = "; ".join(
                f"[`{c.name}`]({link(c.name)}) **{c.status}**"
                + (" (listed below)" if c.status in FAILING else "")
                for c in corrections.get(v.name, ())) or "none"
            L.append(f"| [`{v.name}`]({link(v.name)}) | {_esc(' '.join(v.statement.split()))} | "
                     f"{_first_counterexample(v, short=True)} | {fixes} |")
        L.append("")
    if failed_fixes:
        L += [f"**Our corrections that fail too ({len(failed_fixes)}),** each kept to show what a "
              "working correction needs:", "",
              "| correction | corrects | as we stated it | first counterexample |",
              "|---|---|---|---|"]
        for v in failed_fixes:
            L.append(f"| [`{v.name}`]({link(v.name)}) | [`{v.correction_of}`]"
                     f"({link(v.correction_of)}) | {_esc(' '.join(v.statement.split()))} | "
                     f"{_first_counterexample(v, short=True)} |")
        L.append("")
    sections = (
        ("PROVED", "**Proved ({n}),** each for exactly what its line names:", "covers",
         lambda v: f"{_esc(v.domain)}{_proof_numbers(v)}"),
        ("OPEN", "**Open ({n}).**", "where it stands", lambda v: _esc(v.domain)),
        ("ERROR", "**Errors ({n}): the check itself broke; no verdict.**", "error",
         lambda v: _esc(_short(v.domain, 300))),
    )
    for status, heading, column, cell in sections:
        rows = [v for v in vs if v.status == status]
        if rows:
            L += [heading.format(n=len(rows)), "", f"| claim | {column} |", "|---|---|"]
            L += [f"| [`{v.name}`]({link(v.name)}) | {cell(v)} |" for v in rows]
            L.append("")
    if not L:
        L += ["Every claim holds on its stated range; nothing refuted, proved or left open.", ""]
    return L


def _detail(v: Verdict, timing: bool = False) -> list[str]:
    L = [f'<a id="{_anchor(v.name)}"></a>', "", f"### `{v.name}`: {v.status}", "",
         f"- **Source:** {v.source}", f"- **Statement:** {v.statement}"]
    if v.reading:
        L.append(f"- **Our reading:** {v.reading}")
    if v.correction_of:
        L.append(f"- **Correction of:** [`{v.correction_of}`](#{_anchor(v.correction_of)}) "
                 "(our restatement, checked as hard)")
    if v.convention:
        L.append(f"- **Convention:** {v.convention}")
    L.append(f"- **Verdict:** {v.summary()}{_proof_numbers(v)}; {v.checked:,} cases checked"
             + (f" in {v.seconds:.2f} s." if timing else "."))
    if v.details:
        L.append(f"- **Details:** {v.details}")
    if v.counterexamples:
        L += ["", "| position | claimed | computed |", "|---|---|---|"]
        for c in v.counterexamples:
            L.append(f"| {_esc(c.position)} | {_esc(c.claimed)} | {_esc(c.computed)} |")
    L.append("")
    return L


def _claims(vs: list, cell, timing: bool = False) -> list[str]:
    """The claims ``vs`` in a summary table (``cell(name)``: the name's cell), then in detail."""
    L = ["| claim | source | verdict | checked |", "|---|---|---|---|"]
    for v in vs:
        L.append(f"| {cell(v.name)}{' *(correction)*' if v.correction_of else ''} | "
                 f"{_esc(v.source)} | {_esc(v.summary())} | {v.checked:,} |")
    L += ["", "## Claims in detail", ""]
    for v in vs:
        L += _detail(v, timing=timing)
    return L


def source_page(key: str, heading: str, vs: list, meta: dict, figures=(), up: str = "../REPORT.md") -> str:
    """One source's page: its counts and findings, the figures that explain it, every claim in a
    summary table and then in detail (statement, reading, verdict, counterexamples)."""
    c = _counts(vs)
    L = [f"# {heading}", "", f"[Back to the report]({up}). {_meta_line(meta)}", "",
         f"{len(vs)} claims: " + ", ".join(f"**{s}** {c[s]}" for s in STATUSES if c.get(s)) + ".", ""]
    L += _notation(key)
    L += ["## Findings", ""]
    L += findings(vs, lambda name: f"#{_anchor(name)}")
    if figures:
        L += ["## Figures", ""]
        for f in figures:
            L += [f"![{_esc(f.caption)}](../{f.path})", "", f"*{f.caption}*", ""]
    L += ["## Every claim", ""] + _claims(vs, lambda name: f"[`{name}`](#{_anchor(name)})")
    return "\n".join(L)


def tables_page(tables: list[dict], meta: dict, up: str = "../REPORT.md") -> str:
    L = ["# Tables used", "", f"[Back to the report]({up}). {_meta_line(meta)}", "",
         f"{len(tables)} tables, each computed once (or read from the store) and shared by every "
         "claim that declares it. `gtables query SPEC POSITION --moves` looks up any position. "
         "How long each took is in the run's `run.json` beside `REPORT.md` (not tracked: it "
         "changes with every run).", "",
         "| spec | kind | positions | dtype | max value |", "|---|---|---|---|---|"]
    for t in tables:
        L.append(f"| `{t['spec']}` | {t['kind']} | {t['positions']:,} | {t['dtype']} | "
                 f"{t['max_value']} |")
    return "\n".join(L) + "\n"


def summary_lines(verdicts, tables, pages: str = "report") -> list[str]:
    """The three lines a report opens with: the counts of every verdict, then the sources with
    refuted claims, then those with open questions (how many in each, linked to its page)."""
    from .runner import SOURCES
    groups = _groups(verdicts)
    c = _counts(verdicts)
    failing = sum(c.get(s, 0) for s in FAILING)
    counts = (f"{c.get('HOLDS', 0)} hold, {c.get('PROVED', 0)} proved, {failing} refuted, "
              f"{c.get('OPEN', 0)} open" + (f", {c['ERROR']} ended in an error"
                                            if c.get("ERROR") else ""))

    def by_source(statuses) -> str:
        parts = []
        for key, vs in groups.items():
            n = sum(v.status in statuses for v in vs)
            if n:
                parts.append(f"{n} in [{_esc(SOURCES.get(key, key))}]({pages}/{_page_name(key)})")
        return "; ".join(parts) if parts else "none"
    many = lambda n, word: f"{n:,} {word}{'' if n == 1 else 's'}"  # noqa: E731
    return [f"- **{many(len(verdicts), 'claim')}** from {many(len(groups), 'source')}, on "
            f"{many(len(tables), 'table')}: {counts}.",
            f"- Refuted: {by_source(FAILING)}.",
            f"- Open: {by_source(('OPEN',))}."]


def index_page(verdicts, tables, meta, title, figures=(), intro="", pages: str = "report") -> str:
    """The report's first page: three lines of summary (:func:`summary_lines`), per source the
    verdict counts, then the findings (refuted statements with their first counterexample and
    our correction, proofs with what they cover, open questions), each linking to its source's
    page under ``pages``."""
    from .runner import SOURCES
    groups = _groups(verdicts)
    total = _counts(verdicts)
    cols = _columns(verdicts)
    L = [f"# {title}", "", *summary_lines(verdicts, tables, pages), ""]
    if intro:
        L += [intro, ""]
    L += [_meta_line(meta), "",
          "Conventions: `P` = the player to move loses (the seeds' f = 1), `N` = the player to move "
          "wins (f = 0); partizan `L`/`R` = Left/Right wins whoever starts. In the findings, "
          "`(+k)` after a counterexample: k more are listed on the source's page. Each source's "
          "findings begin with the notation its statements use.", "",
          "| source | claims | " + " | ".join(cols) + " | page |",
          "|---|---|" + "---|" * len(cols) + "---|"]
    for key, vs in groups.items():
        c = _counts(vs)
        L.append(f"| {_esc(SOURCES.get(key, key))} | {len(vs)} | "
                 + " | ".join(str(c.get(s, 0)) for s in cols)
                 + f" | [{pages}/{_page_name(key)}]({pages}/{_page_name(key)}) |")
    L.append(f"| **all** | **{len(verdicts)}** | "
             + " | ".join(f"**{total.get(s, 0)}**" for s in cols) + " | |")
    L += ["", f"The tables behind the verdicts: [{pages}/tables.md]({pages}/tables.md) "
          f"({len(tables):,} tables). Figures are on each source's page"
          + (f" ({len(figures)} in all)." if figures else "."), "", "## Findings", ""]
    for key, vs in groups.items():
        L += [f"### {SOURCES.get(key, key)}", ""]
        L += _notation(key)
        L += findings(vs, lambda name, key=key: f"{pages}/{_page_name(key)}#{_anchor(name)}")
    return "\n".join(L)


def write_pages(outdir: str, stem: str, verdicts, tables, meta, title, figures=(), intro="",
                pages: str = "report") -> tuple[str, str, list[str]]:
    """The report in two levels: ``<outdir>/<stem>.md`` (counts and findings), one page per
    source plus the tables page under ``<outdir>/<pages>/``, and ``<stem>.json`` with every
    verdict.  ``figures`` are objects with ``path`` (relative to ``outdir``), ``caption`` and
    ``seed`` (the source key whose page shows them).  Returns (index, json, pages written).

    These files hold nothing that changes between two runs of the same code on the same
    machine: the date, the CPUs and every number of seconds (:func:`run_record`) go to
    ``<outdir>/run.json`` instead, so a run that reproduces the verdicts leaves them as they
    were."""
    from .runner import SOURCES
    os.makedirs(os.path.join(outdir, pages), exist_ok=True)
    with open(os.path.join(outdir, "run.json"), "w") as fh:
        json.dump(run_record(verdicts, tables, meta), fh, indent=1)
    meta = stable_meta(meta)
    written = []
    up = "../" + stem + ".md"
    for key, vs in _groups(verdicts).items():
        path = os.path.join(outdir, pages, _page_name(key))
        figs = [f for f in figures if f.seed == key]
        with open(path, "w") as fh:
            fh.write(source_page(key, SOURCES.get(key, key), vs, meta, figs, up) + "\n")
        written.append(path)
    path = os.path.join(outdir, pages, "tables.md")
    with open(path, "w") as fh:
        fh.write(tables_page(tables, meta, up))
    written.append(path)
    for name in os.listdir(os.path.join(outdir, pages)):   # a source no longer present
        path = os.path.join(outdir, pages, name)
        if name.endswith(".md") and path not in written:
            os.remove(path)
    md = os.path.join(outdir, stem + ".md")
    js = os.path.join(outdir, stem + ".json")
    with open(md, "w") as fh:
        fh.write(index_page(verdicts, tables, meta, title, figures, intro, pages) + "\n")
    with open(js, "w") as fh:
        json.dump(verdicts_json(verdicts, tables, meta, timings=False), fh, indent=1)
        fh.write("\n")
    return md, js, written


def write(outdir: str, stem: str, verdicts, tables, meta, title, figures=(), intro="") -> tuple[str, str]:
    os.makedirs(outdir, exist_ok=True)
    md = os.path.join(outdir, stem + ".md")
    js = os.path.join(outdir, stem + ".json")
    with open(md, "w") as f:
        f.write(markdown(verdicts, tables, meta, title, figures, intro))
    with open(js, "w") as f:
        json.dump(verdicts_json(verdicts, tables, meta), f, indent=1)
    return md, js
