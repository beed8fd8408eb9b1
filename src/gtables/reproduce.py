"""The main job: compute every registered seed table, run every claim, write the report."""
from __future__ import annotations

import os
import time

from .api import DEFAULT_STORE, store_arg

INTRO = """Written by `gtables reproduce`; nothing here is edited by hand. Each claim the seed
documents make (and a few published facts used as independent checks) gets a verdict: `HOLDS`
(checked on every position of the stated range), `PROVED` (for all positions, by a theorem that
turns the finite check into a proof; it covers exactly the games its line names, never a general
theorem for all parameters), `FAILS` (refuted: counterexamples listed), `REFUTED` (where a proof
was the alternative: the finite check that would have proved it found a counterexample; counted
with the failures), `OPEN` (not settled within the computed range). Below: the counts, then the
findings. Every claim, its reading, the figures and the counterexamples are on one page per source
under [`report/`](report/). Nothing here changes when a run reproduces the same verdicts: the
date, the timings and the versions of Python, numba and numpy of a run are in `run.json` beside
this file, which is not tracked."""


def table_provider(store=None, progress: bool | None = None):
    """The tables a verification run sees: computed into ``store`` (or in memory when None)
    through :func:`gtables.api.compute`, read back from it when stored."""
    from . import api

    def provide(spec: str):
        return api.compute(spec, store=store, progress=progress)
    return provide


SCALES = ("small", "default", "large")


def claim_names(names) -> list[str] | None:
    """``names`` as a list of claim names or prefixes: ``None`` (every claim), one string (one
    name: ``'001.B.options'`` is not nine one-letter prefixes), or an iterable of strings.  An
    empty name would match every claim, so it is refused (give none for all)."""
    from .errors import GtablesError
    if names is None:
        return None
    if isinstance(names, str):
        names = [names]
    try:
        out = list(names)
    except TypeError:
        raise GtablesError(f"names must be a claim name, a list of them or None (every claim), "
                           f"not {type(names).__name__}") from None
    for n in out:
        if not isinstance(n, str):
            raise GtablesError(f"a claim name is a string such as '001.B', not "
                               f"{type(n).__name__} {str(n)[:40]!r}")
        if not n.strip():
            raise GtablesError("an empty claim name matches every claim: give a name or prefix "
                               "(e.g. 001.B), or none for every claim")
    return out


def refuse_empty_report(verdicts, out: str) -> None:
    """A run that could not compute anything (every verdict an ``ERROR``: a store that takes no
    table, say) must not overwrite the report a good run wrote: refused, the report in ``out``
    is left as it was."""
    from .errors import GtablesError
    if verdicts and all(v.status == "ERROR" for v in verdicts):
        first = verdicts[0]
        why = (first.domain or "").splitlines()[0] if first.domain else first.name
        raise GtablesError(f"every one of the {len(verdicts)} claims ended in ERROR (the first, "
                           f"{first.name}: {why[:160]}); nothing was written to {out}, "
                           f"whose report is left as it was")


def verify_claims(names=None, store=DEFAULT_STORE, scale: str = "default", progress=None):
    """Run verification claims (all registered, or those whose name starts with one of
    ``names``: one name as a string, or a list of them), computing their tables into ``store``
    (left out: the default store; a path or a Store; ``None``: no store, memory only); returns
    the list of :class:`~gtables.verify.claims.Verdict`.  ``scale``: ``small``, ``default`` or
    ``large``."""
    from .api import choice_arg, progress_arg
    from .config import check_environment
    from .verify.runner import run_claims
    names = claim_names(names)
    choice_arg("scale", scale, SCALES)
    progress_arg(progress)
    check_environment()
    store = store_arg(store)
    verdicts, _ = run_claims(names, provider=table_provider(store, progress), scale=scale,
                             store=store)
    return verdicts


def sweep_prefetch(store, workers: int, progress=None, echo=print):
    """A ``prefetch`` for :func:`~gtables.verify.runner.run_claims`: compute the declared tables
    not yet in ``store`` as one sweep on a local Dask cluster of ``workers`` processes."""
    def prefetch(specs):
        from .sweep import run_sweep
        todo = [s for s in specs if s not in store]
        if todo:
            echo(f"computing {len(todo)} declared table(s) on {workers} workers first")
            run_sweep(todo, store, workers=workers, progress=progress, echo=echo)
    return prefetch


def reproduce(store=None, scale: str = "default", out: str = "results", echo=print,
              progress: bool | None = None, workers: int = 1) -> int:
    """Run every claim (computing tables into ``store``), write the report and figures into
    ``out``; return the exit status.  ``progress`` goes to every table computation (``None``:
    a bar on a terminal, a plain line every 30 s otherwise; ``False``: nothing).  With
    ``workers`` > 1 (and a store) the tables every claim declares are computed first, in
    parallel, as a sweep."""
    from .verify import report
    from .verify.figures import report_figures
    from .verify.runner import run_claims
    t0 = time.perf_counter()
    echo(f"gtables reproduce: scale {scale}, store {store.path if store is not None else '(memory)'}")
    prefetch = None
    if workers > 1 and store is not None:
        prefetch = sweep_prefetch(store, workers, progress, echo)
    verdicts, ctx = run_claims(None, provider=table_provider(store, progress), scale=scale,
                               echo=echo, store=store, prefetch=prefetch)
    refuse_empty_report(verdicts, out)
    figures = report_figures(ctx, verdicts, out)
    meta = report.run_meta(scale)
    meta["seconds"] = round(time.perf_counter() - t0, 1)
    md, js, pages = report.write_pages(out, "REPORT", verdicts, ctx.computed, meta,
                                       "gtables: tables and verdicts for the seed documents",
                                       figures, INTRO)
    counts = {}
    for v in verdicts:
        counts[v.status] = counts.get(v.status, 0) + 1
    echo(f"{len(verdicts)} claims: " + ", ".join(f"{k} {n}" for k, n in sorted(counts.items())))
    echo(f"wrote {md}, {js}, {len(pages)} page(s) and {len(figures)} figure(s) "
         f"in {meta['seconds']} s (dates and timings: {os.path.join(out, 'run.json')}, not "
         f"tracked)")
    return 1 if counts.get("ERROR") else 0
