"""``ClubExport`` comes over from the matches app (``matches.0015``) with its table: only Django's
record of the model is created here; the table ``matches_clubexport``, its index and its rows
stay as they are."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("matches", "0015_club_export_moves_to_backup"),
        ("players", "0007_players_retire"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="ClubExport",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID"),
                        ),
                        (
                            "status",
                            models.CharField(
                                choices=[
                                    ("queued", "waiting for its turn"),
                                    ("running", "being written"),
                                    ("done", "ready"),
                                    ("failed", "failed"),
                                ],
                                default="queued",
                                max_length=8,
                            ),
                        ),
                        ("done", models.PositiveIntegerField(default=0)),
                        ("total", models.PositiveIntegerField(default=0)),
                        ("content", models.BinaryField(editable=False, null=True)),
                        ("error", models.TextField(blank=True)),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        ("updated_at", models.DateTimeField(auto_now=True)),
                        ("finished_at", models.DateTimeField(blank=True, null=True)),
                        (
                            "club",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="exports",
                                to="players.club",
                            ),
                        ),
                        (
                            "requested_by",
                            models.ForeignKey(
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "db_table": "matches_clubexport",
                        "indexes": [models.Index(fields=["created_at"], name="matches_clu_created_65915d_idx")],
                    },
                )
            ],
            database_operations=[],
        )
    ]
