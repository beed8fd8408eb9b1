"""Misère quotients (:mod:`gtables.misere.quotient`): the quotient's answers against brute force on
every sum of heaps up to a total, for tame and wild games, with and without splits; the brute
force itself against a plain recursion and against the heap-sum tables (:mod:`.heapsums`); the
facts every quotient satisfies; Nim against Bouton's misère rule; literature values (Nim's ``2^k +
2``, the quotient of order 8, Dawson's Kayles to heap 30 of order 360)."""
from __future__ import annotations

import functools

import numpy as np
import pytest
from heap_fixtures import isomorphic, lasker, sums
from heap_fixtures import squares as subtract_a_square

import gtables
from gtables import games
from gtables.engine.compute import fill
from gtables.errors import GtablesError
from gtables.misere.quotient import (
    Quotient,
    QuotientError,
    check_table,
    from_dict,
    heap_options,
    is_tame,
    misere_sum_outcomes,
    options_from_game,
    quotient,
    tame_quotient,
)

# ----------------------------------------------------------------------------------------------
# games and a plain reference


def nim_options(h):
    """Nim: take any number from one heap (taking all leaves nothing)."""
    return [()] + [(m,) for m in range(1, h)]


def octal(code, size=40):
    return options_from_game(games.parse(f"octal:code={code},size={size}"))


def plain_outcome(options_of):
    """Misère outcome of a sum of heaps by memoised recursion over its options ("P"/"N")."""
    @functools.cache
    def outcome(pos):
        moved = False
        for i, h in enumerate(pos):
            if i and pos[i - 1] == h:
                continue
            rest = pos[:i] + pos[i + 1:]
            for o in options_of(h):
                moved = True
                if outcome(tuple(sorted(rest + tuple(c for c in o if c), reverse=True))) == "P":
                    return "N"
        return "P" if moved else "N"
    return outcome


def grundy_values(options_of, n):
    g = [0] * (n + 1)
    for h in range(1, n + 1):
        seen = {functools.reduce(lambda x, y: x ^ y, (g[c] for c in o), 0) for o in options_of(h)}
        v = 0
        while v in seen:
            v += 1
        g[h] = v
    return g


# ----------------------------------------------------------------------------------------------
# what every quotient satisfies


def word_element(q: Quotient, name: str) -> int:
    """The element a word in the generators names (``"ab^2c"``, ``"1"``)."""
    gens = {g[0]: g[2] for g in q.generators}
    x = q.identity
    i = 0
    while name != "1" and i < len(name):
        letter = name[i]
        i += 1
        e = 1
        if i < len(name) and name[i] == "^":
            j = i + 1
            while j < len(name) and name[j].isdigit():
                j += 1
            e = int(name[i + 1:j])
            i = j
        for _ in range(e):
            x = int(q.mult[x, gens[letter]])
    return x


def assert_quotient_facts(q: Quotient):
    k = q.size
    m = q.mult
    assert m.shape == (k, k) and q.identity == 0
    assert np.array_equal(m[0], np.arange(k)) and np.array_equal(m, m.T)      # identity, commutative
    for a in range(k):                                                        # associative
        assert np.array_equal(m[m[a]], m[a][m]), f"not associative at {a}"   # (ab)c = a(bc)
    assert 0 not in q.p_portion                  # the empty sum: no move, the mover wins
    assert k == 1 or k % 2 == 0, f"odd order {k}"                 # Plambeck-Siegel: even order
    isp = np.zeros(k, dtype=bool)
    isp[list(q.p_portion)] = True
    assert np.unique(isp[m], axis=0).shape[0] == k                # reduced: rows distinguish
    assert q.phi[0] == 0 and q.phi.shape == (q.heaps + 1,)
    assert q.sizes[-1] == k and q.p_sizes[-1] == len(q.p_portion)
    assert np.all(np.diff(q.sizes) >= 0)         # |Q_t| never shrinks as the bound grows
    # the presentation: names evaluate to their elements, relations hold, generators are rogues
    assert [word_element(q, q.names[x]) == x for x in range(k)] == [True] * k
    for rel in q.relations:
        left, right = rel.split(" = ")
        assert word_element(q, left) == word_element(q, right), rel
    assert tuple(h for _, h, _ in q.generators) == q.rogues
    assert q.last_rogue == (q.rogues[-1] if q.rogues else None)
    for _, h, x in q.generators:
        assert q.phi[h] == x
    assert q.tame == is_tame(q.mult, isp.astype(np.uint8))
    assert q.certified


