"""The go and shogi sections of ``seed_demo``: a go club rated by the EGF, a shogi club by FESA.

Deterministic (one ``random.Random``). Players get declared grades (go, shogi newcomers) or
starting ratings (established shogi players), written as inputs like the chess section's
starting ratings; tournaments, registrations, rounds and boards go through the tournament
services like an organiser's; the results (and go handicaps) are then written in one go and
each list is replayed once (entering every result with ``record_result`` replays the list
each time, which made the demo slow for no benefit).

- Go: 8 players from 15 kyu to 3 dan. A class A club championship (3 rounds, even games,
  paired by rating) and, in the last month, a class B McMahon handicap tournament (3 rounds,
  top bar 1 dan, paired by our McMahon engine round by round: the weaker player takes Black
  and receives the grade difference minus one in stones).
- Shogi: 8 players, 5 established (starting ratings with their rated games) and 3 newcomers
  with declared grades, in a round robin (Berger tables, 7 rounds). The newcomers stay
  *unrated* on FESA's list after 7 games (FESA lists players from 9 rated games).

Results are drawn from each system's own expected score of the players' entry ratings.
"""

from __future__ import annotations

import datetime as dt
import random

from django.db.models import Q

from actions.boards import add_game
from actions.ratings import replay_rating_list
from actions.registrations import register_player
from actions.rounds import add_round, pair_next_round, publish_round
from actions.tournaments import create_tournament
from core.roles import SYSTEM
from players.enums import Sex
from players.models import Club, Player
from ratings.models import PlayerRating, RatingList
from rules.pairing.berger import berger_schedule
from rules.ratings import egf, fesa
from rules.search_key import club_key, player_key
from tournaments.enums import HandicapPolicy, PairingSystem
from tournaments.models import Game

GO, SHOGI = "go-egf", "shogi-fesa"

GO_PLAYERS = [
    ("Takahashi", "Emi", Sex.FEMALE, "3d"),
    ("Lindqvist", "Johan", Sex.MALE, "1d"),
    ("Novak", "Petra", Sex.FEMALE, "2k"),
    ("Okafor", "Daniel", Sex.MALE, "4k"),
    ("Brennan", "Siobhan", Sex.FEMALE, "7k"),
    ("Moreau", "Luc", Sex.MALE, "9k"),
    ("Kowalski", "Marta", Sex.FEMALE, "12k"),
    ("Fischer", "Jonas", Sex.MALE, "15k"),
]

# (last name, first name, sex, starting rating or None, rated games behind it, declared grade)
SHOGI_PLAYERS = [
    ("Yamada", "Kenji", Sex.MALE, 2050, 60, "3d"),
    ("Van Dijk", "Sanne", Sex.FEMALE, 1820, 40, "2d"),
    ("Schulz", "Tobias", Sex.MALE, 1640, 35, "1k"),
    ("Rossi", "Giulia", Sex.FEMALE, 1450, 25, "3k"),
    ("Ivanov", "Pavel", Sex.MALE, 1300, 20, "4k"),
    ("Dubois", "Claire", Sex.FEMALE, None, 0, "5k"),
    ("Hughes", "Owen", Sex.MALE, None, 0, "8k"),
    ("Berg", "Ingrid", Sex.FEMALE, None, 0, "10k"),
]


def _draw(rng: random.Random, expected: float) -> str:
    """A result from White's expected score (go and shogi: no draws in the demo)."""
    return "10" if rng.random() < expected else "01"


def _handicap(white_grade: str, black_grade: str) -> int:
    """Stones for Black: the grade difference minus one (0 for one grade), at most 9."""
    gap = (egf.grade_to_rating(white_grade) - egf.grade_to_rating(black_grade)) // 100
    return max(0, min(egf.MAX_HANDICAP, gap - 1))


