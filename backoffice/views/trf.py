"""Organiser pages for TRF files: upload a file as a new tournament, download a tournament;
and the go/shogi federations' results files (EGD ``.h9``, FESA ``turnering.txt``).

Import: staff, or a club organiser for one of their clubs; export: the tournament's arbiters
and managers (``core.roles``). Both views call one service each.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views import View
from django.views.generic import FormView

from actions.trf_import import MAX_UPLOAD_BYTES, import_trf
from backoffice.files.results import export_h9, export_turnering
from backoffice.files.team_trf import export_team_trf
from backoffice.files.trf import export_trf
from backoffice.views.base import RoleRequiredMixin, TournamentMixin, repeat_answer, repeated
from core import roles, submissions
from players.models import Club
from ratings.enums import GameKind
from ratings.models import RatingList
from rules.files.turnering import ENCODING


class TrfUploadForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("TRF file"),
        help_text=gettext_lazy("TRF16 or TRF-2026, UTF-8, at most 2 MB."),
    )
    rating_list = forms.ModelChoiceField(
        label=gettext_lazy("Rating list"),
        queryset=RatingList.objects.filter(game=GameKind.CHESS),
        required=False,
        empty_label=gettext_lazy("Unrated"),
        help_text=gettext_lazy("The chess list the tournament's games are rated in."),
    )
    club = forms.ModelChoiceField(
        label=gettext_lazy("Organising club"), queryset=Club.objects.all(), required=False
    )
    #: Staff only: organisers never get this field.
    starting_ratings = forms.BooleanField(
        label=gettext_lazy("Give new players the file's ratings as starting ratings"),
        required=False,
        help_text=gettext_lazy(
            "Only for the players this import creates, valid from the tournament's start date. "
            "Players already known keep their ratings: the file's ratings are the tournament's "
            "ratings at start either way."
        ),
    )
    submission = submissions.SubmissionField()

    def __init__(self, *args: Any, user: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if user is None or not roles.is_staff(user):
            del self.fields["starting_ratings"]
        if user is not None and not roles.is_staff(user):
            self.fields["club"].queryset = roles.organised_clubs(user)
            self.fields["club"].required = True

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_UPLOAD_BYTES:
            raise forms.ValidationError(
                _("The file is %(size)s MB; the largest file accepted is %(limit)s MB.")
                % {
                    "size": f"{upload.size / 1024 / 1024:.1f}",
                    "limit": f"{MAX_UPLOAD_BYTES / 1024 / 1024:g}",
                }
            )
        return upload


class TrfImportView(RoleRequiredMixin, FormView):
    """Upload a TRF file; a bad file shows every problem (line, column, reason)."""

    template_name = "backoffice/trf/import.html"
    form_class = TrfUploadForm

    def has_permission(self) -> bool:
        return roles.can_create_tournament(self.request.user)

    def get_form_kwargs(self) -> dict[str, Any]:
        return {**super().get_form_kwargs(), "user": self.request.user}

    def form_invalid(self, form: TrfUploadForm) -> HttpResponse:
        again = repeat_answer(self.request, reverse("tournaments:trf_import"))
        return again or super().form_invalid(form)

    def form_valid(self, form: TrfUploadForm) -> HttpResponse:
        try:
            report = import_trf(
                file=form.cleaned_data["file"],
                rating_list=form.cleaned_data["rating_list"],
                club=form.cleaned_data["club"],
                starting_ratings=form.cleaned_data.get("starting_ratings", False),
                actor=self.request.user,
                submission=submissions.of(form, lambda created: created.get_absolute_url()),
            )
        except submissions.AlreadySubmitted as done:
            return repeated(self.request, done, reverse("tournaments:trf_import"))
        if report.errors:
            form.add_error(None, _("Nothing was imported: the file has errors."))
            for problem in report.errors:
                form.add_error("file", str(problem))
            return self.form_invalid(form)
        for warning in report.warnings:
            messages.warning(self.request, str(warning))
        messages.success(
            self.request,
            _(
                "Imported “%(name)s”: %(created)d players created, %(matched)d matched, "
                "%(rounds)d rounds."
            )
            % {
                "name": report.tournament.name,
                "created": report.players_created,
                "matched": report.players_matched,
                "rounds": report.rounds,
            },
        )
        return HttpResponseRedirect(report.tournament.get_absolute_url())


class TrfExportView(TournamentMixin, View):
    """Download a tournament as a TRF-2026 file (its arbiters and organisers, staff); a team
    tournament as a TRF-2026 team file."""

    http_method_names = ["get", "head"]

    def get(self, request: Any, slug: str) -> HttpResponse:
        tournament = self.tournament
        export = export_team_trf if tournament.is_team else export_trf
        response = HttpResponse(export(tournament=tournament), content_type="text/plain")
        response["Content-Disposition"] = f'attachment; filename="{tournament.slug}.trf"'
        return response


class ResultsFileView(TournamentMixin, View):
    """Download a go tournament as an EGD ``.h9`` file or a shogi one as ``turnering.txt``
    (the tournament's arbiters and organisers, staff).

    404 for a tournament of another game (``Tournament.game``: its list's, else its format's;
    a manual go tournament has its file too); a tournament without a complete round goes
    back to its organiser page with the reason.
    """

    http_method_names = ["get", "head"]
    kind = "h9"

    def get(self, request: Any, slug: str) -> HttpResponse:
        tournament = self.tournament
        go = self.kind == "h9"
        if tournament.game != ("go" if go else "shogi"):
            raise Http404(_("This file is not made for this tournament's format."))
        try:
            if go:
                body: bytes | str = export_h9(tournament=tournament)
                filename, content_type = f"{tournament.slug}.h9", "text/plain; charset=utf-8"
            else:
                body = export_turnering(tournament=tournament).encode(ENCODING, errors="replace")
                filename, content_type = "turnering.txt", f"text/plain; charset={ENCODING}"
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
            return HttpResponseRedirect(reverse("tournaments:organise", args=[tournament.slug]))
        response = HttpResponse(body, content_type=content_type)
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response
