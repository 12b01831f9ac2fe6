"""A club's record leaves and comes back whole: the JSON export, imported into an empty
instance, gives every match the very same standings; the results CSV lists every total.

The JSON export is written by a task (immediate here, as in ``make run``): asked for on the club
page, followed on its progress page, downloaded by the club's admins."""

from __future__ import annotations

import json
import tracemalloc
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.db import connection
from django.http import JsonResponse
from django.test import override_settings
from django.urls import reverse
from django.utils import timezone

from backup import exports
from backup.exports import export_club, import_club
from backup.models import ClubExport
from games.registry import all_homes
from matches.models import Match, Round
from players.models import Club
from tests.factories import ClubExportFactory, ClubFactory
from tests.long_matches import long_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(alice, club) -> Club:
    """A match of every game, each with the rounds of its home's demo."""
    for home in all_homes():
        demo = home.demo()
        assert demo is not None
        match = Match.start(club=club, game=home.slug, players=list(demo.players), teams=demo.teams, by=alice)
        for body in demo.rounds:
            match.add_round(body, by=alice)
    return club


def standings(club: Club) -> list[tuple[str, list[str], list[tuple[int, int]]]]:
    rows = []
    for match in Match.objects.filter(club=club).order_by("created_at", "pk"):
        state = match.state()
        names = [seat.player.name for seat in match.seats.all()]
        rows.append((match.game, names, [(row.total, row.rank) for row in state.standings]))
    return rows


def test_an_export_imported_into_an_empty_instance_has_identical_standings(season, alice, tmp_path):
    before = standings(season)
    path = tmp_path / "club.json"
    path.write_text(json.dumps(export_club(season)))
    Match.objects.filter(club=season).delete()  # an empty instance, as far as this club goes
    season.delete()
    call_command("import_club", str(path), owner=alice.username)
    imported = Club.objects.get(name=season.name)
    assert standings(imported) == before
    assert imported.memberships.get(user=alice).role == "owner"


def test_an_import_that_breaks_a_rule_stores_nothing(season, alice):
    data = export_club(season)
    data["matches"][0]["rounds"][0] = {"entries": []}
    with pytest.raises(Exception):  # noqa: B017 - the engine's refusal, whichever it is
        import_club(data, owner=alice)
    assert Club.objects.filter(name=season.name).count() == 1


def test_the_results_csv_lists_every_match_total(client, season, alice):
    client.force_login(alice)
    response = client.get(reverse("club_results", args=[season.pk]))
    assert response["Content-Type"].startswith("text/csv")
    lines = response.content.decode().splitlines()
    assert lines[0] == "match,date,game,status,player,total,rank"
    games = {line.split(",")[2] for line in lines[1:]}
    assert games == {home.slug for home in all_homes()}


def request_export(client, club: Club):
    response = client.post(reverse("club_export_start", args=[club.pk]))
    assert response.status_code == 302
    return ClubExport.objects.get(pk=response.url.rstrip("/").rsplit("/", 1)[1]), response.url


def test_the_export_task_writes_the_very_file_the_direct_download_gave(client, season, alice):
    """The file is byte for byte what ``/clubs/<id>/export.json`` answered before it became a
    task (a JsonResponse of ``export_club``), and it downloads as a file."""
    before = JsonResponse(export_club(season), json_dumps_params={"ensure_ascii": False, "indent": 1}).content
    client.force_login(alice)
    export, page = request_export(client, season)
    assert export.status == ClubExport.Status.DONE
    assert (export.done, export.total) == (len(all_homes()), len(all_homes()))
    assert export.requested_by == alice
    assert b"".join(export.read()) == before

    download = client.get(reverse("club_export_download", args=[season.pk, export.pk]))
    assert download.streaming
    assert b"".join(download.streaming_content) == before
    assert download["Content-Length"] == str(len(before))
    assert download["Content-Type"] == "application/json"
    assert download["Content-Disposition"] == f'attachment; filename="scoreblok-club-{season.pk}.json"'
    assert len(json.loads(before)["matches"]) == len(all_homes())
    shown = client.get(page).content.decode()
    assert reverse("club_export_download", args=[season.pk, export.pk]) in shown
    assert "hx-trigger" not in shown  # done: no more polling


