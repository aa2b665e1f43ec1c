"""Plain helper functions that create test rows with unsurprising defaults.

No factory_boy: each helper takes the fields a test cares about as keyword arguments and
fills the rest. Derived rows (``PlayerRating`` results, ledger rows) can be written directly
here so that read-only pages are tested without running a replay.
"""

from __future__ import annotations

import datetime
import itertools
from decimal import Decimal
from typing import Any

from django.contrib.auth import get_user_model

from events.models import Event, Section
from players.models import Club, Player
from ratings.models import PlayerRating, PublishedList, RatingChange, RatingList
from rules.search_key import club_key, player_key
from tournaments.models import Game, Registration, Round, Team, TeamMatch, TeamMember, Tournament

_sequence = itertools.count(1)


def standard_list() -> RatingList:
    """The "Chess standard" list every database has (created by a data migration)."""
    return RatingList.objects.get(slug="chess-standard")


def make_club(name: str | None = None, **fields: Any) -> Club:
    """A club, with its search key as the club actions write it."""
    name = name or f"Club {next(_sequence)}"
    fields.setdefault("search_key", club_key(name, fields.get("short_name", "")))
    return Club.objects.create(name=name, **fields)


def make_player(last_name: str | None = None, first_name: str = "", **fields: Any) -> Player:
    """A player, with their search key as the player actions write it."""
    fields.setdefault("sex", "m")
    last_name = last_name or f"Player{next(_sequence)}"
    fields.setdefault("search_key", player_key(last_name, first_name))
    return Player.objects.create(last_name=last_name, first_name=first_name, **fields)


def make_rating(
    player: Player,
    live_rating: Decimal | int | str | None,
    *,
    rating_list: RatingList | None = None,
    **fields: Any,
) -> PlayerRating:
    """A rated player as the replay would leave them (published rating = live unless given)."""
    live = None if live_rating is None else Decimal(live_rating)
    fields.setdefault("rating", None if live is None else int(live))
    fields.setdefault("games", 0)
    return PlayerRating.objects.create(
        player=player, rating_list=rating_list or standard_list(), live_rating=live, **fields
    )


def make_tournament(name: str | None = None, **fields: Any) -> Tournament:
    number = next(_sequence)
    fields.setdefault("start_date", datetime.date(2026, 3, 1))
    fields.setdefault("end_date", fields["start_date"])
    if "rating_list" not in fields:
        fields["rating_list"] = standard_list()
    return Tournament.objects.create(
        name=name or f"Tournament {number}", slug=fields.pop("slug", f"t-{number}"), **fields
    )


def make_round(tournament: Tournament, number: int = 1, **fields: Any) -> Round:
    fields.setdefault("date", tournament.start_date)
    return Round.objects.create(tournament=tournament, number=number, **fields)


def make_game(
    round: Round, white: Player, black: Player | None, result: str = "", board: int = 1
) -> Game:
    """A stored game, written directly (no replay): for pages that only read."""
    return Game.objects.create(round=round, board=board, white=white, black=black, result=result)


def register(tournament: Tournament, *players: Player) -> list[Registration]:
    return [
        Registration.objects.create(tournament=tournament, player=player, pairing_number=number)
        for number, player in enumerate(players, start=1)
    ]


def make_change(game: Game, player: Player, opponent: Player, **fields: Any) -> RatingChange:
    """A ledger row as the replay writes it; pass the numbers the test asserts."""
    tournament = game.round.tournament
    fields.setdefault("date", game.round.date or tournament.start_date)
    fields.setdefault("rating_list", tournament.rating_list)
    for name in ("score", "expected", "change"):
        if fields.get(name) is not None:
            fields[name] = Decimal(str(fields[name]))
    return RatingChange.objects.create(
        game=game, tournament=tournament, player=player, opponent=opponent, **fields
    )


def make_event(name: str | None = None, **fields: Any) -> Event:
    """An event (2026-03-07..08 unless given), its slug from a counter."""
    number = next(_sequence)
    fields.setdefault("start_date", datetime.date(2026, 3, 7))
    fields.setdefault("end_date", fields["start_date"] + datetime.timedelta(days=1))
    return Event.objects.create(
        name=name or f"Event {number}", slug=fields.pop("slug", f"e-{number}"), **fields
    )


