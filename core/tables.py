"""Shared django-tables2 base class and the players' own columns."""

import django_tables2 as tables
from django.core.paginator import Paginator
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from players.models import Player

MAX_PER_PAGE = 200
"""The most rows a visitor's ``?per_page=`` may ask for on one page."""


class BaseTable(tables.Table):
    """Every table of the site: one template, one set of attributes, no empty surprises."""

    class Meta:
        template_name = "includes/table.html"
        attrs = {"class": "table"}
        empty_text = ""

    def paginate(self, paginator_class=Paginator, per_page=None, page=1, *args, **kwargs):
        """Paginate with ``per_page`` (from ``?per_page=``, read by django-tables2 with
        ``int()``) kept within 1..:data:`MAX_PER_PAGE`: ``-1`` broke the paginator (a 500)."""
        if per_page is not None:
            per_page = min(max(per_page, 1), MAX_PER_PAGE)
        return super().paginate(paginator_class, per_page, page, *args, **kwargs)


class PlayerColumn(tables.Column):
    """A player's name linked to their page, FIDE title in front unless ``show_title=False``."""

    def __init__(self, *args, show_title: bool = True, **kwargs):
        self.show_title = show_title
        super().__init__(*args, **kwargs)

    def render(self, value: Player) -> str:
        return player_link(value, show_title=self.show_title)


def player_link(player: Player | None, *, show_title: bool = True) -> str:
    """HTML for a linked player name with their FIDE title, or an empty string."""
    if player is None:
        return ""
    if show_title and player.title:
        return format_html(
            '<abbr class="title" title="{}">{}</abbr> <a href="{}">{}</a>',
            player.get_title_display(),
            player.title,
            player.get_absolute_url(),
            player.name,
        )
    return format_html('<a href="{}">{}</a>', player.get_absolute_url(), player.name)


class GradeColumn(tables.Column):
    """A player's grade in a go or shogi list, for tables of other apps (tournament pages).

    The accessor gives the player; the table holds ``grades`` (player id -> grade, from
    :func:`ratings.queries.grades_for`).
    """

    def __init__(self, **kwargs):
        kwargs.setdefault("verbose_name", _("Grade"))
        kwargs.setdefault("accessor", "player")
        super().__init__(default="–", orderable=False, **kwargs)

    def render(self, value, table) -> str:
        return table.grades.get(value.pk) or "–"
