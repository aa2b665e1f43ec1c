"""Title norms earned on the board.

- :mod:`rules.norms.fide`: FIDE Title Regulations B.01 (in force from 1 January 2024), §1.4:
  the GM, IM, WGM and WIM norm of one player in one tournament, requirement by requirement,
  with the game-subset rule (§1.4.1e).
- :mod:`rules.norms.exemptions`: the large Swiss exempt from the federation rules (§1.4.3d).
- :mod:`rules.norms.forecast`: during the event, what a player still needs from the rounds
  left for each norm still within reach.

Pure Python: the words shown to a reader are the faces' business (the requirement codes and
numbers are given here, ``ratings.queries.norms`` says them in the reader's language).
"""
