"""Clubs, their members and the players who sit at their tables.

A player is a name at a club's table; a member is a login with a role in that club. A player may
be linked to a member, but most players at a kitchen table never sign in.

Who may do what is decided here and nowhere else: ``Membership.Role`` ranks the roles (owner,
admin, scorer, member), ``Club.role_of`` and the ``Club.may_*`` questions answer for one user,
and ``Match.can_score`` (in matches) builds on them. Views only turn a "no" into 404 (not your
club) or 403 (your club, not your right).

A club always keeps an owner: the last one cannot leave (``LastOwner``), and an account that
alone owns a club is deleted only after handing it to the club's longest-standing admin
(``delete_account``).
"""

from __future__ import annotations

import hashlib
import secrets
import unicodedata
from dataclasses import dataclass
from datetime import timedelta
from typing import TYPE_CHECKING

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, models, transaction
from django.db.models import F, Value
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from players.versioned import claim_version

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser, User

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
    def for_user(self, user: User | AnonymousUser) -> ClubQuerySet:
        if not user.is_authenticated:
            return self.none()
        return self.filter(memberships__user=user)

    def where_user_scores(self, user: User | AnonymousUser) -> ClubQuerySet:
        """The clubs where the user may start matches (scorer or higher)."""
        if not user.is_authenticated:
            return self.none()
        return self.filter(memberships__user=user, memberships__role__in=Membership.Role.scoring())


