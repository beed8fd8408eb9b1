"""The ``gtables`` command: argument parsing and printing only; the work is in the Python API.

User errors (bad spec, position off the table, missing table, not an HDF5 file, too big for
memory) print one line ``gtables: error: ...`` and exit with status 2.
"""
from __future__ import annotations

import argparse
import contextlib
import errno
import json
import math
import os
import re
import sys

from .engine.progress import interrupt_latched, latched_interrupts
from .errors import GtablesError

EPILOG = """\
spec strings name a table:  family:key=value,...
  nim:heaps=3,size=32              Nim on 3 heaps of 0..32 (seed 001 game A)
  subtraction:set=1-3,size=200     take 1..3 from a heap (game B); set=1+4+5 or {1,4,5} too
  octal:code=0.07,size=1000        octal game 0.07 = Dawson's Kayles (game C), heaps 0..1000
  stripes:a=1,b=5,c=8,size=1000    POI 2000 Stripes (game D)
run `gtables families` for every family and its keys.
integers (in specs, positions, lists and options) are ASCII digits 0-9 with an optional
  leading '-': no '+', no '_', no other digits; blanks around a spec, a key or a value are
  ignored, never inside a number; list entries are separated by commas or blanks.
limits: a table past the memory available, or estimated by its kernel's cost model to take
  more than 24 h ($GTABLES_TIME_LIMIT seconds), is refused at once with the estimate
  (--ignore-memory-limit, --ignore-time-limit override); so is every bad argument, output
  directory and store, before any work.
store: results/tables, or $GTABLES_STORE, or --store PATH: a directory of immutable table
  files (tables/<family>/<spec>.h5), made on the first write; each table is published whole
  by an atomic rename and never written again, so readers take no lock and a crash loses
  nothing.  Every read is verified (a damaged table is an error that names its repair).
  `gtables check [--deep]` verifies the whole store; `gtables export`/`import` share tables.
"""


