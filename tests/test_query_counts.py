"""Every page and endpoint a table uses makes the same number of queries whatever the number of
rounds or players: a match of 20 deals for six costs what a match of one deal for two does.

The limits are what the pages make today (``make bench`` prints the same counts at 200 rounds
against PostgreSQL). The session is warmed by one request first: the first page of a session
also reads the language preference once and saves it in the session.
"""

from __future__ import annotations

import pytest

from players.models import Club
from tests.matches_at_scale import PAGES, Page, form_data, start_match

# The user's role in the club (may they keep score?) comes with the match, in the same query.
LIMITS = {
    "scoresheet GET /matches/<id>/": 6,
    # The user's clubs and roles first; then the newest matches club by club (matches.home_lists),
    # their seats and players, and whether there are deleted matches to restore.
    "home GET /": 8,
    "API GET /api/matches/": 6,
    "API GET /api/matches/<id>/": 5,
    # The session, the user, the match; under the row lock (a savepoint here, where the test
    # holds a transaction) the match's version and snapshot, the round and its revision (in a
    # savepoint of their own: a key that came back undoes them), the match's outcome; then the
    # answer's seats. No round is read: the deal goes on from the snapshot.
    "form POST /matches/<id>/rounds/ (htmx)": 12,
    "API POST /api/matches/<id>/rounds/": 12,
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


API_PAGES = [page for page in PAGES if page.name.startswith("API ")]


@pytest.mark.parametrize("page", API_PAGES, ids=[page.name for page in API_PAGES])
def test_an_api_call_with_a_token_reads_no_session(alice, django_assert_max_num_queries, page: Page) -> None:
    """With a token, the API reads the token with its user (and, knox's housekeeping, the user's
    other tokens) instead of a session and a user, within the page's fixed number of queries."""
    from django.test import Client

    from tests.factories import token_for

    match, next_deal = start_match(Club.personal_for(alice), alice, 6, 20)
    client = Client(headers={"Authorization": f"Token {token_for(alice)}"})
    with django_assert_max_num_queries(LIMITS[page.name]) as queries:
        response = page.call(client, match, next_deal)
    assert response.status_code == page.status
    assert not [query for query in queries if "django_session" in query["sql"]]


POST_PAGES = [page for page in PAGES if " POST " in page.name]


def test_every_page_has_a_limit() -> None:
    """A page added to the benchmark's list gets a limit here too."""
    assert {page.name for page in PAGES} == set(LIMITS)


# The league's pages read stored standings: their cost does not grow with evenings or players.
# Each also asks whether the user is a guest (guests are refused the league: one query).
LEAGUE_LIMITS = {
    "league_standings": 8,
    # ...with the seating form's players and the club's matches that could become a table; the
    # seating by hand offers only the players present and free (one query) and numbers its
    # tables after the tables the page lists (no more), and who is present is read once; who sat
    # out each round is one more.
    "league_evening": 11,
    "league_standings_csv": 5,
    "api-standings": 6,
    "api-evening": 7,
    "api-competition": 5,  # with its evenings
    # The secretary's edit and delete pages (the delete pages count what would go and stay).
    "league_competition_edit": 5,
    "league_competition_delete": 8,
    "league_evening_edit": 5,
    "league_evening_delete": 6,
}


def _season(club: Club, evenings: int, players: int):
    from league.models import Competition
    from tests.factories import CompetitionFactory, EveningFactory, PlayerFactory
    from tests.league.test_stored_standings import deal

    competition: Competition = CompetitionFactory.create(club=club)
    present = PlayerFactory.create_batch(players, club=club)
    for _ in range(evenings):
        evening = EveningFactory.create(competition=competition)
        evening.present.set(present)
        for table in evening.draw_and_start():
            table.match.add_round(deal(winner=0, players=table.match.player_count))
    return competition, evening


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("evenings", "players"), [(1, 4), (3, 12)])
@pytest.mark.parametrize("name", sorted(LEAGUE_LIMITS))
def test_league_pages_do_not_grow_with_evenings_or_players(
    client, alice, django_assert_max_num_queries, name: str, evenings: int, players: int
) -> None:
    from django.urls import reverse

    competition, evening = _season(Club.personal_for(alice), evenings, players)
    client.force_login(alice)
    client.get("/")
    url = reverse(name, args=[evening.pk if "evening" in name else competition.pk])
    with django_assert_max_num_queries(LEAGUE_LIMITS[name]):
        response = client.get(url)
    assert response.status_code == 200


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("matches", "open_matches"), [(1, 1), (6, 3)])
def test_standings_where_every_match_counts_do_not_grow_with_matches(
    client, alice, django_assert_max_num_queries, matches: int, open_matches: int
) -> None:
    """Beyond the evenings' page: the open matches' seats and rounds (two prefetches, for the
    points they would give now): two more queries, however many matches."""
    from django.urls import reverse

    from league.models import Competition
    from matches.models import Match
    from tests.factories import CompetitionFactory
    from tests.league.test_stored_standings import deal

    club = Club.personal_for(alice)
    competition = CompetitionFactory.create(club=club, counts=Competition.Counts.MATCHES, best_of=3)
    for n in range(matches + open_matches):
        match = Match.start(
            club=club, game="duizenden", players=["A", "B", "C", f"D{n}"], options={"target": 100}
        )
        if n < matches:
            match.add_round(deal(winner=n % 4))
    client.force_login(alice)
    client.get("/")
    with django_assert_max_num_queries(LEAGUE_LIMITS["league_standings"] + 2):
        response = client.get(reverse("league_standings", args=[competition.pk]))
    assert response.status_code == 200


