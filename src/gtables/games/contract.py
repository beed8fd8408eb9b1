"""The family contract, checked position by position: what ``gtables check-game NAME`` and
:func:`gtables.check_game` run on a game (a user's or a shipped one) and ``tests/test_contract.py``
on every registered family, with the same code.

On every position of a small game (``space.size`` positions), for every side of a partizan game:

* every option the jitted move generator gives has a smaller index (and lies in an earlier tier
  when the space has tiers): the one pass in index order is sound;
* no position has more than ``max_options`` options (nor more than ``options_at(index)``, where
  a game gives that per-position bound), and the generator writes nothing past the slots the
  engine gives it (numba does not bounds-check: a wrong bound would silently overwrite memory);
* the generator's options equal the family's ``options_ref`` (a ``define_game`` game's
  ``reference``), as multisets of sorted component-index tuples (terminal codes equal too), and
  the table the engine computes equals the reference solver's (:mod:`.reference`) values;
* for a game of the public game API (``define_game``: it has a reachable search), against the
  table (plain play: the dense fill uses neither): its ``symmetry`` maps every position to one of
  the same value, the parts its ``split`` gives XOR to the position's Grundy value (impartial
  normal play, where the search splits), and the reachable search gives every position's value
  (all of them, or :data:`REACHABLE_POSITIONS` spread over the table).

A wrong ``symmetry`` or ``split`` gives wrong values without complaint (a symmetry that maps every
position to 0 made single-cell Kayles on 3 x 3 a P-position): only this check finds it.
"""
from __future__ import annotations

import dataclasses
import re
from collections import Counter

import numpy as np

from ..engine.game import GRUNDY, OUTCOME, PARTIZAN, PARTIZAN_KINDS, Family, Game, split_spec
from ..engine.values import LEFT, OUTCOME_LETTERS, RIGHT
from ..errors import GtablesError
from .reference import Solver

MAX_POSITIONS = 1 << 14       # a default spec past this is left out (the walk is plain Python)
MAX_GIVEN = 1 << 18           # a spec asked for past this is refused (hours of plain Python)
REACHABLE_POSITIONS = 256     # positions the reachable search is run from, spread over a table
GUARD = 64                    # slots past the engine's buffer watched for writes
SENTINEL = np.int64(-(1 << 62))
SHOWN = 3                     # examples named in a failure's line


@dataclasses.dataclass(frozen=True)
class GameCheck:
    """What :func:`check_game` found: ``checked`` (one line a spec: what was checked),
    ``failures`` (one line each: what is wrong, on which spec, an example), ``notes`` (what
    was not checked, and why)."""
    name: str
    checked: tuple[str, ...]
    failures: tuple[str, ...]
    notes: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.failures

    def lines(self) -> list[str]:
        return [*self.checked, *(f"note: {n}" for n in self.notes),
                *(f"FAIL {f}" for f in self.failures)]


def generator_options(game: Game, index: int, side: int, room: int):
    """``(count or terminal code, [sorted index tuples], overflow?)`` from the jitted generator,
    decoded by the game's move-buffer convention (``game.moves_type``), in a buffer with ``room``
    extra slots past the engine's, checked for writes there."""
    engine_slots = game.moves_type.buffer_len(game.max_options)
    buf = np.full(engine_slots + 2 * room + GUARD, SENTINEL, dtype=np.int64)
    n = int(game.moves(int(index), int(side), game.move_params, buf))
    overflow = bool((buf[engine_slots:] != SENTINEL).any())
    if n < 0:
        return n, [], overflow
    try:
        opts = game.moves_type.decode(buf, min(n, buf.size))
    except ValueError as e:
        raise GtablesError(f"{game.spec}: position {index}: {e}") from None
    return n, [tuple(sorted(o)) for o in opts], overflow


def _said(e: BaseException) -> str:
    """An exception of the user's code, as one line."""
    lines = [ln.strip() for ln in str(e).splitlines() if ln.strip()]
    return f"{type(e).__name__}: {lines[0][:200]}" if lines else type(e).__name__


def _value(result, kind: str) -> int:
    return int(result.value) if kind == GRUNDY else OUTCOME_LETTERS.index(result.outcome)


