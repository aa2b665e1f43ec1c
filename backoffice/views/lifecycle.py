"""A tournament's life on its organiser pages: open the registration, finish, reopen."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.utils.translation import gettext as _

from actions.tournaments import finish_tournament, open_registration, reopen_tournament
from backoffice.views.base import ActionView


class OpenRegistrationView(ActionView):
    """Draft -> registration (staff and the club's organisers)."""

    manage = True

    def perform(self, form: Any) -> Any:
        open_registration(tournament=self.tournament, actor=self.request.user)
        messages.success(self.request, _("The registration is open: enter the players."))


class FinishView(ActionView):
    """Finish the tournament after its last round: the final standings are frozen."""

    def perform(self, form: Any) -> Any:
        finish_tournament(tournament=self.tournament, actor=self.request.user)
        messages.success(
            self.request,
            _(
                "The tournament is finished: its final standings are frozen. Download the files "
                "for the rating report below."
            ),
        )


class ReopenView(ActionView):
    """Reopen a finished tournament to correct it (staff and the club's organisers)."""

    manage = True

    def perform(self, form: Any) -> Any:
        reopen_tournament(tournament=self.tournament, actor=self.request.user)
        messages.success(self.request, _("The tournament is open again for corrections."))
