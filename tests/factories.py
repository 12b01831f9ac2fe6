"""One factory per model."""

from __future__ import annotations

import datetime
from datetime import timedelta
from decimal import Decimal

import factory
from django.contrib.auth import get_user_model
from django.utils import timezone
from knox.models import AuthToken

from backup.models import ClubExport, ClubExportPart
from house.models import HouseGame
from league.models import Competition, Evening, ReportMail, SeasonEvent, SitOut, Standing
from live.models import ClubScreen, MatchShare
from matches.models import Match, Round, RoundRevision, Seat
from players.models import Club, Guest, Invitation, Membership, Player, Preference

PASSWORD = "correct-horse-battery"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.PostGenerationMethodCall("set_password", PASSWORD)

    @factory.post_generation
    def _save(obj, create, extracted, **kwargs):
        if create:
            obj.save()


class GuestFactory(factory.django.DjangoModelFactory[Guest]):
    """A "Keep score now" guest: a user without a usable password (``Guest.start`` in views)."""

    class Meta:
        model = Guest

    user = factory.SubFactory(UserFactory, username=factory.Sequence(lambda n: f"guest-{n}"), password=None)


class PreferenceFactory(factory.django.DjangoModelFactory[Preference]):
    class Meta:
        model = Preference

    user = factory.SubFactory(UserFactory)


class ClubFactory(factory.django.DjangoModelFactory[Club]):
    class Meta:
        model = Club

    name = factory.Sequence(lambda n: f"Club {n}")


class MembershipFactory(factory.django.DjangoModelFactory[Membership]):
    class Meta:
        model = Membership

    club = factory.SubFactory(ClubFactory)
    user = factory.SubFactory(UserFactory)
    role = Membership.Role.OWNER


class InvitationFactory(factory.django.DjangoModelFactory[Invitation]):
    """An invitation link; its token is ``invitation.token`` (only the hash is stored)."""

    class Meta:
        model = Invitation

    club = factory.SubFactory(ClubFactory)
    role = Membership.Role.MEMBER
    token = factory.Sequence(lambda n: f"token-{n}")
    token_hash = factory.LazyAttribute(lambda o: Invitation.hash(o.token))
    expires_at = factory.LazyFunction(lambda: timezone.now() + timedelta(days=Invitation.DEFAULT_DAYS))

    @classmethod
    def _create(cls, model_class, *args, token, **kwargs):
        invitation = super()._create(model_class, *args, **kwargs)
        invitation.token = token
        return invitation


class PlayerFactory(factory.django.DjangoModelFactory[Player]):
    class Meta:
        model = Player

    club = factory.SubFactory(ClubFactory)
    name = factory.Sequence(lambda n: f"Player {n}")


class MatchFactory(factory.django.DjangoModelFactory[Match]):
    """A match made through ``Match.start``, so its options are the engine's defaults."""

    class Meta:
        model = Match

    club = factory.SubFactory(ClubFactory)
    game = "frustration-nl"
    players = ("Anna", "Bram", "Cor")

    @classmethod
    def _create(cls, model_class, club, game, players, **kwargs):
        return model_class.start(club=club, game=game, players=list(players), **kwargs)


class HouseGameFactory(factory.django.DjangoModelFactory[HouseGame]):
    """A club's house game declared through ``HouseGame.declare`` (Hartenjagen by default)."""

    class Meta:
        model = HouseGame

    club = factory.SubFactory(ClubFactory)
    template = "hartenjagen"

    @classmethod
    def _create(cls, model_class, club, template, **kwargs):
        from scoring.declared import TEMPLATES

        return model_class.declare(club, kwargs.get("definition") or TEMPLATES[template])


class SeatFactory(factory.django.DjangoModelFactory[Seat]):
    class Meta:
        model = Seat

    match = factory.SubFactory(MatchFactory)
    player = factory.SubFactory(PlayerFactory)
    position = factory.Sequence(lambda n: n)


class RoundFactory(factory.django.DjangoModelFactory[Round]):
    """A stored round; prefer ``match.add_round`` where the engine should check it."""

    class Meta:
        model = Round

    match = factory.SubFactory(MatchFactory)
    number = 1
    body = factory.LazyFunction(dict)
    scores = factory.LazyFunction(list)


