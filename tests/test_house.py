"""The shape of the house: module sizes, the folders of the layers, no import circles, test
modules that import no other test module and mirror the module they test.

The import directions between the layers are checked by ``make lint`` (import-linter, the
contracts in ``pyproject.toml``); function complexity by ruff (``C901``, at most 15). Nothing
here imports the modules it checks: each reads the source with ``ast``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("rules", "players", "tournaments", "ratings", "events", "core", "actions", "web",
            "public", "backoffice", "api", "clubrating", "bench")  # fmt: skip
TESTS = ROOT / "tests"
MAX_LINES = 500
#: Modules allowed to be longer, each with its reason (docs/architecture.md, "Size limits").
LONGER = {
    "rules/pairing/dutch.py": "the FIDE Dutch engine, one algorithm kept whole",
}


def _modules() -> list[Path]:
    return sorted(
        path
        for package in PACKAGES
        for path in (ROOT / package).rglob("*.py")
        if "migrations" not in path.parts
    )


def test_no_module_is_longer_than_500_lines_but_the_documented_ones():
    long = {
        str(path.relative_to(ROOT)): len(path.read_text(encoding="utf-8").splitlines())
        for path in _modules()
    }
    long = {name: lines for name, lines in long.items() if lines > MAX_LINES}

    assert sorted(long) == sorted(LONGER), long


def test_the_layers_are_folders_of_the_repository():
    assert [name for name in PACKAGES if not (ROOT / name / "__init__.py").is_file()] == []


# --------------------------------------------------------------------------- imports


def module_name(path: Path, root: Path = ROOT) -> str:
    """``core/unit_of_work.py`` -> ``core.unit_of_work``; ``core/__init__.py`` -> ``core``."""
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(body: list[ast.stmt]) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement of ``body``, at any depth (in classes, functions, ``try``...),
    but those under ``if TYPE_CHECKING:``, which never run."""
    for node in body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        elif isinstance(node, ast.If) and _is_type_checking(node.test):
            yield from _imports(node.orelse)
        else:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.stmt):
                    yield from _imports([child])
                elif isinstance(child, ast.ExceptHandler | ast.match_case):
                    yield from _imports(child.body)


def _targets(node: ast.Import | ast.ImportFrom, name: str, is_package: bool, known: set[str]):
    """The modules of ``known`` an import statement of module ``name`` imports."""
    if isinstance(node, ast.Import):
        return {_resolve(alias.name, known) for alias in node.names}
    base = node.module or ""
    if node.level:  # relative: from the module's package, one level up per extra dot
        package = name.split(".") if is_package else name.split(".")[:-1]
        package = package[: len(package) - (node.level - 1)]
        base = ".".join([*package, *([base] if base else [])])
    return {
        f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else _resolve(base, known)
        for alias in node.names
    }


def _resolve(dotted: str, known: set[str]) -> str | None:
    """The longest of ``dotted`` and its prefixes that is one of the ``known`` modules."""
    parts = dotted.split(".")
    for end in range(len(parts), 0, -1):
        if ".".join(parts[:end]) in known:
            return ".".join(parts[:end])
    return None


