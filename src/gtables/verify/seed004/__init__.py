"""Seed 004 (致勝密碼, Nim-like games with conditions; SPEC §4).

- :mod:`.data`    the seed's printed tables, lists and examples, verbatim, and our corrections
                  beside them;
- :mod:`.model`   views of nimlike tables in the seed's terms (outcomes, winning amounts);
- :mod:`.proofs`  the 1-D proofs (a repeated window of a table of fixed size proves periodicity);
- :mod:`.claims`  the claims, each a function of the tables it declares.

``claims(scale)`` is the entry of :data:`gtables.verify.runner.BUILTIN_CLAIMS` for ``nimlike``.
The Cond(2,3) figures and ``results/nimlike_cond23.md`` are drawn by ``scripts/plot_cond23.py``.
"""
from .claims import SCALES, claims
from .data import parse_1d_table, parse_2d_cell
from .model import analyse_cond23, spec
from .proofs import proof_size

__all__ = ["SCALES", "claims", "parse_1d_table", "parse_2d_cell", "analyse_cond23", "spec",
           "proof_size"]
