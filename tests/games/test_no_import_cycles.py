"""The project reads top-down: no import circle among its modules (the core, the front ends and
every game), counting imports made inside functions (a lazy import hides a circle from Python,
not from a reader). Imports under `if TYPE_CHECKING:` are for annotations only and not counted.

The graph is built from the source (the AST of every module), so nothing is imported to test it.
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "engine" / "games"
PACKAGES = ("store", "bus", "projections", "engine", "analytics", "runeledger", "server", "cli", "sim", "bots")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for pkg in PACKAGES for p in sorted((ROOT / pkg).rglob("*.py"))}


def imported(path: Path, name: str, known: dict[str, Path]) -> set[str]:
    """The game modules `name` imports anywhere in its body. `from pkg import sub` counts as an
    import of the submodule `pkg.sub` where one exists, else of `pkg` itself."""
    is_pkg = path.name == "__init__.py"
    out: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    typing_only = {id(n) for block in ast.walk(tree) if isinstance(block, ast.If)
                   and getattr(block.test, "id", None) == "TYPE_CHECKING" for n in ast.walk(block)}
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                pkg = name.split(".") if is_pkg else name.split(".")[:-1]
                pkg = pkg[:len(pkg) - (node.level - 1)]
                base = ".".join(pkg + ([base] if base else []))
            for a in node.names:
                sub = f"{base}.{a.name}"
                out.add(sub if sub in known else base)
    return {m for m in out if m in known and m != name}


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imported(path, name, known) for name, path in known.items()}


def cycles(g: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(g[v]):
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
                found.append(sorted(comp))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return found


def test_the_graph_sees_function_level_imports():
    """The walk must see lazy imports, or the test below could not fail for them."""
    g = {"a": {"b"}, "b": {"a"}, "c": set()}
    assert cycles(g) == [["a", "b"]]
    src = "def f():\n    from engine.games.thunderstone.places import pos\n"
    tree = ast.parse(src)
    assert any(isinstance(n, ast.ImportFrom) for n in ast.walk(tree))
    places = GAMES / "thunderstone" / "places.py"
    assert "engine.games.thunderstone.content" in imported(
        places, "engine.games.thunderstone.places", modules())


def test_no_import_circle_in_the_project():
    found = cycles(graph())
    assert not found, "import circles: " + "; ".join(" <-> ".join(c) for c in found)


def test_typing_only_imports_are_not_counted_but_lazy_ones_are():
    """store/absorb.py names EventStore for annotations only; store/sqlite_store.py imports
    absorb inside a method: one direction, not a circle."""
    known = modules()
    absorb = "store.absorb"
    assert "store.sqlite_store" not in imported(known[absorb], absorb, known)
    assert absorb in imported(known["store.sqlite_store"], "store.sqlite_store", known)
