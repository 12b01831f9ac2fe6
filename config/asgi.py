import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_asgi_application()

# Fail at start-up, saying what to set or run, rather than answer 500 on every page.
from config.startup import require_production_ready  # noqa: E402 (needs settings loaded)

require_production_ready()
