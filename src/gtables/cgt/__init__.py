"""Short partizan games in canonical form (combinatorial game theory), at numba speed.

:class:`Pool` interns games, one id per canonical form; its kernels (:mod:`.kernels`) are
callable from other njit code on the pool's arrays.  :mod:`.notation` reads and writes CGSuite's
notation, :mod:`.thermograph` computes thermographs, and :mod:`.reference` is the tests' textbook
version in plain Python.  Imports only ``gtables.errors``, ``gtables.config`` and
``gtables.engine.jit``.
"""
from .pool import Pool, check_pool
from .thermograph import Thermograph, Wall

__all__ = ["Pool", "Thermograph", "Wall", "check_pool"]
