"""An object of a club (a match, a competition) read together with its club and the reader's
role there, in one statement composed once per database (``config.prepared``): every request
for a match or a league page starts with this read, and the ORM took longer to compose it than
the database to answer it. The membership join is also the access rule: a reader outside the
club reads nothing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from django.db import models, router

from config.prepared import PreparedRead, fits
from players.models import Club, Membership


class MemberRead[M: models.Model]:
    """``get(user, pk)``: the ``model`` row ``pk`` (whose ``club`` is a foreign key) with its
    club and the user's role remembered on it, or None if the user is not a member of that club
    or the row does not exist; ``unset`` names fields that must be empty (``deleted_at``)."""

    def __init__(self, model: type[M], *, unset: Sequence[str] = ()) -> None:
        self.model = model

        def tail(q: Any) -> str:
            table, clubs, members = (q(m._meta.db_table) for m in (model, Club, Membership))
            empty = "".join(f" AND o.{q(field)} IS NULL" for field in unset)
            return (
                f"FROM {table} o JOIN {clubs} c ON c.{q('id')} = o.{q('club_id')}"
                f" JOIN {members} ms ON ms.{q('club_id')} = o.{q('club_id')} AND ms.{q('user_id')} = %s"
                f" WHERE o.{q('id')} = %s{empty}"
            )

        self.read = PreparedRead([(model, "o"), (Club, "c")], tail, extra=[("ms", "role")])

    def get(self, user: Any, pk: int) -> M | None:
        using = router.db_for_read(self.model)
        if not user.is_authenticated or not fits(using, self.model, pk):
            return None
        found = self.read.rows(using, [user.pk, pk])
        if not found:
            return None
        [([row, club], [role])] = found
        assert isinstance(club, Club)
        row.club = club  # type: ignore[attr-defined]  # every model read here has one
        club.remember_role(user, role)
        return cast(M, row)
