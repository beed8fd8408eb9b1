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
API: each must raise a one-line GtablesError, run by :data:`API_WRAPPER`).  Issue 34 added
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
"""
from __future__ import annotations

import argparse
import concurrent.futures
import dataclasses
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

RSS_LIMIT = 1 << 30          # a refusal must not allocate: peak RSS above 1 GiB fails the case
TIMEOUT = 60.0               # seconds; a case still running then was not refused at once
ONE_LINE = re.compile(r"^gtables: error: \S")
ARGPARSE_LINE = re.compile(r"^gtables(?: [\w-]+)?: error: ")

# placeholders in arguments and env values, filled per case
#   {store}      the case's store path, not made yet (GTABLES_STORE points there too)
#   {dir}        a directory of other files (not a store)   {textfile}  a text file
#   {emptyfile}  an empty file                   {junkfile}  random bytes named *.h5
#   {foreign}    an HDF5 file of someone else's  {oldstore}  a single-file store of gtables 0.x
#   {fifo}       a FIFO                          {stored}    a store holding the small tables
#   {export}     an export file of those tables (a read-only store)
#   {truncated}  that export file cut in half
#   {out}        an output directory             {tmp}       the case's own directory


@dataclasses.dataclass(frozen=True)
class Case:
    args: tuple[str, ...]
    group: str
    env: tuple[tuple[str, str], ...] = ()
    note: str = ""
    known: str = ""      # a known failure, owned elsewhere: where the fix goes (tests skip these)
    python: str = ""     # a Python API case: code run by API_WRAPPER instead of the command


@dataclasses.dataclass
class Row:
    """The result of one case: the first five fields are what a report needs."""
    args: tuple[str, ...]
    exit_code: int | None
    first_line: str
    one_line: bool
    traceback: bool
    verdict: str = ""             # pass | argparse | fail
    why: str = ""
    group: str = ""
    stderr_lines: int = 0
    written: tuple[str, ...] = ()
    max_rss_mib: float = 0.0
    seconds: float = 0.0
    known: str = ""               # the case's known-failure note, if any


# -- the corpus --------------------------------------------------------------------------------

# the small tables of the {stored} setup (computed once per run, a few milliseconds each)
STORED = ("nim:heaps=2,size=5", "octal:code=0.07,size=100", "chips:rule=A,n=10",
          "endnim:mode=partizan,len=4,max=5", "nimlike:heaps=1,max=7,norepeat=1,size=30")

# integers that break the syntax rule (see gtables.engine.syntax) or every range
BAD_INTS = ("-5", "1_000", "+5", "\u0661\u0662", "\uff11\uff12", "1 000", "5.0", "1e3", "0x10",
            "", "99999999999999999999999", "9" * 40, "\u22125", "five", "5-")

BAD_INTS_SHORT = ("-5", "1_000", "+5", "\u0661\u0662", "1 000", "99999999999999999999999")
# family specs with a hole {} for one key's value; the first four get every BAD_INTS entry, the
# others BAD_INTS_SHORT
INT_KEYS_FULL = ("nim:heaps=2,size={}", "octal:code=0.07,size={}", "chips:rule=A,n={}",
                 "nimlike:heaps=1,max={},size=30")
INT_KEYS = (
    "nim:heaps={},size=8",
    "subtraction:set=1-3,size={}", "subtraction:set=1-3,size=20,heaps={}",
    "stripes:a={},b=5,c=8,size=50", "stripes:a=1,b=5,c=8,size={}",
    "chips:rule=A,n=10,k={}",
    "endnim:mode=partizan,len={},max=5", "endnim:mode=partizan,len=4,max={}",
    "endnim_row:mode=impartial,prefix=1.4,size={}",
    "nimlike:heaps=1,min={},max=7,size=30",
    "nimlike:heaps=1,max=7,norepeat={},size=30", "nimlike:heaps={},max=7,size=30",
)

SPECS = (
    # the spec grammar
    "", " ", ":", "nim", "nim:", ":heaps=2,size=3", "chess:size=3", "n!m:heaps=2,size=3",
    "nim heaps=2", "nim:heaps", "nim:=2,size=3", "nim:heaps==2,size=3", "nim:heaps=2;size=3",
    "nim:heaps=2,size=3,colour=red", "nim:heaps=2,heaps=3,size=3", "nim:heaps=2",
    "nim:heaps=2,size=3,heaps=2", "nim::heaps=2,size=3", "Nim:Heaps=2,Size=3,x=1",
    # nim
    "nim:heaps=0,size=3", "nim:heaps=5,size=3", "nim:heaps=2,size=3,play=sideways",
    "nim:heaps=2,size=2000000", "nim:heaps=2,size=-1",
    # subtraction
    "subtraction:set=,size=10", "subtraction:set=0,size=10", "subtraction:set=3-1,size=10",
    "subtraction:set=1--3,size=10", "subtraction:set={},size=10", "subtraction:set=1+,size=10",
    "subtraction:set=a,size=10", "subtraction:set=1-99999999,size=10",
    "subtraction:set=-3,size=10", "subtraction:set={1,2,size=10", "subtraction:set=1-3),size=10",
    "subtraction:set=1-3,size=10,heaps=5", "subtraction:set=1-3,size=10,play=x",
    "subtraction:set=1 2,size=10", "subtraction:set=\u0661-\u0663,size=10",
    # octal
    "octal:code=0.0G,size=10", "octal:code=0.7g,size=10", "octal:code=1.07,size=10",
    "octal:code=07,size=10", "octal:code=.,size=10", "octal:code=0.,size=10",
    "octal:code=0.!7,size=10", "octal:code=0.3!,size=10", "octal:code=0.7!!,size=10",
    "octal:code=0." + "7" * 33 + ",size=10", "octal:code=0.07,size=10,play=misere",
    "octal:code=0.07,size=2147483649", "octal:code=0.\u0667,size=10", "octal:size=10",
    "octal:code=0.77,play=misere", "octal:code=0.77,size=5,total=5", "octal:code=0.77,total=101",
    "octal:code=0.77,total=-1", "octal:code=0.77,total=x",
    "nim:total=5,heaps=2", "nim:total=101", "nim:heaps=2", "subtraction:set=1-3",
    "subtraction:set=1-3,total=5,size=5", "subtraction:allbut=2,total=5,heaps=2",
    # stripes
    "stripes:a=0,b=5,c=8,size=50", "stripes:a=1,b=5,c=33,size=50", "stripes:a=1,b=5,size=50",
    "stripes:a=1,b=5,c=-1,size=50",
    # chips
    "chips:rule=E,n=10", "chips:rule=e,n=10", "chips:rule=A,n=0", "chips:rule=A,n=1025",
    "chips:rule=A,n=41", "chips:rule=A,n=10,k=13", "chips:rule=B,n=10,value=grundy",
    "chips:rule=D,n=10,value=grundy", "chips:rule=A,n=10,value=maybe",
    "chips:rule=A,n=1024,k=512", "chips:n=10",
    # endnim
    "endnim:mode=sideways,len=4,max=5", "endnim:len=4,max=5", "endnim:mode=partizan,len=25,max=5",
    "endnim:mode=partizan,len=4,max=0", "endnim:mode=partizan,len=4,max=65537",
    "endnim:mode=impartial,len=24,max=65536", "endnim:mode=impartial,len=12,max=60",
    # endnim_row
    "endnim_row:mode=impartial,prefix=0.4,size=10", "endnim_row:mode=impartial,prefix=,size=10",
    "endnim_row:mode=impartial,prefix=1.x,size=10", "endnim_row:mode=impartial,prefix=1..4,size=10",
    "endnim_row:mode=impartial,prefix=(1,4,size=10", "endnim_row:mode=impartial,prefix=1.4,size=67108865",
    "endnim_row:mode=impartial,prefix=" + ".".join(["1"] * 13) + ",size=10",
    "endnim_row:mode=impartial,prefix=99999999999.4,size=10", "endnim_row:prefix=1.4,size=10",
    # nimlike
    "nimlike:heaps=4,max=7,size=30", "nimlike:heaps=1,min=0,max=7,size=30",
    "nimlike:heaps=1,min=8,max=7,size=30", "nimlike:heaps=1,max=0,size=30",
    "nimlike:heaps=1,max=7,norepeat=1,value=grundy,size=30", "nimlike:heaps=1,max=7,value=x,size=30",
    "nimlike:heaps=3,max=7,size=16777216", "nimlike:heaps=1,max=7,size=30,min=",
    # wythoff
    "wythoff:size=-1", "wythoff:size=16385", "wythoff:size=", "wythoff:play=misere",
    "wythoff:size=10,play=normal,play=misere", "wythoff:size=10,play=loopy", "wythoff:size=1e3",
    # mem0
    "mem0:size=-1", "mem0:size=1048577", "mem0:size=30,min=0", "mem0:size=30,min=8,max=7",
    "mem0:size=30,max=0", "mem0:min=2", "mem0:size=30,heaps=2", "mem0:size=30,max=",
    # games of the public game API: cram, domineering, nodekayles, snort
    "cram:rows=3", "cram:rows=0,cols=3", "cram:rows=8,cols=8", "cram:rows=3,cols=x",
    "cram:rows=3,cols=3,play=loopy", "cram:rows=3,cols=3,size=9", "cram:rows=-1,cols=3",
    "domineering:rows=3", "domineering:rows=7,cols=9", "domineering:rows=2,cols=2,play=",
    "nodekayles:graph=star-5", "nodekayles:graph=path-0", "nodekayles:graph=cycle-2",
    "nodekayles:graph=grid-8x8", "nodekayles:graph=0-0", "nodekayles:graph=0-1+1-0",
    "nodekayles:graph=0-2", "nodekayles:graph=0-1++1-2", "nodekayles:graph=path-63",
    "nodekayles:graph=", "nodekayles:rows=3,cols=3",
    "snort:graph=path-32", "snort:graph=complete-x", "snort:graph=grid-2x", "snort:graph=0-1-2",
)

# too big for any memory (or to index): refused before anything is allocated
TOO_BIG = ("nim:heaps=4,size=1000000", "chips:rule=A,n=40", "nimlike:heaps=2,max=7,size=16777216",
           "endnim:mode=impartial,len=10,max=60", "subtraction:set=1,size=17179869184,heaps=2",
           "endnim_row:mode=impartial,prefix=67108864.67108864.3,size=67108864",
           "nimlike:heaps=2,max=7,norepeat=1,size=16777216", "mem0:size=1048576")

# positions that are not on the (small) table
POSITIONS = {
    "nim:heaps=2,size=5": ("3,99999999999999999999999", "3", "1,2,3", "a,b", "-1,2", "3,9",
                           "1,,2", "1,2,", "", " ", "1_0,2", "+1,2", "\u0661,2", "1.5,2",
                           "0x1,2", "3;4", "3,4,last=1", "9" * 40 + ",1", "\u22121,2"),
    "octal:code=0.07,size=100": ("99999999999999999999999", "101", "-1", "7,8", "1e2", "7 8",
                                 "seven"),
    "subtraction:set=1-3,size=50": ("51", "-3", "25,1"),
    "octal:code=0.77,play=misere,total=12": ("13", "7,6", "-1,2", "x", "99999999999999999999",
                                             "9" * 40 + ",1", "{1,2"),
    "nim:play=misere,total=12": ("13", "7,6", "-1,2", "x"),
    "stripes:a=1,b=5,c=8,size=50": ("51", "x"),
    "chips:rule=A,n=10": ("11", "0", "4,4", "x", "99999999999999999999", "{1,2", "4.5",
                          "1,2,3,4,5,6,7,8,9,10,11"),
    "chips:rule=A,n=10,k=3": ("1,2", "1,2,3,4", "1,2,11", "{}"),
    "endnim:mode=partizan,len=4,max=5": ("3,0,1", "6", "1,1,1,1,1", "3,-1",
                                         "9999999999999999999999", "(3,5", "3..5"),
    "endnim_row:mode=impartial,prefix=1.4,size=20": ("2,2,2", "1,4,21", "1,4,99999999999999999999",
                                                     "0,4"),
    "wythoff:size=10": ("11,0", "3", "3,4,5", "-1,2", "3,x", "99999999999999999999,1"),
    "nimlike:heaps=1,max=7,norepeat=1,size=30": ("5,last=9", "5,last=x", "5,last=1,last=2",
                                                 "5,colour=3", "31", "5,last=99999999999999999999",
                                                 "5,6", "last=3"),
    "mem0:size=30": ("5,last=9", "31", "5,last=-1", "5,last=x", "5,6", "last=3", "-2",
                     "5,last=1,last=2", "5,heap=3"),
    "cram:rows=2,cols=3": ("....", "...|..", "...|...|...", "x..|...", "...|.o.", "", "3",
                           "begin", "...|...|"),
    "domineering:rows=2,cols=2": ("...", "..|..|..", "L.|..", "12"),
    "nodekayles:graph=path-4": ("...", ".....", "..x.", "L...", "1,2"),
    "snort:graph=cycle-4": ("...", "..X.", ".....", "LRLRL", "1"),
}

# what a store path must not be (a path not made yet, or an empty directory, is a new store)
BAD_STORES = ("{dir}", "{textfile}", "{emptyfile}", "{textfile}/x.h5", "{junkfile}",
              "{truncated}", "{foreign}", "{oldstore}", "{fifo}", "/dev/null",
              "/proc/gtables-corpus/x.h5", "{tmp}/" + "d" * 300 + "/x.h5")
# what `gtables import` (and its old name, merge) must refuse without touching the store
BAD_SOURCES = ("{dir}", "{textfile}", "{emptyfile}", "{junkfile}", "{truncated}", "{foreign}",
               "{fifo}", "/dev/null", "{tmp}/none.h5", "{stored}")


# (no known failures left: store.py's were fixed; the mechanism stays for the next ones)


def cases() -> list[Case]:
    """The whole corpus, in a fixed order."""
    out: list[Case] = []

    def add(group, *args, env=(), note="", known=""):
        out.append(Case(tuple(args), group, tuple(env), note, known))

    def api(code, env=(), note=""):
        out.append(Case(("python", code), "api", tuple(env), note, python=code))

    for spec in SPECS:
        add("spec", "compute", spec)
    for pattern in INT_KEYS_FULL + INT_KEYS:
        for bad in (BAD_INTS if pattern in INT_KEYS_FULL else BAD_INTS_SHORT):
            if bad == "" and "k={}" in pattern:
                continue    # chips: an empty k means every number of chips (a valid table)
            add("integer", "compute", pattern.format(bad))
    for spec in TOO_BIG:
        add("memory", "compute", spec)
    add("memory", "thresholds", "1000000000,1000000000")
    add("memory", "thresholds", "5000000,5000000,5000000")
    # (not `sweep chips:rule=A,n=40`: by design a sweep starts its cluster and reports a table
    # its worker refuses as a failed row, exit status 1, while the other tables go on)
    add("memory", "compute", "nim:heaps=4,size=1000000", "--no-store")
    for spec, positions in POSITIONS.items():
        for pos in positions:
            add("position", "query", spec, pos)
    for pos in ("3,99999999999999999999999", "3,9", "x"):
        add("position", "query", "nim:heaps=2,size=5", pos, "--store", "{stored}")
    add("position", "query", "chips:rule=A,n=40", "1,2")
    add("position", "query", "nim:heaps=2,size=5", "--moves", "--json", "3,77")

    # command options
    add("option", "show", "nim:heaps=2,size=5", "--limit", "-5", "--store", "{stored}")
    add("option", "show", "nim:heaps=2,size=5", "--limit", "-1")
    add("option", "show", "nim:heaps=2,size=5", "--limit", "abc")
    add("option", "show", "nim:heaps=2,size=5", "--limit", "1_0")
    add("option", "show", "nim:heaps=2,size=5", "--limit", "+5")
    add("option", "show", "nim:heaps=2,size=5", "--format", "xml")
    add("option", "show", "octal:code=0.07,size=99999999")
    add("option", "show", "octal:code=0.07,size=99999999", "--limit", "0")
    add("option", "show")
    for secs in ("nan", "inf", "-inf", "-1", "0", "abc", "1_0", "1e999", "\u0663\u0660", ""):
        add("option", "compute", "octal:code=0.07,size=50", "--checkpoint-seconds", secs)
    add("option", "compute", "octal:code=0.07,size=50", "--algorithm", "fast")
    add("option", "compute", "nim:heaps=2,size=3", "--until-periodic")
    add("option", "compute", "nim:heaps=2,size=3", "--algorithm", "naive")
    add("option", "compute", "octal:code=4!.0,size=100", "--until-periodic")
    add("option", "compute")
    add("option", "compute", "nim:heaps=2,size=3", "--bogus")
    add("option", "query", "nim:heaps=2,size=5")
    add("option", "query")
    add("option", "list", "--bogus")
    add("option", "families", "extra")
    add("option", "families", "--json")
    for w in ("", "3,0,5", "-3", "a", "3,,5", "1_0", "+3", "\u0661", "0", "3 5 x",
              "99999999999999999999", "9" * 40, "3,5,", ",3"):
        add("thresholds", "thresholds", w)
    add("thresholds", "thresholds")
    add("option", "verify", "no.such.claim")
    add("option", "verify", "--scale", "huge")
    add("option", "verify", "--list", "--scale", "tiny")
    add("option", "verify", "no.such.claim", "--list", "--bogus")
    add("option", "reproduce", "--scale", "huge")
    add("option", "reproduce", "--bogus")
    add("option", "reproduce", "--scale")
    add("option", "nosuchcommand")
    add("option", "--bogus")

    # sweep: refused before any cluster starts
    add("sweep", "sweep")
    add("sweep", "sweep", "--size", "5")
    add("sweep", "sweep", "nim:heaps=2..1,size=3")
    add("sweep", "sweep", "nim:heaps=1..3..0,size=3")
    add("sweep", "sweep", "nim:heaps=2|,size=3")
    add("sweep", "sweep", "nim:heaps=1..100000,size=3")
    add("sweep", "sweep", "chess:size=1")
    add("sweep", "sweep", "nim:heaps=\u0661..\u0662,size=3")
    add("sweep", "sweep", "nim:heaps=1,size=1_0")
    add("sweep", "sweep", "nim:heaps=1,size=3", "--workers", "0")
    add("sweep", "sweep", "nim:heaps=1,size=3", "--workers", "abc")
    add("sweep", "sweep", "nim:heaps=1,size=3", "--threads-per-worker", "-1")
    add("sweep", "sweep", "--catalogue", "octal4", "--budget", "5")    # open3 only
    add("sweep", "sweep", "octal:code=4!.0,size=100", "--until-periodic")
    add("sweep", "sweep", "nimlike:heaps=3,max=7,size=16777216")   # too many to index
    add("sweep", "sweep", "nim:heaps=1,size=3", "--store", "{textfile}")
    add("sweep", "sweep", "nim:heaps=1,size=3", "--algorithm", "fast")

    # stores that are not stores
    for store in BAD_STORES:
        if not store.startswith("/proc"):   # a store not written yet lists as empty, by design
            add("store", "list", "--store", store)
            add("store", "check", "--store", store)
        add("store", "compute", "nim:heaps=2,size=3", "--store", store)
        add("store", "query", "nim:heaps=2,size=3", "1,2", "--store", store)
    add("store", "show", "nim:heaps=2,size=3", "--store", "{textfile}")
    add("store", "list", "--json", "--store", "{junkfile}")
    add("store", "list", env=(("GTABLES_STORE", "{dir}"),))
    add("store", "compute", "nim:heaps=2,size=3", env=(("GTABLES_STORE", "{textfile}/x.h5"),))
    add("store", "verify", "no.such.claim", "--store", "{textfile}")
    add("store", "check", "--store", "{tmp}/none")                  # no store: nothing to check
    add("store", "compact", "--store", "{foreign}")
    add("store", "compact", "--store", "{textfile}")
    # an export file is a read-only store: nothing is computed into it
    add("store", "compute", "nim:heaps=2,size=3", "--store", "{export}")
    add("store", "query", "nim:heaps=2,size=3", "1,2", "--store", "{export}")
    # sharing: import refuses what is not an export file or an old store, and never writes over
    # a file with an export
    for source in BAD_SOURCES:
        add("share", "import", source)
    add("share", "import", "{export}", "--store", "{textfile}")
    add("share", "import", "{stored}", "--store", "{stored}")
    add("share", "merge", "{textfile}")
    add("share", "merge", "{foreign}")
    add("share", "import")
    add("share", "export", "nim:heaps=2,size=5", "--to", "{textfile}", "--store", "{stored}")
    add("share", "export", "nim:heaps=2,size=5", "--to", "{export}", "--store", "{stored}")
    add("share", "export", "nim:heaps=2,size=5", "--to", "{textfile}/x.h5", "--store", "{stored}")
    add("share", "export", "nim:heaps=2,size=6", "--to", "{tmp}/x.h5", "--store", "{stored}")
    add("share", "export", "nim:heaps=2,size=5", "--to", "{tmp}/x.h5", "--store", "{tmp}/none")
    add("share", "export", "nim:heaps=2,size=5", "--store", "{stored}")
    _issue25(add, api)
    return out


# -- issue 25: a refusal costs nothing; the Python API is as careful as the CLI ----------------

# work first, refusal after (issue 25, item 1): each of these once allocated, ran for hours, wrote
# a report or started a cluster before it said no
WORK_FIRST = (
    ("thresholds", "30000,30000"),
    ("compute", "octal:code=0.B7,size=99999999"),
    ("compute", "octal:code=0.B7,size=99999999", "--no-store"),
    ("verify", "001.B", "--out", "/proc/x"),
    ("verify", "001.B", "--out", "{textfile}"),
    ("verify", "001.B", "--out", ""),
    ("reproduce", "--scale", "small", "--out", "{textfile}"),
    ("reproduce", "--scale", "small", "--store", "{foreign}"),
    ("sweep", "octal:code=0.B7|0.8,size=100", "--algorithm", "sparse"),
    # more of the same kind
    ("compute", "octal:code=0.B7,size=200000"),                 # days of three-heap splits
    # 2.8e14 pairs at 2^25 were 26 h for the estimate on one thread; the naive scan now runs on
    # every thread (13 h on two: not refused, rightly), so 2^26: 1.1e15 pairs, 52 h on two
    ("compute", "octal:code=0.6,size=67108863", "--algorithm", "naive"),
    ("compute", "nim:heaps=2,size=30000"),                      # 2.7e13 options, 37 h
    ("compute", "octal:code=0.07,size=50", "octal:code=0.B7,size=99999999"),  # 2nd spec: refused
    ("compute", "octal:code=0.B7,size=100", "--algorithm", "sparse"),
    ("compute", "octal:code=0.B7,size=100000", "--keep", "5000"),       # bounded: sparse only
    ("compute", "nim:heaps=2,size=30", "--keep", "5000"),                # not a sequence
    ("compute", "octal:code=0.07,size=100000", "--keep", "5000", "--window", "99999999999999"),
    ("sweep", "octal:code=0.B7,size=99999999"),
    ("sweep", "octal:code=0.B7,size=100", "octal:code=0.77,size=100", "--algorithm", "sparse"),
    ("sweep", "nim:heaps=2,size=30000", "--no-progress"),
    ("sweep", "subtraction:allbut=2+3,size=100", "--algorithm", "sparse"),
    ("sweep", "--catalogue", "octal3", "--out", "{textfile}"),
    ("sweep", "--catalogue", "octal3", "--out", "/proc/x"),
    ("reproduce", "--scale", "small", "--store", "{export}"),
    ("reproduce", "--scale", "small", "--out", "/proc/x"),
    ("reproduce", "--scale", "small", "--out", ""),
    ("reproduce", "--scale", "small", "--out", "{textfile}/sub"),
    ("reproduce", "--scale", "small", "--store", "{textfile}"),
    ("verify", "001.B", "--out", "{textfile}/sub"),
    ("verify", "001.B", "--out", "{fifo}"),
    ("verify", "001.B", "--out", "/dev/null"),
    ("verify", "001.B", "--out", " "),
    ("verify", "001.B", "--store", "{export}", "--out", "{out}"),   # every claim ERROR: no report
    ("verify", "001.B", "--store", "{foreign}"),
    ("verify", "no.such.claim", "--out", "{out}"),
)

# unbounded or silently wrong options (item 2): bounds, the one integer rule, empty spec items
BOUNDS = (
    ("reproduce", "--workers", "99999999999999999999"),
    ("sweep", "nim:heaps=1,size=3", "--workers", "99999999999999999999"),
    ("verify", ""),
    ("verify", "001.B", ""),
    ("verify", " "),
    ("verify", "--list", ""),
    ("sweep", "--catalogue", "octal3", "--big-size", "-1"),
    ("compute", "octal:code=0.07,size=50", "--window", "5"),
    ("compute", "nim:heaps=2,,size=3"),
    ("compute", "subtraction:allbut=,size=10"),
    ("compute", "octal:code=0.07,size=50", "--checkpoint-seconds", "1e-300"),
    # more bounds
    ("reproduce", "--workers", "0"),
    ("reproduce", "--workers", "-1"),
    ("reproduce", "--workers", "5000"),
    ("reproduce", "--workers", "1000"),
    ("reproduce", "--workers", "1_0"),
    ("reproduce", "--workers", "+2"),
    ("reproduce", "--workers", "\u0662"),
    ("sweep", "nim:heaps=1,size=3", "--workers", "1025"),
    ("sweep", "nim:heaps=1,size=3", "--workers", "1000"),
    ("sweep", "nim:heaps=1,size=3", "--threads-per-worker", "99999"),
    ("sweep", "nim:heaps=1,size=3", "--workers", "1000", "--threads-per-worker", "1000"),
    ("sweep", "nim:heaps=1,size=3", "--workers", "1_0"),
    ("sweep", "--catalogue", "octal4", "--big-size", "-1"),
    ("sweep", "--catalogue", "octal3", "--size", "0"),
    ("sweep", "--catalogue", "octal3", "--size", "-5"),
    ("sweep", "--catalogue", "open3", "--naive-size", "-1"),
    ("sweep", "--catalogue", "octal3", "--size", "99999999999999"),
    ("sweep", "--catalogue", "octal3", "--big-size", "99999999999999"),
    ("sweep", "--catalogue", "octal3", "--big-size", "1_000"),
    ("sweep", "--catalogue", "octal3", "--size", "+5"),
    ("sweep", "nim:heaps=2,,size=3"),
    ("sweep", "subtraction:allbut=,size=10"),
    ("sweep", "nim:heaps=2,size=3,"),
    ("compute", "octal:code=0.07,size=50", "--checkpoint-seconds", "1e-7"),
    ("compute", "octal:code=0.07,size=50", "--checkpoint-seconds", "0.0000001"),
    ("compute", "octal:code=0.07,size=50", "--checkpoint-seconds", "-0"),
    ("compute", "octal:code=0.07,size=50", "--checkpoint-seconds", "+5"),
    ("compute", "octal:code=0.07,size=50", "--checkpoint-seconds", "5e-324"),
    ("compute", "octal:code=0.07,size=100000", "--keep", "5000", "--window", "10"),
    ("compute", "octal:code=0.07,size=100000", "--keep", "5000", "--window", "0"),
    ("compute", "octal:code=0.07,size=100000", "--keep", "5000", "--window", "-1"),
    ("compute", "octal:code=0.07,size=100000", "--keep", "5000", "--window", "1_000_000"),
    ("compute", "octal:code=0.07,size=100000", "--keep", "5000", "--window", "+70000"),
    ("compute", "octal:code=0.07,size=100000", "--keep", "5000", "--window", "x"),
    ("compute", "octal:code=0.07,size=100000", "--keep", "100"),
    ("compute", "octal:code=0.07,size=100000", "--keep", "100001"),
    ("compute", "octal:code=0.07,size=100000", "--keep", "5000", "--until-periodic"),
    ("compute", "octal:code=0.07,size=100000", "--keep", "5000", "--force"),
    ("compute", "octal:code=0.07,size=100000", "--keep", "5000", "--algorithm", "naive"),
)
# --keep under the one integer rule (it stripped '_' and ',' before)
KEEP_BAD = ("1_000", "+20", "\u0661\u0662", "\uff11\uff12", "1,000", "5.0", "1e3", "0x10", "",
            "0", "-5", "99999999999999999999999", "abc", "1 000")
# empty items and empty values in specs (one spec grammar: an empty entry is an error)
EMPTY_ITEMS = ("nim:,heaps=2,size=3", "nim:heaps=2,size=3,", "nim:heaps=2, ,size=3",
               "octal:code=0.07,,size=10", "subtraction:set={1,2},,size=10",
               "chips:rule=A,,n=10", "wythoff:,size=10", "mem0:size=30,",
               "stripes:a=1,,b=5,c=8,size=50", "endnim:mode=partizan,len=4,,max=5",
               "endnim_row:mode=impartial,,prefix=1.4,size=10",
               "nimlike:heaps=1,max=7,,size=30", "subtraction:allbut= ,size=10",
               "subtraction:allbut=,heaps=2,size=10", "subtraction:allbut=,total=5",
               "octal:code=0.07,size=10,,", ",nim:heaps=2,size=3")
# the environment: a bad NUMBA_NUM_THREADS was a 54-line traceback; the time limit's variable
ENV = (
    (("NUMBA_NUM_THREADS", "0"), ("compute", "nim:heaps=2,size=3")),
    (("NUMBA_NUM_THREADS", "0"), ("query", "nim:heaps=2,size=3", "1,2")),
    (("NUMBA_NUM_THREADS", "0"), ("list",)),
    (("NUMBA_NUM_THREADS", "-1"), ("compute", "nim:heaps=2,size=3")),
    (("NUMBA_NUM_THREADS", "abc"), ("compute", "nim:heaps=2,size=3")),
    (("NUMBA_NUM_THREADS", ""), ("compute", "nim:heaps=2,size=3")),
    (("NUMBA_NUM_THREADS", "99999"), ("compute", "nim:heaps=2,size=3")),
    (("NUMBA_NUM_THREADS", "\u0662"), ("compute", "nim:heaps=2,size=3")),
    (("NUMBA_NUM_THREADS", "0"), ("verify", "001.B")),
    (("NUMBA_NUM_THREADS", "0"), ("sweep", "nim:heaps=1,size=3")),
    (("GTABLES_TIME_LIMIT", "abc"), ("compute", "octal:code=0.07,size=50000")),
    (("GTABLES_TIME_LIMIT", "-5"), ("compute", "octal:code=0.07,size=50000")),
    (("GTABLES_TIME_LIMIT", "nan"), ("compute", "octal:code=0.07,size=50000")),
    (("GTABLES_TIME_LIMIT", "0"), ("compute", "octal:code=0.07,size=50000")),
    (("GTABLES_TIME_LIMIT", "0.000001"), ("compute", "octal:code=0.07,size=50000")),
    (("GTABLES_TIME_LIMIT", "1"), ("compute", "nim:heaps=2,size=3000")),
    (("GTABLES_TIME_LIMIT", "1"), ("sweep", "octal:code=0.B7,size=20000")),
    (("GTABLES_STORE", " "), ("list",)),
)
# other commands' new corners
MORE = (
    ("query", "takek:size=200", "7"),
    ("query", "takek:size=200", "7", "--store", "{stored}"),
    ("show", "takek:size=200"),
    ("compute", "Takek:size=200"),
    ("query", "nim:heaps=2,,size=5", "1,2"),
    ("show", "nim:heaps=2,size=5,", "--store", "{stored}"),
    ("export", "nim:heaps=2,,size=5", "--to", "{tmp}/x.h5", "--store", "{stored}"),
    ("export", "nim:heaps=2,size=5", "--to", "", "--store", "{stored}"),
    ("export", "nim:heaps=2,size=5", "--to", "{dir}", "--store", "{stored}"),
    ("import", ""),
    ("check", "--store", ""),
    ("list", "--store", ""),
    ("compact", "--store", "{foreign}", "--drop-damaged"),
    ("families", "--bogus"),
    ("thresholds", "1,,2"),
    ("thresholds", "30000,30000", "--json"),
    ("thresholds", "5000000,1"),
    ("compute", "octal:code=0.B7,size=99999999", "--until-periodic", "--no-store"),
    ("compute", "octal:code=0.07,size=50", "--algorithm", ""),
    ("verify", "001.B", "--scale", ""),
    ("reproduce", "--scale", "small", "--workers", "2", "--store", "{export}"),
    ("sweep", "--catalogue", "octal3", "--workers", "0"),
    ("sweep", "nim:heaps=1,size=3", "--scheduler", "nonsense"),
)

# the Python API (item 3): each a misuse that must raise a one-line GtablesError (the wrapper
# prints it as the CLI would, exit 2) and never write (store=123 made a file named 123)
S = "'nim:heaps=2,size=3'"
API = (
    "gtables.compute(123)", "gtables.compute(None)", "gtables.compute(b'nim:heaps=2,size=3')",
    f"gtables.compute([{S}])",
    f"gtables.compute({S}, store=None, checkpoint_seconds='30')",
    f"gtables.compute({S}, store=None, checkpoint_seconds=-1)",
    f"gtables.compute({S}, store=None, checkpoint_seconds=float('nan'))",
    f"gtables.compute({S}, store=None, checkpoint_seconds=float('inf'))",
    f"gtables.compute({S}, store=None, checkpoint_seconds=0)",
    f"gtables.compute({S}, store=None, checkpoint_seconds=1e-300)",
    f"gtables.compute({S}, store=None, checkpoint_seconds=True)",
    "gtables.verify_claims(scale='huge')", "gtables.verify_claims(scale=None)",
    "gtables.verify_claims(names=5)", "gtables.verify_claims(names=[1, 2])",
    "gtables.verify_claims(names='')", "gtables.verify_claims(names=[''])",
    "gtables.verify_claims('no.such.claim', store=None)",
    "gtables.verify_claims('001.B', store=None, progress='yes')",
    "gtables.register_family(None)", "gtables.register_family('nim')",
    f"gtables.register_family(gtables.game({S}))",
    f"gtables.compute({S}, store=123)", f"gtables.compute({S}, store=3.5)",
    f"gtables.compute({S}, store=True)", f"gtables.compute({S}, store=['x'])",
    f"gtables.compute({S}, store=b'tables')", f"gtables.compute({S}, store='')",
    f"gtables.compute({S}, store=None, force='no')",
    f"gtables.compute({S}, store=None, force=1)",
    f"gtables.compute({S}, store=None, until_periodic='yes')",
    f"gtables.compute({S}, store=None, ignore_memory='no')",
    f"gtables.compute({S}, store=None, resume=None)",
    f"gtables.compute({S}, store=None, progress='yes')",
    f"gtables.compute({S}, store=None, algorithm='fast')",
    f"gtables.compute({S}, store=None, algorithm=None)",
    f"gtables.compute({S}, store=None, ignore_time='yes')",
    f"gtables.load({S}, store=None)", "gtables.load(123)", f"gtables.load({S}, store=123)",
    f"gtables.load({S})",
    "gtables.game(None)", "gtables.game(5)", "gtables.game('takek:size=200')",
    "gtables.compute('octal:code=0.B7,size=99999999', store=None)",
    "gtables.compute('nim:heaps=2,size=30000', store=None)",
    "gtables.compute('octal:code=0.B7,size=100', store=None, algorithm='sparse')",
    "gtables.compute('nim:heaps=2,,size=3', store=None)",
    "gtables.compute('subtraction:allbut=,size=10', store=None)",
    "gtables.compute('nim:heaps=4,size=1000000', store=None)",
    "gtables.heap_game('Bad Name', lambda n, out: 0, max_options=1)",
    "gtables.heap_game('ok', lambda n, out: 0, max_options='5')",
    "gtables.heap_game('ok', lambda n, out: 0, max_options=1, period_bound=lambda a, b: 1)",
    "from gtables import api; api.compute_bounded('octal:code=0.07,size=100000', '5000', "
    "store=None)",
    "from gtables import api; api.compute_bounded('octal:code=0.07,size=100000', 5000, "
    "window=10, store=None)",
    "from gtables import api; api.compute_bounded('octal:code=0.07,size=100000', True, "
    "store=None)",
    "from gtables import api; api.compute_bounded('octal:code=0.B7,size=100000', 5000, "
    "store=None)",
    f"from gtables import api; api.export_tables([{S}], 123, store='{{stored}}')",
    f"from gtables import api; api.export_tables([{S}], None, store='{{stored}}')",
    f"from gtables import api; api.export_tables([{S}], '{{tmp}}/x.h5', store=None)",
    "from gtables import api; api.import_tables(123)",
    "from gtables import api; api.import_tables(None)",
    "from gtables import api; api.check_store(store=None)",
    "from gtables import api; api.check_store(store='{stored}', deep='yes')",
    "gtables.open_store(123)", "gtables.open_store('')",
    f"gtables.compute({S}, store=None).value('x')",
    f"gtables.compute({S}, store=None).value(None)",
    f"gtables.compute({S}, store=None).value('9,9')",
    f"gtables.compute({S}, store=None).lookup('abc')",
    f"gtables.compute({S}, store=None).describe('-1,2')",
    "from gtables import sweep; sweep.run_sweep(['octal:code=0.B7,size=100'], '{store}', "
    "algorithm='sparse')",
    "from gtables import sweep; sweep.run_sweep(['octal:code=0.B7,size=99999999'], '{store}')",
    "from gtables import sweep; sweep.run_sweep(['nim:heaps=2,size=3'], 123)",
    "from gtables import sweep; sweep.run_sweep(['nim:heaps=2,size=3'], '{store}', workers=0)",
    "from gtables import sweep; sweep.run_sweep(['nim:heaps=2,size=3'], '{store}', "
    "algorithm='fast')",
)

API_WRAPPER = r"""
import sys
code = sys.argv[1]
try:
    import gtables
    from gtables.errors import GtablesError
    exec(compile(code, "<case>", "exec"), {"gtables": gtables})
