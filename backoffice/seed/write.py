"""Writing the planned demo with bulk inserts.

:class:`Write` is the part of :class:`~backoffice.seed.chess.Demo` that writes clubs,
players, starting ratings, tournaments, registrations, rounds and games, and gives the
monthly lists to close.
"""

import datetime as dt

from django.core.management.base import CommandError
from django.utils.text import slugify

from backoffice.seed.data import CLUBS, TIME_CONTROLS
from backoffice.seed.events import PlannedTournament, month_start
from backoffice.seed.people import Person
from players.models import Club, Player
from ratings.models import PlayerRating, RatingList
from rules.search_key import club_key, player_key
from tournaments.enums import ByeKind, Result, TournamentStatus
from tournaments.models import Game, Registration, RequestedBye, Round, Tournament


class Write:
    """Writes the planned club with bulk inserts."""

    months: int
    first_day: dt.date
    people: list[Person]
    tournaments: list[PlannedTournament]

    def write(self) -> dict[str, int]:
        clubs = Club.objects.bulk_create(
            Club(
                name=name,
                short_name=short,
                city=city,
                federation=fed,
                search_key=club_key(name, short),
            )
            for name, short, city, fed in CLUBS
        )
        players = Player.objects.bulk_create(
            Player(
                last_name=p.last_name,
                first_name=p.first_name,
                sex=p.sex,
                birth_date=p.birth_date,
                federation=p.federation,
                club=clubs[p.club] if p.club is not None else None,
                fide_id=p.fide_id,
                title=p.title,
                search_key=player_key(p.last_name, p.first_name),
            )
            for p in self.people
        )
        for person, player in zip(self.people, players, strict=True):
            person.player = player
        lists = {rl.slug: rl for rl in RatingList.objects.filter(slug__in=TIME_CONTROLS)}
        missing = sorted(set(TIME_CONTROLS) - set(lists))
        if missing:
            raise CommandError(f"Rating lists missing (run migrate first): {', '.join(missing)}")
        # Starting ratings are inputs; the replay derives everything else from them and games.
        PlayerRating.objects.bulk_create(
            PlayerRating(
                rating_list=lists[slug],
                player=p.player,
                starting_rating=rating,
                starting_games=games,
                starting_date=self.first_day,
            )
            for p in self.people
            for slug, (rating, games) in sorted(p.starting.items())
        )
        tournaments = Tournament.objects.bulk_create(
            Tournament(
                name=t.name,
                slug=slugify(t.name),
                club=clubs[t.club],
                rating_list=lists[t.rating_list] if t.rating_list else None,
                city=CLUBS[t.club][2],
                start_date=t.dates[0],
                end_date=t.dates[-1],
                rounds_planned=len(t.dates),
                pairing_system=t.system,
                drawn_colour=t.initial_colour,  # the default initial colour is drawn by lot
                # Every seeded tournament has its rounds (the championship: round 1 paired).
                status=TournamentStatus.RUNNING,
            )
            for t in self.tournaments
        )
        # Pairing numbers are the TPNs the pairings were made with (Swiss: the initial ranking),
        # and the rating at start the one the pairings sorted by (the list's starting rating).
        registrations = Registration.objects.bulk_create(
            Registration(
                tournament=tournament,
                player=p.player,
                pairing_number=number,
                rating_at_start=p.starting.get(t.rating_list, (None, 0))[0]
                if t.rating_list
                else None,
            )
            for t, tournament in zip(self.tournaments, tournaments, strict=True)
            for number, p in enumerate(t.entrants, start=1)
        )
        registration = {(r.tournament_id, r.player_id): r for r in registrations}
        RequestedBye.objects.bulk_create(
            RequestedBye(
                registration=registration[tournament.pk, white.player.pk],
                round_number=number,
                kind=ByeKind.HALF,
            )
            for t, tournament in zip(self.tournaments, tournaments, strict=True)
            for number, rows in enumerate(t.rounds, start=1)
            for white, black, result in rows
            if result == Result.HALF_POINT_BYE
        )
        rounds = Round.objects.bulk_create(
            Round(tournament=tournament, number=number, date=t.dates[number - 1])
            for t, tournament in zip(self.tournaments, tournaments, strict=True)
            for number in range(1, len(t.rounds) + 1)
        )
        played = [rows for t in self.tournaments for rows in t.rounds]
        games = Game.objects.bulk_create(
            (
                Game(
                    round=round_,
                    board=board,
                    white=white.player,
                    black=black.player if black else None,
                    result=result,
                )
                for round_, rows in zip(rounds, played, strict=True)
                for board, (white, black, result) in enumerate(rows, start=1)
            ),
            batch_size=2000,
        )
        return {
            "clubs": len(clubs),
            "players": len(players),
            "starting ratings": sum(len(p.starting) for p in self.people),
            "tournaments": len(tournaments),
            "rounds": len(rounds),
            "games": sum(1 for g in games if g.black_id),
            "byes": sum(1 for g in games if not g.black_id),
        }

    def list_dates(self) -> list[dt.date]:
        """The monthly lists to close: the 1st of each month after a played month, except the
        last one (its games stay in the open period)."""
        return [month_start(self.first_day, m) for m in range(1, self.months)]
