"""Kernels of the game pool: canonical forms, sums, negatives and ``<=`` of short partizan games,
each game an id in a pool held in numpy arrays (driven by :mod:`.pool`).

**The pool** is a tuple ``P = (nodes, opts, table, numtab, lememo, addmemo, state, rawmemo,
rawkeys)`` of int64 arrays (:data:`POOL_TYPE`), so that kernels of other modules (a bottom-up
fill of a game's table) can pass it on and call :func:`canonical`, :func:`add`, :func:`neg` and
:func:`le` from their own njit code (one thread at a time: nothing here locks):

* ``nodes[g]``: one row per id with the fields named below: where its options start in ``opts``
  (Left ones, then Right ones, each ascending), how many, its birthday, whether it is a number and
  which (``VNUM / 2**VEXP``), its Left and Right stops (dyadic, the same form), the id of its
  negative (``-1`` until asked), the hash of its options;
* ``table``: open addressing (linear probing, size a power of two, at most half full), the id
  of every canonical form keyed on its options: an id per canonical form, so two games are
  equal iff their ids are;
* ``numtab``: the same for numbers, keyed on their value;
* ``lememo`` / ``addmemo``: lossy memos of ``<=`` and of sums (a slot is overwritten by the
  next pair that hashes to it), right whatever they hold;
* ``rawmemo`` / ``rawkeys``: a lossy memo of :func:`canonical` on option lists that are not in
  canonical form (positions of a table repeat them: 2,684 distinct lists among the 65,536
  regions of the 4x4 Domineering board), each key kept whole in ``rawkeys`` and compared
  before use; when ``rawkeys`` is full the memo starts again empty;
* ``state``: the ids, option slots and raw-key slots in use.

Every game is stored in canonical form, and an id is only ever appended: its options have
smaller ids, so the pool is in topological order and can be re-derived entry by entry
(:func:`rederive`).  Numbers are nodes like every game (``n = {n-1|}``,
``m/2^k = {(m-1)/2^k | (m+1)/2^k}``) and are kept within ``|x| < MAX_INT``, denominators up
to ``2**MAX_EXP``, so that dyadic arithmetic on int64 never overflows.

**Status.**  A kernel that makes games returns an id (``>= 0``) or a status below zero:
:data:`POOL_FULL` (an array is full: the caller grows the pool and calls again; everything made
before stays valid, nothing is half written) or :data:`OUT_OF_RANGE` (a number beyond the pool's
range).  Comparisons make nothing and always answer.

Canonical form (Siegel, *Combinatorial Game Theory*, Thm. II.2.9): the options are canonical
already (they are ids); dominated options are removed and reversible ones bypassed until nothing
changes.  A Left option ``x`` is reversible when some ``x^R <= G``, where ``G`` is the game being
built (not in the pool: :func:`le_mixed` compares an id with it).  Shortcuts, each a theorem:
options all numbers with every Left one below every Right one give the simplest number between
(the simplicity theorem); ``x <= G`` for a number ``x`` and a non-number ``G`` iff no
``G^R <= x`` (number avoidance), and dually; ``a <= b`` needs ``L(a) <= L(b)`` and
``R(a) <= R(b)``, and follows from ``L(a) < R(b)`` (stops are monotone; Siegel II.1);
``x + G = {x + G^L | x + G^R}`` for a number ``x`` and a non-number ``G`` (number translation).
"""
from __future__ import annotations

import numba as nb
import numpy as np
from numba import types

from ..config import JIT
from ..engine.jit import lazy_njit

# the fields of a node (one row of ``nodes``)
OFF, NL, NR, BIRTH, ISNUM, VNUM, VEXP, LSN, LSE, RSN, RSE, NEG, HASH = range(13)
NFIELDS = 13

# the fields of ``state``
S_IDS, S_OPTS, S_RAW = 0, 1, 2       # ids, option slots and raw-key slots in use
NSTATE = 3

