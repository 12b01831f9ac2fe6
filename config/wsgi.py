import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()

# Fail at start-up, with the command to run, rather than answer 500 on every page.
from config.startup import require_collected_static  # noqa: E402 (needs settings loaded)

require_collected_static()
