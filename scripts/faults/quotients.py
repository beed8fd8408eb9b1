"""Attacks on stored misère quotients: damaged and planted quotient files, and quotients with
valid checksums that are not what they say (a non-associative table, a forged periodicity
certificate; issue 39, items 2 and 3).  A wrong answer is one a command gives with exit 0 that
differs from a plain recursion.
"""
from __future__ import annotations

import json
import os

import numpy as np

from .harness import PY, Ctx, Rec, cli, damage, table_path


def attack_quotients(ctx: Ctx, rec: Rec) -> None:
    """stored misère quotients: byte flips, truncation, links/FIFOs/dirs planted under their
    names, forged files with valid checksums; read by quotient, query past a total, check"""
    from gtables.games.octal import heap_options
    from gtables.misere import quotient as Q
    from gtables.store import Store

    code, n = "0.75", 12
    qspec = f"octal:code={code},size={n}"
    truth = Q.quotient(lambda h: heap_options(code, h), n)
    outcome = plain_misere(lambda h: heap_options(code, h))

    sums = [(12, 11, 7), (12, 12, 5, 3), (10, 9, 8), (12, 6, 1)]
    base = ctx.fresh("q")
    rec.cmd(ctx.run([PY, "-m", "gtables.cli", "quotient", f"octal:code={code}", "--heaps", str(n),
                     "--check-total", "14", "-q", "--store", base]), ok_rc=(0,))
    qfile = table_path(base, qspec, "quotients")

    def forge(st, change):
        values, attrs = st.read_quotient(qspec)
        values = np.array(values)
        change(values, attrs["extra"])
        st.write_quotient(qspec, values, attrs["extra"], force=True)

    k = truth.size
    hows = ["any"] * (4 if ctx.quick else 30) + ["truncate"] * (2 if ctx.quick else 10) + \
        ["symlink", "fifo", "dir", "p_portion", "phi", "mult", "layout"]
    for how in hows:
        s = ctx.fresh("q", base)
        path = table_path(s, qspec, "quotients")
        if how in ("any", "truncate"):
            damage(ctx, path, how)
        elif how == "symlink":
            os.unlink(path)
            os.symlink(qfile, path)
        elif how == "fifo":
            os.unlink(path)
            os.mkfifo(path)
        elif how == "dir":
            os.unlink(path)
            os.mkdir(path)
        else:
            forge(Store(s), lambda v, x, how=how: (
                v.__setitem__(n + 1 + 1, v[n + 1 + 1] ^ 1) if how == "p_portion" else
                v.__setitem__(7, (v[7] + 1) % k) if how == "phi" else
                v.__setitem__(n + 1 + k + 2 * k + 3, (v[n + 1 + k + 2 * k + 3] + 1) % k)
                if how == "mult" else x.__setitem__("heaps", n - 1)))
        rec.injections += 1
        r = ctx.run([PY, "-m", "gtables.cli", "quotient", f"octal:code={code}", "--heaps", str(n),
                     "--json", "-q", "--store", s])
        rec.cmd(r, ok_rc=(0, 2))
        if r.get("rc") == 0:
            d = json.loads(r["out"])
            if d["p_portion"] != list(truth.p_portion) or d["mult"] != truth.mult.tolist() or \
                    d["phi"] != truth.phi.tolist():
                rec.bad("wrong", f"quotients/{how}: a quotient read back differs from the truth")
        for hs in sums:
            r = ctx.run([PY, "-m", "gtables.cli", "query",
                         f"octal:code={code},play=misere,total=14",
                         ",".join(map(str, hs)), "--json", "--store", s])
            rec.cmd(r, ok_rc=(0, 2))
            if r.get("rc") == 0 and json.loads(r["out"])["outcome"] != outcome(hs):
                rec.bad("wrong", f"quotients/{how}: query {hs} answered wrong")
        r = ctx.run([PY, "-m", "gtables.cli", "check", "--deep", "--store", s])
        rec.cmd(r, ok_rc=(0, 1))
        if how in ("symlink", "fifo", "dir", "p_portion", "phi", "mult", "layout") and \
                r.get("rc") != 1:
            rec.bad(None, f"quotients/{how}: check --deep did not report the damage")


# -- misère quotients that are not what they say (issue 39, items 2 and 3) -----------------------
QF_CODE, QF_HEAPS = "0.75", 30
QF_SPEC = f"octal:code={QF_CODE},size={QF_HEAPS}"
QF_TOTAL = f"octal:code={QF_CODE},play=misere,total=8"     # sums past total 8: from a quotient
QF_LATE3 = "late3:size=30"
QF_LATE3_RULES = '''\
import gtables


def late3(n, out):
    c = 0
    for s in (1, 2, 3):
        if s <= n and (s < 3 or n >= 40):      # take 1 or 2; take 3 only from heap 40 on
            out[2 * c] = n - s
            out[2 * c + 1] = 0
            c += 1
    return c


gtables.heap_game("late3", late3, max_options=3, replace=True)
'''


