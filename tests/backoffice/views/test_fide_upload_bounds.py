"""The FIDE list upload refuses a zip bomb with a message on the form and writes nothing:
one whose directory declares an absurd ratio (refused before the import starts) and one that
lies about its size (stopped while it is read, the import rolled back)."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from core.models import AuditEntry
from players.models import Player
from tests.datafiles import FIDE_SAMPLE as SAMPLE
from tests.datafiles import declaring, zipped
from tests.factories import make_superuser

pytestmark = pytest.mark.django_db


def _upload(client, content: bytes):
    client.force_login(make_superuser("staff"))  # the login is not the subject here
    return client.post(
        reverse("tournaments:fide_import"),
        {
            "file": SimpleUploadedFile("players_list.zip", content, "application/zip"),
            "list_date": "2026-10-01",
        },
    )


def test_a_zip_bomb_is_refused_on_the_form_and_nothing_is_written(client):
    response = _upload(client, zipped(b"0" * 20_000_000))

    assert response.status_code == 200
    errors = response.context["form"].errors["file"]
    assert len(errors) == 1
    assert errors[0].endswith(
        " times its packed size, more than the 30 times of a list (a zip bomb?)"
    )
    assert (Player.objects.count(), AuditEntry.objects.count()) == (0, 0)


def test_a_zip_lying_about_its_size_is_stopped_and_its_players_are_not_written(client):
    # The sample's nine players come first; the directory declares a few bytes more than
    # them, the member holds 20 MB more.
    archive = declaring(zipped(SAMPLE + b"0" * 20_000_000), len(SAMPLE) + 10)

    response = _upload(client, archive)

    assert response.status_code == 200
    assert response.context["form"].non_field_errors() == [
        "The FIDE list was not imported: the zip cannot be read (Bad CRC-32 for file "
        "'players_list_foa.txt')"
    ]
    assert (Player.objects.count(), AuditEntry.objects.count()) == (0, 0)


def test_the_sample_zip_still_imports(client):
    response = _upload(client, zipped(SAMPLE))

    assert response.status_code == 302
    assert Player.objects.count() == 9
