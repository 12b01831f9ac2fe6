"""The Duizenden scoresheet on the phone: one block per seat with table and hand, the card
calculators, the points still needed, refusals that store nothing, corrections and team play."""

from __future__ import annotations

import re
from collections.abc import Mapping

import pytest
from django.urls import reverse

from games.base import KEY_ORDER
from matches.models import Match, Round
from scoring.games.duizenden import CARD_KEYS, card_values
from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db

Cards = Mapping[str, int]


def seat(table: int | Cards, hand: int | Cards) -> dict[str, object]:
    """One seat as the scorekeeper leaves it: typed points, or cards counted on a calculator
    (which also writes their total into the points field, as scoreblok.js does)."""
    return {"table": table, "hand": hand}


def deal_form(
    went_out: int | None, seats: list[dict[str, object]], values: Cards, key: str = "k1"
) -> dict[str, object]:
    """The POST the round form sends: the hidden "nobody" choice and the radio, every
    calculator key (0 when not tapped), and each points field."""
    data: dict[str, object] = {
        "idempotency_key": key,
        "@went_out": ["", str(went_out)] if went_out is not None else [""],
    }
    for index, entry in enumerate(seats):
        for part in ("table", "hand"):
            given = entry[part]
            counts: Cards = given if isinstance(given, Mapping) else {}
            for rank in values:
                data[f"entries.{index}.{part}_cards.{rank}:int"] = str(counts.get(rank, 0))
            points = sum(values[rank] * n for rank, n in counts.items()) if counts else given
            data[f"entries.{index}.{part}_points:int"] = str(points)
    return data


DEFAULT_VALUES = card_values(100)


def entry_block(page: str, index: int) -> str:
    """The HTML of one seat's block on the page."""
    found = re.search(rf'<fieldset class="entry[^"]*" data-entry="{index}".*?</fieldset>', page, re.S)
    assert found, f"no block for entry {index}"
    return found.group(0)


def alert(page: str) -> str:
    found = re.search(r'<div class="errors" role="alert"[^>]*>(.*?)</div>', page, re.S)
    return found.group(1) if found else ""


@pytest.fixture
def alice_client(client, alice):
    client.force_login(alice)
    return client


@pytest.fixture
def match(alice, club) -> Match:
    """Example 1 of the spec: Anna, Bram and Cor alone, default options, Anna deals first."""
    return MatchFactory.create(club=club, game="duizenden", players=["Anna", "Bram", "Cor"], by=alice)


@pytest.fixture
def teams(alice, club) -> Match:
    """Example 2: Anna and Cor against Bram and Dirk."""
    return MatchFactory.create(
        club=club, game="duizenden", players=["Anna", "Bram", "Cor", "Dirk"], teams=[[0, 2], [1, 3]], by=alice
    )


# Example 1, deal 1: Bram goes out with his table counted as cards; Cor holds the queen of spades.
DEAL_1 = [
    seat(85, 40),
    seat({"7": 3, "8": 1, "9": 1, "10": 1, "J": 3, "A": 3, "joker": 1}, 0),
    seat(0, {"QS": 1, "K": 2, "3": 1}),
]


def sheet_url(match: Match) -> str:
    return reverse("match_detail", args=[match.pk])


def add_url(match: Match) -> str:
    return reverse("round_add", args=[match.pk])


def test_sheet_has_a_block_per_seat_with_table_hand_and_one_shared_calculator(alice_client, match):
    page = alice_client.get(sheet_url(match)).content.decode()
    for index, name in enumerate(["Anna", "Bram", "Cor"]):
        block = entry_block(page, index)
        assert name in block
        assert f'name="entries.{index}.table_points:int"' in block
        assert f'name="entries.{index}.hand_points:int"' in block
        assert f'data-cards="entries.{index}.table_cards"' in block
        assert f'data-cards="entries.{index}.hand_cards"' in block
        assert f'<input type="radio" name="@went_out" value="{index}"' in page
    assert 'data-rank="QS" data-value="100"' in page
    assert 'data-rank="joker" data-value="25"' in page
    # Every key the engine knows, in the order of every game's calculator, once for the whole form.
    ranks = re.findall(r'data-rank="([^"]+)"', page)
    assert sorted(ranks) == sorted(CARD_KEYS)
    assert ranks == [rank for rank in KEY_ORDER if rank in CARD_KEYS]


def test_calculator_follows_the_matchs_options(alice_client, alice, club):
    match = MatchFactory(
        club=club,
        game="duizenden",
        players=["Eva", "Fien"],
        options={"queen_of_spades": 50, "jokers": 0},
        by=alice,
    )
    page = alice_client.get(sheet_url(match)).content.decode()
    assert 'data-rank="QS" data-value="50"' in page
    assert 'data-rank="joker"' not in page


