"""The family contract, enforced for every registered family (``gtables.games.families()``).

At the family's ``example`` spec (or a smaller spec of the same family where the example is too
big for pure Python, :data:`SMALLER`), plus a few specs that reach its other move generators,
value kinds and terminal rules (:data:`MORE`), position by position and for every side of a
partizan game:

* every option the jitted move generator gives has a smaller index (and lies in an earlier tier
  when the space has tiers): the one pass in index order is sound;
* no position has more than ``max_options`` options (nor more than ``options_at(index)``, where
  a game gives that per-position bound), and the generator writes nothing past the
  ``2 * max_options + 2`` slots the engine gives it (numba does not bounds-check: a wrong bound
  would silently overwrite memory);
* the generator's options equal ``options_ref``'s, as multisets of sorted component-index tuples
  (terminal codes equal too);
* the table the engine computes equals the reference solver's values (``tests/reference.py``,
  recursion over ``options_ref`` alone) on every position.

A family without ``options_ref`` fails: the contract is not optional.
"""
from __future__ import annotations

import dataclasses
from collections import Counter

import numpy as np
import pytest
from reference import Solver, family_values

from gtables.engine.compute import fill
from gtables.engine.game import PARTIZAN_KINDS, Family
from gtables.engine.kernels import EXTENDS, LEFT, RIGHT, L, N, P, R, movegen
from gtables.games import families, subtraction

# examples too big for a pure-Python walk of every position and option in CI
SMALLER = {
    "nim": "nim:heaps=3,size=12",                         # example: 35,937 positions, 1.7M options
    "octal": "octal:code=0.07,size=300",                  # example: 1,001 heaps, 250k split options
    "stripes": "stripes:a=1,b=5,c=8,size=200",            # example: 1,001 rows, 750k options
    "chips": "chips:rule=A,n=11",                         # example: 2^20 positions
    "endnim_row": "endnim_row:mode=impartial,prefix=1.4,size=60",  # example: 1M options
}
# the families' other generators, value kinds and terminal rules
MORE = [
    "nim:heaps=2,size=9,play=misere",
    "subtraction:set=2+5+6,size=40,heaps=2",
    "subtraction:set=1-2,size=8,heaps=3,play=misere",
    "subtraction:allbut=2+5,size=60", "subtraction:allbut=1+3,size=9,heaps=2,play=misere",
    "octal:code=4!.0,size=80", "octal:code=0.33,size=60,play=misere", "octal:code=0.6,size=80",
    "octal:code=0.77,play=misere,total=11", "octal:code=4.7,total=9",
    "octal:code=0.F,size=40", "octal:code=0.8,size=40", "octal:code=0.B7,size=40",
    "octal:code=8.1,size=30", "octal:code=C.4!9,size=30",
    "nim:play=misere,total=10", "subtraction:allbut=2,play=misere,total=10",
    "subtraction:set=1+3,total=11",
    "nimlike:heaps=2,min=2,max=4,size=12,value=grundy", "nimlike:heaps=2,min=2,max=5,norepeat=1,size=9",
    "chips:rule=B,n=9", "chips:rule=C,n=9,k=4", "chips:rule=D,n=9", "chips:rule=B,n=10,k=3",
    "endnim:mode=impartial,len=4,max=4",
    "endnim_row:mode=partizan,prefix=2.2.1,size=30",
]
GUARD = 64
SENTINEL = np.int64(-(1 << 62))


def contract_spec(name: str) -> str:
    return SMALLER.get(name, families()[name].example)


def _cases():
    for name in sorted(families()):
        yield pytest.param(name, contract_spec(name), id=name)
    for spec in MORE:
        yield pytest.param(spec.split(":")[0], spec, id=spec)


def generator_options(game, index: int, side: int, room: int):
    """``(count or terminal code, [sorted index tuples], overflow?)`` from the jitted generator,
    in a buffer with ``room`` extra slots past the engine's ``2 * max_options + 2``, checked for
    writes there."""
    engine_slots = 2 * game.max_options + 2
    buf = np.full(engine_slots + 2 * room + GUARD, SENTINEL, dtype=np.int64)
    n = int(game.moves(int(index), int(side), game.move_params, buf))
    overflow = bool((buf[engine_slots:] != SENTINEL).any())
    if n < 0:
        return n, [], overflow
    if game.option_slots == 1:       # the public game API: one slot per option (no sums)
        return n, [(int(buf[i]),) for i in range(n)], bool((buf[game.max_options:]
                                                             != SENTINEL).any())
    opts: list[tuple[int, ...]] = []
    for i in range(n):
        a, b = int(buf[2 * i]), int(buf[2 * i + 1])
        if b == EXTENDS:            # one more component of the option before (a split in three)
            assert opts, f"position {index}: an EXTENDS pair with no option before it"
            opts[-1] = tuple(sorted((*opts[-1], a)))
        else:
            opts.append((a,) if b < 0 else tuple(sorted((a, b))))
    return n, opts, overflow


