"""Every page and endpoint a table uses makes the same number of queries whatever the number of
rounds or players: a match of 20 deals for six costs what a match of one deal for two does.

The limits are what the pages make today (``make bench`` prints the same counts at 200 rounds
against PostgreSQL). The session is warmed by one request first: the first page of a session
also reads the language preference once and saves it in the session.
"""

from __future__ import annotations

import pytest

from players.models import Club
from tests.bench.scenarios import PAGES, Page, start_match

# The sheet and the round POSTs also read the user's role in the club (may they keep score?).
LIMITS = {
    "scoresheet GET /matches/<id>/": 7,
    "home GET /": 7,  # and whether the user has deleted matches to restore
    "API GET /api/matches/": 6,
    "API GET /api/matches/<id>/": 5,
    "form POST /matches/<id>/rounds/ (htmx)": 14,
    "API POST /api/matches/<id>/rounds/": 13,
}


@pytest.mark.parametrize("players", [2, 6])
@pytest.mark.parametrize("rounds", [1, 20])
@pytest.mark.parametrize("page", PAGES, ids=[page.name for page in PAGES])
def test_queries_do_not_grow_with_rounds_or_players(
    client, alice, django_assert_max_num_queries, page: Page, rounds: int, players: int
) -> None:
    """Alice's request on a Duizenden match costs the page's fixed number of queries."""
    match, next_deal = start_match(Club.personal_for(alice), alice, players, rounds)
    client.force_login(alice)
    client.get("/")
    with django_assert_max_num_queries(LIMITS[page.name]):
        response = page.call(client, match, next_deal)
    assert response.status_code == page.status


def test_every_page_has_a_limit() -> None:
    """A page added to the benchmark's list gets a limit here too."""
    assert {page.name for page in PAGES} == set(LIMITS)


@pytest.mark.parametrize("signed_in", [False, True])
def test_the_theme_switch_costs_a_fixed_number_of_queries(
    client, alice, django_assert_max_num_queries, signed_in: bool
) -> None:
    """Choosing colours: nothing for a visitor (a cookie); for a user the session, the preference
    upserted and the session saved (savepoints counted)."""
    if signed_in:
        client.force_login(alice)
        client.get("/")
    with django_assert_max_num_queries(11 if signed_in else 0):
        response = client.post("/theme/", {"theme": "dark", "next": "/"})
    assert response.status_code == 302


def test_keep_score_now_costs_a_fixed_number_of_queries(client, db, django_assert_max_num_queries) -> None:
    """Making a guest: its user, its guest row, its table (named) and membership, the login and
    the new session, savepoints counted: the same for every guest."""
    with django_assert_max_num_queries(22):
        response = client.post("/try/")
    assert response.status_code == 302
