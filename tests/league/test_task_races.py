"""The worker's tasks against a merge of two players (review finding 9), and what a rebuild that
fails leaves behind.

A merge, a recompute of the club's ratings and two standings rebuilds released together, again
and again: none deadlocks, the merge is answered 200, every task succeeds, and what is stored
is what a fresh recompute and rebuild give (``league.merge`` explains the lock order that makes
it so). Real transactions, one connection per thread, on each database (SQLite lets one writer
at a time; PostgreSQL deadlocked here before the order).

A rebuild that fails (here a scheme stored before its points were bounded, which the database
cannot hold) fails its task, is recorded on the competition and shown to its secretary, and is
tried again later until one succeeds: production's task queue (django-tasks-db), its worker run
in batches (``tests/test_outages.py``)."""

from __future__ import annotations

import datetime
from functools import partial
from unittest.mock import patch

import pytest
from django.db import OperationalError
from django.tasks import TaskResultStatus
from django.urls import reverse
from django_tasks_db.models import DBTaskResult

from league.merge import _refuse_two_people
from league.models import Competition, Table
from league.tasks import FIRST_RETRY, LONGEST_RETRY, rebuild_standings, retry_after, retry_standings
from matches.models import Match, Seat
from players.models import Club, Membership, Player
from stats.models import Rating, RatingChange, recompute
from stats.tasks import recompute_club_ratings
from tests.factories import CompetitionFactory, EveningFactory, MembershipFactory, PlayerFactory
from tests.league.test_every_match_counts import ladder, play
from tests.league.test_races import at_once, client_of, in_error_shape, merge
from tests.league.test_stored_standings import deal
from tests.test_outages import run_worker

pytestmark = pytest.mark.django_db(transaction=True)

TRIES = 20  # one merge in five lost a deadlock before the lock order

FAILED = "The standings could not be updated at"
BROKEN_POINTS = "9" * 99  # a scheme stored before the bound: its standings do not fit a row
POINTS = "10,8,6,5"


def club_of(user) -> Club:
    return MembershipFactory.create(user=user, role=Membership.Role.OWNER).club


def season_with_a_twin(club: Club) -> tuple[list[Competition], Player, Player]:
    """A ladder (every match counts) and a season of evenings, both with standings and the club
    with ratings: Anna played one match, "Anna B." (the same person, entered twice) a table of
    an evening and a loose match. Returns the competitions, Anna and her twin."""
    anna, twin, bram, cor, dirk = (
        PlayerFactory.create(club=club, name=name) for name in ("Anna", "Anna B.", "Bram", "Cor", "Dirk")
    )
    competitions = [ladder(club), CompetitionFactory.create(club=club)]
    play(club, [anna, bram, cor, dirk])
    table = Match.start(club=club, game="duizenden", players=[twin, bram, cor, dirk], options={"target": 100})
    Table.objects.create(
        evening=EveningFactory.create(competition=competitions[1]), round=1, number=1, match=table
    )
    table.add_round(deal(winner=1))
    play(club, [cor, twin], winner=1)
    return competitions, anna, twin


def ratings(club: Club) -> list[tuple]:
    current = Rating.objects.filter(club=club).values_list("player_id", "ladder", "mu", "sigma", "matches")
    history = RatingChange.objects.filter(player__club=club).values_list(
        "player_id", "match_id", "game", "game_mu", "game_sigma", "overall_mu", "overall_sigma"
    )
    return sorted(current) + sorted(history)


def task(run, *args):
    """Run a task as the worker would (here the immediate backend): its result's status."""
    return run.enqueue(*args).status


def test_a_merge_and_the_ratings_and_standings_tasks_at_once_neither_deadlock_nor_answer_503(alice):
    for _ in range(TRIES):
        club = club_of(alice)
        competitions, anna, twin = season_with_a_twin(club)
        merged, *tasks = at_once(
            partial(merge, alice, twin, anna),
            partial(task, recompute_club_ratings, club.pk),
            *(partial(task, rebuild_standings, competition.pk) for competition in competitions),
        )
        assert merged.status_code == 200, merged.content
        assert tasks == [TaskResultStatus.SUCCESSFUL] * 3
        assert not Player.objects.filter(pk=twin.pk).exists()
        assert Seat.objects.filter(player=anna).count() == 3  # her match and both of her twin's
        assert Rating.objects.get(player=anna, ladder="").matches == 3

        stored_ratings = ratings(club)
        stored_rows = [competition.rows() for competition in competitions]
        assert {player for player, *_ in stored_ratings} == {p.pk for p in club.players.all()}
        recompute(club)
        for competition in competitions:
            competition.refresh_from_db()
            assert competition.standings_failed_at is None
            competition.refresh_standings()
        assert ratings(club) == stored_ratings
        assert [competition.rows() for competition in competitions] == stored_rows


