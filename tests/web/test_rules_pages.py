"""The rules pages: every game's rules with tables read from the engine, one section as a
fragment for the scoresheet's rules panel, and a paper scoresheet to print."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

import pytest
from django.urls import reverse

from games.registry import home_for
from scoring import all_games, get_game
from scoring.games import barbuse, canasta, duizenden, frustration_family, frustration_fr, frustration_nl
from scoring.games.frustration_family import Contract, run, set_of
from tests.factories import MatchFactory

GAMES = [game.slug for game in all_games()]


def sections(game: str) -> list[tuple[str, str]]:
    return [(section.anchor, section.title) for section in home_for(game).rules_sections()]


HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_CURRENT_URL": "http://testserver/matches/7/"}


# --- a small DOM, enough to find elements by attribute and read their text --------------------


@dataclass
class Element:
    tag: str
    attrs: dict[str, str]
    children: list[Element | str] = field(default_factory=list)

    @property
    def text(self) -> str:
        parts = [child if isinstance(child, str) else child.text for child in self.children]
        return re.sub(r"\s+", " ", "".join(parts)).strip()

    def iter(self):
        yield self
        for child in self.children:
            if isinstance(child, Element):
                yield from child.iter()

    def find_all(self, tag: str | None = None, **attrs: str | bool) -> list[Element]:
        found = []
        for element in self.iter():
            if tag and element.tag != tag:
                continue
            if all(
                (name.replace("_", "-") in element.attrs)
                if value is True
                else element.attrs.get(name.replace("_", "-")) == value
                for name, value in attrs.items()
            ):
                found.append(element)
        return found

    def find(self, tag: str | None = None, **attrs: str | bool) -> Element:
        found = self.find_all(tag, **attrs)
        assert found, f"no <{tag or '*'} {attrs}>"
        return found[0]

    def cells(self) -> list[str]:
        return [cell.text for cell in self.iter() if cell.tag in {"td", "th"}]


class _Builder(HTMLParser):
    VOID = {"br", "hr", "img", "input", "link", "meta", "source", "wbr", "col"}

    def __init__(self) -> None:
        super().__init__()
        self.root = Element("root", {})
        self.stack = [self.root]

    def handle_starttag(self, tag, attrs):
        element = Element(tag, {name: value or "" for name, value in attrs})
        self.stack[-1].children.append(element)
        if tag not in self.VOID:
            self.stack.append(element)

    def handle_endtag(self, tag):
        for index in range(len(self.stack) - 1, 0, -1):
            if self.stack[index].tag == tag:
                del self.stack[index:]
                return

    def handle_data(self, data):
        self.stack[-1].children.append(data)


def dom(response) -> Element:
    builder = _Builder()
    builder.feed(response.content.decode())
    return builder.root


def page(client, game: str) -> Element:
    response = client.get(reverse("rules_game", args=[game]))
    assert response.status_code == 200
    return dom(response)


# --- the index and the pages ------------------------------------------------------------------


def test_index_lists_every_game_with_its_rules_and_paper_sheet(client):
    response = client.get(reverse("rules_index"))
    assert response.status_code == 200
    root = dom(response)
    for game in GAMES:
        item = root.find("li", data_game=game)
        hrefs = [a.attrs["href"] for a in item.find_all("a")]
        assert reverse("rules_game", args=[game]) in hrefs
        assert reverse("rules_paper", args=[game]) in hrefs


@pytest.mark.parametrize("game", GAMES)
def test_rules_page_has_every_section_and_its_tables(client, game):
    root = page(client, game)
    for anchor, title in sections(game):
        section = root.find("section", id=anchor)
        assert section.find("h2").text == str(title)
    for anchor in ("scoring", "end", "options", "cards"):
        root.find("section", id=anchor)
    assert root.find_all("table", **{"class": "rules-table options-table"})


@pytest.mark.parametrize("game", GAMES)
def test_option_table_shows_every_default_of_the_engine_for_every_player_count(client, game):
    root = page(client, game)
    rules = get_game(game)
    for option in rules.options:
        row = root.find("tr", data_option=option.name)
        shown = {span.attrs["data-default"] for span in row.find_all("span", data_default=True)}
        assert shown == {str(option.default_for(players)) for players in rules.player_counts}


@pytest.mark.parametrize(
    ("game", "values"),
    [
        ("frustration-nl", frustration_nl.CARD_VALUES),
        ("frustration-fr", frustration_fr.CARD_VALUES),
        ("duizenden", duizenden.CARD_VALUES),
        ("canasta", canasta.CARD_VALUES),
    ],
)
def test_card_values_table_holds_each_card_at_the_engines_value(client, game, values):
    cards = page(client, game).find("section", id="cards")
    table = cards.find("table", **{"class": "rules-table card-values"})
    for rank, points in values.items():
        row = next(tr for tr in table.find_all("tr", data_points=True) if tr.find_all("span", data_rank=rank))
        assert row.attrs["data-points"] == str(points)
        assert row.find("td", **{"class": "num"}).text == str(points)


def test_frustration_nl_contracts_are_the_engines_with_the_limits_of_the_spec(client):
    table = page(client, "frustration-nl").find("section", id="contracts")
    # The spec's table (frustration-nl.md): minimum cards, kept at most, at most points.
    spec = [(6, 5, 100), (6, 5, 100), (7, 4, 80), (8, 3, 60), (8, 3, 60), (9, 2, 40), (7, 4, 80),
            (9, 2, 40), (8, 3, 60), (10, 1, 20), (9, 2, 40)]  # fmt: skip
    assert len(frustration_nl.CONTRACTS) == len(spec)
    for contract, (minimum, kept, most) in zip(frustration_nl.CONTRACTS, spec, strict=True):
        row = table.find("tr", id=f"contract-{contract.number}")
        assert row.find("td", data_minimum_cards=True).text == str(contract.minimum_cards) == str(minimum)
        assert row.find("td", data_kept=True).text == str(frustration_family.HAND_SIZE - minimum) == str(kept)
        assert row.find("td", data_most_points=True).text == str(most)


def test_frustration_fr_shows_both_level_lists(client):
    root = page(client, "frustration-fr")
    table = root.find("section", id="levels")
    for key, levels in frustration_fr.LEVELS.items():
        for level in levels:
            rows = [
                tr
                for tr in table.find_all("tr", data_level=str(level.number))
                if key in tr.attrs["data-level-list"].split()
            ]
            assert len(rows) == 1, (key, level.number)
            assert rows[0].find("td", data_minimum_cards=True).text == str(level.minimum_cards)
            kept = frustration_fr.KEPT_FROM - level.minimum_cards
            assert rows[0].find("td", data_kept=True).text == str(kept)
        assert table.find("tr", id="level-7")


def test_canasta_minimum_meld_table_is_the_engines(client):
    section = page(client, "canasta").find("section", id="minimum-meld")
    minimums = [tr.attrs["data-minimum"] for tr in section.find_all("tr", data_minimum=True)]
    assert minimums == [str(minimum) for _, minimum in canasta.MINIMUM_MELD_TABLE]
    assert section.find_all("tr", data_minimum=True)[1].cells() == ["0 to 1495", "50"]


def test_barbuse_penalties_are_the_engines(client):
    root = page(client, "barbuse")
    knobbelen = root.find("section", id="contract-knobbelen")
    for failers, each in barbuse.KNOBBELEN_PENALTY.items():
        assert knobbelen.find("tr", data_failers=str(failers)).cells() == [
            str(failers),
            str(each),
            str(failers * each),
        ]
    for slug in barbuse.CONTRACTS:
        root.find("section", id=f"contract-{slug}")
        assert root.find("tr", data_contract=slug)


def test_tables_follow_the_engine_when_its_data_changes(client, monkeypatch):
    """The pages read the engine at every request: change its data, the pages change."""
    monkeypatch.setattr(frustration_nl, "CONTRACTS", (Contract(1, (run(5), set_of(4))),))
    monkeypatch.setattr(canasta, "MINIMUM_MELD_TABLE", ((None, 20), (0, 60), (2000, 150)))
    monkeypatch.setattr(barbuse, "QUEEN_PENALTY", 25)
    monkeypatch.setattr(duizenden, "CARD_VALUES", {**duizenden.CARD_VALUES, "A": 15})

    root = page(client, "frustration-nl")
    row = root.find("tr", id="contract-1")
    assert "run of 5 + set of 4" in row.text
    assert row.find("td", data_minimum_cards=True).text == "9"
    glance = root.find("section", id="glance")
    assert [li.text for li in glance.find_all("li", data_contract=True)] == ["run of 5 + set of 4"]

    section = page(client, "canasta").find("section", id="minimum-meld")
    assert [tr.cells() for tr in section.find_all("tr", data_minimum=True)] == [
        ["below 0", "20"],
        ["0 to 1995", "60"],
        ["2000 or more", "150"],
    ]
    assert "25 per queen taken" in page(client, "barbuse").find("tr", data_contract="no_queens").text
    cards = page(client, "duizenden").find("section", id="cards")
    assert cards.find("tr", data_points="15").find_all("span", data_rank="A")
    glance = page(client, "canasta").find("section", id="glance").find("div", data_glance="minimum-meld")
    assert glance.text.endswith("2000 or more: 150")


@pytest.mark.parametrize("game", GAMES)
def test_rules_pages_are_public(client, game):
    assert client.get(reverse("rules_game", args=[game])).status_code == 200


def test_rules_pages_only_answer_reads(client):
    assert client.post(reverse("rules_game", args=["canasta"])).status_code == 405


@pytest.mark.parametrize("view", ["rules_game", "rules_paper"])
def test_unknown_game_is_not_found(client, view):
    assert client.get(reverse(view, args=["poker"])).status_code == 404


# --- one section as a fragment -------------------------------------------------------------


def _anchors(game: str) -> list[str]:
    anchors = [anchor for anchor, _ in sections(game)]
    if game == "frustration-nl":
        anchors += [f"contract-{c.number}" for c in frustration_nl.CONTRACTS]
    if game == "frustration-fr":
        anchors += [f"level-{n}" for n in range(1, frustration_fr.LAST + 1)]
    return anchors


@pytest.mark.parametrize(("game", "anchor"), [(g, a) for g in GAMES for a in _anchors(g)])
def test_every_anchor_opens_as_a_fragment(client, game, anchor):
    response = client.get(reverse("rules_section", args=[game, anchor]), **HTMX)
    assert response.status_code == 200
    assert dom(response).find("div", data_anchor=anchor)


def test_fragment_holds_only_its_section_with_a_way_back_to_the_sheet(client):
    response = client.get(reverse("rules_section", args=["canasta", "minimum-meld"]), **HTMX)
    html = response.content.decode()
    assert "<html" not in html and "<nav" not in html
    root = dom(response)
    assert root.find("tr", data_minimum="50")
    assert not root.find_all(id="scoring") and not root.find_all("section")
    assert "canastas" not in [el.attrs.get("id") for el in root.iter()]
    close = root.find("a", **{"class": "rules-close"})
    assert close.attrs["href"] == "/matches/7/"
    assert close.attrs["hx-swap"] == "delete"
    assert root.find("a", href="/rules/canasta/#minimum-meld")
    assert "HX-Request" in response["Vary"]


def test_one_contract_fragment_shows_that_contract_only(client):
    response = client.get(reverse("rules_section", args=["frustration-nl", "contract-10"]), **HTMX)
    text = dom(response).text
    assert "two sets of 5" in text and "at least 10 cards" in text and "at most 1 card:" in text
    assert "two sets of 3" not in text
    assert "may lay this contract down and go out in the same turn" in text


def test_a_level_where_the_lists_differ_shows_both(client):
    response = client.get(reverse("rules_section", args=["frustration-fr", "level-7"]), **HTMX)
    lists = [div.attrs["data-level-list"] for div in dom(response).find_all("div", data_level_list=True)]
    assert lists == ["corrected", "as_written"]


def test_section_without_htmx_goes_to_the_page_at_its_anchor(client):
    response = client.get(reverse("rules_section", args=["barbuse", "contract-no_hearts"]))
    assert response.status_code == 302
    assert response["Location"] == "/rules/barbuse/#contract-no_hearts"


@pytest.mark.parametrize(
    ("game", "anchor"),
    [("frustration-nl", "contract-12"), ("frustration-nl", "level-1"), ("barbuse", "contract-poker"),
     ("canasta", "nothing"), ("poker", "scoring")],
)  # fmt: skip
def test_unknown_anchor_is_not_found(client, game, anchor):
    assert client.get(reverse("rules_section", args=[game, anchor]), **HTMX).status_code == 404


# --- the paper sheet ---------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_paper_sheet_has_a_blank_grid_and_a_reminder(client, game):
    response = client.get(reverse("rules_paper", args=[game]))
    assert response.status_code == 200
    root = dom(response)
    grid = root.find("table", **{"class": f"paper-grid paper-{game}"})
    assert len(grid.find("tbody").find_all("tr")) >= 16
    assert root.find("section", **{"class": "paper-reminder"}).find_all("table")


def test_paper_sheet_has_a_column_group_per_player_asked_for(client):
    root = dom(client.get(reverse("rules_paper", args=["frustration-nl"]), {"columns": "6"}))
    assert len(root.find_all("th", **{"class": "name"})) == 6
    root = dom(client.get(reverse("rules_paper", args=["frustration-nl"]), {"columns": "9"}))
    assert len(root.find_all("th", **{"class": "name"})) == 4


def test_barbuse_paper_sheet_has_twenty_deals_in_blocks_of_five(client):
    grid = dom(client.get(reverse("rules_paper", args=["barbuse"]))).find("tbody")
    rows = grid.find_all("tr")
    assert len(rows) == barbuse.DEALS
    assert [row.attrs.get("class") for row in rows].count("block-end") == barbuse.DEALS // 5
    assert (
        len(dom(client.get(reverse("rules_paper", args=["barbuse"]))).find_all("th", **{"class": "name"}))
        == 4
    )


# --- from the scoresheet -------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(("game", "prefix"), [("frustration-nl", "contract"), ("frustration-fr", "level")])
def test_scoresheet_contract_links_open_existing_anchors(client, alice, club, game, prefix):
    match = MatchFactory(club=club, game=game, players=["Anna", "Bram", "Cor"], by=alice)
    client.force_login(alice)
    sheet = dom(client.get(reverse("match_detail", args=[match.pk])))
    assert sheet.find("div", id="rules-panel")
    links = sheet.find("section", **{"class": "hints"}).find_all("a")
    assert len(links) == 3
    rules = page(client, game)
    for link in links:
        path, anchor = link.attrs["href"].split("#")
        assert path == reverse("rules_game", args=[game])
        assert anchor == f"{prefix}-1"
        assert rules.find(id=anchor)
        assert link.attrs["hx-target"] == "#rules-panel"
        fragment = client.get(link.attrs["hx-get"], **HTMX)
        assert fragment.status_code == 200
        assert dom(fragment).find("div", data_anchor=anchor)


# --- what the original texts say, and where Scoreblok decided ---------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_glance_card_is_the_first_section(client, game):
    sections = page(client, game).find_all("section", **{"class": "rules-section"})
    assert sections[0].attrs["id"] == "glance"
    assert sections[0].find("dl", **{"class": "glance"})


def test_duizenden_glance_answers_the_jokers_value_from_the_engine(client, monkeypatch):
    """ "How much is a joker worth?" is answered in the first section, from the engine's data."""
    monkeypatch.setattr(duizenden, "CARD_VALUES", {**duizenden.CARD_VALUES, "joker": 30})
    glance = page(client, "duizenden").find("section", id="glance")
    item = next(
        span for span in glance.find_all("span", data_points=True) if span.find_all(data_rank="joker")
    )
    assert item.attrs["data-points"] == "30"
    assert item.find("b").text == "30"


