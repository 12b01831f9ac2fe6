"""Sit-outs: when the players present do not fill the game's tables (11 for tables of four), the
draw seats out the fewest needed, in turn over the season, and the competition says what a round
sat out scores (nothing, the round's average, a fixed number). Every expected number is worked
out by hand in the comments."""

from __future__ import annotations

import random
from collections import Counter
from decimal import Decimal
from fractions import Fraction

import pytest
from django.urls import reverse

from league import schemes
from league.merge import merge_players
from league.models import Competition, Evening, SitOut, Standing
from league.seating import NoSeating, sitting_out
from players.models import Player
from tests.conftest import _api_client
from tests.factories import CompetitionFactory, EveningFactory, PlayerFactory, SitOutFactory

NAMES = ("Anna", "Bram", "Cor", "Dirk", "Eva", "Fien", "Gijs", "Hans", "Ilse", "Jan", "Kees", "Lot")
TAROT = (3, 4, 5)

# --- who sits out: pure ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("present", "allowed", "preferred"),
    [(12, (4,), None), (8, (4,), None), (9, TAROT, (4, 5)), (10, TAROT, (4, 5)), (11, TAROT, (4, 5))],
)
def test_nobody_sits_out_when_the_players_fit_the_tables(present, allowed, preferred):
    assert sitting_out(list(range(present)), allowed, {}, random.Random(1), preferred) == ()


@pytest.mark.parametrize(("present", "out"), [(11, 3), (9, 1), (10, 2), (13, 1), (5, 1)])
def test_the_fewest_players_needed_sit_out_at_tables_of_four(present, out):
    assert len(sitting_out(list(range(present)), (4,), {}, random.Random(1))) == out


def test_nobody_sits_out_twice_before_everybody_present_has_sat_out_once():
    """11 at tables of four, four rounds: 3 + 3 + 3 sit out, all different; the fourth round
    seats out the two who have not sat out yet and one who has."""
    sat_out: Counter[int] = Counter()
    rng = random.Random(7)
    rounds = []
    for _ in range(4):
        out = sitting_out(list(range(11)), (4,), sat_out, rng)
        rounds.append(set(out))
        sat_out.update(out)
    assert [len(out) for out in rounds] == [3, 3, 3, 3]
    assert len(rounds[0] | rounds[1] | rounds[2]) == 9
    never = set(range(11)) - (rounds[0] | rounds[1] | rounds[2])
    assert never < rounds[3]
    assert sorted(sat_out.values()) == [1] * 10 + [2]


def test_equal_turns_are_drawn_by_the_random_generator():
    """Nobody has sat out: the generator picks, so two seeds may seat out different players."""
    found = {sitting_out(list(range(9)), (4,), {}, random.Random(seed)) for seed in range(20)}
    assert len(found) > 1 and all(len(out) == 1 for out in found)


def test_too_few_players_for_one_table_are_refused():
    with pytest.raises(NoSeating):
        sitting_out([1, 2, 3], (4,), {}, random.Random(1))


# --- what a round sat out scores: pure -----------------------------------------------------------

# One evening (unit 1), one round of two Klaverjassen tables, pairs across; Ilse (9) sat it out.
# Table 1: Anna & Cor (1, 3) 118, Bram & Dirk (2, 4) 64. Table 2: Eva & Gijs (5, 7) 90, Fien &
# Hans (6, 8) 72.
ROUND = (
    schemes.Table(
        1,
        (
            schemes.Place(1, 1, 118),
            schemes.Place(2, 2, 64),
            schemes.Place(3, 1, 118),
            schemes.Place(4, 2, 64),
        ),
        0,
        1,
    ),
    schemes.Table(
        1,
        (schemes.Place(5, 1, 90), schemes.Place(6, 2, 72), schemes.Place(7, 1, 90), schemes.Place(8, 2, 72)),
        0,
        1,
    ),
)
ILSE = schemes.SitOut(unit=1, round=1, player=9)


