"""Import of a tournament from a FIDE Tournament Report File (TRF16 / TRF-2026).

    import_trf(*, actor, text=None, file=None, rating_list=None, club=None) -> ImportReport

The file format itself (reading, validation with line and column) is the pure module
:mod:`rules.files.trf`; this module maps it to our models (the export is
:mod:`backoffice.files.trf`). See ``docs/trf.md``.

The import is one unit of work: a file with any error changes nothing and the report lists
every problem found (line, column, reason). A complete tournament is written in bulk (one
rating replay at the end) rather than through ``add_game`` one game at a time.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from itertools import combinations
from typing import IO, Any

from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from actions.boards import RATED_CODES
from actions.tournaments import free_slug
from core import roles
from core.enums import AuditAction
from core.unit_of_work import FROM_THE_START, Unit, change
from players.enums import Title
from players.models import Club, Player
from ratings.models import PlayerRating, RatingList
from rules.files import trf as trfmod
from rules.scoring import PointSystem, result_of_codes
from tournaments.enums import InitialColour, PairingSystem, RoundStatus
from tournaments.models import (
    ForbiddenPair,
    Game,
    Registration,
    RequestedBye,
    Round,
    Tournament,
)

__all__ = ["MAX_UPLOAD_BYTES", "ImportReport", "Problem", "import_trf"]

#: Largest file the organiser UI accepts (a 300-player, 11-round TRF is about 50 kB).
MAX_UPLOAD_BYTES = 2 * 1024 * 1024

_FEDERATION = re.compile(r"^[A-Z]{3}$")
_TITLES = frozenset(str(t) for t in Title.values)


@dataclass(frozen=True)
class Problem:
    """One thing wrong with (or noticed in) a file: 1-based line and column, and a reason."""

    line: int
    column: int
    reason: str

    def __str__(self) -> str:
        return _("line %(line)d, column %(column)d: %(reason)s") % {
            "line": self.line,
            "column": self.column,
            "reason": self.reason,
        }


@dataclass
class ImportReport:
    """What an import did. ``errors`` non-empty means nothing was written."""

    tournament: Tournament | None = None
    errors: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)
    players_created: int = 0
    players_matched: int = 0
    rounds: int = 0
    games: int = 0

    @property
    def ok(self) -> bool:
        return not self.errors


class _ImportFailed(Exception):
    """Raised inside the import transaction to roll it back."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__(problems)
        self.problems = problems


def _decode(text: str | None, file: IO[Any] | None) -> tuple[str | None, list[Problem]]:
    if (text is None) == (file is None):
        raise TypeError("import_trf needs exactly one of text= or file=")
    if text is not None:
        return text, []
    data = file.read()  # type: ignore[union-attr]
    if isinstance(data, str):
        return data, []
    try:
        return data.decode("utf-8"), []
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        return None, [Problem(line, column, _("the file is not UTF-8 text"))]


def _line_problems(text: str) -> list[Problem]:
    """Every error the reader finds in single player lines (it stops at the first one)."""
    problems = []
    lines = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for lineno, raw in enumerate(lines, start=1):
        if raw.startswith("001"):
            try:
                trfmod._parse_player(raw, lineno)
            except trfmod.TrfError as exc:
                problems.append(Problem(exc.line, exc.column, exc.reason))
    return problems


def _parse(text: str) -> tuple[trfmod.TrfFile | None, list[Problem]]:
    problems = _line_problems(text)
    if problems:
        return None, problems
    try:
        parsed = trfmod.parse_trf(text)
    except trfmod.TrfError as exc:
        return None, [Problem(exc.line, exc.column, exc.reason)]
    if not parsed.players:
        return None, [Problem(1, 1, _("the file has no player records (001 lines)"))]
    return parsed, []


def _forbidden_lines(text: str) -> list[tuple[int, dict[int, int]]]:
    """Line and 1-based column of each player of the ``260``/``XXP`` records, in file order.

    Aligned with ``TrfFile.forbidden_pairs`` (the reader adds one entry per such line).
    """
    found = []
    lines = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for lineno, raw in enumerate(lines, start=1):
        columns: dict[int, int] = {}
        if raw.startswith("260"):
            for start in range(12, len(raw.rstrip()), 5):
                columns.setdefault(int(raw[start : start + 4]), start + 1)
        elif raw.startswith("XXP"):
            for token in raw[4:].split():
                columns.setdefault(int(token), raw.find(token) + 1)
        else:
            continue
        found.append((lineno, columns))
    return found


# --------------------------------------------------------------------------- mapping helpers


