"""Password reset tells nobody whether an address has an account: the same answer for a known and
an unknown address, and the mail (the slow part) goes out only after the answer has. Nobody can
fill a mailbox with reset mails: one address is sent only a few an hour, and one client may ask
only so often."""

from __future__ import annotations

import pytest
from django.core import mail
from django.test import RequestFactory

from players.views import PasswordResetView

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice_with_mail(alice):
    alice.email = "alice@example.org"
    alice.save()
    return alice


def test_known_and_unknown_addresses_get_the_same_answer(client, alice_with_mail):
    known = client.post("/accounts/password_reset/", {"email": "alice@example.org"})
    unknown = client.post("/accounts/password_reset/", {"email": "nobody@example.org"})
    assert (known.status_code, known["Location"]) == (unknown.status_code, unknown["Location"])
    assert known.content == unknown.content
    assert [m.to for m in mail.outbox] == [["alice@example.org"]]


def test_the_mail_goes_out_after_the_answer(alice_with_mail):
    request = RequestFactory().post("/accounts/password_reset/", {"email": "alice@example.org"})
    request._dont_enforce_csrf_checks = True
    response = PasswordResetView.as_view()(request)
    assert response.status_code == 302
    assert mail.outbox == []  # the answer is ready; nothing sent yet
    response.close()  # what the server does once the client has the answer
    assert len(mail.outbox) == 1


def test_a_failing_mail_server_does_not_turn_the_answer_into_an_error(alice_with_mail, settings, caplog):
    settings.MAILERS = {"default": {"BACKEND": "tests.security.test_password_reset.BrokenBackend"}}
    request = RequestFactory().post("/accounts/password_reset/", {"email": "alice@example.org"})
    request._dont_enforce_csrf_checks = True
    response = PasswordResetView.as_view()(request)
    response.close()
    assert response.status_code == 302
    assert "no mail server" in caplog.text  # logged, not raised


def rates(settings, **per_scope: str) -> None:
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK.get("DEFAULT_THROTTLE_RATES", {}), **per_scope},
    }


def reset(client, email: str, address: str = "10.0.0.1"):
    return client.post("/accounts/password_reset/", {"email": email}, REMOTE_ADDR=address)


def test_one_mailbox_gets_only_so_many_reset_mails(client, alice_with_mail, settings):
    """The refusal is the same for a known and an unknown address, and it says when to try again."""
    rates(settings, password_reset_mail="2/hour")
    assert [reset(client, "alice@example.org", f"10.0.0.{n}").status_code for n in range(2)] == [302, 302]
    refused = reset(client, "Alice@Example.org", "10.0.0.9")
    assert refused.status_code == 429
    assert 0 < int(refused["Retry-After"]) <= 3600
    assert len(mail.outbox) == 2
    for n in range(2):
        reset(client, "nobody@example.org", f"10.0.0.{n}")
    unknown = reset(client, "nobody@example.org", "10.0.0.9")
    assert unknown.status_code == 429
    assert unknown.context["form"].errors == refused.context["form"].errors


def test_one_client_asks_for_only_so_many_resets(client, alice_with_mail, settings):
    rates(settings, password_reset="2/hour")
    assert [reset(client, f"someone{n}@example.org").status_code for n in range(2)] == [302, 302]
    refused = reset(client, "alice@example.org")
    assert refused.status_code == 429 and "Retry-After" in refused
    assert mail.outbox == []
    assert reset(client, "alice@example.org", "10.0.0.2").status_code == 302


class BrokenBackend:
    def __init__(self, *args, **kwargs) -> None:
        pass

    def send_messages(self, messages):
        raise ConnectionRefusedError("no mail server")