class Club(models.Model):
    name = models.CharField(_("name"), max_length=100)
    personal = models.BooleanField(
        _("personal"), default=False, help_text=_("The club every user gets for their own table.")
    )
    # Whose own table this is (personal clubs only). Unique, so two requests that each find no
    # personal club for a new user cannot both make one.
    # Bridge clubs' habit: a round counts as settled once a second player confirms it.
    confirm_rounds = models.BooleanField(
        _("rounds confirmed by a second player"),
        default=False,
        help_text=_(
            "A round stays provisional until another player at the table confirms it on their phone."
        ),
    )
    personal_owner = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="personal_club",
        verbose_name=_("personal club of"),
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # One more with every save of the club's settings: a stale form or API write is refused.
    version = models.PositiveIntegerField(default=1, db_default=1)

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

    def has_member(self, user: User | AnonymousUser) -> bool:
        return user.is_authenticated and self.memberships.filter(user=user).exists()

    # --- who may do what ----------------------------------------------------------------

    def role_of(self, user: User | AnonymousUser) -> Membership.Role | None:
        """The user's role in this club, or None for anyone who is not a member."""
        if not user.is_authenticated:
            return None
        cache = self.__dict__.setdefault("_roles", {})
        if user.pk not in cache:
            role = self.memberships.filter(user=user).values_list("role", flat=True).first()
            cache[user.pk] = Membership.Role(role) if role else None
        return cache[user.pk]

    def remember_role(self, user: User | AnonymousUser, role: str | None) -> None:
        """Keep a role read along with something else (a match and its club, say), so that
        ``role_of`` and the permission checks on it ask the database nothing more."""
        self.__dict__.setdefault("_roles", {})[user.pk] = Membership.Role(role) if role else None

    def may_score(self, user: User | AnonymousUser) -> bool:
        """Start matches here (and keep the score of the matches one started)."""
        role = self.role_of(user)
        return role is not None and role.at_least(Membership.Role.SCORER)

    def may_manage(self, user: User | AnonymousUser) -> bool:
        """Correct any match of the club, invite, change and remove members, link players."""
        role = self.role_of(user)
        return role is not None and role.at_least(Membership.Role.ADMIN)

    def may_grant(self, user: User | AnonymousUser, role: str) -> bool:
        """Give ``role`` to someone (by invitation or by changing a member's role): admins
        grant scorer and member; only an owner makes admins or hands over ownership."""
        if not self.may_manage(user):
            return False
        return (
            Membership.Role(role).below(Membership.Role.ADMIN) or self.role_of(user) == Membership.Role.OWNER
        )

    def may_change(self, user: User | AnonymousUser, membership: Membership) -> bool:
        """Change the role of, or remove, this member (never oneself: leave instead)."""
        if membership.user_id == user.pk or membership.club_id != self.pk:
            return False
        return self.may_grant(user, membership.role)

    def is_last_owner(self, user: User | AnonymousUser) -> bool:
        """The user owns the club and nobody else does: they cannot leave it."""
        owners = self.memberships.filter(role=Membership.Role.OWNER).values_list("user", flat=True)
        return list(owners) == [user.pk]

    def may_delete(self, user: User | AnonymousUser) -> bool:
        """Only an owner deletes a club; the personal table is never deleted."""
        return not self.personal and self.role_of(user) == Membership.Role.OWNER

    # --- members, invitations and players -------------------------------------------------

    @classmethod
    @transaction.atomic
    def found(cls, name: str, *, by) -> Club:
        """A new club with its founder as owner."""
        club = cls.objects.create(name=" ".join(name.split()))
        club.memberships.create(user=by, role=Membership.Role.OWNER)
        return club

    @transaction.atomic
    def dissolve(self) -> None:
        """Delete the club with everything in it. Its matches go first: their seats protect
        the players from being deleted on their own."""
        self.matches.all().delete()
        self.delete()

    @transaction.atomic
    def set_role(self, membership: Membership, role: str, *, by, version: int | None = None) -> None:
        """Give a member another role. Making someone owner hands ownership over: the owner
        who does it stays on as admin. ``version``: the membership's as the page read it
        (``players.versioned.Stale`` if another change came first)."""
        claim_version(membership, version)
        membership.role = role
        membership.save(update_fields=["role", "version"])
        if role == Membership.Role.OWNER:
            self.memberships.filter(user=by, role=Membership.Role.OWNER).update(
                role=Membership.Role.ADMIN, version=F("version") + 1
            )
        self.__dict__.pop("_roles", None)

    @transaction.atomic
    def change_settings(self, *, confirm_rounds: bool, version: int | None = None) -> None:
        """The club's settings as the page sets them; ``version`` as for ``set_role``."""
        claim_version(self, version)
        self.confirm_rounds = confirm_rounds
        self.save(update_fields=["confirm_rounds", "version"])

    def remove_member(self, membership: Membership) -> None:
        """The member is gone; the players they were linked to stay, as guests."""
        self.players.filter(user=membership.user_id).update(user=None)
        membership.delete()
        self.__dict__.pop("_roles", None)

    @transaction.atomic
    def leave(self, user) -> None:
        """``LastOwner`` if the user is the only owner: someone must keep the club."""
        membership = self.memberships.select_for_update().get(user=user)
        if self.is_last_owner(user):
            raise LastOwner
        self.remove_member(membership)

    def invite(self, role: str, *, by, days: int = 7) -> tuple[Invitation, str]:
        """A new invitation link and its token (only its hash is stored: the token is shown
        once, to whoever made it)."""
        token = secrets.token_urlsafe(24)
        invitation = Invitation.objects.create(
            club=self,
            role=role,
            token_hash=Invitation.hash(token),
            created_by=by,
            expires_at=timezone.now() + timedelta(days=days),
        )
        return invitation, token

    def link_player(self, player: Player, user) -> None:
        """``player`` is this member at the table (``user`` None: a guest again). A member is
        one player per club, so a previous link of theirs is undone; the rounds stay with the
        player, so their history comes along."""
        if player.club_id != self.pk:
            raise ValueError("player of another club")
        if user is not None:
            if not self.has_member(user):
                raise ValueError("not a member")
            self.players.filter(user=user).exclude(pk=player.pk).update(user=None)
        player.user = user
        player.save(update_fields=["user"])

    def add_player(self, name: str) -> Player:
        """A new player of the club (a newcomer at the door), the name checked as a typed name
        is; a name the club has already (case ignored) is refused with ``ValidationError``."""
        clean = clean_player_name(name)
        same = self.players.annotate(lower_name=Lower("name")).filter(lower_name=Lower(Value(clean)))
        if same.exists():
            raise ValidationError(
                _("The club has a player called %(name)s already."),
                code="duplicate_name",
                params={"name": clean},
            )
        return self.player_named(clean)

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


