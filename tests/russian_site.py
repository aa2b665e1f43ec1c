"""The data set of the Russian page walk (``tests/test_russian_pages.py``): every format and
game (a chess Swiss with forfeits, byes, a withdrawal, reports and corrections; a chess round
robin, finished; a go McMahon; a shogi McMahon; a manual event), run through the actions as an
organiser and an arbiter would, so that the history has entries of every kind a tournament or
a player page shows.

Names are ones no English message contains (players as FIDE prints them, events and the club
in Russian), so that English found on a page is the site's own text.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.contrib.auth import get_user_model

from actions.boards import add_game, delete_game, swap_boards
from actions.byes import add_forbidden_pair, cancel_bye, request_bye
from actions.events import add_section, create_event, set_discounts
from actions.players import create_player, merge_players, update_player
from actions.prizes import set_prize_table
from actions.ratings import set_declared_grade, set_starting_rating
from actions.registrations import (
    assign_pairing_numbers,
    delete_registration,
    register_player,
    update_registration,
    withdraw_player,
)
from actions.reports import confirm_report, reject_report, report_result
from actions.results import record_result
from actions.rounds import (
    add_round,
    change_round_date,
    delete_round,
    discard_pairings,
    pair_next_round,
    publish_round,
)
from actions.schedule import set_schedule
from actions.tournaments import (
    create_tournament,
    finish_tournament,
    open_registration,
    set_arbiters,
    update_tournament,
)
from core.roles import SYSTEM
from players.models import Club, Player
from ratings.models import RatingList
from tests.factories import make_player, make_rating
from tournaments.enums import PairingSystem
from tournaments.models import Game, Registration, ResultReport, Round, Tournament

PASSWORD = "sekretny-parol-42"  # noqa: S105 -- a test account
DAY = datetime.date(2026, 10, 3)


@dataclass
class Site:
    staff: object
    arbiter: object
    player_account: object
    swiss: Tournament
    round_robin: Tournament
    go: Tournament
    shogi: Tournament
    manual: Tournament
    reporter: Player
    open_game: Game
    #: Players whose pages show history entries of their own (starting rating, change,
    #: declared grade, merge).
    with_history: list[Player]


def _list(slug: str) -> RatingList:
    return RatingList.objects.get(slug=slug)


def _users():
    users = get_user_model()
    staff = users.objects.create_superuser("glavny", "glavny@example.com", PASSWORD)
    arbiter = users.objects.create_user("sudya", "sudya@example.com", PASSWORD)
    account = users.objects.create_user("igrok", "igrok@example.com", PASSWORD)
    return staff, arbiter, account


def _play(tournament: Tournament, results: dict[int, str], *, default: str = "10") -> Round:
    round_ = pair_next_round(tournament=tournament, actor=SYSTEM)
    publish_round(round=round_, actor=SYSTEM)
    for game in round_.games.filter(black__isnull=False).order_by("board"):
        record_result(game=game, result=results.get(game.board, default), actor=SYSTEM)
    return round_


def _reporter(round_: Round, account) -> tuple[Game, object]:
    """The first game of ``round_`` with two players, and the account of its White (linked
    to ``account``, a user or a new user's name, unless White has one)."""
    game = round_.games.filter(black__isnull=False).order_by("board").first()
    white = game.white
    if white.account_id is None:
        if isinstance(account, str):
            account = get_user_model().objects.create_user(account, "", PASSWORD)
        white.account = account
        white.save(update_fields=["account"])
    return game, white.account


def _swiss(club: Club, staff, arbiter, account) -> tuple[Tournament, Player, Game]:
    chess = _list("chess-standard")
    names = [
        ("Ivanova", "Anna", 2210),
        ("Petrov", "Pavel", 2150),
        ("Sidorov", "Sergei", 2080),
        ("Kuznetsova", "Olga", 2010),
        ("Smirnov", "Dmitri", 1950),
        ("Volkov", "Yuri", 1890),
        ("Lebedeva", "Irina", 1820),
        ("Морозов", "Никита", None),
    ]
    players = []
    for last, first, rating in names:
        player = make_player(
            last, first, club=club, federation="RUS", title="FM" if rating and rating > 2200 else ""
        )
        if rating:
            make_rating(player, rating, rating_list=chess, games=30)
        players.append(player)
    swiss = create_tournament(
        name="Осенний швейцарский",
        slug="osen-swiss",
        start_date=DAY,
        end_date=DAY + datetime.timedelta(days=3),
        club=club,
        rating_list=chess,
        pairing_system=PairingSystem.SWISS_DUTCH,
        rounds_planned=4,
        players_report_results=True,
        actor=staff,
    )
    set_arbiters(tournament=swiss, arbiters=[arbiter], actor=staff)
    open_registration(tournament=swiss, actor=staff)
    for player in players:
        register_player(tournament=swiss, player=player, actor=staff)
    extra = make_player("Zaitsev", "Oleg", club=club)
    register_player(tournament=swiss, player=extra, actor=staff)
    delete_registration(registration=Registration.objects.get(player=extra), actor=staff)
    entry = Registration.objects.get(tournament=swiss, player=players[7])
    update_registration(registration=entry, changes={"rating_at_start": 1500}, actor=staff)
    assign_pairing_numbers(tournament=swiss, actor=arbiter)
    add_forbidden_pair(tournament=swiss, player_a=players[0], player_b=players[1], actor=arbiter)
    last = Registration.objects.get(tournament=swiss, player=players[6])
    request_bye(registration=last, round_number=1, kind="H", actor=arbiter)
    request_bye(registration=last, round_number=3, kind="Z", actor=arbiter)
    cancel_bye(registration=last, round_number=3, actor=arbiter)

    draft = pair_next_round(tournament=swiss, actor=arbiter)
    first, second = draft.games.order_by("board")[:2]
    swap_boards(game=first, other=second, actor=arbiter)
    discard_pairings(round=draft, actor=arbiter)
    round_1 = _play(swiss, {1: "10", 2: "==", 3: "+-"})
    corrected = round_1.games.get(board=1)
    record_result(game=corrected, result="01", correction=True, actor=arbiter)
    change_round_date(round=round_1, date=DAY, actor=arbiter)

    round_2 = pair_next_round(tournament=swiss, actor=arbiter)
    publish_round(round=round_2, actor=arbiter)
    game, reporter = _reporter(round_2, "igrok2")
    report = report_result(game=game, result="10", actor=reporter)
    reject_report(report=report, actor=arbiter)
    report = report_result(game=game, result="==", actor=reporter)
    confirm_report(report=report, actor=arbiter)
    codes = iter(["-+", "--", "01", "10"])
    for other in round_2.games.filter(result="", black__isnull=False).order_by("board"):
        record_result(game=other, result=next(codes), actor=arbiter)
    withdraw_player(
        registration=Registration.objects.get(tournament=swiss, player=players[5]),
        after_round=2,
        actor=arbiter,
    )
    round_3 = pair_next_round(tournament=swiss, actor=arbiter)
    publish_round(round=round_3, actor=arbiter)
    mine, reporter = _reporter(round_3, account)
    others = round_3.games.filter(black__isnull=False).exclude(pk=mine.pk).order_by("board")
    record_result(game=others[0], result="10", actor=arbiter)
    report_result(game=mine, result="01", actor=reporter)
    assert ResultReport.objects.filter(game=mine).exists()
    update_tournament(tournament=swiss, changes={"city": "Казань"}, actor=staff)
    # The round schedule: round 3's start still ahead (the venue screen counts down to it).
    starts = [(DAY, 10), (DAY + datetime.timedelta(days=1), 10), (datetime.date(2099, 10, 3), 10)]
    set_schedule(
        tournament=swiss,
        starts={
            number: datetime.datetime.combine(day, datetime.time(hour), tzinfo=datetime.UTC)
            for number, (day, hour) in enumerate(starts, start=1)
        },
        actor=staff,
    )
    set_starting_rating(
        player=players[7], rating_list=chess, rating=1650, games=5, date=DAY, actor=staff
    )
    update_player(player=players[7], changes={"federation": "KAZ"}, actor=staff)
    _prizes(swiss, club, staff)
    return swiss, mine.white, mine


def _prizes(tournament: Tournament, club: Club, staff) -> None:
    """A prize table with a line of every kind (RUB, the Hort system)."""
    set_prize_table(
        tournament=tournament,
        currency="RUB",
        method="hort",
        prizes=[
            {"kind": "place", "place": 1, "amount": Decimal("3000")},
            {"kind": "place", "place": 2, "amount": Decimal("2000.50")},
            {"kind": "women", "amount": Decimal("1000")},
            {"kind": "junior", "age": 18, "amount": Decimal("700")},
            {"kind": "senior", "age": 65, "amount": Decimal("700")},
            {"kind": "rating", "rating_min": 1800, "rating_max": 2099, "amount": Decimal("500")},
            {"kind": "unrated", "amount": Decimal("400")},
            {"kind": "club", "club": club, "amount": Decimal("300")},
        ],
        actor=staff,
    )


def _round_robin(club: Club, staff) -> Tournament:
    rapid = _list("chess-rapid")
    players = []
    for index, (last, first) in enumerate(
        [("Orlov", "Igor"), ("Sokolova", "Vera"), ("Pavlov", "Mikhail"), ("Egorova", "Daria")]
    ):
        player = make_player(last, first, club=club, federation="RUS")
        make_rating(player, 2000 - 50 * index, rating_list=rapid, games=20)
        players.append(player)
    event = create_tournament(
        name="Круговой турнир",
        slug="krugovoy",
        start_date=DAY,
        end_date=DAY + datetime.timedelta(days=2),
        club=club,
        rating_list=rapid,
        pairing_system=PairingSystem.ROUND_ROBIN,
        rounds_planned=3,
        actor=staff,
    )
    for player in players:
        register_player(tournament=event, player=player, actor=staff)
    assign_pairing_numbers(tournament=event, actor=staff)
    for results in [{1: "10", 2: "=="}, {1: "01"}, {2: "+-"}]:
        _play(event, results)
    finish_tournament(tournament=event, actor=staff)
    return event


def _mcmahon(club: Club, staff, *, shogi: bool) -> Tournament:
    rating_list = _list("shogi-fesa" if shogi else "go-egf")
    grades = ["3d", "1d", "1k", "2k", "5k", "8k"] if not shogi else ["3d", "2d", "1d", "1k"]
    stem = ["Sato", "Suzuki", "Takahashi", "Tanaka", "Watanabe", "Ito"]
    players = []
    for index, grade in enumerate(grades):
        player = make_player(stem[index] + ("" if shogi else "-go"), "Kenji", club=club)
        set_declared_grade(player=player, rating_list=rating_list, grade=grade, actor=staff)
        players.append(player)
    settings = {
        "pairing_system": (PairingSystem.MCMAHON_SHOGI if shogi else PairingSystem.MCMAHON_GO),
        "rounds_planned": 3,
    }
    if not shogi:
        settings.update(top_bar="1d", floor_bar="8k", handicap_policy="minus_one")
    event = create_tournament(
        name="Сёги-турнир" if shogi else "Турнир по го",
        slug="segi" if shogi else "go-turnir",
        start_date=DAY,
        end_date=DAY + datetime.timedelta(days=2),
        club=club,
        rating_list=rating_list,
        actor=staff,
        **settings,
    )
    for player, grade in zip(players, grades, strict=True):
        register_player(tournament=event, player=player, grade=grade, actor=staff)
    _play(event, {1: "10", 2: "01"})
    _play(event, {1: "01"})
    return event


def _manual(club: Club, staff) -> Tournament:
    event = create_tournament(
        name="Блиц вечером",
        slug="blits",
        start_date=DAY,
        end_date=DAY,
        club=club,
        rating_list=_list("chess-blitz"),
        pairing_system=PairingSystem.MANUAL,
        actor=staff,
    )
    first = make_player("Fedorov", "Artem", club=club)
    second = make_player("Nikitina", "Alla", club=club)
    for player in (first, second):
        register_player(tournament=event, player=player, actor=staff)
    round_1 = add_round(tournament=event, date=DAY, actor=staff)
    game = add_game(round=round_1, board=1, white=first, black=second, actor=staff)
    delete_game(game=game, actor=staff)
    add_game(round=round_1, board=1, white=second, black=first, result="==", actor=staff)
    round_2 = add_round(tournament=event, date=DAY, actor=staff)
    delete_round(round=round_2, actor=staff)
    return event


def _event(club: Club, staff: Any, section: Any) -> None:
    """An event with the round robin as one section (restricted, with a fee) and a new Swiss
    section, and discounts: its public and organiser pages carry every kind of its text."""
    event = create_event(
        name="Кубок Ладьи",
        start_date=section.start_date,
        end_date=section.end_date,
        club=club,
        venue="Дом шахмат",
        city="Москва",
        rules="Семь туров.\n\nКонтроль 90 минут.",
        actor=staff,
    )
    add_section(
        actor=staff,
        event=event,
        tournament=section,
        age_max=12,
        rating_min=1600,
        rating_max=1999,
        sex="f",
        rated="rated",
        cap=10,
        fee=Decimal("15"),
    )
    add_section(
        actor=staff,
        event=event,
        new={"name": "Кубок Ладьи: Б", "pairing_system": "swiss_dutch", "rounds_planned": 5},
    )
    set_discounts(
        actor=staff,
        event=event,
        discounts=[
            {"kind": "junior", "age": 18, "percent": 50},
            {"kind": "senior", "age": 65, "percent": 25},
            {"kind": "women", "percent": 20},
        ],
    )


def build_site() -> Site:
    staff, arbiter, account = _users()
    club = Club.objects.create(name="Ладья")
    club.organisers.add(staff)
    swiss, reporter, open_game = _swiss(club, staff, arbiter, account)
    round_robin = _round_robin(club, staff)
    go = _mcmahon(club, staff, shogi=False)
    shogi = _mcmahon(club, staff, shogi=True)
    manual = _manual(club, staff)
    _event(club, staff, round_robin)
    twin = create_player(last_name="Ivanova", first_name="A.", sex="f", club=club, actor=staff)
    merge_players(
        keep=Player.objects.get(last_name="Ivanova", first_name="Anna"), duplicate=twin, actor=staff
    )
    return Site(
        staff=staff,
        arbiter=arbiter,
        player_account=reporter.account,
        swiss=swiss,
        round_robin=round_robin,
        go=go,
        shogi=shogi,
        manual=manual,
        reporter=reporter,
        open_game=open_game,
        with_history=[
            Player.objects.get(last_name="Морозов"),
            Player.objects.get(last_name="Ivanova"),
            go.registrations.order_by("pk").first().player,
            shogi.registrations.order_by("pk").first().player,
        ],
    )
