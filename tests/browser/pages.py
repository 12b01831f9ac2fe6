"""Every page of the site, as one list the accessibility and tap-target tests walk.

The data is the demo club (``manage.py load_demo``: a match in progress of every game, with
rounds) plus a deleted match and an invitation link. A page is visited either by an anonymous
visitor or by the demo user; a page added by another app is one more ``Visit`` line here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.core.management import call_command
from django.urls import reverse
from playwright.sync_api import Page

from games.registry import all_homes
from live.management.commands.load_demo import CLUB, PASSWORD, USERNAME
from matches.models import Match
from players.models import Club
from tests.factories import InvitationFactory, MatchFactory


@dataclass(frozen=True)
class Demo:
    club: Club
    matches: dict[str, Match]  # by game slug
    invitation_token: str


@dataclass(frozen=True)
class Visit:
    name: str
    path: Callable[[Demo], str]
    signed_in: bool  # as the demo user (the club's owner) or as an anonymous visitor
    status: int = 200
    main: bool = False  # one of the pages a table uses most (the tap-target test measures these)
    scheme: str = ""  # a page with a colour scheme of its own (a TV is always dark), else the user's


def make_demo() -> Demo:
    call_command("load_demo", verbosity=0)
    club = Club.objects.get(name=CLUB)
    owner = club.memberships.get().user
    deleted = MatchFactory.create(club=club, game="duizenden", players=["Anna", "Bram"], by=owner)
    deleted.soft_delete(by=owner)
    invitation: Any = InvitationFactory(club=club, created_by=owner)
    matches = {match.game: match for match in Match.objects.filter(club=club).exclude(pk=deleted.pk)}
    return Demo(club=club, matches=matches, invitation_token=invitation.token)


def log_in(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}{reverse('login')}")
    page.fill("#id_username", USERNAME)
    page.fill("#id_password", PASSWORD)
    page.locator("main button[type=submit], main button:not([type])").first.click()
    page.wait_for_url(f"{base_url}/")


def _per_game(name: str, route: str, signed_in: bool, main: bool = False) -> list[Visit]:
    def path_for(slug: str) -> Callable[[Demo], str]:
        return lambda demo: reverse(route, args=[slug])

    return [Visit(f"{name} {home.slug}", path_for(home.slug), signed_in, main=main) for home in all_homes()]


def _per_match(name: str, path: Callable[[Match], str], main: bool = False) -> list[Visit]:
    def path_for(slug: str) -> Callable[[Demo], str]:
        return lambda demo: path(demo.matches[slug])

    return [
        Visit(f"{name} {home.slug}", path_for(home.slug), True, main=main)
        for home in all_homes()
        if home.demo() is not None
    ]


def _competition(demo: Demo) -> Any:
    from league.models import Competition

    return Competition.objects.filter(club=demo.club, counts=Competition.Counts.EVENINGS).first()


def _ladder(demo: Demo) -> Any:
    from league.models import Competition

    return Competition.objects.filter(club=demo.club, counts=Competition.Counts.MATCHES).first()


def _evening(demo: Demo) -> Any:
    return _competition(demo).evenings.last()


def _busiest(demo: Demo) -> Any:
    from django.db.models import Count

    return demo.club.players.annotate(played=Count("seats")).order_by("-played").first()


def _export(demo: Demo, running: bool = False) -> Any:
    """The club's export: one written by the task (immediate in tests), or one still running."""
    from backup.models import ClubExport
    from backup.tasks import start_export

    if running:
        return ClubExport.objects.create(club=demo.club, status=ClubExport.Status.RUNNING, done=2, total=5)
    return start_export(demo.club, by=demo.club.memberships.get().user)


def _shared(demo: Demo) -> Any:
    from live.models import MatchShare

    return MatchShare.objects.filter(match__club=demo.club).first()


RUMMY = {
    "name": "Rummy",
    "players": {"min": 2, "max": 4},
    "entry": {"kind": "went_out", "card_values": {"A": 1, "K": 10, "joker": 25}},
    "end": {"kind": "threshold", "value": 200},
}
HOUSE_DEALS = {
    "hartenjagen": {"entries": [{"points": p} for p in (26, 0, 0, 0)]},
    "boerenbridge": {
        "entries": [
            {"bid": 0, "tricks": 0},
            {"bid": 1, "tricks": 1},
            {"bid": 1, "tricks": 0},
            {"bid": 0, "tricks": 0},
        ]
    },
    "rummy": {
        "entries": [
            {"went_out": True},
            {"went_out": False, "hand_cards": {"K": 1}},
            {"went_out": False, "hand_points": 3},
            {"went_out": False, "hand_points": 0},
        ]
    },
}


def _house_game(demo: Demo, template: str = "hartenjagen") -> Any:
    """One of the club's house games (declared on the visit that needs it)."""
    from house.models import HouseGame
    from scoring.declared import TEMPLATES

    definition = RUMMY if template == "rummy" else TEMPLATES[template]
    found = HouseGame.objects.filter(club=demo.club, name=definition["name"]).first()
    return found or HouseGame.declare(demo.club, definition)


def _house_match(demo: Demo, template: str) -> Match:
    """A match of four in a house game, one deal played."""
    match = Match.start(
        club=demo.club, game=_house_game(demo, template).slug, players=["Anna", "Bram", "Cor", "Dirk"]
    )
    match.add_round(HOUSE_DEALS[template])
    return match


