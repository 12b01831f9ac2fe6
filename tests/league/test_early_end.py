"""A table that stops before its planned end (the review's finding 4): closing time at a
Klaverjassen evening of three tables of four deals, table 3 (Dirk and Gijs against Hans and Lot)
stopped after two. Ended early, it no longer blocks the next round's draw, the report or its
mail, and counts as played so far or not at all, as the competition says; resumed, it plays on.
A deleted table is gone from the evening (page, API, the draw's history, the next round) until
its match is restored.

Table 3, worked out by hand (a deal is worth 162 plus both pairs' roem; the playing pair must
make more than half):
  deal 1, Hans & Lot play: 60 against 102 + 20 roem = 122 of 182, more than 91: made, 60 / 122;
  deal 2, Hans & Lot play: 63 against 99 + 20 roem = 119 of 182, made: 63 / 119.
  Dirk & Gijs 60 + 63 = 123, Hans & Lot 122 + 119 = 241: Hans and Lot first, Dirk and Gijs second.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from league import models as league_models
from league.models import Competition, Evening, Table
from matches.models import Match, RoundRevision
from tests.conftest import _api_client
from tests.factories import CompetitionFactory, EveningFactory, PlayerFactory

# Standings are rebuilt when a table finishes or ends early, on commit (league.receivers).
pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ("Anna", "Bram", "Cor", "Dirk", "Eva", "Fien", "Gijs", "Hans", "Ilse", "Jan", "Kees", "Lot")
# Seats in order: the first and third one pair, the second and fourth the other.
SEATING = (("Anna", "Bram", "Cor", "Eva"), ("Fien", "Ilse", "Jan", "Kees"), ("Dirk", "Hans", "Gijs", "Lot"))
FULL_DEAL = {"playing": 0, "entries": [{"points": 100}, {"points": 62}]}
TABLE_3_DEALS = (
    {"playing": 1, "entries": [{"points": 60}, {"points": 102, "roem": 20}]},
    {"playing": 1, "entries": [{"points": 63}, {"points": 99, "roem": 20}]},
)


class Evening4Deals:
    """The evening as the secretary left it at closing time: tables 1 and 2 finished, table 3
    after two deals of four."""

    def __init__(self, club, early_tables: str = Competition.EarlyTables.AS_PLAYED) -> None:
        self.competition = CompetitionFactory.create(
            club=club,
            games=["klaverjassen"],
            options={"klaverjassen": {"deals": 4}},
            kind=Competition.Kind.RAW,
            early_tables=early_tables,
        )
        self.evening: Evening = EveningFactory.create(competition=self.competition)
        self.players = {name: PlayerFactory.create(club=club, name=name) for name in NAMES}
        seatings = [[self.players[name].pk for name in table] for table in SEATING]
        self.tables = self.evening.start_tables(seatings)
        for table in self.tables[:2]:
            for _deal in range(4):
                table.match.add_round(FULL_DEAL)
        for deal in TABLE_3_DEALS:
            self.table_3.add_round(deal)

    @property
    def table_3(self) -> Match:
        return self.tables[2].match

    def points(self) -> dict[str, float]:
        return {row.name: float(row.points) for row in self.competition.rows()}


@pytest.fixture
def closing_time(klaverclub) -> Evening4Deals:
    return Evening4Deals(klaverclub)


def test_an_open_table_blocks_the_draw_the_report_and_its_mail(closing_time, alice, client):
    """Where the review started: 409 on the draw, a report that waits, a mail refused."""
    api = _api_client(alice)
    assert api.post(reverse("api-evening-draw", args=[closing_time.evening.pk])).status_code == 409
    client.force_login(alice)
    report = client.get(reverse("league_evening_report", args=[closing_time.evening.pk])).content.decode()
    assert "The report is ready when the last table has ended." in report


def test_ending_the_table_early_unblocks_the_draw_the_report_and_its_mail(
    closing_time, alice, sam, client, mailoutbox
):
    """The secretary ends table 3 at closing time: the report and its mail say so, and the
    next round is drawn."""
    alice.email = "alice@example.org"
    alice.save()
    answer = _api_client(alice).post(
        reverse("api-match-end", args=[closing_time.table_3.pk]), {"reason": "closing time"}, format="json"
    )
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert body["status"] == "finished" and body["next"] is None
    assert body["ended_early"]["reason"] == "closing time"
    assert body["winners"] == [1]  # Hans and Lot, the second pair

    client.force_login(alice)
    report = client.get(reverse("league_evening_report", args=[closing_time.evening.pk])).content.decode()
    assert "The report is ready" not in report
    assert "Round 1, table 3 ended early: closing time." in report
    assert (
        client.post(reverse("league_evening_report_mail", args=[closing_time.evening.pk])).status_code == 302
    )
    assert len(mailoutbox) == 1
    assert "Round 1, table 3 ended early: closing time." in mailoutbox[0].body

    evening = _api_client(alice).get(reverse("api-evening", args=[closing_time.evening.pk])).json()
    assert [table["ended_early"] and table["ended_early"]["reason"] for table in evening["tables"]] == [
        None,
        None,
        "closing time",
    ]
    page = client.get(reverse("league_evening", args=[closing_time.evening.pk])).content.decode()
    assert "ended early after 2 deals: closing time" in page
    drawn = _api_client(alice).post(reverse("api-evening-draw", args=[closing_time.evening.pk]))
    assert drawn.status_code == 201
    assert {table["round"] for table in drawn.json()["tables"]} == {1, 2}


def test_an_ended_early_table_counts_as_played_so_far(closing_time, sam):
    """Raw totals: each player gets their pair's points after the two deals played, and the
    places the engine gives them."""
    closing_time.table_3.end_early("closing time", by=sam)
    seats = {
        seat.player.name: (seat.final_total, seat.final_rank) for seat in closing_time.table_3.seats.all()
    }
    assert seats == {"Dirk": (123, 2), "Gijs": (123, 2), "Hans": (241, 1), "Lot": (241, 1)}
    points = closing_time.points()
    assert {name: points[name] for name in ("Dirk", "Gijs", "Hans", "Lot")} == {
        "Dirk": 123,
        "Gijs": 123,
        "Hans": 241,
        "Lot": 241,
    }
    assert points["Anna"] == 400  # four deals of 100: a finished table is unchanged


def test_an_ended_early_table_counts_for_nothing_where_the_competition_says_so(klaverclub, alice, client):
    """ "Not at all": its players have no evening in the standings, the page says so, and the
    setting changed back (the API, as the form) counts it again."""
    evening = Evening4Deals(klaverclub, Competition.EarlyTables.NOT_COUNTED)
    evening.table_3.end_early("Dirk felt unwell", by=alice)
    points = evening.points()
    assert not {"Dirk", "Gijs", "Hans", "Lot"} & set(points) and points["Anna"] == 400
    client.force_login(alice)
    page = client.get(reverse("league_evening", args=[evening.evening.pk])).content.decode()
    assert "ended early after 2 deals: Dirk felt unwell · not counted" in page
    report = client.get(reverse("league_evening_report", args=[evening.evening.pk])).content.decode()
    assert "Round 1, table 3 ended early: Dirk felt unwell. It does not count." in report

    changed = _api_client(alice).patch(
        reverse("api-competition", args=[evening.competition.pk]),
        {"early_tables": "as_played"},
        format="json",
    )
    assert changed.status_code == 200 and changed.json()["early_tables"] == "as_played"
    assert evening.points()["Hans"] == 241


def test_the_competition_form_sets_how_early_tables_count(closing_time, alice, client):
    client.force_login(alice)
    url = reverse("league_competition_edit", args=[closing_time.competition.pk])
    page = client.get(url).content.decode()
    assert 'name="early_tables"' in page and "Not at all" in page


def test_resuming_puts_the_table_back_in_play(closing_time, sam):
    """Resumed, the table plays on from deal 3 and leaves the standings until it finishes; the
    history keeps who ended it, why, and who resumed it."""
    table = closing_time.table_3
    table.end_early("closing time", by=sam)
    table.resume(by=sam)
    table.refresh_from_db()
    assert table.status == Match.Status.IN_PROGRESS and table.finished_at is None and table.end_reason == ""
    assert set(table.seats.values_list("final_rank", flat=True)) == {None}
    assert "Hans" not in closing_time.points()
    table.add_round(FULL_DEAL)
    table.add_round(FULL_DEAL)
    table.refresh_from_db()
    assert table.status == Match.Status.FINISHED and table.ended_early_at is None
    history = list(table.revisions.values_list("action", "number", "before", "after"))
    assert (RoundRevision.Action.END, 2, None, {"reason": "closing time"}) in history
    assert (RoundRevision.Action.RESUME, 2, {"reason": "closing time"}, None) in history
    assert closing_time.points()["Hans"] == 241 + 62 + 62


def test_the_draw_works_around_a_deleted_table(closing_time, alice, client):
    """Deleting table 3's match (the way out before tables could end early): it leaves the
    page, the API and the draw's history; restored, it is back."""
    table = closing_time.table_3
    table.soft_delete(by=alice)
    client.force_login(alice)
    page = client.get(reverse("league_evening", args=[closing_time.evening.pk])).content.decode()
    assert f'id="table-{closing_time.tables[2].pk}"' not in page
    api = _api_client(alice)
    listed = api.get(reverse("api-evening", args=[closing_time.evening.pk])).json()["tables"]
    assert [row["number"] for row in listed] == [1, 2]

    table.restore()
    page = client.get(reverse("league_evening", args=[closing_time.evening.pk])).content.decode()
    assert f'id="table-{closing_time.tables[2].pk}"' in page
    listed = api.get(reverse("api-evening", args=[closing_time.evening.pk])).json()["tables"]
    assert [row["number"] for row in listed] == [1, 2, 3]


