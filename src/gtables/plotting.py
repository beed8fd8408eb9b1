"""Pictures of tables: one small module, one style.

Functions of arrays and a position space only (no store, no kernels, nothing of gtables), so
that a notebook's ``Table.plot()``, the reports (:mod:`gtables.verify.figures`), the octal
catalogue and the scripts draw the same way.  Matplotlib is imported when a picture is drawn,
never at import time; every function that makes a figure uses the non-interactive ``Agg``
backend unless a backend was chosen before.

The style: figures :data:`SEQUENCE_SIZE` wide, saved at :data:`DPI`; points of a sequence
drawn with markers of :func:`marker_size` (at least 2.5 pt, 4 px at 110 dpi); a light grid;
pre-period and one period as shaded bands named, with their numbers, in a legend outside the
axes (it never hides a value); P positions black, N white, with a legend saying so.
"""
from __future__ import annotations

import numpy as np

OUTCOME_LABELS = {"outcome": ("P", "N"), "misere": ("P", "N"), "partizan": ("P", "N", "L", "R"),
                  "partizan_misere": ("P", "N", "L", "R")}
OUTCOME_COLOURS = ("#222222", "#f2f2f2", "#4477aa", "#cc6677")   # P black, N white, L blue, R red
MARKER_SIZE = 4                    # points, for sequences of up to ~1,000 values
DPI = 110
SEQUENCE_SIZE = (11.0, 3.6)        # inches: one sequence panel (with the legend at the right)
SQUARE_SIZE = (6.4, 5.4)           # inches: a 2-D picture with its legend
GRID_ALPHA = 0.3
PREPERIOD_COLOUR = "#f4a582"       # orange band: the pre-period
PERIOD_COLOUR = "#67a9cf"          # blue band: one period
OPEN_COLOUR = "#d6604d"
PROVED_COLOUR = "#2166ac"
POINT_COLOUR = "#1b1b1b"
COMPACT_ABOVE = 20_000             # longer sequences are drawn as the min-max of each bin
COMPACT_BINS = 4_000


def new_figure(size=SEQUENCE_SIZE, rows: int = 1, *, pyplot: bool = False, **kw):
    """A figure in the house style with ``rows`` axes stacked (constrained layout, so legends
    outside the axes are kept in the picture); returns ``(fig, axes)`` (one ``Axes`` when
    ``rows == 1`` and no ``ncols``).  Report figures are detached from pyplot (no global state,
    no backend to choose, nothing to close); ``pyplot=True`` makes a pyplot figure (a
    notebook shows it)."""
    ncols = kw.pop("ncols", 1)
    sharex = kw.pop("sharex", False)
    kw = {"figsize": (size[0], size[1] * rows), "layout": "constrained", **kw}
    if pyplot:
        import matplotlib.pyplot as plt
        fig = plt.figure(**kw)
    else:
        from matplotlib.figure import Figure
        fig = Figure(**kw)
    return fig, fig.subplots(rows, ncols, sharex=sharex)


def marker_size(n: int) -> float:
    """Marker size (points) for ``n`` points across a sequence panel: big enough to see, small
    enough that neighbours stay apart while they can."""
    if n <= 1_000:
        return MARKER_SIZE
    if n <= 5_000:
        return 3.0
    return 2.5


def save(fig, path: str, dpi: int = DPI) -> str:
    """Write ``fig`` to ``path`` (its directory made if needed) at the house dpi and close it;
    returns ``path``."""
    import os
    import sys
    d = os.path.dirname(path)
    if d:
        os.makedirs(d, exist_ok=True)
    fig.savefig(path, dpi=dpi)
    if "matplotlib.pyplot" in sys.modules:       # a pyplot figure is kept until closed
        sys.modules["matplotlib.pyplot"].close(fig)
    return path


