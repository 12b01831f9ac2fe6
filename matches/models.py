"""Matches, their seats and rounds, and the history of every change.

The database stores what the table entered (each round's body, exactly as posted); everything
else (totals, phases, standings, who deals, who won) is a replay of those rounds through the
rules engine. ``Round.scores`` and ``Match.status`` are kept as well, so lists and leagues can
query them, and are rewritten by every write.

Every write of rounds (add, correct, undo, confirm) is one ``transaction.atomic`` block that
first locks the match's row (``select_for_update``; on SQLite the ``IMMEDIATE`` transactions of
``config/settings.py`` serialise writers instead) and stores what changed: two phones posting
deal 5 at once get one deal 5 and one ``stale_round``. The same path runs on every database.

``Match.snapshot`` is the engine's state after the stored rounds (``scoring.snapshot``: the
totals, the number of deals, the last deal's scores and the game's progress), written by every
write in the same transaction as the rounds. A deal goes on from it (``scoring.resume``) instead
of reading and replaying every earlier round, which at 230 deals was a third of a deal's cost and
kept the API's round POST under its budget (0.24 of the bare view's throughput against 0.33,
``make bench``); pages read it instead of replaying too, with each deal's scores from the rounds
they show (``Round.scores``). It holds no deal's scores but the last: holding them all, it grew
with the match, and the API's round POST at 200 to 450 deals took 7 to 8.5 ms of CPU (test
client, PostgreSQL) where it takes 5.2 to 5.7 without them. A match without one is replayed, and
so is one whose snapshot is of another format or shape (``scoring.StaleSnapshot``), which is then
written again. A page reads the match's row and then its rounds; ``replayed`` shows the moment of
the row even when a write commits between the two reads, on every database alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

import scoring
from games.declared import home_of_json
from games.protocol import GameHome
from games.refusals import SiteCode, SiteError, SiteRefused, refuse
from games.registry import home_for
from house.models import HouseGame
from matches.signals import match_recorded
from players.models import Club, Guest, Membership, Player, clean_player_name
from scoring import Code, MatchState, Refused, RuleError, Setup
from scoring.declared import declared_game, definition_json, read_definition

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser, User


def game_choices() -> list[tuple[str, str]]:
    return [(game.slug, game.slug) for game in scoring.all_games()]


IDEMPOTENCY_KEY_LENGTH = 255
END_REASON_LENGTH = 200  # ``Match.end_reason``: a few words ("closing time", "Dirk felt unwell")


class Conflict(Exception):
    """A write refused because of what is already stored, not because the round breaks a rule:
    the match moved on since the phone showed it (``stale_round``), or an idempotency key
    came back with another body (``idempotency_key_reused``) or after its round was undone
    (``idempotency_key_spent``). ``existing`` is the round already there, if any."""

    def __init__(self, error: SiteError, existing: Round | None = None) -> None:
        super().__init__(error.code)
        self.error = error
        self.existing = existing


SEAT_FIELDS = ("position", "player_id", "player__name", "team")  # a ``SeatRow``, as a query reads it


class SeatRow(NamedTuple):
    """A seat and the name of its player, read as plain values (the sheet and the API)."""

    position: int
    player_id: int
    name: str
    team: int | None


class StoredRound(Protocol):
    """What pages and the API show of a stored round: a ``Round``, or a row of ``ROUND_FIELDS``
    read as plain values (``values_list(..., named=True)``), which at 250 deals costs a third of
    building the model objects."""

    @property
    def number(self) -> int: ...
    @property
    def body(self) -> Any: ...
    @property
    def scores(self) -> Any: ...
    @property
    def provisional(self) -> bool: ...
    @property
    def created_by_name(self) -> str: ...


ROUND_FIELDS = ("number", "body", "scores", "provisional", "created_by_name")


@dataclass(frozen=True)
class Replayed:
    """A match's rounds, in order, and its state after them; after a correction, also the round
    it corrected. Pages render from it instead of reading again."""

    rounds: Sequence[StoredRound]
    state: MatchState
    round: Round | None = None


@dataclass(frozen=True)
class AddedRound:
    """What a deal's write leaves: the round it stored (or, for a repeated idempotency key, the
    one it stored before) and the match's state after it."""

    round: Round
    state: MatchState


