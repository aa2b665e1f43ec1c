"""Choices for the tournaments app. Results use the TRF vocabulary."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class PairingSystem(models.TextChoices):
    """The tournament's format: how its rounds are paired."""

    MANUAL = "manual", _("manual pairings")
    ROUND_ROBIN = "round_robin", _("round robin")
    DOUBLE_ROUND_ROBIN = "double_round_robin", _("double round robin")
    SWISS_DUTCH = "swiss_dutch", _("Swiss (FIDE Dutch)")
    MCMAHON_GO = "mcmahon_go", _("McMahon (go)")
    SWISS_GO = "swiss_go", _("Swiss (go)")
    MCMAHON_SHOGI = "mcmahon_shogi", _("McMahon (shogi, colours by furigoma)")
    SWISS_SHOGI = "swiss_shogi", _("Swiss (shogi, colours by furigoma)")
    KNOCKOUT = "knockout", _("knockout cup")
    TEAM_SWISS = "team_swiss", _("team Swiss (FIDE C.04.6)")
    TEAM_ROUND_ROBIN = "team_round_robin", _("team round robin")
    TEAM_DOUBLE_ROUND_ROBIN = "team_double_round_robin", _("team double round robin")
    SCHEVENINGEN = "scheveningen", _("Scheveningen (two teams)")


ROUND_ROBINS = frozenset({PairingSystem.ROUND_ROBIN, PairingSystem.DOUBLE_ROUND_ROBIN})
#: Team competitions: teams play matches over ``Tournament.team_boards`` boards.
TEAM_SYSTEMS = frozenset(
    {
        PairingSystem.TEAM_SWISS,
        PairingSystem.TEAM_ROUND_ROBIN,
        PairingSystem.TEAM_DOUBLE_ROUND_ROBIN,
        PairingSystem.SCHEVENINGEN,
    }
)
#: Paired by the McMahon engine (``rules.pairing.mcmahon``): go and shogi.
MCMAHON_ENGINE = frozenset(
    {
        PairingSystem.MCMAHON_GO,
        PairingSystem.SWISS_GO,
        PairingSystem.MCMAHON_SHOGI,
        PairingSystem.SWISS_SHOGI,
    }
)
#: Of those, the ones whose players start with a McMahon score from their grade.
MCMAHON_SCORED = frozenset({PairingSystem.MCMAHON_GO, PairingSystem.MCMAHON_SHOGI})
#: Shogi: colours by furigoma, no colour balancing, no handicap stones.
SHOGI_SYSTEMS = frozenset({PairingSystem.MCMAHON_SHOGI, PairingSystem.SWISS_SHOGI})

#: The game a format is for (``ratings.enums.GameKind`` values); manual pairings and round
#: robins are for any game. A rated tournament's list must be of its format's game.
FORMAT_GAMES = {
    PairingSystem.SWISS_DUTCH: "chess",
    PairingSystem.MCMAHON_GO: "go",
    PairingSystem.SWISS_GO: "go",
    PairingSystem.MCMAHON_SHOGI: "shogi",
    PairingSystem.SWISS_SHOGI: "shogi",
    PairingSystem.KNOCKOUT: "chess",
}

#: A knockout's match settings: games per match and the tie-breaks of a tied match.
KNOCKOUT_SETTINGS = (
    "knockout_games",
    "knockout_rapid_pairs",
    "knockout_blitz_pairs",
    "knockout_armageddon",
)

TEAM_ROUND_ROBINS = frozenset(
    {PairingSystem.TEAM_ROUND_ROBIN, PairingSystem.TEAM_DOUBLE_ROUND_ROBIN}
)
#: Team formats whose rounds follow from their teams (round robins) or boards (Scheveningen).
ROUNDS_FROM_TEAMS = TEAM_ROUND_ROBINS | {PairingSystem.SCHEVENINGEN}