class LastOwner(Exception):
    """The only owner of a club cannot leave it."""


@dataclass(frozen=True)
class Succession:
    """A club the user alone owns and the admin who would own it after them (None: no admin)."""

    club: Club
    heir: Membership | None


def successions(user) -> list[Succession]:
    """The clubs the user alone owns (their own table aside, which goes with them), each with
    its longest-standing admin: the admin whose membership is the oldest, as memberships are
    numbered in the order they are made."""
    owned = Club.objects.filter(
        personal=False, memberships__user=user, memberships__role=Membership.Role.OWNER
    )
    found = []
    for club in owned.order_by("name", "pk"):
        if club.is_last_owner(user):
            admins = club.memberships.filter(role=Membership.Role.ADMIN).select_related("user")
            found.append(Succession(club, admins.order_by("pk").first()))
    return found


class ClubsWithoutHeir(Exception):
    """The account cannot go: these clubs would be left without an owner, and none of them has
    an admin to take over."""

    def __init__(self, clubs: list[Club]) -> None:
        super().__init__(", ".join(club.name for club in clubs))
        self.clubs = clubs


@transaction.atomic
def delete_account(user) -> list[Succession]:
    """Delete the user's account, with their memberships and their own table (its matches too).

    Each club they alone own goes to its longest-standing admin first (the successions made are
    answered); ``ClubsWithoutHeir``, and nothing changes, if a club has no admin. What the
    account did in the clubs stays: its players stay as names (a player is the club's, linked
    to the account or not), and rounds and their history keep the names of who entered them.
    """
    # The memberships of the clubs in question, locked: nobody leaves or changes roles there
    # between the check and the handover.
    owned = Club.objects.filter(memberships__user=user, memberships__role=Membership.Role.OWNER)
    list(Membership.objects.select_for_update().filter(club__in=owned).values_list("pk", flat=True))
    found = successions(user)
    stuck = [succession.club for succession in found if succession.heir is None]
    if stuck:
        raise ClubsWithoutHeir(stuck)
    for succession in found:
        assert succession.heir is not None
        Membership.objects.filter(pk=succession.heir.pk).update(role=Membership.Role.OWNER)
    personal = Club.objects.filter(personal_owner=user).first()
    if personal is not None:
        personal.dissolve()
    user.delete()
    return found


class Membership(models.Model):
    class Role(models.TextChoices):
        OWNER = "owner", _("owner")
        ADMIN = "admin", _("admin")
        SCORER = "scorer", _("scorekeeper")
        MEMBER = "member", _("member")

        @property
        def rank(self) -> int:
            return ROLE_RANKS[self]

        def at_least(self, other: Membership.Role) -> bool:
            return self.rank >= other.rank

        def below(self, other: Membership.Role) -> bool:
            return self.rank < other.rank

        @classmethod
        def scoring(cls) -> list[Membership.Role]:
            """The roles that keep score: scorer and up."""
            return [role for role in cls if role.at_least(cls.SCORER)]

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(_("role"), max_length=10, choices=Role.choices, default=Role.MEMBER)
    # One more with every change of role: a stale form or API write is refused.
    version = models.PositiveIntegerField(default=1, db_default=1)

    class Meta:
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        constraints = [models.UniqueConstraint(fields=["club", "user"], name="one_membership_per_club")]

    def __str__(self) -> str:
        return f"{self.user} @ {self.club} ({self.role})"


ROLE_RANKS = {
    Membership.Role.OWNER: 4,
    Membership.Role.ADMIN: 3,
    Membership.Role.SCORER: 2,
    Membership.Role.MEMBER: 1,
}


class InvitationQuerySet(models.QuerySet["Invitation"]):
    def pending(self) -> InvitationQuerySet:
        return self.filter(revoked_at=None, accepted_at=None, expires_at__gt=timezone.now())


