"""Misère quotients of heap games by spec: computed, checked against the exact tables, kept in
the store, and used to answer misère positions past those tables.

    >>> import gtables
    >>> q = gtables.quotient("octal:code=0.75", heaps=40)     # computed, checked, stored
    >>> q.size, q.p_size, q.outcome([30, 25, 7])
    (8, 2, 'N')

A quotient is named by the heap game it is the quotient of: ``octal:code=0.75`` with
``heaps=40`` is the quotient of ``octal:code=0.75,size=40`` (the sums of heaps ``0..40``), and
the store keeps it under that spec (``<store>/quotients/octal/...``, :meth:`Store.write_quotient`).

**Checked, not trusted.**  The engine certifies every quotient by the pretending-function test
(:mod:`gtables.misere.quotient`).  Before it is stored it is also compared with the exact
misère outcomes of every sum of heaps of total at most ``T``: the stored table
``<game>,play=misere,total=T'`` with the largest ``T' >= T`` when the store has one, else that
table for ``T`` computed now by the engine's heap-sum kernel (and stored too), else (a family
with no ``total=`` tables) the quotient engine's own brute force.  ``T`` is at least 40 by
default.  A quotient that disagrees anywhere is not stored: that would be a bug, and the error
names the first sum.  A stored quotient is re-certified whenever it is read (the monoid laws on
its whole table, the pretending-function test; its history, |Q_t| and tameness for every bound
``t``, is re-derived from it, never read; its periodicity certificate derived from the game's own
rules, never from the file), so a forged or damaged file is refused, not believed.
"""
from __future__ import annotations

import dataclasses
import time

import numpy as np

from . import api, games
from .engine.game import split_spec
from .errors import GtablesError
from .store import AlreadyStored, Store

DEFAULT_CHECK_TOTAL = 40      # sums checked against exact outcomes: every total up to this
MAX_HEAPS = 100_000


def _heaps_arg(heaps) -> int | None:
    if heaps is None:
        return None
    if isinstance(heaps, bool) or not isinstance(heaps, (int, np.integer)):
        raise GtablesError(f"heaps must be an integer, not {type(heaps).__name__} "
                           f"{str(heaps)[:40]!r}")
    if not 0 <= int(heaps) <= MAX_HEAPS:
        raise GtablesError(f"heaps must be 0..{MAX_HEAPS:,}, not {heaps}")
    return int(heaps)


def heap_game_spec(spec: str, heaps: int | None = None) -> str:
    """The canonical spec of the heap game whose quotient ``spec`` and ``heaps`` name: the
    family's keys without ``play``/``total``, and ``size=heaps`` (``heaps`` may be left out when
    the spec has ``size=``; both must agree when both are given).  A family with a ``heaps`` key
    for its number of heaps (nim) gets ``heaps=1``."""
    spec = api.spec_arg(spec)
    heaps = _heaps_arg(heaps)
    family, pairs = split_spec(spec)
    keys = dict(pairs)
    if len(keys) != len(pairs):
        raise GtablesError(f"{spec}: a key is given twice")
    play = keys.pop("play", None)
    if play is not None and play != "misere":
        raise GtablesError(f"{spec}: a misère quotient is of misère play; leave out play= or "
                           f"say play=misere")
    keys.pop("total", None)
    size = keys.pop("size", None)
    if size is not None:
        try:
            size_n = int(size)
        except ValueError:
            raise GtablesError(f"{spec}: size must be an integer, not {size!r}") from None
        if heaps is not None and heaps != size_n:
            raise GtablesError(f"{spec}: size={size_n} and heaps={heaps} disagree; give one")
        heaps = size_n
    if heaps is None:
        raise GtablesError(f"{spec}: say up to which heap (--heaps N, or size=N in the spec)")
    _heaps_arg(heaps)
    grammar = games.grammar(family) if family in games.GRAMMARS else None
    known = [p.name for p in grammar.params] if grammar is not None else None
    if known is not None and "heaps" in known and "heaps" not in keys:
        keys["heaps"] = "1"
    body = ",".join(f"{k}={v}" for k, v in [*keys.items(), ("size", str(heaps))])
    return games.canonical(f"{family}:{body}")


