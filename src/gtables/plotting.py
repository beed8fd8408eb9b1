"""Pictures of tables: one small module, one style.

Functions of arrays and a position space only (no store, no kernels), so that a notebook's
``Table.plot()`` and the reports draw the same way.  Matplotlib is imported when a picture is
drawn, never at import time.
"""
from __future__ import annotations

import numpy as np

OUTCOME_LABELS = {"outcome": ("P", "N"), "misere": ("P", "N"), "partizan": ("P", "N", "L", "R")}
OUTCOME_COLOURS = ("#222222", "#f2f2f2", "#4477aa", "#cc6677")   # P black, N white, L blue, R red
MARKER_SIZE = 4


def plot_values(values, space, kind: str, title: str = "", ax=None):
    """Draw one table and return the matplotlib ``Axes``.

    * one coordinate (a heap): the value against the heap, every computed position;
    * a box of two coordinates (two heaps, two piles): an image with the coordinates' names on
      the axes, a colour bar for Grundy values, a legend for outcome classes;
    * any other space: the value against the position index (``space.meta()['rank']`` says how
      positions are numbered).

    Outcome tables (``outcome``, ``misere``, ``partizan``) are drawn as classes P/N(/L/R), Grundy
    tables as numbers.
    """
    import matplotlib.pyplot as plt

    values = np.asarray(values)
    shape = tuple(getattr(space, "shape", (values.size,)))
    names = tuple(getattr(space, "names", ()))
    if ax is None:
        _, ax = plt.subplots(figsize=(9, 3.2) if len(shape) != 2 else (6, 5))
    labels = OUTCOME_LABELS.get(kind)
    if len(shape) == 2 and values.size == shape[0] * shape[1] and names:
        grid = values.reshape(shape)
        if labels is None:
            im = ax.imshow(grid.T, origin="lower", interpolation="nearest", cmap="viridis")
            ax.figure.colorbar(im, ax=ax, label="Grundy value")
        else:
            from matplotlib.colors import ListedColormap
            from matplotlib.patches import Patch
            cmap = ListedColormap(OUTCOME_COLOURS[:len(labels)])
            ax.imshow(grid.T, origin="lower", interpolation="nearest", cmap=cmap,
                      vmin=-0.5, vmax=len(labels) - 0.5)
            present = sorted(set(int(v) for v in np.unique(grid)) & set(range(len(labels))))
            ax.legend(handles=[Patch(facecolor=OUTCOME_COLOURS[v], edgecolor="#888888",
                                     label=labels[v]) for v in present],
                      loc="upper left", bbox_to_anchor=(1.01, 1.0), title="outcome")
        ax.set_xlabel(names[0])
        ax.set_ylabel(names[1])
    else:
        x = np.arange(values.size)
        ax.plot(x, values, ".", markersize=MARKER_SIZE)
        if len(shape) == 1:
            ax.set_xlabel(names[0] if names else "position")
        else:
            ax.set_xlabel("position index")
        if labels is None:
            ax.set_ylabel("Grundy value")
        else:
            ax.set_yticks(range(len(labels)))
            ax.set_yticklabels(labels)
            ax.set_ylabel("outcome")
        ax.grid(True, alpha=0.3)
    ax.set_title(title + (f"  ({values.size:,} positions)" if title else ""))
    return ax
