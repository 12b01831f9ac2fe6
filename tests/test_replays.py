"""A write leaves the replayed state in the cache under the match row's new version, and the next
write starts from it: the state must always be the one a full replay of the stored rounds gives,
and a missing, failing or foreign entry must only cost a replay."""

from __future__ import annotations

import pickle
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

import scoring
from matches import replays
from matches.models import SEAT_FIELDS, Match, RoundRow, SeatRow, read_rows, states_of
from players.models import Club
from tests.long_matches import LONG_OPTIONS, PLAYERS, long_match

pytestmark = pytest.mark.django_db(transaction=True)  # the cache is filled when a write commits

GAMES = sorted(PLAYERS)


def _start(alice, slug: str, rounds: int) -> tuple[Match, list[dict]]:
    _setup, bodies = long_match(slug, rounds)
    match = Match.start(
        club=Club.personal_for(alice),
        game=slug,
        players=[f"P{seat}" for seat in range(PLAYERS[slug])],
        options=dict(LONG_OPTIONS.get(slug, {})),
        by=alice,
    )
    return match, bodies


def _full_replay(match: Match) -> scoring.MatchState:
    bodies = [row.body for row in read_rows(match)]
    return scoring.replay_stored(match.rules, match.setup, bodies)


def _same(state: scoring.MatchState, other: scoring.MatchState) -> None:
    assert state.scores == other.scores
    assert state.totals == other.totals
    assert state.progress == other.progress
    assert state.standings == other.standings
    assert state.next == other.next
    assert state.finished == other.finished


@pytest.mark.parametrize("slug", GAMES)
def test_the_kept_state_is_the_full_replay_after_adds_corrections_and_undos(alice, slug: str) -> None:
    """Every game: after each kind of write the state kept under the match's version equals a
    replay of the stored rounds from the first deal."""
    match, bodies = _start(alice, slug, 12)
    for body in bodies[:10]:
        match.add_round(body, by=alice, read_rounds=False)
        match.refresh_from_db()
        kept = replays.cached(match.pk, match.updated_at)
        assert kept is not None
        _same(kept, _full_replay(match))
    match.correct_round(3, bodies[2], by=alice)
    match.undo_last_round(by=alice)
    match.refresh_from_db()
    kept = replays.cached(match.pk, match.updated_at)
    assert kept is not None
    _same(kept, _full_replay(match))
    match.add_round(bodies[9], by=alice)
    match.refresh_from_db()
    kept = replays.cached(match.pk, match.updated_at)
    assert kept is not None
    _same(kept, _full_replay(match))


def test_a_write_after_a_write_reads_no_rounds(alice) -> None:
    """The second deal's save starts from the state the first one left: no round is read."""
    match, bodies = _start(alice, "duizenden", 5)
    for body in bodies[:4]:
        match.add_round(body, by=alice)
    with CaptureQueriesContext(connection) as captured:
        recorded = match.add_round(bodies[4], by=alice, read_rounds=False)
    reads = [q["sql"] for q in captured.captured_queries if q["sql"].startswith("SELECT")]
    assert not any("matches_round" in sql for sql in reads), reads
    assert len(recorded.rounds) == 5
    assert recorded.rounds[-1].number == 5
    with pytest.raises(LookupError):
        recorded.rounds[0]  # not read: a page that needs them reads the match again


def test_a_missing_entry_costs_a_replay_and_gives_the_same_answer(alice) -> None:
    match, bodies = _start(alice, "frustration-nl", 8)
    for body in bodies[:7]:
        match.add_round(body, by=alice)
    cache.clear()
    recorded = match.add_round(bodies[7], by=alice)
    assert [row.number for row in recorded.rounds] == list(range(1, 9))
    _same(recorded.state, _full_replay(match))


def test_a_failing_cache_costs_a_replay_never_an_answer(alice, monkeypatch) -> None:
    """Redis down: the deal is still checked and stored (the error is logged)."""
    match, bodies = _start(alice, "canasta", 3)
    match.add_round(bodies[0], by=alice)

    def broken(*args, **kwargs):
        raise ConnectionError("cache down")

    monkeypatch.setattr(cache, "get", broken)
    monkeypatch.setattr(cache, "set", broken)
    recorded = match.add_round(bodies[1], by=alice)
    assert recorded.state.played == 2
    _same(recorded.state, _full_replay(match))


def test_an_entry_is_only_read_for_its_own_version(alice) -> None:
    match, bodies = _start(alice, "duizenden", 2)
    match.add_round(bodies[0], by=alice)
    match.refresh_from_db()
    assert replays.cached(match.pk, match.updated_at) is not None
    assert replays.cached(match.pk, match.updated_at + timedelta(microseconds=1)) is None
    assert replays.cached(match.pk + 1, match.updated_at) is None


def test_a_long_match_is_kept_without_deep_recursion() -> None:
    """The score log is a chain of one link per deal: kept as plain rows, 2 000 deals pickle."""
    setup, bodies = long_match("duizenden", 2000)
    game = scoring.get_game("duizenden")
    state = scoring.replay_stored(game, setup, bodies)
    again = pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))
    _same(again, state)
    assert again.played == 2000


