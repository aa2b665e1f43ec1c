"""Reserved addresses apply to every way a tournament is made or changed (issue 15, defect 8)."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import URLPattern, reverse

from actions.tournaments import update_tournament
from actions.trf_import import import_trf
from clubrating import urls
from core.roles import SYSTEM
from tests.factories import make_superuser, make_tournament
from tests.trf_samples import SMALL
from tournaments.enums import RESERVED_SLUGS

pytestmark = pytest.mark.django_db


def tournament_prefixes() -> set[str]:
    """The fixed first segments of the URLs under ``/tournaments/``."""
    (tournaments,) = [p for p in urls.urlpatterns if str(p.pattern) == "tournaments/"]
    first = {str(p.pattern).split("/")[0] for p in tournaments.url_patterns}
    assert all(isinstance(p, URLPattern) for p in tournaments.url_patterns)
    return {segment for segment in first if segment and "<" not in segment}


def test_the_reserved_slugs_are_the_url_confs_own_addresses():
    assert tournament_prefixes() == set(RESERVED_SLUGS)


def test_an_import_named_organise_gets_a_safe_slug_and_its_page_is_reachable(client):
    text = SMALL.replace("012 Club Open", "012 Organise")

    tournament = import_trf(text=text, actor=SYSTEM).tournament

    assert tournament.slug == "organise-2"
    response = client.get(reverse("tournaments:detail", args=[tournament.slug]))
    assert (response.status_code, response.context["tournament"].pk) == (200, tournament.pk)


@pytest.mark.parametrize("slug", sorted(RESERVED_SLUGS))
def test_a_tournament_cannot_be_moved_to_a_reserved_slug(slug):
    tournament = make_tournament(slug="autumn")

    with pytest.raises(ValidationError) as refused:
        update_tournament(tournament=tournament, changes={"slug": slug}, actor=SYSTEM)

    assert refused.value.message_dict == {"slug": [f"The address “{slug}” is already taken."]}
    tournament.refresh_from_db()
    assert tournament.slug == "autumn"


def test_the_admin_refuses_a_reserved_slug(client):
    client.force_login(make_superuser())
    tournament = make_tournament(slug="autumn")
    url = reverse("admin:tournaments_tournament_change", args=[tournament.pk])
    form = client.get(url).context["adminform"].form
    data = {
        name: ("" if value is None else value)
        for name, value in form.initial.items()
        if name in form.fields
    }
    data.update({"slug": "my-games", "tiebreaks": ""})
    for prefix in ("rounds", "registrations"):
        data.update({f"{prefix}-TOTAL_FORMS": 0, f"{prefix}-INITIAL_FORMS": 0})

    response = client.post(url, data)

    assert response.status_code == 200
    assert response.context["adminform"].form.errors["slug"] == [
        "The address “my-games” is already taken."
    ]
    tournament.refresh_from_db()
    assert tournament.slug == "autumn"