def _density(values: np.ndarray, width: int, rows: int):
    """Counts ``c[j, k]``: how many of the heaps ``j*width .. (j+1)*width - 1`` have a value in
    value bin ``k`` (``rows`` bins from the least to the largest value); with the bins' edges."""
    lo, hi = int(values.min()), int(values.max())
    step = max(1, -(-(hi - lo + 1) // rows))
    nv = -(-(hi - lo + 1) // step)
    nb = -(-values.size // width)
    counts = np.zeros(nb * nv, dtype=np.int64)
    chunk = width * max(1, (1 << 20) // width)       # bounded memory on long tables
    for a in range(0, values.size, chunk):
        v = (values[a:a + chunk].astype(np.int64) - lo) // step
        j = (a + np.arange(v.size)) // width
        counts += np.bincount(j * nv + v, minlength=nb * nv)
    return counts.reshape(nb, nv), lo, lo + nv * step, step


def plot_sequence(values, title: str, *, preperiod: int | None = None, period: int | None = None,
                  ax=None, start: int = 0, xlabel: str = "heap n", ylabel: str = "G(n)"):
    """Draw a sequence ``values[i]`` at ``n = start + i`` and return the ``Axes``.

    Every value is drawn: up to :data:`COMPACT_ABOVE` values as one marker each (one line with
    ``values.size`` points), longer sequences as a density image: about :data:`COMPACT_BINS`
    columns of consecutive heaps, each cell shaded by how many heaps of its column take its
    value (the title says how many heaps a column covers).
    A known ``preperiod`` n0 is shaded over ``n < n0`` and, with a ``period`` p, one period over
    ``n0 <= n < n0 + p``; the legend names both with their numbers.  The title says which range
    is shown."""
    values = np.asarray(values)
    n = int(values.size)
    if ax is None:
        _, ax = new_figure()
    last = start + n - 1
    if n <= COMPACT_ABOVE:
        ax.plot(np.arange(start, start + n), values, "o", markersize=marker_size(n),
                markeredgewidth=0, color=POINT_COLOUR, label=f"G(n), n = {start:,}..{last:,}")
        shown = f"all {n:,} values, n = {start:,}..{last:,}"
    else:
        from matplotlib.colors import LogNorm
        width = -(-n // COMPACT_BINS)
        counts, lo, hi, step = _density(values, width, 256)
        im = ax.imshow(np.ma.masked_equal(counts.T, 0), origin="lower", aspect="auto",
                       interpolation="nearest", cmap="Greys", norm=LogNorm(vmin=1, vmax=max(2, counts.max())),
                       extent=(start - 0.5, start + counts.shape[0] * width - 0.5, lo - 0.5,
                               hi - 0.5))
        # the colour bar under the legend, outside the axes (the legend names the bands)
        ax.figure.colorbar(im, cax=ax.inset_axes((1.02, 0.0, 0.015, 0.45)),
                           label=f"heaps per cell ({width:,} heaps"
                                 + (")" if step == 1 else f" x {step} values)"))
        ax.plot([], [], "s", color="#444444", label="G(n) (density, darker = more heaps)")
        shown = (f"all {n:,} values, n = {start:,}..{last:,}, one column = {width:,} heaps"
                 + ("" if step == 1 else f", one row = {step} values"))
    if preperiod is not None:
        edge = dict(color="#555555", linewidth=0.7, linestyle="--")
        if preperiod > start:
            ax.axvspan(start - 0.5, min(preperiod, last + 1) - 0.5, color=PREPERIOD_COLOUR,
                       alpha=0.35, linewidth=0,
                       label=f"pre-period: n < {preperiod:,} ({preperiod:,} values)")
            if preperiod <= last:
                ax.axvline(preperiod - 0.5, **edge)
        if period and preperiod <= last:
            hi = preperiod + period
            ax.axvspan(preperiod - 0.5, min(hi, last + 1) - 0.5, color=PERIOD_COLOUR, alpha=0.45,
                       linewidth=0, label=f"one period: {preperiod:,} <= n < {hi:,} "
                                          f"(period {period:,})"
                                          + ("" if hi <= last + 1 else ", cut at the range's end"))
            if hi <= last:
                ax.axvline(hi - 0.5, **edge)
        elif period:
            ax.plot([], [], " ", label=f"period {period:,} from n = {preperiod:,} (beyond the range)")
    ax.set_xlim(start - 0.01 * max(n, 1) - 0.5, last + 0.01 * max(n, 1) + 0.5)
    lo = float(values.min()) if n else 0.0
    ax.set_ylim(bottom=min(lo, 0) - 0.5)
    from matplotlib.ticker import FuncFormatter, MaxNLocator
    if start >= 100_000 and n < start / 10:
        # a narrow window far out (a zoom at heap 10,061,716): whole heap numbers, few of them,
        # where the short form would print 10.0617M, 10.0618M, ... (labels that cannot be told
        # apart or read)
        ax.xaxis.set_major_locator(MaxNLocator(nbins=5, integer=True))
        ax.xaxis.set_major_formatter(FuncFormatter(lambda x, _pos=None: f"{x:,.0f}"))
    else:
        ax.xaxis.set_major_formatter(FuncFormatter(_heap_tick))
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.grid(True, alpha=GRID_ALPHA)
    ax.set_title(f"{title}: {shown}" if title else shown, fontsize=10)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8, framealpha=0.9)
    return ax


def _heap_tick(x, _pos=None) -> str:
    """Heap numbers on an axis: ``12,500`` up to a million, ``12.5M`` past it (labels that fit)."""
    if abs(x) >= 1_000_000:
        return f"{x / 1e6:g}M"
    return f"{x:,.0f}"


def zoom_window(n: int, preperiod: int | None,
                period: int | None) -> tuple[int, int | None, str]:
    """The part of a sequence of ``n`` values worth a second, enlarged panel: ``(lo, hi,
    what)``, heaps ``lo <= n < hi``, with words saying what that part holds (how much of the
    pre-period, how many periods); ``(0, None, "")`` when the whole is short enough (at most
    600 values) or the part would be half of it.

    The part: the pre-period and two periods when both are short (at least the first 200
    values); else, when two periods fit in 3,000 values, the end of the pre-period (its last 200
    values) and as many values after it (two periods, or more when the period is short), so
    that the start of the period is in the middle; else the first 400 values."""
    lo, hi = _zoom_part(preperiod, period)
    hi = min(hi, n)
    if n <= 600 or hi - lo >= n / 2:
        return 0, None, ""
    return lo, hi, _zoom_words(lo, hi, preperiod, period)


ZOOM_SIDE = 200      # values of a zoom panel on each side of where the period starts


def _zoom_part(preperiod: int | None, period: int | None) -> tuple[int, int]:
    if period and preperiod is not None:
        if preperiod + 2 * period <= 1_500:
            return 0, max(ZOOM_SIDE, preperiod + 2 * period)
        if 2 * period <= 3_000:
            return (max(0, preperiod - ZOOM_SIDE),
                    preperiod + max(2 * period, period * -(-ZOOM_SIDE // period)))
    return 0, 400


def _zoom_words(lo: int, hi: int, preperiod: int | None, period: int | None) -> str:
    """What the heaps ``lo <= n < hi`` hold, in words: the part of the pre-period and the number
    of periods (whole or not) after it."""
    if not period or preperiod is None:
        return f"the first {hi - lo:,} values, each apart" if lo == 0 else \
            f"{hi - lo:,} values, each apart"
    if hi <= preperiod:
        return (f"the first {hi - lo:,} values, all in the pre-period (a period of {period:,} is "
                f"too long to show its values apart)")
    if preperiod == 0:
        before = "no pre-period"
    elif lo == 0:
        before = f"the whole pre-period (n < {preperiod:,})"
    else:
        before = f"the last {preperiod - lo:,} values of the pre-period"
    after = hi - preperiod
    k, r = divmod(after, period)
    if r == 0:
        periods = f"{k} period{'s' if k != 1 else ''}"
    else:
        periods = f"{after / period:.1f} periods"
    return f"{before}, then {periods} of {period:,}"


def sequence_figure(values, title: str, *, preperiod: int | None = None,
                    period: int | None = None):
    """A figure of a whole sequence (:func:`plot_sequence`) and, when the sequence is longer
    than what shows each value apart, a second panel enlarging a part of it, every value a
    marker (:func:`zoom_window` chooses it and its title says what it holds).  Returns the
    figure."""
    values = np.asarray(values)
    n = int(values.size)
    lo, hi, why = zoom_window(n, preperiod, period)
    two = hi is not None
    fig, axes = new_figure(rows=2 if two else 1)
    top = axes[0] if two else axes
    plot_sequence(values, title, preperiod=preperiod, period=period, ax=top)
    if hi is not None:
        plot_sequence(values[lo:hi], "zoom", preperiod=preperiod, period=period, ax=axes[1],
                      start=lo)
        axes[1].set_title(f"zoom: n = {lo:,}..{hi - 1:,} ({why})", fontsize=10)
    return fig


def plot_loss_set(grid, xname: str, yname: str, title: str, ax=None, *, marks=None,
                  mark_label: str = "", absent=None, extent=None):
    """Draw a 2-D boolean picture, ``grid[x, y]`` True = P (the player to move loses), black
    on white, with ``x`` along the horizontal axis; a legend says what black and white mean.
    ``absent`` (boolean, same shape): cells that are no position, drawn light grey and left out
    of the counts; ``marks`` (boolean): cells drawn with a red cross, named ``mark_label`` in the
    legend with their number (where a statement and the table differ, say).  ``extent`` =
    ``(x0, y0)``: the coordinates of cell ``[0, 0]`` (default 0, 0).  Returns the ``Axes``."""
    from matplotlib.colors import ListedColormap
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    grid = np.asarray(grid, dtype=bool)
    if ax is None:
        _, ax = new_figure(SQUARE_SIZE)
    x0, y0 = extent or (0, 0)
    shown = np.ones(grid.shape, dtype=bool) if absent is None else ~np.asarray(absent, bool)
    image = np.where(shown, grid.astype(np.int8), 2)
    ax.imshow(image.T, origin="lower", interpolation="nearest",
              cmap=ListedColormap(["#ffffff", "#000000", "#dddddd"]), vmin=0, vmax=2,
              extent=(x0 - 0.5, x0 + grid.shape[0] - 0.5, y0 - 0.5, y0 + grid.shape[1] - 0.5))
    if extent is not None:                       # squares, heaps: whole numbers on the axes
        from matplotlib.ticker import MaxNLocator
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel(xname)
    ax.set_ylabel(yname)
    ax.set_title(title, fontsize=10)
    n_p = int((grid & shown).sum())
    handles = [Patch(facecolor="#000000", edgecolor="#888888",
                     label=f"P (player to move loses): {n_p:,}"),
               Patch(facecolor="#ffffff", edgecolor="#888888",
                     label=f"N (player to move wins): {int(shown.sum()) - n_p:,}")]
    if absent is not None and (~shown).any():
        handles.append(Patch(facecolor="#dddddd", edgecolor="#888888", label="not a position"))
    if marks is not None:
        mx, my = np.nonzero(np.asarray(marks, dtype=bool))
        ax.plot(mx + x0, my + y0, "x", color=OPEN_COLOUR, markersize=4, markeredgewidth=1.0)
        handles.append(Line2D([], [], marker="x", linestyle="", color=OPEN_COLOUR,
                              label=f"{mark_label}: {mx.size:,}"))
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(0.0, -0.12), fontsize=8,
              ncol=2, title="positions", title_fontsize=8)
    return ax


PHASE_LABELS = ("P", "N", "L", "R")


def plot_phase_diagram(types, title: str, ax=None, point=None, yname: str = "a (first stack)",
                       xname: str = "b (last stack)"):
    """Draw a phase diagram: ``types[a, b]`` (outcome codes P=0, N=1, L=2, R=3) for ``a, b >=
    1`` (row and column 0 are not drawn), ``a`` upwards and ``b`` to the right as seed 002 draws
    it, in the house outcome colours with a legend of the classes present; ``point`` = ``(a, b)``
    ringed and named in the legend (a triple point).  Returns the ``Axes``."""
    from matplotlib.colors import ListedColormap
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    t = np.asarray(types)[1:, 1:]
    if ax is None:
        _, ax = new_figure(SQUARE_SIZE)
    ax.imshow(t, origin="lower", interpolation="nearest",
              cmap=ListedColormap(OUTCOME_COLOURS), vmin=-0.5, vmax=3.5,
              extent=(0.5, t.shape[1] + 0.5, 0.5, t.shape[0] + 0.5))
    words = {0: "P (the player to move loses)", 1: "N (the player to move wins)",
             2: "L (Left wins whoever starts)", 3: "R (Right wins whoever starts)"}
    handles = [Patch(facecolor=OUTCOME_COLOURS[c], edgecolor="#888888",
                     label=f"{words[c]}: {int((t == c).sum()):,}")
               for c in range(4) if (t == c).any()]
    if point is not None:
        ax.plot([point[1]], [point[0]], "o", markersize=9, markerfacecolor="none",
                markeredgecolor="#e08214", markeredgewidth=2)
        handles.append(Line2D([], [], marker="o", linestyle="", markerfacecolor="none",
                              markeredgecolor="#e08214", markeredgewidth=2,
                              label=f"triple point: a = {point[0]}, b = {point[1]}"))
    ax.set_xlabel(xname)
    ax.set_ylabel(yname)
    ax.set_title(title, fontsize=10)
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(0.0, -0.12), fontsize=8,
              ncol=2, title="positions a w b", title_fontsize=8)
    return ax


def _code_axis(ax, labels):
    """Tick a few of the ``labels`` (codes in their catalogue order) along the x axis."""
    k = max(1, len(labels) // 24)
    ticks = list(range(0, len(labels), k))
    ax.set_xticks(ticks)
    ax.set_xticklabels([labels[i] for i in ticks], rotation=60, fontsize=7, ha="right")
    ax.set_xlim(-1, len(labels))


def plot_periods(codes, periods, preperiods, computed_to, title: str,
                 xlabel: str = "code (in catalogue order)"):
    """Period and pre-period against code, one panel each, log scale: a proved game is a filled
    dot at its period (pre-period); an open one (period ``None``) a hollow triangle at the
    number of values computed, a lower bound of both.  Codes keep their given order.  Returns
    the figure."""
    codes = list(codes)
    x = np.arange(len(codes))
    proved = np.array([p is not None for p in periods], dtype=bool)
    fig, axes = new_figure(rows=2, sharex=True)
    for ax, vals, what in ((axes[0], periods, "period"), (axes[1], preperiods, "pre-period")):
        # a pre-period of 0 has no place on a log axis: shown at 0.5, said in the legend
        y = np.array([(v if v else 0.5) if ok else np.nan for v, ok in zip(vals, proved)], float)
        lower = np.array([np.nan if ok else (c or np.nan) for c, ok in zip(computed_to, proved)],
                         float)
        zero = int(np.sum(proved & (y == 0.5)))
        ax.plot(x[proved], y[proved], "o", markersize=marker_size(len(codes)), color=PROVED_COLOUR,
                markeredgewidth=0, label=f"proved ({int(proved.sum())} games)"
                + (f"; {what} 0 drawn at 0.5 ({zero})" if zero else ""))
        if (~proved).any():
            ax.plot(x[~proved], lower[~proved], "^", markersize=marker_size(len(codes)) + 1,
                    markerfacecolor="none", color=OPEN_COLOUR,
                    label=f"open ({int((~proved).sum())} games): at the values computed, "
                          f"{what} unknown")
        ax.set_yscale("log")
        ax.set_ylabel(what)
        ax.grid(True, alpha=GRID_ALPHA, which="major")
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8)
    _code_axis(axes[1], codes)
    axes[1].set_xlabel(xlabel)
    axes[0].set_title(title, fontsize=10)
    return fig


def _power_bins(vals: np.ndarray):
    """Counts of non-negative integers in the bins 0, 1, 2-3, 4-7, ... and the bins' labels
    (their least members: 0, 1, 2^1, 2^2, ...)."""
    k = np.zeros(vals.size, dtype=np.int64)
    pos = vals > 0
    k[pos] = np.floor(np.log2(vals[pos])).astype(np.int64) + 1
    top = int(k.max()) + 1 if k.size else 1
    counts = np.bincount(k, minlength=top)
    labels = ["0", "1"] + [f"$2^{{{i - 1}}}$" for i in range(2, top)]
    return counts, labels


def plot_histograms(panels, title: str):
    """Histograms side by side: ``panels`` = ``[(values, xlabel, powers), ...]`` (``None``
    values are left out); ``powers`` = bins 0, 1, 2-3, 4-7, ... (for periods and other values
    spanning decades), else one bar per integer.  Returns the figure."""
    fig, axes = new_figure((SEQUENCE_SIZE[0], 4.0), rows=1, ncols=len(panels))
    axes = np.atleast_1d(axes)
    for ax, (vals, xlabel, powers) in zip(axes, panels):
        vals = np.asarray([v for v in vals if v is not None], dtype=np.int64)
        if vals.size == 0:
            ax.text(0.5, 0.5, "no values", ha="center", transform=ax.transAxes)
        elif powers:
            counts, labels = _power_bins(vals)
            ax.bar(np.arange(counts.size), counts, color=PROVED_COLOUR, edgecolor="white")
            every = 1 if counts.size <= 14 else 2
            ax.set_xticks(np.arange(0, counts.size, every))
            ax.set_xticklabels(labels[::every], fontsize=8)
            ax.set_xlim(-0.6, counts.size - 0.4)
        else:
            lo, hi = int(vals.min()), int(vals.max())
            ax.hist(vals, bins=np.arange(lo - 0.5, hi + 1.5), color=PROVED_COLOUR,
                    edgecolor="white")
        ax.set_xlabel(xlabel + f" ({vals.size} games)" + (", bin $2^k$ = $2^k$..$2^{k+1}-1$"
                                                          if powers else ""), fontsize=9)
        ax.set_ylabel("games")
        ax.grid(True, alpha=GRID_ALPHA, axis="y")
    fig.suptitle(title, fontsize=10)
    return fig


def _parity(v: np.ndarray) -> np.ndarray:
    v = v.copy()
    p = np.zeros(v.size, dtype=np.int64)
    while v.any():
        p ^= v & 1
        v >>= 1
    return p


def plot_value_histograms(panels, title: str, ncols: int = 9):
    """Small multiples of value histograms: ``panels`` = ``[(label, counts, mask), ...]``,
    ``counts[v]`` = how many heaps have the value v; each panel a vertical line per value that
    occurs (log scale).  With a ``mask`` (int), values whose ``v & mask`` has even parity (the
    rare ones of a sparse space) are drawn in :data:`OPEN_COLOUR`, the others in
    :data:`PROVED_COLOUR`; ``None``: all grey.  Returns the figure."""
    from matplotlib.ticker import LogLocator, MaxNLocator, NullLocator
    rows = max(1, -(-len(panels) // ncols))
    # a fixed grid: constrained layout of this many axes costs more than drawing them
    fig, axes = new_figure((SEQUENCE_SIZE[0], 1.05), rows=rows, ncols=ncols, layout="none")
    fig.subplots_adjust(left=0.035, right=0.99, bottom=0.03, top=1 - 0.6 / (1.05 * rows),
                        wspace=0.38, hspace=0.55)
    axes = np.atleast_1d(axes).ravel()
    for ax, (label, counts, mask) in zip(axes, panels):
        c = np.asarray(counts, dtype=np.int64)
        v = np.flatnonzero(c)
        if mask is None:
            ax.vlines(v, 0.8, c[v], color="#777777", linewidth=0.6)
        else:
            rare = _parity(v & int(mask)) == 0
            ax.vlines(v[~rare], 0.8, c[v[~rare]], color=PROVED_COLOUR, linewidth=0.6)
            ax.vlines(v[rare], 0.8, c[v[rare]], color=OPEN_COLOUR, linewidth=0.9)
        ax.set_yscale("log")
        # 83 log axes with minor ticks take a minute to lay out: majors only, a few of them
        ax.yaxis.set_major_locator(LogLocator(numticks=4))
        ax.yaxis.set_minor_locator(NullLocator())
        ax.xaxis.set_major_locator(MaxNLocator(3, integer=True))
        ax.set_ylim(0.8, max(2.0, float(c.max()) * 1.5) if c.size else 2.0)
        ax.set_xlim(-0.5, max(1, c.size) - 0.5)
        ax.set_title(label, fontsize=6, pad=2)
        ax.tick_params(labelsize=5, length=2, pad=1)
        ax.grid(True, alpha=GRID_ALPHA, axis="y")
    for ax in axes[len(panels):]:
        ax.set_visible(False)
    fig.suptitle(title, fontsize=10)
    return fig


ABSENT_COLOUR = "#dddddd"           # a cell of a picture that is no position
MAX_STRIPS = 256                   # positions of chips drawn as strips of squares


def plot_values(values, space, kind: str, title: str = "", ax=None):
    """Draw one table and return the matplotlib ``Axes``: every position where it is, in the
    coordinates the table names (``space.coordinates()``, ``space.unrank``).

    * one coordinate (a heap; a chip's square): the value against it, every position;
    * two coordinates (two piles or heaps; a heap and the amount last taken, as Mem0 and
      Nim-like tables with ``norepeat=1``; two chips): an image over the pair, cells that are
      no position (``last`` above the heap, a second chip left of the first) in light grey;
    * a box of more coordinates (three heaps; two heaps and the last amount): the image of its
      first two at the first value of the others (0, no last amount), said in the title;
    * sums of heaps (``total=``, a partition space): the share of P-positions among the sums
      of ``m`` heaps of total ``n``, an image over ``(n, m)``;
    * chips (sets of squares): a picture of positions, each P-position a strip of squares with
      its chips in black, fewest chips first (at most :data:`MAX_STRIPS`);
    * boards and graphs (a cell bitmask): :func:`plot_cells`, positions drawn as boards or
      graphs;
    * any other space (strings): the value against the position index
      (``space.meta()['rank']`` says how positions are numbered).

    Outcome tables (``outcome``, ``misere``, ``partizan``) are drawn as classes P/N(/L/R), Grundy
    tables as numbers (a colour bar).
    """
    values = np.asarray(values)
    scheme = getattr(space, "scheme", "")
    labels = OUTCOME_LABELS.get(kind)
    if scheme == "partitions by total, then lexicographic":
        return _plot_sums(values, space, title, ax)
    if scheme == "cell bitmask":
        return plot_cells(values, space, kind, title, ax)
    if scheme in ("subset bitmask", "combinatorial number system") and space.width > 2:
        return _plot_strips(values, space, title, ax)
    shape = tuple(getattr(space, "shape", (values.size,)))
    picture = _grid(values, space, shape)
    if picture is not None:
        grid, absent, (xname, xs), (yname, ys), fixed = picture
        if ax is None:
            _, ax = new_figure(SQUARE_SIZE, pyplot=True)
        _draw_grid(ax, grid, absent, xs, ys, labels)
        ax.set_xlabel(xname)
        ax.set_ylabel(yname)
        shown = f"{values.size:,} positions" + (f"; shown at {', '.join(fixed)}" if fixed else "")
        ax.set_title(f"{title}\n({shown})" if title else shown, fontsize=10)
        return ax
    if ax is None:
        _, ax = new_figure(SEQUENCE_SIZE, pyplot=True)
    one = getattr(space, "width", 0) == 1 and values.size == getattr(space, "size", -1)
    x = space.unrank(np.arange(values.size, dtype=np.int64))[:, 0] if one else \
        np.arange(values.size)
    ax.plot(x, values, "o", markersize=marker_size(values.size), markeredgewidth=0,
            color=POINT_COLOUR)
    names = tuple(space.coordinates()) if hasattr(space, "coordinates") else ()
    ax.set_xlabel(names[0] if one and names else "position index")
    if labels is None:
        ax.set_ylabel("Grundy value")
    else:
        ax.set_yticks(range(len(labels)))
        ax.set_yticklabels(labels)
        ax.set_ylabel("outcome")
    ax.grid(True, alpha=GRID_ALPHA)
    ax.set_title(title + (f"  ({values.size:,} positions)" if title else ""))
    return ax


def _grid(values, space, shape):
    """``(grid[x, y], absent or None, (xname, xs), (yname, ys), fixed)`` for a space drawn as an
    image (see :func:`plot_values`), or ``None``.  ``xs``, ``ys``: the coordinate values of the
    grid's rows and columns; ``fixed``: ``"name = value"`` of the coordinates held fixed."""
    axes = space.axes() if hasattr(space, "axes") else None
    if axes is not None and len(axes) >= 2 and values.size == int(np.prod(shape)):
        grid = values.reshape(shape)[(slice(None), slice(None)) + (0,) * (len(shape) - 2)]
        fixed = [f"{name} = {int(vals[0])}" for name, vals in axes[2:]]
        return grid, None, axes[0], axes[1], fixed
    if getattr(space, "width", 0) != 2 or values.size != getattr(space, "size", -1):
        return None
    rows = space.unrank(np.arange(values.size, dtype=np.int64))
    xs, ys = np.unique(rows[:, 0]), np.unique(rows[:, 1])
    i, j = np.searchsorted(xs, rows[:, 0]), np.searchsorted(ys, rows[:, 1])
    grid = np.zeros((xs.size, ys.size), dtype=values.dtype)
    absent = np.ones((xs.size, ys.size), dtype=bool)
    grid[i, j] = values
    absent[i, j] = False
    names = tuple(space.coordinates())
    return grid, (absent if absent.any() else None), (names[0], xs), (names[1], ys), []


def _axis(ax, which: str, vals: np.ndarray) -> tuple[float, float]:
    """Lay out one axis of an image over the coordinate values ``vals`` (increasing): whole
    numbers on the ticks; consecutive values (0..N, squares 1..n) at their own place, others
    (the last amounts 0, 3, 4, ...) at their rank, labelled with their values.  Returns the
    image's extent along it."""
    from matplotlib.ticker import FuncFormatter, MaxNLocator
    vals = np.asarray(vals, dtype=np.int64)
    axis = ax.xaxis if which == "x" else ax.yaxis
    axis.set_major_locator(MaxNLocator(integer=True))
    if vals.size and np.array_equal(vals, vals[0] + np.arange(vals.size)):
        return float(vals[0]) - 0.5, float(vals[0] + vals.size) - 0.5
    axis.set_major_formatter(FuncFormatter(
        lambda c, _pos=None: str(int(vals[int(round(c))])) if 0 <= round(c) < vals.size else ""))
    return -0.5, vals.size - 0.5


def _draw_grid(ax, grid, absent, xs, ys, labels) -> None:
    """An image of ``grid[x, y]`` (``x`` across), cells of ``absent`` in light grey; Grundy
    values with a colour bar, outcome codes (``labels``) with a legend of the classes."""
    import matplotlib
    from matplotlib.colors import ListedColormap
    from matplotlib.patches import Patch

    x0, x1 = _axis(ax, "x", xs)
    y0, y1 = _axis(ax, "y", ys)
    data = grid.T if absent is None else np.ma.masked_array(grid.T, mask=absent.T)
    wide = max(grid.shape) > 4 * max(1, min(grid.shape))
    kw = dict(origin="lower", interpolation="nearest", extent=(x0, x1, y0, y1),
              aspect="auto" if wide else "equal")
    handles = []
    if labels is None:
        cmap = matplotlib.colormaps["viridis"].with_extremes(bad=ABSENT_COLOUR)
        im = ax.imshow(data, cmap=cmap, **kw)
        ax.figure.colorbar(im, ax=ax, label="Grundy value")
    else:
        cmap = ListedColormap(OUTCOME_COLOURS[:len(labels)]).with_extremes(bad=ABSENT_COLOUR)
        ax.imshow(data, cmap=cmap, vmin=-0.5, vmax=len(labels) - 0.5, **kw)
        shown = grid if absent is None else grid[~absent]
        present = sorted(set(int(v) for v in np.unique(shown)) & set(range(len(labels))))
        handles = [Patch(facecolor=OUTCOME_COLOURS[v], edgecolor="#888888", label=labels[v])
                   for v in present]
    if absent is not None:
        handles.append(Patch(facecolor=ABSENT_COLOUR, edgecolor="#888888",
                             label="not a position"))
    if handles:
        ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1.0),
                  title="outcome" if labels is not None else None)


def _plot_sums(values, space, title: str, ax):
    """Sums of heaps (a partition space): the share of P-positions (value 0) among the sums of
    ``m`` heaps of total ``n``, as an image over ``(n, m)`` (grey: no such sum)."""
    from matplotlib.ticker import MaxNLocator
    T = int(space.total)
    every = np.zeros((T + 1) * (T + 1), dtype=np.int64)
    lost = np.zeros_like(every)
    step = 1 << 16                 # positions unranked at a time: memory stays small
    for a in range(0, values.size, step):
        rows = space.unrank(np.arange(a, min(a + step, values.size), dtype=np.int64))
        cell = rows.sum(axis=1) * (T + 1) + (rows > 0).sum(axis=1)
        every += np.bincount(cell, minlength=every.size)
        lost += np.bincount(cell, weights=values[a:a + rows.shape[0]] == 0,
                            minlength=every.size).astype(np.int64)
    every, lost = every.reshape(T + 1, T + 1), lost.reshape(T + 1, T + 1)
    share = np.ma.masked_array(lost / np.maximum(every, 1), mask=every == 0)
    if ax is None:
        _, ax = new_figure(SQUARE_SIZE, pyplot=True)
    import matplotlib
    cmap = matplotlib.colormaps["Greys"].with_extremes(bad=ABSENT_COLOUR)
    im = ax.imshow(share.T, origin="lower", interpolation="nearest", cmap=cmap, vmin=0, vmax=1,
                   extent=(-0.5, T + 0.5, -0.5, T + 0.5))
    ax.figure.colorbar(im, ax=ax, label="share of P-positions (black: every sum is P)")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("total n (tokens in all heaps)")
    ax.set_ylabel("m (number of heaps)")
    shown = (f"{values.size:,} sums of heaps, {int(lost.sum()):,} P-positions; grey: no sum of "
             f"m heaps has total n")
    ax.set_title(f"{title}\n({shown})" if title else shown, fontsize=10)
    return ax


def _plot_strips(values, space, title: str, ax):
    """Chips (sets of squares ``1..n``): each P-position (value 0) a row of squares, its chips
    black, rows by number of chips and then index, at most :data:`MAX_STRIPS` of them."""
    from matplotlib.ticker import MaxNLocator
    n = int(space.n)
    p = np.flatnonzero(values == 0)
    rows = space.unrank(p) if p.size else np.zeros((0, space.width), dtype=np.int64)
    if space.scheme == "subset bitmask":
        flags = rows.astype(bool)
    else:                                                      # the squares of k chips
        flags = np.zeros((rows.shape[0], n), dtype=bool)
        flags[np.repeat(np.arange(rows.shape[0]), rows.shape[1]), rows.ravel() - 1] = True
    order = np.lexsort((p, flags.sum(axis=1)))[:MAX_STRIPS]
    flags = flags[order]
    if ax is None:
        _, ax = new_figure((SEQUENCE_SIZE[0], min(9.0, 1.5 + 0.06 * max(1, flags.shape[0]))),
                           pyplot=True)
    from matplotlib.colors import ListedColormap
    ax.imshow(flags.astype(np.int8), origin="upper", interpolation="nearest", aspect="auto",
              cmap=ListedColormap(["#ffffff", "#000000"]), vmin=0, vmax=1,
              extent=(0.5, n + 0.5, flags.shape[0] - 0.5, -0.5))
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("square (chips black)")
    ax.set_ylabel("P-position (fewest chips first)")
    shown = (f"all {p.size:,} P-positions" if p.size <= MAX_STRIPS else
             f"{MAX_STRIPS} of the {p.size:,} P-positions (fewest chips first)") + \
        f" of {values.size:,} positions, each a row of squares 1..{n}"
    ax.set_title(f"{title}\n({shown})" if title else shown, fontsize=10)
    return ax


MAX_CELL_PICTURES = 24


def _graph_layout(space) -> np.ndarray:
    """Where a graph's vertices are drawn: a grid graph on its grid, others on a circle."""
    n = space.n
    if space.rows > 1:
        return np.array([(c % space.cols, -(c // space.cols)) for c in range(n)], dtype=float)
    t = 2 * np.pi * np.arange(n) / max(n, 1)
    return np.stack([np.sin(t), np.cos(t)], axis=1) * max(1.0, n / 6)


def draw_position(ax, space, row, x0: float = 0.0, y0: float = 0.0, label: str = "") -> float:
    """Draw one position of a cell space at ``(x0, y0)`` (its top left) on ``ax``: a board as
    squares (free white, taken black; on two planes L blue, R red), a graph as its vertices and
    the edges between vertices in play.  Returns the width used."""
    from matplotlib.patches import Circle, Rectangle
    colours = ("#222222", "#ffffff") if space.planes == 1 else \
        ("#bbbbbb", OUTCOME_COLOURS[2], OUTCOME_COLOURS[3], "#ffffff")
    if space.is_board:
        for c in range(space.n):
            r, k = divmod(c, space.cols)
            ax.add_patch(Rectangle((x0 + k, y0 - r - 1), 1, 1, facecolor=colours[int(row[c])],
                                   edgecolor="#888888", linewidth=0.6))
        if label:
            ax.text(x0 + space.cols / 2, y0 + 0.25, label, ha="center", va="bottom",
                    fontsize=8)
        return float(space.cols)
    xy = _graph_layout(space)
    xy = (xy - xy.min(axis=0)) / max(1e-9, float(np.ptp(xy, axis=0).max() or 1)) * \
        max(2.0, min(6.0, space.n / 2)) + np.array([x0 + 0.5, y0 - 0.5])
    xy[:, 1] -= xy[:, 1].max() - (y0 - 0.5)
    for a, b in space.edges:
        live = int(row[a]) and int(row[b])
        ax.plot(xy[[a, b], 0], xy[[a, b], 1], color="#333333" if live else "#dddddd",
                linewidth=1.0 if live else 0.6, zorder=1)
    for c in range(space.n):
        ax.add_patch(Circle(tuple(xy[c]), 0.22, facecolor=colours[int(row[c])],
                            edgecolor="#333333", linewidth=0.8, zorder=2))
    width = float(np.ptp(xy[:, 0])) + 1.0
    if label:
        ax.text(x0 + width / 2, y0 + 0.25, label, ha="center", va="bottom", fontsize=8)
    return width


def plot_cells(values, space, kind: str, title: str = "", ax=None, positions=None, texts=None,
               shown: str = ""):
    """Positions of a board or graph game drawn as boards or graphs, each with its value or
    outcome above it: ``positions`` (indices), or by default the start position and the
    P-positions (value 0 or outcome P) with the most cells in play, at most
    :data:`MAX_CELL_PICTURES` in all.  ``texts`` (one per position) replaces the text above
    each, and ``shown`` the sentence under the title that says what is drawn."""
    values = np.asarray(values)
    labels = OUTCOME_LABELS.get(kind)
    if positions is None:
        zero = np.flatnonzero(values == 0)
        cells = space.unrank(zero) if zero.size else np.zeros((0, space.n), np.int64)
        live = (cells != 0).sum(axis=1)
        order = zero[np.lexsort((-zero, -live))]
        start = space.size - 1
        positions = [start] + [int(i) for i in order if i != start][:MAX_CELL_PICTURES - 1]
    positions = [int(i) for i in positions][:MAX_CELL_PICTURES]
    rows = space.unrank(np.array(positions, dtype=np.int64))
    per_row = max(1, min(len(positions), 6 if space.n <= 16 else 4))
    if ax is None:
        nrow = (len(positions) + per_row - 1) // per_row
        _, ax = new_figure((SEQUENCE_SIZE[0], min(12.0, 1.0 + 1.6 * nrow)), pyplot=True)
    step_x = (space.cols if space.is_board else max(3.0, min(7.0, space.n / 2 + 1))) + 1.0
    step_y = (space.rows if space.is_board else max(3.0, min(7.0, space.n / 2 + 1))) + 1.2
    for k, (i, row) in enumerate(zip(positions, rows)):
        v = int(values[i])
        text = (f"{v} ({'P' if v == 0 else 'N'})" if labels is None else labels[v])
        if texts is not None:
            text = texts[k]
        if i == space.size - 1:
            text = "start: " + text
        draw_position(ax, space, row, (k % per_row) * step_x, -(k // per_row) * step_y, text)
    ax.set_aspect("equal")
    ax.autoscale_view()
    ax.relim()
    ax.set_xlim(-0.5, per_row * step_x)
    nrow = (len(positions) + per_row - 1) // per_row
    ax.set_ylim(-nrow * step_y + 0.5, 1.0)
    ax.axis("off")
    what = "value (Grundy) and outcome" if labels is None else "outcome class"
    shown = shown or f"the start and P-positions with the most cells in play; {what} above each"
    if space.planes == 2:
        shown += "; blue: only Left may take it, red: only Right, grey: neither"
    ax.set_title(f"{title}\n({shown})" if title else shown, fontsize=10)
    return ax


def plot_numbers(x, y, xname: str, yname: str, title: str = "", ax=None):
    """A number per position (a temperature, a mean) against ``x`` (the position index or a
    coordinate), as points; returns the ``Axes``."""
    x, y = np.asarray(x), np.asarray(y, dtype=float)
    if ax is None:
        _, ax = new_figure(SEQUENCE_SIZE, pyplot=True)
    ax.plot(x, y, "o", markersize=marker_size(y.size), markeredgewidth=0, color=POINT_COLOUR)
    ax.set_xlabel(xname)
    ax.set_ylabel(yname)
    ax.grid(True, alpha=GRID_ALPHA)
    ax.set_title(title + (f"  ({y.size:,} positions)" if title else ""))
    return ax