def _qf_export(path: str, spec: str, values, extra: dict) -> None:
    """An export file holding one quotient, written with gtables' own functions: every
    checksum valid, no seal."""
    import h5py

    from gtables.store import relname
    from gtables.store import tablefile as tf
    with h5py.File(path, "w") as f:
        f.attrs.update({"schema": tf.EXPORT_SCHEMA, "schema_version": tf.FILE_VERSION})
        tf.export_image_add(f, relname(spec), np.asarray(values, dtype=np.int32),
                            {"spec": spec, "extra": extra, "complete": 1,
                             "schema": tf.QUOTIENT_SCHEMA, "schema_version": tf.FILE_VERSION},
                            area="quotients")


def plain_misere(options):
    """Misère outcome of a sum of heaps by memoised plain recursion on ``options(h)``."""
    import functools

    @functools.cache
    def outcome(pos):
        moved = False
        for i, h in enumerate(pos):
            for o in options(h):
                moved = True
                nxt = pos[:i] + pos[i + 1:] + tuple(x for x in o if x)
                if outcome(tuple(sorted(nxt, reverse=True))) == "P":
                    return "N"
        return "P" if moved else "N"
    return lambda hs: outcome(tuple(sorted(hs, reverse=True)))


def _qf_late3_options(h: int) -> list:
    return [(h - s,) for s in (1, 2, 3) if s <= h and (s < 3 or h >= 40)]


def _qf_late3_truth(h: int) -> str:
    """One heap of late3: its misère outcome by the plain recursion written as a loop."""
    out = ["N"]
    for n in range(1, h + 1):
        out.append("N" if any(out[o[0]] == "P" for o in _qf_late3_options(n)) else "P")
    return out[h]


def _qf_plant(ctx, base: str, spec: str, values, extra: dict, sealed_by_old_import: bool) -> str:
    """A copy of the store ``base`` with the quotient file of ``spec`` replaced: sealed with
    this store's key under the description an import before the fix wrote, or written by
    another store (so unsealed here)."""
    import shutil

    from gtables.store import Store, relname
    s = ctx.name("qf")
    shutil.copytree(base, s, symlinks=True)
    if sealed_by_old_import:
        Store(s).write_quotient(spec, values, dict(extra, imported={
            "recertified": True, "checked_total": 20}), force=True)
    else:
        other = ctx.name("qf-other")
        Store(other).write_quotient(spec, values, extra)
        os.replace(os.path.join(other, "quotients", relname(spec)),
                   os.path.join(s, "quotients", relname(spec)))
    return s


def _qf_judge_outcome(r: dict, what: str, got_of, truth: str) -> None:
    """Mark ``r`` wrong when it answered, with exit 0, other than ``truth``."""
    if r.get("rc") == 0:
        try:
            got = got_of(json.loads(r["out"]))
        except (ValueError, KeyError, TypeError):
            got = None
        if got != truth:
            r["wrong"] = f"{what}: answered {got}, truth {truth}"