def _int_arg(text: str) -> int:
    """argparse type: an integer of the gtables syntax (see gtables.engine.syntax)."""
    from .engine.syntax import parse_int
    try:
        return parse_int(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


_DECIMAL = re.compile(r"-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?"
                      r"|-?(?:nan|inf|infinity)", re.IGNORECASE)


def _seconds_arg(text: str) -> float:
    """argparse type: a decimal number of seconds in ASCII (``30``, ``0.5``, ``1e3``); the
    command checks that it is finite and positive (so ``nan`` and ``inf`` get that message)."""
    t = text.strip()
    if not _DECIMAL.fullmatch(t):
        raise argparse.ArgumentTypeError(f"{t!r} is not a number of seconds (e.g. 30 or 0.5)")
    return float(t)


MAX_WORKERS = 1024          # local worker processes, even with --oversubscribe

QUIET_HELP = ("no progress output on stderr (default: a bar on a terminal, else a plain line "
              "every 30 s); results and errors still print")


def _quiet_arg(p):
    p.add_argument("-q", "--quiet", action="store_true", help=QUIET_HELP)


def _progress(args):
    """The ``progress`` argument of the API: ``False`` under --quiet, else --progress /
    --no-progress, else ``None`` (a bar on a terminal, a plain line every 30 s otherwise)."""
    if args.quiet:
        return False
    return getattr(args, "progress", None)


def _time_arg(p):
    p.add_argument("--ignore-time-limit", action="store_true",
                   help="compute even a table its kernel's cost model estimates past the time "
                        "limit (24 h, or $GTABLES_TIME_LIMIT seconds); without it such a run is "
                        "refused at once, with the estimate")


def _oversubscribe_arg(p):
    p.add_argument("--oversubscribe", action="store_true",
                   help=f"allow more worker processes (x threads) than the machine has cores "
                        f"(at most {MAX_WORKERS} still)")


def _store_arg(p):
    p.add_argument("--store", metavar="PATH",
                   help="the store: a directory, made if missing whatever its name (--store "
                        "x.h5 makes a directory x.h5), or an existing export file to read (one "
                        "file, made by gtables export --to) (default: $GTABLES_STORE or "
                        "results/tables)")


class _Parser(argparse.ArgumentParser):
    """argparse with the house rule for bad input: one line on stderr, exit status 2 (argparse
    prints its usage paragraph first; `--help` still shows it)."""

    def error(self, message):
        self.exit(2, f"gtables: error: {message} (see: {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    ap = _Parser(
        prog="gtables", formatter_class=argparse.RawDescriptionHelpFormatter, epilog=EPILOG,
        description="Compute, store, query and verify Grundy-value and outcome tables of "
                    "combinatorial games.")
    from ._version import __version__
    ap.add_argument("--version", action="version", version=f"gtables {__version__}")
    ap.add_argument("--rules", metavar="FILE.py", action="append", default=[],
                    help="run FILE.py first: a script of yours that defines games with "
                         "gtables.define_game (or gtables.heap_game), so that their specs work "
                         "in this command (compute, query --moves, solve, show); may be given "
                         "several times, anywhere on the line; $GTABLES_RULES lists more "
                         "(separated by the path separator)")
    sub = ap.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("compute", help="compute a table and store it",
                       description="Compute the table SPEC names, bottom-up, and store it. Skips "
                                   "tables already stored unless --force.")
    p.add_argument("spec", nargs="+", help="spec string(s), e.g. octal:code=0.07,size=1000")
    _store_arg(p)
    p.add_argument("--force", action="store_true", help="recompute and replace a stored table")
    p.add_argument("--no-store", action="store_true", help="compute in memory only (a dry run)")
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="--progress forces the one-line progress bar, --no-progress shows "
                        "none.  Default: the bar when stderr is a terminal; when it is not a "
                        "terminal (a cluster job, nohup, CI), a plain line with done/total, "
                        "rate, elapsed time and ETA every 30 s ($GTABLES_LOG_SECONDS)")
    _quiet_arg(p)
    p.add_argument("--ignore-memory-limit", action="store_true",
                   help="allocate even if the estimate exceeds available memory")
    _time_arg(p)
    seq = p.add_argument_group("sequence tables (octal and all-but subtraction games)")
    seq.add_argument("--until-periodic", action="store_true",
                     help="stop computing as soon as the family's periodicity theorem (Guy-Smith for "
                          "octal games, the window lemma for all-but subtraction games) proves a "
                          "period; the rest of the table follows from it. Prints pre-period, "
                          "period and saltus (proved, or else what the values show: observed)")
    seq.add_argument("--algorithm", choices=("auto", "naive", "sparse"), default="auto",
                     help="naive mex or sparse-space (rare/common values) method: the same table; "
                          "auto picks sparse for games that split heaps while rare heaps stay rare")
    seq.add_argument("--no-resume", action="store_true",
                     help="start from heap 0 even if the store holds a prefix (a smaller table of "
                          "the same game, or the checkpoint of an interrupted run)")
    seq.add_argument("--checkpoint-seconds", type=_seconds_arg, default=30.0, metavar="S",
                     help="save the prefix computed so far into the store every S seconds, so an "
                          "interrupted run resumes there (default 30; at least 0.000001)")
    seq.add_argument("--keep", type=_count_arg, default=None, metavar="K",
                     help="bounded memory, for sequences longer than RAM: keep the full table of "
                          "heaps 0..K-1 only (stored as the table size=K-1) and go on to the "
                          "spec's last heap with a window of recent values, storing the "
                          "statistics of every heap (checksum, histograms, zeros, largest value, "
                          "rare heaps) with the full part. Exact: it stops, resumably, if a heap "
                          "past K is rare or a value left the window (octal games, sparse method)")
    seq.add_argument("--window", type=_count_arg, default=None, metavar="W",
                     help="with --keep (only): values kept behind the current heap (default "
                          "4194304, at least 65536)")

    p = sub.add_parser("query", help="value, outcome and moves of one position",
                       description="Look up one position in a stored table.  A table missing "
                                   "from the store is computed and stored first when it has at "
                                   "most 2^22 (4,194,304) positions, as gtables compute would "
                                   "(the spec and position are checked before); a larger missing "
                                   "table is an error that says to run gtables compute.")
    p.add_argument("spec")
    p.add_argument("position", help="the position, e.g. 25 or 3,5,7; an empty one (End-Nim's "
                                    "empty string, chips' empty set) as {} or -")
    p.add_argument("--moves", action="store_true", help="list every move and mark winning moves")
    p.add_argument("--json", action="store_true", help="print JSON")
    _store_arg(p)

    p = sub.add_parser(
        "solve", help="value or outcome of one position, by the whole table or a search",
        description="The value (Grundy, normal play) or outcome of one position of a game on a "
                    "board or a graph (a game of gtables.define_game: the shipped board and "
                    "graph games, or yours: --rules), found the way that fits: the stored "
                    "table; else the whole table computed and stored (dense) when it has at "
                    "most 2^26 "
                    "positions; else a search of the positions reachable from POSITION only "
                    "(a hash table, the game's independent parts and its symmetries), for "
                    "boards far too big for a table (Cram 6 x 6 has 2^36 positions). A search "
                    "saves what it found every --checkpoint-seconds to a checkpoint file, so a "
                    "stopped run resumes there.")
    p.add_argument("spec", help="e.g. cram:rows=6,cols=6 or domineering:rows=6,cols=6")
    p.add_argument("position", nargs="?", default="start",
                   help="rows of . (free) and # (taken) joined by |, e.g. '...|.#.'; "
                        "default start (every cell free)")
    p.add_argument("--method", choices=("auto", "dense", "reachable"), default="auto",
                   help="dense: from the whole table; reachable: the search; auto (default): "
                        "the stored table, else dense up to 2^26 positions, else reachable")
    p.add_argument("--checkpoint", metavar="FILE",
                   help="the search's checkpoint file (default: results/searches/<spec> <hash>"
                        ".npz, or $GTABLES_SEARCHES/...); resumed when it is this search's, "
                        "on the store's seal or after re-deriving every entry; a file that is "
                        "not a gtables checkpoint is refused, never overwritten")
    p.add_argument("--no-checkpoint", action="store_true", help="the search saves nothing")
    p.add_argument("--checkpoint-seconds", type=_seconds_arg, default=60.0, metavar="S",
                   help="how often the search saves what it found (default 60)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="a line of progress on stderr while a search runs (default: when it "
                        "runs for long)")
    _quiet_arg(p)
    p.add_argument("--ignore-memory-limit", action="store_true",
                   help="let the search's hash table grow past the memory guard")
    _store_arg(p)

    p = sub.add_parser("show", help="print a table (or its first --limit entries)",
                       description="Print a stored table, or its first --limit entries.  A "
                                   "table missing from the store is computed and stored first "
                                   "when it has at most 2^22 (4,194,304) positions; a larger "
                                   "missing table is an error.")
    p.add_argument("spec")
    p.add_argument("--format", choices=("text", "csv", "json"), default="text")
    p.add_argument("--limit", type=_int_arg, default=100, metavar="N",
                   help="entries to print (0: all; default 100)")
    _store_arg(p)

    p = sub.add_parser("list", help="list the tables in the store",
                       description="List the tables in the store from their attributes. A "
                                   "table imported on a sample (gtables import --accept-sample) "
                                   "says so ('verified' in --json). An export file read as a "
                                   "store (--store FILE.h5) lists of each table only its spec, "
                                   "length and data type, checked against its data, and says "
                                   "'not verified': none of its sender's attributes.")
    p.add_argument("--json", action="store_true")
    _store_arg(p)

    p = sub.add_parser("families", help="list the game families and their spec keys")

    p = sub.add_parser("check", help="verify every table and checkpoint in the store",
                       description="Read every table and checkpoint of the store in full and "
                                   "check it against its checksums (whole-table SHA-256, "
                                   "per-chunk digests, attribute checksum). Lists damaged ones "
                                   "with the command that repairs each; exit status 1 if any. "
                                   "Checksums prove a file is intact, not that its values are "
                                   "right: --deep also re-derives every table from its own "
                                   "values by the rules its spec names (all of them when that "
                                   "is estimated within 10 minutes, $GTABLES_REDERIVE_LIMIT; "
                                   "else a random sample drawn fresh, said as 'sampled N of "
                                   "M'), which catches a forged table with valid checksums. "
                                   "Exit status 2 when there is not enough memory to check.")
    p.add_argument("--json", action="store_true")
    p.add_argument("--deep", action="store_true",
                   help="also re-derive every table from its own values (see above)")
    _store_arg(p)

    p = sub.add_parser("check-game", help="check a game's definition (yours: --rules FILE.py)",
                       description="Run the family contract on the game NAME, on every position "
                                   "of small tables (its example spec and one or two smaller "
                                   "ones, or each --spec): options have smaller indices and "
                                   "are at most max_options; moves gives the options of its "
                                   "reference (when given) and the table is the plain "
                                   "recursion's; its symmetry maps each position to one of "
                                   "the same value and the parts of its split XOR to its value "
                                   "(against plain play); the reachable search gives the dense "
                                   "table's values.  One line per failure; exit status 1 if "
                                   "any, 0 if none, 2 for bad input.  Stores nothing.")
    p.add_argument("name", help="the game's family name (define it with --rules FILE.py)")
    p.add_argument("--spec", action="append", metavar="SPEC",
                   help="check this spec of the game instead (may be repeated)")

    p = sub.add_parser("export", help="write stored tables into one file to send to someone",
                       description="Write the stored tables SPEC... (each verified) into one new, "
                                   "self-contained HDF5 file FILE; never writes over a file. "
                                   "The receiver reads it as a store (--store FILE, read-only) "
                                   "or brings it into theirs with gtables import FILE.")
    p.add_argument("spec", nargs="*", help="spec string(s) of stored tables")
    p.add_argument("--quotient", action="append", default=[], metavar="SPEC",
                   help="also a stored misère quotient, e.g. 'octal:code=0.75,size=40' (the "
                        "game and its heap bound, as gtables list shows it); repeat for more")
    p.add_argument("--to", required=True, metavar="FILE",
                   help="the new file, e.g. share.h5: one HDF5 file, not a directory (unlike "
                        "--store, which names a directory)")
    _store_arg(p)

    p = sub.add_parser("import", help="bring tables in from an export file or an old store",
                       description="Bring every table of FILE (an export file, or the single-file "
                                   "store of an older gtables, e.g. results/tables.h5) into the "
                                   "store. Each is verified against its checksums and re-derived "
                                   "from all its values by the rules its spec names; its "
                                   "attributes are computed here from its spec and values (none "
                                   "of the file's is kept), and it is sealed with the store's "
                                   "key. A table whose re-derivation is estimated past 10 "
                                   "minutes ($GTABLES_REDERIVE_LIMIT) is refused by name, unless "
                                   "--accept-sample N. FILE is only read, never changed or "
                                   "deleted. A "
                                   "table the store holds with other values is reported and "
                                   "left as it is. Misère quotients in FILE (gtables export "
                                   "--quotient) are re-certified (pretending-function test, "
                                   "history, periodicity certificate), checked by brute force "
                                   "and described here, never believed, and sealed the same way. "
                                   "Exit status 1 if any table or quotient was refused or "
                                   "conflicts.")
    p.add_argument("file", help="an export file or an old single-file store")
    p.add_argument("--accept-sample", type=_int_arg, default=None, metavar="N",
                   help="a table too big to re-derive in full within the time guard is accepted "
                        "on N random positions (with the first 16 and the last 100), drawn "
                        "fresh; it is stored marked so (list and show say it; check --deep "
                        "re-derives it in full when it can) and never resumed from unchecked. "
                        "A table that can be re-derived in full is, with or without it")
    _store_arg(p)

    p = sub.add_parser("compact", help="(not needed any more: tables are immutable files)")
    p.add_argument("--drop-damaged", action="store_true", help=argparse.SUPPRESS)
    _store_arg(p)

    p = sub.add_parser("merge", help="(replaced by: gtables import FILE)",
                       description="Now gtables import FILE, which never deletes FILE.")
    p.add_argument("side", help="an export file or an old single-file store")
    _store_arg(p)

    p = sub.add_parser(
        "quotient", help="the misère quotient of a heap game up to a heap (computed, checked, stored)",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="""\
The misère quotient (Plambeck-Siegel) of the sums of heaps 0..N of a heap game:
a finite commutative monoid Q, its P-portion P and the pretending function Phi,
so that a sum of heaps is a misère P-position exactly when the product of its
heaps' elements lies in P.  Printed: |Q|, |P|, tame or wild (and from which
heap), generators (rogue heaps), relations, the P-portion, Phi of every heap,
the period Phi shows, and whether the periodicity theorem certifies Q and Phi
for every heap (octal codes without '!' or hexadecimal digits, finite
subtraction games; --json key certified_to: "all" or N; --outcome then takes
heaps of any size).  Every quotient is certified by
the pretending-function test for all sums of heaps 0..N, and compared with the
exact misère outcome table of every sum of total <= T (--check-total, at least
40 by default; a larger stored table ...,play=misere,total=T' is used when the
store has one); it is stored only if it agrees.  A stored quotient is read back
(and re-certified) instead of computed; `gtables query SPEC,play=misere,total=T
HEAPS` answers sums past T through it.  Games: octal and hexadecimal codes,
'!' codes, d0 = 4, subtraction and all-but games, Nim, user heap games.""",
        epilog="""\
examples:
  gtables quotient octal:code=0.75 --heaps 40        # order 8, tame up to heap 4
  gtables quotient octal:code=0.07 --heaps 30        # Dawson's Kayles: 360 elements
  gtables quotient octal:code=0.07,size=30 --outcome 29,28,27 --outcome 30,1
  gtables query octal:code=0.07,play=misere,total=80 30,29,28   # past total 80: the quotient
""")
    p.add_argument("spec", help="a heap game, e.g. octal:code=0.75 (size=N may stand for --heaps)")
    p.add_argument("--heaps", type=_int_arg, default=None, metavar="N",
                   help="the largest heap (the quotient of the sums of heaps 0..N)")
    p.add_argument("--check-total", type=_int_arg, default=None, metavar="T",
                   help="compare with exact misère outcomes of every sum of total <= T "
                        "(default 40, or a larger stored table's total)")
    p.add_argument("--time-limit", type=_seconds_arg, default=None, metavar="SECONDS",
                   help="give up after SECONDS, saying up to which heap the quotient is known")
    p.add_argument("--outcome", action="append", default=[], metavar="HEAPS",
                   help="also print the misère outcome of this sum of heaps, e.g. 29,28,27 "
                        "(repeatable)")
    p.add_argument("--force", action="store_true",
                   help="compute again even if stored, and replace the stored one")
    p.add_argument("--json", action="store_true", help="print JSON (the whole quotient)")
    _quiet_arg(p)
    _store_arg(p)

    p = sub.add_parser("thresholds", help="End-Nim (seed 002): thresholds L, R, L*, R* of a string w",
                       description="Partizan End-Nim thresholds of w (seed 002, section 3): R(w) is the "
                                   "least y >= 1 with w y in R, R*(w) the least y with w y in R or N; "
                                   "L(w), L*(w) likewise for x w.  Computed by the row method.")
    p.add_argument("string", help="the string w, e.g. 3,5,5,5")
    p.add_argument("--json", action="store_true")
    p.add_argument("--ignore-memory-limit", action="store_true",
                   help="search even if the estimate exceeds available memory")

    p = sub.add_parser("verify", help="run verification claims and write results/verify.md",
                       description="Run the named claims (prefixes allowed, e.g. 001.B), or all. "
                                   "Tables are computed into the store as needed.")
    p.add_argument("names", nargs="*", help="claim names or prefixes (default: all)")
    p.add_argument("--list", action="store_true", help="list the claims and exit")
    p.add_argument("--scale", choices=("small", "default", "large"), default="default",
                   help="table sizes: small (seconds), default (as reproduce), large (documented runs)")
    p.add_argument("--out", default="results",
                   help="directory for verify.md/json (default results), checked before any "
                        "claim runs")
    _quiet_arg(p)
    _store_arg(p)

    p = sub.add_parser("reproduce", help="the main job: every seed table, every claim, the report",
                       description="Compute every registered seed table at default sizes, run every "
                                   "verification, and write results/REPORT.md, results/REPORT.json "
                                   "and figures under results/figures.")
    p.add_argument("--scale", choices=("small", "default", "large"), default="default")
    p.add_argument("--out", default="results",
                   help="output directory (default results), checked before any claim runs")
    p.add_argument("--workers", type=_int_arg, default=1, metavar="N",
                   help="with N > 1, compute every table the claims declare first, in parallel, "
                        "as a sweep on a local Dask cluster of N processes (default 1: one by "
                        "one; at most the machine's cores unless --oversubscribe)")
    _oversubscribe_arg(p)
    _quiet_arg(p)
    _store_arg(p)

    # -- sweep (begin) --
    p = sub.add_parser(
        "sweep", help="compute a grid of tables as tasks on Dask",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="""\
Compute many tables in parallel with Dask (dask.distributed).  Each table is one
task: a worker computes it and publishes it into the store itself when it sees
the same store (a local cluster, or workers on a shared file system); otherwise
it sends the values back and this command (the client) publishes them.  Each
table is published whole as soon as its task ends, so an interrupted sweep
keeps every table that was complete.  Tables already in the store are skipped;
octal tables resume from a smaller stored table of the same game (re-derived on
a sample first).  A failed task is reported and the others go on; the exit
status is 1 if any failed.  Without --scheduler a local cluster of --workers
processes is started on 127.0.0.1 and closed at the end.""",
        epilog="""\
grid patterns: in a value, | separates alternatives and lo..hi or lo..hi..step is an
inclusive integer range; a pattern names the cartesian product.  Sets such as {1,2,5}
and subtraction sets such as 1-3+7 are ordinary values.
examples:
  gtables sweep 'octal:code=0.07|0.77|0.137,size=1000' --until-periodic
  gtables sweep 'nim:heaps=2..3,size=8|16' 'subtraction:set=1-3|{1,2,5},size=100..300..100'
  gtables sweep --catalogue octal3 --size 65536 --big-size 0 --workers 4
  gtables sweep --catalogue open3 --budget 3600 --out results
  gtables sweep 'octal:code=0.07,size=100000' --scheduler tcp://10.0.0.5:8786
""")
    p.add_argument("patterns", nargs="*", metavar="PATTERN",
                   help="spec or grid pattern, e.g. 'octal:code=0.07|0.77,size=1000' (quote it)")
    p.add_argument("--catalogue", choices=("octal3", "octal4", "open3", "misere3"),
                   help="run a catalogue (instead of grid patterns): octal3 = every octal "
                        "code 0.d1, 0.d1d2, 0.d1d2d3 (511 games), each until a period is proved "
                        "(--until-periodic is implied): all to --size, then the open ones "
                        "whose rare heaps stay rare to --big-size; "
                        "writes octal_catalogue.md/.json into --out.  octal4 = the 3,584 codes "
                        "0.d1d2d3d4 (d4 != 0), one per class of codes with provably equal "
                        "values (967 classes), the same two passes; writes "
                        "octal_catalogue4.md/.json.  open3 = the open-game atlas: the 82 octal "
                        "codes 0.xyz and 4.xyz a public solver lists as unsolved, and Grundy's "
                        "game, all to --size, then those with a sparse space to --big-size and "
                        "the others to --naive-size, then doubled while each game's --budget "
                        "allows; writes octal_open_atlas.md/.json (statistics per game, frontier "
                        "before and after, a figure of the value histograms).  misere3 = the "
                        "misère chart: the misère quotient of every code 0.d1 .. 0.d1d2d3 and "
                        "4.0 .. 4.d1d2d3 (589 classes of equal games) to --heaps within --budget "
                        "seconds per class, both notions of tame (Conway's rule for sums, "
                        "Plambeck's nim heaps) with least witnesses, checked by brute force; "
                        "resumes from OUT/misere_chart.checkpoint.jsonl; writes "
                        "misere_chart.md/.json and figures/misere_chart.png")
    p.add_argument("--size", type=_int_arg, default=None, metavar="N",
                   help="largest heap of the catalogue's first pass (default 65536; open3: "
                        "65535, i.e. 2^16 values)")
    p.add_argument("--big-size", type=_int_arg, default=None, metavar="N",
                   help="largest heap of the catalogue's second pass (default 33554431 for "
                        "octal3, 1048575 for octal4; 0: no second pass); open3: of the games "
                        "with a sparse space (default 16777215, i.e. 2^24 values)")
    p.add_argument("--naive-size", type=_int_arg, default=None, metavar="N",
                   help="open3: largest heap of the second pass of the games without a sparse "
                        "space (default 1048575, i.e. 2^20 values)")
    p.add_argument("--budget", type=_seconds_arg, default=None, metavar="SECONDS",
                   help="open3: after the targets, each open game's table doubles while its "
                        "compute time plus the estimated cost of the next doubling stays within "
                        "SECONDS (default 600; 0: stop at the targets).  misere3: the time "
                        "limit of each class's quotient, and half as much for its nim-heap "
                        "test (default 8)")
    p.add_argument("--heaps", type=_int_arg, default=None, metavar="N",
                   help="misere3: the heap bound of every quotient (default 40)")
    p.add_argument("--check-total", type=_int_arg, default=None, metavar="T",
                   help="misere3: every quotient checked by brute force on every sum of total "
                        "<= T, and witnesses searched to total T (default 40)")
    p.add_argument("--codes", default=None, metavar="CODE,CODE,...",
                   help="misere3: only the classes of these codes (a test run)")
    p.add_argument("--stop-after", type=_seconds_arg, default=None, metavar="SECONDS",
                   help="misere3: stop the workers after SECONDS and write the chart of the "
                        "classes done (the others marked not run; the checkpoint is kept, so "
                        "the same command resumes)")
    p.add_argument("--step-limit", type=_seconds_arg, default=None, metavar="SECONDS",
                   help="open3: the games with a sparse space climb to --big-size by doublings, "
                        "each stored when done; a game whose next doubling is estimated to take "
                        "more than SECONDS (its compute time so far) stops there and is reported "
                        "short of its target (default: no limit)")
    p.add_argument("--until-periodic", action="store_true",
                   help="octal tables stop as soon as a period is proved (the rest follows "
                        "from it); other tables are computed in full")
    p.add_argument("--algorithm", choices=("auto", "naive", "sparse"), default="auto",
                   help="octal tables: naive or sparse-space mex (same values; default auto)")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="run on a running Dask scheduler, e.g. tcp://host:8786 (its workers need "
                        "gtables installed); default: start a local cluster on 127.0.0.1")
    p.add_argument("--workers", type=_int_arg, default=None, metavar="N",
                   help="worker processes of the local cluster (default 2, or 1 on one core; "
                        "workers x threads at most the machine's cores unless --oversubscribe)")
    p.add_argument("--threads-per-worker", type=_int_arg, default=1, metavar="N",
                   help="tasks each local worker runs at once (default 1)")
    _oversubscribe_arg(p)
    _time_arg(p)
    p.add_argument("--out", default="results",
                   help="directory for the --catalogue report (default results)")
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="--progress forces the one-line counter on stderr, --no-progress "
                        "shows none.  Default: the counter when stderr is a terminal; when it is "
                        "not a terminal (a cluster job, nohup, CI), a plain line with done/total, "
                        "failed and elapsed time every 30 s ($GTABLES_LOG_SECONDS)")
    _quiet_arg(p)
    _store_arg(p)
    # -- sweep (end) --
    return ap


