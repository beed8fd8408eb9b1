"""The import graph flows one way (docs/DEVELOPING.md, 'Layers'): every import of every module,
at the top or inside a function, goes to the same layer or a lower one, and there is no cycle.
A game never knows its verifier; the verifier gets its tables from a provider, not the API."""
import ast
import pathlib

import pytest

PKG = pathlib.Path(__file__).resolve().parents[1] / "src" / "gtables"

# lowest first; a module belongs to the first layer whose prefix matches it
LAYERS = (
    ("gtables.errors", "gtables.config", "gtables._version",
     "gtables.plotting"),
    ("gtables.engine", "gtables.cells", "gtables.cgt"),
    ("gtables.games",),
    ("gtables.store",),
    ("gtables.misere",),     # theory: above the engine (and the games, which never import it)
    ("gtables.api", "gtables.quotients"),
    ("gtables.verify",),
    ("gtables.sweep", "gtables.octal_catalogue", "gtables.reproduce"),
    ("gtables.cli", "gtables.__main__", "gtables"),
)


def modules() -> dict[str, pathlib.Path]:
    out = {}
    for p in PKG.rglob("*.py"):
        parts = list(p.relative_to(PKG.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = p
    return out


def layer(mod: str) -> int:
    for i, prefixes in enumerate(LAYERS):
        if any(mod == p or mod.startswith(p + ".") for p in prefixes if p != "gtables"):
            return i
    if mod == "gtables":
        return len(LAYERS) - 1
    raise AssertionError(f"{mod} is in no layer: add it to LAYERS in {__file__}")


def import_target(mod: str, path: pathlib.Path, node: ast.ImportFrom) -> str:
    """The absolute module name a ``from ... import`` in module ``mod`` (file ``path``) reads."""
    if not node.level:
        return node.module or ""
    base = mod.split(".") if path.name == "__init__.py" else mod.split(".")[:-1]
    base = base[:len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def imports(mods: dict[str, pathlib.Path]) -> dict[str, set[str]]:
    """Every gtables module each module imports (top level or in a function)."""
    edges = {}
    for mod, path in mods.items():
        found = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                target = import_target(mod, path, node)
                for alias in node.names:
                    sub = f"{target}.{alias.name}"
                    found.add(sub if sub in mods else target)
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
        edges[mod] = {m for m in found if m in mods and m != mod}
    return edges


def private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def private_uses(mods: dict[str, pathlib.Path]) -> list[str]:
    """Every use of another module's private name (``_x``, not ``__x__``): ``from m import _x``,
    and ``a._x`` (or ``a.b._x``) where ``a`` names a module of ``mods`` by an import.  A private
    submodule (``from . import _version``) is a module, not a name, and is not counted."""
    found = []
    for mod, path in mods.items():
        tree = ast.parse(path.read_text())
        aliases = {}                        # local name -> the module it is bound to
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                target = import_target(mod, path, node)
                for alias in node.names:
                    sub = f"{target}.{alias.name}"
                    if sub in mods:
                        aliases[alias.asname or alias.name] = sub
                    elif target in mods and target != mod and private(alias.name):
                        found.append(f"{mod}:{node.lineno}: from {target} import {alias.name}")
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.asname:
                        aliases[alias.asname] = alias.name
                    else:                   # import a.b binds a
                        aliases[alias.name.split(".")[0]] = alias.name.split(".")[0]
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Attribute) and private(node.attr)):
                continue
            chain, value = [], node.value
            while isinstance(value, ast.Attribute):
                chain.append(value.attr)
                value = value.value
            if isinstance(value, ast.Name) and value.id in aliases:
                target = ".".join([aliases[value.id], *reversed(chain)])
                if target in mods and target != mod:
                    found.append(f"{mod}:{node.lineno}: {target}.{node.attr}")
    return sorted(found)


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def test_no_import_cycles():
    assert cycles(imports(modules())) == []


def test_imports_flow_down_the_layers():
    edges = imports(modules())
    upward = sorted(f"{a} -> {b}" for a, bs in edges.items() for b in bs if layer(b) > layer(a))
    assert upward == []


def test_the_verifier_never_reaches_for_the_api():
    """Claims get their tables from the runner (a provider passed in), so no module of
    ``gtables.verify`` imports ``gtables.api``, even though the layers would allow it."""
    edges = imports(modules())
    offenders = sorted(f"{a} -> {b}" for a, bs in edges.items() if a.startswith("gtables.verify")
                       for b in bs if b == "gtables.api")
    assert offenders == []


def test_the_checker_sees_cycles_and_upward_edges():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == [["a", "b", "c"]]
    assert layer("gtables.engine.kernels") < layer("gtables.games.octal") < layer("gtables.verify.seed001")
    # misère theory sits above the engine and the games (a game declares its take-and-break
    # rules with the engine's record and never imports the theorem), below the API
    assert layer("gtables.engine.take_and_break") < layer("gtables.games.octal") \
        < layer("gtables.misere.period") < layer("gtables.quotients") == layer("gtables.api")
    with pytest.raises(AssertionError, match="in no layer"):
        layer("gtables_other.thing")


def test_no_module_uses_anothers_private_names():
    """What another module needs is public there (docs/DEVELOPING.md, 'Layers'): no module of
    src/gtables imports, or reads as an attribute, a private name of another (tests and scripts
    may)."""
    assert private_uses(modules()) == []


def test_the_checker_sees_private_names(tmp_path):
    files = {
        "pkg/__init__.py": "from . import _version\nfrom ._version import __version__\n",
        "pkg/_version.py": "__version__ = '1'\n",
        "pkg/a.py": "_hidden = 1\nshown = _hidden\n",
        "pkg/b.py": "from .a import _hidden, shown\n",
        "pkg/c.py": "from . import a\nimport pkg.a\nimport pkg.a as aa\n"
                    "x = a._hidden + pkg.a._hidden + aa._hidden + a.shown\n",
        "pkg/d.py": "def f(obj):\n    return obj._private\n",
    }
    mods = {}
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(exist_ok=True)
        path.write_text(text)
        mod = name.removesuffix(".py").replace("/", ".").removesuffix(".__init__")
        mods[mod] = path
    assert private_uses(mods) == ["pkg.b:1: from pkg.a import _hidden",
                                  "pkg.c:4: pkg.a._hidden", "pkg.c:4: pkg.a._hidden",
                                  "pkg.c:4: pkg.a._hidden"]