class Invitation(models.Model):
    """A link that lets one person join a club with a role. It works once, until it expires
    or an admin revokes it; the token itself is never stored, only its SHA-256."""

    class State(models.TextChoices):
        PENDING = "pending", _("pending")
        ACCEPTED = "accepted", _("accepted")
        REVOKED = "revoked", _("revoked")
        EXPIRED = "expired", _("expired")

    GRANTABLE = (Membership.Role.ADMIN, Membership.Role.SCORER, Membership.Role.MEMBER)
    DEFAULT_DAYS = 7
    MAX_DAYS = 30

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invitations")
    role = models.CharField(
        _("role"),
        max_length=10,
        choices=[(role.value, role.label) for role in GRANTABLE],
        default=Membership.Role.MEMBER,
    )
    token_hash = models.CharField(max_length=64, unique=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(_("expires at"))
    revoked_at = models.DateTimeField(null=True, blank=True)
    accepted_at = models.DateTimeField(null=True, blank=True)
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    objects = InvitationQuerySet.as_manager()

    class Meta:
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.club}: {self.role} until {self.expires_at:%Y-%m-%d}"

    @staticmethod
    def hash(token: str) -> str:
        return hashlib.sha256(token.encode()).hexdigest()

    @classmethod
    def for_token(cls, token: str) -> Invitation | None:
        return cls.objects.select_related("club", "created_by").filter(token_hash=cls.hash(token)).first()

    @property
    def state(self) -> Invitation.State:
        if self.revoked_at:
            return self.State.REVOKED
        if self.accepted_at:
            return self.State.ACCEPTED
        if self.expires_at <= timezone.now():
            return self.State.EXPIRED
        return self.State.PENDING

    def revoke(self) -> None:
        if self.state == self.State.PENDING:
            self.revoked_at = timezone.now()
            self.save(update_fields=["revoked_at"])

    @transaction.atomic
    def accept(self, user) -> Membership:
        """Join the club with the invitation's role. A member already in the club keeps the
        role they have (and the link stays unused); ``InvitationUnusable`` if it is revoked,
        used or expired; ``GuestMayNotJoin`` for a guest, whatever the link."""
        if Guest.is_guest(user):
            raise GuestMayNotJoin
        locked = Invitation.objects.select_for_update().get(pk=self.pk)
        existing = Membership.objects.filter(club=locked.club_id, user=user).first()
        if existing is not None:
            return existing
        if locked.state != self.State.PENDING:
            raise InvitationUnusable(locked.state)
        locked.accepted_at = timezone.now()
        locked.accepted_by = user
        locked.save(update_fields=["accepted_at", "accepted_by"])
        self.accepted_at, self.accepted_by = locked.accepted_at, user
        return Membership.objects.create(club_id=locked.club_id, user=user, role=locked.role)


class GuestMayNotJoin(PermissionDenied):
    """A guest's clubs would outlive it (``Guest``). A ``PermissionDenied``, so that a caller
    that does not word it itself still answers 403, never 500."""


class InvitationUnusable(Exception):
    """The link was revoked, used or has expired (``state`` says which)."""

    def __init__(self, state: Invitation.State) -> None:
        super().__init__(state)
        self.state = state


class Player(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(_("name"), max_length=PLAYER_NAME_MAX_LENGTH)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="players"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # Retired: no longer offered for presence or seating; their matches and standings stay.
    retired_at = models.DateTimeField(_("retired"), null=True, blank=True)
    # One more with every rename or retirement: a stale form or API write is refused.
    version = models.PositiveIntegerField(default=1, db_default=1)

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(Lower("name"), "club", name="player_name_unique_in_club"),
        ]

    def __str__(self) -> str:
        return self.name

    @transaction.atomic
    def rename(self, name: str, *, version: int | None = None) -> None:
        """A new name, checked as a typed name is (``clean_player_name``); another player of the
        club with that name (case ignored) is refused with ``ValidationError`` (merge them
        instead). ``version``: the player's as the page or the API client read it
        (``players.versioned.Stale`` if a rename or retirement came first)."""
        clean = clean_player_name(name)
        same = self.club.players.annotate(lower_name=Lower("name")).filter(lower_name=Lower(Value(clean)))
        if same.exclude(pk=self.pk).exists():
            raise ValidationError(
                _("Another player of the club is called %(name)s: merge the two instead."),
                code="duplicate_name",
                params={"name": clean},
            )
        claim_version(self, version)
        self.name = clean
        self.save(update_fields=["name", "version"])

    @transaction.atomic
    def retire(self, retired: bool = True, *, version: int | None = None) -> None:
        """Retired (or back again): a retired player is no longer offered for presence or
        seating; their matches, ratings and standings stay. ``version`` as for ``rename``."""
        claim_version(self, version)
        self.retired_at = timezone.now() if retired else None
        self.save(update_fields=["retired_at", "version"])


