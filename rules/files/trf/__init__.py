"""Reader and writer for FIDE Tournament Report Files (TRF16, TRF-2026 and engine dialects).

Pure Python, no Django: the pairing engine's command line and the Django import/export both
use it. :func:`parse_trf` turns text into a :class:`TrfFile` of plain dataclasses and
:func:`write_trf` turns one back into TRF-2026 text.

The package holds :mod:`~rules.files.trf.records` (the data and the error),
:mod:`~rules.files.trf.reader` with its helpers (:mod:`~rules.files.trf.player_line`,
:mod:`~rules.files.trf.points`, :mod:`~rules.files.trf.fields`, :mod:`~rules.files.trf.checks`,
:mod:`~rules.files.trf.dates`) and :mod:`~rules.files.trf.writer`; the team records of
TRF-2026 are :mod:`~rules.files.trf.team_records` and :mod:`~rules.files.trf.teams`
(:func:`parse_team_trf`, :func:`write_team_trf`). Every public name is importable from
:mod:`rules.files.trf`.

The reader is tolerant of the quirks found in real files (one-letter titles, dotted or
free-text dates, blank opponent fields for byes, a ``spielfrei`` placeholder player, CR, LF or
CRLF line endings) and strict about real errors. Every error is a :class:`TrfError` carrying the
1-based line and column and a reason:

* a field in the wrong columns (text in a column that must be blank, a line too short);
* a non-numeric number (start rank, rating, FIDE id, points, rank, opponent, rounds);
* an unknown sex, colour or result code;
* a start rank used twice;
* an opponent reference that the opponent's own record does not mirror (opponent, colour or
  result);
* declared points (columns 81-84) that do not add up under the file's point system.

Column layout of a ``001`` record (1-based, inclusive): start rank 5-8, sex 10, title 11-13,
name 15-47, rating 49-52, federation 54-56, FIDE id 58-68, birth date 70-79, points 81-84,
rank 86-89, then per round r (k = r - 1): opponent 92+10k..95+10k, colour 97+10k,
result 99+10k.
"""

from rules.files.trf.dates import parse_trf_date
from rules.files.trf.limits import DEFAULT_LIMITS, TrfLimits, decode_trf

# One 001 line on its own: the TRF import lists every bad player line with it.
from rules.files.trf.player_line import _parse_player as _parse_player
from rules.files.trf.reader import parse_trf, read_trf
from rules.files.trf.records import (
    BLANK_ROUND,
    BYE_PLACEHOLDER_NAMES,
    RESULT_CODES,
    PlayerRecord,
    RoundEntry,
    TrfError,
    TrfFile,
    TrfFormatError,
    computed_points,
    normalized_entry,
)
from rules.files.trf.team_records import TeamTrfFile, TeamType
from rules.files.trf.teams import parse_team_trf, read_team_trf, write_team_trf
from rules.files.trf.writer import write_trf
from rules.scoring import RESULT_POINTS, PointSystem

__all__ = [
    "BLANK_ROUND",
    "BYE_PLACEHOLDER_NAMES",
    "DEFAULT_LIMITS",
    "RESULT_CODES",
    "RESULT_POINTS",
    "PlayerRecord",
    "PointSystem",
    "RoundEntry",
    "TeamTrfFile",
    "TeamType",
    "TrfError",
    "TrfFile",
    "TrfFormatError",
    "TrfLimits",
    "computed_points",
    "decode_trf",
    "normalized_entry",
    "parse_team_trf",
    "parse_trf",
    "parse_trf_date",
    "read_team_trf",
    "read_trf",
    "write_team_trf",
    "write_trf",
]
