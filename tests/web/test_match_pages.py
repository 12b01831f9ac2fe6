"""The phone pages for a Frustration match: home, new match, the sheet, entering, refusing,
correcting and undoing rounds, and who may see them."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from matches.models import Match, Round, RoundRevision
from players.models import Club, Membership
from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db


def deal_form(went_out: int, seats: list[tuple[bool, int]], key: str = "k1") -> dict[str, object]:
    data: dict[str, object] = {"@went_out": str(went_out), "idempotency_key": key}
    for index, (laid_down, points) in enumerate(seats):
        data[f"entries.{index}.laid_down:bool"] = ["0", "1"] if laid_down else ["0"]
        data[f"entries.{index}.points:int"] = str(points)
    return data


# Anna goes out, Bram laid down and keeps 30, Cor did not lay down and keeps 95.
DEAL_1 = {
    "entries": [
        {"laid_down": True, "went_out": True, "points": 0},
        {"laid_down": True, "went_out": False, "points": 30},
        {"laid_down": False, "went_out": False, "points": 95},
    ]
}


@pytest.fixture
def match(alice, club) -> Match:
    return MatchFactory.create(club=club, game="frustration-nl", players=["Anna", "Bram", "Cor"], by=alice)


@pytest.fixture
def alice_client(client, alice):
    client.force_login(alice)
    return client


def test_home_asks_anonymous_visitors_to_log_in(client):
    response = client.get("/")
    assert response.status_code == 200
    assert reverse("login") in response.content.decode()


def test_home_lists_matches_in_progress(alice_client, match):
    response = alice_client.get("/")
    assert response.status_code == 200
    assert reverse("match_detail", args=[match.pk]) in response.content.decode()


def test_new_match_starts_a_frustration_match_in_the_users_club(alice_client, alice):
    response = alice_client.post(
        reverse("new_match_setup", args=["frustration-nl"]),
        {"player_0": "Anna", "player_1": " bram ", "player_2": "", "dealer": "1", "option_real_jokers": "0"},
    )
    match = Match.objects.get()
    assert response.status_code == 302
    assert response.url == reverse("match_detail", args=[match.pk])
    assert match.club == Club.personal_for(alice)
    assert match.dealer == 1
    assert match.options == {"packs": 2, "real_jokers": 0}
    assert [seat.player.name for seat in match.seats.all()] == ["Anna", "bram"]


def test_new_match_with_one_player_is_refused_and_keeps_the_name(alice_client):
    response = alice_client.post(
        reverse("new_match_setup", args=["frustration-nl"]), {"player_0": "Anna", "dealer": "0"}
    )
    assert response.status_code == 200
    assert 'value="Anna"' in response.content.decode()
    assert not Match.objects.exists()


def test_new_match_for_an_unknown_game_is_404(alice_client):
    assert alice_client.get(reverse("new_match_setup", args=["poker"])).status_code == 404


def test_sheet_shows_each_players_contract_and_the_dealer(alice_client, match):
    page = alice_client.get(reverse("match_detail", args=[match.pk])).content.decode()
    assert "two sets of 3" in page
    assert "Deal 1" in page and "<strong>Anna</strong> deals" in page


def test_entering_a_round_stores_it_and_shows_the_totals(alice_client, match):
    response = alice_client.post(
        reverse("round_add", args=[match.pk]), deal_form(0, [(True, 0), (True, 30), (False, 95)])
    )
    assert response.status_code == 302
    assert Round.objects.get(match=match).scores == [0, 30, 95]
    page = alice_client.get(reverse("match_detail", args=[match.pk])).content.decode()
    assert "two runs of 3" in page


def test_refused_round_keeps_what_was_typed_and_says_why_next_to_the_field(alice_client, match):
    response = alice_client.post(
        reverse("round_add", args=[match.pk]), deal_form(0, [(True, 0), (True, 30), (False, 50)])
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert "at least 55" in page
    assert 'name="entries.2.points:int"\n             value="50"' in page or 'value="50"' in page
    assert not Round.objects.exists()


def test_htmx_entry_answers_only_what_changed(alice_client, match):
    """A fresh form, and out of band the new row, totals, standings, hints and a confirmation
    with its undo: not the whole sheet."""
    response = alice_client.post(
        reverse("round_add", args=[match.pk]),
        deal_form(0, [(True, 0), (True, 30), (False, 95)]),
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert page.lstrip().startswith('<form id="round-form"')
    assert 'name="number" value="2"' in page
    assert '<tbody hx-swap-oob="beforeend:#rounds">' in page and 'data-round="1"' in page
    assert '<tr id="no-rounds" hx-swap-oob="delete">' in page
    assert '<tfoot id="totals" hx-swap-oob="true">' in page
    assert re.search(
        r'<div id="scorebar" class="scorebar" data-live-version="[^"]+" data-live-watch-next="[^"]+" '
        r'data-live-stream-next="/events/watch/[^"]+/" hx-swap-oob="true">',
        page,
    )
    assert '<div id="hints" hx-swap-oob="true">' in page and "two runs of 3" in page
    assert "Deal 1 saved." in page and reverse("round_undo", args=[match.pk]) in page
    assert "<html" not in page and 'id="sheet"' not in page
    assert "HX-Request" in response["Vary"]


def test_htmx_refusal_answers_the_form_with_the_reasons_on_top(alice_client, match):
    response = alice_client.post(
        reverse("round_add", args=[match.pk]),
        deal_form(0, [(True, 0), (True, 30), (False, 50)]),
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert page.lstrip().startswith('<form id="round-form"')
    summary = page[page.index("data-refused") : page.index("</div>", page.index("data-refused"))]
    assert "<strong>Cor</strong>" in summary and "at least 55" in summary
    assert 'value="50"' in page
    assert not Round.objects.exists()


def test_only_a_refused_round_carries_the_refusal_marker_the_sheet_brings_into_view(alice_client, match):
    """The page's script scrolls to ``[data-refused]``: on a sheet with nothing refused (its
    quick-entry line included) there is none, or every load would open scrolled down."""
    sheet = alice_client.get(reverse("match_detail", args=[match.pk])).content.decode()
    assert "data-refused" not in sheet
    assert 'id="quick-status"' in sheet and "data-mic-refused=" in sheet
    refused = alice_client.post(
        reverse("round_add", args=[match.pk]), deal_form(0, [(True, 0), (True, 30), (False, 50)])
    )
    assert refused.content.decode().count("data-refused") == 1


@pytest.mark.parametrize(
    "crafted",
    [
        {"entries.0:int": "5", "entries.0.table_points:int": "5"},
        {"x:str": "abc", "x.y:int": "5"},
        {"entries:int": "5", "@went_out": "0"},
    ],
    ids=["a field inside a number", "a field inside a text", "who went out of a number"],
)
@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_a_form_naming_a_field_inside_a_value_is_refused_with_the_form(alice_client, match, crafted, htmx):
    headers = {"HX-Request": "true"} if htmx else {}
    response = alice_client.post(reverse("round_add", args=[match.pk]), crafted, headers=headers)
    assert response.status_code == 400
    assert '<form id="round-form"' in response.content.decode()
    assert not Round.objects.exists()


def test_a_correction_naming_a_field_inside_a_value_is_refused_with_the_form(alice_client, match, alice):
    match.add_round(DEAL_1, by=alice)
    crafted = {"entries:int": "5", "@went_out": "0", "entries.0.points:int": "5"}
    response = alice_client.post(reverse("round_edit", args=[match.pk, 1]), crafted)
    assert response.status_code == 400
    assert Round.objects.get(match=match).body == DEAL_1


def test_a_key_with_a_control_character_is_refused_with_the_form(alice_client, match):
    form = deal_form(0, [(True, 0), (True, 30), (False, 95)], key="ab\x00cd")
    response = alice_client.post(reverse("round_add", args=[match.pk]), form, headers={"HX-Request": "true"})
    assert response.status_code == 400
    page = response.content.decode()
    assert page.lstrip().startswith('<form id="round-form"') and "This value is not valid here." in page
    assert 'value="95"' in page  # what was typed stays
    assert not Round.objects.exists()


def test_a_plain_post_says_the_deal_was_saved_with_an_undo(alice_client, match):
    response = alice_client.post(
        reverse("round_add", args=[match.pk]), deal_form(0, [(True, 0), (True, 30), (False, 95)]), follow=True
    )
    page = response.content.decode()
    saved = page[page.index('<div id="saved"') : page.index("</div>", page.index('<div id="saved"'))]
    assert "Deal 1 saved." in saved
    assert reverse("round_undo", args=[match.pk]) in saved and 'name="number" value="1"' in saved


def test_an_old_confirmation_address_says_nothing_once_another_deal_follows(alice_client, match, alice):
    match.add_round(DEAL_1, by=alice)
    match.add_round(DEAL_1, by=alice)
    page = alice_client.get(reverse("match_detail", args=[match.pk]) + "?saved=1").content.decode()
    assert "Deal 1 saved." not in page


def test_repeated_submit_of_the_same_form_stores_one_round(alice_client, match):
    form = deal_form(0, [(True, 0), (True, 30), (False, 95)], key="same-form")
    alice_client.post(reverse("round_add", args=[match.pk]), form)
    alice_client.post(reverse("round_add", args=[match.pk]), form)
    assert Round.objects.filter(match=match).count() == 1


def test_sheet_form_says_which_deal_it_is_for(alice_client, match):
    page = alice_client.get(reverse("match_detail", args=[match.pk])).content.decode()
    assert 'name="number" value="1"' in page


def test_a_stale_phone_compares_its_deal_with_the_stored_one_and_stores_nothing(alice_client, match, alice):
    """Phone B stored deal 1 while phone A still showed "Enter deal 1": A's different round is
    refused, kept in the form, and A may keep B's, correct deal 1 to its own, or enter it next."""
    Player = match.club.players.model
    Player.objects.filter(club=match.club, name="Anna").update(user=alice)
    url = reverse("round_add", args=[match.pk])
    alice_client.post(url, {**deal_form(0, [(True, 0), (True, 30), (False, 95)], key="b"), "number": "1"})
    stale = {**deal_form(1, [(False, 100), (True, 0), (True, 60)], key="a"), "number": "1"}
    response = alice_client.post(url, stale, headers={"HX-Request": "true"})
    assert response.status_code == 409
    page = response.content.decode()
    assert "Deal 1 was already entered on another phone by Anna, different from yours" in page
    assert (
        "Keep the stored deal" in page and "Correct deal 1 to mine" in page and "Enter mine as deal 2" in page
    )
    assert f'formaction="/matches/{match.pk}/rounds/1/edit/"' in page
    assert 'name="entries.0.points:int"' in page and 'value="100"' in page  # what A typed stays
    assert 'name="number" value="2"' in page
    assert Round.objects.filter(match=match).count() == 1
    # "Correct it to yours": the same fields, posted to deal 1's correction.
    corrected = alice_client.post(reverse("round_edit", args=[match.pk, 1]), {**stale, "correct": "1"})
    assert corrected.status_code == 302
    assert Round.objects.get(match=match).scores == [100, 0, 60]


