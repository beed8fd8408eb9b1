"""Render verdicts as Markdown and JSON, and draw the figures a person looks at."""
from __future__ import annotations

import datetime
import json
import os
import platform

from .claims import Verdict


def _esc(s: str) -> str:
    return str(s).replace("|", "\\|").replace("\n", " ")


def verdicts_json(verdicts: list[Verdict], tables: list[dict], meta: dict) -> dict:
    counts = {}
    for v in verdicts:
        counts[v.status] = counts.get(v.status, 0) + 1
    return {"meta": meta, "counts": counts, "tables": tables,
            "verdicts": [v.to_json() for v in verdicts]}


def run_meta(scale: str) -> dict:
    import numba
    import numpy

    from .._version import __version__
    return {"gtables": __version__, "numba": numba.__version__, "numpy": numpy.__version__,
            "python": platform.python_version(), "machine": platform.machine(),
            "cpus": os.cpu_count(), "scale": scale,
            "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")}


def markdown(verdicts: list[Verdict], tables: list[dict], meta: dict, title: str,
             figures: list[tuple[str, str]] = (), intro: str = "") -> str:
    counts = {}
    for v in verdicts:
        counts[v.status] = counts.get(v.status, 0) + 1
    L = [f"# {title}", ""]
    if intro:
        L += [intro, ""]
    L += [f"gtables {meta['gtables']}, numba {meta['numba']}, numpy {meta['numpy']}, "
          f"Python {meta['python']}, {meta['cpus']} CPUs; scale `{meta['scale']}`; {meta['date']}.", "",
          "Verdicts: " + ", ".join(f"**{k}** {n}" for k, n in sorted(counts.items())) + ".", "",
          "Conventions: `P` = the player to move loses (the seeds' f = 1), `N` = the player to move "
          "wins (f = 0); partizan `L`/`R` = Left/Right wins whoever starts. A claim marked "
          "*correction* is our restatement of a claim that failed as printed.", ""]
    L += ["## Summary", "", "| claim | source | verdict | checked |", "|---|---|---|---|"]
    for v in verdicts:
        L.append(f"| `{v.name}`{' *(correction)*' if v.correction_of else ''} | {_esc(v.source)} | "
                 f"{_esc(v.summary())} | {v.checked:,} |")
    L += ["", "## Claims in detail", ""]
    for v in verdicts:
        L.append(f"### `{v.name}`: {v.status}")
        L.append("")
        L.append(f"- **Source:** {v.source}")
        L.append(f"- **Statement:** {v.statement}")
        if v.reading:
            L.append(f"- **Our reading:** {v.reading}")
        if v.correction_of:
            L.append(f"- **Correction of:** `{v.correction_of}` (our restatement, checked as hard)")
        if v.convention:
            L.append(f"- **Convention:** {v.convention}")
        L.append(f"- **Verdict:** {v.summary()}; {v.checked:,} cases checked in {v.seconds:.2f} s.")
        if v.details:
            L.append(f"- **Details:** {v.details}")
        if v.counterexamples:
            L += ["", "| position | claimed | computed |", "|---|---|---|"]
            for c in v.counterexamples:
                L.append(f"| {_esc(c.position)} | {_esc(c.claimed)} | {_esc(c.computed)} |")
        L.append("")
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


def write(outdir: str, stem: str, verdicts, tables, meta, title, figures=(), intro="") -> tuple[str, str]:
    os.makedirs(outdir, exist_ok=True)
    md = os.path.join(outdir, stem + ".md")
    js = os.path.join(outdir, stem + ".json")
    with open(md, "w") as f:
        f.write(markdown(verdicts, tables, meta, title, figures, intro))
    with open(js, "w") as f:
        json.dump(verdicts_json(verdicts, tables, meta), f, indent=1)
    return md, js
