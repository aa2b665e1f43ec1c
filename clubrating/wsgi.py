"""WSGI entry point: the application, warmed before the first request and called from a
roomy frame (:mod:`clubrating.warmup`)."""

import os

from django.core.wsgi import get_wsgi_application

from clubrating.warmup import roomy, settle_memory, warm

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubrating.settings")
application = roomy(get_wsgi_application())
warm()
settle_memory()