def test_a_stale_phone_with_the_same_deal_hears_it_is_the_same(alice_client, match):
    url = reverse("round_add", args=[match.pk])
    same = deal_form(0, [(True, 0), (True, 30), (False, 95)], key="b")
    alice_client.post(url, {**same, "number": "1"})
    response = alice_client.post(
        url, {**same, "idempotency_key": "a", "number": "1"}, headers={"HX-Request": "true"}
    )
    page = response.content.decode()
    assert response.status_code == 409
    assert "the same as yours: nothing more to do" in page
    assert "guest-" not in page and 'value="30"' not in page
    assert Round.objects.filter(match=match).count() == 1


def test_correcting_a_round_replays_and_records_history(alice_client, match, alice):
    match.add_round(DEAL_1, by=alice)
    edit = reverse("round_edit", args=[match.pk, 1])
    assert "Correct deal 1" in alice_client.get(edit).content.decode()
    response = alice_client.post(edit, deal_form(0, [(True, 0), (True, 40), (False, 95)]))
    assert response.status_code == 302
    assert Round.objects.get(match=match).scores == [0, 40, 95]
    assert RoundRevision.objects.filter(match=match, action="correct", by=alice).exists()
    history = alice_client.get(edit).content.decode()
    assert "entered by alice" in history and "corrected by alice" in history