def check_contract(family, values: dict) -> dict:
    """Walk every position of the game ``values`` of ``family``; return counts and the first
    failures of each check."""
    assert family.options_ref is not None, (
        f"{family.name}: a registered family must give options_ref(values, position, side=0) "
        f"(the plain-Python options the contract test and the reference solver use)")
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
    solver = Solver(lambda position, side: family.options_ref(values, position, side))
    sides = (LEFT, RIGHT) if game.kind in PARTIZAN_KINDS else (LEFT,)
    out = {"spec": game.spec, "positions": size, "options": 0, "most": 0,
           "max_options": game.max_options,
           "later": [], "too_many": [], "overflow": [], "differ": []}
    for p, pos in enumerate(positions):
        for side in sides:
            ref = solver.options(pos, side)
            nref = 0 if isinstance(ref, int) else len(ref)
            n, gen, overflow = generator_options(game, p, side, max(game.max_options, nref) + GUARD)
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
            if isinstance(ref, int):
                if n != ref:
                    out["differ"].append((p, side, pos, f"generator {n}, options_ref {ref}"))
                continue
            out["options"] += len(gen)
            comps = [c for o in ref for c in o]
            idx = space.rank(np.array(comps, dtype=np.int64)).tolist() if comps else []
            want, k = [], 0
            for o in ref:
                want.append(tuple(sorted(idx[k:k + len(o)])))
                k += len(o)
            got = [tuple(sorted(int(canon[i]) for i in o)) for o in gen]
            if n < 0 or Counter(got) != Counter(want):
                out["differ"].append((p, side, pos, f"generator {sorted(got)}, options_ref "
                                                    f"{sorted(want)}"))
    out["values"], out["values_wrong"] = [], None
    if out["too_many"] or out["overflow"] or out["later"]:
        return out          # the engine would write past its buffers, or read unfilled values
    table, _ = fill(game, progress=False)
    want = solver.table(positions, game.kind)
    bad = np.flatnonzero(np.asarray(table, dtype=np.int64) != np.asarray(want, dtype=np.int64))
    out["values"] = [(int(p), positions[p], int(table[p]), want[p]) for p in bad[:5]]
    out["values_wrong"] = int(bad.size)
    return out


def test_reference_solver_on_known_games():
    """The solver itself against theorems, not against the engine: Nim's value is the XOR of the
    heaps (Bouton), misère Nim is lost exactly when all heaps are at most 1 and their number is
    odd, or some heap is larger and the XOR is 0; subtract-{1,2,3} has G(n) = n mod 4; 0.07
    (Dawson's Kayles) starts 0,0,1,1,2,0,3,1,1,0,3,3 (Winning Ways); in partizan End-Nim one
    stack is N, ``1,1`` is P (each player's only move leaves one stack, which the other takes)
    and ``2,1`` is L (Left moves to ``1,1``; Right's only move leaves ``2``)."""
    nim = Solver.of("nim:heaps=3,size=5")
    for a in range(6):
        for b in range(6):
            for c in range(6):
                assert nim.grundy((a, b, c)) == a ^ b ^ c
                small = max(a, b, c) <= 1
                lost = (a + b + c) % 2 == 1 if small else a ^ b ^ c == 0
                assert nim.misere((a, b, c)) == (0 if lost else 1), (a, b, c)
                assert nim.outcome((a, b, c)) == int(a ^ b ^ c != 0)
    sub = Solver.of("subtraction:set=1-3,size=30")
    assert [sub.grundy((n,)) for n in range(31)] == [n % 4 for n in range(31)]
    dawson = Solver.of("octal:code=0.07,size=11")
    assert [dawson.grundy((n,)) for n in range(12)] == [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3]
    end = Solver.of("endnim:mode=partizan,len=2,max=3")
    assert end.partizan((0, 0)) == P and all(end.partizan((x, 0)) == N for x in (1, 2, 3))
    assert end.partizan((1, 1)) == P and end.partizan((2, 1)) == L and end.partizan((1, 2)) == R
    with pytest.raises(ValueError, match="no Grundy value"):
        Solver(lambda p, side: -2).grundy((0,))


def failures(r: dict) -> list[str]:
    """The contract's failures in a report of :func:`check_contract`, one message each."""
    what = (f"{r['spec']}: {r['positions']:,} positions, {r['options']:,} generator options "
            f"checked (most at one position {r['most']}, max_options {r['max_options']})")
    out = []
    if r["later"]:
        out.append(f"{what}; options not earlier (position, side, options): {r['later'][:3]}")
    if r["too_many"]:
        out.append(f"{what}; more than max_options (position, side, count): {r['too_many'][:3]}")
    if r["overflow"]:
        out.append(f"{what}; wrote past the engine's buffer (position, side): {r['overflow'][:3]}")
    if r["differ"]:
        out.append(f"{what}; generator != options_ref at {len(r['differ'])} (position, side): "
                   f"{r['differ'][:3]}")
    if r["values_wrong"] is None:
        out.append(f"{what}; the table was not computed (the checks above failed)")
    elif r["values_wrong"]:
        out.append(f"{what}; engine table != reference solver on {r['values_wrong']} positions "
                   f"(index, position, engine, reference): {r['values']}")
    return out


