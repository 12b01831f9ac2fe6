"""Tarot engine tests: the FFT's scoring as properties (zero sum at 3, 4 and 5 players, the
boundaries 36/41/51/56, the multipliers, the called king and the taker alone), one test per
refusal code, and the match's length and dealer."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.games.tarot import (
    CARD_COUNTS,
    CARD_HALF_POINTS,
    GAME,
    MULTIPLIERS,
    OUDLERS,
    PACK,
    REQUIRED,
    TOTAL_POINTS,
    CardKind,
    Chelem,
    Contract,
    Deal,
    DealsLeftHints,
    Side,
    TarotCode,
    breakdown,
    seat_scores,
)
from scoring.match import play_round
from tests.scoring.support import new_match, play_all, refusal, totals_in_unit_order


def deal(**fields: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"taker": 0, "contract": "garde", "points": 47, "oudlers": 2}
    body.update(fields)
    return {key: value for key, value in body.items() if value is not None}


def scores(players: int, **fields: Any) -> tuple[int, ...]:
    return play_round(new_match(GAME, players), deal(**fields)).scores[-1]


deals = st.builds(
    lambda taker, contract, partner, half_points, oudlers, bout, poignee, chelem: (
        taker,
        contract,
        partner,
        half_points,
        oudlers,
        bout,
        poignee,
        chelem,
    ),
    st.integers(0, 4),
    st.sampled_from(list(Contract)),
    st.integers(0, 4),
    st.integers(0, 182),
    st.integers(0, 3),
    st.sampled_from([None, "taker", "defence"]),
    st.sampled_from([0, 8, 10, 13, 15, 18]),
    st.sampled_from([None, "announced_made", "made", "announced_missed"]),
)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([3, 4, 5]), deals)
def test_every_deal_sums_to_zero_and_each_defender_pays_the_deal_score(players, drawn):
    taker, contract, partner, half_points, oudlers, bout, poignee, chelem = drawn
    taker %= players
    partner = partner % players if players == 5 else None
    if partner == taker:
        partner = None  # the taker alone
    one = Deal(
        taker,
        contract,
        partner,
        half_points,
        oudlers,
        Side(bout) if bout else None,
        poignee,
        Chelem(chelem) if chelem else None,
    )
    result = seat_scores(players, one)
    score = breakdown(players, one).score
    assert sum(result) == 0
    defenders = [seat for seat in range(players) if seat not in {taker, partner}]
    assert all(result[seat] == -score for seat in defenders)
    if partner is not None:
        assert result[partner] == score
        assert result[taker] == 2 * score
    else:
        assert result[taker] == (players - 1) * score


@pytest.mark.parametrize(("oudlers", "required"), sorted(REQUIRED.items()))
def test_exactly_the_required_points_is_made_by_zero_and_scores_25(oudlers, required):
    assert REQUIRED == {0: 56, 1: 51, 2: 41, 3: 36}
    # Prise at 4 players: (25 + 0) x 1 = 25; the taker gets 3 x 25.
    assert scores(4, contract="prise", points=required, oudlers=oudlers) == (75, -25, -25, -25)


@pytest.mark.parametrize(("oudlers", "required"), sorted(REQUIRED.items()))
def test_one_point_short_is_lost_by_one(oudlers, required):
    # -(25 + 1) x 1 = -26.
    assert scores(4, contract="prise", points=required - 1, oudlers=oudlers) == (-78, 26, 26, 26)


def test_a_half_point_short_is_lost_by_one_and_a_half_over_made_by_one():
    # 2 oudlers, 40½: short of 41 by ½, counted as 1: -(25 + 1) = -26.
    assert scores(4, contract="prise", points=40, half=True) == (-78, 26, 26, 26)
    # 41½: made by ½, counted as 1: 25 + 1 = 26.
    assert scores(4, contract="prise", points=41, half=True) == (78, -26, -26, -26)


def test_a_card_is_worth_its_kinds_half_points_and_the_pack_holds_91():
    """Oudlers and kings 4½, queens 3½, knights 2½, jacks 1½, any other card ½ (in half points),
    and the 78 cards add up to the deal's 91 points with the three oudlers among them."""
    assert {kind.value: half for kind, half in CARD_HALF_POINTS.items()} == {
        "oudler": 9,
        "king": 9,
        "queen": 7,
        "knight": 5,
        "jack": 3,
        "low": 1,
    }
    assert set(CARD_COUNTS) == set(CardKind) == set(CARD_HALF_POINTS)
    assert CARD_COUNTS[CardKind.OUDLER] == OUDLERS
    assert sum(CARD_COUNTS.values()) == PACK == 78
    assert sum(CARD_COUNTS[kind] * CARD_HALF_POINTS[kind] for kind in CardKind) == 2 * TOTAL_POINTS


