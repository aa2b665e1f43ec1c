"""Public pages: the rating lists and players (``ratings`` namespace), the tournaments
(``tournaments`` namespace, after the organiser pages: see ``clubrating/urls.py``)."""

import datetime

from django.urls import path, register_converter

from public.views import (
    bracket,
    check_in,
    club_games,
    entries,
    event,
    events,
    home,
    leagues,
    lists,
    norms,
    players,
    prizes,
    reference,
    screen,
    search,
    teams,
)
from public.views import tournaments as tournament_views


class IsoDateConverter:
    """A date written YYYY-MM-DD in the path; an impossible date does not match (404)."""

    regex = r"\d{4}-\d{2}-\d{2}"

    def to_python(self, value: str) -> datetime.date:
        return datetime.date.fromisoformat(value)

    def to_url(self, value: datetime.date | str) -> str:
        return value if isinstance(value, str) else value.isoformat()


register_converter(IsoDateConverter, "isodate")

rating_patterns = [
    path("", home.HomeView.as_view(), name="home"),
    path("lists/<slug:slug>/", home.LeaderboardView.as_view(), name="leaderboard"),
    path(
        "lists/<slug:slug>/<isodate:date>/",
        lists.PublishedListView.as_view(),
        name="published_list",
    ),
    path(
        "lists/<slug:slug>/distribution/",
        lists.DistributionView.as_view(),
        name="distribution",
    ),
    path("lists/<slug:slug>/archive/", lists.ArchiveView.as_view(), name="archive"),
    path(
        "lists/<slug:slug>/<isodate:date>.csv",
        lists.PublishedCsvView.as_view(),
        name="published_csv",
    ),
    path(
        "lists/<slug:slug>/<isodate:date>.txt",
        lists.PublishedTxtView.as_view(),
        name="published_txt",
    ),
    path("search/", search.SearchView.as_view(), name="search"),
    path("search/suggest/", search.SuggestView.as_view(), name="search_suggest"),
    path("players/compare/", players.CompareView.as_view(), name="compare"),
    path("players/<int:pk>/", players.PlayerView.as_view(), name="player"),
    # Reference tables and calculators (computed from the rating engine).
    path("reference/", reference.ReferenceIndexView.as_view(), name="reference"),
    path(
        "reference/expected-score/",
        reference.ExpectedScoreView.as_view(),
        name="reference_expected_score",
    ),
    path("reference/titles/", reference.TitlesView.as_view(), name="reference_titles"),
    path("reference/classes/", reference.ClassesView.as_view(), name="reference_classes"),
    path("reference/go-grades/", reference.GoGradesView.as_view(), name="reference_go_grades"),
    path(
        "reference/shogi-grades/",
        reference.ShogiGradesView.as_view(),
        name="reference_shogi_grades",
    ),
    path("calculators/fide/", reference.FideCalculatorView.as_view(), name="calculator_fide"),
    path(
        "calculators/initial-rating/",
        reference.InitialRatingView.as_view(),
        name="calculator_initial",
    ),
    path(
        "calculators/performance/",
        reference.PerformanceView.as_view(),
        name="calculator_performance",
    ),
    path("calculators/egf/", reference.EgfCalculatorView.as_view(), name="calculator_egf"),
    path("calculators/fesa/", reference.FesaCalculatorView.as_view(), name="calculator_fesa"),
    path("players/<int:pk>/games/", players.PlayerGamesView.as_view(), name="player_games"),
    path("players/<int:pk>/norms/", norms.PlayerNormsView.as_view(), name="player_norms"),
    path(
        "players/<int:pk>/head-to-head/",
        players.HeadToHeadView.as_view(),
        name="head_to_head",
    ),
]

