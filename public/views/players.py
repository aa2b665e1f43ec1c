"""Public player pages: a player's card, rated games, head-to-head record and the compare page.

Charts are SVG strings from ``public.charts`` (which escapes every text); the views only build
the tooltip texts (translated) and mark the SVG safe.
"""

from decimal import Decimal

from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.utils.formats import date_format
from django.utils.functional import cached_property
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.generic import DetailView, TemplateView
from django_tables2 import SingleTableMixin

from core.audit import can_see_audit, player_history
from core.cache import cache_key, cached
from players.models import Player
from players.queries.players import player_for_page
from players.queries.search import search_players
from public import badges, charts
from public.tables.columns import next_class_text, player_grade, points_text, rating_text
from public.tables.ledger import ledger_table_for
from public.tables.players import (
    HeadToHeadTable,
    PerformanceTable,
    PlayerGamesTable,
    PlayerRatingTable,
)
from public.views.page_cache import AnonymousPageCacheMixin
from public.views.tournaments import history_table
from ratings.enums import GameKind
from ratings.models import RatingList
from ratings.queries.lists import with_lists_version
from ratings.queries.players import (
    HeadToHead,
    HistoryPoint,
    head_to_head_games,
    opponents_of,
    player_calculations,
    player_games,
    players_by_id,
    rating_histories,
    tournament_performances,
)
from rules.ratings import classes, fide
from web.params import parse_id, parse_text
from web.views import ReadOnlyMixin

MAX_COMPARED = 5
"""The compare page overlays at most this many players."""


def point_label(player_name: str, point: HistoryPoint) -> str:
    """The tooltip of a history point: date, rating and event(s)."""
    if point.live:
        text = _("%(date)s: live rating %(rating)s") % {
            "date": date_format(point.date, "SHORT_DATE_FORMAT"),
            "rating": rating_text(Decimal(point.rating)),
        }
    else:
        text = _("%(date)s: list rating %(rating)s") % {
            "date": date_format(point.date, "SHORT_DATE_FORMAT"),
            "rating": point.rating,
        }
    if point.events:
        text = f"{text} — {', '.join(point.events)}"
    return f"{player_name}, {text}" if player_name else text


def history_series(name: str, points: list[HistoryPoint], *, label_name: str = ""):
    """A chart series from history points."""
    return charts.Series(
        name,
        [charts.Point(p.date, float(p.rating), point_label(label_name, p)) for p in points],
    )


class PlayerView(AnonymousPageCacheMixin, ReadOnlyMixin, DetailView):
    """A player's card: their ratings per list, then per list the ledger grouped by period."""

    template_name = "public/ratings/player.html"
    context_object_name = "player"

    def get_queryset(self):
        return with_lists_version(player_for_page())

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        # The replay-derived part (ratings, charts, ledger, tournaments) is rendered once per
        # version of the player's lists (read with the player); the header and the staff
        # history stay live.
        key = cache_key(
            "player", self.object.pk, self.object.lists_version, self.object.lists_count
        )
        context["body_html"] = cached(
            key,
            lambda: render_to_string(
                "public/ratings/player_body.html", self.body_context(), request=self.request
            ),
        )
        if can_see_audit(self.request.user, player=self.object):
            context["history_table"] = history_table(self.request, player_history(self.object))
        return context

    def body_context(self) -> dict:
        """The context of the cached part of the page."""
        context = {"player": self.object}
        calculations = player_calculations(self.object)
        ratings = [c.rating for c in calculations if c.rating is not None]
        changes = [c for calc in calculations for p in calc.periods for c in p.changes]
        histories = rating_histories([self.object.pk], changes=changes, ratings=ratings)
        context["charts"] = [
            {
                "rating_list": calc.rating_list,
                "summary": rating_summary(calc.rating, self.object),
                "svg": mark_safe(  # noqa: S308 -- charts.history_svg escapes every text
                    charts.history_svg(
                        [history_series(calc.rating_list.label, points)],
                        title=_("Rating history: %(list)s") % {"list": calc.rating_list.label},
                        empty_text=_("No rating yet."),
                    )
                ),
            }
            for calc in calculations
            if (points := histories.get((self.object.pk, calc.rating_list.pk)))
        ]
        for rating in ratings:
            rating.player = self.object  # the badge reads it: no query
        context["card_ratings"] = [
            {
                "rating_list": rating.rating_list,
                "rating": rating_text(rating.live_rating),
                "badge": player_grade(rating),
            }
            for rating in ratings
            if rating.live_rating is not None
        ]
        context["has_calculations"] = any(calc.periods for calc in calculations)
        context["peak"] = max((r.peak for r in ratings if r.peak is not None), default=None)
        context["performance_table"] = PerformanceTable(tournament_performances(changes))
        context["opponents"] = opponents_of(changes)
        context["ratings_table"] = PlayerRatingTable(ratings)
        context["calculations"] = [
            {
                "calculation": calculation,
                "system": calculation.rating_list.system,
                "periods": [
                    {
                        "period": period,
                        "table": ledger_table_for(calculation.rating_list.system)(
                            period.changes, period=period
                        ),
                    }
                    for period in calculation.periods
                ],
            }
            for calculation in calculations
        ]
        return context


def rating_summary(rating, player) -> dict | None:
    """Peak, current class (or badge) and the distance to the next class of one rating."""
    if rating is None or rating.live_rating is None:
        return None
    rounded = fide.round_change(rating.live_rating)
    chess = rating.rating_list.game == GameKind.CHESS
    found = classes.next_class(rounded) if chess else None
    return {
        "peak": rating.peak,
        "rating": rounded,
        "badge": badges.badge_html(badges.badge_for(player, rounded, rating.rating_list)),
        "class_name": badges.class_name(rounded) if chess else "",
        "next_class": next_class_text(rounded) if chess else "",
        "points_to_next": found.points if found else None,
    }