def test_sheet_shows_what_each_player_still_needs_and_links_the_rules(alice_client, match):
    page = alice_client.get(sheet_url(match)).content.decode()
    assert "Still needed to reach 1000" in page
    # Each player's points to go: in the hints, on the player's own line of the form and beside
    # the total in the standings bar (the first screen).
    assert page.count("1000 to go") == 9
    for index in range(3):
        assert '<span class="next-item">1000 to go</span>' in entry_block(page, index)
    assert re.search(r'<span class="total">0</span>\s*<span class="item">1000 to go</span>', page)
    assert 'href="/rules/duizenden/#scoring"' in page
    assert 'hx-get="/rules/duizenden/section/end/"' in page


def test_entering_a_deal_stores_table_minus_hand(alice_client, match):
    response = alice_client.post(add_url(match), deal_form(1, DEAL_1, DEFAULT_VALUES))
    assert response.status_code == 302
    stored = Round.objects.get(match=match)
    assert stored.scores == [45, 150, -125]
    assert stored.body["entries"][1] == {
        "went_out": True,
        "table_points": 150,
        "table_cards": {"7": 3, "8": 1, "9": 1, "10": 1, "J": 3, "A": 3, "joker": 1},
        "hand_points": 0,
    }
    assert stored.body["entries"][2]["hand_cards"] == {"QS": 1, "K": 2, "3": 1}
    page = alice_client.get(sheet_url(match)).content.decode()
    for needed in (955, 850, 1125):
        assert f"{needed} to go" in page
    assert "<strong>Bram</strong> deals" in page