#: A team tournament's settings, in the model's order (``Tournament.team_*``).
TEAM_SETTINGS = (
    "team_boards",
    "team_match_win",
    "team_match_draw",
    "team_match_loss",
    "team_primary_score",
    "team_colour_preference",
    "team_pab_match_points",
    "team_pab_game_points",
    "team_board_order",
    "team_rating_tolerance",
    "team_line_up_deadline",
)

#: Tie-breaks (TRF-26 / MTB codes) used when a tournament leaves ``tiebreaks`` empty.
DEFAULT_TIEBREAKS = {
    "round-robin": "DE WIN SB KS",
    "swiss": "BH/C1 BH DE WIN BWG BPG",
    "swiss-rated": "BH/C1 BH DE ARO/C1 WIN BWG BPG",
    "mcmahon": "MMS SOS SODOS SOSOS",
    "swiss-go": "SOS SODOS SOSOS",
}


class TournamentStatus(models.TextChoices):
    """A tournament's life: set up (draft), players entering, rounds being played, finished
    (its final standings frozen; reopened only by its managers)."""

    DRAFT = "draft", _("draft")
    REGISTRATION = "registration", _("registration")
    RUNNING = "running", _("running")
    FINISHED = "finished", _("finished")


#: Slugs taken by the tournament URLs themselves (``/tournaments/<first segment>/``): no
#: tournament may have one, however it is made (form, admin, TRF import) or changed. A test
#: checks the list against the URL configuration.
RESERVED_SLUGS = frozenset({"organise", "import-trf", "my-games", "my-teams", "games", "clubs"})

#: The default of ``CLUBRATING_MAX_ROUNDS``, the most rounds a tournament may plan
#: (:func:`tournaments.limits.max_rounds`): a double round robin of 26 players.
MAX_ROUNDS = 50

#: A tournament's fields that make up its point system, in form order.
POINT_FIELDS = (
    "points_win",
    "points_draw",
    "points_loss",
    "points_forfeit_win",
    "points_pab",
    "points_half_bye",
)
#: A tournament's go and shogi settings (McMahon bars, handicap, komi): optional in the forms.
GO_SETTINGS = ("top_bar", "floor_bar", "handicap_policy", "handicap_cap", "komi")
#: A tournament's pairing settings, in the model's order: what the organiser's settings form
#: changes.
PAIRING_SETTINGS = (
    "rounds_planned",
    "pairing_system",
    *POINT_FIELDS,
    "initial_colour",
    "accelerated",
    "seeding",
    "tiebreaks",
    "max_half_point_byes",
    "players_report_results",
    *KNOCKOUT_SETTINGS,
    *TEAM_SETTINGS,
    *GO_SETTINGS,
)
#: Everything a tournament's organisers set, in the model's order: who, where and when, then
#: the pairing settings. ``create_tournament`` and ``update_tournament`` refuse any other
#: field; the create form and the admin show these. Not its life (status, frozen standings),
#: its arbiters (``set_arbiters``) nor the colour drawn by lot when round 1 is paired
#: (``drawn_colour``).
TOURNAMENT_SETTINGS = (
    "name",
    "slug",
    "club",
    "rating_list",
    "rating_class",
    "city",
    "start_date",
    "end_date",
    *PAIRING_SETTINGS,
)


class HandicapPolicy(models.TextChoices):
    """How many stones Black gets in a go game of the McMahon engine."""

    NONE = "none", _("no handicap")
    MINUS_ONE = "minus_one", _("grade difference minus one")
    CAPPED = "capped", _("grade difference minus one, capped")


class InitialColour(models.TextChoices):
    """Colour of the top seed in round 1 (Swiss): chosen, or drawn when round 1 is paired."""

    WHITE = "w", _("white")
    BLACK = "b", _("black")
    DRAWN = "drawn", _("drawn by lot")


class Seeding(models.TextChoices):
    """How a round robin's pairing numbers are given."""

    LOT = "lot", _("drawn by lot")
    RATING = "rating", _("by rating")


class RoundStatus(models.TextChoices):
    """A draft round's pairings are editable and not public; a published round's never change
    silently. Rounds entered by hand (admin, manual tournaments) are published at once."""

    DRAFT = "draft", _("draft")
    PUBLISHED = "published", _("published")


