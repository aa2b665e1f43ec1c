"""What the norm tests share: the outcomes, an English applicant at a 9-round Swiss hosted by
England, and the rounds made from rows of (rating, title, federation, outcome)."""

from rules.norms.fide import Applicant, Event, EventKind, Opponent, Outcome, RoundResult

W, D, L = Outcome.WIN, Outcome.DRAW, Outcome.LOSS
ENG = Applicant("ENG", "")
SWISS9 = Event(9, EventKind.SWISS, "ENG")


def rounds(rows, first_key=1):
    """Round n against opponent ``first_key + n`` ("Pn") with the row's rating, title,
    federation and the applicant's outcome."""
    return [
        RoundResult(
            number,
            outcome,
            Opponent(first_key + number, f"P{number}", rating, title, fed),
        )
        for number, (rating, title, fed, outcome) in enumerate(rows, start=1)
    ]
