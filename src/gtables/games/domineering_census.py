"""The Domineering census: every connected Domineering position (a polyomino of free squares) of
up to ``n`` squares with its canonical value, after Uiterwijk and Barton, 'New results for
Domineering from combinatorial game theory endgame databases', Theoretical Computer Science
(2015), arXiv:1506.03949 (their databases: every single-component position up to 15 squares).

Left places vertical dominoes, Right horizontal ones (Winning Ways ch. 5).  The options of a
position are "a domino removed", and what is left is a sum of its components, each a smaller
polyomino: so values are computed size by size, each option's components looked up in what is
done.  Shapes are numbered per free polyomino (up to translation, mirrors and rotations): a
quarter turn or a diagonal reflection swaps the players, so it negates the value, and a census
position (up to translation and the symmetries that keep the game: the two mirrors and the half
turn) is a free polyomino in one of its two orientations, the transposed one having the negative
value.  Computing one value per free polyomino halves the work of the census
(:mod:`.domineering_census_kernels` says how shapes are keyed).

:class:`Census` holds the shapes, a game :class:`~gtables.cgt.Pool` and each shape's value id;
:meth:`Census.extend` adds the next size, :meth:`Census.save` / :meth:`Census.load` keep a
checkpoint (the pool re-derived on load, every entry checked), :func:`size_summary` counts what
one size holds.
"""
from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any

import numpy as np

from ..cgt import Pool
from ..errors import GtablesError
from . import domineering_census_kernels as dk

MAX_SQUARES = dk.MAX_SQUARES
_CHECKPOINT_KEYS = ("KV", "AUT", "starts", "nleft", "nright", "options")


def _pow2(n: int) -> int:
    return 1 << max(4, (int(n) - 1).bit_length())


