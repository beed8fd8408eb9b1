"""The report's figures, drawn from the tables a verification run read and its verdicts.

:func:`report_figures` draws, into ``<outdir>/figures/``:

* the nim-sequences of the one-heap games whose sequence the report shows: the octal games of
  seed 001 (0.07 = game C, 0.77, 0.137), its sample of Stripes triples (:data:`STRIPES`), and
  every octal game a literature claim states a period for.  One picture per game (when a game is
  read at several sizes, the largest table), the whole computed range, the pre-period and one
  period shaded when a verdict's ``data`` states them;
* the Cond(2,3) loss sets of seed 004's pictures (claim ``004.cond23.2d.pictures``), from the
  tables that claim declared;
* a summary of the literature's octal periods: period and pre-period against code.

Each :class:`Figure` says which source it belongs to (``seed``: the claim-name prefix of the
claims that read its table) and has a caption saying what is drawn.  Pictures come from
:mod:`gtables.plotting`; this module only chooses the tables and words.
"""
from __future__ import annotations

import dataclasses
import os
from typing import Any

import numpy as np

from .. import plotting

# The octal codes seed 001 works with (game C = 0.07 and the two it compares it with).
SEED001_CODES = ("0.07", "0.77", "0.137")
PICTURES_CLAIM = "004.cond23.2d.pictures"


@dataclasses.dataclass(frozen=True)
class Figure:
    """One picture of the report: ``path`` relative to the report's directory
    (``figures/<name>.png``), a ``caption`` saying what is drawn, and the ``seed`` (claim-name
    prefix: ``001``, ``004``, ``lit``, ...) of the claims it illustrates."""
    path: str
    caption: str
    seed: str


def seed_of(claim_name: str) -> str:
    """The source prefix of a claim name (``001.C.values`` -> ``001``)."""
    return claim_name.split(".", 1)[0]


def game_key(spec: str) -> str:
    """A canonical spec without its size: the same game at any size."""
    family, _, rest = spec.partition(":")
    return family + ":" + ",".join(p for p in rest.split(",") if not p.startswith("size="))


def file_name(spec: str) -> str:
    return spec.replace(":", "_").replace(",", "_").replace("=", "-") + ".png"


def _home(claim_names) -> str:
    """The source a table's figure belongs to: the first seed among the claims that read it
    (a seed's game before the literature's check of it), else the first prefix."""
    seeds = [seed_of(n) for n in claim_names]
    return next((s for s in seeds if s != "lit"), seeds[0])


def _declared(ctx, verdicts) -> dict[str, list[str]]:
    """Canonical spec -> the names of the claims run that declared it (in claim order)."""
    from ..games import canonical
    from .runner import all_claims
    ran = {v.name for v in verdicts}
    out: dict[str, list[str]] = {}
    for c in all_claims(ctx.scale):
        if c.name not in ran:
            continue
        for s in c.tables:
            canon = canonical(s)
            if canon in ctx._tables:
                out.setdefault(canon, []).append(c.name)
    return out


def _known_periods(verdicts, declared) -> dict[str, tuple[int, int, str]]:
    """Game key -> (pre-period, period, claim name) for every verdict whose data states both."""
    by_claim: dict[str, list[str]] = {}
    for spec, names in declared.items():
        for n in names:
            by_claim.setdefault(n, []).append(spec)
    out: dict[str, tuple[int, int, str]] = {}
    for v in verdicts:
        d = v.data or {}
        if v.status in ("PROVED", "HOLDS") and d.get("period") and d.get("preperiod") is not None:
            for spec in by_claim.get(v.name, ()):
                out.setdefault(game_key(spec), (int(d["preperiod"]), int(d["period"]), v.name))
    return out


def _is_sequence(t) -> bool:
    return t.kind == "grundy" and len(tuple(t.space.shape)) == 1


def _wanted(spec: str, t, known) -> bool:
    from .seed001 import STRIPES
    if game_key(spec) in known:
        return True
    if t.family == "octal":
        return str(t.params.get("code")) in SEED001_CODES
    if t.family == "stripes":
        return (t.params.get("a"), t.params.get("b"), t.params.get("c")) in set(STRIPES)
    return False


