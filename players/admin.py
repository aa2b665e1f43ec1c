"""Admin for clubs and players, and the machinery every admin of ours shares.

Writes with side effects go through the services. A service refuses bad input with a
``ValidationError``; :class:`ServiceAdminMixin` turns it into a form error and writes nothing.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError
from django.db.models import Count, Model
from django.utils.translation import gettext_lazy as _

from players import services
from players.models import Club, Player
from ratings import services as rating_services
from ratings.models import PlayerRating


class ServiceRejected(Exception):
    """A service refused the admin's input; carries the error and a prefix for its messages."""

    def __init__(self, error: ValidationError, prefix: str = ""):
        super().__init__(str(error))
        self.error = error
        self.prefix = prefix


def call_service(function, /, *, prefix: str = "", **kwargs: Any):
    """Call a write service; turn its ``ValidationError`` into :class:`ServiceRejected`."""
    try:
        return function(**kwargs)
    except ValidationError as error:
        raise ServiceRejected(error, prefix) from error


def adopt(obj: Model, saved: Model) -> None:
    """Make the admin's unsaved ``obj`` stand for the row a service created."""
    obj.pk = saved.pk
    obj._state.adding = False
    obj._state.db = saved._state.db


def add_rejection(form: forms.BaseForm, rejection: ServiceRejected) -> None:
    """Show a service's error on ``form``: on the field it names, else above the form."""
    error = rejection.error
    if hasattr(error, "error_dict"):
        items = [(name, messages) for name, messages in error.message_dict.items()]
    else:
        items = [(None, error.messages)]
    for name, messages in items:
        target = name if name in form.fields else None
        form.add_error(target, [f"{rejection.prefix}{message}" for message in messages])


class ServiceAdminMixin:
    """Run the change form so that a refused service call becomes a form error.

    ``save_model``/``save_formset`` call services through :func:`call_service`. When one
    refuses, the exception leaves the admin's ``transaction.atomic`` block, so everything the
    request wrote is rolled back; the view then runs again on the same POST with a form whose
    ``clean()`` reports the error, so the user sees the form with the message and nothing saved.
    """

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        try:
            return super().changeform_view(request, object_id, form_url, extra_context)
        except ServiceRejected as rejection:
            request.service_rejection = rejection
            return super().changeform_view(request, object_id, form_url, extra_context)

    def get_form(self, request, obj=None, change=False, **kwargs):
        form_class = super().get_form(request, obj, change, **kwargs)
        rejection = getattr(request, "service_rejection", None)
        if rejection is None:
            return form_class

        class RejectedForm(form_class):
            def clean(self):
                cleaned_data = super().clean()
                add_rejection(self, rejection)
                return cleaned_data

        return RejectedForm


class ViewOnlyAdminMixin:
    """For derived data: staff may look, nobody edits by hand."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "short_name", "city", "federation", "player_count"]
    list_filter = ["federation"]
    search_fields = ["name", "short_name", "city"]
    autocomplete_fields = ["organisers"]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(player_count=Count("players"))

    @admin.display(description=_("players"), ordering="player_count")
    def player_count(self, obj: Club) -> int:
        return obj.player_count


PLAYER_FIELDS = [
    "last_name",
    "first_name",
    "sex",
    "birth_date",
    "federation",
    "club",
    "fide_id",
    "title",
    "user",
]


class PlayerRatingInline(admin.TabularInline):
    """The player's ratings, read-only here; the starting rating is edited on its own form."""

    model = PlayerRating
    fields = ["rating_list", "starting_rating", "rating", "live_rating", "k", "games", "peak"]
    readonly_fields = fields
    show_change_link = True
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Player)
class PlayerAdmin(ServiceAdminMixin, admin.ModelAdmin):
    list_display = ["name", "title", "federation", "club", "fide_id", "sex", "birth_date"]
    list_filter = ["sex", "title", "federation", "club"]
    list_select_related = ["club"]
    search_fields = ["last_name", "first_name", "fide_id"]
    autocomplete_fields = ["club", "user"]
    fields = PLAYER_FIELDS
    inlines = [PlayerRatingInline]

    @admin.display(description=_("Name"), ordering="last_name")
    def name(self, obj: Player) -> str:
        return obj.name

    def save_model(self, request, obj, form, change):
        if not change:
            player = call_service(
                services.create_player,
                **{name: form.cleaned_data[name] for name in PLAYER_FIELDS},
            )
            adopt(obj, player)
            return
        obj.save()
        if "birth_date" in form.changed_data:
            # The birth date decides the junior K factor: replay every list the player is in.
            for rating in obj.ratings.select_related("rating_list"):
                call_service(rating_services.replay_rating_list, rating_list=rating.rating_list)
