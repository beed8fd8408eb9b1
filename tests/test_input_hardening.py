"""Bad input is refused in one line, before anything is allocated or written (issue "Trust in the
store"): the integer syntax, positions checked before int64 conversion, memory guards, option
validation (the corpus of scripts/bad_inputs.py is run by tests/test_bad_inputs.py)."""
from __future__ import annotations

import json
import os

import numpy as np
import pytest

import gtables
from gtables.engine import compute
from gtables.engine import memory as C
from gtables.engine.syntax import parse_int, parse_int_list
from gtables.errors import GtablesError


def one_error_line(r) -> str:
    lines = r.stderr.strip().splitlines()
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    assert len(lines) == 1 and lines[0].startswith("gtables: error: "), r.stderr
    assert "Traceback" not in r.stderr
    return lines[0]


# -- the integer syntax --------------------------------------------------------------------------

@pytest.mark.parametrize("text,value", [("0", 0), ("42", 42), (" 42 ", 42), ("-3", -3),
                                        ("007", 7), ("\t5\n", 5)])
def test_integers_are_ascii_digits(text, value):
    assert parse_int(text) == value


@pytest.mark.parametrize("text,msg", [
    ("+5", r"without '\+'"), ("1_000", "without '_'"), ("\u0661\u0662", "ASCII digits"),
    ("\uff11\uff12", "ASCII digits"), ("1 000", "no blanks inside"), ("", "missing"),
    ("5.0", "not an integer"), ("0x10", "not an integer"), ("1e3", "not an integer"),
    ("\u22125", "minus sign"), ("9" * 40, "40 digits"),
])
def test_other_integer_spellings_are_refused(text, msg):
    with pytest.raises(ValueError, match=msg):
        parse_int(text)
    with pytest.raises(GtablesError, match=msg):
        parse_int(text, "size")


def test_lists_split_at_commas_or_blanks_and_refuse_empty_entries():
    for text in ("3,5,7", "3, 5, 7", " 3 ,5 , 7 ", "3 5 7"):
        assert parse_int_list(text) == [3, 5, 7]
    for text, msg in (("3,,7", "entry 2 is empty"), ("3,5,", "entry 3 is empty"),
                      (",3", "entry 1 is empty"), ("", "empty position"), ("3,+5", r"'\+'")):
        with pytest.raises(GtablesError, match=msg):
            parse_int_list(text)


@pytest.mark.parametrize("spec,canonical", [
    ("nim:heaps=3,size=32", "nim:heaps=3,size=32"),
    ("  octal : code = .07 , size = 1000  ", "octal:code=0.07,size=1000"),
    ("subtraction:set={1,2,5},size=100", "subtraction:set=1-2+5,size=100"),
    ("subtraction:set= 1 - 3 ,size=0200", "subtraction:set=1-3,size=200"),
    ("chips:rule=A,n=20,value=grundy", "chips:rule=A,n=20"),
    ("endnim_row:mode=impartial,prefix=(1, 4),size=10", "endnim_row:mode=impartial,prefix=1.4,size=10"),
    ("nimlike:heaps=1,min=1,max=7,norepeat=1,size=60", "nimlike:heaps=1,max=7,norepeat=1,size=60"),
])
def test_canonical_specs_unchanged(spec, canonical):
    assert gtables.game(spec).spec == canonical


@pytest.mark.parametrize("spec,msg", [
    ("nim:heaps=2,size=1 000", "no blanks inside"), ("nim:heaps=2,size=+5", r"'\+'"),
    ("nim:heaps=2,size=1_0", "'_'"), ("octal:code=0.07,size=\u0661\u0662", "ASCII digits"),
    ("subtraction:set=1+\u0662,size=9", "ASCII digits"), ("subtraction:set=1 2,size=9", "blanks"),
    ("chips:rule=A,n=10,k=+3", r"'\+'"),
])
def test_specs_use_the_same_integer_rule(spec, msg):
    with pytest.raises(GtablesError, match=msg):
        gtables.game(spec)


# -- positions: checked in Python ints before any int64 conversion -------------------------------

def test_huge_positions_are_off_the_table():
    t = gtables.compute("octal:code=0.07,size=1000", store=None)
    with pytest.raises(GtablesError, match=r"position 99999999999999999999999 is off the table "
                                            r"\(heaps 0\.\.1000\)"):
        t.value("99999999999999999999999")
    for bad in (10 ** 30, [10 ** 30], np.array([2 ** 64 - 1], dtype=np.uint64), -(10 ** 30)):
        with pytest.raises(GtablesError, match="off the table"):
            t.value(bad)
    with pytest.raises(GtablesError, match="off the table"):
        t.lookup([1, 2, 10 ** 30])
    nim = gtables.compute("nim:heaps=3,size=8", store=None)
    with pytest.raises(GtablesError, match="off the table"):
        nim.value([1, 2, 10 ** 25])
    tag = gtables.compute("nimlike:heaps=1,max=7,norepeat=1,size=30", store=None)
    with pytest.raises(GtablesError, match="off the table"):
        tag.value("5,last=99999999999999999999")
    s = gtables.compute("endnim:mode=partizan,len=4,max=5", store=None)
    with pytest.raises(GtablesError, match="off the table"):
        s.value([3, 10 ** 20])