except GtablesError as e:
    sys.stderr.write(f"gtables: error: {e}\n")
    sys.exit(2)
print("accepted: no GtablesError")
"""


def _issue25(add, api) -> None:
    for args in WORK_FIRST:
        add("refuse-first", *args)
    for args in BOUNDS:
        add("bounds", *args)
    for bad in KEEP_BAD:
        add("bounds", "compute", "octal:code=0.07,size=100000", "--keep", bad)
    for bad in ("1_0", "\u0661"):
        add("bounds", "compute", "octal:code=0.07,size=100000", "--keep", "5000", "--window", bad)
    for spec in EMPTY_ITEMS:
        add("spec", "compute", spec)
    for (k, v), args in ENV:
        add("env", *args, env=((k, v),))
    for args in MORE:
        add("option", *args)
    for code in API:
        api(code)
    _issue24(add, api)
    _issue34(add, api)


QUOTIENT = [  # gtables quotient: each refused in one line before any work
    ("quotient",), ("quotient", "octal:code=0.75"), ("quotient", "octal:code=0.75", "--heaps"),
    ("quotient", "octal:code=0.75", "--heaps", "-1"),
    ("quotient", "octal:code=0.75", "--heaps", "1_0"),
    ("quotient", "octal:code=0.75", "--heaps", "99999999999"),
    ("quotient", "octal:code=0.75,size=10", "--heaps", "12"),
    ("quotient", "octal:code=0.75,play=normal", "--heaps", "5"),
    ("quotient", "octal:code=0.75,size=x", "--heaps", "5"),
    ("quotient", "octal:code=0.9Z", "--heaps", "5"),
    ("quotient", "wythoff", "--heaps", "5"), ("quotient", "chips:rule=A", "--heaps", "5"),
    ("quotient", "endnim:mode=impartial,len=3", "--heaps", "5"),
    ("quotient", "nosuch:size=3", "--heaps", "5"),
    ("quotient", "octal:code=0.75", "--heaps", "5", "--outcome", "6"),
    ("quotient", "octal:code=0.75", "--heaps", "5", "--outcome", "-1"),
    ("quotient", "octal:code=0.75", "--heaps", "5", "--outcome", ""),
    ("quotient", "octal:code=0.75", "--heaps", "5", "--outcome", "1,,2"),
    ("quotient", "octal:code=0.75", "--heaps", "5", "--check-total", "-3"),
    ("quotient", "octal:code=0.75", "--heaps", "5", "--check-total", "500"),
    ("quotient", "octal:code=0.75", "--heaps", "5", "--time-limit", "0"),
    ("quotient", "octal:code=0.75", "--heaps", "5", "--store", "/proc/x"),
    ("quotient", "octal:code=0.75", "--heaps", "5", "--store", "{store}/../notes.txt"),
    ("query", "octal:code=0.07,play=misere,total=20", "13,12,11"),
    ("query", "octal:code=0.07,play=misere,total=20", "13,12,11", "--moves"),
]
QUOTIENT_API = [
    "import gtables; gtables.quotient('octal:code=0.75')",
    "import gtables; gtables.quotient('octal:code=0.75', heaps='5')",
    "import gtables; gtables.quotient('octal:code=0.75', heaps=True)",
    "import gtables; gtables.quotient(75, heaps=5)",
    "import gtables; gtables.quotient('octal:code=0.75', 5, force='no')",
    "import gtables; gtables.quotient('octal:code=0.75', 5, check_total=1.5)",
    "import gtables; gtables.quotient('octal:code=0.75', 5, time_limit=-1)",
    "import gtables; gtables.quotient('octal:code=0.75', 5, store=123)",
    "import gtables; gtables.load_quotient('octal:code=0.75', 5, store=None)",
    "import gtables; gtables.load_quotient('octal:code=0.75', 5)",
]


def _issue24(add, api) -> None:
    for args in QUOTIENT:
        add("quotient", *args)
    for code in QUOTIENT_API:
        api(code)


# issue 34, the newcomer's list: each once ran (for hours or 33 s), ended in a traceback, or was
# quietly misread
NEWCOMER = [
    ("sweep", "--catalogue", "octal3", "nim:heaps=1,size=3"),
    ("sweep", "nim:heaps=1,size=3", "--scheduler", "tcp://127.0.0.1:9"),
    ("compute", "subtraction:set={{1}},size=10", "--no-store"),
    ("compute", "subtraction:allbut={{}},size=10", "--no-store"),
    ("compute", "stripes:a=5,b=5,c=8,size=50", "--no-store"),
    ("compute", "nim:heaps=1,size=3", "--no-store", "--quiet", "--progress"),
    ("quotient", "octal:code=0.75", "--heaps", "5", "--check-total", "0"),
    ("query", "octal:code=0.07,size=9999999", "7"),
]
NEWCOMER_ENV = [("\u0663\u0660", ("compute", "nim:heaps=1,size=3", "--no-store")),
                ("\uff13\uff10", ("compute", "nim:heaps=1,size=3", "--no-store"))]
OCTAL = "gtables.compute('octal:code=0.07,size=50', store=None)"
NEWCOMER_API = [
    "gtables.compute('octal:code=0.07,size=50', store=None, checkpoint_seconds=10**400)",
    f"{OCTAL}.periodicity(max_period='x')", f"{OCTAL}.periodicity(max_period=-5)",
    f"{OCTAL}.plot(ax='str')", f"{OCTAL}.value(3.0)", f"{OCTAL}.value(True)",
    f"{OCTAL}.to_pandas(text='yes')",
    "gtables.export_tables([], '{tmp}/x.h5', store='{stored}')",
]


def _issue34(add, api) -> None:
    for args in NEWCOMER:
        add("newcomer", *args)
    for value, args in NEWCOMER_ENV:
        add("env", *args, env=(("GTABLES_TIME_LIMIT", value),))
    for code in NEWCOMER_API:
        api(code)


# -- running -----------------------------------------------------------------------------------

def _setup(tmp: str, template: str | None) -> dict:
    """The files a case may name, created in its own directory ``tmp`` (``template``: the
    directory :func:`_template` made)."""
    paths = {"tmp": tmp, "store": os.path.join(tmp, "tables"), "dir": os.path.join(tmp, "adir"),
             "textfile": os.path.join(tmp, "notes.txt"),
             "emptyfile": os.path.join(tmp, "empty.h5"),
             "junkfile": os.path.join(tmp, "junk.h5"), "truncated": os.path.join(tmp, "cut.h5"),
             "foreign": os.path.join(tmp, "foreign.h5"), "oldstore": os.path.join(tmp, "old.h5"),
             "fifo": os.path.join(tmp, "fifo.h5"), "stored": os.path.join(tmp, "stored"),
             "export": os.path.join(tmp, "share.h5"), "out": os.path.join(tmp, "out")}
    os.makedirs(paths["dir"], exist_ok=True)
    with open(os.path.join(paths["dir"], "thesis.tex"), "w") as f:
        f.write("someone's work\n")
    with open(paths["textfile"], "w") as f:
        f.write("not a store\n")
    open(paths["emptyfile"], "w").close()
    with open(paths["junkfile"], "wb") as f:
        f.write(random.Random(7).randbytes(4096))
    if not os.path.lexists(paths["fifo"]):
        os.mkfifo(paths["fifo"])
    if template is not None:
        if not os.path.exists(paths["stored"]):
            shutil.copytree(os.path.join(template, "tables"), paths["stored"])
        for name in ("share.h5", "foreign.h5", "old.h5"):
            shutil.copyfile(os.path.join(template, name), os.path.join(tmp, name))
        data = open(os.path.join(template, "share.h5"), "rb").read()
        with open(paths["truncated"], "wb") as f:
            f.write(data[:len(data) // 2])
    return paths


def _fill(text: str, paths: dict) -> str:
    """``text`` with the placeholders ``{name}`` of :func:`_setup` filled (other braces, as in
    ``set={1,2}``, stay)."""
    return re.sub(r"\{(\w+)\}", lambda m: paths.get(m.group(1), m.group(0)), text)


def _snapshot(tmp: str) -> dict:
    """Every file and folder under ``tmp``: size and modification time (a new directory, such as
    a half-made store, counts as written too)."""
    out = {}
    for root, dirs, files in os.walk(tmp):
        for name in files + dirs:
            p = os.path.join(root, name)
            try:
                st = os.lstat(p)
            except OSError:
                continue
            out[p] = (st.st_size, st.st_mtime_ns) if name in files else (0, 0)
    return out


#: A child started by a large process inherits that process's peak RSS in its own ``ru_maxrss``
#: (Linux counts the parent's resident pages at fork/clone into the child's high-water mark, and
#: exec keeps it): run from a pytest process of 1.3 GB every case "used" 1.3 GB.  So each case is
#: started by this small interpreter, which reaps it and writes the case's own peak to a pipe;
#: a case killed by a signal kills the shim with the same signal.
_SHIM = ("import os, signal, sys\n"
         "pid = os.fork()\n"
         "if pid == 0:\n"
         "    os.execvp(sys.argv[2], sys.argv[2:])\n"
         "_, status, usage = os.wait4(pid, 0)\n"
         "os.write(int(sys.argv[1]), str(usage.ru_maxrss).encode())\n"
         "if os.WIFSIGNALED(status):\n"
         "    signal.signal(os.WTERMSIG(status), signal.SIG_DFL)\n"
         "    os.kill(os.getpid(), os.WTERMSIG(status))\n"
         "sys.exit(os.waitstatus_to_exitcode(status))\n")


def _run(argv: list[str], env: dict, timeout: float, cwd: str | None = None):
    """Run ``argv`` in ``cwd``; ``(exit code, stdout, stderr, peak RSS in MiB, seconds)``.  The
    child is reaped with ``wait4`` by a small shim (:data:`_SHIM`) so that its own peak memory is
    known (ru_maxrss, KiB on Linux), not the one it inherits from this process."""
    t0 = time.perf_counter()
    rfd, wfd = os.pipe()
    p = subprocess.Popen([sys.executable, "-S", "-c", _SHIM, str(wfd), *argv],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                         start_new_session=True, cwd=cwd, pass_fds=(wfd,))
    os.close(wfd)
    bufs = {}

    def drain(name, stream):
        bufs[name] = stream.read()

    threads = [threading.Thread(target=drain, args=("out", p.stdout)),
               threading.Thread(target=drain, args=("err", p.stderr))]
    for t in threads:
        t.start()
    timer = threading.Timer(timeout, lambda: os.killpg(p.pid, 9))
    timer.start()
    try:
        _, status, usage = os.wait4(p.pid, 0)
    finally:
        timer.cancel()
    p.returncode = os.waitstatus_to_exitcode(status)
    for t in threads:
        t.join()
    with os.fdopen(rfd, "rb") as f:
        told = f.read().decode() or str(usage.ru_maxrss)      # the shim was killed: its own
    rss = int(told) / 1024 if sys.platform != "darwin" else int(told) / (1 << 20)
    dec = lambda b: (b or b"").decode("utf-8", "replace")  # noqa: E731
    return p.returncode, dec(bufs.get("out")), dec(bufs.get("err")), rss, time.perf_counter() - t0


def run_case(case: Case, case_dir: str, template: str | None = None,
             timeout: float = TIMEOUT) -> Row:
    """Run one case in ``case_dir`` (created, left in place) and judge it."""
    os.makedirs(case_dir, exist_ok=True)
    paths = _setup(case_dir, template)
    args = [_fill(a, paths) for a in case.args]
    env = {k: v for k, v in os.environ.items() if not k.startswith("GTABLES_")}
    env["GTABLES_STORE"] = paths["store"]
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    for k, v in case.env:
        env[k] = _fill(v, paths)
    before = _snapshot(case_dir)
    # in the case's own directory: a relative path a case writes (a report in results/, a file
    # named 123) lands there, where it is seen, never in the repository
    argv = [sys.executable, "-c", API_WRAPPER, _fill(case.python, paths)] if case.python else \
        [sys.executable, "-m", "gtables.cli", *args]
    code, _, err, rss, secs = _run(argv, env, timeout, cwd=case_dir)
    after = _snapshot(case_dir)
    written = tuple(sorted(os.path.relpath(p, case_dir) for p, s in after.items()
                           if before.get(p) != s))
    lines = err.strip("\n").splitlines()
    first = lines[0] if lines else ""
    traceback = "Traceback" in err
    one_line = len(lines) == 1 and bool(ONE_LINE.match(first))
    row = Row(args=tuple(case.args), exit_code=code, first_line=first, one_line=one_line,
              traceback=traceback, group=case.group, stderr_lines=len(lines), written=written,
              max_rss_mib=round(rss, 1), seconds=round(secs, 2), known=case.known)
    why = []
    if code != 2:
        why.append(f"exit status {code}" + (" (timed out)" if code == -9 else ""))
    if traceback:
        why.append("traceback")
    if written:
        why.append(f"wrote {', '.join(written)}")
    if rss * (1 << 20) > RSS_LIMIT:
        why.append(f"peak memory {rss:.0f} MiB")
    if not why and not one_line:
        if lines and lines[0].startswith("usage:") and ARGPARSE_LINE.match(lines[-1]):
            row.verdict = "argparse"
            return row
        why.append(f"stderr has {len(lines)} line(s)" if len(lines) != 1
                   else "stderr does not start with 'gtables: error:'")
    row.verdict = "fail" if why else "pass"
    row.why = "; ".join(why)
    return row


def _template(store_dir: str) -> str:
    """A directory with what the setups copy: ``tables`` (a store holding the small tables of
    :data:`STORED`), ``share.h5`` (their export file), ``foreign.h5`` (an HDF5 file of someone
    else's) and ``old.h5`` (a single-file store of gtables 0.x, as far as its marker goes)."""
    import h5py
    top = os.path.join(store_dir, "template")
    path, share = os.path.join(top, "tables"), os.path.join(top, "share.h5")
    if not os.path.exists(share):
        os.makedirs(top, exist_ok=True)
        env = {k: v for k, v in os.environ.items() if not k.startswith("GTABLES_")}
        cli = [sys.executable, "-m", "gtables.cli"]
        for args in (["compute", *STORED], ["export", *STORED, "--to", share]):
            subprocess.run(cli + args + ["--store", path], check=True, capture_output=True,
                           env=env, timeout=600)
        with h5py.File(os.path.join(top, "foreign.h5"), "w") as f:
            f.create_dataset("measurements", data=list(range(10)))
        with h5py.File(os.path.join(top, "old.h5"), "w") as f:
            f.attrs["schema"], f.attrs["schema_version"] = "gtables.store", 2
            f.create_group("tables")
    return top


def run_corpus(store_dir: str, cases_: list[Case] | None = None, workers: int = 2,
               timeout: float = TIMEOUT, echo=None) -> list[Row]:
    """Run every case (default: :func:`cases`) through ``sys.executable -m gtables.cli``, each in
    its own directory under ``store_dir`` with ``GTABLES_STORE`` there, at most ``workers`` (<= 2)
    at a time; return one :class:`Row` per case, in order.  ``echo(row)`` is called as each
    finishes (for progress)."""
    todo = cases() if cases_ is None else list(cases_)
    template = _template(store_dir)
    rows: list[Row | None] = [None] * len(todo)
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, min(2, workers))) as pool:
        futs = {pool.submit(run_case, c, os.path.join(store_dir, f"case{i:03d}"), template,
                            timeout): i for i, c in enumerate(todo)}
        for f in concurrent.futures.as_completed(futs):
            i = futs[f]
            try:
                rows[i] = f.result()
            except Exception as e:   # the runner's own trouble: a failed row, the rest goes on
                rows[i] = Row(args=todo[i].args, exit_code=None, first_line="", one_line=False,
                              traceback=False, verdict="fail", group=todo[i].group,
                              known=todo[i].known,
                              why=f"runner error: {type(e).__name__}: {e}")
            if echo is not None:
                echo(rows[futs[f]])
    return [r for r in rows if r is not None]