@pytest.mark.parametrize(
    ("kind", "sit_out", "fixed", "points"),
    [
        # Raw: the round's eight players got 118, 118, 64, 64, 90, 90, 72, 72: 688 / 8 = 86.
        (schemes.Kind.RAW, schemes.SitOutScore.AVERAGE, 0, Fraction(86)),
        (schemes.Kind.RAW, schemes.SitOutScore.NOTHING, 0, Fraction(0)),
        (schemes.Kind.RAW, schemes.SitOutScore.FIXED, 50, Fraction(50)),
        # Placement 10-8-6-5: the pairs' places 1 and 2 give 10 and 8 to two players each, at both
        # tables: (4 x 10 + 4 x 8) / 8 = 9.
        (schemes.Kind.PLACEMENT, schemes.SitOutScore.AVERAGE, 0, Fraction(9)),
        # Table-relative: every table gives its players 50 on average.
        (schemes.Kind.RELATIVE, schemes.SitOutScore.AVERAGE, 0, Fraction(50)),
    ],
)
def test_a_round_sat_out_scores_what_the_competition_says(kind, sit_out, fixed, points):
    scheme = schemes.Scheme(
        kind=kind, placement_points=(10, 8, 6, 5), sit_out=sit_out, sit_out_points=Fraction(fixed)
    )
    [ilse] = [row for row in schemes.standings(scheme, ROUND, [ILSE]) if row.player == 9]
    assert ilse.points == points
    # The evening counts as played (attendance); it was no table.
    assert (ilse.played, ilse.tables, ilse.wins) == (1, 0, 0)


@pytest.mark.parametrize(
    ("sit_out", "fixed", "ilse"),
    [
        # Evening sums: Anna, Cor 118; Eva, Gijs 90; Ilse 86 (the average); Fien, Hans 72; Bram,
        # Dirk 64. Ranks 1, 1, 3, 3, 5, 6, 6, 8, 8 of 10-8-6-5-4-3-2-1: Ilse's 5th is 4 points.
        (schemes.SitOutScore.AVERAGE, 0, Fraction(4)),
        # Ilse 0: ninth, past the list.
        (schemes.SitOutScore.NOTHING, 0, Fraction(0)),
        # Ilse 100: third, between Anna and Cor (118) and Eva and Gijs (90): 6 points.
        (schemes.SitOutScore.FIXED, 100, Fraction(6)),
    ],
)
def test_in_an_evening_rank_season_the_round_sat_out_enters_the_evening_sum(sit_out, fixed, ilse):
    scheme = schemes.Scheme(kind=schemes.Kind.EVENING_RANK, sit_out=sit_out, sit_out_points=Fraction(fixed))
    points = {row.player: row.points for row in schemes.standings(scheme, ROUND, [ILSE])}
    assert points[9] == ilse
    assert points[1] == points[3] == 10


def test_a_round_without_finished_tables_gives_no_score_yet():
    scheme = schemes.Scheme(
        kind=schemes.Kind.RAW, sit_out=schemes.SitOutScore.FIXED, sit_out_points=Fraction(50)
    )
    later = schemes.SitOut(unit=1, round=2, player=1)
    assert schemes.sit_out_points(scheme, ROUND, [later]) == {}
    assert {row.player for row in schemes.standings(scheme, ROUND[:1], [ILSE])} == {1, 2, 3, 4, 9}


def test_a_player_who_only_sat_out_is_ranked_after_an_equal_player_on_average_place():
    """Equal points: the tie-break on average place puts a player with a place first."""
    scheme = schemes.Scheme(
        kind=schemes.Kind.RAW,
        sit_out=schemes.SitOutScore.FIXED,
        sit_out_points=Fraction(64),
        tie_breaks=(schemes.TieBreak.AVERAGE_PLACE,),
    )
    ranked = [row.player for row in schemes.standings(scheme, ROUND, [ILSE]) if row.points == 64]
    assert ranked == [2, 4, 9]