def _split_name(name: str) -> tuple[str, str]:
    """``"Lastname, Firstname"`` (also ``"Lastname,Firstname"``) into its two parts."""
    last, sep, first = name.partition(",")
    if not sep:
        return name.strip(), ""
    return last.strip(), first.strip()


def _birth(text: str) -> tuple[datetime.date | None, int | None]:
    """Birth date and year from a TRF birth-date field (year-only dates give no date)."""
    date = trfmod.parse_trf_date(text)
    if date is not None:
        return date, date.year
    if re.fullmatch(r"\d{4}", text.strip()):
        return None, int(text.strip())
    return None, None


def _pairing_system(parsed: trfmod.TrfFile) -> str:
    text = f"{parsed.headers.get('192', '')} {parsed.headers.get('092', '')}".upper()
    if "DOUBLEROUNDROBIN" in text.replace(" ", "").replace("-", ""):
        return PairingSystem.DOUBLE_ROUND_ROBIN
    if "ROUNDROBIN" in text.replace(" ", "").replace("-", "") or "BERGER" in text:
        return PairingSystem.ROUND_ROBIN
    if "DUTCH" in text or "SWISS" in text:
        return PairingSystem.SWISS_DUTCH
    return PairingSystem.MANUAL


def _points_decimal(value: Fraction) -> Decimal:
    return (Decimal(value.numerator) / Decimal(value.denominator)).quantize(Decimal("0.1"))


def _find_player(
    record: trfmod.PlayerRecord, last: str, first: str, year: int | None
) -> Player | None:
    """By FIDE id; else by name and birth year (or name alone when neither side has a year)."""
    if record.fide_id:
        found = Player.objects.filter(fide_id=record.fide_id).first()
        if found is not None:
            return found
    same_name = Player.objects.filter(last_name__iexact=last, first_name__iexact=first)
    if record.fide_id:
        same_name = same_name.filter(fide_id__isnull=True)
    if year is not None:
        candidates = list(same_name.filter(birth_date__year=year)[:2])
    else:
        candidates = list(same_name.filter(birth_date__isnull=True)[:2])
    return candidates[0] if len(candidates) == 1 else None


# --------------------------------------------------------------------------- import


def import_trf(
    *,
    actor: Any,
    text: str | None = None,
    file: IO[Any] | None = None,
    rating_list: RatingList | None = None,
    club: Club | None = None,
) -> ImportReport:
    """Create a tournament from a TRF16 / TRF-2026 file (``text`` or a binary ``file``).

    Players are matched by FIDE id, else by name and birth year, else created. Rounds, games,
    byes, withdrawals (a record that stops before the last round) and late entries (a record
    whose first rounds are blank) are recreated; requested byes written for rounds not yet
    played (round columns ``0000 - H|Z`` past the last paired round, records ``240``) become
    requested byes. With ``rating_list`` the tournament is rated in that list; players new to
    the list get the file's rating as starting rating. One unit of work: on any problem
    nothing is written and ``report.errors`` says what is wrong.

    ``club`` is the organising club; a non-staff ``actor`` must organise it
    (``PermissionDenied`` before anything is read or written).
    """
    roles.require(roles.creator_for(club).allows(actor))
    text_value, problems = _decode(text, file)
    report = ImportReport()
    if problems or text_value is None:
        report.errors = problems
        return report
    parsed, problems = _parse(text_value)
    if problems or parsed is None:
        report.errors = problems
        return report
    try:
        with change(actor=actor, role=roles.creator_for(club), lists=[rating_list]) as unit:
            _write(unit, parsed, rating_list, club, report, _forbidden_lines(text_value))
    except _ImportFailed as failed:
        return ImportReport(errors=failed.problems, warnings=report.warnings)
    return report


