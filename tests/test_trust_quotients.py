"""Misère quotients that gtables did not just compute are re-derived or refused, never believed
(issue 39, items 2 and 3): a received (imported) or unsealed (planted) quotient must be a
commutative monoid on its whole table (identity, commutativity, associativity) before the
pretending-function test means anything, since that test and every lookup evaluate a sum's heaps
in one order; and a periodicity certificate ("certified for every heap") comes from the rules the
game's family declares, never from the file: a user heap game declares none.

Truth comes from plain recursions on the games' rules (misère outcomes of sums), never from the
quotient under attack (a heap of a million in 0.75: the engine's own certified quotient, which
agrees with the recursion on the sums it is compared on); Light's associativity test in
:func:`gtables.misere.quotient.monoid_failure` is compared with the plain check of every triple."""
from __future__ import annotations

import functools
import itertools
import json
import os
import shutil
import subprocess
import sys

import h5py
import numpy as np
import pytest

import gtables
from gtables.engine.take_and_break import TakeAndBreak
from gtables.games.octal import heap_options
from gtables.misere import quotient as Q
from gtables.misere.period import window
from gtables.store import Store, relname
from gtables.store import tablefile as tf

CLI = [sys.executable, "-m", "gtables.cli"]
QSPEC = "octal:code=0.75,size=30"
MISERE20 = "octal:code=0.75,play=misere,total=20"


def cli(*args, timeout=600):
    return subprocess.run(CLI + [str(a) for a in args], capture_output=True, text=True,
                          timeout=timeout)


def one_line_refusal(r, rc=2):
    assert r.returncode == rc, r.stdout + r.stderr
    assert "Traceback" not in r.stderr
    return r


def plain_misere(options):
    """Misère outcome ("P"/"N") of a sum of heaps (a tuple, largest first) by memoised
    recursion on ``options(h)``: each option of heap ``h`` as the tuple of heaps it leaves."""
    @functools.cache
    def outcome(pos):
        moved = False
        for i, h in enumerate(pos):
            rest = pos[:i] + pos[i + 1:]
            for o in options(h):
                moved = True
                if outcome(tuple(sorted(rest + tuple(x for x in o if x), reverse=True))) == "P":
                    return "N"
        return "P" if moved else "N"
    return lambda heaps: outcome(tuple(sorted(heaps, reverse=True)))


truth_075 = plain_misere(lambda h: heap_options("0.75", h))


def forged_export(path, spec, values, extra):
    """An export file holding one quotient, written with gtables' own functions: every checksum
    valid (resealed), whatever the arrays and the description say."""
    with h5py.File(path, "w") as f:
        f.attrs["schema"] = tf.EXPORT_SCHEMA
        f.attrs["schema_version"] = tf.FILE_VERSION
        attrs = {"spec": spec, "extra": extra, "complete": 1, "schema": tf.QUOTIENT_SCHEMA,
                 "schema_version": tf.FILE_VERSION}
        tf.export_image_add(f, relname(spec), np.asarray(values, dtype=np.int32), attrs,
                            area="quotients")


def with_mult(values, n, k, changes):
    """The quotient arrays (Φ, P-portion, table) with table entries changed (both orders)."""
    v = np.array(values, dtype=np.int32)
    m = v[n + 1 + k:].reshape(k, k)
    for (x, y), z in changes.items():
        m[x, y] = m[y, x] = z
    v[n + 1 + k:] = m.ravel()
    return v


@pytest.fixture(scope="module")
def sent(tmp_path_factory):
    """A store holding the (true, certified) quotient of 0.75 to heap 30 and the exact table of
    sums of total <= 8; its arrays and description as stored."""
    d = tmp_path_factory.mktemp("sender")
    store = str(d / "s")
    q = gtables.quotient("octal:code=0.75", heaps=30, store=store, check_total=8)
    values, attrs = Store(store).read_quotient(QSPEC)
    assert q.size == 8 and q.certified_to == "all"
    # the sums the attacks use, by the true quotient and by plain recursion (total 22)
    for hs in ((1, 2, 9, 10), (1, 2, 3, 16)):
        assert q.outcome(hs) == truth_075(hs) == "P"
    return store, np.asarray(values), json.loads(json.dumps(attrs["extra"])), q


