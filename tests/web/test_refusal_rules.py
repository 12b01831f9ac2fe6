"""Why was this refused? Every refusal of a game's rules on the sheet links to the sentence of its
rules page that states the rule it enforces, in the reader's language; each game names those
sentences in its own home, a house game in the sentences its definition generates.

The walking test reads, for every code of every game (and of every house-game block), the
element the link's anchor names inside the fragment the sheet opens, in English, Dutch and
French, and looks there for the rule's own words and numbers."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.refusals import SiteCode, rule_link
from games.registry import home_for
from scoring import RuleError, all_games
from scoring.errors import GENERIC_CODES
from tests.factories import HouseGameFactory, MatchFactory
from tests.web.test_match_pages import deal_form
from tests.web.test_rules_pages import dom

Words = dict[str, tuple[str, ...]]

FORM: Words = {
    "en": ("one line", "0 or more"),
    "nl": ("één regel", "0 of meer"),
    "fr": ("une ligne", "0 ou plus"),
}
OPTIONS: Words = {
    "en": ("options", "whole match"),
    "nl": ("opties", "hele partij"),
    "fr": ("options", "création"),
}
VALUES: Words = {
    "en": ("Points each", "10"),
    "nl": ("Punten per kaart", "10"),
    "fr": ("Points par carte", "10"),
}
MULTIPLE: Words = {"en": ("multiples of 5",), "nl": ("veelvouden van 5",), "fr": ("multiples de 5",)}
PACKS: Words = {"en": ("packs hold",), "nl": ("pakken bevatten",), "fr": ("contiennent les paquets",)}
SPAN = "2\N{EN DASH}6"


def players(en: str, nl: str, fr: str) -> Words:
    return {"en": (en, "players"), "nl": (nl, "spelers"), "fr": (fr, "joueurs")}


FRUSTRATION_NL: dict[str, Words] = {
    "went_out_count": {
        "en": ("exactly one player went out",),
        "nl": ("precies één speler ging uit",),
        "fr": ("un joueur et un seul est sorti",),
    },
    "went_out_without_contract": {"en": ("has laid down",), "nl": ("heeft uitgelegd",), "fr": ("il a posé",)},
    "went_out_with_cards": {"en": ("0 points",), "nl": ("0 punten",), "fr": ("0 point",)},
    "zero_without_going_out": {
        "en": ("holds cards", "more than 0"),
        "nl": ("nog kaarten", "meer dan 0"),
        "fr": ("des cartes", "plus de 0"),
    },
    "wrong_card_count": {
        "en": ("did not lay down", "exactly 11 cards"),
        "nl": ("niet uitlegde", "precies 11 kaarten"),
        "fr": ("pas posé", "exactement 11 cartes"),
    },
    "points_too_low": {
        "en": ("at least 55 points",),
        "nl": ("minstens 55 punten",),
        "fr": ("au moins 55 points",),
    },
    "points_too_high": {
        "en": ("at most", "dearest 11 cards"),
        "nl": ("hoogstens", "duurste 11 kaarten"),
        "fr": ("au plus", "11 cartes les plus chères"),
    },
}
FRUSTRATION_FR: dict[str, Words] = {
    **FRUSTRATION_NL,
    "went_out_without_contract": {
        "en": ("completed his level",),
        "nl": ("voltooide zijn niveau",),
        "fr": ("terminé son niveau",),
    },
    "wrong_card_count": {
        "en": ("did not complete his level", "exactly 11 cards"),
        "nl": ("niet voltooide", "precies 11 kaarten"),
        "fr": ("pas terminé son niveau", "exactement 11 cartes"),
    },
    "points_too_high": {
        "en": ("at most", "dearest 11 cards"),
        "nl": ("hoogstens", "duurste 11 kaarten"),
        "fr": ("au plus", "11 cartes les plus chères"),
    },
    "finished_player_entry": {
        "en": ("has finished", "left empty"),
        "nl": ("klaar is", "leeg"),
        "fr": ("a terminé", "reste vide"),
    },
}
TAROT_PARTNER: Words = {
    "en": ("at 5 players", "called partner", "unless the taker is alone", "at 3 and 4 nobody"),
    "nl": ("bij 5 spelers", "geroepen partner", "alleen speelt", "bij 3 en 4 wordt niemand"),
    "fr": ("à 5 joueurs", "partenaire appelé", "joue seul", "à 3 et 4 personne"),
}
TAROT_POIGNEE: Words = {
    "en": ("poignée", "at least the trumps", "no more than a hand holds"),
    "nl": ("poignée", "minstens de troeven", "niet meer dan een hand"),
    "fr": ("poignée", "au moins les atouts", "pas plus qu'une main"),
}
BELOTE_OWN: dict[str, Words] = {
    "taker_missing": {
        "en": ("taker's pair is named",),
        "nl": ("paar van de nemer is genoemd",),
        "fr": ("paire du preneur est nommée",),
    },
    "card_points_sum": {
        "en": ("card points add up to 162",),
        "nl": ("kaartpunten", "samen 162"),
        "fr": ("points de cartes", "font 162"),
    },
    "belote_twice": {
        "en": ("belote goes to one pair at most",),
        "nl": ("belote gaat naar hoogstens één paar",),
        "fr": ("la belote va à une paire au plus",),
    },
    "capot_with_points": {
        "en": ("capot only when", "0 card points"),
        "nl": ("capot alleen als", "0 kaartpunten"),
        "fr": ("capot seulement si", "0 point de cartes"),
    },
}
CONTRACT: Words = {
    "en": ("contract is said", "80 to 160 in tens"),
    "nl": ("contract is gezegd", "80 tot 160 in tientallen"),
    "fr": ("contrat est annoncé", "de 80 à 160 par dizaines"),
}


def belote_end(target: str) -> Words:
    return {
        "en": ("ends after the deal in which a pair reaches", target),
        "nl": ("eindigt na het spel waarin een paar", target),
        "fr": ("se termine après la donne où une paire", target),
    }


OWN: dict[str, dict[str, Words]] = {
    "frustration-nl": FRUSTRATION_NL,
    "frustration-fr": FRUSTRATION_FR,
    "duizenden": {
        "went_out_count": {
            "en": ("exactly one player went out",),
            "nl": ("precies één speler ging uit",),
            "fr": ("un joueur et un seul est sorti",),
        },
        "went_out_with_cards": {
            "en": ("nothing left in hand",),
            "nl": ("niets meer in de hand",),
            "fr": ("plus rien en main",),
        },
        "zero_without_going_out": {
            "en": ("still holds cards", "more than 0"),
            "nl": ("nog kaarten", "meer dan 0"),
            "fr": ("encore des cartes", "plus de 0"),
        },
        "more_points_than_cards": {
            "en": ("no more than the cards", "1080"),
            "nl": ("niet meer waard", "1080"),
            "fr": ("pas plus que les cartes", "1080"),
        },
    },
    "barbuse": {
        "unknown_contract": {
            "en": ("Knobbelen", "Aanleggen", "Geen Hartenheer"),
            "nl": ("Knobbelen", "Aanleggen", "Geen Hartenheer"),
            "fr": ("Knobbelen", "Aanleggen", "Geen Hartenheer"),
        },
        "contract_already_played": {
            "en": ("each of the five contracts exactly once",),
            "nl": ("elk van de vijf spelvormen precies één keer",),
            "fr": ("chacun des cinq contrats une seule fois",),
        },
        "tricks_total": {
            "en": ("Knobbelen", "add up to 9"),
            "nl": ("Knobbelen", "samen op 9"),
            "fr": ("Knobbelen", "totalisent 9"),
        },
        "queens_total": {
            "en": ("queens add up to 4",),
            "nl": ("vrouwen samen op 4",),
            "fr": ("dames totalisent 4",),
        },
        "hearts_total": {
            "en": ("hearts add up to 9",),
            "nl": ("harten samen op 9",),
            "fr": ("cœurs totalisent 9",),
        },
        "places": {"en": ("1, 2, 3 and 4", "each once"), "nl": ("1, 2, 3 en 4",), "fr": ("1, 2, 3 et 4",)},
        "king_count": {
            "en": ("exactly one player", "king of hearts"),
            "nl": ("precies één speler", "hartenheer"),
            "fr": ("un seul", "roi de cœur"),
        },
    },
    "canasta": {
        "went_out_count": {
            "en": ("at most one side went out",),
            "nl": ("hoogstens één team ging uit",),
            "fr": ("un seul camp au plus est sorti",),
        },
        "concealed_without_going_out": {
            "en": ("only that side", "concealed"),
            "nl": ("alleen dat team", "uit de hand"),
            "fr": ("seul ce camp", "en main"),
        },
        "went_out_without_canasta": {
            "en": ("at least 1 canasta",),
            "nl": ("minstens 1 canasta",),
            "fr": ("au moins 1 canasta",),
        },
        "went_out_with_cards": {
            "en": ("plays alone", "holds nothing"),
            "nl": ("alleen speelt", "niets meer in de hand"),
            "fr": ("joue seul", "plus rien en main"),
        },
        "too_many_red_threes": {
            "en": ("no more red threes", "2 per pack"),
            "nl": ("niet meer rode drieën", "2 per pak"),
            "fr": ("pas plus de trois rouges", "2 par paquet"),
        },
        "canastas_exceed_meld": {
            "en": ("seven cards", "35", "50"),
            "nl": ("zeven kaarten", "35", "50"),
            "fr": ("sept cartes", "35", "50"),
        },
        "below_minimum_meld": {
            "en": ("first time a side melds", "at least a minimum"),
            "nl": ("eerste keer", "minimum"),
            "fr": ("première fois", "un minimum"),
        },
    },
    "belote": BELOTE_OWN,
    "belote-contree": {
        **BELOTE_OWN,
        "contract_missing": CONTRACT,
        "contract_not_allowed": CONTRACT,
        "surcontre_without_contre": {
            "en": ("surcontré only after contré",),
            "nl": ("surcontré alleen na contré",),
            "fr": ("surcontré seulement après contré",),
        },
    },
    "klaverjassen": {
        "playing_pair_missing": {
            "en": ("playing pair is named",),
            "nl": ("spelende paar is genoemd",),
            "fr": ("paire qui joue est nommée",),
        },
        "card_points_sum": {
            "en": ("card points add up to 162",),
            "nl": ("kaartpunten", "samen 162"),
            "fr": ("points de cartes", "font 162"),
        },
        "roem_not_combination": {
            "en": ("sum of the combinations", "0, 20", "from 40 up"),
            "nl": ("som van de combinaties", "0, 20", "vanaf 40"),
            "fr": ("somme des combinaisons", "0, 20", "à partir de 40"),
        },
        "pit_with_points": {
            "en": ("pit only when", "0 card points"),
            "nl": ("pit alleen als", "0 kaartpunten"),
            "fr": ("pit seulement si", "0 point de cartes"),
        },
    },
    "tarot": {
        "points_out_of_range": {
            "en": ("taker's points", "between 0 and 91"),
            "nl": ("punten van de nemer", "tussen 0 en 91"),
            "fr": ("points du preneur", "de 0 à 91"),
        },
        "oudlers_out_of_range": {
            "en": ("0 to 3 oudlers",),
            "nl": ("0 tot 3 oudlers",),
            "fr": ("de 0 à 3 bouts",),
        },
        **{
            code: TAROT_PARTNER
            for code in ("partner_required", "partner_is_taker", "partner_only_at_five", "alone_with_partner")
        },
        **{code: TAROT_POIGNEE for code in ("poignee_too_small", "poignee_too_large")},
        "petit_au_bout_without_petit": {
            "en": ("taker's side", "at least one oudler"),
            "nl": ("kant van de nemer", "minstens één oudler"),
            "fr": ("camp du preneur", "au moins un bout"),
        },
        "petit_au_bout_all_oudlers": {
            "en": ("the defence", "fewer than three"),
            "nl": ("de verdediging", "minder dan drie"),
            "fr": ("la défense", "moins de trois"),
        },
        # Tarot maps no cards (its calculator only adds values): the card codes point at the form's checks.
        **{code: FORM for code in ("not_multiple_of_5", "unknown_card", "too_many_cards", "points_mismatch")},
    },
}
# The generic codes, per game: the sentence on its page that states them.
GENERIC: dict[str, dict[str, Words]] = {
    "frustration-nl": {
        "match_finished": {
            "en": ("match ends", "contract 11"),
            "nl": ("eindigt", "contract 11"),
            "fr": ("se termine", "contrat 11"),
        },
        "wrong_player_count": players(SPAN, SPAN, SPAN),
        "not_multiple_of_5": MULTIPLE,
        "too_many_cards": PACKS,
    },
    "frustration-fr": {
        "match_finished": {
            "en": ("ends after the deal", "fewer than two players"),
            "nl": ("eindigt", "minder dan twee spelers"),
            "fr": ("se termine", "moins de deux joueurs"),
        },
        "wrong_player_count": players(SPAN, SPAN, SPAN),
        "not_multiple_of_5": MULTIPLE,
        "too_many_cards": PACKS,
    },
    "duizenden": {
        "match_finished": {
            "en": ("ends after the deal", "1000"),
            "nl": ("eindigt na de ronde", "1000"),
            "fr": ("se termine après la donne", "1000"),
        },
        "wrong_player_count": players(SPAN, SPAN, SPAN),
        "not_multiple_of_5": MULTIPLE,
        "too_many_cards": PACKS,
    },
    "barbuse": {
        "match_finished": {
            "en": ("20 deals", "lowest total wins"),
            "nl": ("20 rondes", "laagste totaal wint"),
            "fr": ("20 donnes", "total le plus bas gagne"),
        },
        "wrong_player_count": players("exactly 4", "precies 4", "exactement 4"),
        "invalid-bid": {"en": ("from 0 up to 9",), "nl": ("van 0 tot 9",), "fr": ("de 0 à 9",)},
    },
    "canasta": {
        "match_finished": {
            "en": ("match ends after the deal", "5000"),
            "nl": ("eindigt na de ronde", "5000"),
            "fr": ("se termine après la donne", "5000"),
        },
        "wrong_player_count": players("2, 3, 4 or 6", "2, 3, 4 of 6", "2, 3, 4 ou 6"),
        "not_multiple_of_5": MULTIPLE,
        "too_many_cards": PACKS,
    },
    "belote": {
        "match_finished": belote_end("1000"),
        "wrong_player_count": players("four", "vier", "quatre"),
    },
    "belote-contree": {
        "match_finished": belote_end("2000"),
        "wrong_player_count": players("four", "vier", "quatre"),
    },
    "klaverjassen": {
        "match_finished": {
            "en": ("ends after its last deal", "16", "most points wins"),
            "nl": ("eindigt na het laatste spel", "16", "meeste punten wint"),
            "fr": ("se termine après sa dernière donne", "16", "plus de points gagne"),
        },
        "wrong_player_count": players("four", "vier", "quatre"),
    },
    "tarot": {
        "match_finished": {
            "en": ("agreed number of deals", "highest total wins"),
            "nl": ("afgesproken aantal spellen", "hoogste totaal wint"),
            "fr": ("nombre de donnes convenu", "plus haut total gagne"),
        },
        "wrong_player_count": players("3, 4 or 5", "3, 4 of 5", "3, 4 ou 5"),
    },
}


def cases() -> list[tuple[str, RuleError, Words]]:
    """Every code of every game, and the cases of a code that guards several rules."""
    found: list[tuple[str, RuleError, Words]] = []
    for game in all_games():
        own, generic = OWN[game.slug], GENERIC[game.slug]
        for code in sorted(set(GENERIC_CODES) | set(game.codes)):
            words: Words
            if code in own:
                words = own[code]
            elif code in generic:
                words = generic[code]
            elif code in {"unknown_card", "points_mismatch"} and game.slug != "barbuse":
                words = VALUES
            elif code == "unknown_option":
                words = OPTIONS
            else:
                words = FORM
            found.append((game.slug, RuleError(code), words))
    laid_down = {"laid_down": True}
    kept: Words = {
        "en": ("laid down but did not go out", "“Kept” and “Max.”"),
        "nl": ("uitlegde maar niet uitging", "“Over” en “Max.”"),
        "fr": ("a posé sans sortir", "« Gardées » et « Max. »"),
    }
    completed: Words = {
        "en": ("completed his level but did not go out", "“Kept” and “Max.”"),
        "nl": ("“Over” en “Max.”",),
        "fr": ("« Gardées » et « Max. »",),
    }
    for guarded in ("wrong_card_count", "points_too_high"):
        found.append(("frustration-nl", RuleError(guarded, "entries.1.points", laid_down), kept))
        found.append(("frustration-fr", RuleError(guarded, "entries.1.points", laid_down), completed))
    found.append(("barbuse", RuleError("invalid", "entries.2.bid"), GENERIC["barbuse"]["invalid-bid"]))
    return found


def read_sentence(client, link, language: str) -> str:
    fragment = client.get(link.section, HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE=language)
    assert fragment.status_code == 200
    root = dom(fragment)
    assert root.find("div", data_anchor=link.anchor)
    element = root.find(id=link.sentence) if link.sentence else root
    return " ".join(element.text.split())


@pytest.mark.parametrize(("game", "error", "words"), cases(), ids=lambda v: getattr(v, "code", None))
def test_every_refusal_links_to_the_sentence_that_states_its_rule_in_every_language(
    client, game, error, words
):
    home = home_for(game)
    link = rule_link(error, home)
    assert link is not None, (game, error.code)
    path, anchor = link.page.split("#")
    assert path == reverse("rules_game", args=[game]) and anchor == (link.sentence or link.anchor)
    page = dom(client.get(path))
    assert page.find("section", id=link.anchor).find("h2").text == link.title
    if link.sentence:
        assert page.find("section", id=link.anchor).find(id=link.sentence)
    for language in ("en", "nl", "fr"):
        text = read_sentence(client, link, language)
        for word in words[language]:
            assert word.lower() in text.lower(), (game, error.code, language, word, text)


HOUSE_CASES = [
    # (definition, code, field, the words of the sentence its link opens, per language)
    (
        "boerenbridge",
        "tricks_total",
        "",
        {"en": ("tricks add up to the cards dealt",), "nl": ("slagen",), "fr": ("plis",)},
    ),
    (
        "boerenbridge",
        "dealer_bid",
        "entries.0.bid",
        {"en": ("dealer bids last",), "nl": ("gever",), "fr": ("donneur",)},
    ),
    ("hartenjagen", "wrong_total", "", {"en": ("add up to 26",), "nl": ("26",), "fr": ("26",)}),
    (
        "hartenjagen",
        "above_maximum",
        "entries.0.points",
        {"en": ("0 to 26",), "nl": ("0 tot 26",), "fr": ("de 0 à 26",)},
    ),
    (
        "hartenjagen",
        "below_minimum",
        "entries.0.points",
        {"en": ("0 to 26",), "nl": ("0 tot 26",), "fr": ("de 0 à 26",)},
    ),
    ("rikken", "wrong_total", "", {"en": ("add up to 0",), "nl": ("0",), "fr": ("0",)}),
    (
        "went_out",
        "went_out_count",
        "",
        {
            "en": ("exactly one player goes out",),
            "nl": ("precies één speler gaat uit",),
            "fr": ("exactement un joueur sort",),
        },
    ),
    (
        "went_out",
        "went_out_with_points",
        "entries.0.points",
        {"en": ("nothing left in hand",), "nl": ("niets meer in de hand",), "fr": ("plus rien en main",)},
    ),
    (
        "went_out",
        "not_a_multiple",
        "entries.0.points",
        {"en": ("multiple of 5",), "nl": ("5",), "fr": ("5",)},
    ),
    (
        "went_out",
        "above_maximum",
        "entries.0.points",
        {"en": ("at most 200",), "nl": ("200",), "fr": ("200",)},
    ),
    ("ones", "too_many_zeros", "", {"en": ("at most one entry", "0"), "nl": ("0",), "fr": ("0",)}),
    ("hartenjagen", "required", "entries.0.points", FORM),
    (
        "hartenjagen",
        "match_finished",
        "",
        {"en": ("100", "lowest total wins"), "nl": ("100",), "fr": ("100",)},
    ),
]
WENT_OUT = {
    "name": "Uitgaan",
    "players": {"min": 2, "max": 6},
    "team_size": 1,
    "entry": {"kind": "went_out", "out_score": 0, "hand": "minus", "multiple_of": 5, "maximum": 200},
    "end": {"kind": "target", "value": 500, "winner": "highest"},
}
ONES = {
    "name": "Nullen",
    "players": {"min": 2, "max": 6},
    "team_size": 1,
    "entry": {"kind": "points", "minimum": 0, "maximum": 50, "one_zero_at_most": True},
    "end": {"kind": "target", "value": 500, "winner": "highest"},
}


@pytest.mark.django_db
@pytest.mark.parametrize(("template", "code", "field", "words"), HOUSE_CASES)
def test_a_house_games_refusal_links_to_the_sentence_its_definition_generates(
    client, template, code, field, words
):
    definition = {"went_out": WENT_OUT, "ones": ONES}.get(template)
    house = HouseGameFactory.create(
        template=template if definition is None else "free", definition=definition
    )
    # The home of the definition a match keeps: the link is found through it, not by slug.
    link = rule_link(RuleError(code, field), house.home)
    assert link is not None, code
    assert link.page.startswith(reverse("rules_game", args=[house.slug]))
    for language in ("en", "nl", "fr"):
        text = read_sentence(client, link, language)
        for word in words[language]:
            assert word.lower() in text.lower(), (template, code, language, word, text)


@pytest.mark.parametrize("code", sorted(set(SiteCode) - set(GENERIC_CODES)))
def test_the_sites_own_refusals_enforce_no_rule_of_the_game(code):
    assert rule_link(RuleError(code), home_for("canasta")) is None


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "title"),
    [
        ("en", "The rule: What Scoreblok checks"),
        ("nl", "De regel: Wat Scoreblok controleert"),
        ("fr", "La règle : Ce que Scoreblok vérifie"),
    ],
)
def test_a_refused_deal_on_the_sheet_links_to_its_rule_in_the_readers_language(
    client, alice, club, language, title
):
    match = MatchFactory.create(club=club, game="frustration-nl", players=["Anna", "Bram", "Cor"], by=alice)
    client.force_login(alice)
    # Bram laid contract 1 down and kept 105: more than 5 cards can be worth (at most 100).
    form = deal_form(0, [(True, 0), (True, 105), (False, 95)])
    response = client.post(reverse("round_add", args=[match.pk]), form, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 400
    refused = dom(response).find("div", data_refused=True)
    link = refused.find("a", **{"class": "refusal-rule"})
    assert link.attrs["data-rule"] == "checks"
    assert link.attrs["data-sentence"] == "check-laid-down"
    assert link.attrs["href"] == "/rules/frustration-nl/#check-laid-down"
    assert link.attrs["hx-get"] == "/rules/frustration-nl/section/checks/"
    assert link.attrs["hx-target"] == "#rules-panel"
    assert link.text.replace("\u00a0", " ").startswith(title.split(":")[0])