# --- the draw and the standings of a Klaverjassen evening ----------------------------------------


def klaverjassen(present: int, **settings: object) -> tuple[Evening, list[Player]]:
    """A Klaverjassen season whose tables play one deal, and an evening with ``present``."""
    competition = CompetitionFactory.create(
        games=["klaverjassen"],
        options={"klaverjassen": {"deals": 1}},
        **{"kind": Competition.Kind.RAW, **settings},
    )
    evening = EveningFactory.create(competition=competition)
    players = [PlayerFactory.create(club=competition.club, name=name) for name in NAMES[:present]]
    evening.present.set(players)
    return evening, players


def pair(points: int, roem: int = 0) -> dict[str, object]:
    return {"points": points, "roem": roem, "pit": False}


@pytest.mark.django_db
def test_eleven_present_over_four_rounds_sit_out_in_turn():
    evening, players = klaverjassen(11)
    rng = random.Random(3)
    for round_number in range(1, 5):
        tables = evening.draw_and_start(rng=rng)
        seated = [seat.player_id for table in tables for seat in table.match.seats.all()]
        out = set(evening.sit_outs.filter(round=round_number).values_list("player_id", flat=True))
        assert (len(tables), len(seated), len(out)) == (2, 8, 3)
        assert out | set(seated) == {player.pk for player in players} and not out & set(seated)
        for table in tables:
            table.match.add_round({"playing": 0, "entries": [pair(100), pair(62)]})
    turns = Counter(
        SitOut.objects.filter(evening__competition=evening.competition).values_list("player", flat=True)
    )
    # 12 rounds sat out among 11 players: each once, one of them twice, after everybody had.
    assert sorted(turns.values()) == [1] * 10 + [2]
    twice = next(player for player, count in turns.items() if count == 2)
    assert evening.sit_outs.filter(player_id=twice).order_by("round").last().round == 4


@pytest.mark.django_db
def test_the_turns_run_over_the_season_not_the_evening():
    """Who sat out on the first evening is seated first on the next."""
    evening, players = klaverjassen(9)
    [sat] = evening.draw()[1]
    SitOut.objects.create(evening=evening, round=1, player_id=sat)
    second = EveningFactory.create(competition=evening.competition)
    second.present.set(players)
    for seed in range(5):
        assert sat not in second.draw(random.Random(seed)).sitting_out


@pytest.mark.django_db
def test_twelve_present_nobody_sits_out():
    evening, _players = klaverjassen(12)
    assert len(evening.draw_and_start(rng=random.Random(1))) == 3
    assert not SitOut.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize(("present", "sizes"), [(9, [5, 4]), (10, [5, 5])])
def test_tarot_seats_everybody(present, sizes):
    competition = CompetitionFactory.create(games=["tarot"], options={"tarot": {"deals": 1}})
    evening = EveningFactory.create(competition=competition)
    evening.present.set(PlayerFactory.create_batch(present, club=competition.club))
    tables = evening.draw_and_start(rng=random.Random(5))
    assert [table.match.seats.count() for table in tables] == sizes
    assert not SitOut.objects.exists()


def play_round_with_ilse_out(evening: Evening, players: list[Player], *, finish_second: bool = True) -> None:
    """Nine present; the draw's tables (as the secretary may change them) seat Anna & Cor against
    Bram & Dirk (118 with 20 roem against 64), Eva & Gijs against Fien & Hans (90 against 72):
    Ilse, left unseated, sits the round out."""
    by = {player.name: player.pk for player in players}
    first, second = evening.start_tables(
        [
            [by[name] for name in ("Anna", "Bram", "Cor", "Dirk")],
            [by[name] for name in ("Eva", "Fien", "Gijs", "Hans")],
        ],
        rest_sit_out=True,
    )
    first.match.add_round({"playing": 0, "entries": [pair(98, 20), pair(64)]})
    if finish_second:
        second.match.add_round({"playing": 0, "entries": [pair(90), pair(72)]})


