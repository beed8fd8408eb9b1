"""Sums of heaps as one table: positions are multisets of heaps (a :class:`PartitionSpace`), a
move replaces one heap ``h`` by at most two heaps, as the options of a single heap ``h`` say.

Outcomes of sums need such a table when they do not follow from values of single heaps (misère
play: outcomes do not add like Grundy values).  A family gives the options of every heap
``1..T`` as data (:func:`heap_sum_params`); this module gives the move generator
(:data:`heap_sum_moves`, the engine's generic path) and a faster outcome worker
(:func:`heap_sum_outcome_range`: partitions are stepped, not unranked, and a position stops at
its first losing option), run tier by tier by :func:`fill_heap_sum_outcomes`.
:func:`heap_sum_rules` is the ``total=T`` table of a family that gives its heap options (nim,
subtraction), and :func:`heap_sum_options_ref` the options of a sum in plain Python (its
``options_ref``).

``params`` layout: ``[L, tables (L entries, PartitionSpace.tables), start (T + 2), pairs]``:
the options of heap ``h`` are ``pairs[2 o], pairs[2 o + 1]`` (``a >= b >= 0``, 0 = no heap) for
``start[h] <= o < start[h + 1]``.
"""
from __future__ import annotations

import numba as nb
import numpy as np
from numba import types

from ..errors import GtablesError
from .game import MISERE, OUTCOME, FastFill, Rules
from .kernels import movegen, run_tiers, worker
from .spaces.partition_kernels import partition_next, partition_unrank, rank_replace, tier_of
from .spaces.partitions import MAX_SUM_TOTAL, PartitionSpace  # noqa: F401  (re-exported)
from .status import DONE
from .values import N, P


def heap_sum_params(space: PartitionSpace, heap_options) -> tuple[np.ndarray, int]:
    """``(params, max_options)`` for the sums of heaps of ``space`` whose heap ``h`` has the
    options ``heap_options(h)`` (tuples of 0, 1 or 2 positive heaps), ``1 <= h <= T``.

    Every option must leave fewer tokens (``sum < h``), or as many when the space was made with
    ``keeps_total``.  ``max_options`` is exact: the most options any multiset of distinct heap
    sizes with sum ``<= T`` has (a 0/1 knapsack over the sizes)."""
    T = space.total
    start = np.zeros(T + 2, dtype=np.int64)
    pairs: list[int] = []
    count = [0] * (T + 1)
    for h in range(1, T + 1):
        start[h] = len(pairs) // 2
        for o in heap_options(h):
            parts = sorted((int(x) for x in o), reverse=True)
            if len(parts) > 2 or any(x <= 0 for x in parts):
                raise ValueError(f"option {o} of heap {h}: at most two positive heaps")
            if sum(parts) > h or sum(parts) == h and not space.keeps_total:
                raise ValueError(f"option {o} of heap {h} does not remove a token")
            pairs += (parts + [0, 0])[:2]
            count[h] += 1
    start[T + 1] = len(pairs) // 2
    best = [0] * (T + 1)                     # best[t]: most options of distinct sizes summing <= t
    for h in range(1, T + 1):
        for t in range(T, h - 1, -1):
            best[t] = max(best[t], best[t - h] + count[h])
    params = np.concatenate([np.array([space.tables.size], dtype=np.int64), space.tables, start,
                             np.array(pairs, dtype=np.int64)])
    return params, best[T]


@movegen
def heap_sum_moves(pos, side, params, out):
    nt = params[0]
    tables = params[1:1 + nt]
    T = tables[0]
    start = params[1 + nt:1 + nt + T + 2]
    pairs = params[1 + nt + T + 2:]
    sizes = np.empty(T + 1, np.int64)
    counts = np.empty(T + 1, np.int64)
    d = partition_unrank(tables, pos, sizes, counts)
    n = tier_of(tables, pos)
    c = 0
    for i in range(d):
        h = sizes[i]
        for o in range(start[h], start[h + 1]):
            out[2 * c] = rank_replace(tables, sizes, counts, d, n, h, pairs[2 * o], pairs[2 * o + 1])
            out[2 * c + 1] = -1
            c += 1
    return c


