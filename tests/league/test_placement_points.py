"""Points by place are bounded (each place at most 10 000 points, at most 20 places) wherever a
competition is written: the phone's form, the API, the model's own checks. A rebuild of the
standings that fails all the same (a scheme stored before the bound) is recorded on the
competition, and the secretary reads it on the standings page instead of stale standings
that say nothing."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from league.models import MAX_PLACEMENT_POINTS, MAX_PLACES, Competition
from tests.conftest import _api_client
from tests.factories import CompetitionFactory, PlayerFactory
from tests.league.test_api_writes import ZOMER, errors, finished_evening

pytestmark = pytest.mark.django_db(transaction=True)

FAILED = "The standings could not be updated"

OUT_OF_BOUNDS = [
    pytest.param("999999999999999,1", id="past-the-stored-decimals"),
    pytest.param("9" * 99, id="ninety-nine-nines"),
    pytest.param(f"{MAX_PLACEMENT_POINTS + 1},8,6", id="one-point-over"),
    pytest.param(",".join(["1"] * (MAX_PLACES + 1)), id="one-place-too-many"),
]


@pytest.fixture
def competition(klaverclub) -> Competition:
    competition = CompetitionFactory.create(club=klaverclub, name="Winter 2026")
    PlayerFactory.create_batch(4, club=klaverclub)
    return competition


@pytest.mark.parametrize("points", OUT_OF_BOUNDS)
def test_a_change_to_points_out_of_bounds_is_refused_and_keeps_the_stored_points(competition, alice, points):
    finished_evening(competition)  # the standings a change would rebuild
    answer = _api_client(alice).patch(
        reverse("api-competition", args=[competition.pk]), {"placement_points": points}, format="json"
    )
    [(field, _code, message)] = errors(answer)
    assert field == "placement_points" and message
    competition.refresh_from_db()
    assert competition.placement_points == "10,8,6,5"


@pytest.mark.parametrize("points", OUT_OF_BOUNDS)
def test_a_new_competition_with_points_out_of_bounds_is_refused(klaverclub, alice, points):
    answer = _api_client(alice).post(
        reverse("api-competitions", args=[klaverclub.pk]),
        {**ZOMER, "placement_points": points},
        format="json",
    )
    [(field, _code, _message)] = errors(answer)
    assert field == "placement_points"
    assert not Competition.objects.exists()


def test_the_highest_points_for_the_most_places_are_accepted(competition, alice):
    points = ",".join([str(MAX_PLACEMENT_POINTS)] + ["1"] * (MAX_PLACES - 1))
    answer = _api_client(alice).patch(
        reverse("api-competition", args=[competition.pk]), {"placement_points": points}, format="json"
    )
    assert answer.status_code == 200
    assert answer.json()["placement_points"] == points


def test_the_edit_page_refuses_points_out_of_bounds_next_to_the_field_and_keeps_them(
    client, competition, alice
):
    client.force_login(alice)
    data = {
        "name": competition.name,
        "games": competition.games,
        "starts_on": competition.starts_on.isoformat(),
        "ends_on": competition.ends_on.isoformat(),
        "counts": competition.counts,
        "kind": competition.kind,
        "placement_points": "10001,8",
        "min_evenings": "0",
    }
    page = client.post(reverse("league_competition_edit", args=[competition.pk]), data)
    assert page.status_code == 200
    assert "A place scores at most 10000 points." in page.content.decode()
    assert 'value="10001,8"' in page.content.decode()
    competition.refresh_from_db()
    assert competition.placement_points == "10,8,6,5"


@pytest.mark.parametrize(
    ("points", "message"),
    [
        ("10001", "A place scores at most 10000 points."),
        (",".join(["1"] * 21), "Give points to at most 20 places."),
    ],
)
def test_the_model_refuses_points_out_of_bounds_itself(competition, points, message):
    competition.placement_points = points
    with pytest.raises(ValidationError) as refused:
        competition.full_clean()
    assert refused.value.message_dict == {"placement_points": [message]}


def test_a_rebuild_that_fails_is_shown_to_the_secretary_until_one_succeeds(client, competition, alice, bob):
    # Stored before the bound existed: the task of every finished table fails to rebuild.
    Competition.objects.filter(pk=competition.pk).update(placement_points="9" * 99)
    finished_evening(competition)
    assert not competition.standings.exists()
    url = reverse("league_standings", args=[competition.pk])
    client.force_login(alice)
    assert FAILED in client.get(url).content.decode()
    competition.refresh_from_db()
    assert competition.standings_failed_at is not None

    client.force_login(bob)  # a member cannot change the scheme: nothing for him to do
    assert FAILED not in client.get(url).content.decode()

    Competition.objects.filter(pk=competition.pk).update(placement_points="10,8,6,5")
    competition.refresh_from_db()
    competition.refresh_standings()
    client.force_login(alice)
    assert FAILED not in client.get(url).content.decode()
    assert competition.standings.count() == 4
    competition.refresh_from_db()
    assert competition.standings_failed_at is None
