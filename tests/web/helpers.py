"""Read tables out of rendered HTML so tests can compare whole rows with ``==``."""

from __future__ import annotations

import re
from html.parser import HTMLParser


class _TableParser(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tables: list[dict[str, list[list[str]]]] = []
        self._section = "body"
        self._row: list[str] | None = None
        self._cell: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.tables.append({"head": [], "body": [], "foot": []})
        elif tag in ("thead", "tbody", "tfoot"):
            self._section = {"thead": "head", "tbody": "body", "tfoot": "foot"}[tag]
        elif tag == "tr":
            self._row = []
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None and self._row is not None:
            self._row.append(re.sub(r"\s+", " ", "".join(self._cell)).strip())
            self._cell = None
        elif tag == "tr" and self._row is not None:
            self.tables[-1][self._section].append(self._row)
            self._row = None
        elif tag in ("thead", "tbody", "tfoot"):
            self._section = "body"

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)


def tables(html: bytes | str) -> list[dict[str, list[list[str]]]]:
    """Every table of ``html``: {"head": rows, "body": rows, "foot": rows} of cell texts."""
    parser = _TableParser()
    parser.feed(html.decode() if isinstance(html, bytes) else html)
    return parser.tables


def body_rows(html: bytes | str, index: int = 0) -> list[list[str]]:
    """The body rows (lists of cell texts) of the ``index``-th table of ``html``."""
    return tables(html)[index]["body"]


def column(html: bytes | str, position: int, index: int = 0) -> list[str]:
    """One column (0-based ``position``) of the ``index``-th table's body."""
    return [row[position] for row in body_rows(html, index)]
