"""Mapping a parsed TRF to our models: the tournament's fields and each record's player.

Players are matched by FIDE id, else by name and birth year, else created; names, birth
dates, titles, federations and the pairing system are read from the file's fields. Dates are
checked with :mod:`core.validators`: a birth date outside the birth years is ignored (a
warning), a tournament date outside the import window refuses the file.
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from actions.tournaments import free_slug
from actions.trf_import.report import ImportReport, Problem, _ImportFailed
from core.validators import birth_years, validate_birth_year, validate_imported_tournament_date
from players.enums import Title
from players.models import Player
from rules.files import trf as trfmod
from rules.pairing.baku import baku_accepts
from rules.search_key import player_key
from tournaments.enums import InitialColour, PairingSystem

_FEDERATION = re.compile(r"^[A-Z]{3}$")
_TITLES = frozenset(str(t) for t in Title.values)


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


def _sane_birth_year(year: int) -> bool:
    try:
        validate_birth_year(year)
    except ValidationError:
        return False
    return True


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
    for day in sorted({start, end}):
        try:
            validate_imported_tournament_date(day)
        except ValidationError as error:
            raise _ImportFailed(
                [
                    Problem(
                        1,
                        1,
                        _("tournament date %(date)s: %(reason)s")
                        % {"date": day.isoformat(), "reason": error.messages[0]},
                    )
                ]
            ) from None
    accelerated = parsed.headers.get("192", "").upper().endswith("_BAKU")
    if accelerated and not baku_accepts(ps):
        accelerated = False  # C.04.5.1: as the forms refuse it (tournaments.validators)
        report.warnings.append(
            Problem(
                1,
                1,
                _(
                    "record 192 asks for Baku acceleration, which is defined for the standard "
                    "scoring only: imported without it"
                ),
            )
        )
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
        "accelerated": accelerated,
    }


def _player_for(record: trfmod.PlayerRecord, report: ImportReport) -> tuple[Player, bool]:
    last, first = _split_name(record.name)
    birth_date, year = _birth(record.birth_date)
    out_of_window = year is not None and not _sane_birth_year(year)
    if out_of_window:
        report.warnings.append(
            Problem(
                record.line,
                70,
                _("birth date “%(date)s” ignored: %(first)d to %(last)d only")
                % {
                    "date": record.birth_date.strip(),
                    "first": birth_years()[0],
                    "last": birth_years()[1],
                },
            )
        )
        birth_date, year = None, None
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
    if record.birth_date and birth_date is None and year is None and not out_of_window:
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
        search_key=player_key(last[:100], first[:100]),
    )
    player.save()
    return player, True