def states_of(matches: Sequence[Match]) -> dict[int, MatchState]:
    """The states of several matches (a league's open tables, a club's screen): each from its
    snapshot, and the rounds of any without one it can read (none, or of another format) read
    in one query and replayed."""
    states: dict[int, MatchState] = {}
    missing: list[Match] = []
    for match in matches:
        try:
            if match.snapshot is not None:
                states[match.pk] = match.as_ended(scoring.resume(match.rules, match.setup, match.snapshot))
                continue
        except scoring.StaleSnapshot:
            pass
        missing.append(match)
    if missing:
        bodies: dict[int, list[object]] = {match.pk: [] for match in missing}
        rows = Round.objects.filter(match__in=missing).order_by("match_id", "number")
        for match_id, body in rows.values_list("match_id", "body"):
            bodies[match_id].append(body)
        for match in missing:
            replayed = scoring.replay_stored(match.rules, match.setup, bodies[match.pk])
            states[match.pk] = match.as_ended(replayed)
    return states


class MatchQuerySet(models.QuerySet["Match"]):
    def for_user(self, user: User | AnonymousUser) -> MatchQuerySet:
        """Matches of the clubs the user belongs to (not the deleted ones).

        The clubs are read first and named in the filter: joined to the memberships, the
        database cannot tell a club of 10 000 matches from a club of ten and sorts all of a big
        club's matches to page through them."""
        if not user.is_authenticated:
            return self.none()
        clubs = list(Membership.objects.filter(user=user).values_list("club_id", flat=True))
        return self.filter(club_id__in=clubs, deleted_at=None)

    def get_for_member(self, user: User | AnonymousUser, pk: int) -> Match:
        """The match if it is not deleted and belongs to one of the user's clubs
        (``Match.DoesNotExist`` if not), read with its club and the user's role there, so what
        the user may do with it (``can_score``, ``club.may_manage``) costs no query of its own."""
        if not user.is_authenticated:
            raise Match.DoesNotExist
        # The role comes from the membership join the filter makes (one membership per user
        # and club), so the read is one join, not a subquery.
        # The sheet names the club-evening table a match is (a reverse relation the league
        # declares; no import): read in the same join, not a query of its own.
        match: Match = (
            self.select_related("club", "league_table")
            .filter(pk=pk, deleted_at=None, club__memberships__user=user)
            .annotate(reader_role=F("club__memberships__role"))
            .get()
        )
        match.club.remember_role(user, match.reader_role)  # type: ignore[attr-defined]  # the annotation
        return match

    def deleted_for_admin(self, user: User | AnonymousUser) -> MatchQuerySet:
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
        """The ``limit`` most recently changed of these matches in the given clubs, newest first."""
        return list(self.filter(club_id__in=club_ids).order_by("-updated_at", "-id")[:limit])

    def finished(self) -> MatchQuerySet:
        return self.filter(status=Match.Status.FINISHED)


