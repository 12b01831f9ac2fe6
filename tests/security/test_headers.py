"""Every page says what a browser may load (Content-Security-Policy: only this site) and which
features it may use (Permissions-Policy: none of camera, location...; the microphone on its own pages)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def directives(response) -> dict[str, list[str]]:
    policy = response["Content-Security-Policy"]
    return {name: values for name, *values in (part.split() for part in policy.split(";") if part.strip())}


@pytest.mark.parametrize("path", ["/", "/accounts/login/", "/rules/", "/api/games/", "/no-such-page/"])
def test_every_answer_allows_nothing_external(client, path):
    policy = directives(client.get(path))
    assert policy["default-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"] and policy["frame-ancestors"] == ["'none'"]
    everything = " ".join(value for values in policy.values() for value in values)
    assert "http" not in everything and "unsafe" not in everything


def test_htmx_is_told_not_to_inject_styles_or_evaluate_code(client):
    page = client.get("/accounts/login/").content.decode()
    assert '"includeIndicatorStyles":false' in page and '"allowEval":false' in page
    assert "<style" not in page and "style=" not in page
    assert "<script>" not in page


def test_the_api_docs_page_may_style_itself_inline_and_nothing_more(client):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    policy = directives(response)
    assert policy["style-src"] == ["'self'", "'unsafe-inline'"]
    assert "script-src" not in policy and policy["default-src"] == ["'self'"]
    # The start-up script is a file of its own, which 'self' allows.
    assert "<script>" not in response.content.decode()
    assert client.get("/api/docs/?script=").status_code == 200


def test_browser_features_are_switched_off(client):
    policy = client.get("/")["Permissions-Policy"]
    for feature in ("camera=()", "geolocation=()", "payment=()"):
        assert feature in policy


def test_only_the_sites_own_pages_may_listen_to_a_round_said_out_loud(client):
    assert "microphone=(self)" in client.get("/")["Permissions-Policy"]


def test_production_headers(client, settings):
    response = client.get("/accounts/login/")
    assert response["X-Frame-Options"] == "DENY"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["X-Content-Type-Options"] == "nosniff"


def cache_directives(response) -> set[str]:
    return {part.strip() for part in response.get("Cache-Control", "").split(",") if part.strip()}


@pytest.mark.parametrize("path", ["/", "/clubs/", "/accounts/password_change/", "/no-such-page/"])
def test_signed_in_pages_are_kept_by_no_cache(client, alice, club, path):
    client.force_login(alice)
    assert {"private", "no-store"} <= cache_directives(client.get(path))


def test_signed_in_downloads_and_api_answers_are_kept_by_no_cache(client, api, alice, club):
    client.force_login(alice)
    assert {"private", "no-store"} <= cache_directives(client.get(f"/clubs/{club.pk}/results.csv"))
    assert {"private", "no-store"} <= cache_directives(api.get("/api/matches/"))


def test_anonymous_pages_keep_their_caching(client):
    for path in ("/", "/rules/", "/api/games/"):
        response = client.get(path)
        assert "Cache-Control" not in response
