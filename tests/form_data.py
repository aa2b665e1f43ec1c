"""Form data the tests post: the organiser's "new tournament" form and the management forms of
the admin's inline formsets."""

from __future__ import annotations

from django.urls import reverse

CREATE = reverse("tournaments:organise_create")


def tournament_form(**overrides) -> dict:
    """The organiser's "new tournament" form, filled in; ``overrides`` replace fields."""
    data = {
        "name": "Autumn Open 2026",
        "slug": "",
        "club": "",
        "rating_list": "",
        "start_date": "2026-10-01",
        "end_date": "2026-10-05",
        "city": "Tbilisi",
        "rounds_planned": "7",
        "pairing_system": "swiss_dutch",
        "points_win": "1",
        "points_draw": "0.5",
        "points_loss": "0",
        "points_forfeit_win": "1",
        "points_pab": "0.5",
        "points_half_bye": "0.5",
        "max_half_point_byes": "2",
        "initial_colour": "b",
        "accelerated": "on",
        "seeding": "rating",
        "tiebreaks": "bh/c1 BH de",
    }
    data.update(overrides)
    return data


def inline_management(prefix: str, total: int, initial: int) -> dict[str, str]:
    """The management form of an admin inline formset ``prefix``."""
    return {
        f"{prefix}-TOTAL_FORMS": str(total),
        f"{prefix}-INITIAL_FORMS": str(initial),
        f"{prefix}-MIN_NUM_FORMS": "0",
        f"{prefix}-MAX_NUM_FORMS": "1000",
    }
