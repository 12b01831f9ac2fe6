"""Matches, their seats and rounds, and the history of every change.

The database stores what the table entered (each round's body, exactly as posted); everything
else (totals, phases, standings, who deals, who won) is a replay of those rounds through the
rules engine. ``Round.scores`` and ``Match.status`` are kept as well, so lists and leagues can
query them, and are rewritten by every write.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache
from typing import Any, NamedTuple, overload

import orjson
from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connections, models, router, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

import scoring
from games.protocol import GameHome
from games.registry import home_for
from matches import replays
from matches.refusals import SiteCode, SiteError, SiteRefused, refuse
from matches.signals import match_recorded
from players.member_reads import MemberRead
from players.models import Club, Membership, Player, clean_player_name
from scoring import Code, MatchState, Refused, RuleError, Setup


def game_choices() -> list[tuple[str, str]]:
    return [(game.slug, game.slug) for game in scoring.all_games()]


IDEMPOTENCY_KEY_LENGTH = 255


class Conflict(Exception):
    """A write refused because of what is already stored, not because the round breaks a rule:
    the match moved on since the phone showed it (``stale_round``), or an idempotency key
    came back with another body (``idempotency_key_reused``) or after its round was undone
    (``idempotency_key_spent``). ``existing`` is the round already there, if any."""

    def __init__(self, error: SiteError, existing: Round | RoundRow | None = None) -> None:
        super().__init__(error.code)
        self.error = error
        self.existing = existing


class RoundRow(NamedTuple):
    """A stored round as the pages and the API read it: what they show of it, read as plain
    values. A long match has hundreds of rounds, and a model object per round cost more than
    the replay of them all; writes, which save and delete rounds, read ``Round`` objects."""

    number: int
    body: Any
    scores: list[int]
    provisional: bool
    created_by_name: str


class Stored(NamedTuple):
    """A match's rounds and the version of its row (``updated_at``), read together: the replay
    of these rounds is the state of that version (``matches.replays``)."""

    version: datetime | None  # None: the match is gone, or not read (SQLite)
    rows: list[RoundRow]


def read_stored(match: Match) -> Stored:
    """The rounds of a match as ``RoundRow`` values, in order, with the row's version.

    On PostgreSQL one fixed statement reads them, the version, the seats and the number of
    changes in the history (which the match object keeps: ``Match.seated`` and
    ``Match.change_count`` then cost no query of their own), so they agree, and the
    database writes the rounds as one JSON text, decoded at once: two decodes per round (body
    and scores) through the ORM's converters cost more than replaying the rounds, and so did
    building an aggregate query each time (``jsonb_agg`` is slower than this ``string_agg`` of
    each row's array). SQLite, for ``make run``, reads them plainly and without the version:
    before 3.44 it cannot order an aggregate."""
    using = router.db_for_read(Round, instance=match)
    if connections[using].vendor == "postgresql":
        with connections[using].cursor() as cursor:
            cursor.execute(_STORED_SQL, [match.pk])
            version, packed, seated, changes = cursor.fetchone() or (None, None, None, 0)
        rows = [RoundRow._make(row) for row in orjson.loads(f"[{packed or ''}]")]
        match._seats = _seat_rows(seated)  # for ``seated``
        if version is not None:
            match._changes = (version, changes)  # for ``change_count``
        return Stored(version, rows)
    # No version: these reads are not one snapshot, so their replay is not kept (writes still
    # keep theirs, read under the row lock); the seats are read when asked for.
    rounds = match.rounds.using(using).order_by("number").values_list(*RoundRow._fields)
    return Stored(None, [RoundRow._make(row) for row in rounds])


class Outline(NamedTuple):
    """A match as its sheet's kept copy needs it (``matches.views.match_detail``): what the
    key is made of and what is drawn for each reader, without its rounds. At 200 deals, reading
    and laying out every round was most of a sheet view that then found the sheet kept."""

    version: datetime | None  # the row's (``Match.updated_at``); None: the match is gone
    seats: tuple[SeatRow, ...]
    played: int  # how many deals are stored
    provisional: list[tuple[int, str]]  # the deals awaiting confirmation: (number, entered by)


def read_outline(match: Match) -> Outline | None:
    """``Outline`` of a match, in one fixed statement (one snapshot: the seats and deals are
    those of that version; the seats are also kept for ``seated``). None on SQLite (``make
    run``), where the page reads the rounds at once (``Match.recorded``): there the outline's
    three queries would cost more than they save."""
    using = router.db_for_read(Round, instance=match)
    if connections[using].vendor != "postgresql":
        return None
    with connections[using].cursor() as cursor:
        cursor.execute(_OUTLINE_SQL, [match.pk])
        version, seated, played, waiting = cursor.fetchone() or (None, None, 0, None)
    match._seats = _seat_rows(seated)
    provisional = [(number, name) for number, name in orjson.loads(f"[{waiting or ''}]")]
    return Outline(version, tuple(match._seats), played, provisional)


def read_rows(match: Match) -> list[RoundRow]:
    """The rounds of a match as ``RoundRow`` values, in order (``read_stored``)."""
    return read_stored(match).rows


def states_of(matches: Sequence[Match]) -> dict[int, MatchState]:
    """The states of several matches (a league's open tables, a club's screen): the cache's for
    the versions these rows were read at, and one read of the rounds of the others, replayed.
    (Those are not kept: rounds read after the rows may be newer than the rows' versions.)"""
    states = replays.cached_many({match.pk: match.updated_at for match in matches})
    missing = [match for match in matches if match.pk not in states]
    bodies: dict[int, list[object]] = {match.pk: [] for match in missing}
    if missing:
        rows = Round.objects.filter(match__in=missing).order_by("match_id", "number")
        for match_id, body in rows.values_list("match_id", "body"):
            bodies[match_id].append(body)
    for match in missing:
        states[match.pk] = scoring.replay_stored(match.rules, match.setup, bodies[match.pk])
    return states


class UnreadRounds(Sequence["Round"]):
    """The rounds of a write that did not read them (the state came from ``replays``): how many
    there are and the new last one, which is what the phone's answer to a saved deal shows. A
    page that needs them all reads the match again (``Match.recorded``)."""

    def __init__(self, last: Round) -> None:
        self.last = last

    def __len__(self) -> int:
        return self.last.number

    @overload
    def __getitem__(self, index: int) -> Round: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Round]: ...
    def __getitem__(self, index: int | slice) -> Round | Sequence[Round]:
        if index in (-1, self.last.number - 1):
            return self.last
        raise LookupError("this write did not read its rounds: use Match.recorded()")


SEAT_FIELDS = ("position", "player_id", "player__name", "team")  # a ``SeatRow``, as a query reads it


class SeatRow(NamedTuple):
    """A seat and the name of its player, read as plain values (the sheet and the API)."""

    position: int
    player_id: int
    name: str
    team: int | None


@dataclass(frozen=True)
class Recorded:
    """A match as one read or write left it: every round in order and the replayed state, so a
    page renders from what the write computed instead of reading and replaying again."""

    rounds: Sequence[Round | RoundRow]
    state: MatchState
    round: Round | None = None  # the round a write stored or corrected


class MatchQuerySet(models.QuerySet["Match"]):
    def for_user(self, user) -> MatchQuerySet:
        """Matches of the clubs the user belongs to (not the deleted ones).

        The clubs are read first and named in the filter: joined to the memberships, the
        database cannot tell a club of 10 000 matches from a club of ten, and sorted all of a
        big club's matches to page through them (15 ms for the newest 50). Named, it reads
        the newest of a big club straight off ``match_recent_live`` and a small club's few
        matches through its own index."""
        if not user.is_authenticated:
            return self.none()
        clubs = list(Membership.objects.filter(user=user).values_list("club_id", flat=True))
        return self.filter(club_id__in=clubs, deleted_at=None)

    def get_for_member(self, user, pk: int) -> Match:
        """The match if it belongs to one of the user's clubs (``Match.DoesNotExist`` if not),
        with its club and the user's role there read in the same query: what the user may do
        with it (``can_score``, ``club.may_manage``) then costs no query of its own.

        Every request for a match starts here, and the ORM took longer to compose this query
        than the database to answer it: it is composed once (``config.prepared``)."""
        match = _MEMBER_MATCH.get(user, pk)
        if match is None:
            raise Match.DoesNotExist
        return match

    def deleted_for_admin(self, user) -> MatchQuerySet:
        """Deleted matches of the clubs where the user is an owner or admin: theirs to restore."""
        if not user.is_authenticated:
            return self.none()
        admin_roles = [Membership.Role.OWNER, Membership.Role.ADMIN]
        return self.filter(club__memberships__user=user, club__memberships__role__in=admin_roles).exclude(
            deleted_at=None
        )

    def in_progress(self) -> MatchQuerySet:
        return self.filter(status=Match.Status.IN_PROGRESS)

    def newest_in(self, club_ids: Sequence[int], limit: int) -> list[Match]:
        """The ``limit`` most recently changed of these matches in the given clubs, newest first.

        A filter on several clubs at once makes PostgreSQL read and sort every match of them all
        (10 000 finished matches of one club: 18 ms) to keep ten; each club's newest, though,
        come straight off its ``(club, status, updated_at)`` index. So there is one part per club,
        each limited, and their union (one query). SQLite cannot limit the parts of a union; its
        databases (``make run``) are small enough for the plain filter."""
        ordered = self.order_by("-updated_at", "-id")
        if len(club_ids) < 2 or not connections[self.db].features.supports_slicing_ordering_in_compound:
            return list(ordered.filter(club_id__in=club_ids)[:limit])
        first, *others = (ordered.filter(club_id=club_id)[:limit] for club_id in club_ids)
        return list(first.union(*others, all=True).order_by("-updated_at", "-id")[:limit])

    def finished(self) -> MatchQuerySet:
        return self.filter(status=Match.Status.FINISHED)


class Match(models.Model):
    class Status(models.TextChoices):
        IN_PROGRESS = "in_progress", _("in progress")
        FINISHED = "finished", _("finished")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="matches")
    game = models.CharField(_("game"), max_length=32, choices=game_choices)
    options = models.JSONField(_("options"), default=dict)
    teams = models.JSONField(_("teams"), null=True, blank=True)
    player_count = models.PositiveSmallIntegerField()
    dealer = models.PositiveSmallIntegerField(_("first dealer"), default=0)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.IN_PROGRESS)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # When the last deal ended it (leagues and ratings take finished matches in this order);
    # cleared when an undo reopens the match.
    finished_at = models.DateTimeField(null=True, blank=True)
    # A deleted match is hidden, not gone: an admin of its club can restore it.
    deleted_at = models.DateTimeField(null=True, blank=True)
    deleted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    objects = MatchQuerySet.as_manager()
    _seats: list[SeatRow] | None = None  # ``seated``, once read
    _changes: tuple[datetime, int] | None = None  # ``change_count``: the version read at, the count

    class Meta:
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        ordering = ["-updated_at"]
        indexes = [
            models.Index(fields=["club", "status", "-updated_at"]),
            # A player's recent matches: the club's newest first, each checked for the player's
            # seat, stops after a few matches where going through all the player's seats did not.
            models.Index(fields=["club", "-updated_at", "-id"], name="match_club_recent"),
            # The newest matches of the clubs a user is in, for the API's pages (``for_user``).
            models.Index(
                fields=["-updated_at", "-id"],
                condition=models.Q(deleted_at__isnull=True),
                name="match_recent_live",
            ),
            # "Deleted matches" on home: whether a club has any, without reading all of its matches.
            models.Index(
                fields=["club"], condition=models.Q(deleted_at__isnull=False), name="match_club_deleted"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game} #{self.pk}"

    # --- reading ------------------------------------------------------------------------

    @property
    def home(self) -> GameHome:
        """The game as the site shows it (its name, round form, hints...)."""
        return home_for(self.game)

    @property
    def rules(self) -> scoring.match.Game:
        return scoring.get_game(self.game)

    @property
    def setup(self) -> Setup:
        teams = tuple(tuple(team) for team in self.teams) if self.teams else None
        return Setup(self.game, self.player_count, teams, dict(self.options), self.dealer)

    @property
    def entry_lines(self) -> int:
        """How many entries a round of this match has: one per scoring unit, or one per seat
        where the game takes an entry per seat even in team play."""
        if self.rules.entries_per_seat or not self.teams:
            return self.player_count
        return len(self.teams)

    def state(self) -> MatchState:
        """The match as the rules engine sees it: the replay the cache holds for the version this
        row was read at (``matches.replays``), or else a replay of every stored round."""
        kept = replays.cached(self.pk, self.updated_at) if self.updated_at else None
        return kept if kept is not None else self.recorded().state

    def recorded(self) -> Recorded:
        """Every round, read once, and the state after them: from the cache when a write (or an
        earlier read) left it there for this version, otherwise replayed and left there."""
        version, rounds = read_stored(self)
        state = replays.cached(self.pk, version) if version else None
        if state is None:
            state = scoring.replay_stored(self.rules, self.setup, [r.body for r in rounds])
            if version:
                replays.keep(self.pk, version, state)
        return Recorded(rounds, state)

    def seated(self) -> list[SeatRow]:
        """The seats in order, each with its player's name (read with the rounds by
        ``recorded``, or else here, once per match object)."""
        if self._seats is None:
            rows = self.seats.order_by("position").values_list(*SEAT_FIELDS)
            self._seats = [SeatRow._make(row) for row in rows]
        return self._seats

    def change_count(self) -> int:
        """How many changes the match's history holds: counted with the rounds (``read_stored``,
        PostgreSQL) if that read was of this row's version, or else here. Every change to the
        history moves the version (``_store_outcome``), so a count read before a write on this
        object is not used after it."""
        if self._changes is not None and self._changes[0] == self.updated_at:
            return self._changes[1]
        return self.revisions.count()

    def can_score(self, user) -> bool:
        """Enter, correct and undo rounds: the club's owners and admins for every match, a
        scorer for the matches they keep (the ones they started)."""
        if self.club.may_manage(user):
            return True
        return self.created_by_id is not None and self.created_by_id == user.pk and self.club.may_score(user)

    # --- writing ------------------------------------------------------------------------

    @transaction.atomic
    def confirm_round(self, number: int, *, by) -> Round:
        """A second player confirms a provisional round (not the one who entered it)."""
        rounds = self._lock()
        if not 1 <= number <= len(rounds):
            raise Round.DoesNotExist
        stored = rounds[number - 1]
        if stored.provisional:
            if stored.created_by_id is not None and stored.created_by_id == getattr(by, "pk", None):
                raise refuse(SiteCode.CONFIRM_OWN_ROUND, "number")
            stored.provisional = False
            stored.confirmed_by_name = _name(by)
            stored.save(update_fields=["provisional", "confirmed_by_name", "updated_at"])
            # The match row is the version live scoreboards compare (live/versions.py).
            self.save(update_fields=["updated_at"])
        return stored

    @transaction.atomic
    def soft_delete(self, *, by=None) -> None:
        """Hide the match from every list and page; ``restore`` brings it back as it was."""
        self.deleted_at, self.deleted_by = timezone.now(), by
        self.save(update_fields=["deleted_at", "deleted_by"])
        self._announce_visibility("delete")

    @transaction.atomic
    def restore(self) -> None:
        self.deleted_at, self.deleted_by = None, None
        self.save(update_fields=["deleted_at", "deleted_by"])
        self._announce_visibility("restore")

    def _announce_visibility(self, action: str) -> None:
        """A finished match leaving or coming back changes standings and ratings built on it;
        an open one changes nothing stored, so only a finished one is announced."""
        if self.status != self.Status.FINISHED:
            return
        state = self.state()
        transaction.on_commit(
            lambda: match_recorded.send(
                sender=Match, match=self, state=state, action=action, number=state.played, was_finished=True
            )
        )

    @classmethod
    @transaction.atomic
    def start(
        cls,
        *,
        club: Club,
        game: str,
        players: Sequence[str | int | Player],
        teams: object = None,
        options: object = None,
        dealer: object = 0,
        by=None,
    ) -> Match:
        """A new match. ``players`` are in seating order: Player objects, ids of the club's
        players, or names (a known name, case and spaces ignored, is that player; a new name
        makes a player). ``Refused`` (the engine) or ``SiteRefused`` (an unknown or repeated
        player) when the match cannot be set up so; nothing is stored then."""
        try:
            rules = scoring.get_game(game)
        except scoring.UnknownGame:
            raise Refused([RuleError(Code.INVALID, "game")]) from None
        setup = scoring.create_setup(rules, len(players), teams=teams, options=options, dealer=dealer)
        seated = _resolve_players(club, players)
        match = cls.objects.create(
            club=club,
            game=rules.slug,
            options=dict(setup.options),
            teams=[list(team) for team in setup.teams] if setup.teams is not None else None,
            player_count=setup.players,
            dealer=setup.dealer,
            created_by=by,
        )
        team_of = {seat: index for index, team in enumerate(setup.teams or ()) for seat in team}
        Seat.objects.bulk_create(
            Seat(match=match, player=player, position=position, team=team_of.get(position))
            for position, player in enumerate(seated)
        )
        return match

    def rematch(self, *, by=None) -> Match:
        """The same game with the same players in the same seats, teams and options; the seat
        after this match's first dealer deals first, as the deal passes round the table."""
        players = [seat.player for seat in self.seats.select_related("player").order_by("position")]
        return Match.start(
            club=self.club,
            game=self.game,
            players=players,
            teams=self.teams,
            options=dict(self.options),
            dealer=(self.dealer + 1) % self.player_count,
            by=by,
        )

    def _lock(self) -> list[Round]:
        """Serialise writers of one match (two phones posting at once must not both be deal 5)
        and read its rounds once, under the lock."""
        Match.objects.select_for_update().filter(pk=self.pk).values_list("pk").get()
        return list(self.rounds.order_by("number"))

    def _lock_version(self) -> datetime:
        """``_lock`` for a write that only adds: the version of the match's row (``replays``),
        read under the lock; the rounds are read only where the cache has no replay of them.

        On PostgreSQL the seats come in the same statement (as with ``read_stored``): the
        answer to a deal shows them, and ``seated`` then costs no query after the write.
        SQLite (``make run``) locks the ORM's way and reads the seats when asked for."""
        using = router.db_for_write(Match, instance=self)
        if connections[using].vendor != "postgresql":
            locked = Match.objects.select_for_update().filter(pk=self.pk)
            return locked.values_list("updated_at", flat=True).get()
        with connections[using].cursor() as cursor:
            cursor.execute(_LOCKED_SQL, [self.pk])
            row = cursor.fetchone()
        if row is None:
            raise Match.DoesNotExist
        version, seated = row
        self._seats = _seat_rows(seated)
        return version

    def add_round(
        self,
        body: object,
        *,
        by=None,
        idempotency_key: str | None = None,
        number: int | None = None,
        read_rounds: bool = True,
    ) -> Recorded:
        """Check and store the next round. ``Refused`` stores nothing.

        ``number``, when given, is the deal the phone showed: if the match has moved on since,
        ``Conflict`` (``stale_round``) names the round already there and nothing is stored.
        A repeated ``idempotency_key`` with the same body answers the round it first stored;
        the key stays spent for good (also after an undo), and another body is a ``Conflict``.

        A new key costs no lookup: the database keeps one revision per key and match, so a key
        that comes back collides there (or comes with a deal number already played), and only
        then is the round it stored looked up.

        The state before the deal comes from the cache (``matches.replays``) when the last write
        left it there; the rounds are then read only if ``read_rounds`` (the API's answer lists
        them all). Without, the answer's rounds know only their number and the new last one.
        """
        try:
            recorded = None if read_rounds else self._add_if_unchanged(body, by, idempotency_key, number)
            if recorded is not None:
                return recorded
            with transaction.atomic():
                return self._add_round(body, by, idempotency_key, number, read_rounds, seen=False)
        except IntegrityError:
            if not idempotency_key:
                raise
            with transaction.atomic():  # nothing of the first attempt was kept
                return self._add_round(body, by, idempotency_key, number, read_rounds, seen=True)

    def _add_round(
        self,
        body: object,
        by,
        idempotency_key: str | None,
        number: int | None,
        read_rounds: bool,
        *,
        seen: bool,
    ) -> Recorded:
        version = self._lock_version()
        state = replays.cached(self.pk, version)
        rounds: list[RoundRow] | None = None
        if state is None or read_rounds:
            rounds = read_rows(self)
        if state is None:
            assert rounds is not None
            state = scoring.replay_stored(self.rules, self.setup, [r.body for r in rounds])
        played = state.played
        stale = number is not None and number != played + 1
        if idempotency_key and (seen or stale):
            earlier = self._answer_for_key(idempotency_key, body)
            if earlier is not None:
                known = rounds if rounds is not None else read_rows(self)
                return Recorded(known, state, earlier)
        if stale:
            assert number is not None
            existing = self.rounds.filter(number=number).first() if 1 <= number <= played else None
            who = existing.created_by_name if existing and existing.created_by_name else "?"
            params = {"number": number, "next": played + 1, "who": who}
            raise Conflict(SiteError(SiteCode.STALE_ROUND, "number", params), existing)
        new_state = scoring.play_round(state, body)
        stored, revision = self._new_round(body, by, idempotency_key, new_state)
        written = self._store_added(stored, revision, new_state, version)
        assert written, "the version read under the lock moved"
        if rounds is None:
            return Recorded(UnreadRounds(stored), new_state, stored)
        return Recorded([*rounds, stored], new_state, stored)

    def _add_if_unchanged(
        self, body: object, by, idempotency_key: str | None, number: int | None
    ) -> Recorded | None:
        """``add_round`` in one statement, with neither a transaction nor a lock, where it can:
        on PostgreSQL, for a deal that neither ends the match nor follows its end, when the
        cache holds the state at the version this object was read at (a phone's match, read
        moments ago). The statement writes only if the row still has that version (compare and
        set: a write in between moves it), so it stores exactly what the locked path would.

        None where it cannot, and the locked path (``_add_round``) decides: another version, a
        stale deal number, a refusal (said against the state read under the lock), an ending.
        A deal costs three round trips to the database fewer (``BEGIN``, the lock, ``COMMIT``):
        half of what the API's round POST waited for (issue 13)."""
        using = router.db_for_write(Match, instance=self)
        connection = connections[using]
        if connection.vendor != "postgresql" or self.status == self.Status.FINISHED:
            return None
        version = self.updated_at
        state = replays.cached(self.pk, version)
        if state is None or (number is not None and number != state.played + 1):
            return None
        try:
            new_state = scoring.play_round(state, body)
        except Refused:
            return None
        if new_state.finished:
            return None
        stored, revision = self._new_round(body, by, idempotency_key, new_state)
        # A savepoint inside a caller's transaction: a key that came back must not end it.
        with transaction.atomic(using=using) if connection.in_atomic_block else nullcontext():
            written = self._store_added(stored, revision, new_state, version)
        return Recorded(UnreadRounds(stored), new_state, stored) if written else None

    def _new_round(
        self, body: object, by, idempotency_key: str | None, state: MatchState
    ) -> tuple[Round, RoundRevision]:
        """The rows of a deal added as the state's last: the round and its revision."""
        last = state.log.last
        assert last is not None  # the state after a deal
        stored = Round(
            match=self,
            number=state.played,
            body=body,
            # Not ``state.scores``: every deal's scores, which a kept replay holds packed.
            scores=list(last),
            created_by=by,
            created_by_name=_name(by),
            provisional=self.club.confirm_rounds,
        )
        revision = RoundRevision(
            match=self,
            number=stored.number,
            action=RoundRevision.Action.ADD,
            after=body,
            by=by,
            by_name=_name(by),
            idempotency_key=idempotency_key or None,
        )
        return stored, revision

    def _answer_for_key(self, key: str, body: object) -> Round | None:
        """The round a key already stored, or None for a new key."""
        first = self.revisions.filter(idempotency_key=key).first()
        if first is None:
            return None
        if first.after != body:
            raise Conflict(SiteError(SiteCode.IDEMPOTENCY_KEY_REUSED, "Idempotency-Key"))
        stored = self.rounds.filter(number=first.number).first()
        if stored is None or stored.created_at > first.at:
            # Undone since (and maybe entered again by someone else): never store it twice.
            raise Conflict(
                SiteError(SiteCode.IDEMPOTENCY_KEY_SPENT, "Idempotency-Key", {"number": first.number})
            )
        return stored

    @transaction.atomic
    def correct_round(self, number: int, body: object, *, by=None) -> Recorded:
        """Replace round ``number`` and replay the match; ``Refused`` if any round (this one or a
        later one) becomes impossible, in which case nothing changes."""
        rounds = self._lock()
        if not 1 <= number <= len(rounds):
            raise Round.DoesNotExist
        new_state = scoring.correct_round(self.rules, self.setup, [r.body for r in rounds], number, body)
        target = rounds[number - 1]
        before = target.body
        target.body = body
        target.save(update_fields=["body", "updated_at"])
        for stored, scores in zip(rounds, new_state.scores, strict=True):
            if stored.scores != list(scores):
                stored.scores = list(scores)
                stored.save(update_fields=["scores", "updated_at"])
        RoundRevision.objects.create(
            match=self,
            number=number,
            action=RoundRevision.Action.CORRECT,
            before=before,
            after=body,
            by=by,
            by_name=_name(by),
        )
        self._store_outcome(new_state, RoundRevision.Action.CORRECT, number)
        return Recorded(rounds, new_state, target)

    @transaction.atomic
    def undo_last_round(self, number: int | None = None, *, by=None) -> Recorded:
        """Remove the last round (``number``, when given, must be it)."""
        rounds = self._lock()
        if not rounds:
            raise Round.DoesNotExist
        last = rounds[-1]
        if number is not None and number > last.number:
            raise Round.DoesNotExist  # undone meanwhile (two phones undoing at once)
        if number is not None and number != last.number:
            raise refuse(SiteCode.NOT_LAST_ROUND, "number")
        RoundRevision.objects.create(
            match=self,
            number=last.number,
            action=RoundRevision.Action.UNDO,
            before=last.body,
            by=by,
            by_name=_name(by),
        )
        last.delete()
        rounds = rounds[:-1]
        new_state = scoring.replay_stored(self.rules, self.setup, [r.body for r in rounds])
        self._store_outcome(new_state, RoundRevision.Action.UNDO, last.number)
        return Recorded(rounds, new_state)

    def _store_added(
        self, stored: Round, revision: RoundRevision, state: MatchState, version: datetime
    ) -> bool:
        """Save a new round, its revision and the match's outcome (``_store_outcome``) if the
        match row still has ``version``; False, with nothing written, if it has moved on (which
        under the row lock it cannot).

        On PostgreSQL in one statement, which also reads the answer's seats: the match's update,
        made only at that version (compare and set), and the inserts as data-modifying ``WITH``
        parts that write only if it did. Through the ORM, three statements (each built, then
        sent and waited for) were a seventh of a deal's CPU on the API (issue 13). Each row is
        written as the ORM would write it (every field's own default, ``auto_now`` and JSON
        conversion: ``_insert_sql``), though without ``save``'s signals (nothing listens for
        these models: tests/test_models.py); a refusal by the database (a key that came back)
        is the same ``IntegrityError``. SQLite (``make run``) saves them one by one, and only
        under the lock."""
        using = router.db_for_write(Match, instance=self)
        connection = connections[using]
        if connection.vendor != "postgresql":
            stored.save(force_insert=True, using=using)
            revision.save(force_insert=True, using=using)
            self._store_outcome(state, RoundRevision.Action.ADD, stored.number)
            return True
        was_finished = self._set_outcome(state)
        add_round, round_values = _insert_sql(stored, connection, when="m")
        add_revision, revision_values = _insert_sql(revision, connection, when="m")
        update, match_values = _update_sql(self, OUTCOME_FIELDS, connection)
        at = Match._meta.get_field("updated_at")
        assert isinstance(at, models.DateTimeField) and at.column
        sql = (
            f"WITH m AS ({update} AND {connection.ops.quote_name(at.column)} = %s RETURNING id),"
            f" r AS ({add_round}), v AS ({add_revision}) SELECT r.pk, {_SEATS_SQL} FROM r, m"
        )
        values = [*match_values, at.get_db_prep_value(version, connection), *round_values, *revision_values]
        row = None
        try:
            with connection.cursor() as cursor:
                cursor.execute(sql, values)
                row = cursor.fetchone()
        finally:
            if row is None:  # written meanwhile, or refused (a key that came back): as it was
                self.updated_at = version
        if row is None:
            return False
        stored.pk, seated = row
        stored._state.adding = False
        stored._state.db = using
        self._seats = _seat_rows(seated)
        self._outcome_stored(state, RoundRevision.Action.ADD, stored.number, was_finished)
        return True

    def _set_outcome(self, state: MatchState) -> bool:
        """The match's status and end as the state has them; whether it was finished before."""
        was_finished = self.status == self.Status.FINISHED
        self.status = self.Status.FINISHED if state.finished else self.Status.IN_PROGRESS
        if state.finished and not was_finished:
            self.finished_at = timezone.now()
        elif not state.finished:
            self.finished_at = None
        return was_finished

    def _store_outcome(self, state: MatchState, action: str, number: int) -> None:
        was_finished = self._set_outcome(state)
        self.save(update_fields=OUTCOME_FIELDS)
        self._outcome_stored(state, action, number, was_finished)

    def _outcome_stored(self, state: MatchState, action: str, number: int, was_finished: bool) -> None:
        # The next write of this match starts from this state (the row's new version names it).
        version = self.updated_at
        transaction.on_commit(lambda: replays.keep(self.pk, version, state))
        if state.finished or was_finished:
            self._store_final_places(state)
        transaction.on_commit(
            lambda: match_recorded.send(
                sender=Match,
                match=self,
                state=state,
                action=str(action),
                number=number,
                was_finished=was_finished,
            )
        )

    def _store_final_places(self, state: MatchState) -> None:
        """Write each seat's final total and rank (or clear them when the match reopened)."""
        place = {seat: row for row in state.standings for seat in row.seats} if state.finished else {}
        seats = list(self.seats.all())
        for seat in seats:
            row = place.get(seat.position)
            seat.final_total = row.total if row else None
            seat.final_rank = row.rank if row else None
        Seat.objects.bulk_update(seats, ["final_total", "final_rank"])


OUTCOME_FIELDS = ["status", "finished_at", "updated_at"]  # what every write of rounds moves


def _insert_sql(obj: models.Model, connection: Any, *, when: str) -> tuple[str, list[Any]]:
    """The ``INSERT`` of a new object's row (``RETURNING`` its key as ``pk``), written only if
    ``when`` (a part of the same ``WITH``) has a row, and its values, each as the ORM's
    ``save`` prepares it (the field's ``pre_save``, then ``get_db_prep_save``): a field added
    to the model is written here too, with its default. The values are typed by their
    columns, which a ``SELECT`` list does not do for them as ``VALUES`` does."""
    sql, fields = _insert_text(type(obj), connection.alias, when)
    return sql, [field.get_db_prep_save(field.pre_save(obj, add=True), connection) for field in fields]


def _update_sql(obj: models.Model, names: Sequence[str], connection: Any) -> tuple[str, list[Any]]:
    """The ``UPDATE`` of some fields of a stored object's row, prepared as for ``_insert_sql``."""
    sql, fields = _update_text(type(obj), tuple(names), connection.alias)
    values = [field.get_db_prep_save(field.pre_save(obj, add=False), connection) for field in fields]
    return sql, [*values, obj.pk]


# The statements' text depends only on the model and the database: written once per process
# (asking each field its column type took a tenth of a deal's time on the API).
@cache
def _insert_text(model: type[models.Model], alias: str, when: str) -> tuple[str, list[Any]]:
    connection: Any = connections[alias]
    quote = connection.ops.quote_name
    fields = [field for field in model._meta.concrete_fields if not field.primary_key]
    columns = ", ".join(quote(field.column) for field in fields)
    typed = ", ".join(f"%s::{field.db_type(connection)}" for field in fields)
    sql = f"INSERT INTO {quote(model._meta.db_table)} ({columns}) SELECT {typed} FROM {when}"
    return f"{sql} RETURNING {quote(model._meta.pk.column)} AS pk", fields


@cache
def _update_text(model: type[models.Model], names: tuple[str, ...], alias: str) -> tuple[str, list[Any]]:
    connection: Any = connections[alias]
    quote = connection.ops.quote_name
    fields = [field for field in model._meta.concrete_fields if field.name in names]
    assignments = ", ".join(f"{quote(field.column)} = %s" for field in fields)
    sql = f"UPDATE {quote(model._meta.db_table)} SET {assignments} WHERE {quote(model._meta.pk.column)} = %s"
    return sql, fields


def _name(user: object) -> str:
    """The username to keep beside a change, so it stays attributed after the account goes."""
    get_username = getattr(user, "get_username", None)
    return str(get_username()) if callable(get_username) else ""


def _resolve_players(club: Club, players: Sequence[str | int | Player]) -> list[Player]:
    errors: list[SiteError] = []
    seated: list[Player] = []
    for index, given in enumerate(players):
        field = f"players.{index}"
        if isinstance(given, Player):
            seated.append(given)
        elif isinstance(given, int) and not isinstance(given, bool):
            player = club.players.filter(pk=given).first()
            if player is None:
                errors.append(SiteError(SiteCode.UNKNOWN_PLAYER, field))
            else:
                seated.append(player)
        elif isinstance(given, str):
            try:
                name = clean_player_name(given)
            except ValidationError:
                errors.append(SiteError(SiteCode.INVALID, field))
            else:
                seated.append(club.player_named(name))
        else:
            errors.append(SiteError(SiteCode.INVALID, field))
    if not errors and len({p.pk for p in seated}) != len(seated):
        errors.append(SiteError(SiteCode.DUPLICATE_PLAYER, "players"))
    if errors:
        raise SiteRefused(errors)
    return seated


class Seat(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    position = models.PositiveSmallIntegerField()
    team = models.PositiveSmallIntegerField(null=True, blank=True)
    # How the seat's unit (its team, or the seat alone) ended a finished match; empty while the
    # match is open. Leagues and ratings read these instead of replaying every match.
    final_total = models.IntegerField(null=True, blank=True)
    final_rank = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["position"]
        constraints = [models.UniqueConstraint(fields=["match", "position"], name="one_player_per_seat")]

    def __str__(self) -> str:
        return f"{self.player} (seat {self.position})"


class Round(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField()
    body = models.JSONField(help_text="The round exactly as posted.")
    scores = models.JSONField(help_text="What the round added to each scoring unit (computed).")
    # The name as it was when the round was entered: deleting the account keeps it attributed.
    created_by_name = models.CharField(max_length=150, blank=True)
    # Where the club asks for it, a round is provisional until a second player confirms it.
    provisional = models.BooleanField(default=False)
    confirmed_by_name = models.CharField(max_length=150, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="one_round_per_number"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="round_number_from_1"),
        ]

    def __str__(self) -> str:
        return f"{self.match} round {self.number}"


class RoundRevision(models.Model):
    """Who changed which round when, and what it said before and after."""

    class Action(models.TextChoices):
        ADD = "add", _("entered")
        CORRECT = "correct", _("corrected")
        UNDO = "undo", _("undone")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="revisions")
    number = models.PositiveIntegerField()
    action = models.CharField(max_length=8, choices=Action.choices)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    # Who it was, also after their account is deleted.
    by_name = models.CharField(max_length=150, blank=True)
    at = models.DateTimeField(auto_now_add=True)
    # The key of the request that added the round. Kept with the history, so a key stays spent
    # after an undo. NULL, not "", when absent: two keyless rows must not collide.
    idempotency_key = models.CharField(max_length=IDEMPOTENCY_KEY_LENGTH, null=True, blank=True)  # noqa: DJ001

    class Meta:
        ordering = ["at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["match", "idempotency_key"], name="one_add_per_idempotency_key")
        ]

    def __str__(self) -> str:
        return f"{self.match} round {self.number}: {self.action}"


# The seats of match ``m`` as one JSON text (``_seat_rows`` decodes it).
_SEATS_SQL = (
    "(SELECT string_agg(json_build_array(s.position, s.player_id, p.name, s.team)::text, ','"
    f" ORDER BY s.position) FROM {Seat._meta.db_table} s JOIN {Player._meta.db_table} p"
    " ON p.id = s.player_id WHERE s.match_id = m.id)"
)
_STORED_SQL = (
    "SELECT m.updated_at, (SELECT string_agg(json_build_array(r.number, r.body, r.scores,"
    " r.provisional, r.created_by_name)::text, ',' ORDER BY r.number)"
    f" FROM {Round._meta.db_table} r WHERE r.match_id = m.id), {_SEATS_SQL},"
    f" (SELECT count(*) FROM {RoundRevision._meta.db_table} v WHERE v.match_id = m.id)"
    f" FROM {Match._meta.db_table} m WHERE m.id = %s"
)
# ``read_outline``: the version, the seats, how many deals and the provisional ones.
_OUTLINE_SQL = (
    f"SELECT m.updated_at, {_SEATS_SQL},"
    f" (SELECT count(*) FROM {Round._meta.db_table} r WHERE r.match_id = m.id),"
    " (SELECT string_agg(json_build_array(r.number, r.created_by_name)::text, ',' ORDER BY r.number)"
    f" FROM {Round._meta.db_table} r WHERE r.match_id = m.id AND r.provisional)"
    f" FROM {Match._meta.db_table} m WHERE m.id = %s"
)
# ``Match._lock_version``: the row's version and its seats, with the row locked.
_LOCKED_SQL = (
    f"SELECT m.updated_at, {_SEATS_SQL} FROM {Match._meta.db_table} m WHERE m.id = %s FOR UPDATE OF m"
)

# ``MatchQuerySet.get_for_member``: a match that is not deleted, of a club of the reader's.
_MEMBER_MATCH = MemberRead(Match, unset=["deleted_at"])


def _seat_rows(packed: str | None) -> list[SeatRow]:
    return [SeatRow._make(seat) for seat in orjson.loads(f"[{packed or ''}]")]


EXPORT_KEPT = timedelta(days=7)  # then purged: on the next export of any club, or by purge_exports
EXPORT_STALLED = timedelta(minutes=15)  # in progress without news this long: the worker lost it


class ClubExportQuerySet(models.QuerySet["ClubExport"]):
    def expired(self) -> ClubExportQuerySet:
        return self.filter(created_at__lt=timezone.now() - EXPORT_KEPT)


class ClubExport(models.Model):
    """A club's record as a file (``matches.exports``), written by a task, not in a request: a
    club with years of matches takes longer than a request should. The file is kept in the
    database, not on a disk: the app servers and the task worker share nothing else
    (docs/deploy.md), and PostgreSQL compresses it."""

    class Status(models.TextChoices):
        QUEUED = "queued", _("waiting for its turn")
        RUNNING = "running", _("being written")
        DONE = "done", _("ready")
        FAILED = "failed", _("failed")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="exports")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    done = models.PositiveIntegerField(default=0)  # matches written so far
    total = models.PositiveIntegerField(default=0)  # matches to write (known once it runs)
    content = models.BinaryField(null=True, editable=False)  # the JSON file, once done
    # What went wrong, for whoever runs the site (logged too); the page says it in words.
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    objects = ClubExportQuerySet.as_manager()

    class Meta:
        indexes = [models.Index(fields=["created_at"])]

    def __str__(self) -> str:
        return f"{self.club} export {self.pk}: {self.status}"

    @classmethod
    @transaction.atomic
    def request(cls, club: Club, by: object) -> tuple[ClubExport, bool]:
        """The club's export still in progress, or a new one (True: to be written). Exports
        past ``EXPORT_KEPT`` go first, whoever's they are."""
        cls.objects.expired().delete()
        pending = cls.objects.filter(club=club, status__in=[cls.Status.QUEUED, cls.Status.RUNNING])
        current = pending.order_by("-created_at").first()
        if current is not None and not current.stalled:
            return current, False
        return cls.objects.create(club=club, requested_by=by), True

    @property
    def in_progress(self) -> bool:
        return self.status in (self.Status.QUEUED, self.Status.RUNNING) and not self.stalled

    @property
    def stalled(self) -> bool:
        """Still queued or running, without news for ``EXPORT_STALLED``: a worker that died or
        a queue that lost it. Shown as failed; the next request starts a new one."""
        waiting = self.status in (self.Status.QUEUED, self.Status.RUNNING)
        return waiting and self.updated_at < timezone.now() - EXPORT_STALLED

    @property
    def failed(self) -> bool:
        return self.status == self.Status.FAILED or self.stalled

    @property
    def percent(self) -> int:
        return 100 * self.done // self.total if self.total else 0

    def progress(self, done: int, total: int) -> None:
        self.status, self.done, self.total = self.Status.RUNNING, done, total
        self.save(update_fields=["status", "done", "total", "updated_at"])

    def finish(self, content: bytes) -> None:
        self.status, self.content, self.finished_at = self.Status.DONE, content, timezone.now()
        self.done = self.total
        self.save(update_fields=["status", "content", "finished_at", "done", "updated_at"])

    def fail(self, error: str) -> None:
        self.status, self.error, self.finished_at = self.Status.FAILED, error, timezone.now()
        self.save(update_fields=["status", "error", "finished_at", "updated_at"])
