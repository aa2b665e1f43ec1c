"""Playing the demo's events: Berger round robins, Dutch Swiss rounds and drawn results.

:class:`Play` is the part of :class:`~backoffice.seed.chess.Demo` that pairs every planned
round (FIDE Berger tables, the FIDE Dutch engine) and draws each result from FIDE's expected
score of the players' hidden strengths.
"""

import datetime as dt
import random

from backoffice.seed.data import BLITZ, RAPID, STANDARD
from backoffice.seed.events import PlannedTournament
from backoffice.seed.people import Person, initial_ranking_key
from rules.pairing.berger import berger_schedule
from rules.pairing.dutch import pair_round
from rules.pairing.state import BLACK, WHITE, PlayerState, RoundRecord, TournamentState
from rules.ratings.fide import probability_for_difference
from tournaments.enums import PairingSystem, Result


class Play:
    """Pairs every planned round and draws the results, in date order."""

    rng: random.Random
    first_day: dt.date
    tournaments: list[PlannedTournament]

    def play(self) -> None:
        """Pair every planned round and draw the results, in date order."""
        self.tournaments.sort(key=lambda t: (t.dates[0], t.name))
        for tournament in self.tournaments:
            if tournament.system == PairingSystem.ROUND_ROBIN:
                self._play_round_robin(tournament)
            else:
                self._play_swiss(tournament)

    def _month(self, day: dt.date) -> int:
        return (day.year - self.first_day.year) * 12 + day.month - self.first_day.month

    def _strength(self, person: Person, slug: str | None, day: dt.date) -> float:
        return person.strength[slug or STANDARD] + person.trend * self._month(day)

    def _result(self, white: Person, black: Person, slug: str | None, day: dt.date) -> str:
        rng = self.rng
        if rng.random() < 0.006:
            return rng.choice([Result.WHITE_WINS_FORFEIT, Result.BLACK_WINS_FORFEIT])
        sw, sb = self._strength(white, slug, day), self._strength(black, slug, day)
        difference = max(-1000, min(round(sw - sb + 25), 1000))
        expected = float(probability_for_difference(difference))
        level = min(max(((sw + sb) / 2 - 1300) / 1200, 0.0), 1.0)
        draw = (0.10 + 0.35 * level) * {STANDARD: 1.0, RAPID: 0.75, BLITZ: 0.6}[slug or STANDARD]
        draw = min(draw, 1.8 * min(expected, 1 - expected))
        roll = rng.random()
        if roll < expected - draw / 2:
            return Result.WHITE_WINS
        if roll < expected + draw / 2:
            return Result.DRAW
        return Result.BLACK_WINS

    def _play_round_robin(self, t: PlannedTournament) -> None:
        """The FIDE Berger tables, pairing numbers in rating order."""
        players = t.entrants
        for number, round_ in enumerate(berger_schedule(len(players), double=t.double)):
            day = t.dates[number]
            rows = []
            for game in round_.games:
                white, black = players[game.white - 1], players[game.black - 1]
                rows.append((white, black, self._result(white, black, t.rating_list, day)))
            t.rounds.append(rows)

    def _play_swiss(self, t: PlannedTournament) -> None:
        """The FIDE Dutch system (``rules.pairing.dutch``), round by round.

        Pairing numbers follow the initial ranking (C.04.2: rating, title, name). Each round the
        engine gets the history so far (opponent, colour and TRF code per round, byes and
        forfeits included) and the players with a requested half-point bye as absent. A field
        too small for the planned rounds (no legal pairing left) gets as many rounds as the
        engine could pair, and the event is played again from the same random state with that
        number of rounds (the total matters to the last rounds' pairing rules).
        """
        slug = t.rating_list or STANDARD
        t.entrants = sorted(t.entrants, key=lambda p: initial_ranking_key(p, slug))
        t.initial_colour = self.rng.choice((WHITE, BLACK))
        start = self.rng.getstate()
        while True:
            rounds = self._pair_swiss(t, slug)
            if len(rounds) == len(t.dates) or (
                t.rounds_played is not None and len(rounds) == t.rounds_played + 1
            ):
                t.rounds = rounds
                return
            t.dates = t.dates[: len(rounds)]
            self.rng.setstate(start)

    def _pair_swiss(self, t: PlannedTournament, slug: str) -> list:
        """The rounds of ``t`` paired with ``len(t.dates)`` rounds planned, up to the first round
        the engine cannot pair (then fewer rounds than planned)."""
        rng = self.rng
        by_tpn = dict(enumerate(t.entrants, start=1))
        history: dict[int, list[RoundRecord]] = {number: [] for number in by_tpn}
        rounds: list[list[tuple[Person, Person | None, str]]] = []
        played = len(t.dates) if t.rounds_played is None else t.rounds_played + 1
        for r in range(played):
            day, pending = t.dates[r], t.rounds_played is not None and r == t.rounds_played
            requested: set[int] = set()
            if 0 < r < len(t.dates) - 1 and not pending:
                requested = {number for number in by_tpn if rng.random() < 0.02}
            state = TournamentState(
                players=tuple(
                    PlayerState(
                        tpn=number,
                        rating=p.starting.get(slug, (0, 0))[0],
                        history=tuple(history[number]),
                        absent=number in requested,
                        requested_bye="H" if number in requested else None,
                        name=f"{p.last_name}, {p.first_name}",
                    )
                    for number, p in by_tpn.items()
                ),
                total_rounds=len(t.dates),
                round_to_pair=r + 1,
                initial_colour=t.initial_colour,
            )
            pairing = pair_round(state)
            if not pairing.ok:
                break
            games: list[tuple[Person, Person | None, str]] = []
            for white, black in pairing.pairs:
                a, b = by_tpn[white], by_tpn[black]
                result = "" if pending else self._result(a, b, t.rating_list, day)
                games.append((a, b, result))
                if result:
                    history[white].append(RoundRecord(black, WHITE, result[0]))
                    history[black].append(RoundRecord(white, BLACK, result[1]))
            byes = [(number, Result.HALF_POINT_BYE) for number in sorted(requested)]
            if pairing.bye is not None:
                byes.append((pairing.bye, Result.PAIRING_BYE))
            for number, code in byes:
                history[number].append(RoundRecord(None, None, code))
            rounds.append(games + [(by_tpn[number], None, code) for number, code in byes])
        return rounds
