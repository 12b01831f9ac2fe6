"""Clubs, their members and the players who sit at their tables.

A player is a name at a club's table; a member is a login with a role in that club. A player may
be linked to a member, but most players at a kitchen table never sign in.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _


class ClubQuerySet(models.QuerySet["Club"]):
    def for_user(self, user) -> ClubQuerySet:
        if not user.is_authenticated:
            return self.none()
        return self.filter(memberships__user=user)


class Club(models.Model):
    name = models.CharField(_("name"), max_length=100)
    personal = models.BooleanField(
        _("personal"), default=False, help_text=_("The club every user gets for their own table.")
    )
    created_at = models.DateTimeField(auto_now_add=True)

    objects = ClubQuerySet.as_manager()

    class Meta:
        verbose_name = _("club")
        verbose_name_plural = _("clubs")
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    @classmethod
    def personal_for(cls, user) -> Club:
        """The user's own club, made the first time it is needed."""
        membership = (
            Membership.objects.filter(user=user, club__personal=True, role=Membership.Role.OWNER)
            .select_related("club")
            .first()
        )
        if membership:
            return membership.club
        club = cls.objects.create(name=_("%(name)s's table") % {"name": user.get_username()}, personal=True)
        Membership.objects.create(club=club, user=user, role=Membership.Role.OWNER)
        return club

    def has_member(self, user) -> bool:
        return user.is_authenticated and self.memberships.filter(user=user).exists()

    def player_named(self, name: str) -> Player:
        """The club's player with this name (case and surrounding spaces ignored), or a new one."""
        clean = " ".join(name.split())
        player = self.players.filter(name__iexact=clean).first()
        return player or self.players.create(name=clean)


class Membership(models.Model):
    class Role(models.TextChoices):
        OWNER = "owner", _("owner")
        SCORER = "scorer", _("scorekeeper")
        MEMBER = "member", _("member")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(_("role"), max_length=10, choices=Role.choices, default=Role.MEMBER)

    class Meta:
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        constraints = [models.UniqueConstraint(fields=["club", "user"], name="one_membership_per_club")]

    def __str__(self) -> str:
        return f"{self.user} @ {self.club} ({self.role})"


class Player(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(_("name"), max_length=60)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="players"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(Lower("name"), "club", name="player_name_unique_in_club"),
        ]

    def __str__(self) -> str:
        return self.name


class Preference(models.Model):
    """What a user chose once and expects on every device: for now, the language."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="preference")
    language = models.CharField(_("language"), max_length=8, choices=settings.LANGUAGES, blank=True)

    class Meta:
        verbose_name = _("preference")
        verbose_name_plural = _("preferences")

    def __str__(self) -> str:
        return f"{self.user}: {self.language or '-'}"
