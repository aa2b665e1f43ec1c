"""Settings for clubrating: one file, driven by environment variables.

Variables: ``DJANGO_ENV`` (``production`` turns DEBUG off and the production defaults on),
``DEBUG`` (default on for local development, off in production), ``SECRET_KEY`` (required
when DEBUG is off), ``ALLOWED_HOSTS`` and ``CSRF_TRUSTED_ORIGINS`` (comma separated),
``DATABASE_URL`` (default: SQLite file ``db.sqlite3`` in the project directory),
``CONN_MAX_AGE``, ``TIME_ZONE``; with DEBUG off: ``SECURE_SSL_REDIRECT``,
``SECURE_HSTS_SECONDS``, ``SECURE_PROXY_SSL_HEADER`` (default on: trust ``X-Forwarded-Proto``
from the proxy); ``LOGIN_FAILURE_LIMIT`` and ``LOGIN_COOLOFF_HOURS`` (login throttling);
``STATIC_ROOT``; e-mail (password resets): ``EMAIL_BACKEND``, ``EMAIL_HOST``, ``EMAIL_PORT``,
``EMAIL_HOST_USER``, ``EMAIL_HOST_PASSWORD``, ``EMAIL_USE_TLS``, ``EMAIL_USE_SSL``,
``DEFAULT_FROM_EMAIL``; mail to players: ``MAIL_DELIVERY`` (``thread``, ``queue`` or
``worker``: who sends the mail a change wrote, core/mail.py; default ``queue`` with
``REDIS_URL``, else ``thread``) and ``SITE_URL`` (the site's address for the links in mails,
which may be written outside a request; default ``http://127.0.0.1:8000``). docs/deploy.md
describes them all.
"""

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


PRODUCTION = os.environ.get("DJANGO_ENV", "").strip().lower() == "production"
DEBUG = env_bool("DEBUG", not PRODUCTION)
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
    SECRET_KEY = "insecure-local-development-key-never-used-in-production"  # noqa: S105

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_tables2",
    "django_filters",
    "axes",
    "ninja",  # serves the API docs page from its own static files (no CDN)
    "players",
    "tournaments",
    "ratings",
    "events",
    "core",
    "web",
    "backoffice",
]

MIDDLEWARE = [
    # First: every log line of the request, errors included, carries its id.
    "web.request_id.RequestIdMiddleware",
    # Then: a body larger than the limit is refused before anything reads it.
    "web.limits.BodySizeMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "csp.middleware.CSPMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # request.htmx: the organiser pages answer htmx requests with the part that changed.
    "django_htmx.middleware.HtmxMiddleware",
    # A change refused as busy (a lock waited for too long): 503 and "try again", not 500.
    "web.busy.BusyMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into its lockout response.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "clubrating.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "web.context_processors.roles",
            ],
        },
    },
]

WSGI_APPLICATION = "clubrating.wsgi.application"

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "0")),
        # A kept connection is checked before a request reuses it: after a database restart
        # or a dropped connection the request reconnects instead of answering 500.
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Wait for a writer instead of failing at once; serialise writers at BEGIN.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"timeout": 20, "transaction_mode": "IMMEDIATE"}
    )

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Redis (several app servers, docs/deploy.md): the cache (pages, the content version) and the
# job queue of long rating corrections (core/jobs.py). Without it: a per-process cache, and
# corrections run inline; while it does not answer: no cache, and corrections run inline.
REDIS_URL = os.environ.get("REDIS_URL", "").strip()
RATINGS_JOBS = os.environ.get("RATINGS_JOBS", "queue" if REDIS_URL else "inline").strip()
if REDIS_URL:
    CACHES = {
        "default": {
            # Django's Redis cache that gives up quietly when Redis fails: pages are then
            # served uncached (core/redis_fallback.py).
            "BACKEND": "core.redis_fallback.ResilientRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": os.environ.get("CACHE_KEY_PREFIX", "clubrating"),
        }
    }
