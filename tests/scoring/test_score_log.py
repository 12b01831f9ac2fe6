"""A score log made whole (``ScoreLog.of``, how a kept replay is read back) is the log the
rounds would have built one by one, and grows the same way after it."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.match import ScoreLog

rounds = st.lists(st.tuples(st.integers(-500, 500), st.integers(-500, 500)), max_size=40)


def built(scores: list[tuple[int, int]]) -> ScoreLog:
    log = ScoreLog()
    for row in scores:
        log = log.add(row)
    return log


@given(rounds)
def test_a_log_made_whole_equals_the_log_built_round_by_round(scores):
    whole, step = ScoreLog.of(scores), built(scores)
    assert whole == step
    assert hash(whole) == hash(step)
    assert whole.as_tuple() == step.as_tuple() == tuple(scores)
    assert (whole.length, whole.last) == (step.length, step.last)


@given(rounds, rounds)
def test_rounds_added_to_a_log_made_whole_follow_its_earlier_rounds(first, then):
    log = ScoreLog.of(first)
    for row in then:
        log = log.add(row)
    assert log.as_tuple() == tuple(first + then)
    assert log.length == len(first) + len(then)
    assert log == built(first + then)


@given(rounds, rounds)
def test_a_log_splits_into_the_piece_it_was_made_from_and_the_rounds_added_since(first, then):
    log = ScoreLog.of(first)
    for row in then:
        log = log.add(row)
    earlier, newer = log.split()
    assert tuple(earlier) + newer == log.as_tuple() == tuple(first + then)
    # Made whole from ``first``: its last round is a link of its own, the rest the one piece.
    assert tuple(earlier) == tuple(first[:-1])


@given(rounds, rounds)
def test_a_resumed_log_grows_like_the_log_it_stands_for_but_lists_no_deal_before_its_last(first, then):
    """A log resumed from a snapshot (the number of deals and the last one) counts and adds as
    the whole log does; what it does not hold it refuses to list or compare."""
    whole = ScoreLog.of(first)
    log = ScoreLog.resumed(whole.length, whole.last)
    for row in then:
        whole, log = whole.add(row), log.add(row)
    assert (log.length, log.last) == (whole.length, whole.last)
    if len(first) > 1:
        with pytest.raises(ValueError):
            log.as_tuple()
    else:
        assert log == whole
