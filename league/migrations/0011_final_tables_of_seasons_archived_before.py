"""Seasons archived before the final table was stored with the season (0010): their final table
is their stored standings as they are now (nothing has rebuilt them since they were archived),
and the matches they counted are closed, as ``Competition.archive`` does today."""

from django.db import migrations


def _final_json(row):
    return {
        "rank": row.rank,
        "player_id": row.player_id,
        "name": row.player.name,
        "points": str(row.points),
        "played": row.played,
        "tables": row.tables,
        "wins": row.wins,
        "average_place": str(row.average_place),
        "trend": row.trend,
        "booby": row.booby,
        "evenings": row.evenings,
        "counted": row.counted,
        "days": row.days,
    }


def store_final_tables(apps, schema_editor):
    Competition = apps.get_model("league", "Competition")
    Standing = apps.get_model("league", "Standing")
    Match = apps.get_model("matches", "Match")
    archived = Competition.objects.filter(archived_at__isnull=False, final_standings__isnull=True)
    for season in archived:
        rows = Standing.objects.filter(competition=season).select_related("player").order_by("position")
        season.final_standings = [_final_json(row) for row in rows]
        season.save(update_fields=["final_standings"])
        if season.counts == "matches":
            matches = Match.objects.filter(
                club_id=season.club_id,
                status="finished",
                deleted_at__isnull=True,
                game__in=season.games,
                finished_at__date__range=(season.starts_on, season.ends_on),
            )
        else:
            matches = Match.objects.filter(league_table__evening__competition=season)
        matches.filter(closed_at__isnull=True).update(closed_at=season.archived_at)


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0010_season_record_final_early_tables_sit_outs_versions"),
        ("matches", "0017_matches_end_early_and_closed_seasons"),
    ]

    operations = [migrations.RunPython(store_final_tables, migrations.RunPython.noop)]
