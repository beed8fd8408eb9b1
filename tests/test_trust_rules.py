"""A user's game whose rules file was edited after its tables were stored (issue 39, items 4 and
7).  docs/your_own_game.md section 6 promises that a stored table of other rules is refused, not
returned: here by every command that reads one (query, query --moves, show, compute, solve,
check --deep, and ``gtables.load``), and, where the rules are not loaded at all, that the table
is read only as what its file says it is (the rules it names, not checked).  Item 7: one rules
file run by ``gtables --rules`` and imported from Python, in either order.

The truth is a plain recursion over bitmasks (board Kayles, and the same board with single
cells only) or over heap sizes (subtract a square), written again here."""
from __future__ import annotations

import functools
import importlib.util
import json
import os
import subprocess
import sys
import textwrap

import pytest

import gtables
from gtables import games

# the docs' board Kayles (section 2), with a version line to fill in
KAYLES = '''\
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


def most_options(space):
    return space.n + space.rows * (space.cols - 1) + (space.rows - 1) * space.cols


gtables.define_game("boardkayles", space="board", moves=kayles_moves, max_options=most_options,
                    split="regions", symmetry="all", version=VERSION,
                    doc="Kayles on a board (one cell, or two side by side)")
'''

# the same game edited: a move removes one cell only
SINGLES = '''\
import gtables


def kayles_moves(pos, side, params, out):
    n, rest = 0, pos
    while rest:
        low = rest & -rest
        out[n], n, rest = pos ^ low, n + 1, rest ^ low
    return n


gtables.define_game("boardkayles", space="board", moves=kayles_moves,
                    max_options=lambda space: space.n, split="regions", symmetry="all",
                    version=VERSION, doc="Kayles on a board (one cell, or two side by side)")
'''

ROWS, COLS = 3, 3
SPEC = f"boardkayles:rows={ROWS},cols={COLS}"
VARIANTS = {"hash": (None, None), "version": ("1", "2")}     # (stored rules, edited rules)


def mex(values) -> int:
    seen, g = set(values), 0
    while g in seen:
        g += 1
    return g


@functools.cache
def board_grundy(pos: int, pairs: bool) -> int:
    """Board Kayles on ROWS x COLS (``pairs``) or single cells only, by plain recursion."""
    cells = [c for c in range(ROWS * COLS) if pos >> c & 1]
    opts = [pos & ~(1 << c) for c in cells]
    if pairs:
        for c in cells:
            r, k = divmod(c, COLS)
            for d, ok in ((1, k + 1 < COLS), (COLS, r + 1 < ROWS)):
                if ok and pos >> (c + d) & 1:
                    opts.append(pos & ~(1 << c) & ~(1 << (c + d)))
    return mex(board_grundy(o, pairs) for o in opts)


def text_of(pos: int) -> str:
    return "|".join("".join("." if pos >> (r * COLS + c) & 1 else "#" for c in range(COLS))
                    for r in range(ROWS))


def contested() -> tuple[str, int, int]:
    """A position whose outcome the edit changes: (its text, old value, new value)."""
    for pos in range(1 << (ROWS * COLS)):
        old, new = board_grundy(pos, True), board_grundy(pos, False)
        if (old == 0) != (new == 0):
            return text_of(pos), old, new
    raise AssertionError("the edit changes no outcome")


def run(*argv, cwd, env=None):
    return subprocess.run([sys.executable, "-m", "gtables.cli", *argv], capture_output=True,
                          text=True, cwd=cwd, timeout=600, env=dict(os.environ, **(env or {})))


def one_error_line(r, *words) -> str:
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    assert "Traceback" not in r.stderr, r.stderr
    errors = [x for x in r.stderr.splitlines() if x.startswith("gtables: error:")]
    assert len(errors) == 1, r.stderr
    for w in words:
        assert w in errors[0], errors[0]
    return errors[0]


def rules_file(path, text: str, version: str | None):
    path.write_text(text.replace("VERSION", repr(version)))
    return str(path)


@pytest.fixture(scope="module", params=sorted(VARIANTS))
def stored(request, tmp_path_factory):
    """A store holding SPEC computed by the docs' rules; the edited rules beside it."""
    old, new = VARIANTS[request.param]
    d = tmp_path_factory.mktemp(f"edited-{request.param}")
    kayles = rules_file(d / "kayles_rules.py", KAYLES, old)
    singles = rules_file(d / "singles_rules.py", SINGLES, new)
    store = str(d / "games")
    r = run("--rules", kayles, "compute", SPEC, "--store", store, cwd=d)
    assert r.returncode == 0, r.stderr
    return {"variant": request.param, "dir": d, "store": store, "kayles": kayles,
            "singles": singles, "old": old, "new": new}


