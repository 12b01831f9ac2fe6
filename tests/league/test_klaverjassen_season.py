"""A Klaverjassen club season with changing partners: the draw pairs each player with new
partners evening after evening, a player's evening is the points of every pair they played in,
and the standings add those up (raw totals) or give placement points by the evening's ranking.
Every expected value is worked out by hand in the comments."""

from __future__ import annotations

import random
from decimal import Decimal
from itertools import combinations

import pytest
from django.urls import reverse

from league.models import Competition, Evening, Standing
from matches.models import Seat
from players.models import Club, Player
from tests.factories import CompetitionFactory, EveningFactory, PlayerFactory

# Standings are rebuilt when a table finishes, on commit (league.receivers).
pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ("Anna", "Bram", "Cor", "Dirk", "Eva", "Fien", "Gijs", "Hans")


def pair(points: int, roem: int = 0, *, pit: bool = False) -> dict[str, object]:
    return {"points": points, "roem": roem, "pit": pit}


def klaverjassen_season(kind: str, club: Club | None = None) -> tuple[Competition, dict[str, Player]]:
    """Tables of one deal each (short tests): the season's scheme is ``kind``."""
    competition = CompetitionFactory.create(
        **({"club": club} if club is not None else {}),
        games=["klaverjassen"],
        options={"klaverjassen": {"deals": 1}},
        kind=kind,
        placement_points="10,8,6,5,4,3,2,1",
    )
    players = {name: PlayerFactory.create(club=competition.club, name=name) for name in NAMES}
    return competition, players


def play(evening: Evening, players: dict[str, Player], *tables: tuple[str, dict[str, object]]) -> None:
    """Seat a round by hand (four initials a table: partners across, the first and third seats
    one pair, the second and fourth the other) and play each table's one deal."""
    seatings = [[players[NAMES["ABCDEFGH".index(letter)]].pk for letter in seats] for seats, _deal in tables]
    for table, (_seats, deal) in zip(evening.start_tables(seatings), tables, strict=True):
        table.match.add_round(deal)
        assert table.match.status == "finished"


def season(kind: str, club: Club | None = None) -> Competition:
    """Two evenings of eight, three rounds in all, nobody partnering anyone twice:

    Evening 1, round 1: A&C 118 (98 + 20 roem, made) v B&D 64 | E&G 60 v F&H 122 (102 + 20, made)
    Evening 1, round 2: A&B 0 (70 of 182: nat) v E&F 182 (162 + 20) | C&D 81 v G&H 121 (81 + 40)
    Evening 2, round 1: A&F 312 (162 + 50 roem + 100 pit) v D&G 0 | B&E 90 v C&H 72

    Each player's evening (the points of the pairs they played in):
      evening 1: A 118 + 0 = 118, B 64 + 0 = 64, C 118 + 81 = 199, D 64 + 81 = 145,
                 E 60 + 182 = 242, F 122 + 182 = 304, G 60 + 121 = 181, H 122 + 121 = 243
      evening 2: A 312, F 312, B 90, E 90, C 72, H 72, D 0, G 0
    """
    competition, players = klaverjassen_season(kind, club)
    first, second = (EveningFactory.create(competition=competition) for _ in range(2))
    play(
        first,
        players,
        ("ABCD", {"playing": 0, "entries": [pair(98, 20), pair(64)]}),
        ("EFGH", {"playing": 1, "entries": [pair(60), pair(102, 20)]}),
    )
    play(
        first,
        players,
        ("AEBF", {"playing": 0, "entries": [pair(70), pair(92, 20)]}),
        ("CGDH", {"playing": 1, "entries": [pair(81), pair(81, 40)]}),
    )
    play(
        second,
        players,
        ("AGFD", {"playing": 0, "entries": [pair(162, 50, pit=True), pair(0)]}),
        ("BCEH", {"playing": 0, "entries": [pair(90), pair(72)]}),
    )
    return competition


def rows(competition: Competition) -> list[tuple[int | None, str, Decimal]]:
    found = Standing.objects.filter(competition=competition).select_related("player").order_by("position")
    return [(row.rank, row.player.name, row.points) for row in found]


