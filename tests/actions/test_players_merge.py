"""Merging duplicate players, and refusing to delete players or tournaments with rated games."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from actions.boards import add_game
from actions.players import delete_player, merge_players
from actions.ratings import close_rating_period, recompute_ratings, set_starting_rating
from actions.registrations import register_player
from actions.rounds import add_round
from actions.tournaments import delete_tournament
from core.enums import AuditAction
from core.models import AuditEntry
from core.roles import SYSTEM
from players.models import Player
from ratings.models import PlayerRating, PublishedList, PublishedRating, RatingChange
from tests.factories import make_player, make_superuser, make_tournament, standard_list
from tournaments.models import Game, Registration, Tournament

pytestmark = pytest.mark.django_db

D = datetime.date


def derived_state() -> dict:
    """Every row the replay writes, without surrogate keys."""
    return {
        "ratings": sorted(
            PlayerRating.objects.values_list(
                "rating_list_id",
                "player_id",
                "starting_rating",
                "rating",
                "live_rating",
                "period_change",
                "period_games",
                "k",
                "games",
                "peak",
                "last_played",
            ),
            key=repr,
        ),
        "published": sorted(
            PublishedRating.objects.values_list(
                "published_list_id", "player_id", "rating", "games", "k", "change"
            ),
            key=repr,
        ),
        "ledger": sorted(
            RatingChange.objects.values_list(
                "rating_list_id",
                "period_id",
                "game_id",
                "player_id",
                "opponent_id",
                "rating_used",
                "opponent_rating_used",
                "expected",
                "k",
                "change",
            ),
            key=repr,
        ),
        "checkpoints": list(PublishedList.objects.order_by("pk").values_list("replay_state")),
    }


def _event(name: str, start: D, pairs: list[tuple[Player, Player, str]]) -> Tournament:
    tournament = make_tournament(name, start_date=start, end_date=start)
    for player in {p for pair in pairs for p in pair[:2]}:
        register_player(tournament=tournament, player=player, actor=SYSTEM)
    for white, black, result in pairs:  # one game a round
        round_ = add_round(tournament=tournament, actor=SYSTEM)
        add_game(round=round_, board=1, white=white, black=black, result=result, actor=SYSTEM)
    return tournament


@pytest.fixture
def club():
    """Ann (kept) played in March; "Ann Ames" (a duplicate, unrated) in April."""
    rating_list = standard_list()
    ann = make_player("Ames", "Ann", birth_date=D(1990, 1, 1))
    dup = make_player("Ames", "Ann", fide_id=4100018, title="WFM")
    carl, dora = make_player("Cole", "Carl"), make_player("Dunn", "Dora")
    for player, rating in ((ann, 1800), (carl, 2000), (dora, 1900)):
        set_starting_rating(player=player, rating_list=rating_list, rating=rating, actor=SYSTEM)
    _event("March Open", D(2026, 3, 1), [(ann, carl, "10"), (dora, ann, "==")])
    close_rating_period(rating_list=rating_list, date=D(2026, 4, 1), actor=SYSTEM)
    april = _event("April Open", D(2026, 4, 10), [(dup, carl, "01"), (dora, dup, "01")])
    return {"list": rating_list, "ann": ann, "dup": dup, "carl": carl, "dora": dora, "april": april}


def test_merge_moves_games_and_entries_and_equals_a_full_replay(club):
    ann, dup, carl = club["ann"], club["dup"], club["carl"]
    user = make_superuser()

    merge_players(keep=ann, duplicate=dup, actor=user)
    merged = derived_state()
    recompute_ratings(actor=SYSTEM)

    assert derived_state() == merged
    assert not Player.objects.filter(pk=dup.pk).exists()
    assert Game.objects.filter(white=ann).count() + Game.objects.filter(black=ann).count() == 4
    assert Registration.objects.filter(player=ann).count() == 2
    ann_rating = PlayerRating.objects.get(player=ann, rating_list=club["list"])
    # March list: 1800 + 40 × (1 − 0.24) + 40 × (0.5 − 0.36) = 1836; April is still open.
    assert (ann_rating.rating, ann_rating.games, ann_rating.period_games) == (1836, 4, 2)
    # Carl's April loss is now a rated game against a rated player.
    assert RatingChange.objects.filter(player=carl, opponent=ann).count() == 2
    ann.refresh_from_db()
    assert (ann.fide_id, ann.title, ann.birth_date) == (4100018, "WFM", D(1990, 1, 1))


def test_merge_is_audited_with_both_players_before(club):
    ann, dup = club["ann"], club["dup"]
    user = make_superuser()

    merge_players(keep=ann, duplicate=dup, actor=user)

    entry = AuditEntry.objects.get(action=AuditAction.PLAYER_MERGED)
    assert (entry.user, entry.player) == (user, ann)
    assert entry.before["duplicate"]["fide_id"] == 4100018
    assert entry.after["moved"]["games"] == 2
    assert entry.after["moved"]["registrations"] == 1
    assert entry.summary == f"Ames, Ann (#{dup.pk}) merged into Ames, Ann: 2 games moved"
    # The duplicate's own history now shows on the kept player's page.
    assert AuditEntry.objects.filter(player_id=dup.pk).count() == 0


def test_merge_rule_for_two_starting_ratings_in_one_list(club):
    ann, dup, carl = club["ann"], club["dup"], club["carl"]
    rating_list = club["list"]
    set_starting_rating(player=dup, rating_list=rating_list, rating=1650, games=30, actor=SYSTEM)
    newcomer = make_player("New", "Nina")
    set_starting_rating(player=newcomer, rating_list=rating_list, rating=None, actor=SYSTEM)
    other = make_player("New", "Nina")
    set_starting_rating(player=other, rating_list=rating_list, rating=1500, games=12, actor=SYSTEM)

    merge_players(keep=ann, duplicate=dup, actor=SYSTEM)  # both have one: Ann's stays
    merge_players(keep=newcomer, duplicate=other, actor=SYSTEM)  # the kept one has none: taken

    kept = PlayerRating.objects.get(player=ann, rating_list=rating_list)
    taken = PlayerRating.objects.get(player=newcomer, rating_list=rating_list)
    assert (kept.starting_rating, kept.starting_games) == (1800, 0)
    assert (taken.starting_rating, taken.starting_games) == (1500, 12)
    assert PlayerRating.objects.filter(player_id__in=[dup.pk, other.pk]).count() == 0
    assert carl.pk in set(PlayerRating.objects.values_list("player_id", flat=True))


@pytest.mark.parametrize("case", ["same tournament", "each other", "themselves"])
def test_merge_refuses_players_who_met_or_shared_a_tournament(club, case):
    ann, dup, carl, dora = club["ann"], club["dup"], club["carl"], club["dora"]
    if case == "same tournament":
        register_player(tournament=club["april"], player=ann, actor=SYSTEM)
        keep, duplicate = ann, dup
        message = "Ames, Ann and Ames, Ann both played in April Open: they are not duplicates."
    elif case == "each other":
        keep, duplicate = carl, dora
        message = "Cole, Carl and Dunn, Dora played each other: they are not duplicates."
        _event("May Open", D(2026, 5, 2), [(carl, dora, "10")])
    else:
        keep, duplicate = ann, ann
        message = "A player cannot be merged into themselves."
    before = derived_state()

    with pytest.raises(ValidationError) as refused:
        merge_players(keep=keep, duplicate=duplicate, actor=SYSTEM)

    assert refused.value.messages == [message]
    assert derived_state() == before
    assert Player.objects.filter(pk=duplicate.pk).exists()
    assert not AuditEntry.objects.filter(action=AuditAction.PLAYER_MERGED).exists()


def test_admin_merge_action_asks_which_player_to_keep_then_merges(client, club):
    ann, dup = club["ann"], club["dup"]
    client.force_login(make_superuser())
    url = reverse("admin:players_player_changelist")
    selected = {"action": "merge_action", "_selected_action": [ann.pk, dup.pk]}

    confirm = client.post(url, selected)
    done = client.post(url, {**selected, "confirm": "yes", "keep": dup.pk}, follow=True)

    assert confirm.status_code == 200
    assert [p.pk for p in confirm.context["players"]] == [ann.pk, dup.pk]
    assert [str(m) for m in done.context["messages"]] == ["Ames, Ann was merged into Ames, Ann."]
    assert list(Player.objects.filter(pk__in=[ann.pk, dup.pk]).values_list("pk", flat=True)) == [
        dup.pk
    ]
    assert PlayerRating.objects.get(player=dup, rating_list=club["list"]).starting_rating == 1800


def test_deleting_a_player_or_tournament_with_rated_games_is_refused(club):
    ann = club["ann"]
    before = derived_state()

    with pytest.raises(ValidationError) as player_refused:
        delete_player(player=ann, actor=SYSTEM)
    with pytest.raises(ValidationError) as tournament_refused:
        delete_tournament(tournament=club["april"], actor=SYSTEM)

    assert player_refused.value.messages == [
        "Ames, Ann has 2 rated games and cannot be deleted: ratings depend on them "
        "(merge a duplicate into the right player instead)."
    ]
    assert tournament_refused.value.messages == [
        "April Open has 2 rated games and cannot be deleted: ratings depend on them."
    ]
    assert Player.objects.filter(pk=ann.pk).exists()
    assert Tournament.objects.filter(pk=club["april"].pk).exists()
    assert derived_state() == before


def test_deleting_a_player_or_tournament_without_rated_games_is_recorded():
    user = make_superuser()
    loner = make_player("Lone", "Lou")
    empty = make_tournament("Cancelled Cup")

    delete_player(player=loner, actor=user)
    delete_tournament(tournament=empty, actor=user)

    assert not Player.objects.filter(pk=loner.pk).exists()
    assert not Tournament.objects.filter(pk=empty.pk).exists()
    assert list(AuditEntry.objects.order_by("pk").values_list("action", "summary")) == [
        (AuditAction.PLAYER_DELETED, "Player Lone, Lou deleted"),
        (AuditAction.TOURNAMENT_DELETED, "Tournament Cancelled Cup deleted"),
    ]


def test_admin_refuses_deleting_a_rated_player_alone_or_in_bulk(client, club):
    ann, carl = club["ann"], club["carl"]
    client.force_login(make_superuser())

    single = client.post(
        reverse("admin:players_player_delete", args=[ann.pk]), {"post": "yes"}, follow=True
    )
    bulk = client.post(
        reverse("admin:players_player_changelist"),
        {"action": "delete_selected", "_selected_action": [ann.pk, carl.pk], "post": "yes"},
    )

    assert [str(m) for m in single.context["messages"]] == [
        "Ames, Ann has 2 rated games and cannot be deleted: ratings depend on them "
        "(merge a duplicate into the right player instead)."
    ]
    assert "Ames, Ann has 2 rated games" in bulk.content.decode()
    assert Player.objects.filter(pk__in=[ann.pk, carl.pk]).count() == 2


def test_a_merge_takes_the_duplicates_starting_rating_through_the_audited_action():
    rating_list = standard_list()
    keep, dup = make_player("Kept"), make_player("Dup")
    PlayerRating.objects.create(player=keep, rating_list=rating_list)
    set_starting_rating(
        player=dup, rating_list=rating_list, rating=1777, games=9, date=D(2026, 1, 1), actor=SYSTEM
    )

    merge_players(keep=keep, duplicate=dup, actor=SYSTEM)

    row = PlayerRating.objects.get(player=keep, rating_list=rating_list)
    assert (row.starting_rating, row.starting_games, row.starting_date) == (1777, 9, D(2026, 1, 1))
    entry = AuditEntry.objects.filter(action=AuditAction.STARTING_RATING_SET, player=keep).get()
    assert entry.after["starting_rating"] == 1777
