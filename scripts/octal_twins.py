"""Twins across families: each octal code with d0 = 4 (up to three digits after the point) whose
heap of n + 1 is a heap of n of a code with d0 = 0 (``gtables.games.octal.shift_twin``: the same
game with every heap one smaller), that code's class of provably equal values in the 3- and
4-digit catalogues, and what the catalogues found for it; the d0 = 4 codes on the public solver's
list of unsolved games are marked.  Reads results/octal_catalogue.json and
results/octal_catalogue4.json (committed); writes results/octal_twins.md and .json.

    python scripts/octal_twins.py [--out results]
"""
from __future__ import annotations

import argparse
import json
import os
import sys


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default="results", help="where the catalogues' JSON are and the "
                    "report goes (default results)")
    args = ap.parse_args(argv)
    from gtables.games.octal import parse_code, shift_twin
    from gtables.games.octal.open_list import open_codes
    from gtables.octal_catalogue.digits import octal4_codes

    found = {}
    for name in ("octal_catalogue.json", "octal_catalogue4.json"):
        path = os.path.join(args.out, name)
        if not os.path.exists(path):
            print(f"{path} is missing: run the catalogue first", file=sys.stderr)
            return 2
        with open(path) as fh:
            for g in json.load(fh)["games"]:
                found[g["code"]] = g
    reps, twin_of = octal4_codes()
    listed = set(open_codes())
    rows = []
    for i in range(8 ** 3):
        code = parse_code(f"4.{i:03o}")
        twin = shift_twin(code)
        if twin is None:
            continue
        rep = twin_of.get(twin, twin)
        g = found.get(rep)
        status = ("not in the catalogues" if g is None else
                  f"proved: period {g['period']}, pre-period {g['preperiod']}" if g.get("proved")
                  else f"open to {g.get('computed_to', 0):,} values")
        rows.append({"code": code, "twin": twin, "class": rep, "status": status,
                     "proved": bool(g and g.get("proved")), "listed_unsolved": code in listed})
    rows.sort(key=lambda r: (not r["listed_unsolved"], r["code"]))
    with open(os.path.join(args.out, "octal_twins.json"), "w") as fh:
        json.dump({"command": "python scripts/octal_twins.py", "rows": rows}, fh, indent=1)
    lst = [r for r in rows if r["listed_unsolved"]]
    L = ["# Octal twins across families: d0 = 4 codes that are 0-codes shifted by one heap", "",
         "Written by `python scripts/octal_twins.py` from the committed catalogues "
         "(`octal_catalogue.json`, `octal_catalogue4.json`). A code `4.d1d2...` whose `d1` lacks "
         "bit 1 has heaps of 1 without a move, and its heap of n + 1 *is* a heap of n of the "
         "0-code `shift_twin` gives (`gtables.games.octal.shift_twin`, proof in its docstring; "
         "`tests/test_heaps.py` compares the values of 42 codes and their twins with a "
         "reference solver, heaps 0..160): so "
         "G(n + 1) = G'(n) for every n, and everything the catalogues proved for the twin's "
         "class (codes with provably equal values, the 4-digit catalogue's twin rule) holds for "
         "the d0 = 4 code shifted by one heap.", "",
         f"{len(rows)} of the 512 codes 4.d1d2d3 (written canonically) have a twin; "
         f"{sum(r['proved'] for r in rows)} of them are thereby proved periodic by the "
         f"catalogues; {len(lst)} are on the public solver's list of unsolved games "
         f"(tczajka/octal-games UnsolvedGames.md), {sum(r['proved'] for r in lst)} of which "
         f"are thereby solved: 'listed as unsolved by the public solver's list', not new "
         f"results.", "",
         "The two listed games proved periodic by the open-game atlas (its own run, "
         "`results/octal_open_atlas.md`) agree with their twins' proofs in the 4-digit "
         "catalogue: 4.064 period 16,132, pre-period 94,272 (0.7367: 16,132 and 94,271), "
         "4.406 period 44, pre-period 294,097 (0.7726: 44 and 294,096): the pre-period one "
         "larger, as a shift by one heap makes it.", "",
         "## On the list of unsolved games", "",
         "| code | the same game as | class (equal values) | catalogues |", "|---|---|---|---|"]
    L += [f"| {r['code']} | {r['twin']} shifted | {r['class']} | {r['status']} |" for r in lst]
    L += ["", "## Every twin", "", "| code | the same game as | class (equal values) | catalogues |",
          "|---|---|---|---|"]
    L += [f"| {r['code']} | {r['twin']} shifted | {r['class']} | {r['status']} |"
          for r in rows if not r["listed_unsolved"]]
    with open(os.path.join(args.out, "octal_twins.md"), "w") as fh:
        fh.write("\n".join(L) + "\n")
    print(f"wrote {os.path.join(args.out, 'octal_twins.md')}: {len(rows)} twins, {len(lst)} "
          f"listed as unsolved ({sum(r['proved'] for r in lst)} proved by their twin)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
