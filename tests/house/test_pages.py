"""House games on the phone pages: Alice, who owns De Klaverclub, declares Hartenjagen from the
blocks and the club plays it like a built-in game (the sheet checks each deal and keeps what
was typed when it refuses one, the rules page and the paper sheet come from the definition, a
competition ranks its matches); Bob, a member, plays but declares nothing; Charlie sees none of
it. Changing the game later leaves a started match as it was."""

from __future__ import annotations

import datetime
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.serializers.json import DjangoJSONEncoder
from django.urls import reverse
from django.utils import timezone

from backup.exports import export_club, import_club
from games.declared import MESSAGES
from games.registry import home_for
from house.homes import home_by_slug, homes_by_slug, names_by_slug
from house.models import HouseGame
from league.models import Competition, Standing
from matches.models import Match
from players.models import Club
from scoring import Refused, UnknownGame, all_games, get_game
from scoring.declared import TEMPLATES, DeclaredCode, DefinitionCode
from tests.conftest import _api_client
from tests.factories import CompetitionFactory, HouseGameFactory, PlayerFactory

HARTENJAGEN_FORM = {
    "name": "Hartenjagen",
    "players.min": "3",
    "players.max": "6",
    "team_size": "1",
    "entry.kind": "points",
    "points.multiple_of": "1",
    "points.minimum": "0",
    "points.maximum": "26",
    "points.total": "26",
    "points.shoot_the_moon": "on",
    "end.kind": "threshold",
    "end.value": "100",
    "end.winner": "highest",
}


def points(*values: int) -> dict[str, str]:
    return {f"entries.{seat}.points:int": str(value) for seat, value in enumerate(values)}


@pytest.fixture
def alice_client(client, alice, klaverclub):
    client.force_login(alice)
    return client


def start_hartenjagen(client, club) -> str:
    game = HouseGame.objects.get(club=club)
    response = client.post(
        reverse("new_match_setup", args=[game.slug]),
        {
            "club": str(club.pk),
            "player_0": "Anna",
            "player_1": "Bram",
            "player_2": "Cor",
            "player_3": "Dirk",
            "dealer": "0",
        },
    )
    assert response.status_code == 302, response.content.decode()
    return response["Location"]


def test_every_code_of_a_declared_game_and_of_a_definition_has_a_message():
    assert set(DeclaredCode) | set(DefinitionCode) <= set(MESSAGES)


def test_alice_declares_hartenjagen_from_the_blocks(alice_client, klaverclub):
    assert alice_client.get(reverse("house_game_new", args=[klaverclub.pk])).status_code == 200
    response = alice_client.post(reverse("house_game_new", args=[klaverclub.pk]), HARTENJAGEN_FORM)
    assert response.status_code == 302
    game = HouseGame.objects.get(club=klaverclub)
    assert game.definition == {
        "name": "Hartenjagen",
        "players": {"min": 3, "max": 6},
        "team_size": 1,
        "entry": {
            "kind": "points",
            "multiple_of": 1,
            "minimum": 0,
            "maximum": 26,
            "total": 26,
            "shoot_the_moon": True,
            "one_zero_at_most": False,
        },
        "end": {"kind": "threshold", "value": 100, "winner": "lowest"},
    }
    listed = alice_client.get(reverse("house_games", args=[klaverclub.pk])).content.decode()
    assert "Hartenjagen" in listed
    assert "Hartenjagen" in alice_client.get(reverse("new_match")).content.decode()


def test_a_contradiction_is_shown_next_to_its_field_and_what_was_typed_stays(alice_client, klaverclub):
    form = {**HARTENJAGEN_FORM, "points.maximum": "5"}
    page = alice_client.post(reverse("house_game_new", args=[klaverclub.pk]), form).content.decode()
    assert "With 3 sides, entries within the bounds (multiples of 1) cannot add up to 26." in page
    assert 'name="points.maximum" value="5"' in page
    assert not HouseGame.objects.exists()


def test_a_template_fills_the_form(alice_client, klaverclub):
    page = alice_client.get(reverse("house_game_new", args=[klaverclub.pk]) + "?template=boerenbridge")
    assert 'name="name" value="Boerenbridge"' in page.content.decode()


def test_the_sheet_refuses_a_deal_not_adding_up_to_26_and_keeps_what_was_typed(alice_client, klaverclub):
    HouseGameFactory.create(club=klaverclub)
    sheet_url = start_hartenjagen(alice_client, klaverclub)
    sheet = alice_client.get(sheet_url).content.decode()
    assert "Deal 1, dealt by Anna." in sheet
    refused = alice_client.post(f"{sheet_url}rounds/", points(10, 6, 4, 5))
    assert refused.status_code == 400
    page = refused.content.decode()
    assert "A deal adds up to 26; these entries add up to 25." in page
    assert 'name="entries.3.points:int"' in page and 'value="5"' in page
    assert alice_client.post(f"{sheet_url}rounds/", points(26, 0, 0, 0)).status_code == 302
    match = Match.objects.get()
    assert match.state().totals == (0, 26, 26, 26)


