"""Settings for ``make bench``: the production settings (run with ``DEBUG=0``) plus a bare view,
served over plain HTTP on the loopback.

What differs from production, and why: no HTTPS redirect and no Secure cookies (the load test
talks HTTP to gunicorn on 127.0.0.1, where a proxy would end TLS in production), and static
files collected into a temporary folder (``BENCH_STATIC_ROOT``) so a run leaves nothing behind.
"""

from __future__ import annotations

import os
from pathlib import Path

from config.settings import *  # noqa: F403

ROOT_URLCONF = "tests.bench.urls"
SECURE_SSL_REDIRECT = False
SESSION_COOKIE_SECURE = False
CSRF_COOKIE_SECURE = False
SECURE_HSTS_SECONDS = 0
ALLOWED_HOSTS = ["127.0.0.1", "localhost", "testserver"]
STATIC_ROOT = Path(os.environ.get("BENCH_STATIC_ROOT", "/tmp/scoreblok-bench-static"))
