"""A small demo club for `make run`: a login, four players and a Frustration match in progress.

Running it again changes nothing, so `make run` can call it every time.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from matches.models import Match
from players.models import Club, Membership

USERNAME = "demo"
PASSWORD = "scoreblok-demo"
CLUB = "De Klaverclub"
PLAYERS = ["Anna", "Bram", "Cor", "Dirk"]
ROUNDS = [
    {
        "entries": [
            {"laid_down": True, "went_out": True, "points": 0},
            {"laid_down": True, "went_out": False, "hand": {"5": 1, "K": 1, "A": 1}},
            {"laid_down": False, "went_out": False, "points": 95},
        ]
    },
    {
        "entries": [
            {"laid_down": False, "went_out": False, "points": 100},
            {"laid_down": True, "went_out": True, "points": 0},
            {"laid_down": True, "went_out": False, "points": 60},
        ]
    },
]


class Command(BaseCommand):
    help = "Load a demo club with a few players and one Frustration match in progress."

    @transaction.atomic
    def handle(self, *args: object, **options: object) -> None:
        user, created = get_user_model().objects.get_or_create(username=USERNAME)
        if created:
            user.set_password(PASSWORD)
            user.save()
        club, _ = Club.objects.get_or_create(name=CLUB, personal=False)
        Membership.objects.get_or_create(club=club, user=user, defaults={"role": Membership.Role.OWNER})
        for name in PLAYERS:
            club.player_named(name)
        if not Match.objects.filter(club=club).exists():
            match = Match.start(club=club, game="frustration-nl", players=PLAYERS[:3], by=user)
            for body in ROUNDS:
                match.add_round(body, by=user)
        self.stdout.write(f"Demo club ready: log in as {USERNAME!r} with password {PASSWORD!r}.")