def standing(evening: Evening, name: str) -> Standing | None:
    evening.competition.refresh_standings()
    return Standing.objects.filter(competition=evening.competition, player__name=name).first()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("kind", "sit_out", "fixed", "points"),
    [
        # (118 + 118 + 64 + 64 + 90 + 90 + 72 + 72) / 8 = 86.
        (Competition.Kind.RAW, Competition.SitOutScore.AVERAGE, None, Decimal(86)),
        (Competition.Kind.RAW, Competition.SitOutScore.NOTHING, None, Decimal(0)),
        (Competition.Kind.RAW, Competition.SitOutScore.FIXED, Decimal("50.5"), Decimal("50.5")),
        # Placement 10-8-6-5: (4 x 10 + 4 x 8) / 8 = 9.
        (Competition.Kind.PLACEMENT, Competition.SitOutScore.AVERAGE, None, Decimal(9)),
        (Competition.Kind.RELATIVE, Competition.SitOutScore.AVERAGE, None, Decimal(50)),
        # Evening sums 118, 118, 90, 90, Ilse 86, 72, 72, 64, 64: Ilse 5th, 4 points of 10-8-6-5-4.
        (Competition.Kind.EVENING_RANK, Competition.SitOutScore.AVERAGE, None, Decimal(4)),
    ],
)
def test_the_standings_give_the_round_sat_out_its_score(kind, sit_out, fixed, points):
    evening, players = klaverjassen(
        9, kind=kind, sit_out=sit_out, sit_out_points=fixed, placement_points="10,8,6,5,4,3,2,1"
    )
    play_round_with_ilse_out(evening, players)
    ilse = standing(evening, "Ilse")
    assert ilse is not None
    assert (ilse.points, ilse.played, ilse.tables) == (points, 1, 0)


@pytest.mark.django_db
def test_a_round_sat_out_counts_once_every_table_of_the_round_has_finished():
    evening, players = klaverjassen(9, sit_out=Competition.SitOutScore.FIXED, sit_out_points=Decimal(50))
    play_round_with_ilse_out(evening, players, finish_second=False)
    assert standing(evening, "Ilse") is None
    evening.tables.get(number=2).match.add_round({"playing": 0, "entries": [pair(90), pair(72)]})
    ilse = standing(evening, "Ilse")
    assert ilse is not None and ilse.points == Decimal(50)


@pytest.mark.django_db
def test_a_player_seated_by_hand_in_a_round_no_longer_sits_it_out():
    evening, players = klaverjassen(9)
    play_round_with_ilse_out(evening, players, finish_second=False)
    assert list(evening.sit_outs.values_list("player__name", flat=True)) == ["Ilse"]
    # Round 2 for table 1's players and Ilse (those of table 2 still play round 1).
    by = {player.name: player.pk for player in players}
    evening.start_tables([[by[name] for name in ("Anna", "Bram", "Cor", "Ilse")]])
    assert list(evening.sit_outs.values_list("round", "player__name")) == [(1, "Ilse")]


# --- pages and API --------------------------------------------------------------------------------


@pytest.fixture
def eleven(club) -> tuple[Evening, list[Player]]:
    competition = CompetitionFactory.create(
        club=club, games=["klaverjassen"], options={"klaverjassen": {"deals": 1}}, kind=Competition.Kind.RAW
    )
    evening = EveningFactory.create(competition=competition)
    players = [PlayerFactory.create(club=club, name=name) for name in NAMES[:11]]
    evening.present.set(players)
    return evening, players


