"""Scoreblok settings: one module, driven by the environment; the defaults are production's.

Production sets ``SECRET_KEY``, ``ALLOWED_HOSTS``, ``DATABASE_URL`` and ``EMAIL_HOST``. ``DEBUG`` is
off unless the environment turns it on (``make run`` and the other Makefile targets set
``DEBUG=1``). With ``DEBUG`` off and no ``SECRET_KEY`` the server refuses to start
(``config.startup.require_secret_key``); management commands that sign nothing still run.

The test runners (pytest, ``manage.py test``) are recognised and get the development set-up
(a fixed key, no HTTPS redirect, plain static files), whatever the environment says; they switch
``DEBUG`` itself off while tests run. A deployment never imports pytest, so it cannot end up here.
"""

from __future__ import annotations

import os
import sys
from datetime import timedelta
from pathlib import Path

import dj_database_url
from dj_database_url import DBConfig
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent
# Each game's home keeps its templates and static files beside its code (games/<game>/).
GAME_HOMES = sorted(path for path in (BASE_DIR / "games").iterdir() if path.is_dir())


_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def envbool(name: str, default: bool) -> bool:
    """The environment's ``name`` as a boolean; a value outside 1/0, true/false, yes/no, on/off
    (any case) stops start-up, so a typo such as ``DEBUG=flase`` is never silently "off"."""
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    if value.lower() in _TRUE:
        return True
    if value.lower() in _FALSE:
        return False
    raise ImproperlyConfigured(
        f"{name}={value!r} is not a boolean: use one of 1, 0, true, false, yes, no, on, off."
    )


def envint(name: str, default: int) -> int:
    """The environment's ``name`` as a whole number; anything else stops start-up with the
    variable named, rather than a bare ``ValueError``."""
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    try:
        return int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={value!r} is not a whole number.") from None


DEBUG = envbool("DEBUG", False)
TESTING = "pytest" in sys.modules or sys.argv[1:2] == ["test"]
# Developing or testing on one's own machine: no HTTPS, no secret to keep, no static manifest.
LOCAL = DEBUG or TESTING

# Without a key in production it stays empty: the server refuses to start (config.startup, called
# by config/wsgi.py and config/asgi.py) and anything that signs refuses too (Django's own check),
# while commands that sign nothing (migrate, collectstatic, makemigrations --check) still run.
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY and LOCAL:
    SECRET_KEY = "dev-only-insecure-key-change-me-in-production-0123456789abcdef"
ALLOWED_HOSTS = [h for h in os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver").split(",") if h]
CSRF_TRUSTED_ORIGINS = [o for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_tasks_db",
    "rest_framework",
    "knox",
    "axes",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "django_eventstream",
    "players",
    "games",
    "house",
    "matches",
    "rulebook",
    "league",
    "stats",
    "live",
    "backup",
    # The project's wiring, installed for its one command: `manage.py task_worker`, the task
    # worker that comes back after a lost database connection (config/management/).
    "config",
]

MIDDLEWARE = [
    # One log line a request with LOG_FORMAT=json (config/logs.py); first, to time all the rest.
    "config.logs.RequestLogMiddleware",
    # The request at hand for Sentry's last look at an event (config/reports.py).
    "config.reports.CurrentRequestMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # HTML and JSON compressed (a sheet is 5 to 10 times smaller). BREACH: Django's gzip adds
    # random bytes to every response and the CSRF token is masked anew each time, so a secret
    # cannot be guessed from compressed sizes. Static files come pre-compressed from whitenoise.
    # Event streams are left alone (config/middleware.py).
    "config.middleware.CompressMiddleware",
    # Signed-in answers are private and never stored. Outside the conditional GET, which makes no
    # ETag for an answer marked no-store: it tags the answer first, so an API client polling with
    # If-None-Match still gets 304.
    "config.middleware.PrivateAnswersMiddleware",
    # An ETag on every answer and 304 Not Modified when it has not changed: an API client
    # polling a match between rounds gets no body. (HTML pages never repeat: their CSRF token
    # is masked anew on every request.)
    "django.middleware.http.ConditionalGetMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django_permissions_policy.PermissionsPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "config.middleware.CommonMiddleware",
    "config.middleware.ApiHeadersMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "players.middleware.UserLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # The known-device cookie on the answer to a log-in (players/guessing.py).
    "players.guessing.KnownDeviceMiddleware",
    # Last, so that it sees the lockout flag that a login attempt set on the request.
    "axes.middleware.AxesMiddleware",
]

# Work that does not belong in a request runs through Django's tasks. In production the queue
# is a table and `manage.py db_worker` runs every task of the project; on a developer's
# machine and in tests a task runs at once, in the request (TASKS_BACKEND overrides either).
_immediate = "django.tasks.backends.immediate.ImmediateBackend"
_tasks_backend = _immediate if LOCAL else "django_tasks_db.DatabaseBackend"
TASKS = {"default": {"BACKEND": os.environ.get("TASKS_BACKEND", _tasks_backend)}}

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates", *(home / "templates" for home in GAME_HOMES)],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "players.context_processors.visitor",
            ],
        },
    },
]