def make_section(event: Event, tournament: Tournament | None = None, **fields: Any) -> Section:
    """A section of ``event``: ``tournament``, or a new one of the event's club and dates."""
    if tournament is None:
        tournament = make_tournament(
            club=event.club, start_date=event.start_date, end_date=event.end_date
        )
    fields.setdefault("order", event.sections.count() + 1)
    return Section.objects.create(event=event, tournament=tournament, **fields)


def make_published_list(date: datetime.date, rating_list: RatingList | None = None):
    return PublishedList.objects.create(rating_list=rating_list or standard_list(), date=date)


def make_superuser(username: str = "admin"):
    return get_user_model().objects.create_superuser(
        username=username,
        email=f"{username}@example.com",
        password="secret-password",  # noqa: S106 -- a test user
    )


#: Three rounds of eight players whose standings have the ties of the German Wikipedia's
#: worked Hort example ("Hort-System"): two on 2½, one on 2, three on 1½, then ½ and 0.
HORT_ROUNDS = (
    (("A", "E", "=="), ("B", "F", "10"), ("C", "G", "10"), ("D", "H", "10")),
    (("A", "H", "10"), ("B", "D", "=="), ("C", "E", "10"), ("F", "G", "==")),
    (("A", "C", "10"), ("B", "G", "10"), ("E", "H", "10"), ("F", "D", "10")),
)


def hort_tournament(**fields: Any) -> tuple[Tournament, dict[str, Player]]:
    """A manual, unrated tournament (three rounds, all results in) of players "Alpha A"…
    "Alpha H" with the ties of the Hort example: A, B 2½; C 2; D, E, F 1½; G ½; H 0."""
    fields.setdefault("rounds_planned", 3)
    fields.setdefault("rating_list", None)
    tournament = make_tournament(**fields)
    players = {letter: make_player(f"Alpha {letter}", letter) for letter in "ABCDEFGH"}
    register(tournament, *players.values())
    for number, games in enumerate(HORT_ROUNDS, start=1):
        round_ = make_round(tournament, number)
        for board, (white, black, result) in enumerate(games, start=1):
            make_game(round_, players[white], players[black], result, board=board)
    return tournament, players


#: The hero's opponents (rating, title, federation) and the hero's results, as white.
NORM_FIELD = [
    (2450, "GM", "GER", "=="),
    (2420, "GM", "FRA", "10"),
    (2400, "GM", "ESP", "=="),
    (2380, "IM", "ENG", "10"),
    (2370, "IM", "NED", "=="),
    (2350, "FM", "ENG", "10"),
    (2340, "FM", "USA", "=="),
    (2330, "", "ENG", "10"),
    (2380, "", "ENG", "10"),
]


def norm_tournament(played: int = 9, hero: Player | None = None, **fields):
    """A 9-round Swiss (unless ``pairing_system`` says otherwise) hosted by an English club:
    the hero (ENG, untitled, number 1; a new player unless given) meets :data:`NORM_FIELD`
    and, after all 9 rounds, has a GM norm exactly at its limits (7 of 9, Ra 2380, Rp 2600:
    docs/norms.md). Opponent 8 has no FIDE rating, only their own in the list."""
    fields.setdefault("status", "finished" if played == 9 else "running")
    fields.setdefault("start_date", datetime.date(2026, 3, 1))
    fields.setdefault("end_date", fields["start_date"] + datetime.timedelta(days=8))
    fields.setdefault("pairing_system", "swiss_dutch")
    tournament = make_tournament(club=make_club(federation="ENG"), rounds_planned=9, **fields)
    hero = hero or make_player("Hero", federation="ENG", fide_standard=2390)
    opponents = []
    for number, (rating, title, federation, _result) in enumerate(NORM_FIELD, start=1):
        if number == 8:  # no FIDE rating: their own rating in the list at the start counts
            player = make_player(f"Opp{number}", federation=federation, title=title)
            make_rating(player, 2330, starting_rating=2330)
        else:
            player = make_player(
                f"Opp{number}", federation=federation, title=title, fide_standard=rating
            )
        opponents.append(player)
    register(tournament, hero, *opponents)
    for number, (_r, _t, _f, result) in enumerate(NORM_FIELD[:played], start=1):
        make_game(make_round(tournament, number), hero, opponents[number - 1], result)
    return tournament, hero


