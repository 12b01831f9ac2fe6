"""The share link and the read-only live scoreboard: Sam keeps a match at De Klaverclub and
shares it; Vera, at the next table, has no account and opens the link on her phone."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from live.models import MatchShare
from matches.models import Match
from tests.factories import MatchFactory, MatchShareFactory
from tests.test_permissions import DEAL_1, DEAL_2

pytestmark = pytest.mark.django_db


@pytest.fixture
def match(klaverclub, sam) -> Match:
    match = MatchFactory.create(club=klaverclub, players=["Anna", "Bram", "Cor"], by=sam)
    match.add_round(DEAL_1, by=sam)
    return match


@pytest.fixture
def share(match) -> MatchShare:
    return MatchShareFactory.create(match=match)


def board_url(share: MatchShare) -> str:
    return reverse("live_board", args=[share.token])


def test_sharing_makes_one_link_with_an_inline_qr_code(client: Client, sam, match):
    client.force_login(sam)
    response = client.post(reverse("match_share", args=[match.pk]))
    assert response.status_code == 302
    client.post(reverse("match_share", args=[match.pk]))  # a second tap: still the same link
    share = MatchShare.objects.get(match=match)
    page = client.get(reverse("match_share", args=[match.pk])).content.decode()
    assert reverse("live_viewer", args=[share.token]) in page
    assert "<svg" in page and "<path" in page  # the QR code, drawn here, no outside image
    assert len(share.token) >= 43  # 32 random bytes


def test_revoking_stops_the_link_and_sharing_again_makes_a_new_one(client: Client, sam, match, share):
    old = share.token
    client.force_login(sam)
    client.post(reverse("match_share_revoke", args=[match.pk]))
    assert Client().get(reverse("live_viewer", args=[old])).status_code == 404
    client.post(reverse("match_share", args=[match.pk]))
    new = MatchShare.objects.get(match=match).token
    assert new != old
    assert Client().get(reverse("live_viewer", args=[new])).status_code == 200
    assert Client().get(reverse("live_viewer", args=[old])).status_code == 404


def test_viewer_shows_the_scores_and_no_controls_or_account_names(share, match):
    page = Client().get(reverse("live_viewer", args=[share.token])).content.decode()
    assert "Anna" in page and "Bram" in page
    assert "<form" not in page.split("<main>")[1].split("</main>")[0]  # nothing to change the match
    # Who keeps score stays private (the link's random token may hold any letters: left out).
    assert "sam" not in page.replace(share.token, "").lower().replace("same", "")
    assert reverse("round_add", args=[match.pk]) not in page


def test_a_deleted_match_is_not_shown_through_its_link(share, match, alice):
    match.soft_delete(by=alice)
    assert Client().get(reverse("live_viewer", args=[share.token])).status_code == 404
    assert Client().get(board_url(share)).status_code == 404


def test_unchanged_board_refresh_is_one_query_and_an_empty_304(share, django_assert_num_queries):
    first = Client().get(board_url(share))
    tag = first["ETag"]
    with django_assert_num_queries(1):
        again = Client().get(board_url(share), headers={"If-None-Match": tag})
    assert again.status_code == 304
    assert again.content == b""
    status_line = "HTTP/1.1 304 Not Modified\r\n\r\n"
    wire = len(status_line) + sum(len(f"{key}: {value}\r\n") for key, value in again.items())
    assert wire < 1024, dict(again.items())


@pytest.mark.parametrize(
    "write",
    [
        pytest.param(lambda m, by: m.add_round(DEAL_2, by=by), id="a new round"),
        pytest.param(lambda m, by: m.correct_round(1, DEAL_2, by=by), id="a correction"),
        pytest.param(lambda m, by: m.undo_last_round(by=by), id="an undo"),
    ],
)
def test_every_write_changes_the_board_version(share, match, sam, write):
    tag = Client().get(board_url(share))["ETag"]
    write(Match.objects.get(pk=match.pk), sam)
    response = Client().get(board_url(share), headers={"If-None-Match": tag})
    assert response.status_code == 200
    assert response["ETag"] != tag


def test_a_confirmation_changes_the_version_too(klaverclub, share, match, sam, bob):
    klaverclub.confirm_rounds = True
    klaverclub.save()
    match.add_round(DEAL_2, by=sam)
    tag = Client().get(board_url(share))["ETag"]
    Match.objects.get(pk=match.pk).confirm_round(2, by=bob)
    assert Client().get(board_url(share), headers={"If-None-Match": tag}).status_code == 200


def test_board_in_another_language_is_another_version(share):
    english = Client().get(board_url(share), headers={"Accept-Language": "en"})["ETag"]
    dutch = Client().get(board_url(share), headers={"Accept-Language": "nl"})
    assert dutch["ETag"] != english


def test_changed_board_is_the_fragment_alone(share):
    response = Client().get(board_url(share))
    html = response.content.decode()
    assert "<html" not in html and "Anna" in html
    assert response["Cache-Control"] == "no-cache"


def test_board_queries_do_not_grow_with_rounds(share, match, sam, django_assert_max_num_queries):
    for _ in range(2):  # five deals (the match is over after a few more)
        match.add_round(DEAL_2, by=sam)
        match.add_round(DEAL_1, by=sam)
    with django_assert_max_num_queries(BOARD_QUERIES):
        assert Client().get(board_url(share)).status_code == 200


# The version, the share with its match and club, the rounds, the seats with their players.
BOARD_QUERIES = 4
