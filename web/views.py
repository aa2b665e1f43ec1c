"""Mixins shared by the public views."""


class ReadOnlyMixin:
    """Public pages answer GET (and HEAD/OPTIONS) only; anything else gets 405."""

    http_method_names = ["get", "head", "options"]
