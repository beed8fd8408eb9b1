"""Collect the claims of every registered family and evaluate them."""
from __future__ import annotations

import time
import traceback

from .claims import Claim, Verdict

SCALES = ("small", "default", "large")


class Context:
    """What a claim's ``check`` sees: tables by spec (computed into the store when missing,
    kept in memory for the run) and the scale of the run."""

    def __init__(self, store=None, scale: str = "default", progress=None):
        self.store = store
        self.scale = scale
        self.progress = progress
        self._tables = {}
        self.computed = []   # (spec, seconds, size, dtype, max, freshly computed?)

    def table(self, spec: str):
        from ..api import compute, game
        canon = game(spec).spec
        if canon not in self._tables:
            fresh = self.store is None or canon not in self.store
            t = compute(canon, store=self.store if self.store is not None else None,
                        progress=self.progress)
            vals = t.values
            self._tables[canon] = t
            self.computed.append({
                "spec": canon, "kind": t.kind, "positions": int(vals.size),
                "dtype": str(vals.dtype), "max_value": int(vals.max()) if vals.size else 0,
                "compute_seconds": float(t.attrs.get("compute_seconds", 0.0)),
                "fresh": fresh})
        return self._tables[canon]


def all_claims(scale: str = "default") -> list[Claim]:
    from .. import games
    out = []
    for fam in games.families().values():
        if fam.claims is not None:
            out.extend(fam.claims(scale))
    names = [c.name for c in out]
    dup = {n for n in names if names.count(n) > 1}
    if dup:
        raise ValueError(f"duplicate claim names: {sorted(dup)}")
    return out


def select(claims: list[Claim], names) -> list[Claim]:
    if not names:
        return claims
    from ..errors import GtablesError
    picked = [c for c in claims if any(c.name == n or c.name.startswith(n) for n in names)]
    if not picked:
        raise GtablesError(f"no claim matches {', '.join(names)} (see: gtables verify --list)")
    return picked


def evaluate(claim: Claim, ctx: Context) -> Verdict:
    t0 = time.perf_counter()
    try:
        r = claim.check(ctx)
        status, domain, checked, ex, details, data = (r.status, r.domain, r.checked,
                                                      r.counterexamples, r.details, r.data)
    except Exception as e:  # a broken check is reported, not hidden
        from ..errors import GtablesError
        if isinstance(e, GtablesError):
            msg = str(e)
        else:
            msg = f"{type(e).__name__}: {e} | " + traceback.format_exc(limit=3).replace("\n", " ")
        status, domain, checked, ex, details, data = "ERROR", msg, 0, (), "", {}
    return Verdict(claim.name, claim.source, claim.statement, status, domain, checked, ex, details,
                   claim.reading, claim.correction_of, claim.convention,
                   round(time.perf_counter() - t0, 3), data)


def run_claims(names=None, store=None, scale: str = "default", progress=None, echo=None):
    """Evaluate the selected claims; returns ``(verdicts, context)``."""
    claims = select(all_claims(scale), names)
    ctx = Context(store=store, scale=scale, progress=progress)
    verdicts = []
    for c in claims:
        v = evaluate(c, ctx)
        verdicts.append(v)
        if echo:
            echo(f"{v.status:7s} {v.name}: {v.summary() if v.status != 'ERROR' else v.domain}")
    return verdicts, ctx