def test_a_ratings_recompute_that_loses_a_deadlock_runs_again_and_succeeds(alice):
    club = club_of(alice)
    season_with_a_twin(club)
    expected = ratings(club)
    RatingChange.objects.filter(player__club=club).delete()
    Rating.objects.filter(club=club).delete()
    losses = iter([True])

    def deadlocked_once(*args, **kwargs):
        if next(losses, False):
            raise OperationalError("deadlock detected")
        return recompute(*args, **kwargs)

    with patch("stats.tasks.recompute", deadlocked_once):
        assert task(recompute_club_ratings, club.pk) == TaskResultStatus.SUCCESSFUL
    assert ratings(club) == expected


def lost(times: int):
    """``_refuse_two_people`` that raises what a lost deadlock raises ``times`` times, then does
    its work: the merge loses where the review saw it lose, once it holds the players."""
    real = _refuse_two_people
    losses = iter(range(times))

    def refuse(kept: Player, gone: Player) -> None:
        if next(losses, None) is not None:
            raise OperationalError("deadlock detected")
        real(kept, gone)

    return patch("league.merge._refuse_two_people", refuse)


def test_a_merge_that_loses_a_deadlock_is_run_once_more_and_answered_200(alice):
    club = club_of(alice)
    (_ladder, season), anna, twin = season_with_a_twin(club)
    with lost(1):
        answer = merge(alice, twin, anna)
    assert answer.status_code == 200, answer.content
    assert not Player.objects.filter(pk=twin.pk).exists()
    assert Seat.objects.filter(player=anna).count() == 3
    assert [row.name for row in season.rows() if row.name.startswith("Anna")] == ["Anna"]


def test_a_merge_that_loses_twice_is_answered_503_in_the_error_shape_and_changes_nothing(alice):
    club = club_of(alice)
    _competitions, anna, twin = season_with_a_twin(club)
    client = client_of(alice)
    client.raise_request_exception = False  # answered as a server answers it, not raised here
    with lost(2):
        answer = client.post(
            reverse("api-club-player-merge", args=[twin.pk]), {"into": anna.pk}, format="json"
        )
    assert answer.status_code == 503 and in_error_shape(answer)
    assert Seat.objects.filter(player=twin).count() == 2


# --- a rebuild that fails ----------------------------------------------------------------------


@pytest.fixture
def worker_queue(settings) -> None:
    """Production's task queue: what is enqueued waits until ``run_worker``."""
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}


def results(task_function) -> list[DBTaskResult]:
    return list(DBTaskResult.objects.filter(task_path=task_function.module_path).order_by("enqueued_at"))


def make_due(retry: DBTaskResult) -> None:
    """The time the retry waits for has come."""
    DBTaskResult.objects.filter(pk=retry.pk).update(run_after=retry.run_after - LONGEST_RETRY)


def test_a_rebuild_that_fails_fails_its_task_shows_on_the_page_and_a_later_retry_clears_it(
    client, alice, bob, klaverclub, worker_queue
):
    competition = ladder(klaverclub, placement_points=POINTS)
    players = PlayerFactory.create_batch(4, club=klaverclub)
    play(klaverclub, players)
    run_worker()
    before = competition.rows()
    assert len(before) == 4

    Competition.objects.filter(pk=competition.pk).update(placement_points=BROKEN_POINTS)
    play(klaverclub, players, winner=2)
    run_worker()
    [failed] = results(rebuild_standings)[-1:]
    assert failed.status == TaskResultStatus.FAILED  # the worker tells it, with the error
    competition.refresh_from_db()
    failed_at = competition.standings_failed_at
    assert failed_at is not None
    assert competition.rows() == before  # kept as they were, not half written
    [retry] = results(retry_standings)
    assert retry.status == TaskResultStatus.READY
    assert retry.run_after == failed_at + FIRST_RETRY

    url = reverse("league_standings", args=[competition.pk])
    client.force_login(alice)
    page = client.get(url).content.decode()
    assert FAILED in page and "Scoreblok is trying again" in page
    client.force_login(bob)  # a member cannot change the scheme: nothing for him to do
    assert FAILED not in client.get(url).content.decode()

    # Due while the scheme is still broken: it fails again and waits for the next retry.
    make_due(retry)
    run_worker()
    retries = results(retry_standings)
    assert [r.status for r in retries] == [TaskResultStatus.FAILED, TaskResultStatus.READY]
    competition.refresh_from_db()
    assert competition.standings_failed_at > failed_at

    # The secretary's correction stored (here without a rebuild), the next retry succeeds.
    Competition.objects.filter(pk=competition.pk).update(placement_points=POINTS)
    make_due(retries[-1])
    run_worker()
    assert results(retry_standings)[-1].status == TaskResultStatus.SUCCESSFUL
    assert not DBTaskResult.objects.filter(status=TaskResultStatus.READY).exists()
    competition.refresh_from_db()
    assert competition.standings_failed_at is None
    assert [row.played for row in competition.rows()] == [2, 2, 2, 2]
    client.force_login(alice)
    assert FAILED not in client.get(url).content.decode()


