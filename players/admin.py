"""Admin for clubs and players, and the machinery every admin of ours shares.

Writes with side effects go through the services. A service refuses bad input with a
``ValidationError``; :class:`ServiceAdminMixin` turns it into a form error and writes nothing.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.contrib import messages as admin_messages
from django.core.exceptions import ValidationError
from django.db.models import Count, Model
from django.http import HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from players import services
from players.models import Club, Player
from ratings.models import PlayerRating
from tournaments.queries import rated_games


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


class GuardedDeleteMixin:
    """Deletion through a service that refuses rows rated games depend on.

    ``delete_blockers(obj)`` returns the reasons (empty: deletable). The delete page of such
    a row redirects to its change page with the reason; the bulk "delete selected" action
    lists the reasons as protected objects and deletes nothing; ``delete_model`` and
    ``delete_queryset`` go through ``delete_service`` (which checks again, in its
    transaction).
    """

    delete_service: Any = None  # staticmethod(<app>.services.delete_<model>)

    def delete_blockers(self, obj) -> list[str]:
        raise NotImplementedError

    def delete_view(self, request, object_id, extra_context=None):
        obj = self.get_object(request, object_id)
        if obj is not None and request.user.is_staff:
            blockers = self.delete_blockers(obj)
            if blockers:
                for reason in blockers:
                    self.message_user(request, reason, admin_messages.ERROR)
                opts = self.model._meta
                return HttpResponseRedirect(
                    reverse(f"admin:{opts.app_label}_{opts.model_name}_change", args=[obj.pk])
                )
        return super().delete_view(request, object_id, extra_context)

    def get_deleted_objects(self, objs, request):
        deleted, model_count, perms_needed, protected = super().get_deleted_objects(objs, request)
        blockers = [reason for obj in objs for reason in self.delete_blockers(obj)]
        if blockers:  # the page shows the reasons, not the missing permissions
            return deleted, model_count, set(), [*blockers, *protected]
        return deleted, model_count, perms_needed, protected

    def _call_delete(self, request, obj) -> bool:
        try:
            self.delete_service(**{self.model._meta.model_name: obj, "user": request.user})
        except ValidationError as error:
            for message in error.messages:
                self.message_user(request, message, admin_messages.ERROR)
            return False
        return True

    def delete_model(self, request, obj):
        self._call_delete(request, obj)

    def delete_queryset(self, request, queryset):
        for obj in queryset:
            if not self._call_delete(request, obj):
                return


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


class MergeForm(forms.Form):
    keep = forms.TypedChoiceField(label=_("Keep"), coerce=int, widget=forms.RadioSelect)


@admin.register(Player)
class PlayerAdmin(GuardedDeleteMixin, ServiceAdminMixin, admin.ModelAdmin):
    list_display = ["name", "title", "federation", "club", "fide_id", "sex", "birth_date"]
    list_filter = ["sex", "title", "federation", "club"]
    list_select_related = ["club"]
    search_fields = ["last_name", "first_name", "fide_id"]
    autocomplete_fields = ["club", "user"]
    fields = list(services.PLAYER_FIELDS)
    inlines = [PlayerRatingInline]
    actions = ["merge_action"]
    delete_service = staticmethod(services.delete_player)

    def delete_blockers(self, obj: Player) -> list[str]:
        count = rated_games(player=obj).count()
        if not count:
            return []
        return [
            _(
                "%(player)s has %(count)d rated games and cannot be deleted: ratings depend "
                "on them (merge a duplicate into the right player instead)."
            )
            % {"player": obj.name, "count": count}
        ]

    @admin.action(description=_("Merge the two selected players (duplicates)…"))
    def merge_action(self, request, queryset):
        players = list(queryset.order_by("pk")[:3])
        if len(players) != 2:
            self.message_user(
                request, _("Select exactly two players to merge."), admin_messages.ERROR
            )
            return None
        form = MergeForm(request.POST if "confirm" in request.POST else None)
        form.fields["keep"].choices = [
            (p.pk, f"{p.name} (#{p.pk}, {p.fide_id or '–'})") for p in players
        ]
        if form.is_bound and form.is_valid():
            keep = next(p for p in players if p.pk == form.cleaned_data["keep"])
            duplicate = next(p for p in players if p.pk != keep.pk)
            try:
                services.merge_players(keep=keep, duplicate=duplicate, user=request.user)
            except ValidationError as error:
                for message in error.messages:
                    self.message_user(request, message, admin_messages.ERROR)
                return None
            self.message_user(
                request,
                _("%(duplicate)s was merged into %(keep)s.")
                % {"duplicate": duplicate.name, "keep": keep.name},
                admin_messages.SUCCESS,
            )
            return None
        context = {
            **self.admin_site.each_context(request),
            "title": _("Merge players"),
            "opts": self.model._meta,
            "players": players,
            "form": form,
            "action_checkbox_name": admin.helpers.ACTION_CHECKBOX_NAME,
        }
        return TemplateResponse(request, "admin/players/player/merge.html", context)

    @admin.display(description=_("Name"), ordering="last_name")
    def name(self, obj: Player) -> str:
        return obj.name

    def save_model(self, request, obj, form, change):
        if not change:
            player = call_service(
                services.create_player,
                **{name: form.cleaned_data[name] for name in services.PLAYER_FIELDS},
            )
            adopt(obj, player)
            return
        if not form.changed_data:
            return
        # ``update_player`` replays the lists when the birth date (junior K) changes, and
        # records the change in the audit trail.
        saved = call_service(
            services.update_player,
            player=Player.objects.get(pk=obj.pk),
            user=request.user,
            **{name: form.cleaned_data[name] for name in form.changed_data},
        )
        adopt(obj, saved)
