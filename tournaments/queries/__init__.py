"""Reads of the tournaments app, one module per what it reads; import the module you need.

- :mod:`tournaments.queries.tournaments`: lists of tournaments (the overview, the home page's
  running and recent events) and the page's lookup;
- :mod:`tournaments.queries.rounds`: a tournament's rounds, their completeness and what the
  tournament needs next;
- :mod:`tournaments.queries.games`: games by round, a round's pairings with the points before
  it, rated games and the results players report;
- :mod:`tournaments.queries.pairing`: the snapshot the pairing engines work on (histories,
  initial ranking, McMahon grades and bars);
- :mod:`tournaments.queries.standings`: the standings input and the rows of the standings,
  the crosstables and the progress table;
- :mod:`tournaments.queries.event`: the event pages' entries, boards, pairings by name and a
  player's card.
"""
