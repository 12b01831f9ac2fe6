"""A deleted house game is retired, not removed (``HouseGame.retire``), so its slug keeps naming
its rules without a look into the matches. Games deleted before come back as retired rows, each
from the newest copy of its rules a match of it keeps (what the site showed for them until now);
going back removes the retired rows, as deleting did."""

from django.db import migrations, models
from django.utils import timezone

MAX_NAME = 40  # HouseGame.name's max_length


def restore_deleted_games(apps, schema_editor):
    HouseGame = apps.get_model("house", "HouseGame")
    Match = apps.get_model("matches", "Match")
    kept = set(HouseGame.objects.values_list("slug", flat=True))
    now = timezone.now()
    played = (
        Match.objects.filter(game__startswith="house-", definition__isnull=False)
        .exclude(game__in=kept)
        .order_by("game", "-created_at", "-pk")
        .values_list("game", "club_id", "definition")
    )
    restored = {}
    for slug, club_id, definition in played.iterator(chunk_size=500):
        if slug not in restored:
            name = definition.get("name") if isinstance(definition, dict) else None
            restored[slug] = HouseGame(
                slug=slug,
                club_id=club_id,
                name=(name if isinstance(name, str) and name else slug)[:MAX_NAME],
                definition=definition,
                retired_at=now,
            )
    HouseGame.objects.bulk_create(restored.values(), batch_size=500)


def remove_retired_games(apps, schema_editor):
    apps.get_model("house", "HouseGame").objects.exclude(retired_at=None).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("house", "0001_house_game_from_matches"),
        ("matches", "0016_house_game_moves_to_house"),
    ]

    operations = [
        migrations.AddField(
            model_name="housegame",
            name="retired_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.RunPython(restore_deleted_games, remove_retired_games),
    ]