def test_dutch_words_for_a_declared_game(alice_client, klaverclub):
    HouseGameFactory.create(club=klaverclub)
    sheet_url = start_hartenjagen(alice_client, klaverclub)
    refused = alice_client.post(f"{sheet_url}rounds/", points(10, 6, 4, 5), headers={"Accept-Language": "nl"})
    assert "Een ronde telt op tot 26; deze invoer telt op tot 25." in refused.content.decode()


def test_rules_page_and_paper_sheet_come_from_the_definition(client, klaverclub):
    game = HouseGameFactory.create(club=klaverclub)
    page = client.get(reverse("rules_game", args=[game.slug])).content.decode()
    assert "Rules: Hartenjagen" in page
    assert "The entries of a deal add up to 26." in page
    assert "the lowest total wins" in page
    paper = client.get(reverse("rules_paper", args=[game.slug]) + "?columns=4")
    assert paper.status_code == 200
    french = client.get(reverse("rules_game", args=[game.slug]), headers={"Accept-Language": "fr"})
    assert "Les points d\u2019une donne font 26 au total." in french.content.decode()


def test_a_paper_sheet_for_bids_has_the_cards_of_each_deal_and_a_bid_column(client, klaverclub):
    game = HouseGameFactory.create(club=klaverclub, template="boerenbridge")
    paper = client.get(reverse("rules_paper", args=[game.slug]) + "?columns=4").content.decode()
    assert paper.count('<th scope="col" class="narrow">Bid</th>') == 4
    assert paper.count('<th scope="col" class="narrow">Tricks</th>') == 4
    # Up to 7 cards and back: 13 deals, the seventh of 7 cards.
    assert '<th scope="row" class="deal">7</th>\n        <td class="narrow">7</td>' in paper
    hartenjagen = HouseGameFactory.create(club=klaverclub)
    plain = client.get(reverse("rules_paper", args=[hartenjagen.slug]) + "?columns=4").content.decode()
    assert ">Bid<" not in plain


def test_changing_the_game_leaves_a_started_match_as_it_was(alice_client, klaverclub):
    game = HouseGameFactory.create(club=klaverclub)
    sheet_url = start_hartenjagen(alice_client, klaverclub)
    edit = reverse("house_game_edit", args=[klaverclub.pk, game.slug])
    assert alice_client.post(edit, {**HARTENJAGEN_FORM, "end.value": "50"}).status_code == 302
    game.refresh_from_db()
    assert (game.version, game.definition["end"]["value"]) == (2, 50)
    match = Match.objects.get()
    assert match.definition["end"]["value"] == 100
    alice_client.post(f"{sheet_url}rounds/", points(0, 26, 0, 0))
    alice_client.post(f"{sheet_url}rounds/", points(0, 26, 0, 0))
    assert not Match.objects.get().state().finished  # 52 is past the new limit, not the match's


def test_a_started_matchs_rules_page_paper_sheet_and_hints_keep_the_rules_it_started_with(
    alice_client, klaverclub
):
    """The club lowers Hartenjagen's limit from 100 to 50: the match started at 100 says 100 on
    its rules page (and the sheet's rules panel), its paper sheet and its sheet, while the
    club's game says 50."""
    game = HouseGameFactory.create(club=klaverclub)
    sheet_url = start_hartenjagen(alice_client, klaverclub)
    edit = reverse("house_game_edit", args=[klaverclub.pk, game.slug])
    assert alice_client.post(edit, {**HARTENJAGEN_FORM, "end.value": "50"}).status_code == 302
    reaches = {limit: f"reaches {limit}" for limit in (50, 100)}
    club_rules = alice_client.get(reverse("rules_game", args=[game.slug])).content.decode()
    assert reaches[50] in club_rules and reaches[100] not in club_rules
    for page in (f"{sheet_url}rules/", f"{sheet_url}paper/"):
        shown = alice_client.get(page).content.decode()
        assert reaches[100] in shown and reaches[50] not in shown, page
    panel = alice_client.get(f"{sheet_url}rules/", headers={"HX-Request": "true"}).content.decode()
    assert reaches[100] in panel and reaches[50] not in panel
    alice_client.post(f"{sheet_url}rounds/", points(0, 26, 0, 0))
    alice_client.post(f"{sheet_url}rounds/", points(0, 26, 0, 0))
    sheet = alice_client.get(sheet_url)
    assert sheet.status_code == 200 and not Match.objects.get().state().finished