class Preference(models.Model):
    """What a user chose once and expects on every device: the language and the colours."""

    class Theme(models.TextChoices):
        SYSTEM = "", _("As the device")
        LIGHT = "light", _("Light")
        DARK = "dark", _("Dark")

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="preference")
    language = models.CharField(_("language"), max_length=8, choices=settings.LANGUAGES, blank=True)
    theme = models.CharField(_("colours"), max_length=8, choices=Theme.choices, blank=True, default="")

    class Meta:
        verbose_name = _("preference")
        verbose_name_plural = _("preferences")

    def __str__(self) -> str:
        return f"{self.user}: {self.language or '-'}"


class GuestQuerySet(models.QuerySet["Guest"]):
    def unclaimed_since(self, days: int) -> GuestQuerySet:
        """Guests made more than ``days`` ago (a claimed guest is no longer a Guest row)."""
        return self.filter(created_at__lt=timezone.now() - timedelta(days=days))


class Guest(models.Model):
    """A user made by "Keep score now": a real account with an unusable password, logged in
    through the ordinary session, so every page and permission works for it unchanged.

    It has its own personal club and nothing else: it may not found or join clubs (they would
    outlive it). Signing up turns the same user into a real account (``claim``), keeping its
    matches; ``manage.py purge_guests`` deletes the guests nobody claimed, with their clubs and
    matches.
    """

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="guest")
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    objects = GuestQuerySet.as_manager()

    class Meta:
        verbose_name = _("guest")
        verbose_name_plural = _("guests")

    def __str__(self) -> str:
        return str(self.user)

    @classmethod
    def start(cls) -> Guest:
        """A new guest user with its personal club, ready to keep score."""
        with transaction.atomic():
            user = get_user_model().objects.create_user(f"guest-{secrets.token_hex(6)}", password=None)
            guest = cls.objects.create(user=user)
            club = Club.personal_for(user)
            # "guest-3fa2…'s table" says nothing to the person at the table.
            club.name = str(_("My table"))
            club.save(update_fields=["name"])
        return guest

    @staticmethod
    def is_guest(user: User | AnonymousUser) -> bool:
        """A guest's user is made without a password (``start``) and gets one only by signing
        up (``claim``), which ends the guest: a user with a usable password is not a guest, and
        every league page, which asks, needs no query for them."""
        if not user.is_authenticated or user.has_usable_password():
            return False
        return Guest.objects.filter(user=user).exists()

    def claim(self, username: str, password: str, email: str = "") -> None:
        """The guest signs up: the same user gets a name and a password and stops being a guest,
        so its club and matches stay its own."""
        user = self.user
        with transaction.atomic():
            user.username = username
            user.email = email
            user.set_password(password)
            user.save()
            club = Club.objects.filter(personal_owner=user).first()
            if club is not None:
                club.name = _("%(name)s's table") % {"name": username}
                club.save(update_fields=["name"])
            self.delete()

    @classmethod
    def purge(cls, days: int) -> int:
        """Delete the guests made more than ``days`` ago and all that is theirs; the number gone."""
        gone = 0
        for guest in cls.objects.unclaimed_since(days).select_related("user"):
            with transaction.atomic():
                club = Club.objects.filter(personal_owner=guest.user).first()
                if club is not None:
                    club.dissolve()
                get_user_model().objects.filter(pk=guest.user_id).delete()
            gone += 1
        return gone
