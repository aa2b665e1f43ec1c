"""Tables of the reference pages and the calculators (django-tables2, no sorting)."""

from __future__ import annotations

from decimal import Decimal

import django_tables2 as tables
from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _

from players.enums import Title
from web.tables import BaseTable

ELO_CLASS_NAMES = {
    "contender": _("World-championship contender"),
    "gm-im": _("Grandmaster / International Master"),
    "master": _("National master"),
    "expert": _("Candidate master / Expert"),
    "A": _("Class A"),
    "B": _("Class B"),
    "C": _("Class C"),
    "D": _("Class D"),
    "novice": _("Novice"),
}


def fixed(value: float | Decimal, places: int) -> str:
    """A number with exactly ``places`` decimals in the current locale."""
    quantum = Decimal(1).scaleb(-places)
    return number_format(Decimal(str(value)).quantize(quantum), places)


def signed(value: float | Decimal, places: int) -> str:
    text = fixed(value, places)
    return f"+{text}" if Decimal(str(value)).quantize(Decimal(1).scaleb(-places)) > 0 else text


def span(low: int | None, high: int | None) -> str:
    """ "2200–2399", "2700 +" or "below 1000"."""
    if low is None:
        return _("below %(value)s") % {"value": high + 1}
    if high is None:
        return f"{low} +"
    return f"{low} – {high}"


class ReferenceTable(BaseTable):
    """A fixed table: rows in the engine's order, no sorting. (django-tables2 does not inherit
    ``Meta``, so the options are passed here for every subclass.)"""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("orderable", False)
        kwargs.setdefault("attrs", BaseTable._meta.attrs)
        kwargs.setdefault("template_name", BaseTable._meta.template_name)
        super().__init__(*args, **kwargs)


class NumColumn(tables.Column):
    def __init__(self, *args, **kwargs):
        kwargs.setdefault("attrs", {"td": {"class": "num"}, "th": {"class": "num"}})
        super().__init__(*args, **kwargs)


class ExpectedScoreTable(ReferenceTable):
    difference = tables.Column(verbose_name=_("Rating difference"), empty_values=())
    higher = NumColumn(verbose_name=_("Higher-rated player"), accessor="higher_percent")
    lower = NumColumn(verbose_name=_("Lower-rated player"), accessor="lower_percent")

    def render_difference(self, record):
        if record.high is None:
            return _("more than %(value)s") % {"value": record.low - 1}
        return f"{record.low}–{record.high}"

    def render_higher(self, value):
        return f"{value} %"

    def render_lower(self, value):
        return f"{value} %"


class TitleTable(ReferenceTable):
    code = tables.Column(verbose_name=_("Title"))
    name = tables.Column(verbose_name=_("Name"), accessor="code", empty_values=())
    rating = NumColumn(verbose_name=_("Rating needed"))
    needs_norms = tables.Column(verbose_name=_("Norms needed"))

    def render_name(self, value):
        return Title(value).label

    def render_needs_norms(self, value):
        return _("yes") if value else _("no")


class CategoryTable(ReferenceTable):
    category = NumColumn(verbose_name=_("Category"))
    open = tables.Column(verbose_name=_("Average rating"), empty_values=())
    women = tables.Column(verbose_name=_("Women's events"), empty_values=())

    def render_open(self, record):
        return f"{record.low}–{record.high}"

    def render_women(self, record):
        return f"{record.women_low}–{record.women_high}"


class ClassTable(ReferenceTable):
    name = tables.Column(verbose_name=_("Class"))
    range = tables.Column(verbose_name=_("Rating"), empty_values=())

    def __init__(self, *args, names=None, **kwargs):
        self.names = names or {}
        super().__init__(*args, **kwargs)

    def render_name(self, record):
        return self.names.get(record.code, record.name)

    def render_range(self, record):
        return span(record.low, record.high)


class KTable(ReferenceTable):
    range = tables.Column(verbose_name=_("Rating"), empty_values=())
    code = NumColumn(verbose_name=_("K"))

    def render_range(self, record):
        return span(record.low, record.high)


