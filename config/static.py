"""The static files storage of production: whitenoise's compressed, hashed files, with each
file's address worked out once per process.

Working out ``{% static "css/scoreblok.css" %}`` (the manifest lookup, then parsing and joining
the URL) took 50 to 80 µs, and every page names about ten static files. The manifest is read
when the process starts and does not change while it runs, so the answer for a name never
changes either: it is kept. ``collectstatic`` writes a new manifest and forgets what was kept.
"""

from __future__ import annotations

from typing import Any

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._urls: dict[str, str] = {}

    def url(self, name: str | None, force: bool = False) -> str:
        if force or name is None:
            return super().url(name, force)
        try:
            return self._urls[name]
        except KeyError:
            url = self._urls[name] = super().url(name)
            return url

    def post_process(self, *args: Any, **kwargs: Any) -> Any:
        self._urls.clear()
        yield from super().post_process(*args, **kwargs)
        self._urls.clear()
