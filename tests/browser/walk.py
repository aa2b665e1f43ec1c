"""The data and the measures of the page walk (``test_controls_on_screen``): a club with an
organiser, an arbiter and a player who reports results, and one tournament in each state a
page shows (a published Swiss round with a player's report waiting, a draft round, a go
McMahon, a shogi McMahon, a manual event), all set up through the actions."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.urls import reverse

from actions.boards import add_game
from actions.byes import add_forbidden_pair, request_bye
from actions.registrations import register_player
from actions.reports import report_result
from actions.rounds import add_round, pair_next_round, publish_round
from actions.tournaments import create_tournament
from core.roles import SYSTEM
from players.models import Club
from ratings.models import RatingList
from tests.browser.event import club_with_members, ten_player_swiss, user
from tests.factories import make_player
from tournaments.enums import PairingSystem
from tournaments.models import Game, Registration, Tournament

#: Where every control of a page is (its form fields and buttons, and the links of its
#: tables: to a round, a tournament, a player): its box, and the part of it a visitor can
#: see (inside the viewport and inside every box of an ancestor that clips its overflow, such
#: as a table that scrolls inside itself). Controls that take no room (hidden inputs, the
#: visually hidden labels' inputs) are left out; closed ``<details>`` are opened first.
CONTROLS = """() => {
  for (const details of document.querySelectorAll('details')) details.open = true;
  const width = document.documentElement.clientWidth;
  const found = [];
  const selector = 'input:not([type=hidden]), select, textarea, button, table a[href]';
  for (const control of document.querySelectorAll(selector)) {
    const box = control.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) continue;
    let left = 0, right = width;
    for (let up = control.parentElement; up; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.overflowX !== 'visible' && up !== document.documentElement
          && up !== document.body) {
        const clip = up.getBoundingClientRect();
        left = Math.max(left, clip.left);
        right = Math.min(right, clip.right);
      }
    }
    const name = control.name || control.id || control.innerText.trim() || control.type;
    found.push({name: `${control.tagName.toLowerCase()} ${name}`.slice(0, 60),
                left: box.left, right: box.right, shownLeft: left, shownRight: right});
  }
  return {
    controls: found,
    pageWidth: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  };
}"""


def off_screen(page) -> list[str]:
    """What a visitor of ``page`` cannot reach without scrolling sideways: each control
    outside the viewport or cut off by a box that scrolls, and a page wider than the screen."""
    found = page.evaluate(CONTROLS)
    problems = [
        f"{control['name']} at x={control['left']:.0f}–{control['right']:.0f}"
        f" (shown {control['shownLeft']:.0f}–{control['shownRight']:.0f})"
        for control in found["controls"]
        if control["left"] < control["shownLeft"] - 0.5
        or control["right"] > control["shownRight"] + 0.5
    ]
    if found["pageWidth"] > found["viewport"]:
        problems.append(f"the page is {found['pageWidth']} px wide in {found['viewport']} px")
    return problems


@dataclass
class Club_:
    club: Club
    swiss: Tournament
    draft: Tournament
    go: Tournament
    shogi: Tournament
    manual: Tournament


def _event(club: Club, name: str, slug: str, system: str, list_slug: str | None, **settings):
    return create_tournament(
        name=name,
        slug=slug,
        club=club,
        start_date=datetime.date(2026, 10, 10),
        end_date=datetime.date(2026, 10, 11),
        rating_list=RatingList.objects.get(slug=list_slug) if list_slug else None,
        pairing_system=system,
        initial_colour="w",
        actor=SYSTEM,
        **settings,
    )


def _graded(tournament: Tournament, grades: tuple[str, ...], prefix: str) -> None:
    names = ("Aoki", "Baba", "Chiba", "Doi", "Endo", "Fujii")
    for name, grade in zip(names, grades, strict=False):
        register_player(
            tournament=tournament,
            player=make_player(f"{prefix}{name}", "Kenji"),
            grade=grade,
            actor=SYSTEM,
        )


def published(tournament: Tournament):
    return publish_round(round=pair_next_round(tournament=tournament, actor=SYSTEM), actor=SYSTEM)


def build_club() -> Club_:
    """The club, its three people (``olga`` organises it, ``arno`` arbitrates its
    tournaments, ``alan`` is the player Adams) and its tournaments."""
    club = club_with_members()
    club.organisers.add(user("olga"))
    arbiter = user("arno")
    swiss = ten_player_swiss(club, players_report_results=True)
    first = published(swiss)
    adams = Registration.objects.get(tournament=swiss, player__last_name="Adams").player
    adams.account = user("alan")
    adams.save()
    game = Game.objects.filter(round=first).exclude(black=None).filter(white=adams).first()
    game = game or Game.objects.get(round=first, black=adams)
    report_result(game=game, result="10", actor=adams.account)
    registrations = list(Registration.objects.filter(tournament=swiss).order_by("pk"))
    request_bye(registration=registrations[0], round_number=3, kind="H", actor=SYSTEM)
    add_forbidden_pair(
        tournament=swiss,
        player_a=registrations[1].player,
        player_b=registrations[2].player,
        actor=SYSTEM,
    )

    draft = _event(club, "Spring Swiss", "spring-swiss", PairingSystem.SWISS_DUTCH, None)
    draft.rounds_planned = 3
    draft.save()
    for registration in registrations[:6]:
        register_player(tournament=draft, player=registration.player, actor=SYSTEM)
    pair_next_round(tournament=draft, actor=SYSTEM)

    go = _event(club, "Go Cup", "go-cup", PairingSystem.MCMAHON_GO, "go-egf", rounds_planned=3)
    _graded(go, ("3d", "1d", "2k", "5k", "9k", "12k"), "Go")
    published(go)
    shogi = _event(
        club, "Shogi Cup", "shogi-cup", PairingSystem.MCMAHON_SHOGI, "shogi-fesa", rounds_planned=3
    )
    _graded(shogi, ("2d", "1d", "1k", "3k"), "Sho")
    published(shogi)

    manual = _event(club, "Club Match", "club-match", PairingSystem.MANUAL, "chess-standard")
    for registration in registrations[:4]:
        register_player(tournament=manual, player=registration.player, actor=SYSTEM)
    round_ = add_round(tournament=manual, actor=SYSTEM)
    add_game(
        round=round_,
        board=1,
        white=registrations[0].player,
        black=registrations[1].player,
        actor=SYSTEM,
    )
    for tournament in (swiss, draft, go, shogi, manual):
        tournament.arbiters.add(arbiter)
    return Club_(club=club, swiss=swiss, draft=draft, go=go, shogi=shogi, manual=manual)


def organiser_pages(data: Club_) -> dict[str, str]:
    """The pages of a club organiser (name -> address): everything an arbiter sees too."""
    swiss, club = data.swiss.slug, data.club.pk
    return {
        "tournaments": reverse("tournaments:organise_list"),
        "create": reverse("tournaments:organise_create"),
        "clubs": reverse("tournaments:organise_clubs"),
        "club": reverse("tournaments:organise_club", args=[club]),
        "trf-import": reverse("tournaments:trf_import"),
        "dashboard-search": reverse("tournaments:organise", args=[swiss]) + "?q=a#registration",
        "prizes": reverse("tournaments:organise_prizes", args=[swiss]),
        "schedule": reverse("tournaments:organise_schedule", args=[swiss]),
        **arbiter_pages(data),
        "account": reverse("account"),
        "password": reverse("password_change"),
    }


def arbiter_pages(data: Club_) -> dict[str, str]:
    """The pages of an appointed arbiter: dashboards (settings, entries, byes, withdrawals,
    forbidden pairs), round pages in draft and published, reports, printables."""
    swiss = data.swiss.slug

    def organise(name: str, *args) -> str:
        return reverse(f"tournaments:{name}", args=args)

    return {
        "dashboard": organise("organise", swiss),
        "round-published": organise("organise_round", swiss, 1),
        "round-draft": organise("organise_round", data.draft.slug, 1),
        "dashboard-draft": organise("organise", data.draft.slug),
        "print-start-list": organise("organise_print_list", swiss, "start-list"),
        "print-wallchart": organise("organise_print_list", swiss, "wallchart"),
        "print-pairings": organise("organise_print", swiss, 1, "pairings"),
        "print-slips": organise("organise_print", swiss, 1, "slips"),
        "dashboard-go": organise("organise", data.go.slug),
        "round-go": organise("organise_round", data.go.slug, 1),
        "round-shogi": organise("organise_round", data.shogi.slug, 1),
        "dashboard-manual": organise("organise", data.manual.slug),
        "round-manual": organise("organise_round", data.manual.slug, 1),
        "public-round-go": reverse("tournaments:round", args=[data.go.slug, 1]),
        "public-round-shogi": reverse("tournaments:round", args=[data.shogi.slug, 1]),
    }


def player_pages() -> dict[str, str]:
    return {
        "my-games": reverse("tournaments:my_games"),
        "account": reverse("account"),
        "password": reverse("password_change"),
    }


def staff_pages() -> dict[str, str]:
    return {
        "fide-list": reverse("tournaments:fide_import"),
        "create": reverse("tournaments:organise_create"),
    }


def visitor_pages() -> dict[str, str]:
    return {"login": reverse("login"), "password-reset": reverse("password_reset")}
