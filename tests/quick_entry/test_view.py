"""The round in one line on the sheet (``round_quick_entry``): a typed or said line answers the
round form filled in, with or without htmx, in the reader's language; nothing is ever stored,
words that could not be placed are named and the rest stays filled in."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.urls import reverse

from matches.models import Match, Round, RoundRevision
from tests.factories import HouseGameFactory, MatchFactory

pytestmark = pytest.mark.django_db


class Inputs(HTMLParser):
    """The values an HTML form would post: text and number inputs, ticked boxes and radios."""

    def __init__(self) -> None:
        super().__init__()
        self.values: dict[str, str] = {}
        self.checked: set[tuple[str, str]] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        seen = dict(attrs)
        name = seen.get("name")
        if tag != "input" or name is None:
            return
        kind = seen.get("type", "text")
        if kind in {"radio", "checkbox"}:
            if "checked" in seen:
                self.checked.add((name, seen.get("value") or ""))
        elif kind != "hidden":
            self.values[name] = seen.get("value") or ""


def inputs(html: str) -> Inputs:
    parser = Inputs()
    parser.feed(html)
    return parser


@pytest.fixture
def match(alice, club) -> Match:
    return MatchFactory.create(club=club, game="frustration-nl", players=["Anna", "Bram", "Cor"], by=alice)


@pytest.fixture
def alice_client(client, alice):
    client.force_login(alice)
    return client


def quick(client, match: Match, line: str, **kwargs):
    return client.post(reverse("round_quick_entry", args=[match.pk]), {"line": line}, **kwargs)


def test_a_typed_line_fills_the_form_and_stores_nothing(alice_client, match):
    response = quick(alice_client, match, "anna out bram 15 cor 95")
    assert response.status_code == 200
    form = inputs(response.content.decode())
    assert ("@went_out", "0") in form.checked
    assert form.values["entries.0.points:int"] == "0"
    assert form.values["entries.1.points:int"] == "15"
    assert form.values["entries.2.points:int"] == "95"
    assert ("entries.1.laid_down:bool", "1") in form.checked  # 15 is less than eleven cards
    assert ("entries.2.laid_down:bool", "1") not in form.checked
    assert form.values["line"] == "anna out bram 15 cor 95"
    assert not Round.objects.filter(match=match).exists()
    assert not RoundRevision.objects.filter(match=match).exists()


def test_over_htmx_it_answers_the_filled_form_and_the_status_out_of_band(alice_client, match):
    response = quick(alice_client, match, "Anna out, Bram 15, Cor 95", headers={"HX-Request": "true"})
    page = response.content.decode()
    assert page.lstrip().startswith('<form id="round-form"')
    assert '<p id="quick-status" hx-swap-oob="innerHTML">' in page
    assert "Filled in above: check it, then save." in page
    assert inputs(page).values["entries.2.points:int"] == "95"
    assert response["Vary"] and "HX-Request" in response["Vary"]
    assert not Round.objects.filter(match=match).exists()


def test_words_it_could_not_place_are_named_with_the_line_they_left_empty(alice_client, match):
    """ "banana" was said for Cor: which of Cor's fields it meant nobody knows, so Cor's line
    stays empty; the lines read without a doubt are filled."""
    response = quick(alice_client, match, "Anna out, Bram 15, Cor 95 banana")
    page = response.content.decode()
    assert "Not placed: “banana”. Left empty: Cor. The rest is filled in above: check it, then save." in page
    form = inputs(page)
    assert form.values["entries.1.points:int"] == "15"
    assert form.values["entries.2.points:int"] == ""
    assert form.values["line"] == "Anna out, Bram 15, Cor 95 banana"


def test_two_players_out_marks_neither_and_says_so(alice_client, match):
    page = quick(alice_client, match, "Anna out, Bram 15, Cor out").content.decode()
    assert "Left empty: Anna, Cor." in page
    form = inputs(page)
    assert not any(name == "@went_out" for name, _ in form.checked)
    assert form.values["entries.1.points:int"] == "15"


def test_a_line_of_nothing_but_doubts_fills_nothing_and_names_them(alice_client, match):
    page = quick(alice_client, match, "Anna out, Cor out").content.decode()
    assert "Not placed: “out”, “out”. Nothing is filled in: check the line, or fill in the form." in page
    assert inputs(page).values["entries.0.points:int"] == ""


def test_the_status_line_is_not_taken_for_a_refused_round(alice_client, match):
    """The sheet's script brings ``data-refused`` into view on load: the quick-entry status,
    which is on every sheet, must not carry it."""
    page = alice_client.get(reverse("match_detail", args=[match.pk])).content.decode()
    status = page[page.index('<p id="quick-status"') : page.index("</p>", page.index('<p id="quick-status"'))]
    assert "data-refused" not in status
    assert "data-mic-refused" in status


@pytest.mark.parametrize(
    ("game", "players", "example"),
    [
        ("frustration-nl", ["Anna", "Bram", "Cor"], "Anna out, Bram 15…"),
        ("duizenden", ["Anna", "Bram", "Cor"], "Anna out 230, Bram 85 minus 40…"),
        ("canasta", ["Anna", "Bram", "Cor", "Dirk"], "Anna out 1 natural 250, Bram 120 minus 60…"),
        ("barbuse", ["Anna", "Bram", "Cor", "Dirk"], "Anna bid 2 took 3, Bram 1 1…"),
    ],
)
def test_the_empty_line_shows_a_round_as_this_game_says_it(alice_client, alice, club, game, players, example):
    match = MatchFactory.create(club=club, game=game, players=players, by=alice)
    page = alice_client.get(reverse("match_detail", args=[match.pk])).content.decode()
    assert f'placeholder="{example}"' in page


def test_a_dutch_reader_says_the_round_in_dutch(alice_client, match):
    response = quick(
        alice_client, match, "Anna uit, Bram vijftien, Cor vijfennegentig", headers={"Accept-Language": "nl"}
    )
    page = response.content.decode()
    form = inputs(page)
    assert ("@went_out", "0") in form.checked
    assert (form.values["entries.1.points:int"], form.values["entries.2.points:int"]) == ("15", "95")
    assert "Hierboven ingevuld: kijk het na en sla op." in page


def test_a_french_reader_says_the_round_in_french(alice_client, match):
    line = "Anna sort, Bram quinze, Cor quatre-vingt-quinze, Dirk dix"
    page = quick(alice_client, match, line, headers={"Accept-Language": "fr"}).content.decode()
    assert inputs(page).values["entries.1.points:int"] == "15"
    assert inputs(page).values["entries.2.points:int"] == ""  # "Dirk dix" was said for Cor's line
    assert "Non placés\u00a0: “Dirk”, “10”. Laissé vide\u00a0: Cor." in page
    clean = quick(alice_client, match, line.removesuffix(", Dirk dix"), headers={"Accept-Language": "fr"})
    assert "Rempli ci-dessus\u00a0: vérifiez, puis enregistrez." in clean.content.decode()


def test_an_empty_line_asks_for_the_round(alice_client, match):
    page = quick(alice_client, match, "  ").content.decode()
    assert "Type or say the round first: a player&#x27;s name, then their numbers." in page
    assert inputs(page).values["entries.0.points:int"] == ""


def test_a_line_that_fits_nothing_says_so_and_fills_nothing(alice_client, match):
    page = quick(alice_client, match, "good evening everyone").content.decode()
    assert "Nothing in this line fits the round" in page
    assert inputs(page).values["entries.1.points:int"] == ""


def test_over_htmx_a_line_that_fits_nothing_leaves_the_form_as_it_was(alice_client, match):
    """Only the status changes: what was typed into the round form by hand stays there."""
    response = quick(alice_client, match, "good evening everyone", headers={"HX-Request": "true"})
    assert response["HX-Reswap"] == "none"
    page = response.content.decode()
    assert 'id="round-form"' not in page
    assert "Nothing in this line fits the round" in page


def test_a_barbuse_line_chooses_the_contract(alice_client, alice, club):
    match = MatchFactory.create(club=club, game="barbuse", players=["Anna", "Bram", "Cor", "Dirk"], by=alice)
    page = quick(alice_client, match, "no hearts anna 2 bram 4 cor 0 dirk 3").content.decode()
    form = inputs(page)
    assert ("contract:str", "no_hearts") in form.checked
    assert form.values["[contract=no_hearts]entries.1.hearts:int"] == "4"
    assert form.values["[contract=no_hearts]entries.3.hearts:int"] == "3"


def test_the_filled_form_saves_as_typed(alice_client, match):
    """Quick entry only fills; the round is stored by the form's own Save, as checked as ever."""
    quick(alice_client, match, "anna out bram 15 cor 95")
    saved = alice_client.post(
        reverse("round_add", args=[match.pk]),
        {
            "@went_out": "0",
            "entries.0.laid_down:bool": "1",
            "entries.0.points:int": "0",
            "entries.1.laid_down:bool": "1",
            "entries.1.points:int": "15",
            "entries.2.laid_down:bool": "0",
            "entries.2.points:int": "95",
        },
    )
    assert saved.status_code == 302
    assert Round.objects.get(match=match).body["entries"][2] == {
        "laid_down": False,
        "went_out": False,
        "points": 95,
    }