def _house_sheet(template: str) -> Callable[[Demo], str]:
    return lambda demo: reverse("match_detail", args=[_house_match(demo, template).pk])


PAGES: list[Visit] = [
    # --- anonymous visitors ---
    Visit("welcome", lambda d: reverse("home"), False, main=True),
    Visit("login", lambda d: reverse("login"), False, main=True),
    Visit("signup", lambda d: reverse("signup"), False, main=True),
    Visit("password reset", lambda d: reverse("password_reset"), False),
    Visit("password reset sent", lambda d: reverse("password_reset_done"), False),
    Visit("password reset link", lambda d: reverse("password_reset_confirm", args=["MQ", "x"]), False),
    Visit("password reset done", lambda d: reverse("password_reset_complete"), False),
    Visit("invitation", lambda d: reverse("invitation_accept", args=[d.invitation_token]), False),
    Visit("rules index", lambda d: reverse("rules_index"), False, main=True),
    *_per_game("rules", "rules_game", False, main=True),
    *_per_game("paper sheet", "rules_paper", False),
    Visit("rules search", lambda d: f"{reverse('rules_search')}?q=joker", False, main=True),
    Visit("rules search in one game", lambda d: f"{reverse('rules_search')}?q=red+three&game=canasta", False),
    Visit("not found", lambda d: "/no-such-page/", False, status=404),
    # --- the demo user, owner of the club ---
    Visit("home", lambda d: reverse("home"), True, main=True),
    Visit("new match", lambda d: reverse("new_match"), True, main=True),
    *_per_game("match setup", "new_match_setup", True, main=True),
    *_per_match("scoresheet", lambda m: reverse("match_detail", args=[m.pk]), main=True),
    *_per_match("round edit", lambda m: reverse("round_edit", args=[m.pk, 1]), main=True),
    *_per_match("match history", lambda m: reverse("match_history", args=[m.pk])),
    *_per_match("match rules", lambda m: reverse("match_rules", args=[m.pk])),
    *_per_match("match paper sheet", lambda m: reverse("match_paper", args=[m.pk])),
    Visit("deleted matches", lambda d: reverse("deleted_matches"), True),
    Visit("clubs", lambda d: reverse("club_list"), True, main=True),
    Visit("club", lambda d: reverse("club_detail", args=[d.club.pk]), True, main=True),
    Visit("new club", lambda d: reverse("club_create"), True),
    Visit("export ready", lambda d: reverse("club_export_detail", args=[d.club.pk, _export(d).pk]), True),
    Visit(
        "export running",
        lambda d: reverse("club_export_detail", args=[d.club.pk, _export(d, running=True).pk]),
        True,
    ),
    # --- the league, ratings and live boards of the demo club ---
    Visit("competitions", lambda d: reverse("league_competitions", args=[d.club.pk]), True),
    Visit("standings", lambda d: reverse("league_standings", args=[_competition(d).pk]), True, main=True),
    Visit("ladder standings", lambda d: reverse("league_standings", args=[_ladder(d).pk]), True),
    Visit("evening", lambda d: reverse("league_evening", args=[_evening(d).pk]), True, main=True),
    Visit("evening tv", lambda d: reverse("evening_tv", args=[_evening(d).pk]), True, scheme="dark"),
    Visit("competition edit", lambda d: reverse("league_competition_edit", args=[_competition(d).pk]), True),
    Visit(
        "competition delete", lambda d: reverse("league_competition_delete", args=[_competition(d).pk]), True
    ),
    Visit("evening edit", lambda d: reverse("league_evening_edit", args=[_evening(d).pk]), True),
    Visit("roll of honour", lambda d: reverse("league_honours", args=[d.club.pk]), True),
    Visit(
        "evening report",
        lambda d: reverse("league_evening_report", args=[_competition(d).evenings.first().pk]),
        True,
    ),
    Visit("evening delete", lambda d: reverse("league_evening_delete", args=[_evening(d).pk]), True),
    Visit("ratings", lambda d: reverse("club_ratings", args=[d.club.pk]), True),
    Visit("player", lambda d: reverse("player_detail", args=[d.club.pk, _busiest(d).pk]), True, main=True),
    Visit("share", lambda d: reverse("match_share", args=[_shared(d).match_id]), True),
    Visit("club tv", lambda d: reverse("club_tv", args=[d.club.pk]), True, scheme="dark"),
    Visit("viewer", lambda d: reverse("live_viewer", args=[_shared(d).token]), False, main=True),
    Visit("match tv", lambda d: reverse("live_tv", args=[_shared(d).token]), False, scheme="dark"),
    Visit("offline", lambda d: reverse("offline"), False),
    # --- house games, declared from rule blocks ---
    Visit("house games", lambda d: reverse("house_games", args=[d.club.pk]), True),
    Visit("declare a game", lambda d: reverse("house_game_new", args=[d.club.pk]), True),
    Visit(
        "house game edit", lambda d: reverse("house_game_edit", args=[d.club.pk, _house_game(d).slug]), True
    ),
    *(Visit(f"scoresheet {kind}", _house_sheet(kind), True) for kind in HOUSE_DEALS),
    Visit(
        "house game rules", lambda d: reverse("rules_game", args=[_house_game(d, "boerenbridge").slug]), False
    ),
    Visit("house game paper", lambda d: reverse("rules_paper", args=[_house_game(d).slug]), False),
    Visit("password change", lambda d: reverse("password_change"), True),
    Visit("password changed", lambda d: reverse("password_change_done"), True),
]
