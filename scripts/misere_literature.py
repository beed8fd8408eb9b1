"""Tables for results/misere_literature.md: gtables' misère quotients beside published misère
results (CGSuite's test values, Plambeck's quaternary pages, Plambeck's period-two family, the
0.3122 and restricted-Nim claims).  Prints Markdown to stdout.

    python scripts/misere_literature.py                       # every section
    python scripts/misere_literature.py --section quaternary  # one section
    python scripts/misere_literature.py --section period2 --heaps 40 --time-limit 30

Single-heap misère nim-values and genera come from a memoised brute force over multisets of
heaps (the same reference as tests/test_quotient_literature.py: ``γ_n`` is the misère nim-value
of the position plus ``n`` copies of ``*2``); quotients from :func:`gtables.misere.quotient.quotient`.
Each section prints its wall time.
"""

from __future__ import annotations

import argparse
import functools
import pathlib
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from gtables import games  # noqa: E402
from gtables.misere.quotient import QuotientError, options_from_game, quotient  # noqa: E402

sys.setrecursionlimit(100_000)


def octal(code: str, size: int = 80):
    return options_from_game(games.parse(f"octal:code={code},size={size}"))


def misere_grundy(options_of):
    """``g(heaps, twos=0, ones=0)``: misère nim-value of heaps + twos x *2 + ones x *1."""

    @functools.cache
    def opts(h):
        return tuple(tuple(sorted((c for c in o if c), reverse=True)) for o in options_of(h))

    @functools.cache
    def g(heaps: tuple, twos: int = 0, ones: int = 0) -> int:
        heaps = tuple(sorted((h for h in heaps if h), reverse=True))
        seen = set()
        for i, h in enumerate(heaps):
            if i and heaps[i - 1] == h:
                continue
            rest = heaps[:i] + heaps[i + 1 :]
            for o in opts(h):
                seen.add(g(tuple(sorted(rest + o, reverse=True)), twos, ones))
        if twos:
            seen.add(g(heaps, twos - 1, ones))
            seen.add(g(heaps, twos - 1, ones + 1))
        if ones:
            seen.add(g(heaps, twos, ones - 1))
        if not seen:
            return 1
        v = 0
        while v in seen:
            v += 1
        return v

    return g


def genus(g, heaps: tuple, terms: int) -> list[int]:
    return [g(heaps, n) for n in range(terms)]


def nim_genus(v: int, terms: int) -> list[int]:
    return [1 - v if v < 2 else v] + [v ^ ((i & 1) << 1) for i in range(1, terms)]


def genus_text(base: int, sup: list[int]) -> str:
    """``g^{...}`` with the alternating tail cut after its first two terms."""
    k = len(sup)
    while k > 2 and sup[k - 1] == sup[k - 3]:
        k -= 1
    return f"{base}^{{{''.join(map(str, sup[:k]))}}}"


def grundy_values(options_of, n: int) -> list[int]:
    out = [0] * (n + 1)
    for h in range(1, n + 1):
        seen = {
            functools.reduce(lambda x, y: x ^ y, (out[c] for c in o if c), 0) for o in options_of(h)
        }
        v = 0
        while v in seen:
            v += 1
        out[h] = v
    return out


def try_quotient(opts, n: int, time_limit: float):
    t = time.perf_counter()
    try:
        return quotient(opts, n, time_limit=time_limit), None, time.perf_counter() - t
    except QuotientError as e:
        return e.partial, e, time.perf_counter() - t


# ----------------------------------------------------------------------------------------------


CGSUITE_MISERE = {  # GameHeapTest.scala: MisereNimValue of heaps 0..20
    "Nim": (None, [1, 0] + list(range(2, 21))),
    "GrundysGame (4!.0)": ("4!.0", [1, 1, 1, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2]),
    "Kayles (0.77)": ("0.77", [1, 0, 2, 3, 0, 1, 3, 2, 1, 0, 2, 4, 0, 1, 2, 5, 1, 6, 3, 2, 0]),
    "DawsonsKayles (0.07)": (
        "0.07",
        [1, 1, 0, 0, 2, 1, 3, 0, 0, 1, 1, 3, 0, 2, 1, 1, 0, 0, 2, 1, 3],
    ),
    "Subtraction([2,3,7])": (
        "subtraction:set={2,3,7}",
        [1, 1, 0, 0, 2, 1, 1, 0, 0, 2, 1, 1, 0, 0, 2, 1, 1, 0, 0, 2, 1],
    ),
    "Subtraction([2,3,7], allbut)": (
        "subtraction:allbut=2+3+7",
        [1, 0, 1, 0, 2, 3, 2, 3, 4, 5, 4, 5, 6, 7, 6, 7, 8, 9, 8, 9, 10],
    ),
    "TakeAndBreak(0.3F)": ("0.3F", [1, 0, 2, 1, 0, 2, 1, 0, 4, 1, 0, 4, 1, 0, 6, 1, 0, 6, 1, 0, 6]),
}


