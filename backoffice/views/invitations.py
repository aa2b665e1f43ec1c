"""A club's set-up on the site: staff create a club; its organisers invite organisers, arbiters
and players by e-mail, send invitations again or revoke them; the invitee accepts on the
link's page (a new account with a password, or the signed-in one). Thin views over
``actions.clubs.open_club`` and ``actions.invitations``."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import FormView

from actions.clubs import open_club
from actions.invitations import (
    InvitationUnusable,
    NewAccount,
    Sent,
    accept_invitation,
    invite,
    resend_invitation,
    revoke_invitation,
    usable_invitation,
)
from backoffice.forms.clubs import AcceptForm, ClubCreateForm, InviteForm
from backoffice.views.base import RoleRequiredMixin, add_errors, repeat_answer, repeated
from backoffice.views.clubs import ClubMixin, ClubView
from core import roles, submissions
from core.models import Invitation


def invitation_link(request: HttpRequest) -> Any:
    """The function the actions use to make a token's absolute link."""
    return lambda token: request.build_absolute_uri(reverse("accept_invitation", args=[token]))


def _say_sent(request: HttpRequest, sent: Sent) -> None:
    if sent.mailed:
        messages.success(
            request, _("Invitation sent to %(email)s.") % {"email": sent.invitation.email}
        )
    else:
        messages.warning(
            request,
            _("The invitation to %(email)s is saved, but the mail server refused it: send it "
              "again later.") % {"email": sent.invitation.email},
        )  # fmt: skip


class ClubCreateView(RoleRequiredMixin, FormView):
    """New club (staff), inviting its first organiser."""

    template_name = "backoffice/organiser/club_new.html"
    form_class = ClubCreateForm

    def has_permission(self) -> bool:
        return roles.is_staff(self.request.user)

    def form_valid(self, form: ClubCreateForm) -> HttpResponse:
        back = reverse("tournaments:organise_clubs")
        data = dict(form.cleaned_data)
        email = data.pop("organiser_email")
        data.pop(submissions.FIELD, None)
        try:
            club, sent = open_club(
                actor=self.request.user,
                fields=data,
                organiser_email=email,
                link=invitation_link(self.request),
                submission=submissions.of(
                    form, lambda club: reverse("tournaments:organise_club", args=[club.pk])
                ),
            )
        except submissions.AlreadySubmitted as done:
            return repeated(self.request, done, back)
        except ValidationError as error:
            if again := repeat_answer(self.request, back):
                return again
            if hasattr(error, "error_dict") and "email" in error.error_dict:
                error = ValidationError(
                    {
                        ("organiser_email" if k == "email" else k): v
                        for k, v in error.error_dict.items()
                    }
                )
            add_errors(form, error)
            return self.form_invalid(form)
        messages.success(self.request, _("Club %(club)s created.") % {"club": club.name})
        if sent is not None:
            _say_sent(self.request, sent)
        return HttpResponseRedirect(reverse("tournaments:organise_club", args=[club.pk]))


class InviteView(ClubMixin, View):
    """POST: invite somebody to the club (``invite``); a refusal shows on the club page."""

    http_method_names = ["post"]

    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        form = InviteForm(request.POST, club=self.club)
        if form.is_valid():
            data = form.cleaned_data
            try:
                sent = invite(
                    actor=request.user,
                    club=self.club,
                    email=data["email"],
                    role=data["role"],
                    player=data["player"],
                    tournament=data["tournament"],
                    link=invitation_link(request),
                )
            except ValidationError as error:
                add_errors(form, error)
            else:
                _say_sent(request, sent)
                url = reverse("tournaments:organise_club", args=[self.club.pk])
                return HttpResponseRedirect(f"{url}#members")
        view = ClubView(request=request, kwargs={"pk": pk}, club=self.club)
        return view.render_to_response(view.get_context_data(invite_form=form))


class InvitationActionView(ClubMixin, View):
    """POST: send one of the club's invitations again, or revoke it."""

    http_method_names = ["post"]
    revoke = False

    def post(self, request: HttpRequest, pk: int, invitation: int) -> HttpResponse:
        found = Invitation.objects.filter(club=self.club, pk=invitation).first()
        back = reverse("tournaments:organise_club", args=[self.club.pk]) + "#invitations"
        if found is None:
            messages.error(request, _("No such invitation."))
            return HttpResponseRedirect(back)
        try:
            if self.revoke:
                revoke_invitation(actor=request.user, invitation=found)
                messages.success(
                    request, _("Invitation of %(email)s revoked.") % {"email": found.email}
                )
            else:
                _say_sent(
                    request,
                    resend_invitation(
                        actor=request.user, invitation=found, link=invitation_link(request)
                    ),
                )
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        return HttpResponseRedirect(back)


class AcceptInvitationView(View):
    """The link's page: who invites whom to what; a new account's user name and password, or
    (signed in) one button to accept with this account. A used, revoked or expired link
    says so (410) and writes nothing."""

    template_name = "registration/invitation.html"

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            self.invitation = usable_invitation(kwargs["token"])
        except InvitationUnusable as error:
            return render(
                request, self.template_name, {"unusable": " ".join(error.messages)}, status=410
            )
        return super().dispatch(request, *args, **kwargs)

    def page(self, request: HttpRequest, form: AcceptForm | None = None) -> HttpResponse:
        user = request.user
        exists = (
            not user.is_authenticated
            and get_user_model().objects.filter(email__iexact=self.invitation.email).exists()
        )
        if form is None and not user.is_authenticated and not exists:
            player = self.invitation.player
            form = AcceptForm(
                initial={
                    "username": self.invitation.email,
                    "first_name": player.first_name if player else "",
                    "last_name": player.last_name if player else "",
                }
            )
        return render(
            request,
            self.template_name,
            {"invitation": self.invitation, "form": form, "account_exists": exists},
        )

    def get(self, request: HttpRequest, token: str) -> HttpResponse:
        return self.page(request)

    def post(self, request: HttpRequest, token: str) -> HttpResponse:
        form = None
        account = None
        if not request.user.is_authenticated:
            form = AcceptForm(request.POST)
            if not form.is_valid():
                return self.page(request, form)
            data = form.cleaned_data
            account = NewAccount(
                username=data["username"],
                password=data["password1"],
                first_name=data["first_name"],
                last_name=data["last_name"],
            )
        try:
            accept_invitation(actor=request.user, token=token, account=account)
        except InvitationUnusable as error:
            return render(
                request, self.template_name, {"unusable": " ".join(error.messages)}, status=410
            )
        except ValidationError as error:
            if form is None:
                messages.error(request, " ".join(error.messages))
                return self.page(request)
            add_errors(form, error)
            return self.page(request, form)
        if request.user.is_authenticated:
            messages.success(request, _("Invitation accepted: your new role is listed below."))
            return HttpResponseRedirect(reverse("account"))
        messages.success(request, _("Your account is ready: log in with your new password."))
        return HttpResponseRedirect(reverse("login"))
