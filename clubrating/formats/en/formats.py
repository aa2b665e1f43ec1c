"""English formats: Django's, except short dates in ISO 8601 as rating lists print them.

Pages write dates with ``SHORT_DATE_FORMAT`` so that each language shows its own (Russian:
Django's ``d.m.Y``). Numbers follow the language's separators (``number_format``).
"""

SHORT_DATE_FORMAT = "Y-m-d"
SHORT_DATETIME_FORMAT = "Y-m-d H:i"