def test_refused_correction_changes_nothing(alice_client, match, alice):
    body = {
        "entries": [
            {"laid_down": True, "went_out": True, "points": 0},
            {"laid_down": True, "went_out": False, "points": 30},
            {"laid_down": False, "went_out": False, "points": 95},
        ]
    }
    match.add_round(body, by=alice)
    response = alice_client.post(
        reverse("round_edit", args=[match.pk, 1]), deal_form(0, [(True, 0), (True, 30), (False, 10)])
    )
    assert response.status_code == 400
    assert Round.objects.get(match=match).body == body


def test_undo_removes_the_last_round(alice_client, match, alice):
    match.add_round(DEAL_1, by=alice)
    response = alice_client.post(reverse("round_undo", args=[match.pk]))
    assert response.status_code == 302
    assert not Round.objects.filter(match=match).exists()
    assert RoundRevision.objects.filter(match=match, action="undo").exists()


def test_the_sheet_shows_a_correction_as_a_readable_diff(alice_client, match, alice):
    match.add_round(DEAL_1, by=alice)
    alice_client.post(
        reverse("round_edit", args=[match.pk, 1]), deal_form(0, [(True, 0), (True, 40), (False, 95)])
    )
    page = alice_client.get(reverse("match_detail", args=[match.pk])).content.decode()
    assert "2 changes to this match" in page
    history = alice_client.get(reverse("match_history", args=[match.pk])).content.decode()
    assert "Deal 1 corrected by alice" in history
    assert '<span class="where">Bram: points</span>: <del>30</del> → <ins>40</ins>' in history


