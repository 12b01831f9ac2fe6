"""The Dutch and French rules pages, glance cards and paper sheets say what the English statement
and the game's original say: a table of statements, each rendered in its language and looked for
in the page's text, so a corrected translation stays corrected. French text carries a non-breaking
space before ; : ! ? also where a template joins the pieces."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

TAG = re.compile(r"<[^>]+>")
# Only ordinary white space is collapsed: a non-breaking space is part of what a page says.
SPACE = re.compile(r"[ \t\r\n]+")
NBSP = "\u00a0"
APOSTROPHE = "\u2019"


def text_of(client, view: str, game: str, language: str) -> str:
    response = client.get(reverse(view, args=[game] if game else []), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    body = response.content.decode()
    body = body.split("<main", 1)[1] if "<main" in body else body
    return SPACE.sub(" ", html.unescape(TAG.sub("", body)))


STATEMENTS = [
    # Duizenden: the original's own words (l.18 "gesloten stapel", l.40 "de gehele open stapel",
    # l.62 "rondescore").
    ("nl", "rules_game", "duizenden", "of de gehele open stapel"),
    ("nl", "rules_game", "duizenden", "De totalen zijn de sommen van de rondescores."),
    ("nl", "rules_game", "duizenden", "De rest gaat als gesloten stapel op tafel"),
    ("nl", "rules_game", "duizenden", "tenzij ze in de laatste ronde als laatste kaart getrokken wordt"),
    ("fr", "rules_game", "duizenden", "sauf si elle est piochée comme dernière carte à la dernière donne"),
    ("nl", "rules_paper", "duizenden", "tenzij ze in de laatste ronde als laatste kaart getrokken wordt"),
    ("fr", "rules_paper", "duizenden", f"contre vous en main{NBSP}; ne se défausse pas, sauf si"),
    # Barbuse: the Dutch original calls its five games "spelvormen" (l.17); one of them, Aanleggen,
    # has no tricks; the first of Aanleggen "heeft alle kaarten gespeeld" (l.60).
    ("nl", "rules_game", "barbuse", "De vijf spelvormen"),
    ("nl", "rules_index", "", "Vier spelers, vijf spelvormen, twintig rondes met strafpunten."),
    ("fr", "rules_index", "", "Quatre joueurs, cinq contrats, vingt donnes"),
    ("nl", "rules_game", "barbuse", "aanleggen vanaf een 10; speel als eerste al je kaarten weg"),
    ("nl", "rules_paper", "barbuse", "Spelvorm Straf Per ronde"),
    ("nl", "rules_game", "barbuse", "de spelmaker kiest elke spelvorm één keer in zijn rondes"),
    ("fr", "rules_paper", "barbuse", f"80 si 1 rate{NBSP}; 40 chacun si 2 ratent"),
    ("fr", "rules_paper", "barbuse", f"place 1{NBSP}: 0{NBSP}; place 2{NBSP}: 10"),
    # Canasta: the Dutch original draws ("kopen") from the "stock" (l.9, l.13) and counts a
    # "rondescore" per deal.
    ("nl", "rules_game", "canasta", "Als de stock op is"),
    ("nl", "rules_game", "canasta", "koop je een kaart: de bovenste kaart van de stock, of alle kaarten van"),
    ("nl", "rules_game", "canasta", "De totalen zijn de sommen van de rondescores"),
    ("nl", "rules_game", "canasta", "Rode drieën van een team dat niet is uitgekomen, tellen tegen"),
    ("fr", "rules_game", "canasta", f"0 à 1495{NBSP}: 50"),
    # Frustration, 10 levels: the French original draws from "la réserve" onto "la pile de
    # défausse" (l.3) and says a player "termine un niveau" (l.18, l.20); deals are "donnes".
    ("fr", "rules_game", "frustration-fr", "Le reste forme la réserve, face cachée"),
    ("fr", "rules_game", "frustration-fr", "dessus de la réserve ou celle de la pile de défausse"),
    ("fr", "rules_game", "frustration-fr", "Terminer un niveau"),
    ("fr", "rules_game", "frustration-fr", "Les scores des donnes restent inchangés"),
    ("fr", "rules_paper", "frustration-fr", "Terminer un niveau"),
    ("fr", "rules_game", "frustration-fr", f"corrigée{NBSP}; liste d{APOSTROPHE}origine{NBSP}: ensemble"),
    ("nl", "rules_game", "frustration-fr", "na de ronde waarin de eerste speler niveau 10 voltooit"),
    ("nl", "rules_paper", "frustration-fr", "alleen aanleggen bij de sets en runs van de andere spelers"),
    # Frustration, 11 contracts: the Dutch original's "stapel" (l.42-43); French says "carte
    # sauvage" for a wild card, as everywhere else on the page.
    ("nl", "rules_game", "frustration-nl", "De overgebleven kaarten vormen gesloten in het midden de stapel"),
    ("nl", "rules_game", "frustration-nl", "of de volgende kaart van de stapel"),
    ("fr", "rules_game", "frustration-nl", "Les cartes sauvages remplacent n"),
    ("fr", "rules_game", "frustration-nl", "les 2 sont les seules cartes sauvages"),
    ("fr", "rules_paper", "canasta", f"un camp qui n{APOSTROPHE}a rien posé comptent contre lui."),
]


@pytest.mark.parametrize(("language", "view", "game", "phrase"), STATEMENTS)
def test_translated_rules_say_what_the_original_says(client, language, view, game, phrase):
    assert phrase in text_of(client, view, game, language)


@pytest.mark.parametrize("game", ["frustration-nl", "frustration-fr", "duizenden", "barbuse", "canasta"])
@pytest.mark.parametrize("view", ["rules_game", "rules_paper"])
def test_french_rules_put_a_non_breaking_space_before_high_punctuation(client, view, game):
    text = text_of(client, view, game, "fr")
    # A word, an ordinary space and then ; : ! or ? is English spacing in a French page.
    loose = re.findall(r"\w [;:!?](?=\s)", text)
    assert loose == []
