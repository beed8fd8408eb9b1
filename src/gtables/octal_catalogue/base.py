"""What every catalogue shares: the :class:`Catalogue` record, the two-pass run, reading the
store back, writing the JSON and rendering the Markdown report from it.

A catalogue is data plus a few small functions: its name, its file stem, which games it lists,
its settings and their defaults, how it runs (:func:`two_passes` for the code catalogues), what
its JSON holds beyond the common part, how its report reads (tables are tuples of
:class:`Column`) and which figures it draws.  Everything else (picking each game's most
informative row, the failed tasks, the written date, saving, rendering again from the JSON
alone) is here, once.
"""

from __future__ import annotations

import datetime
import json
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import GtablesError

#: a second pass is worth it when at most this fraction of the heaps is rare (the sparse-space
#: method stays fast); the open atlas uses the same fraction for its sparse-space rule
RARE_FRACTION = 0.01
#: the result of a game with no row
MISSING = "missing (failed or not run)"

#: a figure of a report: its path relative to the output folder, and its caption
Figure = tuple[str, str]


def code_of(spec: str) -> str:
    return spec.split("code=")[1].split(",")[0]


def size_of(spec: str) -> int:
    return int(spec.split("size=")[1])


def spec_of(code: str, size: int) -> str:
    return f"octal:code={code},size={size}"


# -- rows: from the sweeps and from the store -----------------------------------------------------


def best_rows(rows) -> dict:
    """Per code, the most informative row: a proof (the one that needed the fewest values),
    else the longest computation."""

    def key(r):
        n = r.computed_to or 0
        return (1, -n) if r.period is not None else (0, n)

    best: dict[str, Any] = {}
    for r in rows:
        if r.status == "failed":
            continue
        c = code_of(r.spec)
        if c not in best or key(r) > key(best[c]):
            best[c] = r
    return best


def stored_rows(store, codes) -> list:
    """Rows for every table of ``codes`` the store holds, whatever its size (earlier or larger
    runs count too: a report shows each game's most informative table)."""
    from ..sweep import stored_row

    codes = set(codes)
    out = []
    for a in store.list():
        spec = a.get("spec", "")
        if a.get("damaged"):
            continue  # listed by gtables check; a damaged table proves nothing
        if spec.startswith("octal:code=") and code_of(spec) in codes and "play=" not in spec:
            out.append(stored_row(store, spec))
    return out


def table_sizes(best: dict, codes) -> list[int]:
    """The table sizes (heaps 0..N-1: N) behind the best rows of ``codes``."""
    codes = set(codes)
    return sorted({size_of(r.spec) + 1 for c, r in best.items() if c in codes})


def tally(entries) -> dict:
    """How many entries are proved periodic, open (computed, no period) and missing (no row)."""
    done = [e for e in entries if "proved" in e]
    proved = sum(1 for e in done if e["proved"])
    return {"proved": proved, "open": len(done) - proved, "missing": len(entries) - len(done)}


# -- the two passes of the code catalogues ------------------------------------------------------


def second_pass(rows, big_size: int) -> list[str]:
    """Specs for the games worth a longer run: open after the first pass, sparse method in use,
    rare heaps at most ``RARE_FRACTION`` of the heaps; the cheapest (fewest rare heaps) first."""
    out = []
    for r in rows:
        x = r.extra or {}
        if r.status == "failed" or r.period is not None:
            continue
        rare = x.get("rare_heaps")
        if (
            x.get("algorithm") == "sparse"
            and rare is not None
            and rare <= RARE_FRACTION * r.computed_to
        ):
            out.append((rare, spec_of(code_of(r.spec), big_size)))
    return [spec for _, spec in sorted(out)]


