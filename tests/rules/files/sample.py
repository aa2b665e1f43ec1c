"""A small valid TRF used by the reader tests (columns checked by the writer's layout)."""

from __future__ import annotations

#: Four players, two rounds played, round 3 to pair with player 4 on a half-point bye.
SAMPLE = "\n".join(
    [
        "012 Club Championship",
        "022 Oslo",
        "042 2026/02/01",
        "052 2026/02/03",
        "092 Individual: Swiss-System",
        "102 Arbiter, Anna",
        "112 Deputy, One",
        "112 Deputy, Two",
        "142 3",
        "152 W",
        "001    1 m GM Alpha, Anna                       2500 NOR     1503014 1990/11/30 "
        " 2.0    1     3 w 1     2 b 1",
        "001    2 w IM Beta, Bo                          2400 GER     4600436 1991/01/02 "
        " 0.5    3     4 b =     1 w 0",
        "001    3 m    Gamma, Carl                       2300 SWE    12345678 1985/05/05 "
        " 0.0    4     1 b 0     4 w -",
        "001    4   wf Delta, Dora                       2200 NOR             2001       "
        " 2.0    2     2 w =     3 b +  0000 - H",
        "XXR 3",
        "XXC white1",
        "",
    ]
)


def with_line(text: str, line_no: int, new_line: str) -> str:
    """``text`` with its 1-based line ``line_no`` replaced by ``new_line``."""
    lines = text.split("\n")
    lines[line_no - 1] = new_line
    return "\n".join(lines)


def with_columns(text: str, line_no: int, column: int, value: str) -> str:
    """``text`` with ``value`` written over line ``line_no`` from 1-based ``column`` on."""
    lines = text.split("\n")
    line = lines[line_no - 1].ljust(column - 1 + len(value))
    lines[line_no - 1] = line[: column - 1] + value + line[column - 1 + len(value) :]
    return "\n".join(lines)
