"""POST /api/matches/{id}/end/ and /resume/: a table ended before its planned end, with a
reason, and taken back. Sam keeps a Klaverjassen table of four deals in De Klaverclub (Dora is
an admin, Bob only reads, Charlie is from elsewhere); two deals are played:

  deal 1, Hans & Lot play: Dirk & Gijs 60, Hans & Lot 102 + 20 roem = 122 of 182: made;
  deal 2, Hans & Lot play: Dirk & Gijs 63, Hans & Lot 99 + 20 roem = 119 of 182: made.
  Dirk & Gijs 123, Hans & Lot 241.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from matches.models import Match, RoundRevision
from tests.conftest import _api_client
from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db

DEALS = (
    {"playing": 1, "entries": [{"points": 60}, {"points": 102, "roem": 20}]},
    {"playing": 1, "entries": [{"points": 63}, {"points": 99, "roem": 20}]},
)
DEAL_3 = {"playing": 0, "entries": [{"points": 100}, {"points": 62}]}


@pytest.fixture
def table(klaverclub, sam) -> Match:
    match = MatchFactory.create(
        club=klaverclub,
        game="klaverjassen",
        players=["Dirk", "Hans", "Gijs", "Lot"],
        options={"deals": 4},
        by=sam,
    )
    for deal in DEALS:
        match.add_round(deal, by=sam)
    return match


def end(user, match: Match, body: object = None):
    body = {"reason": "closing time"} if body is None else body
    return _api_client(user).post(reverse("api-match-end", args=[match.pk]), body, format="json")


def resume(user, match: Match):
    return _api_client(user).post(reverse("api-match-resume", args=[match.pk]), format="json")


def codes(response) -> list[tuple[str, str]]:
    return [(error["field"], error["code"]) for error in response.json()["errors"]]


def test_ending_a_match_early_finishes_it_as_it_stands(table, sam):
    response = end(sam, table)
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "finished" and body["next"] is None and body["winners"] == [1]
    assert body["ended_early"]["reason"] == "closing time"
    assert [(row["team"], row["total"], row["rank"]) for row in body["standings"]] == [
        (1, 241, 1),
        (0, 123, 2),
    ]
    assert len(body["rounds"]) == 2
    table.refresh_from_db()
    assert table.status == Match.Status.FINISHED and table.finished_at == table.ended_early_at
    revision = table.revisions.get(action=RoundRevision.Action.END)
    assert (revision.number, revision.after, revision.by_name) == (2, {"reason": "closing time"}, "sam")
    assert _api_client(sam).get(reverse("api-match", args=[table.pk])).json()["ended_early"]["reason"] == (
        "closing time"
    )


def test_a_round_of_a_match_ended_early_is_refused_with_the_reason(table, sam):
    end(sam, table)
    api = _api_client(sam)
    added = api.post(reverse("api-rounds", args=[table.pk]), DEAL_3, format="json")
    assert added.status_code == 409 and codes(added) == [("", "ended_early")]
    assert added.json()["errors"][0]["message"] == (
        "This table ended early (closing time). Resume it to add or change a deal."
    )
    corrected = api.put(reverse("api-round", args=[table.pk, 1]), DEAL_3, format="json")
    undone = api.delete(reverse("api-round", args=[table.pk, 2]))
    assert [corrected.status_code, undone.status_code] == [409, 409]
    assert table.rounds.count() == 2 and table.rounds.get(number=1).body == DEALS[0]


def test_resuming_plays_on_from_the_deal_it_stopped_at(table, sam):
    end(sam, table)
    response = resume(sam, table)
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "in_progress" and body["ended_early"] is None and body["next"]["number"] == 3
    added = _api_client(sam).post(reverse("api-rounds", args=[table.pk]), DEAL_3, format="json")
    assert added.status_code == 201
    assert RoundRevision.objects.filter(match=table, action=RoundRevision.Action.RESUME).count() == 1
    # The round's own history is its deals': ending and resuming are the match's.
    history = _api_client(sam).get(reverse("api-round", args=[table.pk, 2])).json()["history"]
    assert [line["action"] for line in history] == ["add"]


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({}, [("reason", "required")]),
        ({"reason": "   "}, [("reason", "required")]),
        ({"reason": "x" * 201}, [("reason", "too_long")]),
        ({"reason": 5}, [("reason", "invalid")]),
        (["closing time"], [("reason", "invalid")]),
    ],
)
def test_a_missing_or_unreadable_reason_is_refused(table, sam, body, expected):
    response = end(sam, table, body)
    assert response.status_code == 400 and codes(response) == expected
    table.refresh_from_db()
    assert table.status == Match.Status.IN_PROGRESS and table.ended_early_at is None


def test_a_reason_is_kept_with_its_spaces_tidied(table, sam):
    assert end(sam, table, {"reason": "  Dirk\n felt   unwell "}).json()["ended_early"]["reason"] == (
        "Dirk felt unwell"
    )


def test_ending_twice_or_ending_a_finished_match_is_a_conflict(table, sam, klaverclub):
    end(sam, table)
    again = end(sam, table)
    assert again.status_code == 409 and codes(again) == [("", "ended_early")]
    over = MatchFactory.create(
        club=klaverclub, game="klaverjassen", players=["A", "B", "C", "D"], options={"deals": 1}, by=sam
    )
    over.add_round(DEAL_3, by=sam)
    refused = end(sam, over)
    assert refused.status_code == 409 and codes(refused) == [("", "already_finished")]


def test_a_table_without_a_deal_cannot_end_early(klaverclub, sam):
    empty = MatchFactory.create(club=klaverclub, game="klaverjassen", players=["A", "B", "C", "D"], by=sam)
    response = end(sam, empty)
    assert response.status_code == 409 and codes(response) == [("", "nothing_played")]


def test_resuming_a_match_that_did_not_end_early_is_a_conflict(table, sam):
    response = resume(sam, table)
    assert response.status_code == 409 and codes(response) == [("", "not_ended_early")]


@pytest.mark.parametrize(("persona", "status"), [("dora", 200), ("bob", 403), ("charlie", 404)])
def test_who_may_end_a_table_is_who_may_score_it(table, request, persona, status):
    user = request.getfixturevalue(persona)
    assert end(user, table).status_code == status
    table.refresh_from_db()
    assert (table.ended_early_at is not None) == (status == 200)


def test_who_may_resume_a_table_is_who_may_score_it(table, sam, bob, charlie):
    end(sam, table)
    assert [resume(bob, table).status_code, resume(charlie, table).status_code] == [403, 404]
    table.refresh_from_db()
    assert table.ended_early_at is not None


def test_a_get_is_not_allowed(table, sam):
    assert _api_client(sam).get(reverse("api-match-end", args=[table.pk])).status_code == 405
