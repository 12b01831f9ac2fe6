"""An evening of a competition plays one of the club's house games: the API takes its slug as
it takes a built-in game's, another club's house game is refused, and the draw starts every
table with the house game's rules."""

from __future__ import annotations

import re

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from house.models import HouseGame
from league.models import Evening
from tests.conftest import _api_client
from tests.factories import ClubFactory, CompetitionFactory, EveningFactory, HouseGameFactory, PlayerFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def hartenjagen(klaverclub) -> HouseGame:
    return HouseGameFactory.create(club=klaverclub)


def test_alice_plans_an_evening_of_the_clubs_house_game_through_the_api(klaverclub, alice, hartenjagen):
    competition = CompetitionFactory.create(club=klaverclub, games=["frustration-nl", hartenjagen.slug])
    answer = _api_client(alice).post(
        reverse("api-evenings", args=[competition.pk]),
        {"date": "2026-12-04", "game": hartenjagen.slug, "counts": True},
        format="json",
    )
    assert answer.status_code == 201, answer.json()
    assert answer.json()["game"] == hartenjagen.slug
    assert Evening.objects.get(competition=competition).game == hartenjagen.slug


def test_a_house_game_the_competition_does_not_play_is_refused(klaverclub, alice, hartenjagen):
    competition = CompetitionFactory.create(club=klaverclub, games=["frustration-nl", "barbuse"])
    answer = _api_client(alice).post(
        reverse("api-evenings", args=[competition.pk]),
        {"date": "2026-12-04", "game": hartenjagen.slug},
        format="json",
    )
    assert answer.status_code == 400
    assert answer.json()["errors"][0]["field"] == "game"
    assert not Evening.objects.filter(competition=competition).exists()


def test_another_clubs_house_game_is_not_an_evenings_game(klaverclub):
    elsewhere = HouseGameFactory.create(club=ClubFactory.create())
    competition = CompetitionFactory.create(club=klaverclub, games=["frustration-nl", elsewhere.slug])
    evening = Evening(competition=competition, date="2026-12-04", game=elsewhere.slug)
    with pytest.raises(ValidationError) as refused:
        evening.full_clean()
    assert "game" in refused.value.message_dict


def test_the_draw_starts_every_table_with_the_house_game(klaverclub, alice, hartenjagen):
    competition = CompetitionFactory.create(club=klaverclub, games=[hartenjagen.slug], options={})
    evening = EveningFactory.create(competition=competition)
    assert evening.game == hartenjagen.slug
    evening.present.set(PlayerFactory.create_batch(8, club=klaverclub))
    drawn = _api_client(alice).post(reverse("api-evening-draw", args=[evening.pk]))
    assert drawn.status_code == 201, drawn.json()
    tables = evening.tables.select_related("match")
    assert [table.match.game for table in tables] == [hartenjagen.slug, hartenjagen.slug]
    assert all(table.match.definition == hartenjagen.definition for table in tables)
    deal = {"entries": [{"points": points} for points in (26, 0, 0, 0)]}
    scored = _api_client(alice).post(reverse("api-rounds", args=[tables[0].match.pk]), deal, format="json")
    assert scored.status_code == 201
    tables[0].match.refresh_from_db()
    assert tables[0].match.state().totals == (0, 26, 26, 26)


def test_the_season_page_reads_its_house_games_names_the_same_for_one_evening_or_four(
    client, alice, klaverclub, hartenjagen
):
    """The evenings of a season of two games each name their game: the house games are read
    for all of them at once, not once per evening."""
    import datetime

    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    competition = CompetitionFactory.create(club=klaverclub, games=["duizenden", hartenjagen.slug])
    client.force_login(alice)
    url = reverse("league_standings", args=[competition.pk])

    def house_reads(evenings: int) -> int:
        for day in range(competition.evenings.count(), evenings):
            EveningFactory.create(
                competition=competition, game=hartenjagen.slug, date=datetime.date(2026, 10, 1 + day)
            )
        client.get(url)  # the cached fragments made
        with CaptureQueriesContext(connection) as counted:
            page = client.get(url)
        assert page.content.decode().count("Hartenjagen ·") >= evenings
        return sum("matches_housegame" in query["sql"] for query in counted.captured_queries)

    assert house_reads(1) == house_reads(4)


def test_a_competition_keeps_a_house_game_the_club_deleted_since(client, klaverclub, alice, hartenjagen):
    """Retired, the game leaves what a new competition may choose, but the competition that
    plays it is still edited with it on its list, through the API and on its page."""
    competition = CompetitionFactory.create(club=klaverclub, games=["frustration-nl", hartenjagen.slug])
    hartenjagen.retire()
    api = _api_client(alice)
    renamed = api.patch(reverse("api-competition", args=[competition.pk]), {"name": "Winter"}, format="json")
    assert renamed.status_code == 200, renamed.json()
    kept = api.patch(
        reverse("api-competition", args=[competition.pk]),
        {"games": ["frustration-nl", hartenjagen.slug]},
        format="json",
    )
    assert kept.status_code == 200, kept.json()
    new = api.post(
        reverse("api-competitions", args=[klaverclub.pk]),
        {"name": "Lente", "games": [hartenjagen.slug]},
        format="json",
    )
    assert (new.status_code, new.json()["errors"][0]["field"]) == (400, "games")
    client.force_login(alice)
    page = client.get(reverse("league_competition_edit", args=[competition.pk])).content.decode()
    assert re.search(rf'value="{hartenjagen.slug}" id="id_games_\d+" checked> Hartenjagen</label>', page)