def two_passes(cat: Catalogue, store, settings: dict, *, echo=print, **sweep_options) -> list:
    """Every game of ``cat`` to ``settings["size"]`` until a period is proved, then the open
    games whose rare heaps stay rare (:func:`second_pass`) to ``settings["big_size"]``, resuming
    from the first pass, as Dask sweeps (``sweep_options`` go to
    :func:`gtables.sweep.run_sweep`: scheduler, workers, ...).  Games without a sparse space
    stay at the first bound: a naive run to 2^25 would cost hours each.  Returns every row."""
    from ..sweep import run_sweep

    size, big_size = settings["size"], settings["big_size"]
    specs = [spec_of(c, size) for c in cat.codes()]
    echo(f"catalogue pass 1: {len(specs)} octal games to heap {size:,}, until a period is proved")
    rows = run_sweep(specs, store, until_periodic=True, echo=echo, **sweep_options)
    more = second_pass(rows, big_size) if big_size > size else []
    if more:
        echo(f"catalogue pass 2: {len(more)} open games with a sparse space, to heap {big_size:,}")
        rows = rows + run_sweep(more, store, until_periodic=True, echo=echo, **sweep_options)
    return rows


# -- the report's pieces -------------------------------------------------------------------------


@dataclass(frozen=True)
class Column:
    """One column of a report's table: its header, the cell of a game's entry, and the cell of
    an entry with no result (no ``proved`` key; ``missing`` None leaves it blank)."""

    header: str
    cell: Callable[[dict], str]
    missing: Callable[[dict], str] | None = None


def table(columns, entries) -> list[str]:
    """The lines of a Markdown table of ``entries``, one row each."""
    lines = ["| " + " | ".join(c.header for c in columns) + " |", "|" + "---|" * len(columns)]
    for e in entries:
        if "proved" in e:
            cells: list[str | None] = [c.cell(e) for c in columns]
        else:
            cells = [None if c.missing is None else c.missing(e) for c in columns]
        lines.append("|" + "".join(" |" if c is None else f" {c} |" for c in cells))
    return lines


def code_column(header: str = "code") -> Column:
    return Column(header, lambda e: e["code"], missing=lambda e: e["code"])


def figure_section(figures: list[Figure], title: str = "Figures") -> list[str]:
    lines = [f"## {title}", ""] if figures else []
    for path, caption in figures:
        lines += [f"![{os.path.basename(path)}]({path})", "", caption, ""]
    return lines


def run_section(doc: dict) -> list[str]:
    """How the run went (command, wall time, memory, load), as given."""
    run = doc.get("run") or {}
    if not run:
        return []
    return ["## The run", ""] + [f"- {k}: {v}" for k, v in run.items()] + [""]


