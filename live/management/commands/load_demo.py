"""A small demo club for `make run`: a login, four players and a match in progress of every game
whose home offers one (``GameHome.demo``).

Running it again changes nothing, so `make run` can call it every time.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import transaction

from games.registry import all_homes
from league import demo as league_demo
from live.demo import share_demo_match
from matches.models import Match
from players.models import Club, Membership

USERNAME = "demo"
PASSWORD = "scoreblok-demo"
CLUB = "De Klaverclub"


class Command(BaseCommand):
    help = "Load a demo club with a few players and a match in progress of each game."

    @transaction.atomic
    def handle(self, *args: object, **options: object) -> None:
        user, created = get_user_model().objects.get_or_create(username=USERNAME)
        if created:
            user.set_password(PASSWORD)
            user.save()
        club, _ = Club.objects.get_or_create(name=CLUB, personal=False)
        Membership.objects.get_or_create(club=club, user=user, defaults={"role": Membership.Role.OWNER})
        for home in all_homes():
            demo = home.demo()
            if demo is None or Match.objects.filter(club=club, game=home.slug).exists():
                continue
            match = Match.start_demo(club, home, by=user)
            for body in demo.rounds:
                match.add_round(body, by=user)
        league_demo.load_season(club, user)
        call_command("load_stats_demo", club=club.pk, user=user.pk, stdout=self.stdout)  # ratings, players
        self.stdout.write(f"Demo club ready: log in as {USERNAME!r} with password {PASSWORD!r}.")
        self.stdout.write("\n".join(share_demo_match(club, by=user)))
