"""The main job: compute every registered seed table, run every claim, write the report."""
from __future__ import annotations

import os
import time

import numpy as np

from .api import _DEFAULT, _store

INTRO = """This report is written by `gtables reproduce`. Every claim of the seed documents that
gtables encodes is listed with its verdict: `HOLDS` (checked on every position of the stated
range), `PROVED` (holds for all positions by a theorem that turns the finite check into a proof),
`FAILS`/`REFUTED` (first counterexamples listed), `OPEN` (not settled within the computed range).
`PROVED` covers exactly the games its line names (each listed code, subtraction set or parameter
pair, for every heap size): it is never a proof of a general theorem for all parameters.
Tables are in the HDF5 store; `gtables list` shows them and `gtables query SPEC POSITION --moves`
looks up any position."""


def _figures(ctx, outdir: str) -> list[tuple[str, str]]:
    """Plots of the one-heap nim-sequences used by the claims."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figdir = os.path.join(outdir, "figures")
    os.makedirs(figdir, exist_ok=True)
    out = []
    from .verify.seed001 import STRIPES
    wanted = {f"a={a},b={b},c={c}," for a, b, c in STRIPES}
    seqs = [(spec, t) for spec, t in ctx._tables.items()
            if t.kind == "grundy" and len(t.space.shape) == 1 and (
                (t.family == "octal" and t.params["code"] in ("0.07", "0.77", "0.137"))
                or (t.family == "stripes" and any(w in spec for w in wanted)))]
    for spec, t in seqs:
        v = t.values[:min(t.values.size, 400)]
        fig, ax = plt.subplots(figsize=(9, 2.6))
        ax.plot(np.arange(v.size), v, ".", markersize=3)
        ax.set_xlabel("heap / row length n")
        ax.set_ylabel("G(n)")
        ax.set_title(spec)
        fig.tight_layout()
        name = spec.replace(":", "_").replace(",", "_").replace("=", "-") + ".png"
        path = os.path.join(figdir, name)
        fig.savefig(path, dpi=90)
        plt.close(fig)
        out.append((os.path.join("figures", name), f"nim-sequence of {spec} (first {v.size} values)"))
    return out


def table_provider(store=None, progress: bool | None = None):
    """The tables a verification run sees: computed into ``store`` (or in memory when None)
    through :func:`gtables.api.compute`, read back from it when stored."""
    from . import api

    def provide(spec: str):
        return api.compute(spec, store=store, progress=progress)
    return provide


def verify_claims(names=None, store=_DEFAULT, scale: str = "default", progress=None):
    """Run verification claims (all registered, or those whose name starts with one of
    ``names``), computing their tables into ``store`` (a path or a Store; default the default
    store; None: memory only); returns the list of :class:`~gtables.verify.claims.Verdict`."""
    from .verify.runner import run_claims
    store = _store(store)
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
    from .verify.runner import run_claims
    t0 = time.perf_counter()
    echo(f"gtables reproduce: scale {scale}, store {store.path if store is not None else '(memory)'}")
    prefetch = None
    if workers > 1 and store is not None:
        prefetch = sweep_prefetch(store, workers, progress, echo)
    verdicts, ctx = run_claims(None, provider=table_provider(store, progress), scale=scale,
                               echo=echo, store=store, prefetch=prefetch)
    figures = _figures(ctx, out)
    meta = report.run_meta(scale)
    meta["seconds"] = round(time.perf_counter() - t0, 1)
    md, js = report.write(out, "REPORT", verdicts, ctx.computed, meta,
                          "gtables: tables and verdicts for the seed documents", figures, INTRO)
    counts = {}
    for v in verdicts:
        counts[v.status] = counts.get(v.status, 0) + 1
    echo(f"{len(verdicts)} claims: " + ", ".join(f"{k} {n}" for k, n in sorted(counts.items())))
    echo(f"wrote {md}, {js} and {len(figures)} figure(s) in {meta['seconds']} s")
    return 1 if counts.get("ERROR") else 0
