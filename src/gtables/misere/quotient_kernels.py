"""The jitted kernels of :mod:`gtables.misere.quotient` (misère quotients of heap games).

A finite commutative monoid is its multiplication table ``mult`` (int32, ``k x k``, element 0 the
identity); a *word* is a vector of exponents over the heaps that have options, ``word[j]`` copies
of the ``j``-th such heap (its element ``gens[j]``).  Words are compared in *colex* order: the
exponent of the largest heap first.  That is a monomial order (``u < v`` implies ``u + w < v + w``)
and a well-order in which every option of a word comes before the word (an option lowers the
exponent of the heap it moves in and changes only smaller heaps), so "the first failure" of a
claimed quotient is well defined and every word before it is known to be predicted right.

* :func:`least_words`: the colex-least word of every element (its *normal form*).
* :func:`commutativity_failure` and :func:`associativity_failure` (Light's test on a generating
  set): a received table is checked to be a commutative monoid before any word is evaluated in
  it (:func:`gtables.misere.quotient.monoid_failure`).
* :func:`p_failure` and :func:`n_failure`: the two conditions of the pretending-function test
  (:mod:`.quotient`), searched in colex order; ``n_failure`` is a Dijkstra search over
  *transition states* ``(element, set of the elements of its options)`` with dominance pruning.
* :func:`mark_product`: the P-portion a trial monoid (a submonoid of the last trial times cyclic
  monoids) must have if it is the quotient, read off the normal form of each of its elements.
* :func:`misere_sums`: exact misère outcomes of every sum of heaps of total at most ``T`` (the
  independent brute force the quotient is checked against).

Sets of elements are bitsets of ``W = ceil(k / 64)`` uint64 words.
"""
from __future__ import annotations

import numba as nb
import numpy as np
from numba import types

from ..config import JIT
from ..engine.jit import lazy_njit
from ..engine.spaces.partition_kernels import partition_rank

i32 = types.int32
i64 = types.int64
u8 = types.uint8
u64 = types.uint64

# ----------------------------------------------------------------------------------------------
# normal forms


@lazy_njit(types.Tuple((i32[:, ::1], i32[::1], i64))(i32[:, ::1], i32[::1]), **JIT)
def least_words(mult, gens):
    """``(word, order, count)``: ``word[x]`` the colex-least word of element ``x`` (rows of
    elements no word reaches stay -1), ``order[:count]`` the reached elements in colex order of
    those words.

    Heaps are added one at a time; with the elements reached by the first ``j`` heaps listed in
    colex order, the words that use heap ``j`` ``e`` times come next, for ``e = 1, 2, ...``, each
    layer in the order of its cofactor, until a layer brings nothing new (then no later layer can:
    each of its elements is an element of the layer before times ``gens[j]``)."""
    k = mult.shape[0]
    m = gens.shape[0]
    word = np.full((k, max(m, 1)), -1, dtype=np.int32)
    order = np.empty(k, dtype=np.int32)
    chain = np.empty(k, dtype=np.int32)
    word[0, :] = 0
    order[0] = 0
    count = 1
    for j in range(m):
        g = gens[j]
        base = count
        for i in range(base):
            chain[i] = order[i]
        e = 0
        while True:
            e += 1
            new = False
            for i in range(base):
                b = mult[chain[i], g]
                chain[i] = b
                if word[b, 0] < 0:
                    src = order[i]
                    for t in range(m):
                        word[b, t] = word[src, t]
                    word[b, j] += e
                    order[count] = b
                    count += 1
                    new = True
            if not new:
                break
    return word, order, count


@lazy_njit(types.UniTuple(i64, 2)(i32[:, ::1]), **JIT)
def commutativity_failure(mult):
    """``(x, y)`` with ``x y != y x`` (``x < y``), or ``(-1, -1)``; in 64 x 64 tiles, so that
    reading the table by columns stays in the cache."""
    k = mult.shape[0]
    for i0 in range(0, k, 64):
        for j0 in range(i0, k, 64):
            for x in range(i0, min(i0 + 64, k)):
                for y in range(max(j0, x + 1), min(j0 + 64, k)):
                    if mult[x, y] != mult[y, x]:
                        return np.int64(x), np.int64(y)
    return np.int64(-1), np.int64(-1)