@pytest.mark.parametrize(("contract", "multiplier"), [(c.value, m) for c, m in MULTIPLIERS.items()])
def test_the_contract_multiplies_base_difference_and_petit_au_bout(contract, multiplier):
    assert {c.value: m for c, m in MULTIPLIERS.items()} == {
        "prise": 1,
        "garde": 2,
        "garde_sans": 4,
        "garde_contre": 6,
    }
    # 2 oudlers, 47 points: made by 6; petit au bout to the taker: (25 + 6 + 10) x multiplier.
    score = 41 * multiplier
    assert scores(4, contract=contract, petit_au_bout="taker") == (3 * score, -score, -score, -score)


def test_garde_contre_lost_by_ten_pays_210_to_each_defender():
    # 2 oudlers, 31 points: short of 41 by 10; -(25 + 10) x 6 = -210.
    assert scores(4, contract="garde_contre", points=31) == (-630, 210, 210, 210)


def test_petit_au_bout_goes_to_the_side_that_took_it_whatever_the_result():
    # Made by 6 with a garde, the defence took the petit au bout: (25 + 6 - 10) x 2 = 42.
    assert scores(4, petit_au_bout="defence") == (126, -42, -42, -42)


def test_poignee_and_chelem_are_not_multiplied():
    # Garde made by 6: 62; a double poignée (13 trumps at 4) +30; chelem made unannounced +200.
    assert scores(4, poignee=13, chelem="made") == (3 * 292, -292, -292, -292)
    # Lost: the poignée goes to the defence; announced and missed chelem -200.
    # 2 oudlers, 40 points: -(25 + 1) x 2 = -52, -20 (simple), -200: -272.
    assert scores(4, points=40, poignee=10, chelem="announced_missed") == (-816, 272, 272, 272)


@pytest.mark.parametrize(
    ("players", "trumps", "bonus"),
    [
        (3, 13, 20),
        (3, 15, 30),
        (3, 18, 40),
        (4, 10, 20),
        (4, 13, 30),
        (4, 15, 40),
        (5, 8, 20),
        (5, 10, 30),
        (5, 13, 40),
    ],
)
def test_the_poignee_size_follows_the_player_count(players, trumps, bonus):
    partner = 1 if players == 5 else None
    base = breakdown(players, Deal(0, Contract.PRISE, partner, 2 * 56, 0)).score
    with_poignee = breakdown(players, Deal(0, Contract.PRISE, partner, 2 * 56, 0, poignee=trumps)).score
    assert with_poignee - base == bonus


def test_three_players_the_taker_receives_twice():
    assert scores(3) == (124, -62, -62)


def test_five_players_the_called_partner_receives_once_and_the_taker_twice():
    # Garde, 2 oudlers, 47: 62. Taker 2 x 62, partner (seat 3) 62, three defenders -62.
    assert scores(5, partner=3) == (124, -62, -62, 62, -62)


def test_five_players_the_taker_alone_receives_four_times():
    assert scores(5, alone=True) == (248, -62, -62, -62, -62)


