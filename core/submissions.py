"""One-time tokens of the create forms: a double submit creates one object.

Every form that creates something carries a hidden :class:`SubmissionField` (a fresh UUID
each time the form is drawn). The view passes it, with the address the answer goes to, to
the action as a :class:`Submission`; the action hands it to its unit of work
(``change(..., submission=...)``), which claims the token (:func:`claim`) first thing in
its transaction and records the answer (:func:`answer`) at its end. The token row
(``core.SubmissionToken``) is thus committed exactly with the object:

- a repeat after the commit finds the token used and raises :class:`AlreadySubmitted`
  with the first post's answer: the view redirects there and says so, nothing is written;
- a repeat *during* the first post's transaction waits on the token's unique index
  (PostgreSQL) until the first commits, then finds it used the same way; if the first was
  refused (rolled back), the repeat runs as a first post.

A post without a token (an old page, a script) runs as before; unique columns are still
protected by the constraints (the actions turn their violations into form errors).
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.models import SubmissionToken
from core.roles import Actor

FIELD = "submission"


class SubmissionField(forms.UUIDField):
    """The hidden one-time token of a create form (a new UUID each time it is drawn)."""

    widget = forms.HiddenInput

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("required", False)
        kwargs.setdefault("initial", uuid.uuid4)
        kwargs.setdefault("label", gettext_lazy("form token"))
        super().__init__(**kwargs)


class AlreadySubmitted(Exception):
    """The form was sent already and its object created: answer with ``url``."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.url = url

    @property
    def message(self) -> str:
        return _("This form was sent already: nothing was added again.")


@dataclass(frozen=True)
class Submission:
    """A post's token and where its answer goes: a fixed address, or one made from what the
    action created (``url(obj)``)."""

    token: uuid.UUID | None
    url: str | Callable[[Any], str] = ""

    def address(self, result: Any) -> str:
        return self.url(result) if callable(self.url) else self.url


def of(form: forms.Form, url: str | Callable[[Any], str] = "") -> Submission | None:
    """The submission of a valid ``form`` (``None`` without a token)."""
    token = form.cleaned_data.get(FIELD)
    return Submission(token, url) if token else None


def posted(data: Any, url: str = "") -> Submission | None:
    """The submission of raw posted ``data`` (before its form is checked), if it has a
    well-formed token."""
    try:
        return Submission(uuid.UUID(str(data.get(FIELD) or "")), url)
    except ValueError:
        return None


def _user(actor: Actor) -> Any:
    return actor if getattr(actor, "pk", None) is not None and hasattr(actor, "is_staff") else None


def _refuse(used: SubmissionToken, user: Any) -> AlreadySubmitted:
    same = used.user_id == (user.pk if user is not None else None)
    return AlreadySubmitted(used.result_url if same else "")


def refuse_repeat(submission: Submission | None, actor: Actor) -> None:
    """Raise :class:`AlreadySubmitted` at once if the token was used: for checks that run
    before the unit of work (a form's duplicate warning, ``full_clean``), so the repeat gets
    the first post's answer rather than their refusal. :func:`claim` decides in the end."""
    if submission is None or submission.token is None:
        return
    used = SubmissionToken.objects.filter(token=submission.token).first()
    if used is not None:
        raise _refuse(used, _user(actor))


def claim(submission: Submission | None, actor: Actor) -> SubmissionToken | None:
    """Mark the token used, in the caller's transaction; :class:`AlreadySubmitted` if it was
    (by this actor; another actor's token is refused without its answer)."""
    if submission is None or submission.token is None:
        return None
    user = _user(actor)
    try:
        with transaction.atomic():  # a savepoint: the unit's transaction goes on
            return SubmissionToken.objects.create(token=submission.token, user=user)
    except IntegrityError:
        used = SubmissionToken.objects.filter(token=submission.token).first()
        if used is None:  # pragma: no cover - deleted in between: nothing to answer with
            raise AlreadySubmitted("") from None
        raise _refuse(used, user) from None


def answer(row: SubmissionToken | None, submission: Submission | None, result: Any) -> None:
    """Record where the repeats of the post are sent (the created object's page)."""
    if row is None or submission is None:
        return
    row.result_url = submission.address(result)[:500]
    row.save(update_fields=["result_url"])


_PG_KEY = re.compile(r"Key \(([^)]*)\)=")
_SQLITE_KEY = re.compile(r"UNIQUE constraint failed: (.*)")


def unique_violation(error: IntegrityError) -> ValidationError | None:
    """The form error for a unique constraint that a concurrent change won (two adds of
    one FIDE ID, two tournaments of one address): on the field when one column is named,
    else for the form. ``None``: another kind of integrity error."""
    text = str(error)
    cause = getattr(error, "__cause__", None)
    columns: list[str] = []
    if getattr(cause, "pgcode", None) == "23505" or "duplicate key" in text:
        found = _PG_KEY.search(text)
        columns = [c.strip() for c in found.group(1).split(",")] if found else []
    elif found := _SQLITE_KEY.search(text):
        columns = [c.strip().rsplit(".", 1)[-1] for c in found.group(1).split(",")]
    else:
        return None
    message = _(
        "This was added meanwhile by another change: it cannot be added twice. Reload the "
        "page and check."
    )
    if len(columns) == 1:
        name = columns[0]
        labels = {
            "fide_id": _("A player with this FIDE ID exists already (added meanwhile)."),
            "slug": _("This address was taken meanwhile: send the form again or choose another."),
            "name": _("This name was taken meanwhile: choose another."),
        }
        return ValidationError({name: labels.get(name, message)}, code="unique")
    return ValidationError(message, code="unique")


@contextmanager
def unique_errors() -> Iterator[None]:
    """Turn a unique violation raised in the block (after its transaction rolled back) into
    its form error (:func:`unique_violation`); other integrity errors pass."""
    try:
        yield
    except IntegrityError as error:
        refusal = unique_violation(error)
        if refusal is None:
            raise
        raise refusal from error