class PlayerGamesView(ReadOnlyMixin, SingleTableMixin, DetailView):
    """All of a player's rated games, newest first, with each game's calculation (paginated).

    ``?list=<slug>`` keeps one rating list."""

    template_name = "public/ratings/player_games.html"
    context_object_name = "player"
    table_class = PlayerGamesTable
    table_pagination = {"per_page": 50}

    def get_queryset(self):
        return player_for_page()

    @cached_property
    def rating_list(self) -> RatingList | None:
        slug = parse_text(self.request.GET.get("list"))
        if not slug:
            return None
        return get_object_or_404(RatingList, slug=slug)

    def get_table_data(self):
        return player_games(self.object, self.rating_list)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["rating_list"] = self.rating_list
        return context


class HeadToHeadView(ReadOnlyMixin, DetailView):
    """A player's record against one opponent: ``?opponent=<id>`` (any played game)."""

    template_name = "public/ratings/head_to_head.html"
    context_object_name = "player"

    def get_queryset(self):
        return player_for_page()

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        raw = parse_text(self.request.GET.get("opponent"))
        context["error"] = ""
        if not raw:
            context["error"] = _("Choose an opponent.")
            return context
        opponent = None
        if (opponent_id := parse_id(raw)) is not None:
            opponent = Player.objects.filter(pk=opponent_id).first()
        if opponent is None or opponent.pk == self.object.pk:
            context["error"] = _("No such opponent: %(value)s.") % {"value": raw}
            return context
        games, record = head_to_head_games(self.object, opponent)
        context.update(
            opponent=opponent,
            record=record,
            score=points_text(record.score),
            record_text=record_text(record),
            opponent_score=points_text(record.games - record.score),
            games_table=HeadToHeadTable(games),
        )
        return context


def record_text(record: HeadToHead) -> str:
    """ "2 wins, 1 draw, 0 losses": each count with its own plural form."""
    return ", ".join(
        [
            ngettext("%(count)d win", "%(count)d wins", record.wins) % {"count": record.wins},
            ngettext("%(count)d draw", "%(count)d draws", record.draws) % {"count": record.draws},
            ngettext("%(count)d loss", "%(count)d losses", record.losses)
            % {"count": record.losses},
        ]
    )


class CompareView(ReadOnlyMixin, TemplateView):
    """Up to five players' rating histories in one chart: ``?p=1&p=2…&list=<slug>``.

    The picker works without JavaScript: ``?q=`` searches names; results link to the page
    with the player added. Unknown ids, more than five players or a bad list get a message.
    """

    template_name = "public/ratings/compare.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        errors: list[str] = []
        raw_ids = [parse_text(value) for value in self.request.GET.getlist("p")]
        ids: list[int] = []
        for value in filter(None, raw_ids):
            pk = parse_id(value)
            if pk is None:
                errors.append(_("Not a player id: %(value)s.") % {"value": value})
            elif pk not in ids:
                ids.append(pk)
        if len(ids) > MAX_COMPARED:
            errors.append(
                _("Compare at most %(count)d players; the first %(count)d are shown.")
                % {"count": MAX_COMPARED}
            )
            ids = ids[:MAX_COMPARED]
        found = players_by_id(ids)
        for missing in [pk for pk in ids if pk not in found]:
            errors.append(_("No player with id %(id)d.") % {"id": missing})
        players = [found[pk] for pk in ids if pk in found]
        lists = list(RatingList.objects.order_by("position", "name"))
        slug = parse_text(self.request.GET.get("list"))
        rating_list = next((item for item in lists if item.slug == slug), None)
        if slug and rating_list is None:
            errors.append(_("No rating list %(slug)s.") % {"slug": slug})
        if rating_list is None and lists:
            rating_list = lists[0]
        chart = ""
        if players and rating_list is not None:
            histories = rating_histories([p.pk for p in players], rating_list=rating_list)
            series = [
                history_series(
                    player.name,
                    histories.get((player.pk, rating_list.pk), []),
                    label_name=player.name,
                )
                for player in players
            ]
            chart = mark_safe(  # noqa: S308 -- charts.history_svg escapes every text
                charts.history_svg(
                    series,
                    title=_("Rating histories: %(list)s") % {"list": rating_list.label},
                    empty_text=_("None of these players has a rating in this list."),
                )
            )
            context["legend"] = [
                {
                    "player": player,
                    "colour": charts.PALETTE[index],
                    "index": index,
                    "empty": not series[index].points,
                }
                for index, player in enumerate(players)
            ]
        query = parse_text(self.request.GET.get("q"))
        results = [p for p in search_players(query, limit=20) if p.pk not in ids] if query else []
        context.update(
            errors=errors,
            players=players,
            lists=lists,
            rating_list=rating_list,
            chart=chart,
            query=query,
            results=[
                {"player": p, "query": _compare_query([*ids, p.pk], rating_list)} for p in results
            ],
            removals=[
                {
                    "player": p,
                    "query": _compare_query([o.pk for o in players if o != p], rating_list),
                }
                for p in players
            ],
            full=len(players) >= MAX_COMPARED,
            max_compared=MAX_COMPARED,
        )
        return context


def _compare_query(ids: list[int], rating_list: RatingList | None) -> str:
    """The query string of a compare page."""
    from urllib.parse import urlencode

    pairs = [("p", pk) for pk in ids]
    if rating_list is not None:
        pairs.append(("list", rating_list.slug))
    return urlencode(pairs)