class GameStage(models.TextChoices):
    """A knockout game's time control: the match's classical games, then its tie-breaks.
    Rapid games are rated in the rapid list, blitz and armageddon games in the blitz list."""

    CLASSICAL = "classical", _("classical")
    RAPID = "rapid", _("rapid")
    BLITZ = "blitz", _("blitz")
    ARMAGEDDON = "armageddon", _("armageddon")


#: The time control (``ratings.enums.TimeControl`` values) of the list a tie-break game is
#: rated in.
TIEBREAK_LISTS = {
    GameStage.RAPID: "rapid",
    GameStage.BLITZ: "blitz",
    GameStage.ARMAGEDDON: "blitz",
}


class ByeKind(models.TextChoices):
    """A bye asked for in advance: half a point or none."""

    HALF = "H", _("half-point bye")
    ZERO = "Z", _("zero-point bye")


class Result(models.TextChoices):
    """A game's result as the pair of TRF codes (white's, black's).

    Played games: ``1``/``=``/``0``; forfeits ``+``/``-`` (not played, not rated; ``--`` is a
    double forfeit); ``W``/``D``/``L``: a game that lasted less than one move (not rated).
    Byes (no opponent): ``F`` full-point bye, ``H`` half-point bye, ``U`` pairing-allocated bye,
    ``Z`` zero-point bye.
    """

    WHITE_WINS = "10", "1–0"
    DRAW = "==", "½–½"
    BLACK_WINS = "01", "0–1"
    WHITE_WINS_FORFEIT = "+-", _("1–0 forfeit")
    BLACK_WINS_FORFEIT = "-+", _("0–1 forfeit")
    DOUBLE_FORFEIT = "--", _("0–0 double forfeit")
    WHITE_WINS_UNRATED = "WL", _("1–0 unrated (under one move)")
    DRAW_UNRATED = "DD", _("½–½ unrated (under one move)")
    BLACK_WINS_UNRATED = "LW", _("0–1 unrated (under one move)")
    FULL_POINT_BYE = "F", _("full-point bye")
    HALF_POINT_BYE = "H", _("half-point bye")
    PAIRING_BYE = "U", _("pairing-allocated bye")
    ZERO_POINT_BYE = "Z", _("zero-point bye")


BYE_RESULTS = frozenset(
    {Result.FULL_POINT_BYE, Result.HALF_POINT_BYE, Result.PAIRING_BYE, Result.ZERO_POINT_BYE}
)
RATED_RESULTS = frozenset({Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS})
# White's score in a rated game, in half points.
WHITE_SCORE = {Result.WHITE_WINS: 2, Result.DRAW: 1, Result.BLACK_WINS: 0}


class TeamPrimaryScore(models.TextChoices):
    """What ranks the teams first (and what the team Swiss pairs by): C.04.6's primary score."""

    MATCH_POINTS = "match", _("match points")
    GAME_POINTS = "game", _("game points")


class TeamColourPreference(models.TextChoices):
    """The team Swiss's colour preference type (C.04.6; TRF-2026 record 192)."""

    TYPE_A = "A", _("type A")
    TYPE_B = "B", _("type B")
    NONE = "none", _("none")


class TeamBoardOrder(models.TextChoices):
    """How a roster's board order is fixed: as the captain submitted it, locked once round 1
    is paired, or by rating (a player may stand above a higher-rated one only within the
    tolerance)."""

    LOCKED = "locked", _("as submitted, locked once round 1 is paired")
    RATING = "rating", _("by rating, within a tolerance")


class TeamMatchOutcome(models.TextChoices):
    """How a team match ended: played (scored from its boards), or a whole-match forfeit."""

    PLAYED = "played", _("played")
    FIRST_ABSENT = "first_absent", _("first team forfeits")
    SECOND_ABSENT = "second_absent", _("second team forfeits")
    BOTH_ABSENT = "both_absent", _("both teams absent")
