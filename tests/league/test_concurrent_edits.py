"""Two secretaries at once never silently undo each other (issue 48, the review's findings 3, 6
and 10). Alice (owner) and Dora (admin) of De Klaverclub both read, Alice saves first, Dora's
save from her older read is refused (409 with both versions on the page, 412 in the API) and
Alice's change stays. Presence is written per player, so two ticks of different players both
land; a player still seated at a playing table is not ticked absent."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse

from league.models import Competition, Evening
from players.models import Player
from tests.conftest import _api_client
from tests.factories import CompetitionFactory, EveningFactory, PlayerFactory
from tests.page_forms import posted

pytestmark = pytest.mark.django_db

NAMES = ["Anna", "Bram", "Cor", "Dirk", "Eva", "Fien", "Gijs", "Hanna", "Ilse", "Jan", "Kees", "Lot"]


@pytest.fixture
def competition(klaverclub) -> Competition:
    return CompetitionFactory.create(club=klaverclub, name="Winter 2026")


@pytest.fixture
def evening(competition) -> Evening:
    """An evening with the first eight of ``NAMES`` present."""
    evening = EveningFactory.create(competition=competition, date=datetime.date(2026, 10, 1))
    players = [PlayerFactory.create(club=competition.club, name=name) for name in NAMES]
    evening.present.set(players[:8])
    return evening


def secretary(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def player(name: str) -> Player:
    return Player.objects.get(name=name)


def present(evening: Evening) -> set[str]:
    return set(evening.present.values_list("name", flat=True))


# --- the competition's edit page (finding 3) -----------------------------------------------------


def test_a_stale_competition_form_is_refused_with_both_versions_and_keeps_the_first_save(
    alice, dora, competition
):
    """The review's finding 3: Alice sets "best 3 evenings", Dora then renames from the page she
    had open. Before, Dora's save put best-of back to empty; now it is refused and says why."""
    edit = reverse("league_competition_edit", args=[competition.pk])
    phone, laptop = secretary(alice), secretary(dora)
    alices = posted(phone.get(edit).content.decode(), edit)
    doras = posted(laptop.get(edit).content.decode(), edit)
    assert alices["version"] == doras["version"] == ["1"]

    alices["best_of"] = ["3"]
    assert phone.post(edit, alices).status_code == 302
    doras["name"] = ["Winter 2026 (club)"]
    refused = laptop.post(edit, doras)

    assert refused.status_code == 409
    page = refused.content.decode()
    assert "Changed meanwhile" in page and "your change was not saved" in page
    competition.refresh_from_db()
    assert (competition.best_of, competition.name, competition.version) == (3, "Winter 2026", 2)
    # Field by field: the stored best-of (3) beside Dora's (empty), and the names, marked.
    assert '<tr class="stale-changed">\n    <th scope="row">Best evenings that count' in page
    assert '<th scope="row">Name <strong class="stale-mark">differs</strong></th>' in page
    assert f'href="{edit}" id="keep-theirs"' in page


def test_apply_mine_saves_what_was_posted_over_the_stored_version(alice, dora, competition):
    edit = reverse("league_competition_edit", args=[competition.pk])
    phone, laptop = secretary(alice), secretary(dora)
    alices = posted(phone.get(edit).content.decode(), edit)
    doras = posted(laptop.get(edit).content.decode(), edit)
    alices["best_of"] = ["3"]
    phone.post(edit, alices)
    doras["name"] = ["Winter 2026 (club)"]
    mine = posted(laptop.post(edit, doras).content.decode(), edit)
    assert mine["version"] == ["2"] and mine["name"] == ["Winter 2026 (club)"]

    assert laptop.post(edit, mine).status_code == 302
    competition.refresh_from_db()
    assert (competition.name, competition.best_of, competition.version) == ("Winter 2026 (club)", None, 3)


def test_keep_theirs_shows_the_stored_values_on_the_edit_page(alice, dora, competition):
    edit = reverse("league_competition_edit", args=[competition.pk])
    phone, laptop = secretary(alice), secretary(dora)
    alices = posted(phone.get(edit).content.decode(), edit)
    doras = posted(laptop.get(edit).content.decode(), edit)
    alices["best_of"] = ["3"]
    phone.post(edit, alices)
    doras["name"] = ["Winter 2026 (club)"]
    laptop.post(edit, doras)
    again = posted(laptop.get(edit).content.decode(), edit)
    assert again["best_of"] == ["3"] and again["name"] == ["Winter 2026"] and again["version"] == ["2"]


