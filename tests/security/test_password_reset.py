"""Password reset tells nobody whether an address has an account: the same answer for a known and
an unknown address, and the mail (the slow part) goes out only after the answer has."""

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


class BrokenBackend:
    def __init__(self, *args, **kwargs) -> None:
        pass

    def send_messages(self, messages):
        raise ConnectionRefusedError("no mail server")
