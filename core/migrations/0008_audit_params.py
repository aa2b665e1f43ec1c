"""History entries keep what happened as data (``AuditEntry.params``), told at read time in
the reader's language (``core.history``).

The entries written before keep their summary, a sentence in the language of whoever made the
change. This migration reads the params back out of the summaries it can parse (English, or
Russian as the catalogue of the day translates them); an entry it cannot parse keeps
``params`` empty and is shown by its summary, as before.
"""

import re

from django.db import migrations, models
from django.utils import translation

import django.core.serializers.json

# The sentences as they were written (frozen here: later changes to the sentences must not
# change what this migration reads).
SENTENCES = {
    "game_added": ["Round %(round)d, board %(board)d added: %(game)s"],
    "game_deleted": ["Round %(round)d, board %(board)d deleted: %(game)s"],
    "boards_swapped": ["Round %(round)d: boards %(first)d and %(second)d swapped"],
    "board_edited": ["Round %(round)d, board %(board)d: %(white)s – %(black)s"],
    "bye_requested": ["%(player)s: bye %(kind)s requested for round %(round)d"],
    "bye_cancelled": ["%(player)s: bye for round %(round)d cancelled"],
    "forbidden_pair_added": ["%(first)s and %(second)s must not be paired"],
    "club_created": ["Club %(club)s created"],
    "club_changed": ["Club %(club)s changed: %(fields)s"],
    "club_deleted": ["Club %(club)s deleted"],
    "organisers_set": ["Organisers of %(club)s: %(names)s"],
    "rating_list_changed": [
        "Rating list %(list)s created",
        "Rating list %(list)s changed: %(fields)s",
        "Rating list %(list)s deleted",
    ],
    "player_created": ["Player %(player)s created"],
    "player_changed": ["%(player)s changed: %(fields)s"],
    "player_deleted": ["Player %(player)s deleted"],
    "player_merged": ["%(duplicate)s (#%(id)d) merged into %(keep)s: %(games)d games moved"],
    "fide_list_imported": [
        "FIDE rating list of %(date)s: %(read)d lines, %(created)d players created, "
        "%(updated)d updated"
    ],
    "starting_rating_set": ["%(player)s: starting rating in %(list)s set to %(rating)s"],
    "declared_grade_set": ["%(player)s: declared grade in %(list)s set to %(grade)s"],
    "ratings_recomputed": ["%(list)s: ratings recomputed from the first game"],
    "period_closed": ["%(list)s: list of %(date)s published"],
    "period_reopened": ["%(list)s: list of %(date)s withdrawn"],
    "player_registered": ["%(player)s entered (rating %(rating)s)"],
    "numbers_assigned": ["Pairing numbers assigned to %(count)d players"],
    "player_withdrawn": ["%(player)s withdrawn after round %(round)d"],
    "registration_changed": ["%(player)s: entry changed (%(fields)s)"],
    "player_unregistered": ["%(player)s: entry deleted"],
    "result_reported": ["Round %(round)d, board %(board)d: %(player)s reports %(result)s"],
    "report_rejected": ["Round %(round)d, board %(board)d: reported %(result)s rejected"],
    "result_entered": [
        "Round %(round)d, board %(board)d: %(game)s (was %(previous)s)",
        "Round %(round)d, board %(board)d: %(game)s",
    ],
    "result_corrected": ["Round %(round)d, board %(board)d: %(game)s (was %(previous)s)"],
    "round_paired": ["Round %(round)d paired (draft, %(boards)d boards)"],
    "pairings_discarded": ["Draft of round %(round)d discarded"],
    "round_published": ["Pairings of round %(round)d published"],
    "round_added": ["Round %(round)d added"],
    "round_changed": ["Round %(round)d: date %(date)s"],
    "round_deleted": ["Round %(round)d deleted"],
    "tournament_created": ["Tournament %(tournament)s created"],
    "tournament_changed": ["Tournament changed: %(fields)s"],
    "tournament_deleted": ["Tournament %(tournament)s deleted"],
    "arbiters_set": ["Arbiters: %(names)s"],
    "tournament_status_changed": ["%(tournament)s: %(before)s → %(after)s"],
    "trf_imported": [
        "Tournament %(tournament)s imported from a TRF file: %(players)d players, "
        "%(games)d games"
    ],
}
LATER = "(confirmed: later rounds %(rounds)s were already paired)"
STATUSES = {"draft": "draft", "registration": "registration", "running": "running", "finished": "finished"}
#: A result as the reports printed it (the labels of the day) -> its code.
RESULT_LABELS = {
    "1–0": "10",
    "½–½": "==",
    "0–1": "01",
    "1–0 forfeit": "+-",
    "0–1 forfeit": "-+",
    "0–0 double forfeit": "--",
}
PLACEHOLDER = re.compile(r"%\((\w+)\)([sd])")
GAME = re.compile(r"^(?P<white>.+) – (?P<black>.+) (?P<result>\S+)$")
NOT_PARSED = object()