def section_cgsuite(args) -> None:
    print(
        "| CGSuite ruleset | reference = CGSuite (heaps 0..20) | quotient heaps | order of Q | order of P "
        "| single-heap outcomes = CGSuite | seconds |"
    )
    print("|---|---|---:|---:|---:|---|---:|")
    for name, (spec, values) in CGSUITE_MISERE.items():
        if spec is None:
            opts = lambda h: [()] + [(m,) for m in range(1, h)]  # noqa: E731
        elif spec.startswith("subtraction"):
            opts = options_from_game(games.parse(f"{spec},size=40"))
        else:
            opts = octal(spec)
        g = misere_grundy(opts)
        ref_ok = [g((h,)) for h in range(21)] == values
        n = 11 if spec == "0.3F" else 20
        q, err, secs = try_quotient(opts, n, args.time_limit)
        same = [q.outcome([h]) for h in range(n + 1)] == [
            "P" if v == 0 else "N" for v in values[: n + 1]
        ]
        print(
            f"| {name} | {'yes' if ref_ok else 'NO'} | 0..{n} | {q.size} | {q.p_size} | "
            f"{'yes' if same and err is None else 'NO'} | {secs:.2f} |"
        )


MAMMOTHS = {"0.121", "0.123", "0.131", "0.201", "0.211", "0.312", "0.331"}


def section_quaternary(args) -> None:
    codes = [f"0.{a}" for a in "123"] + [f"0.{a}{b}" for a in "0123" for b in "123"]
    codes += [f"0.{a}{b}{c}" for a in "0123" for b in "0123" for c in "123"]
    n = args.heaps
    print(f"Genus checked on heaps 1..{n} (5 superscripts); quotient of heaps 0..{n}.")
    print()
    print(
        "| code | Plambeck / WW: non-nim heaps | first non-nim heap (its genus) | order of Q | order of P "
        "| tame to heap | last rogue | seconds |"
    )
    print("|---|---|---|---:|---:|---:|---:|---:|")
    tame_sizes: dict[int, list[str]] = {}
    for code in codes:
        opts = octal(code, n + 10)
        g, normal = misere_grundy(opts), grundy_values(opts, n)
        first = None
        for h in range(1, n + 1):
            seq = genus(g, (h,), 5)
            if seq != nim_genus(normal[h], 5):
                first = f"{h} ({genus_text(normal[h], seq)})"
                break
        q, err, secs = try_quotient(opts, n, args.time_limit)
        listed = code == "0.31" or code in MAMMOTHS
        if first is None and not listed and err is None and q.tame:
            tame_sizes.setdefault(q.size, []).append(code)
            continue
        print(
            f"| {code} | {'yes' if listed else 'no'} | {first or 'none'} | {q.size} | "
            f"{q.p_size} | {q.tame_to} | {q.last_rogue} | {secs:.2f} |"
        )
    print()
    for size, cs in sorted(tame_sizes.items()):
        print(f"- nim-heaps only and tame quotient of order {size}: {', '.join(cs)}")


def section_period2(args) -> None:
    digits = "01234567"
    codes = []
    for d0 in "04":
        codes += [f"{d0}.{a}" for a in digits[1:]]
        codes += [f"{d0}.{a}{b}" for a in digits for b in digits[1:]]
        codes += [f"{d0}.{a}{b}{c}" for a in digits for b in digits for c in digits[1:]]
    found = [c for c in codes if grundy_values(octal(c, 60), 60)[1:] == [1, 2] * 30]
    print(f"Codes with nim sequence 1, 2, 1, 2, ... on heaps 1..60: {len(found)}")
    print()
    print(
        "| code | order of Q | order of P | Q_10, Q_20, Q_30 | last expansions | Φ period (observed) "
        "| stopped | seconds |"
    )
    print("|---|---:|---:|---|---|---|---|---:|")
    for code in found:
        q, err, secs = try_quotient(octal(code, args.heaps + 10), args.heaps, args.time_limit)
        sizes = ", ".join(str(int(q.sizes[t])) for t in (10, 20, 30) if t < len(q.sizes))
        per = f"{q.phi_period.preperiod}+{q.phi_period.period}" if q.phi_period else "none"
        stop = f"heap {err.heap}: {str(err).split(': ', 1)[1]}" if err else f"done to {args.heaps}"
        print(
            f"| {code} | {q.size} | {q.p_size} | {sizes} | {q.expansions[-3:]} | {per} | "
            f"{stop} | {secs:.1f} |"
        )


