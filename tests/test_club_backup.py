"""A club's export is its backup: exported, imported into a database without it and exported
again, it is the same file, byte for byte; and what Scoreblok computes from it (standings,
ratings) comes out as it was.

The club is the demo club of ``make run`` (a match of every game, a season of evenings with
presence and tables, a ladder where every match counts, finished matches for the ratings) with
what the demo leaves out: members of every role, a player linked to a member, a correction, an
undo, a round entered again under an idempotency key and confirmed by a second player, a match
kept by a scorer, and a deleted match."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from backup import exports
from backup.exports import export_file
from live.management.commands.load_demo import CLUB, USERNAME
from matches.models import RoundRevision
from players.models import Club, Membership
from stats.models import Rating

pytestmark = pytest.mark.django_db


@pytest.fixture
def every_feature(django_capture_on_commit_callbacks) -> Club:
    users = get_user_model().objects
    bob, charlie = users.create_user(username="bob"), users.create_user(username="charlie")
    with django_capture_on_commit_callbacks(execute=True):
        call_command("load_demo", verbosity=0)
        demo = get_user_model().objects.get(username=USERNAME)
        club = Club.objects.get(name=CLUB)
        club.memberships.create(user=bob, role=Membership.Role.SCORER)
        club.memberships.create(user=charlie, role=Membership.Role.MEMBER)
        club.link_player(club.players.get(name="Eva"), bob)

        playing = club.matches.in_progress().filter(rounds__number=2).order_by("pk").first()
        assert playing is not None
        first, second = playing.rounds.order_by("number")
        playing.correct_round(1, first.body, by=bob)
        playing.undo_last_round(2, by=demo)
        club.confirm_rounds = True
        club.save(update_fields=["confirm_rounds"])
        playing.add_round(second.body, by=bob, idempotency_key="phone-7f3a")
        playing.confirm_round(2, by=demo)

        playing.rematch(by=bob)  # a match a scorer keeps, nothing entered yet

        finished = club.matches.finished().exclude(league_table__isnull=False).order_by("pk").first()
        assert finished is not None
        finished.soft_delete(by=demo)
    return club


def computed(club: Club) -> dict[str, Any]:
    """What the site computed from the club's record, by name (ids change on import)."""
    return {
        "standings": sorted(
            (
                standing.competition.name,
                standing.player.name,
                standing.rank,
                str(standing.points),
                standing.trend,
            )
            for competition in club.competitions.all()
            for standing in competition.standings.select_related("competition", "player")
        ),
        "ratings": sorted(
            (rating.player.name, rating.ladder, round(rating.mu, 9), rating.matches)
            for rating in Rating.objects.filter(club=club).select_related("player")
        ),
        "places": sorted(
            (
                match.created_at.isoformat(),
                [(s.player.name, s.final_rank, s.final_total) for s in match.seats.all()],
            )
            for match in club.matches.all()
        ),
    }


def test_export_import_export_gives_the_same_file(
    every_feature, tmp_path, django_capture_on_commit_callbacks
):
    first = export_file(every_feature)
    document = json.loads(first)
    assert document["version"] == exports.VERSION
    # The file holds what the backup is for (the demo is built as assumed).
    matches = document["matches"]
    assert any(match["deleted_at"] for match in matches)
    assert {revision["action"] for match in matches for revision in match["history"]} == {
        "add",
        "correct",
        "undo",
    }
    assert any(r["confirmed_by_name"] == USERNAME for match in matches for r in match["rounds"])
    assert {member["username"] for member in document["members"]} == {USERNAME, "bob", "charlie"}
    assert len(document["competitions"]) == 3  # the season, the ladder, last season (archived)
    assert any(
        evening["present"] and evening["tables"]
        for c in document["competitions"]
        for evening in c["evenings"]
    )
    before = computed(every_feature)
    assert before["standings"] and before["ratings"]

    every_feature.dissolve()
    path = tmp_path / "club.json"
    path.write_bytes(first)
    with django_capture_on_commit_callbacks(execute=True):
        call_command("import_club", str(path), owner=USERNAME, all_members=True, verbosity=0)

    imported = Club.objects.get(name=CLUB)
    again = export_file(imported)
    assert json.loads(again) == document
    assert again == first
    assert computed(imported) == before


def test_an_imported_idempotency_key_stays_spent_and_keeps_answering(every_feature, tmp_path):
    path = tmp_path / "club.json"
    path.write_bytes(export_file(every_feature))
    every_feature.dissolve()
    call_command("import_club", str(path), owner=USERNAME, all_members=True, verbosity=0)
    revision = RoundRevision.objects.get(idempotency_key="phone-7f3a")
    match = revision.match
    added = match.add_round(revision.after, idempotency_key="phone-7f3a")
    assert added.round.number == revision.number
    assert match.rounds.count() == revision.number


def test_members_without_an_account_here_are_named_and_left_out(every_feature, tmp_path, capsys):
    path = tmp_path / "club.json"
    path.write_bytes(export_file(every_feature))
    every_feature.dissolve()
    get_user_model().objects.filter(username__in=["bob", "charlie"]).delete()
    call_command("import_club", str(path), owner=USERNAME, all_members=True)
    said = capsys.readouterr().out
    assert "No account here for bob, charlie" in said
    imported = Club.objects.get(name=CLUB)
    assert list(imported.memberships.values_list("user__username", flat=True)) == [USERNAME]
    assert imported.players.get(name="Eva").user is None
    assert RoundRevision.objects.filter(match__club=imported, by_name="bob").exists()