@pytest.mark.django_db
def test_the_draw_preview_names_who_sits_out_and_its_tables_seat_the_rest(client, alice, eleven):
    evening, players = eleven
    client.force_login(alice)
    html = client.post(reverse("league_draw", args=[evening.pk]), {"adjust": "1"}).content.decode()
    line = html.split('id="drawn-sitting-out">')[1].split("</p>")[0]
    named = [player.name for player in players if player.name in line]
    assert len(named) == 3 and not SitOut.objects.exists()  # a preview stores nothing
    seated = [player.pk for player in players if player.name not in named]
    data = {"tables-TOTAL_FORMS": "2", "tables-INITIAL_FORMS": "0", "drawn": "1"}
    for table, four in enumerate((seated[:4], seated[4:])):
        data |= {f"tables-{table}-seat_{seat + 1}": str(pk) for seat, pk in enumerate(four)}
    assert client.post(reverse("league_tables", args=[evening.pk]), data).status_code == 302
    assert sorted(evening.sit_outs.values_list("player__name", flat=True)) == sorted(named)
    page = client.get(reverse("league_evening", args=[evening.pk])).content.decode()
    assert f'id="sat-out-1">Sat out: {", ".join(sorted(named))}</p>' in page


@pytest.mark.django_db
def test_the_api_draw_answers_who_sits_out_and_the_evening_lists_them(alice, eleven):
    evening, players = eleven
    api = _api_client(alice)
    answer = api.post(reverse("api-evening-draw", args=[evening.pk]))
    assert answer.status_code == 201, answer.json()
    sit_outs = answer.json()["sit_outs"]
    assert [entry["round"] for entry in sit_outs] == [1, 1, 1]
    names = {player.pk: player.name for player in players}
    assert all(names[entry["player"]] == entry["name"] for entry in sit_outs)
    seated = {name for table in answer.json()["tables"] for name in table["players"]}
    assert len(seated) == 8 and not seated & {entry["name"] for entry in sit_outs}
    assert api.get(reverse("api-evening", args=[evening.pk])).json()["sit_outs"] == sit_outs


@pytest.mark.django_db
def test_a_fixed_sit_out_score_needs_its_points_on_the_form_and_in_the_api(client, alice, club):
    competition = CompetitionFactory.create(club=club)
    api = _api_client(alice)
    url = reverse("api-competition", args=[competition.pk])
    refused = api.patch(url, {"sit_out": "fixed"}, format="json")
    assert refused.status_code == 400
    assert [error["field"] for error in refused.json()["errors"]] == ["sit_out_points"]
    accepted = api.patch(url, {"sit_out": "fixed", "sit_out_points": "25"}, format="json")
    assert accepted.status_code == 200, accepted.json()
    assert (accepted.json()["sit_out"], accepted.json()["sit_out_points"]) == ("fixed", "25.00")
    client.force_login(alice)
    form = client.get(reverse("league_competition_edit", args=[competition.pk])).content.decode()
    assert 'name="sit_out"' in form and 'name="sit_out_points"' in form


@pytest.mark.django_db
def test_seating_by_hand_offers_the_tables_eleven_players_fill(client, alice, eleven):
    evening, _players = eleven
    client.force_login(alice)
    html = client.get(reverse("league_evening", args=[evening.pk])).content.decode()
    assert 'name="tables-TOTAL_FORMS" value="2"' in html and html.count('data-size="4"') == 2


@pytest.mark.django_db
def test_a_merge_gives_the_kept_player_the_rounds_the_other_sat_out():
    evening = EveningFactory(competition=CompetitionFactory(games=["klaverjassen"], options={}))
    club = evening.competition.club
    kept, gone = PlayerFactory(club=club, name="Anna"), PlayerFactory(club=club, name="Anna B.")
    SitOutFactory(evening=evening, round=2, player=gone)
    SitOutFactory(evening=evening, round=3, player=gone)
    SitOutFactory(evening=evening, round=3, player=kept)

    merge_players(kept, gone)

    assert sorted(SitOut.objects.filter(evening=evening).values_list("round", "player__name")) == [
        (2, "Anna"),
        (3, "Anna"),
    ]
