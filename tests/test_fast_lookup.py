"""Answers at the speed of a lookup: a table stored under exactly its canonical spec is read from
its verified attributes, without the family's module (which compiles kernels on import) and so
without numba.  The answers must be those of the long way, position by position."""
from __future__ import annotations

import inspect
import json
import subprocess
import sys

import numpy as np
import pytest

import gtables
from gtables import api, games
from gtables.engine import spaces

OCTAL, WYTHOFF = "octal:code=0.07,size=200", "wythoff:size=20"
# one spec per family, and the families' other spaces, kinds and terminal rules (canonical)
SPECS = [OCTAL, WYTHOFF, "nim:heaps=3,size=5", "nim:heaps=2,size=9,play=misere",
         "subtraction:set=1-3,size=60", "subtraction:set=2+5-6,size=12,heaps=2",
         "stripes:a=1,b=5,c=8,size=60", "octal:code=0.33,size=60,play=misere",
         "nimlike:heaps=1,max=7,norepeat=1,size=30",
         "nimlike:heaps=2,min=2,max=4,size=8,value=grundy",
         "chips:rule=A,n=8", "chips:rule=C,n=9,k=4", "chips:rule=B,n=7",
         "endnim:mode=partizan,len=4,max=4", "endnim:mode=impartial,len=3,max=3",
         "endnim_row:mode=impartial,prefix=1.4,size=30"]
NO_NUMBA = "assert not {'numba', 'llvmlite'} & set(sys.modules), 'numba was imported'"


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("fast") / "t")
    for spec in SPECS:
        gtables.compute(spec, store=path, progress=False)
    return path


def _run(*code_or_args: str, module: bool = False) -> subprocess.CompletedProcess:
    argv = [sys.executable, "-m", "gtables.cli", *code_or_args] if module else \
        [sys.executable, "-c", code_or_args[0], *code_or_args[1:]]
    return subprocess.run(argv, capture_output=True, text=True, timeout=300)


# a CLI command in a fresh interpreter, then a check that neither numba nor llvmlite was imported
CLI = ("import sys\nfrom gtables.cli import main\ncode = main(sys.argv[1:])\n"
       + NO_NUMBA + "\nsys.exit(code)")


def test_query_show_list_answer_as_computed_without_numba(store):
    octal = gtables.compute(OCTAL, store=None, progress=False)
    wyt = gtables.compute(WYTHOFF, store=None, progress=False)
    for t, pos in ((octal, "0"), (octal, "25"), (octal, "200"), (wyt, "3,5"), (wyt, "20,7")):
        want = {"spec": t.spec, "position": pos, "index": t.index(pos), "grundy": t.value(pos),
                "outcome": t.outcome(pos)}
        r = _run("query", t.spec, pos, "--json", "--store", store, module=True)
        assert r.returncode == 0 and json.loads(r.stdout) == want, r.stderr
        r = _run(CLI, "query", t.spec, pos, "--json", "--store", store)
        assert r.returncode == 0 and json.loads(r.stdout) == want, r.stderr
    for t in (octal, wyt):
        r = _run(CLI, "show", t.spec, "--format", "json", "--limit", "0", "--store", store)
        assert r.returncode == 0, r.stderr
        shown = json.loads(r.stdout)
        assert [e["value"] for e in shown["entries"]] == t.values.tolist()
        assert [e["position"] for e in shown["entries"]] == \
            [t.space.format(p) for p in t.space.unrank(np.arange(t.space.size))]
        text = _run("show", t.spec, "--store", store, module=True)
        assert text.returncode == 0 and t.spec in text.stdout
    r = _run(CLI, "list", "--json", "--store", store)
    assert r.returncode == 0, r.stderr
    rows = {row["spec"]: row for row in json.loads(r.stdout)}
    assert sorted(rows) == sorted(SPECS)
    assert rows[OCTAL]["max_value"] == int(octal.values.max())


def test_load_lookup_value_outcome_without_numba(store):
    code = ("import sys, json, gtables\n"
            "t = gtables.load(sys.argv[1], store=sys.argv[2])\n"
            "out = {'lookup': t.lookup([[3, 5], [20, 7], [0, 0]]).tolist(),\n"
            "       'value': t.value('4,7'), 'outcome': t.outcome([1, 2]), 'kind': t.kind}\n"
            + NO_NUMBA + "\nprint(json.dumps(out))")
    r = _run(code, WYTHOFF, store)
    assert r.returncode == 0, r.stderr
    t = gtables.compute(WYTHOFF, store=None, progress=False)
    assert json.loads(r.stdout) == {"lookup": t.lookup([[3, 5], [20, 7], [0, 0]]).tolist(),
                                    "value": t.value("4,7"), "outcome": t.outcome([1, 2]),
                                    "kind": "grundy"}


def test_moves_and_terminal_verdicts_still_load_the_family(store):
    """``query --moves`` runs the move generator and a chips position may be terminal: both take
    the family (numba) and answer as before."""
    r = _run("query", WYTHOFF, "3,5", "--moves", "--json", "--store", store, module=True)
    d = json.loads(r.stdout)
    assert d["winning_moves"] == [] and len(d["moves"]) == 11
    r = _run("query", "chips:rule=A,n=8", "1,3", "--json", "--store", store, module=True)
    assert json.loads(r.stdout)["terminal"] == "player to move has lost"


