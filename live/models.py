"""Share links: a long random secret per match that opens its read-only live scoreboard, and
one per club that opens the club's TV view.

One link per match at a time. Revoking deletes it (the old address answers 404 for good); sharing
again makes a new secret. The secret is 32 random bytes (``secrets.token_urlsafe``): guessing one
is hopeless, so it is stored as it is and looked up through its unique index; a refresh of the
viewer is then one indexed query joining the share to its match (``live.views.live_board``).
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from matches.models import Match
from players.models import Club

TOKEN_BYTES = 32


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


class MatchShareQuerySet(models.QuerySet["MatchShare"]):
    def live(self) -> MatchShareQuerySet:
        """Shares whose match still exists for the club (a deleted match is shown to nobody)."""
        return self.filter(match__deleted_at=None)


class MatchShare(models.Model):
    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="share")
    token = models.CharField(max_length=64, unique=True, default=new_token)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    objects = MatchShareQuerySet.as_manager()

    class Meta:
        verbose_name = _("share link")
        verbose_name_plural = _("share links")

    def __str__(self) -> str:
        return f"share of {self.match}"

    @classmethod
    def share(cls, match: Match, *, by=None) -> MatchShare:
        """The match's link, made on first use (sharing twice gives the same link)."""
        share, _created = cls.objects.get_or_create(match=match, defaults={"created_by": by})
        return share

    @classmethod
    def revoke(cls, match: Match) -> None:
        """The link stops working at once; sharing again makes a new one."""
        cls.objects.filter(match=match).delete()


class ClubScreen(models.Model):
    """A club's TV link: the room's screen shows every table in progress without anyone's
    account logged in on it. One per club; revoking deletes it, sharing again makes a new one."""

    club = models.OneToOneField(Club, on_delete=models.CASCADE, related_name="screen")
    token = models.CharField(max_length=64, unique=True, default=new_token)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("club TV link")
        verbose_name_plural = _("club TV links")

    def __str__(self) -> str:
        return f"TV link of {self.club}"

    @classmethod
    def share(cls, club: Club, *, by=None) -> ClubScreen:
        screen, _created = cls.objects.get_or_create(club=club, defaults={"created_by": by})
        return screen

    @classmethod
    def revoke(cls, club: Club) -> None:
        cls.objects.filter(club=club).delete()