def test_entering_a_deal_with_htmx_returns_the_new_sheet(alice_client, match):
    response = alice_client.post(add_url(match), deal_form(1, DEAL_1, DEFAULT_VALUES), HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert "Enter deal 2" in response.content.decode()
    assert Round.objects.filter(match=match).count() == 1


def test_refuses_three_queens_of_spades_in_one_deal(alice_client, match):
    deal = [seat(150, {"QS": 2}), seat({"QS": 1, "Q": 2}, 0), seat(40, 60)]
    response = alice_client.post(add_url(match), deal_form(1, deal, DEFAULT_VALUES))
    page = response.content.decode()
    assert response.status_code == 400
    assert not Round.objects.exists()
    # The reason sits in Bram's block, with the table's calculator, which stays open.
    bram = entry_block(page, 1)
    assert "More of this card in this deal than the packs hold (2)." in bram
    assert 'data-cards="entries.1.table_cards"' in bram
    assert "More of this card" not in entry_block(page, 0)
    # What was typed and counted stays.
    assert 'name="entries.1.table_cards.QS:int" value="1"' in bram
    assert re.search(
        r'name="entries\.1\.table_points:int" data-cards="entries\.1\.table_cards"\s+value="120"', bram
    )
    assert 'name="entries.0.hand_cards.QS:int" value="2"' in entry_block(page, 0)
    assert re.search(r'value="1" checked> Bram', page)


def test_refuses_a_deal_nobody_went_out_of(alice_client, match):
    deal = [seat(150, 25), seat(200, 30), seat(40, 60)]
    response = alice_client.post(add_url(match), deal_form(None, deal, DEFAULT_VALUES))
    page = response.content.decode()
    assert response.status_code == 400
    assert not Round.objects.exists()
    assert "Exactly one player must go out." in alert(page)
    assert "checked" not in page.split('<fieldset class="went-out', 1)[1].split("</fieldset>", 1)[0]
    assert 'value="200"' in entry_block(page, 1)
    assert 'value="60"' in entry_block(page, 2)


def test_refuses_more_points_than_the_packs_hold(alice_client, match):
    deal = [seat(500, 0), seat(450, 50), seat(30, 60)]
    response = alice_client.post(add_url(match), deal_form(0, deal, DEFAULT_VALUES))
    page = response.content.decode()
    assert response.status_code == 400
    assert not Round.objects.exists()
    assert "more than all the cards in the packs are worth (1080)." in alert(page)
    assert 'value="450"' in entry_block(page, 1)
    assert re.search(r'value="0" checked> Anna', page)


def test_refuses_a_hand_for_the_player_who_went_out_next_to_his_hand(alice_client, match):
    deal = [seat(150, 25), seat(200, 30), seat(140, 10)]
    response = alice_client.post(add_url(match), deal_form(2, deal, DEFAULT_VALUES))
    assert response.status_code == 400
    cor = entry_block(response.content.decode(), 2)
    assert "A player who went out has no cards left: enter 0." in cor
    assert re.search(
        r'name="entries\.2\.hand_points:int" data-out="0" data-cards="entries\.2\.hand_cards"\s+value="10" '
        r'aria-invalid="true"',
        cor,
    )


def test_a_repeated_submit_stores_the_deal_once(alice_client, match):
    form = deal_form(1, DEAL_1, DEFAULT_VALUES, key="same")
    alice_client.post(add_url(match), form)
    alice_client.post(add_url(match), form)
    assert Round.objects.filter(match=match).count() == 1


def test_correcting_a_deal_replays_the_totals(alice_client, match):
    alice_client.post(add_url(match), deal_form(1, DEAL_1, DEFAULT_VALUES))
    edit = reverse("round_edit", args=[match.pk, 1])
    page = alice_client.get(edit).content.decode()
    # The stored cards come back in the calculators, the stored points in their fields.
    assert 'name="entries.2.hand_cards.QS:int" value="1"' in entry_block(page, 2)
    assert re.search(r'value="1" checked> Bram', page)
    # Anna had 50 in hand, not 40.
    corrected = [seat(85, 50), DEAL_1[1], DEAL_1[2]]
    response = alice_client.post(edit, deal_form(1, corrected, DEFAULT_VALUES))
    assert response.status_code == 302
    assert Round.objects.get(match=match).scores == [35, 150, -125]
    assert "965 to go" in alice_client.get(sheet_url(match)).content.decode()


def test_a_refused_correction_changes_nothing(alice_client, match):
    alice_client.post(add_url(match), deal_form(1, DEAL_1, DEFAULT_VALUES))
    edit = reverse("round_edit", args=[match.pk, 1])
    response = alice_client.post(edit, deal_form(None, DEAL_1, DEFAULT_VALUES))
    assert response.status_code == 400
    assert "Exactly one player must go out." in alert(response.content.decode())
    assert Round.objects.get(match=match).scores == [45, 150, -125]


def test_team_play_takes_a_line_per_seat_and_shows_team_totals(alice_client, teams):
    page = alice_client.get(sheet_url(teams)).content.decode()
    assert [name in entry_block(page, i) for i, name in enumerate(["Anna", "Bram", "Cor", "Dirk"])] == [
        True
    ] * 4
    assert "team 1" in entry_block(page, 2) and "team 2" in entry_block(page, 3)
    deal = [seat(180, 0), seat(90, 45), seat(150, 20), seat(35, 110)]
    response = alice_client.post(add_url(teams), deal_form(0, deal, DEFAULT_VALUES))
    assert response.status_code == 302
    assert Round.objects.get(match=teams).scores == [310, -30]
    page = alice_client.get(sheet_url(teams)).content.decode()
    assert "Anna &amp; Cor" in page and "Bram &amp; Dirk" in page
    assert "690 to go" in page and "1030 to go" in page
    assert re.search(r"<strong>310</strong>", page)


def test_team_play_to_the_target_names_the_winning_team(alice_client, teams):
    deals = [
        (0, [seat(180, 0), seat(90, 45), seat(150, 20), seat(35, 110)]),
        (3, [seat(75, 30), seat(145, 10), seat(40, 140), seat(260, 0)]),
        (2, [seat(210, 15), seat(120, 60), seat(320, 0), seat(55, 85)]),
        (1, [seat(130, 50), seat(275, 0), seat(95, 20), seat(190, 25)]),
        (0, [seat(240, 0), seat(150, 20), seat(60, 35), seat(100, 30)]),
    ]
    for number, (out, deal) in enumerate(deals, start=1):
        response = alice_client.post(add_url(teams), deal_form(out, deal, DEFAULT_VALUES, key=f"k{number}"))
        assert response.status_code == 302
    teams.refresh_from_db()
    assert teams.status == "finished"
    page = alice_client.get(sheet_url(teams)).content.decode()
    assert re.search(r"Winner:.*<strong>Anna &amp; Cor</strong>", page, re.S)
    assert 'id="round-form"' not in page
    assert "to go" not in page


def test_another_clubs_match_is_not_found(client, charlie, match):
    client.force_login(charlie)
    response = client.post(add_url(match), deal_form(1, DEAL_1, DEFAULT_VALUES))
    assert response.status_code == 404
    assert not Round.objects.exists()


@pytest.mark.parametrize(
    ("language", "team", "to_go"),
    [("nl", "team 2", "nog 1000 te gaan"), ("fr", "équipe 2", "encore 1000")],
)
def test_the_points_still_needed_speak_the_readers_language(alice_client, teams, language, team, to_go):
    """The hints' words are filled in by the game's home, in the language of the page."""
    page = alice_client.get(sheet_url(teams), headers={"Accept-Language": language}).content.decode()
    hints = page[page.index('class="needed"') :]
    hints = hints[: hints.index("</ul>")]
    assert hints.count(to_go) == 2
    assert f'<span class="team">{team}</span> Bram &amp; Dirk' in hints
