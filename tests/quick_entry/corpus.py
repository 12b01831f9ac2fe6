"""The quick-entry corpus: ordinary sentences a table says for a round, per language
(``corpus_en``, ``corpus_nl``, ``corpus_fr``), each with the round JSON its form must hold.

Each case names its game (one of ``FORMS``: the five games and the house-game templates) and
says the expected round with the builders below, by player name, so a case reads as the
sentence does: ``frustration(out="Anna", Bram=15, Cor=(95, False))``. The forms are built the
way the sheet builds them: the game's home, the next deal of a fresh match.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.declared import home_of_json
from games.quick_entry import QuickEntry
from games.registry import home_for
from scoring import get_game
from scoring.declared import TEMPLATES
from scoring.match import create_setup, start_match

Body = dict[str, Any]
ANNA, BRAM, COR, DIRK = "Anna", "Bram", "Cor", "Dirk"


@dataclass(frozen=True)
class Case:
    game: str  # a key of FORMS
    line: str  # as typed or said
    body: Body  # the round JSON the form must hold


@dataclass(frozen=True)
class Form:
    """One game's round form at a fresh match: what quick entry takes, and its lines' names."""

    entry: QuickEntry
    lines: list[list[str]]
    sitting_out: frozenset[int]


# game key: (slug or house-game template, players)
GAMES: dict[str, tuple[str, int]] = {
    "frustration-nl": ("frustration-nl", 3),
    "frustration-fr": ("frustration-fr", 3),
    "duizenden": ("duizenden", 3),
    "canasta": ("canasta", 4),  # two sides: Anna and Cor, Bram and Dirk
    "canasta-2": ("canasta", 2),
    "barbuse": ("barbuse", 4),
    "hartenjagen": ("hartenjagen", 4),
    "boerenbridge": ("boerenbridge", 4),
    "free": ("free", 3),
    "rikken": ("rikken", 4),
    "tarot": ("tarot", 4),
}
PLAYERS = (ANNA, BRAM, COR, DIRK)


def form(game: str) -> Form:
    slug, count = GAMES[game]
    if slug in TEMPLATES:
        home: Any = home_of_json(dict(TEMPLATES[slug]), f"house-{slug}")
        engine: Any = home.game
    else:
        home, engine = home_for(slug), get_game(slug)
    state = start_match(engine, create_setup(engine, count))
    players = PLAYERS[:count]
    lines = [[players[seat] for seat in seats] for seats in state.setup.units]
    return Form(home.quick_entry(state), lines, home.sitting_out(state))


def _seat(name: str, players: Sequence[str] = PLAYERS) -> int:
    return players.index(name)


# --- the expected rounds, by player name ----------------------------------------------------

LAID_DOWN_BELOW = 55  # both Frustrations: eleven cards are worth at least 55


def frustration(out: str | None = None, **said: int | tuple[int, bool]) -> Body:
    """Three players; ``Bram=15`` (laid down implied below 55) or ``Cor=(95, False)``."""
    entries: list[Body] = []
    for name in PLAYERS[:3]:
        entry: Body = {}
        if out is not None:
            entry["went_out"] = name == out
        if name == out:
            entry |= {"points": 0, "laid_down": True}
        elif name in said:
            value = said[name]
            points, laid = value if isinstance(value, tuple) else (value, None)
            entry["points"] = points
            if laid is not None:
                entry["laid_down"] = laid
            elif points < LAID_DOWN_BELOW:
                entry["laid_down"] = True
        entries.append(entry)
    return {"entries": entries}


def duizenden(out: str | None = None, **said: tuple[int | None, int | None]) -> Body:
    """Three players; ``Anna=(85, 40)``: 85 on the table, 40 in hand (None: not said)."""
    entries: list[Body] = []
    for name in PLAYERS[:3]:
        entry: Body = {}
        if out is not None:
            entry["went_out"] = name == out
        if name == out:
            entry["hand_points"] = 0
        if name in said:
            table, hand = said[name]
            if table is not None:
                entry["table_points"] = table
            elif name != out:
                entry["table_points"] = 0  # a player named without a table: nothing on it
            if hand is not None:
                entry["hand_points"] = hand
        entries.append(entry)
    return {"entries": entries}


CANASTA_KEYS = {
    "natural": "natural_canastas",
    "mixed": "mixed_canastas",
    "red": "red_threes",
    "meld": "meld_points",
    "hand": "hand_points",
    "concealed": "concealed",
}


COUNTS = (
    "natural_canastas",
    "mixed_canastas",
    "red_threes",
    "natural_ace_canastas",
    "mixed_ace_canastas",
    "wild_canastas",
)


def canasta(out: str | None = None, players: int = 4, **said: dict[str, Any]) -> Body:
    """Sides of two (Anna and Cor, Bram and Dirk) or players alone (``players=2``); a side is
    named by either partner: ``Anna={"natural": 2, "meld": 310, "hand": 25}``."""
    sides = [[ANNA, COR], [BRAM, DIRK]] if players == 4 else [[ANNA], [BRAM]]
    entries: list[Body] = []
    for side in sides:
        # Counts start at 0 as on the blank form; a new match plays the special canastas.
        entry: Body = {key: 0 for key in COUNTS} | {"concealed": False}
        if out is not None:
            entry["went_out"] = out in side
            if out in side and players == 2:
                entry["hand_points"] = 0
        for name in side:
            entry |= {CANASTA_KEYS[key]: value for key, value in said.get(name, {}).items()}
        entries.append(entry)
    return {"entries": entries}


def barbuse(contract: str, king: str | None = None, **said: int | tuple[int, int]) -> Body:
    """Four players; one number per player (``Anna=2``), bid and tricks for knobbelen
    (``Anna=(3, 2)``), or who took the king (``king="Cor"``)."""
    field = {"no_queens": "queens", "no_hearts": "hearts", "aanleggen": "place"}.get(contract)
    entries: list[Body] = []
    for name in PLAYERS:
        if contract == "no_king_of_hearts":
            entries.append({"king": name == king})
        elif name not in said:
            entries.append({})
        elif contract == "knobbelen":
            bid, tricks = said[name]  # type: ignore[misc]
            entries.append({"bid": bid, "tricks": tricks})
        else:
            entries.append({str(field): said[name]})
    return {"contract": contract, "entries": entries}


def points(players: int = 4, **said: int) -> Body:
    """One number per player, in seat order; players not named hold nothing."""
    return {"entries": [{"points": said[name]} if name in said else {} for name in PLAYERS[:players]]}


def bids(**said: tuple[int, int]) -> Body:
    """Boerenbridge's four players: ``Anna=(2, 2)`` bid 2, took 2."""
    return {
        "entries": [
            {"bid": said[name][0], "tricks": said[name][1]} if name in said else {} for name in PLAYERS
        ]
    }


def tarot(contract: str, taker: str, points: int, oudlers: int, *, said: bool = True) -> Body:
    """Four players; the taker's count on his line, and whether the sentence said he takes
    (else the one line with a count is the taker's: the home lifts it into the deal)."""
    return {
        "contract": contract,
        "entries": [
            {"taker": said and name == taker, "partner": False}
            | ({"points": points, "oudlers": oudlers} if name == taker else {})
            for name in PLAYERS
        ],
    }
