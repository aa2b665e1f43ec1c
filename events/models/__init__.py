"""The models of an event run around its tournaments (issue 23), one module per part."""

from events.models.checkin import CheckIn, CheckInRule, CheckInSetting, CheckInWay, LeftOut
from events.models.club_games import ClubGameReport, ClubGames, ClubGameStatus, LadderPlace
from events.models.leagues import (
    Division,
    MatchCard,
    MatchCardBoard,
    MatchCardStatus,
    MatchDay,
    Season,
)
from events.models.prizes import Prize, PrizeTable
from events.models.schedule import RoundStart
from events.models.sections import Discount, Entry, Event, Section

__all__ = [
    "CheckIn",
    "CheckInRule",
    "CheckInSetting",
    "CheckInWay",
    "ClubGameReport",
    "ClubGameStatus",
    "ClubGames",
    "Discount",
    "Division",
    "Entry",
    "Event",
    "LadderPlace",
    "LeftOut",
    "MatchCard",
    "MatchCardBoard",
    "MatchCardStatus",
    "MatchDay",
    "Prize",
    "PrizeTable",
    "RoundStart",
    "Season",
    "Section",
]