def test_wrong_shapes_and_types_are_gtables_errors():
    nim = gtables.compute("nim:heaps=3,size=8", store=None)
    assert nim.value([1, 2, 3]) == 0 and list(nim.lookup([[1, 2, 3], [3, 3, 1]])) == [0, 1]
    assert nim.value(np.array([1, 2, 3], dtype=np.uint16)) == 0
    for bad, msg in (([1, 2], "has 3 numbers"), ([[1, 2, 3], [1, 2]], "ragged"),
                     ([[[1, 2, 3]]], "has 3 numbers"), ([1, 2, 3.5], "must be integers"),
                     ([1, 2, "x"], "must be integers"), ([1, 2, None], "must be integers"),
                     ([[1, 2, 3], [3, 3, 1]], "expected one position"),
                     (np.array([1.0, 2.0, np.nan]), "must be integers")):
        with pytest.raises(GtablesError, match=msg):
            nim.value(bad)
    with pytest.raises(GtablesError, match="ragged"):
        nim.lookup([[1, 2, 3], [1]])
    s = gtables.compute("endnim:mode=partizan,len=4,max=5", store=None)
    with pytest.raises(GtablesError, match="list of integers"):
        s.value([[[1]]])


def test_spaces_too_large_to_index_are_refused_before_building_arrays():
    for spec in ("endnim:mode=impartial,len=24,max=65536", "nimlike:heaps=3,max=7,size=16777216",
                 "subtraction:set=1,size=17179869184,heaps=4"):
        with pytest.raises(GtablesError, match="too many to index"):
            gtables.game(spec)


# -- memory --------------------------------------------------------------------------------------

def _cgroup_files(tmp_path, lines, files):
    tmp_path.mkdir(parents=True, exist_ok=True)
    (tmp_path / "proc_cgroup").write_text("\n".join(lines) + "\n")
    for rel, text in files.items():
        p = tmp_path / "sys" / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    return str(tmp_path / "proc_cgroup"), str(tmp_path / "sys")


def test_cgroup_v2_and_v1_limits(tmp_path):
    gib = 1 << 30
    proc, root = _cgroup_files(tmp_path / "v2", ["0::/job/step"], {
        "job/memory.max": f"{4 * gib}\n", "job/memory.current": f"{gib}\n",
        "job/memory.stat": f"anon 1\ninactive_file {gib // 2}\n",
        "job/step/memory.max": "max\n", "job/step/memory.current": "5\n"})
    # the parent's limit binds: 4 GiB - (1 GiB used - 0.5 GiB reclaimable cache)
    assert C.cgroup_available(proc, root) == 4 * gib - gib // 2
    proc, root = _cgroup_files(tmp_path / "v1", ["4:memory:/box", "3:cpu:/box"], {
        "memory/box/memory.limit_in_bytes": f"{2 * gib}\n",
        "memory/box/memory.usage_in_bytes": f"{gib}\n",
        "memory/memory.limit_in_bytes": "9223372036854771712\n"})
    assert C.cgroup_available(proc, root) == gib
    proc, root = _cgroup_files(tmp_path / "none", ["0::/"], {"memory.max": "max\n"})
    assert C.cgroup_available(proc, root) is None
    assert C.cgroup_available(str(tmp_path / "missing"), root) is None
    assert 0 < C.available_memory()


def test_address_space_rlimit_bounds_available_memory():
    """``ulimit -v`` binds however much memory is free: a process under RLIMIT_AS (lowered in a
    child, after numba's own reservations) sees no more than the limit less its virtual size."""
    import subprocess
    import sys
    room = 256 << 20
    script = (
        "import resource\n"
        "from gtables.engine import memory as C\n"
        "hard = resource.getrlimit(resource.RLIMIT_AS)[1]\n"
        f"limit = C._vm_size() + {room}\n"
        "limit = limit if hard == resource.RLIM_INFINITY else min(limit, hard)\n"
        "resource.setrlimit(resource.RLIMIT_AS, (limit, hard))\n"
        "print(limit, C.rlimit_available(), C.available_memory())\n")
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    limit, rlimit, have = map(int, r.stdout.split())
    assert 0 <= rlimit <= room and have <= rlimit < limit
    import resource
    if resource.getrlimit(resource.RLIMIT_AS)[0] == resource.RLIM_INFINITY:
        assert C.rlimit_available() is None