def sample(n: int, seed: int = 2) -> list[Case]:
    """``n`` cases drawn reproducibly, spread over the groups."""
    everything = cases()
    rng = random.Random(seed)
    groups: dict[str, list[Case]] = {}
    for c in everything:
        groups.setdefault(c.group, []).append(c)
    picked = []
    while len(picked) < min(n, len(everything)):
        for g in sorted(groups):
            if groups[g] and len(picked) < n:
                picked.append(groups[g].pop(rng.randrange(len(groups[g]))))
    return picked


def summary(rows: list[Row], show_all: bool = False) -> str:
    """A Markdown table: counts per group and verdict, then the rows that did not pass (or all)."""
    verdicts = ("pass", "argparse", "fail")
    groups = sorted({r.group for r in rows})
    out = ["| group | cases | " + " | ".join(verdicts) + " |", "|---|---:|" + "---:|" * len(verdicts)]
    for g in groups + ["all"]:
        rs = [r for r in rows if g in ("all", r.group)]
        out.append(f"| {g} | {len(rs)} | " + " | ".join(str(sum(r.verdict == v for r in rs))
                                                         for v in verdicts) + " |")
    shown = [r for r in rows if show_all or r.verdict == "fail"]
    if shown:
        out += ["", "| verdict | args | exit | stderr (first line) | why |", "|---|---|---:|---|---|"]
        for r in shown:
            args = " ".join(repr(a) if (not a or " " in a) else a for a in r.args)
            cell = lambda s: s.replace("|", "\\|")[:240]  # noqa: E731
            why = r.why + (f" (known: {r.known})" if r.known and r.verdict == "fail" else "")
            out.append(f"| {r.verdict} | `{cell(args)}` | {r.exit_code} | {cell(r.first_line)} | "
                       f"{cell(why)} |")
    return "\n".join(out)


