"""Reads of the ratings app, one module per page family; the names are re-exported here.

- :mod:`ratings.queries.leaderboard`: a list's leaderboard rows, ranks and pages;
- :mod:`ratings.queries.lists`: leaderboards, top lists, grades, published lists, distribution;
- :mod:`ratings.queries.players`: a player's calculations, histories, games, head-to-head;
- :mod:`ratings.queries.tournaments`: a tournament's ratings at the start, changes, standings,
  overview lines and result previews.
"""

from ratings.queries.leaderboard import *  # noqa: F403
from ratings.queries.lists import *  # noqa: F403
from ratings.queries.players import *  # noqa: F403
from ratings.queries.tournaments import *  # noqa: F403
