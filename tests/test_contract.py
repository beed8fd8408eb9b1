"""The family contract (:mod:`gtables.games.contract`, what ``gtables check-game`` runs), enforced
for every registered family (``gtables.games.families()``) and for a user's game with the same
code.

At the family's ``example`` spec (or a smaller spec of the same family where the example is too
big for pure Python, :data:`SMALLER`), plus a few specs that reach its other move generators,
value kinds and terminal rules (:data:`MORE`), position by position and for every side of a
partizan game:

* every option the jitted move generator gives has a smaller index (and lies in an earlier tier
  when the space has tiers): the one pass in index order is sound;
* no position has more than ``max_options`` options (nor more than ``options_at(index)``, where
  a game gives that per-position bound), and the generator writes nothing past the slots the
  engine gives it (numba does not bounds-check: a wrong bound would silently overwrite memory);
* the generator's options equal ``options_ref``'s (a ``define_game`` game's ``reference``), as
  multisets of sorted component-index tuples (terminal codes equal too);
* the table the engine computes equals the reference solver's values
  (:mod:`gtables.games.reference`, recursion over ``options_ref`` alone) on every position;
* for a game of the public game API, its symmetry and split against the table (plain play) and
  the reachable search against the dense table.

A shipped family without ``options_ref`` fails: the contract is not optional for them.  A user's
game without ``reference`` gets every other check.
"""
from __future__ import annotations

import dataclasses
import subprocess
import sys

import numpy as np
import pytest
from reference import Solver, family_values

import gtables
from gtables.engine.game import Family
from gtables.engine.kernels import LEFT, L, N, P, R, movegen
from gtables.games import BUILTIN, families, subtraction
from gtables.games.contract import check_contract, failures, summary

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
def contract_spec(name: str) -> str:
    return SMALLER.get(name, families()[name].example)


def _cases():
    for name in sorted(families()):
        yield pytest.param(name, contract_spec(name), id=name)
    for spec in MORE:
        yield pytest.param(spec.split(":")[0], spec, id=spec)


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


@pytest.mark.parametrize("name,spec", list(_cases()))
def test_family_contract(name, spec):
    r = check_contract(*family_values(spec))
    print(summary(r), f"(most options at one position {r['most']}, max_options "
                      f"{r['max_options']})")
    assert r["reference"] and not failures(r), "\n".join(failures(r))


def test_every_registered_family_is_covered():
    """The cases above come from the registry: a new family is checked without editing this
    file, and a family without options_ref fails here too."""
    covered = {name for name, _ in (c.values for c in _cases())}
    assert covered == set(families())
    missing = [n for n, f in families().items() if f.options_ref is None and n in BUILTIN]
    assert not missing, f"shipped families without options_ref (reference): {missing}"


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

    fam, values = _broken()       # no reference: every other check, none of these counted
    r = check_contract(dataclasses.replace(fam, options_ref=None), values)
    assert not r["reference"] and r["options"] == 0 and not failures(r)
    r = check_contract(*_broken(lambda g, rep: rep(g, moves=_forgets_one)))
    assert any("differ at 1 position(s): at 5 moves misses 3" in f for f in failures(r))


def test_the_shipped_games_call_the_public_define_game_and_are_found_from_their_modules():
    """gtables.define_game is a thin wrapper (the same keywords, plus replace) of the one
    implementation the shipped board and graph games call; the list of those games
    (games.CELL_GAMES: the registry, the numba-free grammars, the messages) is read from their
    modules, not kept by hand: exactly the shipped families the reachable search serves, each
    with the grammar its family has."""
    import inspect
    import pathlib

    from gtables import games
    from gtables.games import usergame
    public = inspect.signature(gtables.define_game).parameters
    inner = inspect.signature(usergame.define_game).parameters
    assert list(public) == list(inner) + ["replace"]
    assert all(public[k].default == inner[k].default for k in inner)
    searched = {n for n in BUILTIN if games.parse(families()[n].example).search is not None}
    assert set(games.CELL_GAMES) == searched and len(searched) >= 4
    folder = pathlib.Path(usergame.__file__).parent
    for name in games.CELL_GAMES:
        assert f'\nFAMILY = define_game(\n    "{name}",' in (folder / f"{name}.py").read_text()
        assert games.grammar(name) == families()[name].grammar
        assert families()[name].options_ref is not None


