"""The session's user is read by a prepared statement (``players.backends``): the same user the
ORM reads, the same refusals, and sessions logged in before it still signed in."""

from __future__ import annotations

import pytest
from django.contrib.auth import SESSION_KEY, get_user_model
from django.contrib.auth.backends import ModelBackend
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from players.backends import PATH, PreparedModelBackend
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db


def _values(obj) -> dict:
    return {field.attname: getattr(obj, field.attname) for field in obj._meta.concrete_fields}


def test_the_user_read_is_the_one_the_orm_reads(alice):
    alice.first_name, alice.email = "Alice", "alice@example.org"
    alice.save()

    with CaptureQueriesContext(connection) as queries:
        user = PreparedModelBackend().get_user(alice.pk)

    assert _values(user) == _values(get_user_model().objects.get(pk=alice.pk))
    assert user._state.adding is False and user._state.db == "default"
    assert len(queries) == 1


def test_an_inactive_or_missing_user_is_nobody():
    inactive = UserFactory(is_active=False)
    backend = PreparedModelBackend()

    assert backend.get_user(inactive.pk) is None
    assert backend.get_user(inactive.pk + 1000) is None
    assert backend.get_user(2**63) is None  # no row could have it: not a database error


def test_a_log_in_starts_a_session_with_the_prepared_backend(client, alice):
    response = client.post(reverse("login"), {"username": "alice", "password": PASSWORD})

    assert response.status_code == 302
    assert client.session["_auth_user_backend"] == PATH
    assert client.get("/").context["user"] == alice


def test_a_session_logged_in_by_djangos_own_backend_stays_signed_in(client, alice):
    client.force_login(alice, backend="django.contrib.auth.backends.ModelBackend")

    assert client.session["_auth_user_backend"] == "django.contrib.auth.backends.ModelBackend"
    assert client.get("/").context["user"] == alice
    assert int(client.session[SESSION_KEY]) == alice.pk


def test_a_key_given_as_text_is_read_as_the_orm_reads_it(alice):
    assert PreparedModelBackend().get_user(str(alice.pk)) == ModelBackend().get_user(str(alice.pk)) == alice
