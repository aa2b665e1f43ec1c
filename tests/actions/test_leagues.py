"""Club leagues: a season, a division's calendar, postponed and defaulted matches, match cards
entered by a captain and confirmed or disputed by the other, eligibility refused."""

from __future__ import annotations

import datetime
from fractions import Fraction

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from actions.leagues import (
    add_division,
    confirm_match_card,
    create_season,
    decide_match_card,
    default_match,
    dispute_match_card,
    postpone_match,
    schedule_division,
    submit_match_card,
)
from core.enums import AuditAction
from core.models import AuditEntry
from core.roles import SYSTEM
from events.models import MatchCard, MatchCardStatus, MatchDay
from events.queries.leagues import calendar, table
from tests.factories import make_club, make_player
from tests.helpers import league_division, snapshot
from tournaments.models import Game, Registration, TeamMatch

pytestmark = pytest.mark.django_db


@pytest.fixture
def league():
    made = league_division()
    schedule_division(actor=SYSTEM, division=made["division"])
    return made


def _match(league, round_number, number=1):
    return TeamMatch.objects.select_related("round__tournament", "first", "second").get(
        round__tournament=league["tournament"], round__number=round_number, number=number
    )


def _roster(team):
    return [member.player for member in team.members.order_by("order")]


def _boards(match, results):
    """A card's boards: the first team's roster against the second's, White alternating."""
    first, second = _roster(match.first), _roster(match.second)
    boards = []
    for index, result in enumerate(results):
        a, b = first[index], second[index]
        white, black = (a, b) if index % 2 == 0 else (b, a)
        boards.append({"white": white, "black": black, "result": result})
    return boards


def _captain(league, team):
    return league["captains"][team.pairing_number - 1]


def test_a_season_keeps_its_match_dates():
    season = create_season(
        actor=SYSTEM,
        club=make_club("Kingside"),
        name="Winter League",
        start_date=datetime.date(2026, 9, 1),
        end_date=datetime.date(2026, 12, 31),
        match_dates=[datetime.date(2026, 9, 6), datetime.date(2026, 9, 20)],
    )

    assert season.slug == "winter-league"
    assert list(MatchDay.objects.filter(season=season).values_list("number", "date")) == [
        (1, datetime.date(2026, 9, 6)),
        (2, datetime.date(2026, 9, 20)),
    ]
    assert AuditEntry.objects.get(action=AuditAction.SEASON_CREATED).params == {
        "season": "Winter League"
    }


def test_match_dates_outside_the_season_or_out_of_order_are_refused():
    club = make_club("Kingside")
    for dates in (
        [datetime.date(2026, 8, 30)],
        [datetime.date(2026, 9, 20), datetime.date(2026, 9, 6)],
    ):
        with pytest.raises(ValidationError) as refused:
            create_season(
                actor=SYSTEM,
                club=club,
                name="Winter League",
                start_date=datetime.date(2026, 9, 1),
                end_date=datetime.date(2026, 12, 31),
                match_dates=dates,
            )
        assert list(refused.value.message_dict) == ["match_dates"]


def test_a_division_is_a_team_double_round_robin_of_its_teams(league):
    tournament = league["tournament"]

    assert tournament.pairing_system == "team_double_round_robin"
    assert tournament.rounds_planned == 10
    assert tournament.team_boards == 4
    assert [team.name for team in league["teams"]] == [f"Club {i} A" for i in range(1, 7)]
    assert Registration.objects.filter(tournament=tournament).count() == 30
    assert [m.reserve for m in league["teams"][0].members.order_by("order")] == [
        False,
        False,
        False,
        False,
        True,
    ]


def test_the_calendar_has_every_match_on_its_match_day(league):
    rows = calendar(league["division"])

    league["tournament"].refresh_from_db()
    assert league["tournament"].status == "running"  # the calendar starts the league

    assert len(rows) == 30
    assert [(row.round, row.home.name, row.away.name, row.date) for row in rows[:3]] == [
        (1, "Club 1 A", "Club 6 A", datetime.date(2026, 9, 6)),
        (1, "Club 2 A", "Club 5 A", datetime.date(2026, 9, 6)),
        (1, "Club 3 A", "Club 4 A", datetime.date(2026, 9, 6)),
    ]
    assert {row.date for row in rows if row.round == 10} == {datetime.date(2027, 1, 10)}
    assert not any(row.played for row in rows)


def test_the_calendar_is_made_once(league):
    with pytest.raises(ValidationError, match="made already"):
        schedule_division(actor=SYSTEM, division=league["division"])


def test_a_division_needs_enough_match_dates():
    made = league_division(teams=8, double=True)  # 14 rounds, the season has 14 dates
    schedule_division(actor=SYSTEM, division=made["division"])
    more = league_division(teams=10, season=made["season"], name="Division 2", level=2)

    with pytest.raises(ValidationError, match="18 rounds but the season 14 match dates"):
        schedule_division(actor=SYSTEM, division=more["division"])


