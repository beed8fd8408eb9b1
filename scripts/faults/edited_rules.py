"""Attacks with a user's game whose rules file was edited after its table was stored (issue
39, item 4): every answer must be the edited rules' truth (a plain recursion), or be refused, or
without the rules be said to be read as stored.
"""
from __future__ import annotations

import json
import os

from .harness import PY, cli

# -- a user's game under edited rules (issue 39, item 4) ------------------------------------------
ER_ROWS, ER_COLS = 2, 3
ER_SPEC = f"boardkayles:rows={ER_ROWS},cols={ER_COLS}"
# the docs' board Kayles (docs/your_own_game.md, section 2), then the same game edited to single
# cells; VERSION is filled in (None: the identity is the hash of the functions)
ER_KAYLES = '''\
import gtables
from gtables.cells import COLS, NOT_LAST_COL


def kayles_moves(pos, side, params, out):
    n, rest = 0, pos
    while rest:
        low = rest & -rest
        out[n], n, rest = pos ^ low, n + 1, rest ^ low
    cols = params[COLS]
    for pairs, step in ((pos & (pos >> 1) & params[NOT_LAST_COL], 1),
                        (pos & (pos >> cols), cols)):
        while pairs:
            low = pairs & -pairs
            out[n], n, pairs = pos ^ (low | low << step), n + 1, pairs ^ low
    return n


gtables.define_game("boardkayles", space="board", moves=kayles_moves, split="regions",
                    max_options=lambda sp: sp.n + sp.rows * (sp.cols - 1) + (sp.rows - 1) * sp.cols,
                    symmetry="all", version=VERSION)
'''
ER_SINGLES = '''\
import gtables


def kayles_moves(pos, side, params, out):
    n, rest = 0, pos
    while rest:
        low = rest & -rest
        out[n], n, rest = pos ^ low, n + 1, rest ^ low
    return n


gtables.define_game("boardkayles", space="board", moves=kayles_moves, split="regions",
                    max_options=lambda sp: sp.n, symmetry="all", version=VERSION)
'''
# a heap game (gtables.heap_game) whose options function is edited: subtract a square, then
# subtract 1 or 4 only
ER_SQUARES = '''\
import gtables


def options(n, out):
    c, s = 0, 1
    while s * s <= n and s <= LIMIT:
        out[2 * c] = n - s * s
        out[2 * c + 1] = 0
        c, s = c + 1, s + 1
    return c


gtables.heap_game("fisquares", options, max_options=12)
'''
ER_HEAPS = "fisquares:size=40"
# gtables.load in its own process, with the rules file imported first (or none)
ER_LOAD = '''\
import importlib.util, json, sys
import gtables
rules, store, spec, pos = sys.argv[1:5]
if rules:
    s = importlib.util.spec_from_file_location("edited_rules", rules)
    s.loader.exec_module(importlib.util.module_from_spec(s))
try:
    t = gtables.load(spec, store=store)
    print(json.dumps({"grundy": t.value(pos), "as_stored": getattr(t, "as_stored", None)}))
except gtables.GtablesError as e:
    print(f"gtables: error: {e}", file=sys.stderr)
    sys.exit(2)
'''


def _er_mex(values) -> int:
    seen = set(values)
    return next(i for i in range(len(seen) + 1) if i not in seen)


def _er_board(pairs: bool) -> list[int]:
    """Every value of the ER_ROWS x ER_COLS board, by plain recursion over bitmasks: board
    Kayles (``pairs``) or single cells only."""
    memo: dict[int, int] = {}
    for pos in range(1 << (ER_ROWS * ER_COLS)):      # options have smaller masks: in order
        cells = [c for c in range(ER_ROWS * ER_COLS) if pos >> c & 1]
        opts = [pos & ~(1 << c) for c in cells]
        if pairs:
            for c in cells:
                r, k = divmod(c, ER_COLS)
                for d, ok in ((1, k + 1 < ER_COLS), (ER_COLS, r + 1 < ER_ROWS)):
                    if ok and pos >> (c + d) & 1:
                        opts.append(pos & ~(1 << c) & ~(1 << (c + d)))
        memo[pos] = _er_mex(memo[o] for o in opts)
    return [memo[p] for p in range(1 << (ER_ROWS * ER_COLS))]


def _er_heaps(limit: int, size: int) -> list[int]:
    g: list[int] = []
    for n in range(size + 1):
        g.append(_er_mex(g[n - s * s] for s in range(1, limit + 1) if s * s <= n))
    return g


