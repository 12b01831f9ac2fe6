"""Who may do what, on every page and every API endpoint, in one table.

In De Klaverclub Alice is the owner, Dora an admin, Sam a scorekeeper and Bob a member who only
reads; Charlie has a club of his own and is not in this one. Each row names one URL (by its
route name) and one method, and the status each persona gets: anonymous visitors are sent to
the login page (pages) or get 401 (API); another club's objects are 404 (they do not exist for
Charlie); a member who lacks the right gets 403. The match in the table is kept by Sam (he
started it); a second row checks that a scorekeeper cannot touch a match someone else keeps.

``test_every_url_is_in_the_matrix`` fails when a URL is added without a row here.

A guest ("Keep score now") owns its own table, a personal club; the league and the club
statistics are refused to it even there (403), which ``GUEST_MATRIX`` checks for every URL of
``league`` and ``stats`` (``test_every_league_and_stats_url_refuses_guests`` keeps it complete).

The club (``built_world``) and the guest's table (``built_guest_world``) are built once per
module, on each xdist worker, not once per case: building the club again for each of the
~1,200 cases took longer than the requests the cases make. Each case still starts from the
same untouched world: the world is kept in one transaction for the module (rolled back after
its last case), each case runs in a savepoint of its own inside it that ``django_db`` rolls
back after the case, whatever the case posted or deleted, and each case gets its own copy of
the world's Python objects (``world``, ``guest_world``).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

import pytest
from django.conf import settings
from django.db import transaction
from django.test import Client, override_settings
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import translation
from pytest_django import DjangoDbBlocker
from rest_framework.test import APIClient

from games.registry import home_for
from live.models import MatchShare
from live.versions import watch_token
from matches.models import Match
from players.models import Club, Membership
from scoring.declared import TEMPLATES
from tests.conftest import _api_client, build_klaverclub
from tests.factories import (
    PASSWORD,
    ClubExportFactory,
    ClubScreenFactory,
    CompetitionFactory,
    EveningFactory,
    GuestFactory,
    HouseGameFactory,
    InvitationFactory,
    MatchFactory,
    MatchShareFactory,
    MembershipFactory,
    PlayerFactory,
    UserFactory,
)

PERSONAS = ("owner", "admin", "scorer", "member", "outsider", "anonymous")
LOGIN = "login"  # a redirect to the login page

# Django's admin guards itself (staff only) and is not part of the product's roles.
NOT_IN_THE_MATRIX = {"admin"}

GAME = "frustration-nl"
DEAL_1 = {
    "entries": [
        {"laid_down": True, "went_out": True, "points": 0},
        {"laid_down": True, "went_out": False, "points": 30},
        {"laid_down": False, "went_out": False, "points": 95},
    ]
}
DEAL_2 = {
    "entries": [
        {"laid_down": False, "went_out": False, "points": 100},
        {"laid_down": True, "went_out": True, "points": 0},
        {"laid_down": True, "went_out": False, "points": 60},
    ]
}


def deal_form(went_out: int, seats: list[tuple[bool, int]], number: int) -> dict[str, object]:
    data: dict[str, object] = {"@went_out": str(went_out), "number": str(number)}
    for index, (laid_down, points) in enumerate(seats):
        data[f"entries.{index}.laid_down:bool"] = ["0", "1"] if laid_down else ["0"]
        data[f"entries.{index}.points:int"] = str(points)
    return data


@dataclass
class World:
    club: Club
    match: Match  # kept by Sam
    others_match: Match  # kept by Alice
    target: Membership  # Mia, a member the managers may change or remove
    invitation: Any
    player: Any
    deleted_match: Match  # deleted by Alice, waiting to be restored
    evening: Any = None  # an evening of the club's competition, nobody ticked present yet
    share_token: str = ""  # the share link of Sam's match
    revoked_token: str = ""  # a link Alice revoked (its match was shared again since)
    screen_token: str = ""  # the club's TV link
    export: Any = None  # the club's export, written and ready to download
    others_export: Any = None  # an export of another club
    house_game: Any = None  # the club's Hartenjagen, declared from the rule blocks
    users: dict[str, Any] = field(default_factory=dict)


FAST_PASSWORDS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = FAST_PASSWORDS


def _built_once[T](django_db_blocker: DjangoDbBlocker, build: Callable[[], T]) -> Iterator[T]:
    """What ``build`` makes, kept for a module-scoped fixture in one transaction that is rolled
    back when the module is done: the database leaves the module as it came in. It is built as
    each test would have built it (fast passwords, the site's language); then the database is
    blocked again, as it is outside a test, and each ``django_db`` case opens it in a savepoint
    of its own within this transaction."""
    with django_db_blocker.unblock(), transaction.atomic():
        with override_settings(PASSWORD_HASHERS=FAST_PASSWORDS), translation.override(settings.LANGUAGE_CODE):
            built = build()
        with django_db_blocker.block():
            yield built
        transaction.set_rollback(True)


def _build_world() -> World:
    """De Klaverclub as ``klaverclub`` in tests/conftest.py has it (Alice owner, Dora admin, Sam
    scorekeeper, Bob member; Charlie in a club of his own), with the rows the matrix asks about."""
    alice, dora, sam, bob, charlie = (
        UserFactory(username=name) for name in ("alice", "dora", "sam", "bob", "charlie")
    )
    klaverclub = build_klaverclub(alice=alice, bob=bob, charlie=charlie, dora=dora, sam=sam)
    match = MatchFactory.create(club=klaverclub, game=GAME, players=["Anna", "Bram", "Cor"], by=sam)
    match.add_round(DEAL_1, by=sam)
    others_match = MatchFactory.create(club=klaverclub, game=GAME, players=["Anna", "Bram", "Cor"], by=alice)
    others_match.add_round(DEAL_1, by=alice)
    target = MembershipFactory.create(
        club=klaverclub, user=UserFactory(username="mia"), role=Membership.Role.MEMBER
    )
    return World(
        club=klaverclub,
        match=match,
        others_match=others_match,
        target=target,
        invitation=InvitationFactory(club=klaverclub, created_by=alice),
        player=PlayerFactory(club=klaverclub, name="Oma Truus"),
        deleted_match=_deleted(klaverclub, alice),
        evening=EveningFactory.create(competition=CompetitionFactory.create(club=klaverclub)),
        users={"owner": alice, "admin": dora, "scorer": sam, "member": bob, "outsider": charlie},
        share_token=MatchShareFactory.create(match=match).token,
        revoked_token=_revoked_token(others_match),
        screen_token=ClubScreenFactory.create(club=klaverclub).token,
        export=ClubExportFactory.create(club=klaverclub, requested_by=alice),
        others_export=ClubExportFactory.create(),
        house_game=HouseGameFactory.create(club=klaverclub),
    )


@pytest.fixture(scope="module")
def built_world(django_db_setup: None, django_db_blocker: DjangoDbBlocker) -> Iterator[World]:
    """The club, built once for the module (per xdist worker) and rolled back after its last case."""
    yield from _built_once(django_db_blocker, _build_world)


@pytest.fixture
def world(built_world: World) -> World:
    """This case's own copy of the module's world: the rows are the same (the case's savepoint
    undoes whatever it wrote to them), the Python objects its own, so that nothing a case does
    to them (a login's ``last_login``, a cached relation) reaches the next one. Django copies
    ``setUpTestData``'s objects for each test in the same way."""
    return copy.deepcopy(built_world)


def _revoked_token(match: Match) -> str:
    token = MatchShareFactory.create(match=match).token
    MatchShare.revoke(match)
    MatchShare.share(match)
    return token


def live_page(name: str, suffix: str = ""):
    """A viewer's address: with the valid link, a revoked one, and no link at all."""
    return [
        page(name, "GET", lambda w: reverse(name, args=[w.share_token]) + suffix, (200,) * 6),
        page(name, "GET", lambda w: reverse(name, args=[w.revoked_token]), (404,) * 6, label="revoked link"),
        page(name, "GET", lambda w: reverse(name, args=["not-a-share-link"]), (404,) * 6, label="no link"),
    ]


def watch_signed(w: World, persona: str = "scorer") -> str:
    return watch_token("m", w.match.pk, w.users[persona].pk)


def watch_url(w: World, persona: str = "scorer") -> str:
    return reverse("live_watch", args=[watch_signed(w, persona)])


def _deleted(club: Club, by: Any) -> Match:
    match = MatchFactory.create(club=club, game=GAME, players=["Anna", "Bram"], by=by)
    match.soft_delete(by=by)
    return match


@dataclass(frozen=True)
class Row:
    name: str  # the URL's route name
    method: str
    url: Callable[[World], str]
    expected: tuple[int | str, ...]  # one per persona, in PERSONAS order
    data: Callable[[World], Any] = lambda w: None
    label: str = ""
    api: bool = False

    @property
    def id(self) -> str:
        return f"{self.method} {self.name}{' ' + self.label if self.label else ''}"


def page(name: str, method: str, url, expected, data=lambda w: None, label: str = "") -> Row:
    return Row(name, method, url, expected, data, label)


def api(name: str, method: str, url, expected, data=lambda w: None, label: str = "") -> Row:
    return Row(name, method, url, expected, data, label, api=True)


def _calendar(w: World) -> str:
    from league.models import ClubCalendar

    return reverse("league_calendar", args=[ClubCalendar.renew(w.club).token])


def _anna(w: World) -> int:
    return w.club.players.get(name="Anna").pk


def _seated_by_hand(w: World) -> dict[str, object]:
    """Oma Truus and Anna ticked present (seating by hand offers the players present), then
    seated at one table as the evening's seating formset posts it."""
    w.evening.present.add(w.player.pk, _anna(w))
    return {
        "tables-TOTAL_FORMS": "1",
        "tables-INITIAL_FORMS": "0",
        "tables-0-seat_1": w.player.pk,
        "tables-0-seat_2": _anna(w),
    }


def rules_anchor(w: World) -> str:
    return reverse("rules_section", args=[GAME, home_for(GAME).rules_sections()[0].anchor])


def new_match(w: World) -> dict[str, str]:
    return {"club": str(w.club.pk), "player_0": "Anna", "player_1": "Bram", "dealer": "0"}


MATRIX: list[Row] = [
    # --- public pages -------------------------------------------------------------------
    #                                                   owner  admin scorer member outsider anon
    page("home", "GET", lambda w: reverse("home"), (200, 200, 200, 200, 200, 200)),
    # The balancer's health check: the database answers, for anyone (it says nothing else).
    page("health", "GET", lambda w: reverse("health"), (200, 200, 200, 200, 200, 200)),
    page("rules_index", "GET", lambda w: reverse("rules_index"), (200, 200, 200, 200, 200, 200)),
    page("rules_game", "GET", lambda w: reverse("rules_game", args=[GAME]), (200, 200, 200, 200, 200, 200)),
    page(
        "rules_search", "GET", lambda w: f"{reverse('rules_search')}?q=joker", (200, 200, 200, 200, 200, 200)
    ),
    page("rules_section", "GET", rules_anchor, (302, 302, 302, 302, 302, 302)),
    page("rules_paper", "GET", lambda w: reverse("rules_paper", args=[GAME]), (200, 200, 200, 200, 200, 200)),
    # A club's house game's rules at the same addresses: public, as a rule is no secret.
    page(
        "house_rules_game",
        "GET",
        lambda w: reverse("house_rules_game", args=[w.house_game.slug]),
        (200, 200, 200, 200, 200, 200),
    ),
    page(
        "house_rules_section",
        "GET",
        lambda w: reverse("house_rules_section", args=[w.house_game.slug, "deal"]),
        (302, 302, 302, 302, 302, 302),
    ),
    page(
        "house_rules_paper",
        "GET",
        lambda w: reverse("house_rules_paper", args=[w.house_game.slug]),
        (200, 200, 200, 200, 200, 200),
    ),
    page("signup", "GET", lambda w: reverse("signup"), (200, 200, 200, 200, 200, 200)),
    page("login", "GET", lambda w: reverse("login"), (200, 200, 200, 200, 200, 200)),
    page("logout", "POST", lambda w: reverse("logout"), (302, 302, 302, 302, 302, 302)),
    page("password_change", "GET", lambda w: reverse("password_change"), (200, 200, 200, 200, 200, LOGIN)),
    page(
        "password_change_done",
        "GET",
        lambda w: reverse("password_change_done"),
        (200, 200, 200, 200, 200, LOGIN),
    ),
    page("password_reset", "GET", lambda w: reverse("password_reset"), (200, 200, 200, 200, 200, 200)),
    page(
        "password_reset_done", "GET", lambda w: reverse("password_reset_done"), (200, 200, 200, 200, 200, 200)
    ),
    page(
        "password_reset_confirm",
        "GET",
        lambda w: reverse("password_reset_confirm", args=["MQ", "not-a-token"]),
        (200, 200, 200, 200, 200, 200),
    ),
    page(
        "password_reset_complete",
        "GET",
        lambda w: reverse("password_reset_complete"),
        (200, 200, 200, 200, 200, 200),
    ),
    page(
        "set_language",
        "POST",
        lambda w: reverse("set_language"),
        (302, 302, 302, 302, 302, 302),
        lambda w: {"language": "nl", "next": "/"},
    ),
    page(
        "set_theme",
        "POST",
        lambda w: reverse("set_theme"),
        (302, 302, 302, 302, 302, 302),
        lambda w: {"theme": "dark", "next": "/"},
    ),
    # "Keep score now": a visitor becomes a guest; someone signed in is simply sent on.
    page("guest_start", "POST", lambda w: reverse("guest_start"), (302, 302, 302, 302, 302, 302)),
    # --- matches --------------------------------------------------------------------------
    page("new_match", "GET", lambda w: reverse("new_match"), (200, 200, 200, 200, 200, LOGIN)),
    page(
        "new_match_setup",
        "GET",
        lambda w: reverse("new_match_setup", args=[GAME]),
        (200, 200, 200, 200, 200, LOGIN),
    ),
    # A club the user may not start matches in is not offered: the form refuses it (200).
    page(
        "new_match_setup",
        "POST",
        lambda w: reverse("new_match_setup", args=[GAME]),
        (302, 302, 302, 200, 200, LOGIN),
        new_match,
    ),
    page(
        "match_detail",
        "GET",
        lambda w: reverse("match_detail", args=[w.match.pk]),
        (200, 200, 200, 200, 404, LOGIN),
    ),
    page(
        "match_history",
        "GET",
        lambda w: reverse("match_history", args=[w.match.pk]),
        (200, 200, 200, 200, 404, LOGIN),
    ),
    page(
        "match_rules",
        "GET",
        lambda w: reverse("match_rules", args=[w.match.pk]),
        (200, 200, 200, 200, 404, LOGIN),
    ),
    page(
        "match_paper",
        "GET",
        lambda w: reverse("match_paper", args=[w.match.pk]),
        (200, 200, 200, 200, 404, LOGIN),
    ),
    page(
        "round_add",
        "POST",
        lambda w: reverse("round_add", args=[w.match.pk]),
        (302, 302, 302, 403, 404, LOGIN),
        lambda w: deal_form(1, [(False, 100), (True, 0), (True, 60)], 2),
    ),
    page(
        "round_add",
        "POST",
        lambda w: reverse("round_add", args=[w.others_match.pk]),
        (302, 302, 403, 403, 404, LOGIN),
        lambda w: deal_form(1, [(False, 100), (True, 0), (True, 60)], 2),
        label="a match someone else keeps",
    ),
    page(
        "round_quick_entry",
        "POST",
        lambda w: reverse("round_quick_entry", args=[w.match.pk]),
        (200, 200, 200, 403, 404, LOGIN),
        lambda w: {"line": "anna out bram 15"},
    ),
    page(
        "round_quick_entry",
        "POST",
        lambda w: reverse("round_quick_entry", args=[w.others_match.pk]),
        (200, 200, 403, 403, 404, LOGIN),
        lambda w: {"line": "anna out bram 15"},
        label="a match someone else keeps",
    ),
    page(
        "round_preview",
        "POST",
        lambda w: reverse("round_preview", args=[w.match.pk]),
        (200, 200, 200, 403, 404, LOGIN),
    ),
    page(
        "round_preview",
        "POST",
        lambda w: reverse("round_preview", args=[w.others_match.pk]),
        (200, 200, 403, 403, 404, LOGIN),
        label="a match someone else keeps",
    ),
    page(
        "round_edit",
        "GET",
        lambda w: reverse("round_edit", args=[w.match.pk, 1]),
        (200, 200, 200, 403, 404, LOGIN),
    ),
    page(
        "round_edit",
        "POST",
        lambda w: reverse("round_edit", args=[w.match.pk, 1]),
        (302, 302, 302, 403, 404, LOGIN),
        lambda w: deal_form(0, [(True, 0), (True, 40), (False, 95)], 1),
    ),
    page(
        "round_edit",
        "POST",
        lambda w: reverse("round_edit", args=[w.others_match.pk, 1]),
        (302, 302, 403, 403, 404, LOGIN),
        lambda w: deal_form(0, [(True, 0), (True, 40), (False, 95)], 1),
        label="a match someone else keeps",
    ),
    page(
        "round_undo",
        "POST",
        lambda w: reverse("round_undo", args=[w.match.pk]),
        (302, 302, 302, 403, 404, LOGIN),
    ),
    page(
        "round_undo",
        "POST",
        lambda w: reverse("round_undo", args=[w.others_match.pk]),
        (302, 302, 403, 403, 404, LOGIN),
        label="a match someone else keeps",
    ),
    page(
        "round_redo",
        "POST",
        lambda w: reverse("round_redo", args=[w.match.pk]),
        (302, 302, 302, 403, 404, LOGIN),
    ),
    page(
        "round_redo",
        "POST",
        lambda w: reverse("round_redo", args=[w.others_match.pk]),
        (302, 302, 403, 403, 404, LOGIN),
        label="a match someone else keeps",
    ),
    page(
        "match_rematch",
        "POST",
        lambda w: reverse("match_rematch", args=[w.match.pk]),
        (302, 302, 302, 403, 404, LOGIN),
    ),
    page(
        "match_rematch",
        "POST",
        lambda w: reverse("match_rematch", args=[w.others_match.pk]),
        (302, 302, 403, 403, 404, LOGIN),
        label="a match someone else keeps",
    ),
    page(
        "match_end",
        "POST",
        lambda w: reverse("match_end", args=[w.match.pk]),
        (302, 302, 302, 403, 404, LOGIN),
        lambda w: {"reason": "closing time"},
    ),
    page(
        "match_end",
        "POST",
        lambda w: reverse("match_end", args=[w.others_match.pk]),
        (302, 302, 403, 403, 404, LOGIN),
        lambda w: {"reason": "closing time"},
        label="a match someone else keeps",
    ),
    # Not ended early: the sheet says so (a message), for whoever may score it.
    page(
        "match_resume",
        "POST",
        lambda w: reverse("match_resume", args=[w.match.pk]),
        (302, 302, 302, 403, 404, LOGIN),
    ),
    page(
        "club_export_start",
        "POST",
        lambda w: reverse("club_export_start", args=[w.club.pk]),
        (302, 302, 403, 403, 404, LOGIN),
    ),
    page(
        "club_export_detail",
        "GET",
        lambda w: reverse("club_export_detail", args=[w.club.pk, w.export.pk]),
        (200, 200, 403, 403, 404, LOGIN),
    ),
    page(
        "club_export_detail",
        "GET",
        lambda w: reverse("club_export_detail", args=[w.club.pk, w.others_export.pk]),
        (404, 404, 403, 403, 404, LOGIN),
        label="another club's export",
    ),
    page(
        "club_export_download",
        "GET",
        lambda w: reverse("club_export_download", args=[w.club.pk, w.export.pk]),
        (200, 200, 403, 403, 404, LOGIN),
    ),
    page(
        "club_results",
        "GET",
        lambda w: reverse("club_results", args=[w.club.pk]),
        (200, 200, 200, 200, 404, LOGIN),
    ),
    # --- house games: every member reads and plays them, owners and admins declare them ----
    page(
        "house_games",
        "GET",
        lambda w: reverse("house_games", args=[w.club.pk]),
        (200, 200, 200, 200, 404, LOGIN),
    ),
    page(
        "house_game_new",
        "GET",
        lambda w: reverse("house_game_new", args=[w.club.pk]),
        (200, 200, 403, 403, 404, LOGIN),
    ),
    page(
        "house_game_edit",
        "GET",
        lambda w: reverse("house_game_edit", args=[w.club.pk, w.house_game.slug]),
        (200, 200, 403, 403, 404, LOGIN),
    ),
    page(
        "house_game_delete",
        "POST",
        lambda w: reverse("house_game_delete", args=[w.club.pk, w.house_game.slug]),
        (302, 302, 403, 403, 404, LOGIN),
    ),
    page(
        "house_game_import",
        "POST",
        lambda w: reverse("house_game_import", args=[w.club.pk]),
        (302, 302, 403, 403, 404, LOGIN),
    ),
    page("deleted_matches", "GET", lambda w: reverse("deleted_matches"), (200, 200, 200, 200, 200, LOGIN)),
    page(
        "match_delete",
        "POST",
        lambda w: reverse("match_delete", args=[w.match.pk]),
        (302, 302, 403, 403, 404, LOGIN),
    ),
    page(
        "match_restore",
        "POST",
        lambda w: reverse("match_restore", args=[w.deleted_match.pk]),
        (302, 302, 404, 404, 404, LOGIN),
    ),
    page(
        "round_confirm",
        "POST",
        lambda w: reverse("round_confirm", args=[w.match.pk, 1]),
        (302, 302, 302, 302, 404, LOGIN),
    ),
    page(
        "club_settings",
        "POST",
        lambda w: reverse("club_settings", args=[w.club.pk]),
        (302, 302, 403, 403, 404, LOGIN),
        lambda w: {"confirm_rounds": "on"},
    ),
    # --- live: sharing is for whoever may keep the match's score; a link needs no account ----
    page(
        "match_share",
        "GET",
        lambda w: reverse("match_share", args=[w.match.pk]),
        (200, 200, 200, 403, 404, LOGIN),
    ),
    page(
        "match_share",
        "POST",
        lambda w: reverse("match_share", args=[w.match.pk]),
        (302, 302, 302, 403, 404, LOGIN),
    ),
    page(
        "match_share",
        "POST",
        lambda w: reverse("match_share", args=[w.others_match.pk]),
        (302, 302, 403, 403, 404, LOGIN),
        label="a match someone else keeps",
    ),
    page(
        "match_share_revoke",
        "POST",
        lambda w: reverse("match_share_revoke", args=[w.match.pk]),
        (302, 302, 302, 403, 404, LOGIN),
    ),
    *live_page("live_viewer"),
    *live_page("live_tv"),
    *live_page("live_board"),
    # A watch address is made by the server for a member and says only "changed or not".
    page("live_watch", "GET", watch_url, (204,) * 6),
    page("live_watch", "GET", lambda w: watch_url(w, "outsider"), (404,) * 6, label="an outsider's"),
    page("live_watch", "GET", lambda w: reverse("live_watch", args=["forged"]), (404,) * 6, label="forged"),
    # A page's event stream is authorised like the page. Through this (WSGI) client an allowed
    # stream answers 503, "served by the ASGI server"; tests/live/test_streams.py streams them.
    page(
        "live_share_stream", "GET", lambda w: reverse("live_share_stream", args=[w.share_token]), (503,) * 6
    ),
    page(
        "live_share_stream",
        "GET",
        lambda w: reverse("live_share_stream", args=[w.revoked_token]),
        (404,) * 6,
        label="revoked link",
    ),
    page(
        "live_watch_stream",
        "GET",
        lambda w: reverse("live_watch_stream", args=[watch_signed(w)]),
        (503,) * 6,
    ),
    page(
        "live_watch_stream",
        "GET",
        lambda w: reverse("live_watch_stream", args=[watch_signed(w, "outsider")]),
        (404,) * 6,
        label="an outsider's",
    ),
    page("club_tv", "GET", lambda w: reverse("club_tv", args=[w.club.pk]), (200, 200, 200, 200, 404, LOGIN)),
    page(
        "evening_tv",
        "GET",
        lambda w: reverse("evening_tv", args=[w.evening.pk]),
        (200, 200, 200, 200, 404, LOGIN),
    ),
    page("club_tv_shared", "GET", lambda w: reverse("club_tv_shared", args=[w.screen_token]), (200,) * 6),
    page(
        "club_tv_shared",
        "GET",
        lambda w: reverse("club_tv_shared", args=["no-link"]),
        (404,) * 6,
        label="no link",
    ),
    page(
        "club_tv_share",
        "GET",
        lambda w: reverse("club_tv_share", args=[w.club.pk]),
        (200, 200, 403, 403, 404, LOGIN),
    ),
    page(
        "club_tv_share",
        "POST",
        lambda w: reverse("club_tv_share", args=[w.club.pk]),
        (302, 302, 403, 403, 404, LOGIN),
    ),
    page(
        "club_tv_share_revoke",
        "POST",
        lambda w: reverse("club_tv_share_revoke", args=[w.club.pk]),
        (302, 302, 403, 403, 404, LOGIN),
    ),
    page("manifest", "GET", lambda w: reverse("manifest"), (200,) * 6),
    page("service_worker", "GET", lambda w: reverse("service_worker"), (200,) * 6),
    page("offline", "GET", lambda w: reverse("offline"), (200,) * 6),
    # --- clubs ----------------------------------------------------------------------------
    page("club_list", "GET", lambda w: reverse("club_list"), (200, 200, 200, 200, 200, LOGIN)),
    # One's own account only: the address names nobody. A wrong password deletes nothing.
    page("account", "GET", lambda w: reverse("account"), (200, 200, 200, 200, 200, LOGIN)),
    page(
        "account_delete",
        "POST",
        lambda w: reverse("account_delete"),
        (400, 400, 400, 400, 400, LOGIN),
        lambda w: {"password": "wrong", "confirm": "on"},
    ),
    page("club_create", "GET", lambda w: reverse("club_create"), (200, 200, 200, 200, 200, LOGIN)),
    page(
        "club_create",
        "POST",
        lambda w: reverse("club_create"),
        (302, 302, 302, 302, 302, LOGIN),
        lambda w: {"name": "De Jokers"},
    ),
    page(
        "club_detail",
        "GET",
        lambda w: reverse("club_detail", args=[w.club.pk]),
        (200, 200, 200, 200, 404, LOGIN),
    ),
    page(
        "player_detail",
        "GET",
        lambda w: reverse("player_detail", args=[w.club.pk, w.player.pk]),
        (200, 200, 200, 200, 404, LOGIN),
    ),
    page(
        "player_detail",
        "POST",
        lambda w: reverse("player_detail", args=[w.club.pk, w.player.pk]),
        (405, 405, 405, 405, 405, LOGIN),
    ),
    page(
        "club_ratings",
        "GET",
        lambda w: reverse("club_ratings", args=[w.club.pk]),
        (200, 200, 200, 200, 404, LOGIN),
    ),
    page(
        "club_delete",
        "POST",
        lambda w: reverse("club_delete", args=[w.club.pk]),
        (302, 403, 403, 403, 404, LOGIN),
    ),
    # The last owner cannot leave; everyone else can.
    page(
        "club_leave",
        "POST",
        lambda w: reverse("club_leave", args=[w.club.pk]),
        (403, 302, 302, 302, 404, LOGIN),
    ),
    page(
        "member_role",
        "POST",
        lambda w: reverse("member_role", args=[w.club.pk, w.target.pk]),
        (302, 302, 403, 403, 404, LOGIN),
        lambda w: {"role": "scorer"},
    ),
    page(
        "member_role",
        "POST",
        lambda w: reverse("member_role", args=[w.club.pk, w.target.pk]),
        (302, 403, 403, 403, 404, LOGIN),
        lambda w: {"role": "admin"},
        label="making an admin",
    ),
    page(
        "member_remove",
        "POST",
        lambda w: reverse("member_remove", args=[w.club.pk, w.target.pk]),
        (302, 302, 403, 403, 404, LOGIN),
    ),
    page(
        "invitation_create",
        "POST",
        lambda w: reverse("invitation_create", args=[w.club.pk]),
        (302, 302, 403, 403, 404, LOGIN),
        lambda w: {"role": "member", "days": "7"},
    ),
    page(
        "invitation_create",
        "POST",
        lambda w: reverse("invitation_create", args=[w.club.pk]),
        (302, 403, 403, 403, 404, LOGIN),
        lambda w: {"role": "admin", "days": "7"},
        label="inviting an admin",
    ),
    page(
        "invitation_revoke",
        "POST",
        lambda w: reverse("invitation_revoke", args=[w.club.pk, w.invitation.pk]),
        (302, 302, 403, 403, 404, LOGIN),
    ),
    page(
        "player_link",
        "POST",
        lambda w: reverse("player_link", args=[w.club.pk, w.player.pk]),
        (302, 302, 403, 403, 404, LOGIN),
        lambda w: {"user": str(w.target.user_id)},
    ),
    # The club's players: added, renamed, retired, merged by the owners and admins.
    page(
        "player_add",
        "POST",
        lambda w: reverse("player_add", args=[w.club.pk]),
        (302, 302, 403, 403, 404, LOGIN),
        lambda w: {"name": "Ilse"},
    ),
    page(
        "player_rename",
        "POST",
        lambda w: reverse("player_rename", args=[w.club.pk, w.player.pk]),
        (302, 302, 403, 403, 404, LOGIN),
        lambda w: {"name": "Truus"},
    ),
    page(
        "player_retire",
        "POST",
        lambda w: reverse("player_retire", args=[w.club.pk, w.player.pk]),
        (302, 302, 403, 403, 404, LOGIN),
        lambda w: {"retired": "1"},
    ),
    page(
        "player_merge",
        "POST",
        lambda w: reverse("player_merge", args=[w.club.pk, w.player.pk]),
        (302, 302, 403, 403, 404, LOGIN),
        lambda w: {"into": _anna(w)},
    ),
    # Whoever holds the link may read it; joining needs a login (members stay as they are).
    page(
        "invitation_accept",
        "GET",
        lambda w: reverse("invitation_accept", args=[w.invitation.token]),
        (200, 200, 200, 200, 200, 200),
    ),
    page(
        "invitation_accept",
        "POST",
        lambda w: reverse("invitation_accept", args=[w.invitation.token]),
        (302, 302, 302, 302, 302, LOGIN),
    ),
    # --- league: members read, owners and admins run it ----------------------------------------
    page(
        "league_competitions",
        "GET",
        lambda w: reverse("league_competitions", args=[w.club.pk]),
        (200, 200, 200, 200, 404, LOGIN),
    ),
    page(
        "league_competitions",
        "POST",
        lambda w: reverse("league_competitions", args=[w.club.pk]),
        (302, 302, 403, 403, 404, LOGIN),
        lambda w: {
            "name": "Zomer",
            "games": [GAME],
            "starts_on": "2027-06-01",
            "ends_on": "2027-08-31",
            "counts": "evenings",
            "kind": "placement",
            "placement_points": "10,8,6",
            "min_evenings": "0",
            "tie_break_1": "wins",
        },
    ),
    page(
        "league_standings",
        "GET",
        lambda w: reverse("league_standings", args=[w.evening.competition_id]),
        (200, 200, 200, 200, 404, LOGIN),
    ),
    page(
        "league_standings_csv",
        "GET",
        lambda w: reverse("league_standings_csv", args=[w.evening.competition_id]),
        (200, 200, 200, 200, 404, LOGIN),
    ),
    page(
        "league_evening_create",
        "POST",
        lambda w: reverse("league_evening_create", args=[w.evening.competition_id]),
        (302, 302, 403, 403, 404, LOGIN),
        lambda w: {"date": "2026-12-08", "counts": "on"},
    ),
    page(
        "league_evening",
        "GET",
        lambda w: reverse("league_evening", args=[w.evening.pk]),
        (200, 200, 200, 200, 404, LOGIN),
    ),
    page(
        "league_presence",
        "POST",
        lambda w: reverse("league_presence", args=[w.evening.pk]),
        (302, 302, 403, 403, 404, LOGIN),
        lambda w: {"present": [w.player.pk]},
    ),
    page(
        "league_presence_player",
        "POST",
        lambda w: reverse("league_presence_player", args=[w.evening.pk, w.player.pk]),
        (302, 302, 403, 403, 404, LOGIN),
        lambda w: {"present": [w.player.pk]},
    ),
    # Nobody is present: the draw says so and starts nothing (a redirect back to the evening).
    page(
        "league_draw",
        "POST",
        lambda w: reverse("league_draw", args=[w.evening.pk]),
        (302, 302, 403, 403, 404, LOGIN),
    ),
    page(
        "league_calendar_link",
        "POST",
        lambda w: reverse("league_calendar_link", args=[w.club.pk]),
        (302, 302, 403, 403, 404, LOGIN),
    ),
    page("league_calendar", "GET", lambda w: _calendar(w), (200,) * 6),
    page(
        "league_calendar",
        "GET",
        lambda w: reverse("league_calendar", args=["no-such-link"]),
        (404,) * 6,
        label="no link",
    ),
    page(
        "league_honours",
        "GET",
        lambda w: reverse("league_honours", args=[w.club.pk]),
        (200, 200, 200, 200, 404, LOGIN),
    ),
    page(
        "league_competition_archive",
        "POST",
        lambda w: reverse("league_competition_archive", args=[w.evening.competition_id]),
        (302, 302, 403, 403, 404, LOGIN),
        lambda w: {"archived": "1"},
    ),
    page(
        "league_competition_reopen",
        "GET",
        lambda w: reverse("league_competition_reopen", args=[w.evening.competition_id]),
        (302, 302, 403, 403, 404, LOGIN),
        label="a current season: nothing to reopen",
    ),
    page(
        "league_competition_next",
        "POST",
        lambda w: reverse("league_competition_next", args=[w.evening.competition_id]),
        (302, 302, 403, 403, 404, LOGIN),
    ),
    page(
        "league_evening_report",
        "GET",
        lambda w: reverse("league_evening_report", args=[w.evening.pk]),
        (200, 200, 200, 200, 404, LOGIN),
    ),
    # No table has ended: the managers are told the report waits (a redirect to it).
    page(
        "league_evening_report_mail",
        "POST",
        lambda w: reverse("league_evening_report_mail", args=[w.evening.pk]),
        (302, 302, 403, 403, 404, LOGIN),
    ),
    page(
        "league_newcomer",
        "POST",
        lambda w: reverse("league_newcomer", args=[w.evening.pk]),
        (302, 302, 403, 403, 404, LOGIN),
        lambda w: {"name": "Ilse"},
    ),
    # A table seated by hand: the club's players Oma Truus and Anna.
    page(
        "league_tables",
        "POST",
        lambda w: reverse("league_tables", args=[w.evening.pk]),
        (302, 302, 403, 403, 404, LOGIN),
        lambda w: _seated_by_hand(w),
    ),
    # Sam's match is not of the evening's game: the managers are told so (the page again, 400).
    page(
        "league_attach",
        "POST",
        lambda w: reverse("league_attach", args=[w.evening.pk]),
        (400, 400, 403, 403, 404, LOGIN),
        lambda w: {"match": w.match.pk},
    ),
    # Editing and deleting a competition or an evening: its club's owners and admins.
    page(
        "league_competition_edit",
        "GET",
        lambda w: reverse("league_competition_edit", args=[w.evening.competition_id]),
        (200, 200, 403, 403, 404, LOGIN),
    ),
    page(
        "league_competition_edit",
        "POST",
        lambda w: reverse("league_competition_edit", args=[w.evening.competition_id]),
        (302, 302, 403, 403, 404, LOGIN),
        lambda w: {
            "name": "Winter",
            "games": ["duizenden"],  # the factory's: a game its evenings play stays
            "starts_on": "2026-09-01",
            "ends_on": "2027-06-30",
            "counts": "evenings",
            "kind": "raw",
            "placement_points": "10,8,6",
            "min_evenings": "0",
            "tie_break_1": "wins",
        },
    ),
    page(
        "league_competition_delete",
        "GET",
        lambda w: reverse("league_competition_delete", args=[w.evening.competition_id]),
        (200, 200, 403, 403, 404, LOGIN),
    ),
    page(
        "league_competition_delete",
        "POST",
        lambda w: reverse("league_competition_delete", args=[w.evening.competition_id]),
        (302, 302, 403, 403, 404, LOGIN),
    ),
    page(
        "league_evening_edit",
        "GET",
        lambda w: reverse("league_evening_edit", args=[w.evening.pk]),
        (200, 200, 403, 403, 404, LOGIN),
    ),
    page(
        "league_evening_edit",
        "POST",
        lambda w: reverse("league_evening_edit", args=[w.evening.pk]),
        (302, 302, 403, 403, 404, LOGIN),
        lambda w: {"date": "2026-12-15"},
    ),
    page(
        "league_evening_delete",
        "GET",
        lambda w: reverse("league_evening_delete", args=[w.evening.pk]),
        (200, 200, 403, 403, 404, LOGIN),
    ),
    page(
        "league_evening_delete",
        "POST",
        lambda w: reverse("league_evening_delete", args=[w.evening.pk]),
        (302, 302, 403, 403, 404, LOGIN),
    ),
    # --- API --------------------------------------------------------------------------------
    api(
        "api-token",
        "POST",
        lambda w: reverse("api-token"),
        (200, 200, 200, 200, 200, 200),
        lambda w: {"username": "alice", "password": PASSWORD},
    ),
    api("api-logout", "POST", lambda w: reverse("api-logout"), (204, 204, 204, 204, 204, 401)),
    api(
        "api-competitions",
        "GET",
        lambda w: reverse("api-competitions", args=[w.club.pk]),
        (200, 200, 200, 200, 404, 401),
    ),
    api(
        "api-competitions",
        "POST",
        lambda w: reverse("api-competitions", args=[w.club.pk]),
        (201, 201, 403, 403, 404, 401),
        lambda w: {"name": "Zomer", "games": [GAME], "starts_on": "2027-06-01", "ends_on": "2027-08-31"},
    ),
    api(
        "api-competition",
        "GET",
        lambda w: reverse("api-competition", args=[w.evening.competition_id]),
        (200, 200, 200, 200, 404, 401),
    ),
    api(
        "api-competition",
        "PATCH",
        lambda w: reverse("api-competition", args=[w.evening.competition_id]),
        (200, 200, 403, 403, 404, 401),
        lambda w: {"placement_points": "12,9,7"},
    ),
    api(
        "api-competition",
        "DELETE",
        lambda w: reverse("api-competition", args=[w.evening.competition_id]),
        (204, 204, 403, 403, 404, 401),
    ),
    api(
        "api-evenings",
        "POST",
        lambda w: reverse("api-evenings", args=[w.evening.competition_id]),
        (201, 201, 403, 403, 404, 401),
        lambda w: {"date": "2026-12-08"},
    ),
    api(
        "api-evening",
        "PATCH",
        lambda w: reverse("api-evening", args=[w.evening.pk]),
        (200, 200, 403, 403, 404, 401),
        lambda w: {"counts": False},
    ),
    api(
        "api-evening",
        "DELETE",
        lambda w: reverse("api-evening", args=[w.evening.pk]),
        (204, 204, 403, 403, 404, 401),
    ),
    api(
        "api-evening-presence",
        "PUT",
        lambda w: reverse("api-evening-presence", args=[w.evening.pk]),
        (200, 200, 403, 403, 404, 401),
        lambda w: {"present": [w.player.pk]},
    ),
    api(
        "api-evening-presence-player",
        "PUT",
        lambda w: reverse("api-evening-presence-player", args=[w.evening.pk, w.player.pk]),
        (200, 200, 403, 403, 404, 401),
    ),
    api(
        "api-standings",
        "GET",
        lambda w: reverse("api-standings", args=[w.evening.competition_id]),
        (200, 200, 200, 200, 404, 401),
    ),
    api(
        "api-evening",
        "GET",
        lambda w: reverse("api-evening", args=[w.evening.pk]),
        (200, 200, 200, 200, 404, 401),
    ),
    # Nobody is present yet: the managers' draw is refused as a field error (400).
    api(
        "api-evening-draw",
        "POST",
        lambda w: reverse("api-evening-draw", args=[w.evening.pk]),
        (400, 400, 403, 403, 404, 401),
    ),
    api(
        "api-honours",
        "GET",
        lambda w: reverse("api-honours", args=[w.club.pk]),
        (200, 200, 200, 200, 404, 401),
    ),
    api(
        "api-competition-archive",
        "POST",
        lambda w: reverse("api-competition-archive", args=[w.evening.competition_id]),
        (200, 200, 403, 403, 404, 401),
        lambda w: {"archived": True},
    ),
    api(
        "api-competition-next",
        "POST",
        lambda w: reverse("api-competition-next", args=[w.evening.competition_id]),
        (201, 201, 403, 403, 404, 401),
    ),
    api(
        "api-evening-tables",
        "POST",
        lambda w: reverse("api-evening-tables", args=[w.evening.pk]),
        (201, 201, 403, 403, 404, 401),
        lambda w: {"tables": [[w.player.pk, _anna(w)]]},
    ),
    api(
        "api-evening-attach",
        "POST",
        lambda w: reverse("api-evening-attach", args=[w.evening.pk]),
        (400, 400, 403, 403, 404, 401),
        lambda w: {"match": w.match.pk},
    ),
    api("api-games", "GET", lambda w: reverse("api-games"), (200, 200, 200, 200, 200, 200)),
    api("api-schema", "GET", lambda w: reverse("api-schema"), (200, 200, 200, 200, 200, 200)),
    api("api-docs", "GET", lambda w: reverse("api-docs"), (200, 200, 200, 200, 200, 200)),
    api("api-matches", "GET", lambda w: reverse("api-matches"), (200, 200, 200, 200, 200, 401)),
    # Another club named in the body is a field error (api.md: a body's references are fields).
    api(
        "api-matches",
        "POST",
        lambda w: reverse("api-matches"),
        (201, 201, 201, 403, 400, 401),
        lambda w: {"game": GAME, "players": ["Anna", "Bram"], "club": w.club.pk},
    ),
    api(
        "api-match", "GET", lambda w: reverse("api-match", args=[w.match.pk]), (200, 200, 200, 200, 404, 401)
    ),
    api(
        "api-match",
        "DELETE",
        lambda w: reverse("api-match", args=[w.match.pk]),
        (204, 204, 403, 403, 404, 401),
    ),
    api(
        "api-match-restore",
        "POST",
        lambda w: reverse("api-match-restore", args=[w.deleted_match.pk]),
        (200, 200, 404, 404, 404, 401),
    ),
    api(
        "api-match-end",
        "POST",
        lambda w: reverse("api-match-end", args=[w.match.pk]),
        (200, 200, 200, 403, 404, 401),
        lambda w: {"reason": "closing time"},
    ),
    api(
        "api-match-end",
        "POST",
        lambda w: reverse("api-match-end", args=[w.others_match.pk]),
        (200, 200, 403, 403, 404, 401),
        lambda w: {"reason": "closing time"},
        label="a match someone else keeps",
    ),
    # Not ended early: a conflict, for whoever may score it.
    api(
        "api-match-resume",
        "POST",
        lambda w: reverse("api-match-resume", args=[w.match.pk]),
        (409, 409, 409, 403, 404, 401),
    ),
    api(
        "api-round-confirm",
        "POST",
        lambda w: reverse("api-round-confirm", args=[w.match.pk, 1]),
        (200, 200, 200, 200, 404, 401),
    ),
    api(
        "api-rounds",
        "GET",
        lambda w: reverse("api-rounds", args=[w.match.pk]),
        (200, 200, 200, 200, 404, 401),
    ),
    api(
        "api-rounds",
        "POST",
        lambda w: reverse("api-rounds", args=[w.match.pk]),
        (201, 201, 201, 403, 404, 401),
        lambda w: DEAL_2,
    ),
    api(
        "api-rounds",
        "POST",
        lambda w: reverse("api-rounds", args=[w.others_match.pk]),
        (201, 201, 403, 403, 404, 401),
        lambda w: DEAL_2,
        label="a match someone else keeps",
    ),
    api(
        "api-round",
        "GET",
        lambda w: reverse("api-round", args=[w.match.pk, 1]),
        (200, 200, 200, 200, 404, 401),
    ),
    api(
        "api-round",
        "PUT",
        lambda w: reverse("api-round", args=[w.match.pk, 1]),
        (200, 200, 200, 403, 404, 401),
        lambda w: DEAL_1,
    ),
    api(
        "api-round",
        "DELETE",
        lambda w: reverse("api-round", args=[w.match.pk, 1]),
        (200, 200, 200, 403, 404, 401),
    ),
    api(
        "api-round",
        "DELETE",
        lambda w: reverse("api-round", args=[w.others_match.pk, 1]),
        (200, 200, 403, 403, 404, 401),
        label="a match someone else keeps",
    ),
    api("api-clubs", "GET", lambda w: reverse("api-clubs"), (200, 200, 200, 200, 200, 401)),
    api(
        "api-clubs",
        "POST",
        lambda w: reverse("api-clubs"),
        (201, 201, 201, 201, 201, 401),
        lambda w: {"name": "De Troefclub"},
    ),
    api(
        "api-club-players",
        "GET",
        lambda w: reverse("api-club-players", args=[w.club.pk]),
        (200, 200, 200, 200, 404, 401),
    ),
    api(
        "api-club-players",
        "POST",
        lambda w: reverse("api-club-players", args=[w.club.pk]),
        (201, 201, 403, 403, 404, 401),
        lambda w: {"name": "Ilse"},
    ),
    api(
        "api-club-player",
        "PATCH",
        lambda w: reverse("api-club-player", args=[w.player.pk]),
        (200, 200, 403, 403, 404, 401),
        lambda w: {"name": "Truus", "retired": True},
    ),
    api(
        "api-club-player-merge",
        "POST",
        lambda w: reverse("api-club-player-merge", args=[w.player.pk]),
        (200, 200, 403, 403, 404, 401),
        lambda w: {"into": _anna(w)},
    ),
    api(
        "api-club-ratings",
        "GET",
        lambda w: reverse("api-club-ratings", args=[w.club.pk]),
        (200, 200, 200, 200, 404, 401),
    ),
    api(
        "api-player",
        "GET",
        lambda w: reverse("api-player", args=[w.club.pk, w.player.pk]),
        (200, 200, 200, 200, 404, 401),
    ),
    api("api-club", "GET", lambda w: reverse("api-club", args=[w.club.pk]), (200, 200, 200, 200, 404, 401)),
    api(
        "api-house-games",
        "GET",
        lambda w: reverse("api-house-games", args=[w.club.pk]),
        (200, 200, 200, 200, 404, 401),
    ),
    api(
        "api-house-games",
        "POST",
        lambda w: reverse("api-house-games", args=[w.club.pk]),
        (201, 201, 403, 403, 404, 401),
        lambda w: dict(TEMPLATES["free"]),
    ),
    api(
        "api-house-game",
        "GET",
        lambda w: reverse("api-house-game", args=[w.club.pk, w.house_game.slug]),
        (200, 200, 200, 200, 404, 401),
    ),
    api(
        "api-house-game",
        "PUT",
        lambda w: reverse("api-house-game", args=[w.club.pk, w.house_game.slug]),
        (200, 200, 403, 403, 404, 401),
        lambda w: dict(TEMPLATES["hartenjagen"]),
    ),
    api(
        "api-house-game",
        "DELETE",
        lambda w: reverse("api-house-game", args=[w.club.pk, w.house_game.slug]),
        (204, 204, 403, 403, 404, 401),
    ),
    api(
        "api-house-game-file",
        "GET",
        lambda w: reverse("api-house-game-file", args=[w.club.pk, w.house_game.slug]),
        (200, 200, 200, 200, 404, 401),
    ),
    api(
        "api-house-game-templates",
        "GET",
        lambda w: reverse("api-house-game-templates"),
        (200, 200, 200, 200, 200, 200),
    ),
    api(
        "api-invitations",
        "POST",
        lambda w: reverse("api-invitations", args=[w.club.pk]),
        (201, 201, 403, 403, 404, 401),
        lambda w: {"role": "scorer"},
    ),
    api(
        "api-invitations",
        "POST",
        lambda w: reverse("api-invitations", args=[w.club.pk]),
        (201, 403, 403, 403, 404, 401),
        lambda w: {"role": "admin"},
        label="inviting an admin",
    ),
    api(
        "api-invitation",
        "DELETE",
        lambda w: reverse("api-invitation", args=[w.club.pk, w.invitation.pk]),
        (204, 204, 403, 403, 404, 401),
    ),
    api(
        "api-invitation-accept",
        "POST",
        lambda w: reverse("api-invitation-accept", args=[w.invitation.token]),
        (200, 200, 200, 200, 200, 401),
    ),
]

CASES = [
    pytest.param(row, persona, expected, id=f"{row.id} as {persona}")
    for row in MATRIX
    for persona, expected in zip(PERSONAS, row.expected, strict=True)
]


def _client(row: Row, world: World, persona: str) -> Client | APIClient:
    user = world.users.get(persona)
    if row.api:
        return _api_client(user) if user else APIClient()
    client = Client()
    if user:
        client.force_login(user)
    return client


@pytest.mark.django_db
@pytest.mark.parametrize(("row", "persona", "expected"), CASES)
def test_status_per_persona(world: World, row: Row, persona: str, expected: int | str):
    client = _client(row, world, persona)
    data = row.data(world)
    send = getattr(client, row.method.lower())
    if row.api:
        response = send(row.url(world), data, format="json") if data is not None else send(row.url(world))
    else:
        response = send(row.url(world), data) if data is not None else send(row.url(world))
    if expected == LOGIN:
        assert response.status_code == 302
        assert response.url.startswith(reverse("login"))
        return
    assert response.status_code == expected, response.content[:500]
    if row.api and isinstance(expected, int) and expected >= 400:
        assert set(response.json()) == {"errors"}
        if expected == 403:
            assert response.json()["errors"][0]["code"] == "permission_denied"


def _route_names(patterns: list[Any], namespace: str | None = None) -> set[str]:
    names: set[str] = set()
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            if pattern.namespace not in NOT_IN_THE_MATRIX:
                names |= _route_names(pattern.url_patterns, pattern.namespace)
        elif isinstance(pattern, URLPattern):
            assert pattern.name, f"unnamed URL {pattern.pattern}: name it and add it to the matrix"
            names.add(pattern.name)
    return names


def test_every_url_is_in_the_matrix():
    """A new URL fails here until it has a row (its status for every persona)."""
    assert _route_names(get_resolver("config.urls").url_patterns) == {row.name for row in MATRIX}


# --- guests ------------------------------------------------------------------------------------


@dataclass
class GuestWorld:
    """A guest's own table with a competition, an evening and a player, as if made before
    guests were refused the league (nothing else could have put them there)."""

    user: Any
    club: Club
    competition: Any
    evening: Any
    player: Any


def _build_guest_world() -> GuestWorld:
    user = GuestFactory.create().user
    club = Club.personal_for(user)
    competition = CompetitionFactory.create(club=club)
    return GuestWorld(
        user=user,
        club=club,
        competition=competition,
        evening=EveningFactory.create(competition=competition),
        player=PlayerFactory.create(club=club, name="Oma Truus"),
    )


@pytest.fixture(scope="module")
def built_guest_world(django_db_setup: None, django_db_blocker: DjangoDbBlocker) -> Iterator[GuestWorld]:
    """The guest's table, built once for the module and rolled back after its last case."""
    yield from _built_once(django_db_blocker, _build_guest_world)


@pytest.fixture
def guest_world(built_guest_world: GuestWorld) -> GuestWorld:
    """This case's own copy of the guest's table (as ``world`` is of the club)."""
    return copy.deepcopy(built_guest_world)


@dataclass(frozen=True)
class GuestRow:
    name: str
    method: str
    url: Callable[[GuestWorld], str]
    data: Callable[[GuestWorld], Any] = lambda g: None
    api: bool = False

    @property
    def id(self) -> str:
        return f"{self.method} {self.name}"


def _club(name: str) -> Callable[[GuestWorld], str]:
    return lambda g: reverse(name, args=[g.club.pk])


def _competition(name: str) -> Callable[[GuestWorld], str]:
    return lambda g: reverse(name, args=[g.competition.pk])


def _evening(name: str) -> Callable[[GuestWorld], str]:
    return lambda g: reverse(name, args=[g.evening.pk])


def _player(name: str) -> Callable[[GuestWorld], str]:
    return lambda g: reverse(name, args=[g.club.pk, g.player.pk])


GUEST_MATRIX: list[GuestRow] = [
    GuestRow("league_competitions", "GET", _club("league_competitions")),
    GuestRow(
        "league_competitions",
        "POST",
        _club("league_competitions"),
        lambda g: {"name": "Zomer", "games": [GAME], "starts_on": "2027-06-01", "ends_on": "2027-08-31"},
    ),
    GuestRow("league_standings", "GET", _competition("league_standings")),
    GuestRow("league_standings_csv", "GET", _competition("league_standings_csv")),
    GuestRow(
        "league_evening_create",
        "POST",
        _competition("league_evening_create"),
        lambda g: {"date": "2027-01-05"},
    ),
    GuestRow("league_evening", "GET", _evening("league_evening")),
    GuestRow("league_presence", "POST", _evening("league_presence"), lambda g: {"present": [g.player.pk]}),
    GuestRow(
        "league_presence_player",
        "POST",
        lambda g: reverse("league_presence_player", args=[g.evening.pk, g.player.pk]),
        lambda g: {"present": [g.player.pk]},
    ),
    GuestRow("league_draw", "POST", _evening("league_draw")),
    GuestRow("league_tables", "POST", _evening("league_tables"), lambda g: {"tables": "1"}),
    GuestRow("league_newcomer", "POST", _evening("league_newcomer"), lambda g: {"name": "Ilse"}),
    GuestRow("league_honours", "GET", _club("league_honours")),
    GuestRow("league_evening_report", "GET", _evening("league_evening_report")),
    GuestRow("league_evening_report_mail", "POST", _evening("league_evening_report_mail")),
    GuestRow("league_calendar_link", "POST", _club("league_calendar_link")),
    GuestRow("league_competition_archive", "POST", _competition("league_competition_archive")),
    GuestRow("league_competition_next", "POST", _competition("league_competition_next")),
    GuestRow("api-honours", "GET", _club("api-honours"), api=True),
    GuestRow(
        "api-competition-archive",
        "POST",
        _competition("api-competition-archive"),
        lambda g: {"archived": True},
        api=True,
    ),
    GuestRow("api-competition-next", "POST", _competition("api-competition-next"), api=True),
    GuestRow("player_merge", "POST", _player("player_merge"), lambda g: {"into": g.player.pk}),
    GuestRow("api-club-players", "GET", _club("api-club-players"), api=True),
    GuestRow("api-club-players", "POST", _club("api-club-players"), lambda g: {"name": "Ilse"}, api=True),
    GuestRow(
        "api-club-player",
        "PATCH",
        lambda g: reverse("api-club-player", args=[g.player.pk]),
        lambda g: {"name": "Truus"},
        api=True,
    ),
    GuestRow(
        "api-club-player-merge",
        "POST",
        lambda g: reverse("api-club-player-merge", args=[g.player.pk]),
        lambda g: {"into": 1},
        api=True,
    ),
    GuestRow("league_attach", "POST", _evening("league_attach"), lambda g: {"match": "1"}),
    GuestRow("league_competition_edit", "GET", _competition("league_competition_edit")),
    GuestRow(
        "league_competition_edit",
        "POST",
        _competition("league_competition_edit"),
        lambda g: {"name": "Zomer", "games": [GAME], "starts_on": "2027-06-01", "ends_on": "2027-08-31"},
    ),
    GuestRow("league_competition_delete", "GET", _competition("league_competition_delete")),
    GuestRow("league_competition_delete", "POST", _competition("league_competition_delete")),
    GuestRow("league_competition_reopen", "GET", _competition("league_competition_reopen")),
    GuestRow("league_competition_reopen", "POST", _competition("league_competition_reopen")),
    GuestRow("league_evening_edit", "GET", _evening("league_evening_edit")),
    GuestRow(
        "league_evening_edit", "POST", _evening("league_evening_edit"), lambda g: {"date": "2027-01-05"}
    ),
    GuestRow("league_evening_delete", "GET", _evening("league_evening_delete")),
    GuestRow("league_evening_delete", "POST", _evening("league_evening_delete")),
    GuestRow("player_detail", "GET", _player("player_detail")),
    GuestRow("club_ratings", "GET", _club("club_ratings")),
    GuestRow("api-competitions", "GET", _club("api-competitions"), api=True),
    GuestRow("api-standings", "GET", _competition("api-standings"), api=True),
    GuestRow("api-evening", "GET", _evening("api-evening"), api=True),
    GuestRow("api-evening-draw", "POST", _evening("api-evening-draw"), api=True),
    GuestRow(
        "api-evening-tables", "POST", _evening("api-evening-tables"), lambda g: {"tables": [[1]]}, api=True
    ),
    GuestRow("api-evening-attach", "POST", _evening("api-evening-attach"), lambda g: {"match": 1}, api=True),
    GuestRow(
        "api-competitions",
        "POST",
        _club("api-competitions"),
        lambda g: {"name": "Zomer", "games": [GAME], "starts_on": "2027-06-01", "ends_on": "2027-08-31"},
        api=True,
    ),
    GuestRow("api-competition", "GET", _competition("api-competition"), api=True),
    GuestRow("api-competition", "PATCH", _competition("api-competition"), lambda g: {"name": "X"}, api=True),
    GuestRow("api-competition", "DELETE", _competition("api-competition"), api=True),
    GuestRow(
        "api-evenings", "POST", _competition("api-evenings"), lambda g: {"date": "2027-01-05"}, api=True
    ),
    GuestRow("api-evening", "PATCH", _evening("api-evening"), lambda g: {"counts": False}, api=True),
    GuestRow("api-evening", "DELETE", _evening("api-evening"), api=True),
    GuestRow(
        "api-evening-presence",
        "PUT",
        _evening("api-evening-presence"),
        lambda g: {"present": [g.player.pk]},
        api=True,
    ),
    GuestRow(
        "api-evening-presence-player",
        "PUT",
        lambda g: reverse("api-evening-presence-player", args=[g.evening.pk, g.player.pk]),
        api=True,
    ),
    GuestRow("api-club-ratings", "GET", _club("api-club-ratings"), api=True),
    GuestRow("api-player", "GET", _player("api-player"), api=True),
]


@pytest.mark.django_db
@pytest.mark.parametrize("row", GUEST_MATRIX, ids=[row.id for row in GUEST_MATRIX])
def test_a_guest_is_refused_the_league_and_the_statistics_of_its_own_table(guest_world: GuestWorld, row):
    """403 with the reason (an account is needed) and nothing changed, even on its own table."""
    client = APIClient() if row.api else Client()
    client.force_login(guest_world.user)  # a guest has no password: its session is all it has
    send = getattr(client, row.method.lower())
    data = row.data(guest_world)
    if row.api:
        response = send(row.url(guest_world), data, format="json")
    else:
        response = send(row.url(guest_world), data) if data is not None else send(row.url(guest_world))
    assert response.status_code == 403, response.content[:300]
    if row.api:
        [error] = response.json()["errors"]
        assert error["code"] == "permission_denied" and "without an account" in error["message"]
    else:
        assert reverse("signup") in response.content.decode()
    competition = guest_world.club.competitions.get()
    assert (competition.name, competition.evenings.get().date) == (
        guest_world.competition.name,
        guest_world.evening.date,
    )
    assert not guest_world.evening.tables.exists() and not guest_world.evening.present.exists()


def _names_in(module: str) -> set[str]:
    return {pattern.name for pattern in import_module(module).urlpatterns}


# A calendar app has no session: the club's feed is opened by its private link alone, like the
# live boards' links, whoever (or whatever) holds it.
PUBLIC_BY_LINK = {"league_calendar"}


def test_every_league_and_stats_url_refuses_guests():
    """A new league or statistics URL fails here until it has a guest row."""
    wanted = set().union(
        *(_names_in(m) for m in ("league.urls", "league.api_urls", "stats.urls", "stats.api_urls"))
    )
    assert wanted - PUBLIC_BY_LINK == {row.name for row in GUEST_MATRIX}
