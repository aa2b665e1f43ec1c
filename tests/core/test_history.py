"""History entries are told in the reader's language from their data (``core.history``),
results as the standings print them; an entry without data shows its stored summary."""

import re

import pytest
from django.utils import translation

from core import history
from core.enums import AuditAction
from core.models import AuditEntry
from rules.scoring import GAME_RESULTS, result_text

A = AuditAction
NAMES = {
    "Guest, Gina",
    "Riverside Open",
    "anna@kingside.ru",
    "Ames, Ann",
    "Bell, Bob",
    "Kingside",
    "Kingside club games",  # a club's own list: its name is data, as an organiser's list
    "Autumn Open",
    "Kingside Weekend",
    "Open B",
    "Chess standard",
    "anna",
    "bob",
    "Kingside League 2026/27",
    "Division 1",
    "Kingside A",
    "Kingside A – Riverside B",
    "Kingside B",
    "Kingside A – Kingside B",
}

#: Params of every kind of entry, as the actions write them.
PARAMS = [
    (
        A.GAME_ADDED,
        {"round": 2, "board": 5, "white": "Ames, Ann", "black": "Bell, Bob", "result": "01"},
    ),
    (A.GAME_DELETED, {"round": 2, "board": 5, "white": "Ames, Ann", "black": None, "result": "F"}),
    (A.BOARDS_SWAPPED, {"round": 2, "first": 1, "second": 3}),
    (A.BOARD_EDITED, {"round": 2, "board": 1, "white": "Ames, Ann", "black": None}),
    (A.BYE_REQUESTED, {"player": "Ames, Ann", "kind": "H", "round": 3}),
    (A.BYE_CANCELLED, {"player": "Ames, Ann", "round": 3}),
    (A.FORBIDDEN_PAIR_ADDED, {"first": "Ames, Ann", "second": "Bell, Bob"}),
    (A.CLUB_CREATED, {"club": "Kingside"}),
    (A.CLUB_CHANGED, {"club": "Kingside", "fields": ["name", "city"]}),
    (A.CLUB_DELETED, {"club": "Kingside"}),
    (A.ORGANISERS_SET, {"club": "Kingside", "names": ["anna", "bob"]}),
    (A.RATING_LIST_CHANGED, {"op": "created", "list": "Chess standard"}),
    (A.RATING_LIST_CHANGED, {"op": "changed", "list": "Chess standard", "fields": ["description"]}),
    (A.RATING_LIST_CHANGED, {"op": "deleted", "list": "Chess standard"}),
    (A.PLAYER_CREATED, {"player": "Ames, Ann"}),
    (A.PLAYER_CHANGED, {"player": "Ames, Ann", "fields": ["federation", "birth_date"]}),
    (A.PLAYER_DELETED, {"player": "Ames, Ann"}),
    (A.PLAYER_MERGED, {"duplicate": "Ames, Ann", "id": 7, "keep": "Ames, Ann", "games": 3}),
    (A.FIDE_LIST_IMPORTED, {"date": "2026-10-01", "read": 10, "created": 2, "updated": 8}),
    (A.STARTING_RATING_SET, {"player": "Ames, Ann", "list": "Chess standard", "rating": 1650}),
    (A.DECLARED_GRADE_SET, {"player": "Ames, Ann", "list": "Chess standard", "grade": ""}),
    (A.RATINGS_RECOMPUTED, {"list": "Chess standard"}),
    (A.PERIOD_CLOSED, {"list": "Chess standard", "date": "2026-10-01"}),
    (A.PERIOD_REOPENED, {"list": "Chess standard", "date": "2026-10-01"}),
    (A.PLAYER_REGISTERED, {"player": "Ames, Ann", "rating": None}),
    (A.NUMBERS_ASSIGNED, {"count": 8}),
    (A.PLAYER_WITHDRAWN, {"player": "Ames, Ann", "round": 2}),
    (A.REGISTRATION_CHANGED, {"player": "Ames, Ann", "fields": ["rating_at_start"]}),
    (A.PLAYER_UNREGISTERED, {"player": "Ames, Ann"}),
    (A.RESULT_REPORTED, {"round": 2, "board": 5, "player": "Bell, Bob", "result": "01"}),
    (A.REPORT_REJECTED, {"round": 2, "board": 5, "result": "=="}),
    (
        A.RESULT_ENTERED,
        {"round": 2, "board": 5, "white": "Ames, Ann", "black": "Bell, Bob", "result": "+-"},
    ),
    (
        A.RESULT_CORRECTED,
        {
            "round": 2,
            "board": 5,
            "white": "Ames, Ann",
            "black": "Bell, Bob",
            "result": "10",
            "previous": "01",
            "later": [3, 4],
        },
    ),
    (A.ROUND_PAIRED, {"round": 5, "boards": 12}),
    (A.PAIRINGS_DISCARDED, {"round": 5}),
    (A.ROUND_PUBLISHED, {"round": 5}),
    (A.ROUND_ADDED, {"round": 5}),
    (A.ROUND_CHANGED, {"round": 5, "date": None}),
    (A.ROUND_DELETED, {"round": 5}),
    (A.TOURNAMENT_CREATED, {"tournament": "Autumn Open"}),
    (A.TOURNAMENT_CHANGED, {"fields": ["city", "rounds_planned"]}),
    (A.TOURNAMENT_DELETED, {"tournament": "Autumn Open"}),
    (A.ARBITERS_SET, {"names": []}),
    (
        A.TOURNAMENT_STATUS_CHANGED,
        {"tournament": "Autumn Open", "before": "running", "after": "finished"},
    ),
    (A.TRF_IMPORTED, {"tournament": "Autumn Open", "players": 8, "games": 12}),
    (A.INVITATION_SENT, {"email": "anna@kingside.ru", "club": "Kingside", "role": "arbiter"}),
    (A.INVITATION_REVOKED, {"email": "anna@kingside.ru", "club": "Kingside"}),
    (A.INVITATION_ACCEPTED, {"user": "anna", "club": "Kingside", "variant": "player"}),
    (A.PRIZES_SET, {"count": 6, "total": "2300.00", "currency": "EUR"}),
    (A.CHECK_IN_RULE_SET, {"variant": "every"}),
    (A.CHECKED_IN, {"variant": "self", "player": "Ames, Ann", "round": 2}),
    (A.CHECK_IN_UNDONE, {"player": "Ames, Ann", "round": 2}),
    (A.LEFT_OUT_ABSENT, {"player": "Bell, Bob", "round": 1}),
    (A.EVENT_CREATED, {"event": "Kingside Weekend"}),
    (A.EVENT_CHANGED, {"event": "Kingside Weekend", "fields": ["venue", "end_date"]}),
    (A.EVENT_CHANGED, {"event": "Kingside Weekend", "variant": "discounts", "count": 2}),
    (A.SECTION_ADDED, {"event": "Kingside Weekend", "tournament": "Open B"}),
    (
        A.SECTION_CHANGED,
        {"event": "Kingside Weekend", "tournament": "Open B", "fields": ["cap", "rating_max"]},
    ),
    (A.SECTION_REMOVED, {"event": "Kingside Weekend", "tournament": "Open B"}),
    (A.ENTRY_MADE, {"player": "Guest, Gina", "section": "Riverside Open"}),
    (A.ENTRY_CONFIRMED, {"player": "Guest, Gina", "section": "Riverside Open"}),
    (A.ENTRY_APPROVED, {"player": "Guest, Gina", "section": "Riverside Open"}),
    (A.ENTRY_REJECTED, {"player": "Guest, Gina", "section": "Riverside Open"}),
    (A.ENTRY_WITHDRAWN, {"player": "Guest, Gina", "section": "Riverside Open"}),
    (A.ENTRY_MOVED_UP, {"player": "Guest, Gina", "section": "Riverside Open"}),
    (
        A.ENTRY_PAID,
        {"player": "Guest, Gina", "section": "Riverside Open", "amount": "15", "currency": "EUR"},
    ),
    (A.CLUB_GAMES_SET, {"club": "Kingside", "list": "Kingside club games", "reach": 3}),
    (
        A.CLUB_GAME_REPORTED,
        {"white": "Ames, Ann", "black": "Bell, Bob", "result": "10", "date": "2026-03-10"},
    ),
    (
        A.CLUB_GAME_CONFIRMED,
        {"white": "Ames, Ann", "black": "Bell, Bob", "result": "==", "date": "2026-03-10"},
    ),
    (
        A.CLUB_GAME_REJECTED,
        {"white": "Ames, Ann", "black": "Bell, Bob", "result": "01", "date": "2026-03-10"},
    ),
    (A.LADDER_JOINED, {"player": "Ames, Ann", "club": "Kingside", "place": 4}),
    (A.LADDER_MOVED, {"player": "Bell, Bob", "club": "Kingside", "place": 2}),
    (A.SEASON_CREATED, {"season": "Kingside League 2026/27"}),
    (
        A.DIVISION_ADDED,
        {"season": "Kingside League 2026/27", "division": "Division 1", "teams": 6},
    ),
    (A.LEAGUE_SCHEDULED, {"division": "Division 1", "rounds": 10}),
    (
        A.MATCH_POSTPONED,
        {"match": "Kingside A – Riverside B", "round": 3, "date": "2026-10-18"},
    ),
    (A.MATCH_CARD_SUBMITTED, {"match": "Kingside A – Riverside B", "score": "3½–2½"}),
    (A.MATCH_CARD_CONFIRMED, {"match": "Kingside A – Riverside B", "score": "3½–2½"}),
    (A.MATCH_CARD_DISPUTED, {"match": "Kingside A – Riverside B"}),
    (A.MATCH_CARD_DECIDED, {"match": "Kingside A – Riverside B", "score": "3–3"}),
    (A.MATCH_DEFAULTED, {"match": "Kingside A – Riverside B", "team": "Kingside A"}),
    (A.TEAM_ADDED, {"team": "Kingside A"}),
    (A.TEAM_CHANGED, {"team": "Kingside A", "fields": ["name", "captain"]}),
    (A.ROSTER_SET, {"team": "Kingside A", "names": ["Ames, Ann", "Bell, Bob"]}),
    (A.LINE_UP_SUBMITTED, {"team": "Kingside A", "round": 2, "names": ["Bell, Bob", "Ames, Ann"]}),
    (
        A.MATCH_OUTCOME_SET,
        {"round": 2, "match": "Kingside A – Kingside B", "outcome": "second_absent"},
    ),
]