def test_a_deleted_table_is_not_in_the_draws_history(closing_time, alice, monkeypatch):
    """Dirk and Hans met only at the deleted table: the draw does not hold it against them."""
    closing_time.table_3.soft_delete(by=alice)
    seen: dict[str, object] = {}
    draw = league_models.seating.draw

    def spy(players, sizes, met, rng, **kwargs):
        seen["met"], seen["partnered"] = met, kwargs.get("partnered")
        return draw(players, sizes, met, rng, **kwargs)

    monkeypatch.setattr(league_models.seating, "draw", spy)
    closing_time.evening.draw()
    dirk, hans, anna, bram = (closing_time.players[name].pk for name in ("Dirk", "Hans", "Anna", "Bram"))
    met = seen["met"]
    assert isinstance(met, dict)
    assert met.get(frozenset((dirk, hans)), 0) == 0 and met.get(frozenset((anna, bram)), 0) == 1


def test_a_match_entered_again_after_deleting_its_table_lands_in_the_latest_round(closing_time, alice):
    """The review's second way out: the two deals entered again as a match of two deals and
    added to the evening. With round 1 the latest, it is a table of round 1 (numbered after the
    deleted table, which keeps its number for a restore)."""
    closing_time.table_3.soft_delete(by=alice)
    again = Match.start(
        club=closing_time.competition.club,
        game="klaverjassen",
        players=[closing_time.players[name] for name in SEATING[2]],
        options={"deals": 2},
        by=alice,
    )
    for deal in TABLE_3_DEALS:
        again.add_round(deal)
    free = [(player.pk, player.name) for player in closing_time.players.values()]
    assert closing_time.evening.next_table_number(free[3:4]) == 4  # Dirk alone: round 1, table 4
    answer = _api_client(alice).post(
        reverse("api-evening-attach", args=[closing_time.evening.pk]), {"match": again.pk}, format="json"
    )
    assert answer.status_code == 201, answer.content
    attached = Table.objects.get(match=again)
    assert (attached.round, attached.number) == (1, 4)
    assert closing_time.points()["Hans"] == 241  # counted: a finished table of the evening


