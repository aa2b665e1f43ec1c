"""The public pages cache what they compute under the rating lists' versions: a replay bumps
its list's version in its own transaction (an entry in the open period right after its
commit), so an entered result shows at once."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from actions.ratings import set_starting_rating
from actions.results import record_result
from core.roles import SYSTEM
from ratings.models import RatingList
from tests.factories import make_player, standard_list
from tests.helpers import body_rows

pytestmark = pytest.mark.django_db

LEADERBOARD = reverse("ratings:leaderboard", args=["chess-standard"])


def leaderboard(client) -> list[tuple[str, str, str]]:
    return [(row[0], row[1], row[5]) for row in body_rows(client.get(LEADERBOARD).content)]


def test_every_replay_raises_its_list_version_only(
    match,
    django_capture_on_commit_callbacks,
):
    rapid = RatingList.objects.get(slug="chess-rapid")
    before = standard_list().version, rapid.version

    # An entry in the open period raises the version right after its commit.
    with django_capture_on_commit_callbacks(execute=True):
        record_result(game=match["game"], result="10", actor=SYSTEM)

    after = standard_list().version, RatingList.objects.get(pk=rapid.pk).version
    assert after[0] > before[0]
    assert after[1] == before[1]


def test_leaderboard_shows_an_entered_result_at_once(client, match):
    first = leaderboard(client)
    assert (
        leaderboard(client)
        == first
        == [
            ("1", "Bell, Bob", "1900"),
            ("2", "Cole, Cy", "1510"),
            ("3", "Ames, Ann", "1500"),
        ]
    )

    record_result(game=match["game"], result="10", actor=SYSTEM)

    # Difference 400: PD 0.92 / 0.08, K 20: Ann +18.40, Bob −18.40.
    assert leaderboard(client) == [
        ("1", "Bell, Bob", "1881.6"),
        ("2", "Ames, Ann", "1518.4"),
        ("3", "Cole, Cy", "1510"),
    ]


def test_player_page_shows_an_entered_result_at_once(client, match):
    url = reverse("ratings:player", args=[match["ann"].pk])
    client.get(url)
    before = client.get(url).content.decode()

    record_result(game=match["game"], result="10", actor=SYSTEM)

    after = client.get(url).content.decode()
    assert "1518.4" not in before
    assert "1518.4" in after
    assert "Spring Open" not in before
    assert "Spring Open" in after


def test_home_shows_a_new_rated_player_at_once(client, match):
    def rated_players() -> str:
        rows = body_rows(client.get(reverse("ratings:home")).content)
        return next(row[4] for row in rows if row[0] == "Chess standard")

    assert rated_players() == rated_players() == "3"

    set_starting_rating(
        player=make_player("Dunn", "Dan"),
        rating_list=standard_list(),
        rating=1700,
        games=10,
        actor=SYSTEM,
    )

    assert rated_players() == "4"


def test_leaderboard_federations_follow_the_version(client, match):
    assert 'value="NOR"' not in client.get(LEADERBOARD).content.decode()

    set_starting_rating(
        player=make_player("Eide", "Erik", federation="NOR"),
        rating_list=standard_list(),
        rating=2100,
        games=10,
        actor=SYSTEM,
    )

    assert 'value="NOR"' in client.get(LEADERBOARD).content.decode()


def test_live_rating_of_the_ratings_table_follows_the_version(client, match):
    url = reverse("ratings:player", args=[match["bob"].pk])
    assert body_rows(client.get(url).content)[0][2] == "1900"

    record_result(game=match["game"], result="01", actor=SYSTEM)

    assert body_rows(client.get(url).content)[0][2] == "1901.6"


def _federation_reads(captured) -> int:
    return sum('DISTINCT "players_player"."federation"' in q["sql"] for q in captured)


def test_results_keep_the_federations_and_a_federation_change_renews_them(
    client,
    match,
    django_capture_on_commit_callbacks,
):
    """The filter's federations are read from every rated player: a result that only moves
    ratings keeps them (the leaderboard still shows the result at once); a change of who is
    rated, or of a rated player's federation, renews them."""
    from actions.players import update_player

    assert 'value="NOR"' not in client.get(LEADERBOARD).content.decode()

    with django_capture_on_commit_callbacks(execute=True):
        record_result(game=match["game"], result="10", actor=SYSTEM)
    with CaptureQueriesContext(connection) as after_result:
        assert leaderboard(client)[0] == ("1", "Bell, Bob", "1881.6")
    with django_capture_on_commit_callbacks(execute=True):
        update_player(actor=SYSTEM, player=match["game"].black, changes={"federation": "NOR"})
    with CaptureQueriesContext(connection) as after_edit:
        page = client.get(LEADERBOARD).content.decode()

    assert _federation_reads(after_result) == 0
    assert _federation_reads(after_edit) == 1
    assert 'value="NOR"' in page


def _club_reads(captured) -> int:
    return sum('FROM "players_club"' in q["sql"] for q in captured)


def test_results_keep_the_filters_clubs_and_a_club_renamed_renews_them(
    client,
    match,
    django_capture_on_commit_callbacks,
):
    """The club filter's clubs are kept like the federations: a result keeps them, a club's
    new name shows at once."""
    from actions.clubs import update_club
    from actions.players import update_player
    from tests.factories import make_club

    club = make_club("Rook Club")
    with django_capture_on_commit_callbacks(execute=True):
        update_player(actor=SYSTEM, player=match["ann"], changes={"club": club})
    assert ">Rook Club</option>" in client.get(LEADERBOARD).content.decode()

    with django_capture_on_commit_callbacks(execute=True):
        record_result(game=match["game"], result="10", actor=SYSTEM)
    with CaptureQueriesContext(connection) as after_result:
        assert leaderboard(client)[0] == ("1", "Bell, Bob", "1881.6")
    with django_capture_on_commit_callbacks(execute=True):
        update_club(actor=SYSTEM, club=club, changes={"name": "Knight Club"})
    with CaptureQueriesContext(connection) as after_rename:
        page = client.get(LEADERBOARD).content.decode()

    assert _club_reads(after_result) == 0
    assert _club_reads(after_rename) == 1
    assert f'<option value="{club.pk}">Knight Club</option>' in page
    assert "Rook Club" not in page
