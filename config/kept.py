"""What ``{% keep %}`` (``config.kept_tags``) keys its fragments with: how long they are kept and
a digest of the site's code."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable
from functools import cache as once
from pathlib import Path

from django.conf import settings

KEPT_FOR = 6 * 60 * 60  # seconds; a version is never reused, so this only frees the cache


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
