"""Two players of a club made one: a guest entered twice ("Anna" and "Anna B."), or a newcomer
added at the door who had played before under another name.

Why here and not a method of ``Player``: a player's matches (``matches``), ratings (``stats``)
and standings (``league``) all follow, and ``players`` may know none of those apps; the league is
the app that builds on all three.
"""

from __future__ import annotations

import logging

from django.core.exceptions import ValidationError
from django.db import OperationalError, transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext_lazy as _

from league.models import ChangedMeanwhile, Competition, Evening, SitOut, Standing, Table
from league.tasks import rebuild_standings
from matches.models import Match, Seat
from players.models import Player
from stats.models import club_changed, lock_ratings
from stats.tasks import recompute_club_ratings

logger = logging.getLogger(__name__)


def merge_players(kept: Player, gone: Player) -> None:
    """Everything of ``gone`` becomes ``kept``'s and ``gone`` is deleted: their seats (so their
    matches, whose sheets then name ``kept``), their presence at evenings, their account link
    when ``kept`` has none; once it is stored, the club's ratings are recomputed (a task) and the
    standings of every competition either counts in are rebuilt.

    ``ValidationError`` (nothing changes) for players of two clubs, a player merged with
    themself, two players who sat at one table (a match cannot seat one player twice) or who
    played in the same round of an evening at two tables (one person cannot have played both);
    ``ChangedMeanwhile`` when another request merged one of them a moment ago.

    The merge races the tasks it touches (a ratings recompute, a standings rebuild: the worker
    may be running either for this club), other merges and matches starting. It takes its locks
    in one order, each before the next:

    1. the club's ratings lock (``stats.models.lock_ratings``), which a ratings recompute takes
       before anything else: a recompute and a merge of one club never overlap;
    2. every competition of the club, lowest id first; a standings rebuild takes its
       competition's row before anything else (``Competition._rebuild_standings``), so it ends
       before the merge passes that competition or starts after the merge committed. Every
       competition, not only those ``gone`` has standings in: a rebuild that committed a moment
       before may have just given ``gone`` a row in another;
    3. both players, lower id first: a second merge of either waits and then finds the player
       gone, and a match starting with either (``Match.start`` locks its players) is stored
       before the merge moves its seats, or starts after it and finds the player gone;

    then the rows it writes. Why no deadlock with the tasks can come of it on PostgreSQL: a task
    waits on the merge only for the players' rows (its inserts take a KEY SHARE lock on each
    player they name, at commit, the foreign keys being deferred), and only while it already
    holds its lock of 1 or 2; the merge, holding the players, waits on no task's rows, since the
    rows its delete cascades to (``gone``'s ratings and standing rows) are held only by a task
    that holds 1 or 2, which the merge took first. So the only waits are a task for the merge
    and the merge for a task that started first, never both at once (the tasks' locks, their
    own rows and KEY SHARE, do not block each other). On SQLite one writer at a time.

    A merge the database still makes the loser of a deadlock or a serialisation failure (against
    a write outside this order) is run once more from the rows as they are then; its first
    attempt changed nothing. Inside a caller's transaction the error is the caller's."""
    if kept.club_id != gone.club_id or kept.pk == gone.pk:
        raise ValidationError(_("Choose another player of the same club."), code="invalid")
    pks = (kept.pk, gone.pk)
    try:
        _merge(kept, gone)
    except OperationalError:
        if transaction.get_connection().in_atomic_block:
            raise
        logger.warning("The merge of player %s into %s lost to another transaction; once more", *pks[::-1])
    else:
        return
    # The first attempt may have changed the instances (the account moved, ``gone`` deleted).
    again = Player.objects.in_bulk(pks)
    if len(again) != 2:
        raise _merged_meanwhile(kept, gone)
    _merge(again[pks[0]], again[pks[1]])