@pytest.fixture
def registry_restored():
    """What a test registers in this process leaves with it (later test files hold every
    registered family to the built-in families' contract)."""
    games.families()
    before = dict(games._families)
    yield
    games._families.clear()
    games._families.update(before)


def test_the_edit_changes_the_game():
    text, old, new = contested()           # what the tests below ask: the answers must differ
    assert (old == 0) != (new == 0), text


# -- item 4: every command refuses the table of the old rules -------------------------------------
COMMANDS = {
    "query": lambda s, pos: ["query", SPEC, pos, "--json"],
    "query --moves": lambda s, pos: ["query", SPEC, pos, "--moves", "--json"],
    "show": lambda s, pos: ["show", SPEC, "--format", "json"],
    "compute": lambda s, pos: ["compute", SPEC],
    "solve": lambda s, pos: ["solve", SPEC, pos, "--json"],
}


# the version bump is the same check as the hash: query stands for every command there
@pytest.mark.parametrize("stored, command", [("hash", c) for c in sorted(COMMANDS)] +
                         [("version", "query")], indirect=["stored"])
def test_edited_rules_are_refused_by_every_command(stored, command):
    pos, _, _ = contested()
    r = run("--rules", stored["singles"], *COMMANDS[command](stored, pos), "--store",
            stored["store"], cwd=stored["dir"])
    line = one_error_line(r, SPEC, "other rules")
    if stored["variant"] == "version":
        assert "version=1" in line and "version=2" in line, line
    assert r.stdout == ""          # nothing printed before the refusal (no old value)


def test_check_deep_with_the_edited_rules_names_the_other_rules(stored):
    r = run("--rules", stored["singles"], "check", "--deep", "--store", stored["store"],
            cwd=stored["dir"])
    assert r.returncode == 1 and "Traceback" not in r.stderr, (r.stdout, r.stderr)
    assert "DAMAGED" in r.stdout and "computed by other rules" in r.stdout, r.stdout


def test_the_rules_it_was_computed_by_still_read_it(stored):
    pos, old, _ = contested()
    r = run("--rules", stored["kayles"], "query", SPEC, pos, "--json", "--store",
            stored["store"], cwd=stored["dir"])
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert d["grundy"] == old and "as_stored" not in d
    r = run("--rules", stored["kayles"], "check", "--deep", "--store", stored["store"],
            cwd=stored["dir"])
    assert r.returncode == 0 and "every table re-derived" in r.stdout, r.stdout


def test_python_load_and_compute_refuse_the_old_rules(stored, registry_restored):
    pos, old, _ = contested()
    t = gtables.load(SPEC, store=stored["store"])    # the rules not loaded: read as stored
    assert t.value(pos) == old and "read as stored" in t.as_stored
    spec = importlib.util.spec_from_file_location("singles_rules", stored["singles"])
    spec.loader.exec_module(importlib.util.module_from_spec(spec))   # the edited rules
    with pytest.raises(gtables.GtablesError, match="other rules"):
        t.value(pos)                   # the table read before is not the edited rules' either
    with pytest.raises(gtables.GtablesError, match="other rules"):
        t.moves(pos)
    with pytest.raises(gtables.GtablesError, match="other rules"):
        gtables.load(SPEC, store=stored["store"]).value(pos)
    with pytest.raises(gtables.GtablesError, match="other rules"):
        gtables.compute(SPEC, store=stored["store"])
    fresh = gtables.compute(SPEC, store=None)       # the edited rules, computed: their values
    assert fresh.value(pos) == board_grundy(fresh.index(pos), False)


# -- item 4: without the rules, a table is read only as what it says it is -------------------------
def test_query_without_the_rules_says_it_reads_as_stored(stored):
    pos, old, _ = contested()
    named = "version=1" if stored["old"] else "rules="
    r = run("query", SPEC, pos, "--store", stored["store"], cwd=stored["dir"])
    assert r.returncode == 0, r.stderr
    assert f"Grundy value {old}," in r.stdout
    note = r.stdout.splitlines()[1]
    assert "read as stored" in note and named in note and "not checked" in note, r.stdout
    r = run("query", SPEC, pos, "--json", "--store", stored["store"], cwd=stored["dir"])
    d = json.loads(r.stdout)
    assert d["grundy"] == old and "read as stored" in d["as_stored"] and named in d["as_stored"]


def test_show_without_the_rules_says_it_reads_as_stored(stored):
    r = run("show", SPEC, "--limit", "4", "--store", stored["store"], cwd=stored["dir"])
    assert r.returncode == 0, r.stderr
    assert any(x.startswith("# read as stored") and "not checked" in x
               for x in r.stdout.splitlines()), r.stdout
    r = run("show", SPEC, "--format", "json", "--store", stored["store"], cwd=stored["dir"])
    d = json.loads(r.stdout)
    assert "read as stored" in d["as_stored"]
    assert [e["value"] for e in d["entries"]] == [board_grundy(i, True)
                                                  for i in range(d["shown"])]