@pytest.mark.parametrize("game", GAMES)
def test_every_page_names_its_source(client, game):
    source = page(client, game).find("p", **{"class": "rules-source"})
    assert source.find("cite")


def test_barbuse_source_points_to_wikibooks(client):
    source = page(client, "barbuse").find("p", **{"class": "rules-source"})
    assert source.find("a", href="https://nl.wikibooks.org/wiki/Kaartspel/Barbuse")


@pytest.mark.parametrize(
    ("game", "anchor", "decision"),
    [
        ("canasta", "melds", "own-melds"),
        ("canasta", "threes", "red-threes-penalty"),
        ("canasta", "minimum-meld", "at-least"),
        ("canasta", "going-out", "concealed"),
        ("duizenden", "cards", "card-values"),
        ("duizenden", "going-out", "no-bonus"),
        ("frustration-nl", "end", "laid-down"),
        ("frustration-nl", "contracts", "contract-word"),
        ("frustration-fr", "deal", "turn-order"),
        ("frustration-fr", "levels", "level-list"),
        ("barbuse", "contract-no_hearts", "all-hearts"),
        ("barbuse", "contract-no_king_of_hearts", "king-of-hearts"),
        ("barbuse", "contract-knobbelen", "exact"),
    ],
)
def test_a_decision_marker_sits_next_to_each_rule_the_spec_changed(client, game, anchor, decision):
    section = page(client, game).find("section", id=anchor)
    marker = section.find("span", data_decision=decision)
    assert marker.find("b").text == "Scoreblok decides"
    assert len(marker.text) > len("Scoreblok decides") + 10


