"""A rating tie-break with an unrated player (C.07 Art. 10): not offered, rather than a column
of blanks (before: the standings of a rated Swiss with one newcomer showed ARO/C1 as dashes)."""

from rules.standings import Entry, Player, Tournament, standings


def _event(unrated_rating=None) -> Tournament:
    players = (
        Player(1, "A", 2100, (Entry(3, "w", "1"),)),
        Player(2, "B", 2000, (Entry(4, "w", "1"),)),
        Player(3, "C", 1900, (Entry(1, "b", "0"),)),
        Player(4, "D", None, (Entry(2, "b", "0"),)),
    )
    return Tournament(players=players, rounds=3, unrated_rating=unrated_rating)


def test_a_rating_tiebreak_is_dropped_when_a_player_is_unrated():
    table = standings(_event(), "BH ARO/C1 DE")

    assert [tb.code for tb in table.tiebreaks] == ["BH", "DE"]
    assert [tb.code for tb in table.dropped] == ["ARO/C1"]
    assert all(len(row.tiebreaks) == 2 for row in table.rows)


def test_it_is_kept_when_the_tournament_rates_unrated_players():
    table = standings(_event(unrated_rating=1400), "BH ARO DE")

    assert [tb.code for tb in table.tiebreaks] == ["BH", "ARO", "DE"]
    assert table.dropped == ()
    assert {row.player.name: row.tiebreaks[1] for row in table.rows} == {
        "A": 1900,
        "B": 1400,
        "C": 2100,
        "D": 2000,
    }
