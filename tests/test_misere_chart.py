"""The misère Nim rule of tame games and its least breaking sum (:mod:`gtables.engine.misere_tame`),
checked against brute force; the misère chart's code list and its same-game classes
(``scripts/misere_chart.py``); the chart script run for real in its ``--quick`` mode."""

from __future__ import annotations

import importlib.util
import itertools
import json
import pathlib
import subprocess
import sys

import pytest
from heap_fixtures import sums

from gtables.engine.misere_tame import (
    WildWitness,
    brute_force_outcome,
    confirm,
    grundy_values,
    tame_outcome,
    wild_witness,
)
from gtables.engine.quotient import misere_sum_outcomes, quotient
from gtables.errors import GtablesError
from gtables.games.octal import heap_options, parse_code
from gtables.octal_catalogue.digits import small_values

ROOT = pathlib.Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "misere_chart.py"


def _load_script():
    spec = importlib.util.spec_from_file_location("misere_chart", SCRIPT)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


chart = _load_script()


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


def test_checkpoint_resumes_only_the_same_settings(tmp_path):
    p = tmp_path / "c.jsonl"
    settings = {"heaps": 5, "budget": 1.0}
    p.write_text(
        json.dumps({"settings": settings})
        + "\n"
        + json.dumps({"representative": "0.1", "x": 1})
        + "\n"
        + '{"representative": "0.2", "cut'
    )
    assert set(chart.load_checkpoint(p, settings)) == {"0.1"}
    assert chart.load_checkpoint(p, {"heaps": 6, "budget": 1.0}) == {}
    assert chart.load_checkpoint(tmp_path / "none.jsonl", settings) == {}


# ----------------------------------------------------------------------------------------------
# the script


def test_quick_chart(tmp_path):
    out = tmp_path / "chart"
    r = subprocess.run(
        [sys.executable, str(SCRIPT), "--quick", "--heaps", "11", "--budget", "10", "--total",
         "14", "--witness-total", "20", "--workers", "1", "--out", str(out)],
        capture_output=True, text=True, timeout=300, cwd=ROOT,
    )  # fmt: skip
    assert r.returncode == 0, r.stdout + r.stderr
    assert "[  10/10]" in r.stdout
    doc = json.loads((out / "misere_chart.json").read_text())
    md = (out / "misere_chart.md").read_text()
    assert (out / "figures" / "misere_chart.png").stat().st_size > 10_000
    assert not (out / "misere_chart.checkpoint.jsonl").exists()
    rows = {r["representative"]: r for r in doc["rows"]}
    assert len(rows) == 10 and doc["summary"]["disagreements"] == []
    assert rows["0.07"]["codes"] == ["0.07", "0.071", "0.072", "0.073"]
    assert rows["0.07"]["first_wild"] == 10 and rows["0.07"]["witness"]["heaps"] == [10, 2]
    assert rows["0.07"]["witness_confirmed"] is True
    assert rows["0.75"]["size"] == 8 and rows["0.52"]["tame"] is True
    assert all(r["checked_total"] == 14 for r in rows.values())
    assert "| 0.07, 0.071, 0.072, 0.073 | 11 | 9 | 10: 10 + 2 is P ✓ |" in md
    assert "python scripts/misere_chart.py --quick" in md and "no disagreement" in md
    # redrawn from the JSON alone: the same report
    (out / "misere_chart.md").unlink()
    r = subprocess.run(
        [sys.executable, str(SCRIPT), "--rerender", "--out", str(out)],
        capture_output=True, text=True, timeout=120, cwd=ROOT,
    )  # fmt: skip
    assert r.returncode == 0, r.stdout + r.stderr
    assert (out / "misere_chart.md").read_text() == md
    h = subprocess.run([sys.executable, str(SCRIPT), "--help"], capture_output=True, text=True)
    assert h.returncode == 0 and "--budget" in h.stdout