def _tournament_fields(parsed: trfmod.TrfFile, report: ImportReport) -> dict[str, Any]:
    ps = parsed.point_system
    errors = []
    if ps.full_bye != ps.win:
        errors.append(_("a full-point bye must score like a win"))
    if ps.zero_bye or ps.forfeit_loss:
        errors.append(_("absences and forfeit losses must score zero"))
    if errors:
        raise _ImportFailed(
            [
                Problem(1, 1, _("unsupported point system: %(reason)s") % {"reason": e})
                for e in errors
            ]
        )
    round_dates = [trfmod.parse_trf_date(d) for d in parsed.round_dates or []]
    known_dates = [d for d in round_dates if d is not None]
    start = parsed.start_date or (min(known_dates) if known_dates else None)
    end = parsed.end_date or (max(known_dates) if known_dates else None)
    if start is None:
        start = end or timezone.localdate()
        report.warnings.append(
            Problem(1, 1, _("no start date (record 042): %(date)s used") % {"date": start})
        )
    if end is None or end < start:
        end = start
    name = parsed.name.strip() or _("Imported tournament")
    colour = InitialColour.DRAWN
    if parsed.initial_colour in ("w", "b"):
        colour = parsed.initial_colour
    return {
        "name": name[:200],
        "slug": free_slug(slugify(name)),
        "city": parsed.headers.get("022", "")[:100],
        "start_date": start,
        "end_date": end,
        "rounds_planned": parsed.total_rounds or parsed.rounds_in_file,
        "pairing_system": _pairing_system(parsed),
        "points_win": _points_decimal(ps.win),
        "points_draw": _points_decimal(ps.draw),
        "points_loss": _points_decimal(ps.loss),
        "points_forfeit_win": _points_decimal(ps.forfeit_win),
        "points_pab": _points_decimal(ps.pab),
        "points_half_bye": _points_decimal(ps.half_bye),
        "initial_colour": colour,
        "accelerated": parsed.headers.get("192", "").upper().endswith("_BAKU"),
    }


def _player_for(record: trfmod.PlayerRecord, report: ImportReport) -> tuple[Player, bool]:
    last, first = _split_name(record.name)
    birth_date, year = _birth(record.birth_date)
    found = _find_player(record, last, first, year)
    if found is not None:
        return found, False
    title = record.normalized_title
    if title and title not in _TITLES:
        report.warnings.append(
            Problem(record.line, 11, _("unknown title “%(title)s” ignored") % {"title": title})
        )
        title = ""
    federation = record.federation.upper()
    if federation and not _FEDERATION.match(federation):
        report.warnings.append(
            Problem(record.line, 54, _("federation “%(fed)s” ignored") % {"fed": federation})
        )
        federation = ""
    if record.birth_date and birth_date is None and year is None:
        report.warnings.append(
            Problem(
                record.line,
                70,
                _("birth date “%(date)s” could not be read") % {"date": record.birth_date},
            )
        )
    if not last:
        raise _ImportFailed([Problem(record.line, 15, _("the player has no name"))])
    player = Player(
        last_name=last[:100],
        first_name=first[:100],
        sex="f" if record.sex in ("w", "f") else "m",
        birth_date=birth_date,
        federation=federation,
        fide_id=record.fide_id or None,
        title=title,
    )
    player.save()
    return player, True


def _write(
    unit: Unit,
    parsed: trfmod.TrfFile,
    rating_list: RatingList | None,
    club: Club | None,
    report: ImportReport,
    forbidden_lines: list[tuple[int, dict[int, int]]],
) -> None:
    locked = unit.lists[rating_list.pk] if rating_list is not None else None
    tournament = Tournament.objects.create(
        rating_list=locked, club=club, **_tournament_fields(parsed, report)
    )
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

    players: dict[int, Player] = {}
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
            report.players_created += 1
        else:
            report.players_matched += 1

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
    regs = {r.pairing_number: r for r in Registration.objects.filter(tournament=tournament)}

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
    _forbidden_pairs(tournament, parsed, players, forbidden_lines, report)

    if locked is not None:
        _starting_ratings(locked, records, players)
        if any(g.result in RATED_CODES for g in games):
            unit.replay(locked, from_date=FROM_THE_START)
    unit.audit(
        AuditAction.TRF_IMPORTED,
        _(
            "Tournament %(tournament)s imported from a TRF file: %(players)d players, "
            "%(games)d games"
        )
        % {"tournament": tournament.name, "players": len(records), "games": len(games)},
        tournament=tournament,
        rating_list=locked,
        after={
            "players_created": report.players_created,
            "players_matched": report.players_matched,
            "rounds": report.rounds,
            "games": report.games,
        },
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
        e = es[number - 1] if number <= len(es) else trfmod.RoundEntry(None, "-", "Z")
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
    rating_list: RatingList, records: list[trfmod.PlayerRecord], players: dict[int, Player]
) -> None:
    """Players new to the list bring the file's rating (valid from the start of the history)."""
    known = set(
        PlayerRating.objects.filter(
            rating_list=rating_list, player__in=list(players.values())
        ).values_list("player_id", flat=True)
    )
    PlayerRating.objects.bulk_create(
        PlayerRating(rating_list=rating_list, player=players[r.tpn], starting_rating=r.rating)
        for r in records
        if r.rating and players[r.tpn].pk not in known
    )