@transaction.atomic
def _merge(kept: Player, gone: Player) -> None:
    # The lock order of ``merge_players``'s docstring: 1, 2, 3.
    lock_ratings(kept.club_id)
    every_competition = Competition.objects.filter(club_id=kept.club_id).order_by("pk")
    list(every_competition.select_for_update().values_list("pk"))
    locked = Player.objects.select_for_update().filter(pk__in=[kept.pk, gone.pk]).order_by("pk")
    if len(locked.values_list("pk", flat=True)) != 2:
        raise _merged_meanwhile(kept, gone)
    _refuse_two_people(kept, gone)
    competitions = set(
        Standing.objects.filter(player__in=[kept, gone]).values_list("competition_id", flat=True)
    )
    matches = list(Seat.objects.filter(player=gone).values_list("match_id", flat=True))
    Seat.objects.filter(player=gone).update(player=kept)
    # The sheets and their cached fragments are kept under the match's updated_at.
    Match.objects.filter(pk__in=matches).update(updated_at=timezone.now())
    presence = Evening.present.through
    evenings = set(presence.objects.filter(player=gone).values_list("evening_id", flat=True))
    already = set(presence.objects.filter(player=kept).values_list("evening_id", flat=True))
    presence.objects.bulk_create(presence(evening_id=e, player=kept) for e in evenings - already)
    # A round ``gone`` sat out is one ``kept`` sat out, so the turn of sitting out and its score
    # follow the merge; unless ``kept`` sat out or played that round already (one person, one
    # result per round).
    sat_out = set(SitOut.objects.filter(player=kept).values_list("evening_id", "round"))
    sat_out |= set(
        Table.objects.filter(match__seats__player=kept, match__deleted_at__isnull=True).values_list(
            "evening_id", "round"
        )
    )
    SitOut.objects.bulk_create(
        SitOut(evening_id=evening_id, round=round_number, player=kept)
        for evening_id, round_number in SitOut.objects.filter(player=gone).values_list("evening_id", "round")
        if (evening_id, round_number) not in sat_out
    )
    if kept.user_id is None and gone.user_id is not None:
        kept.user_id = gone.user_id
        gone.user_id = None
        gone.save(update_fields=["user"])
        kept.save(update_fields=["user"])
    gone.delete()  # its presence, standings and ratings rows go with it
    club_id = kept.club_id
    club_changed(club_id)  # the player pages: a player gone, another's matches
    transaction.on_commit(lambda: recompute_club_ratings.enqueue(club_id))
    competitions |= set(
        Competition.objects.filter(evenings__tables__match__in=matches).values_list("pk", flat=True)
    )
    for competition_id in competitions:
        rebuild_standings.enqueue(competition_id)


def _merged_meanwhile(kept: Player, gone: Player) -> ChangedMeanwhile:
    return ChangedMeanwhile(
        _("%(gone)s or %(kept)s was merged a moment ago: look at the club's players again."),
        code="merged_meanwhile",
        params={"gone": gone.name, "kept": kept.name},
    )


def _refuse_two_people(kept: Player, gone: Player) -> None:
    """``ValidationError`` when the two players were at the table together, or at two tables of
    one round of an evening: merged, one player would hold two places where the paper has two
    people (and their points counted twice)."""
    if Seat.objects.filter(player=gone, match__seats__player=kept).exists():
        raise ValidationError(
            _("%(gone)s and %(kept)s played at one table: they are two people."),
            code="played_together",
            params={"gone": gone.name, "kept": kept.name},
        )
    kept_there = Table.objects.filter(
        evening=OuterRef("evening"), round=OuterRef("round"), match__seats__player=kept
    )
    clash = (
        Table.objects.filter(match__seats__player=gone)
        .filter(Exists(kept_there))
        .select_related("evening")
        .order_by("evening__date", "round")
        .first()
    )
    if clash is not None:
        raise ValidationError(
            _(
                "%(gone)s and %(kept)s played in the same round (round %(round)s of the evening "
                "of %(date)s) at two tables: they are two people."
            ),
            code="played_same_round",
            params={
                "gone": gone.name,
                "kept": kept.name,
                "round": clash.round,
                "date": date_format(clash.evening.date),
            },
        )
