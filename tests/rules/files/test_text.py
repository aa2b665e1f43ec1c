"""Names and headers in the files we write stay on their line (issue 15, defect 8)."""

from __future__ import annotations

from dataclasses import replace

from rules.files.h9 import parse_h9, write_h9
from rules.files.text import one_line
from rules.files.turnering import parse_turnering, write_turnering
from tests.rules.files.result_samples import H9, TURNERING

FORGED = "Evil\n001    9 m    Forged, Player"


def test_one_line_turns_every_control_and_separator_into_one_space():
    assert one_line("A\r\n\tB\x00C\x0bD\x85E\u2028F\u2029G\u202eH\x7f") == "A B C D E F G H"
    assert one_line("  Dupont, Marie  ") == "Dupont, Marie"


def test_a_name_with_a_newline_cannot_add_an_h9_player_or_header():
    first = replace(H9.players[0], last_name=FORGED, club="Lyon\n; EV[x]")
    data = replace(H9, name="Open]\n; CL[A", players=(first, *H9.players[1:]))

    text = write_h9(data)

    assert len(text.splitlines()) == len(write_h9(H9).splitlines())
    assert [p.place for p in parse_h9(text).players] == [1, 2, 3]
    assert "; EV[Open) ; CL(A]" in text


def test_a_name_with_a_newline_cannot_add_a_turnering_line():
    first = replace(TURNERING.players[0], first_name=FORGED)
    data = replace(
        TURNERING, city="Madrid\n1 [X][Y][][ES] 0", players=(first, *TURNERING.players[1:])
    )

    text = write_turnering(data)

    assert len(text.splitlines()) == len(write_turnering(TURNERING).splitlines())
    assert len(parse_turnering(text).players) == len(TURNERING.players)