tournament_patterns = [
    path("clubs/<int:pk>/ladder/", club_games.LadderView.as_view(), name="club_ladder"),
    path("", tournament_views.TournamentListView.as_view(), name="list"),
    path("<slug:slug>/", tournament_views.TournamentView.as_view(), name="detail"),
    path("<slug:slug>/standings/", tournament_views.StandingsView.as_view(), name="standings"),
    path(
        "<slug:slug>/standings.csv",
        tournament_views.StandingsView.as_view(csv=True),
        name="standings_csv",
    ),
    path("<slug:slug>/crosstable/", tournament_views.CrosstableView.as_view(), name="crosstable"),
    path(
        "<slug:slug>/crosstable.csv",
        tournament_views.CrosstableView.as_view(csv=True),
        name="crosstable_csv",
    ),
    path("<slug:slug>/progress/", tournament_views.ProgressView.as_view(), name="progress"),
    path(
        "<slug:slug>/progress.csv",
        tournament_views.ProgressView.as_view(csv=True),
        name="progress_csv",
    ),
    path("<slug:slug>/teams/", teams.TeamStandingsView.as_view(), name="team_standings"),
    path(
        "<slug:slug>/teams.csv",
        teams.TeamStandingsView.as_view(csv=True),
        name="team_standings_csv",
    ),
    path(
        "<slug:slug>/teams/live/", teams.LiveTeamStandingsView.as_view(), name="team_standings_live"
    ),
    path(
        "<slug:slug>/teams/crosstable/",
        teams.TeamCrosstableView.as_view(),
        name="team_crosstable",
    ),
    path(
        "<slug:slug>/teams/crosstable.csv",
        teams.TeamCrosstableView.as_view(csv=True),
        name="team_crosstable_csv",
    ),
    path("<slug:slug>/teams/rounds/", teams.TeamRoundView.as_view(), name="team_rounds"),
    path("<slug:slug>/teams/round/<int:number>/", teams.TeamRoundView.as_view(), name="team_round"),
    path(
        "<slug:slug>/teams/round/<int:number>.csv",
        teams.TeamRoundView.as_view(csv=True),
        name="team_round_csv",
    ),
    path(
        "<slug:slug>/teams/round/<int:number>/live/",
        teams.LiveTeamRoundView.as_view(),
        name="team_round_live",
    ),
    path("<slug:slug>/teams/<int:number>/", teams.TeamCardView.as_view(), name="team_card"),
    path("<slug:slug>/teams/board-prizes/", teams.BoardPrizesView.as_view(), name="board_prizes"),
    path(
        "<slug:slug>/teams/board-prizes.csv",
        teams.BoardPrizesView.as_view(csv=True),
        name="board_prizes_csv",
    ),
    path("<slug:slug>/players/", event.StartingListView.as_view(), name="players"),
    path("<slug:slug>/check-in/", check_in.SelfCheckInView.as_view(), name="check_in"),
    path("<slug:slug>/bracket/", bracket.BracketView.as_view(), name="bracket"),
    path("<slug:slug>/bracket/live/", bracket.LiveBracketView.as_view(), name="bracket_live"),
    path("<slug:slug>/prizes/", prizes.PrizesView.as_view(), name="prizes"),
    path("<slug:slug>/prizes.csv", prizes.PrizesView.as_view(csv=True), name="prizes_csv"),
    path("<slug:slug>/norms/", norms.NormsView.as_view(), name="norms"),
    path("<slug:slug>/norms/<int:tpn>/", norms.NormReportView.as_view(), name="norm_report"),
    path("<slug:slug>/players.csv", event.StartingListView.as_view(csv=True), name="players_csv"),
    path("<slug:slug>/player/<int:tpn>/", event.PlayerCardView.as_view(), name="player_card"),
    path("<slug:slug>/rounds/", event.RoundView.as_view(), name="rounds"),
    path("<slug:slug>/rounds.ics", screen.RoundsCalendarView.as_view(), name="rounds_ics"),
    path("<slug:slug>/screen/", screen.ScreenView.as_view(), name="screen"),
    path("<slug:slug>/round/<int:number>/live/", event.LiveRoundView.as_view(), name="round_live"),
    path(
        "<slug:slug>/standings/live/",
        tournament_views.LiveStandingsView.as_view(),
        name="standings_live",
    ),
    path("<slug:slug>/round/<int:number>/", event.RoundView.as_view(), name="round"),
    path(
        "<slug:slug>/rounds/<int:number>/why/<int:board>/",
        event.WhyView.as_view(),
        name="round_why",
    ),
    path("<slug:slug>/round/<int:number>.csv", event.RoundView.as_view(csv=True), name="round_csv"),
    path(
        "<slug:slug>/round/<int:number>/by-name/",
        event.RoundByNameView.as_view(),
        name="round_by_name",
    ),
    path(
        "<slug:slug>/round/<int:number>/by-name.csv",
        event.RoundByNameView.as_view(csv=True),
        name="round_by_name_csv",
    ),
]

#: The public pages of an event (its sections, the entry form, the entry list), under /events/.
league_patterns: list = [
    path("", leagues.LeagueListView.as_view(), name="list"),
    path("<slug:season>/", leagues.SeasonView.as_view(), name="season"),
    path("<slug:season>/<slug:division>/", leagues.DivisionView.as_view(), name="division"),
    path(
        "<slug:season>/<slug:division>/table.csv",
        leagues.DivisionView.as_view(csv=True),
        name="division_csv",
    ),
]

event_patterns: list = [
    path("", events.EventListView.as_view(), name="list"),
    path("<slug:slug>/", events.EventView.as_view(), name="event"),
    path("<slug:slug>/rounds.ics", events.EventCalendarView.as_view(), name="rounds_ics"),
    path("<slug:slug>/enter/", entries.EnterView.as_view(), name="enter"),
    path("<slug:slug>/entries/", entries.entry_list, name="entries"),
    path("entry/<str:token>/", entries.ConfirmView.as_view(), name="confirm"),
    path("entry/<str:token>/withdraw/", entries.EntryLinkView.as_view(), name="entry_withdraw"),
]
