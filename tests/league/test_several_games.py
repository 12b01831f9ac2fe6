"""A competition over two games: Duizenden and Barbuse evenings in one placement season.

The tables are seated by hand (not drawn) so the places are known: a Duizenden deal to 100 is
won by ``winner`` and the others follow by seat, highest seat first (``deal``); a Barbuse table
plays the spec's whole example match 3, which leaves seat 1 first, seat 0 second, seat 3 third
and seat 2 fourth.
"""

from __future__ import annotations

import datetime
import random

import pytest
from django.core.exceptions import ValidationError

from league.models import Competition, Evening, Standing, Table
from league.seating import NoSeating
from matches.models import Match
from tests.factories import CompetitionFactory, EveningFactory, PlayerFactory
from tests.league.test_stored_standings import deal
from tests.scoring.test_barbuse import EXAMPLE_3_ROUNDS

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def season() -> Competition:
    return CompetitionFactory.create(games=["duizenden", "barbuse"], placement_points="10,8,6,5")


def seat_table(evening: Evening, players: list, number: int = 1) -> Match:
    match = Match.start(
        club=evening.club,
        game=evening.game,
        players=players,
        options=evening.competition.options_for(evening.game),
    )
    Table.objects.create(evening=evening, round=1, number=number, match=match)
    return match


def play_barbuse(match: Match) -> None:
    for body in EXAMPLE_3_ROUNDS:
        match.add_round(body)
    assert match.status == Match.Status.FINISHED


def rows(competition: Competition) -> list[tuple[str, int | None, int, int, int, str]]:
    return [
        (s.player.name, s.rank, int(s.points), s.played, s.wins, str(s.average_place))
        for s in Standing.objects.filter(competition=competition).select_related("player")
    ]


def test_placement_points_add_up_over_duizenden_and_barbuse_evenings(season):
    """Points 10-8-6-5.
    Evening 1, Duizenden, seats A B C D, A goes out: A 1st (10), D 2nd (8), C 3rd (6), B 4th (5).
    Evening 2, Barbuse, seats A B C D, example 3: B 1st (10), A 2nd (8), D 3rd (6), C 4th (5).
    Evening 3, Duizenden, seats C D A B, C goes out: C 1st (10), B 2nd (8), A 3rd (6), D 4th (5).
    A 24 (places 1,2,3: average 2), B 23 (4,1,2), C 21 (3,4,1), D 19 (2,3,4)."""
    a, b, c, d = (PlayerFactory.create(club=season.club, name=name) for name in "ABCD")
    first = EveningFactory.create(competition=season, date=datetime.date(2026, 10, 1))
    second = EveningFactory.create(competition=season, date=datetime.date(2026, 10, 8), game="barbuse")
    third = EveningFactory.create(competition=season, date=datetime.date(2026, 10, 15))
    assert (first.game, second.game, third.game) == ("duizenden", "barbuse", "duizenden")

    seat_table(first, [a, b, c, d]).add_round(deal(winner=0))
    play_barbuse(seat_table(second, [a, b, c, d]))
    seat_table(third, [c, d, a, b]).add_round(deal(winner=0))

    assert rows(season) == [
        ("A", 1, 24, 3, 1, "2.00"),
        ("B", 2, 23, 3, 1, "2.33"),
        ("C", 3, 21, 3, 1, "2.67"),
        ("D", 4, 19, 3, 0, "3.00"),
    ]
    a_row = Standing.objects.get(competition=season, player=a)
    assert a_row.evenings == {str(first.pk): "10.00", str(second.pk): "8.00", str(third.pk): "6.00"}


def test_the_table_relative_score_also_works_across_games(season):
    """Relative: 100 x the share of the others finished behind. Duizenden (A goes out): A 100,
    D 66.67, C 33.33, B 0; Barbuse (example 3): B 100, A 66.67, D 33.33, C 0."""
    season.kind = Competition.Kind.RELATIVE
    season.save()
    a, b, c, d = (PlayerFactory.create(club=season.club, name=name) for name in "ABCD")
    seat_table(EveningFactory.create(competition=season), [a, b, c, d]).add_round(deal(winner=0))
    play_barbuse(seat_table(EveningFactory.create(competition=season, game="barbuse"), [a, b, c, d]))
    assert [(name, rank, points) for name, rank, points, *_ in rows(season)] == [
        ("A", 1, 166),
        ("B", 2, 100),
        ("D", 3, 100),  # B won a table, D did not (the first tie-break)
        ("C", 4, 33),
    ]


def test_the_draw_seats_each_evening_at_tables_of_its_own_game(season):
    """Five players: Duizenden (2-6 a table) seats them at one table of five; Barbuse (exactly
    four) seats four and one sits the round out; three it cannot seat, and starts nothing."""
    players = PlayerFactory.create_batch(5, club=season.club)
    duizenden = EveningFactory.create(competition=season)
    duizenden.present.set(players)
    [table] = duizenden.draw_and_start(rng=random.Random(1))
    assert (table.match.game, table.match.player_count, table.match.options["target"]) == (
        "duizenden",
        5,
        100,
    )

    barbuse = EveningFactory.create(competition=season, game="barbuse")
    barbuse.present.set(players)
    [table] = barbuse.draw_and_start(rng=random.Random(1))
    assert (table.match.game, table.match.player_count) == ("barbuse", 4)
    assert "target" not in table.match.options  # Duizenden's options stay with Duizenden
    assert barbuse.sit_outs.count() == 1
    three = EveningFactory.create(competition=season, game="barbuse")
    three.present.set(players[:3])
    with pytest.raises(NoSeating):
        three.draw_and_start()


def test_an_evening_plays_one_of_its_competitions_games(season):
    evening = Evening(competition=season, date=datetime.date(2026, 11, 5), game="canasta")
    with pytest.raises(ValidationError) as refused:
        evening.full_clean()
    assert "game" in refused.value.message_dict
    evening.game = ""
    evening.save()
    assert evening.game == "duizenden"  # the competition's first game by default


def test_raw_totals_over_two_games_are_refused_by_the_model(season):
    season.kind = Competition.Kind.RAW
    with pytest.raises(ValidationError) as refused:
        season.full_clean()
    assert refused.value.message_dict["kind"] == [
        "Raw totals of different games cannot be added up: choose placement points or the "
        "table-relative score, or keep one game."
    ]
    season.games = ["barbuse"]
    season.full_clean()  # one game: raw totals are fine


def test_a_game_an_evening_plays_cannot_be_taken_off_the_competition(season):
    EveningFactory.create(competition=season, game="barbuse")
    season.games = ["duizenden"]
    with pytest.raises(ValidationError) as refused:
        season.full_clean()
    assert refused.value.message_dict["games"] == [
        "An evening of this competition plays Barbuse: keep that game."
    ]
