"""Misère quotients certified for every heap (:mod:`gtables.misere.period`): certificates
checked against brute force far past the heaps they were computed on, mutated certificates
refused, the theorem kept away from games outside its hypotheses, the certificate stored and
re-checked on load, and ``gtables query`` answering sums of huge heaps from it.

References: a memoised recursion over sums of heaps written here (:func:`plain_misere`), and the
repository's jitted brute force over every sum of a total (``misere_sum_outcomes``); neither knows
anything of quotients."""
from __future__ import annotations

import dataclasses
import functools
import json
import random

import numpy as np
import pytest

from gtables import api, quotients
from gtables.errors import GtablesError
from gtables.misere import period as mp
from gtables.misere import quotient as Q
from gtables.store import Store


def plain_misere(options_of):
    """Misère outcome (``"P"``/``"N"``) of a sum of heaps by memoised recursion on the sorted
    tuple of heaps: N when no move is left or some move reaches a P-position."""
    @functools.cache
    def outcome(pos: tuple[int, ...]) -> str:
        moved = False
        for i, h in enumerate(pos):
            if i and pos[i - 1] == h:
                continue                    # same heap size: same options
            rest = pos[:i] + pos[i + 1:]
            for o in options_of(h):
                moved = True
                nxt = tuple(sorted(rest + tuple(c for c in o if c), reverse=True))
                if outcome(nxt) == "P":
                    return "N"
        return "P" if moved else "N"
    return outcome


def _game(spec: str, n: int):
    g = api.game(f"{spec},size={n}")
    return g, Q.options_from_game(g)


def _certified(spec: str, n: int = 60):
    g, options_of = _game(spec, n)
    return Q.quotient(options_of, n, rules=g.take_and_break, until_certified=True), options_of


# games without splits: every sum of two big heaps and a small one solves fast by recursion
NO_SPLITS = [("octal:code=0.312", 9, 2), ("octal:code=0.123", 12, 5), ("octal:code=0.31", 6, 2),
             ("subtraction:set={2+3+7}", 12, 5), ("subtraction:set={1+3+4}", 11, 7)]


@pytest.mark.parametrize("spec,heaps,period", NO_SPLITS)
def test_certificate_against_recursion_far_past_it(spec, heaps, period):
    """Certified at ``heaps``; sums of total 80-200 with heaps up to 190 (up to 30 times the
    certified heaps) agree with the plain recursion."""
    q, _ = _certified(spec)
    assert q.heaps == heaps and q.certified_to == "all"
    assert q.period_certificate.period == period
    g, options_of = _game(spec, 200)
    ref = plain_misere(lambda h: [tuple(o) for o in options_of(h)])
    rng = random.Random(7)
    sums = [(190, 3), (120, 77, 1), (101, 99), (200,)]
    while len(sums) < 12:
        a = rng.randrange(60, 190)
        b = rng.randrange(max(heaps + 1, 80 - a), 196 - a)
        sums.append((a, b, rng.randrange(0, 5)))
    for s in sums:
        assert 80 <= sum(s) <= 200
        assert q.outcome(s) == ref(tuple(sorted((h for h in s if h), reverse=True))), s
    # heaps given as counts: 2 copies of each big heap of a pair cancel nothing in general, so
    # compare with the list form
    assert q.outcome({190: 2, 3: 1}) == ref((190, 190, 3))


@pytest.mark.parametrize("spec", ["octal:code=0.75", "octal:code=0.751", "octal:code=4.74"])
def test_certificate_of_a_splitting_game_against_brute_force(spec):
    """0.75 and two codes with the same quotient split heaps: certified at heap 21 or 22 (k = 2
    or 3), its Φ extended by the certificate to heap 50 agrees with the brute force on every one
    of the 1,295,971 sums of total <= 50 (heaps up to more than twice the computed ones)."""
    q, options_of = _certified(spec)
    assert q.certified_to == "all" and q.heaps == q.period_certificate.window <= 22
    assert q.size == 8
    top = 50
    phi = np.array([q.phi_of(h) for h in range(top + 1)], dtype=np.int32)
    wide = dataclasses.replace(q, phi=phi, heaps=top)
    out, first = Q.misere_sum_outcomes(options_of, top, top, quotient_=wide)
    assert first is None and out.size == 1_295_971


