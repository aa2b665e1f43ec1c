"""seed_demo: deterministic counts on a small scale, --if-empty, a believable mix of data."""

import datetime as dt
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db.models import Q

from backoffice.management.commands.seed_demo import Demo
from events.models import Division, Event, Season
from events.queries.leagues import calendar, table
from events.queries.sections import discount_text, restrictions_text
from players.models import Club, Player
from ratings.models import PlayerRating, PublishedList, RatingChange
from rules.pairing.dutch import pair_round
from rules.ratings import egf
from tournaments.models import Game, Registration, RequestedBye, Round, Tournament
from tournaments.queries.pairing import pairing_state

TODAY = dt.date(2026, 3, 15)
TITLES = ["GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"]  # C.04.2 order
SMALL = ["--players", "20", "--months", "2", "--today", TODAY.isoformat()]


def plan(seed: int, players: int = 40, months: int = 3) -> Demo:
    demo = Demo(seed=seed, players=players, months=months, today=TODAY)
    demo.plan_players()
    demo.plan_events()
    demo.play()
    return demo


def fingerprint(demo: Demo) -> list:
    return [
        (t.name, r, white.index, black.index if black else None, result)
        for t in demo.tournaments
        for r, rows in enumerate(t.rounds)
        for white, black, result in rows
    ]


def seed(*args: str) -> str:
    out = StringIO()
    call_command("seed_demo", *args, stdout=out)
    return out.getvalue()


def test_seed_demo_plan_same_seed_gives_same_club():
    first, second = plan(seed=5), plan(seed=5)

    assert fingerprint(first) == fingerprint(second)
    assert [(p.last_name, p.first_name, p.starting) for p in first.people] == [
        (p.last_name, p.first_name, p.starting) for p in second.people
    ]


def test_seed_demo_plan_other_seed_gives_other_club():
    assert fingerprint(plan(seed=5)) != fingerprint(plan(seed=6))


def test_seed_demo_plan_swiss_events_have_no_rematches():
    demo = plan(seed=1, players=160, months=2)
    swiss = [t for t in demo.tournaments if t.system == "swiss_dutch"]

    rematches = []
    for t in swiss:
        met = [  # a forfeited game does not count as met (C.04.1)
            frozenset((w.index, b.index))
            for rows in t.rounds
            for w, b, result in rows
            if b is not None and result not in ("+-", "-+")
        ]
        rematches += [t.name for pair in set(met) if met.count(pair) > 1]

    assert rematches == []


@pytest.mark.django_db
def test_seed_demo_small_scale_counts():
    output = seed(*SMALL, "--no-ratings")

    counts = {
        "clubs": Club.objects.count(),
        "players": Player.objects.count(),
        "newcomers": Player.objects.filter(fide_id=None).count(),
        "starting ratings": PlayerRating.objects.exclude(starting_rating=None).count(),
        "tournaments": Tournament.objects.count(),
        "unrated tournaments": Tournament.objects.filter(rating_list=None).count(),
        "registrations": Registration.objects.count(),
        "rounds": Round.objects.count(),
        "games": Game.objects.exclude(black=None).count(),
        "byes": Game.objects.filter(black=None).count(),
        "pending": Game.objects.filter(result="").count(),
    }
    # Chess, plus the go and shogi sections: 2 clubs, 8 + 8 players without FIDE ID, 5
    # starting ratings (established shogi players), 3 tournaments with 8 players each, rounds
    # 3 + 3 + 7 and games 12 + 12 + 28; plus the weekend event's 3 sections, not played yet;
    # plus the league: 3 teams of 3 players, 6 rounds, 3 matches of 2 boards played so far;
    # plus the unrated team league: 8 players, round 1 played (4 boards), round 2 published.
    assert counts == {
        "clubs": 4 + 2,
        "players": 20 + 16,
        "newcomers": 2 + 16,
        "starting ratings": 41 + 5,
        "tournaments": 12 + 3 + 3 + 1 + 1,
        "unrated tournaments": 1 + 1 + 1,
        "registrations": 82 + 24 + 9 + 8,
        "rounds": 73 + 13 + 6 + 2,
        "games": 256 + 52 + 6 + 8,
        "byes": 12,
        "pending": 5 + 4,
    }
    assert "20 players" in output


