"""Signing up, and resetting a forgotten password by e-mail in the reader's language.

Whether a username is taken is said only once everything else on the form is right (so only by
a sign-up that would otherwise have made the account, and those are throttled per client), two
sign-ups with one name at the same moment give one account and the form's answer, and passwords
are at least 12 characters and not like the username."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.db import connection
from django.test import Client

from players import views
from players.forms import SignupForm
from players.models import Club
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
User = get_user_model()
GOOD = "a-long-passphrase"


def sign_up(client, username: str, password: str = GOOD, confirm: str | None = None, **extra):
    body = {"username": username, "password1": password, "password2": confirm or password}
    return client.post("/accounts/signup/", body, **extra)


def field_errors(response, field: str) -> list[str]:
    return list(response.context["form"].errors.get(field, []))


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


def test_passwords_need_twelve_characters(client):
    assert field_errors(sign_up(client, "eva", "Tr0mbone-x1"), "password2")  # 11 characters
    assert sign_up(client, "eva", "Tr0mbone-x12").status_code == 302


def test_a_password_like_the_username_is_refused(client):
    response = sign_up(client, "margaretha", "margaretha-12")
    assert response.status_code == 200 and field_errors(response, "password2")
    assert not User.objects.filter(username="margaretha").exists()


def test_a_taken_username_is_not_told_before_the_rest_of_the_form_is_right(client, alice):
    """Probing names with a half-filled form learns nothing: a taken name and a free one get
    the same answer until the account would otherwise be made."""
    taken = sign_up(client, "alice", GOOD, confirm="something-else")
    free = sign_up(client, "zeno", GOOD, confirm="something-else")
    assert taken.status_code == free.status_code == 200
    assert field_errors(taken, "username") == field_errors(free, "username") == []
    assert taken.context["form"].errors == free.context["form"].errors


def test_a_taken_username_is_refused_on_a_complete_sign_up_whatever_its_case(client, alice):
    for name in ("alice", "ALICE"):
        response = sign_up(client, name)
        assert response.status_code == 200
        assert field_errors(response, "username")
    assert User.objects.filter(username__iexact="alice").count() == 1
    assert "_auth_user_id" not in client.session


def test_a_sign_up_that_loses_the_race_for_its_username_gets_the_form_error(client, monkeypatch):
    """Another sign-up takes the name between this one's checks and its save."""

    class Raced(SignupForm):
        def is_valid(self) -> bool:
            valid = super().is_valid()
            UserFactory(username=self.data["username"])
            return valid

    monkeypatch.setattr(views, "SignupForm", Raced)
    response = sign_up(client, "eva")
    assert response.status_code == 200
    assert field_errors(response, "username")
    assert User.objects.filter(username="eva").count() == 1
    assert not Club.objects.filter(personal_owner__username="eva").exists()


@pytest.mark.django_db(transaction=True)
def test_simultaneous_sign_ups_with_one_username_make_one_account_and_no_error():
    times = 4
    barrier = threading.Barrier(times)

    def attempt(index: int) -> int:
        try:
            barrier.wait(timeout=10)
            client = Client(raise_request_exception=False)
            return sign_up(client, "gerrit", REMOTE_ADDR=f"10.0.1.{index}").status_code
        finally:
            connection.close()

    with ThreadPoolExecutor(times) as pool:
        codes = sorted(pool.map(attempt, range(times)))
    assert codes == [200] * (times - 1) + [302]
    assert User.objects.filter(username="gerrit").count() == 1


def test_one_client_makes_only_so_many_accounts(client, settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK.get("DEFAULT_THROTTLE_RATES", {}),
            "signup": "2/hour",
        },
    }
    assert [sign_up(Client(), f"new{n}").status_code for n in range(2)] == [302, 302]
    refused = sign_up(Client(), "new2")
    assert refused.status_code == 429
    assert 0 < int(refused["Retry-After"]) <= 3600
    assert refused.context["form"]["username"].value() == "new2"  # kept for later
    assert not User.objects.filter(username="new2").exists()
    assert sign_up(Client(), "new2", REMOTE_ADDR="10.0.0.5").status_code == 302