class Match(models.Model):
    class Status(models.TextChoices):
        IN_PROGRESS = "in_progress", _("in progress")
        FINISHED = "finished", _("finished")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="matches")
    game = models.CharField(_("game"), max_length=32, choices=game_choices)
    options = models.JSONField(_("options"), default=dict)
    # A house game's rules as the match started with them (``scoring.declared``); None for the
    # built-in games. Changing the club's game later leaves this copy, and the match, as it was.
    definition = models.JSONField(null=True, blank=True, editable=False)
    teams = models.JSONField(_("teams"), null=True, blank=True)
    player_count = models.PositiveSmallIntegerField()
    dealer = models.PositiveSmallIntegerField(_("first dealer"), default=0)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.IN_PROGRESS)
    # The engine's state after the stored rounds (``scoring.snapshot``), written with them.
    snapshot = models.JSONField(null=True, blank=True, editable=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # Moved by every write of the match or its rounds: the version live boards compare and the
    # sheet's cached fragments are keyed by.
    updated_at = models.DateTimeField(auto_now=True)
    # When the last deal ended it (leagues and ratings take finished matches in this order);
    # cleared when an undo reopens the match.
    finished_at = models.DateTimeField(null=True, blank=True)
    # A deleted match is hidden, not gone: an admin of its club can restore it.
    deleted_at = models.DateTimeField(null=True, blank=True)
    deleted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # Ended before its planned end (closing time, a player left): finished as it stood then.
    ended_early_at = models.DateTimeField(null=True, blank=True)
    end_reason = models.CharField(_("why it ended early"), max_length=200, blank=True, db_default="")
    # Part of a closed record (a table of an archived season): its rounds are final until the
    # season is reopened, so writes of its rounds are refused.
    closed_at = models.DateTimeField(null=True, blank=True)

    objects = MatchQuerySet.as_manager()

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
        """The game as the site shows it (its name, round form, hints...): a house game's from
        the rules the match keeps."""
        if self.definition is not None:
            return home_of_json(self.definition, self.game)
        return home_for(self.game)

    @property
    def rules(self) -> scoring.match.Game:
        """The game's rules engine: a house game's from the rules the match keeps."""
        if self.definition is not None:
            return declared_game(read_definition(self.definition), self.game)
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
        """The match as the rules engine sees it, from its snapshot (or a replay of its rounds):
        its totals, standings and what comes next; each deal's scores come with ``replayed``."""
        if self.snapshot is not None:
            try:
                return self.as_ended(scoring.resume(self.rules, self.setup, self.snapshot))
            except scoring.StaleSnapshot:
                return self._replay(self._round_rows(), renew=True).state
        bodies = list(self.rounds.order_by("number").values_list("body", flat=True))
        return self.as_ended(scoring.replay_stored(self.rules, self.setup, bodies))

    def as_ended(self, state: MatchState) -> MatchState:
        """``state`` as the table left it: over, as it stood, once it ended early
        (``scoring.end_early``); the engine's own state otherwise. The snapshot and the rounds
        are those of the deals played either way: ending early writes no deal."""
        return scoring.end_early(state) if self.ended_early_at is not None else state

    def replayed(self) -> Replayed:
        """The rounds, read once, and the state after them, holding each deal's scores: one
        moment of the match, the one its row was read at.

        The row (its snapshot, status and version) and the rounds are two reads, and a write can
        commit between them. The snapshot says how many deals it was taken after, so the rounds
        past that number are a write this read does not show yet; an undo or a correction that
        came between changes the deals the snapshot counted, which ``resume`` sees (their scores
        no longer add up to its totals), and then the rounds as read are replayed. Either way the
        totals are those of the rounds shown, and no page answers 500 for a phone scoring."""
        rounds = self._round_rows()
        if self.snapshot is None:
            return self._replay(rounds)
        played = self.snapshot.get("played")
        shown = rounds[:played] if isinstance(played, int) and played >= 0 else rounds
        try:
            state = scoring.resume(self.rules, self.setup, self.snapshot, [row.scores for row in shown])
        except scoring.StaleSnapshot:
            # Another format, or the deals changed under this read: the rounds read are the truth.
            readable = self._readable_snapshot()
            return self._replay(rounds, renew=not readable)
        return Replayed(shown, self.as_ended(state))

    def _readable_snapshot(self) -> bool:
        assert self.snapshot is not None
        try:
            scoring.resume(self.rules, self.setup, self.snapshot)
        except scoring.StaleSnapshot:
            return False
        return True

    def _round_rows(self) -> list[StoredRound]:
        return list(self.rounds.order_by("number").values_list(*ROUND_FIELDS, named=True))

    def _replay(self, rounds: Sequence[StoredRound], *, renew: bool = False) -> Replayed:
        """The rounds replayed. ``renew``: the stored snapshot is of another format or shape, so
        the replay's is stored in its place, unless a write has moved the match on since its row
        was read (that write stored a snapshot of its own)."""
        state = scoring.replay_stored(self.rules, self.setup, [r.body for r in rounds])
        if renew:
            self.snapshot = scoring.snapshot(state)
            # ``update`` leaves ``updated_at`` as it is: the match did not change, only how its
            # state is kept, and the row's version is what says which moment this replay is of.
            Match.objects.filter(pk=self.pk, updated_at=self.updated_at).update(snapshot=self.snapshot)
        return Replayed(rounds, self.as_ended(state))

    def seated(self) -> list[SeatRow]:
        """The seats in order, each with its player's name."""
        rows = self.seats.order_by("position").values_list(*SEAT_FIELDS)
        return [SeatRow._make(row) for row in rows]

    def can_score(self, user: User | AnonymousUser) -> bool:
        """Enter, correct and undo rounds: the club's owners and admins for every match, a
        scorer for the matches they keep (the ones they started)."""
        if self.club.may_manage(user):
            return True
        return self.created_by_id is not None and self.created_by_id == user.pk and self.club.may_score(user)

    # --- writing ------------------------------------------------------------------------

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
        definition: object = None,
        by=None,
    ) -> Match:
        """A new match. ``players`` are in seating order: Player objects, ids of the club's
        players, or names (a known name, case and spaces ignored, is that player; a new name
        makes a player). ``Refused`` (the engine) or ``SiteRefused`` (an unknown or repeated
        player) when the match cannot be set up so; nothing is stored then. ``definition``: a
        house game's rules as an imported match kept them (``game`` is then its slug)."""
        return cls._start(club, game, players, teams, options, dealer, definition, by)

    @classmethod
    def _start(
        cls,
        club: Club,
        game: object,
        players: Sequence[str | int | Player],
        teams: object,
        options: object,
        dealer: object,
        definition: object,
        by: Any,
    ) -> Match:
        """``start``, inside the caller's transaction (``rematch`` reads and locks its players
        first, in the same transaction, without a savepoint between)."""
        rules, kept = _rules_to_start(club, game, definition)
        setup = scoring.create_setup(rules, len(players), teams=teams, options=options, dealer=dealer)
        seated = _resolve_players(club, players)
        match = cls.objects.create(
            club=club,
            game=rules.slug,
            options=dict(setup.options),
            definition=kept,
            teams=[list(team) for team in setup.teams] if setup.teams is not None else None,
            player_count=setup.players,
            dealer=setup.dealer,
            snapshot=scoring.snapshot(scoring.match.start_match(rules, setup)),
            created_by=by,
        )
        team_of = {seat: index for index, team in enumerate(setup.teams or ()) for seat in team}
        Seat.objects.bulk_create(
            Seat(match=match, player=player, position=position, team=team_of.get(position))
            for position, player in enumerate(seated)
        )
        return match

    @classmethod
    def start_demo(cls, club: Club, home: GameHome, *, by=None) -> Match:
        """The game's demo table (its home's players, teams and options), no deal played yet."""
        demo = home.demo()
        if demo is None:
            raise ValueError(f"{home.slug} has no demo")
        return cls.start(
            club=club,
            game=home.slug,
            players=list(demo.players),
            teams=demo.teams,
            options=dict(demo.options),
            by=by,
        )

    @transaction.atomic
    def rematch(self, *, by=None) -> Match:
        """The same game with the same players in the same seats, teams and options; the seat
        after this match's first dealer deals first, as the deal passes round the table. The
        players are read locked (``start``: no merge takes one away meanwhile)."""
        seats = self.seats.select_related("player").select_for_update(of=("player",))
        players = [seat.player for seat in seats.order_by("position")]
        dealer = (self.dealer + 1) % self.player_count
        return Match._start(self.club, self.game, players, self.teams, dict(self.options), dealer, None, by)

    @transaction.atomic
    def add_round(
        self, body: object, *, by=None, idempotency_key: str | None = None, number: int | None = None
    ) -> AddedRound:
        """Check and store the next round. ``Refused`` stores nothing.

        ``number``, when given, is the deal the phone showed: if the match has moved on since,
        ``Conflict`` (``stale_round``) names the round already there and nothing is stored.
        A repeated ``idempotency_key`` with the same body answers the round it first stored;
        the key stays spent for good (also after an undo), and another body is a ``Conflict``.
        """
        self._lock()
        self._refuse_if_closed()
        self._refuse_if_ended_early()
        state = self.state()
        stale = number is not None and number != state.played + 1
        if stale and idempotency_key:
            # A phone sending a deal again after its first answer was lost: answer that deal.
            earlier = self._round_for_key(idempotency_key, body)
            if earlier is not None:
                return AddedRound(earlier, state)
        if stale:
            assert number is not None
            existing = self.rounds.filter(number=number).first() if 1 <= number <= state.played else None
            # The table knows who entered it by name, not by a guest's made-up username.
            who = (
                (display_name(existing.created_by, self.club) or existing.created_by_name) if existing else ""
            )
            who = who or "?"
            params = {"number": number, "next": state.played + 1, "who": who}
            raise Conflict(SiteError(SiteCode.STALE_ROUND, "number", params), existing)
        new_state = scoring.play_round(state, body)
        last = new_state.log.last
        assert last is not None  # the state after a deal
        try:
            # A new key costs no lookup: the database keeps one revision per key and match, and
            # a key that comes back collides there; the savepoint then undoes this deal alone.
            with transaction.atomic():
                stored = Round.objects.create(
                    match=self,
                    number=new_state.played,
                    body=body,
                    scores=list(last),
                    created_by=by,
                    created_by_name=_name(by),
                    provisional=self.club.confirm_rounds,
                )
                RoundRevision.objects.create(
                    match=self,
                    number=stored.number,
                    action=RoundRevision.Action.ADD,
                    after=body,
                    by=by,
                    by_name=_name(by),
                    idempotency_key=idempotency_key or None,
                )
        except IntegrityError:
            earlier = self._round_for_key(idempotency_key, body) if idempotency_key else None
            if earlier is None:
                raise
            return AddedRound(earlier, state)
        self._save_outcome(new_state, RoundRevision.Action.ADD, stored.number)
        return AddedRound(stored, new_state)

    def _round_for_key(self, key: str, body: object) -> Round | None:
        """The round an idempotency key already stored, or None for a new key."""
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
    def correct_round(self, number: int, body: object, *, by=None) -> Replayed:
        """Replace round ``number`` and replay the match; ``Refused`` if any round (this one or a
        later one) becomes impossible, in which case nothing changes."""
        rounds = self._locked_rounds()
        self._refuse_if_closed()
        self._refuse_if_ended_early()
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
        self._save_outcome(new_state, RoundRevision.Action.CORRECT, number)
        return Replayed(rounds, new_state, target)

    @transaction.atomic
    def undo_last_round(self, number: int | None = None, *, by=None) -> Replayed:
        """Remove the last round (``number``, when given, must be it)."""
        rounds = self._locked_rounds()
        self._refuse_if_closed()
        self._refuse_if_ended_early()
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
        replayed = self._replay(rounds[:-1])
        self._save_outcome(replayed.state, RoundRevision.Action.UNDO, last.number)
        return replayed

    @transaction.atomic
    def confirm_round(self, number: int, *, by) -> Round:
        """A second player confirms a provisional round (not the one who entered it)."""
        rounds = self._locked_rounds()
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
    def end_early(self, reason: str, *, by=None) -> MatchState:
        """End the match before its planned end (closing time, a player left), with a short
        ``reason``: it is finished as it stands, each seat's final total and rank those of the
        engine's standings after the deals played (``scoring.end_early``), the history keeps who
        ended it and why, and it is announced as any finish (standings and ratings follow).
        ``resume`` undoes it. ``SiteRefused``: no reason or one too long, a match over already
        (ended early or not), or one without a deal (an admin deletes that one instead)."""
        reason = " ".join(reason.split())
        if not reason:
            raise refuse(SiteCode.REQUIRED, "reason")
        if len(reason) > END_REASON_LENGTH:
            raise refuse(SiteCode.TOO_LONG, "reason", limit=END_REASON_LENGTH)
        self._lock()
        self._refuse_if_closed()
        self._refuse_if_ended_early()
        if self.status == self.Status.FINISHED:
            raise refuse(SiteCode.ALREADY_FINISHED)
        state = self.state()
        if not state.played:
            raise refuse(SiteCode.NOTHING_PLAYED)
        self.ended_early_at = self.finished_at = timezone.now()
        self.end_reason = reason
        self.status = self.Status.FINISHED
        self.save(update_fields=["status", "finished_at", "ended_early_at", "end_reason", "updated_at"])
        ended = self.as_ended(state)
        self._save_final_places(ended)
        RoundRevision.objects.create(
            match=self,
            number=state.played,
            action=RoundRevision.Action.END,
            after={"reason": reason},
            by=by,
            by_name=_name(by),
        )
        self._announce(ended, RoundRevision.Action.END, state.played, was_finished=False)
        return ended

    @transaction.atomic
    def resume(self, *, by=None) -> MatchState:
        """Take back ``end_early``: the match is in progress again from the deal it stopped at,
        its seats' final places cleared, and the standings and ratings that counted it follow."""
        self._lock()
        self._refuse_if_closed()
        if self.ended_early_at is None:
            raise refuse(SiteCode.NOT_ENDED_EARLY)
        reason = self.end_reason
        self.ended_early_at, self.end_reason = None, ""
        state = self.state()
        self.status = self.Status.FINISHED if state.finished else self.Status.IN_PROGRESS
        self.finished_at = self.finished_at if state.finished else None
        self.save(update_fields=["status", "finished_at", "ended_early_at", "end_reason", "updated_at"])
        self._save_final_places(state)
        RoundRevision.objects.create(
            match=self,
            number=state.played,
            action=RoundRevision.Action.RESUME,
            before={"reason": reason},
            by=by,
            by_name=_name(by),
        )
        self._announce(state, RoundRevision.Action.RESUME, state.played, was_finished=True)
        return state

    def _refuse_if_ended_early(self) -> None:
        """``SiteRefused`` (``ended_early``, with its reason) for a table that ended early: its
        deals stand as they were when it stopped until someone resumes it, so a phone left open
        at the table neither adds a deal nor changes the result the evening counts. Called right
        after ``_lock``, which reads ``ended_early_at`` as last committed."""
        if self.ended_early_at is not None:
            raise refuse(SiteCode.ENDED_EARLY, reason=self.end_reason)

    def _announce(self, state: MatchState, action: str, number: int, *, was_finished: bool) -> None:
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

    @transaction.atomic
    def soft_delete(self, *, by=None) -> None:
        """Hide the match from every list and page; ``restore`` brings it back as it was."""
        self._lock()
        self._refuse_if_closed()
        self.deleted_at, self.deleted_by = timezone.now(), by
        self.save(update_fields=["deleted_at", "deleted_by"])
        self._announce_visibility("delete")

    @transaction.atomic
    def restore(self) -> None:
        self._lock()
        self._refuse_if_closed()
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

    def _lock(self) -> None:
        """Serialise the writers of one match (two phones posting at once must not both store
        deal 5): lock its row and refresh what this object knows of it; what the writer reads
        next is what the last writer committed. Must run inside ``transaction.atomic``."""
        locked = Match.objects.select_for_update().filter(pk=self.pk)
        (
            self.status,
            self.finished_at,
            self.updated_at,
            self.snapshot,
            self.closed_at,
            self.ended_early_at,
            self.end_reason,
        ) = locked.values_list(
            "status", "finished_at", "updated_at", "snapshot", "closed_at", "ended_early_at", "end_reason"
        ).get()

    def _refuse_if_closed(self) -> None:
        """``SiteRefused`` (``season_archived``) for a match of a closed record, a table of an
        archived season: its result is final until an owner or admin reopens the season. Every
        write that would change the match's result calls it right after ``_lock``, which reads
        ``closed_at`` as last committed (archiving locks the row too)."""
        if self.closed_at is not None:
            raise refuse(SiteCode.SEASON_ARCHIVED)

    def _locked_rounds(self) -> list[Round]:
        """``_lock``, then the rounds as objects, for a write that changes stored rounds."""
        self._lock()
        return list(self.rounds.order_by("number"))

    def _save_outcome(self, state: MatchState, action: str, number: int) -> None:
        """Store what a write of rounds changed on the match (its status, when it finished, its
        snapshot, its version) and the seats' final places; announce it once the transaction
        commits."""
        was_finished = self.status == self.Status.FINISHED
        self.status = self.Status.FINISHED if state.finished else self.Status.IN_PROGRESS
        if state.finished and not was_finished:
            self.finished_at = timezone.now()
        elif not state.finished:
            self.finished_at = None
        self.snapshot = scoring.snapshot(state)
        self.save(update_fields=["status", "finished_at", "snapshot", "updated_at"])
        if state.finished or was_finished:
            self._save_final_places(state)
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

    def _save_final_places(self, state: MatchState) -> None:
        """Write each seat's final total and rank (or clear them when the match reopened)."""
        place = {seat: row for row in state.standings for seat in row.seats} if state.finished else {}
        seats = list(self.seats.all())
        for seat in seats:
            row = place.get(seat.position)
            seat.final_total = row.total if row else None
            seat.final_rank = row.rank if row else None
        Seat.objects.bulk_update(seats, ["final_total", "final_rank"])