def restricted_nim(h):
    return [
        (() if r == h else (h - r,))
        for r in range(1, h + 1)
        if r % 4 != 0 and (r % 4 != 3 or r == h)
    ]


def section_misc(args) -> None:
    t = time.perf_counter()
    q = quotient(octal("0.312"), 50, check_total=40)
    print(f"- 0.312 to heap 50 ({time.perf_counter() - t:.2f} s): {q.describe()}")
    g = misere_grundy(octal("0.312"))
    normal = grundy_values(octal("0.312"), 10)
    gens = [genus_text(normal[h], genus(g, (h,), 6)) for h in range(1, 11)]
    print(
        f"  genera of heaps 1..10: {' '.join(gens)}; genus(4+4) = {genus_text(0, genus(g, (4, 4), 6))}"
    )
    for n, limits in (
        (6, {}),
        (7, {"max_trial": 1 << 14, "max_size": 512, "max_repairs": 50}),
        (7, {}),
    ):
        t = time.perf_counter()
        try:
            q = quotient(octal("0.3122", 20), n, **limits)
            res = f"|Q| = {q.size}, |P| = {q.p_size}"
        except QuotientError as e:
            res = f"QuotientError: {e}"
        print(
            f"- 0.3122 to heap {n} {limits or '(default limits)'} "
            f"({time.perf_counter() - t:.1f} s): {res}"
        )
    t = time.perf_counter()
    q = quotient(restricted_nim, 120, check_total=28)
    print(
        f"- restricted misère Nim (4k never, 4k+3 only the whole heap) to heap 120 "
        f"({time.perf_counter() - t:.2f} s): {q.describe()}"
    )
    normal = grundy_values(octal("0.3102"), 70)
    rule = normal == [{1: 1, 4: 1, 2: 2}.get(h % 5, 0) for h in range(71)]
    t = time.perf_counter()
    try:
        q = quotient(octal("0.3102"), 40)
        res = f"|Q| = {q.size}, |P| = {q.p_size}"
    except QuotientError as e:
        res = f"QuotientError: {e} (heaps 0..{e.heap - 1}: {e.partial.size} elements)"
    print(
        f"- 0.3102: normal values 1 on 5k+1, 5k+4, 2 on 5k+2, 0 else, heaps 0..70: {rule}; "
        f"misère quotient to heap 40, default limits ({time.perf_counter() - t:.1f} s): {res}"
    )
    t = time.perf_counter()
    q = quotient(octal("0.77", 90), 80)
    hist = ", ".join(f"{e}: {int(q.sizes[e])}/{int(q.p_sizes[e])}" for e in q.expansions)
    print(
        f"- Kayles 0.77 to heap 80 ({time.perf_counter() - t:.2f} s): |Q| = {q.size}, "
        f"|P| = {q.p_size}; |Q_t|/|P_t| at each expansion t: {hist}"
    )


def certify(spec: str, n: int, time_limit: float):
    """The quotient of ``spec`` computed until the periodicity theorem certifies it for every
    heap (at most to heap ``n``): ``(q, error, seconds)``."""
    from gtables.misere.quotient import options_from_game as ofg

    g = games.parse(f"{spec},size={n}")
    t = time.perf_counter()
    try:
        q = quotient(ofg(g), n, time_limit=time_limit, rules=g.take_and_break,
                     until_certified=True)
        return q, None, time.perf_counter() - t
    except QuotientError as e:
        return e.partial, e, time.perf_counter() - t