def game_key(qspec: str) -> str:
    """A heap game's spec without its ``size``: what every quotient of the game shares."""
    family, pairs = split_spec(qspec)
    return f"{family}:" + ",".join(f"{k}={v}" for k, v in pairs if k != "size")


def size_of(qspec: str) -> int:
    return int(dict(split_spec(qspec)[1])["size"])


def misere_total_spec(qspec: str, total: int) -> str | None:
    """The spec of the exact table of misère outcomes of sums of heaps of total at most
    ``total`` of the same game (``...,play=misere,total=T``), or None when the family has none."""
    family, pairs = split_spec(qspec)
    keep = [(k, v) for k, v in pairs if k not in ("size", "heaps")]
    text = f"{family}:" + ",".join(f"{k}={v}" for k, v in [*keep, ("play", "misere"),
                                                           ("total", str(int(total)))])
    try:
        return games.canonical(text)
    except GtablesError:
        return None


# -- storing ------------------------------------------------------------------------------------

def _arrays(q) -> np.ndarray:
    """A quotient's arrays as one flat int32 array: ``Φ`` (heaps + 1), the P-portion as 0/1
    (size), the multiplication table (size^2, row by row)."""
    isp = np.zeros(q.size, dtype=np.int32)
    isp[list(q.p_portion)] = 1
    return np.concatenate([np.asarray(q.phi, dtype=np.int32), isp,
                           np.asarray(q.mult, dtype=np.int32).ravel()])


def _extra(q, qspec: str) -> dict:
    return {"layout": "phi,p_portion,mult", "game": qspec, "heaps": q.heaps, "size": q.size,
            "p_size": q.p_size, "tame_to": q.tame_to, "expansions": list(q.expansions),
            "checked_total": q.checked_total, "checked_positions": q.checked_positions,
            "checked_against": q.checked_against,
            "first_disagreement": None if q.first_disagreement is None
            else list(q.first_disagreement),
            "compute_seconds": round(q.seconds, 6), "check_seconds": round(q.check_seconds, 6),
            "certified_to": q.certified_to,
            "period_certificate": None if q.period_certificate is None
            else q.period_certificate.as_dict(),
            **_names_extra(q)}


#: element names are stored (for lookups without numba, :func:`_sealed_answer`) while their JSON
#: stays this short: an HDF5 attribute holds at most 64 KiB
NAMES_MAX_CHARS = 32_000


def _names_extra(q) -> dict:
    names = [str(x) for x in q.names]
    return {"names": names} if sum(len(x) + 4 for x in names) <= NAMES_MAX_CHARS else {}


