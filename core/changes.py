"""Update these fields and say what changed: the one way an action changes a row's fields.

::

    with change(actor=actor, role=roles.organiser_of(club)) as unit:
        current = ...                                  # the row, read under the unit's lock
        changed = apply_changes(current, changes, editable=CLUB_FIELDS)
        if not changed:
            return current                             # changing nothing records nothing
        unit.audit(AuditAction.CLUB_CHANGED, params={"fields": changed.fields, ...},
                   before=changed.before, after=changed.after)

In this order: a field that is not ``editable`` (or not an editable column of the model) is
refused, each with its form error; the new values are set (the very values the row has:
nothing more is done), with the ones ``derive`` computes from them (a search key); the
action's own checks of the new values run (``validate``), then ``full_clean``; the fields
whose value really changed are compared (a foreign key by its id), the action may still
refuse some of those (``refuse``: fixed once used), and only those fields (and the derived
ones) are saved. The fields are told in the ``editable`` order (the form's), as the audit
entry keeps them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext as _

from core.audit import snapshot


@dataclass(frozen=True)
class Changed:
    """The fields that really changed, in the ``editable`` order, with their values before
    and after (JSON-ready: a foreign key as its id). False when nothing changed."""

    before: dict[str, Any]
    after: dict[str, Any]

    @property
    def fields(self) -> list[str]:
        return list(self.after)

    def __bool__(self) -> bool:
        return bool(self.after)


def _editable(model: type[models.Model], name: str) -> bool:
    field = model._meta.get_field(name)
    return bool(field.concrete and field.editable and not field.primary_key)


def refuse_unknown(
    model: type[models.Model], changes: Mapping[str, Any], editable: Iterable[str]
) -> None:
    """Refuse any name in ``changes`` that is not in ``editable`` or not an editable column of
    ``model`` (a form error on each)."""
    allowed = {name for name in editable if _editable(model, name)}
    refused = sorted(set(changes) - allowed)
    if refused:
        raise ValidationError({name: _("This field cannot be changed here.") for name in refused})


def apply_changes(
    instance: models.Model,
    changes: Mapping[str, Any],
    *,
    editable: Sequence[str],
    derive: Callable[[Any], dict[str, Any]] | None = None,
    validate: Callable[[Any], None] | None = None,
    refuse: Callable[[list[str]], None] | None = None,
    exclude: Sequence[str] = (),
) -> Changed:
    """Set ``changes`` (field name -> value) on ``instance`` (read under the unit's lock),
    check, and save the fields that changed; returns what changed (see the module).

    ``derive(instance)``: fields computed from the new values, saved with them, not told;
    ``validate(instance)``: the action's checks of the new values, before ``full_clean``
    (``exclude``: the fields it leaves out); ``refuse(fields)``: refuse some of the fields
    that changed, before anything is saved. Each raises ``ValidationError`` to refuse.
    """
    refuse_unknown(type(instance), changes, editable)
    names = [name for name in editable if name in changes]
    before = snapshot(instance, names)
    for name in names:
        setattr(instance, name, changes[name])
    if snapshot(instance, names) == before:
        return Changed(before={}, after={})  # the very values it has: nothing to check
    derived = derive(instance) if derive is not None else {}
    for name, value in derived.items():
        setattr(instance, name, value)
    if validate is not None:
        validate(instance)
    instance.full_clean(exclude=list(exclude) or None)
    after = snapshot(instance, names)
    changed = [name for name in names if before[name] != after[name]]
    if not changed:
        return Changed(before={}, after={})
    if refuse is not None:
        refuse(changed)
    instance.save(update_fields=[*changed, *derived])
    return Changed(
        before={name: before[name] for name in changed},
        after={name: after[name] for name in changed},
    )