@pytest.mark.parametrize("code", ["0.71", "0.34", "0.241", "0.716"])
def test_certificate_agrees_with_the_engine_further_on(code):
    """Wild splitting games (36, 12, 36, 14 elements) certified at heaps 19-50: the engine run 25
    heaps further, without the theorem, finds the same monoid, the same P-portion and the Φ the
    certificate predicts; and the brute force agrees on every sum of total <= 40 with the
    certificate's Φ.  (The same comparison on all 180 of the 574 octal codes 0.d, 0.dd, 0.ddd,
    4.d, 4.dd that were certified within 1 s: all agree; results/misere_literature.md §10.)"""
    q, options_of = _certified(f"octal:code={code}", 60)
    c = q.period_certificate
    M = q.heaps + 25
    g, options_of = _game(f"octal:code={code}", M)
    q2 = Q.quotient(options_of, M)
    assert (q2.size, q2.p_portion) == (q.size, q.p_portion) and (q2.mult == q.mult).all()
    assert all(q2.phi[h] == q.phi_of(h) for h in range(M + 1))
    top = 40
    phi = np.array([q.phi_of(h) for h in range(top + 1)], dtype=np.int32)
    _, first = Q.misere_sum_outcomes(options_of, top, top,
                                     quotient_=dataclasses.replace(q, phi=phi, heaps=top))
    assert first is None and c.window == q.heaps


def test_certified_at_the_theorem_bound_not_before():
    """0.75: Φ has period 2 from heap 8 (k = 2, splits), so the theorem needs heaps 0..2*8 + 2*2
    + 2 - 1 = 21: the quotient of heaps 0..20 is not certified, that of 0..21 is."""
    g, options_of = _game("octal:code=0.75", 21)
    r = g.take_and_break
    assert (r.one, r.two, r.k) == ((1,), (1, 2), 2)
    q20 = Q.quotient(options_of, 20, rules=r)
    q21 = Q.quotient(options_of, 21, rules=r)
    assert q20.certified_to == 20 and q20.period_certificate is None
    assert q21.certified_to == "all"
    c = q21.period_certificate
    assert (c.preperiod, c.period, c.window) == (8, 2, 21)
    assert q20.phi_period is not None and q20.phi_period.period == 2   # observed, not enough


def test_queries_of_huge_heaps_answer_at_once():
    """Heap 10^12 + 7 is the heap of the period window it reduces to; a heap of the same residue
    in 100..110, solved by the recursion, has the same outcome in the same sum."""
    q, _ = _certified("octal:code=0.312")
    _, options_of = _game("octal:code=0.312", 120)
    ref = plain_misere(lambda h: [tuple(o) for o in options_of(h)])
    c = q.period_certificate
    big = 10 ** 12 + 7
    h = c.reduce(big)
    assert c.preperiod <= h <= q.heaps and (big - h) % c.period == 0
    near = next(m for m in range(100, 110) if (big - m) % c.period == 0)
    for rest in [(7, 7), (5,), (6, 3, 1), ()]:
        want = ref(tuple(sorted((near, *rest), reverse=True)))
        assert q.outcome([big, *rest]) == want
    # counts: {heap: how many}, any number of copies, at once
    assert q.outcome({big: 10 ** 9, 7: 2}) == q.outcome([h, h, 7, 7])      # b^2... period 2
    # x^c by counts agrees with repeated multiplication
    for x in range(q.size):
        for cnt in range(12):
            y = q.identity
            for _ in range(cnt):
                y = int(q.mult[y, x])
            assert q.power(x, cnt) == y