def test_an_imported_non_associative_quotient_is_refused(sent, tmp_path):
    """Item 2: ``mult[ab, ab^2] = 1`` (it is ``b``), checksums resealed; every sum of total <=
    20 still comes out right, so the brute force on import cannot see it, and the
    pretending-function test, which reads each sum in one order, passed it."""
    store, values, extra, q = sent
    n, k = extra["heaps"], extra["size"]
    ab, ab2 = q.names.index("ab"), q.names.index("ab^2")
    assert int(q.mult[ab, ab2]) == q.names.index("b")
    forged_export(tmp_path / "x.h5", QSPEC, with_mult(values, n, k, {(ab, ab2): 0}), extra)
    b = str(tmp_path / "b")
    r = cli("import", tmp_path / "x.h5", "--store", b)
    assert r.returncode == 1 and "quotients: 0 imported" in r.stdout, r.stdout + r.stderr
    assert "refused the quotient of octal:code=0.75,size=30" in r.stdout
    assert "not associative" in r.stdout
    assert Store(b).read_quotient(QSPEC) is None
    # the answers no longer depend on the order of the heaps typed, and are never wrong
    said = {}
    for pos, true in (("1+2+9+10", truth_075((1, 2, 9, 10))),
                      ("10+9+2+1", truth_075((1, 2, 9, 10))),
                      ("1+2+9+1000000", q.outcome([1, 2, 9, 1000000]))):
        r = cli("query", MISERE20, pos, "--json", "--store", b)
        assert r.returncode in (0, 2) and "Traceback" not in r.stderr, r.stderr
        said[pos] = (r.returncode, r.stdout)
        if r.returncode == 0:
            assert json.loads(r.stdout)["outcome"] == true, pos
    assert said["1+2+9+10"] == said["10+9+2+1"]


def test_a_sealed_non_associative_quotient_of_an_older_import_is_re_derived(sent, tmp_path):
    """Item 2, a store whose import (before monoid laws were checked) sealed the forged
    quotient: a lookup re-certifies it in full instead of trusting the seal, and ``check
    --deep`` reports it."""
    store, values, extra, q = sent
    n, k = extra["heaps"], extra["size"]
    ab, ab2 = q.names.index("ab"), q.names.index("ab^2")
    b = str(tmp_path / "b")
    old = dict(extra, imported={"recertified": True, "checked_total": 20})
    Store(b).write_quotient(QSPEC, with_mult(values, n, k, {(ab, ab2): 0}), old)
    assert Store(b).read_quotient(QSPEC)[1]["sealed"]
    for pos in ("1+2+9+10", "10+9+2+1", "1+2+9+1000000"):
        r = one_line_refusal(cli("query", MISERE20, pos, "--store", b))
        assert "not associative" in r.stderr, r.stderr
    r = cli("check", "--deep", "--store", b)
    assert r.returncode == 1 and "DAMAGED quotient" in r.stdout and "not associative" in \
        r.stdout, r.stdout + r.stderr


def test_a_planted_unsealed_non_associative_quotient_is_refused(sent, tmp_path):
    """Item 2, planted: ``mult[a, ab] = 1`` (it is ``b``) in a file sealed by another store,
    copied over the true one in ``quotients/``: no brute force runs on that path."""
    store, values, extra, q = sent
    n, k = extra["heaps"], extra["size"]
    a, ab = q.names.index("a"), q.names.index("ab")
    other = tmp_path / "other"
    Store(str(other)).write_quotient(QSPEC, with_mult(values, n, k, {(a, ab): 0}), extra)
    p = tmp_path / "p"
    shutil.copytree(store, p)
    rel = relname(QSPEC)
    os.replace(other / "quotients" / rel, p / "quotients" / rel)
    assert not Store(str(p)).read_quotient(QSPEC)[1]["sealed"]
    assert truth_075((1, 2, 3, 16)) == "P"
    r = one_line_refusal(cli("query", "octal:code=0.75,play=misere,total=8", "1+2+3+16",
                             "--store", p))
    assert "not associative" in r.stderr
    r = one_line_refusal(cli("quotient", "octal:code=0.75", "--heaps", 30, "--outcome",
                             "1,2,3,16", "-q", "--store", p))
    assert "not associative" in r.stderr
    r = cli("check", "--deep", "--store", p)
    assert r.returncode == 1 and "not associative" in r.stdout, r.stdout + r.stderr