class _Boards:
    """Boards added through ``add_game``; their results and stones are written at the end."""

    def __init__(self) -> None:
        self.games: list[Game] = []

    def add(self, round_, board: int, white: Player, black: Player, result: str, handicap=0):
        game = add_game(round=round_, board=board, white=white, black=black, actor=SYSTEM)
        game.result, game.handicap = result, handicap
        self.games.append(game)

    def write(self) -> int:
        Game.objects.bulk_update(self.games, ["result", "handicap"])
        return len(self.games)


def seed_go_and_shogi(*, seed: int, first_day: dt.date, months: int) -> dict[str, int]:
    """Write the go and shogi sections; returns counts for the summary line."""
    rng = random.Random(seed * 7 + 5)
    lists = {rl.slug: rl for rl in RatingList.objects.filter(Q(slug=GO) | Q(slug=SHOGI))}
    if set(lists) != {GO, SHOGI}:
        return {}
    go_club = Club.objects.create(
        name="Four Stones Go Club",
        short_name="4Stones",
        city="Cambridge",
        federation="ENG",
        search_key=club_key("Four Stones Go Club", "4Stones"),
    )
    shogi_club = Club.objects.create(
        name="Keima Shogi Circle",
        short_name="Keima",
        city="Leiden",
        federation="NED",
        search_key=club_key("Keima Shogi Circle", "Keima"),
    )
    go_games = _seed_go(rng, lists[GO], go_club, first_day, months)
    shogi_games = _seed_shogi(rng, lists[SHOGI], shogi_club, first_day, months)
    for rating_list in lists.values():
        replay_rating_list(rating_list=rating_list, actor=SYSTEM)
    return {"go games": go_games, "shogi games": shogi_games}


def _players(rng, rows, club: Club, federation: str) -> list[Player]:
    return [
        Player.objects.create(
            last_name=last,
            first_name=first,
            sex=sex,
            club=club,
            federation=federation,
            birth_date=dt.date(rng.randint(1955, 2010), rng.randint(1, 12), rng.randint(1, 28)),
            search_key=player_key(last, first),
        )
        for last, first, sex, *_ in rows
    ]


def _seed_go(rng, rating_list: RatingList, club: Club, first_day: dt.date, months: int) -> int:
    players = _players(rng, GO_PLAYERS, club, "ENG")
    grades = {player.pk: row[3] for player, row in zip(players, GO_PLAYERS, strict=True)}
    PlayerRating.objects.bulk_create(
        PlayerRating(rating_list=rating_list, player=player, declared_grade=grades[player.pk])
        for player in players
    )
    boards = _Boards()
    start = first_day + dt.timedelta(days=(5 - first_day.weekday()) % 7)  # first Saturday
    championship = create_tournament(
        name=f"Four Stones Championship {start.year}",
        start_date=start,
        end_date=start + dt.timedelta(days=1),
        club=club,
        rating_list=rating_list,
        rating_class="A",
        city=club.city,
        rounds_planned=3,
        pairing_system=PairingSystem.MANUAL,
        actor=SYSTEM,
    )
    _play_go(rng, championship, players, grades, boards, handicaps=False)
    last_month = first_day.replace(day=1)
    for _ in range(months - 1):
        last_month = (last_month + dt.timedelta(days=32)).replace(day=1)
    day = last_month + dt.timedelta(days=(6 - last_month.weekday()) % 7 + 7)  # 2nd Sunday
    handicap_event = create_tournament(
        name=f"Four Stones McMahon Cup {day:%B %Y}",
        start_date=day,
        end_date=day,
        club=club,
        rating_list=rating_list,
        rating_class="B",
        city=club.city,
        rounds_planned=3,
        pairing_system=PairingSystem.MCMAHON_GO,
        top_bar="1d",
        handicap_policy=HandicapPolicy.MINUS_ONE,
        actor=SYSTEM,
    )
    mcmahon_games = _play_mcmahon(rng, handicap_event, players, grades)
    return boards.write() + mcmahon_games


