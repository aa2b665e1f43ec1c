""" "Why this pairing" in words: the engine's explanation of a board (``Round.explanation``)
told to the players, and the arbiter's warning after a manual change.

The engines record plain data (``rules.pairing.dutch_why``, ``rules.pairing.mcmahon_why``):
player numbers, scores, criterion names and colour rules. This module turns one board of it
into sentences in the reader's language, naming each criterion as C.04.3 does with a short
plain explanation (:data:`tournaments.why.CRITERIA`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.why import CRITERIA, criterion, points_phrase, points_text

__all__ = [
    "CRITERIA",
    "MCMAHON_REASONS",
    "Why",
    "engine_opponents",
    "explain_board",
    "explain_bye",
]

#: McMahon: why the upper player did not get its split-and-slip partner.
MCMAHON_REASONS = {
    "rematch": gettext_lazy("they have already played each other"),
    "forbidden": gettext_lazy("the arbiter has forbidden this pair"),
    "complete": gettext_lazy("the other players could then not all be paired without a rematch"),
    "mms": gettext_lazy("it would have taken larger McMahon score differences on other boards"),
    "order": gettext_lazy("a higher board's ideal pair came first"),
}


def _colour(code: str | None) -> str:
    return _("White") if code == "w" else _("Black")


@dataclass
class Why:
    """One board explained: a title per section and its sentences."""

    found: bool
    sections: list[tuple[str, list[str]]] = field(default_factory=list)
    criteria: list[str] = field(default_factory=list)

    def add(self, title: str, lines: list[str]) -> None:
        if lines:
            self.sections.append((title, lines))


def explain_board(
    explanation: dict[str, Any] | None, white: int, black: int, names: dict[int, str]
) -> Why:
    """The board ``white``-``black`` (pairing numbers) in words; ``found=False`` when the
    engine did not pair these two (the arbiter changed the board) or nothing was recorded."""
    if not explanation:
        return Why(found=False)
    if explanation.get("system") == "mcmahon":
        return _mcmahon(explanation, white, black, names)
    return _dutch(explanation, white, black, names)


def explain_bye(explanation: dict[str, Any] | None, player: int, names: dict[int, str]) -> Why:
    """The pairing-allocated bye of ``player`` in words (``found=False``: the engine gave it
    to somebody else, or nothing was recorded)."""
    bye = (explanation or {}).get("bye")
    if not bye or bye["player"] != player:
        return Why(found=False)
    why = Why(found=True)
    name = names.get
    if explanation.get("system") == "mcmahon":
        lines = [
            _(
                "%(player)s gets the bye: the lowest placed player among those with the fewest "
                "byes so far."
            )
            % {"player": name(player)}
        ]
        if bye["passed_over"]:
            lines.append(
                _("Passed over, because the others could then not all be paired: %(players)s.")
                % {"players": "; ".join(name(t) for t in bye["passed_over"])}
            )
    else:
        lines = [
            _("%(player)s gets the pairing-allocated bye, with %(points)s.")
            % {"player": name(player), "points": points_phrase(bye["score"])}
        ]
        if bye["lowest"]:
            lines.append(
                _("Nobody who could get the bye had fewer points (%(criterion)s).")
                % {"criterion": criterion("C5")}
            )
        if bye["had_bye"]:
            lines.append(
                _(
                    "Not to %(players)s: they have had a bye, or a win without playing, "
                    "already (%(criterion)s)."
                )
                % {
                    "players": "; ".join(name(t) for t in bye["had_bye"]),
                    "criterion": criterion("C2"),
                }
            )
    why.add(_("The bye"), lines)
    return why


def engine_opponents(
    explanation: dict[str, Any] | None, players: list[int]
) -> dict[int, int | None]:
    """Whom the engine had paired each of ``players`` with (``None``: the bye)."""
    out: dict[int, int | None] = {}
    if not explanation:
        return out
    if explanation.get("system") == "mcmahon":
        pairs = [(b["upper"], b["lower"]) for b in explanation["boards"]]
    else:
        pairs = [tuple(p) for p in explanation["pairs"]]
    for a, b in pairs:
        for p, o in ((a, b), (b, a)):
            if p in players:
                out[p] = o
    bye = explanation.get("bye")
    if bye and bye["player"] in players:
        out[bye["player"]] = None
    return out


# -- Dutch -----------------------------------------------------------------------------------


def _dutch(explanation: dict[str, Any], white: int, black: int, names: dict[int, str]) -> Why:
    board = next(
        (b for b in explanation["boards"] if {b["white"], b["black"]} == {white, black}), None
    )
    if board is None:
        return Why(found=False)
    why = Why(found=True)
    name = names.get
    brackets = explanation["brackets"]
    bracket = brackets[board["bracket"]] if board["bracket"] is not None else None
    lines = []
    for tpn, score in zip((board["white"], board["black"]), board["scores"], strict=True):
        lines.append(
            _("%(player)s had %(points)s before the round.")
            % {"player": name(tpn), "points": points_phrase(score)}
        )
    if bracket is not None and bracket["score"] is not None:
        lines.append(
            _("They were paired in the bracket of the %(points)s-point score group.")
            % {"points": points_text(bracket["score"])}
        )
        moved = [name(t) for t in bracket["moved_down"]]
        if moved:
            lines.append(
                _("Moved down into it from higher score groups: %(players)s.")
                % {"players": "; ".join(moved)}
            )
    why.add(_("Score group"), lines)
    why.add(_("Floats"), _dutch_floats(explanation, board, name, why))
    choice = board.get("choice")
    if choice:
        values = {
            "player": name(choice["player"]),
            "first": name(choice["first"]),
            "criterion": criterion(choice["criterion"]),
        }
        if choice["criterion"] == "floated":
            text = _(
                "By the rules' order %(player)s would first have met %(first)s, who floated "
                "down to a lower score group instead."
            )
        else:
            text = _(
                "By the rules' order %(player)s would first have met %(first)s. "
                "The program paired them otherwise because of %(criterion)s."
            )
        why.add(_("The deciding criterion"), [text % values])
        why.criteria.append(choice["criterion"])
    why.add(_("Colours"), _dutch_colours(board, name))
    return why


def _dutch_floats(explanation: dict[str, Any], board: dict[str, Any], name, why: Why) -> list:
    lines = []
    if board["downfloater"] is not None:
        lines.append(
            _("%(down)s floated down to meet %(up)s, who floated up from a lower score group.")
            % {"down": name(board["downfloater"]), "up": name(board["upfloater"])}
        )
    for bracket in explanation["brackets"]:
        for floater in bracket["floaters"]:
            if floater["player"] not in (board["white"], board["black"]):
                continue
            lines.append(_float_reason(bracket, floater, name))
            why.criteria.append(floater["criterion"])
    if not lines:
        lines.append(_("Both players were paired within their own score group."))
    return lines


def _float_reason(bracket: dict[str, Any], floater: dict[str, Any], name) -> str:
    values = {"player": name(floater["player"]), "points": points_text(bracket["score"] or 0)}
    code = floater["criterion"]
    if code == "C1":
        return (
            _(
                "%(player)s could not stay in the %(points)s-point score group: they had "
                "already played everybody left there (C1)."
            )
            % values
        )
    if code == "C3":
        return (
            _(
                "%(player)s could not stay in the %(points)s-point score group: everybody "
                "left there needed the same colour as them (C3)."
            )
            % values
        )
    if floater["odd"] and code in ("C6", "order"):
        return (
            _(
                "The %(points)s-point score group had an odd number of players, so one had "
                "to float down (C6); by the rules' order it was %(player)s."
            )
            % values
        )
    return _(
        "%(player)s floated down from the %(points)s-point score group: pairing them there "
        "would have been worse for %(criterion)s."
    ) % {**values, "criterion": criterion(code)}


def _preference(pref: dict[str, Any]) -> str:
    if pref["kind"] == "none":
        return _("no colour preference yet")
    colour = _colour(pref["colour"])
    if pref["kind"] == "absolute":
        return _("an absolute preference for %(colour)s") % {"colour": colour}
    if pref["kind"] == "strong":
        return _("a strong preference for %(colour)s") % {"colour": colour}
    return _("a mild preference for %(colour)s") % {"colour": colour}


def _dutch_colours(board: dict[str, Any], name) -> list[str]:
    white, black = board["white"], board["black"]
    prefs = board["preferences"]
    lines = [
        _("%(player)s had %(preference)s.") % {"player": name(tpn), "preference": _preference(p)}
        for tpn, p in zip((white, black), prefs, strict=True)
    ]
    got = [p["colour"] == c for p, c in zip(prefs, ("w", "b"), strict=True)]
    values = {"white": name(white), "black": name(black)}
    rule = board["colour_rule"]
    if rule == "5.2.1":
        lines.append(
            _("%(white)s gets White and %(black)s Black: every preference is granted (5.2.1).")
            % values
        )
    elif rule == "5.2.2":
        winner = name(white) if got[0] else name(black)
        lines.append(
            _(
                "Both wanted the same colour; %(player)s had the stronger preference and gets "
                "it (5.2.2)."
            )
            % {"player": winner}
        )
    elif rule == "5.2.3":
        lines.append(
            _(
                "Both wanted the same colour as strongly; the colours are the reverse of the "
                "last round in which they had different colours (5.2.3)."
            )
        )
    elif rule == "5.2.4":
        lines.append(
            _(
                "Both wanted the same colour as strongly and had the same colours so far; the "
                "higher-ranked player gets their preference (5.2.4)."
            )
        )
    elif rule == "5.2.5":
        lines.append(
            _(
                "No preference decided: the higher-ranked player's pairing number and the "
                "colour drawn for round 1 give the colours (5.2.5)."
            )
        )
    return lines


# -- McMahon ---------------------------------------------------------------------------------

_MCMAHON_COLOURS = {
    "handicap": gettext_lazy("In a handicap game the stronger player takes White."),
    "balance": gettext_lazy(
        "White goes to the player who has had fewer Whites than Blacks in even games."
    ),
    "last_black": gettext_lazy("White goes to the player who had Black in their last game."),
    "board": gettext_lazy(
        "Same colours so far: on odd boards the higher-placed player takes White, on even "
        "boards the lower-placed one."
    ),
    "furigoma": gettext_lazy("Sente and gote are decided by furigoma at the board."),
}


def _mcmahon(explanation: dict[str, Any], white: int, black: int, names: dict[int, str]) -> Why:
    board = next(
        (b for b in explanation["boards"] if {b["upper"], b["lower"]} == {white, black}), None
    )
    if board is None:
        return Why(found=False)
    why = Why(found=True)
    name = names.get
    scored = explanation.get("mcmahon", True)
    lines = []
    for tpn, mms in zip((board["upper"], board["lower"]), board["mms"], strict=True):
        if scored:
            text = _("%(player)s had a McMahon score of %(score)s before the round.") % {
                "player": name(tpn),
                "score": points_text(mms),
            }
        else:
            text = _("%(player)s had %(points)s before the round.") % {
                "player": name(tpn),
                "points": points_phrase(mms),
            }
        lines.append(text)
    if board["floated"]:
        lines.append(
            _(
                "They come from different groups: %(upper)s floated down to meet %(lower)s "
                "(the groups are paired with the smallest score differences)."
            )
            % {"upper": name(board["upper"]), "lower": name(board["lower"])}
        )
    else:
        lines.append(_("They were paired inside their group (split and slip)."))
    why.add(_("Score group"), lines)
    choice = board.get("choice")
    if choice:
        why.add(
            _("The deciding criterion"),
            [
                _(
                    "By split and slip %(player)s would have met %(first)s; not so because "
                    "%(reason)s."
                )
                % {
                    "player": name(choice["player"]),
                    "first": name(choice["first"]),
                    "reason": MCMAHON_REASONS.get(choice["criterion"], choice["criterion"]),
                }
            ],
        )
    why.add(_("Colours"), [str(_MCMAHON_COLOURS.get(board["colour_rule"], ""))])
    return why
