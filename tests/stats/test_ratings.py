"""Ratings follow the matches: a finished match moves them, a correction after the fact or an
undo that reopens a match rewrites them (and their history) exactly as a recompute from scratch
would, and partners are rated as a team."""

from __future__ import annotations

import pytest

from players.models import Club
from stats import models as stats_models
from stats.models import Rating, RatingChange, finished_results, recompute
from stats.rating import OVERALL, Result, Skill, initial, rate
from tests.stats.support import deal, finished_match

pytestmark = pytest.mark.django_db(transaction=True)

FIGURES = (
    *("game_mu_before", "game_sigma_before", "game_mu", "game_sigma"),
    *("overall_mu_before", "overall_sigma_before", "overall_mu", "overall_sigma"),
)


def stored(club: Club) -> tuple[list[tuple], list[tuple]]:
    ratings = sorted(
        Rating.objects.filter(club=club).values_list("player__name", "ladder", "mu", "sigma", "matches")
    )
    history = list(
        RatingChange.objects.filter(player__club=club)
        .order_by("finished_at", "match_id", "player__name")
        .values_list("match_id", "player__name", "game", *FIGURES)
    )
    return ratings, history


def test_rate_is_pure_and_rates_each_match_on_its_game_and_overall():
    """Anna beats Bram once: both ladders move the same way, the winner up, the loser down; one
    change per player holds both."""
    ratings, changes = rate([Result(7, "duizenden", ((1,), (2,)), (1, 2))], {})
    assert ratings[("duizenden", 1)] == ratings[(OVERALL, 1)]
    assert ratings[("duizenden", 1)].mu > initial().mu > ratings[("duizenden", 2)].mu
    assert [(c.match_id, c.player_id, c.game) for c in changes] == [(7, 1, "duizenden"), (7, 2, "duizenden")]
    assert all(c.before(ladder) == initial() for c in changes for ladder in ("duizenden", OVERALL))
    assert [c.after(OVERALL) for c in changes] == [ratings[(OVERALL, 1)], ratings[(OVERALL, 2)]]


def test_rate_continues_from_the_ratings_it_is_given():
    """Starting from a strong Anna, beating Bram moves her less than it moves a newcomer."""
    strong = Skill(35.0, 3.0)
    ratings, _ = rate([Result(1, "g", ((1,), (2,)), (1, 2))], {("g", 1): strong})
    fresh, _ = rate([Result(1, "g", ((1,), (2,)), (1, 2))], {})
    assert 0 < ratings[("g", 1)].mu - strong.mu < fresh[("g", 1)].mu - initial().mu


def test_a_finished_match_rates_its_players(club, alice):
    finished_match(club, ["Anna", "Bram", "Cor"], [50, 30, 10], by=alice)
    by_name = {
        name: ordinal
        for name, ordinal in Rating.objects.filter(ladder=OVERALL).values_list("player__name", "ordinal")
    }
    assert by_name["Anna"] > by_name["Bram"] > by_name["Cor"]
    assert Rating.objects.filter(ladder="duizenden").count() == 3
    assert RatingChange.objects.count() == 3
    assert set(Rating.objects.values_list("matches", flat=True)) == {1}


def test_partners_share_their_place_and_move_together(club, alice):
    """Anna and Cor play together against Bram and Dirk and win."""
    finished_match(club, ["Anna", "Bram", "Cor", "Dirk"], [50, 10, 40, 5], teams=[[0, 2], [1, 3]], by=alice)
    mu = dict(Rating.objects.filter(ladder=OVERALL).values_list("player__name", "mu"))
    assert mu["Anna"] == mu["Cor"] > mu["Bram"] == mu["Dirk"]


def test_a_match_in_progress_does_not_rate(club, alice):
    from matches.models import Match

    Match.start(club=club, game="duizenden", players=["Anna", "Bram"], by=alice).add_round(deal([50, 30]))
    assert not Rating.objects.exists()


def test_a_correction_after_the_fact_moves_the_ratings_as_a_recompute_from_scratch_would(club, alice):
    """Three matches; then the first is corrected so Cor won it: the ratings and every history
    row after it change, and they equal what a recompute from scratch stores."""
    first = finished_match(club, ["Anna", "Bram", "Cor"], [50, 30, 10], by=alice)
    finished_match(club, ["Anna", "Cor"], [40, 20], by=alice)
    finished_match(club, ["Bram", "Cor", "Dirk"], [40, 20, 30], by=alice)
    before = stored(club)

    first.correct_round(1, deal([10, 30, 50]), by=alice)
    after = stored(club)
    assert after != before
    anna = dict(Rating.objects.filter(player__name="Anna").values_list("ladder", "ordinal"))
    old_anna = {ladder: mu for name, ladder, mu, _sigma, _n in before[0] if name == "Anna"}
    assert anna[OVERALL] < old_anna[OVERALL]

    recompute(club)
    assert stored(club) == after


