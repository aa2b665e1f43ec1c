"""The round schedule form: one start (date and time) per round, in the site's time zone."""

from __future__ import annotations

import datetime
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from actions.schedule import FIELD

#: What a phone's date-and-time picker sends (and what the field shows).
INPUT_FORMAT = "%Y-%m-%dT%H:%M"


class ScheduleForm(forms.Form):
    """A row per round (``numbers``): its start, or empty for no start announced."""

    def __init__(
        self, *args: Any, numbers: list[int], initial_starts: dict[int, Any], **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.numbers = numbers
        for number in numbers:
            start = initial_starts.get(number)
            self.fields[FIELD.format(number)] = forms.DateTimeField(
                label=_("Round %(round)d") % {"round": number},
                required=False,
                input_formats=[INPUT_FORMAT, "%Y-%m-%d %H:%M"],
                widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format=INPUT_FORMAT),
                initial=timezone.localtime(start) if start else None,
            )

    def starts(self) -> dict[int, datetime.datetime | None]:
        """The cleaned starts by round number (``None``: left empty)."""
        return {number: self.cleaned_data[FIELD.format(number)] for number in self.numbers}