def _rebuild(qspec: str, values: np.ndarray, extra: dict, where: str):
    """The :class:`Quotient` a stored file holds, its history re-derived and the whole
    re-certified against the rules ``qspec`` names; a :class:`GtablesError` when it is not the
    quotient of that game.  In order: the monoid laws on the whole table
    (:func:`~gtables.misere.quotient.monoid_failure`), the identity for heaps with no move, the
    pretending-function test on every reachable (element, option images) state, which covers
    every sum of heaps ``0..heaps``, its history, and a periodicity certificate only when the
    game's family declares take-and-break rules (derived from them; a stored one must hold for
    them too, and one for a game the theorem does not cover is refused)."""
    from .misere import quotient as Q

    def bad(why: str) -> GtablesError:
        return GtablesError(f"the stored quotient of {qspec} in {where} is wrong although its "
                            f"checksums hold ({why}); it is not used: compute it again with "
                            f"gtables quotient {qspec} --force")

    try:
        n, k = int(extra["heaps"]), int(extra["size"])
        expansions = tuple(int(x) for x in extra.get("expansions", []))
    except (KeyError, TypeError, ValueError):
        raise bad("its description is incomplete") from None
    if extra.get("layout") != "phi,p_portion,mult" or extra.get("game") != qspec or \
            n != size_of(qspec) or not 1 <= k <= Q.MAX_SIZE * 4 or \
            values.size != n + 1 + k + k * k:
        raise bad("its layout does not match its name")
    v = np.asarray(values, dtype=np.int64)
    phi, isp, mult = v[:n + 1], v[n + 1:n + 1 + k], v[n + 1 + k:].reshape(k, k)
    if mult.min(initial=0) < 0 or mult.max(initial=0) >= k or phi.min(initial=0) < 0 or \
            phi.max(initial=0) >= k or not np.isin(isp, (0, 1)).all():
        raise bad("an element out of range")
    mult32 = np.ascontiguousarray(mult, dtype=np.int32)
    phi32 = np.ascontiguousarray(phi, dtype=np.int32)
    isp8 = np.ascontiguousarray(isp, dtype=np.uint8)
    # the monoid laws on the whole table first: the test below (and every lookup) evaluates a
    # sum in one order of its heaps, which proves nothing where the order matters
    why = Q.monoid_failure(mult32, phi32)
    if why is not None:
        raise bad(f"it is not a commutative monoid: {why}")
    g = api.game(qspec)
    options_of = Q.options_from_game(g)
    opts = Q.heap_options(options_of, n)
    idle = next((h for h in range(1, n + 1) if not opts[h] and phi32[h] != 0), None)
    if idle is not None:       # a heap with no move adds nothing to a sum: the identity
        raise bad(f"heap {idle} has no move, yet its element is not the identity")
    fail = Q.least_failure(mult32, isp8, phi32, Q.OptionArrays(opts, n))
    if fail is not None:
        raise bad("it fails the pretending-function test: some sum of heaps is not what it "
                  "predicts")
    sizes, p_sizes, tame_to = Q.history(mult32, isp8, phi32)
    if sizes[-1] != k:
        raise bad("it has elements no sum of heaps tells apart")
    if any(sizes[t] != sizes[t - 1] and t not in expansions for t in range(1, n + 1)):
        raise bad("its list of expansions misses a heap where the quotient grew")
    try:
        q = Q.canonical_quotient(mult32, isp8, phi32, sizes, p_sizes, expansions, tame_to,
                                 float(extra.get("compute_seconds") or 0.0))
    except AssertionError:
        raise bad("an element no sum reaches") from None
    if not (q.mult == mult32).all() or not (q.phi == phi32).all():
        raise bad("its elements are not in canonical order")
    # the periodicity certificate: derived here from the game's own rules (its family declares
    # them; None: the theorem does not cover the game, e.g. a user heap game), never from the
    # file; a stored one is re-checked against those rules and refused when it does not hold
    from .misere import period as mp
    stored = extra.get("period_certificate")
    rules = g.take_and_break
    if stored is not None and rules is None:
        raise bad("it claims a periodicity certificate for every heap, but the periodicity "
                  "theorem does not cover this game (its family declares no take-and-break "
                  "rules)")
    cert: mp.Certificate | None
    try:
        cert = mp.find_certificate(q.phi, rules)
        if cert is not None:
            mp.check_rules(cert.rules, options_of, n)
        if stored is not None:
            mp.check_certificate(mp.Certificate.from_dict(stored), q.phi, rules=rules,
                                 options_of=options_of)
    except mp.CertificateError as e:
        raise bad(f"its periodicity certificate does not hold: {e}") from None
    if extra.get("certified_to", "all" if stored is not None else n) != \
            ("all" if stored is not None else n):
        raise bad("it says it is certified to a heap its certificate does not give")
    first = extra.get("first_disagreement")
    return dataclasses.replace(
        q, period_certificate=cert, checked_total=extra.get("checked_total"),
        checked_positions=int(extra.get("checked_positions") or 0),
        checked_against=extra.get("checked_against"),
        first_disagreement=None if first is None else tuple(int(x) for x in first),
        check_seconds=float(extra.get("check_seconds") or 0.0))


def load_quotient(spec: str, heaps: int | None = None, store=api.DEFAULT_STORE):
    """The stored quotient of ``spec`` up to ``heaps`` (see :func:`heap_game_spec`), read,
    verified and re-certified; a :class:`GtablesError` when it is not stored (saying how to
    compute it) or not right."""
    qspec = heap_game_spec(spec, heaps)
    st = api.needs_store(store, "load_quotient")
    got = st.read_quotient(qspec)
    if got is None:
        n = size_of(qspec)
        raise GtablesError(f"no quotient of {qspec} in the store {st.path} (run: gtables "
                           f"quotient {game_key(qspec)} --heaps {n})")
    values, attrs = got
    return _rebuild(qspec, values, attrs.get("extra") or {}, st.path)


