"""Misère quotients by spec (:mod:`gtables.quotients`): computed, checked against the exact tables,
kept in the store, read back re-certified (a forged file is refused), and used by ``gtables query``
past a table's total; the ``gtables quotient`` command.  The engine itself is tested in
test_quotient.py; here its answers are compared once more with a plain recursion."""
from __future__ import annotations

import functools
import json

import numpy as np
import pytest
from heap_fixtures import squares

import gtables
from gtables import games, quotients
from gtables.errors import GtablesError
from gtables.games.octal import heap_options
from gtables.misere import quotient as Q
from gtables.store import Store


def plain_outcome(code):
    """Misère outcome of a sum of heaps of the octal game ``code`` by memoised recursion."""
    @functools.cache
    def outcome(pos):
        moved = False
        for i, h in enumerate(pos):
            rest = pos[:i] + pos[i + 1:]
            for o in heap_options(code, h):
                moved = True
                if outcome(tuple(sorted(rest + o, reverse=True))) == "P":
                    return "N"
        return "P" if moved else "N"
    return outcome


# ----------------------------------------------------------------------------------------------
# specs


@pytest.mark.parametrize("spec,heaps,want", [
    ("octal:code=.75", 40, "octal:code=0.75,size=40"),
    ("octal:code=0.75,size=12", None, "octal:code=0.75,size=12"),
    ("octal:code=0.07,play=misere,total=80", 30, "octal:code=0.07,size=30"),
    ("nim:play=misere,total=30", 8, "nim:heaps=1,size=8"),
    ("subtraction:allbut=2+3", 20, "subtraction:allbut=2-3,size=20"),
])
def test_heap_game_spec(spec, heaps, want):
    assert quotients.heap_game_spec(spec, heaps) == want
    assert quotients.game_key(want) == want.rsplit(",size=", 1)[0]


@pytest.mark.parametrize("spec,heaps,why", [
    ("octal:code=0.75", None, "say up to which heap"),
    ("octal:code=0.75,size=10", 12, "disagree"),
    ("octal:code=0.75,play=normal", 5, "misère play"),
    ("octal:code=0.75", -1, "heaps must be"),
    ("octal:code=0.75", "7", "heaps must be an integer"),
    (75, 5, "is a string"),
])
def test_heap_game_spec_refusals(spec, heaps, why):
    with pytest.raises(GtablesError, match=why):
        quotients.heap_game_spec(spec, heaps)


def test_not_a_heap_game(store_path):
    with pytest.raises(GtablesError, match="impartial heap game"):
        quotients.quotient("wythoff", 4, store=store_path)


# ----------------------------------------------------------------------------------------------
# computed, checked, stored, read back


def test_computed_checked_stored_and_read_back(store_path):
    q = quotients.quotient("octal:code=0.75", 20, store=store_path, check_total=24)
    assert (q.size, q.p_size, q.tame_to) == (8, 2, 4)
    # checked against the exact heap-sum table, which was computed and stored for it
    assert q.checked_against == "table octal:code=0.75,play=misere,total=24"
    assert q.checked_total == 24 and q.first_disagreement is None
    assert "octal:code=0.75,play=misere,total=24" in Store(store_path)
    back = quotients.load_quotient("octal:code=0.75", 20, store=store_path)
    assert (back.mult == q.mult).all() and (back.phi == q.phi).all()
    assert back.p_portion == q.p_portion and back.relations == q.relations
    assert (back.sizes == q.sizes).all() and back.tame_to == q.tame_to
    assert back.checked_against == q.checked_against
    # a second call reads it (no recomputation: the stored one comes back)
    again = quotients.quotient("octal:code=0.75,size=20", store=store_path)
    assert again.seconds == back.seconds
    rows = quotients.stored_quotients("octal:code=0.75", store=store_path)
    assert [r["heaps"] for r in rows] == [20]


