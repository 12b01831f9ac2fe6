"""The house game moves to the ``house`` app: only Django's record of the model changes, the
table (``matches_housegame``) and its rows stay where they are (``house.0001`` takes it over)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("matches", "0015_club_export_moves_to_backup")]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="HouseGame")],
            database_operations=[],
        )
    ]
