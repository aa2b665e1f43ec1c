"""History entries told in the reader's language.

An audit entry stores what happened as data: its action code and ``params``, the parts of its
sentence (round and board numbers, the names as they were, result codes, old and new values,
field names, dates in ISO 8601). The sentence is made when the entry is read
(:func:`sentence`), in the language of the page, so a history written by an English-speaking
arbiter reads in Russian on a Russian page. ``summary`` keeps the sentence in English as it was
written: the text of entries stored before ``params`` existed, and of those whose data cannot
be told (:func:`sentence` falls back to it).

Results are told as the standings print them (``1–0``, ``½–½``, ``0–1``, ``+/−``…,
:func:`rules.scoring.result_text`), never as the stored TRF codes.
"""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import Any

from django.apps import apps
from django.core.exceptions import FieldDoesNotExist
from django.utils import formats, translation
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core.enums import AuditAction
from core.models import InvitationRole
from ratings.enums import rating_list_label
from rules.scoring import result_text
from tournaments.enums import ByeKind, Result, TeamMatchOutcome, TournamentStatus

__all__ = ["MESSAGES", "english", "result_label", "sentence"]

A = AuditAction

#: The sentence of each action (and of its variants), with the params as placeholders.
MESSAGES: dict[str, Any] = {
    A.GAME_ADDED: _("Round %(round)d, board %(board)d added: %(game)s"),
    A.GAME_DELETED: _("Round %(round)d, board %(board)d deleted: %(game)s"),
    A.BOARDS_SWAPPED: _("Round %(round)d: boards %(first)d and %(second)d swapped"),
    A.BOARD_EDITED: _("Round %(round)d, board %(board)d: %(white)s – %(black)s"),
    A.BYE_REQUESTED: _("%(player)s: %(kind)s requested for round %(round)d"),
    A.BYE_CANCELLED: _("%(player)s: bye for round %(round)d cancelled"),
    A.FORBIDDEN_PAIR_ADDED: _("%(first)s and %(second)s must not be paired"),
    A.CLUB_CREATED: _("Club %(club)s created"),
    A.CLUB_CHANGED: _("Club %(club)s changed: %(fields)s"),
    A.CLUB_DELETED: _("Club %(club)s deleted"),
    A.ORGANISERS_SET: _("Organisers of %(club)s: %(names)s"),
    A.INVITATION_SENT: _("%(email)s invited to %(club)s as %(role)s"),
    (A.INVITATION_SENT, "again"): _("Invitation of %(email)s to %(club)s sent again"),
    A.INVITATION_REVOKED: _("Invitation of %(email)s to %(club)s revoked"),
    (A.INVITATION_ACCEPTED, "organiser"): _("%(user)s is now an organiser of %(club)s"),
    (A.INVITATION_ACCEPTED, "arbiter"): _("%(user)s is now an arbiter of %(club)s"),
    (A.INVITATION_ACCEPTED, "player"): _("%(user)s is now the account of a player of %(club)s"),
    (A.RATING_LIST_CHANGED, "created"): _("Rating list %(list)s created"),
    (A.RATING_LIST_CHANGED, "changed"): _("Rating list %(list)s changed: %(fields)s"),
    (A.RATING_LIST_CHANGED, "deleted"): _("Rating list %(list)s deleted"),
    A.PLAYER_CREATED: _("Player %(player)s created"),
    A.PLAYER_CHANGED: _("%(player)s changed: %(fields)s"),
    A.PLAYER_DELETED: _("Player %(player)s deleted"),
    A.PLAYER_MERGED: _("%(duplicate)s (#%(id)d) merged into %(keep)s: %(games)d games moved"),
    A.FIDE_LIST_IMPORTED: _(
        "FIDE rating list of %(date)s: %(read)d lines, %(created)d players created, "
        "%(updated)d updated"
    ),
    A.STARTING_RATING_SET: _("%(player)s: starting rating in %(list)s set to %(rating)s"),
    A.DECLARED_GRADE_SET: _("%(player)s: declared grade in %(list)s set to %(grade)s"),
    A.RATINGS_RECOMPUTED: _("%(list)s: ratings recomputed from the first game"),
    A.PERIOD_CLOSED: _("%(list)s: list of %(date)s published"),
    A.PERIOD_REOPENED: _("%(list)s: list of %(date)s withdrawn"),
    A.PLAYER_REGISTERED: _("%(player)s entered (rating %(rating)s)"),
    A.NUMBERS_ASSIGNED: _("Pairing numbers assigned to %(count)d players"),
    A.PLAYER_WITHDRAWN: _("%(player)s withdrawn after round %(round)d"),
    A.REGISTRATION_CHANGED: _("%(player)s: entry changed (%(fields)s)"),
    A.PLAYER_UNREGISTERED: _("%(player)s: entry deleted"),
    A.RESULT_REPORTED: _("Round %(round)d, board %(board)d: %(player)s reports %(result)s"),
    A.REPORT_REJECTED: _("Round %(round)d, board %(board)d: reported %(result)s rejected"),
    A.RESULT_ENTERED: _("Round %(round)d, board %(board)d: %(game)s"),
    (A.RESULT_ENTERED, "was"): _("Round %(round)d, board %(board)d: %(game)s (was %(previous)s)"),
    A.RESULT_CORRECTED: _("Round %(round)d, board %(board)d: %(game)s (was %(previous)s)"),
    A.ROUND_PAIRED: _("Round %(round)d paired (draft, %(boards)d boards)"),
    A.PAIRINGS_DISCARDED: _("Draft of round %(round)d discarded"),
    A.ROUND_PUBLISHED: _("Pairings of round %(round)d published"),
    A.ROUND_ADDED: _("Round %(round)d added"),
    A.ROUND_CHANGED: _("Round %(round)d: date %(date)s"),
    A.ROUND_DELETED: _("Round %(round)d deleted"),
    A.TOURNAMENT_CREATED: _("Tournament %(tournament)s created"),
    A.TOURNAMENT_CHANGED: _("Tournament changed: %(fields)s"),
    (A.TOURNAMENT_CHANGED, "schedule"): _("Round schedule changed: rounds %(rounds)s"),
    A.TOURNAMENT_DELETED: _("Tournament %(tournament)s deleted"),
    A.ARBITERS_SET: _("Arbiters: %(names)s"),
    A.PRIZES_SET: _("Prize table: %(count)d prizes, %(total)s %(currency)s"),
    A.EVENT_CREATED: _("Event %(event)s created"),
    A.EVENT_CHANGED: _("Event %(event)s changed: %(fields)s"),
    (A.EVENT_CHANGED, "discounts"): _("Event %(event)s: discounts set (%(count)d)"),
    A.SECTION_ADDED: _("%(tournament)s added to the event %(event)s as a section"),
    A.SECTION_CHANGED: _("Section %(tournament)s of %(event)s changed: %(fields)s"),
    A.SECTION_REMOVED: _("%(tournament)s removed from the event %(event)s"),
    A.ENTRY_MADE: _("%(player)s entered %(section)s online"),
    A.ENTRY_CONFIRMED: _("%(player)s confirmed their entry to %(section)s"),
    A.ENTRY_APPROVED: _("Entry of %(player)s to %(section)s approved"),
    A.ENTRY_REJECTED: _("Entry of %(player)s to %(section)s rejected"),
    A.ENTRY_WITHDRAWN: _("Entry of %(player)s to %(section)s withdrawn"),
    A.ENTRY_MOVED_UP: _("%(player)s moved up from the waiting list of %(section)s"),
    A.ENTRY_PAID: _("%(player)s paid %(amount)s %(currency)s for %(section)s"),
    A.TOURNAMENT_STATUS_CHANGED: _("%(tournament)s: %(before)s → %(after)s"),
    (A.CHECK_IN_RULE_SET, "off"): _("Check-in switched off"),
    (A.CHECK_IN_RULE_SET, "first"): _("Check-in before round 1"),
    (A.CHECK_IN_RULE_SET, "every"): _("Check-in before every round"),
    (A.CHECKED_IN, "arbiter"): _("%(player)s checked in for round %(round)d"),
    (A.CHECKED_IN, "self"): _("%(player)s checked in for round %(round)d (by themselves)"),
    A.CHECK_IN_UNDONE: _("%(player)s: check-in for round %(round)d undone"),
    A.LEFT_OUT_ABSENT: _(
        "%(player)s did not check in: not paired in round %(round)d (zero-point bye)"
    ),
    A.CLUB_GAMES_SET: _(
        "Club games of %(club)s rated in %(list)s; challenges up to %(reach)d places"
    ),
    A.CLUB_GAME_REPORTED: _("Club game reported: %(game)s on %(date)s"),
    A.CLUB_GAME_CONFIRMED: _("Club game confirmed: %(game)s on %(date)s"),
    A.CLUB_GAME_REJECTED: _("Club game rejected: %(game)s on %(date)s"),
    A.LADDER_JOINED: _("%(player)s put on the ladder of %(club)s at place %(place)d"),
    A.LADDER_MOVED: _("%(player)s took place %(place)d on the ladder of %(club)s"),
    A.SEASON_CREATED: _("League season %(season)s created"),
    A.DIVISION_ADDED: _("Division %(division)s added to %(season)s with %(teams)d teams"),
    A.LEAGUE_SCHEDULED: _("%(division)s: calendar of %(rounds)d match days made"),
    A.MATCH_POSTPONED: _("%(match)s (round %(round)d) postponed to %(date)s"),
    A.MATCH_CARD_SUBMITTED: _("Match card of %(match)s entered: %(score)s"),
    A.MATCH_CARD_CONFIRMED: _("Match card of %(match)s confirmed: %(score)s"),
    A.MATCH_CARD_DISPUTED: _("Match card of %(match)s disputed"),
    A.MATCH_CARD_DECIDED: _("Match card of %(match)s decided by the arbiter: %(score)s"),
    A.MATCH_DEFAULTED: _("%(match)s: %(team)s did not come, the match is lost by default"),
    A.TEAM_ADDED: _("Team %(team)s added"),
    A.TEAM_CHANGED: _("Team %(team)s changed: %(fields)s"),
    A.ROSTER_SET: _("Roster of %(team)s: %(names)s"),
    A.LINE_UP_SUBMITTED: _("Line-up of %(team)s for round %(round)d: %(names)s"),
    A.MATCH_OUTCOME_SET: _("Round %(round)d, %(match)s: %(outcome)s"),
    A.TRF_IMPORTED: _(
        "Tournament %(tournament)s imported from a TRF file: %(players)d players, %(games)d games"
    ),
}
LATER_ROUNDS = _("(confirmed: later rounds %(rounds)s were already paired)")