def _err(msg: str) -> int:
    print(f"gtables: error: {msg}", file=sys.stderr)
    return 2


def main(argv=None) -> int:
    ap = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    argv, rules = _take_rules(argv)
    if rules is None:
        return _err("--rules needs a file (--rules FILE.py)")
    # a position such as -1,2 is not an option: keep it positional so it gets a clear error
    argv = [" " + a if re.match(r"^-\d", a) else a for a in argv]
    args = ap.parse_args(argv)
    if args.command is None:
        ap.print_help()
        return 0
    env = os.environ.get("GTABLES_RULES", "")
    rules = [r for r in env.split(os.pathsep) if r.strip()] + rules
    with latched_interrupts():
        if rules:
            try:
                load_rules(rules)
            except GtablesError as e:
                return _err(str(e).splitlines()[0])
        return _run(args)


def _take_rules(argv: list[str]) -> tuple[list[str], list[str] | None]:
    """``argv`` without its ``--rules FILE`` items (anywhere on the line), and the files
    (``None`` when a ``--rules`` has no file after it)."""
    rest, files = [], []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--rules":
            if i + 1 >= len(argv) or not argv[i + 1].strip():
                return rest, None
            files.append(argv[i + 1])
            i += 2
            continue
        if a.startswith("--rules="):
            if not a[len("--rules="):].strip():
                return rest, None
            files.append(a[len("--rules="):])
        else:
            rest.append(a)
        i += 1
    return rest, files


_loaded_rules: set[str] = set()


def load_rules(files: list[str]) -> None:
    """Run each rules file once (its games register themselves); every failure one line."""
    for f in files:
        path = os.path.abspath(os.path.expanduser(f))
        if path in _loaded_rules:
            continue
        if not os.path.isfile(path):
            raise GtablesError(f"--rules {f}: no such file (a Python file that calls "
                               f"gtables.define_game)")
        if not path.endswith(".py"):
            raise GtablesError(f"--rules {f}: give a Python file (FILE.py)")
        _loaded_rules.add(path)
        try:
            run_rules_file(path)
        except GtablesError as e:
            raise GtablesError(f"--rules {f}: {str(e).splitlines()[0]}") from None
        except SystemExit:
            raise GtablesError(f"--rules {f}: the file called exit()") from None
        except Exception as e:     # noqa: BLE001 - the user's file: its error in one line
            import traceback
            tb = traceback.extract_tb(e.__traceback__)
            mine = [fr for fr in tb if os.path.abspath(fr.filename) == path]
            where = f" (line {mine[-1].lineno})" if mine else ""
            why = str(e).strip().splitlines()[0] if str(e).strip() else ""
            raise GtablesError(f"--rules {f}{where}: {type(e).__name__}"
                               f"{': ' + why[:200] if why else ''}") from None


