"""The octal-game catalogues, one :class:`~.base.Catalogue` each (``gtables sweep --catalogue
NAME``; :data:`CATALOGUES` by name), each computed as Dask sweeps (:mod:`gtables.sweep`) and
reported from its JSON alone (``out/STEM.md``, ``.json`` and figures):

- ``octal3`` (:mod:`.digits`): every code 0.d1, 0.d1d2, 0.d1d2d3 (511 games), computed until the
  Guy-Smith theorem proves a period or up to a size bound, and compared with the literature (the
  one table, :mod:`gtables.games.octal.literature`).  Two sweeps (:func:`.base.two_passes`):
  every game to ``size`` (default 2^16) with ``until_periodic``; then the games still open whose
  rare heaps stay rare (the sparse-space method is fast there: at most ``RARE_FRACTION`` of the
  heaps rare) again to ``big_size`` (default 2^25), resuming from the stored first pass.  Games
  without a sparse space stay at the first bound: a naive run to 2^25 would cost hours each.
- ``octal4`` (:mod:`.digits`): the 3,584 codes 0.d1d2d3d4 with d4 != 0, the same two passes over
  one representative per class of the rules below (:func:`.digits.octal4_codes`); every other
  code is listed as the twin of its representative, which may be a shorter code.
- ``open3`` (:mod:`.atlas`): the open-game atlas, the games a public solver lists as unsolved
  (:mod:`gtables.games.octal.open_list`): all to a first size, then each to a target that depends on
  whether it has a sparse space (:func:`.atlas.sparse_space`), then doubling within a time
  budget per game.
- ``misere3`` (:mod:`.misere`): the misère chart, the misère quotient of every code 0.d1 ..
  0.d1d2d3 and 4.0 .. 4.d1d2d3 (1,023 codes, one run per class of codes that are the same game)
  to a heap bound within a time budget per class, both notions of tame with their least
  witnesses; its rows are its own (quotients are not tables), resumed from a checkpoint.

**Rule (bit 1 is local).** Let X and Y be octal codes 0.d1..dt and 0.e1..et (pad the shorter
with zeros; t = 4 here) with d_k & 6 == e_k & 6 for every k, i.e. differing at most in the bits
1 ("remove a whole heap of exactly k").  If G_X(n) = G_Y(n) for n = 0..t, then G_X = G_Y.
*Proof.* Bit 1 of d_k only gives the heap of exactly k the option "nothing"; a heap n > t has
no such option, so in X and in Y its options are the same positions (the one heap n - k for
each k with bit 2, the sums a + b, a, b >= 1, a + b = n - k for each k with bit 4).  By
induction on n > t their values are equal (same options, values of smaller heaps equal), so the
mex is equal.  The hypothesis n = 0..t is a finite check of exact values
(:func:`.digits.small_values`, the rules in plain Python), so each twin is *proved* equal, not
observed.  Conversely codes whose bits 2 and 4 differ have different options for every large
heap; such codes are never merged here (tests compare the sequences of all 3,584 codes at a small
size and report any further coincidence only as observed, never as a twin).
**Rule (a split covers a shorter take).** If d_k has bit 4 (remove k, leave two heaps) and
G(j) = 0 for some j >= 1 with k + j <= t, then bit 2 of d_{k+j} (remove k + j, leave one heap)
can be cleared without changing any value.  *Proof.* That move takes a heap n > k + j to the
heap r = n - k - j >= 1, of value G(r) = G(j) xor G(r): the value of the option "remove k,
split the rest into j and r" (both parts non-empty), which the code has anyway.  So by
induction on n the two codes' heaps have the same sets of option values (G(j) itself is the
same in both: a heap of j < k + j never uses d_{k+j}), hence the same mex.  Applied to every
(k, j) with G(0..t) computed once (clearing a bit changes no value), it reduces each code to a
code with the same values; two codes whose reductions have the same bits 2 and 4 and whose
G(0..t) agree are equal by the first rule.
These are the only identity-of-values rules used: the game locators' other identities (tczajka
GameLookup.md: "taking a 1-element heap not allowed" = heap sizes reduced by one; OEIS comments
"has values a(n-1)") shift the sequence, so a twin under them has a different pre-period; they
serve the literature comparison, not the deduplication.
"""

from __future__ import annotations

from .atlas import OPEN3
from .base import Catalogue, Column
from .digits import OCTAL3, OCTAL4
from .misere import MISERE3

#: every catalogue by its ``--catalogue`` name
CATALOGUES = {c.name: c for c in (OCTAL3, OCTAL4, OPEN3, MISERE3)}

__all__ = ["CATALOGUES", "MISERE3", "OCTAL3", "OCTAL4", "OPEN3", "Catalogue", "Column"]
