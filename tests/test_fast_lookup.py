"""Answers at the speed of a lookup: a stored table is read from its verified attributes, without
the family's module (which compiles kernels on import) and so without numba, whatever spelling of
its spec a user types (a built-in family's spec is made canonical by its grammar alone,
``games/specs``), and its positions are described (terminal verdicts included) and decoded
without compiled kernels.  The answers must be those of the long way, position by position."""
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
         "endnim_row:mode=impartial,prefix=1.4,size=30",
         "mem0:size=30", "mem0:size=20,min=2,max=5", "chips:rule=B,n=10,k=3",
         "nim:play=misere,total=8", "subtraction:set=1-3,play=misere,total=8",
         "octal:code=0.77,play=misere,total=9", "subtraction:allbut=2-3,size=40"]
# spellings a user types for tables of SPECS (the README's among them), with their canonical spec
SPELLINGS = {
    "subtraction:allbut=2+3,size=40": "subtraction:allbut=2-3,size=40",
    "subtraction:size=60,set={3,1,2}": "subtraction:set=1-3,size=60",
    "nimlike:heaps=1,min=1,max=7,norepeat=1,size=30": "nimlike:heaps=1,max=7,norepeat=1,size=30",
    "NimLike:heaps=2,min=2,max=4,size=8,value=GRUNDY":
        "nimlike:heaps=2,min=2,max=4,size=8,value=grundy",
    "stripes:a=8,b=5,c=1,size=60": "stripes:a=1,b=5,c=8,size=60",
    "stripes: c=5, a=8, b=1, size=60": "stripes:a=1,b=5,c=8,size=60",
    "octal:code=.070,size=200,play=normal": OCTAL,
    "octal:code=0.33,size=60,play=Misere": "octal:code=0.33,size=60,play=misere",
    "chips:rule=a,n=8,value=grundy": "chips:rule=A,n=8",
    "chips:rule=B,n=7,value=outcome": "chips:rule=B,n=7",
    "chips:rule=C,n=9,k=4,value=auto": "chips:rule=C,n=9,k=4",
    "mem0:size=30,min=1": "mem0:size=30",
    "endnim_row:mode=Impartial,prefix=(1,4),size=30": "endnim_row:mode=impartial,prefix=1.4,size=30",
    "wythoff:play=normal,size=20": WYTHOFF,
    "nim:total=8,play=misere": "nim:play=misere,total=8",
}
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
# the same command the long way: the registry loaded first (so the fast path is not taken)
LONG = ("import sys\nfrom gtables import games\ngames.families()\nfrom gtables.cli import main\n"
        "sys.exit(main(sys.argv[1:]))")


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
    """Bad input reads the same with or without the fast path (the long way: the registry loaded
    first), whatever the spelling of the spec."""
    for spec, pos in ((WYTHOFF, "3,50"), ("wythoff: size=20", "1"), (OCTAL, "-1"),
                      ("octal: code=.07,size=200", "x"), ("mem0:size=30", "5,last=7"),
                      ("nim:total=8,play=misere", "5,4"), ("chips:rule=a,n=8", "9")):
        a = _run(CLI, "query", spec, pos, "--store", store)
        b = _run(LONG, "query", spec, pos, "--store", store)
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
        assert t._game is None, spec          # terminal verdicts too: from the grammar, no numba
        mid = b.format(rows[b.size // 2])
        monkeypatch.undo()                                    # moves: the family again
        assert t.moves(mid) == s.moves(mid) and t._game is not None
        monkeypatch.setattr(games, "_families", {})


def test_families_without_terminal_verdicts_name_none():
    """A family whose grammar has no ``terminal`` never mentions a terminal code (a stored
    position of it is described with no verdict to look for); one that has (chips) gives the
    move generator's verdicts, position by position (here and, through ``options_ref``, in
    tests/test_contract.py)."""
    fams = games.families()
    assert set(games.GRAMMARS) == set(games.BUILTIN) == set(fams)
    for name in games.BUILTIN:
        fam = fams[name]
        assert fam.grammar == games.grammar(name), name
        if fam.terminal is not None:
            continue
        g = fam.game(fam.parse(games.split_spec(fam.example)[1]))
        for obj in (fam.build, g.moves.py_func):
            src = inspect.getsource(sys.modules[obj.__module__])
            assert "TERMINAL_LOSS" not in src and "TERMINAL_WIN" not in src, (name, obj)
    assert fams["chips"].terminal is not None
    for spec in ("chips:rule=A,n=6", "chips:rule=B,n=7,k=3", "chips:rule=D,n=5"):
        g = games.parse(spec)
        rows = g.space.unrank(np.arange(g.space.size))
        for i, row in enumerate(rows):
            status = g.options(i)[0]
            assert fams["chips"].terminal(g.params, tuple(row)) == min(status, 0), (spec, row)


def test_canonical_specs_are_fixed_points(monkeypatch):
    """The fast path takes a spec that is a stored table's canonical spec as canonical; the
    grammar alone (no registry, no numba) gives every spelling the spec the family gives."""
    for spec in SPECS + [f.example for f in games.families().values()]:
        c = games.canonical(spec)
        assert games.canonical(c) == c == games.parse(c).spec
    heavy = {s: games.parse(s).spec for s in [*SPELLINGS, *SPECS]}
    assert all(heavy[s] == c for s, c in SPELLINGS.items())
    monkeypatch.setattr(games, "_families", {})               # as in a fresh process
    for spec, c in heavy.items():
        assert games.canonical(spec) == c, spec
    assert games._families == {}


def test_every_spelling_is_looked_up_without_numba(store):
    """Each spelling of SPELLINGS answers from the stored table of its canonical spec, without
    numba, as the long way does."""
    for spec, canon in SPELLINGS.items():
        t = api.load(canon, store)
        pos = t.space.format_index(t.space.size // 3)
        a = _run(CLI, "query", spec, pos, "--json", "--store", store)
        b = _run(LONG, "query", spec, pos, "--json", "--store", store)
        assert a.returncode == b.returncode == 0, (spec, a.stderr, b.stderr)
        assert json.loads(a.stdout) == json.loads(b.stdout) == t.describe(pos), spec
        assert json.loads(a.stdout)["spec"] == canon


def test_constants_and_space_rebuilding():
    from gtables.engine.values import OUTCOME_LETTERS
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
    t = api.load_if_stored("octal: size=200,code=.07", store)     # any spelling, made canonical
    assert t is not None and t.spec == OCTAL and t._game is None
    assert api.load_if_stored(OCTAL, store + ".missing") is None
    for bad in ("octal:code=0.07", "octal:code=0.07,size=200,nosuch=1", "wythoff:size=-1", "x:"):
        assert api.load_if_stored(bad, store) is None          # the long way says why
    assert games._families == {}