def run_rules_file(path: str) -> None:
    """Run the rules file ``path`` as the module an ``import`` of it makes: named by its file
    name and in ``sys.modules`` before it runs.  numba's cache keys a compiled function on its
    file and loads it back by importing the module it was compiled in, so the file imported by a
    script and run here must be one module of one name: run as ``gtables_rules``, an entry of
    either was a ``ModuleNotFoundError`` (or a second run of the file) for the other.  A name
    taken by another module (``random.py``), or none Python can import, runs it as
    ``gtables_rules``, whose functions numba compiles afresh in each run.  No bytecode is
    written beside the file."""
    import importlib.util
    import keyword
    import runpy
    name = os.path.splitext(os.path.basename(path))[0]
    if name.isidentifier() and not keyword.iskeyword(name) and name not in sys.modules:
        try:
            found = importlib.util.find_spec(name)
        except (ImportError, ValueError):
            found = None
        origin = getattr(found, "origin", None)
        if found is None or isinstance(origin, str) and \
                os.path.realpath(origin) == os.path.realpath(path):
            spec = importlib.util.spec_from_file_location(name, path)
            if spec is not None:
                module = importlib.util.module_from_spec(spec)
                with open(path, "rb") as fh:
                    code = compile(importlib.util.decode_source(fh.read()), path, "exec")
                sys.modules[name] = module
                try:
                    exec(code, module.__dict__)
                except BaseException:
                    sys.modules.pop(name, None)        # as a failed import leaves it
                    raise
                return
    runpy.run_path(path, run_name="gtables_rules")


def _run(args) -> int:
    """One command, its errors turned into one line (see :func:`main`)."""
    try:
        from .config import check_environment
        check_environment()        # NUMBA_NUM_THREADS=0 was a traceback of 54 lines
        if getattr(args, "quiet", False) and getattr(args, "progress", None):
            raise GtablesError("--quiet and --progress contradict each other: give one of them")
        from .config import announce_compiles  # a line when kernels compile (cold cache)
        if not (getattr(args, "quiet", False) or getattr(args, "json", False)
                or getattr(args, "progress", None) is False):
            announce_compiles(lambda text: print(text, file=sys.stderr, flush=True))
        else:       # and none under --quiet, even after a command that had them in this process
            announce_compiles(None)
        if args.command in LOADS_NUMBA:
            from .api import room_for_numba
            room_for_numba()       # under ulimit -v LLVM aborts as it loads: one line first
        return COMMANDS[args.command](args)
    except GtablesError as e:
        return _err(str(e).splitlines()[0] if str(e) else type(e).__name__)
    except KeyboardInterrupt:
        return _err(_interrupted(args.command))
    except BrokenPipeError:
        return 0
    except OSError as e:
        # the machine, not gtables: a full disk or quota, a read-only file system, denied
        # access (wherever it happens: a store, a report, numba's kernel cache)
        if e.errno in (errno.ENOSPC, errno.EFBIG, errno.EDQUOT, errno.EROFS, errno.EACCES,
                       errno.EPERM):
            where = f" ({e.filename})" if e.filename else ""
            return _err(f"cannot go on: {e.strerror}{where}")
        if _short_of_memory(e):
            return _err(_NO_MEMORY_TO_LOAD)
        raise
    except MemoryError:
        # past the memory guard (an address-space limit, ulimit -v, met mid-way): nothing
        # half-written is ever published, so stopping here loses nothing stored
        return _err("out of memory (the machine's memory or an address-space limit such as "
                    "ulimit -v); nothing stored was changed: use a smaller table")
    except Exception as e:
        # Ctrl-C inside numba's compiler surfaces as another error with the interrupt as context
        if _caused_by_interrupt(e):
            _err(_interrupted(args.command))
            # interrupted inside numba's compiler: LLVM is left half-way and the interpreter's
            # teardown can crash, so leave at once (nothing is open: tables are written after
            # they are computed)
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(2)
        if _short_of_memory(e):
            return _err(_NO_MEMORY_TO_LOAD)
        raise


_NO_MEMORY_TO_LOAD = ("not enough memory to load gtables' compiler (numba and LLVM) under the "
                      "address-space limit (ulimit -v); nothing stored was changed (and nothing "
                      "is known damaged): raise the limit")


def _short_of_memory(e: BaseException) -> bool:
    """Whether ``e`` is a want of memory in disguise: a MemoryError in its chain, or, under an
    address-space limit (``ulimit -v``), a shared library (llvmlite's, numba's) that failed to
    load: LLVM maps hundreds of MB when it loads, and the loader says "cannot load"."""
    from .engine.memory import rlimit_available
    seen: set[int] = set()
    chain: BaseException | None = e
    while chain is not None and id(chain) not in seen:
        if isinstance(chain, MemoryError):
            return True
        seen.add(id(chain))
        chain = chain.__cause__ or chain.__context__
    if rlimit_available() is None:
        return False
    text = str(e).lower()
    return isinstance(e, (OSError, ImportError)) and any(
        w in text for w in ("shared object", "cannot allocate memory", "failed to map",
                            "cannot map", "llvmlite"))


def _interrupted(command: str) -> str:
    if command == "sweep":
        return ("interrupted (every table finished before the interrupt is stored; the others "
                "start again from their stored prefixes when the sweep is run again)")
    if command in ("compute", "query", "verify", "reproduce"):
        return ("interrupted (no incomplete table was stored; a heap-game run resumes from its "
                "last checkpoint)")
    return "interrupted (the store is unchanged: writes are all or nothing)"


def _caused_by_interrupt(e: BaseException) -> bool:
    if interrupt_latched():     # a Ctrl-C numba's compiler swallowed, then failed on
        return True
    seen = set()
    while e is not None and id(e) not in seen:
        if isinstance(e, KeyboardInterrupt):
            return True
        seen.add(id(e))
        e = e.__cause__ or e.__context__
    return False


def _open_store(args):
    from .store import Store, default_path, legacy_notice
    if getattr(args, "store", None) is not None:
        return Store(args.store)
    if args.command not in ("import", "merge"):    # those are the answer to the notice
        legacy_notice(default_path())
    return Store()


def _count_arg(text: str) -> int:
    """argparse type: a positive integer of the gtables syntax (the one integer rule: no '_',
    no '+', no ',', ASCII digits only)."""
    v = _int_arg(text)
    if v < 1:
        raise argparse.ArgumentTypeError(f"expected a positive number, not {text.strip()!r}")
    return v


def _workers(args, default: int) -> int:
    """``--workers`` checked against the machine: at least 1, at most its cores (times
    ``--threads-per-worker``) unless ``--oversubscribe``, and never more than
    :data:`MAX_WORKERS`; before anything starts."""
    cores = os.cpu_count() or 1
    n = default if args.workers is None else args.workers
    threads = getattr(args, "threads_per_worker", 1)
    if n < 1 or threads < 1:
        raise GtablesError("--workers and --threads-per-worker must be at least 1")
    if n > MAX_WORKERS or threads > MAX_WORKERS:
        big = max(n, threads)
        raise GtablesError(f"--workers and --threads-per-worker: at most {MAX_WORKERS}, not "
                           + (f"{big:,}" if big < 10 ** 12 else f"a number of {len(str(big))} "
                                                                 f"digits"))
    if n * threads > cores and not args.oversubscribe:
        raise GtablesError(f"--workers {n}" + (f" x --threads-per-worker {threads}"
                                               if threads > 1 else "")
                           + f" is more than this machine's {cores} core(s); use --workers "
                             f"{max(1, cores // threads)} or fewer, or --oversubscribe")
    return n


def _out_dir(path: str, what: str = "--out") -> str:
    """Refuse, before any work, an output directory that cannot take the report: empty, a file,
    under a file, or not writable (probed by making and removing a file, or the directory
    itself and the folders on the way, so nothing is left behind)."""
    import tempfile
    if not path or not path.strip() or "\0" in path:
        raise GtablesError(f"{what} {path!r} is not a directory path")
    p = os.path.abspath(path)
    if os.path.exists(p) and not os.path.isdir(p):
        raise GtablesError(f"{what} {path} is a file, not a directory (the report is several "
                           f"files: give a directory, made if missing)")
    missing = []
    top = p
    while not os.path.exists(top):
        missing.append(top)
        parent = os.path.dirname(top)
        if parent == top:
            break
        top = parent
    if not os.path.isdir(top):
        raise GtablesError(f"{what} {path}: {top} is a file, not a directory")
    made = []
    try:
        for d in reversed(missing):
            os.mkdir(d)
            made.append(d)
        fd, probe = tempfile.mkstemp(dir=p, prefix=".gtables-probe-")
        os.close(fd)
        os.remove(probe)
    except OSError as e:
        raise GtablesError(f"{what} {path} cannot take the report: "
                           f"{e.strerror or type(e).__name__}"
                           + (f" ({e.filename})" if e.filename else "")) from None
    finally:
        for d in reversed(made):
            with contextlib.suppress(OSError):
                os.rmdir(d)
    return path