def test_check_deep_without_the_rules_does_not_claim_a_rederivation(stored):
    r = run("check", "--deep", "--store", stored["store"], cwd=stored["dir"])
    assert r.returncode == 0, r.stderr            # nothing is damaged: its checksums hold
    assert "every table re-derived" not in r.stdout and "1 not re-derived" in r.stdout
    row = next(x for x in r.stdout.splitlines() if x.strip().startswith(SPEC))
    assert "not re-derived" in row and "--rules" in row, row
    assert ("version=1" if stored["old"] else "rules=") in row, row


# -- item 4, a heap game: the options function edited ---------------------------------------------
SQUARES = '''\
import gtables


def options(n, out):
    c, s = 0, 1
    while s * s <= n and s <= LIMIT:
        out[2 * c] = n - s * s
        out[2 * c + 1] = 0
        c, s = c + 1, s + 1
    return c


gtables.heap_game("trustsquares", options, max_options=12)
'''


@functools.cache
def squares_grundy(n: int, limit: int) -> int:
    return mex(squares_grundy(n - s * s, limit) for s in range(1, limit + 1) if s * s <= n)


def test_a_heap_game_with_edited_options_is_refused(tmp_path):
    # LIMIT is read as a constant of the code: edited in the file, not a value read at run time
    old = tmp_path / "old_squares.py"
    old.write_text(SQUARES.replace("LIMIT", "12"))
    new = tmp_path / "new_squares.py"
    new.write_text(SQUARES.replace("LIMIT", "2"))
    store = str(tmp_path / "heaps")
    n = next(k for k in range(60) if (squares_grundy(k, 12) == 0) != (squares_grundy(k, 2) == 0))
    assert run("--rules", str(old), "compute", "trustsquares:size=60", "--store", store,
               cwd=tmp_path).returncode == 0
    for argv in (["query", "trustsquares:size=60", str(n)], ["compute", "trustsquares:size=60"]):
        one_error_line(run("--rules", str(new), *argv, "--store", store, cwd=tmp_path),
                       "other rules", "options=")
    r = run("--rules", str(old), "query", "trustsquares:size=60", str(n), "--json", "--store",
            store, cwd=tmp_path)
    assert r.returncode == 0 and json.loads(r.stdout)["grundy"] == squares_grundy(n, 12)
    r = run("query", "trustsquares:size=60", str(n), "--store", store, cwd=tmp_path)
    assert r.returncode == 0 and "read as stored" in r.stdout and "options=" in r.stdout


# -- item 7: one rules file, run by --rules and imported from Python ------------------------------
HEAP_RULES = textwrap.dedent('''\
    import gtables


    def options(n, out):
        c = 0
        for s in (1, 3, 4):
            if s <= n:
                out[2 * c] = n - s
                out[2 * c + 1] = 0
                c += 1
        return c


    gtables.heap_game("{name}", options, max_options=3)
    ''')


@functools.cache
def sub134(n: int) -> int:
    return mex(sub134(n - s) for s in (1, 3, 4) if s <= n)


IMPORTED = ("import sys, {module}, gtables\n"
            "t = gtables.compute('{name}:size=70', store=None, progress=False)\n"
            "print([int(v) for v in t.values])\n")


@pytest.mark.parametrize("first", ["cli", "import"])
def test_a_rules_file_run_by_the_cli_and_imported(tmp_path, first):
    name, module = f"trust{first}", f"trust_{first}_rules"
    path = tmp_path / f"{module}.py"
    path.write_text(HEAP_RULES.format(name=name))
    store = str(tmp_path / "s")

    def by_cli(size: int):        # from the rules file's folder, as the docs run it
        r = run("--rules", path.name, "query", f"{name}:size={size}", str(size), "--json",
                "--store", store, cwd=tmp_path)
        assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
        assert json.loads(r.stdout)["grundy"] == sub134(size)

    def by_import():
        r = subprocess.run([sys.executable, "-c", IMPORTED.format(module=module, name=name)],
                           capture_output=True, text=True, cwd=tmp_path, timeout=600)
        assert r.returncode == 0, r.stderr[-1500:]
        assert json.loads(r.stdout) == [sub134(n) for n in range(71)]

    if first == "cli":
        by_cli(40)
        assert not (tmp_path / "__pycache__").exists()     # --rules writes nothing beside it
        by_import()
    else:
        by_import()
        by_cli(40)
    by_cli(50)                 # and once more after the other: each way keeps working
    by_import()
