"""The mails the actions write: published pairings, results, players' reports (exact texts,
in each reader's language, only to the addresses that want them)."""

from __future__ import annotations

import pytest
from django.core import signing
from django.core.exceptions import PermissionDenied

from actions.mail import set_mail_preferences, unsubscribe
from actions.reports import confirm_report, report_result
from actions.results import record_result
from actions.rounds import publish_round
from core.enums import MailKind
from core.mail import unsubscribe_token
from core.models import MailPreference, OutgoingMail
from tests.mailing import paired_round
from tournaments.models import Game, ResultReport

pytestmark = pytest.mark.django_db

SITE = "http://127.0.0.1:8000"


def _mails(kind: str) -> dict[str, OutgoingMail]:
    return {mail.to: mail for mail in OutgoingMail.objects.filter(kind=kind)}


def _text(mail: OutgoingMail) -> str:
    """The body without its footer (tested on its own)."""
    return mail.body.split("\n-- \n")[0]


@pytest.fixture
def paired(settings):
    settings.SITE_URL = SITE
    return paired_round()


def test_published_pairings_tell_each_player_with_an_address_their_board_and_colour(paired):
    from django.contrib.auth import get_user_model

    olga = get_user_model().objects.get(username="olga")

    publish_round(actor=olga, round=paired.round)

    mails = _mails(MailKind.PAIRINGS)
    assert sorted(mails) == [
        "Dan@example.org",
        "ann@example.org",
        "bob@example.org",
        "eve@example.org",
    ]
    round_page = f"{SITE}/tournaments/spring/round/1/"
    assert mails["ann@example.org"].subject == "Spring Open: round 1 pairings"
    assert _text(mails["ann@example.org"]) == (
        "Ames, Ann\n\nRound 1: board 1, White against Bell, Bob (1720).\n"
        f"The round starts at 2026-03-01 10:00.\n\nThe round: {round_page}\n"
    )
    assert _text(mails["bob@example.org"]) == (
        "Bell, Bob\n\nRound 1: board 1, Black against Ames, Ann (1850).\n"
        f"The round starts at 2026-03-01 10:00.\n\nThe round: {round_page}\n"
    )
    assert _text(mails["Dan@example.org"]) == (
        "Dunn, Dan\n\nRound 1: board 2, Black against Cole, Cy (1600).\n"
        f"The round starts at 2026-03-01 10:00.\n\nThe round: {round_page}\n"
    )
    assert _text(mails["eve@example.org"]) == (
        "Ellis, Eve\n\nRound 1: you have a bye (1 point).\n"
        f"The round starts at 2026-03-01 10:00.\n\nThe round: {round_page}\n"
    )
    assert mails["ann@example.org"].player == paired.players["ann"]
    assert mails["ann@example.org"].tournament == paired.tournament


def test_the_footer_says_why_and_links_the_unsubscribe_and_the_preferences(paired):
    from django.contrib.auth import get_user_model

    publish_round(actor=get_user_model().objects.get(username="olga"), round=paired.round)

    mail = _mails(MailKind.PAIRINGS)["Dan@example.org"]
    token = unsubscribe_token("dan@example.org", MailKind.PAIRINGS)
    assert mail.body.split("\n-- \n")[1] == (
        "You receive this mail because you play in this tournament.\n"
        f"Stop these mails: {SITE}/mail/unsubscribe/{token}/\n"
        f"Choose which mails you receive: {SITE}/accounts/mail/\n"
    )


def test_an_address_that_switched_pairings_off_gets_none_and_the_others_do(paired):
    from django.contrib.auth import get_user_model

    ann = get_user_model().objects.get(username="ann")
    set_mail_preferences(actor=ann, off=[MailKind.PAIRINGS])
    unsubscribe(actor=ann, token=unsubscribe_token("DAN@example.org", MailKind.PAIRINGS))

    publish_round(actor=get_user_model().objects.get(username="olga"), round=paired.round)

    assert sorted(_mails(MailKind.PAIRINGS)) == ["bob@example.org", "eve@example.org"]
    assert sorted(MailPreference.objects.values_list("address", "off")) == [
        ("ann@example.org", "pairings"),
        ("dan@example.org", "pairings"),
    ]