def _er_text(pos: int) -> str:
    return "|".join("".join("." if pos >> (r * ER_COLS + c) & 1 else "#" for c in range(ER_COLS))
                    for r in range(ER_ROWS))


def _er_mask(text: str) -> int:
    """The index of a board position as gtables writes it (rows top first, ``.`` free)."""
    return sum(1 << i for i, ch in enumerate(text.replace("|", "")) if ch == ".")


def _er_answer(truth: list[int], p: int, as_stored: bool = False):
    """A check of a ``query``/``solve``/load answer at position ``p``: its value (and each move's)
    against ``truth``; ``as_stored``: the answer must also say it is read as stored."""
    def check(out: dict) -> str | None:
        where = _er_text(p)
        if as_stored and not out.get("as_stored"):
            return f"{where}: {out['grundy']} given as the game's, not said to be as stored"
        if out["grundy"] != truth[p]:
            return f"{where}: {out['grundy']}, truth {truth[p]}"
        for m in out.get("moves", ()):
            to = _er_mask(m["to"])
            if m["value"] != truth[to]:
                return f"{where} -> {m['to']}: {m['value']}, truth {truth[to]}"
        return None
    return check


def _er_judge(r: dict, what: str, check) -> None:
    """Mark ``r`` wrong when it answered (exit 0) and ``check(parsed output)`` says why the
    answer is not the truth of the rules loaded (a string), or its output does not parse."""
    if r.get("rc") != 0:
        return
    try:
        why = check(json.loads(r["out"]))
    except (ValueError, KeyError, TypeError, IndexError) as e:
        why = f"an answer that does not read ({type(e).__name__}): {r['out'][-200:]!r}"
    if why:
        r["wrong"] = f"edited rules, {what}: {why}"


