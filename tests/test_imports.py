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


def imports(mods: dict[str, pathlib.Path]) -> dict[str, set[str]]:
    """Every gtables module each module imports (top level or in a function)."""
    edges = {}
    for mod, path in mods.items():
        is_pkg = path.name == "__init__.py"
        found = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = mod.split(".") if is_pkg else mod.split(".")[:-1]
                    base = base[:len(base) - (node.level - 1)]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                for alias in node.names:
                    sub = f"{target}.{alias.name}"
                    found.add(sub if sub in mods else target)
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
        edges[mod] = {m for m in found if m in mods and m != mod}
    return edges


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
    with pytest.raises(AssertionError, match="in no layer"):
        layer("gtables_other.thing")
