"""Two players of a club made one: a guest entered twice ("Anna" and "Anna B."), or a newcomer
added at the door who had played before under another name.

Why here and not a method of ``Player``: a player's matches (``matches``), ratings (``stats``)
and standings (``league``) all follow, and ``players`` may know none of those apps; the league is
the app that builds on all three.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from league.models import Competition, Evening, Standing
from league.tasks import rebuild_standings
from matches.models import Match, Seat
from players.models import Player
from stats.models import recompute


@transaction.atomic
def merge_players(kept: Player, gone: Player) -> None:
    """Everything of ``gone`` becomes ``kept``'s and ``gone`` is deleted: their seats (so their
    matches, whose sheets then name ``kept``), their presence at evenings, their account link
    when ``kept`` has none; the club's ratings are recomputed and the standings of every
    competition either counts in are rebuilt.

    ``ValidationError`` (nothing changes) for players of two clubs, a player merged with
    themself, or two players who sat at one table (a match cannot seat one player twice)."""
    if kept.club_id != gone.club_id or kept.pk == gone.pk:
        raise ValidationError(_("Choose another player of the same club."), code="invalid")
    shared = Seat.objects.filter(player=gone, match__seats__player=kept)
    if shared.exists():
        raise ValidationError(
            _("%(gone)s and %(kept)s played at one table: they are two people."),
            code="played_together",
            params={"gone": gone.name, "kept": kept.name},
        )
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
    recompute(kept.club)
    competitions |= set(
        Competition.objects.filter(evenings__tables__match__in=matches).values_list("pk", flat=True)
    )
    for competition_id in competitions:
        rebuild_standings.enqueue(competition_id)
