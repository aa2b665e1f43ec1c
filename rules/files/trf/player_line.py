"""Reading one ``001`` player record: the fixed columns of the player and one field per round.

Column layout (1-based, inclusive): start rank 5-8, sex 10, title 11-13, name 15-47, rating
49-52, federation 54-56, FIDE id 58-68, birth date 70-79, points 81-84, rank 86-89, then per
round r (k = r - 1): opponent 92+10k..95+10k, colour 97+10k, result 99+10k.
"""

from __future__ import annotations

from rules.files.trf.fields import _fail, _int_field, _points_field
from rules.files.trf.limits import DEFAULT_LIMITS
from rules.files.trf.records import RESULT_CODES, PlayerRecord, RoundEntry
from rules.scoring import BYE_CODES, PLAYED_CODES

#: Columns (0-based) of a 001 line that must be blank, with the field they separate.
_SEPARATORS = (
    (3, "after the record type"),
    (8, "between start rank and sex"),
    (13, "between title and name"),
    (47, "between name and rating"),
    (52, "between rating and federation"),
    (56, "between federation and FIDE id"),
    (68, "between FIDE id and birth date"),
    (79, "between birth date and points"),
    (84, "between points and rank"),
)


def _parse_player(
    raw: str, lineno: int, max_rounds: int | None = None, declared: str = ""
) -> PlayerRecord:
    """Parse one ``001`` line (already stripped of its line ending).

    Round columns past ``max_rounds`` (default: the reader's limit) are refused as soon as
    they are met; ``declared`` names the record that set the number of rounds, if one did.
    """
    line = raw.rstrip()
    _check_nul(line, lineno)
    _check_layout(line, lineno)
    tpn = _int_field(line[4:8], lineno, 4, "start rank")
    if tpn == 0:
        raise _fail(lineno, 4, "start rank 0 is not allowed")
    sex = line[9].strip().lower()
    if sex not in ("", "m", "w", "f"):
        raise _fail(lineno, 9, f"unknown sex code {line[9]!r} (expected m, w or f)")
    title = line[10:13].strip()
    name = line[14:47].strip()
    rating = _int_field(line[48:52], lineno, 48, "rating", blank=0)
    federation = line[53:56].strip()
    fide_raw = line[57:68].strip()
    fide_id = _int_field(line[57:68], lineno, 57, "FIDE id") if fide_raw else None
    birth_date = line[69:79].strip()
    points = _points_field(line[80:84], lineno, 80, "points")
    rank = _int_field(line[85:89], lineno, 85, "rank") if line[85:89].strip() else None
    if len(line) > 89 and line[89:91].strip():
        raise _fail(lineno, 89, "expected blanks in columns 90-91 (before round 1)")
    return PlayerRecord(
        tpn=tpn,
        name=name,
        sex=sex,
        title=title,
        rating=rating,
        federation=federation,
        fide_id=fide_id,
        birth_date=birth_date,
        points=points,
        rank=rank,
        rounds=_parse_rounds(line, lineno, tpn, max_rounds, declared),
        line=lineno,
    )


def _check_nul(line: str, lineno: int) -> None:
    """A NUL character is never text (and PostgreSQL cannot store it)."""
    nul = line.find("\x00")
    if nul >= 0:
        raise _fail(lineno, nul, "NUL character (byte 0) in the line")


def beyond_rounds(round_no: int, max_rounds: int, declared: str) -> str:
    """The reason for a round entry past the last round a file may have."""
    if declared:
        return f"round {round_no}: entry beyond the {max_rounds} rounds declared ({declared})"
    return f"round {round_no}: more than {max_rounds} rounds (the most a file may have)"


def _check_layout(line: str, lineno: int) -> None:
    """The line is long enough for the points and its separating columns are blank."""
    if len(line) < 84:
        raise _fail(
            lineno,
            len(line),
            f"player record is too short ({len(line)} characters; points need columns 81-84)",
        )
    for col0, what in _SEPARATORS:
        if col0 < len(line) and line[col0] != " ":
            raise _fail(
                lineno,
                col0,
                f"expected a blank {what}, found {line[col0]!r} (fields in the wrong columns?)",
            )


def _parse_rounds(
    line: str, lineno: int, tpn: int, max_rounds: int | None, declared: str
) -> list[RoundEntry]:
    """The round fields of player ``tpn``, without trailing blank rounds."""
    if max_rounds is None:
        max_rounds = DEFAULT_LIMITS.max_rounds
    rounds: list[RoundEntry] = []
    k = 0
    while 91 + 10 * k < len(line):
        start = 91 + 10 * k
        if k >= max_rounds:
            # Stop here: the rest of a long line is not read at all.
            extra = start + len(line[start:]) - len(line[start:].lstrip())
            r = k + 1 + (extra - start) // 10
            raise _fail(lineno, extra, beyond_rounds(r, max_rounds, declared))
        seg = line[start : start + 10].ljust(10)
        rounds.append(_parse_round(seg, lineno, start, k + 1, tpn))
        k += 1
    while rounds and rounds[-1].is_blank:
        rounds.pop()
    return rounds


def _parse_round(seg: str, lineno: int, start: int, round_no: int, tpn: int) -> RoundEntry:
    """One 10-column round field ``seg`` starting at 0-based column ``start``."""
    if seg[4] != " " or seg[6] != " " or seg[8:10].strip():
        bad = next(i for i in (4, 6, 8, 9) if seg[i] != " ")
        raise _fail(
            lineno,
            start + bad,
            f"round {round_no}: expected a blank, found {seg[bad]!r} (round fields are "
            f"at columns {start + 1}-{start + 4}, {start + 6} and {start + 8})",
        )
    opp_text = seg[0:4]
    if opp_text.strip() in ("", "0000"):
        opponent = None
    else:
        opponent = _int_field(opp_text, lineno, start, f"round {round_no}: opponent")
        if opponent == 0:
            opponent = None
    colour = seg[5].lower()
    if colour == " ":
        colour = "-"
    if colour not in ("w", "b", "-"):
        raise _fail(
            lineno, start + 5, f"round {round_no}: unknown colour {seg[5]!r} (expected w, b, -)"
        )
    result = seg[7].upper()
    if result not in RESULT_CODES:
        raise _fail(
            lineno,
            start + 7,
            f"round {round_no}: unknown result code {seg[7]!r} "
            "(expected one of 1 = 0 + - W D L H F U Z)",
        )
    entry = RoundEntry(opponent, colour, result)
    _check_round(entry, lineno, start, round_no, tpn)
    return entry


def _check_round(entry: RoundEntry, lineno: int, start: int, round_no: int, tpn: int) -> None:
    """The opponent, colour and result of one round agree with each other."""
    opponent, colour, result = entry.opponent, entry.colour, entry.result
    if opponent is not None:
        if opponent == tpn:
            raise _fail(lineno, start, f"round {round_no}: player {tpn} is paired with itself")
        if result in BYE_CODES or result == " ":
            raise _fail(
                lineno,
                start + 7,
                f"round {round_no}: result code {result!r} needs opponent 0000, "
                f"found opponent {opponent}",
            )
        if result in PLAYED_CODES and colour == "-":
            raise _fail(
                lineno,
                start + 5,
                f"round {round_no}: played game against {opponent} needs colour w or b",
            )
    else:
        if result in PLAYED_CODES:
            raise _fail(
                lineno,
                start + 7,
                f"round {round_no}: result code {result!r} needs an opponent",
            )
        if colour != "-":
            raise _fail(
                lineno,
                start + 5,
                f"round {round_no}: colour {colour!r} given without an opponent",
            )
