"""Every claim's small-scale verdict, pinned: a change of any verdict (status, positions checked,
counterexamples shown) is a visible test failure, never a silent drift.

After a deliberate change (a new claim, a wider check), rewrite the file and review its diff:
``GTABLES_UPDATE_GOLDEN=1 pytest tests/test_golden.py``.
"""
import json
import os
import pathlib

from gtables.reproduce import table_provider
from gtables.verify.runner import run_claims

GOLDEN = pathlib.Path(__file__).parent / "golden" / "verdicts_small.json"


def _summary(verdicts):
    return {v.name: {"status": v.status, "checked": v.checked,
                     "counterexamples": len(v.counterexamples)} for v in verdicts}


def test_small_scale_verdicts_match_the_golden_file():
    verdicts, _ = run_claims(None, provider=table_provider(None, False), scale="small")
    got = _summary(verdicts)
    errors = {n: v.domain for v in verdicts if v.status == "ERROR" for n in [v.name]}
    assert not errors, errors
    if os.environ.get("GTABLES_UPDATE_GOLDEN"):
        GOLDEN.write_text(json.dumps(got, indent=1, sort_keys=True) + "\n")
    want = json.loads(GOLDEN.read_text())
    missing = sorted(set(want) - set(got))
    new = sorted(set(got) - set(want))
    changed = {n: (want[n], got[n]) for n in sorted(set(want) & set(got)) if want[n] != got[n]}
    assert not (missing or new or changed), (
        f"verdicts differ from {GOLDEN.name} (rewrite it with GTABLES_UPDATE_GOLDEN=1 if the change "
        f"is deliberate): missing {missing}, new {new}, changed {changed}")