def _pattern(sentence):
    parts, at = [], 0
    for match in PLACEHOLDER.finditer(sentence):
        parts.append(re.escape(sentence[at : match.start()]))
        name, kind = match.groups()
        parts.append(rf"(?P<{name}>-?\d+)" if kind == "d" else rf"(?P<{name}>.+?)")
        at = match.end()
    parts.append(re.escape(sentence[at:]))
    return re.compile("^" + "".join(parts) + "$", re.DOTALL)


def _languages():
    """[(gettext of the language, its language code)]: English, then Russian."""
    found = []
    for language in ("en", "ru"):
        with translation.override(language):
            found.append(
                (
                    {
                        text: translation.gettext(text)
                        for text in [s for ss in SENTENCES.values() for s in ss]
                        + [LATER, "bye", *STATUSES, *RESULT_LABELS]
                    },
                    language,
                )
            )
    return found


def _later(summary, words):
    """(summary without its "later rounds" note, the later rounds or None)."""
    pattern = _pattern(" " + words[LATER])
    for at in range(len(summary)):
        match = pattern.match(summary[at:])
        if match:
            rounds = [int(r) for r in match.group("rounds").split(", ") if r.isdigit()]
            return summary[:at], rounds
    return summary, None


def _value(name, text, words):
    reverse = {words[key]: value for key, value in RESULT_LABELS.items()}
    statuses = {words[key]: value for key, value in STATUSES.items()}
    if name in ("fields",):
        return text.split(", ")
    if name == "names":
        return [] if text == "–" else text.split(", ")
    if name in ("rating", "grade", "date"):
        if text == "–":
            return None
        if name == "rating":
            return int(text) if text.lstrip("-").isdigit() else NOT_PARSED
        if name == "date" and not re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
            return NOT_PARSED
        return text
    if name == "previous":
        return "" if text == "…" else text
    if name == "result":
        return reverse.get(text, NOT_PARSED)
    if name in ("before", "after"):
        return statuses.get(text, NOT_PARSED)
    if name == "black":
        return None if text == words["bye"] else text
    return text


def _game(text, words):
    match = GAME.match(text)
    if match is None:
        return None
    black = match.group("black")
    result = match.group("result")
    return {
        "white": match.group("white"),
        "black": None if black == words["bye"] else black,
        "result": "" if result == "…" else result,
    }


def parse(action, summary, languages):
    """The params of an entry ``action`` whose summary is ``summary``; ``None``: not parsed."""
    for words, _language in languages:
        text, later = _later(summary, words)
        for index, sentence in enumerate(SENTENCES.get(action, [])):
            match = _pattern(words[sentence]).match(text)
            if match is None:
                continue
            params = _params(action, index, match, words)
            if params is None:
                continue
            if later:
                params["later"] = later
            return params
    return None


def _params(action, index, match, words):
    params = {}
    for name, text in match.groupdict().items():
        if name == "game":
            game = _game(text, words)
            if game is None:
                return None
            params.update(game)
            continue
        value = int(text) if name in _NUMBER_NAMES else _value(name, text, words)
        if value is NOT_PARSED:
            return None
        params[name] = value
    if action == "rating_list_changed":
        params["op"] = ("created", "changed", "deleted")[index]
    if action == "bye_requested" and params.get("kind") not in ("H", "Z"):
        return None
    return params


_NUMBER_NAMES = {"round", "board", "first", "second", "id", "games", "read", "created"}
_NUMBER_NAMES |= {"updated", "count", "boards", "players"}


def forwards(apps, schema_editor):
    AuditEntry = apps.get_model("core", "AuditEntry")
    languages = _languages()
    for entry in AuditEntry.objects.filter(params__isnull=True).iterator():
        params = parse(entry.action, entry.summary, languages)
        if params is not None:
            AuditEntry.objects.filter(pk=entry.pk).update(params=params)


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0007_invitations"),
    ]

    operations = [
        migrations.AddField(
            model_name="auditentry",
            name="params",
            field=models.JSONField(
                blank=True,
                encoder=django.core.serializers.json.DjangoJSONEncoder,
                null=True,
                verbose_name="details",
            ),
        ),
        migrations.RunPython(forwards, migrations.RunPython.noop),
    ]
