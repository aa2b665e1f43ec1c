"""Writing an imported tournament: players, registrations, rounds, games, byes, forbidden pairs.

A complete tournament is written in bulk inside the import's unit of work, then rated with
one replay; any problem raises and rolls everything back.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _

from actions.boards import RATED_CODES
from actions.ratings import write_starting_rating
from actions.trf_import.mapping import _player_for, _tournament_fields
from actions.trf_import.report import ImportReport, Problem, _ImportFailed
from actions.trf_import.teams import team_fields, write_teams
from core.enums import AuditAction
from core.roles import Actor
from core.unit_of_work import Unit
from players.models import Club, Player
from ratings.models import RatingList
from rules.files import trf as trfmod
from rules.files.trf.team_records import TeamTrfFile
from rules.scoring import PointSystem, result_of_codes
from tournaments.enums import RoundStatus
from tournaments.models import (
    ForbiddenPair,
    Game,
    Registration,
    RequestedBye,
    Round,
    Tournament,
)


def _write(
    unit: Unit,
    parsed: trfmod.TrfFile,
    rating_list: RatingList | None,
    club: Club | None,
    report: ImportReport,
    forbidden_lines: list[tuple[int, dict[int, int]]],
    *,
    actor: Actor,
    starting_ratings: bool = False,
    team_file: TeamTrfFile | None = None,
    text: str = "",
) -> None:
    locked = unit.lists[rating_list.pk] if rating_list is not None else None
    fields = _tournament_fields(parsed, report)
    if team_file is not None:
        fields.update(team_fields(team_file, text))
    tournament = Tournament.objects.create(rating_list=locked, club=club, **fields)
    report.tournament = tournament

    records = sorted(parsed.players, key=lambda p: p.tpn)
    entries = {
        p.tpn: [trfmod.normalized_entry(p.entry(r)) for r in range(1, len(p.rounds) + 1)]
        for p in records
    }
    # Rounds with a pairing: a game, a forfeit or a pairing-allocated bye.
    paired = max(
        (
            r
            for es in entries.values()
            for r, e in enumerate(es, start=1)
            if e.opponent is not None or e.result == "U"
        ),
        default=0,
    )
    players, created = _match_players(records, report)
    regs = _register(tournament, records, entries, paired, players)
    games = _write_rounds(tournament, parsed, records, entries, paired, players, regs, report)
    if team_file is not None:
        write_teams(tournament, team_file, text, players, games)
    _requested_byes(parsed, records, entries, paired, regs)
    _forbidden_pairs(tournament, parsed, players, forbidden_lines, report)

    if locked is not None:
        if starting_ratings:
            _starting_ratings(unit, actor, tournament, records, players, created)
        if any(g.result in RATED_CODES for g in games):
            # The games' periods only: the lists published before them stay as they are.
            dates = Round.objects.filter(tournament=tournament, date__isnull=False)
            first = dates.order_by("date").values_list("date", flat=True).first()
            unit.replay(locked, from_date=min(filter(None, [tournament.start_date, first])))
    unit.audit(
        AuditAction.TRF_IMPORTED,
        params={"tournament": tournament.name, "players": len(records), "games": len(games)},
        tournament=tournament,
        rating_list=locked,
        after={
            "players_created": report.players_created,
            "players_matched": report.players_matched,
            "rounds": report.rounds,
            "games": report.games,
        },
    )


def _match_players(
    records: list[trfmod.PlayerRecord], report: ImportReport
) -> tuple[dict[int, Player], set[int]]:
    """The player of each start rank, found or created, and the start ranks of the players
    created; two records may not be one player. A player found is linked, never changed."""
    players: dict[int, Player] = {}
    created_tpns: set[int] = set()
    seen: dict[int, int] = {}
    for record in records:
        player, created = _player_for(record, report)
        if player.pk in seen:
            raise _ImportFailed(
                [
                    Problem(
                        record.line,
                        15,
                        _("this is the same player as start rank %(tpn)d")
                        % {"tpn": seen[player.pk]},
                    )
                ]
            )
        seen[player.pk] = record.tpn
        players[record.tpn] = player
        if created:
            created_tpns.add(record.tpn)
            report.players_created += 1
        else:
            report.players_matched += 1
    return players, created_tpns


def _register(
    tournament: Tournament,
    records: list[trfmod.PlayerRecord],
    entries: dict[int, list[trfmod.RoundEntry]],
    paired: int,
    players: dict[int, Player],
) -> dict[int, Registration]:
    """The registrations by start rank, with late entries and withdrawals from the rounds."""
    registrations = []
    for record in records:
        played = entries[record.tpn][:paired]
        real = [r for r, e in enumerate(played, start=1) if not _is_blank(record, r)]
        first = real[0] if real else paired + 1
        withdrawn = real[-1] if real and real[-1] < paired else None
        registrations.append(
            Registration(
                tournament=tournament,
                player=players[record.tpn],
                pairing_number=record.tpn,
                rating_at_start=record.rating or None,
                withdrawn_after_round=withdrawn,
                entered_round=first,
            )
        )
    Registration.objects.bulk_create(registrations)
    return {r.pairing_number: r for r in Registration.objects.filter(tournament=tournament)}


def _write_rounds(
    tournament: Tournament,
    parsed: trfmod.TrfFile,
    records: list[trfmod.PlayerRecord],
    entries: dict[int, list[trfmod.RoundEntry]],
    paired: int,
    players: dict[int, Player],
    regs: dict[int, Registration],
    report: ImportReport,
) -> list[Game]:
    """The paired rounds, published, with their games and byes."""
    dates = [trfmod.parse_trf_date(d) for d in parsed.round_dates or []]
    now = timezone.now()
    games: list[Game] = []
    for number in range(1, paired + 1):
        date = dates[number - 1] if number <= len(dates) else None
        rnd = Round.objects.create(
            tournament=tournament,
            number=number,
            date=date,
            status=RoundStatus.PUBLISHED,
            published_at=now,
        )
        games.extend(_round_games(rnd, number, records, entries, players, regs))
        report.rounds += 1
    Game.objects.bulk_create(games)
    report.games = len(games)
    return games


def _requested_byes(
    parsed: trfmod.TrfFile,
    records: list[trfmod.PlayerRecord],
    entries: dict[int, list[trfmod.RoundEntry]],
    paired: int,
    regs: dict[int, Registration],
) -> None:
    """Byes written for rounds not yet paired (round columns and ``240`` records)."""
    byes: dict[tuple[int, int], str] = {}
    for record in records:
        for number in range(paired + 1, len(entries[record.tpn]) + 1):
            e = entries[record.tpn][number - 1]
            if _is_blank(record, number) or not _plays_in(regs[record.tpn], number):
                continue
            if e.result in ("H", "Z"):
                byes[(record.tpn, number)] = e.result
            elif e.result == "F":
                raise _ImportFailed(
                    [
                        Problem(
                            record.line,
                            92 + 10 * (number - 1) + 7,
                            _("a full-point bye can only be given in a paired round"),
                        )
                    ]
                )
    for kind, number, tpn in parsed.byes:
        if number <= paired:
            continue
        if kind not in ("H", "Z"):
            raise _ImportFailed(
                [
                    Problem(
                        1, 1, _("record 240: a full-point bye can only be given in a paired round")
                    )
                ]
            )
        byes.setdefault((tpn, number), kind)
    RequestedBye.objects.bulk_create(
        RequestedBye(registration=regs[tpn], round_number=number, kind=kind)
        for (tpn, number), kind in sorted(byes.items())
    )


def _forbidden_pairs(
    tournament: Tournament,
    parsed: trfmod.TrfFile,
    players: dict[int, Player],
    forbidden_lines: list[tuple[int, dict[int, int]]],
    report: ImportReport,
) -> None:
    """``260``/``XXP`` records as forbidden pairs (for every round: the model has no range)."""
    pairs: set[tuple[int, int]] = set()
    problems = []
    total = parsed.total_rounds
    for (first, last, tpns), (lineno, columns) in zip(
        parsed.forbidden_pairs, forbidden_lines, strict=True
    ):
        unknown = [t for t in dict.fromkeys(tpns) if t not in players]
        for tpn in unknown:
            problems.append(
                Problem(
                    lineno,
                    columns[tpn],
                    _("forbidden pair: start rank %(tpn)d is not a player") % {"tpn": tpn},
                )
            )
        if unknown:
            continue
        if first > 1 or (last is not None and total is not None and last < total):
            report.warnings.append(
                Problem(
                    lineno,
                    5,
                    _("forbidden pair for rounds %(first)d-%(last)d kept for every round")
                    % {"first": first, "last": last if last is not None else total or first},
                )
            )
        pairs.update(combinations(sorted(set(tpns)), 2))
    if problems:
        raise _ImportFailed(problems)
    ForbiddenPair.objects.bulk_create(
        ForbiddenPair(
            tournament=tournament,
            player_a=min(players[a], players[b], key=lambda p: p.pk),
            player_b=max(players[a], players[b], key=lambda p: p.pk),
        )
        for a, b in sorted(pairs)
    )


def _plays_in(reg: Registration, number: int) -> bool:
    return reg.entered_round <= number and reg.plays_in(number)


def _is_blank(record: trfmod.PlayerRecord, number: int) -> bool:
    return record.entry(number).is_blank


def _round_games(
    rnd: Round,
    number: int,
    records: list[trfmod.PlayerRecord],
    entries: dict[int, list[trfmod.RoundEntry]],
    players: dict[int, Player],
    regs: dict[int, Registration],
) -> list[Game]:
    """The games and byes of round ``number``, best scores first."""

    def score(tpn: int) -> Fraction:
        return sum(
            (_BOARD_ORDER_POINTS.points(e.result) for e in entries[tpn][: number - 1]),
            Fraction(0),
        )

    pairs, byes = [], []
    for record in records:
        es = entries[record.tpn]
        e = es[number - 1] if number <= len(es) else _ABSENT
        reg = regs[record.tpn]
        if e.opponent is None:
            outside = number < reg.entered_round or (
                reg.withdrawn_after_round is not None and number > reg.withdrawn_after_round
            )
            if not outside:
                byes.append((record.tpn, e.result))
            continue
        if record.tpn > e.opponent:
            continue
        other = entries[e.opponent][number - 1]
        if e.colour == "b" or other.colour == "w":
            white, black, codes = e.opponent, record.tpn, (other.result, e.result)
        else:
            white, black, codes = record.tpn, e.opponent, (e.result, other.result)
        pairs.append((-(score(white) + score(black)), min(white, black), white, black, codes))
    pairs.sort()
    games = []
    for board, (_s, _m, white, black, codes) in enumerate(pairs, start=1):
        games.append(
            Game(
                round=rnd,
                board=board,
                white=players[white],
                black=players[black],
                result=result_of_codes(*codes),
            )
        )
    order = {"U": 0, "F": 1, "H": 2, "Z": 3}
    for board, (tpn, code) in enumerate(
        sorted(byes, key=lambda b: (order[b[1]], b[0])), start=len(games) + 1
    ):
        games.append(Game(round=rnd, board=board, white=players[tpn], black=None, result=code))
    return games


_ABSENT = trfmod.RoundEntry(None, "-", "Z")
#: Boards are numbered by the players' scores on 1 / ½ / 0 (the file's own points may differ).
_BOARD_ORDER_POINTS = PointSystem()


def _starting_ratings(
    unit: Unit,
    actor: Actor,
    tournament: Tournament,
    records: list[trfmod.PlayerRecord],
    players: dict[int, Player],
    created: set[int],
) -> None:
    """Staff's choice: the players this import created start with the file's rating, valid
    from the tournament's start (never retroactively). Players found are never given one."""
    problems = []
    for record in records:
        if record.tpn not in created or not record.rating:
            continue
        try:
            write_starting_rating(
                unit,
                actor=actor,
                player=players[record.tpn],
                rating_list=tournament.rating_list,
                rating=record.rating,
                date=tournament.start_date,
            )
        except ValidationError as error:
            problems.extend(Problem(record.line, 49, message) for message in error.messages)
    if problems:
        raise _ImportFailed(problems)
