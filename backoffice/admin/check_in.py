"""Check-in in the admin: view only (the rule is set on the check-in page and check-ins are
taps there or the players' own, each through ``actions.check_in``, audited)."""

from django.contrib import admin

from events.models import CheckIn, CheckInSetting, LeftOut
from web.admin import ViewOnlyAdminMixin


@admin.register(CheckInSetting)
class CheckInSettingAdmin(ViewOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("tournament", "rule")
    list_filter = ("rule",)
    list_select_related = ("tournament",)
    search_fields = ("tournament__name",)


@admin.register(CheckIn)
class CheckInAdmin(ViewOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("registration", "round_number", "at", "way", "by")
    list_filter = ("way",)
    list_select_related = ("registration__player", "registration__tournament", "by")
    search_fields = ("registration__player__last_name", "registration__tournament__name")
    date_hierarchy = "at"


@admin.register(LeftOut)
class LeftOutAdmin(ViewOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("bye",)
    list_select_related = ("bye__registration__player", "bye__registration__tournament")
