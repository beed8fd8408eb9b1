"""A user's own heap game from an options function (``gtables.heap_game``): subtract-a-square and
Lasker's Nim, neither shipped by gtables, against the tests' one reference solver over rules
written again here in plain Python, the literature (OEIS A030193; Lasker's Nim's closed form,
Winning Ways), the built-in subtraction family, the store, and bad options functions."""
from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from enum import IntEnum

import numpy as np
import pytest
from heap_fixtures import lasker, squares
from reference import Solver

import gtables
from gtables import games
from gtables.engine.compute import fill
from gtables.engine.sequence import fill_sequence
from gtables.games.userheap import family_key, fingerprint, heap_family


def one_four_five(n, out):
    c = 0
    for s in (1, 4, 5):
        if s <= n:
            out[2 * c] = n - s
            out[2 * c + 1] = 0
            c += 1
    return c


# the same rules, written again without buffers: what the reference solver recurses on
def squares_ref(position, side=0):
    n = position[0]
    return [((n - k * k,),) for k in range(1, int(n ** 0.5) + 2) if k * k <= n]


def lasker_ref(position, side=0):
    n = position[0]
    return [((a,),) for a in range(n)] + [((a,), (n - a,)) for a in range(1, n // 2 + 1)]


# OEIS A030193 (oeis.org/A030193): the P-positions of subtract-a-square, its data field (to 267)
A030193 = [0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, 39, 44, 52, 57, 62, 65, 67, 72, 85, 95, 109,
           119, 124, 127, 130, 132, 137, 142, 147, 150, 170, 177, 180, 182, 187, 192, 197, 204,
           210, 215, 238, 243, 249, 255, 257, 260, 262, 267]


def lasker_closed_form(n: int) -> int:
    """Lasker's Nim (Winning Ways): G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4,
    G(4k+4) = 4k+3, G(0) = 0."""
    if n == 0:
        return 0
    return {1: n, 2: n, 3: n + 1, 0: n - 1}[n % 4]


@pytest.fixture(scope="module", autouse=True)
def user_games():
    before = games.families()
    gtables.heap_game("squares", squares, max_options=lambda size: int(size ** 0.5) + 1,
                      doc="subtract a square", replace=True)
    gtables.heap_game("lasker", lasker, max_options=lambda size: size + size // 2,
                      doc="Lasker's Nim", replace=True)
    gtables.heap_game("sub145", one_four_five, max_options=3, replace=True,
                      period_bound=lambda n0, p: max(n0, 1) + p + 5,
                      period_theorem="no splits, at most 5 removed: 5 consecutive matches")
    yield
    for name in ("squares", "lasker", "sub145"):
        if name not in before:
            games._families.pop(name, None)


def test_squares_matches_reference_and_oeis():
    t = gtables.compute("squares:size=300", store=None)
    ref = Solver(squares_ref)
    assert [t.value(n) for n in range(301)] == [ref.grundy((n,)) for n in range(301)]
    assert list(np.flatnonzero(t.values[:268] == 0)) == A030193
    assert t.periodicity() is None           # density zero (Furstenberg-Sarkozy): aperiodic


def test_lasker_matches_reference_closed_form_and_observed_period():
    t = gtables.compute("lasker:size=120", store=None)
    ref = Solver(lasker_ref)
    assert list(t.values) == [ref.grundy((n,)) for n in range(121)]
    big = gtables.compute("lasker:size=3000", store=None)
    assert list(big.values) == [lasker_closed_form(n) for n in range(3001)]
    per = big.periodicity()
    assert (per.preperiod, per.period, per.saltus, per.proved) == (1, 4, 4, False)
    assert "observed" in per.describe()
    assert big.outcome(4) == "N" and sorted(m["to"] for m in big.winning_moves(4)) == ["0", "2+2"]


def test_generator_and_generic_path_agree_with_options_ref():
    for spec in ("lasker:size=60", "squares:size=200", "squares:size=50,play=misere"):
        g = gtables.game(spec)
        fam = games.get(g.family)
        for n in range(g.space.size):
            status, opts = g.options(n)
            assert status <= g.max_options
            got = sorted(tuple(sorted(o)) if o[1] >= 0 else (o[0],) for o in opts)
            want = sorted(tuple(sorted(c[0] for c in o)) for o in fam.options_ref(g.params, (n,)))
            assert got == want, (spec, n)
        generic, _ = fill(g, generic=True)
        assert np.array_equal(generic, fill(g)[0])


def test_misere_matches_reference():
    t = gtables.compute("squares:size=60,play=misere", store=None)
    ref = Solver(squares_ref)
    assert list(t.values) == [ref.misere((n,)) for n in range(61)]


def test_same_table_as_builtin_subtraction_and_declared_theorem(store_path):
    mine = gtables.compute("sub145:size=5000", store=None)
    builtin = gtables.compute("subtraction:set=1+4+5,size=5000", store=None)
    assert np.array_equal(mine.values, builtin.values)
    run = fill_sequence(gtables.game("sub145:size=100000"), until_periodic=True)
    assert run.periodicity is not None and run.periodicity.proved
    assert np.array_equal(run.values[:5001], builtin.values)
    t = gtables.compute("sub145:size=100000", store_path, until_periodic=True)
    assert t.periodicity().proved and t.periodicity().period == run.periodicity.period


def test_no_theorem_no_until_periodic():
    with pytest.raises(gtables.GtablesError, match="no periodicity theorem"):
        gtables.compute("lasker:size=100", store=None, until_periodic=True)


def test_store_round_trip_and_resume(store_path):
    t = gtables.compute("squares:size=2000", store_path)
    u = gtables.load("squares:size=2000", store_path)
    assert np.array_equal(u.values, t.values) and u.value(22) == 0
    assert u.attrs["family"] == "squares" and u.attrs["sequence_key"].startswith("squares:")
    bigger = gtables.compute("squares:size=4000", store_path)
    assert bigger.attrs["extra"]["resumed_from"] == 2001
    assert np.array_equal(bigger.values[:2001], t.values)
    assert np.array_equal(bigger.values, gtables.compute("squares:size=4000", store=None).values)


def test_stored_user_table_read_without_its_family(store_path, cli):
    gtables.compute("squares:size=500", store_path)
    r = cli("query", "squares:size=500", "22", store=store_path)
    assert r.returncode == 0, r.stderr
    assert "0" in r.stdout and "P" in r.stdout
    r = cli("query", "squares:size=500", "22", "--moves", store=store_path)
    assert r.returncode == 2 and "unknown family 'squares'" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


# -- bad options functions: one-line errors, never a crash ---------------------------------------
def too_big(n, out):
    if n < 7:
        return 0
    out[0] = n                  # not smaller than the heap
    out[1] = 0
    return 1


def negative(n, out):
    if n == 0:
        return 0
    out[0] = n - 1
    out[1] = -3
    return 1


def too_many(n, out):
    return n                    # claims n options, writes none


def overrun(n, out):
    for i in range(2 * n):      # writes 2n options: past the buffer of max_options=2 from n = 2
        out[2 * i] = 0
        out[2 * i + 1] = 0
    return n


def not_numba(n, out):
    return {"a": n}


@pytest.mark.parametrize("fn, spec, message", [
    (too_big, "bad:size=50", r"options\(7, out\) option 0 is \(7, 0\): heap 7 is not smaller"),
    (negative, "bad:size=50", r"options\(1, out\) option 0 is \(0, -3\): heap -3 is negative"),
    (too_many, "bad:size=50", r"options\(3, out\) returned 3 options, not 0..max_options=2"),
    (overrun, "bad:size=50", r"options\(2, out\) failed \(an index out of bounds"),
    (too_big, "bad:size=50,play=misere", r"options\(7, out\) option 0 is \(7, 0\)"),
    (overrun, "bad:size=50,play=misere", r"options\(2, out\) failed"),
])
def test_bad_options_are_one_line_errors(fn, spec, message):
    gtables.heap_game("bad", fn, max_options=2, replace=True)
    try:
        with pytest.raises(gtables.GtablesError, match=message) as e:
            gtables.compute(spec, store=None)
        assert "\n" not in str(e.value) and str(e.value).startswith("bad: ")
    finally:
        games._families.pop("bad", None)


@pytest.mark.parametrize("args, message", [
    (("Bad Name", squares), "lowercase letters"),
    (("bad", not_numba), "numba cannot compile the options function"),
    (("bad", 17), "must be a function"),
])
def test_bad_definitions(args, message):
    with pytest.raises(gtables.GtablesError, match=message) as e:
        gtables.heap_game(*args, max_options=3)
    assert "\n" not in str(e.value)
    games._families.pop("bad", None)


def test_bad_max_options_and_splitting_misere():
    gtables.heap_game("bad", squares, max_options=lambda size: -1, replace=True)
    try:
        with pytest.raises(gtables.GtablesError, match="max_options gave -1"):
            gtables.compute("bad:size=10", store=None)
    finally:
        games._families.pop("bad", None)
    with pytest.raises(gtables.GtablesError, match=r"options\(2, out\) option 2 splits the heap into 1 \+ 1"):
        gtables.compute("lasker:size=10,play=misere", store=None)
    with pytest.raises(gtables.GtablesError, match="one algorithm"):
        gtables.compute("lasker:size=10", store=None, algorithm="sparse")


def test_already_jitted_function_is_accepted():
    import numba
    fam = gtables.heap_game("jitted", numba.njit(squares), max_options=40, replace=True)
    try:
        t = gtables.compute("jitted:size=300", store=None)
        assert np.array_equal(t.values, gtables.compute("squares:size=300", store=None).values)
        assert dataclasses.asdict(games.get("jitted").params[0])["name"] == "size"
        assert fam.name == "jitted"
    finally:
        games._families.pop("jitted", None)


def test_readme_heap_game_example_runs(tmp_path, cli):
    import pathlib
    import re
    import subprocess
    import sys
    # the README's heap-game example, now on docs/heap_games.md
    page = (pathlib.Path(__file__).resolve().parents[1] / "docs" / "heap_games.md").read_text()
    block = page.split("<!-- example:heap-game -->", 1)[1]
    (tmp_path / "heaps.py").write_text(re.search(r"```python\n(.*?)```", block, re.S).group(1))
    r = subprocess.run([sys.executable, "heaps.py"], cwd=tmp_path, capture_output=True, text=True,
                       timeout=600)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.strip().splitlines()
    assert lines[0] == "[0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, 39]"      # OEIS A030193
    assert lines[1].startswith("0 P ") and lines[2] == "None"
    assert lines[3].startswith("True ")                                     # the closed form
    assert lines[4].startswith("pre-period 1, period 4, saltus 4 (observed")
    ref = Solver(squares_ref)
    assert lines[5] == str([n for n in range(101) if ref.misere((n,)) == 0][:6])
    store = str(tmp_path / "heap_games")
    r = cli("query", "squares:size=10000", "22", store=store)
    assert r.returncode == 0 and "Grundy value 0, outcome P" in r.stdout, r.stderr


# -- the identity of a user game: its code and every value the code reads ------------------------
SUBTRACT_UP_TO_K = """
def options(n, out):
    c = 0
    for s in range(1, K + 1):
        if s <= n:
            out[2 * c] = n - s
            out[2 * c + 1] = 0
            c += 1
    return c
"""


def from_source(source: str = SUBTRACT_UP_TO_K, **glob):
    """The function ``options`` of ``source`` run with globals ``glob``: one script, two runs."""
    g = dict(glob)
    exec(source, g)
    return g["options"]


def up_to(k):
    def options(n, out):
        c = 0
        for s in range(1, k + 1):
            if s <= n:
                out[2 * c] = n - s
                out[2 * c + 1] = 0
                c += 1
        return c
    return options


class Step(IntEnum):       # numba reads it; gtables cannot hash it
    ONE = 1
    FOUR = 4


def enum_steps(n, out):
    c = 0
    for s in (Step.ONE, Step.FOUR):
        if s <= n:
            out[2 * c] = n - s
            out[2 * c + 1] = 0
            c += 1
    return c


def test_key_covers_globals_and_closures():
    k3, k4 = from_source(K=3), from_source(K=4)
    assert family_key("subk", k3) != family_key("subk", k4)
    assert family_key("subk", k3) == family_key("subk", from_source(K=3))     # same code, same K
    assert family_key("subk", up_to(3)) != family_key("subk", up_to(4))
    assert family_key("subk", up_to(3)) == family_key("subk", up_to(3))
    assert family_key("subk", k3).startswith("subk:options=")
    # a value read through a helper, a table, or a default argument counts too
    helper = "def options(n, out):\n    return steps(n, out)\n"
    assert family_key("h", from_source(helper, steps=k3)) != \
        family_key("h", from_source(helper, steps=k4))
    table = "def options(n, out):\n    out[0] = n - S[0]\n    out[1] = 0\n    return int(n >= 1)\n"
    assert family_key("t", from_source(table, S=np.array([1]))) != \
        family_key("t", from_source(table, S=np.array([1], dtype=np.int32)))
    assert family_key("t", from_source(table, S=np.array([1]))) == \
        family_key("t", from_source(table, S=np.array([1])))
    assert fingerprint(from_source(table, S={"a": (1, 2.5, None, b"x")})).stable
    # a function reading nothing keeps the key it had when only the code was hashed
    assert fingerprint(squares).digest == "727359ccd2"


def test_key_is_the_same_in_another_process():
    # a set of strings read, and one in the code (a constant of a nested comprehension)
    script = ("from gtables.games.userheap import family_key\n"
              "g = {'T': {'a', 'b', 'c'}}\n"
              "exec('def options(n, out):\\n'\n"
              "     '    return len([s for s in T if s in {\"a\", \"b\"}])\\n', g)\n"
              "print(family_key('x', g['options']))\n")
    keys = set()
    for seed in ("1", "2"):                  # string hashes (set order) differ between the two
        r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                           timeout=300, env=dict(os.environ, PYTHONHASHSEED=seed))
        assert r.returncode == 0, r.stderr
        keys.add(r.stdout.strip())
    assert len(keys) == 1 and keys.pop().startswith("x:options=")


def test_unhashable_value_read_gets_a_fresh_key_and_one_warning(capsys, store_path):
    a, b = family_key("enumsteps", enum_steps), family_key("enumsteps", enum_steps)
    assert a != b and a.startswith("enumsteps:options=")
    err = capsys.readouterr().err
    assert err.count("warning") == 1 and "global 'Step'" in err
    assert "will not be reused" in err and 'version="..."' in err
    # so a stored prefix is never resumed from, even in the same process
    try:
        gtables.heap_game("enumsteps", enum_steps, max_options=2, replace=True)
        gtables.compute("enumsteps:size=50", store_path)
        gtables.heap_game("enumsteps", enum_steps, max_options=2, replace=True)
        t = gtables.compute("enumsteps:size=100", store_path)
        assert not t.attrs["extra"].get("resumed_from")
        assert np.array_equal(t.values, gtables.compute("subtraction:set=1+4,size=100",
                                                        store=None).values)
    finally:
        games._families.pop("enumsteps", None)


def test_version_declares_the_identity():
    assert family_key("subk", from_source(K=3), version="v1") == "subk:version=v1"
    assert family_key("enumsteps", enum_steps, version="2") == "enumsteps:version=2"
    fam = heap_family("steps", enum_steps, max_options=2, version="2024-1")
    g = fam.game(fam.parse([("size", "10")]))
    assert g.sequence_key == "steps:version=2024-1" and "(version 2024-1)" in g.describe
    for bad in ("", " ", "a\nb", 3):
        with pytest.raises(gtables.GtablesError, match="version must be"):
            family_key("subk", squares, version=bad)