def test_pairings_in_the_language_the_address_chose(paired):
    from django.contrib.auth import get_user_model

    set_mail_preferences(actor=get_user_model().objects.get(username="ann"), off=[], language="ru")

    publish_round(actor=get_user_model().objects.get(username="olga"), round=paired.round)

    mail = _mails(MailKind.PAIRINGS)["ann@example.org"]
    assert mail.subject == "Spring Open: пары тура 1"
    assert "Тур 1: доска 1, белыми против Bell, Bob (1720)." in mail.body
    assert "Отписаться от этих писем:" in mail.body
    assert _mails(MailKind.PAIRINGS)["bob@example.org"].subject == "Spring Open: round 1 pairings"


def test_a_result_recorded_and_corrected_mails_both_players(paired):
    from django.contrib.auth import get_user_model

    arthur = get_user_model().objects.get(username="arthur")
    publish_round(actor=arthur, round=paired.round)
    game = Game.objects.select_related("round__tournament").get(round=paired.round, board=1)

    record_result(actor=arthur, game=game, result="10")
    record_result(actor=arthur, game=game, result="==", correction=True)

    mails = OutgoingMail.objects.filter(kind=MailKind.RESULTS).order_by("pk")
    assert [(mail.to, mail.subject) for mail in mails] == [
        ("ann@example.org", "Spring Open, round 1: your result"),
        ("bob@example.org", "Spring Open, round 1: your result"),
        ("ann@example.org", "Spring Open, round 1: your result"),
        ("bob@example.org", "Spring Open, round 1: your result"),
    ]
    page = f"{SITE}/tournaments/spring/round/1/"
    assert _text(mails[1]) == (
        f"Round 1, board 1: Ames, Ann – Bell, Bob: 1–0.\n\nThe round: {page}\n"
    )
    assert _text(mails[3]) == (
        "Round 1, board 1: Ames, Ann – Bell, Bob: the result was corrected from 1–0 to ½–½.\n"
        f"\nThe round: {page}\n"
    )


def test_a_result_for_a_player_without_an_address_mails_only_the_other(paired):
    from django.contrib.auth import get_user_model

    arthur = get_user_model().objects.get(username="arthur")
    publish_round(actor=arthur, round=paired.round)
    game = Game.objects.select_related("round__tournament").get(round=paired.round, board=2)

    record_result(actor=arthur, game=game, result="01")

    (mail,) = OutgoingMail.objects.filter(kind=MailKind.RESULTS)
    assert mail.to == "Dan@example.org"
    assert _text(mail).startswith("Round 1, board 2: Cole, Cy – Dunn, Dan: 0–1.\n")


def test_a_reported_result_mails_the_arbiters_and_organisers_and_its_confirmation_the_players(
    paired,
):
    from django.contrib.auth import get_user_model

    users = get_user_model().objects
    arthur = users.get(username="arthur")
    paired.tournament.players_report_results = True
    paired.tournament.save(update_fields=["players_report_results"])
    publish_round(actor=arthur, round=paired.round)
    game = Game.objects.select_related("round__tournament").get(round=paired.round, board=1)

    report_result(actor=users.get(username="ann"), game=game, result="10")

    mails = _mails(MailKind.REPORTS)
    assert sorted(mails) == ["arthur@example.org", "olga@example.org"]
    mail = mails["arthur@example.org"]
    assert mail.subject == "Spring Open, round 1, board 1: a result to confirm"
    assert _text(mail) == (
        "Ames, Ann reports 1–0 in round 1, board 1 (Ames, Ann – Bell, Bob).\n\n"
        f"Confirm or reject it: {SITE}/tournaments/spring/organise/rounds/1/\n"
    )
    assert "you are an arbiter or an organiser of this tournament." in mail.body

    confirm_report(actor=arthur, report=ResultReport.objects.get())

    assert sorted(_mails(MailKind.RESULTS)) == ["ann@example.org", "bob@example.org"]


def test_an_unsubscribe_token_that_was_tampered_with_is_refused(paired):
    from django.contrib.auth.models import AnonymousUser

    token = unsubscribe_token("ann@example.org", MailKind.PAIRINGS)
    _payload, signature = token.rsplit(":", 1)
    other_address = signing.b64_encode(b'["bob@example.org","pairings"]').decode()
    other_kind = signing.b64_encode(b'["ann@example.org","results"]').decode()
    forged = [f"{other_address}:{signature}", f"{other_kind}:{signature}", token[:-2] + "xx"]

    for bad in (*forged, "made-up", unsubscribe_token("ann@example.org", MailKind.ACCOUNT)):
        with pytest.raises(PermissionDenied):
            unsubscribe(actor=AnonymousUser(), token=bad)