def attack_quotient_forgeries(ctx, rec) -> None:
    """misère quotients with valid checksums that are not what they say: 0.75's table made
    non-associative (ab ab^2 = 1, a ab = 1; more random products in full mode), imported from
    an export file, sealed by an import from before the monoid laws were checked, and planted
    unsealed; a user heap game's quotient (late3: take 1 or 2, and 3 from heap 40 on) with a
    forged periodicity certificate, imported and planted; query past a total (heaps in both
    orders), quotient --outcome, check --deep.  An answer with exit 0 that differs from a plain
    recursion is wrong; an import that takes a forged quotient, or a check --deep that passes
    one, is an anomaly"""
    from gtables.engine.take_and_break import TakeAndBreak
    from gtables.games.octal import heap_options, take_and_break
    from gtables.misere import quotient as Q
    from gtables.misere.period import window
    from gtables.store import Store

    base = ctx.name("qf-base")
    rec.cmd(cli(ctx, "quotient", f"octal:code={QF_CODE}", "--heaps", str(QF_HEAPS),
                 "--check-total", "8", "-q", "--store", base), ok_rc=(0,))
    values, attrs = Store(base).read_quotient(QF_SPEC)
    extra = json.loads(json.dumps(attrs["extra"]))
    n, k = int(extra["heaps"]), int(extra["size"])
    true_q = Q.quotient(lambda h: heap_options(QF_CODE, h), QF_HEAPS,
                        rules=take_and_break(QF_CODE))
    plain = plain_misere(lambda h: heap_options(QF_CODE, h))
    cert = true_q.period_certificate
    sums = [(1, 2, 9, 10), (10, 9, 2, 1)]
    if not ctx.quick:
        sums += [(1, 2, 3, 16), (16, 3, 2, 1), (1, 2, 9, 1_000_000), (1_000_000, 9, 2, 1),
                 (5, 5, 7, 12)]

    def truth(hs) -> str:        # heaps past 30 reduced by the proved period (the theorem)
        return plain(tuple(cert.reduce(h) for h in hs))

    def forged(changes) -> np.ndarray:
        v = np.array(values, dtype=np.int32)
        m = v[n + 1 + k:].reshape(k, k)
        for (x, y), z in changes:
            m[x, y] = m[y, x] = z
        v[n + 1 + k:] = m.ravel()
        return v

    name = true_q.names.index
    forgeries = [("ab ab^2 = 1", forged([((name("ab"), name("ab^2")), 0)]))]
    if not ctx.quick:
        forgeries.append(("a ab = 1", forged([((name("a"), name("ab")), 0)])))
    rng = np.random.default_rng(39)
    while not ctx.quick and len(forgeries) < 8:
        x, y = (int(t) for t in rng.integers(1, k, 2))
        z = int(rng.integers(0, k))
        if z != int(values[n + 1 + k + x * k + y]):
            forgeries.append((f"{x} {y} = {z}", forged([((x, y), z)])))
    for label, v in forgeries:
        victims = []
        path = os.path.join(ctx.sub("qf-exports"), "forged.h5")
        _qf_export(path, QF_SPEC, v, extra)
        s = ctx.name("qf-import")
        r = cli(ctx, "import", path, "--store", s)
        rec.injections += 1
        rec.cmd(r, ok_rc=(1,))               # refused: exit 1, nothing imported
        if Store(s).exists() and Store(s).read_quotient(QF_SPEC) is not None:
            rec.bad(None, f"quotient forgeries/{label}: the import took a forged quotient")
            victims.append(s)
        for old in (True, False):
            victims.append(_qf_plant(ctx, base, QF_SPEC, v, extra, old))
            rec.injections += 1
        for s in victims:
            for hs in sums:
                pos = "+".join(map(str, hs))
                r = cli(ctx, "query", QF_TOTAL, pos, "--json", "--store", s)
                _qf_judge_outcome(r, f"{label}: query {pos}", lambda d: d["outcome"], truth(hs))
                rec.cmd(r, ok_rc=(0, 2))
            hs = (1, 2, 3, 16)
            r = cli(ctx, "quotient", f"octal:code={QF_CODE}", "--heaps", str(QF_HEAPS),
                     "--outcome", ",".join(map(str, hs)), "--json", "--store", s)
            _qf_judge_outcome(r, f"{label}: quotient --outcome",
                              lambda d, hs=hs: d["outcomes"][",".join(map(str, hs))], truth(hs))
            rec.cmd(r, ok_rc=(0, 2))
            r = cli(ctx, "check", "--deep", "--json", "--store", s)
            rec.cmd(r, ok_rc=(1,))           # the forged quotient is reported damaged
        rec.seen[f"{label}: refused on import, on lookup and by check --deep"] += 1
    # a user heap game's quotient with a forged certificate for every heap: period 3 from heap
    # 0 for the rules "take 1 or 2", which are late3's on heaps 0..30 only
    d = ctx.sub("qf-late3")
    rules = os.path.join(d, "late3_rules.py")
    with open(rules, "w") as f:
        f.write(QF_LATE3_RULES)
    q = Q.quotient(_qf_late3_options, 30)
    wrong_rules = TakeAndBreak(one=(1, 2), two=(), k=2)
    isp = np.zeros(q.size, dtype=np.int32)
    isp[list(q.p_portion)] = 1
    lv = np.concatenate([q.phi, isp, q.mult.ravel()]).astype(np.int32)
    lx = {"layout": "phi,p_portion,mult", "game": QF_LATE3, "heaps": 30, "size": q.size,
          "p_size": q.p_size, "tame_to": q.tame_to, "expansions": list(q.expansions),
          "certified_to": "all", "names": list(q.names),
          "period_certificate": {"preperiod": 0, "period": 3, "heaps": 30,
                                 "window": window(wrong_rules, 0, 3),
                                 "rules": wrong_rules.as_dict(), "theorem": "forged"}}
    heaps = (41, 1_000_000) if not ctx.quick else (41,)
    lbase = ctx.name("qf-late3-base")           # the true quotient, replaced in each copy
    Store(lbase).write_quotient(QF_LATE3, lv, dict(lx, certified_to=30, period_certificate=None))
    path = os.path.join(d, "forged.h5")
    _qf_export(path, QF_LATE3, lv, lx)
    s = ctx.name("qf-late3-import")
    r = cli(ctx, "--rules", rules, "import", path, "--store", s)
    rec.injections += 1
    rec.cmd(r, ok_rc=(1,))
    planted = (True,) if ctx.quick else (True, False)
    victims = [s] + [_qf_plant(ctx, lbase, QF_LATE3, lv, lx, old) for old in planted]
    rec.injections += len(planted)
    for s in victims:
        r = cli(ctx, "--rules", rules, "quotient", "late3", "--heaps", "30", "--check-total",
                 "6", *[a for h in heaps for a in ("--outcome", str(h))], "--json", "--store", s)
        for h in heaps:
            _qf_judge_outcome(r, f"late3 quotient --outcome {h}",
                              lambda dd, h=h: dd["outcomes"][str(h)], _qf_late3_truth(h))
        rec.cmd(r, ok_rc=(0, 2))
        if s != victims[0]:
            r = cli(ctx, "--rules", rules, "check", "--deep", "--json", "--store", s)
            rec.cmd(r, ok_rc=(1,))
    rec.seen["late3: the forged certificate refused on import, on lookup and by check --deep"] += 1
