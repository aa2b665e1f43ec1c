"""The shared kit of the organiser pages: role checks, the tournament mixin, the action view.

Every view checks a role predicate of :mod:`core.roles` before anything else
(:class:`RoleRequiredMixin`): anonymous users go to the login page, users without the role
get 403. Managing a tournament (settings, registrations, arbiters) needs staff or an
organiser of its club; everything else (pairings, results, byes, withdrawals, forbidden
pairs) also its arbiters. Pages are GET-only and write nothing; every write is a POST to an
:class:`ActionView` that parses one form, calls one action (which checks the role again),
adds a message and redirects back. A refused action (``ValidationError``) becomes an error
message and writes nothing (each action is one transaction).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin, UserPassesTestMixin
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.views import View

from core import roles
from core.submissions import AlreadySubmitted, posted, refuse_repeat
from events.queries.sections import WITH_EVENT
from tournaments.models import (
    Tournament,
)


class RoleRequiredMixin(LoginRequiredMixin, UserPassesTestMixin):
    """Logged-in users for whom :meth:`has_permission` holds: anonymous users go to the
    login page, others get 403. The default: anyone with a back-office role."""

    def has_permission(self) -> bool:
        return roles.has_role(self.request.user)

    def test_func(self) -> bool:
        return self.has_permission()


def error_text(error: ValidationError) -> str:
    return " ".join(str(message) for message in error.messages)


def repeated(request: HttpRequest, done: AlreadySubmitted, fallback: str) -> HttpResponse:
    """The answer to a create form sent again (:mod:`core.submissions`): the first post's
    page (the created object), saying that nothing was added again."""
    messages.info(request, done.message)
    return HttpResponseRedirect(done.url or fallback)


def repeat_answer(request: HttpRequest, fallback: str) -> HttpResponse | None:
    """The repeat's answer when a post is refused after all because its token was used
    meanwhile (the first post of a double submit committed while this one was checked: its
    object now makes this one a duplicate), else ``None``: the refusal stands."""
    try:
        refuse_repeat(posted(request.POST), request.user)
    except AlreadySubmitted as done:
        return repeated(request, done, fallback)
    return None


def add_errors(form: forms.Form, error: ValidationError) -> None:
    """Show a service's refusal on the form: on its field when the form has it."""
    if hasattr(error, "error_dict"):
        for field, errors in error.error_dict.items():
            messages_ = [message for e in errors for message in e.messages]
            form.add_error(field if field in form.fields else None, messages_)
    else:
        form.add_error(None, error.messages)


def missing(mixin: RoleRequiredMixin) -> HttpResponse:
    """The answer for an object that does not exist, given before any role is known to hold
    for it: anonymous users go to the login page and users without a role get 403, exactly as
    for an object that exists, so neither can tell the two apart; staff (who may see every
    object) get 404."""
    if mixin.request.user.is_authenticated and mixin.request.user.is_staff:
        raise Http404
    return mixin.handle_no_permission()


class TournamentMixin(RoleRequiredMixin):
    """Looks the tournament up by slug (``self.tournament``); needs an arbiter of it (or its
    manager), or with ``manage = True`` a manager (staff, an organiser of its club).

    The role is checked before anything else is looked up (:meth:`lookup`: the round, the
    board…): a visitor without the role gets the same answer whether the tournament, its draft
    round or a board exists or not (:func:`missing`)."""

    tournament: Tournament
    manage = False

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        tournament = (
            Tournament.objects.select_related("rating_list", WITH_EVENT)
            .filter(slug=kwargs["slug"])
            .first()
        )
        if tournament is None:
            return missing(self)
        self.tournament = tournament
        if not self.has_permission():
            return self.handle_no_permission()
        self.lookup(**kwargs)
        return super().dispatch(request, *args, **kwargs)

    def lookup(self, **kwargs: Any) -> None:
        """Look up the URL's other objects (404 if missing): the role is known to hold."""

    def has_permission(self) -> bool:
        if self.manage:
            return roles.can_manage_tournament(self.request.user, self.tournament)
        return roles.can_arbitrate(self.request.user, self.tournament)

    def dashboard_url(self) -> str:
        return reverse("tournaments:organise", args=[self.tournament.slug])


class ActionView(TournamentMixin, View):
    """POST only: parse ``form_class``, call :meth:`perform`, message, redirect."""

    form_class: type[forms.Form] | None = None
    success_message = ""

    def get_form(self) -> forms.Form | None:
        if self.form_class is None:
            return None
        return self.form_class(self.request.POST, **self.form_kwargs())

    def form_kwargs(self) -> dict[str, Any]:
        return {"tournament": self.tournament}

    def perform(self, form: forms.Form | None) -> Any:
        raise NotImplementedError

    def redirect_url(self, result: Any = None) -> str:
        return self.dashboard_url()

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:  # a create form sent again: the first post's answer, before the form's checks
            refuse_repeat(posted(request.POST), request.user)
        except AlreadySubmitted as done:
            return repeated(request, done, self.redirect_url())
        form = self.get_form()
        if form is not None and not form.is_valid():
            if again := repeat_answer(request, self.redirect_url()):
                return again
            for field, errors in form.errors.items():
                label = form.fields[field].label if field in form.fields else ""
                for error in errors:
                    messages.error(request, f"{label}: {error}" if label else error)
            return HttpResponseRedirect(self.redirect_url())
        try:
            result = self.perform(form)
        except AlreadySubmitted as done:
            return repeated(request, done, self.redirect_url())
        except ValidationError as error:
            if again := repeat_answer(request, self.redirect_url()):
                return again
            messages.error(request, error_text(error))
            return HttpResponseRedirect(self.redirect_url())
        for warning in result if isinstance(result, list) else []:
            messages.warning(request, warning)
        if self.success_message:
            messages.success(request, self.success_message)
        return HttpResponseRedirect(self.redirect_url(result))