def test_the_history_box_loads_its_lines_when_it_opens(alice_client, match, alice):
    """The sheet says how many changes there are; htmx fetches them, fresh, when the box opens
    (only the list), and without JavaScript the link opens them as a page."""
    match.add_round(DEAL_1, by=alice)
    url = reverse("match_history", args=[match.pk])
    page = alice_client.get(reverse("match_detail", args=[match.pk])).content.decode()
    assert f'hx-get="{url}"' in page and f'href="{url}"' in page
    assert "entered by alice" not in page  # not built for every view of the sheet
    partial = alice_client.get(url, headers={"HX-Request": "true"}).content.decode()
    assert "Deal 1 entered by alice" in partial and "<html" not in partial
    match.undo_last_round(by=alice)
    again = alice_client.get(url, headers={"HX-Request": "true"}).content.decode()
    assert "Deal 1 undone by alice" in again
    whole = alice_client.get(url).content.decode()
    assert "<html" in whole and "Deal 1 undone by alice" in whole


def test_an_undone_round_stays_readable_in_the_history(alice_client, match, alice):
    match.add_round(DEAL_1, by=alice)
    alice_client.post(reverse("round_undo", args=[match.pk]))
    page = alice_client.get(reverse("match_history", args=[match.pk])).content.decode()
    assert "Deal 1 undone by alice" in page
    assert '<span class="where">Cor: points</span>: <del>95</del>' in page


def test_undo_needs_post(alice_client, match):
    assert alice_client.get(reverse("round_undo", args=[match.pk])).status_code == 405


def test_another_clubs_match_is_not_found(client, charlie, match):
    client.force_login(charlie)
    assert client.get(reverse("match_detail", args=[match.pk])).status_code == 404
    assert client.post(reverse("round_add", args=[match.pk]), {}).status_code == 404


def test_a_member_reads_the_sheet_without_the_controls_to_change_it(client, bob, match):
    match.add_round(
        {
            "entries": [
                {"laid_down": True, "went_out": True, "points": 0},
                {"laid_down": True, "went_out": False, "points": 30},
                {"laid_down": False, "went_out": False, "points": 95},
            ]
        }
    )
    client.force_login(bob)
    page = client.get(reverse("match_detail", args=[match.pk])).content.decode()
    assert "95" in page
    assert 'id="round-form"' not in page
    assert reverse("round_undo", args=[match.pk]) not in page
    assert reverse("round_edit", args=[match.pk, 1]) not in page
    assert client.post(reverse("round_add", args=[match.pk]), {}).status_code == 403


def test_scoring_needs_a_login(client, match):
    response = client.get(reverse("match_detail", args=[match.pk]))
    assert response.status_code == 302
    assert reverse("login") in response.url


def test_signup_creates_a_user_with_a_personal_club(client):
    response = client.post(
        reverse("signup"),
        {"username": "dora", "password1": "a-long-passphrase", "password2": "a-long-passphrase"},
    )
    assert response.status_code == 302
    assert Club.objects.filter(memberships__user__username="dora", personal=True).exists()


def test_new_match_can_be_started_in_another_club_where_the_user_keeps_score(alice_client, alice):
    klaverclub = Club.objects.create(name="De Klaverclub")
    klaverclub.memberships.create(user=alice, role=Membership.Role.SCORER)
    page = alice_client.get(reverse("new_match_setup", args=["frustration-nl"])).content.decode()
    assert "De Klaverclub" in page
    response = alice_client.post(
        reverse("new_match_setup", args=["frustration-nl"]),
        {"club": str(klaverclub.pk), "player_0": "Anna", "player_1": "Bram", "dealer": "0"},
    )
    assert response.status_code == 302
    assert Match.objects.get().club == klaverclub


def test_new_match_is_not_offered_in_a_club_where_the_user_only_reads(alice_client, alice):
    klaverclub = Club.objects.create(name="De Klaverclub")
    klaverclub.memberships.create(user=alice, role=Membership.Role.MEMBER)
    page = alice_client.get(reverse("new_match_setup", args=["frustration-nl"])).content.decode()
    assert "De Klaverclub" not in page
    response = alice_client.post(
        reverse("new_match_setup", args=["frustration-nl"]),
        {"club": str(klaverclub.pk), "player_0": "Anna", "player_1": "Bram", "dealer": "0"},
    )
    assert response.status_code == 200
    assert not Match.objects.exists()


