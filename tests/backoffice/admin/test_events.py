"""The admin of events: an event and its inline sections and discounts are written through
``actions.events`` (audited, refused as the actions refuse, nothing written then); entries,
prize tables and round starts are shown, never edited."""

import pytest
from django.urls import reverse

from core.enums import AuditAction
from core.models import AuditEntry
from events.models import Discount, Event, Section
from tests.factories import make_club, make_event, make_superuser, make_tournament
from tests.helpers import snapshot

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client):
    client.force_login(make_superuser())
    return client


def inline(prefix: str, rows: list[dict], initial: int = 0) -> dict:
    data = {
        f"{prefix}-TOTAL_FORMS": str(len(rows)),
        f"{prefix}-INITIAL_FORMS": str(initial),
        f"{prefix}-MIN_NUM_FORMS": "0",
        f"{prefix}-MAX_NUM_FORMS": "1000",
    }
    for number, row in enumerate(rows):
        data.update({f"{prefix}-{number}-{key}": value for key, value in row.items()})
    return data


def event_data(club, **fields) -> dict:
    return {
        "name": "Spring Weekend",
        "slug": "spring-weekend",
        "club": club.pk,
        "start_date": "2026-03-07",
        "end_date": "2026-03-08",
        "currency": "EUR",
        **fields,
    }


def test_the_admin_creates_an_event_with_a_section_and_a_discount(admin_client):
    club = make_club("Riverside")
    tournament = make_tournament("Open A", club=club)
    data = {
        **event_data(club),
        **inline(
            "sections",
            [{"tournament": tournament.pk, "order": 1, "cap": 20, "rated": "any", "fee": "10"}],
        ),
        **inline("discounts", [{"kind": "junior", "age": 18, "percent": 50}]),
    }

    response = admin_client.post(reverse("admin:events_event_add"), data)

    assert response.status_code == 302
    event = Event.objects.get()
    assert list(event.sections.values_list("tournament__name", "cap")) == [("Open A", 20)]
    assert list(Discount.objects.values_list("kind", "age", "percent")) == [("junior", 18, 50)]
    assert list(AuditEntry.objects.order_by("pk").values_list("action", flat=True)) == [
        AuditAction.EVENT_CREATED,
        AuditAction.SECTION_ADDED,
        AuditAction.EVENT_CHANGED,
    ]


def test_a_section_the_action_refuses_is_a_form_error_and_nothing_is_written(admin_client):
    club = make_club("Riverside")
    event = make_event("Spring Weekend", slug="spring-weekend", club=club)
    away = make_tournament("Away Open", club=make_club("Away"))
    data = {
        **event_data(club),
        **inline("sections", [{"tournament": away.pk, "order": 1, "rated": "any", "fee": "0"}]),
        **inline("discounts", []),
    }
    before = snapshot()

    response = admin_client.post(reverse("admin:events_event_change", args=[event.pk]), data)

    assert response.status_code == 200
    assert "A section is a tournament of the event&#x27;s club." in response.content.decode()
    assert snapshot() == before


def test_an_event_ending_before_it_starts_is_refused(admin_client):
    club = make_club("Riverside")
    data = {
        **event_data(club, end_date="2026-03-06"),
        **inline("sections", []),
        **inline("discounts", []),
    }
    before = snapshot()

    response = admin_client.post(reverse("admin:events_event_add"), data)

    assert response.status_code == 200
    assert snapshot() == before


def test_entries_prize_tables_and_round_starts_are_read_only(admin_client):
    for name in ("entry", "prizetable", "roundstart"):
        assert admin_client.get(reverse(f"admin:events_{name}_changelist")).status_code == 200
        assert admin_client.get(reverse(f"admin:events_{name}_add")).status_code == 403


def test_events_are_not_deleted_in_the_admin(admin_client):
    event = make_event(club=make_club())
    response = admin_client.post(
        reverse("admin:events_event_delete", args=[event.pk]), {"post": "yes"}
    )
    assert response.status_code == 403
    assert Event.objects.filter(pk=event.pk).exists()
    assert not Section.objects.exists()
