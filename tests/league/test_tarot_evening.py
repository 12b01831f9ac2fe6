"""A Tarot club evening: the draw seats tables of 4 and 5 (a table of 3 only when the count
forces it), and the standings combine the tables by per-table points, so a table of five and a
table of four weigh the same. The evening page on the phone shows every table's size, sides,
places and points."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest
from django.urls import reverse

from league.models import Competition, Evening, Standing
from players.models import Player
from tests.factories import CompetitionFactory, EveningFactory, PlayerFactory

# Standings are rebuilt when a table finishes, on commit (league.receivers).
pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ("Anna", "Bram", "Cor", "Dirk", "Eva", "Fien", "Gijs", "Hans", "Ilse", "Joop", "Kees", "Lies", "Mark")


def tarot_evening(
    present: int, kind: str = Competition.Kind.RELATIVE, club=None
) -> tuple[Evening, list[Player]]:
    """A Tarot season whose tables play one deal (short tests), and its evening's players."""
    competition = CompetitionFactory.create(
        **({"club": club} if club is not None else {}),
        games=["tarot"],
        options={"tarot": {"deals": 1}},
        kind=kind,
    )
    evening = EveningFactory.create(competition=competition)
    players = [PlayerFactory.create(club=competition.club, name=name) for name in NAMES[:present]]
    evening.present.set(players)
    return evening, players


@pytest.mark.parametrize(
    ("present", "sizes"),
    [(8, [4, 4]), (9, [5, 4]), (10, [5, 5]), (11, [4, 4, 3]), (13, [5, 4, 4])],
)
def test_the_draw_seats_tables_of_four_and_five(present, sizes):
    evening, _players = tarot_evening(present)
    tables = evening.draw_and_start(rng=random.Random(5))
    assert [table.match.seats.count() for table in tables] == sizes


def play_a_table_of_five_and_a_table_of_four(evening: Evening, players: list[Player]) -> None:
    """Seated by hand: Anna, Bram, Cor, Dirk and Eva at table 1; Fien, Gijs, Hans and Ilse at
    table 2. One deal each, a garde of 47 points with 2 oudlers: made by 6, (25 + 6) x 2 = 62.

    Table of five, Anna takes and calls Bram's king: Anna +124, Bram +62, Cor, Dirk, Eva -62.
    Table of four, Gijs takes: Gijs +186, Fien, Hans, Ilse -62. Both tables sum to 0."""
    five, four = evening.start_tables([[p.pk for p in players[:5]], [p.pk for p in players[5:9]]])
    garde = {"contract": "garde", "points": 47, "oudlers": 2}
    five.match.add_round({**garde, "taker": 0, "partner": 1})
    four.match.add_round({**garde, "taker": 1})
    assert [s.final_total for s in five.match.seats.all()] == [124, 62, -62, -62, -62]
    assert [s.final_total for s in four.match.seats.all()] == [-62, 186, -62, -62]


def rows(evening: Evening) -> list[tuple[int | None, str, Decimal]]:
    found = Standing.objects.filter(competition=evening.competition).select_related("player")
    return [(row.rank, row.player.name, row.points) for row in found.order_by("position")]


def test_table_relative_points_weigh_a_table_of_five_and_a_table_of_four_alike():
    evening, players = tarot_evening(9)
    play_a_table_of_five_and_a_table_of_four(evening, players)
    # 100 x the share of the table's others one finished ahead of (a tie counts half):
    # table of five: Anna ahead of 4 of 4: 100; Bram ahead of 3: 75; Cor, Dirk and Eva ahead of
    # none and tied with two: (0 + 2/2) / 4 = 25. Table of four: Gijs 100; Fien, Hans and Ilse
    # (0 + 2/2) / 3 = 33.33. Each table gives 50 a player on average (250 / 5, 200 / 4).
    # Anna and Gijs share the top (one win each, place 1); Fien, Hans, Ilse share 4th.
    assert rows(evening) == [
        (1, "Anna", Decimal("100.00")),
        (1, "Gijs", Decimal("100.00")),
        (3, "Bram", Decimal("75.00")),
        (4, "Fien", Decimal("33.33")),
        (4, "Hans", Decimal("33.33")),
        (4, "Ilse", Decimal("33.33")),
        (7, "Cor", Decimal("25.00")),
        (7, "Dirk", Decimal("25.00")),
        (7, "Eva", Decimal("25.00")),
    ]


def test_the_evening_page_shows_each_table_with_its_size_places_and_points(client, alice, club):
    evening, players = tarot_evening(9, club=club)
    play_a_table_of_five_and_a_table_of_four(evening, players)
    client.force_login(alice)
    page = client.get(reverse("league_evening", args=[evening.pk]))
    html = " ".join(page.content.decode().split())
    assert page.status_code == 200
    assert 'Table 1</strong></a> <small class="muted table-size">5 players</small>' in html
    assert 'Table 2</strong></a> <small class="muted table-size">4 players</small>' in html
    # Each player once, with their place and what the table gave them.
    for name, place, points in [
        ("Anna", 1, "100"),
        ("Bram", 2, "75"),
        ("Cor", 3, "25"),
        ("Gijs", 1, "100"),
        ("Fien", 2, "33.33"),
    ]:
        assert f'<li>{name} <span class="muted">({place})</span> <strong>{points}</strong></li>' in html


@pytest.mark.parametrize(("language", "words"), [("nl", "5 spelers"), ("fr", "5 joueurs")])
def test_the_table_size_is_said_in_each_language(client, alice, club, language, words):
    evening, players = tarot_evening(9, club=club)
    evening.start_tables([[p.pk for p in players[:5]], [p.pk for p in players[5:9]]])
    client.force_login(alice)
    page = client.get(reverse("league_evening", args=[evening.pk]), HTTP_ACCEPT_LANGUAGE=language)
    assert words in page.content.decode()