def test_members_play_but_only_managers_declare(client, bob, charlie, klaverclub):
    game = HouseGameFactory.create(club=klaverclub)
    client.force_login(bob)
    assert client.get(reverse("house_games", args=[klaverclub.pk])).status_code == 200
    assert client.get(reverse("house_game_new", args=[klaverclub.pk])).status_code == 403
    assert client.post(reverse("house_game_delete", args=[klaverclub.pk, game.slug])).status_code == 403
    client.force_login(charlie)
    assert client.get(reverse("house_games", args=[klaverclub.pk])).status_code == 404
    assert "Hartenjagen" not in client.get(reverse("new_match")).content.decode()


def test_a_shared_file_is_imported(alice_client, klaverclub):
    upload = SimpleUploadedFile(
        "g.json", json.dumps(TEMPLATES["rikken"]).encode(), content_type="application/json"
    )
    response = alice_client.post(reverse("house_game_import", args=[klaverclub.pk]), {"file": upload})
    assert response.status_code == 302
    assert HouseGame.objects.get().name == "Rikken"


@pytest.mark.django_db(transaction=True)
def test_a_declared_game_ranks_in_a_competition_like_a_built_in_one(klaverclub):
    game = HouseGameFactory.create(club=klaverclub)
    today = timezone.localdate()
    competition = CompetitionFactory.create(
        club=klaverclub,
        games=[game.slug],
        options={},
        counts=Competition.Counts.MATCHES,
        starts_on=today - datetime.timedelta(days=1),
        ends_on=today + datetime.timedelta(days=1),
    )
    match = Match.start(club=klaverclub, game=game.slug, players=["Anna", "Bram", "Cor", "Dirk"])
    for deal in ([26, 0, 0, 0], [26, 0, 0, 0], [0, 20, 6, 0], [0, 20, 0, 6], [0, 10, 16, 0]):
        match.add_round({"entries": [{"points": value} for value in deal]})
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED  # totals 0, 102, 74, 58: lowest first
    rows = [
        (standing.player.name, standing.rank, int(standing.points))
        for standing in Standing.objects.filter(competition=competition).select_related("player")
    ]
    assert rows == [("Anna", 1, 10), ("Dirk", 2, 8), ("Cor", 3, 6), ("Bram", 4, 5)]
    assert competition.game_names() == ["Hartenjagen"]


def test_a_club_export_brings_a_house_game_match_back_with_its_own_rules(alice, klaverclub):
    game = HouseGameFactory.create(club=klaverclub)
    match = Match.start(club=klaverclub, game=game.slug, players=["Anna", "Bram", "Cor", "Dirk"])
    match.add_round({"entries": [{"points": value} for value in (26, 0, 0, 0)]})
    game.change({**TEMPLATES["hartenjagen"], "end": {"kind": "threshold", "value": 50}})
    document = json.loads(json.dumps(export_club(klaverclub), cls=DjangoJSONEncoder))
    Match.objects.filter(club=klaverclub).delete()  # the house game stays: its slug is taken
    club = import_club(document, owner=alice).club
    imported = Match.objects.get(club=club)
    # The imported club's own copy of the game, under a new slug; the match keeps its rules.
    assert imported.game == club.house_games.get().slug != match.game
    assert imported.definition["end"]["value"] == 100
    assert imported.state().totals == (0, 26, 26, 26)
    assert imported.home.name == "Hartenjagen"


def test_a_boerenbridge_sheet_tells_the_cards_and_the_dealer_rule_and_refuses_wrong_tricks(
    alice_client, klaverclub
):
    game = HouseGameFactory.create(club=klaverclub, template="boerenbridge")
    match = Match.start(club=klaverclub, game=game.slug, players=["Anna", "Bram", "Cor"], dealer=1)
    sheet_url = reverse("match_detail", args=[match.pk])
    sheet = alice_client.get(sheet_url).content.decode()
    assert "Deal 1, dealt by Bram." in sheet
    assert "1 card each." in sheet
    assert "Bram bids last: the bids may not add up to 1." in sheet
    assert 'name="entries.2.tricks:int"' in sheet
    deal = {"entries.0.bid:int": "0", "entries.1.bid:int": "0", "entries.2.bid:int": "0"}
    tricks = {"entries.0.tricks:int": "1", "entries.1.tricks:int": "1", "entries.2.tricks:int": "0"}
    refused = alice_client.post(f"{sheet_url}rounds/", {**deal, **tricks})
    assert "The tricks add up to 2; this deal has 1 trick to take." in refused.content.decode()
    assert "Bram may not bid 1." in refused.content.decode()
    tricks["entries.1.tricks:int"] = "0"
    assert alice_client.post(f"{sheet_url}rounds/", {**deal, **tricks}).status_code == 302
    assert Match.objects.get().state().totals == (-2, 10, 10)