def test_canasta_states_the_seeds_pile_meld_and_canasta_rules(client):
    root = page(client, "canasta")
    turn = root.find("section", id="turn").text
    assert "not yet on the table" in turn and "A wild card does not replace one of them" in turn
    assert (
        "Er mogen ook kaarten bij de sets van andere spelers worden gelegd"
        in root.find("section", id="melds").text
    )
    frozen = root.find("section", id="frozen-pile").text
    assert "a red three or a wild card was turned up at the start of the deal" in frozen
    canastas = root.find("section", id="canastas").text
    assert "red card on top" in canastas and "black card on top" in canastas
    assert "may no longer be looked through" in canastas
    threes = root.find("section", id="threes").text
    assert f"{canasta.RED_THREE_VALUE} points off for each" in threes


def test_duizenden_states_the_seeds_queen_joker_and_going_out_rules(client):
    root = page(client, "duizenden")
    assert (
        "tenzij ze getrokken wordt in de laatste ronde als laatste kaart"
        in root.find("section", id="queen-of-spades").text
    )
    assert "that last card must be a discard" in root.find("section", id="going-out").text
    assert "in team play to your teammate's" in root.find("section", id="melds").text
    assert "takes the joker" in root.find("section", id="jokers").text


def test_frustration_fr_states_runs_from_the_king_to_the_ace_level_9_and_the_knock(client):
    root = page(client, "frustration-fr")
    melds = root.find("section", id="melds").text
    assert "du roi à l'as" in melds and "Q-K-A" in melds
    # The spec decides runs do not go round the corner, and the page says so next to the rule.
    decision = root.find("section", id="melds").find("span", data_decision="run-corner")
    assert "K-A-2 is not a run" in decision.text
    assert "ensemble" in melds and "série" in melds and "course" in melds
    assert "can no longer draw or discard" in root.find("section", id="levels").text
    assert "knock on the table" in root.find("section", id="completing").text