def test_a_form_without_a_version_saves_as_before(alice, competition):
    """A post that leaves the field out (a script written before it) is not refused."""
    edit = reverse("league_competition_edit", args=[competition.pk])
    client = secretary(alice)
    data = posted(client.get(edit).content.decode(), edit)
    del data["version"]
    data["best_of"] = ["2"]
    assert client.post(edit, data).status_code == 302
    competition.refresh_from_db()
    assert (competition.best_of, competition.version) == (2, 2)


# --- the evening's edit page -----------------------------------------------------------------------


def test_a_stale_evening_form_is_refused_and_keeps_the_first_save(alice, dora, evening):
    edit = reverse("league_evening_edit", args=[evening.pk])
    phone, laptop = secretary(alice), secretary(dora)
    alices = posted(phone.get(edit).content.decode(), edit)
    doras = posted(laptop.get(edit).content.decode(), edit)
    alices["starts_at"] = ["20:00"]
    assert phone.post(edit, alices).status_code == 302
    doras["date"] = ["2026-10-08"]
    refused = laptop.post(edit, doras)
    assert refused.status_code == 409
    assert "the evening of 1 October 2026" in refused.content.decode()
    evening.refresh_from_db()
    assert (evening.date, evening.starts_at) == (datetime.date(2026, 10, 1), datetime.time(20, 0))


def test_the_conflict_page_fits_a_phone(alice, dora, evening):
    """Both versions side by side in a table that wraps its words, and two full-width buttons."""
    edit = reverse("league_evening_edit", args=[evening.pk])
    phone, laptop = secretary(alice), secretary(dora)
    alices = posted(phone.get(edit).content.decode(), edit)
    doras = posted(laptop.get(edit).content.decode(), edit)
    phone.post(edit, {**alices, "starts_at": ["20:00"]})
    page = laptop.post(edit, {**doras, "date": ["2026-10-08"]}).content.decode()
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page
    assert 'class="stats-table stale-table"' in page
    assert 'class="button block big" href=' in page and 'class="button primary block big"' in page


# --- presence on the page (finding 6) -------------------------------------------------------------


def test_two_secretaries_saving_the_presence_form_both_keep_their_ticks(alice, dora, evening):
    """The review's finding 6 on the pages: Alice ticks Kees and saves, Dora ticks Lot on the
    page she had open and saves. Before, Kees was gone; now both are present."""
    url = reverse("league_evening", args=[evening.pk])
    action = reverse("league_presence", args=[evening.pk])
    phone, laptop = secretary(alice), secretary(dora)
    alices = posted(phone.get(url).content.decode(), action)
    doras = posted(laptop.get(url).content.decode(), action)
    phone.post(action, {**alices, "present": [*alices["present"], str(player("Kees").pk)]})
    laptop.post(action, {**doras, "present": [*doras["present"], str(player("Lot").pk)]})
    assert present(evening) == set(NAMES[:8]) | {"Kees", "Lot"}


def test_an_untick_on_one_page_and_a_tick_on_another_both_land(alice, dora, evening):
    url = reverse("league_evening", args=[evening.pk])
    action = reverse("league_presence", args=[evening.pk])
    phone, laptop = secretary(alice), secretary(dora)
    alices = posted(phone.get(url).content.decode(), action)
    doras = posted(laptop.get(url).content.decode(), action)
    anna = str(player("Anna").pk)
    phone.post(action, {**alices, "present": [pk for pk in alices["present"] if pk != anna]})
    laptop.post(action, {**doras, "present": [*doras["present"], str(player("Ilse").pk)]})
    assert present(evening) == (set(NAMES[:8]) - {"Anna"}) | {"Ilse"}


def test_a_tick_on_the_page_changes_that_one_player_and_answers_the_tick(alice, dora, evening):
    """What the page's script sends per tick: the form as it stands, to the player's address.
    Alice and Dora tick two players from pages read before either tick: both land."""
    page = secretary(alice).get(reverse("league_evening", args=[evening.pk])).content.decode()
    kees, lot = player("Kees"), player("Lot")
    assert f'hx-post="{reverse("league_presence_player", args=[evening.pk, kees.pk])}"' in page
    phone, laptop = secretary(alice), secretary(dora)
    ticked = phone.post(
        reverse("league_presence_player", args=[evening.pk, kees.pk]),
        {"present": [str(kees.pk)]},
        headers={"HX-Request": "true"},
    )
    laptop.post(
        reverse("league_presence_player", args=[evening.pk, lot.pk]),
        {"present": [str(lot.pk)]},
        headers={"HX-Request": "true"},
    )
    answer = ticked.content.decode()
    assert ticked.status_code == 200 and f'id="tick-{kees.pk}"' in answer and "checked" in answer
    assert '<span class="muted" id="present-count" hx-swap-oob="true">9</span>' in answer
    assert present(evening) == set(NAMES[:8]) | {"Kees", "Lot"}
    unticked = phone.post(
        reverse("league_presence_player", args=[evening.pk, kees.pk]), {}, headers={"HX-Request": "true"}
    )
    assert "checked" not in unticked.content.decode() and "Kees" not in present(evening)
    evening.refresh_from_db()
    assert evening.version == 4  # every tick moves the evening's version