def test_a_retry_does_nothing_once_a_later_rebuild_succeeded_or_failed_again(klaverclub, worker_queue):
    competition = ladder(klaverclub, placement_points=BROKEN_POINTS)
    play(klaverclub, PlayerFactory.create_batch(4, club=klaverclub))
    run_worker()
    competition.refresh_from_db()
    first = competition.standings_failed_at
    rebuild_standings.enqueue(competition.pk)  # a later write: it fails too and queues its own
    run_worker()
    waiting = results(retry_standings)
    assert len(waiting) == 2
    competition.refresh_from_db()
    assert competition.standings_failed_at > first

    Competition.objects.filter(pk=competition.pk).update(placement_points=POINTS)
    retry_standings.call(competition.pk, first.isoformat())  # the older one: superseded
    competition.refresh_from_db()
    assert competition.standings_failed_at is not None and not competition.standings.exists()

    for retry in waiting:
        make_due(retry)
    run_worker()
    competition.refresh_from_db()
    assert competition.standings_failed_at is None
    assert competition.standings.count() == 4
    assert [r.status for r in results(retry_standings)] == [TaskResultStatus.SUCCESSFUL] * 2


def test_without_a_worker_a_rebuild_that_fails_fails_its_task_and_the_next_write_retries(klaverclub):
    """The immediate backend (``make run``, tests) cannot hold a task until later."""
    competition = ladder(klaverclub, placement_points=BROKEN_POINTS)
    players = PlayerFactory.create_batch(4, club=klaverclub)
    play(klaverclub, players)
    assert rebuild_standings.enqueue(competition.pk).status == TaskResultStatus.FAILED
    competition.refresh_from_db()
    assert competition.standings_failed_at is not None
    assert not DBTaskResult.objects.exists()

    Competition.objects.filter(pk=competition.pk).update(placement_points=POINTS)
    play(klaverclub, players)
    competition.refresh_from_db()
    assert competition.standings_failed_at is None
    assert competition.standings.count() == 4


START = datetime.datetime(2026, 11, 5, 20, 0, tzinfo=datetime.UTC)
MINUTE = datetime.timedelta(minutes=1)


@pytest.mark.parametrize(
    ("previous", "delay"),
    [
        pytest.param(None, FIRST_RETRY, id="a-first-failure"),
        pytest.param(START - 5 * MINUTE, 10 * MINUTE, id="twice-the-time-since-the-failure-before"),
        pytest.param(START - datetime.timedelta(seconds=2), FIRST_RETRY, id="never-sooner-than-the-first"),
        pytest.param(START - datetime.timedelta(days=3), LONGEST_RETRY, id="never-later-than-the-longest"),
    ],
)
def test_retries_of_a_run_of_failures_back_off(previous, delay):
    assert retry_after(START, previous) == START + delay


def test_an_archived_season_does_not_show_a_failure_from_before_its_archive(client, alice, klaverclub):
    competition = CompetitionFactory.create(club=klaverclub)
    failed = datetime.datetime(2026, 11, 5, 20, 0, tzinfo=datetime.UTC)
    Competition.objects.filter(pk=competition.pk).update(standings_failed_at=failed)
    client.force_login(alice)
    url = reverse("league_standings", args=[competition.pk])
    assert FAILED in client.get(url).content.decode()
    Competition.objects.filter(pk=competition.pk).update(archived_at=failed, final_standings=[])
    assert FAILED not in client.get(url).content.decode()