EMPTY = -1          # an empty slot of ``table``/``numtab``/the memos; a negative not yet known
POOL_FULL = -2      # an array of the pool is full: grow it and call again
OUT_OF_RANGE = -3   # a number with |x| > MAX_INT or a denominator above 2**MAX_EXP
STATUS = {POOL_FULL: "the pool is full (grow it and call again)",
          OUT_OF_RANGE: "a number beyond the pool's range"}

MAX_EXP = 30              # denominators up to 2**30
MAX_INT = 1 << 20         # |x| <= 2**20 (an integer n is a chain of |n| nodes)
MAX_IDS = 1 << 30         # ids fit 30 bits (the memos pack two of them in one int64)

# what :func:`rederive` returns: -1, or ``i * REDERIVE_BASE + code`` for the first entry i that
# is not right (or that found the pool full)
REDERIVE_BAD, REDERIVE_FULL = 0, 1
REDERIVE_BASE = 4

_I64 = types.int64
_VEC = types.int64[::1]
POOL_TYPE = types.Tuple((types.int64[:, ::1], _VEC, _VEC, _VEC, _VEC, _VEC, _VEC, _VEC, _VEC))
RAW_SLOT = 4        # a slot of ``rawmemo``: hash, id, where its key starts in ``rawkeys``, nl

_M32 = 0xFFFFFFFF
_MULT = 0x5BD1E995            # below 2**31: (32 bits) * _MULT < 2**63
_SEED = 0x243F6A88


# -- dyadic rationals (n, e) = n / 2**e, normalised: e == 0 or n odd ----------------------------

@nb.njit(**JIT)
def dy_norm(n, e):
    while e > 0 and (n & 1) == 0:
        n >>= 1
        e -= 1
    return n, e


@nb.njit(**JIT)
def dy_cmp(an, ae, bn, be):
    """-1, 0 or 1 as ``an/2**ae`` is below, at or above ``bn/2**be`` (no overflow in range)."""
    if ae >= be:
        bn = bn << (ae - be)
    else:
        an = an << (be - ae)
    if an < bn:
        return -1
    return 1 if an > bn else 0


@nb.njit(**JIT)
def dy_add(an, ae, bn, be):
    if ae >= be:
        return dy_norm(an + (bn << (ae - be)), ae)
    return dy_norm((an << (be - ae)) + bn, be)


@nb.njit(**JIT)
def in_range(n, e):
    """|n / 2**e| < MAX_INT (give or take the fraction) and e <= MAX_EXP: then every shift
    and sum of dyadic arithmetic here stays below 2**52."""
    return e <= MAX_EXP and -MAX_INT < (n >> e) and (n >> e) < MAX_INT


@nb.njit(**JIT)
def simplest(has_lo, lon, loe, has_hi, hin, hie):
    """The simplest number strictly between ``lo`` and ``hi`` (either may be absent; lo < hi):
    the integer of least absolute value if there is one, else the dyadic of least denominator."""
    if not has_lo and not has_hi:
        return 0, 0
    if not has_lo:
        if dy_cmp(hin, hie, 0, 0) > 0:
            return 0, 0
        return -((-hin) >> hie) - 1, 0                 # ceil(hi) - 1
    if not has_hi:
        if dy_cmp(lon, loe, 0, 0) < 0:
            return 0, 0
        return (lon >> loe) + 1, 0                      # floor(lo) + 1
    if dy_cmp(lon, loe, 0, 0) < 0 and dy_cmp(hin, hie, 0, 0) > 0:
        return 0, 0
    if dy_cmp(lon, loe, 0, 0) >= 0:
        n = (lon >> loe) + 1
        if dy_cmp(n, 0, hin, hie) < 0:
            return n, 0
    else:
        n = -((-hin) >> hie) - 1
        if dy_cmp(n, 0, lon, loe) > 0:
            return n, 0
    e = 1
    while True:
        # the least multiple of 2**-e above lo; the first e at which it is below hi wins
        m = (lon << (e - loe)) + 1 if e >= loe else (lon >> (loe - e)) + 1
        if dy_cmp(m, e, hin, hie) < 0:
            return dy_norm(m, e)
        e += 1


# -- hashing and lookup --------------------------------------------------------------------------