def test_rounds_and_seats_read_in_one_go_are_the_ones_read_one_by_one(alice) -> None:
    match, bodies = _start(alice, "barbuse", 6)
    for body in bodies[:6]:
        match.add_round(body, by=alice)
    plain = [RoundRow._make(row) for row in match.rounds.order_by("number").values_list(*RoundRow._fields)]
    assert read_rows(match) == plain
    seats = [SeatRow._make(row) for row in match.seats.order_by("position").values_list(*SEAT_FIELDS)]
    assert match.seated() == seats
    assert Match.objects.get(pk=match.pk).seated() == seats
    assert read_rows(Match.start(club=match.club, game="barbuse", players=["A", "B", "C", "D"])) == []


@pytest.mark.skipif(connection.vendor != "postgresql", reason="SQLite reads are not one snapshot: not kept")
def test_a_read_leaves_its_replay_for_the_next_read(alice) -> None:
    """The rows and the version are read together, so a read may keep what it replayed."""
    match, bodies = _start(alice, "duizenden", 4)
    for body in bodies[:4]:
        match.add_round(body, by=alice)
    cache.clear()
    first = match.recorded()
    match.refresh_from_db()
    kept = replays.cached(match.pk, match.updated_at)
    assert kept is not None
    _same(kept, first.state)


def test_several_matches_in_one_cache_call_and_one_read_of_the_others(alice) -> None:
    """A league's open tables: kept states come from the cache, the others from one query."""
    matches = []
    for slug in ("duizenden", "canasta", "barbuse"):
        match, bodies = _start(alice, slug, 3)
        for body in bodies[:3]:
            match.add_round(body, by=alice)
        matches.append(match)
    cache.delete(replays.key(matches[1].pk, Match.objects.get(pk=matches[1].pk).updated_at))
    rows = list(Match.objects.filter(pk__in=[m.pk for m in matches]).order_by("pk"))
    with CaptureQueriesContext(connection) as captured:
        states = states_of(rows)
    assert len(captured.captured_queries) == 1  # the rounds of the one that was not kept
    for match in rows:
        _same(states[match.pk], _full_replay(match))


def _deal(players: int) -> dict:
    """The first seat goes out, the others pay 10 each."""
    out = {"went_out": True, "table_points": 10 * (players - 1), "hand_points": 0}
    pay = {"went_out": False, "table_points": 0, "hand_points": 10}
    return {"entries": [out, *[pay] * (players - 1)]}


def test_the_seats_a_deal_answers_with_are_the_ones_read_plainly(alice) -> None:
    """The answer to a deal shows the seats: on PostgreSQL read in the statement that locks the
    match (no query after the write, also where no round is read), on SQLite after it; the same
    rows, teams too."""
    match = Match.start(
        club=Club.personal_for(alice),
        game="duizenden",
        players=["Anna", "Bram", "Cor", "Dirk"],
        teams=[[0, 2], [1, 3]],
        by=alice,
    )
    match.add_round(_deal(4), by=alice)  # leaves its replay: the next deal reads no rounds
    plain = [SeatRow._make(row) for row in match.seats.order_by("position").values_list(*SEAT_FIELDS)]
    writer = Match.objects.get(pk=match.pk)
    writer.add_round(_deal(4), by=alice, read_rounds=False)
    with CaptureQueriesContext(connection) as captured:
        assert writer.seated() == plain
    assert len(captured.captured_queries) == (0 if connection.vendor == "postgresql" else 1)
    assert [seat.team for seat in plain] == [0, 1, 0, 1]


def test_the_changes_counted_with_the_rounds_are_the_history_s(alice) -> None:
    """The sheet's history label: on PostgreSQL counted in the read of the rounds (no query of
    its own), on SQLite when asked; after a write on the same object, counted again."""
    match, bodies = _start(alice, "duizenden", 3)
    for body in bodies[:3]:
        match.add_round(body, by=alice)
    match.undo_last_round(by=alice)
    reader = Match.objects.get(pk=match.pk)
    reader.recorded()
    with CaptureQueriesContext(connection) as captured:
        assert reader.change_count() == 4
    assert len(captured.captured_queries) == (0 if connection.vendor == "postgresql" else 1)
    reader.add_round(bodies[2], by=alice)  # reads the rounds (and a count) before its change
    assert reader.change_count() == 5
    assert Match.objects.get(pk=match.pk).change_count() == 5  # nothing read with it: counted


def test_a_deal_saved_from_the_kept_state_unpacks_none_of_its_earlier_deals(alice, monkeypatch) -> None:
    """The kept state holds the earlier deals packed (``replays.PackedScores``); a save reads
    only the newest, so its cost does not grow with the match."""
    match, bodies = _start(alice, "duizenden", 40)
    for body in bodies[:39]:
        match.add_round(body, by=alice, read_rounds=False)

    def unpacked(self):
        raise AssertionError("a save unpacked every earlier deal")

    monkeypatch.setattr(replays.PackedScores, "rows", unpacked)
    recorded = match.add_round(bodies[39], by=alice, read_rounds=False)
    assert recorded.state.played == 40
    monkeypatch.undo()
    _same(recorded.state, _full_replay(match))
    assert read_rows(match)[-1].scores == list(recorded.state.scores[-1])
