"""The criteria of the pairing rules in words, and the arbiter's warning after a manual change.

The names and short explanations of C.04.3's criteria are shared by the "Why this pairing"
pages (``web.why``) and the warning :func:`manual_warnings` that ``actions.boards`` gives when
an arbiter changes a round the program paired (from ``rules.pairing.dutch_check.compare``).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from rules.pairing import dutch_check
from rules.standings import format_value, half_points
from tournaments.models import Game, Registration, Round
from tournaments.queries.pairing import pairing_state

#: The criteria of C.04.3 (2026) a "why" names, each with a short plain explanation.
CRITERIA = {
    "C1": gettext_lazy("C1: two players do not meet twice (nor a pair the arbiter forbade)"),
    "C2": gettext_lazy("C2: nobody gets a second pairing-allocated bye"),
    "C3": gettext_lazy("C3: two players who must both get the same colour do not meet"),
    "C4": gettext_lazy("C4: everybody still to be paired can still be paired"),
    "C5": gettext_lazy("C5: the bye goes to a player with as few points as possible"),
    "C6": gettext_lazy("C6: as many pairs as possible in the score group (fewest floaters)"),
    "C7": gettext_lazy("C7: the players who float down have as few points as possible"),
    "C8": gettext_lazy("C8: the next score group can be paired as well as possible"),
    "C9": gettext_lazy("C9: the bye goes to the player with the fewest games not played"),
    "C10": gettext_lazy("C10: no topscorer gets a colour difference above 2"),
    "C11": gettext_lazy("C11: no topscorer gets the same colour three times in a row"),
    "C12": gettext_lazy("C12: as many players as possible get their colour preference"),
    "C13": gettext_lazy("C13: as many players as possible get their strong colour preference"),
    "C14": gettext_lazy("C14: nobody floats down two rounds in a row"),
    "C15": gettext_lazy("C15: nobody floats up two rounds in a row"),
    "C16": gettext_lazy("C16: nobody floats down as they did two rounds before"),
    "C17": gettext_lazy("C17: nobody floats up as they did two rounds before"),
    "C18": gettext_lazy("C18: who floats down again floats as little as possible"),
    "C19": gettext_lazy("C19: who floats up again floats as little as possible"),
    "C20": gettext_lazy("C20: as C18, for floats two rounds before"),
    "C21": gettext_lazy("C21: as C19, for floats two rounds before"),
    "5.2": gettext_lazy("Art. 5.2: the colours the rules give to a pair"),
    "order": gettext_lazy(
        "Art. 4: the rules' order of alternatives (the higher-ranked player is served first)"
    ),
}


def points_text(value: float) -> str:
    """Points as the pages write them (2½, 3, 1.5 for odd fractions)."""
    fraction = Fraction(value).limit_denominator(10)
    return half_points(fraction) or format_value(fraction)


def points_phrase(value: float) -> str:
    """ "1 point", "2½ points" in the reader's language."""
    fraction = Fraction(value).limit_denominator(10)
    count = int(fraction) if fraction.denominator == 1 else 2
    return ngettext("%(points)s point", "%(points)s points", count) % {"points": points_text(value)}


def criterion(code: str | None) -> str:
    """The criterion's name and plain explanation (the code itself if unknown)."""
    if code is None:
        return _("not analysed (large tournament)")
    return str(CRITERIA.get(code, code))


def manual_warnings(check: dict[str, Any], names: dict[int, str]) -> list[str]:
    """The warning shown after a manual change: the boards that differ from the program's
    pairing, what it had paired instead and each criterion the change breaks or worsens
    (``check``: ``rules.pairing.dutch_check.compare`` with ``boards``, the board numbers)."""
    if not check["missing"] and not check["new"]:
        return []
    name = names.get
    pairs = "; ".join(f"{name(w)} – {name(b)}" for w, b in check["missing"])
    lines = [
        ngettext(
            "Board %(boards)s differs from the program's pairing, which had paired %(pairs)s.",
            "Boards %(boards)s differ from the program's pairing, which had paired %(pairs)s.",
            len(check["boards"]),
        )
        % {"boards": ", ".join(str(b) for b in check["boards"]), "pairs": pairs}
    ]
    absolute = {"C1", "C2", "C3"}
    for code, (engine, manual) in check["worse"].items():
        if code in absolute:
            lines.append(_("The change breaks %(criterion)s.") % {"criterion": criterion(code)})
        elif code == "C5":
            lines.append(
                _("The change worsens %(criterion)s: the bye now goes to a player with %(points)s.")
                % {"criterion": criterion(code), "points": points_phrase(manual / 10)}
            )
        else:
            lines.append(
                _(
                    "The change worsens %(criterion)s (%(engine)s in the program's pairing, "
                    "%(manual)s now)."
                )
                % {
                    "criterion": criterion(code),
                    "engine": _count(code, engine),
                    "manual": _count(code, manual),
                }
            )
    if len(lines) == 1:
        lines.append(_("It breaks or worsens none of the criteria the program checks."))
    return lines


def _count(code: str, value: int) -> str:
    return points_text(value / 10) if code == "C7" else str(value)


def engine_check(
    round_: Round, registrations: dict[int, Registration], games: list[Game]
) -> dict[str, Any] | None:
    """A draft round of the Dutch engine against the engine's own pairing of it (kept in
    ``Round.explanation``): the boards that differ, the engine's pairs they lack and each
    criterion the round now breaks or worsens (``rules.pairing.dutch_check.compare``, the
    engine's own criteria). ``None`` when the round has no Dutch explanation."""
    explanation = round_.explanation
    if not explanation or explanation.get("system") != "dutch":
        return None
    tpn = {pid: r.pairing_number for pid, r in registrations.items()}
    pairs, bye, boards = [], None, []
    engine_pairs = {tuple(p) for p in explanation["pairs"]}
    for game in sorted(games, key=lambda g: g.board):
        if game.black_id is not None:
            pair = (tpn[game.white_id], tpn[game.black_id])
            pairs.append(pair)
            if pair not in engine_pairs:
                boards.append(game.board)
        elif game.result == "U":
            bye = tpn[game.white_id]
    engine_bye = explanation["bye"]["player"] if explanation.get("bye") else None
    state = pairing_state(round_.tournament, round_.number)
    check = dutch_check.compare(
        state, ([tuple(p) for p in explanation["pairs"]], engine_bye), (pairs, bye)
    )
    check["boards"] = boards
    return check
