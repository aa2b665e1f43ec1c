"""Reads of the players app, one module per what it reads; import the module you need.

- :mod:`players.queries.search`: the search of players and clubs, its order, and possible
  duplicates of a new player;
- :mod:`players.queries.players`: a player looked up for their page, a club's players, the
  names of players' clubs.
"""