#: The model whose fields a "changed: fields" entry names.
FIELDS_OF = {
    A.CLUB_CHANGED: "players.Club",
    A.EVENT_CHANGED: "events.Event",
    A.SECTION_CHANGED: "events.Section",
    A.PLAYER_CHANGED: "players.Player",
    A.RATING_LIST_CHANGED: "ratings.RatingList",
    A.REGISTRATION_CHANGED: "tournaments.Registration",
    A.TOURNAMENT_CHANGED: "tournaments.Tournament",
    A.TEAM_CHANGED: "tournaments.Team",
}


def result_label(code: str | None) -> str:
    """A stored result as people read it: ``1–0``, ``½–½``, ``+/−``; a bye by its name;
    ``…`` for no result yet."""
    if not code:
        return "…"
    text = result_text(code)
    if text is not None:
        return text
    try:
        return str(Result(code).label)
    except ValueError:
        return code


def _dash(value: Any) -> str:
    return "–" if value in (None, "") else str(value)


def _date(value: Any) -> str:
    if value in (None, ""):
        return "–"
    if isinstance(value, str):
        try:
            value = datetime.date.fromisoformat(value[:10])
        except ValueError:
            return value
    return formats.date_format(value, "SHORT_DATE_FORMAT")


def _field_names(action: str, names: Any) -> str:
    if isinstance(names, str):
        return names
    model = apps.get_model(FIELDS_OF[action]) if action in FIELDS_OF else None
    labels = []
    for name in names:
        try:
            labels.append(str(model._meta.get_field(name).verbose_name) if model else name)
        except FieldDoesNotExist:
            labels.append(name)
    return ", ".join(labels)


