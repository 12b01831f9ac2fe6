"""Each mailing of an evening's report (``league.ReportMail``): the report goes once, again only
when a secretary asks, and at most three times an hour (the security review's finding 9)."""

import django.db.models.deletion
import django.utils.timezone
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('league', '0011_final_tables_of_seasons_archived_before'),
    ]

    operations = [
        migrations.CreateModel(
            name='ReportMail',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('at', models.DateTimeField(default=django.utils.timezone.now)),
                ('evening', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='report_mails', to='league.evening')),
            ],
            options={
                'ordering': ['at', 'pk'],
            },
        ),
    ]