@nb.njit(**JIT)
def _mix(h, x):
    """Mix the 32-bit chunks of ``x`` into the 32-bit hash ``h``: int64 arithmetic that never
    overflows (the same values compiled or under NUMBA_DISABLE_JIT)."""
    for chunk in (x & _M32, (x >> 32) & _M32):
        h = ((h ^ chunk) * _MULT) & _M32
        h ^= h >> 15
    return h


@nb.njit(**JIT)
def options_hash(L, nl, R, nr):
    h = _mix(_SEED, nl)
    for i in range(nl):
        h = _mix(h, L[i])
    h = _mix(h, nr + 1000003)
    for i in range(nr):
        h = _mix(h, R[i])
    return h


@nb.njit(**JIT)
def pair_hash(a, b):
    return _mix(_mix(_SEED, a), b)


@nb.njit(**JIT)
def same_options(nodes, opts, g, L, nl, R, nr):
    if nodes[g, NL] != nl or nodes[g, NR] != nr:
        return False
    off = nodes[g, OFF]
    for i in range(nl):
        if opts[off + i] != L[i]:
            return False
    for i in range(nr):
        if opts[off + nl + i] != R[i]:
            return False
    return True


@nb.njit(**JIT)
def find(P, L, nl, R, nr, h):
    """``(slot, id)`` of the game with exactly these (sorted) options, or ``(slot, EMPTY)``:
    the empty slot where it goes."""
    nodes, opts, table = P[0], P[1], P[2]
    mask = table.size - 1
    i = h & mask
    while True:
        g = table[i]
        if g == EMPTY:
            return i, EMPTY
        if nodes[g, HASH] == h and same_options(nodes, opts, g, L, nl, R, nr):
            return i, g
        i = (i + 1) & mask


@nb.njit(**JIT)
def find_number(P, n, e):
    nodes, numtab = P[0], P[3]
    mask = numtab.size - 1
    i = pair_hash(n, e) & mask
    while True:
        g = numtab[i]
        if g == EMPTY:
            return i, EMPTY
        if nodes[g, VNUM] == n and nodes[g, VEXP] == e:
            return i, g
        i = (i + 1) & mask


@nb.njit(**JIT)
def insert(P, L, nl, R, nr):
    """The id of ``{L | R}``, which must be in canonical form (options sorted, distinct):
    found, or appended with its birthday, number value and stops.  POOL_FULL writes nothing."""
    nodes, opts, table, numtab, state = P[0], P[1], P[2], P[3], P[6]
    h = options_hash(L, nl, R, nr)
    slot, g = find(P, L, nl, R, nr, h)
    if g >= 0:
        return g
    n = state[S_IDS]
    k = state[S_OPTS]
    if (n >= nodes.shape[0] or k + nl + nr > opts.size or 2 * (n + 1) > table.size
            or 2 * (n + 1) > numtab.size):
        return POOL_FULL
    isnum = True
    birth = 0
    has_lo, lon, loe, has_hi, hin, hie = False, 0, 0, False, 0, 0
    for i in range(nl):
        x = L[i]
        birth = max(birth, nodes[x, BIRTH] + 1)
        if nodes[x, ISNUM] == 0:
            isnum = False
        elif not has_lo or dy_cmp(nodes[x, VNUM], nodes[x, VEXP], lon, loe) > 0:
            has_lo, lon, loe = True, nodes[x, VNUM], nodes[x, VEXP]
    for i in range(nr):
        x = R[i]
        birth = max(birth, nodes[x, BIRTH] + 1)
        if nodes[x, ISNUM] == 0:
            isnum = False
        elif not has_hi or dy_cmp(nodes[x, VNUM], nodes[x, VEXP], hin, hie) < 0:
            has_hi, hin, hie = True, nodes[x, VNUM], nodes[x, VEXP]
    if isnum and has_lo and has_hi and dy_cmp(lon, loe, hin, hie) >= 0:
        isnum = False
    vn, ve = 0, 0
    if isnum:
        vn, ve = simplest(has_lo, lon, loe, has_hi, hin, hie)
        if not in_range(vn, ve):
            return OUT_OF_RANGE
        lsn, lse, rsn, rse = vn, ve, vn, ve
    else:
        # a canonical non-number has options on both sides
        lsn, lse = nodes[L[0], RSN], nodes[L[0], RSE]
        for i in range(1, nl):
            x = L[i]
            if dy_cmp(nodes[x, RSN], nodes[x, RSE], lsn, lse) > 0:
                lsn, lse = nodes[x, RSN], nodes[x, RSE]
        rsn, rse = nodes[R[0], LSN], nodes[R[0], LSE]
        for i in range(1, nr):
            x = R[i]
            if dy_cmp(nodes[x, LSN], nodes[x, LSE], rsn, rse) < 0:
                rsn, rse = nodes[x, LSN], nodes[x, LSE]
    for i in range(nl):
        opts[k + i] = L[i]
    for i in range(nr):
        opts[k + nl + i] = R[i]
    row = nodes[n]
    row[OFF], row[NL], row[NR], row[BIRTH] = k, nl, nr, birth
    row[ISNUM], row[VNUM], row[VEXP] = (1 if isnum else 0), vn, ve
    row[LSN], row[LSE], row[RSN], row[RSE] = lsn, lse, rsn, rse
    row[NEG], row[HASH] = EMPTY, h
    table[slot] = n
    if isnum:
        s, _ = find_number(P, vn, ve)
        numtab[s] = n
    state[S_IDS] = n + 1
    state[S_OPTS] = k + nl + nr
    return n