def stored_quotients(spec: str, store=api.DEFAULT_STORE) -> list[dict]:
    """Every stored quotient of the game ``spec`` names (any heap bound; ``size`` ignored):
    ``{"spec", "heaps", "size", "p_size", "tame_to", "damaged"}``, by heap bound."""
    st = api.needs_store(store, "stored_quotients")
    key = game_key(heap_game_spec(spec, 0))
    rows = []
    for r in st.quotients():
        x: dict = r["extra"] if isinstance(r.get("extra"), dict) else {}
        if r.get("damaged") is None and isinstance(r.get("spec"), str):
            try:
                if game_key(r["spec"]) != key:
                    continue
            except GtablesError:
                continue
        else:
            continue
        rows.append({"spec": r["spec"], "heaps": x.get("heaps"), "size": x.get("size"),
                     "p_size": x.get("p_size"), "tame_to": x.get("tame_to"),
                     "checked_total": x.get("checked_total"),
                     "certified_to": x.get("certified_to", x.get("heaps"))})
    return sorted(rows, key=lambda r: r["heaps"] if isinstance(r["heaps"], int) else -1)


def covering_quotient(spec: str, top_heap: int, store=api.DEFAULT_STORE):
    """The stored quotient of the game of ``spec`` with the smallest heap bound ``>= top_heap``,
    else one certified for every heap (a periodicity certificate, re-checked on load), verified
    and re-certified; None when no stored quotient covers that heap."""
    rows = stored_quotients(spec, store)
    for r in rows:
        if isinstance(r["heaps"], int) and r["heaps"] >= top_heap:
            return load_quotient(r["spec"], store=store)
    for r in rows:
        if r["certified_to"] == "all":
            q = load_quotient(r["spec"], store=store)
            if q.certified_to == "all":       # the certificate held on load
                return q
    return None


# -- computing ----------------------------------------------------------------------------------

def _exact_check(q, qspec: str, st: Store | None, total: int | None, options_of, progress):
    """``q`` compared with exact misère outcomes (module text)."""
    from .misere import quotient as Q
    want = DEFAULT_CHECK_TOTAL if total is None else int(total)
    best = None
    if st is not None and st.exists():
        for r in st.list():
            p: dict = r["params"] if isinstance(r.get("params"), dict) else {}
            T = p.get("total")
            if r.get("damaged") is None and p.get("play") == "misere" and isinstance(T, int) \
                    and T >= want and r.get("spec") == misere_total_spec(qspec, T) and \
                    (best is None or T > best[1]):
                best = (r["spec"], T)
    tspec = best[0] if best else misere_total_spec(qspec, want)
    if tspec is not None:
        if best is None and progress:
            progress(f"computing the exact table {tspec} to check against")
        t = api.load(tspec, store=st) if best else api.compute(tspec, store=st)
        T = best[1] if best else want
        if progress:
            progress(f"checking every sum of total <= {T} against {tspec}")
        checked = Q.check_table(q, np.asarray(t.values), T)
        return dataclasses.replace(checked, checked_against=f"table {tspec}")
    if progress:
        progress(f"checking every sum of total <= {want} by brute force (the family has no "
                 f"total= tables)")
    return dataclasses.replace(Q.check(q, options_of, want),
                               checked_against="the quotient engine's brute force")


