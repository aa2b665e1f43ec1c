"""Forms laid out in fieldsets (``templates/includes/form.html``).

A form with :class:`LayoutMixin` lists its ``fieldsets`` as (legend, field names); the
template renders one fieldset per group with the fields that exist (a form may drop the ones
that do not apply), and ``Field.wrapper_class`` classes on a field's wrapper (the CSS shows
``only-swiss``, ``only-rr``, ``only-mcmahon``, ``only-ko``, ``only-team`` and ``hide-rr``
fields by the chosen format).
"""

from __future__ import annotations

from typing import Any


class LayoutMixin:
    fieldsets: tuple[tuple[Any, tuple[str, ...]], ...] = ()

    @property
    def layout(self) -> list[tuple[Any, list[Any]]]:
        groups = []
        for legend, names in self.fieldsets:
            fields = [self[name] for name in names if name in self.fields]  # type: ignore[index,attr-defined]
            fields = [field for field in fields if not field.is_hidden]
            if fields:
                groups.append((legend, fields))
        return groups

    def wrap(self, **classes: str) -> None:
        """Give fields a wrapper class (``wrap(seeding="only-rr")``)."""
        for name, css in classes.items():
            if name in self.fields:  # type: ignore[attr-defined]
                self.fields[name].wrapper_class = css  # type: ignore[attr-defined]
