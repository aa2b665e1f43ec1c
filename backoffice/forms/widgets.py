"""Widgets drawn in Python: a select of a tournament's 200 players, drawn through Django's
widget templates (one ``option.html`` include per player), was most of a manual round page's
CPU (issue 20). The markup is the templates' own (``select.html``, ``option.html``,
``attrs.html``); tests/backoffice/test_board_rows.py compares them. The round page's result
entry writes its inputs' attributes with :func:`attrs_html` too."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe


def attrs_html(attrs: dict[str, Any]) -> str:
    """What ``django/forms/widgets/attrs.html`` writes: `` name="value"``, `` name`` for
    True, nothing for False."""
    parts = []
    for name, value in attrs.items():
        if value is True:
            parts.append(f" {conditional_escape(name)}")
        elif value is not False:
            parts.append(f' {conditional_escape(name)}="{conditional_escape(str(value))}"')
    return "".join(parts)


class LeanSelect(forms.Select):
    """A ``Select`` whose options are written in Python, as its templates write them."""

    def render(
        self, name: str, value: Any, attrs: dict[str, Any] | None = None, renderer: Any = None
    ) -> SafeString:
        widget = self.get_context(name, value, attrs)["widget"]
        parts = [format_html('<select name="{}"', widget["name"]), attrs_html(widget["attrs"])]
        parts.append(">")
        for group_name, options, _index in widget["optgroups"]:
            if group_name:
                parts.append(format_html('<optgroup label="{}">', group_name))
            for option in options:
                parts.append(
                    format_html(
                        '<option value="{}"{}>{}</option>',
                        str(option["value"]),
                        mark_safe(attrs_html(option["attrs"])),  # noqa: S308 (escaped)
                        option["label"],
                    )
                )
            if group_name:
                parts.append("</optgroup>")
        parts.append("</select>")
        return mark_safe("".join(parts))  # noqa: S308 (every part escaped above)
