"""API tokens: knox's hashed tokens, sent as ``Authorization: Token <token>`` (api.md).

A token is 64 hexadecimal characters. Anything else in the header (NUL bytes, non-ASCII text)
is refused as a wrong token before it gets near the database, which could not even compare it.

Knox, on every request, also reads all the user's other tokens to delete the expired ones: a
query per API call for housekeeping. Here a request checks only the token it came with (an
expired one is refused and deleted, as knox does); the user's other expired tokens are deleted
when they log in again (``players.api.obtain_token``), which is where new tokens pile up.
"""

from __future__ import annotations

import re

from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from knox.auth import TokenAuthentication as KnoxTokenAuthentication
from knox.models import get_token_model
from knox.signals import token_expired
from rest_framework import exceptions

TOKEN = re.compile(rb"[0-9a-f]{64}")


class TokenAuthentication(KnoxTokenAuthentication):
    def authenticate_credentials(self, token: bytes):
        if not TOKEN.fullmatch(token):
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        return super().authenticate_credentials(token)

    def _cleanup_token(self, auth_token) -> bool:
        """Whether this token has expired (it is deleted then); other tokens are left alone."""
        if auth_token.expiry is not None and auth_token.expiry < timezone.now():
            username = auth_token.user.get_username()
            auth_token.delete()
            token_expired.send(sender=self.__class__, username=username, source="auth_token")
            return True
        return False


def delete_expired_tokens(user) -> None:
    """The user's tokens that ran out (30 days unused): deleted when the user logs in again."""
    get_token_model().objects.filter(user=user, expiry__lt=timezone.now()).delete()
