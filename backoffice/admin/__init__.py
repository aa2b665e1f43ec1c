"""The Django admin, for staff: every model registered here, writes through the actions."""

from backoffice.admin import players, ratings, tournaments  # noqa: F401 -- registers the admins