def quotient(spec: str, heaps: int | None = None, *, store=api.DEFAULT_STORE, force: bool = False,
             check_total: int | None = None, time_limit: float | None = None,
             max_size: int | None = None, progress=None):
    """The misère quotient of the sums of heaps ``0..heaps`` of the heap game ``spec`` names
    (``"octal:code=0.75"``; :func:`heap_game_spec`): read from the store when it is there
    (unless ``force``), else computed, checked (module text; ``check_total`` the total, 40 by
    default) and stored (``store=None``: not stored).  ``time_limit`` (seconds) and
    ``max_size`` (elements) bound the work: past them a :class:`~gtables.misere.quotient.
    QuotientError` says at which heap the engine stopped and carries the certified quotient of
    the heaps below (``.partial``).  ``progress``: a function of one line of text."""
    from .misere import quotient as Q
    qspec = heap_game_spec(spec, heaps)
    force = api.flag_arg("force", force)
    if check_total is not None:
        if isinstance(check_total, bool) or not isinstance(check_total, (int, np.integer)) \
                or not 1 <= check_total <= 200:
            # 0 would check the empty sum alone and still report agreement
            raise GtablesError(f"check_total must be an integer 1..200 (the largest total of "
                               f"the sums compared; 0 checks only the empty sum), not "
                               f"{check_total!r}")
        check_total = int(check_total)
    if time_limit is not None:
        if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)) or \
                not time_limit > 0:
            raise GtablesError(f"time_limit must be a positive number of seconds, not "
                               f"{time_limit!r}")
    st = api.store_arg(store)
    if st is not None and not force and st.read_quotient(qspec) is not None:
        return load_quotient(qspec, store=st)
    g = api.game(qspec)
    options_of = Q.options_from_game(g)      # not a heap game: refused before the store is made
    if st is not None:
        st.check_writable()
    n = size_of(qspec)
    last = [time.perf_counter()]

    def step(h, size, psize):
        if progress and (time.perf_counter() - last[0] > 1.0 or h == n):
            last[0] = time.perf_counter()
            progress(f"heap {h}/{n}: |Q| = {size}, |P| = {psize}")

    q = Q.quotient(options_of, n, time_limit=time_limit, progress=step,
                   max_size=Q.MAX_SIZE if max_size is None else int(max_size),
                   rules=g.take_and_break)
    isp = np.zeros(q.size, dtype=np.uint8)
    isp[list(q.p_portion)] = 1
    sizes, p_sizes, tame_to = Q.history(q.mult, isp, q.phi)
    if not ((sizes == q.sizes).all() and (p_sizes == q.p_sizes).all() and
            tame_to == q.tame_to):
        raise AssertionError("gtables bug: the quotient's history and its re-derivation differ")
    q = _exact_check(q, qspec, st, check_total, options_of, progress)
    if q.first_disagreement is not None:
        raise GtablesError(
            f"the quotient of {qspec} disagrees with {q.checked_against} at the sum of heaps "
            f"{'+'.join(map(str, q.first_disagreement))}: not stored (this is a bug in gtables; "
            f"please report it with this line)")
    if st is not None:
        try:
            st.write_quotient(qspec, _arrays(q), _extra(q, qspec), force=force)
        except AlreadyStored:
            pass                  # another process stored it meanwhile: same game, same quotient
    return q


def misere_outcome(spec: str, heaps, store=api.DEFAULT_STORE) -> dict:
    """The misère outcome of the sum of ``heaps`` (a list of heap sizes) of the game ``spec``
    names, read from the stored quotient with the smallest bound that covers every heap:
    ``{"position", "outcome", "element", "quotient", "heaps", "size", "certified_to"}`` (a
    quotient certified for every heap covers heaps of any size); a :class:`GtablesError` when no
    stored quotient covers them (saying what to run)."""
    hs = [int(h) for h in heaps]
    if any(h < 0 for h in hs):
        raise GtablesError("heap sizes are >= 0")
    top = max(hs, default=0)
    fast = _sealed_answer(spec, hs, top, store)
    if fast is not None:
        return fast
    q = covering_quotient(spec, top, store)
    if q is None:
        key = game_key(heap_game_spec(spec, 0))
        raise GtablesError(f"no stored quotient of {key} covers heap {top} (run: gtables "
                           f"quotient {key} --heaps {top})")
    qspec = heap_game_spec(spec, q.heaps)
    x = q.element(hs)
    return {"position": ",".join(map(str, sorted(hs, reverse=True))), "outcome": q.outcome(hs),
            "element": q.names[x], "quotient": qspec, "heaps": q.heaps, "size": q.size,
            "certified_to": q.certified_to}


