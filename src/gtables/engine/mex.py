"""The mex (minimum excludant) of a set of values, the one way every kernel takes it.

Two forms of the set, often both at once:

* **stamped marks**: ``seen[v] = stamp`` for each value ``v``; a position uses its own stamp
  (``p + 1``), so the marks are never cleared.  :func:`stamped_mex` is the smallest value not
  marked.  The engine's Grundy worker of sums, the heap-game kernel and octal's naive mex use it.
* **a 64-bit set** for the values below 64 (most Grundy values of board games), the marks for the
  rest: a kernel adds a value with :func:`add_small` when it is below 64 and marks it otherwise;
  :func:`bits_mex` is the mex of the set (LLVM's ``cttz`` on the complement: one instruction,
  where a loop mispredicts its exit), and 64 means "every value below 64 is in": the mex is then
  ``stamped_mex(seen, stamp, 64)``.  The define_game workers, the reachable search and its
  re-derivation take the mex so; the chip game's kernels use :func:`cttz` directly (their values
  stay below 64).

The helpers of the 64-bit set take and return scalars only: a jitted helper that takes an array
costs a reference count on every call, which made a helper per option five times slower than
the same lines written in the loop (Cram 5 x 5, one thread: 7.3 s against 1.5 s).
"""
from __future__ import annotations

import numba as nb
import numpy as np
from llvmlite import ir  # type: ignore[import-untyped]
from numba.extending import intrinsic

from ..config import JIT


@intrinsic
def _cttz_llvm(typingctx, x):
    def codegen(context, builder, sig, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 0))
    return x(x), codegen


def _cttz_python(x):
    # an intrinsic has no Python body: under NUMBA_DISABLE_JIT=1 (the coverage run) the same
    # count in Python, so the kernels run as plain Python too
    v = int(x)
    return type(x)(64 if v == 0 else (v & -v).bit_length() - 1)


# Count trailing zeros (LLVM ``cttz``, 64 for zero): the mex of a set of small values held as a
# bit set is ``cttz(~bits)``.  A loop there mispredicts its exit and cost 30% against the C
# baseline of the chip game.
cttz = _cttz_python if getattr(nb.config, "DISABLE_JIT", False) else _cttz_llvm


@nb.njit(**JIT)
def stamped_mex(seen, stamp, start=0):
    """The smallest ``g >= start`` with ``seen[g] != stamp`` (``seen.size`` when every mark from
    ``start`` on carries it): the mex of the values marked with ``stamp``, when every value below
    ``start`` is known to be among them."""
    g = start
    while g < seen.size and seen[g] == stamp:
        g += 1
    return g


@nb.njit(**JIT)
def add_small(bits, v):
    """The 64-bit set ``bits`` with the value ``0 <= v < 64`` added."""
    return bits | (np.uint64(1) << np.uint64(v))


@nb.njit(**JIT)
def bits_mex(bits):
    """The smallest value not in the 64-bit set ``bits`` (64 when every value below 64 is)."""
    return np.int64(cttz(~bits))
