"""Snapshots kept every deal's scores; they now keep the totals, the number of deals and the last
deal's scores (``scoring.snapshot``). The old ones are rewritten from what they hold; going back,
they are cleared, and the old code replays a match without one."""

from django.db import migrations

BATCH = 500


def slim(old, units):
    """An old snapshot as the new ones are; ``units``: the match's scoring units (a team, or each
    seat alone), whose totals are zero before a deal."""
    scores = old["scores"]
    return {
        "played": len(scores),
        "totals": [sum(column) for column in zip(*scores, strict=True)] if scores else [0] * units,
        "last": scores[-1] if scores else None,
        "progress": old["progress"],
    }


def forward(apps, schema_editor):
    Match = apps.get_model("matches", "Match")
    changed = []
    for match in (
        Match.objects.filter(snapshot__isnull=False)
        .only("pk", "snapshot", "player_count", "teams")
        .iterator()
    ):
        if "scores" not in match.snapshot:
            continue
        match.snapshot = slim(match.snapshot, len(match.teams) if match.teams else match.player_count)
        changed.append(match)
        if len(changed) == BATCH:
            Match.objects.bulk_update(changed, ["snapshot"])
            changed = []
    Match.objects.bulk_update(changed, ["snapshot"])


def backward(apps, schema_editor):
    apps.get_model("matches", "Match").objects.update(snapshot=None)


class Migration(migrations.Migration):
    dependencies = [("matches", "0013_house_games")]

    operations = [migrations.RunPython(forward, backward)]