def test_not_applied_where_the_hypotheses_fail():
    # Nim: no finite code (no rules declared); its quotient grows with every power of 2
    g, options_of = _game("nim:heaps=1", 20)
    assert g.take_and_break is None
    q = Q.quotient(options_of, 20, rules=g.take_and_break, until_certified=True)
    assert q.heaps == 20 and q.certified_to == 20
    with pytest.raises(GtablesError, match="outside this quotient"):
        q.element([21])
    # Kayles to heap 60: Φ is not yet periodic over a long enough window
    g, options_of = _game("octal:code=0.77", 60)
    q = Q.quotient(options_of, 60, rules=g.take_and_break, until_certified=True)
    assert q.heaps == 60 and q.certified_to == 60
    # Dawson's Kayles: the quotient is still growing
    g, options_of = _game("octal:code=0.07", 18)
    q = Q.quotient(options_of, 18, rules=g.take_and_break)
    assert q.certified_to == 18 and q.sizes[18] > q.sizes[12]
    # codes the theorem does not cover: '!' (Grundy's game), hexadecimal, all-but
    for spec in ("octal:code=4!.0", "octal:code=0.F", "subtraction:allbut=1"):
        assert _game(spec, 10)[0].take_and_break is None


def test_declared_rules_must_be_the_games():
    g, options_of = _game("octal:code=0.77", 30)
    wrong = mp.TakeAndBreak(one=(1,), two=(1, 2), k=2)          # 0.75's rules
    with pytest.raises(mp.CertificateError, match="options of heap 3"):
        Q.quotient(options_of, 30, rules=wrong)


def test_mutated_certificates_are_refused():
    q, _ = _certified("octal:code=0.75")
    c = q.period_certificate
    phi = q.phi
    assert mp.check_certificate(c, phi) == c
    bad = [
        (dataclasses.replace(c, period=3, window=mp.window(c.rules, 8, 3)), "too short|not periodic"),
        (dataclasses.replace(c, period=4, window=mp.window(c.rules, 8, 4)), "too short"),
        (dataclasses.replace(c, preperiod=6, window=mp.window(c.rules, 6, 2)), "not periodic"),
        (dataclasses.replace(c, window=15), "not the theorem's bound"),
        (dataclasses.replace(c, heaps=30), "heaps 0..30"),
        (dataclasses.replace(c, rules=mp.TakeAndBreak(one=(1,), two=(), k=2)),
         "not the theorem's bound"),
    ]
    for cert, why in bad:
        with pytest.raises(mp.CertificateError, match=why):
            mp.check_certificate(cert, phi)
    # Φ changed at one heap past the pre-period: the period no longer holds
    phi2 = phi.copy()
    phi2[15] = phi[14]
    with pytest.raises(mp.CertificateError, match="not periodic"):
        mp.check_certificate(c, phi2)
    # the record's JSON: a mutated certificate is refused by from_dict, a sound one kept
    d = json.loads(json.dumps(q.as_dict()))
    assert d["certified_to"] == "all" and Q.from_dict(d).certified_to == "all"
    d["period_certificate"]["window"] = 12
    with pytest.raises(mp.CertificateError):
        Q.from_dict(d)


def _forge(store_path, spec, change):
    st = Store(store_path)
    values, attrs = st.read_quotient(spec)
    extra = dict(attrs["extra"])
    change(extra)
    st.write_quotient(spec, np.array(values), extra, force=True)