def _play_go(rng, tournament, players, grades, boards: _Boards, *, handicaps: bool) -> None:
    for player in players:
        register_player(tournament=tournament, player=player, actor=SYSTEM)
    rating = {p.pk: float(egf.grade_to_rating(grades[p.pk])) for p in players}
    ordered = sorted(players, key=lambda p: -rating[p.pk])
    for number in range(1, tournament.rounds_planned + 1):
        round_ = add_round(tournament=tournament, date=tournament.start_date, actor=SYSTEM)
        # Rating neighbours, shifted each round: (1-2, 3-4, ...), (1-4, 3-6, ...), (1-6, ...);
        # nobody meets twice in three rounds.
        shift = 2 * (number - 1)
        pairs = [(ordered[i], ordered[(i + 1 + shift) % 8]) for i in (0, 2, 4, 6)]
        for board, (a, b) in enumerate(pairs, start=1):
            stronger, weaker = (a, b) if rating[a.pk] >= rating[b.pk] else (b, a)
            stones = _handicap(grades[stronger.pk], grades[weaker.pk]) if handicaps else 0
            if stones:
                white, black = stronger, weaker
            else:
                white, black = (a, b) if rng.random() < 0.5 else (b, a)
            expected = egf.expected_score(rating[white.pk], rating[black.pk], handicap=-stones)
            boards.add(round_, board, white, black, _draw(rng, expected), stones)


def _play_mcmahon(rng, tournament, players, grades) -> int:
    """Pair each round with the McMahon engine (handicaps from the tournament's policy),
    publish it and write its results, so that the next round can be paired."""
    for player in players:
        register_player(tournament=tournament, player=player, grade=grades[player.pk], actor=SYSTEM)
    rating = {p.pk: float(egf.grade_to_rating(grades[p.pk])) for p in players}
    played = 0
    for _ in range(tournament.rounds_planned):
        round_ = publish_round(
            round=pair_next_round(tournament=tournament, actor=SYSTEM), actor=SYSTEM
        )
        games = [game for game in round_.games.order_by("board") if game.black_id is not None]
        for game in games:
            expected = egf.expected_score(
                rating[game.white_id], rating[game.black_id], handicap=-game.handicap
            )
            game.result = _draw(rng, expected)
        Game.objects.bulk_update(games, ["result"])
        played += len(games)
    return played


def _seed_shogi(rng, rating_list: RatingList, club: Club, first_day: dt.date, months: int) -> int:
    players = _players(rng, SHOGI_PLAYERS, club, "NED")
    PlayerRating.objects.bulk_create(
        PlayerRating(
            rating_list=rating_list,
            player=player,
            starting_rating=rating,
            starting_games=games,
            declared_grade=grade,
        )
        for player, (_last, _first, _sex, rating, games, grade) in zip(
            players, SHOGI_PLAYERS, strict=True
        )
    )
    middle = first_day
    for _ in range(months // 2):
        middle = (middle + dt.timedelta(days=32)).replace(day=1)
    start = middle + dt.timedelta(days=(5 - middle.weekday()) % 7 + 7)  # 2nd Saturday
    tournament = create_tournament(
        name=f"Keima Round Robin {start.year}",
        start_date=start,
        end_date=start + dt.timedelta(days=1),
        club=club,
        rating_list=rating_list,
        city=club.city,
        rounds_planned=7,
        pairing_system=PairingSystem.MANUAL,
        actor=SYSTEM,
    )
    strength = {
        p.pk: float(row[3] or fesa.grade_to_rating(row[5]))
        for p, row in zip(players, SHOGI_PLAYERS, strict=True)
    }
    for number, player in enumerate(players, start=1):
        register_player(tournament=tournament, player=player, pairing_number=number, actor=SYSTEM)
    boards = _Boards()
    for round_pairs in berger_schedule(len(players)):
        round_ = add_round(tournament=tournament, date=start, actor=SYSTEM)
        for board, pairing in enumerate(round_pairs.games, start=1):
            white, black = players[pairing.white - 1], players[pairing.black - 1]
            expected = fesa.expected_score(strength[white.pk], strength[black.pk])
            boards.add(round_, board, white, black, _draw(rng, expected))
    return boards.write()
