"""``HouseGame`` comes over from the matches app (``matches.0016``) with its table: only Django's
record of the model is created here; the table ``matches_housegame`` and its rows stay as they
are."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

import house.models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("matches", "0016_house_game_moves_to_house"),
        ("players", "0007_players_retire"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="HouseGame",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID"),
                        ),
                        (
                            "slug",
                            models.CharField(default=house.models.new_slug, editable=False, max_length=32, unique=True),
                        ),
                        ("name", models.CharField(max_length=40, verbose_name="name")),
                        ("definition", models.JSONField()),
                        ("version", models.PositiveIntegerField(default=1)),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        ("updated_at", models.DateTimeField(auto_now=True)),
                        (
                            "club",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="house_games",
                                to="players.club",
                            ),
                        ),
                        (
                            "created_by",
                            models.ForeignKey(
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "verbose_name": "house game",
                        "verbose_name_plural": "house games",
                        "ordering": ["name", "pk"],
                        "db_table": "matches_housegame",
                    },
                )
            ],
            database_operations=[],
        )
    ]
