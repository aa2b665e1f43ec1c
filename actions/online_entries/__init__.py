"""Online entries to an event's sections, their waiting list and their fees (issue 23).

    enter(*, actor, sections, links) -> list[Entry]        # a signed-in player, one click
    enter_as_guest(*, actor, section, last_name, first_name, sex, birth_year, federation,
                   fide_id, email, links) -> Entry          # anybody; confirmed by mail
    confirm(*, actor, token, links) -> Entry                # the holder of the mailed link
    approve(*, actor, entry, player=None, new_player=False, links) -> Entry   # organisers
    reject(*, actor, entry, links) -> Entry                 # organisers
    withdraw(*, actor, entry, token=None, links) -> Entry   # the player, the link, organisers
    record_payment(*, actor, entry, amount) -> Entry        # organisers (the treasurer)

Each is one unit of work per section, holding the section's tournament locked, so the places
under a cap are counted by one writer at a time (entering several sections at once is one
unit per section, each checked before any is written). An entry is **unconfirmed** (a
guest's, until the link mailed to them is opened), **pending** (the organiser approves
entries, or a guest without a FIDE ID looks like a player already in the database: the
organiser chooses, nobody is merged silently), **accepted** (a registration in the section's
tournament), **waiting** (the section is full: in line by the time of confirmation), then
**rejected** or **withdrawn**. A withdrawal frees the place for the first in line, who is told.
Every change mails the player (after the commit, :mod:`core.mail`); every mail about a live
entry carries the link to withdraw it.

``links`` turns tokens into the absolute addresses of the confirmation and withdrawal pages
(the view builds them from the request).
"""

from actions.online_entries.decisions import approve, record_payment, reject, withdraw
from actions.online_entries.entering import enter
from actions.online_entries.guests import confirm, enter_as_guest, entry_of_token
from actions.online_entries.places import Links, NeedsChoice, refuse_if_closed

__all__ = [
    "Links",
    "NeedsChoice",
    "approve",
    "confirm",
    "enter",
    "enter_as_guest",
    "entry_of_token",
    "record_payment",
    "refuse_if_closed",
    "reject",
    "withdraw",
]
