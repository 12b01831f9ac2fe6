"""API tokens: knox's hashed tokens, sent as ``Authorization: Token <token>`` (api.md).

A token is 64 hexadecimal characters. Anything else in the header (NUL bytes, non-ASCII text)
is refused as a wrong token before it gets near the database, which could not even compare it.

Knox, on every request, also reads all the user's other tokens to delete the expired ones: a
query per API call for housekeeping. Here a request checks only the token it came with (an
expired one is refused and deleted, as knox does); the user's other expired tokens are deleted
when they log in again (``players.api.obtain_token``), which is where new tokens pile up.

The token and its user are read by a statement composed once (``config.prepared``): every API
call starts here, and the ORM took longer to compose the query than the database to answer it.
What is done with them is knox's, step for step.
"""

from __future__ import annotations

import binascii
import re
from functools import cache
from hmac import compare_digest
from typing import cast

from django.contrib.auth import get_user_model
from django.db import router
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from knox.auth import TokenAuthentication as KnoxTokenAuthentication
from knox.crypto import hash_token
from knox.models import AuthToken, get_token_model
from knox.settings import CONSTANTS, knox_settings
from knox.signals import token_expired
from rest_framework import exceptions

from config.prepared import PreparedRead

TOKEN = re.compile(rb"[0-9a-f]{64}")


class TokenAuthentication(KnoxTokenAuthentication):
    def authenticate_credentials(self, token: bytes):
        if not TOKEN.fullmatch(token):
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        text = token.decode()
        for auth_token in self.tokens(text[: CONSTANTS.TOKEN_KEY_LENGTH]):
            if self._cleanup_token(auth_token):
                continue
            try:
                digest = hash_token(text)
            except (TypeError, binascii.Error):
                raise exceptions.AuthenticationFailed(_("Invalid token.")) from None
            if compare_digest(digest, auth_token.digest):
                if knox_settings.AUTO_REFRESH and auth_token.expiry:
                    self.renew_token(auth_token)
                return self.validate_user(auth_token)
        raise exceptions.AuthenticationFailed(_("Invalid token."))

    def tokens(self, key: str) -> list[AuthToken]:
        """The tokens that start with ``key``, each with its user (as ``select_related("user")``
        would have it)."""
        tokens = []
        for (found, user), _extra in _tokens().rows(router.db_for_read(get_token_model()), [key]):
            auth_token = cast(AuthToken, found)
            auth_token.user = user
            tokens.append(auth_token)
        return tokens

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


@cache
def _tokens() -> PreparedRead:
    """The tokens that start with a key, each with its user (knox's lookup)."""
    token, user = get_token_model(), get_user_model()
    return PreparedRead(
        [(token, "t"), (user, "u")],
        lambda q: (
            f"FROM {q(token._meta.db_table)} t JOIN {q(user._meta.db_table)} u"
            f" ON u.{q(user._meta.pk.attname)} = t.{q('user_id')} WHERE t.{q('token_key')} = %s"
        ),
    )