def display_name(user: Any, club: Club) -> str:
    """A user as the table knows them: the player they are in ``club``, their full name, or, for a
    guest, "a guest" (never a username made up for a guest); their username otherwise."""
    if user is None:
        return ""
    player = Player.objects.filter(club=club, user=user).values_list("name", flat=True).first()
    if player:
        return str(player)
    full = user.get_full_name() if hasattr(user, "get_full_name") else ""
    if full:
        return str(full)
    if Guest.is_guest(user):
        return gettext("a guest")
    return str(user.get_username())


def display_names(user_ids: Sequence[int], club: Club) -> dict[int, str]:
    """``display_name`` for many users at once (three queries, however many): a history's lines."""
    ids = set(user_ids)
    players = dict(Player.objects.filter(club=club, user_id__in=ids).values_list("user_id", "name"))
    guests = set(Guest.objects.filter(user_id__in=ids).values_list("user_id", flat=True))
    names: dict[int, str] = {}
    for user in get_user_model().objects.filter(pk__in=ids):
        full = user.get_full_name() if hasattr(user, "get_full_name") else ""
        names[user.pk] = str(
            players.get(user.pk) or full or (gettext("a guest") if user.pk in guests else user.get_username())
        )
    return names


def _rules_to_start(club: Club, game: object, definition: object) -> tuple[scoring.match.Game, Any]:
    """The engine of a new match and, for a house game, the rules it keeps: a built-in game by
    its slug, an imported match's own copy of its rules, or one of the club's house games."""
    if definition is not None:
        if not isinstance(game, str) or game in {known.slug for known in scoring.all_games()}:
            raise Refused([RuleError(Code.INVALID, "game")])
        rules = read_definition(definition)
        return declared_game(rules, game), definition_json(rules)
    if isinstance(game, str) and game in {known.slug for known in scoring.all_games()}:
        return scoring.get_game(game), None
    # Only this club's house games, and always with the copy of their rules the match keeps.
    house = (
        HouseGame.objects.current().filter(club=club, slug=game).first() if isinstance(game, str) else None
    )
    if house is None:
        raise Refused([RuleError(Code.INVALID, "game")])
    return house.game, house.definition