def recorded_pairing(round_: Round) -> tuple[list[tuple[int, int]], int | None]:
    """The (white, black) pairing numbers in board order and the pairing-allocated bye."""
    number = dict(
        Registration.objects.filter(tournament=round_.tournament).values_list(
            "player_id", "pairing_number"
        )
    )
    games = Game.objects.filter(round=round_).order_by("board")
    pairs = [(number[g.white_id], number[g.black_id]) for g in games if g.black_id]
    byes = [number[g.white_id] for g in games if g.black_id is None and g.result == "U"]
    return pairs, byes[0] if byes else None


@pytest.mark.django_db
def test_seed_demo_swiss_rounds_are_the_dutch_engine_pairings():
    seed(*SMALL, "--no-ratings")

    swiss = Tournament.objects.filter(pairing_system="swiss_dutch").order_by("start_date", "name")
    checked = 0
    for tournament in swiss:
        for round_ in Round.objects.filter(tournament=tournament).order_by("number"):
            result = pair_round(pairing_state(tournament, round_.number))
            assert result.ok, (tournament.name, round_.number, result.message)
            assert recorded_pairing(round_) == (list(result.pairs), result.bye), (
                tournament.name,
                round_.number,
            )
            checked += 1
    assert checked == Round.objects.filter(tournament__in=swiss).count() > 20
    assert RequestedBye.objects.filter(kind="H").count() == 3  # the half-point byes taken
    assert Game.objects.filter(result="H").count() == 3


@pytest.mark.django_db
def test_seed_demo_swiss_pairing_numbers_follow_the_initial_ranking():
    seed(*SMALL, "--no-ratings")

    # The paired ones: the weekend event's Swiss sections have neither players nor rounds yet.
    paired = Tournament.objects.filter(pairing_system="swiss_dutch", rounds__isnull=False)
    for tournament in paired.distinct():
        registrations = Registration.objects.filter(tournament=tournament).select_related("player")
        slug = tournament.rating_list.slug if tournament.rating_list else "chess-standard"
        rating = dict(
            PlayerRating.objects.filter(rating_list__slug=slug).values_list(
                "player_id", "starting_rating"
            )
        )
        ranked = sorted(
            registrations,
            key=lambda r: (
                -(rating.get(r.player_id) or 0),
                TITLES.index(r.player.title) if r.player.title else len(TITLES),
                r.player.last_name.casefold(),
                r.player.first_name.casefold(),
            ),
        )
        assert [r.pairing_number for r in ranked] == list(range(1, len(ranked) + 1))
        assert tournament.round_one_colour in ("w", "b")


def rating_snapshot() -> list:
    return sorted(
        PlayerRating.objects.values_list(
            "rating_list__slug", "player__last_name", "player__first_name", "rating", "live_rating"
        )
    )


def delete_demo_data() -> None:
    Season.objects.all().delete()  # its club is protected while a season names it
    Tournament.objects.all().delete()
    PublishedList.objects.all().delete()
    Player.objects.all().delete()
    Club.objects.all().delete()


@pytest.mark.django_db
def test_seed_demo_small_scale_rates_the_history():
    output = seed(*SMALL)

    published = list(PublishedList.objects.values_list("rating_list__slug", "date"))
    newcomers = PlayerRating.objects.filter(starting_rating=None).exclude(rating=None)
    live = PlayerRating.objects.exclude(rating=None).exclude(live_rating=None)
    assert sorted(published) == [
        ("chess-blitz", dt.date(2026, 2, 1)),
        ("chess-rapid", dt.date(2026, 2, 1)),
        ("chess-standard", dt.date(2026, 2, 1)),
    ]
    assert RatingChange.objects.exclude(period=None).exists()  # rated on the closed list
    assert RatingChange.objects.filter(period=None).exists()  # the open period
    assert newcomers.exists()  # unrated players earned a first rating
    assert any(row.live_rating != row.rating for row in live)
    assert "3 published lists" in output


@pytest.mark.django_db
def test_seed_demo_same_seed_gives_same_ratings():
    seed(*SMALL)
    first = rating_snapshot()
    delete_demo_data()

    seed(*SMALL)

    assert rating_snapshot() == first


