"""Admin for tournaments and registrations, and the view-only admins of byes, pairs, reports.

Tournament → rounds → games: the tournament form has its rounds inline (each links to the
round's form in :mod:`backoffice.admin.rounds`), the round form has its games inline. Every
write goes through an action (:mod:`actions`) inside the admin's transaction; a refusal is
shown as a form error and nothing is written (see :class:`web.admin.ServiceAdminMixin`).
"""

from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError
from django.db.models import Count
from django.utils.translation import gettext_lazy as _

from actions.registrations import (
    check_entry,
    delete_registration,
    register_player,
    update_registration,
)
from actions.rounds import change_round_date, create_round, delete_round
from actions.tournaments import (
    check_frozen,
    check_settings,
    create_tournament,
    delete_tournament,
    update_tournament,
)
from backoffice.admin.formsets import deleted_instances, describe_formset
from backoffice.forms.tiebreaks import TiebreakField, TiebreakFormMixin
from core import history, submissions
from core.models import AuditEntry
from core.validators import BoundedFormMixin
from tournaments.enums import (
    KNOCKOUT_SETTINGS,
    POINT_FIELDS,
    TOURNAMENT_SETTINGS,
    PairingSystem,
)
from tournaments.models import (
    ForbiddenPair,
    Registration,
    RequestedBye,
    ResultReport,
    Round,
    Tournament,
)
from tournaments.queries.games import rated_games
from tournaments.queries.rounds import highest_round_number
from web.admin import (
    BoundedModelForm,
    GuardedDeleteMixin,
    ServiceAdminMixin,
    ServiceRejected,
    ViewOnlyAdminMixin,
    adopt,
    call_service,
)


class RegistrationInline(admin.TabularInline):
    model = Registration
    form = BoundedModelForm
    fields = ["player", "pairing_number", "rating_at_start", "withdrawn_after_round"]
    autocomplete_fields = ["player"]
    extra = 0


class RoundForm(BoundedFormMixin, forms.ModelForm):
    """A round's date stays in the tournament date window, its number in its column."""


class RoundInline(admin.TabularInline):
    model = Round
    form = RoundForm
    fields = ["number", "date", "status", "games_count"]
    readonly_fields = ["status", "games_count"]
    show_change_link = True
    extra = 0

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(games_count=Count("games"))

    @admin.display(description=_("games"))
    def games_count(self, obj: Round) -> int:
        return getattr(obj, "games_count", 0)


def save_round_forms(request, formset, tournament: Tournament) -> None:
    """Save rounds through the actions: a rated round whose date moves replays its list;
    rounds with games stay."""
    describe_formset(formset)
    for obj in deleted_instances(formset):
        call_service(
            delete_round,
            round=obj,
            actor=request.user,
            prefix=_("Round %(number)s: ") % {"number": obj.number},
        )
    for form in formset.forms:
        if form in formset.deleted_forms or not form.has_changed() or not form.is_valid():
            continue
        round_ = form.instance
        if round_.pk is None:
            saved = call_service(
                create_round,
                tournament=tournament,
                number=form.cleaned_data["number"],
                date=form.cleaned_data.get("date"),
                actor=request.user,
            )
            adopt(round_, saved)
            continue
        if "number" in form.changed_data:
            raise ServiceRejected(
                ValidationError(_("A round's number cannot change."), code="number"),
                _("Round %(number)s: ") % {"number": form.initial.get("number")},
            )
        if "date" in form.changed_data:
            call_service(
                change_round_date,
                round=Round.objects.get(pk=round_.pk),
                date=form.cleaned_data["date"],
                actor=request.user,
            )


