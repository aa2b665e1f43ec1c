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
    DECLARED_GRADE_SET = "declared_grade_set", _("declared grade set")
    RATINGS_RECOMPUTED = "ratings_recomputed", _("ratings recomputed")
    TOURNAMENT_CREATED = "tournament_created", _("tournament created")
    ARBITERS_SET = "arbiters_set", _("arbiters appointed")
    PLAYER_REGISTERED = "player_registered", _("player entered")
    NUMBERS_ASSIGNED = "numbers_assigned", _("pairing numbers assigned")
    ROUND_ADDED = "round_added", _("round added")
    FORBIDDEN_PAIR_ADDED = "forbidden_pair_added", _("forbidden pair added")
    RESULT_REPORTED = "result_reported", _("result reported by a player")
    REPORT_REJECTED = "report_rejected", _("reported result rejected")
    PLAYER_CREATED = "player_created", _("player created")
    TRF_IMPORTED = "trf_imported", _("tournament imported from a TRF file")
    ROUND_CHANGED = "round_changed", _("round changed")
    ROUND_DELETED = "round_deleted", _("round deleted")
    REGISTRATION_CHANGED = "registration_changed", _("entry changed")
    PLAYER_UNREGISTERED = "player_unregistered", _("entry deleted")
    CLUB_CREATED = "club_created", _("club created")
    CLUB_CHANGED = "club_changed", _("club changed")
    CLUB_DELETED = "club_deleted", _("club deleted")
    ORGANISERS_SET = "organisers_set", _("organisers appointed")
    RATING_LIST_CHANGED = "rating_list_changed", _("rating list changed")
    TOURNAMENT_STATUS_CHANGED = "tournament_status_changed", _("tournament status changed")
    FIDE_LIST_IMPORTED = "fide_list_imported", _("FIDE rating list imported")
    INVITATION_SENT = "invitation_sent", _("invitation sent")
    INVITATION_REVOKED = "invitation_revoked", _("invitation revoked")
    INVITATION_ACCEPTED = "invitation_accepted", _("invitation accepted")
    PRIZES_SET = "prizes_set", _("prize table set")
    CHECK_IN_RULE_SET = "check_in_rule_set", _("check-in rule set")
    CHECKED_IN = "checked_in", _("player checked in")
    CHECK_IN_UNDONE = "check_in_undone", _("check-in undone")
    LEFT_OUT_ABSENT = "left_out_absent", _("player not checked in left out of a round")
    CLUB_GAMES_SET = "club_games_set", _("club games set up")
    CLUB_GAME_REPORTED = "club_game_reported", _("club game reported")
    CLUB_GAME_CONFIRMED = "club_game_confirmed", _("club game confirmed")
    CLUB_GAME_REJECTED = "club_game_rejected", _("club game rejected")
    LADDER_JOINED = "ladder_joined", _("player put on the club ladder")
    LADDER_MOVED = "ladder_moved", _("club ladder changed by a game")


class MailKind(models.TextChoices):
    """What a mail to a player is about: each player chooses which kinds they receive
    (except ``ACCOUNT``, the mails they asked for, such as a confirmation link)."""

    ACCOUNT = "account", _("confirmation links")
    ENTRY = "entry", _("my entries: received, accepted, waiting list, moved up")
    PAIRINGS = "pairings", _("my pairing when a round is published")
    RESULTS = "results", _("a result recorded or corrected on my game")
    REPORTS = "reports", _("results reported by players, awaiting my confirmation (arbiters)")
