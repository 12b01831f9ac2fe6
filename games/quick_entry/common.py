"""Words for fields many games' forms share, per language: bids and tricks, points left in
hand, points on the table, "laid down". A home takes them for its own fields
(``Field("hand_points", HAND)``) and adds its own words where its players say more."""

from __future__ import annotations

from games.quick_entry.entry import Phrases

BID: Phrases = {
    "en": ("bid", "bids", "called", "guessed", "asked", "asked for"),
    "nl": ("bod", "bied", "biedt", "bood", "boden", "geboden", "gegokt", "gok", "gokte", "vroeg"),
    "fr": ("annonce", "annonces", "annoncent", "demande", "demandes", "pari", "parie"),
}
TRICKS: Phrases = {
    "en": ("tricks", "trick", "took", "taken", "takes", "made", "won", "got"),
    "nl": ("slagen", "slag", "gehaald", "haalt", "haalde", "haalden", "halen", "kreeg"),
    "fr": ("plis", "pli", "realise", "realises", "remporte", "remportes", "a pris", "prend"),
}
HAND: Phrases = {
    "en": ("hand", "in hand", "in his hand", "in her hand", "in their hand", "left", "left in hand", "held"),
    "nl": ("hand", "in de hand", "in hand", "in zijn hand", "in haar hand", "in handen", "over", "vast"),
    "fr": ("main", "en main", "dans la main", "en mains", "reste", "restent"),
}
TABLE: Phrases = {
    "en": ("table", "on the table", "on table", "meld", "melded", "down", "laid down"),
    "nl": ("tafel", "op tafel", "op de tafel", "gelegd", "uitgelegd", "neergelegd"),
    "fr": ("table", "sur la table", "pose", "poses", "posees", "a pose", "ont pose"),
}
LAID_DOWN: Phrases = {
    "en": (
        "laid down",
        "laid",
        "down",
        "has laid down",
        "melded",
        "laid it down",
        "lay down",
        "lay",
        "laid out",
    ),
    "nl": ("gelegd", "neergelegd", "heeft gelegd", "opgelegd", "afgelegd", "uitgelegd", "legde", "lag"),
    "fr": ("pose", "posee", "a pose", "a posee", "depose", "ont pose", "poser"),
}