def test_estimate_counts_widening_by_the_options_bound():
    n = 1_000_000
    assert C.table_bytes(n, np.uint8) == n
    assert C.table_bytes(n, np.uint16) == 3 * n          # uint8 and uint16 side by side
    assert C.table_bytes(n, np.uint32) == 6 * n          # uint16 and uint32 side by side
    assert C.table_bytes(n, np.uint32, np.uint16) == 6 * n
    nim = gtables.game("nim:heaps=2,size=100")            # max_options 200 < 256: stays uint8
    assert C.final_dtype(nim) == np.uint8
    assert nim.space.size <= C.estimate_bytes(nim) < nim.space.size + (1 << 16)
    big = gtables.game("nim:heaps=2,size=1000")           # 2000 options: may widen to uint16
    assert C.final_dtype(big) == np.uint16
    assert C.estimate_bytes(big) >= 3 * big.space.size
    assert C.final_dtype(gtables.game("chips:rule=A,n=20")) == np.uint8   # max_options = n
    assert C.final_dtype(gtables.game("nim:heaps=2,size=100,play=misere")) == np.uint8
    octal = gtables.game("octal:code=0.07,size=100000")
    seq = C.estimate_bytes(octal)
    assert seq >= 6 * octal.space.size                     # the sequence path, widening counted
    assert C.estimate_bytes(octal, until_periodic=True) >= 8 * octal.space.size
    row = gtables.game("endnim_row:mode=impartial,prefix=1.4,size=1000")
    assert C.estimate_bytes(row) >= 17 * row.space.size    # int64 frames, not one byte a cell


@pytest.fixture
def little_memory(monkeypatch):
    monkeypatch.setattr(C, "available_memory", lambda: 1 << 10)


def test_ignore_memory_reaches_every_fill_path(little_memory):
    for spec in ("chips:rule=A,n=12", "nim:heaps=2,size=50", "octal:code=0.07,size=2000",
                 "endnim_row:mode=impartial,prefix=1.4,size=100"):
        with pytest.raises(GtablesError, match="needs about"):
            gtables.compute(spec, store=None)
        t = gtables.compute(spec, store=None, ignore_memory=True)   # honoured, e.g. by chips' hook
        assert t.values.size == t.space.size


def test_thresholds_refuse_before_allocating():
    from gtables.games import endnim
    with pytest.raises(GtablesError, match="thresholds of 1000000000,1000000000 .*needs about"):
        endnim.thresholds((10 ** 9, 10 ** 9))
    assert endnim.thresholds((3, 5, 5, 5))["R"] == 6


def test_check_request_refuses_before_the_store(tmp_path):
    for spec, opts, msg in (("nim:heaps=2,size=3", {"until_periodic": True}, "sequence tables"),
                            ("octal:code=4!.0,size=100", {"until_periodic": True}, "no periodicity"),
                            ("chips:rule=A,n=40", {}, "needs about")):
        with pytest.raises(GtablesError, match=msg):
            compute.check_request(gtables.game(spec), **opts)


# -- the CLI -------------------------------------------------------------------------------------

def test_cli_refusals_are_one_line(cli, tmp_path):
    store = str(tmp_path / "t.h5")
    line = one_error_line(cli("query", "octal:code=0.07,size=1000", "99999999999999999999999",
                              store=store))
    assert "is off the table (heaps 0..1000)" in line
    line = one_error_line(cli("thresholds", "1000000000,1000000000"))
    assert "needs about" in line and "--ignore-memory-limit" in line
    line = one_error_line(cli("compute", "chips:rule=A,n=40", store=store))
    assert "needs about" in line
    line = one_error_line(cli("compute", "nim:heaps=2,size=3", "--until-periodic", store=store))
    assert "sequence tables" in line
    assert not os.path.exists(store)         # nothing was written before the checks
    for secs in ("nan", "inf", "-1", "0"):
        line = one_error_line(cli("compute", "octal:code=0.07,size=50", "--checkpoint-seconds",
                                  secs, store=store))
        assert "--checkpoint-seconds must be a positive finite number" in line
    assert not os.path.exists(store)
    good = tmp_path / "good.h5"
    good.write_text("a file, not a folder")
    line = one_error_line(cli("compute", "nim:heaps=2,size=3", "--store", str(good / "x.h5")))
    assert "is a file" in line


def test_cli_show_limit_and_list_json(cli, tmp_path):
    store = str(tmp_path / "t.h5")
    r = cli("compute", "octal:code=0.07,size=30", store=store)
    assert r.returncode == 0, r.stderr
    assert "--limit must be 0" in one_error_line(cli("show", "octal:code=0.07,size=30",
                                                     "--limit", "-5", store=store))
    r = cli("show", "octal:code=0.07,size=30", "--format", "json", "--limit", "0", store=store)
    assert r.returncode == 0 and json.loads(r.stdout)["shown"] == 31
    r = cli("list", "--json", store=store)
    row = json.loads(r.stdout)[0]
    assert row["params"] == {"code": "0.07", "size": 30, "play": "normal", "total": None}
    for k in ("index", "shape", "versions", "extra"):
        assert not isinstance(row.get(k), str), k
    r = cli("show", "octal:code=0.07,size=30", "--limit", "1_0", store=store)
    assert r.returncode == 2 and "without '_'" in r.stderr and "Traceback" not in r.stderr
