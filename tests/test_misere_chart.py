"""Both notions of tame (:mod:`gtables.misere.tame`): Conway's rule for sums and its least
breaking sum, and Plambeck's nim heaps and the least heap that is not one, checked against brute
force and against Plambeck's lists on every quaternary code of up to three digits; the misère chart
as a catalogue (:mod:`gtables.octal_catalogue.misere`, ``gtables sweep --catalogue misere3``): its
code list, its same-game classes, its checkpoint, a real run on a few classes; the JSON of every
order-2 quotient."""

from __future__ import annotations

import functools
import itertools
import json
import pathlib
import subprocess
import sys

import pytest
from heap_fixtures import sums

from gtables.errors import GtablesError
from gtables.games.octal import heap_options, parse_code
from gtables.misere.quotient import QuotientError, from_dict, misere_sum_outcomes, quotient
from gtables.misere.tame import (
    WildWitness,
    brute_force_outcome,
    confirm,
    grundy_values,
    nim_heap_test,
    tame_outcome,
    wild_witness,
)
from gtables.octal_catalogue import CATALOGUES
from gtables.octal_catalogue import misere as chart
from gtables.octal_catalogue.digits import small_values

ROOT = pathlib.Path(__file__).resolve().parents[1]
CLI = [sys.executable, "-m", "gtables.cli"]


def octal(code):
    return lambda h: heap_options(code, h)


def brute(options_of, top, total):
    """``{sum: "P"/"N"}`` by brute force from the options alone."""
    out, _ = misere_sum_outcomes(options_of, top, total)
    positions = list(sums(total, top))
    assert len(positions) == out.size
    return {p: "P" if v == 0 else "N" for p, v in zip(positions, out)}


def first_break(options_of, top, total):
    """The first sum (in order) where the brute-force outcome differs from the tame rule, with
    bigness read from brute-force single-heap outcomes: no quotient involved."""
    outcome = brute(options_of, top, total)
    g = grundy_values(options_of, top)
    big = [False] + [
        g[h] >= 2 or (g[h] == 0 and outcome[(h,)] == "P") or (g[h] == 1 and outcome[(h,)] == "N")
        for h in range(1, top + 1)
    ]
    for pos in sums(total, top):
        if outcome[pos] != tame_outcome(pos, g, big):
            return pos
    return None


# ----------------------------------------------------------------------------------------------
# the tame rule and the witness


@pytest.mark.parametrize("code", ["0.07", "0.77", "0.137", "0.44", "4.07", "0.75"])
def test_grundy_values_are_the_normal_play_values(code):
    assert tuple(grundy_values(octal(code), 20)) == small_values(code, 21)


@pytest.mark.parametrize("code,n", [("0.52", 14), ("0.3", 12), ("4.3", 12), ("4.0", 12)])
def test_tame_quotients_have_no_witness(code, n):
    """Tame to the bound: the rule equals the quotient and the brute force on every sum."""
    q = quotient(octal(code), n)
    assert q.tame and q.tame_to == n
    assert wild_witness(q, octal(code), max_total=20) is None
    assert first_break(octal(code), n, 20) is None


@pytest.mark.parametrize(
    "code,wild,witness,outcome",
    [
        ("0.07", 10, (10, 2), "P"),  # Dawson's Kayles: first wild heap 10
        ("0.77", 5, (5, 1), "P"),  # Kayles: heap 5 has genus 4^146
        ("0.75", 5, (5, 1), "N"),
        ("4.07", 6, (6, 2), "N"),
        ("0.137", 9, (9, 1), "P"),
    ],
)
def test_first_wild_heap_and_its_witness(code, wild, witness, outcome):
    opts = octal(code)
    q = quotient(opts, wild + 3)
    assert q.tame_to == wild - 1 and not q.tame
    # the quotient of heaps 0..wild has a witness; it involves heap `wild`; brute force agrees
    qw = quotient(opts, wild)
    w = wild_witness(qw, opts, max_total=30)
    assert isinstance(w, WildWitness)
    assert w.heaps == witness and w.outcome == outcome and w.tame != outcome
    assert wild in w.heaps
    assert confirm(w, opts).confirmed
    assert brute_force_outcome(opts, w.heaps) == outcome
    # found again without any quotient: the first sum of heaps 1..wild breaking the rule
    assert first_break(opts, wild, w.total) == witness
    # the same search inside the bigger quotient, restricted to heaps 1..wild
    assert wild_witness(q, grundy_values(opts, q.heaps), heaps=wild, max_total=30) == w
    # below the first wild heap: tame, no witness
    q0 = quotient(opts, wild - 1)
    assert q0.tame
    assert wild_witness(q0, opts, max_total=w.total + 6) is None


