"""The words of the norm pages: each requirement of :mod:`rules.norms.fide` and each line of
:mod:`rules.norms.forecast` said in the reader's language."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from django.utils.translation import gettext as _

from rules.norms.fide import NormTitle, Outcome, Requirement, Verdict
from rules.norms.forecast import Forecast


def points_text(value: Fraction) -> str:
    """2½, ½, 3."""
    whole, half = divmod(Fraction(value) * 2, 2)
    text = str(int(whole)) if whole or not half else ""
    return f"{text}½" if half else text


OUTCOME_WORDS = {
    Outcome.WIN: lambda: "1",
    Outcome.DRAW: lambda: "½",
    Outcome.LOSS: lambda: "0",
    Outcome.FORFEIT_WIN: lambda: _("1 (forfeit)"),
    Outcome.FORFEIT_LOSS: lambda: _("0 (forfeit)"),
    Outcome.PAIRING_BYE: lambda: _("pairing-allocated bye"),
    Outcome.BYE: lambda: _("bye"),
    Outcome.NOT_PLAYED: lambda: _("not played"),
    Outcome.PENDING: lambda: _("no result yet"),
}

EXCLUSION_WORDS = {
    "unplayed": lambda: _("Not counted: not played over the board (1.4.2c)."),
    "pending": lambda: _("Not counted yet: no result."),
    "zero_unrated": lambda: _(
        "Not counted: an unrated opponent who scored nothing against the rated players (1.4.2b)."
    ),
}


def _norm_titles(title: NormTitle) -> str:
    return {
        NormTitle.GM: _("Grandmasters among the opponents"),
        NormTitle.IM: _("GMs and IMs among the opponents"),
        NormTitle.WGM: _("GMs, IMs and WGMs among the opponents"),
        NormTitle.WIM: _("GMs, IMs, WGMs and WIMs among the opponents"),
    }[title]


def label(code: str, title: NormTitle) -> str:
    """The name of a requirement."""
    if code == "norm_titles":
        return _norm_titles(title)
    return {
        "games": _("Games counted"),
        "federations": _("Federations other than the player's"),
        "own_federation": _("Opponents from the player's federation"),
        "one_federation": _("Opponents from one federation"),
        "title_holders": _("Title-holders among the opponents (not CM or WCM)"),
        "average": _("Average rating of the opponents (Ra)"),
        "score": _("Score"),
        "performance": _("Performance rating (Rp = Ra + dp)"),
    }[code]


def short(code: str) -> str:
    """What fails, in a few words (the list page's cells)."""
    return {
        "games": _("too few games"),
        "federations": _("too few federations"),
        "own_federation": _("too many from the own federation"),
        "one_federation": _("too many from one federation"),
        "title_holders": _("too few title-holders"),
        "norm_titles": _("too few opponents with the title"),
        "average": _("opponents' average too low"),
        "score": _("score too low"),
        "performance": _("performance too low"),
        "points": _("not enough points left"),
    }[code]


@dataclass
class RequirementLine:
    code: str
    article: str
    label: str
    value: str
    threshold: str
    passed: bool
    waived: bool
    reason: str


def _reason(requirement: Requirement, verdict: Verdict) -> str:
    values = {"value": requirement.value, "threshold": requirement.threshold}
    code = requirement.code
    if requirement.waived:
        return _("Waived: the event is exempt from the federation requirements (1.4.3a-d).")
    if code == "games":
        if verdict.eight_of_nine:
            return (
                _(
                    "%(value)s games count: eight games of a nine-round event whose ninth round "
                    "is a pairing-allocated bye or a forfeit win count as nine (1.4.1c)."
                )
                % values
            )
        return _("%(value)s games count; at least %(threshold)s are needed.") % values
    if code == "federations":
        return (
            _("%(value)s federations other than the player's; at least %(threshold)s are needed.")
            % values
        )
    if code == "own_federation":
        return (
            _(
                "%(value)s opponents from the player's federation; at most %(threshold)s "
                "(three fifths) are allowed."
            )
            % values
        )
    if code == "one_federation":
        return _(
            "%(value)s opponents from %(federation)s, the most from one federation; at most "
            "%(threshold)s (two thirds) are allowed."
        ) % {**values, "federation": requirement.detail or "–"}
    if code == "title_holders":
        return _("%(value)s title-holders; at least %(threshold)s (half) are needed.") % values
    if code == "norm_titles":
        return (
            _("%(value)s opponents with the title; at least %(threshold)s (a third, 3 or more).")
            % values
        )
    if code == "average":
        return _average_reason(verdict, values)
    if code == "score":
        return _("%(points)s of %(games)s; at least %(threshold)s per cent is needed.") % {
            **values,
            "points": points_text(verdict.points),
            "games": len(verdict.games),
        }
    return _("Rp = %(average)s %(dp)s = %(value)s; at least %(threshold)s is needed.") % {
        **values,
        "average": verdict.average or 0,
        "dp": f"{(verdict.performance or 0) - (verdict.average or 0):+d}",
    }


def _average_reason(verdict: Verdict, values: dict) -> str:
    parts = [_("Ra %(value)s; at least %(threshold)s is needed.") % values]
    for game in verdict.games:
        if game.raised:
            parts.append(
                _("%(name)s counts with the rating floor %(floor)s (1.4.6b-c).")
                % {"name": game.opponent.name, "floor": game.rating}
            )
    unrated = sum(1 for game in verdict.games if game.unrated and not game.raised)
    if unrated:
        parts.append(
            _("Unrated opponents counted as 1400 (1.4.6d): %(count)s.") % {"count": unrated}
        )
    return " ".join(parts)


def requirement_line(requirement: Requirement, verdict: Verdict) -> RequirementLine:
    sign = "≤" if requirement.maximum else "≥"
    unit = " %" if requirement.code == "score" else ""
    return RequirementLine(
        requirement.code,
        requirement.article,
        label(requirement.code, verdict.title),
        f"{requirement.value}{unit}",
        f"{sign} {requirement.threshold}{unit}",
        requirement.passed,
        requirement.waived,
        _reason(requirement, verdict),
    )


def summary(verdict: Verdict, ahead: Forecast | None) -> str:
    """The list page's cell: the norm, what is still needed, or the first reason why not
    (the report gives them all)."""
    if verdict.passed:
        if verdict.ignored_rounds:
            return _("Norm (rounds %(rounds)s left out)") % {
                "rounds": ", ".join(str(n) for n in verdict.ignored_rounds)
            }
        return _("Norm")
    if ahead is not None and ahead.reachable:
        values = {"points": points_text(ahead.points_needed), "rounds": ahead.rounds_left}
        if not ahead.points_needed and ahead.opponents_average is None:
            return _("Reached if the %(rounds)s rounds left are played") % values
        if ahead.opponents_average is not None:
            return _("Needs %(points)s of %(rounds)s against %(average)s on average") % {
                **values,
                "average": ahead.opponents_average,
            }
        return _("Needs %(points)s of %(rounds)s") % values
    if ahead is not None:
        return _("Out of reach: %(reason)s") % {"reason": short(ahead.blocked[0])}
    return _("No: %(reason)s") % {"reason": short(verdict.failed[0].code)}


def forecast_lines(ahead: Forecast) -> list[str]:
    """What is still needed, one sentence per part (the report page)."""
    if ahead.achieved:
        return [_("Achieved: the rounds left may be left out (1.4.1e).")]
    if not ahead.reachable:
        return [
            _("Out of reach: %(reason)s.") % {"reason": ", ".join(short(c) for c in ahead.blocked)}
        ]
    values = {"points": points_text(ahead.points_needed), "rounds": ahead.rounds_left}
    if ahead.points_needed:
        lines = [_("Points still needed: %(points)s of the %(rounds)s rounds left.") % values]
    else:
        lines = [_("No more points needed: the %(rounds)s rounds left must be played.") % values]
    if ahead.opponents_average is not None:
        lines.append(
            _("The opponents of the rounds left must average at least %(average)s.")
            % {"average": ahead.opponents_average}
        )
    for count, text in (
        (ahead.norm_titles_needed, _("Opponents with the title still to meet: %(count)s.")),
        (ahead.title_holders_needed, _("Title-holders still to meet: %(count)s.")),
        (ahead.federations_needed, _("Federations still to meet: %(count)s.")),
    ):
        if count:
            lines.append(text % {"count": count})
    return lines
