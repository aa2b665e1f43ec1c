"""Club games in the admin: view only (set up on the club's page, reported, confirmed and
rejected by the players and organisers, each through ``actions.club_games``, audited)."""

from django.contrib import admin

from events.models import ClubGameReport, ClubGames, LadderPlace
from web.admin import ViewOnlyAdminMixin


@admin.register(ClubGames)
class ClubGamesAdmin(ViewOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("club", "rating_list", "reach")
    list_select_related = ("club", "rating_list")
    search_fields = ("club__name",)


@admin.register(LadderPlace)
class LadderPlaceAdmin(ViewOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("club_games", "place", "player")
    list_select_related = ("club_games__club", "player")
    search_fields = ("club_games__club__name", "player__last_name")


@admin.register(ClubGameReport)
class ClubGameReportAdmin(ViewOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("date", "white", "black", "result", "status", "reported_by", "club_games")
    list_filter = ("status",)
    list_select_related = ("white", "black", "reported_by", "club_games__club")
    search_fields = ("white__last_name", "black__last_name", "club_games__club__name")
    date_hierarchy = "date"
