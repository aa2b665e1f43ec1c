"""Admin for rating lists, ratings, published lists and the ledger.

Staff enter only inputs: a list's definition and a player's starting rating (through
``ratings.services.set_starting_rating``, which replays the list). Closing a period goes through
``close_rating_period``. Everything derived (ratings, ledger, published rows) is read-only.
"""

from django.contrib import admin, messages
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from actions.clubs import delete_rating_list, save_rating_list
from actions.ratings import (
    check_closing,
    check_starting_rating,
    close_rating_period,
    recompute_ratings,
    set_starting_rating,
)
from ratings.models import PlayerRating, PublishedList, PublishedRating, RatingChange, RatingList
from web.admin import ServiceAdminMixin, ViewOnlyAdminMixin, adopt, call_service

#: What the replay derives, shown read-only; its state (a checkpoint's entry) is never shown.
DERIVED_RATING_FIELDS = [name for name in PlayerRating.DERIVED_FIELDS if name != "state"]


@admin.register(RatingList)
class RatingListAdmin(ServiceAdminMixin, admin.ModelAdmin):
    list_display = ["name", "slug", "game", "time_control", "system", "position"]
    list_filter = ["game", "time_control", "system"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    actions = ["recompute"]

    def get_readonly_fields(self, request, obj=None):
        if obj is not None and obj.tournaments.exists():
            # Rated games depend on these; changing them would silently change the maths.
            return ["game", "time_control", "system"]
        return []

    def has_delete_permission(self, request, obj=None):
        return obj is None or not obj.tournaments.exists()

    def write_model(self, request, obj, form, change):
        fields = form.changed_data if change else list(form.cleaned_data)
        saved = call_service(
            save_rating_list,
            rating_list=RatingList.objects.get(pk=obj.pk) if change else None,
            changes={name: form.cleaned_data[name] for name in fields},
            actor=request.user,
        )
        adopt(obj, saved)

    def delete_model(self, request, obj):
        delete_rating_list(rating_list=obj, actor=request.user)

    def delete_queryset(self, request, queryset):
        for rating_list in queryset:
            delete_rating_list(rating_list=rating_list, actor=request.user)

    @admin.action(description=_("Recompute the selected lists from scratch"))
    def recompute(self, request, queryset):
        for rating_list in queryset:
            recompute_ratings(rating_list=rating_list, actor=request.user)
        count = len(queryset)
        self.message_user(
            request,
            ngettext("Recomputed %(count)d list.", "Recomputed %(count)d lists.", count)
            % {"count": count},
            messages.SUCCESS,
        )


def _starting(form) -> dict:
    """What the starting rating form sets: ``set_starting_rating``'s arguments."""
    cleaned = form.cleaned_data
    return {
        "rating": cleaned["starting_rating"],
        "games": cleaned["starting_games"] or 0,
        "date": cleaned["starting_date"],
        "declared_grade": cleaned.get("declared_grade") or "",
    }


@admin.register(PlayerRating)
class PlayerRatingAdmin(ServiceAdminMixin, admin.ModelAdmin):
    list_display = [
        "player",
        "rating_list",
        "rating",
        "live_rating",
        "grade",
        "k",
        "games",
        "peak",
        "last_played",
    ]
    list_filter = ["rating_list"]
    list_select_related = ["player", "rating_list"]
    search_fields = ["player__last_name", "player__first_name", "player__fide_id"]
    autocomplete_fields = ["player"]
    fieldsets = [
        (None, {"fields": ["player", "rating_list"]}),
        (
            _("Starting rating"),
            {"fields": ["starting_rating", "starting_games", "starting_date", "declared_grade"]},
        ),
        (_("Derived (recomputed from the games)"), {"fields": DERIVED_RATING_FIELDS}),
    ]

    def get_readonly_fields(self, request, obj=None):
        if obj is None:
            return DERIVED_RATING_FIELDS
        return ["player", "rating_list", *DERIVED_RATING_FIELDS]

    def has_delete_permission(self, request, obj=None):
        return False

    def check_form(self, request, form, change):
        starting = _starting(form)
        check_starting_rating(
            form.instance.rating_list,
            rating=starting["rating"],
            games=starting["games"],
            declared_grade=starting["declared_grade"],
        )

    def write_model(self, request, obj, form, change):
        saved = call_service(
            set_starting_rating,
            player=obj.player,
            rating_list=obj.rating_list,
            actor=request.user,
            **_starting(form),
        )
        adopt(obj, saved)


class PublishedRatingInline(admin.TabularInline):
    model = PublishedRating
    fields = ["player", "rating", "grade", "games", "k", "change"]
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("player").order_by("-rating")


@admin.register(PublishedList)
class PublishedListAdmin(ServiceAdminMixin, admin.ModelAdmin):
    """Adding a published list closes the open period (``close_rating_period``)."""

    list_display = ["rating_list", "date", "closed_at", "closed_by"]
    list_filter = ["rating_list"]
    list_select_related = ["rating_list", "closed_by"]
    date_hierarchy = "date"
    inlines = [PublishedRatingInline]

    def get_fields(self, request, obj=None):
        if obj is None:
            return ["rating_list", "date"]
        return ["rating_list", "date", "closed_at", "closed_by"]

    def get_inlines(self, request, obj):
        return [] if obj is None else self.inlines

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def check_form(self, request, form, change):
        check_closing(form.cleaned_data["rating_list"], form.cleaned_data["date"])

    def write_model(self, request, obj, form, change):
        published = call_service(
            close_rating_period,
            rating_list=form.cleaned_data["rating_list"],
            date=form.cleaned_data["date"],
            actor=request.user,
        )
        adopt(obj, published)


@admin.register(PublishedRating)
class PublishedRatingAdmin(ViewOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["player", "published_list", "rating", "grade", "games", "k", "change"]
    list_filter = ["published_list__rating_list", "published_list__date"]
    list_select_related = ["player", "published_list__rating_list"]
    search_fields = ["player__last_name", "player__first_name"]


@admin.register(RatingChange)
class RatingChangeAdmin(ViewOnlyAdminMixin, admin.ModelAdmin):
    list_display = [
        "date",
        "player",
        "opponent",
        "rating_list",
        "tournament",
        "rating_used",
        "opponent_rating_used",
        "capped",
        "score",
        "expected",
        "k",
        "change",
        "period",
    ]
    list_filter = ["rating_list", "capped", "period__date"]
    list_select_related = ["player", "opponent", "rating_list", "tournament", "period__rating_list"]
    search_fields = [
        "player__last_name",
        "player__first_name",
        "opponent__last_name",
        "tournament__name",
    ]
    date_hierarchy = "date"
