"""The Django admin, for staff: every model registered here, writes through the actions."""

# Importing the modules registers their admins.
from backoffice.admin import (  # noqa: F401
    check_in,
    club_games,
    events,
    mail,
    online_entries,
    players,
    ratings,
    rounds,
    tournaments,
)
