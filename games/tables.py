"""Rules-page tables every game has (options, card values, card counts), from the engine's data.

Nothing here decides a rule: a home passes its engine's constants in and gets rows back, with
words already in the reader's language; the templates only lay them out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from django.utils.translation import gettext as _

from games.protocol import GameHome
from games.words import DASH, players_label, rank_label, word_list
from scoring import get_game
from scoring.options import BoolOption, ChoiceOption, IntOption, Option


@dataclass(frozen=True)
class DefaultRow:
    """An option's default, and for which player counts it applies (None: for every count)."""

    value: object
    label: str
    players: str | None


@dataclass(frozen=True)
class OptionRow:
    name: str
    label: str
    meaning: str
    kind: str
    defaults: tuple[DefaultRow, ...]
    allowed: str


@dataclass(frozen=True)
class Card:
    rank: str
    label: str
    wild: bool = False


@dataclass(frozen=True)
class CardValueRow:
    points: int
    cards: tuple[Card, ...]


def card(rank: str, wild_cards: Iterable[str] = (), label: str | None = None) -> Card:
    wild = frozenset(wild_cards)
    return Card(rank, label if label is not None else rank_label(rank), rank in wild)


def value_rows(cards: Iterable[Card], values: Mapping[str, int]) -> list[CardValueRow]:
    """Cards grouped by their points, cheapest first, in the order given within a row."""
    by_points: dict[int, list[Card]] = {}
    for each in cards:
        if each.rank in values:
            by_points.setdefault(values[each.rank], []).append(each)
    return [CardValueRow(points, tuple(group)) for points, group in sorted(by_points.items())]


def count_rows(counts: Iterable[tuple[Card, int]]) -> list[tuple[int, tuple[Card, ...]]]:
    """Cards grouped by how many of each exist, in the order they first appear."""
    grouped: dict[int, list[Card]] = {}
    for each, count in counts:
        grouped.setdefault(count, []).append(each)
    return [(count, tuple(group)) for count, group in grouped.items()]


def value_label(home: GameHome, option: Option, value: object) -> str:
    if isinstance(option, BoolOption):
        return _("yes") if value else _("no")
    if isinstance(option, ChoiceOption):
        return home.option_label(f"{option.name}.{value}")
    return str(value)


def allowed_label(home: GameHome, option: Option) -> str:
    if isinstance(option, BoolOption):
        return word_list([_("yes"), _("no")])
    if isinstance(option, ChoiceOption):
        return word_list([home.option_label(f"{option.name}.{choice}") for choice in option.choices])
    assert isinstance(option, IntOption)
    if option.choices is not None:
        text = word_list([str(choice) for choice in option.choices])
    elif option.maximum is not None:
        text = f"{option.minimum}{DASH}{option.maximum}"
    else:
        text = _("%(minimum)s or more") % {"minimum": option.minimum}
    if option.multiple_of_5:
        text = _("%(values)s, a multiple of 5") % {"values": text}
    return text


def option_rows(home: GameHome) -> list[OptionRow]:
    """Every option of the game with its default per player count, allowed values and meaning."""
    rules = home.game
    rows = []
    for option in rules.options:
        by_value: dict[object, list[int]] = {}
        for players in rules.player_counts:
            by_value.setdefault(option.default_for(players), []).append(players)
        single = len(by_value) == 1
        defaults = tuple(
            DefaultRow(value, value_label(home, option, value), None if single else players_label(counts))
            for value, counts in by_value.items()
        )
        rows.append(
            OptionRow(
                name=option.name,
                label=home.option_label(option.name),
                meaning=home.option_meaning(option.name),
                kind=option.kind,
                defaults=defaults,
                allowed=allowed_label(home, option),
            )
        )
    return rows


@dataclass(frozen=True)
class OptionField:
    """An option on a paper sheet's head: its name, and the match's value (blank to fill in)."""

    name: str
    label: str
    value: str


def option_fields(home: GameHome, options: Mapping[str, object] | None = None) -> list[OptionField]:
    """Every option of the game, to note on paper: blank, or the values a match was set up with."""
    return [
        OptionField(
            option.name,
            home.option_label(option.name),
            value_label(home, option, option_value(home.slug, option.name, options))
            if options is not None
            else "",
        )
        for option in home.game.options
    ]


def default_option(slug: str, name: str, players: int | None = None) -> object:
    """An option's default (for the smallest table when it depends on the player count)."""
    rules = get_game(slug)
    for option in rules.options:
        if option.name == name:
            return option.default_for(players if players is not None else min(rules.player_counts))
    raise KeyError(name)


def option_value(slug: str, name: str, options: Mapping[str, object] | None) -> object:
    """A match's value of an option (``options``), or its default on the rules page (None)."""
    if options is not None and name in options:
        return options[name]
    return default_option(slug, name)


def common_tables(home: GameHome) -> dict[str, object]:
    """What every rules page shows: players and options."""
    rules = home.game
    return {
        "slug": home.slug,
        "player_counts": rules.player_counts,
        "players": players_label(rules.player_counts),
        "options": option_rows(home),
    }