def test_an_undo_that_reopens_a_match_takes_it_out_of_the_ratings(club, alice):
    """Undoing the last deal of the second match leaves the ratings as if it was never played."""
    finished_match(club, ["Anna", "Bram"], [50, 30], by=alice)
    alone = stored(club)
    second = finished_match(club, ["Anna", "Bram", "Cor"], [10, 30, 50], by=alice)
    assert stored(club) != alone
    second.undo_last_round(by=alice)
    assert stored(club) == alone
    assert not Rating.objects.filter(player__name="Cor").exists()


def test_finishing_a_reopened_match_again_rates_it_in_its_new_place(club, alice):
    """Reopened and finished anew after a later match: it now counts after that one."""
    early = finished_match(club, ["Anna", "Bram"], [50, 30], by=alice)
    early.undo_last_round(by=alice)
    finished_match(club, ["Anna", "Bram"], [10, 30], by=alice)
    early.add_round(deal([50, 30]), by=alice)
    incremental = stored(club)
    recompute(club)
    assert stored(club) == incremental
    assert [row[0] for row in incremental[1]][-1] == early.pk


def test_deleting_a_finished_match_takes_it_out_of_the_ratings_and_restoring_puts_it_back(club, alice):
    finished_match(club, ["Anna", "Bram"], [50, 30], by=alice)
    alone = stored(club)
    second = finished_match(club, ["Anna", "Bram", "Cor"], [10, 30, 50], by=alice)
    both = stored(club)
    second.soft_delete(by=alice)
    assert stored(club) == alone
    second.restore()
    assert stored(club) == both


def test_the_stored_history_holds_exactly_what_the_fold_computed(club, alice):
    """Four matches, one of them between partners, rated from scratch: every history row and
    every rating stored equals the pure fold's figures to the last bit, whichever way the rows
    were written; one row per player and match, holding its game's ladder and overall."""
    finished_match(club, ["Anna", "Bram", "Cor"], [50, 30, 10], by=alice)
    finished_match(club, ["Anna", "Bram", "Cor", "Dirk"], [50, 10, 40, 5], teams=[[0, 2], [1, 3]], by=alice)
    finished_match(club, ["Bram", "Dirk"], [40, 20], by=alice)
    finished_match(club, ["Cor", "Dirk", "Anna"], [40, 20, 30], by=alice)
    recompute(club)

    results, finished = finished_results(club)
    ratings, changes = rate(results, {})
    expected = [(c.match_id, c.player_id, finished[c.match_id], *c[2:]) for c in changes]
    rows = RatingChange.objects.filter(player__club=club).order_by("finished_at", "match_id", "player_id")
    assert list(rows.values_list("match_id", "player_id", "finished_at", "game", *FIGURES)) == sorted(
        expected, key=lambda row: (row[2], row[0], row[1])
    )
    assert rows.count() == 3 + 4 + 2 + 3
    stored = {(r.ladder, r.player_id): (r.mu, r.sigma, r.ordinal, r.matches) for r in Rating.objects.all()}
    played = {"Anna": 3, "Bram": 3, "Cor": 3, "Dirk": 3}
    names = dict(club.players.values_list("pk", "name"))
    assert stored == {
        (ladder, player): (skill.mu, skill.sigma, skill.mu - 3 * skill.sigma, played[names[player]])
        for (ladder, player), skill in ratings.items()
    }
    assert {ladder for ladder, _ in stored} == {"duizenden", OVERALL}


def test_a_recompute_failing_halfway_keeps_the_history_it_would_have_replaced(club, alice, monkeypatch):
    """The history is written while the matches are being rated: a failure halfway (some rows
    already sent to the database) leaves the stored ratings and history as they were, and the
    connection usable."""
    for scores in ([50, 30, 10], [10, 50, 30], [30, 10, 50]):
        finished_match(club, ["Anna", "Bram", "Cor"], scores, by=alice)
    before = stored(club)
    real_fold = stats_models.fold

    def failing_fold(results, start):
        for number, change in enumerate(real_fold(results, start)):
            if number == 4:
                raise RuntimeError("openskill gave up")
            yield change

    monkeypatch.setattr(stats_models, "ROWS_PER_STATEMENT", 1)  # rows sent before the failure
    monkeypatch.setattr(stats_models, "fold", failing_fold)
    with pytest.raises(RuntimeError, match="openskill gave up"):
        recompute(club)
    assert stored(club) == before
    monkeypatch.setattr(stats_models, "fold", real_fold)
    recompute(club)
    assert stored(club) == before
