"""The club's export moves to the ``backup`` app: only Django's record of the model changes, the
table (``matches_clubexport``) and its rows stay where they are (``backup.0001`` takes it over)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("matches", "0014_snapshot_without_every_deal")]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="ClubExport")],
            database_operations=[],
        )
    ]
