"""The live part of ``make run``'s demo: a share link for the demo club's first match, printed
with the viewer's and the TV's addresses, and the club's TV link (``load_demo`` calls this)."""

from __future__ import annotations

from django.urls import reverse

from live.models import ClubScreen, MatchShare
from matches.models import Match
from players.models import Club

SITE = "http://127.0.0.1:8000"


def share_demo_match(club: Club, by) -> list[str]:
    """Lines to print. Running it again keeps the same link."""
    match = Match.objects.filter(club=club, deleted_at=None).in_progress().order_by("pk").first()
    if match is None:
        return []
    share = MatchShare.share(match, by=by)
    return [
        f"Live scoreboard of the demo {match.home.name} match (no login needed): "
        f"{SITE}{reverse('live_viewer', args=[share.token])}",
        f"  its TV view: {SITE}{reverse('live_tv', args=[share.token])}",
        f"  the club's TV view, every table (no login needed): "
        f"{SITE}{reverse('club_tv_shared', args=[ClubScreen.share(club, by=by).token])}",
        f"  the share link's QR code: {SITE}{reverse('match_share', args=[match.pk])}",
    ]
