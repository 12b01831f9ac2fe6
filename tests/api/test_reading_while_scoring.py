"""A match read while a phone scores it (deals added, corrected and undone): the sheet, the
public viewer, the API and quick entry never answer 5xx, and every answer shows one moment of the
match, its totals those of the rounds it shows. Real transactions, one connection per thread, on
each database."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from matches.models import Match
from tests.reading_while_scoring import read_while_scoring, scored_match

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def scored():
    return scored_match()


def self_consistent(answer: dict[str, Any]) -> bool:
    """The API's match: each seat's total is the sum of its scores in the rounds shown."""
    columns = [sum(column) for column in zip(*(r["scores"] for r in answer["rounds"]), strict=True)]
    totals = [row["total"] for row in sorted(answer["standings"], key=lambda row: row["seat"])]
    return columns == totals if answer["rounds"] else totals == [0, 0]


def test_pages_api_and_quick_entry_never_fail_while_the_match_is_scored(scored):
    match, user, token, share = scored
    answers: list[int] = []
    inconsistent: list[dict[str, Any]] = []

    def api_reader() -> None:
        api = APIClient()
        api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
        response = api.get(f"/api/matches/{match.pk}/")
        answers.append(response.status_code)
        if response.status_code == 200 and not self_consistent(response.json()):
            inconsistent.append(response.json())

    def sheet_reader() -> None:
        browser = Client()
        browser.force_login(user)
        answers.append(browser.get(f"/matches/{match.pk}/").status_code)
        answers.append(browser.post(f"/matches/{match.pk}/rounds/quick/", {"line": "Anna out"}).status_code)

    def viewer_reader() -> None:
        answers.append(Client().get(f"/live/{share}/").status_code)

    read_while_scoring(match, token, [api_reader, sheet_reader, viewer_reader])

    assert answers
    assert [code for code in answers if code >= 500] == []
    assert set(answers) == {200}
    assert inconsistent == []


def test_a_match_read_while_it_is_scored_shows_totals_of_the_rounds_it_shows(scored):
    match, _user, token, _share = scored
    seen: list[tuple[list[int], list[int]]] = []

    def model_reader() -> None:
        replayed = Match.objects.get(pk=match.pk).replayed()
        columns = [sum(column) for column in zip(*(r.scores for r in replayed.rounds), strict=True)]
        seen.append((columns or [0, 0], list(replayed.state.totals)))
        assert replayed.state.played == len(replayed.rounds)

    read_while_scoring(match, token, [model_reader, model_reader])

    assert seen
    assert [pair for pair in seen if pair[0] != pair[1]] == []