def _sealed_answer(spec: str, hs: list[int], top: int, store) -> dict | None:
    """:func:`misere_outcome` read straight from the stored quotient :func:`covering_quotient`
    would load, when this store sealed it: it was certified by the pretending-function test when
    this store wrote it (or re-certified in full when it was imported), and the seal (a keyed MAC
    over its attributes, which hold the SHA-256 of its values, checked on every read) says it is
    unchanged since; its periodicity certificate is checked again on its pretending function.
    Nothing is compiled, so a lookup takes a fraction of a second.  None when there is no such
    quotient, it is not sealed here, it was stored without element names, or it was imported by
    a gtables whose import did not yet check the monoid laws and derive the certificate from
    the game (its ``imported`` record lacks ``monoid_laws``): the caller then loads and
    re-certifies it in full."""
    from .misere import period as mp
    st = api.needs_store(store, "misere_outcome")
    rows = stored_quotients(spec, st)
    pick = next((r for r in rows if isinstance(r["heaps"], int) and r["heaps"] >= top), None) \
        or next((r for r in rows if r["certified_to"] == "all"), None)
    if pick is None:
        return None
    got = st.read_quotient(pick["spec"])
    if got is None or got[1].get("sealed") is not True:
        return None
    values, attrs = got
    extra = attrs.get("extra") or {}
    try:
        n, k = int(extra["heaps"]), int(extra["size"])
        names = extra["names"]
    except (KeyError, TypeError, ValueError):
        return None
    if extra.get("layout") != "phi,p_portion,mult" or extra.get("game") != pick["spec"] or \
            not isinstance(names, list) or len(names) != k or \
            values.size != n + 1 + k + k * k:
        return None
    imported = extra.get("imported")
    if imported is not None and not (isinstance(imported, dict) and
                                     imported.get("monoid_laws") is True):
        return None     # imported before imports checked the monoid laws: re-certified in full
    v = np.asarray(values, dtype=np.int64)
    phi, isp, mult = v[:n + 1], v[n + 1:n + 1 + k], v[n + 1 + k:].reshape(k, k)
    if mult.min(initial=0) < 0 or mult.max(initial=0) >= k or phi.min(initial=0) < 0 or \
            phi.max(initial=0) >= k or phi[0] != 0 or not (mult[0] == np.arange(k)).all():
        return None
    cert = None
    if extra.get("period_certificate") is not None:
        try:
            cert = mp.check_certificate(mp.Certificate.from_dict(extra["period_certificate"]),
                                        phi)
        except (mp.CertificateError, KeyError, TypeError, ValueError):
            return None                 # the full load says why
    if top > n and cert is None:
        return None
    counts: dict[int, int] = {}
    for h in hs:
        if h:
            counts[h] = counts.get(h, 0) + 1
    x = mp.product(mult, [(int(phi[cert.reduce(h) if cert is not None else h]), c)
                          for h, c in sorted(counts.items())])
    return {"position": ",".join(map(str, sorted(hs, reverse=True))),
            "outcome": "P" if isp[x] else "N", "element": str(names[x]),
            "quotient": pick["spec"], "heaps": n, "size": k,
            "certified_to": "all" if cert is not None else n}


def past_total(spec: str, position: str, store) -> dict | None:
    """A misère position past the total of a ``...,play=misere,total=T`` table, answered by a
    stored quotient (:func:`misere_outcome`, plus ``spec`` and ``total``); None when ``spec`` is
    not such a table or the position is within its total (the table answers it)."""
    try:
        family, pairs = split_spec(api.spec_arg(spec))
        keys = dict(pairs)
        if keys.get("play") != "misere" or "total" not in keys:
            return None
        total = int(keys["total"])
        from .engine.syntax import parse_int
        hs = [parse_int(x) for x in position.replace(" ", ",").replace("+", ",").split(",")
              if x]
    except (GtablesError, ValueError):
        return None                     # the table's own path gives the error
    if not hs or any(h < 0 for h in hs) or sum(hs) <= total:
        return None
    canon = games.canonical(spec)
    st = api.store_arg(store)
    try:
        d = misere_outcome(canon, hs, st) if st is not None else None
    except GtablesError as e:
        raise GtablesError(f"{canon}: position {position} has total {sum(hs)}, past the "
                           f"table's total {total}, and {e}") from None
    if d is None:
        raise GtablesError(f"{canon}: position {position} has total {sum(hs)}, past the "
                           f"table's total {total} (no store to find a quotient in)")
    return dict(d, spec=canon, total=total)