@lazy_njit(types.UniTuple(i64, 3)(i32[:, ::1], i32[::1]), **JIT)
def associativity_failure(mult, gens):
    """``(x, g, y)`` with ``(x g) y != x (g y)`` for ``g`` in ``gens`` (the first in the order
    ``g``, ``x``, ``y``), or ``(-1, -1, -1)`` when there is none: Light's test, ``len(gens) k^2``
    products (:func:`gtables.misere.quotient.monoid_failure` says why it suffices)."""
    k = mult.shape[0]
    for t in range(gens.shape[0]):
        g = gens[t]
        for x in range(k):
            xg = mult[x, g]
            for y in range(k):
                if mult[xg, y] != mult[x, mult[g, y]]:
                    return np.int64(x), np.int64(g), np.int64(y)
    return np.int64(-1), np.int64(-1), np.int64(-1)


@lazy_njit(types.boolean(i32[::1], i32[::1]), **JIT)
def colex_less(u, v):
    """``u < v`` in colex order (the exponent of the last heap first)."""
    for t in range(u.shape[0] - 1, -1, -1):
        if u[t] != v[t]:
            return u[t] < v[t]
    return False


# ----------------------------------------------------------------------------------------------
# the pretending-function test


@lazy_njit(i64(i32[:, ::1], u8[::1], i32[::1], i64[::1], i32[::1], i32[:, ::1], i32[::1], i64,
             i32[::1]), **JIT)
def p_failure(mult, isp, gens, s_start, s_elems, word, order, count, out):
    """The colex-least word ``x + heap j`` with ``x * gens[j]`` in the P-portion and some option
    ``x * t`` (``t`` an option image of heap ``j``) in it too: a claimed P-position with a move to
    a claimed P-position.  Writes it to ``out`` and returns 1, or returns 0.

    For one pair ``(x, j)`` the least such word is the normal form of ``x`` plus heap ``j`` (adding
    a word preserves colex order), so the pairs are all there is to search."""
    m = gens.shape[0]
    found = 0
    cand = np.empty(m, dtype=np.int32)
    for i in range(count):
        x = order[i]
        for j in range(m):
            if isp[mult[x, gens[j]]] == 0:
                continue
            bad = False
            for o in range(s_start[j], s_start[j + 1]):
                if isp[mult[x, s_elems[o]]] != 0:
                    bad = True
                    break
            if not bad:
                continue
            for t in range(m):
                cand[t] = word[x, t]
            cand[j] += 1
            if found == 0 or colex_less(cand, out):
                out[:] = cand
                found = 1
    return found


@nb.njit(**JIT)
def _pending_key(par, jj, node_word, m):
    """A 48-bit prefix of the colex order of the pending word (settled word ``par``, or the empty
    word, plus heap ``jj``): its three largest heaps, each as (heap + 1, exponent) in 16 bits,
    largest first (colex order is the lexicographic order of that sequence, a missing heap
    least).  An exponent of 511 or more ends the prefix (equal keys: compare the words)."""
    key = np.int64(0)
    got = 0
    if m > 126:
        return key
    for t in range(m - 1, -1, -1):
        e = 0 if par < 0 else node_word[par, t]
        if t == jj:
            e += 1
        if e == 0:
            continue
        if e >= 511:
            key = (key << 16) | ((t + 1) << 9) | 511
            got += 1
            break
        key = (key << 16) | ((t + 1) << 9) | e
        got += 1
        if got == 3:
            break
    while got < 3:
        key <<= 16
        got += 1
    return key


@nb.njit(**JIT)
def _pending_less(c1, c2, c_par, c_j, node_word, m, c_key):
    """Colex order of two pending words, each a settled word (or the empty word) plus a heap."""
    if c_key[c1] != c_key[c2]:
        return c_key[c1] < c_key[c2]
    p1 = c_par[c1]
    p2 = c_par[c2]
    for t in range(m - 1, -1, -1):
        x1 = 0 if p1 < 0 else node_word[p1, t]
        x2 = 0 if p2 < 0 else node_word[p2, t]
        if t == c_j[c1]:
            x1 += 1
        if t == c_j[c2]:
            x2 += 1
        if x1 != x2:
            return x1 < x2
    return False


