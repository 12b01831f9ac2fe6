"""Checks that stop a production server from starting half-configured.

Without ``SECRET_KEY`` nothing could be signed (sessions, CSRF, password resets): every log-in
would fail. The settings leave it empty in production so that commands signing nothing
(``migrate``, ``collectstatic``) run in a build step without the secret; the server, which
needs it, refuses to start instead (``require_secret_key``).

Without ``collectstatic`` the manifest storage cannot name any static file, so every page would
answer 500 with nothing saying why. ``config/wsgi.py`` and ``config/asgi.py`` call both checks
(``require_production_ready``) when the server loads the site, so it refuses to start and says
what to do instead.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.staticfiles.storage import ManifestFilesMixin
from django.core.exceptions import ImproperlyConfigured
from django.core.files.storage import Storage, storages


def require_collected_static(storage: Storage | None = None) -> None:
    """Raise ``ImproperlyConfigured`` if a manifest storage has no manifest yet."""
    storage = storage if storage is not None else storages["staticfiles"]
    if not isinstance(storage, ManifestFilesMixin):
        return  # DEBUG/local: files are served from the source folders, nothing to collect
    if not storage.manifest_storage.exists(storage.manifest_name):
        location = storage.manifest_storage.path(storage.manifest_name)
        raise ImproperlyConfigured(
            f"The static files have not been collected ({location} is missing), so every page "
            "would fail. Run `python manage.py collectstatic --no-input` before starting the "
            "server (`make serve` does it)."
        )


def require_secret_key() -> None:
    """Raise ``ImproperlyConfigured`` if no ``SECRET_KEY`` was given (only production leaves it
    empty: developing and testing get a fixed one)."""
    try:
        settings.SECRET_KEY  # noqa: B018 (Django raises when it is empty)
    except ImproperlyConfigured:
        raise ImproperlyConfigured(
            "SECRET_KEY is not set. DEBUG is off, so this is a production start: set SECRET_KEY in the "
            "environment to a long random value (or set DEBUG=1 on a development machine)."
        ) from None


def require_production_ready() -> None:
    """What a server checks when it has loaded the site."""
    require_secret_key()
    require_collected_static()
