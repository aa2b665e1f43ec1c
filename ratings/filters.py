"""Filters of a leaderboard (django-filter): the query side of the top lists, used by the
public leaderboard and the API alike."""

import django_filters
from django import forms
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from players.enums import Sex
from ratings.models import PlayerRating, RatingList
from ratings.queries import lists

CATEGORY_CHOICES = [
    ("women", _("Women")),
    ("juniors", _("Juniors (under 20)")),
    ("girls", _("Girls (under 20)")),
    ("seniors50", _("Seniors 50+")),
    ("seniors65", _("Seniors 65+")),
]
"""The top lists besides the open one (the unfiltered list); see
``ratings.queries.lists.filter_category``."""

ACTIVITY_CHOICES = [
    ("on", _("Active in the last 12 months")),
    ("inactive", _("Inactive (no rated game in 12 months)")),
]

FESA_ACTIVITY_CHOICES = [
    ("on", _("Active in the last two years")),
    ("inactive", _("Inactive (no rated game in two years)")),
]
"""FESA's list counts activity over two years: the label and the options say so."""


class LeaderboardFilter(django_filters.FilterSet):
    """Top list, sex, juniors, club, federation and activity; federations come from the list."""

    category = django_filters.ChoiceFilter(
        label=_("Top list"),
        choices=CATEGORY_CHOICES,
        empty_label=_("Open"),
        method="filter_category",
    )
    sex = django_filters.ChoiceFilter(
        label=_("Sex"), field_name="player__sex", choices=Sex.choices, empty_label=_("All")
    )
    juniors = django_filters.BooleanFilter(
        label=_("Juniors (under 20)"),
        method="filter_juniors",
        widget=forms.CheckboxInput,
    )
    club = django_filters.ChoiceFilter(
        label=_("Club"),
        field_name="player__club",
        empty_label=_("All"),
        error_messages={
            "invalid_choice": _(
                "Select a valid choice. That choice is not one of the available choices."
            )
        },
    )
    federation = django_filters.ChoiceFilter(
        label=_("Federation"), field_name="player__federation", empty_label=_("All")
    )
    active = django_filters.ChoiceFilter(
        label=_("Activity"),
        choices=ACTIVITY_CHOICES,
        empty_label=_("All"),
        method="filter_active",
    )

    class Meta:
        model = PlayerRating
        fields = ()

    def __init__(
        self,
        *args,
        rating_list: RatingList,
        federations: list[str] | None = None,
        clubs: list[tuple[int, str]] | None = None,
        **kwargs,
    ):
        """``federations``, ``clubs``: the list's federation codes and its clubs' (id, name),
        when the caller has them (cached)."""
        super().__init__(*args, **kwargs)
        if federations is None:
            federations = lists.federations_of(rating_list)
        self.filters["federation"].extra["choices"] = [(code, code) for code in federations]
        self.active_days = lists.active_days(rating_list)
        # Only the clubs with a player rated in this list (no go club on a chess list).
        # The clubs are read when the form is drawn or a club is asked for, not before.
        self.filters["club"].extra["choices"] = lambda: [
            (str(pk), name)
            for pk, name in (lists.club_choices(rating_list) if clubs is None else clubs)
        ]
        if rating_list.system == "fesa":
            # FESA lists the players with a rated game in the last two years: on by default.
            self.filters["active"].extra["choices"] = FESA_ACTIVITY_CHOICES
            if self.data is None or not self.data:
                self.data = {"active": "on"}
                self.is_bound = True

    def filter_juniors(self, queryset: QuerySet, name: str, value: bool) -> QuerySet:
        if not value:
            return queryset
        born = lists.junior_born_on_or_after(timezone.localdate())
        return queryset.filter(player__birth_date__gte=born)

    def filter_category(self, queryset: QuerySet, name: str, value: str) -> QuerySet:
        return lists.filter_category(queryset, value, timezone.localdate().year)

    def filter_active(self, queryset: QuerySet, name: str, value: str) -> QuerySet:
        since = lists.active_since(timezone.localdate(), self.active_days)
        if value == "on":
            return queryset.filter(last_played__gte=since)
        if value == "inactive":
            return queryset.exclude(last_played__gte=since)
        return queryset
