"""The sheet's "End this table early" and "Resume": Sam keeps a Klaverjassen table of four deals
in De Klaverclub and ends it after two at closing time (Bob only reads). Hans and Lot lead 241
to 123 (tests/api/test_end_early.py works the two deals out)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from matches.models import Match
from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db

DEALS = (
    {"playing": 1, "entries": [{"points": 60}, {"points": 102, "roem": 20}]},
    {"playing": 1, "entries": [{"points": 63}, {"points": 99, "roem": 20}]},
)


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


@pytest.fixture
def sam_client(client, sam):
    client.force_login(sam)
    return client


def sheet(client, match: Match) -> str:
    return client.get(reverse("match_detail", args=[match.pk])).content.decode()


def test_the_sheet_offers_to_end_the_table_early_to_its_scorekeeper(table, sam_client, client, bob):
    page = sheet(sam_client, table)
    assert 'id="end-early"' in page and 'name="reason"' in page
    assert reverse("match_end", args=[table.pk]) in page and "hx-confirm=" in page
    client.force_login(bob)
    assert 'id="end-early"' not in sheet(client, table)


def test_ending_the_table_early_from_the_sheet(table, sam_client):
    response = sam_client.post(reverse("match_end", args=[table.pk]), {"reason": "closing time"})
    assert response.status_code == 302
    page = sheet(sam_client, table)
    assert 'id="ended-early">Ended early: closing time</h2>' in page
    assert "Ahead when it stopped: <strong>Hans &amp; Lot</strong>" in page
    assert 'id="resume"' in page
    assert 'id="round-form"' not in page and "Undo last round" not in page and 'id="end-early"' not in page
    assert reverse("round_edit", args=[table.pk, 1]) not in page


def test_a_reason_is_asked_for_next_to_its_field(table, sam_client):
    response = sam_client.post(reverse("match_end", args=[table.pk]), {"reason": " "})
    assert response.status_code == 400
    page = response.content.decode()
    assert '<details class="danger-zone end-early" id="end-early" open>' in page
    assert '<p class="error" id="end-reason-error">This is required.</p>' in page
    table.refresh_from_db()
    assert table.status == Match.Status.IN_PROGRESS


def test_a_reason_too_long_is_kept_as_typed(table, sam_client):
    typed = "a long story " * 20
    response = sam_client.post(reverse("match_end", args=[table.pk]), {"reason": typed})
    assert response.status_code == 400
    assert f'value="{typed}"' in response.content.decode()


def test_over_htmx_the_whole_sheet_comes_back(table, sam_client):
    response = sam_client.post(
        reverse("match_end", args=[table.pk]), {"reason": "Dirk felt unwell"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200 and response["HX-Retarget"] == "#sheet"
    page = response.content.decode()
    assert page.lstrip().startswith('<div id="sheet"') and "Ended early: Dirk felt unwell" in page


def test_ending_a_table_another_phone_ended_says_so(table, sam, sam_client):
    table.end_early("closing time", by=sam)
    response = sam_client.post(
        reverse("match_end", args=[table.pk]), {"reason": "late"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 409
    assert (
        "This table ended early (closing time). Resume it to add or change a deal."
        in response.content.decode()
    )


def test_resuming_from_the_sheet_brings_the_round_form_back(table, sam, sam_client):
    table.end_early("closing time", by=sam)
    assert sam_client.post(reverse("match_resume", args=[table.pk])).status_code == 302
    page = sheet(sam_client, table)
    assert 'id="round-form"' in page and "Enter deal 3" in page and "Ended early" not in page


def test_a_deal_sent_to_a_table_ended_early_is_refused_with_the_reason(table, sam, sam_client):
    table.end_early("closing time", by=sam)
    form = {"number": "3", "playing": "0", "entries.0.points:int": "100", "entries.1.points:int": "62"}
    response = sam_client.post(reverse("round_add", args=[table.pk]), form)
    assert response.status_code == 400
    assert (
        "This table ended early (closing time). Resume it to add or change a deal."
        in response.content.decode()
    )
    assert table.rounds.count() == 2


def test_the_history_says_who_ended_the_table_and_why(table, sam, sam_client):
    table.end_early("closing time", by=sam)
    table.resume(by=sam)
    history = sam_client.get(reverse("match_history", args=[table.pk])).content.decode()
    assert "Ended early after deal 2 by sam, " in history and ": closing time</p>" in history
    assert "Resumed after deal 2 by sam, " in history


def test_a_member_who_does_not_keep_the_score_may_not_end_it(table, client, bob):
    client.force_login(bob)
    assert client.post(reverse("match_end", args=[table.pk]), {"reason": "x"}).status_code == 403
    assert client.post(reverse("match_resume", args=[table.pk])).status_code == 403