# SQLite by default so `make run` needs nothing; PostgreSQL (production, CI) via DATABASE_URL.
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=envint("CONN_MAX_AGE", 60),
        # Persistent connections save a connect per request; the check drops one the
        # database closed meanwhile instead of failing the request that finds it.
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several phones saving at once wait their turn instead of getting "database is locked": a
    # transaction takes the write lock when it begins (IMMEDIATE: a deferred one that has read
    # cannot wait for the lock once another wrote, it fails), a writer waits up to 20 s for the
    # one before it, and with WAL readers never wait for a writer. With WAL, synchronous=NORMAL
    # cannot corrupt the file; a power cut may lose the last commits.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    # A file, not the in-memory database, so that tests with threads get a connection each and
    # wait on the same locks as a server's requests do.
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / "db-test.sqlite3")}
# PostgreSQL parses and plans a statement anew each time it is sent with its values written in
# (Django's default): that was half of the database's time for a deal or a match read. Sent
# with its values apart, a statement a connection has run 5 times is prepared there once and
# then only executed. Django leaves this off for transaction-mode poolers (PgBouncer before
# 1.21), which share connections between clients: DATABASE_PREPARED=0 behind one of those.
PREPARED = envbool("DATABASE_PREPARED", True)


def prepared(database: DBConfig) -> DBConfig:
    if PREPARED and database.get("ENGINE") == "django.db.backends.postgresql":
        database["OPTIONS"] = {
            **database.get("OPTIONS", {}),
            "server_side_binding": True,
            "prepare_threshold": 5,
        }
    return database


prepared(DATABASES["default"])
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Several app servers share one cache (REDIS_URL, e.g. redis://127.0.0.1:6379/0): a per-process
# cache would let each server keep its own idea of a throttle or a cached value. Without it,
# the local-memory default. Sessions live in the database either way; with the shared cache a
# page reads them from it (written through to the database, so a flushed cache logs nobody
# out). Not with a per-process cache: a logout on one server would not reach the others.
# Either cache is bounded: the local one holds 2,000 entries per process and drops the least
# recently used third when full; Redis is given `maxmemory` and `allkeys-lru` (docs/deploy.md).
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "OPTIONS": {"MAX_ENTRIES": 2000},
    }
}
if REDIS_URL := os.environ.get("REDIS_URL"):
    CACHES = {
        "default": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": REDIS_URL,
            # A Redis that is down or unreachable reads as empty and keeps nothing: pages are
            # drawn anew and sessions read from the database (cached_db), never a 500.
            "OPTIONS": {"IGNORE_EXCEPTIONS": True, "SOCKET_CONNECT_TIMEOUT": 0.5, "SOCKET_TIMEOUT": 0.5},
        }
    }
    DJANGO_REDIS_LOG_IGNORED_EXCEPTIONS = True
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"

# Live pages are pushed by server-sent events (live/streams.py, docs/deploy.md "Live push").
# Events are fanned out to every process through Redis pub/sub with REDIS_URL, and stay in this
# process without it (`make run`, the tests). They are not stored (no EVENTSTREAM_STORAGE_CLASS):
# every event says "fetch again", and a page fetches once whenever its stream (re)opens, so a
# stream that comes back needs nothing replayed. Storing cost each event two more Redis round
# trips on every write (docs/performance.md).
if REDIS_URL:
    from redis.connection import parse_url

    EVENTSTREAM_REDIS = parse_url(REDIS_URL)
