"""Team competitions (issue 22): teams and rosters, line-ups, the pairing of a team round
and the results of its matches. One module per part; each write is one unit of work.

    rosters.add_team(*, actor, tournament, name, club=None, captain=None) -> Team
    rosters.update_team(*, actor, team, changes) -> Team            # name, club, captain
    rosters.set_roster(*, actor, team, players) -> list[TeamMember] # board order, reserves
    line_ups.submit_line_up(*, actor, team, round_number, players) -> LineUp
    pairing.pair_team_round(unit, round_) -> None      # called by actions.rounds.pair_next_round
    results.record_board_result(*, actor, match, board, result, ...) -> Game
    results.set_match_outcome(*, actor, match, outcome) -> TeamMatch  # whole-match forfeits

The board games are ordinary games (``Game.team_match``): the result entry of the round page
(:func:`actions.results.record_result`) enters them as any game, and the ratings replay rates
them as individual games.
"""