def _entry(action, params, summary="as written"):
    return AuditEntry(action=action, params=params, summary=summary)


def test_every_action_has_a_sentence():
    assert {action for action, _params in PARAMS} == set(AuditAction)


@pytest.mark.parametrize(
    ("action", "params"), PARAMS, ids=[f"{a}-{i}" for i, (a, _p) in enumerate(PARAMS)]
)
def test_every_kind_of_entry_reads_in_russian_without_english(action, params):
    with translation.override("ru"):
        text = history.sentence(_entry(action, params))
        result = history.result_label(params.get("result"))
    for name in sorted(NAMES, key=len, reverse=True):  # an address before the name in it
        text = text.replace(name, "")

    assert text != "as written"
    # Acronyms (FIDE, TRF, EGF) are the same in Russian; any other Latin word is English.
    assert re.findall(r"\b(?=[A-Za-z]*[a-z])[A-Za-z]{2,}\b", text) == []
    if "result" in params:  # told as 1–0, ½–½, +/− or a bye's name, never as its code
        assert result in text
        assert not re.search(r"(?<![\d.,])(10|01|==|\+-|-\+|--)(?![\d.,])", text)


def test_the_sentence_follows_the_reader_not_the_writer():
    entry = _entry(A.RESULT_CORRECTED, dict(PARAMS)[A.RESULT_CORRECTED])

    with translation.override("en"):
        english = history.sentence(entry)
    with translation.override("ru"):
        russian = history.sentence(entry)

    assert english == (
        "Round 2, board 5: Ames, Ann – Bell, Bob 1–0 (was 0–1) "
        "(confirmed: later rounds 3, 4 were already paired)"
    )
    assert russian == (
        "Тур 2, доска 5: Ames, Ann – Bell, Bob 1–0 (было 0–1) "
        "(подтверждено: жеребьёвка туров 3, 4 уже была составлена)"
    )


