"""Tournament pages: public pages, organiser pages (``organise/``), TRF files."""

from django.urls import path

from tournaments.views import organiser, player, public, trf

app_name = "tournaments"

urlpatterns = [
    path("", public.TournamentListView.as_view(), name="list"),
    path("import-trf/", trf.TrfImportView.as_view(), name="trf_import"),
    path("organise/", organiser.TournamentListView.as_view(), name="organise_list"),
    path("organise/new/", organiser.TournamentCreateView.as_view(), name="organise_create"),
    path("organise/clubs/", organiser.ClubListView.as_view(), name="organise_clubs"),
    path("organise/clubs/<int:pk>/", organiser.ClubView.as_view(), name="organise_club"),
    path(
        "organise/clubs/<int:pk>/players/add/",
        organiser.ClubPlayerCreateView.as_view(),
        name="organise_add_player",
    ),
    path("my-games/", player.MyGamesView.as_view(), name="my_games"),
    path("games/<int:game>/report/", player.ReportResultView.as_view(), name="report_result"),
    path("<slug:slug>/", public.TournamentView.as_view(), name="detail"),
    path("<slug:slug>/export.trf", trf.TrfExportView.as_view(), name="trf_export"),
    path("<slug:slug>/export.h9", trf.ResultsFileView.as_view(kind="h9"), name="h9_export"),
    path(
        "<slug:slug>/turnering.txt",
        trf.ResultsFileView.as_view(kind="turnering"),
        name="turnering_export",
    ),
    path("<slug:slug>/standings/", public.StandingsView.as_view(), name="standings"),
    path("<slug:slug>/crosstable/", public.CrosstableView.as_view(), name="crosstable"),
    path("<slug:slug>/progress/", public.ProgressView.as_view(), name="progress"),
    path("<slug:slug>/rounds/", public.RoundView.as_view(), name="rounds"),
    path("<slug:slug>/round/<int:number>/", public.RoundView.as_view(), name="round"),
    # Organiser pages (role checks in core.roles): GET pages, POST actions.
    path("<slug:slug>/organise/", organiser.DashboardView.as_view(), name="organise"),
    path(
        "<slug:slug>/organise/register/",
        organiser.RegisterView.as_view(),
        name="organise_register",
    ),
    path(
        "<slug:slug>/organise/withdraw/",
        organiser.WithdrawView.as_view(),
        name="organise_withdraw",
    ),
    path(
        "<slug:slug>/organise/settings/",
        organiser.SettingsView.as_view(),
        name="organise_settings",
    ),
    path(
        "<slug:slug>/organise/arbiters/",
        organiser.ArbitersView.as_view(),
        name="organise_arbiters",
    ),
    path(
        "<slug:slug>/organise/reports/<int:report>/confirm/",
        organiser.ConfirmReportView.as_view(),
        name="organise_confirm_report",
    ),
    path(
        "<slug:slug>/organise/reports/<int:report>/reject/",
        organiser.RejectReportView.as_view(),
        name="organise_reject_report",
    ),
    path("<slug:slug>/organise/bye/", organiser.ByeView.as_view(), name="organise_bye"),
    path(
        "<slug:slug>/organise/bye/<int:bye>/cancel/",
        organiser.CancelByeView.as_view(),
        name="organise_cancel_bye",
    ),
    path(
        "<slug:slug>/organise/forbidden/",
        organiser.ForbiddenPairView.as_view(),
        name="organise_forbidden",
    ),
    path(
        "<slug:slug>/organise/rounds/add/",
        organiser.AddRoundView.as_view(),
        name="organise_add_round",
    ),
    path("<slug:slug>/organise/pair/", organiser.PairView.as_view(), name="organise_pair"),
    path(
        "<slug:slug>/organise/rounds/<int:number>/",
        organiser.RoundView.as_view(),
        name="organise_round",
    ),
    path(
        "<slug:slug>/organise/rounds/<int:number>/publish/",
        organiser.PublishView.as_view(),
        name="organise_publish",
    ),
    path(
        "<slug:slug>/organise/rounds/<int:number>/discard/",
        organiser.DiscardView.as_view(),
        name="organise_discard",
    ),
    path(
        "<slug:slug>/organise/rounds/<int:number>/swap/",
        organiser.SwapBoardsView.as_view(),
        name="organise_swap",
    ),
    path(
        "<slug:slug>/organise/rounds/<int:number>/boards/add/",
        organiser.AddBoardView.as_view(),
        name="organise_add_board",
    ),
    path(
        "<slug:slug>/organise/rounds/<int:number>/boards/<int:board>/delete/",
        organiser.DeleteBoardView.as_view(),
        name="organise_delete_board",
    ),
    path(
        "<slug:slug>/organise/rounds/<int:number>/boards/<int:board>/edit/",
        organiser.EditBoardView.as_view(),
        name="organise_edit_board",
    ),
    path(
        "<slug:slug>/organise/rounds/<int:number>/boards/<int:board>/result/",
        organiser.ResultView.as_view(),
        name="organise_result",
    ),
]