def _compute_bounded(api, g, args, store) -> int:
    """``compute --keep K``: the full table to K, statistics beyond (api.compute_bounded)."""
    t = api.compute_bounded(g.spec, args.keep, window=args.window, store=store,
                            progress=_progress(args), checkpoint_seconds=args.checkpoint_seconds,
                            ignore_memory=args.ignore_memory_limit)
    b = t.attrs["extra"]["bounded"]
    s = b["stats"]
    where = f"stored in {store.path}" if store is not None else "not stored (--no-store)"
    print(f"{t.spec}: the full table, heaps 0..{b['full_to'] - 1:,}; {where}")
    print(f"  and statistics of heaps 0..{b['stats_to'] - 1:,} (bounded memory, window "
          f"{b['window']:,}, {b['seconds']:.1f} s): checksum {s['checksum']}, max "
          f"{s['max_value']} at heap {s['max_at']:,}, {s['zeros']:,} zeros; rare heaps "
          f"{b.get('rare_heaps')} (last {b.get('last_rare')}), mask {b.get('mask')}")
    return 0


def cmd_compute(args) -> int:
    from . import api
    from .engine.compute import check_request
    from .engine.syntax import MIN_CHECKPOINT_SECONDS, seconds_value
    store = None if args.no_store else _open_store(args)
    seconds_value(args.checkpoint_seconds, "--checkpoint-seconds", MIN_CHECKPOINT_SECONDS)
    if args.window is not None and args.keep is None:
        raise GtablesError("--window goes with --keep (bounded memory) only")
    if args.keep is not None and (args.until_periodic or args.force or args.algorithm == "naive"):
        raise GtablesError("--keep (bounded memory) goes with neither --until-periodic, --force "
                           "nor --algorithm naive")
    status = 0
    games = [api.game(spec) for spec in args.spec]   # every spec is checked before any work
    todo = [g for g in games if store is None or args.force or g.spec not in store]
    for g in todo:      # and every request: memory, time, options (api.compute checks again)
        if args.keep is not None:
            api.check_bounded(g.spec, args.keep, args.window,
                              ignore_memory=args.ignore_memory_limit)
            continue
        check_request(g, until_periodic=args.until_periodic, algorithm=args.algorithm,
                      ignore_memory=args.ignore_memory_limit, ignore_time=True)
        if not args.ignore_time_limit:
            api.check_run_time(g, store if not (args.no_resume or args.force) else None,
                               args.algorithm, args.until_periodic)
    if todo and store is not None:
        store.check_writable()
    for g in games:
        if store is not None and not args.force and g.spec in store:
            api.load(g.spec, store=store)     # a damaged one is an error naming its repair
            print(f"{g.spec}: already stored in {store.path} (use --force to recompute)")
            continue
        if args.keep is not None:
            status = max(status, _compute_bounded(api, g, args, store))
            continue
        # api.compute refuses an impossible request before it touches the store (check_request)
        t = api.compute(g.spec, store=store, force=args.force, progress=_progress(args),
                        ignore_memory=args.ignore_memory_limit, until_periodic=args.until_periodic,
                        algorithm=args.algorithm, resume=not args.no_resume,
                        checkpoint_seconds=args.checkpoint_seconds,
                        ignore_time=args.ignore_time_limit)
        v = t.values
        where = f"stored in {store.path}" if store is not None else "not stored (--no-store)"
        x = t.attrs.get("extra") or {}
        secs = f"{t.attrs.get('compute_seconds', 0):.3f} s"
        if x.get("resumed_from"):
            secs += f" in all, {x.get('this_run_seconds', 0):.3f} s in this run"
        print(f"{g.spec}: {v.size:,} positions, {t.kind}, dtype {v.dtype}, max {int(v.max())}, "
              f"{secs}; {where}")
        if x.get("resumed_from"):
            print(f"  resumed from heap {x['resumed_from']:,} ({x.get('resumed_from_source', '')})")
        if x.get("algorithm") and g.is_sequence:
            print(f"  algorithm: {x['algorithm']}{_rare_text(x)}")
        if "period" in x:
            tail = (f"; heaps {x['computed_to']:,}..{v.size - 1:,} filled from the period"
                    if x.get("filled_by_period") else "")
            salt = f", saltus {x['saltus']}" if x.get("saltus") else ""
            print(f"  PROVED: period {x['period']}, pre-period {x['preperiod']}{salt} "
                  f"({x['proof']}){tail}")
        elif args.until_periodic:
            print(f"  no period proved up to heap {v.size - 1:,} (open at size {v.size:,})")
            o = x.get("observed")
            if o:
                salt = f", saltus {o['saltus']}" if o["saltus"] else ""
                print(f"  observed (not proved): period {o['period']}, pre-period "
                      f"{o['preperiod']}{salt} on heaps 0..{o['checked_to'] - 1:,}")
    return status


def _stored_table(args):
    """The table stored under exactly ``args.spec`` (its canonical form), read without importing
    the family and numba; ``None`` otherwise (then the long way reports any error, in order)."""
    from . import api
    try:
        store = _open_store(args)
    except GtablesError:
        return None
    return api.load_if_stored(args.spec, store)


# query and show compute (and store) a missing table of at most this many positions, as a
# first `gtables compute` would; a larger missing one is an error that says to compute it
COMPUTE_ON_READ_POSITIONS = 1 << 22


def _table(args, allow_compute=True):
    from . import api
    fast = _stored_table(args)
    if fast is not None:
        return fast
    store = _open_store(args)
    g = api.game(args.spec)
    if g.spec not in store:
        if allow_compute and g.space.size <= COMPUTE_ON_READ_POSITIONS:
            return api.compute(g.spec, store=store)
        raise GtablesError(f"table {g.spec} is not in the store {store.path} and has "
                           f"{g.space.size:,} positions, more than a lookup computes "
                           f"({COMPUTE_ON_READ_POSITIONS:,}): run gtables compute {g.spec}")
    return api.load(g.spec, store=store)


def _value_line(d: dict) -> str:
    """What query and solve print first: the position, its value (Grundy value, or a
    canonical form with its temperature, mean, stops and birthday) and its outcome."""
    line = f"{d['spec']}  position {d['position']}:"
    if "grundy" in d:
        line += f" Grundy value {d['grundy']},"
    if "temperature" in d:       # a table of canonical forms
        return (line + f" value {d['value']}, outcome {d['outcome']}, temperature "
                f"{d['temperature']}, mean {d['mean']} (stops {d['left_stop']} and "
                f"{d['right_stop']}, birthday {d['birthday']})")
    return line + f" outcome {d['outcome']}"


def cmd_query(args) -> int:
    from . import api
    from .quotients import past_total
    d = past_total(args.spec, args.position, _open_store(args))
    if d is not None:                  # a misère sum past the table's total: a stored quotient
        if args.moves:
            raise GtablesError(f"{d['spec']}: position {d['position']} is past the table's "
                               f"total {d['total']}; its outcome comes from a quotient, which "
                               f"lists no moves (leave out --moves)")
        if args.json:
            print(json.dumps(d))
        else:
            print(f"{d['spec']}  position {d['position']}: outcome {d['outcome']} (past this "
                  f"table's total {d['total']}: from the stored misère quotient of "
                  f"{d['quotient']}, |Q| = {d['size']}, element {d['element']}, certified for "
                  + ("every heap by the periodicity theorem)" if d["certified_to"] == "all"
                     else f"every sum of heaps 0..{d['heaps']})"))
        return 0
    t = _stored_table(args)            # a stored table: value and outcome without numba
    if t is None:
        g = api.game(args.spec)
        g.space.index(g.space.parse(args.position))  # refused before any table is computed or read
        t = _table(args)
    d = t.describe(args.position)
    if args.moves:     # the move generator runs: this loads numba and the family's kernels
        d["moves"] = t.moves(args.position)
        d["winning_moves"] = [m["to"] for m in d["moves"] if m["wins"]]
    if args.json:
        print(json.dumps(d))
        return 0
    line = _value_line(d)
    if "terminal" in d:
        line += f" (terminal: {d['terminal']})"
    print(line)
    if d.get("as_stored"):         # a user's game read without its rules: what it says it is
        print(f"  {d['as_stored']}")
    if args.moves:
        if not d["moves"]:
            print("  no moves")
        for m in d["moves"]:
            who = f"{m['player']}: " if "player" in m else ""
            val = f"value {m['value']}, " if "value" in m else ""
            print(f"  {who}-> {m['to']:<16} {val}outcome {m['outcome']}"
                  f"{'   winning move' if m['wins'] else ''}")
        if not d["winning_moves"]:
            print("  no winning move")
    return 0


def _rare_text(x: dict) -> str:
    """The rare heaps of a sparse-space run (``extra`` of a sequence table), or ``""``."""
    if x.get("rare_heaps") is None:
        return ""
    last = f", the last {x['last_rare']:,}" if x.get("last_rare") is not None else ""
    return (f", {x['rare_heaps']:,} rare heaps{last} (mask {x['mask']:#x}"
            f"{' + heap parity' if x.get('parity_bit') else ''})")


def _stats_lines(x: dict) -> list[str]:
    """What ``show`` says of a sequence table's stored statistics (``extra``), a few lines."""
    s = x.get("stats")
    if not isinstance(s, dict) or not s.get("length"):
        return []
    zeros = s["zeros"]
    lines = [f"heaps 0..{s['length'] - 1:,}: largest value {s['max_value']} (first at heap "
             f"{s['max_at']:,}); {zeros:,} zero{'' if zeros == 1 else 's'} (P-positions, "
             f"heap 0 included)",
             f"checksum sum (n+1)*G(n) mod 2^61 = {s['checksum']} (as octal_naive.c prints)"]
    if x.get("filled_by_period"):
        lines.append(f"heaps {x['computed_to']:,}.. filled from the proved period (statistics "
                     f"cover them)")
    if x.get("algorithm"):
        lines.append(f"algorithm: {x['algorithm']}{_rare_text(x)}")
    b = x.get("bounded")
    if isinstance(b, dict) and isinstance(b.get("stats"), dict):
        t = b["stats"]
        lines += [f"beyond the full table (bounded memory, window {b['window']:,}): statistics "
                  f"only, of heaps 0..{b['stats_to'] - 1:,}: largest value {t['max_value']} (first "
                  f"at heap {t['max_at']:,}); {t['zeros']:,} zeros; checksum {t['checksum']}",
                  f"  last values (heaps {b['stats_to'] - len(b['tail']):,}..): "
                  f"{' '.join(map(str, b['tail']))}{_rare_text(b)}"]
    return lines


