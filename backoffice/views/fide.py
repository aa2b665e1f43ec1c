"""Staff import FIDE's rating list (``import_fide_list``): the TXT or FIDE's zip, streamed.

A full list (about 1.5 million lines) takes minutes: import it with ``manage.py
import_fide_list`` on the server, or upload it here for one federation only.
"""

from __future__ import annotations

import datetime
from typing import Any

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.generic import FormView

from actions.fide_list import FideImport, import_fide_list
from backoffice.views.base import RoleRequiredMixin, add_errors
from core import roles
from core.validators import DateWindowMixin
from rules.files.fide_list import MAX_RATIO, FideListError, check_archive, text_lines

#: What an uploaded zip may unpack to: the upload itself is at most 6 MB
#: (``MAX_REQUEST_BODY_BYTES``); the whole list is imported with ``manage.py import_fide_list``.
UPLOAD_BOUNDS = {"max_bytes": 64 * 1024 * 1024, "max_ratio": MAX_RATIO}


class FideListForm(DateWindowMixin, forms.Form):
    file = forms.FileField(
        label=gettext_lazy("FIDE rating list"),
        help_text=gettext_lazy(
            "FIDE's combined players list (standard, rapid and blitz): the TXT, or the zip as "
            "downloaded from FIDE."
        ),
    )
    list_date = forms.DateField(
        label=gettext_lazy("List date"),
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        help_text=gettext_lazy("The month of the list: its ratings are valid from this date."),
    )
    federation = forms.CharField(
        label=gettext_lazy("Federation only"),
        required=False,
        max_length=3,
        help_text=gettext_lazy("e.g. ENG: only that federation's players. Empty: everybody."),
    )


def summary(stats: FideImport) -> str:
    return _(
        "FIDE list imported: %(read)d players read, %(created)d created, %(updated)d updated, "
        "%(unchanged)d unchanged, %(skipped)d of other federations; starting ratings set: "
        "%(starting)s."
    ) % {
        "read": stats.read,
        "created": stats.created,
        "updated": stats.updated,
        "unchanged": stats.unchanged,
        "skipped": stats.skipped,
        "starting": ", ".join(f"{k} {v}" for k, v in stats.starting_ratings.items()) or "–",
    }


class FideListView(RoleRequiredMixin, FormView):
    template_name = "backoffice/fide/import.html"
    form_class = FideListForm

    def has_permission(self) -> bool:
        return roles.is_staff(self.request.user)

    def get_initial(self) -> dict[str, Any]:
        return {"list_date": datetime.date.today().replace(day=1)}

    def form_valid(self, form: FideListForm) -> HttpResponse:
        upload = form.cleaned_data["file"]
        try:
            # A zip that declares too much is refused before anything is locked; one that
            # unpacks to more than it declared is stopped while it is read (rolled back).
            check_archive(upload.file, **UPLOAD_BOUNDS)
            stats = import_fide_list(
                lines=text_lines(upload.file, **UPLOAD_BOUNDS),
                list_date=form.cleaned_data["list_date"],
                federation=form.cleaned_data["federation"],
                actor=self.request.user,
            )
        except FideListError as error:
            form.add_error("file", error.message if not error.line else str(error))
            return self.form_invalid(form)
        except ValidationError as error:
            add_errors(form, error)
            return self.form_invalid(form)
        messages.success(self.request, summary(stats))
        return HttpResponseRedirect(reverse("tournaments:fide_import"))