def test_larger_stored_table_is_used(store_path):
    gtables.compute("octal:code=0.6,play=misere,total=30", store=store_path)
    gtables.compute("octal:code=0.6,play=misere,total=44", store=store_path)
    q = quotients.quotient("octal:code=0.6", 10, store=store_path)     # 40 by default
    assert q.checked_against == "table octal:code=0.6,play=misere,total=44"
    assert q.checked_total == 44
    q = quotients.quotient("octal:code=0.6", 11, store=store_path, check_total=25)
    assert q.checked_against == "table octal:code=0.6,play=misere,total=44"


def test_answers_equal_a_plain_recursion(store_path):
    q = quotients.quotient("octal:code=0.77", 14, store=store_path, check_total=20)
    ref = plain_outcome("0.77")
    rng = np.random.default_rng(1)
    for _ in range(60):
        hs = tuple(sorted((int(x) for x in rng.integers(1, 15, rng.integers(1, 4))),
                          reverse=True))
        if sum(hs) <= 26:
            assert q.outcome(hs) == ref(hs), hs


def test_family_without_total_tables_uses_brute_force():
    before = set(games.families())
    gtables.heap_game("qsq", squares, max_options=lambda size: int(size ** 0.5) + 1,
                      replace=True)
    try:
        q = quotients.quotient("qsq", 12, store=None, check_total=16)
        assert q.checked_against == "the quotient engine's brute force"
        assert q.first_disagreement is None and q.checked_total == 16
    finally:
        if "qsq" not in before:
            games._families.pop("qsq", None)


def test_disagreement_is_not_stored(store_path, monkeypatch):
    real = Q.check_table

    def lying(q, values, total):
        return real(q, values, total).__class__(**{**real(q, values, total).__dict__,
                                                   "first_disagreement": (3, 2)})
    monkeypatch.setattr(Q, "check_table", lying)
    with pytest.raises(GtablesError, match=r"disagrees with .* at the sum of heaps 3\+2: not "
                                           r"stored"):
        quotients.quotient("octal:code=0.75", 8, store=store_path, check_total=12)
    assert Store(store_path).read_quotient("octal:code=0.75,size=8") is None


def _forge(store_path, spec, change):
    """Store a quotient whose arrays were changed by ``change`` (checksums made anew)."""
    st = Store(store_path)
    values, attrs = st.read_quotient(spec)
    values = np.array(values)
    change(values, attrs["extra"])
    st.write_quotient(spec, values, attrs["extra"], force=True)


@pytest.mark.parametrize("what", ["p_portion", "phi", "mult", "layout"])
def test_forged_quotient_is_refused(store_path, what, cli):
    spec = "octal:code=0.07,size=16"
    q = quotients.quotient(spec, store=store_path, check_total=20)
    n, k = q.heaps, q.size

    def change(v, extra):
        if what == "p_portion":          # move an element in or out of P
            v[n + 1 + 3] ^= 1
        elif what == "phi":              # heap 9 pretends to be another element
            v[9] = (v[9] + 1) % k
        elif what == "mult":             # one product changed, symmetry kept
            a, b = 2, 3
            x = (v[n + 1 + k + a * k + b] + 1) % k
            v[n + 1 + k + a * k + b] = v[n + 1 + k + b * k + a] = x
        else:
            extra["heaps"] = n - 1
    _forge(store_path, spec, change)
    with pytest.raises(GtablesError, match="wrong although its checksums hold"):
        quotients.load_quotient(spec, store=store_path)
    r = cli("check", "--deep", store=store_path)
    assert r.returncode == 1 and "DAMAGED quotient octal:code=0.07,size=16" in r.stdout