def test_errors_are_the_long_ways(store, tmp_path):
    """Bad input reads the same with or without the fast path (the spec written with a blank
    takes the long way to the same table)."""
    for fast, slow, pos in ((WYTHOFF, "wythoff: size=20", "3,50"), (WYTHOFF, "wythoff: size=20", "1"),
                            (OCTAL, "octal: code=0.07,size=200", "-1"),
                            (OCTAL, "octal: code=0.07,size=200", "x")):
        a = _run(CLI, "query", fast, pos, "--store", store)
        b = _run("query", slow, pos, "--store", store, module=True)
        assert a.returncode == b.returncode == 2
        assert a.stderr == b.stderr and a.stderr.count("\n") == 1, (a.stderr, b.stderr)
    for args, msg in ((("query", "octal:code=0.07,size=99999999", "3"), "is not in the store"),
                      (("query", "nosuch:x=1", "3"), "unknown family 'nosuch'"),
                      (("query", "octal:code=0.07,size=-1", "3"), "bad value for size"),
                      (("show", "octal:code=0.07,size=99999999"), "is not in the store")):
        r = _run(*args, "--store", store, module=True)   # the long way: numba may load
        assert r.returncode == 2 and r.stderr.count("\n") == 1 and msg in r.stderr, r.stderr
    (tmp_path / "notes.txt").write_text("not a table")         # a folder of other files
    r = _run("query", OCTAL, "3", "--store", str(tmp_path), module=True)
    assert r.returncode == 2 and r.stderr == f"gtables: error: {tmp_path} is a directory but " \
        f"not a gtables store (it has no gtables-store.json); give a new or empty directory\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


def test_fast_tables_equal_the_long_way(store, monkeypatch):
    """Every family: the table read from its attributes has the family's own space (meta,
    bounds, every position ranked, unranked and formatted alike), the same values, the same
    description of every position and the same moves."""
    slow = {spec: api.load(spec, store) for spec in SPECS}
    assert all(t._game is not None for t in slow.values())   # the registry is loaded here
    monkeypatch.setattr(games, "_families", {})               # as in a fresh process
    for spec in SPECS:
        t, s = api.load_if_stored(spec, store), slow[spec]
        assert t is not None and t._game is None, spec
        assert (t.spec, t.family, t.params, t.kind) == (s.spec, s.family, s.params, s.kind)
        a, b = t.space, s.space
        assert type(a) is type(b) and a.meta() == b.meta() and a.bounds() == b.bounds()
        assert (a.size, a.width, tuple(a.shape)) == (b.size, b.width, tuple(b.shape))
        idx = np.arange(b.size)
        rows = b.unrank(idx)
        assert np.array_equal(a.unrank(idx), rows) and np.array_equal(a.rank(rows), b.rank(rows))
        assert [a.format(r) for r in rows] == [b.format(r) for r in rows]
        assert np.array_equal(t.lookup(rows), s.values)
        for i in range(b.size):
            text = b.format(rows[i])
            assert t.describe(text) == s.describe(text), (spec, text)
        assert t._game is None or t.family not in api.NO_TERMINAL_VERDICTS
        mid = b.format(rows[b.size // 2])
        monkeypatch.undo()                                    # moves: the family again
        assert t.moves(mid) == s.moves(mid) and t._game is not None
        monkeypatch.setattr(games, "_families", {})


def test_families_without_terminal_verdicts_name_none():
    """The families :data:`api.NO_TERMINAL_VERDICTS` lists never mention a terminal code (their
    positions in SPECS are checked by the test above); the list names built-in families."""
    fams = games.families()
    assert api.NO_TERMINAL_VERDICTS <= set(games.BUILTIN) and set(games.BUILTIN) == set(fams)
    for name in api.NO_TERMINAL_VERDICTS:
        g = fams[name].game(fams[name].parse(games.split_spec(fams[name].example)[1]))
        for obj in (fams[name].build, g.moves.py_func):
            src = inspect.getsource(sys.modules[obj.__module__])
            assert "TERMINAL_LOSS" not in src and "TERMINAL_WIN" not in src, (name, obj)
    assert "chips" not in api.NO_TERMINAL_VERDICTS


def test_canonical_specs_are_fixed_points():
    """The fast path takes a spec that is a stored table's canonical spec as canonical."""
    for spec in SPECS + [f.example for f in games.families().values()]:
        c = games.canonical(spec)
        assert games.canonical(c) == c == games.parse(c).spec


def test_constants_and_space_rebuilding():
    from gtables.engine.kernels import OUTCOME_LETTERS
    assert api.OUTCOME_LETTERS == OUTCOME_LETTERS
    h = spaces.HeapSpace(10, "row")
    assert spaces.from_meta(h.meta()).bounds() == h.bounds() == "rows 0..10"
    assert "coordinates" not in spaces.HeapSpace(10).meta()        # stored attributes unchanged
    box = spaces.BoxSpace([3, 4], names=["a", "b"]).meta()
    assert spaces.from_meta(box).meta() == box
    for bad in ({**box, "extents": [3, 5]}, {**box, "extra": 1}, {**box, "scheme": "new"},
                {k: v for k, v in box.items() if k != "coordinates"}, None, []):
        assert spaces.from_meta(bad) is None


def test_registered_family_takes_the_long_way(store, monkeypatch):
    """Once the registry is loaded (a user's family may stand behind a name), load() parses."""
    games.families()
    assert api.load_if_stored(OCTAL, store) is None
    assert api.load(OCTAL, store)._game is not None
    monkeypatch.setattr(games, "_families", {})
    assert api.load_if_stored("octal:size=200,code=0.07", store) is None     # not canonical
    assert api.load_if_stored(OCTAL, store + ".missing") is None

