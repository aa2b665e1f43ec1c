"""The documents name things that exist: every repository path and every dotted name of ours
written in ``docs/*.md`` and ``README.md`` resolves.

What is read: the words (split at white space, without the brackets and quotes before them and
the punctuation after them) of inline code spans and fenced code blocks, and the targets of
relative Markdown links.

- A **path** is a word whose first component is one of the repository's top-level folders or
  files (``TOP_LEVEL``), like ``core/unit_of_work.py``, ``backoffice/seed/`` or
  ``locale/ru``: it must exist (a folder when it ends with ``/``). ``file.py::name`` must also
  define ``name`` (a test function or a class: ``::`` may chain). A word with a wildcard or a
  placeholder (``*``, ``<…>``, ``{…}``, ``[…]``, ``|``, ``…``) is a pattern: the folder before
  its first wildcard must exist (``tests/data/dutch-2026/*.trf``). Other words with slashes are
  not repository paths: URLs and HTTP paths (``/lists/<slug>/``), files of a server or of a
  build (``/etc/nginx/…``, ``.venv/bin/python``, ``test-artifacts/…``), folders named
  relative to a layer in a sentence about it (``fide/`` within ``rules/ratings/``).
- A **dotted name** is a word starting with one of our packages and a dot
  (``core.unit_of_work.change``, ``web.tables.BaseTable.body_html``; what follows the name,
  like a call's arguments, is ignored): the longest importable module prefix is imported and
  each remaining part must be an attribute of the one before. ``app.Model`` may also be a
  Django model label (``core.Invitation``). File names (``players.py``) are not dotted names.
- A relative **link** target (``[roles](roles.md#staff)``, without its anchor) must exist,
  relative to the document.

Setting names, shell commands, URL names (``tournaments:organise_result``) and names not
starting with one of our packages are not checked. ``NOT_PATHS`` lists the few words that look
like repository paths but are not, each with its reason.
"""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest
from django.apps import apps

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = [*sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md"]
PACKAGES = ("rules", "players", "tournaments", "ratings", "events", "core", "actions", "web",
            "public", "backoffice", "api", "clubrating", "bench")  # fmt: skip
TOP_LEVEL = (*PACKAGES, "tests", "docs", "static", "templates", "locale", ".ci", "README.md",
             "Makefile", "pyproject.toml", "requirements.txt", "manage.py",
             ".env.example")  # fmt: skip
#: Words that look like repository paths and are not, each with its reason.
NOT_PATHS: dict[str, str] = {}
FILE_SUFFIXES = (".py", ".md", ".txt", ".json", ".trf", ".css", ".js", ".html", ".csv", ".toml",
                 ".zip", ".h9", ".sqlite3", ".png", ".po", ".mo")  # fmt: skip
WILDCARDS = re.compile(r"[*<>{}\[\]|…]")
DOTTED = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+")
FENCED = re.compile(r"^[ \t]*```[^\n]*\n(.*?)^[ \t]*```", re.S | re.M)
INLINE = re.compile(r"`([^`]+)`")
LINK = re.compile(r"\]\(([^)\s]+)\)")
OPENING = "([{\"'"
CLOSING = ")]}\"',;:.!?"


def words(text: str) -> list[str]:
    """The words of the code spans and fenced blocks of a Markdown text."""
    spans = FENCED.findall(text) + INLINE.findall(FENCED.sub("", text))
    found = []
    for span in spans:
        for word in span.split():
            word = word.lstrip(OPENING).rstrip(CLOSING)
            if word:
                found.append(word)
    return found


def _defines(path: Path, names: list[str]) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    defined = {
        node.name
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
    }
    return all(name in defined for name in names)


def path_problem(word: str) -> str | None:
    """Why ``word``, a repository path, does not resolve (``None`` if it does or if it is no
    repository path)."""
    if "/" not in word and word not in TOP_LEVEL:
        return None
    first = word.split("/", 1)[0].split("::", 1)[0]
    if first not in TOP_LEVEL or word in NOT_PATHS:
        return None
    if WILDCARDS.search(word):
        folder = word[: WILDCARDS.search(word).start()].rsplit("/", 1)[0]
        return None if (ROOT / folder).is_dir() else f"{word}: no folder {folder}/"
    file, *names = word.split("::")
    target = ROOT / file
    if file.endswith("/") and not target.is_dir():
        return f"{word}: no such folder"
    if not target.exists():
        return f"{word}: no such file or folder"
    if names and not _defines(target, names):
        return f"{word}: {file} defines no {'::'.join(names)}"
    return None


def dotted_problem(word: str) -> str | None:
    """Why the dotted name ``word`` starts with does not resolve (``None`` if it does or if it
    is no dotted name of ours)."""
    match = DOTTED.match(word)
    if not match or word.split(".", 1)[0] not in PACKAGES or word.endswith(FILE_SUFFIXES):
        return None
    parts = match.group().split(".")
    for end in range(len(parts), 0, -1):
        module_name = ".".join(parts[:end])
        try:
            value = importlib.import_module(module_name)
        except ModuleNotFoundError as error:
            if error.name is not None and module_name.startswith(error.name):
                continue  # no such module: try a shorter prefix
            raise
        for index, name in enumerate(parts[end:], start=end):
            if not hasattr(value, name):
                if len(parts) == 2 and _is_model_label(parts):
                    return None
                return f"{match.group()}: {'.'.join(parts[:index])} has no {name}"
            value = getattr(value, name)
        return None
    return f"{match.group()}: no module {parts[0]}"


def _is_model_label(parts: list[str]) -> bool:
    try:
        apps.get_model(*parts)
    except LookupError:
        return False
    return True


def link_problem(document: Path, target: str) -> str | None:
    if re.match(r"[a-z]+:", target) or target.startswith(("#", "/")):
        return None  # a URL, an anchor of the same page, a path of the site
    path = (document.parent / target.split("#", 1)[0]).resolve()
    return None if path.exists() else f"link {target}: no such file"


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: path.name)
def test_every_path_and_dotted_name_in_the_document_resolves(document):
    text = document.read_text(encoding="utf-8")

    problems = [
        problem
        for word in words(text)
        for problem in (path_problem(word), dotted_problem(word))
        if problem
    ] + [problem for target in LINK.findall(text) if (problem := link_problem(document, target))]

    assert sorted(set(problems)) == [], "\n".join(sorted(set(problems)))


def test_the_check_finds_what_does_not_resolve():
    text = (
        "Files `core/unit_of_work.py`, `core/no_such.py`, `web/` and `tests/data/dutch-2026/*.trf`;"
        " `tests/test_docs.py::test_the_check_finds_what_does_not_resolve`,"
        " `tests/test_docs.py::test_nothing`; `/lists/<slug>/`, `.venv/bin/python`.\n"
        "```\nfrom core.unit_of_work import change\ncore.unit_of_work.change(actor=…)\n"
        "web.tables.BaseTable.no_such\nrules.no_such.thing\n```\n"
        "Labels `core.Invitation`, files `players.py`, names `ratings=True`, `Player.account`."
    )

    problems = [p for word in words(text) for p in (path_problem(word), dotted_problem(word)) if p]

    assert sorted(problems) == [
        "core/no_such.py: no such file or folder",
        "rules.no_such.thing: rules has no no_such",
        "tests/test_docs.py::test_nothing: tests/test_docs.py defines no test_nothing",
        "web.tables.BaseTable.no_such: web.tables.BaseTable has no no_such",
    ]
