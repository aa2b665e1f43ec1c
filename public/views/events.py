"""Public pages of events: the list of events (upcoming and past) and an event's page (its
facts, rules and sections, as chess-results shows a tournament series)."""

from __future__ import annotations

from django.utils import timezone
from django.views.generic import DetailView, TemplateView

from events.models import Event
from events.queries.schedule import event_round_starts
from events.queries.sections import discount_text, section_rows, upcoming_and_past
from public.tables.events import EventTable, SectionTable
from public.views.page_cache import AnonymousPageCacheMixin
from public.views.screen import round_calendar
from web.views import ReadOnlyMixin


class EventListView(AnonymousPageCacheMixin, ReadOnlyMixin, TemplateView):
    """Every event: those not over yet (soonest first), then those over (latest first)."""

    template_name = "public/events/list.html"

    def get_context_data(self, **kwargs):
        upcoming, past = upcoming_and_past(timezone.localdate())
        return super().get_context_data(
            upcoming_table=EventTable(upcoming), past_table=EventTable(past), **kwargs
        )


class EventView(AnonymousPageCacheMixin, ReadOnlyMixin, DetailView):
    """An event: dates, venue, club, rules, discounts and its sections with their entries,
    rounds and leaders."""

    template_name = "public/events/event.html"
    context_object_name = "event"

    def get_queryset(self):
        return Event.objects.select_related("club")

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        event = self.object
        context["sections_table"] = SectionTable(section_rows(event))
        context["discounts"] = [discount_text(d) for d in event.discounts.all()]
        return context


class EventCalendarView(ReadOnlyMixin, DetailView):
    """Every section's scheduled rounds as one iCalendar file (the same events, with the same
    UIDs, as the sections' own feeds)."""

    def get_queryset(self):
        return Event.objects.all()

    def render_to_response(self, context, **response_kwargs):
        event = self.object
        location = ", ".join(part for part in (event.venue, event.city) if part)
        starts = event_round_starts(event.pk)
        return round_calendar(self.request, event.name, event.slug, starts, location)
