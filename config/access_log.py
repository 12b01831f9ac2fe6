"""gunicorn's access log without a secret (``logger_class`` in config/gunicorn.py).

gunicorn writes the request line as it came, query string and all: ``/live/<token>/`` with the
token, a password-reset link, a ``next`` holding an invitation's address. This logger gives each
of its atoms that carries an address the route instead (``config.logs.resolve_path``, the same
as the JSON request log), empties the query string, and leaves out the referer and every request
header or environment entry that may hold a secret, whatever ``access_log_format`` names.
"""

from __future__ import annotations

from typing import Any

from gunicorn.glogging import Logger

from config.logs import resolve_path

# Atoms of request headers and environment entries that may carry a secret or an address.
HIDDEN_ATOMS = frozenset(
    {
        "{referer}i",
        "{cookie}i",
        "{authorization}i",
        "{x-csrftoken}i",
        "{raw_uri}e",
        "{path_info}e",
        "{query_string}e",
        "{request_uri}e",
        "{http_referer}e",
        "{http_cookie}e",
        "{http_authorization}e",
        "{http_x_csrftoken}e",
    }
)


class RouteAccessLogger(Logger):
    def atoms(self, resp: Any, req: Any, environ: dict[str, Any], request_time: Any) -> dict[str, Any]:
        atoms = super().atoms(resp, req, environ, request_time)
        path = resolve_path(environ.get("PATH_INFO") or "/")
        atoms["U"] = path
        atoms["q"] = ""
        atoms["f"] = "-"
        atoms["r"] = f"{environ.get('REQUEST_METHOD')} {path} {environ.get('SERVER_PROTOCOL')}"
        for name in HIDDEN_ATOMS & atoms.keys():
            atoms[name] = "-"
        return atoms
