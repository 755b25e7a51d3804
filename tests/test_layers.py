"""The layers of the house, read from the source: who may import whom (ARCHITECTURE.md).

- The core (`engine` without `engine.games`, `store`, `bus`, `projections`) imports no game,
  front end or bot. One exception: the registry finds the games by scanning the package
  `engine.games` (it imports that package, never a game).
- A game (`engine.games.<name>`) imports the core only: never another game, a front end or a bot.
- A front end (`cli`, `sim`, `server`, `analytics`, `runeledger`) and the bots (`bots`) see a
  game only through the ruleset contract and the registry: they never import `engine.games.*`.
- The bots import no front end; a front end may use the bots.
- Nothing imports in a circle, counting imports made inside functions (a lazy import hides a
  circle from Python, not from a reader); imports under `if TYPE_CHECKING:` are for
  annotations only and not counted, except inside `store` (absorb states what it needs of the
  stores as Protocols, so the store's modules do not name each other in a loop at all).

The graph is built from the AST of every module, so nothing is imported to test it. `tests/`
and `bench/` are not layers: they may reach anywhere.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CORE = ("engine", "store", "bus", "projections")
FRONT_ENDS = ("cli", "sim", "server", "analytics", "runeledger")
BOTS = ("bots",)
PACKAGES = CORE + FRONT_ENDS + BOTS
REGISTRY_SCAN = ("engine.registry", "engine.games")  # the one sanctioned core -> games edge


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for pkg in PACKAGES for p in sorted((ROOT / pkg).rglob("*.py"))}


def imported(path: Path, name: str, known: dict[str, Path], typing: bool = False) -> set[str]:
    """The project modules `name` imports anywhere in its body. `from pkg import sub` counts as
    an import of the submodule `pkg.sub` where one exists, else of `pkg` itself. Imports under
    `if TYPE_CHECKING:` count only with `typing`."""
    is_pkg = path.name == "__init__.py"
    out: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    typing_only = {
        id(n)
        for block in ast.walk(tree)
        if isinstance(block, ast.If) and getattr(block.test, "id", None) == "TYPE_CHECKING" and not typing
        for n in ast.walk(block)
    }
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                pkg = name.split(".") if is_pkg else name.split(".")[:-1]
                pkg = pkg[: len(pkg) - (node.level - 1)]
                base = ".".join(pkg + ([base] if base else []))
            for a in node.names:
                sub = f"{base}.{a.name}"
                out.add(sub if sub in known else base)
    return {m for m in out if m in known and m != name}


def graph(typing: bool = False) -> dict[str, set[str]]:
    known = modules()
    return {name: imported(path, name, known, typing) for name, path in known.items()}


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


def layer(module: str) -> str:
    """'core', 'game:<name>', 'front end' or 'bots'."""
    parts = module.split(".")
    if parts[:2] == ["engine", "games"]:
        return f"game:{parts[2]}" if len(parts) > 2 else "games"
    if parts[0] in CORE:
        return "core"
    if parts[0] in BOTS:
        return "bots"
    return "front end"


def forbidden(src: str, dst: str) -> str | None:
    """Why the import src -> dst breaks the layering, or None when it is allowed."""
    a, b = layer(src), layer(dst)
    if a == "core" and b != "core":
        if (src, dst) == REGISTRY_SCAN:
            return None
        return f"the core imports {b}"
    if a.startswith("game:"):
        if b in ("front end", "bots"):
            return f"a game imports {b}"
        if b.startswith("game:") and b != a:
            return "a game imports another game"
    if a in ("front end", "bots") and b.startswith("game"):
        return f"{a} reaches into a game's folder"
    if a == "bots" and b == "front end":
        return "a bot imports a front end"
    return None


def violations(g: dict[str, set[str]]) -> list[str]:
    return [
        f"{src} -> {dst}: {why}"
        for src in sorted(g)
        for dst in sorted(g[src])
        if (why := forbidden(src, dst))
    ]


def test_the_rules_can_fail():
    """Each rule fires on a made-up graph, so the tests below could fail."""
    g = {
        "engine.pipeline": {"cli.main", "engine.games.duel.rules"},
        "engine.games.duel.rules": {"engine.games.epochs.state", "bots.search", "engine.context"},
        "cli.main": {"engine.games.duel.rules", "engine.registry"},
        "bots.search": {"server.app"},
        "engine.registry": {"engine.games"},
    }
    assert violations(g) == [
        "bots.search -> server.app: a bot imports a front end",
        "cli.main -> engine.games.duel.rules: front end reaches into a game's folder",
        "engine.games.duel.rules -> bots.search: a game imports bots",
        "engine.games.duel.rules -> engine.games.epochs.state: a game imports another game",
        "engine.pipeline -> cli.main: the core imports front end",
        "engine.pipeline -> engine.games.duel.rules: the core imports game:duel",
    ]
    assert cycles({"a": {"b"}, "b": {"a"}, "c": set()}) == [["a", "b"]]


def test_the_graph_sees_function_level_imports(tmp_path):
    """A lazy import counts and a TYPE_CHECKING one does not, or a circle hidden in a function
    could pass."""
    probe = tmp_path / "probe.py"
    probe.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from store.rows import bounded\n"
        "def f():\n    from store.files import open_store\n"
    )
    assert imported(probe, "probe", modules()) == {"store.files"}
    assert imported(probe, "probe", modules(), typing=True) == {"store.files", "store.rows"}


def test_layers_hold():
    found = violations(graph())
    assert not found, "layering broken:\n" + "\n".join(found)


def test_no_import_circle_in_the_project():
    found = cycles(graph())
    assert not found, "import circles: " + "; ".join(" <-> ".join(c) for c in found)


@pytest.mark.parametrize("package", PACKAGES)
def test_every_layer_has_modules(package):
    """A renamed folder must not silently drop out of the check."""
    assert any(name.split(".")[0] == package for name in modules())


def test_the_store_has_no_circle_even_for_annotations():
    """The store's modules (absorb, the SQLite store, the memory store) do not name each other in
    a loop even under TYPE_CHECKING: absorb states what it needs of the stores as Protocols."""
    g = graph(typing=True)
    store = {
        m: {d for d in deps if d.split(".")[0] == "store"}
        for m, deps in g.items()
        if m.split(".")[0] == "store"
    }
    assert not cycles(store), cycles(store)
