"""Create the local development superuser ``admin`` with a generated password, once.

Only in the local debug setup: with ``DEBUG`` off the command prints a notice and creates
nothing, so a production deployment never gets an account with a password shown on a terminal.
Running it again leaves the account alone and says how to reset its password.
"""

import secrets

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

USERNAME = "admin"


class Command(BaseCommand):
    help = "Create a local superuser 'admin' with a generated password (DEBUG only)."

    def handle(self, *args, **options):
        if not settings.DEBUG:
            self.stdout.write(
                "DEBUG is off: no local admin account created. "
                "Create staff accounts with 'manage.py createsuperuser'."
            )
            return
        users = get_user_model()
        if users.objects.filter(username=USERNAME).exists():
            self.stdout.write(
                f"The local admin account '{USERNAME}' already exists. "
                f"Reset its password with: python manage.py changepassword {USERNAME}"
            )
            return
        password = secrets.token_urlsafe(12)
        users.objects.create_superuser(username=USERNAME, email="", password=password)
        self.stdout.write(
            self.style.SUCCESS("Local admin account created (shown once, only in DEBUG):")
        )
        self.stdout.write("  URL:      http://127.0.0.1:8000/admin/")
        self.stdout.write(f"  username: {USERNAME}")
        self.stdout.write(f"  password: {password}")