def attack_edited_rules(ctx, rec) -> None:
    """a user's game whose rules file was edited after its table was stored (the docs' board
    Kayles cut to single cells, by its hash and, in full mode, with its version bumped; a heap
    game's options function cut to two squares): query, query --moves, show, gtables.load,
    compute, solve (dense and reachable) and check --deep with the edited rules, and query,
    show, load and check --deep with none; an answer with exit 0 that is not the edited rules'
    truth, or without the rules not said to be read as stored, is wrong"""
    base = ctx.sub("edited-rules")
    old, new = _er_board(True), _er_board(False)
    contested = [p for p in range(len(old)) if (old[p] == 0) != (new[p] == 0)]
    positions = [len(old) - 1] + contested[:1]        # the start, and one whose outcome flips
    loader = os.path.join(base, "load.py")
    with open(loader, "w") as f:
        f.write(ER_LOAD)
    variants = [("hash", None, None)] + ([] if ctx.quick else [("version", "1", "2")])
    for variant, v_old, v_new in variants:
        d = ctx.sub(os.path.join("edited-rules", variant))
        kayles, singles = os.path.join(d, "kayles_rules.py"), os.path.join(d, "singles_rules.py")
        for path, text, v in ((kayles, ER_KAYLES, v_old), (singles, ER_SINGLES, v_new)):
            with open(path, "w") as f:
                f.write(text.replace("VERSION", repr(v)))
        store = os.path.join(d, "store")
        rec.cmd(cli(ctx, "--rules", kayles, "compute", ER_SPEC, "--store", store), ok_rc=(0,))
        edited = ["--rules", singles]
        for p in positions:
            text = _er_text(p)
            for argv in (["query", ER_SPEC, text, "--json"],
                         ["query", ER_SPEC, text, "--moves", "--json"],
                         ["solve", ER_SPEC, text, "--json"],
                         ["solve", ER_SPEC, text, "--method", "reachable", "--no-checkpoint",
                          "--json"]):
                r = cli(ctx, *edited, *argv, "--store", store)
                rec.injections += 1
                _er_judge(r, f"{variant} {' '.join(argv[:1] + argv[3:4])}",
                          _er_answer(new, p))
                rec.cmd(r, ok_rc=(0, 2))
            r = ctx.run([PY, loader, singles, store, ER_SPEC, text])
            rec.injections += 1
            _er_judge(r, f"{variant} gtables.load", _er_answer(new, p))
            rec.cmd(r, ok_rc=(0, 2))
            for r in (cli(ctx, "query", ER_SPEC, text, "--json", "--store", store),
                      ctx.run([PY, loader, "", store, ER_SPEC, text])):
                rec.injections += 1       # no rules: the stored value, said to be as stored
                _er_judge(r, f"{variant} without the rules", _er_answer(old, p, as_stored=True))
                rec.cmd(r, ok_rc=(0, 2))
        r = cli(ctx, *edited, "show", ER_SPEC, "--limit", "16", "--format", "json", "--store",
                 store)
        rec.injections += 1
        _er_judge(r, f"{variant} show", lambda out: next(
            (f"entry {i}: {e['value']}, truth {new[i]}" for i, e in enumerate(out["entries"])
             if e["value"] != new[i]), None))
        rec.cmd(r, ok_rc=(0, 2))
        r = cli(ctx, "show", ER_SPEC, "--limit", "16", "--format", "json", "--store", store)
        rec.injections += 1
        _er_judge(r, f"{variant} show without the rules", lambda out: None if out.get(
            "as_stored") else "the stored values given as the game's (no as_stored)")
        rec.cmd(r, ok_rc=(0, 2))
        r = cli(ctx, *edited, "compute", ER_SPEC, "--quiet", "--store", store)
        rec.injections += 1
        if r.get("rc") == 0 and "already stored" in r.get("out", ""):
            r["wrong"] = f"edited rules, {variant} compute: the old rules' table said stored"
        rec.cmd(r, ok_rc=(0, 2))
        r = cli(ctx, *edited, "check", "--deep", "--store", store)
        rec.injections += 1
        if r.get("rc") == 0:
            r["wrong"] = f"edited rules, {variant} check --deep: the old rules' table passed"
        rec.cmd(r, ok_rc=(0, 1))
        r = cli(ctx, "check", "--deep", "--store", store)
        rec.injections += 1
        if r.get("rc") == 0 and "every table re-derived" in r.get("out", ""):
            r["wrong"] = (f"{variant} check --deep without the rules: said every table "
                          f"re-derived")
        rec.cmd(r, ok_rc=(0, 1))
        rec.seen[f"{variant}: every command refused or answered the edited rules' truth"] += 1
    # the heap game
    d = ctx.sub(os.path.join("edited-rules", "heap"))
    squares, two = os.path.join(d, "squares_rules.py"), os.path.join(d, "two_rules.py")
    for path, limit in ((squares, 12), (two, 2)):
        with open(path, "w") as f:
            f.write(ER_SQUARES.replace("LIMIT", str(limit)))
    store = os.path.join(d, "store")
    rec.cmd(cli(ctx, "--rules", squares, "compute", ER_HEAPS, "--store", store), ok_rc=(0,))
    truth_old, truth_new = _er_heaps(12, 40), _er_heaps(2, 40)
    n = next(k for k in range(41) if (truth_old[k] == 0) != (truth_new[k] == 0))
    for argv in (["query", ER_HEAPS, str(n), "--json"], ["show", ER_HEAPS, "--format", "json"]):
        r = cli(ctx, "--rules", two, *argv, "--store", store)
        rec.injections += 1
        _er_judge(r, f"heap game {argv[0]}", lambda out: (
            None if out["grundy"] == truth_new[n] else f"heap {n}: {out['grundy']}")
            if "grundy" in out else next((f"heap {i}: {e['value']}" for i, e in
                                          enumerate(out["entries"]) if e["value"] !=
                                          truth_new[i]), None))
        rec.cmd(r, ok_rc=(0, 2))
    # --quiet: no compile notices (the heap game's move generator, a closure numba compiles in
    # every run, announces itself on a busy machine) beside the one error line
    r = cli(ctx, "--rules", two, "compute", ER_HEAPS, "--quiet", "--store", store)
    rec.injections += 1
    if r.get("rc") == 0 and "already stored" in r.get("out", ""):
        r["wrong"] = "edited rules, heap game compute: the old rules' table said stored"
    rec.cmd(r, ok_rc=(0, 2))
    r = ctx.run([PY, loader, two, store, ER_HEAPS, str(n)])
    rec.injections += 1
    _er_judge(r, "heap game gtables.load", lambda out: None if out["grundy"] == truth_new[n]
              else f"heap {n}: {out['grundy']}, truth {truth_new[n]}")
    rec.cmd(r, ok_rc=(0, 2))
    rec.seen["heap game: every command refused or answered the edited rules' truth"] += 1
