"""API tokens: knox's hashed tokens, sent as ``Authorization: Token <token>`` (api.md).

A token is 64 hexadecimal characters. Anything else in the header (NUL bytes, non-ASCII text)
is refused as a wrong token before it gets near the database, which could not even compare it.
"""

from __future__ import annotations

import re

from django.utils.translation import gettext_lazy as _
from knox.auth import TokenAuthentication as KnoxTokenAuthentication
from rest_framework import exceptions

TOKEN = re.compile(rb"[0-9a-f]{64}")


class TokenAuthentication(KnoxTokenAuthentication):
    def authenticate_credentials(self, token: bytes):
        if not TOKEN.fullmatch(token):
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        return super().authenticate_credentials(token)
