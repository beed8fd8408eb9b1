"""Nim-like games (seed 004): kernel tables against the reference solver (tests/reference.py),
seed values, the position syntax with a last amount, CLI errors, and the 'small' claims."""
import itertools

import numpy as np
import pytest
from reference import reference_table

from gtables import api
from gtables.engine.periodicity import window_periodicity
from gtables.reproduce import table_provider
from gtables.verify import seed004


def table(spec):
    return api.compute(spec, store=None)


CASES = [  # (heaps, min, max, norepeat, size, value)
    (1, 1, 3, 0, 40, "outcome"), (1, 1, 3, 0, 40, "grundy"), (1, 2, 5, 0, 40, "grundy"),
    (1, 1, 5, 1, 40, "outcome"), (1, 2, 6, 1, 40, "outcome"), (1, 3, 3, 1, 20, "outcome"),
    (1, 1, 50, 1, 12, "outcome"),               # max > size: amounts capped at the heap
    (2, 1, 3, 0, 9, "outcome"), (2, 2, 4, 0, 9, "grundy"), (2, 1, 3, 1, 9, "outcome"),
    (2, 2, 5, 1, 10, "outcome"), (3, 1, 2, 0, 4, "grundy"), (3, 1, 3, 1, 4, "outcome"),
    (3, 2, 3, 1, 5, "outcome")]


@pytest.mark.parametrize("d,m,n,rep,size,value", CASES)
def test_kernel_matches_reference_on_every_position(d, m, n, rep, size, value):
    spec = f"nimlike:heaps={d},min={m},max={n},norepeat={rep},size={size},value={value}"
    t = table(spec)
    assert [int(v) for v in t.values] == reference_table(spec)[1]


def test_every_option_has_a_smaller_index():
    g = api.game("nimlike:heaps=3,min=2,max=4,norepeat=1,size=6")
    for i in range(g.space.size):
        _, opts = g.options(i)
        assert all(j < i and k == -1 for j, k in opts)


def test_seed_values():
    # Cond(1): k(n+1) are the losses; Grundy value N mod (n+1)
    t = table("nimlike:heaps=1,max=5,size=60,value=grundy")
    assert list(t.values) == [x % 6 for x in range(61)]
    assert table("nimlike:heaps=1,max=7,size=30").outcome(22) == "N"
    # Cond(1,3), n=5: the printed loss list; n=5, N=22 is won by 1, 2 or 3
    t = table("nimlike:heaps=1,max=5,norepeat=1,size=50")
    assert [i for i in range(47) if t.outcome(str(i)) == "P"] == [0, 7, 13, 20, 26, 33, 39, 46]
    assert sorted(m["to"] for m in t.winning_moves("22")) == ["19,last=3", "20,last=2", "21,last=1"]
    # Cond(2,3), (m,n)=(3,7): N=21 is a loss; after X takes 5, Y may not take 5
    t = table("nimlike:heaps=1,min=3,max=7,norepeat=1,size=30")
    assert t.outcome("21") == "P"
    assert sorted(m["to"] for m in t.winning_moves("16,last=5")) == [
        "10,last=6", "12,last=4", "13,last=3", "9,last=7"]
    # Cond(1,3), two heaps, n even: losses are the multiples of n+1 in both heaps
    t = table("nimlike:heaps=2,max=4,norepeat=1,size=20")
    sp = t.array()[..., 0] == 0
    a = np.arange(21) % 5 == 0
    assert (sp == (a[:, None] & a[None, :])).all()


def test_position_syntax_and_format():
    t = table("nimlike:heaps=2,min=2,max=4,norepeat=1,size=8")
    sp = t.space
    assert sp.format(sp.parse("3,4")) == "3,4"
    assert sp.format(sp.parse("3,4,last=2")) == "3,4,last=2"
    assert sp.format(sp.parse("3;4;last=4")) == "3,4,last=4"
    assert t.index("3,4,last=0") == t.index("3,4")
    idx = np.arange(sp.size)
    assert (sp.rank(sp.unrank(idx)) == idx).all()
    assert sp.shape == (9, 9, 4)
    assert t.array().shape == (9, 9, 4)


@pytest.mark.parametrize("spec,pos,msg", [
    ("nimlike:heaps=1,min=5,max=3,size=10", "4", "min=5 is larger than max=3"),
    ("nimlike:heaps=1,min=0,max=3,size=10", "4", "at least 1"),
    ("nimlike:heaps=4,max=3,size=10", "4", "heaps"),
    ("nimlike:heaps=1,max=3,norepeat=1,size=10,value=grundy", "4", "not sums of independent heaps"),
    ("nimlike:heaps=2,max=3,size=10", "-1,3", "negative"),
    ("nimlike:heaps=1,max=7,norepeat=1,size=10", "5,last=9", "last=9 is not possible"),
    ("nimlike:heaps=1,min=2,max=7,norepeat=1,size=10", "5,last=1", "last=1 is not possible"),
    ("nimlike:heaps=1,max=7,norepeat=1,size=10", "5,lats=1", "unknown key"),
])
def test_bad_input_is_a_one_line_error(cli, store_path, spec, pos, msg):
    r = cli("query", spec, pos, store=store_path)
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and msg in lines[0], r.stderr


def test_cli_query_moves(cli, store_path):
    r = cli("query", "nimlike:heaps=1,min=1,max=7,norepeat=1,size=60", "25", "--moves",
            store=store_path)
    assert r.returncode == 0, r.stderr
    assert "outcome P" in r.stdout.splitlines()[0]
    assert "18,last=7" in r.stdout and "no winning move" in r.stdout


def test_window_periodicity():
    rows = np.array([5, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2], dtype=np.int64)
    per = window_periodicity(rows, 2)
    assert per.proved and (per.preperiod, per.period) == (1, 3)
    assert window_periodicity(np.arange(10), 2) is None
    vec = np.array([[0, 1], [1, 1], [0, 0], [1, 1], [0, 0], [1, 1], [0, 0]])
    assert (window_periodicity(vec, 1).preperiod, window_periodicity(vec, 1).period) == (1, 2)


def test_printed_table_parser():
    a, b, ok = seed004.parse_2d_cell("B3 B4 E")
    assert (a, b, ok) == (set(), {3, 4}, True)
    assert seed004.parse_2d_cell("EE") == (set(), set(), True)
    assert not seed004.parse_2d_cell("B3 A4 E")[2]


def test_small_claims_run_without_error():
    from gtables.verify.runner import Context, evaluate
    ctx = Context(provider=table_provider(None), scale="small")
    verdicts = {c.name: evaluate(c, ctx) for c in seed004.claims("small")}
    assert not [n for n, v in verdicts.items() if v.status == "ERROR"], \
        [(n, v.domain) for n, v in verdicts.items() if v.status == "ERROR"]
    # the seed's two misread examples and the n=12 list typo are findings, not bugs
    assert verdicts["004.cond1.1d.lists"].status == "FAILS"
    assert verdicts["004.cond13.1d.example2"].status == "FAILS"
    assert verdicts["004.cond23.1d.example2"].status == "FAILS"
    assert verdicts["004.cond1.1d"].status == "PROVED"
    names = list(itertools.chain(verdicts))
    assert len(names) == len(set(names))