SHOW_UNCHECKED_BYTES = 1 << 24


def _search_checkpoint(args, spec: str, position: str) -> str | None:
    if args.no_checkpoint:
        return None
    if args.checkpoint:
        return args.checkpoint
    if "value=canonical" in spec:   # its entries are ids of a game pool: no default checkpoint
        return None
    import hashlib
    base = os.environ.get("GTABLES_SEARCHES") or os.path.join("results", "searches")
    tag = hashlib.sha1(f"{spec} {position}".encode()).hexdigest()[:10]
    name = re.sub(r"[^A-Za-z0-9=,._-]", "_", spec)[:80]
    return os.path.join(base, f"{name}-{tag}.npz")


def cmd_solve(args) -> int:
    from . import api
    g = api.game(args.spec)
    if g.search is None and (args.position == "start" or args.method == "reachable"):
        from .games import CELL_GAMES
        raise GtablesError(f"{g.spec}: the reachable search serves the games of gtables."
                           f"define_game ({', '.join(CELL_GAMES)} and yours); "
                           f"for this family solve reads a position (e.g. "
                           f"{g.space.format_index(g.space.size - 1)}) from the whole table "
                           f"(--method auto or dense), as query does")
    idx = g.space.index(g.space.parse(args.position))   # refused before anything runs
    where = g.space.format_index(idx)
    ckpt = _search_checkpoint(args, g.spec, where) if args.method != "dense" else None
    if ckpt is not None and os.path.isdir(ckpt):
        raise GtablesError(f"--checkpoint {ckpt} is a directory; give a file name")
    d = api.solve(g.spec, args.position, store=_open_store(args), method=args.method,
                  checkpoint=ckpt, checkpoint_seconds=args.checkpoint_seconds,
                  progress=_progress(args), ignore_memory=args.ignore_memory_limit)
    if ckpt is not None and d.get("method") == "reachable":
        d["checkpoint"] = ckpt
    if args.json:
        print(json.dumps(d))
        return 0
    line = _value_line(d)
    print(line)
    if d["method"] == "reachable":
        extra = (", symmetry" if d["symmetry"] else "") + (", parts" if d["parts"] else "")
        how = " (sealed)" if d.get("resumed_by") == "seal" else " (re-derived)" \
            if d.get("resumed_by") == "re-derived" else ""
        resumed = f", {d['resumed']:,} resumed from the checkpoint{how}" if d["resumed"] else ""
        print(f"  by the reachable search{extra}: {d['positions_stored']:,} positions stored, "
              f"{d['expanded']:,} expanded in {d['seconds']:,.1f} s{resumed}; hash table "
              f"{d['peak_bytes'] / 2**20:,.0f} MiB")
    else:
        print(f"  from the whole table ({g.space.size:,} positions), {d['seconds']:,.2f} s")
    return 0