def test_the_next_round_after_a_deleted_round_takes_its_place(closing_time, alice):
    """A round drawn by mistake and deleted table by table: the next draw is that round again,
    its tables numbered after the deleted ones."""
    closing_time.table_3.end_early("closing time", by=alice)
    mistaken = closing_time.evening.draw_and_start(by=alice)
    for table in mistaken:
        table.match.soft_delete(by=alice)
    assert closing_time.evening.next_round() == 2
    again = closing_time.evening.draw_and_start(by=alice)
    assert [(table.round, table.number) for table in again] == [(2, 4), (2, 5), (2, 6)]


def test_players_of_a_table_ended_early_are_free_to_be_seated(closing_time, alice):
    closing_time.table_3.end_early("closing time", by=alice)
    free = {name for _pk, name in closing_time.evening.free_players()}
    assert {"Dirk", "Gijs", "Hans", "Lot"} <= free


def test_the_evening_page_offers_the_next_round_once_the_table_ended_early(closing_time, alice, client):
    client.force_login(alice)
    url = reverse("league_evening", args=[closing_time.evening.pk])
    assert 'id="draw-later"' in client.get(url).content.decode()
    closing_time.table_3.end_early("closing time", by=alice)
    assert 'id="draw-later"' not in client.get(url).content.decode()
