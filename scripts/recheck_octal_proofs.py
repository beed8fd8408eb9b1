#!/usr/bin/env python3
"""Recheck the periods an atlas or catalogue report says are proved, with code that shares
nothing with gtables' kernels: a plain C naive mex (every move of every heap, written out below
and compiled with gcc), then the Guy-Smith condition G(n+p) = G(n) for n0 <= n < 2*n0 + p + t on
its values, the pre-period's minimality (G(n0-1+p) != G(n0-1)) and the period's (no proper
divisor of p repeats the computed stretch).  With --store, the stored table's values are also
compared with the C values over the whole stretch.

    python scripts/recheck_octal_proofs.py                      # the proved games of the atlas
    python scripts/recheck_octal_proofs.py 4.406:44:294097      # code:period:pre-period
    python scripts/recheck_octal_proofs.py --store /tmp/atlas

Octal codes d0.d1d2..., no '!' codes (Grundy's game has no period to recheck).  Needs gcc.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

import numpy as np

C_SOURCE = r"""
#include <stdio.h>
#include <stdlib.h>
/* heaps 0..N-1 of the octal game with digits d0 d1 d2 ... (argv[3..]), values as uint16 */
int main(int argc, char **argv) {
  long N = atol(argv[1]); int nd = argc - 3; int d[16];
  for (int i = 0; i < nd; i++) d[i] = atoi(argv[3 + i]);
  unsigned short *G = calloc(N, 2); unsigned int *seen = calloc(1 << 16, 4);
  for (long n = 1; n < N; n++) {
    unsigned int st = (unsigned int)n;
    for (int k = 0; k < nd; k++) {
      if (n < k) continue;
      if (k > 0 && (d[k] & 1) && n == k) seen[0] = st;          /* take the whole heap */
      if (k > 0 && (d[k] & 2) && n > k) seen[G[n - k]] = st;    /* leave one heap */
      if ((d[k] & 4) && n - k >= 2) {                           /* leave two heaps */
        long m = n - k;
        for (long a = 1; a <= m / 2; a++) seen[G[a] ^ G[m - a]] = st;
      }
    }
    unsigned int g = 0; while (seen[g] == st) g++;
    G[n] = (unsigned short)g;
  }
  FILE *f = fopen(argv[2], "wb"); fwrite(G, 2, N, f); fclose(f);
  return 0;
}
"""


def digits(code: str) -> list[int]:
    head, _, tail = code.partition(".")
    if "!" in code or not head.isdigit() or not tail.isdigit():
        raise SystemExit(f"{code}: only plain octal codes d0.d1d2... can be rechecked here")
    return [int(head)] + [int(c) for c in tail]


def recheck(exe: str, work: str, code: str, p: int, n0: int, store=None) -> dict:
    d = digits(code)
    t = max(k for k, v in enumerate(d) if v)
    hi = 2 * n0 + p + t
    n = hi + p
    out = os.path.join(work, code + ".bin")
    subprocess.run([exe, str(n), out] + [str(x) for x in d], check=True)
    g = np.fromfile(out, dtype=np.uint16).astype(np.int64)
    res = {"code": code, "period": p, "preperiod": n0, "values": n,
           "condition": bool(np.array_equal(g[n0:hi], g[n0 + p:hi + p])),
           "preperiod_minimal": bool(n0 == 0 or g[n0 - 1] != g[n0 - 1 + p]),
           "smaller_period": [q for q in range(1, p) if p % q == 0
                              and np.array_equal(g[n0:n - q], g[n0 + q:])]}
    if store is not None:       # the store's longest trusted prefix of the game (any table)
        from gtables.api import find_prefix, game
        found = find_prefix(store, game(f"octal:code={code},size={n - 1}"), n)
        if found is not None:
            v = np.asarray(found.values).astype(np.int64)
            res["stored"] = {"spec": found.source, "compared": v.size,
                             "equal": bool(np.array_equal(v, g[:v.size]))}
    return res


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="*", metavar="CODE:PERIOD:PREPERIOD",
                    help="default: the games results/octal_open_atlas.json reports proved")
    ap.add_argument("--report", default=os.path.join("results", "octal_open_atlas.json"))
    ap.add_argument("--store", help="also compare with this store's longest table of the game")
    a = ap.parse_args(argv)
    gcc = shutil.which("gcc")
    if gcc is None:
        print("gcc not found: this recheck compiles its own C program and cannot run here")
        return 2
    if a.games:
        todo = []
        for item in a.games:
            code, _, rest = item.partition(":")
            p, _, n0 = rest.partition(":")
            if not (p.isdigit() and n0.isdigit() and int(p) > 0):
                print(f"{item!r}: give CODE:PERIOD:PREPERIOD, e.g. 4.406:44:294097")
                return 2
            digits(code)                 # an unusable code stops here, with its reason
            todo.append((code, int(p), int(n0)))
    else:
        try:
            with open(a.report) as f:
                doc = json.load(f)
        except (OSError, ValueError) as e:
            print(f"cannot read the report {a.report}: {e}")
            return 2
        todo = [(g["code"], g["period"], g["preperiod"]) for g in doc["games"] if g.get("proved")]
    store = None
    if a.store:
        from gtables.errors import GtablesError
        from gtables.store import Store
        try:
            store = Store(a.store)
        except GtablesError as e:
            print(f"cannot read the store {a.store}: {e}")
            return 2
    bad = 0
    with tempfile.TemporaryDirectory() as work:
        exe = os.path.join(work, "naive")
        src = os.path.join(work, "naive.c")
        with open(src, "w") as f:
            f.write(C_SOURCE)
        subprocess.run([gcc, "-O2", "-o", exe, src], check=True)
        for code, p, n0 in todo:
            r = recheck(exe, work, code, p, n0, store)
            ok = r["condition"] and r["preperiod_minimal"] and not r["smaller_period"] and \
                r.get("stored", {}).get("equal", True)
            bad += not ok
            st = r.get("stored")
            print(f"{code}: period {p}, pre-period {n0}, {r['values']:,} values by the C naive "
                  f"mex: condition {r['condition']}, pre-period minimal "
                  f"{r['preperiod_minimal']}, smaller period {r['smaller_period'] or 'none'}"
                  + (f"; {st['spec']} equal on {st['compared']:,} values: {st['equal']}"
                     if st else "") + (" -- OK" if ok else " -- DISAGREES"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
