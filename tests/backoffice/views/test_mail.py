"""The mail a signed-in user receives (/accounts/mail/), the unsubscribe link of every mail
(/mail/unsubscribe/<token>/, with RFC 8058's one-click POST), and the outgoing mail in the
admin (read-only, "retry now" for staff)."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from core import mail
from core.enums import MailKind
from core.models import MailPreference, OutgoingMail
from tests.factories import make_superuser
from tests.helpers import snapshot

pytestmark = pytest.mark.django_db


@pytest.fixture
def ann(client):
    user = get_user_model().objects.create_user("ann", email="Ann@example.org")
    client.force_login(user)
    return user


def test_the_account_page_links_to_the_mail_preferences(client, ann):
    page = client.get(reverse("account")).content.decode()

    assert f'href="{reverse("mail_preferences")}"' in page


def test_the_preferences_page_ticks_every_kind_for_a_new_address(client, ann):
    response = client.get(reverse("mail_preferences"))

    form = response.context["form"]
    assert form.initial == {
        "receive": ["entry", "pairings", "results", "reports"],
        "language": "",
    }
    assert "Mail to Ann@example.org." in response.content.decode()


def test_unticking_kinds_switches_them_off_for_the_accounts_address(client, ann):
    response = client.post(
        reverse("mail_preferences"), {"receive": ["entry", "reports"], "language": "ru"}
    )

    assert response.status_code == 302
    preference = MailPreference.objects.get()
    assert (preference.address, preference.off, preference.language) == (
        "ann@example.org",
        "pairings,results",
        "ru",
    )
    again = client.get(reverse("mail_preferences")).context["form"].initial
    assert again == {"receive": ["entry", "reports"], "language": "ru"}


def test_an_unknown_kind_is_refused_and_nothing_is_written(client, ann):
    response = client.post(reverse("mail_preferences"), {"receive": ["account"]})

    assert response.status_code == 200
    assert response.context["form"].errors["receive"]
    assert not MailPreference.objects.exists()


def test_an_account_without_an_address_is_told_so(client):
    client.force_login(get_user_model().objects.create_user("noemail"))

    response = client.post(reverse("mail_preferences"), {"receive": []})

    assert response.status_code == 200
    assert "Your account has no e-mail address." in response.content.decode()
    assert not MailPreference.objects.exists()


def _link(address: str = "bob@example.org", kind: str = MailKind.RESULTS) -> str:
    return reverse("mail_unsubscribe", args=[mail.unsubscribe_token(address, kind)])


def test_opening_the_unsubscribe_link_shows_a_button_and_changes_nothing(client):
    response = client.get(_link())

    page = response.content.decode()
    assert response.status_code == 200
    assert "Stop sending bob@example.org mail about: a result recorded or corrected" in page
    assert "<button" in page
    assert not MailPreference.objects.exists()


def test_the_button_unsubscribes_the_address_from_that_kind_only(client):
    MailPreference.objects.create(address="bob@example.org", off="pairings")

    response = client.post(_link())

    assert response.status_code == 200
    assert "bob@example.org no longer receives" in response.content.decode()
    assert MailPreference.objects.get().off == "pairings,results"


def test_the_one_click_post_of_a_mail_client_needs_no_csrf_token():
    client = Client(enforce_csrf_checks=True)

    response = client.post(_link(), {"List-Unsubscribe": "One-Click"})

    assert response.status_code == 200
    assert MailPreference.objects.get().kinds_off == {"results"}


@pytest.mark.parametrize(
    "token",
    [
        "made-up",
        mail.unsubscribe_token("bob@example.org", MailKind.RESULTS)[:-1] + "A",
        mail.unsubscribe_token("bob@example.org", MailKind.ACCOUNT),
    ],
)
def test_a_tampered_link_is_refused_and_writes_nothing(client, token):
    url = reverse("mail_unsubscribe", args=[token])
    before = snapshot()

    assert client.get(url).status_code == 403
    assert client.post(url).status_code == 403
    assert snapshot() == before


def _outgoing(**fields) -> OutgoingMail:
    now = timezone.now()
    fields.setdefault("next_attempt_at", now + datetime.timedelta(hours=1))
    return OutgoingMail.objects.create(
        to="bob@example.org", kind=MailKind.RESULTS, subject="Result", body="1-0", **fields
    )


def test_the_admin_lists_failed_mail_and_retries_it_now(client):
    failed = _outgoing(attempts=3, last_error="Connection refused")
    sent = _outgoing(sent_at=timezone.now(), attempts=1)
    client.force_login(make_superuser())
    url = reverse("admin:core_outgoingmail_changelist")

    listed = client.get(url, {"delivery": "failed"}).context["cl"].result_list
    response = client.post(
        url, {"action": "retry", "_selected_action": [failed.pk, sent.pk]}, follow=True
    )

    assert list(listed) == [failed]
    assert "1 mail will be tried again now." in response.content.decode()
    failed.refresh_from_db()
    sent.refresh_from_db()
    assert failed.next_attempt_at <= timezone.now()
    assert sent.next_attempt_at > timezone.now()
    assert (
        client.get(reverse("admin:core_outgoingmail_change", args=[failed.pk])).status_code == 200
    )
    assert client.get(reverse("admin:core_outgoingmail_add")).status_code == 403