class TournamentForm(BoundedFormMixin, TiebreakFormMixin, forms.ModelForm):
    """The tournament form; the pairing settings may be left out (their defaults apply).
    Tie-breaks are cleaned to canonical codes; Buchholz is refused for round robins."""

    tiebreaks = TiebreakField(label=_("tie-breaks"))

    OPTIONAL = (
        *POINT_FIELDS,
        "initial_colour",
        "seeding",
        "rating_class",
        "handicap_policy",
        "handicap_cap",
        "komi",
        "knockout_games",
        "knockout_rapid_pairs",
        "knockout_blitz_pairs",
        "team_match_win",
        "team_match_draw",
        "team_match_loss",
        "team_primary_score",
        "team_colour_preference",
        "team_board_order",
        "team_rating_tolerance",
    )  # not the McMahon bars: left empty, a bar is no bar

    class Meta:
        model = Tournament
        fields = list(TOURNAMENT_SETTINGS)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name in self.OPTIONAL:
            if name in self.fields:
                self.fields[name].required = False

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("pairing_system") != PairingSystem.KNOCKOUT and self.instance.pk:
            # A knockout's settings mean nothing to another format: an unticked box of a
            # form that left them out changes nothing.
            for name in KNOCKOUT_SETTINGS:
                cleaned[name] = getattr(self.instance, name)
        for name in self.OPTIONAL:
            if name in cleaned and cleaned[name] in (None, ""):
                current = getattr(self.instance, name, None)
                cleaned[name] = (
                    current
                    if current not in (None, "")
                    else (Tournament._meta.get_field(name).get_default())
                )
        return cleaned


@admin.register(Tournament)
class TournamentAdmin(GuardedDeleteMixin, ServiceAdminMixin, admin.ModelAdmin):
    form = TournamentForm
    list_display = ["name", "start_date", "end_date", "club", "rating_list", "city", "rounds"]
    list_filter = ["rating_list", "pairing_system", "club"]
    list_select_related = ["club", "rating_list"]
    search_fields = ["name", "slug", "city"]
    prepopulated_fields = {"slug": ["name"]}
    creates_once = True
    autocomplete_fields = ["club"]
    date_hierarchy = "start_date"
    inlines = [RoundInline, RegistrationInline]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(round_count=Count("rounds"))

    @admin.display(description=_("rounds"), ordering="round_count")
    def rounds(self, obj: Tournament) -> int:
        return obj.round_count

    delete_service = staticmethod(delete_tournament)

    def delete_blockers(self, obj: Tournament) -> list[str]:
        # Deleting rated games would leave published ratings without their games.
        count = rated_games(tournament=obj).count()
        if not count:
            return []
        return [
            _(
                "%(tournament)s has %(count)d rated games and cannot be deleted: "
                "ratings depend on them."
            )
            % {"tournament": obj.name, "count": count}
        ]

    def check_form(self, request, form, change):
        tournament = form.instance
        if not change:
            check_settings(tournament)
            return
        stored = Tournament.objects.get(pk=tournament.pk)
        check_settings(tournament, paired=highest_round_number(stored), touched=form.changed_data)
        check_frozen(
            stored,
            [
                name
                for name in form.changed_data
                if getattr(tournament, name) != getattr(stored, name)
            ],
        )

    def write_model(self, request, obj, form, change):
        if not change:
            saved = call_service(
                create_tournament,
                actor=request.user,
                submission=self.submission(form),
                **{
                    name: form.cleaned_data[name]
                    for name in form.Meta.fields
                    if name != submissions.FIELD
                },
            )
            adopt(obj, saved)
            return
        if not form.changed_data:
            return
        saved = call_service(
            update_tournament,
            tournament=Tournament.objects.get(pk=obj.pk),
            actor=request.user,
            changes={name: form.cleaned_data[name] for name in form.changed_data},
        )
        adopt(obj, saved)

    def save_formset(self, request, form, formset, change):
        if formset.model is Round:
            save_round_forms(request, formset, form.instance)
            return
        describe_formset(formset)
        for obj in deleted_instances(formset):
            call_service(delete_registration, registration=obj, actor=request.user)
        for inline_form in formset.forms:
            if inline_form in formset.deleted_forms or not inline_form.has_changed():
                continue
            registration = inline_form.instance
            if registration.pk is None:
                saved = call_service(
                    register_player,
                    tournament=form.instance,
                    player=registration.player,
                    pairing_number=registration.pairing_number,
                    rating_at_start=inline_form.cleaned_data.get("rating_at_start"),
                    actor=request.user,
                )
                adopt(registration, saved)
            else:
                saved = call_service(
                    update_registration,
                    registration=Registration.objects.get(pk=registration.pk),
                    changes={
                        name: inline_form.cleaned_data[name] for name in inline_form.changed_data
                    },
                    actor=request.user,
                )
                adopt(registration, saved)