def check_contract(family: Family, values: dict, *, reachable: bool = True) -> dict:
    """Walk every position of the game ``values`` of ``family``: a report of counts and the
    first failures of each check (:func:`failures` words them)."""
    from ..engine.compute import fill
    game = family.game(dict(values))
    space = game.space
    size = space.size
    rows = space.unrank(np.arange(size))
    positions = [tuple(int(x) for x in r) for r in rows]
    # a position's canonical index: the identity, except in spaces where several indices show the
    # same position (End-Nim's framed strings), where rank() picks one
    canon = space.rank(rows) if size else np.zeros(0, np.int64)
    tiers = space.tier_bounds()
    tier_start = None
    if tiers is not None:
        tier_start = np.asarray(tiers)[np.searchsorted(np.asarray(tiers), np.arange(size),
                                                       side="right") - 1]
    ref = family.options_ref
    solver = None if ref is None else \
        Solver(lambda position, side: ref(values, position, side))
    sides = (LEFT, RIGHT) if game.kind in PARTIZAN_KINDS else (LEFT,)
    out = {"spec": game.spec, "space": space, "kind": game.kind, "positions": size,
           "options": 0, "most": 0,
           "max_options": game.max_options, "reference": solver is not None,
           "later": [], "too_many": [], "overflow": [], "differ": [], "errors": [],
           "values": [], "values_wrong": None, "symmetry": [], "split": [], "reachable": [],
           "symmetry_values": [], "split_values": [], "values_checked": 0, "values_split": False,
           "decided": [], "decided_checked": 0,
           "searched": 0, "symmetry_checked": 0, "split_checked": 0}
    where = space.format_index
    for p, pos in enumerate(positions):
        for side in sides:
            ref_opts = None
            if solver is not None:
                try:
                    ref_opts = solver.options(pos, side)
                except Exception as e:    # noqa: BLE001 - the user's reference: its reason
                    out["errors"].append(f"the reference raised {_said(e)} at {where(p)} "
                                         f"(index {p}, side {side})")
                    solver = None
            nref = 0 if not isinstance(ref_opts, list) else len(ref_opts)
            n, gen, overflow = generator_options(game, p, side, max(game.max_options, nref))
            if overflow:
                out["overflow"].append((p, side))
            bound = game.max_options if game.options_at is None else \
                min(game.max_options, game.options_at(p))      # what Game.options allocates
            if n > bound:
                out["too_many"].append((p, side, n))
            out["most"] = max(out["most"], n)
            flat = [i for o in gen for i in o]
            if any(i >= p or i < 0 for i in flat) or (
                    tier_start is not None and any(i >= tier_start[p] for i in flat)):
                out["later"].append((p, side, gen))
            if ref_opts is None:
                continue
            if isinstance(ref_opts, int):
                if n != ref_opts:
                    out["differ"].append((p, side, f"moves gives {n}, the reference "
                                                   f"{ref_opts}"))
                continue
            out["options"] += len(gen)
            comps = [c for o in ref_opts for c in o]
            try:
                idx = space.rank(np.array(comps, dtype=np.int64)).tolist() if comps else []
            except (GtablesError, ValueError) as e:
                out["errors"].append(f"the reference's options of {where(p)} (index {p}) are "
                                     f"not positions of the space: {_said(e)}")
                solver = None
                continue
            want, k = [], 0
            for o in ref_opts:
                want.append(tuple(sorted(idx[k:k + len(o)])))
                k += len(o)
            got = [tuple(sorted(int(canon[i]) for i in o)) for o in gen]
            if n < 0 or Counter(got) != Counter(want):
                out["differ"].append((p, side, _diff(space, got, want)))
    if out["too_many"] or out["overflow"] or out["later"]:
        return out          # the engine would write past its buffers, or read unfilled values
    try:
        table = np.asarray(fill(game, progress=False)[0], dtype=np.int64)
    except GtablesError as e:
        out["errors"].append(f"the table was not computed: {_said(e)}")
        return out
    out["values_wrong"] = 0
    if solver is not None:
        try:
            want_values = np.asarray(solver.table(positions, game.kind), dtype=np.int64)
        except Exception as e:    # noqa: BLE001 - the user's reference: its reason, one line
            out["errors"].append(f"the reference solver stopped: {_said(e)}")
        else:
            bad = np.flatnonzero(table != want_values)
            out["values"] = [(int(p), int(table[p]), int(want_values[p])) for p in bad[:SHOWN]]
            out["values_wrong"] = int(bad.size)
    if game.search is not None:
        _check_search(game, table, out, reachable)
    return out


def _diff(space, got, want) -> str:
    """What one position's generated options lack and have too many, as positions."""
    g, w = Counter(got), Counter(want)

    def text(c):
        return ", ".join("+".join(space.format_index(i) for i in o) for o in sorted(c.elements()))
    missing, extra = w - g, g - w
    parts = []
    if missing:
        parts.append(f"misses {text(missing)}")
    if extra:
        parts.append(f"gives {text(extra)} too")
    return "moves " + " and ".join(parts) if parts else "a terminal code"


