from django.apps import AppConfig


class WebConfig(AppConfig):
    """The faces' kit: tables, views, the admin's base classes, query parameters, template
    tags, the request id and the request limits. Nothing here writes or locks."""

    name = "web"
    verbose_name = "Web"
