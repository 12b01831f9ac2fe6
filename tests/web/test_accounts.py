"""Signing up, and resetting a forgotten password by e-mail in the reader's language."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core import mail

pytestmark = pytest.mark.django_db


def test_signup_keeps_the_email_address(client):
    response = client.post(
        "/accounts/signup/",
        {
            "username": "eva",
            "email": "eva@example.org",
            "password1": "a-long-passphrase",
            "password2": "a-long-passphrase",
        },
    )
    assert response.status_code == 302
    assert get_user_model().objects.get(username="eva").email == "eva@example.org"


def test_login_page_offers_a_password_reset(client):
    assert "/accounts/password_reset/" in client.get("/accounts/login/").content.decode()


@pytest.mark.parametrize(
    ("language", "subject"),
    [("en", "Your new Scoreblok password"), ("nl", "Je nieuwe Scoreblok-wachtwoord")],
)
def test_password_reset_mail_is_written_in_the_readers_language(client, alice, language, subject):
    alice.email = "alice@example.org"
    alice.save()
    response = client.post(
        "/accounts/password_reset/", {"email": "alice@example.org"}, headers={"accept-language": language}
    )
    assert response.status_code == 302
    assert len(mail.outbox) == 1
    assert mail.outbox[0].subject == subject
    assert "/accounts/reset/" in mail.outbox[0].body