# -- item 3: a user heap game's quotient with a forged periodicity certificate --------------------

LATE3_RULES = '''
import gtables


def late3(n, out):
    c = 0
    for s in (1, 2, 3):
        if s <= n and (s < 3 or n >= 40):      # take 1 or 2; take 3 only from heap 40 on
            out[2 * c] = n - s
            out[2 * c + 1] = 0
            c += 1
    return c


gtables.heap_game("late3", late3, max_options=3, replace=True)
'''
LATE3 = "late3:size=30"


def late3_options(h):
    return [(h - s,) for s in (1, 2, 3) if s <= h and (s < 3 or h >= 40)]


def late3_truth(h: int) -> str:
    """A single heap's misère outcome, by the plain recursion written as a loop (heap 0: N)."""
    out = ["N"]
    for n in range(1, h + 1):
        out.append("N" if any(out[o[0]] == "P" for o in late3_options(n)) else "P")
    return out[h]


@pytest.fixture(scope="module")
def late3(tmp_path_factory):
    """The rules file, and the true quotient of late3 to heap 30 (from the rules in plain
    Python) with a forged certificate: period 3 from heap 0 for the rules one = {1, 2}, which
    match the game on heaps 0..30 only."""
    d = tmp_path_factory.mktemp("late3")
    rules = d / "late3.py"
    rules.write_text(LATE3_RULES)
    q = Q.quotient(late3_options, 30)
    assert q.certified_to == 30
    assert plain_misere(late3_options)((41,)) == late3_truth(41) == "P"
    assert late3_truth(1_000_000) == "N"
    forged = TakeAndBreak(one=(1, 2), two=(), k=2)
    cert = {"preperiod": 0, "period": 3, "heaps": 30, "window": window(forged, 0, 3),
            "rules": forged.as_dict(), "theorem": "forged"}
    isp = np.zeros(q.size, dtype=np.int32)
    isp[list(q.p_portion)] = 1
    values = np.concatenate([q.phi, isp, q.mult.ravel()]).astype(np.int32)
    extra = {"layout": "phi,p_portion,mult", "game": LATE3, "heaps": 30, "size": q.size,
             "p_size": q.p_size, "tame_to": q.tame_to, "expansions": list(q.expansions),
             "certified_to": "all", "period_certificate": cert, "names": list(q.names)}
    return rules, values, extra


def late3_outcomes_are_never_wrong(r):
    assert "Traceback" not in r.stderr, r.stderr
    assert r.returncode in (0, 2), r.stdout + r.stderr
    for h in (41, 1_000_000):
        for line in r.stdout.splitlines():
            if line.startswith(f"sum {h}: "):
                assert line.endswith(f"misère outcome {late3_truth(h)}"), line


def test_an_imported_certificate_for_a_user_heap_game_is_refused(late3, tmp_path):
    rules, values, extra = late3
    forged_export(tmp_path / "x.h5", LATE3, values, extra)
    b = str(tmp_path / "b")
    r = cli("--rules", rules, "import", tmp_path / "x.h5", "--store", b)
    assert r.returncode == 1 and "refused the quotient of late3:size=30" in r.stdout, \
        r.stdout + r.stderr
    assert "does not cover this game" in r.stdout
    assert Store(b).read_quotient(LATE3) is None
    r = cli("--rules", rules, "quotient", "late3", "--heaps", 30, "--outcome", 41, "--outcome",
            1_000_000, "--check-total", 6, "-q", "--store", b)
    late3_outcomes_are_never_wrong(r)
    assert r.returncode == 2 and "no periodicity certificate" in r.stderr, r.stdout + r.stderr


def test_a_stored_certificate_for_a_user_heap_game_is_refused(late3, tmp_path):
    """The same forged quotient sealed in the store (an import from before the fix) or planted
    unsealed: read back, re-certified, and its certificate refused."""
    rules, values, extra = late3
    for sealed in (True, False):
        b = tmp_path / f"b{int(sealed)}"
        if sealed:
            Store(str(b)).write_quotient(
                LATE3, values, dict(extra, imported={"recertified": True, "checked_total": 20}))
        else:                      # written by a store whose key b does not have
            Store(str(tmp_path / "other")).write_quotient(LATE3, values, extra)
            shutil.copytree(tmp_path / "other", b)
            os.unlink(b / ".seal-key")
            assert not Store(str(b)).read_quotient(LATE3)[1]["sealed"]
        r = cli("--rules", rules, "quotient", "late3", "--heaps", 30, "--outcome", 41,
                "--outcome", 1_000_000, "-q", "--store", b)
        late3_outcomes_are_never_wrong(r)
        assert r.returncode == 2 and "does not cover this game" in r.stderr, r.stderr
        r = cli("--rules", rules, "check", "--deep", "--store", b)
        assert r.returncode == 1 and "does not cover this game" in r.stdout, r.stdout + r.stderr


