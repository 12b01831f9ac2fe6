"""Points by place are bounded (``validate_placement_points``); a competition records when the
last rebuild of its standings failed."""

import django.core.validators
import league.models
import re
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('league', '0002_competitions_cover_several_games'),
    ]

    operations = [
        migrations.AddField(
            model_name='competition',
            name='standings_failed_at',
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AlterField(
            model_name='competition',
            name='placement_points',
            field=models.CharField(default='10,8,6,5,4,3,2,1', help_text='For placement points: first place first, separated by commas.', max_length=100, validators=[django.core.validators.RegexValidator(re.compile('^\\d+(?:,\\d+)*\\Z'), code='invalid', message='Enter only digits separated by commas.'), league.models.validate_placement_points], verbose_name='points by place'),
        ),
    ]
