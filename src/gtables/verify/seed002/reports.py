"""Reports of seed 002's rows: the settled period of each row ``a w b, b = 1..size`` as records and
as a markdown table (the details of 002.rows-a4b-periodic, and scripts/run_endnim_large.py)."""
from __future__ import annotations

from ...games import endnim as E
from .proofs import settled_period


def row_record(prefix, values, min_reps: int = 4) -> dict:
    """The settled period of one row, ``values[b]`` = value of ``prefix b`` for b = 0..size."""
    per = settled_period(values[1:], min_reps=min_reps)
    return {"prefix": E.format_string(prefix), "period": per.period if per else None,
            "saltus": per.saltus if per else None,
            "preperiod_b": per.preperiod + 1 if per else None, "checked_b": len(values) - 1}


def rows_table(prefixes, size: int, row=None) -> list[dict]:
    """Records of the rows ``p b, b = 1..size`` for each prefix ``p``.  ``row(prefix)`` gives the
    values for b = 0..size; by default the exact row method :func:`gtables.games.endnim.row`
    (tested against full tables and the generic engine in tests/test_endnim.py)."""
    if row is None:
        def row(p):
            return E.row(p, size)
    return [row_record(p, row(p)) for p in prefixes]


def rows_markdown(rows) -> str:
    lines = ["| row a w b | period p | saltus s | from b = | checked b <= |", "|---|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {r['prefix']},b | {r['period'] if r['period'] else '-'} | "
                     f"{r['saltus'] if r['period'] else '-'} | {r['preperiod_b'] or '-'} | "
                     f"{r['checked_b']} |")
    return "\n".join(lines)