@pytest.mark.django_db
def test_seed_demo_default_scale_has_a_believable_mix():
    seed("--today", TODAY.isoformat(), "--no-ratings")

    players = Player.objects.all()
    titles = set(players.exclude(title="").values_list("title", flat=True))
    years = [p.birth_date.year for p in players]
    lists = set(Tournament.objects.values_list("rating_list__slug", flat=True))
    systems = set(Tournament.objects.values_list("pairing_system", flat=True))
    assert players.count() >= 150
    assert {"GM", "IM", "FM", "WGM", "WIM", "WFM"} <= titles
    assert len(set(players.values_list("federation", flat=True))) >= 5
    assert min(years) >= TODAY.year - 85 and max(years) >= TODAY.year - 12  # seniors, juniors
    assert players.filter(fide_id=None, ratings=None).exists()  # unrated newcomers
    assert lists == {"chess-standard", "chess-rapid", "chess-blitz", "go-egf", "shogi-fesa", None}
    # Go: a manual championship and a McMahon cup; shogi: a manual round robin; the league
    # and the team league.
    assert systems == {
        "round_robin",
        "swiss_dutch",
        "manual",
        "mcmahon_go",
        "team_double_round_robin",
        "team_round_robin",
    }
    assert Game.objects.filter(result="").exists()  # the championship in progress


@pytest.mark.django_db
def test_seed_demo_if_empty_does_nothing_on_a_non_empty_database():
    Player.objects.create(last_name="Existing", sex="m")

    output = seed(*SMALL, "--if-empty")

    assert list(Player.objects.values_list("last_name", flat=True)) == ["Existing"]
    assert Tournament.objects.count() == 0
    assert "not seeded" in output


@pytest.mark.django_db
def test_seed_demo_without_if_empty_refuses_a_non_empty_database():
    Player.objects.create(last_name="Existing", sex="m")

    with pytest.raises(CommandError, match="has players already"):
        seed(*SMALL)

    assert Player.objects.count() == 1


@pytest.mark.django_db
def test_seed_demo_go_and_shogi_sections_are_rated_by_their_systems():
    seed(*SMALL)

    go = Tournament.objects.filter(rating_list__slug="go-egf").order_by("start_date")
    assert list(go.values_list("rating_class", flat=True)) == ["A", "B"]
    handicap_games = Game.objects.filter(round__tournament__in=go, handicap__gt=0)
    assert handicap_games.exists()
    assert not Game.objects.filter(round__tournament=go[0], handicap__gt=0).exists()
    # Every go player declared a grade and is rated; every game gives two ledger rows with
    # con and Se (EGF) in the ledger.
    go_ratings = PlayerRating.objects.filter(rating_list__slug="go-egf")
    assert go_ratings.count() == 8
    assert not go_ratings.filter(Q(declared_grade="") | Q(live_rating=None) | Q(grade="")).exists()
    go_ledger = RatingChange.objects.filter(rating_list__slug="go-egf")
    assert go_ledger.count() == 2 * 24
    assert all("con" in row.details for row in go_ledger)
    handicap_row = go_ledger.filter(game=handicap_games.first(), details__handicap__gt=0).get()
    assert handicap_row.details["adjustment"] == 100 * (handicap_row.details["handicap"] - 0.5)
    # The cup is paired by the McMahon engine: 3 published rounds of 4 boards, no rematch,
    # and in every handicap game White is the stronger player by declared grade.
    cup = go[1]
    assert (cup.pairing_system, cup.top_bar) == ("mcmahon_go", "1d")
    cup_games = Game.objects.filter(round__tournament=cup).select_related("white", "black")
    assert sorted(cup.rounds.values_list("number", "status")) == [
        (1, "published"),
        (2, "published"),
        (3, "published"),
    ]
    pairs = [frozenset((g.white_id, g.black_id)) for g in cup_games]
    assert len(pairs) == len(set(pairs)) == 12
    declared = dict(go_ratings.values_list("player_id", "declared_grade"))
    for game in cup_games.filter(handicap__gt=0):
        white, black = declared[game.white_id], declared[game.black_id]
        assert egf.grade_to_rating(white) > egf.grade_to_rating(black)
    # Shogi: 5 established players on the list, the 3 newcomers unrated after 7 games.
    shogi = PlayerRating.objects.filter(rating_list__slug="shogi-fesa")
    assert sorted(shogi.values_list("status", flat=True)) == ["established"] * 5 + ["unrated"] * 3
    assert shogi.exclude(live_rating=None).count() == 5
    assert RatingChange.objects.filter(rating_list__slug="shogi-fesa").count() == 2 * 28


