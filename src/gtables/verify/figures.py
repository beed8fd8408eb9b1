"""The report's figures, drawn from the tables a verification run read and its verdicts.

:func:`report_figures` draws, into ``<outdir>/figures/``:

* the nim-sequences of the one-heap games whose sequence the report shows: the octal games of
  seed 001 (0.07 = game C, 0.77, 0.137), its sample of Stripes triples (:data:`STRIPES`), and
  every octal game a literature claim states a period for.  One picture per game (when a game is
  read at several sizes, the largest table), the whole computed range, the pre-period and one
  period shaded when a verdict's ``data`` states them;
* the Cond(2,3) loss sets of seed 004's pictures (claim ``004.cond23.2d.pictures``), from the
  tables that claim declared;
* P/N maps of chip positions (seeds 003 and 000, rule A, :data:`CHIP_MAPS`), crossed where a
  printed statement the report refutes gives the other value;
* the phase diagrams of the partizan End-Nim strings seed 002 works through (241, 35551);
* a summary of the literature's octal periods: period and pre-period against code, ordered by
  period.

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
from ..engine.values import OUTCOME_LETTERS

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


def _code_key(code: str) -> tuple:
    """An octal code as a number (0.051 < 0.07 < 0.127 < 4.07): its digits before and after the
    point."""
    whole, _, frac = code.partition(".")
    return int(whole or 0), frac


def literature_period_figure(ctx, verdicts, figdir: str) -> list[Figure]:
    """Period and pre-period against code for the literature's octal period claims, the games
    ordered by period (then pre-period, then code); games not proved here come last."""
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
    rows.sort(key=lambda r: (r[1] is None, r[1] or 0, r[2] or 0, _code_key(r[0])))
    codes, per, pre, upto = zip(*rows)
    order = "by period, then by pre-period" + (", games not proved here last"
                                               if any(p is None for p in per) else "")
    fig = plotting.plot_periods(codes, per, pre, upto,
                                "Octal games of the literature claims: period and pre-period "
                                "(log scale)", xlabel=f"code (ordered {order})")
    name = "lit_octal_periods.png"
    plotting.save(fig, os.path.join(figdir, name))
    n_open = sum(p is None for p in per)
    return [Figure(f"figures/{name}",
                   f"The {len(rows)} octal games with a literature period claim, ordered {order} "
                   f"(left to right: {', '.join(codes)}): period (top) and pre-period (bottom) on "
                   f"a log scale, one dot per game as proved here"
                   + (f"; {n_open} not proved here drawn as hollow triangles at the number of "
                      f"values computed" if n_open else "") + ".", "lit")]


# ------------------------------------------------------------------------------------------------
# seeds 000 and 003: P/N maps of chip positions, marked where a printed statement is wrong
# ------------------------------------------------------------------------------------------------
# The maps: (figure name, source, title, panels); a panel is (k, P1 or None, claim name, label):
# every k-chip position of rule A (k = 2: (P1, P2); k = 3 with P1 fixed: (P2, P3)), crossed where
# the printed statement of the claim and the table differ inside the statement's domain.
# The last item says what the crosses show (tests/test_figures.py checks it on a computed table).
CHIP_MAPS = (
    ("chips_003_k2_k3.png", "003",
     "Seed 003, rule A: f of two chips (a, b) and of three chips (2, b, c)",
     ((2, None, "003.k2.f", "f(a,b) = χ(a+b) (003.k2.f) differs"),
      (3, 2, "003.k3.f", "the printed f(a,b,c) (003.k3.f) differs")),
     "The formulas are printed from a = 2 on, but with a chip on square 2 the player to move "
     "puts it on square 1 and wins (N: the whole column a = 2, and the whole panel P1 = 2); for "
     "two chips they fail besides on the adjacent pairs b = a + 1, where f = χ(a) "
     "(003.k2.f.corrected)"),
    ("chips_000_thm1.png", "000",
     "Seed 000, rule A: f_A of three chips with the first on square 2 and on square 3",
     ((3, 2, "000.cn.thm1", "CN Theorem 1 as printed (000.cn.thm1) differs"),
      (3, 3, "000.cn.thm1", "CN Theorem 1 as printed (000.cn.thm1) differs")),
     "定理一 is printed for X1 > 1; every cross is at X1 = 2, where the player to move wins at "
     "once, and from X1 = 3 on it holds (000.cn.thm1.corrected): the same boundary makes the "
     "Y-criteria and 000.cn.thm3.equals-fA fail"),
    ("chips_000_k3_en.png", "000",
     "Seed 000 (English), rule A: f_A of three chips with the first on square 3",
     ((3, 3, "000.en.k3.product", "1 - χ(P1 × P2 × P3) etc. (000.en.k3.product) differs"),
      (3, 3, "000.en.prop3.2.k3", "Prop 3.2 as printed (000.en.prop3.2.k3) differs")),
     "The product P1 × P2 × P3 of the first case is wrong where the sum is right (no adjacent "
     "chips; 000.en.k3.product.corrected), and Prop 3.2's 'Q1 >= 3' calls every P-position with "
     "P1 = 3 (Q1 = 2) an N-position (000.en.prop3.2.k3.corrected: Q1 >= 2)"),
)
CHIP_MAP_SQUARES = 20          # the maps show squares 1..20 (or the table's, if fewer)


def _chip_table(ctx):
    """The largest all-subsets rule-A chip table the run read, or None."""
    best = None
    for spec, t in ctx._tables.items():
        if (getattr(t, "family", None) == "chips" and t.params.get("rule") == "A"
                and not any(p.startswith("k=") for p in spec.split(":", 1)[1].split(","))):
            if best is None or int(t.params["n"]) > int(best.params["n"]):
                best = t
    return best


def _chip_panel(ax, t, n: int, k: int, p1, claim: str, label: str) -> tuple[int, int]:
    """One map: the P/N class of each k-chip position of the rule-A table ``t`` on squares
    1..n (k = 2: every (a, b); k = 3: every (p1, b, c)), crossed where the printed statement of
    ``claim`` differs from the table; returns (positions drawn, crosses)."""
    from .seed000 import proofs as pf
    from .seed000.claims import printed_f
    rows = pf.k_positions(n, k)
    if p1 is not None:
        rows = rows[rows[:, 0] == p1]
    f = (np.asarray(t.values)[pf.masks_of_rows(rows)] == 0)
    claimed, domain = printed_f(claim, rows)
    wrong = domain & (claimed != f.astype(np.int64))
    x, y = rows[:, -2], rows[:, -1]
    grid = np.zeros((n + 1, n + 1), dtype=bool)
    absent = np.ones((n + 1, n + 1), dtype=bool)
    marks = np.zeros((n + 1, n + 1), dtype=bool)
    grid[x, y] = f
    absent[x, y] = False
    marks[x, y] = wrong
    names = ("a (first chip)", "b (second chip)") if k == 2 else \
        (f"P2 (second chip; P1 = {p1})", "P3 (third chip)")
    plotting.plot_loss_set(grid[1:, 1:], names[0], names[1],
                           f"{k} chips" + (f", P1 = {p1}" if p1 is not None else "")
                           + f", squares 1..{n}", ax=ax, marks=marks[1:, 1:], mark_label=label,
                           absent=absent[1:, 1:], extent=(1, 1))
    return int(rows.shape[0]), int(wrong.sum())


def chip_figures(ctx, verdicts, figdir: str) -> list[Figure]:
    """The chip maps of :data:`CHIP_MAPS` whose claims this run checked, from the largest rule-A
    table it read."""
    ran = {v.name for v in verdicts}
    t = _chip_table(ctx)
    if t is None:
        return []
    n = min(int(t.params["n"]), CHIP_MAP_SQUARES)
    out = []
    for name, seed, title, panels, note in CHIP_MAPS:
        if not all(p[2] in ran for p in panels):
            continue
        fig, axes = plotting.new_figure((plotting.SQUARE_SIZE[0] * len(panels),
                                         plotting.SQUARE_SIZE[1]), ncols=len(panels))
        said = []
        for ax, (k, p1, claim, label) in zip(np.atleast_1d(axes), panels):
            drawn, crosses = _chip_panel(ax, t, n, k, p1, claim, label)
            where = f"{k} chips" + (f" with P1 = {p1}" if p1 is not None else "")
            said.append(f"{where}: {drawn:,} positions, {crosses:,} crossed for {claim}")
        fig.suptitle(title, fontsize=11)
        plotting.save(fig, os.path.join(figdir, name))
        out.append(Figure(
            f"figures/{name}",
            f"{title}, read from `{t.spec}`: each cell a position (the squares of its last two "
            f"chips on the axes, squares 1..{n}), black = P (f = 1: the player to move loses), "
            f"white = N (f = 0), grey = not a position; a red cross where the printed statement "
            f"named under the panel gives the other value, inside the domain it states. "
            + "; ".join(said) + ". " + note + ".", seed))
    return out


# ------------------------------------------------------------------------------------------------
# seed 002: phase diagrams of partizan End-Nim
# ------------------------------------------------------------------------------------------------
PHASE_STRINGS = ((2, 4, 1), (3, 5, 5, 5, 1))   # the paper's example 241 and 35551 (§3)


def endnim_figures(ctx, verdicts, figdir: str) -> list[Figure]:
    """The phase diagrams of the strings seed 002 works through (:data:`PHASE_STRINGS`), when
    this run checked its phase-diagram claims: the type of a w b for a, b >= 1 by the exact
    rectangle method (:func:`gtables.games.endnim.frame`, the one 002.phase-diagram uses)."""
    ran = {v.name for v in verdicts}
    if "002.phase-diagram" not in ran:
        return []
    from ..games import endnim as E
    from .seed002.proofs import triple_point
    fig, axes = plotting.new_figure((plotting.SQUARE_SIZE[0] * len(PHASE_STRINGS),
                                     plotting.SQUARE_SIZE[1] + 0.4), ncols=len(PHASE_STRINGS))
    said = []
    for ax, w in zip(np.atleast_1d(axes), PHASE_STRINGS):
        th = E.thresholds(w)
        side = max(th["L"], th["R"]) + 6
        types = np.asarray(E.frame(w, side, side, mode="partizan"))
        point = triple_point(types)
        word = E.format_string(w)
        plotting.plot_phase_diagram(types, f"w = {word}: a w b, 1 <= a, b <= {side}", ax=ax,
                                    point=point)
        kind = OUTCOME_LETTERS[int(np.asarray(E.frame(w, 0, 0, mode="partizan"))[0, 0])]
        said.append(f"w = {word} (type {kind}, L(w) = {th['L']}, R(w) = {th['R']}): triple point "
                    f"a = {point[0]}, b = {point[1]}" if point else f"w = {word}: no P")
    fig.suptitle("Seed 002, partizan End-Nim: phase diagrams (a upwards, b to the right)",
                 fontsize=11)
    name = "endnim_phase_diagrams.png"
    plotting.save(fig, os.path.join(figdir, name))
    return [Figure(
        f"figures/{name}",
        "Seed 002, partizan End-Nim: the phase diagram of w, the type of the position a w b "
        "(first stack a upwards, last stack b to the right), for the paper's example w = 241 and "
        "for w = 35551 of its last paragraph; colours: P = the player to move loses, N = the "
        "player to move wins, L (R) = Left (Right) wins whoever starts; ringed: the triple point "
        "(the leftmost-bottommost P). As Proposition 4, Lemma 5 and Corollary 7 say: N fills the "
        "rectangle below-left of the triple point, P runs up the diagonal from it, L lies above "
        "that diagonal and R to its right. " + "; ".join(said) + ".", "002")]


def report_figures(ctx, verdicts, outdir: str) -> list[Figure]:
    """Draw every figure of the report into ``outdir/figures`` from the tables ``ctx`` read
    (a :class:`~gtables.verify.runner.Context` after :func:`~gtables.verify.runner.run_claims`)
    and the ``verdicts`` of that run; returns them in report order (sequences, Cond(2,3)
    pictures, the chip maps, the End-Nim phase diagrams, the literature summary)."""
    figdir = os.path.join(outdir, "figures")
    os.makedirs(figdir, exist_ok=True)
    declared = _declared(ctx, verdicts)
    return (sequence_figures(ctx, verdicts, figdir, declared)
            + cond23_figures(ctx, verdicts, figdir, declared)
            + chip_figures(ctx, verdicts, figdir)
            + endnim_figures(ctx, verdicts, figdir)
            + literature_period_figure(ctx, verdicts, figdir))