def _amount(value: Any) -> str:
    """An amount stored as text ("8600.50") in the reader's number format ("8600,50")."""
    try:
        amount = Decimal(str(value))
    except ArithmeticError:
        return str(value)
    return formats.number_format(amount, decimal_pos=max(0, -amount.as_tuple().exponent))


def _choice(enum: Any, value: Any) -> str:
    try:
        return str(enum(value).label)
    except ValueError:
        return str(value)


def _game(params: dict[str, Any]) -> str:
    """ "White – Black 1–0"; a bye "White – full-point bye"."""
    black, result = params.get("black"), params["result"]
    if black is None:
        return "{} – {}".format(params["white"], result_label(result) if result else gettext("bye"))
    return "{} – {} {}".format(params["white"], black, result_label(result))


def _values(action: str, params: dict[str, Any]) -> dict[str, Any]:
    values = dict(params)
    for key in ("result", "previous"):
        if key in values:
            values[key] = result_label(values[key])
    if "list" in values:
        values["list"] = rating_list_label(values["list"])
    if "fields" in values:
        values["fields"] = _field_names(action, values["fields"])
    if "date" in values:
        values["date"] = _date(values["date"])
    if "names" in values:
        values["names"] = ", ".join(values["names"]) or "–"
    if "black" in values and values["black"] is None:
        values["black"] = gettext("bye")
    for key, enum in (("kind", ByeKind), ("role", InvitationRole), ("outcome", TeamMatchOutcome)):
        if key in values:
            values[key] = _choice(enum, values[key])
    for key in ("rating", "grade"):
        if key in values:
            values[key] = _dash(values[key])
    if "total" in values:
        values["total"] = _amount(values["total"])
    if action == A.TOURNAMENT_STATUS_CHANGED:
        values["before"] = _choice(TournamentStatus, values["before"])
        values["after"] = _choice(TournamentStatus, values["after"])
    if "white" in params and "result" in params:
        values["game"] = _game(params)
    return values