def make_open_event(name: str | None = None, **fields: Any):
    """An event open for online entries (entries open, no approval, no closing date)."""
    from events.models import Event

    number = next(_sequence)
    fields.setdefault("start_date", datetime.date(2026, 3, 1))
    fields.setdefault("end_date", fields["start_date"])
    fields.setdefault("entries_open", True)
    return Event.objects.create(
        name=name or f"Event {number}", slug=fields.pop("slug", f"e-{number}"), **fields
    )


def make_entry_section(event, tournament: Tournament | None = None, **fields: Any):
    """A section of ``event``: ``tournament`` or a new one on the event's dates (in its club),
    whose name may be given as ``name``."""
    from events.models import Section

    name = fields.pop("name", None)
    rating_list = fields.pop("rating_list", standard_list())
    if tournament is None:
        tournament = make_tournament(
            name,
            start_date=event.start_date,
            end_date=event.end_date,
            club=event.club,
            rating_list=rating_list,
            status=fields.pop("status", "registration"),
        )
    return Section.objects.create(event=event, tournament=tournament, **fields)


#: The small team round robin of :func:`team_round_robin`: each round's matches, each board's
#: result from the first-named team's side (White on board 1, Black on board 2).
TEAM_RESULTS = {
    1: {(1, 4): ("1-0", "½-½"), (2, 3): ("0-1", "0-1")},
    2: {(4, 3): ("½-½", "½-½"), (1, 2): ("1-0", "0-1")},
    3: {(2, 4): ("1-0", "+-"), (3, 1): ("0-1", "½-½")},
}
_GAME_RESULT = {"1-0": "10", "0-1": "01", "½-½": "==", "+-": "+-", "-+": "-+", "--": "--"}
_TURN = {"1-0": "0-1", "0-1": "1-0", "½-½": "½-½", "+-": "-+", "-+": "+-", "--": "--"}


def team_round_robin(*, rounds: int = 3, last_round_results: bool = True, **fields: Any):
    """A 4-team, 2-board team round robin with rows written directly (pages that only read):
    teams Alpha, Bravo, Charlie, Delta (pairing numbers 1-4) of two players each, Alpha with a
    reserve who plays board 2 in round 2; results :data:`TEAM_RESULTS` (round 3's boards left
    without a result when ``last_round_results`` is false). Players are registered with their
    rating at the start (Alpha 2200/2100, reserve 2000; Bravo 2150/2050; Charlie 2000/1900;
    Delta 1800/1700). Returns the tournament and a dict of teams and players by name."""
    fields.setdefault("pairing_system", "team_round_robin")
    fields.setdefault("team_boards", 2)
    tournament = make_tournament(**fields)
    ratings = {
        "Alpha": (2200, 2100, 2000),
        "Bravo": (2150, 2050),
        "Charlie": (2000, 1900),
        "Delta": (1800, 1700),
    }
    made: dict[str, Any] = {}
    for number, (name, values) in enumerate(ratings.items(), start=1):
        team = Team.objects.create(tournament=tournament, name=name, pairing_number=number)
        made[name] = team
        for order, rating in enumerate(values, start=1):
            player = make_player(f"{name}{order}")
            made[player.last_name] = player
            TeamMember.objects.create(team=team, player=player, order=order, reserve=order > 2)
            Registration.objects.create(
                tournament=tournament, player=player, rating_at_start=rating
            )
    teams = [made[name] for name in ratings]
    for round_number in range(1, rounds + 1):
        round_ = make_round(tournament, round_number)
        for match_number, ((first, second), results) in enumerate(
            TEAM_RESULTS[round_number].items(), start=1
        ):
            match = TeamMatch.objects.create(
                round=round_, number=match_number, first=teams[first - 1], second=teams[second - 1]
            )
            for board, result in enumerate(results, start=1):
                one = made[f"{teams[first - 1].name}{board}"]
                if round_number == 2 and first == 1 and board == 2:
                    one = made["Alpha3"]
                two = made[f"{teams[second - 1].name}{board}"]
                white, black = (one, two) if board % 2 else (two, one)
                white_side = result if board % 2 else _TURN[result]
                played = last_round_results or round_number < rounds
                Game.objects.create(
                    round=round_,
                    board=(match_number - 1) * 2 + board,
                    white=white,
                    black=black,
                    result=_GAME_RESULT[white_side] if played else "",
                    team_match=match,
                    team_board=board,
                )
    return tournament, made