def test_witness_arguments():
    q = quotient(octal("0.77"), 6)
    with pytest.raises(GtablesError):
        wild_witness(q, [0, 1, 2], max_total=10)  # too few Grundy values
    with pytest.raises(GtablesError):
        wild_witness(q, octal("0.77"), heaps=7)
    assert wild_witness(q, octal("0.77"), max_total=5) is None  # 5 + 1 has total 6
    assert wild_witness(q, octal("0.77"), max_total=6).heaps == (5, 1)


def test_least_breaking_sum_is_searched_over_every_heap():
    """0.4 is first wild at heap 11, and heap 13 alone breaks Conway's rule: a smaller sum (total
    13) than the least one among heaps 1..11 (11 + 3, total 14)."""
    opts = octal("0.4")
    q = quotient(opts, 14)
    assert q.tame_to == 10
    w = wild_witness(q, opts, max_total=20)
    assert w.heaps == (13,) and confirm(w, opts).confirmed
    assert first_break(opts, 14, 14) == (13,)
    assert wild_witness(q, opts, max_total=20, heaps=11).heaps == (11, 3)


# ----------------------------------------------------------------------------------------------
# nim heaps (Plambeck): a reference that knows nothing of quotients


def quaternary_codes():
    """Every code 0.d1, 0.d1d2, 0.d1d2d3 with digits 0-3, the last not 0 (63 codes)."""
    out = []
    for length in (1, 2, 3):
        for ds in itertools.product("0123", repeat=length):
            if ds[-1] != "0":
                out.append("0." + "".join(ds))
    return out


def least_non_nim_by_brute_force(code, n, x_total):
    """The least heap ``h <= n`` with a sum ``X`` of heaps ``1..n`` and nim heaps ``*1..*3``, of
    total at most ``x_total``, such that ``h + X`` and ``*G(h) + X`` have different misère
    outcomes: every position a sorted tuple of ``("h", size)`` and ``("n", size)``, solved by
    plain recursion (misère: no move wins)."""
    g = small_values(code, n + 1)

    def options(part):
        kind, k = part
        if kind == "n":
            return [tuple(("n", j) for j in [i] if j) for i in range(k)]
        return [tuple(("h", c) for c in o if c) for o in heap_options(code, k)]

    @functools.cache
    def is_p(pos):
        moved = False
        for i, part in enumerate(pos):
            for o in options(part):
                moved = True
                if is_p(tuple(sorted(pos[:i] + pos[i + 1:] + o))):
                    return False
        return moved

    items = [("h", k) for k in range(1, n + 1)] + [("n", k) for k in range(1, 4)]
    xs = [()]
    for t in range(1, x_total + 1):
        xs += [c for c in itertools.combinations_with_replacement(items, t)
               if sum(k for _, k in c) <= x_total]  # fmt: skip
    for h in range(1, n + 1):
        nim = (("n", g[h]),) if g[h] else ()
        for x in xs:
            if is_p(tuple(sorted(x + (("h", h),)))) != is_p(tuple(sorted(x + nim))):
                return h
    return None


@pytest.mark.parametrize("code", quaternary_codes())
def test_nim_heaps_of_quaternary_codes_against_brute_force(code):
    t = nim_heap_test(octal(code), 9)
    assert t.heaps == 9 and t.gave_up_at is None
    assert t.least == least_non_nim_by_brute_force(code, 9, 3)
    if t.least is not None:
        assert t.witness.heap == t.least and t.witness.confirmed


