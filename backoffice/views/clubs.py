"""Organiser pages of clubs: my clubs, one club with its members, invitations and players,
adding a player to it (the invitations' views: :mod:`backoffice.views.invitations`)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import TemplateView
from django_tables2 import RequestConfig

from actions.players import create_player
from backoffice.forms.clubs import InviteForm
from backoffice.forms.tournaments import (
    ClubPlayerForm,
)
from backoffice.queries import club_invitations, club_members, organised_clubs_overview
from backoffice.tables import (
    ClubPlayerTable,
    OrganiserClubTable,
)
from backoffice.views.base import (
    RoleRequiredMixin,
    add_errors,
    missing,
    repeat_answer,
    repeated,
)
from core import roles, submissions
from players.models import Club
from players.queries.players import club_players
from players.queries.search import possible_duplicates


class ClubListView(RoleRequiredMixin, TemplateView):
    """My clubs (staff: all clubs), with their players and tournaments counted."""

    template_name = "backoffice/organiser/clubs.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        table = OrganiserClubTable(organised_clubs_overview(self.request.user))
        RequestConfig(self.request, paginate={"per_page": 50}).configure(table)
        return super().get_context_data(
            table=table, can_create_club=roles.is_staff(self.request.user), **kwargs
        )


class ClubMixin(RoleRequiredMixin):
    """Looks the club up by id (``self.club``); staff and the club's organisers only. Anonymous
    users and users without the role get the same answer whether the club exists or not."""

    club: Club

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        club = Club.objects.filter(pk=kwargs["pk"]).first()
        if club is None:
            return missing(self)
        self.club = club
        return super().dispatch(request, *args, **kwargs)

    def has_permission(self) -> bool:
        return roles.can_manage_club(self.request.user, self.club)


class ClubView(ClubMixin, TemplateView):
    """One of my clubs: its players (with the form to add one) and its tournaments."""

    template_name = "backoffice/organiser/club.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        players = ClubPlayerTable(club_players(self.club))
        RequestConfig(self.request, paginate={"per_page": 100}).configure(players)
        return super().get_context_data(
            club=self.club,
            members=club_members(self.club),
            invitations=club_invitations(self.club),
            invite_form=kwargs.pop("invite_form", None) or InviteForm(club=self.club),
            players_table=players,
            tournaments=self.club.tournaments.order_by("-start_date", "name"),
            form=kwargs.pop("form", None) or ClubPlayerForm(),
            **kwargs,
        )


class ClubPlayerCreateView(ClubMixin, View):
    """POST only: add a player to the club (``create_player``)."""

    http_method_names = ["post"]

    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        form = ClubPlayerForm(request.POST)
        back = reverse("tournaments:organise_club", args=[self.club.pk])
        duplicates: list = []
        if form.is_valid():
            data = dict(form.cleaned_data)
            allowed = data.pop("allow_duplicate")
            data.pop(submissions.FIELD, None)
            submission = submissions.of(form, back)
            try:
                submissions.refuse_repeat(submission, request.user)
            except submissions.AlreadySubmitted as done:
                return repeated(request, done, back)
            born = data["birth_date"].year if data["birth_date"] else None
            duplicates = (
                [] if allowed else possible_duplicates(data["last_name"], data["first_name"], born)
            )
            if duplicates:
                form.add_error(
                    None,
                    _(
                        "A player with this name and birth year exists already: check the "
                        "list below, or confirm that this is a different person."
                    ),
                )
            else:
                try:
                    player = create_player(
                        club=self.club,
                        actor=self.request.user,
                        submission=submission,
                        **data,
                    )
                except submissions.AlreadySubmitted as done:
                    return repeated(request, done, back)
                except ValidationError as error:
                    add_errors(form, error)
                else:
                    messages.success(request, _("%(player)s added.") % {"player": player.name})
                    return HttpResponseRedirect(back)
        if again := repeat_answer(request, back):  # refused as its own first post's duplicate
            return again
        view = ClubView(request=request, kwargs={"pk": pk}, club=self.club)
        return view.render_to_response(view.get_context_data(form=form, duplicates=duplicates))