def test_the_line_asks_a_post(alice_client, match):
    assert alice_client.get(reverse("round_quick_entry", args=[match.pk])).status_code == 405


def test_a_member_who_does_not_keep_the_score_may_not_fill_it(client, bob, match):
    client.force_login(bob)
    assert quick(client, match, "anna out").status_code == 403


def test_another_clubs_match_is_not_found(client, charlie, match):
    client.force_login(charlie)
    assert quick(client, match, "anna out").status_code == 404


def test_a_match_over_meanwhile_answers_the_whole_sheet(alice_client, alice, club):
    match = MatchFactory.create(
        club=club, game="duizenden", players=["Anna", "Bram"], by=alice, options={"target": 100}
    )
    match.add_round(
        {
            "entries": [
                {"went_out": True, "table_points": 200, "hand_points": 0},
                {"went_out": False, "table_points": 0, "hand_points": 20},
            ]
        },
        by=alice,
    )
    response = quick(alice_client, match, "anna out 100", headers={"HX-Request": "true"})
    assert response["HX-Retarget"] == "#sheet"
    assert "Match over" in response.content.decode()


def test_a_house_games_line_fills_its_went_out_form(alice_client, alice, club):
    rummy = {
        "name": "Rummy",
        "players": {"min": 2, "max": 4},
        "entry": {"kind": "went_out"},
        "end": {"kind": "threshold", "value": 200},
    }
    game = HouseGameFactory.create(club=club, definition=rummy)
    match = Match.start(club=club, game=game.slug, players=["Anna", "Bram", "Cor"], by=alice)
    form = inputs(quick(alice_client, match, "Anna out, Bram 15, Cor min 30").content.decode())
    assert ("@went_out", "0") in form.checked
    assert [form.values[f"entries.{seat}.hand_points:int"] for seat in range(3)] == ["0", "15", "30"]
    assert not Round.objects.filter(match=match).exists()


def test_a_house_games_line_fills_its_bids_and_tricks(alice_client, alice, club):
    game = HouseGameFactory.create(club=club, template="boerenbridge")
    match = Match.start(club=club, game=game.slug, players=["Anna", "Bram", "Cor"], by=alice)
    line = "Anna bid 1 took 1, Bram bid 0 took 0, Cor bid 1 took 0"
    form = inputs(quick(alice_client, match, line).content.decode())
    assert [form.values[f"entries.{seat}.bid:int"] for seat in range(3)] == ["1", "0", "1"]
    assert [form.values[f"entries.{seat}.tricks:int"] for seat in range(3)] == ["1", "0", "0"]