@pytest.mark.parametrize("name,spec", list(_cases()))
def test_family_contract(name, spec):
    r = check_contract(*family_values(spec))
    what = (f"{r['spec']}: {r['positions']:,} positions, {r['options']:,} generator options "
            f"checked (most at one position {r['most']}, max_options {r['max_options']})")
    print(what)
    assert not failures(r), "\n".join(failures(r))


def test_every_registered_family_is_covered():
    """The cases above come from the registry: a new family is checked without editing this
    file, and a family without options_ref fails here too."""
    covered = {name for name, _ in (c.values for c in _cases())}
    assert covered == set(families())
    missing = [n for n, f in families().items() if f.options_ref is None]
    assert not missing, f"registered families without options_ref: {missing}"


@pytest.mark.parametrize("name,spec", list(_cases()))
def test_a_canonical_spec_names_its_game_once(name, spec):
    """The spec grammar's half of the contract: a canonical spec is a fixed point of parsing,
    it names the same game as the spelling it came from, and a built-in family's grammar is the
    numba-free one in ``games/specs`` (what a stored table's lookup reads)."""
    from gtables import games
    fam = families()[name]
    game = games.parse(spec)
    assert games.parse(game.spec).spec == game.spec == games.canonical(game.spec)
    assert games.parse(game.spec).params == game.params
    if name in games.BUILTIN:
        assert fam.grammar == games.grammar(name)


def _broken(make_game=None, options_ref=None):
    """The subtraction game {1, 2} on heaps 0..8 as a family, with one part replaced."""
    def build(v):
        g = subtraction.build(v)
        return make_game(g, dataclasses.replace) if make_game else g

    fam = dataclasses.replace(subtraction.FAMILY, name="broken", build=build,
                              options_ref=options_ref or subtraction.options_ref)
    assert isinstance(fam, Family)
    return fam, fam.parse([("set", "1-2"), ("size", "8")])


@movegen
def _forgets_one(pos, side, params, out):
    # take 1 or 2, but from a heap of 5 only 1
    c = 0
    for k in (1, 2):
        if k <= pos and not (k == 2 and pos == 5):
            out[2 * c] = pos - k
            out[2 * c + 1] = -1
            c += 1
    return c


@movegen
def _goes_up(pos, side, params, out):
    # take 1 or 2, and from 3 also "add one" (an option with a larger index)
    c = 0
    for k in (1, 2):
        if k <= pos:
            out[2 * c] = pos - k
            out[2 * c + 1] = -1
            c += 1
    if pos == 3:
        out[2 * c] = 4
        out[2 * c + 1] = -1
        c += 1
    return c


def test_the_contract_can_fail():
    """Each check catches its fault: a generator that forgets an option, one that names a later
    position, a max_options too small (and the write past the buffer), options_ref that
    disagrees with the generator, and no options_ref at all."""
    ok = check_contract(*_broken())
    assert not failures(ok) and ok["positions"] == 9 and ok["options"] == 15

    r = check_contract(*_broken(lambda g, rep: rep(g, moves=_forgets_one)))
    assert [d[:2] for d in r["differ"]] == [(5, LEFT)]
    assert r["values_wrong"] > 0        # G(5) = mex{G(4)} = 0, not mex{G(4), G(3)} = 2

    r = check_contract(*_broken(lambda g, rep: rep(g, moves=_goes_up)))
    assert [x[:2] for x in r["later"]] == [(3, LEFT)] and r["values_wrong"] is None

    r = check_contract(*_broken(lambda g, rep: rep(g, max_options=0)))
    assert [x[:2] for x in r["too_many"]] == [(p, LEFT) for p in range(1, 9)]
    assert r["overflow"] == [(p, LEFT) for p in range(2, 9)]   # 2 options: 4 slots of 2
    assert r["values_wrong"] is None    # not run: the engine would overwrite memory

    def wrong_ref(values, position, side=0):          # forgets "take 2"
        return [((position[0] - 1,),)] if position[0] >= 1 else []
    r = check_contract(*_broken(options_ref=wrong_ref))
    assert [d[0] for d in r["differ"]] == list(range(2, 9))
    assert r["values_wrong"] > 0        # the reference solver follows options_ref

    fam, values = _broken()
    with pytest.raises(AssertionError, match="must give options_ref"):
        check_contract(dataclasses.replace(fam, options_ref=None), values)
