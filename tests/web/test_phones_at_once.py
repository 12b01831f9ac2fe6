"""Six phones at one table saving at the same moment, through the site's own round form: each
gets the sheet or the stale-deal 409, never a 500. On SQLite (``make run``) this holds because
a transaction takes the write lock when it begins and a writer waits for the one before it
(config/settings.py), on PostgreSQL because the match row is locked. Real transactions, one
connection per phone."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from matches.models import Match, Round
from tests.factories import MatchFactory
from tests.web.test_match_pages import deal_form

pytestmark = pytest.mark.django_db(transaction=True)

PHONES = 6


@pytest.fixture
def match(alice, club) -> Match:
    return MatchFactory.create(club=club, game="frustration-nl", players=["Anna", "Bram", "Cor"], by=alice)


def all_phones_post(alice, form_for: Callable[[int], dict[str, object]], url: str) -> list[int]:
    barrier = threading.Barrier(PHONES)

    def phone(index: int) -> int:
        try:
            client = Client()  # a 500 would raise here, in the phone's thread, and fail the test
            client.force_login(alice)
            barrier.wait(timeout=10)
            return client.post(url, form_for(index)).status_code
        finally:
            connection.close()

    with ThreadPoolExecutor(PHONES) as pool:
        return list(pool.map(phone, range(PHONES)))


def test_six_phones_saving_the_same_deal_store_it_once_and_the_others_hear_409(alice, match):
    def same_deal(index: int) -> dict[str, object]:
        return {**deal_form(0, [(True, 0), (True, 30), (False, 95)], key=f"phone-{index}"), "number": "1"}

    codes = all_phones_post(alice, same_deal, reverse("round_add", args=[match.pk]))
    assert sorted(codes) == [302] + [409] * (PHONES - 1)
    assert Round.objects.filter(match=match).count() == 1


def test_six_phones_saving_a_deal_each_store_six_consecutive_deals(alice, match):
    def own_deal(index: int) -> dict[str, object]:
        return deal_form(0, [(True, 0), (True, 30), (False, 95)], key=f"phone-{index}")

    codes = all_phones_post(alice, own_deal, reverse("round_add", args=[match.pk]))
    assert codes == [302] * PHONES
    numbers = Round.objects.filter(match=match).values_list("number", flat=True)
    assert sorted(numbers) == list(range(1, PHONES + 1))
