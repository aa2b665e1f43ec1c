"""The pure modules are pure: no Django, no impure module of our apps.

Pure modules: ``rules/ratings/``, ``rules/ratings/replay.py``, the SVG charts
``public/charts.py``, the list exports ``public/exports.py``, the pairing engines in
``tournaments/pairing/`` (Dutch, Berger, McMahon), ``rules/standings/``,
``rules/files/trf/`` and the go/shogi results files ``rules/files/h9.py`` and
``rules/files/turnering.py``.

The main check reads the source with ``ast`` (nothing is imported), so it also catches
imports inside functions and under ``TYPE_CHECKING``. The rule, module by module:

- ``django`` (or anything under it) is never imported;
- other modules of ``rules.ratings`` may be imported (each is checked in turn);
- any other module of the project (our apps, the Django project package, ``tests``) may be
  imported only if it is itself pure by the same rule, together with the package
  ``__init__`` files that importing it runs (for example ``rules.ratings.replay``, the generic
  replay that is written without Django). Modules importing models, settings or anything
  Django-bound therefore fail.

A second test imports every module of the package in a fresh interpreter in which importing
Django raises, as a cross-check of the static one.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]  # the repository
PURE_PACKAGE = "rules"

NEVER = "django"
# Our apps and the project package; any other top-level package of the project is added.
PROJECT = {"clubrating", "players", "tournaments", "ratings", "tests"}


def _project_packages() -> set[str]:
    """Top-level packages and modules of the project (our apps and manage.py)."""
    names = {path.parent.name for path in ROOT.glob("*/__init__.py")}
    names |= {path.parent.name for path in ROOT.glob("*/apps.py")}
    names |= {path.stem for path in ROOT.glob("*.py")}
    return (PROJECT | names) - {NEVER}


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _module_path(name: str) -> Path | None:
    """The source file of a project module, or ``None`` if there is none."""
    base = ROOT.joinpath(*name.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def _resolve_relative(module: str, level: int, target: str | None, is_package: bool) -> str:
    package = module.split(".") if is_package else module.split(".")[:-1]
    base = package[: len(package) - (level - 1)] if level > 1 else package
    return ".".join([*base, target] if target else base)


def imported_names(source: str, module: str, *, is_package: bool = False) -> list[str]:
    """Absolute names of the modules ``source`` imports (``from a import b`` gives ``a`` and,
    when ``a.b`` is a project module, ``a.b``)."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = _resolve_relative(module, node.level, node.module, is_package)
            else:
                base = node.module or ""
            found.append(base)
            found.extend(
                f"{base}.{alias.name}"
                for alias in node.names
                if _module_path(f"{base}.{alias.name}") is not None
            )
        elif (
            isinstance(node, ast.Call)
            and (
                (isinstance(node.func, ast.Name) and node.func.id == "__import__")
                or (isinstance(node.func, ast.Attribute) and node.func.attr == "import_module")
            )
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            found.append(node.args[0].value)
    return found


def _parents(name: str) -> list[str]:
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts))]


def forbidden_imports(
    source: str, module: str, *, is_package: bool = False, _seen: set[str] | None = None
) -> list[str]:
    """Import chains from ``source`` that reach Django or an impure project module."""
    seen = set() if _seen is None else _seen
    project = _project_packages()
    problems: list[str] = []
    for name in imported_names(source, module, is_package=is_package):
        top = name.split(".")[0]
        if top == NEVER:
            problems.append(name)
            continue
        if top not in project:
            continue
        if name == PURE_PACKAGE or name.startswith(PURE_PACKAGE + "."):
            continue  # checked on its own by the parametrised test
        for dependency in [*_parents(name), name]:
            if dependency in seen:
                continue
            seen.add(dependency)
            path = _module_path(dependency)
            if path is None:
                problems.append(f"{dependency} (no such project module)")
                continue
            nested = forbidden_imports(
                path.read_text(encoding="utf-8"),
                dependency,
                is_package=path.name == "__init__.py",
                _seen=seen,
            )
            problems.extend(f"{dependency} -> {chain}" for chain in nested)
    return problems


PURE_FILES = (
    "public/charts.py",
    "public/exports.py",
    "tournaments/pairing/__init__.py",
)
PURE_DIRS = ("rules",)


def _pure_modules() -> list[Path]:
    paths = [path for folder in PURE_DIRS for path in (ROOT / folder).rglob("*.py")]
    return sorted([*paths, *(ROOT / name for name in PURE_FILES)])


def test_the_pure_package_has_the_expected_modules() -> None:
    names = {str(path.relative_to(ROOT)) for path in _pure_modules()}
    assert {
        "rules/ratings/fide/__init__.py",
        "rules/ratings/classes.py",
        "rules/ratings/replay.py",
        "public/charts.py",
        "public/exports.py",
        "rules/pairing/dutch.py",
        "rules/pairing/berger.py",
        "rules/pairing/mcmahon.py",
        "rules/pairing/teams.py",
        "rules/pairing/team_swiss/engine.py",
        "rules/leagues.py",
        "rules/standings/__init__.py",
        "rules/standings/teams/__init__.py",
        "rules/files/trf/__init__.py",
        "rules/files/h9.py",
        "rules/files/turnering.py",
    } <= names


@pytest.mark.parametrize("path", _pure_modules(), ids=lambda path: str(path.relative_to(ROOT)))
def test_pure_module_imports_no_django_and_no_impure_app_module(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    module = _module_name(path)
    found = forbidden_imports(source, module, is_package=path.name == "__init__.py")
    assert found == [], f"{module} imports {found}"


_BLOCK_DJANGO = """
import importlib, sys

class BlockDjango:
    def find_spec(self, name, path=None, target=None):
        if name == "django" or name.startswith("django."):
            raise ImportError("a pure module imported " + name)
        return None

sys.meta_path.insert(0, BlockDjango())
for name in sys.argv[1:]:
    importlib.import_module(name)
"""


def test_pure_modules_import_without_django() -> None:
    modules = [_module_name(path) for path in _pure_modules() if path.name != "__main__.py"]
    result = subprocess.run(  # noqa: S603 - runs this interpreter on a constant script
        [sys.executable, "-c", _BLOCK_DJANGO, *modules],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("import django", ["django"]),
        ("from django.db import models", ["django.db"]),
        ("def f():\n    import django.conf", ["django.conf"]),
        ("import importlib\nimportlib.import_module('django.conf')", ["django.conf"]),
        ("from . import classes", []),
        ("from .fide import round_change", []),
        ("from rules.ratings.fide import round_change", []),
        ("from decimal import Decimal\nimport dataclasses", []),
    ],
)
def test_the_checker_itself(source: str, expected: list[str]) -> None:
    assert forbidden_imports(source, "rules.ratings.example") == expected


def test_the_checker_follows_project_imports() -> None:
    # ratings.models is Django-bound: importing it from a pure module is reported.
    found = forbidden_imports("from ratings.models import Rating", "rules.ratings.example")
    assert found
    assert all(problem.startswith("ratings.models -> ") for problem in found)
    assert any(problem.endswith(" -> django.db") for problem in found)
    relative = forbidden_imports("from ...ratings.models import Rating", "rules.ratings.example")
    assert relative == found
    missing = forbidden_imports("import players.nowhere", "rules.ratings.example")
    assert missing == ["players.nowhere (no such project module)"]
