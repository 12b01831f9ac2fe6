"""The Barbuse scoresheet on the phone: the spelmaker's contracts, each contract's entry, the
4-by-5 grid, refusals that keep what was typed and store nothing, and the four-player setup."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import reverse

from matches.models import Match, Round
from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db

PLAYERS = ["Anna", "Bram", "Cor", "Dirk"]
FIELDS = 'class="contract-fields" data-contract='  # a contract's fieldset in the round form


def page_form(contract: str | None, key: str = "k1", **fields: list[Any]) -> dict[str, Any]:
    """What the phone page posts: every contract's inputs (the others at their defaults), with
    ``fields`` (key -> four values) filled in for ``contract``."""
    data: dict[str, Any] = {"idempotency_key": key}
    if contract is not None:
        data["contract:str"] = contract
    for seat in range(4):
        data[f"[contract=knobbelen]entries.{seat}.bid:int"] = ""
        data[f"[contract=knobbelen]entries.{seat}.tricks:int"] = ""
        data[f"[contract=no_queens]entries.{seat}.queens:int"] = "0"
        data[f"[contract=no_hearts]entries.{seat}.hearts:int"] = "0"
        data[f"[contract=no_king_of_hearts]entries.{seat}.king:bool"] = ["0"]
    for name, values in fields.items():
        for seat, value in enumerate(values):
            field = f"[contract={contract}]entries.{seat}.{name}"
            if name == "king":
                data[f"{field}:bool"] = ["0", "1"] if value else ["0"]
            elif value is not None:  # an unticked place radio is not posted at all
                data[f"{field}:int"] = str(value)
    return data


def knobbelen(*pairs: tuple[int, int]) -> dict[str, Any]:
    return page_form("knobbelen", bid=[b for b, _ in pairs], tricks=[t for _, t in pairs])


@pytest.fixture
def alice_client(client, alice):
    client.force_login(alice)
    return client


@pytest.fixture
def match(alice, club) -> Match:
    return MatchFactory.create(club=club, game="barbuse", players=PLAYERS, by=alice)


def post(client, match: Match, data: dict[str, Any]):
    return client.post(reverse("round_add", args=[match.pk]), data)


def sheet(client, match: Match) -> str:
    return client.get(reverse("match_detail", args=[match.pk])).content.decode()


def contract_radios(page: str) -> list[str]:
    return re.findall(r'name="contract:str" value="([a-z_]+)"', page)


def test_sheet_offers_every_contract_and_shows_the_spelmaker_and_the_empty_grid(alice_client, match):
    page = sheet(alice_client, match)
    assert contract_radios(page) == ["knobbelen", "no_queens", "no_hearts", "aanleggen", "no_king_of_hearts"]
    for name in ["Knobbelen", "Geen Vrouwen", "Geen Harten", "Aanleggen", "Geen Hartenheer"]:
        assert name in page
    assert "Spelmaker <strong>Anna</strong> still chooses:" in page
    assert "Contract chosen by Anna" in page
    assert 'href="/rules/barbuse/#contract-no_king_of_hearts"' in page
    assert 'hx-get="/rules/barbuse/section/contract-aanleggen/"' in page
    assert "deals 1\u20135" in page and "deals 16\u201320" in page
    assert 'class="played' not in page


@pytest.mark.parametrize(
    ("data", "scores"),
    [
        (knobbelen((3, 3), (2, 3), (1, 1), (2, 2)), [0, 80, 0, 0]),
        (knobbelen((2, 3), (3, 3), (2, 2), (2, 1)), [20, 20, 0, 20]),  # bids add up to 9: targets 2
        (page_form("no_queens", queens=[1, 0, 2, 1]), [20, 0, 40, 20]),
        (page_form("no_hearts", hearts=[2, 4, 0, 3]), [20, 40, 0, 30]),
        (page_form("no_hearts", hearts=[0, 9, 0, 0]), [0, -90, 0, 0]),
        (page_form("aanleggen", place=[2, 4, 1, 3]), [10, 50, 0, 30]),
        (page_form("no_king_of_hearts", king=[False, False, True, False]), [0, 0, 80, 0]),
    ],
    ids=["knobbelen", "knobbelen-even", "no_queens", "no_hearts", "all_hearts", "aanleggen", "king"],
)
def test_each_contract_stores_its_round_and_scores(alice_client, match, data, scores):
    response = post(alice_client, match, data)
    assert response.status_code == 302
    stored = Round.objects.get(match=match)
    assert stored.scores == scores
    assert stored.body["contract"] == data["contract:str"]
    # Only the chosen contract's fields reach the round: no queens in a Knobbelen deal.
    assert all(set(entry) == set(stored.body["entries"][0]) for entry in stored.body["entries"])


def test_first_spelmakers_five_deals_fill_his_column_and_pass_the_turn(alice_client, match):
    deals = [
        knobbelen((3, 3), (2, 3), (1, 1), (2, 2)),
        page_form("no_queens", queens=[1, 0, 2, 1]),
        page_form("no_hearts", hearts=[2, 4, 0, 3]),
        page_form("aanleggen", place=[2, 4, 1, 3]),
    ]
    offered = [
        ["no_queens", "no_hearts", "aanleggen", "no_king_of_hearts"],
        ["no_hearts", "aanleggen", "no_king_of_hearts"],
        ["aanleggen", "no_king_of_hearts"],
        ["no_king_of_hearts"],
    ]
    for number, (data, left) in enumerate(zip(deals, offered, strict=True), start=1):
        assert post(alice_client, match, {**data, "idempotency_key": f"d{number}"}).status_code == 302
        assert contract_radios(sheet(alice_client, match)) == left
    # The one contract left is already chosen.
    assert 'value="no_king_of_hearts" checked' in sheet(alice_client, match)

    king = page_form("no_king_of_hearts", key="d5", king=[False, False, True, False])
    assert post(alice_client, match, king).status_code == 302
    page = sheet(alice_client, match)
    assert [r.scores for r in match.rounds.order_by("number")][-1] == [0, 0, 80, 0]
    assert "Spelmaker <strong>Bram</strong> still chooses:" in page
    assert len(contract_radios(page)) == 5
    assert re.findall(r'data-deal="(\d+)"', page) == ["1", "2", "3", "4", "5"]
    assert page.count('<td class="played"') == 5  # in Anna's column, who no longer chooses


def test_grid_puts_each_deal_under_the_seat_the_engine_names_as_spelmaker(alice_client, alice, club):
    match = MatchFactory(club=club, game="barbuse", players=PLAYERS, dealer=3, by=alice)
    post(alice_client, match, page_form("no_hearts", hearts=[0, 0, 9, 0]))
    page = sheet(alice_client, match)
    row = re.search(r'<tr data-contract="no_hearts">(.*?)</tr>', page, re.S)[1]
    cells = re.findall(r"<td[^>]*>", row)
    assert 'data-deal="1"' in cells[3]  # Dirk's column: seat 3 deals 1-5
    assert "Spelmaker <strong>Dirk</strong>" in page
    assert "\u221250" not in page and "\u221290" in page  # the default bonus is shown in the grid


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        (page_form("no_queens", queens=[1, 1, 1, 2]), "", "The queens must add up to 4, not 5."),
        (page_form("no_hearts", hearts=[2, 4, 0, 2]), "", "The hearts must add up to 9, not 8."),
        (knobbelen((3, 3), (2, 3), (1, 1), (2, 1)), "", "The tricks must add up to 9, not 8."),
        (page_form("aanleggen", place=[1, 2, 2, 4]), "", "The places must be 1 to 4, each once."),
        (page_form("aanleggen", place=[1, 2, 5, 3]), "place", "This value is not valid here."),
        (page_form("aanleggen", place=[1, 2, None, 3]), "place", "This is required."),
        (
            page_form("no_king_of_hearts", king=[True, False, True, False]),
            "",
            "Exactly one player takes the king of hearts.",
        ),
        (
            page_form("no_king_of_hearts", king=[False] * 4),
            "",
            "Exactly one player takes the king of hearts.",
        ),
        (page_form(None), "contract", "This is required."),
        (page_form("barbu"), "contract", "This is not one of the contracts of this game."),
    ],
    ids=[
        "queens_total",
        "hearts_total",
        "tricks_total",
        "places",
        "place_5",
        "place_missing",
        "two_kings",
        "no_king",
        "no_contract",
        "unknown_contract",
    ],
)
def test_refused_round_says_why_and_stores_nothing(alice_client, match, data, field, message):
    response = post(alice_client, match, data)
    assert response.status_code == 400
    page = response.content.decode()
    assert message in page
    if field == "":  # the round as a whole: on top of the form
        assert re.search(r'<div class="errors" role="alert"[^>]*>.*?<li>' + re.escape(message), page, re.S)
    elif field == "contract":
        choice = page[page.index('class="contract-choice') : page.index('class="pick-first')]
        assert message in choice
    else:  # next to the third player's place
        place_row = page[page.index('aria-label="Place of Cor"') :]
        assert message in place_row[: place_row.index('aria-label="Place of Dirk"')]
    assert not Round.objects.exists()


def test_refused_queens_keep_what_was_typed(alice_client, match):
    page = post(alice_client, match, page_form("no_queens", queens=[1, 1, 1, 2])).content.decode()
    assert 'value="no_queens" checked' in page
    counters = page[page.index(FIELDS + '"no_queens"') : page.index(FIELDS + '"no_hearts"')]
    assert re.findall(r'value="(\d+)"', counters) == ["1", "1", "1", "2"]
    # The other contracts' fields start afresh.
    hearts = page[page.index(FIELDS + '"no_hearts"') : page.index(FIELDS + '"aanleggen"')]
    assert re.findall(r'value="(\d+)"', hearts) == ["0", "0", "0", "0"]


def test_refused_places_keep_the_ticked_places(alice_client, match):
    page = post(alice_client, match, page_form("aanleggen", place=[1, 2, 2, 4])).content.decode()
    checked = re.findall(r'entries\.(\d)\.place:int" value="(\d)" checked', page)
    assert checked == [("0", "1"), ("1", "2"), ("2", "2"), ("3", "4")]


def test_refused_kings_keep_both_ticks(alice_client, match):
    page = post(alice_client, match, page_form("no_king_of_hearts", king=[True, False, True, False]))
    ticked = re.findall(r'entries\.(\d)\.king:bool" value="1" checked', page.content.decode())
    assert ticked == ["0", "2"]


def test_contract_played_twice_by_the_spelmaker_is_refused_and_keeps_the_entry(alice_client, match):
    post(alice_client, match, knobbelen((3, 3), (2, 3), (1, 1), (2, 2)))
    response = post(
        alice_client, match, {**knobbelen((2, 2), (2, 2), (3, 3), (2, 2)), "idempotency_key": "k2"}
    )
    assert response.status_code == 400
    page = response.content.decode()
    choice = page[page.index('class="contract-choice') : page.index('class="pick-first')]
    assert "The spelmaker has already played this contract." in choice
    assert "already played" in choice and 'class="contract refused"' in choice
    assert 'value="knobbelen" checked' in page
    bids = re.findall(r'entries\.\d\.bid:int" aria-label="Bid of \w+"\s+value="(\d*)"', page)
    assert bids == ["2", "2", "3", "2"]
    assert Round.objects.count() == 1


def test_knobbelen_missing_bid_is_shown_with_the_players_name(alice_client, match):
    data = knobbelen((3, 3), (2, 3), (1, 1), (2, 2))
    data["[contract=knobbelen]entries.1.bid:int"] = ""
    page = post(alice_client, match, data).content.decode()
    assert "Bid of Bram: This is required." in page
    assert re.search(r'name="\[contract=knobbelen\]entries\.1\.bid:int"[^>]*aria-invalid="true"', page, re.S)
    assert not Round.objects.exists()


def test_correction_page_offers_the_contracts_that_deal_could_take(alice_client, match):
    post(alice_client, match, knobbelen((3, 3), (2, 3), (1, 1), (2, 2)))
    post(alice_client, match, {**page_form("no_queens", queens=[1, 0, 2, 1]), "idempotency_key": "k2"})
    page = alice_client.get(reverse("round_edit", args=[match.pk, 2])).content.decode()
    assert contract_radios(page) == ["no_queens", "no_hearts", "aanleggen", "no_king_of_hearts"]
    assert 'value="no_queens" checked' in page

    response = alice_client.post(
        reverse("round_edit", args=[match.pk, 2]), page_form("no_hearts", hearts=[2, 4, 0, 3])
    )
    assert response.status_code == 302
    assert match.rounds.get(number=2).scores == [20, 40, 0, 30]


def test_finished_match_shows_the_full_grid_and_no_form(alice_client, match):
    bodies = [
        knobbelen((2, 2), (2, 2), (3, 3), (1, 2)),
        page_form("no_queens", queens=[1, 1, 1, 1]),
        page_form("no_hearts", hearts=[3, 2, 2, 2]),
        page_form("aanleggen", place=[1, 2, 3, 4]),
        page_form("no_king_of_hearts", king=[True, False, False, False]),
    ] * 4
    for number, data in enumerate(bodies, start=1):
        assert post(alice_client, match, {**data, "idempotency_key": f"d{number}"}).status_code == 302
    page = sheet(alice_client, match)
    assert "Match over" in page
    assert 'id="round-form"' not in page
    assert sorted(int(n) for n in re.findall(r'data-deal="(\d+)"', page)) == list(range(1, 21))
    assert "still chooses" not in page


def test_five_players_are_refused_at_setup(alice_client):
    response = alice_client.post(
        reverse("new_match_setup", args=["barbuse"]),
        {f"player_{seat}": name for seat, name in enumerate([*PLAYERS, "Eva"])} | {"dealer": "0"},
    )
    assert response.status_code == 200
    assert "This game cannot be played by this many players." in response.content.decode()
    assert 'value="Eva"' in response.content.decode()
    assert not Match.objects.exists()


def test_three_players_are_refused_at_setup(alice_client):
    response = alice_client.post(
        reverse("new_match_setup", args=["barbuse"]),
        {"player_0": "Anna", "player_1": "Bram", "player_2": "Cor", "dealer": "0"},
    )
    assert response.status_code == 200
    assert 'value="Cor"' in response.content.decode()
    assert not Match.objects.exists()
