"""``{% submission_token %}``: the hidden one-time token of a create form written by hand
in a template (forms drawn with ``includes/form.html`` carry theirs as a field); see
:mod:`core.submissions`."""

import uuid

from django import template
from django.utils.html import format_html

from core.submissions import FIELD

register = template.Library()


@register.simple_tag
def submission_token() -> str:
    return format_html('<input type="hidden" name="{}" value="{}">', FIELD, uuid.uuid4())
