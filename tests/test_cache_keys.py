"""The shared cache is keyed by what the database says, never by what a visitor types: an
address, a query string or a 404 path adds no entry, so nobody can fill it from outside."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.cache import cache

from games.registry import home_for
from matches.models import Match
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


@pytest.mark.django_db
def test_a_kept_blank_form_belongs_to_its_match_and_deal(client, alice):
    """Two of Alice's matches of one game, and the same match a deal later: each sheet's form
    names its own players and asks for its own next deal."""
    club = Club.personal_for(alice)
    home = home_for("duizenden")
    first = demo_match(home, club, by=alice)
    second = Match.start(club=club, game="duizenden", players=["Xavier", "Yvonne"], by=alice)
    client.force_login(alice)
    first_page = client.get(f"/matches/{first.pk}/").content.decode()
    second_page = client.get(f"/matches/{second.pk}/").content.decode()
    assert "Xavier" in second_page and "Xavier" not in first_page
    demo = home.demo()
    assert demo is not None
    second.add_round(demo.rounds[0] if len(demo.players) == 2 else _two_player_deal(), by=alice)
    later = client.get(f"/matches/{second.pk}/").content.decode()
    assert 'name="number" value="2"' in later
    assert 'name="number" value="1"' in second_page


def _two_player_deal() -> dict[str, Any]:
    return {
        "entries": [
            {"went_out": True, "table_points": 60, "hand_points": 0},
            {"went_out": False, "table_points": 0, "hand_points": 25},
        ]
    }
