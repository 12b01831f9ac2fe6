"""Two players of a club made one: a guest entered twice ("Anna" and "Anna B."), or a newcomer
added at the door who had played before under another name.

Why here and not a method of ``Player``: a player's matches (``matches``), ratings (``stats``)
and standings (``league``) all follow, and ``players`` may know none of those apps; the league is
the app that builds on all three.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext_lazy as _

from league.models import ChangedMeanwhile, Competition, Evening, Standing, Table
from league.tasks import rebuild_standings
from matches.models import Match, Seat
from players.models import Player
from stats.models import club_changed
from stats.tasks import recompute_club_ratings


@transaction.atomic
def merge_players(kept: Player, gone: Player) -> None:
    """Everything of ``gone`` becomes ``kept``'s and ``gone`` is deleted: their seats (so their
    matches, whose sheets then name ``kept``), their presence at evenings, their account link
    when ``kept`` has none; once it is stored, the club's ratings are recomputed (a task) and the
    standings of every competition either counts in are rebuilt.

    ``ValidationError`` (nothing changes) for players of two clubs, a player merged with
    themself, two players who sat at one table (a match cannot seat one player twice) or who
    played in the same round of an evening at two tables (one person cannot have played both);
    ``ChangedMeanwhile`` when another request merged one of them a moment ago.

    Both players' rows are locked first, lower id first: a second merge of either waits and then
    finds the player gone, and a match starting with either (``Match.start`` locks its players)
    is stored before the merge moves its seats, or starts after it and finds the player gone."""
    if kept.club_id != gone.club_id or kept.pk == gone.pk:
        raise ValidationError(_("Choose another player of the same club."), code="invalid")
    locked = Player.objects.select_for_update().filter(pk__in=[kept.pk, gone.pk]).order_by("pk")
    if len(locked.values_list("pk", flat=True)) != 2:
        raise ChangedMeanwhile(
            _("%(gone)s or %(kept)s was merged a moment ago: look at the club's players again."),
            code="merged_meanwhile",
            params={"gone": gone.name, "kept": kept.name},
        )
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
