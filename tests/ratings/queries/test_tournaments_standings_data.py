"""The DB → standings adapter (``ratings.queries.tournaments.tournament_standings``) and the
tie-break form field."""

import datetime
from fractions import Fraction

import pytest
from django import forms
from django.core.exceptions import ValidationError

from backoffice.admin.tournaments import TournamentForm
from backoffice.forms.tiebreaks import TiebreakField, TiebreakFormMixin, preset_choices
from ratings.models import PublishedRating
from ratings.queries.tournaments import tournament_standings
from rules import standings
from tests.factories import (
    make_change,
    make_game,
    make_player,
    make_published_list,
    make_round,
    make_tournament,
    register,
)
from tournaments.models import Registration, Round
from tournaments.queries.standings import ranked
from tournaments.validators import validate_tiebreaks

E = standings.Entry


def _entries(data):
    return {p.tpn: p.entries for p in data.event.players}


@pytest.mark.django_db
def test_entries_follow_games_byes_and_forfeits():
    tournament = make_tournament(pairing_system="swiss_dutch", rounds_planned=3)
    a, b, c = make_player("A"), make_player("B"), make_player("C")
    register(tournament, a, b, c)
    r1, r2 = make_round(tournament, 1), make_round(tournament, 2)
    make_game(r1, a, b, "+-")
    make_game(r1, c, None, "U", board=2)
    make_game(r2, c, a, "==")
    make_game(r2, b, None, "H", board=2)

    data = tournament_standings(tournament)

    assert data.completed == 2
    assert _entries(data) == {
        1: (E(2, "w", "+"), E(3, "b", "=")),
        2: (E(1, "b", "-"), E(None, None, "H")),
        3: (E(None, None, "U"), E(1, "w", "=")),
    }
    assert data.event.round_robin is False
    assert data.event.rounds == 3


@pytest.mark.django_db
def test_unpaired_and_withdrawn_players_get_zero_point_byes():
    tournament = make_tournament(pairing_system="swiss_dutch")
    a, b, c = make_player("A"), make_player("B"), make_player("C")
    register(tournament, a, b, c)
    Registration.objects.filter(player=c).update(withdrawn_after_round=1)
    make_game(make_round(tournament, 1), a, c, "10")
    make_game(make_round(tournament, 2), a, b, "01")

    data = tournament_standings(tournament)

    assert _entries(data)[3] == (E(1, "b", "0"), E())
    assert _entries(data)[2] == (E(), E(1, "b", "1"))
    assert data.withdrawn == frozenset({3})


@pytest.mark.django_db
def test_pairing_numbers_fall_back_to_name_order_after_the_registered_ones():
    tournament = make_tournament()
    zed, amy, bob = make_player("Zed"), make_player("Amy"), make_player("Bob")
    Registration.objects.create(tournament=tournament, player=zed, pairing_number=4)
    Registration.objects.create(tournament=tournament, player=bob)
    make_game(make_round(tournament, 1), amy, zed, "10")  # Amy is not registered

    data = tournament_standings(tournament)

    assert {tpn: player.name for tpn, player in data.players.items()} == {
        4: "Zed",
        5: "Amy",
        6: "Bob",
    }


@pytest.mark.django_db
def test_rounds_with_a_missing_result_and_draft_rounds_are_left_out():
    tournament = make_tournament()
    a, b = make_player("A"), make_player("B")
    register(tournament, a, b)
    make_game(make_round(tournament, 1), a, b, "10")
    make_game(make_round(tournament, 2), b, a, "")
    Round.objects.create(tournament=tournament, number=3, status="draft")

    data = tournament_standings(tournament)

    assert (data.completed, data.event.rounds_played) == (1, 1)
    assert tournament_standings(tournament, after_round=0).event.rounds_played == 0


@pytest.mark.django_db
def test_point_system_and_round_robin_come_from_the_tournament():
    tournament = make_tournament(
        pairing_system="round_robin", points_win=3, points_draw=1, points_pab=3
    )
    a, b = make_player("A"), make_player("B")
    register(tournament, a, b)
    make_game(make_round(tournament, 1), a, b, "10")

    data = tournament_standings(tournament)
    table = ranked(data, 1)

    assert data.event.round_robin is True
    assert data.event.points.points("1") == Fraction(3)
    assert data.event.points.points("F") == Fraction(3)
    assert [(row.player.tpn, row.points) for row in table.rows] == [(1, 3), (2, 0)]
    assert data.tiebreaks == "DE WIN SB KS"


