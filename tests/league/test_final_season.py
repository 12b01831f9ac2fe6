"""Final means final: an archived season keeps the table it was archived with, whatever is done
to its matches, its players or its settings afterwards, until an owner or admin reopens it.

De Klaverclub (``klaverclub``: Alice owns it, Dora is an admin, Sam keeps score, Bob reads)
plays a Klaverjassen season on raw totals, one deal a table, partners across:

    Evening 1, round 1: Anna & Cor 100 v Bram & Dirk 62 (Anna and Cor play and make it)
    Evening 2, round 1: Anna & Bram 90 v Eva & Fien 72 (Anna and Bram play and make it)

    Anna 190, Bram 152, Cor 100, Eva 72, Fien 72, Dirk 62 (booby prize)

A table of evening 1 seated afterwards and deleted (round 2) is part of the record too.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from django.urls import reverse
from django.utils import timezone

from games.refusals import SiteCode, SiteRefused
from league.forms import CompetitionChangeForm
from league.merge import merge_players
from league.models import Competition, Evening, SeasonArchived, SeasonEvent
from league.tasks import rebuild_standings
from matches.models import Match
from players.models import Club, Player
from stats.models import recompute
from tests.conftest import _api_client
from tests.factories import CompetitionFactory, EveningFactory, PlayerFactory

# Standings follow a finished table on commit (league.receivers), as in production.
pytestmark = pytest.mark.django_db(transaction=True)

NAMES = {"A": "Anna", "B": "Bram", "C": "Cor", "D": "Dirk", "E": "Eva", "F": "Fien"}
FINAL = [(1, "Anna", "190.00"), (2, "Bram", "152.00"), (3, "Cor", "100.00"), (4, "Eva", "72.00")]
FINAL += [(4, "Fien", "72.00"), (6, "Dirk", "62.00")]


def deal(playing: int, first: int, second: int) -> dict[str, Any]:
    return {"playing": playing, "entries": [{"points": first, "roem": 0}, {"points": second, "roem": 0}]}


def table(evening: Evening, players: dict[str, Player], seats: str) -> Match:
    """A table seated by hand (partners across: the first and third seats one pair)."""
    (started,) = evening.start_tables([[players[letter].pk for letter in seats]])
    return started.match


def season(club: Club) -> tuple[Competition, dict[str, Player], list[Match]]:
    """The season of the module's docstring, not yet archived: its competition, its players and
    its matches (evening 1's table, evening 2's table, evening 1's deleted table)."""
    competition = CompetitionFactory.create(
        club=club,
        name="Klaverjassen najaar 2026",
        games=["klaverjassen"],
        options={"klaverjassen": {"deals": 1}},
        kind=Competition.Kind.RAW,
        booby_prize=True,
    )
    players = {letter: PlayerFactory.create(club=club, name=name) for letter, name in NAMES.items()}
    first, second = (EveningFactory.create(competition=competition) for _ in range(2))
    one = table(first, players, "ABCD")
    one.add_round(deal(0, 100, 62))
    two = table(second, players, "AEBF")
    two.add_round(deal(0, 90, 72))
    deleted = table(first, players, "ABCD")  # round 2 of evening 1, deleted before it was played
    deleted.soft_delete()
    return competition, players, [one, two, deleted]


def table_of(competition: Competition) -> list[tuple[int | None, str, str]]:
    competition.refresh_from_db()
    return [(row.rank, row.name, f"{row.points:.2f}") for row in competition.rows()]


def api_table(api: Any, competition: Competition) -> list[tuple[int | None, str, str]]:
    rows = api.get(reverse("api-standings", args=[competition.pk])).json()["rows"]
    return [(row["rank"], row["name"], row["points"]) for row in rows]


def honours(api: Any, club: Club) -> list[tuple[str, list[tuple[int, str, str]], list[str]]]:
    found = api.get(reverse("api-honours", args=[club.pk])).json()
    return [
        (h["name"], [(p["rank"], p["player"], p["points"]) for p in h["podium"]], h["booby"]) for h in found
    ]


def refused(answer: Any, code: str = "season_archived") -> bool:
    """A 409 in the one error shape with ``code``."""
    return answer.status_code == 409 and [error["code"] for error in answer.json()["errors"]] == [code]


def form_data(competition: Competition, **changes: Any) -> dict[str, Any]:
    """The competition's edit form as the page sends it back, with ``changes`` typed in."""
    data: dict[str, Any] = {}
    for bound in CompetitionChangeForm(instance=competition):
        value = bound.value()
        if value is None or value is False:
            continue
        data[bound.html_name] = "on" if value is True else value
    return {**data, **changes}


def test_renaming_an_archived_season_keeps_the_table_its_corrections_could_move(klaverclub, alice, bob):
    """The review's reproduction (finding 1): archived, a correction of one of its matches and a
    rename of the season no longer crown the other pair."""
    competition = CompetitionFactory.create(
        club=klaverclub,
        name="R",
        games=["klaverjassen"],
        options={"klaverjassen": {"deals": 1}},
        kind=Competition.Kind.RAW,
    )
    players = {letter: PlayerFactory.create(club=klaverclub, name=NAMES[letter]) for letter in "ABCD"}
    match = table(EveningFactory.create(competition=competition), players, "ABCD")
    api = _api_client(alice)
    played = api.post(reverse("api-rounds", args=[match.pk]), deal(0, 100, 62), format="json")
    assert played.status_code == 201
    archived = api.post(
        reverse("api-competition-archive", args=[competition.pk]), {"archived": True}, format="json"
    )
    assert archived.json()["archived"] is True
    before = [(1, "Anna", "100.00"), (1, "Cor", "100.00"), (3, "Bram", "62.00"), (3, "Dirk", "62.00")]
    assert api_table(api, competition) == before

    # 60 against 102: nat, which would make it Bram and Dirk 162, Anna and Cor 0.
    correction = api.put(reverse("api-round", args=[match.pk, 1]), deal(0, 60, 102), format="json")
    assert refused(correction)
    assert correction.json()["errors"][0]["message"] == (
        "This match is a table of an archived season: its result is final. An owner or admin of the "
        "club can reopen the season to correct it."
    )
    renamed = api.patch(
        reverse("api-competition", args=[competition.pk]), {"name": "R (final)"}, format="json"
    )
    assert renamed.status_code == 200 and renamed.json()["archived"] is True

    assert api_table(api, competition) == before
    assert honours(_api_client(bob), klaverclub) == [("R (final)", before, [])]


def test_no_write_the_site_offers_moves_an_archived_seasons_table(client, klaverclub, alice, bob):
    """Every write on an archived season and its matches, through the pages, the API and the
    models: each that would change its record is refused, and after all of them the final
    table, the pages and the roll of honour are what they were when it was archived."""
    competition, players, (one, two, deleted) = season(klaverclub)
    loose = Match.start(club=klaverclub, game="klaverjassen", players=[p.pk for p in players.values()][:4])
    loose.add_round(deal(1, 62, 100))
    first, second = competition.evenings.order_by("date")
    competition.archive(alice)
    assert table_of(competition) == FINAL
    api, page = _api_client(alice), client
    page.force_login(alice)
    podium = [
        (
            "Klaverjassen najaar 2026",
            [(1, "Anna", "190.00"), (2, "Bram", "152.00"), (3, "Cor", "100.00")],
            ["Dirk"],
        )
    ]
    assert honours(api, klaverclub) == podium

    # Its matches: a correction, an undo, a deletion, a restore (model, API and sheet).
    for write in (
        lambda: one.correct_round(1, deal(0, 60, 102)),
        lambda: two.undo_last_round(),
        lambda: one.soft_delete(),
        lambda: Match.objects.get(pk=deleted.pk).restore(),
    ):
        with pytest.raises(SiteRefused) as refusal:
            write()
        assert [error.code for error in refusal.value.errors] == [SiteCode.SEASON_ARCHIVED]
    assert refused(api.put(reverse("api-round", args=[one.pk, 1]), deal(0, 60, 102), format="json"))
    assert refused(api.delete(reverse("api-round", args=[two.pk, 1])))
    assert refused(api.delete(reverse("api-match", args=[one.pk])))
    assert refused(api.post(reverse("api-match-restore", args=[deleted.pk])))
    undo = page.post(reverse("round_undo", args=[two.pk]), follow=True)
    assert "its result is final" in undo.content.decode()
    assert page.post(reverse("match_delete", args=[one.pk])).status_code == 302
    assert Match.objects.get(pk=one.pk).deleted_at is None

    # Its settings: a new name is taken (page and API), anything else is refused.
    renamed = page.post(
        reverse("league_competition_edit", args=[competition.pk]), form_data(competition, name="Najaar 2026")
    )
    assert renamed.status_code == 302
    competition.refresh_from_db()
    best_of = page.post(
        reverse("league_competition_edit", args=[competition.pk]), form_data(competition, best_of=1)
    )
    assert (
        best_of.status_code == 409 and "Najaar 2026 is archived: reopen it first." in best_of.content.decode()
    )
    url = reverse("api-competition", args=[competition.pk])
    assert api.patch(url, {"name": "Najaar 2026 (final)"}, format="json").status_code == 200
    assert refused(api.patch(url, {"best_of": 1}, format="json"))
    assert refused(api.patch(url, {"evening_dates": ["2026-12-02"]}, format="json"))

    # Its evenings: a new one, an edit, a deletion, presence, a draw, seating, a match attached.
    message = "Najaar 2026 (final) is archived: reopen it first."
    for name, args, data in (
        ("league_evening_create", [competition.pk], {"date": "2026-12-01"}),
        ("league_evening_edit", [first.pk], {"date": "2026-12-02", "counts": "on"}),
        ("league_evening_delete", [first.pk], {}),
        ("league_presence", [first.pk], {"present": [players["A"].pk]}),
        ("league_newcomer", [first.pk], {"name": "Gijs"}),
        ("league_draw", [second.pk], {}),
        ("league_tables", [second.pk], {}),
        ("league_attach", [second.pk], {"match": loose.pk}),
    ):
        answer = page.post(reverse(name, args=args), data, follow=True)
        assert message in answer.content.decode(), name
    for answer in (
        api.post(reverse("api-evenings", args=[competition.pk]), {"date": "2026-12-01"}, format="json"),
        api.patch(reverse("api-evening", args=[first.pk]), {"counts": False}, format="json"),
        api.delete(reverse("api-evening", args=[first.pk])),
        api.put(reverse("api-evening-presence", args=[first.pk]), {"present": []}, format="json"),
        api.post(reverse("api-evening-draw", args=[second.pk])),
        api.post(
            reverse("api-evening-tables", args=[second.pk]), {"tables": [[players["A"].pk]]}, format="json"
        ),
        api.post(reverse("api-evening-attach", args=[second.pk]), {"match": loose.pk}, format="json"),
    ):
        assert refused(answer) and answer.json()["errors"][0]["message"] == message
    with pytest.raises(SeasonArchived):
        second.draw_and_start()
    assert competition.evenings.count() == 2 and first.present.count() == 4

    # Its players and its standings' machinery: a merge, a rename, a rebuild, a recompute.
    merge_players(players["C"], players["F"])  # Fien never sat with Cor: Cor would then have 172
    rename = api.patch(reverse("api-club-player", args=[players["A"].pk]), {"name": "Anneke"}, format="json")
    assert rename.status_code == 200
    rebuild_standings.enqueue(competition.pk)
    competition.refresh_standings()
    recompute(klaverclub)

    assert table_of(competition) == FINAL  # the names as they were when it was archived
    assert api_table(api, competition) == FINAL
    podium[0] = ("Najaar 2026 (final)", *podium[0][1:])
    assert honours(_api_client(bob), klaverclub) == podium
    standings = page.get(reverse("league_standings", args=[competition.pk])).content.decode()
    assert "Fien" in standings and "Anna" in standings and "Anneke" not in standings
    assert "New evening" not in standings
    csv = page.get(reverse("league_standings_csv", args=[competition.pk])).content.decode()
    assert csv.splitlines()[1].startswith("1,Anna,190,")
    assert competition.archived_at is not None and competition.events.count() == 1


def test_reopening_is_an_owners_or_admins_confirmed_act_and_archiving_again_stores_the_new_table(
    client, klaverclub, alice, bob, dora, sam
):
    competition, _players, (one, _two, _deleted) = season(klaverclub)
    client.force_login(alice)
    assert (
        client.post(
            reverse("league_competition_archive", args=[competition.pk]), {"archived": "1"}
        ).status_code
        == 302
    )
    competition.refresh_from_db()
    archived_at = competition.archived_at
    assert archived_at is not None and Match.objects.get(pk=one.pk).closed_at == archived_at

    # Bob and Sam may not reopen it; the button that used to bring it back asks first.
    url = reverse("league_competition_reopen", args=[competition.pk])
    for user in (bob, sam):
        client.force_login(user)
        assert client.get(url).status_code == 403 and client.post(url).status_code == 403
        assert (
            _api_client(user)
            .post(
                reverse("api-competition-archive", args=[competition.pk]),
                {"archived": False, "confirm": True},
                format="json",
            )
            .status_code
            == 403
        )
    client.force_login(alice)
    back = client.post(reverse("league_competition_archive", args=[competition.pk]), {"archived": "0"})
    assert back.url == url
    asked = client.get(url).content.decode()
    assert "Reopen Klaverjassen najaar 2026?" in asked and "Its final standings are dropped" in asked
    unconfirmed = _api_client(alice).post(
        reverse("api-competition-archive", args=[competition.pk]), {"archived": False}, format="json"
    )
    assert unconfirmed.status_code == 400 and unconfirmed.json()["errors"][0]["field"] == "confirm"
    competition.refresh_from_db()
    assert competition.archived_at == archived_at and competition.final_standings is not None

    # Confirmed: recorded with who and when; its matches open again and its table follows them.
    before = timezone.now()
    assert client.post(url).status_code == 302
    competition.refresh_from_db()
    assert competition.archived_at is None and competition.final_standings is None
    reopened = competition.events.get(action=SeasonEvent.Action.REOPENED)
    assert reopened.by == alice and reopened.by_name == "alice" and reopened.at >= before
    assert Match.objects.get(pk=one.pk).closed_at is None
    one.correct_round(1, deal(0, 60, 102))  # nat: Bram and Dirk 162, Anna and Cor 0
    assert table_of(competition)[:2] == [(1, "Bram", "252.00"), (2, "Dirk", "162.00")]
    page = client.get(reverse("league_standings", args=[competition.pk])).content.decode()
    assert "New evening" in page

    # Archived again (by Dora, through the API): the new table is the final one.
    dora_api = _api_client(dora)
    again = dora_api.post(
        reverse("api-competition-archive", args=[competition.pk]), {"archived": True}, format="json"
    )
    assert again.status_code == 200
    competition.refresh_from_db()
    assert [row["name"] for row in competition.final_standings][:2] == ["Bram", "Dirk"]
    assert honours(dora_api, klaverclub)[0][1][0] == (1, "Bram", "252.00")
    history = dora_api.get(reverse("api-competition", args=[competition.pk])).json()["history"]
    assert [(event["action"], event["by"]) for event in history] == [
        ("archived", "alice"),
        ("reopened", "alice"),
        ("archived", "dora"),
    ]
    page = client.get(reverse("league_standings", args=[competition.pk])).content.decode()
    assert "by dora" in page and "Reopen this season" in page and "The season's history" in page
    client.force_login(bob)
    assert (
        "Reopen this season"
        not in client.get(reverse("league_standings", args=[competition.pk])).content.decode()
    )


def test_a_match_stays_closed_while_another_archived_season_still_counts_it(klaverclub, alice):
    competition, _players, (one, _two, _deleted) = season(klaverclub)
    ladder = CompetitionFactory.create(
        club=klaverclub,
        name="Ladder",
        games=["klaverjassen"],
        counts=Competition.Counts.MATCHES,
        kind=Competition.Kind.RAW,
        starts_on=timezone.localdate(),
        ends_on=timezone.localdate(),
    )
    ladder.refresh_standings()
    competition.archive(alice)
    ladder.archive(alice)
    competition.reopen(alice)
    with pytest.raises(SiteRefused):
        one.correct_round(1, deal(0, 60, 102))
    ladder.reopen(alice)
    one.correct_round(1, deal(0, 60, 102))
    assert Match.objects.get(pk=one.pk).closed_at is None


def test_an_archived_season_deleted_leaves_its_matches_open_as_ordinary_matches(client, klaverclub, alice):
    competition, _players, (one, _two, _deleted) = season(klaverclub)
    competition.archive(alice)
    client.force_login(alice)
    assert client.post(reverse("league_competition_delete", args=[competition.pk])).status_code == 302
    assert not Match.objects.filter(closed_at__isnull=False).exists()
    one.correct_round(1, deal(0, 60, 102))
    assert Match.objects.get(pk=one.pk).seats.get(player__name="Bram").final_total == 162


def test_an_archived_seasons_pages_say_so_instead_of_offering_the_next_evening(
    client, klaverclub, alice, bob
):
    competition, _players, _matches = season(klaverclub)
    competition.archive(alice)
    evening = competition.evenings.order_by("date").first()
    client.force_login(alice)
    standings = client.get(reverse("league_standings", args=[competition.pk])).content.decode()
    day = timezone.localdate().strftime("%-d %B %Y")
    assert f"Archived on {day} by alice" in standings and 'id="new-evening"' not in standings
    page = client.get(reverse("league_evening", args=[evening.pk])).content.decode()
    assert "this evening is final" in page
    assert 'id="draw"' not in page and 'id="save-presence"' not in page and 'id="attach"' not in page
    edit = client.get(reverse("league_competition_edit", args=[competition.pk])).content.decode()
    assert "only its name can change" in edit
    assert Decimal(competition.final_standings[0]["points"]) == Decimal("190")
