"""Organiser TRF pages: upload (with the error report and size limit) and download."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from actions.trf_import import MAX_UPLOAD_BYTES, import_trf
from core.roles import SYSTEM
from tests.helpers import counts
from tests.trf_samples import SMALL
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(client):
    user = get_user_model().objects.create_user("orga", is_staff=True)
    client.force_login(user)
    return client


def upload(content: bytes) -> SimpleUploadedFile:
    return SimpleUploadedFile("t.trf", content, content_type="text/plain")


def test_trf_import_page_creates_the_tournament_and_redirects(staff_client):
    response = staff_client.post(
        reverse("tournaments:trf_import"), {"file": upload(SMALL.encode())}
    )

    t = Tournament.objects.get()
    assert (response.status_code, response["Location"]) == (302, t.get_absolute_url())


def test_trf_import_page_shows_every_problem_and_writes_nothing(staff_client):
    bad = SMALL.replace("2000 ENG", "2x00 ENG").replace("001    3", "001    x").encode()
    before = counts()

    response = staff_client.post(reverse("tournaments:trf_import"), {"file": upload(bad)})

    assert response.status_code == 200
    errors = response.context["form"].errors["file"]
    assert [e.split(":")[0] for e in errors] == ["line 5, column 49", "line 7, column 5"]
    assert counts() == before


def test_trf_import_page_refuses_a_file_over_the_size_limit(staff_client):
    big = SMALL.encode() + b"### " + b"x" * MAX_UPLOAD_BYTES

    response = staff_client.post(reverse("tournaments:trf_import"), {"file": upload(big)})

    assert response.status_code == 200
    assert "largest file accepted is 2 MB" in response.context["form"].errors["file"][0]
    assert Tournament.objects.count() == 0


def test_trf_pages_are_for_staff_only(client):
    t = import_trf(text=SMALL, actor=SYSTEM).tournament
    user = get_user_model().objects.create_user("player")

    anonymous = client.get(reverse("tournaments:trf_import"))
    client.force_login(user)
    not_staff = client.get(reverse("tournaments:trf_export", args=[t.slug]))

    assert anonymous.status_code == 302
    assert not_staff.status_code == 403


def test_trf_export_page_downloads_the_file(staff_client):
    t = import_trf(text=SMALL, actor=SYSTEM).tournament

    response = staff_client.get(reverse("tournaments:trf_export", args=[t.slug]))

    assert response.status_code == 200
    assert response["Content-Disposition"] == f'attachment; filename="{t.slug}.trf"'
    assert response.content.decode().startswith("012 Club Open\n")


def test_trf_import_page_get_shows_the_form(staff_client):
    response = staff_client.get(reverse("tournaments:trf_import"))

    assert response.status_code == 200
    assert b'enctype="multipart/form-data"' in response.content