# The entry's other writes: what the sheet's confirmation, redo and rematch buttons post (the
# user's role comes with the match); undo and redo also keep what can be redone in the session.
ENTRY_LIMITS = {
    "undo": 16,  # and the whole sheet back, with its history
    "redo": 18,  # the deal put back (its savepoint too), then the whole sheet read again
    "rematch": 8,
    "refused round (htmx)": 11,  # only the form comes back
}


def _entry_call(client, match, next_deal, name: str):
    if name == "undo":
        return client.post(f"/matches/{match.pk}/undo/", headers={"HX-Request": "true"})
    if name == "redo":
        return client.post(f"/matches/{match.pk}/redo/", headers={"HX-Request": "true"})
    if name == "rematch":
        return client.post(f"/matches/{match.pk}/rematch/")
    refused = {**form_data(next_deal), "entries.0.table_points:int": "7"}
    return client.post(f"/matches/{match.pk}/rounds/", refused, headers={"HX-Request": "true"})


@pytest.mark.parametrize("players", [2, 6])
@pytest.mark.parametrize("rounds", [1, 20])
@pytest.mark.parametrize("name", list(ENTRY_LIMITS))
def test_entry_writes_do_not_grow_with_rounds_or_players(
    client, alice, django_assert_max_num_queries, name: str, rounds: int, players: int
) -> None:
    """Undo, redo (after an undo), rematch and a refused round cost a fixed number of queries."""
    match, next_deal = start_match(Club.personal_for(alice), alice, players, rounds)
    client.force_login(alice)
    client.get("/")
    if name == "redo":
        client.post(f"/matches/{match.pk}/undo/")
    with django_assert_max_num_queries(ENTRY_LIMITS[name]):
        response = _entry_call(client, match, next_deal, name)
    assert response.status_code in {200, 302, 400}


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


def _finished_matches(club: Club, by, count: int) -> None:
    from tests.factories import MatchFactory

    for _ in range(count):
        MatchFactory.create(club=club, game="duizenden", players=["Anna", "Bram", "Cor"], by=by)


@pytest.mark.parametrize("matches", [1, 30])
def test_the_export_progress_page_costs_a_fixed_number_of_queries(
    client, alice, django_assert_max_num_queries, matches: int
) -> None:
    """The page (and each htmx poll) reads the export's figures, never its file nor the club's
    matches: the same cost for one match as for thirty."""
    from backup.tasks import start_export

    club = Club.personal_for(alice)
    _finished_matches(club, alice, matches)
    export = start_export(club, by=alice)
    client.force_login(alice)
    client.get("/")
    for headers in ({}, {"HX-Request": "true"}):
        with django_assert_max_num_queries(5):
            response = client.get(f"/clubs/{club.pk}/exports/{export.pk}/", headers=headers)
        assert response.status_code == 200


@pytest.mark.parametrize("matches", [1, 30])
def test_writing_an_export_reads_its_matches_in_chunks(
    alice, django_assert_max_num_queries, matches: int
) -> None:
    """Up to 200 matches, one read of matches, seats, players, rounds, history and the accounts
    they name each, however many (and the progress saved before and after, the club's members,
    players, competitions, their stored standings and history, sit-outs, ratings and their
    history, house games, the file's part and the export done)."""
    from backup.exports import write_export
    from backup.models import ClubExport

    club = Club.personal_for(alice)
    _finished_matches(club, alice, matches)
    export = ClubExport.objects.create(club=club, requested_by=alice)
    with django_assert_max_num_queries(19):
        write_export(export)
    assert export.status == ClubExport.Status.DONE
