"""A club secretary's paper rules, said on the competition form and played out: best 3 of 4
evenings, at least 3, ties by points over all evenings then first places, 10-8-6-5 at a table
of four and 10-7-4 at a table of three, a booby prize. The order is the one computed by hand in
``tests/league/test_schemes.py`` (``PAPER_SEASON``)."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse

from games.refusals import SiteRefused
from league.models import Competition, Evening, Table
from matches.models import Match
from players.models import Player
from tests.conftest import _api_client
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ["Anna", "Bram", "Cor", "Dirk", "Eva", "Fien", "Gijs", "Hanna"]
DATES = ["2026-10-02", "2026-10-16", "2026-10-30", "2026-11-13"]
# Per evening, each table's players in their finishing order (the newcomer Ilse on evening 2).
TABLES = [
    [["Anna", "Bram", "Cor", "Dirk"], ["Eva", "Fien", "Gijs", "Hanna"]],
    [["Bram", "Eva", "Ilse"], ["Cor", "Anna", "Gijs"], ["Dirk", "Hanna", "Fien"]],
    [["Anna", "Cor", "Eva", "Fien"], ["Bram", "Dirk", "Gijs"]],
    [["Eva", "Anna", "Bram", "Hanna"], ["Fien", "Gijs", "Cor", "Dirk"]],
]
# Hand-computed: name, rank, points, the evening (1-4) that was dropped.
EXPECTED = [
    ("Anna", 1, 28, 2),
    ("Bram", 2, 28, 4),
    ("Eva", 3, 27, 3),
    ("Cor", 4, 24, 4),
    ("Fien", 5, 23, 2),
    ("Dirk", 6, 22, 4),
    ("Gijs", 7, 18, 3),
    ("Hanna", 8, 17, None),
    ("Ilse", None, 4, None),
]

FORM = {
    "name": "Winter 2026",
    "games": ["duizenden"],
    "starts_on": "2026-10-01",
    "ends_on": "2026-12-31",
    "evening_dates": " ".join(DATES),
    "counts": "evenings",
    "kind": "placement",
    "placement_points": "10,8,6,5",
    "placement_points_3": "10,7,4",
    "placement_points_4": "10,8,6,5",
    "best_of": "3",
    "min_evenings": "3",
    "tie_break_1": "all_points",
    "tie_break_2": "wins",
    "booby_prize": "on",
    "option_duizenden_target": "300",
}


def deal(players: int) -> dict:
    """One Duizenden deal that ends a match to 300: seat 0 goes out with 320 on the table, the
    others lay 40, 50, 60 and hold 30, so the last seat finishes second."""
    return {
        "entries": [
            {
                "went_out": seat == 0,
                "table_points": 320 if seat == 0 else 40 + 10 * seat,
                "hand_points": 0 if seat == 0 else 30,
            }
            for seat in range(players)
        ]
    }


def seated_order(order: list[str]) -> list[str]:
    """The seats for ``deal(winner=0)`` to finish in ``order``: seat 0 goes out, the others
    finish by their seat, the last seat best."""
    return [order[0], *reversed(order[1:])]


def play_table(evening: Evening, order: list[str], number: int) -> Match:
    players = [evening.club.players.get(name=name).pk for name in seated_order(order)]
    [table] = evening.start_tables([players])
    assert (table.round, table.number) == (1, number)
    match = table.match
    match.add_round(deal(len(players)))
    assert match.status == Match.Status.FINISHED
    return match


@pytest.fixture
def winter(client, alice, klaverclub) -> Competition:
    for name in NAMES:
        PlayerFactory.create(club=klaverclub, name=name)
    client.force_login(alice)
    response = client.post(reverse("league_competitions", args=[klaverclub.pk]), FORM)
    assert response.status_code == 302, response.content.decode()
    competition = Competition.objects.get(name="Winter 2026")
    PlayerFactory.create(club=klaverclub, name="Ilse")
    for evening, tables in zip(competition.evenings.order_by("date"), TABLES, strict=True):
        for number, order in enumerate(tables, start=1):
            play_table(evening, order, number)
    return competition


def test_the_form_says_the_paper_rules_and_plans_the_four_evenings(winter):
    assert [str(evening.date) for evening in winter.evenings.all()] == DATES
    assert winter.placement_by_size == {"3": "10,7,4", "4": "10,8,6,5"}
    assert winter.tie_breaks == ["all_points", "wins"]
    assert winter.scheme.points_by_place(3) == (10, 7, 4)
    assert winter.options == {"duizenden": {"target": 300}}
    table = Table.objects.filter(evening__competition=winter).select_related("match").first()
    assert table is not None and table.match.options["target"] == 300


def test_the_standings_follow_the_hand_computed_order(winter):
    rows = winter.rows()
    assert [(row.name, row.rank, int(row.points)) for row in rows] == [e[:3] for e in EXPECTED]
    evenings = list(winter.evenings.order_by("date").values_list("pk", flat=True))
    for row, (_name, _rank, _points, dropped) in zip(rows, EXPECTED, strict=True):
        played = {int(unit) for unit in row.evenings}
        assert played - set(row.counted) == ({evenings[dropped - 1]} if dropped else set())
    assert [row.name for row in rows if row.booby] == ["Hanna"]


def test_the_page_says_best_3_of_4_and_strikes_each_dropped_evening(client, winter):
    page = client.get(reverse("league_standings", args=[winter.pk])).content.decode()
    assert "best 3 of 4 evenings count" in page and "at least 3 evenings" in page
    assert "10-8-6-5; 10-7-4 at a table of 3; 10-8-6-5 at a table of 4" in page
    assert "1. most points over all evenings (or matches), dropped ones too, 2. most wins" in page
    assert page.count('<del class="dropped">') == 7  # every ranked player but Hanna drops one
    assert '<del class="dropped">7</del>' in page and "8.00" not in page
    assert "Points that count, added up evening by evening" in page
    assert "Tables play with: Duizenden (target score 300)" in page
    evening = winter.evenings.first()
    assert evening is not None
    evening_page = client.get(reverse("league_evening", args=[evening.pk])).content.decode()
    assert "Tables play with: Duizenden (target score 300)" in evening_page


def test_a_target_the_game_refuses_is_said_next_to_its_field(client, alice, klaverclub):
    client.force_login(alice)
    url = reverse("league_competitions", args=[klaverclub.pk])
    page = client.post(url, {**FORM, "option_duizenden_target": "303"}).content.decode()
    assert 'id="options-duizenden" open' in page and 'value="303"' in page
    assert "multiple of 5" in page
    assert not Competition.objects.exists()


def test_the_edit_page_changes_the_target_of_the_tables_to_come(client, winter):
    url = reverse("league_competition_edit", args=[winter.pk])
    form = client.get(url).content.decode()
    assert 'name="option_duizenden_target" value="300"' in form
    response = client.post(url, {**FORM, "option_duizenden_target": "500"})
    assert response.status_code == 302
    winter.refresh_from_db()
    assert winter.options == {"duizenden": {"target": 500}}


def test_the_csv_names_the_evenings_that_did_not_count(client, winter):
    body = client.get(reverse("league_standings_csv", args=[winter.pk])).content.decode()
    lines = list(csv.reader(io.StringIO(body)))
    assert lines[0][9:] == ["evenings not counted", "2026-10-02", "2026-10-16", "2026-10-30", "2026-11-13"]
    assert lines[1] == ["1", "Anna", "28", "4", "4", "2", "1.5", "1", "", "2026-10-16", "10", "7", "10", "8"]
    assert lines[8][:3] == ["8", "Hanna", "17"] and lines[8][8] == "1"
    assert lines[9][:3] == ["", "Ilse", "4"]


def test_a_newcomer_on_one_evening_waits_below_the_minimum_attendance(winter):
    ilse = Player.objects.get(name="Ilse")
    assert winter.standings.get(player=ilse).rank is None


def test_an_archived_season_keeps_its_final_standings_on_the_roll_of_honour(client, winter):
    response = client.post(reverse("league_competition_archive", args=[winter.pk]), {"archived": "1"})
    assert response.status_code == 302
    # Evening 4's first table is closed: an undo is refused, and the final standings stay.
    table = Table.objects.filter(evening__competition=winter).order_by("-evening__date", "number").first()
    assert table is not None
    with pytest.raises(SiteRefused):
        table.match.undo_last_round()
    assert Match.objects.get(pk=table.match_id).status == Match.Status.FINISHED
    assert [(row.name, row.rank) for row in winter.rows()][:3] == [("Anna", 1), ("Bram", 2), ("Eva", 3)]
    page = client.get(reverse("league_honours", args=[winter.club.pk])).content.decode()
    assert "Roll of honour of" in page and "1. Anna" in page and "2. Bram" in page and "3. Eva" in page
    assert "Booby prize: Hanna" in page and "28 points" in page
    competitions = client.get(reverse("league_competitions", args=[winter.club.pk])).content.decode()
    assert "Past seasons" in competitions


def test_the_next_season_takes_the_settings_and_evenings_in_one_step(client, winter):
    response = client.post(reverse("league_competition_next", args=[winter.pk]))
    season = Competition.objects.get(name="Winter 2027")
    assert response.url == reverse("league_competition_edit", args=[season.pk])
    # 92 days (13 weeks and a day): the evenings move 14 weeks, and the season ends 14 weeks on.
    assert (season.starts_on.isoformat(), season.ends_on.isoformat()) == ("2027-01-01", "2027-04-08")
    assert season.placement_by_size == winter.placement_by_size and season.options == winter.options
    assert (season.best_of, season.min_evenings, season.tie_breaks, season.booby_prize) == (
        3,
        3,
        ["all_points", "wins"],
        True,
    )
    assert season.evenings.count() == 4 and not season.standings.exists()


def test_the_same_season_through_the_api_gives_the_same_standings(alice, klaverclub):
    """The paper season entered by a club's app: the competition, its players (the newcomer
    added on evening 2), each table seated by hand and scored, through the API only."""
    api = _api_client(alice)
    body = {
        "name": "Winter 2026",
        "games": ["duizenden"],
        "starts_on": "2026-10-01",
        "ends_on": "2026-12-31",
        "evening_dates": DATES,
        "placement_points": "10,8,6,5",
        "placement_by_size": {"3": "10,7,4", "4": "10,8,6,5"},
        "best_of": 3,
        "min_evenings": 3,
        "tie_breaks": ["all_points", "wins"],
        "booby_prize": True,
        "options": {"duizenden": {"target": 300}},
    }
    created = api.post(reverse("api-competitions", args=[klaverclub.pk]), body, format="json")
    assert created.status_code == 201, created.json()
    competition = created.json()
    players = reverse("api-club-players", args=[klaverclub.pk])
    ids = {name: api.post(players, {"name": name}, format="json").json()["id"] for name in NAMES}
    for evening, tables in zip(competition["evenings"], TABLES, strict=True):
        if "Ilse" in {name for order in tables for name in order}:
            ids["Ilse"] = api.post(players, {"name": "Ilse"}, format="json").json()["id"]
        url = reverse("api-evening-tables", args=[evening["id"]])
        seated = [[ids[name] for name in seated_order(order)] for order in tables]
        answer = api.post(url, {"tables": seated}, format="json")
        assert answer.status_code == 201, answer.json()
        for table in answer.json()["tables"]:
            rounds = reverse("api-rounds", args=[table["match"]])
            scored = api.post(rounds, deal(len(table["players"])), format="json")
            assert scored.status_code == 201, scored.json()
    standings = api.get(reverse("api-standings", args=[competition["id"]])).json()
    assert [(row["name"], row["rank"], row["points"]) for row in standings["rows"]] == [
        (name, rank, f"{points}.00") for name, rank, points, _dropped in EXPECTED
    ]
    evenings = [evening["id"] for evening in competition["evenings"]]
    for row, (_name, _rank, _points, dropped) in zip(standings["rows"], EXPECTED, strict=True):
        played = {int(unit) for unit in row["evenings"]}
        assert played - set(row["counted"]) == ({evenings[dropped - 1]} if dropped else set())
    assert [row["name"] for row in standings["rows"] if row["booby"]] == ["Hanna"]


def test_the_club_calendar_feed_lists_the_evenings_and_its_link_can_be_revoked(client, winter):
    from icalendar import Calendar

    from league.models import ClubCalendar

    club = winter.club
    client.post(reverse("league_calendar_link", args=[club.pk]))
    calendar = ClubCalendar.objects.get(club=club)
    page = client.get(reverse("league_competitions", args=[club.pk])).content.decode()
    feed_url = reverse("league_calendar", args=[calendar.token])
    assert feed_url in page
    client.logout()  # a calendar app has no session
    response = client.get(feed_url)
    assert response.status_code == 200 and response["Content-Type"].startswith("text/calendar")
    parsed = Calendar.from_ical(response.content)
    events = parsed.walk("VEVENT")
    assert [event.decoded("dtstart").isoformat() for event in events] == DATES
    assert str(events[0]["summary"]) == f"{club.name}: Winter 2026 (Duizenden)"
    assert "target score 300" in str(events[0]["description"]).lower()
    ClubCalendar.renew(club)
    assert client.get(feed_url).status_code == 404  # the old link stops working


def test_the_evening_report_is_mailed_to_the_members(client, winter, mailoutbox):
    from django.contrib.auth import get_user_model

    club = winter.club
    for user in get_user_model().objects.filter(memberships__club=club):
        user.email = f"{user.username}@example.org"
        user.save()
    last = winter.evenings.order_by("-date").first()
    assert last is not None
    page = client.get(reverse("league_evening_report", args=[last.pk])).content.decode()
    assert "Round 1, table 1" in page and "<strong>1. Eva</strong>" in page
    assert 'id="report-booby">Booby prize: Hanna' in page and "▲ 1" in page  # Anna moved up to first
    response = client.post(reverse("league_evening_report_mail", args=[last.pk]))
    assert response.status_code == 302
    members = club.memberships.count()
    assert len(mailoutbox) == members and all(len(message.to) == 1 for message in mailoutbox)
    message = mailoutbox[0]
    assert message.subject == f"{club.name}: the evening of 13 November 2026"
    assert "Round 2, table 1" not in message.body
    assert "1. Eva 10, 2. Anna 8, 3. Bram 6, 4. Hanna 5" in message.body  # places and their points
    assert "1. Anna 28 (+1)" in message.body and "Booby prize: Hanna" in message.body


def test_the_report_waits_for_the_last_table(client, winter):
    evening = winter.evenings.order_by("-date").first()
    assert evening is not None
    evening.tables.first().match.undo_last_round()
    page = client.get(reverse("league_evening_report", args=[evening.pk])).content.decode()
    assert "The report is ready when the last table has ended." in page
