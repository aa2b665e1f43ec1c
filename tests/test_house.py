"""The shape of the house: module sizes and the folders of the layers.

The import directions between the layers are checked by ``make lint`` (import-linter, the
contracts in ``pyproject.toml``); function complexity by ruff (``C901``, at most 15).
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("rules", "players", "tournaments", "ratings", "core", "actions", "public",
            "backoffice", "api", "clubrating", "bench")  # fmt: skip
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
