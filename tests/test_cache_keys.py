"""The shared cache is keyed by what the database says, never by what a visitor types: an
address, a query string or a 404 path adds no entry, so nobody can fill it from outside."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.cache import cache

from games.registry import home_for
from players.models import Club
from tests.factories import demo_match


@pytest.fixture
def cache_writes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every key written to the default cache during the test."""
    written: list[str] = []
    for name in ("set", "add", "set_many", "get_or_set", "incr"):
        original = getattr(cache, name)

        def spy(key: Any, *args: Any, _original: Any = original, **kwargs: Any) -> Any:
            written.extend(key if isinstance(key, dict) else [key])
            return _original(key, *args, **kwargs)

        monkeypatch.setattr(cache, name, spy)
    return written


@pytest.mark.django_db
def test_junk_query_strings_and_unknown_paths_add_no_cache_entry(client, cache_writes):
    """An anonymous visitor asks for the same pages with ever new query strings, and for
    addresses that do not exist: none of it is kept."""
    for number in range(5):
        assert client.get(f"/rules/?junk={number}").status_code == 200
        assert client.get(f"/?junk={number}").status_code == 200
        assert client.get(f"/no-such-page-{number}/").status_code == 404
    assert cache_writes == []


@pytest.mark.django_db
def test_the_sheet_is_cached_under_its_version_not_its_address(client, alice, cache_writes):
    """Alice's sheet keeps its grid once per version of the match: asking for it again, with any
    query string, writes nothing new; a new deal is a new version."""
    match = demo_match(home_for("duizenden"), Club.personal_for(alice), by=alice)
    client.force_login(alice)
    assert client.get(f"/matches/{match.pk}/").status_code == 200
    first = list(cache_writes)
    assert first  # the grid and the chart
    for number in range(3):
        assert client.get(f"/matches/{match.pk}/?junk={number}").status_code == 200
    assert cache_writes == first
