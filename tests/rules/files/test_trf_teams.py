"""TRF-2026 team records: reading every record the team Swiss reference reads, writing them
back in the specification's columns, and the fork's own cases read and written unchanged."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.files.trf.team_records import (
    AbnormalPoints,
    LineUp,
    MatchPointSystem,
    TeamAcceleration,
    TeamBye,
    TeamForbidden,
    TeamForfeit,
    TeamPab,
    TeamType,
)
from rules.files.trf.teams import parse_team_trf, write_team_trf
from tests.datafiles import TEAM_FORK_TESTS


def _player(tpn: int, name: str, rating: int, points: str, *rounds: str) -> str:
    blank = " " * 3 + " " + " " * 11 + " " + " " * 10
    head = f"001 {tpn:4d}      {name:<33} {rating or '':>4} {blank} {points:>4} {'':>4}"
    return head + "".join(f"  {r}" for r in rounds)


MEMBERS = "\n".join(
    [
        "012 Club team Swiss",
        "142 3",
        "152 B",
        "162  W 1.0    D 0.5    L 0.0",
        "192 FIDE_TEAM_TYPEB_GP_MP_BAKU",
        _player(1, "Alpha, A", 2100, "1.0", "   4 w 1"),
        _player(2, "Alpha, B", 2000, "0.0", "   5 b 0"),
        _player(3, "Alpha, C", 1900, "0.0"),
        _player(4, "Bravo, A", 2050, "0.0", "   1 b 0"),
        _player(5, "Bravo, B", 1950, "1.0", "   2 w 1"),
        _player(6, "Bravo, C", 0, "0.0"),
        "",
    ]
)

TEAMS = "\n".join(
    [
        "362 TW 3.0   TD 1.0   TL 0.0",
        "352 WBWB",
        f"310   1 {'Alpha':<32} ALP     2000    2.0    1.0   1     1    2    3",
        f"310   2 {'Bravo':<32} BRA        0    1.0    1.0   2     4    5    6",
        "300   1   1   2 0001 0002",
        "300   2   2   1 0006 0000",
        "240 H   2    1",
        "250  1.0  1.0   1   2    1    2",
        "260   1   3    1    2",
        "320  1.0  1.0   0",
        "330 -+   2   1   2",
        "299 -   1.0   0.0    2    2",
        "299    -1.0",
        "",
    ]
)


def _team_file() -> str:
    return MEMBERS + TEAMS


def test_every_team_record_is_read_with_its_columns():
    f = parse_team_trf(_team_file())

    assert [t.tpn for t in f.teams] == [1, 2]
    alpha = f.team(1)
    assert (alpha.name, alpha.nickname, alpha.strength, alpha.rank) == ("Alpha", "ALP", 2000, 1)
    assert (alpha.match_points, alpha.game_points, alpha.members) == (2, 1, [1, 2, 3])
    assert f.team(2).members == [4, 5, 6]
    assert f.team_of_player() == {1: 1, 2: 1, 3: 1, 4: 2, 5: 2, 6: 2}
    assert f.lineups == [LineUp(1, 1, 2, (1, 2)), LineUp(2, 2, 1, (6, None))]
    assert f.lineup(2, 2) == LineUp(2, 2, 1, (6, None))
    assert f.byes == [TeamBye("H", 2, 1)]
    assert f.accelerations == [TeamAcceleration(Fraction(1), Fraction(1), 1, 2, 1, 2)]
    assert f.forbidden == [TeamForbidden(1, 3, (1, 2))]
    assert f.pab == TeamPab(Fraction(1), Fraction(1), [None])
    assert f.forfeits == [TeamForfeit("-+", 2, 1, 2)]
    assert f.abnormal == [
        AbnormalPoints("-", Fraction(1), Fraction(0), 2, (2,)),
        AbnormalPoints(" ", Fraction(-1), None, None, ()),
    ]
    assert f.board_colours == "WBWB"
    assert f.match_point_system == MatchPointSystem(Fraction(3), Fraction(1), Fraction(0))
    assert f.team_type == TeamType(colour="B", primary="GP", secondary="MP", baku=True)
    # the tournament records stay on the member side
    assert (f.members.total_rounds, f.members.initial_colour) == (3, "b")
    assert [p.tpn for p in f.members.players] == [1, 2, 3, 4, 5, 6]


def test_the_writer_puts_every_record_back_in_the_specification_columns():
    f = parse_team_trf(_team_file())
    text = write_team_trf(f)

    assert parse_team_trf(text) == f
    team = next(line for line in text.splitlines() if line.startswith("310   1"))
    assert team[4:7] == "  1" and team[8:40].rstrip() == "Alpha" and team[41:46] == "ALP  "
    assert team[47:53] == "  2000" and team[54:60] == "   2.0" and team[61:67] == "   1.0"
    assert team[68:71] == "  1" and team[73:77] == "   1" and team[78:82] == "   2"
    assert "362 TW 3.0   TD 1.0   TL 0.0" in text.splitlines()
    assert "300   2   2   1 0006 0000" in text.splitlines()
    assert "250  1.0  1.0   1   2    1    2" in text.splitlines()
    assert "330 -+   2   1   2" in text.splitlines()
    assert "320  1.0  1.0   0" in text.splitlines()


def test_legacy_013_teams_take_their_pairing_numbers_from_the_file_order():
    text = MEMBERS + "013 Bravo                           0004 0005 0006\n"
    text += "013 Alpha                           0001 0002 0003\n"
    f = parse_team_trf(text)

    assert [(t.tpn, t.name, t.members, t.legacy) for t in f.teams] == [
        (1, "Bravo", [4, 5, 6], True),
        (2, "Alpha", [1, 2, 3], True),
    ]
    assert parse_team_trf(write_team_trf(f)) == f


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("FIDE_TEAM", TeamType("A", "MP", "GP", False)),
        ("FIDE_TEAM_BAKU", TeamType("A", "MP", "GP", True)),
        ("FIDE_TEAM_TYPEA_GP", TeamType("A", "GP", None, False)),
        ("FIDE_TEAM_MP", TeamType(None, "MP", None, False)),
        ("FIDE_TEAM_GP_MP_BAKU", TeamType(None, "GP", "MP", True)),
        ("FIDE_DUTCH_2026", None),
    ],
)
def test_192_codes_name_the_team_type(code, expected):
    assert TeamType.from_code(code) == expected


def test_every_team_type_writes_a_code_read_back_as_itself():
    types = TeamType.all_types()

    assert len(types) == 24
    assert all(TeamType.from_code(t.code) == t for t in types)


_BRAVO = "BRA        0    1.0    1.0   2     4    5    6"


@pytest.mark.parametrize(
    ("replace", "by", "line", "column", "reason"),
    [
        ("310   2 Bravo", "310   1 Bravo", 15, 5, "team pairing number 1 is used twice"),
        ("310   2 Bravo", "310   3 Bravo", 15, 5, "from 1 to 2: 2 is missing"),
        (_BRAVO, _BRAVO[:-1] + "3", 15, 84, "player 3 is on team 1 (line 14) and team 2"),
        (_BRAVO, _BRAVO[:-1] + "9", 15, 84, "player 9 has no player record"),
        ("310   2 Bravo", "310   x Bravo", 15, 5, "310 team pairing number 'x' is not a number"),
        ("0002\n300   2", "0004\n300   2", 16, 22, "player 4 is not on the roster of team 1"),
        ("0002\n300   2", "0001\n300   2", 16, 22, "player 1 is listed twice"),
        ("300   2   2   1", "300   2   7   1", 17, 9, "300 team 7 has no team record"),
        (
            "300   2   2   1 0006",
            "300   1   1   2 0003",
            17,
            9,
            "a second line-up of team 1 for round 1",
        ),
        ("240 H   2    1", "240 Q   2    1", 18, 5, "unknown bye type 'Q'"),
        ("240 H   2    1", "240 H   2    x", 18, 11, "240 team 'x' is not a number"),
        ("250  1.0  1.0   1   2", "250  1.0  1.0   2   1", 19, 15, "empty round range 2-1"),
        ("320  1.0  1.0   0", "320  1.0  1.0   5", 21, 15, "320 team 5 has no team record"),
        ("330 -+   2   1   2", "330 +x   2   1   2", 22, 5, "unknown forfeit type '+x'"),
        ("299 -   1.0", "299 -   1.x", 23, 8, "299 match points '1.x' is not a number"),
        ("352 WBWB", "352 WBXB", 13, 7, "must be W and B only"),
        ("362 TW 3.0", "362 TX 3.0", 12, 5, "unknown symbol 'TX'"),
        ("362 TW 3.0", "362 TW 3,0", 12, 8, "362 value for TW '3,0' is not a number"),
        ("192 FIDE_TEAM_TYPEB_GP_MP_BAKU", "192 FIDE_TEAM_TYPEC", 5, 5, "unknown team tournament"),
    ],
)
def test_a_bad_team_record_is_refused_with_its_line_and_column(replace, by, line, column, reason):
    text = _team_file()
    assert replace in text
    with pytest.raises(ValueError) as caught:
        parse_team_trf(text.replace(replace, by, 1))

    assert (caught.value.line, caught.value.column) == (line, column)
    assert reason in caught.value.reason


def test_a_file_without_teams_is_not_a_team_file():
    with pytest.raises(ValueError, match="no team record"):
        parse_team_trf(MEMBERS)


def test_member_errors_keep_their_line_numbers_among_team_records():
    text = TEAMS + MEMBERS.replace("2050", "20x0")

    with pytest.raises(ValueError) as caught:
        parse_team_trf(text)

    assert caught.value.line == 22  # the 001 of player 4, after the 13 team records


def test_member_points_are_informative_in_a_team_file():
    text = _team_file().replace(
        "2100                             1.0", "2100                             9.0"
    )

    assert parse_team_trf(text).members.player(1).points == 9.0


@pytest.mark.parametrize("path", sorted(TEAM_FORK_TESTS.glob("*.trf")), ids=lambda p: p.stem)
def test_the_forks_own_cases_are_read_and_written_back_unchanged(path):
    f = parse_team_trf(path.read_text(encoding="utf-8"))

    assert f.teams
    assert parse_team_trf(write_team_trf(f)) == f


def test_utf8_team_names_do_not_shift_the_roster_columns():
    f = parse_team_trf((TEAM_FORK_TESTS / "team_utf8_names.trf").read_text(encoding="utf-8"))

    assert [(t.name, t.members) for t in f.teams] == [
        ("Liffré A", [1, 2]),
        ("Pacé B", [3, 4]),
        ("Vitré", [5, 6]),
        ("Évran D", [7, 8]),
    ]