def _cert_row(name: str, q, err, secs: float) -> str:
    c = q.period_certificate
    status = (f"**all heaps** (period {c.period} from heap {c.preperiod}, heaps 0..{q.heaps})"
              if c is not None else
              f"to heap {q.heaps}" + (f" (stopped at {err.heap}: time limit)" if err else ""))
    tame = "tame" if q.tame else f"wild from heap {q.tame_to + 1}"
    return f"| {name} | {q.size} | {q.p_size} | {tame} | {status} | {secs:.2f} |"


def section_certified(args) -> None:
    """Published all-heaps misère solutions beside quotients certified by the periodicity
    theorem (gtables.misere.period)."""
    head = ("| game | order of Q | order of P | tame / wild | certified | seconds |\n"
            "|---|---:|---:|---|---|---:|")
    print(head)
    # Kayles needs heaps 0..167 (Φ: period 12 from heap 71): 6 s on an idle machine
    for name, spec, n, limit in (
            ("0.75 (Plambeck-Siegel: order 8)", "octal:code=0.75", 60, args.time_limit),
            ("0.312 (Plambeck's page: SOLVED, period 2)", "octal:code=0.312", 60, args.time_limit),
            ("Kayles 0.77", "octal:code=0.77", 260, max(args.time_limit, 300.0)),
            ("Dawson's Kayles 0.07", "octal:code=0.07", 40, args.time_limit),
            ("Daisies 4.7", "octal:code=4.7", 40, args.time_limit),
            ("Subtraction(2,3,7)", "subtraction:set={2+3+7}", 60, args.time_limit)):
        print(_cert_row(name, *certify(spec, n, limit)))
    print()
    codes = [f"0.{a}" for a in "123"] + [f"0.{a}{b}" for a in "0123" for b in "123"]
    codes += [f"0.{a}{b}{c}" for a in "0123" for b in "0123" for c in "123"]
    done: dict[tuple, list[str]] = {}
    for code in codes:
        q, err, _ = certify(f"octal:code={code}", 80, args.time_limit)
        c = q.period_certificate
        key = (q.size, q.p_size, q.tame, c is not None)
        done.setdefault(key, []).append(f"{code}@{q.heaps}")
    print(f"Quaternary codes of 1-3 digits ({len(codes)}), certified by heap (code@heap):")
    for (size, psize, tame, cert), cs in sorted(done.items()):
        print(f"- |Q| = {size}, |P| = {psize}, {'tame' if tame else 'wild'}, "
              f"{'certified for all heaps' if cert else 'NOT certified by heap 80'}: "
              f"{', '.join(cs)}")
    print()
    digits = "01234567"
    p2 = []
    for d0 in "04":
        p2 += [f"{d0}.{a}" for a in digits[1:]]
        p2 += [f"{d0}.{a}{b}" for a in digits for b in digits[1:]]
        p2 += [f"{d0}.{a}{b}{c}" for a in digits for b in digits for c in digits[1:]]
    p2 = [c for c in p2 if grundy_values(octal(c, 60), 60)[1:] == [1, 2] * 30]
    certified, not_yet = [], []
    for code in p2:
        q, err, _ = certify(f"octal:code={code}", args.heaps, args.time_limit)
        if q.period_certificate is not None:
            c = q.period_certificate
            certified.append(f"{code} (|Q| = {q.size}, period {c.period} from heap "
                             f"{c.preperiod}, heap {q.heaps})")
        else:
            not_yet.append(f"{code} ({q.size} at heap {q.heaps})")
    print(f"Period-two codes (nim sequence 1, 2, 1, 2, ...): {len(p2)}; certified for all "
          f"heaps: {len(certified)}: {'; '.join(certified)}")
    print(f"Not certified by heap {args.heaps} (time limit {args.time_limit:g} s): "
          f"{'; '.join(not_yet)}")


SECTIONS = {
    "cgsuite": section_cgsuite,
    "quaternary": section_quaternary,
    "period2": section_period2,
    "misc": section_misc,
    "certified": section_certified,
}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--section", choices=[*SECTIONS, "all"], default="all")
    ap.add_argument("--heaps", type=int, default=40, help="heap bound (quaternary, period2)")
    ap.add_argument(
        "--time-limit",
        type=float,
        default=30.0,
        help="seconds for one quotient before it is reported as stopped",
    )
    args = ap.parse_args(argv)
    for name, fn in SECTIONS.items():
        if args.section in (name, "all"):
            t = time.perf_counter()
            print(f"\n### {name}\n")
            fn(args)
            print(f"\n({name}: {time.perf_counter() - t:.1f} s wall)")
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