def test_by_total_points_a_player_scores_every_pair_they_played_in():
    # Evening 1 + evening 2: F 304 + 312 = 616, A 118 + 312 = 430, E 242 + 90 = 332,
    # H 243 + 72 = 315, C 199 + 72 = 271, G 181 + 0 = 181, B 64 + 90 = 154, D 145 + 0 = 145.
    assert rows(season(Competition.Kind.RAW)) == [
        (1, "Fien", Decimal(616)),
        (2, "Anna", Decimal(430)),
        (3, "Eva", Decimal(332)),
        (4, "Hans", Decimal(315)),
        (5, "Cor", Decimal(271)),
        (6, "Gijs", Decimal(181)),
        (7, "Bram", Decimal(154)),
        (8, "Dirk", Decimal(145)),
    ]


def test_by_placement_points_each_evening_ranks_its_players_on_their_pairs_points():
    # Evening 1 ranks F 304, H 243, E 242, C 199, G 181, D 145, A 118, B 64: 10, 8, 6, 5, 4, 3, 2, 1.
    # Evening 2: A and F share 1st (312) and each score 10; B and E share 3rd (90): 6 each;
    # C and H 5th (72): 4 each; D and G 7th (0): 2 each.
    # Season: F 10 + 10 = 20; A 2 + 10, E 6 + 6, H 8 + 4 = 12; C 5 + 4 = 9; B 1 + 6 = 7;
    # G 4 + 2 = 6; D 3 + 2 = 5. A, E and H each won 2 of 3 tables at an average place of 4/3
    # (a pair's place: 1 or 2), so the default tie-breaks leave them sharing 2nd.
    assert rows(season(Competition.Kind.EVENING_RANK)) == [
        (1, "Fien", Decimal(20)),
        (2, "Anna", Decimal(12)),
        (2, "Eva", Decimal(12)),
        (2, "Hans", Decimal(12)),
        (5, "Cor", Decimal(9)),
        (6, "Bram", Decimal(7)),
        (7, "Gijs", Decimal(6)),
        (8, "Dirk", Decimal(5)),
    ]


def partnerships(competition: Competition) -> list[frozenset[int]]:
    """Every pair of players who sat in one team at a table of the competition."""
    teams: dict[tuple[int, int | None], list[int]] = {}
    seats = Seat.objects.filter(match__league_table__evening__competition=competition)
    for match_id, team, player_id in seats.values_list("match_id", "team", "player_id"):
        teams.setdefault((match_id, team), []).append(player_id)
    return [frozenset(members) for members in teams.values()]


def test_the_draw_gives_everybody_a_new_partner_each_evening():
    """Eight players, four evenings: 16 partnerships among 28 possible pairs, all different."""
    competition, players = klaverjassen_season(Competition.Kind.RAW)
    rng = random.Random(43)
    for _ in range(4):
        evening = EveningFactory.create(competition=competition)
        evening.present.set(players.values())
        for table in evening.draw_and_start(rng=rng):
            # Every table plays in two pairs, partners across.
            assert table.match.teams == [[0, 2], [1, 3]]
            table.match.add_round({"playing": 0, "entries": [pair(100), pair(62)]})
    found = partnerships(competition)
    assert len(found) == 16 and all(len(team) == 2 for team in found)
    assert len(set(found)) == 16  # nobody partnered anyone twice
    # Each player had four different partners out of the seven others.
    for player in players.values():
        mates = {other for team in found if player.pk in team for other in team - {player.pk}}
        assert len(mates) == 4
    assert len(list(combinations(players, 2))) == 28


def test_the_evening_page_shows_each_table_as_two_pairs_with_their_points(client, alice, club):
    competition = season(Competition.Kind.RAW, club)
    client.force_login(alice)
    first = competition.evenings.order_by("date").first()
    assert first is not None
    html = " ".join(client.get(reverse("league_evening", args=[first.pk])).content.decode().split())
    # Round 1, table 1: Anna & Cor made 118, Bram & Dirk 64; round 2, table 1: Anna & Bram nat.
    for side in (
        'Anna &amp; Cor <span class="muted">(1)</span> <strong>118</strong>',
        'Bram &amp; Dirk <span class="muted">(2)</span> <strong>64</strong>',
        'Anna &amp; Bram <span class="muted">(2)</span> <strong>0</strong>',
        'Eva &amp; Fien <span class="muted">(1)</span> <strong>182</strong>',
    ):
        assert f"<li>{side}</li>" in html
    assert html.count("4 players") == 4