def test_a_player_on_two_rosters_of_a_division_is_refused():
    season = league_division()["season"]
    club = make_club("Other")
    shared = make_player("Twice", club=club)
    teams = [
        {"name": "X", "players": [shared, *(make_player() for _ in range(3))]},
        {"name": "Y", "players": [shared, *(make_player() for _ in range(3))]},
    ]
    before = snapshot()

    with pytest.raises(ValidationError, match="Twice is on the rosters of X and Y"):
        add_division(actor=SYSTEM, season=season, name="Division 2", teams=teams, boards=4)
    assert snapshot() == before


def test_an_organiser_of_another_club_may_not_add_a_division(league, django_user_model):
    stranger = django_user_model.objects.create_user("stranger")
    make_club("Elsewhere").organisers.add(stranger)

    with pytest.raises(PermissionDenied):
        add_division(actor=stranger, season=league["season"], name="D2", teams=[])


def test_the_captain_enters_the_card_and_the_other_captain_confirms_it(league):
    match = _match(league, 1)  # Club 1 A (home, White on board 1) – Club 6 A
    home, away = _captain(league, match.first), _captain(league, match.second)

    card = submit_match_card(
        actor=home, match=match, boards=_boards(match, ["10", "==", "10", "10"])
    )
    # Board 2: the away team's player has White; "10" on boards 1 and 3, "1-0" for White on 4.
    assert card.status == MatchCardStatus.SUBMITTED
    assert not Game.objects.filter(team_match=match).exists()

    confirm_match_card(actor=away, card=card)

    games = Game.objects.filter(team_match=match).order_by("team_board")
    assert [(g.board, g.team_board, g.result) for g in games] == [
        (1, 1, "10"),
        (2, 2, "=="),
        (3, 3, "10"),
        (4, 4, "10"),
    ]
    row = calendar(league["division"])[0]
    # Board 4: White is Club 6 A's player, who won: 2½–1½.
    assert (row.home_points, row.away_points) == (Fraction(5, 2), Fraction(3, 2))
    lines = table(league["division"])
    assert [(line.team.name, line.row.match_points, line.row.game_points) for line in lines][
        :1
    ] == [("Club 1 A", 2, Fraction(5, 2))]
    # Club 6 A lost with 1½ game points: ahead of the teams that have not played.
    assert [line.team.name for line in lines] == [
        "Club 1 A",
        "Club 6 A",
        "Club 2 A",
        "Club 3 A",
        "Club 4 A",
        "Club 5 A",
    ]
    assert MatchCard.objects.get(pk=card.pk).status == MatchCardStatus.CONFIRMED
    actions = list(
        AuditEntry.objects.filter(action__startswith="match_card")
        .order_by("pk")
        .values_list("action", "params")
    )
    assert actions == [
        (AuditAction.MATCH_CARD_SUBMITTED, {"match": "Club 1 A – Club 6 A", "score": "2½–1½"}),
        (AuditAction.MATCH_CARD_CONFIRMED, {"match": "Club 1 A – Club 6 A", "score": "2½–1½"}),
    ]


def test_the_captain_who_entered_the_card_may_not_confirm_it(league):
    match = _match(league, 1)
    home = _captain(league, match.first)
    card = submit_match_card(actor=home, match=match, boards=_boards(match, ["10"] * 4))

    with pytest.raises(PermissionDenied):
        confirm_match_card(actor=home, card=card)
    assert not Game.objects.filter(team_match=match).exists()


def test_a_captain_of_another_match_may_not_enter_a_card(league):
    match = _match(league, 1)  # Club 1 A – Club 6 A
    outsider = league["captains"][1]  # Club 2 A

    with pytest.raises(PermissionDenied):
        submit_match_card(actor=outsider, match=match, boards=_boards(match, ["10"] * 4))


def test_an_ineligible_player_is_refused_and_nothing_is_written(league):
    match = _match(league, 1)  # Club 1 A – Club 6 A
    boards = _boards(match, ["10"] * 4)
    boards[0]["white"] = _roster(league["teams"][1])[1]  # a Club 2 A player for Club 1 A
    before = snapshot()

    with pytest.raises(ValidationError) as refused:
        submit_match_card(actor=_captain(league, match.first), match=match, boards=boards)

    assert refused.value.message_dict["boards"] == [
        "Club2A2, P is on no roster of the club of Club 1 A this season."
    ]
    assert snapshot() == before


