"""A misère sum past a table's total, answered from a stored quotient this store sealed without
re-certifying it (``quotients._sealed_answer``: no numba), must say exactly what the full path
(load, re-certify, evaluate) says; a quotient the store did not seal takes the full path."""
from __future__ import annotations

import random
import subprocess
import sys

import pytest

from gtables import quotients
from gtables.store import Store


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    st = Store(tmp_path_factory.mktemp("q") / "store")
    quotients.quotient("octal:code=0.75", 24, store=st)     # certified for every heap at 21
    quotients.quotient("octal:code=0.07", 12, store=st)     # wild, certified to heap 12 only
    return st


def _full(spec, hs, st):
    q = quotients.covering_quotient(spec, max(hs, default=0), st)
    return q.outcome(hs), q.names[q.element(hs)], q.certified_to


@pytest.mark.parametrize("spec,top", [("octal:code=0.75", 10**9), ("octal:code=0.07", 12)])
def test_sealed_answer_equals_the_full_path(store, spec, top):
    rng = random.Random(7)
    sums = [[rng.choice([rng.randrange(0, 13), rng.randrange(0, top + 1)])
             for _ in range(rng.randrange(1, 7))] for _ in range(150)]
    sums += [[5] * 40 + [3] * 7, [12, 12], [0], [1] * 9]
    seen = set()
    for hs in sums:
        fast = quotients._sealed_answer(spec, hs, max(hs), store)
        assert fast is not None, hs
        assert (fast["outcome"], fast["element"], fast["certified_to"]) == _full(spec, hs, store)
        seen.add(fast["outcome"])
    assert seen == {"P", "N"}


def test_heaps_past_an_uncertified_quotient_are_not_answered_by_it(store):
    assert quotients._sealed_answer("octal:code=0.07", [13, 2], 13, store) is None


def test_a_quotient_the_store_did_not_seal_takes_the_full_path(store, monkeypatch):
    real = Store.read_quotient

    def unsealed(self, spec):
        values, attrs = real(self, spec)
        return values, dict(attrs, sealed=False)

    monkeypatch.setattr(Store, "read_quotient", unsealed)
    assert quotients._sealed_answer("octal:code=0.75", [7, 3], 7, store) is None
    d = quotients.misere_outcome("octal:code=0.75", [7, 3], store)
    assert (d["outcome"], d["element"]) == _full("octal:code=0.75", [7, 3], store)[:2]


def test_a_forged_certificate_is_not_believed_by_the_sealed_path(store, monkeypatch):
    real = Store.read_quotient

    def forged(self, spec):
        values, attrs = real(self, spec)
        extra = dict(attrs["extra"])
        if extra.get("period_certificate"):
            extra["period_certificate"] = dict(extra["period_certificate"], period=3)
        return values, dict(attrs, extra=extra)

    monkeypatch.setattr(Store, "read_quotient", forged)
    assert quotients._sealed_answer("octal:code=0.75", [10**6, 3], 10**6, store) is None


def test_a_misere_sum_past_the_total_loads_no_numba(store):
    code = ("import sys\nfrom gtables.cli import main\n"
            "rc = main(sys.argv[1:])\n"
            "print('numba' in sys.modules)\nsys.exit(rc)\n")
    spec = "octal:code=0.75,play=misere,total=12"
    r = subprocess.run([sys.executable, "-m", "gtables.cli", "compute", spec, "--store",
                        str(store.path)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    r = subprocess.run([sys.executable, "-c", code, "query", spec, "1000000+7+7+3", "--store",
                        str(store.path)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    out = r.stdout.splitlines()
    want = _full("octal:code=0.75", [1000000, 7, 7, 3], store)
    assert f"outcome {want[0]}" in out[0] and f"element {want[1]}" in out[0], out
    assert out[-1] == "False", out
