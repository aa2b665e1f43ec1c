"""Organiser pages under ``/tournaments/`` (``organise/``, TRF files, players' reports).

Listed before the public tournament pages in ``clubrating/urls.py`` (one ``tournaments``
namespace): the fixed addresses here come before the public ``<slug>/`` pages.
"""

from django.urls import path

from backoffice.views import (
    check_in,
    club_games,
    clubs,
    events,
    fide,
    invitations,
    knockout,
    leagues,
    lifecycle,
    online_entries,
    printables,
    prizes,
    registration,
    reports,
    rounds,
    schedule,
    teams,
    tournaments,
    trf,
)

tournament_patterns = [
    path("import-trf/", trf.TrfImportView.as_view(), name="trf_import"),
    path("organise/fide-list/", fide.FideListView.as_view(), name="fide_import"),
    path("organise/", tournaments.TournamentListView.as_view(), name="organise_list"),
    path("organise/new/", tournaments.TournamentCreateView.as_view(), name="organise_create"),
    path("organise/clubs/", clubs.ClubListView.as_view(), name="organise_clubs"),
    path("organise/clubs/new/", invitations.ClubCreateView.as_view(), name="organise_club_create"),
    path("organise/clubs/<int:pk>/", clubs.ClubView.as_view(), name="organise_club"),
    path(
        "organise/clubs/<int:pk>/invite/",
        invitations.InviteView.as_view(),
        name="organise_invite",
    ),
    path(
        "organise/clubs/<int:pk>/invitations/<int:invitation>/resend/",
        invitations.InvitationActionView.as_view(),
        name="organise_resend_invitation",
    ),
    path(
        "organise/clubs/<int:pk>/invitations/<int:invitation>/revoke/",
        invitations.InvitationActionView.as_view(revoke=True),
        name="organise_revoke_invitation",
    ),
    path(
        "organise/clubs/<int:pk>/players/add/",
        clubs.ClubPlayerCreateView.as_view(),
        name="organise_add_player",
    ),
    path(
        "organise/clubs/<int:pk>/games/",
        club_games.ClubGamesSettingsView.as_view(),
        name="organise_club_games",
    ),
    path(
        "clubs/<int:pk>/games/report/",
        club_games.ReportClubGameView.as_view(),
        name="report_club_game",
    ),
    path("clubs/<int:pk>/ladder/join/", club_games.JoinLadderView.as_view(), name="join_ladder"),
    path(
        "clubs/<int:pk>/games/<int:report>/confirm/",
        club_games.DecideClubGameView.as_view(),
        name="confirm_club_game",
    ),
    path(
        "clubs/<int:pk>/games/<int:report>/reject/",
        club_games.DecideClubGameView.as_view(confirm=False),
        name="reject_club_game",
    ),
    path("my-games/", reports.MyGamesView.as_view(), name="my_games"),
    path("my-teams/", teams.MyTeamsView.as_view(), name="my_teams"),
    path("<slug:slug>/teams/<int:team>/line-up/", teams.LineUpView.as_view(), name="line_up"),
    path("<slug:slug>/organise/teams/", teams.TeamsView.as_view(), name="organise_teams"),
    path(
        "<slug:slug>/organise/teams/<int:team>/",
        teams.TeamView.as_view(),
        name="organise_team",
    ),
    path("games/<int:game>/report/", reports.ReportResultView.as_view(), name="report_result"),
    path("<slug:slug>/export.trf", trf.TrfExportView.as_view(), name="trf_export"),
    path("<slug:slug>/export.h9", trf.ResultsFileView.as_view(kind="h9"), name="h9_export"),
    path(
        "<slug:slug>/turnering.txt",
        trf.ResultsFileView.as_view(kind="turnering"),
        name="turnering_export",
    ),
    # Organiser pages (role checks in core.roles): GET pages, POST actions.
    path("<slug:slug>/organise/", tournaments.DashboardView.as_view(), name="organise"),
    path(
        "<slug:slug>/organise/register/",
        registration.RegisterView.as_view(),
        name="organise_register",
    ),
    path(
        "<slug:slug>/organise/register/lines/",
        registration.EntriesView.as_view(),
        name="organise_register_lines",
    ),
    path(
        "<slug:slug>/organise/register/new/",
        registration.NewcomerView.as_view(),
        name="organise_register_new",
    ),
    path(
        "<slug:slug>/organise/players/",
        registration.SearchView.as_view(),
        name="organise_players",
    ),
    path(
        "<slug:slug>/organise/withdraw/",
        tournaments.WithdrawView.as_view(),
        name="organise_withdraw",
    ),
    path(
        "<slug:slug>/organise/check-in/",
        check_in.CheckInView.as_view(),
        name="organise_check_in",
    ),
    path(
        "<slug:slug>/organise/check-in/rule/",
        check_in.CheckInRuleView.as_view(),
        name="organise_check_in_rule",
    ),
    path(
        "<slug:slug>/organise/check-in/qr/",
        check_in.CheckInQrView.as_view(),
        name="organise_check_in_qr",
    ),
    path(
        "<slug:slug>/organise/check-in/codes/",
        check_in.CheckInCodesView.as_view(),
        name="organise_check_in_codes",
    ),
    path(
        "<slug:slug>/organise/check-in/<int:registration>/",
        check_in.CheckInTapView.as_view(),
        name="organise_check_in_tap",
    ),
    path(
        "<slug:slug>/organise/schedule/",
        schedule.ScheduleView.as_view(),
        name="organise_schedule",
    ),
    path(
        "<slug:slug>/organise/settings/",
        tournaments.SettingsView.as_view(),
        name="organise_settings",
    ),
    path(
        "<slug:slug>/organise/prizes/",
        prizes.PrizesView.as_view(),
        name="organise_prizes",
    ),
    path(
        "<slug:slug>/organise/arbiters/",
        tournaments.ArbitersView.as_view(),
        name="organise_arbiters",
    ),
    path(
        "<slug:slug>/organise/arbiters/search/",
        tournaments.ArbiterSearchView.as_view(),
        name="organise_arbiter_search",
    ),
    path(
        "<slug:slug>/organise/reports/<int:report>/confirm/",
        rounds.ConfirmReportView.as_view(),
        name="organise_confirm_report",
    ),
    path(
        "<slug:slug>/organise/reports/<int:report>/reject/",
        rounds.RejectReportView.as_view(),
        name="organise_reject_report",
    ),
    path("<slug:slug>/organise/bye/", tournaments.ByeView.as_view(), name="organise_bye"),
    path(
        "<slug:slug>/organise/bye/<int:bye>/cancel/",
        tournaments.CancelByeView.as_view(),
        name="organise_cancel_bye",
    ),
    path(
        "<slug:slug>/organise/forbidden/",
        tournaments.ForbiddenPairView.as_view(),
        name="organise_forbidden",
    ),
    path(
        "<slug:slug>/organise/rounds/add/",
        rounds.AddRoundView.as_view(),
        name="organise_add_round",
    ),
    path("<slug:slug>/organise/pair/", rounds.PairView.as_view(), name="organise_pair"),
    path(
        "<slug:slug>/organise/open/",
        lifecycle.OpenRegistrationView.as_view(),
        name="organise_open_registration",
    ),
    path("<slug:slug>/organise/finish/", lifecycle.FinishView.as_view(), name="organise_finish"),
    path("<slug:slug>/organise/reopen/", lifecycle.ReopenView.as_view(), name="organise_reopen"),
    path(
        "<slug:slug>/organise/print/<str:kind>/",
        printables.PrintView.as_view(),
        name="organise_print_list",
    ),
    path(
        "<slug:slug>/organise/rounds/<int:number>/print/<str:kind>/",
        printables.PrintView.as_view(),
        name="organise_print",
    ),
    path(
        "<slug:slug>/organise/rounds/<int:number>/",
        rounds.RoundView.as_view(),
        name="organise_round",
    ),
    path(
        "<slug:slug>/organise/rounds/<int:number>/publish/",
        rounds.PublishView.as_view(),
        name="organise_publish",
    ),
    path(
        "<slug:slug>/organise/rounds/<int:number>/discard/",
        rounds.DiscardView.as_view(),
        name="organise_discard",
    ),
    path(
        "<slug:slug>/organise/rounds/<int:number>/swap/",
        rounds.SwapBoardsView.as_view(),
        name="organise_swap",
    ),
    path(
        "<slug:slug>/organise/rounds/<int:number>/boards/add/",
        rounds.AddBoardView.as_view(),
        name="organise_add_board",
    ),
    path(
        "<slug:slug>/organise/rounds/<int:number>/boards/<int:board>/delete/",
        rounds.DeleteBoardView.as_view(),
        name="organise_delete_board",
    ),
    path(
        "<slug:slug>/organise/rounds/<int:number>/boards/<int:board>/edit/",
        rounds.EditBoardView.as_view(),
        name="organise_edit_board",
    ),
    path(
        "<slug:slug>/organise/rounds/<int:number>/boards/<int:board>/armageddon-colours/",
        knockout.ArmageddonColoursView.as_view(),
        name="organise_armageddon_colours",
    ),
    path(
        "<slug:slug>/organise/rounds/<int:number>/matches/<int:match>/outcome/",
        teams.MatchOutcomeView.as_view(),
        name="organise_match_outcome",
    ),
    path(
        "<slug:slug>/organise/rounds/<int:number>/boards/<int:board>/result/",
        rounds.ResultView.as_view(),
        name="organise_result",
    ),
]