# -- a user's game gets the same contract ---------------------------------------------------------
RULES = '''\
"""A user's rules file: Kayles on a board (one cell, or two side by side in a row or a column)
with its rules written again cell by cell, and single-cell Kayles with a wrong symmetry, a wrong
split and a reference that forgets the pairs."""
import gtables
from gtables.cells import COLS, NOT_LAST_COL


def board_kayles(pos, side, params, out):
    n, rest = 0, pos
    while rest:
        low = rest & -rest
        out[n], n, rest = pos ^ low, n + 1, rest ^ low
    cols = params[COLS]
    for pairs, step in ((pos & (pos >> 1) & params[NOT_LAST_COL], 1), (pos & (pos >> cols), cols)):
        while pairs:
            low = pairs & -pairs
            out[n], n, pairs = pos ^ (low | low << step), n + 1, pairs ^ low
    return n


def cells(pos, side, params, out):
    n, rest = 0, pos
    while rest:
        low = rest & -rest
        out[n], n, rest = pos ^ low, n + 1, rest ^ low
    return n


def one_cell(position, side, space):
    return [position[:i] + (0,) + position[i + 1:] for i, c in enumerate(position) if c]


def one_or_two(position, side, space):
    out = one_cell(position, side, space)
    for i, c in enumerate(position):
        right = i + 1 if (i + 1) % space.cols else None
        below = i + space.cols if i + space.cols < len(position) else None
        for j in (right, below):
            if c and j is not None and position[j]:
                q = list(position)
                q[i] = q[j] = 0
                out.append(tuple(q))
    return out


def to_empty(pos, params):          # "every position is like the empty board": wrong
    return 0


def itself_twice(pos, params, out):   # the position as two parts, itself twice: wrong
    out[0] = pos
    out[1] = pos
    return 2


def left_takes_a_cell(pos, side, params, out):   # only Left moves: a position is worth its cells
    n, rest = 0, pos if side == 0 else 0
    while rest:
        low = rest & -rest
        out[n], n, rest = pos ^ low, n + 1, rest ^ low
    return n


def left_always_loses(pos, side, params):   # "Left to move loses": wrong where Left has a cell
    return 0 if side == 0 else -1


def to_one_cell(pos, params):       # "like its first cell": the same outcome (L), not the value
    return pos & -pos


def most(space):
    return space.n + space.rows * (space.cols - 1) + (space.rows - 1) * space.cols


gtables.define_game("tc_kayles", space="board", moves=board_kayles, max_options=most,
                    split="regions", symmetry="all", reference=one_or_two,
                    example="tc_kayles:rows=3,cols=3")
gtables.define_game("tc_symmetry", space="board", moves=cells, max_options=lambda sp: sp.n,
                    symmetry=to_empty, reference=one_cell)
gtables.define_game("tc_split", space="board", moves=cells, max_options=lambda sp: sp.n,
                    split=itself_twice)
gtables.define_game("tc_left", space="board", moves=left_takes_a_cell, partizan=True,
                    max_options=lambda sp: sp.n, symmetry=to_one_cell)
gtables.define_game("tc_decides", space="board", moves=left_takes_a_cell, partizan=True,
                    max_options=lambda sp: sp.n, decided=left_always_loses)
gtables.define_game("tc_forgets", space="board", moves=board_kayles, max_options=most,
                    reference=one_cell)
'''
USER_GAMES = ("tc_kayles", "tc_symmetry", "tc_split", "tc_forgets", "tc_left", "tc_decides")


@pytest.fixture(scope="module")
def user_rules(tmp_path_factory):
    """The rules file above, run in this process; the registry as it was afterwards (the cases
    above come from the registry)."""
    from gtables import games
    path = tmp_path_factory.mktemp("rules") / "tc_rules.py"
    path.write_text(RULES)
    games.families()
    before = dict(games._families)
    exec(compile(RULES, str(path), "exec"), {"__name__": "tc_rules"})
    yield path
    games._families.clear()
    games._families.update(before)


def test_a_users_game_gets_the_same_contract(user_rules):
    """Kayles on a board: its example spec and the smaller ones, every check, by the functions
    the shipped families' contract runs; the reference solver is independent of the generator
    (cells, not bitmasks), and one row of the board is Kayles (the octal game 0.77)."""
    r = gtables.check_game("tc_kayles")
    assert r.ok, "\n".join(r.failures)
    assert [c.split(":")[1] for c in r.checked] == [
        "rows=3,cols=3", "rows=2,cols=3", "rows=3,cols=2", "rows=3,cols=2,play=misere"]
    assert all("against the reference, symmetry" in c and "reachable search" in c
               for c in r.checked)
    report = check_contract(*family_values("tc_kayles:rows=1,cols=8"))
    assert not failures(report) and report["searched"] == 256
    row = gtables.compute("tc_kayles:rows=1,cols=8", store=None, progress=False).values
    kayles = Solver(lambda p, side: [((p[0] - k - t,), (t,)) for k in (1, 2)
                                     for t in range(p[0] - k + 1)])
    assert [row[(1 << n) - 1] for n in range(9)] == [kayles.grundy((n,)) for n in range(9)]