def _check_search(game: Game, table: np.ndarray, out: dict, reachable: bool) -> None:
    """Symmetry and parts against the table (plain play), then the reachable search."""
    from ..engine.search import solve
    st, params, size = game.search, game.move_params, game.space.size
    for p in range(size):
        c = int(st.canon(p, params))
        if not 0 <= c < size or table[c] != table[p]:
            out["symmetry"].append((p, c, int(table[p]), int(table[c]) if 0 <= c < size
                                    else None))
    out["symmetry_checked"] = size
    if st.splits:
        parts = np.zeros(max(64, game.space.width + 1), dtype=np.int64)
        for p in range(size):
            count = int(st.split(p, params, parts))
            got = parts[:max(count, 0)].tolist()
            ok = 1 <= count <= parts.size and all(0 <= q < size for q in got)
            x = 0
            for q in got if ok else ():
                x ^= int(table[q])
            if not ok or x != table[p]:
                out["split"].append((p, got, int(table[p]), x if ok else None))
        out["split_checked"] = size
    if st.decided is not None and game.kind in (GRUNDY, OUTCOME, PARTIZAN):
        _check_decided(game, table, out)
    if game.kind == PARTIZAN and not out["symmetry"]:
        _check_values(game, out)
    if not reachable or out["symmetry"] or out["split"] or out["symmetry_values"] or \
            out["split_values"] or out["decided"]:
        return              # the search would store wrong values, or keys outside the space
    step = max(1, size // REACHABLE_POSITIONS)
    roots = sorted(set(range(0, size, step)) | {size - 1})
    for p in roots:
        try:
            got = _value(solve(game, p, progress=False), game.kind)
        except GtablesError as e:
            out["errors"].append(f"the reachable search from {game.space.format_index(p)} "
                                 f"failed: {e}")
            return
        if got != table[p]:
            out["reachable"].append((p, got, int(table[p])))
    out["searched"] = len(roots)


def _check_decided(game: Game, table: np.ndarray, out: dict) -> None:
    """The game's ``decided`` rule against the table (normal play): wherever it says the side to
    move wins (1) or loses (0), the table must say so too."""
    st, params = game.search, game.move_params
    sides = (LEFT, RIGHT) if game.kind == PARTIZAN else (LEFT,)
    for p in range(game.space.size):
        v = int(table[p])
        for side in sides:
            said = int(st.decided(p, side, params))
            if said < 0:
                continue
            wins = v != 0 if game.kind != PARTIZAN else \
                OUTCOME_LETTERS[v] in ("NL" if side == LEFT else "NR")
            if said not in (0, 1) or said != int(wins):
                out["decided"].append((p, side, said, v))
    out["decided_checked"] = game.space.size


def _check_values(game: Game, out: dict) -> None:
    """A partizan game in normal play, on its table of canonical forms filled in plain play:
    its ``symmetry`` keeps each position's value (not only its outcome: the canonical fill
    copies a position's value from its class's least index), and the parts its ``split`` gives
    add up to the position's value (the value search adds them)."""
    from ..cgt.fill import pool_for
    from ..engine.compute import fill
    from . import parse
    v = dict(game.params, value="canonical")
    try:
        cg = parse(f"{game.family}:" + ",".join(f"{k}={x}" for k, x in v.items()))
    except GtablesError:
        return              # a game without canonical values
    size, st, params = cg.space.size, cg.search, cg.move_params
    pool = pool_for(size)
    try:
        ids = np.asarray(fill(cg, progress=False, pool=pool, symmetry=False)[0], np.int64)
    except GtablesError as e:
        out["errors"].append(f"the table of canonical forms was not computed: {_said(e)}")
        return
    out["values_checked"], out["values_split"] = size, bool(st.splits)
    for p in range(size):
        c = int(st.canon(p, params))
        if ids[c] != ids[p]:
            out["symmetry_values"].append((p, c, pool.format(int(ids[p])),
                                           pool.format(int(ids[c]))))
    if st.splits:
        parts = np.zeros(max(64, cg.space.width + 1), dtype=np.int64)
        for p in range(size):
            count = int(st.split(p, params, parts))
            total = 0                            # the id of 0
            for q in parts[:count].tolist():
                total = pool.add(total, int(ids[q]))
            if total != ids[p]:
                out["split_values"].append((p, parts[:count].tolist(), pool.format(int(ids[p])),
                                            pool.format(total)))


def _show(items, fmt) -> str:
    shown = "; ".join(fmt(x) for x in items[:SHOWN])
    more = f" (and {len(items) - SHOWN} more)" if len(items) > SHOWN else ""
    return f"{shown}{more}"


def value_text(kind: str, v) -> str:
    if v is None:
        return "none"
    return str(v) if kind == GRUNDY else OUTCOME_LETTERS[int(v)]


def failures(r: dict) -> list[str]:
    """The contract's failures in a report of :func:`check_contract`, one line each: the spec,
    what is wrong, the first positions where it is (written as the space writes them)."""
    spec = r["spec"]
    pos = r["space"].format_index
    kind = r["kind"]

    def val(v) -> str:
        return value_text(kind, v)

    def side(s: int) -> str:
        return f", {'Left' if s == LEFT else 'Right'}" if kind in PARTIZAN_KINDS else ""
    # (the report's list, what is wrong at how many positions, how one of them is shown)
    checks = [
        ("later", lambda k: "moves gives an option whose index is not smaller than its "
         f"position's at {k} position(s)",
         lambda x: f"{pos(x[0])} (index {x[0]}{side(x[1])}) -> "
         f"indices {[i for o in x[2] for i in o if i >= x[0] or i < 0][:3]}"),
        ("too_many", lambda k: f"moves gives more than max_options ({r['max_options']}) "
         f"options at {k} position(s)", lambda x: f"{x[2]} at {pos(x[0])}{side(x[1])}"),
        ("overflow", lambda k: f"moves writes past the {r['max_options']} slots max_options "
         f"gives it at {k} position(s) (it would overwrite memory)",
         lambda x: f"{pos(x[0])}{side(x[1])}"),
        ("differ", lambda k: f"moves and the reference differ at {k} position(s)",
         lambda x: f"at {pos(x[0])}{side(x[1])} {x[2]}"),
        ("values", lambda k: "the table differs from the plain recursion over the reference at "
         f"{r['values_wrong']} position(s)",
         lambda x: f"{pos(x[0])} has {val(x[1])}, the reference {val(x[2])}"),
        ("symmetry", lambda k: f"symmetry maps {k} position(s) to a position of another value, "
         "which the search would answer for them",
         lambda x: f"{pos(x[0])} ({val(x[2])}) -> " + (
             f"{pos(x[1])} ({val(x[3])})" if x[3] is not None else f"index {x[1]} (off the table)")),
        ("split", lambda k: "split gives parts whose Grundy values do not XOR to the position's "
         f"at {k} position(s), which the search would add up instead",
         lambda x: f"{pos(x[0])} ({val(x[2])}) -> " + (
             " + ".join(pos(q) for q in x[1]) + f" (XOR {x[3]})"
             if x[3] is not None else f"parts {x[1][:4]} (not positions)")),
        ("symmetry_values", lambda k: f"symmetry maps {k} position(s) to a position of the "
         "same outcome but another canonical value, which the table of values would copy",
         lambda x: f"{pos(x[0])} ({x[2]}) -> {pos(x[1])} ({x[3]})"),
        ("split_values", lambda k: "split gives parts whose canonical values do not add up to "
         f"the position's at {k} position(s), which the value search would add up instead",
         lambda x: f"{pos(x[0])} ({x[2]}) -> " + " + ".join(pos(q) for q in x[1])
         + f" (sum {x[3]})"),
        ("decided", lambda k: f"decided says the side to move wins or loses where the table "
         f"says otherwise at {k} position(s) (or gives a number other than 1, 0, -1)",
         lambda x: f"{pos(x[0])}{side(x[1])}: decided {x[2]}, the table {val(x[3])}"),
        ("reachable", lambda k: "the reachable search differs from the dense table at "
         f"{k} of {r['searched']} position(s)",
         lambda x: f"{pos(x[0])} searched {val(x[1])}, dense {val(x[2])}"),
    ]
    out = []
    for key, head, item in checks:
        if key == "values":                    # the generator's errors, before the values
            out += [f"{spec}: {e}" for e in r["errors"]]
        if r[key]:
            out.append(f"{spec}: {head(len(r[key]))}: " + _show(r[key], item))
    return out


def summary(r: dict) -> str:
    """One line: what the contract checked on a spec."""
    what = [f"{r['positions']:,} positions", f"{r['options']:,} options against the reference"
            if r["reference"] else "moves (no reference)"]
    if r["symmetry_checked"]:
        what.append("symmetry")
    if r["split_checked"]:
        what.append("split")
    if r["decided_checked"]:
        what.append("decided")
    if r["values_checked"]:
        what.append("canonical values under symmetry" + (" and split" if r["values_split"]
                                                           else ""))
    if r["searched"]:
        what.append(f"reachable search from {r['searched']:,} positions")
    return f"{r['spec']}: " + ", ".join(what)


# -- which specs ----------------------------------------------------------------------------------
def smaller_specs(game: Game) -> list[str]:
    """One or two specs of a game of the public game API smaller than ``game``'s, plus the
    smallest in the other play: a board with a row or a column less, a named graph with a
    vertex (or a row) less, an integer space a half and a quarter the size."""
    from . import canonical
    v = dict(game.params)
    name = game.family
    found: list[dict] = []
    if "rows" in v:
        found = [dict(v, rows=v["rows"] - 1), dict(v, cols=v["cols"] - 1)]
    elif "graph" in v:
        m = re.fullmatch(r"(path|cycle|complete)-(\d+)", v["graph"])
        g = re.fullmatch(r"grid-(\d+)x(\d+)", v["graph"])
        if m:
            k = int(m.group(2))
            found = [dict(v, graph=f"{m.group(1)}-{k - d}") for d in (1, 2)]
        elif g:
            r, c = int(g.group(1)), int(g.group(2))
            found = [dict(v, graph=f"grid-{r - 1}x{c}"), dict(v, graph=f"grid-{r}x{c - 1}")]
    elif "size" in v:
        found = [dict(v, size=v["size"] // 2), dict(v, size=v["size"] // 4)]
    specs = []
    for values in found:
        try:
            spec = canonical(f"{name}:" + ",".join(f"{k}={x}" for k, x in values.items()))
        except GtablesError:
            continue          # no smaller one of this kind (one row, a cycle of three)
        if spec != game.spec and spec not in specs:
            specs.append(spec)
    last = specs[-1] if specs else game.spec
    other = "misere" if v.get("play") == "normal" else "normal"
    try:
        specs.append(canonical(re.sub(r"play=\w+", f"play={other}", last) if "play=" in last
                               else f"{last},play={other}"))
    except GtablesError:
        pass
    return specs


def contract_specs(family: Family) -> list[str]:
    """The specs :func:`check_game` checks by default: the family's ``example`` and, for a game
    of the public game API, :func:`smaller_specs`."""
    from . import parse
    game = parse(family.example)
    return [game.spec] + (smaller_specs(game) if game.search is not None else [])


def check_game(family: Family, specs=None) -> GameCheck:
    """Run the contract on ``specs`` of ``family`` (default :func:`contract_specs`; a default
    spec of more than :data:`MAX_POSITIONS` positions is left out with a note, a spec given of
    more than :data:`MAX_GIVEN` refused)."""
    from . import parse
    given = specs is not None
    specs = list(specs) if given else contract_specs(family)
    checked, fails, notes = [], [], []
    if family.options_ref is None:
        notes.append(f"{family.name} gives no reference: its moves are checked for indices, "
                     f"counts, symmetry, split and the search, not against its rules written "
                     f"in plain Python (define_game(..., reference=...))")
    for spec in specs:
        name, pairs = split_spec(spec)
        if name != family.name:
            raise GtablesError(f"{spec}: not a spec of {family.name} (write {family.name}:...)")
        game = parse(spec)
        if given and game.space.size > MAX_GIVEN:
            raise GtablesError(f"{game.spec}: {game.space.size:,} positions, more than the "
                               f"{MAX_GIVEN:,} the contract's plain-Python walk takes: give a "
                               f"smaller spec")
        if not given and game.space.size > MAX_POSITIONS:
            notes.append(f"{game.spec}: {game.space.size:,} positions, more than the "
                         f"{MAX_POSITIONS:,} the plain-Python walk takes by default: not checked "
                         f"(give a smaller spec: --spec SPEC, or specs= in Python)")
            continue
        r = check_contract(family, family.parse(pairs))
        checked.append(summary(r))
        fails += failures(r)
    if not checked:
        raise GtablesError(f"{family.name}: no spec small enough to check ({'; '.join(notes)})")
    return GameCheck(family.name, tuple(checked), tuple(fails), tuple(notes))


__all__ = ["GameCheck", "check_contract", "check_game", "contract_specs", "failures",
           "generator_options", "smaller_specs", "summary"]
