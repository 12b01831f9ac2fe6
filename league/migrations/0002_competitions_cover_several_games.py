"""A competition covers a list of games and counts evenings or matches; tie-breaks are a list;
a standing row keeps its points per day played (where every match counts).

The old single ``game`` becomes ``games = [game]`` and its options ``{game: options}`` (options
are kept per game: the engine refuses one a game does not know); every evening plays that game;
the comma text of tie-breaks becomes a list. ``convert`` and ``revert`` are plain functions so a
test can check them on old values without running the migration.
"""

from __future__ import annotations

from typing import Any

from django.db import migrations, models

import league.models
import matches.models

TIE_BREAKS = ("wins", "average_place", "played", "last_evening")


def convert(game: str, options: Any, tie_breaks: str) -> tuple[list[str], dict[str, Any], list[str]]:
    """An old competition's (game, options, "wins,average_place") as (games, options, tie-breaks).
    Unknown or repeated tie-break names (the old text was validated, but by hand-edited rows
    too) are dropped rather than failing the migration."""
    names: list[str] = []
    for name in (part.strip() for part in (tie_breaks or "").split(",")):
        if name in TIE_BREAKS and name not in names:
            names.append(name)
    by_game = {game: dict(options)} if isinstance(options, dict) and options else {}
    return [game], by_game, names


def revert(games: list[str], options: Any, tie_breaks: list[str]) -> tuple[str, dict[str, Any], str]:
    """Back to one game (the first: the others are lost) with its options and the comma text."""
    game = games[0] if games else ""
    own = options.get(game, {}) if isinstance(options, dict) else {}
    return game, dict(own), ",".join(tie_breaks or [])


def forwards(apps: Any, schema_editor: Any) -> None:
    Competition = apps.get_model("league", "Competition")
    Evening = apps.get_model("league", "Evening")
    for competition in Competition.objects.all():
        games, options, tie_breaks = convert(competition.game, competition.options, competition.tie_breaks)
        competition.games, competition.options, competition.tie_break_list = games, options, tie_breaks
        competition.save(update_fields=["games", "options", "tie_break_list"])
        Evening.objects.filter(competition=competition).update(game=games[0])


def backwards(apps: Any, schema_editor: Any) -> None:
    Competition = apps.get_model("league", "Competition")
    for competition in Competition.objects.all():
        game, options, tie_breaks = revert(competition.games, competition.options, competition.tie_break_list)
        competition.game, competition.options, competition.tie_breaks = game, options, tie_breaks
        competition.save(update_fields=["game", "options", "tie_breaks"])


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="competition",
            name="games",
            field=models.JSONField(default=list, validators=[league.models.validate_games], verbose_name="games"),
        ),
        migrations.AddField(
            model_name="competition",
            name="counts",
            field=models.CharField(
                choices=[
                    ("evenings", "The tables of the club evenings"),
                    ("matches", "Every finished match of the club in these games"),
                ],
                default="evenings",
                max_length=12,
                verbose_name="what counts",
            ),
        ),
        migrations.AddField(
            model_name="evening",
            name="game",
            field=models.CharField(
                blank=True, choices=matches.models.game_choices, max_length=32, verbose_name="game"
            ),
        ),
        migrations.AddField(
            model_name="standing",
            name="days",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.AddField(
            model_name="competition",
            name="tie_break_list",
            field=models.JSONField(blank=True, default=league.models.default_tie_breaks),
        ),
        migrations.RunPython(forwards, backwards),
        # A default for the way back: the column comes back before ``backwards`` fills it.
        migrations.AlterField(
            model_name="competition",
            name="game",
            field=models.CharField(
                choices=matches.models.game_choices, default="", max_length=32, verbose_name="game"
            ),
        ),
        migrations.RemoveField(model_name="competition", name="game"),
        migrations.RemoveField(model_name="competition", name="tie_breaks"),
        migrations.RenameField(model_name="competition", old_name="tie_break_list", new_name="tie_breaks"),
        migrations.AlterField(
            model_name="competition",
            name="tie_breaks",
            field=models.JSONField(
                blank=True,
                default=league.models.default_tie_breaks,
                validators=[league.models.validate_tie_breaks],
                verbose_name="tie-breaks, in order",
            ),
        ),
        migrations.AlterField(
            model_name="competition",
            name="options",
            field=models.JSONField(
                blank=True,
                default=dict,
                validators=[league.models.validate_options],
                verbose_name="game options",
            ),
        ),
    ]
