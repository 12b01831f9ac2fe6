"""Valid rounds for long matches, one generator per game, for the tests and ``make bench``.

Each generator looks at the match so far and writes the next deal the way a quiet table would:
the seat (or side) that is furthest behind goes out and the others pay for their hands, so the
totals swing around zero and a match with a target never ends, however many deals are played.
Hands are entered partly as points and partly as card maps, so both ways of reading a hand are
in the replay.

Two games cannot go on for ever, and their generators stop early:

- Barbuse has exactly 20 deals (every spelmaker plays every contract once).
- Belote and Contrée end when a pair reaches the target (at most 1000 and 10 000), and every
  deal gives points: no quiet table keeps them below it.
- Frustration ends when someone lays down the last contract (NL) or level (FR). Every deal one
  seat goes out, and going out needs the seat's contract laid down, so it moves on; with the
  seat furthest behind going out each time, a 6-player match lasts as long as the rules allow.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from scoring import MatchState, get_game
from scoring.match import create_setup, play_round, start_match

Body = dict[str, Any]
Generator = Callable[[MatchState[Any, Any], int], Body]

# Options that let the games with a target go on: the highest target the engine accepts.
LONG_OPTIONS: Mapping[str, Mapping[str, object]] = {
    "canasta": {"target": 100_000},
    "duizenden": {"target": 100_000},
    "klaverjassen": {"deals": 200},
    "belote-contree": {"target": 10_000},
    "tarot": {"deals": 500},
}

# The most players each game allows (Barbuse is always four).
PLAYERS: Mapping[str, int] = {
    "barbuse": 4,
    "canasta": 6,
    "duizenden": 6,
    "frustration-nl": 6,
    "frustration-fr": 6,
    "klaverjassen": 4,
    "belote": 4,
    "belote-contree": 4,
    "tarot": 5,
}


def _behind(totals: tuple[int, ...], number: int) -> int:
    """The unit furthest behind (lowest total); ties go round the table with the deal number."""
    units = len(totals)
    order = [(number + step) % units for step in range(units)]
    return min(order, key=lambda unit: totals[unit])


def barbuse(state: MatchState[Any, Any], number: int) -> Body:
    hints = state.outlook.hints
    assert hints is not None
    contract = hints.contracts_left[0]
    shift = number % 4

    def rotate[T](values: list[T]) -> list[T]:
        return values[shift:] + values[:shift]

    entries: list[dict[str, object]]
    if contract == "knobbelen":
        entries = [{"bid": b, "tricks": t} for b, t in rotate([(3, 3), (2, 3), (1, 1), (2, 2)])]
    elif contract == "no_queens":
        entries = [{"queens": q} for q in rotate([1, 0, 2, 1])]
    elif contract == "no_hearts":
        entries = [{"hearts": h} for h in rotate([2, 4, 0, 3])]
    elif contract == "aanleggen":
        entries = [{"place": p} for p in rotate([1, 2, 3, 4])]
    else:
        entries = [{"king": k} for k in rotate([False, True, False, False])]
    return {"contract": contract, "entries": entries}


def _canasta_hand(points: int) -> dict[str, int]:
    """``points`` as a hand of cards that two packs hold (jokers 50, aces 20, tens and kings 10, 5s)."""
    cards: dict[str, int] = {}
    for rank, value, most in (("joker", 50, 4), ("A", 20, 8), ("K", 10, 8), ("10", 10, 8), ("5", 5, 8)):
        count = min(most, points // value)
        if count:
            cards[rank] = count
            points -= count * value
    return cards


def canasta(state: MatchState[Any, Any], number: int) -> Body:
    totals = state.totals
    out = _behind(totals, number)
    # Going out: 100 + a mixed canasta 300 + 150 melded = 550, paid by the other sides' hands.
    hand = 550 // (len(totals) - 1)
    first_other = next(side for side in range(len(totals)) if side != out)
    entries: list[dict[str, object]] = []
    for side in range(len(totals)):
        entry: dict[str, object] = {
            "went_out": side == out,
            "natural_canastas": 0,
            "mixed_canastas": 1 if side == out else 0,
            "red_threes": 0,
            "meld_points": 150 if side == out else 0,
        }
        if side == out:
            entry["hand_points"] = 0
        elif side == first_other and number % 2 == 0:
            entry["hand_cards"] = _canasta_hand(hand)
        else:
            entry["hand_points"] = hand
        entries.append(entry)
    return {"entries": entries}


def duizenden(state: MatchState[Any, Any], number: int) -> Body:
    seats = state.setup.players
    out = _behind(state.totals, number)
    entries: list[dict[str, object]] = []
    for seat in range(seats):
        if seat == out:
            # The seat out lays down what the others pay: 10 a seat, so the round sums to zero.
            entries.append({"went_out": True, "table_points": 10 * (seats - 1), "hand_points": 0})
        elif number % 2:
            entries.append({"went_out": False, "table_points": 0, "hand_points": 10})
        else:
            entries.append({"went_out": False, "table_points": 0, "hand_cards": {"K": 1}})
    return {"entries": entries}


def _frustration(state: MatchState[Any, Any], number: int) -> Body:
    phases = [int(str(row.extra["phase"])) for row in sorted(state.standings, key=lambda row: row.unit)]
    finished = 11  # FR: level 10 done, the seat sits out
    active = [
        seat
        for seat in range(state.setup.players)
        if not (state.setup.game == "frustration-fr" and phases[seat] >= finished)
    ]
    out = min(active, key=lambda seat: (phases[seat], (seat - number) % state.setup.players))
    first_other = next(seat for seat in active if seat != out)
    entries: list[dict[str, object] | None] = []
    for seat in range(state.setup.players):
        if seat not in active:
            entries.append(None)
        elif seat == out:
            entries.append({"laid_down": True, "went_out": True, "points": 0})
        elif number % 2 or seat != first_other:
            entries.append({"laid_down": False, "went_out": False, "points": 100})
        else:
            entries.append({"laid_down": False, "went_out": False, "hand": {"5": 3, "8": 3, "10": 3, "K": 2}})
    return {"entries": entries}


def klaverjassen(state: MatchState[Any, Any], number: int) -> Body:
    """The pair behind plays; every third deal it goes nat, every seventh the other pair makes pit."""
    playing = _behind(state.totals, number)
    if number % 7 == 0:
        entries = [{"points": 0}, {"points": 0}]
        entries[1 - playing] = {"points": 162, "roem": 20, "pit": True}
    else:
        points = 70 if number % 3 == 0 else 100
        entries = [{"points": 162 - points, "roem": 0}, {"points": 162 - points, "roem": 0}]
        entries[playing] = {"points": points, "roem": 20 * (number % 2)}
    return {"playing": playing, "entries": entries}


def belote(state: MatchState[Any, Any], number: int) -> Body:
    """The pair behind takes; every third deal it is dedans, every seventh the other pair makes
    capot, every other deal one pair has belote."""
    taker = _behind(state.totals, number)
    entries: list[Body] = [{"points": 0}, {"points": 0}]
    if number % 7 == 0:
        entries[1 - taker] = {"points": 162, "capot": True}
    else:
        points = 70 if number % 3 == 0 else 100
        entries = [{"points": 162 - points}, {"points": 162 - points}]
        entries[taker] = {"points": points}
    if number % 2:
        entries[number % 4 // 2]["belote"] = True
    return {"taker": taker, "entries": entries}


def belote_contree(state: MatchState[Any, Any], number: int) -> Body:
    """Belote's deals, bid: contracts going round 80 to 160, contré every fifth deal, surcontré
    every tenth."""
    body = belote(state, number)
    body["contract"] = 80 + 10 * (number % 9)
    if number % 5 == 0:
        body["contre"] = True
        body["surcontre"] = number % 10 == 0
    return body


def tarot(state: MatchState[Any, Any], number: int) -> Body:
    """The seat furthest behind takes; the contracts, oudlers and bonuses go round with the deal."""
    players = state.setup.players
    taker = _behind(state.totals, number)
    oudlers = number % 4
    body: Body = {
        "taker": taker,
        "contract": ("prise", "garde", "garde_sans", "garde_contre")[number % 4],
        "points": 30 + number % 40,
        "half": number % 3 == 0,
        "oudlers": oudlers,
    }
    if players == 5:
        body["partner"] = (taker + 1 + number % 4) % players
    if oudlers and number % 5 == 0:
        body["petit_au_bout"] = "taker"
    if number % 7 == 0:
        body["poignee"] = 13
    return body


GENERATORS: Mapping[str, Generator] = {
    "barbuse": barbuse,
    "canasta": canasta,
    "duizenden": duizenden,
    "frustration-nl": _frustration,
    "frustration-fr": _frustration,
    "klaverjassen": klaverjassen,
    "belote": belote,
    "belote-contree": belote_contree,
    "tarot": tarot,
}


def long_match(slug: str, rounds: int, players: int | None = None) -> tuple[Any, list[Body]]:
    """The setup and up to ``rounds`` valid round bodies (fewer if the game ends sooner)."""
    game = get_game(slug)
    count = players if players is not None else PLAYERS[slug]
    setup = create_setup(game, count, options=dict(LONG_OPTIONS.get(slug, {})))
    state = start_match(game, setup)
    bodies: list[Body] = []
    while len(bodies) < rounds and not state.finished:
        body = GENERATORS[slug](state, len(bodies) + 1)
        state = play_round(state, body)
        bodies.append(body)
    return setup, bodies
