"""On PostgreSQL a phone's deal is written in one statement, without a transaction or a lock,
when the match is still at the version the phone's request read it at (``Match._add_if_unchanged``):
the statement writes only if the row still has that version. Anything else takes the locked
path, which stores exactly what it always did."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from matches import replays
from matches.models import Conflict, Match, Round, RoundRevision, read_rows
from players.models import Club
from scoring import Refused

pytestmark = [
    pytest.mark.django_db(transaction=True),  # real commits: the replay is kept when a write commits
    pytest.mark.skipif(connection.vendor != "postgresql", reason="SQLite writes a deal the ORM's way"),
]


def deal(out: int, players: int = 3, hand: int = 10) -> dict:
    return {
        "entries": [
            {
                "went_out": seat == out,
                "table_points": 60 if seat == out else 0,
                "hand_points": 0 if seat == out else hand,
            }
            for seat in range(players)
        ]
    }


@pytest.fixture
def match(alice) -> Match:
    started = Match.start(
        club=Club.personal_for(alice),
        game="duizenden",
        players=["Anna", "Bram", "Cor"],
        options={"target": 100},
        by=alice,
    )
    started.add_round(deal(0), by=alice)  # leaves its replay under the new version
    return started


def _read(alice, match: Match) -> Match:
    """The match as a phone's request reads it: the member's row, moments before the deal."""
    return Match.objects.get_for_member(alice, match.pk)


def test_a_deal_at_the_version_read_is_one_statement_without_a_lock(alice, match):
    phone = _read(alice, match)
    with CaptureQueriesContext(connection) as captured:
        recorded = phone.add_round(deal(1), by=alice, idempotency_key="k2", number=2, read_rounds=False)
    statements = [query["sql"] for query in captured]
    assert len(statements) == 1 and "FOR UPDATE" not in statements[0]
    assert recorded.round.number == 2 and recorded.round.pk is not None
    assert [row.number for row in read_rows(match)] == [1, 2]
    assert RoundRevision.objects.get(match=match, number=2).idempotency_key == "k2"
    match.refresh_from_db()
    assert match.updated_at == phone.updated_at
    assert replays.cached(match.pk, match.updated_at) == recorded.state
    assert [seat.name for seat in phone.seated()] == ["Anna", "Bram", "Cor"]


def test_a_write_in_between_sends_the_deal_through_the_lock(alice, match):
    """Two phones read deal 2 as next; the second's deal, without a number, is stored as deal 3
    and scored from deal 2 as stored, not from the state its request read."""
    first, second = _read(alice, match), _read(alice, match)
    first.add_round(deal(1), by=alice, read_rounds=False)
    recorded = second.add_round(deal(2, hand=20), by=alice, read_rounds=False)
    assert recorded.round.number == 3
    assert [row.number for row in read_rows(match)] == [1, 2, 3]
    match.refresh_from_db()
    assert recorded.state.totals == replays.cached(match.pk, match.updated_at).totals
    assert Round.objects.get(match=match, number=3).scores == list(recorded.state.scores[-1])


def test_a_stale_deal_number_after_a_write_in_between_is_a_conflict(alice, match):
    first, second = _read(alice, match), _read(alice, match)
    first.add_round(deal(1), by=alice, read_rounds=False)
    with pytest.raises(Conflict):
        second.add_round(deal(2), by=alice, number=2, read_rounds=False)
    assert Round.objects.filter(match=match).count() == 2


def test_a_refused_deal_stores_nothing(alice, match):
    wrong = deal(1)
    wrong["entries"][0]["went_out"] = True  # two players going out
    with pytest.raises(Refused):
        _read(alice, match).add_round(wrong, by=alice, read_rounds=False)
    assert Round.objects.filter(match=match).count() == 1


def test_the_deal_that_ends_the_match_takes_the_lock_and_stores_the_places(alice, match):
    """Anna has 60 of the 100 points; with 60 more she ends the match."""
    ending = deal(0)
    ending["entries"][2]["hand_points"] = 20
    with CaptureQueriesContext(connection) as captured:
        recorded = _read(alice, match).add_round(ending, by=alice, read_rounds=False)
    assert recorded.state.finished
    assert any("FOR UPDATE" in query["sql"] for query in captured)
    assert list(match.seats.order_by("position").values_list("final_rank", flat=True)) == [1, 2, 3]


def test_a_key_that_comes_back_answers_the_deal_it_stored(alice, match):
    stored = _read(alice, match).add_round(deal(1), by=alice, idempotency_key="again", read_rounds=False)
    # The phone did not hear the answer and sends the same deal with the same key once more.
    again = _read(alice, match)
    answer = again.add_round(deal(1), by=alice, idempotency_key="again", read_rounds=False)
    assert answer.round.pk == stored.round.pk
    assert Round.objects.filter(match=match).count() == 2


def test_inside_a_callers_transaction_a_key_that_comes_back_does_not_end_it(alice, match):
    """The one statement runs in a savepoint there: the collision is answered and the caller's
    transaction goes on."""
    from django.db import transaction

    with transaction.atomic():
        first = _read(alice, match).add_round(deal(1), by=alice, idempotency_key="same", read_rounds=False)
        again = _read(alice, match).add_round(deal(1), by=alice, idempotency_key="same", read_rounds=False)
        assert again.round.pk == first.round.pk
        assert Match.objects.filter(pk=match.pk).exists()
