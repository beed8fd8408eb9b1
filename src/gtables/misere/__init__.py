"""Misère theory of heap games, above the engine and below the API: it uses the engine's spaces,
kernels and period finder; the engine and the games never import it.

* :mod:`.quotient`: misère quotients built heap by heap, certified by the pretending-function
  test, checked by brute force; a table read from a file is first held to the monoid laws;
* :mod:`.quotient_kernels`: its numba kernels (the test's searches, Moore refinement, the brute
  force over sums);
* :mod:`.period`: the periodicity theorem for take-and-break games of finite code (certificates
  that state ``Q`` and ``Φ`` for every heap); the rules it reads are the engine's
  :class:`~gtables.engine.take_and_break.TakeAndBreak`, which a family declares;
* :mod:`.tame`: both notions of tame (Conway's rule for sums, Plambeck's nim heaps).

Misère quotients by spec (computed from a family, stored, read back re-certified) are the API's:
:mod:`gtables.quotients`.  Importing this package imports nothing (no numba).
"""