def _name(user: object) -> str:
    """The username to keep beside a change, so it stays attributed after the account goes."""
    get_username = getattr(user, "get_username", None)
    return str(get_username()) if callable(get_username) else ""


def _resolve_players(club: Club, players: Sequence[str | int | Player]) -> list[Player]:
    """The players to seat, each locked until the match's seats are stored, so a merge (which
    locks them too, ``league.merge``) cannot delete one in between: an id is read locked, a name
    is locked once found, and one that a merge took a moment ago is ``player_merged``. Player
    objects are the caller's to have read locked (``rematch``)."""
    errors: list[SiteError] = []
    seated: list[Player] = []
    named: dict[int, int] = {}  # player id -> seat, for the players found by name
    for index, given in enumerate(players):
        field = f"players.{index}"
        if isinstance(given, Player):
            seated.append(given)
        elif isinstance(given, int) and not isinstance(given, bool):
            player = club.players.select_for_update().filter(pk=given).first()
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
                named[seated[-1].pk] = index
        else:
            errors.append(SiteError(SiteCode.INVALID, field))
    if named:
        there = set(Player.objects.select_for_update().filter(pk__in=named).values_list("pk", flat=True))
        gone = [seat for pk, seat in named.items() if pk not in there]
        errors += [SiteError(SiteCode.PLAYER_MERGED, f"players.{seat}") for seat in gone]
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
        END = "end", _("ended early")
        RESUME = "resume", _("resumed")

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