def _show_cells(t, fmt, vals) -> None:
    """Boards drawn as boards (rows of cells, side by side), graphs as their vertex symbols."""
    sp = t.space
    if not sp.is_board:
        width = max(len(f) for f in fmt) if fmt else 8
        for f, v in zip(fmt, vals):
            val = f"{int(v):>3}  " if t.kind == "grundy" else \
                f"{t.pool.format(int(v))}  " if t.kind == "canonical" else ""
            print(f"{f:>{width}}  {val}{t.outcome_of_value(int(v))}")
        return
    per_line = max(1, 78 // (2 * sp.cols + 3))
    for k in range(0, len(fmt), per_line):
        group = list(zip(fmt[k:k + per_line], vals[k:k + per_line]))
        cell = 2 * sp.cols + 1
        heads = []
        for _f, v in group:
            label = (f"{int(v)} {t.outcome_of_value(int(v))}" if t.kind == "grundy" else
                     t.pool.format(int(v)) if t.kind == "canonical" else
                     t.outcome_of_value(int(v)))
            heads.append(f"{label:<{cell}}")
        print("  ".join(heads).rstrip())
        for r in range(sp.rows):
            print("  ".join(f"{' '.join(f.split('|')[r]):<{cell}}" for f, _ in group).rstrip())
        print()


def cmd_show(args) -> int:
    import numpy as np

    if args.limit < 0:
        raise GtablesError(f"--limit must be 0 (every entry) or more, not {args.limit}")
    t = _table(args)
    n = t.space.size if args.limit == 0 else min(args.limit, t.space.size)
    # the positions (int64 rows) and their text, before anything prints; below 16 MiB there is
    # nothing worth refusing, and the check's module loads the engine's kernels (numba)
    need = n * (16 * t.space.width + 80)
    if need > SHOW_UNCHECKED_BYTES:
        from .engine.memory import require_memory
        require_memory(need, f"showing {n:,} entries of {t.spec}", advice="use --limit N to show fewer")
    vals = t.stored.read(slice(0, n)) if t._values is None else t.values[:n]
    pos = t.space.unrank(np.arange(n))
    fmt = [t.space.format(p) for p in pos]
    x = t.attrs.get("extra") if isinstance(t.attrs.get("extra"), dict) else {}
    from .store import sampled_import
    sampled = sampled_import(t.attrs)        # import --accept-sample: said with the values
    as_stored = t.as_stored     # a user's game read without its rules: what it says it is
    if args.format == "json":
        d = {"spec": t.spec, "kind": t.kind, "encoding": t.attrs.get("encoding"),
             "size": t.space.size, "shown": n}
        if as_stored:
            d["as_stored"] = as_stored
        if sampled is not None:
            d["verified"] = f"on a sample: {sampled} values re-derived at import"
        if t.stats is not None:
            d["stats"] = t.stats
        if "rare_heaps" in x:
            d["rare"] = {k: x.get(k) for k in ("mask", "parity_bit", "rare_heaps", "last_rare")}
        if t.kind == "canonical":
            cols = t.canonical_columns(np.asarray(vals))
            d["entries"] = [{"position": f, **{c: (int(x[i]) if c == "birthday" else x[i])
                                               for c, x in cols.items()}}
                            for i, f in enumerate(fmt)]
        else:
            d["entries"] = [{"position": f, "value": int(v)} for f, v in zip(fmt, vals)]
        print(json.dumps(d))
    elif args.format == "csv":
        if as_stored:
            from .errors import warn
            warn(f"{t.spec}: {as_stored}")
        if sampled is not None:
            from .errors import warn
            warn(f"{t.spec}: imported on a sample ({sampled} values re-derived at import)")
        if t.kind == "canonical":
            cols = t.canonical_columns(np.asarray(vals))
            print("index,position," + ",".join(cols))
            for i, f in enumerate(fmt):
                print(f'{i},"{f}",' + ",".join(f'"{x[i]}"' if c == "value" else str(x[i])
                                                for c, x in cols.items()))
        else:
            print("index,position,value,outcome")
            for i, (f, v) in enumerate(zip(fmt, vals)):
                print(f'{i},"{f}",{int(v)},{t.outcome_of_value(int(v))}')
    else:
        print(f"# {t.spec}: {t.attrs.get('description', '')}")
        if as_stored:
            print(f"# {as_stored}")
        print(f"# kind {t.kind} ({t.attrs.get('encoding')}); {t.space.size:,} positions; "
              f"showing {n}")
        if sampled is not None:
            print(f"# imported on a sample: {sampled} values re-derived at import; gtables "
                  f"check --deep re-derives them all")
        for line in _stats_lines(x):
            print(f"# {line}")
        from .engine.spaces import CellSpace, HeapSpace
        if isinstance(t.space, CellSpace):     # a board drawn as a board, a graph's vertices
            _show_cells(t, fmt, vals)
        elif isinstance(t.space, HeapSpace):     # index = heap: rows of 20 values, each from heap i
            for i in range(0, n, 20):
                print(f"{i:>8}: " + " ".join(f"{int(v):>2}" if t.kind == "grundy" else
                                              t.outcome_of_value(int(v)) for v in vals[i:i + 20]))
        else:          # each entry at its position, written as the family writes it (as query reads it)
            width = max([16] + [len(f) for f in fmt])
            for f, v in zip(fmt, vals):
                val = t.pool.format(int(v)) if t.kind == "canonical" else f"{int(v):>3}"
                print(f"{f:>{width}}  {val}  {t.outcome_of_value(int(v))}")
    return 0


def cmd_list(args) -> int:
    from .store import sampled_import
    store = _open_store(args)
    rows = store.list()
    for r in rows if store.kind != "export" else ():    # an export's rows say it themselves
        r.pop("verified", None)        # never a file's word: gtables writes no such attribute
        said = None if r.get("damaged") else sampled_import(r)
        if said is not None:           # a table imported on a sample says so
            r["verified"] = f"on a sample: {said} values re-derived at import"
    if args.json:        # Store.list() gives attributes stored as JSON text as objects
        print(json.dumps(rows, default=str))
        return 0
    if not rows:
        print(f"no tables in {store.path}")
        _list_quotients(store)
        return 0
    print(f"{store.path}: {len(rows)} table(s)")
    if store.kind == "export":
        print("  (an export file: only each table's length and data type are checked here; "
              "nothing else it says is shown. gtables import re-derives its values and "
              "describes them)")
    damaged = 0
    for r in rows:
        if r.get("damaged"):
            damaged += 1
            print(f"  {r.get('spec', '?'):<44} DAMAGED: {r['damaged']}")
            continue
        if store.kind == "export":      # the sender's word is not shown (Store.list)
            print(f"  {r['spec']:<44} {'':<9} {r.get('length', 0):>12,} pos  "
                  f"{r.get('dtype', '?'):<7} not verified")
            continue
        print(f"  {r['spec']:<44} {r.get('kind', '?'):<9} {r.get('length', 0):>12,} pos  "
              f"{r.get('dtype', '?'):<7} max {r.get('max_value', '?'):<6} "
              f"{float(r.get('compute_seconds', 0)):>9.3f} s  {r.get('created', '')}")
        if r.get("verified"):
            print(f"      imported {r['verified']}; gtables check --deep re-derives them all")
    if damaged:
        print(f"{damaged} damaged table(s): see gtables check")
    _list_quotients(store)
    # a folder that is a link or a file hides every table under it: a problem, not a row
    return 1 if any(str(r.get("spec", "")).startswith("(folder ") for r in rows) else 0


def _list_quotients(store) -> None:
    qs = store.quotients()
    if not qs:
        return
    print(f"{len(qs)} misère quotient(s) (gtables quotient SPEC --heaps N reads one back):")
    for r in qs:
        x = r.get("extra") if isinstance(r.get("extra"), dict) else {}
        if r.get("damaged"):
            print(f"  {r.get('spec', '?'):<44} DAMAGED: {r['damaged']}")
            continue
        tame = x.get("tame_to")
        heaps = x.get("heaps")
        what = "tame" if tame == heaps else f"tame to heap {tame}"
        cert = ", certified for every heap" if x.get("certified_to") == "all" else ""
        print(f"  {r['spec']:<44} |Q| = {x.get('size')}, |P| = {x.get('p_size')}, {what}, "
              f"checked to total {x.get('checked_total')}{cert}")


def cmd_check(args) -> int:
    from . import api
    from .errors import NotEnoughMemory
    store = _open_store(args)
    try:
        rows = api.check_store(store, deep=args.deep)
    except (NotEnoughMemory, MemoryError) as e:
        # a fact about this run, not about the store: never reported as damage
        raise GtablesError(f"not enough memory to check {store.path} (nothing is known "
                           f"damaged): {str(e) or 'out of memory'}") from None
    if args.deep:
        from .quotients import recertify_rows
        recertify_rows(store, rows)
    if args.json:
        print(json.dumps(rows))
    else:
        bad = [r for r in rows if r["damaged"]]
        counted = [r for r in rows if r["kind"] != "leftover"]
        sampled = [r for r in rows if r.get("rederived", "").startswith("sampled")]
        skipped = [r for r in rows if r.get("rederived", "").startswith("not")]
        whole = args.deep and not sampled and not skipped
        sound = sum(r["kind"] == "table" and not r["damaged"] for r in rows)
        short = ", ".join(([f"{len(sampled)} on a sample"] if sampled else [])
                          + ([f"{len(skipped)} not re-derived"] if skipped else []))
        print(f"{store.path}: {len(counted) - len(bad)} of {len(counted)} entries sound "
              f"({sum(r['kind'] == 'table' for r in rows)} tables, "
              f"{sum(r['kind'] == 'checkpoint' for r in rows)} checkpoints, "
              f"{sum(r['kind'] == 'quotient' for r in rows)} quotients)"
              + ("; every table re-derived from its own values" if whole else
                 f"; {sound - len(sampled) - len(skipped)} of {sound} sound tables re-derived "
                 f"in full from their own values, {short} (below)"
                 if args.deep else ""))
        for r in rows:
            if r.get("rederived", "").startswith(("not", "sampled")):
                print(f"  {r['spec']}: {r['rederived']}")
        for r in rows:          # import --accept-sample: what this check added to it
            if r.get("imported"):
                now = r.get("rederived", "")
                print(f"  {r['spec']}: {r['imported']}; re-derived now: {now}"
                      + (" (wrong: below)" if r["damaged"] else
                         "" if now.startswith("all") else
                         " (still not in full: raise $GTABLES_REDERIVE_LIMIT)"))
        unsealed = [r for r in rows if r["kind"] == "table" and r.get("sealed") is False
                    and not r["damaged"]]
        if unsealed:
            print(f"  {len(unsealed)} table(s) not sealed by this store (copied in, edited, "
                  f"planted, or stored by a gtables before seals): re-derived in full before "
                  f"use; {', '.join(r['spec'] for r in unsealed[:5])}")
        for r in bad:
            print(f"  DAMAGED {r['kind']} {r['spec']}: {r['damaged']}")
        left = [r for r in rows if r["kind"] == "leftover"]
        if left:
            print(f"  {len(left)} temporary file(s) of interrupted writes (never read; safe to "
                  f"delete): {', '.join(r['spec'] for r in left[:5])}")
    return 1 if any(r["damaged"] for r in rows) else 0


def cmd_check_game(args) -> int:
    from . import api
    r = api.check_game(args.name, args.spec)
    for line in r.lines():
        print(line)
    print(f"{r.name}: {len(r.failures)} failure(s)" if r.failures else
          f"{r.name}: the contract holds on {len(r.checked)} spec(s)")
    return 1 if r.failures else 0


def _heap_list(text: str) -> list[int]:
    from .engine.syntax import parse_int
    parts = re.split(r"\s*,\s*|\s+", text.strip())
    if any(p == "" for p in parts):
        raise GtablesError(f"{text!r} is not a list of heap sizes (e.g. 29,28,27): an empty "
                           f"entry")
    try:
        hs = [parse_int(x) for x in parts]
    except ValueError as e:
        raise GtablesError(f"{text!r} is not a list of heap sizes (e.g. 29,28,27): {e}") \
            from None
    if not hs or any(h < 0 for h in hs):
        raise GtablesError(f"{text!r} is not a list of heap sizes >= 0 (e.g. 29,28,27)")
    return hs


def cmd_quotient(args) -> int:
    from . import quotients
    qspec = quotients.heap_game_spec(args.spec, args.heaps)
    sums = [_heap_list(t) for t in args.outcome]
    from .misere.quotient import QuotientError  # (numba: after the spec and sums are read)
    store = _open_store(args)
    past = any(max(hs) > quotients.size_of(qspec) for hs in sums)  # needs a certificate
    say = None if args.quiet or past else \
        (lambda line: print(f"  {line}", file=sys.stderr, flush=True))
    try:
        q = quotients.quotient(qspec, store=store, force=args.force,
                               check_total=args.check_total, time_limit=args.time_limit,
                               progress=say)
    except QuotientError as e:
        done = e.partial
        known = "" if done is None or e.heap is None else (
            f"; certified up to heap {e.heap - 1} (|Q| = {done.size}): gtables quotient "
            f"{quotients.game_key(qspec)} --heaps {e.heap - 1}")
        raise GtablesError(f"{qspec}: no quotient: {e}{known}" if e.heap is not None
                           else str(e)) from None
    for hs in sums:
        if q.certified_to != "all" and max(hs) > q.heaps:
            raise GtablesError(f"heap {max(hs)} of --outcome {','.join(map(str, hs))} is past "
                               f"the quotient's heaps 0..{q.heaps} (it has no periodicity "
                               f"certificate for every heap)")
    if args.json:
        d = q.as_dict()
        d["spec"] = qspec
        d["outcomes"] = {",".join(map(str, hs)): q.outcome(hs) for hs in sums}
        print(json.dumps(d))
        return 0
    print(f"{qspec}")
    print(q.describe())
    for hs in sums:
        x = q.element(hs)
        print(f"sum {'+'.join(map(str, sorted(hs, reverse=True)))}: element {q.names[x]}, "
              f"misère outcome {q.outcome(hs)}")
    print(f"stored in {store.path} (quotients/); read it back with gtables quotient "
          f"{quotients.game_key(qspec)} --heaps {q.heaps}")
    return 0


def cmd_compact(args) -> int:
    store = _open_store(args)
    print(f"{store.path}: nothing to compact: a store is a directory of immutable table files, "
          f"and a replaced or deleted table frees its space at once")
    return 0


def cmd_export(args) -> int:
    from . import api, quotients
    store = _open_store(args)
    if not args.spec and not args.quotient:
        raise GtablesError("export needs a spec of a stored table or --quotient SPEC")
    qspecs = [quotients.heap_game_spec(q) for q in args.quotient]
    n = api.export_tables(args.spec, args.to, store, quotients=qspecs)
    print(f"wrote {args.to}: {n - len(qspecs)} table(s)"
          + (f" and {len(qspecs)} quotient(s)" if qspecs else "")
          + f" (read it with --store {args.to}, or bring it into a store with gtables import "
            f"{args.to})")
    return 0


def cmd_import(args) -> int:
    from . import api
    store = _open_store(args)
    from . import quotients
    c = api.import_tables(args.file, store, accept_sample=getattr(args, "accept_sample", None))
    q = quotients.import_quotients(args.file, store)
    print(f"{store.path}: {c['imported']} imported, {c['present']} already there, "
          f"{c['conflict']} conflicting, {c['refused']} refused; {args.file} left as it was")
    if any(q.values()):
        print(f"quotients: {q['imported']} imported, {q['present']} already there, "
              f"{q['conflict']} conflicting, {q['refused']} refused")
    return 1 if c["refused"] or c["conflict"] or q["refused"] or q["conflict"] else 0


def cmd_merge(args) -> int:
    note = "merge is now gtables import FILE, which never deletes FILE"
    args.file = args.side
    try:
        status = cmd_import(args)
    except GtablesError as e:          # still one line: the error, and what merge became
        raise GtablesError(f"{e} ({note})") from None
    print(f"gtables: {note}", file=sys.stderr)
    return status


def cmd_families(args) -> int:
    from . import games
    from .engine.game import REQUIRED
    for fam in games.families().values():
        print(f"{fam.name}: {fam.summary}")
        print(f"  example: {fam.example}    positions: {fam.position_help}")
        for p in fam.params:
            d = "" if p.default is REQUIRED else f" (default {p.default})"
            print(f"    {p.name:<8} {p.help}{d}")
    return 0


def cmd_thresholds(args) -> int:
    from .engine.syntax import parse_int_list
    from .games import endnim
    w = parse_int_list(args.string, "string")
    if min(w) < 1:
        raise GtablesError(f"stacks must be positive, got {min(w)}")
    d = endnim.thresholds(w, ignore_memory=args.ignore_memory_limit)
    if args.json:
        print(json.dumps(d))
    else:
        print(f"w = {d['string']} (outcome {d['outcome']}): R(w) = {d['R']}, R*(w) = {d['Rstar']}, "
              f"L(w) = {d['L']}, L*(w) = {d['Lstar']}")
    return 0


def cmd_verify(args) -> int:
    from .reproduce import refuse_empty_report, table_provider
    from .verify import report
    from .verify.runner import all_claims, declared_tables, run_claims, select
    if args.list:
        for c in select(all_claims(args.scale), args.names):
            print(f"{c.name:<34} {c.source}")
        return 0
    store = _open_store(args)
    _out_dir(args.out)
    claims = select(all_claims(args.scale), args.names)   # a name matching nothing: refused now
    if store.readonly:       # an export file: the tables the claims need must all be in it
        missing = [s for s in declared_tables(claims) if s not in store]
        if missing:
            raise GtablesError(f"{store.path} is an export file, a read-only store, without "
                               f"{len(missing)} of the tables these claims need (e.g. "
                               f"{missing[0]}); give a directory store (--store DIR), or bring "
                               f"the file in first with gtables import {store.path}")
    verdicts, ctx = run_claims(args.names, provider=table_provider(store, _progress(args)),
                               scale=args.scale, echo=print, store=store)
    refuse_empty_report(verdicts, args.out)
    md, js = report.write(args.out, "verify", verdicts, ctx.computed, report.run_meta(args.scale),
                          "gtables verify")
    print(f"wrote {md} and {js}")
    bad = [v for v in verdicts if v.status == "ERROR"]
    return 1 if bad else 0


def cmd_reproduce(args) -> int:
    from .reproduce import reproduce
    workers = _workers(args, 1)
    store = _open_store(args)
    if store.readonly:
        raise GtablesError(f"{store.path} is an export file, a read-only store: reproduce computes "
                           f"every table into its store; give a directory (--store DIR), or "
                           f"bring the file in first with gtables import {store.path}")
    _out_dir(args.out)
    return reproduce(store=store, scale=args.scale, out=args.out, progress=_progress(args),
                     echo=print, workers=workers)


# -- sweep (begin) --
def cmd_sweep(args) -> int:
    import time

    from . import octal_catalogue, sweep
    if not args.patterns and not args.catalogue:
        raise GtablesError("sweep needs grid patterns or --catalogue (see gtables sweep --help)")
    if args.patterns and args.catalogue:
        raise GtablesError(f"give grid patterns or --catalogue {args.catalogue}, not both (run "
                           f"them as two sweeps)")
    if (args.size is not None or args.big_size is not None) and not args.catalogue:
        raise GtablesError("--size and --big-size apply to --catalogue only (put size=N in a pattern)")
    if (args.naive_size is not None or args.step_limit is not None) \
            and args.catalogue != "open3":
        raise GtablesError("--naive-size and --step-limit apply to --catalogue open3 only")
    if args.budget is not None and args.catalogue not in ("open3", "misere3"):
        raise GtablesError("--budget applies to --catalogue open3 only (and to misere3: seconds "
                           "per class)")
    misere = args.catalogue == "misere3"
    if (args.heaps is not None or args.check_total is not None or args.codes is not None
            or args.stop_after is not None) and not misere:
        raise GtablesError("--heaps, --check-total, --codes and --stop-after apply to "
                           "--catalogue misere3 only")
    if args.stop_after is not None and not (math.isfinite(args.stop_after)
                                            and args.stop_after > 0):
        raise GtablesError(f"--stop-after must be a positive finite number of seconds, not "
                           f"{args.stop_after}")
    if misere and (args.size is not None or args.big_size is not None or args.scheduler):
        raise GtablesError("--catalogue misere3 takes --heaps, --budget, --check-total, --codes "
                           "and --workers (its quotients run in local processes), not --size, "
                           "--big-size or --scheduler")
    if misere and args.budget is not None and args.budget <= 0:
        raise GtablesError(f"--budget must be positive for misere3 (seconds per class), not "
                           f"{args.budget}")
    if misere and args.heaps is not None and not 1 <= args.heaps <= 1000:
        raise GtablesError(f"--heaps must be 1..1000, not {args.heaps}")
    if misere and args.check_total is not None and not 0 <= args.check_total <= 200:
        raise GtablesError(f"--check-total must be 0..200, not {args.check_total}")
    if args.budget is not None and not (math.isfinite(args.budget) and args.budget >= 0):
        raise GtablesError(f"--budget must be at least 0 and finite (seconds; 0: stop at the "
                           f"targets), not {args.budget}")
    if args.step_limit is not None and not (math.isfinite(args.step_limit)
                                            and args.step_limit > 0):
        raise GtablesError(f"--step-limit must be a positive finite number of seconds, "
                           f"not {args.step_limit}")
    for flag, value, least in (("--size", args.size, 1), ("--big-size", args.big_size, 0),
                               ("--naive-size", args.naive_size, 0)):
        if value is not None and value < least:
            raise GtablesError(f"{flag} must be at least {least}" + (" (0: no such pass)" if not
                                                                     least else "")
                               + f", not {value}")
        if value:      # a heap size an octal table takes (the family's own range)
            from . import api
            try:
                api.game(f"octal:code=0.07,size={value}")
            except GtablesError as e:
                raise GtablesError(f"{flag} {value}: {e}") from None
    # a local cluster: its size checked against the machine (a remote one has its own workers)
    workers = _workers(args, min(2, os.cpu_count() or 1)) if not args.scheduler else \
        (2 if args.workers is None else args.workers)
    specs = []
    for pattern in args.patterns:
        specs.extend(sweep.expand(pattern))
    if args.scheduler:
        sweep.check_scheduler(args.scheduler)      # at once, before the store is made
    store = _open_store(args)
    if args.catalogue:
        _out_dir(args.out)
    t0 = time.perf_counter()
    opts = dict(scheduler=args.scheduler, workers=workers,
                threads_per_worker=args.threads_per_worker, algorithm=args.algorithm,
                progress=_progress(args), echo=print, ignore_time=args.ignore_time_limit)
    rows = []
    if specs:
        rows = sweep.run_sweep(specs, store, until_periodic=args.until_periodic, **opts)
    catalogue = octal_catalogue.CATALOGUES.get(args.catalogue or "")
    cat_rows, settings = [], {}
    if catalogue is not None and catalogue.own_rows:
        return _own_rows_catalogue(args, catalogue, store, workers)
    if catalogue is not None:
        settings = catalogue.settings(size=args.size, big_size=args.big_size,
                                      naive_size=args.naive_size, budget=args.budget,
                                      step_limit=args.step_limit)
        cat_rows = catalogue.run(store, settings, **opts)
    print(sweep.summary_table(rows + cat_rows, wall_seconds=time.perf_counter() - t0))
    rows = rows + cat_rows
    if catalogue is not None:
        for path in catalogue.write_report(cat_rows, store, args.out, settings):
            print(f"wrote {path}")
    return 1 if any(r.status == "failed" for r in rows) else 0


def _own_rows_catalogue(args, catalogue, store, workers: int) -> int:
    """A catalogue whose rows are its own (the misère chart): run it with a checkpoint in
    --out, write its report with how the run went (command, wall time, peak memory, load), and
    remove the checkpoint once the report is written."""
    import platform
    import resource
    import shlex
    import time

    codes = None
    if args.codes is not None:
        codes = [c.strip() for c in args.codes.split(",") if c.strip()]
        if not codes:
            raise GtablesError("--codes needs at least one code, e.g. --codes 0.07,0.75")
    settings = catalogue.settings(heaps=args.heaps, budget=args.budget, total=args.check_total,
                                  witness_total=args.check_total, codes=codes)
    from .octal_catalogue.misere import CHECKPOINT, selected_classes
    selected_classes(settings)        # a bad --codes is refused before any work
    _out_dir(args.out)
    load_start = tuple(round(x, 2) for x in os.getloadavg())
    t0 = time.perf_counter()
    checkpoint = os.path.join(args.out, CHECKPOINT)
    rows = catalogue.run(store, settings, echo=lambda m: print(m, flush=True), workers=workers,
                         checkpoint=checkpoint, stop_after=args.stop_after)
    me = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    argv = " ".join(shlex.quote(a) for a in sys.argv[1:])
    run = {"command": f"gtables {argv}".strip(),
           "wall seconds": round(time.perf_counter() - t0, 1),
           "peak memory (MiB, this process / largest worker)": f"{me:.0f} / {kids:.0f}",
           "workers": workers, "cpus": os.cpu_count(),
           "load average at start (1, 5, 15 min)": " / ".join(map(str, load_start)),
           "load average at end (1, 5, 15 min)":
               " / ".join(str(round(x, 2)) for x in os.getloadavg()),
           "python": f"Python {platform.python_version()} on {platform.machine()}"}
    paths = catalogue.write_report(rows, store, args.out, settings, run=run)
    for path in paths:
        print(f"wrote {path}")
    with open(paths[1]) as f:
        doc = json.load(f)
    if os.path.exists(checkpoint) and not doc["summary"]["not_run"]:
        os.unlink(checkpoint)
    from .octal_catalogue.misere import SUMMARY_LINE
    print(SUMMARY_LINE(doc))
    s = doc["summary"]
    return 1 if s["disagreements"] or s["failed"] else 0
# -- sweep (end) --


# commands that always load numba (the others may answer from the store without it, and
# api.game checks the room before it loads numba when they need it)
LOADS_NUMBA = frozenset({"compute", "solve", "import", "merge", "verify", "reproduce", "sweep",
                         "quotient", "thresholds", "check-game"})

COMMANDS = {"compute": cmd_compute, "query": cmd_query, "solve": cmd_solve, "show": cmd_show,
            "list": cmd_list,
            "check": cmd_check, "check-game": cmd_check_game, "compact": cmd_compact,
            "merge": cmd_merge,
            "export": cmd_export, "import": cmd_import,
            "families": cmd_families, "thresholds": cmd_thresholds, "verify": cmd_verify,
            "reproduce": cmd_reproduce, "sweep": cmd_sweep, "quotient": cmd_quotient}


if __name__ == "__main__":
    sys.exit(main())