def test_the_export_counts_its_matches_as_it_writes_them(season, alice, monkeypatch):
    """A match per game written two at a time: the progress goes 0, 2, 4... of them all, each saved."""
    monkeypatch.setattr(exports, "CHUNK", 2)
    export = ClubExport.objects.create(club=season, requested_by=alice)
    seen = []
    save = export.progress

    def progress(done: int, total: int) -> None:
        save(done, total)
        seen.append(ClubExport.objects.values_list("status", "done", "total").get(pk=export.pk))

    export.progress = progress
    exports.write_export(export)
    total = len(all_homes())
    steps = [*range(0, total, 2), total]
    assert seen == [("running", done, total) for done in steps]
    export.refresh_from_db()
    assert (export.status, export.done, export.total) == ("done", total, total)


def test_the_progress_page_shows_a_bar_and_asks_again_while_the_export_runs(client, club, alice):
    export = ClubExportFactory.create(
        club=club, status=ClubExport.Status.RUNNING, done=30, total=120, content=None
    )
    client.force_login(alice)
    url = reverse("club_export_detail", args=[club.pk, export.pk])
    page = client.get(url).content.decode()
    assert '<progress id="export-progress" max="120" value="30">25%</progress>' in page
    assert "30 of 120 matches written" in page
    assert f'hx-get="{url}" hx-trigger="every 2s"' in page
    assert '<noscript><meta http-equiv="refresh" content="2"></noscript>' in page  # without JavaScript
    assert reverse("club_export_download", args=[club.pk, export.pk]) not in page

    fragment = client.get(url, headers={"HX-Request": "true"})
    assert fragment.content.decode().lstrip().startswith('<section id="export"')
    assert "HX-Request" in fragment["Vary"]


def test_an_unfinished_export_has_nothing_to_download(client, club, alice):
    export = ClubExportFactory.create(club=club, status=ClubExport.Status.RUNNING, content=None)
    client.force_login(alice)
    assert client.get(reverse("club_export_download", args=[club.pk, export.pk])).status_code == 404


def test_asking_again_while_an_export_runs_shows_that_one(client, club, alice):
    running = ClubExportFactory.create(club=club, status=ClubExport.Status.RUNNING, content=None)
    client.force_login(alice)
    export, _page = request_export(client, club)
    assert export == running
    assert ClubExport.objects.filter(club=club).count() == 1


def test_a_failing_export_says_so_on_its_page_and_may_be_asked_again(client, season, alice, monkeypatch):
    """The export breaks (here: the database read fails): no 500, the page says it failed in
    words, the error is kept for whoever runs the site, and asking again writes a new one."""

    def broken(club, progress=None):
        raise OSError("disk on fire")

    monkeypatch.setattr(exports, "export_text", broken)
    client.force_login(alice)
    export, page = request_export(client, season)
    assert (export.status, export.error) == ("failed", "OSError: disk on fire")
    response = client.get(page)
    assert response.status_code == 200
    assert "The export could not be written." in response.content.decode()
    assert "disk on fire" not in response.content.decode()
    assert "hx-trigger" not in response.content.decode()

    monkeypatch.undo()
    again, _page = request_export(client, season)
    assert again != export and again.status == "done"


def test_an_export_the_worker_lost_shows_as_failed_and_a_new_one_starts(client, club, alice):
    lost = ClubExportFactory.create(club=club, status=ClubExport.Status.RUNNING, content=None)
    ClubExport.objects.filter(pk=lost.pk).update(updated_at=timezone.now() - timedelta(minutes=16))
    client.force_login(alice)
    page = client.get(reverse("club_export_detail", args=[club.pk, lost.pk])).content.decode()
    assert "The export could not be written." in page
    export, _page = request_export(client, club)
    assert export != lost and export.status == "done"