# -- the catalogue -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Catalogue:
    """A catalogue of games computed together and reported in one document.

    ``codes`` lists the games computed, in the report's order; ``defaults`` are the run's
    settings (table sizes, budgets) and their defaults; ``passes(cat, store, settings, echo=...,
    **sweep_options)`` runs it and returns the rows; ``document(cat, best, store, settings)``
    is what its JSON holds beyond the common part (``best``: each code's most informative row,
    :func:`best_rows`); ``render(doc, figures)`` the Markdown's lines and
    ``figures(cat, doc, out)`` its figures, both from the JSON alone."""

    name: str  #: ``gtables sweep --catalogue NAME``
    stem: str  #: the report is ``out/STEM.md`` and ``.json``, the figures ``figures/STEM_*.png``
    codes: Callable[[], list[str]]
    defaults: Mapping[str, Any]
    passes: Callable[..., list]
    document: Callable[[Catalogue, dict, Any, dict], dict]
    render: Callable[[dict, list[Figure]], list[str]]
    figures: Callable[[Catalogue, dict, str], list[Figure]]
    json_indent: int | None = None  #: None: compact
    #: the rows ``passes`` returns are the catalogue's own (JSON-able dicts, handed to
    #: ``document`` as they are, a failed one has ``status == "failed"``), not sweep rows read
    #: back with the store's tables (the misère chart: quotients are not tables)
    own_rows: bool = False

    def settings(self, **given) -> dict:
        """The defaults, with every setting given (not None) in their place."""
        unknown = sorted(k for k, v in given.items() if v is not None and k not in self.defaults)
        if unknown:
            raise GtablesError(
                f"the catalogue {self.name} has no setting {', '.join(unknown)} "
                f"(it has {', '.join(self.defaults)})"
            )
        return {k: v if given.get(k) is None else given[k] for k, v in self.defaults.items()}

    def run(self, store, settings: dict | None = None, *, echo=print, **sweep_options) -> list:
        """Compute the catalogue into ``store`` (resuming whatever it holds); every row."""
        return self.passes(
            self, store, self.settings(**(settings or {})), echo=echo, **sweep_options
        )

    def write_report(
        self, rows, store, out: str, settings: dict | None = None, run: dict | None = None
    ) -> list[str]:
        """Write ``out/STEM.md`` and ``.json`` and the figures from the sweeps' ``rows`` and the
        catalogue's tables already in the store (each game shown with its most informative
        table); ``settings`` are the run's, ``run`` (optional) how it went (command, wall
        time, memory, load: shown as given).  Returns the paths."""
        now = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
        settings = self.settings(**(settings or {}))
        if self.own_rows:
            rows = list(rows)
            doc = {
                "written": now,
                "run": run or {},
                "failed": [r for r in rows if r.get("status") == "failed"],
                **self.document(self, rows, store, settings),
            }
        else:
            rows = list(rows) + stored_rows(store, self.codes())
            doc = {
                "written": now,
                "store": store.path,
                "run": run or {},
                "failed": [
                    {"spec": r.spec, "error": r.error} for r in rows if r.status == "failed"
                ],
                **self.document(self, best_rows(rows), store, settings),
            }
        os.makedirs(out, exist_ok=True)
        js_path = self._save(doc, out)
        md_path, figures = self.render_report(doc, out)
        return [md_path, js_path] + [os.path.join(out, p) for p, _ in figures]

    def rewrite_report(
        self, out: str, run: dict | None = None, edit: Callable[[dict], Any] | None = None
    ) -> list[str]:
        """Render ``out/STEM.md`` and the figures again from ``out/STEM.json`` (no store: what
        a change of the report's form needs); ``run``, if given, replaces the run's description
        first, and ``edit``, if given, changes the document in place (e.g. longer tables of
        another run, :func:`.atlas.add_longer_tables`); either is saved in the JSON.  Returns
        the paths."""
        with open(os.path.join(out, f"{self.stem}.json")) as f:
            doc = json.load(f)
        if run is not None:
            doc["run"] = run
        if edit is not None:
            edit(doc)
        if run is not None or edit is not None:
            self._save(doc, out)
        md_path, figures = self.render_report(doc, out)
        return [md_path] + [os.path.join(out, p) for p, _ in figures]

    def render_report(self, doc: dict, out: str) -> tuple[str, list[Figure]]:
        """Write ``out/STEM.md`` and the figures from the document ``doc`` (what the JSON
        holds), its failed tasks last; returns the Markdown's path and the figures."""
        figures = self.figures(self, doc, out)
        lines = self.render(doc, figures)
        failed = doc.get("failed") or []
        if failed:
            lines += ["", "## Failed tasks", ""] + [
                f"- `{r['spec']}`: {r['error']}" for r in failed
            ]
        path = os.path.join(out, f"{self.stem}.md")
        with open(path, "w") as f:
            f.write("\n".join(lines) + "\n")
        return path, figures

    def save_figure(self, fig, out: str, name: str, caption: str) -> Figure:
        """Save ``fig`` as ``out/figures/STEM_NAME.png``; returns it with its caption."""
        from .. import plotting

        path = os.path.join("figures", f"{self.stem}_{name}.png")
        plotting.save(fig, os.path.join(out, path))
        return path, caption

    def _save(self, doc: dict, out: str) -> str:
        path = os.path.join(out, f"{self.stem}.json")
        with open(path, "w") as f:
            if self.json_indent is None:
                json.dump(doc, f, separators=(",", ":"))
            else:
                json.dump(doc, f, indent=self.json_indent)
        return path
