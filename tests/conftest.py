"""Project-wide test settings: fast password hashing, local-memory cache, Hypothesis profiles.

In CI (``CI`` set) Hypothesis runs derandomized: the same examples on every run, so a red CI
is reproducible and never depends on a lucky draw. Local runs keep exploring new examples
(and replay any failure they found from the local example database).
"""

import datetime
import os
import threading

import pytest
from django.core.cache import cache
from django.utils import translation
from hypothesis import settings as hypothesis_settings

hypothesis_settings.register_profile("ci", derandomize=True)
if os.environ.get("CI"):
    hypothesis_settings.load_profile("ci")


@pytest.fixture(autouse=True)
def _fast_settings(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    # Rating corrections run inline unless a test starts a queue and its worker itself.
    settings.RATINGS_JOBS = "inline"
    # Mail to players is sent by a thread after a commit (none inside a test's transaction),
    # whatever REDIS_URL the environment has; queue tests set the queue themselves.
    settings.MAIL_DELIVERY = "thread"
    # Local-memory caches outlive a test: pages cached under a list's version would leak
    # into the next test, whose rolled-back database starts the versions again.
    cache.clear()
    # A request in Russian leaves Russian active in the test's thread (the locale middleware
    # activates the language and nothing switches it back): each test starts in English.
    translation.activate("en")


@pytest.fixture(autouse=True)
def _mail_sent_before_the_database_closes():
    """Wait, at the end of each test, for the mail the test's units sent in the background
    (``core.mail.deliver_soon``): a delivery thread that outlives its test would touch the
    database after the test closed it and fail a later test."""
    yield
    for thread in threading.enumerate():
        if thread.name == "mail" and thread is not threading.current_thread():
            thread.join(timeout=60)


@pytest.fixture(scope="session")
def redis_url():
    """A Redis of the tests' own: a ``redis-server`` started on a free port (then stopped),
    or, without the binary, the one answering on 127.0.0.1:6379 (its database 15)."""
    from tests.servers import redis_server

    with redis_server() as url:
        yield url


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """pytest-django's test database, and on PostgreSQL no session of ours left on it when it
    is dropped: a request thread of the browser tests' live server whose browser went away
    mid-request can still hold a connection at the end of the run, and PostgreSQL refuses to
    drop a database in use ("is being accessed by other users")."""
    yield
    from django.db import connection

    if connection.vendor != "postgresql":
        return
    with django_db_blocker.unblock(), connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )


@pytest.fixture
def smtp_server(settings, tmp_path):
    """A real SMTP server of the test's own (``tests/mailserver.py``), with Django's SMTP
    backend pointed at it: ``smtp_server.messages`` is what it received."""
    from tests.mailserver import smtp_server as start

    with start(tmp_path) as server:
        settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
        settings.EMAIL_HOST = "127.0.0.1"
        settings.EMAIL_PORT = server.port
        settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
        settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
        yield server


@pytest.fixture
def match():
    """Ann 1500 and Bob 1900 (K 20, 50 games each) paired in a rated round; Cy 1510 idle
    (shared by the admin's and the public pages' tests)."""
    from actions.boards import add_game
    from actions.ratings import set_starting_rating
    from actions.registrations import register_player
    from core.roles import SYSTEM
    from tests.factories import make_player, make_tournament, standard_list
    from tournaments.models import Round

    rating_list = standard_list()
    ann, bob, cy = make_player("Ames", "Ann"), make_player("Bell", "Bob"), make_player("Cole", "Cy")
    for player, rating in ((ann, 1500), (bob, 1900), (cy, 1510)):
        set_starting_rating(
            player=player, rating_list=rating_list, rating=rating, games=50, actor=SYSTEM
        )
    tournament = make_tournament(
        "Spring Open", slug="spring-open", start_date=datetime.date(2026, 3, 1)
    )
    for player in (ann, bob, cy):
        register_player(tournament=tournament, player=player, actor=SYSTEM)
    round_ = Round.objects.create(tournament=tournament, number=1, date=tournament.start_date)
    game = add_game(round=round_, board=1, white=ann, black=bob, actor=SYSTEM)
    return {
        "ann": ann,
        "bob": bob,
        "cy": cy,
        "tournament": tournament,
        "round": round_,
        "game": game,
    }
