"""The models of an event run around its tournaments (issue 23), one module per part."""

from events.models.prizes import Prize, PrizeTable
from events.models.schedule import RoundStart
from events.models.sections import Discount, Entry, Event, Section

__all__ = ["Discount", "Entry", "Event", "Prize", "PrizeTable", "RoundStart", "Section"]