def import_graph(paths: list[Path], root: Path = ROOT) -> dict[str, set[str]]:
    """Module -> the modules of ``paths`` it imports (``_imports``: at any depth, but not under
    ``if TYPE_CHECKING:``).

    ``from pkg import name`` is an import of the submodule ``pkg.name`` when there is one, else
    of ``pkg`` (its ``__init__``); ``import pkg`` is an import of ``pkg``'s ``__init__``.
    Relative imports are resolved.
    """
    modules = {module_name(path, root): path for path in paths}
    known = set(modules)
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        is_package = path.name == "__init__.py"
        targets = set().union(
            *(_targets(node, name, is_package, known) for node in _imports(tree.body))
        )
        graph[name] = targets - {None, name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every import circle: the strongly connected components of more than one module (each
    sorted), in order (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return sorted(found)


def test_no_import_circles_in_the_source_tree():
    """No two modules of ours (the layers' packages, migrations aside) import each other,
    directly or through others.

    Imports inside functions count, as they do for import-linter: moving one import of a circle
    into a function only defers it (the usual way to silence Python's circular-import error),
    and the two modules still need each other. Imports under ``if TYPE_CHECKING:`` do not
    count: they never run and only name types for annotations.
    """
    found = cycles(import_graph(_modules()))

    assert found == [], "import circles: " + "; ".join(" <-> ".join(c) for c in found)


def test_the_import_graph_resolves_packages_submodules_and_relative_imports(tmp_path):
    sources = {
        "pkg/__init__.py": "from .a import thing\n",
        "pkg/a.py": "from pkg import b\nthing = 1\n",
        "pkg/b.py": "import pkg.c\nfrom typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n"
        "    from pkg import d\n\n\ndef later():\n    from . import a\n",
        "pkg/c.py": "from pkg.d import name\n",
        "pkg/d.py": "from pkg import thing\nimport os\n",
        "other/__init__.py": "",
        "other/x.py": "try:\n    from other import y\nexcept ImportError:\n    y = None\n",
        "other/y.py": "class Y:\n    from other.x import y\n",
        "other/z.py": "from ..pkg import d\n",
    }
    for name, text in sources.items():
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")

    graph = import_graph(sorted(tmp_path.rglob("*.py")), root=tmp_path)

    assert graph == {
        "pkg": {"pkg.a"},
        "pkg.a": {"pkg.b"},
        "pkg.b": {"pkg.a", "pkg.c"},  # a in a function counts; d under TYPE_CHECKING does not
        "pkg.c": {"pkg.d"},
        "pkg.d": {"pkg"},  # thing is no submodule: pkg's __init__
        "other": set(),
        "other.x": {"other.y"},
        "other.y": {"other.x"},
        "other.z": {"pkg.d"},
    }
    assert cycles(graph) == [["other.x", "other.y"], ["pkg", "pkg.a", "pkg.b", "pkg.c", "pkg.d"]]


def _test_tree() -> list[Path]:
    return sorted(p for p in TESTS.rglob("*.py") if p.relative_to(TESTS).parts[0] != "data")


def test_no_test_module_imports_another():
    """Shared test code lives in modules that are not test modules (``tests/helpers.py``,
    ``tests/factories.py``, ``tests/datafiles.py``, a folder's ``conftest.py`` or a helper
    beside it): a module of ``tests/`` (a test module, a helper, a conftest) never imports a
    ``test_*.py`` module, at any level."""
    paths = _test_tree()
    graph = import_graph(paths)
    test_modules = {module_name(path) for path in paths if path.name.startswith("test_")}

    importing = {name: sorted(targets & test_modules) for name, targets in graph.items()}

    assert {name: targets for name, targets in importing.items() if targets} == {}


# --------------------------------------------------------------------------- the tests' tree

#: What in ``tests/`` tests no one source module, and so mirrors none, each with its reason.
CROSS_CUTTING = {
    "browser/": "the pages in a real Chromium, across the faces",
    "safety/": "concurrency, fuzzing, faults and hardening, across the layers",
    "migrations/": "the migrations of every app, from an older schema to today's",
    "test_house.py": "the shape of the source tree",
    "test_docs.py": "the documents",
    "test_translations.py": "the Russian catalogue of every layer",
    "test_russian_pages.py": "every page in Russian",
    "rules/test_purity.py": "every module of the rules layer and the other pure modules",
}


def mirrors_a_source_module(path: Path) -> bool:
    """``tests/<source dir>/test_<module>[_<aspect>].py`` with ``<source dir>/<module>.py`` or
    the package ``<source dir>/<module>/`` in the repository: tests of ``actions/boards.py``
    in ``tests/actions/test_boards*.py``, of the package ``backoffice/views/`` as a whole in
    ``tests/backoffice/test_views*.py``."""
    source_dir = ROOT.joinpath(*path.relative_to(TESTS).parts[:-1])
    pieces = path.stem.removeprefix("test_").split("_")
    names = ("_".join(pieces[:end]) for end in range(1, len(pieces) + 1))
    return any(
        (source_dir / f"{name}.py").is_file() or (source_dir / name / "__init__.py").is_file()
        for name in names
    )


def _cross_cutting(path: Path) -> bool:
    relative = path.relative_to(TESTS).as_posix()
    return any(
        relative.startswith(key) if key.endswith("/") else relative == key for key in CROSS_CUTTING
    )


def test_test_modules_mirror_the_module_they_test():
    """A test module lives where the module it mainly tests lives, under ``tests/`` (see
    ``mirrors_a_source_module``); ``CROSS_CUTTING`` lists the exceptions."""
    misplaced = [
        path.relative_to(ROOT).as_posix()
        for path in _test_tree()
        if path.name.startswith("test_")
        and not _cross_cutting(path)
        and not mirrors_a_source_module(path)
    ]

    assert misplaced == []
    assert [key for key in CROSS_CUTTING if not (TESTS / key).exists()] == []


def test_every_folder_of_tests_is_a_package():
    """``tests/`` is a package (the rootdir-relative names keep two test modules of one base
    name in different folders apart): so is each folder under it that holds Python."""
    folders = {path.parent for path in _test_tree()}

    assert (
        sorted(
            folder.relative_to(ROOT).as_posix()
            for folder in folders
            if not (folder / "__init__.py").is_file()
        )
        == []
    )
