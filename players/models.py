"""Clubs, their members and the players who sit at their tables.

A player is a name at a club's table; a member is a login with a role in that club. A player may
be linked to a member, but most players at a kitchen table never sign in.
"""

from __future__ import annotations

import unicodedata

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction
from django.db.models import Value
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

PLAYER_NAME_MAX_LENGTH = 60


def clean_player_name(name: str) -> str:
    """The name as it is stored: inner runs of spaces made one, the ends trimmed.

    ``ValidationError`` (code ``invalid``) for a name that is empty, longer than 60 characters,
    or holds what no one types at a table: control characters (NUL included) and unpaired
    surrogates, which the database could not store either.
    """
    clean = " ".join(name.split())
    if not clean or len(clean) > PLAYER_NAME_MAX_LENGTH or any(_unprintable(char) for char in clean):
        raise ValidationError(_("This is not a name."), code="invalid")
    return clean


def _unprintable(char: str) -> bool:
    # Cc: control characters; Cs: surrogates; Cn: unassigned; Co: private use.
    return unicodedata.category(char) in {"Cc", "Cs", "Cn", "Co"}


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
    # Whose own table this is (personal clubs only). Unique, so two requests that each find no
    # personal club for a new user cannot both make one.
    personal_owner = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="personal_club",
        verbose_name=_("personal club of"),
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
        """The user's own club, made the first time it is needed (once, however many ask at once)."""
        club = cls.objects.filter(personal_owner=user).first()
        if club:
            return club
        try:
            with transaction.atomic():
                club = cls.objects.create(
                    name=_("%(name)s's table") % {"name": user.get_username()},
                    personal=True,
                    personal_owner=user,
                )
                Membership.objects.create(club=club, user=user, role=Membership.Role.OWNER)
        except IntegrityError:
            # Another request made it first (and has committed: the insert waited for it).
            return cls.objects.get(personal_owner=user)
        return club

    def has_member(self, user) -> bool:
        return user.is_authenticated and self.memberships.filter(user=user).exists()

    def player_named(self, name: str) -> Player:
        """The club's player with this name (case and surrounding spaces ignored), or a new one.

        Names are compared as the unique constraint compares them, by the database's ``LOWER``
        (so the Kelvin sign and ``k`` are one name on PostgreSQL, as its constraint says). Two
        requests adding the same new name at once get the same player.

        Callers check what a person typed with ``clean_player_name`` first; this refuses only
        what the database cannot store at all (NUL, unpaired surrogates), with ``ValidationError``.
        """
        clean = " ".join(name.split())
        if any(char == "\x00" or unicodedata.category(char) == "Cs" for char in clean):
            raise ValidationError(_("This is not a name."), code="invalid")
        same_name = self.players.annotate(lower_name=Lower("name")).filter(lower_name=Lower(Value(clean)))
        player = same_name.first()
        if player:
            return player
        try:
            with transaction.atomic():
                return self.players.create(name=clean)
        except IntegrityError:
            return same_name.get()


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
    name = models.CharField(_("name"), max_length=PLAYER_NAME_MAX_LENGTH)
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