def _args_text(r: Row) -> str:
    if r.args and r.args[0] == "python" and len(r.args) == 2:
        return f"(Python) {r.args[1]}"
    return "gtables " + " ".join(repr(a) if (not a or " " in a) else a for a in r.args)


def report(rows: list[Row], wall: float) -> tuple[str, dict]:
    """The corpus's report for ``results/``: per group, how many cases, and for each promise of
    the rule (one error line, exit status 2, nothing written, peak memory under
    :data:`RSS_LIMIT`, no traceback, no hang) how many kept it; then every case, one line each.
    Timings are in the JSON only (they change from run to run)."""
    import datetime
    import platform
    checks = (("one line", lambda r: r.one_line), ("exit 2", lambda r: r.exit_code == 2),
              ("wrote nothing", lambda r: not r.written),
              (f"under {RSS_LIMIT >> 20} MiB", lambda r: r.max_rss_mib * (1 << 20) <= RSS_LIMIT),
              ("tracebacks", lambda r: r.traceback), ("hangs", lambda r: r.exit_code == -9))
    groups = sorted({r.group for r in rows})
    L = ["# Bad inputs: every command and the Python API refuse before they work", "",
         f"Written by `python scripts/bad_inputs.py` on "
         f"{datetime.datetime.now().isoformat(timespec='seconds')} ({len(rows)} cases, wall "
         f"{wall:.0f} s, {os.cpu_count()} CPUs, Python {platform.python_version()}).", "",
         "The rule (issues 22 and 25): a bad input, option, output path, store or environment "
         "gets exit status 2 and one line `gtables: error: ...` on stderr, before anything is "
         "allocated or written: no traceback, no file or folder written in the case's "
         f"directory (its working directory and store), a peak memory under {RSS_LIMIT >> 20} "
         f"MiB, done within {TIMEOUT:.0f} s (else a hang). Each case runs `python -m gtables.cli "
         "ARGS` (or, for the Python API, the code shown, whose GtablesError is printed as the "
         "command would print it; an exception of another kind is a traceback) in a directory "
         "of its own.", "",
         "| group | cases | pass | fail | " + " | ".join(n for n, _ in checks) + " |",
         "|---|---:|---:|---:|" + "---:|" * len(checks)]
    for g in groups + ["all"]:
        rs = [r for r in rows if g in ("all", r.group)]
        cells = [str(len(rs)), str(sum(r.verdict != "fail" for r in rs)),
                 str(sum(r.verdict == "fail" for r in rs))]
        cells += [str(sum(bool(f(r)) for r in rs)) for _, f in checks]
        name = f"**{g}**" if g == "all" else g
        L.append(f"| {name} | " + " | ".join(f"**{c}**" if g == "all" else c for c in cells)
                 + " |")
    bad = [r for r in rows if r.verdict == "fail"]
    L += ["", f"**{len(rows)} cases: {len(rows) - len(bad)} refused as the rule says, "
              f"{len(bad)} not; {sum(r.traceback for r in rows)} tracebacks, "
              f"{sum(r.exit_code == -9 for r in rows)} hangs.**", ""]
    def cell(t: str) -> str:      # a table cell; a case's own directory reads <case>
        t = re.sub(r"(?:/[^\s/'\"]+)*/case\d+\b", "<case>", t)
        return t.replace("|", "\\|").replace("\n", " ")
    if bad:
        L += ["## Not refused as the rule says", "", "| case | exit | stderr (first line) | why |",
              "|---|---:|---|---|"]
        L += [f"| `{cell(_args_text(r))[:200]}` | {r.exit_code} | {cell(r.first_line)[:200]} | "
              f"{cell(r.why)} |" for r in bad]
        L.append("")
    L += ["## Every case", "", "| group | case | exit | what it said |", "|---|---|---:|---|"]
    L += [f"| {r.group} | `{cell(_args_text(r))[:160]}` | {r.exit_code} | "
          f"{cell(r.first_line.removeprefix('gtables: error: '))[:200]} |" for r in rows]
    data = {"cases": len(rows), "failed": len(bad), "wall_seconds": round(wall, 1),
            "rows": [dataclasses.asdict(r) for r in rows]}
    return "\n".join(L) + "\n", data


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
