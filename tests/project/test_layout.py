"""The layout docs/design.md describes, pinned: one package, one-way imports, no cycles.

Imports are read from the source (``ast``), not by importing, so the test sees
every module, and ``if TYPE_CHECKING:`` imports (which never run) are left out.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers import ROOT

#: import name of each folder of the checkout, as pyproject.toml maps them
FOLDERS = {
    "trebuchet": ROOT / "trebuchet",
    "trebuchet.variants": ROOT / "variants",
    "trebuchet.converters": ROOT / "converters",
    "trebuchet.analysis": ROOT / "analysis",
}
#: each layer may import only the layers after it (docs/design.md)
LAYERS = ("trebuchet", "trebuchet.analysis", "trebuchet.converters", "trebuchet.variants")


def modules() -> dict[str, Path]:
    """Every module of the package: import name -> file."""
    found: dict[str, Path] = {}
    for package, folder in FOLDERS.items():
        for path in folder.rglob("*.py"):
            parts = list(path.relative_to(folder).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join([package, *parts])] = path
    return found


MODULES = modules()


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _runtime_imports(tree: ast.Module, module: str) -> Iterator[tuple[ast.stmt, str, bool]]:
    """(node, imported module, inside a function) for every import that runs."""

    def visit(nodes: list[ast.stmt], in_function: bool) -> Iterator[tuple[ast.stmt, str, bool]]:
        for node in nodes:
            if isinstance(node, ast.If) and _is_type_checking(node):
                yield from visit(node.orelse, in_function)
                continue
            if isinstance(node, ast.Import):
                for alias in node.names:
                    yield node, alias.name, in_function
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    base = ".".join(module.split(".")[: -node.level] + ([base] if base else []))
                for alias in node.names:
                    full = f"{base}.{alias.name}"
                    yield node, full if full in MODULES else base, in_function
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.stmt):
                    inner = in_function or isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
                    yield from visit([child], inner)

    yield from visit(tree.body, False)


def _ours(name: str) -> str | None:
    """The module of ours that ``name`` is (or lies in), or None."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def import_graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for module, path in MODULES.items():
        tree = ast.parse(path.read_text(), str(path))
        targets = {_ours(name) for _, name, inside in _runtime_imports(tree, module) if not inside}
        graph[module] = {t for t in targets if t is not None and t != module}
    return graph


def _layer(module: str) -> int:
    return max(i for i, prefix in enumerate(LAYERS) if f"{module}.".startswith(f"{prefix}."))


def test_no_import_cycles() -> None:
    graph = import_graph()
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    for start in graph:
        if state.get(start):
            continue
        stack: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(graph[start])))]
        state[start] = 1
        while stack:
            node, children = stack[-1]
            child = next(children, None)
            if child is None:
                state[node] = 2
                stack.pop()
            elif state.get(child) == 1:
                path = [n for n, _ in stack]
                cycle = [*path[path.index(child) :], child]
                pytest.fail("import cycle: " + " -> ".join(cycle))
            elif not state.get(child):
                state[child] = 1
                stack.append((child, iter(sorted(graph[child]))))


def test_imports_flow_one_way() -> None:
    """variants imports nothing of the others, converters only variants, analysis both;
    the API and CLI sit on top."""
    wrong = [
        f"{module} imports {target}"
        for module, targets in import_graph().items()
        for target in targets
        if _layer(target) < _layer(module)
    ]
    assert wrong == []


def test_imports_inside_functions_say_why() -> None:
    """An import in a function body carries a comment on its line or just above it."""
    silent = []
    for module, path in MODULES.items():
        lines = path.read_text().splitlines()
        tree = ast.parse("\n".join(lines), str(path))
        for node, name, inside in _runtime_imports(tree, module):
            if not inside:
                continue
            here = node.lineno - 1
            context = lines[max(0, here - 3) : here + 1]
            if not any("#" in line for line in context):
                silent.append(f"{path.relative_to(ROOT)}:{node.lineno} imports {name}")
    assert silent == []