def test_a_went_out_game_brings_its_own_card_values_to_the_calculator(alice_client, klaverclub):
    rummy = {
        "name": "Rummy",
        "players": {"min": 2, "max": 4},
        "entry": {"kind": "went_out", "card_values": {"A": 1, "K": 10, "joker": 25}},
        "end": {"kind": "threshold", "value": 200},
    }
    game = HouseGameFactory.create(club=klaverclub, definition=rummy)
    match = Match.start(club=klaverclub, game=game.slug, players=["Anna", "Bram"])
    sheet_url = reverse("match_detail", args=[match.pk])
    sheet = alice_client.get(sheet_url).content.decode()
    assert 'data-cards="entries.1.hand_cards"' in sheet
    answer = alice_client.post(
        f"{sheet_url}rounds/",
        {"@went_out": "0", "entries.1.hand_cards.K:int": "2", "entries.1.hand_cards.joker:int": "1"},
    )
    assert answer.status_code == 302
    assert Match.objects.get().state().totals == (0, 45)


@pytest.mark.django_db(transaction=True)
def test_ratings_and_player_figures_name_a_house_game_like_a_built_in_one(alice, klaverclub):
    game = HouseGameFactory.create(
        club=klaverclub, template="free", definition={**TEMPLATES["free"], "name": "Yahtzee"}
    )
    match = Match.start(club=klaverclub, game=game.slug, players=["Anna", "Bram"])
    match.add_round({"entries": [{"points": 500}, {"points": 120}]})
    api = _api_client(alice)
    ladders = api.get(f"/api/clubs/{klaverclub.pk}/ratings/").json()["ladders"]
    assert [(ladder["game"], ladder["name"]) for ladder in ladders] == [
        ("", "All games"),
        (game.slug, "Yahtzee"),
    ]
    anna = match.seats.get(position=0).player
    figures = api.get(f"/api/clubs/{klaverclub.pk}/players/{anna.pk}/").json()
    line = figures["games"][0]
    assert (line["game"], line["name"], line["played"], line["wins"]) == (game.slug, "Yahtzee", 1, 1)
    assert figures["recent"][0]["game"] == "Yahtzee"


@pytest.mark.django_db(transaction=True)
def test_a_competition_of_a_house_game_is_started_and_drawn_like_a_built_in_one(alice, klaverclub):
    game = HouseGameFactory.create(club=klaverclub)
    api = _api_client(alice)
    body = {
        "name": "Hartenjagen-ladder",
        "games": [game.slug],
        "starts_on": "2026-09-01",
        "ends_on": "2027-06-30",
    }
    created = api.post(reverse("api-competitions", args=[klaverclub.pk]), body, format="json")
    assert created.status_code == 201, created.json()
    competition = Competition.objects.get(name="Hartenjagen-ladder")
    assert competition.game_names() == ["Hartenjagen"]
    evening = api.post(reverse("api-evenings", args=[competition.pk]), {"date": "2026-10-01"}, format="json")
    assert evening.status_code == 201, evening.json()
    players = [PlayerFactory.create(club=klaverclub) for _ in range(8)]
    competition.evenings.get().present.set(players)
    drawn = api.post(reverse("api-evening-draw", args=[evening.json()["id"]]))
    assert drawn.status_code == 201, drawn.json()
    tables = Match.objects.filter(club=klaverclub)
    assert [(m.game, m.player_count, m.definition["name"]) for m in tables] == [
        (game.slug, 4, "Hartenjagen")
    ] * 2


def test_the_competition_form_offers_the_club_house_games(alice_client, klaverclub):
    game = HouseGameFactory.create(club=klaverclub)
    page = alice_client.get(reverse("league_competitions", args=[klaverclub.pk])).content.decode()
    assert f'value="{game.slug}"' in page


def test_the_engine_registry_knows_the_built_in_games_only(klaverclub, django_assert_num_queries):
    game = HouseGameFactory.create(club=klaverclub)
    with django_assert_num_queries(0), pytest.raises(UnknownGame):
        get_game(game.slug)
    with django_assert_num_queries(0), pytest.raises(UnknownGame):
        home_for(game.slug)
    assert game.slug not in {known.slug for known in all_games()}


