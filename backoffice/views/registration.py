"""Entering players: the searchable picker, pasted lines or a CSV file, a newcomer.

All three answer an htmx request with the tournament's registration section (the players,
the picker with the same search, the forms) and the next step, without a page reload; a
plain form post is redirected to the dashboard (or, when a form is refused, the dashboard is
shown with the form's errors). Possible duplicates (same name and birth year) are refused
with a warning that lists them; the organiser may confirm and enter them anyway.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.generic import View

from actions.entries import PossibleDuplicates, register_entries
from actions.registrations import register_player
from backoffice.dashboard import registration_context, render_dashboard
from backoffice.forms.tournaments import EntriesForm, NewcomerForm, RegisterForm
from backoffice.queries import candidates, tournament_game
from backoffice.views.base import TournamentMixin, add_errors, error_text
from core import submissions
from rules.files.entries import EntryError, EntryLine, parse_entries
from tournaments.models import Registration
from web.params import parse_text


def _dashboard(tournament: Any, query: str = "") -> str:
    url = reverse("tournaments:organise", args=[tournament.slug])
    return f"{url}?{urlencode({'q': query})}#registration" if query else f"{url}#registration"


class RegistrationActionView(TournamentMixin, View):
    """POST only (staff and the club's organisers): enter players. An htmx request gets its
    own part of the page back and, after a change, the ``tournament-changed`` event (the list
    of players and the next step refresh themselves)."""

    http_method_names = ["post"]
    manage = True
    #: The part an htmx request gets back, and the context name of its form.
    partial = ""
    form_name = ""

    def part(self, form: Any, *, changed: bool = False, **extra: Any) -> HttpResponse:
        context = {
            **(
                registration_context(self.request, self.tournament)
                if changed
                else {"tournament": self.tournament}
            ),
            self.form_name: form,
            f"{self.form_name.split('_')[0]}_open": changed,
            "changed": changed,
            **extra,
        }
        return render(self.request, self.partial, context)

    def refused(self, form: Any, **extra: Any) -> HttpResponse:
        if self.request.htmx:
            return self.part(form, **extra)
        return render_dashboard(self.request, self.tournament, **{self.form_name: form}, **extra)

    def repeated(self, done: submissions.AlreadySubmitted, empty_form: Any) -> HttpResponse:
        """The same form sent again: nothing entered twice; say so."""
        if self.request.htmx:
            return self.part(empty_form, changed=True, entered_text=done.message)
        messages.info(self.request, done.message)
        return HttpResponseRedirect(done.url or _dashboard(self.tournament))

    def entered(self, registrations: list[Registration], empty_form: Any) -> HttpResponse:
        text = _entered(registrations)
        if self.request.htmx:
            return self.part(empty_form, changed=True, entered_text=text)
        messages.success(self.request, text)
        return HttpResponseRedirect(_dashboard(self.tournament))


class RegisterView(TournamentMixin, View):
    """Enter one player chosen with the picker (``register_player``); an htmx request gets
    the candidate's row back, saying so."""

    http_method_names = ["post"]
    manage = True

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        text = error = ""
        try:
            # A repeat: its player is entered now, so answer before the form refuses it.
            submissions.refuse_repeat(submissions.posted(request.POST), request.user)
            text = self.enter(RegisterForm(request.POST, tournament=self.tournament))
        except submissions.AlreadySubmitted as done:
            text = done.message
        except ValidationError as refusal:
            error = error_text(refusal)
            try:  # refused as a duplicate of its own first post, committed meanwhile
                submissions.refuse_repeat(submissions.posted(request.POST), request.user)
            except submissions.AlreadySubmitted as done:
                text, error = done.message, ""
        if request.htmx:
            context = {
                **(registration_context(self.request, self.tournament) if text else {}),
                "text": text,
                "error": error,
                "changed": bool(text),
                "show_fide": tournament_game(self.tournament) == "chess",
            }
            return render(request, "backoffice/organiser/_candidate_row.html", context)
        if text:
            messages.success(request, text)
        else:
            messages.error(request, error)
        return HttpResponseRedirect(_dashboard(self.tournament, request.POST.get("q", "")))

    def enter(self, form: RegisterForm) -> str:
        """Enter the form's player (``register_player``); what to say about it."""
        if not form.is_valid():
            raise ValidationError([e for errors in form.errors.values() for e in errors])
        registration = register_player(
            tournament=self.tournament,
            actor=self.request.user,
            player=form.cleaned_data["player"],
            rating_at_start=form.cleaned_data["rating_at_start"],
            grade=form.cleaned_data.get("grade", ""),
            submission=submissions.of(
                form, _dashboard(self.tournament, self.request.POST.get("q", ""))
            ),
        )
        return _("%(player)s is entered (pairing number %(number)s).") % {
            "player": registration.player,
            "number": registration.pairing_number or "–",
        }


def _entered(registrations: list[Registration]) -> str:
    """ "2 players entered: Smith, John; Doe, Jane." The names are "Last, First", so they are
    separated by semicolons: with commas the list could not be read back."""
    return ngettext(
        "%(count)d player entered: %(names)s.",
        "%(count)d players entered: %(names)s.",
        len(registrations),
    ) % {"count": len(registrations), "names": "; ".join(r.player.name for r in registrations)}


class EntriesView(RegistrationActionView):
    """Enter the players of pasted lines or a CSV file (``register_entries``)."""

    partial = "backoffice/organiser/_entries_form.html"
    form_name = "entries_form"

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        form = EntriesForm(request.POST, request.FILES, auto_id="entries-%s")
        if not form.is_valid():
            return self.refused(form)
        try:
            entries = parse_entries(form.cleaned_data["lines"])
            registrations = register_entries(
                tournament=self.tournament,
                entries=entries,
                allow_duplicates=form.cleaned_data["allow_duplicates"],
                actor=request.user,
                submission=submissions.of(form, _dashboard(self.tournament)),
            )
        except submissions.AlreadySubmitted as done:
            return self.repeated(done, EntriesForm(auto_id="entries-%s"))
        except EntryError as error:
            form.add_error(
                "lines", _("Line %(line)d: %(why)s") % {"line": error.line, "why": error.message}
            )
            return self.refused(form)
        except PossibleDuplicates as error:
            form.add_error(None, error_text(error))
            return self.refused(form, duplicates=error.duplicates)
        except ValidationError as error:
            add_errors(form, error)
            return self.refused(form)
        return self.entered(registrations, EntriesForm(auto_id="entries-%s"))


class NewcomerView(RegistrationActionView):
    """Enter a player new to the club with a known rating (``register_entries``)."""

    partial = "backoffice/organiser/_newcomer_form.html"
    form_name = "newcomer_form"

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        form = NewcomerForm(request.POST, auto_id="new-%s")
        if not form.is_valid():
            return self.refused(form)
        data = form.cleaned_data
        entry = EntryLine(
            line=1,
            last_name=data["last_name"].strip(),
            first_name=data["first_name"].strip(),
            sex=data["sex"],
            birth_year=data["birth_year"],
            federation=data["federation"],
            fide_id=data["fide_id"],
            rating=data["rating"],
        )
        try:
            registrations = register_entries(
                tournament=self.tournament,
                entries=[entry],
                allow_duplicates=data["allow_duplicates"],
                actor=request.user,
                submission=submissions.of(form, _dashboard(self.tournament)),
            )
        except submissions.AlreadySubmitted as done:
            return self.repeated(done, NewcomerForm(auto_id="new-%s"))
        except PossibleDuplicates as error:
            form.add_error(None, error_text(error))
            return self.refused(form, duplicates=error.duplicates)
        except ValidationError as error:
            add_errors(form, error)
            return self.refused(form)
        return self.entered(registrations, NewcomerForm(auto_id="new-%s"))


class SearchView(TournamentMixin, View):
    """GET: the picker's candidates for ``q`` (htmx: the list; otherwise the dashboard)."""

    http_method_names = ["get"]
    manage = True

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        query = parse_text(request.GET.get("q"))
        if not request.htmx:
            return HttpResponseRedirect(_dashboard(self.tournament, query))
        context = {
            "tournament": self.tournament,
            "q": query,
            "candidates": candidates(self.tournament, query),
            "show_fide": tournament_game(self.tournament) == "chess",
        }
        return render(request, "backoffice/organiser/_candidates.html", context)