#: The organiser's pages of an event (its sections, entries, fees), under /events/.
event_patterns: list = [
    path("organise/", events.EventListView.as_view(), name="organise_list"),
    path("organise/new/", events.EventCreateView.as_view(), name="organise_create"),
    path("<slug:slug>/organise/", events.EventView.as_view(), name="organise"),
    path(
        "<slug:slug>/organise/sections/new/",
        events.NewSectionView.as_view(),
        name="organise_new_section",
    ),
    path(
        "<slug:slug>/organise/sections/attach/",
        events.AttachSectionView.as_view(),
        name="organise_attach_section",
    ),
    path(
        "<slug:slug>/organise/sections/<int:pk>/",
        events.SectionView.as_view(),
        name="organise_section",
    ),
    path(
        "<slug:slug>/organise/sections/<int:pk>/remove/",
        events.RemoveSectionView.as_view(),
        name="organise_remove_section",
    ),
    path(
        "<slug:slug>/organise/discounts/",
        events.DiscountsView.as_view(),
        name="organise_discounts",
    ),
    path(
        "<slug:slug>/organise/entries/",
        online_entries.OrganiseEntriesView.as_view(),
        name="organise_entries",
    ),
    path("<slug:slug>/organise/fees/", online_entries.FeesView.as_view(), name="organise_fees"),
]

