"""What a watching page reads while a phone scores the match: opening its stream (the check of
who may open it, ``live.events``) and its polls (the sheet's watch, the viewer's board) never
fail and never shut a rightful reader out. Real transactions, one connection per thread, on each
database (the writer is ``tests/reading_while_scoring.py``'s)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from live.events import share_channels, watch_channels
from live.versions import watch_token
from tests.reading_while_scoring import read_while_scoring, scored_match

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def scored():
    return scored_match()


def test_a_stream_opens_for_its_reader_while_the_match_is_scored(scored):
    match, user, token, share = scored
    signed = watch_token("m", match.pk, user.pk)
    refused: list[str] = []

    def sheet_stream() -> None:
        if watch_channels(signed) is None:
            refused.append("sheet")

    def viewer_stream() -> None:
        if share_channels(share) is None:
            refused.append("viewer")

    read_while_scoring(match, token, [sheet_stream, viewer_stream])

    assert refused == []


def test_the_watch_and_the_board_answer_their_polls_while_the_match_is_scored(scored):
    match, user, token, share = scored
    watch = reverse("live_watch", args=[watch_token("m", match.pk, user.pk)])
    board = reverse("live_board", args=[share])
    answers: list[tuple[str, int]] = []
    held: dict[str, str] = {}
    seen: dict[str, set[str]] = {"watch": set(), "board": set()}

    def poll(name: str, url: str) -> None:
        headers = {"If-None-Match": held[name]} if name in held else {}
        response = Client().get(url, headers=headers)
        answers.append((name, response.status_code))
        if "ETag" in response:
            held[name] = response["ETag"]
            seen[name].add(response["ETag"])

    read_while_scoring(match, token, [lambda: poll("watch", watch), lambda: poll("board", board)])

    assert {code for name, code in answers if name == "watch"} <= {204, 304}
    assert {code for name, code in answers if name == "board"} <= {200, 304}
    # Each followed the deals as they came: more than the one version it started from.
    assert len(seen["watch"]) > 1 and len(seen["board"]) > 1
