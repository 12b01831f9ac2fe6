"""Words for fields many games' forms share, per language: bids and tricks, points left in
hand, points on the table, "laid down". A home takes them for its own fields
(``Field("hand_points", HAND)``) and adds its own words where its players say more."""

from __future__ import annotations

from games.quick_entry.entry import Phrases

BID: Phrases = {
    "en": ("bid", "bids", "called", "guessed"),
    "nl": ("bod", "bied", "biedt", "geboden", "gegokt", "gok"),
    "fr": ("annonce", "annonces", "demande", "pari", "parie"),
}
TRICKS: Phrases = {
    "en": ("tricks", "trick", "took", "taken"),
    "nl": ("slagen", "slag", "gehaald", "haalt"),
    "fr": ("plis", "pli", "realise", "realises"),
}
HAND: Phrases = {
    "en": ("hand", "in hand", "in his hand", "in her hand", "left", "left in hand", "held"),
    "nl": ("hand", "in de hand", "in hand", "over", "vast"),
    "fr": ("main", "en main", "dans la main", "reste"),
}
TABLE: Phrases = {
    "en": ("table", "on the table", "meld", "melded", "down"),
    "nl": ("tafel", "op tafel", "op de tafel", "gelegd", "uitgelegd"),
    "fr": ("table", "sur la table", "pose", "poses", "posees"),
}
LAID_DOWN: Phrases = {
    "en": ("laid down", "laid", "down", "has laid down", "melded", "laid it down"),
    "nl": ("gelegd", "neergelegd", "heeft gelegd", "opgelegd", "afgelegd", "uitgelegd"),
    "fr": ("pose", "posee", "a pose", "a posee", "depose"),
}
