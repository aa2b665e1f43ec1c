"""Admin for rounds and games: the round form with its games inline, and the game form.

A pairing is fixed once stored (delete the game and add it again); results are recorded as
corrections through ``record_result``. Every write goes through an action inside the admin's
transaction (see :class:`web.admin.ServiceAdminMixin`).
"""

from django.contrib import admin
from django.core.exceptions import ValidationError
from django.db.models import Count
from django.utils.translation import gettext_lazy as _

from actions.boards import add_game, check_game, check_result, delete_game
from actions.results import record_result
from actions.rounds import change_round_date, check_new_round, create_round, delete_round
from backoffice.admin.formsets import deleted_instances, describe_formset
from tournaments.models import (
    Game,
    Round,
    Tournament,
)
from web.admin import (
    BoundedModelForm,
    ServiceAdminMixin,
    ServiceRejected,
    adopt,
    call_service,
)

PAIRING_FIELDS = ["round", "board", "white", "black"]


def _game_prefix(game: Game) -> str:
    return _("Board %(board)s: ") % {"board": game.board}


def _add_game(request, game: Game, *, round: Round, prefix: str = "") -> None:
    """Add the admin's unsaved ``game`` to ``round`` through the service and adopt the row."""
    saved = call_service(
        add_game,
        prefix=prefix,
        round=round,
        board=game.board,
        white=game.white,
        black=game.black,
        result=game.result,
        actor=request.user,
    )
    adopt(game, saved)


def _correct_result(request, game: Game, result: str, *, prefix: str = "") -> Game:
    """Record ``result`` for the stored ``game`` as a correction, through the service."""
    return call_service(
        record_result,
        prefix=prefix,
        game=Game.objects.get(pk=game.pk),
        result=result,
        actor=request.user,
        correction=True,
        # Staff correcting in the admin mean it; the audit entry names the later rounds.
        later_rounds_confirmed=True,
    )


def save_game_forms(request, formset, *, round=None) -> None:
    """Save a formset of games through the services: add, record a result, delete."""
    describe_formset(formset)
    for obj in deleted_instances(formset):
        call_service(delete_game, game=obj, actor=request.user, prefix=_game_prefix(obj))
    for form in formset.forms:
        if form in formset.deleted_forms or not form.has_changed() or not form.is_valid():
            continue
        game = form.instance
        if game.pk is None:
            _add_game(request, game, round=round or game.round, prefix=_game_prefix(game))
            continue
        moved = [name for name in PAIRING_FIELDS if name in form.changed_data]
        if moved:
            raise ServiceRejected(
                ValidationError(
                    _("To change a pairing, delete the game and add it again."), code="pairing"
                ),
                _game_prefix(game),
            )
        if "result" in form.changed_data:
            _correct_result(request, game, form.cleaned_data["result"], prefix=_game_prefix(game))


class GameInline(admin.TabularInline):
    model = Game
    form = BoundedModelForm
    fields = ["board", "white", "black", "result"]
    autocomplete_fields = ["white", "black"]
    extra = 0
    ordering = ["board"]

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("white", "black")


@admin.register(Round)
class RoundAdmin(ServiceAdminMixin, admin.ModelAdmin):
    list_display = ["tournament", "number", "date", "games"]
    list_filter = ["tournament__rating_list", "tournament"]
    list_select_related = ["tournament"]
    search_fields = ["tournament__name"]
    autocomplete_fields = ["tournament"]
    inlines = [GameInline]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(game_count=Count("games"))

    @admin.display(description=_("games"), ordering="game_count")
    def games(self, obj: Round) -> int:
        return obj.game_count

    def get_readonly_fields(self, request, obj=None):
        # Publishing goes through the organiser pages (``publish_round``).
        return ["status", "published_at"] + ([] if obj is None else ["tournament"])

    def has_delete_permission(self, request, obj=None):
        return obj is None or not obj.games.exists()

    def check_form(self, request, form, change):
        if not change:
            check_new_round(form.instance.tournament, form.instance.number)
        elif "number" in form.changed_data:
            raise ValidationError(_("A round's number cannot change."), code="number")

    def write_model(self, request, obj, form, change):
        if not change:
            saved = call_service(
                create_round,
                tournament=obj.tournament,
                number=obj.number,
                date=obj.date,
                actor=request.user,
            )
            adopt(obj, saved)
            return
        if "date" in form.changed_data:
            saved = call_service(
                change_round_date,
                round=Round.objects.get(pk=obj.pk),
                date=obj.date,
                actor=request.user,
            )
            adopt(obj, saved)

    def delete_model(self, request, obj):
        call_service(delete_round, round=obj, actor=request.user)

    def save_formset(self, request, form, formset, change):
        save_game_forms(request, formset, round=form.instance)


@admin.register(Game)
class GameAdmin(ServiceAdminMixin, admin.ModelAdmin):
    """A game's result is entered here (or in its round's form) through ``record_result``."""

    list_display = ["tournament", "round_number", "board", "white", "black", "result"]
    list_filter = ["round__tournament__rating_list", "result", "round__tournament"]
    list_select_related = ["round__tournament", "white", "black"]
    search_fields = ["white__last_name", "black__last_name", "round__tournament__name"]
    autocomplete_fields = ["round", "white", "black"]
    fields = ["round", "board", "white", "black", "result"]

    @admin.display(description=_("tournament"), ordering="round__tournament__name")
    def tournament(self, obj: Game) -> Tournament:
        return obj.round.tournament

    @admin.display(description=_("round"), ordering="round__number")
    def round_number(self, obj: Game) -> int:
        return obj.round.number

    def get_readonly_fields(self, request, obj=None):
        # A pairing is fixed once stored: delete the game and add it again to change it.
        return [] if obj is None else PAIRING_FIELDS

    def check_form(self, request, form, change):
        game = form.instance
        if not change:
            check_game(
                round=game.round,
                board=game.board,
                white=game.white,
                black=game.black,
                result=game.result,
            )
        elif "result" in form.changed_data:
            errors = check_result(game.result, bye=game.black_id is None)
            if errors:
                raise ValidationError(errors)

    def write_model(self, request, obj, form, change):
        if not change:
            _add_game(request, obj, round=obj.round)
            return
        if "result" in form.changed_data:
            adopt(obj, _correct_result(request, obj, form.cleaned_data["result"]))

    def get_deleted_objects(self, objs, request):
        # The ledger rows that go with a game are derived: the service rewrites them, so the
        # user needs no delete permission on them.
        deleted, model_count, _perms_needed, protected = super().get_deleted_objects(objs, request)
        return deleted, model_count, set(), protected

    def delete_model(self, request, obj):
        delete_game(game=obj, actor=request.user)

    def delete_queryset(self, request, queryset):
        for game in queryset:
            delete_game(game=game, actor=request.user)
