"""Live pages are told of a change once it is committed: Sam keeps a match at De Klaverclub, its
viewers follow the share link, the club's TV shows it. A write that rolls back tells nobody."""

from __future__ import annotations

import pytest
from django.db import transaction

from live.events import channel
from live.models import ClubScreen, MatchShare
from matches.models import Match
from players.models import Membership
from tests.factories import EveningFactory, MatchFactory, MatchShareFactory
from tests.test_permissions import DEAL_1, DEAL_2

pytestmark = pytest.mark.django_db


class Refused(Exception):
    pass


@pytest.fixture
def match(klaverclub, sam) -> Match:
    return MatchFactory.create(club=klaverclub, players=["Anna", "Bram", "Cor"], by=sam)


class Told:
    """What ``live.events`` sent, as django-eventstream's ``send_event`` was called."""

    def __init__(self) -> None:
        self.events: list[tuple[str, str, float]] = []

    def send_event(self, name: str, kind: str, data: dict[str, float]) -> None:
        self.events.append((name, kind, data["at"]))

    def on(self, name: str) -> list[tuple[str, float]]:
        """The events sent on a channel, oldest first: (type, "at")."""
        return [(kind, at) for channel_name, kind, at in self.events if channel_name == name]


@pytest.fixture
def told(monkeypatch) -> Told:
    told = Told()
    monkeypatch.setattr("live.events.send_event", told.send_event)
    return told


def test_a_round_tells_the_match_its_club_and_its_evening_once_committed(
    match, sam, told, django_capture_on_commit_callbacks
):
    evening = EveningFactory.create(competition__club=match.club)
    evening.tables.create(round=1, number=1, match=match)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        match.add_round(DEAL_1, by=sam)
        assert told.on(channel("match", match.pk)) == []  # not before the commit
    for callback in callbacks:
        callback()
    for name in (channel("match", match.pk), channel("club", match.club_id), channel("evening", evening.pk)):
        [(kind, at)] = told.on(name)
        assert kind == "changed"
        assert at > 1_700_000_000  # the server's clock, in seconds


def test_the_push_of_a_round_entered_at_an_evening_table_asks_the_database_nothing(
    match, sam, told, django_capture_on_commit_callbacks, django_assert_num_queries
):
    """Sam's sheet and the API read the match with its evening table (``get_for_member``): the
    channels to tell come from that read, and no query runs once the round has committed."""
    evening = EveningFactory.create(competition__club=match.club)
    evening.tables.create(round=1, number=1, match=match)
    read = Match.objects.get_for_member(sam, match.pk)
    with django_capture_on_commit_callbacks() as callbacks:
        read.add_round(DEAL_1, by=sam)
    [push] = [callback for callback in callbacks if callback.__module__ == "live.events"]
    with django_assert_num_queries(0):
        push()
    assert [(name, kind) for name, kind, _at in told.events] == [
        (channel("match", match.pk), "changed"),
        (channel("club", match.club_id), "changed"),
        (channel("evening", evening.pk), "changed"),
    ]


@pytest.mark.parametrize(
    "write",
    [
        pytest.param(lambda match, sam: match.correct_round(1, DEAL_2, by=sam), id="correct"),
        pytest.param(lambda match, sam: match.undo_last_round(by=sam), id="undo"),
    ],
)
def test_a_correction_or_an_undo_tells_the_match(match, sam, write, told, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        match.add_round(DEAL_1, by=sam)
    before = len(told.on(channel("match", match.pk)))
    with django_capture_on_commit_callbacks(execute=True):
        write(match, sam)
    assert [kind for kind, _at in told.on(channel("match", match.pk))[before:]] == ["changed"]


def test_a_write_that_rolls_back_tells_nobody(match, sam, told, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(Refused), transaction.atomic():
        match.add_round(DEAL_1, by=sam)
        raise Refused
    assert told.events == []
    assert match.rounds.count() == 0


def test_revoking_a_share_link_tells_its_pages_they_are_gone(match, told, django_capture_on_commit_callbacks):
    share = MatchShareFactory.create(match=match)
    with django_capture_on_commit_callbacks(execute=True):
        MatchShare.revoke(match)
    assert [kind for kind, _at in told.on(channel("share", share.pk))] == ["gone"]


def test_revoking_a_tv_link_or_ending_a_membership_says_gone(
    klaverclub, bob, told, django_capture_on_commit_callbacks
):
    screen = ClubScreen.share(klaverclub)
    with django_capture_on_commit_callbacks(execute=True):
        ClubScreen.revoke(klaverclub)
        Membership.objects.filter(club=klaverclub, user=bob).delete()
    assert [kind for kind, _at in told.on(channel("screen", screen.pk))] == ["gone"]
    assert [kind for kind, _at in told.on(channel("member", klaverclub.pk, bob.pk))] == ["gone"]


def test_deleting_a_match_tells_its_pages_they_are_gone_and_its_club_tv_that_it_changed(
    match, sam, told, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        match.soft_delete(by=sam)
    assert [kind for kind, _at in told.on(channel("match", match.pk))] == ["gone"]
    assert [kind for kind, _at in told.on(channel("club", match.club_id))] == ["changed"]


def test_a_round_is_stored_and_answered_when_its_event_cannot_be_sent(
    match, sam, monkeypatch, django_capture_on_commit_callbacks
):
    def unreachable(*args, **kwargs):
        raise ConnectionError("Redis is down")

    monkeypatch.setattr("live.events.send_event", unreachable)
    with django_capture_on_commit_callbacks(execute=True):
        match.add_round(DEAL_1, by=sam)
    assert match.rounds.count() == 1


@pytest.mark.parametrize(
    "delete",
    [
        pytest.param(lambda evening: evening.remove(), id="the evening"),
        pytest.param(lambda evening: evening.competition.delete(), id="its competition"),
    ],
)
def test_deleting_an_evening_tells_its_tv_it_is_gone(
    klaverclub, told, delete, django_capture_on_commit_callbacks
):
    evening = EveningFactory.create(competition__club=klaverclub)
    tv = channel("evening", evening.pk)
    with django_capture_on_commit_callbacks(execute=True):
        delete(evening)
    assert [kind for kind, _at in told.on(tv)] == ["gone"]
