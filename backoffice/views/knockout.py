"""A knockout's round page controls: the higher seed's choice of colour in the armageddon."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.utils.translation import gettext as _

from actions.knockout import swap_armageddon_colours
from backoffice.views.rounds import RoundActionView


class ArmageddonColoursView(RoundActionView):
    """Swap the armageddon's players before the game (``swap_armageddon_colours``)."""

    def perform(self, form: Any) -> Any:
        game = swap_armageddon_colours(game=self.game(), actor=self.request.user)
        messages.success(
            self.request,
            _("Board %(board)d: %(white)s has White in the armageddon.")
            % {"board": game.board, "white": game.white.name},
        )
        return None
