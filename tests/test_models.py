"""Storage rules that hold whatever the code above them does."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

import scoring
from games.registry import home_for
from matches.models import Match, Round, RoundRevision
from players.models import Club, Player
from tests.factories import (
    ClubFactory,
    MatchFactory,
    RoundFactory,
    SeatFactory,
    UserFactory,
    demo_match,
)

pytestmark = pytest.mark.django_db


def test_two_rounds_with_the_same_number_cannot_be_stored():
    match = MatchFactory()
    RoundFactory(match=match, number=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        RoundFactory(match=match, number=1)


def test_round_numbers_start_at_one():
    with pytest.raises(IntegrityError), transaction.atomic():
        RoundFactory(number=0)


def test_a_club_has_each_player_name_once_whatever_the_case():
    club = ClubFactory()
    Player.objects.create(club=club, name="Anna")
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(club=club, name="ANNA")


def test_a_seat_holds_one_player():
    match = MatchFactory()
    with pytest.raises(IntegrityError), transaction.atomic():
        SeatFactory(match=match, position=0)


def test_personal_club_is_made_once():
    user = UserFactory()
    assert Club.personal_for(user) == Club.personal_for(user)
    assert Club.objects.filter(memberships__user=user).count() == 1


def test_match_queries_keep_to_the_users_clubs():
    mine, theirs = MatchFactory(), MatchFactory()
    user = UserFactory()
    mine.club.memberships.create(user=user)
    assert list(Match.objects.for_user(user)) == [mine]
    assert theirs not in Match.objects.for_user(user).in_progress()


def _stored_fields(obj) -> dict:
    return {field.attname: getattr(obj, field.attname) for field in type(obj)._meta.concrete_fields}


@pytest.mark.parametrize("by_alice", [True, False])
@pytest.mark.parametrize("confirm_rounds", [False, True])
def test_a_deal_stores_its_round_history_and_outcome_as_the_objects_it_answers_with(
    alice, by_alice: bool, confirm_rounds: bool
):
    """On PostgreSQL one statement writes the round, its revision and the match's outcome: the
    rows hold every field as the ORM would have written it, and the objects the write answers
    with are those rows (the match's version names its kept replay)."""
    from tests.league.test_stored_standings import deal

    club = Club.personal_for(alice)
    club.confirm_rounds = confirm_rounds
    club.save()
    by = alice if by_alice else None
    match = Match.start(club=club, game="duizenden", players=["A", "B", "C", "D"], options={"target": 100})
    started = match.updated_at
    first = match.add_round(deal(winner=1), by=by, idempotency_key="key-1").round
    assert first is not None and not first._state.adding
    assert _stored_fields(Round.objects.get(pk=first.pk)) == _stored_fields(first)
    assert (first.number, first.body, first.provisional, first.confirmed_by_name) == (
        1,
        deal(winner=1),
        confirm_rounds,
        "",
    )
    assert (first.created_by_id, first.created_by_name) == ((alice.pk, "alice") if by else (None, ""))
    revision = RoundRevision.objects.get(match=match)
    assert (revision.number, revision.action, revision.before, revision.after, revision.idempotency_key) == (
        1,
        RoundRevision.Action.ADD,
        None,
        deal(winner=1),
        "key-1",
    )
    assert (revision.by_id, revision.by_name) == (first.created_by_id, first.created_by_name)
    assert revision.at is not None
    assert _stored_fields(Match.objects.get(pk=match.pk)) == _stored_fields(match)
    assert match.updated_at > started  # a new version: the next write cannot take the old replay
    assert match.status == Match.Status.FINISHED and match.finished_at is not None


def test_nothing_listens_for_saves_of_rounds_or_their_history():
    """A deal's round and revision are written without ``save`` on PostgreSQL (one statement),
    so no model signal is sent for them: a receiver added for them would miss those writes."""
    from django.db.models.signals import post_save, pre_save

    for model in (Round, RoundRevision):
        assert not pre_save.has_listeners(model)
        assert not post_save.has_listeners(model)


def test_every_write_keeps_the_snapshot_equal_to_a_replay_of_the_stored_rounds():
    """Deals, a correction and an undo each store the engine's state beside the rounds: resumed,
    it is the state a replay of those rounds gives, and with the rounds' stored scores (as a
    page reads it) it holds every deal's scores the replay gives."""

    def replay_of(match: Match) -> scoring.MatchState:
        bodies = list(match.rounds.order_by("number").values_list("body", flat=True))
        return scoring.replay(match.rules, match.setup, bodies)

    def assert_kept(match: Match) -> None:
        stored = Match.objects.get(pk=match.pk)
        assert stored.snapshot is not None
        replayed = replay_of(stored)
        state = stored.state()
        assert (state.totals, state.played, state.log.last, state.progress, state.outlook) == (
            replayed.totals,
            replayed.played,
            replayed.log.last,
            replayed.progress,
            replayed.outlook,
        )
        assert stored.replayed().state == replayed

    user = UserFactory()
    match = demo_match(home_for("duizenden"), Club.personal_for(user), by=user)
    assert_kept(match)
    stored = Match.objects.get(pk=match.pk)
    second = stored.rounds.order_by("number")[1]
    # Deal 1 played as deal 2 was: every later deal's stored scores are rewritten.
    stored.correct_round(1, second.body, by=user)
    assert_kept(match)
    stored.undo_last_round(by=user)
    assert_kept(match)
    assert Match.objects.get(pk=match.pk).state().played == len(home_for("duizenden").demo().rounds) - 1
