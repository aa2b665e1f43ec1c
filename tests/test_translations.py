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


# --------------------------------------------------------------------------- extraction
# What ``makemessages`` would extract, without GNU gettext: templates through Django's own
# ``templatize`` (the function makemessages uses), Python sources through ``ast``.

SOURCE_SKIP = {".venv", "bench", "tests", "locale", "staticfiles", "node_modules", ".git"}
PY_FUNCTIONS = {
    # name: (context argument, singular argument, plural argument)
    "_": (None, 0, None),
    "gettext": (None, 0, None),
    "gettext_lazy": (None, 0, None),
    "gettext_noop": (None, 0, None),
    "ngettext": (None, 0, 1),
    "ngettext_lazy": (None, 0, 1),
    "pgettext": (0, 1, None),
    "pgettext_lazy": (0, 1, None),
    "npgettext": (0, 1, 2),
    "npgettext_lazy": (0, 1, 2),
}
TEMPLATE_CALL = re.compile(
    r"\b(gettext|ngettext|pgettext|npgettext)\(((?:\s*u?'(?:[^'\\]|\\.)*'\s*,?)+)"
)
TEMPLATE_STRING = re.compile(r"u?('(?:[^'\\]|\\.)*')")


def _sources(suffix: str):
    root = Path(settings.BASE_DIR)
    for path in sorted(root.rglob(f"*{suffix}")):
        if not SOURCE_SKIP.intersection(path.relative_to(root).parts):
            yield path


def _template_messages(text: str) -> set[tuple[str | None, str]]:
    import ast

    from django.utils.translation.template import templatize

    found = set()
    for name, args in TEMPLATE_CALL.findall(templatize(text)):
        strings = [ast.literal_eval(s) for s in TEMPLATE_STRING.findall(args)]
        context = strings.pop(0) if name.startswith(("p", "np")) else None
        found.add((context, strings[0]))
    return found


def _python_messages(text: str) -> set[tuple[str | None, str]]:
    import ast

    found = set()
    for node in ast.walk(ast.parse(text)):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
        if name not in PY_FUNCTIONS:
            continue
        context_at, singular_at, _plural_at = PY_FUNCTIONS[name]
        args = node.args
        if len(args) <= singular_at or not isinstance(args[singular_at], ast.Constant):
            continue
        if not isinstance(args[singular_at].value, str):
            continue
        context = None
        if context_at is not None:
            if not isinstance(args[context_at], ast.Constant):
                continue
            context = args[context_at].value
        found.add((context, args[singular_at].value))
    return found


def source_messages() -> dict[tuple[str | None, str], str]:
    """{(context, msgid): first file using it} for every template and Python source."""
    messages: dict[tuple[str | None, str], str] = {}
    root = Path(settings.BASE_DIR)
    for path in _sources(".html"):
        for key in _template_messages(path.read_text()):
            messages.setdefault(key, str(path.relative_to(root)))
    for path in _sources(".py"):
        for key in _python_messages(path.read_text()):
            messages.setdefault(key, str(path.relative_to(root)))
    return messages


def test_extraction_finds_template_and_python_strings():
    template = (
        '{% load i18n %}{% translate "Rating lists" %} '
        '{% translate "May" context "month" %} '
        "{% blocktranslate with n=x %}Round {{ n }}{% endblocktranslate %} "
        "{% blocktranslate count c=x %}One game{% plural %}{{ c }} games{% endblocktranslate %}"
    )
    python = (
        "from django.utils.translation import gettext_lazy as _, pgettext\n"
        "A = _('Standings')\n"
        "B = pgettext('board', 'White')\n"
        "C = _(name)\n"
    )

    assert _template_messages(template) == {
        (None, "Rating lists"),
        ("month", "May"),
        (None, "Round %(n)s"),
        (None, "One game"),
    }
    assert _python_messages(python) == {(None, "Standings"), ("board", "White")}


def test_every_source_string_is_in_the_catalogue(po):
    """A string wrapped for translation in a template or in Python but missing from the .po
    (``make messages`` not run, or run and left untranslated) fails here."""
    catalogue = {(entry.msgctxt, entry.msgid) for entry in po if not entry.obsolete}

    missing = {
        f"{where}: {msgid!r}" + (f" (context {context!r})" if context else "")
        for (context, msgid), where in source_messages().items()
        if (context, msgid) not in catalogue
    }

    assert sorted(missing) == []
