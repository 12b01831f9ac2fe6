"""One history row per player and match, holding both ladders it moved (the game's and overall)
instead of one row per ladder: half the rows for a recompute to write (docs/performance.md).

The existing rows are paired up, not recomputed: each game row takes the figures of the overall
row of the same player and match, which is then deleted. Going back deletes the history
(``manage.py recompute_ratings`` writes it again): the figures are derived from the matches.
"""

from django.db import migrations, models
from django.db.models import OuterRef, Subquery

FIGURES = ("mu_before", "sigma_before", "mu", "sigma")


def pair_ladders(apps, schema_editor):
    RatingChange = apps.get_model("stats", "RatingChange")
    rows = RatingChange.objects.using(schema_editor.connection.alias)
    overall = rows.filter(game="", match=OuterRef("match"), player=OuterRef("player"))
    rows.exclude(game="").update(
        **{f"overall_{name}": Subquery(overall.values(f"game_{name}")[:1]) for name in FIGURES}
    )
    rows.filter(game="").delete()


def forget_history(apps, schema_editor):
    apps.get_model("stats", "RatingChange").objects.using(schema_editor.connection.alias).delete()


class Migration(migrations.Migration):
    dependencies = [("stats", "0001_initial")]

    operations = [
        migrations.RemoveIndex(model_name="ratingchange", name="stats_ratin_player__deb355_idx"),
        migrations.RenameField(model_name="ratingchange", old_name="ladder", new_name="game"),
        migrations.RenameField(model_name="ratingchange", old_name="mu_before", new_name="game_mu_before"),
        migrations.RenameField(model_name="ratingchange", old_name="sigma_before", new_name="game_sigma_before"),
        migrations.RenameField(model_name="ratingchange", old_name="mu", new_name="game_mu"),
        migrations.RenameField(model_name="ratingchange", old_name="sigma", new_name="game_sigma"),
        *(
            migrations.AddField(
                model_name="ratingchange",
                name=f"overall_{name}",
                field=models.FloatField(default=0.0),
                preserve_default=False,
            )
            for name in FIGURES
        ),
        migrations.RunPython(pair_ladders, migrations.RunPython.noop),
        migrations.AlterField(model_name="ratingchange", name="game", field=models.CharField(max_length=32)),
        migrations.RemoveField(model_name="ratingchange", name="ordinal"),
        migrations.AddIndex(
            model_name="ratingchange",
            index=models.Index(fields=["player", "finished_at", "match"], name="stats_ratin_player__506540_idx"),
        ),
        # Going back: first of all (``ordinal`` comes back without a value to hold).
        migrations.RunPython(migrations.RunPython.noop, forget_history),
    ]