else:
    # One process (make run, or make serve with WEB_CONCURRENCY=1: make serve refuses more
    # workers without Redis): its own cache, large enough for a club's pages (Django's default
    # of 300 entries held a few dozen player pages, each stored in parts; issue 20).
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "OPTIONS": {"MAX_ENTRIES": int(os.environ.get("CACHE_MAX_ENTRIES", "5000"))},
        }
    }

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {
        "NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
        "OPTIONS": {"min_length": 10},
    },
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("ru", _("Russian"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True
# Dates and numbers follow the page's language; English short dates stay ISO (YYYY-MM-DD).
FORMAT_MODULE_PATH = ["clubrating.formats"]

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # With DEBUG off, whitenoise serves the collected files compressed, under hashed names
    # (``collectstatic`` first: ``make serve`` does it).
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# Locally (DEBUG on) whitenoise finds the files in the apps and static/ without collectstatic.
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG

# Login throttling (django-axes): after LOGIN_FAILURE_LIMIT failed logins for one user name
# from one address, further attempts are refused for LOGIN_COOLOFF_HOURS.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = int(os.environ.get("LOGIN_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = float(os.environ.get("LOGIN_COOLOFF_HOURS", "1"))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/lockout.html"
# The user name axes records, cut to its column's 255 characters (a longer one made the
# login answer 500 on PostgreSQL).
AXES_USERNAME_CALLABLE = "web.limits.login_username"

# Sane date windows for what organisers type, upload or import (core.validators): birth
# years, and tournament (and round) dates this many years around today.
BIRTH_YEAR_MIN = int(os.environ.get("BIRTH_YEAR_MIN", "1900"))
BIRTH_YEAR_MAX = int(os.environ.get("BIRTH_YEAR_MAX", "2100"))
TOURNAMENT_DATE_YEARS = int(os.environ.get("TOURNAMENT_DATE_YEARS", "5"))

# Request bodies (docs/deploy.md): a body declared above MAX_REQUEST_BODY_BYTES (files
# included) is refused with 413 before anything reads it (web.limits); a body that is not a
# file upload above DATA_UPLOAD_MAX_MEMORY_SIZE answers 400. Uploaded files up to
# FILE_UPLOAD_MAX_MEMORY_SIZE stay in memory, larger ones go to a temporary file (TRF files
# have their own limit, 2 MB, with a clear message on the form). The proxy's body limit
# (nginx: client_max_body_size 6m) should match MAX_REQUEST_BODY_BYTES.
MAX_REQUEST_BODY_BYTES = int(os.environ.get("MAX_REQUEST_BODY_BYTES", str(6 * 1024 * 1024)))
DATA_UPLOAD_MAX_MEMORY_SIZE = 5 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 2621440  # 2.5 MB, Django's default

# How big a tournament the web app takes (tournaments.limits, docs/trf.md): the rounds it
# plans (50: a double round robin of 26 players) and the players it enters (a round robin
# fewer: as many as its rounds allow). The forms, the entries and the TRF import refuse more,
# the import before it parses the file, so no tournament's pages outgrow the worker timeout.
# Set only from the environment: the defaults live in tournaments.limits, in one place.
if os.environ.get("CLUBRATING_MAX_ROUNDS"):
    CLUBRATING_MAX_ROUNDS = int(os.environ["CLUBRATING_MAX_ROUNDS"])
if os.environ.get("CLUBRATING_MAX_PLAYERS"):
    CLUBRATING_MAX_PLAYERS = int(os.environ["CLUBRATING_MAX_PLAYERS"])

# Content-Security-Policy (django-csp): our own files only; no inline scripts anywhere.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

# Everybody signs in on the site's own login page (organisers, arbiters and players need no
# staff flag); the admin's login stays for staff only.
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "account"
LOGOUT_REDIRECT_URL = "ratings:home"

# E-mail (password resets, invitations to a club's roles): printed on the console locally; in
# production an SMTP server from the environment (docs/deploy.md, .env.example).
EMAIL_BACKEND = os.environ.get(
    "EMAIL_BACKEND",
    "django.core.mail.backends.console.EmailBackend"
    if DEBUG
    else "django.core.mail.backends.smtp.EmailBackend",
)
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", False)
EMAIL_TIMEOUT = 10
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "clubrating <noreply@localhost>")
# Mail to players (core/mail.py): written by the change that causes it, sent after its commit
# by a background thread of the process ("thread"), a job on the "mail" queue of REDIS_URL
# ("queue"; the thread when Redis does not answer), or only by `manage.py mail_worker`
# ("worker"). Whatever is not sent at once the mail worker sends (and retries) later.
MAIL_DELIVERY = os.environ.get("MAIL_DELIVERY", "queue" if REDIS_URL else "thread").strip()
if MAIL_DELIVERY not in ("thread", "queue", "worker"):
    raise ImproperlyConfigured("MAIL_DELIVERY is thread, queue or worker.")
if MAIL_DELIVERY == "queue" and not REDIS_URL:
    raise ImproperlyConfigured("MAIL_DELIVERY=queue needs REDIS_URL.")
# The site's address, for the links in mails (written by actions, not always in a request).
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").strip().rstrip("/")
PASSWORD_RESET_TIMEOUT = 60 * 60 * 24  # a reset link works for one day
# Password reset requests taken per e-mail address and per client address within the window
# (backoffice/views/password_reset.py): more send no e-mail and answer 429.
PASSWORD_RESET_LIMIT = int(os.environ.get("PASSWORD_RESET_LIMIT", "3"))
PASSWORD_RESET_ADDRESS_LIMIT = int(os.environ.get("PASSWORD_RESET_ADDRESS_LIMIT", "20"))
PASSWORD_RESET_WINDOW_MINUTES = int(os.environ.get("PASSWORD_RESET_WINDOW_MINUTES", "60"))
# A writer waits at most this long for a row another writer holds (PostgreSQL's
# lock_timeout, set by the unit of work: core/busy.py), then is answered 503 "busy, try again"
# and nothing is written; 0: no bound. Below the app server's timeout (gunicorn: 30 s).
LOCK_TIMEOUT_SECONDS = float(os.environ.get("LOCK_TIMEOUT_SECONDS", "10"))
# An invitation's link (a club's organiser, arbiter or player: actions/invitations.py) works
# for this many days; sending it again gives a new link and a new limit.
INVITATION_VALID_DAYS = int(os.environ.get("INVITATION_VALID_DAYS", "7"))

# Logging: warnings and errors to stderr (the service manager's journal), server errors with
# their traceback, refused requests (4xx) in one line without it, each line with the
# request's id (web/request_id.py); with ``ADMINS`` set (``Name <address>,
# other@example.org``) server errors are mailed too, through the ``EMAIL_*`` settings.
# ``LOG_LEVEL`` sets the level of the app's own loggers.
ADMINS = [
    (address.split("<")[0].strip() or address.strip(), address.split("<")[-1].strip(" >"))
    for address in env_list("ADMINS")
]
SERVER_EMAIL = os.environ.get("SERVER_EMAIL", "root@localhost")
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "request_id": {"()": "web.request_id.RequestIdFilter"},
        # A refused request (403, 404, CSRF, 400) in one line; a 500 with its traceback.
        "refusal": {"()": "web.request_id.RefusalFilter"},
        "require_debug_false": {"()": "django.utils.log.RequireDebugFalse"},
    },
    "formatters": {
        "line": {
            "format": "%(asctime)s %(levelname)s [%(request_id)s] %(name)s: %(message)s",
        },
    },
    "handlers": {
        "stderr": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stderr",
            "filters": ["request_id", "refusal"],
            "formatter": "line",
        },
        "mail_admins": {
            "class": "django.utils.log.AdminEmailHandler",
            "level": "ERROR",
            "filters": ["require_debug_false", "refusal"],
        },
    },
    "root": {"handlers": ["stderr"], "level": "WARNING"},
    "loggers": {
        "django": {
            "handlers": ["stderr", *(["mail_admins"] if ADMINS else [])],
            "level": "INFO" if DEBUG else "WARNING",
            "propagate": False,
        },
        **{
            app: {"level": os.environ.get("LOG_LEVEL", "INFO"), "propagate": True}
            for app in ("core", "actions", "ratings", "rq.worker")
        },
    },
}

DJANGO_TABLES2_TEMPLATE = "includes/table.html"

SESSION_COOKIE_HTTPONLY = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

if not DEBUG:
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    # A load balancer checks the app servers directly, over plain HTTP.
    SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^readyz$"]
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    if env_bool("SECURE_PROXY_SSL_HEADER", True):
        # Only behind a proxy that sets (and strips from clients) X-Forwarded-Proto.
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
