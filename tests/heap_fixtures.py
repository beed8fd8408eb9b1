"""Small fixtures shared by the heap-game tests (quotients, the misère chart, user games): two
options functions in the ``gtables.heap_game`` form, the sums of heaps in the engine's order, and
an isomorphism test for misère quotients."""
from __future__ import annotations

import itertools


# subtract a square: n -> n - k^2 (no docstring: a constant of the code, so part of the key that
# test_user_games pins)
def squares(n, out):
    c, k = 0, 1
    while k * k <= n:
        out[2 * c] = n - k * k
        out[2 * c + 1] = 0
        c += 1
        k += 1
    return c


# Lasker's Nim: remove any positive number of tokens, or split into two non-empty heaps
def lasker(n, out):
    c = 0
    for a in range(n):
        out[2 * c] = a
        out[2 * c + 1] = 0
        c += 1
    for a in range(1, n // 2 + 1):
        out[2 * c] = a
        out[2 * c + 1] = n - a
        c += 1
    return c


def sums(total, top):
    """Every multiset of heaps ``1..top`` with sum ``<= total``, as decreasing tuples, in the
    engine's index order (total, then lexicographic)."""
    def parts(t, mx):
        if t == 0:
            yield ()
            return
        for s in range(1, min(t, mx) + 1):
            for rest in parts(t - s, s):
                yield (s, *rest)
    for t in range(total + 1):
        yield from sorted(parts(t, top))


def isomorphic(q1, q2) -> bool:
    """Bipartite monoid isomorphism of two quotients: try every image of q1's generators, extend
    multiplicatively, keep a map that is a bijection, keeps the P-portion and the product."""
    if (q1.size, q1.p_size) != (q2.size, q2.p_size):
        return False
    gens = [x for _, _, x in q1.generators]
    p1, p2 = set(q1.p_portion), set(q2.p_portion)
    for images in itertools.product(range(q2.size), repeat=len(gens)):
        f = {q1.identity: q2.identity}
        frontier, ok = [q1.identity], True
        while frontier and ok:
            nxt = []
            for x in frontier:
                for g, y in zip(gens, images):
                    a, b = int(q1.mult[x, g]), int(q2.mult[f[x], y])
                    if a in f:
                        ok = ok and f[a] == b
                    else:
                        f[a] = b
                        nxt.append(a)
            frontier = nxt
        if (
            ok
            and len(set(f.values())) == q1.size
            and all((x in p1) == (f[x] in p2) for x in f)
            and all(f[int(q1.mult[x, y])] == int(q2.mult[f[x], f[y]]) for x in f for y in f)
        ):
            return True
    return False
