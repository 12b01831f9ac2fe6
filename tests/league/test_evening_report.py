"""The evening's report of a pair game (page and mail): each table lists its pairs with their
scores, and the report gives the evening's result per player (the sum of the pairs they played
in; in an evening-rank season also the points of their evening rank) and who sat out."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from league.models import Competition, Evening
from players.models import Club
from tests.league.test_klaverjassen_season import season
from tests.league.test_sit_outs import klaverjassen, play_round_with_ilse_out

pytestmark = pytest.mark.django_db


def first_evening(kind: str, club: Club) -> Evening:
    """Evening 1 of ``test_klaverjassen_season.season``:

    Round 1: Anna & Cor 118 v Bram & Dirk 64 | Eva & Gijs 60 v Fien & Hans 122
    Round 2: Anna & Bram 0 v Eva & Fien 182 | Cor & Dirk 81 v Gijs & Hans 121
    Each player's evening: Fien 122 + 182 = 304, Hans 122 + 121 = 243, Eva 60 + 182 = 242,
    Cor 118 + 81 = 199, Gijs 60 + 121 = 181, Dirk 64 + 81 = 145, Anna 118 + 0 = 118, Bram 64."""
    competition = season(kind, club)
    competition.refresh_standings()
    evening = competition.evenings.order_by("date").first()
    assert evening is not None
    return evening


def squeezed(html: str) -> str:
    return " ".join(html.split())


def mail_body(client, evening: Evening, mailoutbox) -> str:
    """The report as the first member reads it in the mail."""
    for user in get_user_model().objects.filter(memberships__club=evening.club):
        user.email = f"{user.username}@example.org"
        user.save()
    assert client.post(reverse("league_evening_report_mail", args=[evening.pk])).status_code == 302
    assert mailoutbox
    return mailoutbox[0].body


def test_the_report_page_lists_each_pair_with_its_score_and_the_evenings_totals(client, alice, club):
    evening = first_evening(Competition.Kind.RAW, club)
    client.force_login(alice)
    html = squeezed(client.get(reverse("league_evening_report", args=[evening.pk])).content.decode())
    assert "<strong>1. Anna &amp; Cor</strong> 118, 2. Bram &amp; Dirk 64" in html
    assert "<strong>1. Fien &amp; Hans</strong> 122, 2. Eva &amp; Gijs 60" in html
    assert "<strong>1. Eva &amp; Fien</strong> 182, 2. Anna &amp; Bram 0" in html
    evening_table = html.split('id="report-evening">')[1].split("</table>")[0]
    row = r'<tr><td>(\d+)</td><th scope="row">([^<]+)</th><td class="num">([^<]+)</td>'
    assert re.findall(row, evening_table) == [
        ("1", "Fien", "304"),
        ("2", "Hans", "243"),
        ("3", "Eva", "242"),
        ("4", "Cor", "199"),
        ("5", "Gijs", "181"),
        ("6", "Dirk", "145"),
        ("7", "Anna", "118"),
        ("8", "Bram", "64"),
    ]
    assert "Points" not in evening_table  # the evening's points are its totals: no second column


def test_the_mail_carries_the_pairs_scores_and_the_evenings_totals(client, alice, club, mailoutbox):
    evening = first_evening(Competition.Kind.RAW, club)
    client.force_login(alice)
    body = mail_body(client, evening, mailoutbox)
    assert "Round 1, table 1: 1. Anna & Cor 118, 2. Bram & Dirk 64" in body
    assert "Round 2, table 2: 1. Gijs & Hans 121, 2. Cor & Dirk 81" in body
    result = body.split("The evening's result\n")[1].split("\n\n")[0].splitlines()
    assert result == [
        "1. Fien 304",
        "2. Hans 243",
        "3. Eva 242",
        "4. Cor 199",
        "5. Gijs 181",
        "6. Dirk 145",
        "7. Anna 118",
        "8. Bram 64",
    ]


def test_in_an_evening_rank_season_the_report_gives_the_evening_points(client, alice, club, mailoutbox):
    """Evening ranks of 10-8-6-5-4-3-2-1: Fien 10, Hans 8, Eva 6, Cor 5, Gijs 4, Dirk 3, Anna 2,
    Bram 1; the tables still show each pair's total."""
    evening = first_evening(Competition.Kind.EVENING_RANK, club)
    client.force_login(alice)
    html = squeezed(client.get(reverse("league_evening_report", args=[evening.pk])).content.decode())
    assert "<strong>1. Anna &amp; Cor</strong> 118, 2. Bram &amp; Dirk 64" in html
    assert '<th scope="row">Fien</th><td class="num">304</td><td class="num">10</td>' in html
    assert '<th scope="row">Bram</th><td class="num">64</td><td class="num">1</td>' in html
    body = mail_body(client, evening, mailoutbox)
    assert "1. Fien 304 (points: 10)" in body and "8. Bram 64 (points: 1)" in body


def test_the_report_says_who_sat_out_and_gives_their_round_its_score(client, alice, mailoutbox):
    """Nine present, Ilse sat out; the round's average is hers: (118 + 118 + 64 + 64 + 90 + 90 +
    72 + 72) / 8 = 86, fifth of the evening after Anna, Cor (118), Eva and Gijs (90)."""
    evening, players = klaverjassen(9, sit_out=Competition.SitOutScore.AVERAGE)
    evening.competition.club.memberships.create(user=alice, role="owner")
    play_round_with_ilse_out(evening, players)
    evening.competition.refresh_standings()
    client.force_login(alice)
    html = squeezed(client.get(reverse("league_evening_report", args=[evening.pk])).content.decode())
    assert 'id="report-sat-out-1">Round 1, sat out: Ilse</li>' in html
    assert '<tr><td>5</td><th scope="row">Ilse</th><td class="num">86</td>' in html
    body = mail_body(client, evening, mailoutbox)
    assert "Round 1, sat out: Ilse" in body and "5. Ilse 86" in body
    assert evening.competition.standings.get(player__name="Ilse").points == Decimal(86)