@pytest.mark.django_db
def test_ratings_are_the_registration_then_the_list_in_force_at_the_start():
    """The rating at the start: the registration's, else the list published on or before the
    start date. A rating the ledger used that no list gave before the start (FIDE 8.2.4: a
    first rating published during the tournament) is not a rating at the start: B is unrated
    here, as on the organiser's dashboard and in the TRF file."""
    tournament = make_tournament(start_date=datetime.date(2026, 3, 1))
    a, b, c = make_player("A"), make_player("B"), make_player("C")
    register(tournament, a, b, c)
    Registration.objects.filter(player=a).update(rating_at_start=2000)
    game = make_game(make_round(tournament, 1), a, b, "10")
    make_change(game, a, b, rating_used=1990, score=1, change="3.5")
    make_change(game, b, a, rating_used=1700, score=0, change="-3.5")
    make_change(game, b, a, rating_used=1700, score=0, change="-1.25")
    published = make_published_list(datetime.date(2026, 2, 1))
    later = make_published_list(datetime.date(2026, 4, 1))
    PublishedRating.objects.create(published_list=published, player=c, rating=1500)
    PublishedRating.objects.create(published_list=later, player=c, rating=1600)

    data = tournament_standings(tournament)

    assert {p.tpn: p.rating for p in data.event.players} == {1: 2000, 2: None, 3: 1500}
    assert {tpn: str(change) for tpn, change in data.changes.items()} == {
        1: "3.5000",
        2: "-4.7500",
    }


@pytest.mark.django_db
def test_round_robin_strength_gives_the_category():
    tournament = make_tournament(pairing_system="round_robin")
    players = [make_player(f"P{n}") for n in range(4)]
    register(tournament, *players)
    for number, rating in enumerate([2600, 2550, 2500, 2451], start=1):
        Registration.objects.filter(tournament=tournament, pairing_number=number).update(
            rating_at_start=rating
        )

    strength = tournament_standings(tournament).strength()

    assert (strength.average, strength.rated_players, strength.category) == (
        2525,
        4,
        11,
    )  # 2501–2525


# --------------------------------------------------------------------------- tie-break field


def test_tiebreak_field_cleans_to_canonical_codes():
    assert TiebreakField().clean("bh-c1, bh  de koya") == "BH/C1 BH DE KS"
    assert TiebreakField().clean("") == ""


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("BH XYZ", "Unknown tie-break code: XYZ."),
        ("BH BH", "A tie-break is listed twice."),
        ("SB/M1", "Unknown tie-break code: SB/M1."),
    ],
)
def test_tiebreak_field_rejects_bad_lists(value, message):
    with pytest.raises(ValidationError) as error:
        TiebreakField().clean(value)

    assert error.value.messages == [message]


def test_round_robins_refuse_the_buchholz_family():
    with pytest.raises(ValidationError) as error:
        validate_tiebreaks("SB BH/C1 AOB", round_robin=True)

    assert error.value.messages == [
        "Buchholz tie-breaks (BH/C1, AOB) are not used in round robins, where every player "
        "meets the same opponents. Try DE WIN SB KS."
    ]
    assert validate_tiebreaks("SB BH/C1", round_robin=False) == "SB BH/C1"


class _Form(TiebreakFormMixin, forms.Form):
    pairing_system = forms.CharField()
    tiebreaks = TiebreakField()


@pytest.mark.parametrize(
    ("system", "valid"),
    [("round_robin", False), ("double_round_robin", False), ("swiss_dutch", True)],
)
def test_tiebreak_form_mixin_checks_the_format(system, valid):
    form = _Form(data={"pairing_system": system, "tiebreaks": "bh de"})

    assert form.is_valid() is valid
    if valid:
        assert form.cleaned_data["tiebreaks"] == "BH DE"


def test_presets_are_offered():
    assert [codes for codes, _label in preset_choices()] == [
        "BH/C1 BH DE WIN BWG BPG",
        "BH/C1 BH DE ARO/C1 WIN BWG BPG",
        "DE WIN SB KS",
    ]


@pytest.mark.django_db
def test_admin_tournament_form_refuses_buchholz_for_a_round_robin():
    data = {
        "name": "RR",
        "slug": "rr",
        "start_date": "2026-03-01",
        "end_date": "2026-03-02",
        "rounds_planned": 3,
        "pairing_system": "round_robin",
        "tiebreaks": "sb bh",
    }

    form = TournamentForm(data=data)

    assert form.is_valid() is False
    assert form.errors["tiebreaks"][0].startswith("Buchholz tie-breaks (BH)")
    valid = TournamentForm(data={**data, "tiebreaks": "sb koya"})
    assert valid.is_valid()
    assert valid.cleaned_data["tiebreaks"] == "SB KS"
