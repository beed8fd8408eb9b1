"""The 4-digit octal catalogue (``gtables sweep --catalogue octal4``): its twin rule checked on
every code by comparing actual sequences, a few games at a tiny size, its report, the 4-digit
literature table."""
from __future__ import annotations

import json

import numpy as np
import pytest

from gtables.api import compute_values
from gtables.games.octal import digits
from gtables.games.octal.literature import lookup4
from gtables.octal_catalogue import digits as oc
from gtables.sweep import SweepRow
from gtables.verify.octal_literature import compare_record

#: heaps 0..N-1 compared for the rule; the rule's proof needs only 0..4 (the test is the check)
N_RULE = 150


def _values(code: str, n: int = N_RULE) -> np.ndarray:
    return compute_values(f"octal:code={code},size={n - 1}")[0]


def test_codes_partition_the_catalogue():
    reps, twins = oc.octal4_codes()
    codes = oc.octal4_all_codes()
    assert len(codes) == 3584 and len(set(codes)) == 3584
    four = [c for c in reps if len(c) == 6]
    assert sorted(four + list(twins)) == sorted(codes)
    assert set(twins.values()) <= set(reps)
    assert len(reps) == 967 and len(twins) == 2790      # 173 representatives are shorter codes
    assert sum(len(c) < 6 for c in reps) == 173


def test_twins_satisfy_the_rules_hypotheses():
    _, twins = oc.octal4_codes()
    for code, rep in twins.items():
        a, b = oc.reduced_digits(code), oc.reduced_digits(rep)
        assert [d & 6 for d in a] == [d & 6 for d in b], (code, rep)
        assert oc.small_values(code, 5) == oc.small_values(rep, 5), (code, rep)


def test_the_split_rule_reduces_as_stated():
    assert oc.reduced_digits("0.42") == [4, 0, 0, 0]      # G(1) = 0: the split 1 + (n-2)
    assert oc.reduced_digits("0.4562") == [4, 5, 4, 0]   # G(2) = 0 clears d3's bit 2 and d4's
    assert oc.reduced_digits("0.1377") == [1, 3, 7, 7]   # G(1..3) != 0: nothing cleared
    assert digits("0.4562")[1:] == [4, 5, 6, 2]


def test_twin_rule_on_every_code_by_actual_sequences():
    """Every twin has its representative's values on heaps 0..N_RULE-1 (the rules are proved; a
    failure here would be a finding against them).  Representatives whose reduced digits have
    the same bits 2 and 4 differ on heaps 0..4 (other coincidences are not used)."""
    reps, twins = oc.octal4_codes()
    seq = {c: _values(c).tobytes() for c in reps}
    for code, rep in twins.items():
        assert _values(code).tobytes() == seq[rep], (code, rep)
    # two representatives with the same bits 2 and 4 differ somewhere on heaps 0..4
    by_bits: dict[tuple, list[str]] = {}
    for c in reps:
        by_bits.setdefault(tuple(d & 6 for d in oc.reduced_digits(c)), []).append(c)
    for group in by_bits.values():
        assert len({oc.small_values(c, 5) for c in group}) == len(group)


def test_small_values_match_the_kernel():
    for code in ("0.1377", "0.0177", "0.4543", "0.7777", "0.0001"):
        assert oc.small_values(code, 60) == tuple(int(v) for v in _values(code, 60))


@pytest.mark.parametrize("code,p,n0", [
    ("0.1377", 24, 141),   # OEIS A071434
    ("0.0177", 32, 188),   # OEIS A071452: values a(n-1) of .11377
])
def test_literature_periods_at_a_small_size(code, p, n0):
    rec = lookup4(code)
    assert (rec.period, rec.preperiod) == (p, n0)
    values, attrs = compute_values(f"octal:code={code},size=2000", until_periodic=True)
    x = attrs["extra"]
    assert (x["period"], x["preperiod"]) == (p, n0)
    assert compare_record(rec, x["period"], x["preperiod"], int(values.max()),
                          x["computed_to"]) == []


def test_compare_record_verdicts_on_table_1d():
    rec = lookup4("0.4541")
    assert rec.period == 60620715
    assert compare_record(rec, None, None, 9, 1 << 20) == []        # not reached
    assert compare_record(rec, 4, 10, 9, 100) == [
        "period: literature 60620715, here 4", "pre-period: literature n0 = 160949019, here 10"]
    assert lookup4("0.1234") is None


def _row(code, period, pre, mx, n):
    x = {"period": period, "preperiod": pre, "computed_to": n, "algorithm": "naive"}
    return SweepRow(spec=f"octal:code={code},size={n - 1}", status="computed", max_value=mx,
                    period=period, preperiod=pre, computed_to=n, extra=x)


def test_report_lists_twins_literature_and_missing(tmp_path):
    from gtables.store import Store
    store = Store(str(tmp_path / "t.h5"))
    rows = [_row("0.1377", 24, 141, 8, 400), _row("0.127", None, None, 40, 4000),
            _row("0.4544", None, None, 12, 4000)]
    run = {"command": "gtables sweep --catalogue octal4", "wall": "1 s"}
    paths = oc.OCTAL4.write_report(rows, store, str(tmp_path / "out"), run=run)
    md = (tmp_path / "out" / "octal_catalogue4.md").read_text()
    doc = json.loads((tmp_path / "out" / "octal_catalogue4.json").read_text())
    assert [p.rsplit("/", 1)[1] for p in paths] == [
        "octal_catalogue4.md", "octal_catalogue4.json", "octal_catalogue4_periods.png",
        "octal_catalogue4_histograms.png"]
    assert doc["codes"] == 3584 and doc["representatives"] == 967
    assert doc["classes_proved"] == 1 and doc["classes_open"] == 2
    g = {e["code"]: e for e in doc["games"]}
    assert g["0.1271"]["twin_of"] == "0.127" and g["0.1271"]["computed_to"] == 4000
    assert g["0.4562"]["twin_of"] == "0.454" and "proved" not in g["0.4562"]   # 0.454 not run
    assert "| 0.4544 | open at 4,000 |" in md
    assert "| 0.1377 | 24 / 141 / max 8 | period 24, n0 141, max 8 | agrees |" in md
    assert "0.1271 (twin of 0.127) | 4 / 46578 | open at 4,000 | not reached" in md
    assert "- command: gtables sweep --catalogue octal4" in md
    assert doc["disagreements"] == []
    oc.OCTAL4.rewrite_report(str(tmp_path / "out"), run={"wall": "2 s"})
    assert "- wall: 2 s" in (tmp_path / "out" / "octal_catalogue4.md").read_text()


def test_cli_offers_the_catalogue(capsys):
    from gtables import cli
    with pytest.raises(SystemExit):
        cli.main(["sweep", "--help"])
    assert "octal4" in capsys.readouterr().out