# ----------------------------------------------------------------------------------------------
# the brute force


@pytest.mark.parametrize("code", ["0.07", "0.77", "4.7", "0.F", "0.53"])
def test_brute_force_equals_plain_recursion(code):
    opts = octal(code)
    out, first = misere_sum_outcomes(opts, 14, 16)
    ref = plain_outcome(opts)
    positions = list(sums(16, 14))
    assert out.size == len(positions) and first is None
    assert [("P", "N")[v] for v in out] == [ref(p) for p in positions]


@pytest.mark.parametrize("code", ["0.07", "0.77", "0.137", "4.7"])
def test_quotient_agrees_with_the_heap_sum_tables(code):
    """A third implementation: the engine's tables of misère outcomes of sums (heapsums)."""
    q = quotient(octal(code), 24)
    values, _ = fill(games.parse(f"octal:code={code},play=misere,total=26"), progress=False)
    q = check_table(q, values, 26)
    assert q.first_disagreement is None and q.checked_positions == len(list(sums(26, 24)))


# ----------------------------------------------------------------------------------------------
# quotients against brute force


GAMES = {
    # octal, tame and wild, with and without splits
    "0.07": (octal("0.07"), 22),       # Dawson's Kayles: splits, wild from heap 10
    "0.77": (octal("0.77"), 22),       # Kayles
    "0.137": (octal("0.137"), 20),     # Dawson's Chess
    "0.75": (octal("0.75"), 20),       # the quotient of order 8
    "0.53": (octal("0.53"), 20),       # (a regression: the empty sum dominated the identity)
    "0.36": (octal("0.36"), 16),       # 304 elements by heap 20
    "4.7": (octal("4.7"), 16),         # splits without removing (d0 = 4)
    "0.4": (octal("0.4"), 20),         # splits only
    "0.B7": (octal("0.B7"), 16),       # hexadecimal: splits into three heaps
    "4!.0": (octal("4!.0"), 16),       # Grundy's game
    "subtraction 1-3": (options_from_game(games.parse("subtraction:set=1-3,size=30")), 20),
    "subtraction 2,5": (options_from_game(games.parse("subtraction:set={2,5},size=30")), 20),
    "allbut 2,3": (options_from_game(games.parse("subtraction:allbut=2+3,size=30")), 18),
    "nim": (nim_options, 15),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_quotient_agrees_with_brute_force(name):
    opts, n = GAMES[name]
    q = quotient(opts, n, check_total=26)
    assert q.first_disagreement is None, q.describe()
    assert q.checked_total == 26 and q.checked_positions == len(list(sums(26, n)))
    assert_quotient_facts(q)
    ref = plain_outcome(opts)
    for pos in [(n,), (n, 2), (n, 3, 1), (n - 4, 6, 2)]:      # a plain recursion, too
        assert q.outcome(pos) == ref(tuple(sorted(pos, reverse=True)))


@pytest.mark.parametrize("name,fn,bound", [
    ("qsquares", subtract_a_square, lambda size: int(size ** 0.5) + 1),
    ("qlasker", lasker, lambda size: size + size // 2)])
def test_user_heap_game(name, fn, bound):
    before = set(games.families())
    gtables.heap_game(name, fn, max_options=bound, replace=True)
    try:
        opts = options_from_game(games.parse(f"{name}:size=30"))
        q = quotient(opts, 18, check_total=24)
        assert q.first_disagreement is None
        assert_quotient_facts(q)
    finally:
        if name not in before:
            games._families.pop(name, None)


# ----------------------------------------------------------------------------------------------
# Nim and tameness


@pytest.mark.parametrize("k", [1, 2, 3, 4, 5])
def test_nim_below_2k_has_order_2k_plus_2(k):
    q = quotient(nim_options, 2 ** k - 1)
    assert q.size == (2 if k == 1 else 2 ** k + 2)      # T_1 = <a | a^2 = 1> has 2
    assert q.p_size == (1 if k == 1 else 2)
    assert q.tame and q.tame_to == q.heaps
    assert q.rogues == tuple(2 ** i for i in range(k))
    assert_quotient_facts(q)
    if k >= 2:
        assert q.relations[:2] == ("a^2 = 1", "b^3 = b")


def bouton(pos):
    """Bouton's misère Nim: P exactly when every heap is 1 and there are an odd number of them,
    or some heap is at least 2 and the nim-sum is 0."""
    pos = [h for h in pos if h]
    if all(h == 1 for h in pos):
        return "P" if len(pos) % 2 else "N"
    return "P" if functools.reduce(lambda x, y: x ^ y, pos, 0) == 0 else "N"


def test_nim_follows_boutons_misere_rule():
    q = quotient(nim_options, 15)
    for pos in sums(34, 15):
        assert q.outcome(pos) == bouton(pos), pos


@pytest.mark.parametrize("k", [0, 1, 2, 3, 4, 5])
def test_tame_quotients_are_tame(k):
    mult, isp = tame_quotient(k)
    assert is_tame(mult, isp)
    assert mult.shape[0] == (1 if k == 0 else 2 if k == 1 else 2 ** k + 2)
    assert not is_tame(mult, 1 - isp)                  # the wrong P-portion


def test_tame_games_follow_the_misere_nim_rule():
    """For a tame quotient, with big(h) = Φ(h) in the group G (``Φ(h) e = Φ(h)``, ``e`` the
    idempotent of the P-portion): a sum is P exactly when it has no big heap and nim-sum 1, or a
    big heap and nim-sum 0 (normal-play Grundy values)."""
    cases = [(nim_options, 15), (GAMES["subtraction 1-3"][0], 20),
             (GAMES["allbut 2,3"][0], 18), (octal("0.07"), 9), (octal("0.77"), 4)]
    for opts, n in cases:
        q = quotient(opts, n)
        assert q.tame
        g = grundy_values(opts, n)
        e = [x for x in q.p_portion if q.mult[x, x] == x][0]
        big = [bool(q.mult[q.phi[h], e] == q.phi[h]) for h in range(n + 1)]
        for pos in sums(24, n):
            nimsum = functools.reduce(lambda x, y: x ^ y, (g[h] for h in pos), 0)
            rule = "P" if (nimsum == 0 if any(big[h] for h in pos) else nimsum == 1) else "N"
            assert q.outcome(pos) == rule, (n, pos)


def test_tameness_ends_where_the_literature_says():
    assert quotient(octal("0.07"), 12).tame_to == 9     # Dawson's Kayles: first wild heap 10
    assert quotient(octal("0.77"), 12).tame_to == 4     # Kayles: heap 5 has genus 4^146


# ----------------------------------------------------------------------------------------------
# literature


def test_the_quotient_of_order_8():
    """0.75 has the quotient R_8 = <a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2> (Plambeck and
    Siegel); 0.72 and 0.15 reach the same one, and no quotient computed here of order 8 differs."""
    q = quotient(octal("0.75"), 30, check_total=30)
    assert (q.size, q.p_size) == (8, 2) and q.first_disagreement is None
    assert q.relations == ("a^2 = 1", "b^3 = b", "bc = ab", "c^2 = b^2")
    assert not q.tame
    for code, n in [("0.72", 14), ("0.15", 14), ("0.57", 14)]:
        other = quotient(octal(code), n)
        assert other.size == 8 and isomorphic(q, other)
    assert not isomorphic(q, quotient(octal("0.56"), 10))           # order 10: not the same


def test_dawsons_kayles_to_heap_30_has_order_360():
    """Siegel: the quotient of 0.07 up to heap 30 has 360 elements."""
    q = quotient(octal("0.07"), 30, check_total=30)
    assert (q.size, q.p_size) == (360, 65)
    assert q.first_disagreement is None
    assert q.expansions == (2, 4, 10, 14, 25, 27, 30)
    assert [int(q.sizes[t]) for t in (9, 10, 14, 25, 27, 30)] == [6, 12, 24, 144, 176, 360]


def test_kayles_quotient_to_heap_80():
    """Kayles (0.77): 40 elements, |P| = 9, unchanged from heap 27 on (found here; checked on all
    123 million sums of total <= 80 in the report, on total <= 40 in this test)."""
    q = quotient(octal("0.77", 80), 80, check_total=40)
    assert (q.size, q.p_size, q.expansions) == (40, 9, (1, 2, 5, 9, 12, 25, 27))
    assert q.first_disagreement is None
    assert_quotient_facts(q)


# ----------------------------------------------------------------------------------------------
# interfaces and errors


def test_record_round_trip_and_queries():
    q = quotient(octal("0.07"), 20, check_total=20)
    r = from_dict(q.as_dict())
    assert np.array_equal(r.mult, q.mult) and np.array_equal(r.phi, q.phi)
    assert (r.relations, r.p_portion, r.checked_total) == (q.relations, q.p_portion, 20)
    assert q.outcome([]) == "N" and q.outcome([2]) == "P" and q.outcome([1, 1, 1]) == "N"
    assert q.element([0, 0]) == 0
    with pytest.raises(GtablesError, match="outside this quotient"):
        q.outcome([21])
    text = q.describe()
    assert "|Q| = 24" in text and "agrees" in text
    assert "<table>" in q._repr_html_()
    with pytest.raises(AttributeError):
        q.size = 3                                           # frozen
    assert not q.mult.flags.writeable


def test_options_from_game():
    opts = octal("0.07", 12)
    assert opts(0) == [] and opts(1) == [] and opts(2) == [()]
    assert sorted(tuple(sorted(o)) for o in opts(5)) == [(1, 2), (3,)]
    with pytest.raises(QuotientError, match="past the game's table"):
        opts(13)
    with pytest.raises(QuotientError, match="needs an impartial heap game"):
        options_from_game(games.parse("octal:code=0.77,total=10"))


def test_bad_options_are_refused():
    with pytest.raises(QuotientError, match="not smaller"):
        quotient(lambda h: [(h,)], 3)
    with pytest.raises(QuotientError, match="not a tuple"):
        heap_options(lambda h: [("x",)], 2)


def test_limits_give_the_certified_part():
    with pytest.raises(QuotientError) as info:
        quotient(octal("0.07"), 30, max_size=100)
    e = info.value
    assert e.heap == 25 and e.partial is not None
    assert (e.partial.heaps, e.partial.size) == (24, 24)
    assert_quotient_facts(e.partial)


def test_trial_too_big_once_reduced_is_refused_before_its_table():
    """0.3F's trials at heap 12 reduce to over 20,000 elements; their multiplication tables
    (2.5 GB each) once drove the process out of memory.  Now a trial that reduces past max_size
    is dropped before its table is made, and the engine stops with the heap it reached."""
    import resource
    with pytest.raises(QuotientError, match="heap 12") as e:
        quotient(octal("0.3F", 20), 20, max_size=512)
    assert e.value.partial is not None and e.value.partial.heaps == 11
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss < 3 * 1024 * 1024   # KiB: < 3 GiB


def test_transition_state_search_stops_at_the_memory_guard(monkeypatch):
    """With almost no memory available the test's state search stops with a one-line
    not-enough-memory error carrying the certified part, never a quotient it did not finish."""
    from gtables.errors import NotEnoughMemory
    from gtables.misere import quotient as qmod
    monkeypatch.setattr(qmod, "available_memory", lambda: 3_000)
    with pytest.raises(NotEnoughMemory) as info:
        quotient(octal("0.07"), 12)
    e = info.value
    assert isinstance(e, QuotientError) and "\n" not in str(e) and "available" in str(e)
    assert e.partial is not None and e.partial.heaps == e.heap - 1
    assert_quotient_facts(e.partial)