@pytest.mark.django_db
def test_seed_demo_championship_in_progress_shows_its_players_ratings():
    """Before, every seeded entry had no rating at start: the organiser's players table and
    the round pages of the championship in progress showed a dash for everybody."""
    seed(*SMALL, "--no-ratings")

    championship = (
        Tournament.objects.filter(rounds__games__result="", team_boards=None).distinct().get()
    )
    entries = Registration.objects.filter(tournament=championship).select_related("player")
    starting = dict(
        PlayerRating.objects.filter(
            rating_list=championship.rating_list, player__in=[e.player for e in entries]
        ).values_list("player_id", "starting_rating")
    )

    assert championship.status == "running"
    assert [e.rating_at_start for e in entries] == [starting.get(e.player_id) for e in entries]
    assert sum(e.rating_at_start is not None for e in entries) >= len(entries) - 2


@pytest.mark.django_db
def test_seed_demo_events_that_are_over_are_finished_and_the_championship_runs():
    """Before, every seeded chess event was "running" and the played shogi round robin a
    "draft": the status must say what happened."""
    seed(*SMALL, "--no-ratings")

    statuses = dict(Tournament.objects.values_list("name", "status"))
    running = sorted(name for name, status in statuses.items() if status != "finished")
    assert running == [
        "Club Championship 2026",
        "Riverside League 2026: Division 1",
        "Riverside Team League",
        "Riverside Weekend Open: Open A",
        "Riverside Weekend Open: Open B",
        "Riverside Weekend Open: Rapid",
    ]
    assert statuses["Riverside Team League"] == "running"
    assert statuses["Riverside League 2026: Division 1"] == "running"  # its calendar is made
    assert {statuses[name] for name in running[3:]} == {"draft"}
    assert statuses["Keima Round Robin 2026"] == "finished"
    shogi = Tournament.objects.get(name="Keima Round Robin 2026")
    assert shogi.final_standings["after_round"] == 7
    assert len(shogi.final_standings["rows"]) == 8
    assert not Tournament.objects.filter(status="finished", final_standings=None).exists()


@pytest.mark.django_db
def test_seed_demo_has_a_weekend_event_with_three_sections_and_discounts():
    seed(*SMALL, "--no-ratings")

    event = Event.objects.get()
    sections = [
        (
            row.tournament.name,
            row.tournament.pairing_system,
            row.tournament.rating_list.slug,
            restrictions_text(row),
            row.cap,
            str(row.fee),
        )
        for row in event.sections.select_related("tournament__rating_list")
    ]
    assert (event.name, event.club.name, event.start_date) == (
        "Riverside Weekend Open",
        "Riverside Chess Club",
        dt.date(2026, 4, 4),  # the first Saturday two weeks after TODAY (a Sunday)
    )
    assert sections == [
        (
            "Riverside Weekend Open: Open A",
            "swiss_dutch",
            "chess-standard",
            "open to all",
            60,
            "30.00",
        ),
        (
            "Riverside Weekend Open: Open B",
            "swiss_dutch",
            "chess-standard",
            "rating under 1800",
            60,
            "25.00",
        ),
        ("Riverside Weekend Open: Rapid", "round_robin", "chess-rapid", "open to all", 10, "10.00"),
    ]
    assert [discount_text(d) for d in event.discounts.all()] == [
        "juniors U18: −50%",
        "women: −20%",
    ]
    assert "FIDE Laws of Chess apply" in event.rules


@pytest.mark.django_db
def test_seed_demo_has_a_league_season_with_played_and_postponed_matches():
    seed(*SMALL, "--no-ratings")

    division = Division.objects.select_related("season").get()
    rows = calendar(division)
    assert division.season.name == "Riverside League 2026"
    assert [team.name for team in division.tournament.teams.order_by("pairing_number")] == [
        "Riverside A",
        "Railway A",
        "La Côte A",
    ]
    assert [(row.round, row.played, row.postponed_to is not None) for row in rows] == [
        (1, True, False),
        (2, False, True),
        (3, True, False),
        (4, True, False),
        (5, False, False),
        (6, False, False),
    ]
    assert [row.card.status for row in rows if row.played] == ["confirmed"] * 3
    assert sum(line.row.played for line in table(division)) == 6


@pytest.mark.django_db
def test_seed_demo_has_a_running_team_league():
    seed(*SMALL, "--no-ratings")

    league = Tournament.objects.get(name="Riverside Team League")
    teams = list(league.teams.order_by("pairing_number"))
    assert league.pairing_system == "team_round_robin" and league.team_boards == 2
    assert [team.members.count() for team in teams] == [2, 2, 2, 2]
    assert all(team.captain_id == team.members.get(order=1).player_id for team in teams)
    assert [r.number for r in league.rounds.all()] == [1, 2]
    assert league.rounds.get(number=2).games.filter(result="").count() == 4
