"""Import of a tournament from a FIDE Tournament Report File (TRF16 / TRF-2026).

    import_trf(*, actor, text=None, file=None, rating_list=None, club=None,
               starting_ratings=False) -> ImportReport

The file format itself (reading, validation with line and column) is the pure package
:mod:`rules.files.trf`; this package maps it to our models (the export is
:mod:`backoffice.files.trf`). See ``docs/trf.md``.

The import is one unit of work: a file with any error changes nothing and the report lists
every problem found (line, column, reason). A complete tournament is written in bulk (one
rating replay at the end) rather than through ``add_game`` one game at a time.

Modules: :mod:`~actions.trf_import.report` (the report and its problems),
:mod:`~actions.trf_import.reading` (decoding and parsing the upload),
:mod:`~actions.trf_import.mapping` (the tournament's fields, matching players) and
:mod:`~actions.trf_import.writing` (the bulk writes).
"""

from __future__ import annotations

from typing import IO, Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from actions.trf_import.reading import _decode, _forbidden_lines, _limits, _parse, _too_big
from actions.trf_import.report import MAX_UPLOAD_BYTES, ImportReport, Problem, _ImportFailed
from actions.trf_import.teams import is_team_file, parse_teams
from actions.trf_import.writing import _write
from core import roles
from core.roles import Actor
from core.submissions import Submission
from core.unit_of_work import change
from players.models import Club
from ratings.enums import GameKind
from ratings.models import RatingList

__all__ = ["MAX_UPLOAD_BYTES", "ImportReport", "Problem", "import_trf"]


def import_trf(
    *,
    actor: Actor,
    text: str | None = None,
    file: IO[Any] | None = None,
    rating_list: RatingList | None = None,
    club: Club | None = None,
    starting_ratings: bool = False,
    submission: Submission | None = None,
) -> ImportReport:
    """Create a tournament from a TRF16 / TRF-2026 file (``text`` or a binary ``file``).

    A TRF-2026 team file (records ``310``/``013``) becomes a team tournament: its teams,
    rosters, line-ups, matches, byes and forfeits too (:mod:`actions.trf_import.teams`).

    Players are matched by FIDE id, else by name and birth year, else created. Rounds, games,
    byes, withdrawals (a record that stops before the last round) and late entries (a record
    whose first rounds are blank) are recreated; requested byes written for rounds not yet
    played (round columns ``0000 - H|Z`` past the last paired round, records ``240``) become
    requested byes. With ``rating_list`` the tournament is rated in that list. The file's
    ratings are the registrations' ratings at start (used for pairing, shown as such); a
    player found in our data is linked to the tournament and never changed, and never gets a
    rating from a file. With ``starting_ratings`` (staff only) the players the import creates
    start in the list with the file's rating, valid from the tournament's start date. One
    unit of work: on any problem nothing is written and ``report.errors`` says what is wrong.

    A file beyond the web app's limits (:mod:`tournaments.limits`: more players or rounds,
    declared or in the round columns, than a tournament may have) is refused by a quick look
    at its lines before it is parsed.

    ``club`` is the organising club; a non-staff ``actor`` must organise it
    (``PermissionDenied`` before anything is read or written). A TRF is a chess file: a
    ``rating_list`` of go or shogi is refused (``ValidationError``) before it is read.
    ``submission``: the form's one-time token (:mod:`core.submissions`): the same upload sent
    twice imports (and rates) once, the repeat raises ``AlreadySubmitted``. A player or
    address taken meanwhile by a concurrent change is reported as an error, like a problem of
    the file.
    """
    roles.require(roles.creator_for(club).allows(actor))
    if starting_ratings:
        roles.require(roles.staff().allows(actor))
    if rating_list is not None and rating_list.game != GameKind.CHESS:
        raise ValidationError(
            {
                "rating_list": _("A TRF file is a chess tournament: %(list)s rates %(game)s.")
                % {"list": rating_list.name, "game": rating_list.get_game_display()}
            }
        )
    text_value, problems = _decode(text, file)
    report = ImportReport()
    if problems or text_value is None:
        report.errors = problems
        return report
    problems = _too_big(text_value)
    if problems:
        report.errors = problems
        return report
    parsed, problems = _parse(text_value)
    team_file = None
    if not problems and is_team_file(text_value):
        team_file, problems = parse_teams(text_value, _limits())
    if problems or parsed is None:
        report.errors = problems
        return report
    try:
        with change(
            actor=actor, role=roles.creator_for(club), lists=[rating_list], submission=submission
        ) as unit:
            _write(
                unit,
                parsed,
                rating_list,
                club,
                report,
                _forbidden_lines(text_value),
                actor=actor,
                starting_ratings=starting_ratings,
                team_file=team_file,
                text=text_value,
            )
            unit.answered(report.tournament)
    except _ImportFailed as failed:
        return ImportReport(errors=failed.problems, warnings=report.warnings)
    except ValidationError as refused:
        problems = [Problem(0, 0, message) for message in refused.messages]
        return ImportReport(errors=problems, warnings=report.warnings)
    return report
