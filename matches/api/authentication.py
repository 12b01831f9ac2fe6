"""The API's token authentication, which also reads the match the address names.

Why: every API call for a match (its sheet, a round posted) read the token with its user, then
the match with its club and the user's role there (``Match.objects.get_for_member``): two
statements one after the other, each a round trip and a prepared statement's work in the app.
Where the address names a match (``match_id``), the token's statement reads it too, joined as
``get_for_member`` reads it (a match not deleted, of a club the token's user belongs to), and
hands it to the view with the token (``member_match``): one statement fewer on each such call.

The token is checked exactly as ``players.authentication`` checks it (knox's steps); the match
read along with it is only used for the token's own user, and only for the match the address
names. A call without a token (the browsable API's session) reads the match as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, cast

from django.contrib.auth import get_user_model
from django.db import router
from knox.models import AuthToken, get_token_model
from rest_framework.request import Request

from config.prepared import PreparedRead, fits
from matches.models import Match
from players.authentication import TokenAuthentication
from players.models import Club, Membership


@dataclass(frozen=True)
class MemberMatch:
    """The match ``pk`` as its member read it with the token: None if it is not theirs."""

    pk: int
    match: Match | None


class MatchTokenAuthentication(TokenAuthentication):
    def authenticate(self, request: Request) -> tuple[Any, Any] | None:
        context = getattr(request, "parser_context", None) or {}
        match_id = context.get("kwargs", {}).get("match_id")
        self.match_id = match_id if isinstance(match_id, int) else None
        return super().authenticate(request)

    def tokens(self, key: str) -> list[AuthToken]:
        using = router.db_for_read(Match)
        if self.match_id is None or not fits(using, Match, self.match_id):
            return super().tokens(key)
        tokens = []
        for (found, user, match, club), [role] in _tokens_with_match().rows(using, [self.match_id, key]):
            auth_token = cast(AuthToken, found)
            auth_token.user = user
            member = None
            if role is not None:  # the join found the user's membership of the match's club
                assert isinstance(match, Match) and isinstance(club, Club)
                match.club = club
                club.remember_role(user, role)
                member = match
            auth_token.member_match = MemberMatch(self.match_id, member)
            tokens.append(auth_token)
        return tokens


def member_match(request: Request, match_id: int) -> MemberMatch | None:
    """What the token's statement read of match ``match_id``, if it did."""
    read = getattr(request.auth, "member_match", None)
    return read if isinstance(read, MemberMatch) and read.pk == match_id else None


@cache
def _tokens_with_match() -> PreparedRead:
    """The tokens that start with a key, each with its user and, where that user is a member of
    its club, the match (its club and the user's role there): ``get_for_member``'s read."""
    token, user = get_token_model(), get_user_model()

    def tail(q: Any) -> str:
        tokens, users = q(token._meta.db_table), q(user._meta.db_table)
        matches, clubs, members = (q(model._meta.db_table) for model in (Match, Club, Membership))
        return (
            f"FROM {tokens} t JOIN {users} u ON u.{q(user._meta.pk.attname)} = t.{q('user_id')}"
            f" LEFT JOIN {matches} o ON o.{q('id')} = %s AND o.{q('deleted_at')} IS NULL"
            f" LEFT JOIN {members} ms ON ms.{q('club_id')} = o.{q('club_id')}"
            f" AND ms.{q('user_id')} = t.{q('user_id')}"
            f" LEFT JOIN {clubs} c ON c.{q('id')} = ms.{q('club_id')}"
            f" WHERE t.{q('token_key')} = %s"
        )

    return PreparedRead([(token, "t"), (user, "u"), (Match, "o"), (Club, "c")], tail, extra=[("ms", "role")])