def sequence_figures(ctx, verdicts, figdir: str, declared=None) -> list[Figure]:
    """One figure per one-heap game the report shows (the largest table read of it)."""
    declared = _declared(ctx, verdicts) if declared is None else declared
    known = _known_periods(verdicts, declared)
    best: dict[str, tuple[str, Any]] = {}
    readers: dict[str, list[str]] = {}         # game key -> the claims that read it, any size
    for spec, t in ctx._tables.items():
        if spec not in declared or not _is_sequence(t) or not _wanted(spec, t, known):
            continue
        k = game_key(spec)
        readers.setdefault(k, []).extend(declared[spec])
        if k not in best or t.values.size > best[k][1].values.size:
            best[k] = (spec, t)
    out = []
    for k, (spec, t) in best.items():
        values = np.asarray(t.values)
        pre, per, source = known[k] if k in known else (None, None, "")
        name = file_name(spec)
        fig = plotting.sequence_figure(values, spec, preperiod=pre, period=per)
        plotting.save(fig, os.path.join(figdir, name))
        n = values.size
        cap = (f"Nim-sequence of `{spec}`: G(n) for every heap n = 0..{n - 1:,} (the whole "
               f"table, largest value {int(values.max()) if n else 0})")
        if n > plotting.COMPACT_ABOVE:
            cap += ", drawn as a density (each column a run of heaps, darker = more heaps with " \
                   "that value)"
        if pre is not None and per is not None:
            cap += (f"; orange band = the pre-period n < {pre:,}, blue band = one period "
                    f"{pre:,} <= n < {pre + per:,} (period {per:,}, from {source})")
        else:
            cap += "; no verdict of this run states a period for it, so no bands"
        lo, hi, why = plotting.zoom_window(n, pre, per)
        if hi is not None:
            cap += f"; lower panel: n = {lo:,}..{hi - 1:,} enlarged ({why})"
        out.append(Figure(f"figures/{name}", cap + ".", _home(readers[k])))
    return out


def cond23_figures(ctx, verdicts, figdir: str, declared=None) -> list[Figure]:
    """The start-position loss sets of the Cond(2,3) games seed 004 pictures."""
    from .seed004 import analyse_cond23
    declared = _declared(ctx, verdicts) if declared is None else declared
    specs = [s for s, names in declared.items() if PICTURES_CLAIM in names]
    out = []
    for spec in specs:
        t = ctx._tables[spec]
        m, n, size = (int(t.params[k]) for k in ("min", "max", "size"))
        grid = np.asarray(t.values).reshape(size + 1, size + 1, -1)[..., 0] == 0   # P = 0
        a = analyse_cond23(grid, m, n)
        name = f"nimlike_cond23_m{m}_n{n}.png"
        ax = plotting.plot_loss_set(grid, "N1 (first heap)", "N2 (second heap)",
                                    f"Cond(2,3), m={m}, n={n}: start positions (N1, N2) in "
                                    f"[0,{size}]²")
        plotting.save(ax.figure, os.path.join(figdir, name))
        q = m + n
        seen = (f"{q}-periodic in each heap from max(N1,N2) >= {a['t_row']} (observed)"
                if a["periodic"] else f"not {q}-periodic along N1 on this range")
        out.append(Figure(
            f"figures/{name}",
            f"Seed 004, Cond(2,3) with amounts m={m}..n={n}, two heaps, start positions (no "
            f"previous amount) (N1, N2) in [0,{size}]²: black = P (the player to move loses), "
            f"white = N (the player to move wins); {seen}.", seed_of(PICTURES_CLAIM)))
    return out


def literature_period_figure(ctx, verdicts, figdir: str) -> list[Figure]:
    """Period and pre-period against code for the literature's octal period claims."""
    rows = []
    for v in verdicts:
        if v.name.startswith("lit.octal.") and v.name.endswith(".period"):
            code = v.name[len("lit.octal."):-len(".period")]
            d = v.data or {}
            proved = v.status in ("PROVED", "HOLDS") and d.get("period")
            rows.append((code, d.get("period") if proved else None,
                         d.get("preperiod") if proved else None, v.checked))
    if not rows:
        return []
    codes, per, pre, upto = zip(*rows)
    fig = plotting.plot_periods(codes, per, pre, upto,
                                "Octal games of the literature claims: period and pre-period "
                                "(log scale)", xlabel="code (in the order of the claims)")
    name = "lit_octal_periods.png"
    plotting.save(fig, os.path.join(figdir, name))
    n_open = sum(p is None for p in per)
    return [Figure(f"figures/{name}",
                   f"The {len(rows)} octal games with a literature period claim: period (top) and "
                   f"pre-period (bottom) on a log scale, one dot per game as proved here"
                   + (f"; {n_open} not proved here drawn as hollow triangles at the number of "
                      f"values computed" if n_open else "") + ".", "lit")]


def report_figures(ctx, verdicts, outdir: str) -> list[Figure]:
    """Draw every figure of the report into ``outdir/figures`` from the tables ``ctx`` read
    (a :class:`~gtables.verify.runner.Context` after :func:`~gtables.verify.runner.run_claims`)
    and the ``verdicts`` of that run; returns them in report order (sequences, Cond(2,3)
    pictures, the literature summary)."""
    figdir = os.path.join(outdir, "figures")
    os.makedirs(figdir, exist_ok=True)
    declared = _declared(ctx, verdicts)
    return (sequence_figures(ctx, verdicts, figdir, declared)
            + cond23_figures(ctx, verdicts, figdir, declared)
            + literature_period_figure(ctx, verdicts, figdir))
