#!/usr/bin/env python3
"""A corpus of bad inputs for the ``gtables`` command, and a runner that checks how each is refused.

Every case is a list of command-line arguments (plus, optionally, a setup: a store path that is a
directory of other files, a text file, an empty file, a path under a file, random bytes, a cut
export file, a foreign HDF5 file, a single-file store of an older gtables, a FIFO, a device, a
store holding small tables, an export file (a read-only store); or environment variables).  The
rule under test (issue "Trust in the store"): bad input gives exit status 2 and ONE line
``gtables: error: ...`` on stderr, never a traceback, and nothing is written (nor allocated)
before the check.

    python scripts/bad_inputs.py                 # the whole corpus; writes results/bad_inputs.md
    python scripts/bad_inputs.py --sample 30     # a reproducible sample (writes nothing)
    python scripts/bad_inputs.py --group api     # one group (refuse-first, bounds, env, api, ...)
    python scripts/bad_inputs.py --show-all      # every row, not only the ones that did not pass

Issue 25 added the groups ``refuse-first`` (runs that once worked before refusing: a search that
allocated 7 GB, an octal run of decades, a report overwritten, a cluster started), ``bounds``
(--workers, --keep/--window, the catalogue sizes, --checkpoint-seconds, empty claim names),
``env`` (NUMBA_NUM_THREADS, GTABLES_TIME_LIMIT, GTABLES_STORE) and ``api`` (misuse of the Python
API: each must raise a one-line GtablesError, run by ``runner.API_WRAPPER``).  Issue 34 added
``newcomer`` (what a new user met: a sweep of a catalogue and patterns together, a dead
scheduler, nested braces, a repeated Stripes amount, ``--quiet --progress``, ...), with its
API and environment cases in ``api`` and ``env``.

From Python (``scripts/fault_injection.py`` builds its report this way)::

    import bad_inputs                            # with scripts/ on sys.path
    rows = bad_inputs.run_corpus(store_dir)      # -> list[bad_inputs.Row]
    print(bad_inputs.summary(rows))

Each :class:`Row` holds ``args``, ``exit_code``, ``first_line`` (of stderr), ``one_line``
(stderr is exactly one line starting ``gtables: error:``), ``traceback``, and the verdict:
``pass`` (the rule holds), ``argparse`` (exit 2, no traceback, but argparse's own shape: a usage
paragraph, then ``gtables CMD: error: ...``; acceptable, recorded apart) or ``fail`` (with
``why``; ``known`` notes a failure already traced to code outside the CLI's checks, with where
its fix goes).  A case also fails when it wrote anything (a file in its directory appeared or
changed: a table, a store's marker or list cache, a half-made store) or when the process's peak
memory went above :data:`RSS_LIMIT` (it allocated before refusing).

Each case runs ``sys.executable -m gtables.cli`` with ``GTABLES_STORE`` in its own directory
under ``store_dir`` (never the repository's results/), at most two at a time; every case is
cheap (nothing is computed beyond a few tiny tables for the setup).

The corpus is data in ``scripts/badinputs/corpus.py``, the runner ``scripts/badinputs/runner.py``;
this script is their command line (and names both, for ``import bad_inputs``).
"""
from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
# the corpus (data) and its runner, a package beside this script (scripts/badinputs/)
from badinputs.corpus import (  # noqa: E402
    API,
    BAD_INTS,
    BAD_STORES,
    NEWCOMER,
    NEWCOMER_API,
    NEWCOMER_ENV,
    POSITIONS,
    QUOTIENT,
    QUOTIENT_API,
    SPECS,
    STORED,
    Case,
    cases,
    sample,
)
from badinputs.runner import (  # noqa: E402
    API_WRAPPER,
    RSS_LIMIT,
    TIMEOUT,
    Row,
    report,
    run_case,
    run_corpus,
    summary,
)

__all__ = ["API", "API_WRAPPER", "BAD_INTS", "BAD_STORES", "NEWCOMER", "NEWCOMER_API",
           "NEWCOMER_ENV", "POSITIONS", "QUOTIENT", "QUOTIENT_API", "RSS_LIMIT", "SPECS", "STORED",
           "TIMEOUT", "Case", "Row", "cases", "main", "report", "run_case", "run_corpus", "sample",
           "summary"]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sample", type=int, default=0, metavar="N", help="run N cases only")
    ap.add_argument("--workers", type=int, default=2, help="parallel cases (at most 2)")
    ap.add_argument("--show-all", action="store_true", help="list every case, not only failures")
    ap.add_argument("--keep", metavar="DIR", help="run in DIR and keep it (default: a temp dir)")
    ap.add_argument("--group", action="append", metavar="G",
                    help="run the cases of group G only (repeatable)")
    ap.add_argument("--out", metavar="DIR", default=None,
                    help="write bad_inputs.md into DIR (default: results/ of the repository "
                         "when the whole corpus runs; nothing with --sample or --group)")
    ap.add_argument("--json", action="store_true",
                    help="also bad_inputs.json: every row with its timings and peak memory")
    a = ap.parse_args(argv)
    chosen = sample(a.sample) if a.sample else cases()
    if a.group:
        chosen = [c for c in chosen if c.group in a.group]
    out = a.out if a.out is not None else (None if a.sample or a.group else
                                           os.path.join(os.path.dirname(os.path.dirname(
                                               os.path.abspath(__file__))), "results"))
    tmp = a.keep or tempfile.mkdtemp(prefix="gtables-bad-inputs-")
    done = [0]

    def echo(row):
        done[0] += 1
        if row.verdict == "fail":
            print(f"[{done[0]}/{len(chosen)}] FAIL {' '.join(row.args)[:90]}: {row.why}",
                  file=sys.stderr)

    t0 = time.perf_counter()
    try:
        rows = run_corpus(tmp, chosen, workers=a.workers, echo=echo)
    finally:
        if not a.keep:
            shutil.rmtree(tmp, ignore_errors=True)
    wall = time.perf_counter() - t0
    print(summary(rows, show_all=a.show_all))
    print(f"\n{len(rows)} cases in {wall:.0f} s; peak memory of a case "
          f"{max(r.max_rss_mib for r in rows):.0f} MiB")
    if out:
        import json
        md, data = report(rows, wall)
        os.makedirs(out, exist_ok=True)
        with open(os.path.join(out, "bad_inputs.md"), "w") as f:
            f.write(md)
        print(f"wrote {os.path.join(out, 'bad_inputs.md')}")
        if a.json:
            with open(os.path.join(out, "bad_inputs.json"), "w") as f:
                json.dump(data, f, indent=1)
            print(f"wrote {os.path.join(out, 'bad_inputs.json')}")
    return 1 if any(r.verdict == "fail" for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