def test_the_match_ends_after_its_deals_and_the_dealer_turns():
    state = new_match(GAME, 4, options={"deals": 3}, dealer=2)
    assert state.next is not None and state.next.dealer == 2
    assert state.next.hints == DealsLeftHints(3)
    state = play_all(state, [deal(), deal(taker=1, points=30)])
    assert state.next is not None and state.next.dealer == 0
    assert state.next.hints == DealsLeftHints(1)
    state = play_all(state, [deal(taker=2, contract="prise", points=56, oudlers=0)])
    assert state.next is None and state.finished
    # 186-62-62-62 / 2 oudlers 30 points: -(25+11)x2 = -72 taker seat 1 / prise 25 to seat 2.
    assert totals_in_unit_order(state) == [186 + 72 - 25, -62 - 216 - 25, -62 + 72 + 75, -62 + 72 - 25]


def test_the_default_length_is_four_rounds_of_deals():
    for players in (3, 4, 5):
        state = new_match(GAME, players)
        assert state.next is not None and state.next.hints == DealsLeftHints(4 * players)


@pytest.mark.parametrize(
    ("players", "fields", "expected"),
    [
        (4, {"points": 92}, [(TarotCode.POINTS_OUT_OF_RANGE, "points")]),
        (4, {"points": 91, "half": True}, [(TarotCode.POINTS_OUT_OF_RANGE, "points")]),
        (4, {"points": -1}, [(TarotCode.POINTS_OUT_OF_RANGE, "points")]),
        (4, {"oudlers": 4}, [(TarotCode.OUDLERS_OUT_OF_RANGE, "oudlers")]),
        (4, {"oudlers": -1}, [(TarotCode.OUDLERS_OUT_OF_RANGE, "oudlers")]),
        (4, {"poignee": 9}, [(TarotCode.POIGNEE_TOO_SMALL, "poignee")]),
        (3, {"poignee": 12}, [(TarotCode.POIGNEE_TOO_SMALL, "poignee")]),
        (5, {"poignee": 7, "partner": 1}, [(TarotCode.POIGNEE_TOO_SMALL, "poignee")]),
        (5, {"poignee": 16, "partner": 1}, [(TarotCode.POIGNEE_TOO_LARGE, "poignee")]),
        (4, {"poignee": 23}, [(TarotCode.POIGNEE_TOO_LARGE, "poignee")]),
        (5, {}, [(TarotCode.PARTNER_REQUIRED, "partner")]),
        (5, {"partner": 0}, [(TarotCode.PARTNER_IS_TAKER, "partner")]),
        (5, {"partner": 2, "alone": True}, [(TarotCode.ALONE_WITH_PARTNER, "partner")]),
        (4, {"partner": 2}, [(TarotCode.PARTNER_ONLY_AT_FIVE, "partner")]),
        (3, {"alone": True}, [(TarotCode.PARTNER_ONLY_AT_FIVE, "alone")]),
        (
            4,
            {"oudlers": 0, "petit_au_bout": "taker"},
            [(TarotCode.PETIT_AU_BOUT_WITHOUT_PETIT, "petit_au_bout")],
        ),
        (
            4,
            {"oudlers": 3, "petit_au_bout": "defence"},
            [(TarotCode.PETIT_AU_BOUT_ALL_OUDLERS, "petit_au_bout")],
        ),
        (4, {"contract": "pousse"}, [("invalid", "contract")]),
        (4, {"contract": None}, [("required", "contract")]),
        (4, {"taker": 4}, [("invalid", "taker")]),
        (4, {"points": None}, [("required", "points")]),
        (4, {"chelem": "maybe"}, [("invalid", "chelem")]),
        (
            4,
            {"points": 95, "oudlers": 5},
            [
                (TarotCode.POINTS_OUT_OF_RANGE, "points"),
                (TarotCode.OUDLERS_OUT_OF_RANGE, "oudlers"),
            ],
        ),
    ],
)
def test_each_refusal_names_its_code_and_field(players, fields, expected):
    assert refusal(new_match(GAME, players), deal(**fields)) == expected


def test_teams_are_refused():
    from scoring import Refused
    from scoring.match import create_setup

    with pytest.raises(Refused):
        create_setup(GAME, 4, teams=[[0, 2], [1, 3]], options=None, dealer=0)