class Census:
    """Every free polyomino of 1 .. :attr:`squares` cells with its Domineering value (an id of
    :attr:`pool`, the value of the shape as :meth:`cells` draws it)."""

    def __init__(self, capacity: int = 1024, pool: Pool | None = None):
        cap = max(64, int(capacity))
        # a roomy pool from the start: its memos of sums and of raw option lists grow with it
        self.pool = pool if pool is not None else Pool(capacity=1 << 17)
        self.KV = np.full((cap, 3), dk.EMPTY, np.int64)     # k0, k1, value id per shape
        self.AUT = np.zeros(cap, np.int8)
        self.TAB = np.full(_pow2(2 * cap), dk.EMPTY, np.int32)
        self.state = np.zeros(1, np.int64)
        self.starts = [0, 0]           # shapes of n cells: starts[n] .. starts[n+1]-1
        if pool is None:
            k0, k1, _, aut = dk.key_of_cells(np.zeros(1, np.int64), np.zeros(1, np.int64))
            self.KV[0] = k0, k1, 0
            self.AUT[0] = aut
            self.state[0] = 1
            dk.rehash(self.TAB, self.KV, 1)
            self.starts.append(1)

    # -- sizes ------------------------------------------------------------------------------

    @property
    def squares(self) -> int:
        """The largest size done."""
        return len(self.starts) - 2

    def shapes(self, n: int) -> range:
        """The shape numbers of ``n`` cells."""
        if not 1 <= n <= self.squares:
            raise GtablesError(f"the census has sizes 1 to {self.squares}, not {n}")
        return range(self.starts[n], self.starts[n + 1])

    def _grow_shapes(self, cap: int) -> None:
        """Room for ``cap`` shapes (the hash table at most half full)."""
        m = int(self.state[0])
        if cap <= self.KV.shape[0]:
            return
        kv = np.full((cap, 3), dk.EMPTY, np.int64)
        kv[:m] = self.KV[:m]
        aut = np.zeros(cap, np.int8)
        aut[:m] = self.AUT[:m]
        self.KV, self.AUT = kv, aut
        self.TAB = np.full(0, dk.EMPTY, np.int32)         # the old table freed first
        self.TAB = np.full(_pow2(2 * cap), dk.EMPTY, np.int32)
        dk.rehash(self.TAB, self.KV, m)

    def extend(self, progress: Callable[[str, int, int], None] | None = None,
               chunk: int = 20000) -> None:
        """Add the shapes of one more cell and their values (``progress(stage, done, total)``
        is called between chunks)."""
        n = self.squares + 1
        if n > MAX_SQUARES:
            raise GtablesError(f"the census goes to {MAX_SQUARES} squares at most (its shape "
                               f"keys hold a box of 100 cells)")
        lo, hi = self.starts[n - 1], self.starts[n]
        # free polyominoes grow by a factor below 4 from one size to the next (A000105)
        self._grow_shapes(hi + 4 * (hi - lo) + 1024)
        i = lo
        while i < hi:
            stop = min(hi, i + 10 * chunk)
            r = int(dk.grow_shapes(i, stop, self.KV, self.AUT, self.TAB, self.state))
            if r == dk.DONE:
                i = stop
            else:
                i = r // dk.STOP_BASE
                self._grow_shapes(self.KV.shape[0] * 5 // 4 + 1024)
            if progress:
                progress("shapes", i - lo, hi - lo)
        self.starts.append(int(self.state[0]))
        lo, hi = self.starts[n], self.starts[n + 1]
        i = lo
        while i < hi:
            stop = min(hi, i + chunk)
            r = int(dk.shape_values(self.pool.P, i, stop, self.KV, self.TAB))
            if r == dk.DONE:
                i = stop
                if progress:
                    progress("values", i - lo, hi - lo)
                continue
            i, code = divmod(r, dk.STOP_BASE)
            if code != dk.FULL:
                raise GtablesError(f"the census stopped at shape {i}: {dk.CODES[code]}")
            self.pool.grow()

    # -- temperatures -------------------------------------------------------------------------

    def temperatures(self) -> tuple[np.ndarray, np.ndarray]:
        """``(temperature, mean)`` of every id of the pool, float64 (exact: dyadic rationals;
        :func:`~.domineering_census_kernels.thermographs`, CGSuite's conventions)."""
        pool = self.pool
        n = len(pool)
        th = getattr(self, "_thermo", None)
        if th is None or th["TEMP"].size < n:
            cap = max(1024, 2 * n)
            new = {"WOFF": np.zeros((cap, 2), np.int64), "WCNT": np.zeros((cap, 2), np.int64),
                   "TEMP": np.zeros(cap), "MAST": np.zeros(cap),
                   "WT": np.zeros(16 * cap), "WV": np.zeros(16 * cap),
                   "state": np.zeros(2, np.int64)}
            if th is not None:
                done = int(th["state"][1])
                for key in ("WOFF", "WCNT", "TEMP", "MAST"):
                    new[key][:done] = th[key][:done]
                used = int(th["state"][0])
                new["WT"][:used] = th["WT"][:used]
                new["WV"][:used] = th["WV"][:used]
                new["state"][:] = th["state"]
            th = self._thermo = new
        while True:
            r = int(dk.thermographs(pool.P, n, th["WT"], th["WV"], th["WOFF"], th["WCNT"],
                                    th["TEMP"], th["MAST"], th["state"]))
            if r == dk.DONE:
                return th["TEMP"][:n], th["MAST"][:n]
            if r != dk.THERMO_FULL:
                raise GtablesError(f"the thermograph of game {int(th['state'][1])} failed "
                                   f"(its scaffolds do not start apart, or its walls have "
                                   f"too many breakpoints)")
            for key in ("WT", "WV"):
                grown = np.zeros(2 * th[key].size)
                grown[:th[key].size] = th[key]
                th[key] = grown

    # -- reading ------------------------------------------------------------------------------

    def cells(self, i: int) -> list[tuple[int, int]]:
        """The cells ``(row, column)`` of shape ``i`` in its key orientation (row 0 on top)."""
        rs = np.empty(MAX_SQUARES + 1, np.int64)
        cs = np.empty(MAX_SQUARES + 1, np.int64)
        n, _, _ = dk.unpack(self.KV[i, 0], self.KV[i, 1], rs, cs)
        return sorted(zip(rs[:n].tolist(), cs[:n].tolist()))

    def automorphisms(self, i: int) -> tuple[int, bool]:
        """How many of the 8 symmetries of the square map shape ``i`` onto itself, and whether
        one of them swaps the axes (then the shape is its own transpose, up to symmetry)."""
        a = int(self.AUT[i])
        return a >> 1, bool(a & 1)

    def find(self, cells: Iterable[tuple[int, int]]) -> tuple[int, bool]:
        """``(shape number, negated)`` of a connected set of cells: its value is that shape's
        value, negated if ``negated``.  GtablesError if it is not in the census."""
        cells = sorted(set((int(r), int(c)) for r, c in cells))
        if not cells or len(cells) > self.squares or not _connected(cells):
            raise GtablesError(f"not a connected position of 1 to {self.squares} squares: "
                               f"{cells[:4]}...")
        rs = np.array([r for r, _ in cells], np.int64)
        cs = np.array([c for _, c in cells], np.int64)
        k0, k1, t, _ = dk.key_of_cells(rs - rs.min(), cs - cs.min())
        j = dk.find_key(self.TAB, self.KV, k0, k1)
        if j == dk.EMPTY:
            raise GtablesError("a shape missing from the census (a bug)")
        return int(j), t >= 4

    def value(self, cells: Iterable[tuple[int, int]]) -> int:
        """The pool id of the value of a position, components summed (any set of cells whose
        components are in the census)."""
        cells = set((int(r), int(c)) for r, c in cells)
        total = 0
        for comp in _components(cells):
            if len(comp) == 1:
                continue
            j, negated = self.find(comp)
            v = int(self.KV[j, 2])
            total = self.pool.add(total, self.pool.neg(v) if negated else v)
        return total

    # -- checkpoints --------------------------------------------------------------------------

    def save(self, path: str) -> None:
        """Write the census to ``path`` (an ``.npz``), via a temporary file and a rename."""
        m = int(self.state[0])
        arrays: dict[str, Any] = {"KV": self.KV[:m], "AUT": self.AUT[:m],
                  "starts": np.array(self.starts, np.int64)}
        arrays.update(self.pool.arrays())
        folder = os.path.dirname(os.path.abspath(path))
        fd, tmp = tempfile.mkstemp(prefix=".census-", suffix=".npz", dir=folder)
        try:
            with os.fdopen(fd, "wb") as f:
                np.savez(f, **arrays)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, path)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise

    @classmethod
    def load(cls, path: str) -> Census:
        """A census from :meth:`save`'s file: the pool re-derived (every entry checked, see
        :meth:`Pool.from_arrays`), keys unique, shape values ids of the pool."""
        try:
            with np.load(path, allow_pickle=False) as f:
                data = {key: np.asarray(f[key]) for key in _CHECKPOINT_KEYS}
        except (OSError, ValueError, KeyError) as err:
            raise GtablesError(f"cannot read the census checkpoint {path}: {err}") from None
        pool = Pool.from_arrays(data)
        starts = [int(x) for x in data["starts"]]
        kv, aut = data["KV"], data["AUT"]
        m = kv.shape[0] if kv.ndim == 2 else -1
        if (len(starts) < 3 or starts[:3] != [0, 0, 1] or starts[-1] != m
                or any(b < a for a, b in zip(starts, starts[1:])) or kv.shape != (m, 3)
                or aut.shape != (m,)):
            raise GtablesError(f"the census checkpoint {path} is not consistent")
        vals = kv[:, 2]
        if m and (vals.min() < 0 or vals.max() >= len(pool)):
            raise GtablesError(f"the census checkpoint {path} has values outside its pool")
        census = cls(capacity=max(64, m), pool=pool)
        census.KV[:m] = kv
        census.AUT[:m] = aut
        census.state[0] = m
        census.starts = starts
        dk.rehash(census.TAB, census.KV, m)
        if np.unique(kv[:, :2], axis=0).shape[0] != m:
            raise GtablesError(f"the census checkpoint {path} repeats a shape")
        return census