class RoundRevisionFactory(factory.django.DjangoModelFactory[RoundRevision]):
    class Meta:
        model = RoundRevision

    match = factory.SubFactory(MatchFactory)
    number = 1
    action = RoundRevision.Action.ADD


class ClubExportFactory(factory.django.DjangoModelFactory[ClubExport]):
    """An export as the task leaves it; prefer ``backup.tasks.start_export`` to write a real one."""

    class Meta:
        model = ClubExport

    club = factory.SubFactory(ClubFactory)
    status = ClubExport.Status.DONE
    done = 0
    total = 0
    content = b'{"format": "scoreblok-club"}'


class ClubScreenFactory(factory.django.DjangoModelFactory[ClubScreen]):
    class Meta:
        model = ClubScreen

    club = factory.SubFactory(ClubFactory)


class MatchShareFactory(factory.django.DjangoModelFactory[MatchShare]):
    class Meta:
        model = MatchShare

    match = factory.SubFactory(MatchFactory)


def demo_match(home, club, by=None) -> Match:
    """A match of the game's home demo (its players, teams and options) with every demo deal."""
    demo = home.demo()
    assert demo is not None
    match = Match.start_demo(club, home, by=by)
    for body in demo.rounds:
        match.add_round(body, by=by)
    return match


def token_for(user) -> str:
    """A new API token for the user, as ``POST /api/auth/token/`` hands it out (stored hashed)."""
    _, token = AuthToken.objects.create(user)
    return token


class CompetitionFactory(factory.django.DjangoModelFactory[Competition]):
    """A season of Duizenden played to 100 (one deal ends a table: short tests)."""

    class Meta:
        model = Competition

    club = factory.SubFactory(ClubFactory)
    name = factory.Sequence(lambda n: f"Season {n}")
    games = factory.LazyFunction(lambda: ["duizenden"])
    options = factory.LazyFunction(lambda: {"duizenden": {"target": 100}})
    starts_on = datetime.date(2026, 9, 1)
    ends_on = datetime.date(2027, 6, 30)
    placement_points = "10,8,6,5"


class EveningFactory(factory.django.DjangoModelFactory[Evening]):
    class Meta:
        model = Evening

    competition = factory.SubFactory(CompetitionFactory)
    date = factory.Sequence(lambda n: datetime.date(2026, 9, 1) + datetime.timedelta(weeks=n))


class StandingFactory(factory.django.DjangoModelFactory[Standing]):
    """A stored row as ``Competition.refresh_standings`` writes them (tests of how rows read)."""

    class Meta:
        model = Standing

    competition = factory.SubFactory(CompetitionFactory)
    player = factory.SubFactory(PlayerFactory, club=factory.SelfAttribute("..competition.club"))
    position = factory.Sequence(lambda n: n)
    rank = factory.LazyAttribute(lambda row: row.position + 1)
    points = Decimal("10.00")
    played = 1
    tables = 1
    wins = 0
    average_place = Decimal("2.00")


class SitOutFactory(factory.django.DjangoModelFactory[SitOut]):
    """A present player seated out of a round of an evening (the draw's turn)."""

    class Meta:
        model = SitOut

    evening = factory.SubFactory(EveningFactory)
    round = 1
    player = factory.SubFactory(PlayerFactory, club=factory.SelfAttribute("..evening.competition.club"))


class SeasonEventFactory(factory.django.DjangoModelFactory[SeasonEvent]):
    """A line of a season's history (archived or reopened, by whom)."""

    class Meta:
        model = SeasonEvent

    competition = factory.SubFactory(CompetitionFactory)
    action = SeasonEvent.Action.ARCHIVED
    by_name = "Secretary"


class ReportMailFactory(factory.django.DjangoModelFactory[ReportMail]):
    """An evening's report mailed to the club once (the mail's limits count these)."""

    class Meta:
        model = ReportMail

    evening = factory.SubFactory(EveningFactory)


class ClubExportPartFactory(factory.django.DjangoModelFactory[ClubExportPart]):
    """A part of an export's stored file, in order."""

    class Meta:
        model = ClubExportPart

    export = factory.SubFactory(ClubExportFactory)
    number = factory.Sequence(lambda n: n)
    content = b"{}"
