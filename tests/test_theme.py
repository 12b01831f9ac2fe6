"""Dark mode: the page follows the device unless the visitor chose light or dark; the choice is
rendered by the server on <html data-theme> (no flash), kept in Preference for a user (every
device) and in a cookie for a visitor."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from players.models import Preference
from tests.factories import PASSWORD, PreferenceFactory

pytestmark = pytest.mark.django_db


def html_tag(client: Client, url: str = "/") -> str:
    page = client.get(url).content.decode()
    return page[page.index("<html") : page.index(">", page.index("<html")) + 1]


def test_a_page_follows_the_device_until_a_choice_is_made(client):
    assert "data-theme" not in html_tag(client)
    assert 'content="light dark"' in client.get("/").content.decode()


def test_a_visitor_choice_is_kept_in_a_cookie_and_rendered(client):
    response = client.post(reverse("set_theme"), {"theme": "dark", "next": reverse("rules_index")})
    assert response.status_code == 302
    assert response.url == reverse("rules_index")
    assert response.cookies["theme"].value == "dark"
    assert 'data-theme="dark"' in html_tag(client)


def test_a_user_choice_is_stored_and_follows_them_to_another_device(client, alice):
    client.force_login(alice)
    client.post(reverse("set_theme"), {"theme": "light", "next": "/"})
    assert Preference.objects.get(user=alice).theme == "light"
    assert 'data-theme="light"' in html_tag(client)

    other_device = Client()
    other_device.post(reverse("login"), {"username": "alice", "password": PASSWORD})
    assert 'data-theme="light"' in html_tag(other_device)


def test_choosing_the_device_setting_again_clears_the_override(client, alice):
    PreferenceFactory(user=alice, theme="dark")
    client.force_login(alice)
    assert 'data-theme="dark"' in html_tag(client)
    client.post(reverse("set_theme"), {"theme": "", "next": "/"})
    assert Preference.objects.get(user=alice).theme == ""
    assert "data-theme" not in html_tag(client)


def test_the_language_preference_survives_a_theme_choice(client, alice):
    PreferenceFactory(user=alice, language="nl")
    client.force_login(alice)
    client.post(reverse("set_theme"), {"theme": "dark", "next": "/"})
    assert Preference.objects.get(user=alice).language == "nl"


def test_an_unknown_theme_is_refused_with_a_clear_page(client):
    response = client.post(reverse("set_theme"), {"theme": "purple", "next": "/"})
    assert response.status_code == 400
    assert "Unknown colour scheme." in response.content.decode()
    assert "theme" not in response.cookies


def test_a_forged_cookie_is_ignored(client):
    client.cookies["theme"] = '"><script>'
    assert "data-theme" not in html_tag(client)


def test_the_switch_goes_back_only_to_this_site(client):
    response = client.post(reverse("set_theme"), {"theme": "dark", "next": "https://evil.example/"})
    assert response.url == reverse("home")


def test_the_theme_switch_is_a_plain_form_showing_the_current_choice(client):
    """It works without JavaScript: a form posting one of three buttons, the current one pressed."""
    client.post(reverse("set_theme"), {"theme": "dark"})
    page = client.get("/").content.decode()
    assert f'action="{reverse("set_theme")}"' in page
    assert 'value="dark" aria-pressed="true"' in page
    assert 'value="light" aria-pressed="false"' in page


def test_set_theme_refuses_get(client):
    assert client.get(reverse("set_theme")).status_code == 405


def test_the_password_change_pages_follow_the_chosen_colours(client, alice):
    """They are the site's own pages (not the admin's), so they wear the user's theme too."""
    client.force_login(alice)
    client.post(reverse("set_theme"), {"theme": "dark"})
    for name in ("password_change", "password_change_done"):
        assert 'data-theme="dark"' in html_tag(client, reverse(name))
