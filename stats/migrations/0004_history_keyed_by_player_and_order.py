"""The history's primary key becomes (player, finished at, match), the order a player's history is
read in, in place of an ``id`` column, its sequence and a separate index on those three columns:
a recompute writes one index entry a row instead of two (docs/performance.md).

A primary key cannot be changed in place: the old table is renamed, the new one created, the
rows copied across (both ways), and the old table dropped. The rename is wrapped so that the
content types do not follow it: the model keeps its name, only its table is replaced.
"""

import django.db.models.deletion
from django.db import migrations, models

FIELDS = (
    "player_id",
    "match_id",
    "finished_at",
    "game",
    "game_mu_before",
    "game_sigma_before",
    "game_mu",
    "game_sigma",
    "overall_mu_before",
    "overall_sigma_before",
    "overall_mu",
    "overall_sigma",
)


def copier(source: str, target: str):
    def copy(apps, schema_editor):
        alias = schema_editor.connection.alias
        Source, Target = apps.get_model("stats", source), apps.get_model("stats", target)
        rows = Source.objects.using(alias).values(*FIELDS).iterator(chunk_size=2000)
        Target.objects.using(alias).bulk_create((Target(**row) for row in rows), batch_size=2000)

    return copy


# The old table, moved out of the new one's way (its reverse names too).
SET_ASIDE = [
    migrations.RenameModel(old_name="RatingChange", new_name="OldRatingChange"),
    migrations.AlterField(
        model_name="oldratingchange",
        name="player",
        field=models.ForeignKey(
            db_constraint=False,
            db_index=False,
            on_delete=django.db.models.deletion.CASCADE,
            related_name="+",
            to="players.player",
        ),
    ),
    migrations.AlterField(
        model_name="oldratingchange",
        name="match",
        field=models.ForeignKey(
            db_constraint=False,
            on_delete=django.db.models.deletion.CASCADE,
            related_name="+",
            to="matches.match",
        ),
    ),
]


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0013_house_games"),
        ("players", "0007_players_retire"),
        ("stats", "0003_history_found_through_players"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(database_operations=SET_ASIDE, state_operations=SET_ASIDE),
        migrations.CreateModel(
            name="RatingChange",
            fields=[
                (
                    "pk",
                    models.CompositePrimaryKey(
                        "player",
                        "finished_at",
                        "match",
                        blank=True,
                        editable=False,
                        primary_key=True,
                        serialize=False,
                    ),
                ),
                ("finished_at", models.DateTimeField()),
                ("game", models.CharField(max_length=32)),
                ("game_mu_before", models.FloatField()),
                ("game_sigma_before", models.FloatField()),
                ("game_mu", models.FloatField()),
                ("game_sigma", models.FloatField()),
                ("overall_mu_before", models.FloatField()),
                ("overall_sigma_before", models.FloatField()),
                ("overall_mu", models.FloatField()),
                ("overall_sigma", models.FloatField()),
                (
                    "match",
                    models.ForeignKey(
                        db_constraint=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="rating_changes",
                        to="matches.match",
                    ),
                ),
                (
                    "player",
                    models.ForeignKey(
                        db_constraint=False,
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="rating_changes",
                        to="players.player",
                    ),
                ),
            ],
            options={"ordering": ["finished_at", "match_id"]},
        ),
        migrations.RunPython(
            copier("OldRatingChange", "RatingChange"), copier("RatingChange", "OldRatingChange")
        ),
        migrations.DeleteModel(name="OldRatingChange"),
    ]
