"""The ASGI application: the live streams under /events/ (docs/deploy.md, "Live push"), and the
whole site with ``make run``.

Django's handler gives each request a thread of its own for its synchronous parts (the
middleware, the view), kept until the request ends: for a stream open for an hour, an idle
thread per open page. The streams' requests share one thread instead (asgiref's
``ThreadSensitiveContext`` with an executor of ours): their synchronous work is a short
authorisation when they open, done one at a time.
"""

import os
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from asgiref.sync import ThreadSensitiveContext
from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_application = get_asgi_application()

# Fail at start-up, saying what to set or run, rather than answer 500 on every page.
from config.startup import require_production_ready  # noqa: E402 (needs settings loaded)

require_production_ready()

STREAMS = "/events/"
streams_thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="streams")


async def application(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if scope["type"] == "http" and scope["path"].startswith(STREAMS):
        async with ThreadSensitiveContext(executor=streams_thread):
            await django_application(scope, receive, send)
        return
    await django_application(scope, receive, send)
