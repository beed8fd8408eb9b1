"""Misère quotients travel in export files (``gtables export --quotient``, ``gtables import``) under
the rules tables follow (tests/test_provenance.py): an imported quotient is re-certified and
checked again by brute force, its description derived here, never copied, and it is sealed with
the receiving store's key; a forged one with valid checksums is refused."""

from __future__ import annotations

import json
import subprocess
import sys

import h5py
import numpy as np
import pytest

import gtables
from gtables import api, quotients
from gtables.misere.quotient import misere_sum_outcomes, options_from_game
from gtables.store import Store, relname
from gtables.store import tablefile as tf

QSPEC = "octal:code=0.75,size=24"
CLI = [sys.executable, "-m", "gtables.cli"]


@pytest.fixture(scope="module")
def sent(tmp_path_factory):
    """A store with the quotient of 0.75 to heap 24 (computed, checked, stored), its arrays and
    attributes as stored."""
    d = tmp_path_factory.mktemp("sender")
    store = str(d / "s")
    gtables.quotient("octal:code=0.75", heaps=24, store=store, check_total=16)
    values, attrs = Store(store).read_quotient(QSPEC)
    return store, np.asarray(values), attrs


def forged_export(path, spec, values, extra):
    """An export file holding one quotient, made with gtables' own functions: every checksum
    valid, whatever the arrays and the description say."""
    with h5py.File(path, "w") as f:
        f.attrs["schema"] = tf.EXPORT_SCHEMA
        f.attrs["schema_version"] = tf.FILE_VERSION
        attrs = {"spec": spec, "extra": extra, "complete": 1, "schema": tf.QUOTIENT_SCHEMA,
                 "schema_version": tf.FILE_VERSION}
        tf.export_image_add(f, relname(spec), values, attrs, area="quotients")


def test_export_and_import_carry_a_quotient(sent, tmp_path):
    store, values, _ = sent
    out = tmp_path / "x.h5"
    r = subprocess.run(CLI + ["export", "--quotient", QSPEC, "--to", str(out), "--store", store],
                       capture_output=True, text=True, timeout=120)  # fmt: skip
    assert r.returncode == 0 and "1 quotient(s)" in r.stdout, r.stderr
    r = subprocess.run(CLI + ["import", str(out), "--store", str(tmp_path / "b")],
                       capture_output=True, text=True, timeout=300)  # fmt: skip
    assert r.returncode == 0 and "quotients: 1 imported" in r.stdout, r.stdout + r.stderr
    q = quotients.load_quotient(QSPEC, store=str(tmp_path / "b"))
    got, attrs = Store(str(tmp_path / "b")).read_quotient(QSPEC)
    assert np.array_equal(np.asarray(got), values) and attrs["sealed"]
    assert q.size == 8 and q.certified_to == "all"
    # checked again here, against a brute force that knows nothing of quotients
    assert attrs["extra"]["checked_against"] == "brute force (on import)"
    truth, _ = misere_sum_outcomes(options_from_game(api.game("octal:code=0.75,size=24")), 24, 12)
    assert q.checked_total == quotients.IMPORT_CHECK_TOTAL and q.first_disagreement is None
    assert truth.size > 100
    # a second import finds it there
    again = quotients.import_quotients(str(out), store=str(tmp_path / "b"), echo=lambda m: None)
    assert again == {"imported": 0, "present": 1, "conflict": 0, "refused": 0}


def test_an_imported_quotient_describes_itself_afresh(sent, tmp_path):
    _, values, attrs = sent
    extra = dict(attrs["extra"], checked_total=999, checked_against="forged",
                 checked_positions=10**9, compute_seconds=1e9)
    forged_export(tmp_path / "x.h5", QSPEC, values, extra)
    c = quotients.import_quotients(str(tmp_path / "x.h5"), store=str(tmp_path / "b"),
                                   echo=lambda m: None)  # fmt: skip
    assert c["imported"] == 1
    _, mine = Store(str(tmp_path / "b")).read_quotient(QSPEC)
    x = mine["extra"]
    assert x["checked_total"] == quotients.IMPORT_CHECK_TOTAL and x["checked_against"] != "forged"
    assert x["checked_positions"] < 10**9 and x["compute_seconds"] == 0.0
    assert mine["sealed"]


@pytest.mark.parametrize("forgery", ["p_portion", "phi", "certificate"])
def test_a_forged_quotient_with_valid_checksums_is_refused(sent, tmp_path, forgery):
    _, values, attrs = sent
    extra = json.loads(json.dumps(attrs["extra"]))
    v = values.copy()
    n, k = extra["heaps"], extra["size"]
    if forgery == "p_portion":
        v[n + 1: n + 1 + k] = 1 - v[n + 1: n + 1 + k]          # P and N swapped
    elif forgery == "phi":
        v[n] = v[n - 1] if v[n] != v[n - 1] else v[n - 2]      # the last heap's element moved
    else:
        extra["period_certificate"] = dict(extra["period_certificate"],
                                           period=extra["period_certificate"]["period"] + 1)
    forged_export(tmp_path / "x.h5", QSPEC, v, extra)
    said = []
    c = quotients.import_quotients(str(tmp_path / "x.h5"), store=str(tmp_path / "b"),
                                   echo=said.append)  # fmt: skip
    assert c == {"imported": 0, "present": 0, "conflict": 0, "refused": 1}, said
    assert said and said[0].startswith("refused the quotient of")
    assert Store(str(tmp_path / "b")).read_quotient(QSPEC) is None


def test_export_of_a_quotient_not_stored_is_one_line(sent, tmp_path):
    store, _, _ = sent
    r = subprocess.run(CLI + ["export", "--quotient", "octal:code=0.07,size=10", "--to",
                              str(tmp_path / "y.h5"), "--store", store],
                       capture_output=True, text=True, timeout=120)  # fmt: skip
    assert r.returncode == 2 and "no quotient of octal:code=0.07,size=10" in r.stderr
    assert "Traceback" not in r.stderr and not (tmp_path / "y.h5").exists()