# --- unticking a player who is playing (finding 10) -----------------------------------------------


def seat_first_four(evening: Evening) -> None:
    evening.start_tables([[player(name).pk for name in NAMES[:4]]])


def test_a_tick_off_for_a_player_at_a_playing_table_is_refused_naming_the_table(alice, evening):
    seat_first_four(evening)
    dirk = player("Dirk")
    answer = secretary(alice).post(
        reverse("league_presence_player", args=[evening.pk, dirk.pk]), {}, headers={"HX-Request": "true"}
    )
    assert answer.status_code == 400
    text = answer.content.decode()
    assert "Dirk plays at table 1 of round 1: Dirk can be marked absent once that table has ended." in text
    assert "checked" in text and "Dirk" in present(evening)


def test_the_presence_form_refuses_unticking_a_playing_player_and_changes_nothing(alice, evening):
    seat_first_four(evening)
    url = reverse("league_evening", args=[evening.pk])
    action = reverse("league_presence", args=[evening.pk])
    client = secretary(alice)
    form = posted(client.get(url).content.decode(), action)
    gone = {str(player("Dirk").pk), str(player("Eva").pk)}
    answer = client.post(action, {**form, "present": [pk for pk in form["present"] if pk not in gone]})
    assert answer.status_code == 400
    assert "Dirk plays at table 1 of round 1" in answer.content.decode()
    assert present(evening) == set(NAMES[:8])  # Eva's untick waits with Dirk's: nothing changed


def test_once_the_table_has_ended_the_player_can_be_ticked_absent(alice, evening):
    seat_first_four(evening)
    match = evening.tables.get().match
    match.status = match.Status.FINISHED
    match.save(update_fields=["status"])
    dirk = player("Dirk")
    secretary(alice).post(reverse("league_presence_player", args=[evening.pk, dirk.pk]), {})
    assert "Dirk" not in present(evening)


# --- the API: ETag and If-Match ---------------------------------------------------------------------


def test_a_competition_patch_with_a_stale_if_match_is_412_and_changes_nothing(alice, dora, competition):
    url = reverse("api-competition", args=[competition.pk])
    first, second = _api_client(alice), _api_client(dora)
    tag = first.get(url)["ETag"]
    assert second.get(url)["ETag"] == tag and tag.startswith('"1-')
    saved = first.patch(url, {"best_of": 3}, format="json", headers={"If-Match": tag})
    assert saved.status_code == 200 and saved["ETag"].startswith('"2-')
    refused = second.patch(url, {"name": "Winter (club)"}, format="json", headers={"If-Match": tag})
    assert refused.status_code == 412
    assert refused.json()["errors"][0]["code"] == "stale_version"
    competition.refresh_from_db()
    assert (competition.best_of, competition.name) == (3, "Winter 2026")


def test_a_competition_patch_without_if_match_is_accepted_and_moves_the_version(alice, competition):
    url = reverse("api-competition", args=[competition.pk])
    answer = _api_client(alice).patch(url, {"best_of": 2}, format="json")
    assert answer.status_code == 200 and answer["ETag"].startswith('"2-')


def test_a_weak_etag_as_gzip_leaves_it_still_matches(alice, competition):
    url = reverse("api-competition", args=[competition.pk])
    client = _api_client(alice)
    tag = client.get(url, headers={"Accept-Encoding": "gzip"})["ETag"]
    assert tag.startswith('W/"1-')
    assert client.patch(url, {"best_of": 2}, format="json", headers={"If-Match": tag}).status_code == 200


def test_an_evening_patch_with_a_stale_if_match_is_412(alice, dora, evening):
    url = reverse("api-evening", args=[evening.pk])
    first, second = _api_client(alice), _api_client(dora)
    tag = first.get(url)["ETag"]
    second.get(url)
    assert (
        first.patch(url, {"starts_at": "20:00"}, format="json", headers={"If-Match": tag}).status_code == 200
    )
    refused = second.patch(url, {"date": "2026-10-08"}, format="json", headers={"If-Match": tag})
    assert refused.status_code == 412
    evening.refresh_from_db()
    assert (evening.date, evening.starts_at) == (datetime.date(2026, 10, 1), datetime.time(20, 0))


