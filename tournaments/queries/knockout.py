"""A knockout cup's bracket: its rounds, their matches, games, scores and winners.

A round of the bracket is a :class:`tournaments.models.Round`; a match is the games of that
round sharing ``Game.match`` (the match's place from the top), ordered by ``match_game``. A
bye is a match of one game without Black. Seeds are the pairing numbers (given by rating when
round 1 is paired).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from players.models import Player
from rules.pairing import knockout
from tournaments.enums import RoundStatus
from tournaments.models import Game, Registration, Round, Tournament


def match_rules(tournament: Tournament) -> knockout.MatchRules:
    return knockout.MatchRules(
        games=tournament.knockout_games,
        rapid_pairs=tournament.knockout_rapid_pairs,
        blitz_pairs=tournament.knockout_blitz_pairs,
        armageddon=tournament.knockout_armageddon,
    )


@dataclass
class Match:
    """A match of a round: the higher seed first; ``low`` is ``None`` for a bye."""

    number: int
    high: Player
    low: Player | None
    high_seed: int
    low_seed: int | None
    games: list[Game] = field(default_factory=list)
    status: knockout.MatchStatus | None = None

    @property
    def winner(self) -> Player | None:
        if self.low is None:
            return self.high
        if self.status is None or self.status.winner is None:
            return None
        return self.high if self.status.winner == self.high.pk else self.low

    @property
    def points(self) -> tuple[float, float]:
        """Every game's points, higher seed first (a draw in the armageddon counts ½)."""
        high = low = 0.0
        for game in self.games:
            if not game.result or game.black_id is None:
                continue
            white, black = _POINTS.get(game.result, (0.0, 0.0))
            if game.white_id == self.high.pk:
                high, low = high + white, low + black
            else:
                high, low = high + black, low + white
        return high, low


_POINTS = {
    "10": (1.0, 0.0),
    "==": (0.5, 0.5),
    "01": (0.0, 1.0),
    "+-": (1.0, 0.0),
    "-+": (0.0, 1.0),
    "--": (0.0, 0.0),
    "WL": (1.0, 0.0),
    "DD": (0.5, 0.5),
    "LW": (0.0, 1.0),
}


@dataclass
class BracketRound:
    number: int
    matches: list[Match]
    #: Paired (``False``: a round still to come, shown with its places empty).
    paired: bool = True
    #: A round still to come: its matches.
    places: int = 0


def seeds(tournament: Tournament) -> dict[int, int]:
    """Player id → seed (pairing number)."""
    return dict(
        Registration.objects.filter(
            tournament=tournament, pairing_number__isnull=False
        ).values_list("player_id", "pairing_number")
    )


def _matches(games: list[Game], seed_of: dict[int, int], rules: knockout.MatchRules) -> list[Match]:
    by_match: dict[int, list[Game]] = defaultdict(list)
    for game in games:
        by_match[game.match or 0].append(game)
    matches = []
    for number in sorted(by_match):
        played = sorted(by_match[number], key=lambda g: (g.match_game or 0, g.board))
        first = played[0]
        players = [first.white, first.black]
        players.sort(key=lambda p: (p is None, seed_of.get(p.pk, 10**6) if p else 0))
        high, low = players
        match = Match(
            number,
            high,
            low,
            seed_of.get(high.pk, 0),
            seed_of.get(low.pk) if low is not None else None,
            played,
        )
        if low is not None:
            match.status = knockout.match_status(
                high.pk,
                low.pk,
                [knockout.MatchGame(g.stage, g.white_id, g.black_id, g.result) for g in played],
                rules,
            )
        matches.append(match)
    return matches


def round_matches(round_: Round) -> list[Match]:
    """The matches of one round of a knockout."""
    tournament = round_.tournament
    games = list(Game.objects.filter(round=round_).select_related("white", "black"))
    return _matches(games, seeds(tournament), match_rules(tournament))


def match_of(game: Game) -> Match:
    """The match ``game`` belongs to."""
    tournament = game.round.tournament
    games = list(
        Game.objects.filter(round_id=game.round_id, match=game.match).select_related(
            "white", "black"
        )
    )
    return _matches(games, seeds(tournament), match_rules(tournament))[0]


def bracket(tournament: Tournament) -> list[BracketRound]:
    """Every round of the cup: the published rounds, then the rounds still to come with
    their places empty."""
    rules = match_rules(tournament)
    seed_of = seeds(tournament)
    rounds = list(
        Round.objects.filter(tournament=tournament, status=RoundStatus.PUBLISHED).order_by("number")
    )
    games: dict[int, list[Game]] = defaultdict(list)
    for game in Game.objects.filter(round__in=rounds).select_related("white", "black"):
        games[game.round_id].append(game)
    result = [BracketRound(r.number, _matches(games[r.pk], seed_of, rules)) for r in rounds]
    players = len(seed_of) or Registration.objects.filter(tournament=tournament).count()
    if players >= 2:
        total = knockout.round_count(players)
        places = knockout.bracket_size(players) // 2 ** (len(result) + 1)
        for number in range(len(result) + 1, total + 1):
            result.append(BracketRound(number, [], paired=False, places=places))
            places //= 2
    return result


def champion(rounds: list[BracketRound]) -> Player | None:
    """The cup's winner: the winner of the final once it is decided."""
    if not rounds or not rounds[-1].paired or len(rounds[-1].matches) != 1:
        return None
    return rounds[-1].matches[0].winner