def test_a_wrong_symmetry_split_or_reference_is_caught(user_rules):
    """A symmetry that maps every position to the empty board makes single-cell Kayles on 3 x 3
    a P-position in the search (its value is the number of cells mod 2: nim heaps of one);
    check_game says so, and says what a wrong split and a reference that forgets moves do,
    one line per failure."""
    g = gtables.game("tc_symmetry:rows=3,cols=3")
    wrong = gtables.solve(g.spec, store=None, method="reachable")
    assert wrong["outcome"] == "P" and g.space.size.bit_length() - 1 == 9   # 9 cells: N
    truth = np.array([bin(i).count("1") % 2 for i in range(g.space.size)])
    assert np.array_equal(gtables.compute(g.spec, store=None, progress=False).values, truth)
    for name, says in (("tc_symmetry", "symmetry maps 256 position(s) to a position of another "
                                       "value"),     # the 256 of an odd number of cells
                       ("tc_split", "split gives parts whose Grundy values do not XOR"),
                       ("tc_forgets", "moves and the reference differ")):
        r = gtables.check_game(name)
        assert not r.ok and all("\n" not in f for f in r.failures)
        assert any(says in f for f in r.failures), (name, r.failures)
    # one row of three: the pairs ..# -> ###, #.. -> ###, ... -> .## and ##. are not in the
    # reference; runs of 2 and 3 are Kayles heaps (values 2, 3), not nim heaps of one (0, 1)
    r = gtables.check_game("tc_forgets", "tc_forgets:rows=1,cols=3")
    assert r.failures == (
        "tc_forgets:rows=1,cols=3: moves and the reference differ at 3 position(s): at ..# "
        "moves gives ### too; at #.. moves gives ### too; at ... moves gives .##, ##. too",
        "tc_forgets:rows=1,cols=3: the table differs from the plain recursion over the "
        "reference at 3 position(s): ..# has 2, the reference 0; #.. has 2, the reference 0; "
        "... has 3, the reference 1")


def test_a_symmetry_that_keeps_outcomes_but_not_values_is_caught(user_rules):
    """A partizan game where only Left moves (a position is worth its number of cells) with a
    symmetry that maps a position to its first cell: every non-empty position is an L-position
    either way, so the outcome table cannot see it; the table of canonical forms can (the
    canonical fill would copy 1 where the value is n), and the contract says so."""
    r = gtables.check_game("tc_left", "tc_left:rows=3,cols=3")
    assert not r.ok
    # 2^9 positions: the empty one and the 9 single cells keep their value
    assert any("symmetry maps 502 position(s) to a position of the same outcome but another "
               "canonical value, which the table of values would copy" in f and "(2) -> " in f
               for f in r.failures), r.failures
    t = gtables.compute("tc_left:rows=2,cols=2,value=canonical", store=None, progress=False)
    assert t.value_text("..|..") == "1"          # what a wrong symmetry makes of 4 cells


def test_a_wrong_decided_rule_is_caught(user_rules):
    """A ``decided`` rule that says Left to move always loses (where Left may take a cell it
    wins): the search would believe it, the contract finds every position where the table
    says otherwise."""
    r = gtables.check_game("tc_decides", "tc_decides:rows=2,cols=2")
    assert not r.ok
    assert any("decided says the side to move wins or loses where the table says otherwise at "
               "15 position(s)" in f and ".#|##, Left: decided 0, the table L" in f
               for f in r.failures), r.failures
    wrong = gtables.solve("tc_decides:rows=2,cols=2", store=None, method="reachable",
                          progress=False)
    assert wrong["outcome"] == "P"                   # what the search makes of the wrong rule


def cli(*args, cwd):
    return subprocess.run([sys.executable, "-m", "gtables.cli", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=600)


def test_check_game_from_the_shell(user_rules, tmp_path):
    r = cli("--rules", str(user_rules), "check-game", "tc_symmetry", cwd=tmp_path)
    assert r.returncode == 1, r.stdout + r.stderr
    fails = [ln for ln in r.stdout.splitlines() if ln.startswith("FAIL ")]
    assert len(fails) == 4 and all("symmetry maps" in f for f in fails), r.stdout
    r = cli("--rules", str(user_rules), "check-game", "tc_kayles", "--spec",
            "tc_kayles:rows=2,cols=3", cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "tc_kayles: the contract holds on 1 spec(s)" in r.stdout
    r = cli("check-game", "tc_kayles", cwd=tmp_path)          # without its rules: unknown
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1, r.stderr


def test_a_decided_rule_saying_other_numbers_says_nothing(user_rules):
    """A ``decided`` that returns neither 1 nor 0 (here 7 for Left) is taken as "not known" by
    the search (its answer is the plain search's), and the contract names it."""
    import gtables as g
    rules = {}
    exec(compile('''
import gtables
def left_takes(pos, side, params, out):
    n, rest = 0, pos if side == 0 else 0
    while rest:
        low = rest & -rest
        out[n], n, rest = pos ^ low, n + 1, rest ^ low
    return n
def seven(pos, side, params):
    return 7 if side == 0 else -1
gtables.define_game("tc_seven", space="board", moves=left_takes, partizan=True,
                    max_options=lambda sp: sp.n, decided=seven)
''', "tc_seven_rules.py", "exec"), rules)
    d = g.solve("tc_seven:rows=2,cols=2", store=None, method="reachable", progress=False)
    assert d["outcome"] == "L"                     # Left takes cells, Right never moves
    r = g.check_game("tc_seven", "tc_seven:rows=2,cols=2")
    assert any("other than 1, 0, -1" in f for f in r.failures), r.failures