# -- numbers ----------------------------------------------------------------------------------

@nb.njit(**JIT)
def number_id(P, n, e):
    """The id of the number ``n / 2**e`` (normalised), made with its options if new."""
    if not in_range(n, e):
        return OUT_OF_RANGE
    _, g = find_number(P, n, e)
    if g >= 0:
        return g
    none = np.empty(0, np.int64)
    one = np.empty(1, np.int64)
    if e > 0:
        an, ae = dy_norm(n - 1, e)
        a = number_id(P, an, ae)
        if a < 0:
            return a
        bn, be = dy_norm(n + 1, e)
        b = number_id(P, bn, be)
        if b < 0:
            return b
        two = np.empty(1, np.int64)
        one[0] = a
        two[0] = b
        return insert(P, one, one.size, two, two.size)
    if n == 0:
        return insert(P, none, none.size, none, none.size)
    step = 1 if n > 0 else -1
    k = n - step                  # the integer chain down to the nearest integer made (0 is)
    while find_number(P, k, 0)[1] < 0:
        k -= step
    prev = find_number(P, k, 0)[1]
    while k != n:
        k += step
        one[0] = prev
        if step > 0:
            prev = insert(P, one, one.size, none, none.size)
        else:
            prev = insert(P, none, none.size, one, one.size)
        if prev < 0:
            return prev
    return prev


# -- comparison ---------------------------------------------------------------------------------

@nb.njit(**JIT)
def le(P, a, b):
    """``a <= b`` for ids ``a``, ``b`` (memoised, lossily)."""
    if a == b:
        return True
    nodes, opts, memo = P[0], P[1], P[4]
    an = nodes[a, ISNUM] != 0
    bn = nodes[b, ISNUM] != 0
    if an and bn:
        return dy_cmp(nodes[a, VNUM], nodes[a, VEXP], nodes[b, VNUM], nodes[b, VEXP]) <= 0
    if (dy_cmp(nodes[a, LSN], nodes[a, LSE], nodes[b, LSN], nodes[b, LSE]) > 0
            or dy_cmp(nodes[a, RSN], nodes[a, RSE], nodes[b, RSN], nodes[b, RSE]) > 0):
        return False
    if dy_cmp(nodes[a, LSN], nodes[a, LSE], nodes[b, RSN], nodes[b, RSE]) < 0:
        return True
    key = (a << 31) | b
    slot = pair_hash(a, b) & (memo.size - 1)
    e = memo[slot]
    if e >= 0 and (e >> 1) == key:
        return (e & 1) == 1
    res = True
    if not an:                     # no a^L >= b (skipped for a number a: number avoidance)
        off = nodes[a, OFF]
        for i in range(nodes[a, NL]):
            if le(P, b, opts[off + i]):
                res = False
                break
    if res and not bn:             # no b^R <= a (skipped for a number b)
        off = nodes[b, OFF] + nodes[b, NL]
        for i in range(nodes[b, NR]):
            if le(P, opts[off + i], a):
                res = False
                break
    memo[slot] = (key << 1) | (1 if res else 0)
    return res