def recertify_rows(store, rows: list[dict]) -> None:
    """``gtables check --deep`` for quotients: each sound quotient row of :meth:`Store.check`
    is read back and re-certified against its game's rules (``rederived``; a wrong one is
    marked damaged)."""
    for r in rows:
        if r["kind"] != "quotient" or r["damaged"]:
            continue
        try:
            load_quotient(r["spec"], store=store)
        except GtablesError as e:
            if "unknown family" in str(e):
                r["rederived"] = "not re-certified: its family is not known in this process"
            else:
                r["damaged"] = str(e)
            continue
        r["rederived"] = "re-certified"


# -- export and import --------------------------------------------------------------------------

IMPORT_CHECK_TOTAL = 20       # an imported quotient is checked by brute force to this total


def import_quotients(source: str, store=api.DEFAULT_STORE, echo=print) -> dict:
    """Bring the quotients of the export file ``source`` into ``store`` by the rules tables
    follow (:func:`gtables.api.import_tables`): nothing the file says is believed.  Each is read
    against its checksums, rebuilt and re-certified as a stored one is on every read
    (:func:`_rebuild`: the monoid laws on the whole table, the pretending-function test on every
    sum, its history re-derived, its periodicity certificate derived from the game's own rules
    and the file's re-checked), checked again by brute force on every sum of total at
    most :data:`IMPORT_CHECK_TOTAL` (the file's own check is dropped), and its description is
    derived here from the rebuilt quotient; then it is published sealed with the store's key.
    One the store holds with the same arrays counts as present, with others as a conflict (ours
    is kept).  Returns counts: imported, present, conflict, refused."""
    import json

    from .misere import quotient as Q
    from .store import legacy

    source = api.path_arg(source, "source")
    st = api.needs_store(store, "import_quotients")
    counts = {"imported": 0, "present": 0, "conflict": 0, "refused": 0}
    for spec, load_values, attrs, problem in legacy.quotients(source):
        try:
            if problem is not None:
                raise GtablesError(f"damaged ({problem})")
            qspec = heap_game_spec(spec)
            if qspec != spec:
                raise GtablesError(f"its spec is not canonical (here: {qspec})")
            extra = attrs.get("extra")
            if isinstance(extra, (str, bytes)):
                extra = json.loads(extra)
            if not isinstance(extra, dict):
                raise GtablesError("it has no description")
            assert callable(load_values)
            values = np.asarray(load_values())
            q = _rebuild(qspec, values, extra, source)
            options_of = Q.options_from_game(api.game(qspec))
            q = dataclasses.replace(q, seconds=0.0, checked_total=None, checked_positions=0,
                                    checked_against=None, first_disagreement=None)
            q = Q.check(q, options_of, IMPORT_CHECK_TOTAL)
            if q.first_disagreement is not None:
                raise GtablesError(f"brute force disagrees with it at the sum "
                                   f"{q.first_disagreement}")
            q = dataclasses.replace(q, checked_against="brute force (on import)")
        except (GtablesError, OSError, RuntimeError, ValueError, KeyError) as e:
            counts["refused"] += 1
            echo(f"refused the quotient of {spec}: "
                 f"{str(e).splitlines()[0] if str(e) else type(e).__name__}")
            continue
        arrays = _arrays(q)
        derived = _extra(q, qspec)
        derived["imported"] = {"recertified": True, "monoid_laws": True,
                               "checked_total": IMPORT_CHECK_TOTAL}
        try:
            st.write_quotient(qspec, arrays, derived)
        except AlreadyStored:
            ours = st.read_quotient(qspec)
            api.already_stored(counts, echo, ours is not None and np.array_equal(
                np.asarray(ours[0]), arrays), f"the quotient of {qspec}",
                f"the quotient of {qspec} is stored with other arrays; ours is kept")
            continue
        counts["imported"] += 1
        echo(f"imported the quotient of {qspec} (re-certified, brute force to total "
             f"{IMPORT_CHECK_TOTAL})")
    return counts