class GoGradeTable(ReferenceTable):
    grade = tables.Column(verbose_name=_("Grade"))
    rating = NumColumn(verbose_name=_("Rating of the grade"))
    range = tables.Column(verbose_name=_("Ratings read as this grade"), empty_values=())

    def render_range(self, record):
        if record.professional:
            return "–"
        return span(record.low, record.high)


class ShogiGradeTable(ReferenceTable):
    name = tables.Column(verbose_name=_("Grade"))
    lb = NumColumn(verbose_name=_("Lower bound"))
    mp = NumColumn(verbose_name=_("Midpoint"))
    ub = NumColumn(verbose_name=_("Upper bound"))
    games_lb = NumColumn(verbose_name=_("Games to promote at the lower bound"))
    games_mp = NumColumn(verbose_name=_("Games to promote at the midpoint"))
    extension = tables.Column(verbose_name=_("Source"))

    def render_name(self, record):
        return f"{record.name} *" if record.extension else record.name

    def render_extension(self, value):
        return _("extension (not in FESA's table)") if value else _("FESA")


# --------------------------------------------------------------------------- calculators


class FideLineTable(ReferenceTable):
    number = NumColumn(verbose_name="#", empty_values=())
    opponent = NumColumn(verbose_name=_("Opponent"))
    opponent_used = NumColumn(verbose_name=_("Rating used"))
    difference = NumColumn(verbose_name=_("Difference"))
    expected = NumColumn(verbose_name=_("Expected"))
    score = NumColumn(verbose_name=_("Score"))
    delta = NumColumn(verbose_name=_("Score − expected"))
    k = NumColumn(verbose_name=_("K"))
    change = NumColumn(verbose_name=_("Change"))

    def render_number(self):
        self.row_counter = getattr(self, "row_counter", 0) + 1
        return self.row_counter

    def render_opponent_used(self, record):
        return f"{record.opponent_used} *" if record.capped else record.opponent_used

    def render_expected(self, value):
        return fixed(value, 2)

    def render_score(self, value):
        return fixed(value, 1)

    def render_delta(self, record):
        return signed(record.delta, 2) if record.rated else _("not rated")

    def render_change(self, record):
        return signed(record.change, 2) if record.rated else "–"


class EgfLineTable(ReferenceTable):
    number = NumColumn(verbose_name="#", empty_values=())
    opponent = NumColumn(verbose_name=_("Opponent"))
    handicap = NumColumn(verbose_name=_("Stones received"))
    score = NumColumn(verbose_name=_("Score"))
    expected = NumColumn(verbose_name=_("Se"))
    con = NumColumn(verbose_name=_("con"))
    bonus = NumColumn(verbose_name=_("bonus"))
    change = NumColumn(verbose_name=_("Change"))

    def render_number(self):
        self.row_counter = getattr(self, "row_counter", 0) + 1
        return self.row_counter

    def render_opponent(self, value):
        return fixed(value, 0) if float(value).is_integer() else fixed(value, 2)

    def render_score(self, value):
        return fixed(value, 1)

    def render_expected(self, value):
        return fixed(value, 6)

    def render_con(self, value):
        return fixed(value, 3)

    def render_bonus(self, value):
        return fixed(value, 3)

    def render_change(self, value):
        return signed(value, 3)


class FesaLineTable(ReferenceTable):
    number = NumColumn(verbose_name="#", empty_values=())
    before = NumColumn(verbose_name=_("Rating before the game"))
    opponent = NumColumn(verbose_name=_("Opponent"))
    score = NumColumn(verbose_name=_("Score"))
    k = NumColumn(verbose_name=_("K"))
    expected = NumColumn(verbose_name=_("Expected"))
    change = NumColumn(verbose_name=_("Change"))

    def render_number(self):
        self.row_counter = getattr(self, "row_counter", 0) + 1
        return self.row_counter

    def render_before(self, value):
        return fixed(value, 2)

    def render_score(self, value):
        return fixed(value, 1)

    def render_expected(self, value):
        return fixed(value, 4)

    def render_change(self, record):
        text = signed(record.change, 2)
        return f"{text} ({_('win bonus')})" if record.bonus else text
