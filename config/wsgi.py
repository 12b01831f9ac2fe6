import gc
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()

# Fail at start-up, with the command to run, rather than answer 500 on every page.
from config.startup import require_production_ready  # noqa: E402 (needs settings loaded)

require_production_ready()

# What start-up made (the modules, the URL patterns, the settings: most of a worker's objects)
# lives as long as the process. Frozen, it is left out of the collector's walks, so a full
# collection during a request goes through what requests made instead of every object of the
# site: measured in a worker's request mix, a full collection took 200 ms before and 7 after
# (docs/performance.md). Python's documentation recommends it for servers that start once.
gc.freeze()
