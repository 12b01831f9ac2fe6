"""Path converters for the secrets the site puts in its addresses, so that only something the site
could have issued reaches a view: a NUL, another control character, a space or an over-long
string answers 404 at the URL, before any query (PostgreSQL refuses a NUL in a query with an
error, which would be a 500).

- ``<token:…>``: a random secret made by ``secrets.token_urlsafe`` (a share link, a club's TV
  link, an invitation, a calendar link): URL-safe base64 letters, at most 64 of them, the length
  of the columns that store them (``max_length=64``). Shorter strings of those letters pass: they
  are looked up and not found, one indexed query.
- ``<signed:…>``: a watch token (``live.versions.watch_token``, a Fernet token): the same letters
  and ``=``, at most 512 (a watch token is about 140).

Registered when this module is imported: each ``urls.py`` that uses them imports it first."""

from __future__ import annotations

from django.urls import register_converter

TOKEN_LENGTH = 64  # the token columns' max_length
SIGNED_LENGTH = 512


class Token:
    regex = f"[A-Za-z0-9_-]{{1,{TOKEN_LENGTH}}}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


class Signed(Token):
    regex = f"[A-Za-z0-9_=-]{{1,{SIGNED_LENGTH}}}"


register_converter(Token, "token")
register_converter(Signed, "signed")
