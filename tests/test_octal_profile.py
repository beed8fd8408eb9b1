"""The verification profile of the sparse kernel (``octal_kernels.verification_profile``: rare-pair
lookups R, wanted values, verification pairs K in order and strided) against a plain-Python count
on a finished table, and the strided scan of ``sparse_range`` against the naive kernel."""
import numpy as np
import pytest

import gtables
from gtables.games.octal import digits
from gtables.games.octal import kernels as ok


def plain_profile(table, n, q0, unequal, rare, mask, pb, whole, take, stride):
    par = lambda v: bin(v & mask).count("1") & 1  # noqa: E731
    r = n - q0
    marked = {0} if n in whole else set()
    marked |= {int(table[n - k]) for k in take if k < n}
    R = 0
    for a in rare:
        if a >= r:
            break
        if unequal and 2 * a == r:
            continue
        R += 1
        marked.add(int(table[a]) ^ int(table[r - a]))
    q = pb & ((n - q0) & 1)
    want = set()
    v = 0
    while True:
        if v not in marked:
            if par(v) ^ q:
                break
            want.add(v)
        v += 1
    need = len(want)
    amax = (r - 1) // 2 if unequal else r // 2
    orders = {1: list(range(1, amax + 1)),
              stride: [a for o in range(stride) for a in range(1 + o, amax + 1, stride)]}
    ks = []
    for s in (1, stride):
        left, k = set(want), 0
        for a in orders[s]:
            if not left:
                break
            k += 1
            left.discard(int(table[a]) ^ int(table[r - a]))
        ks.append(k if need else 0)
    return R, need, ks[0], ks[1]


@pytest.mark.parametrize("code", ["0.6", "4!.0"])
def test_profile_matches_plain_count(code):
    N = 3000
    t = gtables.compute(f"octal:code={code},size={N - 1}", store=None, progress=False)
    table = np.array(t.values).astype(np.uint16)
    whole, take, split, unequal, _ = ok.move_arrays(digits(code))
    mask = int(ok.rare_count_by_mask(table, N, 7, True)[1:].argmin() + 1) >> 1 or 1
    pb = 0
    rare = np.zeros(N, dtype=np.int64)
    nr = ok.rare_heaps(table, N, mask, pb, rare)
    size = 2 << int(table.max()).bit_length()
    cls = np.array([bin(v & mask).count("1") & 1 for v in range(size)], dtype=np.int64)
    heaps = np.arange(N - 200, N, 7, dtype=np.int64)
    out = np.zeros((heaps.size, 4), dtype=np.int64)
    ok.verification_profile(whole, take, split, unequal, table, heaps, rare, nr, cls, pb, 4,
                            np.zeros(size, dtype=np.int64), np.zeros(size, dtype=np.int64), out)
    for i, n in enumerate(heaps):
        want = plain_profile(table, int(n), int(split[0]), int(unequal[0]), rare[:nr], mask, pb,
                             set(int(x) for x in whole), [int(x) for x in take], 4)
        assert tuple(out[i]) == want, (n, tuple(out[i]), want)


@pytest.mark.parametrize("code", ["0.6", "0.16", "4!.0", "0.376", "0.156"])
def test_strided_sparse_equals_naive(code):
    n = 6000
    a = gtables.compute(f"octal:code={code},size={n}", store=None, progress=False,
                        algorithm="sparse")
    b = gtables.compute(f"octal:code={code},size={n}", store=None, progress=False,
                        algorithm="naive")
    assert np.array_equal(np.asarray(a.values), np.asarray(b.values))
