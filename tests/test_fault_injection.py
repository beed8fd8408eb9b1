"""The fast part of the fault-injection suite: ``scripts/fault_injection.py --quick`` on tiny
tables, every attack but the Dask kills (a cluster takes half a minute to start).  Each attack
must find nothing the store promises never happens: no table that reads as complete but wrong,
no finished table lost, no traceback, segfault or hang, no file outside the store changed, and
no other anomaly (an exit 2 without its one error line, a check that misses damage).  The full
run (``python scripts/fault_injection.py``) writes results/reliability.md."""
import importlib.util
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("fault_injection",
                                               ROOT / "scripts" / "fault_injection.py")
fi = importlib.util.module_from_spec(_spec)
sys.modules["fault_injection"] = fi
_spec.loader.exec_module(fi)


@pytest.fixture(scope="module")
def ctx(tmp_path_factory):
    c = fi.Ctx(str(tmp_path_factory.mktemp("fault-injection")), quick=True, echo=lambda m: None)
    c.setup()
    yield c
    c.close()


@pytest.mark.parametrize("attack", fi.QUICK)
def test_attack_finds_nothing(ctx, attack):
    rec = fi.run_attack(ctx, attack)
    assert rec.injections > 0
    assert {c: getattr(rec, c) for c in fi.COUNTERS} == dict.fromkeys(fi.COUNTERS, 0), \
        rec.anomalies
    assert rec.anomalies == []


def test_report_has_every_count(ctx):
    rec = fi.Rec("flips", "what it does", injections=3)
    md = fi.report([rec], ["--quick"], 1.0, quick=True)
    assert "fault_injection.py --quick" in md and "| flips | what it does | 3 |" in md
    assert "Totals over 1 attacks and 3 injections: 0 complete but wrong" in md