@lazy_njit(types.Tuple((i64, i64))(i32[:, ::1], u8[::1], i32[::1], i64[::1], i32[::1], i32[::1],
                                 types.boolean, i32[::1], i64), **JIT)
def n_failure(mult, isp, gens, s_start, s_elems, cutoff, has_cutoff, out, max_nodes):
    """The colex-least non-empty word whose element is outside the P-portion although no option
    of it is claimed P (a claimed N-position with no move to a claimed P-position), searched below
    ``cutoff`` when ``has_cutoff``.  Returns ``(found, settled)``: ``found`` is 1 (the word is in
    ``out``), 0 (there is none) or -1 (gave up past ``max_nodes`` settled states).

    Dijkstra's search over transition states ``(a, T)``: ``a`` the element of a word, ``T`` the set
    of the elements of its options; adding heap ``j`` gives ``(a g_j, T g_j + a S_j)`` with ``S_j``
    the option images of heap ``j``.  A state is dropped when a settled one (a colex-smaller word)
    has the same element and a subset of its options: every extension of the dropped word is
    matched by the same extension of the settled one, with a subset of its options and a smaller
    word, so a failure among them would show up there first (the empty word excepted: it has no
    options, and is not a failure for that).  Finitely many states survive."""
    k = mult.shape[0]
    m = gens.shape[0]
    W = (k + 63) // 64
    pmask = np.zeros(W, dtype=np.uint64)
    for x in range(k):
        if isp[x] != 0:
            pmask[x >> 6] |= np.uint64(1) << np.uint64(x & 63)
    cap_n = 256
    node_word = np.zeros((cap_n, max(m, 1)), dtype=np.int32)
    node_T = np.zeros((cap_n, W), dtype=np.uint64)
    node_elem = np.empty(cap_n, dtype=np.int32)
    node_next = np.empty(cap_n, dtype=np.int32)
    node_live = np.zeros(cap_n, dtype=np.uint8)
    head = np.full(k, -1, dtype=np.int32)
    nodes = 0
    cap_c = 1024
    c_par = np.empty(cap_c, dtype=np.int32)
    c_j = np.empty(cap_c, dtype=np.int32)
    heap = np.empty(cap_c, dtype=np.int32)
    c_key = np.zeros(cap_c, dtype=np.int64)
    c_par[0] = -1
    c_j[0] = -1
    nc = 1
    heap[0] = 0
    hn = 1
    U = np.zeros(W, dtype=np.uint64)
    cw = np.zeros(max(m, 1), dtype=np.int32)
    while hn > 0:
        c = heap[0]
        hn -= 1
        if hn > 0:                                   # sift the last entry down from the root
            last = heap[hn]
            i = 0
            while True:
                lft = 2 * i + 1
                if lft >= hn:
                    break
                s = lft
                if lft + 1 < hn and _pending_less(heap[lft + 1], heap[lft], c_par, c_j,
                                                  node_word, m, c_key):
                    s = lft + 1
                if _pending_less(heap[s], last, c_par, c_j, node_word, m, c_key):
                    heap[i] = heap[s]
                    i = s
                else:
                    break
            heap[i] = last
        par = c_par[c]
        j = c_j[c]
        for t in range(m):
            cw[t] = 0 if par < 0 else node_word[par, t]
        if j >= 0:
            cw[j] += 1
        if has_cutoff and not colex_less(cw[:m], cutoff):
            break
        # this word's state: its element b and the elements U of its options
        U[:] = 0
        b = 0
        if par >= 0:
            a = node_elem[par]
            g = gens[j]
            b = mult[a, g]
            for w in range(W):
                bits = node_T[par, w]
                x = w * 64
                while bits != np.uint64(0):
                    if bits & np.uint64(255) == np.uint64(0):
                        bits >>= np.uint64(8)
                        x += 8
                        continue
                    if bits & np.uint64(1):
                        y = mult[x, g]
                        U[y >> 6] |= np.uint64(1) << np.uint64(y & 63)
                    bits >>= np.uint64(1)
                    x += 1
            for o in range(s_start[j], s_start[j + 1]):
                y = mult[a, s_elems[o]]
                U[y >> 6] |= np.uint64(1) << np.uint64(y & 63)
        # dominated by a settled state of the same element?
        dominated = False
        q = head[b]
        while q >= 0:
            if node_live[q] != 0:
                sub = True
                for w in range(W):
                    if node_T[q, w] & ~U[w] != np.uint64(0):
                        sub = False
                        break
                if sub:
                    dominated = True
                    break
            q = node_next[q]
        if dominated:
            continue
        # settled states it dominates in turn are retired (never consulted again)
        q = head[b]
        while q >= 0:
            if node_live[q] != 0:
                sup = True
                for w in range(W):
                    if U[w] & ~node_T[q, w] != np.uint64(0):
                        sup = False
                        break
                if sup:
                    node_live[q] = 0
            q = node_next[q]
        if par >= 0 and isp[b] == 0:
            hit = False
            for w in range(W):
                if U[w] & pmask[w] != np.uint64(0):
                    hit = True
                    break
            if not hit:
                out[:] = cw[:m]
                return 1, nodes
        if nodes >= max_nodes:
            return -1, nodes
        if nodes == cap_n:
            cap_n *= 2
            nw = np.zeros((cap_n, node_word.shape[1]), dtype=np.int32)
            nw[:nodes] = node_word[:nodes]
            node_word = nw
            nT = np.zeros((cap_n, W), dtype=np.uint64)
            nT[:nodes] = node_T[:nodes]
            node_T = nT
            ne = np.empty(cap_n, dtype=np.int32)
            ne[:nodes] = node_elem[:nodes]
            node_elem = ne
            nn = np.empty(cap_n, dtype=np.int32)
            nn[:nodes] = node_next[:nodes]
            node_next = nn
            nl = np.zeros(cap_n, dtype=np.uint8)
            nl[:nodes] = node_live[:nodes]
            node_live = nl
        v = nodes
        nodes += 1
        node_word[v, :m] = cw[:m]
        node_T[v, :] = U
        node_elem[v] = b
        # the empty word has no options and is rightly N; its empty set of options must not
        # stand for the other sums of the identity (their extensions can fail where its do not)
        node_live[v] = 1 if par >= 0 else 0
        node_next[v] = head[b]
        head[b] = v
        # its extensions by one heap each, that heap no smaller than its largest: every word is
        # made once, from the word less one copy of its largest heap.  A word whose maker was
        # dropped is matched by the same heaps added to the settled word that dominated the
        # maker (colex-smaller, so its largest heap is no larger: it made those extensions too),
        # with the same element and a subset of the options: dropping it loses no least failure
        top = 0
        for t in range(m - 1, -1, -1):
            if cw[t] > 0:
                top = t
                break
        for jj in range(top, m):
            if nc == cap_c:
                cap_c *= 2
                p2 = np.empty(cap_c, dtype=np.int32)
                p2[:nc] = c_par[:nc]
                c_par = p2
                j2 = np.empty(cap_c, dtype=np.int32)
                j2[:nc] = c_j[:nc]
                c_j = j2
                h2 = np.empty(cap_c, dtype=np.int32)
                h2[:hn] = heap[:hn]
                heap = h2
                k2 = np.empty(cap_c, dtype=np.int64)
                k2[:nc] = c_key[:nc]
                c_key = k2
            c_par[nc] = v
            c_j[nc] = jj
            c_key[nc] = _pending_key(v, jj, node_word, m)
            i = hn                                   # sift up
            hn += 1
            while i > 0:
                up = (i - 1) // 2
                if _pending_less(nc, heap[up], c_par, c_j, node_word, m, c_key):
                    heap[i] = heap[up]
                    i = up
                else:
                    break
            heap[i] = nc
            nc += 1
    return 0, nodes