def test_reserves_play_up_not_down():
    made = league_division(club_names=("Kingside", "Kingside B club", "C", "D"), teams=4)
    schedule_division(actor=SYSTEM, division=made["division"])
    # A second team of the club Kingside in the same division.
    kingside = made["teams"][0].club
    second = league_division(
        season=made["season"], name="Division 2", level=2, teams=2, club_names=("Kingside", "E")
    )
    schedule_division(actor=SYSTEM, division=second["division"])
    match = TeamMatch.objects.get(
        round__tournament=made["tournament"], round__number=1, first=made["teams"][0]
    )
    boards = _boards(match, ["10"] * 4)
    reserve = _roster(second["teams"][0])[0]  # Kingside B's first player, playing up
    assert reserve.club == kingside
    boards[0]["white"] = reserve

    card = submit_match_card(actor=SYSTEM, match=match, boards=boards)
    assert card.status == MatchCardStatus.SUBMITTED  # reserves play up

    down = TeamMatch.objects.get(round__tournament=second["tournament"], round__number=1)
    down_boards = _boards(down, ["10"] * 4)
    first_team_player = _roster(made["teams"][0])[1]
    assert down.first == second["teams"][0]  # Kingside B has White on board 1
    down_boards[0]["white"] = first_team_player
    with pytest.raises(ValidationError) as refused:
        submit_match_card(actor=SYSTEM, match=down, boards=down_boards)
    assert refused.value.message_dict["boards"] == [
        "KingsideA2, P is on the roster of Kingside A: a reserve plays for a higher team, not "
        "a lower one."
    ]


def test_a_disputed_card_is_decided_by_the_arbiter(league):
    match = _match(league, 1)
    home, away = _captain(league, match.first), _captain(league, match.second)
    card = submit_match_card(actor=home, match=match, boards=_boards(match, ["10"] * 4))

    dispute_match_card(actor=away, card=card, reason="Board 4 was a draw.")
    assert not Game.objects.filter(team_match=match).exists()
    with pytest.raises(PermissionDenied):
        decide_match_card(actor=home, card=card)

    decide_match_card(actor=SYSTEM, card=card, boards=_boards(match, ["10", "10", "10", "=="]))

    assert list(
        Game.objects.filter(team_match=match)
        .order_by("team_board")
        .values_list("result", flat=True)
    ) == ["10", "10", "10", "=="]
    assert MatchCard.objects.get(pk=card.pk).status == MatchCardStatus.DECIDED


def test_a_dispute_needs_a_reason(league):
    match = _match(league, 1)
    card = submit_match_card(
        actor=_captain(league, match.first), match=match, boards=_boards(match, ["10"] * 4)
    )

    with pytest.raises(ValidationError, match="Say what is wrong"):
        dispute_match_card(actor=_captain(league, match.second), card=card, reason=" ")


def test_a_postponed_match_is_played_out_of_order(league):
    postponed = _match(league, 1, 2)  # Club 2 A – Club 5 A
    postpone_match(actor=SYSTEM, match=postponed, to=datetime.date(2026, 10, 25))
    later = _match(league, 2, 1)
    for match in (later, postponed):  # round 2 first, then the postponed round-1 match
        card = submit_match_card(actor=SYSTEM, match=match, boards=_boards(match, ["10"] * 4))
        confirm_match_card(actor=SYSTEM, card=card)

    rows = {row.match.pk: row for row in calendar(league["division"])}
    assert rows[postponed.pk].postponed_to == datetime.date(2026, 10, 25)
    assert rows[postponed.pk].when == datetime.date(2026, 10, 25)
    assert rows[postponed.pk].played
    assert AuditEntry.objects.get(action=AuditAction.MATCH_POSTPONED).params == {
        "match": "Club 2 A – Club 5 A",
        "round": 1,
        "date": "2026-10-25",
    }


def test_a_played_match_is_not_postponed(league):
    match = _match(league, 1)
    card = submit_match_card(actor=SYSTEM, match=match, boards=_boards(match, ["10"] * 4))
    confirm_match_card(actor=SYSTEM, card=card)

    with pytest.raises(ValidationError, match="has a result"):
        postpone_match(actor=SYSTEM, match=match, to=datetime.date(2026, 10, 25))


def test_a_team_that_did_not_come_loses_the_whole_match(league):
    match = _match(league, 1)  # Club 1 A – Club 6 A

    default_match(actor=SYSTEM, match=match, absent="second")

    lines = table(league["division"])
    assert [(line.team.name, line.row.match_points, line.row.game_points) for line in lines][
        ::5
    ] == [("Club 1 A", 2, Fraction(4)), ("Club 6 A", 0, Fraction(0))]
    assert calendar(league["division"])[0].default == "away"
    with pytest.raises(ValidationError, match="has a result"):
        submit_match_card(actor=SYSTEM, match=match, boards=_boards(match, ["10"] * 4))


def test_promotion_and_relegation_places_are_marked():
    made = league_division(promotion=1, relegation=2)

    lines = table(made["division"])

    assert [line.row.zone for line in lines] == [
        "promotion",
        "",
        "",
        "",
        "relegation",
        "relegation",
    ]
