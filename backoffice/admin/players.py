"""Admin for clubs and players; writes go through the services (see :mod:`web.admin`)."""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.contrib import messages as admin_messages
from django.core.exceptions import ValidationError
from django.db.models import Count
from django.template.response import TemplateResponse
from django.utils.translation import gettext_lazy as _

from actions.clubs import CLUB_FIELDS, create_club, delete_club, set_organisers, update_club
from actions.players import (
    PLAYER_FIELDS,
    create_player,
    delete_player,
    merge_players,
    update_player,
)
from players.models import Club, Player
from ratings.models import PlayerRating
from tournaments.queries.games import rated_games
from web.admin import (
    GuardedDeleteMixin,
    ServiceAdminMixin,
    adopt,
    call_service,
)


@admin.register(Club)
class ClubAdmin(ServiceAdminMixin, admin.ModelAdmin):
    list_display = ["name", "short_name", "city", "federation", "player_count"]
    list_filter = ["federation"]
    search_fields = ["name", "short_name", "city"]
    autocomplete_fields = ["organisers"]
    creates_once = True

    def write_model(self, request, obj, form, change):
        cleaned = form.cleaned_data
        fields = {name: cleaned[name] for name in CLUB_FIELDS if name in cleaned}
        if change:
            changed = {name: fields[name] for name in form.changed_data if name in fields}
            saved = call_service(
                update_club, club=Club.objects.get(pk=obj.pk), changes=changed, actor=request.user
            )
        else:
            saved = call_service(
                create_club, fields=fields, actor=request.user, submission=self.submission(form)
            )
        adopt(obj, saved)

    def write_related(self, request, form, formsets, change):
        if "organisers" in form.changed_data or not change:
            call_service(
                set_organisers,
                club=form.instance,
                organisers=form.cleaned_data.get("organisers", []),
                actor=request.user,
            )

    def delete_model(self, request, obj):
        delete_club(club=obj, actor=request.user)

    def delete_queryset(self, request, queryset):
        for club in queryset:
            delete_club(club=club, actor=request.user)

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
    autocomplete_fields = ["club", "account"]
    creates_once = True
    fields = list(PLAYER_FIELDS)
    inlines = [PlayerRatingInline]
    actions = ["merge_action"]
    delete_service = staticmethod(delete_player)

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
                merge_players(keep=keep, duplicate=duplicate, actor=request.user)
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

    def write_model(self, request, obj, form, change):
        if not change:
            player = call_service(
                create_player,
                actor=request.user,
                submission=self.submission(form),
                **{name: form.cleaned_data[name] for name in PLAYER_FIELDS},
            )
            adopt(obj, player)
            return
        if not form.changed_data:
            return
        # ``update_player`` replays the lists when the birth date (junior K) changes, and
        # records the change in the audit trail.
        saved = call_service(
            update_player,
            player=Player.objects.get(pk=obj.pk),
            actor=request.user,
            changes={name: form.cleaned_data[name] for name in form.changed_data},
        )
        adopt(obj, saved)
