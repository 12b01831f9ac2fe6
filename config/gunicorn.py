"""gunicorn settings for production (`make serve`); every value can be overridden by the
environment (``GUNICORN_WORKERS``, ``PORT``...) or on the command line.

Sync workers, two per core plus one: a request is short CPU work plus a few fast queries, so
more workers than cores keeps the CPU busy while one waits on PostgreSQL. ``max_requests`` with
jitter recycles a worker now and then so a slow leak cannot grow for ever. The access log names
each address by its route (``logger_class``), as the JSON request log does.
"""

import multiprocessing
import os

bind = f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("GUNICORN_WORKERS", multiprocessing.cpu_count() * 2 + 1))
worker_class = "sync"
timeout = 30
graceful_timeout = 20
keepalive = 5
max_requests = 2000
max_requests_jitter = 200
accesslog = os.environ.get("GUNICORN_ACCESS_LOG", "-")
# Each request's address written as its route, /live/<token>/, never a token, a query string or
# a referer (config/access_log.py).
logger_class = "config.access_log.RouteAccessLogger"
errorlog = "-"
wsgi_app = "config.wsgi:application"