def test_damaged_quotient_file_is_never_believed(store_path):
    """A byte flipped anywhere in the file: the quotient is refused as damaged, or (a byte HDF5
    does not use) read back exactly as it was; never read back different."""
    import os
    spec = "octal:code=0.75,size=8"
    quotients.quotient(spec, store=store_path, check_total=10)
    st = Store(store_path)
    good = np.array(st.read_quotient(spec)[0])
    folder = f"{store_path}/quotients/octal"
    path = os.path.join(folder, os.listdir(folder)[0])
    with open(path, "rb") as fh:
        original = fh.read()
    refused = 0
    for i in range(0, len(original), max(1, len(original) // 97)):
        data = bytearray(original)
        data[i] ^= 0xFF
        with open(path, "wb") as fh:
            fh.write(data)
        try:
            got = st.read_quotient(spec)
        except GtablesError as e:
            assert "damaged" in str(e)
            refused += 1
            continue
        assert got is not None and np.array_equal(np.array(got[0]), good)
    assert refused > 10


# ----------------------------------------------------------------------------------------------
# past a table's total


def test_query_past_total_uses_a_stored_quotient(store_path, cli):
    r = cli("compute", "octal:code=0.07,play=misere,total=20", store=store_path)
    assert r.returncode == 0, r.stderr
    r = cli("query", "octal:code=0.07,play=misere,total=20", "13,12,11", store=store_path)
    assert r.returncode == 2 and "past the table's total 20" in r.stderr
    assert "gtables quotient octal:code=0.07 --heaps 13" in r.stderr
    r = cli("quotient", "octal:code=0.07", "--heaps", "14", "-q", store=store_path)
    assert r.returncode == 0, r.stderr
    ref = plain_outcome("0.07")
    for pos in ("13,12,11", "14,14,3", "12,10,9,4"):
        r = cli("query", "octal:code=0.07,play=misere,total=20", pos, "--json",
                store=store_path)
        assert r.returncode == 0, r.stderr
        d = json.loads(r.stdout)
        hs = tuple(sorted(map(int, pos.split(",")), reverse=True))
        assert d["outcome"] == ref(hs) and d["quotient"] == "octal:code=0.07,size=14"
    r = cli("query", "octal:code=0.07,play=misere,total=20", "13,12,11", store=store_path)
    assert "from the stored misère quotient of octal:code=0.07,size=14" in r.stdout
    # within the total the table answers, as before
    r = cli("query", "octal:code=0.07,play=misere,total=20", "7,6", store=store_path)
    assert r.returncode == 0 and "quotient" not in r.stdout
    r = cli("query", "octal:code=0.07,play=misere,total=20", "13,12,11", "--moves",
            store=store_path)
    assert r.returncode == 2 and "lists no moves" in r.stderr


# ----------------------------------------------------------------------------------------------
# the command


def test_quotient_command(store_path, cli):
    r = cli("quotient", "octal:code=0.75", "--heaps", "12", "--check-total", "14",
            "--outcome", "12,5", "--outcome", "3 1", store=store_path)
    assert r.returncode == 0, r.stderr
    assert "|Q| = 8, |P| = 2" in r.stdout and "relations:" in r.stdout
    assert "checked against table octal:code=0.75,play=misere,total=14" in r.stdout
    ref = plain_outcome("0.75")
    assert "sum 12+5: element" in r.stdout and f"misère outcome {ref((12, 5))}" in r.stdout
    r = cli("quotient", "octal:code=0.75,size=12", "--json", "--outcome", "4,4",
            store=store_path)
    d = json.loads(r.stdout)
    assert d["size"] == 8 and d["spec"] == "octal:code=0.75,size=12"
    assert d["outcomes"] == {"4,4": ref((4, 4))}
    assert Q.from_dict(d).size == 8
    r = cli("list", store=store_path)
    assert "octal:code=0.75,size=12" in r.stdout and "|Q| = 8" in r.stdout


@pytest.mark.parametrize("args,why", [
    (["octal:code=0.75"], "say up to which heap"),
    (["octal:code=0.75", "--heaps", "-3"], "heaps"),
    (["wythoff", "--heaps", "3"], "impartial heap game"),
    (["octal:code=0.75", "--heaps", "5", "--outcome", "6"], "past the quotient's heaps"),
    (["octal:code=0.75", "--heaps", "5", "--outcome", "x"], "not a list of heap sizes"),
    (["octal:code=0.137", "--heaps", "40", "--time-limit", "0.5"],
     "no quotient: heap .*certified up to heap"),
])
def test_quotient_command_refusals(store_path, cli, args, why):
    r = cli("quotient", *args, store=store_path)
    assert r.returncode == 2
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr
    import re
    assert re.search(why, r.stderr), r.stderr