@admin.register(Registration)
class RegistrationAdmin(ServiceAdminMixin, admin.ModelAdmin):
    list_display = ["player", "tournament", "pairing_number", "withdrawn_after_round"]
    list_filter = [("withdrawn_after_round", admin.EmptyFieldListFilter), "tournament"]
    list_select_related = ["player", "tournament"]
    search_fields = ["player__last_name", "player__first_name", "tournament__name"]
    autocomplete_fields = ["tournament", "player"]

    def get_readonly_fields(self, request, obj=None):
        return [] if obj is None else ["tournament", "player"]

    def check_form(self, request, form, change):
        if not change:
            entry = form.instance
            check_entry(entry.tournament, entry.player, entry.pairing_number, entry.rating_at_start)

    def write_model(self, request, obj, form, change):
        if change:
            saved = call_service(
                update_registration,
                registration=Registration.objects.get(pk=obj.pk),
                changes={name: form.cleaned_data[name] for name in form.changed_data},
                actor=request.user,
            )
            adopt(obj, saved)
            return
        saved = call_service(
            register_player,
            tournament=obj.tournament,
            player=obj.player,
            pairing_number=obj.pairing_number,
            rating_at_start=form.cleaned_data.get("rating_at_start"),
            actor=request.user,
        )
        adopt(obj, saved)

    def delete_model(self, request, obj):
        delete_registration(registration=obj, actor=request.user)

    def delete_queryset(self, request, queryset):
        for registration in queryset:
            delete_registration(registration=registration, actor=request.user)


class ReadOnlyAdmin(ViewOnlyAdminMixin, admin.ModelAdmin):
    """Visible in the admin, written only on the organiser pages (through the actions)."""


@admin.register(RequestedBye)
class RequestedByeAdmin(ReadOnlyAdmin):
    """Byes players asked for (``request_bye``/``cancel_bye`` on the organiser dashboard)."""

    list_display = ["player", "tournament", "round_number", "kind"]
    list_filter = ["kind", "registration__tournament"]
    list_select_related = ["registration__player", "registration__tournament"]
    search_fields = [
        "registration__player__last_name",
        "registration__player__first_name",
        "registration__tournament__name",
    ]
    ordering = ["registration__tournament", "round_number", "registration__player__last_name"]

    @admin.display(description=_("player"), ordering="registration__player__last_name")
    def player(self, obj: RequestedBye):
        return obj.registration.player

    @admin.display(description=_("tournament"), ordering="registration__tournament__name")
    def tournament(self, obj: RequestedBye):
        return obj.registration.tournament


@admin.register(ForbiddenPair)
class ForbiddenPairAdmin(ReadOnlyAdmin):
    """Pairs that must not meet (``add_forbidden_pair`` on the organiser dashboard)."""

    list_display = ["tournament", "player_a", "player_b"]
    list_filter = ["tournament"]
    list_select_related = ["tournament", "player_a", "player_b"]
    search_fields = [
        "player_a__last_name",
        "player_b__last_name",
        "tournament__name",
    ]


@admin.register(ResultReport)
class ResultReportAdmin(ReadOnlyAdmin):
    """Results players reported; arbiters confirm or reject them on the round page."""

    list_display = ["game", "player", "result", "reported_at"]
    list_select_related = ["game__white", "game__black", "player"]
    search_fields = ["player__last_name"]


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    """The audit trail: written only by the services (``core.audit.record``)."""

    list_display = ["created_at", "user", "action", "sentence", "tournament", "player"]
    list_filter = ["action", "rating_list"]
    list_select_related = ["user", "tournament", "player"]
    search_fields = ["summary", "tournament__name", "player__last_name"]
    date_hierarchy = "created_at"
    fields = [
        "created_at",
        "user",
        "action",
        "sentence",
        "summary",
        "params",
        "tournament",
        "player",
        "other_player",
        "rating_list",
        "before",
        "after",
    ]
    readonly_fields = fields

    @admin.display(description=_("Change"))
    def sentence(self, entry: AuditEntry) -> str:
        """The entry's sentence in the reader's language (``summary``: as written)."""
        return history.sentence(entry)
