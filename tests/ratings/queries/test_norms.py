"""A tournament's title norms read from its games (ratings.queries.norms)."""

from fractions import Fraction

import pytest

from ratings.models import RatingList
from ratings.queries.norms import norms_apply, tournament_norms
from rules.norms.fide import Applicant, Event, EventKind, NormTitle, Opponent, Outcome, RoundResult
from rules.norms.forecast import forecast
from tests.factories import (
    NORM_FIELD,
    make_club,
    make_game,
    make_player,
    make_round,
    make_tournament,
    norm_tournament,
    register,
)

pytestmark = pytest.mark.django_db

OUTCOME_OF = {"10": Outcome.WIN, "==": Outcome.DRAW}


def test_the_hero_earns_a_gm_norm_every_requirement_read_from_the_games():
    tournament, hero = norm_tournament()

    norms = tournament_norms(tournament)
    entry = norms.player(1)
    gm = next(line for line in entry.norms if line.title is NormTitle.GM)

    assert entry.player == hero
    assert entry.points == "7"
    assert (gm.verdict.average, gm.verdict.performance, gm.passed) == (2380, 2600, True)
    assert [(r.code, r.value, r.threshold, r.passed) for r in gm.requirements] == [
        ("games", "9", "≥ 9", True),
        ("federations", "5", "≥ 2", True),
        ("own_federation", "4", "≤ 5", True),
        ("one_federation", "4", "≤ 6", True),
        ("title_holders", "7", "≥ 5", True),
        ("norm_titles", "3", "≥ 3", True),
        ("average", "2380", "≥ 2380", True),
        ("score", "78 %", "≥ 35 %", True),
        ("performance", "2600", "≥ 2600", True),
    ]
    assert gm.requirements[-1].reason == "Rp = 2380 +220 = 2600; at least 2600 is needed."
    assert gm.summary == "Norm"
    assert entry.achieved == [NormTitle.GM, NormTitle.IM, NormTitle.WGM, NormTitle.WIM]
    assert norms.rounds_left == 0
    assert norms.host_federation == "ENG"
    # each opponent missed eight rounds: none counts for 1.4.3d
    assert (norms.large_swiss.foreign_players, norms.large_swiss.met) == (0, False)


def test_the_opponents_of_the_report_with_their_counted_rounds():
    tournament, _hero = norm_tournament()

    entry = tournament_norms(tournament).player(1)

    assert [(r.round, r.tpn, r.rating, r.result, r.counted) for r in entry.rounds][:3] == [
        (1, 2, 2450, "½", True),
        (2, 3, 2420, "1", True),
        (3, 4, 2400, "½", True),
    ]
    assert entry.rounds[7].rating == 2330
    assert entry.rating == 2390


def test_while_rounds_are_left_the_page_says_what_is_still_needed():
    tournament, _hero = norm_tournament(played=7)

    norms = tournament_norms(tournament)
    gm = next(line for line in norms.player(1).norms if line.title is NormTitle.GM)

    assert norms.rounds_left == 2
    # 5 of 7 against 2387 on average: 7 of 9 (78 %, dp 220) gives 2607
    assert gm.forecast.points_needed == Fraction(2)
    assert gm.summary == "Needs 2 of 2"
    assert gm.ahead == ["Points still needed: 2 of the 2 rounds left."]
    im = next(line for line in norms.player(1).norms if line.title is NormTitle.IM)
    assert im.summary == "Needs ½ of 2"  # 5½ of 9 = 61 %, 2387 + 80 = 2467
    assert not gm.passed


