"""Search keys: names folded so that a search finds them in any script and spelling.

A player's or club's name is stored a second time as a *search key* (``Player.search_key``,
``Club.search_key``), and a search folds its words the same way, so "иванова", "ИВАНОВА",
"Ivanova" and "Иванова" all meet, as do "Lopez" and "López", "Семен" and "Семён".

Folding a word, in order:

1. **Any script to ASCII** with ``anyascii`` (ISC licence; one maintained table for every
   script: Cyrillic as BGN/PCGN-like Latin, Greek, Armenian, Georgian, CJK…, Latin letters
   without their accents, ``ß`` → ``ss``, ``ø`` → ``o``; ``ё`` → ``e``). Then lower case;
   anything but letters and digits separates words, except apostrophes, which are dropped
   ("O'Brien" → ``obrien``, "Дарья" → "Dar'ya" → ``darya``).
2. **A Latin skeleton**, where the common romanizations of Russian meet:

   ========================  ======================================  =================
   letter                    spellings met                           skeleton
   ========================  ======================================  =================
   й, ы, і; y, j, i          Sergey / Sergei, Yan / Ian / Jan        ``i``
   я, ю                      ya / ia / ja, yu / iu / ju              ``ia``, ``iu``
   ж                         zh / ž (ISO 9)                           ``z``
   ш, щ                      sh / š, shch / ŝ, German sch             ``s``
   ч                         ch / č                                   ``c``
   х                         kh / h (ISO 9, Spanish)                  ``h`` (loose)
   ц                         ts / tz / c (ISO 9)                      ``c`` (loose)
   ч, щ (French)             tch, chtch: Tchigorine, Nepomniachtchi   ``c``, ``s`` (loose)
   е after a vowel or ь      ye / ie / e: Yevgeny, Grigoriev          ``e`` (loose)
   ф                         f / ph: Filipp, Philipp                  ``f`` (loose)
   кс                        ks / x: Aleksandr, Alexander             ``ks``
   doubled letters           Vasilii / Vasily, Filipp / Filip         one letter
   ========================  ======================================  =================

   ь and ъ are dropped (anyascii writes an apostrophe); ё is е.

A word has a **strict** skeleton (rules whose result starts with the letter they replace, so
that a word typed halfway still folds to a prefix of the whole word's skeleton: "Zh" → ``z``
as "Zhukov" → ``zukov``) and a **loose** one (all the rules above; "kh" → ``h`` makes "K" no
prefix of "Khalifman"'s ``halifman``). The key keeps both forms of each word; a search word
matches when either of its forms starts a word of the key. So "Dani" still finds "Daniel"
(strict ``dani``, though loosely ``danel``), and "Grigoriev" finds "Григорьев" (both loosely
``grigorev``).

The key is one string: each form of each word preceded by a space (" ivanova anna"), so
"a search word starts a word of the key" is ``key LIKE '% word%'``, which a trigram index
answers on PostgreSQL. Keys are ASCII only, so every database compares them alike.
"""

from __future__ import annotations

import re

from anyascii import anyascii

#: The most words a key is built from and a search looks at (names have no more).
MAX_WORDS = 12

_APOSTROPHES = re.compile(r"['\u2019\u02bc\u02b9\u02ba`\"]")
_SEPARATORS = re.compile(r"[^a-z0-9]+")
_DOUBLED = re.compile(r"([a-z])\1+")

#: Rules of the strict skeleton: each result starts with the letter it replaces. Applied in
#: this order, each to the whole text (longer spellings first).
_STRICT = (("shch", "s"), ("sch", "s"), ("zh", "z"), ("ch", "c"), ("sh", "s"), ("x", "ks"))
#: The loose skeleton's rules, in the order applied.
_LOOSE = (
    ("schtsch", "s"),
    ("chtch", "s"),
    ("shch", "s"),
    ("tsch", "c"),
    ("sch", "s"),
    ("tch", "c"),
    ("kh", "h"),
    ("ts", "c"),
    ("tz", "c"),
    ("ph", "f"),
    ("zh", "z"),
    ("ch", "c"),
    ("sh", "s"),
    ("x", "ks"),
)


def _skeleton(text: str, rules: tuple[tuple[str, str], ...], loose: bool) -> str:
    """The skeleton of each word of ``text`` (no rule makes or removes a space, nor a letter
    doubled across one, so a text of several words is folded in one pass)."""
    for spelling, letter in rules:
        text = text.replace(spelling, letter)
    text = text.replace("y", "i").replace("j", "i")
    if loose:
        text = text.replace("ie", "e")
    return _DOUBLED.sub(r"\1", text)


class _Ascii(dict):
    """``str.translate``'s table of the non-ASCII characters met so far, each as anyascii
    writes it (anyascii maps one character at a time, so a cached table folds alike and
    several times faster on a million names)."""

    def __missing__(self, code: int) -> str:
        self[code] = value = anyascii(chr(code))
        return value


_TO_ASCII = _Ascii()


def ascii_words(text: str) -> list[str]:
    """The words of ``text`` in lower-case ASCII, before the skeleton: "Seán O'Brien" →
    ``sean``, ``obrien``; "Иванова, Анна" → ``ivanova``, ``anna``."""
    text = text or ""
    if not text.isascii():
        text = _APOSTROPHES.sub("", text).translate(_TO_ASCII)
    text = _APOSTROPHES.sub("", text).lower()
    return [word for word in _SEPARATORS.split(text) if word][:MAX_WORDS]


def strict(word: str) -> str:
    """The strict skeleton of lower-case ASCII words: ``zhukov`` → ``zukov``."""
    return _skeleton(word, _STRICT, loose=False)


def loose(word: str) -> str:
    """The loose skeleton of lower-case ASCII words: ``khalifman`` → ``halifman``."""
    return _skeleton(word, _LOOSE, loose=True)


def _forms(words: list[str]) -> list[list[str]]:
    """Each word's strict and loose skeletons, without repeats (strict first)."""
    if not words:
        return []
    text = " ".join(words)
    pairs = zip(strict(text).split(" "), loose(text).split(" "), strict=True)
    return [[first] if first == second else [first, second] for first, second in pairs]


def word_forms(word: str) -> list[str]:
    """The strict and the loose skeleton of a word, without repeats (strict first)."""
    return _forms([word])[0]


def search_key(*parts: str) -> str:
    """The key of a name given in parts (last name, first name; a club's name and short
    name): every form of every word, each after a space. "" for a name without letters."""
    words = [word for part in parts for word in ascii_words(part)][:MAX_WORDS]
    forms = dict.fromkeys(form for pair in _forms(words) for form in pair)
    return "".join(f" {form}" for form in forms)


def player_key(last_name: str, first_name: str = "") -> str:
    """The search key of a player (``Player.search_key``)."""
    return search_key(last_name, first_name)


def club_key(name: str, short_name: str = "") -> str:
    """The search key of a club (``Club.search_key``)."""
    return search_key(name, short_name)


def query_forms(text: str, *, limit: int = 4) -> list[list[str]]:
    """A search's words, at most ``limit``, each as its forms (strict, loose): "Иванова
    Анна" → ``[["ivanova"], ["ana"]]``. A word matches a key that contains a space followed
    by one of its forms."""
    return _forms(ascii_words(text)[:limit])