@nb.njit(**JIT)
def le_mixed(P, x, L, nl, R, nr, x_below):
    """``x <= G`` (``x_below``) or ``G <= x``, for an id ``x`` and ``G = {L | R}`` given by
    its options (ids), which need not be in the pool."""
    nodes, opts = P[0], P[1]
    # callers pass a run-time bool, never a literal: a literal types a second version of this
    # function, and a call between two versions of a recursive function is not restored from
    # numba's cache (a crash on the next run; numba issues #6061, #6713)
    flip = not x_below
    if x_below:
        for i in range(nr):
            if le(P, R[i], x):
                return False
        off = nodes[x, OFF]
        for i in range(nodes[x, NL]):
            if le_mixed(P, opts[off + i], L, nl, R, nr, flip):
                return False
        return True
    for i in range(nl):
        if le(P, x, L[i]):
            return False
    off = nodes[x, OFF] + nodes[x, NL]
    for i in range(nodes[x, NR]):
        if le_mixed(P, opts[off + i], L, nl, R, nr, flip):
            return False
    return True


# -- canonical form -----------------------------------------------------------------------------

@nb.njit(**JIT)
def sorted_unique(A, n):
    """``A[:n]`` ascending without repeats, in a new array (insertion sort: a game has few
    options, and it compiles in a fraction of np.sort's time)."""
    B = np.empty(n, np.int64)
    m = 0
    for i in range(n):
        x = A[i]
        j = m
        while j > 0 and B[j - 1] > x:
            j -= 1
        if j > 0 and B[j - 1] == x:
            continue
        for k in range(m, j, -1):
            B[k] = B[k - 1]
        B[j] = x
        m += 1
    return _head(B, m)


@nb.njit(**JIT)
def _head(A, m):
    """The first ``m`` entries of ``A`` as a new array (a loop: slice assignment compiles
    its error messages, seconds of compile time)."""
    out = np.empty(m, np.int64)
    for i in range(m):
        out[i] = A[i]
    return out


@nb.njit(**JIT)
def undominated(P, A, left):
    """``A`` without its dominated options (Left: ``x <= y``; Right: ``x >= y``), in order."""
    n = A.size
    keep = np.ones(n, np.bool_)
    m = n
    for i in range(n):
        for j in range(n):
            if i != j and keep[j] and (le(P, A[i], A[j]) if left else le(P, A[j], A[i])):
                keep[i] = False
                m -= 1
                break
    if m == n:
        return A
    out = np.empty(m, np.int64)
    k = 0
    for i in range(n):
        if keep[i]:
            out[k] = A[i]
            k += 1
    return out


@nb.njit(**JIT)
def bypass(P, L, R, left):
    """The options of one side with every reversible one bypassed: ``(options, changed)``.
    A Left ``x`` with some ``x^R <= G`` becomes the Left options of that ``x^R``; a Right ``y``
    with some ``y^L >= G`` the Right options of that ``y^L``."""
    nodes, opts = P[0], P[1]
    A = L if left else R
    out = np.empty(max(8, 2 * A.size), np.int64)
    m = 0
    changed = False
    for i in range(A.size):
        x = A[i]
        rev = -1
        if left:
            off, cnt = nodes[x, OFF] + nodes[x, NL], nodes[x, NR]
        else:
            off, cnt = nodes[x, OFF], nodes[x, NL]
        for j in range(cnt):
            if le_mixed(P, opts[off + j], L, L.size, R, R.size, left):
                rev = opts[off + j]
                break
        if rev < 0:
            add_off, add_cnt = 0, 0
            need = 1
        else:
            changed = True
            if left:
                add_off, add_cnt = nodes[rev, OFF], nodes[rev, NL]
            else:
                add_off, add_cnt = nodes[rev, OFF] + nodes[rev, NL], nodes[rev, NR]
            need = add_cnt
        if m + need > out.size:
            bigger = np.empty(2 * (m + need), np.int64)
            for j in range(m):
                bigger[j] = out[j]
            out = bigger
        if rev < 0:
            out[m] = x
            m += 1
        else:
            for j in range(add_cnt):
                out[m] = opts[add_off + j]
                m += 1
    return _head(out, m), changed