def test_a_stale_presence_list_is_412_and_the_first_tick_stays(alice, dora, evening):
    """The review's finding 6 in the API: the whole list from an older read, with its If-Match,
    used to be stored anyway and drop the tick made meanwhile."""
    url = reverse("api-evening", args=[evening.pk])
    presence = reverse("api-evening-presence", args=[evening.pk])
    first, second = _api_client(alice), _api_client(dora)
    read_a, read_b = first.get(url), second.get(url)
    ilse, jan = player("Ilse").pk, player("Jan").pk
    added = first.put(
        presence,
        {"present": [*read_a.json()["present"], ilse]},
        format="json",
        headers={"If-Match": read_a["ETag"]},
    )
    assert added.status_code == 200
    refused = second.put(
        presence,
        {"present": [*read_b.json()["present"], jan]},
        format="json",
        headers={"If-Match": read_b["ETag"]},
    )
    assert refused.status_code == 412 and refused.json()["errors"][0]["code"] == "stale_version"
    assert present(evening) == set(NAMES[:8]) | {"Ilse"}


def test_two_clients_ticking_different_players_per_item_both_land(alice, dora, evening):
    first, second = _api_client(alice), _api_client(dora)
    ilse, anna = player("Ilse").pk, player("Anna").pk
    assert first.put(reverse("api-evening-presence-player", args=[evening.pk, ilse])).status_code == 200
    answer = second.delete(reverse("api-evening-presence-player", args=[evening.pk, anna]))
    assert answer.status_code == 200 and ilse in answer.json()["present"]
    assert present(evening) == (set(NAMES[:8]) - {"Anna"}) | {"Ilse"}


def test_the_api_refuses_to_tick_absent_a_player_at_a_playing_table(alice, evening):
    seat_first_four(evening)
    client = _api_client(alice)
    dirk = player("Dirk").pk
    one = client.delete(reverse("api-evening-presence-player", args=[evening.pk, dirk]))
    assert one.status_code == 400
    [error] = one.json()["errors"]
    assert (error["field"], error["code"]) == ("present", "plays_at_table")
    assert (
        error["message"]
        == "Dirk plays at table 1 of round 1: Dirk can be marked absent once that table has ended."
    )
    whole = client.put(
        reverse("api-evening-presence", args=[evening.pk]), {"present": [player("Anna").pk]}, format="json"
    )
    assert whole.status_code == 400
    assert [e["code"] for e in whole.json()["errors"]] == ["plays_at_table"] * 3  # Bram, Cor, Dirk
    assert present(evening) == set(NAMES[:8])


def test_an_unchanged_evening_answers_304_and_a_tick_gives_a_new_etag(alice, evening):
    url = reverse("api-evening", args=[evening.pk])
    client = _api_client(alice)
    tag = client.get(url)["ETag"]
    assert client.get(url, headers={"If-None-Match": tag}).status_code == 304
    client.put(reverse("api-evening-presence-player", args=[evening.pk, player("Ilse").pk]))
    again = client.get(url, headers={"If-None-Match": tag})
    assert again.status_code == 200 and again["ETag"].startswith('"2-')


def test_an_evening_etag_changes_when_its_tables_move_on_without_its_version(alice, evening):
    """A deal at a table moves no version of the evening, but its answer changes: a conditional
    GET must not answer 304 then."""
    seat_first_four(evening)
    url = reverse("api-evening", args=[evening.pk])
    client = _api_client(alice)
    tag = client.get(url)["ETag"]
    match = evening.tables.get().match
    match.status = match.Status.FINISHED
    match.save(update_fields=["status"])
    again = client.get(url, headers={"If-None-Match": tag})
    assert (
        again.status_code == 200 and again["ETag"] != tag and again["ETag"].split("-")[0] == tag.split("-")[0]
    )


# --- player names (league/api.py club_player) -----------------------------------------------------


def test_a_stale_rename_through_the_api_is_412_and_the_first_name_stays(alice, dora, evening):
    anna = player("Anna")
    players = reverse("api-club-players", args=[evening.club.pk])
    first, second = _api_client(alice), _api_client(dora)
    [read] = [p for p in second.get(players).json() if p["id"] == anna.pk]
    url = reverse("api-club-player", args=[anna.pk])
    assert (
        first.patch(url, {"name": "Anna B."}, format="json", headers={"If-Match": '"1"'}).status_code == 200
    )
    refused = second.patch(
        url, {"name": "Anna de V."}, format="json", headers={"If-Match": f'"{read["version"]}"'}
    )
    assert refused.status_code == 412
    anna.refresh_from_db()
    assert anna.name == "Anna B."