#: Under ``/leagues/``, before the public season and division pages (one ``leagues``
#: namespace): the organisers' pages, the captains' matches and cards.
league_patterns = [
    path("organise/", leagues.LeagueOrganiseView.as_view(), name="organise_list"),
    path("organise/new/", leagues.SeasonCreateView.as_view(), name="organise_season_create"),
    path(
        "organise/matches/<int:match>/postpone/",
        leagues.PostponeView.as_view(),
        name="organise_postpone",
    ),
    path(
        "organise/matches/<int:match>/default/",
        leagues.DefaultView.as_view(),
        name="organise_default",
    ),
    path(
        "organise/matches/<int:match>/decide/",
        leagues.DecideCardView.as_view(),
        name="organise_decide_card",
    ),
    path("organise/<slug:season>/", leagues.SeasonOrganiseView.as_view(), name="organise_season"),
    path(
        "organise/<slug:season>/<slug:division>/",
        leagues.DivisionOrganiseView.as_view(),
        name="organise_division",
    ),
    path(
        "organise/<slug:season>/<slug:division>/schedule/",
        leagues.ScheduleView.as_view(),
        name="organise_schedule",
    ),
    path("cards/", leagues.MyMatchesView.as_view(), name="my_matches"),
    path("cards/<int:match>/", leagues.MatchCardView.as_view(), name="match_card"),
    path(
        "cards/<int:match>/confirm/",
        leagues.CardDecisionView.as_view(),
        name="confirm_card",
    ),
    path(
        "cards/<int:match>/dispute/",
        leagues.CardDecisionView.as_view(confirm=False),
        name="dispute_card",
    ),
]