# -- the monoid laws: Light's test against the plain check of every triple ------------------------


def plain_laws(mult) -> bool:
    k = len(mult)
    return all(mult[0][x] == x == mult[x][0] for x in range(k)) and \
        all(mult[x][y] == mult[y][x] for x in range(k) for y in range(k)) and \
        all(mult[mult[x][y]][z] == mult[x][mult[y][z]]
            for x, y, z in itertools.product(range(k), repeat=3))


def monoids():
    """Commutative monoids from their definitions: cyclic ``C(i, p)``, products of two, the
    tame quotients, and one engine quotient (0.75 to heap 12)."""
    def cyclic(i, p):
        n = i + p
        return [[a + b if a + b < n else i + (a + b - i) % p for b in range(n)] for a in range(n)]

    def product(m1, m2):
        k2 = len(m2)
        return [[m1[a // k2][b // k2] * k2 + m2[a % k2][b % k2] for b in range(len(m1) * k2)]
                for a in range(len(m1) * k2)]

    out = [cyclic(i, p) for i in range(3) for p in range(1, 4)]
    out += [product(cyclic(1, 2), cyclic(0, 3)), product(cyclic(2, 1), cyclic(1, 1))]
    out += [Q.tame_quotient(t)[0].tolist() for t in range(4)]
    out.append(Q.quotient(lambda h: heap_options("0.75", h), 12).mult.tolist())
    return out


def test_light_test_agrees_with_every_triple():
    rng = np.random.default_rng(39)
    cases = 0
    for m in monoids():
        k = len(m)
        phi = np.arange(k, dtype=np.int32)          # every element a heap's: all reached
        assert plain_laws(m) and Q.monoid_failure(np.array(m), phi) is None
        for _ in range(12 if k > 1 else 0):         # one product changed (both orders)
            f = [row[:] for row in m]
            x, y = (int(v) for v in rng.integers(1, k, 2))
            f[x][y] = f[y][x] = int(rng.integers(0, k))
            why = Q.monoid_failure(np.array(f), phi)
            assert (why is None) == plain_laws(f), (m, x, y)
            cases += 1
    assert cases > 100
    # a random commutative table with an identity: Light's test on a generating set of
    # heaps' elements only (the others reached as products) against every triple
    for _ in range(300):
        k = int(rng.integers(2, 6))
        m = np.zeros((k, k), dtype=np.int64)
        m[0], m[:, 0] = np.arange(k), np.arange(k)
        for x in range(1, k):
            for y in range(x, k):
                m[x, y] = m[y, x] = rng.integers(0, k)
        phi = np.concatenate([[0], rng.integers(0, k, 3)]).astype(np.int32)
        why = Q.monoid_failure(m, phi)
        if why is None:
            assert plain_laws(m.tolist())
        elif "no product" not in why:
            assert not plain_laws(m.tolist()), why


def test_the_element_of_a_sum_ignores_the_order_of_its_heaps(sent):
    """The element of a sum is a function of its multiset of heaps: on the true quotient, and
    even on a table that is not associative (refused on every path that reads one; here made
    by hand), so no order typed can change an answer."""
    import dataclasses
    *_, q = sent
    ab, ab2 = q.names.index("ab"), q.names.index("ab^2")
    m = np.array(q.mult)
    m[ab, ab2] = m[ab2, ab] = 0
    bad = dataclasses.replace(q, mult=m)
    hs = [1, 2, 9, 10, 5, 5, 1000000]
    for quo in (q, bad):
        first = quo.element(hs)
        for perm in itertools.permutations(hs):
            assert quo.element(list(perm)) == first, perm
        assert quo.element({10: 1, 9: 1, 5: 2, 2: 1, 1: 1, 1000000: 1}) == first
    assert bad.outcome([1, 2, 9, 10]) == bad.outcome([10, 9, 2, 1])