@worker(types.uint8)
def heap_sum_outcome_range(moves, params, args, lo, hi, table, scratch):
    """Outcomes (P=0, N=1) of the positions ``lo..hi-1`` (in index order); ``args = [misere]``
    (misère play when 1).  ``moves`` is not called: ``params`` is :func:`heap_sum_params`'s.
    ``scratch`` holds ``2 T + 2`` entries (the distinct parts and their multiplicities)."""
    misere = args[0] != 0
    nt = params[0]
    tables = params[1:1 + nt]
    T = tables[0]
    start = params[1 + nt:1 + nt + T + 2]
    pairs = params[1 + nt + T + 2:]
    sizes = scratch[:T + 1]
    counts = scratch[T + 1:2 * T + 2]
    if lo >= hi:
        return DONE
    d = partition_unrank(tables, lo, sizes, counts)
    n = tier_of(tables, lo)
    for p in range(lo, hi):
        moved = False
        wins = False
        for i in range(d):
            h = sizes[i]
            for o in range(start[h], start[h + 1]):
                moved = True
                if table[rank_replace(tables, sizes, counts, d, n, h, pairs[2 * o],
                                      pairs[2 * o + 1])] == P:
                    wins = True
                    break
            if wins:
                break
        if moved:
            table[p] = N if wins else P
        else:
            table[p] = N if misere else P
        if p + 1 < hi:
            d = partition_next(sizes, counts, d)
            if d < 0:                        # the next total starts with n + 1 ones
                n += 1
                sizes[0] = 1
                counts[0] = n
                d = 1
    return DONE


def fill_heap_sum_outcomes(game, misere: bool, threads: int | None = None) -> np.ndarray:
    """The outcome table of ``game`` (a :class:`PartitionSpace` game whose ``move_params`` are
    :func:`heap_sum_params`'s), tier by tier on all threads; one tier, serially, when moves may
    keep the total."""
    space = game.space
    if not isinstance(space, PartitionSpace):
        raise GtablesError(f"{game.spec}: not a table of heap sums")
    nw = 1 if space.keeps_total else (threads or nb.get_num_threads())
    bounds = np.array([0, space.size], dtype=np.int64) if space.keeps_total \
        else np.ascontiguousarray(space.offsets)
    table = np.zeros(space.size, dtype=np.uint8)
    scratch = np.zeros((nw, 2 * space.total + 2), dtype=np.int64)
    args = np.array([int(misere)], dtype=np.int64)
    status = run_tiers(heap_sum_outcome_range, game.moves, game.move_params, args, bounds, table,
                       scratch)
    if status != DONE:   # pragma: no cover - the worker has no failure of its own
        raise GtablesError(f"{game.spec}: heap-sum kernel stopped (status {status})")
    return table


def heap_sum_rules(total: int, heap_options, play: str, describe: str,
                   keeps_total: bool = False) -> Rules:
    """The rules of the table of every sum of heaps of total <= ``total`` whose heap ``h`` has
    the options ``heap_options(h)`` (as :func:`heap_sum_params` takes them), by outcome under
    ``play`` (``normal`` or ``misere``), filled by :func:`fill_heap_sum_outcomes`."""
    space = PartitionSpace(total, keeps_total=keeps_total)
    params, max_options = heap_sum_params(space, heap_options)
    misere = play == "misere"
    return Rules(space=space, moves=heap_sum_moves, move_params=params,
                 kind=MISERE if misere else OUTCOME, max_options=max_options, describe=describe,
                 fast_fill=FastFill(lambda game: fill_heap_sum_outcomes(game, misere)))


def heap_sum_options_ref(position, heap_options) -> list[tuple]:
    """The options of a sum of heaps in plain Python (a family's ``options_ref`` with
    ``total=``): ``position`` is a multiset of heaps (decreasing, zero-padded, as
    ``PartitionSpace.unrank`` gives it); each option is the one multiset a move on one of its
    heaps leaves, a move on heap ``h`` replacing it by the heaps of one of ``heap_options(h)``."""
    heaps = [int(h) for h in position if h > 0]
    out = []
    for h in sorted(set(heaps)):
        rest = list(heaps)
        rest.remove(h)
        for o in heap_options(h):
            parts = sorted(rest + [int(x) for x in o], reverse=True)
            out.append((tuple(parts + [0] * (len(position) - len(parts))),))
    return out