def test_names_values_and_dates_are_told_in_russian():
    with translation.override("ru"):
        told = [
            history.sentence(_entry(action, params))
            for action, params in [
                (
                    A.STARTING_RATING_SET,
                    {"player": "Ames, Ann", "list": "Chess standard", "rating": 1650},
                ),
                (A.TOURNAMENT_CHANGED, {"fields": ["city"]}),
                (A.PERIOD_CLOSED, {"list": "Go (EGF)", "date": "2026-10-01"}),
                (A.BYE_REQUESTED, {"player": "Ames, Ann", "kind": "H", "round": 3}),
            ]
        ]

    assert told == [
        "Ames, Ann: в листе Шахматы, классика установлен начальный рейтинг 1650",
        "Турнир изменён: город",
        "Го (EGF): лист от 01.10.2026 опубликован",
        "Ames, Ann: запрос на пропуск 3-го тура — свободен (½ очка)",
    ]


def test_results_read_as_the_standings_print_them():
    assert {code: result_text(code) for code in GAME_RESULTS} == {
        "10": "1–0",
        "==": "½–½",
        "01": "0–1",
        "+-": "+/−",
        "-+": "−/+",
        "--": "−/−",
        "WL": "1–0",
        "DD": "½–½",
        "LW": "0–1",
    }
    assert history.result_label("") == "…"
    assert history.result_label("U") == "pairing-allocated bye"


def test_an_entry_without_data_or_with_data_that_does_not_fit_shows_its_summary():
    with translation.override("ru"):
        assert (
            history.sentence(_entry(A.RESULT_ENTERED, None, "Round 1: old text"))
            == "Round 1: old text"
        )
        assert history.sentence(_entry(A.RESULT_ENTERED, {"round": 1}, "kept")) == "kept"


def test_the_summary_is_written_in_english_whatever_the_writer_reads():
    with translation.override("ru"):
        summary = history.english(A.ROUND_PUBLISHED, {"round": 5})

    assert summary == "Pairings of round 5 published"