def test_a_page_with_a_slug_reads_the_house_game_with_the_club_rules_now(
    klaverclub, django_assert_num_queries
):
    game = HouseGameFactory.create(club=klaverclub)
    assert home_by_slug(game.slug).game.player_counts == (3, 4, 5, 6)
    game.change({**TEMPLATES["hartenjagen"], "players": {"min": 4, "max": 4}})
    with django_assert_num_queries(1):
        homes = homes_by_slug([game.slug, "duizenden", "canasta"])
    assert homes[game.slug].game.player_counts == (4,)
    with pytest.raises(UnknownGame):
        home_by_slug("house-000000000000")
    with django_assert_num_queries(0):
        assert names_by_slug(["duizenden"]) == {"duizenden": "Duizenden"}


def test_a_match_takes_a_house_game_only_from_its_own_club(klaverclub, charlie):
    game = HouseGameFactory.create(club=klaverclub)
    with pytest.raises(Refused) as caught:
        Match.start(club=Club.personal_for(charlie), game=game.slug, players=["A", "B", "C"])
    assert [(error.code, error.field) for error in caught.value.errors] == [("invalid", "game")]


@pytest.mark.parametrize(
    ("language", "name"), [("en", "Free game"), ("nl", "Vrij spel"), ("fr", "Jeu libre")]
)
def test_the_free_template_is_named_in_the_readers_language(alice_client, klaverclub, language, name):
    listed = alice_client.get(
        reverse("house_games", args=[klaverclub.pk]), headers={"Accept-Language": language}
    )
    assert '?template=free">' in listed.content.decode()
    assert name in listed.content.decode()
    form = alice_client.get(
        reverse("house_game_new", args=[klaverclub.pk]) + "?template=free",
        headers={"Accept-Language": language},
    )
    assert f'name="name" value="{name}"' in form.content.decode()
    # A game's own name is the same in every language.
    assert "Boerenbridge" in listed.content.decode()


def test_a_boerenbridge_form_follows_play_the_cards_and_dealer_then_the_bids_dealer_last_then_the_tricks(
    alice_client, klaverclub
):
    """Deal 2 of an up-and-down schedule: 2 cards each, dealt by Cor (Anna dealt first), so Dirk
    bids first and Cor last; Save comes after every field."""
    game = HouseGameFactory.create(club=klaverclub, template="boerenbridge")
    match = Match.start(club=klaverclub, game=game.slug, players=["Anna", "Bram", "Cor", "Dirk"], dealer=1)
    bids_and_tricks = {
        "entries": [
            {"bid": 0, "tricks": 0},
            {"bid": 1, "tricks": 1},
            {"bid": 1, "tricks": 0},
            {"bid": 0, "tricks": 0},
        ]
    }
    match.add_round(bids_and_tricks)
    sheet = alice_client.get(reverse("match_detail", args=[match.pk])).content.decode()
    form = sheet[sheet.index('id="round-form"') : sheet.index("</form>", sheet.index('id="round-form"'))]
    facts = form.index("<strong>2 cards</strong> each · <strong>Cor</strong> deals and bids last")
    rule = form.index("The bids may not add up to 2.")
    bids = [form.index(f'name="entries.{seat}.bid:int"') for seat in (3, 0, 1, 2)]
    tricks = [form.index(f'name="entries.{seat}.tricks:int"') for seat in (3, 0, 1, 2)]
    save = form.index('class="button primary block big save"')
    assert (
        facts
        < rule
        < bids[0]
        < bids[1]
        < bids[2]
        < bids[3]
        < tricks[0]
        < tricks[1]
        < tricks[2]
        < tricks[3]
        < save
    )
    assert "Cor dealer" not in form and "Cor <small>(deals)</small>" in form
    # The bid Cor may not make, said in the page's words once the others are known (filled in
    # by the page's script while they are typed).
    assert 'data-forbidden-text="Cor may not bid {bid}."' in form


def test_a_bids_deal_sent_with_the_bids_alone_stores_nothing(alice_client, klaverclub):
    game = HouseGameFactory.create(club=klaverclub, template="boerenbridge")
    match = Match.start(club=klaverclub, game=game.slug, players=["Anna", "Bram", "Cor"])
    sheet_url = reverse("match_detail", args=[match.pk])
    bids = {"entries.0.bid:int": "1", "entries.1.bid:int": "0", "entries.2.bid:int": "1"}
    refused = alice_client.post(f"{sheet_url}rounds/", bids)
    assert refused.status_code == 400
    assert not match.rounds.exists()
    page = refused.content.decode()
    assert 'name="entries.2.bid:int"' in page and 'value="1"' in page  # the bids stay as typed