def test_both_notions_on_every_quaternary_code_agree_with_plambeck():
    """Plambeck's quaternary pages: of the codes of up to three digits 0-3, exactly .31 and the
    seven woolly mammoths have a heap that is not a nim heap, and of these only .123 and .312
    have a wild quotient (Conway's rule broken); the least non-nim heaps are those the joint
    quotient finds at every bound from 12 to 20."""
    non_nim, wild = {}, []
    for code in quaternary_codes():
        t = nim_heap_test(octal(code), 20)
        if t.least is not None:
            non_nim[code] = t.least
            assert t.witness.confirmed
            assert nim_heap_test(octal(code), 12).least == t.least
        if not quotient(octal(code), 20).tame:
            wild.append(code)
    assert sorted(non_nim) == sorted(chart.PLAMBECK_NON_NIM)
    assert sorted(wild) == sorted(chart.PLAMBECK_WILD)
    # the least non-nim heaps: .31 (Stalking) at heap 3, as Winning Ways' table shows
    assert non_nim["0.31"] == 3


@pytest.mark.parametrize("code,least", [("0.07", 10), ("0.75", 5), ("0.137", 9)])
def test_a_wild_quotient_has_a_non_nim_heap_no_later_than_its_first_wild_heap(code, least):
    opts = octal(code)
    t = nim_heap_test(opts, 12)
    q = quotient(opts, 12)
    assert t.least == least <= q.tame_to + 1
    assert t.witness.confirmed
    assert t.least == least_non_nim_by_brute_force(code, least, 2)


# ----------------------------------------------------------------------------------------------
# the chart's codes and classes


def test_every_valid_code_is_listed_once():
    codes = chart.chart_codes()
    assert len(codes) == len(set(codes)) == 1023
    written = set()
    for d0 in "04":
        for length in (1, 2, 3):
            for ds in itertools.product("01234567", repeat=length):
                written.add(parse_code(f"{d0}.{''.join(ds)}"))
    assert written - {"0.0"} == set(codes)
    assert all(parse_code(c) == c for c in codes)