def test_new_match_in_a_club_the_user_is_not_in_is_refused(alice_client, charlie):
    elsewhere = Club.personal_for(charlie)
    response = alice_client.post(
        reverse("new_match_setup", args=["frustration-nl"]),
        {"club": str(elsewhere.pk), "player_0": "Anna", "player_1": "Bram", "dealer": "0"},
    )
    assert response.status_code == 200
    assert not Match.objects.exists()


def test_deleting_an_account_keeps_the_rounds_it_entered_attributed(alice_client, match, alice, bob):
    match.add_round(DEAL_1, by=bob)
    bob.delete()
    stored = Round.objects.get(match=match)
    assert (stored.created_by, stored.created_by_name) == (None, "bob")
    page = alice_client.get(reverse("match_history", args=[match.pk])).content.decode()
    assert "Deal 1 entered by bob" in page


def test_a_deleted_match_is_hidden_and_an_admin_restores_it_with_its_rounds(alice_client, match, alice):
    match.add_round(DEAL_1, by=alice)
    response = alice_client.post(reverse("match_delete", args=[match.pk]))
    assert response.status_code == 302
    assert alice_client.get(reverse("match_detail", args=[match.pk])).status_code == 404
    home = alice_client.get("/").content.decode()
    assert reverse("match_detail", args=[match.pk]) not in home
    assert reverse("deleted_matches") in home
    listed = alice_client.get(reverse("deleted_matches")).content.decode()
    assert "deleted by alice" in listed
    alice_client.post(reverse("match_restore", args=[match.pk]))
    sheet = alice_client.get(reverse("match_detail", args=[match.pk]))
    assert sheet.status_code == 200
    assert Round.objects.filter(match=match).count() == 1


def entry_of(page: str, index: int) -> str:
    found = re.search(rf'<fieldset class="entry[^"]*" data-entry="{index}".*?</fieldset>', page, re.S)
    assert found, f"no line for entry {index}"
    return found.group(0)


def test_laid_down_is_asked_of_every_player_with_the_engines_limits(alice_client, match):
    """No box is ticked in advance: the form answers only where the points leave one answer
    (below 55, what eleven cards are worth: yes; above 100, what contract 1's five kept cards
    can be worth: no)."""
    page = alice_client.get(reverse("match_detail", args=[match.pk])).content.decode()
    for index in range(3):
        line = entry_of(page, index)
        assert 'role="radiogroup"' in line and "Laid down?" in line
        assert f'name="entries.{index}.laid_down:bool" value="1"' in line
        assert f'name="entries.{index}.laid_down:bool" value="0"' in line
        assert "checked" not in line and 'type="checkbox"' not in line
        assert 'data-yes-below="55"' in line and 'data-no-above="100"' in line


def test_a_round_without_an_answer_to_laid_down_is_refused_beside_that_player(alice_client, match):
    data = deal_form(0, [(True, 0), (True, 30), (False, 95)])
    del data["entries.2.laid_down:bool"]
    response = alice_client.post(reverse("round_add", args=[match.pk]), data)
    assert response.status_code == 400
    assert not Round.objects.filter(match=match).exists()
    page = response.content.decode()
    cor = entry_of(page, 2)
    unanswered = "“Laid down?” is not answered, and these points allow both yes and no."
    assert f'<p class="error">{unanswered}</p>' in cor
    assert f"<strong>Cor</strong>: {unanswered}" in page  # the refusal on top names the question
    assert 'value="95"' in cor


def test_the_ten_levels_ask_whether_the_level_was_made(alice_client, alice, club):
    match = MatchFactory.create(club=club, game="frustration-fr", players=["Anna", "Bram"], by=alice)
    page = alice_client.get(reverse("match_detail", args=[match.pk])).content.decode()
    assert "Level made?" in entry_of(page, 0) and "Laid down" not in page


def test_the_history_names_people_as_the_table_knows_them(alice_client, match, alice):
    """Alice is the player Anna at her table; a guest who kept score is "a guest", never its
    made-up username."""
    from tests.factories import GuestFactory

    match.club.players.filter(name="Anna").update(user=alice)
    match.add_round(DEAL_1, by=alice)
    guest = GuestFactory().user
    match.undo_last_round(by=guest)
    page = alice_client.get(reverse("match_history", args=[match.pk])).content.decode()
    assert "Deal 1 entered by Anna" in page
    assert "Deal 1 undone by a guest" in page and guest.get_username() not in page
