"""Import of a tournament from a FIDE Tournament Report File (TRF16 / TRF-2026).

    import_trf(*, actor, text=None, file=None, rating_list=None, club=None) -> ImportReport

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

from actions.trf_import.reading import _decode, _forbidden_lines, _parse
from actions.trf_import.report import MAX_UPLOAD_BYTES, ImportReport, Problem, _ImportFailed
from actions.trf_import.writing import _write
from core import roles
from core.submissions import Submission
from core.unit_of_work import change
from players.models import Club
from ratings.models import RatingList

__all__ = ["MAX_UPLOAD_BYTES", "ImportReport", "Problem", "import_trf"]


def import_trf(
    *,
    actor: Any,
    text: str | None = None,
    file: IO[Any] | None = None,
    rating_list: RatingList | None = None,
    club: Club | None = None,
    submission: Submission | None = None,
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
    (``PermissionDenied`` before anything is read or written). ``submission``: the form's
    one-time token (:mod:`core.submissions`): the same upload sent twice imports (and rates)
    once, the repeat raises ``AlreadySubmitted``. A player or address taken meanwhile by a
    concurrent change is reported as an error, like a problem of the file.
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
        with change(
            actor=actor, role=roles.creator_for(club), lists=[rating_list], submission=submission
        ) as unit:
            _write(unit, parsed, rating_list, club, report, _forbidden_lines(text_value))
            unit.answered(report.tournament)
    except _ImportFailed as failed:
        return ImportReport(errors=failed.problems, warnings=report.warnings)
    except ValidationError as refused:
        problems = [Problem(0, 0, message) for message in refused.messages]
        return ImportReport(errors=problems, warnings=report.warnings)
    return report
