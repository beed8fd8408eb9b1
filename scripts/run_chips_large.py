#!/usr/bin/env python
"""Documented larger run: every chip-sliding claim of seeds 000 and 003 at the 'large' scale
(all 2^30 positions of a strip of 30 squares, every k, rules A-D), tables filled by the
specialised parallel kernel of ``gtables.games.chips`` (identical to the generic engine path, see
tests/test_chips.py) and kept in memory (about 1 GiB each; not written to the store).

    python scripts/run_chips_large.py [--scale large] [--out results]

Writes results/chips_large.md and results/chips_large.json.
"""
from __future__ import annotations

import argparse
import json
import pathlib
import platform
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scale", default="large", choices=("small", "default", "large"))
    ap.add_argument("--out", default=str(ROOT / "results"))
    a = ap.parse_args(argv)

    import numba

    from gtables import __version__, api
    from gtables.api import Table, _attrs_for
    from gtables.games import chips
    from gtables.reproduce import table_provider
    from gtables.verify.runner import Context, evaluate, family_claims

    class FastContext(Context):
        """Chips tables by the specialised kernels; everything else as usual (in memory)."""

        def table(self, spec):
            g = api.game(spec)
            if g.family != "chips" or g.spec in self._tables:
                return super().table(spec)
            if g.space.size < (1 << 20):
                return super().table(spec)
            values, secs = chips.fill_fast(g)
            t = Table(g, values=values, attrs=_attrs_for(g, values, secs))
            self._tables[g.spec] = t
            self.computed.append({"spec": g.spec, "kind": g.kind, "positions": int(values.size),
                                  "dtype": str(values.dtype), "max_value": int(values.max()),
                                  "compute_seconds": round(secs, 3), "fresh": True})
            print(f"  table {g.spec}: {values.size:,} positions in {secs:.1f} s", flush=True)
            return t

    t0 = time.time()
    ctx = FastContext(provider=table_provider(None), scale=a.scale)
    verdicts = []
    for c in family_claims(chips.FAMILY, a.scale):
        v = evaluate(c, ctx)
        verdicts.append(v)
        print(f"{v.status:7s} {v.seconds:7.1f}s {v.name}: "
              f"{v.summary() if v.status != 'ERROR' else v.domain}", flush=True)
    total = time.time() - t0
    out = pathlib.Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    meta = {"scale": a.scale, "gtables": __version__, "numba": numba.__version__,
            "threads": numba.get_num_threads(), "python": platform.python_version(),
            "seconds": round(total, 1), "when": time.strftime("%Y-%m-%d %H:%M:%S")}
    (out / "chips_large.json").write_text(json.dumps(
        {"meta": meta, "tables": ctx.computed, "verdicts": [v.to_json() for v in verdicts]}, indent=1))
    lines = [f"# Chip sliding (seeds 000, 003): claims at scale '{a.scale}'", "",
             f"Run by `scripts/run_chips_large.py` in {total:.0f} s ({meta['threads']} threads, "
             f"gtables {__version__}, numba {meta['numba']}). Convention: f = 1 means P.", "",
             "## Tables", "", "| spec | kind | positions | max | seconds |", "|---|---|---|---|---|"]
    for t in ctx.computed:
        lines.append(f"| `{t['spec']}` | {t['kind']} | {t['positions']:,} | {t['max_value']} | "
                     f"{t['compute_seconds']} |")
    lines += ["", "## Verdicts", "", "| claim | status | domain | first counterexamples |",
              "|---|---|---|---|"]
    for v in verdicts:
        ex = "; ".join(f"{c.position}: claimed {c.claimed}, computed {c.computed}"
                       for c in v.counterexamples[:3])
        corr = f" (correction of {v.correction_of})" if v.correction_of else ""
        lines.append(f"| {v.name}{corr} | {v.status} | {v.domain} ({v.checked:,} checked) | {ex} |")
    (out / "chips_large.md").write_text("\n".join(lines) + "\n")
    print(f"wrote {out / 'chips_large.md'} and .json ({total:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
