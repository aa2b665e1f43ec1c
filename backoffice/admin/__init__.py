"""The Django admin, for staff: every model registered here, writes through the actions."""

# Importing the modules registers their admins.
from backoffice.admin import online_entries, players, ratings, rounds, tournaments  # noqa: F401