def test_exports_older_than_a_week_go_with_the_next_export_or_the_daily_command(client, club, alice):
    old, recent, elsewhere = ClubExportFactory.create_batch(3, club=club)
    elsewhere.club = ClubExportFactory.create().club
    elsewhere.save()
    week_ago = timezone.now() - timedelta(days=7, minutes=1)
    ClubExport.objects.filter(pk__in=[old.pk, elsewhere.pk]).update(created_at=week_ago)
    client.force_login(alice)
    new, _page = request_export(client, club)
    assert set(ClubExport.objects.values_list("pk", flat=True)) >= {recent.pk, new.pk}
    assert not ClubExport.objects.filter(pk__in=[old.pk, elsewhere.pk]).exists()

    ClubExport.objects.filter(pk=recent.pk).update(created_at=week_ago)
    call_command("purge_exports")
    assert not ClubExport.objects.filter(pk=recent.pk).exists()
    assert ClubExport.objects.filter(pk=new.pk).exists()


def _club_with_matches(count: int, by) -> Club:
    """A club of ``count`` Duizenden matches of 30 deals each (the deals stored directly: the
    export reads what is stored and replays nothing)."""
    _setup, bodies = long_match("duizenden", 30, players=4)
    club = ClubFactory.create()
    for _ in range(count):
        match = Match.start(club=club, game="duizenden", players=["Anna", "Bram", "Cor", "Dirk"], by=by)
        rounds = [
            Round(match=match, number=number, body=body, scores=[0, 0, 0, 0], created_by=by)
            for number, body in enumerate(bodies, start=1)
        ]
        Round.objects.bulk_create(rounds)
    return club


def _peak_writing_export(club: Club, by) -> tuple[int, int]:
    """The export's peak memory while it is written (Python's allocations), and its file's size."""
    export = ClubExport.objects.create(club=club, requested_by=by)
    # Only the export's own memory: not a log of its queries, which grows with the club when an
    # earlier test of the same process left debug logging on (seen once in a whole-suite run).
    logging, connection.force_debug_cursor = connection.force_debug_cursor, False
    tracemalloc.start()
    try:
        with override_settings(DEBUG=False):
            exports.write_export(export)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
        connection.force_debug_cursor = logging
    assert export.status == ClubExport.Status.DONE
    return peak, sum(len(part) for part in export.read())


def test_writing_an_export_holds_one_chunk_of_matches_whatever_the_clubs_size(alice, monkeypatch):
    """The file is built and stored a part at a time: four times the matches, four times the
    file, but not the memory (the export held the whole file, and the whole document before it,
    until it was done). Chunks of 5 matches and parts of 16 kB stand for 200 and 1 MB."""
    monkeypatch.setattr(exports, "CHUNK", 5)
    monkeypatch.setattr(exports, "PART_SIZE", 16 * 1024)
    _peak_writing_export(_club_with_matches(2, alice), alice)  # what a first export loads once
    small, small_size = _peak_writing_export(_club_with_matches(10, alice), alice)
    large, large_size = _peak_writing_export(_club_with_matches(40, alice), alice)
    assert large_size > 3.9 * small_size > 3.9 * 200_000  # the file grows with the club...
    assert large < 1.25 * small  # ...the memory does not
    assert large < large_size  # nor does it hold the file


def test_an_export_written_whole_before_parts_still_downloads(client, club, alice):
    """An export kept from before files were stored in parts (a week at most) has its file in
    one piece: it downloads as it was."""
    export = ClubExportFactory.create(club=club, content=b'{"format": "scoreblok-club"}')
    client.force_login(alice)
    download = client.get(reverse("club_export_download", args=[club.pk, export.pk]))
    assert b"".join(download.streaming_content) == b'{"format": "scoreblok-club"}'
    assert download["Content-Length"] == "28"
