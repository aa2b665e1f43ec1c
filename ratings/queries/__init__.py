"""Reads of the ratings app, one module per page family; import the module you need.

- :mod:`ratings.queries.leaderboard`: a list's leaderboard rows, ranks and pages;
- :mod:`ratings.queries.lists`: leaderboards, top lists, grades, published lists, distribution;
- :mod:`ratings.queries.players`: a player's calculations, histories, games, head-to-head;
- :mod:`ratings.queries.tournaments`: a tournament's ratings at the start, changes, standings,
  overview lines and result previews.
"""