def test_classes_are_the_same_game():
    codes = chart.chart_codes()
    groups = chart.classes(codes)
    assert sorted(c for g in groups for c in g) == sorted(codes)
    # KEY_HEAPS heaps decide it: the same partition as with 60 heaps
    by60: dict = {}
    for c in codes:
        by60.setdefault(chart.game_key(c, 60), set()).add(c)
    assert {frozenset(g) for g in groups} == {frozenset(g) for g in by60.values()}
    for g in groups:
        # equal effective options for every heap up to 30, equal normal values
        ref = chart.effective_options(g[0], 30)
        for c in g[1:]:
            assert chart.effective_options(c, 30) == ref, (g[0], c)
            assert small_values(c, 31) == small_values(g[0], 31)
    # and equal misère outcomes of every sum, for a few classes of several codes
    several = [g for g in groups if len(g) > 1]
    assert len(several) > 50
    for g in several[:: max(1, len(several) // 8)]:
        ref = misere_sum_outcomes(octal(g[0]), 14, 14)[0]
        for c in g[1:]:
            assert (misere_sum_outcomes(octal(c), 14, 14)[0] == ref).all(), (g[0], c)


def test_a_class_has_one_quotient():
    a, b = quotient(octal("0.07"), 14), quotient(octal("0.073"), 14)
    assert a.size == b.size and (a.phi == b.phi).all() and a.p_portion == b.p_portion
    assert ["0.07", "0.071", "0.072", "0.073"] in chart.classes(chart.chart_codes())


def test_different_classes_are_different_games():
    groups = chart.classes(chart.chart_codes())
    keys = [chart.game_key(g[0], 30) for g in groups]
    assert len(set(keys)) == len(keys)
    assert chart.finite_game("0.101") and not chart.finite_game("0.12")
    assert not chart.finite_game("4.1")
    assert chart.quaternary("0.123") and not chart.quaternary("0.4") and not chart.quaternary("4.1")


def test_checkpoint_resumes_only_the_same_settings(tmp_path):
    p = tmp_path / "c.jsonl"
    settings = {"heaps": 5, "budget": 1.0, "codes": None}
    p.write_text(
        json.dumps({"settings": {"heaps": 5, "budget": 1.0}})
        + "\n"
        + json.dumps({"representative": "0.1", "x": 1})
        + "\n"
        + '{"representative": "0.2", "cut'
    )
    assert set(chart.load_checkpoint(str(p), settings)) == {"0.1"}
    # another subset of codes resumes too; other heaps or budget do not
    assert set(chart.load_checkpoint(str(p), {**settings, "codes": ["0.1"]})) == {"0.1"}
    assert chart.load_checkpoint(str(p), {"heaps": 6, "budget": 1.0, "codes": None}) == {}
    assert chart.load_checkpoint(str(tmp_path / "none.jsonl"), settings) == {}


def test_codes_select_whole_classes_and_bad_codes_are_refused():
    assert chart.selected_classes({"codes": ["0.073"]}) == [["0.07", "0.071", "0.072", "0.073"]]
    with pytest.raises(GtablesError, match="not in the misère chart"):
        chart.selected_classes({"codes": ["0.1234"]})
    with pytest.raises(GtablesError, match="--codes"):
        chart.selected_classes({"codes": ["x.y"]})


# ----------------------------------------------------------------------------------------------
# the catalogue, run for real


def test_misere_chart_catalogue(tmp_path):
    out, store = tmp_path / "chart", tmp_path / "store"
    cmd = CLI + ["sweep", "--catalogue", "misere3", "--heaps", "11", "--budget", "10",
                 "--check-total", "14", "--codes", "0.07,0.75,0.4,0.31,0.1,0.52",
                 "--workers", "1", "--out", str(out), "--store", str(store)]  # fmt: skip
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=400, cwd=ROOT)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "[   6/6]" in r.stdout
    doc = json.loads((out / "misere_chart.json").read_text())
    md = (out / "misere_chart.md").read_text()
    assert (out / "figures" / "misere_chart.png").stat().st_size > 10_000
    assert not (out / chart.CHECKPOINT).exists()
    rows = {r["representative"]: r for r in doc["rows"]}
    assert len(rows) == 6 and doc["summary"]["disagreements"] == []
    # the public keys
    for row in rows.values():
        assert {"certified_to", "first_wild", "non_nim_heap"} <= set(row)
    assert isinstance(doc["summary"]["gave_up"], int)
    assert rows["0.1"]["certified_to"] == "all" and rows["0.75"]["certified_to"] == 11
    assert rows["0.07"]["codes"] == ["0.07", "0.071", "0.072", "0.073"]
    assert rows["0.07"]["first_wild"] == 10 and rows["0.07"]["witness"]["heaps"] == [10, 2]
    assert rows["0.07"]["witness_confirmed"] is True and rows["0.07"]["non_nim_heap"] == 10
    assert rows["0.4"]["first_wild"] == 11 and rows["0.4"]["non_nim_heap"] == 11
    assert rows["0.31"]["first_wild"] is None and rows["0.31"]["non_nim_heap"] == 3
    # 0.52: tame by Conway's rule, yet heap 6 alone is P with G = 0 (the brute force agrees)
    assert rows["0.52"]["tame"] is True and rows["0.52"]["first_wild"] is None
    assert rows["0.52"]["non_nim_heap"] == least_non_nim_by_brute_force("0.52", 8, 1) == 6
    assert rows["0.75"]["size"] == 8 and rows["0.75"]["non_nim_confirmed"] is True
    assert all(r["checked_total"] == 14 for r in rows.values())
    assert doc["plambeck"]["non_nim"] == ["0.31"] and doc["plambeck"]["non_nim_agrees"]
    assert doc["summary"]["non_nim_but_tame"] == ["0.31", "0.52"]
    assert "| 0.07, 0.071, 0.072, 0.073 | to heap 11 | 12 | 3 | wild from 10: 10 + 2 is P ✓ |" \
        in md
    assert "gtables sweep --catalogue misere3" in md and "no disagreement" in md
    # 0.1 is a finite game; 0.31's Φ is periodic past the theorem's window by heap 11
    assert rows["0.31"]["certified_to"] == "all" and rows["0.31"]["period_certificate"]
    assert "**2 certified for all heaps**, **4 to heap 11**, **0 gave up**" in md
    # drawn again from the JSON alone: the same report
    (out / "misere_chart.md").unlink()
    CATALOGUES["misere3"].rewrite_report(str(out))
    assert (out / "misere_chart.md").read_text() == md
    # a second run resumes nothing (the checkpoint went with the report) and a checkpoint of
    # the same settings is taken as it is
    ck = out / chart.CHECKPOINT
    settings = CATALOGUES["misere3"].settings(heaps=11, budget=10.0, total=14, witness_total=14)
    ck.write_text(json.dumps({"settings": {k: v for k, v in settings.items() if k != "codes"}})
                  + "\n" + json.dumps(rows["0.1"]) + "\n")  # fmt: skip
    r = subprocess.run(CLI + ["sweep", "--catalogue", "misere3", "--heaps", "11", "--budget", "10",
                              "--check-total", "14", "--codes", "0.1", "--workers", "1", "--out",
                              str(out), "--store", str(store)],
                       capture_output=True, text=True, timeout=200, cwd=ROOT)  # fmt: skip
    assert r.returncode == 0 and "1 from the checkpoint, 0 to run" in r.stdout, r.stdout


@pytest.mark.parametrize(
    "args,message",
    [
        (["sweep", "--catalogue", "misere3", "octal:code=0.07,size=10"], "not both"),
        (["sweep", "--catalogue", "octal3", "--heaps", "10"], "misere3 only"),
        (["sweep", "--catalogue", "misere3", "--size", "10"], "not --size"),
        (["sweep", "--catalogue", "misere3", "--codes", "0.12345"], "not in the misère chart"),
        (["sweep", "--catalogue", "misere3", "--heaps", "0"], "--heaps must be"),
    ],
)
def test_misere_chart_refuses_bad_arguments_in_one_line(args, message, tmp_path):
    r = subprocess.run(CLI + args + ["--store", str(tmp_path / "s"), "--out", str(tmp_path)],
                       capture_output=True, text=True, timeout=120)  # fmt: skip
    assert r.returncode == 2 and message in r.stderr and "Traceback" not in r.stderr, r.stderr
    assert not (tmp_path / "misere_chart.json").exists()


# ----------------------------------------------------------------------------------------------
# the JSON of every order-2 quotient


def test_json_of_every_order_2_quotient():
    """``Quotient.as_dict`` is plain JSON for the quotients of order 2 (``T_1``: every heap
    acts as 0 or *1), whose tameness test once returned a numpy bool: every such quotient of the
    codes of up to two digits, 0 and 4."""
    seen = 0
    for d0 in "04":
        for length in (1, 2):
            for ds in itertools.product("01234567", repeat=length):
                if ds[-1] == "0":
                    continue
                try:
                    q = quotient(octal(f"{d0}.{''.join(ds)}"), 12, time_limit=20)
                except QuotientError as e:      # the heaps done are a quotient too
                    q = e.partial
                if q is None or q.size != 2:
                    continue
                seen += 1
                d = json.loads(json.dumps(q.as_dict()))
                assert d["tame"] is True and type(q.tame) is bool
                again = from_dict(d)
                assert again.size == 2 and again.tame is True
    assert seen >= 10


def test_quotient_json_from_the_cli_for_an_order_2_quotient(tmp_path):
    r = subprocess.run(CLI + ["quotient", "octal:code=0.3", "--heaps", "40", "--check-total", "20",
                              "--json", "--store", str(tmp_path / "s")],
                       capture_output=True, text=True, timeout=600)  # fmt: skip
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    d = json.loads(r.stdout)
    q = d.get("quotient", d)
    assert q["size"] == 2 and q["tame"] is True


def test_a_class_that_gives_up_carries_its_evidence():
    """0.76 stops at heap 12 (no recalibration within the limits, not the clock): the row keeps
    the engine's evidence, and the summary counts it as growing with a bound past |Q_11| = 34."""
    row = chart.run_class({"codes": ["0.76"], "heaps": 12, "budget": 300.0, "total": 14,
                           "witness_total": 14})  # fmt: skip
    assert row["status"] == "gave up" and row["gave_up_at"] == 12 and row["size"] == 34
    ev = row["evidence"]
    assert set(ev["growing"]) == {7, 12} and ev["lower_bound"] > 34 and "text" not in ev
    s = chart.summary([row])
    assert (s["gave_up"], s["gave_up_growing"], s["gave_up_bound_grows"]) == (1, 1, 1)
    assert "may be infinite" in row["reason"]
