"""Club leagues (issue 22): seasons, divisions, their calendars and the captains' match cards.

create_season(*, actor, club, name, start_date, end_date, match_dates=()) -> Season
add_division(*, actor, season, name, teams, boards=4, double=True, ...) -> Division
schedule_division(*, actor, division) -> list[TeamMatch]       # the calendar
postpone_match(*, actor, match, to) -> TeamMatch               # played out of order
default_match(*, actor, match, absent) -> TeamMatch            # a whole-match forfeit
submit_match_card(*, actor, match, boards, played_on=None) -> MatchCard   # a captain
confirm_match_card(*, actor, card) -> MatchCard                # the other captain
dispute_match_card(*, actor, card, reason) -> MatchCard        # the other captain
decide_match_card(*, actor, card, boards=None) -> MatchCard    # the arbiter

The season and its divisions need an organiser of the season's club (or staff); the
calendar too; postponing, defaults and disputed cards the division's arbiters (its club's
organisers, staff); a card either captain, confirming or disputing it the other captain (or
an arbiter). A refusal writes nothing.
"""

from actions.leagues.cards import (
    confirm_match_card,
    decide_match_card,
    dispute_match_card,
    submit_match_card,
)
from actions.leagues.seasons import (
    add_division,
    create_season,
    default_match,
    postpone_match,
    schedule_division,
)

__all__ = [
    "add_division",
    "confirm_match_card",
    "create_season",
    "decide_match_card",
    "default_match",
    "dispute_match_card",
    "postpone_match",
    "schedule_division",
    "submit_match_card",
]