def test_nothing_imports_the_folders_by_their_checkout_names() -> None:
    """``variants``, ``converters``, ``analysis`` exist only as ``trebuchet.*``."""
    bare = []
    for path in [
        *MODULES.values(),
        *(ROOT / "tests").rglob("*.py"),
        *(ROOT / "bench").glob("*.py"),
    ]:
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module or ""]
            bare += [
                f"{path.relative_to(ROOT)}:{node.lineno} {n}"
                for n in names
                if n.split(".")[0] in ("variants", "converters", "analysis")
            ]
    assert bare == []


def test_the_benchmarks_import_what_is_there() -> None:
    """Every name a benchmark imports from the package or the tests exists: a
    moved test module or a renamed function fails here, not half-way through
    ``make bench``."""
    missing = []
    for path in sorted((ROOT / "bench").glob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.ImportFrom) or node.level or not node.module:
                continue
            if node.module.split(".")[0] not in ("trebuchet", "tests"):
                continue
            module = importlib.import_module(node.module)
            missing += [
                f"{path.relative_to(ROOT)}:{node.lineno} {node.module}.{a.name}"
                for a in node.names
                if not hasattr(module, a.name)
                and importlib.util.find_spec(f"{node.module}.{a.name}") is None
            ]
    assert missing == []


def test_every_package_folder_is_installed() -> None:
    """pyproject.toml lists every folder that holds an __init__.py, under its import name."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    listed = set(config["packages"])
    mapping = config["package-dir"]
    assert {k: ROOT / v for k, v in mapping.items()} == {
        k: v for k, v in FOLDERS.items() if k != "trebuchet"
    }
    packages = {name for name, path in MODULES.items() if path.name == "__init__.py"}
    assert packages == listed


def test_importing_trebuchet_leaves_heavy_libraries_out() -> None:
    """pyparsing, which only a Zillions move line needs, costs 8 MB, and
    ``xml.sax.saxutils`` 7 more (it imports urllib, ssl and email): the import of
    trebuchet's command line (every command, every replay) does without them
    (docs/speed.md)."""
    heavy = ("pyparsing", "ssl", "urllib.request", "networkx")
    code = f"import sys, trebuchet.cli; print([m for m in {heavy!r} if m in sys.modules])"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_checking_a_pgn_file_loads_only_what_it_uses() -> None:
    """``trebuchet check`` of a chess game imports neither the Zillions reader and
    engine, nor the pictures, nor the analysis, nor any other game's rules or
    file format, nor a decompressor: the command line loads each command's
    module when it runs, the formats table each format's (start-up, issue 28)."""
    unused = (
        "trebuchet.converters.zrf.model",
        "trebuchet.variants.zrf.game",
        "trebuchet.analysis.svg",
        "trebuchet.analysis.mobility",
        "trebuchet.view",
        "trebuchet.variants.titan_chess",
        "trebuchet.variants.catapults_of_troy",
        "trebuchet.converters.courier",
        "trebuchet.converters.json_format",
        "trebuchet.converters.text_files",
        "gzip",
        "networkx",
        "pyparsing",
    )
    game = ROOT / "examples" / "chess960" / "long-castling.pgn"
    code = (
        "import sys\nfrom trebuchet.cli import main\n"
        f"try:\n    main(['check', {str(game)!r}])\nexcept SystemExit:\n    pass\n"
        f"print([m for m in {unused!r} if m in sys.modules], file=sys.stderr)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stderr.strip().splitlines()[-1] == "[]"


def test_tests_are_sorted_by_subject() -> None:
    """No test file sits at the top of tests/: each is in the folder of its subject
    (core, games, records, zrf, analysis, cli, reliability, project)."""
    assert sorted(p.name for p in (ROOT / "tests").glob("test_*.py")) == []
    areas = {p.parent.name for p in (ROOT / "tests").rglob("test_*.py")}
    assert areas == {"core", "games", "records", "zrf", "analysis", "cli", "reliability", "project"}
