"""Checks that stop a production server from starting half-configured.

Without ``collectstatic`` the manifest storage cannot name any static file, so every page would
answer 500 with nothing saying why. ``config/wsgi.py`` calls ``require_collected_static`` when
the server loads the site, so it refuses to start and says what to run instead.
"""

from __future__ import annotations

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
