"""A club's house games: games declared from rule blocks (``scoring.declared``), kept per club.

An app of its own, below the matches: it knows the clubs (``players``), the rule blocks
(``scoring``), the games' homes (``games``) and the rulebook's pages (``rulebook``), and nothing
of the matches that copy its definitions (``matches`` imports it, never the other way). Its pages
(``house.views``, ``house.forms``, its rules pages ``house.rules_pages``) and API (``house.api``)
word refusals with ``games.messages`` and answer in the API's shared shape
(``players.api_schema``).

The club's owners and admins declare and change them; a personal club is its user's own, so
anyone declares games for their own matches there. A match started in one keeps a copy of the
definition (``Match.definition``): changing the club's game later makes a new version for the
matches to come and never rescores a played one.

``HouseGame.slug`` (``house-…``) is the game's name wherever the site names a game by slug (a
match's ``game``, a competition's games, a rating ladder); a page that has only the slug asks
``house.homes`` for it, in one query for the page. So a game the club deletes is retired, not
removed (``HouseGame.retire``): it leaves the club's lists and no new match starts in it, while its
slug still names its rules for the matches, standings and ratings that played it.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.db import models, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.declared import DeclaredHome, home_of
from players.models import Club
from players.versioned import claim_version
from scoring.declared import Definition, declared_game, definition_json, read_definition
from scoring.match import Game

SLUG_PREFIX = "house-"


def new_slug() -> str:
    return f"{SLUG_PREFIX}{secrets.token_hex(6)}"


class HouseGameQuerySet(models.QuerySet["HouseGame"]):
    def current(self) -> HouseGameQuerySet:
        """The games the club plays now: not retired (what its lists show and new matches take)."""
        return self.filter(retired_at=None)

    def for_user(self, user: Any) -> HouseGameQuerySet:
        """The house games of the clubs the user belongs to."""
        if not user.is_authenticated:
            return self.none()
        return self.current().filter(club__memberships__user=user)


class HouseGame(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="house_games")
    slug = models.CharField(max_length=32, unique=True, default=new_slug, editable=False)
    name = models.CharField(_("name"), max_length=40)
    # The definition as ``scoring.declared.definition_json`` writes it, read back on use.
    definition = models.JSONField()
    # One more with every change: a match started before it keeps the version it copied.
    version = models.PositiveIntegerField(default=1)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # Set when the club deletes the game: the row stays, so its slug keeps naming its rules.
    retired_at = models.DateTimeField(null=True, blank=True)

    objects = HouseGameQuerySet.as_manager()

    class Meta:
        # The table it had in the matches app (moved without moving data: migrations
        # ``matches.0016`` and ``house.0001``).
        db_table = "matches_housegame"
        verbose_name = _("house game")
        verbose_name_plural = _("house games")
        ordering = ["name", "pk"]

    def __str__(self) -> str:
        return self.name

    @property
    def rules(self) -> Definition:
        return read_definition(self.definition)

    @property
    def game(self) -> Game[Any, Any]:
        return declared_game(self.rules, self.slug)

    @property
    def home(self) -> DeclaredHome:
        return home_of(self.rules, self.slug)

    @classmethod
    def declare(cls, club: Club, raw: object, *, by: Any = None) -> HouseGame:
        """A new house game of ``club``; ``scoring.Refused`` when the definition is wrong."""
        definition = read_definition(raw)
        return cls.objects.create(
            club=club, name=definition.name, definition=definition_json(definition), created_by=by
        )

    @transaction.atomic
    def change(self, raw: object, *, version: int | None = None) -> None:
        """New rules for the matches to come (a new version); played matches keep theirs.
        ``version``: the one the page or the API client read (``players.versioned.Stale``,
        nothing changed, if another change came first)."""
        definition = read_definition(raw)
        claim_version(self, version)
        self.name, self.definition = definition.name, definition_json(definition)
        self.save(update_fields=["name", "definition", "version", "updated_at"])

    def retire(self) -> None:
        """What deleting the game does: it leaves the club's lists and no match starts in it any
        more; played matches keep their own copy of its rules, and its slug still names them."""
        self.retired_at = timezone.now()
        self.save(update_fields=["retired_at", "updated_at"])


def member_homes(user: object) -> list[DeclaredHome]:
    """The homes of the house games of the clubs ``user`` belongs to, for the rules search
    (``HouseConfig.rulebook_games``, which ``rulebook.search.member_homes`` asks at search
    time): a club's own rules are searched by its members only."""
    found = HouseGame.objects.for_user(user).only("slug", "definition").order_by("name", "pk")
    return [game.home for game in found]
