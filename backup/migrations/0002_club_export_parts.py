"""A club export's file is stored in parts as the task writes it (``ClubExportPart``) and sent a
part at a time, so neither the worker nor a download holds a whole file in memory. Exports
written before keep their file whole in ``ClubExport.content`` until they expire."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("backup", "0001_club_export_from_matches"),
    ]

    operations = [
        migrations.CreateModel(
            name="ClubExportPart",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("number", models.PositiveIntegerField()),
                ("content", models.BinaryField()),
                (
                    "export",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="parts",
                        to="backup.clubexport",
                    ),
                ),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(fields=("export", "number"), name="backup_export_part_once")
                ],
            },
        ),
    ]
