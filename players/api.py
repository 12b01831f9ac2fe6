"""The API's log-in and log-out: ``POST /api/auth/token/`` and ``POST /api/auth/logout/``.

A token is handed out once and stored only as a hash (django-rest-knox); log-out deletes the
token the request came with, a password change deletes them all (players/passwords.py). Failed
attempts count towards the same lock as the log-in page (django-axes, players/lockout.py), and
one client may ask only so often (the ``login`` throttle); an account guessed from many
addresses waits between tries, but not on a device it signed in on before (players/guessing.py).
An account holds at most knox's ``TOKEN_LIMIT_PER_USER`` live tokens: past it a log-in is
refused (403 ``too_many_tokens``) until one is logged out or runs out, or a password change
revokes them all.
"""

from __future__ import annotations

from django.contrib.auth import authenticate
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.debug import sensitive_variables
from drf_spectacular.utils import OpenApiResponse, extend_schema
from knox.models import get_token_model
from knox.settings import knox_settings
from rest_framework import exceptions, serializers, status
from rest_framework.decorators import api_view, authentication_classes, permission_classes, throttle_scope
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from players.api_schema import AUTH_ERRORS, BODY_ERRORS, ERROR
from players.guessing import forget_failures, remember_device, wait_for_account
from players.lockout import LockedOut


class TooManyTokens(exceptions.PermissionDenied):
    default_code = "too_many_tokens"

    def __init__(self) -> None:
        super().__init__(
            _(
                "This account is signed in to too many apps: log out of one (or change your "
                "password to sign out of all of them) first."
            ),
            self.default_code,
        )


class CredentialsSerializer(serializers.Serializer):
    username = serializers.CharField(min_length=1, max_length=150)
    # Long enough for any passphrase, short enough that nobody makes the hasher chew megabytes.
    password = serializers.CharField(min_length=1, max_length=1024, trim_whitespace=False)


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField(help_text="Send it as `Authorization: Token <token>`.")
    expiry = serializers.DateTimeField(allow_null=True, help_text="Moves on each time the token is used.")


@extend_schema(
    operation_id="auth_token_create",
    summary="Log in: a token for the Authorization header",
    request=CredentialsSerializer,
    # 403: the account holds its cap of live tokens; 429: locked out, or throttled.
    responses={200: TokenSerializer, 403: ERROR, 429: ERROR, **BODY_ERRORS},
    auth=[],
)
@api_view(["POST"])
@authentication_classes([])
@permission_classes([AllowAny])
@throttle_scope("login")
@sensitive_variables("credentials", "request", "key")
def obtain_token(request: Request) -> Response:
    credentials = CredentialsSerializer(data=request.data)
    credentials.is_valid(raise_exception=True)
    wait = wait_for_account(request._request, credentials.validated_data["username"])
    if wait is not None:
        raise exceptions.Throttled(wait)
    # The plain Django request: axes marks a locked-out attempt on it, for its middleware.
    user = authenticate(request._request, **credentials.validated_data)
    if getattr(request._request, "axes_locked_out", False):
        raise LockedOut
    if user is None:
        raise exceptions.ValidationError(_("The username or password is wrong."), "authentication_failed")
    tokens = get_token_model().objects
    # Tokens that ran out go when their user logs in again (knox also deletes them whenever
    # another token of theirs is used).
    tokens.filter(user=user, expiry__lt=timezone.now()).delete()
    limit = knox_settings.TOKEN_LIMIT_PER_USER
    if limit is not None and tokens.filter(user=user).count() >= limit:
        raise TooManyTokens
    token, key = tokens.create(user)
    response = Response({"token": key, "expiry": token.expiry})
    remember_device(request._request, response, user.get_username())
    forget_failures(user.get_username())
    return response


@extend_schema(
    operation_id="auth_logout",
    summary="Log out: the token of this request stops working",
    request=None,
    responses={204: OpenApiResponse(description="Revoked."), **AUTH_ERRORS},
)
@api_view(["POST"])
def revoke_token(request: Request) -> Response:
    """Log out: the token this request came with stops working (a session has none to revoke)."""
    if isinstance(request.auth, get_token_model()):
        request.auth.delete()
    return Response(status=status.HTTP_204_NO_CONTENT)
