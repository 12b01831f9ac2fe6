"""The session's user, read by a statement composed once (``config.prepared``).

Every signed-in request reads its user, and the ORM spent longer composing
``User.objects.get(pk=...)`` than the database took to answer it. Everything else is Django's
``ModelBackend``: log-in, the permission checks, and ``user_can_authenticate`` on the user read.

Sessions keep the path of the backend that logged them in. ``ModelBackend`` stays listed after
this one in ``AUTHENTICATION_BACKENDS``, so the sessions started before it keep working (read
the old way) while every new log-in gets this one.
"""

from __future__ import annotations

from functools import cache
from typing import Any, cast

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.models import User
from django.db import router

from config.prepared import PreparedRead, fits

PATH = "players.backends.PreparedModelBackend"


class PreparedModelBackend(ModelBackend):
    def get_user(self, user_id: Any) -> Any:
        model = get_user_model()
        using = router.db_for_read(model)
        if not isinstance(user_id, int) or not fits(using, model, user_id):
            return super().get_user(user_id)  # what the ORM makes of anything else
        found = _users().rows(using, [user_id])
        if not found:
            return None
        [([user], _extra)] = found
        return user if self.user_can_authenticate(cast(User, user)) else None


@cache
def _users() -> PreparedRead:
    user = get_user_model()
    key = str(user._meta.pk.column)
    return PreparedRead([(user, "u")], lambda q: f"FROM {q(user._meta.db_table)} u WHERE u.{q(key)} = %s")