def _components(cells: set) -> list[list[tuple[int, int]]]:
    seen, out = set(), []
    for start in sorted(cells):
        if start in seen:
            continue
        comp, stack = [], [start]
        seen.add(start)
        while stack:
            r, c = stack.pop()
            comp.append((r, c))
            for x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if x in cells and x not in seen:
                    seen.add(x)
                    stack.append(x)
        out.append(comp)
    return out


def _connected(cells: list) -> bool:
    return len(_components(set(cells))) == 1


# -- what one size holds ---------------------------------------------------------------------

def size_summary(census: Census, n: int, max_nimber: int = 8, hottest: int = 12,
                 examples_per_value: int = 2) -> dict:
    """The census of ``n`` squares: counts of fixed and free polyominoes and of positions (up to
    translation, the mirrors and the half turn), and over positions: distinct values, numbers,
    nimbers, up multiples (``k.^`` plus a nimber, no number), tinies and minies, outcomes, the
    temperatures (CGSuite's convention: a number with denominator 2^k has -1/2^k) and the
    hottest positions (their shapes, values), and shapes of the rarer infinitesimals (nimbers
    from *2, multiples of up from ^^, tinies and minies) in the orientation of that value."""
    pool = census.pool
    idx = np.arange(census.starts[n], census.starts[n + 1])
    aut = census.AUT[idx].astype(np.int64)
    vals = census.KV[idx, 2]
    fixed = int(np.sum(8 // (aut >> 1)))
    self_t = (aut & 1) == 1
    positions = int(np.sum(np.where(self_t, 1, 2)))
    # value id -> number of positions (a free shape without an axis-swapping symmetry is two
    # positions: itself and its transpose, of the negative value)
    counts: dict[int, int] = {}
    for v, k in zip(*np.unique(vals, return_counts=True)):
        counts[int(v)] = counts.get(int(v), 0) + int(k)
    for v, k in zip(*np.unique(vals[~self_t], return_counts=True)):
        g = pool.neg(int(v))
        counts[g] = counts.get(g, 0) + int(k)
    nimbers = {pool.nimber(k): k for k in range(max_nimber + 1)}
    ups = {}
    for k in range(-8, 9):
        for star in range(4):
            ups[pool.up(k, star)] = (k, star)
    out: dict = {"squares": n, "fixed_polyominoes": fixed, "free_polyominoes": int(idx.size),
                 "positions": positions, "distinct_values": len(counts)}
    numbers = integers = 0
    nim: dict[str, int] = {}
    up: dict[str, int] = {}
    tiny: dict[str, int] = {}
    outcome = {"L": 0, "R": 0, "N": 0, "P": 0}
    temps: dict[Fraction, int] = {}
    temperature = census.temperatures()[0]
    for g, k in counts.items():
        outcome[pool.outcome(g)] += k
        if pool.is_number(g):
            numbers += k
            integers += k if pool.is_integer(g) else 0
        if g in nimbers and g != 0:
            nim[f"*{nimbers[g]}" if nimbers[g] > 1 else "*"] = \
                nim.get(f"*{nimbers[g]}" if nimbers[g] > 1 else "*", 0) + k
        if g in ups and ups[g][0] != 0:
            text = pool.format(g)
            up[text] = up.get(text, 0) + k
        if is_tiny_or_miny(pool, g):
            text = pool.format(g)
            tiny[text] = tiny.get(text, 0) + k
        t = Fraction(float(temperature[g]))
        temps[t] = temps.get(t, 0) + k
    tmax = max(temps)
    out.update(numbers=numbers, integers=integers, nimbers=nim, ups=up, tinies_minies=tiny,
               outcomes=outcome, max_temperature=str(tmax), positions_at_max_temperature=temps[tmax],
               temperatures={str(t): temps[t] for t in sorted(temps, reverse=True)})
    # the hottest shapes (one per free polyomino; its transpose has the same temperature)
    hot_vals = [g for g in counts if Fraction(float(temperature[g])) == tmax]
    # a shape is hot if its value is, or (two positions) its transpose's value is
    hot_neg = [pool.neg(g) for g in hot_vals]
    hot = np.isin(vals, hot_vals) | (np.isin(vals, hot_neg) & ~self_t)
    shown = []
    for pos in np.flatnonzero(hot)[:hottest].tolist():
        i = int(idx[pos])
        shown.append({"cells": census.cells(i), "value": pool.format(int(vals[pos])),
                      "temperature": str(tmax), "positions": 1 if self_t[pos] else 2})
    out["hottest"] = shown
    # examples of the rarer infinitesimals: nimbers from *2, multiples of up from ^^, tinies
    rare = {g: text for g, text in ((g, pool.format(g)) for g in counts)
            if (g in nimbers and nimbers[g] >= 2) or (g in ups and abs(ups[g][0]) >= 2)
            or is_tiny_or_miny(pool, g)}
    examples: dict[str, list] = {}
    for g, text in sorted(rare.items(), key=lambda item: item[1]):
        direct = np.flatnonzero(vals == g)[:examples_per_value].tolist()
        flipped = np.flatnonzero((vals == pool.neg(g)) & ~self_t)[:examples_per_value].tolist()
        shapes = [census.cells(int(idx[p])) for p in direct]
        shapes += [sorted((c, r) for r, c in census.cells(int(idx[p]))) for p in flipped]
        examples[text] = shapes[:examples_per_value]
    out["examples"] = examples
    return out


def is_tiny_or_miny(pool: Pool, g: int) -> bool:
    """``g`` is a tiny ``{0 || 0 | -x}`` or a miny ``{x | 0 || 0}`` (``x > 0``; Winning Ways
    ch. 5, Siegel II.4)."""
    left, right = pool.options(g)
    if left == (0,) and len(right) == 1:
        hl, hr = pool.options(right[0])
        return hl == (0,) and len(hr) == 1 and pool.lt(hr[0], 0)
    if right == (0,) and len(left) == 1:
        hl, hr = pool.options(left[0])
        return hr == (0,) and len(hl) == 1 and pool.gt(hl[0], 0)
    return False


def board_text(cells: Iterable[tuple[int, int]]) -> str:
    """A shape as rows of ``#`` (a free square) and ``.``, row 0 on top."""
    cells = set(cells)
    h = 1 + max(r for r, _ in cells)
    w = 1 + max(c for _, c in cells)
    return "\n".join("".join("#" if (r, c) in cells else "." for c in range(w)) for r in range(h))