def test_frustration_nl_quotes_the_seeds_winning_sentence(client):
    end = page(client, "frustration-nl").find("section", id="end")
    quote = end.find("blockquote", lang="nl")
    assert quote.text.startswith("Winnaar is degene die als eerste uitgelegd heeft in ronde 11")


def test_barbuse_knobbelen_reveal_is_the_seeds(client):
    text = page(client, "barbuse").find("section", id="contract-knobbelen").text
    assert "puts his fist on the table" in text and "the oldest player counts down, 3, 2, 1" in text


@pytest.mark.parametrize(
    ("language", "expected"),
    [("en", "No queens (Geen Vrouwen)"), ("fr", "Pas de dames (Geen Vrouwen)"), ("nl", "Geen Vrouwen")],
)
def test_barbuse_contracts_show_the_dutch_name_beside_the_translation(client, language, expected):
    response = client.get(reverse("rules_game", args=["barbuse"]), HTTP_ACCEPT_LANGUAGE=language)
    row = dom(response).find("section", id="contracts").find("tr", data_contract="no_queens")
    assert row.find("th").find("a").text == expected


@pytest.mark.parametrize(("players", "heading"), [("2", "Player 1"), ("3", "Player 3"), ("4", "Team 1")])
def test_canasta_paper_sheet_says_player_when_playing_alone(client, players, heading):
    root = dom(client.get(reverse("rules_paper", args=["canasta"]), {"columns": players}))
    headings = [th.text for th in root.find_all("th", **{"class": "name"})]
    assert heading in headings
    assert len(headings) == (int(players) if players != "4" else 2)


def test_canasta_paper_reminder_lists_red_threes_and_going_out(client):
    reminder = dom(client.get(reverse("rules_paper", args=["canasta"]))).find(
        "section", **{"class": "paper-reminder"}
    )
    assert reminder.find("table", **{"class": "rules-table red-threes"})
    assert f"Going out: {canasta.GOING_OUT_BONUS}" in reminder.text


@pytest.mark.parametrize("game", GAMES)
def test_no_one_or_more_plurals_on_the_rules_pages(client, game):
    assert "(s)" not in page(client, game).text