def test_stored_certificate_is_rechecked_on_load(store_path, cli):
    spec = "octal:code=0.312,size=12"
    q = quotients.quotient(spec, store=store_path, check_total=16)
    assert q.certified_to == "all"
    back = quotients.load_quotient(spec, store=store_path)
    assert back.certified_to == "all" and back.period_certificate == q.period_certificate
    r = cli("quotient", "octal:code=0.312", "--heaps", "12", "--json", "--outcome",
            "1000000,7,7", store=store_path)
    d = json.loads(r.stdout)
    assert d["certified_to"] == "all" and d["outcomes"]["1000000,7,7"] == q.outcome([1000000, 7, 7])
    assert "certified for every heap" in cli("list", store=store_path).stdout
    # a sum with a huge heap past a table's total, answered from the certificate; the recursion
    # solves the same sum with a heap of the same residue in 100..110 instead
    r = cli("query", "octal:code=0.312,play=misere,total=16", "100000+7+3", "--json",
            store=store_path)
    d = json.loads(r.stdout)
    assert d["certified_to"] == "all" and d["size"] == 12
    _, options_of = _game("octal:code=0.312", 120)
    ref = plain_misere(lambda n: [tuple(o) for o in options_of(n)])
    near = next(m for m in range(100, 110) if (100000 - m) % q.period_certificate.period == 0)
    assert d["outcome"] == ref((near, 7, 3))

    def period3(extra):
        extra["period_certificate"] = dict(extra["period_certificate"], period=3, window=13)

    def short(extra):
        extra["period_certificate"] = dict(extra["period_certificate"], window=8)

    def claims_all(extra):
        extra["period_certificate"] = None

    for change, why in [(period3, "not periodic|too short"), (short, "not the theorem's bound"),
                        (claims_all, "certified to a heap")]:
        _forge(store_path, spec, change)
        with pytest.raises(GtablesError, match=f"periodicity certificate does not hold|{why}"):
            quotients.load_quotient(spec, store=store_path)


# ----------------------------------------------------------------------------------------------
# published all-heaps solutions (results/misere_literature.md, section 10)


def test_075_order_8_for_every_heap():
    """0.75's quotient of order 8 (Plambeck-Siegel; Siegel, "The structure and classification of
    misère quotients", arXiv math/0703070, abstract: exactly one quotient of order 8, and |P| = 2
    with Q finite forces |Q| = 2^n + 2 or 2^n + 4): certified for every heap."""
    q, _ = _certified("octal:code=0.75")
    assert (q.size, q.p_size, q.certified_to) == (8, 2, "all")
    assert q.relations == ("a^2 = 1", "b^3 = b", "bc = ab", "c^2 = b^2")


def test_0312_as_plambecks_page_for_every_heap():
    """Plambeck's .312 page (SOLVED): except heap 4 the heaps pretend to be adders, period 2
    from heap 5 on (`:4 :5 :4 :5 ...`), and A + A = :0 (heap 4 twice is the identity)."""
    q, _ = _certified("octal:code=0.312")
    c = q.period_certificate
    assert (c.period, c.preperiod) == (2, 5) and q.certified_to == "all"
    assert q.element([4, 4]) == q.identity
    assert q.phi_of(10 ** 6 + 5) == q.phi_of(5) != q.phi_of(10 ** 6 + 6) == q.phi_of(6)


def test_every_short_quaternary_code_is_certified():
    """All 63 quaternary codes of 1-3 digits are certified for every heap by heap 12; tame
    (order 2 or 6) except .123 (20 elements) and .312 (12): the codes with wild quotients among
    Plambeck's woolly mammoths, now for every heap, not only to a bound."""
    codes = [f"0.{a}" for a in "123"] + [f"0.{a}{b}" for a in "0123" for b in "123"]
    codes += [f"0.{a}{b}{c}" for a in "0123" for b in "0123" for c in "123"]
    wild = {}
    for code in codes:
        g, options_of = _game(f"octal:code={code}", 20)
        q = Q.quotient(options_of, 20, rules=g.take_and_break, until_certified=True)
        assert q.certified_to == "all" and q.heaps <= 12, code
        if not q.tame:
            wild[code] = q.size
        else:
            assert q.size in (2, 6), code
    assert wild == {"0.123": 20, "0.312": 12}


def test_kayles_quotient_of_40_elements_for_every_heap():
    """Kayles (0.77): Φ has period 12 from heap 71 (the normal sequence's last exception is at
    70), so the theorem needs heaps 0..167; the quotient there has 40 elements, 9 in P, and
    holds for every heap."""
    q, _ = _certified("octal:code=0.77", 170)
    c = q.period_certificate
    assert (q.size, q.p_size, q.heaps) == (40, 9, 167)
    assert (c.preperiod, c.period, c.window) == (71, 12, 167)
