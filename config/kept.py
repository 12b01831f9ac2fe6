"""Values kept in the shared cache under a version, read back until the version moves on.

``kept(key, compute)`` is the one get-or-compute the apps share (the standings' stored tables
and API answer, a player's page). The key names a version that is never reused, so an entry
can only be right or missing; a cache that fails is a miss, logged, and the answer is computed
as if it had never been kept (a page is slower, never wrong, never an error).
"""

from __future__ import annotations

import hashlib
import logging
import os
from collections.abc import Callable, Iterable
from functools import cache as once
from pathlib import Path
from typing import cast

from django.conf import settings
from django.core.cache import cache

log = logging.getLogger(__name__)

KEPT_FOR = 6 * 60 * 60  # seconds; a version is never reused, so this only frees the cache


def kept[T](key: str, compute: Callable[[], T], timeout: int = KEPT_FOR) -> T:
    """``compute()``, kept in the shared cache under ``key``."""
    try:
        found = cache.get(key)
    except Exception:
        log.warning("kept values: could not read %s", key, exc_info=True)
        return compute()
    if found is not None:
        return cast(T, found)
    value = compute()
    try:
        cache.set(key, value, timeout)
    except Exception:
        log.warning("kept values: could not keep %s", key, exc_info=True)
    return value


def code_digest(paths: Iterable[Path]) -> str:
    """A digest of the code that computes what is kept, for its keys: a deploy computes anew."""
    return hashlib.blake2b(b"".join(path.read_bytes() for path in sorted(paths)), digest_size=8).hexdigest()


# What ``site_code`` reads: the site's source, templates, catalogues and static sources (their
# hashed names are in the pages), not its tests, documents, virtual environment or database.
CODE_SUFFIXES = (".py", ".html", ".txt", ".md", ".mo", ".css", ".js", ".svg", ".png", ".json", ".toml")
NOT_CODE = {"tests", "docs", "deploy", "node_modules", "__pycache__", "staticfiles", "media"}


@once
def site_code() -> str:
    """A digest of everything a page is drawn with (``code_paths``): a deploy that changes any
    of it keeps its pages anew (``config.kept_tags``). Read once per process, in milliseconds."""
    return code_digest(code_paths())


def code_paths() -> list[Path]:
    """The site's source, templates, catalogues and static sources under the project."""
    root = Path(settings.BASE_DIR)
    collected = Path(settings.STATIC_ROOT).resolve() if settings.STATIC_ROOT else None
    paths = []
    for folder, names, files in os.walk(root):
        names[:] = sorted(
            name
            for name in names
            if name not in NOT_CODE and not name.startswith(".") and Path(folder, name).resolve() != collected
        )
        paths += [Path(folder, name) for name in files if name.endswith(CODE_SUFFIXES)]
    return paths
