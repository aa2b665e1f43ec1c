"""Forms of a club's set-up: a new club, invitations, accepting one, picking arbiters.

Shape only (types, choices); the actions (``actions.clubs``, ``actions.invitations``,
``actions.tournaments``) enforce the rules.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from backoffice.queries import invitable_players
from core.models import InvitationRole
from core.submissions import SubmissionField
from players.models import Club, Player
from tournaments.models import Tournament


class ClubCreateForm(forms.ModelForm):
    """A new club (staff) and the e-mail address of its first organiser."""

    organiser_email = forms.EmailField(
        label=_("First organiser's e-mail"),
        required=False,
        help_text=_("They get a link to set their password and organise the club."),
    )
    submission = SubmissionField()

    class Meta:
        model = Club
        fields = ["name", "short_name", "city", "federation"]

    def validate_unique(self) -> None:
        """The name's uniqueness is checked by the action's ``full_clean``."""


class _PlayerChoice(forms.ModelChoiceField):
    def label_from_instance(self, obj: Any) -> str:
        born = f" ({obj.birth_year})" if obj.birth_year else ""
        return f"{obj.name}{born}"


class InviteForm(forms.Form):
    """Invite an organiser, an arbiter or a player of the club by e-mail."""

    email = forms.EmailField(label=_("E-mail"))
    role = forms.ChoiceField(label=_("Role"), choices=InvitationRole.choices)
    player = _PlayerChoice(
        label=_("Player (for a player's invitation)"),
        queryset=Player.objects.none(),
        required=False,
        help_text=_("The club's players without an account."),
    )
    tournament = forms.ModelChoiceField(
        label=_("Tournament (an arbiter's, optional)"),
        queryset=Tournament.objects.none(),
        required=False,
        help_text=_(
            "The arbiter is appointed to it when they accept; otherwise appoint them on a "
            "tournament's dashboard."
        ),
    )

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        kwargs.setdefault("auto_id", "invite-%s")
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = invitable_players(club)
        self.fields["tournament"].queryset = Tournament.objects.filter(club=club).order_by(
            "-start_date", "name"
        )


class AcceptForm(forms.Form):
    """The invitee's new account: a user name and a password (twice)."""

    username = forms.CharField(
        label=_("User name"),
        max_length=150,
        help_text=_("You log in with it. Your e-mail address is a good choice."),
    )
    first_name = forms.CharField(label=_("First name"), max_length=150, required=False)
    last_name = forms.CharField(label=_("Last name"), max_length=150, required=False)
    password1 = forms.CharField(
        label=_("Password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )
    password2 = forms.CharField(
        label=_("Password again"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("password1") and data.get("password1") != data.get("password2"):
            self.add_error("password2", _("The two passwords differ."))
        return data


class ArbiterPickForm(forms.Form):
    """Appoint (``add``) or remove (``remove``) one arbiter, by account."""

    add = forms.IntegerField(required=False, min_value=1)
    remove = forms.IntegerField(required=False, min_value=1)

    def __init__(self, *args: Any, tournament: Tournament | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if (data.get("add") is None) == (data.get("remove") is None):
            raise forms.ValidationError(_("Choose an account."))
        pk = data.get("add") or data.get("remove")
        data["account"] = get_user_model().objects.filter(pk=pk).first()
        if data["account"] is None:
            raise forms.ValidationError(_("Choose an account."))
        return data