# ----------------------------------------------------------------------------------------------
# trial monoids: a submonoid of the last trial times cyclic monoids


@nb.njit(**JIT)
def _pmul(x, y, mult, base, base_of, nb_, idx, per, stride):
    """Product in ``base x C(idx[0], per[0]) x ...``: an element is
    ``base index * stride[0] + sum e_c * stride[c + 1]``, ``0 <= e_c < idx[c] + per[c]``."""
    bx = x // stride[0]
    by = y // stride[0]
    z = np.int64(base_of[mult[base[bx], base[by]]]) * stride[0]
    rx = x - bx * stride[0]
    ry = y - by * stride[0]
    for c in range(idx.shape[0]):
        size = idx[c] + per[c]
        ex = (rx // stride[c + 1]) % size
        ey = (ry // stride[c + 1]) % size
        e = ex + ey
        if e >= size:
            e = idx[c] + (e - idx[c]) % per[c]
        z += e * stride[c + 1]
    return z


@lazy_njit(types.Tuple((i64[::1], u8[::1], i64))(
    i32[:, ::1], i32[::1], i32[::1], i64[::1], i64[::1], i64[::1], i64[::1], i64[::1], i64[::1],
    i64), **JIT)
def mark_product(mult, base, base_of, idx, per, stride, gens, s_start, s_elems, size):
    """The elements of the trial monoid ``B = base x C(idx[0], per[0]) x ...`` that words reach,
    in colex order of their least words (``order[:count]``), and the P-portion ``B`` must have if
    it is the quotient: each element takes the outcome of its least word, P exactly when the word
    has options and none of them is claimed P (``isp`` by element code; 2 = never reached).

    ``base`` lists the elements of the last trial's submonoid (``base_of`` its inverse, -1 off it);
    ``gens[j]`` is heap ``j``'s element of ``B`` and ``S_j = s_elems[s_start[j]:s_start[j+1]]``
    its option images.  The options of a word ``w`` are ``(w - heap h) * t`` for ``h`` in ``w`` and
    ``t`` in ``S_h``; each element carries its cofactors ``w - heap h`` (-1: ``h`` not in ``w``),
    which the layers below update by one multiplication each.  Options come before their word in
    colex order, so their outcomes are known when it is marked."""
    m = gens.shape[0]
    isp = np.full(size, 2, dtype=np.uint8)
    order = np.empty(size, dtype=np.int64)
    # element codes stay below 2**31 (the caller bounds the trial's size)
    cof = np.full((size, max(m, 1)), -1, dtype=np.int32)       # by position in order
    chain = np.empty(size, dtype=np.int64)
    chain_cof = np.empty((size, max(m, 1)), dtype=np.int32)
    nbase = base.shape[0]
    isp[0] = 0
    order[0] = 0
    count = 1
    for j in range(m):
        g = gens[j]
        L = count
        for i in range(L):
            chain[i] = order[i]
            for t in range(m):
                chain_cof[i, t] = cof[i, t]
        while True:
            new = False
            for i in range(L):
                c = chain[i]
                for t in range(m):
                    if chain_cof[i, t] >= 0:
                        chain_cof[i, t] = _pmul(np.int64(chain_cof[i, t]), g, mult, base,
                                                base_of, nbase, idx, per, stride)
                chain_cof[i, j] = c
                b = _pmul(c, g, mult, base, base_of, nbase, idx, per, stride)
                chain[i] = b
                if isp[b] == 2:
                    p = 1
                    for t in range(m):
                        y = np.int64(chain_cof[i, t])
                        if y < 0:
                            continue
                        for o in range(s_start[t], s_start[t + 1]):
                            z = _pmul(y, s_elems[o], mult, base, base_of, nbase, idx, per,
                                      stride)
                            if isp[z] == 2:
                                return order, isp, -1            # cannot happen: a bug
                            if isp[z] == 1:
                                p = 0
                                break
                        if p == 0:
                            break
                    isp[b] = p
                    order[count] = b
                    for t in range(m):
                        cof[count, t] = chain_cof[i, t]
                    count += 1
                    new = True
            if not new:
                break
    return order, isp, count


@lazy_njit(i64[::1](i64[:, ::1], i64[::1], i32[:, ::1], i32[::1], i32[::1], i64[::1], i64[::1],
                  i64[::1]), **JIT)
def product_option_images(comps, code, mult, base, base_of, idx, per, stride):
    """The element of the trial monoid of every option: ``comps[o]`` its heaps (0: none),
    ``code[h]`` heap ``h``'s element code (the product as in :func:`_pmul`)."""
    out = np.zeros(comps.shape[0], dtype=np.int64)
    nbase = base.shape[0]
    for o in range(comps.shape[0]):
        x = np.int64(0)
        for c in range(comps.shape[1]):
            h = comps[o, c]
            if h > 0:
                x = _pmul(x, code[h], mult, base, base_of, nbase, idx, per, stride)
        out[o] = x
    return out


@lazy_njit(i64[:, ::1](i64[::1], i64, i64[::1], i32[:, ::1], i32[::1], i32[::1], i64[::1],
                     i64[::1], i64[::1], i64[::1]), **JIT)
def product_actions(order, count, at, mult, base, base_of, idx, per, stride, gens):
    """``act[i, g]``: the position in ``order`` of ``order[i] * gens[g]`` (``at`` maps an element
    code to its position)."""
    act = np.empty((count, gens.shape[0]), dtype=np.int64)
    nbase = base.shape[0]
    for i in range(count):
        for g in range(gens.shape[0]):
            act[i, g] = at[_pmul(order[i], gens[g], mult, base, base_of, nbase, idx, per,
                                 stride)]
    return act


@lazy_njit(i32[:, ::1](i64[:, ::1]), **JIT)
def table_from_actions(act):
    """The multiplication table of a commutative monoid that its generators' actions
    ``act[c, u]`` (element ``c`` times generator ``u``; element 0 the identity, every element a
    product of generators) determine: row ``c = b u`` is row ``b`` mapped through the action of
    ``u`` (``c x = (b x) u``), rows filled in breadth-first order from the identity's.  Returns a
    ``0 x 0`` table when some element is not reached."""
    k = act.shape[0]
    G = act.shape[1]
    out = np.empty((k, k), dtype=np.int32)
    done = np.zeros(k, dtype=np.uint8)
    queue = np.empty(k, dtype=np.int64)
    for a in range(k):
        out[0, a] = a
    done[0] = 1
    queue[0] = 0
    qh = 0
    qt = 1
    while qh < qt:
        b = queue[qh]
        qh += 1
        for u in range(G):
            c = act[b, u]
            if done[c] == 0:
                done[c] = 1
                queue[qt] = c
                qt += 1
                for a in range(k):
                    out[c, a] = act[out[b, a], u]
    if qt != k:
        return np.zeros((0, 0), dtype=np.int32)
    return out


@lazy_njit(i64[::1](i64[::1], i64[:, ::1]), **JIT)
def refine(p0, act):
    """Moore refinement: the coarsest partition of ``0..n-1`` finer than the labels ``p0`` that
    the actions respect (``x`` and ``y`` in one class send ``act[x, g]`` and ``act[y, g]`` to one
    class, for every ``g``), as class numbers ``0..c-1``.  Classes are split by one action at a
    time: the pair (class of ``x``, class of ``act[x, g]``) is hashed to its new class, until a
    whole pass over the actions splits nothing (each step is linear: no sorting)."""
    n = p0.shape[0]
    cls = np.empty(n, dtype=np.int64)
    nxt = np.empty(n, dtype=np.int64)
    cap = 16
    while cap < 2 * n:
        cap *= 2
    keys = np.empty(cap, dtype=np.int64)
    vals = np.empty(cap, dtype=np.int64)
    mask = cap - 1
    # the labels themselves, numbered 0..c-1
    keys[:] = -1
    c = 0
    for x in range(n):
        key = p0[x]
        s = ((key * 0x5851F42D4C957F2D) >> 29) & mask
        while keys[s] != -1 and keys[s] != key:
            s = (s + 1) & mask
        if keys[s] == -1:
            keys[s] = key
            vals[s] = c
            c += 1
        cls[x] = vals[s]
    G = act.shape[1]
    while True:
        before = c
        for g in range(G):
            keys[:] = -1
            c2 = 0
            for x in range(n):
                key = cls[x] * c + cls[act[x, g]]
                s = ((key * 0x5851F42D4C957F2D) >> 29) & mask
                while keys[s] != -1 and keys[s] != key:
                    s = (s + 1) & mask
                if keys[s] == -1:
                    keys[s] = key
                    vals[s] = c2
                    c2 += 1
                nxt[x] = vals[s]
            if c2 != c:
                cls, nxt = nxt, cls
                c = c2
        if c == before:
            return cls


@lazy_njit(i32[::1](i32[:, ::1], i32[::1], i64[:, ::1]), **JIT)
def option_images(mult, phi, comps):
    """The element of every option: ``comps[o]`` its heaps (0: none), ``phi`` each heap's
    element."""
    out = np.zeros(comps.shape[0], dtype=np.int32)
    for o in range(comps.shape[0]):
        x = 0
        for c in range(comps.shape[1]):
            h = comps[o, c]
            if h > 0:
                x = mult[x, phi[h]]
        out[o] = x
    return out


# ----------------------------------------------------------------------------------------------
# the independent brute force: misère outcomes of every sum of heaps of total <= T


@lazy_njit(i64(i64[::1], i64[:, :, ::1], i64[::1], i64[::1], i64), **JIT)
def _rank(offsets, W, sizes, counts, d):
    """Index of the multiset with distinct parts ``sizes[:d]`` (decreasing) and multiplicities
    ``counts[:d]``: by total, then lexicographically on the parts in decreasing order."""
    r = 0
    for i in range(d):
        r += sizes[i] * counts[i]
    q = offsets[r]
    for i in range(d):
        q += W[r, sizes[i], counts[i]]
        r -= sizes[i] * counts[i]
    return q


@nb.njit(**JIT)
def _next_partition(a, ln, n):
    """Step ``a[:ln]`` (a partition in decreasing parts <= ``n``) to the next partition of the
    same total in lexicographic order; returns its length, or -1 after the last."""
    r = 0
    i = ln - 1
    nxt = -1
    while i >= 0:
        r += a[i]
        lim = n if i == 0 else a[i - 1]
        if a[i] < lim and r - a[i] >= 1:
            nxt = i
            break
        i -= 1
    if nxt < 0:
        return -1
    rest = r - a[nxt] - 1
    a[nxt] += 1
    ln = nxt + 1
    for _ in range(rest):
        a[ln] = 1
        ln += 1
    return ln


@nb.njit(**JIT)
def _quotient_says_otherwise(a, ln, mult, phi, isp, v):
    """Whether the quotient's answer for the sum ``a[:ln]`` differs from the outcome ``v``
    (0 = P, 1 = N)."""
    x = 0
    for i in range(ln):
        x = mult[x, phi[a[i]]]
    return (isp[x] != 0) == (v == 1)


@nb.njit(**JIT)
def _distinct_parts(a, ln, sizes, counts):
    """The distinct parts of ``a[:ln]`` (decreasing) into ``sizes[:d]``, how often each into
    ``counts[:d]``; returns ``d``."""
    d = 0
    for i in range(ln):
        if d > 0 and sizes[d - 1] == a[i]:
            counts[d - 1] += 1
        else:
            sizes[d] = a[i]
            counts[d] = 1
            d += 1
    return d


@lazy_njit(types.Tuple((u8[::1], i64, i64[::1], i64))(i64, i64, i64[::1], i64[::1], i64[::1],
                                                i64[::1], i64[:, :, ::1], i32[:, ::1],
                                                i32[::1], u8[::1]), **JIT)
def misere_sums(T, n, o_start, c_start, comps, offsets, W, mult, phi, isp):
    """Exact misère outcomes (0 = P, 1 = N) of every multiset of heaps ``1..n`` with total at
    most ``T``, in index order (total, then parts in decreasing order, lexicographically); an
    option of a multiset replaces one heap by smaller ones (or as many tokens in smaller heaps),
    so it always has a smaller index.  Nothing but the options is used.

    When ``mult`` has rows, each position is also looked up in the quotient (the product of its
    heaps' elements ``phi``, P exactly when ``isp``) as it is computed; returns ``(outcomes,
    positions, first, first_len)``: ``first[:first_len]`` the heaps of the first position where
    they disagree (``first_len = -1``: none)."""
    size = offsets[T + 1]
    out = np.empty(size, dtype=np.uint8)
    first = np.zeros(T + 1, dtype=np.int64)
    first_len = -1
    check = mult.shape[0] > 0
    a = np.zeros(T + 1, dtype=np.int64)             # parts, decreasing
    sizes = np.empty(T + 1, dtype=np.int64)
    counts = np.empty(T + 1, dtype=np.int64)
    ns = np.empty(2 * T + 2, dtype=np.int64)        # an option's distinct parts: at most the
    nc = np.empty(2 * T + 2, dtype=np.int64)        # position's plus the option's heaps
    comp = np.empty(T + 1, dtype=np.int64)
    idx = 0
    for t in range(T + 1):
        if t > 0 and n < 1:
            break
        # first partition of t in lexicographic order: all ones
        ln = t
        for i in range(ln):
            a[i] = 1
        while True:
            d = _distinct_parts(a, ln, sizes, counts)
            moved = False
            wins = False
            for i in range(d):
                h = sizes[i]
                for o in range(o_start[h], o_start[h + 1]):
                    moved = True
                    kc = c_start[o + 1] - c_start[o]
                    for c in range(kc):
                        comp[c] = comps[c_start[o] + c]       # decreasing, positive
                    # merge the parts (one h fewer) with the option's heaps
                    p = 0
                    q = 0
                    e = 0
                    while p < d or q < kc:
                        if q >= kc or (p < d and sizes[p] > comp[q]):
                            s = sizes[p]
                            cnt = counts[p] - (1 if s == h else 0)
                            p += 1
                        elif p >= d or comp[q] > sizes[p]:
                            s = comp[q]
                            cnt = 0
                        else:
                            s = sizes[p]
                            cnt = counts[p] - (1 if s == h else 0)
                            p += 1
                        while q < kc and comp[q] == s:
                            cnt += 1
                            q += 1
                        if cnt > 0:
                            ns[e] = s
                            nc[e] = cnt
                            e += 1
                    if out[_rank(offsets, W, ns, nc, e)] == 0:
                        wins = True
                        break
                if wins:
                    break
            v = 1 if (wins or not moved) else 0
            out[idx] = v
            if check and first_len < 0:
                if _quotient_says_otherwise(a, ln, mult, phi, isp, v):
                    for i in range(ln):
                        first[i] = a[i]
                    first_len = ln
            idx += 1
            ln = _next_partition(a, ln, n)
            if ln < 0:
                break
    return out, idx, first, first_len


@lazy_njit(types.Tuple((i64, i64[::1], i64))(i64, i64, i64[::1], u8[::1], i32[:, ::1], i32[::1],
                                            u8[::1]), **JIT)
def check_sum_table(T, n, tables, values, mult, phi, isp):
    """Compare the quotient with a table of misère outcomes of sums of heaps (``values`` over a
    :class:`~gtables.engine.spaces.PartitionSpace` of total ``T``, its ``tables``; 0 = P) on every
    sum of heaps ``1..n`` of total at most ``T``.  Returns ``(positions, first, first_len)`` as
    :func:`misere_sums` does."""
    first = np.zeros(T + 1, dtype=np.int64)
    first_len = -1
    a = np.zeros(T + 1, dtype=np.int64)
    sizes = np.empty(T + 1, dtype=np.int64)
    counts = np.empty(T + 1, dtype=np.int64)
    count = 0
    for t in range(T + 1):
        if t > 0 and n < 1:
            break
        ln = t
        for i in range(ln):
            a[i] = 1
        while True:
            d = _distinct_parts(a, ln, sizes, counts)
            v = values[partition_rank(tables, sizes, counts, d)]
            if first_len < 0 and _quotient_says_otherwise(a, ln, mult, phi, isp, v):
                for i in range(ln):
                    first[i] = a[i]
                first_len = ln
            count += 1
            ln = _next_partition(a, ln, n)
            if ln < 0:
                break
    return count, first, first_len
