"""The Russian translation is complete and its compiled catalogue matches the source.

``make test`` must not need GNU gettext, so the compiled ``django.mo`` is committed. This test
reads both files with polib and fails when any message is untranslated or fuzzy, when a
translation drops or invents a ``%(name)s`` placeholder, or when the ``.mo`` does not hold
exactly the ``.po``'s translations (someone edited the ``.po`` and forgot ``make messages``).
File times are not compared: git does not keep them, so a fresh clone would make that flaky.
"""

import re
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.utils import translation

LOCALE = Path(settings.BASE_DIR) / "locale" / "ru" / "LC_MESSAGES"
PO_PATH = LOCALE / "django.po"
MO_PATH = LOCALE / "django.mo"
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


@pytest.fixture(scope="module")
def po():
    return polib.pofile(str(PO_PATH))


def _translations(catalogue) -> dict:
    """{(context, msgid, msgid_plural): translation or tuple of plural forms}."""
    result = {}
    for entry in catalogue:
        if entry.obsolete or "fuzzy" in entry.flags or not entry.msgid:
            continue
        key = (entry.msgctxt, entry.msgid, entry.msgid_plural or None)
        if entry.msgid_plural:
            result[key] = tuple(entry.msgstr_plural[i] for i in sorted(entry.msgstr_plural))
        else:
            result[key] = entry.msgstr
    return result


def test_russian_catalogue_has_messages(po):
    assert len(po) > 100
    assert po.metadata["Language"] == "ru"


def test_every_message_is_translated(po):
    untranslated = [entry.msgid for entry in po.untranslated_entries()]

    assert untranslated == []


def test_no_message_is_fuzzy(po):
    assert [entry.msgid for entry in po.fuzzy_entries()] == []
    assert not po.metadata_is_fuzzy


def test_translations_keep_the_placeholders(po):
    broken = []
    for entry in po.translated_entries():
        expected = set(PLACEHOLDER.findall(entry.msgid))
        forms = entry.msgstr_plural.values() if entry.msgid_plural else [entry.msgstr]
        if any(set(PLACEHOLDER.findall(form)) != expected for form in forms):
            broken.append(entry.msgid)

    assert broken == []


def test_compiled_catalogue_matches_the_source(po):
    mo = polib.mofile(str(MO_PATH))

    assert _translations(mo) == _translations(po)


def test_django_serves_the_russian_translation():
    with translation.override("ru"):
        assert translation.gettext("Rating lists") == "Рейтинг-листы"
        assert (
            translation.ngettext("Recomputed %(count)d list.", "Recomputed %(count)d lists.", 5)
            == "Пересчитано %(count)d листов."
        )