def test_in_a_round_robin_the_forecast_counts_with_the_opponents_still_to_meet():
    """The hero's last two opponents are known (Opp8, 2330 in the list, and Opp9, 2380):
    the forecast is the one against them, not the one assuming the average so far."""
    tournament, _hero = norm_tournament(played=7, pairing_system="round_robin")

    norms = tournament_norms(tournament)
    entry = norms.player(1)
    gm = next(line for line in entry.norms if line.title is NormTitle.GM)
    applicant = Applicant("ENG", "")
    event = Event(9, EventKind.ROUND_ROBIN, "ENG")
    field = [Opponent(n, "", r, t, f) for n, (r, t, f, _x) in enumerate(NORM_FIELD, start=1)]
    played = [
        RoundResult(n, OUTCOME_OF[result], field[n - 1])
        for n, (_r, _t, _f, result) in enumerate(NORM_FIELD[:7], start=1)
    ]

    assert gm.forecast == forecast(NormTitle.GM, applicant, event, played, 2, upcoming=field[7:])
    assert gm.forecast.points_needed == Fraction(2)  # 7 of 9 against Ra 2380: 2600
    assert gm.forecast.own_federation_room is None  # nothing assumed about the rounds left
    assert norms.player(2).norms[0].forecast.own_federation_room is not None  # Opp1: unknown


def test_a_player_who_lost_on_time_to_a_forfeit_is_not_counted():
    tournament, _hero = norm_tournament()
    game = tournament.rounds.get(number=9).games.get()
    game.result = "+-"
    game.save()

    entry = tournament_norms(tournament).player(1)
    gm = next(line for line in entry.norms if line.title is NormTitle.GM)

    assert entry.rounds[8].counted is False
    assert entry.rounds[8].note == "Not counted: not played over the board (1.4.2c)."
    assert gm.verdict.eight_of_nine
    assert gm.requirements[0].value == "8"


def test_norms_apply_to_fide_chess_lists_only():
    tournament, _hero = norm_tournament()
    go = RatingList.objects.get(slug="go-egf")

    assert norms_apply(tournament)
    assert not norms_apply(make_tournament(rating_list=None))
    assert not norms_apply(make_tournament(rating_list=go))


def test_the_norms_take_three_queries(django_assert_num_queries):
    tournament, _hero = norm_tournament()

    # registrations, games, the ratings in force (one player without a FIDE rating)
    with django_assert_num_queries(3):
        tournament_norms(tournament)


def test_a_large_swiss_is_exempt_from_the_federation_requirements():
    """1.4.3d read from the games: 20 rated players from outside ENG, of 3 federations, 10 of
    them IMs, each in both rounds (one of them misses a round and still counts)."""
    tournament = make_tournament(
        club=make_club(federation="ENG"), rounds_planned=2, pairing_system="swiss_dutch"
    )
    hero = make_player("Hero", federation="ENG", fide_standard=2300)
    home = make_player("Home", federation="ENG", fide_standard=2300)
    guests = [
        make_player(
            f"Guest{n}",
            federation=("GER", "FRA", "ESP")[n % 3],
            title="IM" if n < 10 else "",
            fide_standard=2300,
        )
        for n in range(20)
    ]
    everyone = [hero, home, *guests]
    register(tournament, *everyone)
    for number in (1, 2):
        round_ = make_round(tournament, number)
        pairs = list(zip(everyone[0::2], everyone[1::2], strict=True))
        if number == 2:  # the last guest's opponent is absent: a forfeit win is no absence
            pairs = pairs[:-1]
            make_game(round_, everyone[-1], everyone[-2], "+-", board=11)
        for board, (white, black) in enumerate(pairs, start=1):
            make_game(round_, white, black, "==", board=board)

    norms = tournament_norms(tournament)
    hero_gm = next(line for line in norms.player(1).norms if line.title is NormTitle.GM)

    # the guest who forfeited round 2 missed one round: still counted
    assert (norms.large_swiss.foreign_players, norms.large_swiss.federations) == (20, 3)
    assert (norms.large_swiss.titled, norms.large_swiss.met) == (10, True)
    waived = [r.code for r in hero_gm.requirements if r.waived]
    assert waived == ["federations", "own_federation", "one_federation"]