# Seconds between heartbeats (an SSE comment) on an idle stream, so that proxies keep it open.
LIVE_STREAM_HEARTBEAT = envint("LIVE_STREAM_HEARTBEAT", 25)
# Seconds a stream stays open at most (less up to a tenth, so that a room's screens do not all
# come back at once); the browser then reconnects by itself and is authorised anew.
LIVE_STREAM_MAX_AGE = envint("LIVE_STREAM_MAX_AGE", 3600)
# Streams open at once from one client address (players/addresses.py); one more is answered 429.
# A club's room shares one address: a phone or a screen each for a few dozen people.
LIVE_STREAMS_PER_CLIENT = envint("LIVE_STREAMS_PER_CLIENT", 100)

# ASVS level 1: at least 12 characters, not like the username (or the e-mail address), not a
# common password.
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 12}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    # Not a rule for new passwords: Django tells validators when a password changed, and this one
    # then revokes the user's API tokens (players/passwords.py).
    {"NAME": "players.passwords.RevokeTokensOnChange"},
]
if TESTING:
    # Tests make many users; a deliberately slow hasher would be most of their time.
    PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
AUTHENTICATION_BACKENDS = [
    # Counts failed log-ins and refuses locked-out accounts and addresses before the password hasher runs.
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# How many proxies stand in front of the app servers, each appending to X-Forwarded-For: 0 when
# clients connect to gunicorn directly, 1 behind haproxy (docs/deploy.md). The client's address
# (players/addresses.py) is what the log-in lock, the throttles and the guest limit count.
PROXY_COUNT = envint("PROXY_COUNT", 0)
# Ten failed log-ins lock that account from that address for a quarter of an hour; so many failed
# log-ins from one address, whatever the accounts, lock the address (players/lockout.py). Tries
# made while locked are refused without being counted, so they do not extend the lock.
AXES_FAILURE_LIMIT = envint("AXES_FAILURE_LIMIT", 10)
LOGIN_FAILURES_PER_ADDRESS = envint("LOGIN_FAILURES_PER_ADDRESS", 50)
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = "players.lockout.lockout_parameters"
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "players.lockout.locked_out"
AXES_CLIENT_IP_CALLABLE = "players.addresses.client_address"
# Failed log-ins per account, from any address, counted for a day after the last one: past ten,
# each try waits 15 s after the last failure, twice that after the next, up to an hour; a device
# the account signed in on before never waits (players/guessing.py).
ACCOUNT_FAILURES_FREE = envint("ACCOUNT_FAILURES_FREE", 10)
ACCOUNT_FIRST_DELAY = timedelta(seconds=15)
ACCOUNT_LONGEST_DELAY = timedelta(hours=1)
ACCOUNT_FAILURE_WINDOW = timedelta(hours=24)

# "Keep score now" (players.models.Guest): guests nobody claimed are deleted after this many days
# by `manage.py purge_guests` (run it daily); one IP address makes at most so many an hour.
GUEST_DAYS = envint("GUEST_DAYS", 30)
GUEST_STARTS_PER_HOUR = envint("GUEST_STARTS_PER_HOUR", 20)

# The largest club file `manage.py import_club` reads (backup.exports.read_document): a larger one
# is refused before a byte of it is read. Parsing takes at most about 30 times the file's size
# (the worst a crafted file can pack, docs/deploy.md "Backups and restore"): 32 MiB bounds an
# import near 1 GB. Raise it for a larger club's file on a machine with the memory for it.
CLUB_IMPORT_MAX_BYTES = envint("CLUB_IMPORT_MAX_BYTES", 32 * 1024 * 1024)

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Mail (password reset): the console while developing, SMTP (EMAIL_HOST...) in production.
_DEFAULT_MAIL_BACKEND = "console" if LOCAL else "smtp"
_MAIL_BACKEND = os.environ.get(
    "EMAIL_BACKEND", f"django.core.mail.backends.{_DEFAULT_MAIL_BACKEND}.EmailBackend"
)
_SMTP = _MAIL_BACKEND == "django.core.mail.backends.smtp.EmailBackend"
MAILERS = {
    "default": {
        "BACKEND": _MAIL_BACKEND,
        # The host is SMTP's option; another backend (console, file, a service's) takes none.
        "OPTIONS": {"host": os.environ.get("EMAIL_HOST", "localhost")} if _SMTP and not LOCAL else {},
    },
}
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Scoreblok <noreply@scoreblok.example>")

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("nl", _("Dutch")), ("fr", _("French"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
USE_TZ = True
TIME_ZONE = "Europe/Amsterdam"
# One long and one short date form per language (config/formats/).
FORMAT_MODULE_PATH = ["config.formats"]

STATIC_URL = "static/"
STATICFILES_DIRS = [
    BASE_DIR / "static",
    *(home / "static" for home in GAME_HOMES if (home / "static").is_dir()),
]
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if LOCAL
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "knox.auth.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_PARSER_CLASSES": ["config.parsers.JSONParser"],
    "DEFAULT_RENDERER_CLASSES": [
        "config.renderers.JSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "config.errors.exception_handler",
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
    # Requests per client (players/throttles.py), counted in the shared cache: an API view opts in
    # with @throttle_scope; sign-ups and password resets are pages and ask for theirs.
    "DEFAULT_THROTTLE_CLASSES": ["players.throttles.ScopedRateThrottle"],
    "DEFAULT_THROTTLE_RATES": {
        "login": "30/minute",  # POST /api/auth/token/, per address (the lock counts failures)
        "signup": "10/hour",  # accounts made, or refused for a taken username, per address
        "password_reset": "10/hour",  # reset requests per address
        "password_reset_mail": "3/hour",  # reset requests per e-mail address
    },
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Scoreblok API",
    "DESCRIPTION": "Record card games round by round; the rules engine checks every entry.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # No badge fetched from an outside validator (the CSP would block it anyway).
    "SWAGGER_UI_SETTINGS": {"deepLinking": True, "validatorUrl": None},
    # Two fields named "kind" with their own choices: a competition's scheme keeps its name, a
    # house game's end gets its own.
    "ENUM_NAME_OVERRIDES": {
        "KindEnum": "league.models.Competition.Kind",
        "HouseGameEndKindEnum": "scoring.declared.EndKind",
    },
    # A body that refuses unknown keys says so (additionalProperties: false, players/api_schema.py).
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "players.api_schema.close_bodies",
        "players.api_schema.require_text",
    ],
}
# API tokens are stored as hashes (knox); they last 30 days from their last use (renewed at most
# once a minute, knox's MIN_REFRESH_INTERVAL), and a password change or POST /api/auth/logout/
# revokes them. A request with a token deletes its user's expired ones (knox). An account holds
# at most TOKEN_LIMIT_PER_USER live ones: past it a log-in is refused (players/api.py).
REST_KNOX = {
    "AUTH_HEADER_PREFIX": "Token",
    "TOKEN_TTL": timedelta(days=30),
    "AUTO_REFRESH": True,
    "TOKEN_LIMIT_PER_USER": 10,
}

# Nothing external: scripts, styles, images and fonts come from this site (htmx is self-hosted
# and told not to inject its indicator style or evaluate attributes). The API docs page relaxes
# this for itself (config/urls.py).
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "frame-ancestors": [CSP.NONE],
    "form-action": [CSP.SELF],
}
# The browser features a scorepad never needs.
PERMISSIONS_POLICY: dict[str, list[str]] = {
    feature: []
    for feature in (
        "accelerometer",
        "camera",
        "display-capture",
        "geolocation",
        "gyroscope",
        "magnetometer",
        "midi",
        "payment",
        "usb",
    )
}
# The sheet's microphone key (static/js/speech.js) listens to a round said out loud, on the
# site's own pages only.
PERMISSIONS_POLICY["microphone"] = ["self"]

# The balancer's health check (config/health.py) comes over plain HTTP from the balancer itself:
# redirected to HTTPS, it would pass without asking the database.
SECURE_REDIRECT_EXEMPT = [r"^health/$"]
if not LOCAL:
    SECURE_SSL_REDIRECT = envbool("SECURE_SSL_REDIRECT", True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = envint("SECURE_HSTS_SECONDS", 31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_CONTENT_TYPE_NOSNIFF = True

# Errors reach a person. With SENTRY_DSN (Sentry, or a service that speaks its protocol) every
# unhandled exception and every error logged goes there, grouped, without cookies, bodies or
# users' addresses (send_default_pii off). Without it, Django mails them to ADMINS (addresses,
# comma-separated) through SERVER_EMAIL; with neither, they are only in the log.
SENTRY_DSN = os.environ.get("SENTRY_DSN", "").strip()
ADMINS = [address.strip() for address in os.environ.get("ADMINS", "").split(",") if address.strip()]
SERVER_EMAIL = os.environ.get("SERVER_EMAIL", DEFAULT_FROM_EMAIL)
# Neither gets a password, a token, a cookie or a request body, and neither floods: one report
# per kind of error every ten minutes, with the count of the rest (config/reports.py).
DEFAULT_EXCEPTION_REPORTER = "config.reports.Reporter"
DEFAULT_EXCEPTION_REPORTER_FILTER = "config.reports.ReportFilter"
if SENTRY_DSN and not TESTING:
    import sentry_sdk
    from sentry_sdk.integrations.logging import ignore_logger

    from config.reports import sentry_options

    sentry_sdk.init(**sentry_options(SENTRY_DSN, os.environ.get("SENTRY_ENVIRONMENT", "production")))
    # A client's bad Host header is its mistake, not the site's.
    ignore_logger("django.security.DisallowedHost")

# LOG_FORMAT=json: every log line is one JSON object, and each request writes one
# (config/logs.py), for the log collector of the app servers behind the balancer. "text" (the
# default) is for a person reading a terminal.
LOG_FORMAT = os.environ.get("LOG_FORMAT", "text").strip().lower() or "text"
if LOG_FORMAT not in {"text", "json"}:
    raise ImproperlyConfigured(f"LOG_FORMAT={LOG_FORMAT!r} is not a log format: use text or json.")
LOG_LEVEL = os.environ.get("LOG_LEVEL", "WARNING")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "require_debug_false": {"()": "django.utils.log.RequireDebugFalse"},
        "outage_mailed_once": {"()": "config.logs.OutageMailedOnce"},
        "once_per_kind": {"()": "config.reports.OncePerKind"},
        "once_per_kind_here": {"()": "config.reports.OncePerKind", "shared": False},
        "route_not_path": {"()": "config.reports.RouteNotPath"},
        "as_info": {"()": "config.reports.Demote", "level": "INFO"},
        "as_warning": {"()": "config.reports.Demote", "level": "WARNING"},
    },
    "formatters": {"json": {"()": "config.logs.JsonFormatter"}},
    "handlers": {
        # Every record about a request (whatever logger wrote it) has its address by its route
        # before it is written; the loggers below do it themselves, for Sentry's breadcrumbs too.
        "console": {
            "class": "logging.StreamHandler",
            "filters": ["route_not_path"],
            **({"formatter": "json"} if LOG_FORMAT == "json" else {}),
        },
        # Mails nothing while ADMINS is empty.
        "mail_admins": {
            "level": "ERROR",
            "class": "config.reports.ReportMailHandler",
            "filters": ["require_debug_false", "outage_mailed_once", "once_per_kind"],
        },
    },
    "root": {"handlers": ["console"] + ([] if SENTRY_DSN else ["mail_admins"]), "level": LOG_LEVEL},
    "loggers": {
        # Django's own default sends its errors to a mail_admins of its own: here they go to the
        # root's handlers, as everything else does, once.
        "django": {"handlers": [], "level": LOG_LEVEL, "propagate": True},
        # "Not Found: /live/<token>/": the route, never a token of the address.
        "django.request": {"filters": ["route_not_path"]},
        # "Forbidden (CSRF cookie not set.): /invite/<token>/": an invitation posted from a stale
        # page, or with cookies blocked, logs its route too.
        "django.security.csrf": {"filters": ["route_not_path"]},
        # A request for a host the site does not serve is a client's mistake, never mailed.
        "django.security.DisallowedHost": {"filters": ["as_info"]},
        # A Redis that is down is a miss (IGNORE_EXCEPTIONS): a warning, once per process and
        # kind every ten minutes, not an error per request.
        "django_redis.cache": {"filters": ["as_warning", "once_per_kind_here"]},
        "scoreblok.requests": {"level": "INFO" if LOG_FORMAT == "json" else "WARNING"},
    },
}