def _message(action: str, params: dict[str, Any]) -> Any:
    if action == A.RATING_LIST_CHANGED:
        return MESSAGES[(action, params.get("op", "changed"))]
    if action == A.RESULT_ENTERED and params.get("previous"):
        return MESSAGES[(action, "was")]
    if (action, params.get("variant")) in MESSAGES:
        return MESSAGES[(action, params["variant"])]
    return MESSAGES[action]


def tell(action: str, params: dict[str, Any]) -> str:
    """The sentence of ``action`` with ``params``, in the active language; ``KeyError`` or
    ``TypeError`` when the params do not fit the sentence."""
    text = str(_message(action, params)) % _values(action, params)
    if params.get("later"):
        text += " " + str(LATER_ROUNDS) % {"rounds": ", ".join(map(str, params["later"]))}
    return text


def english(action: str, params: dict[str, Any]) -> str:
    """The sentence in English, as ``summary`` stores it."""
    with translation.override("en"):
        return tell(action, params)


def sentence(entry: Any) -> str:
    """What ``entry`` (an :class:`~core.models.AuditEntry`) records, in the active language;
    its stored summary when it has no params or they cannot be told."""
    if not entry.params:
        return entry.summary
    try:
        return tell(entry.action, entry.params)
    except (KeyError, TypeError, ValueError):
        return entry.summary