@nb.njit(**JIT)
def canonical(P, Lin, nl, Rin, nr):
    """The id of the canonical form of ``{Lin[:nl] | Rin[:nr]}`` (options: ids in any order,
    repeats allowed), or a status below zero."""
    L = sorted_unique(Lin, nl)
    R = sorted_unique(Rin, nr)
    h = options_hash(L, L.size, R, R.size)
    g = find(P, L, L.size, R, R.size, h)[1]
    if g >= 0:
        return g
    g = raw_lookup(P, L, R, h)
    if g >= 0:
        return g
    g = canonical_new(P, L, R)
    if g >= 0:
        raw_store(P, L, R, h, g)
    return g


@nb.njit(**JIT)
def raw_lookup(P, L, R, h):
    """The id memoised for the option lists ``L``, ``R`` (hash ``h``), or EMPTY.  A key is
    kept in ``rawkeys`` as its length, then ``L``, then ``R``; the slot holds ``h``, the id,
    where the key starts, and ``L.size``."""
    memo, keys = P[7], P[8]
    i = RAW_SLOT * (h & (memo.size // RAW_SLOT - 1))
    off, n = memo[i + 2], L.size + R.size
    if memo[i] != h or memo[i + 3] != L.size or off < 0 or off + 1 + n > keys.size \
            or keys[off] != n:
        return EMPTY
    for j in range(L.size):
        if keys[off + 1 + j] != L[j]:
            return EMPTY
    for j in range(R.size):
        if keys[off + 1 + L.size + j] != R[j]:
            return EMPTY
    return memo[i + 1]


@nb.njit(**JIT)
def raw_store(P, L, R, h, g):
    """Memoise id ``g`` for the option lists ``L``, ``R`` (hash ``h``)."""
    memo, keys, state = P[7], P[8], P[6]
    need = L.size + R.size + 1
    if need > keys.size:
        return
    if state[S_RAW] + need > keys.size:          # full: start again, every slot emptied
        for j in range(0, memo.size, RAW_SLOT):
            memo[j] = EMPTY
        state[S_RAW] = 0
    off = state[S_RAW]
    keys[off] = L.size + R.size
    for j in range(L.size):
        keys[off + 1 + j] = L[j]
    for j in range(R.size):
        keys[off + 1 + L.size + j] = R[j]
    state[S_RAW] = off + need
    i = RAW_SLOT * (h & (memo.size // RAW_SLOT - 1))
    memo[i], memo[i + 1], memo[i + 2], memo[i + 3] = h, g, off, L.size


@nb.njit(**JIT)
def canonical_new(P, L, R):
    """The canonical form of ``{L | R}`` (sorted, distinct, not a node of the pool)."""
    nodes = P[0]
    allnum = True
    has_lo, lon, loe, has_hi, hin, hie = False, 0, 0, False, 0, 0
    for i in range(L.size):
        x = L[i]
        if nodes[x, ISNUM] == 0:
            allnum = False
            break
        if not has_lo or dy_cmp(nodes[x, VNUM], nodes[x, VEXP], lon, loe) > 0:
            has_lo, lon, loe = True, nodes[x, VNUM], nodes[x, VEXP]
    for i in range(R.size):
        x = R[i]
        if not allnum or nodes[x, ISNUM] == 0:
            allnum = False
            break
        if not has_hi or dy_cmp(nodes[x, VNUM], nodes[x, VEXP], hin, hie) < 0:
            has_hi, hin, hie = True, nodes[x, VNUM], nodes[x, VEXP]
    if allnum and not (has_lo and has_hi and dy_cmp(lon, loe, hin, hie) >= 0):
        vn, ve = simplest(has_lo, lon, loe, has_hi, hin, hie)
        return number_id(P, vn, ve)
    # run-time bools, not literals: each literal would compile a version of its own
    yes = L.size >= 0
    no = not yes
    while True:
        L = undominated(P, L, yes)
        R = undominated(P, R, no)
        L2, changed_l = bypass(P, L, R, yes)
        R2, changed_r = bypass(P, L2, R, no)
        if not changed_l and not changed_r:
            break
        L = sorted_unique(L2, L2.size)
        R = sorted_unique(R2, R2.size)
    return insert(P, L, L.size, R, R.size)


# -- sums and negatives -------------------------------------------------------------------------

@nb.njit(**JIT)
def neg(P, a):
    """The id of ``-a`` (``{-a^R | -a^L}``, canonical when ``a`` is), or a status."""
    nodes, opts = P[0], P[1]
    g = nodes[a, NEG]
    if g >= 0:
        return g
    if nodes[a, ISNUM]:            # no recursion down an integer's chain
        g = number_id(P, -nodes[a, VNUM], nodes[a, VEXP])
        if g >= 0:
            nodes[a, NEG] = g
            nodes[g, NEG] = a
        return g
    off, nl, nr = nodes[a, OFF], nodes[a, NL], nodes[a, NR]
    L = np.empty(nr, np.int64)
    R = np.empty(nl, np.int64)
    for i in range(nr):
        x = neg(P, opts[off + nl + i])
        if x < 0:
            return x
        L[i] = x
    for i in range(nl):
        x = neg(P, opts[off + i])
        if x < 0:
            return x
        R[i] = x
    L = sorted_unique(L, nr)
    R = sorted_unique(R, nl)
    g = insert(P, L, L.size, R, R.size)
    if g >= 0:
        nodes[a, NEG] = g
        nodes[g, NEG] = a
    return g


@nb.njit(**JIT)
def add(P, a, b):
    """The id of ``a + b``, or a status (memoised, lossily)."""
    if a == 0:
        return b
    if b == 0:
        return a
    if a > b:
        a, b = b, a
    nodes, opts, memo = P[0], P[1], P[5]
    key = (a << 31) | b
    slot = pair_hash(a, b) & (memo.size // 2 - 1)
    if memo[2 * slot] == key:
        return memo[2 * slot + 1]
    an = nodes[a, ISNUM] != 0
    bn = nodes[b, ISNUM] != 0
    if an and bn:
        vn, ve = dy_add(nodes[a, VNUM], nodes[a, VEXP], nodes[b, VNUM], nodes[b, VEXP])
        res = number_id(P, vn, ve)
    else:
        if an or bn:               # number translation: x + G = {x + G^L | x + G^R}
            x, y = (a, b) if an else (b, a)
            xl, xr = 0, 0
        else:
            x, y = a, b
            xl, xr = nodes[a, NL], nodes[a, NR]
        yl, yr = nodes[y, NL], nodes[y, NR]
        L = np.empty(xl + yl, np.int64)
        R = np.empty(xr + yr, np.int64)
        xo, yo = nodes[x, OFF], nodes[y, OFF]
        for i in range(xl):
            r = add(P, opts[xo + i], y)
            if r < 0:
                return r
            L[i] = r
        for i in range(yl):
            r = add(P, x, opts[yo + i])
            if r < 0:
                return r
            L[xl + i] = r
        for i in range(xr):
            r = add(P, opts[xo + nodes[x, NL] + i], y)
            if r < 0:
                return r
            R[i] = r
        for i in range(yr):
            r = add(P, x, opts[yo + yl + i])
            if r < 0:
                return r
            R[xr + i] = r
        res = canonical(P, L, L.size, R, R.size)
    if res >= 0:
        memo[2 * slot] = key
        memo[2 * slot + 1] = res
    return res


# -- the entry point from Python -------------------------------------------------------------

# ``pool_op``'s operations: one typed entry point for all of them, so that numba compiles (and
# caches) the kernels' call graph once, not once per entry point (measured: 23 s then 9 s
# compile of a cold cache)
OP_CANONICAL, OP_ADD, OP_NEG, OP_LE, OP_NUMBER, OP_REHASH, OP_REDERIVE = range(7)


@lazy_njit(_I64(POOL_TYPE, _I64, _I64, _I64, _VEC, _VEC, _VEC), **JIT)
def pool_op(P, op, a, b, X, Y, Z):
    """One operation on the pool ``P``:

    * OP_CANONICAL: the id of ``{X | Y}`` (:func:`canonical`);
    * OP_ADD, OP_NEG: ``a + b``, ``-a``;
    * OP_LE: 1 if ``a <= b`` else 0;
    * OP_NUMBER: the id of ``a / 2**b`` (any a, b >= 0);
    * OP_REHASH: refill ``table`` and ``numtab`` (empty, of new sizes) from ``nodes``;
    * OP_REDERIVE: :func:`rederive` of the entries ``a..`` given by counts ``X`` (Left), ``Y``
      (Right) and options ``Z``.
    """
    if op == OP_CANONICAL:
        return canonical(P, X, X.size, Y, Y.size)
    if op == OP_ADD:
        return add(P, a, b)
    if op == OP_NEG:
        return neg(P, a)
    if op == OP_LE:
        return 1 if le(P, a, b) else 0
    if op == OP_NUMBER:
        n, e = dy_norm(a, b)
        return number_id(P, n, e)
    if op == OP_REHASH:
        return rehash(P)
    return rederive(P, X, Y, Z, a)


@nb.njit(**JIT)
def rehash(P):
    """Refill ``table`` and ``numtab`` (empty, of the new sizes) from ``nodes``: after growth."""
    nodes, table, numtab, state = P[0], P[2], P[3], P[6]
    table[:] = EMPTY
    numtab[:] = EMPTY
    for g in range(state[S_IDS]):
        i = nodes[g, HASH] & (table.size - 1)
        while table[i] != EMPTY:
            i = (i + 1) & (table.size - 1)
        table[i] = g
        if nodes[g, ISNUM]:
            s, _ = find_number(P, nodes[g, VNUM], nodes[g, VEXP])
            numtab[s] = g
    return state[S_IDS]


@nb.njit(**JIT)
def rederive(P, nleft, nright, options, start):
    """Re-derive received pool entries ``start..`` into ``P`` (a pool holding exactly the ids
    below ``start``, derived from the same entries): entry ``i`` must have options with ids below
    ``i``, each side ascending without repeats, be in canonical form, and come out as id ``i``
    (new: no two entries are the same game, and no entry needs a game the pool does not hold).
    Returns -1, or ``i * REDERIVE_BASE + code`` (REDERIVE_BAD at a wrong entry, REDERIVE_FULL
    when the pool is full: grow it and call again from ``i``)."""
    n = nleft.size
    off = 0
    for i in range(start):
        off += nleft[i] + nright[i]
    for i in range(start, n):
        nl, nr = nleft[i], nright[i]
        L = options[off:off + nl].copy()
        R = options[off + nl:off + nl + nr].copy()
        off += nl + nr
        for j in range(nl + nr):
            x = L[j] if j < nl else R[j - nl]
            if x < 0 or x >= i:
                return i * REDERIVE_BASE + REDERIVE_BAD
            if (j > 0 and j != nl and x <= (L[j - 1] if j < nl else R[j - nl - 1])):
                return i * REDERIVE_BASE + REDERIVE_BAD
        g = canonical(P, L, nl, R, nr)
        if g == POOL_FULL:
            return i * REDERIVE_BASE + REDERIVE_FULL
        if g != i or not same_options(P[0], P[1], g, L, nl, R, nr):
            return i * REDERIVE_BASE + REDERIVE_BAD
    return -1
