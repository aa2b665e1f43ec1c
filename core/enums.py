"""Choices of the shared kit."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class AuditAction(models.TextChoices):
    """What an audit entry records (``core.audit.record``)."""

    RESULT_ENTERED = "result_entered", _("result entered")
    RESULT_CORRECTED = "result_corrected", _("result corrected")
    GAME_ADDED = "game_added", _("board added")
    GAME_DELETED = "game_deleted", _("board deleted")
    ROUND_PAIRED = "round_paired", _("round paired")
    PAIRINGS_DISCARDED = "pairings_discarded", _("pairings discarded")
    ROUND_PUBLISHED = "round_published", _("pairings published")
    BOARDS_SWAPPED = "boards_swapped", _("boards swapped")
    BOARD_EDITED = "board_edited", _("board edited")
    BYE_REQUESTED = "bye_requested", _("bye requested")
    BYE_CANCELLED = "bye_cancelled", _("bye cancelled")
    PLAYER_WITHDRAWN = "player_withdrawn", _("player withdrawn")
    PLAYER_CHANGED = "player_changed", _("player changed")
    PLAYER_MERGED = "player_merged", _("players merged")
    PLAYER_DELETED = "player_deleted", _("player deleted")
    TOURNAMENT_CHANGED = "tournament_changed", _("tournament changed")
    TOURNAMENT_DELETED = "tournament_deleted", _("tournament deleted")
    PERIOD_CLOSED = "period_closed", _("rating period closed")
    PERIOD_REOPENED = "period_reopened", _("rating period reopened")
    STARTING_RATING_SET = "starting_rating_set", _("starting rating set")
